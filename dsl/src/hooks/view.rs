//! What a hook's script sees of the game: `pos`, the position the engine asks about, and `mv`, the move
//! (read by [`super::move_view`]).
//!
//! Nothing is copied for `pos`: the call lends the engine's position to this thread's call context
//! ([`Installed`]) for as long as it runs, and every getter of `pos` ([`super::PosView`]) reads it
//! there ([`with_view`]). The script cannot change it (the getters only read) and cannot keep it (the
//! context is taken back before the call returns). The move is lent the same way. The strings `mv`'s fields
//! are made of are built once per game and thread ([`Names`]) and shared, so reading one copies no string.

use super::{RhaiResult, rt};
use qipan_core::board::NodeId;
use qipan_core::game::Game;
use qipan_core::hooks::HookAction;
use qipan_core::moves::{Move, MoveKind};
use qipan_core::position::Position;
use qipan_core::{ExtraId, PieceId, SeatId};
use rhai::{Dynamic, ImmutableString};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::marker::PhantomData;
use std::ptr::NonNull;
use std::rc::Rc;
use std::sync::{Arc, Weak};

/// The position a hook sees, and the game it belongs to.
pub(super) struct View<'a> {
    pub(super) game: &'a Game,
    pub(super) pos: &'a Position,
}

impl View<'_> {
    pub(super) fn node(&self, label: &str) -> RhaiResult<NodeId> {
        match self.game.board.find(label) {
            Some(n) => Ok(n),
            None => rt(format!("there is no node `{label}` on this board")),
        }
    }

    pub(super) fn seat(&self, seat: i64) -> RhaiResult<SeatId> {
        match u8::try_from(seat) {
            Ok(s) if (s as usize) < self.game.seats.len() => Ok(SeatId(s)),
            _ => rt(format!("there is no seat {seat} (seats are 0 to {})", self.game.seats.len().saturating_sub(1))),
        }
    }

    pub(super) fn piece(&self, name: &str) -> RhaiResult<PieceId> {
        match self.game.piece(name) {
            Some(p) => Ok(p),
            None => {
                let names: Vec<&str> = self.game.pieces.iter().map(|p| p.name.as_str()).collect();
                rt(format!("there is no piece type `{name}` (the pieces are: {})", names.join(", ")))
            }
        }
    }

    pub(super) fn piece_name(&self, p: PieceId) -> String {
        self.game.pieces.get(p.idx()).map(|t| t.name.clone()).unwrap_or_default()
    }

    pub(super) fn count(&self, seat: i64, piece: &str) -> RhaiResult<i64> {
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

    pub(super) fn in_zone(&self, label: &str, zone: &str, seat: SeatId) -> RhaiResult<bool> {
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

/// What the functions of the running call see: the position lent to it and, for hooks that may act,
/// the queue of actions.
pub(super) struct CallCtx {
    /// The position, lent by the [`Installed`] that put this context in place and that takes it back
    /// before the borrow ends; only [`CallCtx::view`] reads it.
    pos: NonNull<Position>,
    /// The move `mv` shows, for `filter_move` and `after_move`.
    pub(super) mv: Option<Move>,
    pub(super) actions: Option<Vec<HookAction>>,
    /// Per array or map variable (by address): accesses since its size was last measured, and
    /// the cost of that measurement. See [`super::engine`]'s `guard_size`.
    pub(super) guards: HashMap<usize, (u64, u64)>,
}

impl CallCtx {
    /// The position lent to the call, and its game.
    pub(super) fn view(&self) -> View<'_> {
        // SAFETY: `pos` was made from the `&'a Position` given to `Installed::new`, and a `CallCtx` exists only
        // inside that `Installed<'a>` or in `CURRENT` while it lives: it is taken out (and dropped) by
        // `Installed::finish` or its `Drop`, before `'a` ends. Nothing writes through the pointer.
        let pos = unsafe { self.pos.as_ref() };
        View { game: pos.game(), pos }
    }
}

thread_local! {
    /// The call running on this thread, if any.
    pub(super) static CURRENT: RefCell<Option<CallCtx>> = const { RefCell::new(None) };
    /// The size guards of the last call on this thread, emptied, kept so that the next call does not allocate them.
    static SPARE_GUARDS: Cell<Option<HashMap<usize, (u64, u64)>>> = const { Cell::new(None) };
}

/// Lends a position to a call: installs the call's context on this thread and puts the previous one back
/// when dropped, even if the evaluation unwinds.
pub(super) struct Installed<'a> {
    prev: Option<CallCtx>,
    lent: PhantomData<&'a Position>,
}

