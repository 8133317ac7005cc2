//! RAVE's bookkeeping ("all moves as first"): after each simulation, every child of a node on its path
//! whose placement the node's mover made later in the simulation shares in the simulation's reward.

use super::tree::{NONE, Node};
use crate::SeatId;
use crate::ai::player;
use crate::moves::{Move, MoveKind};
use crate::position::Position;

/// Which placements each player made in the current simulation, as stamps: `seen[p * keys + k] ==
/// stamp` when player `p` made placement `k`. A new simulation takes a new stamp instead of clearing.
#[derive(Clone, Debug, Default)]
pub(super) struct Amaf {
    seen: Vec<u32>,
    stamp: u32,
    keys: usize,
    pieces: usize,
}

impl Amaf {
    /// A move's key among placements: its node and piece type. Other moves have none: where a piece
    /// goes from somewhere says little of the same move played later.
    fn key(&self, mv: &Move) -> Option<usize> {
        let placement = matches!(mv.kind, MoveKind::Place | MoveKind::Drop) && !mv.with_to.is_some();
        (placement && mv.to.is_some()).then(|| mv.to.idx() * self.pieces + mv.piece.idx())
    }

    /// Marks `mv`, made by player `p`, as seen in this simulation.
    fn mark(&mut self, p: SeatId, mv: &Move) {
        if let Some(k) = self.key(mv) {
            self.seen[p.idx() * self.keys + k] = self.stamp;
        }
    }

    /// Shares the simulation's `reward` (indexed by player) among the children of the nodes from `leaf`
    /// up to the root whose placement their node's mover made at or below the node: the tree's moves
    /// below it and the playout's moves `played`. `pos` is where the simulation ended.
    pub(super) fn update(
        &mut self,
        nodes: &mut [Node],
        leaf: u32,
        pos: &Position,
        played: &[(SeatId, Move)],
        reward: &[f64],
    ) {
        let game = pos.game();
        self.pieces = game.pieces.len().max(1);
        self.keys = game.board.len() * self.pieces;
        let size = game.seats.len() * self.keys;
        if self.seen.len() != size {
            self.seen.clear();
            self.seen.resize(size, 0);
            self.stamp = 0;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        for (seat, mv) in played {
            self.mark(player(pos, *seat), mv);
        }
        let mut n = leaf;
        loop {
            let node = &nodes[n as usize];
            let (first, count, mover, parent, mv) = (node.first_child, node.children, node.mover, node.parent, node.mv);
            if first != NONE {
                let row = mover.idx() * self.keys;
                let r = reward[mover.idx()] as f32;
                for child in &mut nodes[first as usize..(first + count) as usize] {
                    if let Some(k) = self.key(&child.mv)
                        && self.seen[row + k] == self.stamp
                    {
                        child.amaf_visits += 1;
                        child.amaf_sum += r;
                    }
                }
            }
            if parent == NONE {
                break;
            }
            let by = nodes[parent as usize].mover;
            self.mark(by, &mv);
            n = parent;
        }
    }
}
