//! Castling ([`Pattern::Castle`]): a compound move of the mover and a partner, the first piece along a
//! line, neither having moved; under a check rule the mover may not start on or pass an attacked node.
//! The two land either a number of steps away ([`CastleReach::Steps`], chess) or on given columns of
//! their line whatever their start ([`CastleReach::Columns`], chess960).
//!
//! ```
//! use qipan::core::SeatId;
//! use qipan::core::{notation::parse_move, rules::{Scratch, pattern::generate}};
//!
//! let game = qipan::load("chess", &[])?;
//! let mut pos = game.start();
//! for text in ["e2-e4", "e7-e5", "g1-f3", "b8-c6", "f1-c4", "f8-c5"] {
//!     pos.play(&parse_move(&pos, text)?)?;
//! }
//! let at = |label| game.board.find(label).unwrap();
//! let king = game.piece("king").unwrap();
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! // `castle orthogonal.sideways 2 with piece(rook)`: the king to g1, the rook from h1 to f1.
//! generate(&game.pieces[king.idx()].moves[2], &pos, SeatId(0), king, at("e1"), &mut scratch, &mut out);
//! assert_eq!(out.len(), 1);
//! assert_eq!((out[0].to, out[0].with_from, out[0].with_to), (at("g1"), at("h1"), at("f1")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{DirSel, Gen, Line};
use crate::board::{Board, DirectionId, NodeId, RelationId};
use crate::moves::Move;
use crate::position::Piece;
use crate::rules::Cond;
use crate::rules::attack::attacked;

impl Gen<'_> {
    /// The castling moves `steps` nodes along `relation.dirs` with a partner satisfying `partner`.
    pub(super) fn castle(&mut self, relation: RelationId, dirs: &DirSel, steps: u8, partner: &Cond) {
        let (pos, seat, piece, from, rule) = (self.pos, self.seat, self.piece, self.from, self.rule);
        if steps == 0 || !pos.unmoved(from) {
            return;
        }
        let board = &pos.game().board;
        let mover = Piece { seat, piece };
        let mut checked_start = false;
        for &d in self.dirs(relation, dirs, None).as_slice() {
            // The first piece on the line, and the nodes the mover would pass.
            let (mut at, mut k, mut dest, mut behind) = (from, 0usize, NodeId::NONE, from);
            loop {
                at = pos.next_open(relation, d, at);
                if !at.is_some() || at == from || k > board.len() {
                    at = NodeId::NONE;
                    break;
                }
                k += 1;
                if k + 1 == steps as usize {
                    behind = at;
                }
                if k == steps as usize {
                    dest = at;
                }
                if pos.cell(at).is_some() {
                    break;
                }
            }
            if !at.is_some() || k <= steps as usize || !dest.is_some() {
                continue;
            }
            let Some(p) = pos.cell(at) else { continue };
            if !pos.same_side(seat, p.seat) || !pos.unmoved(at) || !partner.eval(pos, seat, at) {
                continue;
            }
            let allowed = match &rule.to_fast {
                Some(f) => f.allows(pos, seat, dest),
                None => rule.to.eval(pos, seat, dest),
            };
            if !allowed {
                continue;
            }
            if pos.game().has_check_rule() {
                // Not out of check, not through an attacked node (the destination is checked with every move).
                if !checked_start {
                    if attacked(pos, pos.cells(), from, mover) {
                        return;
                    }
                    checked_start = true;
                }
                let mut n = from;
                let mut safe = true;
                for _ in 1..steps {
                    n = board.next(relation, d, n);
                    if attacked(pos, pos.cells(), n, mover) {
                        safe = false;
                        break;
                    }
                }
                if !safe {
                    continue;
                }
            }
            self.out.push(Move { with_from: at, with_to: behind, ..Move::step(piece, from, dest) });
        }
    }
}

/// Where a castling mover and its partner land.
///
/// ```
/// use qipan::core::rules::{CastleReach, Pattern};
///
/// let game = qipan::load("chess960", &[])?;
/// let king = &game.pieces[game.piece("king").unwrap().idx()];
/// // `castle orthogonal.e to g with piece(rook) to f`: the king to the g-file, the rook to the f-file.
/// assert!(matches!(king.moves[2].pattern, Pattern::Castle { reach: CastleReach::Columns { mover: 6, partner: 5 }, .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastleReach {
    /// The mover goes this many nodes toward the partner, which must stand beyond its destination and
    /// lands on the node just before it (`castle orthogonal.sideways 2`).
    Steps(u8),
    /// Both land on their line's node in these grid columns (the first coordinate), whatever their start
    /// (`castle orthogonal.e to g with piece(rook) to f`): every node either passes or lands on must be empty but for the
    /// two of them, and either may stay where it is. The destination condition is not judged (the
    /// mover may land where the partner stood); the move's text is the mover's node then the partner's.
    Columns {
        /// The mover's column.
        mover: i32,
        /// The partner's column.
        partner: i32,
    },
}

