//! Putting pieces on the board and lifting them off, keeping the hash, the chains, the protected
//! pieces and the per-seat counts in step.

use super::{Piece, Position};
use crate::SeatId;
use crate::board::NodeId;
use crate::rules::goal::Links;

/// Where each seat's pieces stand, kept as moves are played.
///
/// ```
/// use qipan::core::SeatId;
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// assert_eq!((pos.placed(SeatId(0)).len(), pos.placed(SeatId(1)).len()), (16, 16));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// Counts a piece arriving on (`true`) or leaving node `n`.
    #[inline]
    pub(super) fn count_piece(&mut self, n: NodeId, p: Piece, arrives: bool) {
        let i = p.seat.idx() * self.game.pieces.len() + p.piece.idx();
        // The counts per zone that `count(...)` conditions read (none in most games).
        let counted = self.game.tally_zones;
        let mut zones = if counted == 0 { 0 } else { self.game.board.zones_of(n) & counted };
        while zones != 0 {
            let z = zones.trailing_zeros();
            zones &= zones - 1;
            let slot = 1 + (self.game.tally_zones & ((1u64 << z) - 1)).count_ones() as usize;
            let k = slot * self.game.seats.len() * self.game.pieces.len() + i;
            self.on_board[k] = if arrives { self.on_board[k] + 1 } else { self.on_board[k].saturating_sub(1) };
        }
        let Position { on_board, present, placed, slot, .. } = self;
        Lists { on_board, present, placed, slot }.count(i, n, p, arrives);
    }

    /// The nodes of the pieces of `seat` on the board, in no particular order.
    ///
    /// ```
    /// use qipan::core::SeatId;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// assert_eq!(pos.placed(SeatId(0)).len(), 16);
    /// assert!(pos.placed(SeatId(0)).contains(&game.board.find("e1").unwrap()));
    /// assert!(!pos.placed(SeatId(0)).contains(&game.board.find("e8").unwrap()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn placed(&self, seat: SeatId) -> &[NodeId] {
        &self.placed[seat.idx()]
    }

    /// Whether every node of the board holds a piece.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("tic-tac-toe", &[])?;
    /// let mut pos = game.start();
    /// assert!(!pos.is_full());
    /// for text in ["a1", "b1", "c1", "b2", "a2", "c2", "b3", "a3", "c3"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// assert!(pos.is_full() && pos.outcome().unwrap().winners.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_full(&self) -> bool {
        self.placed.iter().map(Vec::len).sum::<usize>() >= self.game.board.len()
    }

    /// The piece types (as bits, types below 64) of which `seat` has at least one on the board.
    ///
    /// ```
    /// use qipan::core::{Position, SeatId};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")?;
    /// let (king, pawn) = (game.piece("king").unwrap(), game.piece("pawn").unwrap());
    /// assert_eq!(pos.types_present(SeatId(0)), 1 << king.idx() | 1 << pawn.idx());
    /// assert_eq!(pos.types_present(SeatId(1)), 1 << king.idx());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn types_present(&self, seat: SeatId) -> u64 {
        self.present[seat.idx()]
    }

    #[inline]
    pub(super) fn put(&mut self, n: NodeId, p: Piece) {
        if self.game.is_royal(p.piece) {
            self.royals.push(n);
        }
        self.count_piece(n, p, true);
        self.cells[n.idx()] = Some(p);
        self.hash ^= self.game.key(n, p.seat, p.piece);
        if let Some(ch) = &mut self.chains {
            ch.add(&self.game.board, &self.cells, n);
        }
        let goals = &self.game.rules.end.connections;
        for (links, goal) in self.links.iter_mut().zip(goals).filter(|(l, _)| !l.is_stale()) {
            links.add(goal, &self.game.board, &self.cells, &self.controller, n);
        }
    }

    #[inline]
    pub(super) fn lift(&mut self, n: NodeId) -> Option<Piece> {
        let p = self.cells[n.idx()].take()?;
        if self.game.is_royal(p.piece) {
            self.royals.retain(|&r| r != n);
        }
        self.count_piece(n, p, false);
        self.hash ^= self.game.key(n, p.seat, p.piece);
        if let Some(ch) = &mut self.chains {
            ch.remove_one(&self.game.board, &self.cells, n);
        }
        self.links.iter_mut().for_each(Links::invalidate);
        Some(p)
    }

    /// The groups of each connection goal match the board (they need no rebuilding).
    #[inline]
    pub(crate) fn links_fresh(&self) -> bool {
        self.links.iter().all(|l| !l.is_stale())
    }

    /// Rebuilds the groups of connection goals that a piece leaving the board made stale.
    pub(crate) fn refresh_links(&mut self) {
        let goals = &self.game.rules.end.connections;
        for (links, goal) in self.links.iter_mut().zip(goals).filter(|(l, _)| l.is_stale()) {
            links.rebuild(goal, &self.game.board, &self.cells, &self.controller);
        }
    }

    /// The groups of connection goal `i`, as last built.
    #[inline]
    pub(crate) fn links(&self, i: usize) -> &Links {
        &self.links[i]
    }

    /// The pieces of type `piece` that `seat` has on the board.
    ///
    /// ```
    /// use qipan::core::SeatId;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// let (pawn, queen) = (game.piece("pawn").unwrap(), game.piece("queen").unwrap());
    /// assert_eq!((pos.on_board(SeatId(0), pawn), pos.on_board(SeatId(1), queen)), (8, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn on_board(&self, seat: SeatId, piece: crate::PieceId) -> u16 {
        self.on_board[seat.idx() * self.game.pieces.len() + piece.idx()]
    }

    /// Where the counts of `zone` (`None`: the whole board) are kept, if they are: the slot [`Position::tally`]
    /// reads.
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// assert_eq!(pos.zone_slot(None), Some(0));
    /// assert_eq!(pos.zone_slot(game.board.zone("rank2")), None, "no count in chess looks at a zone");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn zone_slot(&self, zone: Option<u8>) -> Option<usize> {
        match zone {
            None => Some(0),
            Some(z) if z < 64 && self.game.tally_zones >> z & 1 != 0 => {
                Some(1 + (self.game.tally_zones & ((1u64 << z) - 1)).count_ones() as usize)
            }
            Some(_) => None,
        }
    }

    /// The pieces of `seat` whose types are among `types` (one bit each) counted in `slot` (see
    /// [`Position::zone_slot`]).
    ///
    /// ```
    /// use qipan::core::SeatId;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// let (pawn, knight) = (game.piece("pawn").unwrap(), game.piece("knight").unwrap());
    /// assert_eq!(pos.tally(0, SeatId(1), 1 << pawn.idx() | 1 << knight.idx()), 10);
    /// assert_eq!(pos.tally(0, SeatId(0), u64::MAX), 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn tally(&self, slot: usize, seat: SeatId, types: u64) -> u32 {
        let np = self.game.pieces.len();
        if slot == 0 && types == u64::MAX {
            return self.placed[seat.idx()].len() as u32;
        }
        let base = (slot * self.game.seats.len() + seat.idx()) * np;
        let mut bits = if np >= 64 { types } else { types & ((1u64 << np) - 1) };
        let mut total = 0;
        while bits != 0 {
            let t = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            total += u32::from(self.on_board[base + t]);
        }
        total
    }

    /// Puts or removes a piece without playing a move (a copy of a position for scoring or attack
    /// tests); the hash, chains and counts follow.
    pub(crate) fn set_cell(&mut self, n: NodeId, p: Option<Piece>) {
        self.lift(n);
        if let Some(p) = p {
            self.put(n, p);
        }
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
            ^ (0..self.counts.len()).fold(0, |a, i| a ^ self.game.seed_key(NodeId(i as u16), self.counts[i]))
            ^ self.unders_key()
    }

    /// Takes every piece of `player`'s seats off the board (a side put out by the end rules).
    pub(crate) fn remove_pieces_of(&mut self, player: SeatId) {
        for i in 0..self.cells.len() {
            let node = NodeId(i as u16);
            if self.cells[i].is_some_and(|c| self.controller[c.seat.idx()] == player) {
                self.lift(node);
            }
        }
    }
}

