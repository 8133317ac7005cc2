//! `mv`, the move a `filter_move` or `after_move` hook is asked about: a read-only view whose fields are
//! read when the script asks for them.
//!
//! Like `pos`, `mv` holds nothing: the move is lent to the running call with the position
//! ([`super::view::Installed`]), and each getter reads it there, so a call whose script does not look at
//! `mv` pays nothing for it. The fields are those of the map `mv` used to be, and the view answers what
//! scripts asked of that map: `mv.to`, `mv["to"]`, `"to" in mv`, `mv.keys()`, `mv.values()`, `mv.len()`,
//! printing, `==`; `mv.to_map()` gives the map itself, for anything else (changing a field, map functions).

use super::view::{CURRENT, Names, View};
use super::{RhaiResult, rt};
use qipan_core::board::{NodeId, RelationId};
use qipan_core::moves::Move;
use qipan_core::position::Position;
use rhai::{Array, Dynamic, Engine, Map};

/// The move of the running call, as scripts see it (`mv`; its type is called `Move` in scripts).
#[derive(Clone, Copy)]
pub(super) struct MoveView;

/// The fields of `mv`, in the order `keys()` lists them (the order of the map `mv` used to be).
const FIELDS: [&str; 12] =
    ["by", "covers", "extra", "from", "jumped", "kind", "piece", "placed", "screen", "screen_piece", "take", "to"];

/// Runs `f` on the move of the running call, its position and the game's names.
fn with_move<R>(f: impl FnOnce(&View<'_>, &Move, &Names) -> RhaiResult<R>) -> RhaiResult<R> {
    CURRENT.with(|c| {
        let Ok(c) = c.try_borrow() else {
            return rt("the move cannot be read here".to_string());
        };
        let Some(call) = c.as_ref() else {
            return rt("the move is only available inside a hook".to_string());
        };
        let Some(mv) = &call.mv else {
            return rt("the move is only available in filter_move and after_move".to_string());
        };
        let view = call.view();
        f(&view, mv, &Names::of(view.pos.game_arc()))
    })
}

/// The value of field `name` of `mv` (`None` for a name that is not a field).
fn field(view: &View<'_>, mv: &Move, names: &Names, name: &str) -> Option<Dynamic> {
    let piece = || if mv.is_pass() { names.none() } else { names.piece(mv.piece) };
    Some(match name {
        "kind" => names.kind(mv.kind),
        "from" => names.node(mv.from),
        "to" => names.node(mv.to),
        "take" => names.node(mv.take),
        // The second node of a placement covering two (a castling partner's end is not one).
        "covers" => names.node(if mv.kind == qipan_core::MoveKind::Place { mv.with_to } else { NodeId::NONE }),
        // The nodes a jump or chain of jumps goes over, in order (captured with `capture jumped`).
        "jumped" => {
            let board = &view.pos.game().board;
            Dynamic::from(mv.path.jumped(board, mv.from).map(|n| names.node(n)).collect::<Array>())
        }
        // The node of the piece placed after the move (`then place`, the Amazons' arrow).
        "placed" => names.node(if mv.then_place.is_some() { mv.with_to } else { NodeId::NONE }),
        "by" => names.node(mv.by),
        "screen" => names.node(screen_of(view.pos, mv)),
        // The piece serving as screen, as the board stands after the move (the mover when it is the screen).
        "screen_piece" => match screen_of(view.pos, mv) {
            s if !s.is_some() => names.none(),
            s if s == mv.to => piece(),
            s => view.pos.cell(s).map_or_else(|| names.none(), |c| names.piece(c.piece)),
        },
        "extra" => names.extra(mv.extra),
        "piece" => piece(),
        _ => return None,
    })
}

/// The field `name`, or an error naming the fields.
fn get(name: &str) -> RhaiResult<Dynamic> {
    with_move(|view, mv, names| match field(view, mv, names, name) {
        Some(v) => Ok(v),
        None => rt(format!("a move has no field `{name}` (its fields: {})", FIELDS.join(", "))),
    })
}

/// The map of every field of the running call's move.
fn to_map() -> RhaiResult<Map> {
    with_move(|view, mv, names| {
        Ok(FIELDS.iter().filter_map(|&f| Some((f.into(), field(view, mv, names, f)?))).collect())
    })
}

/// The running call's move as the map `mv` used to print: `#{"by": "", "extra": "", ...}`.
fn describe() -> RhaiResult<String> {
    // Strings quoted, arrays (`jumped`) as Rhai prints them.
    let value = |v: Dynamic| if v.is_array() { v.to_string() } else { format!("{:?}", v.to_string()) };
    let fields = to_map()?.into_iter().map(|(k, v)| format!("{:?}: {}", k.as_str(), value(v)));
    Ok(format!("#{{{}}}", fields.collect::<Vec<_>>().join(", ")))
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
        let rel = RelationId(r as u8);
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

/// Registers `mv`'s type: a getter per field, indexing by field name, and what scripts did with the map
/// `mv` used to be.
pub(super) fn register_move(engine: &mut Engine) {
    engine.register_type_with_name::<MoveView>("Move");
    // One closure per field: `register_get` takes the field's name as a literal, so the reference test finds it.
    engine.register_get("kind", |_: &mut MoveView| get("kind"));
    engine.register_get("from", |_: &mut MoveView| get("from"));
    engine.register_get("to", |_: &mut MoveView| get("to"));
    engine.register_get("take", |_: &mut MoveView| get("take"));
    engine.register_get("covers", |_: &mut MoveView| get("covers"));
    engine.register_get("jumped", |_: &mut MoveView| get("jumped"));
    engine.register_get("placed", |_: &mut MoveView| get("placed"));
    engine.register_get("by", |_: &mut MoveView| get("by"));
    engine.register_get("screen", |_: &mut MoveView| get("screen"));
    engine.register_get("screen_piece", |_: &mut MoveView| get("screen_piece"));
    engine.register_get("extra", |_: &mut MoveView| get("extra"));
    engine.register_get("piece", |_: &mut MoveView| get("piece"));
    // Any other property (`mv.nope`) comes here too, and fails naming the fields.
    engine.register_indexer_get(|_: &mut MoveView, name: &str| get(name));
    engine.register_fn("contains", |_: &mut MoveView, name: &str| FIELDS.contains(&name));
    engine.register_fn("len", |_: &mut MoveView| FIELDS.len() as i64);
    engine.register_fn("keys", |_: &mut MoveView| FIELDS.iter().map(|&f| Dynamic::from(f)).collect::<Array>());
    engine.register_fn("values", |_: &mut MoveView| -> RhaiResult<Array> { Ok(to_map()?.into_values().collect()) });
    engine.register_fn("to_map", |_: &mut MoveView| to_map());
    // Printed (`print`, `${mv}`, `debug`) as the map was: `#{"by": "", "extra": "", ...}`.
    for name in ["print", "to_string", "debug", "to_debug"] {
        engine.register_fn(name, |_: &mut MoveView| -> RhaiResult<String> { describe() });
    }
    // A call has one move: every `mv` of it is the same.
    engine.register_fn("==", |_: MoveView, _: MoveView| true);
    engine.register_fn("!=", |_: MoveView, _: MoveView| false);
}
