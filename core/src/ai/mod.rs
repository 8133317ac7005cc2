//! Computer players ("agents") for any game: [`random`](RandomAgent) moves, a one-ply
//! [`greedy`](GreedyAgent) player, Monte-Carlo tree search ([`MctsAgent`]) and alpha-beta search
//! ([`AlphaBetaAgent`]).
//!
//! Agents are named by short text specs (`random`, `greedy`, `mcts:iterations=2000`,
//! `alphabeta:depth=6`), parsed by
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

pub mod alphabeta;
pub mod auto;
pub mod greedy;
mod judge;
pub mod mcts;
pub mod random;
pub mod review;

pub use alphabeta::{AlphaBetaAgent, AlphaBetaConfig};
pub use auto::{AutoAgent, AutoConfig, Traits};
pub use greedy::GreedyAgent;
pub use mcts::{CutEval, MctsAgent, MctsConfig, SAFETY_DEPTH};
pub use random::RandomAgent;
pub use review::{Evaluation, MoveReview, review};

use crate::SeatId;
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
///
/// ```
/// use qipan::core::ai::{AgentRng, AgentSpec};
/// use rand::SeedableRng;
///
/// // Random against greedy, to the end of a game of Go.
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut agents = [AgentSpec::Random.build(), AgentSpec::Greedy.build()];
/// let mut rng = AgentRng::seed_from_u64(1);
/// let mut pos = game.start();
/// while let Some(mv) = agents[pos.to_move().idx()].choose(&pos, &mut rng)? {
///     pos.play(&mv)?;
/// }
/// assert!(pos.is_over());
/// assert!(pos.ply() <= 3 * 81); // Go's ply limit
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// An agent of one's own needs only the two methods:
///
/// ```
/// use qipan::core::ai::{Agent, AgentRng};
/// use qipan::core::hooks::HookError;
/// use qipan::core::{Move, Position};
/// use rand::SeedableRng;
///
/// /// Passes whenever it may.
/// struct Lazy;
///
/// impl Agent for Lazy {
///     fn choose(&mut self, pos: &Position, _rng: &mut AgentRng) -> Result<Option<Move>, HookError> {
///         let legal = pos.legal_moves();
///         Ok(legal.iter().find(|m| m.is_pass()).or(legal.first()).copied())
///     }
///     fn name(&self) -> &str {
///         "lazy"
///     }
/// }
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// let mut rng = AgentRng::seed_from_u64(1);
/// while let Some(mv) = Lazy.choose(&pos, &mut rng)? {
///     pos.play(&mv)?;
/// }
/// assert_eq!(pos.outcome().unwrap().text, "W+5.5"); // two passes, an empty board and komi
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Agent: Send {
    /// The move to play in `pos` for the seat to move, or `None` when there is no legal move (or the game
    /// is over). Fails only when a scripted rule fails.
    ///
    /// ```
    /// use qipan::core::ai::{AgentRng, AgentSpec};
    /// use qipan::core::notation::{move_text, parse_move};
    /// use rand::SeedableRng;
    ///
    /// // After 1. f3 e5 2. g4, the greedy player finds the mate at once.
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// for text in ["f2-f3", "e7-e5", "g2-g4"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// let mut greedy = AgentSpec::Greedy.build();
    /// let mut rng = AgentRng::seed_from_u64(1);
    /// let mv = greedy.choose(&pos, &mut rng)?.unwrap();
    /// assert_eq!(move_text(&game, &mv), "d8-h4");
    /// pos.play(&mv)?;
    /// assert_eq!(greedy.choose(&pos, &mut rng)?, None); // the game is over
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn choose(&mut self, pos: &Position, rng: &mut AgentRng) -> Result<Option<Move>, HookError>;

    /// A short name for people (`mcts`).
    ///
    /// ```
    /// use qipan::core::ai::AgentSpec;
    ///
    /// assert_eq!(AgentSpec::Greedy.build().name(), "greedy");
    /// assert_eq!(AgentSpec::parse("mcts:iterations=10")?.build().name(), "mcts");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn name(&self) -> &str;

    /// What the agent makes of `pos`: each player's expected share and the move it would play; `None`
    /// for agents that do not judge positions (the default: random, greedy). `pos` is not over.
    ///
    /// ```
    /// use qipan::core::ai::{AgentRng, AgentSpec};
    /// use rand::SeedableRng;
    ///
    /// let game = qipan::load("go", &[("size".into(), "5".into())])?;
    /// let mut rng = AgentRng::seed_from_u64(1);
    /// assert_eq!(AgentSpec::Random.build().evaluate(&game.start(), &mut rng)?, None);
    /// let judged = AgentSpec::parse("mcts:iterations=300")?.build().evaluate(&game.start(), &mut rng)?.unwrap();
    /// assert!((judged.rewards.iter().sum::<f64>() - 1.0).abs() < 1e-6); // one winner each game
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn evaluate(&mut self, pos: &Position, rng: &mut AgentRng) -> Result<Option<Evaluation>, HookError> {
        let _ = (pos, rng);
        Ok(None)
    }
}

