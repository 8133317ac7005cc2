//! Rhai-scripted hooks: the [`Hooks`] implementation behind the `hooks:` section of a definition.
//!
//! Each hook source is the *body* of a function: a Rhai script whose value (or `return` value) is
//! the hook's answer. It is compiled once, as written (so line numbers are those of the definition
//! file), and evaluated with a fresh [`Scope`] holding the hook's variables every time:
//!
//! | point            | variables                            | returns                                   |
//! |------------------|--------------------------------------|-------------------------------------------|
//! | `filter_move`    | `pos`, `mv`                          | `true`/`()` allow, `false` or a reason forbid |
//! | `after_move`     | `pos`, `mv`                          | ignored; may queue actions                |
//! | `on_capture`     | `pos`, `node`, `piece`, `owner`, `by` | ignored; may queue actions               |
//! | `on_elimination` | `pos`, `seat`                        | ignored; may queue actions                |
//! | `game_over`      | `pos`                                | `()`/`false`, a seat, or an array of seats |
//! | `score`          | `pos`, `seat`                        | a number, or `()` for the built-in score  |
//!
//! `pos` is a read-only snapshot of the position. Action functions (`remove`, `place`,
//! `set_counter`, `eliminate`, `transfer`, `add_reserve`) do not change it: they queue
//! [`HookAction`]s in a per-call queue, which the engine applies after the hook returns. The queue
//! lives in a thread-local slot installed for the duration of one call (and restored afterwards),
//! so calls from several threads never mix. A script may define helper functions with `fn`; as
//! usual in Rhai they do not see the hook's variables, so pass `pos` to them.
//!
//! The engine is sandboxed: [`Engine::new_raw`] with the standard package only (no file, network
//! or clock access), `eval` and `import` disabled, `print`/`debug` silenced, strict variables, and
//! every limit of [`HookLimits`] enforced, so a runaway script ends with a [`HookError`].

use qipan_core::board::NodeId;
use qipan_core::game::Game;
use qipan_core::hooks::{HookAction, HookBudget, HookError, HookOutcome, HookPoint, Hooks};
use qipan_core::moves::{Move, MoveKind};
use qipan_core::position::{Piece, PlayError, Position};
use rhai::packages::{Package, StandardPackage};
use rhai::{AST, Array, Dynamic, Engine, EvalAltResult, Map, Scope};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// The names of the hook points a definition may use, in documentation order
/// (the same as [`HookPoint::ALL`] mapped through [`HookPoint::name`]).
pub const HOOK_POINTS: &[&str] = &["filter_move", "after_move", "on_capture", "on_elimination", "game_over", "score"];

/// The longest hook body, in bytes: 10 times the longest shipped hook (about 3 KB). Rhai's parser looks each
/// variable up among all those declared before it, so compiling takes time that grows with the square of a
/// hook's length (200,000 `let`s: over a minute); at this size the worst case compiles in about 0.2 s.
///
/// ```
/// use qipan_dsl::hooks::{HookLimits, HookSource, MAX_HOOK_BYTES, RhaiHooks};
///
/// let code = "1;".repeat(MAX_HOOK_BYTES / 2 + 1);
/// let src = HookSource { point: "score".into(), code, file: "game.yaml".into(), line: 7 };
/// let err = RhaiHooks::compile(vec![src], HookLimits::default(), vec![]).unwrap_err();
/// assert_eq!(err.line, 7);
/// assert!(err.message.starts_with("the hook is 32770 bytes long, more than the limit of 32768"), "{err}");
/// ```
pub const MAX_HOOK_BYTES: usize = 32 << 10;

/// One hook's source as written in the definition file.
///
/// `line` places the errors of the hook in the definition file:
///
/// ```
/// use qipan_dsl::hooks::{HookLimits, HookSource, RhaiHooks};
///
/// // A `score` hook whose body starts on line 40 of the file, with a mistake on its second line.
/// let src = HookSource { point: "score".into(), code: "let n = 2;\nn +* 3".into(), file: "game.yaml".into(), line: 40 };
/// let err = RhaiHooks::compile(vec![src], HookLimits::default(), vec![]).unwrap_err();
/// assert_eq!((err.point.as_str(), err.line), ("score", 41));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookSource {
    /// The hook point (`after_move`, ...); see [`HOOK_POINTS`].
    pub point: String,
    /// The body of the hook, in Rhai.
    pub code: String,
    /// The definition file the hook is written in, as errors name it (a base's file for a hook a variant
    /// inherits).
    pub file: String,
    /// The 1-based line of that file where `code` starts.
    pub line: usize,
}

/// Limits every hook runs under. A value of zero is raised to one.
///
/// `max_operations` bounds one call; `max_total_operations` bounds all the calls of one unit of work
/// (a [`HookBudget`] scope: a command, a game, a move generation), so a hook called without end fails
/// too:
///
/// ```
/// use qipan::core::hooks::{HookBudget, Hooks};
/// use qipan_dsl::hooks::{HookLimits, HookSource, RhaiHooks};
///
/// let limits = HookLimits { max_total_operations: 10_000, ..HookLimits::default() };
/// let src = HookSource { point: "score".into(), code: "let x = 0; for i in 0..100 { x += i; } x".into(), file: "game.yaml".into(), line: 3 };
/// let hooks = RhaiHooks::compile(vec![src], limits, vec![])?;
/// let pos = qipan::load("go", &[])?.start();
/// let _command = HookBudget::open();
/// let mut calls = 0;
/// let err = loop {
///     match hooks.score(&pos, 0) {
///         Ok(_) => calls += 1,
///         Err(e) => break e,
///     }
/// };
/// // Each call takes a few hundred operations: a few dozen calls fit, not one and not all.
/// assert!((2..1000).contains(&calls), "{calls} calls fit in the budget");
/// assert_eq!((err.hook.as_str(), err.line), ("score", 3));
/// assert!(err.message.contains("10000 operations in all"), "{err}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// ```
/// use qipan::core::hooks::Hooks;
/// use qipan_dsl::hooks::{HookLimits, HookSource, RhaiHooks};
///
/// assert_eq!(HookLimits::default().max_operations, 1_000_000);
/// let limits = HookLimits { max_operations: 1000, ..HookLimits::default() };
/// let src = HookSource { point: "score".into(), code: "loop {}".into(), file: "game.yaml".into(), line: 1 };
/// let hooks = RhaiHooks::compile(vec![src], limits, vec![])?;
/// let game = qipan::load("go", &[])?;
/// // The endless loop is stopped after 1000 operations.
/// let err = hooks.score(&game.start(), 0).unwrap_err();
/// assert_eq!(err.hook, "score");
/// assert!(err.message.contains("operations"), "{err}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookLimits {
    /// Most operations one call may perform (stops endless loops).
    pub max_operations: u64,
    /// Most operations all calls together may perform in one [`HookBudget`] scope (a command, a game of a
    /// simulation, a move generation or a move played outside them).
    pub max_total_operations: u64,
    /// Deepest nesting of calls to functions the script defines.
    pub max_call_levels: usize,
    /// Longest string, in bytes.
    pub max_string_size: usize,
    /// Largest array (also the most actions one call may queue).
    pub max_array_size: usize,
    /// Largest object map (see [`RhaiHooks`] for how `map[key] = value` is kept within it).
    pub max_map_size: usize,
    /// Deepest nesting of expressions and blocks, checked when compiling: by default [`crate::MAX_NESTING`], the
    /// limit of the definition language.
    pub max_expr_depth: usize,
}

/// The default [`HookLimits::max_total_operations`]: about five seconds of script, some fifteen times what
/// a game of Seven Kingdoms between MCTS agents spends.
///
/// ```
/// use qipan_dsl::hooks::{HookLimits, TOTAL_OPERATIONS};
///
/// assert_eq!(HookLimits::default().max_total_operations, TOTAL_OPERATIONS);
/// assert_eq!(TOTAL_OPERATIONS, 50 * HookLimits::default().max_operations);
/// ```
pub const TOTAL_OPERATIONS: u64 = 50_000_000;

impl Default for HookLimits {
    fn default() -> Self {
        HookLimits {
            max_operations: 1_000_000,
            max_total_operations: TOTAL_OPERATIONS,
            max_call_levels: 32,
            max_string_size: 4096,
            max_array_size: 10_000,
            max_map_size: 1000,
            max_expr_depth: crate::MAX_NESTING,
        }
    }
}

