//! Direction selectors: which directions of a relation a pattern uses ([`DirSel`]), worked out for a
//! seat (forward, sideways, ...) and, for legs after the first, from the previous leg's direction.
//!
//! ```
//! use qipan::core::SeatId;
//! use qipan::core::rules::{Scratch, pattern::generate};
//!
//! let game = qipan::load("chess", &[])?;
//! let pos = game.start();
//! let at = |label| game.board.find(label).unwrap();
//! let pawn = game.piece("pawn").unwrap();
//! // `step orthogonal.forward`: north for White, south for Black.
//! let step = &game.pieces[pawn.idx()].moves[0];
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! generate(step, &pos, SeatId(0), pawn, at("e2"), &mut scratch, &mut out);
//! generate(step, &pos, SeatId(1), pawn, at("e7"), &mut scratch, &mut out);
//! assert_eq!(out.iter().map(|m| m.to).collect::<Vec<_>>(), [at("e3"), at("e6")]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{DirSel, Gen};
use crate::board::{DirectionId, RelationId};

/// A short list of directions on the stack.
#[derive(Clone, Copy)]
pub(crate) struct DirList {
    len: usize,
    items: [DirectionId; 32],
}

impl DirList {
    fn new() -> Self {
        DirList { len: 0, items: [DirectionId(0); 32] }
    }
    fn push(&mut self, d: DirectionId) {
        if self.len < self.items.len() {
            self.items[self.len] = d;
            self.len += 1;
        }
    }
    fn extend(&mut self, it: impl IntoIterator<Item = DirectionId>) {
        it.into_iter().for_each(|d| self.push(d));
    }
    pub(crate) fn as_slice(&self) -> &[DirectionId] {
        &self.items[..self.len]
    }
}

/// The directions of a selector: all of a relation's (borrowed), or a chosen few.
pub(super) enum Dirs<'a> {
    All(&'a [DirectionId]),
    Some(DirList),
}

impl Dirs<'_> {
    pub(super) fn as_slice(&self) -> &[DirectionId] {
        match self {
            Dirs::All(d) => d,
            Dirs::Some(l) => l.as_slice(),
        }
    }
}

impl<'a> Gen<'a> {
    /// The directions a selector stands for, for the mover's seat (`prev`: the previous leg's
    /// direction): borrowed from the game's tables when it has them, chosen here otherwise.
    pub(super) fn dirs(&self, rel: RelationId, sel: &DirSel, prev: Option<DirectionId>) -> Dirs<'a> {
        let game = self.pos.game();
        if let DirSel::All = sel {
            return Dirs::All(game.relation_dirs(rel));
        }
        if let Some(d) = game.cached_dirs(self.seat, rel, sel, prev) {
            return Dirs::All(d);
        }
        Dirs::Some(choose_dirs_in(&game.board, game.relation_dirs(rel), game.seat_forward(self.seat), sel, prev))
    }
}

/// The directions a selector stands for on `board`, given the relation's directions and the seat's
/// forward directions (`prev`: the previous leg's direction, for `outward` and `same`).
pub(crate) fn choose_dirs_in(
    board: &crate::board::Board,
    dirs: &[DirectionId],
    forward: &[DirectionId],
    sel: &DirSel,
    prev: Option<DirectionId>,
) -> DirList {
    let mut out = DirList::new();
    let vec_of = |d: DirectionId| board.directions()[d.0 as usize].vector;
    let dot = |a: [i32; 3], b: [i32; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    match sel {
        DirSel::All => out.extend(dirs.iter().copied()),
        DirSel::Named(ds) => out.extend(ds.iter().copied().filter(|d| dirs.contains(d))),
        DirSel::Forward | DirSel::Backward | DirSel::Sideways => {
            for &d in dirs {
                let Some(v) = vec_of(d) else { continue };
                let keep = forward.iter().filter_map(|&f| vec_of(f)).any(|f| match sel {
                    DirSel::Forward => dot(v, f) > 0,
                    DirSel::Backward => dot(v, f) < 0,
                    _ => dot(v, f) == 0,
                });
                if keep {
                    out.push(d);
                }
            }
        }
        DirSel::Outward | DirSel::Same => {
            let Some(p) = prev else { return out };
            if *sel == DirSel::Same {
                if dirs.contains(&p) {
                    out.push(p);
                }
                return out;
            }
            let Some(pv) = vec_of(p) else { return out };
            out.extend(dirs.iter().copied().filter(|&d| d != p && vec_of(d).is_some_and(|v| dot(v, pv) > 0)));
        }
    }
    out
}
