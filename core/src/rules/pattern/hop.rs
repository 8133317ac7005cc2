//! Hops ([`Pattern::Hop`]): along a line over empty nodes to exactly one screen, then on over empty
//! nodes to the destination, the first piece beyond the screen ending the line (the cannon of
//! Xiangqi, which takes that way).
//!
//! ```
//! use qipan::core::rules::{Scratch, pattern::generate};
//!
//! let src = "name: hoppers
//! board: { grid: { width: 5, height: 5, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   cannon: { moves: hop orthogonal over any to enemy }
//! setup:
//!   - { seat: white, piece: cannon, at: [a1] }
//!   - { seat: black, piece: cannon, at: [a3, a5, c1] }
//! ";
//! let game = qipan::load_str("hoppers.yaml", src, &[])?;
//! let pos = game.start();
//! let cannon = game.piece("cannon").unwrap();
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! generate(&game.pieces[0].moves[0], &pos, 0, cannon, game.board.find("a1").unwrap(), &mut scratch, &mut out);
//! let to: Vec<&str> = out.iter().map(|m| game.board.label(m.to)).collect();
//! // Over a3 onto a5; c1 has no screen before it.
//! assert_eq!(to, ["a5"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Backwards, DirSel, Gen, Line};
use crate::board::RelationId;
use crate::rules::Cond;
use crate::rules::attack::Shape;

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

/// A hop's line: from one step to the whole board along `relation.dirs` (`nodes`: the board's size).
pub(super) fn line(relation: RelationId, dirs: &DirSel, nodes: usize) -> Option<Line<'_>> {
    Some(Line { relation, dirs, min: 1, max: nodes })
}

/// A hop seen from its destination: back over empty nodes to the screen, then on to the hopper.
pub(super) fn reverse(back: &Backwards, relation: RelationId, dirs: &DirSel, screen: &Cond, max_after: u8) -> Shape {
    let Some(opposite) = back.opposites(relation, dirs) else { return Shape::Forward };
    Shape::Hop { relation, dirs: opposite, screen: screen.clone(), max_after }
}
