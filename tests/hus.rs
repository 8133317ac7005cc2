//! Hus (Damara), written in the language alone (a four-row `mancala` board, `sow anticlockwise relay take
//! opposite in zone(inner) occupied`): perft and random games played side by side by the engine and by a
//! player written here from the rules, without the engine, agreeing on the legal moves at every ply, on
//! the seeds in every pit, on the seeds taken and on the result.

mod common;

use common::perft::Speed;
use qipan::core::notation::parse_move;
use qipan::core::{EndReason, Position, SeatId};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

const W: usize = 12;

/// The engine's bound on the laps of one move (`MAX_RELAYS`): a sowing that would go round for ever.
const MAX_LAPS: u32 = 1000;

/// Hus by the rules: `pits[row][column]`, row 0 South's outer row (bottom), 1 its inner row, 2 North's
/// inner row, 3 its outer row (top); columns from the left as South sees them.
#[derive(Clone)]
struct Hus {
    pits: [[u32; W]; 4],
    /// Seeds each player has taken.
    hand: [u32; 2],
    /// 0 South, 1 North.
    who: usize,
}

impl Hus {
    fn start() -> Hus {
        let mut pits = [[0; W]; 4];
        pits[0] = [2; W];
        pits[3] = [2; W];
        // The four pits at each player's right of their inner row.
        for x in 0..4 {
            pits[1][W - 1 - x] = 2;
            pits[2][x] = 2;
        }
        Hus { pits, hand: [0; 2], who: 0 }
    }

    /// The player's pits in sowing order: its lower row to the right, its upper row back to the left.
    fn track(who: usize) -> Vec<(usize, usize)> {
        let (lower, upper) = (2 * who, 2 * who + 1);
        (0..W).map(|x| (lower, x)).chain((0..W).rev().map(|x| (upper, x))).collect()
    }

    fn moves(&self) -> Vec<(usize, usize)> {
        Hus::track(self.who).into_iter().filter(|&(r, x)| self.pits[r][x] > 0).collect()
    }

    fn over(&self) -> bool {
        self.moves().is_empty()
    }

    fn play(&mut self, from: (usize, usize)) {
        let track = Hus::track(self.who);
        let (inner, across, behind) = if self.who == 0 { (1, 2, 3) } else { (2, 1, 0) };
        let mut i = track.iter().position(|&p| p == from).unwrap();
        let mut laps = 0;
        loop {
            let (r, x) = track[i];
            let mut seeds = std::mem::take(&mut self.pits[r][x]);
            while seeds > 0 {
                i = (i + 1) % track.len();
                let (r, x) = track[i];
                self.pits[r][x] += 1;
                seeds -= 1;
            }
            laps += 1;
            let (r, x) = track[i];
            if self.pits[r][x] == 1 || laps >= MAX_LAPS {
                break; // an empty pit: the turn is over
            }
            if r == inner && self.pits[across][x] > 0 && self.pits[behind][x] > 0 {
                // The pit's seeds and both enemy pits across are taken; on from the next pit if it
                // holds more than one seed.
                for row in [r, across, behind] {
                    self.hand[self.who] += std::mem::take(&mut self.pits[row][x]);
                }
                i = (i + 1) % track.len();
                let (nr, nx) = track[i];
                if self.pits[nr][nx] <= 1 {
                    break;
                }
            }
            // Otherwise the seeds the last one fell on are lifted and sown on.
        }
        self.who = 1 - self.who;
    }

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
    common::perft::check("hus.perft", Speed::Quick);
}

#[test]
#[ignore = "slow: run with --ignored"]
fn perft_file_slow_counts_hold() {
    common::perft::check("hus.perft", Speed::Slow);
}

#[test]
fn perft_matches_the_rules_to_depth_four() {
    let game = qipan::load("hus", &[]).unwrap();
    let h = Hus::start();
    for d in 1..=4 {
        assert_eq!(qipan::core::playout::perft(&game.start(), d), h.perft(d), "depth {d}");
    }
}

#[test]
#[ignore = "slow: run with --ignored"]
fn perft_matches_the_rules_to_depth_five() {
    let game = qipan::load("hus", &[]).unwrap();
    assert_eq!(qipan::core::playout::perft(&game.start(), 5), Hus::start().perft(5));
}

/// The longest game played.
const CAP: usize = 2000;

