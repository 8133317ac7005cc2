//! `qipan._qipan`: the engine for Python. A thin layer over the Rust facade: games, positions, moves,
//! computer players and simulations, with the engine's errors as Python exceptions. Long calls (a
//! simulation, a computer player's search) let other Python threads run.

use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use qipan::core::actions::{ActionSpace, observation_planes, planes};
use qipan::core::ai::{AgentRng, AgentSpec};
use qipan::core::board::RelationId;
use qipan::core::notation::{move_text, parse_move};
use qipan::core::{Game as CoreGame, Move as CoreMove, Position as CorePosition};
use qipan::record::GameRecord;
use qipan::simulate::{GameSummary, Report, Simulation};
use rand::SeedableRng;
use std::sync::{Arc, Mutex, OnceLock};

create_exception!(qipan, QipanError, PyException, "Every error the engine reports.");
create_exception!(
    qipan,
    DefinitionError,
    QipanError,
    "A game that cannot be loaded: its file, line, column and what is wrong."
);
create_exception!(qipan, IllegalMoveError, QipanError, "A move the rules forbid, with the rule it breaks.");
create_exception!(qipan, NotationError, QipanError, "A text that names no legal move.");
create_exception!(qipan, ScriptError, QipanError, "A game's script (hook) failed or ran out of its budget.");

fn err<E: std::fmt::Display>(kind: fn(String) -> PyErr) -> impl Fn(E) -> PyErr {
    move |e| kind(e.to_string())
}

/// An option's value as the definition reads it: `True` is `true`, numbers as written.
fn option_text(v: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(b) = v.extract::<bool>() {
        return Ok(b.to_string());
    }
    Ok(v.str()?.to_string())
}

/// Keyword options as the definition reads them: `(name, value)` pairs.
fn option_pairs(options: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let mut set = Vec::new();
    for (k, v) in options.into_iter().flat_map(|d| d.iter()) {
        set.push((k.str()?.to_string(), option_text(&v)?));
    }
    Ok(set)
}

/// A game, built once from its definition and shared by every position of it.
///
/// >>> import qipan
/// >>> game = qipan.load("xiangqi")
/// >>> game.seats, len(game.nodes), game.pieces[:3]
/// (['red', 'black'], 90, ['general', 'advisor', 'elephant'])
#[pyclass(module = "qipan", frozen, name = "Game")]
struct Game {
    game: Arc<CoreGame>,
    /// The name or path it was loaded by, as records name it.
    source: String,
}

#[pymethods]
impl Game {
    /// The game's short name (`go`).
    #[getter]
    fn name(&self) -> &str {
        &self.game.name
    }

    /// The game's title for people.
    #[getter]
    fn title(&self) -> &str {
        &self.game.title
    }

