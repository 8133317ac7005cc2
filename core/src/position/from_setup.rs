//! Turning a [`Setup`] into a [`Position`]: the one place where a set-up position is checked and its
//! derived state (hash, chains, protected pieces, per-seat counts, prey, repetition entry) computed.

use super::Position;
use super::setup::Setup;
use crate::board::NodeId;
use crate::hooks::HookPoint;
use crate::rules::goal::Links;
use crate::rules::groups::Chains;
use crate::{PieceId, SeatId};

/// Why a [`Setup`] is not a position of its game.
///
/// What is checked:
/// - every index given to a setter (node, seat, piece type, counter) is one of the game's;
/// - the seat to move is in play;
/// - in games with group capture, every chain has a liberty;
/// - in games with a check rule, the seat that moved last (the one before the seat to move in turn
///   order, skipping seats out of play; with two seats, the side not to move) is not in check;
/// - reserve counts are not judged: they are `u16` and cannot overflow, and a reserve may hold pieces
///   that no rule drops (captures into the reserve, `in-reserve(...)` conditions and hooks read them).
///
/// ```
/// use qipan::core::{Position, SeatId, SetupError};
///
/// let game = qipan::load("chess", &[])?;
/// // White to move, but Black's king on e8 is attacked by the rook on e1.
/// let err = Position::from_fen(&game, "4k3/8/8/8/8/8/8/K3R3 w - - 0 1").unwrap_err();
/// assert_eq!(err.to_string(), "not a position of the game: black, not to move, is in check: its king on e8 is attacked");
/// let setup = game.start().to_setup().to_move(SeatId(9)).clone();
/// assert_eq!(setup.into_position().unwrap_err(), SetupError::NoSuchSeat { index: SeatId(9), seats: 2 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A node index outside the board.
    #[error("node {index} is not on the board (it has {nodes} nodes)")]
    NoSuchNode {
        /// The index given.
        index: u16,
        /// The number of nodes of the board.
        nodes: usize,
    },
    /// A seat index outside the game.
    #[error("seat {index} is not a seat of the game (it has {seats})")]
    NoSuchSeat {
        /// The index given.
        index: SeatId,
        /// The number of seats of the game.
        seats: usize,
    },
    /// A piece type index outside the game.
    #[error("piece type {index} is not a piece of the game (it has {pieces})")]
    NoSuchPiece {
        /// The index given.
        index: PieceId,
        /// The number of piece types of the game.
        pieces: usize,
    },
    /// A counter index outside the game.
    #[error("counter {index} is not a counter of the game (it has {counters})")]
    NoSuchCounter {
        /// The index given.
        index: usize,
        /// The number of counters of the game.
        counters: usize,
    },
    /// More passed nodes than the en passant state holds.
    #[error("{0} passed nodes given, at most 4 are kept")]
    TooManyPassed(usize),
    /// The seat to move is out of play, in a game that is not over.
    #[error("{0} is to move but is out of play")]
    SeatOutOfPlay(String),
    /// A chain without liberties, in a game with group capture.
    #[error("the {seat} chain on {node} has no liberties")]
    NoLiberties {
        /// The label of one node of the chain.
        node: String,
        /// The name of the seat it belongs to.
        seat: String,
    },
    /// The seat that moved last is in check.
    #[error("{seat}, not to move, is in check: its {piece} on {node} is attacked")]
    InCheck {
        /// The seat's name.
        seat: String,
        /// The attacked piece's type name.
        piece: String,
        /// Its node's label.
        node: String,
    },
}

