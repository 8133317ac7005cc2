//! Replaying game records under a game's rules.
//!
//! SGF records of the Go family replay on any game whose seats have the letters `B` and `W` and whose
//! single placed piece is the stone; the record's `SZ` and `KM` set the game's `size` and `komi`
//! options when it declares them.

use crate::sgf::{SgfColour, SgfEvent, SgfGame, SgfMove, SgfPoint, parse_sgf_bytes};
use qipan_core::notation::move_text;
use qipan_core::{
    EndReason, Game, GameResult, Illegal, Move, NodeId, Piece, PieceId, PlayError, Position, SeatId, SetupError,
    ownership,
};
use rand::SeedableRng;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Arc;

mod native;
mod pgn;
pub use native::yaml_quote;
pub use native::{
    GameRecord, MAX_RECORD_BYTES, RESIGN, RecordError, RecordReplay, RefusedMove, play_entry, read_record_file,
    result_text,
};
pub use pgn::{PgnGame, parse_pgn, parse_pgn_games, pgn_result, to_pgn};

/// What a replay found.
///
/// ```
/// // 5×5: a black group with eyes at A1 and C3, a lone white stone at E5; White plays E4, a suicide.
/// let sgf = b"(;GM[1]SZ[5]KM[0.5]AB[aa:da][ab:db][ac:bc][dc:ec][ad:ed][be:ee]AW[ea];W[eb])";
/// let report = qipan::record::replay_sgf("go", &[], sgf)?;
/// assert_eq!((report.moves, report.komi), (0, Some(0.5)));
/// assert_eq!(report.position.len(), 22);
/// assert_eq!(report.position["E5"], "white");
/// assert_eq!(report.dead, ["E5"]);
/// assert_eq!(report.result_dead_removed, "B+24.5");
/// assert!(matches!(&report.illegal, Some((1, rule)) if rule.contains("suicide")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayReport {
    /// Moves replayed (passes included; the refused move excluded).
    pub moves: usize,
    /// Node label → seat name of the piece there, for the final position.
    pub position: BTreeMap<String, String>,
    /// Seat name → pieces captured by that seat.
    pub captures: BTreeMap<String, u32>,
    /// The area result of the final position with every stone alive (`B+5.5`).
    pub result: String,
    /// The area result with the stones that a playout estimate judges dead taken off.
    pub result_dead_removed: String,
    /// The stones judged dead (labels).
    pub dead: Vec<String>,
    /// Scores per seat name.
    pub scores: BTreeMap<String, f64>,
    /// The komi used.
    pub komi: Option<f64>,
    /// The first refused move: its 1-based number and the rule it breaks.
    pub illegal: Option<(usize, String)>,
    /// The result the record states (`RE`), for comparison.
    pub record_result: Option<String>,
}

