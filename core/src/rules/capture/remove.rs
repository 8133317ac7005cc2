//! Removal (`remove of C if T fallback F`): after a move whose destination satisfies `T` on the board
//! after it, the mover also removes one piece anywhere that satisfies `C` (or, when none does, `F`),
//! chosen by the mover. The choice is part of the move ([`Move::take`]): each piece that may go makes
//! its own move, so a turn stays one move. Nine Men's Morris' mill is
//! `remove of enemy and not in-line(3, ring, spoke) if in-line(3, ring, spoke) fallback enemy`.
//!
//! ```
//! use qipan::core::notation::{move_text, parse_move};
//!
//! // Three in a row removes any enemy stone.
//! let src = "name: rows
//! board: { grid: { width: 3, height: 3, labels: chess } }
//! seats: [{ name: black }, { name: white }]
//! pieces: { stone: { moves: place to empty } }
//! rules: { captures: [\"remove of enemy if in-line(3, orthogonal)\"] }
//! ";
//! let game = qipan::load_str("rows.yaml", src, &[])?;
//! let mut pos = game.start();
//! for text in ["a1", "a3", "b1", "b3"] {
//!     pos.play(&parse_move(&pos, text)?)?;
//! }
//! let closing: Vec<String> =
//!     pos.legal_moves().iter().filter(|m| m.take.is_some()).map(|m| move_text(&game, m)).collect();
//! assert_eq!(closing, ["c1xa3", "c1xb3"]);
//! pos.play(&parse_move(&pos, "c1xb3")?)?;
//! assert!(pos.cell(game.board.find("b3").unwrap()).is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{CaptureForm, View};
use crate::SeatId;
use crate::board::NodeId;
use crate::moves::{Move, MoveKind};
use crate::position::{Piece, Position};
use crate::rules::Cond;

/// The removals a game's rules allow after `mv` (a move with no removal yet), pushed onto `out`: one
/// move per piece that may be removed, or `mv` itself when no rule's trigger holds or nothing may go.
/// Reads the board after the move without making it, and allocates nothing.
pub(crate) fn push_removals(pos: &Position, mv: Move, out: &mut Vec<Move>) {
    Removals::default().push(pos, mv, out);
}

/// Replaces each move of `moves` by its removals ([`push_removals`]), through `spare`. The moves share
/// one position, so what each target condition gives before the move is worked out once.
pub(crate) fn expand(pos: &Position, moves: &mut Vec<Move>, spare: &mut Vec<Move>) {
    spare.clear();
    let mut removals = Removals::default();
    for &mv in moves.iter() {
        removals.push(pos, mv, spare);
    }
    std::mem::swap(moves, spare);
}

/// The removals of the moves of one position. On a board of at most 64 nodes with at most 8 seats,
/// each seat's pieces are gathered once (one bit per node), so that a mill-like trigger (`in-line`)
/// is a few mask tests per move ([`InLine::closes_among`](crate::rules::InLine::closes_among)), and
/// the usual target conditions are worked out for every node at once ([`Removals::nodes_where`]).
#[derive(Default)]
struct Removals {
    /// Which seats' pieces are gathered in `seats`, one bit per seat.
    known: u8,
    /// Per seat, the nodes of its pieces before the move, one bit each.
    seats: [u64; 8],
    /// Per seat, the nodes of its side's pieces (its own and those of seats on its side).
    sides: [u64; 8],
}

/// One move as the removal rules see it: the board after it, as the view and as masks.
struct After<'a> {
    view: View<'a>,
    /// The start and the destination, one bit each (none for a placement's start).
    from: u64,
    to: u64,
}

