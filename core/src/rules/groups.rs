//! Chains of same-side pieces and their liberties, maintained incrementally.
//!
//! Each chain keeps its stones in a circular list and a count of *pseudo-liberties*: the number of
//! (stone, empty neighbour) edges. A chain has no liberties exactly when that count is zero, which is
//! all capture and suicide need, and it updates in O(degree) per stone.

use crate::board::{Board, NodeId, RelationId};
use crate::position::Piece;

/// Chain bookkeeping for one relation.
///
/// A position of a game with group capture keeps them up to date ([`crate::Position::chains`]).
///
/// ```
/// use qipan::core::notation::parse_move;
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// for text in ["E5", "A1", "E6", "A9", "D6"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// let chains = pos.chains().unwrap();
/// let at = |label| game.board.find(label).unwrap();
/// let black = chains.head(at("E5"));
/// assert_eq!(chains.head(at("D6")), black);
/// assert_eq!(chains.size(black), 3);
/// assert_eq!(chains.liberties(&game.board, pos.cells(), black), 7);
/// assert_eq!(chains.pseudo_libs(black), 8, "D5 touches two of its stones");
/// assert_eq!(chains.size(chains.head(at("A1"))), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, PartialEq, Eq)]
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

/// Copying into an existing value reuses its buffers (a playout's reset to the start).
impl Clone for Chains {
    fn clone(&self) -> Self {
        let Chains { rel, head, next, size, libs } = self;
        Chains { rel: *rel, head: head.clone(), next: next.clone(), size: size.clone(), libs: libs.clone() }
    }

    fn clone_from(&mut self, source: &Self) {
        let Chains { rel, head, next, size, libs } = source;
        self.rel = *rel;
        self.head.clone_from(head);
        self.next.clone_from(next);
        self.size.clone_from(size);
        self.libs.clone_from(libs);
    }
}

