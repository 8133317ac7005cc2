//! The greedy agent: looks one ply ahead.

use super::{Agent, AgentRng, player};
use crate::hooks::HookError;
use crate::moves::Move;
use crate::position::{MoveBuf, Position};
use rand::Rng;

/// Looks one ply ahead: plays a move that wins at once if there is one; otherwise the move that captures
/// most (by the count of pieces captured); otherwise a random move among the rest. A move that loses
/// at once (the game ends without the mover among the winners, or the mover's seat is out) is played
/// only when every move does; one that ends the game in a draw only when nothing better is left.
/// Ties are broken uniformly at random.
///
/// ```
/// use qipan::core::ai::{Agent, AgentRng, GreedyAgent};
/// use qipan::core::notation::{move_text, parse_move};
/// use rand::SeedableRng;
///
/// // After 1. e4 d5, the only capture is the pawn on d5.
/// let game = qipan::load("chess", &[])?;
/// let mut pos = game.start();
/// for text in ["e2-e4", "d7-d5"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// let mut greedy = GreedyAgent::default();
/// for seed in 0..5 {
///     let mv = greedy.choose(&pos, &mut AgentRng::seed_from_u64(seed))?.unwrap();
///     assert_eq!(move_text(&game, &mv), "e4-d5");
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct GreedyAgent {
    buf: MoveBuf,
    next: Option<Position>,
    best: Vec<Move>,
}

/// How good a move looks after one ply: higher is better.
fn value(before: &Position, after: &Position) -> i64 {
    let seat = before.to_move();
    let me = player(before, seat);
    if let Some(r) = after.outcome() {
        if r.winners.iter().any(|&w| player(after, w) == me) {
            return i64::MAX;
        }
        return if r.winners.is_empty() && after.is_alive(seat) { -1 } else { i64::MIN };
    }
    if !after.is_alive(seat) {
        return i64::MIN;
    }
    // Captures by every seat this player holds (after the move, which may have taken a whole army).
    let taken = |p: &Position| -> i64 {
        p.game().seat_ids().zip(p.captures()).filter(|&(s, _)| player(p, s) == me).map(|(_, &c)| c as i64).sum()
    };
    (taken(after) - taken(before)).max(0)
}

impl Agent for GreedyAgent {
    fn choose(&mut self, pos: &Position, rng: &mut AgentRng) -> Result<Option<Move>, HookError> {
        pos.try_generate_legal(&mut self.buf)?;
        if self.buf.moves.len() <= 1 {
            return Ok(self.buf.moves.first().copied());
        }
        let next = self.next.get_or_insert_with(|| pos.clone());
        self.best.clear();
        let mut best = i64::MIN;
        for &mv in &self.buf.moves {
            next.clone_from(pos);
            next.play_unchecked(&mv)?;
            let v = value(pos, next);
            if v > best || self.best.is_empty() {
                best = v;
                self.best.clear();
            }
            if v == best {
                self.best.push(mv);
            }
        }
        Ok(Some(self.best[rng.random_range(0..self.best.len())]))
    }

    fn name(&self) -> &str {
        "greedy"
    }
}