/// A hook that could not be compiled: an unknown point, a duplicate, or a syntax error.
///
/// ```
/// use qipan_dsl::hooks::{HookLimits, HookSource, RhaiHooks};
///
/// let src = HookSource { point: "on_move".into(), code: "true".into(), file: "game.yaml".into(), line: 12 };
/// let err = RhaiHooks::compile(vec![src], HookLimits::default(), vec![]).unwrap_err();
/// assert_eq!((err.point.as_str(), err.line, err.column), ("on_move", 12, 0));
/// assert!(err.to_string().starts_with("hook `on_move`, line 12, column 0: unknown hook point `on_move`"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("hook `{point}`, line {line}, column {column}: {message}")]
pub struct HookCompileError {
    /// The hook point as written.
    pub point: String,
    /// The line in the definition file.
    pub line: usize,
    /// The 1-based column on that line (0 if unknown).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// One compiled hook.
struct CompiledHook {
    point: HookPoint,
    ast: AST,
    /// The definition file it is written in.
    file: String,
    /// First line of the body in the definition file.
    line: usize,
    /// Number of lines of the body.
    lines: usize,
}

impl CompiledHook {
    /// Maps a position in the hook's code to (file line, column); the first line of the hook
    /// when the position is unknown.
    fn locate(&self, pos: rhai::Position) -> (usize, usize) {
        let Some(l) = pos.line() else {
            return (self.line, 0);
        };
        if l > self.lines {
            return (self.line + self.lines - 1, 0);
        }
        (self.line + l - 1, pos.position().unwrap_or(0))
    }
}

/// Scripted hooks compiled from a definition's `hooks:` section. Cheap to share: compile once,
/// put it in an `Arc`, and call it from any thread.
///
/// It implements core's [`Hooks`]; the engine calls it, or a host may:
///
/// ```
/// use qipan::core::{hooks::Hooks, notation::parse_move};
/// use qipan_dsl::hooks::{HookLimits, HookSource, RhaiHooks};
///
/// let code = r#"if mv.to == "E5" { return "the centre is kept free"; } true"#;
/// let src = HookSource { point: "filter_move".into(), code: code.into(), file: "game.yaml".into(), line: 1 };
/// let hooks = RhaiHooks::compile(vec![src], HookLimits::default(), vec![])?;
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let pos = game.start();
/// let reason = hooks.filter_move(&pos, &parse_move(&pos, "E5")?)?;
/// assert_eq!(reason.as_deref(), Some("the centre is kept free"));
/// assert_eq!(hooks.filter_move(&pos, &parse_move(&pos, "D4")?)?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Every limit of [`HookLimits`] is enforced by Rhai, except that Rhai does not check a map's size
/// after `map[new_key] = value`; to close that gap, array and map variables are measured when the
/// script reads them (amortised, a few steps per access), and arrays and maps may not be nested
/// more than 256 levels deep.
pub struct RhaiHooks {
    engine: Engine,
    hooks: [Option<CompiledHook>; 6],
    limits: HookLimits,
    counters: Vec<String>,
}

impl fmt::Debug for RhaiHooks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let points: Vec<(&str, usize)> = self.hooks.iter().flatten().map(|h| (h.point.name(), h.line)).collect();
        f.debug_struct("RhaiHooks").field("hooks", &points).field("limits", &self.limits).finish()
    }
}

fn point_index(p: HookPoint) -> usize {
    HookPoint::ALL.iter().position(|&q| q == p).unwrap_or_default()
}

/// The variables a hook point sees, in the order [`RhaiHooks::call`] gets their values.
fn params(p: HookPoint) -> &'static [&'static str] {
    match p {
        HookPoint::FilterMove | HookPoint::AfterMove => &["pos", "mv"],
        HookPoint::OnCapture => &["pos", "node", "piece", "owner", "by"],
        HookPoint::OnElimination | HookPoint::Score => &["pos", "seat"],
        HookPoint::GameOver => &["pos"],
    }
}

/// A read-only snapshot of a position, as scripts see it (`pos`).
#[derive(Clone)]
struct PosView(Arc<View>);

/// The position a hook sees, and the game it belongs to.
struct View {
    game: Arc<Game>,
    pos: Position,
}

impl PosView {
    fn new(pos: &Position) -> PosView {
        PosView(Arc::new(View { game: pos.game_arc().clone(), pos: pos.clone() }))
    }
}

type RhaiResult<T> = Result<T, Box<EvalAltResult>>;

fn rt<T>(msg: String) -> RhaiResult<T> {
    Err(msg.into())
}

impl View {
    fn node(&self, label: &str) -> RhaiResult<NodeId> {
        match self.game.board.find(label) {
            Some(n) => Ok(n),
            None => rt(format!("there is no node `{label}` on this board")),
        }
    }

    fn seat(&self, seat: i64) -> RhaiResult<u8> {
        match u8::try_from(seat) {
            Ok(s) if (s as usize) < self.game.seats.len() => Ok(s),
            _ => rt(format!("there is no seat {seat} (seats are 0 to {})", self.game.seats.len().saturating_sub(1))),
        }
    }

    fn piece(&self, name: &str) -> RhaiResult<u8> {
        match self.game.piece(name) {
            Some(p) => Ok(p),
            None => {
                let names: Vec<&str> = self.game.pieces.iter().map(|p| p.name.as_str()).collect();
                rt(format!("there is no piece type `{name}` (the pieces are: {})", names.join(", ")))
            }
        }
    }

    fn piece_name(&self, p: u8) -> String {
        self.game.pieces.get(p as usize).map(|t| t.name.clone()).unwrap_or_default()
    }

    fn count(&self, seat: i64, piece: &str) -> RhaiResult<i64> {
        let seat = if seat < 0 { None } else { Some(self.seat(seat)?) };
        let piece = if piece.is_empty() { None } else { Some(self.piece(piece)?) };
        Ok(self
            .pos
            .cells()
            .iter()
            .flatten()
            .filter(|c| seat.is_none_or(|s| c.seat == s) && piece.is_none_or(|p| c.piece == p))
            .count() as i64)
    }

