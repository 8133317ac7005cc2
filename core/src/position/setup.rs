//! [`Setup`]: a plain description of a position, not yet checked. FEN, records and tests describe a
//! position here, and [`Setup::into_position`] (in `from_setup.rs`) turns it into a [`Position`] once
//! it has checked it: a [`Position`] is never set up by hand.

use super::{Piece, Position};
use crate::board::NodeId;
use crate::game::Game;
use crate::history::HashHistory;
use crate::moves::Move;
use crate::outcome::GameResult;
use crate::rules::Repetition;
use crate::{PieceId, SeatId};
use std::sync::Arc;

use super::from_setup::SetupError;

/// A position described piece by piece, not yet checked against the rules.
///
/// Make one empty for a game ([`Setup::empty`]) or from a position with its history
/// ([`Position::to_setup`]), change it with the chainable setters, and turn it into a position with
/// [`Setup::into_position`], which checks it. Indices outside the game given to a setter are not
/// panics: the first one is kept and reported by [`Setup::into_position`].
///
/// ```
/// use qipan::core::{Piece, PieceId, SeatId, Setup};
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let (e5, d5) = (game.board.find("E5").unwrap(), game.board.find("D5").unwrap());
/// let mut setup = Setup::empty(&game);
/// setup.put(e5, Piece { seat: SeatId(0), piece: PieceId::new(0) }).put(d5, Piece { seat: SeatId(1), piece: PieceId::new(0) }).to_move(SeatId(1));
/// let pos = setup.into_position()?;
/// assert_eq!((pos.cell(e5).map(|p| p.seat), pos.to_move(), pos.ply()), (Some(SeatId(0)), SeatId(1), 0));
/// assert_eq!(pos.hash(), pos.hash_from_scratch());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Setup {
    pub(super) game: Arc<Game>,
    pub(super) cells: Vec<Option<Piece>>,
    /// Seeds per node on a board with counts (empty otherwise).
    pub(super) counts: Vec<u16>,
    /// The pieces under each node's top, bottom first, on a board with stacks (empty otherwise).
    pub(super) unders: Vec<Vec<Piece>>,
    pub(super) to_move: SeatId,
    pub(super) ply: u32,
    pub(super) passes: u32,
    pub(super) swapped: bool,
    pub(super) quiet_plies: u32,
    /// The counting rules' running count.
    pub(super) count: crate::rules::counting::Count,
    pub(super) reserve: Vec<u16>,
    pub(super) graveyard: Vec<u16>,
    pub(super) captures: Vec<u32>,
    pub(super) counters: Vec<i64>,
    /// One bit per node on which a move has started or ended (castling rights).
    pub(super) moved: Vec<u64>,
    pub(super) passed: [NodeId; 4],
    pub(super) passer: NodeId,
    pub(super) ko: NodeId,
    pub(super) controller: Vec<SeatId>,
    pub(super) alive: Vec<bool>,
    pub(super) result: Option<GameResult>,
    pub(super) last: Option<Move>,
    /// The positions seen before, for superko (the set-up one is added by validation).
    pub(super) history: HashHistory,
    /// The arrangements since the last capture or reset move, for repetition draws.
    pub(super) reps: Vec<u64>,
    /// The first index outside the game given to a setter.
    pub(super) bad_index: Option<SetupError>,
}

