//! The sandboxed Rhai engine the hooks run in, and the limits it keeps: operations per call and in all
//! (through the progress callback and [`OPERATIONS`]), call depth, and the size of the script's data,
//! which Rhai checks after most operations and [`guard_size`] checks where it does not.

use super::api::{register_actions, register_position};
use super::move_view::register_move;
use super::view::CURRENT;
use super::{HookLimits, RhaiResult};
use rhai::packages::{Package, StandardPackage};
use rhai::{Dynamic, Engine, EvalAltResult};
use std::cell::Cell;
use std::sync::Arc;

thread_local! {
    /// For the call running on this thread: the operations it may perform before the overall budget is
    /// spent, and the operations it has performed (kept by the engine's progress callback).
    pub(super) static OPERATIONS: Cell<(u64, u64)> = const { Cell::new((u64::MAX, 0)) };
}

/// The token with which the progress callback stops a call that spends the last of the overall budget.
pub(super) const OUT_OF_BUDGET: &str = "out of budget";

/// Arrays and maps nested more deeply than this are refused (checked with the size limits).
pub(super) const MAX_DATA_NESTING: usize = 256;

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

/// Builds the sandboxed engine.
pub(super) fn make_engine(limits: &HookLimits, counters: Arc<[String]>) -> Engine {
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
    register_move(&mut engine);
    register_actions(&mut engine, counters, limits.max_array_size.max(1));
    engine
}
