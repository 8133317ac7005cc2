//! The routes: the page and its assets, and the JSON API (documented in book/src/playground.md).

use super::state::{GameState, Replay, state_json};
use super::{ApiError, Catalogue, Jobs, MAX_BODY, SimulateRequest, agent_spec};
use crate::record::{GameRecord, RESIGN, to_sgf};
use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::header;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse};
use axum::routing::{get, post};
use axum::{Router, extract::FromRequest};
use qipan_core::notation::{move_text, parse_move};
use qipan_core::render::{self, Marks};
use qipan_core::{Game, Move, NodeId, Position, SeatId};
use rand::SeedableRng;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;
use tokio::sync::broadcast;

/// The most computer moves searched at once (each takes a core for up to its budget).
const MAX_SEARCHES: usize = 2;

/// What every handler shares.
#[derive(Clone)]
struct App {
    catalogue: Arc<Catalogue>,
    jobs: Jobs,
    changes: broadcast::Sender<String>,
    /// Computer moves searched at once; more requests wait their turn.
    searches: Arc<tokio::sync::Semaphore>,
    _watcher: Option<Arc<notify::RecommendedWatcher>>,
}

/// The server's routes over `catalogue`, watching its files for live reload.
///
/// ```
/// let app = qipan::serve::router(qipan::serve::Catalogue::new(&[])?);
/// # let _ = app;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn router(catalogue: Catalogue) -> Router {
    let (changes, _) = broadcast::channel(64);
    // Without a watcher (no inotify left, say) the playground works, only without live reload.
    let watcher = super::watch(&catalogue, changes.clone()).ok().map(Arc::new);
    let searches = Arc::new(tokio::sync::Semaphore::new(MAX_SEARCHES));
    let app = App { catalogue: Arc::new(catalogue), jobs: Jobs::default(), changes, searches, _watcher: watcher };
    Router::new()
        .route("/", get(|| async { Html(include_str!("web/index.html")) }))
        .route("/app.js", get(|| async { ([(header::CONTENT_TYPE, "text/javascript")], include_str!("web/app.js")) }))
        .route(
            "/board.js",
            get(|| async { ([(header::CONTENT_TYPE, "text/javascript")], include_str!("web/board.js")) }),
        )
        .route("/style.css", get(|| async { ([(header::CONTENT_TYPE, "text/css")], include_str!("web/style.css")) }))
        .route("/api/games", get(games))
        .route("/api/state", post(state))
        .route("/api/play", post(play))
        .route("/api/ai", post(ai))
        .route("/api/record/save", post(save))
        .route("/api/record/load", post(load))
        .route("/api/simulate", post(simulate))
        .route("/api/simulate/{id}", get(job))
        .route("/api/events", get(events))
        .fallback(|| async { ApiError::not_found("no such page or endpoint") })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
}

/// A JSON body whose rejection is a JSON error too.
struct Body<T>(T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;
    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(v)) => Ok(Body(v)),
            Err(e) => Err(rejection(e)),
        }
    }
}

fn rejection(e: JsonRejection) -> ApiError {
    ApiError { status: e.status(), message: e.body_text(), diagnostics: None }
}

/// Runs `f` off the async threads: replays and searches take milliseconds to seconds. A panic is a 500 JSON
/// error, not a dropped connection.
async fn blocking<F: FnOnce() -> Result<Value, ApiError> + Send + 'static>(f: F) -> Result<Json<Value>, ApiError> {
    match tokio::task::spawn_blocking(f).await {
        Ok(r) => r.map(Json),
        Err(e) => Err(ApiError {
            status: axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            message: format!("internal error: {e}"),
            diagnostics: None,
        }),
    }
}

async fn games(State(app): State<App>) -> Json<Value> {
    let catalogue = app.catalogue.clone();
    Json(tokio::task::spawn_blocking(move || catalogue.describe()).await.unwrap_or_else(|_| json!({"games": []})))
}

/// `POST /api/state`: the state, with `selected`'s targets marked.
#[derive(Deserialize)]
struct StateRequest {
    #[serde(flatten)]
    state: GameState,
    #[serde(default)]
    selected: Option<String>,
}

async fn state(State(app): State<App>, Body(req): Body<StateRequest>) -> Result<Json<Value>, ApiError> {
    blocking(move || {
        let game = req.state.load(&app.catalogue)?;
        let replay = req.state.replay(&game)?;
        state_json(&req.state, &replay, req.selected.as_deref())
    })
    .await
}