/// Castling's line: the mover's `steps` along `relation.dirs` (none when it lands on given columns).
pub(super) fn line<'a>(relation: RelationId, dirs: &'a DirSel, reach: &CastleReach) -> Option<Line<'a>> {
    match *reach {
        CastleReach::Steps(steps) => Some(Line { relation, dirs, min: steps as usize, max: steps as usize }),
        CastleReach::Columns { .. } => None,
    }
}

/// The node of the line through `from` (along `d` and its opposite `back`) in column `x`.
fn on_line(
    board: &Board,
    relation: RelationId,
    d: DirectionId,
    back: Option<DirectionId>,
    from: NodeId,
    x: i32,
) -> NodeId {
    for dir in [Some(d), back].into_iter().flatten() {
        let mut at = from;
        for _ in 0..board.len() {
            if board.node(at).coord[0] == x {
                return at;
            }
            at = board.next(relation, dir, at);
            if !at.is_some() || at == from {
                break;
            }
        }
    }
    NodeId::NONE
}

/// Whether every node after `a` up to `b` on their line (`b` reached along one of `dirs`) passes `test`.
fn walk_to(
    board: &Board,
    relation: RelationId,
    dirs: [Option<DirectionId>; 2],
    a: NodeId,
    b: NodeId,
    mut test: impl FnMut(NodeId) -> bool,
) -> bool {
    if a == b {
        return true;
    }
    for dir in dirs.into_iter().flatten() {
        // Find the way first, so that a failed test on the wrong side does not count.
        let (mut n, mut k) = (a, 0);
        while n.is_some() && n != b && k <= board.len() {
            n = board.next(relation, dir, n);
            k += 1;
        }
        if n != b {
            continue;
        }
        let mut n = a;
        while n != b {
            n = board.next(relation, dir, n);
            if !test(n) {
                return false;
            }
        }
        return true;
    }
    false
}

