//! A game at the terminal: the command loop of `qipan play`, over any input and output.
//!
//! People type moves and commands (`moves`, `undo`, `save FILE`, …); seats given an agent are played by the computer.
//! Nothing typed can end the session by mistake: a bad move, a file that cannot be written or read, a line that is
//! too long or not UTF-8 each get a message, and the game goes on. Input echoed in a message has its control
//! characters escaped.

mod commands;
mod counting;

use crate::input::{Line, MAX_LINE_BYTES, clip, escape_controls, read_line};
use crate::record::{GameRecord, RESIGN, play_entry, to_sgf};
use qipan_core::ai::{Agent, AgentSpec, AutoConfig, Evaluation, player};
use qipan_core::hooks::HookError;
use qipan_core::notation::{move_text, parse_move};
use qipan_core::{Game, GameResult, Move, MoveKind, PlayError, Position, SeatId, render};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// After a move, a diagram longer than this many lines (He Qi's round board) is printed compact: only the
/// part the move touched.
pub const COMPACT_LINES: usize = 30;

/// The turns taken: each seat and its move, or `None` for a resignation.
pub type History = Vec<(SeatId, Option<Move>)>;

/// Why a session stopped early.
///
/// ```
/// use qipan::session::SessionError;
///
/// let e = SessionError::from(std::io::Error::other("closed"));
/// assert_eq!(e.to_string(), "cannot write the output: closed");
/// ```
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The output could not be written (or the input could not be read).
    // Not a `source`: the reason is said once, in this message.
    #[error("cannot write the output: {0}")]
    Io(io::Error),
    /// A scripted rule failed while the computer chose a move.
    #[error(transparent)]
    Hook(#[from] HookError),
    /// The computer's move could not be played (a scripted rule failed).
    #[error(transparent)]
    Play(#[from] PlayError),
}

impl From<io::Error> for SessionError {
    fn from(e: io::Error) -> SessionError {
        SessionError::Io(e)
    }
}

/// A file `save`, `--record` or `svg` could not write.
///
/// ```
/// use qipan::session::SaveError;
///
/// let e = SaveError { path: "/no/dir/game.yaml".into(), reason: "No such file or directory".into() };
/// assert_eq!(e.to_string(), "cannot write /no/dir/game.yaml: No such file or directory");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot write {}: {reason}", path.display())]
pub struct SaveError {
    /// The file.
    pub path: PathBuf,
    /// Why not.
    pub reason: String,
}

/// A game being played at the terminal.
///
/// ```
/// use qipan::session::Session;
///
/// let game = qipan::load("go", &[("size".into(), "5".into())])?;
/// let mut session = Session::new("go", game.start(), &[], 1);
/// let mut out = Vec::new();
/// session.run(&mut "c3\nundo\nb2\nquit\n".as_bytes(), &mut out)?;
/// assert_eq!(session.history().len(), 1);
/// assert!(String::from_utf8(out)?.contains("white> "));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Session {
    game_ref: String,
    game: Arc<Game>,
    start: Position,
    pos: Position,
    history: History,
    /// Seats given an agent (the others are played by whoever holds them).
    listed: Vec<bool>,
    agents: Vec<Option<Box<dyn Agent>>>,
    rng: SmallRng,
    /// How the board is printed: plain, or coloured for a terminal.
    ink: render::Ink,
    /// Whether the people who left the game chose to watch the computer players finish it.
    watching: bool,
    /// The result agreed at the end of a game scored by area (dead stones removed).
    agreed: Option<GameResult>,
}

/// A record that cannot be resumed ([`Session::resume`]): unreadable, of another game or options, or with a
/// move the rules refuse.
///
/// ```
/// let game = qipan::load("go", &[])?;
/// let mut session = qipan::session::Session::new("go", game.start(), &[], 1);
/// let e = session.resume("/no/such/record.yaml").unwrap_err();
/// assert!(e.to_string().starts_with("/no/such/record.yaml: "));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[error("{path}: {reason}")]
pub struct ResumeError {
    /// The record's path.
    pub path: String,
    /// Why it cannot be resumed.
    pub reason: String,
}

/// What a command asks of the loop.
enum Flow {
    /// Go on, drawing the board again or not.
    Next { redraw: bool },
    /// Stop: `quit`, or the end of the input.
    Stop,
}

