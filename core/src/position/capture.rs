//! The captures of the game's capture rules ([`crate::rules::capture`]) once a move has landed: each
//! rule in order, line by line, each captured piece off the board (credited to the mover) or
//! converted to the mover's piece's owner.

use super::{Piece, Position};
use crate::SeatId;
use crate::board::NodeId;
use crate::hooks::HookError;
use crate::moves::{Move, MoveKind};
use crate::rules::CaptureForm;
use crate::rules::capture::View;

/// Captures by rule after a move.
///
/// ```
/// use qipan::core::{SeatId, notation::parse_move};
///
/// let game = qipan::load("othello", &[])?;
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "d3")?)?;
/// // Black's d3 flips d4: four black discs, one white.
/// assert_eq!(pos.placed(SeatId(0)).len(), 4);
/// assert_eq!(pos.placed(SeatId(1)).len(), 1);
/// assert_eq!(pos.hash(), pos.hash_from_scratch());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// Applies every capture rule to the move just made by `seat` (its piece on `mv.to`). The lines
    /// are judged one after the other on the board as the earlier ones left it. `captured_before`: the
    /// captures counted before the move, to tell whether it has captured (an explosion's trigger).
    pub(super) fn capture_by_rules(&mut self, mv: &Move, seat: SeatId, captured_before: u32) -> Result<(), HookError> {
        let game = self.game.clone();
        let board = &game.board;
        let origin = if mv.kind == MoveKind::Move { mv.from } else { NodeId::NONE };
        for (r, rule) in game.rules.captures.iter().enumerate() {
            let skip = match rule.form {
                CaptureForm::Explode { .. } => self.captures.iter().sum::<u32>() <= captured_before,
                form if form.chosen() => mv.capture_rule != Some(r as u8),
                _ => false,
            };
            if skip {
                continue;
            }
            let Some(mover) = self.cells[mv.to.idx()] else { return Ok(()) };
            let lines = rule.lines_to_judge(&View { pos: self, seat, mover, from: NodeId::NONE, to: mv.to, origin });
            let beside = rule.needs_piece_beside();
            for i in lines {
                let Some(mover) = self.cells[mv.to.idx()] else { return Ok(()) };
                if !rule.applies_to(mover.piece) {
                    break;
                }
                if beside {
                    // Nothing beside the destination that way: nothing to take along the line.
                    let (rel, dir) = rule.lines[i];
                    let n = board.next(rel, dir, mv.to);
                    if !n.is_some() || self.cells[n.idx()].is_none() {
                        continue;
                    }
                }
                let view = View { pos: self, seat, mover, from: NodeId::NONE, to: mv.to, origin };
                let k = rule.along(&view, i);
                let (mut n, rel, dir) = rule.line_start(&view, i);
                for _ in 0..k {
                    n = board.next(rel, dir, n);
                    if rule.spare.is_some()
                        && rule.spares(&View { pos: self, seat, mover, from: NodeId::NONE, to: mv.to, origin }, n)
                    {
                        continue;
                    }
                    if rule.convert {
                        self.convert(n, mover.seat, seat);
                    } else {
                        self.capture_one(n, seat)?;
                    }
                }
            }
            if let CaptureForm::Explode { mover: true } = rule.form
                && self.cells[mv.to.idx()].is_some_and(|p| rule.applies_to(p.piece))
            {
                // The capturing piece goes with the blast.
                self.capture_one(mv.to, seat)?;
            }
        }
        Ok(())
    }

    /// Gives the piece on `n` to `owner`, counted as a capture by `by`.
    fn convert(&mut self, n: NodeId, owner: SeatId, by: SeatId) {
        let Some(p) = self.lift(n) else { return };
        self.put(n, Piece { seat: owner, piece: p.piece });
        self.captures[by.idx()] = self.captures[by.idx()].saturating_add(1);
    }
}
