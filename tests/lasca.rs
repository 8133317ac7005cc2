//! Lasca, written in the language alone (a board with stacks, jumps that take the top of a column and
//! put it under the mover): perft and random games played side by side against an enumerator written
//! here from the rules without the engine. Ludii's Lasca.lud, counting one turn a step, gives 6, 6, 18,
//! 54, 116, 324, 846, 2148, 5692, 13898, 37130 for depths 1 to 11.

mod common;

use common::perft::Speed;
use qipan::core::notation::parse_move;
use qipan::core::playout::perft;
use qipan::core::{Position, SeatId};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

const N: i32 = 7;
/// Pieces in a column: white soldier and officer, black soldier and officer (4, a soldier promoted).
const WS: u8 = 1;
const WO: u8 = 2;
const BS: u8 = 3;

fn side(p: u8) -> u8 {
    if p <= WO { 0 } else { 1 }
}

fn label(i: i32) -> String {
    format!("{}{}", (b'a' + (i % N) as u8) as char, i / N + 1)
}

/// A position by the rules: each square's column bottom to top (index = rank * 7 + file) and the side
/// to move (0 white, moving up, first; 1 black).
#[derive(Clone)]
struct Lasca {
    cols: Vec<Vec<u8>>,
    who: u8,
}

/// A turn: the squares the column stands on, in order, and whether it jumps.
#[derive(Clone)]
struct Turn {
    squares: Vec<i32>,
    jump: bool,
    /// The column's top became an officer (the move text ends `=O`).
    crowned: bool,
    after: Vec<Vec<u8>>,
}

impl Turn {
    fn text(&self) -> String {
        let sep = if self.jump { "x" } else { "-" };
        let text = self.squares.iter().map(|&i| label(i)).collect::<Vec<_>>().join(sep);
        if self.crowned { text + "=O" } else { text }
    }
}

impl Lasca {
    fn start() -> Lasca {
        let mut cols = vec![Vec::new(); (N * N) as usize];
        for i in 0..N * N {
            let (r, f) = (i / N, i % N);
            if (r + f) % 2 == 0 && r != 3 {
                cols[i as usize].push(if r < 3 { WS } else { BS });
            }
        }
        Lasca { cols, who: 0 }
    }

    fn top(&self, i: i32) -> Option<u8> {
        self.cols[i as usize].last().copied()
    }

    fn dirs(&self, top: u8) -> Vec<(i32, i32)> {
        let fwd = if self.who == 0 { 1 } else { -1 };
        match top {
            WS | BS => vec![(fwd, -1), (fwd, 1)],
            _ => vec![(1, -1), (1, 1), (-1, -1), (-1, 1)],
        }
    }

    fn at(i: i32, d: (i32, i32), k: i32) -> Option<i32> {
        let (r, f) = (i / N + d.0 * k, i % N + d.1 * k);
        (0..N).contains(&r).then_some(())?;
        (0..N).contains(&f).then_some(r * N + f)
    }

    fn last_row(&self, i: i32) -> bool {
        i / N == if self.who == 0 { N - 1 } else { 0 }
    }

    /// Every legal turn: jumps if any (whole chains), else steps.
    fn turns(&self) -> Vec<Turn> {
        let mut jumps = Vec::new();
        let mut steps = Vec::new();
        for i in 0..N * N {
            let Some(top) = self.top(i) else { continue };
            if side(top) != self.who {
                continue;
            }
            // The column leaves its square while it jumps.
            let mut cols = self.cols.clone();
            let column = std::mem::take(&mut cols[i as usize]);
            self.chain(&mut cols, column.clone(), vec![i], &mut jumps);
            for d in self.dirs(top) {
                let Some(to) = Lasca::at(i, d, 1) else { continue };
                if self.top(to).is_none() {
                    let mut after = self.cols.clone();
                    let mut c = std::mem::take(&mut after[i as usize]);
                    let crowned = self.promote(&mut c, to);
                    after[to as usize] = c;
                    steps.push(Turn { squares: vec![i, to], jump: false, crowned, after });
                }
            }
        }
        if jumps.is_empty() { steps } else { jumps }
    }

