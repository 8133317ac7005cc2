//! Setting positions up without playing moves (for records, FEN and tests): pieces, reserves,
//! counters, move counts, the seat to move and the repetition history.

use super::{Piece, Position};
use crate::board::NodeId;
use crate::rules::Repetition;

/// Setting up a position by hand (tests, records, FEN).
///
/// ```
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// let e5 = game.board.find("E5").unwrap();
/// pos.set_cell(e5, Some(qipan::core::Piece { seat: 0, piece: 0 }));
/// pos.commit_setup();
/// assert_eq!(pos.hash(), pos.hash_from_scratch());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
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
    /// use qipan::core::{notation::parse_move, EndReason};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// pos.set_quiet_plies(99);
    /// pos.play(&parse_move(&pos, "g1-f3")?)?;
    /// assert_eq!(pos.quiet_plies(), 100);
    /// assert_eq!(pos.outcome().map(|r| &r.reason), Some(&EndReason::QuietMoves));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_quiet_plies(&mut self, plies: u32) {
        self.quiet_plies = plies;
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
    /// pos.clear_history();
    /// pos.commit_setup(); // ... now counted once
    /// knights_out_and_back(&mut pos)?;
    /// assert!(!pos.is_over());
    /// knights_out_and_back(&mut pos)?;
    /// assert_eq!(pos.outcome().map(|r| &r.reason), Some(&EndReason::Repetition));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear_history(&mut self) {
        self.history.clear();
        self.reps.clear();
    }

    /// Sets the number of plies played (for setting up positions: FEN's move number; see
    /// [`Position::ply`]).
    pub(crate) fn set_ply(&mut self, ply: u32) {
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
}