impl<'a> Installed<'a> {
    pub(super) fn new(pos: &'a Position, mv: Option<Move>, actions: Option<Vec<HookAction>>) -> Installed<'a> {
        let guards = SPARE_GUARDS.take().unwrap_or_default();
        let ctx = CallCtx { pos: NonNull::from(pos), mv, actions, guards };
        Installed { prev: CURRENT.with(|c| c.replace(Some(ctx))), lent: PhantomData }
    }

    /// Ends the call: takes the context back and returns the actions it queued.
    pub(super) fn finish(self) -> Option<Vec<HookAction>> {
        let ctx = CURRENT.with(|c| c.take())?;
        let mut guards = ctx.guards;
        guards.clear();
        SPARE_GUARDS.set(Some(guards));
        ctx.actions
    }
}

impl Drop for Installed<'_> {
    fn drop(&mut self) {
        let prev = self.prev.take();
        CURRENT.with(|c| c.replace(prev));
    }
}

/// Runs `f` on the position of the call running on this thread: how `pos` is read.
#[inline]
pub(super) fn with_view<R>(f: impl FnOnce(&View<'_>) -> RhaiResult<R>) -> RhaiResult<R> {
    CURRENT.with(|c| {
        let Ok(c) = c.try_borrow() else {
            return rt("the position cannot be read here".to_string());
        };
        match c.as_ref() {
            Some(call) => f(&call.view()),
            None => rt("the position is only available inside a hook".to_string()),
        }
    })
}

/// The strings moves are described with, made once per game (and thread) and shared by every `mv`.
pub(super) struct Names {
    nodes: Vec<ImmutableString>,
    pieces: Vec<ImmutableString>,
    extras: Vec<ImmutableString>,
    /// The names of [`MOVE_KINDS`].
    kinds: [ImmutableString; 6],
    empty: ImmutableString,
}

/// Every move kind and its name, in the order of [`Names::kinds`].
const MOVE_KINDS: [(MoveKind, &str); 6] = [
    (MoveKind::Pass, "pass"),
    (MoveKind::Place, "place"),
    (MoveKind::Drop, "drop"),
    (MoveKind::Move, "move"),
    (MoveKind::Shoot, "shoot"),
    (MoveKind::Swap, "swap"),
];

thread_local! {
    /// The names of the game whose hooks last ran on this thread. The `Weak` keeps the game's address from
    /// being reused by another game while it is kept, without keeping the game alive.
    static NAMES: RefCell<Option<(Weak<Game>, Rc<Names>)>> = const { RefCell::new(None) };
}

impl Names {
    /// The names of `game`, made on the first call for it on this thread.
    pub(super) fn of(game: &Arc<Game>) -> Rc<Names> {
        NAMES.with(|slot| {
            let mut slot = slot.borrow_mut();
            if let Some((g, names)) = &*slot
                && std::ptr::eq(g.as_ptr(), Arc::as_ptr(game))
            {
                return names.clone();
            }
            let kinds = MOVE_KINDS.map(|(_, name)| ImmutableString::from(name));
            let names = Rc::new(Names {
                nodes: game.board.node_ids().map(|n| game.board.label(n).into()).collect(),
                pieces: game.pieces.iter().map(|p| p.name.as_str().into()).collect(),
                extras: game.extras.iter().map(|e| e.name.as_str().into()).collect(),
                kinds,
                empty: ImmutableString::new(),
            });
            *slot = Some((Arc::downgrade(game), names.clone()));
            names
        })
    }

    /// A node's label (empty for none, or a node off the board).
    pub(super) fn node(&self, n: NodeId) -> Dynamic {
        let s = if n.is_some() { self.nodes.get(n.idx()) } else { None };
        Dynamic::from(s.unwrap_or(&self.empty).clone())
    }

    /// A piece type's name (empty for an unknown one).
    pub(super) fn piece(&self, p: PieceId) -> Dynamic {
        Dynamic::from(self.pieces.get(p.idx()).unwrap_or(&self.empty).clone())
    }

    /// The name of an extra action (empty for none).
    pub(super) fn extra(&self, extra: Option<ExtraId>) -> Dynamic {
        Dynamic::from(extra.and_then(|x| self.extras.get(x.idx())).unwrap_or(&self.empty).clone())
    }

    /// A move kind's name.
    pub(super) fn kind(&self, k: MoveKind) -> Dynamic {
        let i = MOVE_KINDS.iter().position(|&(m, _)| m == k).unwrap_or_default();
        Dynamic::from(self.kinds[i].clone())
    }

    /// The empty string, for a field that has no value.
    pub(super) fn none(&self) -> Dynamic {
        Dynamic::from(self.empty.clone())
    }
}
