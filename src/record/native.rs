//! qipan's own game record: the game, its options, the moves in the game's move text, and the result.
//!
//! A record is a small YAML file that any game can write, the Go family included:
//!
//! ```yaml
//! # qipan game record
//! game: he-qi
//! options:
//!   players: "3"
//! moves:
//!   - r1s5-eye1
//!   - r1s21-r1s20
//! result: "red wins (last side standing)"
//! ```
//!
//! `options` holds every declared option with the value the game was played with, so a record replays the
//! same game even when the definition's defaults change later. Moves are one entry per ply, in the text
//! `qipan play` reads. Replaying checks every move under the rules: the first illegal one is reported with
//! its number, its line in the file and the rule it breaks, and the moves after it are counted, not
//! silently dropped.

use qipan_core::notation::{move_text, parse_move};
use qipan_core::{Game, GameResult, Move, Position};
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The largest record text read, in bytes (a million plies of long move text fit).
pub const MAX_RECORD_BYTES: usize = 64 << 20;

/// The entry of a record's move list that stands for a resignation: the seat to move resigns
/// ([`Position::resign`](qipan_core::Position::resign)).
///
/// ```
/// use qipan::record::{GameRecord, RESIGN};
///
/// let text = format!("game: go\noptions: {{ size: \"9\" }}\nmoves: [E5, {RESIGN}]\nresult: \"B+R (resignation)\"\n");
/// let replay = GameRecord::parse(&text)?.replay()?;
/// assert_eq!(replay.moves.len(), 1, "a resignation is not a move");
/// assert_eq!(replay.position.outcome().map(|r| r.text.as_str()), Some("B+R"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const RESIGN: &str = "resign";

/// Reads a record file (qipan or SGF), at most one byte more than [`MAX_RECORD_BYTES`], so that a huge or
/// endless file is refused by the reader instead of filling memory.
///
/// ```
/// let path = std::env::temp_dir().join(format!("qipan-doc-record-{}.sgf", std::process::id()));
/// std::fs::write(&path, "(;GM[1]SZ[9];B[ee])")?;
/// let bytes = qipan::record::read_record_file(&path)?;
/// assert_eq!(qipan::sgf::parse_sgf_bytes(&bytes)?.moves.len(), 1);
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_record_file(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    crate::read_bytes(path, MAX_RECORD_BYTES).map_err(std::io::Error::other)
}

/// A game record in qipan's own format.
///
/// ```
/// let text = "game: chess\noptions: { repetition: false }\nmoves: [e2-e4, e7-e5]\n";
/// let record = qipan::record::GameRecord::parse(text)?;
/// assert_eq!(record.game, "chess");
/// assert_eq!(record.options["repetition"], "false");
/// assert_eq!(record.moves, ["e2-e4", "e7-e5"]);
/// assert_eq!(record.result, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game: a built-in name or the path of a definition, as given to `qipan`.
    pub game: String,
    /// Every declared option and its value.
    pub options: BTreeMap<String, String>,
    /// The position the moves start from, as FEN, when it is not the game's start (`start:`).
    pub start: Option<String>,
    /// The moves, one per ply, in the game's move text.
    pub moves: Vec<String>,
    /// The result as written (`red wins (last side standing)`), if the game ended.
    pub result: Option<String>,
    /// Where each move is written in the file (1-based line), when the record was read from text.
    lines: Vec<usize>,
}

/// Why a record cannot be read or replayed.
///
/// ```
/// use qipan::record::{GameRecord, RecordError};
///
/// let err = GameRecord::parse("game: go\ncolour: red\n").unwrap_err();
/// assert!(matches!(err, RecordError::Syntax { line: 2, .. }));
/// let record = GameRecord::parse("game: go\noptions: { size: 99 }\n")?;
/// assert!(matches!(record.replay(), Err(RecordError::Load(qipan::LoadError::Invalid(_)))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The text is not a record.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// The record's game does not load with its options.
    #[error(transparent)]
    Load(#[from] crate::LoadError),
    /// The record file cannot be read.
    #[error("{0}")]
    Read(std::io::Error),
    /// The record's `start` is not a FEN position of its game.
    #[error("start `{fen}`: {error}")]
    Start {
        /// The FEN as written.
        fen: String,
        /// Why the game refuses it.
        error: qipan_core::fen::FenError,
    },
}

