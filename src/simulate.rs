//! Self-play statistics: many games between agents, played in parallel and reproducible under a seed.
//!
//! ```
//! use qipan::simulate::{Report, Simulation};
//! let game = qipan::load("go", &[("size".into(), "5".into())]).unwrap();
//! let sim = Simulation::new(game.clone(), 4).with_seed(7).with_threads(1);
//! let records = sim.run(&|_| {}).unwrap();
//! let report = Report::new(&sim, &records);
//! assert_eq!(report.games, 4);
//! assert_eq!(report.players.len(), 2);
//! ```
//!
//! Game `i` is played with a random number generator seeded from the simulation seed and `i` only
//! ([`game_seed`]), so the records, and the report built from them, do not depend on the number of
//! threads (except for agents with a time budget).

use qipan_core::ai::{self, Agent, AgentRng, AgentSpec};
use qipan_core::hooks::HookError;
use qipan_core::{EndReason, Game, GameResult};
use rand::SeedableRng;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

/// Plies after which a game without its own ply limit is stopped and scored as it stands.
pub const SAFETY_PLIES: u32 = 10_000;

/// Why a simulation failed.
///
/// ```
/// use qipan::core::ai::AgentSpec;
/// use qipan::simulate::{SimError, Simulation};
///
/// let game = qipan::load("go", &[])?;
/// // Go has two seats, 0 and 1.
/// let err = Simulation::new(game, 4).with_agent(2, AgentSpec::Greedy).unwrap_err();
/// assert!(matches!(err, SimError::NoSeat(2)));
/// assert_eq!(err.to_string(), "no seat 2 in this game");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// A scripted rule failed during a game.
    // `error`, not `source`: the reason is said once, in this message.
    #[error("game {index} (seed {seed}): {error}")]
    Hook {
        /// The game's index.
        index: usize,
        /// Its seed.
        seed: u64,
        /// What failed.
        error: HookError,
    },
    /// The thread pool could not be built.
    #[error("cannot start {threads} threads: {reason}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// Why not.
        reason: String,
    },
    /// An agent was given for a seat the game does not have.
    #[error("no seat {0} in this game")]
    NoSeat(usize),
    /// More games or threads were asked for than one run takes ([`MAX_GAMES`], [`MAX_THREADS`]).
    #[error("{what} must be at most {limit}, not {asked}")]
    TooMany {
        /// `games` or `threads`.
        what: &'static str,
        /// The number asked for.
        asked: usize,
        /// The limit.
        limit: usize,
    },
}

/// The most games one [`Simulation::run`] plays: each keeps a summary in memory until the report is made.
pub const MAX_GAMES: usize = 10_000_000;

/// The most worker threads one [`Simulation::run`] starts.
pub const MAX_THREADS: usize = 1024;

/// What to simulate: a game, how many times, who plays which seat.
///
/// ```
/// use qipan::core::ai::AgentSpec;
/// use qipan::simulate::Simulation;
///
/// // Four short games of 9×9 Go (20 plies at most): greedy Black against random White.
/// let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
/// let sim = Simulation::new(game, 4).with_seed(7).with_threads(1).with_agent(0, AgentSpec::Greedy)?;
/// let records = sim.run(&|_| {})?;
/// assert_eq!(records.len(), 4);
/// assert!(records.iter().all(|r| r.plies <= 20));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Simulation {
    /// The game.
    pub game: Arc<Game>,
    /// Number of games.
    pub games: usize,
    /// The agent of each seat (by seat index); `None` plays as its player's agent, and random when the
    /// player has none either.
    pub agents: Vec<Option<AgentSpec>>,
    /// The seed games derive theirs from.
    pub seed: u64,
    /// Worker threads (0 = one per core).
    pub threads: usize,
}

