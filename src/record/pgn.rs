//! PGN, the record of chess-like games: written with the seven-tag roster, a `Variant` tag naming the game
//! and `SetUp`/`FEN` for another start, moves in SAN; read with comments, NAGs and variations (the
//! main line is played), as a [`GameRecord`] whose moves are the SAN texts (`parse_move` reads SAN).

use super::native::{GameRecord, RecordError};
use qipan_core::san::san_text;
use qipan_core::{Game, GameResult, Move, Position, SeatId};
use std::collections::BTreeMap;
use std::fmt::Write;

/// PGN's result: `1-0` when the first seat won, `0-1` the second, `1/2-1/2` a draw, `*` a game not over (or
/// of more than two seats).
///
/// ```
/// use qipan::core::notation::parse_move;
///
/// let game = qipan::load("chess", &[])?;
/// let mut pos = game.start();
/// assert_eq!(qipan::record::pgn_result(&pos), "*");
/// for m in ["f3", "e5", "g4", "Qh4#"] {
///     pos.play(&parse_move(&pos, m)?)?;
/// }
/// assert_eq!(qipan::record::pgn_result(&pos), "0-1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn pgn_result(pos: &Position) -> &'static str {
    result_of(pos.game(), pos.outcome())
}

fn result_of(game: &Game, outcome: Option<&GameResult>) -> &'static str {
    match outcome {
        Some(r) if r.winners.is_empty() || r.winners.len() == game.seats.len() => "1/2-1/2",
        Some(r) => r.pgn(game).unwrap_or("*"),
        None => "*",
    }
}

/// A game as PGN: the seven tags (players unknown, `?`), `Variant` (the game's name), `SetUp` and
/// `FEN` when `start` is not the game's start; the moves in SAN, numbered, wrapped at 80 columns; the result.
/// Moves is the game from `start`; `None` stands for a resignation, which ends the moves and gives the result.
///
/// ```
/// use qipan::core::notation::parse_move;
///
/// let game = qipan::load("chess", &[])?;
/// let start = game.start();
/// let (mut pos, mut moves) = (start.clone(), Vec::new());
/// for m in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
///     let mv = parse_move(&pos, m)?;
///     pos.play(&mv)?;
///     moves.push(Some(mv));
/// }
/// let pgn = qipan::record::to_pgn("chess", &start, &moves);
/// assert!(pgn.contains("[Result \"1-0\"]"));
/// assert!(pgn.contains("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"), "{pgn}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_pgn(game_ref: &str, start: &Position, moves: &[Option<Move>]) -> String {
    let game = start.game();
    let mut pos = start.clone();
    let mut sans = Vec::new();
    let mut result = None;
    for mv in moves {
        match mv {
            Some(m) => {
                sans.push(san_text(&pos, m));
                if pos.play(m).is_err() {
                    break;
                }
            }
            None => {
                // A resignation: the other seat wins.
                let loser = pos.to_move();
                result = Some(if loser == SeatId(0) { "0-1" } else { "1-0" });
                break;
            }
        }
    }
    let result = result.unwrap_or_else(|| pgn_result(&pos));
    let mut out = String::new();
    for (tag, value) in
        [("Event", "?"), ("Site", "?"), ("Date", "????.??.??"), ("Round", "?"), ("White", "?"), ("Black", "?")]
    {
        let _ = writeln!(out, "[{tag} \"{value}\"]");
    }
    let _ = writeln!(out, "[Result \"{result}\"]");
    // The game as given to qipan (a built-in name, or a path), which `qipan replay game.pgn` reads back;
    // python-chess knows `chess`, `crazyhouse`, `chess960` and more by these names.
    let _ = writeln!(out, "[Variant \"{}\"]", escape(game_ref));
    if start.hash() != start.game_arc().start().hash()
        && let Some(fen) = start.to_fen()
    {
        let _ = writeln!(out, "[SetUp \"1\"]\n[FEN \"{fen}\"]");
    }
    out.push('\n');
    // Numbered from the start's move number, Black's first move as `N...`.
    let seats = game.seats.len().max(1) as u32;
    let mut line = String::new();
    for (i, san) in sans.iter().enumerate() {
        let ply = start.ply() + i as u32;
        let number = ply / seats + 1;
        let word = if ply.is_multiple_of(seats) {
            format!("{number}. {san}")
        } else if i == 0 {
            format!("{number}... {san}")
        } else {
            san.clone()
        };
        push_word(&mut out, &mut line, &word);
    }
    push_word(&mut out, &mut line, result);
    out.push_str(&line);
    out.push('\n');
    out
}

