//! Calling the hooks for the engine: the [`Hooks`] implementation, which runs each hook with its
//! variables, within the budgets, and reads its answer.

use super::compile::{CompiledHook, params, point_index};
use super::engine::{MAX_DATA_NESTING, OPERATIONS, OUT_OF_BUDGET};
use super::move_view::MoveView;
use super::view::{Installed, Names};
use super::{PosView, RhaiHooks};
use qipan_core::SeatId;
use qipan_core::board::NodeId;
use qipan_core::hooks::{HookAction, HookBudget, HookError, HookOutcome, HookPoint, Hooks};
use qipan_core::moves::Move;
use qipan_core::position::{Piece, Position};
use rhai::{Dynamic, EvalAltResult, Scope};
use std::cell::Cell;

thread_local! {
    /// The scope of the last call on this thread, kept so that the next call neither allocates one nor
    /// pushes its views again: it holds the views (`pos`, and `mv` after a hook of a move) and nothing else.
    static SCOPE: Cell<Option<Scope<'static>>> = const { Cell::new(None) };
}

/// The value of a view variable: `pos`, or `mv`.
fn view_value(name: &str) -> Dynamic {
    if name == "mv" { Dynamic::from(MoveView) } else { Dynamic::from(PosView) }
}

/// Whether `scope` holds exactly the views `names`, as a call put them there: the script may have
/// assigned another value to one, shared it with a closure or tagged it.
fn holds_views(scope: &Scope<'_>, names: &[&str]) -> bool {
    scope.len() == names.len()
        && scope.iter_raw().zip(names).all(|((name, constant, value), &want)| {
            name == want
                && !constant
                && !value.is_shared()
                && value.tag() == 0
                && if want == "mv" { value.is::<MoveView>() } else { value.is::<PosView>() }
        })
}

/// Running a hook: the call's scope, its budget, and what its value or its error means.
///
/// ```
/// let def = "extends: go\nhooks:\n  filter_move: 'mv.to != \"E5\"'\n";
/// let game = qipan::load_str("no-centre.yaml", def, &[("size".into(), "9".into())])?;
/// let pos = game.start();
/// let e5 = qipan::core::notation::parse_move(&pos, "E5")?;
/// assert!(pos.check(&e5).is_err(), "the hook refuses the centre");
/// assert_eq!(pos.legal_moves().len(), 80 + 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl RhaiHooks {
    /// Runs the hook of `point`, if there is one, with `pos`, `mv` (for the hooks of a move) and the
    /// point's other variables (`extra`, in the order of [`params`]). With `acting`, the hook may queue
    /// actions. Returns the hook's value, the hook, and the queued actions.
    ///
    /// Nothing is copied or allocated for `pos` and `mv`: the call lends the position and the move to the
    /// script ([`Installed`]), and the scope is the one the previous call on this thread left, which
    /// already holds the views unless the script changed them or another point's hook ran last.
    #[allow(clippy::type_complexity)]
    fn call<const N: usize>(
        &self,
        point: HookPoint,
        pos: &Position,
        mv: Option<&Move>,
        acting: bool,
        extra: [Dynamic; N],
    ) -> Result<Option<(Dynamic, &CompiledHook, Vec<HookAction>)>, HookError> {
        let Some(hook) = &self.hooks[point_index(point)] else {
            return Ok(None);
        };
        // What is left of the overall budget, when a scope is open; its end stops the call.
        let total = self.limits.max_total_operations.max(1);
        let allowed = HookBudget::spent().map_or(u64::MAX, |spent| total.saturating_sub(spent));
        if allowed == 0 {
            return Err(self.out_of_budget(hook, hook.line));
        }
        // Hooks never run inside a hook (the position it reads is lent to it): refuse rather than recurse.
        if super::view::CURRENT.with(|c| c.try_borrow().map_or(true, |c| c.is_some())) {
            let message = "a hook cannot run while another hook is running".to_string();
            return Err(HookError {
                hook: hook.point.name().to_string(),
                file: hook.file.clone(),
                line: hook.line,
                message,
            });
        }
        let names = params(point);
        let (views, values) = names.split_at(if mv.is_some() { 2 } else { 1 });
        let mut scope = SCOPE.take().unwrap_or_default();
        if !holds_views(&scope, views) {
            scope.clear();
            for name in views {
                scope.push_dynamic(*name, view_value(name));
            }
        }
        for (name, value) in values.iter().zip(extra) {
            scope.push_dynamic(*name, value);
        }
        let outer = OPERATIONS.with(|c| c.replace((allowed, 0)));
        let installed = Installed::new(pos, mv.copied(), acting.then(Vec::new));
        let result = self.engine.eval_ast_with_scope::<Dynamic>(&mut scope, &hook.ast);
        let actions = installed.finish().unwrap_or_default();
        let (_, done) = OPERATIONS.with(|c| c.replace(outer));
        scope.rewind(views.len());
        SCOPE.set(Some(scope));
        HookBudget::charge(done);
        match result {
            Ok(v) => Ok(Some((v, hook, actions))),
            Err(e) => Err(self.runtime_error(hook, *e)),
        }
    }

    /// Runs a hook that may queue actions and returns them.
    fn call_acting<const N: usize>(
        &self,
        point: HookPoint,
        pos: &Position,
        mv: Option<&Move>,
        extra: [Dynamic; N],
    ) -> Result<Vec<HookAction>, HookError> {
        Ok(self.call(point, pos, mv, true, extra)?.map(|(_, _, actions)| actions).unwrap_or_default())
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

    /// The error of a hook that returned `got`, naming its type as scripts do (`Move`, `Position`, `map`).
    fn bad_return(&self, hook: &CompiledHook, expected: &str, got: &Dynamic) -> HookError {
        HookError {
            hook: hook.point.name().to_string(),
            file: hook.file.clone(),
            line: hook.line,
            message: format!("the hook must return {expected}, not {}", self.engine.map_type_name(got.type_name())),
        }
    }
}

