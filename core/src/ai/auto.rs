//! `auto`: a player chosen for the game from its traits, measured on a few random games.

use super::Agent;
use super::judge::scored;
use super::{AgentRng, AgentSpec, AlphaBetaConfig, Evaluation, MctsConfig, SpecError, players};
use crate::hooks::HookError;
use crate::moves::{Move, MoveKind};
use crate::position::{MoveBuf, Position};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use std::fmt;

/// The settings of `auto`: a budget per move, which the player it picks gets.
///
/// ```
/// use qipan::core::ai::{AgentSpec, AutoConfig};
///
/// assert_eq!(AgentSpec::parse("auto")?, AgentSpec::Auto(AutoConfig::default()));
/// assert_eq!(AgentSpec::parse("auto:ms=500")?.to_string(), "auto:ms=500");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AutoConfig {
    /// Milliseconds per move. Without it the budget is a fixed amount of work (so a seeded study is
    /// reproducible): [`MctsConfig::DEFAULT_ITERATIONS`] iterations of MCTS.
    pub millis: Option<u64>,
}

/// What `auto` looks at in a game, read off its start and a few random games from it.
///
/// ```
/// use qipan::core::ai::Traits;
///
/// let go = qipan::load("go", &[("size".into(), "9".into())])?;
/// let traits = Traits::of(&go.start())?;
/// assert_eq!((traits.players, traits.placement, traits.scored), (2, true, true));
/// assert!(traits.branching > 20.0 && traits.length > 60.0);
/// let chess = Traits::of(&qipan::load("chess", &[])?.start())?;
/// assert!(!chess.placement && !chess.scored);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Traits {
    /// The players (seats held by one player count once).
    pub players: usize,
    /// Most moves put a new piece on the board (Go, Hex, Connect Four) rather than move one.
    pub placement: bool,
    /// The game has a score that judges any position (Go's area).
    pub scored: bool,
    /// The score is material alpha-beta's evaluation can weigh: a mancala's captures, janggi's piece
    /// values, Othello's stable discs ([`material_score`](super::alphabeta::material_score)).
    pub material_score: bool,
    /// The game is won by making a line (tic-tac-toe, Connect Four, Gomoku): every line goal wins for
    /// the side that makes it.
    pub lines: bool,
    /// The game captures chains by their liberties (Go): a rule the playouts' answers to atari know.
    pub chains: bool,
    /// Every placement puts the game's one piece on one empty node (Go, Hex, Gomoku): the moves the
    /// playouts' last good replies answer ([`MctsConfig::replies`]).
    pub lone_placement: bool,
    /// The mean number of legal moves over the positions of the random games (moves drawn uniformly,
    /// the pass among them).
    pub branching: f64,
    /// The mean length of the random games, in plies.
    pub length: f64,
}

/// Reading a game's traits.
///
/// ```
/// use qipan::core::ai::Traits;
///
/// let hex = Traits::of(&qipan::load("hex", &[])?.start())?;
/// assert!(hex.placement && !hex.scored && hex.players == 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Traits {
    /// Random games played to learn a game's traits, and the longest of them.
    const GAMES: u64 = 8;
    const MAX_PLIES: u32 = 400;

    /// Reads a game's traits from `start`, playing a few random games from it (always the same ones).
    ///
    /// ```
    /// use qipan::core::ai::Traits;
    ///
    /// let game = qipan::load("tic-tac-toe", &[])?;
    /// let traits = Traits::of(&game.start())?;
    /// assert!(traits.placement && traits.length <= 9.0 && traits.branching <= 9.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(start: &Position) -> Result<Traits, HookError> {
        let mut rng = AgentRng::seed_from_u64(0x7a17);
        let mut moves = MoveBuf::default();
        let (mut plies, mut legal, mut places) = (0u64, 0u64, 0u64);
        for _ in 0..Self::GAMES {
            let mut pos = start.clone();
            while !pos.is_over() && pos.ply() - start.ply() < Self::MAX_PLIES {
                pos.try_generate_legal(&mut moves)?;
                let Some(&mv) = moves.moves.choose(&mut rng) else { break };
                legal += moves.moves.len() as u64;
                places += placement(&mv) as u64;
                plies += 1;
                pos.play_unchecked(&mv)?;
            }
        }
        Ok(Traits {
            players: players(start).len(),
            placement: places * 2 > plies,
            scored: scored(start),
            material_score: super::alphabeta::material_score(start.game()),
            lines: {
                let lines = &start.game().rules.end.lines;
                !lines.is_empty() && lines.iter().all(crate::rules::LineGoal::wins_for_maker)
            },
            chains: start.game().rules.group_capture.is_some(),
            lone_placement: crate::playout::lone_placement(start.game()).is_some(),
            branching: legal as f64 / plies.max(1) as f64,
            length: plies as f64 / Self::GAMES as f64,
        })
    }
}

