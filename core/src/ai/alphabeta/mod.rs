//! The alpha-beta agent: iterative deepening, principal variation search with a transposition table,
//! a quiescence search on captures, and a generic evaluation (material, mobility, the game's score).
//!
//! Any number of players: the search is *paranoid*. The player to move at the root maximises its
//! score, every other player minimises it, whoever moves at each node (a seat may move twice in a
//! row, in games whose turns have several parts). With two players this is ordinary minimax.
//!
//! ```
//! use qipan::core::ai::{AgentRng, AgentSpec};
//! use rand::SeedableRng;
//!
//! let game = qipan::load("tic-tac-toe", &[])?;
//! let mut agents = [AgentSpec::parse("alphabeta:depth=9")?.build(), AgentSpec::parse("alphabeta:depth=9")?.build()];
//! let mut pos = game.start();
//! let mut rng = AgentRng::seed_from_u64(1);
//! while let Some(mv) = agents[pos.to_move().idx()].choose(&pos, &mut rng)? {
//!     pos.play(&mv)?;
//! }
//! assert!(pos.outcome().unwrap().winners.is_empty(), "a draw");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod eval;
mod order;
mod search;
mod stable;
mod tt;

pub(crate) use eval::{Evaluator, UNIT};
pub use eval::{material_score, piece_values};
pub use stable::stable_pieces;

use super::{Agent, AgentRng, Evaluation, SpecError, player, players};
use crate::SeatId;
use crate::history::HashHistory;
use crate::hooks::HookError;
use crate::moves::Move;
use crate::position::{MoveBuf, Position};
use rand::Rng;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The score of a win at the root; a win `n` plies down scores `WIN - n`, a loss `-(WIN - n)`.
const WIN: i32 = 1_000_000;
/// Scores beyond this are wins or losses.
const MATE_BOUND: i32 = WIN - 10_000;
/// Above every score.
const INF: i32 = WIN + 1;
/// What a draw or a share of a win may be worth at most either way (100 points).
const DRAW_RANGE: i32 = 10_000;
/// Plies below the root, quiescence included.
const MAX_PLY: usize = 128;
/// The deepest iteration.
const MAX_DEPTH: u32 = 64;

/// The settings of an [`AlphaBetaAgent`].
///
/// ```
/// use qipan::core::ai::{AgentSpec, AlphaBetaConfig};
///
/// let config = AlphaBetaConfig { depth: Some(6), millis: Some(500), ..AlphaBetaConfig::default() };
/// assert_eq!(config.to_string(), "depth=6,ms=500");
/// assert_eq!(AgentSpec::parse("alphabeta:depth=6,ms=500")?, AgentSpec::AlphaBeta(config));
/// let config = AlphaBetaConfig { quiescence: 0, tt_mb: 0, ..AlphaBetaConfig::default() };
/// assert_eq!(config.to_string(), "q=0,tt=0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AlphaBetaConfig {
    /// The deepest iteration, in plies. With a time budget too, the search stops at whichever comes first.
    pub depth: Option<u32>,
    /// Milliseconds per move: iterative deepening stops when they are spent (an iteration under way is
    /// abandoned, and the last one completed decides, unless the abandoned one had already found a
    /// better move). The first iteration always completes.
    pub millis: Option<u64>,
    /// Positions per move (quiescence included): like `millis`, a budget that stops iterative deepening,
    /// but one that stops it at the same place on any machine, so that a seeded study is reproducible.
    pub nodes: Option<u64>,
    /// Plies of quiescence search (captures only) below the depth limit; 0 turns it off.
    pub quiescence: u32,
    /// Megabytes of transposition table; 0 turns it off.
    pub tt_mb: u32,
    /// Up to how many hundredths of a piece of chance each position's score gets, the same for a
    /// position throughout a game: moves that score the same are chosen among at random (under the
    /// player's seed), so that games between the same players differ. 0: the search is deterministic.
    pub noise: u32,
}

