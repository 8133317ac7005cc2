//! A position: who stands where, whose turn it is, and everything the rules need to remember.

use crate::board::NodeId;
use crate::game::Game;
use crate::history::HashHistory;
use crate::hooks::{HookAction, HookBudget, HookError, HookOutcome, HookPoint};
use crate::moves::{Move, MoveKind};
use crate::outcome::GameResult;
use crate::rules::groups::Chains;
use crate::rules::pattern::{self, Scratch};
use crate::rules::{AbsorbedTurns, BareSide, CapturedTo, PassRule, Prey, Repetition, RoyalCapture, StuckRule};
use smallvec::SmallVec;
use std::sync::Arc;

/// A piece on the board: its seat and type.
///
/// ```
/// use qipan::core::Piece;
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// let king = game.piece("king").unwrap();
/// assert_eq!(pos.cell(game.board.find("e8").unwrap()), Some(Piece { seat: 1, piece: king }));
/// assert_eq!(game.pieces[king as usize].name, "king");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The seat it belongs to.
    pub seat: u8,
    /// Its type (index into [`Game::pieces`]).
    pub piece: u8,
}

/// Why a move is refused: the rule it breaks.
///
/// ```
/// use qipan::core::{notation::parse_move, Illegal, Move, Position};
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// let e5 = game.board.find("E5").unwrap();
/// pos.play(&Move::place(0, e5))?;
/// assert_eq!(pos.check(&Move::place(0, e5)), Err(Illegal::Occupied));
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
    /// A scripted rule forbids it.
    #[error("{0}")]
    Hook(String),
}

/// Why `play` failed.
///
/// ```
/// use qipan::core::{Illegal, Move, PlayError};
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// let e5 = game.board.find("E5").unwrap();
/// pos.play(&Move::place(0, e5))?;
/// let err = pos.play(&Move::place(0, e5)).unwrap_err();
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

/// A buffer for legal-move generation, reused across calls so the hot path does not allocate.
///
/// ```
/// use qipan::core::MoveBuf;
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// let mut buf = MoveBuf::default();
/// pos.generate_legal(&mut buf);
/// assert_eq!(buf.moves.len(), 81 + 1); // every point, and the pass
/// pos.play(&buf.moves[0])?;
/// pos.generate_legal(&mut buf); // the same buffer again
/// assert_eq!(buf.moves.len(), 80 + 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct MoveBuf {
    /// The moves generated by the last call.
    pub moves: Vec<Move>,
    pseudo: Vec<Move>,
    scratch: Scratch,
    /// A copy of the board on which moves are tried for the check rule.
    cells: Vec<Option<Piece>>,
    /// The attacks by walks on the mover's protected pieces, found once per position.
    standing: crate::rules::attack::StandingAttacks,
}

/// The state of a game.
///
/// A position comes from [`Game::start`], [`Position::from_fen`] or a record, and changes by
/// [`Position::play`]:
///
/// ```
/// use qipan::core::notation::parse_move;
///
/// let game = qipan::load("chess", &[])?;
/// let mut pos = game.start();
/// assert_eq!((pos.to_move(), pos.ply(), pos.legal_moves().len()), (0, 0, 20));
/// pos.play(&parse_move(&pos, "e2-e4")?)?;
/// assert_eq!((pos.to_move(), pos.ply()), (1, 1));
/// assert_eq!(pos.cell(game.board.find("e4").unwrap()).map(|p| p.seat), Some(0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Position {
    game: Arc<Game>,
    cells: Vec<Option<Piece>>,
    to_move: u8,
    ply: u32,
    passes: u32,
    quiet_plies: u32,
    hash: u64,
    history: HashHistory,
    ko: NodeId,
    chains: Option<Chains>,
    reserve: Vec<u16>,
    graveyard: Vec<u16>,
    captures: Vec<u32>,
    controller: Vec<u8>,
    alive: Vec<bool>,
    counters: Vec<i64>,
    result: Option<GameResult>,
    last: Option<Move>,
    /// Whether a `filter_move` hook exists (asked once, not for every move).
    filters_moves: bool,
    /// Each seat's team: its controller's (kept apart from the seat descriptions, for the hot path).
    teams: Vec<u8>,
    /// The only player the seat to move may capture from ([`ANY_PREY`] when there is no such limit).
    prey: u8,
    /// One bit per node on which a move has started or ended since the start (castling rights).
    moved: Vec<u64>,
    /// The nodes the last move passed over, when it was `passable` (en passant targets).
    passed: [NodeId; 4],
    /// The piece that made that move (taken when an enemy captures en passant).
    passer: NodeId,
    /// Board hashes (with the seat to move) since the last capture or reset move, for repetition draws.
    reps: Vec<u64>,
    /// The nodes of the pieces the check rule protects.
    royals: Vec<NodeId>,
    /// Pieces on the board per seat and type (at `seat * types + type`).
    on_board: Vec<u16>,
    /// Per seat, one bit per piece type (below 64) with at least one piece on the board.
    present: Vec<u64>,
    /// Per seat, the nodes of its pieces (in no particular order).
    placed: Vec<Vec<NodeId>>,
    /// While a playout plays a move: leave the "no legal move" test to its next move generation.
    defer_stuck: bool,
    /// Whether the seat to move is in check, remembered for the position whose key (board hash and
    /// seat to move, never 0) is stored with it.
    check_memo: (u64, bool),
}

/// [`Position::prey`] when the mover may capture from any hostile side.
pub const ANY_PREY: u8 = u8::MAX;

