//! A set of nodes as a bitset: a few machine words on the boards we play.

use super::NodeId;

/// A set of nodes of one board, stored as bits.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct NodeSet {
    words: Vec<u64>,
}

impl NodeSet {
    /// An empty set able to hold nodes `0..len`.
    pub fn new(len: usize) -> Self {
        NodeSet { words: vec![0; len.div_ceil(64)] }
    }

    /// Adds a node.
    #[inline]
    pub fn insert(&mut self, n: NodeId) {
        self.words[n.idx() >> 6] |= 1 << (n.idx() & 63);
    }

    /// Removes a node.
    #[inline]
    pub fn remove(&mut self, n: NodeId) {
        self.words[n.idx() >> 6] &= !(1 << (n.idx() & 63));
    }

    /// True if the node is in the set.
    #[inline]
    pub fn contains(&self, n: NodeId) -> bool {
        self.words[n.idx() >> 6] & (1 << (n.idx() & 63)) != 0
    }

    /// Empties the set without freeing memory.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }

    /// Number of nodes in the set.
    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True when no node is in the set.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The nodes in the set, in index order.
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
