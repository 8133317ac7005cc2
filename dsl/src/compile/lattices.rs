//! The boards Ludii's games need beyond plain grids: the Alquerque grid (`diagonal: alternate`), grids
//! with a point at the centre of every square (`centres: true`) and concentric rings (`rings:`, the Morris
//! boards).

use super::Compiler;
use super::words::{Diagonals, RING_SHAPE, SPOKES};
use crate::diag::Loc;
use crate::schema::{GridDef, RingsDef};
use qipan_core::board::BoardBuilder;
use qipan_core::board::generators::{self, GridSpec, MAX_CENTRES_SIDE, RingShape, RingsSpec, Spokes};

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
}
