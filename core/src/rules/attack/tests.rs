//! Unit tests of attacks: nodes attacked by a slider (and blocked), a leaper, a hopper and a walker in
//! small games built in code, and the check rule that applies them, against answers worked out by
//! hand.

use super::attacked;
use crate::PieceId;
use crate::rules::{Cond, DirSel, Leg, Pattern, Rules, WalkStep};
use crate::testkit::*;

const KING: PieceId = PieceId::new(0);
const ROOK: PieceId = PieceId::new(1);
const KNIGHT: PieceId = PieceId::new(2);
const CANNON: PieceId = PieceId::new(3);
const WALKER: PieceId = PieceId::new(4);
const WAZIR: PieceId = PieceId::new(5);

/// On 5×5: a king stepping in all eight directions, a rook, a knight, a cannon (`hop orthogonal over
/// any to enemy`), a walker (`walk 1..2 by orthogonal` to empty or enemy) and a wazir (one orthogonal
/// step); `check`: whether the king is protected by the check rule.
fn attackers(check: bool) -> std::sync::Arc<crate::Game> {
    let b = board(5, 5, &[]);
    let (orth, diag) = (rel(&b, "orthogonal"), rel(&b, "diagonal"));
    let step = |relation| rule(slide(relation, DirSel::All, 1, 1), empty_or_enemy());
    let knight = vec![
        Leg { relation: orth, dirs: DirSel::All, count: 1 },
        Leg { relation: diag, dirs: DirSel::Outward, count: 1 },
    ];
    let walk = Pattern::Walk {
        min: 1,
        max: 2,
        steps: vec![WalkStep { relation: orth, modes: 0 }],
        modes: 0,
        reset: Cond::Not(Box::new(Cond::True)),
        returning: false,
        pinch: None,
    };
    let pieces = vec![
        piece("king", vec![step(orth), step(diag)]),
        piece("rook", vec![rule(slide(orth, DirSel::All, 1, 255), empty_or_enemy())]),
        piece("knight", vec![rule(Pattern::Leap { legs: knight, blockable: false }, empty_or_enemy())]),
        piece(
            "cannon",
            vec![rule(
                Pattern::Hop { relation: orth, dirs: DirSel::All, screen: Cond::True, max_after: 255 },
                Cond::Enemy,
            )],
        ),
        piece("walker", vec![rule(walk, empty_or_enemy())]),
        piece("wazir", vec![step(orth)]),
    ];
    game(b, pieces, Rules { check: if check { vec![KING] } else { vec![] }, ..Rules::default() })
}

/// Which of `labels` (each holding a piece) are attacked.
fn under_attack(pos: &crate::Position, labels: &[&str]) -> Vec<bool> {
    let b = &pos.game().board;
    labels
        .iter()
        .map(|l| {
            let n = node(b, l);
            attacked(pos, pos.cells(), n, pos.cell(n).expect("a piece"))
        })
        .collect()
}

#[test]
fn a_slider_attacks_along_its_lines_up_to_the_first_piece() {
    let g = attackers(false);
    // Black rook a5; White pieces a1 (behind a3), a3 (the first on the file), e5 (along the rank), b4.
    let pieces =
        [("a5", BLACK, ROOK), ("a1", WHITE, WAZIR), ("a3", WHITE, WAZIR), ("e5", WHITE, WAZIR), ("b4", WHITE, WAZIR)];
    let pos = position(&g, &pieces, WHITE);
    assert_eq!(under_attack(&pos, &["a1", "a3", "e5", "b4"]), [false, true, true, false]);
    // A piece is never attacked by its own side.
    assert_eq!(under_attack(&pos, &["a5"]), [false]);
}

#[test]
fn a_leaper_over_anything_a_hopper_over_exactly_one_screen() {
    let g = attackers(false);
    let targets = [("a2", WHITE, WAZIR), ("b1", WHITE, WAZIR), ("a1", WHITE, WAZIR)];
    let between = [("b3", WHITE, WAZIR), ("c2", WHITE, WAZIR)];
    let pos = position(&g, &[&[("c3", BLACK, KNIGHT)][..], &targets, &between].concat(), WHITE);
    // c3 reaches a2 and b1 over b3 and c2 (and a4, b5, d1, d5, e2, e4); a1 is no knight's move away.
    assert_eq!(under_attack(&pos, &["a2", "b1", "a1"]), [true, true, false]);
    let cannon = |screens: &[(&'static str, SeatId, PieceId)]| {
        position(&g, &[&[("a5", BLACK, CANNON), ("a1", WHITE, WAZIR)][..], screens].concat(), WHITE)
    };
    assert_eq!(under_attack(&cannon(&[]), &["a1"]), [false], "no screen");
    assert_eq!(under_attack(&cannon(&[("a3", WHITE, WAZIR)]), &["a1"]), [true]);
    assert_eq!(under_attack(&cannon(&[("a3", WHITE, WAZIR), ("a4", BLACK, WAZIR)]), &["a1"]), [false], "two screens");
}

#[test]
fn a_walker_attacks_what_its_walk_reaches() {
    let g = attackers(false);
    // From c5, two orthogonal steps reach c3 (through c4), b4 and d4, not e3 (four away).
    let pos =
        position(&g, &[("c5", BLACK, WALKER), ("c3", WHITE, WAZIR), ("b4", WHITE, WAZIR), ("e3", WHITE, WAZIR)], WHITE);
    assert_eq!(under_attack(&pos, &["c3", "b4", "e3"]), [true, true, false]);
    // A piece on c4 is attacked itself, and closes the only way to c3.
    let pos = position(&g, &[("c5", BLACK, WALKER), ("c3", WHITE, WAZIR), ("c4", WHITE, WAZIR)], WHITE);
    assert_eq!(under_attack(&pos, &["c3", "c4"]), [false, true]);
}

#[test]
fn the_check_rule_keeps_the_king_out_of_a_walkers_reach() {
    // White's king on c2 is attacked by the walker on c4 (through c3). It may go where two orthogonal
    // steps from c4 do not reach (b1, b2, c1, d1, d2: not b3, c3, d3); b3 holds White's wazir, whose
    // only legal move is to c3, closing the walker's way.
    let pieces = [("c2", WHITE, KING), ("b3", WHITE, WAZIR), ("c4", BLACK, WALKER)];
    let pos = position(&attackers(true), &pieces, WHITE);
    assert!(pos.in_check(WHITE));
    let expected = ["b3-c3", "c2-b1", "c2-b2", "c2-c1", "c2-d1", "c2-d2"];
    assert_eq!(legal(&pos), texts(&expected));
}
