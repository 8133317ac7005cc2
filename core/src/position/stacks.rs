//! Stacks: on a board with stacks (`stacks: N` under `board:`) a node holds a column of up to N
//! pieces. The cell keeps the column's top, so every condition on cells (`friend`, `enemy`,
//! `piece(..)`) reads the top, and the top decides who controls the column. The pieces under the top
//! live beside the cells, in a fixed slice per node that games without stacks leave empty.

use super::{Piece, Position};
use crate::board::{NodeId, Overflow};
use crate::{PieceId, SeatId};

/// Reading the columns of a board with stacks.
///
/// ```
/// use qipan::core::notation::parse_move;
///
/// let game = qipan::load("lasca", &[])?;
/// let mut pos = game.start();
/// let c3 = game.board.find("c3").unwrap();
/// assert_eq!(pos.height(c3), 1);
/// pos.play(&parse_move(&pos, "c3-d4")?)?;
/// assert_eq!(pos.height(c3), 0);
/// assert_eq!(qipan::load("chess", &[])?.start().height(c3), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// How many pieces stand on `n` (the column's height; 0 or 1 on a board without stacks).
    ///
    /// ```
    /// let game = qipan::load("focus", &[])?;
    /// let pos = game.start();
    /// let (d6, a4) = (game.board.find("d6").unwrap(), game.board.find("a4").unwrap());
    /// assert_eq!((pos.height(d6), pos.height(a4)), (1, 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn height(&self, n: NodeId) -> usize {
        match self.cells[n.idx()] {
            None => 0,
            Some(_) => 1 + self.heights.get(n.idx()).copied().unwrap_or(0) as usize,
        }
    }

    /// The piece `depth` places down from the top of the column on `n` (0 is the top, the cell).
    ///
    /// ```
    /// let game = qipan::load("lasca", &[])?;
    /// let pos = game.start();
    /// let a1 = game.board.find("a1").unwrap();
    /// assert_eq!(pos.layer(a1, 0), pos.cell(a1));
    /// assert_eq!(pos.layer(a1, 1), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn layer(&self, n: NodeId, depth: usize) -> Option<Piece> {
        if depth == 0 {
            return self.cells[n.idx()];
        }
        let h = self.heights.get(n.idx()).copied().unwrap_or(0) as usize;
        (depth <= h).then(|| self.unders[n.idx() * self.under_cap + h - depth])
    }

    /// The column on `n`, bottom to top (empty for an empty node).
    ///
    /// ```
    /// let game = qipan::load("lasca", &[])?;
    /// let a1 = game.board.find("a1").unwrap();
    /// assert_eq!(game.start().column(a1).len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn column(&self, n: NodeId) -> Vec<Piece> {
        let mut v: Vec<Piece> = (1..self.height(n)).rev().filter_map(|d| self.layer(n, d)).collect();
        v.extend(self.cells[n.idx()]);
        v
    }

    /// Moves the pieces under the top of `from` to `to` (the top has moved already): the column goes
    /// as a whole. Whatever stood under the top of `to` is gone.
    #[inline]
    pub(super) fn carry_column(&mut self, from: NodeId, to: NodeId) {
        // A chain may end where it began.
        if self.heights.is_empty() || from == to {
            return;
        }
        self.hash_unders(to);
        self.hash_unders(from);
        let cap = self.under_cap;
        let h = std::mem::take(&mut self.heights[from.idx()]);
        self.unders.copy_within(from.idx() * cap..from.idx() * cap + h as usize, to.idx() * cap);
        self.heights[to.idx()] = h;
        self.hash_unders(to);
    }

    /// Clears what stands under the top of `n` (the column was captured whole).
    #[inline]
    pub(super) fn clear_unders(&mut self, n: NodeId) {
        if self.heights.get(n.idx()).is_some_and(|&h| h > 0) {
            self.hash_unders(n);
            self.heights[n.idx()] = 0;
        }
    }

    /// Takes the top of the column on `n` (the piece under it becomes the top) and puts it at the
    /// bottom of the column on `to` (Lasca's capture), or off the board when that column is full.
    pub(super) fn take_top_under(&mut self, n: NodeId, to: NodeId, by: SeatId) {
        let Some(p) = self.lift(n) else { return };
        let h = self.heights[n.idx()] as usize;
        if h > 0 {
            self.hash_unders(n);
            self.heights[n.idx()] -= 1;
            let next = self.unders[n.idx() * self.under_cap + h - 1];
            self.hash_unders(n);
            self.put(n, next);
        }
        self.captures[by.idx()] = self.captures[by.idx()].saturating_add(1);
        let cap = self.under_cap;
        let ht = self.heights[to.idx()] as usize;
        if ht < cap {
            self.hash_unders(to);
            let base = to.idx() * cap;
            self.unders.copy_within(base..base + ht, base + 1);
            self.unders[base] = p;
            self.heights[to.idx()] += 1;
            self.hash_unders(to);
        }
    }

    /// Plays a move of part of a column, or of one onto a column (Focus): the top `carry` pieces of
    /// the column on `mv.from` (all of it for 0) go on top of whatever stands on `mv.to` (captured
    /// already unless the move is `onto`), the carried top arriving as `mv.arrives_as()`.
    #[inline(never)]
    pub(super) fn carry_onto(&mut self, from: NodeId, to: NodeId, carry: u8, top: PieceId, by: SeatId) {
        let Some(p) = self.lift(from) else { return };
        self.hash_unders(from);
        let hf = self.heights[from.idx()] as usize;
        let k = if carry == 0 { hf + 1 } else { (carry as usize).min(hf + 1) };
        // What stays on `from`: the pieces under the carried ones, the highest of them its new top.
        let left = hf + 1 - k;
        let base = from.idx() * self.under_cap;
        self.heights[from.idx()] = left.saturating_sub(1) as u8;
        if left > 0 {
            let new_top = self.unders[base + left - 1];
            self.put(from, new_top);
        }
        self.hash_unders(from);
        // The carried pieces under the top stay where they were in `from`'s slice until copied.
        self.land(to, base + left, k - 1, Piece { seat: p.seat, piece: top }, by);
    }

    /// Drops `piece` on top of the column on `to` (a drop `onto` a column).
    #[inline(never)]
    pub(super) fn drop_onto(&mut self, to: NodeId, piece: Piece, by: SeatId) {
        self.land(to, 0, 0, piece, by);
    }

    /// Puts `n` pieces of the slice at `src` in `unders` and then `top` on the column on `to`; when the
    /// column grows above the board's height, pieces come off its bottom (see [`Overflow`]).
    fn land(&mut self, to: NodeId, src: usize, n: usize, top: Piece, by: SeatId) {
        let below = self.lift(to);
        self.hash_unders(to);
        let (cap, limit) = (self.under_cap, self.game.board.stack_height() as usize);
        let base = to.idx() * cap;
        let ht = self.heights[to.idx()] as usize;
        let existing = ht + usize::from(below.is_some());
        // How many of the column's own pieces come off the bottom.
        let off = (existing + n + 1).saturating_sub(limit).min(existing);
        for i in 0..off {
            let q = if i < ht { self.unders[base + i] } else { below.expect("the column's top") };
            self.overflow(q, by);
        }
        let mut m = 0;
        for i in off..ht {
            self.unders[base + m] = self.unders[base + i];
            m += 1;
        }
        if let Some(b) = below.filter(|_| off <= ht) {
            self.unders[base + m] = b;
            m += 1;
        }
        // Carried pieces beyond the limit cannot happen: a column carries at most `limit`.
        let n = n.min(cap - m);
        self.unders.copy_within(src..src + n, base + m);
        self.heights[to.idx()] = (m + n) as u8;
        self.hash_unders(to);
        self.put(to, top);
    }

    /// A piece off the bottom of a column grown too high, under a move by `by`: an enemy's is captured;
    /// the mover's own goes to its reserve or leaves the game (the board's [`Overflow`]).
    fn overflow(&mut self, p: Piece, by: SeatId) {
        if p.seat != by {
            self.captures[by.idx()] = self.captures[by.idx()].saturating_add(1);
        } else if self.game.board.overflow() == Overflow::Reserve {
            let i = by.idx() * self.game.pieces.len() + p.piece.idx();
            self.reserve[i] = self.reserve[i].saturating_add(1);
        }
    }

    /// XORs the keys of the pieces under the top of `n` into the hash (in or out).
    #[inline]
    fn hash_unders(&mut self, n: NodeId) {
        let h = self.heights[n.idx()] as usize;
        let base = n.idx() * self.under_cap;
        for i in 0..h {
            self.hash ^= layer_key(n, i, self.unders[base + i]);
        }
    }

    /// The keys of every piece under a column's top, XORed together (for the hash from scratch).
    pub(super) fn unders_key(&self) -> u64 {
        let mut k = 0;
        for (i, &h) in self.heights.iter().enumerate() {
            for j in 0..h as usize {
                k ^= layer_key(NodeId(i as u16), j, self.unders[i * self.under_cap + j]);
            }
        }
        k
    }

    /// Sets the pieces under the top of `n` (bottom first; the top is the cell), on a board with stacks
    /// (a set-up position).
    pub(super) fn set_unders(&mut self, n: NodeId, unders: &[Piece]) {
        if self.heights.is_empty() || self.cells[n.idx()].is_none() {
            return;
        }
        self.hash_unders(n);
        let k = unders.len().min(self.under_cap);
        let base = n.idx() * self.under_cap;
        self.unders[base..base + k].copy_from_slice(&unders[unders.len() - k..]);
        self.heights[n.idx()] = k as u8;
        self.hash_unders(n);
    }

    /// Sets up empty columns on a board with stacks.
    pub(super) fn init_stacks(&mut self) {
        let height = self.game.board.stack_height() as usize;
        if height == 0 {
            return;
        }
        self.under_cap = height.saturating_sub(1).max(1);
        self.heights = vec![0; self.game.board.len()];
        self.unders =
            vec![Piece { seat: SeatId(0), piece: crate::PieceId::new(0) }; self.heights.len() * self.under_cap];
    }
}

/// The hash key of piece `p` at `i` places up from the bottom of the column on `n` (under its top):
/// a splitmix64 step of the three, salted apart from the seeds' keys.
#[inline]
fn layer_key(n: NodeId, i: usize, p: Piece) -> u64 {
    let v = (n.0 as u64) << 32 | (i as u64) << 16 | (p.seat.0 as u64) << 8 | p.piece.idx() as u64 | 1 << 48;
    let mut z = v.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