    /// The seats' names, in seat order: seat `i` is `seats[i]`.
    #[getter]
    fn seats(&self) -> Vec<String> {
        self.game.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// The piece types' names.
    #[getter]
    fn pieces(&self) -> Vec<String> {
        self.game.pieces.iter().map(|p| p.name.clone()).collect()
    }

    /// The board's node labels, in node order.
    #[getter]
    fn nodes(&self) -> Vec<String> {
        self.game.board.node_ids().map(|n| self.game.board.label(n).to_string()).collect()
    }

    /// The starting position.
    fn start(&self) -> Position {
        Position::new(self.game.start(), &self.source)
    }

    /// How many action numbers there are: every move's is below this (see `Position.legal_actions`).
    #[getter]
    fn action_size(&self) -> usize {
        ActionSpace::new(&self.game).size()
    }

    /// The fields of an action number with their sizes, most significant first.
    #[getter]
    fn action_fields(&self) -> Vec<(&'static str, usize)> {
        ActionSpace::new(&self.game).fields()
    }

    /// How many planes `Position.observation` has.
    #[getter]
    fn planes(&self) -> usize {
        planes(&self.game)
    }

    /// The board's edges as pairs of node indices `(i, j)`, `i < j`, each once, over every relation: the
    /// graph a graph network reads.
    fn adjacency(&self) -> Vec<(usize, usize)> {
        let board = &self.game.board;
        let mut pairs = std::collections::BTreeSet::new();
        for r in 0..board.relation_names().len() {
            for n in board.node_ids() {
                for e in board.edges(RelationId(r as u8), n) {
                    if e.to.is_some() && e.to != n {
                        pairs.insert((n.idx().min(e.to.idx()), n.idx().max(e.to.idx())));
                    }
                }
            }
        }
        pairs.into_iter().collect()
    }

    /// The position a FEN describes (where the game has FEN).
    #[pyo3(name = "from_fen")]
    fn position_from_fen(&self, fen: &str) -> PyResult<Position> {
        CorePosition::from_fen(&self.game, fen)
            .map(|pos| Position { start: Start::Fen(fen.to_string()), ..Position::new(pos, &self.source) })
            .map_err(err(NotationError::new_err))
    }

    fn __repr__(&self) -> String {
        format!("<qipan.Game {}>", self.game.name)
    }
}

/// A move of a game. Equal moves compare and hash equal; `str(move)` is its text.
///
/// >>> import qipan
/// >>> pos = qipan.load("chess").start()
/// >>> mv = pos.parse_move("Nf3")
/// >>> str(mv), mv.from_node, mv.to_node, mv == pos.parse_move("g1-f3")
/// ('g1-f3', 'g1', 'f3', True)
#[pyclass(module = "qipan", frozen, name = "Move")]
struct Move {
    mv: CoreMove,
    game: Arc<CoreGame>,
}

#[pymethods]
impl Move {
    /// The move as qipan writes it (`e2-e4`, `E5`, `pass`).
    #[getter]
    fn text(&self) -> String {
        move_text(&self.game, &self.mv)
    }

    /// The node the move leaves, or `None` (placements, passes).
    #[getter(from_node)]
    fn origin(&self) -> Option<String> {
        self.mv.from.is_some().then(|| self.game.board.label(self.mv.from).to_string())
    }

    /// The node the move goes to, or `None` (passes).
    #[getter(to_node)]
    fn destination(&self) -> Option<String> {
        self.mv.to.is_some().then(|| self.game.board.label(self.mv.to).to_string())
    }

    /// Whether the move is a pass.
    #[getter]
    fn is_pass(&self) -> bool {
        self.mv.kind == qipan::core::MoveKind::Pass
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("<qipan.Move {}>", self.text())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Move>().is_ok_and(|o| o.get().mv == self.mv && Arc::ptr_eq(&o.get().game, &self.game))
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.mv.hash(&mut h);
        h.finish()
    }
}

/// A move given as a `Move` or as its text.
#[derive(FromPyObject)]
enum MoveArg<'py> {
    Move(PyRef<'py, Move>),
    Text(String),
}

/// The result of a finished game.
///
/// >>> import qipan
/// >>> pos = qipan.load("chess").start()
/// >>> for text in ["f3", "e5", "g4", "Qh4"]:
/// ...     pos.play(text)
/// >>> pos.outcome.winners, pos.outcome.reason
/// ([1], 'checkmate')
#[pyclass(module = "qipan", frozen, name = "Outcome", get_all)]
struct Outcome {
    /// The winning seats (empty for a draw).
    winners: Vec<usize>,
    /// The score of each seat, where the game is scored.
    scores: Option<Vec<f64>>,
    /// Why the game ended (`checkmate`, `two passes`, ...).
    reason: String,
    /// The result as qipan records it (`B+7.5`, `W+`, `draw`).
    text: String,
}

#[pymethods]
impl Outcome {
    fn __repr__(&self) -> String {
        format!("<qipan.Outcome {} ({})>", self.text, self.reason)
    }
}

/// Where a position's moves start from, for its records.
#[derive(Clone)]
enum Start {
    /// The game's start.
    Game,
    /// A FEN.
    Fen(String),
    /// A record's set-up (an SGF file's stones): no record of it can be written from the moves.
    Record,
}

/// A position: the board, the seat to move, and everything the rules remember.
///
/// >>> import qipan
/// >>> pos = qipan.load("othello").start()
/// >>> len(pos.legal_moves()), pos.to_move
/// (4, 0)
/// >>> pos.play("d3")
/// >>> pos.piece_at("d4")
/// (0, 'disc')
#[pyclass(module = "qipan", name = "Position")]
struct Position {
    pos: CorePosition,
    /// The game's name or path, as records name it.
    source: String,
    start: Start,
    /// The moves played from the start, with the seat that played each.
    moves: Vec<(qipan::core::SeatId, CoreMove)>,
    /// The game's action numbering, made when first asked for.
    space: OnceLock<Arc<ActionSpace>>,
    /// The legal moves by action number, as `legal_actions` last found them (until the next move).
    actions: Option<Vec<(usize, CoreMove)>>,
}

impl Position {
    fn new(pos: CorePosition, source: &str) -> Position {
        Position {
            pos,
            source: source.to_string(),
            start: Start::Game,
            moves: Vec::new(),
            space: OnceLock::new(),
            actions: None,
        }
    }