/// A move that puts a new piece on the board.
fn placement(mv: &Move) -> bool {
    matches!(mv.kind, MoveKind::Place | MoveKind::Drop)
}

/// What `auto` may be told, and what it picks.
///
/// ```
/// use qipan::core::ai::{AgentSpec, AutoConfig, Traits};
///
/// let breakthrough = Traits::of(&qipan::load("breakthrough", &[])?.start())?;
/// assert!(matches!(AutoConfig::default().pick(&breakthrough), AgentSpec::AlphaBeta(_)));
/// assert_eq!(AutoConfig::PARAMS, ["ms"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl AutoConfig {
    /// The parameters a spec may set.
    pub const PARAMS: &'static [&'static str] = &["ms"];
    /// The most legal moves a position of a line game may have, on average, for alpha-beta to be picked;
    /// beyond it, alpha-beta's search is kept within [`AutoConfig::ALPHA_BETA_NODES`].
    pub const ALPHA_BETA_BRANCHING: f64 = 60.0;
    /// The most players of a game of movement for which alpha-beta is picked.
    pub const ALPHA_BETA_PLAYERS: usize = 3;
    /// The leaves alpha-beta's depth is chosen for when there is no time budget.
    pub const ALPHA_BETA_LEAVES: u64 = 5000;
    /// The most positions alpha-beta searches a move in a wide game when there is no time budget: about
    /// the time the old default, 1,000 iterations of MCTS, took, or less (in He Qi for two 0.6 s a move
    /// against 0.7, for three 1.6 against 2.4).
    pub const ALPHA_BETA_NODES: u64 = 20_000;
    /// The legal moves a position of a placement game must have, on average, for MCTS to use RAVE: at
    /// 100 ms a move it won 19 of 20 games of Hex (70 moves a position) against plain MCTS, 9 of 20 of
    /// Domineering (24), and 6 of 20 of Othello (8).
    pub const RAVE_BRANCHING: f64 = 15.0;
    /// UCT's exploration constant `c` where RAVE is on: its all-moves-as-first statistics already spread
    /// the search over the moves worth trying, and less exploration on top searches deeper. At 2,000
    /// iterations a move in 9×9 Go, `c=0.3` won 15 of 20 games against `c=1` (`c=0.1` 12 of 20), and 13
    /// of 20 in Hex; against GNU Go at 2 s a move it took 5 of 40 games, where `c=1` had taken none of 9
    /// at 0.5 s.
    pub const RAVE_EXPLORATION: f64 = 0.3;
    /// UCT's exploration constant where the tree starts from prior knowledge too (games of chains, with
    /// [`MctsConfig::knowledge`]): the virtual simulations already make the search try the moves worth
    /// trying, and the less it explores on top the better. At 100 ms a move in 9×9 Go, with the knowledge,
    /// `c=0.1` won 58 of 80 games against the search without it (`c=0.3`), `c=0.3` 23 of 40 and `c=0`
    /// 24 of 40.
    pub const KNOWLEDGE_EXPLORATION: f64 = 0.1;

    /// Sets one parameter from its text. `Err(None)` when there is no such parameter.
    pub(crate) fn set(&mut self, key: &str, value: &str) -> Result<(), Option<SpecError>> {
        match key {
            "ms" | "millis" => {
                self.millis = Some(value.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
                    Some(SpecError::BadValue {
                        param: key.to_string(),
                        value: value.to_string(),
                        reason: "expected a whole number of milliseconds above 0".to_string(),
                    })
                })?)
            }
            _ => return Err(None),
        }
        Ok(())
    }

    /// The player `auto` picks for a game of these traits, with this budget.
    ///
    /// Games without a score whose players move pieces (not place them), for up to
    /// [`AutoConfig::ALPHA_BETA_PLAYERS`] players, and two-player games won by making a line with at most
    /// [`AutoConfig::ALPHA_BETA_BRANCHING`] moves a position, get alpha-beta (paranoid beyond two
    /// players): chess, xiangqi, Breakthrough, Seven Kingdoms and He Qi for two or three, where material
    /// and mobility judge a position well and a few plies of full-width search see the tactics random
    /// playouts miss, and tic-tac-toe and Connect Four, where the lines still open to each side do. Without
    /// a time budget it searches as deep as keeps the tree near [`AutoConfig::ALPHA_BETA_LEAVES`] leaves
    /// (`b^(d/2)`, alpha-beta's best case, from 2 to 8 plies: 5 in chess, 8 in Connect Four), and where
    /// positions have more than [`AutoConfig::ALPHA_BETA_BRANCHING`] moves (He Qi has a thousand, the
    /// Amazons five hundred), where even two plies may take long, within
    /// [`AutoConfig::ALPHA_BETA_NODES`] positions a move. Games for up to
    /// [`AutoConfig::ALPHA_BETA_PLAYERS`] players whose score is material the evaluation weighs
    /// ([`Traits::material_score`]) get alpha-beta too: Othello (its stable discs and mobility; at 100 ms a
    /// move it won 40 of 40 games against the old default, where counting every disc it had scored 1 of 20),
    /// the mancalas (their stores), janggi.
    /// Every other game gets Monte-Carlo tree search with its solver, and RAVE where moves are placements
    /// among more than [`AutoConfig::RAVE_BRANCHING`] (Go, Hex): its all-moves-as-first statistics suit
    /// moves that mean much the same a few moves later, and help most where there are many to tell apart;
    /// UCT then explores less ([`AutoConfig::RAVE_EXPLORATION`]). Where such a game captures chains by
    /// their liberties (Go), its playouts answer ataris ([`MctsConfig::atari`]); where every placement is
    /// of one piece on one node (Go, Hex, Gomoku), they play the last good replies ([`MctsConfig::replies`]):
    /// together, at 100 ms a move in 9×9 Go, they won 30 of 40 games against the same MCTS without them;
    /// the replies alone won 49 of 80 games of Hex and 52 of 80 of Gomoku. Its tree starts new nodes from prior knowledge
    /// ([`MctsConfig::knowledge`]) and explores less again ([`AutoConfig::KNOWLEDGE_EXPLORATION`]).
    ///
    /// ```
    /// use qipan::core::ai::{AgentSpec, AutoConfig, Traits};
    ///
    /// let go = Traits::of(&qipan::load("go", &[("size".into(), "9".into())])?.start())?;
    /// let chess = Traits::of(&qipan::load("chess", &[])?.start())?;
    /// let othello = Traits::of(&qipan::load("othello", &[])?.start())?;
    /// let seven = Traits::of(&qipan::load("seven-kingdoms", &[])?.start())?;
    /// let auto = AutoConfig::default();
    /// assert_eq!(auto.pick(&go).to_string(), "mcts:iterations=1000,c=0.1,replies=on,atari=on,knowledge=on");
    /// assert_eq!(auto.pick(&othello).to_string(), "alphabeta:depth=8");
    /// assert_eq!(auto.pick(&chess).to_string(), "alphabeta:depth=5");
    /// assert_eq!(auto.pick(&seven).to_string(), "mcts:iterations=1000,c=1,rave=0"); // seven players
    /// let amazons = Traits::of(&qipan::load("amazons", &[])?.start())?;
    /// assert_eq!(auto.pick(&amazons).to_string(), "alphabeta:depth=2,nodes=20000");
    /// let timed = AutoConfig { millis: Some(200) }.pick(&chess);
    /// assert_eq!(timed.to_string(), "alphabeta:ms=200");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pick(&self, traits: &Traits) -> AgentSpec {
        let moving = !traits.placement && traits.players <= Self::ALPHA_BETA_PLAYERS;
        let lines = traits.lines && traits.players == 2 && traits.branching <= Self::ALPHA_BETA_BRANCHING;
        let material = traits.material_score && traits.players <= Self::ALPHA_BETA_PLAYERS;
        if material || (!traits.scored && (moving || lines)) {
            let leaves = (Self::ALPHA_BETA_LEAVES as f64).ln();
            let depth = (2.0 * leaves / traits.branching.max(2.0).ln()) as u32;
            let fixed = self.millis.is_none();
            let wide = traits.branching > Self::ALPHA_BETA_BRANCHING;
            return AgentSpec::AlphaBeta(AlphaBetaConfig {
                depth: fixed.then_some(depth.clamp(2, 8)),
                nodes: (fixed && wide).then_some(Self::ALPHA_BETA_NODES),
                millis: self.millis,
                ..AlphaBetaConfig::default()
            });
        }
        let mut mcts = MctsConfig { iterations: None, millis: self.millis, ..MctsConfig::default() };
        if self.millis.is_none() {
            mcts.iterations = Some(MctsConfig::DEFAULT_ITERATIONS);
        }
        if !traits.placement || traits.branching <= Self::RAVE_BRANCHING {
            mcts.rave = 0.0;
        } else {
            mcts.c = Self::RAVE_EXPLORATION;
            mcts.replies = traits.lone_placement;
            mcts.atari = traits.chains;
            if traits.chains {
                mcts.knowledge = true;
                mcts.c = Self::KNOWLEDGE_EXPLORATION;
            }
        }
        AgentSpec::Mcts(mcts)
    }
}