/// A move the rules refused while replaying.
///
/// ```
/// let text = "game: chess\nmoves:\n  - e2-e4\n  - e7-e5\n  - e4-e5\n  - d7-d5\n";
/// let replay = qipan::record::GameRecord::parse(text)?.replay()?;
/// let refused = replay.refused.unwrap(); // the pawn cannot take straight ahead
/// assert_eq!((refused.number, refused.line, refused.text.as_str()), (3, 5, "e4-e5"));
/// assert_eq!(refused.not_replayed, 1);
/// assert_eq!(replay.moves.len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedMove {
    /// Its 1-based number in the record.
    pub number: usize,
    /// Its line in the file (0 when the record was not read from text).
    pub line: usize,
    /// The move as written (at most [`crate::input::QUOTED_CHARS`] characters of it).
    pub text: String,
    /// Why it was refused: unreadable text, or the rule it breaks.
    pub reason: String,
    /// How many moves follow it in the record (not replayed).
    pub not_replayed: usize,
}

/// A record replayed under the rules.
///
/// ```
/// let record = qipan::record::GameRecord::parse("game: go\noptions: { size: 9 }\nmoves: [E5, C7]\n")?;
/// let replay = record.replay()?;
/// assert_eq!(replay.game.board.len(), 81);
/// assert_eq!((replay.moves.len(), replay.position.ply()), (2, 2));
/// assert!(replay.refused.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct RecordReplay {
    /// The game, built with the record's options.
    pub game: Arc<Game>,
    /// The position after the last move replayed.
    pub position: Position,
    /// The moves replayed (resignations are not moves, and are not listed).
    pub moves: Vec<Move>,
    /// The first refused move, if any.
    pub refused: Option<RefusedMove>,
}

/// What a replay found, for people and programs.
///
/// ```
/// # use qipan::record::GameRecord;
/// # let record = GameRecord::parse("game: go\noptions: { size: 9 }\nmoves: [E5, pass, pass]\n")?;
/// # let replay = record.replay()?;
/// assert_eq!(replay.result(), Some("B+75.5 (consecutive passes)".to_string()));
/// assert!(replay.summary(&record).contains("result: B+75.5 (consecutive passes)\n"));
/// assert_eq!(replay.to_json(&record)["agrees"], true);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl RecordReplay {
    /// The result of the replayed game, written as records write it.
    ///
    /// ```
    /// use qipan::record::GameRecord;
    ///
    /// let ended = GameRecord::parse("game: go\noptions: { size: 9 }\nmoves: [E5, pass, pass]\n")?.replay()?;
    /// assert_eq!(ended.result().as_deref(), Some("B+75.5 (consecutive passes)"));
    /// let going_on = GameRecord::parse("game: go\noptions: { size: 9 }\nmoves: [E5]\n")?.replay()?;
    /// assert_eq!(going_on.result(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn result(&self) -> Option<String> {
        self.position.outcome().map(result_text)
    }

    /// A short text summary: moves replayed, the result, agreement with the record, the refused move.
    ///
    /// ```
    /// let text = "game: go\noptions: { size: 9 }\nmoves: [E5, pass, pass]\nresult: W+0.5 (consecutive passes)\n";
    /// let record = qipan::record::GameRecord::parse(text)?;
    /// let summary = record.replay()?.summary(&record);
    /// assert!(summary.starts_with("Go (Chinese rules): 3 moves replayed\n"));
    /// assert!(summary.contains("record says: W+0.5 (consecutive passes) (differs)"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn summary(&self, record: &GameRecord) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{}: {} moves replayed", self.game.title, self.moves.len());
        match self.result() {
            Some(r) => {
                let _ = writeln!(s, "result: {r}");
            }
            None => {
                let _ = writeln!(s, "the game is not over");
            }
        }
        if let Some(written) = &record.result {
            let agrees = self.result().as_deref() == Some(written.as_str());
            let _ = writeln!(s, "record says: {written}{}", if agrees { "" } else { " (differs)" });
        }
        if let Some(r) = &self.refused {
            let _ = writeln!(s, "move {} (line {}) `{}` is refused: {}", r.number, r.line, r.text, r.reason);
            if r.not_replayed > 0 {
                let _ = writeln!(s, "{} later moves not replayed", r.not_replayed);
            }
        }
        s
    }

    /// The replay as JSON: `moves`, `result`, `record_result`, `agrees`, `refused`.
    ///
    /// ```
    /// let record = qipan::record::GameRecord::parse("game: go\noptions: { size: 9 }\nmoves: [E5, E5]\n")?;
    /// let json = record.replay()?.to_json(&record);
    /// assert_eq!((json["game"].as_str(), json["moves"].as_u64()), (Some("go"), Some(1)));
    /// assert_eq!(json["refused"]["move"], 2);
    /// assert_eq!(json["result"], serde_json::Value::Null);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_json(&self, record: &GameRecord) -> serde_json::Value {
        let result = self.result();
        serde_json::json!({
            "game": record.game,
            "moves": self.moves.len(),
            "result": result,
            "record_result": record.result,
            "agrees": record.result.is_none() || result == record.result,
            "refused": self.refused.as_ref().map(|r| serde_json::json!({
                "move": r.number, "line": r.line, "text": r.text, "reason": r.reason, "not_replayed": r.not_replayed,
            })),
        })
    }
}