/// The defaults a spec falls back on, and the parameters it may set.
///
/// ```
/// use qipan::core::ai::{AgentSpec, AlphaBetaConfig, SpecError};
///
/// let AgentSpec::AlphaBeta(c) = AgentSpec::parse("alphabeta")? else { panic!() };
/// assert_eq!((c.depth, c.millis), (Some(AlphaBetaConfig::DEFAULT_DEPTH), None));
/// assert_eq!((c.quiescence, c.tt_mb), (AlphaBetaConfig::DEFAULT_QUIESCENCE, AlphaBetaConfig::DEFAULT_TT_MB));
/// let err = AgentSpec::parse("alphabeta:speed=9").unwrap_err();
/// assert!(matches!(err, SpecError::UnknownParam { known, .. } if known == AlphaBetaConfig::PARAMS.join(", ")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl AlphaBetaConfig {
    /// The depth searched when a spec names no budget.
    pub const DEFAULT_DEPTH: u32 = 4;
    /// Plies of quiescence search by default.
    pub const DEFAULT_QUIESCENCE: u32 = 8;
    /// Megabytes of transposition table by default.
    pub const DEFAULT_TT_MB: u32 = 16;
    /// Hundredths of a piece of chance by default.
    pub const DEFAULT_NOISE: u32 = 10;
    /// The parameters a spec may set: `depth` (plies, 1 to 64), `ms` (milliseconds per move), `nodes`
    /// (positions per move), `q` (plies of quiescence, or `on`/`off`), `tt` (megabytes of transposition
    /// table, 0 for none), `noise` (hundredths of a piece of chance per position, 0 for none).
    pub const PARAMS: &'static [&'static str] = &["depth", "ms", "nodes", "q", "tt", "noise"];

    /// Sets one parameter from its text. `Err(None)` when there is no such parameter.
    pub(crate) fn set(&mut self, key: &str, value: &str) -> Result<(), Option<SpecError>> {
        let bad = |reason: &str| {
            Some(SpecError::BadValue { param: key.to_string(), value: value.to_string(), reason: reason.to_string() })
        };
        match key {
            "depth" => {
                let n = value.parse::<u32>().ok().filter(|n| (1..=MAX_DEPTH).contains(n));
                self.depth = Some(n.ok_or_else(|| bad("expected a whole number of plies from 1 to 64"))?);
            }
            "ms" | "millis" => {
                let n = value.parse::<u64>().ok().filter(|&n| n > 0);
                self.millis = Some(n.ok_or_else(|| bad("expected a whole number of milliseconds above 0"))?);
            }
            "nodes" => {
                let n = value.parse::<u64>().ok().filter(|&n| n > 0);
                self.nodes = Some(n.ok_or_else(|| bad("expected a whole number of positions above 0"))?);
            }
            "q" | "quiescence" => {
                self.quiescence = match value {
                    "on" => Self::DEFAULT_QUIESCENCE,
                    "off" => 0,
                    _ => at_most(value, 32)
                        .ok_or_else(|| bad("expected `on`, `off` or a whole number of plies up to 32"))?,
                }
            }
            "tt" => {
                self.tt_mb =
                    at_most(value, 4096).ok_or_else(|| bad("expected a whole number of megabytes up to 4096"))?
            }
            "noise" => {
                self.noise = at_most(value, 10_000)
                    .ok_or_else(|| bad("expected a whole number of hundredths of a piece up to 10000"))?
            }
            _ => return Err(None),
        }
        Ok(())
    }
}

/// A whole number from `value`, if it is one and at most `max`.
fn at_most(value: &str, max: u32) -> Option<u32> {
    value.parse::<u32>().ok().filter(|&n| n <= max)
}

impl Default for AlphaBetaConfig {
    fn default() -> Self {
        AlphaBetaConfig {
            depth: None,
            millis: None,
            nodes: None,
            quiescence: Self::DEFAULT_QUIESCENCE,
            tt_mb: Self::DEFAULT_TT_MB,
            noise: Self::DEFAULT_NOISE,
        }
    }
}

