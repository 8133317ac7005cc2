//! The stack rules one by one, on small boards written here: `carry top` (one move per height, the
//! height in the text where it is a choice), legs of `*carried` steps, `onto` (the carried pieces on top,
//! the top deciding control), landing without `onto` (the column there captured whole), and the height
//! limit with both kinds of `overflow`.

use qipan::core::notation::{move_text, parse_move};
use qipan::core::{Game, PieceId, Position, SeatId};
use std::sync::Arc;

/// A row of `width` nodes with columns of up to `height`; `moves` is the disc's rule; `extra` more
/// board keys.
fn row(width: usize, height: usize, extra: &str, moves: &str, setup: &str) -> Arc<Game> {
    let src = format!(
        "name: row
board: {{ grid: {{ width: {width}, height: 1, labels: chess }}, stacks: {height}{extra} }}
seats: [{{ name: white }}, {{ name: black }}]
pieces:
  disc: {{ moves: [\"{moves}\"] }}
setup:
{setup}
rules: {{ pass: never, stuck: lose }}
"
    );
    qipan::load_str("row.yaml", &src, &[]).unwrap()
}

fn play(pos: &mut Position, text: &str) {
    let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert!(pos.legal_moves().contains(&mv), "{text} is not legal");
    pos.play(&mv).unwrap();
    assert_eq!(pos.hash(), pos.hash_from_scratch(), "after {text}");
}

/// The seats of the column on `label`, bottom to top.
fn seats(pos: &Position, label: &str) -> Vec<u8> {
    pos.column(pos.game().board.find(label).unwrap()).iter().map(|p| p.seat.0).collect()
}

fn moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| move_text(pos.game(), m)).collect();
    v.sort();
    v
}

const WHITE_A1_B1_BLACK_E1: &str =
    "  - { seat: white, piece: disc, at: [a1, b1] }\n  - { seat: black, piece: disc, at: [e1] }";

#[test]
fn carry_top_makes_one_move_per_height_and_writes_it() {
    let game = row(5, 4, "", "slide orthogonal carry top to empty onto friend", WHITE_A1_B1_BLACK_E1);
    let mut pos = game.start();
    play(&mut pos, "a1-b1");
    play(&mut pos, "e1-d1");
    assert_eq!(moves(&pos), ["b1-a1/1", "b1-a1/2", "b1-c1/1", "b1-c1/2"]);
    // Without the height the text fits two moves.
    assert!(parse_move(&pos, "b1-c1").is_err());
    play(&mut pos, "b1-c1/2");
    assert_eq!((seats(&pos, "b1"), seats(&pos, "c1")), (vec![], vec![0, 0]));
    for m in pos.legal_moves() {
        assert_eq!(parse_move(&pos, &move_text(&game, &m)).unwrap(), m);
    }
}

#[test]
fn a_leg_of_carried_steps_goes_as_far_as_the_move_carries() {
    let setup = "  - { seat: white, piece: disc, at: [a1, b1, c1] }\n  - { seat: black, piece: disc, at: [g1] }";
    let game = row(7, 5, "", "leap orthogonal*carried carry top to empty onto any", setup);
    let mut pos = game.start();
    play(&mut pos, "a1-b1"); // one disc, one node
    play(&mut pos, "g1-f1");
    play(&mut pos, "b1-d1"); // the top two of b1 (white, white), two nodes: no height written
    assert_eq!(seats(&pos, "d1"), [0, 0]);
    play(&mut pos, "f1-e1");
    // From d1 (two high): the top one to c1 or e1, both three... over the edge on the left.
    assert_eq!(moves(&pos), ["c1-b1", "c1-d1", "d1-b1", "d1-c1", "d1-e1", "d1-f1"]);
    play(&mut pos, "d1-f1");
    assert_eq!(seats(&pos, "f1"), [0, 0]);
}

#[test]
fn onto_puts_the_carried_pieces_on_top_and_the_top_commands() {
    let game = row(5, 4, "", "step orthogonal carry top to empty onto any", WHITE_A1_B1_BLACK_E1);
    let mut pos = game.start();
    play(&mut pos, "b1-c1");
    play(&mut pos, "e1-d1");
    play(&mut pos, "c1-d1"); // White's disc on Black's: White commands d1
    assert_eq!(seats(&pos, "d1"), [1, 0]);
    assert_eq!(pos.captures(), [0, 0], "stacking captures nothing");
    // Black has no column left to move: it loses.
    assert!(pos.is_over());
    assert_eq!(pos.outcome().unwrap().winners, [SeatId(0)]);
}

#[test]
fn landing_without_onto_captures_the_whole_column() {
    let setup = "  - { seat: white, piece: disc, at: [a1, b1] }\n  - { seat: black, piece: disc, at: [d1, e1] }";
    let game = row(5, 4, "", "step orthogonal carry top onto friend", setup);
    let mut pos = game.start();
    play(&mut pos, "a1-b1"); // onto White's own
    play(&mut pos, "e1-d1"); // onto Black's own: d1 is two black discs
    play(&mut pos, "b1-c1/1");
    play(&mut pos, "d1-c1/2"); // lands on White's disc, not a friend: takes it
    assert_eq!(seats(&pos, "c1"), [1, 1]);
    assert_eq!(pos.captures(), [0, 1]);
}

#[test]
fn pieces_off_the_bottom_are_captured_or_kept_in_the_reserve() {
    // Columns of two at most.
    let setup = "  - { seat: white, piece: disc, at: [a1, b1, c1] }\n  - { seat: black, piece: disc, at: [e1] }";
    for (overflow, kept) in [("", 0), (", overflow: remove", 0), (", overflow: reserve", 1)] {
        let game = row(5, 2, overflow, "step orthogonal carry top to empty onto any", setup);
        let mut pos = game.start();
        let white_reserve = |pos: &Position| pos.reserve(SeatId(0), PieceId::new(0));
        play(&mut pos, "a1-b1"); // b1: white, white
        play(&mut pos, "e1-d1");
        play(&mut pos, "c1-b1"); // three high: White's own disc at the bottom comes off
        assert_eq!(seats(&pos, "b1"), [0, 0], "{overflow}");
        assert_eq!((pos.captures(), white_reserve(&pos)), (&[0, 0][..], kept), "{overflow}");
        play(&mut pos, "d1-c1"); // c1: black
        play(&mut pos, "b1-c1/2"); // black, white, white: Black's disc comes off, captured
        assert_eq!(seats(&pos, "c1"), [0, 0], "{overflow}");
        assert_eq!((pos.captures(), white_reserve(&pos)), (&[1, 0][..], kept), "{overflow}");
        assert_eq!(pos.outcome().unwrap().winners, [SeatId(0)], "Black has no column: it loses");
    }
}

/// The book's example (`book/src/examples/stacking.yaml`) does what the Stacks chapter says.
#[test]
fn the_books_little_focus_stacks_and_overflows() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/book/src/examples/stacking.yaml");
    let src = std::fs::read_to_string(path).unwrap();
    let game = qipan::load_str(path, &src, &[]).unwrap();
    let mut pos = game.start();
    play(&mut pos, "a1-b1");
    assert_eq!(seats(&pos, "b1"), [1, 0], "Red's piece on Green's: Red commands b1");
    for m in ["d1-c1", "a2-b2", "c1-b1"] {
        play(&mut pos, m);
    }
    assert_eq!(seats(&pos, "b1"), [1, 0, 1], "three high, Green on top");
    play(&mut pos, "b2-b1");
    assert_eq!(seats(&pos, "b1"), [0, 1, 0], "four high: Green's piece at the bottom is captured");
    assert_eq!(pos.captures(), [1, 0]);
    play(&mut pos, "b2-b1");
    assert_eq!(seats(&pos, "b1"), [1, 0, 1], "Green's last piece takes b1 back, and Red's bottom piece");
    assert_eq!(pos.captures(), [1, 1]);
    // Red's one column, c1, may go one node; it takes b1 and Green has nothing left to move.
    assert_eq!(moves(&pos), ["c1-b1", "c1-c2", "c1-d1"]);
    play(&mut pos, "c1-b1");
    assert_eq!((seats(&pos, "b1"), pos.captures()), (vec![0, 1, 0], &[2, 1][..]));
    assert_eq!(pos.outcome().unwrap().winners, [SeatId(0)]);
}
