//! Jumps ([`Pattern::Jump`]): over the adjacent node along one direction, which must satisfy a
//! condition, onto the node just beyond it (the jump of draughts, Halma and Alquerque; what happens to
//! the piece jumped over is the business of the rule's capture, not of the pattern).
//!
//! ```
//! use qipan::core::rules::{Scratch, pattern::generate};
//!
//! let src = "name: jumpers
//! board: { grid: { width: 5, height: 5, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   man: { moves: jump orthogonal over any to empty }
//! setup:
//!   - { seat: white, piece: man, at: [c3] }
//!   - { seat: black, piece: man, at: [c4, d3, c1] }
//!   - { seat: white, piece: man, at: [b3, a3] }
//! ";
//! let game = qipan::load_str("jumpers.yaml", src, &[])?;
//! let pos = game.start();
//! let man = game.piece("man").unwrap();
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! generate(&game.pieces[0].moves[0], &pos, 0, man, game.board.find("c3").unwrap(), &mut scratch, &mut out);
//! let mut to: Vec<&str> = out.iter().map(|m| game.board.label(m.to)).collect();
//! to.sort();
//! // Over c4 and d3 (friend or enemy alike); a3 beyond b3 is taken by a friend; c2 is empty, so
//! // there is nothing to jump over downwards.
//! assert_eq!(to, ["c5", "e3"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{DirSel, Gen, Line};
use crate::board::RelationId;
use crate::rules::Cond;

impl Gen<'_> {
    /// The moves of `jump relation.dirs over cond`.
    #[inline]
    pub(super) fn jump(&mut self, relation: RelationId, dirs: &DirSel, over: &Cond) {
        let (pos, from) = (self.pos, self.from);
        for &d in self.dirs(relation, dirs, None).as_slice() {
            let mid = pos.next_open(relation, d, from);
            if !mid.is_some() || mid == from || !over.eval(pos, self.seat, mid) {
                continue;
            }
            let to = pos.next_open(relation, d, mid);
            if to.is_some() && to != from && to != mid {
                self.emit(to);
            }
        }
    }
}

/// A jump's line: two steps along `relation.dirs`.
pub(super) fn line(relation: RelationId, dirs: &DirSel) -> Option<Line<'_>> {
    Some(Line { relation, dirs, min: 2, max: 2 })
}