    fn in_zone(&self, label: &str, zone: &str, seat: u8) -> RhaiResult<bool> {
        let n = self.node(label)?;
        let board = &self.game.board;
        let z = match board.zone(zone) {
            Some(z) => Some(z),
            None => match self.game.zone_aliases.iter().position(|a| a == zone) {
                Some(alias) => self.game.seat_zone(seat, alias as u8),
                None => {
                    return rt(format!(
                        "there is no zone `{zone}` (zones: {})",
                        board
                            .zone_names()
                            .iter()
                            .chain(&self.game.zone_aliases)
                            .map(String::as_str)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
            },
        };
        Ok(z.is_some_and(|z| z < 64 && board.node(n).zones & (1u64 << z) != 0))
    }
}

/// What the action functions of the running call see: the position and, for hooks that may
/// act, the queue of actions.
struct CallCtx {
    view: PosView,
    actions: Option<Vec<HookAction>>,
    /// Per array or map variable (by address): accesses since its size was last measured, and
    /// the cost of that measurement. See [`guard_size`].
    guards: HashMap<usize, (u64, u64)>,
}

thread_local! {
    /// The call running on this thread, if any.
    static CURRENT: RefCell<Option<CallCtx>> = const { RefCell::new(None) };
    /// For the call running on this thread: the operations it may perform before the overall budget is
    /// spent, and the operations it has performed (kept by the engine's progress callback).
    static OPERATIONS: Cell<(u64, u64)> = const { Cell::new((u64::MAX, 0)) };
}

/// The token with which the progress callback stops a call that spends the last of the overall budget.
const OUT_OF_BUDGET: &str = "out of budget";

/// Installs a call's context on this thread and puts the previous one back when dropped, even
/// if the evaluation unwinds.
struct Installed {
    prev: Option<CallCtx>,
}

impl Installed {
    fn new(ctx: CallCtx) -> Installed {
        Installed { prev: CURRENT.with(|c| c.replace(Some(ctx))) }
    }

    /// Takes the context back (with the actions it queued).
    fn finish(self) -> Option<CallCtx> {
        CURRENT.with(|c| c.take())
    }
}

impl Drop for Installed {
    fn drop(&mut self) {
        let prev = self.prev.take();
        CURRENT.with(|c| c.replace(prev));
    }
}

/// Queues the action built by `make`, after checking the hook may act.
fn queue(what: &str, max: usize, make: impl FnOnce(&View) -> RhaiResult<HookAction>) -> RhaiResult<()> {
    CURRENT.with(|c| {
        let Ok(mut c) = c.try_borrow_mut() else {
            return rt(format!("{what}() cannot be called here"));
        };
        let Some(call) = c.as_mut() else {
            return rt(format!("{what}() is only available inside a hook"));
        };
        let action = make(&call.view.0)?;
        let Some(q) = &mut call.actions else {
            return rt(format!("{what}() may only be called from after_move, on_capture and on_elimination"));
        };
        if q.len() >= max {
            return rt(format!("too many actions queued (limit {max})"));
        }
        q.push(action);
        Ok(())
    })
}

/// Arrays and maps nested more deeply than this are refused (checked with the size limits).
const MAX_DATA_NESTING: usize = 256;

/// An array or map variable is measured again after `visited / GUARD_RATE` accesses, `visited`
/// being the number of values its last measurement looked at: guarding costs at most this many
/// steps per access on average.
const GUARD_RATE: u64 = 32;

/// The size limits, for [`guard_size`].
#[derive(Copy, Clone)]
struct SizeLimits {
    array: usize,
    map: usize,
    string: usize,
}

/// Totals over a value and everything nested in it, as Rhai counts them.
#[derive(Default)]
struct Totals {
    arrays: usize,
    maps: usize,
    strings: usize,
    visited: u64,
}

/// Adds up the sizes of `v` into `t`, stopping with the name of the first limit exceeded.
fn measure(v: &Dynamic, t: &mut Totals, depth: usize, lim: SizeLimits) -> Result<(), &'static str> {
    t.visited += 1;
    if depth > MAX_DATA_NESTING {
        return Err("Nesting of arrays and maps");
    }
    if v.is_shared() {
        if let Some(inner) = v.read_lock::<Dynamic>() {
            measure(&inner, t, depth + 1, lim)?;
        }
    } else if v.is_array() {
        if let Ok(a) = v.as_array_ref() {
            t.arrays += a.len();
            if t.arrays > lim.array {
                return Err("Size of array/BLOB");
            }
            for x in a.iter() {
                measure(x, t, depth + 1, lim)?;
            }
        }
    } else if v.is_map() {
        if let Ok(m) = v.as_map_ref() {
            t.maps += m.len();
            if t.maps > lim.map {
                return Err("Size of object map");
            }
            for x in m.values() {
                measure(x, t, depth + 1, lim)?;
            }
        }
    } else if v.is_string() {
        if let Ok(s) = v.as_immutable_string_ref() {
            t.strings += s.len();
        }
    } else if v.is_blob()
        && let Ok(b) = v.as_blob_ref()
    {
        t.arrays += b.len();
    }
    if t.strings > lim.string {
        return Err("Length of string");
    }
    if t.arrays > lim.array {
        return Err("Size of array/BLOB");
    }
    Ok(())
}

/// Checks the size of an array or map variable when it is accessed.
///
/// Rhai checks sizes after most operations, but not after `map[new_key] = value`, so a map could
/// otherwise grow far past its limit (and eat the memory) before the operation limit stops the
/// script. Such an assignment accesses the variable at the root of its target, which comes here;
/// the variable is measured on its first access and then every `visited / GUARD_RATE` accesses,
/// which bounds both the cost of guarding and how far past a limit a map grows before it is
/// stopped.
fn guard_size(value: &Dynamic, lim: SizeLimits) -> RhaiResult<()> {
    let key = value as *const Dynamic as usize;
    let due = CURRENT.with(|c| {
        let Ok(mut c) = c.try_borrow_mut() else {
            return true;
        };
        let Some(call) = c.as_mut() else {
            return true;
        };
        let g = call.guards.entry(key).or_default();
        g.0 += 1;
        if g.0.saturating_mul(GUARD_RATE) >= g.1 {
            g.0 = 0;
            true
        } else {
            false
        }
    });
    if !due {
        return Ok(());
    }
    let mut t = Totals::default();
    let result = measure(value, &mut t, 0, lim);
    CURRENT.with(|c| {
        if let Ok(mut c) = c.try_borrow_mut()
            && let Some(call) = c.as_mut()
        {
            call.guards.entry(key).or_default().1 = t.visited;
        }
    });
    result.map_err(|what| EvalAltResult::ErrorDataTooLarge(what.into(), rhai::Position::NONE).into())
}

fn counter_index(names: &[String], name: &str) -> RhaiResult<usize> {
    match names.iter().position(|c| c == name) {
        Some(i) => Ok(i),
        None if names.is_empty() => rt(format!("there is no counter `{name}` (the game declares no counters)")),
        None => rt(format!("there is no counter `{name}` (counters: {})", names.join(", "))),
    }
}

/// Registers `pos`'s type, getters and methods.
fn register_position(engine: &mut Engine, counters: Arc<[String]>) {
    engine.register_type_with_name::<PosView>("Position");
    engine.register_get("to_move", |p: &mut PosView| p.0.pos.to_move() as i64);
    engine.register_get("ply", |p: &mut PosView| p.0.pos.ply() as i64);
    engine.register_get("passes", |p: &mut PosView| p.0.pos.passes() as i64);
    engine.register_get("quiet_plies", |p: &mut PosView| p.0.pos.quiet_plies() as i64);
    engine.register_get("seats", |p: &mut PosView| p.0.game.seats.len() as i64);
    engine.register_get("nodes", |p: &mut PosView| -> Array {
        let b = &p.0.game.board;
        b.node_ids().map(|n| Dynamic::from(b.label(n).to_string())).collect()
    });
    engine.register_fn("seat_name", |p: &mut PosView, seat: i64| -> RhaiResult<String> {
        let s = p.0.seat(seat)?;
        Ok(p.0.game.seats[s as usize].name.clone())
    });
    engine.register_fn("seat_index", |p: &mut PosView, name: &str| -> RhaiResult<i64> {
        match p.0.game.seat(name) {
            Some(s) => Ok(s as i64),
            None => rt(format!("there is no seat named `{name}`")),
        }
    });
    engine.register_fn("alive", |p: &mut PosView, seat: i64| -> RhaiResult<bool> {
        let s = p.0.seat(seat)?;
        Ok(p.0.pos.is_alive(s))
    });
    engine.register_fn("controller", |p: &mut PosView, seat: i64| -> RhaiResult<i64> {
        let s = p.0.seat(seat)?;
        Ok(p.0.pos.controller(s) as i64)
    });
    engine.register_fn("captures", |p: &mut PosView, seat: i64| -> RhaiResult<i64> {
        let s = p.0.seat(seat)?;
        Ok(p.0.pos.captures()[s as usize] as i64)
    });
    engine.register_fn("at", |p: &mut PosView, label: &str| -> RhaiResult<Dynamic> {
        let n = p.0.node(label)?;
        Ok(match p.0.pos.cell(n) {
            None => Dynamic::UNIT,
            Some(c) => {
                let mut m = Map::new();
                m.insert("seat".into(), Dynamic::from(c.seat as i64));
                m.insert("piece".into(), Dynamic::from(p.0.piece_name(c.piece)));
                Dynamic::from_map(m)
            }
        })
    });
    engine.register_fn("owner", |p: &mut PosView, label: &str| -> RhaiResult<i64> {
        let n = p.0.node(label)?;
        Ok(p.0.pos.cell(n).map_or(-1, |c| c.seat as i64))
    });
    engine.register_fn("piece_at", |p: &mut PosView, label: &str| -> RhaiResult<String> {
        let n = p.0.node(label)?;
        Ok(p.0.pos.cell(n).map_or(String::new(), |c| p.0.piece_name(c.piece)))
    });
    engine
        .register_fn("count", |p: &mut PosView, seat: i64, piece: &str| -> RhaiResult<i64> { p.0.count(seat, piece) });
    engine.register_fn("reserve", |p: &mut PosView, seat: i64, piece: &str| -> RhaiResult<i64> {
        let (s, t) = (p.0.seat(seat)?, p.0.piece(piece)?);
        Ok(p.0.pos.reserve(s, t) as i64)
    });
    engine.register_fn("graveyard", |p: &mut PosView, seat: i64, piece: &str| -> RhaiResult<i64> {
        let (s, t) = (p.0.seat(seat)?, p.0.piece(piece)?);
        Ok(p.0.pos.graveyard(s, t) as i64)
    });
    let names = counters.clone();
    engine.register_fn("counter", move |p: &mut PosView, name: &str| -> RhaiResult<i64> {
        let i = counter_index(&names, name)?;
        Ok(p.0.pos.counter(i, p.0.pos.to_move()))
    });
    engine.register_fn("counter", move |p: &mut PosView, name: &str, seat: i64| -> RhaiResult<i64> {
        let i = counter_index(&counters, name)?;
        let s = p.0.seat(seat)?;
        Ok(p.0.pos.counter(i, s))
    });
    engine.register_fn("option", |p: &mut PosView, name: &str| -> RhaiResult<String> {
        match p.0.game.options.get(name) {
            Some(v) => Ok(v.clone()),
            None => rt(format!("there is no option `{name}`")),
        }
    });
    engine.register_fn("zone", |p: &mut PosView, label: &str, zone: &str| -> RhaiResult<bool> {
        p.0.in_zone(label, zone, p.0.pos.to_move())
    });
    engine.register_fn("zone", |p: &mut PosView, label: &str, zone: &str, seat: i64| -> RhaiResult<bool> {
        let s = p.0.seat(seat)?;
        p.0.in_zone(label, zone, s)
    });
    engine.register_fn("kind", |p: &mut PosView, label: &str| -> RhaiResult<String> {
        let n = p.0.node(label)?;
        let b = &p.0.game.board;
        Ok(b.kind_names().get(b.node(n).kind as usize).cloned().unwrap_or_default())
    });
    engine.register_fn("colour", |p: &mut PosView, label: &str| -> RhaiResult<String> {
        let n = p.0.node(label)?;
        let b = &p.0.game.board;
        Ok(b.node(n).colour.and_then(|c| b.colour_names().get(c as usize).cloned()).unwrap_or_default())
    });
    engine.register_fn("next", |p: &mut PosView, label: &str, relation: &str, direction: &str| -> RhaiResult<String> {
        let n = p.0.node(label)?;
        let b = &p.0.game.board;
        let Some(r) = b.relation(relation) else {
            return rt(format!("there is no relation `{relation}` (relations: {})", b.relation_names().join(", ")));
        };
        let Some(d) = b.direction(direction) else {
            let all: Vec<&str> = b.directions().iter().map(|d| d.name.as_str()).collect();
            return rt(format!("there is no direction `{direction}` (directions: {})", all.join(", ")));
        };
        let to = b.next(r, d, n);
        Ok(if to.is_some() { b.label(to).to_string() } else { String::new() })
    });
    engine.register_fn("neighbours", |p: &mut PosView, label: &str, relation: &str| -> RhaiResult<Array> {
        let n = p.0.node(label)?;
        let b = &p.0.game.board;
        let Some(r) = b.relation(relation) else {
            return rt(format!("there is no relation `{relation}` (relations: {})", b.relation_names().join(", ")));
        };
        Ok(b.edges(r, n).iter().map(|e| Dynamic::from(b.label(e.to).to_string())).collect())
    });
}

/// Registers the action functions, which queue [`HookAction`]s.
fn register_actions(engine: &mut Engine, counters: Arc<[String]>, max: usize) {
    engine.register_fn("remove", move |label: &str| -> RhaiResult<()> {
        queue("remove", max, |v| Ok(HookAction::Remove(v.node(label)?)))
    });
    engine.register_fn("place", move |label: &str, seat: i64, piece: &str| -> RhaiResult<()> {
        queue("place", max, |v| {
            let n = v.node(label)?;
            let p = Piece { seat: v.seat(seat)?, piece: v.piece(piece)? };
            Ok(HookAction::Place(n, p))
        })
    });
    let names = counters.clone();
    engine.register_fn("set_counter", move |name: &str, value: i64| -> RhaiResult<()> {
        let counter = counter_index(&names, name)?;
        queue("set_counter", max, |v| Ok(HookAction::SetCounter { counter, seat: v.pos.to_move(), value }))
    });
    engine.register_fn("set_counter", move |name: &str, seat: i64, value: i64| -> RhaiResult<()> {
        let counter = counter_index(&counters, name)?;
        queue("set_counter", max, |v| Ok(HookAction::SetCounter { counter, seat: v.seat(seat)?, value }))
    });
    engine.register_fn("capture", move |label: &str, by: i64| -> RhaiResult<()> {
        queue("capture", max, |v| Ok(HookAction::Capture(v.node(label)?, v.seat(by)?)))
    });
    engine.register_fn("revive", move |seat: i64, piece: &str| -> RhaiResult<()> {
        queue("revive", max, |v| Ok(HookAction::Revive(v.seat(seat)?, v.piece(piece)?)))
    });
    engine.register_fn("reset_quiet", move || -> RhaiResult<()> {
        queue("reset_quiet", max, |_| Ok(HookAction::ResetQuiet))
    });
    engine.register_fn("eliminate", move |seat: i64| -> RhaiResult<()> {
        queue("eliminate", max, |v| Ok(HookAction::Eliminate(v.seat(seat)?)))
    });
    engine.register_fn("transfer", move |seat: i64, to: i64| -> RhaiResult<()> {
        queue("transfer", max, |v| Ok(HookAction::Transfer { seat: v.seat(seat)?, to: v.seat(to)? }))
    });
    engine.register_fn("absorb", move |seat: i64, to: i64| -> RhaiResult<()> {
        queue("absorb", max, |v| Ok(HookAction::Absorb { seat: v.seat(seat)?, to: v.seat(to)? }))
    });
    engine.register_fn("add_reserve", move |seat: i64, piece: &str, delta: i64| -> RhaiResult<()> {
        queue("add_reserve", max, |v| {
            let d = delta.clamp(i32::MIN as i64, i32::MAX as i64) as i32;
            Ok(HookAction::Reserve(v.seat(seat)?, v.piece(piece)?, d))
        })
    });
}

/// Builds the sandboxed engine.
fn make_engine(limits: &HookLimits, counters: Arc<[String]>) -> Engine {
    let mut engine = Engine::new_raw();
    engine.register_global_module(StandardPackage::new().as_shared_module());
    engine.disable_symbol("eval");
    engine.disable_symbol("import");
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    engine.set_strict_variables(true);
    engine.set_fail_on_invalid_map_property(true);
    engine.set_max_operations(limits.max_operations.max(1));
    // Counts every operation for the overall budget, and stops the call that spends its last.
    engine.on_progress(|done| {
        OPERATIONS.with(|c| {
            let (allowed, _) = c.get();
            c.set((allowed, done));
            (done > allowed).then(|| Dynamic::from(OUT_OF_BUDGET))
        })
    });
    engine.set_max_call_levels(limits.max_call_levels.max(1));
    engine.set_max_string_size(limits.max_string_size.max(1));
    engine.set_max_array_size(limits.max_array_size.max(1));
    engine.set_max_map_size(limits.max_map_size.max(1));
    let depth = limits.max_expr_depth.max(1);
    engine.set_max_expr_depths(depth, depth);
    let lim = SizeLimits {
        array: limits.max_array_size.max(1),
        map: limits.max_map_size.max(1),
        string: limits.max_string_size.max(1),
    };
    #[allow(deprecated)] // `on_var` is flagged as a volatile API, not a deprecated one.
    engine.on_var(move |name, _, ctx| {
        if let Some(v) = ctx.scope().get(name)
            && (v.is_map() || v.is_array())
        {
            guard_size(v, lim)?;
        }
        Ok(None)
    });
    register_position(&mut engine, counters.clone());
    register_actions(&mut engine, counters, limits.max_array_size.max(1));
    engine
}

/// Compiled once, shared by threads:
///
/// ```
/// use qipan::core::hooks::Hooks;
/// use qipan_dsl::hooks::{HookLimits, HookSource, RhaiHooks};
/// use std::sync::Arc;
///
/// let src = HookSource { point: "score".into(), code: "10 + seat".into(), file: "game.yaml".into(), line: 1 };
/// let hooks = Arc::new(RhaiHooks::compile(vec![src], HookLimits::default(), vec![])?);
/// let game = qipan::load("go", &[])?;
/// let threads: Vec<_> = (0..2u8)
///     .map(|seat| {
///         let (hooks, game) = (hooks.clone(), game.clone());
///         std::thread::spawn(move || hooks.score(&game.start(), seat))
///     })
///     .collect();
/// let scores: Vec<Option<f64>> = threads.into_iter().map(|t| t.join().unwrap().unwrap()).collect();
/// assert_eq!(scores, [Some(10.0), Some(11.0)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl RhaiHooks {
    /// Compiles the hooks of a definition. `counter_names` are the game's named counters, in the
    /// order of [`Game::counters`] (each has one value per seat).
    ///
    /// ```
    /// use qipan::core::{hooks::{HookAction, HookPoint, Hooks}, notation::parse_move};
    /// use qipan_dsl::hooks::{HookLimits, HookSource, RhaiHooks};
    ///
    /// let src = HookSource { point: "after_move".into(), code: r#"set_counter("shots", 1, 5)"#.into(), file: "game.yaml".into(), line: 1 };
    /// let counters = vec!["tokens".to_string(), "shots".to_string()];
    /// let hooks = RhaiHooks::compile(vec![src], HookLimits::default(), counters)?;
    /// assert!(hooks.has(HookPoint::AfterMove) && !hooks.has(HookPoint::Score));
    /// let game = qipan::load("go", &[])?;
    /// let pos = game.start();
    /// // The hook does not change the position: it asks for counter 1 (`shots`) of seat 1 to be 5.
    /// let actions = hooks.after_move(&pos, &parse_move(&pos, "D4")?)?;
    /// assert_eq!(actions, [HookAction::SetCounter { counter: 1, seat: 1, value: 5 }]);
    ///
    /// // A point defined twice is refused.
    /// let twice = |line| HookSource { point: "score".into(), code: "1".into(), file: "game.yaml".into(), line };
    /// let err = RhaiHooks::compile(vec![twice(3), twice(7)], HookLimits::default(), vec![]).unwrap_err();
    /// assert_eq!(err.message, "hook `score` is defined twice (first at line 3)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compile(
        sources: Vec<HookSource>,
        limits: HookLimits,
        counter_names: Vec<String>,
    ) -> Result<RhaiHooks, HookCompileError> {
        let counter_names_kept = counter_names.clone();
        let engine = make_engine(&limits, counter_names.into());
        let mut hooks: [Option<CompiledHook>; 6] = Default::default();
        for src in sources {
            let line = src.line.max(1);
            let err = |line: usize, column: usize, message: String| HookCompileError {
                point: src.point.clone(),
                line,
                column,
                message,
            };
            let Some(point) = HookPoint::ALL.into_iter().find(|p| p.name() == src.point) else {
                return Err(err(
                    line,
                    0,
                    format!("unknown hook point `{}`; the hook points are: {}", src.point, HOOK_POINTS.join(", ")),
                ));
            };
            if src.code.len() > MAX_HOOK_BYTES {
                return Err(err(
                    line,
                    0,
                    format!(
                        "the hook is {} bytes long, more than the limit of {MAX_HOOK_BYTES}; put repeated code in a `fn`",
                        src.code.len()
                    ),
                ));
            }
            let slot = &mut hooks[point_index(point)];
            if let Some(prev) = slot {
                return Err(err(
                    line,
                    0,
                    format!("hook `{}` is defined twice (first at line {})", src.point, prev.line),
                ));
            }
            let mut compiled = CompiledHook {
                point,
                ast: AST::empty(),
                file: src.file.clone(),
                line,
                lines: src.code.split('\n').count(),
            };
            // The variables' names, so that strict variables accepts them.
            let mut scope = Scope::new();
            for name in params(point) {
                scope.push_dynamic(*name, Dynamic::UNIT);
            }
            match engine.compile_with_scope(&scope, &src.code) {
                Ok(ast) => compiled.ast = ast,
                Err(e) => {
                    let (l, c) = compiled.locate(e.1);
                    let message = match *e.0 {
                        // In the words the definition language uses for the same limit.
                        rhai::ParseErrorType::ExprTooDeep => {
                            format!("nesting deeper than {}", limits.max_expr_depth.max(1))
                        }
                        ref other => other.to_string(),
                    };
                    return Err(err(l, c, message));
                }
            }
            *slot = Some(compiled);
        }
        Ok(RhaiHooks { engine, hooks, limits, counters: counter_names_kept })
    }

