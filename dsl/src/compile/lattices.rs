//! The boards Ludii's games need beyond plain grids: the Alquerque grid (`diagonal: alternate`), grids
//! with a point at the centre of every square (`centres: true`), concentric rings (`rings:`, the Morris
//! boards) and triangular lattices (`triangle:`).

use super::Compiler;
use super::words::{Diagonals, LABELS, RING_SHAPE, SPOKES};
use crate::diag::Loc;
use crate::schema::{GridDef, Mask, RingsDef, Spanned, TriangleDef};
use crate::words::{listed_or, lookup};
use qipan_core::board::BoardBuilder;
use qipan_core::board::generators::{
    self, GridSpec, LabelStyle, MAX_CENTRES_SIDE, MAX_TRIANGLE_SIDE, RingShape, RingsSpec, Spokes, TriangleSpec,
};

/// The most rings: their layout's columns are single letters.
const MAX_RINGS: u32 = 12;

impl Compiler<'_> {
    /// A grid, with its diagonals through alternate points when `diagonal: alternate` asks for them, or
    /// through the centres of its squares with `centres: true`.
    pub(super) fn grid_board(
        &mut self,
        g: &GridDef,
        spec: &GridSpec,
        diagonals: Diagonals,
        at: Loc,
    ) -> Option<BoardBuilder> {
        if g.centres {
            if let Some(d) = g.diagonal.as_ref().filter(|_| diagonals != Diagonals::None) {
                self.error(
                    d.referenced,
                    "a grid with centres has its diagonals through them",
                    Some("no `diagonal` beside `centres: true`".into()),
                );
                return None;
            }
            if spec.width > MAX_CENTRES_SIDE || spec.height > MAX_CENTRES_SIDE {
                let (w, h) = (spec.width, spec.height);
                self.error(
                    at,
                    format!("a grid with centres is at most {MAX_CENTRES_SIDE} points wide and high, not {w}x{h}"),
                    Some(format!("a width and a height from 1 to {MAX_CENTRES_SIDE}")),
                );
                return None;
            }
            return self.board_result(generators::grid_with_centres(spec), at);
        }
        let b = self.board_result(generators::grid(spec), at)?;
        match diagonals {
            Diagonals::Alternate => self.board_result(generators::alternate_diagonals(b), at),
            Diagonals::None | Diagonals::All => Some(b),
        }
    }

    /// Concentric rings; a count out of range is refused where it is written.
    pub(super) fn rings_board(&mut self, r: &RingsDef) -> Option<BoardBuilder> {
        let count = self.count(&r.count, "the number of rings", 1000.0)?;
        if !(1..=MAX_RINGS).contains(&count) {
            self.error(
                r.count.referenced,
                format!("a board has 1 to {MAX_RINGS} rings, not {count}"),
                Some(format!("a count from 1 to {MAX_RINGS}")),
            );
            return None;
        }
        let spec = RingsSpec {
            count,
            shape: self.word(&r.shape, RING_SHAPE, RingShape::Square),
            spokes: self.word(&r.spokes, SPOKES, Spokes::Cross),
            centre: r.centre,
        };
        self.board_result(generators::rings(&spec), r.count.referenced)
    }

    /// A triangular lattice; a size out of range is refused where it is written.
    pub(super) fn triangle_board(&mut self, t: &TriangleDef) -> Option<BoardBuilder> {
        let size = self.count(&t.size, "a triangle's size", 100_000.0)?;
        if !(1..=MAX_TRIANGLE_SIDE).contains(&size) {
            self.error(
                t.size.referenced,
                format!("a triangle has 1 to {MAX_TRIANGLE_SIDE} points a side, not {size}"),
                Some(format!("a size from 1 to {MAX_TRIANGLE_SIDE}")),
            );
            return None;
        }
        let labels = match &t.labels {
            None => LabelStyle::Chess,
            Some(l) => match lookup(LABELS, &l.value) {
                Some(style) => style,
                None => {
                    self.error(l.referenced, format!("unknown label style `{}`", l.value), Some(listed_or(LABELS)));
                    return None;
                }
            },
        };
        let mask = t.mask.as_ref().map(|m| match &m.value {
            Mask::Rows(rows) => rows.clone(),
            Mask::Text(text) => {
                let text = self.subst(&Spanned::new(text.clone(), m.referenced, m.defined));
                text.split(['/', '\n']).map(str::trim).filter(|r| !r.is_empty()).map(String::from).collect()
            }
        });
        let at = t.mask.as_ref().map_or(t.size.referenced, |m| m.referenced);
        self.board_result(generators::triangle(&TriangleSpec { size, mask, labels }), at)
    }
}
