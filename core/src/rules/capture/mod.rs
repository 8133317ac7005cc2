//! Captures beyond displacement: what a move takes besides the piece on its destination, worked out
//! from the board once the mover has landed. One mechanism, several forms, each in its own file:
//!
//! - `line.rs`: lines of targets closed by a closer, counted from the destination: flanking (Othello's
//!   `flank`, one or more) and custodial capture (`custodial`, exactly one as in tafl, or a range);
//! - `surround.rs`: a target next to the destination whose every neighbour is a closer (the tafl king);
//! - `explode.rs`: after a move that captured, the pieces around the destination (atomic chess);
//! - `approach.rs`: the line of targets just ahead of the destination or just behind the start, in the
//!   direction of travel (Fanorona's approach and withdrawal); the mover chooses, so the rule a move
//!   captures under is part of the move ([`Move::capture_rule`](crate::Move::capture_rule)).
//! - `wall.rs`: a row of targets along the board's edge, each with a closer in front of it, closed at
//!   the far end (the tafl shield wall), sparing what the rule says (`sparing`, the king);
//! - `remove.rs`: after a move whose destination meets a trigger (a Morris mill), one piece anywhere,
//!   chosen by the mover and recorded in the move ([`Move::take`](crate::Move::take)).
//!
//! A rule names what may be captured (`of`, default `enemy`), what closes a line or an enclosure
//! (`with`, default `friend`; a zone there makes hostile nodes), which moving pieces capture (`by`), and
//! whether captured pieces change owner instead of leaving the board (`convert`). A `required` rule
//! makes a move legal only when it captures under it (Othello's placement must flank). Conditions are
//! read for the mover's seat; the directions are worked out once, when the game is built, so a capture
//! test is a few table lookups per direction and allocates nothing.
//!
//! ```
//! use qipan::core::{SeatId, notation::parse_move};
//!
//! let game = qipan::load("othello", &[])?;
//! let flank = &game.rules.captures[0];
//! assert!(flank.convert && flank.required);
//! let mut pos = game.start();
//! assert_eq!(pos.legal_moves().len(), 4, "a disc must flank");
//! pos.play(&parse_move(&pos, "d3")?)?;
//! let d4 = game.board.find("d4").unwrap();
//! assert_eq!(pos.cell(d4).map(|p| p.seat), Some(SeatId(0)), "flipped to Black");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod approach;
mod explode;
mod line;
pub(crate) mod remove;
mod surround;
mod table;
mod wall;

pub(crate) use approach::{chosen_count, split_choices};
pub use table::CondTable;

use crate::board::{DirectionId, NodeId, RelationId};
use crate::position::{Piece, Position};
use crate::rules::Cond;
use crate::{PieceId, SeatId};

