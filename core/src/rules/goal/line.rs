//! N in a row: a seat that makes a line of its own pieces wins (tic-tac-toe, Gomoku, Connect Four) or
//! loses (Yavalath's three). A line runs along one direction of a relation and back along its
//! opposite; only lines through a node the last move filled can be new, so the test walks those
//! few nodes, not the board.
//!
//! ```
//! use qipan::core::{EndReason, SeatId, notation::parse_move};
//!
//! let src = "name: three
//! board: { grid: { width: 3, height: 3, labels: chess, diagonal: true } }
//! seats: [{ name: x }, { name: o }]
//! pieces: { stone: { symbols: [X, O], moves: place to empty } }
//! rules: { pass: never }
//! end: { lines: [{ length: 3, along: [orthogonal, diagonal] }] }
//! ";
//! let game = qipan::load_str("three.yaml", src, &[])?;
//! let mut pos = game.start();
//! for text in ["a1", "a2", "b2", "a3"] {
//!     pos.play(&parse_move(&pos, text)?)?;
//! }
//! assert!(!pos.is_over());
//! pos.play(&parse_move(&pos, "c3")?)?; // a1, b2, c3: a diagonal
//! let result = pos.outcome().unwrap();
//! assert_eq!((result.winners.as_slice(), &result.reason), (&[SeatId(0)][..], &EndReason::Line));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::GoalOutcome;
use crate::board::{Board, DirectionId, NodeId, RelationId};
use crate::position::{Piece, Position};
use crate::{PieceId, SeatId};

/// A line that ends the game when a seat makes it.
///
/// ```
/// use qipan::core::rules::{LineGoal, GoalOutcome};
///
/// let game = qipan::load("tic-tac-toe", &[])?;
/// let goal: &LineGoal = &game.rules.end.lines[0];
/// assert_eq!((goal.length, goal.exact, goal.outcome, goal.winner), (3, false, GoalOutcome::Wins, None));
/// assert_eq!(goal.axes.len(), 4, "two orthogonal and two diagonal axes");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct LineGoal {
    /// The axes lines run along: a relation, a direction of it and that direction's opposite (a line
    /// along a direction without one is counted forwards only).
    pub axes: Vec<Axis>,
    /// How many pieces in a row.
    pub length: u8,
    /// Exactly `length`: a longer run (Gomoku's overline) does not count.
    pub exact: bool,
    /// The piece types that count (all when empty).
    pub pieces: Vec<PieceId>,
    /// What the line does to the side that made it.
    pub outcome: GoalOutcome,
    /// The seat the line counts for, whoever owns its pieces (Order, for a line of X or of O); `None`:
    /// the side whose pieces make it.
    pub winner: Option<SeatId>,
}