/// How a record writes a result: the result text and, in brackets, the reason.
///
/// ```
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// for _ in 0..2 {
///     pos.play(&qipan::core::Move::PASS)?;
/// }
/// assert_eq!(qipan::record::result_text(pos.outcome().unwrap()), "W+5.5 (consecutive passes)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn result_text(r: &GameResult) -> String {
    format!("{} ({})", r.text, r.reason)
}

/// Whether a record's `game` names a built-in or library game (and not a file).
fn is_named(game: &str) -> bool {
    crate::games::builtin(game).is_some() || crate::library::find(game).is_some()
}

/// `target` as a path from the folder `from` (both must exist); `None` when either cannot be resolved.
fn relative_path(target: &Path, from: &Path) -> Option<PathBuf> {
    let (target, from) = (target.canonicalize().ok()?, from.canonicalize().ok()?);
    let common = target.components().zip(from.components()).take_while(|(a, b)| a == b).count();
    let mut path: PathBuf = from.components().skip(common).map(|_| "..").collect();
    path.extend(target.components().skip(common));
    Some(path)
}

/// The YAML reader's options for records: every node (a move is one) and every event costs at least one
/// byte of text, so budgets of [`MAX_RECORD_BYTES`] accept every record of up to that size (the default
/// budget stops at 250,000 nodes, fewer moves than a long game has).
fn record_yaml_options() -> serde_saphyr::Options {
    let mut budget = serde_saphyr::Budget::default();
    budget.max_nodes = MAX_RECORD_BYTES;
    budget.max_events = MAX_RECORD_BYTES;
    let mut options = serde_saphyr::Options::default();
    options.budget = Some(budget);
    options
}

/// An option value as YAML writes it: any scalar.
#[derive(Deserialize)]
#[serde(untagged)]
enum Scalar {
    Bool(bool),
    Int(i64),
    Num(f64),
    Text(String),
}

