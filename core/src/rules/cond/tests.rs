//! Unit tests of the conditions: each form evaluated at chosen nodes of a small game built in code,
//! against answers worked out by hand.

use super::{Cmp, Cond, FastTarget};
use crate::game::{GameBuilder, Seat};
use crate::rules::{DirSel, Rules};
use crate::testkit::*;
use crate::{PieceId, SeatId};

const MAN: PieceId = PieceId::new(0);
const KING: PieceId = PieceId::new(1);
const GREY: SeatId = SeatId(2);
const RED: SeatId = SeatId(3);

/// On 5×5 with zones `south` (row 1), `middle` (row 3) and `north` (row 5), four seats: White,
/// Black, Grey (White's team-mate, its own player) and Red (held by White's player). `home` is
/// south for White, north for Black, middle for Red. Men step forward two nodes (passable); White
/// has a king in reserve. Men: White's on a1, Black's on a5, Grey's on b1, Red's on c1; White's king on e1.
fn four_seats() -> crate::Position {
    let b = board(
        5,
        5,
        &[
            ("south", &["a1", "b1", "c1", "d1", "e1"]),
            ("middle", &["a3", "b3", "c3", "d3", "e3"]),
            ("north", &["a5", "b5", "c5", "d5", "e5"]),
        ],
    );
    let zone = |name| Some(b.zone(name).unwrap());
    let [mut white, mut black] = seats(&b);
    white.zones = vec![zone("south")];
    black.zones = vec![zone("north")];
    let grey = Seat { team: WHITE.0, ..Seat::new("grey", "G", GREY) };
    let red = Seat { team: WHITE.0, held_by: WHITE, zones: vec![zone("middle")], ..Seat::new("red", "R", RED) };
    let mut double = rule(slide(rel(&b, "orthogonal"), DirSel::Forward, 2, 2), Cond::Empty);
    double.passable = true;
    let pieces = [piece("man", vec![double]), piece("king", vec![])];
    let g = build(
        GameBuilder::new("four", b)
            .seats([white, black, grey, red])
            .zone_alias("home")
            .pieces(pieces)
            .reserve(WHITE, KING, 1)
            .rules(Rules::default()),
    );
    position(
        &g,
        &[("a1", WHITE, MAN), ("a5", BLACK, MAN), ("b1", GREY, MAN), ("c1", RED, MAN), ("e1", WHITE, KING)],
        WHITE,
    )
}

/// Where `c` holds for `seat`, among `labels`.
fn holds(pos: &crate::Position, c: &Cond, seat: SeatId, labels: &[&str]) -> Vec<bool> {
    labels.iter().map(|l| c.eval(pos, seat, node(&pos.game().board, l))).collect()
}

#[test]
fn occupants_for_the_mover() {
    let pos = four_seats();
    let at = ["a1", "c1", "b1", "a5", "a2"]; // White, Red (White's), Grey (ally), Black, empty
    assert_eq!(holds(&pos, &Cond::True, WHITE, &at), [true; 5]);
    assert_eq!(holds(&pos, &Cond::Empty, WHITE, &at), [false, false, false, false, true]);
    assert_eq!(holds(&pos, &Cond::Friend, WHITE, &at), [true, true, false, false, false]);
    assert_eq!(holds(&pos, &Cond::Ally, WHITE, &at), [false, false, true, false, false]);
    assert_eq!(holds(&pos, &Cond::Enemy, WHITE, &at), [false, false, false, true, false]);
    assert_eq!(holds(&pos, &Cond::Enemy, BLACK, &at), [true, true, true, false, false]);
    assert_eq!(holds(&pos, &Cond::Piece(KING), WHITE, &["e1", "a1", "a2"]), [true, false, false]);
}

#[test]
fn zones_kinds_and_colours() {
    let pos = four_seats();
    let b = &pos.game().board;
    let at = ["a1", "e1", "c3", "e5"];
    assert_eq!(holds(&pos, &Cond::Zone(b.zone("south").unwrap()), WHITE, &at), [true, true, false, false]);
    assert_eq!(holds(&pos, &Cond::SeatZone(0), WHITE, &at), [true, true, false, false]);
    assert_eq!(holds(&pos, &Cond::SeatZone(0), BLACK, &at), [false, false, false, true]);
    assert_eq!(holds(&pos, &Cond::SeatZone(0), RED, &at), [false, false, true, false]);
    // White's side holds Red's seat, so Red's home is White's too; Grey's and Black's are not.
    assert_eq!(holds(&pos, &Cond::SideZone(0), WHITE, &at), [true, true, true, false]);
    let cell = b.kind_names().iter().position(|k| k == "cell").unwrap() as u8;
    assert_eq!(holds(&pos, &Cond::Kind(cell), WHITE, &at), [true; 4]);
    assert_eq!(holds(&pos, &Cond::Kind(cell + 1), WHITE, &at), [false; 4]);
    let dark = b.colour_names().iter().position(|k| k == "dark").unwrap() as u8;
    assert_eq!(holds(&pos, &Cond::Colour(dark), WHITE, &["a1", "b1", "c3", "b2"]), [true, false, true, true]);
}