    fn promote(&self, column: &mut [u8], to: i32) -> bool {
        let top = column.last_mut().unwrap();
        if (*top == WS || *top == BS) && self.last_row(to) {
            *top += 1;
            return true;
        }
        false
    }

    /// Goes on jumping with `column` from the last of `path`; pushes every chain that ends.
    fn chain(&self, cols: &mut [Vec<u8>], column: Vec<u8>, path: Vec<i32>, out: &mut Vec<Turn>) {
        let at = *path.last().unwrap();
        let top = *column.last().unwrap();
        for d in self.dirs(top) {
            let (Some(mid), Some(to)) = (Lasca::at(at, d, 1), Lasca::at(at, d, 2)) else { continue };
            let Some(&over) = cols[mid as usize].last() else { continue };
            if side(over) == self.who || !cols[to as usize].is_empty() {
                continue;
            }
            let mut cols2 = cols.to_vec();
            let taken = cols2[mid as usize].pop().unwrap();
            let mut c = column.clone();
            c.insert(0, taken);
            let mut p = path.clone();
            p.push(to);
            if self.promote(&mut c, to) {
                cols2[to as usize] = c;
                out.push(Turn { squares: p, jump: true, crowned: true, after: cols2 });
                continue;
            }
            let before = out.len();
            let mut probe = Vec::new();
            self.chain(&mut cols2, c.clone(), p.clone(), &mut probe);
            if probe.is_empty() {
                cols2[to as usize] = c;
                out.push(Turn { squares: p, jump: true, crowned: false, after: cols2 });
            } else {
                out.extend(probe);
            }
            debug_assert!(out.len() > before);
        }
    }

    fn play(&mut self, t: &Turn) {
        self.cols = t.after.clone();
        self.who = 1 - self.who;
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns
            .iter()
            .map(|t| {
                let mut next = self.clone();
                next.play(t);
                next.perft(depth - 1)
            })
            .sum()
    }
}

fn same_board(pos: &Position, b: &Lasca, ctx: &str) {
    let game = pos.game();
    for i in 0..N * N {
        let n = game.board.find(&label(i)).unwrap();
        let col: Vec<u8> = pos
            .column(n)
            .iter()
            .map(|p| {
                let officer = game.pieces[p.piece.idx()].name == "officer";
                1 + 2 * p.seat.0 + officer as u8
            })
            .collect();
        assert_eq!(col, b.cols[i as usize], "{ctx}, {}", label(i));
    }
}

#[test]
fn the_rules_give_ludiis_counts() {
    let b = Lasca::start();
    let want = [6, 6, 18, 54, 116, 324, 846];
    for (d, &w) in want.iter().enumerate() {
        assert_eq!(b.perft(d as u32 + 1), w, "depth {}", d + 1);
    }
}

#[test]
fn perft_file_counts_hold() {
    common::perft::check("lasca.perft", Speed::Quick);
}

#[test]
#[ignore = "slow: run with --ignored"]
fn perft_file_slow_counts_hold() {
    common::perft::check("lasca.perft", Speed::Slow);
}

#[test]
fn perft_matches_the_rules() {
    let game = qipan::load("lasca", &[]).unwrap();
    let b = Lasca::start();
    for d in 1..=5 {
        assert_eq!(perft(&game.start(), d), b.perft(d), "depth {d}");
    }
}

#[test]
#[ignore]
fn perft_matches_the_rules_deep() {
    let game = qipan::load("lasca", &[]).unwrap();
    let b = Lasca::start();
    // Ludii's counts of whole turns, where they reach.
    let ludii = [324, 846, 2148, 5692, 13898, 37130];
    for d in 6..=11 {
        let ours = perft(&game.start(), d);
        assert_eq!(ours, b.perft(d), "depth {d}");
        assert_eq!(ours, ludii[d as usize - 6], "depth {d}");
    }
}

/// Perft below positions deep in random games, where columns are tall and officers roam.
#[test]
fn perft_below_random_positions_matches_the_rules() {
    let game = qipan::load("lasca", &[]).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    for _ in 0..6 {
        let mut pos = game.start();
        let mut b = Lasca::start();
        let plies = rng.random_range(20..80);
        for _ in 0..plies {
            let turns = b.turns();
            let Some(t) = turns.choose(&mut rng) else { break };
            pos.play(&parse_move(&pos, &t.text()).unwrap()).unwrap();
            b.play(t);
        }
        if !pos.is_over() {
            assert_eq!(perft(&pos, 3), b.perft(3), "after {} plies", pos.ply());
        }
    }
}