    /// The counter names the hooks were compiled with (the game's `counters`).
    ///
    /// ```
    /// use qipan_dsl::hooks::{HookLimits, RhaiHooks};
    ///
    /// let hooks = RhaiHooks::compile(vec![], HookLimits::default(), vec!["tokens".into()])?;
    /// assert_eq!(hooks.counter_names(), ["tokens"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn counter_names(&self) -> &[String] {
        &self.counters
    }

    /// The limits the hooks run under.
    ///
    /// ```
    /// use qipan_dsl::hooks::{HookLimits, RhaiHooks};
    ///
    /// let limits = HookLimits { max_call_levels: 8, ..HookLimits::default() };
    /// let hooks = RhaiHooks::compile(vec![], limits.clone(), vec![])?;
    /// assert_eq!(hooks.limits(), &limits);
    /// assert_eq!(hooks.limits().max_call_levels, 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn limits(&self) -> &HookLimits {
        &self.limits
    }

    /// Runs the hook of `point`, if there is one, with `pos` and the point's other variables
    /// (`extra`, in the order of [`params`]). With `acting`, the hook may queue actions. Returns
    /// the hook's value, the hook, and the queued actions.
    #[allow(clippy::type_complexity)]
    fn call(
        &self,
        point: HookPoint,
        pos: &Position,
        acting: bool,
        extra: Vec<Dynamic>,
    ) -> Result<Option<(Dynamic, &CompiledHook, Vec<HookAction>)>, HookError> {
        let Some(hook) = &self.hooks[point_index(point)] else {
            return Ok(None);
        };
        let view = PosView::new(pos);
        let mut scope = Scope::new();
        let names = params(point);
        scope.push_dynamic(names[0], Dynamic::from(view.clone()));
        for (name, value) in names[1..].iter().zip(extra) {
            scope.push_dynamic(*name, value);
        }
        // What is left of the overall budget, when a scope is open; its end stops the call.
        let total = self.limits.max_total_operations.max(1);
        let allowed = HookBudget::spent().map_or(u64::MAX, |spent| total.saturating_sub(spent));
        if allowed == 0 {
            return Err(self.out_of_budget(hook, hook.line));
        }
        let outer = OPERATIONS.with(|c| c.replace((allowed, 0)));
        let installed = Installed::new(CallCtx { view, actions: acting.then(Vec::new), guards: HashMap::new() });
        let result = self.engine.eval_ast_with_scope::<Dynamic>(&mut scope, &hook.ast);
        let actions = installed.finish().and_then(|c| c.actions).unwrap_or_default();
        let (_, done) = OPERATIONS.with(|c| c.replace(outer));
        HookBudget::charge(done);
        match result {
            Ok(v) => Ok(Some((v, hook, actions))),
            Err(e) => Err(self.runtime_error(hook, *e)),
        }
    }

    /// Runs a hook that may queue actions and returns them.
    fn call_acting(&self, point: HookPoint, pos: &Position, extra: Vec<Dynamic>) -> Result<Vec<HookAction>, HookError> {
        Ok(self.call(point, pos, true, extra)?.map(|(_, _, actions)| actions).unwrap_or_default())
    }

    /// The error of a hook stopped because the hooks' overall budget is spent.
    fn out_of_budget(&self, hook: &CompiledHook, line: usize) -> HookError {
        let message = format!(
            "the hooks have used up their budget of {} operations in all for this command or game (a hook called without end?)",
            self.limits.max_total_operations.max(1)
        );
        HookError { hook: hook.point.name().to_string(), file: hook.file.clone(), line, message }
    }

    fn runtime_error(&self, hook: &CompiledHook, err: EvalAltResult) -> HookError {
        let mut err = err;
        while let EvalAltResult::ErrorInFunctionCall(_, _, inner, _) = err {
            err = *inner;
        }
        let (line, _) = hook.locate(err.take_position());
        if matches!(&err, EvalAltResult::ErrorTerminated(t, _) if t.clone().into_string().as_deref() == Ok(OUT_OF_BUDGET))
        {
            return self.out_of_budget(hook, line);
        }
        let message = match &err {
            EvalAltResult::ErrorTooManyOperations(_) => {
                format!("the script was stopped after {} operations (an endless loop?)", self.limits.max_operations)
            }
            EvalAltResult::ErrorStackOverflow(_) => {
                format!("function calls nested too deeply (limit {})", self.limits.max_call_levels)
            }
            EvalAltResult::ErrorDataTooLarge(what, _) => {
                let l = &self.limits;
                let limit = match what.as_str() {
                    "Length of string" => format!("{} bytes of strings", l.max_string_size),
                    "Size of array/BLOB" => format!("{} array items", l.max_array_size),
                    "Size of object map" => format!("{} map entries", l.max_map_size),
                    "Nesting of arrays and maps" => format!("{MAX_DATA_NESTING} levels"),
                    _ => "the limit".to_string(),
                };
                format!("the script's data grew too large: {what} exceeds {limit}")
            }
            EvalAltResult::ErrorRuntime(d, _) if d.is_unit() => "the script threw".to_string(),
            EvalAltResult::ErrorRuntime(d, _) => d.to_string(),
            e => e.to_string(),
        };
        HookError { hook: hook.point.name().to_string(), file: hook.file.clone(), line, message }
    }
}

