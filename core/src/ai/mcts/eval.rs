//! How a playout's end is judged: by the game's result, its score, or material when it was cut short.

use super::{CutEval, MctsAgent, MctsConfig, SAFETY_DEPTH, scored};
use crate::ai::judge::fills_up;
use crate::ai::{player, rewards};
use crate::hooks::HookError;
use crate::outcome::{EndReason, GameResult};
use crate::position::Position;

/// Judging playouts: by the result, the score, or material when cut short.
///
/// ```
/// use qipan::core::ai::{CutEval, MctsAgent, MctsConfig};
/// use rand::SeedableRng;
///
/// // Cut after two plies and judged as draws, every move of chess is worth a half.
/// let config = MctsConfig { iterations: Some(50), depth: Some(2), eval: CutEval::Draw, ..MctsConfig::default() };
/// let game = qipan::load("chess", &[])?;
/// let children = MctsAgent::new(config).search(&game.start(), &mut rand::rngs::SmallRng::seed_from_u64(1))?;
/// assert!(children.iter().filter(|c| c.1 > 0).all(|c| c.2 == 0.5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl MctsAgent {
    /// Scores the end of a playout into `self.reward`.
    pub(super) fn evaluate(&mut self, pos: &Position) -> Result<(), HookError> {
        if pos.is_over() {
            rewards(pos, pos.outcome(), &mut self.reward);
            return Ok(());
        }
        if scored(pos) {
            let result = GameResult::scored(pos, EndReason::PlayoutCut)?;
            rewards(pos, Some(&result), &mut self.reward);
        } else if self.config.eval == CutEval::Draw {
            rewards(pos, None, &mut self.reward);
        } else {
            self.material(pos);
        }
        Ok(())
    }

    /// Each player's material in `pos` into `out`: its pieces on the board plus its captures.
    pub(super) fn material_scores(pos: &Position, out: &mut Vec<f64>) {
        out.clear();
        out.resize(pos.game().seats.len(), 0.0);
        for cell in pos.cells().iter().flatten() {
            out[player(pos, cell.seat).idx()] += 1.0;
        }
        for (s, &c) in pos.game().seat_ids().zip(pos.captures()) {
            out[player(pos, s).idx()] += c as f64;
        }
    }

    /// Judges a cut playout by material into `self.reward` (see [`CutEval::Material`]).
    fn material(&mut self, pos: &Position) {
        let n = self.seats;
        self.reward.clear();
        self.reward.resize(n, 0.0);
        // score[p]: what player p gained since the root; live[p] when one of its seats is still in the game.
        Self::material_scores(pos, &mut self.score);
        for (s, b) in self.score.iter_mut().zip(&self.base) {
            *s -= b;
        }
        self.live.clear();
        self.live.resize(n, false);
        for s in pos.game().seat_ids() {
            if pos.is_alive(s) {
                self.live[player(pos, s).idx()] = true;
            }
        }
        let count = self.live.iter().filter(|&&l| l).count();
        if count < 2 {
            return rewards(pos, None, &mut self.reward);
        }
        let total: f64 = (0..n).filter(|&p| self.live[p]).map(|p| self.score[p]).sum();
        for p in (0..n).filter(|&p| self.live[p]) {
            let others = (total - self.score[p]) / (count - 1) as f64;
            self.reward[p] = 1.0 / (1.0 + (-(self.score[p] - others) / 2.0).exp());
        }
    }

    /// How many plies a playout from `pos` may run before it is cut and judged ([`MctsConfig::depth`]).
    ///
    /// ```
    /// use qipan::core::ai::{MctsAgent, MctsConfig};
    ///
    /// let mcts = MctsAgent::new(MctsConfig::default());
    /// // Chess playouts are cut after 20 plies and judged by material; Connect Four's run until the
    /// // board is full (its discs are never taken: counting them says only who moved last).
    /// assert_eq!(mcts.playout_cap(&qipan::load("chess", &[])?.start()), MctsConfig::DEFAULT_DEPTH);
    /// assert!(mcts.playout_cap(&qipan::load("connect-four", &[])?.start()) >= 42);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn playout_cap(&self, pos: &Position) -> u32 {
        let depth = match self.config.depth {
            Some(d) => d,
            // Without captures, a placement game's pieces only add up: its playouts end within the empty
            // nodes, and material at a cut says only who moved last.
            None if scored(pos) || fills_up(pos.game()) => SAFETY_DEPTH,
            None => MctsConfig::DEFAULT_DEPTH,
        };
        match pos.game().rules.end.max_plies {
            Some(m) => depth.min(m.saturating_sub(pos.ply()).max(1)),
            None => depth,
        }
    }
}
