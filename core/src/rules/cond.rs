//! Conditions on nodes and on the position, as compiled from the definition language.

use crate::board::{DirectionId, NodeId, RelationId};
use crate::position::{Piece, Position};
use crate::{PieceId, SeatId};

/// A comparison operator for counts.
///
/// ```
/// use qipan::core::rules::{Cmp, Cond, Tally, TallyZone};
///
/// let src = "name: two
/// board: { grid: { width: 3, height: 3 } }
/// seats: [{ name: black }, { name: white }]
/// pieces:
///   stone: { moves: place to empty if count(friend) < 2 }
/// ";
/// let game = qipan::load_str("two.yaml", src, &[])?;
/// // `count(friend) < 2`, read off the position's counts (a [`Tally`]).
/// let tally = Tally { occupants: 0b0010, types: u64::MAX, zone: TallyZone::Board, cmp: Cmp::Lt, n: 2 };
/// assert_eq!(game.pieces[0].moves[0].when, Cond::Tally(Box::new(tally)));
/// // Once both sides have two stones, Black can only pass.
/// let mut pos = game.start();
/// for _ in 0..4 {
///     let mv = pos.legal_moves()[0];
///     pos.play(&mv)?;
/// }
/// assert!(pos.legal_moves().iter().all(|m| m.is_pass()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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

/// Applying a comparison.
///
/// ```
/// use qipan::core::rules::Cmp;
///
/// let all = [Cmp::Lt, Cmp::Le, Cmp::Eq, Cmp::Ne, Cmp::Ge, Cmp::Gt];
/// assert_eq!(all.map(|c| c.apply(3, 3)), [false, true, true, false, true, false]);
/// assert_eq!(all.map(|c| c.apply(2, 3)), [true, true, false, true, false, false]);
/// ```
impl Cmp {
    /// Applies the comparison.
    ///
    /// ```
    /// use qipan::core::rules::Cmp;
    ///
    /// assert!(Cmp::Lt.apply(1, 2));
    /// assert!(!Cmp::Lt.apply(2, 2));
    /// assert!(Cmp::Ge.apply(2, 2));
    /// ```
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
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::rules::Cond;
///
/// let game = qipan::load("xiangqi", &[])?;
/// let general = &game.pieces[game.piece("general").unwrap().idx()];
/// // `step orthogonal to (empty or enemy) and zone(palace)`, `palace` being each seat's own zone.
/// let palace = game.zone_aliases.iter().position(|a| a == "palace").unwrap() as u8;
/// let to = Cond::And(vec![Cond::Or(vec![Cond::Empty, Cond::Enemy]), Cond::SeatZone(palace)]);
/// assert_eq!(general.moves[0].to, to);
/// let pos = game.start();
/// let at = |label| game.board.find(label).unwrap();
/// assert!(to.eval(&pos, SeatId(0), at("e2")));
/// assert!(!to.eval(&pos, SeatId(0), at("d1")), "Red's advisor stands there");
/// assert!(!to.eval(&pos, SeatId(0), at("e5")), "outside Red's palace");
/// assert!(to.eval(&pos, SeatId(1), at("e9")), "inside Black's palace, for Black");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
    Piece(PieceId),
    /// Negation.
    Not(Box<Cond>),
    /// All of them.
    And(Vec<Cond>),
    /// Any of them.
    Or(Vec<Cond>),
    /// The number of nodes satisfying the condition, compared with a constant.
    Count(Box<Cond>, Cmp, i64),
    /// The condition holds on the node one step along this direction of this relation (false when
    /// there is none): `next(orthogonal.s) empty`, the cell below in Connect Four.
    Next(RelationId, DirectionId, Box<Cond>),
    /// The number of the node's neighbours where a condition holds, compared with a constant:
    /// `adjacent(orthogonal, friend) >= 2` (see [`Adjacent`]).
    Adjacent(Box<Adjacent>),
    /// The piece on the node stands in a straight line of at least so many pieces of its side along one of
    /// some relations: `in-line(3, ring, spoke)`, a Morris mill (see [`InLine`]).
    InLine(Box<InLine>),
    /// The mover has at least one piece of this type in its reserve.
    InReserve(PieceId),
    /// The mover has at least one piece of this type on the board.
    OnBoard(PieceId),
    /// The node holds a piece that has not moved since the start (no move has started or ended on
    /// the node).
    Unmoved,
    /// The last move (a `passable` one) passed over the node, which may now be taken en passant.
    Passed,
    /// `in-check`: a piece of the mover's side protected by the check rule is attacked now (false in a
    /// game without a check rule). A position condition (see [`check`]).
    InCheck,
    /// `attacked`: a piece of the mover standing on the node could be captured at once by an enemy,
    /// whatever stands there now (see [`check`]).
    Attacked,
    /// `attacked-by(SEAT)`: the same, by the pieces of that seat only.
    AttackedBy(SeatId),
    /// A move condition, judged on the position after the move (`if gives-check`): the move leaves a
    /// piece of an enemy protected by the check rule attacked. Only in a move's `if` clause, where the
    /// compiler puts it in [`MoveRule::after`](crate::rules::MoveRule::after); false anywhere else.
    GivesCheck,
    /// A move condition, judged on the position after the move (`if not gives-mate`, shogi's ban on
    /// mating with a dropped pawn): the move gives check and the enemy then has no legal move.
    GivesMate,
    /// The number of nodes on the straight lines from the node (over a relation, in some of its
    /// directions, to the edge of the board) where a condition holds, compared with a constant:
    /// `along(orthogonal.(n|s), friend and piece(pawn)) == 0`, shogi's one pawn per file (see
    /// [`Adjacent::eval_along`]).
    Along(Box<Adjacent>),
    /// A [`Cond::Count`] read off the position's piece counts (see [`Tally`]): what the game makes of a
    /// count of whose pieces, of which types, in which zone.
    Tally(Box<Tally>),
}

