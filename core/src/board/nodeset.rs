//! A set of nodes as a bitset: a few machine words on the boards we play.

use super::NodeId;

/// A set of nodes of one board, stored as bits.
///
/// ```
/// use qipan::core::board::generators::{GridSpec, grid};
/// use qipan::core::board::NodeSet;
///
/// let board = grid(&GridSpec::new(9, 9))?.build()?;
/// let mut stars = NodeSet::new(board.len());
/// for label in ["C3", "G3", "E5", "C7", "G7"] {
///     stars.insert(board.find(label).unwrap());
/// }
/// assert_eq!(stars.count(), 5);
/// assert!(stars.contains(board.find("E5").unwrap()));
/// assert!(!stars.contains(board.find("E6").unwrap()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct NodeSet {
    words: Vec<u64>,
}

/// Adding, removing and testing nodes; counting, iterating and merging sets.
///
/// ```
/// use qipan::core::board::{NodeId, NodeSet};
///
/// let mut s = NodeSet::new(100);
/// s.insert(NodeId(70));
/// s.insert(NodeId(3));
/// s.remove(NodeId(70));
/// assert_eq!(s.iter().collect::<Vec<_>>(), [NodeId(3)]);
/// ```
impl NodeSet {
    /// An empty set able to hold nodes `0..len`.
    ///
    /// ```
    /// use qipan::core::board::{NodeId, NodeSet};
    ///
    /// let mut s = NodeSet::new(81);
    /// assert!(s.is_empty());
    /// s.insert(NodeId(80)); // the last node of a 9×9 board
    /// assert_eq!(s.count(), 1);
    /// ```
    pub fn new(len: usize) -> Self {
        NodeSet { words: vec![0; len.div_ceil(64)] }
    }

    /// Adds a node.
    ///
    /// # Panics
    ///
    /// If the node lies beyond the set's capacity (rounded up to a multiple of 64); a
    /// `NodeSet::default()` has none.
    ///
    /// ```
    /// use qipan::core::board::{NodeId, NodeSet};
    ///
    /// let mut s = NodeSet::new(130);
    /// s.insert(NodeId(129));
    /// s.insert(NodeId(129)); // already there
    /// s.insert(NodeId(0));
    /// assert_eq!(s.count(), 2);
    /// assert!(s.contains(NodeId(129)) && !s.contains(NodeId(128)));
    /// ```
    #[inline]
    pub fn insert(&mut self, n: NodeId) {
        self.words[n.idx() >> 6] |= 1 << (n.idx() & 63);
    }

    /// Removes a node.
    ///
    /// ```
    /// use qipan::core::board::{NodeId, NodeSet};
    ///
    /// let mut s = NodeSet::new(10);
    /// s.insert(NodeId(4));
    /// s.insert(NodeId(5));
    /// s.remove(NodeId(4));
    /// s.remove(NodeId(9)); // not in the set: nothing happens
    /// assert_eq!(s.iter().collect::<Vec<_>>(), [NodeId(5)]);
    /// ```
    #[inline]
    pub fn remove(&mut self, n: NodeId) {
        self.words[n.idx() >> 6] &= !(1 << (n.idx() & 63));
    }

    /// True if the node is in the set.
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let board = &game.board;
    /// let rank8 = board.zone_set(board.zone("rank8").unwrap());
    /// assert!(rank8.contains(board.find("e8").unwrap()));
    /// assert!(!rank8.contains(board.find("e7").unwrap()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn contains(&self, n: NodeId) -> bool {
        self.words[n.idx() >> 6] & (1 << (n.idx() & 63)) != 0
    }

    /// Empties the set without freeing memory.
    ///
    /// ```
    /// use qipan::core::board::{NodeId, NodeSet};
    ///
    /// let mut s = NodeSet::new(200);
    /// (0..200).step_by(3).for_each(|i| s.insert(NodeId(i)));
    /// assert_eq!(s.count(), 67);
    /// s.clear();
    /// assert!(s.is_empty());
    /// assert_eq!(s, NodeSet::new(200));
    /// ```
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }

    /// Number of nodes in the set.
    ///
    /// ```
    /// let game = qipan::load("xiangqi", &[])?;
    /// let board = &game.board;
    /// assert_eq!(board.zone_set(board.zone("red_palace").unwrap()).count(), 9);
    /// assert_eq!(board.zone_set(board.zone("red_side").unwrap()).count(), 45); // five ranks of nine
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True when no node is in the set.
    ///
    /// ```
    /// use qipan::core::board::{NodeId, NodeSet};
    ///
    /// let mut s = NodeSet::new(64);
    /// assert!(s.is_empty());
    /// s.insert(NodeId(63));
    /// assert!(!s.is_empty());
    /// s.remove(NodeId(63));
    /// assert!(s.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The nodes in the set, in index order.
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let board = &game.board;
    /// let rank1 = board.zone_set(board.zone("rank1").unwrap());
    /// let labels: Vec<&str> = rank1.iter().map(|n| board.label(n)).collect();
    /// assert_eq!(labels.concat(), "a1b1c1d1e1f1g1h1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut bits = w;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                Some(NodeId((i * 64) as u16 + b as u16))
            })
        })
    }

    /// Adds every node of `other`.
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let board = &game.board;
    /// let zone = |name| board.zone_set(board.zone(name).unwrap());
    /// let mut back_ranks = zone("rank1").clone();
    /// back_ranks.union_with(zone("rank8"));
    /// assert_eq!(back_ranks.count(), 16);
    /// assert!(back_ranks.contains(board.find("h8").unwrap()));
    /// assert!(!back_ranks.contains(board.find("h7").unwrap()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn union_with(&mut self, other: &NodeSet) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate() {
        let mut s = NodeSet::new(130);
        for i in [0u16, 63, 64, 129] {
            s.insert(NodeId(i));
        }
        assert_eq!(s.count(), 4);
        s.remove(NodeId(63));
        assert!(!s.contains(NodeId(63)));
        assert!(s.contains(NodeId(129)));
        assert_eq!(s.iter().map(|n| n.0).collect::<Vec<_>>(), vec![0, 64, 129]);
        s.clear();
        assert!(s.is_empty());
    }
}
