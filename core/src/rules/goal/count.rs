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
        types
            .map(|t| u32::from(pos.on_board(seat, t)) + if self.reserve { u32::from(pos.reserve(seat, t)) } else { 0 })
            .sum()
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

#[cfg(test)]
mod tests {
    use super::CountGoal;
    use crate::outcome::EndReason;
    use crate::rules::{DirSel, EndRules, GoalOutcome, PassRule, Rules};
    use crate::testkit::*;

    const MAN: PieceId = PieceId::new(0);
    const POST: PieceId = PieceId::new(1);

    fn row(goal: CountGoal) -> std::sync::Arc<crate::Game> {
        let b = board(6, 1, &[]);
        let step = || vec![rule(slide(rel(&b, "orthogonal"), DirSel::All, 1, 1), empty_or_enemy())];
        let end = EndRules { counts: vec![goal], last_standing: true, ..EndRules::default() };
        let pieces = vec![piece("man", step()), piece("post", vec![])];
        game(b, pieces, Rules { pass: PassRule::Always, end, ..Rules::default() })
    }

    #[test]
    fn a_seat_below_the_count_is_out_and_the_last_side_wins() {
        let g = row(CountGoal { fewer_than: 2, pieces: vec![MAN], reserve: false, outcome: GoalOutcome::Loses });
        // Black has two men and a post; losing one man leaves one man (the post does not count).
        let pieces =
            [("a1", WHITE, MAN), ("b1", BLACK, MAN), ("c1", BLACK, POST), ("d1", BLACK, MAN), ("f1", WHITE, MAN)];
        let mut pos = position(&g, &pieces, WHITE);
        play(&mut pos, "a1-b1");
        assert!(!pos.is_alive(BLACK));
        assert_eq!(
            pos.outcome().map(|r| (r.reason.clone(), r.winners.clone())),
            Some((EndReason::LastSideStanding, vec![WHITE]))
        );
        // At the count nothing happens: Black keeps two men after White's quiet move.
        let mut pos =
            position(&g, &[("a1", WHITE, MAN), ("f1", WHITE, MAN), ("c1", BLACK, MAN), ("d1", BLACK, MAN)], WHITE);
        play(&mut pos, "a1-b1");
        assert!(pos.is_alive(BLACK) && !pos.is_over());
    }

    #[test]
    fn pieces_in_reserve_count_when_asked() {
        let b = board(4, 1, &[]);
        let g = builder(b, vec![piece("man", vec![]), piece("post", vec![])])
            .rules(Rules {
                pass: PassRule::Always,
                end: EndRules {
                    counts: vec![CountGoal {
                        fewer_than: 3,
                        pieces: vec![],
                        reserve: true,
                        outcome: GoalOutcome::Loses,
                    }],
                    ..EndRules::default()
                },
                ..Rules::default()
            })
            .reserve(WHITE, MAN, 2)
            .reserve(BLACK, MAN, 3);
        let g = build(g);
        let goal = &g.rules.end.counts[0];
        let mut pos = position(&g, &[("a1", WHITE, POST)], WHITE);
        assert_eq!((goal.count(&pos, WHITE), goal.count(&pos, BLACK)), (3, 3));
        play(&mut pos, "pass");
        assert!(pos.is_alive(WHITE), "three pieces: one on the board, two in reserve");
    }

    #[test]
    fn giving_every_piece_away_can_win() {
        let g = row(CountGoal { fewer_than: 1, pieces: vec![], reserve: false, outcome: GoalOutcome::Wins });
        let mut pos = position(&g, &[("a1", WHITE, MAN), ("b1", BLACK, MAN), ("d1", BLACK, MAN)], BLACK);
        play(&mut pos, "b1-a1");
        assert_eq!(
            pos.outcome().map(|r| (r.reason.clone(), r.winners.clone())),
            Some((EndReason::PieceCount, vec![WHITE]))
        );
    }
}
