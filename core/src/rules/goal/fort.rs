//! Forts: a piece (the tafl king) on the board's edge, able to move, walled in by friends that no enemy
//! can ever capture, wins for its side (Copenhagen Hnefatafl's edge fort).
//!
//! The test is a computable reading of "the attackers can never break the fort". The fort's *inside* is
//! the piece's node and every empty node reached from it along the goal's relations through empty nodes;
//! its *wall* is the friendly pieces next to the inside. The fort holds when the piece stands on the edge,
//! has an empty neighbour, no node next to the inside holds anything but a friend, and every wall piece is
//! safe on every line through it (each pair of opposite directions): one of its two neighbours on the line
//! is off the board, inside, or another wall piece. A custodial capture needs enemies (or hostile nodes) on
//! both sides of one line; no enemy can reach the inside while the wall stands, and a wall piece safe so
//! never leaves, so none ever falls. A shield wall can take none either: a wall piece on the edge touches
//! the inside, so it has no enemy in front of it, or sits next to the inside along the edge, which ends the
//! row with a node no enemy holds.
//!
//! Only wall pieces protect one another: a friend behind the wall (a second row) does not, since rules the
//! fort cannot see (a shield wall) may take it. So some forts that hold in play are not recognised, and
//! none is recognised that the attackers could break by a custodial capture or a shield wall. Hostile
//! empty nodes inside the fort (an empty tafl throne) are counted safe: a Copenhagen fort would need
//! nearly all twelve defenders in its wall to reach the throne, five squares from every edge.
//!
//! The test runs only after a move of the piece's side (an enemy's move never builds a fort) and only for
//! a piece on the edge; it reuses the position's buffers ([`Flood`]).
//!
//! ```
//! use qipan::core::{EndReason, SeatId, notation::parse_move};
//!
//! // d3-d2 closes the fort: the chief on c1 can step to d1, and the wall b1, c2, d2, e1 cannot be taken.
//! let src = "name: fort
//! board: { grid: { width: 5, height: 5, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   man: { moves: slide orthogonal 1.. to empty }
//!   chief: { moves: slide orthogonal 1.. to empty }
//! setup:
//!   - { seat: white, piece: chief, at: [c1] }
//!   - { seat: white, piece: man, at: [b1, c2, e1, d3] }
//!   - { seat: black, piece: man, at: [a5] }
//! end: { forts: [{ piece: chief, along: [orthogonal] }] }
//! ";
//! let game = qipan::load_str("fort.yaml", src, &[])?;
//! let mut pos = game.start();
//! pos.play(&parse_move(&pos, "d3-d2")?)?;
//! let result = pos.outcome().unwrap();
//! assert_eq!((result.winners.as_slice(), &result.reason), (&[SeatId(0)][..], &EndReason::Fort));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Axis, Flood, GoalOutcome, axes_of, board_edge};
use crate::board::{Board, NodeId, RelationId};
use crate::position::Position;
use crate::{PieceId, SeatId};

/// A piece whose unbreakable fort on the edge wins (or loses) for its side.
///
/// ```
/// use qipan::core::rules::GoalOutcome;
///
/// let game = qipan::load("hnefatafl", &[])?;
/// let fort = &game.rules.end.forts[0];
/// assert_eq!(game.pieces[fort.piece.idx()].name, "king");
/// assert_eq!(fort.outcome, GoalOutcome::Wins);
/// // The 40 nodes of the edge, and two lines (rank and file) through every node.
/// assert_eq!(fort.edge.iter().filter(|&&e| e).count(), 40);
/// assert_eq!(fort.lines.len(), 2);
/// let off = qipan::load("hnefatafl", &[("edge_fort".into(), "false".into())])?;
/// assert!(off.rules.end.forts.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct FortGoal {
    /// The piece type the fort is built round.
    pub piece: PieceId,
    /// The relations that join the inside and the wall.
    pub along: Vec<RelationId>,
    /// The lines through a wall piece on which a capture could take it: each direction of `along` with
    /// its opposite.
    pub lines: Vec<Axis>,
    /// Per node, whether it is on the board's edge (a direction of `along` leaves the board from it).
    pub edge: Vec<bool>,
    /// What an unbreakable fort does to its side (`wins` by default).
    pub outcome: GoalOutcome,
}