/// Adds a word to the line, starting a new line where it would pass 80 columns.
fn push_word(out: &mut String, line: &mut String, word: &str) {
    if !line.is_empty() && line.len() + 1 + word.len() > 80 {
        out.push_str(line);
        out.push('\n');
        line.clear();
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(word);
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A PGN game read: its tags and its main line's moves as written, its result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// The tags, by name.
    pub tags: BTreeMap<String, String>,
    /// The moves of the main line, in SAN as written (annotations `!?` kept; `parse_move` reads past them).
    pub moves: Vec<String>,
    /// The result at the end of the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), if any.
    pub result: Option<String>,
}

/// Reads the first game of a PGN text: tag pairs, then movetext whose comments (`{…}`, `;` to the end of the
/// line), NAGs (`$1`), variations (`(…)`, nested) and move numbers are passed over.
///
/// ```
/// let pgn = "[Event \"Casual\"]\n[Result \"1-0\"]\n\n1. e4 {best by test} e5 $1 2. Nf3 (2. f4 exf4) Nc6 1-0\n";
/// let game = qipan::record::parse_pgn(pgn)?;
/// assert_eq!(game.tags["Event"], "Casual");
/// assert_eq!(game.moves, ["e4", "e5", "Nf3", "Nc6"]);
/// assert_eq!(game.result.as_deref(), Some("1-0"));
/// # Ok::<(), qipan::record::RecordError>(())
/// ```
pub fn parse_pgn(text: &str) -> Result<PgnGame, RecordError> {
    Ok(parse_one(text, 0)?.0)
}

/// Every game of a PGN file, in order (a database holds many, each its tags then its moves and result).
///
/// ```
/// let pgn = "[White \"A\"]\n\n1. e4 e5 1/2-1/2\n\n[White \"B\"]\n\n1. d4 { a comment } d5 2. c4 *\n";
/// let games = qipan::record::parse_pgn_games(pgn)?;
/// assert_eq!(games.len(), 2);
/// assert_eq!((games[0].tags["White"].as_str(), games[0].moves.len()), ("A", 2));
/// assert_eq!((games[1].tags["White"].as_str(), games[1].moves.len()), ("B", 3));
/// // A syntax error names its line in the whole file.
/// let err = qipan::record::parse_pgn_games("1. e4 *\n\n1. d4 {unclosed\n").unwrap_err();
/// assert!(err.to_string().starts_with("line 3, "), "{err}");
/// # Ok::<(), qipan::record::RecordError>(())
/// ```
pub fn parse_pgn_games(text: &str) -> Result<Vec<PgnGame>, RecordError> {
    let mut games = Vec::new();
    let mut at = 0;
    while text[at..].trim_start().chars().next().is_some() {
        let (game, end) = parse_one(text, at)?;
        if game.tags.is_empty() && game.moves.is_empty() && game.result.is_none() {
            break;
        }
        games.push(game);
        at = end;
    }
    Ok(games)
}

/// The game that starts at byte `from` of `text`, and where it ends.
fn parse_one(text: &str, from: usize) -> Result<(PgnGame, usize), RecordError> {
    let mut game = PgnGame::default();
    let syntax = |line: usize, message: String| RecordError::Syntax { line, column: 1, message };
    let mut chars = text[from..].char_indices().map(|(i, c)| (i + from, c)).peekable();
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let mut depth = 0usize;
    let mut started = false;
    let mut end = text.len();
    while let Some((at, c)) = chars.next() {
        match c {
            '[' if depth == 0 && started => {
                // The next game's tags: this game had no result.
                end = at;
                break;
            }
            '[' if depth == 0 => {
                let end = text[at..].find(']').ok_or_else(|| syntax(line_of(at), "a tag without `]`".into()))?;
                let inner = text[at + 1..at + end].trim();
                let (name, value) = inner
                    .split_once(char::is_whitespace)
                    .ok_or_else(|| syntax(line_of(at), format!("tag `{inner}`")))?;
                let value = value.trim().trim_matches('"').replace("\\\"", "\"").replace("\\\\", "\\");
                game.tags.insert(name.to_string(), value);
                while chars.peek().is_some_and(|&(i, _)| i <= at + end) {
                    chars.next();
                }
            }
            '{' => {
                // A comment, to the next `}`.
                let end = text[at..].find('}').ok_or_else(|| syntax(line_of(at), "a comment without `}`".into()))?;
                while chars.peek().is_some_and(|&(i, _)| i <= at + end) {
                    chars.next();
                }
            }
            ';' | '%' => {
                while chars.peek().is_some_and(|&(_, c)| c != '\n') {
                    chars.next();
                }
            }
            '(' => depth += 1,
            ')' => depth = depth.checked_sub(1).ok_or_else(|| syntax(line_of(at), "`)` without `(`".into()))?,
            c if c.is_whitespace() => {}
            _ => {
                // A token, to the next space or bracket.
                let mut stop = at + c.len_utf8();
                while let Some(&(i, d)) = chars.peek() {
                    if d.is_whitespace() || "{}()[];".contains(d) {
                        break;
                    }
                    stop = i + d.len_utf8();
                    chars.next();
                }
                let token = &text[at..stop];
                if depth > 0 || token.starts_with('$') {
                    continue;
                }
                if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
                    game.result = Some(token.to_string());
                    end = stop;
                    break; // the game ends here
                }
                started = true;
                // `12.`, `12...`, or a move written after its number (`12.e4`).
                let san = token.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches('.');
                if !san.is_empty() {
                    game.moves.push(san.to_string());
                }
            }
        }
    }
    if depth > 0 {
        return Err(syntax(line_of(text.len()), "a variation without `)`".into()));
    }
    Ok((game, end))
}

