//! Judging a game move by move: what a player thought of each position, the move it would have played,
//! and what each move played cost its mover.

use super::{Agent, AgentRng, rewards};
use crate::SeatId;
use crate::hooks::HookError;
use crate::moves::Move;
use crate::position::Position;

/// What a player makes of a position.
///
/// ```
/// use qipan::core::ai::{Agent, AgentRng, AgentSpec};
/// use rand::SeedableRng;
///
/// let game = qipan::load("tic-tac-toe", &[])?;
/// let mut mcts = AgentSpec::parse("mcts:iterations=100000")?.build();
/// let judged = mcts.evaluate(&game.start(), &mut AgentRng::seed_from_u64(1))?.expect("MCTS judges positions");
/// assert_eq!(judged.rewards, [0.5, 0.5]); // proven a draw
/// assert!(judged.best.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// Each player's expected share of the result, indexed by seat as [`rewards`] indexes it: 1 is a
    /// sure win, 0 a sure loss.
    pub rewards: Vec<f64>,
    /// The move the player would play, if there is one.
    pub best: Option<Move>,
}

/// One move of a game, judged by a player.
///
/// ```
/// use qipan::core::ai::MoveReview;
/// use qipan::core::{Move, SeatId};
///
/// let review = MoveReview { ply: 0, seat: SeatId(0), played: Move::PASS, before: 0.6, after: 0.2, best: None };
/// assert!((review.loss() - 0.4).abs() < 1e-9);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The ply the move was played at (0 for the first move).
    pub ply: u32,
    /// The seat that played it.
    pub seat: SeatId,
    /// The move.
    pub played: Move,
    /// The mover's expected share before the move, with the player's best move.
    pub before: f64,
    /// The mover's expected share after the move played.
    pub after: f64,
    /// The move the player would have played instead, when it is another.
    pub best: Option<Move>,
}

/// What a move cost.
///
/// ```
/// use qipan::core::ai::MoveReview;
/// use qipan::core::{Move, SeatId};
///
/// // A move that did better than the player expected cost nothing.
/// let lucky = MoveReview { ply: 3, seat: SeatId(1), played: Move::PASS, before: 0.4, after: 0.5, best: None };
/// assert_eq!(lucky.loss(), 0.0);
/// ```
impl MoveReview {
    /// What the move cost its mover: its expected share before, less after (never below 0).
    ///
    /// ```
    /// use qipan::core::ai::MoveReview;
    /// use qipan::core::{Move, SeatId};
    ///
    /// let blunder = MoveReview { ply: 8, seat: SeatId(0), played: Move::PASS, before: 1.0, after: 0.0, best: None };
    /// assert_eq!(blunder.loss(), 1.0);
    /// ```
    pub fn loss(&self) -> f64 {
        (self.before - self.after).max(0.0)
    }
}

/// Judges each move of a game: `positions` are the game's positions in order, each after one more move
/// (the first is where the game starts). Every position is judged once; a finished game by its result.
/// Fails with `Ok(None)` when `agent` cannot judge positions (random, greedy).
///
/// ```
/// use qipan::core::ai::{AgentRng, AgentSpec, review};
/// use qipan::core::notation::{move_text, parse_move};
/// use rand::SeedableRng;
///
/// // O answers X's corner with an edge, and loses.
/// let game = qipan::load("tic-tac-toe", &[])?;
/// let mut positions = vec![game.start()];
/// for text in ["a1", "b1", "b2", "c3"] {
///     let mut next = positions.last().unwrap().clone();
///     next.play(&parse_move(&next, text)?)?;
///     positions.push(next);
/// }
/// let mut mcts = AgentSpec::parse("mcts:iterations=20000")?.build();
/// let reviews = review(&positions, mcts.as_mut(), &mut AgentRng::seed_from_u64(1))?.unwrap();
/// assert_eq!(reviews.len(), 4);
/// // b1 threw the draw away: from 0.5 to a proven loss.
/// assert_eq!((reviews[1].before, reviews[1].after), (0.5, 0.0));
/// assert_eq!(move_text(&game, &reviews[1].played), "b1");
/// assert!(reviews[1].best.is_some());
/// // Worst first.
/// let worst = reviews.iter().max_by(|a, b| a.loss().total_cmp(&b.loss())).unwrap();
/// assert_eq!(worst.ply, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn review(
    positions: &[Position],
    agent: &mut dyn Agent,
    rng: &mut AgentRng,
) -> Result<Option<Vec<MoveReview>>, HookError> {
    let mut judged = Vec::with_capacity(positions.len());
    for pos in positions {
        let e = if pos.is_over() {
            let mut r = Vec::new();
            rewards(pos, pos.outcome(), &mut r);
            Evaluation { rewards: r, best: None }
        } else {
            match agent.evaluate(pos, rng)? {
                Some(e) => e,
                None => return Ok(None),
            }
        };
        judged.push(e);
    }
    let mut out = Vec::new();
    for (k, pair) in positions.windows(2).enumerate() {
        let (pos, next) = (&pair[0], &pair[1]);
        let Some(played) = next.last_move() else { continue };
        let seat = pos.to_move();
        let p = super::player(pos, seat).idx();
        let share = |e: &Evaluation| e.rewards.get(p).copied().unwrap_or(0.0);
        out.push(MoveReview {
            ply: pos.ply(),
            seat,
            played,
            before: share(&judged[k]),
            after: share(&judged[k + 1]),
            best: judged[k].best.filter(|b| *b != played),
        });
    }
    Ok(Some(out))
}