impl Gen<'_> {
    /// Castling onto given columns (chess960): the partner is the first piece along each direction.
    pub(super) fn castle_to(&mut self, relation: RelationId, dirs: &DirSel, columns: [i32; 2], partner: &Cond) {
        let (pos, seat, piece, from) = (self.pos, self.seat, self.piece, self.from);
        if !pos.unmoved(from) {
            return;
        }
        let board = &pos.game().board;
        let mover = Piece { seat, piece };
        let mut checked_start = false;
        for &d in self.dirs(relation, dirs, None).as_slice() {
            let mut at = from;
            for _ in 0..board.len() {
                at = board.next(relation, d, at);
                if !at.is_some() || at == from || pos.cell(at).is_some() {
                    break;
                }
            }
            let Some(p) = at.is_some().then(|| pos.cell(at)).flatten() else { continue };
            if at == from || !pos.same_side(seat, p.seat) || !pos.unmoved(at) || !partner.eval(pos, seat, at) {
                continue;
            }
            let back = board.directions()[d.0 as usize].opposite;
            let dest = on_line(board, relation, d, back, from, columns[0]);
            let with_to = on_line(board, relation, d, back, from, columns[1]);
            if !dest.is_some() || !with_to.is_some() || (dest == from && with_to == at) {
                continue;
            }
            // Every node each passes or lands on is empty but for the two of them.
            let free = |n: NodeId| n == from || n == at || pos.cell(n).is_none();
            if !walk_to(board, relation, [Some(d), back], from, dest, free)
                || !walk_to(board, relation, [Some(d), back], at, with_to, free)
            {
                continue;
            }
            if pos.game().has_check_rule() {
                // Not out of check, not through an attacked node (the destination is checked with every move).
                if !checked_start {
                    if attacked(pos, pos.cells(), from, mover) {
                        return;
                    }
                    checked_start = true;
                }
                let safe = |n: NodeId| n == dest || !attacked(pos, pos.cells(), n, mover);
                if !walk_to(board, relation, [Some(d), back], from, dest, safe) {
                    continue;
                }
            }
            self.out.push(Move { with_from: at, with_to, ..Move::step(piece, from, dest) });
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{Cond, DirSel, Pattern, Rules};
    use crate::testkit::*;

    const KING: PieceId = PieceId::new(0);
    const ROOK: PieceId = PieceId::new(1);

    /// On 8×2: a king that steps or castles (`castle orthogonal.sideways 2 with piece(rook)`), a
    /// rook and a post; `check`: whether the king is protected by the check rule.
    fn castling(check: bool) -> std::sync::Arc<crate::Game> {
        let b = board(8, 2, &[]);
        let orth = rel(&b, "orthogonal");
        let castle = Pattern::Castle {
            relation: orth,
            dirs: DirSel::Sideways,
            reach: super::CastleReach::Steps(2),
            partner: Cond::Piece(ROOK),
        };
        let king =
            piece("king", vec![rule(slide(orth, DirSel::All, 1, 1), empty_or_enemy()), rule(castle, Cond::Empty)]);
        let rook = piece("rook", vec![rule(slide(orth, DirSel::All, 1, 255), empty_or_enemy())]);
        let rules = Rules { check: if check { vec![KING] } else { vec![] }, ..Rules::default() };
        game(b, vec![king, rook, piece("post", vec![])], rules)
    }

    const START: [(&str, SeatId, PieceId); 4] =
        [("e1", WHITE, KING), ("a1", WHITE, ROOK), ("h1", WHITE, ROOK), ("e2", BLACK, KING)];

    /// The castling moves of the king on e1: (destination, partner's start, partner's end).
    fn castles(pos: &crate::Position) -> Vec<(String, String, String)> {
        let b = &pos.game().board;
        let mut out: Vec<_> = generated_moves(pos, "e1", 1)
            .iter()
            .map(|m| (b.label(m.to).to_string(), b.label(m.with_from).to_string(), b.label(m.with_to).to_string()))
            .collect();
        out.sort();
        out
    }

    fn both_ways() -> Vec<(String, String, String)> {
        [("c1", "a1", "d1"), ("g1", "h1", "f1")].map(|(a, b, c)| (a.into(), b.into(), c.into())).to_vec()
    }

    #[test]
    fn two_nodes_towards_the_first_piece_which_lands_just_inside() {
        let pos = position(&castling(false), &START, WHITE);
        assert_eq!(castles(&pos), both_ways());
        // A post on b1 is the first piece to the west, and it is no rook.
        let pos = position(&castling(false), &[&START[..], &[("b1", WHITE, PieceId::new(2))]].concat(), WHITE);
        assert_eq!(castles(&pos), both_ways()[1..]);
    }

    #[test]
    fn not_after_the_partner_has_moved() {
        let mut pos = position(&castling(false), &START, WHITE);
        for text in ["h1-g1", "e2-d2", "g1-h1", "d2-e2"] {
            play(&mut pos, text);
        }
        assert_eq!(castles(&pos), both_ways()[..1]);
    }

    #[test]
    fn under_the_check_rule_not_out_of_nor_through_an_attack() {
        // A black rook on f2 attacks f1, which the king would pass going east.
        let pos = position(&castling(true), &[&START[..3], &[("f2", BLACK, ROOK)]].concat(), WHITE);
        assert_eq!(castles(&pos), both_ways()[..1]);
        // On e2 it attacks the king itself.
        let pos = position(&castling(true), &[&START[..3], &[("e2", BLACK, ROOK)]].concat(), WHITE);
        assert!(castles(&pos).is_empty());
        // Without the check rule, attacks do not matter.
        let pos = position(&castling(false), &[&START[..3], &[("e2", BLACK, ROOK)]].concat(), WHITE);
        assert_eq!(castles(&pos), both_ways());
    }

    /// On 8×3: a king that steps or castles onto columns as in chess960 (`castle orthogonal.e to g with piece(rook) to f`,
    /// `castle orthogonal.w to c with piece(rook) to d`), under the check rule, and rooks.
    fn columns() -> std::sync::Arc<crate::Game> {
        use super::CastleReach;
        let b = board(8, 3, &[]);
        let orth = rel(&b, "orthogonal");
        let named = |d: &str| DirSel::Named(vec![b.direction(d).unwrap()]);
        let to = |dirs, mover, partner| {
            let reach = CastleReach::Columns { mover, partner };
            rule(Pattern::Castle { relation: orth, dirs, reach, partner: Cond::Piece(ROOK) }, Cond::Empty)
        };
        let king = piece(
            "king",
            vec![rule(slide(orth, DirSel::All, 1, 1), empty_or_enemy()), to(named("e"), 6, 5), to(named("w"), 2, 3)],
        );
        let rook = piece("rook", vec![rule(slide(orth, DirSel::All, 1, 255), empty_or_enemy())]);
        game(b, vec![king, rook, piece("post", vec![])], Rules { check: vec![KING], ..Rules::default() })
    }

    /// Every castling move of the position as (move text, king's end, rook's end).
    fn castling_texts(pos: &crate::Position) -> Vec<(String, String, String)> {
        let b = &pos.game().board;
        let mut out: Vec<_> = pos
            .legal_moves()
            .iter()
            .filter(|m| m.with_from.is_some())
            .map(|m| {
                let text = crate::notation::move_text(pos.game(), m);
                (text, b.label(m.to).to_string(), b.label(m.with_to).to_string())
            })
            .collect();
        out.sort();
        out
    }

    fn triple(a: &str, b: &str, c: &str) -> (String, String, String) {
        (a.into(), b.into(), c.into())
    }

    #[test]
    fn onto_columns_whatever_the_start_written_king_takes_rook() {
        // King b1, rooks a1 and h1: queenside the king goes east to c1 while the rook jumps over it to d1.
        let pos = position(
            &columns(),
            &[("b1", WHITE, KING), ("a1", WHITE, ROOK), ("h1", WHITE, ROOK), ("e3", BLACK, KING)],
            WHITE,
        );
        assert_eq!(castling_texts(&pos), [triple("b1-a1", "c1", "d1"), triple("b1-h1", "g1", "f1")]);
        // The text reads back, and so does the king's destination when no other move of the king ends there.
        for m in pos.legal_moves().iter().filter(|m| m.with_from.is_some()) {
            let text = crate::notation::move_text(pos.game(), m);
            assert_eq!(crate::notation::parse_move(&pos, &text).unwrap(), *m);
        }
        let g1 = crate::notation::parse_move(&pos, "b1-g1").unwrap();
        assert_eq!(pos.game().board.label(g1.with_from), "h1");
    }

    #[test]
    fn the_king_may_stay_or_land_where_the_rook_stood() {
        // King g1, rook h1: the king stays, the rook goes to f1. King f1, rook g1: the king lands on g1.
        let pos = position(&columns(), &[("g1", WHITE, KING), ("h1", WHITE, ROOK), ("a2", BLACK, KING)], WHITE);
        assert_eq!(castling_texts(&pos), [triple("g1-h1", "g1", "f1")]);
        let mut after = pos.clone();
        play(&mut after, "g1-h1");
        let at = |p: &crate::Position, l: &str| p.cell(node(&p.game().board, l)).map(|c| c.piece);
        assert_eq!((at(&after, "g1"), at(&after, "f1"), at(&after, "h1")), (Some(KING), Some(ROOK), None));
        let pos = position(&columns(), &[("f1", WHITE, KING), ("g1", WHITE, ROOK), ("a2", BLACK, KING)], WHITE);
        assert_eq!(castling_texts(&pos), [triple("f1-g1", "g1", "f1")]);
    }

    #[test]
    fn every_node_passed_or_landed_on_must_be_empty_but_for_the_two() {
        // King b1, rook c1 (kingside): the king passes c1..g1, the rook f1; a post on g1 or f1 blocks,
        // one on h1 does not.
        let base = [("b1", WHITE, KING), ("c1", WHITE, ROOK), ("a2", BLACK, KING)];
        let pos = position(&columns(), &base, WHITE);
        assert_eq!(castling_texts(&pos), [triple("b1-c1", "g1", "f1")]);
        for (post, castles) in [("g1", false), ("f1", false), ("h1", true)] {
            let pos = position(&columns(), &[&base[..], &[(post, WHITE, PieceId::new(2))]].concat(), WHITE);
            assert_eq!(!castling_texts(&pos).is_empty(), castles, "a post on {post}");
        }
    }

    #[test]
    fn not_out_of_through_or_into_an_attack() {
        let base = [("b1", WHITE, KING), ("c1", WHITE, ROOK), ("a2", BLACK, KING)];
        // A black rook on e2 attacks e1, which the king passes; on g2, g1 where it lands; on b2, the king.
        for at in ["e2", "g2", "b2"] {
            let pos = position(&columns(), &[&base[..], &[(at, BLACK, ROOK)]].concat(), WHITE);
            assert!(castling_texts(&pos).is_empty(), "a rook on {at}");
        }
        // Only the rook passes b1 castling from a1 to d1 (the king goes from g1 to c1): an attack on b1
        // does not matter.
        let pos = position(&columns(), &[("g1", WHITE, KING), ("a1", WHITE, ROOK), ("h2", BLACK, KING)], WHITE);
        assert_eq!(castling_texts(&pos), [triple("g1-a1", "c1", "d1")]);
        let pos = position(
            &columns(),
            &[("g1", WHITE, KING), ("a1", WHITE, ROOK), ("h2", BLACK, KING), ("b2", BLACK, ROOK)],
            WHITE,
        );
        assert_eq!(castling_texts(&pos), [triple("g1-a1", "c1", "d1")]);
    }
}
