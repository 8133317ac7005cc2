//! Hexagonal boards from definitions: both forms of `board: { hex: ... }`, the relation `hex` in the
//! language (named directions, `forward` with a declared north, lines), and the diagnostics for bad sizes
//! and forms. Expected cells are worked out here from the labels' geometry, not asked of the engine.

use qipan::core::notation::parse_move;
use qipan::core::{EndReason, Game, Position, SeatId};
use std::collections::BTreeSet;
use std::sync::Arc;

/// A two-seat definition around `board` (a YAML flow value) and `pieces`, with extra top-level `more`.
fn source(board: &str, pieces: &str, more: &str) -> String {
    format!(
        "name: t
options: {{ size: {{ type: int, default: 11, min: 0, max: 40 }} }}
board: {board}
seats:
  - {{ name: red, letter: R }}
  - {{ name: blue, letter: B }}
pieces:
{pieces}
rules: {{ pass: never }}
{more}"
    )
}

const STONES: &str = "  stone: { symbols: [X, O], moves: place to empty }";

fn load(src: &str, opts: &[(&str, &str)]) -> Arc<Game> {
    let o: Vec<(String, String)> = opts.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    qipan::load_str("t.yaml", src, &o).unwrap_or_else(|d| panic!("{d}"))
}

/// The first diagnostic of a definition that must not load: line, column, message, expected.
fn refused(src: &str) -> (usize, usize, String, String) {
    let d = qipan::load_str("t.yaml", src, &[]).err().unwrap_or_else(|| panic!("loads:\n{src}"));
    let first = &d.0[0];
    (first.loc.line, first.loc.column, first.message.clone(), first.expected.clone().unwrap_or_default())
}

fn play(pos: &mut Position, moves: &[&str]) {
    for text in moves {
        let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
        pos.play(&mv).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    }
}

/// The destinations of the legal moves starting at `from`.
fn targets(pos: &Position, from: &str) -> BTreeSet<String> {
    let b = &pos.game().board;
    let from = b.find(from).expect("node");
    pos.legal_moves().iter().filter(|m| m.from == from).map(|m| b.label(m.to).to_string()).collect()
}

fn set(labels: &[&str]) -> BTreeSet<String> {
    labels.iter().map(|s| s.to_string()).collect()
}

/// The rhombus label `dq` columns and `dr` rows away from `label` (axial steps).
fn shifted(label: &str, dq: i32, dr: i32) -> String {
    let column = label.as_bytes()[0] as i32 - b'a' as i32 + dq;
    let row: i32 = label[1..].parse::<i32>().expect("row") + dr;
    format!("{}{row}", char::from(b'a' + column as u8))
}

#[test]
fn a_rhombus_loads_with_its_size_from_an_option() {
    let src = source("{ hex: { width: size, height: size } }", STONES, "");
    let game = load(&src, &[("size", "13")]);
    let b = &game.board;
    assert_eq!(b.len(), 169);
    assert_eq!(b.kind_names(), ["cell"]);
    for zone in ["north", "south", "west", "east"] {
        assert_eq!(b.zone_set(b.zone(zone).expect(zone)).count(), 13, "{zone}");
    }
    let rel = b.relation("hex").expect("hex");
    let names: Vec<&str> =
        b.relation_directions(rel).iter().map(|d| b.directions()[d.0 as usize].name.as_str()).collect();
    assert_eq!(names, ["e", "ne", "nw", "w", "sw", "se"]);
    // Moves are written as Hex players write them.
    let mut pos = game.start();
    play(&mut pos, &["f6", "m13"]);
    assert!(pos.cell(b.find("f6").unwrap()).is_some_and(|p| p.seat == SeatId(0)));
    assert!(pos.cell(b.find("m13").unwrap()).is_some_and(|p| p.seat == SeatId(1)));
    assert_eq!(pos.legal_moves().len(), 167);
    // A rhombus need not be square.
    let wide = load(&source("{ hex: { width: 5, height: 3 } }", STONES, ""), &[]);
    assert_eq!((wide.board.len(), wide.board.find("e3").is_some(), wide.board.find("a4")), (15, true, None));
}

#[test]
fn a_hexagon_loads_with_its_kind() {
    let game = load(&source("{ hex: { side: 5, kind: point } }", STONES, ""), &[]);
    let b = &game.board;
    assert_eq!(b.len(), 3 * 5 * 4 + 1);
    assert_eq!(b.kind_names(), ["point"]);
    let count = |z: &str| b.zone_set(b.zone(z).expect(z)).count();
    assert_eq!((count("corners"), count("edge")), (6, 24));
    assert!((1..=6).all(|s| count(&format!("side{s}")) == 3));
    let corners: BTreeSet<String> = b.zone_set(b.zone("corners").unwrap()).iter().map(|n| b.label(n).into()).collect();
    assert_eq!(corners, set(&["a1", "a5", "e1", "e9", "i5", "i9"]));
}

#[test]
fn named_directions_select_cells() {
    // A runner on f6 steps north-east or north-west; a slider goes east to the edge.
    let pieces =
        "  runner: { symbols: [U, u], moves: step hex.(ne|nw) }\n  slider: { symbols: [S, s], moves: slide hex.e }";
    let setup = "setup:\n  - { seat: red, piece: runner, at: [f6] }\n  - { seat: red, piece: slider, at: [a1] }";
    let game = load(&source("{ hex: { width: 11, height: 11 } }", pieces, setup), &[]);
    let pos = game.start();
    // North-east keeps the column and climbs a row; north-west climbs a row and moves one column west.
    assert_eq!(targets(&pos, "f6"), set(&[&shifted("f6", 0, 1), &shifted("f6", -1, 1)]));
    assert_eq!(targets(&pos, "f6"), set(&["f7", "e7"]));
    assert_eq!(targets(&pos, "a1"), (1..11).map(|i| shifted("a1", i, 0)).collect());
}