/// Writing a report out, for programs ([`ReplayReport::to_json`]) or people ([`ReplayReport::summary`]).
///
/// ```
/// let report = qipan::record::replay_sgf("go", &[], b"(;GM[1]SZ[9]RE[B+R];B[ee];W[cc])")?;
/// assert_eq!(report.to_json()["record_result"], "B+R");
/// assert!(report.summary().contains("record says: B+R"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ReplayReport {
    /// The report as JSON (`moves`, `position`, `captures`, `result`, `illegal`, ...).
    ///
    /// ```
    /// # // 5×5: a black group with eyes at A1 and C3 and a lone white stone at E5; White then plays E4, a suicide.
    /// # let sgf = b"(;GM[1]SZ[5]KM[0.5]AB[aa:da][ab:db][ac:bc][dc:ec][ad:ed][be:ee]AW[ea];W[eb])";
    /// let json = qipan::record::replay_sgf("go", &[], sgf)?.to_json();
    /// assert_eq!(json["moves"], 0);
    /// assert_eq!(json["illegal"]["move"], 1);
    /// assert_eq!(json["dead"], serde_json::json!(["E5"]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "moves": self.moves,
            "position": self.position,
            "captures": self.captures,
            "result": self.result,
            "result_dead_removed": self.result_dead_removed,
            "dead": self.dead,
            "scores": self.scores,
            "komi": self.komi,
            "illegal": self.illegal.as_ref().map(|(n, r)| serde_json::json!({"move": n, "rule": r})),
            "record_result": self.record_result,
        })
    }

    /// A short text summary.
    ///
    /// ```
    /// # // 5×5: a black group with eyes at A1 and C3 and a lone white stone at E5; White then plays E4, a suicide.
    /// # let sgf = b"(;GM[1]SZ[5]KM[0.5]AB[aa:da][ab:db][ac:bc][dc:ec][ad:ed][be:ee]AW[ea];W[eb])";
    /// let summary = qipan::record::replay_sgf("go", &[], sgf)?.summary();
    /// assert!(summary.starts_with("moves replayed: 0\n"));
    /// assert!(summary.contains("area result (dead stones removed): B+24.5\n"));
    /// assert!(summary.contains("move 1 is illegal: "));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn summary(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "moves replayed: {}", self.moves);
        for (seat, n) in &self.captures {
            let _ = writeln!(s, "captured by {seat}: {n}");
        }
        let _ = writeln!(s, "area result (all stones alive): {}", self.result);
        let _ = writeln!(s, "area result (dead stones removed): {}", self.result_dead_removed);
        if let Some(r) = &self.record_result {
            let _ = writeln!(s, "record says: {r}");
        }
        if let Some((n, rule)) = &self.illegal {
            let _ = writeln!(s, "move {n} is illegal: {rule}");
        }
        s
    }
}

/// Why a record could not be replayed at all.
///
/// ```
/// use qipan::record::{ReplayError, replay_sgf};
///
/// let unclosed = replay_sgf("go", &[], b"(;GM[1]SZ[9];B[ee]");
/// assert!(matches!(unclosed, Err(ReplayError::Sgf(qipan::sgf::SgfError::UnclosedGameTree { .. }))));
/// // Go boards are square.
/// assert!(matches!(replay_sgf("go", &[], b"(;GM[1]SZ[9:7])"), Err(ReplayError::Mismatch(_))));
/// assert!(matches!(replay_sgf("no-such-game", &[], b"(;GM[1]SZ[9])"), Err(ReplayError::Load(_))));
/// ```
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The SGF could not be read.
    #[error("cannot read the record: {0}")]
    Sgf(crate::sgf::SgfError),
    /// The game could not be loaded with the record's settings.
    #[error(transparent)]
    Load(#[from] crate::LoadError),
    /// The record does not fit the game.
    #[error("{0}")]
    Mismatch(String),
    /// The record sets up a position that is not one of the game (stones without liberties, say).
    #[error("the record's setup after {moves} moves is not a position of the game: {error}")]
    Setup {
        /// The moves played before the setup.
        moves: usize,
        /// What is wrong with the position.
        error: SetupError,
    },
}

// Not `#[from]`: the message already holds the SGF error, which as its source would be printed twice.
impl From<crate::sgf::SgfError> for ReplayError {
    fn from(e: crate::sgf::SgfError) -> Self {
        ReplayError::Sgf(e)
    }
}

/// A record replayed on a game: the final position, the moves replayed and the first refusal.
///
/// ```
/// use qipan::record::{Legality, game_for_record, replay_position};
///
/// let sgf = qipan::sgf::parse_sgf("(;GM[1]SZ[9];B[ee];W[cc];B[ee])")?;
/// let game = game_for_record("go", &[], &sgf)?;
/// let replayed = replay_position(&game, &sgf, None, Legality::Check)?;
/// assert_eq!(replayed.moves, 2);
/// assert_eq!(replayed.position.ply(), 2);
/// assert!(matches!(&replayed.illegal, Some((3, rule)) if rule.contains("occupied")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Replayed {
    /// The position after the last move replayed.
    pub position: Position,
    /// Moves replayed.
    pub moves: usize,
    /// The first refused move: its 1-based number and the rule it breaks.
    pub illegal: Option<(usize, String)>,
}

