//! Computer players ("agents") for any game: [`random`](RandomAgent) moves, a one-ply
//! [`greedy`](GreedyAgent) player, and Monte-Carlo tree search ([`MctsAgent`]).
//!
//! Agents are named by short text specs (`random`, `greedy`, `mcts:iterations=2000`), parsed by
//! [`AgentSpec::parse`] and built with [`AgentSpec::build`]:
//!
//! ```
//! use qipan_core::ai::AgentSpec;
//! let spec: AgentSpec = "mcts:iterations=200,c=1.0".parse().unwrap();
//! assert_eq!(spec.to_string(), "mcts:iterations=200,c=1");
//! assert!("mcts:iterations=lots".parse::<AgentSpec>().is_err());
//! ```
//!
//! Every agent is deterministic under its random number generator, except MCTS with a time budget.

mod greedy;
mod mcts;
mod random;

pub use greedy::GreedyAgent;
pub use mcts::{CutEval, MctsAgent, MctsConfig, SAFETY_DEPTH};
pub use random::RandomAgent;

use crate::hooks::HookError;
use crate::moves::Move;
use crate::outcome::GameResult;
use crate::position::Position;
use rand::rngs::SmallRng;
use std::fmt;
use std::str::FromStr;

/// The random number generator agents draw from.
pub type AgentRng = SmallRng;

/// A computer player.
pub trait Agent: Send {
    /// The move to play in `pos` for the seat to move, or `None` when there is no legal move (or the game
    /// is over). Fails only when a scripted rule fails.
    fn choose(&mut self, pos: &Position, rng: &mut AgentRng) -> Result<Option<Move>, HookError>;

    /// A short name for people (`mcts`).
    fn name(&self) -> &str;
}

/// Why an agent spec was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    /// The spec is empty.
    #[error("empty agent spec: expected one of {}", KINDS.join(", "))]
    Empty,
    /// No agent has this name.
    #[error("unknown agent `{0}`: expected one of {kinds}", kinds = KINDS.join(", "))]
    UnknownAgent(String),
    /// The agent has no such parameter.
    #[error("agent `{agent}` has no parameter `{param}`{}", if .known.is_empty() { " (it takes none)".to_string() } else { format!(": its parameters are {}", .known) })]
    UnknownParam {
        /// The agent.
        agent: String,
        /// The parameter asked for.
        param: String,
        /// The parameters it has, comma-separated.
        known: String,
    },
    /// A parameter is not written `key=value`.
    #[error("agent parameter `{0}` is not of the form key=value")]
    NotKeyValue(String),
    /// A parameter's value is not acceptable.
    #[error("agent parameter `{param}={value}`: {reason}")]
    BadValue {
        /// The parameter.
        param: String,
        /// Its value as written.
        value: String,
        /// What was expected.
        reason: String,
    },
}

/// The agent kinds, as specs name them.
pub const KINDS: &[&str] = &["random", "greedy", "mcts"];

/// A parsed agent spec: which agent, with which parameters. Parse with [`str::parse`] or
/// [`AgentSpec::parse`]; written back by `Display` in the same syntax.
#[derive(Clone, Debug, PartialEq)]
pub enum AgentSpec {
    /// Uniformly random legal moves.
    Random,
    /// One-ply greedy: wins at once, then captures most, never loses at once when it can help it.
    Greedy,
    /// Monte-Carlo tree search.
    Mcts(MctsConfig),
}