/// The shape of a capture rule.
///
/// ```
/// use qipan::core::rules::CaptureForm;
///
/// let game = qipan::load("othello", &[])?;
/// // `flank orthogonal diagonal convert required`: one or more discs in a line.
/// assert_eq!(game.rules.captures[0].form, CaptureForm::Line { min: 1, max: 255 });
/// let tafl = qipan::load("hnefatafl", &[])?;
/// // `custodial orthogonal ...`: exactly one piece between the mover and a closer.
/// assert_eq!(tafl.rules.captures[0].form, CaptureForm::Line { min: 1, max: 1 });
/// // `surround orthogonal ...`: the king, enclosed; the board's edge does not close a side.
/// assert_eq!(tafl.rules.captures[1].form, CaptureForm::Surround { edges: false });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CaptureForm {
    /// Along each direction from the destination: `min..=max` nodes whose pieces satisfy the target
    /// condition, then a node satisfying the closer condition. `flank` is `1..=255`, `custodial` one
    /// number or a range (1 by default).
    Line {
        /// Fewest targets in the line.
        min: u8,
        /// Most targets in the line (255: no limit).
        max: u8,
    },
    /// A target next to the destination whose every neighbour (over the rule's relations) satisfies the
    /// closer condition; with `edges`, a side off the board counts as closed.
    Surround {
        /// Whether the board's edge closes a side.
        edges: bool,
    },
    /// After a move that captured (whatever took the piece), every target next to the destination over
    /// the rule's relations; with `mover`, the capturing piece too (atomic chess).
    Explode {
        /// Whether the moving piece is removed as well (`self`).
        mover: bool,
    },
    /// The unbroken line of targets just beyond the destination, in the direction the piece moved
    /// (Fanorona's approach). Chosen: a move captures this way only when it says so.
    Approach,
    /// The unbroken line of targets just behind the start, in the direction the piece moved away from
    /// them (Fanorona's withdrawal). Chosen, as [`CaptureForm::Approach`].
    Withdraw,
    /// Along each direction from the destination: `min..=max` targets on the board's edge, each with
    /// a closer on every side off the line and off the board's edge, then a closer (`shieldwall`,
    /// `2..` by default).
    Wall {
        /// Fewest pieces in the row.
        min: u8,
        /// Most pieces in the row (255: no limit).
        max: u8,
    },
    /// `remove`: after a move whose destination satisfies the rule's `trigger`, one piece anywhere
    /// that satisfies the target condition (or the `fallback`), chosen by the mover (`remove.rs`).
    Remove,
}

/// Which forms are chosen by the mover rather than applied to every move.
///
/// ```
/// use qipan::core::rules::CaptureForm;
///
/// assert!(CaptureForm::Approach.chosen() && CaptureForm::Withdraw.chosen());
/// assert!(!CaptureForm::Explode { mover: true }.chosen());
/// assert_eq!(CaptureForm::Withdraw.word(), "withdraw");
/// ```
impl CaptureForm {
    /// Whether a move captures under this form only when it names the rule
    /// ([`Move::capture_rule`](crate::Move::capture_rule)): approach and withdrawal, between which the
    /// mover chooses.
    ///
    /// ```
    /// use qipan::core::rules::CaptureForm;
    ///
    /// assert!(CaptureForm::Approach.chosen());
    /// assert!(!CaptureForm::Remove.chosen(), "a removal is chosen by node, not by rule");
    /// ```
    pub fn chosen(self) -> bool {
        matches!(self, CaptureForm::Approach | CaptureForm::Withdraw)
    }

    /// The form's word in the language, also the suffix of a move that chose it (`d2-e3 approach`).
    ///
    /// ```
    /// let game = qipan::load("hnefatafl", &[])?;
    /// let words: Vec<&str> = game.rules.captures.iter().map(|r| r.form.word()).collect();
    /// assert_eq!(words, ["custodial", "surround", "shieldwall"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn word(self) -> &'static str {
        match self {
            CaptureForm::Line { min: 1, max: 255 } => "flank",
            CaptureForm::Line { .. } => "custodial",
            CaptureForm::Surround { .. } => "surround",
            CaptureForm::Explode { .. } => "explode",
            CaptureForm::Approach => "approach",
            CaptureForm::Withdraw => "withdraw",
            CaptureForm::Wall { .. } => "shieldwall",
            CaptureForm::Remove => "remove",
        }
    }
}

