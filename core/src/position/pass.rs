//! Passing: when the seat to move may pass, and when a `filter_move` hook may refuse it.
//!
//! A pass is *offered* when the rules allow one whatever the position (`pass: always`) or a condition
//! on the position holds (`pass: if COND`, [`Rules::pass_if`](crate::rules::Rules::pass_if)); an offered
//! pass goes to `filter_move` like any other move. A pass is *forced* when the seat has no other legal
//! move and the rules give it one then (`always`, `when-stuck`, `stuck: pass`): that pass stands
//! whatever a hook says, since refusing it would leave the seat without a move where the rules
//! promise one. Under `pass: if COND` alone a seat with no move and the condition false is stuck, and
//! the game's `stuck` rule decides.
//!
//! ```
//! use qipan::core::{Illegal, Move, notation::parse_move};
//!
//! let src = "name: late
//! board: { grid: { width: 2, height: 2, labels: chess } }
//! seats: [{ name: black }, { name: white }]
//! pieces: { stone: { symbols: [B, W], moves: place to empty } }
//! rules: { pass: if count(empty) < 4 }
//! ";
//! let game = qipan::load_str("late.yaml", src, &[])?;
//! let mut pos = game.start();
//! assert_eq!(pos.check(&Move::PASS), Err(Illegal::PassNotAllowed), "four empty points");
//! assert!(!pos.legal_moves().contains(&Move::PASS));
//! pos.play(&parse_move(&pos, "a1")?)?;
//! assert_eq!(pos.check(&Move::PASS), Ok(()), "three empty points");
//! assert_eq!(pos.legal_moves().len(), 3 + 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Illegal, MoveBuf, Position};
use crate::board::NodeId;
use crate::hooks::HookError;
use crate::moves::Move;
use crate::rules::PassRule;

/// Which passes are legal: offered ones that no hook refuses, and forced ones.
///
/// ```
/// use qipan::core::{Illegal, Move, notation::parse_move};
///
/// // Passing is allowed once a seat has a stone on the board; a seat with no other move passes anyway.
/// let src = "name: settle
/// board: { grid: { width: 2, height: 1, labels: chess } }
/// seats: [{ name: black }, { name: white }]
/// pieces: { stone: { symbols: [B, W], moves: place to empty } }
/// rules: { pass: if count(friend) > 0, stuck: pass }
/// ";
/// let game = qipan::load_str("settle.yaml", src, &[])?;
/// let mut pos = game.start();
/// assert_eq!(pos.check(&Move::PASS), Err(Illegal::PassNotAllowed));
/// pos.play(&parse_move(&pos, "a1")?)?;
/// assert_eq!(pos.check(&Move::PASS), Err(Illegal::PassNotAllowed), "White has no stone yet");
/// pos.play(&parse_move(&pos, "b1")?)?;
/// assert_eq!(pos.legal_moves(), [Move::PASS]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// Whether the rules offer the seat to move a pass it may choose, hooks aside.
    fn pass_in_rules(&self) -> bool {
        let rules = &self.game.rules;
        rules.pass == PassRule::Always
            || rules.pass_if.as_ref().is_some_and(|c| c.eval(self, self.to_move, NodeId::NONE))
            // Pieces facing each other: a pass is always allowed then (it accepts the facing).
            || self.facing_now()
    }

    /// Whether the game's facing rule holds now (pieces face each other, [`crate::rules::facing`]).
    #[inline]
    pub(crate) fn facing_now(&self) -> bool {
        self.game.rules.facing.as_ref().is_some_and(|f| f.holds(self, &self.cells))
    }

    /// Whether the seat to move may choose to pass: the rules offer it and no `filter_move` refuses it
    /// (with `strict`, a failing hook is an error rather than a refusal).
    pub(crate) fn pass_offered(&self, strict: bool) -> Result<bool, HookError> {
        if !self.pass_in_rules() {
            return Ok(false);
        }
        if !self.filters_moves {
            return Ok(true);
        }
        let _budget = self.budget();
        self.passes_consequences(&Move::PASS, strict)
    }

    /// Whether a pass is legal, given whether the seat to move has another legal move: offered, or
    /// forced.
    pub(super) fn pass_legal(&self, other_moves: bool, strict: bool) -> Result<bool, HookError> {
        Ok(self.pass_offered(strict)? || (!other_moves && self.game.rules.pass != PassRule::Never))
    }

    /// [`Position::check`] for a pass: allowed when offered or forced; otherwise refused by the hook
    /// that refused the offered pass, or as not allowed.
    pub(super) fn check_pass(&self) -> Result<(), Illegal> {
        let mut refusal = Illegal::PassNotAllowed;
        if self.pass_in_rules() {
            match self.check_consequences(&Move::PASS) {
                Ok(()) => return Ok(()),
                Err(e) => refusal = e,
            }
        }
        if self.game.rules.pass != PassRule::Never && !self.other_legal_move() {
            return Ok(());
        }
        Err(refusal)
    }

    /// Whether no seat still playing has a legal move other than a pass, each asked as if it were to
    /// move. Under `pass: if COND` a round of passes may have been chosen, so the end of the game by
    /// `no seat can move` asks this rather than trusting the passes (rare: only after such a round).
    pub(crate) fn no_seat_can_move(&self) -> bool {
        let mut asked = self.clone();
        self.game.seat_ids().filter(|&s| self.is_alive(s)).all(|seat| {
            asked.to_move = seat;
            !asked.other_legal_move()
        })
    }

    /// Whether the seat to move has a legal move other than a pass.
    fn other_legal_move(&self) -> bool {
        let mut buf = MoveBuf::default();
        self.pseudo_moves(&mut buf.scratch, &mut buf.pseudo);
        buf.pseudo.iter().any(|m| self.check_consequences(m).is_ok())
    }
}
