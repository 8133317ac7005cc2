//! Capture conditions read off tables: a rule's target and closer conditions, when they read nothing
//! but the node's occupant (empty, or a friend's, an ally's or an enemy's piece of some type) and its
//! zones, are worked out once per node and occupant when the game is built. A capture test is then
//! one lookup per node instead of a walk through the condition.
//!
//! ```
//! let game = qipan::load("hnefatafl", &[])?;
//! // `of enemy and not piece(king) with friend or zone(corners) or (zone(throne) and empty)`.
//! let custodial = &game.rules.captures[0];
//! assert!(custodial.target_table.is_some() && custodial.closer_table.is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::View;
use crate::board::{Board, NodeId};
use crate::rules::Cond;

/// Whether a condition holds, per node and occupant: at `node * stride + k`, `k` 0 for an empty node
/// and `1 + class * pieces + piece` for a piece of a friend (class 0), an ally (1) or an enemy (2).
///
/// ```
/// use qipan::core::rules::{Cond, capture::CondTable};
///
/// let game = qipan::load("hnefatafl", &[])?;
/// // A condition on the seat's own zones cannot be tabled; one on occupants and zones can.
/// assert!(CondTable::of(&Cond::SeatZone(0), &game.board, game.pieces.len()).is_none());
/// assert!(CondTable::of(&Cond::Or(vec![Cond::Friend, Cond::Zone(0)]), &game.board, 2).is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct CondTable {
    stride: usize,
    pieces: usize,
    holds: Vec<bool>,
    /// The condition holds on no empty node.
    never_empty: bool,
}

impl CondTable {
    /// The table of `c` on `board` for `pieces` piece types, if `c` reads only occupants and zones
    /// (and the table stays small).
    pub fn of(c: &Cond, board: &Board, pieces: usize) -> Option<CondTable> {
        let stride = 1 + 3 * pieces;
        if board.len() * stride > 1 << 20 {
            return None;
        }
        let mut holds = Vec::with_capacity(board.len() * stride);
        for n in board.node_ids() {
            let zones = board.zones_of(n);
            holds.push(eval(c, zones, None)?);
            for class in 0..3u8 {
                for piece in 0..pieces {
                    holds.push(eval(c, zones, Some((class, piece)))?);
                }
            }
        }
        let never_empty = holds.chunks(stride).all(|row| !row[0]);
        Some(CondTable { stride, pieces, holds, never_empty })
    }

    /// Whether the condition holds on `n` in `view`, for the mover's seat.
    #[inline(always)]
    pub(crate) fn get(&self, view: &View, n: NodeId) -> bool {
        let k = match view.cell(n) {
            None => 0,
            Some(p) => {
                let class = if view.pos.same_side(view.seat, p.seat) {
                    0
                } else if view.pos.hostile(view.seat, p.seat) {
                    2
                } else {
                    1
                };
                1 + class * self.pieces + p.piece.idx()
            }
        };
        self.holds.get(n.idx() * self.stride + k).copied().unwrap_or(false)
    }
}

/// `c` on a node with `zones` and occupant `occ` (class and piece type); `None` when `c` reads more.
fn eval(c: &Cond, zones: u64, occ: Option<(u8, usize)>) -> Option<bool> {
    Some(match c {
        Cond::True => true,
        Cond::Empty => occ.is_none(),
        Cond::Friend => occ.is_some_and(|(class, _)| class == 0),
        Cond::Ally => occ.is_some_and(|(class, _)| class == 1),
        Cond::Enemy => occ.is_some_and(|(class, _)| class == 2),
        Cond::Piece(t) => occ.is_some_and(|(_, p)| p == t.idx()),
        Cond::Zone(z) => *z < 64 && zones & (1 << z) != 0,
        Cond::Not(c) => !eval(c, zones, occ)?,
        Cond::And(cs) => {
            let mut all = true;
            for c in cs {
                all &= eval(c, zones, occ)?;
            }
            all
        }
        Cond::Or(cs) => {
            let mut any = false;
            for c in cs {
                any |= eval(c, zones, occ)?;
            }
            any
        }
        _ => return None,
    })
}

