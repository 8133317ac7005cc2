//! Where a sowing's seeds fall ([`Pits`]): the position itself, the position's board lent out field by field,
//! a plain copy of the counts (what the feeding rule simulates on), and the sowing kernel's counts. The sowing
//! and its captures (`sow.rs`) are written once over this trait.

use crate::PieceId;
use crate::SeatId;
use crate::board::NodeId;
use crate::position::{CountBoard, Position, SeedBoard};

/// Seeds on nodes: the position, or a plain copy of its counts.
pub(crate) trait Pits {
    fn seeds(&self, n: NodeId) -> u16;
    fn add(&mut self, n: NodeId, k: u16);
    fn take(&mut self, n: NodeId) -> u16;
    /// One seed of a sowing falls on `n`.
    #[inline]
    fn drop_one(&mut self, n: NodeId) {
        self.add(n, 1);
    }
}

impl Pits for [u16] {
    #[inline]
    fn seeds(&self, n: NodeId) -> u16 {
        self[n.idx()]
    }
    #[inline]
    fn add(&mut self, n: NodeId, k: u16) {
        self[n.idx()] = self[n.idx()].saturating_add(k);
    }
    #[inline]
    fn take(&mut self, n: NodeId) -> u16 {
        std::mem::take(&mut self[n.idx()])
    }
}

/// The position as [`Pits`]: seeds sown into a store count for its seat at once.
pub(crate) struct OnBoard<'a> {
    pub(crate) pos: &'a mut Position,
    pub(crate) piece: PieceId,
    pub(crate) bank: &'a [u8],
}

impl Pits for OnBoard<'_> {
    #[inline]
    fn seeds(&self, n: NodeId) -> u16 {
        self.pos.seeds(n)
    }
    #[inline]
    fn add(&mut self, n: NodeId, k: u16) {
        self.pos.add_seeds(n, k, self.piece);
        let owner = self.bank[n.idx()];
        if owner > 0 {
            self.pos.bank_seeds(SeatId(owner - 1), k);
        }
    }
    #[inline]
    fn take(&mut self, n: NodeId) -> u16 {
        let k = self.pos.take_seeds(n);
        let owner = self.bank[n.idx()];
        if owner > 0 {
            // Seeds leaving a store no longer count for its seat.
            self.pos.bank_seeds_back(SeatId(owner - 1), k);
        }
        k
    }
}

/// The position's board borrowed for a sowing ([`SeedBoard`]), with the seat whose store each node is.
pub(crate) struct Lean<'a, 'b> {
    pub(super) board: SeedBoard<'a>,
    pub(super) bank: &'b [u8],
}

impl Pits for Lean<'_, '_> {
    #[inline]
    fn seeds(&self, n: NodeId) -> u16 {
        self.board.seeds(n)
    }
    #[inline(always)]
    fn drop_one(&mut self, n: NodeId) {
        self.board.drop_seed(n);
        let owner = self.bank[n.idx()];
        if owner > 0 {
            self.board.bank_seeds(SeatId(owner - 1), 1);
        }
    }
    #[inline]
    fn add(&mut self, n: NodeId, k: u16) {
        self.board.add_seeds(n, k);
        let owner = self.bank[n.idx()];
        if owner > 0 {
            self.board.bank_seeds(SeatId(owner - 1), k);
        }
    }
    #[inline(always)]
    fn take(&mut self, n: NodeId) -> u16 {
        let k = self.board.take_seeds(n);
        let owner = self.bank[n.idx()];
        if owner > 0 {
            self.board.bank_seeds_back(SeatId(owner - 1), k);
        }
        k
    }
}

/// The kernel's board ([`CountBoard`]) as [`Pits`].
impl<const HASHED: bool> Pits for CountBoard<'_, HASHED> {
    #[inline(always)]
    fn seeds(&self, n: NodeId) -> u16 {
        CountBoard::seeds(self, n)
    }
    #[inline(always)]
    fn drop_one(&mut self, n: NodeId) {
        CountBoard::drop_one(self, n);
    }
    #[inline]
    fn add(&mut self, n: NodeId, k: u16) {
        CountBoard::add(self, n, k);
    }
    #[inline(always)]
    fn take(&mut self, n: NodeId) -> u16 {
        CountBoard::take(self, n)
    }
}