/// Finding lines on a position.
///
/// ```
/// use qipan::core::{notation::parse_move, rules::GoalOutcome};
///
/// let game = qipan::load("tic-tac-toe", &[])?;
/// let mut pos = game.start();
/// let goal = &game.rules.end.lines[0];
/// for text in ["a1", "c1", "a2"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// let a3 = game.board.find("a3").unwrap();
/// let a2 = game.board.find("a2").unwrap();
/// assert_eq!(goal.longest_through(&pos, a2, pos.cell(a2).unwrap()), 2);
/// assert!(!goal.made_through(&pos, a2));
/// assert!(!goal.made_through(&pos, a3), "an empty node makes no line");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl LineGoal {
    /// Whether the line wins for the side whose pieces make it (tic-tac-toe's, Gomoku's), rather than
    /// losing (Yavalath's three) or counting for a named seat (Order and Chaos).
    ///
    /// ```
    /// let game = qipan::load("connect-four", &[])?;
    /// assert!(game.rules.end.lines[0].wins_for_maker());
    /// let order = qipan::load("order-and-chaos", &[])?;
    /// assert!(!order.rules.end.lines[0].wins_for_maker());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn wins_for_maker(&self) -> bool {
        self.outcome == GoalOutcome::Wins && self.winner.is_none()
    }

    /// Whether the piece on `n` stands in a line that meets this goal.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("gomoku", &[("five".into(), "exact".into())])?;
    /// let mut pos = game.start();
    /// for text in ["A1", "A9", "B1", "B9", "C1", "C9", "E1", "E9", "F1", "G9", "D1"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// let (goal, d1) = (&game.rules.end.lines[0], game.board.find("D1").unwrap());
    /// assert!(goal.exact && !goal.made_through(&pos, d1), "A1 to F1 is six: an overline");
    /// assert!(!pos.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn made_through(&self, pos: &Position, n: NodeId) -> bool {
        let Some(p) = pos.cell(n).filter(|p| self.counts(pos, *p, p.seat)) else { return false };
        self.meets(pos, n, p.seat)
    }

    /// Whether a piece of type `piece` that `side` placed on the empty node `n` would make a line that
    /// meets this goal: how playouts find the moves that win at once, and those that stop an opponent's.
    ///
    /// ```
    /// use qipan::core::{PieceId, SeatId, notation::parse_move};
    ///
    /// let game = qipan::load("tic-tac-toe", &[])?;
    /// let mut pos = game.start();
    /// for text in ["a1", "c1", "a2"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// let (goal, a3, b3) = (&game.rules.end.lines[0], game.board.find("a3").unwrap(), game.board.find("b3").unwrap());
    /// assert!(goal.made_by_placing(&pos, a3, SeatId(0), PieceId::new(0)), "X's a1 a2 a3");
    /// assert!(!goal.made_by_placing(&pos, a3, SeatId(1), PieceId::new(0)));
    /// assert!(!goal.made_by_placing(&pos, b3, SeatId(0), PieceId::new(0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn made_by_placing(&self, pos: &Position, n: NodeId, side: SeatId, piece: PieceId) -> bool {
        pos.cell(n).is_none() && (self.pieces.is_empty() || self.pieces.contains(&piece)) && self.meets(pos, n, side)
    }

    /// Whether the runs of `side`'s pieces through `n` along some axis, `n` counted, meet the length.
    #[inline]
    fn meets(&self, pos: &Position, n: NodeId, side: SeatId) -> bool {
        // A loop with the runs inlined, not `runs_through`: this runs after every move of every playout.
        self.axes.iter().any(|&axis| self.meets_along(pos, n, side, axis))
    }

    /// Whether the run of `side`'s pieces through `n` along `axis`, `n` counted, meets the length: of a
    /// placement on `n`, the only line a piece placed on that axis can have changed.
    #[inline]
    pub(crate) fn meets_along(&self, pos: &Position, n: NodeId, side: SeatId, (rel, d, back): Axis) -> bool {
        let board = &pos.game().board;
        let run = 1 + self.run(pos, board, rel, Some(d), n, side) + self.run(pos, board, rel, back, n, side);
        let length = self.length as u32;
        if self.exact { run == length } else { run >= length }
    }

    /// The longest run through `n` of pieces that count with `piece`, along any axis (1 when it
    /// stands alone).
    ///
    /// ```
    /// use qipan::core::{Piece, notation::parse_move};
    ///
    /// let game = qipan::load("connect-four", &[])?;
    /// let mut pos = game.start();
    /// for text in ["a1", "a2", "b1", "b2", "c1"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// let goal = &game.rules.end.lines[0];
    /// let (a1, b2) = (game.board.find("a1").unwrap(), game.board.find("b2").unwrap());
    /// assert_eq!(goal.longest_through(&pos, a1, pos.cell(a1).unwrap()), 3); // a1 b1 c1
    /// assert_eq!(goal.longest_through(&pos, b2, pos.cell(b2).unwrap()), 2); // a2 b2
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn longest_through(&self, pos: &Position, n: NodeId, piece: Piece) -> u32 {
        self.runs_through(pos, n, piece.seat).max().unwrap_or(1)
    }

    /// The length of the run through `n` of pieces that count for `side`, one per axis.
    fn runs_through<'a>(&'a self, pos: &'a Position, n: NodeId, side: SeatId) -> impl Iterator<Item = u32> + 'a {
        let board = &pos.game().board;
        self.axes.iter().map(move |&(rel, d, back)| {
            1 + self.run(pos, board, rel, Some(d), n, side) + self.run(pos, board, rel, back, n, side)
        })
    }

    /// Whether `p` counts towards a line of `side`.
    #[inline]
    fn counts(&self, pos: &Position, p: Piece, side: SeatId) -> bool {
        pos.same_side(p.seat, side) && super::of_types(&self.pieces, p)
    }

    /// How many pieces that count follow `n` along `dir` (none without a direction).
    #[inline(always)]
    fn run(
        &self,
        pos: &Position,
        board: &Board,
        rel: RelationId,
        dir: Option<DirectionId>,
        n: NodeId,
        side: SeatId,
    ) -> u32 {
        run_along(board, rel, dir, n, |at| pos.cell(at).is_some_and(|p| self.counts(pos, p, side)))
    }

    /// The longest straight line along the axes that the board has room for.
    ///
    /// ```
    /// let game = qipan::load("tic-tac-toe", &[])?;
    /// assert_eq!(game.rules.end.lines[0].room(&game.board), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn room(&self, board: &Board) -> u32 {
        let mut best = 0;
        for &(rel, d, _) in &self.axes {
            for n in board.node_ids() {
                let (mut len, mut at) = (1u32, board.next(rel, d, n));
                while at.is_some() && at != n && len <= board.len() as u32 {
                    len += 1;
                    at = board.next(rel, d, at);
                }
                best = best.max(len);
            }
        }
        best
    }
}

