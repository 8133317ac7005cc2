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

/// Scharnagl's numbering, from its description and not through the engine: the light-square bishop on
/// file b, d, f or h (N mod 4), the dark-square one on a, c, e or g (the next digit), the queen on one of
/// the six files left (mod 6), the knights by the table of ten pairs of the five left, then R, K, R.
fn scharnagl(n: usize) -> String {
    let mut row = ['.'; 8];
    let mut n = n;
    let place = |row: &mut [char; 8], k: usize, c: char| {
        let free: Vec<usize> = (0..8).filter(|&i| row[i] == '.').collect();
        row[free[k]] = c;
    };
    row[2 * (n % 4) + 1] = 'B';
    n /= 4;
    row[2 * (n % 4)] = 'B';
    n /= 4;
    place(&mut row, n % 6, 'Q');
    n /= 6;
    let knights = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)][n];
    // Place the second knight first so the first one's index among the free files stays put.
    place(&mut row, knights.1, 'N');
    place(&mut row, knights.0, 'N');
    for c in ['R', 'K', 'R'] {
        place(&mut row, 0, c);
    }
    row.iter().collect()
}

#[test]
fn the_starts_are_numbered_as_scharnagl_did() {
    // Published numbers: 0, 1, 518 (the usual start) and 959.
    for (n, row) in [(0, "BBQNNRKR"), (1, "BQNBNRKR"), (518, "RNBQKBNR"), (959, "RKRNNQBB")] {
        assert_eq!(scharnagl(n), row);
    }
    let game = chess960();
    let shuffle = game.shuffle.as_ref().unwrap();
    assert_eq!(shuffle.count(), 960);
    for n in 0..960 {
        assert_eq!(shuffle.row_text(&game, n as u64).unwrap(), scharnagl(n), "start {n}");
    }
    // Each start: black mirrors white, pawns in front, and the FEN's castling rights are whole.
    let start = qipan::load("chess960", &[("start".into(), "0".into())]).unwrap().start();
    assert_eq!(start.to_fen().unwrap(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
}

#[test]
fn start_518_is_chess() {
    let chess = qipan::load("chess", &[]).unwrap().start();
    let c960 = chess960().start();
    assert_eq!(c960.to_fen(), chess.to_fen());
    assert_eq!(qipan::core::playout::perft(&c960, 4), 197_281);
    let e = qipan::load("chess960", &[("start".into(), "960".into())]).unwrap_err().to_string();
    assert!(e.contains("outside 0..959"), "{e}");
}

#[test]
fn fen_castling_rights_name_a_file_when_the_rook_is_not_the_outermost() {
    // Rooks on a1 (moved) and b1 (unmoved, with the right): `Q` would mean the a1 rook, so the file is named.
    let pos = fen("4k3/8/8/8/8/8/8/RR4K1 w B - 0 1");
    assert_eq!(pos.to_fen().unwrap(), "4k3/8/8/8/8/8/8/RR4K1 w B - 0 1");
    assert_eq!(castlings(&pos), ["g1-b1"]);
    // The outermost one keeps the letters of chess; Shredder-FEN letters read the same.
    assert_eq!(fen("3k4/8/8/8/8/8/8/R5KR w HA - 0 1").to_fen().unwrap(), "3k4/8/8/8/8/8/8/R5KR w KQ - 0 1");
}

/// A move in UCI's chess960 form: `e2e4`, `e7e8q`, and castling as the king taking its rook (`g1h1`).
fn uci(p: &Position, m: &qipan::core::Move) -> String {
    let text = move_text(p.game(), m);
    let (main, promote) = text.split_once('=').unwrap_or((&text, ""));
    format!("{}{}", main.replace('-', ""), promote.to_lowercase())
}

/// Random games from random starts, compared move by move with Fairy-Stockfish's legal moves (its
/// divide to depth 1 after the moves so far), where it is installed.
#[test]
fn random_games_agree_with_fairy_stockfish_move_by_move() {
    use rand::{Rng, SeedableRng};
    let Some(mut engine) = common::fairy::Fairy::start() else { return };
    engine.set("UCI_Chess960", "true");
    let mut rng = rand::rngs::SmallRng::seed_from_u64(960);
    for _ in 0..6 {
        let number = rng.random_range(0..960u32).to_string();
        let game = qipan::load("chess960", &[("start".into(), number.clone())]).unwrap();
        let mut pos = game.start();
        let start = pos.to_fen().unwrap();
        let mut played: Vec<String> = Vec::new();
        for _ in 0..80 {
            if pos.is_over() {
                break;
            }
            let moves = pos.legal_moves();
            let mut ours: Vec<String> = moves.iter().map(|m| uci(&pos, m)).collect();
            ours.sort();
            let played_refs: Vec<&str> = played.iter().map(String::as_str).collect();
            let mut theirs: Vec<String> =
                engine.perft("chess", Some(&start), &played_refs, 1).moves.into_iter().map(|(m, _)| m).collect();
            theirs.sort();
            assert_eq!(ours, theirs, "start {number} after {}", played.join(" "));
            let m = moves[rng.random_range(0..moves.len())];
            played.push(uci(&pos, &m));
            pos.play(&m).unwrap();
        }
    }
}