/// The root property in which qipan's SGF records keep the game's options (`QO[ko=simple][suicide=allowed]`),
/// all but those SGF has its own properties for (`size`: `SZ`, `komi`: `KM`, `handicap`: `HA`).
pub const OPTIONS_PROPERTY: &str = "QO";

/// The options SGF has its own properties for (`SZ`, `KM`, `HA`): [`OPTIONS_PROPERTY`] leaves them out, and a record
/// read in sets them.
///
/// ```
/// assert!(qipan::record::SGF_OPTIONS.contains(&"komi"));
/// ```
pub const SGF_OPTIONS: [&str; 3] = ["size", "komi", "handicap"];

/// Loads `game` with the record's options ([`OPTIONS_PROPERTY`]), size, komi and handicap (when the game
/// declares those options); `overrides` win over the record.
///
/// ```
/// let sgf = qipan::sgf::parse_sgf("(;GM[1]SZ[5]QO[ko=simple][suicide=allowed];B[cc])")?;
/// let game = qipan::record::game_for_record("go", &[], &sgf)?;
/// assert_eq!((game.options["ko"].as_str(), game.options["suicide"].as_str()), ("simple", "allowed"));
/// // An option the game does not have: a record of another game.
/// let field = qipan::sgf::parse_sgf("(;GM[1]SZ[7]QO[mask=.......])")?;
/// assert!(matches!(qipan::record::game_for_record("go", &[], &field), Err(qipan::record::ReplayError::Mismatch(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// ```
/// let sgf = qipan::sgf::parse_sgf("(;GM[1]SZ[9]KM[7.5];B[ee];W[cc])")?;
/// let game = qipan::record::game_for_record("go", &[], &sgf)?;
/// assert_eq!((game.options["size"].as_str(), game.options["komi"].as_str()), ("9", "7.5"));
/// // Overrides win over the record.
/// let game = qipan::record::game_for_record("go", &[("komi".into(), "6.5".into())], &sgf)?;
/// assert_eq!(game.options["komi"], "6.5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn game_for_record(game: &str, overrides: &[(String, String)], sgf: &SgfGame) -> Result<Arc<Game>, ReplayError> {
    Ok(crate::load(game, &record_options(game, overrides, sgf)?)?)
}

/// The options [`game_for_record`] loads `game` with: `overrides`, then the record's options, size,
/// komi and handicap that the game declares and `overrides` do not set.
///
/// ```
/// let sgf = qipan::sgf::parse_sgf("(;GM[1]SZ[9]KM[7.5]QO[ko=simple])")?;
/// let options = qipan::record::record_options("go", &[("komi".into(), "6.5".into())], &sgf)?;
/// let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
/// assert_eq!(pairs, [("komi", "6.5"), ("ko", "simple"), ("size", "9")]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn record_options(
    game: &str,
    overrides: &[(String, String)],
    sgf: &SgfGame,
) -> Result<Vec<(String, String)>, ReplayError> {
    let (file, text) = crate::source(game)?;
    let declared: Vec<String> = crate::Definition::read(&file, &text, &crate::Resolver)
        .map_err(crate::LoadError::from)?
        .options()
        .into_iter()
        .map(|o| o.name)
        .collect();
    let mut opts: Vec<(String, String)> = overrides.to_vec();
    for value in sgf.properties.iter().filter(|(id, _)| id == OPTIONS_PROPERTY).flat_map(|(_, v)| v) {
        let Some((key, v)) = value.split_once('=') else {
            return Err(ReplayError::Mismatch(format!("{OPTIONS_PROPERTY}[{value}]: expected an option as KEY=VALUE")));
        };
        if SGF_OPTIONS.contains(&key) {
            return Err(ReplayError::Mismatch(format!(
                "{OPTIONS_PROPERTY}[{value}]: `{key}` is written with SGF's own property (SZ, KM, HA)"
            )));
        }
        if !declared.iter().any(|o| o == key) {
            return Err(ReplayError::Mismatch(format!(
                "the record sets option `{key}`, which this game does not have: is it a record of another game?"
            )));
        }
        if !opts.iter().any(|(k, _)| k == key) {
            opts.push((key.to_string(), v.to_string()));
        }
    }
    let (cols, rows) = sgf.size;
    if declared.iter().any(|o| o == "size") && !opts.iter().any(|(k, _)| k == "size") {
        if cols != rows {
            return Err(ReplayError::Mismatch(format!(
                "the record's board is {cols}x{rows}; this game's boards are square"
            )));
        }
        opts.push(("size".into(), cols.to_string()));
    }
    if let (Some(k), true) = (sgf.komi, declared.iter().any(|o| o == "komi"))
        && !opts.iter().any(|(key, _)| key == "komi")
    {
        opts.push(("komi".into(), k.to_string()));
    }
    if sgf.handicap > 0 && declared.iter().any(|o| o == "handicap") && !opts.iter().any(|(k, _)| k == "handicap") {
        opts.push(("handicap".into(), sgf.handicap.to_string()));
    }
    Ok(opts)
}