/// An axis of a line: a relation, a direction of it, and that direction's opposite when the relation has it.
pub type Axis = (RelationId, DirectionId, Option<DirectionId>);

/// The axes of `rel` on `board`: one per pair of opposite directions (a lone direction is one too). Line
/// goals and the `in-line` condition are both built on them.
///
/// ```
/// use qipan::core::rules::goal::axes_of;
///
/// let game = qipan::load("tic-tac-toe", &[])?;
/// let orthogonal = game.board.relation("orthogonal").unwrap();
/// assert_eq!(axes_of(&game.board, orthogonal).len(), 2, "across and up");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn axes_of(board: &Board, rel: RelationId) -> Vec<Axis> {
    let dirs = board.relation_directions(rel);
    let mut axes = Vec::new();
    for &d in &dirs {
        let back = board.directions()[d.0 as usize].opposite.filter(|b| dirs.contains(b));
        if back.is_none_or(|b| b.0 > d.0) {
            axes.push((rel, d, back));
        }
    }
    axes
}

/// How many nodes follow `n` along `dir` of `rel` while `counts` holds on them (none without a
/// direction). A board whose lines wrap round (a cylinder) could lead back to `n`: the run stops there.
#[inline(always)]
pub(crate) fn run_along(
    board: &Board,
    rel: RelationId,
    dir: Option<DirectionId>,
    n: NodeId,
    counts: impl Fn(NodeId) -> bool,
) -> u32 {
    let Some(d) = dir else { return 0 };
    let mut count = 0;
    let mut at = board.next(rel, d, n);
    while at.is_some() && at != n && counts(at) {
        count += 1;
        at = board.next(rel, d, at);
    }
    count
}

/// The first line goal the last move met: what it does, and the seat it counts for (its `winner`, or
/// the seat whose pieces make it).
pub(super) fn completed(pos: &Position) -> Option<(GoalOutcome, SeatId)> {
    let goals = &pos.game().rules.end.lines;
    super::first_arrival(pos, |n| {
        let goal = goals.iter().find(|g| g.made_through(pos, n))?;
        Some((goal.outcome, goal.winner.unwrap_or(pos.cell(n)?.seat)))
    })
}
