//! Oware (abapa), written in the language alone (`sow anticlockwise skip origin take 2..3 in
//! zone(across) backwards no-grand-slam feed zone(across)`): perft and random games played side by side
//! by the engine and by a player written here from the rules, without the engine, agreeing on the legal
//! moves at every ply, on the seeds in every pit, on the seeds taken and on the result.

mod common;

use common::perft::Speed;
use qipan::core::notation::parse_move;
use qipan::core::{EndReason, Position, SeatId};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

/// An Oware board by the rules: South's pits `0..6` (a1..f1), North's `6..12` going on anticlockwise
/// (f2..a2).
#[derive(Clone, PartialEq)]
struct Oware {
    pits: [u32; 12],
    taken: [u32; 2],
    /// 0 South, 1 North.
    who: usize,
    grand_slam: bool,
    feeding: bool,
    /// The positions (seeds and player to move) since the last capture, this one included.
    seen: Vec<([u32; 12], usize)>,
    over: bool,
    /// The game ended because the player to move had no move (not by a cycle).
    stuck: bool,
}

fn row(who: usize) -> std::ops::Range<usize> {
    if who == 0 { 0..6 } else { 6..12 }
}

impl Oware {
    fn start(grand_slam: bool, feeding: bool) -> Oware {
        Oware {
            pits: [4; 12],
            taken: [0; 2],
            who: 0,
            grand_slam,
            feeding,
            seen: vec![([4; 12], 0)],
            over: false,
            stuck: false,
        }
    }

    /// Sows from `from` and captures, without the feeding rule or the turn.
    fn sow(&mut self, from: usize) {
        let mut seeds = std::mem::take(&mut self.pits[from]);
        let mut at = from;
        while seeds > 0 {
            at = (at + 1) % 12;
            if at == from {
                continue; // twelve seeds or more pass over the pit they came from
            }
            self.pits[at] += 1;
            seeds -= 1;
        }
        let theirs = row(1 - self.who);
        let mut pits = Vec::new();
        let mut n = at;
        while theirs.contains(&n) && (2..=3).contains(&self.pits[n]) {
            pits.push(n);
            n = (n + 11) % 12;
        }
        let total: u32 = pits.iter().map(|&i| self.pits[i]).sum();
        let all: u32 = theirs.map(|i| self.pits[i]).sum();
        if total > 0 && !(self.grand_slam && total == all) {
            for i in pits {
                self.pits[i] = 0;
            }
            self.taken[self.who] += total;
        }
    }

    fn moves(&self) -> Vec<usize> {
        row(self.who)
            .filter(|&i| self.pits[i] > 0)
            .filter(|&i| {
                if !self.feeding {
                    return true;
                }
                let mut after = self.clone();
                after.sow(i);
                row(1 - self.who).any(|j| after.pits[j] > 0)
            })
            .collect()
    }

    fn play(&mut self, from: usize) {
        let before = self.taken;
        self.sow(from);
        self.who = 1 - self.who;
        if self.taken != before {
            self.seen.clear();
        }
        self.seen.push((self.pits, self.who));
        let cycle = self.seen.iter().filter(|&&s| s == (self.pits, self.who)).count() >= 3;
        self.stuck = self.moves().is_empty();
        if self.stuck || cycle {
            self.over = true;
            // No move: each player takes the seeds left in their row.
            for w in 0..2 {
                let left: u32 = row(w).map(|i| std::mem::take(&mut self.pits[i])).sum();
                self.taken[w] += left;
            }
        }
    }

