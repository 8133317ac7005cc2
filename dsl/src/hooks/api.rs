//! The functions registered for scripts: the getters and methods of `pos`, and the action functions,
//! which queue [`HookAction`]s on the running call instead of changing the position.

use super::view::{CURRENT, View, with_view};
use super::{PosView, RhaiResult, rt};
use qipan_core::SeatId;
use qipan_core::hooks::HookAction;
use qipan_core::position::Piece;
use qipan_core::rules::Cond;
use rhai::{Array, Dynamic, Engine, Map};
use std::sync::Arc;

/// Queues the action built by `make`, after checking the hook may act.
fn queue(what: &str, max: usize, make: impl FnOnce(&View<'_>) -> RhaiResult<HookAction>) -> RhaiResult<()> {
    CURRENT.with(|c| {
        let Ok(mut c) = c.try_borrow_mut() else {
            return rt(format!("{what}() cannot be called here"));
        };
        let Some(call) = c.as_mut() else {
            return rt(format!("{what}() is only available inside a hook"));
        };
        let action = make(&call.view())?;
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

pub(super) fn counter_index(names: &[String], name: &str) -> RhaiResult<usize> {
    match names.iter().position(|c| c == name) {
        Some(i) => Ok(i),
        None if names.is_empty() => rt(format!("there is no counter `{name}` (the game declares no counters)")),
        None => rt(format!("there is no counter `{name}` (counters: {})", names.join(", "))),
    }
}

/// Registers `pos`'s type, getters and methods. Each reads the position lent to the running call.
pub(super) fn register_position(engine: &mut Engine, counters: Arc<[String]>) {
    engine.register_type_with_name::<PosView>("Position");
    engine.register_get("to_move", |_: &mut PosView| with_view(|v| Ok(v.pos.to_move().0 as i64)));
    engine.register_get("ply", |_: &mut PosView| with_view(|v| Ok(v.pos.ply() as i64)));
    engine.register_get("passes", |_: &mut PosView| with_view(|v| Ok(v.pos.passes() as i64)));
    engine.register_get("quiet_plies", |_: &mut PosView| with_view(|v| Ok(v.pos.quiet_plies() as i64)));
    engine.register_get("seats", |_: &mut PosView| with_view(|v| Ok(v.game.seats.len() as i64)));
    engine.register_get("nodes", |_: &mut PosView| {
        with_view(|v| {
            let b = &v.game.board;
            Ok(b.node_ids().map(|n| Dynamic::from(b.label(n).to_string())).collect::<Array>())
        })
    });
    engine.register_fn("seat_name", |_: &mut PosView, seat: i64| -> RhaiResult<String> {
        with_view(|v| Ok(v.game.seats[v.seat(seat)?.idx()].name.clone()))
    });
    engine.register_fn("seat_index", |_: &mut PosView, name: &str| -> RhaiResult<i64> {
        with_view(|v| match v.game.seat(name) {
            Some(s) => Ok(s.0 as i64),
            None => rt(format!("there is no seat named `{name}`")),
        })
    });
    engine.register_fn("alive", |_: &mut PosView, seat: i64| -> RhaiResult<bool> {
        with_view(|v| Ok(v.pos.is_alive(v.seat(seat)?)))
    });
    engine.register_fn("controller", |_: &mut PosView, seat: i64| -> RhaiResult<i64> {
        with_view(|v| Ok(v.pos.controller(v.seat(seat)?).0 as i64))
    });
    engine.register_fn("captures", |_: &mut PosView, seat: i64| -> RhaiResult<i64> {
        with_view(|v| Ok(v.pos.captures()[v.seat(seat)?.idx()] as i64))
    });
    engine.register_fn("at", |_: &mut PosView, label: &str| -> RhaiResult<Dynamic> {
        with_view(|v| {
            let n = v.node(label)?;
            Ok(match v.pos.cell(n) {
                None => Dynamic::UNIT,
                Some(c) => {
                    let mut m = Map::new();
                    m.insert("seat".into(), Dynamic::from(c.seat.0 as i64));
                    m.insert("piece".into(), Dynamic::from(v.piece_name(c.piece)));
                    Dynamic::from_map(m)
                }
            })
        })
    });
    engine.register_fn("owner", |_: &mut PosView, label: &str| -> RhaiResult<i64> {
        with_view(|v| Ok(v.pos.cell(v.node(label)?).map_or(-1, |c| c.seat.0 as i64)))
    });
    engine.register_fn("piece_at", |_: &mut PosView, label: &str| -> RhaiResult<String> {
        with_view(|v| Ok(v.pos.cell(v.node(label)?).map_or(String::new(), |c| v.piece_name(c.piece))))
    });
    engine.register_fn("count", |_: &mut PosView, seat: i64, piece: &str| -> RhaiResult<i64> {
        with_view(|v| v.count(seat, piece))
    });
    engine.register_fn("reserve", |_: &mut PosView, seat: i64, piece: &str| -> RhaiResult<i64> {
        with_view(|v| Ok(v.pos.reserve(v.seat(seat)?, v.piece(piece)?) as i64))
    });
    engine.register_fn("graveyard", |_: &mut PosView, seat: i64, piece: &str| -> RhaiResult<i64> {
        with_view(|v| Ok(v.pos.graveyard(v.seat(seat)?, v.piece(piece)?) as i64))
    });
    let names = counters.clone();
    engine.register_fn("counter", move |_: &mut PosView, name: &str| -> RhaiResult<i64> {
        let i = counter_index(&names, name)?;
        with_view(|v| Ok(v.pos.counter(i, v.pos.to_move())))
    });
    engine.register_fn("counter", move |_: &mut PosView, name: &str, seat: i64| -> RhaiResult<i64> {
        let i = counter_index(&counters, name)?;
        with_view(|v| Ok(v.pos.counter(i, v.seat(seat)?)))
    });
    engine.register_fn("option", |_: &mut PosView, name: &str| -> RhaiResult<String> {
        with_view(|v| match v.game.options.get(name) {
            Some(o) => Ok(o.clone()),
            None => rt(format!("there is no option `{name}`")),
        })
    });
    engine.register_fn("zone", |_: &mut PosView, label: &str, zone: &str| -> RhaiResult<bool> {
        with_view(|v| v.in_zone(label, zone, v.pos.to_move()))
    });
    engine.register_fn("zone", |_: &mut PosView, label: &str, zone: &str, seat: i64| -> RhaiResult<bool> {
        with_view(|v| v.in_zone(label, zone, v.seat(seat)?))
    });
    engine.register_fn("kind", |_: &mut PosView, label: &str| -> RhaiResult<String> {
        with_view(|v| {
            let (n, b) = (v.node(label)?, &v.game.board);
            Ok(b.kind_names().get(b.node(n).kind as usize).cloned().unwrap_or_default())
        })
    });
    engine.register_fn("colour", |_: &mut PosView, label: &str| -> RhaiResult<String> {
        with_view(|v| {
            let (n, b) = (v.node(label)?, &v.game.board);
            Ok(b.node(n).colour.and_then(|c| b.colour_names().get(c as usize).cloned()).unwrap_or_default())
        })
    });
    engine.register_fn("next", |_: &mut PosView, label: &str, relation: &str, direction: &str| -> RhaiResult<String> {
        with_view(|v| {
            let (n, b) = (v.node(label)?, &v.game.board);
            let Some(r) = b.relation(relation) else {
                return rt(format!("there is no relation `{relation}` (relations: {})", b.relation_names().join(", ")));
            };
            let Some(d) = b.direction(direction) else {
                let all: Vec<&str> = b.directions().iter().map(|d| d.name.as_str()).collect();
                return rt(format!("there is no direction `{direction}` (directions: {})", all.join(", ")));
            };
            let to = b.next(r, d, n);
            Ok(if to.is_some() { b.label(to).to_string() } else { String::new() })
        })
    });
    engine.register_fn("in_check", |_: &mut PosView, seat: i64| -> RhaiResult<bool> {
        with_view(|v| Ok(v.pos.in_check(v.seat(seat)?)))
    });
    engine.register_fn("attacked", |_: &mut PosView, label: &str, seat: i64| -> RhaiResult<bool> {
        with_view(|v| {
            let (n, by, pos) = (v.node(label)?, v.seat(seat)?, v.pos);
            // Judged for a seat that `by` is hostile to: the occupant's, else the side to move's, else any.
            let hostile = |s: &SeatId| pos.hostile(by, *s);
            let victim = pos
                .cell(n)
                .map(|c| c.seat)
                .filter(hostile)
                .or(Some(pos.to_move()).filter(hostile))
                .or_else(|| v.game.seat_ids().find(hostile));
            Ok(victim.is_some_and(|s| Cond::AttackedBy(by).eval(pos, s, n)))
        })
    });
    // Counted without hooks: a `filter_move` that counts moves would otherwise ask itself without end.
    engine.register_fn("legal_moves", |_: &mut PosView| -> RhaiResult<i64> {
        with_view(|v| Ok(v.pos.legal_moves_by_rules().len() as i64))
    });
    engine.register_fn("neighbours", |_: &mut PosView, label: &str, relation: &str| -> RhaiResult<Array> {
        with_view(|v| {
            let (n, b) = (v.node(label)?, &v.game.board);
            let Some(r) = b.relation(relation) else {
                return rt(format!("there is no relation `{relation}` (relations: {})", b.relation_names().join(", ")));
            };
            Ok(b.edges(r, n).iter().map(|e| Dynamic::from(b.label(e.to).to_string())).collect())
        })
    });
}

/// Registers the action functions, which queue [`HookAction`]s.
pub(super) fn register_actions(engine: &mut Engine, counters: Arc<[String]>, max: usize) {
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
