//! Placements and drops ([`Pattern::Place`], [`Pattern::Drop`]): a new piece onto any node the
//! destination condition allows, from an unlimited supply or from the mover's reserve.

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