/// Reading chains, and keeping them in step with the board.
///
/// ```
/// use qipan::core::{NodeId, notation::parse_move};
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// for text in ["B1", "A1", "A2"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// let chains = pos.chains().unwrap();
/// let at = |label| game.board.find(label).unwrap();
/// assert_eq!(chains.head(at("A1")), NodeId::NONE, "captured");
/// assert_ne!(chains.head(at("B1")), chains.head(at("A2")));
/// assert_eq!(chains.pseudo_libs(chains.head(at("B1"))), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Chains {
    /// Chains of an empty board.
    ///
    /// ```
    /// use qipan::core::{PieceId, SeatId};
    /// use qipan::core::{NodeId, Piece, rules::groups::Chains};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut chains = Chains::new(&game.board, game.board.relation("orthogonal").unwrap());
    /// let e5 = game.board.find("E5").unwrap();
    /// assert_eq!(chains.head(e5), NodeId::NONE);
    /// let mut cells = vec![None; game.board.len()];
    /// cells[e5.idx()] = Some(Piece { seat: SeatId(0), piece: PieceId::new(0) });
    /// chains.add(&game.board, &cells, e5);
    /// assert_eq!((chains.head(e5), chains.size(e5), chains.pseudo_libs(e5)), (e5, 1, 4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(board: &Board, rel: RelationId) -> Self {
        let n = board.len();
        Chains { rel, head: vec![NodeId::NONE; n], next: vec![NodeId::NONE; n], size: vec![0; n], libs: vec![0; n] }
    }

    /// The relation chains are built over.
    ///
    /// ```
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let chains = game.start().chains().cloned().unwrap();
    /// assert_eq!(chains.relation(), game.board.relation("orthogonal").unwrap());
    /// // Games without group capture keep no chains.
    /// assert!(qipan::load("chess", &[])?.start().chains().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn relation(&self) -> RelationId {
        self.rel
    }

    /// The head of the chain on `n` (NONE if `n` is empty).
    ///
    /// ```
    /// # use qipan::core::{NodeId, notation::parse_move};
    /// # let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// # let mut pos = game.start();
    /// # for text in ["E5", "A1", "E6", "A9", "D6"] {
    /// #     pos.play(&parse_move(&pos, text)?)?;
    /// # }
    /// # let at = |label| game.board.find(label).unwrap();
    /// // Black: E5, E6 and D6; White: A1 and A9.
    /// let chains = pos.chains().unwrap();
    /// assert_eq!(chains.head(at("E5")), chains.head(at("D6")));
    /// assert_ne!(chains.head(at("A1")), chains.head(at("A9")));
    /// assert_eq!(chains.head(at("C3")), NodeId::NONE);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn head(&self, n: NodeId) -> NodeId {
        self.head[n.idx()]
    }

    /// Pseudo-liberties of the chain headed by `h`.
    ///
    /// `h` must be a chain's head ([`Chains::head`] of one of its stones): another stone gives a meaningless
    /// count, and `NodeId::NONE` (the head of an empty node) panics.
    ///
    /// ```
    /// # use qipan::core::{NodeId, notation::parse_move};
    /// # let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// # let mut pos = game.start();
    /// # for text in ["E5", "A1", "E6", "A9", "D6"] {
    /// #     pos.play(&parse_move(&pos, text)?)?;
    /// # }
    /// # let at = |label| game.board.find(label).unwrap();
    /// // Black: E5, E6 and D6; White: A1 and A9.
    /// let chains = pos.chains().unwrap();
    /// let black = chains.head(at("E5"));
    /// // D5 touches E5 and D6, so it counts twice.
    /// assert_eq!(chains.pseudo_libs(black), 8);
    /// assert_eq!(chains.liberties(&game.board, pos.cells(), black), 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn pseudo_libs(&self, h: NodeId) -> u16 {
        self.libs[h.idx()]
    }

    /// Number of stones of the chain headed by `h`.
    ///
    /// `h` must be a chain's head ([`Chains::head`] of one of its stones): another stone gives a meaningless
    /// count, and `NodeId::NONE` (the head of an empty node) panics.
    ///
    /// ```
    /// # use qipan::core::{NodeId, notation::parse_move};
    /// # let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// # let mut pos = game.start();
    /// # for text in ["E5", "A1", "E6", "A9", "D6"] {
    /// #     pos.play(&parse_move(&pos, text)?)?;
    /// # }
    /// # let at = |label| game.board.find(label).unwrap();
    /// // Black: E5, E6 and D6; White: A1 and A9.
    /// let chains = pos.chains().unwrap();
    /// assert_eq!(chains.size(chains.head(at("E6"))), 3);
    /// assert_eq!(chains.size(chains.head(at("A9"))), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn size(&self, h: NodeId) -> u16 {
        self.size[h.idx()]
    }

    /// The stones of the chain headed by `h`.
    ///
    /// ```
    /// # use qipan::core::{NodeId, notation::parse_move};
    /// # let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// # let mut pos = game.start();
    /// # for text in ["E5", "A1", "E6", "A9", "D6"] {
    /// #     pos.play(&parse_move(&pos, text)?)?;
    /// # }
    /// # let at = |label| game.board.find(label).unwrap();
    /// // Black: E5, E6 and D6; White: A1 and A9.
    /// let chains = pos.chains().unwrap();
    /// let mut stones: Vec<&str> = chains.stones(chains.head(at("E5"))).map(|n| game.board.label(n)).collect();
    /// stones.sort();
    /// assert_eq!(stones, ["D6", "E5", "E6"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stones(&self, h: NodeId) -> ChainIter<'_> {
        ChainIter { chains: self, start: h, at: h, done: false }
    }

    /// Records a stone put on empty node `p` (the cells already hold it).
    ///
    /// ```
    /// use qipan::core::{PieceId, SeatId};
    ///
    /// # use qipan::core::{NodeId, Piece, rules::groups::Chains};
    /// # let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// # let board = &game.board;
    /// # let at = |label| board.find(label).unwrap();
    /// # let black = Piece { seat: SeatId(0), piece: PieceId::new(0) };
    /// let mut chains = Chains::new(board, board.relation("orthogonal").unwrap());
    /// let mut cells = vec![None; board.len()];
    /// let white = Piece { seat: SeatId(1), piece: PieceId::new(0) };
    /// for (label, stone) in [("E5", black), ("E6", black), ("E4", white)] {
    ///     cells[at(label).idx()] = Some(stone);
    ///     chains.add(board, &cells, at(label));
    /// }
    /// let h = chains.head(at("E5"));
    /// assert_eq!(chains.head(at("E6")), h, "joined");
    /// assert_eq!((chains.size(h), chains.pseudo_libs(h)), (2, 5));
    /// assert_eq!(chains.pseudo_libs(chains.head(at("E4"))), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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

    /// Takes the whole chain headed by `h` off the bookkeeping; the caller empties the cells of its
    /// stones first. Neighbouring chains gain the liberties.
    ///
    /// ```
    /// use qipan::core::{PieceId, SeatId};
    ///
    /// # use qipan::core::{NodeId, Piece, rules::groups::Chains};
    /// # let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// # let board = &game.board;
    /// # let at = |label| board.find(label).unwrap();
    /// # let black = Piece { seat: SeatId(0), piece: PieceId::new(0) };
    /// let mut chains = Chains::new(board, board.relation("orthogonal").unwrap());
    /// let mut cells = vec![None; board.len()];
    /// # let white = Piece { seat: SeatId(1), piece: PieceId::new(0) };
    /// # for (label, stone) in [("E5", black), ("E6", black), ("E4", white)] {
    /// #     cells[at(label).idx()] = Some(stone);
    /// #     chains.add(board, &cells, at(label));
    /// # }
    /// // Black E5 and E6, White E4. Black's chain is taken:
    /// let h = chains.head(at("E5"));
    /// let stones: Vec<NodeId> = chains.stones(h).collect();
    /// for s in &stones {
    ///     cells[s.idx()] = None;
    /// }
    /// chains.remove_chain(board, &cells, h);
    /// assert_eq!(chains.head(at("E6")), NodeId::NONE);
    /// assert_eq!(chains.pseudo_libs(chains.head(at("E4"))), 4, "White gained E5");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// use qipan::core::{PieceId, SeatId};
    ///
    /// # use qipan::core::{NodeId, Piece, rules::groups::Chains};
    /// # let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// # let board = &game.board;
    /// # let at = |label| board.find(label).unwrap();
    /// # let black = Piece { seat: SeatId(0), piece: PieceId::new(0) };
    /// let mut chains = Chains::new(board, board.relation("orthogonal").unwrap());
    /// let mut cells = vec![None; board.len()];
    /// for label in ["D5", "E5", "F5"] {
    ///     cells[at(label).idx()] = Some(black);
    ///     chains.add(board, &cells, at(label));
    /// }
    /// assert_eq!(chains.size(chains.head(at("D5"))), 3);
    /// cells[at("E5").idx()] = None;
    /// chains.remove_one(board, &cells, at("E5"));
    /// assert_ne!(chains.head(at("D5")), chains.head(at("F5")), "split in two");
    /// assert_eq!(chains.size(chains.head(at("D5"))), 1);
    /// assert_eq!(chains.pseudo_libs(chains.head(at("D5"))), 4);
    /// assert_eq!(chains.head(at("E5")), NodeId::NONE);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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

    /// The first distinct liberties of the chain headed by `h`, written to `out` until it is full;
    /// returns how many (`out.len()`: at least that many). Walks the chain only until `out` is full:
    /// the hot path's test for atari (one liberty) without a set.
    pub(crate) fn liberties_into(
        &self,
        board: &Board,
        cells: &[Option<Piece>],
        h: NodeId,
        out: &mut [NodeId],
    ) -> usize {
        let mut found = 0;
        if self.libs[h.idx()] == 0 || out.is_empty() {
            return 0;
        }
        for s in self.stones(h) {
            for e in board.edges(self.rel, s) {
                if cells[e.to.idx()].is_none() && !out[..found].contains(&e.to) {
                    out[found] = e.to;
                    found += 1;
                    if found == out.len() {
                        return found;
                    }
                }
            }
        }
        found
    }

    /// Counts true liberties of the chain headed by `h` (distinct empty neighbours); for tests and
    /// tools, not the hot path.
    ///
    /// ```
    /// # use qipan::core::{NodeId, notation::parse_move};
    /// # let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// # let mut pos = game.start();
    /// # for text in ["E5", "A1", "E6", "A9", "D6"] {
    /// #     pos.play(&parse_move(&pos, text)?)?;
    /// # }
    /// # let at = |label| game.board.find(label).unwrap();
    /// // Black: E5, E6 and D6; White: A1 and A9.
    /// let chains = pos.chains().unwrap();
    /// let liberties = |label| chains.liberties(&game.board, pos.cells(), chains.head(at(label)));
    /// assert_eq!(liberties("E5"), 7);
    /// assert_eq!(liberties("A1"), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
