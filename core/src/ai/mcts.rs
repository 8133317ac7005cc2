//! Monte-Carlo tree search (UCT) with random playouts, for any number of players.

use super::judge::{captured, scored};
use super::{Agent, AgentRng, SpecError, player, rewards};
use crate::SeatId;
use crate::hooks::HookError;
use crate::moves::Move;
use crate::outcome::{EndReason, GameResult};
use crate::playout::{PlayoutBuf, Policy, playout};
use crate::position::{MoveBuf, Position};
use rand::seq::SliceRandom;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The settings of an [`MctsAgent`].
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
    /// most [`SAFETY_DEPTH`]) for a scored game, whose score judges any position; [`MctsConfig::DEFAULT_DEPTH`]
    /// plies for other games, whose cut playouts are judged more roughly, so many short ones do better.
    pub depth: Option<u32>,
    /// How playout moves are chosen.
    pub policy: Policy,
    /// How a playout cut before the end is judged when the game has no scoring.
    pub eval: CutEval,
    /// Weight of the capture bias: a move that captures starts with a bonus of `bias · v / (n + 1)`
    /// over `n` visits, `v` being the pieces it takes (a royal piece counts 3), and capturing moves are
    /// tried first. 0 turns it off.
    pub bias: f64,
    /// Plies the tree may grow below the root; the playouts go on from its leaves. `None`: no limit.
    pub tree_depth: Option<u32>,
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
    pub const PARAMS: &'static [&'static str] = &["iterations", "ms", "c", "depth", "tree", "policy", "eval", "bias"];

    /// Sets one parameter from its text. `Err(None)` when there is no such parameter.
    pub(crate) fn set(&mut self, key: &str, value: &str) -> Result<(), Option<SpecError>> {
        let bad = |reason: &str| {
            Some(SpecError::BadValue { param: key.to_string(), value: value.to_string(), reason: reason.to_string() })
        };
        let positive = |v: &str| v.parse::<u64>().ok().filter(|&n| n > 0);
        match key {
            "iterations" | "iter" | "n" => {
                let n = positive(value).filter(|&n| n <= u32::MAX as u64);
                self.iterations = Some(n.ok_or_else(|| bad("expected a whole number of iterations above 0"))? as u32);
            }
            "ms" | "millis" => {
                self.millis =
                    Some(positive(value).ok_or_else(|| bad("expected a whole number of milliseconds above 0"))?)
            }
            "c" => {
                self.c = value
                    .parse::<f64>()
                    .ok()
                    .filter(|c| c.is_finite() && *c >= 0.0)
                    .ok_or_else(|| bad("expected a number of at least 0"))?
            }
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
            "bias" => {
                self.bias = value
                    .parse::<f64>()
                    .ok()
                    .filter(|c| c.is_finite() && *c >= 0.0)
                    .ok_or_else(|| bad("expected a number of at least 0"))?
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
            tree_depth: None,
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
        if self.policy != Policy::Light {
            parts.push("policy=uniform".into());
        }
        if self.eval != CutEval::Material {
            parts.push("eval=draw".into());
        }
        if self.bias != 1.0 {
            parts.push(format!("bias={}", self.bias));
        }
        write!(f, "{}", parts.join(","))
    }
}

/// A node of the search tree, in an arena: its children are contiguous.
#[derive(Clone, Debug)]
struct Node {
    /// The move that leads here from the parent.
    mv: Move,
    parent: u32,
    /// Index of the first child; [`NONE`] until the node is expanded.
    first_child: u32,
    /// How many children it has.
    children: u32,
    /// How many of them have been visited (children are tried in order, after a shuffle).
    tried: u32,
    visits: u32,
    /// The player to move here (see [`player`]), set on expansion.
    mover: SeatId,
    /// What the move captures at once (see [`MctsConfig::bias`]).
    bias: f32,
}

const NONE: u32 = u32::MAX;

/// The longest playout, in plies, when neither the spec nor the game sets a limit.
pub const SAFETY_DEPTH: u32 = 1000;

/// UCT search: each node keeps the reward sums of every player; selection at a node maximises the
/// mean reward of the player to move there plus `c · sqrt(ln N / n)`. Moves are expanded lazily (a
/// node's moves are generated on its second visit, and its children tried one per visit in a random
/// order); playouts follow [`MctsConfig::policy`] up to the ply cap. The move played is the most
/// visited child of the root.
///
/// The tree lives in vectors reused from move to move, so a search allocates only as the tree grows.
///
/// ```
/// use qipan::core::ai::{Agent, AgentRng, MctsAgent, MctsConfig};
/// use qipan::core::notation::{move_text, parse_move};
/// use rand::SeedableRng;
///
/// // After 1. f3 e5 2. g4, a short search finds the mate.
/// let game = qipan::load("chess", &[])?;
/// let mut pos = game.start();
/// for text in ["f2-f3", "e7-e5", "g2-g4"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// let mut mcts = MctsAgent::new(MctsConfig { iterations: Some(200), ..MctsConfig::default() });
/// let mv = mcts.choose(&pos, &mut AgentRng::seed_from_u64(1))?.unwrap();
/// assert_eq!(move_text(&game, &mv), "d8-h4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct MctsAgent {
    config: MctsConfig,
    nodes: Vec<Node>,
    /// Reward sums: node `i`'s sum for player `p` is at `i * seats + p`.
    sums: Vec<f32>,
    seats: usize,
    pos: Option<Position>,
    moves: MoveBuf,
    playout: PlayoutBuf,
    reward: Vec<f64>,
    score: Vec<f64>,
    /// Each player's material at the root of the search.
    base: Vec<f64>,
    live: Vec<bool>,
    last_iterations: u32,
    /// The deepest the tree reached in the last search, in plies below the root.
    last_depth: u32,
    /// Raised from another thread to stop the search.
    stop: Arc<AtomicBool>,
}