/// One capture rule of a game (`rules: captures:`), compiled.
///
/// ```
/// use qipan::core::rules::{CaptureRule, Cond};
///
/// let game = qipan::load("othello", &[])?;
/// let rule: &CaptureRule = &game.rules.captures[0];
/// assert_eq!((&rule.target, &rule.closer), (&Cond::Enemy, &Cond::Friend));
/// assert_eq!(rule.lines.len(), 8, "four orthogonal and four diagonal directions");
/// assert_eq!(rule.by, 0, "every piece captures");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct CaptureRule {
    /// The form.
    pub form: CaptureForm,
    /// Every direction of the rule's relations, as (relation, direction).
    pub lines: Vec<(RelationId, DirectionId)>,
    /// What may be captured (`of`), for the mover's seat.
    pub target: Cond,
    /// What closes a line or an enclosure (`with`), for the mover's seat.
    pub closer: Cond,
    /// For `remove`: what the destination must satisfy, on the board after the move (`if`).
    pub trigger: Cond,
    /// For `remove`: what may be removed when nothing satisfies the target condition (`fallback`).
    pub fallback: Option<Cond>,
    /// The moving piece types that capture this way, one bit per type (0: every type).
    pub by: u64,
    /// Captured pieces change owner to the mover's piece's owner and stay (Othello's flips).
    pub convert: bool,
    /// A move is legal only if it captures under this rule.
    pub required: bool,
    /// Pieces that may stand in a line but are not taken with it (`sparing`: the king in a shield wall).
    pub spare: Option<Cond>,
    /// The source text, for messages.
    pub text: String,
    /// `target` as a table, when it reads only occupants and zones (filled in by
    /// [`GameBuilder::build`](crate::game::GameBuilder::build); `None` otherwise).
    pub target_table: Option<CondTable>,
    /// `closer` as a table, likewise.
    pub closer_table: Option<CondTable>,
}

/// A view of the board: the position's cells with the move being judged made on them.
pub(crate) struct View<'a> {
    pub(crate) pos: &'a Position,
    /// The mover's seat: conditions are read for it.
    pub(crate) seat: SeatId,
    /// The moving piece, as it stands on `to`.
    pub(crate) mover: Piece,
    /// The start node, empty in the view ([`NodeId::NONE`] for placements).
    pub(crate) from: NodeId,
    /// The destination, holding `mover` in the view.
    pub(crate) to: NodeId,
    /// Where the mover started, for the forms that follow its direction of travel (approach,
    /// withdrawal); [`NodeId::NONE`] for placements.
    pub(crate) origin: NodeId,
}

impl View<'_> {
    #[inline(always)]
    pub(crate) fn cell(&self, n: NodeId) -> Option<Piece> {
        if n == self.to {
            Some(self.mover)
        } else if n == self.from {
            None
        } else {
            self.pos.cell(n)
        }
    }

    /// Whether `c` holds on `n` (a node on the board) in the view. The usual words of capture rules
    /// (`enemy`, `friend`, `empty`, `piece`, `zone`, `in-line` and their combinations) are read directly:
    /// every move tests a few of them per direction.
    #[inline]
    pub(crate) fn holds(&self, c: &Cond, n: NodeId) -> bool {
        match c {
            Cond::Enemy => self.cell(n).is_some_and(|p| self.pos.hostile(self.seat, p.seat)),
            Cond::Friend => self.cell(n).is_some_and(|p| self.pos.same_side(self.seat, p.seat)),
            Cond::Empty => self.cell(n).is_none(),
            Cond::Piece(t) => self.cell(n).is_some_and(|p| p.piece == *t),
            Cond::Zone(z) => self.pos.game().board.zones_of(n) & (1 << z) != 0,
            Cond::Not(c) => !self.holds(c, n),
            Cond::And(cs) => cs.iter().all(|c| self.holds(c, n)),
            Cond::Or(cs) => cs.iter().any(|c| self.holds(c, n)),
            Cond::InLine(line) => line.eval(self.pos, n, &|m| self.cell(m)),
            _ => c.eval_with(self.pos, self.seat, n, &|m| self.cell(m)),
        }
    }
}