impl Removals {
    fn push(&mut self, pos: &Position, mv: Move, out: &mut Vec<Move>) {
        let game = pos.game();
        let seat = pos.to_move();
        let mover = match mv.kind {
            MoveKind::Move if !mv.take.is_some() => {
                pos.cell(mv.from).map(|p| Piece { seat: p.seat, piece: mv.arrives_as() })
            }
            MoveKind::Place | MoveKind::Drop => {
                Some(Piece { seat: game.placed_owner(mv.piece, seat), piece: mv.piece })
            }
            _ => None,
        };
        let Some(mover) = mover else { return out.push(mv) };
        let from = if mv.kind == MoveKind::Move { mv.from } else { NodeId::NONE };
        let bit = |n: NodeId| if n.is_some() && n.idx() < 64 { 1u64 << n.idx() } else { 0 };
        let after =
            After { view: View { pos, seat, mover, from, to: mv.to, origin: from }, from: bit(from), to: bit(mv.to) };
        let found = game.rules.captures.iter().find(|r| {
            r.form == CaptureForm::Remove
                && r.applies_to(mv.piece)
                && match &r.trigger {
                    // The usual trigger (a mill), tested without the general evaluator: it runs for every move.
                    Cond::InLine(line) => match self.side_after(&after, mover.seat) {
                        Some(side) if line.tabulated() => line.closes_among(mv.to, side).unwrap_or(false),
                        _ => line.closes(pos, mover.seat, mv.to, from),
                    },
                    trigger => after.view.holds(trigger, mv.to),
                }
        });
        let Some(rule) = found else { return out.push(mv) };
        let start = out.len();
        for target in std::iter::once(&rule.target).chain(&rule.fallback) {
            let occupied =
                (0..game.seats.len()).try_fold(0, |bits, s| Some(bits | self.seat_after(&after, SeatId(s as u8))?));
            match (self.nodes_where(&after, target), occupied) {
                (Some(nodes), Some(occupied)) => {
                    let mut bits = nodes & occupied & !after.to;
                    while bits != 0 {
                        out.push(Move { take: NodeId(bits.trailing_zeros() as u16), ..mv });
                        bits &= bits - 1;
                    }
                }
                _ => {
                    for n in game.board.node_ids() {
                        if n != mv.to && after.view.cell(n).is_some() && after.view.holds(target, n) {
                            out.push(Move { take: n, ..mv });
                        }
                    }
                }
            }
            if out.len() > start {
                return;
            }
        }
        // Nothing may be removed: the move stands alone.
        out.push(mv);
    }

    /// The nodes of `seat`'s pieces (one bit each) after the move; `None` beyond 64 nodes or 8 seats.
    #[inline]
    fn seat_after(&mut self, after: &After, seat: SeatId) -> Option<u64> {
        let before = self.gather(after.view.pos, seat)?.0;
        let arrives = if after.view.mover.seat == seat { after.to } else { 0 };
        Some(before & !after.from & !after.to | arrives)
    }

    /// The nodes of the pieces of `seat`'s side after the move.
    #[inline]
    fn side_after(&mut self, after: &After, seat: SeatId) -> Option<u64> {
        let before = self.gather(after.view.pos, seat)?.1;
        let arrives = if after.view.pos.same_side(seat, after.view.mover.seat) { after.to } else { 0 };
        Some(before & !after.from & !after.to | arrives)
    }

    /// The nodes of `seat`'s pieces and of its side's, before the move, gathered at the first call.
    #[inline(always)]
    fn gather(&mut self, pos: &Position, seat: SeatId) -> Option<(u64, u64)> {
        let i = seat.idx();
        if i < self.seats.len() && self.known & (1 << i) != 0 {
            return Some((self.seats[i], self.sides[i]));
        }
        self.gather_first(pos, seat)
    }

    #[cold]
    #[inline(never)]
    fn gather_first(&mut self, pos: &Position, seat: SeatId) -> Option<(u64, u64)> {
        let i = seat.idx();
        if pos.game().board.len() > 64 || i >= self.seats.len() || pos.game().seats.len() > self.seats.len() {
            return None;
        }
        self.known |= 1 << i;
        let nodes = |s: SeatId| pos.placed(s).iter().fold(0u64, |bits, n| bits | 1 << n.idx());
        self.seats[i] = nodes(seat);
        self.sides[i] = (0..pos.game().seats.len() as u8)
            .map(SeatId)
            .filter(|&s| pos.same_side(seat, s))
            .fold(0, |bits, s| bits | nodes(s));
        Some((self.seats[i], self.sides[i]))
    }

