//! Hawalis, written in the language alone (a four-row `mancala` board, `sow anticlockwise singles-last
//! take facing in zone(inner) keep`): perft and random games played side by side by the engine and by a
//! player written here from the rules, without the engine, agreeing on the legal moves at every ply, on
//! the seeds in every pit, on the seeds taken and on the result.

mod common;

use common::perft::Speed;
use qipan::core::notation::parse_move;
use qipan::core::{EndReason, Position, SeatId};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

const W: usize = 7;

/// Hawalis by the rules: `pits[row][column]`, row 0 South's outer row (bottom), 1 its inner row, 2
/// North's inner row, 3 its outer row (top); columns from the left as South sees them.
#[derive(Clone)]
struct Hawalis {
    pits: [[u32; W]; 4],
    /// Seeds each player has taken.
    hand: [u32; 2],
    /// 0 South, 1 North.
    who: usize,
}

impl Hawalis {
    fn start() -> Hawalis {
        Hawalis { pits: [[2; W]; 4], hand: [0; 2], who: 0 }
    }

    /// The player's pits in sowing order: its lower row to the right, its upper row back to the left
    /// (anticlockwise seen from above).
    fn track(who: usize) -> Vec<(usize, usize)> {
        let (lower, upper) = (2 * who, 2 * who + 1);
        (0..W).map(|x| (lower, x)).chain((0..W).rev().map(|x| (upper, x))).collect()
    }

    fn inner(who: usize) -> usize {
        if who == 0 { 1 } else { 2 }
    }

    /// Pits of more than one seed; when there are none, pits of one.
    fn moves(&self) -> Vec<(usize, usize)> {
        let own = Hawalis::track(self.who);
        let many: Vec<_> = own.iter().copied().filter(|&(r, x)| self.pits[r][x] > 1).collect();
        if !many.is_empty() {
            return many;
        }
        own.into_iter().filter(|&(r, x)| self.pits[r][x] == 1).collect()
    }

    fn over(&self) -> bool {
        self.moves().is_empty()
    }

    fn play(&mut self, from: (usize, usize)) {
        let track = Hawalis::track(self.who);
        let mut i = track.iter().position(|&p| p == from).unwrap();
        let mut seeds = std::mem::take(&mut self.pits[from.0][from.1]);
        while seeds > 0 {
            i = (i + 1) % track.len();
            let (r, x) = track[i];
            self.pits[r][x] += 1;
            seeds -= 1;
        }
        let (r, x) = track[i];
        // The last seed in an empty pit of the inner row takes the enemy's inner pit facing it.
        let facing = if self.who == 0 { 2 } else { 1 };
        if r == Hawalis::inner(self.who) && self.pits[r][x] == 1 && self.pits[facing][x] > 0 {
            self.hand[self.who] += std::mem::take(&mut self.pits[facing][x]);
        }
        self.who = 1 - self.who;
    }

    /// Each player's score: the seeds taken and those left in their rows.
    fn scores(&self) -> [u32; 2] {
        let rows = |a: usize, b: usize| self.pits[a].iter().chain(&self.pits[b]).sum::<u32>();
        [self.hand[0] + rows(0, 1), self.hand[1] + rows(2, 3)]
    }

    fn label(p: (usize, usize)) -> String {
        format!("{}{}", (b'a' + p.1 as u8) as char, p.0 + 1)
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .iter()
            .map(|&m| {
                let mut next = self.clone();
                next.play(m);
                next.perft(depth - 1)
            })
            .sum()
    }
}

#[test]
fn perft_file_counts_hold() {
    common::perft::check("hawalis.perft", Speed::Quick);
}

#[test]
#[ignore = "slow: run with --ignored"]
fn perft_file_slow_counts_hold() {
    common::perft::check("hawalis.perft", Speed::Slow);
}

#[test]
fn perft_matches_the_rules_to_depth_four() {
    let game = qipan::load("hawalis", &[]).unwrap();
    let h = Hawalis::start();
    for d in 1..=4 {
        assert_eq!(qipan::core::playout::perft(&game.start(), d), h.perft(d), "depth {d}");
    }
}

