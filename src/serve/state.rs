//! A game's state as the client sends it ({game, options, fen, moves}) and its replay on the server: the
//! server keeps no game, so several tabs play at once and a changed definition is just a new replay.

use super::{ApiError, Catalogue};
use crate::record::{RESIGN, play_entry};
use qipan_core::notation::move_text;
use qipan_core::render::{self, Marks};
use qipan_core::{Game, NodeId, Position};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The most moves a request may replay: far more than any real game, few enough to replay at once.
pub const MAX_MOVES: usize = 5000;

/// A game, its options, an optional FEN start and the moves played from it, as the client keeps them.
///
/// ```
/// use qipan::serve::{Catalogue, GameState};
///
/// let state: GameState = serde_json::from_str(r#"{"game": "go", "options": {"size": "9"}, "moves": ["E5"]}"#)?;
/// let replay = state.replay(&state.load(&Catalogue::new(&[])?)?)?;
/// assert_eq!(replay.position.ply(), 1);
/// assert!(replay.stopped.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, Deserialize)]
pub struct GameState {
    /// A game the server offers (a built-in or library name, or a file given to `qipan serve`).
    pub game: String,
    /// Option settings, by name; values as `--set` takes them.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// A start position written as FEN, instead of the game's start.
    #[serde(default)]
    pub fen: Option<String>,
    /// The moves played, as their text (`resign` for a resignation).
    #[serde(default)]
    pub moves: Vec<String>,
}

/// Where a replay stopped: the first move the rules refuse.
///
/// ```
/// use qipan::serve::{Catalogue, GameState};
///
/// let state = GameState { game: "go".into(), moves: vec!["E5".into(), "E5".into()], ..Default::default() };
/// let stopped = state.replay(&state.load(&Catalogue::new(&[])?)?)?.stopped.unwrap();
/// assert_eq!((stopped.index, stopped.text.as_str()), (1, "E5"));
/// assert!(stopped.reason.contains("occupied"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// Its index in the move list (0-based).
    pub index: usize,
    /// Its text.
    pub text: String,
    /// The rule it breaks.
    pub reason: String,
}

/// A replayed state: the position after the legal prefix of the moves, and where the replay stopped.
///
/// ```
/// use qipan::serve::{Catalogue, GameState};
///
/// let state = GameState { game: "chess".into(), moves: vec!["e2-e4".into(), "e7e5".into()], ..Default::default() };
/// let replay = state.replay(&state.load(&Catalogue::new(&[])?)?)?;
/// assert_eq!(replay.played, ["e2-e4", "e7-e5"]); // the moves' canonical text
/// assert_eq!(replay.movers, ["white", "black"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Replay {
    /// The position after the moves that were played.
    pub position: Position,
    /// The canonical text of each move played.
    pub played: Vec<String>,
    /// The seat that made each move played.
    pub movers: Vec<String>,
    /// The first refused move, if any.
    pub stopped: Option<Stopped>,
}

