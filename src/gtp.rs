//! A GTP (Go Text Protocol, version 2) engine for every game of the Go family, so Go GUIs and referee
//! programs can drive qipan. [`GtpEngine::handle`] answers one command line; [`GtpEngine::serve`]
//! reads command lines (at most [`MAX_LINE_BYTES`] bytes each) and answers them; the `qipan gtp`
//! command serves standard input and output.

use crate::record::{Legality, record_options, replay_position};
use crate::sgf::{SgfGame, parse_sgf_bytes};
use qipan_core::ai::{Agent, AgentSpec};
use qipan_core::board::handicap::fixed_handicap;
use qipan_core::notation::{move_text, parse_move};
use qipan_core::{Game, Move, MoveBuf, NodeId, Position, SeatId, ownership};

use crate::input::{Line, MAX_LINE_BYTES, read_line};
use qipan_core::playout::light_move;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::io::{BufRead, Write};
use std::sync::Arc;

/// Every command the engine knows, in `list_commands` order.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "final_status_list",
    "loadsgf",
    "set_free_handicap",
    "fixed_handicap",
    "place_free_handicap",
    "printsgf",
    "kgs-genmove_cleanup",
    "time_settings",
    "time_left",
    "quit",
];

/// The engine's state: the game (rebuilt when the size or komi changes) and the moves played.
///
/// ```
/// use qipan::gtp::GtpEngine;
///
/// let mut engine = GtpEngine::new("go", &[], 1)?;
/// for command in ["boardsize 9", "komi 7.5", "play black E5", "genmove white"] {
///     let (reply, _) = engine.handle(command);
///     assert!(reply.unwrap().starts_with('='), "{command}");
/// }
/// let pos = engine.position();
/// assert_eq!((pos.game().board.len(), pos.ply()), (81, 2));
/// assert_eq!(pos.game().options["komi"], "7.5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct GtpEngine {
    name: String,
    overrides: Vec<(String, String)>,
    game: Arc<Game>,
    /// A loaded record (and how many of its moves), which replaces the empty start.
    base: Option<(SgfGame, Option<usize>)>,
    moves: Vec<(SeatId, Move)>,
    pos: Position,
    rng: SmallRng,
    buf: MoveBuf,
    /// The agent that answers `genmove`; without one, random moves that fill no own eye.
    agent: Option<Box<dyn Agent>>,
    /// Resign when the agent judges the mover's chances below this ([`GtpEngine::with_resign`]).
    resign: Option<f64>,
    /// Games built so far, by their options: a controller's `boardsize`, `komi` and `clear_board` before
    /// every game rebuild the same few.
    built: Vec<(Options, Arc<Game>)>,
}

/// A game's option overrides.
type Options = Vec<(String, String)>;

/// The most games [`GtpEngine`] keeps built (a controller uses one or two board sizes and komis).
const BUILT_GAMES: usize = 8;

/// Why an engine could not start.
///
/// ```
/// use qipan::gtp::{GtpEngine, GtpError};
///
/// assert!(matches!(GtpEngine::new("chess", &[], 1), Err(GtpError::NotGoFamily(name)) if name == "chess"));
/// assert!(matches!(GtpEngine::new("no-such-game", &[], 1), Err(GtpError::Load(_))));
/// ```
#[derive(Debug, thiserror::Error)]
pub enum GtpError {
    /// The game could not be loaded.
    #[error(transparent)]
    Load(#[from] crate::LoadError),
    /// GTP speaks for games of the Go family only.
    #[error(
        "`{0}` is not a game of the Go family on a 2-D grid (stones placed by Black and White, area scoring): GTP cannot drive it"
    )]
    NotGoFamily(String),
}

/// One response: success or failure, and its text.
type Reply = Result<String, String>;

