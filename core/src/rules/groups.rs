//! Chains of same-side pieces and their liberties, maintained incrementally.
//!
//! Each chain keeps its stones in a circular list and a count of *pseudo-liberties*: the number of
//! (stone, empty neighbour) edges. A chain has no liberties exactly when that count is zero, which is
//! all capture and suicide need, and it updates in O(degree) per stone.

use crate::board::{Board, NodeId, RelationId};
use crate::position::Piece;

/// Chain bookkeeping for one relation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chains {
    rel: RelationId,
    /// Head (representative) of each stone's chain; NONE on empty nodes.
    head: Vec<NodeId>,
    /// Next stone in the same chain (circular).
    next: Vec<NodeId>,
    /// Per head: number of stones.
    size: Vec<u16>,
    /// Per head: pseudo-liberties.
    libs: Vec<u16>,
}

impl Chains {
    /// Chains of an empty board.
    pub fn new(board: &Board, rel: RelationId) -> Self {
        let n = board.len();
        Chains { rel, head: vec![NodeId::NONE; n], next: vec![NodeId::NONE; n], size: vec![0; n], libs: vec![0; n] }
    }

    /// The relation chains are built over.
    pub fn relation(&self) -> RelationId {
        self.rel
    }

    /// The head of the chain on `n` (NONE if `n` is empty).
    #[inline]
    pub fn head(&self, n: NodeId) -> NodeId {
        self.head[n.idx()]
    }

    /// Pseudo-liberties of the chain headed by `h`.
    #[inline]
    pub fn pseudo_libs(&self, h: NodeId) -> u16 {
        self.libs[h.idx()]
    }

    /// Number of stones of the chain headed by `h`.
    #[inline]
    pub fn size(&self, h: NodeId) -> u16 {
        self.size[h.idx()]
    }

    /// The stones of the chain headed by `h`.
    pub fn stones(&self, h: NodeId) -> ChainIter<'_> {
        ChainIter { chains: self, start: h, at: h, done: false }
    }

    /// Records a stone put on empty node `p` (the cells already hold it).
    pub fn add(&mut self, board: &Board, cells: &[Option<Piece>], p: NodeId) {
        let me = cells[p.idx()].map(|c| c.seat);
        self.head[p.idx()] = p;
        self.next[p.idx()] = p;
        self.size[p.idx()] = 1;
        let mut libs = 0u16;
        for e in board.edges(self.rel, p) {
            let q = e.to;
            match cells[q.idx()] {
                None => libs += 1,
                Some(_) => {
                    let h = self.head[q.idx()];
                    self.libs[h.idx()] -= 1;
                }
            }
        }
        self.libs[p.idx()] = libs;
        for e in board.edges(self.rel, p) {
            let q = e.to;
            if cells[q.idx()].map(|c| c.seat) == me {
                let (a, b) = (self.head[p.idx()], self.head[q.idx()]);
                if a != b {
                    self.merge(a, b);
                }
            }
        }
    }

    /// Joins two chains; the larger keeps its head.
    fn merge(&mut self, a: NodeId, b: NodeId) {
        let (big, small) = if self.size[a.idx()] >= self.size[b.idx()] { (a, b) } else { (b, a) };
        let mut s = small;
        loop {
            self.head[s.idx()] = big;
            s = self.next[s.idx()];
            if s == small {
                break;
            }
        }
        // Splice the two circular lists.
        let nb = self.next[big.idx()];
        self.next[big.idx()] = self.next[small.idx()];
        self.next[small.idx()] = nb;
        self.size[big.idx()] += self.size[small.idx()];
        self.libs[big.idx()] += self.libs[small.idx()];
    }

    /// Takes a whole chain off the bookkeeping; the caller empties the cells of `stones` first.
    /// Neighbouring chains gain the liberties.
    pub fn remove_chain(&mut self, board: &Board, cells: &[Option<Piece>], h: NodeId) {
        let mut s = h;
        loop {
            let nxt = self.next[s.idx()];
            self.head[s.idx()] = NodeId::NONE;
            s = nxt;
            if s == h {
                break;
            }
        }
        let mut s = h;
        loop {
            for e in board.edges(self.rel, s) {
                if cells[e.to.idx()].is_some() {
                    let hh = self.head[e.to.idx()];
                    if hh.is_some() {
                        self.libs[hh.idx()] += 1;
                    }
                }
            }
            let nxt = self.next[s.idx()];
            self.next[s.idx()] = NodeId::NONE;
            s = nxt;
            if !s.is_some() || s == h {
                break;
            }
        }
    }

    /// Records that the stone on `p` was lifted (the cells no longer hold it). Rebuilds what remains
    /// of its chain, which may have split.
    pub fn remove_one(&mut self, board: &Board, cells: &[Option<Piece>], p: NodeId) {
        let h = self.head[p.idx()];
        if !h.is_some() {
            return;
        }
        let mut members = Vec::with_capacity(self.size[h.idx()] as usize);
        let mut s = h;
        loop {
            members.push(s);
            s = self.next[s.idx()];
            if s == h {
                break;
            }
        }
        for &m in &members {
            self.head[m.idx()] = NodeId::NONE;
            self.next[m.idx()] = NodeId::NONE;
        }
        // Neighbours of the lifted stone gain a liberty.
        for e in board.edges(self.rel, p) {
            let hh = self.head[e.to.idx()];
            if cells[e.to.idx()].is_some() && hh.is_some() {
                self.libs[hh.idx()] += 1;
            }
        }
        // Re-add the others one by one (the lifted node is empty now).
        for &m in &members {
            if m != p {
                self.readd(board, cells, m);
            }
        }
    }

    /// Re-adds an existing stone without touching neighbours' counts of stones already tracked.
    fn readd(&mut self, board: &Board, cells: &[Option<Piece>], p: NodeId) {
        let me = cells[p.idx()].map(|c| c.seat);
        self.head[p.idx()] = p;
        self.next[p.idx()] = p;
        self.size[p.idx()] = 1;
        self.libs[p.idx()] = board.edges(self.rel, p).iter().filter(|e| cells[e.to.idx()].is_none()).count() as u16;
        for e in board.edges(self.rel, p) {
            let q = e.to;
            if cells[q.idx()].map(|c| c.seat) == me && self.head[q.idx()].is_some() {
                let (a, b) = (self.head[p.idx()], self.head[q.idx()]);
                if a != b {
                    self.merge(a, b);
                }
            }
        }
    }

    /// Counts true liberties of the chain headed by `h` (distinct empty neighbours); for tests and
    /// tools, not the hot path.
    pub fn liberties(&self, board: &Board, cells: &[Option<Piece>], h: NodeId) -> usize {
        let mut seen = std::collections::BTreeSet::new();
        for s in self.stones(h) {
            for e in board.edges(self.rel, s) {
                if cells[e.to.idx()].is_none() {
                    seen.insert(e.to);
                }
            }
        }
        seen.len()
    }
}

/// Iterates the stones of one chain.
pub struct ChainIter<'a> {
    chains: &'a Chains,
    start: NodeId,
    at: NodeId,
    done: bool,
}

impl Iterator for ChainIter<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        if self.done || !self.at.is_some() {
            return None;
        }
        let cur = self.at;
        self.at = self.chains.next[cur.idx()];
        if self.at == self.start {
            self.done = true;
        }
        Some(cur)
    }
}
