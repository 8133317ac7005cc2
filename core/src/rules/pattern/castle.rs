//! Castling ([`Pattern::Castle`]): a compound move of the mover and a partner, the first piece along a
//! line, neither having moved; under a check rule the mover may not start on or pass an attacked node.
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
use crate::board::{NodeId, RelationId};
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

/// Castling's line: the mover's `steps` along `relation.dirs`.
pub(super) fn line(relation: RelationId, dirs: &DirSel, steps: u8) -> Option<Line<'_>> {
    Some(Line { relation, dirs, min: steps as usize, max: steps as usize })
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
        let castle = Pattern::Castle { relation: orth, dirs: DirSel::Sideways, steps: 2, partner: Cond::Piece(ROOK) };
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
}