    fn space(&self) -> &ActionSpace {
        self.space.get_or_init(|| Arc::new(ActionSpace::new(self.pos.game())))
    }

    fn play_move(&mut self, mv: &CoreMove) -> PyResult<()> {
        self.actions = None;
        let seat = self.pos.to_move();
        self.pos.play(mv).map_err(|e| match e {
            qipan::core::PlayError::Illegal(i) => IllegalMoveError::new_err(i.to_string()),
            qipan::core::PlayError::Hook(h) => ScriptError::new_err(h.to_string()),
        })?;
        self.moves.push((seat, *mv));
        Ok(())
    }

    fn wrap(&self, mv: CoreMove) -> Move {
        Move { mv, game: self.pos.game_arc().clone() }
    }

    fn resolve(&self, mv: MoveArg<'_>) -> PyResult<CoreMove> {
        match mv {
            MoveArg::Move(m) => Ok(m.mv),
            MoveArg::Text(t) => parse_move(&self.pos, &t).map_err(err(NotationError::new_err)),
        }
    }
}

#[pymethods]
impl Position {
    /// The game this is a position of.
    #[getter]
    fn game(&self) -> Game {
        Game { game: self.pos.game_arc().clone(), source: self.source.clone() }
    }

    /// The legal moves of the seat to move (empty when the game is over).
    fn legal_moves(&self) -> Vec<Move> {
        let game = self.pos.game_arc();
        self.pos.legal_moves().into_iter().map(|mv| Move { mv, game: game.clone() }).collect()
    }

    /// Plays a move, given as a `Move` or as its text (`e4`, `e2-e4`, `E5`). An illegal move raises
    /// `IllegalMoveError` naming the rule it breaks, and leaves the position as it was.
    fn play(&mut self, mv: MoveArg<'_>) -> PyResult<()> {
        let mv = self.resolve(mv)?;
        self.play_move(&mv)
    }

    /// The action numbers of the legal moves, each once (moves that differ only in their route share one).
    fn legal_actions(&mut self) -> Vec<usize> {
        let moves = self.space().legal_moves(&self.pos);
        let out = moves.iter().map(|&(a, _)| a).collect();
        self.actions = Some(moves);
        out
    }

    /// Plays the legal move whose action number is `action`; raises `IllegalMoveError` when none is.
    fn play_action(&mut self, action: usize) -> PyResult<()> {
        let known = self.actions.as_ref().map(|moves| moves.iter().find(|&&(a, _)| a == action).map(|&(_, m)| m));
        let mv = known
            .unwrap_or_else(|| self.space().decode(&self.pos, action))
            .ok_or_else(|| IllegalMoveError::new_err(format!("no legal move has the action number {action}")))?;
        self.play_move(&mv)
    }

