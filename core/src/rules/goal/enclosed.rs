//! Enclosure: a side loses (or wins) when none of its pieces can reach a way out (by default the board's
//! edge) through nodes free of hostile pieces: Copenhagen Hnefatafl's attackers win by ringing the king
//! and every defender in.
//!
//! The test is a flood fill from the side's pieces over the goal's relations, through empty nodes and
//! nodes of friendly pieces, stopping at the first way out. It reuses the position's buffers
//! ([`Flood`]) and runs only after a hostile side's move: a side's own move never closes a ring around
//! it (its piece slides through nodes its flood already reaches, and a capture only opens nodes).
//!
//! ```
//! use qipan::core::{EndReason, SeatId, notation::parse_move};
//!
//! // White rings the black man on b2 in: its last way out (b1, on the edge) is closed.
//! let src = "name: ring
//! board: { grid: { width: 3, height: 3, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces: { man: { moves: slide orthogonal to empty } }
//! setup:
//!   - { seat: white, piece: man, at: [a2, c2, b3, c1] }
//!   - { seat: black, piece: man, at: [b2] }
//! end: { enclosed: [{ seat: black, along: [orthogonal] }] }
//! ";
//! let game = qipan::load_str("ring.yaml", src, &[])?;
//! let mut pos = game.start();
//! pos.play(&parse_move(&pos, "c1-b1")?)?;
//! let result = pos.outcome().unwrap();
//! assert_eq!((result.winners.as_slice(), &result.reason), (&[SeatId(0)][..], &EndReason::Enclosed));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Flood, GoalOutcome};
use crate::SeatId;
use crate::board::RelationId;
use crate::position::Position;

/// A side that must keep a way out.
///
/// ```
/// use qipan::core::rules::GoalOutcome;
///
/// let game = qipan::load("hnefatafl", &[])?;
/// let goal = &game.rules.end.enclosed[0];
/// assert_eq!(game.seats[goal.seat.idx()].name, "defenders");
/// assert_eq!(goal.outcome, GoalOutcome::Loses);
/// // The 40 nodes of the edge are the ways out.
/// assert_eq!(goal.exits.iter().filter(|&&e| e).count(), 40);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct EncloseGoal {
    /// The seat whose side is enclosed (with every seat on its side).
    pub seat: SeatId,
    /// The relations a way out follows.
    pub along: Vec<RelationId>,
    /// Per node, whether reaching it is a way out (the board's edge unless a zone is named).
    pub exits: Vec<bool>,
    /// What being enclosed does to the enclosed side (`loses` by default).
    pub outcome: GoalOutcome,
}

/// Testing enclosure.
///
/// ```
/// let game = qipan::load("hnefatafl", &[])?;
/// let mut pos = game.start();
/// let goal = game.rules.end.enclosed[0].clone();
/// assert!(!goal.holds(&mut pos), "the defenders have open ground to every edge");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl EncloseGoal {
    /// Whether no piece of the goal's side can reach a way out through nodes without hostile pieces.
    /// A side with no piece on the board is not enclosed (it has nothing to ring in).
    pub fn holds(&self, pos: &mut Position) -> bool {
        let mut flood = std::mem::take(&mut pos.flood);
        let enclosed = self.fill(pos, &mut flood);
        pos.flood = flood;
        enclosed
    }

    fn fill(&self, pos: &Position, flood: &mut Flood) -> bool {
        let board = &pos.game().board;
        flood.start(board.len());
        let mut any = false;
        for s in pos.game().seat_ids().filter(|&s| pos.is_alive(s) && pos.same_side(s, self.seat)) {
            for &n in pos.placed(s) {
                if self.exits[n.idx()] {
                    return false;
                }
                any = true;
                if flood.visit(n) {
                    flood.todo.push(n);
                }
            }
        }
        while let Some(at) = flood.todo.pop() {
            for &rel in &self.along {
                for e in board.edges(rel, at) {
                    let open = pos.cell(e.to).is_none_or(|p| !pos.hostile(self.seat, p.seat));
                    if open && flood.visit(e.to) {
                        if self.exits[e.to.idx()] {
                            return false;
                        }
                        flood.todo.push(e.to);
                    }
                }
            }
        }
        any
    }
}

/// The first enclosure the last move made: what it does, and the enclosed seat. Only the goals of seats
/// hostile to the last mover are tried (all of them after a pass, or where hooks may move pieces).
pub(super) fn made(pos: &mut Position) -> Option<(GoalOutcome, SeatId)> {
    let mut flood = std::mem::take(&mut pos.flood);
    let found = first_made(pos, &mut flood);
    pos.flood = flood;
    found
}