/// Making positions from setups and setups from positions.
///
/// ```
/// use qipan::core::{notation::parse_move, Position};
///
/// let game = qipan::load("chess", &[])?;
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "e2-e4")?)?;
/// let again = Position::from_setup(pos.to_setup())?;
/// assert_eq!((again.hash(), again.to_fen()), (pos.hash(), pos.to_fen()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// Checks `setup` (see [`SetupError`] for what is checked) and makes the position it describes.
    /// The set-up position joins the history it inherits, so repetition rules count it.
    ///
    /// ```
    /// use qipan::core::{PieceId, SeatId};
    /// use qipan::core::{notation::parse_move, Illegal, Piece, Position, Setup};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// // Black C5 D6 D4 and White D5 E6 E4 F5: a ko, which Black may take at E5.
    /// let mut setup = Setup::empty(&game);
    /// for (label, seat) in [("C5", 0), ("D6", 0), ("D4", 0), ("D5", 1), ("E6", 1), ("E4", 1), ("F5", 1)].map(|(l, s)| (l, SeatId(s))) {
    ///     setup.put(game.board.find(label).unwrap(), Piece { seat, piece: PieceId::new(0) });
    /// }
    /// let mut pos = Position::from_setup(setup)?;
    /// pos.play(&parse_move(&pos, "E5")?)?;
    /// // Retaking at once would bring back the set-up board, which the history holds.
    /// assert_eq!(pos.check(&parse_move(&pos, "D5")?), Err(Illegal::PositionalSuperko));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup(setup: Setup) -> Result<Position, SetupError> {
        if let Some(e) = setup.bad_index.clone() {
            return Err(e);
        }
        let game = setup.game.clone();
        let seat_name = |s: SeatId| game.seats[s.idx()].name.clone();
        // A finished game may end with a seat that was put out to move (a mated king's side).
        if setup.result.is_none() && !setup.alive.get(setup.to_move.idx()).copied().unwrap_or(false) {
            return Err(SetupError::SeatOutOfPlay(seat_name(setup.to_move)));
        }
        let pos = Position::assemble(setup);
        pos.check_liberties()?;
        pos.check_last_mover()?;
        Ok(pos)
    }

    /// Describes this position, with its history, for changing it: [`Setup::into_position`] makes
    /// it again (the same hash, legal moves and FEN when nothing was changed).
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::{notation::parse_move, Illegal};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// pos.play(&parse_move(&pos, "E5")?)?;
    /// let before = pos.hash(); // the board with Black's E5
    /// pos.play(&parse_move(&pos, "D5")?)?;
    /// // A record takes White's D5 off again (SGF's AE) and lets White play on: the board with
    /// // E5 alone was seen before, so positional superko still knows it.
    /// let d5 = game.board.find("D5").unwrap();
    /// let mut edited = pos.to_setup().remove(d5).to_move(SeatId(0)).into_position()?;
    /// assert_eq!(edited.hash(), before);
    /// edited.play(&parse_move(&edited, "A1")?)?;
    /// assert_eq!(edited.ply(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_setup(&self) -> Setup {
        Setup {
            game: self.game.clone(),
            cells: self.cells.clone(),
            counts: self.counts.clone(),
            unders: if self.heights.is_empty() {
                Vec::new()
            } else {
                self.game
                    .board
                    .node_ids()
                    .map(|n| self.column(n).split_last().map_or(Vec::new(), |(_, u)| u.to_vec()))
                    .collect()
            },
            to_move: self.to_move,
            ply: self.ply,
            passes: self.passes,
            swapped: self.swapped,
            quiet_plies: self.quiet_plies,
            count: self.count,
            reserve: self.reserve.clone(),
            graveyard: self.graveyard.clone(),
            captures: self.captures.clone(),
            counters: self.counters.clone(),
            moved: self.moved.clone(),
            passed: self.passed,
            passer: self.passer,
            ko: self.ko,
            controller: self.controller.clone(),
            alive: self.alive.clone(),
            result: self.result.clone(),
            last: self.last,
            history: self.history.clone(),
            reps: self.reps.clone(),
            bad_index: None,
        }
    }

    /// Makes the position `setup` describes without checking it (the game's own start position, and
    /// [`Position::from_setup`] once it has checked the indices).
    pub(super) fn assemble(setup: Setup) -> Position {
        let game = setup.game;
        let (n, seats, np) = (game.board.len(), game.seats.len(), game.pieces.len());
        let mut p = Position {
            cells: vec![None; n],
            counts: Vec::new(),
            unders: Vec::new(),
            heights: Vec::new(),
            under_cap: 0,
            to_move: setup.to_move,
            ply: setup.ply,
            passes: setup.passes,
            swapped: setup.swapped,
            quiet_plies: setup.quiet_plies,
            hash: 0,
            history: setup.history,
            ko: setup.ko,
            sent: Default::default(),
            chains: game.rules.group_capture.as_ref().map(|g| Chains::new(&game.board, g.relation)),
            links: game.rules.end.connections.iter().map(|_| Links::new(n)).collect(),
            flood: Default::default(),
            taken: Vec::new(),
            reserve: setup.reserve,
            graveyard: setup.graveyard,
            captures: setup.captures,
            teams: setup.controller.iter().map(|&c| game.seats[c.idx()].team).collect(),
            controller: setup.controller,
            alive: setup.alive,
            counters: setup.counters,
            result: setup.result,
            last: setup.last,
            filters_moves: game.hooks.as_ref().is_some_and(|h| h.has(HookPoint::FilterMove)),
            prey: None,
            moved: setup.moved,
            passed: setup.passed,
            passer: setup.passer,
            reps: setup.reps,
            rep_seen: [0; 4],
            royals: Vec::new(),
            on_board: vec![0; seats * np * (1 + game.tally_zones.count_ones() as usize)],
            present: vec![0; seats],
            placed: vec![Vec::new(); seats],
            slot: vec![0; n],
            defer_stuck: false,
            check_memo: (0, false),
            count: setup.count,
            rep_checks: Vec::new(),
            game,
        };
        p.init_stacks();
        for (i, c) in setup.cells.iter().enumerate() {
            if let Some(piece) = *c {
                p.put(NodeId(i as u16), piece);
            }
        }
        for (i, u) in setup.unders.iter().enumerate() {
            p.set_unders(NodeId(i as u16), u);
        }
        p.init_counts(setup.counts);
        p.refresh_prey();
        // The set-up position is one the repetition rules have seen.
        p.record_history();
        if p.game.rules.end.repetition_draw.is_some() {
            let key = p.repetition_key();
            if p.reps.last() != Some(&key) {
                p.reps.push(key);
            }
            for i in 0..p.reps.len().saturating_sub(1) {
                let k = p.reps[i];
                p.rep_seen[(k >> 62) as usize] |= 1 << ((k >> 56) & 63);
            }
        }
        p
    }

    /// Refuses a chain without liberties, in games with group capture.
    fn check_liberties(&self) -> Result<(), SetupError> {
        let Some(chains) = &self.chains else { return Ok(()) };
        for n in self.game.board.node_ids() {
            if let Some(c) = self.cells[n.idx()]
                && chains.head(n) == n
                && chains.pseudo_libs(n) == 0
            {
                return Err(SetupError::NoLiberties {
                    node: self.game.board.label(n).to_string(),
                    seat: self.game.seats[c.seat.idx()].name.clone(),
                });
            }
        }
        Ok(())
    }

    /// Refuses a position where the seat that moved last is in check, in games with a check rule.
    fn check_last_mover(&self) -> Result<(), SetupError> {
        if !self.game.has_check_rule() {
            return Ok(());
        }
        let n = self.alive.len();
        let Some(last) = (1..n).map(|k| (self.to_move.idx() + n - k) % n).find(|&s| self.alive[s]) else {
            return Ok(());
        };
        let last = SeatId(last as u8);
        if self.same_side(last, self.to_move) || !self.in_check(last) {
            return Ok(());
        }
        let attacked = self.royals.iter().copied().find(|&r| {
            self.cells[r.idx()].is_some_and(|c| {
                self.same_side(last, c.seat) && crate::rules::attack::attacked(self, &self.cells, r, c)
            })
        });
        let (node, piece) = match attacked.and_then(|r| self.cells[r.idx()].map(|c| (r, c.piece))) {
            Some((r, piece)) => (self.game.board.label(r).to_string(), self.game.pieces[piece.idx()].name.clone()),
            None => (String::new(), String::new()),
        };
        Err(SetupError::InCheck { seat: self.game.seats[last.idx()].name.clone(), piece, node })
    }
}
