//! Conditions on nodes and on the position, as compiled from the definition language.

use crate::board::NodeId;
use crate::position::{Piece, Position};

/// A comparison operator for counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `>=`
    Ge,
    /// `>`
    Gt,
}

impl Cmp {
    /// Applies the comparison.
    pub fn apply(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Ge => a >= b,
            Cmp::Gt => a > b,
        }
    }
}

/// A condition, checked at a node for the seat that moves.
///
/// Node conditions (`Empty`, `Zone`, ...) look at the node they are given; position conditions
/// (`Count`, `InReserve`, ...) ignore it.
#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    /// Always true.
    True,
    /// No piece on the node.
    Empty,
    /// A piece of the mover's own side (same player).
    Friend,
    /// A piece of a team-mate who is another player.
    Ally,
    /// A piece of a side that is neither the mover's nor an ally.
    Enemy,
    /// The node is in the zone with this board index.
    Zone(u8),
    /// The node is in the mover's seat-relative zone with this alias index (`home`, `palace`, ...).
    SeatZone(u8),
    /// The node is in this seat-relative zone of any seat on the mover's side (its own, and every seat its
    /// player holds): `side-zone(home)` is every territory the player owns.
    SideZone(u8),
    /// The node has this kind index (cell, eye, ...).
    Kind(u8),
    /// The node has this colour index.
    Colour(u8),
    /// The node holds a piece of this type (anyone's).
    Piece(u8),
    /// Negation.
    Not(Box<Cond>),
    /// All of them.
    And(Vec<Cond>),
    /// Any of them.
    Or(Vec<Cond>),
    /// The number of nodes satisfying the condition, compared with a constant.
    Count(Box<Cond>, Cmp, i64),
    /// The mover has at least one piece of this type in its reserve.
    InReserve(u8),
    /// The mover has at least one piece of this type on the board.
    OnBoard(u8),
    /// The node holds a piece that has not moved since the start (no move has started or ended on
    /// the node).
    Unmoved,
    /// The last move (a `passable` one) passed over the node, which may now be taken en passant.
    Passed,
}

impl Cond {
    /// Evaluates the condition at `node` for `seat`.
    #[inline]
    pub fn eval(&self, pos: &Position, seat: u8, node: NodeId) -> bool {
        self.eval_with(pos, seat, node, &|n| pos.cell(n))
    }

    /// [`Cond::eval`] with the commonest node tests (`always`, zones) answered without the general
    /// evaluator.
    #[inline]
    pub fn eval_quick(&self, pos: &Position, seat: u8, node: NodeId) -> bool {
        match self {
            Cond::True => true,
            Cond::Zone(z) if node.is_some() => pos.game().board.zones_of(node) & (1 << z) != 0,
            Cond::SeatZone(alias) if node.is_some() => {
                pos.game().seat_zone(seat, *alias).is_some_and(|z| pos.game().board.zones_of(node) & (1 << z) != 0)
            }
            Cond::Not(c) if matches!(**c, Cond::Zone(_) | Cond::SeatZone(_)) && node.is_some() => {
                !c.eval_quick(pos, seat, node)
            }
            _ => self.eval(pos, seat, node),
        }
    }

    /// Evaluates the condition as if each node held what `occupant` says (a board one move ahead,
    /// for shots that follow a move). Counts over the board still look at the real position.
    pub fn eval_with<F: Fn(NodeId) -> Option<Piece>>(
        &self,
        pos: &Position,
        seat: u8,
        node: NodeId,
        occupant: &F,
    ) -> bool {
        // Position conditions (`if` clauses) are evaluated without a node: node tests are then false.
        let at = node.is_some() && node.idx() < pos.game().board.len();
        let info = || pos.game().board.node(node);
        let occ = || if at { occupant(node) } else { None };
        match self {
            Cond::True => true,
            Cond::Empty => at && occ().is_none(),
            Cond::Friend => occ().is_some_and(|c| pos.same_side(seat, c.seat)),
            Cond::Ally => occ().is_some_and(|c| pos.allied(seat, c.seat)),
            Cond::Enemy => occ().is_some_and(|c| pos.hostile(seat, c.seat)),
            Cond::Zone(z) => at && info().zones & (1 << z) != 0,
            Cond::SeatZone(alias) => {
                at && pos.game().seat_zone(seat, *alias).is_some_and(|z| info().zones & (1 << z) != 0)
            }
            Cond::SideZone(alias) => {
                at && (0..pos.game().seats.len() as u8).any(|s| {
                    pos.same_side(seat, s)
                        && pos.game().seat_zone(s, *alias).is_some_and(|z| info().zones & (1 << z) != 0)
                })
            }
            Cond::Kind(k) => at && info().kind == *k,
            Cond::Colour(c) => at && info().colour == Some(*c),
            Cond::Piece(p) => occ().is_some_and(|c| c.piece == *p),
            Cond::Not(c) => !c.eval_with(pos, seat, node, occupant),
            Cond::And(cs) => cs.iter().all(|c| c.eval_with(pos, seat, node, occupant)),
            Cond::Or(cs) => cs.iter().any(|c| c.eval_with(pos, seat, node, occupant)),
            Cond::Count(c, op, n) => {
                let count = pos.game().board.node_ids().filter(|&x| c.eval(pos, seat, x)).count();
                op.apply(count as i64, *n)
            }
            Cond::Unmoved => occ().is_some() && pos.unmoved(node),
            Cond::Passed => at && pos.is_passed(node),
            Cond::InReserve(p) => pos.reserve(seat, *p) > 0,
            Cond::OnBoard(p) => {
                pos.game().board.node_ids().any(|x| pos.cell(x).is_some_and(|c| c.piece == *p && c.seat == seat))
            }
        }
    }