/// Making and testing forts.
///
/// ```
/// use qipan::core::rules::{FortGoal, GoalOutcome};
///
/// let game = qipan::load("hnefatafl", &[])?;
/// let orth = game.board.relation("orthogonal").unwrap();
/// let fort = FortGoal::new(&game.board, game.rules.end.forts[0].piece, vec![orth], GoalOutcome::Wins);
/// assert_eq!(fort, game.rules.end.forts[0]);
/// let mut pos = game.start();
/// let king = game.board.find("f6").unwrap();
/// assert!(!fort.holds_at(&mut pos, king), "the king starts on the throne, far from the edge");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl FortGoal {
    /// A fort round `piece` along the relations `along`, with the edge and the lines they give.
    pub fn new(board: &Board, piece: PieceId, along: Vec<RelationId>, outcome: GoalOutcome) -> FortGoal {
        let lines = along.iter().flat_map(|&r| axes_of(board, r)).collect();
        let edge = board_edge(board, &along);
        FortGoal { piece, along, lines, edge, outcome }
    }

    /// Whether the piece on `at` stands in an unbreakable fort (false when no piece is there).
    pub fn holds_at(&self, pos: &mut Position, at: NodeId) -> bool {
        let mut flood = std::mem::take(&mut pos.flood);
        let holds = pos.cell(at).is_some_and(|p| self.fort(pos, &mut flood, at, p.seat));
        pos.flood = flood;
        holds
    }

    fn fort(&self, pos: &Position, flood: &mut Flood, at: NodeId, seat: SeatId) -> bool {
        let board = &pos.game().board;
        let can_move = self.along.iter().any(|&r| board.edges(r, at).iter().any(|e| pos.cell(e.to).is_none()));
        if !self.edge[at.idx()] || !can_move {
            return false;
        }
        // The inside (first label) and the wall (second label, and set aside); any other neighbour of
        // the inside, an enemy or a piece of another side, leaves the fort open.
        flood.start(board.len());
        flood.visit(at);
        flood.todo.push(at);
        while let Some(n) = flood.todo.pop() {
            for &rel in &self.along {
                for e in board.edges(rel, n) {
                    match pos.cell(e.to) {
                        None => {
                            if flood.visit(e.to) {
                                flood.todo.push(e.to);
                            }
                        }
                        Some(p) if pos.same_side(seat, p.seat) => {
                            if flood.set_aside(e.to) {
                                flood.aside.push(e.to);
                            }
                        }
                        Some(_) => return false,
                    }
                }
            }
        }
        // Every wall piece safe on every line: the wall is its own greatest safe set, so it never falls.
        let safe = |n: NodeId| !n.is_some() || flood.marked(n);
        flood.aside.iter().all(|&w| {
            self.lines
                .iter()
                .all(|&(rel, d, back)| safe(board.next(rel, d, w)) || back.is_none_or(|b| safe(board.next(rel, b, w))))
        })
    }
}

/// The first fort the last move made: what it does, and the seat of its piece. Only the pieces of the
/// last mover's side are tried (every side's after a pass, or where hooks may move pieces).
pub(super) fn made(pos: &mut Position) -> Option<(GoalOutcome, SeatId)> {
    let mv = pos.last_move()?;
    let mover = if pos.game().hooks.is_none() && mv.to.is_some() { pos.cell(mv.to).map(|p| p.seat) } else { None };
    // Most plies no such piece stands on the edge: a plain look before taking the buffers.
    standing(pos, mover, |_, _, _| true)?;
    let mut flood = std::mem::take(&mut pos.flood);
    let found = standing(pos, mover, |goal, n, s| goal.fort(pos, &mut flood, n, s));
    pos.flood = flood;
    found
}