/// Starting a session, playing it and saving it:
///
/// ```
/// let game = qipan::load("go", &[("size".into(), "5".into())])?;
/// let mut session = qipan::session::Session::new("go", game.start(), &[], 1);
/// session.run(&mut "c3\nd4\n".as_bytes(), &mut Vec::new())?;
/// assert_eq!(session.position().ply(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Session {
    /// A session from `start`, of the game named `game_ref` (as records name it); `agents` gives an agent to some
    /// seats (missing entries are people), `seed` seeds the agents' choices.
    ///
    /// ```
    /// use qipan::core::ai::AgentSpec;
    /// use qipan::session::Session;
    ///
    /// let game = qipan::load("go", &[("size".into(), "5".into())])?;
    /// let mut session = Session::new("go", game.start(), &[None, Some(AgentSpec::Random)], 7);
    /// session.run(&mut "c3\nquit\n".as_bytes(), &mut Vec::new())?;
    /// assert_eq!(session.history().len(), 2); // c3 and White's reply
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(game_ref: &str, start: Position, agents: &[Option<AgentSpec>], seed: u64) -> Session {
        let game = start.game_arc().clone();
        let seats = game.seats.len();
        let spec = |s: usize| agents.get(s).cloned().flatten();
        Session {
            game_ref: game_ref.to_string(),
            listed: (0..seats).map(|s| spec(s).is_some()).collect(),
            agents: (0..seats).map(|s| spec(s).map(|a| a.build())).collect(),
            rng: SmallRng::seed_from_u64(seed),
            pos: start.clone(),
            start,
            game,
            history: History::new(),
            ink: render::Ink::Plain,
            watching: false,
            agreed: None,
        }
    }

    /// The session printing its board as `ink` says (plain by default; [`Ink::Ansi`](render::Ink::Ansi)
    /// colours it for a terminal). Either way the last move is marked.
    ///
    /// ```
    /// use qipan::core::render::Ink;
    ///
    /// let game = qipan::load("go", &[("size".into(), "5".into())])?;
    /// let mut session = qipan::session::Session::new("go", game.start(), &[], 1).with_ink(Ink::Ansi);
    /// let mut out = Vec::new();
    /// session.run(&mut "c3\n".as_bytes(), &mut out)?;
    /// assert!(String::from_utf8(out)?.contains("\x1b[")); // coloured
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_ink(mut self, ink: render::Ink) -> Session {
        self.ink = ink;
        self
    }

    /// The position now.
    ///
    /// ```
    /// let game = qipan::load("go", &[("size".into(), "5".into())])?;
    /// let mut session = qipan::session::Session::new("go", game.start(), &[], 1);
    /// session.run(&mut "c3\n".as_bytes(), &mut Vec::new())?;
    /// assert_eq!(session.position().ply(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The turns taken so far.
    ///
    /// ```
    /// use qipan::core::SeatId;
    ///
    /// let game = qipan::load("go", &[("size".into(), "5".into())])?;
    /// let mut session = qipan::session::Session::new("go", game.start(), &[], 1);
    /// session.run(&mut "c3\nresign\n".as_bytes(), &mut Vec::new())?;
    /// assert_eq!(session.history().len(), 2);
    /// assert_eq!(session.history()[1], (SeatId(1), None)); // White resigned
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn history(&self) -> &History {
        &self.history
    }

    /// Plays until the game ends, `quit` is typed or the input ends, reading commands from `input` and writing the
    /// board, prompts and answers to `out`. Fails only when `out` cannot be written or a scripted rule fails on the
    /// computer's turn; the game so far stays in the session either way, to be saved.
    ///
    /// ```
    /// let game = qipan::load("go", &[("size".into(), "5".into())])?;
    /// let mut session = qipan::session::Session::new("go", game.start(), &[], 1);
    /// let mut out = Vec::new();
    /// session.run(&mut "z9\nsave /no/such/dir/x.yaml\nc3\n".as_bytes(), &mut out)?;
    /// let out = String::from_utf8(out)?;
    /// assert!(out.contains("cannot write /no/such/dir/x.yaml"));
    /// assert_eq!(session.position().ply(), 1); // the game went on
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run(&mut self, input: &mut impl BufRead, out: &mut impl Write) -> Result<(), SessionError> {
        writeln!(out, "{}", self.game.title)?;
        writeln!(out, "Type a move (e.g. `{}`), or `help` for the commands.", example(&self.pos))?;
        // The whole board first; after a move, a long diagram shrinks to the part the move touched.
        write!(out, "{}", self.diagram(false))?;
        let mut redraw = false;
        loop {
            if redraw {
                write!(out, "{}", self.diagram(true))?;
            }
            if self.pos.is_over() {
                if counting::applies(&self.pos) && self.agreed.is_none() {
                    self.count(input, out)?;
                }
                return Ok(());
            }
            let seat = self.pos.to_move();
            let holder = self.holder(&self.pos, seat);
            if self.agents[holder].is_some() && self.left_to_computers(input, out)? {
                return Ok(());
            }
            let name = &self.game.seats[seat.idx()].name;
            if let Some(agent) = self.agents[holder].as_mut() {
                let Some(mv) = agent.choose(&self.pos, &mut self.rng)? else {
                    writeln!(out, "{name} has no legal move")?;
                    return Ok(());
                };
                writeln!(out, "{name} plays {}", move_text(&self.game, &mv))?;
                let before = self.pos.clone();
                self.pos.play(&mv)?;
                self.history.push((seat, Some(mv)));
                write!(out, "{}", commands::announce(&before, &self.pos))?;
                swapped_note(&self.game, &mv, out)?;
                redraw = true;
                continue;
            }
            write!(out, "{name}> ")?;
            out.flush()?;
            let line = match read_line(input, MAX_LINE_BYTES)? {
                None => return Ok(()),
                Some(Line::Text(line)) => line,
                Some(Line::TooLong(n)) => {
                    writeln!(out, "a line of {n} bytes is longer than the limit of {MAX_LINE_BYTES}: ignored")?;
                    redraw = false;
                    continue;
                }
                Some(Line::NotUtf8) => {
                    writeln!(out, "the line is not valid UTF-8: ignored")?;
                    redraw = false;
                    continue;
                }
            };
            match self.command(seat, line.trim(), out)? {
                Flow::Next { redraw: r } => redraw = r,
                Flow::Stop => return Ok(()),
            }
        }
    }

    /// The board with the last move marked: whole, or when `compact` and the whole diagram is longer than
    /// [`COMPACT_LINES`], only the part of it the last move touched.
    fn diagram(&self, compact: bool) -> String {
        let marks = render::Marks::last_move(&self.pos);
        let whole = render::text_marked(&self.pos, &marks, self.ink);
        if !compact || whole.lines().count() <= COMPACT_LINES {
            return whole;
        }
        let short = render::text_compact(&self.pos, &marks, self.ink);
        if short.lines().count() < whole.lines().count() {
            format!("{short}(`board` prints the whole board)\n")
        } else {
            whole
        }
    }

    /// When the last person has left a game that people were playing (a resignation in a game of several
    /// seats), asks once whether to watch the computer players finish it; true to stop. A closed input
    /// stops (a script, a pipe).
    fn left_to_computers(&mut self, input: &mut impl BufRead, out: &mut impl Write) -> Result<bool, SessionError> {
        let person_playing = |s: SeatId| self.agents[self.holder(&self.pos, s)].is_none();
        let people_began = self.game.seat_ids().any(|s| self.agents[self.holder(&self.start, s)].is_none());
        if self.watching || !people_began || self.game.seat_ids().any(|s| self.pos.is_alive(s) && person_playing(s)) {
            return Ok(false);
        }
        write!(out, "No person is left in the game. Watch the computer players finish it, or stop? [watch/stop] ")?;
        out.flush()?;
        let answer = match read_line(input, MAX_LINE_BYTES)? {
            Some(Line::Text(line)) => line.trim().to_ascii_lowercase(),
            _ => String::new(),
        };
        self.watching = matches!(answer.as_str(), "watch" | "w");
        if !self.watching {
            writeln!(out)?;
        }
        Ok(!self.watching)
    }

    /// The seat whose agent (or person) plays `seat` now.
    fn holder(&self, pos: &Position, seat: SeatId) -> usize {
        let sitter = pos.seated(seat);
        if self.listed[sitter.idx()] { sitter.idx() } else { player(pos, seat).idx() }
    }

    /// Carries out one typed line for `seat`, the seat to move.
    fn command(&mut self, seat: SeatId, line: &str, out: &mut impl Write) -> io::Result<Flow> {
        let (word, rest) = line.split_once(char::is_whitespace).map_or((line, ""), |(w, r)| (w, r.trim()));
        let said = |out: &mut dyn Write, text: &str| -> io::Result<Flow> {
            writeln!(out, "{}", escape_controls(text))?;
            Ok(Flow::Next { redraw: false })
        };
        // Commands in any case (`QUIT`); a word that is no command is a move, read as typed (`Nf3`, `P*e4`).
        let lower = word.to_ascii_lowercase();
        let word = if commands::is_command(&lower, !rest.is_empty()) { lower.as_str() } else { word };
        match (word, rest) {
            ("", _) => Ok(Flow::Next { redraw: false }),
            ("quit" | "exit", "") => Ok(Flow::Stop),
            ("help", "") => {
                write!(out, "{}", commands::help(&self.pos, &example(&self.pos)))?;
                Ok(Flow::Next { redraw: false })
            }
            ("hint", "") => self.hint(out),
            ("resign", "") => match self.pos.resign() {
                Ok(()) => {
                    self.history.push((seat, None));
                    writeln!(out, "{} resigns", self.game.seats[seat.idx()].name)?;
                    Ok(Flow::Next { redraw: true })
                }
                Err(e) => said(out, &format!("resign: {e}")),
            },
            ("moves", "") => {
                let text = commands::grouped(&self.pos, &self.pos.legal_moves());
                write!(out, "{}", text.unwrap_or_else(|| "no legal move\n".into()))?;
                Ok(Flow::Next { redraw: false })
            }
            ("moves", label) => {
                let Some(node) = self.game.board.find(label) else {
                    return said(out, &format!("no node `{label}` on this board"));
                };
                let mine: Vec<Move> = self.pos.legal_moves().into_iter().filter(|m| m.from == node).collect();
                match commands::grouped(&self.pos, &mine) {
                    Some(text) => write!(out, "{text}")?,
                    None => writeln!(out, "no legal move from {}", escape_controls(label))?,
                }
                Ok(Flow::Next { redraw: false })
            }
            ("undo", "") => self.undo(out),
            ("board", "") => {
                write!(out, "{}", self.diagram(false))?;
                Ok(Flow::Next { redraw: false })
            }
            ("fen", "") => match self.pos.to_fen() {
                Some(f) => said(out, &f),
                None => {
                    said(out, "no FEN for this game: its board is not a grid, or a piece has no symbol FEN can write")
                }
            },
            ("save", path) if !path.is_empty() => match self.save(Path::new(path)) {
                Ok(()) => said(out, &format!("wrote {path}")),
                Err(e) => said(out, &e.to_string()),
            },
            ("load", path) if !path.is_empty() => match self.load(path) {
                Ok((pos, history)) => {
                    (self.pos, self.history) = (pos, history);
                    write!(out, "{}", self.diagram(false))?;
                    Ok(Flow::Next { redraw: false })
                }
                Err(e) => said(out, &format!("{path}: {e}")),
            },
            ("svg", path) if !path.is_empty() => {
                let picture = render::svg_marked(&self.pos, &render::Marks::last_move(&self.pos));
                match write_file(Path::new(path), picture.as_bytes()) {
                    Ok(()) => said(out, &format!("wrote {path}")),
                    Err(e) => said(out, &e.to_string()),
                }
            }
            _ => match parse_move(&self.pos, line) {
                Err(e) => said(out, &e.to_string()),
                Ok(mv) => match (self.pos.clone(), self.pos.play(&mv)) {
                    (before, Ok(())) => {
                        self.history.push((seat, Some(mv)));
                        write!(out, "{}", commands::announce(&before, &self.pos))?;
                        swapped_note(&self.game, &mv, out)?;
                        Ok(Flow::Next { redraw: true })
                    }
                    (_, Err(e)) => said(out, &format!("{}: {e}", clip(line))),
                },
            },
        }
    }

    /// The move the computer would play for the seat to move, and the mover's chances as it sees them: the
    /// player `auto` picks for the game, at its deterministic budget, drawn from its own random numbers so
    /// that the computer players' later moves stay as `--seed` makes them.
    fn hint(&mut self, out: &mut impl Write) -> io::Result<Flow> {
        let mut rng = SmallRng::seed_from_u64(self.pos.hash());
        let judged = AgentSpec::Auto(AutoConfig::default())
            .resolve(&self.pos)
            .and_then(|spec| spec.build().evaluate(&self.pos, &mut rng));
        match judged {
            Ok(Some(Evaluation { best: Some(mv), rewards })) => {
                let seat = self.pos.to_move();
                let share = rewards.get(player(&self.pos, seat).idx()).copied().unwrap_or(0.0);
                let name = &self.game.seats[seat.idx()].name;
                writeln!(out, "hint: {} ({name}'s chances {:.0}%)", move_text(&self.game, &mv), 100.0 * share)?
            }
            Ok(_) => writeln!(out, "hint: no legal move")?,
            Err(e) => writeln!(out, "hint: {e}")?,
        }
        Ok(Flow::Next { redraw: false })
    }

    /// Goes on from a qipan record of this game (`play --load FILE`): its moves are replayed from its start.
    ///
    /// ```
    /// let game = qipan::load("go", &[("size".into(), "5".into())])?;
    /// let path = std::env::temp_dir().join(format!("qipan-doc-resume-{}.yaml", std::process::id()));
    /// let mut first = qipan::session::Session::new("go", game.start(), &[], 1);
    /// first.run(&mut "c3\nd4\n".as_bytes(), &mut Vec::new())?;
    /// first.save(&path)?;
    /// let mut again = qipan::session::Session::new("go", game.start(), &[], 1);
    /// again.resume(&path.display().to_string())?;
    /// assert_eq!((again.position().ply(), again.history().len()), (2, 2));
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resume(&mut self, path: &str) -> Result<(), ResumeError> {
        let (pos, history) = self.load(path).map_err(|reason| ResumeError { path: path.to_string(), reason })?;
        (self.pos, self.history) = (pos, history);
        Ok(())
    }

    /// Back to before the last move a person made, taking back the computer's replies too.
    fn undo(&mut self, out: &mut impl Write) -> io::Result<Flow> {
        let person = |s: SeatId| self.agents[self.holder(&self.start, s)].is_none();
        let Some(i) = self.history.iter().rposition(|(s, _)| person(*s)) else {
            writeln!(out, "nothing to undo")?;
            return Ok(Flow::Next { redraw: false });
        };
        let mut pos = self.start.clone();
        for (_, mv) in &self.history[..i] {
            // Replaying moves that were played from the same start cannot fail, unless a hook is not repeatable.
            let replayed = match mv {
                Some(mv) => pos.play(mv),
                None => pos.resign(),
            };
            if let Err(e) = replayed {
                writeln!(out, "cannot undo: {e}")?;
                return Ok(Flow::Next { redraw: false });
            }
        }
        self.history.truncate(i);
        self.pos = pos;
        Ok(Flow::Next { redraw: true })
    }

    /// Writes the game so far to `path`: SGF when its name ends in `.sgf`, otherwise a qipan record.
    ///
    /// ```
    /// let game = qipan::load("go", &[("size".into(), "5".into())])?;
    /// let mut session = qipan::session::Session::new("go", game.start(), &[], 1);
    /// session.run(&mut "c3\n".as_bytes(), &mut Vec::new())?;
    /// let path = std::env::temp_dir().join(format!("qipan-doc-session-{}.sgf", std::process::id()));
    /// session.save(&path)?;
    /// assert!(std::fs::read_to_string(&path)?.contains(";B[cc]"));
    /// # std::fs::remove_file(&path)?;
    /// assert!(session.save(std::path::Path::new("/no/such/dir/x.sgf")).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn save(&self, path: &Path) -> Result<(), SaveError> {
        let text = self.record_text(path).map_err(|reason| SaveError { path: path.to_path_buf(), reason })?;
        write_file(path, text.as_bytes())
    }

    /// Checks that this game can be recorded in the format `path` names: SGF needs a game of stones on a 2-D grid.
    ///
    /// ```
    /// let chess = qipan::load("chess", &[])?;
    /// let session = qipan::session::Session::new("chess", chess.start(), &[], 1);
    /// assert!(session.check_format(std::path::Path::new("game.yaml")).is_ok());
    /// assert!(session.check_format(std::path::Path::new("game.sgf")).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_format(&self, path: &Path) -> Result<(), SaveError> {
        self.record_text(path).map(drop).map_err(|reason| SaveError { path: path.to_path_buf(), reason })
    }

    /// The game so far as the text of a record file named `path`.
    fn record_text(&self, path: &Path) -> Result<String, String> {
        let result: Option<&GameResult> = self.agreed.as_ref().or(self.pos.outcome());
        if is_sgf(path) {
            // SGF has no resignation move: its result says `+R`.
            let moves: Vec<(SeatId, Move)> = self.history.iter().filter_map(|&(s, m)| m.map(|m| (s, m))).collect();
            return Ok(to_sgf(&self.game, &moves, result).map_err(|e| e.to_string())?.to_sgf());
        }
        if is_pgn(path) {
            if self.game.seats.len() != 2 || !qipan_core::san::applies(&self.game) {
                return Err("PGN records games of two seats whose pieces move (chess and its family)".into());
            }
            let moves: Vec<Option<Move>> = self.history.iter().map(|&(_, m)| m).collect();
            return Ok(crate::record::to_pgn(&self.game_ref, &self.start, &moves));
        }
        let mut record = GameRecord::new(&self.game_ref, &self.game, &[], result);
        // A game started from a position of its own (`play --fen`) keeps it.
        if self.start.hash() != self.game.start().hash() {
            record.start = self.start.to_fen();
        }
        record.moves = self
            .history
            .iter()
            .map(|(_, m)| m.map_or_else(|| RESIGN.to_string(), |m| move_text(&self.game, &m)))
            .collect();
        Ok(record.to_text_at(path))
    }

    /// Reads a qipan record of this game (same game and options) and replays it from the start; a move the rules
    /// refuse stops the loading with its number and line.
    fn load(&self, path: &str) -> Result<(Position, History), String> {
        let record = GameRecord::read_file(Path::new(path)).map_err(|e| e.to_string())?;
        if !record.is_of(&self.game_ref) || record.options != self.game.options {
            return Err(format!(
                "the record is of `{}` with other options; play it with `qipan replay {path}`",
                record.game
            ));
        }
        let mut pos = match &record.start {
            Some(fen) => Position::from_fen(&self.game, fen).map_err(|e| format!("start `{}`: {e}", clip(fen)))?,
            None => self.start.clone(),
        };
        let mut history = History::new();
        for (i, text) in record.moves.iter().enumerate() {
            let seat = pos.to_move();
            let mv = play_entry(&mut pos, text).map_err(|e| format!("move {} `{text}`: {e}", i + 1))?;
            history.push((seat, mv));
        }
        Ok((pos, history))
    }
}

