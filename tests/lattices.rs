//! The boards Ludii's games need, read from definitions: the Alquerque grid (`diagonal: alternate`), grids
//! with centres (`centres: true`) and concentric rings (`rings:`, where a Morris mill is a line goal).
//! The generators' own tests (in `core/src/board/`) check the geometry; these check the keys, their
//! defaults and their diagnostics.

use qipan::core::notation::parse_move;
use qipan::core::{EndReason, Game, SeatId};
use std::sync::Arc;

/// A definition with this `board:` (indented under it) and one stone that is placed.
fn with_board(board: &str) -> Result<Arc<Game>, qipan::dsl::Diagnostics> {
    let src = format!(
        "name: t\nboard:\n{board}\nseats: [{{ name: x }}, {{ name: o }}]\npieces: {{ stone: {{ symbols: [X, O], moves: place to empty }} }}\n"
    );
    qipan::load_str("t.yaml", &src, &[])
}

/// The one error of a definition that must not load, as `line:column: message (expected)`.
fn error(board: &str) -> String {
    let d = with_board(board).map(|_| ()).expect_err("the definition should be refused");
    let first = &d.0[0];
    format!(
        "{}:{}: {} ({})",
        first.loc.line,
        first.loc.column,
        first.message,
        first.expected.clone().unwrap_or_default()
    )
}

fn segments(game: &Game, relation: &str) -> usize {
    game.board.relation(relation).map_or(0, |r| game.board.edge_count(r) / 2)
}

#[test]
fn grid_diagonals_are_false_true_or_alternate() {
    let count = |word: &str| {
        let game = with_board(&format!("  grid: {{ width: 5, height: 5, diagonal: {word} }}")).expect("loads");
        (segments(&game, "orthogonal"), segments(&game, "diagonal"))
    };
    // 5×5: 40 orthogonal segments; every square crossed twice is 32 diagonal ones, the Alquerque board 16.
    assert_eq!(count("false"), (40, 0));
    assert_eq!(count("true"), (40, 32));
    assert_eq!(count("alternate"), (40, 16));
    let game = with_board("  grid: { width: 5, height: 5 }").expect("loads");
    assert_eq!(game.board.relation("diagonal"), None, "no diagonals by default");
}

#[test]
fn an_unknown_diagonal_word_is_refused_where_it_is_written() {
    assert_eq!(
        error("  grid: { width: 5, height: 5, diagonal: crossed }"),
        "3:42: unknown value `crossed` (false, true, alternate)"
    );
}

/// Nine Men's Morris with a mill of three as the goal, along the squares' sides and the spokes.
const MILLS: &str = "name: mills
board:
  rings: { count: 3 }
seats: [{ name: x }, { name: o }]
pieces: { man: { symbols: [X, O], moves: place to empty } }
end:
  lines: [{ length: 3, along: [ring, spoke] }]
";

/// Plays the moves and tells whether the game ended with the first seat's line.
fn mill_made(moves: &[&str]) -> bool {
    let game = qipan::load_str("mills.yaml", MILLS, &[]).expect("loads");
    let mut pos = game.start();
    for m in moves {
        assert!(!pos.is_over(), "over before {m}");
        pos.play(&parse_move(&pos, m).expect("move")).expect("legal");
    }
    pos.outcome().is_some_and(|r| r.winners == [SeatId(0)] && r.reason == EndReason::Line)
}

#[test]
fn a_mill_runs_along_a_side_or_a_spoke_never_round_a_corner() {
    // Along the bottom side of the outer square, and along the bottom spoke.
    assert!(mill_made(&["a1", "b2", "d1", "f2", "g1"]));
    assert!(mill_made(&["d1", "a1", "d2", "a7", "d3"]));
    // The middle square's bottom side, filled from its midpoint last.
    assert!(mill_made(&["b2", "a1", "f2", "a7", "d2"]));
    // Round the corner g1: d1, g1, g4 is no mill; nor is a spoke that turns onto a side (d1, d2, b2).
    assert!(!mill_made(&["d1", "a1", "g1", "a7", "g4"]));
    assert!(!mill_made(&["d1", "a1", "d2", "a7", "b2"]));
    // Nor three in a row across the empty centre (d3, d4 is no point, d5).
    assert!(!mill_made(&["c4", "a1", "e4", "a7", "d3", "g7", "d5"]));
}

#[test]
fn rings_keys_and_their_defaults() {
    let game = with_board("  rings: { count: 3 }").expect("loads");
    let b = &game.board;
    assert_eq!((b.len(), segments(&game, "ring"), segments(&game, "spoke")), (24, 24, 8));
    assert_eq!(b.relation_names(), ["ring", "spoke"]);
    let game = with_board("  rings: { count: 1, shape: round, centre: true, spokes: all }").expect("loads");
    assert_eq!((game.board.len(), segments(&game, "ring"), segments(&game, "spoke")), (9, 8, 8));
    let game = with_board("  rings: { count: 2, spokes: none }").expect("loads");
    assert_eq!((game.board.len(), segments(&game, "spoke")), (16, 0));
}

#[test]
fn bad_rings_are_refused_where_they_are_written() {
    assert_eq!(error("  rings: { count: 0 }"), "3:19: a board has 1 to 12 rings, not 0 (a count from 1 to 12)");
    assert_eq!(error("  rings: { count: 13 }"), "3:19: a board has 1 to 12 rings, not 13 (a count from 1 to 12)");
    assert_eq!(error("  rings: { count: 3, shape: oval }"), "3:29: unknown value `oval` (square, round)");
    assert_eq!(error("  rings: { count: 3, spokes: some }"), "3:30: unknown value `some` (cross, all, none)");
    let two = error("  rings: { count: 3 }\n  grid: { width: 3, height: 3 }");
    assert!(two.contains("more than one generator") && two.contains("rings"), "{two}");
}