/// Playouts of the dead-stone estimate.
pub const DEAD_STONE_PLAYOUTS: u32 = 300;

/// The stones a playout estimate judges dead at the end of a record (fixed seed: reproducible).
///
/// ```
/// use qipan::record::{Legality, dead_stones, game_for_record, replay_position};
///
/// // 5×5: a black group with eyes at A1 and C3, and a lone white stone at E5.
/// let sgf = qipan::sgf::parse_sgf("(;GM[1]SZ[5]AB[aa:da][ab:db][ac:bc][dc:ec][ad:ed][be:ee]AW[ea])")?;
/// let game = game_for_record("go", &[], &sgf)?;
/// let pos = replay_position(&game, &sgf, None, Legality::Check)?.position;
/// assert_eq!(dead_stones(&pos), [game.board.find("E5").unwrap()]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn dead_stones(pos: &Position) -> Vec<NodeId> {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(0x5eed);
    ownership::estimate(pos, DEAD_STONE_PLAYOUTS, &mut rng).map(|o| o.dead_stones(pos)).unwrap_or_default()
}

/// Whether a replay checks the record's moves.
///
/// ```
/// use qipan::record::{Legality, game_for_record, replay_position};
///
/// // 5×5: a black group with eyes at A1 and C3, a lone white stone at E5; White plays E4.
/// let sgf = qipan::sgf::parse_sgf("(;GM[1]SZ[5]AB[aa:da][ab:db][ac:bc][dc:ec][ad:ed][be:ee]AW[ea];W[eb])")?;
/// let game = game_for_record("go", &[], &sgf)?;
/// // White's E4 is a suicide: refused when checked, played when trusted.
/// let checked = replay_position(&game, &sgf, None, Legality::Check)?;
/// assert_eq!((checked.moves, checked.illegal.is_some()), (0, true));
/// let trusted = replay_position(&game, &sgf, None, Legality::Trust)?;
/// assert_eq!((trusted.moves, trusted.illegal), (1, None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Legality {
    /// Every move is checked; the replay stops at the first illegal one.
    Check,
    /// Moves are played as the record gives them, unchecked by the rules (ko, superko, suicide), so
    /// that later checks see the whole history; a stone on an occupied node is still refused.
    Trust,
}

