//! Slides and steps ([`Pattern::Slide`]): along one direction at a time, `min..=max` nodes through
//! empty ones, stopping at the first piece (which may be taken). A step is a slide of `1..=1`; a
//! step over every direction of a relation also takes its undirected edges (links).

use super::{DirSel, Gen};
use crate::board::RelationId;

impl Gen<'_> {
    /// The moves of `slide relation.dirs min..max`.
    #[inline]
    pub(super) fn slide(&mut self, relation: RelationId, dirs: &DirSel, min: u8, max: u8) {
        let (pos, from) = (self.pos, self.from);
        let game = pos.game();
        if game.has_rays(relation) {
            // The lines are worked out once per game: follow them until the first piece.
            for &d in self.dirs(relation, dirs, None).as_slice() {
                let ray = game.ray(relation, d, from).unwrap_or(&[]);
                for (i, &at) in ray.iter().take(max as usize).enumerate() {
                    if i + 1 >= min as usize {
                        self.emit(at);
                    }
                    if pos.cell(at).is_some() {
                        break;
                    }
                }
            }
        } else {
            for &d in self.dirs(relation, dirs, None).as_slice() {
                let mut at = from;
                for k in 1..=max {
                    at = pos.next_open(relation, d, at);
                    if !at.is_some() {
                        break;
                    }
                    if k >= min {
                        self.emit(at);
                    }
                    if pos.cell(at).is_some() {
                        break;
                    }
                }
            }
        }
        if matches!(dirs, DirSel::All) && max == 1 && min <= 1 {
            self.link_steps(relation);
        }
    }

    /// A step along every undirected edge (a link) of `relation` from the mover's node, whose passed
    /// node is empty: a one-step slide over all directions takes links too.
    fn link_steps(&mut self, relation: RelationId) {
        let pos = self.pos;
        for e in pos.game().board.edges(relation, self.from) {
            if e.dir.is_none() && (!e.via.is_some() || pos.cell(e.via).is_none()) {
                self.emit(e.to);
            }
        }
    }
}
