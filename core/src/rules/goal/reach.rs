//! Reaching a zone: a side wins (or loses) when one of its pieces arrives in its goal zone
//! (Breakthrough's far row, a race game's home), at once.

use super::{GoalOutcome, of_types};
use crate::position::Position;
use crate::{PieceId, SeatId};

/// A zone that ends the game when a piece of a seat's arrives there.
///
/// ```
/// use qipan::core::rules::{GoalOutcome, ReachGoal};
///
/// let game = qipan::load("breakthrough", &[])?;
/// let goal: &ReachGoal = &game.rules.end.reach[0];
/// // White's goal is the eighth rank, Black's the first (the seat-relative zone `goal`).
/// let (rank8, rank1) = (game.board.zone("rank8").unwrap(), game.board.zone("rank1").unwrap());
/// assert_eq!(goal.zones, vec![1 << rank8, 1 << rank1]);
/// assert_eq!(goal.outcome, GoalOutcome::Wins);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ReachGoal {
    /// Per seat, the board zones (one bit each) its pieces must reach; seat-relative names are resolved
    /// for each seat.
    pub zones: Vec<u64>,
    /// The piece types that count (all when empty).
    pub pieces: Vec<PieceId>,
    /// What arriving does to the arriving piece's side.
    pub outcome: GoalOutcome,
}

/// Testing arrivals.
///
/// ```
/// use qipan::core::{Position, SeatId};
///
/// let game = qipan::load("breakthrough", &[])?;
/// let goal = &game.rules.end.reach[0];
/// let pos = game.start();
/// let (a8, a1) = (game.board.find("a8").unwrap(), game.board.find("a1").unwrap());
/// assert!(!goal.reached_by(&pos, a8), "Black's own piece stands on a8 at the start");
/// assert!(!goal.reached_by(&pos, a1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ReachGoal {
    /// Whether the piece on `n` stands in its seat's goal zone.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let src = "name: race
    /// board:
    ///   grid: { width: 2, height: 3, labels: chess }
    ///   zones: { top: { coords: [[0, 1], [2, 2]] }, bottom: { coords: [[0, 1], [0, 0]] } }
    /// zone_aliases: [goal]
    /// seats: [{ name: white, zones: { goal: top } }, { name: black, zones: { goal: bottom } }]
    /// pieces: { runner: { moves: step orthogonal to empty } }
    /// setup: [{ seat: white, piece: runner, at: [a2] }, { seat: black, piece: runner, at: [b2] }]
    /// end: { reach: [{ zone: goal }] }
    /// ";
    /// let game = qipan::load_str("race.yaml", src, &[])?;
    /// let mut pos = game.start();
    /// pos.play(&parse_move(&pos, "a2-a1")?)?; // White into Black's goal: nothing
    /// assert!(!pos.is_over());
    /// pos.play(&parse_move(&pos, "b2-b1")?)?; // Black into its own
    /// assert!(game.rules.end.reach[0].reached_by(&pos, game.board.find("b1").unwrap()));
    /// assert_eq!(pos.outcome().unwrap().winners, vec![qipan::core::SeatId(1)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reached_by(&self, pos: &Position, n: crate::board::NodeId) -> bool {
        pos.cell(n)
            .is_some_and(|p| of_types(&self.pieces, p) && pos.game().board.zones_of(n) & self.zones[p.seat.idx()] != 0)
    }
}

/// The first zone the last move reached: what it does, and the seat whose piece arrived.
pub(super) fn reached(pos: &Position) -> Option<(GoalOutcome, SeatId)> {
    let goals = &pos.game().rules.end.reach;
    super::first_arrival(pos, |n| {
        let goal = goals.iter().find(|g| g.reached_by(pos, n))?;
        Some((goal.outcome, pos.cell(n)?.seat))
    })
}

#[cfg(test)]
mod tests {
    use super::ReachGoal;
    use crate::outcome::EndReason;
    use crate::rules::{DirSel, EndRules, GoalOutcome, PassRule, Rules};
    use crate::testkit::*;

    const MAN: PieceId = PieceId::new(0);
    const POST: PieceId = PieceId::new(1);

    /// A 3×3 board; men step orthogonally, posts too; reaching row 3 does `outcome` for men only.
    fn race(outcome: GoalOutcome) -> std::sync::Arc<crate::Game> {
        let b = board(3, 3, &[("top", &["a3", "b3", "c3"])]);
        let step = || vec![rule(slide(rel(&b, "orthogonal"), DirSel::All, 1, 1), empty_or_enemy())];
        let top = 1 << b.zone("top").unwrap();
        let goal = ReachGoal { zones: vec![top, 0], pieces: vec![MAN], outcome };
        let end = EndRules { reach: vec![goal], ..EndRules::default() };
        let pieces = vec![piece("man", step()), piece("post", step())];
        game(b, pieces, Rules { pass: PassRule::Always, end, ..Rules::default() })
    }

    #[test]
    fn a_man_arriving_ends_the_game_a_post_does_not_and_black_has_no_goal() {
        let pieces = [("a2", WHITE, MAN), ("b2", WHITE, POST), ("c2", BLACK, MAN)];
        let mut pos = position(&race(GoalOutcome::Wins), &pieces, WHITE);
        play(&mut pos, "b2-b3");
        play(&mut pos, "c2-c3");
        assert!(!pos.is_over(), "a post, and Black's man in White's goal, reach nothing");
        play(&mut pos, "a2-a3");
        assert_eq!(
            pos.outcome().map(|r| (r.reason.clone(), r.winners.clone())),
            Some((EndReason::ZoneReached, vec![WHITE]))
        );
    }

    #[test]
    fn arriving_can_lose() {
        let mut pos = position(&race(GoalOutcome::Loses), &[("a2", WHITE, MAN), ("c1", BLACK, MAN)], WHITE);
        play(&mut pos, "a2-a3");
        assert_eq!(pos.outcome().map(|r| r.winners.clone()), Some(vec![BLACK]));
    }
}