/// Capture tests and effects, as the rest of the engine asks them.
///
/// ```
/// use qipan::core::notation::parse_move;
///
/// let game = qipan::load("othello", &[])?;
/// let pos = game.start();
/// // d3 flanks d4; a1 flanks nothing, so it is no move at all.
/// assert!(pos.check(&parse_move(&pos, "d3")?).is_ok());
/// assert!(pos.check(&parse_move(&pos, "a1")?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl CaptureRule {
    /// Whether a piece of type `piece` captures under this rule.
    #[inline]
    pub(crate) fn applies_to(&self, piece: PieceId) -> bool {
        self.by == 0 || (piece.idx() < 64 && self.by & (1 << piece.idx()) != 0)
    }

    /// How many pieces the move in `view` captures along its line `i` ([`CaptureRule::lines`]): the
    /// first that many nodes from the destination that way.
    #[inline]
    pub(crate) fn along(&self, view: &View, i: usize) -> u8 {
        match self.form {
            CaptureForm::Line { min, max } => line::along(self, view, i, min, max),
            CaptureForm::Surround { edges } => surround::along(self, view, i, edges),
            CaptureForm::Explode { .. } => explode::along(self, view, i),
            CaptureForm::Approach | CaptureForm::Withdraw => approach::along(self, view, i),
            // A removal is chosen with the move (`Move::take`), not found along a line.
            CaptureForm::Remove => 0,
            CaptureForm::Wall { min, max } => wall::along(self, view, i, min, max),
        }
    }

    /// Where the pieces captured along line `i` start, and the way they run: the first is one step from
    /// the node returned that way.
    #[inline]
    pub(crate) fn line_start(&self, view: &View, i: usize) -> (NodeId, RelationId, DirectionId) {
        let (rel, dir) = self.lines[i];
        match self.form {
            CaptureForm::Withdraw => approach::behind(view, rel, dir),
            _ => (view.to, rel, dir),
        }
    }

    /// The lines worth judging for the move in `view`: all of them, but for approach and withdrawal
    /// only the one the piece travelled along.
    #[inline]
    pub(crate) fn lines_to_judge(&self, view: &View) -> std::ops::Range<usize> {
        if self.form.chosen() {
            return approach::travel_line(self, view).map_or(0..0, |i| i..i + 1);
        }
        0..self.lines.len()
    }

    /// Whether the move in `view` captures anything under this rule.
    #[inline]
    pub(crate) fn captures_any(&self, view: &View) -> bool {
        self.lines_to_judge(view).any(|i| self.along(view, i) > 0)
    }

    /// Whether the piece on `n`, in a captured line, stays (`sparing`).
    #[inline]
    pub(crate) fn spares(&self, view: &View, n: NodeId) -> bool {
        self.spare.as_ref().is_some_and(|c| view.holds(c, n))
    }
}

/// Whether the move of `piece` (placed for `seat` when `from` is [`NodeId::NONE`]) to `to` captures
/// under every `required` rule that applies to it: false when one of them would take nothing.
#[inline]
pub(crate) fn meets_required(pos: &Position, seat: SeatId, piece: PieceId, from: NodeId, to: NodeId) -> bool {
    let game = pos.game();
    let owner = if from.is_some() { pos.cell(from).map_or(seat, |p| p.seat) } else { game.placed_owner(piece, seat) };
    let view = View { pos, seat, mover: Piece { seat: owner, piece }, from, to, origin: from };
    game.rules.captures.iter().filter(|r| r.required && r.applies_to(piece)).all(|r| r.captures_any(&view))
}

/// What the rest of the engine asks of a game's capture rules.
///
/// ```
/// assert!(qipan::load("othello", &[])?.rules.capture_required());
/// assert!(!qipan::load("hnefatafl", &[])?.rules.capture_required());
/// assert!(!qipan::load("chess", &[])?.rules.capture_required());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl crate::rules::Rules {
    /// Whether some capture rule is `required`: then a move must capture to be legal.
    ///
    /// ```
    /// let game = qipan::load("othello", &[])?;
    /// assert!(game.rules.capture_required());
    /// assert!(game.start().legal_moves().iter().all(|m| !m.is_pass()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn capture_required(&self) -> bool {
        self.captures.iter().any(|r| r.required)
    }

    /// Whether some capture rule is a `remove`: then a move may name a piece it removes ([`crate::Move::take`]).
    ///
    /// ```
    /// assert!(qipan::load("nine-mens-morris", &[])?.rules.removes());
    /// assert!(!qipan::load("othello", &[])?.rules.removes());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn removes(&self) -> bool {
        self.captures.iter().any(|r| r.form == CaptureForm::Remove)
    }
}
