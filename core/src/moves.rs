//! Moves: a handful of atomic effects, small enough to copy.

use crate::board::NodeId;
use crate::path::Path;
use crate::{ExtraId, PieceId};

/// What a move does, before its consequences (captured groups, eliminations) are worked out.
///
/// ```
/// use qipan::core::MoveKind;
/// use qipan::core::notation::parse_move;
///
/// let chess = qipan::load("chess", &[])?;
/// assert_eq!(parse_move(&chess.start(), "g1-f3")?.kind, MoveKind::Move);
/// let go = qipan::load("go", &[])?;
/// assert_eq!(parse_move(&go.start(), "D4")?.kind, MoveKind::Place);
/// assert_eq!(parse_move(&go.start(), "pass")?.kind, MoveKind::Pass);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveKind {
    /// Give up the turn.
    Pass,
    /// Put a new piece on `to` from an unlimited supply (Go stones).
    Place,
    /// Put a piece from the mover's reserve on `to`.
    Drop,
    /// Move the piece on `from` to `to`, capturing what stands there.
    Move,
    /// The piece on `from` stays and the piece on `take` is captured at a distance.
    Shoot,
    /// The pie rule (`rules: { swap: true }`): after the first move, the second player takes the first
    /// player's seat, and the first player takes the second seat and moves next. Nothing on the board
    /// changes.
    Swap,
    /// The seeds of the pit `from` are sown along a track (`to` is `from`); what they capture follows
    /// from the position ([`Pattern::Sow`](crate::rules::Pattern::Sow)).
    Sow,
}

/// One move. Two moves are equal exactly when they have the same effect; the path a piece walked
/// is not part of it.
///
/// ```
/// use qipan::core::notation::parse_move;
///
/// let game = qipan::load("chess", &[])?;
/// let mv = parse_move(&game.start(), "e2-e4")?;
/// assert_eq!((game.board.label(mv.from), game.board.label(mv.to)), ("e2", "e4"));
/// assert_eq!(Some(mv.piece), game.piece("pawn"));
/// assert!(mv.passable); // the double step may be taken en passant
/// assert!(!mv.take.is_some() && mv.promote.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// What kind of move this is.
    pub kind: MoveKind,
    /// Where the piece comes from ([`NodeId::NONE`] for passes, placements and drops).
    pub from: NodeId,
    /// Where the piece ends ([`NodeId::NONE`] for passes; equal to `from` for shots).
    pub to: NodeId,
    /// A piece captured somewhere other than `to` ([`NodeId::NONE`] if none).
    pub take: NodeId,
    /// The piece type placed, dropped or moved.
    pub piece: PieceId,
    /// For a move followed by a shot: the shooter, which stays where it is ([`NodeId::NONE`] otherwise).
    pub by: NodeId,
    /// An extra action taken alongside, if any.
    pub extra: Option<ExtraId>,
    /// The piece type the mover becomes on arrival, if it changes.
    pub promote: Option<PieceId>,
    /// A second piece of the mover's side that moves along (castling): from here ...
    pub with_from: NodeId,
    /// ... to here ([`NodeId::NONE`] when no piece moves along). A placement covering two nodes (a
    /// domino, `place covering orthogonal`) puts its second piece here, with no `with_from`: `to` is the
    /// lower of the two nodes and `with_to` the higher, so one domino is one move.
    pub with_to: NodeId,
    /// The move passes over nodes on which an enemy may take the mover at once (a pawn's double step).
    pub passable: bool,
    /// A piece the mover places on `with_to` once it has arrived, as the second part of its turn (the
    /// Amazons' arrow, `then place arrow slide ...`); `with_from` is then [`NodeId::NONE`].
    pub then_place: Option<PieceId>,
    /// The legs of a jump or a chain of jumps (draughts), when its rule records them: moves that differ
    /// only in their path are different moves ([`Path::NONE`] otherwise).
    pub path: Path,
    /// The capture rule the mover chose to capture under, by its index in `rules.captures`: an
    /// `approach` or `withdraw` rule ([`CaptureForm::chosen`](crate::rules::CaptureForm::chosen)). Moves
    /// that differ only here are different moves (Fanorona's approach or withdrawal); `None` otherwise.
    pub capture_rule: Option<u8>,
    /// On a board with stacks, how much of its column the move carries and whether it lands on top of
    /// the column on `to` ([`Stack`]).
    pub stack: Stack,
}