impl AgentSpec {
    /// Parses `NAME` or `NAME:KEY=VALUE[,KEY=VALUE...]` (parameters may also be separated by `:`).
    ///
    /// MCTS parameters: `iterations` (playouts per move), `ms` (milliseconds per move; with both, the
    /// first budget reached stops the search), `c` (exploration constant), `depth` (playout ply cap),
    /// `policy` (`light` or `uniform` playouts), `eval` (`material` or `draw`: how a cut playout of a game
    /// without scoring is judged).
    pub fn parse(text: &str) -> Result<AgentSpec, SpecError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(SpecError::Empty);
        }
        let (name, params) = match text.split_once(':') {
            Some((n, p)) => (n.trim(), p),
            None => (text, ""),
        };
        let pairs = params
            .split([',', ':'])
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| {
                p.split_once('=').map(|(k, v)| (k.trim(), v.trim())).ok_or_else(|| SpecError::NotKeyValue(p.into()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let unknown = |param: &str, known: &[&str]| SpecError::UnknownParam {
            agent: name.to_string(),
            param: param.to_string(),
            known: known.join(", "),
        };
        match name.to_ascii_lowercase().as_str() {
            "random" => match pairs.first() {
                Some((k, _)) => Err(unknown(k, &[])),
                None => Ok(AgentSpec::Random),
            },
            "greedy" => match pairs.first() {
                Some((k, _)) => Err(unknown(k, &[])),
                None => Ok(AgentSpec::Greedy),
            },
            "mcts" => {
                let mut c = MctsConfig::default();
                for (k, v) in pairs {
                    c.set(k, v).map_err(|e| e.unwrap_or_else(|| unknown(k, MctsConfig::PARAMS)))?;
                }
                if c.iterations.is_none() && c.millis.is_none() {
                    c.iterations = Some(MctsConfig::DEFAULT_ITERATIONS);
                }
                Ok(AgentSpec::Mcts(c))
            }
            _ => Err(SpecError::UnknownAgent(name.to_string())),
        }
    }

    /// A fresh agent of this kind.
    pub fn build(&self) -> Box<dyn Agent> {
        match self {
            AgentSpec::Random => Box::new(RandomAgent::default()),
            AgentSpec::Greedy => Box::new(GreedyAgent::default()),
            AgentSpec::Mcts(c) => Box::new(MctsAgent::new(c.clone())),
        }
    }
}

impl FromStr for AgentSpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        AgentSpec::parse(s)
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => write!(f, "random"),
            AgentSpec::Greedy => write!(f, "greedy"),
            AgentSpec::Mcts(c) => write!(f, "mcts:{c}"),
        }
    }
}

/// The player a seat plays for now: the seat that, at the start, held the seat's current controller.
/// Seats of one player share it; a conquered seat plays for its conqueror's player, and a seat left to
/// itself when its holder fell still plays for the player who held it.
#[inline]
pub fn player(pos: &Position, seat: u8) -> u8 {
    let c = pos.controller(seat) as usize;
    pos.game().seats.get(c).map_or(c as u8, |s| s.held_by)
}

/// What the game's result is worth to each player (see [`player`]), indexed by the player's seat: a
/// winner's share is 1 split among the winning players, a loser's 0; a draw (no result, or no
/// winners) splits 1 among the players still in the game. Other indices get 0.
///
/// `out` is resized to the number of seats. Used by MCTS and by self-play statistics.
pub fn rewards(pos: &Position, result: Option<&GameResult>, out: &mut Vec<f64>) {
    let n = pos.game().seats.len();
    out.clear();
    out.resize(n, 0.0);
    let winners = result.map(|r| r.winners.as_slice()).unwrap_or(&[]);
    let mut count = 0;
    let mut mark = |p: u8| {
        if (p as usize) < n && out[p as usize] == 0.0 {
            out[p as usize] = 1.0;
            count += 1;
        }
    };
    if !winners.is_empty() {
        winners.iter().for_each(|&w| mark(player(pos, w)));
    } else {
        (0..n as u8).filter(|&s| pos.is_alive(s)).for_each(|s| mark(player(pos, s)));
    }
    if count > 1 {
        let share = 1.0 / count as f64;
        out.iter_mut().filter(|x| **x > 0.0).for_each(|x| *x = share);
    }
}

/// The players of a game: the seats that take turns and hold themselves at the start.
pub fn players(pos: &Position) -> Vec<u8> {
    let g = pos.game();
    (0..g.seats.len() as u8).filter(|&s| g.seats[s as usize].plays && g.seats[s as usize].held_by == s).collect()
}
