//! Move conditions judged on the position after the move (`if gives-check`, `if not gives-mate`). A
//! check is an attack test on a copy of the board with the move tried on it; a mate is asked only of a
//! move that gives check, by playing it on a copy of the position and looking for one legal reply.

use super::{Piece, Position};
use crate::board::NodeId;
use crate::moves::{Move, MoveKind};
use crate::outcome::EndReason;
use crate::rules::Cond;

/// Move conditions: whether a move gives check or mate.
///
/// ```
/// use qipan::core::{notation::parse_move, Position};
///
/// let game = qipan::load("chess", &[])?;
/// let pos = Position::from_fen(&game, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")?;
/// let mv = parse_move(&pos, "a1-a8")?;
/// assert!(pos.gives_check(&mv) && pos.gives_mate(&mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// Whether `mv`, a move of the seat to move, passes `cond` judged after it: move conditions
    /// ([`Cond::GivesCheck`], [`Cond::GivesMate`]) on the position the move makes, any other condition on
    /// the position before it. `cells` is a buffer for the board with the move tried on it.
    pub(crate) fn holds_after(&self, cond: &Cond, mv: &Move, cells: &mut Vec<Option<Piece>>) -> bool {
        if judging_mate() {
            return true;
        }
        match cond {
            Cond::True => true,
            Cond::GivesCheck => self.checks_on(mv, cells),
            Cond::GivesMate => self.checks_on(mv, cells) && self.mates(mv),
            Cond::Not(c) => !self.holds_after(c, mv, cells),
            Cond::And(cs) => cs.iter().all(|c| self.holds_after(c, mv, cells)),
            Cond::Or(cs) => cs.iter().any(|c| self.holds_after(c, mv, cells)),
            c => c.eval(self, self.to_move, NodeId::NONE),
        }
    }

    /// Whether `mv` (of the seat to move) gives check: it leaves a piece of an enemy that the check
    /// rule protects attacked. Without a check rule, no move gives check.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Position};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")?;
    /// assert!(pos.gives_check(&parse_move(&pos, "a1-a8")?));
    /// assert!(!pos.gives_check(&parse_move(&pos, "a1-a7")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gives_check(&self, mv: &Move) -> bool {
        self.checks_on(mv, &mut Vec::new())
    }

    /// Whether `mv` (of the seat to move) mates: it gives check, and the enemy then has no legal move.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Position};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = Position::from_fen(&game, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")?;
    /// assert!(pos.gives_mate(&parse_move(&pos, "a1-a8")?)); // the back-rank mate
    /// let pos = Position::from_fen(&game, "6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1")?;
    /// assert!(!pos.gives_mate(&parse_move(&pos, "a1-a8")?), "the king escapes to h7");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gives_mate(&self, mv: &Move) -> bool {
        self.checks_on(mv, &mut Vec::new()) && self.mates(mv)
    }

    /// [`Position::gives_check`] with a buffer for the board (no allocation once it has grown).
    fn checks_on(&self, mv: &Move, cells: &mut Vec<Option<Piece>>) -> bool {
        if !self.game.has_check_rule() || self.royals.is_empty() {
            return false;
        }
        cells.clone_from(&self.cells);
        let seat = self.to_move;
        self.try_on(mv, seat, cells);
        // The enemies' protected pieces stay where they are (unless taken): one probe asks about each.
        // A dropped piece may be of a type the mover has nowhere else on the board: the probe is told.
        use crate::rules::attack::AttackProbe;
        let mut probe = match (mv.kind, cells[mv.to.idx().min(cells.len() - 1)]) {
            (MoveKind::Drop | MoveKind::Place, Some(p)) if mv.to.is_some() => {
                AttackProbe::with_added(self, cells, p, mv.to)
            }
            _ => AttackProbe::new(self, cells),
        };
        self.royals.iter().any(|&r| {
            cells[r.idx()].is_some_and(|c| self.hostile(seat, c.seat) && self.game.is_royal(c.piece))
                && probe.attacked(r)
        })
    }

    /// Whether the enemy has no legal move once `mv` is played (asked of moves that give check). The
    /// enemy's replies are judged without their own move conditions: judging them would play replies to
    /// replies without end (and a reply that a `gives-mate` would refuse, a drop that both answers a check
    /// and mates, cannot answer a check from a piece next to the king, as a dropped pawn's is).
    fn mates(&self, mv: &Move) -> bool {
        let _judging = Judging::enter();
        // The thread's spare position, copied over (no allocation once it has the game's sizes).
        let mut after = AFTER.with(|a| a.take()).unwrap_or_else(|| self.clone());
        after.clone_from(self);
        let mated = after.play_unchecked(mv).is_ok()
            && match after.outcome() {
                Some(r) => matches!(r.reason, EndReason::Checkmate | EndReason::CheckmateDrawn),
                None => !after.has_legal_move(),
            };
        AFTER.with(|a| a.set(Some(after)));
        mated
    }
}

thread_local! {
    /// A position to try a checking move on when judging a mate, kept for the next (it holds the last
    /// game judged until the thread ends or judges another).
    static AFTER: std::cell::Cell<Option<Position>> = const { std::cell::Cell::new(None) };
    /// Set while a mate is being judged: conditions judged after a move then hold (see `mates`).
    static JUDGING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether a mate is being judged on this thread: move conditions of the replies are not judged.
#[inline]
pub(super) fn judging_mate() -> bool {
    JUDGING.with(|j| j.get())
}

/// The mark that a mate is being judged, cleared when dropped.
struct Judging(bool);

impl Judging {
    fn enter() -> Judging {
        Judging(JUDGING.with(|j| j.replace(true)))
    }
}

impl Drop for Judging {
    fn drop(&mut self) {
        JUDGING.with(|j| j.set(self.0));
    }
}