    /// True if the condition looks at the node it is given (so it means nothing in an `if` clause).
    pub fn tests_node(&self) -> bool {
        match self {
            Cond::True | Cond::InReserve(_) | Cond::OnBoard(_) => false,
            Cond::Count(..) => false,
            Cond::Not(c) => c.tests_node(),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().any(Cond::tests_node),
            _ => true,
        }
    }

    /// True if the condition can only hold on an empty node (lets generators skip work).
    pub fn requires_empty(&self) -> bool {
        match self {
            // A passed node is empty: the passer went over it, and the mark lasts one move.
            Cond::Empty | Cond::Passed => true,
            Cond::And(cs) => cs.iter().any(Cond::requires_empty),
            Cond::Or(cs) => !cs.is_empty() && cs.iter().all(Cond::requires_empty),
            _ => false,
        }
    }

    /// True if the condition can hold on an empty node.
    pub fn allows_empty(&self) -> bool {
        match self {
            Cond::Friend | Cond::Ally | Cond::Enemy | Cond::Piece(_) | Cond::Unmoved => false,
            Cond::And(cs) => cs.iter().all(Cond::allows_empty),
            Cond::Or(cs) => cs.iter().any(Cond::allows_empty),
            Cond::Not(c) => !c.requires_empty(),
            _ => true,
        }
    }
}

/// A destination condition reduced to table lookups: which occupants are allowed (bit 0 empty,
/// 1 friend, 2 ally, 3 enemy) and which zones are excluded. Most movement rules' `to` clauses
/// (`empty or enemy`, `empty and not zone(centre)`) take this form, and checking it costs a few
/// instructions instead of walking the condition tree.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FastTarget {
    /// Allowed occupants, one bit each: empty, friend, ally, enemy.
    pub occupants: u8,
    /// Zones the destination must not be in.
    pub excluded_zones: u64,
}

impl FastTarget {
    const ALL: u8 = 0b1111;

    /// The fast form of a condition, if it has one.
    pub fn of(c: &Cond) -> Option<FastTarget> {
        match c {
            Cond::True => Some(FastTarget { occupants: Self::ALL, excluded_zones: 0 }),
            Cond::Empty => Some(FastTarget { occupants: 0b0001, excluded_zones: 0 }),
            Cond::Friend => Some(FastTarget { occupants: 0b0010, excluded_zones: 0 }),
            Cond::Ally => Some(FastTarget { occupants: 0b0100, excluded_zones: 0 }),
            Cond::Enemy => Some(FastTarget { occupants: 0b1000, excluded_zones: 0 }),
            Cond::Not(inner) => match &**inner {
                Cond::Zone(z) => Some(FastTarget { occupants: Self::ALL, excluded_zones: 1 << z }),
                Cond::Empty => Some(FastTarget { occupants: 0b1110, excluded_zones: 0 }),
                _ => None,
            },
            // A disjunction of occupant tests (no zones: `or` of exclusions does not combine).
            Cond::Or(cs) => cs.iter().try_fold(FastTarget { occupants: 0, excluded_zones: 0 }, |acc, c| {
                let f = FastTarget::of(c)?;
                (f.excluded_zones == 0)
                    .then_some(FastTarget { occupants: acc.occupants | f.occupants, excluded_zones: 0 })
            }),
            Cond::And(cs) => cs.iter().try_fold(FastTarget { occupants: Self::ALL, excluded_zones: 0 }, |acc, c| {
                let f = FastTarget::of(c)?;
                Some(FastTarget {
                    occupants: acc.occupants & f.occupants,
                    excluded_zones: acc.excluded_zones | f.excluded_zones,
                })
            }),
            _ => None,
        }
    }

    /// Whether `node` passes, for `seat`.
    #[inline]
    pub fn allows(&self, pos: &Position, seat: u8, node: NodeId) -> bool {
        self.allows_occupant(pos, seat, node, pos.cell(node))
    }

    /// Whether `node` passes, for `seat`, if it held `occupant`.
    #[inline]
    pub fn allows_occupant(&self, pos: &Position, seat: u8, node: NodeId, occupant: Option<Piece>) -> bool {
        let bit = match occupant {
            None => 0b0001,
            Some(c) if pos.same_side(seat, c.seat) => 0b0010,
            Some(c) if pos.allied(seat, c.seat) => 0b0100,
            Some(_) => 0b1000,
        };
        self.occupants & bit != 0
            && (self.excluded_zones == 0 || pos.game().board.zones_of(node) & self.excluded_zones == 0)
    }
}
