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
    /// Sending two, returning one: right after losing two stones, a move that brings back the board of before
    /// they were sent (`simple-ko-sending-two`).
    #[error("sending two, returning one: the move brings back the board of before the two stones were sent")]
    SendingTwo,
    /// Situational superko.
    #[error("situational superko: the move repeats an earlier position with the same player to move")]
    SituationalSuperko,
    /// A move that captures (or captures more) must be played (`capture_priority`).
    #[error("a capture must be made: a move that captures more is possible")]
    CaptureRequired,
    /// The piece the move removes (or its removing none) is not what the `remove` capture rule allows.
    #[error("the removal does not follow the capture rule `{0}`")]
    Removal(String),
    /// The piece would end where it started and capture nothing: a walk out and back that is a pass in
    /// disguise ([`Move::is_idle`](crate::Move::is_idle)). Such a walk is judged by playing it.
    ///
    /// ```
    /// use qipan::core::{Illegal, Move, notation::parse_move};
    ///
    /// // Leader Cannon firing in place under the automatic trigger: the moved piece's shots fire by
    /// // themselves (the definition's `after_move` hook), so a walk out and back is legal when one does.
    /// let opts = [("fire_in_place".into(), "true".into()), ("trigger".into(), "automatic".into())];
    /// let game = qipan::load("leader-cannon", &opts)?;
    /// let mut pos = game.start();
    /// for text in ["leader@d1", "leader@d5", "commoner@a1", "commoner@c5", "commoner@a3", "c5-b5"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// let a3 = game.board.find("a3").unwrap();
    /// let in_place = Move::step(game.piece("commoner").unwrap(), a3, a3);
    /// // a3 would screen a1's shot up the a-file, but nothing stands there to be shot.
    /// assert_eq!(pos.check(&in_place), Err(Illegal::Idle));
    /// pos.play(&parse_move(&pos, "d1-c1")?)?;
    /// pos.play(&parse_move(&pos, "b5-a5")?)?;
    /// assert_eq!(pos.check(&in_place), Ok(()));
    /// pos.play(&in_place)?; // a1 shoots a5 over a3
    /// assert_eq!(pos.cell(game.board.find("a5").unwrap()), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[error("the piece would end where it started and capture nothing")]
    Idle,
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
