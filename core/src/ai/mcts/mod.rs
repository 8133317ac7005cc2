//! Monte-Carlo tree search (UCT) with random playouts, for any number of players.

mod config;
mod eval;
mod prior;
mod rave;
mod reuse;
mod tree;

pub use config::{CutEval, MctsConfig};

use super::judge::{captured, scored};
use super::{Agent, AgentRng, Evaluation};
use crate::hooks::HookError;
use crate::moves::Move;
use crate::playout::PlayoutBuf;
use crate::position::{MoveBuf, Position};
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use tree::{NONE, Node};

/// The longest playout, in plies, when neither the spec nor the game sets a limit.
pub const SAFETY_DEPTH: u32 = 1000;

/// UCT search: each node keeps the reward sums of every player; selection at a node maximises the
/// mean reward of the player to move there plus `c · sqrt(ln N / n)`, blended with RAVE's
/// all-moves-as-first mean in games of placement ([`MctsConfig::rave`]). Moves are expanded lazily (a
/// node's moves are generated on its second visit); playouts follow [`MctsConfig::policy`] up to the
/// ply cap. The solver ([`MctsConfig::solver`]) proves nodes whose result is settled and stops searching
/// them. The move played is a proven win if there is one (the quickest), else the most visited child of
/// the root; with [`MctsConfig::threads`], several trees are searched at once and their roots added up.
/// The part of the tree below the position the game reaches is kept for the next search
/// ([`MctsConfig::reuse`]).
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
    /// Proven results, laid out as `sums`: what each player gets from a proven node with best play.
    proofs: Vec<f32>,
    amaf: rave::Amaf,
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
    /// The other threads' agents, kept from move to move ([`MctsConfig::threads`]).
    helpers: Vec<MctsAgent>,
    /// Time spent on this game's moves so far, and the ply of the last one ([`MctsConfig::clock`]).
    clock_used: Duration,
    clock_ply: u32,
    /// This move's share of the game's clock.
    move_budget: Option<Duration>,
    /// Search a lone legal move too (to judge the position, not to choose).
    weigh_one: bool,
    /// The position the last search started from, whose tree the next may keep part of.
    last_root: Option<Position>,
    /// The generic evaluation, a position to try moves on, their replies, and the moves judged with
    /// their bonuses ([`MctsConfig::prior`]).
    evaluator: crate::ai::alphabeta::Evaluator,
    probe: Option<Position>,
    replies: MoveBuf,
    ranked: Vec<(f32, Move)>,
    priors: Vec<f32>,
    /// Prior knowledge of new nodes' moves ([`MctsConfig::knowledge`]).
    knowledge: crate::playout::Knowledge,
    /// The moves from the root's last one to the leaf of the current iteration, each with its player, for
    /// the last good replies ([`MctsConfig::replies`]).
    path: Vec<(crate::SeatId, Move)>,
    /// The vectors of the tree before it was last cut down to a subtree, reused for the next cut.
    spare: (Vec<Node>, Vec<f32>, Vec<f32>),
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
            proofs: Vec::new(),
            amaf: rave::Amaf::default(),
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
            helpers: Vec::new(),
            clock_used: Duration::ZERO,
            clock_ply: 0,
            move_budget: None,
            weigh_one: false,
            last_root: None,
            evaluator: Default::default(),
            probe: None,
            replies: MoveBuf::default(),
            ranked: Vec::new(),
            priors: Vec::new(),
            knowledge: Default::default(),
            path: Vec::new(),
            spare: Default::default(),
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

    /// What the last search proved the position to give each player, indexed as [`rewards`](crate::ai::rewards)
    /// indexes them (1 to a sole winner, 0 to a loser, shares in a draw), and in how many plies the game
    /// ends along the line the proof found; `None` when the solver did not settle it. The result is exact;
    /// the plies are those of the quickest win among the moves proven when the node was settled, so a win
    /// proven early may be a slower one than the position holds (a node is won by the first winning move
    /// proven, not searched further).
    ///
    /// ```
    /// use qipan::core::ai::{AgentRng, MctsAgent, MctsConfig};
    /// use qipan::core::notation::parse_move;
    /// use rand::SeedableRng;
    ///
    /// // X has a1 and b2, O has c1 and a3: X to move wins at once with c3.
    /// let game = qipan::load("tic-tac-toe", &[])?;
    /// let mut pos = game.start();
    /// for text in ["a1", "c1", "b2", "a3"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// let mut mcts = MctsAgent::new(MctsConfig { iterations: Some(10_000), ..MctsConfig::default() });
    /// let children = mcts.search(&pos, &mut AgentRng::seed_from_u64(1))?;
    /// assert_eq!(mcts.proven(), Some((vec![1.0, 0.0], 1))); // X wins, next move
    /// assert_eq!(qipan::core::notation::move_text(&game, &children[0].0), "c3");
    /// assert!(mcts.last_iterations() < 10_000); // the search stopped once it was proven
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn proven(&self) -> Option<(Vec<f64>, u16)> {
        std::iter::once(self)
            .chain(&self.helpers)
            .find(|a| a.nodes.first().is_some_and(|n| n.proven))
            .map(|a| (a.proofs[..a.seats].iter().map(|&r| r as f64).collect(), a.nodes[0].plies))
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
        while let Some(best) = self.best_child(node) {
            let child = &self.nodes[best];
            if child.visits == 0 || (!line.is_empty() && child.visits < 2 && !child.proven) {
                break;
            }
            line.push(child.mv);
            node = best;
        }
        line
    }

    /// The child of node `i` its mover would play, ranked as the root's children are ranked.
    fn best_child(&self, i: usize) -> Option<usize> {
        let mover = self.nodes.get(i)?.mover.idx();
        let all_proven = self.children(i).all(|(_, ch)| ch.proven);
        let key = |c: usize| {
            let sum = self.sums[c * self.seats + mover] as f64;
            rank(self.proof(c, mover), self.nodes[c].visits, sum, all_proven)
        };
        let greater = |a: (u8, f64, f64), b: (u8, f64, f64)| {
            a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)).then(a.2.total_cmp(&b.2)) == std::cmp::Ordering::Greater
        };
        // The first of equals, as the root's sorted children put it first.
        self.children(i).map(|(c, _)| (c, key(c))).reduce(|a, b| if greater(b.1, a.1) { b } else { a }).map(|(c, _)| c)
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
        let limit = match (self.config.millis.map(Duration::from_millis), self.move_budget) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let iterations = match (self.config.iterations, limit) {
            (Some(n), _) => n,
            (None, Some(_)) => u32::MAX,
            (None, None) => MctsConfig::DEFAULT_ITERATIONS,
        };
        let extra = self.config.threads.saturating_sub(1) as usize;
        let weigh_one = self.weigh_one;
        if extra == 0 {
            self.grow(pos, rng, iterations, limit, weigh_one)?;
            return Ok(self.root_children(&[]));
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        helpers.resize_with(extra, || {
            let mut helper = MctsAgent::new(MctsConfig { threads: 1, clock: None, ..self.config.clone() });
            helper.stop = Arc::clone(&self.stop);
            helper
        });
        let seeds: Vec<u64> = (0..extra).map(|_| rng.random()).collect();
        let results = std::thread::scope(|s| {
            let handles: Vec<_> = helpers
                .iter_mut()
                .zip(seeds)
                .map(|(helper, seed)| {
                    let pos = pos.clone();
                    s.spawn(move || helper.grow(&pos, &mut AgentRng::seed_from_u64(seed), iterations, limit, weigh_one))
                })
                .collect();
            let mine = self.grow(pos, rng, iterations, limit, weigh_one);
            let theirs: Vec<_> =
                handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect();
            (mine, theirs)
        });
        let out = results.0.and_then(|()| results.1.into_iter().collect::<Result<(), _>>());
        self.helpers = helpers;
        out?;
        self.last_iterations =
            self.helpers.iter().fold(self.last_iterations, |n, h| n.saturating_add(h.last_iterations));
        self.last_depth = self.helpers.iter().map(|h| h.last_depth).fold(self.last_depth, u32::max);
        Ok(self.root_children(&self.helpers))
    }

    /// Builds a tree from `pos` for up to `iterations` iterations and `limit` of time, or until the root
    /// is proven or the stop flag is raised. A lone legal move is searched only when `weigh_one`.
    fn grow(
        &mut self,
        pos: &Position,
        rng: &mut AgentRng,
        iterations: u32,
        limit: Option<Duration>,
        weigh_one: bool,
    ) -> Result<(), HookError> {
        let start = Instant::now();
        if !self.reuse_tree(pos) {
            self.clear_tree(pos.game().seats.len());
            self.expand(0, pos, rng)?;
        }
        Self::material_scores(pos, &mut self.base);
        self.playout.record(self.config.rave > 0.0 || self.config.replies);
        self.playout.decisive(self.config.decisive);
        self.playout.replies(self.config.replies);
        self.playout.atari(self.config.atari);
        self.playout.patterns(self.config.patterns);
        let mut done = 0;
        self.last_depth = 0;
        if self.nodes[0].children > 1 || (weigh_one && self.nodes[0].children == 1) {
            while done < iterations && !self.nodes[0].proven {
                if limit.is_some_and(|l| start.elapsed() >= l) || self.stop.load(Ordering::Relaxed) {
                    break;
                }
                self.iterate(pos, rng)?;
                done += 1;
            }
        }
        self.last_iterations = done;
        match &mut self.last_root {
            Some(last) => last.clone_from(pos),
            None => self.last_root = Some(pos.clone()),
        }
        Ok(())
    }

    /// The root's children as [`MctsAgent::search`] returns them, with the statistics of the other
    /// threads' trees added: proven wins first (the quickest first), then the rest by visits, with proven
    /// losses last; when every child is proven, by what each is proven to give the mover.
    fn root_children(&self, others: &[MctsAgent]) -> Vec<(Move, u32, f64)> {
        let root = &self.nodes[0];
        let mover = root.mover.idx();
        let mut merged: Vec<RootChild> = self
            .children(0)
            .map(|(c, ch)| (ch.mv, ch.visits, self.sums[c * self.seats + mover] as f64, self.proof(c, mover)))
            .collect();
        for other in others {
            for (c, ch) in other.children(0) {
                if let Some(m) = merged.iter_mut().find(|m| m.0 == ch.mv) {
                    m.1 += ch.visits;
                    m.2 += other.sums[c * other.seats + mover] as f64;
                    m.3 = m.3.or(other.proof(c, mover));
                }
            }
        }
        let all_proven = merged.iter().all(|m| m.3.is_some());
        merged.sort_by(|a, b| {
            let (ra, rb) = (rank(a.3, a.1, a.2, all_proven), rank(b.3, b.1, b.2, all_proven));
            rb.0.cmp(&ra.0).then(rb.1.total_cmp(&ra.1)).then(rb.2.total_cmp(&ra.2))
        });
        merged
            .into_iter()
            .map(|(mv, visits, sum, proof)| {
                let mean = match (proof, visits) {
                    (Some((v, _)), _) => v as f64,
                    (None, 0) => f64::NAN,
                    (None, n) => sum / n as f64,
                };
                (mv, visits, mean)
            })
            .collect()
    }

    /// The children of node `i`, with their indices.
    fn children(&self, i: usize) -> impl Iterator<Item = (usize, &Node)> {
        let n = &self.nodes[i];
        let range =
            if n.first_child == NONE { 0..0 } else { n.first_child as usize..(n.first_child + n.children) as usize };
        range.map(|c| (c, &self.nodes[c]))
    }

    /// What node `i` is proven to give player `p`, and in how many plies, if it is proven.
    fn proof(&self, i: usize, p: usize) -> Option<(f32, u16)> {
        self.nodes[i].proven.then(|| (self.proofs[i * self.seats + p], self.nodes[i].plies))
    }
}

