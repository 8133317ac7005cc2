//! Playouts that play the definition's 3×3 shapes (`patterns=on`), checked against a matcher written
//! here from the rows of games/go.yaml: coordinates, turns and mirrors of the rows, and liberties by
//! flood fill, not through the engine's tables.

use qipan::core::board::NodeId;
use qipan::core::playout::{PlayoutBuf, random_playout};
use qipan::core::{Game, Move, Position};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::collections::BTreeSet;

mod common;
use common::chain;

const SIZE: i32 = 9;

/// The shapes of go.yaml, as the definition writes them (rows north first).
fn shapes() -> Vec<[String; 3]> {
    let def = qipan::definition("go").unwrap().def;
    let playout = def.playout.unwrap().value;
    playout.patterns.iter().map(|p| std::array::from_fn(|r| p.value[r].value.clone())).collect()
}

/// Column and row (0-based; row 0 the south edge) of a GTP label such as `E5`.
fn xy(game: &Game, n: NodeId) -> (i32, i32) {
    let label = game.board.label(n);
    let letter = label.as_bytes()[0];
    let x = (letter - b'A') as i32 - (letter > b'I') as i32;
    (x, label[1..].parse::<i32>().unwrap() - 1)
}

/// What is at a column and row: `#` off the board, `.` empty, `X` the mover's, `O` the other side's.
fn at(pos: &Position, x: i32, y: i32) -> char {
    if !(0..SIZE).contains(&x) || !(0..SIZE).contains(&y) {
        return '#';
    }
    let game = pos.game();
    let n = game.board.node_ids().find(|&n| xy(game, n) == (x, y)).unwrap();
    match pos.cell(n) {
        None => '.',
        Some(p) if p.seat == pos.to_move() => 'X',
        Some(_) => 'O',
    }
}

/// Whether a shape's character accepts what is there, with the sides swapped or not.
fn accepts(rule: char, found: char, swapped: bool) -> bool {
    let found = match (found, swapped) {
        ('X', true) => 'O',
        ('O', true) => 'X',
        (c, _) => c,
    };
    match rule {
        '?' => true,
        'x' => found != 'X',
        'o' => found != 'O',
        c => c == found,
    }
}

/// One of the square's symmetries, as a map of an offset (east, north).
type Symmetry = fn(i32, i32) -> (i32, i32);

/// Whether some shape, turned, mirrored or with its sides swapped, matches around the empty node `n`.
fn matches(pos: &Position, shapes: &[[String; 3]], n: NodeId) -> bool {
    let (cx, cy) = xy(pos.game(), n);
    // The square's eight symmetries.
    let turns: [Symmetry; 8] = [
        |a, b| (a, b),
        |a, b| (b, -a),
        |a, b| (-a, -b),
        |a, b| (-b, a),
        |a, b| (-a, b),
        |a, b| (b, a),
        |a, b| (a, -b),
        |a, b| (-b, -a),
    ];
    shapes.iter().any(|rows| {
        turns.iter().any(|turn| {
            [false, true].into_iter().any(|swapped| {
                (0..3).all(|r| {
                    rows[r].chars().enumerate().all(|(c, rule)| {
                        let (dx, dy) = turn(c as i32 - 1, 1 - r as i32);
                        (r, c) == (1, 1) || accepts(rule, at(pos, cx + dx, cy + dy), swapped)
                    })
                })
            })
        })
    })
}

/// Whether the mover's stone on `n` would stand in atari having taken nothing.
fn self_atari(pos: &Position, n: NodeId) -> bool {
    let mut after = pos.clone();
    let before: usize = pos.game().board.node_ids().filter(|&m| pos.cell(m).is_some()).count();
    after.play(&Move::place(qipan::core::PieceId::new(0), n)).unwrap();
    let now: usize = pos.game().board.node_ids().filter(|&m| after.cell(m).is_some()).count();
    now == before + 1 && chain(&after, n).1.len() == 1
}

/// The moves the shapes call for: empty nodes among the eight around the last move where a shape
/// matches, legal, and not a stone left in atari that takes nothing.
fn expected(pos: &Position, shapes: &[[String; 3]]) -> BTreeSet<NodeId> {
    let game = pos.game();
    let (lx, ly) = xy(game, pos.last_move().unwrap().to);
    let legal = pos.legal_moves();
    game.board
        .node_ids()
        .filter(|&n| {
            let (x, y) = xy(game, n);
            (x - lx).abs() <= 1 && (y - ly).abs() <= 1 && (x, y) != (lx, ly)
        })
        .filter(|&n| pos.cell(n).is_none() && matches(pos, shapes, n))
        .filter(|&n| legal.iter().any(|m| !m.is_pass() && m.to == n) && !self_atari(pos, n))
        .collect()
}

/// The first move of a one-ply light playout from `pos` under `seed`.
fn first_move(pos: &Position, seed: u64, patterns: bool) -> Move {
    common::first_playout_move(pos, seed, |buf| buf.patterns(patterns))
}

/// Positions in the middle of random 9×9 games, the last move a stone.
fn positions(game: &std::sync::Arc<Game>) -> impl Iterator<Item = Position> + '_ {
    (0..200u64).filter_map(|g| {
        let mut pos = game.start();
        let plies = 4 + (g * 7) % 90;
        random_playout(&mut pos, &mut SmallRng::seed_from_u64(g), &mut PlayoutBuf::default(), plies as u32).unwrap();
        (!pos.is_over() && pos.last_move().is_some_and(|m| !m.is_pass())).then_some(pos)
    })
}

#[test]
fn go_s_shapes_match_where_their_rows_say() {
    let game = qipan::load("go", &[("size".into(), "9".into())]).unwrap();
    let (shapes, patterns) = (shapes(), game.patterns.as_ref().unwrap());
    assert_eq!(shapes.len(), 13);
    let (mut matched, mut not) = (0, 0);
    for pos in positions(&game) {
        for n in game.board.node_ids().filter(|&n| pos.cell(n).is_none()) {
            let m = matches(&pos, &shapes, n);
            assert_eq!(patterns.matches(&pos, n), m, "{} at ply {}", game.board.label(n), pos.ply());
            if m { matched += 1 } else { not += 1 }
        }
    }
    assert!(matched > 500 && not > 500, "{matched} matches, {not} not");
}

#[test]
fn playouts_play_a_shape_beside_the_last_move_and_otherwise_as_before() {
    let game = qipan::load("go", &[("size".into(), "9".into())]).unwrap();
    let shapes = shapes();
    let (mut shaped, mut plain) = (0, 0);
    for pos in positions(&game) {
        let expected = expected(&pos, &shapes);
        if expected.is_empty() {
            // No shape: the same draw as without them, from the same seed.
            for seed in 0..3 {
                assert_eq!(first_move(&pos, seed, true), first_move(&pos, seed, false), "ply {}", pos.ply());
            }
            plain += 1;
        } else {
            let drawn: BTreeSet<NodeId> = (0..60).map(|seed| first_move(&pos, seed, true).to).collect();
            assert_eq!(drawn, expected, "ply {}", pos.ply());
            shaped += 1;
        }
    }
    assert!(shaped >= 30 && plain >= 20, "{shaped} positions with shapes, {plain} without");
}
