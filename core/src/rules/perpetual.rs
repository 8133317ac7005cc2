//! Perpetual check (the Asian rules of xiangqi): when a repetition ends the game and every move one side
//! made since the position first occurred gave check, that side loses instead of the game being drawn.
//!
//! The position remembers, beside each arrangement kept for the repetition rule, whether the seat to move
//! was in check there; only games with the rule pay for that test.
//!
//! ```
//! use qipan::core::{EndReason, Position, SeatId};
//! use qipan::core::notation::parse_move;
//!
//! let game = qipan::load("xiangqi", &[("repetition".into(), "true".into())])?;
//! // Red's chariot checks along the f and e files in turn; Black's general steps aside each time. The
//! // third time the start comes back, Red, who gave check with every move, loses.
//! let mut pos = Position::from_fen(&game, "5k3/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1")?;
//! for text in ["e2-f2", "f10-e10", "f2-e2", "e10-f10", "e2-f2", "f10-e10", "f2-e2", "e10-f10"] {
//!     pos.play(&parse_move(&pos, text)?)?;
//! }
//! let result = pos.outcome().unwrap();
//! assert_eq!((result.reason.clone(), result.winners.clone()), (EndReason::PerpetualCheck, vec![SeatId(1)]));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::SeatId;
use crate::position::Position;

/// The seat whose every move in the repeated cycle gave check, if one did: `checks[k]` says whether the
/// seat to move was in check at `reps[k]`, the last entry being the present position (aligned at the end:
/// entries older than `checks` count as not in check).
pub(crate) fn checker(pos: &Position, reps: &[u64], checks: &[bool]) -> Option<SeatId> {
    let n = reps.len();
    let key = *reps.last()?;
    let first = reps.iter().position(|&h| h == key)?;
    if first + 1 == n {
        return None;
    }
    let offset = n - checks.len().min(n);
    let checked = |k: usize| k >= offset && checks[k - offset];
    let span = n - 1 - first;
    // Distances 0, 2, ... span: the present seat to move in check each time, so the last mover checked
    // every move; odd distances: the seat to move checked every move of its own.
    let them = (0..=span).step_by(2).all(|d| checked(n - 1 - d));
    let us = span >= 2 && (1..span).step_by(2).all(|d| checked(n - 1 - d));
    // Two sides only: the last mover is the seat not to move.
    if pos.game().seats.len() != 2 {
        return None;
    }
    let mover = SeatId(1 - pos.to_move().0.min(1));
    if them {
        Some(mover)
    } else if us {
        Some(pos.to_move())
    } else {
        None
    }
}
