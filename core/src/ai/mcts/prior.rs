//! Progressive bias: each new child judged once by the generic evaluation, so that the search tries the
//! moves that look best first and leans on them until its own statistics take over
//! ([`MctsConfig::prior`](super::MctsConfig::prior)).

use super::MctsAgent;
use crate::ai::alphabeta::UNIT;
use crate::ai::{player, rewards};
use crate::hooks::HookError;
use crate::position::Position;

/// Judging the moves of a node as it is expanded.
///
/// ```
/// use qipan::core::ai::{AgentRng, MctsAgent, MctsConfig};
/// use qipan::core::notation::{move_text, parse_move};
/// use rand::SeedableRng;
///
/// // Black may take the corner h1 (or play a2, b3, e6, f7): with the prior, the first move the search
/// // tries is the corner, whose disc no capture can ever take.
/// let game = qipan::load("othello", &[])?;
/// let mut pos = game.start();
/// for text in "c4 e3 f3 c3 d3 e2 f5 f6 f1 e1 c2 g1 d1 b2".split(' ') {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// let config = MctsConfig { iterations: Some(1), prior: 5.0, ..MctsConfig::default() };
/// let children = MctsAgent::new(config).search(&pos, &mut AgentRng::seed_from_u64(1))?;
/// let tried: Vec<String> = children.iter().filter(|c| c.1 == 1).map(|c| move_text(&game, &c.0)).collect();
/// assert_eq!(tried, ["h1"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl MctsAgent {
    /// Orders `self.moves` best first by the evaluation of the position each leads to, for the mover at
    /// `pos`, and leaves in `self.priors` (in the same order) each move's bonus: `prior` times how much
    /// better than the mean of the moves it is, in pieces, within ±1. A move that ends the game is worth
    /// its result: ±1 for a win or a loss.
    pub(super) fn judge_moves(&mut self, pos: &Position) -> Result<(), HookError> {
        self.evaluator.prepare(pos.game_arc());
        let mover = player(pos, pos.to_move());
        let before = self.moves.moves.len();
        let mut child = self.probe.take().unwrap_or_else(|| pos.clone());
        self.ranked.clear();
        let result = (|| {
            for &mv in &self.moves.moves {
                child.clone_from(pos);
                child.play_unchecked(&mv)?;
                let value = if child.is_over() {
                    rewards(&child, child.outcome(), &mut self.reward);
                    (self.reward[mover.idx()] * 2.0 - 1.0) * 1e6
                } else {
                    child.try_generate_legal(&mut self.replies)?;
                    let same = player(&child, child.to_move()) == mover;
                    let mine = self.replies.moves.len();
                    f64::from(self.evaluator.evaluate(&child, mover, mine, (!same).then_some(before))?)
                };
                self.ranked.push((value as f32, mv));
            }
            Ok(())
        })();
        self.probe = Some(child);
        result?;
        self.ranked.sort_unstable_by(|a, b| b.0.total_cmp(&a.0)); // best first
        let mean = self.ranked.iter().map(|r| f64::from(r.0)).sum::<f64>() / self.ranked.len().max(1) as f64;
        let weight = self.config.prior;
        for r in &mut self.ranked {
            r.0 = (weight * ((f64::from(r.0) - mean) / UNIT).clamp(-1.0, 1.0)) as f32;
        }
        self.moves.moves.clear();
        self.moves.moves.extend(self.ranked.iter().map(|r| r.1));
        self.priors.clear();
        self.priors.extend(self.ranked.iter().map(|r| r.0));
        Ok(())
    }
}
