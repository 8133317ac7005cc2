//! Tests of the pictures of hexagonal boards: recognised by their recorded outline, drawn as a honeycomb
//! whose cells tile, with the coordinates one cell beyond the ends of the rows and columns they name.

use super::hex::HexBoard;
use super::tests::{balanced, game};
use super::*;
use crate::board::generators::{GridSpec, grid};
use crate::board::hex::{HexSpec, hex};
use crate::board::{Board, NodeSpec};
use crate::game::{GameBuilder, PieceType, Seat};
use crate::position::Piece;
use crate::{PieceId, SeatId};
use std::sync::Arc;

fn board(spec: HexSpec) -> Board {
    hex(&spec).unwrap().build().unwrap()
}

/// The numbers of an SVG attribute list `name="..."` inside `text`.
fn attribute<'a>(text: &'a str, name: &str) -> &'a str {
    let start = text.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    &text[start..start + text[start..].find('"').unwrap()]
}

/// The corners of each cell of a picture, by label.
fn cells(svg: &str) -> Vec<(String, Vec<(f32, f32)>)> {
    svg.split("<polygon class=\"cell\"")
        .skip(1)
        .map(|cell| {
            let label = cell.split("<title>").nth(1).unwrap().split('<').next().unwrap().to_string();
            let corners = attribute(cell, "points")
                .split(' ')
                .map(|p| p.split_once(',').map(|(x, y)| (x.parse().unwrap(), y.parse().unwrap())).unwrap())
                .collect();
            (label, corners)
        })
        .collect()
}

/// The centre of a cell: the mean of its corners.
fn centre(corners: &[(f32, f32)]) -> (f32, f32) {
    let n = corners.len() as f32;
    (corners.iter().map(|c| c.0).sum::<f32>() / n, corners.iter().map(|c| c.1).sum::<f32>() / n)
}

fn distance(a: (f32, f32), b: (f32, f32)) -> f32 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

#[test]
fn hex_boards_are_recognised_by_their_recorded_outline() {
    assert!(HexBoard::detect(&board(HexSpec::rhombus(3, 2))).is_some());
    assert!(HexBoard::detect(&board(HexSpec::hexagon(3))).is_some());
    assert!(HexBoard::detect(&grid(&GridSpec::new(3, 3)).unwrap().build().unwrap()).is_none());
    // A definition that adds a node, or relabels a cell, makes it a board of its own: drawn from positions.
    let mut extended = hex(&HexSpec::rhombus(3, 3)).unwrap();
    extended.add_node(NodeSpec { label: "pool".into(), ..NodeSpec::default() }).unwrap();
    let mut renamed = hex(&HexSpec::rhombus(3, 3)).unwrap();
    renamed.node_mut(NodeId(4)).unwrap().label = "centre".into();
    for b in [extended, renamed] {
        let pos = game(b.build().unwrap(), &["red", "blue"], &[]).start();
        assert!(HexBoard::detect(&pos.game().board).is_none());
        assert_eq!(svg(&pos), plain_svg(&pos, &Marks::default()));
    }
}

#[test]
fn the_honeycomb_tiles() {
    for spec in [HexSpec::rhombus(4, 3), HexSpec::hexagon(3)] {
        let b = board(spec.clone());
        let pos = game(b.clone(), &["red", "blue"], &[]).start();
        let svg = svg(&pos);
        assert!(balanced(&svg));
        let cells = cells(&svg);
        assert_eq!(cells.len(), b.len());
        let rel = b.relation("hex").unwrap();
        for (i, (label, corners)) in cells.iter().enumerate() {
            assert_eq!(corners.len(), 6);
            // Regular: every corner as far from the centre, the cell a unit (36 px) wide.
            let c = centre(corners);
            assert!(corners.iter().all(|&p| (distance(p, c) - 36.0 / 3f32.sqrt()).abs() < 0.2), "{label}");
            let n = b.find(label).unwrap();
            for (other, theirs) in &cells[i + 1..] {
                let shared = corners.iter().filter(|&&p| theirs.iter().any(|&q| distance(p, q) < 0.3)).count();
                let neighbours = b.edges(rel, n).iter().any(|e| b.label(e.to) == other);
                assert_eq!(shared, if neighbours { 2 } else { 0 }, "{label} and {other} in {spec:?}");
            }
        }
    }
}