impl fmt::Display for AlphaBetaConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(d) = self.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(ms) = self.millis {
            parts.push(format!("ms={ms}"));
        }
        if let Some(n) = self.nodes {
            parts.push(format!("nodes={n}"));
        }
        if self.quiescence != Self::DEFAULT_QUIESCENCE {
            parts.push(format!("q={}", self.quiescence));
        }
        if self.tt_mb != Self::DEFAULT_TT_MB {
            parts.push(format!("tt={}", self.tt_mb));
        }
        if self.noise != Self::DEFAULT_NOISE {
            parts.push(format!("noise={}", self.noise));
        }
        write!(f, "{}", parts.join(","))
    }
}

/// Alpha-beta search for any game (see the [module documentation](self)): iterative deepening to
/// [`AlphaBetaConfig::depth`] plies or for [`AlphaBetaConfig::millis`] milliseconds, moves ordered by the
/// transposition table's move, then captures (most valuable victim, least valuable attacker), killer
/// moves and the history heuristic; a quiescence search on captures below the depth limit.
///
/// The evaluation is generic: the values of each player's pieces on the board and in hand ([`piece_values`]:
/// declared, or estimated from their mobility; royal pieces do not count) or, in a game with a score, the
/// score; less the mean of the other players'; plus a little for each legal move more than the
/// opponent had. Scores are in hundredths of a piece worth 1, for the player to move at the root.
///
/// A position the game has been in (one the player searched from, or one its move made) or one earlier on
/// the line searched scores as a draw, so that the side ahead makes progress rather than going round.
///
/// Positions, move lists and the table are allocated once and reused: a search allocates nothing per node.
///
/// ```
/// use qipan::core::ai::{Agent, AgentRng, AlphaBetaAgent, AlphaBetaConfig};
/// use qipan::core::notation::{move_text, parse_move};
/// use rand::SeedableRng;
///
/// // After 1. f3 e5 2. g4, Black mates at once.
/// let game = qipan::load("chess", &[])?;
/// let mut pos = game.start();
/// for text in ["f2-f3", "e7-e5", "g2-g4"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// let mut agent = AlphaBetaAgent::new(AlphaBetaConfig { depth: Some(2), ..AlphaBetaConfig::default() });
/// let mv = agent.choose(&pos, &mut AgentRng::seed_from_u64(1))?.unwrap();
/// assert_eq!(move_text(&game, &mv), "d8-h4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct AlphaBetaAgent {
    config: AlphaBetaConfig,
    tt: tt::Table,
    /// The table's settings when it was made (it is made at the first search).
    tt_made: Option<u32>,
    /// One position per ply: `stack[0]` is the root.
    stack: Vec<Position>,
    bufs: Vec<MoveBuf>,
    /// Per ply, the ordering keys of its moves.
    keys: Vec<Vec<i32>>,
    /// Per ply, how many legal moves its position has, and the player to move there.
    counts: Vec<usize>,
    movers: Vec<SeatId>,
    /// The triangular table of principal variations: row `p` holds the line from ply `p`.
    pv: Vec<Move>,
    pv_len: Vec<usize>,
    ordering: order::Ordering,
    eval: eval::Evaluator,
    /// The root player, and a key mixed into the table's keys for it (scores are the root player's).
    root: SeatId,
    root_key: u64,
    /// The number of players, for the worth of a draw.
    players: usize,
    reward: Vec<f64>,
    root_moves: Vec<(Move, i32)>,
    nodes: u64,
    deadline: Option<Instant>,
    /// The positions the search may visit ([`AlphaBetaConfig::nodes`]); `u64::MAX` without a limit.
    node_limit: u64,
    /// In the iteration under way, the root move that beat the move searched first, if one has.
    overtaker: Option<usize>,
    /// The repetition keys of the positions of the game so far (the roots of this player's searches and
    /// the positions its moves made), and the ply of the last root: a search that comes back to one of
    /// them, or to a position of its own line, scores it as a draw, so that a player ahead makes progress
    /// rather than shuffling.
    seen: HashHistory,
    seen_ply: Option<u32>,
    /// Per ply, the repetition key of its position.
    path: Vec<u64>,
    /// Whether the clock and the stop flag may stop the iteration under way.
    may_stop: bool,
    aborted: bool,
    last_depth: u32,
    last_nodes: u64,
    line: Vec<Move>,
    stop: Arc<AtomicBool>,
    /// The key of the evaluation's noise, drawn from the player's random numbers at its first search.
    salt: Option<u64>,
}