/// The state after the moves, refusing a list with a move the rules refuse.
fn replay_all(app: &App, state: &GameState) -> Result<(Arc<Game>, Replay), ApiError> {
    let game = state.load(&app.catalogue)?;
    let replay = state.replay(&game)?;
    if let Some(s) = &replay.stopped {
        return Err(ApiError::refused(format!("move {} `{}`: {}", s.index + 1, s.text, s.reason)));
    }
    Ok((game, replay))
}

/// `POST /api/play`: one more move, by its text or by the nodes it goes from and to.
#[derive(Deserialize)]
struct PlayRequest {
    #[serde(flatten)]
    state: GameState,
    #[serde(default, rename = "move")]
    text: Option<String>,
    #[serde(default)]
    from: Option<String>,
    #[serde(default)]
    to: Option<String>,
}

/// The node each move's second part goes to: where the Amazons' arrow lands (`then place`), or the piece a
/// mill removes (a `remove` capture away from `to`); `NONE` for a move in one part.
fn second_node(m: &Move) -> NodeId {
    if m.then_place.is_some() {
        m.with_to
    } else if m.take.is_some() && m.take != m.to {
        m.take
    } else {
        NodeId::NONE
    }
}

/// When the moves that fit the nodes clicked differ only in a second part, each on its own node, the page lets
/// the player click that node: the answer maps each node to its move and draws them as targets, beside the
/// `choices` as buttons. `None` when the moves are told apart otherwise (a promotion's piece).
fn second_part(pos: &Position, fits: &[Move], choices: &[String]) -> Option<Value> {
    let game = pos.game();
    let nodes: Vec<NodeId> = fits.iter().map(second_node).collect();
    let distinct = nodes.iter().enumerate().all(|(i, n)| n.is_some() && !nodes[..i].contains(n));
    if !distinct {
        return None;
    }
    let first = fits[0];
    let last = [first.from, first.to].into_iter().filter(|n| n.is_some()).collect();
    let marks = Marks { last, targets: nodes.clone() };
    let second: BTreeMap<&str, &String> = nodes.iter().map(|&n| game.board.label(n)).zip(choices).collect();
    Some(json!({"choices": choices, "second": second, "svg": render::svg_marked(pos, &marks)}))
}

async fn play(State(app): State<App>, Body(req): Body<PlayRequest>) -> Result<Json<Value>, ApiError> {
    blocking(move || {
        let (game, mut replay) = replay_all(&app, &req.state)?;
        let pos = &mut replay.position;
        let mv: Option<Move> = match (&req.text, &req.from, &req.to) {
            (Some(t), _, _) if t.trim() == RESIGN => None,
            (Some(t), _, _) => Some(parse_move(pos, t).map_err(|e| ApiError::refused(e.to_string()))?),
            (None, from, Some(to)) => {
                let node = |l: &str| {
                    game.board
                        .find(l)
                        .ok_or_else(|| ApiError::bad(format!("`{}` is not a node", crate::input::clip(l))))
                };
                let from = from.as_deref().map(node).transpose()?;
                let to = node(to)?;
                let fits: Vec<Move> =
                    pos.legal_moves().into_iter().filter(|m| m.to == to && from.is_none_or(|f| m.from == f)).collect();
                match fits.as_slice() {
                    [] => {
                        return Err(ApiError::refused(format!(
                            "no legal move {}",
                            describe(&req.from, req.to.as_deref())
                        )));
                    }
                    [one] => Some(*one),
                    several => {
                        // Promotions, drops of different pieces, shots after a move: the page asks which.
                        let choices: Vec<String> = several.iter().map(|m| move_text(&game, m)).collect();
                        return Ok(second_part(pos, several, &choices).unwrap_or_else(|| json!({"choices": choices})));
                    }
                }
            }
            _ => return Err(ApiError::bad("give `move` (its text) or `to` (and `from`)")),
        };
        let mut state = req.state.clone();
        let mover = pos.to_move();
        match mv {
            None => {
                pos.resign().map_err(|e| ApiError::refused(format!("resign: {e}")))?;
                state.moves.push(RESIGN.into());
            }
            Some(mv) => {
                let text = move_text(&game, &mv);
                pos.play(&mv).map_err(|e| ApiError::refused(format!("{text}: {e}")))?;
                state.moves.push(text);
            }
        }
        replay.played.push(state.moves.last().cloned().unwrap_or_default());
        replay.movers.push(game.seats[mover.idx()].name.clone());
        let mut v = state_json(&state, &replay, None)?;
        v["played"] = json!(state.moves.last());
        Ok(v)
    })
    .await
}

fn describe(from: &Option<String>, to: Option<&str>) -> String {
    match from {
        Some(f) => format!("from {} to {}", crate::input::clip(f), crate::input::clip(to.unwrap_or(""))),
        None => format!("to {}", crate::input::clip(to.unwrap_or(""))),
    }
}

