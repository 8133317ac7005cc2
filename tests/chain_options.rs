//! The options of `chain`: `through-promotion` (a man crowned mid-chain goes on as a king, Russian
//! draughts) and `optional` (the chain may stop after any jump), each on positions set up by hand where
//! the option changes the moves.

use qipan::core::notation::{move_text, parse_move};
use qipan::core::{Game, Piece, Position, SeatId};
use std::sync::Arc;

/// The book's example (book/src/examples/through-promotion.yaml), with `chain` for the man's chain clause.
fn game(chain: &str) -> Arc<Game> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/book/src/examples/through-promotion.yaml");
    let src = std::fs::read_to_string(path).unwrap();
    qipan::load_str(path, &src.replace("chain through-promotion", chain), &[]).unwrap()
}

/// Black men on `black`, white men on `white`, Black to move.
fn position(game: &Arc<Game>, black: &[&str], white: &[&str]) -> Position {
    let mut setup = game.start().to_setup();
    setup.clear_board();
    let man = game.piece("man").unwrap();
    for (seat, nodes) in [(0, black), (1, white)] {
        for at in nodes {
            setup.put(game.board.find(at).unwrap(), Piece { seat: SeatId(seat), piece: man });
        }
    }
    setup.into_position().unwrap()
}

fn texts(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| move_text(pos.game(), m)).collect();
    v.sort();
    v
}

#[test]
fn a_man_crowned_mid_chain_goes_on_as_a_king() {
    // c6 jumps d7 to e8 and is crowned; a king on e8 may jump f7 backwards to g6, a man may not.
    let english = game("chain");
    let pos = position(&english, &["c6"], &["d7", "f7"]);
    assert_eq!(texts(&pos), ["c6xe8=K"]);
    let russian = game("chain through-promotion");
    let mut pos = position(&russian, &["c6"], &["d7", "f7"]);
    assert_eq!(texts(&pos), ["c6xe8xg6=K"], "the chain must go on");
    pos.play(&parse_move(&pos, "c6xe8xg6=K").unwrap()).unwrap();
    let g6 = pos.cell(russian.board.find("g6").unwrap()).unwrap();
    assert_eq!((g6.piece, pos.captures()), (russian.piece("king").unwrap(), &[2, 0][..]));
    // Nothing to jump after the crowning: the move ends on the last row, as in English draughts.
    let pos = position(&russian, &["c6"], &["d7", "h7"]);
    assert_eq!(texts(&pos), ["c6xe8=K"]);
}

#[test]
fn an_optional_chain_may_stop_after_any_jump() {
    // a1 over b2 to c3, then over d4 to e5 or over d2 to e1 (e1 is not forward: a man cannot), so:
    let pos = position(&game("chain"), &["a1"], &["b2", "d4", "f6"]);
    assert_eq!(texts(&pos), ["a1xc3xe5xg7"]);
    let pos = position(&game("chain optional"), &["a1"], &["b2", "d4", "f6"]);
    assert_eq!(texts(&pos), ["a1xc3", "a1xc3xe5", "a1xc3xe5xg7"]);
    // With both options a crowning chain may stop on the last row or go on.
    let pos = position(&game("chain optional through-promotion"), &["c6"], &["d7", "f7"]);
    assert_eq!(texts(&pos), ["c6xe8=K", "c6xe8xg6=K"]);
}

#[test]
fn through_promotion_needs_a_promotion() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/book/src/examples/through-promotion.yaml");
    let src = std::fs::read_to_string(path)
        .unwrap()
        .replace("through-promotion promote king in zone(last)", "through-promotion");
    let e = qipan::load_str(path, &src, &[]).unwrap_err().to_string();
    assert!(e.contains("promotes to nothing"), "{e}");
}
