//! The interface between the engine and scripted hooks. The engine calls hooks at named points;
//! hooks answer with decisions or with actions the engine applies. qipan-dsl implements it with Rhai.

use crate::board::NodeId;
use crate::moves::Move;
use crate::position::{Piece, Position};
use std::fmt;

/// The named points where a hook may run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HookPoint {
    /// May forbid a move the rules allow (`filter_move`).
    FilterMove,
    /// Runs after every move.
    AfterMove,
    /// Runs for each captured piece.
    OnCapture,
    /// Runs when a seat is eliminated.
    OnElimination,
    /// Decides whether the game is over.
    GameOver,
    /// Computes a seat's score at the end.
    Score,
}

impl HookPoint {
    /// Every hook point, in documentation order.
    pub const ALL: [HookPoint; 6] = [
        HookPoint::FilterMove,
        HookPoint::AfterMove,
        HookPoint::OnCapture,
        HookPoint::OnElimination,
        HookPoint::GameOver,
        HookPoint::Score,
    ];

    /// The name used in definition files.
    pub fn name(self) -> &'static str {
        match self {
            HookPoint::FilterMove => "filter_move",
            HookPoint::AfterMove => "after_move",
            HookPoint::OnCapture => "on_capture",
            HookPoint::OnElimination => "on_elimination",
            HookPoint::GameOver => "game_over",
            HookPoint::Score => "score",
        }
    }
}

/// A change a hook asks the engine to make.
#[derive(Clone, Debug, PartialEq)]
pub enum HookAction {
    /// Remove the piece on a node (not counted as a capture).
    Remove(NodeId),
    /// Capture the piece on a node for a seat: counted, sent where captured pieces go, and the
    /// count of plies without capture starts again.
    Capture(NodeId, u8),
    /// Put a piece on a node (replacing what is there).
    Place(NodeId, Piece),
    /// Set a seat's value of a named counter (index into [`crate::Game::counters`]).
    SetCounter {
        /// The counter.
        counter: usize,
        /// Whose value.
        seat: u8,
        /// The new value.
        value: i64,
    },
    /// Bring one piece of a seat from its graveyard back to its reserve.
    Revive(u8, u8),
    /// Start counting plies without capture from zero again.
    ResetQuiet,
    /// Eliminate a seat.
    Eliminate(u8),
    /// Give one seat to another seat's player (conquest). If the seat led its player (held other
    /// seats), the player goes on under its next seat, which also takes over its counters.
    Transfer {
        /// The seat that changes hands.
        seat: u8,
        /// The seat whose controller takes it.
        to: u8,
    },
    /// Absorption: give a seat to another seat's player; when the seat is a player, with every seat it
    /// holds. Under the `dropped` absorbed-turns rule the absorbed seats lose their turns.
    Absorb {
        /// The absorbed seat.
        seat: u8,
        /// The seat whose controller takes it all.
        to: u8,
    },
    /// Add to a seat's reserve of a piece type (negative to take away).
    Reserve(u8, u8, i32),
}

/// A decision from the `game_over` hook.
#[derive(Clone, Debug, PartialEq)]
pub enum HookOutcome {
    /// Play on.
    Continue,
    /// The game ends; these seats win (none: a draw).
    Winners(Vec<u8>),
}

/// A hook failed: it broke a limit, threw, or returned the wrong type.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("hook `{hook}` failed at line {line}: {message}")]
pub struct HookError {
    /// The hook's name.
    pub hook: String,
    /// The line in the definition file (0 if unknown).
    pub line: usize,
    /// What went wrong.
    pub message: String,
}

/// Scripted rules. Every method has a default that does nothing, so an implementation provides
/// only the points it uses; [`Hooks::has`] tells the engine which to call.
pub trait Hooks: Send + Sync + fmt::Debug {
    /// Whether this point has a hook.
    fn has(&self, point: HookPoint) -> bool;

    /// `Ok(None)` to allow the move, `Ok(Some(reason))` to forbid it.
    fn filter_move(&self, _pos: &Position, _mv: &Move) -> Result<Option<String>, HookError> {
        Ok(None)
    }

    /// Actions to apply after a move (the position is the one after the move).
    fn after_move(&self, _pos: &Position, _mv: &Move) -> Result<Vec<HookAction>, HookError> {
        Ok(Vec::new())
    }

    /// Actions to apply when `piece` on `node` was captured by `by`.
    fn on_capture(&self, _pos: &Position, _node: NodeId, _piece: Piece, _by: u8) -> Result<Vec<HookAction>, HookError> {
        Ok(Vec::new())
    }

    /// Actions to apply when `seat` was eliminated.
    fn on_elimination(&self, _pos: &Position, _seat: u8) -> Result<Vec<HookAction>, HookError> {
        Ok(Vec::new())
    }

    /// Whether the game is over.
    fn game_over(&self, _pos: &Position) -> Result<HookOutcome, HookError> {
        Ok(HookOutcome::Continue)
    }

    /// A seat's final score, replacing the built-in scoring.
    fn score(&self, _pos: &Position, _seat: u8) -> Result<Option<f64>, HookError> {
        Ok(None)
    }
}