    /// The action number of a move.
    fn action_of(&self, mv: MoveArg<'_>) -> PyResult<usize> {
        let mv = self.resolve(mv)?;
        Ok(self.space().encode(&mv))
    }

    /// The legal move an action number stands for, or `None`.
    fn move_of(&self, action: usize) -> Option<Move> {
        self.space().decode(&self.pos, action).map(|mv| self.wrap(mv))
    }

    /// The position as `game.planes × len(game.nodes)` 32-bit floats (native byte order), plane after
    /// plane: per seat and piece type the pieces on each node, per seat and piece type the pieces in hand
    /// (games with reserves), per seat all ones for the seat to move. `numpy.frombuffer(..., "float32")`
    /// reads it.
    fn observation<'py>(&self, py: Python<'py>) -> Bound<'py, pyo3::types::PyBytes> {
        let planes = observation_planes(&self.pos);
        let bytes: Vec<u8> = planes.iter().flat_map(|v| v.to_ne_bytes()).collect();
        pyo3::types::PyBytes::new(py, &bytes)
    }

    /// The move a text names in this position, without playing it.
    fn parse_move(&self, text: &str) -> PyResult<Move> {
        parse_move(&self.pos, text).map(|mv| self.wrap(mv)).map_err(err(NotationError::new_err))
    }

    /// The seat to move, as an index into `game.seats`.
    #[getter]
    fn to_move(&self) -> usize {
        self.pos.to_move().idx()
    }

    /// Plies played from the start.
    #[getter]
    fn ply(&self) -> u32 {
        self.pos.ply()
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.pos.is_over()
    }

    /// The result, once the game is over; `None` before.
    #[getter]
    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome().map(|r| Outcome {
            winners: r.winners.iter().map(|s| s.idx()).collect(),
            scores: r.scores.clone(),
            reason: r.reason.to_string(),
            text: r.text.clone(),
        })
    }

    /// The piece on a node as `(seat, piece name)`, or `None` when it is empty.
    fn piece_at(&self, node: &str) -> PyResult<Option<(usize, String)>> {
        let game = self.pos.game();
        let n =
            game.board.find(node).ok_or_else(|| PyValueError::new_err(format!("no node `{node}` on this board")))?;
        Ok(self.pos.cell(n).map(|p| (p.seat.idx(), game.pieces[p.piece.idx()].name.clone())))
    }

    /// The board as text, as `qipan play` draws it.
    fn text(&self) -> String {
        qipan::core::render::text(&self.pos)
    }

    /// The board as an SVG picture.
    fn svg(&self) -> String {
        qipan::core::render::svg(&self.pos)
    }

    /// The position in FEN, where the game has FEN; `None` elsewhere.
    fn fen(&self) -> Option<String> {
        self.pos.to_fen()
    }

    /// The text of a move in this position (`e2-e4`).
    fn move_text(&self, mv: PyRef<'_, Move>) -> String {
        move_text(self.pos.game(), &mv.mv)
    }

    /// The moves played so far, in order.
    #[getter]
    fn moves(&self) -> Vec<Move> {
        self.moves.iter().map(|&(_, mv)| self.wrap(mv)).collect()
    }

    /// The game so far as a qipan record (the YAML `qipan replay` and `play --load` read).
    fn record(&self) -> PyResult<String> {
        let moves: Vec<CoreMove> = self.moves.iter().map(|&(_, mv)| mv).collect();
        let mut record = GameRecord::new(&self.source, self.pos.game(), &moves, self.pos.outcome());
        match &self.start {
            Start::Game => {}
            Start::Fen(fen) => record.start = Some(fen.clone()),
            Start::Record => {
                return Err(QipanError::new_err("this position was set up from a record: write that record"));
            }
        }
        Ok(record.to_text())
    }

    /// The game so far as SGF, where the board is a grid (Go and its family).
    fn sgf(&self) -> PyResult<String> {
        if !matches!(self.start, Start::Game) {
            return Err(QipanError::new_err("SGF records games from their start; this position began elsewhere"));
        }
        qipan::record::to_sgf(self.pos.game(), &self.moves, self.pos.outcome())
            .map(|sgf| sgf.to_sgf())
            .map_err(|e| QipanError::new_err(format!("no SGF for this game: {e}")))
    }

    /// An independent copy.
    fn copy(&self) -> Position {
        Position {
            pos: self.pos.clone(),
            source: self.source.clone(),
            start: self.start.clone(),
            moves: self.moves.clone(),
            space: self.space.clone(),
            actions: self.actions.clone(),
        }
    }

    fn __copy__(&self) -> Position {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Position {
        self.copy()
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("<qipan.Position {} ply {}>", self.pos.game().name, self.pos.ply())
    }
}

