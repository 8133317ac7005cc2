//! Kalah, written in the language alone (`sow anticlockwise ... take opposite in zone(home) into
//! zone(store)`): perft and random games played side by side by the engine and by a player written
//! here from the rules, without the engine, agreeing on the legal moves at every ply, on the seeds in
//! every pit and store, and on the result.

mod common;

use common::perft::Speed;
use qipan::core::notation::parse_move;
use qipan::core::{EndReason, Position, SeatId};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

/// A Kalah board by the rules: South's pits `0..p` (left to right), South's store `p`, North's pits
/// `p+1..2p+1` going on anticlockwise (so from its right end, seen from South), North's store `2p+1`.
#[derive(Clone)]
struct Kalah {
    p: usize,
    pits: Vec<u32>,
    /// 0 South, 1 North.
    who: usize,
    /// The last seed in an empty pit of one's own row is taken even when the pit across is empty.
    lone: bool,
}

impl Kalah {
    fn start(p: usize, seeds: u32, lone: bool) -> Kalah {
        let mut pits = vec![seeds; 2 * p + 2];
        pits[p] = 0;
        pits[2 * p + 1] = 0;
        Kalah { p, pits, who: 0, lone }
    }

    fn store(&self, who: usize) -> usize {
        if who == 0 { self.p } else { 2 * self.p + 1 }
    }

    fn own(&self, who: usize) -> std::ops::Range<usize> {
        if who == 0 { 0..self.p } else { self.p + 1..2 * self.p + 1 }
    }

    fn moves(&self) -> Vec<usize> {
        self.own(self.who).filter(|&i| self.pits[i] > 0).collect()
    }

    fn over(&self) -> bool {
        self.moves().is_empty()
    }

    fn play(&mut self, from: usize) {
        let n = self.pits.len();
        let (mine, theirs) = (self.store(self.who), self.store(1 - self.who));
        let mut seeds = std::mem::take(&mut self.pits[from]);
        let mut at = from;
        while seeds > 0 {
            at = (at + 1) % n;
            if at == theirs {
                continue;
            }
            self.pits[at] += 1;
            seeds -= 1;
        }
        if at == mine {
            // Another turn; the game may still be over if the mover's row is empty.
        } else {
            if self.own(self.who).contains(&at) && self.pits[at] == 1 {
                let across = 2 * self.p - at;
                if self.pits[across] > 0 || self.lone {
                    self.pits[mine] += self.pits[across] + 1;
                    self.pits[across] = 0;
                    self.pits[at] = 0;
                }
            }
            self.who = 1 - self.who;
        }
        if self.over() {
            // The seeds left go to the owner of their row.
            for w in 0..2 {
                let left: u32 = self.own(w).map(|i| std::mem::take(&mut self.pits[i])).sum();
                let s = self.store(w);
                self.pits[s] += left;
            }
        }
    }