impl fmt::Display for AutoConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.millis {
            Some(ms) => write!(f, "ms={ms}"),
            None => Ok(()),
        }
    }
}

/// The `auto` player: on its first move it reads the game's [`Traits`], picks a player
/// ([`AutoConfig::pick`]) and plays with it from then on.
///
/// ```
/// use qipan::core::ai::{Agent, AgentRng, AgentSpec, AutoAgent, AutoConfig};
/// use rand::SeedableRng;
///
/// let game = qipan::load("tic-tac-toe", &[])?;
/// let mut auto = AutoAgent::new(AutoConfig::default());
/// assert_eq!(auto.picked(), None);
/// let mv = auto.choose(&game.start(), &mut AgentRng::seed_from_u64(1))?.unwrap();
/// assert!(game.start().legal_moves().contains(&mv));
/// assert!(matches!(auto.picked(), Some(AgentSpec::AlphaBeta(_))));
/// assert_eq!(auto.name(), "auto");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct AutoAgent {
    config: AutoConfig,
    picked: Option<(AgentSpec, Box<dyn Agent>)>,
}

/// Building the player and asking what it picked.
///
/// ```
/// use qipan::core::ai::{AutoAgent, AutoConfig};
///
/// let auto = AutoAgent::new(AutoConfig { millis: Some(100) });
/// assert!(auto.picked().is_none()); // nothing picked before the first move
/// ```
impl AutoAgent {
    /// An `auto` player with this budget.
    ///
    /// ```
    /// use qipan::core::ai::{Agent, AutoAgent, AutoConfig};
    ///
    /// assert_eq!(AutoAgent::new(AutoConfig::default()).name(), "auto");
    /// ```
    pub fn new(config: AutoConfig) -> AutoAgent {
        AutoAgent { config, picked: None }
    }

