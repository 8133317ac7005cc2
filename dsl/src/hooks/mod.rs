//! Rhai-scripted hooks: the [`Hooks`](qipan_core::hooks::Hooks) implementation behind the `hooks:` section of a definition.
//!
//! Each hook source is the *body* of a function: a Rhai script whose value (or `return` value) is
//! the hook's answer. It is compiled once, as written (so line numbers are those of the definition
//! file), and evaluated with a [`Scope`](rhai::Scope) holding the hook's variables (one per thread, kept from
//! call to call with `pos` and `mv` in it, and emptied of everything else after each call):
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
//! `pos` is a read-only view of the position and `mv` one of the move, which copy nothing (`view`, `move_view`):
//! their fields are read when the script asks for them, so a call costs the same whatever the move. Action functions (`remove`, `place`,
//! `set_counter`, `eliminate`, `transfer`, `add_reserve`) do not change it: they queue
//! [`HookAction`](qipan_core::hooks::HookAction)s in a per-call queue, which the engine applies after the hook returns. The queue
//! lives in a thread-local slot installed for the duration of one call (and restored afterwards),
//! so calls from several threads never mix. A script may define helper functions with `fn`; as
//! usual in Rhai they do not see the hook's variables, so pass `pos` to them.
//!
//! The engine is sandboxed (`engine`): [`Engine::new_raw`](rhai::Engine::new_raw) with the standard package only (no file, network
//! or clock access), `eval` and `import` disabled, `print`/`debug` silenced, strict variables, and
//! every limit of [`HookLimits`] enforced, so a runaway script ends with a [`HookError`](qipan_core::hooks::HookError).
//!
//! The parts: `compile` checks and compiles the sources, `engine` builds the sandboxed engine and
//! keeps its limits, `api` registers the functions scripts call, `view` is what they see of the
//! game, `move_view` what they see of the move, `run` calls the hooks for the engine, and `start` tries them on a game's start position.

mod api;
mod compile;
mod engine;
mod move_view;
mod run;
mod start;
#[cfg(test)]
mod tests;
mod view;

pub use start::{THREAD_STACK_BYTES, try_on_start};

use compile::CompiledHook;
use rhai::{Engine, EvalAltResult};
use std::fmt;

/// The names of the hook points a definition may use, in documentation order
/// (the same as [`HookPoint::ALL`](qipan_core::hooks::HookPoint::ALL) mapped through [`HookPoint::name`](qipan_core::hooks::HookPoint::name)).
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
/// (a [`HookBudget`](qipan_core::hooks::HookBudget) scope: a command, a game, a move generation), so a hook called without end fails
/// too:
///
/// ```
/// use qipan::core::SeatId;
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
///     match hooks.score(&pos, SeatId(0)) {
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
/// use qipan::core::SeatId;
/// use qipan::core::hooks::Hooks;
/// use qipan_dsl::hooks::{HookLimits, HookSource, RhaiHooks};
///
/// assert_eq!(HookLimits::default().max_operations, 1_000_000);
/// let limits = HookLimits { max_operations: 1000, ..HookLimits::default() };
/// let src = HookSource { point: "score".into(), code: "loop {}".into(), file: "game.yaml".into(), line: 1 };
/// let hooks = RhaiHooks::compile(vec![src], limits, vec![])?;
/// let game = qipan::load("go", &[])?;
/// // The endless loop is stopped after 1000 operations.
/// let err = hooks.score(&game.start(), SeatId(0)).unwrap_err();
/// assert_eq!(err.hook, "score");
/// assert!(err.message.contains("operations"), "{err}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookLimits {
    /// Most operations one call may perform (stops endless loops).
    pub max_operations: u64,
    /// Most operations all calls together may perform in one [`HookBudget`](qipan_core::hooks::HookBudget) scope (a command, a game of a
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

/// Scripted hooks compiled from a definition's `hooks:` section. Cheap to share: compile once,
/// put it in an `Arc`, and call it from any thread.
///
/// It implements core's [`Hooks`](qipan_core::hooks::Hooks); the engine calls it, or a host may:
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

/// A read-only view of a position, as scripts see it (`pos`): its getters read the position lent to the
/// running call ([`view::with_view`]), so making one copies nothing. (Its type's name is in the messages
/// of hooks that return it, so it stays here.)
#[derive(Clone)]
struct PosView;

type RhaiResult<T> = Result<T, Box<EvalAltResult>>;

fn rt<T>(msg: String) -> RhaiResult<T> {
    Err(msg.into())
}