impl Scalar {
    fn text(self) -> String {
        match self {
            Scalar::Bool(b) => b.to_string(),
            Scalar::Int(i) => i.to_string(),
            Scalar::Num(x) => x.to_string(),
            Scalar::Text(t) => t,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordFile {
    game: String,
    #[serde(default)]
    options: BTreeMap<String, Scalar>,
    #[serde(default)]
    start: Option<String>,
    #[serde(default)]
    moves: Vec<Spanned<String>>,
    #[serde(default)]
    result: Option<String>,
}

/// Reading, writing and replaying records.
///
/// ```
/// use qipan::record::GameRecord;
///
/// let record = GameRecord::parse("game: go\noptions: { size: 9 }\nmoves: [E5, C7]\n")?;
/// assert_eq!(GameRecord::parse(&record.to_text())?.moves, record.moves);
/// assert_eq!(record.replay()?.position.ply(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl GameRecord {
    /// A record of moves played on `game`, loaded as `game_ref` (a built-in name or a path).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    /// use qipan::record::GameRecord;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())]).unwrap();
    /// let mut pos = game.start();
    /// let moves: Vec<_> = ["E5", "D4"].iter().map(|t| {
    ///     let mv = parse_move(&pos, t).unwrap();
    ///     pos.play(&mv).unwrap();
    ///     mv
    /// }).collect();
    /// let text = GameRecord::new("go", &game, &moves, pos.outcome()).to_text();
    /// let replay = GameRecord::parse(&text).unwrap().replay().unwrap();
    /// assert_eq!(replay.position.hash(), pos.hash());
    /// assert!(replay.refused.is_none());
    /// ```
    pub fn new(game_ref: &str, game: &Game, moves: &[Move], result: Option<&GameResult>) -> GameRecord {
        GameRecord {
            game: game_ref.to_string(),
            options: game.options.clone(),
            start: None,
            moves: moves.iter().map(|m| move_text(game, m)).collect(),
            result: result.map(result_text),
            lines: Vec::new(),
        }
    }

    /// An empty record of `game`, with the game's default options: what a record from another format starts
    /// from.
    pub(super) fn of_game(game: &str) -> GameRecord {
        GameRecord {
            game: game.to_string(),
            options: BTreeMap::new(),
            start: None,
            moves: Vec::new(),
            result: None,
            lines: Vec::new(),
        }
    }

    /// Reads a record.
    ///
    /// ```
    /// use qipan::record::{GameRecord, RecordError};
    ///
    /// let record = GameRecord::parse("# a game\ngame: go\noptions: { size: 9, komi: 7.5 }\nmoves: [E5, C7]\n")?;
    /// assert_eq!((record.options["size"].as_str(), record.options["komi"].as_str()), ("9", "7.5"));
    /// assert_eq!(record.moves, ["E5", "C7"]);
    /// // A record names its game.
    /// assert!(matches!(GameRecord::parse("moves: [E5]\n"), Err(RecordError::Syntax { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            let message = format!("the record is {} bytes long; at most {MAX_RECORD_BYTES} are read", text.len());
            return Err(RecordError::Syntax { line: 1, column: 1, message });
        }
        let file: RecordFile = serde_saphyr::from_str_with_options(text, record_yaml_options()).map_err(|e| {
            let (line, column) = e.location().map(|l| (l.line() as usize, l.column() as usize)).unwrap_or((1, 1));
            RecordError::Syntax { line, column, message: qipan_dsl::yaml_message(&e) }
        })?;
        Ok(GameRecord {
            game: file.game,
            options: file.options.into_iter().map(|(k, v)| (k, v.text())).collect(),
            start: file.start.filter(|f| !f.trim().is_empty()),
            lines: file.moves.iter().map(|m| m.referenced.line() as usize).collect(),
            moves: file.moves.into_iter().map(|m| m.value).collect(),
            result: file.result,
        })
    }