/// Replays the record's setup and at most `limit` moves on a start position of `game`.
///
/// ```
/// use qipan::record::{Legality, game_for_record, replay_position};
///
/// let sgf = qipan::sgf::parse_sgf("(;GM[1]SZ[9]AB[cc][gg];W[ee];B[ce];W[ec])")?;
/// let game = game_for_record("go", &[], &sgf)?;
/// let replayed = replay_position(&game, &sgf, Some(1), Legality::Check)?;
/// assert_eq!(replayed.moves, 1);
/// let stones = game.board.node_ids().filter(|&n| replayed.position.cell(n).is_some()).count();
/// assert_eq!(stones, 3); // two handicap stones and White's E5
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay_position(
    game: &Arc<Game>,
    sgf: &SgfGame,
    limit: Option<usize>,
    legality: Legality,
) -> Result<Replayed, ReplayError> {
    let mut position = game.start();
    if !sgf.setup_black.is_empty() || !sgf.setup_white.is_empty() {
        // The record's own stones (a free handicap, a problem) replace those of the start (a fixed handicap).
        let mut setup = position.to_setup();
        for pl in &game.setup {
            setup.remove(pl.node);
        }
        position = Position::from_setup(setup).map_err(|error| ReplayError::Setup { moves: 0, error })?;
    }
    let (moves, illegal) = replay_on(&mut position, sgf, sgf.size.1, limit.unwrap_or(usize::MAX), legality)?;
    Ok(Replayed { position, moves, illegal })
}

/// Replays an SGF record (bytes of the file) on `game` (a built-in name or a path).
///
/// ```
/// let report = qipan::record::replay_sgf("go", &[], b"(;GM[1]SZ[9]KM[7.5];B[ee];W[cc])")?;
/// assert_eq!((report.moves, report.komi), (2, Some(7.5)));
/// assert_eq!(report.position["E5"], "black");
/// assert_eq!(report.position["C7"], "white");
/// assert_eq!(report.illegal, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn replay_sgf(game: &str, overrides: &[(String, String)], bytes: &[u8]) -> Result<ReplayReport, ReplayError> {
    let sgf = parse_sgf_bytes(bytes)?;
    let game = game_for_record(game, overrides, &sgf)?;
    let komi = game.options.get("komi").and_then(|k| k.parse().ok());
    let Replayed { position: pos, moves, illegal } = replay_position(&game, &sgf, None, Legality::Check)?;
    let result = GameResult::scored(&pos, EndReason::Other("end of record".into())).ok();
    let seat_name = |s: SeatId| game.seats[s.idx()].name.clone();
    let dead = dead_stones(&pos);
    let result_dead_removed =
        ownership::scores_dead_removed(&pos, &dead).map(|s| ownership::result_text(&pos, &s)).unwrap_or_default();
    Ok(ReplayReport {
        result_dead_removed,
        dead: dead.iter().map(|&n| game.board.label(n).to_string()).collect(),
        moves,
        position: game
            .board
            .node_ids()
            .filter_map(|n| pos.cell(n).map(|p| (game.board.label(n).to_string(), seat_name(p.seat))))
            .collect(),
        captures: game.seat_ids().map(|s| (seat_name(s), pos.captures()[s.idx()])).collect(),
        result: result.as_ref().map(|r| r.text.clone()).unwrap_or_default(),
        scores: result
            .and_then(|r| r.scores)
            .map(|sc| game.seat_ids().zip(sc).map(|(s, v)| (seat_name(s), v)).collect())
            .unwrap_or_default(),
        komi,
        illegal,
        record_result: sgf.result.clone(),
    })
}