/// Setting a simulation up, then playing it.
///
/// ```
/// use qipan::simulate::Simulation;
///
/// let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
/// let sim = Simulation::new(game, 2).with_seed(3).with_threads(1);
/// let records = sim.run(&|_| {})?;
/// assert_eq!(records[1], sim.play(1)?); // every game is reproducible alone
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Simulation {
    /// `games` games of `game`, every seat random, seed 1, one thread per core.
    ///
    /// ```
    /// use qipan::core::ai::AgentSpec;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let sim = qipan::simulate::Simulation::new(game, 10);
    /// assert_eq!((sim.games, sim.seed, sim.threads), (10, 1, 0));
    /// assert_eq!(sim.agents, [None, None]);
    /// assert_eq!(sim.agent_of(1), AgentSpec::Random);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(game: Arc<Game>, games: usize) -> Simulation {
        let seats = game.seats.len();
        Simulation { game, games, agents: vec![None; seats], seed: 1, threads: 0 }
    }

    /// Sets the seed.
    ///
    /// ```
    /// use qipan::simulate::Simulation;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
    /// let a = Simulation::new(game.clone(), 1).with_seed(5).with_threads(1);
    /// let b = Simulation::new(game, 1).with_seed(5).with_threads(1);
    /// assert_eq!(a.seed, 5);
    /// assert_eq!(a.play(0)?, b.play(0)?); // same seed, same game
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_seed(mut self, seed: u64) -> Simulation {
        self.seed = seed;
        self
    }

    /// Sets the number of threads (0 = one per core).
    ///
    /// ```
    /// use qipan::simulate::Simulation;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
    /// let one = Simulation::new(game.clone(), 4).with_threads(1);
    /// let two = Simulation::new(game, 4).with_threads(2);
    /// assert_eq!(two.threads, 2);
    /// // The records do not depend on the number of threads.
    /// assert_eq!(one.run(&|_| {})?, two.run(&|_| {})?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_threads(mut self, threads: usize) -> Simulation {
        self.threads = threads;
        self
    }

    /// Gives seat `seat` an agent.
    ///
    /// ```
    /// use qipan::core::ai::AgentSpec;
    ///
    /// let game = qipan::load("go", &[])?;
    /// let sim = qipan::simulate::Simulation::new(game, 4).with_agent(1, "greedy".parse()?)?;
    /// assert_eq!(sim.agents, [None, Some(AgentSpec::Greedy)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_agent(mut self, seat: usize, spec: AgentSpec) -> Result<Simulation, SimError> {
        *self.agents.get_mut(seat).ok_or(SimError::NoSeat(seat))? = Some(spec);
        Ok(self)
    }

    /// The agent spec that plays for `seat` at the start (its own, its player's, or random).
    ///
    /// ```
    /// use qipan::core::ai::AgentSpec;
    ///
    /// let game = qipan::load("go", &[])?;
    /// let sim = qipan::simulate::Simulation::new(game, 4).with_agent(0, AgentSpec::Greedy)?;
    /// assert_eq!(sim.agent_of(0), AgentSpec::Greedy);
    /// assert_eq!(sim.agent_of(1), AgentSpec::Random);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn agent_of(&self, seat: u8) -> AgentSpec {
        let held_by = self.game.seats.get(seat as usize).map(|s| s.held_by as usize).unwrap_or(0);
        self.agents
            .get(seat as usize)
            .cloned()
            .flatten()
            .or_else(|| self.agents.get(held_by).cloned().flatten())
            .unwrap_or(AgentSpec::Random)
    }

    /// Plays every game on a pool of [`Simulation::threads`] threads; calls `done` after each game
    /// (from the worker thread, in no particular order). The records come back in game order.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
    /// let sim = qipan::simulate::Simulation::new(game.clone(), 4).with_threads(2);
    /// let finished = AtomicUsize::new(0);
    /// let records = sim.run(&|_| {
    ///     finished.fetch_add(1, Ordering::Relaxed);
    /// })?;
    /// assert_eq!(finished.into_inner(), 4);
    /// assert_eq!(records.iter().map(|r| r.index).collect::<Vec<_>>(), [0, 1, 2, 3]);
    /// // Runs beyond the limits are refused before anything starts.
    /// let huge = qipan::simulate::Simulation::new(game, usize::MAX);
    /// assert_eq!(huge.run(&|_| ()).unwrap_err().to_string(), "games must be at most 10000000, not 18446744073709551615");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run(&self, done: &(dyn Fn(&GameSummary) + Sync)) -> Result<Vec<GameSummary>, SimError> {
        for (what, asked, limit) in [("games", self.games, MAX_GAMES), ("threads", self.threads, MAX_THREADS)] {
            if asked > limit {
                return Err(SimError::TooMany { what, asked, limit });
            }
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            // Hooks at their limits need more stack than a thread gets by default.
            .stack_size(qipan_dsl::hooks::THREAD_STACK_BYTES)
            .build()
            .map_err(|e| SimError::Threads { threads: self.threads, reason: e.to_string() })?;
        pool.install(|| {
            (0..self.games)
                .into_par_iter()
                .map(|i| {
                    let r = self.play(i)?;
                    done(&r);
                    Ok(r)
                })
                .collect()
        })
    }

    /// Plays game `index` alone.
    ///
    /// ```
    /// use qipan::simulate::{Simulation, game_seed};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
    /// let sim = Simulation::new(game, 100).with_seed(9);
    /// let record = sim.play(42)?;
    /// assert_eq!((record.index, record.seed), (42, game_seed(9, 42)));
    /// assert_eq!(record.first, 0); // Black moves first
    /// assert_eq!(record.winners.len(), 1); // komi 5.5: no draw
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, index: usize) -> Result<GameSummary, SimError> {
        let seed = game_seed(self.seed, index as u64);
        // One budget for the hooks of the whole game, its agents' searches included.
        let _budget = qipan_core::hooks::HookBudget::open();
        let hook = |error| SimError::Hook { index, seed, error };
        let game = &self.game;
        let seats = game.seats.len();
        let mut rng = AgentRng::seed_from_u64(seed);
        let mut agents: Vec<Box<dyn Agent>> =
            (0..seats).map(|s| self.agents.get(s).cloned().flatten().unwrap_or(AgentSpec::Random).build()).collect();
        let explicit: Vec<bool> = (0..seats).map(|s| self.agents.get(s).is_some_and(Option::is_some)).collect();
        let mut pos = game.start();
        let first = pos.to_move();
        let first_player = ai::player(&pos, first);
        let cap = game.rules.end.max_plies.unwrap_or(SAFETY_PLIES).min(SAFETY_PLIES);
        let mut stopped = None;
        while !pos.is_over() {
            if pos.ply() >= cap {
                stopped =
                    Some(GameResult::scored(&pos, EndReason::Other("simulation ply limit".into())).map_err(hook)?);
                break;
            }
            let seat = pos.to_move();
            // A seat without an agent of its own is played by its player's.
            let who = if explicit[seat as usize] { seat } else { ai::player(&pos, seat) } as usize;
            match agents[who].choose(&pos, &mut rng).map_err(hook)? {
                Some(mv) => pos.play_unchecked(&mv).map_err(hook)?,
                None => {
                    stopped = Some(GameResult::winners(&pos, vec![], EndReason::NoLegalMove));
                    break;
                }
            }
        }
        let result = pos
            .outcome()
            .cloned()
            .or(stopped)
            .unwrap_or_else(|| GameResult::winners(&pos, vec![], EndReason::Other("?".into())));
        let mut rewards = Vec::new();
        ai::rewards(&pos, Some(&result), &mut rewards);
        let start = game.start();
        let players = ai::players(&start);
        let won: Vec<u8> =
            players.iter().copied().filter(|&p| !result.winners.is_empty() && rewards[p as usize] > 0.0).collect();
        let captures = players
            .iter()
            .map(|&p| (0..seats).filter(|&s| game.seats[s].held_by == p).map(|s| pos.captures()[s]).sum())
            .collect();
        Ok(GameSummary {
            index,
            seed,
            winners: won,
            plies: pos.ply(),
            captures,
            reason: result.reason.to_string(),
            result: result.text.clone(),
            first: first_player,
        })
    }
}

