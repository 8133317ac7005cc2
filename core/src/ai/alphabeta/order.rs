//! Move ordering: the table's move first, then captures by the value of what they take (the most
//! valuable victim, the least valuable attacker first), then the two killer moves of the ply, then
//! the rest by the history heuristic.

use super::eval::Evaluator;
use crate::board::NodeId;
use crate::moves::Move;
use crate::position::Position;

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 28;
const PROMOTION: i32 = 1 << 27;
const KILLER: [i32; 2] = [(1 << 26) + 1, 1 << 26];
/// History scores are kept below this.
const HISTORY_CAP: i32 = 1 << 25;

/// Killer moves per ply and history counts per (from, to), allocated once per game.
#[derive(Clone, Debug, Default)]
pub(super) struct Ordering {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    /// Nodes of the board plus one (for "no node").
    side: usize,
}

impl Ordering {
    /// Makes ready for a board of `nodes` nodes and searches of up to `plies` plies, forgetting killers
    /// and aging the history.
    pub(super) fn prepare(&mut self, nodes: usize, plies: usize) {
        let side = nodes + 1;
        if self.side != side {
            self.side = side;
            self.history = vec![0; side * side];
        } else {
            self.history.iter_mut().for_each(|h| *h /= 8);
        }
        self.killers.clear();
        self.killers.resize(plies, [None, None]);
    }

    #[inline]
    fn slot(&self, mv: &Move) -> usize {
        let idx = |n: NodeId| if n.is_some() { n.idx() + 1 } else { 0 };
        (idx(mv.from) * self.side + idx(mv.to)).min(self.history.len().saturating_sub(1))
    }

    /// A quiet move caused a cut at `ply` with `depth` plies left.
    pub(super) fn cut(&mut self, mv: Move, ply: usize, depth: u32) {
        if let Some(k) = self.killers.get_mut(ply)
            && k[0] != Some(mv)
        {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let i = self.slot(&mv);
        if let Some(h) = self.history.get_mut(i) {
            *h += (depth * depth) as i32;
            if *h > HISTORY_CAP {
                self.history.iter_mut().for_each(|h| *h /= 2);
            }
        }
    }

    /// The ordering key of each move into `keys` (higher first); whether each is a capture is told by the
    /// victims' value (0 for none).
    pub(super) fn score(
        &self,
        pos: &Position,
        moves: &[Move],
        tt_move: Option<Move>,
        ply: usize,
        eval: &Evaluator,
        keys: &mut Vec<i32>,
    ) {
        keys.clear();
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        for mv in moves {
            let key = if Some(*mv) == tt_move {
                TT_MOVE
            } else {
                let victims = eval.victims(pos, mv, None);
                if victims > 0 {
                    CAPTURE + victims.min(1 << 20) * 64 - (eval.value(mv.piece) / 16).clamp(0, 63)
                } else if let Some(p) = mv.promote {
                    PROMOTION + eval.value(p)
                } else if killers[0] == Some(*mv) {
                    KILLER[0]
                } else if killers[1] == Some(*mv) {
                    KILLER[1]
                } else {
                    self.history.get(self.slot(mv)).copied().unwrap_or(0)
                }
            };
            keys.push(key);
        }
    }
}

/// Moves the best remaining move (by `keys`) to `i` in both slices.
#[inline]
pub(super) fn pick(moves: &mut [Move], keys: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..keys.len() {
        if keys[j] > keys[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    keys.swap(i, best);
}