    /// The record as text (YAML); [`GameRecord::parse`] reads it back unchanged.
    ///
    /// ```
    /// let record = qipan::record::GameRecord::parse("game: go\noptions: { size: 9 }\nmoves: [E5, pass]\n")?;
    /// let text = record.to_text();
    /// assert_eq!(text.lines().collect::<Vec<_>>(), [
    ///     "# qipan game record",
    ///     r#"game: "go""#,
    ///     "options:",
    ///     r#"  "size": "9""#,
    ///     "moves:",
    ///     r#"  - "E5""#,
    ///     r#"  - "pass""#,
    /// ]);
    /// assert_eq!(qipan::record::GameRecord::parse(&text)?.moves, record.moves);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_text(&self) -> String {
        let mut s = String::from("# qipan game record\n");
        let _ = writeln!(s, "game: {}", yaml_quote(&self.game));
        if self.options.is_empty() {
            s.push_str("options: {}\n");
        } else {
            s.push_str("options:\n");
            for (k, v) in &self.options {
                let _ = writeln!(s, "  {}: {}", yaml_quote(k), yaml_quote(v));
            }
        }
        if let Some(fen) = &self.start {
            let _ = writeln!(s, "start: {}", yaml_quote(fen));
        }
        if self.moves.is_empty() {
            s.push_str("moves: []\n");
        } else {
            s.push_str("moves:\n");
            for m in &self.moves {
                let _ = writeln!(s, "  - {}", yaml_quote(m));
            }
        }
        if let Some(r) = &self.result {
            let _ = writeln!(s, "result: {}", yaml_quote(r));
        }
        s
    }

    /// The record as the text of a file written at `path`: a game given by a path is written relative to
    /// the file's folder, so that the record replays from any working directory ([`GameRecord::read_file`]);
    /// built-in and library games stay by name.
    ///
    /// ```
    /// let dir = std::env::temp_dir().join(format!("qipan-doc-at-{}", std::process::id()));
    /// std::fs::create_dir_all(dir.join("games"))?;
    /// std::fs::write(dir.join("games/g.yaml"), "extends: go\nname: g\n")?;
    /// let game = dir.join("games/g.yaml").display().to_string();
    /// let record = qipan::record::GameRecord::parse(&format!("game: {game:?}\nmoves: [pass]\n"))?;
    /// std::fs::create_dir_all(dir.join("records"))?;
    /// let text = record.to_text_at(&dir.join("records/r.yaml"));
    /// assert!(text.contains("game: \"../games/g.yaml\""), "{text}");
    /// assert!(qipan::record::GameRecord::parse("game: go\n")?.to_text_at(&dir.join("r.yaml")).contains("game: \"go\""));
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_text_at(&self, path: &Path) -> String {
        let folder = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        match relative_path(Path::new(&self.game), folder).filter(|_| !is_named(&self.game)) {
            Some(game) => GameRecord { game: game.to_string_lossy().into_owned(), ..self.clone() }.to_text(),
            None => self.to_text(),
        }
    }

    /// Reads a record file: a game given by a relative path is looked for from the record's folder first
    /// (as [`GameRecord::to_text_at`] writes it), then from the working directory (as older records wrote it).
    ///
    /// ```
    /// use qipan::record::GameRecord;
    ///
    /// let dir = std::env::temp_dir().join(format!("qipan-doc-read-{}", std::process::id()));
    /// std::fs::create_dir_all(&dir)?;
    /// std::fs::write(dir.join("g.yaml"), "extends: go\nname: g\n")?;
    /// std::fs::write(dir.join("r.yaml"), "game: g.yaml\noptions: { size: 9 }\nmoves: [E5]\n")?;
    /// let record = GameRecord::read_file(&dir.join("r.yaml"))?;
    /// assert_eq!(record.game, dir.join("g.yaml").display().to_string());
    /// assert_eq!(record.replay()?.position.ply(), 1);
    /// assert!(matches!(GameRecord::read_file(&dir.join("none.yaml")), Err(qipan::record::RecordError::Read(_))));
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_file(path: &Path) -> Result<GameRecord, RecordError> {
        let bytes = read_record_file(path).map_err(RecordError::Read)?;
        let text = String::from_utf8(bytes)
            .map_err(|_| RecordError::Read(std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text")))?;
        let mut record = GameRecord::parse(&text)?;
        if !is_named(&record.game) && Path::new(&record.game).is_relative() {
            let beside = path.parent().unwrap_or(Path::new("")).join(&record.game);
            if beside.exists() {
                record.game = beside.to_string_lossy().into_owned();
            }
        }
        Ok(record)
    }

    /// Whether the record's game is `game_ref`: the same name, or a path to the same file.
    ///
    /// ```
    /// let record = qipan::record::GameRecord::parse("game: ./games/go.yaml\n")?;
    /// assert!(record.is_of("games/go.yaml") && !record.is_of("go"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_of(&self, game_ref: &str) -> bool {
        self.game == game_ref
            || (!is_named(&self.game) && !is_named(game_ref) && {
                let same = |a: &str| Path::new(a).canonicalize().ok();
                same(&self.game).is_some_and(|a| Some(a) == same(game_ref))
            })
    }

    /// The record's game, built with its options.
    ///
    /// ```
    /// let record = qipan::record::GameRecord::parse("game: go\noptions: { size: 13 }\n")?;
    /// let game = record.load_game()?;
    /// assert_eq!((game.name.as_str(), game.board.len()), ("go", 169));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load_game(&self) -> Result<Arc<Game>, RecordError> {
        let options: Vec<(String, String)> = self.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        Ok(crate::load(&self.game, &options)?)
    }

    /// Replays the record under the rules of its game, up to the first refused move.
    ///
    /// ```
    /// let record = qipan::record::GameRecord::parse("game: go\noptions: { size: 9 }\nmoves: [E5, E5, D4]\n").unwrap();
    /// let replay = record.replay().unwrap();
    /// let refused = replay.refused.unwrap();
    /// assert_eq!((refused.number, refused.line, refused.not_replayed), (2, 3, 1)); // move 2, on line 3
    /// assert!(refused.reason.contains("occupied"));
    /// // A record may start from a position of its own, as FEN.
    /// let text = "game: chess\nstart: 4k3/P7/8/8/8/8/8/4K3 w - - 0 1\nmoves: [a7-a8=queen]\n";
    /// let replay = qipan::record::GameRecord::parse(text).unwrap().replay().unwrap();
    /// assert_eq!(replay.position.to_fen().unwrap(), "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    /// ```
    pub fn replay(&self) -> Result<RecordReplay, RecordError> {
        let game = self.load_game()?;
        let mut position = match &self.start {
            Some(fen) => Position::from_fen(&game, fen)
                .map_err(|error| RecordError::Start { fen: crate::input::clip(fen).into_owned(), error })?,
            None => game.start(),
        };
        let mut moves = Vec::new();
        let mut refused = None;
        for (i, text) in self.moves.iter().enumerate() {
            match play_entry(&mut position, text) {
                Ok(mv) => moves.extend(mv),
                Err(reason) => {
                    refused = Some(RefusedMove {
                        number: i + 1,
                        line: self.lines.get(i).copied().unwrap_or(0),
                        text: crate::input::clip(text).into_owned(),
                        reason,
                        not_replayed: self.moves.len() - i - 1,
                    });
                    break;
                }
            }
        }
        Ok(RecordReplay { game, position, moves, refused })
    }
}

