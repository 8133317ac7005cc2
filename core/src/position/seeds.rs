//! Seeds: on a board with counts (a sowing game) a node holds a number of identical pieces. The cell
//! keeps one piece standing for them (a seed of the node's owner) while the count is above zero, so
//! every condition on cells (`empty`, `friend`, ...) reads a pit as it reads any node; the count
//! itself lives beside the cells, in a vector that games without counts leave empty.

use super::{Piece, Position};
use crate::board::NodeId;
use crate::{PieceId, SeatId};

/// Reading and changing the seeds on a node.
///
/// ```
/// let game = qipan::load("kalah", &[])?;
/// let pos = game.start();
/// let c1 = game.board.find("c1").unwrap();
/// assert_eq!(pos.seeds(c1), 4);
/// assert_eq!(pos.counts().iter().map(|&c| c as u32).sum::<u32>(), 48);
/// assert!(qipan::load("chess", &[])?.start().counts().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// The number of seeds on `n` (0 on a board without counts).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("kalah", &[])?;
    /// let mut pos = game.start();
    /// pos.play(&parse_move(&pos, "c1")?)?; // c1's four seeds go to d1, e1, f1 and the store
    /// let at = |l| pos.seeds(game.board.find(l).unwrap());
    /// assert_eq!((at("c1"), at("d1"), at("f1"), at("store1")), (0, 5, 5, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn seeds(&self, n: NodeId) -> u16 {
        self.counts.get(n.idx()).copied().unwrap_or(0)
    }

    /// The seeds on every node, indexed by node (empty on a board without counts).
    ///
    /// ```
    /// let kalah = qipan::load("kalah", &[])?.start();
    /// assert_eq!(kalah.counts().iter().map(|&c| u32::from(c)).sum::<u32>(), 48, "four seeds in twelve pits");
    /// assert!(qipan::load("chess", &[])?.start().counts().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn counts(&self) -> &[u16] {
        &self.counts
    }

    /// Adds `k` seeds (of type `piece`) to `n`; the first seed on an empty node stands for its owner.
    #[inline]
    pub(crate) fn add_seeds(&mut self, n: NodeId, k: u16, piece: PieceId) {
        if k == 0 {
            return;
        }
        let old = self.counts[n.idx()];
        let new = old.saturating_add(k);
        self.counts[n.idx()] = new;
        self.hash ^= self.game.seed_key(n, old) ^ self.game.seed_key(n, new);
        if old == 0 {
            let seat = self.game.seed_owner(n);
            self.put(n, Piece { seat, piece });
        }
    }

    /// Takes every seed off `n`, returning how many there were.
    #[inline]
    pub(crate) fn take_seeds(&mut self, n: NodeId) -> u16 {
        let old = std::mem::take(&mut self.counts[n.idx()]);
        if old > 0 {
            self.hash ^= self.game.seed_key(n, old);
            self.lift(n);
        }
        old
    }

    /// Credits `k` seeds to `seat`'s captures (its score).
    #[inline]
    pub(crate) fn bank_seeds(&mut self, seat: SeatId, k: u16) {
        self.captures[seat.idx()] = self.captures[seat.idx()].saturating_add(k as u32);
    }

    /// Takes `k` seeds back from `seat`'s captures (seeds lifted from its store).
    #[inline]
    pub(crate) fn bank_seeds_back(&mut self, seat: SeatId, k: u16) {
        self.captures[seat.idx()] = self.captures[seat.idx()].saturating_sub(k as u32);
    }

    /// Sets the counts of a new position from its cells (a set-up board of seeds holds one on each
    /// occupied node unless told otherwise) and adds them to the hash.
    pub(super) fn init_counts(&mut self, counts: Vec<u16>) {
        if !self.game.board.has_counts() {
            return;
        }
        self.counts = counts;
        self.counts.resize(self.game.board.len(), 0);
        for i in 0..self.counts.len() {
            let n = NodeId(i as u16);
            if self.cells[i].is_some() && self.counts[i] == 0 {
                self.counts[i] = 1;
            } else if self.cells[i].is_none() {
                self.counts[i] = 0;
            }
            self.hash ^= self.game.seed_key(n, self.counts[i]);
        }
    }
}

/// Ends a sowing game: every seed left in a pit (not in a store) goes to the captures of the seat it
/// stands for, or of the seat to move with `to_mover`, and into that seat's store when it has one.
pub(crate) fn sweep_seeds(pos: &mut Position, to_mover: bool) {
    if pos.counts.is_empty() {
        return;
    }
    let game = pos.game_arc().clone();
    let Some(piece) = pos.cells.iter().flatten().next().map(|p| p.piece) else { return };
    let Some(s) = crate::rules::pattern::sowing_of(&game, piece) else { return };
    let Some(t) = s.tables.first() else { return };
    for i in 0..pos.counts.len() {
        let n = NodeId(i as u16);
        if t.bank[i] > 0 || pos.counts[i] == 0 {
            continue;
        }
        let seat = if to_mover { pos.to_move() } else { game.seed_owner(n) };
        let k = pos.take_seeds(n);
        match s.tables.get(seat.idx()).map(|t| t.store).filter(|x| x.is_some()) {
            Some(store) => {
                pos.add_seeds(store, k, piece);
                pos.bank_seeds(seat, k);
            }
            None => pos.bank_seeds(seat, k),
        }
    }
}

/// The hash key of `count` seeds on `n` (none for an empty node): a splitmix64 step of both, salted
/// apart from the reserves' keys.
#[inline]
pub(crate) fn count_key(n: NodeId, count: u16) -> u64 {
    if count == 0 {
        return 0;
    }
    let mut z = ((n.0 as u64) << 16 | count as u64 | 1 << 40).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