    /// The player picked on the first move, as a spec.
    ///
    /// ```
    /// use qipan::core::ai::{Agent, AgentRng, AgentSpec, AutoAgent, AutoConfig};
    /// use rand::SeedableRng;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut auto = AutoAgent::new(AutoConfig { millis: Some(20) });
    /// auto.choose(&game.start(), &mut AgentRng::seed_from_u64(1))?;
    /// let Some(AgentSpec::Mcts(config)) = auto.picked() else { panic!("MCTS for Go") };
    /// assert!(config.rave > 0.0); // RAVE among the many placements of a 9x9 board
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn picked(&self) -> Option<&AgentSpec> {
        self.picked.as_ref().map(|(spec, _)| spec)
    }

    /// The player picked for `pos`'s game, picked now if not yet.
    fn agent(&mut self, pos: &Position) -> Result<&mut dyn Agent, HookError> {
        if self.picked.is_none() {
            let spec = self.config.pick(&Traits::of(pos)?);
            let agent = spec.build();
            self.picked = Some((spec, agent));
        }
        Ok(self.picked.as_mut().expect("picked above").1.as_mut())
    }
}

impl Agent for AutoAgent {
    fn choose(&mut self, pos: &Position, rng: &mut AgentRng) -> Result<Option<Move>, HookError> {
        self.agent(pos)?.choose(pos, rng)
    }

    fn evaluate(&mut self, pos: &Position, rng: &mut AgentRng) -> Result<Option<Evaluation>, HookError> {
        self.agent(pos)?.evaluate(pos, rng)
    }

    fn name(&self) -> &str {
        "auto"
    }
}