/// Why an agent spec was not understood.
///
/// ```
/// use qipan::core::ai::{AgentSpec, SpecError};
///
/// assert_eq!(AgentSpec::parse(" "), Err(SpecError::Empty));
/// assert_eq!(AgentSpec::parse("minimax"), Err(SpecError::UnknownAgent("minimax".into())));
/// assert_eq!(AgentSpec::parse("mcts:fast"), Err(SpecError::NotKeyValue("fast".into())));
/// let err = AgentSpec::parse("random:seed=1").unwrap_err();
/// assert!(matches!(&err, SpecError::UnknownParam { param, known, .. } if param == "seed" && known.is_empty()));
/// assert_eq!(err.to_string(), "agent `random` has no parameter `seed` (it takes none)");
/// let err = AgentSpec::parse("mcts:iterations=0").unwrap_err();
/// assert!(matches!(err, SpecError::BadValue { param, value, .. } if param == "iterations" && value == "0"));
/// ```
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
pub const KINDS: &[&str] = &["random", "greedy", "mcts", "alphabeta", "auto"];

/// A parsed agent spec: which agent, with which parameters. Parse with [`str::parse`] or
/// [`AgentSpec::parse`]; written back by `Display` in the same syntax.
///
/// ```
/// use qipan::core::ai::AgentSpec;
///
/// let spec: AgentSpec = "mcts:iterations=50,c=1.4".parse()?;
/// let AgentSpec::Mcts(config) = &spec else { panic!("expected MCTS") };
/// assert_eq!((config.iterations, config.c), (Some(50), 1.4));
/// assert_eq!(spec.to_string(), "mcts:iterations=50,c=1.4");
/// assert_eq!("random".parse::<AgentSpec>()?, AgentSpec::Random);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum AgentSpec {
    /// Uniformly random legal moves.
    Random,
    /// One-ply greedy: wins at once, then captures most, never loses at once when it can help it.
    Greedy,
    /// Monte-Carlo tree search.
    Mcts(MctsConfig),
    /// Alpha-beta search.
    AlphaBeta(AlphaBetaConfig),
    /// A player picked for the game from its traits ([`AutoAgent`]).
    Auto(AutoConfig),
}

