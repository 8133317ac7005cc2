//! Property tests: random move sequences in every shipped game (small options) keep the engine's
//! invariants. Each case is a list of choices; choice `c` plays legal move `c % n` of the `n` legal
//! moves. Along the way:
//!
//! - every legal move passes `check` and `play`;
//! - the incremental hash equals the hash computed from scratch;
//! - a refused candidate (a legal move bent out of shape) is refused by `check` and `play` alike,
//!   with a reason, and leaves the position unchanged;
//! - `move_text` then `parse_move` gives back the same move;
//! - replaying the moves on a fresh start position reaches the same position (determinism);
//! - a qipan record of the game (`to_text`, `parse`, `replay`) reaches the same position.

use proptest::prelude::*;
use qipan::core::notation::{move_text, parse_move};
use qipan::core::{ExtraId, Game, Move, NodeId, PieceId, Position};
use qipan::record::GameRecord;
use std::sync::{Arc, OnceLock};

/// A few legal-looking moves that differ from `mv`: another destination, another piece, another
/// origin, an extra action. Some may happen to be legal; `check_candidate` holds either way.
fn bent(game: &Game, mv: &Move, c: u16) -> Vec<Move> {
    let n = game.board.len() as u16;
    let shift =
        |x: NodeId| if x.is_some() { NodeId((x.0 + 1 + c % n.max(1)) % n.max(1)) } else { NodeId(c % n.max(1)) };
    vec![
        Move { to: shift(mv.to), ..*mv },
        Move { from: shift(mv.from), ..*mv },
        Move { piece: PieceId::new(((mv.piece.idx() + 1) % game.pieces.len()) as u8), ..*mv },
        Move { extra: ExtraId::from_index(mv.extra.map_or(0, |x| x.idx() + 1)), ..*mv },
        Move { take: shift(mv.take), ..*mv },
    ]
}

/// Plays the choices; checks every invariant on the way and at the end.
fn run(name: &str, game: &Arc<Game>, choices: &[u16]) -> Result<(), TestCaseError> {
    let mut pos = game.start();
    let mut moves = Vec::new();
    for &c in choices {
        if pos.is_over() {
            break;
        }
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[c as usize % legal.len()];
        let text = move_text(game, &mv);
        prop_assert_eq!(pos.check(&mv), Ok(()), "legal move {} refused", text);
        let parsed = parse_move(&pos, &text);
        prop_assert_eq!(parsed, Ok(mv), "`{}` does not read back", text);
        if c % 4 == 0 {
            for cand in bent(game, &mv, c) {
                qipan::fuzzing::check_candidate(&pos, &cand);
            }
        }
        let before = pos.clone();
        pos.play(&mv).map_err(|e| TestCaseError::fail(format!("legal move {text} does not play: {e}")))?;
        prop_assert_eq!(pos.hash(), pos.hash_from_scratch(), "hash differs after {}", text);
        prop_assert_eq!(pos.ply(), before.ply() + 1);
        moves.push(mv);
    }
    // Determinism: the same moves on a fresh start reach the same position.
    let mut again = game.start();
    for mv in &moves {
        again.play(mv).map_err(|e| TestCaseError::fail(format!("replay refuses {mv:?}: {e}")))?;
    }
    same(&again, &pos)?;
    // A record of the game reads back and replays to the same position.
    let text = GameRecord::new(name, game, &moves, pos.outcome()).to_text();
    let record = GameRecord::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    let replay = record.replay().map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    prop_assert!(replay.refused.is_none(), "record replay refuses {:?}", replay.refused);
    prop_assert_eq!(&replay.moves, &moves);
    same(&replay.position, &pos)?;
    prop_assert_eq!(replay.result(), pos.outcome().map(qipan::record::result_text));
    Ok(())
}

fn same(a: &Position, b: &Position) -> Result<(), TestCaseError> {
    prop_assert_eq!(a.hash(), b.hash());
    prop_assert_eq!(a.to_move(), b.to_move());
    prop_assert_eq!(a.ply(), b.ply());
    prop_assert_eq!(a.cells(), b.cells());
    prop_assert_eq!(a.captures(), b.captures());
    prop_assert_eq!(a.counters(), b.counters());
    prop_assert_eq!(a.outcome().map(|r| r.text.clone()), b.outcome().map(|r| r.text.clone()));
    Ok(())
}

macro_rules! game_properties {
    ($test:ident, $name:literal, [$(($k:literal, $v:literal)),*], cases: $cases:expr, plies: $plies:expr) => {
        proptest! {
            #![proptest_config(ProptestConfig { cases: $cases, failure_persistence: None, ..ProptestConfig::default() })]
            #[test]
            fn $test(choices in proptest::collection::vec(any::<u16>(), 0..$plies)) {
                static GAME: OnceLock<Arc<Game>> = OnceLock::new();
                let game = GAME.get_or_init(|| {
                    let o = vec![$(($k.to_string(), $v.to_string())),*];
                    qipan::load($name, &o).expect($name)
                });
                run($name, game, &choices)?;
            }
        }
    };
}

game_properties!(go, "go", [("size", "9")], cases: 400, plies: 300);
game_properties!(go_small_board, "go", [("size", "5"), ("ko", "simple"), ("suicide", "allowed")], cases: 400, plies: 200);
game_properties!(field_go, "field-go", [("komi", "3.5")], cases: 256, plies: 250);
game_properties!(leader_cannon, "leader-cannon", [], cases: 320, plies: 300);
game_properties!(seven_kingdoms, "seven-kingdoms", [("players", "3")], cases: 128, plies: 200);
game_properties!(he_qi, "he-qi", [("players", "2")], cases: 128, plies: 200);
