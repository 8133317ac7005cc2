//! Slides and steps ([`Pattern::Slide`]): along one direction at a time, `min..=max` nodes through
//! empty ones, stopping at the first piece (which may be taken). A step is a slide of `1..=1`; a
//! step over every direction of a relation also takes its undirected edges (links).
//!
//! ```
//! use qipan::core::rules::{Scratch, pattern::generate};
//!
//! let src = "name: sliders
//! board: { grid: { width: 5, height: 5, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   rook: { moves: slide orthogonal }
//!   wazir: { moves: step orthogonal }
//! setup:
//!   - { seat: white, piece: rook, at: [a1] }
//!   - { seat: white, piece: wazir, at: [c1] }
//!   - { seat: black, piece: rook, at: [a4] }
//! ";
//! let game = qipan::load_str("sliders.yaml", src, &[])?;
//! let pos = game.start();
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! let mut to = |piece: &str, from: &str| {
//!     let p = game.piece(piece).unwrap();
//!     out.clear();
//!     generate(&game.pieces[p as usize].moves[0], &pos, 0, p, game.board.find(from).unwrap(), &mut scratch, &mut out);
//!     let mut to: Vec<&str> = out.iter().map(|m| game.board.label(m.to)).collect();
//!     to.sort();
//!     to
//! };
//! // Up to the enemy rook on a4 (taken), right up to the friend on c1 (not).
//! assert_eq!(to("rook", "a1"), ["a2", "a3", "a4", "b1"]);
//! assert_eq!(to("wazir", "c1"), ["b1", "c2", "d1"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Backwards, DirSel, Gen, Line};
use crate::board::RelationId;
use crate::rules::attack::Shape;

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

/// A slide's line: `min..=max` steps along `relation.dirs`.
pub(super) fn line(relation: RelationId, dirs: &DirSel, min: u8, max: u8) -> Option<Line<'_>> {
    Some(Line { relation, dirs, min: min as usize, max: max as usize })
}

/// A slide seen from its destination: back along the opposite directions to the first piece.
pub(super) fn reverse(back: &Backwards, relation: RelationId, dirs: &DirSel, min: u8, max: u8) -> Shape {
    let Some(opposite) = back.opposites(relation, dirs) else { return Shape::Forward };
    let links = matches!(dirs, DirSel::All) && max == 1 && min <= 1;
    // The piece types are filled in by the attack table (bit 0 stands for "this rule" until then).
    Shape::Line { relation, dirs: opposite, reach: vec![(u64::MAX, min, max)], links }
}