/// Plays the record's setup and moves; returns the moves replayed and the first refusal.
fn replay_on(
    pos: &mut Position,
    sgf: &SgfGame,
    rows: u8,
    limit: usize,
    legality: Legality,
) -> Result<(usize, Option<(usize, String)>), ReplayError> {
    let game = pos.game_arc().clone();
    let seat_of = |c: SgfColour| -> Result<SeatId, ReplayError> {
        game.seats
            .iter()
            .position(|s| s.letter == c.letter())
            .map(|i| SeatId(i as u8))
            .ok_or_else(|| ReplayError::Mismatch(format!("the game has no seat with letter {}", c.letter())))
    };
    let stone = PieceId::new(0);
    let node = |p: &SgfPoint| -> Result<NodeId, ReplayError> {
        let label = p.gtp(rows);
        game.board.find(&label).ok_or_else(|| ReplayError::Mismatch(format!("{label} is not on the board")))
    };
    let (b, w) = (seat_of(SgfColour::Black)?, seat_of(SgfColour::White)?);
    // Edits the position as a setup (AB/AW/AE, PL), keeping its history for superko.
    let edit = |pos: &mut Position, empty: &[SgfPoint], black: &[SgfPoint], white: &[SgfPoint], to_move, moves| {
        let mut setup = pos.to_setup();
        for p in empty {
            setup.remove(node(p)?);
        }
        for p in black {
            setup.put(node(p)?, Piece { seat: b, piece: stone });
        }
        for p in white {
            setup.put(node(p)?, Piece { seat: w, piece: stone });
        }
        if let Some(seat) = to_move {
            setup.to_move(seat);
        }
        *pos = Position::from_setup(setup).map_err(|error| ReplayError::Setup { moves, error })?;
        Ok::<(), ReplayError>(())
    };
    let to_move = match sgf.player_to_move {
        Some(c) => Some(seat_of(c)?),
        // Handicap stones: White moves first.
        None if !sgf.setup_black.is_empty() && sgf.setup_white.is_empty() => Some(w),
        None => None,
    };
    edit(pos, &[], &sgf.setup_black, &sgf.setup_white, to_move, 0)?;
    let mut moves = 0usize;
    for ev in &sgf.moves {
        match ev {
            SgfEvent::Setup { black, white, empty } => edit(pos, empty, black, white, None, moves)?,
            SgfEvent::Move(_) if moves >= limit => break,
            SgfEvent::Move(m) => {
                let seat = seat_of(m.colour)?;
                if pos.to_move() != seat {
                    // A colour playing twice: the other's turn is skipped.
                    edit(pos, &[], &[], &[], Some(seat), moves)?;
                }
                let mv = match &m.point {
                    None => Move::PASS,
                    Some(p) => Move::place(stone, node(p)?),
                };
                if pos.is_over() {
                    // Two passes ended the game but the record goes on: play continues (a pass may be withdrawn).
                    pos.resume();
                }
                let played = match legality {
                    Legality::Check => pos.play(&mv),
                    // A stone put on another would corrupt the position (its chains): never trusted.
                    Legality::Trust if mv.to.is_some() && pos.cell(mv.to).is_some() => {
                        Err(PlayError::Illegal(Illegal::Occupied))
                    }
                    Legality::Trust => pos.play_unchecked(&mv).map_err(Into::into),
                };
                if let Err(e) = played {
                    let text = move_text(&game, &mv);
                    return Ok((moves, Some((moves + 1, format!("{text} by {}: {e}", game.seats[seat.idx()].name)))));
                }
                moves += 1;
            }
        }
    }
    Ok((moves, None))
}

/// Why a game cannot be written as SGF.
///
/// ```
/// let chess = qipan::load("chess", &[])?;
/// let err = qipan::record::to_sgf(&chess, &[], None).unwrap_err();
/// assert!(err.to_string().starts_with("this board cannot be written as SGF: "));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[error("this board cannot be written as SGF: {0}")]
pub struct SgfWriteError(String);

/// The SGF point of a node of a board drawn as a grid with coordinates (top row first in SGF).
fn sgf_point(game: &Game, n: NodeId) -> Result<SgfPoint, SgfWriteError> {
    let Some((_, rows, true)) = game.board.grid_size() else {
        return Err(SgfWriteError("it is not a 2-D grid".into()));
    };
    let c = game.board.node(n).coord;
    let (col, row) = (c[0], rows as i32 - 1 - c[1]);
    if !(0..52).contains(&col) || !(0..52).contains(&row) {
        return Err(SgfWriteError(format!("{} is outside SGF's 52 columns", game.board.label(n))));
    }
    Ok(SgfPoint { col: col as u8, row: row as u8 })
}

