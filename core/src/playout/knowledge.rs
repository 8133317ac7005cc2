//! Prior knowledge of moves, for the search tree of games that capture chains by their liberties (Go and
//! its kin): each move of a new node starts with virtual simulations, won or lost, from what the
//! playouts know — captures, escapes from atari, the definition's 3×3 shapes, stones given away — and
//! from where it is: near the last move, and on which line of an empty part of the board. The tree then
//! tries the moves that look right first and trusts its own results as they come in. The figures are
//! those of the michi program (after Pachi and Fuego), which tuned them for Go.

use super::atari::liberties_after;
use super::buf::last_placed;
use crate::board::{Board, NodeId, RelationId};
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use std::collections::VecDeque;

/// A move's virtual simulations: how many, and how many the mover won.
///
/// ```
/// use qipan::core::playout::Prior;
///
/// let prior = Prior { visits: 10.0, wins: 5.0 };
/// assert_eq!(prior.wins / prior.visits, 0.5);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Prior {
    /// Simulations.
    pub visits: f32,
    /// Simulations the mover won.
    pub wins: f32,
}

impl Prior {
    /// Adds `n` simulations, all won or all lost.
    fn add(&mut self, n: f32, won: bool) {
        self.visits += n;
        if won {
            self.wins += n;
        }
    }
}

/// Judges the moves of positions, reusing its buffers from one position to the next.
///
/// ```
/// use qipan::core::notation::parse_move;
/// use qipan::core::playout::Knowledge;
///
/// // White's E5 has one liberty left, E4: taking it is worth more than any quiet move.
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// for text in ["D5", "A1", "F5", "A3", "E6", "E5"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// let moves = [parse_move(&pos, "E4")?, parse_move(&pos, "H8")?];
/// let mut knowledge = Knowledge::default();
/// let priors = knowledge.judge(&pos, &moves);
/// assert!(priors[0].wins > priors[1].wins);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Knowledge {
    /// Steps from the last stone placed, a chain of one side counting as one node (the "common fate
    /// graph"); [`FAR`] beyond [`Knowledge::NEAR`].
    from_last: Vec<u8>,
    /// Steps to the nearest stone; [`FAR`] beyond [`Knowledge::EMPTY_AREA`].
    from_stones: Vec<u8>,
    /// Steps to the board's rim (the nodes with fewer neighbours than the most any node has): the line a
    /// node is on, from 0; [`FAR`] beyond the third.
    line: Vec<u8>,
    queue: VecDeque<NodeId>,
    priors: Vec<Prior>,
}

/// A distance not measured: farther than the knowledge looks.
const FAR: u8 = u8::MAX;

/// The figures, in simulations.
///
/// ```
/// use qipan::core::playout::Knowledge;
///
/// assert_eq!(Knowledge::NEAR.len(), 3);
/// assert!(Knowledge::CAPTURE_MANY > Knowledge::CAPTURE_ONE);
/// ```
impl Knowledge {
    /// Every move: half won, so that a move's first few results do not decide its value.
    pub const EVEN: f32 = 10.0;
    /// A placement that takes one stone, won.
    pub const CAPTURE_ONE: f32 = 15.0;
    /// A placement that takes more than one, won.
    pub const CAPTURE_MANY: f32 = 30.0;
    /// A placement that saves a chain of the mover's in atari, leaving it at least three liberties, won.
    pub const ESCAPE: f32 = 15.0;
    /// A placement beside the last move where one of the definition's shapes matches, won.
    pub const SHAPE: f32 = 10.0;
    /// A stone left in atari without taking anything, lost.
    pub const SELF_ATARI: f32 = 10.0;
    /// A placement one, two or three steps from the last stone placed (a chain one step), won.
    pub const NEAR: [f32; 3] = [24.0, 22.0, 8.0];
    /// A placement with no stone within three steps: lost on the first two lines, won on the third.
    pub const EMPTY_AREA: f32 = 10.0;

