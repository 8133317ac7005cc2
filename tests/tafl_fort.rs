//! Copenhagen Hnefatafl's edge fort (the `forts` end rule), on hand-made positions: a fort whose wall
//! cannot be captured wins for the defenders; a wall with a piece the attackers can take, a king who
//! cannot move, an attacker inside, or the option turned off do not. Where a fort is breakable, the
//! attackers then break it, to show the rule right.

mod common;

use common::{game, play, position_with};
use qipan::core::{EndReason, Position, SeatId};

const DEFENDERS: SeatId = SeatId(1);

/// Hnefatafl with the king on `king`, defenders on `defenders` and attackers on `attackers`, the defenders
/// to move.
fn board(opts: &[(&str, &str)], king: &str, defenders: &str, attackers: &str) -> Position {
    let g = game("hnefatafl", opts);
    let mut pieces = vec![("defenders", "king", king)];
    pieces.extend(defenders.split_whitespace().map(|l| ("defenders", "soldier", l)));
    pieces.extend(attackers.split_whitespace().map(|l| ("attackers", "soldier", l)));
    position_with(&g, &[], &pieces, "defenders")
}

fn reason(pos: &Position) -> Option<(EndReason, Vec<SeatId>)> {
    pos.outcome().map(|r| (r.reason.clone(), r.winners.clone()))
}

fn occupied(pos: &Position, l: &str) -> bool {
    pos.cell(pos.game().board.find(l).unwrap()).is_some()
}

/// The king on f1 can step to g1; e1, f2, g2 and h1 each have the board's edge, the inside or one
/// another on the far side of every line through them. `g4-g2` closes it.
const FORT: (&str, &str, &str) = ("f1", "e1 f2 h1 g4 f8", "a6 k6 f11 c3 i3");

#[test]
fn an_unbreakable_fort_on_the_edge_wins_for_the_defenders() {
    let (king, defenders, attackers) = FORT;
    let mut pos = board(&[], king, defenders, attackers);
    play(&mut pos, "g4-g2");
    assert_eq!(reason(&pos), Some((EndReason::Fort, vec![DEFENDERS])));
    assert_eq!(EndReason::Fort.to_string(), "an unbreakable fort was made");
}

#[test]
fn the_option_off_leaves_the_fort_without_effect() {
    let (king, defenders, attackers) = FORT;
    let mut pos = board(&[("edge_fort", "false")], king, defenders, attackers);
    play(&mut pos, "g4-g2");
    assert_eq!(reason(&pos), None);
}

#[test]
fn a_wall_piece_open_on_both_sides_breaks_the_fort() {
    // Inside f1 and f2: f3 on top has e3 and g3 beside it, both open to the attackers.
    let mut pos = board(&[], "f1", "e1 e2 g1 g2 f5 k9", "e5 i3 a6 f11");
    play(&mut pos, "f5-f3");
    assert_eq!(reason(&pos), None);
    // And they break it: e5-e3, then i3-g3 takes f3.
    play(&mut pos, "e5-e3");
    play(&mut pos, "k9-k10");
    play(&mut pos, "i3-g3");
    assert!(!occupied(&pos, "f3"), "f3 is taken between e3 and g3");
}

#[test]
fn a_corner_does_not_protect_a_wall_piece() {
    // Inside c1, c2 and b2: a2 stands between the corner a1 (hostile) and a3, open.
    let mut pos = board(&[], "c1", "b1 d1 b3 c3 d2 a5 k9", "a6 k6 f11");
    play(&mut pos, "a5-a2");
    assert_eq!(reason(&pos), None);
    play(&mut pos, "a6-a3");
    assert!(!occupied(&pos, "a2"), "a2 is taken against the corner");
}

#[test]
fn a_king_who_cannot_move_has_no_fort() {
    // e1, g1 and f2 round the king on f1: a safe wall, but the king has no empty square beside him.
    let mut pos = board(&[], "f1", "e1 g1 f4", "a6 k6 f11");
    play(&mut pos, "f4-f2");
    assert_eq!(reason(&pos), None);
}

#[test]
fn an_attacker_inside_spoils_the_fort() {
    // Inside f1, g1, f2, g2, walled by e1, e2, f3, g3, h1, h2: the fort holds, empty...
    let walls = "e1 e2 f3 g3 h1 h4 k9";
    let mut pos = board(&[], "f1", walls, "a6 k6 f11");
    play(&mut pos, "h4-h2");
    assert_eq!(reason(&pos), Some((EndReason::Fort, vec![DEFENDERS])));
    // ...but not with an attacker on g2 (h2 arriving beside it takes nothing: f2 is empty).
    let mut pos = board(&[], "f1", walls, "g2 a6 k6 f11");
    play(&mut pos, "h4-h2");
    assert!(occupied(&pos, "g2"));
    assert_eq!(reason(&pos), None);
}
