//! The settings of Monte-Carlo tree search, as specs write them.

use crate::ai::SpecError;
use crate::playout::Policy;
use std::fmt;

/// The settings of an [`MctsAgent`](super::MctsAgent).
///
/// ```
/// use qipan::core::ai::{AgentSpec, MctsConfig};
///
/// let config = MctsConfig { iterations: Some(100), depth: Some(8), ..MctsConfig::default() };
/// assert_eq!(config.to_string(), "iterations=100,c=1,depth=8");
/// // A spec is the same settings in text.
/// assert_eq!(AgentSpec::parse("mcts:iterations=100,depth=8")?, AgentSpec::Mcts(config));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations (playouts) per move.
    pub iterations: Option<u32>,
    /// Milliseconds per move. With both budgets the search stops at the first one reached.
    pub millis: Option<u64>,
    /// The UCT exploration constant.
    pub c: f64,
    /// Plies a playout may run before it is cut and judged as it stands (by the game's scoring, or by
    /// [`MctsConfig::eval`]); never beyond the game's own ply limit. `None`: to the game's ply limit (at
    /// most [`SAFETY_DEPTH`](super::SAFETY_DEPTH)) for a scored game, whose score judges any position, and
    /// for a placement game without captures, whose playouts end when the board fills;
    /// [`MctsConfig::DEFAULT_DEPTH`] plies for other games, whose cut playouts are judged more roughly, so
    /// many short ones do better.
    pub depth: Option<u32>,
    /// How playout moves are chosen.
    pub policy: Policy,
    /// How a playout cut before the end is judged when the game has no scoring.
    pub eval: CutEval,
    /// Weight of the capture bias: a move that captures starts with a bonus of `bias · v / (n + 1)`
    /// over `n` visits, `v` being the pieces it takes (a royal piece counts 3), and capturing moves are
    /// tried first. 0 turns it off.
    pub bias: f64,
    /// Weight of the progressive bias from the generic evaluation (alpha-beta's: material or score,
    /// mobility, the lines still open, stable pieces): each child is judged once, when its parent is
    /// expanded, and starts with a bonus of `prior · h / (n + 1)` over `n` visits, `h` being how much
    /// better than the mean of its siblings it leaves the mover, in pieces, within ±1; children are
    /// tried best first. 0 turns it off.
    pub prior: f64,
    /// Plies the tree may grow below the root; the playouts go on from its leaves. `None`: no limit.
    pub tree_depth: Option<u32>,
    /// RAVE's equivalence constant `k`: a child's value blends its own mean with the mean of every
    /// simulation in which its mover made the same placement later ("all moves as first"), with weight
    /// `sqrt(k / (3n + k))` on the latter after `n` visits. Only placements are compared (a stone on a
    /// point means much the same a few moves later; a piece's move does not), so it changes nothing in
    /// games of movement. 0 turns it off.
    pub rave: f64,
    /// Prove wins, losses and draws in the tree (an MCTS solver): a node whose mover has a move that
    /// wins outright, or whose every move is proven, takes that result and is not searched again; the
    /// search stops once the root is proven, and the quickest win it proved is played.
    pub solver: bool,
    /// In playouts of line games (tic-tac-toe, Connect Four, Gomoku), take a line that wins at once, and
    /// otherwise the node where the next seat would complete one ([`PlayoutBuf::decisive`]).
    ///
    /// [`PlayoutBuf::decisive`]: crate::playout::PlayoutBuf::decisive
    pub decisive: bool,
    /// In playouts of games of lone placements (Go, Hex, Gomoku), answer the last move with the last good
    /// reply to it: the placement its player answered it with in the last simulation that player won,
    /// forgotten when it loses one (LGRF-1, [`PlayoutBuf::replies`]). The replies are learnt from every
    /// simulation, the tree's moves included, and kept from move to move.
    ///
    /// [`PlayoutBuf::replies`]: crate::playout::PlayoutBuf::replies
    pub replies: bool,
    /// In playouts of games that capture chains by their liberties (Go), answer the last move's ataris:
    /// take the stone just placed when it has one liberty, free the mover's chains it left with one by
    /// taking an enemy chain beside them that has one too ([`PlayoutBuf::atari`]).
    ///
    /// [`PlayoutBuf::atari`]: crate::playout::PlayoutBuf::atari
    pub atari: bool,
    /// In playouts of games of lone placements whose definition declares 3×3 patterns (Go's
    /// `playout: patterns:`), play beside the last move where a shape matches, before a random move
    /// ([`PlayoutBuf::patterns`]).
    ///
    /// [`PlayoutBuf::patterns`]: crate::playout::PlayoutBuf::patterns
    pub patterns: bool,
    /// In games that capture chains by their liberties (Go), start each new node's moves with virtual
    /// simulations from what the playouts know and where each move is ([`Knowledge`]): captures, escapes
    /// from atari and the definition's shapes as wins, stones given away as losses, moves near the last
    /// one as wins, and in an empty part of the board the first two lines as losses and the third as a
    /// win. They count in a move's mean and in its RAVE mean alike, until real results outweigh them.
    ///
    /// [`Knowledge`]: crate::playout::Knowledge
    pub knowledge: bool,
    /// Independent trees searched at once (root parallelism), each with the whole budget; their root
    /// statistics are added up. More threads: more playouts in the same time.
    pub threads: u32,
    /// Keep the part of the last search's tree below the position the game has reached (the move played
    /// and the replies to it), so that the next search starts with what the last learnt there.
    pub reuse: bool,
    /// Milliseconds for the whole game: each move gets a twentieth of what is left (at least 1 ms),
    /// within `ms` when both are given.
    pub clock: Option<u64>,
}

