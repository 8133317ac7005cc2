//! Turning a destination into moves: the destination condition, what a capture takes (the piece
//! there, one shot at a distance, or the pawn just passed en passant), promotions, and the shots
//! that may follow the move. Every pattern ends here.
//!
//! ```
//! use qipan::core::{notation::parse_move, rules::{Scratch, pattern::generate}};
//!
//! let game = qipan::load("chess", &[])?;
//! let mut pos = game.start();
//! for text in ["e2-e4", "a7-a6", "e4-e5", "d7-d5"] {
//!     pos.play(&parse_move(&pos, text)?)?;
//! }
//! let at = |label| game.board.find(label).unwrap();
//! let pawn = game.piece("pawn").unwrap();
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! for rule in &game.pieces[pawn as usize].moves {
//!     generate(rule, &pos, 0, pawn, at("e5"), &mut scratch, &mut out);
//! }
//! // A step to e6, and en passant to d6 taking the pawn that just passed it.
//! let moves: Vec<_> = out.iter().map(|m| (game.board.label(m.to), m.take)).collect();
//! assert_eq!(moves, [("e6", qipan::core::NodeId::NONE), ("d6", at("d5"))]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{CaptureMode, Gen, Pattern};
use crate::board::NodeId;
use crate::moves::{Move, MoveKind};

impl Gen<'_> {
    /// Adds the move to `to` if the destination condition allows it (capturing per `rule.capture`),
    /// with the shots that may follow it.
    #[inline]
    pub(super) fn emit(&mut self, to: NodeId) {
        let (pos, seat, piece, from, rule) = (self.pos, self.seat, self.piece, self.from, self.rule);
        if rule.plain_to != 0 && to != from {
            // The common case: only the occupant of the destination matters.
            let ok = match pos.cell(to) {
                None => rule.plain_to & 0b0001 != 0,
                Some(t) => {
                    let bit = if pos.same_side(seat, t.seat) {
                        0b0010
                    } else if !pos.hostile(seat, t.seat) {
                        0b0100
                    } else {
                        0b1000
                    };
                    rule.plain_to & bit != 0 && pos.can_capture(seat, piece, t)
                }
            };
            if ok {
                self.out.push(Move::step(piece, from, to));
            }
            return;
        }
        if to == from {
            // Only a walk that may return ends on its start, and only to shoot.
            if let (Pattern::Walk { returning: true, .. }, Some(shot)) = (&rule.pattern, &rule.shot) {
                self.shots(Move::step(piece, from, from), shot);
            }
            return;
        }
        let allowed = match &rule.to_fast {
            Some(f) => f.allows(pos, seat, to),
            None => rule.to.eval(pos, seat, to),
        };
        if !allowed {
            return;
        }
        let mv = match (pos.cell(to), rule.capture) {
            (None, CaptureMode::Passer) => {
                // En passant: the piece that just passed over `to` is taken where it stands.
                let p = pos.passer();
                if !pos.is_passed(to) || !p.is_some() {
                    return;
                }
                match pos.cell(p) {
                    Some(t) if pos.can_capture(seat, piece, t) => Move { take: p, ..Move::step(piece, from, to) },
                    _ => return,
                }
            }
            (None, _) => Move { passable: rule.passable, ..Move::step(piece, from, to) },
            (Some(_), CaptureMode::Passer) => return,
            (Some(target), mode) => {
                if !pos.can_capture(seat, piece, target) {
                    return;
                }
                match mode {
                    CaptureMode::Remote => Move::shoot(piece, from, to),
                    _ => Move::step(piece, from, to),
                }
            }
        };
        if !rule.promote.is_empty() && mv.kind == MoveKind::Move && rule.promote_in.eval_quick(pos, seat, to) {
            for &p in &rule.promote {
                self.out.push(Move { promote: p + 1, ..mv });
            }
            return;
        }
        match &rule.shot {
            Some(shot) if mv.kind == MoveKind::Move => {
                let before = self.out.len();
                self.shots(mv, shot);
                if !shot.forced || self.out.len() == before {
                    self.out.push(mv);
                }
            }
            _ => self.out.push(mv),
        }
    }
}
