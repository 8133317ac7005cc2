//! Counts of pieces: a seat left with fewer than N pieces (of some types, on the board and, if asked,
//! in reserve) is out, or wins (a game of giving one's pieces away). Nine Men's Morris: a player
//! reduced to two pieces loses; Breakthrough: a player without pieces loses.

use super::GoalOutcome;
use crate::position::Position;
use crate::{PieceId, SeatId};

/// A count of pieces below which a seat is out (or wins).
///
/// ```
/// use qipan::core::rules::{CountGoal, GoalOutcome};
///
/// let game = qipan::load("breakthrough", &[])?;
/// let goal: &CountGoal = &game.rules.end.counts[0];
/// assert_eq!((goal.fewer_than, goal.reserve, goal.outcome), (1, false, GoalOutcome::Loses));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct CountGoal {
    /// The count at and above which nothing happens.
    pub fewer_than: u16,
    /// The piece types counted (all when empty).
    pub pieces: Vec<PieceId>,
    /// Whether pieces in the seat's reserve count too (pieces still to be placed, as in Morris).
    pub reserve: bool,
    /// What falling below does: `Loses` puts the seat out of the game (the last side standing then
    /// wins); `Wins` ends the game with its side the winner.
    pub outcome: GoalOutcome,
}

/// Counting a seat's pieces.
///
/// ```
/// use qipan::core::SeatId;
///
/// let game = qipan::load("breakthrough", &[])?;
/// let pos = game.start();
/// assert_eq!(game.rules.end.counts[0].count(&pos, SeatId(0)), 16);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl CountGoal {
    /// How many of `seat`'s pieces count.
    ///
    /// ```
    /// use qipan::core::{SeatId, rules::{CountGoal, GoalOutcome}};
    ///
    /// let game = qipan::load("leader-cannon", &[])?;
    /// let goal = CountGoal { fewer_than: 3, pieces: vec![], reserve: true, outcome: GoalOutcome::Loses };
    /// // Leader Cannon starts with every piece in reserve: 1 leader and 7 commoners.
    /// assert_eq!(goal.count(&game.start(), SeatId(0)), 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self, pos: &Position, seat: SeatId) -> u32 {
        let counted = |t: &PieceId| self.pieces.is_empty() || self.pieces.contains(t);
        let types = pos.game().piece_ids().filter(counted);
        types.map(|t| u32::from(pos.on_board(seat, t)) + if self.reserve { u32::from(pos.reserve(seat, t)) } else { 0 }).sum()
    }

    /// Whether `seat` has fallen below the count.
    #[inline]
    fn crossed(&self, pos: &Position, seat: SeatId) -> bool {
        self.count(pos, seat) < u32::from(self.fewer_than)
    }
}

/// The first live seat (and its goal) whose count fell below a count goal, in seat order after the
/// goals' order.
pub(crate) fn counts_crossed(pos: &Position) -> Option<(GoalOutcome, SeatId)> {
    let goals = &pos.game().rules.end.counts;
    goals.iter().find_map(|g| {
        let seat = pos.game().seat_ids().find(|&s| pos.is_alive(s) && g.crossed(pos, s))?;
        Some((g.outcome, seat))
    })
}
