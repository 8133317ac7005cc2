//! Decisive and anti-decisive moves in playouts of line games: a seat that can complete a winning line
//! at once does, and otherwise takes the node where the next seat would complete one. Random playouts of
//! tic-tac-toe, Connect Four or Gomoku are noise without them: a side leaves its four open and the other
//! does not take the win. The nodes where a seat would win are kept as the playout goes, and looked for
//! only around each new piece, so a ply costs a few short walks, not a scan of the board.

use super::buf::placeable;
use crate::board::NodeId;
use crate::position::Position;
use crate::rules::{Cond, LineGoal};
use crate::{Game, PieceId, SeatId};

/// The nodes where each seat's placement would complete a winning line.
#[derive(Clone, Debug, Default)]
pub(super) struct Threats {
    /// Per seat, the nodes found; an entry goes stale when its node is filled or its line broken, and is
    /// dropped when next looked at.
    nodes: Vec<Vec<NodeId>>,
    /// Per node, bit `s` set while the node is in `nodes[s]`.
    listed: Vec<u32>,
}

/// The one piece placed.
const PIECE: PieceId = PieceId::new(0);

/// Whether `game`'s playouts can use decisive moves: its goals are lines that a placement of its one
/// piece completes and that win for the side that makes them (no line that loses, none made for another
/// seat), with no scripts to end the game elsewhere, and at most 32 seats.
pub(super) fn applies(game: &Game) -> bool {
    let lines = &game.rules.end.lines;
    !lines.is_empty()
        && game.hooks.is_none()
        && game.seats.len() <= 32
        && lines.iter().all(LineGoal::wins_for_maker)
        && lines.iter().any(counts_piece)
}

impl Threats {
    /// Finds every seat's winning nodes on `pos`, from scratch: those next to the runs through each piece
    /// on the board, as if it had just been placed.
    pub(super) fn start(&mut self, pos: &Position) {
        let game = pos.game();
        self.nodes.resize_with(game.seats.len(), Vec::new);
        self.nodes.iter_mut().for_each(Vec::clear);
        self.listed.clear();
        self.listed.resize(game.board.len(), 0);
        for n in game.board.node_ids() {
            if let Some(p) = pos.cell(n) {
                self.after_placing(pos, n, p.seat);
            }
        }
    }

    /// Adds the winning nodes `seat`'s piece just placed on `at` makes: along each axis of each line, the
    /// first node past the run of its pieces through `at`, both ways. Only there can a new line be one
    /// piece short, and only along that axis.
    pub(super) fn after_placing(&mut self, pos: &Position, at: NodeId, seat: SeatId) {
        let board = &pos.game().board;
        for goal in pos.game().rules.end.lines.iter().filter(|g| counts_piece(g)) {
            for &axis @ (rel, d, back) in &goal.axes {
                for dir in [Some(d), back].into_iter().flatten() {
                    let mut n = board.next(rel, dir, at);
                    while n.is_some() && n != at && pos.cell(n).is_some_and(|p| pos.same_side(p.seat, seat)) {
                        n = board.next(rel, dir, n);
                    }
                    if n.is_some() && n != at && pos.cell(n).is_none() && goal.meets_along(pos, n, seat, axis) {
                        self.list(n, seat);
                    }
                }
            }
        }
    }

    /// The node the seat to move should take, if any: one where it wins at once, else one where a seat
    /// that moves later would. `to` and `required` are the placement's tests, as for a random draw.
    pub(super) fn pick(&mut self, pos: &Position, to: Option<&Cond>, required: bool) -> Option<NodeId> {
        let mover = pos.to_move();
        let playable = |n: NodeId| placeable(pos, mover, n, to, required);
        if let Some(n) = self.find(pos, mover, playable) {
            return Some(n);
        }
        let mut others = pos.game().seat_ids().filter(|&s| s != mover && pos.is_alive(s) && !pos.same_side(s, mover));
        others.find_map(|s| self.find(pos, s, playable))
    }

    /// The first of `seat`'s winning nodes that `playable` allows, dropping the stale ones on the way.
    fn find(&mut self, pos: &Position, seat: SeatId, playable: impl Fn(NodeId) -> bool) -> Option<NodeId> {
        let list = self.nodes.get_mut(seat.idx())?;
        let mut i = 0;
        while i < list.len() {
            let n = list[i];
            if !wins_there(pos, n, seat) {
                list.swap_remove(i);
                self.listed[n.idx()] &= !(1 << seat.idx());
                continue;
            }
            if playable(n) {
                return Some(n);
            }
            i += 1;
        }
        None
    }

    fn list(&mut self, n: NodeId, seat: SeatId) {
        let bit = 1 << seat.idx();
        if self.listed[n.idx()] & bit == 0 {
            self.listed[n.idx()] |= bit;
            self.nodes[seat.idx()].push(n);
        }
    }
}

/// Whether `seat` placing on `n` would complete one of the game's lines.
fn wins_there(pos: &Position, n: NodeId, seat: SeatId) -> bool {
    pos.game().rules.end.lines.iter().any(|g: &LineGoal| g.made_by_placing(pos, n, seat, PIECE))
}

/// Whether the piece placed counts towards `goal`'s lines.
fn counts_piece(goal: &LineGoal) -> bool {
    goal.pieces.is_empty() || goal.pieces.contains(&PIECE)
}
