//! Connect6, written in the language alone (`place to empty then place stone anywhere`, the book's
//! example): move counts and whole random games compared with an enumerator written here from the rules,
//! not through the engine; the win by six and by more, five that does not win; the text of a pair; and
//! part-by-part playouts that draw every pair equally often.

use qipan::core::notation::{move_text, parse_move};
use qipan::core::playout::{PlayoutBuf, Policy, perft, playout};
use qipan::core::{Game, Move, Position, SeatId};
use rand::SeedableRng;
use std::collections::BTreeSet;
use std::sync::Arc;

fn connect6(size: u32) -> Arc<Game> {
    let src = include_str!("../book/src/examples/connect6.yaml");
    qipan::load_str("connect6.yaml", src, &[("size".into(), size.to_string())]).expect("connect6 loads")
}

/// A `n`×`n` board by the rules: 0 empty, 1 Black, 2 White; cell `r * n + c`.
#[derive(Clone)]
struct Board {
    n: usize,
    cells: Vec<u8>,
}

impl Board {
    /// Whether a seat has six or more in a row (orthogonally or diagonally).
    fn six(&self) -> bool {
        let n = self.n as i64;
        let at = |r: i64, c: i64| {
            if (0..n).contains(&r) && (0..n).contains(&c) { self.cells[(r * n + c) as usize] } else { 0 }
        };
        for r in 0..n {
            for c in 0..n {
                let s = at(r, c);
                if s == 0 {
                    continue;
                }
                for (dr, dc) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
                    if (0..6).all(|k| at(r + k * dr, c + k * dc) == s) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The moves by the rules: one stone on an empty board, else two on any empty points (an unordered
    /// pair, lower cell first); none once someone has six or the board is full.
    fn moves(&self) -> Vec<(usize, Option<usize>)> {
        if self.six() {
            return Vec::new();
        }
        let empty: Vec<usize> = (0..self.cells.len()).filter(|&i| self.cells[i] == 0).collect();
        if empty.len() == self.cells.len() {
            return empty.into_iter().map(|i| (i, None)).collect();
        }
        let mut out = Vec::new();
        for (k, &a) in empty.iter().enumerate() {
            for &b in &empty[k + 1..] {
                out.push((a, Some(b)));
            }
        }
        out
    }

    fn perft(&mut self, mover: u8, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for (a, b) in moves {
            for n in [Some(a), b].into_iter().flatten() {
                self.cells[n] = mover;
            }
            total += self.perft(3 - mover, depth - 1);
            for n in [Some(a), b].into_iter().flatten() {
                self.cells[n] = 0;
            }
        }
        total
    }
}

/// The board as the enumerator sees it (the engine's nodes are numbered row by row from a1, as ours).
fn board_of(pos: &Position, n: usize) -> Board {
    let cells = pos.cells().iter().map(|c| c.map_or(0, |p| p.seat.0 + 1)).collect();
    Board { n, cells }
}

/// The engine's moves as the enumerator writes them.
fn engine_moves(pos: &Position) -> BTreeSet<(usize, Option<usize>)> {
    pos.legal_moves().iter().map(|m| (m.to.idx(), m.with_to.is_some().then(|| m.with_to.idx()))).collect()
}

/// A small deterministic generator for the random games.
fn next(state: &mut u64) -> usize {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state >> 11) as usize
}

#[test]
fn perft_to_depth_two_on_seven_by_seven_matches_the_rules() {
    let game = connect6(7);
    let pos = game.start();
    let mut board = board_of(&pos, 7);
    assert_eq!(board.n * board.n, game.board.len());
    for depth in 1..=2 {
        assert_eq!(perft(&pos, depth), board.perft(1, depth), "depth {depth}");
    }
    // One stone, then every pair of the 48 points left.
    assert_eq!(perft(&pos, 2), 49 * (48 * 47 / 2));
}

#[test]
fn random_games_have_the_same_moves_and_end_the_same_as_the_rules() {
    let game = connect6(7);
    let (mut finished_by_six, mut deep) = (0, 0);
    for seed in 1..=12u64 {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut pos = game.start();
        loop {
            let board = board_of(&pos, 7);
            let rules: BTreeSet<_> = board.moves().into_iter().collect();
            assert_eq!(engine_moves(&pos), rules, "seed {seed}, ply {}", pos.ply());
            let empties = board.cells.iter().filter(|&&c| c == 0).count();
            if (4..=9).contains(&empties) && !pos.is_over() {
                // Near the end the tree is small: compare perft 3 as well, wins cutting it short.
                let mut b = board.clone();
                let mover = pos.to_move().0 + 1;
                assert_eq!(perft(&pos, 3), b.perft(mover, 3), "seed {seed}, {empties} empty");
                deep += 1;
            }
            if rules.is_empty() {
                assert!(pos.is_over());
                if board.six() {
                    finished_by_six += 1;
                    let winner = pos.outcome().expect("over").winners.clone();
                    let last = pos.last_move().expect("a move");
                    assert_eq!(winner, [board.cells[last.to.idx()] as usize - 1].map(|s| SeatId(s as u8)).to_vec());
                }
                break;
            }
            let moves = pos.legal_moves();
            let mv = moves[next(&mut state) % moves.len()];
            pos.play(&mv).expect("legal");
        }
    }
    assert!(finished_by_six > 0, "some random game ends with six in a row");
    assert!(deep > 0, "some game came near the end");
}

/// Plays the texts in turn.
fn play(pos: &mut Position, texts: &[&str]) {
    for t in texts {
        let mv = parse_move(pos, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        pos.play(&mv).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
}

#[test]
fn six_wins_five_does_not() {
    let game = connect6(19);
    let mut pos = game.start();
    assert_eq!(pos.legal_moves().len(), 361, "one stone to begin");
    play(&mut pos, &["J10"]);
    assert_eq!(pos.legal_moves().len(), 360 * 359 / 2, "then two, as one move");
    // A single stone is no longer a turn.
    assert!(pos.check(&Move { with_to: qipan::core::NodeId::NONE, ..parse_move(&pos, "A1").expect("text") }).is_err());
    play(&mut pos, &["A1+A3", "K10+L10", "A5+A7", "M10+N10"]);
    assert!(!pos.is_over(), "five in a row do not win");
    play(&mut pos, &["C1+C3", "O10+A19"]);
    let result = pos.outcome().expect("six in a row win");
    assert_eq!(result.winners, [SeatId(0)]);
}

#[test]
fn more_than_six_wins_too() {
    let game = connect6(19);
    let mut pos = game.start();
    // J K L and N O P on row 10, then M10 joins them: seven in a row.
    play(&mut pos, &["J10", "A1+A3", "K10+L10", "A5+A7", "N10+O10", "C1+C3", "P10+A19", "C5+C7"]);
    assert!(!pos.is_over());
    play(&mut pos, &["M10+E19"]);
    assert_eq!(pos.outcome().expect("seven in a row win").winners, [SeatId(0)]);
}

#[test]
fn a_pair_is_written_lower_point_first_and_read_either_way() {
    let game = connect6(19);
    let mut pos = game.start();
    play(&mut pos, &["J10"]);
    let mv = parse_move(&pos, "L11+K10").expect("either order");
    assert_eq!(mv, parse_move(&pos, "K10+L11").expect("text"));
    assert_eq!(move_text(&game, &mv), "K10+L11");
    assert!(mv.to < mv.with_to && mv.then_place.is_none());
    assert!(pos.check(&parse_move(&pos, "K10+J10").expect("text")).is_err(), "J10 is taken");
    assert!(pos.check(&parse_move(&pos, "K10+K10").expect("text")).is_err(), "one point twice");
}

#[test]
fn part_by_part_playouts_draw_every_pair_equally_often() {
    let game = connect6(7);
    let mut pos = game.start();
    // Fill the board but for four points, without six in a row: columns alternate in pairs of rows.
    let mut texts = Vec::new();
    let labels: Vec<String> = game.board.node_ids().map(|n| game.board.label(n).to_string()).collect();
    let keep = ["A1", "C3", "E5", "G7"];
    let (mut black, mut white): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
    for (i, l) in labels.iter().enumerate() {
        if keep.contains(&l.as_str()) {
            continue;
        }
        let (r, c) = (i / 7, i % 7);
        if (r / 2 + c) % 2 == 0 { black.push(i) } else { white.push(i) }
    }
    // Black's first stone alone, then pairs, alternating.
    let b0 = black.remove(0);
    texts.push(labels[b0].clone());
    while !black.is_empty() || !white.is_empty() {
        let w: Vec<usize> = white.drain(..2.min(white.len())).collect();
        texts.push(w.iter().map(|&i| labels[i].clone()).collect::<Vec<_>>().join("+"));
        let b: Vec<usize> = black.drain(..2.min(black.len())).collect();
        if !b.is_empty() {
            texts.push(b.iter().map(|&i| labels[i].clone()).collect::<Vec<_>>().join("+"));
        }
    }
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    play(&mut pos, &refs);
    assert!(!pos.is_over() && pos.legal_moves().len() == 6, "four points left: six pairs");
    let mut rng = rand::rngs::SmallRng::seed_from_u64(6);
    let mut buf = PlayoutBuf::default();
    let mut counts = std::collections::BTreeMap::new();
    for _ in 0..6000 {
        let mut p = pos.clone();
        playout(&mut p, &mut rng, &mut buf, 1, Policy::Parts).expect("no hooks");
        let mv = p.last_move().expect("a turn");
        assert!(mv.with_to.is_some() && mv.to < mv.with_to);
        *counts.entry((mv.to, mv.with_to)).or_insert(0) += 1;
    }
    assert_eq!(counts.len(), 6);
    assert!(counts.values().all(|&c| (850..1150).contains(&c)), "{counts:?}");
}
