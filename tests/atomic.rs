//! Explosions (`explode ... self`), on the book's atomic chess (book/src/examples/atomic.yaml): positions
//! set up by hand, each with the squares the rules say are emptied, and the winner when a king goes.

use qipan::core::notation::parse_move;
use qipan::core::{Game, Position, SeatId};
use std::sync::Arc;

fn game() -> Arc<Game> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/book/src/examples/atomic.yaml");
    qipan::load_str(path, &std::fs::read_to_string(path).unwrap(), &[]).unwrap()
}

/// The position of `fen` (ranks from 6 down, then the seat to move), with `mv` played.
fn after(game: &Arc<Game>, fen: &str, mv: &str) -> Position {
    let mut pos = Position::from_fen(game, fen).unwrap();
    pos.play(&parse_move(&pos, mv).unwrap()).unwrap();
    assert_eq!(pos.hash(), pos.hash_from_scratch());
    pos
}

/// The occupied squares, sorted.
fn occupied(pos: &Position) -> Vec<String> {
    let b = &pos.game().board;
    let mut v: Vec<String> = b.node_ids().filter(|&n| pos.cell(n).is_some()).map(|n| b.label(n).to_string()).collect();
    v.sort();
    v
}

#[test]
fn the_start_is_ordinary_chess() {
    let game = game();
    // Six pawn steps and four knight leaps: nothing to capture, nothing explodes.
    assert_eq!(game.start().legal_moves().len(), 10);
    let pos = after(&game, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR white", "b1-c3");
    assert_eq!(occupied(&pos).len(), 24);
}

#[test]
fn a_capture_blows_up_its_square_and_the_capturer_but_not_pawns() {
    let game = game();
    // White's queen c3 takes e5; around e5: black rook d6, black king f6 (taken: White wins), black
    // pawn f5 and white pawn e4 (spared), white knight f4 (own pieces go too).
    let pos = after(&game, "3r1k/4np/4PN/2Q3/6/K5 white", "c3-e5");
    assert_eq!(occupied(&pos), ["a1", "e4", "f5"]);
    assert_eq!(pos.captures(), &[5, 0], "knight e5, then rook, king, knight f4 and the queen herself");
    assert_eq!(pos.outcome().map(|r| r.winners.clone()), Some(vec![SeatId(0)]));
}

#[test]
fn a_quiet_move_explodes_nothing() {
    let game = game();
    let pos = after(&game, "3r1k/4np/4PN/2Q3/6/K5 white", "c3-c4");
    assert_eq!(occupied(&pos), ["a1", "c4", "d6", "e4", "e5", "f4", "f5", "f6"]);
    assert!(!pos.is_over());
}

#[test]
fn a_pawn_that_captures_goes_too_and_a_king_that_captures_loses() {
    let game = game();
    // The pawn d4 takes e5: the pawn is the capturer, so it goes; f6's king is beside e5 and goes.
    let pos = after(&game, "5k/4n1/3P2/6/6/K5 white", "d4-e5");
    assert_eq!(occupied(&pos), ["a1"]);
    assert_eq!(pos.outcome().map(|r| r.winners.clone()), Some(vec![SeatId(0)]));
    // White's king takes a knight beside it: it explodes itself and White loses.
    let pos = after(&game, "5k/6/6/6/1n4/K5 white", "a1-b2");
    assert_eq!(occupied(&pos), ["f6"]);
    assert_eq!(pos.outcome().map(|r| r.winners.clone()), Some(vec![SeatId(1)]));
}