    fn label(&self, i: usize) -> String {
        let p = self.p;
        match i {
            _ if i < p => format!("{}1", (b'a' + i as u8) as char),
            _ if i == p => "store1".into(),
            _ if i == 2 * p + 1 => "store2".into(),
            _ => format!("{}2", (b'a' + (2 * p - i) as u8) as char),
        }
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
    common::perft::check("kalah.perft", Speed::Quick);
}

#[test]
#[ignore = "slow: run with --ignored"]
fn perft_file_slow_counts_hold() {
    common::perft::check("kalah.perft", Speed::Slow);
}

fn load(pits: usize, seeds: u32, lone: bool) -> std::sync::Arc<qipan::core::Game> {
    let options = [("pits", pits.to_string()), ("seeds", seeds.to_string()), ("empty_capture", lone.to_string())];
    qipan::load("kalah", &options.map(|(k, v)| (k.to_string(), v))).unwrap()
}

#[test]
fn perft_matches_the_rules_to_depth_six() {
    for (pits, seeds, lone) in [(6, 4, false), (6, 4, true), (4, 3, false), (4, 3, true), (8, 6, true), (5, 5, false)] {
        let game = load(pits, seeds, lone);
        let pos = game.start();
        let k = Kalah::start(pits, seeds, lone);
        for d in 1..=6 {
            assert_eq!(qipan::core::playout::perft(&pos, d), k.perft(d), "{pits} pits, {seeds} seeds, depth {d}");
        }
    }
}

#[test]
#[ignore = "slow: run with --ignored"]
fn perft_matches_the_rules_to_depth_nine() {
    let game = load(6, 4, false);
    let k = Kalah::start(6, 4, false);
    for d in 7..=9 {
        assert_eq!(qipan::core::playout::perft(&game.start(), d), k.perft(d), "depth {d}");
    }
}

/// Random games to the end, by the engine and by the rules side by side.
fn random_games(pits: usize, seeds: u32, lone: bool, games: usize, seed: u64) {
    let game = load(pits, seeds, lone);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    for g in 0..games {
        let mut pos = game.start();
        let mut k = Kalah::start(pits, seeds, lone);
        while !k.over() {
            let mut want: Vec<String> = k.moves().iter().map(|&i| k.label(i)).collect();
            want.sort();
            assert_eq!(common::legal_move_texts(&pos), want, "game {g}, ply {}", pos.ply());
            assert_eq!(pos.to_move(), SeatId(k.who as u8), "game {g}, ply {}", pos.ply());
            let text = want.choose(&mut rng).unwrap().clone();
            let at = k.moves().into_iter().find(|&i| k.label(i) == text).unwrap();
            k.play(at);
            pos.play(&parse_move(&pos, &text).unwrap()).unwrap();
            for i in 0..k.pits.len() {
                let n = game.board.find(&k.label(i)).unwrap();
                assert_eq!(u32::from(pos.seeds(n)), k.pits[i], "game {g}, ply {}, {}", pos.ply(), k.label(i));
                let owner = pos.cell(n).map(|p| p.seat);
                assert_eq!(owner.is_some(), k.pits[i] > 0, "game {g}: a piece stands for the seeds on {}", k.label(i));
            }
            assert_eq!(pos.hash(), pos.hash_from_scratch());
        }
        let result = pos.outcome().unwrap_or_else(|| panic!("game {g}: the engine goes on"));
        assert_eq!(result.reason, EndReason::NoLegalMove, "game {g}");
        let (south, north) = (k.pits[k.store(0)], k.pits[k.store(1)]);
        assert_eq!(south + north, 2 * pits as u32 * seeds, "game {g}: every seed is in a store");
        let winners: Vec<SeatId> = match south.cmp(&north) {
            std::cmp::Ordering::Greater => vec![SeatId(0)],
            std::cmp::Ordering::Less => vec![SeatId(1)],
            std::cmp::Ordering::Equal => vec![],
        };
        assert_eq!(result.winners, winners, "game {g}: {south} to {north}");
        assert_eq!(result.scores, Some(vec![south as f64, north as f64]), "game {g}");
    }
}

#[test]
fn random_games_agree_with_the_rules_move_by_move() {
    random_games(6, 4, false, 300, 20);
}

#[test]
fn random_games_of_the_variants_agree_with_the_rules() {
    random_games(6, 4, true, 100, 21);
    random_games(4, 3, false, 100, 22);
    random_games(8, 6, true, 50, 23);
}

#[test]
fn the_last_seed_in_the_store_gives_another_turn() {
    let game = load(6, 4, false);
    let mut pos = game.start();
    // c1's four seeds: d1, e1, f1 and the store.
    pos.play(&parse_move(&pos, "c1").unwrap()).unwrap();
    assert_eq!(pos.to_move(), SeatId(0));
    assert_eq!(pos.captures(), [1, 0]);
    pos.play(&parse_move(&pos, "a1").unwrap()).unwrap();
    assert_eq!(pos.to_move(), SeatId(1));
}

/// A position of Kalah with these seeds (by label) and South to move.
fn position(game: &std::sync::Arc<qipan::core::Game>, seeds: &[(&str, u16)]) -> Position {
    let seed = game.piece("seed").unwrap();
    let mut setup = qipan::core::Setup::empty(game);
    for &(l, k) in seeds {
        setup.seeds(game.board.find(l).unwrap(), seed, k);
    }
    setup.into_position().unwrap()
}

#[test]
fn a_last_seed_in_an_empty_pit_takes_the_pit_across() {
    // a1's two seeds: b1, then c1, empty: c1's seed and c2's three go to South's store.
    for lone in [false, true] {
        let game = load(6, 4, lone);
        let mut pos = position(&game, &[("a1", 2), ("c2", 3), ("e2", 1)]);
        let at = |pos: &Position, l: &str| pos.seeds(game.board.find(l).unwrap());
        pos.play(&parse_move(&pos, "a1").unwrap()).unwrap();
        assert_eq!((at(&pos, "b1"), at(&pos, "c1"), at(&pos, "c2"), at(&pos, "store1")), (1, 0, 0, 4));
        assert_eq!((pos.captures(), pos.to_move()), (&[4, 0][..], SeatId(1)));
    }
    // Across an empty pit the last seed stays, unless the empty-capture rule takes it alone.
    for (lone, stays) in [(false, 1), (true, 0)] {
        let game = load(6, 4, lone);
        let mut pos = position(&game, &[("a1", 2), ("e2", 1)]);
        pos.play(&parse_move(&pos, "a1").unwrap()).unwrap();
        assert_eq!(pos.seeds(game.board.find("c1").unwrap()), stays);
        assert_eq!(pos.captures(), [1 - stays as u32, 0]);
    }
}

#[test]
fn the_seeds_left_go_to_the_owner_of_their_row() {
    // North's last seed falls in its store and leaves its row empty: North, to move again, cannot, and
    // the seeds left in South's row go to South.
    let game = load(6, 4, false);
    let mut pos = position(&game, &[("f1", 1), ("b1", 3), ("a2", 1)]);
    pos.play(&parse_move(&pos, "f1").unwrap()).unwrap(); // into the store: again
    pos.play(&parse_move(&pos, "b1").unwrap()).unwrap(); // c1, d1, e1
    pos.play(&parse_move(&pos, "a2").unwrap()).unwrap(); // into North's store: again, and no seed left
    let result = pos.outcome().expect("North cannot move");
    assert_eq!(result.reason, EndReason::NoLegalMove);
    assert_eq!(pos.captures(), [4, 1]);
    assert_eq!(pos.seeds(game.board.find("store1").unwrap()), 4);
    assert_eq!(result.winners, [SeatId(0)]);
}

#[test]
fn a_variant_is_a_few_lines_of_extends() {
    // The seeds left go to the player who cannot move, not to their row's owner.
    let src = "extends: kalah\nname: kalah-to-the-mover\nrules:\n  stuck: score-mover\n";
    let game = qipan::load_str("kalah-to-the-mover.yaml", src, &[]).unwrap();
    let seed = game.piece("seed").unwrap();
    let mut setup = qipan::core::Setup::empty(&game);
    for (l, k) in [("f1", 1), ("b1", 3), ("a2", 1)] {
        setup.seeds(game.board.find(l).unwrap(), seed, k);
    }
    let mut pos = setup.into_position().unwrap();
    for text in ["f1", "b1", "a2"] {
        pos.play(&parse_move(&pos, text).unwrap()).unwrap();
    }
    let result = pos.outcome().expect("North cannot move");
    assert_eq!(pos.captures(), [1, 4]);
    assert_eq!(result.winners, [SeatId(1)]);
}

#[test]
fn the_general_move_generator_agrees_with_the_fast_path() {
    // A second piece type takes the game off the sowing fast path (one sowing rule for the only piece):
    // the general generator must count the same.
    let src = "extends: kalah\nname: kalah-with-a-marker\npieces:\n  marker: { symbols: [M, m] }\n";
    let general = qipan::load_str("kalah-with-a-marker.yaml", src, &[]).unwrap();
    let fast = load(6, 4, false);
    for d in 1..=6 {
        assert_eq!(qipan::core::playout::perft(&general.start(), d), qipan::core::playout::perft(&fast.start(), d));
    }
    let mut rng = rand::rngs::SmallRng::seed_from_u64(24);
    for _ in 0..50 {
        let (mut a, mut b) = (general.start(), fast.start());
        while !b.is_over() {
            assert_eq!(common::legal_move_texts(&a), common::legal_move_texts(&b));
            let text = common::legal_move_texts(&b).choose(&mut rng).unwrap().clone();
            a.play(&parse_move(&a, &text).unwrap()).unwrap();
            b.play(&parse_move(&b, &text).unwrap()).unwrap();
        }
        assert_eq!(a.outcome().map(|r| &r.winners), b.outcome().map(|r| &r.winners));
    }
}