impl GameState {
    /// The option settings as `--set` pairs.
    ///
    /// ```
    /// let state: qipan::serve::GameState = serde_json::from_str(r#"{"game": "go", "options": {"size": "9"}}"#)?;
    /// assert_eq!(state.overrides(), [("size".to_string(), "9".to_string())]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn overrides(&self) -> Vec<(String, String)> {
        self.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
    }

    /// Compiles the game with the options; `catalogue` says which games are offered and where they are.
    ///
    /// ```
    /// use qipan::serve::{Catalogue, GameState};
    ///
    /// let catalogue = Catalogue::new(&[])?;
    /// let state = GameState { game: "go".into(), ..Default::default() };
    /// assert_eq!(state.load(&catalogue)?.board.len(), 361);
    /// let elsewhere = GameState { game: "/etc/passwd".into(), ..Default::default() };
    /// assert_eq!(elsewhere.load(&catalogue).unwrap_err().status.as_u16(), 404);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load(&self, catalogue: &Catalogue) -> Result<Arc<Game>, ApiError> {
        let spec = catalogue.spec(&self.game)?;
        // An option without a default (Field Go's komi) is the player's to set, not a broken definition.
        if let Ok(declared) = crate::options(spec)
            && let Some(unset) = declared.iter().find(|o| o.default.is_none() && !self.options.contains_key(&o.name))
        {
            return Err(ApiError::bad(format!("set option `{}` in the form above to start {}", unset.name, self.game)));
        }
        // `random` for the option that numbers the starts (chess960): a start drawn now, which the answer's
        // `options` then names.
        let mut overrides = self.overrides();
        let seed =
            std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
        crate::draw_start(spec, &mut overrides, seed).map_err(|e| match e {
            crate::RandomStartError::Load(e) => ApiError::from(e),
            e => ApiError::bad(e.to_string()),
        })?;
        crate::load(spec, &overrides).map_err(ApiError::from)
    }

    /// The start position: the FEN when given, else the game's start.
    ///
    /// ```
    /// use qipan::serve::{Catalogue, GameState};
    ///
    /// let fen = "4k3/8/8/8/8/8/8/4K3 b - - 0 1";
    /// let state = GameState { game: "chess".into(), fen: Some(fen.into()), ..Default::default() };
    /// let start = state.start(&state.load(&Catalogue::new(&[])?)?)?;
    /// assert_eq!(start.to_fen().as_deref(), Some(fen));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start(&self, game: &Arc<Game>) -> Result<Position, ApiError> {
        match &self.fen {
            Some(f) if !f.trim().is_empty() => {
                Position::from_fen(game, f).map_err(|e| ApiError::bad(format!("FEN `{}`: {e}", crate::input::clip(f))))
            }
            _ => Ok(game.start()),
        }
    }

    /// Replays the moves from the start, stopping at the first the rules refuse.
    ///
    /// ```
    /// use qipan::serve::{Catalogue, GameState};
    ///
    /// let state = GameState { game: "go".into(), moves: vec!["D4".into(), "resign".into()], ..Default::default() };
    /// let replay = state.replay(&state.load(&Catalogue::new(&[])?)?)?;
    /// assert!(replay.position.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&self, game: &Arc<Game>) -> Result<Replay, ApiError> {
        if self.moves.len() > MAX_MOVES {
            return Err(ApiError::bad(format!("{} moves, more than the limit {MAX_MOVES}", self.moves.len())));
        }
        let mut position = self.start(game)?;
        let mut played = Vec::with_capacity(self.moves.len());
        let mut movers = Vec::with_capacity(self.moves.len());
        for (index, text) in self.moves.iter().enumerate() {
            let seat = game.seats[position.to_move().idx()].name.clone();
            match play_entry(&mut position, text) {
                Ok(Some(mv)) => played.push(move_text(game, &mv)),
                Ok(None) => played.push(RESIGN.to_string()),
                Err(reason) => {
                    let text = crate::input::clip(text).to_string();
                    let stopped = Some(Stopped { index, text, reason });
                    return Ok(Replay { position, played, movers, stopped });
                }
            }
            movers.push(seat);
        }
        Ok(Replay { position, played, movers, stopped: None })
    }
}

/// The label of a node, or null for none.
fn label(game: &Game, n: NodeId) -> Value {
    if n.is_some() { json!(game.board.label(n)) } else { Value::Null }
}

/// The JSON the page draws (the answer of `POST /api/state`): the picture (with `selected`'s targets marked), whose turn, the legal moves and per
/// origin their targets, the outcome, the status line and the moves.
pub(crate) fn state_json(state: &GameState, replay: &Replay, selected: Option<&str>) -> Result<Value, ApiError> {
    let pos = &replay.position;
    let game = pos.game();
    let mut marks = Marks::last_move(pos);
    if let Some(from) = selected.filter(|s| !s.is_empty()) {
        let n = game.board.find(from).ok_or_else(|| ApiError::bad(format!("`{from}` is not a node of this board")))?;
        marks = marks.with_targets(pos, n);
    }
    let legal = if pos.is_over() { Vec::new() } else { pos.legal_moves() };
    let mut targets: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let moves: Vec<Value> = legal
        .iter()
        .map(|m| {
            if m.from.is_some() && m.to.is_some() {
                let list = targets.entry(game.board.label(m.from).to_string()).or_default();
                let to = game.board.label(m.to).to_string();
                if !list.contains(&to) {
                    list.push(to);
                }
            }
            json!({"text": move_text(game, m), "from": label(game, m.from), "to": label(game, m.to),
                   "pass": m.is_pass()})
        })
        .collect();
    let outcome = pos.outcome().map(|r| json!({"text": r.for_players(game), "reason": r.reason.to_string()}));
    let seats: Vec<Value> = game.seats.iter().map(|s| json!({"name": s.name, "plays": s.plays})).collect();
    Ok(json!({
        "game": state.game,
        "title": game.title,
        "options": game.options,
        "seats": seats,
        "to_move": game.seats[pos.to_move().idx()].name,
        "ply": pos.ply(),
        "svg": render::svg_marked(pos, &marks),
        "nodes": game.board.node_ids().map(|n| game.board.label(n)).collect::<Vec<_>>(),
        "legal": moves,
        "targets": targets,
        "can_pass": legal.iter().any(|m| m.is_pass()),
        "can_resign": !pos.is_over(),
        "outcome": outcome,
        "status": render::status(pos).trim_end(),
        "holdings": render::holdings(pos),
        "moves": replay.played,
        "movers": replay.movers,
        "fen": state.fen,
        "position_fen": pos.to_fen(),
        "stopped": replay.stopped.as_ref().map(|s| json!({"index": s.index, "move": s.text, "reason": s.reason})),
    }))
}