/// How a playout cut at the ply cap is judged when the game has no scoring of its own (a scored game
/// is always judged by its score).
///
/// ```
/// use qipan::core::ai::{AgentRng, CutEval, MctsAgent, MctsConfig};
/// use qipan::core::notation::{move_text, parse_move};
/// use rand::SeedableRng;
///
/// // After 1. e4 d5, playouts cut after one ply: only material tells the capture apart.
/// let game = qipan::load("chess", &[])?;
/// let mut pos = game.start();
/// for text in ["e2-e4", "d7-d5"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// let config = MctsConfig { iterations: Some(100), depth: Some(1), bias: 0.0, ..MctsConfig::default() };
/// let mut rng = AgentRng::seed_from_u64(1);
/// let mut material = MctsAgent::new(MctsConfig { eval: CutEval::Material, ..config.clone() });
/// let (best, _, reward) = material.search(&pos, &mut rng)?[0];
/// assert_eq!(move_text(&game, &best), "e4-d5");
/// assert!(reward > 0.7);
/// // Judged as draws, every move is worth the same.
/// let mut draw = MctsAgent::new(MctsConfig { eval: CutEval::Draw, ..config });
/// assert!(draw.search(&pos, &mut rng)?.iter().all(|&(_, _, reward)| reward == 0.5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CutEval {
    /// By material: each player still in the game gets `1 / (1 + e^(-d/2))`, where `d` is what it gained
    /// since the position searched (its pieces on the board plus its captures), less the mean of the
    /// other players' gains.
    Material,
    /// A draw among the players still in the game.
    Draw,
}

