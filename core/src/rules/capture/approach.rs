//! Approach and withdrawal ([`CaptureForm::Approach`](super::CaptureForm::Approach),
//! [`CaptureForm::Withdraw`](super::CaptureForm::Withdraw)), Fanorona's captures: a piece that moves
//! along a line takes the unbroken line of targets just beyond its destination (approach) or just
//! behind its start (withdrawal), in the direction it moved. When a move could do either, the mover
//! chooses: they are two moves, told apart by [`Move::capture_rule`] and by their text
//! (`d3-e3 approach`, `d3-e3 withdraw`).
//!
//! ```
//! use qipan::core::notation::{move_text, parse_move};
//!
//! // White on b1 moves to c1: approaching takes d1 and e1, withdrawing takes a1.
//! let src = "name: both-ways
//! board: { grid: { width: 6, height: 1, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   man: { moves: step orthogonal to empty }
//! setup:
//!   - { seat: white, piece: man, at: [b1, f1] }
//!   - { seat: black, piece: man, at: [a1, d1, e1] }
//! rules:
//!   captures: [approach orthogonal, withdraw orthogonal]
//!   capture_priority: compulsory
//! ";
//! let game = qipan::load_str("both.yaml", src, &[])?;
//! let pos = game.start();
//! let mut texts: Vec<String> = pos.legal_moves().iter().map(|m| move_text(&game, m)).collect();
//! texts.sort();
//! assert_eq!(texts, ["b1-c1 approach", "b1-c1 withdraw"]); // capturing is compulsory here
//! let mut after = pos.clone();
//! after.play(&parse_move(&pos, "b1-c1 approach")?)?;
//! assert_eq!(after.captures(), &[2, 0]);
//! assert!(after.cell(game.board.find("a1").unwrap()).is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{CaptureForm, CaptureRule, View};
use crate::Move;
use crate::board::{DirectionId, NodeId, RelationId};
use crate::moves::MoveKind;
use crate::position::{Piece, Position};
use crate::{PieceId, SeatId};

/// Whether the piece went from `origin` to `to` straight along `dir` of `rel`.
#[inline]
fn travelled(view: &View, rel: RelationId, dir: DirectionId) -> bool {
    let board = &view.pos.game().board;
    let mut n = board.next(rel, dir, view.origin);
    // Lines may wrap: stop after a full board.
    for _ in 0..board.len() {
        if !n.is_some() || n == view.origin {
            return false;
        }
        if n == view.to {
            return true;
        }
        n = board.next(rel, dir, n);
    }
    false
}

/// The line of `rule` the piece travelled along from `origin` to `to`, if any: a step is one lookup per
/// line, and only a longer move walks the lines.
#[inline]
pub(super) fn travel_line(rule: &CaptureRule, view: &View) -> Option<usize> {
    if !view.origin.is_some() {
        return None;
    }
    let board = &view.pos.game().board;
    let step = rule.lines.iter().position(|&(rel, dir)| board.next(rel, dir, view.origin) == view.to);
    step.or_else(|| rule.lines.iter().position(|&(rel, dir)| travelled(view, rel, dir)))
}

/// The node the withdrawal's line starts from (the start) and the way it runs: away from the
/// destination, against the direction of travel `dir`.
#[inline]
pub(super) fn behind(view: &View, rel: RelationId, dir: DirectionId) -> (NodeId, RelationId, DirectionId) {
    let back = view.pos.game().board.directions()[dir.0 as usize].opposite;
    (view.origin, rel, back.unwrap_or(dir))
}

/// How many targets line `i` captures: none unless the piece travelled along it (see
/// [`CaptureRule::along`]).
#[inline]
pub(super) fn along(rule: &CaptureRule, view: &View, i: usize) -> u8 {
    let (rel, dir) = rule.lines[i];
    if !view.origin.is_some() || !travelled(view, rel, dir) {
        return 0;
    }
    let (start, rel, way) = rule.line_start(view, i);
    if rule.form == CaptureForm::Withdraw && way == dir {
        return 0; // a direction with no opposite: nothing is behind
    }
    let board = &view.pos.game().board;
    let mut n = board.next(rel, way, start);
    let mut k = 0u8;
    while n.is_some() && n != view.to && n != view.origin && k < u8::MAX && rule.target_at(view, n) {
        k += 1;
        n = board.next(rel, way, n);
    }
    k
}

/// The view of `mv` (a piece moving for `seat`) before it is played.
fn view_of<'a>(pos: &'a Position, seat: SeatId, mv: &Move) -> View<'a> {
    let owner = pos.cell(mv.from).map_or(seat, |p| p.seat);
    View { pos, seat, mover: Piece { seat: owner, piece: mv.piece }, from: mv.from, to: mv.to, origin: mv.from }
}

/// How many pieces `mv` captures under capture rule `r`.
fn count(pos: &Position, seat: SeatId, mv: &Move, r: usize) -> usize {
    let rule = &pos.game().rules.captures[r];
    if !rule.applies_to(mv.piece) {
        return 0;
    }
    let view = view_of(pos, seat, mv);
    rule.lines_to_judge(&view).map(|i| rule.along(&view, i) as usize).sum()
}

/// How many pieces `mv`, about to be played in `pos`, captures under the chosen rule it names (0 when it
/// names none).
#[inline]
pub(crate) fn chosen_count(pos: &Position, mv: &Move) -> usize {
    match mv.capture_rule {
        Some(r) => count(pos, pos.to_move(), mv, r as usize),
        None => 0,
    }
}

/// Replaces each move of `out[start..]` that captures under one or more chosen rules (approach,
/// withdrawal) by one move per such rule, naming it; a move that captures under none stays as it is.
pub(crate) fn split_choices(pos: &Position, seat: SeatId, piece: PieceId, out: &mut Vec<Move>, start: usize) {
    let rules = &pos.game().rules.captures;
    let end = out.len();
    for i in start..end {
        let mv = out[i];
        if mv.kind != MoveKind::Move || !mv.from.is_some() || mv.from == mv.to || mv.piece != piece {
            continue;
        }
        let mut first = true;
        for (r, rule) in rules.iter().enumerate().take(u8::MAX as usize) {
            if !rule.form.chosen() || count(pos, seat, &mv, r) == 0 {
                continue;
            }
            let named = Move { capture_rule: Some(r as u8), ..mv };
            if first {
                out[i] = named;
                first = false;
            } else {
                out.push(named);
            }
        }
    }
}