/// A root child's statistics over every tree: its move, visits, reward sum for the mover, and what it is
/// proven to give the mover and in how many plies.
type RootChild = (Move, u32, f64, Option<(f32, u16)>);

/// How a child ranks among its siblings, compared as a tuple, the greater first: proven wins for the
/// mover (the quickest first), then unproven children by visits and mean reward (`sum` over `visits`),
/// proven losses last; when every child is proven, by what each is proven to give the mover (the
/// slowest loss first among equals).
fn rank(proof: Option<(f32, u16)>, visits: u32, sum: f64, all_proven: bool) -> (u8, f64, f64) {
    match proof {
        Some((v, plies)) if v >= tree::WIN => (3, -(plies as f64), 0.0),
        Some((v, plies)) if all_proven => (1, v as f64, plies as f64),
        Some((v, _)) if v <= 0.0 => (0, visits as f64, 0.0),
        _ => (2, visits as f64, sum / visits.max(1) as f64),
    }
}

impl Agent for MctsAgent {
    fn choose(&mut self, pos: &Position, rng: &mut AgentRng) -> Result<Option<Move>, HookError> {
        let Some(clock) = self.config.clock.map(Duration::from_millis) else {
            return Ok(self.search(pos, rng)?.first().map(|c| c.0));
        };
        // A new game (the plies went back): a full clock.
        if pos.ply() < self.clock_ply {
            self.clock_used = Duration::ZERO;
        }
        self.clock_ply = pos.ply();
        self.move_budget = Some((clock.saturating_sub(self.clock_used) / 20).max(Duration::from_millis(1)));
        let start = Instant::now();
        let chosen = self.search(pos, rng);
        self.move_budget = None;
        self.clock_used += start.elapsed();
        Ok(chosen?.first().map(|c| c.0))
    }

    fn name(&self) -> &str {
        "mcts"
    }

    fn evaluate(&mut self, pos: &Position, rng: &mut AgentRng) -> Result<Option<Evaluation>, HookError> {
        self.weigh_one = true;
        let children = self.search(pos, rng);
        self.weigh_one = false;
        let best = children?.first().map(|c| c.0);
        let rewards = match self.proven() {
            Some((proof, _)) => proof,
            None => {
                // The root's statistics, over every thread's tree.
                let trees = || std::iter::once(&*self).chain(&self.helpers);
                let visits: u32 = trees().map(|t| t.nodes[0].visits).sum();
                (0..self.seats).map(|p| trees().map(|t| t.sums[p] as f64).sum::<f64>() / visits.max(1) as f64).collect()
            }
        };
        Ok(Some(Evaluation { rewards, best }))
    }
}