/// What every board keeps of its pieces, borrowed apart from the rest of the position: per seat and type
/// the count and whether there is one, per seat the list of nodes, per node its place in that list. The
/// seeds of a sowing are counted through it while the game's tables are read; it does what
/// [`Position::count_piece`] does after the counts per zone, and is its body.
pub(super) struct Lists<'a> {
    pub(super) on_board: &'a mut Vec<u16>,
    pub(super) present: &'a mut Vec<u64>,
    pub(super) placed: &'a mut Vec<Vec<NodeId>>,
    pub(super) slot: &'a mut Vec<u16>,
}

impl Lists<'_> {
    /// Counts piece `p` arriving on (`true`) or leaving node `n`; `i` is its seat and type's slot.
    #[inline(always)] // the body of `count_piece`, and of every pit a sowing fills or empties
    pub(super) fn count(&mut self, i: usize, n: NodeId, p: Piece, arrives: bool) {
        let list = &mut self.placed[p.seat.idx()];
        if arrives {
            self.on_board[i] += 1;
            self.slot[n.idx()] = list.len() as u16;
            list.push(n);
        } else {
            self.on_board[i] = self.on_board[i].saturating_sub(1);
            let k = self.slot[n.idx()] as usize;
            let k = if list.get(k) == Some(&n) { Some(k) } else { list.iter().position(|&x| x == n) };
            if let Some(k) = k {
                list.swap_remove(k);
                // The last piece of the list took the place of the one that left.
                if let Some(&m) = list.get(k) {
                    self.slot[m.idx()] = k as u16;
                }
            }
        }
        if p.piece.idx() < 64 {
            let bit = 1u64 << p.piece.idx();
            if self.on_board[i] > 0 {
                self.present[p.seat.idx()] |= bit;
            } else {
                self.present[p.seat.idx()] &= !bit;
            }
        }
    }
}
