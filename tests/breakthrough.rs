//! Breakthrough, written in the language alone (reaching the far row and running out of pieces are
//! goals on the board): move sequences and whole random games compared with an enumerator written
//! here from the rules, not through the engine.

mod common;

use common::perft::Speed;
use qipan::core::notation::move_text;
use qipan::core::{EndReason, SeatId};

#[test]
fn perft_matches_the_independent_counts() {
    common::perft::check("breakthrough.perft", Speed::Quick);
}

/// A Breakthrough position by the rules: `cells[col][row]` is 0 (empty), 1 (White) or 2 (Black), on a
/// `w`×`h` board with White moving north.
#[derive(Clone)]
struct Board {
    cells: Vec<Vec<u8>>,
    to_move: u8,
}

impl Board {
    fn start(w: usize, h: usize) -> Board {
        let mut cells = vec![vec![0; h]; w];
        for col in cells.iter_mut() {
            (col[0], col[1], col[h - 2], col[h - 1]) = (1, 1, 2, 2);
        }
        Board { cells, to_move: 1 }
    }

    /// Every move of the side to move, as (from, to) in chess-like text: a step straight ahead onto an
    /// empty square, or diagonally ahead onto an empty or enemy square.
    fn moves(&self) -> Vec<((usize, usize), (usize, usize))> {
        let (w, h) = (self.cells.len() as i32, self.cells[0].len() as i32);
        let dy = if self.to_move == 1 { 1 } else { -1 };
        let mut out = Vec::new();
        for c in 0..w {
            for r in 0..h {
                if self.cells[c as usize][r as usize] != self.to_move {
                    continue;
                }
                for dx in [-1, 0, 1] {
                    let (x, y) = (c + dx, r + dy);
                    if x < 0 || y < 0 || x >= w || y >= h {
                        continue;
                    }
                    let there = self.cells[x as usize][y as usize];
                    if there == 0 || (dx != 0 && there != self.to_move) {
                        out.push(((c as usize, r as usize), (x as usize, y as usize)));
                    }
                }
            }
        }
        out
    }

    /// Plays a move; the winner if it ends the game (a piece on the far row, or the other side left
    /// without pieces or without a move).
    fn play(&mut self, (from, to): ((usize, usize), (usize, usize))) -> Option<u8> {
        let me = self.to_move;
        self.cells[from.0][from.1] = 0;
        self.cells[to.0][to.1] = me;
        self.to_move = 3 - me;
        let far = if me == 1 { self.cells[0].len() - 1 } else { 0 };
        let enemy_left = self.cells.iter().flatten().any(|&x| x == 3 - me);
        (to.1 == far || !enemy_left || self.moves().is_empty()).then_some(me)
    }

    fn perft(&self, depth: usize) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                if next.play(m).is_some() { 1 } else { next.perft(depth - 1) }
            })
            .sum()
    }
}

fn square((c, r): (usize, usize)) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

#[test]
fn perft_agrees_with_an_enumeration_from_the_rules() {
    let game = qipan::load("breakthrough", &[]).expect("built in");
    let board = Board::start(8, 8);
    for depth in 1..=4 {
        let engine = qipan::core::playout::perft(&game.start(), depth);
        assert_eq!(engine, board.perft(depth as usize), "depth {depth}");
    }
}

/// Random games played by both: the same moves are legal at every ply, and the games end alike.
#[test]
fn whole_games_agree_with_the_rules() {
    let game = qipan::load("breakthrough", &[]).expect("built in");
    let mut seed = 0x5eed_u64;
    let mut ends = [0usize; 3];
    for _ in 0..300 {
        let mut pos = game.start();
        let mut board = Board::start(8, 8);
        loop {
            let mut ours: Vec<String> =
                board.moves().into_iter().map(|(f, t)| format!("{}-{}", square(f), square(t))).collect();
            let mut engine: Vec<String> = pos.legal_moves().iter().map(|m| move_text(&game, m)).collect();
            ours.sort();
            engine.sort();
            assert_eq!(engine, ours, "after {} plies", pos.ply());
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let k = (seed >> 33) as usize % ours.len();
            let mv =
                board.moves().into_iter().find(|&(f, t)| format!("{}-{}", square(f), square(t)) == ours[k]).unwrap();
            common::play(&mut pos, &ours[k]);
            if let Some(winner) = board.play(mv) {
                let r = pos.outcome().unwrap_or_else(|| panic!("the engine goes on after {}", ours[k]));
                assert_eq!(r.winners, vec![SeatId(winner - 1)]);
                let to = mv.1;
                let why = if to.1 == 0 || to.1 == 7 {
                    0
                } else if !board.cells.iter().flatten().any(|&x| x == 3 - winner) {
                    1
                } else {
                    2
                };
                // A side without pieces is out, and the other is the last standing; a side without a move
                // loses for that.
                let want = [EndReason::ZoneReached, EndReason::LastSideStanding, EndReason::NoLegalMove][why].clone();
                assert_eq!(r.reason, want, "{}", ours[k]);
                ends[why] += 1;
                break;
            }
            assert!(!pos.is_over(), "the engine ended the game after {}", ours[k]);
        }
    }
    assert!(ends[0] > 0, "some games end on the far row: {ends:?}");
}

#[test]
fn capturing_the_last_piece_wins() {
    let game = qipan::load("breakthrough", &[]).expect("built in");
    // One piece each; White takes Black's last piece diagonally.
    let pos = common::position_with(&game, &[], &[("white", "piece", "c4"), ("black", "piece", "d5")], "white");
    let mut pos = pos;
    common::play(&mut pos, "c4-d5");
    let r = pos.outcome().expect("over");
    assert_eq!(r.winners, vec![SeatId(0)]);
    assert!(!pos.is_alive(SeatId(1)), "Black is out: no piece left");
    // A straight step is never a capture.
    let pos = common::position_with(&game, &[], &[("white", "piece", "c4"), ("black", "piece", "c5")], "white");
    assert!(qipan::core::notation::parse_move(&pos, "c4-c5").is_ok_and(|m| pos.check(&m).is_err()));
}
