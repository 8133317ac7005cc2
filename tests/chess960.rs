//! Chess960 as a definition: perft against the published Chess960 suite and Fairy-Stockfish, castling onto
//! the chess columns whatever the start, and the numbered starts.

mod common;

use common::perft::Speed;
use qipan::core::notation::{move_text, parse_move};
use qipan::core::{Game, Position};
use std::sync::Arc;

fn chess960() -> Arc<Game> {
    qipan::load("chess960", &[]).expect("chess960 loads")
}

fn fen(f: &str) -> Position {
    Position::from_fen(&chess960(), f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn castlings(p: &Position) -> Vec<String> {
    let mut out: Vec<String> =
        p.legal_moves().iter().filter(|m| m.with_from.is_some()).map(|m| move_text(p.game(), m)).collect();
    out.sort();
    out
}

// The published positions and counts are in tests/perft/chess960.perft.

#[test]
fn perft_of_the_published_positions() {
    common::perft::check("chess960.perft", Speed::Quick);
}

#[test]
#[ignore = "tens of millions of nodes: run with --ignored in release"]
fn perft_of_the_published_positions_deeper() {
    common::perft::check("chess960.perft", Speed::Slow);
}

#[test]
fn perft_agrees_with_fairy_stockfish() {
    common::perft::agree_with_fairy("chess960.perft");
}

#[test]
fn castling_is_written_king_takes_rook_and_reads_back() {
    // The king on f1 between rooks on e1 and g1, as in published position 2 (rights GE).
    let pos = fen("k7/8/8/8/8/8/8/4RKR1 w GE - 0 1");
    // Kingside the king goes to g1, where its rook stands, and the rook to f1, where the king stood;
    // queenside the king goes to c1 and the rook from e1 to d1.
    assert_eq!(castlings(&pos), ["f1-e1", "f1-g1"]);
    for m in pos.legal_moves() {
        assert_eq!(parse_move(&pos, &move_text(pos.game(), &m)).unwrap(), m);
    }
    let mut after = pos.clone();
    after.play(&parse_move(&pos, "f1-g1").unwrap()).unwrap();
    assert_eq!(after.to_fen().unwrap(), "k7/8/8/8/8/8/8/4RRK1 b - - 1 1");
    // UCI's king-takes-rook form reads as the same move.
    assert_eq!(parse_move(&pos, "f1g1").unwrap(), parse_move(&pos, "f1-g1").unwrap());
}

#[test]
fn a_king_that_stays_put_castles_with_the_rook_alone() {
    // King g1, rook h1: the rook goes to f1 and the king stays.
    let pos = fen("6k1/8/8/8/8/8/8/R5KR w HA - 0 1");
    assert_eq!(castlings(&pos), ["g1-a1", "g1-h1"]);
    let mut after = pos.clone();
    after.play(&parse_move(&pos, "g1-h1").unwrap()).unwrap();
    assert_eq!(after.to_fen().unwrap().split(' ').next(), Some("6k1/8/8/8/8/8/8/R4RK1"));
    // Queenside the king goes from g1 to c1, passing d1, e1 and f1: a rook on e8 forbids it.
    let pos = fen("4r1k1/8/8/8/8/8/8/R5KR w HA - 0 1");
    assert_eq!(castlings(&pos), ["g1-h1"]);
}