/// `POST /api/ai`: the move an agent chooses for the side to move (not played).
#[derive(Deserialize)]
struct AiRequest {
    #[serde(flatten)]
    state: GameState,
    agent: String,
    #[serde(default)]
    seed: Option<u64>,
}

async fn ai(State(app): State<App>, Body(req): Body<AiRequest>) -> Result<Json<Value>, ApiError> {
    let permit = app.searches.clone().acquire_owned().await.map_err(|_| ApiError::bad("the server is stopping"))?;
    blocking(move || {
        let _permit = permit;
        let spec = agent_spec(&req.agent)?;
        let (game, replay) = replay_all(&app, &req.state)?;
        if replay.position.is_over() {
            return Err(ApiError::refused("the game is over"));
        }
        let seed = req.seed.unwrap_or(req.state.moves.len() as u64 + 1);
        let mut rng = qipan_core::ai::AgentRng::seed_from_u64(seed);
        let chosen = spec.build().choose(&replay.position, &mut rng).map_err(|e| ApiError::refused(e.to_string()))?;
        match chosen {
            Some(mv) => Ok(json!({"move": move_text(&game, &mv), "agent": spec.to_string()})),
            None => Err(ApiError::refused("no legal move")),
        }
    })
    .await
}

/// `POST /api/record/save`: the game as a qipan record, SGF or FEN.
#[derive(Deserialize)]
struct SaveRequest {
    #[serde(flatten)]
    state: GameState,
    #[serde(default = "qipan_format")]
    format: String,
}

fn qipan_format() -> String {
    "qipan".into()
}

async fn save(State(app): State<App>, Body(req): Body<SaveRequest>) -> Result<Json<Value>, ApiError> {
    blocking(move || {
        let (game, replay) = replay_all(&app, &req.state)?;
        let pos = &replay.position;
        let text = match req.format.as_str() {
            "fen" => pos.to_fen().ok_or_else(|| {
                ApiError::refused(
                    "no FEN for this game: its board is not a grid, or a piece has no symbol FEN can write",
                )
            })?,
            "sgf" => {
                if req.state.fen.as_deref().is_some_and(|f| !f.trim().is_empty()) {
                    return Err(ApiError::refused("a game started from a FEN cannot be written as SGF"));
                }
                let moves = seat_moves(&req.state, &game)?;
                to_sgf(&game, &moves, pos.outcome()).map_err(|e| ApiError::refused(e.to_string()))?.to_sgf()
            }
            "pgn" => {
                if game.seats.len() != 2 || !qipan_core::san::applies(&game) {
                    return Err(ApiError::refused(
                        "PGN records games of two seats whose pieces move (chess and its family)",
                    ));
                }
                let start = req.state.start(&game)?;
                let mut at = start.clone();
                let mut moves = Vec::new();
                for text in &req.state.moves {
                    moves.push(crate::record::play_entry(&mut at, text).map_err(ApiError::refused)?);
                }
                crate::record::to_pgn(&req.state.game, &start, &moves)
            }
            "qipan" => {
                let mut record = GameRecord::new(&req.state.game, &game, &[], pos.outcome());
                record.moves = replay.played.clone();
                record.start = req.state.fen.clone().filter(|f| !f.trim().is_empty());
                record.to_text()
            }
            other => {
                return Err(ApiError::bad(format!(
                    "unknown format `{}`: qipan, sgf, pgn or fen",
                    crate::input::clip(other)
                )));
            }
        };
        Ok(json!({"format": req.format, "text": text}))
    })
    .await
}

/// Each move with the seat that made it (resignations left out), for SGF.
fn seat_moves(state: &GameState, game: &Arc<Game>) -> Result<Vec<(SeatId, Move)>, ApiError> {
    let mut pos = state.start(game)?;
    let mut out = Vec::new();
    for text in &state.moves {
        let seat = pos.to_move();
        if let Some(mv) = crate::record::play_entry(&mut pos, text).map_err(ApiError::refused)? {
            out.push((seat, mv));
        }
    }
    Ok(out)
}

/// `POST /api/record/load`: a record's text read into a state ({game, options, fen, moves}) the page replays.
#[derive(Deserialize)]
struct LoadRequest {
    game: String,
    #[serde(default)]
    options: std::collections::BTreeMap<String, String>,
    #[serde(default)]
    format: Option<String>,
    text: String,
}