/// The seed of game `index` of a simulation seeded `seed` (SplitMix64 of both).
///
/// ```
/// use qipan::simulate::game_seed;
///
/// assert_eq!(game_seed(1, 0), game_seed(1, 0));
/// assert_ne!(game_seed(1, 0), game_seed(1, 1));
/// assert_ne!(game_seed(1, 0), game_seed(2, 0));
/// ```
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What one self-play game came to: its length, captures and result, not its moves (a record of the moves
/// is a [`crate::record::GameRecord`]).
///
/// ```
/// let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
/// let record = qipan::simulate::Simulation::new(game, 1).play(0)?;
/// assert!(record.plies <= 20);
/// assert_eq!(record.captures.len(), 2); // Black's and White's
/// if record.plies == 20 {
///     assert_eq!(record.reason, qipan::core::EndReason::MoveLimit.to_string());
/// }
/// assert!(record.result.starts_with("B+") || record.result.starts_with("W+"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameSummary {
    /// Its index in the simulation.
    pub index: usize,
    /// Its seed.
    pub seed: u64,
    /// The players (seat indices of the seats that hold themselves at the start) who won; empty for a draw.
    pub winners: Vec<u8>,
    /// Plies played.
    pub plies: u32,
    /// Pieces captured by each player (in the order of [`Report::players`]).
    pub captures: Vec<u32>,
    /// Why it ended ([`GameResult::reason`]).
    pub reason: String,
    /// The result as text.
    pub result: String,
    /// The player who moved first.
    pub first: u8,
}

