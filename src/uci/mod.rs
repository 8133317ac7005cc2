//! A UCI (Universal Chess Interface) engine for every two-seat game whose pieces move on a board labelled
//! as chess boards are (files `a`, `b`, …, ranks from 1), so chess GUIs, tournament managers and
//! python-chess can drive qipan. Moves are in UCI's long algebraic form ([`qipan_core::uci`]); `go` searches
//! with the engine's player (MCTS unless `setoption name Player` says otherwise) in a thread of its own, so
//! `stop`, `isready` and `quit` are answered while it thinks. `setoption name UCI_Variant` switches among the
//! built-in games UCI can drive, as Fairy-Stockfish does. The `qipan uci` command serves standard input
//! and output.
//!
//! ```
//! use qipan::uci::UciEngine;
//!
//! let mut engine = UciEngine::new("chess", &[], 1)?;
//! let input = "uci\nisready\nposition startpos moves e2e4 e7e5\ngo nodes 50\nquit\n";
//! let output = String::from_utf8(engine.serve(input.as_bytes(), Vec::new())?)?;
//! assert!(output.contains("uciok\nreadyok\n"));
//! let best = output.lines().find_map(|l| l.strip_prefix("bestmove ")).unwrap();
//! assert!(best.starts_with(char::is_alphabetic)); // a move such as `g1f3`
//! assert_eq!(engine.position().ply(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod search;

pub use search::Limits;

use crate::input::{Line, MAX_LINE_BYTES, read_line};
use qipan_core::ai::{AgentRng, AgentSpec, MctsConfig};
use qipan_core::uci::{parse_uci, uci_text};
use qipan_core::{Game, Position};
use rand::{RngCore, SeedableRng};
use search::Search;
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};

/// Where the engine writes: shared with the search thread, which writes `bestmove` when it ends.
pub type Sink = Arc<Mutex<dyn Write + Send>>;

/// Writes lines to the sink and flushes it. A closed output is not the engine's concern: the session ends
/// when its input does.
fn write_lines(sink: &Sink, lines: &[String]) {
    let mut out = sink.lock().unwrap_or_else(|e| e.into_inner());
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    let _ = out.flush();
}

/// Why an engine could not start, or a variant could not be chosen.
///
/// ```
/// use qipan::uci::{UciEngine, UciError};
///
/// assert!(matches!(UciEngine::new("go", &[], 1), Err(UciError::NotUciGame { .. })));
/// let err = UciEngine::new("kalah", &[], 1).err().unwrap();
/// assert!(err.to_string().contains("no piece moves"), "{err}");
/// ```
#[derive(Debug, thiserror::Error)]
pub enum UciError {
    /// The game could not be loaded.
    #[error(transparent)]
    Load(#[from] crate::LoadError),
    /// UCI cannot drive this game.
    #[error("UCI cannot drive `{game}`: {reason}")]
    NotUciGame {
        /// The game's name.
        game: String,
        /// What it lacks.
        reason: String,
    },
}

/// Whether UCI can drive a game, and if not, why: two seats, a board whose node labels are UCI squares
/// (letters then a number: `a1`, `i10`), and pieces that move (placement games speak GTP or plain text).
///
/// ```
/// use qipan::uci::speaks;
///
/// assert!(speaks(&*qipan::load("xiangqi", &[])?).is_ok());
/// assert!(speaks(&*qipan::load("shogi", &[])?).is_ok());
/// assert_eq!(speaks(&*qipan::load("he-qi", &[])?), Err("it has 5 seats; UCI speaks for two".into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn speaks(game: &Game) -> Result<(), String> {
    if game.seats.len() != 2 {
        return Err(format!("it has {} seats; UCI speaks for two", game.seats.len()));
    }
    if !qipan_core::san::applies(game) {
        return Err("no piece moves on its board (placement and sowing games have no UCI moves)".into());
    }
    let square = |label: &str| {
        let digits = label.trim_start_matches(|c: char| c.is_ascii_lowercase());
        digits.len() < label.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    match game.board.node_ids().map(|n| game.board.label(n)).find(|l| !square(l)) {
        Some(label) => Err(format!("its node `{label}` is not a square as UCI names them (`a1`)")),
        None => Ok(()),
    }
}

/// The built-in games UCI can drive: the values of the `UCI_Variant` option.
///
/// ```
/// let variants = qipan::uci::variants();
/// for name in ["chess", "xiangqi", "shogi", "janggi", "crazyhouse", "makruk", "chess960"] {
///     assert!(variants.iter().any(|v| v == name), "{name}");
/// }
/// assert!(!variants.iter().any(|v| v == "go" || v == "he-qi"));
/// ```
pub fn variants() -> Vec<String> {
    crate::games::BUILTIN
        .iter()
        .filter(|(name, _)| crate::load(name, &[]).is_ok_and(|g| speaks(&g).is_ok()))
        .map(|(name, _)| name.to_string())
        .collect()
}

/// The engine: the game, the position the GUI set up, the player that searches, and the search under way.
///
/// ```
/// use qipan::uci::UciEngine;
///
/// let mut engine = UciEngine::new("shogi", &[], 1)?;
/// let output = engine.serve(&b"position startpos moves c3c4\ngo perft 1\n"[..], Vec::new())?;
/// assert!(String::from_utf8(output)?.ends_with("Nodes searched: 30\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct UciEngine {
    variant: String,
    overrides: Vec<(String, String)>,
    chess960: bool,
    game: Arc<Game>,
    pos: Position,
    player: AgentSpec,
    rng: AgentRng,
    search: Option<Search>,
    variants: Option<Vec<String>>,
}