/// Building an agent, searching, and what the last search did.
///
/// ```
/// use qipan::core::ai::{AgentRng, MctsAgent, MctsConfig};
/// use rand::SeedableRng;
///
/// let game = qipan::load("go", &[("size".into(), "5".into())])?;
/// let mut mcts = MctsAgent::new(MctsConfig { iterations: Some(50), ..MctsConfig::default() });
/// let children = mcts.search(&game.start(), &mut AgentRng::seed_from_u64(1))?;
/// assert_eq!(children.len(), 26); // 25 points and the pass
/// assert_eq!(mcts.last_iterations(), 50);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl MctsAgent {
    /// An agent with these settings.
    ///
    /// ```
    /// use qipan::core::ai::{Agent, MctsAgent, MctsConfig};
    ///
    /// let agent = MctsAgent::new(MctsConfig { c: 1.4, ..MctsConfig::default() });
    /// assert_eq!(agent.name(), "mcts");
    /// assert_eq!(agent.config().c, 1.4);
    /// assert_eq!(agent.last_iterations(), 0); // no search yet
    /// ```
    pub fn new(config: MctsConfig) -> MctsAgent {
        MctsAgent {
            config,
            nodes: Vec::new(),
            sums: Vec::new(),
            seats: 0,
            pos: None,
            moves: MoveBuf::default(),
            playout: PlayoutBuf::default(),
            reward: Vec::new(),
            score: Vec::new(),
            base: Vec::new(),
            live: Vec::new(),
            last_iterations: 0,
            last_depth: 0,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The agent's settings.
    ///
    /// ```
    /// use qipan::core::ai::{AgentSpec, MctsAgent, MctsConfig};
    ///
    /// let AgentSpec::Mcts(config) = AgentSpec::parse("mcts:ms=50,policy=uniform")? else { panic!() };
    /// let agent = MctsAgent::new(config);
    /// assert_eq!(agent.config().millis, Some(50));
    /// assert_eq!(agent.config().to_string(), "ms=50,c=1,policy=uniform");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Iterations run by the last search.
    ///
    /// ```
    /// use qipan::core::ai::{AgentRng, MctsAgent, MctsConfig};
    /// use rand::SeedableRng;
    ///
    /// let game = qipan::load("go", &[("size".into(), "5".into())])?;
    /// let pos = game.start();
    /// let mut rng = AgentRng::seed_from_u64(1);
    /// // With a time budget alone, the search runs as many iterations as fit.
    /// let mut timed = MctsAgent::new(MctsConfig { millis: Some(20), ..MctsConfig::default() });
    /// timed.search(&pos, &mut rng)?;
    /// assert!(timed.last_iterations() > 0);
    /// // With both budgets, the iterations run out first here.
    /// let config = MctsConfig { iterations: Some(10), millis: Some(60_000), ..MctsConfig::default() };
    /// let mut both = MctsAgent::new(config);
    /// both.search(&pos, &mut rng)?;
    /// assert_eq!(both.last_iterations(), 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn last_iterations(&self) -> u32 {
        self.last_iterations
    }

    /// The deepest the tree grew in the last search, in plies below the root.
    ///
    /// ```
    /// use qipan::core::ai::{AgentRng, MctsAgent, MctsConfig};
    /// use rand::SeedableRng;
    ///
    /// let game = qipan::load("go", &[("size".into(), "5".into())])?;
    /// let config = MctsConfig { iterations: Some(300), tree_depth: Some(2), ..MctsConfig::default() };
    /// let mut mcts = MctsAgent::new(config);
    /// mcts.search(&game.start(), &mut AgentRng::seed_from_u64(1))?;
    /// assert_eq!(mcts.last_depth(), 2); // the tree stops two plies down; playouts go on from there
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn last_depth(&self) -> u32 {
        self.last_depth
    }

    /// A flag that stops the search when raised (from another thread, say), after the iteration under way:
    /// the search returns what it found so far. Every later search stops at once until it is lowered.
    ///
    /// ```
    /// use qipan::core::ai::{AgentRng, MctsAgent, MctsConfig};
    /// use rand::SeedableRng;
    /// use std::sync::atomic::Ordering;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// // A search without end, stopped from another thread.
    /// let mut mcts = MctsAgent::new(MctsConfig { iterations: Some(u32::MAX), ..MctsConfig::default() });
    /// let stop = mcts.stop_flag();
    /// let stopper = std::thread::spawn(move || {
    ///     std::thread::sleep(std::time::Duration::from_millis(50));
    ///     stop.store(true, Ordering::Relaxed);
    /// });
    /// let children = mcts.search(&game.start(), &mut AgentRng::seed_from_u64(1))?;
    /// stopper.join().unwrap();
    /// assert_eq!(children.len(), 82);
    /// assert!(mcts.last_iterations() > 0 && mcts.last_iterations() < u32::MAX);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// The line the last search expects: from the root, the most visited child at each node while it has
    /// been visited more than once.
    ///
    /// ```
    /// use qipan::core::ai::{AgentRng, MctsAgent, MctsConfig};
    /// use rand::SeedableRng;
    ///
    /// let game = qipan::load("go", &[("size".into(), "5".into())])?;
    /// let mut mcts = MctsAgent::new(MctsConfig { iterations: Some(500), ..MctsConfig::default() });
    /// let children = mcts.search(&game.start(), &mut AgentRng::seed_from_u64(1))?;
    /// let line = mcts.principal_variation();
    /// assert_eq!(line[0], children[0].0); // it starts with the move chosen
    /// assert!(line.len() >= 2);
    /// let mut pos = game.start();
    /// for mv in &line {
    ///     pos.play(mv)?; // a legal line
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn principal_variation(&self) -> Vec<Move> {
        let mut line = Vec::new();
        let mut node = 0usize;
        while let Some(n) = self.nodes.get(node).filter(|n| n.first_child != NONE && n.children > 0) {
            let best = (n.first_child..n.first_child + n.children)
                .max_by_key(|&c| self.nodes[c as usize].visits)
                .expect("a node with children");
            let child = &self.nodes[best as usize];
            if child.visits == 0 || (!line.is_empty() && child.visits < 2) {
                break;
            }
            line.push(child.mv);
            node = best as usize;
        }
        line
    }

    fn push_node(&mut self, mv: Move, parent: u32) {
        self.push_node_biased(mv, parent, 0.0);
    }

    fn push_node_biased(&mut self, mv: Move, parent: u32, bias: f32) {
        self.nodes.push(Node {
            mv,
            parent,
            first_child: NONE,
            children: 0,
            tried: 0,
            visits: 0,
            mover: SeatId(0),
            bias,
        });
        self.sums.extend(std::iter::repeat_n(0.0, self.seats));
    }

    /// Generates the moves of `pos` as children of `node`: capturing moves first (when the capture bias is
    /// on), in random order otherwise.
    fn expand(&mut self, node: u32, pos: &Position, rng: &mut AgentRng) -> Result<(), HookError> {
        pos.try_generate_legal(&mut self.moves)?;
        self.moves.moves.shuffle(rng);
        if self.config.bias > 0.0 {
            // Capturing moves to the front, biggest first, in place (no allocation).
            let moves = &mut self.moves.moves;
            let mut k = 0;
            for i in 0..moves.len() {
                if captured(pos, &moves[i]) > 0 {
                    moves.swap(i, k);
                    k += 1;
                }
            }
            moves[..k].sort_unstable_by_key(|m| std::cmp::Reverse(captured(pos, m)));
        }
        let first = self.nodes.len() as u32;
        for i in 0..self.moves.moves.len() {
            let mv = self.moves.moves[i];
            let bias = if self.config.bias > 0.0 { captured(pos, &mv) as f32 } else { 0.0 };
            self.push_node_biased(mv, node, bias);
        }
        let n = &mut self.nodes[node as usize];
        n.first_child = first;
        n.children = self.moves.moves.len() as u32;
        n.mover = player(pos, pos.to_move());
        Ok(())
    }

    /// The child of `node` to descend into.
    fn select(&mut self, node: u32) -> u32 {
        let n = &self.nodes[node as usize];
        if n.tried < n.children {
            let child = n.first_child + n.tried;
            self.nodes[node as usize].tried += 1;
            return child;
        }
        let log_n = (n.visits.max(1) as f64).ln();
        let mover = n.mover.idx();
        let (c, bias) = (self.config.c, self.config.bias);
        let mut best = (f64::NEG_INFINITY, n.first_child);
        for child in n.first_child..n.first_child + n.children {
            let ch = &self.nodes[child as usize];
            let visits = ch.visits.max(1) as f64;
            let mean = self.sums[child as usize * self.seats + mover] as f64 / visits;
            let score = mean + c * (log_n / visits).sqrt() + bias * ch.bias as f64 / (visits + 1.0);
            if score > best.0 {
                best = (score, child);
            }
        }
        best.1
    }

    /// Scores the end of a playout into `self.reward`.
    fn evaluate(&mut self, pos: &Position) -> Result<(), HookError> {
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
    fn material_scores(pos: &Position, out: &mut Vec<f64>) {
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

    /// Runs one iteration from `root`: select, expand, play out, back up.
    fn iterate(&mut self, root: &Position, rng: &mut AgentRng) -> Result<(), HookError> {
        let mut pos = self.pos.take().unwrap_or_else(|| root.clone());
        pos.clone_from(root);
        let mut node = 0u32;
        let mut depth = 0u32;
        let tree_depth = self.config.tree_depth.unwrap_or(u32::MAX);
        let result = (|| {
            loop {
                if pos.is_over() || depth >= tree_depth {
                    break;
                }
                if self.nodes[node as usize].first_child == NONE {
                    if self.nodes[node as usize].visits > 0 || node == 0 {
                        self.expand(node, &pos, rng)?;
                    } else {
                        break;
                    }
                }
                if self.nodes[node as usize].children == 0 {
                    break;
                }
                let fresh = self.nodes[node as usize].tried < self.nodes[node as usize].children;
                node = self.select(node);
                depth += 1;
                pos.play_unchecked(&self.nodes[node as usize].mv)?;
                if fresh {
                    break;
                }
            }
            let cap = self.cap(&pos);
            playout(&mut pos, rng, &mut self.playout, cap, self.config.policy)?;
            self.evaluate(&pos)
        })();
        self.pos = Some(pos);
        result?;
        self.last_depth = self.last_depth.max(depth);
        let mut n = node;
        loop {
            let i = n as usize;
            self.nodes[i].visits += 1;
            for (s, r) in self.sums[i * self.seats..(i + 1) * self.seats].iter_mut().zip(&self.reward) {
                *s += *r as f32;
            }
            if n == 0 {
                break;
            }
            n = self.nodes[i].parent;
        }
        Ok(())
    }

    /// The playout ply cap from `pos`.
    fn cap(&self, pos: &Position) -> u32 {
        let depth = match self.config.depth {
            Some(d) => d,
            None if scored(pos) => SAFETY_DEPTH,
            None => MctsConfig::DEFAULT_DEPTH,
        };
        match pos.game().rules.end.max_plies {
            Some(m) => depth.min(m.saturating_sub(pos.ply()).max(1)),
            None => depth,
        }
    }

    /// Searches from `pos` and returns the root's children as (move, visits, mean reward for the player
    /// to move), most visited first. Empty when there is no legal move. A child never visited has no mean
    /// reward: it is NaN. That is the case of the only legal move, which needs no search.
    ///
    /// ```
    /// use qipan::core::ai::{AgentRng, MctsAgent, MctsConfig};
    /// use qipan::core::notation::{move_text, parse_move};
    /// use rand::SeedableRng;
    ///
    /// // After 1. f3 e5 2. g4, the mate wins every playout through it.
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// for text in ["f2-f3", "e7-e5", "g2-g4"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// let mut mcts = MctsAgent::new(MctsConfig { iterations: Some(200), ..MctsConfig::default() });
    /// let mut rng = AgentRng::seed_from_u64(1);
    /// let children = mcts.search(&pos, &mut rng)?;
    /// assert_eq!(children.len(), pos.legal_moves().len());
    /// let (mv, visits, reward) = children[0];
    /// assert_eq!((move_text(&game, &mv).as_str(), reward), ("d8-h4", 1.0));
    /// assert!(children[1..].iter().all(|c| c.1 <= visits));
    /// // Once the game is over there is nothing to search.
    /// pos.play(&mv)?;
    /// assert!(mcts.search(&pos, &mut rng)?.is_empty());
    /// // With one legal move there is nothing to weigh: no iteration runs and the move has no mean reward.
    /// let only = qipan::core::Position::from_fen(&game, "k7/8/2K5/8/8/8/8/1R6 b - - 0 1")?;
    /// let children = mcts.search(&only, &mut rng)?;
    /// assert_eq!((children.len(), children[0].1, mcts.last_iterations()), (1, 0, 0));
    /// assert!(children[0].2.is_nan());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search(&mut self, pos: &Position, rng: &mut AgentRng) -> Result<Vec<(Move, u32, f64)>, HookError> {
        self.seats = pos.game().seats.len();
        self.nodes.clear();
        self.sums.clear();
        self.push_node(Move::PASS, NONE);
        self.expand(0, pos, rng)?;
        Self::material_scores(pos, &mut self.base);
        let start = Instant::now();
        let limit = self.config.millis.map(Duration::from_millis);
        let iterations = match (self.config.iterations, limit) {
            (Some(n), _) => n,
            (None, Some(_)) => u32::MAX,
            (None, None) => MctsConfig::DEFAULT_ITERATIONS,
        };
        let mut done = 0;
        self.last_depth = 0;
        if self.nodes[0].children > 1 {
            while done < iterations {
                if limit.is_some_and(|l| start.elapsed() >= l) || self.stop.load(Ordering::Relaxed) {
                    break;
                }
                self.iterate(pos, rng)?;
                done += 1;
            }
        }
        self.last_iterations = done;
        let root = &self.nodes[0];
        let mover = root.mover.idx();
        let mut out: Vec<(Move, u32, f64)> = (root.first_child..root.first_child + root.children)
            .map(|c| {
                let ch = &self.nodes[c as usize];
                let mean = match ch.visits {
                    0 => f64::NAN,
                    n => self.sums[c as usize * self.seats + mover] as f64 / n as f64,
                };
                (ch.mv, ch.visits, mean)
            })
            .collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        Ok(out)
    }
}

impl Agent for MctsAgent {
    fn choose(&mut self, pos: &Position, rng: &mut AgentRng) -> Result<Option<Move>, HookError> {
        Ok(self.search(pos, rng)?.first().map(|c| c.0))
    }

    fn name(&self) -> &str {
        "mcts"
    }
}