impl Hooks for RhaiHooks {
    fn has(&self, point: HookPoint) -> bool {
        self.hooks[point_index(point)].is_some()
    }

    fn filter_move(&self, pos: &Position, mv: &Move) -> Result<Option<String>, HookError> {
        let Some((v, hook, _)) = self.call(HookPoint::FilterMove, pos, Some(mv), false, [])? else {
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
        Err(self.bad_return(hook, "true, false, () or a reason", &v))
    }

    fn after_move(&self, pos: &Position, mv: &Move) -> Result<Vec<HookAction>, HookError> {
        self.call_acting(HookPoint::AfterMove, pos, Some(mv), [])
    }

    fn on_capture(&self, pos: &Position, node: NodeId, piece: Piece, by: SeatId) -> Result<Vec<HookAction>, HookError> {
        let names = Names::of(pos.game_arc());
        let (label, name) = (names.node(node), names.piece(piece.piece));
        self.call_acting(
            HookPoint::OnCapture,
            pos,
            None,
            [label, name, Dynamic::from(piece.seat.0 as i64), Dynamic::from(by.0 as i64)],
        )
    }

    fn on_elimination(&self, pos: &Position, seat: SeatId) -> Result<Vec<HookAction>, HookError> {
        self.call_acting(HookPoint::OnElimination, pos, None, [Dynamic::from(seat.0 as i64)])
    }

    fn game_over(&self, pos: &Position) -> Result<HookOutcome, HookError> {
        let Some((v, hook, _)) = self.call(HookPoint::GameOver, pos, None, false, [])? else {
            return Ok(HookOutcome::Continue);
        };
        const EXPECTED: &str = "(), false, a seat or an array of seats";
        if v.is_unit() || v.as_bool() == Ok(false) {
            return Ok(HookOutcome::Continue);
        }
        let seats = pos.game().seats.len();
        let seat = |d: &Dynamic| -> Result<SeatId, HookError> {
            match d.as_int() {
                Ok(s) if (0..seats as i64).contains(&s) => Ok(SeatId(s as u8)),
                Ok(s) => Err(HookError {
                    hook: hook.point.name().to_string(),
                    file: hook.file.clone(),
                    line: hook.line,
                    message: format!("game_over returned seat {s}, but there are {seats} seats"),
                }),
                Err(_) => Err(self.bad_return(hook, EXPECTED, d)),
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
        Err(self.bad_return(hook, EXPECTED, &v))
    }

    fn score(&self, pos: &Position, seat: SeatId) -> Result<Option<f64>, HookError> {
        let Some((v, hook, _)) = self.call(HookPoint::Score, pos, None, false, [Dynamic::from(seat.0 as i64)])? else {
            return Ok(None);
        };
        if v.is_unit() {
            return Ok(None);
        }
        let x = match (v.as_int(), v.as_float()) {
            (Ok(i), _) => i as f64,
            (_, Ok(f)) if f.is_finite() => f,
            _ => return Err(self.bad_return(hook, "a finite number or ()", &v)),
        };
        Ok(Some(x))
    }
}