/// Starting an engine and talking UCI to it.
///
/// ```
/// use qipan::uci::UciEngine;
///
/// let mut engine = UciEngine::new("chess", &[], 1)?;
/// let input = "setoption name UCI_Variant value xiangqi\nposition startpos moves h3e3 h10g8\nd\n";
/// let output = String::from_utf8(engine.serve(input.as_bytes(), Vec::new())?)?;
/// assert!(output.contains("FEN: rnbakab1r/9/1c4nc1/"), "{output}");
/// assert_eq!(engine.position().game().name, "xiangqi");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl UciEngine {
    /// An engine for the game `name` (built-in name or path) with option overrides; `seed` seeds the player.
    ///
    /// ```
    /// let engine = qipan::uci::UciEngine::new("makruk", &[], 7)?;
    /// assert_eq!(engine.position().game().name, "makruk");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(name: &str, overrides: &[(String, String)], seed: u64) -> Result<UciEngine, UciError> {
        let game = load_uci(name, overrides)?;
        Ok(UciEngine {
            variant: name.to_string(),
            overrides: overrides.to_vec(),
            chess960: false,
            pos: game.start(),
            game,
            player: AgentSpec::Mcts(MctsConfig {
                iterations: Some(MctsConfig::DEFAULT_ITERATIONS),
                ..Default::default()
            }),
            rng: AgentRng::seed_from_u64(seed),
            search: None,
            variants: None,
        })
    }

    /// Lets `spec`'s player search (MCTS by default; `auto` picks its player for the game). `go`'s limits
    /// set an MCTS or alpha-beta player's budgets; other players answer at once.
    ///
    /// ```
    /// use qipan::core::ai::AgentSpec;
    ///
    /// let engine = qipan::uci::UciEngine::new("chess", &[], 1)?.with_player(AgentSpec::Greedy);
    /// let output = engine.with_player(AgentSpec::Random).serve(&b"go\nquit\n"[..], Vec::new())?;
    /// assert!(String::from_utf8(output)?.starts_with("bestmove "));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_player(mut self, spec: AgentSpec) -> UciEngine {
        self.player = spec;
        self
    }

    /// The position set up by the last `position` command.
    ///
    /// ```
    /// let mut engine = qipan::uci::UciEngine::new("chess", &[], 1)?;
    /// engine.serve(&b"position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1\n"[..], Vec::new())?;
    /// assert_eq!(engine.position().to_fen().unwrap(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Reads command lines from `input` until `quit` or its end, and answers on `output`, which it returns
    /// once the last search has written its `bestmove`. A line longer than [`MAX_LINE_BYTES`] or not UTF-8
    /// is reported in an `info string` and skipped.
    ///
    /// ```
    /// let mut engine = qipan::uci::UciEngine::new("chess", &[], 1)?;
    /// let output = engine.serve(&b"go perft 2\n\xff\nfly\n"[..], Vec::new())?;
    /// let text = String::from_utf8(output)?;
    /// assert!(text.contains("e2e4: 20\n"));
    /// assert!(text.contains("\nNodes searched: 400\n"));
    /// assert!(text.contains("info string the line is not valid UTF-8\ninfo string unknown command: fly\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn serve<W: Write + Send + 'static>(&mut self, mut input: impl BufRead, output: W) -> std::io::Result<W> {
        let out = Arc::new(Mutex::new(output));
        let sink: Sink = out.clone();
        while let Some(line) = read_line(&mut input, MAX_LINE_BYTES)? {
            let quit = match line {
                Line::Text(text) => self.handle(&text, &sink),
                Line::TooLong(n) => {
                    write_lines(&sink, &[format!("info string a line of {n} bytes is too long: skipped")]);
                    false
                }
                Line::NotUtf8 => {
                    write_lines(&sink, &["info string the line is not valid UTF-8".into()]);
                    false
                }
            };
            if quit {
                break;
            }
        }
        // The last search writes its `bestmove` before the output is handed back (at once if it was
        // infinite, when it ends otherwise).
        self.wait();
        drop(sink);
        let out = Arc::try_unwrap(out).map_err(|_| std::io::Error::other("the output is still shared"))?;
        Ok(out.into_inner().unwrap_or_else(|e| e.into_inner()))
    }

    /// Handles one command line, answering on `sink` (a search answers from its own thread); `true` after `quit`.
    ///
    /// ```
    /// use qipan::uci::{Sink, UciEngine};
    /// use std::sync::{Arc, Mutex};
    ///
    /// let mut engine = UciEngine::new("chess", &[], 1)?;
    /// let out = Arc::new(Mutex::new(Vec::new()));
    /// let sink: Sink = out.clone();
    /// assert!(!engine.handle("isready", &sink));
    /// assert!(engine.handle("quit", &sink));
    /// assert_eq!(*out.lock().unwrap(), b"readyok\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn handle(&mut self, line: &str, sink: &Sink) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else { return false };
        let say = |lines: &[String]| write_lines(sink, lines);
        match command {
            "uci" => say(&self.identify()),
            "isready" => say(&["readyok".into()]),
            "debug" | "ponderhit" | "register" => {}
            "setoption" => self.set_option(args, sink),
            "ucinewgame" => {
                self.wait();
                self.pos = self.game.start();
            }
            "position" => {
                self.wait();
                if let Err(e) = self.set_position(args) {
                    say(&[format!("info string {e}")]);
                }
            }
            "go" => self.go(args, sink),
            "stop" => self.stop(),
            "quit" => {
                self.stop();
                return true;
            }
            // Not UCI, but every engine has it: the board, its FEN and the legal moves.
            "d" => {
                let mut lines: Vec<String> = qipan_core::render::text(&self.pos).lines().map(String::from).collect();
                if let Some(fen) = self.pos.to_fen() {
                    lines.push(format!("FEN: {fen}"));
                }
                say(&lines);
            }
            other => say(&[format!("info string unknown command: {other}")]),
        }
        false
    }

    /// `uci`'s answer: the engine's name and options.
    fn identify(&mut self) -> Vec<String> {
        let variants = self.variants.get_or_insert_with(variants);
        let mut combo = format!("option name UCI_Variant type combo default {}", self.variant);
        for v in variants.iter() {
            combo.push_str(&format!(" var {v}"));
        }
        vec![
            format!("id name qipan {}", env!("CARGO_PKG_VERSION")),
            "id author the qipan developers".into(),
            String::new(),
            combo,
            "option name UCI_Chess960 type check default false".into(),
            format!("option name Player type string default {}", self.player),
            "uciok".into(),
        ]
    }

    /// Lets the search under way end under its limits (an infinite one is stopped), as a GUI that sends
    /// a command before `bestmove` expects.
    fn wait(&mut self) {
        if let Some(search) = self.search.take() {
            search.wait();
        }
    }

    /// Stops the search under way, which writes its `bestmove`.
    fn stop(&mut self) {
        if let Some(search) = self.search.take() {
            search.finish();
        }
    }

    /// `setoption name NAME [value VALUE]`.
    fn set_option(&mut self, args: &[&str], sink: &Sink) {
        let text = args.join(" ");
        let rest = text.strip_prefix("name ").unwrap_or(&text);
        let (name, value) = match rest.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        self.wait();
        let outcome = match name.to_ascii_lowercase().as_str() {
            "uci_variant" => self.switch(value, self.chess960),
            "uci_chess960" => self.switch(&self.variant.clone(), value.eq_ignore_ascii_case("true")),
            "player" => AgentSpec::parse(value).map(|spec| self.player = spec).map_err(|e| e.to_string()),
            _ => Err(format!("unknown option `{name}`")),
        };
        if let Err(e) = outcome {
            write_lines(sink, &[format!("info string {e}")]);
        }
    }

    /// Loads another variant (or the same in its chess960 form, the game named `<variant>960` when one
    /// exists) and sets up its start.
    fn switch(&mut self, variant: &str, chess960: bool) -> Result<(), String> {
        let name = if chess960 && !variant.ends_with("960") && crate::load(&format!("{variant}960"), &[]).is_ok() {
            format!("{variant}960")
        } else {
            variant.to_string()
        };
        let overrides = if name == self.game.name { self.overrides.clone() } else { Vec::new() };
        let game = load_uci(&name, &overrides).map_err(|e| e.to_string())?;
        (self.variant, self.chess960, self.overrides) = (variant.to_string(), chess960, overrides);
        self.pos = game.start();
        self.game = game;
        Ok(())
    }

    /// `position startpos|fen FEN [moves M...]`. Moves are played up to the first that is not legal, which is
    /// reported.
    fn set_position(&mut self, args: &[&str]) -> Result<(), String> {
        let moves_at = args.iter().position(|&a| a == "moves").unwrap_or(args.len());
        let (setup, moves) = args.split_at(moves_at);
        self.pos = match setup {
            ["startpos"] | [] => self.game.start(),
            ["fen", fen @ ..] => {
                Position::from_fen(&self.game, &fen.join(" ")).map_err(|e| format!("position fen: {e}"))?
            }
            _ => return Err("position: expected `startpos` or `fen FEN`, then `moves`".into()),
        };
        for (i, text) in moves.iter().skip(1).enumerate() {
            let mv = parse_uci(&self.pos, text).map_err(|e| format!("position: move {} `{text}`: {e}", i + 1))?;
            self.pos.play(&mv).map_err(|e| format!("position: move {} `{text}`: {e}", i + 1))?;
        }
        Ok(())
    }

    /// `go`: counts (`perft`) at once, or starts a search that writes `bestmove` when it ends.
    fn go(&mut self, args: &[&str], sink: &Sink) {
        self.wait();
        let limits = Limits::parse(args);
        if !limits.ignored.is_empty() {
            write_lines(sink, &[format!("info string not understood: {}", limits.ignored.join(", "))]);
        }
        if let Some(depth) = limits.perft {
            return write_lines(sink, &perft_lines(&self.pos, depth));
        }
        let rng = AgentRng::seed_from_u64(self.rng.next_u64());
        self.search = Some(Search::start(self.pos.clone(), &self.player, &limits, rng, Arc::clone(sink)));
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Loads a game and checks that UCI can drive it.
fn load_uci(name: &str, overrides: &[(String, String)]) -> Result<Arc<Game>, UciError> {
    let game = crate::load(name, overrides)?;
    speaks(&game).map_err(|reason| UciError::NotUciGame { game: game.name.clone(), reason })?;
    Ok(game)
}

/// `go perft N`'s lines, as Stockfish writes them: each legal move and its count, then the total.
fn perft_lines(pos: &Position, depth: u32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut total = 0u64;
    if depth > 0 {
        for mv in pos.legal_moves() {
            let mut next = pos.clone();
            let count = next
                .play_unchecked(&mv)
                .map_err(|e| e.to_string())
                .and_then(|_| qipan_core::playout::try_perft(&next, depth - 1).map_err(|e| e.to_string()));
            match count {
                Ok(n) => {
                    lines.push(format!("{}: {n}", uci_text(pos, &mv)));
                    total += n;
                }
                Err(e) => return vec![format!("info string perft failed: {e}")],
            }
        }
    }
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    lines
}