fn bad_return(hook: &CompiledHook, expected: &str, got: &Dynamic) -> HookError {
    HookError {
        hook: hook.point.name().to_string(),
        file: hook.file.clone(),
        line: hook.line,
        message: format!("the hook must return {expected}, not {}", got.type_name()),
    }
}

/// The screen of a shot from `by` at `take`: the first piece on the straight line between them.
/// The board is read as it stands after the move (the moved piece on `mv.to`), so `filter_move`,
/// which runs before the move, and `after_move` see the same screen.
fn screen_of(pos: &Position, mv: &Move) -> NodeId {
    let (by, take) = (mv.by, mv.take);
    let board = &pos.game().board;
    let occupied = |n: NodeId| n == mv.to || (n != mv.from && pos.cell(n).is_some());
    if !by.is_some() || !take.is_some() {
        return NodeId::NONE;
    }
    for r in 0..board.relation_names().len() {
        let rel = qipan_core::board::RelationId(r as u8);
        for &d in pos.game().relation_dirs(rel) {
            let (mut n, mut screen) = (board.next(rel, d, by), NodeId::NONE);
            for _ in 0..board.len() {
                if !n.is_some() || n == by {
                    break;
                }
                if n == take {
                    return screen;
                }
                if !screen.is_some() && occupied(n) {
                    screen = n;
                }
                n = board.next(rel, d, n);
            }
        }
    }
    NodeId::NONE
}

