//! Castling ([`Pattern::Castle`]): a compound move of the mover and a partner, the first piece along a
//! line, neither having moved; under a check rule the mover may not start on or pass an attacked node.
//!
//! ```
//! use qipan::core::{notation::parse_move, rules::{Scratch, pattern::generate}};
//!
//! let game = qipan::load("chess", &[])?;
//! let mut pos = game.start();
//! for text in ["e2-e4", "e7-e5", "g1-f3", "b8-c6", "f1-c4", "f8-c5"] {
//!     pos.play(&parse_move(&pos, text)?)?;
//! }
//! let at = |label| game.board.find(label).unwrap();
//! let king = game.piece("king").unwrap();
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! // `castle orthogonal.sideways 2 with piece(rook)`: the king to g1, the rook from h1 to f1.
//! generate(&game.pieces[king as usize].moves[2], &pos, 0, king, at("e1"), &mut scratch, &mut out);
//! assert_eq!(out.len(), 1);
//! assert_eq!((out[0].to, out[0].with_from, out[0].with_to), (at("g1"), at("h1"), at("f1")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{DirSel, Gen, Line};
use crate::board::{NodeId, RelationId};
use crate::moves::Move;
use crate::position::Piece;
use crate::rules::Cond;
use crate::rules::attack::attacked;

impl Gen<'_> {
    /// The castling moves `steps` nodes along `relation.dirs` with a partner satisfying `partner`.
    pub(super) fn castle(&mut self, relation: RelationId, dirs: &DirSel, steps: u8, partner: &Cond) {
        let (pos, seat, piece, from, rule) = (self.pos, self.seat, self.piece, self.from, self.rule);
        if steps == 0 || !pos.unmoved(from) {
            return;
        }
        let board = &pos.game().board;
        let mover = Piece { seat, piece };
        let mut checked_start = false;
        for &d in self.dirs(relation, dirs, None).as_slice() {
            // The first piece on the line, and the nodes the mover would pass.
            let (mut at, mut k, mut dest, mut behind) = (from, 0usize, NodeId::NONE, from);
            loop {
                at = pos.next_open(relation, d, at);
                if !at.is_some() || at == from || k > board.len() {
                    at = NodeId::NONE;
                    break;
                }
                k += 1;
                if k + 1 == steps as usize {
                    behind = at;
                }
                if k == steps as usize {
                    dest = at;
                }
                if pos.cell(at).is_some() {
                    break;
                }
            }
            if !at.is_some() || k <= steps as usize || !dest.is_some() {
                continue;
            }
            let Some(p) = pos.cell(at) else { continue };
            if !pos.same_side(seat, p.seat) || !pos.unmoved(at) || !partner.eval(pos, seat, at) {
                continue;
            }
            let allowed = match &rule.to_fast {
                Some(f) => f.allows(pos, seat, dest),
                None => rule.to.eval(pos, seat, dest),
            };
            if !allowed {
                continue;
            }
            if pos.game().has_check_rule() {
                // Not out of check, not through an attacked node (the destination is checked with every move).
                if !checked_start {
                    if attacked(pos, pos.cells(), from, mover) {
                        return;
                    }
                    checked_start = true;
                }
                let mut n = from;
                let mut safe = true;
                for _ in 1..steps {
                    n = board.next(relation, d, n);
                    if attacked(pos, pos.cells(), n, mover) {
                        safe = false;
                        break;
                    }
                }
                if !safe {
                    continue;
                }
            }
            self.out.push(Move { with_from: at, with_to: behind, ..Move::step(piece, from, dest) });
        }
    }
}

/// Castling's line: the mover's `steps` along `relation.dirs`.
pub(super) fn line(relation: RelationId, dirs: &DirSel, steps: u8) -> Option<Line<'_>> {
    Some(Line { relation, dirs, min: steps as usize, max: steps as usize })
}
