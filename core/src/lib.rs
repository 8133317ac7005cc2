//! qipan-core: the engine of qipan.
//!
//! Boards are graphs ([`board`]), games are immutable rule tables ([`game::Game`]), and a
//! [`position::Position`] applies them. Nothing here knows any game by name: every game is built
//! from the generic blocks of [`rules`], by the definition compiler (qipan-dsl) or by hand.
//!
//! ```
//! use qipan_core::board::generators::{grid, GridSpec};
//! let board = grid(&GridSpec::new(19, 19)).unwrap().build().unwrap();
//! let orth = board.relation("orthogonal").unwrap();
//! assert_eq!(board.edges(orth, board.find("D4").unwrap()).len(), 4);
//! assert!(board.find("I9").is_none(), "GTP labels skip the letter I");
//! ```

#![warn(missing_docs)]

pub mod actions;
pub mod ai;
pub mod board;
pub mod fen;
pub mod game;
pub mod history;
pub mod hooks;
mod ids;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod ownership;
pub mod path;
pub mod playout;
pub mod position;
pub mod render;
pub mod rules;
pub mod san;
#[cfg(test)]
mod testkit;
mod turn_text;
pub mod uci;

pub use board::{Board, NodeId};
pub use game::{Game, PieceType, Placement, Seat};
pub use ids::{ExtraId, PieceId, SeatId};
pub use moves::{Move, MoveKind, Stack};
pub use outcome::{EndReason, GameResult};
pub use path::Path;
pub use position::{Illegal, MoveBuf, Piece, PlayError, Position, Setup, SetupError};