/// The `mv` map of a move.
fn move_map(pos: &Position, mv: &Move) -> Dynamic {
    let game = pos.game();
    let label = |n: NodeId| {
        if n.is_some() && n.idx() < game.board.len() { game.board.label(n).to_string() } else { String::new() }
    };
    let kind = match mv.kind {
        MoveKind::Pass => "pass",
        MoveKind::Place => "place",
        MoveKind::Drop => "drop",
        MoveKind::Move => "move",
        MoveKind::Shoot => "shoot",
    };
    let piece = if mv.is_pass() {
        String::new()
    } else {
        game.pieces.get(mv.piece as usize).map(|p| p.name.clone()).unwrap_or_default()
    };
    let mut m = Map::new();
    m.insert("kind".into(), Dynamic::from(kind.to_string()));
    m.insert("from".into(), Dynamic::from(label(mv.from)));
    m.insert("to".into(), Dynamic::from(label(mv.to)));
    m.insert("take".into(), Dynamic::from(label(mv.take)));
    m.insert("by".into(), Dynamic::from(label(mv.by)));
    let screen = screen_of(pos, mv);
    m.insert("screen".into(), Dynamic::from(label(screen)));
    // The piece serving as screen, as the board stands after the move (the mover when it is the screen).
    let screen_piece = if !screen.is_some() {
        String::new()
    } else if screen == mv.to {
        piece.clone()
    } else {
        pos.cell(screen).and_then(|c| game.pieces.get(c.piece as usize)).map(|p| p.name.clone()).unwrap_or_default()
    };
    m.insert("screen_piece".into(), Dynamic::from(screen_piece));
    m.insert(
        "extra".into(),
        Dynamic::from(if mv.extra > 0 { game.extras[mv.extra as usize - 1].name.clone() } else { String::new() }),
    );
    m.insert("piece".into(), Dynamic::from(piece));
    Dynamic::from_map(m)
}

/// Runs each of a game's hooks once on its start position, as `qipan check` does, so that a hook failing there (a
/// misspelt function, an unknown action, a wrong argument) is found before anyone plays. `filter_move` gets the
/// first legal move of the game without hooks; that move is then played, which runs `after_move` (and whatever else
/// it sets off) on the position after it; `on_capture` is given a piece of the second seat taken on the move's node,
/// `on_elimination` the second seat, `score` the first; the actions those direct calls queue are dropped.
///
/// ```
/// let def = "extends: go\nhooks:\n  score: |\n    let s = \"ab\";\n    mid(s, 1)\n";
/// let game = qipan::load_str("mid.yaml", def, &[])?;
/// let err = qipan::dsl::hooks::try_on_start(&game).unwrap_err();
/// assert_eq!((err.hook.as_str(), err.file.as_str(), err.line), ("score", "mid.yaml", 5));
/// assert!(err.message.contains("Function not found: mid"), "{err}");
/// // Leader Cannon's hooks run on its start position.
/// assert_eq!(qipan::dsl::hooks::try_on_start(&qipan::load("leader-cannon", &[])?), Ok(()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_on_start(game: &Arc<Game>) -> Result<(), HookError> {
    // On a thread of its own, with the stack any accepted hook needs, whatever the caller's thread has.
    std::thread::scope(|s| {
        match std::thread::Builder::new().stack_size(THREAD_STACK_BYTES).spawn_scoped(s, || run_on_start(game)) {
            Ok(t) => t.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
            Err(_) => run_on_start(game),
        }
    })
}

/// The stack a thread needs to run any game whose definition compiles: hooks at the limits of
/// [`HookLimits::default`] (32 nested calls of script functions, each nesting calls 64 levels deep) use about
/// 3 MiB in an optimised build, more than the 2 MiB a spawned thread gets by default; this leaves a margin of five.
/// [`try_on_start`] runs hooks on a thread of this size, and `qipan simulate` gives it to its workers.
///
/// ```
/// use qipan::core::hooks::Hooks;
///
/// // 31 nested calls of a function that nests 28 calls of `abs`: accepted, and it runs on such a thread.
/// let body = format!("fn f(n) {{ if n <= 0 {{ return 0; }} {}f(n - 1){} }}\n    f(31)", "abs(".repeat(28), ")".repeat(28));
/// let game = qipan::load_str("deep.yaml", &format!("extends: go\nhooks:\n  score: |\n    {body}\n"), &[])?;
/// let stack = qipan::dsl::hooks::THREAD_STACK_BYTES;
/// let pos = game.start();
/// let score = std::thread::Builder::new().stack_size(stack).spawn(move || game.hooks.as_ref().unwrap().score(&pos, 0))?;
/// assert_eq!(score.join().unwrap()?, Some(0.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const THREAD_STACK_BYTES: usize = 16 << 20;

fn run_on_start(game: &Arc<Game>) -> Result<(), HookError> {
    let Some(hooks) = &game.hooks else { return Ok(()) };
    let start = game.start();
    // The first move the rules allow, without asking `filter_move`, which is what is tried.
    let mut bare = (**game).clone();
    bare.hooks = None;
    let bare = Arc::new(bare);
    let mv = bare.start().legal_moves().into_iter().find(|m| !m.is_pass()).unwrap_or(Move::PASS);
    let other = (1 % game.seats.len()) as u8;
    if hooks.has(HookPoint::FilterMove) {
        hooks.filter_move(&start, &mv)?;
    }
    // A refused move (by a rule or the filter) is not an error of a hook here.
    if let Err(PlayError::Hook(e)) = start.clone().play(&mv) {
        return Err(e);
    }
    if hooks.has(HookPoint::OnCapture) {
        let node = if mv.to.is_some() { mv.to } else { NodeId(0) };
        hooks.on_capture(&start, node, Piece { seat: other, piece: 0 }, start.to_move())?;
    }
    if hooks.has(HookPoint::OnElimination) {
        hooks.on_elimination(&start, other)?;
    }
    hooks.game_over(&start)?;
    hooks.score(&start, 0)?;
    Ok(())
}

impl Hooks for RhaiHooks {
    fn has(&self, point: HookPoint) -> bool {
        self.hooks[point_index(point)].is_some()
    }

    fn filter_move(&self, pos: &Position, mv: &Move) -> Result<Option<String>, HookError> {
        let Some((v, hook, _)) = self.call(HookPoint::FilterMove, pos, false, vec![move_map(pos, mv)])? else {
            return Ok(None);
        };
        if v.is_unit() {
            return Ok(None);
        }
        if let Ok(b) = v.as_bool() {
            return Ok((!b).then(|| "the rules' script forbids this move".to_string()));
        }
        if v.is_string() {
            return Ok(Some(v.to_string()));
        }
        Err(bad_return(hook, "true, false, () or a reason", &v))
    }

    fn after_move(&self, pos: &Position, mv: &Move) -> Result<Vec<HookAction>, HookError> {
        self.call_acting(HookPoint::AfterMove, pos, vec![move_map(pos, mv)])
    }

    fn on_capture(&self, pos: &Position, node: NodeId, piece: Piece, by: u8) -> Result<Vec<HookAction>, HookError> {
        let game = pos.game();
        let label = if node.is_some() && node.idx() < game.board.len() {
            game.board.label(node).to_string()
        } else {
            String::new()
        };
        let name = game.pieces.get(piece.piece as usize).map(|p| p.name.clone()).unwrap_or_default();
        self.call_acting(
            HookPoint::OnCapture,
            pos,
            vec![Dynamic::from(label), Dynamic::from(name), Dynamic::from(piece.seat as i64), Dynamic::from(by as i64)],
        )
    }

    fn on_elimination(&self, pos: &Position, seat: u8) -> Result<Vec<HookAction>, HookError> {
        self.call_acting(HookPoint::OnElimination, pos, vec![Dynamic::from(seat as i64)])
    }

