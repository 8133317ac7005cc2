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

/// The neighbours of a chessboard label in the given (file, rank) steps, worked out from the label.
fn neighbours_by_hand(label: &str, steps: &[(i32, i32)]) -> Vec<String> {
    let (f, r) = (label.as_bytes()[0] as i32 - 'a' as i32, label[1..].parse::<i32>().unwrap() - 1);
    steps
        .iter()
        .map(|(df, dr)| (f + df, r + dr))
        .filter(|&(f, r)| (0..5).contains(&f) && (0..5).contains(&r))
        .map(|(f, r)| format!("{}{}", (b'a' + f as u8) as char, r + 1))
        .collect()
}

const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

#[test]
fn adjacent_counts_the_neighbours_where_the_condition_holds_everywhere_and_for_every_comparison() {
    use super::Adjacent;
    let pos = four_seats();
    let b = &pos.game().board;
    let cmps = [Cmp::Lt, Cmp::Le, Cmp::Eq, Cmp::Ne, Cmp::Ge, Cmp::Gt];
    for (relation, steps) in [("orthogonal", ORTHOGONAL), ("diagonal", DIAGONAL)] {
        for cond in [Cond::Friend, Cond::Enemy, Cond::Empty, Cond::Ally, Cond::True] {
            for seat in [WHITE, BLACK, GREY] {
                for n in b.node_ids() {
                    let around = neighbours_by_hand(b.label(n), &steps);
                    let count = around.iter().filter(|l| cond.eval(&pos, seat, node(b, l))).count() as i64;
                    for cmp in cmps {
                        for k in -1..=5 {
                            let a = Adjacent {
                                relation: rel(b, relation),
                                dirs: DirSel::All,
                                cond: cond.clone(),
                                cmp,
                                n: k,
                            };
                            let c = Cond::Adjacent(Box::new(a));
                            let why = format!("{relation} {cond:?} {cmp:?} {k} at {} for {seat}", b.label(n));
                            assert_eq!(c.eval(&pos, seat, n), cmp.apply(count, k), "{why}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn adjacent_over_some_directions_and_the_movers_forward() {
    use super::Adjacent;
    let pos = four_seats();
    let b = &pos.game().board;
    let orth = rel(b, "orthogonal");
    let dir = |name| b.direction(name).unwrap();
    let adjacent = |dirs, cond, cmp, n| Cond::Adjacent(Box::new(Adjacent { relation: orth, dirs, cond, cmp, n }));
    // b2 touches a2 (empty), c2 (empty), b1 (Grey's) and b3 (empty). North and south: one piece, Grey's.
    let ns = DirSel::Named(vec![dir("n"), dir("s")]);
    assert!(adjacent(ns.clone(), Cond::Ally, Cmp::Eq, 1).eval(&pos, WHITE, node(b, "b2")));
    assert!(adjacent(ns.clone(), Cond::Empty, Cmp::Eq, 1).eval(&pos, WHITE, node(b, "b2")));
    let ew = DirSel::Named(vec![dir("e"), dir("w"), dir("e")]);
    assert!(adjacent(ew, Cond::Empty, Cmp::Eq, 2).eval(&pos, WHITE, node(b, "b2")), "e named twice counts once");
    // Forward is north for White and south for Black: from a2, White sees the empty a3, Black its a1 man.
    let ahead = |c| adjacent(DirSel::Forward, c, Cmp::Eq, 1);
    assert_eq!(holds(&pos, &ahead(Cond::Empty), WHITE, &["a2"]), [true]);
    assert_eq!(holds(&pos, &ahead(Cond::Enemy), BLACK, &["a2"]), [true]);
    assert_eq!(holds(&pos, &ahead(Cond::Empty), BLACK, &["a2"]), [false]);
    // Sideways from b2: a2 and c2, both empty; backward for White: b1.
    assert!(adjacent(DirSel::Sideways, Cond::Empty, Cmp::Eq, 2).eval(&pos, WHITE, node(b, "b2")));
    assert!(adjacent(DirSel::Backward, Cond::Ally, Cmp::Eq, 1).eval(&pos, WHITE, node(b, "b2")));
    // No node, no neighbours: false whatever the comparison.
    assert!(!adjacent(DirSel::All, Cond::True, Cmp::Ge, 0).eval(&pos, WHITE, crate::NodeId::NONE));
}

#[test]
fn adjacent_reads_the_board_it_is_given_and_its_facts_are_those_of_a_node_test() {
    use super::Adjacent;
    let pos = four_seats();
    let b = &pos.game().board;
    let a = Adjacent { relation: rel(b, "orthogonal"), dirs: DirSel::All, cond: Cond::Friend, cmp: Cmp::Ge, n: 2 };
    let two_friends = Cond::Adjacent(Box::new(a));
    let b2 = node(b, "b2");
    // b2's friends for White: none (b1 is Grey's). Were a2 and c2 White's men, two.
    assert!(!two_friends.eval(&pos, WHITE, b2));
    let (a2, c2) = (node(b, "a2"), node(b, "c2"));
    let man = crate::Piece { seat: WHITE, piece: MAN };
    let after = |n| if n == a2 || n == c2 { Some(man) } else { pos.cell(n) };
    assert!(two_friends.eval_with(&pos, WHITE, b2, &after));
    // A node test (not for `if`), possible on an empty node or an occupied one, with no fast form.
    assert!(two_friends.tests_node() && two_friends.allows_empty() && !two_friends.requires_empty());
    let place = Cond::And(vec![Cond::Empty, two_friends.clone()]);
    assert!(place.requires_empty() && place.allows_empty());
    assert_eq!(FastTarget::of(&two_friends), None);
    assert_eq!(FastTarget::of(&place), None);
    assert!(Cond::Not(Box::new(two_friends)).allows_empty());
}