#[test]
#[ignore = "slow: run with --ignored"]
fn perft_matches_the_rules_to_depth_six() {
    let game = qipan::load("hawalis", &[]).unwrap();
    let h = Hawalis::start();
    for d in 5..=6 {
        assert_eq!(qipan::core::playout::perft(&game.start(), d), h.perft(d), "depth {d}");
    }
}

/// The longest game played: seeds may go round for ever without a capture.
const CAP: usize = 2000;

#[test]
fn random_games_agree_with_the_rules_move_by_move() {
    let game = qipan::load("hawalis", &[]).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(27);
    let mut ended = 0;
    for g in 0..200 {
        let mut pos = game.start();
        let mut h = Hawalis::start();
        while !h.over() && (pos.ply() as usize) < CAP {
            let moves = h.moves();
            let mut want: Vec<String> = moves.iter().map(|&p| Hawalis::label(p)).collect();
            want.sort();
            assert_eq!(common::legal_move_texts(&pos), want, "game {g}, ply {}", pos.ply());
            assert_eq!(pos.to_move(), SeatId(h.who as u8), "game {g}, ply {}", pos.ply());
            let &at = moves.choose(&mut rng).unwrap();
            h.play(at);
            pos.play(&parse_move(&pos, &Hawalis::label(at)).unwrap()).unwrap();
            assert_eq!(pos.hash(), pos.hash_from_scratch());
            if h.over() {
                // The engine has swept the seeds left to their owners.
                break;
            }
            for (r, x) in (0..4).flat_map(|r| (0..W).map(move |x| (r, x))) {
                let n = game.board.find(&Hawalis::label((r, x))).unwrap();
                assert_eq!(
                    u32::from(pos.seeds(n)),
                    h.pits[r][x],
                    "game {g}, ply {}, {}",
                    pos.ply(),
                    Hawalis::label((r, x))
                );
            }
            assert_eq!(pos.captures(), h.hand, "game {g}, ply {}", pos.ply());
        }
        if !h.over() {
            assert!(!pos.is_over(), "game {g}: the engine ends a game the rules go on with");
            continue;
        }
        ended += 1;
        let result = pos.outcome().unwrap_or_else(|| panic!("game {g}: the engine goes on"));
        assert_eq!(result.reason, EndReason::NoLegalMove, "game {g}");
        let [south, north] = h.scores();
        assert_eq!(south + north, 56, "game {g}: every seed is scored");
        assert_eq!(pos.captures(), [south, north], "game {g}");
        let winners: Vec<SeatId> = match south.cmp(&north) {
            std::cmp::Ordering::Greater => vec![SeatId(0)],
            std::cmp::Ordering::Less => vec![SeatId(1)],
            std::cmp::Ordering::Equal => vec![],
        };
        assert_eq!(result.winners, winners, "game {g}: {south} to {north}");
        assert_eq!(result.scores, Some(vec![south as f64, north as f64]), "game {g}");
    }
    assert!(ended > 100, "only {ended} games ended");
}

/// A position of Hawalis with these seeds (by label) and South to move.
fn position(game: &std::sync::Arc<qipan::core::Game>, seeds: &[(&str, u16)]) -> Position {
    let seed = game.piece("seed").unwrap();
    let mut setup = qipan::core::Setup::empty(game);
    for &(l, k) in seeds {
        setup.seeds(game.board.find(l).unwrap(), seed, k);
    }
    setup.into_position().unwrap()
}