    fn label(i: usize) -> String {
        if i < 6 { format!("{}1", (b'a' + i as u8) as char) } else { format!("{}2", (b'a' + (11 - i) as u8) as char) }
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.over {
            return 0;
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

fn load(grand_slam: bool, feeding: bool) -> std::sync::Arc<qipan::core::Game> {
    let options = [("grand_slam", grand_slam), ("feeding", feeding)];
    qipan::load("oware", &options.map(|(k, v)| (k.to_string(), v.to_string()))).unwrap()
}

#[test]
fn perft_file_counts_hold() {
    common::perft::check("oware.perft", Speed::Quick);
}

#[test]
#[ignore = "slow: run with --ignored"]
fn perft_file_slow_counts_hold() {
    common::perft::check("oware.perft", Speed::Slow);
}

const VARIANTS: [(bool, bool); 4] = [(true, true), (true, false), (false, true), (false, false)];

#[test]
fn perft_matches_the_rules_to_depth_six() {
    for (grand_slam, feeding) in VARIANTS {
        let game = load(grand_slam, feeding);
        let o = Oware::start(grand_slam, feeding);
        for d in 1..=6 {
            let engine = qipan::core::playout::perft(&game.start(), d);
            assert_eq!(engine, o.perft(d), "grand slam {grand_slam}, feeding {feeding}, depth {d}");
        }
    }
}

#[test]
#[ignore = "slow: run with --ignored"]
fn perft_matches_the_rules_to_depth_eight() {
    let game = load(true, true);
    let o = Oware::start(true, true);
    for d in 7..=8 {
        assert_eq!(qipan::core::playout::perft(&game.start(), d), o.perft(d), "depth {d}");
    }
}

/// Random games, by the engine and by the rules side by side, to the end or to a few thousand plies.
fn random_games(grand_slam: bool, feeding: bool, games: usize, seed: u64) {
    let game = load(grand_slam, feeding);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let (mut ended, mut cycles) = (0, 0);
    for g in 0..games {
        let mut pos = game.start();
        let mut o = Oware::start(grand_slam, feeding);
        while !o.over {
            let mut want: Vec<String> = o.moves().iter().map(|&i| Oware::label(i)).collect();
            want.sort();
            assert_eq!(common::legal_move_texts(&pos), want, "game {g}, ply {}", pos.ply());
            assert_eq!(pos.to_move(), SeatId(o.who as u8), "game {g}, ply {}", pos.ply());
            let text = want.choose(&mut rng).unwrap().clone();
            let at = (0..12).find(|&i| Oware::label(i) == text).unwrap();
            o.play(at);
            pos.play(&parse_move(&pos, &text).unwrap()).unwrap();
            for i in 0..12 {
                let n = game.board.find(&Oware::label(i)).unwrap();
                assert_eq!(u32::from(pos.seeds(n)), o.pits[i], "game {g}, ply {}, {}", pos.ply(), Oware::label(i));
            }
            assert_eq!(pos.captures(), o.taken, "game {g}, ply {}", pos.ply());
            assert_eq!(pos.hash(), pos.hash_from_scratch());
        }
        let result = pos.outcome().unwrap_or_else(|| panic!("game {g}: the engine goes on"));
        if o.stuck {
            ended += 1;
            assert_eq!(result.reason, EndReason::NoLegalMove, "game {g}");
        } else {
            cycles += 1;
            assert_eq!(result.reason, EndReason::Repetition, "game {g}: the seeds go round");
        }
        let [south, north] = o.taken;
        assert_eq!(south + north, 48, "game {g}: every seed is taken");
        let winners: Vec<SeatId> = match south.cmp(&north) {
            std::cmp::Ordering::Greater => vec![SeatId(0)],
            std::cmp::Ordering::Less => vec![SeatId(1)],
            std::cmp::Ordering::Equal => vec![],
        };
        assert_eq!(result.winners, winners, "game {g}: {south} to {north}");
    }
    assert!(ended > 0, "some games end with a player who cannot move");
    assert!(cycles > 0 || games < 100, "some games go round in circles");
}

#[test]
fn random_games_agree_with_the_rules_move_by_move() {
    random_games(true, true, 100, 30);
}

#[test]
fn random_games_of_the_variants_agree_with_the_rules() {
    random_games(true, false, 40, 31);
    random_games(false, true, 40, 32);
    random_games(false, false, 40, 33);
}

/// A position of Oware with these seeds (by label), South to move.
fn position(game: &std::sync::Arc<qipan::core::Game>, seeds: &[(&str, u16)]) -> Position {
    let seed = game.piece("seed").unwrap();
    let mut setup = qipan::core::Setup::empty(game);
    for &(l, k) in seeds {
        setup.seeds(game.board.find(l).unwrap(), seed, k);
    }
    setup.into_position().unwrap()
}

#[test]
fn a_capture_goes_on_backwards_while_pits_hold_two_or_three() {
    let game = load(true, true);
    // f1's three seeds go to f2, e2 and d2 (North's row runs back from f2): d2 then 3, e2 3, f2 2, all
    // taken, the last pit first.
    let mut pos = position(&game, &[("f1", 3), ("f2", 1), ("e2", 2), ("d2", 2), ("c2", 5)]);
    pos.play(&parse_move(&pos, "f1").unwrap()).unwrap();
    assert_eq!(pos.captures(), [8, 0]);
    // A pit of four stops the run: e2 then holds 4, and f2's 2 behind it stays.
    let mut pos = position(&game, &[("f1", 3), ("f2", 1), ("e2", 3), ("d2", 2), ("c2", 5)]);
    pos.play(&parse_move(&pos, "f1").unwrap()).unwrap();
    assert_eq!(pos.captures(), [3, 0]);
    assert_eq!(pos.seeds(game.board.find("f2").unwrap()), 2);
}

#[test]
fn the_grand_slam_takes_nothing() {
    // f1's two seeds make f2 and e2 three each: every seed North has, so nothing is taken.
    for (grand_slam, taken) in [(true, 0), (false, 6)] {
        let game = load(grand_slam, false);
        let mut pos = position(&game, &[("f1", 2), ("f2", 2), ("e2", 2)]);
        pos.play(&parse_move(&pos, "f1").unwrap()).unwrap();
        assert_eq!(pos.captures()[0], taken, "grand slam rule {grand_slam}");
    }
}

#[test]
fn a_move_must_feed_the_opponent_if_one_can() {
    let game = load(true, true);
    // North has nothing: only f1 (which reaches North's f2) is allowed, not a1.
    let pos = position(&game, &[("a1", 1), ("f1", 2), ("a2", 0)]);
    assert_eq!(common::legal_move_texts(&pos), ["f1"]);
    // No move reaches North: South has no move, and takes its own seeds.
    let mut pos = position(&game, &[("a1", 1), ("e1", 1), ("a2", 1)]);
    pos.play(&parse_move(&pos, "a1").unwrap()).unwrap(); // b1; North's a2 goes to a1
    pos.play(&parse_move(&pos, "a2").unwrap()).unwrap();
    let result = pos.outcome().expect("South cannot feed North");
    assert_eq!((result.reason.clone(), pos.captures()), (EndReason::NoLegalMove, &[3, 0][..]));
}

#[test]
fn the_general_move_generator_agrees_with_the_fast_path() {
    // A second piece type takes the game off the sowing fast path: the general generator, with its own
    // feeding test, must count the same.
    let src = "extends: oware\nname: oware-with-a-marker\npieces:\n  marker: { symbols: [M, m] }\n";
    let general = qipan::load_str("oware-with-a-marker.yaml", src, &[]).unwrap();
    let fast = load(true, true);
    for d in 1..=6 {
        assert_eq!(qipan::core::playout::perft(&general.start(), d), qipan::core::playout::perft(&fast.start(), d));
    }
    let mut rng = rand::rngs::SmallRng::seed_from_u64(34);
    for _ in 0..30 {
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