/// A proportion with its 95% Wilson score interval.
///
/// ```
/// let r = qipan::simulate::Rate::wilson(5, 10);
/// assert_eq!((r.count, r.total, r.rate), (5, 10, 0.5));
/// assert!(r.low < 0.5 && 0.5 < r.high);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// How many.
    pub count: usize,
    /// Out of.
    pub total: usize,
    /// count / total (0 when total is 0).
    pub rate: f64,
    /// Lower bound of the 95% interval.
    pub low: f64,
    /// Upper bound of the 95% interval.
    pub high: f64,
}

/// Rates with their intervals.
///
/// ```
/// let r = qipan::simulate::Rate::wilson(0, 0);
/// assert_eq!((r.rate, r.low, r.high), (0.0, 0.0, 1.0)); // nothing known
/// ```
impl Rate {
    /// `count` out of `total`, with its Wilson interval (z = 1.96).
    ///
    /// ```
    /// use qipan::simulate::Rate;
    ///
    /// let r = Rate::wilson(5, 10);
    /// assert_eq!(((r.low * 1000.0).round(), (r.high * 1000.0).round()), (237.0, 763.0));
    /// // More games, a narrower interval around the same rate.
    /// let r = Rate::wilson(500, 1000);
    /// assert_eq!(((r.low * 1000.0).round(), (r.high * 1000.0).round()), (469.0, 531.0));
    /// // The interval always holds the rate.
    /// assert_eq!(Rate::wilson(10, 10).high, 1.0);
    /// ```
    pub fn wilson(count: usize, total: usize) -> Rate {
        if total == 0 {
            return Rate { count, total, rate: 0.0, low: 0.0, high: 1.0 };
        }
        let (n, p, z) = (total as f64, count as f64 / total as f64, 1.959_963_984_540_054);
        let denom = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denom;
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
        // The interval always holds the observed rate (rounding can put it a hair outside at 0 and 1).
        Rate { count, total, rate: p, low: (centre - half).clamp(0.0, p), high: (centre + half).clamp(p, 1.0) }
    }
}

/// One player's results.
///
/// ```
/// # use qipan::simulate::{Report, Simulation};
/// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
/// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
/// # let records = sim.run(&|_| {})?;
/// let report = Report::new(&sim, &records);
/// let black = &report.players[0];
/// assert_eq!((black.seat, black.name.as_str(), black.agent.as_str()), (0, "black", "random"));
/// assert_eq!(black.wins.count + black.losses.count, 4);
/// assert_eq!(black.draws.count, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerStats {
    /// The seat index of the player.
    pub seat: u8,
    /// Its name (several names joined by `+` for a player holding several seats).
    pub name: String,
    /// Its agent spec.
    pub agent: String,
    /// Games won (alone or shared).
    pub wins: Rate,
    /// Games lost.
    pub losses: Rate,
    /// Games drawn.
    pub draws: Rate,
    /// Mean pieces captured per game.
    pub captures_per_game: f64,
}

/// The distribution of game lengths, in plies.
///
/// ```
/// # use qipan::simulate::{Report, Simulation};
/// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
/// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
/// # let records = sim.run(&|_| {})?;
/// let length = Report::new(&sim, &records).length;
/// assert!(length.min as f64 <= length.q1 && length.q1 <= length.median && length.median <= length.q3);
/// assert!(length.q3 <= length.max as f64 && length.max <= 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Lengths {
    /// Mean.
    pub mean: f64,
    /// Shortest.
    pub min: u32,
    /// First quartile.
    pub q1: f64,
    /// Median.
    pub median: f64,
    /// Third quartile.
    pub q3: f64,
    /// Longest.
    pub max: u32,
}