/// Plays one entry of a record's move list on `position`: a move in the game's move text, or [`RESIGN`].
/// Returns the move played (`None` for a resignation), or why the entry was refused, in words.
///
/// ```
/// use qipan::record::{RESIGN, play_entry};
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// assert!(play_entry(&mut pos, "E5")?.is_some());
/// assert_eq!(play_entry(&mut pos, "E5").unwrap_err(), "illegal move: the node is occupied");
/// assert_eq!(play_entry(&mut pos, RESIGN)?, None);
/// assert_eq!(pos.outcome().map(|r| r.text.as_str()), Some("B+R"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_entry(position: &mut Position, text: &str) -> Result<Option<Move>, String> {
    if text == RESIGN {
        return position.resign().map(|()| None).map_err(|e| e.to_string());
    }
    let mv = parse_move(position, text).map_err(|e| e.to_string())?;
    position.play(&mv).map(|()| Some(mv)).map_err(|e| e.to_string())
}

/// A YAML double-quoted string holding `s` exactly: quotes, backslashes and every character YAML does
/// not allow as it stands (controls, line and paragraph separators, the byte-order mark, U+FFFE/U+FFFF)
/// escaped; other characters, Chinese included, are kept as they are.
///
/// ```
/// use qipan::record::yaml_quote;
/// assert_eq!(yaml_quote("e2-e4"), r#""e2-e4""#);
/// assert_eq!(yaml_quote("say \"hi\"\n"), r#""say \"hi\"\u000a""#);
/// assert_eq!(yaml_quote("红方胜"), "\"红方胜\"");
/// ```
pub fn yaml_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{fffe}' | '\u{ffff}') => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