#[test]
fn forward_follows_a_declared_north() {
    // Hex cells have no north neighbour; a definition declares the direction for its seats to face.
    let board = "{ hex: { side: 4 }, directions: { n: [-1, 2, -1], s: [1, -2, 1] } }";
    let pieces = "  walker: { symbols: [W, w], moves: [step hex.forward, step hex.sideways] }";
    let setup = "setup:\n  - { seat: red, piece: walker, at: [d4] }\n  - { seat: blue, piece: walker, at: [d7] }";
    let src = source(board, pieces, setup).replace("R }", "R, forward: [n] }").replace("B }", "B, forward: [s] }");
    let game = load(&src, &[]);
    let pos = game.start();
    // Hexagon labels: the row is the number; a column runs north-west, so north-east is the next column.
    assert_eq!(targets(&pos, "d4"), set(&["e5", "d5", "c4", "e4"]));
    let mut pos = pos;
    play(&mut pos, &["d4-d5"]);
    // Blue faces south: south-east keeps the column down a row, south-west takes the column before.
    assert_eq!(targets(&pos, "d7"), set(&["d6", "c6", "e7"])); // d7 is the north-west corner
}

#[test]
fn lines_run_along_hex_both_ways() {
    // Yavalath: four in a row wins, but exactly three loses.
    let end = "end:\n  lines:\n    - { length: 4, along: [hex] }\n    - { length: 3, along: [hex], exactly: true, outcome: loses }";
    let game = load(&source("{ hex: { side: 5 } }", STONES, end), &[]);
    assert_eq!(game.rules.end.lines[0].axes.len(), 3, "three axes, each with its opposite");
    // Red fills the middle of a north-west column last: a1 and a3 meet through a2, three exactly.
    let mut pos = game.start();
    play(&mut pos, &["a1", "e5", "a3", "e7", "a2"]);
    let r = pos.outcome().expect("three in a row");
    assert_eq!((r.winners.as_slice(), &r.reason), (&[SeatId(1)][..], &EndReason::Line));
    // Four along the bottom row, the last in a gap between two and one, wins at once.
    let mut pos = game.start();
    play(&mut pos, &["a1", "e5", "b1", "e7", "d1", "g7", "c1"]);
    let r = pos.outcome().expect("four in a row");
    assert_eq!(r.winners, [SeatId(0)]);
    // Along the third axis (north-east): e1, f2, g3 are one line.
    let mut pos = game.start();
    play(&mut pos, &["e1", "a5", "g3", "b6", "f2"]);
    assert_eq!(pos.outcome().expect("three").winners, [SeatId(1)]);
}

#[test]
fn both_forms_or_neither_are_refused_at_the_hex_key() {
    let (line, column, message, expected) = refused(&source("{ hex: { width: 5, height: 5, side: 3 } }", STONES, ""));
    assert_eq!((line, column), (3, 15));
    assert_eq!(message, "a hex board is a rhombus or a hexagon, not both");
    assert_eq!(expected, "`hex: { width: 11, height: 11 }` (a rhombus) or `hex: { side: 5 }` (a hexagon)");
    let (line, column, message, expected) = refused(&source("{ hex: { kind: cell } }", STONES, ""));
    assert_eq!((line, column, message.as_str()), (3, 15, "a hex board needs its size"));
    assert!(expected.contains("`hex: { side: 5 }`"), "{expected}");
    let (line, column, message, _) = refused(&source("{ hex: { width: 5 } }", STONES, ""));
    assert_eq!((line, column, message.as_str()), (3, 24, "a hex rhombus needs a `height` too"));
    let (_, _, message, expected) = refused(&source("{ hex: { side: 3 }, grid: { width: 3, height: 3 } }", STONES, ""));
    assert_eq!(message, "the board uses more than one generator");
    assert!(expected.contains("polar, hex"), "{expected}");
}

#[test]
fn bad_sizes_are_refused_where_they_are_written() {
    let (line, column, message, _) = refused(&source("{ hex: { width: 27, height: 11 } }", STONES, ""));
    assert_eq!((line, column), (3, 24));
    assert_eq!(message, "width must be a whole number from 0 to 26, not 27");
    let (line, column, message, _) = refused(&source("{ hex: { side: 14 } }", STONES, ""));
    assert_eq!((line, column, message.as_str()), (3, 23, "side must be a whole number from 0 to 13, not 14"));
    let (line, column, message, _) = refused(&source("{ hex: { side: 1 } }", STONES, ""));
    assert_eq!((line, column, message.as_str()), (3, 23, "board: a hex hexagon's side is 2 to 13 cells, not 1"));
    let (_, column, message, _) = refused(&source("{ hex: { width: 11, height: size - 11 } }", STONES, ""));
    assert_eq!((column, message.as_str()), (24, "board: a hex rhombus is 1 to 26 cells each way, not 11x0"));
    let (_, column, message, _) = refused(&source("{ hex: { side: 2.5 } }", STONES, ""));
    assert_eq!((column, message.as_str()), (23, "side must be a whole number from 0 to 13, not 2.5"));
}