    /// The nodes where `c` holds for the mover after the move, all at once, for the words removal
    /// targets use (`enemy`, `friend`, `empty`, tabulated `in-line`, and their combinations); `None`
    /// for others, which are judged node by node.
    fn nodes_where(&mut self, after: &After, c: &Cond) -> Option<u64> {
        let pos = after.view.pos;
        let seat = after.view.seat;
        let seats = || (0..pos.game().seats.len()).map(|s| SeatId(s as u8));
        let all = u64::MAX >> (64 - pos.game().board.len().clamp(1, 64));
        Some(match c {
            Cond::True => all,
            Cond::Friend => self.side_after(after, seat)?,
            Cond::Enemy => seats()
                .filter(|&s| pos.hostile(seat, s))
                .try_fold(0, |bits, s| Some(bits | self.seat_after(after, s)?))?,
            Cond::Empty => all & !seats().try_fold(0, |bits, s| Some(bits | self.seat_after(after, s)?))?,
            Cond::Not(c) => all & !self.nodes_where(after, c)?,
            Cond::And(cs) => cs.iter().try_fold(all, |bits, c| Some(bits & self.nodes_where(after, c)?))?,
            Cond::Or(cs) => cs.iter().try_fold(0, |bits, c| Some(bits | self.nodes_where(after, c)?))?,
            Cond::InLine(line) if line.tabulated() => {
                let mut lines = 0;
                for s in seats() {
                    let (mut mine, side) = (self.seat_after(after, s)?, self.side_after(after, s)?);
                    while mine != 0 {
                        let n = mine.trailing_zeros();
                        mine &= mine - 1;
                        if line.closes_among(NodeId(n as u16), side)? {
                            lines |= 1 << n;
                        }
                    }
                }
                lines
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::capture::{CaptureForm, CaptureRule};
    use crate::rules::goal::axes_of;
    use crate::rules::{Cond, InLine, Pattern, Rules};
    use crate::testkit::*;

    const STONE: PieceId = PieceId::new(0);

    /// On 3×3, stones placed anywhere; three in a row along the orthogonals removes an enemy stone that
    /// is not in such a row, or any enemy stone when all are.
    fn rows() -> std::sync::Arc<crate::Game> {
        let b = board(3, 3, &[]);
        let orth = rel(&b, "orthogonal");
        let in_line = Cond::InLine(Box::new(InLine::new(&b, 3, axes_of(&b, orth))));
        let remove = CaptureRule {
            form: CaptureForm::Remove,
            lines: vec![],
            target: Cond::And(vec![Cond::Enemy, Cond::Not(Box::new(in_line.clone()))]),
            closer: Cond::Friend,
            trigger: in_line,
            fallback: Some(Cond::Enemy),
            by: 0,
            convert: false,
            required: false,
            spare: None,
            text: "remove".into(),
            target_table: None,
            closer_table: None,
        };
        let rules = Rules { captures: vec![remove], ..Rules::default() };
        game(b, vec![piece("stone", vec![rule(Pattern::Place, Cond::Empty)])], rules)
    }

    #[test]
    fn only_a_move_that_makes_the_line_removes_and_never_from_a_line_while_another_may_go() {
        let g = rows();
        let stones = [
            ("a1", WHITE, STONE),
            ("b1", WHITE, STONE),
            ("a3", BLACK, STONE),
            ("b3", BLACK, STONE),
            ("c3", BLACK, STONE),
            ("b2", BLACK, STONE),
        ];
        let pos = position(&g, &stones, WHITE);
        let legal = legal(&pos);
        // c1 closes a1 b1 c1: b2 may go, not the row a3 b3 c3.
        assert!(legal.contains(&"c1xb2".to_string()), "{legal:?}");
        assert!(!legal.iter().any(|m| m.starts_with("c1") && m != "c1xb2"), "{legal:?}");
        // Any other placement removes nothing.
        assert!(legal.contains(&"a2".to_string()) && !legal.iter().any(|m| m.starts_with("a2x")));
    }

    #[test]
    fn from_a_line_when_every_enemy_piece_is_in_one() {
        let g = rows();
        let stones = [
            ("a1", WHITE, STONE),
            ("b1", WHITE, STONE),
            ("a3", BLACK, STONE),
            ("b3", BLACK, STONE),
            ("c3", BLACK, STONE),
        ];
        let pos = position(&g, &stones, WHITE);
        let closing: Vec<String> = legal(&pos).into_iter().filter(|m| m.starts_with("c1")).collect();
        assert_eq!(closing, ["c1xa3", "c1xb3", "c1xc3"]);
        let mut pos = pos;
        play(&mut pos, "c1xb3");
        assert_eq!(pos.cell(node(&g.board, "b3")), None);
        assert_eq!(pos.captures(), [1, 0]);
    }

    #[test]
    fn a_removal_that_the_rule_refuses_is_illegal() {
        let g = rows();
        let stones = [
            ("a1", WHITE, STONE),
            ("b1", WHITE, STONE),
            ("a3", BLACK, STONE),
            ("b3", BLACK, STONE),
            ("c3", BLACK, STONE),
            ("b2", BLACK, STONE),
        ];
        let pos = position(&g, &stones, WHITE);
        let c1 = crate::Move::place(STONE, node(&g.board, "c1"));
        let take = |l| crate::Move { take: node(&g.board, l), ..c1 };
        assert!(pos.check(&take("b2")).is_ok());
        assert!(pos.check(&take("b3")).is_err(), "b3 is in a row and b2 is not");
        assert!(pos.check(&c1).is_err(), "closing a row must remove");
        assert!(
            pos.check(&crate::Move { take: node(&g.board, "a2"), ..crate::Move::place(STONE, node(&g.board, "a2")) })
                .is_err()
        );
    }
}
