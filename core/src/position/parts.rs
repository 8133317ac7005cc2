//! Drawing a turn in several parts one part at a time (playouts that sample as Ludii does): the first
//! parts of the seat to move, then the completions of one of them.

use super::{MoveBuf, Position};
use crate::moves::Move;

/// Turns drawn part by part, which playouts under [`crate::playout::Policy::Parts`] use.
///
/// ```
/// use qipan::core::playout::{PlayoutBuf, Policy, playout};
/// use rand::SeedableRng;
///
/// let game = qipan::load("amazons", &[])?;
/// let mut pos = game.start();
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
/// playout(&mut pos, &mut rng, &mut PlayoutBuf::default(), 1, Policy::Parts)?;
/// let turn = pos.last_move().unwrap();
/// assert!(turn.then_place.is_some() && turn.with_to.is_some()); // the amazon's move and its arrow
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// Generates into `buf.moves` the first parts of the seat's pseudo-legal moves: a move that a placement
    /// follows (`then place`) appears once, with [`Move::then_place`] set and no node for the placement,
    /// and a move that may remove a piece (`remove`) once, with no piece removed; other moves appear whole.
    pub(crate) fn generate_first_parts(&self, buf: &mut MoveBuf) {
        buf.moves.clear();
        if self.is_over() {
            return;
        }
        let MoveBuf { moves, scratch, .. } = buf;
        scratch.first_part = true;
        self.pseudo_moves(scratch, moves);
        scratch.first_part = false;
    }

    /// Generates into `out` the whole moves that complete the first part `first` (see
    /// [`Position::generate_first_parts`]), under the first rule of its piece with a following placement of
    /// that piece type.
    pub(crate) fn complete_first_part(&self, first: Move, out: &mut Vec<Move>) {
        out.clear();
        let Some(pt) = self.game.pieces.get(first.piece.idx()) else { return };
        let Some(rule) = pt.moves.iter().find(|r| r.then_place.as_ref().map(|t| t.piece) == first.then_place) else {
            return;
        };
        crate::rules::pattern::then_places_after(self, rule, first, out);
    }
}
