//! How a game ended: winners, scores, and the result written as people and SGF expect.

use crate::hooks::{HookError, HookPoint};
use crate::position::Position;
use crate::rules::Scoring;
use crate::rules::scoring;

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// The winning seats (empty for a draw).
    pub winners: Vec<u8>,
    /// Final score per seat, when the game is scored.
    pub scores: Option<Vec<f64>>,
    /// Why the game ended.
    pub reason: String,
    /// The result as text: `B+5.5`, `W+R`, `0` (draw), or `red wins`.
    pub text: String,
}

impl GameResult {
    /// A result decided by who is left (or by a hook).
    pub fn winners(pos: &Position, winners: Vec<u8>, reason: &str) -> GameResult {
        let g = pos.game();
        let text = match winners.as_slice() {
            [] => "0".to_string(),
            [w] if g.seats.len() == 2 => format!("{}+", g.seats[*w as usize].letter),
            ws => {
                let names: Vec<&str> = ws.iter().map(|&w| g.seats[w as usize].name.as_str()).collect();
                format!("{} win{}", names.join(" and "), if ws.len() == 1 { "s" } else { "" })
            }
        };
        GameResult { winners, scores: None, reason: reason.to_string(), text }
    }

    /// A result from the scores of the current position (or a draw when the game has no scoring).
    pub fn scored(pos: &Position, reason: &str) -> Result<GameResult, HookError> {
        let g = pos.game();
        let mut scores = match &g.rules.scoring {
            Scoring::None => None,
            Scoring::Area { relation, dame } => Some(scoring::area(pos, *relation, *dame)),
            Scoring::Captures => Some(pos.captures().iter().map(|&c| c as f64).collect()),
        };
        if let Some(h) = &g.hooks
            && h.has(HookPoint::Score)
        {
            let mut s = scores.clone().unwrap_or_else(|| vec![0.0; g.seats.len()]);
            for (seat, v) in s.iter_mut().enumerate() {
                if let Some(x) = h.score(pos, seat as u8)? {
                    *v = x;
                }
            }
            scores = Some(s);
        }
        let Some(mut scores) = scores else {
            let live = (0..g.seats.len() as u8).filter(|&s| pos.is_alive(s)).collect::<Vec<_>>();
            let mut r = GameResult::winners(pos, vec![], reason);
            if live.len() == 1 {
                r = GameResult::winners(pos, live, reason);
            }
            return Ok(r);
        };
        for (s, b) in scores.iter_mut().zip(&g.rules.score_bonus) {
            *s += b;
        }
        let best = scores
            .iter()
            .enumerate()
            .filter(|(s, _)| pos.is_alive(*s as u8))
            .map(|(_, v)| *v)
            .fold(f64::NEG_INFINITY, f64::max);
        let winners: Vec<u8> =
            (0..scores.len() as u8).filter(|&s| pos.is_alive(s) && scores[s as usize] == best).collect();
        let text = if winners.len() != 1 {
            "0".to_string()
        } else if g.seats.len() == 2 {
            let w = winners[0] as usize;
            let margin = scores[w] - scores[1 - w];
            format!("{}+{}", g.seats[w].letter, fmt_points(margin))
        } else {
            format!("{} wins", g.seats[winners[0] as usize].name)
        };
        let winners = if winners.len() == 1 { winners } else { vec![] };
        Ok(GameResult { winners, scores: Some(scores), reason: reason.to_string(), text })
    }
}

/// Writes points without a trailing `.0` (`5.5`, `3`).
pub fn fmt_points(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 { format!("{}", x.round() as i64) } else { format!("{x}") }
}
