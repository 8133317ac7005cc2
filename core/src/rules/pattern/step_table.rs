//! One-step moves looked up rather than worked out. When every movement rule of a game is a single
//! step along a relation whose destination is judged by its occupant alone (Breakthrough's
//! `step orthogonal.forward to empty` and `step diagonal.forward to empty or enemy`), the steps from
//! each node are listed once per seat and piece type, and a piece's moves are read off its list: the
//! same moves, in the same order, as the rules' own generators make.
//!
//! ```
//! use qipan::core::MoveBuf;
//!
//! // Breakthrough's moves come from the table; chess has slides, so it has none.
//! let game = qipan::load("breakthrough", &[])?;
//! assert!(game.has_step_table());
//! assert!(!qipan::load("chess", &[])?.has_step_table());
//! let mut buf = MoveBuf::default();
//! game.start().generate_legal(&mut buf);
//! assert_eq!(buf.moves.len(), 22); // 8 pieces with 3 steps, less the 2 off the board's edges
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{DirSel, Pattern, emit::plain_allows};
use crate::board::NodeId;
use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Cond;
use crate::{PieceId, SeatId};

/// The steps of every piece type of a game from every node, per seat.
#[derive(Clone, Debug)]
pub(crate) struct StepTable {
    /// The steps of piece type `p` of seat `s` from node `n` are `steps[start[i]..start[i + 1]]`,
    /// with `i = (s * pieces + p) * nodes + n`.
    start: Vec<u32>,
    /// A destination, with the occupants its rule allows there (bits as [`super::MoveRule::plain_to`]).
    steps: Vec<(NodeId, u8)>,
    pieces: usize,
    nodes: usize,
}

impl StepTable {
    /// The table of `game`, when every rule of every piece is a plain step: a slide of one node in
    /// chosen directions (not every direction, which takes links too) along a relation whose steps
    /// jump over nothing, with no start or position condition, to a destination whose occupant alone
    /// decides, and no piece whose moves may need deduplicating.
    pub(crate) fn build(game: &Game) -> Option<StepTable> {
        let plain = |r: &super::MoveRule| match &r.pattern {
            Pattern::Slide { relation, dirs, min, max } => {
                *max == 1
                    && *min <= 1
                    && !matches!(dirs, DirSel::All)
                    && game.has_rays(*relation)
                    && r.plain_to != 0
                    && r.from == Cond::True
                    && r.when == Cond::True
                    && r.after == Cond::True
            }
            _ => false,
        };
        let rules = || game.pieces.iter().flat_map(|p| &p.moves);
        let any_repeat = game.piece_ids().any(|p| game.may_repeat(p));
        if rules().next().is_none() || !rules().all(plain) || any_repeat {
            return None;
        }
        let (board, nodes) = (&game.board, game.board.len());
        let mut table = StepTable { start: Vec::new(), steps: Vec::new(), pieces: game.pieces.len(), nodes };
        for seat in game.seat_ids() {
            for piece in &game.pieces {
                for from in board.node_ids() {
                    table.start.push(table.steps.len() as u32);
                    for rule in &piece.moves {
                        let Pattern::Slide { relation, dirs, .. } = &rule.pattern else { continue };
                        let all = game.relation_dirs(*relation);
                        let chosen = super::choose_dirs_in(board, all, game.seat_forward(seat), dirs, None);
                        for &d in chosen.as_slice() {
                            // The first node of the ray, as the slide's generator takes it.
                            if let Some(&to) = game.ray(*relation, d, from).and_then(|r| r.first()) {
                                table.steps.push((to, rule.plain_to));
                            }
                        }
                    }
                }
            }
        }
        table.start.push(table.steps.len() as u32);
        Some(table)
    }

    /// Adds the moves of the piece `piece` of `seat` standing on `from` to `out`.
    #[inline]
    pub(crate) fn moves_from(&self, pos: &Position, seat: SeatId, piece: PieceId, from: NodeId, out: &mut Vec<Move>) {
        let i = (seat.idx() * self.pieces + piece.idx()) * self.nodes + from.idx();
        for &(to, allowed) in &self.steps[self.start[i] as usize..self.start[i + 1] as usize] {
            if plain_allows(pos, seat, piece, allowed, to) {
                out.push(Move::step(piece, from, to));
            }
        }
    }
}
