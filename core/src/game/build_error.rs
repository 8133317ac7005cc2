//! Why a game's builder refuses its data.

use super::build::MAX_KEYS;

/// Why [`GameBuilder::build`](super::GameBuilder::build) refused the data it was given.
///
/// ```
/// use qipan::core::board::generators::{GridSpec, grid};
/// use qipan::core::game::{BuildError, GameBuilder};
///
/// let board = grid(&GridSpec::new(3, 3))?.build()?;
/// assert_eq!(GameBuilder::new("empty", board).build().unwrap_err(), BuildError::NoSeats);
/// assert_eq!(BuildError::NoSeats.to_string(), "a game needs at least one seat");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BuildError {
    /// No seat was given.
    #[error("a game needs at least one seat")]
    NoSeats,
    /// More seats or piece types than indices of one byte can name.
    #[error("{what}: {count} is more than 255")]
    TooMany {
        /// `seats` or `piece types`.
        what: &'static str,
        /// How many were given.
        count: usize,
    },
    /// More (node, seat, piece type) combinations than [`MAX_KEYS`].
    #[error("{nodes} nodes x {seats} seats x {pieces} piece types is too large (at most {MAX_KEYS} combinations)")]
    TooLarge {
        /// Nodes of the board.
        nodes: usize,
        /// Seats.
        seats: usize,
        /// Piece types.
        pieces: usize,
    },
    /// A piece type without a symbol.
    #[error("piece type `{0}` has no symbol")]
    NoSymbol(String),
    /// An index that names no seat, piece type, node or counter.
    #[error("{what} names {kind} {index}, but there are only {count}")]
    OutOfRange {
        /// Where the index was given (`setup`, `reserves`, `check rule`, ...).
        what: &'static str,
        /// What it should name.
        kind: &'static str,
        /// The index.
        index: usize,
        /// How many there are.
        count: usize,
    },
    /// Two pieces placed on one node at the start (on a board without counts).
    #[error("setup places two pieces on node {0}")]
    Crowded(String),
    /// A part compiled for a board of another size.
    #[error("{what} were compiled for a board of {nodes} nodes, not this one of {board}")]
    OtherBoard {
        /// The part (`patterns`).
        what: &'static str,
        /// The nodes of the board it was compiled for.
        nodes: usize,
        /// The nodes of the game's board.
        board: usize,
    },
}
