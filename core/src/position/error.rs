//! Why a move is refused ([`Illegal`]) and why playing one failed ([`PlayError`]).

use crate::hooks::HookError;

/// Why a move is refused: the rule it breaks.
///
/// ```
/// use qipan::core::PieceId;
/// use qipan::core::{notation::parse_move, Illegal, Move, Position};
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// let e5 = game.board.find("E5").unwrap();
/// pos.play(&Move::place(PieceId::new(0), e5))?;
/// assert_eq!(pos.check(&Move::place(PieceId::new(0), e5)), Err(Illegal::Occupied));
/// assert_eq!(Illegal::Occupied.to_string(), "the node is occupied");
///
/// // The king on e1 may not step to d1, which the rook on a1 attacks.
/// let chess = qipan::load("chess", &[])?;
/// let pos = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")?;
/// assert_eq!(pos.check(&parse_move(&pos, "e1-d1")?), Err(Illegal::LeavesInCheck("king".into())));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The destination is not empty.
    #[error("the node is occupied")]
    Occupied,
    /// The move names a piece that is not there or not the mover's.
    #[error("there is no piece of yours there")]
    NotYourPiece,
    /// No movement rule of the piece produces this move.
    #[error("no rule of this piece allows that move")]
    NoSuchMove,
    /// The reserve is empty.
    #[error("no such piece in reserve")]
    NotInReserve,
    /// The extra action cannot be taken (nothing to bring back, or nothing to pay with).
    #[error("the extra action is not possible now")]
    ExtraNotPossible,
    /// Passing is not allowed now.
    #[error("passing is not allowed now")]
    PassNotAllowed,
    /// The pie rule's swap is not allowed now: the game has no such rule, or this is not the second
    /// seat's first turn.
    #[error("swapping is allowed only as the second move, under the pie rule (`swap: sides`)")]
    SwapNotAllowed,
    /// The play would leave its own group without liberties (suicide).
    #[error("suicide: the play would leave its own group without liberties")]
    Suicide,
    /// The move would leave a piece protected by the check rule attacked.
    #[error("the move would leave your {0} attacked")]
    LeavesInCheck(String),
    /// Simple ko: immediate recapture of a ko.
    #[error("ko: the stone just captured cannot be recaptured at once")]
    Ko,
    /// Positional superko.
    #[error("positional superko: the move repeats an earlier board position")]
    PositionalSuperko,
    /// Situational superko.
    #[error("situational superko: the move repeats an earlier position with the same player to move")]
    SituationalSuperko,
    /// A move that captures (or captures more) must be played (`capture_priority`).
    #[error("a capture must be made: a move that captures more is possible")]
    CaptureRequired,
    /// The piece the move removes (or its removing none) is not what the `remove` capture rule allows.
    #[error("the removal does not follow the capture rule `{0}`")]
    Removal(String),
    /// A scripted rule forbids it.
    #[error("{0}")]
    Hook(String),
}

/// Why `play` failed.
///
/// ```
/// use qipan::core::{Illegal, Move, PieceId, PlayError};
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// let e5 = game.board.find("E5").unwrap();
/// pos.play(&Move::place(PieceId::new(0), e5))?;
/// let err = pos.play(&Move::place(PieceId::new(0), e5)).unwrap_err();
/// assert_eq!(err, PlayError::Illegal(Illegal::Occupied));
/// assert_eq!(err.to_string(), "illegal move: the node is occupied");
/// assert_eq!(pos.ply(), 1); // the refused move changed nothing
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The message says the reason once: an illegal move's reason is part of the message and not also
/// its `source`, so a chain of causes (as `anyhow` prints it) does not repeat it.
///
/// ```
/// use qipan::core::{Illegal, PlayError};
/// use std::error::Error;
///
/// let err = PlayError::from(Illegal::NoSuchMove);
/// assert_eq!(err.to_string(), "illegal move: no rule of this piece allows that move");
/// assert!(err.source().is_none(), "the reason is not told a second time as the cause");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The move is illegal.
    #[error("illegal move: {0}")]
    Illegal(Illegal),
    /// A hook failed.
    #[error(transparent)]
    Hook(#[from] HookError),
}

impl From<Illegal> for PlayError {
    fn from(e: Illegal) -> PlayError {
        PlayError::Illegal(e)
    }
}