/// A played game as an SGF record: the game's start stones as setup, the moves by seat (`B`/`W`
/// letters), and the root properties `RU` (the game's rules name), `KM` and `HA` (from its options),
/// [`OPTIONS_PROPERTY`] (its other options, so that a variant replays as it was played) and `RE` (the
/// result, when over).
///
/// ```
/// use qipan::core::notation::parse_move;
///
/// let game = qipan::load("go", &[("size".into(), "9".into()), ("komi".into(), "7.5".into())])?;
/// let mut pos = game.start();
/// let mut moves = Vec::new();
/// for text in ["E5", "C7"] {
///     let mv = parse_move(&pos, text)?;
///     moves.push((pos.to_move(), mv));
///     pos.play(&mv)?;
/// }
/// let sgf = qipan::record::to_sgf(&game, &moves, pos.outcome())?;
/// assert_eq!((sgf.size, sgf.komi, sgf.rules.as_deref()), ((9, 9), Some(7.5), Some("Chinese")));
/// assert!(sgf.to_sgf().ends_with("\n;B[ee]\n;W[cc])\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_sgf(game: &Game, moves: &[(SeatId, Move)], result: Option<&GameResult>) -> Result<SgfGame, SgfWriteError> {
    let Some((cols, rows, true)) = game.board.grid_size() else {
        return Err(SgfWriteError("it is not a 2-D grid".into()));
    };
    if cols > 52 || rows > 52 {
        return Err(SgfWriteError(format!("{cols}x{rows} is larger than 52x52")));
    }
    if !game.seats.iter().map(|s| s.letter.as_str()).eq(["B", "W"]) || !game.placement_only() {
        return Err(SgfWriteError("SGF records games of stones placed by Black (B) and White (W)".into()));
    }
    let colour = |seat: SeatId| -> Result<SgfColour, SgfWriteError> {
        match game.seats.get(seat.idx()).map(|s| s.letter.as_str()) {
            Some("B") => Ok(SgfColour::Black),
            Some("W") => Ok(SgfColour::White),
            _ => Err(SgfWriteError("its seats are not Black (B) and White (W)".into())),
        }
    };
    let mut props = vec![
        ("AP".to_string(), vec![format!("qipan:{}", env!("CARGO_PKG_VERSION"))]),
        ("RU".to_string(), vec![game.rules_name.clone()]),
    ];
    if let Some(k) = game.options.get("komi") {
        props.push(("KM".into(), vec![k.clone()]));
    }
    if let Some(h) = game.options.get("handicap").filter(|h| h.as_str() != "0") {
        props.push(("HA".into(), vec![h.clone()]));
    }
    let options: Vec<String> = game
        .options
        .iter()
        .filter(|(k, _)| !SGF_OPTIONS.contains(&k.as_str()))
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    if !options.is_empty() {
        props.push((OPTIONS_PROPERTY.into(), options));
    }
    if let Some(r) = result {
        props.push(("RE".into(), vec![r.text.clone()]));
    }
    let mut sgf = SgfGame::new((cols as u8, rows as u8), props);
    for pl in &game.setup {
        let p = sgf_point(game, pl.node)?;
        match colour(pl.seat)? {
            SgfColour::Black => sgf.setup_black.push(p),
            SgfColour::White => sgf.setup_white.push(p),
        }
    }
    for &(seat, mv) in moves {
        let point = match mv.kind {
            qipan_core::MoveKind::Pass => None,
            qipan_core::MoveKind::Place | qipan_core::MoveKind::Drop if !mv.with_to.is_some() => {
                Some(sgf_point(game, mv.to)?)
            }
            _ => return Err(SgfWriteError("SGF records placements on one node and passes only".into())),
        };
        sgf.moves.push(SgfEvent::Move(SgfMove { colour: colour(seat)?, point }));
    }
    Ok(sgf)
}