/// Making a setup and reading it.
///
/// ```
/// use qipan::core::{SeatId, Setup};
///
/// let game = qipan::load("chess", &[])?;
/// let setup = Setup::empty(&game);
/// assert_eq!((setup.seat_to_move(), setup.piece_at(game.board.find("e1").unwrap())), (SeatId(0), None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Setup {
    /// An empty board of `game`: no pieces, no reserves, no history, the first seat in play to move.
    ///
    /// ```
    /// use qipan::core::{SeatId, Setup};
    ///
    /// let game = qipan::load("xiangqi", &[])?;
    /// let pos = Setup::empty(&game).into_position()?;
    /// assert_eq!((pos.cells().iter().flatten().count(), pos.to_move(), pos.ply()), (0, SeatId(0), 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn empty(game: &Arc<Game>) -> Setup {
        let (n, seats, np) = (game.board.len(), game.seats.len(), game.pieces.len());
        let alive: Vec<bool> = game.seats.iter().map(|s| s.plays).collect();
        // The seat the rules name moves first, else the first seat in play (a seat may sit out from the start).
        let named = game.rules.first.filter(|s| alive.get(s.idx()).copied().unwrap_or(false));
        let to_move = named.unwrap_or(SeatId(alive.iter().position(|&a| a).unwrap_or(0) as u8));
        Setup {
            game: game.clone(),
            cells: vec![None; n],
            counts: if game.board.has_counts() { vec![0; n] } else { Vec::new() },
            unders: if game.board.stack_height() > 0 { vec![Vec::new(); n] } else { Vec::new() },
            to_move,
            ply: 0,
            passes: 0,
            swapped: false,
            quiet_plies: 0,
            count: Default::default(),
            reserve: vec![0; seats * np],
            graveyard: vec![0; seats * np],
            captures: vec![0; seats],
            counters: vec![0; game.counters.len() * seats],
            moved: vec![0; n.div_ceil(64)],
            passed: [NodeId::NONE; 4],
            passer: NodeId::NONE,
            ko: NodeId::NONE,
            controller: game.seats.iter().map(|s| s.held_by).collect(),
            alive,
            result: None,
            last: None,
            history: HashHistory::default(),
            reps: Vec::new(),
            bad_index: None,
        }
    }

    /// The game this setup belongs to.
    ///
    /// ```
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// assert_eq!(qipan::core::Setup::empty(&game).game().name, "go");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    /// What stands on `n` (`None` also for a node outside the board).
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let setup = game.start().to_setup();
    /// let king = game.piece("king").unwrap();
    /// assert_eq!(setup.piece_at(game.board.find("e1").unwrap()).map(|p| p.piece), Some(king));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn piece_at(&self, n: NodeId) -> Option<Piece> {
        self.cells.get(n.idx()).copied().flatten()
    }

    /// The seat to move.
    ///
    /// ```
    /// use qipan::core::SeatId;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut setup = qipan::core::Setup::empty(&game);
    /// assert_eq!(setup.to_move(SeatId(1)).seat_to_move(), SeatId(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn seat_to_move(&self) -> SeatId {
        self.to_move
    }

    /// Keeps the first index error, for validation to report.
    fn refuse(&mut self, e: SetupError) {
        self.bad_index.get_or_insert(e);
    }

    /// The node's index, when it is on the board.
    fn node(&mut self, n: NodeId) -> Option<usize> {
        if n.idx() < self.cells.len() {
            return Some(n.idx());
        }
        self.refuse(SetupError::NoSuchNode { index: n.0, nodes: self.cells.len() });
        None
    }

    /// The index of (seat, piece) in the reserve and graveyard tables, when both are of the game.
    fn seat_piece(&mut self, seat: SeatId, piece: PieceId) -> Option<usize> {
        let np = self.game.pieces.len();
        if self.seat(seat).is_some() && piece.idx() < np {
            return Some(seat.idx() * np + piece.idx());
        }
        if piece.idx() >= np {
            self.refuse(SetupError::NoSuchPiece { index: piece, pieces: np });
        }
        None
    }

    /// The seat's index, when it is a seat of the game.
    fn seat(&mut self, seat: SeatId) -> Option<usize> {
        let seats = self.game.seats.len();
        if seat.idx() < seats {
            return Some(seat.idx());
        }
        self.refuse(SetupError::NoSuchSeat { index: seat, seats });
        None
    }

    /// Puts `piece` on `n`, replacing what stood there.
    ///
    /// ```
    /// use qipan::core::{Piece, SeatId, Setup};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let (king, rook) = (game.piece("king").unwrap(), game.piece("rook").unwrap());
    /// let at = |l| game.board.find(l).unwrap();
    /// let mut setup = Setup::empty(&game);
    /// setup.put(at("e1"), Piece { seat: SeatId(0), piece: king }).put(at("e8"), Piece { seat: SeatId(1), piece: king });
    /// setup.put(at("a1"), Piece { seat: SeatId(0), piece: rook });
    /// // Nothing has moved yet: White may castle with the rook.
    /// assert_eq!(setup.into_position()?.to_fen().unwrap(), "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn put(&mut self, n: NodeId, piece: Piece) -> &mut Setup {
        let known = self.seat_piece(piece.seat, piece.piece).is_some();
        if let Some(i) = self.node(n)
            && known
        {
            self.cells[i] = Some(piece);
            if let Some(u) = self.unders.get_mut(i) {
                u.clear();
            }
        }
        self
    }

    /// Puts a column of pieces on `n`, bottom to top, on a board with stacks (the top alone elsewhere;
    /// the highest pieces the board's height holds; none: the node is emptied).
    ///
    /// ```
    /// use qipan::core::{Piece, PieceId, SeatId, Setup};
    ///
    /// let game = qipan::load("focus", &[])?;
    /// let [red, green] = [0, 1].map(|s| Piece { seat: SeatId(s), piece: PieceId::new(0) });
    /// let d4 = game.board.find("d4").unwrap();
    /// let mut setup = Setup::empty(&game);
    /// setup.column(d4, &[red, green, green]);
    /// assert_eq!(setup.column_at(d4), [red, green, green]);
    /// let pos = setup.into_position()?;
    /// assert_eq!((pos.column(d4), pos.cell(d4)), (vec![red, green, green], Some(green)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn column(&mut self, n: NodeId, pieces: &[Piece]) -> &mut Setup {
        let Some(i) = self.node(n) else { return self };
        let Some((&top, under)) = pieces.split_last() else { return self.remove(n) };
        if !pieces.iter().all(|p| self.seat_piece(p.seat, p.piece).is_some()) {
            return self;
        }
        self.put(n, top);
        let keep = (self.game.board.stack_height() as usize).saturating_sub(1);
        if let Some(u) = self.unders.get_mut(i) {
            u.extend_from_slice(&under[under.len().saturating_sub(keep)..]);
        }
        self
    }

    /// The column on `n`, bottom to top (its piece alone on a board without stacks; empty for an
    /// empty node).
    pub fn column_at(&self, n: NodeId) -> Vec<Piece> {
        let Some(top) = self.piece_at(n) else { return Vec::new() };
        let i = n.idx();
        let mut v = self.unders.get(i).cloned().unwrap_or_default();
        v.push(top);
        v
    }

    /// Puts `count` seeds of `piece` on `n`, on a board with counts (none: the node is emptied); the
    /// seeds stand for the seat that owns the node ([`Game::seed_owner`](crate::Game::seed_owner)).
    ///
    /// ```
    /// use qipan::core::Setup;
    ///
    /// let game = qipan::load("kalah", &[])?;
    /// let seed = game.piece("seed").unwrap();
    /// let mut setup = Setup::empty(&game);
    /// setup.seeds(game.board.find("b1").unwrap(), seed, 7).seeds(game.board.find("e2").unwrap(), seed, 2);
    /// let pos = setup.into_position()?;
    /// assert_eq!(pos.seeds(game.board.find("b1").unwrap()), 7);
    /// assert_eq!(pos.counts().iter().map(|&c| c as u32).sum::<u32>(), 9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn seeds(&mut self, n: NodeId, piece: PieceId, count: u16) -> &mut Setup {
        if let Some(i) = self.node(n)
            && i < self.counts.len()
        {
            self.counts[i] = count;
            self.cells[i] = (count > 0).then(|| Piece { seat: self.game.seed_owner(n), piece });
        }
        self
    }

    /// Takes whatever stands on `n` off the board.
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let mut setup = game.start().to_setup();
    /// setup.remove(game.board.find("d1").unwrap()); // queen odds
    /// let pos = setup.into_position()?;
    /// assert_eq!(pos.to_fen().unwrap(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remove(&mut self, n: NodeId) -> &mut Setup {
        if let Some(i) = self.node(n) {
            self.cells[i] = None;
            if let Some(u) = self.unders.get_mut(i) {
                u.clear();
            }
        }
        self
    }

    /// Takes every piece off the board.
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let mut setup = game.start().to_setup();
    /// assert_eq!(setup.clear_board().into_position()?.cells().iter().flatten().count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear_board(&mut self) -> &mut Setup {
        self.cells.iter_mut().for_each(|c| *c = None);
        self.unders.iter_mut().for_each(Vec::clear);
        self
    }

    /// Sets the seat to move.
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut setup = game.start().to_setup();
    /// let mut pos = setup.to_move(SeatId(1)).into_position()?; // White plays first
    /// pos.play(&parse_move(&pos, "E5")?)?;
    /// assert_eq!(pos.cell(game.board.find("E5").unwrap()).map(|p| p.seat), Some(SeatId(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_move(&mut self, seat: SeatId) -> &mut Setup {
        if self.seat(seat).is_some() {
            self.to_move = seat;
        }
        self
    }

    /// Sets the number of plies played (FEN's move number: see [`Position::ply`]).
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let mut setup = game.start().to_setup();
    /// let pos = setup.ply(20).into_position()?;
    /// assert_eq!(pos.to_fen().unwrap(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 11");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ply(&mut self, ply: u32) -> &mut Setup {
        self.ply = ply;
        self
    }

    /// Sets the number of plies since the last capture or reset move.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, EndReason};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start().to_setup().quiet_plies(99).into_position()?;
    /// pos.play(&parse_move(&pos, "g1-f3")?)?;
    /// assert_eq!(pos.quiet_plies(), 100);
    /// assert_eq!(pos.outcome().map(|r| &r.reason), Some(&EndReason::QuietMoves));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn quiet_plies(&mut self, plies: u32) -> &mut Setup {
        self.quiet_plies = plies;
        self
    }

    /// Sets the counting rules' running count: `plies` counted against `limit` plies (a limit of 0: no
    /// count runs; [`crate::rules::counting`]).
    ///
    /// ```
    /// let game = qipan::load("makruk", &[])?;
    /// let pos = game.start().to_setup().counting(10, 32).into_position()?;
    /// assert_eq!(pos.counting(), (10, 32));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn counting(&mut self, plies: u32, limit: u32) -> &mut Setup {
        self.count = crate::rules::counting::Count { plies, limit };
        self
    }

    /// Sets the count of a piece type in a seat's reserve.
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::{notation::parse_move, Illegal};
    ///
    /// let game = qipan::load("leader-cannon", &[])?;
    /// let leader = game.piece("leader").unwrap();
    /// let pos = game.start().to_setup().reserve(SeatId(0), leader, 0).into_position()?;
    /// assert_eq!(pos.reserve(SeatId(0), leader), 0);
    /// assert_eq!(pos.check(&parse_move(&pos, "leader@b2")?), Err(Illegal::NotInReserve));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reserve(&mut self, seat: SeatId, piece: PieceId, count: u16) -> &mut Setup {
        if let Some(i) = self.seat_piece(seat, piece) {
            self.reserve[i] = count;
        }
        self
    }

    /// Sets the count of a piece type in a seat's graveyard.
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::{notation::parse_move, Illegal};
    ///
    /// let game = qipan::load("leader-cannon", &[])?;
    /// let commoner = game.piece("commoner").unwrap();
    /// let pos = game.start().to_setup().graveyard(SeatId(0), commoner, 2).into_position()?;
    /// assert_eq!(pos.graveyard(SeatId(0), commoner), 2);
    /// // Red has dead commoners to revive, but no token to pay with.
    /// assert_eq!(pos.check(&parse_move(&pos, "leader@b2 +revive")?), Err(Illegal::ExtraNotPossible));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn graveyard(&mut self, seat: SeatId, piece: PieceId, count: u16) -> &mut Setup {
        if let Some(i) = self.seat_piece(seat, piece) {
            self.graveyard[i] = count;
        }
        self
    }

    /// Sets a seat's value of counter `c` (index into [`Game::counters`]).
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("leader-cannon", &[])?;
    /// let commoner = game.piece("commoner").unwrap();
    /// let tokens = game.counters.iter().position(|c| c == "tokens").unwrap();
    /// let mut pos = game.start().to_setup().graveyard(SeatId(0), commoner, 1).counter(tokens, SeatId(0), 1).into_position()?;
    /// assert_eq!(pos.counter(tokens, SeatId(0)), 1);
    /// pos.play(&parse_move(&pos, "leader@b2 +revive")?)?; // the token pays for a revival
    /// assert_eq!((pos.counter(tokens, SeatId(0)), pos.reserve(SeatId(0), commoner)), (0, 8));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn counter(&mut self, c: usize, seat: SeatId, value: i64) -> &mut Setup {
        let counters = self.game.counters.len();
        if c >= counters {
            self.refuse(SetupError::NoSuchCounter { index: c, counters });
        } else if let Some(s) = self.seat(seat) {
            self.counters[c * self.game.seats.len() + s] = value;
        }
        self
    }

    /// Sets the number of pieces a seat has captured.
    ///
    /// ```
    /// use qipan::core::SeatId;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let pos = game.start().to_setup().captures(SeatId(1), 3).into_position()?;
    /// assert_eq!(pos.captures(), [0, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captures(&mut self, seat: SeatId, count: u32) -> &mut Setup {
        if let Some(s) = self.seat(seat) {
            self.captures[s] = count;
        }
        self
    }

    /// Marks a node as moved from or to (`true`: castling rights are lost) or untouched.
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let h1 = game.board.find("h1").unwrap();
    /// let pos = game.start().to_setup().moved(h1, true).into_position()?;
    /// assert!(!pos.unmoved(h1));
    /// assert_eq!(pos.to_fen().unwrap(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moved(&mut self, n: NodeId, moved: bool) -> &mut Setup {
        if let Some(i) = self.node(n) {
            let (w, b) = (i >> 6, 1u64 << (i & 63));
            if moved {
                self.moved[w] |= b;
            } else {
                self.moved[w] &= !b;
            }
        }
        self
    }

    /// Sets the en passant state: the `passed` nodes (at most 4) of the last move and the `passer`
    /// that made it; no nodes for none.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Illegal, Position};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = Position::from_fen(&game, "4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1")?;
    /// let [e3, e4] = ["e3", "e4"].map(|l| game.board.find(l).unwrap());
    /// assert_eq!(pos.check(&parse_move(&pos, "d4-e3")?), Err(Illegal::NoSuchMove));
    /// let mut pos = pos.to_setup().passed(&[e3], e4).into_position()?; // as if White had just played e2-e4
    /// pos.play(&parse_move(&pos, "d4-e3")?)?; // en passant
    /// assert_eq!(pos.cell(e4), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn passed(&mut self, passed: &[NodeId], passer: NodeId) -> &mut Setup {
        if passed.len() > self.passed.len() {
            self.refuse(SetupError::TooManyPassed(passed.len()));
            return self;
        }
        let on_board = passed.iter().chain((!passed.is_empty()).then_some(&passer)).all(|&n| self.node(n).is_some());
        if on_board {
            self.passed = [NodeId::NONE; 4];
            self.passed[..passed.len()].copy_from_slice(passed);
            self.passer = if passed.is_empty() { NodeId::NONE } else { passer };
        }
        self
    }

    /// Marks a board (by its hash) as seen before, for a history that came from elsewhere. Only
    /// positional superko looks at bare board hashes; other rules ignore it.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Illegal};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let start = game.start();
    /// let e5 = parse_move(&start, "E5")?;
    /// let mut after = start.clone();
    /// after.play(&e5)?;
    /// let pos = start.to_setup().remember_board(after.hash()).into_position()?;
    /// assert_eq!(pos.check(&e5), Err(Illegal::PositionalSuperko));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remember_board(&mut self, board_hash: u64) -> &mut Setup {
        if self.game.rules.repetition == Repetition::Positional {
            self.history.insert(board_hash);
        }
        self
    }

    /// Forgets the positions seen before (superko history and repetition counts): the set-up
    /// position then counts as the first.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, EndReason, Position};
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
    /// let mut pos = pos.to_setup().forget_history().into_position()?; // ... now counted once
    /// knights_out_and_back(&mut pos)?;
    /// assert!(!pos.is_over());
    /// knights_out_and_back(&mut pos)?;
    /// assert_eq!(pos.outcome().map(|r| &r.reason), Some(&EndReason::Repetition));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn forget_history(&mut self) -> &mut Setup {
        self.history.clear();
        self.reps.clear();
        self
    }

    /// Checks the setup and makes the position (the same as [`Position::from_setup`]).
    ///
    /// ```
    /// use qipan::core::{Piece, PieceId, SeatId, Setup, SetupError};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let at = |l| game.board.find(l).unwrap();
    /// let (black, white) = (Piece { seat: SeatId(0), piece: PieceId::new(0) }, Piece { seat: SeatId(1), piece: PieceId::new(0) });
    /// let mut setup = Setup::empty(&game);
    /// setup.put(at("A1"), white).put(at("A2"), black).put(at("B1"), black);
    /// let err = setup.into_position().unwrap_err();
    /// assert_eq!(err, SetupError::NoLiberties { node: "A1".into(), seat: "white".into() });
    /// assert!(setup.remove(at("A1")).into_position().is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_position(&self) -> Result<Position, SetupError> {
        Position::from_setup(self.clone())
    }
}