/// A computer player, made from a spec (`random`, `greedy`, `mcts:iterations=500`).
///
/// >>> import qipan
/// >>> pos = qipan.load("chess").start()
/// >>> for text in ["f3", "e5", "g4"]:
/// ...     pos.play(text)
/// >>> qipan.agent("greedy").choose(pos).text   # the mate in one
/// 'd8-h4'
#[pyclass(module = "qipan", frozen, name = "Agent")]
struct Agent {
    spec: String,
    state: Mutex<(Box<dyn qipan::core::ai::Agent>, AgentRng)>,
}

#[pymethods]
impl Agent {
    /// The spec the player was made from.
    #[getter]
    fn spec(&self) -> &str {
        &self.spec
    }

    /// The move the player chooses for the seat to move, or `None` when it has none (the game is over).
    fn choose(&self, py: Python<'_>, pos: PyRef<'_, Position>) -> PyResult<Option<Move>> {
        let p = pos.pos.clone();
        let chosen = py.detach(|| {
            let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            let (agent, rng) = &mut *state;
            agent.choose(&p, rng)
        });
        let chosen = chosen.map_err(err(ScriptError::new_err))?;
        Ok(chosen.map(|mv| pos.wrap(mv)))
    }

    /// How the player judges the position: each seat's expected share of the result (1 a sure win, 0 a
    /// sure loss), by seat name, and the move it would play; `None` for players that do not judge
    /// positions (`random`, `greedy`) and when the game is over.
    ///
    /// >>> import qipan
    /// >>> pos = qipan.load("tic-tac-toe").start()
    /// >>> shares, best = qipan.agent("mcts:iterations=100000").evaluate(pos)
    /// >>> shares   # the solver proves it a draw
    /// {'x': 0.5, 'o': 0.5}
    /// >>> best in pos.legal_moves()
    /// True
    fn evaluate(&self, py: Python<'_>, pos: PyRef<'_, Position>) -> PyResult<Option<(Py<PyDict>, Option<Move>)>> {
        let p = pos.pos.clone();
        if p.is_over() {
            return Ok(None);
        }
        let judged = py.detach(|| {
            let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
            let (agent, rng) = &mut *state;
            agent.evaluate(&p, rng)
        });
        let Some(judged) = judged.map_err(err(ScriptError::new_err))? else { return Ok(None) };
        // In seat order, as the game lists them.
        let shares = PyDict::new(py);
        for (seat, &r) in p.game().seats.iter().zip(&judged.rewards) {
            shares.set_item(&seat.name, r)?;
        }
        Ok(Some((shares.unbind(), judged.best.map(|mv| pos.wrap(mv)))))
    }

    fn __repr__(&self) -> String {
        format!("<qipan.Agent {}>", self.spec)
    }
}

/// Loads a game: the name of a built-in game, of a game of the library, or a definition file's path,
/// with options as keywords (`load("go", size=9)`).
#[pyfunction]
#[pyo3(signature = (name, **options))]
fn load(name: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
    let set = option_pairs(options)?;
    qipan::load(name, &set).map(|game| Game { game, source: name.to_string() }).map_err(err(DefinitionError::new_err))
}