/// Building an agent, searching, and what the last search did.
///
/// ```
/// use qipan::core::ai::{AgentRng, AlphaBetaAgent, AlphaBetaConfig};
/// use rand::SeedableRng;
///
/// let game = qipan::load("chess", &[])?;
/// let mut agent = AlphaBetaAgent::new(AlphaBetaConfig { depth: Some(3), ..AlphaBetaConfig::default() });
/// let moves = agent.search(&game.start(), &mut AgentRng::seed_from_u64(1))?;
/// assert_eq!(moves.len(), 20);
/// assert_eq!(agent.last_depth(), 3);
/// assert!(agent.last_nodes() > 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl AlphaBetaAgent {
    /// The score of a win at the root: a win `n` plies down scores `WIN - n`, a loss `-(WIN - n)`, so that
    /// quicker wins and slower losses score better. Scores of positions that are not over are far from it.
    ///
    /// ```
    /// use qipan::core::ai::AlphaBetaAgent;
    ///
    /// assert!(AlphaBetaAgent::is_win(AlphaBetaAgent::WIN - 5));
    /// assert!(!AlphaBetaAgent::is_win(300));
    /// ```
    pub const WIN: i32 = WIN;

    /// Whether a score is a won game for the root player, found within the search.
    ///
    /// ```
    /// use qipan::core::ai::AlphaBetaAgent;
    ///
    /// assert!(AlphaBetaAgent::is_win(AlphaBetaAgent::WIN - 3));
    /// assert!(!AlphaBetaAgent::is_win(-AlphaBetaAgent::WIN + 3));
    /// ```
    pub fn is_win(score: i32) -> bool {
        score > MATE_BOUND
    }

    /// Whether a score is a lost game for the root player, found within the search.
    ///
    /// ```
    /// use qipan::core::ai::AlphaBetaAgent;
    ///
    /// assert!(AlphaBetaAgent::is_loss(-AlphaBetaAgent::WIN + 2));
    /// assert!(!AlphaBetaAgent::is_loss(0));
    /// ```
    pub fn is_loss(score: i32) -> bool {
        score < -MATE_BOUND
    }

    /// An agent with these settings (without a budget, it searches [`AlphaBetaConfig::DEFAULT_DEPTH`]
    /// plies).
    ///
    /// ```
    /// use qipan::core::ai::{Agent, AlphaBetaAgent, AlphaBetaConfig};
    ///
    /// let agent = AlphaBetaAgent::new(AlphaBetaConfig::default());
    /// assert_eq!(agent.name(), "alphabeta");
    /// assert_eq!(agent.last_depth(), 0); // no search yet
    /// ```
    pub fn new(config: AlphaBetaConfig) -> AlphaBetaAgent {
        AlphaBetaAgent {
            config,
            tt: tt::Table::default(),
            tt_made: None,
            stack: Vec::new(),
            bufs: Vec::new(),
            keys: Vec::new(),
            counts: Vec::new(),
            movers: Vec::new(),
            pv: Vec::new(),
            pv_len: Vec::new(),
            ordering: order::Ordering::default(),
            eval: eval::Evaluator::default(),
            root: SeatId(0),
            root_key: 0,
            players: 2,
            reward: Vec::new(),
            root_moves: Vec::new(),
            nodes: 0,
            deadline: None,
            node_limit: u64::MAX,
            overtaker: None,
            seen: HashHistory::default(),
            seen_ply: None,
            path: Vec::new(),
            may_stop: false,
            aborted: false,
            last_depth: 0,
            last_nodes: 0,
            line: Vec::new(),
            stop: Arc::new(AtomicBool::new(false)),
            salt: None,
        }
    }

    /// The agent's settings.
    ///
    /// ```
    /// use qipan::core::ai::{AgentSpec, AlphaBetaAgent};
    ///
    /// let AgentSpec::AlphaBeta(config) = AgentSpec::parse("alphabeta:ms=50")? else { panic!() };
    /// let agent = AlphaBetaAgent::new(config);
    /// assert_eq!((agent.config().millis, agent.config().depth), (Some(50), None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn config(&self) -> &AlphaBetaConfig {
        &self.config
    }

    /// The depth of the last iteration the last search completed.
    ///
    /// ```
    /// use qipan::core::ai::{AgentRng, AlphaBetaAgent, AlphaBetaConfig};
    /// use rand::SeedableRng;
    ///
    /// let game = qipan::load("connect-four", &[])?;
    /// // With a time budget alone, iterative deepening goes as deep as the time allows.
    /// let mut agent = AlphaBetaAgent::new(AlphaBetaConfig { millis: Some(50), ..AlphaBetaConfig::default() });
    /// agent.search(&game.start(), &mut AgentRng::seed_from_u64(1))?;
    /// assert!(agent.last_depth() >= 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn last_depth(&self) -> u32 {
        self.last_depth
    }

    /// The nodes (positions searched, quiescence included) of the last search.
    ///
    /// ```
    /// use qipan::core::ai::{AgentRng, AlphaBetaAgent, AlphaBetaConfig};
    /// use rand::SeedableRng;
    ///
    /// let game = qipan::load("tic-tac-toe", &[])?;
    /// let mut agent = AlphaBetaAgent::new(AlphaBetaConfig { depth: Some(1), ..AlphaBetaConfig::default() });
    /// agent.search(&game.start(), &mut AgentRng::seed_from_u64(1))?;
    /// assert!(agent.last_nodes() >= 9); // each of the nine replies at least
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn last_nodes(&self) -> u64 {
        self.last_nodes
    }

    /// A flag that stops the search when raised (from another thread, say): the iteration under way is
    /// abandoned and the last one completed decides (the first iteration always completes). Every later
    /// search stops after its first iteration until it is lowered.
    ///
    /// ```
    /// use qipan::core::ai::{AgentRng, AlphaBetaAgent, AlphaBetaConfig};
    /// use rand::SeedableRng;
    /// use std::sync::atomic::Ordering;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut agent = AlphaBetaAgent::new(AlphaBetaConfig { depth: Some(64), ..AlphaBetaConfig::default() });
    /// let stop = agent.stop_flag();
    /// let stopper = std::thread::spawn(move || {
    ///     std::thread::sleep(std::time::Duration::from_millis(100));
    ///     stop.store(true, Ordering::Relaxed);
    /// });
    /// let moves = agent.search(&game.start(), &mut AgentRng::seed_from_u64(1))?;
    /// stopper.join().unwrap();
    /// assert_eq!(moves.len(), 20);
    /// assert!(agent.last_depth() >= 1 && agent.last_depth() < 64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// The line the last search expects, from the root: the best move and the best replies found by the
    /// last iteration completed (its depth of plies, then the captures its quiescence search expects, cut
    /// short where the game ends).
    ///
    /// ```
    /// use qipan::core::ai::{AgentRng, AlphaBetaAgent, AlphaBetaConfig};
    /// use rand::SeedableRng;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut agent = AlphaBetaAgent::new(AlphaBetaConfig { depth: Some(3), ..AlphaBetaConfig::default() });
    /// let moves = agent.search(&game.start(), &mut AgentRng::seed_from_u64(1))?;
    /// let line = agent.principal_variation();
    /// assert_eq!(line[0], moves[0].0); // it starts with the move chosen
    /// assert!(line.len() >= 3);
    /// let mut pos = game.start();
    /// for mv in &line {
    ///     pos.play(mv)?; // a legal line
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn principal_variation(&self) -> Vec<Move> {
        self.line.clone()
    }

    /// Searches from `pos` and returns its legal moves with their scores for the player to move, best
    /// first (see [`AlphaBetaAgent::WIN`]). The first move's score is the position's value at the depth
    /// reached; the others' are bounds: each is worth at most its score. Empty when the game is over or
    /// there is no legal move. The first search draws the key of the evaluation's noise
    /// ([`AlphaBetaConfig::noise`]) from `rng`; otherwise `rng` is not used, and under the same key the
    /// search is deterministic (with a time budget, up to where the clock stops it).
    ///
    /// ```
    /// use qipan::core::Position;
    /// use qipan::core::ai::{AgentRng, AlphaBetaAgent, AlphaBetaConfig};
    /// use qipan::core::notation::move_text;
    /// use rand::SeedableRng;
    ///
    /// // White to move takes the queen left hanging on d5.
    /// let game = qipan::load("chess", &[])?;
    /// let pos = Position::from_fen(&game, "4k3/8/8/3q4/8/2N5/4P3/4K3 w - - 0 1")?;
    /// let mut agent = AlphaBetaAgent::new(AlphaBetaConfig { depth: Some(2), ..AlphaBetaConfig::default() });
    /// let mut rng = AgentRng::seed_from_u64(1);
    /// let moves = agent.search(&pos, &mut rng)?;
    /// assert_eq!(moves.len(), pos.legal_moves().len());
    /// assert_eq!(move_text(&game, &moves[0].0), "c3-d5");
    /// assert!(moves[0].1 > 0 && moves[1..].iter().all(|m| m.1 <= moves[0].1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search(&mut self, pos: &Position, rng: &mut AgentRng) -> Result<Vec<(Move, i32)>, HookError> {
        let start = Instant::now();
        let salt = *self.salt.get_or_insert_with(|| rng.random());
        self.eval.noise(self.config.noise, salt);
        self.prepare(pos)?;
        self.last_depth = 0;
        self.last_nodes = 0;
        self.line.clear();
        if self.root_moves.is_empty() {
            return Ok(Vec::new());
        }
        self.deadline = self.config.millis.map(|ms| start + Duration::from_millis(ms));
        self.node_limit = self.config.nodes.unwrap_or(u64::MAX);
        let max_depth = match (self.config.depth, self.config.millis, self.config.nodes) {
            (Some(d), _, _) => d.min(MAX_DEPTH),
            (None, None, None) => AlphaBetaConfig::DEFAULT_DEPTH,
            (None, _, _) => MAX_DEPTH,
        };
        let mut done = self.root_moves.clone();
        for depth in 1..=max_depth {
            self.may_stop = depth > 1;
            self.aborted = false;
            let spent = self.nodes >= self.node_limit || self.deadline.is_some_and(|d| Instant::now() >= d);
            if depth > 1 && (spent || self.stop.load(Ordering::Relaxed)) {
                break;
            }
            self.root_search(depth)?;
            if self.aborted {
                // A move that beat the previous best in the abandoned iteration is the better guess.
                if let Some(i) = self.overtaker {
                    let better = done.remove(i);
                    done.insert(0, (better.0, self.root_moves[i].1));
                    self.line.clear();
                    self.line.extend_from_slice(&self.pv[..self.pv_len[0]]);
                }
                break;
            }
            done.clone_from(&self.root_moves);
            self.last_depth = depth;
            self.line.clear();
            self.line.extend_from_slice(&self.pv[..self.pv_len[0]]);
            let best = done[0].1;
            // A win or a loss found is the quickest there is (shallower iterations did not find it), and
            // with one move there is nothing to choose.
            if Self::is_win(best) || Self::is_loss(best) || done.len() == 1 {
                break;
            }
        }
        self.last_nodes = self.nodes;
        Ok(done)
    }

    /// Readies the buffers and the table for a search from `pos`, and lists the root's moves (in the
    /// order of the move ordering).
    fn prepare(&mut self, pos: &Position) -> Result<(), HookError> {
        if self.tt_made != Some(self.config.tt_mb) {
            self.tt = tt::Table::new(self.config.tt_mb);
            self.tt_made = Some(self.config.tt_mb);
        }
        let game = pos.game_arc();
        let fresh_game = self.stack.first().is_none_or(|p| !Arc::ptr_eq(p.game_arc(), game));
        if fresh_game {
            self.stack.clear();
            self.tt.clear();
        }
        // A root no later than the last one starts another game (or goes back in this one).
        if fresh_game || self.seen_ply.is_none_or(|p| pos.ply() <= p) {
            self.seen.clear();
        }
        self.seen_ply = Some(pos.ply());
        self.seen.insert(pos.repetition_key());
        match self.stack.first_mut() {
            Some(p) => p.clone_from(pos),
            None => self.stack.push(pos.clone()),
        }
        if self.pv.is_empty() {
            self.pv = vec![Move::PASS; MAX_PLY * MAX_PLY];
            self.pv_len = vec![0; MAX_PLY];
        }
        self.eval.prepare(game);
        self.ordering.prepare(game.board.len(), MAX_PLY);
        self.root = player(pos, pos.to_move());
        self.root_key = (u64::from(self.root.0) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.players = players(pos).len();
        self.nodes = 0;
        self.root_moves.clear();
        if pos.is_over() {
            return Ok(());
        }
        self.grow(0);
        pos.try_generate_legal(&mut self.bufs[0])?;
        let Self { ordering, stack, bufs, keys, eval, .. } = self;
        ordering.score(&stack[0], &bufs[0].moves, None, 0, eval, &mut keys[0]);
        for i in 0..bufs[0].moves.len() {
            order::pick(&mut bufs[0].moves, &mut keys[0], i);
        }
        self.root_moves.extend(self.bufs[0].moves.iter().map(|&m| (m, 0)));
        Ok(())
    }
}