#[test]
fn grids_with_centres() {
    let game =
        with_board("  grid: { width: 7, height: 6, labels: chess, centres: true, diagonal: false }").expect("loads");
    let b = &game.board;
    // Dablot Prejjesne: 6 by 5 squares, 42 corners and 30 centres.
    assert_eq!(b.len(), 72);
    assert_eq!((segments(&game, "orthogonal"), segments(&game, "diagonal")), (7 * 5 + 6 * 6, 4 * 30));
    let centre = b.kind("centre").expect("a centre kind");
    assert_eq!(b.node_ids().filter(|&n| b.node(n).kind == centre).count(), 30);
    assert_eq!(b.kind_names()[b.node(b.find("a1").unwrap()).kind as usize], "point");
    assert_eq!(b.kind_names()[b.node(b.find("b2").unwrap()).kind as usize], "centre");
    assert_eq!(b.find("m11").map(|n| b.label(n)), Some("m11"), "the far corner, on the 13×11 layout");
}

#[test]
fn bad_grids_with_centres_are_refused() {
    assert_eq!(
        error("  grid: { width: 5, height: 5, centres: true, diagonal: true }"),
        "3:57: a grid with centres has its diagonals through them (no `diagonal` beside `centres: true`)"
    );
    assert_eq!(
        error("  grid: { width: 129, height: 5, centres: true }"),
        "3:18: a grid with centres is at most 128 points wide and high, not 129x5 (a width and a height from 1 to 128)"
    );
    let checker = error("  grid: { width: 5, height: 5, centres: true, checker: [dark, light] }");
    assert!(checker.ends_with("board: a grid with centres has no checkerboard ()"), "{checker}");
}

#[test]
fn morris_positions_read_and_write_as_fen_on_their_layout() {
    let game = qipan::load_str("mills.yaml", MILLS, &[]).expect("loads");
    let mut pos = game.start();
    for m in ["a1", "d2", "d1", "b4"] {
        pos.play(&parse_move(&pos, m).expect("move")).expect("legal");
    }
    let fen = pos.to_fen().expect("a grid with holes");
    assert!(fen.starts_with("7/7/7/1O5/7/3O3/X2X3 w"), "{fen}");
    let back = qipan::core::Position::from_fen(&game, &fen).expect("reads back");
    assert_eq!(back.cells(), pos.cells());
    // A piece on a place of the layout that is no point is refused.
    assert!(qipan::core::Position::from_fen(&game, "7/7/7/7/7/7/1X5").is_err());
}

#[test]
fn triangles() {
    let game = with_board("  triangle: { size: 5 }").expect("loads");
    let b = &game.board;
    assert_eq!((b.len(), segments(&game, "adjacent")), (15, 30));
    assert_eq!(b.label(qipan::core::NodeId(0)), "a1", "chess labels by default");
    for side in ["bottom", "left", "right"] {
        assert_eq!(b.zone_set(b.zone(side).expect(side)).count(), 5, "{side}");
    }
    // A mask as one text, rows apex first, spaces ignored: the middle point of a triangle of 4 is a hole.
    let game =
        with_board("  triangle: { size: 4, labels: gtp, mask: \" . / . . / . # . / . . . . \" }").expect("loads");
    assert_eq!((game.board.len(), segments(&game, "adjacent")), (9, 12));
    assert!(game.board.find("A1").is_some() && game.board.find("B2").is_none());
}

#[test]
fn bad_triangles_are_refused_where_they_are_written() {
    assert_eq!(
        error("  triangle: { size: 0 }"),
        "3:21: a triangle has 1 to 256 points a side, not 0 (a size from 1 to 256)"
    );
    assert_eq!(
        error("  triangle: { size: 3, labels: runic }"),
        "3:32: unknown label style `runic` (gtp, letters or chess)"
    );
    let short = error("  triangle: { size: 3, mask: [\".\", \"..\", \"..\"] }");
    assert!(short.starts_with("3:30: board: mask row 3 has 2 places but row 3 of the triangle has 3"), "{short}");
    let two = error("  triangle: { size: 3 }\n  rings: { count: 1 }");
    assert!(two.contains("more than one generator"), "{two}");
}

#[test]
fn forward_on_a_triangle_is_up_the_board() {
    let src = "name: up
board:
  triangle: { size: 4 }
  directions: { n: [0, 1], s: [0, -1] }
seats: [{ name: x, forward: [n] }, { name: o, forward: [s] }]
pieces:
  runner:
    symbols: [X, O]
    moves: [step adjacent.forward to empty, step adjacent.sideways to empty]
setup:
  - { seat: x, piece: runner, at: [b2] }
  - { seat: o, piece: runner, at: [a4] }
";
    let game = qipan::load_str("up.yaml", src, &[]).expect("loads");
    let pos = game.start();
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| qipan::core::notation::move_text(&game, m)).collect();
    moves.sort();
    // Up: b3 (ne) and a3 (nw); sideways along the row: a2 and c2; never down to b1 or c1.
    assert_eq!(moves, ["b2-a2", "b2-a3", "b2-b3", "b2-c2"]);
}