fn first_made(pos: &Position, flood: &mut Flood) -> Option<(GoalOutcome, SeatId)> {
    let mv = pos.last_move()?;
    let mover = if pos.game().hooks.is_none() && mv.to.is_some() { pos.cell(mv.to).map(|p| p.seat) } else { None };
    let goals = &pos.game().rules.end.enclosed;
    let due = |g: &EncloseGoal| pos.is_alive(g.seat) && mover.is_none_or(|m| pos.hostile(m, g.seat));
    let goal = goals.iter().find(|g| due(g) && g.fill(pos, flood))?;
    Some((goal.outcome, goal.seat))
}

#[cfg(test)]
mod tests {
    use super::EncloseGoal;
    use crate::outcome::EndReason;
    use crate::rules::{DirSel, EndRules, GoalOutcome, PassRule, Rules};
    use crate::testkit::*;

    const MAN: PieceId = PieceId::new(0);

    /// A 5×5 board of sliding men; Black is enclosed unless it can reach the edge.
    fn ring() -> std::sync::Arc<crate::Game> {
        let b = board(5, 5, &[]);
        let orth = rel(&b, "orthogonal");
        let exits = b.node_ids().map(|n| b.edges(orth, n).len() < 4).collect();
        let goal = EncloseGoal { seat: BLACK, along: vec![orth], exits, outcome: GoalOutcome::Loses };
        let slide_rule = vec![rule(slide(orth, DirSel::All, 1, 255), crate::rules::Cond::Empty)];
        let end = EndRules { enclosed: vec![goal], ..EndRules::default() };
        game(b, vec![piece("man", slide_rule)], Rules { pass: PassRule::Always, end, ..Rules::default() })
    }

    /// White men on `white`, black men on `black`, White to move.
    fn setup(g: &std::sync::Arc<crate::Game>, white: &[&str], black: &[&str]) -> crate::Position {
        let pieces: Vec<_> =
            white.iter().map(|&l| (l, WHITE, MAN)).chain(black.iter().map(|&l| (l, BLACK, MAN))).collect();
        position(g, &pieces, WHITE)
    }

    #[test]
    fn a_closed_ring_of_hostile_pieces_encloses_and_one_gap_does_not() {
        let g = ring();
        let goal = &g.rules.end.enclosed[0];
        // Black on c3 with White on three sides: out through c2 to c1, on the edge.
        assert!(!goal.holds(&mut setup(&g, &["b3", "d3", "c4"], &["c3"])));
        assert!(goal.holds(&mut setup(&g, &["b3", "d3", "c4", "c2"], &["c3"])));
        // A friend is no wall: c3 passes through the black man on c2, who is ringed no more than it is.
        assert!(!goal.holds(&mut setup(&g, &["b3", "d3", "c4", "b2", "d2"], &["c3", "c2"])));
        assert!(goal.holds(&mut setup(&g, &["b3", "d3", "c4", "b2", "d2", "c1"], &["c3", "c2"])));
        // White on the whole edge but e4: Black on c3 walks out by d3, d4, e4. With e4 White too, the
        // empty corner e5 is no way out: it can only be reached through White.
        let edge = ["a1", "a2", "a3", "a4", "a5", "b1", "b5", "c1", "c5", "d1", "d5", "e1", "e2", "e3"];
        assert!(!goal.holds(&mut setup(&g, &edge, &["c3"])));
        assert!(goal.holds(&mut setup(&g, &[&edge[..], &["e4"]].concat(), &["c3"])));
        // No black piece at all: nothing is enclosed.
        assert!(!goal.holds(&mut setup(&g, &["c3"], &[])));
    }

    #[test]
    fn diagonal_gaps_do_not_leak_and_the_edge_itself_is_out() {
        let g = ring();
        // Black on c3, White on its four orthogonal neighbours: enclosed over the orthogonal relation.
        let mut pos = setup(&g, &["c4", "b3", "d3", "c1"], &["c3"]);
        play(&mut pos, "c1-c2");
        assert_eq!(
            pos.outcome().map(|r| (r.reason.clone(), r.winners.clone())),
            Some((EndReason::Enclosed, vec![WHITE]))
        );
        // A black piece standing on the edge is never enclosed.
        let mut pos = setup(&g, &["a2", "b1", "e5"], &["a1"]);
        play(&mut pos, "e5-e4");
        assert!(!pos.is_over());
    }
}