/// Evaluating conditions, and what can be known of one without a position.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::rules::Cond;
///
/// let game = qipan::load("chess", &[])?;
/// let king = game.piece("king").unwrap();
/// // `empty or (enemy and not piece(king))`
/// let not_king = Cond::Not(Box::new(Cond::Piece(king)));
/// let to = Cond::Or(vec![Cond::Empty, Cond::And(vec![Cond::Enemy, not_king])]);
/// assert!(to.tests_node() && to.allows_empty() && !to.requires_empty());
/// let pos = game.start();
/// let at = |label| game.board.find(label).unwrap();
/// assert!(to.eval(&pos, SeatId(0), at("e4")));
/// assert!(to.eval(&pos, SeatId(0), at("d8")), "Black's queen");
/// assert!(!to.eval(&pos, SeatId(0), at("e8")), "Black's king");
/// assert!(!to.eval(&pos, SeatId(0), at("d1")), "White's own queen");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Cond {
    /// Evaluates the condition at `node` for `seat`.
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::{NodeId, rules::{Cmp, Cond}};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// let at = |label| game.board.find(label).unwrap();
    /// assert!(Cond::Friend.eval(&pos, SeatId(0), at("e2")));
    /// assert!(Cond::Enemy.eval(&pos, SeatId(0), at("e7")));
    /// assert!(!Cond::Enemy.eval(&pos, SeatId(1), at("e7")), "for Black, the pawn on e7 is a friend");
    /// assert!(Cond::Empty.eval(&pos, SeatId(0), at("e4")));
    /// // Position conditions ignore the node: White has 16 pieces.
    /// assert!(Cond::Count(Box::new(Cond::Friend), Cmp::Eq, 16).eval(&pos, SeatId(0), NodeId::NONE));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn eval(&self, pos: &Position, seat: SeatId, node: NodeId) -> bool {
        self.eval_with(pos, seat, node, &|n| pos.cell(n))
    }

    /// [`Cond::eval`] with the commonest node tests (`always`, zones) answered without the general
    /// evaluator.
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::rules::Cond;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// let e2 = game.board.find("e2").unwrap();
    /// assert!(Cond::Zone(game.board.zone("rank2").unwrap()).eval_quick(&pos, SeatId(0), e2));
    /// // `zone(start)`: each seat's own pawn rank.
    /// let start = Cond::SeatZone(game.zone_aliases.iter().position(|a| a == "start").unwrap() as u8);
    /// assert!(start.eval_quick(&pos, SeatId(0), e2));
    /// assert!(!start.eval_quick(&pos, SeatId(1), e2));
    /// // Other conditions go to the general evaluator.
    /// assert!(Cond::Friend.eval_quick(&pos, SeatId(0), e2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn eval_quick(&self, pos: &Position, seat: SeatId, node: NodeId) -> bool {
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
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::{NodeId, rules::Cond};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// let (e2, e4) = (game.board.find("e2").unwrap(), game.board.find("e4").unwrap());
    /// // The board after e2-e4, without playing it.
    /// let after = |n: NodeId| if n == e4 { pos.cell(e2) } else if n == e2 { None } else { pos.cell(n) };
    /// assert!(Cond::Friend.eval_with(&pos, SeatId(0), e4, &after));
    /// assert!(Cond::Empty.eval_with(&pos, SeatId(0), e2, &after));
    /// assert!(!Cond::Friend.eval(&pos, SeatId(0), e4), "the position itself is unchanged");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn eval_with<F: Fn(NodeId) -> Option<Piece>>(
        &self,
        pos: &Position,
        seat: SeatId,
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
                at && pos.game().seat_ids().any(|s| {
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
                let count = match **c {
                    // The commonest count (Morris' phases), read off the lists of each seat's pieces.
                    Cond::Friend => {
                        pos.game().seat_ids().filter(|&s| pos.same_side(seat, s)).map(|s| pos.placed(s).len()).sum()
                    }
                    _ => pos.game().board.node_ids().filter(|&x| c.eval(pos, seat, x)).count(),
                };
                op.apply(count as i64, *n)
            }
            Cond::Next(rel, dir, c) => {
                let next = if at { pos.game().board.next(*rel, *dir, node) } else { NodeId::NONE };
                next.is_some() && c.eval_with(pos, seat, next, occupant)
            }
            Cond::Adjacent(a) => a.eval(pos, seat, node, occupant),
            Cond::Along(a) => a.eval_along(pos, seat, node, occupant),
            Cond::InLine(l) => at && l.eval(pos, node, occupant),
            Cond::Unmoved => occ().is_some() && pos.unmoved(node),
            Cond::Passed => at && pos.is_passed(node),
            Cond::InReserve(p) => pos.reserve(seat, *p) > 0,
            Cond::OnBoard(p) => {
                pos.game().board.node_ids().any(|x| pos.cell(x).is_some_and(|c| c.piece == *p && c.seat == seat))
            }
            Cond::InCheck => pos.in_check(seat),
            Cond::Attacked => at && check::attacked(pos, seat, node, None),
            Cond::AttackedBy(by) => at && check::attacked(pos, seat, node, Some(*by)),
            // Judged with the move (`Position::holds_after`); without one, nothing is given.
            Cond::GivesCheck | Cond::GivesMate => false,
            Cond::Tally(t) => t.holds(pos, seat),
        }
    }

    /// True if the condition looks at the node it is given (so it means nothing in an `if` clause).
    ///
    /// ```
    /// use qipan::core::PieceId;
    /// use qipan::core::rules::{Cmp, Cond};
    ///
    /// assert!(Cond::Empty.tests_node());
    /// assert!(Cond::Not(Box::new(Cond::Enemy)).tests_node());
    /// assert!(Cond::And(vec![Cond::OnBoard(PieceId::new(0)), Cond::Empty]).tests_node());
    /// assert!(!Cond::InReserve(PieceId::new(0)).tests_node());
    /// assert!(!Cond::Count(Box::new(Cond::Friend), Cmp::Lt, 4).tests_node());
    /// // The definition compiler refuses a node test in an `if` clause.
    /// let src = "name: t
    /// board: { grid: { width: 3, height: 3 } }
    /// seats: [{ name: black }, { name: white }]
    /// pieces:
    ///   stone: { moves: place to empty if empty }
    /// ";
    /// let err = qipan::load_str("t.yaml", src, &[]).unwrap_err();
    /// assert!(err.0[0].message.contains("cannot test a node"));
    /// ```
    pub fn tests_node(&self) -> bool {
        match self {
            Cond::True | Cond::InReserve(_) | Cond::OnBoard(_) | Cond::InCheck => false,
            Cond::Count(..) | Cond::Tally(_) => false,
            Cond::GivesCheck | Cond::GivesMate => false,
            Cond::Not(c) => c.tests_node(),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().any(Cond::tests_node),
            _ => true,
        }
    }

    /// True if the condition can only hold on an empty node (lets generators skip work).
    ///
    /// ```
    /// use qipan::core::rules::Cond;
    ///
    /// assert!(Cond::Empty.requires_empty());
    /// assert!(Cond::And(vec![Cond::Empty, Cond::Zone(0)]).requires_empty());
    /// assert!(!Cond::Or(vec![Cond::Empty, Cond::Enemy]).requires_empty());
    /// // A chess pawn's plain step only goes to an empty square; its capture does not.
    /// let chess = qipan::load("chess", &[])?;
    /// let pawn = &chess.pieces[chess.piece("pawn").unwrap().idx()];
    /// assert!(pawn.moves[0].to.requires_empty());
    /// assert!(!pawn.moves[2].to.requires_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// use qipan::core::rules::Cond;
    ///
    /// assert!(!Cond::Enemy.allows_empty());
    /// assert!(Cond::Or(vec![Cond::Empty, Cond::Enemy]).allows_empty());
    /// assert!(!Cond::Not(Box::new(Cond::Empty)).allows_empty());
    /// assert!(Cond::Zone(0).allows_empty());
    /// ```
    pub fn allows_empty(&self) -> bool {
        match self {
            Cond::Friend | Cond::Ally | Cond::Enemy | Cond::Piece(_) | Cond::Unmoved | Cond::InLine(_) => false,
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
///
/// ```
/// use qipan::core::rules::{Cond, FastTarget};
///
/// // `empty or enemy`: bits 0 (empty) and 3 (enemy).
/// let fast = FastTarget::of(&Cond::Or(vec![Cond::Empty, Cond::Enemy])).unwrap();
/// assert_eq!(fast, FastTarget { occupants: 0b1001, excluded_zones: 0 });
/// // The game fills in each rule's fast form: the pawn's capture goes to an enemy.
/// let chess = qipan::load("chess", &[])?;
/// let pawn = &chess.pieces[chess.piece("pawn").unwrap().idx()];
/// assert_eq!(pawn.moves[2].to_fast, Some(FastTarget { occupants: 0b1000, excluded_zones: 0 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FastTarget {
    /// Allowed occupants, one bit each: empty, friend, ally, enemy.
    pub occupants: u8,
    /// Zones the destination must not be in.
    pub excluded_zones: u64,
}

/// Reducing a condition, and testing nodes against the result.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::rules::{Cond, FastTarget};
///
/// let game = qipan::load("chess", &[])?;
/// let rank8 = game.board.zone("rank8").unwrap();
/// // `not zone(rank8) and (empty or enemy)`
/// let to = Cond::And(vec![Cond::Not(Box::new(Cond::Zone(rank8))), Cond::Or(vec![Cond::Empty, Cond::Enemy])]);
/// let fast = FastTarget::of(&to).unwrap();
/// assert_eq!(fast, FastTarget { occupants: 0b1001, excluded_zones: 1 << rank8 });
/// let pos = game.start();
/// let at = |label| game.board.find(label).unwrap();
/// assert!(fast.allows(&pos, SeatId(0), at("e4")) && fast.allows(&pos, SeatId(0), at("e7")));
/// assert!(!fast.allows(&pos, SeatId(0), at("e8")), "in the excluded zone");
/// assert!(!fast.allows(&pos, SeatId(0), at("e2")), "a friend");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl FastTarget {
    const ALL: u8 = 0b1111;

    /// The fast form of a condition, if it has one.
    ///
    /// ```
    /// use qipan::core::PieceId;
    /// use qipan::core::rules::{Cond, FastTarget};
    ///
    /// assert_eq!(FastTarget::of(&Cond::Empty), Some(FastTarget { occupants: 0b0001, excluded_zones: 0 }));
    /// assert_eq!(FastTarget::of(&Cond::Not(Box::new(Cond::Empty))).map(|f| f.occupants), Some(0b1110));
    /// // Piece types have no fast form, nor has a disjunction with a zone.
    /// assert_eq!(FastTarget::of(&Cond::Piece(PieceId::new(0))), None);
    /// assert_eq!(FastTarget::of(&Cond::Or(vec![Cond::Empty, Cond::Not(Box::new(Cond::Zone(0)))])), None);
    /// ```
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
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::rules::{Cond, FastTarget};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// let enemy = FastTarget::of(&Cond::Enemy).unwrap();
    /// let at = |label| game.board.find(label).unwrap();
    /// assert!(enemy.allows(&pos, SeatId(0), at("e7")));
    /// assert!(!enemy.allows(&pos, SeatId(0), at("e4")));
    /// assert!(!enemy.allows(&pos, SeatId(1), at("e7")), "for Black, e7 holds a friend");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn allows(&self, pos: &Position, seat: SeatId, node: NodeId) -> bool {
        self.allows_occupant(pos, seat, node, pos.cell(node))
    }

    /// Whether `node` passes, for `seat`, if it held `occupant`.
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::{Piece, rules::{Cond, FastTarget}};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// let e4 = game.board.find("e4").unwrap();
    /// let enemy = FastTarget::of(&Cond::Enemy).unwrap();
    /// // Were a black pawn on e4, White could take it there.
    /// let black_pawn = Piece { seat: SeatId(1), piece: game.piece("pawn").unwrap() };
    /// assert!(enemy.allows_occupant(&pos, SeatId(0), e4, Some(black_pawn)));
    /// assert!(!enemy.allows_occupant(&pos, SeatId(0), e4, None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn allows_occupant(&self, pos: &Position, seat: SeatId, node: NodeId, occupant: Option<Piece>) -> bool {
        let bit = match occupant {
            None => 0b0001,
            // A seat's own piece is a friend whoever controls the seat.
            Some(c) if c.seat == seat => 0b0010,
            Some(c) if pos.same_side(seat, c.seat) => 0b0010,
            Some(c) if pos.allied(seat, c.seat) => 0b0100,
            Some(_) => 0b1000,
        };
        self.occupants & bit != 0
            && (self.excluded_zones == 0 || pos.game().board.zones_of(node) & self.excluded_zones == 0)
    }
}

pub mod adjacent;
mod after_move;
pub use adjacent::Adjacent;
pub mod check;
pub mod in_line;
pub use in_line::InLine;
pub mod tally;
pub use tally::{Tally, TallyZone};

#[cfg(test)]
mod tests;
