//! Jumps ([`Pattern::Jump`]): over the adjacent node along one direction, which must satisfy a
//! condition, onto the node just beyond it (the jump of draughts, Halma and Alquerque; what happens to
//! the piece jumped over is the business of the rule's capture, not of the pattern).
//!
//! ```
//! use qipan::core::SeatId;
//! use qipan::core::rules::{Scratch, pattern::generate};
//!
//! let src = "name: jumpers
//! board: { grid: { width: 5, height: 5, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   man: { moves: jump orthogonal over any to empty }
//! setup:
//!   - { seat: white, piece: man, at: [c3] }
//!   - { seat: black, piece: man, at: [c4, d3, c1] }
//!   - { seat: white, piece: man, at: [b3, a3] }
//! ";
//! let game = qipan::load_str("jumpers.yaml", src, &[])?;
//! let pos = game.start();
//! let man = game.piece("man").unwrap();
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! generate(&game.pieces[0].moves[0], &pos, SeatId(0), man, game.board.find("c3").unwrap(), &mut scratch, &mut out);
//! let mut to: Vec<&str> = out.iter().map(|m| game.board.label(m.to)).collect();
//! to.sort();
//! // Over c4 and d3 (friend or enemy alike); a3 beyond b3 is taken by a friend; c2 is empty, so
//! // there is nothing to jump over downwards.
//! assert_eq!(to, ["c5", "e3"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{DirSel, Gen, Line};
use crate::board::RelationId;
use crate::rules::Cond;

impl Gen<'_> {
    /// The moves of `jump relation.dirs over cond`.
    #[inline]
    pub(super) fn jump(&mut self, relation: RelationId, dirs: &DirSel, over: &Cond) {
        if self.rule.chain || self.rule.capture == super::CaptureMode::Jumped {
            return self.jump_path(relation, dirs, over);
        }
        let (pos, from) = (self.pos, self.from);
        for &d in self.dirs(relation, dirs, None).as_slice() {
            let mid = pos.next_open(relation, d, from);
            if !mid.is_some() || mid == from || !over.eval(pos, self.seat, mid) {
                continue;
            }
            let to = pos.next_open(relation, d, mid);
            if to.is_some() && to != from && to != mid {
                self.emit(to);
            }
        }
    }
}

/// The jumps from every node on the bare board, per seat (at `seat * nodes + node`): each direction
/// of `relation.dirs` with the node jumped over and the landing node, in the generator's order. Only
/// for relations none of whose steps passes over a node, so the board alone decides them.
pub(crate) fn jump_table(
    board: &crate::board::Board,
    relation_dirs: &[Vec<crate::board::DirectionId>],
    forwards: &[Vec<crate::board::DirectionId>],
    relation: RelationId,
    dirs: &DirSel,
) -> Vec<Vec<(crate::board::DirectionId, crate::board::NodeId, crate::board::NodeId)>> {
    let all = &relation_dirs[relation.0 as usize];
    let mut table = Vec::with_capacity(forwards.len() * board.len());
    for fwd in forwards {
        let chosen = super::choose_dirs_in(board, all, fwd, dirs, None);
        for from in board.node_ids() {
            let mut jumps = Vec::new();
            for &d in chosen.as_slice() {
                let mid = board.next(relation, d, from);
                if !mid.is_some() || mid == from {
                    continue;
                }
                let to = board.next(relation, d, mid);
                if to.is_some() && to != mid {
                    jumps.push((d, mid, to));
                }
            }
            table.push(jumps);
        }
    }
    table
}

/// A jump's line: two steps along `relation.dirs`.
pub(super) fn line(relation: RelationId, dirs: &DirSel) -> Option<Line<'_>> {
    Some(Line { relation, dirs, min: 2, max: 2 })
}

#[cfg(test)]
mod tests {
    use crate::rules::{Cond, DirSel, Pattern, Rules};
    use crate::testkit::*;

    /// On 5×5: a jumper over any piece (to empty or enemy), one over enemies only, and a post.
    fn jumpers() -> std::sync::Arc<crate::Game> {
        let b = board(5, 5, &[]);
        let orth = rel(&b, "orthogonal");
        let jump = |over| Pattern::Jump { relation: orth, dirs: DirSel::All, over };
        let pieces = vec![
            piece("jumper", vec![rule(jump(Cond::Not(Box::new(Cond::Empty))), empty_or_enemy())]),
            piece("striker", vec![rule(jump(Cond::Enemy), Cond::Empty)]),
            piece("post", vec![]),
        ];
        game(b, pieces, Rules::default())
    }

    #[test]
    fn over_the_adjacent_piece_only() {
        // c3 jumps over c4 (friend) to c5 and over d3 (enemy) onto e3 (an enemy: taken by displacement).
        // b3 is empty, so nothing is jumped westwards; c2 is empty with a post behind it on c1.
        let pos = position(
            &jumpers(),
            &[
                ("c3", WHITE, PieceId::new(0)),
                ("c4", WHITE, PieceId::new(2)),
                ("d3", BLACK, PieceId::new(2)),
                ("e3", BLACK, PieceId::new(2)),
                ("c1", WHITE, PieceId::new(2)),
            ],
            WHITE,
        );
        assert_eq!(generated(&pos, "c3", 0), ["c3-c5", "c3-e3"]);
    }

    #[test]
    fn the_middle_condition_and_the_edge() {
        // The striker jumps enemies only: over b2 onto b3, not over its friends on a1 and c1.
        let pos = position(
            &jumpers(),
            &[
                ("b1", WHITE, PieceId::new(1)),
                ("b2", BLACK, PieceId::new(2)),
                ("a1", WHITE, PieceId::new(2)),
                ("c1", WHITE, PieceId::new(2)),
            ],
            WHITE,
        );
        assert_eq!(generated(&pos, "b1", 0), ["b1-b3"]);
        // Jumping off the board gives nothing: e5 over e4 lands on e3, over d5 on c5; nothing past the edge.
        let pos = position(
            &jumpers(),
            &[("e5", WHITE, PieceId::new(0)), ("e4", BLACK, PieceId::new(2)), ("d5", BLACK, PieceId::new(2))],
            WHITE,
        );
        assert_eq!(generated(&pos, "e5", 0), ["e5-c5", "e5-e3"]);
    }
}