/// Checks, before a game starts, that a record can be written to `path` when it ends: its folder exists and, if the
/// file exists, it is a regular file open for writing. Nothing is written or truncated.
///
/// ```
/// use qipan::session::check_writable;
///
/// assert!(check_writable(&std::env::temp_dir().join("qipan-doc-new-record.yaml")).is_ok());
/// let e = check_writable(std::path::Path::new("/no/such/dir/r.yaml")).unwrap_err();
/// assert!(e.to_string().starts_with("cannot write /no/such/dir/r.yaml: "));
/// assert!(check_writable(&std::env::temp_dir()).is_err()); // a folder
/// ```
pub fn check_writable(path: &Path) -> Result<(), SaveError> {
    let fail = |reason: String| SaveError { path: path.to_path_buf(), reason };
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => Err(fail("it is not a regular file".into())),
        Ok(_) => std::fs::OpenOptions::new().append(true).open(path).map(drop).map_err(|e| fail(os_reason(&e))),
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(fail(os_reason(&e))),
        Err(_) => {
            // Made and removed again: the only sure test that the folder exists and takes new files.
            std::fs::OpenOptions::new().write(true).create_new(true).open(path).map_err(|e| fail(os_reason(&e)))?;
            std::fs::remove_file(path).map_err(|e| fail(os_reason(&e)))
        }
    }
}

/// Writes `bytes` to `path`, naming the file in the error.
fn write_file(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    std::fs::write(path, bytes).map_err(|e| SaveError { path: path.to_path_buf(), reason: os_reason(&e) })
}

/// An OS error's reason without Rust's `(os error N)` suffix.
fn os_reason(e: &io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// A legal move's text, to show the notation.
fn example(pos: &Position) -> String {
    pos.legal_moves().first().map(|m| move_text(pos.game(), m)).unwrap_or_else(|| "pass".into())
}

/// Whether a record file is PGN (by its name).
fn is_pgn(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
}

/// Whether a record file is SGF (by its name).
fn is_sgf(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
}

/// After a swap of the pie rule, says who now plays which seat.
fn swapped_note(game: &Game, mv: &Move, out: &mut impl Write) -> io::Result<()> {
    if mv.kind == MoveKind::Swap {
        let [first, second] = [0, 1].map(|s| &game.seats[s].name);
        writeln!(out, "the players change seats: the {second} player now plays {first}, the {first} player {second}")?;
    }
    Ok(())
}