/// A capture rule's conditions read off its tables, which [`GameBuilder::build`](crate::game::GameBuilder::build)
/// fills in: the same captures as the conditions evaluated node by node.
///
/// ```
/// use qipan::core::notation::parse_move;
///
/// let src = "name: c
/// board: { grid: { width: 4, height: 1, labels: chess } }
/// seats: [{ name: white }, { name: black }]
/// pieces: { man: { moves: slide orthogonal 1.. to empty } }
/// setup:
///   - { seat: white, piece: man, at: [a1, d1] }
///   - { seat: black, piece: man, at: [b1] }
/// rules: { captures: [custodial orthogonal of enemy with friend] }
/// ";
/// let game = qipan::load_str("c.yaml", src, &[])?;
/// let rule = &game.rules.captures[0];
/// assert!(rule.target_table.is_some() && rule.closer_table.is_some());
/// // d1-c1 closes b1 between c1 and a1: taken.
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "d1-c1")?)?;
/// assert!(pos.cell(game.board.find("b1").unwrap()).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl super::CaptureRule {
    /// Whether the rule's target condition holds on `n` in `view` (off its table when it has one).
    #[inline(always)]
    pub(crate) fn target_at(&self, view: &View, n: NodeId) -> bool {
        match &self.target_table {
            Some(t) => t.get(view, n),
            None => view.holds(&self.target, n),
        }
    }

    /// Whether the rule's closer condition holds on `n` in `view` (off its table when it has one).
    #[inline(always)]
    pub(crate) fn closer_at(&self, view: &View, n: NodeId) -> bool {
        match &self.closer_table {
            Some(t) => t.get(view, n),
            None => view.holds(&self.closer, n),
        }
    }

    /// Whether the rule takes nothing along a line whose first node from the destination is empty or
    /// off the board: its form starts every capture there (lines, surrounds, walls, blasts) and its
    /// target is never an empty node. The line is then not worth judging.
    #[inline]
    pub(crate) fn needs_piece_beside(&self) -> bool {
        use super::CaptureForm::{Explode, Line, Surround, Wall};
        matches!(self.form, Line { .. } | Surround { .. } | Wall { .. } | Explode { .. })
            && self.target_table.as_ref().is_some_and(|t| t.never_empty)
    }

    /// Fills in the tables of the rule's target and closer conditions for `board`.
    pub(crate) fn table(&mut self, board: &Board, pieces: usize) {
        self.target_table = CondTable::of(&self.target, board, pieces);
        self.closer_table = CondTable::of(&self.closer, board, pieces);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;

    #[test]
    fn the_table_agrees_with_the_condition_on_every_node_and_occupant() {
        let b = board(3, 3, &[("mid", &["b2"])]);
        let cond = Cond::Or(vec![
            Cond::And(vec![Cond::Enemy, Cond::Not(Box::new(Cond::Piece(crate::PieceId::new(1))))]),
            Cond::And(vec![Cond::Zone(0), Cond::Empty]),
        ]);
        let t = CondTable::of(&cond, &b, 2).unwrap();
        let g = game(b, vec![piece("man", vec![]), piece("king", vec![])], crate::rules::Rules::default());
        let at = |l: &str| g.board.find(l).unwrap();
        let pos = position(&g, &[("a1", BLACK, crate::PieceId::new(0)), ("a2", BLACK, crate::PieceId::new(1))], WHITE);
        let mover = crate::position::Piece { seat: WHITE, piece: crate::PieceId::new(0) };
        let view = View { pos: &pos, seat: WHITE, mover, from: NodeId::NONE, to: at("c3"), origin: NodeId::NONE };
        for n in g.board.node_ids() {
            assert_eq!(t.get(&view, n), view.holds(&cond, n), "{}", g.board.label(n));
        }
        // An enemy man, not the enemy king; the empty middle; not an empty corner, nor the mover.
        assert!(t.get(&view, at("a1")) && !t.get(&view, at("a2")) && t.get(&view, at("b2")));
        assert!(!t.get(&view, at("a3")) && !t.get(&view, at("c3")));
        assert!(!t.never_empty, "the empty middle");
        assert!(CondTable::of(&Cond::Enemy, &g.board, 2).unwrap().never_empty);
    }
}