/// The first piece of a fort goal standing on the edge, of a seat on `mover`'s side (any seat without a
/// mover), for which `test` holds: the goal's outcome and the piece's seat.
fn standing(
    pos: &Position,
    mover: Option<SeatId>,
    mut test: impl FnMut(&FortGoal, NodeId, SeatId) -> bool,
) -> Option<(GoalOutcome, SeatId)> {
    let due = |s: SeatId| pos.is_alive(s) && mover.is_none_or(|m| pos.same_side(m, s));
    for goal in &pos.game().rules.end.forts {
        // Seats without the piece are skipped by its bit (types past 64 have none: look anyway).
        let bit = 1u64.checked_shl(u32::from(goal.piece.index())).unwrap_or(0);
        for s in pos.game().seat_ids() {
            if !due(s) || (bit != 0 && pos.types_present(s) & bit == 0) {
                continue;
            }
            for &n in pos.placed(s) {
                if goal.edge[n.idx()] && pos.cell(n).is_some_and(|p| p.piece == goal.piece) && test(goal, n, s) {
                    return Some((goal.outcome, s));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::FortGoal;
    use crate::outcome::EndReason;
    use crate::rules::{DirSel, EndRules, GoalOutcome, PassRule, Rules};
    use crate::testkit::*;

    const MAN: PieceId = PieceId::new(0);
    const CHIEF: PieceId = PieceId::new(1);

    /// A 5×5 board of sliding men and chiefs; a chief's fort wins.
    fn forts() -> std::sync::Arc<crate::Game> {
        let b = board(5, 5, &[]);
        let orth = rel(&b, "orthogonal");
        let goal = FortGoal::new(&b, CHIEF, vec![orth], GoalOutcome::Wins);
        let slide_rule = || vec![rule(slide(orth, DirSel::All, 1, 255), crate::rules::Cond::Empty)];
        let end = EndRules { forts: vec![goal], ..EndRules::default() };
        let pieces = vec![piece("man", slide_rule()), piece("chief", slide_rule())];
        game(b, pieces, Rules { pass: PassRule::Always, end, ..Rules::default() })
    }

    /// White's chief on `chief`, White men on `white`, Black men on `black`, White to move.
    fn setup(g: &std::sync::Arc<crate::Game>, chief: &str, white: &[&str], black: &[&str]) -> crate::Position {
        let pieces: Vec<_> = [(chief, WHITE, CHIEF)]
            .into_iter()
            .chain(white.iter().map(|&l| (l, WHITE, MAN)))
            .chain(black.iter().map(|&l| (l, BLACK, MAN)))
            .collect();
        position(g, &pieces, WHITE)
    }

    fn holds(chief: &str, white: &[&str], black: &[&str]) -> bool {
        let g = forts();
        let mut pos = setup(&g, chief, white, black);
        let at = g.board.find(chief).unwrap();
        g.rules.end.forts[0].holds_at(&mut pos, at)
    }

    #[test]
    fn a_closed_safe_wall_round_a_movable_piece_on_the_edge_holds() {
        assert!(holds("c1", &["b1", "c2", "d2", "e1"], &["a5"]));
        // A larger inside, c1 d1 e1 e2, with e3 safe against the board's edge.
        assert!(holds("c1", &["b1", "c2", "d2", "e3"], &["a5"]));
        // An opening in the wall (d2 missing): the inside runs out to Black.
        assert!(!holds("c1", &["b1", "c2", "e1"], &["a5"]));
        // A fort round a chief off the edge (b2, inside b2 and b3) does not count.
        assert!(!holds("b2", &["a2", "c2", "b1", "a3", "c3", "b4"], &["e5"]));
        // Walled in with no empty neighbour: the chief cannot move.
        assert!(!holds("c1", &["b1", "c2", "d1"], &["a5"]));
    }

    #[test]
    fn a_wall_piece_open_on_both_sides_of_a_line_breaks_the_fort() {
        // Inside c1 and c2: c3 on top stands between b3 and d3, both open to Black.
        assert!(!holds("c1", &["b1", "b2", "d1", "d2", "c3"], &["a5"]));
        // A friend on b3 touches no inside node: it is no wall piece and does not protect c3.
        assert!(!holds("c1", &["b1", "b2", "d1", "d2", "c3", "b3"], &["a5"]));
        // Inside c1, c2 and d2: e2 stands between e1 and e3, open both.
        assert!(!holds("c1", &["b1", "b2", "d1", "e2", "c3", "d3"], &["a5"]));
        // Inside c1, c2, d2 and e2: c3 is safe on its row by d3 alone, another wall piece.
        assert!(holds("c1", &["b1", "b2", "d1", "e1", "c3", "d3", "e3"], &["a5"]));
    }

    #[test]
    fn an_enemy_inside_breaks_the_fort() {
        assert!(!holds("c1", &["b1", "c2", "d2", "e3"], &["e2", "a5"]));
    }

    #[test]
    fn closing_the_wall_wins_and_the_enemy_s_moves_are_not_looked_at() {
        let g = forts();
        let mut pos = setup(&g, "c1", &["b1", "c2", "e1", "d3"], &["a5"]);
        play(&mut pos, "d3-d2");
        assert_eq!(pos.outcome().map(|r| (r.reason.clone(), r.winners.clone())), Some((EndReason::Fort, vec![WHITE])));
        // A fort standing when Black moves: Black's move ends nothing; White's next move wins.
        let pieces = [("c1", WHITE, CHIEF), ("b1", WHITE, MAN), ("c2", WHITE, MAN), ("d2", WHITE, MAN)];
        let mut pos = position(&g, &[&pieces[..], &[("e1", WHITE, MAN), ("a5", BLACK, MAN)]].concat(), BLACK);
        play(&mut pos, "a5-a4");
        assert!(!pos.is_over());
        play(&mut pos, "c1-d1");
        assert_eq!(pos.outcome().map(|r| r.reason.clone()), Some(EndReason::Fort));
    }
}
