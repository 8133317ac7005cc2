//! The book's Alquerque (book/src/examples/alquerque.yaml): steps forwards and sideways along the drawn
//! lines, jumps along any of them in chains, compulsory capture; move counts worked out by hand.

use qipan::core::notation::{move_text, parse_move};
use qipan::core::playout::perft;
use qipan::core::{Game, Piece, Position, SeatId};
use std::sync::Arc;

fn game() -> Arc<Game> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/book/src/examples/alquerque.yaml");
    qipan::load_str(path, &std::fs::read_to_string(path).unwrap(), &[]).unwrap()
}

fn texts(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| move_text(pos.game(), m)).collect();
    v.sort();
    v
}

/// White men on `white`, black men on `black`, White to move.
fn position(game: &Arc<Game>, white: &[&str], black: &[&str]) -> Position {
    let mut setup = game.start().to_setup();
    setup.clear_board();
    let man = game.piece("man").unwrap();
    for (seat, nodes) in [(0, white), (1, black)] {
        for at in nodes {
            setup.put(game.board.find(at).unwrap(), Piece { seat: SeatId(seat), piece: man });
        }
    }
    setup.into_position().unwrap()
}

#[test]
fn the_opening_moves_by_hand() {
    let game = game();
    let pos = game.start();
    // Only c3 is empty: b2 (diagonally), c2, d2 (diagonally) step forward into it, d3 sideways.
    assert_eq!(texts(&pos), ["b2-c3", "c2-c3", "d2-c3", "d3-c3"]);
    // Black must take back: c4xc2, b3xd3 and d4xb2 are the only captures after the first three;
    // after d2-c3 both b4 (diagonally over c3) and d4 (over d3) jump into d2.
    let replies = |mv: &str| {
        let mut p = pos.clone();
        p.play(&parse_move(&p, mv).unwrap()).unwrap();
        texts(&p)
    };
    assert_eq!(replies("c2-c3"), ["c4xc2"]);
    assert_eq!(replies("d3-c3"), ["b3xd3"]);
    assert_eq!(replies("b2-c3"), ["d4xb2"]);
    assert_eq!(replies("d2-c3"), ["b4xd2", "d4xd2"]);
    assert_eq!(perft(&pos, 2), 5);
}

#[test]
fn men_step_forwards_and_sideways_only() {
    let game = game();
    // c3 is an even point (diagonals): forwards n, ne, nw, sideways e, w; never s, se or sw.
    let pos = position(&game, &["c3"], &["a5"]);
    assert_eq!(texts(&pos), ["c3-b3", "c3-b4", "c3-c4", "c3-d3", "c3-d4"]);
    // b3 is odd: no diagonals at all.
    let pos = position(&game, &["b3"], &["e5"]);
    assert_eq!(texts(&pos), ["b3-a3", "b3-b4", "b3-c3"]);
}

#[test]
fn jumps_go_along_any_line_in_chains_and_must_be_made() {
    let game = game();
    // From a1 over b2 (a diagonal) to c3, then over c2 backwards (orthogonal) to c1: one chain, which
    // mixes the two kinds of line; the quiet steps are refused while it exists.
    let pos = position(&game, &["a1", "e1"], &["b2", "c2", "e5"]);
    assert_eq!(texts(&pos), ["a1xc3xc1"]);
    let mut after = pos.clone();
    after.play(&parse_move(&pos, "a1xc3xc1").unwrap()).unwrap();
    assert_eq!(after.captures(), &[2, 0]);
    // No diagonal through b1 (odd): a man there cannot jump c2 to d3.
    let pos = position(&game, &["b1"], &["c2", "e5"]);
    assert_eq!(texts(&pos), ["b1-a1", "b1-b2", "b1-c1"]);
}