#[test]
fn random_games_agree_with_the_rules_move_by_move() {
    let game = qipan::load("hus", &[]).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(29);
    let mut ended = 0;
    for g in 0..150 {
        let mut pos = game.start();
        let mut h = Hus::start();
        while !h.over() && (pos.ply() as usize) < CAP {
            let moves = h.moves();
            let mut want: Vec<String> = moves.iter().map(|&p| Hus::label(p)).collect();
            want.sort();
            assert_eq!(common::legal_move_texts(&pos), want, "game {g}, ply {}", pos.ply());
            assert_eq!(pos.to_move(), SeatId(h.who as u8), "game {g}, ply {}", pos.ply());
            let &at = moves.choose(&mut rng).unwrap();
            h.play(at);
            pos.play(&parse_move(&pos, &Hus::label(at)).unwrap()).unwrap();
            assert_eq!(pos.hash(), pos.hash_from_scratch());
            if h.over() {
                break; // the engine has swept the seeds left to their owners
            }
            for (r, x) in (0..4).flat_map(|r| (0..W).map(move |x| (r, x))) {
                let n = game.board.find(&Hus::label((r, x))).unwrap();
                assert_eq!(
                    u32::from(pos.seeds(n)),
                    h.pits[r][x],
                    "game {g}, ply {}, {}",
                    pos.ply(),
                    Hus::label((r, x))
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
        assert_eq!(south + north, 64, "game {g}: every seed is scored");
        let winners: Vec<SeatId> = match south.cmp(&north) {
            std::cmp::Ordering::Greater => vec![SeatId(0)],
            std::cmp::Ordering::Less => vec![SeatId(1)],
            std::cmp::Ordering::Equal => vec![],
        };
        assert_eq!(result.winners, winners, "game {g}: {south} to {north}");
        assert_eq!(result.scores, Some(vec![south as f64, north as f64]), "game {g}");
    }
    assert!(ended > 20, "only {ended} games ended");
}

/// A position of Hus with these seeds (by label) and South to move.
fn position(game: &std::sync::Arc<qipan::core::Game>, seeds: &[(&str, u16)]) -> Position {
    let seed = game.piece("seed").unwrap();
    let mut setup = qipan::core::Setup::empty(game);
    for &(l, k) in seeds {
        setup.seeds(game.board.find(l).unwrap(), seed, k);
    }
    setup.into_position().unwrap()
}

#[test]
fn a_lap_ending_on_seeds_relays_and_one_in_the_inner_row_captures() {
    let game = qipan::load("hus", &[]).unwrap();
    let at = |pos: &Position, l: &str| pos.seeds(game.board.find(l).unwrap());
    // a1's two seeds: b1, c1 (one seed there): c1's two go on to d1, e1, empty. The turn is over.
    let mut pos = position(&game, &[("a1", 2), ("c1", 1), ("a3", 1)]);
    pos.play(&parse_move(&pos, "a1").unwrap()).unwrap();
    assert_eq!((at(&pos, "c1"), at(&pos, "d1"), at(&pos, "e1"), pos.to_move()), (0, 1, 1, SeatId(1)));
    // l1's one seed falls on l2's; l3 and l4 across hold seeds: l2's two, l3's three and l4's four are
    // taken, and k2's three are sown on: j2, i2, h2, empty.
    let mut pos = position(&game, &[("l1", 1), ("l2", 1), ("l3", 3), ("l4", 4), ("k2", 3), ("a4", 1)]);
    pos.play(&parse_move(&pos, "l1").unwrap()).unwrap();
    assert_eq!(pos.captures(), [9, 0]);
    assert_eq!((at(&pos, "l2"), at(&pos, "l3"), at(&pos, "l4"), at(&pos, "k2")), (0, 0, 0, 0));
    assert_eq!((at(&pos, "j2"), at(&pos, "i2"), at(&pos, "h2")), (1, 1, 1));
    // With the outer pit behind empty there is no capture: the seeds relay on.
    let mut pos = position(&game, &[("l1", 1), ("l2", 1), ("l3", 3), ("a4", 1)]);
    pos.play(&parse_move(&pos, "l1").unwrap()).unwrap();
    assert_eq!((pos.captures(), at(&pos, "l2"), at(&pos, "k2"), at(&pos, "j2")), (&[0, 0][..], 0, 1, 1));
}