///
/// ```
/// use qipan::core::{notation::parse_move, rules::groups::ChainIter};
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// for text in ["E5", "A1", "E6"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// let chains = pos.chains().unwrap();
/// let e6 = game.board.find("E6").unwrap();
/// let stones: ChainIter = chains.stones(chains.head(e6));
/// assert_eq!(stones.count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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

#[cfg(test)]
mod tests {
    use crate::rules::{Cond, GroupCapture, PassRule, Pattern, Rules};
    use crate::testkit::*;

    /// Stones placed on a 3×3 board, chains over the orthogonals.
    fn stones(suicide_allowed: bool) -> std::sync::Arc<crate::Game> {
        let b = board(3, 3, &[]);
        let relation = rel(&b, "orthogonal");
        let rules = Rules {
            group_capture: Some(GroupCapture { relation, suicide_allowed }),
            pass: PassRule::Always,
            ..Rules::default()
        };
        game(b, vec![piece("stone", vec![rule(Pattern::Place, Cond::Empty)])], rules)
    }

    #[test]
    fn chains_and_their_liberties() {
        let pos = position(
            &stones(false),
            &[("a1", BLACK, PieceId::new(0)), ("a2", BLACK, PieceId::new(0)), ("b1", WHITE, PieceId::new(0))],
            WHITE,
        );
        let (b, chains) = (&pos.game().board, pos.chains().unwrap());
        let black = chains.head(node(b, "a1"));
        assert_eq!(chains.head(node(b, "a2")), black);
        assert_eq!(chains.size(black), 2);
        // a1 touches a2 and White's b1; a2 touches a3 and b2.
        assert_eq!(chains.liberties(b, pos.cells(), black), 2);
        assert_eq!(chains.pseudo_libs(black), 2);
        // White's b1: a1 is Black's, b2 and c1 are free.
        assert_eq!(chains.liberties(b, pos.cells(), chains.head(node(b, "b1"))), 2);
    }