#[test]
fn not_and_or_and_counts() {
    let pos = four_seats();
    let at = ["a1", "c1", "a5", "a2"];
    assert_eq!(holds(&pos, &Cond::Not(Box::new(Cond::Empty)), WHITE, &at), [true, true, true, false]);
    let south = pos.game().board.zone("south").unwrap();
    let and = Cond::And(vec![Cond::Friend, Cond::Zone(south)]);
    assert_eq!(holds(&pos, &and, WHITE, &at), [true, true, false, false]);
    assert_eq!(holds(&pos, &empty_or_enemy(), WHITE, &at), [false, false, true, true]);
    // White's side has three pieces (a1, c1, e1); the node asked about does not matter.
    let friends = |cmp, n| Cond::Count(Box::new(Cond::Friend), cmp, n);
    assert_eq!(holds(&pos, &friends(Cmp::Eq, 3), WHITE, &["a2"]), [true]);
    assert_eq!(holds(&pos, &friends(Cmp::Ge, 4), WHITE, &["a2"]), [false]);
    assert_eq!(holds(&pos, &friends(Cmp::Eq, 1), BLACK, &["a2"]), [true]);
}

#[test]
fn reserve_board_unmoved_and_passed() {
    let mut pos = four_seats();
    let none = crate::NodeId::NONE;
    assert!(Cond::InReserve(KING).eval(&pos, WHITE, none) && !Cond::InReserve(KING).eval(&pos, BLACK, none));
    assert!(Cond::OnBoard(KING).eval(&pos, WHITE, none) && !Cond::OnBoard(KING).eval(&pos, BLACK, none));
    assert_eq!(holds(&pos, &Cond::Unmoved, WHITE, &["a1", "a3", "a2"]), [true, false, false]);
    assert_eq!(holds(&pos, &Cond::Passed, BLACK, &["a2", "a3"]), [false, false]);
    play(&mut pos, "a1-a3");
    // The man has moved, and it passed a2, which stays marked for the next seat's move.
    assert_eq!(holds(&pos, &Cond::Unmoved, WHITE, &["a1", "a3", "b1"]), [false, false, true]);
    assert_eq!(holds(&pos, &Cond::Passed, BLACK, &["a2", "a3"]), [true, false]);
}

#[test]
fn the_fast_form_agrees_with_the_condition_everywhere() {
    let pos = four_seats();
    let south = pos.game().board.zone("south").unwrap();
    let not = |c| Cond::Not(Box::new(c));
    let conds = [
        Cond::True,
        Cond::Empty,
        Cond::Friend,
        Cond::Ally,
        Cond::Enemy,
        empty_or_enemy(),
        not(Cond::Empty),
        Cond::And(vec![not(Cond::Zone(south)), empty_or_enemy()]),
    ];
    for c in &conds {
        let fast = FastTarget::of(c).expect("a fast form");
        for seat in [WHITE, BLACK, GREY, RED] {
            for n in pos.game().board.node_ids() {
                assert_eq!(fast.allows(&pos, seat, n), c.eval(&pos, seat, n), "{c:?} for {seat} at {n:?}");
            }
        }
    }
    assert_eq!(FastTarget::of(&Cond::Piece(KING)), None);
}

#[test]
fn next_looks_one_step_along_a_direction_and_is_false_off_the_board() {
    let pos = four_seats();
    let b = &pos.game().board;
    let (orth, s) = (rel(b, "orthogonal"), b.direction("s").unwrap());
    let below = |c: Cond| Cond::Next(orth, s, Box::new(c));
    // a2 stands on White's a1; a3 on the empty a2; a1 has nothing below it.
    assert_eq!(holds(&pos, &below(Cond::Friend), WHITE, &["a2", "a3", "a1"]), [true, false, false]);
    assert_eq!(holds(&pos, &below(Cond::Empty), WHITE, &["a2", "a3", "a1"]), [false, true, false]);
    let gravity = Cond::And(vec![Cond::Empty, Cond::Not(Box::new(below(Cond::Empty)))]);
    assert_eq!(holds(&pos, &gravity, WHITE, &["a2", "a3", "d1", "e1"]), [true, false, true, false]);
    assert!(!below(Cond::True).eval(&pos, WHITE, crate::board::NodeId::NONE), "no node, no neighbour");
}