    /// The priors of `moves` in `pos`, in their order: nothing but [`Knowledge::EVEN`] for moves that
    /// place no stone, and nothing at all in games that do not capture chains by their liberties.
    pub fn judge(&mut self, pos: &Position, moves: &[Move]) -> &[Prior] {
        self.priors.clear();
        let game = pos.game();
        let (Some(chains), Some(gc)) = (pos.chains(), &game.rules.group_capture) else {
            self.priors.resize(moves.len(), Prior::default());
            return &self.priors;
        };
        let (board, cells, rel) = (&game.board, pos.cells(), gc.relation);
        let last = last_placed(pos);
        self.measure(pos, board, rel, last);
        let me = pos.to_move();
        for mv in moves {
            let mut prior = Prior { visits: Knowledge::EVEN, wins: Knowledge::EVEN / 2.0 };
            let n = mv.to;
            if mv.kind != MoveKind::Place || !n.is_some() || cells[n.idx()].is_some() {
                self.priors.push(prior);
                continue;
            }
            // What it takes, and whether it saves a chain of the mover's in atari.
            let (mut taken, mut saves) = (0u32, false);
            let mut seen = [NodeId::NONE; 8];
            let mut libs = [NodeId::NONE; 2];
            for (k, e) in board.edges(rel, n).iter().enumerate().take(seen.len()) {
                let Some(p) = cells[e.to.idx()] else { continue };
                let h = chains.head(e.to);
                if seen[..k].contains(&h) {
                    continue;
                }
                seen[k] = h;
                if chains.liberties_into(board, cells, h, &mut libs) != 1 {
                    continue;
                }
                if pos.hostile(me, p.seat) {
                    taken += u32::from(chains.size(h));
                } else if pos.same_side(me, p.seat) {
                    saves = true;
                }
            }
            match taken {
                0 => {}
                1 => prior.add(Knowledge::CAPTURE_ONE, true),
                _ => prior.add(Knowledge::CAPTURE_MANY, true),
            }
            if taken == 0 {
                let liberties = liberties_after(pos, n, 3);
                if saves && liberties >= 3 {
                    prior.add(Knowledge::ESCAPE, true);
                }
                if liberties < 2 {
                    prior.add(Knowledge::SELF_ATARI, false);
                }
            }
            if let (Some(patterns), Some(last)) = (&game.patterns, last)
                && patterns.around(last).contains(&n)
                && patterns.matches(pos, n)
            {
                prior.add(Knowledge::SHAPE, true);
            }
            if let Some(&near) = Knowledge::NEAR.get(usize::from(self.from_last[n.idx()]).wrapping_sub(1)) {
                prior.add(near, true);
            }
            if self.from_stones[n.idx()] == FAR {
                match self.line[n.idx()] {
                    0 | 1 => prior.add(Knowledge::EMPTY_AREA, false),
                    2 => prior.add(Knowledge::EMPTY_AREA, true),
                    _ => {}
                }
            }
            self.priors.push(prior);
        }
        &self.priors
    }

    /// Measures the three distances of every node.
    fn measure(&mut self, pos: &Position, board: &Board, rel: RelationId, last: Option<NodeId>) {
        let cells = pos.cells();
        let nodes = board.len();
        // The stones.
        reset(&mut self.from_stones, nodes);
        for n in board.node_ids().filter(|n| cells[n.idx()].is_some()) {
            self.from_stones[n.idx()] = 0;
            self.queue.push_back(n);
        }
        spread(board, rel, &mut self.from_stones, &mut self.queue, Knowledge::NEAR.len() as u8, |_, _| false);
        // The last stone, stepping along its chains for free.
        reset(&mut self.from_last, nodes);
        if let (Some(last), Some(chains)) = (last, pos.chains()) {
            self.from_last[last.idx()] = 0;
            self.queue.push_back(last);
            let same_chain = |a: NodeId, b: NodeId| {
                cells[a.idx()].is_some() && cells[b.idx()].is_some() && chains.head(a) == chains.head(b)
            };
            spread(board, rel, &mut self.from_last, &mut self.queue, Knowledge::NEAR.len() as u8, same_chain);
        }
        // The rim (the nodes with fewer neighbours than the most any node has), where a node is far from
        // the stones: only there is the line read.
        if self.from_stones.iter().all(|&d| d != FAR) {
            return;
        }
        let degree = |n: NodeId| board.edges(rel, n).len();
        let most = board.node_ids().map(degree).max().unwrap_or(0);
        reset(&mut self.line, nodes);
        for n in board.node_ids().filter(|&n| degree(n) < most) {
            self.line[n.idx()] = 0;
            self.queue.push_back(n);
        }
        spread(board, rel, &mut self.line, &mut self.queue, 2, |_, _| false);
    }
}

/// Sets `dist` to `nodes` unmeasured distances.
fn reset(dist: &mut Vec<u8>, nodes: usize) {
    dist.clear();
    dist.resize(nodes, FAR);
}

/// Spreads the distances in `dist` from the nodes in `queue` along `rel`, up to `cap` steps (farther
/// nodes stay [`FAR`]); a step from `a` to `b` is free where `free(a, b)`.
fn spread(
    board: &Board,
    rel: RelationId,
    dist: &mut [u8],
    queue: &mut VecDeque<NodeId>,
    cap: u8,
    free: impl Fn(NodeId, NodeId) -> bool,
) {
    while let Some(n) = queue.pop_front() {
        let d = dist[n.idx()];
        for e in board.edges(rel, n) {
            let step = u8::from(!free(n, e.to));
            let to = d + step;
            if to <= cap && to < dist[e.to.idx()] {
                dist[e.to.idx()] = to;
                if step == 0 {
                    queue.push_front(e.to);
                } else {
                    queue.push_back(e.to);
                }
            }
        }
    }
}
