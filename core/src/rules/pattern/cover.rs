//! Placements covering two nodes ([`Pattern::Cover`], `place covering orthogonal`): a domino on a node
//! and a neighbour of it over a relation, both empty and allowed by the destination condition. The
//! move is a placement on the lower of the two nodes with the other in [`Move::with_to`], so a
//! domino is one move whichever end it is seen from, and the generator makes it once.
//!
//! ```
//! use qipan::core::{NodeId, PieceId, SeatId};
//! use qipan::core::notation::move_text;
//! use qipan::core::rules::{Scratch, pattern::generate};
//!
//! let src = "name: dominoes
//! board: { grid: { width: 3, height: 2, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   domino: { moves: place covering orthogonal }
//! setup:
//!   - { seat: black, piece: domino, at: [b1] }
//! ";
//! let game = qipan::load_str("dominoes.yaml", src, &[])?;
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! generate(&game.pieces[0].moves[0], &game.start(), SeatId(0), PieceId::new(0), NodeId::NONE, &mut scratch, &mut out);
//! let mut text: Vec<String> = out.iter().map(|m| move_text(&game, m)).collect();
//! text.sort();
//! // Each free pair once: a1+a2 and c1+c2 upright, a2+b2 and b2+c2 across the top row.
//! assert_eq!(text, ["a1+a2", "a2+b2", "b2+c2", "c1+c2"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{DirSel, Gen, Pattern};
use crate::SeatId;
use crate::board::{NodeId, RelationId};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{Cond, MoveRule};

/// The most neighbours of one node a covering looks at (a node of a board has far fewer).
const MOST: usize = 32;

/// The neighbours of a node that a covering may reach, each once, on the stack.
struct Near {
    len: usize,
    items: [NodeId; MOST],
}

impl Near {
    fn as_slice(&self) -> &[NodeId] {
        &self.items[..self.len]
    }

    fn push(&mut self, n: NodeId) {
        if n.is_some() && self.len < MOST && !self.as_slice().contains(&n) {
            self.items[self.len] = n;
            self.len += 1;
        }
    }
}

impl Gen<'_> {
    /// Every pair of free nodes, a node and a neighbour over `relation.dirs`, as one placement each.
    pub(super) fn cover(&mut self, relation: RelationId, dirs: &DirSel) {
        let (pos, piece) = (self.pos, self.piece);
        for n in pos.game().board.node_ids() {
            if !self.free(n) {
                continue;
            }
            let near = self.near(relation, dirs, n);
            for &m in near.as_slice() {
                // Each domino once: from its lower node, or from the only end that reaches the other.
                if m == n || !self.free(m) || (m < n && self.near(relation, dirs, m).as_slice().contains(&n)) {
                    continue;
                }
                self.out.push(Move::cover(piece, n, m));
            }
        }
    }

    /// Whether a piece of the mover may be placed on `n`: it is empty and the destination condition holds.
    #[inline]
    fn free(&self, n: NodeId) -> bool {
        let to = &self.rule.to;
        self.pos.cell(n).is_none() && (matches!(to, Cond::Empty) || to.eval(self.pos, self.seat, n))
    }

    /// The nodes one step from `n` over `relation` in the directions `dirs` (every edge, links included,
    /// when all directions are chosen).
    fn near(&self, relation: RelationId, dirs: &DirSel, n: NodeId) -> Near {
        let board = &self.pos.game().board;
        let mut near = Near { len: 0, items: [NodeId::NONE; MOST] };
        match dirs {
            DirSel::All => board.edges(relation, n).iter().for_each(|e| near.push(e.to)),
            _ => {
                for &d in self.dirs(relation, dirs, None).as_slice() {
                    near.push(board.next(relation, d, n));
                }
            }
        }
        near
    }
}

/// Whether the covering rule `rule` of `seat` places pieces on both `a` and `b`: both free, and one a
/// neighbour of the other over the rule's relation and directions (for [`Position::check`]).
pub(crate) fn covers(rule: &MoveRule, pos: &Position, seat: SeatId, a: NodeId, b: NodeId) -> bool {
    let Pattern::Cover { relation, dirs } = &rule.pattern else { return false };
    let mut none = Vec::new();
    let g = Gen {
        pos,
        seat,
        piece: crate::PieceId::new(0),
        from: NodeId::NONE,
        rule,
        out: &mut none,
        first_part: false,
        carried: 0,
    };
    a.is_some()
        && b.is_some()
        && a != b
        && g.free(a)
        && g.free(b)
        && (g.near(*relation, dirs, a).as_slice().contains(&b) || g.near(*relation, dirs, b).as_slice().contains(&a))
}