/// A move's part in columns, on a board with stacks: how many pieces from the top of the column on
/// `from` it carries (`carry top`; 0 for the whole column, at most 127), and whether it lands on top of
/// the column on `to` (`onto`) instead of capturing it (a drop onto a column too). One byte, so that a
/// move stays 32 bytes.
///
/// ```
/// use qipan::core::{Stack, notation::parse_move};
///
/// let s = Stack::new(2, true);
/// assert_eq!((s.carry(), s.onto()), (2, true));
/// assert_eq!(Stack::WHOLE.with_carry(3), Stack::new(3, false));
/// assert_eq!(std::mem::size_of::<qipan::core::Move>(), 32);
/// let game = qipan::load("focus", &[])?;
/// let pos = game.start();
/// // d6 is Red's; d7 holds Green's piece: the top one of d6 lands on it.
/// assert_eq!(parse_move(&pos, "d6-d7")?.stack, Stack::new(1, true));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stack(u8);

/// Making and reading a move's part in columns.
///
/// ```
/// use qipan::core::Stack;
///
/// assert_eq!(Stack::default(), Stack::WHOLE);
/// assert_eq!(Stack::new(0, true).with_carry(2), Stack::new(2, true));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Stack {
    /// The whole column, landing on an empty node (or capturing): every move of a game without stacks.
    pub const WHOLE: Stack = Stack(0);
    const ONTO: u8 = 0x80;

    /// `carry` pieces from the top (0: the whole column; at most 127), landing on top of a column or not.
    ///
    /// ```
    /// use qipan::core::Stack;
    ///
    /// // Heights above 127 do not fit beside the `onto` bit.
    /// assert_eq!(Stack::new(200, false).carry(), 200 & 127);
    /// assert!(Stack::new(1, true).onto());
    /// ```
    pub const fn new(carry: u8, onto: bool) -> Stack {
        Stack((carry & !Self::ONTO) | if onto { Self::ONTO } else { 0 })
    }

    /// How many pieces from the top the move carries (0: the whole column).
    ///
    /// ```
    /// use qipan::core::Stack;
    ///
    /// assert_eq!(Stack::new(3, true).carry(), 3);
    /// assert_eq!(Stack::WHOLE.carry(), 0);
    /// ```
    pub const fn carry(self) -> u8 {
        self.0 & !Self::ONTO
    }

    /// Whether the move lands on top of the column on its destination.
    ///
    /// ```
    /// use qipan::core::Stack;
    ///
    /// assert!(Stack::new(0, true).onto());
    /// assert!(!Stack::new(2, false).onto());
    /// ```
    pub const fn onto(self) -> bool {
        self.0 & Self::ONTO != 0
    }

    /// The same, carrying `carry` pieces.
    ///
    /// ```
    /// use qipan::core::Stack;
    ///
    /// let s = Stack::new(1, true).with_carry(4);
    /// assert_eq!((s.carry(), s.onto()), (4, true));
    /// ```
    pub const fn with_carry(self, carry: u8) -> Stack {
        Stack::new(carry, self.onto())
    }

    /// The same, landing on top of a column or not.
    ///
    /// ```
    /// use qipan::core::Stack;
    ///
    /// let s = Stack::new(2, false).with_onto(true);
    /// assert_eq!((s.carry(), s.onto()), (2, true));
    /// ```
    pub const fn with_onto(self, onto: bool) -> Stack {
        Stack::new(self.carry(), onto)
    }
}

