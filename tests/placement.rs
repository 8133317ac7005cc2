//! The blocks of placement games: neighbour counts in conditions (`adjacent(r, C) OP N`), scores from
//! the pieces and groups on the board, and passes allowed only when a condition holds. Each is checked
//! against answers worked out here from the rules (coordinates, flood fills written for the test), not
//! through the engine's own tables.

use qipan::core::notation::move_text;
use qipan::core::{Game, Position};
use std::collections::BTreeSet;
use std::sync::Arc;

mod common;

/// Compiles a definition; panics with the diagnostics if it does not compile.
fn load(yaml: &str) -> Arc<Game> {
    qipan::load_str("test.yaml", yaml, &[]).unwrap_or_else(|d| panic!("does not compile:\n{d}\n{yaml}"))
}

/// A small deterministic generator, so failures reproduce.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// The legal moves of the seat to move, as move texts.
fn texts(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| move_text(pos.game(), m)).collect()
}

/// Chess-style label of grid coordinates.
fn label(x: i32, y: i32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

// ---------------------------------------------------------------------------------------------
// adjacent(r, C) OP N
// ---------------------------------------------------------------------------------------------

/// Black and White on 5×5 (Black forward north); each piece type one placement rule.
fn neighbourly() -> Arc<Game> {
    load(
        "name: neighbourly
board: { grid: { width: 5, height: 5, labels: chess, diagonal: true } }
seats: [{ name: black, forward: [n] }, { name: white, forward: [s] }]
pieces:
  pair:
    symbols: [P, p]
    moves: place to empty and adjacent(orthogonal, friend) >= 2
  loner:
    symbols: [L, l]
    moves: place to empty and adjacent(diagonal, enemy) == 0
  scout:
    symbols: [S, s]
    moves: place to empty and adjacent(orthogonal.forward, empty) != 1 and adjacent(orthogonal.(e|w), any) < 2
rules: { pass: always }
",
    )
}

/// Where each rule of `neighbourly` may place for the seat to move, worked out from coordinates:
/// `piece@node`, and the pass.
fn placements_by_hand(pos: &Position) -> BTreeSet<String> {
    let game = pos.game();
    let me = pos.to_move();
    // 1: the mover's, -1: the other seat's, 0: empty or off the board (None).
    let at = |x: i32, y: i32| -> Option<i32> {
        if !(0..5).contains(&x) || !(0..5).contains(&y) {
            return None;
        }
        let n = game.board.find(&label(x, y)).expect("a node");
        Some(pos.cell(n).map_or(0, |p| if p.seat == me { 1 } else { -1 }))
    };
    let count = |x: i32, y: i32, steps: &[(i32, i32)], want: &dyn Fn(i32) -> bool| {
        steps.iter().filter(|(dx, dy)| at(x + dx, y + dy).is_some_and(want)).count()
    };
    let forward = if me.idx() == 0 { 1 } else { -1 };
    let mut out = BTreeSet::new();
    for x in 0..5 {
        for y in 0..5 {
            if at(x, y) != Some(0) {
                continue;
            }
            let l = label(x, y);
            if count(x, y, &[(0, 1), (1, 0), (0, -1), (-1, 0)], &|v| v == 1) >= 2 {
                out.insert(format!("pair@{l}"));
            }
            if count(x, y, &[(1, 1), (1, -1), (-1, -1), (-1, 1)], &|v| v == -1) == 0 {
                out.insert(format!("loner@{l}"));
            }
            if count(x, y, &[(0, forward)], &|v| v == 0) != 1 && count(x, y, &[(1, 0), (-1, 0)], &|v| v != 0) < 2 {
                out.insert(format!("scout@{l}"));
            }
        }
    }
    out.insert("pass".into());
    out
}

#[test]
fn adjacent_placements_agree_with_coordinates_over_random_games() {
    let game = neighbourly();
    let mut rng = Lcg(7);
    let mut checked = 0;
    for _ in 0..40 {
        let mut pos = game.start();
        for _ in 0..24 {
            let by_hand = placements_by_hand(&pos);
            assert_eq!(texts(&pos), by_hand, "ply {}", pos.ply());
            checked += 1;
            let moves = pos.legal_moves();
            let mv = moves[rng.below(moves.len())];
            pos.play(&mv).expect("a legal move");
            if pos.is_over() {
                break;
            }
        }
    }
    assert!(checked > 500, "{checked} positions");
}