#[test]
fn coordinates_stand_one_cell_beyond_their_rows_and_columns() {
    // (spec, letters, numbers): a rhombus names each column and row at both ends; a hexagon each column at
    // its foot and the top edge's columns again above it, each row at its west end and the upper half's
    // again at their east end.
    for (spec, letters, numbers) in [(HexSpec::rhombus(4, 3), 8, 6), (HexSpec::hexagon(3), 5 + 3, 5 + 3)] {
        let b = board(spec.clone());
        let svg = svg(&game(b.clone(), &["red", "blue"], &[]).start());
        let cells = cells(&svg);
        let labels: Vec<(String, (f32, f32))> = svg
            .split("<text class=\"coordinate\"")
            .skip(1)
            .map(|t| {
                let text = t.split('>').nth(1).unwrap().split('<').next().unwrap().to_string();
                (text, (attribute(t, "x").parse().unwrap(), attribute(t, "y").parse().unwrap()))
            })
            .collect();
        let numbers_shown = labels.iter().filter(|(t, _)| t.starts_with(|c: char| c.is_ascii_digit())).count();
        assert_eq!((labels.len() - numbers_shown, numbers_shown), (letters, numbers), "{spec:?}");
        for (text, at) in &labels {
            // The cells the coordinate names: its column's (the label's letter) or its row's (the number).
            let named = |label: &String| match text.parse::<u32>() {
                Ok(_) => label.trim_start_matches(|c: char| c.is_ascii_lowercase()) == text,
                Err(_) => label.trim_end_matches(|c: char| c.is_ascii_digit()) == text,
            };
            let nearest = |only: bool| {
                cells
                    .iter()
                    .filter(|(l, _)| !only || named(l))
                    .map(|(_, c)| distance(centre(c), *at))
                    .fold(f32::MAX, f32::min)
            };
            assert!((nearest(true) - 36.0).abs() < 0.2, "{text} in {spec:?}: {}", nearest(true));
            assert!(nearest(false) > 35.8, "{text} is on the board");
        }
    }
}

#[test]
fn pieces_marks_and_seat_colours() {
    let b = board(HexSpec::hexagon(3));
    let (c3, d4, a1) = (b.find("c3").unwrap(), b.find("d4").unwrap(), b.find("a1").unwrap());
    let mut pos = game(b, &["red", "blue"], &[]).start();
    pos.set_cell(c3, Some(Piece { seat: SeatId(0), piece: PieceId::new(0) }));
    pos.set_cell(d4, Some(Piece { seat: SeatId(1), piece: PieceId::new(1) }));
    let svg = svg_marked(&pos, &Marks { last: vec![c3], targets: vec![d4, a1] });
    assert!(balanced(&svg));
    assert_eq!(svg.matches(r#"class="piece""#).count(), 2);
    assert!(svg.contains("<title>red king on c3</title>") && svg.contains("<title>blue pawn on d4</title>"));
    assert!(svg.contains(r##"fill="#c0392b""##) && svg.contains(r##"fill="#2980b9""##), "seat colours");
    assert_eq!(svg.matches(r#"class="last""#).count(), 1);
    // A dot on the empty cell, a ring round the piece that could be taken.
    let targets: Vec<&str> = svg.split(r#"class="target""#).skip(1).collect();
    assert_eq!(targets.len(), 2);
    assert!(targets[0].contains(r#"fill="none""#) && !targets[1].contains(r#"fill="none""#));
    // Two kinds of piece: each disc shows its symbol.
    assert!(svg.contains(">K</text>") && svg.contains(">P</text>"));
}

#[test]
fn text_rows_shift_half_a_cell_also_with_wide_symbols() {
    let b = board(HexSpec::rhombus(3, 3));
    let (a1, b2) = (b.find("a1").unwrap(), b.find("b2").unwrap());
    // Symbols two characters wide: a cell is four characters, half a cell two.
    let wide = PieceType {
        name: "wide".into(),
        symbols: vec!["Rw".into(), "Bw".into()],
        moves: vec![],
        immune: false,
        captures: true,
        owner: None,
    };
    let seats = [Seat::new("red", "R", SeatId(0)), Seat::new("blue", "B", SeatId(1))];
    let game = GameBuilder::new("t", b).seats(seats).pieces([wide]).build().unwrap();
    let mut pos = Arc::new(game).start();
    pos.set_cell(a1, Some(Piece { seat: SeatId(0), piece: PieceId::new(0) }));
    pos.set_cell(b2, Some(Piece { seat: SeatId(1), piece: PieceId::new(0) }));
    let text = text(&pos);
    let lines: Vec<&str> = text.lines().collect();
    let want = ["         a   b   c", "    3  .   .   .   3", "  2  .   Bw  .   2", "1  Rw  .   .   1", " a   b   c"];
    assert_eq!(lines[..5], want, "{text}");
}

#[test]
fn hexagon_text_names_columns_at_their_foot() {
    let b = board(HexSpec::hexagon(3));
    let e3 = b.find("e3").unwrap();
    let mut pos = game(b, &["red", "blue"], &[]).start();
    pos.set_cell(e3, Some(Piece { seat: SeatId(0), piece: PieceId::new(0) }));
    let want = "   c d e\n  5 . . . 5\n 4 . . . . 4\n3 . . . . K 3\n 2 . . . . e\n  1 . . . d\n     a b c\nred to move (ply 1)\n";
    assert_eq!(text(&pos), want);
}
