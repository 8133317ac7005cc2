//! Keeping the tree from move to move: the part of the last search's tree below the position the game
//! has reached becomes the new tree, with everything its iterations learnt.

use super::CutEval;
use super::MctsAgent;
use super::tree::NONE;
use crate::ai::judge::{fills_up, scored};
use crate::position::Position;
use std::sync::Arc;

/// The most plies between two searches the tree is kept across (a round of up to eight seats).
const MAX_GAP: u32 = 8;

/// The most positions looked at to find the new root in the old tree.
const MAX_STEPS: u32 = 4096;

/// Tree reuse ([`MctsConfig::reuse`](super::MctsConfig::reuse)).
///
/// ```
/// use qipan::core::ai::{AgentRng, MctsAgent, MctsConfig};
/// use rand::SeedableRng;
///
/// // After a search, the move it chose and the reply it expected most: the next search starts from
/// // what the first learnt below them, so its moves have more visits than its own iterations.
/// let game = qipan::load("go", &[("size".into(), "5".into())])?;
/// let mut mcts = MctsAgent::new(MctsConfig { iterations: Some(400), ..MctsConfig::default() });
/// let mut rng = AgentRng::seed_from_u64(1);
/// let mut pos = game.start();
/// mcts.search(&pos, &mut rng)?;
/// let line = mcts.principal_variation();
/// pos.play(&line[0])?;
/// pos.play(&line[1])?;
/// let visits: u32 = mcts.search(&pos, &mut rng)?.iter().map(|c| c.1).sum();
/// assert_eq!(mcts.last_iterations(), 400);
/// assert!(visits > 400, "{visits}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl MctsAgent {
    /// Makes the node of the last search's tree that `pos` is, a few plies below its root, the root of
    /// the tree, dropping the rest. False (the tree is to be built anew) when the last search was of
    /// another game or of no earlier position, `pos` is not in its expanded tree, or its cut playouts
    /// were judged by material measured from a root with other material than `pos` has.
    pub(super) fn reuse_tree(&mut self, pos: &Position) -> bool {
        let Some(last) = self.last_root.take() else { return false };
        let kept = self.config.reuse && self.reroot(&last, pos);
        // Kept for its buffers: the search copies its root into it.
        self.last_root = Some(last);
        kept
    }

    /// [`MctsAgent::reuse_tree`] from the last search's root, `last`.
    fn reroot(&mut self, last: &Position, pos: &Position) -> bool {
        let gap = pos.ply().wrapping_sub(last.ply());
        if self.nodes.is_empty() || !Arc::ptr_eq(last.game_arc(), pos.game_arc()) || !(1..=MAX_GAP).contains(&gap) {
            return false;
        }
        // Cut playouts judged by material gained since the root: the same judgement only if the new root
        // has the material the old one had.
        let by_material = !scored(pos) && !fills_up(pos.game()) && self.config.eval == CutEval::Material;
        if by_material {
            Self::material_scores(pos, &mut self.score);
            if self.score != self.base {
                return false;
            }
        }
        let mut steps = MAX_STEPS;
        // A node never expanded holds one playout: not worth keeping.
        let Some(root) =
            self.find(0, last, pos, gap, &mut steps).filter(|&n| self.nodes[n as usize].first_child != NONE)
        else {
            return false;
        };
        self.keep_subtree(root);
        true
    }

    /// The node below `node` (whose position is `at`), `left` plies down the visited part of the tree,
    /// whose position is `target`; at most `steps` moves are played looking.
    fn find(&self, node: u32, at: &Position, target: &Position, left: u32, steps: &mut u32) -> Option<u32> {
        if left == 0 {
            return (at.search_key() == target.search_key()).then_some(node);
        }
        for (child, ch) in self.children(node as usize) {
            // The last ply is the move that made `target`.
            if ch.visits == 0 || (left == 1 && target.last_move() != Some(ch.mv)) || *steps == 0 {
                continue;
            }
            *steps -= 1;
            let mut next = at.clone();
            if next.play_unchecked(&ch.mv).is_err() {
                continue;
            }
            if let Some(found) = self.find(child as u32, &next, target, left - 1, steps) {
                return Some(found);
            }
        }
        None
    }

    /// Keeps the subtree of `root` alone, `root` first, children still contiguous (breadth first).
    fn keep_subtree(&mut self, root: u32) {
        let seats = self.seats;
        let mut nodes = std::mem::take(&mut self.spare.0);
        let mut sums = std::mem::take(&mut self.spare.1);
        let mut proofs = std::mem::take(&mut self.spare.2);
        nodes.clear();
        sums.clear();
        proofs.clear();
        let mut copy = |old: usize, parent: u32, nodes: &mut Vec<super::tree::Node>| {
            let mut node = self.nodes[old].clone();
            node.parent = parent;
            nodes.push(node);
            sums.extend_from_slice(&self.sums[old * seats..(old + 1) * seats]);
            proofs.extend_from_slice(&self.proofs[old * seats..(old + 1) * seats]);
        };
        copy(root as usize, NONE, &mut nodes);
        let mut i = 0;
        while i < nodes.len() {
            // Still the old tree's index: a node's children are copied when it is reached.
            let (first, count) = (nodes[i].first_child, nodes[i].children);
            if first != NONE {
                nodes[i].first_child = nodes.len() as u32;
                for old in first..first + count {
                    copy(old as usize, i as u32, &mut nodes);
                }
            }
            i += 1;
        }
        self.spare = (
            std::mem::replace(&mut self.nodes, nodes),
            std::mem::replace(&mut self.sums, sums),
            std::mem::replace(&mut self.proofs, proofs),
        );
    }
}