/// Whether moving first helps: the first player's win rate against the 1/n of equal chances.
///
/// ```
/// # use qipan::simulate::{Report, Simulation};
/// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
/// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
/// # let records = sim.run(&|_| {})?;
/// let first = Report::new(&sim, &records).first_mover;
/// assert_eq!((first.seat, first.name.as_str(), first.expected), (0, "black", 0.5));
/// assert_eq!(first.advantage, first.wins.rate - 0.5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FirstMover {
    /// The player who moves first.
    pub seat: u8,
    /// Its name.
    pub name: String,
    /// Its win rate.
    pub wins: Rate,
    /// 1 / number of players.
    pub expected: f64,
    /// wins.rate − expected.
    pub advantage: f64,
}

/// The statistics of a simulation.
///
/// ```
/// use qipan::simulate::{Report, Simulation};
///
/// let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
/// let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
/// let records = sim.run(&|_| {})?;
/// let report = Report::new(&sim, &records);
/// assert_eq!((report.game.as_str(), report.games, report.seed), ("go", 4, 7));
/// assert_eq!(report.endings.values().sum::<usize>(), 4);
/// assert_eq!(report.players.iter().map(|p| p.wins.count).sum::<usize>(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The game's name.
    pub game: String,
    /// Its title.
    pub title: String,
    /// Games played.
    pub games: usize,
    /// The simulation seed.
    pub seed: u64,
    /// Per player.
    pub players: Vec<PlayerStats>,
    /// Game lengths.
    pub length: Lengths,
    /// Mean pieces captured per game, all players together.
    pub captures_per_game: f64,
    /// How games ended: count by [`GameResult::reason`].
    pub endings: BTreeMap<String, usize>,
    /// The first-mover advantage.
    pub first_mover: FirstMover,
}

/// Linear interpolation quantile of sorted data.
fn quantile(sorted: &[u32], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let x = q * (sorted.len() - 1) as f64;
    let (i, f) = (x.floor() as usize, x - x.floor());
    let next = sorted[(i + 1).min(sorted.len() - 1)] as f64;
    sorted[i] as f64 * (1.0 - f) + next * f
}

