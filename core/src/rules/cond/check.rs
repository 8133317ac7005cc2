//! Check-aware conditions: `in-check` (the mover is in check now), `attacked` and `attacked-by(SEAT)`
//! (a node is attacked). They are answered by the backwards attack tables ([`crate::rules::attack`]), so
//! each costs an attack test, never a move generation.
//!
//! An attack test never asks another: a move rule whose conditions test attacks does not itself attack
//! (a king's `step any to not attacked` gives no check by that rule; write its captures in a rule of
//! their own).
//!
//! ```
//! use qipan::core::{Move, notation::parse_move};
//!
//! // Chess where a side may pass, but not while in check.
//! let src = "extends: chess\nrules: { pass: if not in-check }\n";
//! let game = qipan::load_str("pass.yaml", src, &[])?;
//! let mut pos = game.start();
//! assert!(pos.legal_moves().contains(&Move::PASS));
//! for text in ["e2-e4", "f7-f6", "d1-h5"] {
//!     pos.play(&parse_move(&pos, text)?)?;
//! }
//! assert!(pos.in_check(pos.to_move()) && !pos.legal_moves().contains(&Move::PASS), "Black is in check");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::Cond;
use crate::board::NodeId;
use crate::position::{Piece, Position};
use crate::{PieceId, SeatId};

/// Whether a piece of `seat` on `node` could be captured at once by an enemy of `seat` (by `by` alone,
/// if given). The piece is the one standing there if it is on `seat`'s side; otherwise one of `seat`'s
/// of the type standing there, or on an empty node of the first type the check rule protects (so that
/// rules that spare some types, `to enemy and not piece(king)`, judge the node as they would judge a king).
pub(super) fn attacked(pos: &Position, seat: SeatId, node: NodeId, by: Option<SeatId>) -> bool {
    let game = pos.game();
    let victim = match pos.cell(node) {
        Some(c) if pos.same_side(seat, c.seat) => c,
        Some(c) => Piece { seat, piece: c.piece },
        None => {
            let royal = (0..game.pieces.len()).map(|i| PieceId::new(i as u8)).find(|&p| game.is_royal(p));
            Piece { seat, piece: royal.unwrap_or(PieceId::new(0)) }
        }
    };
    match by {
        None => crate::rules::attack::attacked(pos, pos.cells(), node, victim),
        // A seat never attacks its own side.
        Some(s) => {
            pos.is_alive(s) && pos.hostile(s, seat) && crate::rules::attack::attacked_by_seat(pos, node, victim, s)
        }
    }
}

/// Which conditions test attacks.
///
/// ```
/// use qipan::core::rules::Cond;
///
/// assert!(Cond::Not(Box::new(Cond::InCheck)).tests_attacks());
/// assert!(Cond::And(vec![Cond::Empty, Cond::Attacked]).tests_attacks());
/// assert!(!Cond::Or(vec![Cond::Empty, Cond::Enemy]).tests_attacks());
/// ```
impl Cond {
    /// True if the condition asks whether something is attacked (`in-check`, `attacked`,
    /// `attacked-by(..)`), anywhere inside it.
    ///
    /// ```
    /// use qipan::core::{SeatId, rules::Cond};
    ///
    /// assert!(Cond::AttackedBy(SeatId(1)).tests_attacks());
    /// assert!(!Cond::Empty.tests_attacks());
    /// ```
    pub fn tests_attacks(&self) -> bool {
        match self {
            Cond::InCheck | Cond::Attacked | Cond::AttackedBy(_) => true,
            Cond::Not(c) | Cond::Count(c, ..) | Cond::Next(_, _, c) => c.tests_attacks(),
            Cond::Adjacent(a) => a.cond.tests_attacks(),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().any(Cond::tests_attacks),
            _ => false,
        }
    }
}