#[cfg(test)]
mod tests {
    use crate::board::DirectionId;
    use crate::rules::{Cond, DirSel, Pattern, Rules};
    use crate::testkit::*;

    /// On 3×3: a domino laid either way, one laid north from its lower cell only, one laid in the zone
    /// `row1` only (both cells must be in it), and one laid along the seat's forward direction.
    fn dominoes() -> std::sync::Arc<crate::Game> {
        let b = board(3, 3, &[("row1", &["a1", "b1", "c1"])]);
        let orth = rel(&b, "orthogonal");
        let n: DirectionId = b.direction("n").unwrap();
        let row1 = b.zone("row1").unwrap();
        let pieces = vec![
            piece("any", vec![rule(Pattern::Cover { relation: orth, dirs: DirSel::All }, Cond::Empty)]),
            piece("up", vec![rule(Pattern::Cover { relation: orth, dirs: DirSel::Named(vec![n]) }, Cond::Empty)]),
            piece(
                "zoned",
                vec![rule(
                    Pattern::Cover { relation: orth, dirs: DirSel::All },
                    Cond::And(vec![Cond::Empty, Cond::Zone(row1)]),
                )],
            ),
            piece("fwd", vec![rule(Pattern::Cover { relation: orth, dirs: DirSel::Forward }, Cond::Empty)]),
        ];
        game(b, pieces, Rules::default())
    }

    #[test]
    fn either_way_each_domino_once() {
        let pos = position(&dominoes(), &[("b2", BLACK, PieceId::new(0))], WHITE);
        // 12 pairs of neighbours on 3×3, less the 4 that touch b2.
        assert_eq!(
            entering(&pos, WHITE, PieceId::new(0), 0),
            texts(&[
                "any@a1+a2",
                "any@a1+b1",
                "any@a2+a3",
                "any@a3+b3",
                "any@b1+c1",
                "any@b3+c3",
                "any@c1+c2",
                "any@c2+c3"
            ])
        );
    }

    #[test]
    fn one_direction_from_the_first_node() {
        let pos = position(&dominoes(), &[("b2", BLACK, PieceId::new(0))], WHITE);
        assert_eq!(entering(&pos, WHITE, PieceId::new(1), 0), texts(&["up@a1+a2", "up@a2+a3", "up@c1+c2", "up@c2+c3"]));
    }

    #[test]
    fn every_covered_node_satisfies_the_condition() {
        let pos = position(&dominoes(), &[("b1", BLACK, PieceId::new(0))], WHITE);
        assert!(entering(&pos, WHITE, PieceId::new(2), 0).is_empty(), "b1 splits row 1");
        let pos = position(&dominoes(), &[], WHITE);
        assert_eq!(entering(&pos, WHITE, PieceId::new(2), 0), texts(&["zoned@a1+b1", "zoned@b1+c1"]));
    }

    #[test]
    fn forward_is_the_seats_own() {
        // White faces north, Black south: the same dominoes, vertical for both.
        let pos = position(&dominoes(), &[], WHITE);
        let white = entering(&pos, WHITE, PieceId::new(3), 0);
        assert_eq!(white.len(), 6);
        assert_eq!(entering(&pos, BLACK, PieceId::new(3), 0), white);
    }

    #[test]
    fn playing_fills_both_nodes_and_check_refuses_bad_dominoes() {
        let g = dominoes();
        let mut pos = position(&g, &[], WHITE);
        play(&mut pos, "up@a1+a2");
        let at = |l| node(&g.board, l);
        assert!(pos.cell(at("a1")).is_some() && pos.cell(at("a2")).is_some());
        assert_eq!(pos.cells().iter().flatten().count(), 2);
        // Black's domino over a2, taken; one the wrong way; one of separate nodes.
        use crate::Illegal;
        use crate::notation::parse_move;
        let check = |t: &str| pos.check(&parse_move(&pos, t).unwrap());
        assert_eq!(check("up@a2+a3"), Err(Illegal::Occupied));
        assert_eq!(check("up@b1+c1"), Err(Illegal::NoSuchMove));
        assert_eq!(check("any@b1+b3"), Err(Illegal::NoSuchMove));
        assert_eq!(check("any@c1+b1"), Ok(()), "either end first");
        assert_eq!(check("any@b1"), Err(Illegal::NoSuchMove), "a domino covers two nodes");
    }
}
