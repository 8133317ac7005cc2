//! The text of moves in several parts: chains of jumps (`d6xf4xd2`, every landing named; the short form
//! `d6xd2` when only one chain joins the two nodes) and a move followed by a placement (`d1-d7/g7`, the
//! Amazons: the amazon from d1 to d7, then the arrow on g7). Written by [`crate::notation::move_text`] and
//! read by [`crate::notation::parse_move`], which hand such moves here.

use crate::board::NodeId;
use crate::game::Game;
use crate::moves::Move;
use crate::notation::NotationError;
use crate::position::Position;
use crate::rules::CaptureMode;

/// Whether any rule of the game makes moves in several parts (so move text may name them).
pub(crate) fn has_turn_parts(game: &Game) -> bool {
    game.pieces
        .iter()
        .flat_map(|p| &p.moves)
        .any(|r| r.chain || r.capture == CaptureMode::Jumped || r.then_place.is_some())
}

/// The text of a chain's legs after its start (`xf4xd2`) or of a following placement (`/g7`); empty
/// for other moves.
pub(crate) fn parts_text(game: &Game, mv: &Move) -> Option<String> {
    let b = &game.board;
    if !mv.path.is_empty() {
        let sep = if mv.path.captures() { 'x' } else { '-' };
        let mut text = b.label(mv.from).to_string();
        for (_, land) in mv.path.legs(b, mv.from) {
            text.push(sep);
            text.push_str(b.label(land));
        }
        return Some(text);
    }
    if mv.then_place.is_some() {
        return Some(format!("{}-{}/{}", b.label(mv.from), b.label(mv.to), b.label(mv.with_to)));
    }
    None
}

/// The landings of a move: each leg's for a chain, else its destination (and a following
/// placement's node).
fn landings(game: &Game, mv: &Move) -> Vec<NodeId> {
    if mv.path.is_empty() {
        let mut v = vec![mv.to];
        if mv.then_place.is_some() {
            v.push(mv.with_to);
        }
        return v;
    }
    mv.path.legs(&game.board, mv.from).map(|(_, land)| land).collect()
}

/// Reads `text` as a legal move in several parts of `pos`, or `Ok(None)` when it is not one (the
/// ordinary reading then applies). The nodes named after the start must be the move's landings in
/// order; landings may be left out (`d6xd2`) as long as one legal move alone fits.
pub(crate) fn parse_turn(pos: &Position, text: &str) -> Result<Option<Move>, NotationError> {
    let game = pos.game();
    if pos.is_over() || !has_turn_parts(game) || text.split_whitespace().count() != 1 {
        return Ok(None);
    }
    let text = text.trim();
    let (body, promote) = match text.split_once('=') {
        Some((b, p)) => (b, Some(p)),
        None => (text, None),
    };
    let placed = body.contains('/');
    let mut nodes = Vec::new();
    for label in body.split(['-', 'x', 'X', '/']) {
        match game.board.find(label.trim()) {
            Some(n) => nodes.push(n),
            None => return Ok(None),
        }
    }
    if nodes.len() < 2 {
        return Ok(None);
    }
    let promote = match promote {
        Some(p) => Some(
            game.pieces
                .iter()
                .position(|t| t.name == p || t.symbols.iter().any(|s| s.eq_ignore_ascii_case(p)))
                .and_then(crate::PieceId::from_index)
                .ok_or_else(|| NotationError::UnknownPiece(p.to_string()))?,
        ),
        None => None,
    };
    let named = &nodes[1..];
    let fits = |m: &Move| {
        if m.from != nodes[0] || (promote.is_some() && m.promote != promote) || placed != m.then_place.is_some() {
            return false;
        }
        let lands = landings(game, m);
        // The named nodes, in order, among the landings, the last one last.
        let mut it = lands.iter();
        lands.last() == named.last() && named.iter().all(|n| it.any(|l| l == n))
    };
    let legal = pos.legal_moves();
    let fitting: Vec<Move> = legal.into_iter().filter(fits).collect();
    match fitting.len() {
        0 => Ok(written(pos, &nodes, placed, promote)),
        1 => Ok(Some(fitting[0])),
        _ => {
            let exact: Vec<&Move> = fitting.iter().filter(|m| landings(game, m) == named).collect();
            match exact[..] {
                [m] => Ok(Some(*m)),
                _ => Err(NotationError::Ambiguous(text.to_string())),
            }
        }
    }
}

/// The move the text writes out in full when no legal move fits it (so that checking it names the rule it
/// breaks): a move followed by a placement (`from-to/node`), or a chain naming every landing, along the
/// first jump rule of the piece whose relation joins them. `None` when no rule of the piece has that shape.
fn written(pos: &Position, nodes: &[NodeId], placed: bool, promote: Option<crate::PieceId>) -> Option<Move> {
    let game = pos.game();
    let board = &game.board;
    let piece = pos.cell(nodes[0])?.piece;
    let rules = &game.pieces[piece.idx()].moves;
    if placed {
        let [_, to, at] = nodes else { return None };
        let tp = rules.iter().find_map(|r| r.then_place.as_ref())?;
        return Some(Move { with_to: *at, then_place: Some(tp.piece), promote, ..Move::step(piece, nodes[0], *to) });
    }
    for rule in rules {
        let crate::rules::Pattern::Jump { relation, .. } = &rule.pattern else { continue };
        if !rule.chain && rule.capture != CaptureMode::Jumped {
            continue;
        }
        let mut path = crate::path::Path::start(*relation, rule.capture == CaptureMode::Jumped);
        let mut ok = true;
        for pair in nodes.windows(2) {
            let dir = game.relation_dirs(*relation).iter().copied().find(|&d| {
                let over = board.next(*relation, d, pair[0]);
                over.is_some() && board.next(*relation, d, over) == pair[1]
            });
            match dir.and_then(|d| path.push(d)) {
                Some(p) => path = p,
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            let to = *nodes.last()?;
            return Some(Move { path, promote, ..Move::step(piece, nodes[0], to) });
        }
    }
    None
}
