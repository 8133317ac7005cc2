//! Focus, written in the language alone (part of a column moves as far as it carries, onto any column;
//! columns above five lose pieces off the bottom, the mover's own to its reserve; pieces enter from the
//! reserve anywhere): perft and random games played side by side against an enumerator written here from
//! the rules without the engine. Ludii has no Focus to compare with.

mod common;

use common::perft::Speed;
use qipan::core::notation::parse_move;
use qipan::core::playout::perft;
use qipan::core::{PieceId, Position, SeatId};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

const N: i32 = 8;
const LIMIT: usize = 5;

/// Whether square `i` (rank * 8 + file) is on the board: three squares are cut from each corner.
fn on_board(r: i32, f: i32) -> bool {
    let edge = |x: i32| x.min(N - 1 - x);
    (0..N).contains(&r) && (0..N).contains(&f) && edge(r) + edge(f) >= 2
}

fn label(i: i32) -> String {
    format!("{}{}", (b'a' + (i % N) as u8) as char, i / N + 1)
}

/// A position by the rules: each square's column bottom to top (0 red, 1 green), the reserves, the
/// pieces captured by each side and the side to move (red first).
#[derive(Clone, PartialEq, Debug)]
struct Focus {
    cols: Vec<Vec<u8>>,
    reserve: [u32; 2],
    captured: [u32; 2],
    who: u8,
}

/// A turn: the top `k` of the column on `from` to `to`, or a piece entered on `to` (`from` = -1).
#[derive(Clone, Copy, Debug)]
struct Turn {
    from: i32,
    to: i32,
    k: usize,
}

impl Turn {
    fn text(&self) -> String {
        if self.from < 0 { label(self.to) } else { format!("{}-{}", label(self.from), label(self.to)) }
    }
}

impl Focus {
    fn start() -> Focus {
        let mut cols = vec![Vec::new(); (N * N) as usize];
        for r in 1..7 {
            for f in 1..7 {
                // Pairs: red on b, c, f, g of ranks 3, 5, 7 and on d, e of ranks 2, 4, 6.
                let outer = f <= 2 || f >= 5;
                let red = (r % 2 == 0) == outer;
                cols[(r * N + f) as usize].push(if red { 0 } else { 1 });
            }
        }
        Focus { cols, reserve: [0, 0], captured: [0, 0], who: 0 }
    }

