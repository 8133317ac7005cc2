//! Gomoku, written in the language alone: perft against the count of placements on an empty board,
//! five in a row, and the overline under the two rules.

mod common;

use qipan::core::playout::perft;
use qipan::core::{EndReason, Position, SeatId};

fn gomoku(opts: &[(&str, &str)]) -> std::sync::Arc<qipan::core::Game> {
    let o: Vec<(String, String)> = opts.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    qipan::load("gomoku", &o).expect("built in")
}

/// Black plays `black` and White `white`, alternately (Black first).
fn played(opts: &[(&str, &str)], black: &[&str], white: &[&str]) -> Position {
    let game = gomoku(opts);
    let mut pos = game.start();
    for i in 0..black.len().max(white.len()) {
        for side in [black, white] {
            if let Some(text) = side.get(i) {
                common::play(&mut pos, text);
            }
        }
    }
    pos
}

#[test]
fn perft_matches_the_counts_kept_for_it() {
    common::perft::check("gomoku.perft", common::perft::Speed::Quick);
}

#[test]
fn perft_counts_placements_until_a_line_can_form() {
    // No line of five before Black's fifth stone: perft is the falling factorial of the points.
    let falling = |n: u64, d: u64| (0..d).map(|k| n - k).product::<u64>();
    assert_eq!(perft(&gomoku(&[]).start(), 2), falling(225, 2));
    assert_eq!(perft(&gomoku(&[("size", "7")]).start(), 4), falling(49, 4));
}

#[test]
fn five_in_a_row_wins_along_lines_and_diagonals() {
    let row = played(&[], &["A1", "B1", "C1", "D1", "E1"], &["A9", "B9", "C9", "D9"]);
    let r = row.outcome().expect("over");
    assert_eq!((r.winners.as_slice(), &r.reason), (&[SeatId(0)][..], &EndReason::Line));
    let diagonal = played(&[], &["A1", "B2", "C3", "D4", "E5"], &["A9", "B9", "C9", "D9"]);
    assert_eq!(diagonal.outcome().map(|r| r.winners.clone()), Some(vec![SeatId(0)]));
    let broken = played(&[], &["A1", "B2", "C3", "D4", "F6"], &["E5", "B9", "C9", "D9"]);
    assert!(!broken.is_over(), "E5 is White's: A1-D4 and F6 are not five");
}

#[test]
fn an_overline_wins_only_under_the_freestyle_rule() {
    let (black, white) = (["A1", "B1", "C1", "E1", "F1", "D1"], ["A9", "B9", "C9", "E9", "G9"]);
    let free = played(&[], &black, &white);
    assert_eq!(free.outcome().map(|r| r.winners.clone()), Some(vec![SeatId(0)]), "six in a row win");
    let exact = played(&[("five", "exact")], &black, &white);
    assert!(!exact.is_over(), "six in a row are an overline");
    let mut exact = exact;
    for text in ["H9", "A3", "K10", "B3", "M11", "C3", "N14", "D3", "O2", "E3"] {
        common::play(&mut exact, text);
    }
    assert_eq!(exact.outcome().map(|r| r.winners.clone()), Some(vec![SeatId(0)]), "exactly five win");
}