impl Agent for AlphaBetaAgent {
    fn choose(&mut self, pos: &Position, rng: &mut AgentRng) -> Result<Option<Move>, HookError> {
        let Some(&(mv, _)) = self.search(pos, rng)?.first() else { return Ok(None) };
        // The position the move makes is one of the game's now.
        self.play_child(0, &mv)?;
        self.seen.insert(self.stack[1].repetition_key());
        Ok(Some(mv))
    }

    fn name(&self) -> &str {
        "alphabeta"
    }

    /// The root player's share is its best score through a logistic curve (a piece of value 1 ahead is
    /// about 62%); a found win is 1 and a found loss 0. The other players split the rest.
    fn evaluate(&mut self, pos: &Position, rng: &mut AgentRng) -> Result<Option<Evaluation>, HookError> {
        let moves = self.search(pos, rng)?;
        let Some(&(best, score)) = moves.first() else { return Ok(None) };
        let share = match score {
            s if Self::is_win(s) => 1.0,
            s if Self::is_loss(s) => 0.0,
            s => 1.0 / (1.0 + (-(s as f64) / SHARE_SCALE).exp()),
        };
        let me = player(pos, pos.to_move());
        let others: Vec<SeatId> = players(pos).into_iter().filter(|&p| p != me).collect();
        let mut rewards = vec![0.0; pos.game().seats.len()];
        rewards[me.idx()] = share;
        for p in &others {
            rewards[p.idx()] = (1.0 - share) / others.len() as f64;
        }
        Ok(Some(Evaluation { rewards, best: Some(best) }))
    }
}

/// The score (hundredths of a piece of value 1) at which [`Agent::evaluate`] gives the root player
/// `1 / (1 + e^-1)`, about 73%.
const SHARE_SCALE: f64 = 200.0;