    fn game_over(&self, pos: &Position) -> Result<HookOutcome, HookError> {
        let Some((v, hook, _)) = self.call(HookPoint::GameOver, pos, false, Vec::new())? else {
            return Ok(HookOutcome::Continue);
        };
        const EXPECTED: &str = "(), false, a seat or an array of seats";
        if v.is_unit() || v.as_bool() == Ok(false) {
            return Ok(HookOutcome::Continue);
        }
        let seats = pos.game().seats.len();
        let seat = |d: &Dynamic| -> Result<u8, HookError> {
            match d.as_int() {
                Ok(s) if (0..seats as i64).contains(&s) => Ok(s as u8),
                Ok(s) => Err(HookError {
                    hook: hook.point.name().to_string(),
                    file: hook.file.clone(),
                    line: hook.line,
                    message: format!("game_over returned seat {s}, but there are {seats} seats"),
                }),
                Err(_) => Err(bad_return(hook, EXPECTED, d)),
            }
        };
        if v.is_int() {
            return Ok(HookOutcome::Winners(vec![seat(&v)?]));
        }
        if v.is_array() {
            let mut winners = Vec::new();
            for d in v.into_array().unwrap_or_default() {
                let s = seat(&d)?;
                if !winners.contains(&s) {
                    winners.push(s);
                }
            }
            return Ok(HookOutcome::Winners(winners));
        }
        Err(bad_return(hook, EXPECTED, &v))
    }