impl PgnGame {
    /// The game its `Variant` tag names, in lower case (`Crazyhouse` → `crazyhouse`), if it has one.
    ///
    /// ```
    /// let pgn = qipan::record::parse_pgn("[Variant \"Crazyhouse\"]\n\n1. e4 *\n")?;
    /// assert_eq!(pgn.variant().as_deref(), Some("crazyhouse"));
    /// assert_eq!(qipan::record::parse_pgn("1. e4 *")?.variant(), None);
    /// # Ok::<(), qipan::record::RecordError>(())
    /// ```
    pub fn variant(&self) -> Option<String> {
        self.tags.get("Variant").map(|v| v.trim().to_lowercase()).filter(|v| !v.is_empty())
    }
}

impl GameRecord {
    /// A record of a PGN game played on `game` (a built-in or library name, or a path): its `FEN` tag the
    /// start, its moves in SAN. The PGN result is not a qipan result, so the record has none: compare it with
    /// [`pgn_result`].
    ///
    /// ```
    /// let pgn = qipan::record::parse_pgn("[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@e5 *\n")?;
    /// let record = qipan::record::GameRecord::from_pgn(&pgn, &pgn.variant().unwrap());
    /// assert_eq!(record.game, "crazyhouse");
    /// let replay = record.replay()?;
    /// assert!(replay.refused.is_none());
    /// assert_eq!(replay.position.ply(), 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_pgn(pgn: &PgnGame, game: &str) -> GameRecord {
        let mut record = GameRecord::of_game(game);
        record.start = pgn.tags.get("FEN").cloned().filter(|f| !f.trim().is_empty());
        record.moves = pgn.moves.clone();
        record
    }
}
