//! Checking and compiling hook sources: each point once, within [`MAX_HOOK_BYTES`], its syntax errors
//! placed at their line of the definition file.

use super::engine::make_engine;
use super::{HOOK_POINTS, HookCompileError, HookLimits, HookSource, MAX_HOOK_BYTES, RhaiHooks};
use qipan_core::hooks::HookPoint;
use rhai::{AST, Dynamic, Scope};

/// One compiled hook.
pub(super) struct CompiledHook {
    pub(super) point: HookPoint,
    pub(super) ast: AST,
    /// The definition file it is written in.
    pub(super) file: String,
    /// First line of the body in the definition file.
    pub(super) line: usize,
    /// Number of lines of the body.
    lines: usize,
}

impl CompiledHook {
    /// Maps a position in the hook's code to (file line, column); the first line of the hook
    /// when the position is unknown.
    pub(super) fn locate(&self, pos: rhai::Position) -> (usize, usize) {
        let Some(l) = pos.line() else {
            return (self.line, 0);
        };
        if l > self.lines {
            return (self.line + self.lines - 1, 0);
        }
        (self.line + l - 1, pos.position().unwrap_or(0))
    }
}

pub(super) fn point_index(p: HookPoint) -> usize {
    HookPoint::ALL.iter().position(|&q| q == p).unwrap_or_default()
}

/// The variables a hook point sees, in the order `RhaiHooks::call` gets their values.
pub(super) fn params(p: HookPoint) -> &'static [&'static str] {
    match p {
        HookPoint::FilterMove | HookPoint::AfterMove => &["pos", "mv"],
        HookPoint::OnCapture => &["pos", "node", "piece", "owner", "by"],
        HookPoint::OnElimination | HookPoint::Score => &["pos", "seat"],
        HookPoint::GameOver => &["pos"],
    }
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
/// let threads: Vec<_> = game
///     .seat_ids()
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
    /// order of [`Game::counters`](qipan_core::game::Game::counters) (each has one value per seat).
    ///
    /// ```
    /// use qipan::core::SeatId;
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
    /// assert_eq!(actions, [HookAction::SetCounter { counter: 1, seat: SeatId(1), value: 5 }]);
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
}