fn random_games(games: usize, seed: u64) {
    let game = qipan::load("lasca", &[]).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut tall = 0;
    for g in 0..games {
        let mut pos = game.start();
        let mut b = Lasca::start();
        for _ in 0..400 {
            let turns = b.turns();
            let mut want: Vec<String> = turns.iter().map(Turn::text).collect();
            want.sort();
            let ctx = format!("game {g}, ply {}", pos.ply());
            if turns.is_empty() {
                // The side to move has no move: it loses.
                let result = pos.outcome().unwrap_or_else(|| panic!("{ctx}: the game goes on"));
                assert_eq!(result.winners, vec![SeatId(1 - b.who)], "{ctx}");
                break;
            }
            assert!(!pos.is_over(), "{ctx}");
            assert_eq!(common::legal_move_texts(&pos), want, "{ctx}");
            let t = turns.choose(&mut rng).unwrap();
            pos.play(&parse_move(&pos, &t.text()).unwrap()).unwrap();
            b.play(t);
            same_board(&pos, &b, &ctx);
            assert_eq!(pos.hash(), pos.hash_from_scratch(), "{ctx} {} {:?}", t.text(), b.cols);
            tall = tall.max(b.cols.iter().map(Vec::len).max().unwrap());
        }
    }
    assert!(tall >= 3, "the games built columns");
}

#[test]
fn random_games_agree_with_the_rules_move_by_move() {
    random_games(30, 1);
}

#[test]
#[ignore]
fn many_random_games_agree_with_the_rules() {
    random_games(1000, 2);
}

#[test]
fn a_jump_takes_the_top_only_and_puts_it_under_the_mover() {
    let game = qipan::load("lasca", &[]).unwrap();
    let mut pos = game.start();
    let at = |l: &str| game.board.find(l).unwrap();
    let seats = |pos: &Position, l: &str| pos.column(at(l)).iter().map(|p| p.seat.0).collect::<Vec<_>>();
    for m in ["c3-d4", "e5xc3"] {
        pos.play(&parse_move(&pos, m).unwrap()).unwrap();
    }
    assert_eq!(seats(&pos, "c3"), [0, 1], "white's soldier under black's");
    assert_eq!(pos.cell(at("d4")), None);
    // White takes the top of the c3 column back: its own soldier under it stands again, and the
    // jumping column carries black's soldier under it.
    pos.play(&parse_move(&pos, "b2xd4").unwrap()).unwrap();
    assert_eq!(seats(&pos, "c3"), [0]);
    assert_eq!(seats(&pos, "d4"), [1, 0]);
    assert_eq!(pos.hash(), pos.hash_from_scratch());
}

/// The book's example (`book/src/examples/stacks.yaml`) does what the Stacks chapter says.
#[test]
fn the_books_little_lasca_takes_prisoners() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/book/src/examples/stacks.yaml");
    let src = std::fs::read_to_string(path).unwrap();
    let game = qipan::load_str(path, &src, &[]).unwrap();
    let at = |l: &str| game.board.find(l).unwrap();
    let seats = |pos: &Position, l: &str| pos.column(at(l)).iter().map(|p| p.seat.0).collect::<Vec<_>>();
    let mut pos = game.start();
    for m in ["b2-c3", "d4xb2"] {
        pos.play(&parse_move(&pos, m).unwrap()).unwrap();
    }
    assert_eq!(seats(&pos, "b2"), [0, 1]);
    assert_eq!(common::legal_move_texts(&pos), ["a1xc3", "c1xa3"], "compulsory, from c1 or a1");
    pos.play(&parse_move(&pos, "c1xa3").unwrap()).unwrap();
    assert_eq!((seats(&pos, "b2"), seats(&pos, "a3")), (vec![0], vec![1, 0]));
    // The picture shows the prisoner under the column and the column's height.
    let svg = qipan::core::render::svg(&pos);
    assert_eq!(svg.matches("class=\"layer\"").count(), 1);
    assert_eq!(svg.matches("class=\"height\"").count(), 1);
}