async fn load(State(app): State<App>, Body(req): Body<LoadRequest>) -> Result<Json<Value>, ApiError> {
    blocking(move || {
        let text = req.text.trim();
        let format = req.format.clone().unwrap_or_else(|| {
            if text.starts_with('(') {
                "sgf".into()
            } else if text.starts_with('[') || text.starts_with("1.") {
                "pgn".into()
            } else if text.contains("moves:") || text.contains("game:") {
                "qipan".into()
            } else {
                "fen".into()
            }
        });
        let overrides: Vec<(String, String)> = req.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let state = match format.as_str() {
            "qipan" => {
                let record = GameRecord::parse(text).map_err(|e| ApiError::refused(e.to_string()))?;
                let game =
                    if app.catalogue.spec(&record.game).is_ok() { record.game.clone() } else { req.game.clone() };
                GameState {
                    game,
                    options: record.options.clone(),
                    fen: record.start.clone(),
                    moves: record.moves.clone(),
                }
            }
            "fen" => {
                let state = GameState {
                    game: req.game.clone(),
                    options: req.options.clone(),
                    fen: Some(text.into()),
                    moves: vec![],
                };
                state.start(&state.load(&app.catalogue)?)?;
                state
            }
            "sgf" => sgf_state(&app, &req.game, &overrides, text)?,
            "pgn" => {
                // The first game; its `Variant` tag names its game when the playground knows it.
                let pgn = crate::record::parse_pgn(text).map_err(|e| ApiError::refused(e.to_string()))?;
                let game = pgn.variant().filter(|v| app.catalogue.spec(v).is_ok()).unwrap_or_else(|| req.game.clone());
                let record = GameRecord::from_pgn(&pgn, &game);
                GameState { game, options: record.options.clone(), fen: record.start.clone(), moves: record.moves }
            }
            other => {
                return Err(ApiError::bad(format!(
                    "unknown format `{}`: qipan, sgf, pgn or fen",
                    crate::input::clip(other)
                )));
            }
        };
        let game = state.load(&app.catalogue)?;
        let replay = state.replay(&game)?;
        let mut v = state_json(&state, &replay, None)?;
        v["format"] = json!(format);
        Ok(v)
    })
    .await
}

/// An SGF record's moves as texts, on the game with the record's options (size, komi, ...).
fn sgf_state(app: &App, game: &str, overrides: &[(String, String)], text: &str) -> Result<GameState, ApiError> {
    let spec = app.catalogue.spec(game)?;
    let sgf = crate::sgf::parse_sgf(text).map_err(|e| ApiError::refused(e.to_string()))?;
    let options = crate::record::record_options(spec, overrides, &sgf).map_err(|e| ApiError::refused(e.to_string()))?;
    let loaded = crate::load(spec, &options)?;
    // Setup stones (handicap, a problem's position) become the start, as FEN; the moves follow it.
    let fen = if sgf.setup_black.is_empty() && sgf.setup_white.is_empty() {
        None
    } else {
        let setup = crate::record::replay_position(&loaded, &sgf, Some(0), crate::record::Legality::Check)
            .map_err(|e| ApiError::refused(e.to_string()))?;
        Some(setup.position.to_fen().ok_or_else(|| ApiError::refused("this board's positions have no FEN"))?)
    };
    let rows = sgf.size.1;
    let mut moves = Vec::new();
    for event in &sgf.moves {
        match event {
            crate::sgf::SgfEvent::Move(m) => moves.push(match &m.point {
                Some(p) => p.gtp(rows),
                None => "pass".into(),
            }),
            _ => return Err(ApiError::refused("SGF setup in the middle of a game is not read by the playground")),
        }
    }
    let options = loaded.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    Ok(GameState { game: game.into(), options, fen, moves })
}

async fn simulate(State(app): State<App>, Body(req): Body<SimulateRequest>) -> Result<Json<Value>, ApiError> {
    let jobs = app.jobs.clone();
    blocking(move || {
        let id = jobs.start(&app.catalogue, req)?;
        Ok(json!({"job": id, "poll": format!("/api/simulate/{id}")}))
    })
    .await
}

async fn job(State(app): State<App>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let id: u64 =
        id.parse().map_err(|_| ApiError::bad(format!("`{}` is not a job number", crate::input::clip(&id))))?;
    app.jobs.status(id).map(Json)
}

/// `GET /api/events`: a `change` event with the game's id whenever a watched definition file changes.
async fn events(State(app): State<App>) -> impl IntoResponse {
    let rx = app.changes.subscribe();
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        loop {
            match rx.recv().await {
                Ok(id) => {
                    return Some((
                        Ok::<Event, std::convert::Infallible>(Event::default().event("change").data(id)),
                        rx,
                    ));
                }
                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    Sse::new(stream).keep_alive(KeepAlive::default())
}