/// Reading specs and building agents.
///
/// ```
/// use qipan::core::ai::{AgentRng, AgentSpec};
/// use rand::SeedableRng;
///
/// let game = qipan::load("go", &[("size".into(), "5".into())])?;
/// let pos = game.start();
/// let mut agent = AgentSpec::parse("greedy")?.build();
/// let mv = agent.choose(&pos, &mut AgentRng::seed_from_u64(3))?.unwrap();
/// assert!(pos.legal_moves().contains(&mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl AgentSpec {
    /// Parses `NAME` or `NAME:KEY=VALUE[,KEY=VALUE...]` (parameters may also be separated by `:`).
    ///
    /// MCTS parameters ([`MctsConfig::PARAMS`], each a field of [`MctsConfig`]): `iterations` (playouts per
    /// move), `ms` (milliseconds per move; with both, the first budget reached stops the search), `c`
    /// (exploration constant), `depth` (playout ply cap), `policy` (`light`, `uniform` or `parts`
    /// playouts), `eval` (`material` or `draw`: how a cut playout of a game without scoring is judged),
    /// `bias` (the capture bias), `prior` (the progressive bias from the evaluation), `rave`, `solver`,
    /// `decisive`, `replies` (last good replies in playouts), `atari` (playouts that answer ataris), `patterns` (playouts that play the definition's 3×3 shapes),
    /// `threads`, `clock` and `reuse` (the tree kept from move to move).
    ///
    /// Alpha-beta parameters ([`AlphaBetaConfig::PARAMS`]): `depth` (plies), `ms` (milliseconds per move),
    /// `nodes` (positions per move; with several of these, the first limit reached stops the search; with
    /// none, depth [`AlphaBetaConfig::DEFAULT_DEPTH`]), `q` (plies of quiescence search, `on` or `off`),
    /// `tt` (megabytes of transposition table, 0 for none), `noise` (hundredths of a piece of chance).
    ///
    /// ```
    /// use qipan::core::ai::{AgentSpec, MctsConfig};
    /// use qipan::core::playout::Policy;
    ///
    /// assert_eq!(AgentSpec::parse(" Greedy ")?, AgentSpec::Greedy);
    /// // Without a budget, MCTS runs its default number of iterations.
    /// let AgentSpec::Mcts(c) = AgentSpec::parse("mcts")? else { panic!() };
    /// assert_eq!((c.iterations, c.millis), (Some(MctsConfig::DEFAULT_ITERATIONS), None));
    /// let AgentSpec::Mcts(c) = AgentSpec::parse("mcts:ms=100:policy=uniform")? else { panic!() };
    /// assert_eq!((c.iterations, c.millis, c.policy), (None, Some(100), Policy::Uniform));
    /// let AgentSpec::AlphaBeta(c) = AgentSpec::parse("alphabeta:depth=8,ms=1000")? else { panic!() };
    /// assert_eq!((c.depth, c.millis), (Some(8), Some(1000)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
                if c.iterations.is_none() && c.millis.is_none() && c.clock.is_none() {
                    c.iterations = Some(MctsConfig::DEFAULT_ITERATIONS);
                }
                Ok(AgentSpec::Mcts(c))
            }
            "alphabeta" | "alpha-beta" | "ab" => {
                let mut c = AlphaBetaConfig::default();
                for (k, v) in pairs {
                    c.set(k, v).map_err(|e| e.unwrap_or_else(|| unknown(k, AlphaBetaConfig::PARAMS)))?;
                }
                if c.depth.is_none() && c.millis.is_none() && c.nodes.is_none() {
                    c.depth = Some(AlphaBetaConfig::DEFAULT_DEPTH);
                }
                Ok(AgentSpec::AlphaBeta(c))
            }
            "auto" => {
                let mut c = AutoConfig::default();
                for (k, v) in pairs {
                    c.set(k, v).map_err(|e| e.unwrap_or_else(|| unknown(k, AutoConfig::PARAMS)))?;
                }
                Ok(AgentSpec::Auto(c))
            }
            _ => Err(SpecError::UnknownAgent(name.to_string())),
        }
    }

    /// A fresh agent of this kind.
    ///
    /// ```
    /// use qipan::core::ai::{AgentRng, AgentSpec};
    /// use rand::SeedableRng;
    ///
    /// let game = qipan::load("go", &[("size".into(), "5".into())])?;
    /// let pos = game.start();
    /// let mut mcts = AgentSpec::parse("mcts:iterations=50")?.build();
    /// assert_eq!(mcts.name(), "mcts");
    /// let mv = mcts.choose(&pos, &mut AgentRng::seed_from_u64(7))?.unwrap();
    /// assert!(pos.legal_moves().contains(&mv));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build(&self) -> Box<dyn Agent> {
        match self {
            AgentSpec::Random => Box::new(RandomAgent::default()),
            AgentSpec::Greedy => Box::new(GreedyAgent::default()),
            AgentSpec::Mcts(c) => Box::new(MctsAgent::new(c.clone())),
            AgentSpec::AlphaBeta(c) => Box::new(AlphaBetaAgent::new(c.clone())),
            AgentSpec::Auto(c) => Box::new(AutoAgent::new(c.clone())),
        }
    }

    /// The spec this one stands for in a game that starts at `start`: `auto`'s pick
    /// ([`AutoConfig::pick`] on the game's [`Traits`]); any other spec is itself. A study resolves its
    /// specs once, rather than have every game's `auto` read the game again.
    ///
    /// ```
    /// use qipan::core::ai::AgentSpec;
    ///
    /// let game = qipan::load("hex", &[])?;
    /// let picked = AgentSpec::parse("auto:ms=100")?.resolve(&game.start())?;
    /// assert_eq!(picked.to_string(), "mcts:ms=100,c=0.3,replies=on"); // RAVE on, exploring less
    /// assert_eq!(AgentSpec::Greedy.resolve(&game.start())?, AgentSpec::Greedy);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve(&self, start: &Position) -> Result<AgentSpec, HookError> {
        match self {
            AgentSpec::Auto(c) => Ok(c.pick(&Traits::of(start)?)),
            other => Ok(other.clone()),
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
            AgentSpec::AlphaBeta(c) => write!(f, "alphabeta:{c}"),
            AgentSpec::Auto(c) if c.millis.is_none() => write!(f, "auto"),
            AgentSpec::Auto(c) => write!(f, "auto:{c}"),
        }
    }
}