/// Starting an engine and talking GTP to it, one line at a time.
///
/// ```
/// let mut engine = qipan::gtp::GtpEngine::new("go", &[("size".into(), "9".into())], 1)?;
/// assert_eq!(engine.handle("1 protocol_version").0.as_deref(), Some("=1 2\n\n"));
/// assert_eq!(engine.handle("play w A1").0.as_deref(), Some("=\n\n"));
/// assert_eq!(engine.position().ply(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl GtpEngine {
    /// An engine for the game `name` (built-in name or path) with option overrides.
    ///
    /// ```
    /// use qipan::gtp::GtpEngine;
    ///
    /// let engine = GtpEngine::new("go", &[("size".into(), "13".into())], 1)?;
    /// assert_eq!(engine.position().game().board.len(), 169);
    /// // The same seed, the same random moves.
    /// let mut a = GtpEngine::new("go", &[], 7)?;
    /// let mut b = GtpEngine::new("go", &[], 7)?;
    /// assert_eq!(a.handle("genmove b"), b.handle("genmove b"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(name: &str, overrides: &[(String, String)], seed: u64) -> Result<GtpEngine, GtpError> {
        let game = crate::load(name, overrides)?;
        // GTP speaks of vertices on a 2-D grid: boxes and stacks have none.
        let go_like = game.placement_only()
            && matches!(game.rules.scoring, qipan_core::rules::Scoring::Area { .. })
            && game.seats.iter().map(|s| s.letter.as_str()).eq(["B", "W"])
            && matches!(game.board.grid_size(), Some((_, _, true)));
        if !go_like {
            return Err(GtpError::NotGoFamily(game.name.clone()));
        }
        let pos = game.start();
        Ok(GtpEngine {
            name: name.to_string(),
            overrides: overrides.to_vec(),
            game: game.clone(),
            base: None,
            moves: Vec::new(),
            pos,
            rng: SmallRng::seed_from_u64(seed),
            buf: MoveBuf::default(),
            agent: None,
            resign: None,
            built: vec![(overrides.to_vec(), game.clone())],
        })
    }

    /// Lets `spec`'s agent answer `genmove` (instead of random moves that fill no own eye).
    ///
    /// ```
    /// use qipan::core::ai::AgentSpec;
    ///
    /// let engine = qipan::gtp::GtpEngine::new("go", &[("size".into(), "5".into())], 1)?;
    /// let mut engine = engine.with_agent(&AgentSpec::Greedy);
    /// // White's B3 has one liberty left, at B2: the greedy agent takes it.
    /// for command in ["play w B3", "play b A3", "play b B4", "play b C3"] {
    ///     engine.handle(command);
    /// }
    /// assert_eq!(engine.handle("genmove b").0.as_deref(), Some("= B2\n\n"));
    /// assert_eq!(engine.position().captures(), &[1, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_agent(mut self, spec: &AgentSpec) -> GtpEngine {
        self.agent = Some(spec.build());
        self
    }

    /// Lets the agent resign: `genmove` answers `resign` when the agent judges the chances of the side to
    /// move below `rate` (from 0, a sure loss, to 1, a sure win), and plays on otherwise. The agent then
    /// judges each position as it chooses its move ([`Agent::evaluate`]: one search for both); with a
    /// clock budget (`clock=`), its fixed budget instead. The position does not change: the controller ends
    /// the game.
    ///
    /// ```
    /// use qipan::core::ai::AgentSpec;
    ///
    /// // With a komi of 100 points on 5×5, Black cannot win: it resigns at once.
    /// let engine = qipan::gtp::GtpEngine::new("go", &[("size".into(), "5".into())], 1)?;
    /// let spec = AgentSpec::parse("mcts:iterations=500")?;
    /// let mut engine = engine.with_agent(&spec).with_resign(0.1);
    /// engine.handle("komi 100");
    /// assert_eq!(engine.handle("genmove b").0.as_deref(), Some("= resign\n\n"));
    /// // Without a komi to overcome, it plays.
    /// engine.handle("komi 0");
    /// assert_ne!(engine.handle("genmove b").0.as_deref(), Some("= resign\n\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_resign(mut self, rate: f64) -> GtpEngine {
        self.resign = Some(rate);
        self
    }

    /// The current position.
    ///
    /// ```
    /// use qipan::core::SeatId;
    ///
    /// let mut engine = qipan::gtp::GtpEngine::new("go", &[("size".into(), "9".into())], 1)?;
    /// engine.handle("play b C3");
    /// let pos = engine.position();
    /// let c3 = pos.game().board.find("C3").unwrap();
    /// assert_eq!(pos.cell(c3).map(|p| p.seat), Some(SeatId(0)));
    /// assert_eq!(pos.to_move(), SeatId(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Handles one line of input. Returns the full response (`= ...\n\n` or `? ...\n\n`), nothing for
    /// an empty or comment line, and `true` as the second value once `quit` was received.
    ///
    /// ```
    /// let mut engine = qipan::gtp::GtpEngine::new("go", &[], 1)?;
    /// assert_eq!(engine.handle("7 boardsize 9 # nine"), (Some("=7\n\n".to_string()), false));
    /// assert_eq!(engine.handle("# a comment"), (None, false));
    /// assert_eq!(engine.handle("fly").0.as_deref(), Some("? unknown command\n\n"));
    /// assert_eq!(engine.handle("play b E5").0.as_deref(), Some("=\n\n"));
    /// assert!(engine.handle("play w E5").0.unwrap().starts_with("? illegal move"));
    /// assert_eq!(engine.handle("quit"), (Some("=\n\n".to_string()), true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn handle(&mut self, line: &str) -> (Option<String>, bool) {
        // Remove control characters other than tab and newline, comments, and convert tabs (GTP 2, 2.4); a
        // plain line (the usual one) is read as it is.
        let line = line.split('#').next().unwrap_or("");
        let clean: std::borrow::Cow<str> = if line.chars().any(char::is_control) {
            line.chars().filter(|c| !c.is_control() || *c == '\t').map(|c| if c == '\t' { ' ' } else { c }).collect()
        } else {
            line.into()
        };
        let mut words = clean.split_whitespace().peekable();
        let Some(first) = words.peek().copied() else { return (None, false) };
        let id = if first.chars().all(|c| c.is_ascii_digit()) {
            words.next();
            first.to_string()
        } else {
            String::new()
        };
        let Some(cmd) = words.next() else { return (None, false) };
        let args: Vec<&str> = words.collect();
        let reply = self.command(cmd, &args);
        let quit = cmd == "quit";
        let text = match reply {
            Ok(t) if t.is_empty() && id.is_empty() => "=\n\n".to_string(),
            Ok(t) => format!("={id}{}{t}\n\n", if t.is_empty() { "" } else { " " }),
            Err(t) => format!("?{id} {t}\n\n"),
        };
        (Some(text), quit)
    }

    /// Reads command lines from `input` and writes each response to `output` (flushed), until `quit`
    /// or the end of the input. A line longer than [`MAX_LINE_BYTES`] is answered `? line too long`
    /// and skipped, and a line that is not UTF-8 is answered `?`: the session goes on after both.
    ///
    /// ```
    /// let mut engine = qipan::gtp::GtpEngine::new("go", &[("size".into(), "9".into())], 1)?;
    /// let input: &[u8] = b"1 play b E5\n2 \xff\n# comment\n3 name\nquit\nname\n";
    /// let mut output = Vec::new();
    /// engine.serve(input, &mut output)?;
    /// assert_eq!(output, b"=1\n\n? the line is not valid UTF-8\n\n=3 qipan\n\n=\n\n");
    /// assert_eq!(engine.position().ply(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn serve(&mut self, input: impl BufRead, output: impl Write) -> std::io::Result<()> {
        self.serve_with(input, output, |_| false)
    }

    /// [`GtpEngine::serve`] for a stream read through a [`std::io::BufReader`]: a response is flushed when no more
    /// input waits in the reader's buffer, so a controller that waits for each answer gets it at once and a
    /// stream of commands piped in is answered in large writes.
    ///
    /// ```
    /// let mut engine = qipan::gtp::GtpEngine::new("go", &[("size".into(), "9".into())], 1)?;
    /// let input = std::io::BufReader::new(&b"play b E5\nplay w C3\nname\n"[..]);
    /// let mut output = Vec::new();
    /// engine.serve_buffered(input, &mut output)?;
    /// assert_eq!(output, b"=\n\n=\n\n= qipan\n\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn serve_buffered<R: std::io::Read>(
        &mut self,
        input: std::io::BufReader<R>,
        output: impl Write,
    ) -> std::io::Result<()> {
        self.serve_with(input, output, |r: &std::io::BufReader<R>| !r.buffer().is_empty())
    }

    /// The command loop: `pending` says whether more input is already waiting (then the flush can wait).
    fn serve_with<R: BufRead>(
        &mut self,
        mut input: R,
        mut output: impl Write,
        pending: impl Fn(&R) -> bool,
    ) -> std::io::Result<()> {
        while let Some(line) = read_line(&mut input, MAX_LINE_BYTES)? {
            let (reply, quit) = match line {
                Line::Text(text) => self.handle(&text),
                Line::TooLong(_) => (Some("? line too long\n\n".to_string()), false),
                Line::NotUtf8 => (Some("? the line is not valid UTF-8\n\n".to_string()), false),
            };
            if let Some(r) = reply {
                output.write_all(r.as_bytes())?;
            }
            if quit {
                break;
            }
            if !pending(&input) {
                output.flush()?;
            }
        }
        output.flush()
    }

    fn command(&mut self, cmd: &str, args: &[&str]) -> Reply {
        match cmd {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("qipan".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(COMMANDS.contains(&args.first().copied().unwrap_or("")).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                self.moves.clear();
                self.base = None;
                self.overrides.retain(|(k, _)| k != "handicap");
                self.rebuild()
            }
            "komi" => self.komi(args),
            "play" => self.play(args),
            "genmove" => self.genmove(args, false),
            "kgs-genmove_cleanup" => self.genmove(args, true),
            "undo" => {
                if self.moves.pop().is_none() {
                    return Err("cannot undo".into());
                }
                self.rebuild()
            }
            "showboard" => Ok(self.showboard()),
            "final_score" => self.final_score(),
            "final_status_list" => self.final_status_list(args),
            "loadsgf" => self.loadsgf(args),
            "set_free_handicap" => self.set_free_handicap(args),
            "fixed_handicap" | "place_free_handicap" => self.fixed_handicap(args),
            "printsgf" => self.printsgf(args),
            // Clocks are the controller's business: accepted and ignored.
            "time_settings" | "time_left" => Ok(String::new()),
            _ => Err("unknown command".into()),
        }
    }

    fn set_option(&mut self, key: &str, value: String) {
        self.overrides.retain(|(k, _)| k != key);
        self.overrides.push((key.to_string(), value));
    }

    /// The game with these options: built before, or built now and kept.
    fn game_with(&mut self, options: &[(String, String)]) -> Result<Arc<Game>, String> {
        if let Some((_, game)) = self.built.iter().find(|(o, _)| o == options) {
            return Ok(game.clone());
        }
        let game = crate::load(&self.name, options).map_err(|e| first_line(&e.to_string()))?;
        if self.built.len() == BUILT_GAMES {
            self.built.remove(0);
        }
        self.built.push((options.to_vec(), game.clone()));
        Ok(game)
    }

    /// Reloads the game with the current options and replays the loaded record and the moves.
    fn rebuild(&mut self) -> Reply {
        let game = self.game_with(&self.overrides.clone())?;
        let mut pos = match &self.base {
            Some((sgf, upto)) => {
                replay_position(&game, sgf, *upto, Legality::Check).map_err(|e| e.to_string())?.position
            }
            None => game.start(),
        };
        for (seat, mv) in &self.moves {
            pos = turn_of(&pos, *seat)?;
            pos.play_unchecked(mv).map_err(|e| e.to_string())?;
        }
        self.game = game;
        self.pos = pos;
        Ok(String::new())
    }

    fn boardsize(&mut self, args: &[&str]) -> Reply {
        let n: u32 = args.first().and_then(|a| a.parse().ok()).ok_or("boardsize not an integer")?;
        if !self.game.options.contains_key("size") {
            // Boards of a fixed shape accept their own width (a shaped board in an N x N grid).
            let fits = matches!(self.game.board.grid_size(), Some((w, h, _)) if w == n && h == n);
            return if fits || (n * n) as usize == self.game.board.len() {
                Ok(String::new())
            } else {
                Err("unacceptable size".into())
            };
        }
        self.moves.clear();
        self.base = None;
        if self.game.options.get("size").is_some_and(|size| *size == n.to_string()) {
            // The size it has: a clear board, without building the game again.
            self.pos = self.game.start();
            return Ok(String::new());
        }
        let old = self.overrides.clone();
        self.set_option("size", n.to_string());
        if self.rebuild().is_err() {
            self.overrides = old;
            self.rebuild()?;
            return Err("unacceptable size".into());
        }
        Ok(String::new())
    }

    fn komi(&mut self, args: &[&str]) -> Reply {
        let k: f64 = args.first().and_then(|a| a.parse().ok()).ok_or("komi not a float")?;
        let k = crate::sgf::check_komi(k).map_err(|e| e.to_string())?;
        if !self.game.options.contains_key("komi") {
            return Err("this game has no komi".into());
        }
        self.set_option("komi", k.to_string());
        self.rebuild()
    }

    fn seat(&self, colour: &str) -> Result<SeatId, String> {
        let c = colour.to_ascii_lowercase();
        self.game
            .seats
            .iter()
            .position(|s| s.name == c || s.letter.eq_ignore_ascii_case(&c))
            .map(|i| SeatId(i as u8))
            .ok_or_else(|| "invalid color".to_string())
    }

    fn play(&mut self, args: &[&str]) -> Reply {
        let [colour, vertex] = args else { return Err("invalid color or coordinate".into()) };
        let seat = self.seat(colour)?;
        if seat == self.pos.to_move() && !self.pos.is_over() {
            // The usual case, played in place: a refused move leaves the position as it was.
            let mv = self.vertex_move(vertex)?;
            self.pos.play(&mv).map_err(illegal)?;
            self.moves.push((seat, mv));
            return Ok(String::new());
        }
        let mut next = turn_of(&self.pos, seat)?;
        let mv = self.vertex_move(vertex)?;
        next.play(&mv).map_err(illegal)?;
        self.moves.push((seat, mv));
        self.pos = next;
        Ok(String::new())
    }

    /// The move a GTP vertex names: `pass`, or a stone on the node (the game's one piece that is placed).
    fn vertex_move(&self, vertex: &str) -> Result<Move, String> {
        if vertex.eq_ignore_ascii_case("pass") {
            return Ok(Move::PASS);
        }
        match (self.game.board.find(vertex), self.game.pieces.len()) {
            (Some(node), 1) => Ok(Move::place(qipan_core::PieceId::new(0), node)),
            _ => parse_move(&self.pos, vertex).map_err(|_| "invalid color or coordinate".to_string()),
        }
    }

    /// `genmove`, or with `cleanup` KGS's `kgs-genmove_cleanup`: while stones of the other side that the
    /// estimate judges dead are on the board, a move next to one of them, to take them off.
    fn genmove(&mut self, args: &[&str], cleanup: bool) -> Reply {
        let seat = self.seat(args.first().ok_or("invalid color")?)?;
        let mut next = turn_of(&self.pos, seat)?;
        let cleaning = if cleanup { self.cleanup_move(&next) } else { None };
        let mv = match (cleaning, self.agent.as_mut(), self.resign) {
            (Some(mv), _, _) => Some(mv),
            (None, Some(agent), Some(rate)) => {
                let judged = agent.evaluate(&next, &mut self.rng).map_err(|e| e.to_string())?;
                match judged {
                    Some(e) if e.rewards.get(seat.idx()).is_some_and(|&r| r < rate) => return Ok("resign".into()),
                    Some(e) => e.best,
                    None => agent.choose(&next, &mut self.rng).map_err(|e| e.to_string())?,
                }
            }
            (None, Some(agent), None) => agent.choose(&next, &mut self.rng).map_err(|e| e.to_string())?,
            (None, None, _) => light_move(&next, &mut self.rng, &mut self.buf),
        }
        .unwrap_or(Move::PASS);
        next.play(&mv).map_err(|e| e.to_string())?;
        self.moves.push((seat, mv));
        self.pos = next;
        Ok(if mv.is_pass() { "pass".into() } else { move_text(&self.game, &mv) })
    }

    /// A legal move on a liberty of a stone of the other side judged dead, if there is one.
    fn cleanup_move(&self, pos: &Position) -> Option<Move> {
        let board = &self.game.board;
        let qipan_core::rules::Scoring::Area { relation, .. } = self.game.rules.scoring else { return None };
        let mover = pos.to_move();
        let dead = crate::record::dead_stones(pos);
        let liberties: Vec<NodeId> = dead
            .iter()
            .filter(|&&n| pos.cell(n).is_some_and(|p| p.seat != mover))
            .flat_map(|&n| board.edges(relation, n).iter().map(|e| e.to))
            .filter(|&n| pos.cell(n).is_none())
            .collect();
        pos.legal_moves().into_iter().find(|m| !m.is_pass() && liberties.contains(&m.to))
    }

    /// Stones judged dead by the ownership estimate (the same seeded estimate as `qipan replay`).
    fn dead(&mut self) -> Vec<NodeId> {
        crate::record::dead_stones(&self.pos)
    }

    /// The board and, once the game is over, the result that `final_score` gives (dead stones removed).
    fn showboard(&mut self) -> String {
        let text = qipan_core::render::text(&self.pos);
        let diagram = text.trim_end().rsplit_once('\n').map_or(text.as_str(), |(board, _status)| board);
        let status = match self.pos.outcome().cloned() {
            Some(r) => {
                let score = self.final_score().unwrap_or(r.text);
                format!("Game over: {score} ({}; dead stones removed)", r.reason)
            }
            None => qipan_core::render::status(&self.pos).trim_end().to_string(),
        };
        format!("\n{diagram}\n{status}")
    }

    fn final_score(&mut self) -> Reply {
        let dead = self.dead();
        let scores = ownership::scores_dead_removed(&self.pos, &dead).ok_or("this game is not scored by area")?;
        if scores.len() != 2 {
            return Err("final_score needs two players".into());
        }
        Ok(ownership::result_text(&self.pos, &scores))
    }

    fn final_status_list(&mut self, args: &[&str]) -> Reply {
        let which = args.first().copied().unwrap_or("");
        let dead = self.dead();
        let stones = self.game.board.node_ids().filter(|&n| self.pos.cell(n).is_some());
        let list: Vec<String> = match which {
            "dead" => dead.iter().map(|&n| self.game.board.label(n).to_string()).collect(),
            "alive" => {
                let seki = ownership::seki_stones(&self.pos);
                stones
                    .filter(|n| !dead.contains(n) && !seki.contains(n))
                    .map(|n| self.game.board.label(n).to_string())
                    .collect()
            }
            "seki" => ownership::seki_stones(&self.pos).iter().map(|&n| self.game.board.label(n).to_string()).collect(),
            _ => return Err("syntax error: expected alive, dead or seki".into()),
        };
        Ok(list.join(" "))
    }

    /// `fixed_handicap N` (and `place_free_handicap N`, whose placement qipan leaves to the same points):
    /// Black's stones on the star points, as [`fixed_handicap`] places them; the answer lists them.
    fn fixed_handicap(&mut self, args: &[&str]) -> Reply {
        let n: u32 = args.first().and_then(|a| a.parse().ok()).ok_or("number of stones not an integer")?;
        let nodes = fixed_handicap(&self.game.board, n).map_err(|e| format!("invalid handicap: {e}"))?;
        let vertices: Vec<String> = nodes.iter().map(|&n| self.game.board.label(n).to_string()).collect();
        let text = vertices.join(" ");
        self.set_free_handicap(&vertices.iter().map(String::as_str).collect::<Vec<_>>())?;
        Ok(text)
    }

    /// The game as SGF (setup, moves, and once it is over its result with dead stones removed): the answer,
    /// or written to the file named.
    fn printsgf(&mut self, args: &[&str]) -> Reply {
        let result = match self.pos.outcome() {
            Some(_) => Some(self.final_score()?),
            None => None,
        };
        let mut sgf = crate::record::to_sgf(&self.game, &self.moves, None).map_err(|e| e.to_string())?;
        if let Some((base, upto)) = &self.base {
            // The loaded record's setup and moves (up to where it was loaded) come first.
            sgf.setup_black.extend(&base.setup_black);
            sgf.setup_white.extend(&base.setup_white);
            let kept = upto.unwrap_or(base.moves.len()).min(base.moves.len());
            sgf.moves.splice(0..0, base.moves[..kept].iter().cloned());
        }
        if let Some(r) = result {
            sgf.properties.push(("RE".into(), vec![r]));
        }
        let text = sgf.to_sgf();
        match args.first() {
            Some(file) => {
                std::fs::write(file, &text).map(|_| String::new()).map_err(|e| format!("cannot write {file}: {e}"))
            }
            None => Ok(format!("\n{}", text.trim_end())),
        }
    }

    /// Black's handicap stones on the given vertices of an empty board; White moves next.
    fn set_free_handicap(&mut self, args: &[&str]) -> Reply {
        if !self.moves.is_empty()
            || self.base.is_some()
            || self.game.board.node_ids().any(|n| self.pos.cell(n).is_some())
        {
            return Err("board not empty".into());
        }
        let Some((cols, rows, true)) = self.game.board.grid_size() else {
            return Err("this board has no GTP vertices".into());
        };
        if args.len() < 2 {
            return Err("bad vertex list".into());
        }
        let mut sgf = SgfGame::new((cols as u8, rows as u8), Vec::new());
        for v in args {
            let n = self.game.board.find(v).ok_or("bad vertex list")?;
            let c = self.game.board.node(n).coord;
            let p = crate::sgf::SgfPoint { col: c[0] as u8, row: (rows as i32 - 1 - c[1]) as u8 };
            if sgf.setup_black.contains(&p) {
                return Err("bad vertex list".into());
            }
            sgf.setup_black.push(p);
        }
        if self.game.options.contains_key("handicap") {
            self.set_option("handicap", args.len().to_string());
        }
        self.base = Some((sgf, None));
        self.rebuild()
    }

    /// Loads a record through the checked replay of `qipan replay`: a record that does not load, or
    /// a move the rules refuse (before move `N` when given), is answered `?` and leaves the engine as
    /// it was.
    fn loadsgf(&mut self, args: &[&str]) -> Reply {
        let file = args.first().ok_or("missing file name")?;
        let upto: Option<usize> = match args.get(1) {
            Some(n) => Some(n.parse::<usize>().map_err(|_| "move number not an integer")?.saturating_sub(1)),
            None => None,
        };
        let bytes = crate::record::read_record_file(std::path::Path::new(file)).map_err(|_| "cannot load file")?;
        let sgf = parse_sgf_bytes(&bytes).map_err(|e| format!("cannot load file: {e}"))?;
        // The record's board size, komi and handicap replace the current ones.
        let others: Vec<(String, String)> =
            self.overrides.iter().filter(|(k, _)| !crate::record::SGF_OPTIONS.contains(&k.as_str())).cloned().collect();
        let options = record_options(&self.name, &others, &sgf).map_err(|e| first_line(&e.to_string()))?;
        let game = self.game_with(&options)?;
        let replayed = replay_position(&game, &sgf, upto, Legality::Check).map_err(|e| e.to_string())?;
        if let Some((n, rule)) = replayed.illegal {
            return Err(format!("cannot load file: move {n} is illegal: {rule}"));
        }
        self.overrides = options;
        self.base = Some((sgf, upto));
        self.moves.clear();
        self.game = game;
        self.pos = replayed.position;
        Ok(self.game.seats[self.pos.to_move().idx()].name.clone())
    }
}

/// A refused move's answer: `illegal move: ` and the rule it breaks.
fn illegal(e: qipan_core::PlayError) -> String {
    match e {
        qipan_core::PlayError::Illegal(i) => format!("illegal move: {i}"),
        other => other.to_string(),
    }
}

fn first_line(s: &str) -> String {
    s.lines().next().unwrap_or("").to_string()
}

/// `pos` with `seat` to move and play going on: GTP lets either colour play at any time (the other's
/// turn is then skipped), and moves after the end of the game. A changed turn is set up as a position,
/// which keeps the history for superko and is refused if the seat that did not move is in check.
fn turn_of(pos: &Position, seat: SeatId) -> Result<Position, String> {
    let mut next = if pos.to_move() == seat {
        pos.clone()
    } else {
        pos.to_setup().to_move(seat).into_position().map_err(|e| format!("illegal move: {e}"))?
    };
    next.resume();
    Ok(next)
}
