//! The random agent: uniform among the legal moves.

use super::{Agent, AgentRng};
use crate::hooks::HookError;
use crate::moves::Move;
use crate::position::{MoveBuf, Position};
use rand::Rng;

/// Plays a legal move drawn uniformly (the pass included where it is legal).
///
/// ```
/// use qipan::core::Move;
/// use qipan::core::ai::{Agent, AgentRng, RandomAgent};
/// use rand::SeedableRng;
/// use std::collections::HashSet;
///
/// let game = qipan::load("go", &[("size".into(), "5".into())])?;
/// let pos = game.start();
/// let (mut agent, mut rng) = (RandomAgent::default(), AgentRng::seed_from_u64(1));
/// let mut seen = HashSet::new();
/// for _ in 0..500 {
///     seen.insert(agent.choose(&pos, &mut rng)?.unwrap());
/// }
/// // Every legal move comes up: the 25 points and the pass.
/// assert_eq!(seen, pos.legal_moves().into_iter().collect());
/// assert!(seen.len() == 26 && seen.contains(&Move::PASS));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct RandomAgent {
    buf: MoveBuf,
}

impl Agent for RandomAgent {
    fn choose(&mut self, pos: &Position, rng: &mut AgentRng) -> Result<Option<Move>, HookError> {
        pos.try_generate_legal(&mut self.buf)?;
        let moves = &self.buf.moves;
        Ok((!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())]))
    }

    fn name(&self) -> &str {
        "random"
    }
}