/// Loads a game from a definition's text; `file` names it in error messages.
#[pyfunction]
#[pyo3(signature = (text, file = "game.yaml", **options))]
fn loads(text: &str, file: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
    let set = option_pairs(options)?;
    qipan::load_str(file, text, &set)
        .map(|game| Game { game, source: file.to_string() })
        .map_err(err(DefinitionError::new_err))
}

/// The position at the end of a qipan record (the YAML `qipan play --record` writes), its moves
/// replayed; a move the rules refuse raises `IllegalMoveError` with its number.
#[pyfunction]
fn read_record(text: &str) -> PyResult<Position> {
    let record = GameRecord::parse(text).map_err(err(DefinitionError::new_err))?;
    let game = record.load_game().map_err(err(DefinitionError::new_err))?;
    let start = match &record.start {
        Some(fen) => CorePosition::from_fen(&game, fen).map_err(err(NotationError::new_err))?,
        None => game.start(),
    };
    let mut pos =
        Position { start: record.start.clone().map_or(Start::Game, Start::Fen), ..Position::new(start, &record.game) };
    // Each entry as `qipan replay` plays it, keeping who played it for the records written later.
    for (i, entry) in record.moves.iter().enumerate() {
        let seat = pos.pos.to_move();
        match qipan::record::play_entry(&mut pos.pos, entry) {
            Ok(played) => pos.moves.extend(played.map(|mv| (seat, mv))),
            Err(reason) => return Err(IllegalMoveError::new_err(format!("move {} `{entry}`: {reason}", i + 1))),
        }
    }
    Ok(pos)
}