/// Building a report, and writing it as text, CSV or SVG.
///
/// ```
/// # use qipan::simulate::{Report, Simulation};
/// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
/// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
/// # let records = sim.run(&|_| {})?;
/// let report = Report::new(&sim, &records);
/// assert!(report.text().contains("endings: "));
/// assert_eq!(report.csv().lines().count(), 3); // the header and two players
/// assert!(report.svg(&records).ends_with("</svg>\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Report {
    /// Statistics of `records`, played under `sim`.
    ///
    /// ```
    /// # use qipan::simulate::{Report, Simulation};
    /// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
    /// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
    /// # let records = sim.run(&|_| {})?;
    /// let report = Report::new(&sim, &records);
    /// assert_eq!(report.title, "Go (Chinese rules)");
    /// assert_eq!(report.players.len(), 2);
    /// // A report of some of the games.
    /// assert_eq!(Report::new(&sim, &records[..1]).games, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(sim: &Simulation, records: &[GameSummary]) -> Report {
        let game = &sim.game;
        let start = game.start();
        let players = ai::players(&start);
        let n = records.len();
        let name = |p: u8| {
            let names: Vec<&str> = (0..game.seats.len())
                .filter(|&s| game.seats[s].held_by == p && game.seats[s].plays)
                .map(|s| game.seats[s].name.as_str())
                .collect();
            if names.is_empty() { game.seats[p as usize].name.clone() } else { names.join("+") }
        };
        let stats = players
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                let wins = records.iter().filter(|r| r.winners.contains(&p)).count();
                let draws = records.iter().filter(|r| r.winners.is_empty()).count();
                let captured: u64 = records.iter().map(|r| r.captures.get(i).copied().unwrap_or(0) as u64).sum();
                PlayerStats {
                    seat: p,
                    name: name(p),
                    agent: sim.agent_of(p).to_string(),
                    wins: Rate::wilson(wins, n),
                    losses: Rate::wilson(n - wins - draws, n),
                    draws: Rate::wilson(draws, n),
                    captures_per_game: captured as f64 / n.max(1) as f64,
                }
            })
            .collect();
        let mut plies: Vec<u32> = records.iter().map(|r| r.plies).collect();
        plies.sort_unstable();
        let length = Lengths {
            mean: plies.iter().map(|&p| p as f64).sum::<f64>() / n.max(1) as f64,
            min: plies.first().copied().unwrap_or(0),
            q1: quantile(&plies, 0.25),
            median: quantile(&plies, 0.5),
            q3: quantile(&plies, 0.75),
            max: plies.last().copied().unwrap_or(0),
        };
        let mut endings = BTreeMap::new();
        for r in records {
            *endings.entry(r.reason.clone()).or_insert(0) += 1;
        }
        let first = ai::player(&start, start.to_move());
        let first_wins = Rate::wilson(records.iter().filter(|r| r.winners.contains(&first)).count(), n);
        let expected = 1.0 / players.len().max(1) as f64;
        let captures_total: u64 = records.iter().flat_map(|r| r.captures.iter()).map(|&c| c as u64).sum();
        Report {
            game: game.name.clone(),
            title: game.title.clone(),
            games: n,
            seed: sim.seed,
            players: stats,
            length,
            captures_per_game: captures_total as f64 / n.max(1) as f64,
            endings,
            first_mover: FirstMover {
                seat: first,
                name: name(first),
                advantage: first_wins.rate - expected,
                wins: first_wins,
                expected,
            },
        }
    }

    /// The report for people.
    ///
    /// ```
    /// # use qipan::simulate::{Report, Simulation};
    /// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
    /// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
    /// # let records = sim.run(&|_| {})?;
    /// let text = Report::new(&sim, &records).text();
    /// assert!(text.starts_with("Go (Chinese rules): 4 games, seed 7\n"));
    /// assert!(text.contains("\nblack  random  "));
    /// assert!(text.contains("\nfirst mover (black): wins "));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn text(&self) -> String {
        let pct = |r: &Rate| format!("{:5.1}% [{:.1}, {:.1}]", 100.0 * r.rate, 100.0 * r.low, 100.0 * r.high);
        let mut s = String::new();
        let _ = writeln!(s, "{}: {} games, seed {}", self.title, self.games, self.seed);
        let wn = self.players.iter().map(|p| p.name.chars().count()).max().unwrap_or(4).max(4);
        let wa = self.players.iter().map(|p| p.agent.chars().count()).max().unwrap_or(5).max(5);
        let cell = |r: &Rate| {
            let ci = format!("[{:.1}, {:.1}]", 100.0 * r.low, 100.0 * r.high);
            format!("{:>5} {:>6} {ci:<14}", r.count, format!("{:.1}%", 100.0 * r.rate))
        };
        let _ = writeln!(
            s,
            "{:wn$}  {:wa$}  {:>12} {:14}  {:>12} {:14}  {:>12} {:14}  captures/game",
            "seat", "agent", "wins", "95% CI", "losses", "95% CI", "draws", "95% CI"
        );
        for p in &self.players {
            let _ = writeln!(
                s,
                "{:wn$}  {:wa$}  {}  {}  {}  {:.1}",
                p.name,
                p.agent,
                cell(&p.wins),
                cell(&p.losses),
                cell(&p.draws),
                p.captures_per_game
            );
        }
        let l = &self.length;
        let _ = writeln!(
            s,
            "length: mean {:.1} plies; min {}, quartiles {} / {} / {}, max {}",
            l.mean,
            l.min,
            crate::core::outcome::fmt_points(l.q1),
            crate::core::outcome::fmt_points(l.median),
            crate::core::outcome::fmt_points(l.q3),
            l.max
        );
        let _ = writeln!(s, "captures: {:.1} per game", self.captures_per_game);
        let endings: Vec<String> = self.endings.iter().map(|(k, v)| format!("{k} {v}")).collect();
        let _ = writeln!(s, "endings: {}", endings.join(", "));
        let f = &self.first_mover;
        let _ = writeln!(
            s,
            "first mover ({}): wins {} against {:.1}% for equal chances ({:+.1} points)",
            f.name,
            pct(&f.wins).trim_start(),
            100.0 * f.expected,
            100.0 * f.advantage
        );
        s
    }

    /// One CSV row per player, with a header.
    ///
    /// ```
    /// # use qipan::simulate::{Report, Simulation};
    /// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
    /// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
    /// # let records = sim.run(&|_| {})?;
    /// let csv = Report::new(&sim, &records).csv();
    /// let rows: Vec<&str> = csv.lines().collect();
    /// assert!(rows[0].starts_with("seat,name,agent,games,wins,"));
    /// assert!(rows[1].starts_with("0,black,random,4,"));
    /// assert!(rows[2].starts_with("1,white,random,4,") && rows[2].ends_with(",false"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn csv(&self) -> String {
        let mut s = String::from(
            "seat,name,agent,games,wins,win_rate,win_low,win_high,losses,loss_rate,loss_low,loss_high,draws,draw_rate,draw_low,draw_high,captures_per_game,mean_length,first_mover\n",
        );
        for p in &self.players {
            let r = |r: &Rate| format!("{},{:.6},{:.6},{:.6}", r.count, r.rate, r.low, r.high);
            let _ = writeln!(
                s,
                "{},{},{},{},{},{},{},{:.6},{:.6},{}",
                p.seat,
                csv_field(&p.name),
                csv_field(&p.agent),
                self.games,
                r(&p.wins),
                r(&p.losses),
                r(&p.draws),
                p.captures_per_game,
                self.length.mean,
                p.seat == self.first_mover.seat
            );
        }
        s
    }

    /// A chart as a standalone SVG: each player's win rate (bars, 95% whiskers, a dashed line at equal
    /// chances) and a histogram of game lengths.
    ///
    /// ```
    /// # use qipan::simulate::{Report, Simulation};
    /// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
    /// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
    /// # let records = sim.run(&|_| {})?;
    /// let svg = Report::new(&sim, &records).svg(&records);
    /// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    /// assert!(svg.contains("Go (Chinese rules) — 4 games, seed 7"));
    /// assert!(svg.ends_with("</svg>\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn svg(&self, records: &[GameSummary]) -> String {
        let (w, h) = (880.0, 380.0);
        let (top, bottom) = (50.0, 310.0);
        let plot_h = bottom - top;
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
        let _ = writeln!(
            s,
            r#"<text x="{}" y="22" font-size="15" text-anchor="middle">{} — {} games, seed {}</text>"#,
            w / 2.0,
            xml(&self.title),
            self.games,
            self.seed
        );
        // Left panel: win rates.
        let (x0, x1) = (60.0, 410.0);
        axes(&mut s, x0, x1, top, bottom, "win rate (95% CI)");
        for i in 0..=4 {
            let v = i as f64 / 4.0;
            let y = bottom - v * plot_h;
            let _ = writeln!(s, r#"<text x="{}" y="{:.1}" text-anchor="end">{}%</text>"#, x0 - 6.0, y + 4.0, v * 100.0);
            let _ = writeln!(s, r##"<line x1="{x0}" y1="{y:.1}" x2="{x1}" y2="{y:.1}" stroke="#ddd"/>"##);
        }
        let n = self.players.len().max(1) as f64;
        let slot = (x1 - x0) / n;
        let palette = ["#2e86c1", "#c0392b", "#27ae60", "#8e44ad", "#d68910", "#17a589", "#566573", "#a04000"];
        for (i, p) in self.players.iter().enumerate() {
            let cx = x0 + slot * (i as f64 + 0.5);
            let bw = (slot * 0.6).min(60.0);
            let y = bottom - p.wins.rate * plot_h;
            let colour = palette[i % palette.len()];
            let _ = writeln!(
                s,
                r#"<rect x="{:.1}" y="{y:.1}" width="{bw:.1}" height="{:.1}" fill="{colour}"><title>{}: {:.1}%</title></rect>"#,
                cx - bw / 2.0,
                bottom - y,
                xml(&p.name),
                p.wins.rate * 100.0
            );
            let (yl, yh) = (bottom - p.wins.low * plot_h, bottom - p.wins.high * plot_h);
            let _ = writeln!(
                s,
                r#"<path d="M{cx:.1} {yl:.1}V{yh:.1}M{:.1} {yl:.1}h10M{:.1} {yh:.1}h10" stroke="black" fill="none"/>"#,
                cx - 5.0,
                cx - 5.0
            );
            let _ = writeln!(
                s,
                r#"<text x="{cx:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
                bottom + 16.0,
                xml(&p.name)
            );
            // The agent's spec, shortened to its slot (the full spec in a tooltip).
            let fit = ((slot / 6.0) as usize).max(3);
            let short: String = if p.agent.chars().count() > fit {
                p.agent.chars().take(fit - 1).chain(std::iter::once('…')).collect()
            } else {
                p.agent.clone()
            };
            let _ = writeln!(
                s,
                r##"<text x="{cx:.1}" y="{:.1}" text-anchor="middle" font-size="10" fill="#555">{}<title>{}</title></text>"##,
                bottom + 30.0,
                xml(&short),
                xml(&p.agent)
            );
        }
        let ye = bottom - self.first_mover.expected * plot_h;
        let _ = writeln!(
            s,
            r##"<line x1="{x0}" y1="{ye:.1}" x2="{x1}" y2="{ye:.1}" stroke="#444" stroke-dasharray="5 4"><title>equal chances</title></line>"##
        );
        // Right panel: lengths.
        let (x0, x1) = (500.0, 850.0);
        axes(&mut s, x0, x1, top, bottom, "game length (plies)");
        let (lo, hi) = (self.length.min, self.length.max.max(self.length.min + 1));
        let bins = 20usize.min((hi - lo + 1) as usize).max(1);
        let width = ((hi - lo + 1) as f64 / bins as f64).max(1.0);
        let mut counts = vec![0usize; bins];
        for r in records {
            let b = (((r.plies.saturating_sub(lo)) as f64 / width) as usize).min(bins - 1);
            counts[b] += 1;
        }
        let most = counts.iter().copied().max().unwrap_or(1).max(1);
        let bw = (x1 - x0) / bins as f64;
        for (i, &c) in counts.iter().enumerate() {
            let bh = c as f64 / most as f64 * plot_h;
            let from = lo as f64 + i as f64 * width;
            let _ = writeln!(
                s,
                r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{bh:.1}" fill="#7f8c8d" stroke="white"><title>{:.0}–{:.0} plies: {c}</title></rect>"##,
                x0 + i as f64 * bw,
                bottom - bh,
                bw,
                from,
                from + width - 1.0
            );
        }
        let _ = writeln!(s, r#"<text x="{}" y="{:.1}" text-anchor="end">{most}</text>"#, x0 - 6.0, top + 4.0);
        let _ = writeln!(s, r#"<text x="{}" y="{:.1}" text-anchor="end">0</text>"#, x0 - 6.0, bottom);
        let _ = writeln!(
            s,
            r#"<text transform="translate({:.1} {:.1}) rotate(-90)" text-anchor="middle">games</text>"#,
            x0 - 10.0,
            (top + bottom) / 2.0
        );
        let _ = writeln!(s, r#"<text x="{x0}" y="{:.1}" text-anchor="middle">{lo}</text>"#, bottom + 16.0);
        let _ = writeln!(s, r#"<text x="{x1}" y="{:.1}" text-anchor="middle">{hi}</text>"#, bottom + 16.0);
        let xm = x0 + (self.length.median - lo as f64) / (hi - lo + 1) as f64 * (x1 - x0);
        let _ = writeln!(
            s,
            r##"<line x1="{xm:.1}" y1="{top}" x2="{xm:.1}" y2="{bottom}" stroke="#c0392b" stroke-dasharray="4 3"><title>median {}</title></line>"##,
            self.length.median
        );
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">mean {:.1}, median {}</text>"#,
            (x0 + x1) / 2.0,
            bottom + 30.0,
            self.length.mean,
            self.length.median
        );
        s.push_str("</svg>\n");
        s
    }
}

/// The frame and title of one panel.
fn axes(s: &mut String, x0: f64, x1: f64, top: f64, bottom: f64, title: &str) {
    let _ = writeln!(s, r#"<path d="M{x0} {top}V{bottom}H{x1}" stroke="black" fill="none"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
        (x0 + x1) / 2.0,
        top - 12.0,
        xml(title)
    );
}

fn xml(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_string() }
}
