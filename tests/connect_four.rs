//! Connect Four, written in the language alone (gravity is a condition on the cell below): the
//! published perft, and move sequences enumerated without the engine, on the boxed grid and others.

mod common;

use common::perft::Speed;
use qipan::core::{EndReason, SeatId};

#[test]
fn perft_matches_the_published_counts() {
    common::perft::check("connect-four.perft", Speed::Quick);
}

/// Whether the disc just dropped at (`col`, `row`) makes four of `who` in a row, by the rules.
fn four(grid: &[Vec<u8>], col: usize, row: usize, who: u8) -> bool {
    let (w, h) = (grid.len() as i32, grid[0].len() as i32);
    let at = |c: i32, r: i32| c >= 0 && r >= 0 && c < w && r < h && grid[c as usize][r as usize] == who;
    [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
        let run = |s: i32| (1..4).take_while(|&k| at(col as i32 + s * k * dc, row as i32 + s * k * dr)).count();
        1 + run(1) + run(-1) >= 4
    })
}

/// Move sequences of each length from `grid` (columns of cells, bottom first), not through the engine.
fn enumerate(grid: &mut Vec<Vec<u8>>, who: u8, ply: usize, depth: usize, counts: &mut [u64]) {
    counts[ply] += 1;
    if ply == depth {
        return;
    }
    for c in 0..grid.len() {
        let Some(r) = grid[c].iter().position(|&x| x == 0) else { continue };
        grid[c][r] = who;
        if four(grid, c, r, who) {
            counts[ply + 1] += 1;
        } else {
            enumerate(grid, 3 - who, ply + 1, depth, counts);
        }
        grid[c][r] = 0;
    }
}

#[test]
fn perft_agrees_with_an_independent_enumeration_on_other_grids() {
    for (w, h, depth) in [(7, 6, 6), (4, 4, 9), (5, 4, 7), (8, 7, 5)] {
        let mut counts = vec![0u64; depth + 1];
        enumerate(&mut vec![vec![0; h]; w], 1, 0, depth, &mut counts);
        let set = [("width".to_string(), w.to_string()), ("height".to_string(), h.to_string())];
        let game = qipan::load("connect-four", &set).expect("built in");
        let engine: Vec<u64> = (1..=depth as u32).map(|d| qipan::core::playout::perft(&game.start(), d)).collect();
        assert_eq!(engine, counts[1..], "{w}x{h}");
    }
}

#[test]
fn discs_fall_and_four_in_a_row_wins() {
    let game = qipan::load("connect-four", &[]).expect("built in");
    let mut pos = game.start();
    let targets: Vec<String> = pos.legal_moves().iter().map(|m| game.board.label(m.to).to_string()).collect();
    assert_eq!(targets, ["a1", "b1", "c1", "d1", "e1", "f1", "g1"]);
    common::play(&mut pos, "d1");
    assert!(pos.legal_moves().iter().any(|m| game.board.label(m.to) == "d2"), "a disc lands on another");
    assert!(qipan::core::notation::parse_move(&pos, "d3").is_ok_and(|m| pos.check(&m).is_err()), "not in the air");
    // Red d1 d2 d3 d4 against Yellow's a1 a2 a3: the column wins.
    for text in ["a1", "d2", "a2", "d3", "a3", "d4"] {
        common::play(&mut pos, text);
    }
    let r = pos.outcome().expect("over");
    assert_eq!((r.winners.as_slice(), &r.reason), (&[SeatId(0)][..], &EndReason::Line));
}