    fn score(&self, pos: &Position, seat: u8) -> Result<Option<f64>, HookError> {
        let Some((v, hook, _)) = self.call(HookPoint::Score, pos, false, vec![Dynamic::from(seat as i64)])? else {
            return Ok(None);
        };
        if v.is_unit() {
            return Ok(None);
        }
        let x = match (v.as_int(), v.as_float()) {
            (Ok(i), _) => i as f64,
            (_, Ok(f)) if f.is_finite() => f,
            _ => return Err(bad_return(hook, "a finite number or ()", &v)),
        };
        Ok(Some(x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qipan_core::board::generators::{GridSpec, grid};
    use qipan_core::game::{PieceType, Seat};
    use qipan_core::rules::{Cond, MoveRule, PassRule, Pattern, Rules};
    use qipan_core::{Illegal, PlayError};
    use std::time::{Duration, Instant};

    fn src(point: &str, code: &str) -> HookSource {
        HookSource { point: point.into(), code: code.into(), file: "game.yaml".into(), line: 1 }
    }

    fn hooks(sources: &[(&str, &str)], counters: &[&str]) -> RhaiHooks {
        RhaiHooks::compile(
            sources.iter().map(|(p, c)| src(p, c)).collect(),
            HookLimits::default(),
            counters.iter().map(|c| c.to_string()).collect(),
        )
        .expect("hooks compile")
    }

    fn game_with(hooks: RhaiHooks, rules: Rules) -> Arc<Game> {
        let board = grid(&GridSpec::new(3, 3)).expect("grid").build().expect("board");
        let stone = PieceType {
            name: "stone".into(),
            symbols: vec!["X".into(), "O".into()],
            moves: vec![MoveRule::new(Pattern::Place, Cond::Empty, "place to empty")],
            immune: false,
            captures: true,
        };
        let mut g = Game::new(
            "test",
            "Test",
            board,
            vec![Seat::new("black", "B", 0), Seat::new("white", "W", 1)],
            vec![],
            vec![stone],
            vec![],
            vec![],
            rules,
        );
        g.counters = hooks.counter_names().to_vec();
        g.hooks = Some(Arc::new(hooks));
        Arc::new(g)
    }

    fn game(hooks: RhaiHooks) -> Arc<Game> {
        game_with(hooks, Rules { pass: PassRule::Always, ..Rules::default() })
    }

    fn at(g: &Game, label: &str) -> NodeId {
        g.board.find(label).expect("label")
    }

    fn place(pos: &mut Position, label: &str) -> Result<(), PlayError> {
        let n = at(pos.game(), label);
        pos.play(&Move::place(0, n))
    }

    #[test]
    fn hook_points_match_the_engine() {
        let names: Vec<&str> = HookPoint::ALL.iter().map(|p| p.name()).collect();
        assert_eq!(names, HOOK_POINTS);
    }

    #[test]
    fn send_and_sync() {
        fn check<T: Send + Sync + fmt::Debug>() {}
        check::<RhaiHooks>();
    }

    #[test]
    fn filter_move_forbids_with_a_reason() {
        let g = game(hooks(
            &[(
                "filter_move",
                r#"if mv.kind == "place" && mv.to == "B2" { return "the centre is reserved"; }
                   if mv.to == "C3" { return false; }
                   true"#,
            )],
            &[],
        ));
        let mut pos = g.start();
        assert_eq!(place(&mut pos, "B2"), Err(PlayError::Illegal(Illegal::Hook("the centre is reserved".into()))));
        assert!(matches!(place(&mut pos, "C3"), Err(PlayError::Illegal(Illegal::Hook(_)))));
        let legal = pos.legal_moves();
        assert_eq!(legal.len(), 9 - 2 + 1);
        assert!(!legal.contains(&Move::place(0, at(&g, "B2"))));
        place(&mut pos, "A1").expect("A1 is allowed");
        pos.play(&Move::PASS).expect("passing is allowed");
    }

    #[test]
    fn after_move_removes_and_sets_counters() {
        let g = game(hooks(
            &[(
                "after_move",
                r#"if mv.to == "C3" {
                       remove("A1");
                       set_counter("stones", pos.count(-1, "") + pos.counter("stones"));
                   }"#,
            )],
            &["stones"],
        ));
        let mut pos = g.start();
        place(&mut pos, "A1").expect("A1");
        assert!(pos.cell(at(&g, "A1")).is_some());
        place(&mut pos, "C3").expect("C3");
        assert!(pos.cell(at(&g, "A1")).is_none());
        assert!(pos.cell(at(&g, "C3")).is_some());
        assert_eq!(pos.counters(), &[0, 2], "White's counter, set after White's move");
    }

    #[test]
    fn elimination_hooks_and_actions() {
        let g = game(hooks(
            &[
                ("after_move", "if pos.ply == 1 { eliminate(1); }"),
                (
                    "on_elimination",
                    r#"set_counter("dead", seat + 100);
                       place("C1", 0, "stone");
                       add_reserve(0, "stone", 3);"#,
                ),
            ],
            &["gone", "dead"],
        ));
        let mut pos = g.start();
        place(&mut pos, "A1").expect("A1");
        assert!(!pos.is_alive(1));
        assert_eq!(pos.counters(), &[0, 0, 101, 0], "counters per seat: gone, then dead");
        assert_eq!(pos.cell(at(&g, "C1")), Some(Piece { seat: 0, piece: 0 }));
        assert_eq!(pos.reserve(0, 0), 3);
        assert_eq!(pos.to_move(), 0);
    }

    #[test]
    fn on_capture_sees_its_variables() {
        let h = hooks(
            &[(
                "on_capture",
                r#"if node == "B2" && piece == "stone" && owner == 1 && by == 0 {
                       transfer(owner, by);
                   }"#,
            )],
            &[],
        );
        let g = game(hooks(&[], &[]));
        let pos = g.start();
        let actions = h.on_capture(&pos, at(&g, "B2"), Piece { seat: 1, piece: 0 }, 0).expect("runs");
        assert_eq!(actions, vec![HookAction::Transfer { seat: 1, to: 0 }]);
    }

    #[test]
    fn game_over_decides_winners() {
        let g = game(hooks(&[("game_over", "if pos.ply >= 3 { [pos.controller(1), 1] } else { () }")], &[]));
        let mut pos = g.start();
        for l in ["A1", "A2"] {
            place(&mut pos, l).expect("play");
            assert!(!pos.is_over());
        }
        place(&mut pos, "A3").expect("play");
        assert_eq!(pos.outcome().expect("over").winners, vec![1]);

        let draw = game(hooks(&[("game_over", "if pos.passes > 0 { [] }")], &[]));
        let mut pos = draw.start();
        pos.play(&Move::PASS).expect("pass");
        let r = pos.outcome().expect("over");
        assert!(r.winners.is_empty());

        let single = game(hooks(&[("game_over", "0")], &[]));
        let mut pos = single.start();
        place(&mut pos, "B2").expect("play");
        assert_eq!(pos.outcome().expect("over").winners, vec![0]);
    }

    #[test]
    fn score_hook_replaces_the_score() {
        let mut rules = Rules { pass: PassRule::Always, ..Rules::default() };
        rules.end.consecutive_passes = Some(2);
        let g = game_with(
            hooks(&[("score", r#"if seat == 0 { pos.count(seat, "stone") * 10 } else { 2.5 }"#)], &[]),
            rules,
        );
        let mut pos = g.start();
        place(&mut pos, "A1").expect("A1");
        pos.play(&Move::PASS).expect("pass");
        pos.play(&Move::PASS).expect("pass");
        let r = pos.outcome().expect("over");
        assert_eq!(r.scores, Some(vec![10.0, 2.5]));
        assert_eq!(r.winners, vec![0]);
        let h = hooks(&[("score", "()")], &[]);
        assert_eq!(h.score(&g.start(), 0), Ok(None));
    }

    #[test]
    fn position_api() {
        let h = hooks(
            &[(
                "filter_move",
                r#"let a = pos.at("A1");
                   let e = pos.at("C3");
                   `${pos.to_move} ${pos.ply} ${pos.seats} ${pos.seat_name(1)} ${pos.alive(1)} `
                   + `${pos.controller(1)} ${pos.captures(0)} ${a.seat}:${a.piece} ${e == ()} `
                   + `${pos.owner("A1")} ${pos.owner("C3")} ${pos.piece_at("A1")}|${pos.piece_at("C3")}| `
                   + `${pos.count(0, "stone")} ${pos.count(1, "")} ${pos.reserve(0, "stone")} `
                   + `${pos.graveyard(1, "stone")} ${pos.counter("x")} ${pos.nodes.len()} `
                   + `${pos.passes} ${pos.quiet_plies} ${pos.kind("B2")} ${pos.seat_index("white")} `
                   + `${pos.neighbours("A1", "orthogonal").len()} `
                   + `${mv.kind} ${mv.from}|${mv.to}|${mv.take}|${mv.piece}`"#,
            )],
            &["x"],
        );
        let g = game(hooks(&[], &[]));
        let mut pos = g.start();
        pos.play(&Move::place(0, at(&g, "A1"))).expect("A1");
        let reason = h.filter_move(&pos, &Move::place(0, at(&g, "B2"))).expect("runs").expect("a string");
        assert_eq!(
            reason,
            "1 1 2 white true 1 0 0:stone true 0 -1 stone|| 1 0 0 0 0 9 0 1 point 1 2 \
             place |B2||stone"
        );
        let pass = h.filter_move(&pos, &Move::PASS).expect("runs").expect("s");
        assert!(pass.ends_with("pass |||"), "{pass}");
    }

    #[test]
    fn endless_loops_are_stopped() {
        let start = Instant::now();
        let g = game(hooks(&[("after_move", "let x = 0;\nloop { x += 1; }")], &[]));
        let mut pos = g.start();
        let err = place(&mut pos, "A1").expect_err("stopped");
        let PlayError::Hook(e) = err else {
            panic!("expected a hook error, got {err:?}");
        };
        assert_eq!(e.hook, "after_move");
        assert_eq!(e.line, 2);
        assert!(e.message.contains("operations"), "{}", e.message);

        let f = game(hooks(&[("filter_move", "while true {}")], &[]));
        let pos = f.start();
        assert!(matches!(pos.check(&Move::place(0, at(&f, "A1"))), Err(Illegal::Hook(_))));
        let deep = hooks(&[("score", "let f = |n| n; let a = 0; for i in 0..100000000 { a += f.call(i); } a")], &[]);
        assert!(deep.score(&g.start(), 0).is_err());
        assert!(start.elapsed() < Duration::from_secs(2), "{:?}", start.elapsed());
    }

    #[test]
    fn eval_and_import_are_rejected() {
        for code in ["eval(\"1\")", "let x = eval(\"40 + 2\"); x", "import \"fs\" as f;"] {
            let r = RhaiHooks::compile(vec![src("score", code)], HookLimits::default(), vec![]);
            if let Ok(h) = r {
                let g = game(hooks(&[], &[]));
                assert!(h.score(&g.start(), 0).is_err(), "{code} ran");
            }
        }
        assert!(RhaiHooks::compile(vec![src("score", "eval(\"1\")")], HookLimits::default(), vec![]).is_err());
    }

    #[test]
    fn syntax_errors_report_file_lines() {
        let e = RhaiHooks::compile(
            vec![HookSource {
                point: "after_move".into(),
                code: "let x = 1;\nlet y = ;\n".into(),
                file: "game.yaml".into(),
                line: 10,
            }],
            HookLimits::default(),
            vec![],
        )
        .expect_err("syntax error");
        assert_eq!(e.point, "after_move");
        assert_eq!(e.line, 11);
        assert_eq!(e.column, 9);

        let e = RhaiHooks::compile(
            vec![HookSource { point: "score".into(), code: "1 +* 2".into(), file: "game.yaml".into(), line: 5 }],
            HookLimits::default(),
            vec![],
        )
        .expect_err("syntax error");
        assert_eq!((e.line, e.column), (5, 4));

        let e = RhaiHooks::compile(
            vec![HookSource {
                point: "score".into(),
                code: "let a = 1;\nundefined_var + a".into(),
                file: "game.yaml".into(),
                line: 3,
            }],
            HookLimits::default(),
            vec![],
        )
        .expect_err("strict variables");
        assert_eq!(e.line, 4);
    }

    #[test]
    fn unknown_points_and_duplicates() {
        let e =
            RhaiHooks::compile(vec![src("before_move", "true")], HookLimits::default(), vec![]).expect_err("unknown");
        assert!(e.message.contains("filter_move, after_move"), "{}", e.message);
        let e = RhaiHooks::compile(vec![src("score", "1"), src("score", "2")], HookLimits::default(), vec![])
            .expect_err("duplicate");
        assert!(e.message.contains("twice"), "{}", e.message);
    }

    #[test]
    fn oversized_data_is_stopped() {
        let g = game(hooks(&[], &[]));
        let pos = g.start();
        let s = hooks(&[("score", "let s = \"x\";\nloop { s += s; }")], &[]);
        let e = s.score(&pos, 0).expect_err("string too large");
        assert!(e.message.contains("string"), "{}", e.message);
        assert_eq!(e.line, 2);
        let a = hooks(&[("score", "let a = [];\na.pad(100000, 0);\n0")], &[]);
        let e = a.score(&pos, 0).expect_err("array too large");
        assert!(e.message.contains("array"), "{}", e.message);
        let m = hooks(&[("score", "let m = #{};\nfor i in 0..5000 { m[`k${i}`] = i; }\n0")], &[]);
        let e = m.score(&pos, 0).expect_err("map too large");
        assert!(e.message.contains("map entries"), "{}", e.message);
        assert_eq!(e.line, 2);
        // Maps growing by `map[key] = value`, which Rhai does not check itself, nested or not,
        // with large values: stopped well before memory runs out.
        for code in [
            "let a = []; a.pad(9999, 0); let m = #{}; let i = 0; loop { m[`${i}`] = a; i += 1; }",
            "let a = []; a.pad(9999, 0); let m = [#{x: #{}}]; let i = 0;\n\
             loop { m[0].x[`${i}`] = a; i += 1; }",
            "fn g(k, a) { this[k] = a; }\n\
             let a = []; a.pad(9999, 0); let m = #{}; let i = 0; loop { m.g(`${i}`, a); i += 1; }",
            "let a = []; loop { a = [a]; }",
        ] {
            let start = Instant::now();
            let h = hooks(&[("game_over", code)], &[]);
            let e = h.game_over(&pos).expect_err("too large");
            assert!(e.message.contains("too large"), "{}", e.message);
            assert!(start.elapsed() < Duration::from_secs(2), "{code}");
        }
    }

    #[test]
    fn runtime_errors_name_the_hook_and_line() {
        let g = game(hooks(&[("after_move", "let ok = 1;\n\n  remove(\"Z9\");")], &[]));
        let mut pos = g.start();
        let Err(PlayError::Hook(e)) = place(&mut pos, "A1") else {
            panic!("expected a hook error");
        };
        assert_eq!(e.hook, "after_move");
        assert_eq!(e.line, 3);
        assert!(e.message.contains("Z9"), "{}", e.message);

        let h = hooks(&[("filter_move", "remove(\"A1\"); true")], &[]);
        let e = h.filter_move(&g.start(), &Move::PASS).expect_err("no actions in filter_move");
        assert!(e.message.contains("after_move"), "{}", e.message);

        let h = hooks(&[("score", "\"ten\"")], &[]);
        assert!(h.score(&g.start(), 0).is_err());
        let h = hooks(&[("game_over", "[5]")], &[]);
        assert!(h.game_over(&g.start()).is_err());
        let h = hooks(&[("after_move", "set_counter(\"nope\", 1)")], &["yes"]);
        let e = h.after_move(&g.start(), &Move::PASS).expect_err("counter");
        assert!(e.message.contains("yes"), "{}", e.message);
        let h = hooks(&[("after_move", "mv.nope")], &[]);
        assert!(h.after_move(&g.start(), &Move::PASS).is_err());
    }

    #[test]
    fn print_is_silent_and_deep_recursion_stops() {
        let g = game(hooks(&[], &[]));
        let h = hooks(&[("score", "print(\"hi\"); debug(1); 7")], &[]);
        assert_eq!(h.score(&g.start(), 0), Ok(Some(7.0)));
        let h = hooks(&[("score", "let f = |n| if n == 0 { 0 } else { 1 }; f.call(3)")], &[]);
        assert_eq!(h.score(&g.start(), 0), Ok(Some(1.0)));
    }
}