/// Reading a position, generating, checking and playing moves, and setting positions up.
///
/// ```
/// use qipan::core::notation::parse_move;
///
/// let game = qipan::load("chess", &[])?;
/// let mut pos = game.start();
/// for text in ["f2-f3", "e7-e5", "g2-g4", "d8-h4"] {
///     let mv = parse_move(&pos, text)?;
///     assert_eq!(pos.check(&mv), Ok(()));
///     pos.play(&mv)?;
/// }
/// let result = pos.outcome().unwrap();
/// assert_eq!((result.winners.as_slice(), result.reason.as_str()), (&[1][..], "checkmate"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// The start position of `game`.
    ///
    /// ```
    /// use qipan::core::Position;
    ///
    /// let game = qipan::load("xiangqi", &[])?;
    /// let pos = Position::new(game.clone()); // the same as `game.start()`
    /// assert_eq!(pos.cells().iter().flatten().count(), 32);
    /// assert_eq!((pos.to_move(), pos.ply()), (0, 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(game: Arc<Game>) -> Position {
        let n = game.board.len();
        let seats = game.seats.len();
        let np = game.pieces.len();
        let chains = game.rules.group_capture.as_ref().map(|g| Chains::new(&game.board, g.relation));
        let mut p = Position {
            cells: vec![None; n],
            to_move: 0,
            ply: 0,
            passes: 0,
            quiet_plies: 0,
            hash: 0,
            history: HashHistory::default(),
            ko: NodeId::NONE,
            chains,
            reserve: vec![0; seats * np],
            graveyard: vec![0; seats * np],
            captures: vec![0; seats],
            controller: game.seats.iter().map(|s| s.held_by).collect(),
            alive: game.seats.iter().map(|s| s.plays).collect(),
            counters: vec![0; game.counters.len() * seats],
            result: None,
            last: None,
            filters_moves: game.hooks.as_ref().is_some_and(|h| h.has(HookPoint::FilterMove)),
            teams: game.seats.iter().map(|s| game.seats[s.held_by as usize].team).collect(),
            prey: ANY_PREY,
            moved: vec![0; n.div_ceil(64)],
            passed: [NodeId::NONE; 4],
            passer: NodeId::NONE,
            reps: Vec::new(),
            royals: Vec::new(),
            on_board: vec![0; seats * np],
            present: vec![0; seats],
            placed: vec![Vec::new(); seats],
            defer_stuck: false,
            check_memo: (0, false),
            game,
        };
        let game = p.game.clone();
        for pl in &game.setup {
            p.put(pl.node, Piece { seat: pl.seat, piece: pl.piece });
        }
        for &(seat, piece, count) in &game.reserves {
            let r = &mut p.reserve[seat as usize * np + piece as usize];
            *r = r.saturating_add(count);
        }
        if !p.alive.first().copied().unwrap_or(true) {
            p.to_move = p.next_seat_after(0);
        }
        p.refresh_prey();
        p.commit_setup();
        p
    }

    /// Puts the position back to the start without reallocating (for playouts).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let start = game.start();
    /// let mut pos = start.clone();
    /// pos.play(&parse_move(&pos, "E5")?)?;
    /// pos.reset_from(&start);
    /// assert_eq!((pos.ply(), pos.hash()), (0, start.hash()));
    /// assert_eq!(pos.cell(game.board.find("E5").unwrap()), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reset_from(&mut self, start: &Position) {
        self.clone_from(start);
    }

    /// The game this position belongs to.
    ///
    /// ```
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let pos = game.start();
    /// assert_eq!(pos.game().name, "go");
    /// assert_eq!(pos.game().board.len(), 81);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The shared game handle.
    ///
    /// ```
    /// use std::sync::Arc;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let pos = game.start();
    /// assert!(Arc::ptr_eq(pos.game_arc(), &game));
    /// let fresh = pos.game_arc().start(); // a new game of the same rules
    /// assert_eq!(fresh.ply(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn game_arc(&self) -> &Arc<Game> {
        &self.game
    }

    /// What stands on a node.
    ///
    /// ```
    /// use qipan::core::Piece;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// let pawn = game.piece("pawn").unwrap();
    /// assert_eq!(pos.cell(game.board.find("e2").unwrap()), Some(Piece { seat: 0, piece: pawn }));
    /// assert_eq!(pos.cell(game.board.find("e4").unwrap()), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn cell(&self, n: NodeId) -> Option<Piece> {
        self.cells[n.idx()]
    }

    /// All cells, indexed by node.
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// assert_eq!(pos.cells().len(), 64);
    /// assert_eq!(pos.cells().iter().flatten().filter(|p| p.seat == 1).count(), 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cells(&self) -> &[Option<Piece>] {
        &self.cells
    }

    /// The seat to move.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// assert_eq!(game.seats[pos.to_move() as usize].name, "black");
    /// pos.play(&parse_move(&pos, "E5")?)?;
    /// assert_eq!(game.seats[pos.to_move() as usize].name, "white");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// Plies played so far.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// pos.play(&parse_move(&pos, "e2-e4")?)?;
    /// pos.play(&parse_move(&pos, "e7-e5")?)?;
    /// assert_eq!(pos.ply(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Consecutive passes just played.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Move};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// pos.play(&Move::PASS)?;
    /// assert_eq!(pos.passes(), 1);
    /// pos.play(&parse_move(&pos, "E5")?)?;
    /// assert_eq!(pos.passes(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn passes(&self) -> u32 {
        self.passes
    }

    /// Plies since the last capture (or since a move that restarts the count, such as a chess pawn's).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// for text in ["A1", "A2", "E5"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// assert_eq!(pos.quiet_plies(), 3);
    /// pos.play(&parse_move(&pos, "B1")?)?; // White captures A1
    /// assert_eq!(pos.quiet_plies(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// The Zobrist hash of the board: the pieces and where they stand, not the seat to move.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let start = game.start();
    /// let mut pos = start.clone();
    /// pos.play(&parse_move(&pos, "g1-f3")?)?;
    /// assert_ne!(pos.hash(), start.hash());
    /// for text in ["g8-f6", "f3-g1", "f6-g8"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// assert_eq!(pos.hash(), start.hash()); // the knights are home: the same board
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Pieces captured by each seat.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// for text in ["A1", "A2", "E5", "B1"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// assert_eq!(pos.captures(), [0, 1]); // White took the black stone on A1
    /// assert_eq!(pos.cell(game.board.find("A1").unwrap()), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captures(&self) -> &[u32] {
        &self.captures
    }

    /// Count of a piece type in a seat's reserve.
    ///
    /// # Panics
    ///
    /// If `seat` or `piece` is not an index of the game's seats or pieces.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("leader-cannon", &[])?;
    /// let mut pos = game.start();
    /// let (leader, commoner) = (game.piece("leader").unwrap(), game.piece("commoner").unwrap());
    /// assert_eq!((pos.reserve(0, leader), pos.reserve(0, commoner)), (1, 7));
    /// pos.play(&parse_move(&pos, "leader@b2")?)?;
    /// assert_eq!(pos.reserve(0, leader), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn reserve(&self, seat: u8, piece: u8) -> u16 {
        self.reserve[seat as usize * self.game.pieces.len() + piece as usize]
    }

    /// Count of a piece type in a seat's graveyard.
    ///
    /// # Panics
    ///
    /// If `seat` or `piece` is not an index of the game's seats or pieces.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("leader-cannon", &[])?;
    /// let mut pos = game.start();
    /// // Red's commoner walks b1-b2-a2 to be the screen, and the leader on a1 shoots a5.
    /// for text in ["leader@a1", "leader@d5", "commoner@b1", "commoner@a5", "b1-a2 a1xa5"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// let commoner = game.piece("commoner").unwrap();
    /// assert_eq!(pos.cell(game.board.find("a5").unwrap()), None);
    /// assert_eq!(pos.graveyard(1, commoner), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn graveyard(&self, seat: u8, piece: u8) -> u16 {
        self.graveyard[seat as usize * self.game.pieces.len() + piece as usize]
    }

    /// The seat whose player now controls `seat` (itself unless absorbed).
    ///
    /// # Panics
    ///
    /// If `seat` is not an index of the game's seats.
    ///
    /// ```
    /// // Two players: Qin's player also plays Wei, Zhao and Yan.
    /// let game = qipan::load("seven-kingdoms", &[("players".into(), "2".into())])?;
    /// let pos = game.start();
    /// let [qin, chu, wei] = ["qin", "chu", "wei"].map(|k| game.seat(k).unwrap());
    /// assert_eq!(pos.controller(wei), qin);
    /// assert_eq!(pos.controller(chu), chu);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn controller(&self, seat: u8) -> u8 {
        self.controller[seat as usize]
    }

    /// Whether a seat is still playing.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// assert!(pos.is_alive(0));
    /// for text in ["f2-f3", "e7-e5", "g2-g4", "d8-h4"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// assert!(!pos.is_alive(0) && pos.is_alive(1)); // checkmate: White is out
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_alive(&self, seat: u8) -> bool {
        self.alive[seat as usize]
    }

    /// All counter values: counter `c` of seat `s` is at `c * seats + s`.
    ///
    /// ```
    /// # use qipan::core::notation::parse_move;
    /// let game = qipan::load("leader-cannon", &[])?;
    /// assert_eq!(game.counters, ["tokens", "deaths"]);
    /// let mut pos = game.start();
    /// // The leader on a1 shoots a5: Red earns a token, Black counts a death.
    /// for text in ["leader@a1", "leader@d5", "commoner@b1", "commoner@a5", "b1-a2 a1xa5"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// assert_eq!(pos.counters(), [1, 0, 0, 1]); // tokens of Red and Black, then deaths
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn counters(&self) -> &[i64] {
        &self.counters
    }

    /// A seat's value of counter `c` (index into [`Game::counters`]).
    ///
    /// ```
    /// # use qipan::core::notation::parse_move;
    /// let game = qipan::load("leader-cannon", &[])?;
    /// let tokens = game.counters.iter().position(|c| c == "tokens").unwrap();
    /// let mut pos = game.start();
    /// assert_eq!(pos.counter(tokens, 0), 0);
    /// // The leader on a1 shoots a5, and earns a token.
    /// for text in ["leader@a1", "leader@d5", "commoner@b1", "commoner@a5", "b1-a2 a1xa5"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// assert_eq!(pos.counter(tokens, 0), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn counter(&self, c: usize, seat: u8) -> i64 {
        self.counters.get(c * self.game.seats.len() + seat as usize).copied().unwrap_or(0)
    }

    /// The last move played.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// assert_eq!(pos.last_move(), None);
    /// let mv = parse_move(&pos, "e2-e4")?;
    /// pos.play(&mv)?;
    /// assert_eq!(pos.last_move(), Some(mv));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn last_move(&self) -> Option<Move> {
        self.last
    }

    /// Whether the piece on `n` (if any) has not moved: no move has started or ended on `n`.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// let [e1, e2, e4] = ["e1", "e2", "e4"].map(|l| game.board.find(l).unwrap());
    /// assert!(pos.unmoved(e2));
    /// pos.play(&parse_move(&pos, "e2-e4")?)?;
    /// assert!(!pos.unmoved(e2) && !pos.unmoved(e4));
    /// assert!(pos.unmoved(e1)); // the king may still castle
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn unmoved(&self, n: NodeId) -> bool {
        self.moved[n.idx() >> 6] & (1 << (n.idx() & 63)) == 0
    }

    /// Marks a node as moved from or to (`true`) or untouched (for setting up positions).
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// let h1 = game.board.find("h1").unwrap();
    /// pos.set_moved(h1, true); // White may no longer castle king-side
    /// assert!(!pos.unmoved(h1));
    /// assert_eq!(pos.to_fen().unwrap(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_moved(&mut self, n: NodeId, moved: bool) {
        let (w, b) = (n.idx() >> 6, 1u64 << (n.idx() & 63));
        if moved {
            self.moved[w] |= b;
        } else {
            self.moved[w] &= !b;
        }
    }

    /// Whether the last move passed over `n` (so an enemy may now take the passer en passant).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// pos.play(&parse_move(&pos, "e2-e4")?)?;
    /// assert!(pos.is_passed(game.board.find("e3").unwrap()));
    /// assert!(!pos.is_passed(game.board.find("e4").unwrap()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_passed(&self, n: NodeId) -> bool {
        n.is_some() && self.passed.contains(&n)
    }

    /// The piece that the last move's passed nodes belong to ([`NodeId::NONE`] if none).
    ///
    /// ```
    /// use qipan::core::{board::NodeId, notation::parse_move};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// pos.play(&parse_move(&pos, "e2-e4")?)?;
    /// assert_eq!(pos.passer(), game.board.find("e4").unwrap());
    /// pos.play(&parse_move(&pos, "g8-f6")?)?; // a knight passes over nothing
    /// assert_eq!(pos.passer(), NodeId::NONE);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn passer(&self) -> NodeId {
        self.passer
    }

    /// Sets the en passant state: `passed` nodes and the `passer` who passed them (for setting up positions).
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Illegal, Position};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = Position::from_fen(&game, "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1")?;
    /// let [e3, e4] = ["e3", "e4"].map(|l| game.board.find(l).unwrap());
    /// assert_eq!(pos.check(&parse_move(&pos, "d4-e3")?), Err(Illegal::NoSuchMove));
    /// pos.set_passed(&[e3], e4); // as if White had just played e2-e4
    /// pos.play(&parse_move(&pos, "d4-e3")?)?; // en passant
    /// assert_eq!(pos.cell(e4), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_passed(&mut self, passed: &[NodeId], passer: NodeId) {
        self.passed = [NodeId::NONE; 4];
        for (slot, &n) in self.passed.iter_mut().zip(passed) {
            *slot = n;
        }
        self.passer = if passed.is_empty() { NodeId::NONE } else { passer };
    }

    /// Whether a piece of `seat` protected by the check rule is attacked now (the seat is in check).
    ///
    /// ```
    /// use qipan::core::Position;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")?;
    /// assert!(pos.in_check(0)); // the rook on a1 attacks the king on e1
    /// assert!(!pos.in_check(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn in_check(&self, seat: u8) -> bool {
        if !self.game.has_check_rule() {
            return false;
        }
        if seat == self.to_move && self.check_memo.0 == self.check_key() {
            return self.check_memo.1;
        }
        self.game.board.node_ids().any(|n| {
            self.cells[n.idx()].is_some_and(|c| {
                self.same_side(seat, c.seat)
                    && self.game.is_royal(c.piece)
                    && crate::rules::attack::attacked(self, &self.cells, n, c)
            })
        })
    }

    /// Whether the piece on `n` could be captured at once by an enemy (pieces of any kind).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// let [d5, e4] = ["d5", "e4"].map(|l| game.board.find(l).unwrap());
    /// pos.play(&parse_move(&pos, "e2-e4")?)?;
    /// assert!(!pos.is_attacked(e4));
    /// pos.play(&parse_move(&pos, "d7-d5")?)?;
    /// assert!(pos.is_attacked(e4) && pos.is_attacked(d5)); // the pawns attack each other
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_attacked(&self, n: NodeId) -> bool {
        self.cells[n.idx()].is_some_and(|c| crate::rules::attack::attacked(self, &self.cells, n, c))
    }

    /// The simple-ko point, if a ko was just taken.
    ///
    /// ```
    /// use qipan::core::{board::NodeId, notation::parse_move, Illegal};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into()), ("ko".into(), "simple".into())])?;
    /// let mut pos = game.start();
    /// // Black C5 D6 D4 and White D5 E6 E4 F5 make a ko; Black's E5 takes D5.
    /// for text in ["C5", "D5", "D6", "E6", "D4", "E4", "J9", "F5", "E5"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// assert_eq!(pos.ko_point(), game.board.find("D5").unwrap());
    /// assert_eq!(pos.check(&parse_move(&pos, "D5")?), Err(Illegal::Ko));
    /// pos.play(&parse_move(&pos, "A1")?)?;
    /// assert_eq!(pos.ko_point(), NodeId::NONE);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ko_point(&self) -> NodeId {
        self.ko
    }

    /// Chain bookkeeping, when the game captures groups.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// for text in ["E5", "A1", "E6"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// let [e5, e6] = ["E5", "E6"].map(|l| game.board.find(l).unwrap());
    /// let chains = pos.chains().unwrap();
    /// let head = chains.head(e5);
    /// assert_eq!((chains.head(e6), chains.size(head)), (head, 2));
    /// assert_eq!(chains.liberties(&game.board, pos.cells(), head), 6);
    /// assert!(qipan::load("chess", &[])?.start().chains().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn chains(&self) -> Option<&Chains> {
        self.chains.as_ref()
    }

    /// The result, once the game is over.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Move};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// pos.play(&parse_move(&pos, "E5")?)?;
    /// pos.play(&Move::PASS)?;
    /// assert_eq!(pos.outcome(), None);
    /// pos.play(&Move::PASS)?;
    /// let result = pos.outcome().unwrap();
    /// assert_eq!((result.winners.as_slice(), result.text.as_str()), (&[0][..], "B+75.5")); // 81 - 5.5 komi
    /// assert_eq!(result.reason, "consecutive passes");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Option<&GameResult> {
        self.result.as_ref()
    }

    /// True once the game is over.
    ///
    /// ```
    /// use qipan::core::Move;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// pos.play(&Move::PASS)?;
    /// assert!(!pos.is_over());
    /// pos.play(&Move::PASS)?;
    /// assert!(pos.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// Seats `a` and `b` are played by the same player.
    ///
    /// ```
    /// // Two players: Qin's player also plays Wei, Zhao and Yan.
    /// let game = qipan::load("seven-kingdoms", &[("players".into(), "2".into())])?;
    /// let pos = game.start();
    /// let [qin, chu, wei] = ["qin", "chu", "wei"].map(|k| game.seat(k).unwrap());
    /// assert!(pos.same_side(qin, wei));
    /// assert!(!pos.same_side(qin, chu));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn same_side(&self, a: u8, b: u8) -> bool {
        self.controller[a as usize] == self.controller[b as usize]
    }

    /// Seats `a` and `b` are different players of one team.
    ///
    /// ```
    /// // The six kingdoms against Qin, each with its own player.
    /// let game = qipan::load("seven-kingdoms", &[("form".into(), "blocs".into())])?;
    /// let pos = game.start();
    /// let [qin, chu, han] = ["qin", "chu", "han"].map(|k| game.seat(k).unwrap());
    /// assert!(pos.allied(chu, han));
    /// assert!(!pos.allied(qin, chu));
    /// assert!(!pos.allied(chu, chu)); // one player is not its own ally
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn allied(&self, a: u8, b: u8) -> bool {
        !self.same_side(a, b) && self.team(a) == self.team(b)
    }

    /// Seats `a` and `b` may capture each other.
    ///
    /// ```
    /// // The six kingdoms against Qin.
    /// let game = qipan::load("seven-kingdoms", &[("form".into(), "blocs".into())])?;
    /// let pos = game.start();
    /// let [qin, chu, han] = ["qin", "chu", "han"].map(|k| game.seat(k).unwrap());
    /// assert!(pos.hostile(qin, chu));
    /// assert!(!pos.hostile(chu, han));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn hostile(&self, a: u8, b: u8) -> bool {
        self.team(a) != self.team(b)
    }

    #[inline]
    fn team(&self, seat: u8) -> u8 {
        self.teams[seat as usize]
    }

    /// Recomputes each seat's team from its controller (after seats change hands).
    fn refresh_teams(&mut self) {
        for s in 0..self.controller.len() {
            self.teams[s] = self.game.seats[self.controller[s] as usize].team;
        }
    }

    /// The neighbour along `dir` of `rel`, or [`NodeId::NONE`] when there is none or when the step
    /// jumps over a node that is occupied (a same-colour jump needs the cell between empty).
    ///
    /// ```
    /// use qipan::core::board::NodeId;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let pos = game.start();
    /// let (orth, north) = (game.board.relation("orthogonal").unwrap(), game.board.direction("n").unwrap());
    /// let [e5, e6, e9] = ["E5", "E6", "E9"].map(|l| game.board.find(l).unwrap());
    /// assert_eq!(pos.next_open(orth, north, e5), e6);
    /// assert_eq!(pos.next_open(orth, north, e9), NodeId::NONE); // the edge of the board
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn next_open(&self, rel: crate::board::RelationId, dir: crate::board::DirectionId, n: NodeId) -> NodeId {
        let b = &self.game.board;
        let via = b.next_via(rel, dir, n);
        if via.is_some() && self.cells[via.idx()].is_some() { NodeId::NONE } else { b.next(rel, dir, n) }
    }

    /// Whether a piece of type `piece` of `seat` may capture `target`: the piece types allow it, the target
    /// is another player's, hostile (or an ally where allies may be captured), and of the mover's prey
    /// where the rules limit it.
    ///
    /// ```
    /// use qipan::core::Piece;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// let (queen, pawn) = (game.piece("queen").unwrap(), game.piece("pawn").unwrap());
    /// assert!(pos.can_capture(0, queen, Piece { seat: 1, piece: pawn }));
    /// assert!(!pos.can_capture(0, queen, Piece { seat: 0, piece: pawn })); // its own pawn
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn can_capture(&self, seat: u8, piece: u8, target: Piece) -> bool {
        let victim = self.controller[target.seat as usize];
        self.game.may_capture(piece, target.piece)
            && victim != self.controller[seat as usize]
            && (self.hostile(seat, target.seat) || self.game.rules.ally_capture)
            && (self.prey == ANY_PREY || victim == self.prey)
    }

    /// The only player whose pieces the seat to move may capture, or [`ANY_PREY`].
    ///
    /// ```
    /// use qipan::core::position::ANY_PREY;
    ///
    /// assert_eq!(qipan::load("chess", &[])?.start().prey(), ANY_PREY);
    /// // In He Qi's chain form each player may capture only the pieces of the next in turn.
    /// let game = qipan::load("he-qi", &[("form".into(), "chain".into())])?;
    /// let pos = game.start();
    /// assert_eq!(pos.to_move(), game.seat("red").unwrap());
    /// assert_eq!(pos.prey(), game.seat("yellow").unwrap());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn prey(&self) -> u8 {
        self.prey
    }

    /// Finds the mover's prey under the chain form: the player of the first live seat, going forward (or
    /// backward) in turn order from the mover, that another player holds.
    fn refresh_prey(&mut self) {
        let n = self.alive.len();
        let me = self.controller[self.to_move as usize];
        let backward = match self.game.rules.prey {
            Prey::Any => return,
            Prey::Next => false,
            Prey::Previous => true,
        };
        self.prey = ANY_PREY;
        for k in 1..n {
            let s = if backward { (self.to_move as usize + n - k) % n } else { (self.to_move as usize + k) % n };
            if self.alive[s] && self.controller[s] != me {
                self.prey = self.controller[s];
                return;
            }
        }
    }

    // ----- changing the board (keeping hash and chains in step) -----

    /// Counts a piece arriving on (`true`) or leaving node `n`.
    #[inline]
    fn count_piece(&mut self, n: NodeId, p: Piece, arrives: bool) {
        let i = p.seat as usize * self.game.pieces.len() + p.piece as usize;
        let list = &mut self.placed[p.seat as usize];
        if arrives {
            self.on_board[i] += 1;
            list.push(n);
        } else {
            self.on_board[i] = self.on_board[i].saturating_sub(1);
            if let Some(k) = list.iter().position(|&x| x == n) {
                list.swap_remove(k);
            }
        }
        if p.piece < 64 {
            let bit = 1u64 << p.piece;
            if self.on_board[i] > 0 {
                self.present[p.seat as usize] |= bit;
            } else {
                self.present[p.seat as usize] &= !bit;
            }
        }
    }

    /// The nodes of the pieces of `seat` on the board, in no particular order.
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// assert_eq!(pos.placed(0).len(), 16);
    /// assert!(pos.placed(0).contains(&game.board.find("e1").unwrap()));
    /// assert!(!pos.placed(0).contains(&game.board.find("e8").unwrap()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn placed(&self, seat: u8) -> &[NodeId] {
        &self.placed[seat as usize]
    }

    /// The piece types (as bits, types below 64) of which `seat` has at least one on the board.
    ///
    /// ```
    /// use qipan::core::Position;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")?;
    /// let (king, pawn) = (game.piece("king").unwrap(), game.piece("pawn").unwrap());
    /// assert_eq!(pos.types_present(0), 1 << king | 1 << pawn);
    /// assert_eq!(pos.types_present(1), 1 << king);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn types_present(&self, seat: u8) -> u64 {
        self.present[seat as usize]
    }

    fn put(&mut self, n: NodeId, p: Piece) {
        if self.game.is_royal(p.piece) {
            self.royals.push(n);
        }
        self.count_piece(n, p, true);
        self.cells[n.idx()] = Some(p);
        self.hash ^= self.game.key(n, p.seat, p.piece);
        if let Some(ch) = &mut self.chains {
            ch.add(&self.game.board, &self.cells, n);
        }
    }

    fn lift(&mut self, n: NodeId) -> Option<Piece> {
        let p = self.cells[n.idx()].take()?;
        if self.game.is_royal(p.piece) {
            self.royals.retain(|&r| r != n);
        }
        self.count_piece(n, p, false);
        self.hash ^= self.game.key(n, p.seat, p.piece);
        if let Some(ch) = &mut self.chains {
            ch.remove_one(&self.game.board, &self.cells, n);
        }
        Some(p)
    }

    /// Captures the piece on `n` for seat `by`: off the board and to wherever captured pieces go.
    fn capture_one(&mut self, n: NodeId, by: u8) -> Result<(), HookError> {
        let Some(p) = self.lift(n) else { return Ok(()) };
        self.credit_capture(n, p, by)
    }

    fn credit_capture(&mut self, n: NodeId, p: Piece, by: u8) -> Result<(), HookError> {
        // Counts saturate (see the Limits chapter): a script may capture without end.
        self.captures[by as usize] = self.captures[by as usize].saturating_add(1);
        let np = self.game.pieces.len();
        let pile = match self.game.rules.captured_to {
            CapturedTo::Removed => None,
            CapturedTo::Graveyard => Some(&mut self.graveyard[p.seat as usize * np + p.piece as usize]),
            CapturedTo::CaptorReserve => Some(&mut self.reserve[by as usize * np + p.piece as usize]),
        };
        if let Some(x) = pile {
            *x = x.saturating_add(1);
        }
        if self.game.rules.end.royal.contains(&p.piece) && self.alive[p.seat as usize] {
            match self.game.rules.end.royal_capture {
                RoyalCapture::Eliminate => self.eliminate(p.seat)?,
                RoyalCapture::Absorb => self.absorb_side(p.seat, by)?,
            }
        }
        if let Some(h) = self.game.hooks.clone()
            && h.has(HookPoint::OnCapture)
        {
            let actions = h.on_capture(self, n, p, by)?;
            self.apply_actions(actions)?;
        }
        Ok(())
    }

    /// Removes every chain of the seats hostile to `seat` next to `at` that has no liberties.
    /// Returns the number of stones removed and the last one.
    fn capture_groups(&mut self, at: NodeId, seat: u8) -> Result<(u32, NodeId), HookError> {
        let Some(ch) = &self.chains else {
            return Ok((0, NodeId::NONE));
        };
        let rel = ch.relation();
        let game = self.game.clone();
        let mut removed = 0;
        let mut last = NodeId::NONE;
        for e in game.board.edges(rel, at) {
            let Some(p) = self.cells[e.to.idx()] else {
                continue;
            };
            if !self.hostile(seat, p.seat) {
                continue;
            }
            let ch = self.chains.as_ref().expect("chains");
            let h = ch.head(e.to);
            if ch.pseudo_libs(h) != 0 {
                continue;
            }
            let (n, l) = self.remove_chain(h, seat)?;
            removed += n;
            last = l;
        }
        Ok((removed, last))
    }

    /// Takes a whole chain off the board, crediting `by`.
    fn remove_chain(&mut self, h: NodeId, by: u8) -> Result<(u32, NodeId), HookError> {
        let ch = self.chains.as_mut().expect("chains");
        let stones: Vec<NodeId> = ch.stones(h).collect();
        let mut taken = Vec::with_capacity(stones.len());
        for &s in &stones {
            let p = self.cells[s.idx()].take().expect("stone");
            self.hash ^= self.game.key(s, p.seat, p.piece);
            if self.game.is_royal(p.piece) {
                self.royals.retain(|&r| r != s);
            }
            self.count_piece(s, p, false);
            taken.push((s, p));
        }
        let game = self.game.clone();
        self.chains.as_mut().expect("chains").remove_chain(&game.board, &self.cells, h);
        for &(s, p) in &taken {
            self.credit_capture(s, p, by)?;
        }
        Ok((stones.len() as u32, stones.last().copied().unwrap_or(NodeId::NONE)))
    }

    fn record_history(&mut self) {
        match self.game.rules.repetition {
            Repetition::Positional => self.history.insert(self.hash),
            Repetition::Situational => self.history.insert(self.hash ^ self.game.turn_key(self.to_move)),
            _ => {}
        }
    }

    // ----- legality -----

    /// Checks a placement on `to` by `seat` under group capture, suicide and repetition rules, and
    /// returns the board hash after it. This is the fast path for Go-like games.
    fn placement_check(&self, to: NodeId, seat: u8, piece: u8) -> Result<u64, Illegal> {
        let mut h = self.hash ^ self.game.key(to, seat, piece);
        if let (Some(ch), Some(gc)) = (&self.chains, &self.game.rules.group_capture) {
            let edges = self.game.board.edges(gc.relation, to);
            let mut has_liberty = false;
            let mut captures = false;
            // Distinct neighbouring chain heads, with the number of edges from `to` into each.
            let mut heads = [(NodeId::NONE, 0u16); 16];
            let mut nh = 0;
            for e in edges {
                match self.cells[e.to.idx()] {
                    None => has_liberty = true,
                    Some(_) => {
                        let hd = ch.head(e.to);
                        if let Some(x) = heads[..nh].iter_mut().find(|x| x.0 == hd) {
                            x.1 += 1;
                        } else if nh < 16 {
                            heads[nh] = (hd, 1);
                            nh += 1;
                        }
                    }
                }
            }
            for &(hd, k) in &heads[..nh] {
                let owner = self.cells[hd.idx()].expect("stone").seat;
                let libs = ch.pseudo_libs(hd);
                if self.hostile(seat, owner) {
                    if libs == k {
                        captures = true;
                        for s in ch.stones(hd) {
                            let p = self.cells[s.idx()].expect("stone");
                            h ^= self.game.key(s, p.seat, p.piece);
                        }
                    }
                } else if self.same_side(seat, owner) && libs > k {
                    has_liberty = true;
                }
            }
            if !has_liberty && !captures {
                if !gc.suicide_allowed {
                    return Err(Illegal::Suicide);
                }
                // Legal suicide: own chain (and the new stone) leave the board.
                h ^= self.game.key(to, seat, piece);
                for &(hd, _) in &heads[..nh] {
                    let owner = self.cells[hd.idx()].expect("stone").seat;
                    if self.same_side(seat, owner) {
                        for s in ch.stones(hd) {
                            let p = self.cells[s.idx()].expect("stone");
                            h ^= self.game.key(s, p.seat, p.piece);
                        }
                    }
                }
            }
        }
        self.repetition_check(to, h)?;
        Ok(h)
    }

    /// Checks the repetition rule for a move to `to` giving board hash `h`.
    fn repetition_check(&self, to: NodeId, h: u64) -> Result<(), Illegal> {
        match self.game.rules.repetition {
            Repetition::None => Ok(()),
            Repetition::SimpleKo if to == self.ko => Err(Illegal::Ko),
            Repetition::SimpleKo => Ok(()),
            Repetition::Positional if self.history.contains(h) => Err(Illegal::PositionalSuperko),
            Repetition::Situational
                if self.history.contains(h ^ self.game.turn_key(self.next_seat_after(self.to_move))) =>
            {
                Err(Illegal::SituationalSuperko)
            }
            _ => Ok(()),
        }
    }

    /// Checks everything but the movement rules: group capture, repetition and hooks. A failing hook
    /// refuses the move, with the failure as the reason (as [`Position::check`] reports it).
    fn check_consequences(&self, mv: &Move) -> Result<(), Illegal> {
        self.consequences(mv).map_err(|e| match e {
            PlayError::Illegal(e) => e,
            PlayError::Hook(e) => Illegal::Hook(e.to_string()),
        })
    }

    /// [`Position::check_consequences`], telling a failing hook apart from a rule the move breaks.
    fn consequences(&self, mv: &Move) -> Result<(), PlayError> {
        let seat = self.to_move;
        match mv.kind {
            MoveKind::Pass => {}
            MoveKind::Place | MoveKind::Drop
                if self.chains.is_some() || self.game.rules.repetition != Repetition::None =>
            {
                self.placement_check(mv.to, seat, mv.piece)?;
            }
            _ if self.chains.is_some()
                || matches!(self.game.rules.repetition, Repetition::Positional | Repetition::Situational) =>
            {
                // General moves: simulate on a copy (rare in practice: moving pieces with group capture).
                let mut copy = self.clone();
                copy.result = None;
                copy.apply(mv)?;
                if let Some(gc) = &self.game.rules.group_capture
                    && !gc.suicide_allowed
                    && mv.to.is_some()
                    && copy.cell(mv.to).is_none()
                    && mv.kind == MoveKind::Move
                {
                    return Err(Illegal::Suicide.into());
                }
                let h = copy.hash;
                match self.game.rules.repetition {
                    Repetition::Positional if self.history.contains(h) => {
                        return Err(Illegal::PositionalSuperko.into());
                    }
                    Repetition::Situational if self.history.contains(h ^ self.game.turn_key(copy.to_move)) => {
                        return Err(Illegal::SituationalSuperko.into());
                    }
                    Repetition::SimpleKo if mv.to == self.ko => return Err(Illegal::Ko.into()),
                    _ => {}
                }
            }
            _ => {}
        }
        if self.game.has_check_rule() && !mv.is_pass() {
            let mut cells = self.cells.clone();
            let royals = self.royal_nodes();
            if let Some(bad) = self.royal_left_attacked(mv, &mut cells, &royals) {
                return Err(Illegal::LeavesInCheck(self.game.pieces[bad as usize].name.clone()).into());
            }
        }
        if let Some(h) = self.game.hooks.as_ref().filter(|_| self.filters_moves)
            && let Some(reason) = h.filter_move(self, mv)?
        {
            return Err(Illegal::Hook(reason).into());
        }
        Ok(())
    }

    /// Whether a pseudo-legal move passes [`Position::consequences`]; with `strict`, a failing hook is
    /// an error instead of a refusal.
    fn passes_consequences(&self, mv: &Move, strict: bool) -> Result<bool, HookError> {
        match self.consequences(mv) {
            Ok(()) => Ok(true),
            Err(PlayError::Hook(e)) if strict => Err(e),
            Err(_) => Ok(false),
        }
    }

    /// Generates the pseudo-legal moves (movement rules only) of the seat to move into `out`: the
    /// pieces entering from supply or reserve, then each piece on the board the seat controls.
    fn pseudo_moves(&self, scratch: &mut Scratch, out: &mut Vec<Move>) {
        self.pseudo_moves_until(scratch, out, |_| false);
    }

    /// [`Position::pseudo_moves`], handing each piece's moves to `stop` as they are generated and
    /// stopping when it says so (returns whether it did).
    fn pseudo_moves_until(
        &self,
        scratch: &mut Scratch,
        out: &mut Vec<Move>,
        mut stop: impl FnMut(&[Move]) -> bool,
    ) -> bool {
        use crate::rules::{Cond, Pattern};
        out.clear();
        let seat = self.to_move;
        let game = &*self.game;
        let when =
            |rule: &crate::rules::MoveRule| matches!(rule.when, Cond::True) || rule.when.eval(self, seat, NodeId::NONE);
        // Moves of different pieces (or from different nodes) always differ, so only each piece's own
        // moves may need deduplicating, and only when its rules can repeat a move. Plain moves are
        // told apart by their destination (a bit each); the rare others by comparison.
        let mut marks = std::mem::take(&mut scratch.marks);
        marks.resize(game.board.len().div_ceil(64), 0);
        let mut dedup_from = |out: &mut Vec<Move>, start: usize| {
            let plain = |m: &Move| {
                m.kind == MoveKind::Move
                    && !m.take.is_some()
                    && m.extra == 0
                    && m.promote == 0
                    && !m.with_from.is_some()
            };
            let mut keep = start;
            for i in start..out.len() {
                let m = out[i];
                let dup = if plain(&m) {
                    let (w, b) = (m.to.idx() >> 6, 1u64 << (m.to.idx() & 63));
                    let seen = marks[w] & b != 0;
                    marks[w] |= b;
                    seen
                } else {
                    out[start..keep].contains(&m)
                };
                if !dup {
                    out[keep] = m;
                    keep += 1;
                }
            }
            out.truncate(keep);
            for m in &out[start..] {
                marks[m.to.idx() >> 6] &= !(1u64 << (m.to.idx() & 63));
            }
        };
        for (pi, pt) in game.pieces.iter().enumerate() {
            let start = out.len();
            for rule in pt.moves.iter().filter(|r| matches!(r.pattern, Pattern::Place | Pattern::Drop)) {
                if when(rule) {
                    pattern::generate(rule, self, seat, pi as u8, NodeId::NONE, scratch, out);
                }
            }
            if game.may_repeat(pi as u8) && out.len() > start {
                dedup_from(out, start);
            }
            if out.len() > start && stop(&out[start..]) {
                scratch.marks = marks;
                return true;
            }
        }
        if !game.placement_only() {
            for n in game.board.node_ids() {
                let Some(c) = self.cells[n.idx()] else { continue };
                if !self.movable_by(seat, c.seat) {
                    continue;
                }
                let start = out.len();
                for rule in game.pieces[c.piece as usize].moves.iter() {
                    if matches!(rule.pattern, Pattern::Place | Pattern::Drop) || !when(rule) {
                        continue;
                    }
                    if rule.capture == crate::rules::CaptureMode::Passer && !self.passer.is_some() {
                        // En passant needs a move that has just passed a node.
                        continue;
                    }
                    if !matches!(rule.from, Cond::True) && !rule.from.eval_quick(self, c.seat, n) {
                        continue;
                    }
                    pattern::generate(rule, self, c.seat, c.piece, n, scratch, out);
                }
                if game.may_repeat(c.piece) && out.len() > start + 1 {
                    dedup_from(out, start);
                }
                if out.len() > start && stop(&out[start..]) {
                    scratch.marks = marks;
                    return true;
                }
            }
        }
        scratch.marks = marks;
        false
    }

    /// Whether a movement rule of the moving piece produces `mv`. Generates only from the move's own
    /// start (or checks only its destination, for placements), so checking a move is cheap.
    fn pattern_allows(&self, mv: &Move, scratch: &mut Scratch, out: &mut Vec<Move>) -> bool {
        use crate::rules::{Cond, Pattern};
        let seat = self.to_move;
        let Some(pt) = self.game.pieces.get(mv.piece as usize) else { return false };
        for rule in &pt.moves {
            if !matches!(rule.when, Cond::True) && !rule.when.eval(self, seat, NodeId::NONE) {
                continue;
            }
            match (&rule.pattern, mv.kind) {
                (Pattern::Place, MoveKind::Place) | (Pattern::Drop, MoveKind::Drop)
                    if self.cells[mv.to.idx()].is_none() && rule.to.eval(self, seat, mv.to) =>
                {
                    return true;
                }
                (Pattern::Place | Pattern::Drop, _) => {}
                (_, MoveKind::Move | MoveKind::Shoot) => {
                    let Some(owner) = self.cells[mv.from.idx()].map(|c| c.seat) else { continue };
                    if !matches!(rule.from, Cond::True) && !rule.from.eval(self, owner, mv.from) {
                        continue;
                    }
                    out.clear();
                    pattern::generate(rule, self, owner, mv.piece, mv.from, scratch, out);
                    if out.contains(mv) {
                        return true;
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// Whether the seat to move may move pieces of `owner` (its own, or seats it has absorbed, unless
    /// every seat's turn moves only its own pieces).
    #[inline]
    fn movable_by(&self, seat: u8, owner: u8) -> bool {
        if self.game.rules.absorbed_turns == AbsorbedTurns::Own {
            owner == seat
        } else {
            self.controller[owner as usize] == self.controller[seat as usize]
        }
    }

    /// The nodes of the pieces of the seat to move that the check rule protects.
    fn royal_nodes(&self) -> SmallVec<[NodeId; 16]> {
        let seat = self.to_move;
        // Up to 16 on the stack, the common case; a game with more protected pieces has every one checked.
        self.royals
            .iter()
            .copied()
            .filter(|n| self.cells[n.idx()].is_some_and(|c| self.movable_by(seat, c.seat)))
            .collect()
    }

    /// The key under which [`Position::check_memo`] is valid for this position.
    #[inline]
    fn check_key(&self) -> u64 {
        (self.hash ^ self.game.turn_key(self.to_move)) | 1
    }

    /// Whether one of the `royals` (the protected pieces of the seat to move) is attacked.
    fn royals_attacked(&self, royals: &[NodeId]) -> bool {
        if self.check_memo.0 == self.check_key() {
            return self.check_memo.1;
        }
        let mut probe = crate::rules::attack::AttackProbe::new(self, &self.cells);
        royals.iter().any(|&r| probe.attacked(r))
    }

    /// Tries `mv` on `cells` (a copy of the board, the same again on return) and returns the type of a
    /// protected piece of the mover it would leave attacked, if any. `royals`: their nodes before the move.
    fn royal_left_attacked(&self, mv: &Move, cells: &mut [Option<Piece>], royals: &[NodeId]) -> Option<u8> {
        let seat = self.to_move;
        let mut saved = [(NodeId::NONE, None); 5];
        let mut ns = 0;
        let mut save = |n: NodeId, cells: &[Option<Piece>]| {
            if n.is_some() {
                saved[ns] = (n, cells[n.idx()]);
                ns += 1;
            }
        };
        save(mv.from, cells);
        save(mv.to, cells);
        save(mv.take, cells);
        save(mv.with_from, cells);
        save(mv.with_to, cells);
        let mut arrived = NodeId::NONE;
        match mv.kind {
            MoveKind::Pass => {}
            MoveKind::Place | MoveKind::Drop => {
                cells[mv.to.idx()] = Some(Piece { seat, piece: mv.piece });
                arrived = mv.to;
            }
            MoveKind::Move => {
                let p = cells[mv.from.idx()].take();
                let partner = if mv.with_from.is_some() { cells[mv.with_from.idx()].take() } else { None };
                if mv.take.is_some() {
                    cells[mv.take.idx()] = None;
                }
                cells[mv.to.idx()] = p.map(|p| Piece { seat: p.seat, piece: mv.arrives_as() });
                if mv.with_to.is_some() {
                    cells[mv.with_to.idx()] = partner;
                }
                arrived = mv.to;
            }
            MoveKind::Shoot => cells[mv.take.idx()] = None,
        }
        let bad = {
            let cells: &[Option<Piece>] = cells;
            // One probe for every protected piece: rules run forwards generate their moves once.
            let mut probe = crate::rules::attack::AttackProbe::new(self, cells);
            let mut bad = None;
            let mut test = |n: NodeId| {
                if let Some(v) = cells[n.idx()]
                    && bad.is_none()
                    && self.game.is_royal(v.piece)
                    && probe.attacked(n)
                {
                    bad = Some(v.piece);
                }
            };
            for &r in royals {
                let r = if r == mv.from && mv.kind == MoveKind::Move {
                    mv.to
                } else if r == mv.with_from {
                    mv.with_to
                } else {
                    r
                };
                test(r);
            }
            if arrived.is_some() && !royals.contains(&mv.from) {
                // A piece that becomes protected on arrival (by promotion or a drop).
                test(arrived);
            }
            bad
        };
        for &(n, c) in saved[..ns].iter().rev() {
            cells[n.idx()] = c;
        }
        bad
    }

    /// Whether moves that touch none of the nodes relevant to the protected pieces may skip the check
    /// test: attacks depend on those nodes only, and no protected piece is attacked now.
    fn quick_check_filter(&self, royals: &[NodeId]) -> bool {
        self.game.attack_table().filterable() && !self.royals_attacked(royals)
    }

    /// Whether `mv` might leave a protected piece attacked when none is now: it moves one, makes one,
    /// or changes a node that attacks on one depend on.
    #[inline]
    fn may_expose(&self, mv: &Move, royals: &[NodeId]) -> bool {
        if mv.kind != MoveKind::Move && mv.kind != MoveKind::Shoot {
            return true;
        }
        if self.game.is_royal(mv.arrives_as()) || royals.contains(&mv.from) || royals.contains(&mv.with_from) {
            return true;
        }
        let t = self.game.attack_table();
        royals.iter().any(|&r| {
            t.relevant(r, mv.from)
                || t.relevant(r, mv.to)
                || t.relevant(r, mv.take)
                || t.relevant(r, mv.with_from)
                || t.relevant(r, mv.with_to)
        })
    }

    /// Generates the pseudo-legal moves (movement rules only, no check, repetition or hook tests) of
    /// the seat to move into `buf.moves`; [`Position::pseudo_is_legal`] then tells the legal ones.
    /// Playouts draw from these and test only the moves they draw.
    ///
    /// ```
    /// use qipan::core::{MoveBuf, Position};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// // White's king on e1 is in check from the rook on a1.
    /// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")?;
    /// let mut buf = MoveBuf::default();
    /// pos.generate_pseudo(&mut buf);
    /// assert_eq!(buf.moves.len(), 5); // d1 e2 f1 d2 f2, in check or not
    /// let moves = buf.moves.clone();
    /// assert_eq!(moves.iter().filter(|m| pos.pseudo_is_legal(m, &mut buf)).count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate_pseudo(&self, buf: &mut MoveBuf) {
        buf.moves.clear();
        if self.is_over() {
            return;
        }
        let MoveBuf { moves, scratch, .. } = buf;
        self.pseudo_moves(scratch, moves);
    }

    /// Whether a move from [`Position::generate_pseudo`] is legal (`buf` is scratch space; its `moves`
    /// are left alone).
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, MoveBuf, Position};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// // White's king on e1 is in check from the rook on a1.
    /// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")?;
    /// let mut buf = MoveBuf::default();
    /// pos.generate_pseudo(&mut buf);
    /// let (d1, d2) = (parse_move(&pos, "e1-d1")?, parse_move(&pos, "e1-d2")?);
    /// assert!(buf.moves.contains(&d1) && buf.moves.contains(&d2));
    /// assert!(!pos.pseudo_is_legal(&d1, &mut buf)); // still on the rook's rank
    /// assert!(pos.pseudo_is_legal(&d2, &mut buf));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pseudo_is_legal(&self, mv: &Move, buf: &mut MoveBuf) -> bool {
        self.pseudo_legal(mv, buf, false).unwrap_or(false)
    }

    /// [`Position::pseudo_is_legal`]; with `strict`, a failing hook is an error instead of a refusal.
    pub(crate) fn pseudo_legal(&self, mv: &Move, buf: &mut MoveBuf, strict: bool) -> Result<bool, HookError> {
        let rules = &self.game.rules;
        if rules.group_capture.is_some() || rules.repetition != Repetition::None || self.filters_moves {
            let _budget = self.budget();
            return self.passes_consequences(mv, strict);
        }
        if !self.game.has_check_rule() {
            return Ok(true);
        }
        let royals = self.royal_nodes();
        if self.check_memo.0 == self.check_key() && self.quick_check_filter(&royals) && !self.may_expose(mv, &royals) {
            return Ok(true);
        }
        buf.standing.find(self, self.check_key(), &royals);
        if buf.standing.survive(mv) {
            return Ok(false);
        }
        let cells = &mut buf.cells;
        if cells.len() != self.cells.len() {
            cells.clear();
            cells.extend_from_slice(&self.cells);
        } else {
            cells.copy_from_slice(&self.cells);
        }
        Ok(self.royal_left_attacked(mv, cells, &royals).is_none())
    }

    /// Whether the seat to move has a legal move (stops at the first one found).
    ///
    /// ```
    /// use qipan::core::Position;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// assert!(game.start().has_legal_move());
    /// // Stalemate: Black's king on a8 is not attacked, but every step is.
    /// let pos = Position::from_fen(&game, "k7/8/1Q6/8/8/8/8/7K b - - 0 1")?;
    /// assert!(!pos.has_legal_move() && !pos.in_check(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn has_legal_move(&self) -> bool {
        self.any_legal_move(false).unwrap_or(false)
    }

    /// [`Position::has_legal_move`]; with `strict`, a failing hook is an error instead of a refusal.
    fn any_legal_move(&self, strict: bool) -> Result<bool, HookError> {
        if self.is_over() {
            return Ok(false);
        }
        if self.game.rules.pass != PassRule::Never {
            // Passing is legal at least when nothing else is.
            return Ok(true);
        }
        thread_local! {
            static BUF: std::cell::RefCell<MoveBuf> = std::cell::RefCell::new(MoveBuf::default());
        }
        BUF.with(|b| {
            let Ok(mut b) = b.try_borrow_mut() else {
                let mut buf = MoveBuf::default();
                self.legal_into(&mut buf, strict)?;
                return Ok(!buf.moves.is_empty());
            };
            let MoveBuf { pseudo, scratch, cells, standing, .. } = &mut *b;
            let rules = &self.game.rules;
            if rules.group_capture.is_some() || rules.repetition != Repetition::None || self.filters_moves {
                let _budget = self.budget();
                let mut failed = None;
                let found = self.pseudo_moves_until(scratch, pseudo, |ms| {
                    ms.iter().any(|m| match self.passes_consequences(m, strict) {
                        Ok(legal) => legal,
                        Err(e) => {
                            // Stop at the failure, and report it.
                            failed = Some(e);
                            true
                        }
                    })
                });
                return failed.map_or(Ok(found), Err);
            }
            if !self.game.has_check_rule() {
                return Ok(self.pseudo_moves_until(scratch, pseudo, |_| true));
            }
            cells.clear();
            cells.extend_from_slice(&self.cells);
            let royals = self.royal_nodes();
            let quick = self.quick_check_filter(&royals);
            standing.find(self, self.check_key(), &royals);
            Ok(self.pseudo_moves_until(scratch, pseudo, |ms| {
                ms.iter().any(|m| {
                    (quick && !self.may_expose(m, &royals))
                        || (!standing.survive(m) && self.royal_left_attacked(m, cells, &royals).is_none())
                })
            }))
        })
    }

    /// Generates every legal move of the seat to move into `buf.moves`.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, MoveBuf};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// let mut buf = MoveBuf::default();
    /// pos.generate_legal(&mut buf);
    /// assert_eq!(buf.moves.len(), 20);
    /// pos.play(&parse_move(&pos, "e2-e4")?)?;
    /// pos.generate_legal(&mut buf); // replaces the moves of the last call
    /// assert_eq!(buf.moves.len(), 20);
    /// assert!(buf.moves.contains(&parse_move(&pos, "e7-e5")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate_legal(&self, buf: &mut MoveBuf) {
        // Not strict: a failing hook refuses the move it was asked about, as `check` does.
        let _ = self.legal_into(buf, false);
    }

    /// Generates every legal move of the seat to move into `buf.moves`, like [`Position::generate_legal`],
    /// but a hook that fails on the way (a `filter_move` that throws, or the hooks' overall budget spent)
    /// is an error rather than a move left out. Games without hooks take the same path as
    /// [`Position::generate_legal`] and never fail.
    ///
    /// ```
    /// use qipan::core::MoveBuf;
    ///
    /// let def = r#"
    /// extends: go
    /// hooks:
    ///   filter_move: 'if mv.to == "E5" { throw "broken" } else { true }'
    /// "#;
    /// let game = qipan::load_str("broken.yaml", def, &[("size".into(), "9".into())])?;
    /// let pos = game.start();
    /// let mut buf = MoveBuf::default();
    /// let err = pos.try_generate_legal(&mut buf).unwrap_err();
    /// assert_eq!((err.hook.as_str(), err.message.as_str()), ("filter_move", "broken"));
    /// pos.generate_legal(&mut buf); // leaves E5 out without a word
    /// assert_eq!(buf.moves.len(), 80 + 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_generate_legal(&self, buf: &mut MoveBuf) -> Result<(), HookError> {
        self.legal_into(buf, true)
    }

    /// Generates the legal moves into `buf.moves`; with `strict`, a failing hook is an error instead of
    /// a refusal of the move.
    fn legal_into(&self, buf: &mut MoveBuf, strict: bool) -> Result<(), HookError> {
        buf.moves.clear();
        if self.is_over() {
            return Ok(());
        }
        let MoveBuf { moves, pseudo, scratch, cells, standing } = buf;
        self.pseudo_moves(scratch, pseudo);
        let rules = &self.game.rules;
        let plain = rules.group_capture.is_none() && rules.repetition == Repetition::None && !self.filters_moves;
        if plain && !self.game.has_check_rule() {
            // Nothing beyond the movement rules can refuse a move.
            moves.extend_from_slice(pseudo);
        } else if plain {
            // Only the check rule: try each move on a scratch board, unless it cannot matter.
            cells.clear();
            cells.extend_from_slice(&self.cells);
            let royals = self.royal_nodes();
            let quick = self.quick_check_filter(&royals);
            standing.find(self, self.check_key(), &royals);
            for mv in pseudo.iter() {
                if (quick && !self.may_expose(mv, &royals))
                    || (!standing.survive(mv) && self.royal_left_attacked(mv, cells, &royals).is_none())
                {
                    moves.push(*mv);
                }
            }
        } else {
            let _budget = self.budget();
            for mv in pseudo.iter() {
                if self.passes_consequences(mv, strict)? {
                    moves.push(*mv);
                }
            }
        }
        // Extra actions go with any main action.
        let seat = self.to_move;
        let base = moves.len();
        for x in 0..self.game.extras.len() {
            if self.extra_possible(seat, x) {
                for i in 0..base {
                    if !moves[i].is_pass() {
                        moves.push(Move { extra: x as u8 + 1, ..moves[i] });
                    }
                }
            }
        }
        match self.game.rules.pass {
            PassRule::Always => moves.push(Move::PASS),
            PassRule::WhenStuck if moves.is_empty() => moves.push(Move::PASS),
            _ => {}
        }
        Ok(())
    }

    /// Every legal move of the seat to move.
    ///
    /// ```
    /// use qipan::core::{notation::move_text, Position};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// // White's king on e1 is in check from the rook on a1.
    /// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")?;
    /// let mut texts: Vec<String> = pos.legal_moves().iter().map(|m| move_text(&game, m)).collect();
    /// texts.sort();
    /// assert_eq!(texts, ["e1-d2", "e1-e2", "e1-f2"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut buf = MoveBuf::default();
        self.generate_legal(&mut buf);
        buf.moves
    }

    /// Every legal move of the seat to move, or the failure of a hook on the way (see
    /// [`Position::try_generate_legal`]).
    ///
    /// ```
    /// let def = r#"
    /// extends: go
    /// hooks:
    ///   filter_move: 'mv.to != "E5"'
    /// "#;
    /// let game = qipan::load_str("centre.yaml", def, &[("size".into(), "9".into())])?;
    /// assert_eq!(game.start().try_legal_moves()?.len(), 80 + 1); // E5 is forbidden, and that is no failure
    /// let broken = qipan::load_str("broken.yaml", &def.replace("mv.to != \"E5\"", "throw"), &[("size".into(), "9".into())])?;
    /// assert_eq!(broken.start().try_legal_moves().unwrap_err().message, "the script threw");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_legal_moves(&self) -> Result<Vec<Move>, HookError> {
        let mut buf = MoveBuf::default();
        self.try_generate_legal(&mut buf)?;
        Ok(buf.moves)
    }

    /// Checks a move, naming the rule it breaks when it is illegal.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Illegal};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// assert_eq!(pos.check(&parse_move(&pos, "g1-f3")?), Ok(()));
    /// assert_eq!(pos.check(&parse_move(&pos, "e2-e5")?), Err(Illegal::NoSuchMove));
    /// assert_eq!(pos.check(&parse_move(&pos, "e7-e5")?), Err(Illegal::NotYourPiece)); // White moves first
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, mv: &Move) -> Result<(), Illegal> {
        if self.is_over() {
            return Err(Illegal::GameOver);
        }
        let _budget = self.budget();
        if !self.well_formed(mv) {
            return Err(Illegal::NoSuchMove);
        }
        let seat = self.to_move;
        if mv.extra > 0 {
            if mv.is_pass() || !self.extra_possible(seat, mv.extra as usize - 1) {
                return Err(Illegal::ExtraNotPossible);
            }
            return self.check(&Move { extra: 0, ..*mv });
        }
        match mv.kind {
            MoveKind::Pass => {
                let allowed = match self.game.rules.pass {
                    PassRule::Always => true,
                    PassRule::Never => false,
                    PassRule::WhenStuck => {
                        let mut buf = MoveBuf::default();
                        self.pseudo_moves(&mut buf.scratch, &mut buf.pseudo);
                        !buf.pseudo.iter().any(|m| self.check_consequences(m).is_ok())
                    }
                };
                return if allowed { Ok(()) } else { Err(Illegal::PassNotAllowed) };
            }
            MoveKind::Place | MoveKind::Drop => {
                if mv.to.idx() >= self.cells.len() {
                    return Err(Illegal::NoSuchMove);
                }
                if self.cells[mv.to.idx()].is_some() {
                    return Err(Illegal::Occupied);
                }
                if mv.kind == MoveKind::Drop && self.reserve(seat, mv.piece) == 0 {
                    return Err(Illegal::NotInReserve);
                }
            }
            MoveKind::Move | MoveKind::Shoot => {
                let owned = mv.from.idx() < self.cells.len()
                    && self.cells[mv.from.idx()].is_some_and(|c| c.piece == mv.piece && self.movable_by(seat, c.seat));
                if !owned {
                    return Err(Illegal::NotYourPiece);
                }
            }
        }
        let mut buf = MoveBuf::default();
        if !self.pattern_allows(mv, &mut buf.scratch, &mut buf.pseudo) {
            return Err(Illegal::NoSuchMove);
        }
        self.check_consequences(mv)
    }

    /// Whether the move's fields fit its kind and the game: nodes on the board where the kind uses
    /// them and [`NodeId::NONE`] where it does not, a piece type of the game. A move of another shape
    /// (a placement with a `from`, a pass naming a node) is never generated, so it is refused rather
    /// than played with the stray fields ignored.
    fn well_formed(&self, mv: &Move) -> bool {
        let n = self.cells.len();
        let on = |x: NodeId| x.idx() < n;
        let none = |x: NodeId| !x.is_some();
        let piece = (mv.piece as usize) < self.game.pieces.len();
        // A castling partner, a promotion and a passable step belong to moves of a piece only.
        let partner = (none(mv.with_from) && none(mv.with_to))
            || (mv.kind == MoveKind::Move && on(mv.with_from) && on(mv.with_to));
        let promote = (mv.promote as usize) <= self.game.pieces.len() && (mv.promote == 0 || mv.kind == MoveKind::Move);
        if !partner || !promote || (mv.passable && mv.kind != MoveKind::Move) {
            return false;
        }
        match mv.kind {
            MoveKind::Pass => none(mv.from) && none(mv.to) && none(mv.take) && none(mv.by) && mv.piece == 0,
            MoveKind::Place | MoveKind::Drop => piece && on(mv.to) && none(mv.from) && none(mv.take) && none(mv.by),
            MoveKind::Move => {
                piece && on(mv.from) && on(mv.to) && (none(mv.take) || on(mv.take)) && (none(mv.by) || on(mv.by))
            }
            MoveKind::Shoot => piece && on(mv.from) && mv.to == mv.from && on(mv.take) && none(mv.by),
        }
    }

    /// The seat to move resigns, for the player who holds it: every seat that player holds leaves the game,
    /// as a seat eliminated by the rules does (its pieces stay where they stand). When one side is left it
    /// wins by resignation (`W+R` in a game of two seats); otherwise play goes on with the next seat. If a
    /// hook fails, the position is left as it was.
    ///
    /// ```
    /// use qipan::core::{Illegal, PlayError};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// pos.resign()?; // Black resigns
    /// let result = pos.outcome().unwrap();
    /// assert_eq!((result.text.as_str(), result.reason.as_str(), &result.winners[..]), ("W+R", "resignation", &[1][..]));
    /// assert_eq!(pos.resign(), Err(PlayError::Illegal(Illegal::GameOver)));
    ///
    /// // With three kingdoms left, one resigning leaves two to play on.
    /// let game = qipan::load("seven-kingdoms", &[("players".into(), "3".into())])?;
    /// let mut pos = game.start();
    /// let first = pos.to_move();
    /// pos.resign()?;
    /// assert!(!pos.is_over() && !pos.is_alive(first) && pos.to_move() != first);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resign(&mut self) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::Illegal(Illegal::GameOver));
        }
        let _budget = self.budget();
        let mut next = self.clone();
        let player = next.controller(next.to_move);
        for seat in 0..next.alive.len() as u8 {
            if next.alive[seat as usize] && next.controller(seat) == player {
                next.eliminate(seat)?;
            }
        }
        if next.sides_left() <= 1 {
            let live: Vec<u8> = (0..next.alive.len() as u8).filter(|&s| next.alive[s as usize]).collect();
            let mut result = GameResult::winners(&next, live, "resignation");
            if result.text.ends_with('+') {
                result.text.push('R');
            }
            next.result = Some(result);
        } else {
            next.advance_turn();
            next.check_end()?;
        }
        *self = next;
        Ok(())
    }

    /// Plays a move after checking it. If a hook fails, the position is left as it was.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Illegal, PlayError};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// let e5 = parse_move(&pos, "E5")?;
    /// pos.play(&e5)?;
    /// assert_eq!(pos.cell(e5.to).map(|p| p.seat), Some(0));
    /// assert_eq!(pos.play(&e5), Err(PlayError::Illegal(Illegal::Occupied)));
    /// assert_eq!((pos.ply(), pos.to_move()), (1, 1)); // still White's turn
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, mv: &Move) -> Result<(), PlayError> {
        self.check(mv)?;
        if self.game.hooks.is_some() {
            let mut next = self.clone();
            next.apply(mv)?;
            *self = next;
        } else {
            self.apply(mv)?;
        }
        Ok(())
    }

    /// Plays a move known to be legal (from [`Position::generate_legal`]); skips the check. If a hook
    /// fails the position is left part-way through the move: use it for playouts, and [`Position::play`]
    /// where the position must stay usable after an error.
    ///
    /// ```
    /// use qipan::core::MoveBuf;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// let mut buf = MoveBuf::default();
    /// for _ in 0..4 {
    ///     pos.generate_legal(&mut buf);
    ///     pos.play_unchecked(&buf.moves[0])?; // legal: no need to check it again
    /// }
    /// assert_eq!(pos.ply(), 4);
    /// assert_eq!(pos.cells().iter().flatten().count(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_unchecked(&mut self, mv: &Move) -> Result<(), HookError> {
        self.apply(mv)
    }

    /// Opens the hooks' budget scope for work that may run hooks (none for a game without hooks).
    #[inline]
    fn budget(&self) -> Option<HookBudget> {
        self.game.hooks.is_some().then(HookBudget::open)
    }

    /// Applies a move and all its consequences.
    fn apply(&mut self, mv: &Move) -> Result<(), HookError> {
        let _budget = self.budget();
        let seat = self.to_move;
        let np = self.game.pieces.len();
        let captures_before: u32 = self.captures.iter().sum();
        let mut new_ko = NodeId::NONE;
        match mv.kind {
            MoveKind::Pass => self.passes = self.passes.saturating_add(1),
            MoveKind::Place => self.put(mv.to, Piece { seat, piece: mv.piece }),
            MoveKind::Drop => {
                let r = &mut self.reserve[seat as usize * np + mv.piece as usize];
                *r = r.saturating_sub(1);
                self.put(mv.to, Piece { seat, piece: mv.piece });
            }
            MoveKind::Move => {
                let p = self.lift(mv.from).unwrap_or(Piece { seat, piece: mv.piece });
                let partner = if mv.with_from.is_some() { self.lift(mv.with_from) } else { None };
                if self.cells[mv.to.idx()].is_some() {
                    self.capture_one(mv.to, seat)?;
                }
                self.put(mv.to, Piece { seat: p.seat, piece: mv.arrives_as() });
                if let Some(q) = partner.filter(|_| mv.with_to.is_some()) {
                    if self.cells[mv.with_to.idx()].is_some() {
                        self.capture_one(mv.with_to, seat)?;
                    }
                    self.put(mv.with_to, q);
                }
            }
            MoveKind::Shoot => self.capture_one(mv.take, seat)?,
        }
        if mv.kind == MoveKind::Move && mv.take.is_some() {
            // A shot that follows the move: the shooter stays.
            self.capture_one(mv.take, seat)?;
        }
        if mv.extra > 0 {
            self.apply_extra(seat, (mv.extra - 1) as usize);
        }
        if mv.kind != MoveKind::Pass {
            self.passes = 0;
            if self.chains.is_some() && mv.to.is_some() && self.cells[mv.to.idx()].is_some() {
                let (removed, last) = self.capture_groups(mv.to, seat)?;
                let ch = self.chains.as_ref().expect("chains");
                let h = ch.head(mv.to);
                if ch.pseudo_libs(h) == 0 {
                    // Allowed suicide: the chain goes to the next seat's credit.
                    let by = self.next_seat_after(seat);
                    self.remove_chain(h, by)?;
                } else if removed == 1 && ch.size(h) == 1 && ch.liberties(&self.game.board, &self.cells, h) == 1 {
                    new_ko = last;
                }
            }
        }
        self.ko = new_ko;
        let captured: u32 = self.captures.iter().sum();
        if captured > captures_before && !self.game.rules.end.bare.is_empty() {
            self.bare_sides(seat)?;
        }
        self.quiet_plies = if captured > captures_before { 0 } else { self.quiet_plies.saturating_add(1) };
        if mv.kind == MoveKind::Move && self.game.rules.end.quiet_reset.contains(&mv.piece) {
            self.quiet_plies = 0;
        }
        for n in [mv.from, mv.to, mv.with_from, mv.with_to] {
            if n.is_some() {
                self.moved[n.idx() >> 6] |= 1 << (n.idx() & 63);
            }
        }
        if self.passer.is_some() {
            self.passed = [NodeId::NONE; 4];
            self.passer = NodeId::NONE;
        }
        if mv.passable && mv.kind == MoveKind::Move {
            self.mark_passed(mv.from, mv.to);
        }
        self.ply = self.ply.saturating_add(1);
        self.last = Some(*mv);
        if let Some(h) = self.game.hooks.clone()
            && h.has(HookPoint::AfterMove)
        {
            let actions = h.after_move(self, mv)?;
            self.apply_actions(actions)?;
        }
        self.advance_turn();
        self.record_history();
        if self.game.rules.end.repetition_draw.is_some() {
            if self.quiet_plies == 0 {
                self.reps.clear();
            }
            self.reps.push(self.hash ^ self.game.turn_key(self.to_move));
        }
        self.check_end()?;
        Ok(())
    }

    /// Records the nodes strictly between `from` and `to` on the straight line joining them (the first
    /// relation and direction that lead there) as passed, with the piece on `to` as their passer.
    fn mark_passed(&mut self, from: NodeId, to: NodeId) {
        let game = self.game.clone();
        let board = &game.board;
        for r in 0..board.relation_names().len() {
            let rel = crate::board::RelationId(r as u8);
            for &d in game.relation_dirs(rel) {
                let mut line = [NodeId::NONE; 4];
                let mut k = 0;
                let mut n = board.next(rel, d, from);
                while n.is_some() && n != to && n != from && k < line.len() {
                    line[k] = n;
                    k += 1;
                    n = board.next(rel, d, n);
                }
                if n == to {
                    self.passed = line;
                    self.passer = to;
                    return;
                }
            }
        }
    }

    /// Brings one `piece` of `seat` from its graveyard to its reserve (nothing if the graveyard has none).
    fn revive(&mut self, seat: u8, piece: u8) {
        let i = seat as usize * self.game.pieces.len() + piece as usize;
        if self.graveyard[i] > 0 {
            self.graveyard[i] -= 1;
            self.reserve[i] = self.reserve[i].saturating_add(1);
        }
    }

    /// Whether `seat` can take extra action `x` now.
    fn extra_possible(&self, seat: u8, x: usize) -> bool {
        let Some(e) = self.game.extras.get(x) else { return false };
        self.graveyard(seat, e.revive) > 0 && e.cost.is_none_or(|c| self.counter(c, seat) > 0)
    }

    fn apply_extra(&mut self, seat: u8, x: usize) {
        let e = self.game.extras[x].clone();
        self.revive(seat, e.revive);
        if let Some(c) = e.cost {
            let i = c * self.game.seats.len() + seat as usize;
            self.counters[i] = self.counters[i].saturating_sub(1);
        }
    }

    /// The next live seat after `seat` in turn order.
    fn next_seat_after(&self, seat: u8) -> u8 {
        let n = self.alive.len() as u8;
        let mut s = seat;
        for _ in 0..n {
            s = (s + 1) % n;
            if self.alive[s as usize] {
                return s;
            }
        }
        seat
    }

    /// How many sides (teams, or seats without a team) still have a seat in the game.
    fn sides_left(&self) -> u32 {
        // Teams as bits (at most 64 teams).
        let live = (0..self.alive.len() as u8).filter(|&s| self.alive[s as usize]);
        live.fold(0u64, |acc, s| acc | 1 << (self.team(s) & 63)).count_ones()
    }

    fn advance_turn(&mut self) {
        self.to_move = self.next_seat_after(self.to_move);
        self.refresh_prey();
    }

    /// Applies hook actions.
    fn apply_actions(&mut self, actions: Vec<HookAction>) -> Result<(), HookError> {
        for a in actions {
            match a {
                HookAction::Remove(n) => {
                    self.lift(n);
                }
                HookAction::Capture(n, by) => {
                    if self.cells[n.idx()].is_some() {
                        self.capture_one(n, by)?;
                        self.quiet_plies = 0;
                    }
                }
                HookAction::Place(n, p) => {
                    self.lift(n);
                    self.put(n, p);
                }
                HookAction::SetCounter { counter, seat, value } => {
                    let i = counter * self.game.seats.len() + seat as usize;
                    if let Some(x) = self.counters.get_mut(i) {
                        *x = value;
                    }
                }
                HookAction::Revive(seat, piece) => self.revive(seat, piece),
                HookAction::ResetQuiet => self.quiet_plies = 0,
                HookAction::Eliminate(s) => self.eliminate(s)?,
                HookAction::Transfer { seat, to } => {
                    self.transfer(seat, to);
                    self.refresh_teams();
                }
                HookAction::Absorb { seat, to } => self.absorb_side(seat, to)?,
                HookAction::Reserve(s, p, d) => {
                    // A reserve holds 0 to 65,535 pieces: more saturates, fewer stops at none.
                    let i = s as usize * self.game.pieces.len() + p as usize;
                    self.reserve[i] = (self.reserve[i] as i64 + d as i64).clamp(0, u16::MAX as i64) as u16;
                }
            }
        }
        Ok(())
    }

    /// Gives `seat` to the player of `to`. A player losing its leading seat goes on under its next
    /// live seat, which takes over the counters kept on the leading seat.
    fn transfer(&mut self, seat: u8, to: u8) {
        let winner = self.controller[to as usize];
        let n = self.controller.len();
        if self.controller[seat as usize] == seat {
            let heir =
                (0..n as u8).find(|&x| x != seat && self.controller[x as usize] == seat && self.alive[x as usize]);
            if let Some(h) = heir {
                for x in 0..n {
                    if x != seat as usize && self.controller[x] == seat {
                        self.controller[x] = h;
                    }
                }
                for c in 0..self.game.counters.len() {
                    let (from, into) = (c * n + seat as usize, c * n + h as usize);
                    self.counters[into] = self.counters[into].saturating_add(self.counters[from]);
                    self.counters[from] = 0;
                }
            }
        }
        self.controller[seat as usize] = winner;
    }

    /// The player of `to` absorbs `seat`: a player with every seat it holds, a held seat on its own.
    /// Under [`AbsorbedTurns::Dropped`] the absorbed seats lose their turns.
    fn absorb_side(&mut self, seat: u8, to: u8) -> Result<(), HookError> {
        let (loser, winner) = (self.controller[seat as usize], self.controller[to as usize]);
        if loser == winner {
            return Ok(());
        }
        let whole_side = loser == seat;
        for s in 0..self.controller.len() {
            if s == seat as usize || (whole_side && self.controller[s] == loser) {
                self.controller[s] = winner;
                if self.game.rules.absorbed_turns == AbsorbedTurns::Dropped {
                    self.eliminate(s as u8)?;
                }
            }
        }
        self.refresh_teams();
        Ok(())
    }

    /// Puts out every side whose pieces on the board are all bare (a lone king), after `mover` captured.
    fn bare_sides(&mut self, mover: u8) -> Result<(), HookError> {
        let n = self.controller.len();
        // Per player: bit 0 = has a bare piece, bit 1 = has another piece.
        let mut kinds = vec![0u8; n];
        for c in self.cells.iter().flatten() {
            let bit = if self.game.rules.end.bare.contains(&c.piece) { 1 } else { 2 };
            kinds[self.controller[c.seat as usize] as usize] |= bit;
        }
        let captor = self.controller[mover as usize];
        for player in 0..n as u8 {
            if kinds[player as usize] != 1 || player == captor || !self.alive_side(player) {
                continue;
            }
            match self.game.rules.end.bare_side {
                BareSide::Captor => self.absorb_side(player, mover)?,
                BareSide::Removed => {
                    for i in 0..self.cells.len() {
                        let node = NodeId(i as u16);
                        if self.cells[i].is_some_and(|c| self.controller[c.seat as usize] == player) {
                            self.lift(node);
                        }
                    }
                    for s in 0..n as u8 {
                        if self.controller[s as usize] == player {
                            self.eliminate(s)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether any seat of `player`'s side is still in the game.
    fn alive_side(&self, player: u8) -> bool {
        (0..self.alive.len()).any(|s| self.alive[s] && self.controller[s] == player)
    }

    /// Takes a seat out of play.
    fn eliminate(&mut self, seat: u8) -> Result<(), HookError> {
        if !self.alive[seat as usize] {
            return Ok(());
        }
        self.alive[seat as usize] = false;
        if let Some(h) = self.game.hooks.clone()
            && h.has(HookPoint::OnElimination)
        {
            let actions = h.on_elimination(self, seat)?;
            self.apply_actions(actions)?;
        }
        Ok(())
    }

    /// Decides whether the game has ended after a move.
    ///
    /// A loop, not a recursion: each pass either ends the game, finds it goes on, or takes a live seat
    /// out (a seat left without pieces, or one stuck under `stuck: lose`) and looks again, so it ends
    /// after at most one pass per seat.
    fn check_end(&mut self) -> Result<(), HookError> {
        // No allocation and no reference counting here: this runs after every move of every playout.
        let seats = self.alive.len() as u8;
        // Whether the last seat put out for being stuck was in check then (it names the result).
        let mut stuck_mated: Option<bool> = None;
        loop {
            if let Some(h) = self.game.hooks.as_ref().filter(|h| h.has(HookPoint::GameOver)).cloned()
                && let HookOutcome::Winners(w) = h.game_over(self)?
            {
                self.result = Some(GameResult::winners(self, w, "decided by the rules' script"));
                return Ok(());
            }
            for g in 0..self.game.rules.end.goals.len() {
                let (counter, at_least) = self.game.rules.end.goals[g];
                let player = (0..seats).find(|&s| {
                    self.alive[s as usize] && self.controller(s) == s && self.counter(counter, s) >= at_least
                });
                if let Some(p) = player {
                    let winners = (0..seats).filter(|&s| self.alive[s as usize] && self.controller(s) == p).collect();
                    self.result = Some(GameResult::winners(self, winners, "a goal was reached"));
                    return Ok(());
                }
            }
            if self.game.rules.end.lose_without_pieces {
                // A seat with nothing on the board and nothing in reserve is out.
                let np = self.game.pieces.len();
                let mut out = false;
                for s in 0..seats {
                    if !self.alive[s as usize] {
                        continue;
                    }
                    let in_hand = (0..np).any(|p| self.reserve[s as usize * np + p] > 0);
                    if !in_hand && !self.cells.iter().flatten().any(|c| c.seat == s) {
                        self.eliminate(s)?;
                        out = true;
                    }
                }
                if out {
                    if !self.alive[self.to_move as usize] {
                        self.advance_turn();
                    }
                    continue;
                }
            }
            let sides = self.sides_left();
            let end = &self.game.rules.end;
            if end.last_standing && sides <= 1 {
                let live = (0..seats).filter(|&s| self.alive[s as usize]).collect();
                let mut why = "last side standing";
                if let Some(mated) = stuck_mated.filter(|_| self.game.has_check_rule()) {
                    why = if mated { "checkmate" } else { "no legal move" };
                }
                self.result = Some(GameResult::winners(self, live, why));
                return Ok(());
            }
            if end.consecutive_passes.is_some_and(|n| self.passes >= n) {
                self.result = Some(GameResult::scored(self, "consecutive passes")?);
                return Ok(());
            }
            // Under `pass: when-stuck` every pass is forced, so once each seat still playing has passed in turn
            // no seat can ever move again (a script aside, which may change the position between turns).
            if self.game.rules.pass == PassRule::WhenStuck
                && self.game.hooks.is_none()
                && self.passes > 0
                && self.passes as usize >= self.alive.iter().filter(|&&a| a).count()
            {
                self.result = Some(GameResult::scored(self, "no seat can move")?);
                return Ok(());
            }
            if end.max_plies.is_some_and(|m| self.ply >= m) {
                self.result = Some(GameResult::scored(self, "move limit reached")?);
                return Ok(());
            }
            if self.game.has_check_rule() {
                let royals = self.royal_nodes();
                // The seat to move was not in check before the last (legal) move: it is now only if
                // that move changed a node from which, or through which, its protected pieces are attacked.
                let table = self.game.attack_table();
                let untouched = self.game.hooks.is_none()
                    && stuck_mated.is_none()
                    && table.filterable()
                    && self.last.is_some_and(|m| {
                        let changed = [m.from, m.to, m.take, m.with_from, m.with_to];
                        royals.iter().all(|&r| changed.iter().all(|&c| !table.reaches(r, c)))
                    });
                self.check_memo = (0, false);
                let attacked = !untouched && self.royals_attacked(&royals);
                self.check_memo = (self.check_key(), attacked);
            }
            let end = &self.game.rules.end;
            let draw_now = end.quiet_draw.is_some_and(|n| self.quiet_plies >= n)
                || end.repetition_draw.is_some_and(|times| {
                    let key = self.hash ^ self.game.turn_key(self.to_move);
                    self.reps.iter().filter(|&&h| h == key).count() >= times as usize
                });
            // A playout may leave the stuck test to its next move generation, unless a draw is due now
            // (a mate on the last allowed ply still wins).
            let test_stuck = !self.defer_stuck || draw_now;
            if self.game.rules.pass == PassRule::Never && test_stuck && !self.any_legal_move(true)? {
                let mated = self.in_check(self.to_move);
                let rule = if mated { self.game.rules.checkmate } else { self.game.rules.stuck };
                match rule {
                    StuckRule::Draw => {
                        let why = if mated { "checkmate (drawn under these rules)" } else { "no legal move" };
                        self.result = Some(GameResult::winners(self, vec![], why))
                    }
                    StuckRule::Loses => {
                        let s = self.to_move;
                        self.eliminate(s)?;
                        stuck_mated = Some(mated);
                        if !self.alive.contains(&true) {
                            // The last seat in the game is out too: nobody is left to win.
                            let why = if mated { "checkmate" } else { "no legal move" };
                            self.result = Some(GameResult::winners(self, vec![], why));
                            return Ok(());
                        }
                        self.advance_turn();
                        continue;
                    }
                }
            }
            if draw_now {
                let why = if self.game.rules.end.quiet_draw.is_some_and(|n| self.quiet_plies >= n) {
                    "too many moves without a capture"
                } else {
                    "repetition"
                };
                self.result = Some(GameResult::winners(self, vec![], why));
            }
            return Ok(());
        }
    }

    /// Plays a legal move in a playout: like [`Position::play_unchecked`], but when passing is never
    /// allowed it does not look for the next seat's legal moves; the caller does, and calls
    /// [`Position::settle_stuck`] when there are none.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// for text in ["f2-f3", "e7-e5", "g2-g4"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// pos.play_deferring_stuck(&parse_move(&pos, "d8-h4")?)?; // mate, not yet noticed
    /// assert!(!pos.is_over());
    /// assert!(!pos.has_legal_move());
    /// pos.settle_stuck()?;
    /// assert_eq!(pos.outcome().map(|r| r.reason.as_str()), Some("checkmate"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_deferring_stuck(&mut self, mv: &Move) -> Result<(), HookError> {
        self.defer_stuck = true;
        let r = self.apply(mv);
        self.defer_stuck = false;
        r
    }

    /// Ends the game as the rules say when the seat to move has no legal move (after
    /// [`Position::play_deferring_stuck`]); does nothing otherwise.
    ///
    /// ```
    /// use qipan::core::Position;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// pos.settle_stuck()?; // White can move: nothing happens
    /// assert!(!pos.is_over());
    /// // Stalemate: Black cannot move, and chess draws it.
    /// let mut pos = Position::from_fen(&game, "k7/8/1Q6/8/8/8/8/7K b - - 0 1")?;
    /// pos.settle_stuck()?;
    /// let result = pos.outcome().unwrap();
    /// assert!(result.winners.is_empty());
    /// assert_eq!(result.reason, "no legal move");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn settle_stuck(&mut self) -> Result<(), HookError> {
        if self.is_over() {
            return Ok(());
        }
        let _budget = self.budget();
        self.check_end()
    }

    /// Sets up a position for tests and records: puts or removes pieces without playing moves.
    /// Group bookkeeping and the hash follow; call [`Position::commit_setup`] when done so the
    /// repetition rules know the set-up position.
    ///
    /// ```
    /// use qipan::core::Piece;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// let e5 = game.board.find("E5").unwrap();
    /// pos.set_cell(e5, Some(Piece { seat: 1, piece: 0 }));
    /// pos.commit_setup();
    /// assert_eq!(pos.cell(e5), Some(Piece { seat: 1, piece: 0 }));
    /// assert_eq!(pos.hash(), pos.hash_from_scratch());
    /// assert_eq!(pos.ply(), 0); // no move was played
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_cell(&mut self, n: NodeId, p: Option<Piece>) {
        self.lift(n);
        if let Some(p) = p {
            self.put(n, p);
        }
    }

    /// Sets the count of a piece type in a seat's reserve (for setting up positions).
    ///
    /// # Panics
    ///
    /// If `seat` or `piece` is not an index of the game's seats or pieces.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Illegal};
    ///
    /// let game = qipan::load("leader-cannon", &[])?;
    /// let mut pos = game.start();
    /// let leader = game.piece("leader").unwrap();
    /// pos.set_reserve(0, leader, 0);
    /// assert_eq!(pos.reserve(0, leader), 0);
    /// assert_eq!(pos.check(&parse_move(&pos, "leader@b2")?), Err(Illegal::NotInReserve));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_reserve(&mut self, seat: u8, piece: u8, count: u16) {
        let i = seat as usize * self.game.pieces.len() + piece as usize;
        self.reserve[i] = count;
    }

    /// Sets the count of a piece type in a seat's graveyard (for setting up positions).
    ///
    /// # Panics
    ///
    /// If `seat` or `piece` is not an index of the game's seats or pieces.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Illegal};
    ///
    /// let game = qipan::load("leader-cannon", &[])?;
    /// let mut pos = game.start();
    /// let commoner = game.piece("commoner").unwrap();
    /// pos.set_graveyard(0, commoner, 2);
    /// assert_eq!(pos.graveyard(0, commoner), 2);
    /// // Red has dead commoners to revive, but no token to pay with.
    /// assert_eq!(pos.check(&parse_move(&pos, "leader@b2 +revive")?), Err(Illegal::ExtraNotPossible));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_graveyard(&mut self, seat: u8, piece: u8, count: u16) {
        let i = seat as usize * self.game.pieces.len() + piece as usize;
        self.graveyard[i] = count;
    }

    /// Sets a seat's value of counter `c` (for setting up positions).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("leader-cannon", &[])?;
    /// let mut pos = game.start();
    /// let commoner = game.piece("commoner").unwrap();
    /// let tokens = game.counters.iter().position(|c| c == "tokens").unwrap();
    /// pos.set_graveyard(0, commoner, 1);
    /// pos.set_counter(tokens, 0, 1);
    /// assert_eq!(pos.counter(tokens, 0), 1);
    /// pos.play(&parse_move(&pos, "leader@b2 +revive")?)?; // the token pays for a revival
    /// assert_eq!((pos.counter(tokens, 0), pos.reserve(0, commoner)), (0, 8));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_counter(&mut self, c: usize, seat: u8, value: i64) {
        let i = c * self.game.seats.len() + seat as usize;
        if let Some(x) = self.counters.get_mut(i) {
            *x = value;
        }
    }

    /// Sets the number of plies since the last capture (for setting up positions).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// pos.set_quiet_plies(99);
    /// pos.play(&parse_move(&pos, "g1-f3")?)?;
    /// assert_eq!(pos.quiet_plies(), 100);
    /// assert_eq!(pos.outcome().map(|r| r.reason.as_str()), Some("too many moves without a capture"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_quiet_plies(&mut self, plies: u32) {
        self.quiet_plies = plies;
    }

    /// Records the current (set-up) position in the repetition history.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Illegal, Piece};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// // Black C5 D6 D4 and White D5 E6 E4 F5: a ko, which Black may take at E5.
    /// for (label, seat) in [("C5", 0), ("D6", 0), ("D4", 0), ("D5", 1), ("E6", 1), ("E4", 1), ("F5", 1)] {
    ///     pos.set_cell(game.board.find(label).unwrap(), Some(Piece { seat, piece: 0 }));
    /// }
    /// pos.commit_setup();
    /// pos.play(&parse_move(&pos, "E5")?)?;
    /// // Retaking at once would bring back the set-up board, which the history now holds.
    /// assert_eq!(pos.check(&parse_move(&pos, "D5")?), Err(Illegal::PositionalSuperko));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn commit_setup(&mut self) {
        self.record_history();
        if self.game.rules.end.repetition_draw.is_some() {
            self.reps.clear();
            self.reps.push(self.hash ^ self.game.turn_key(self.to_move));
        }
    }

    /// Forgets the positions recorded for the repetition rules (before setting up a new position
    /// from scratch, which [`Position::commit_setup`] then records).
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Position};
    ///
    /// fn knights_out_and_back(pos: &mut Position) -> Result<(), Box<dyn std::error::Error>> {
    ///     for text in ["g1-f3", "g8-f6", "f3-g1", "f6-g8"] {
    ///         pos.play(&parse_move(pos, text)?)?;
    ///     }
    ///     Ok(())
    /// }
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// knights_out_and_back(&mut pos)?; // the start position, a second time
    /// pos.clear_history();
    /// pos.commit_setup(); // ... now counted once
    /// knights_out_and_back(&mut pos)?;
    /// assert!(!pos.is_over());
    /// knights_out_and_back(&mut pos)?;
    /// assert_eq!(pos.outcome().map(|r| r.reason.as_str()), Some("repetition"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear_history(&mut self) {
        self.history.clear();
        self.reps.clear();
    }

    /// Sets the number of plies played (for setting up positions).
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// pos.set_ply(20);
    /// assert_eq!(pos.ply(), 20);
    /// assert_eq!(pos.to_fen().unwrap(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 11");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_ply(&mut self, ply: u32) {
        self.ply = ply;
    }

    /// Takes back the end of the game so play can go on (a record that continues after two passes,
    /// or past the move limit: the first pass may be withdrawn when play resumes).
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Move};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// pos.play(&Move::PASS)?;
    /// pos.play(&Move::PASS)?;
    /// assert!(pos.is_over());
    /// pos.resume();
    /// pos.play(&parse_move(&pos, "E5")?)?;
    /// assert!(!pos.is_over());
    /// assert_eq!(pos.ply(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resume(&mut self) {
        self.result = None;
    }

    /// Marks a board (by its hash) as seen before, for setting up positions whose history came from
    /// elsewhere. Only positional superko looks at bare board hashes; other rules ignore it.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Illegal};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// let e5 = parse_move(&pos, "E5")?;
    /// let mut after = pos.clone();
    /// after.play(&e5)?;
    /// pos.remember_board(after.hash()); // as if that board had been seen earlier in the game
    /// assert_eq!(pos.check(&e5), Err(Illegal::PositionalSuperko));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remember_board(&mut self, board_hash: u64) {
        if self.game.rules.repetition == Repetition::Positional {
            self.history.insert(board_hash);
        }
    }

    /// Sets the seat to move (for setting up positions, and for records where one colour plays twice).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// pos.set_to_move(1); // White plays first
    /// let e5 = parse_move(&pos, "E5")?;
    /// pos.play(&e5)?;
    /// assert_eq!(pos.cell(e5.to).map(|p| p.seat), Some(1));
    /// assert_eq!(pos.to_move(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_to_move(&mut self, seat: u8) {
        self.to_move = seat;
        self.refresh_prey();
    }

    /// Board hash as it would be computed from scratch (for checking the incremental one).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// for text in ["A1", "A2", "E5", "B1"] { // White's B1 captures A1
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// assert_eq!(pos.hash(), pos.hash_from_scratch());
    /// assert_ne!(pos.hash(), game.start().hash());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hash_from_scratch(&self) -> u64 {
        self.game
            .board
            .node_ids()
            .filter_map(|n| self.cells[n.idx()].map(|p| self.game.key(n, p.seat, p.piece)))
            .fold(0, |a, b| a ^ b)
    }

    /// Fast legality for a placement in Go-like games (used by random playouts).
    #[inline]
    pub(crate) fn placement_legal(&self, to: NodeId, piece: u8) -> bool {
        self.cells[to.idx()].is_none() && self.placement_check(to, self.to_move, piece).is_ok()
    }
}
