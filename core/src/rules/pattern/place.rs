//! Placements and drops ([`Pattern::Place`], [`Pattern::Drop`]): a new piece onto any node the
//! destination condition allows, from an unlimited supply or from the mover's reserve.
//!
//! ```
//! use qipan::core::{NodeId, rules::{Scratch, pattern::generate}};
//!
//! let src = "name: placers
//! board: { grid: { width: 3, height: 3, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   stone: { moves: place to empty }
//! setup:
//!   - { seat: black, piece: stone, at: [b2] }
//! ";
//! let game = qipan::load_str("placers.yaml", src, &[])?;
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! generate(&game.pieces[0].moves[0], &game.start(), 0, 0, NodeId::NONE, &mut scratch, &mut out);
//! assert_eq!(out.len(), 8, "every node but b2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::Gen;
use crate::moves::Move;
use crate::rules::Cond;

impl Gen<'_> {
    /// A piece onto every empty node `to` allows: a new one, or with `drop` one from the reserve
    /// (none when it is empty).
    #[inline]
    pub(super) fn place(&mut self, drop: bool) {
        let (pos, seat, piece, rule) = (self.pos, self.seat, self.piece, self.rule);
        if drop && pos.reserve(seat, piece) == 0 {
            return;
        }
        let empty_only = rule.to.requires_empty();
        for n in pos.game().board.node_ids() {
            if pos.cell(n).is_some() || (!empty_only && !rule.to.eval(pos, seat, n)) {
                continue;
            }
            if empty_only && !matches!(rule.to, Cond::Empty) && !rule.to.eval(pos, seat, n) {
                continue;
            }
            self.out.push(if drop { Move::drop(piece, n) } else { Move::place(piece, n) });
        }
    }
}
