//! Running the games: a simulation's set-up, its games played in parallel, and what each game came to.

use qipan_core::ai::{self, Agent, AgentRng, AgentSpec};
use qipan_core::hooks::HookError;
use qipan_core::{EndReason, Game, GameResult, Position, SeatId};
use rand::SeedableRng;
use rayon::prelude::*;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
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
    /// Each game starts from a numbered start drawn from its seed ([`Position::numbered`]: chess960's
    /// `start=random`), not from the game's own start.
    pub random_starts: bool,
    /// Each game's summary keeps its moves ([`GameSummary::moves`]), for records written to a file.
    pub keep_moves: bool,
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
    /// use qipan::core::SeatId;
    /// use qipan::core::ai::AgentSpec;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let sim = qipan::simulate::Simulation::new(game, 10);
    /// assert_eq!((sim.games, sim.seed, sim.threads), (10, 1, 0));
    /// assert_eq!(sim.agents, [None, None]);
    /// assert_eq!(sim.agent_of(SeatId(1)), AgentSpec::Random);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(game: Arc<Game>, games: usize) -> Simulation {
        let seats = game.seats.len();
        Simulation {
            game,
            games,
            agents: vec![None; seats],
            seed: 1,
            threads: 0,
            random_starts: false,
            keep_moves: false,
        }
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

    /// Starts each game from a numbered start drawn from the game's seed, in a game with numbered starts
    /// (chess960); other games keep their one start.
    ///
    /// ```
    /// use qipan::simulate::Simulation;
    ///
    /// let game = qipan::load("chess960", &[])?;
    /// let sim = Simulation::new(game, 2).with_threads(1).with_random_starts();
    /// assert!(sim.random_starts);
    /// assert_ne!(sim.start_number(0), sim.start_number(1));
    /// assert!(sim.start_number(0).unwrap() < 960);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_random_starts(mut self) -> Simulation {
        self.random_starts = true;
        self
    }

    /// Keeps each game's moves in its summary ([`GameSummary::moves`]): what `--records` writes.
    ///
    /// ```
    /// use qipan::simulate::Simulation;
    ///
    /// let game = qipan::load("tic-tac-toe", &[])?;
    /// let with = Simulation::new(game.clone(), 1).with_moves().play(0)?;
    /// let without = Simulation::new(game, 1).play(0)?;
    /// assert_eq!(with.moves.as_ref().map(Vec::len), Some(with.plies as usize));
    /// assert_eq!(without.moves, None);
    /// assert_eq!((with.plies, &with.result), (without.plies, &without.result), "the same game");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_moves(mut self) -> Simulation {
        self.keep_moves = true;
        self
    }

    /// The numbered start game `index` begins from, under [`Simulation::with_random_starts`].
    ///
    /// ```
    /// use qipan::simulate::Simulation;
    ///
    /// let chess960 = qipan::load("chess960", &[])?;
    /// assert_eq!(Simulation::new(chess960.clone(), 1).start_number(0), None, "random starts are off");
    /// assert!(Simulation::new(chess960, 1).with_random_starts().start_number(0).is_some());
    /// let chess = qipan::load("chess", &[])?;
    /// assert_eq!(Simulation::new(chess, 1).with_random_starts().start_number(0), None, "one start only");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start_number(&self, index: usize) -> Option<u64> {
        let shuffle = self.game.shuffle.as_ref().filter(|_| self.random_starts)?;
        // Another stream than the agents': the start does not shift their moves.
        Some(game_seed(game_seed(self.seed, index as u64), u64::MAX) % shuffle.count())
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
    /// use qipan::core::SeatId;
    /// use qipan::core::ai::AgentSpec;
    ///
    /// let game = qipan::load("go", &[])?;
    /// let sim = qipan::simulate::Simulation::new(game, 4).with_agent(0, AgentSpec::Greedy)?;
    /// assert_eq!(sim.agent_of(SeatId(0)), AgentSpec::Greedy);
    /// assert_eq!(sim.agent_of(SeatId(1)), AgentSpec::Random);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn agent_of(&self, seat: SeatId) -> AgentSpec {
        let held_by = self.game.seats.get(seat.idx()).map(|s| s.held_by.idx()).unwrap_or(0);
        self.agents
            .get(seat.idx())
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
    /// use qipan::core::SeatId;
    /// use qipan::simulate::{Simulation, game_seed};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
    /// let sim = Simulation::new(game, 100).with_seed(9);
    /// let record = sim.play(42)?;
    /// assert_eq!((record.index, record.seed), (42, game_seed(9, 42)));
    /// assert_eq!(record.first, SeatId(0)); // Black moves first
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
        let start_number = self.start_number(index);
        let mut pos = start_number.and_then(|n| Position::numbered(game, n)).unwrap_or_else(|| game.start());
        let first = pos.to_move();
        let first_player = ai::player(&pos, first);
        let cap = game.rules.end.max_plies.unwrap_or(SAFETY_PLIES).min(SAFETY_PLIES);
        let mut stopped = None;
        let mut moves = self.keep_moves.then(Vec::new);
        while !pos.is_over() {
            if pos.ply() >= cap {
                stopped =
                    Some(GameResult::scored(&pos, EndReason::Other("simulation ply limit".into())).map_err(hook)?);
                break;
            }
            let seat = pos.to_move();
            // A seat without an agent of its own is played by its player's; agents follow their players
            // through a swap of the pie rule.
            let sitter = pos.seated(seat);
            let who = if explicit[sitter.idx()] { sitter } else { ai::player(&pos, seat) }.idx();
            match agents[who].choose(&pos, &mut rng).map_err(hook)? {
                Some(mv) => {
                    if let Some(moves) = &mut moves {
                        moves.push(qipan_core::notation::move_text(game, &mv));
                    }
                    pos.play_unchecked(&mv).map_err(hook)?
                }
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
        let won: Vec<SeatId> =
            players.iter().copied().filter(|&p| !result.winners.is_empty() && rewards[p.idx()] > 0.0).collect();
        let captures = players
            .iter()
            .map(|&p| {
                game.seat_ids().filter(|&s| game.seats[s.idx()].held_by == p).map(|s| pos.captures()[s.idx()]).sum()
            })
            .collect();
        Ok(GameSummary {
            index,
            seed,
            winners: won,
            plies: pos.ply(),
            captures,
            reason: result.reason.clone(),
            result: result.text.clone(),
            first: first_player,
            start: start_number,
            moves,
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
///     assert_eq!(record.reason, qipan::core::EndReason::MoveLimit);
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
    #[serde(serialize_with = "super::report::seat_numbers")]
    pub winners: Vec<SeatId>,
    /// Plies played.
    pub plies: u32,
    /// Pieces captured by each player (in the order of [`Report::players`](super::Report::players)).
    pub captures: Vec<u32>,
    /// Why it ended ([`GameResult::reason`]); written in its words.
    #[serde(serialize_with = "in_words")]
    pub reason: EndReason,
    /// The result as text.
    pub result: String,
    /// The player who moved first.
    #[serde(serialize_with = "super::report::seat_number")]
    pub first: SeatId,
    /// The numbered start it began from, under [`Simulation::with_random_starts`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<u64>,
    /// Its moves as qipan writes them, under [`Simulation::with_moves`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
}

/// A game's summary read back from the JSON it is written as (`qipan simulate --json`'s records), so that
/// parts of one study played apart (on a cluster) make one report.
///
/// ```
/// use qipan::simulate::{GameSummary, Simulation};
///
/// let game = qipan::load("tic-tac-toe", &[])?;
/// let record = Simulation::new(game, 1).play(0)?;
/// let json = serde_json::to_string(&record)?;
/// assert_eq!(serde_json::from_str::<GameSummary>(&json)?, record);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<'de> Deserialize<'de> for GameSummary {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameSummary, D::Error> {
        /// The summary as written: seats as numbers, the reason in words.
        #[derive(Deserialize)]
        struct Written {
            index: usize,
            seed: u64,
            winners: Vec<u8>,
            plies: u32,
            captures: Vec<u32>,
            reason: String,
            result: String,
            first: u8,
            start: Option<u64>,
            moves: Option<Vec<String>>,
        }
        let w = Written::deserialize(d)?;
        Ok(GameSummary {
            index: w.index,
            seed: w.seed,
            winners: w.winners.into_iter().map(SeatId).collect(),
            plies: w.plies,
            captures: w.captures,
            reason: EndReason::from_words(&w.reason),
            result: w.result,
            first: SeatId(w.first),
            start: w.start,
            moves: w.moves,
        })
    }
}

/// Writes an end reason as records and reports have always written it: its words.
fn in_words<S: Serializer>(reason: &EndReason, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(reason.as_str())
}
