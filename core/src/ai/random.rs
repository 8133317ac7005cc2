//! The random agent: uniform among the legal moves.

use super::{Agent, AgentRng};
use crate::hooks::HookError;
use crate::moves::Move;
use crate::position::{MoveBuf, Position};
use rand::Rng;

/// Plays a legal move drawn uniformly (the pass included where it is legal).
#[derive(Clone, Debug, Default)]
pub struct RandomAgent {
    buf: MoveBuf,
}

impl Agent for RandomAgent {
    fn choose(&mut self, pos: &Position, rng: &mut AgentRng) -> Result<Option<Move>, HookError> {
        pos.generate_legal(&mut self.buf);
        let moves = &self.buf.moves;
        Ok((!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())]))
    }

    fn name(&self) -> &str {
        "random"
    }
}