    fn turns(&self) -> Vec<Turn> {
        let mut out = Vec::new();
        for i in 0..N * N {
            let col = &self.cols[i as usize];
            if col.last() != Some(&self.who) {
                continue;
            }
            for k in 1..=col.len() {
                for (dr, df) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (r, f) = (i / N + dr * k as i32, i % N + df * k as i32);
                    if on_board(r, f) {
                        out.push(Turn { from: i, to: r * N + f, k });
                    }
                }
            }
        }
        if self.reserve[self.who as usize] > 0 {
            for i in 0..N * N {
                if on_board(i / N, i % N) {
                    out.push(Turn { from: -1, to: i, k: 1 });
                }
            }
        }
        out
    }

    fn play(&mut self, t: &Turn) {
        let who = self.who as usize;
        let moving: Vec<u8> = if t.from < 0 {
            self.reserve[who] -= 1;
            vec![self.who]
        } else {
            let from = &mut self.cols[t.from as usize];
            from.split_off(from.len() - t.k)
        };
        let to = &mut self.cols[t.to as usize];
        to.extend(moving);
        while to.len() > LIMIT {
            let p = to.remove(0);
            if p == self.who {
                self.reserve[who] += 1;
            } else {
                self.captured[who] += 1;
            }
        }
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

/// The engine's position read back as the rules' model.
fn model_of(pos: &Position) -> Focus {
    let game = pos.game();
    let mut cols = vec![Vec::new(); (N * N) as usize];
    for i in 0..N * N {
        if let Some(n) = game.board.find(&label(i)) {
            cols[i as usize] = pos.column(n).iter().map(|p| p.seat.0).collect();
        }
    }
    let piece = PieceId::new(0);
    let reserve = [0, 1].map(|s| pos.reserve(SeatId(s), piece) as u32);
    let captured = [pos.captures()[0], pos.captures()[1]];
    Focus { cols, reserve, captured, who: pos.to_move().0 }
}

#[test]
fn the_board_has_52_squares_and_the_start_is_the_rules() {
    let game = qipan::load("focus", &[]).unwrap();
    assert_eq!(game.board.len(), 52);
    assert_eq!((0..N * N).filter(|&i| on_board(i / N, i % N)).count(), 52);
    assert_eq!(model_of(&game.start()), Focus::start());
}

#[test]
fn perft_matches_the_rules() {
    let game = qipan::load("focus", &[]).unwrap();
    let b = Focus::start();
    for d in 1..=3 {
        assert_eq!(perft(&game.start(), d), b.perft(d), "depth {d}");
    }
}

#[test]
fn perft_file_counts_hold() {
    common::perft::check("focus.perft", Speed::Quick);
}

#[test]
#[ignore = "slow: run with --ignored"]
fn perft_file_slow_counts_hold() {
    common::perft::check("focus.perft", Speed::Slow);
}

#[test]
#[ignore = "slow: run with --ignored"]
fn perft_matches_the_rules_deep() {
    let game = qipan::load("focus", &[]).unwrap();
    let b = Focus::start();
    assert_eq!(perft(&game.start(), 4), b.perft(4), "depth 4");
}

/// Plays a random game on both sides, comparing the moves, the columns, the reserves and the captures
/// ply by ply, and the result at the end; returns the number of pieces entered from a reserve and the
/// last position. `greedy`: the chance that the player takes a move that captures most, to bring games
/// to an end.
fn random_game(rng: &mut rand::rngs::SmallRng, g: usize, plies: usize, greedy: f64) -> (usize, Focus) {
    let mut entered = 0;
    let game = qipan::load("focus", &[]).unwrap();
    let mut pos = game.start();
    let mut b = Focus::start();
    for _ in 0..plies {
        let turns = b.turns();
        let ctx = format!("game {g}, ply {}", pos.ply());
        if turns.is_empty() {
            // The side to move has no move: it loses.
            let result = pos.outcome().unwrap_or_else(|| panic!("{ctx}: the game goes on"));
            assert_eq!(result.winners, vec![SeatId(1 - b.who)], "{ctx}");
            break;
        }
        assert!(!pos.is_over(), "{ctx}");
        let mut want: Vec<String> = turns.iter().map(Turn::text).collect();
        want.sort();
        assert_eq!(common::legal_move_texts(&pos), want, "{ctx}");
        let t = if rng.random_bool(greedy) {
            let gain = |t: &Turn| {
                let mut next = b.clone();
                next.play(t);
                next.captured[b.who as usize]
            };
            let best = turns.iter().map(gain).max().unwrap();
            **turns.iter().filter(|t| gain(t) == best).collect::<Vec<_>>().choose(rng).unwrap()
        } else {
            *turns.choose(rng).unwrap()
        };
        pos.play(&parse_move(&pos, &t.text()).unwrap()).unwrap();
        b.play(&t);
        entered += usize::from(t.from < 0);
        // Once the game is over the engine names no side to move.
        let seen = if pos.is_over() { Focus { who: b.who, ..model_of(&pos) } } else { model_of(&pos) };
        assert_eq!(seen, b, "{ctx}: after {}", t.text());
        assert_eq!(pos.hash(), pos.hash_from_scratch(), "{ctx}");
    }
    (entered, b)
}

#[test]
fn random_games_agree_with_the_rules_move_by_move() {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let (mut ended, mut overflowed, mut entered) = (0, false, false);
    for g in 0..12 {
        let (drops, b) = random_game(&mut rng, g, 600, 0.8);
        ended += usize::from(b.turns().is_empty());
        overflowed |= b.captured.iter().sum::<u32>() > 0;
        entered |= drops > 0;
    }
    assert!(overflowed && entered, "the games took prisoners and entered pieces from reserves");
    assert!(ended > 0, "some games ended");
}

#[test]
#[ignore = "slow: run with --ignored"]
fn many_random_games_agree_with_the_rules() {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(2);
    for g in 0..300 {
        random_game(&mut rng, g, 3000, 0.5);
    }
}

/// Perft below positions deep in random games, where columns are tall and reserves full.
#[test]
fn perft_below_random_positions_matches_the_rules() {
    let game = qipan::load("focus", &[]).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    for _ in 0..4 {
        let mut pos = game.start();
        let mut b = Focus::start();
        let plies = rng.random_range(40..160);
        for _ in 0..plies {
            let turns = b.turns();
            let Some(t) = turns.choose(&mut rng) else { break };
            pos.play(&parse_move(&pos, &t.text()).unwrap()).unwrap();
            b.play(t);
        }
        if !pos.is_over() {
            assert_eq!(perft(&pos, 2), b.perft(2), "after {} plies", pos.ply());
        }
    }
}

/// The engine's position read from FEN, and the rules' model of it (the model is read off the engine's
/// columns, which the records tests check against the text).
fn model_from_engine_fen(fen: &str) -> (Position, Focus) {
    let game = qipan::load("focus", &[]).unwrap();
    let pos = Position::from_fen(&game, fen).unwrap();
    let b = model_of(&pos);
    (pos, b)
}

/// The book's picture position and one with reserves, read from FEN: perft agrees with the rules.
#[test]
fn perft_from_fen_positions_matches_the_rules() {
    for fen in [
        "8/1R(RG)2RR1/1G3GG1/1RR1GRR1/1GGR(RRG)GG1/1RRGGRR1/1GG(RGGR)RGG1/8[] w - - 6 4",
        "8/1R(RG)2RR1/1G3GG1/1RR1GRR1/1GGR(RRG)GG1/1RRGGRR1/1GG(RGGR)RGG1/8[RRG] b - - 6 4",
    ] {
        let (pos, b) = model_from_engine_fen(fen);
        assert_eq!(b.cols.iter().map(Vec::len).max(), Some(4), "{fen}");
        for d in 1..=3 {
            assert_eq!(perft(&pos, d), b.perft(d), "{fen}: depth {d}");
        }
    }
}