/// The position at the end of an SGF record's main line, on `game` (Go by default) with its options as
/// keywords; the record's board size, komi and handicap stones apply. Its stones are a set-up: `record()`
/// and `sgf()` of it are refused (the SGF is the record).
#[pyfunction]
#[pyo3(signature = (text, game = "go", **options))]
fn read_sgf(text: &str, game: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Position> {
    let set = option_pairs(options)?;
    let sgf = qipan::sgf::parse_sgf(text).map_err(err(NotationError::new_err))?;
    let built = qipan::record::game_for_record(game, &set, &sgf).map_err(err(DefinitionError::new_err))?;
    let replayed = qipan::record::replay_position(&built, &sgf, None, qipan::record::Legality::Check)
        .map_err(err(QipanError::new_err))?;
    if let Some((number, why)) = replayed.illegal {
        return Err(IllegalMoveError::new_err(format!("move {number}: {why}")));
    }
    Ok(Position { start: Start::Record, ..Position::new(replayed.position, game) })
}

/// The names of the built-in games.
#[pyfunction]
fn games() -> Vec<String> {
    qipan::games::BUILTIN.iter().map(|(name, _)| name.to_string()).collect()
}

/// A computer player from its spec; `seed` seeds its random choices.
#[pyfunction]
#[pyo3(signature = (spec, seed = 1))]
fn agent(spec: &str, seed: u64) -> PyResult<Agent> {
    let parsed = AgentSpec::parse(spec).map_err(|e| PyValueError::new_err(format!("`{spec}`: {e}")))?;
    Ok(Agent { spec: spec.to_string(), state: Mutex::new((parsed.build(), AgentRng::seed_from_u64(seed))) })
}

/// A simulation of `games` games set up as the arguments say.
fn simulation(
    game: &Game,
    games: usize,
    seed: u64,
    agents: Option<Vec<Option<String>>>,
    threads: usize,
) -> PyResult<Simulation> {
    let mut sim = Simulation::new(game.game.clone(), games).with_seed(seed).with_threads(threads);
    for (seat, spec) in agents.unwrap_or_default().into_iter().enumerate() {
        if let Some(text) = spec {
            let spec = AgentSpec::parse(&text).map_err(|e| PyValueError::new_err(format!("`{text}`: {e}")))?;
            sim = sim.with_agent(seat, spec).map_err(err(PyValueError::new_err))?;
        }
    }
    Ok(sim)
}

/// The report and records as JSON, as `qipan simulate --json` writes them.
fn report_of(sim: &Simulation, records: &[GameSummary]) -> Result<String, String> {
    let report = Report::new(sim, records);
    let mut v = serde_json::to_value(&report).map_err(|e| e.to_string())?;
    v["records"] = serde_json::to_value(records).map_err(|e| e.to_string())?;
    Ok(v.to_string())
}

/// The report of a study whose games were played apart: `records` is the JSON list of every game's
/// record (in any order), as `simulate_json` gives them.
#[pyfunction]
#[pyo3(signature = (game, games, records, seed = 1, agents = None))]
fn report_json(
    game: PyRef<'_, Game>,
    games: usize,
    records: &str,
    seed: u64,
    agents: Option<Vec<Option<String>>>,
) -> PyResult<String> {
    let sim = simulation(&game, games, seed, agents, 1)?;
    let mut records: Vec<GameSummary> =
        serde_json::from_str(records).map_err(|e| PyValueError::new_err(format!("records: {e}")))?;
    records.sort_by_key(|r| r.index);
    let indices: Vec<usize> = records.iter().map(|r| r.index).collect();
    if indices != (0..games).collect::<Vec<_>>() {
        return Err(PyValueError::new_err(format!("records: {} of games 0..{games}, not each once", records.len())));
    }
    report_of(&sim, &records).map_err(QipanError::new_err)
}

/// Plays games `first..first + count` of a simulation and returns the report and the records as JSON,
/// as `qipan simulate --json` writes them. Game `i`'s seed depends only on `seed` and `i`.
#[pyfunction]
#[pyo3(signature = (game, games, seed = 1, agents = None, threads = 0, first = 0, count = None, moves = false))]
#[allow(clippy::too_many_arguments)]
fn simulate_json(
    py: Python<'_>,
    game: PyRef<'_, Game>,
    games: usize,
    seed: u64,
    agents: Option<Vec<Option<String>>>,
    threads: usize,
    first: usize,
    count: Option<usize>,
    moves: bool,
) -> PyResult<String> {
    let mut sim = simulation(&game, games, seed, agents, threads)?;
    if moves {
        sim = sim.with_moves();
    }
    let count = count.unwrap_or(games.saturating_sub(first));
    if first.checked_add(count).is_none_or(|end| end > games) {
        return Err(PyValueError::new_err(format!("games {first}..{} are not among the {games}", first + count)));
    }
    let out = py.detach(|| -> Result<String, String> {
        let records = if first == 0 && count == games {
            sim.run(&|_| {}).map_err(|e| e.to_string())?
        } else {
            (first..first + count).map(|i| sim.play(i)).collect::<Result<Vec<_>, _>>().map_err(|e| e.to_string())?
        };
        report_of(&sim, &records)
    });
    out.map_err(ScriptError::new_err)
}

#[pymodule]
fn _qipan(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Game>()?;
    m.add_class::<Position>()?;
    m.add_class::<Move>()?;
    m.add_class::<Outcome>()?;
    m.add_class::<Agent>()?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(loads, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(agent, m)?)?;
    m.add_function(wrap_pyfunction!(simulate_json, m)?)?;
    m.add_function(wrap_pyfunction!(report_json, m)?)?;
    m.add_function(wrap_pyfunction!(read_record, m)?)?;
    m.add_function(wrap_pyfunction!(read_sgf, m)?)?;
    m.add("QipanError", py.get_type::<QipanError>())?;
    m.add("DefinitionError", py.get_type::<DefinitionError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("NotationError", py.get_type::<NotationError>())?;
    m.add("ScriptError", py.get_type::<ScriptError>())?;
    Ok(())
}