/// The player a seat plays for now: the seat that, at the start, held the seat's current controller.
/// Seats of one player share it; a conquered seat plays for its conqueror's player, and a seat left to
/// itself when its holder fell still plays for the player who held it. After a swap by the pie rule the
/// two players have changed seats ([`Position::seated`]).
///
/// ```
/// use qipan::core::ai::player;
///
/// // Two players: Qin with Wei, Zhao and Yan against Chu with Han and Qi.
/// let game = qipan::load("seven-kingdoms", &[("players".into(), "2".into())])?;
/// let pos = game.start();
/// let seat = |name| game.seat(name).unwrap();
/// assert_eq!(player(&pos, seat("yan")), seat("qin"));
/// assert_eq!(player(&pos, seat("han")), seat("chu"));
/// assert_eq!(player(&pos, seat("chu")), seat("chu"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[inline]
pub fn player(pos: &Position, seat: SeatId) -> SeatId {
    let c = pos.seated(pos.controller(seat));
    pos.game().seats.get(c.idx()).map_or(c, |s| s.held_by)
}

/// What the game's result is worth to each player (see [`player`]), indexed by the player's seat: a
/// winner's share is 1 split among the winning players, a loser's 0; a draw (no result, or no
/// winners) splits 1 among the players still in the game. Other indices get 0.
///
/// `out` is resized to the number of seats. Used by MCTS and by self-play statistics.
///
/// ```
/// use qipan::core::{EndReason, GameResult, SeatId};
/// use qipan::core::ai::rewards;
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// let mut out = Vec::new();
/// rewards(&pos, Some(&GameResult::winners(&pos, vec![SeatId(1)], EndReason::Resignation)), &mut out);
/// assert_eq!(out, [0.0, 1.0]);
/// rewards(&pos, None, &mut out);
/// assert_eq!(out, [0.5, 0.5]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rewards(pos: &Position, result: Option<&GameResult>, out: &mut Vec<f64>) {
    let n = pos.game().seats.len();
    out.clear();
    out.resize(n, 0.0);
    let winners = result.map(|r| r.winners.as_slice()).unwrap_or(&[]);
    let mut count = 0;
    let mut mark = |p: SeatId| {
        if p.idx() < n && out[p.idx()] == 0.0 {
            out[p.idx()] = 1.0;
            count += 1;
        }
    };
    if !winners.is_empty() {
        winners.iter().for_each(|&w| mark(player(pos, w)));
    } else {
        pos.game().seat_ids().filter(|&s| pos.is_alive(s)).for_each(|s| mark(player(pos, s)));
    }
    if count > 1 {
        let share = 1.0 / count as f64;
        out.iter_mut().filter(|x| **x > 0.0).for_each(|x| *x = share);
    }
}

/// The players of a game: the seats that take turns and hold themselves at the start.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::ai::players;
///
/// // Seven kingdoms, and Zhou in the centre, who never plays.
/// let game = qipan::load("seven-kingdoms", &[])?;
/// assert_eq!(players(&game.start()), [0, 1, 2, 3, 4, 5, 6].map(SeatId));
/// // With two players, Qin and Chu hold the others.
/// let game = qipan::load("seven-kingdoms", &[("players".into(), "2".into())])?;
/// assert_eq!(players(&game.start()), [game.seat("qin").unwrap(), game.seat("chu").unwrap()]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn players(pos: &Position) -> Vec<SeatId> {
    let g = pos.game();
    g.seat_ids().filter(|&s| g.seats[s.idx()].plays && g.seats[s.idx()].held_by == s).collect()
}