#[test]
fn the_last_seed_in_an_empty_inner_pit_takes_the_pit_facing_it() {
    let game = qipan::load("hawalis", &[]).unwrap();
    let at = |pos: &Position, l: &str| pos.seeds(game.board.find(l).unwrap());
    // g1's two seeds: g2, then f2, empty: c... f3's three seeds are taken, the last seed stays.
    let mut pos = position(&game, &[("g1", 2), ("f3", 3), ("f4", 4), ("a3", 1)]);
    pos.play(&parse_move(&pos, "g1").unwrap()).unwrap();
    assert_eq!((at(&pos, "g2"), at(&pos, "f2"), at(&pos, "f3"), at(&pos, "f4")), (1, 1, 0, 4));
    assert_eq!(pos.captures(), [3, 0]);
    // Into a pit that held seeds, or in the outer row, nothing is taken.
    let mut pos = position(&game, &[("g1", 2), ("f2", 1), ("f3", 3), ("a3", 1)]);
    pos.play(&parse_move(&pos, "g1").unwrap()).unwrap();
    assert_eq!((at(&pos, "f2"), at(&pos, "f3")), (2, 3));
    assert_eq!(pos.captures(), [0, 0]);
}

#[test]
fn pits_of_one_seed_wait_for_the_others() {
    let game = qipan::load("hawalis", &[]).unwrap();
    let pos = position(&game, &[("a1", 1), ("c2", 2), ("d1", 1), ("a3", 1)]);
    assert_eq!(common::legal_move_texts(&pos), ["c2"]);
    let pos = position(&game, &[("a1", 1), ("d1", 1), ("a3", 1)]);
    assert_eq!(common::legal_move_texts(&pos), ["a1", "d1"]);
}

#[test]
fn the_general_move_generator_agrees_with_the_fast_path() {
    // A second piece type takes the game off the sowing fast path (one sowing rule for the only piece).
    let src = "extends: hawalis\nname: hawalis-with-a-marker\npieces:\n  marker: { symbols: [M, m] }\n";
    let general = qipan::load_str("hawalis-with-a-marker.yaml", src, &[]).unwrap();
    let fast = qipan::load("hawalis", &[]).unwrap();
    for d in 1..=3 {
        assert_eq!(qipan::core::playout::perft(&general.start(), d), qipan::core::playout::perft(&fast.start(), d));
    }
    let mut rng = rand::rngs::SmallRng::seed_from_u64(28);
    for _ in 0..30 {
        let (mut a, mut b) = (general.start(), fast.start());
        while !b.is_over() && b.ply() < 600 {
            assert_eq!(common::legal_move_texts(&a), common::legal_move_texts(&b));
            let text = common::legal_move_texts(&b).choose(&mut rng).unwrap().clone();
            a.play(&parse_move(&a, &text).unwrap()).unwrap();
            b.play(&parse_move(&b, &text).unwrap()).unwrap();
        }
        assert_eq!(a.outcome().map(|r| &r.winners), b.outcome().map(|r| &r.winners));
    }
}

#[test]
fn the_books_four_row_game_takes_both_pits_across_into_the_store() {
    let game = qipan::load_str("four-rows.yaml", include_str!("../book/src/examples/four-rows.yaml"), &[]).unwrap();
    let at = |pos: &Position, l: &str| pos.seeds(game.board.find(l).unwrap());
    // f1's two seeds: f2 (the store on the track is passed over), then e2, empty: e3 and e4 are taken.
    let mut pos = position(&game, &[("f1", 2), ("e3", 3), ("e4", 4), ("a3", 1)]);
    pos.play(&parse_move(&pos, "f1").unwrap()).unwrap();
    assert_eq!((at(&pos, "f2"), at(&pos, "e2"), at(&pos, "e3"), at(&pos, "e4")), (1, 1, 0, 0));
    assert_eq!((at(&pos, "store1"), pos.captures()), (7, &[7, 0][..]));
    // North's track goes the other way round its rows: a3 b3 .. f3, then f4 .. a4.
    let track = &game.board.tracks()[game.board.track("anticlockwise2").unwrap()];
    let labels: Vec<&str> = track.nodes.iter().map(|&n| game.board.label(n)).collect();
    assert_eq!(labels.join(" "), "a3 b3 c3 d3 e3 f3 f4 e4 d4 c4 b4 a4 store2");
}
