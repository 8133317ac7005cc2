//! Buffers for the goals' flood fills ([`EncloseGoal`](super::EncloseGoal), [`FortGoal`](super::FortGoal)),
//! kept in the position and reused so that a fill allocates nothing once the buffers have grown.
//!
//! A fill marks nodes with one of two labels (an enclosure uses one; a fort marks its inside with the
//! first and its wall with the second). A mark is the fill's number, so starting a fill clears every
//! mark without touching them.

use crate::board::NodeId;

/// A mark per node (the number of the fill that last reached it, plus its label), the nodes still to
/// visit, and a list of nodes a fill sets aside (a fort's wall).
#[derive(Debug, Default)]
pub(crate) struct Flood {
    mark: Vec<u32>,
    stamp: u32,
    pub(super) todo: Vec<NodeId>,
    pub(super) aside: Vec<NodeId>,
}

/// Scratch space: a copy starts empty, and copying into a position keeps its own buffers.
impl Clone for Flood {
    fn clone(&self) -> Self {
        Flood::default()
    }

    fn clone_from(&mut self, _: &Self) {}
}

impl Flood {
    /// A fresh fill over `nodes` nodes: every node unmarked, nothing to visit or set aside.
    pub(super) fn start(&mut self, nodes: usize) {
        // Fills are numbered by twos: `stamp` is this fill's first label, `stamp + 1` its second, and
        // both are below the next fill's.
        if self.mark.len() != nodes || self.stamp >= u32::MAX - 2 {
            self.mark.clear();
            self.mark.resize(nodes, 0);
            self.stamp = 0;
        }
        self.stamp += 2;
        self.todo.clear();
        self.aside.clear();
    }

    /// Marks `n` with the first label, and says whether this fill had not marked it yet.
    #[inline]
    pub(super) fn visit(&mut self, n: NodeId) -> bool {
        self.label(n, 0)
    }

    /// Marks `n` with the second label, and says whether this fill had not marked it yet.
    #[inline]
    pub(super) fn set_aside(&mut self, n: NodeId) -> bool {
        self.label(n, 1)
    }

    /// Whether this fill marked `n`, with either label.
    #[inline]
    pub(super) fn marked(&self, n: NodeId) -> bool {
        self.mark[n.idx()] >= self.stamp
    }

    #[inline]
    fn label(&mut self, n: NodeId, label: u32) -> bool {
        let m = &mut self.mark[n.idx()];
        if *m >= self.stamp {
            return false;
        }
        *m = self.stamp + label;
        true
    }
}