/// The defaults a spec falls back on, and the parameters it may set.
///
/// ```
/// use qipan::core::ai::{AgentSpec, MctsConfig, SpecError};
///
/// assert_eq!((MctsConfig::DEFAULT_ITERATIONS, MctsConfig::DEFAULT_DEPTH), (1000, 20));
/// let err = AgentSpec::parse("mcts:speed=9").unwrap_err();
/// assert!(matches!(err, SpecError::UnknownParam { known, .. } if known == MctsConfig::PARAMS.join(", ")));
/// ```
impl MctsConfig {
    /// Iterations per move when a spec names no budget.
    pub const DEFAULT_ITERATIONS: u32 = 1000;
    /// The playout ply cap when none is given, in games without scoring.
    pub const DEFAULT_DEPTH: u32 = 20;
    /// The parameters a spec may set.
    pub const PARAMS: &'static [&'static str] = &[
        "iterations",
        "ms",
        "c",
        "depth",
        "tree",
        "policy",
        "eval",
        "bias",
        "prior",
        "rave",
        "solver",
        "decisive",
        "replies",
        "atari",
        "patterns",
        "knowledge",
        "threads",
        "clock",
        "reuse",
    ];
    /// RAVE's equivalence constant when a spec gives none.
    pub const DEFAULT_RAVE: f64 = 1000.0;
    /// The most threads a spec may ask for.
    pub const MAX_THREADS: u32 = 256;

    /// Sets one parameter from its text. `Err(None)` when there is no such parameter.
    pub(crate) fn set(&mut self, key: &str, value: &str) -> Result<(), Option<SpecError>> {
        let bad = |reason: &str| {
            Some(SpecError::BadValue { param: key.to_string(), value: value.to_string(), reason: reason.to_string() })
        };
        let positive = |v: &str| v.parse::<u64>().ok().filter(|&n| n > 0);
        let non_negative = |v: &str| v.parse::<f64>().ok().filter(|c| c.is_finite() && *c >= 0.0);
        match key {
            "iterations" | "iter" | "n" => {
                let n = positive(value).filter(|&n| n <= u32::MAX as u64);
                self.iterations = Some(n.ok_or_else(|| bad("expected a whole number of iterations above 0"))? as u32);
            }
            "ms" | "millis" => {
                self.millis =
                    Some(positive(value).ok_or_else(|| bad("expected a whole number of milliseconds above 0"))?)
            }
            "c" => self.c = non_negative(value).ok_or_else(|| bad("expected a number of at least 0"))?,
            "depth" => {
                let n = positive(value).filter(|&n| n <= u32::MAX as u64);
                self.depth = Some(n.ok_or_else(|| bad("expected a whole number of plies above 0"))? as u32);
            }
            "tree" => {
                let n = positive(value).filter(|&n| n <= u32::MAX as u64);
                self.tree_depth = Some(n.ok_or_else(|| bad("expected a whole number of plies above 0"))? as u32);
            }
            "policy" => {
                self.policy = match value {
                    "light" => Policy::Light,
                    "uniform" => Policy::Uniform,
                    "parts" => Policy::Parts,
                    _ => return Err(bad("expected `light`, `uniform` or `parts`")),
                }
            }
            "bias" => self.bias = non_negative(value).ok_or_else(|| bad("expected a number of at least 0"))?,
            "prior" => self.prior = non_negative(value).ok_or_else(|| bad("expected a number of at least 0"))?,
            "rave" => self.rave = non_negative(value).ok_or_else(|| bad("expected a number of at least 0"))?,
            "solver" => self.solver = switch(value).ok_or_else(|| bad("expected `on` or `off`"))?,
            "decisive" => self.decisive = switch(value).ok_or_else(|| bad("expected `on` or `off`"))?,
            "replies" => self.replies = switch(value).ok_or_else(|| bad("expected `on` or `off`"))?,
            "atari" => self.atari = switch(value).ok_or_else(|| bad("expected `on` or `off`"))?,
            "patterns" => self.patterns = switch(value).ok_or_else(|| bad("expected `on` or `off`"))?,
            "knowledge" => self.knowledge = switch(value).ok_or_else(|| bad("expected `on` or `off`"))?,
            "reuse" => self.reuse = switch(value).ok_or_else(|| bad("expected `on` or `off`"))?,
            "threads" => {
                let n = positive(value).filter(|&n| n <= MctsConfig::MAX_THREADS as u64);
                self.threads = n.ok_or_else(|| bad("expected a whole number of threads from 1 to 256"))? as u32;
            }
            "clock" => {
                self.clock =
                    Some(positive(value).ok_or_else(|| bad("expected a whole number of milliseconds above 0"))?)
            }
            "eval" => {
                self.eval = match value {
                    "material" => CutEval::Material,
                    "draw" => CutEval::Draw,
                    _ => return Err(bad("expected `material` or `draw`")),
                }
            }
            _ => return Err(None),
        }
        Ok(())
    }
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: None,
            millis: None,
            c: 1.0,
            depth: None,
            policy: Policy::Light,
            eval: CutEval::Material,
            bias: 1.0,
            prior: 0.0,
            tree_depth: None,
            rave: MctsConfig::DEFAULT_RAVE,
            solver: true,
            decisive: true,
            replies: false,
            atari: false,
            patterns: false,
            knowledge: false,
            threads: 1,
            clock: None,
            reuse: true,
        }
    }
}

impl fmt::Display for MctsConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(n) = self.iterations {
            parts.push(format!("iterations={n}"));
        }
        if let Some(ms) = self.millis {
            parts.push(format!("ms={ms}"));
        }
        parts.push(format!("c={}", self.c));
        if let Some(d) = self.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(d) = self.tree_depth {
            parts.push(format!("tree={d}"));
        }
        match self.policy {
            Policy::Light => {}
            Policy::Uniform => parts.push("policy=uniform".into()),
            Policy::Parts => parts.push("policy=parts".into()),
        }
        if self.eval != CutEval::Material {
            parts.push("eval=draw".into());
        }
        if self.bias != 1.0 {
            parts.push(format!("bias={}", self.bias));
        }
        if self.prior != 0.0 {
            parts.push(format!("prior={}", self.prior));
        }
        if self.rave != MctsConfig::DEFAULT_RAVE {
            parts.push(format!("rave={}", self.rave));
        }
        if !self.solver {
            parts.push("solver=off".into());
        }
        if !self.decisive {
            parts.push("decisive=off".into());
        }
        if self.replies {
            parts.push("replies=on".into());
        }
        if self.atari {
            parts.push("atari=on".into());
        }
        if self.patterns {
            parts.push("patterns=on".into());
        }
        if self.knowledge {
            parts.push("knowledge=on".into());
        }
        if self.threads != 1 {
            parts.push(format!("threads={}", self.threads));
        }
        if let Some(ms) = self.clock {
            parts.push(format!("clock={ms}"));
        }
        if !self.reuse {
            parts.push("reuse=off".into());
        }
        write!(f, "{}", parts.join(","))
    }
}

/// A switch's value: `on` or `off` (or `true`, `yes`, `1` and their opposites).
fn switch(value: &str) -> Option<bool> {
    match value {
        "on" | "true" | "yes" | "1" => Some(true),
        "off" | "false" | "no" | "0" => Some(false),
        _ => None,
    }
}
