//! The boards Ludii's games need beyond plain grids: the Alquerque grid (`diagonal: alternate`).

use super::Compiler;
use super::words::Diagonals;
use crate::diag::Loc;
use qipan_core::board::BoardBuilder;
use qipan_core::board::generators::{self, GridSpec};

impl Compiler<'_> {
    /// A grid, with its diagonals through alternate points when `diagonal: alternate` asks for them.
    pub(super) fn grid_board(&mut self, spec: &GridSpec, diagonals: Diagonals, at: Loc) -> Option<BoardBuilder> {
        let b = self.board_result(generators::grid(spec), at)?;
        match diagonals {
            Diagonals::Alternate => self.board_result(generators::alternate_diagonals(b), at),
            Diagonals::None | Diagonals::All => Some(b),
        }
    }
}