    #[test]
    fn the_last_liberty_taken_captures_the_chain() {
        let g = stones(false);
        let mut pos = position(
            &g,
            &[
                ("a1", BLACK, PieceId::new(0)),
                ("a2", BLACK, PieceId::new(0)),
                ("b1", WHITE, PieceId::new(0)),
                ("b2", WHITE, PieceId::new(0)),
            ],
            WHITE,
        );
        play(&mut pos, "a3");
        assert_eq!((pos.cell(node(&g.board, "a1")), pos.cell(node(&g.board, "a2"))), (None, None));
        assert_eq!(pos.captures(), [2, 0]);
        let chains = pos.chains().unwrap();
        // White's b1 and b2 now have a1, c1, a2, c2 and b3.
        assert_eq!(chains.liberties(&g.board, pos.cells(), chains.head(node(&g.board, "b1"))), 5);
    }

    #[test]
    fn suicide_is_refused_unless_allowed_and_a_capture_is_no_suicide() {
        // Black to play in the corner a1 between White's a2 and b1.
        let corner = [("a2", WHITE, PieceId::new(0)), ("b1", WHITE, PieceId::new(0))];
        let pos = position(&stones(false), &corner, BLACK);
        assert!(!legal(&pos).contains(&"a1".to_string()));
        assert_eq!(legal(&pos).len(), 6 + 1, "the six other empty points and pass");
        let mut pos = position(&stones(true), &corner, BLACK);
        play(&mut pos, "a1");
        assert_eq!(pos.cell(node(&pos.game().board, "a1")), None, "the stone took itself off");
        assert_eq!(pos.captures(), [1, 0], "counted for White");
        // With Black on a3, b2 and c1, a1 takes the last liberties of both white stones instead.
        let around = [
            &corner[..],
            &[("a3", BLACK, PieceId::new(0)), ("b2", BLACK, PieceId::new(0)), ("c1", BLACK, PieceId::new(0))],
        ]
        .concat();
        let mut pos = position(&stones(false), &around, BLACK);
        play(&mut pos, "a1");
        assert_eq!(pos.cells().iter().flatten().filter(|p| p.seat == WHITE).count(), 0);
        assert_eq!(pos.captures(), [0, 2]);
    }
}