/// Moves made in code.
///
/// ```
/// use qipan::core::{Move, MoveKind};
/// use qipan::core::notation::move_text;
///
/// let game = qipan::load("chess", &[])?;
/// let (g1, f3) = (game.board.find("g1").unwrap(), game.board.find("f3").unwrap());
/// let mv = Move::step(game.piece("knight").unwrap(), g1, f3);
/// assert_eq!((mv.kind, move_text(&game, &mv)), (MoveKind::Move, "g1-f3".to_string()));
/// assert!(game.start().legal_moves().contains(&mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Move {
    /// The pass move.
    pub const PASS: Move = Move {
        kind: MoveKind::Pass,
        from: NodeId::NONE,
        to: NodeId::NONE,
        take: NodeId::NONE,
        piece: PieceId::new(0),
        by: NodeId::NONE,
        extra: None,
        promote: None,
        with_from: NodeId::NONE,
        with_to: NodeId::NONE,
        passable: false,
        then_place: None,
        path: Path::NONE,
        capture_rule: None,
        stack: Stack::WHOLE,
    };

    /// The swap of the pie rule: the players of the first two seats change places (see
    /// [`MoveKind::Swap`]).
    ///
    /// ```
    /// use qipan::core::{Move, MoveKind, notation::parse_move};
    ///
    /// let game = qipan::load("hex", &[("size".into(), "5".into()), ("swap".into(), "sides".into())])?;
    /// let mut pos = game.start();
    /// pos.play(&parse_move(&pos, "c3")?)?;
    /// assert!(pos.legal_moves().contains(&Move::SWAP));
    /// assert_eq!(parse_move(&pos, "swap")?.kind, MoveKind::Swap);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const SWAP: Move = Move { kind: MoveKind::Swap, ..Move::PASS };

    /// A placement of `piece` on `to`.
    ///
    /// ```
    /// use qipan::core::{Move, PieceId, SeatId};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// let e5 = game.board.find("E5").unwrap();
    /// pos.play(&Move::place(PieceId::new(0), e5))?;
    /// assert_eq!(pos.cell(e5).map(|p| p.seat), Some(SeatId(0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn place(piece: PieceId, to: NodeId) -> Move {
        Move { kind: MoveKind::Place, to, piece, ..Move::PASS }
    }

    /// A placement of `piece` on two nodes at once (a domino), written in either order: the move names
    /// the lower node `to` and the other `with_to`.
    ///
    /// ```
    /// use qipan::core::{Move, notation::move_text};
    ///
    /// let game = qipan::load("domineering", &[])?;
    /// let [a1, a2] = ["a1", "a2"].map(|l| game.board.find(l).unwrap());
    /// let domino = Move::cover(game.piece("domino").unwrap(), a2, a1);
    /// assert_eq!((domino.to, domino.with_to), (a1, a2));
    /// assert_eq!(move_text(&game, &domino), "a1+a2");
    /// let mut pos = game.start();
    /// pos.play(&domino)?; // Vertical lays its dominoes upright
    /// assert!(pos.cell(a1).is_some() && pos.cell(a2).is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cover(piece: PieceId, a: NodeId, b: NodeId) -> Move {
        Move { with_to: a.max(b), ..Move::place(piece, a.min(b)) }
    }

    /// A drop of `piece` from the reserve on `to`.
    ///
    /// ```
    /// use qipan::core::{Move, Piece, SeatId};
    ///
    /// // Leader Cannon starts with every piece in reserve; the leader enters first.
    /// let game = qipan::load("leader-cannon", &[])?;
    /// let (leader, b2) = (game.piece("leader").unwrap(), game.board.find("b2").unwrap());
    /// let mut pos = game.start();
    /// assert_eq!(pos.reserve(SeatId(0), leader), 1);
    /// pos.play(&Move::drop(leader, b2))?;
    /// assert_eq!(pos.cell(b2), Some(Piece { seat: SeatId(0), piece: leader }));
    /// assert_eq!(pos.reserve(SeatId(0), leader), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn drop(piece: PieceId, to: NodeId) -> Move {
        Move { kind: MoveKind::Drop, to, piece, ..Move::PASS }
    }

    /// A piece moving from `from` to `to`.
    ///
    /// ```
    /// use qipan::core::{Move, Piece, SeatId};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let (g1, f3) = (game.board.find("g1").unwrap(), game.board.find("f3").unwrap());
    /// let knight = game.piece("knight").unwrap();
    /// let mut pos = game.start();
    /// pos.play(&Move::step(knight, g1, f3))?;
    /// assert_eq!(pos.cell(f3), Some(Piece { seat: SeatId(0), piece: knight }));
    /// assert_eq!(pos.cell(g1), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn step(piece: PieceId, from: NodeId, to: NodeId) -> Move {
        Move { kind: MoveKind::Move, from, to, piece, ..Move::PASS }
    }

    /// A shot: the piece on `from` captures the piece on `take` and stays.
    ///
    /// ```
    /// use qipan::core::{Move, PieceId, SeatId};
    ///
    /// // Archers that shoot along a row and stay where they are.
    /// let def = "name: archers
    /// board:
    ///   grid: { width: 3, height: 1, labels: chess }
    /// seats: [{ name: white }, { name: black }]
    /// pieces:
    ///   archer: { moves: slide orthogonal to enemy capture remote }
    /// setup:
    ///   - { seat: white, piece: archer, at: [a1] }
    ///   - { seat: black, piece: archer, at: [c1] }
    /// ";
    /// let game = qipan::load_str("archers.yaml", def, &[])?;
    /// let (a1, c1) = (game.board.find("a1").unwrap(), game.board.find("c1").unwrap());
    /// let mut pos = game.start();
    /// pos.play(&Move::shoot(PieceId::new(0), a1, c1))?;
    /// assert_eq!((pos.cell(a1).map(|p| p.seat), pos.cell(c1)), (Some(SeatId(0)), None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn shoot(piece: PieceId, from: NodeId, take: NodeId) -> Move {
        Move { kind: MoveKind::Shoot, from, to: from, take, piece, ..Move::PASS }
    }

    /// The piece type the mover ends as (its own type unless it promotes).
    ///
    /// ```
    /// use qipan::core::Move;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let (pawn, queen) = (game.piece("pawn").unwrap(), game.piece("queen").unwrap());
    /// let (e7, e8) = (game.board.find("e7").unwrap(), game.board.find("e8").unwrap());
    /// let push = Move::step(pawn, e7, e8);
    /// assert_eq!(push.arrives_as(), pawn);
    /// assert_eq!(Move { promote: Some(queen), ..push }.arrives_as(), queen);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn arrives_as(&self) -> PieceId {
        self.promote.unwrap_or(self.piece)
    }

    /// True for the pass move.
    ///
    /// ```
    /// use qipan::core::{Move, PieceId};
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("go", &[])?;
    /// assert!(parse_move(&game.start(), "pass")?.is_pass());
    /// assert!(!Move::place(PieceId::new(0), game.board.find("D4").unwrap()).is_pass());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_pass(&self) -> bool {
        self.kind == MoveKind::Pass
    }

    /// True for a move that changes nothing by itself: its piece ends where it started, and nothing else
    /// moves, is placed, promoted or taken with it (a walk out and back, `walk … returning`, without a
    /// shot). Such a move is legal only if playing it captures something (see
    /// [`Game::has_idle_walks`](crate::Game::has_idle_walks)).
    ///
    /// ```
    /// use qipan::core::{Move, PieceId};
    ///
    /// let game = qipan::load("leader-cannon", &[])?;
    /// let b2 = game.board.find("b2").unwrap();
    /// assert!(Move::step(PieceId::new(1), b2, b2).is_idle());
    /// assert!(!Move::step(PieceId::new(1), b2, game.board.find("b3").unwrap()).is_idle());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_idle(&self) -> bool {
        self.kind == MoveKind::Move
            && self.from == self.to
            && !self.take.is_some()
            && !self.by.is_some()
            && self.promote.is_none()
            && !self.with_from.is_some()
            && !self.with_to.is_some()
            && self.then_place.is_none()
            && self.path == Path::NONE
            && self.stack == Stack::WHOLE
    }

    /// Whether the move captures the piece on `n`, given that one stands there: the move lands on
    /// it, or takes it from afar or in passing.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Position};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = Position::from_fen(&game, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")?;
    /// let at = |label| game.board.find(label).unwrap();
    /// let takes = parse_move(&pos, "e4-d5")?;
    /// assert!(takes.captures_on(at("d5")) && !takes.captures_on(at("e4")));
    /// assert!(!parse_move(&pos, "e1-e2")?.captures_on(at("d5")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captures_on(&self, n: NodeId) -> bool {
        n.is_some() && ((self.kind == MoveKind::Move && self.to == n) || self.take == n)
    }
}
