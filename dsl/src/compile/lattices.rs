//! The boards Ludii's games need beyond plain grids: the Alquerque grid (`diagonal: alternate`) and
//! concentric rings (`rings:`, the Morris boards).

use super::Compiler;
use super::words::{Diagonals, RING_SHAPE, SPOKES};
use crate::diag::Loc;
use crate::schema::RingsDef;
use qipan_core::board::BoardBuilder;
use qipan_core::board::generators::{self, GridSpec, RingShape, RingsSpec, Spokes};

/// The most rings: their layout's columns are single letters.
const MAX_RINGS: u32 = 12;

impl Compiler<'_> {
    /// A grid, with its diagonals through alternate points when `diagonal: alternate` asks for them.
    pub(super) fn grid_board(&mut self, spec: &GridSpec, diagonals: Diagonals, at: Loc) -> Option<BoardBuilder> {
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
