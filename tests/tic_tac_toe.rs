//! Tic-tac-toe, written in the language alone: published perft, and every game enumerated without
//! the engine (X wins 131,184, O wins 77,904, 46,080 draws) against the engine's results.

mod common;

use common::perft::Speed;
use qipan::core::{EndReason, Position, SeatId};

#[test]
fn perft_matches_the_published_counts() {
    common::perft::check("tic-tac-toe.perft", Speed::Quick);
}

/// The eight lines of the 3×3 grid, cells numbered row by row from the bottom left (a1 = 0).
const LINES: [[usize; 3]; 8] = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

/// Every game from `cells` with `mover` to play, by the rules and not through the engine: wins of
/// X, wins of O, draws, and the move sequences of each length (index = plies).
fn enumerate(cells: &mut [u8; 9], mover: u8, ply: usize, tally: &mut [u64; 3], lengths: &mut [u64; 10]) {
    lengths[ply] += 1;
    let won = |who: u8, cells: &[u8; 9]| LINES.iter().any(|l| l.iter().all(|&c| cells[c] == who));
    let mut moved = false;
    for c in 0..9 {
        if cells[c] != 0 {
            continue;
        }
        moved = true;
        cells[c] = mover;
        if won(mover, cells) {
            tally[mover as usize - 1] += 1;
            lengths[ply + 1] += 1;
        } else {
            enumerate(cells, 3 - mover, ply + 1, tally, lengths);
        }
        cells[c] = 0;
    }
    if !moved {
        tally[2] += 1;
    }
}

/// The same tally through the engine: every legal move played, each finished game's result read.
fn results(pos: &Position, tally: &mut [u64; 3]) {
    if let Some(r) = pos.outcome() {
        match r.winners.as_slice() {
            [SeatId(0)] => tally[0] += 1,
            [SeatId(1)] => tally[1] += 1,
            [] => tally[2] += 1,
            other => panic!("winners {other:?}"),
        }
        let reason = if r.winners.is_empty() { EndReason::NoLegalMove } else { EndReason::Line };
        assert_eq!(r.reason, reason);
        return;
    }
    for mv in pos.legal_moves() {
        let mut next = pos.clone();
        next.play(&mv).expect("legal");
        results(&next, tally);
    }
}

#[test]
fn every_game_ends_as_an_independent_enumeration_says() {
    let (mut tally, mut lengths) = ([0u64; 3], [0u64; 10]);
    enumerate(&mut [0; 9], 1, 0, &mut tally, &mut lengths);
    assert_eq!(tally, [131_184, 77_904, 46_080]);
    assert_eq!(tally.iter().sum::<u64>(), 255_168);
    let game = qipan::load("tic-tac-toe", &[]).expect("built in");
    let counts: Vec<u64> = (1..=9).map(|d| qipan::core::playout::perft(&game.start(), d)).collect();
    assert_eq!(counts, lengths[1..]);
    let mut engine = [0u64; 3];
    results(&game.start(), &mut engine);
    assert_eq!(engine, tally);
}

#[test]
fn a_full_board_without_a_line_is_a_draw() {
    let game = qipan::load("tic-tac-toe", &[]).expect("built in");
    let mut pos = game.start();
    for text in ["b2", "a1", "a2", "c2", "c1", "a3", "b3", "b1", "c3"] {
        common::play(&mut pos, text);
    }
    let r = pos.outcome().expect("over");
    assert!(r.winners.is_empty());
    assert_eq!((r.reason.clone(), r.text.as_str()), (EndReason::NoLegalMove, "0"));
}
