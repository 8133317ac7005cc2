//! Crazyhouse as a definition (chess with drops, `extends: chess`): perft against Fairy-Stockfish and
//! python-chess's published counts, and each rule of the hand on its own.

mod common;

use common::perft::Speed;
use qipan::core::notation::{move_text, parse_move};
use qipan::core::{Game, Position, SeatId};
use std::sync::Arc;

fn crazyhouse() -> Arc<Game> {
    qipan::load("crazyhouse", &[]).expect("crazyhouse loads")
}

fn fen(f: &str) -> Position {
    Position::from_fen(&crazyhouse(), f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn play_all(p: &mut Position, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = parse_move(p, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.play(&mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn texts(p: &Position) -> Vec<String> {
    p.legal_moves().iter().map(|m| move_text(p.game(), m)).collect()
}

// The positions and counts (python-chess's examples/perft/crazyhouse.perft, and the start) are in
// tests/perft/crazyhouse.perft.

#[test]
fn perft_of_the_start_and_the_published_positions() {
    common::perft::check("crazyhouse.perft", Speed::Quick);
}

#[test]
#[ignore = "millions of nodes: run with --ignored in release"]
fn perft_of_the_start_and_the_published_positions_deeper() {
    common::perft::check("crazyhouse.perft", Speed::Slow);
}

#[test]
fn perft_agrees_with_fairy_stockfish() {
    common::perft::agree_with_fairy("crazyhouse.perft");
}

#[test]
fn a_captured_piece_goes_to_the_captors_hand_and_can_be_dropped() {
    let game = crazyhouse();
    let mut pos = game.start();
    play_all(&mut pos, "e2-e4 d7-d5 e4-d5 d8-d5");
    let pawn = game.piece("pawn").unwrap();
    assert_eq!((pos.reserve(SeatId(0), pawn), pos.reserve(SeatId(1), pawn)), (1, 1));
    assert_eq!(pos.to_fen().unwrap(), "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3");
    let moves = texts(&pos);
    assert!(moves.contains(&"pawn@e4".to_string()), "{moves:?}");
    assert!(!moves.iter().any(|m| m == "pawn@e8" || m == "pawn@a1"), "no pawn on the first or last rank");
    play_all(&mut pos, "P@e4");
    assert_eq!(pos.reserve(SeatId(0), pawn), 0);
}

#[test]
fn a_promoted_piece_is_captured_as_a_pawn() {
    // White's promoted queen on b7 is taken by the king: Black gets a pawn, not a queen.
    let game = crazyhouse();
    let mut pos = fen("8/1Q~6/k7/8/8/8/8/K7[] b - - 0 1");
    play_all(&mut pos, "a6-b7");
    assert_eq!(pos.reserve(SeatId(1), game.piece("pawn").unwrap()), 1);
    assert_eq!(pos.reserve(SeatId(1), game.piece("queen").unwrap()), 0);
    assert_eq!(pos.to_fen().unwrap(), "8/1k6/8/8/8/8/8/K7[p] w - - 0 2");
    // A pawn that promotes becomes the promoted type, written with its mark.
    let mut pos = fen("8/P7/8/8/8/8/8/K1k5[] w - - 0 1");
    play_all(&mut pos, "a7-a8=promoted-queen");
    assert_eq!(pos.to_fen().unwrap(), "Q~7/8/8/8/8/8/8/K1k5[] b - - 0 1");
}

#[test]
fn the_same_board_with_other_hands_is_another_position() {
    let game = qipan::load("crazyhouse", &[("repetition".into(), "true".into())]).unwrap();
    let start = "4k3/8/5q2/8/8/8/8/4K3[Pp] w - - 0 1";
    let dance = "e1-e2 e8-d8 e2-e1 d8-e8";
    // The kings go out and back twice: the third time the same board and hands is a draw.
    let mut pos = Position::from_fen(&game, start).unwrap();
    play_all(&mut pos, &format!("{dance} e1-e2 e8-d8 e2-e1"));
    assert!(!pos.is_over());
    play_all(&mut pos, "d8-e8");
    assert!(pos.is_over(), "the third time the same position");
    // Once out and back, then a pawn dropped and taken by the queen, which comes home: the board of the
    // start, with White to move, but Black holds both pawns. Not a third time.
    let mut pos = Position::from_fen(&game, start).unwrap();
    play_all(&mut pos, &format!("{dance} P@d6 f6-d6 e1-e2 d6-d8 e2-e1 d8-f6"));
    assert_eq!(pos.to_fen().unwrap(), "4k3/8/5q2/8/8/8/8/4K3[pp] w - - 4 6");
    assert!(!pos.is_over(), "the board of the start again, with other hands");
    // That position repeated twice more is the third time of its own.
    play_all(&mut pos, &format!("{dance} {dance}"));
    assert!(pos.is_over());
}

#[test]
fn fen_round_trips_through_random_games() {
    use rand::{Rng, SeedableRng};
    let game = crazyhouse();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(19);
    for _ in 0..20 {
        let mut pos = game.start();
        for _ in 0..80 {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.is_over() {
                break;
            }
            let before = pos.to_fen().unwrap();
            let mv = moves[rng.random_range(0..moves.len())];
            pos.play(&mv).unwrap();
            if pos.is_over() {
                break; // a mate leaves the mated side in check, which no FEN to move from has
            }
            let f = pos.to_fen().unwrap();
            let back = Position::from_fen(&game, &f)
                .unwrap_or_else(|e| panic!("{before} then {}: {f}: {e}", move_text(&game, &mv)));
            assert_eq!(back.to_fen().unwrap(), f);
            assert_eq!(back.hash(), pos.hash(), "{f}");
            assert_eq!(back.legal_moves().len(), moves_len(&pos), "{f}");
        }
    }
}

fn moves_len(p: &Position) -> usize {
    p.legal_moves().len()
}
