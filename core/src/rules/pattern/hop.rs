//! Hops ([`Pattern::Hop`]): along a line over empty nodes to exactly one screen, then on over empty
//! nodes to the destination, the first piece beyond the screen ending the line (the cannon of
//! Xiangqi, which takes that way).

use super::{DirSel, Gen};
use crate::board::RelationId;
use crate::rules::Cond;

impl Gen<'_> {
    /// The moves of `hop relation.dirs over screen`, at most `max_after` nodes beyond the screen
    /// (255: any number).
    #[inline]
    pub(super) fn hop(&mut self, relation: RelationId, dirs: &DirSel, screen: &Cond, max_after: u8) {
        let (pos, from) = (self.pos, self.from);
        let board = &pos.game().board;
        for &d in self.dirs(relation, dirs, None).as_slice() {
            // Lines may wrap around (polar boards) or cycle (explicit boards): a line ends where it
            // comes back to the start, and never runs longer than the board.
            let mut at = pos.next_open(relation, d, from);
            let mut guard = board.len();
            while at.is_some() && at != from && pos.cell(at).is_none() && guard > 0 {
                at = pos.next_open(relation, d, at);
                guard -= 1;
            }
            if !at.is_some() || at == from || guard == 0 || !screen.eval(pos, self.seat, at) {
                continue;
            }
            let mut steps = 0u8;
            for _ in 0..board.len() {
                at = pos.next_open(relation, d, at);
                steps = steps.saturating_add(1);
                if !at.is_some() || at == from || (max_after != 255 && steps > max_after) {
                    break;
                }
                self.emit(at);
                if pos.cell(at).is_some() {
                    break;
                }
            }
        }
    }
}
