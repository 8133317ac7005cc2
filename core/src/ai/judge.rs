//! Quick judgements of moves and games shared by the searching agents.

use crate::hooks::HookPoint;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::rules::Scoring;

/// What `mv` captures at once, as the moving side sees it before the consequences: the piece on its
/// destination and the piece it shoots, each counting 1, or 3 for a royal piece. Group captures (Go)
/// are not seen.
pub(crate) fn captured(pos: &Position, mv: &Move) -> u32 {
    let royal = &pos.game().rules.end.royal;
    let value = |n: crate::board::NodeId| match (n.is_some() && n != mv.from).then(|| pos.cell(n)).flatten() {
        Some(p) if royal.contains(&p.piece) => 3,
        Some(_) => 1,
        None => 0,
    };
    match mv.kind {
        MoveKind::Move | MoveKind::Shoot => value(mv.to) + value(mv.take),
        _ => value(mv.take),
    }
}

/// Whether the game has a score that can judge any position.
pub(crate) fn scored(pos: &Position) -> bool {
    let g = pos.game();
    g.rules.scoring != Scoring::None || g.hooks.as_ref().is_some_and(|h| h.has(HookPoint::Score))
}

/// Whether every move of `game` puts a piece on an empty node for good: a lone placement and no capture
/// of any kind (tic-tac-toe, Connect Four, Gomoku, Hex). The pieces on the board then say only how many
/// moves each side has made.
pub(crate) fn fills_up(game: &crate::Game) -> bool {
    crate::playout::lone_placement(game).is_some()
        && game.rules.captures.is_empty()
        && game.rules.group_capture.is_none()
}
