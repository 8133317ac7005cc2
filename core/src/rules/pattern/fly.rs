//! Flying ([`Pattern::Fly`]): the piece leaves its node for any node of the board that the destination
//! condition allows, wherever it is (Nine Men's Morris' last three men, `fly to empty`).
//!
//! ```
//! use qipan::core::SeatId;
//! use qipan::core::rules::{Scratch, pattern::generate};
//!
//! let src = "name: flyers
//! board: { grid: { width: 3, height: 3, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   bird: { moves: fly to empty }
//! setup:
//!   - { seat: white, piece: bird, at: [a1, b2] }
//!   - { seat: black, piece: bird, at: [c3] }
//! ";
//! let game = qipan::load_str("flyers.yaml", src, &[])?;
//! let bird = game.piece("bird").unwrap();
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! generate(&game.pieces[0].moves[0], &game.start(), SeatId(0), bird, game.board.find("a1").unwrap(), &mut scratch, &mut out);
//! assert_eq!(out.len(), 6, "every empty node, near or far");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::Gen;

impl Gen<'_> {
    /// The moves of `fly`: one to every other node the destination condition allows.
    #[inline]
    pub(super) fn fly(&mut self) {
        let (pos, from, allowed) = (self.pos, self.from, self.rule.plain_to);
        if allowed != 0 {
            // Only the occupant decides (`fly to empty`): what the emitter would do, without it.
            for to in pos.game().board.node_ids() {
                if to != from && super::emit::plain_allows(pos, self.seat, self.piece, allowed, to) {
                    self.out.push(crate::moves::Move::step(self.piece, from, to));
                }
            }
            return;
        }
        for to in pos.game().board.node_ids() {
            if to != from {
                self.emit(to);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{Cond, Pattern, Rules};
    use crate::testkit::*;

    const BIRD: PieceId = PieceId::new(0);

    /// On 3×3: a bird that flies to empty nodes, and a hawk that flies onto enemies only.
    fn flyers() -> std::sync::Arc<crate::Game> {
        let b = board(3, 3, &[]);
        let pieces = vec![
            piece("bird", vec![rule(Pattern::Fly, Cond::Empty)]),
            piece("hawk", vec![rule(Pattern::Fly, Cond::Enemy)]),
        ];
        game(b, pieces, Rules::default())
    }

    #[test]
    fn anywhere_the_destination_allows_and_never_in_place() {
        let g = flyers();
        let pos = position(&g, &[("a1", WHITE, BIRD), ("c3", BLACK, BIRD), ("b2", WHITE, PieceId::new(1))], WHITE);
        assert_eq!(generated(&pos, "a1", 0), ["a1-a2", "a1-a3", "a1-b1", "a1-b3", "a1-c1", "a1-c2"]);
        // The hawk goes only where an enemy stands, and takes it.
        assert_eq!(generated(&pos, "b2", 0), ["b2-c3"]);
    }
}
