//! Staying put ([`Pattern::Stay`]): the piece promotes on its own node, a move whose destination is its
//! origin (sittuyin's promotion in place); and the limit of promotion to types the mover has lost
//! ([`MoveRule::promote_captured`](super::MoveRule::promote_captured)).
//!
//! ```
//! use qipan::core::notation::{move_text, parse_move};
//!
//! let src = "name: in-place
//! board: { grid: { width: 3, height: 3, labels: chess, diagonal: true }, zones: { far: { coords: [[0, 2], [2, 2]] } } }
//! seats: [{ name: white, forward: [n] }, { name: black, forward: [s] }]
//! pieces:
//!   pawn: { moves: [step orthogonal.forward to empty, stay promote general in zone(far)] }
//!   general: { moves: step diagonal }
//! setup:
//!   - { seat: white, piece: pawn, at: [b3] }
//!   - { seat: black, piece: general, at: [a1] }
//! ";
//! let game = qipan::load_str("in-place.yaml", src, &[])?;
//! let pos = game.start();
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), 1, "only the promotion in place: b3 is the last rank");
//! assert_eq!((moves[0].from, moves[0].to), (game.board.find("b3").unwrap(), game.board.find("b3").unwrap()));
//! assert_eq!(move_text(&game, &moves[0]), "b3-b3=G");
//! assert_eq!(parse_move(&pos, "b3=general")?, moves[0]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::Gen;
use crate::moves::Move;
use crate::position::Position;
use crate::{PieceId, SeatId};

impl Gen<'_> {
    /// The promotions in place of the piece on `from`, where `promote_in` holds there.
    pub(super) fn stay(&mut self) {
        let (pos, seat, piece, from, rule) = (self.pos, self.seat, self.piece, self.from, self.rule);
        if !rule.promote_in.eval_quick(pos, seat, from) {
            return;
        }
        for &p in &rule.promote {
            if p != piece && (!rule.promote_captured || lost(pos, seat, p)) {
                self.out.push(Move { promote: Some(p), ..Move::step(piece, from, from) });
            }
        }
    }
}

/// Whether `seat` has fewer pieces of type `piece` on the board than at the start (one was captured):
/// the pieces now are kept counted; the start's are counted in its list of placements.
pub(super) fn lost(pos: &Position, seat: SeatId, piece: PieceId) -> bool {
    let at_start = pos.game().setup.iter().filter(|p| p.seat == seat && p.piece == piece).count();
    usize::from(pos.on_board(seat, piece)) < at_start
}

#[cfg(test)]
mod tests {
    use crate::rules::{Cond, Pattern, Rules};
    use crate::testkit::*;

    const PAWN: PieceId = PieceId::new(0);
    const QUEEN: PieceId = PieceId::new(1);

    /// On 3×3: pawns that step forward and promote to a queen on the last row only if a queen of theirs
    /// was lost (`captured`), either by stepping there or in place (`stay`); White starts with a queen.
    fn game_with(stay: bool) -> std::sync::Arc<crate::Game> {
        let b = board(3, 3, &[("far", &["a3", "b3", "c3"])]);
        let orth = rel(&b, "orthogonal");
        let far = Cond::Zone(b.zone("far").unwrap());
        let promoting = |pattern, to| {
            let mut r = rule(pattern, to);
            r.promote = vec![QUEEN];
            r.promote_in = far.clone();
            r.promote_captured = true;
            r
        };
        let mut moves = vec![promoting(slide(orth, DirSel::Forward, 1, 1), Cond::Empty)];
        if stay {
            moves.push(promoting(Pattern::Stay, Cond::True));
        }
        let pawn = piece("pawn", moves);
        let queen = piece("queen", vec![rule(slide(orth, DirSel::All, 1, 255), empty_or_enemy())]);
        let g = game(b, vec![pawn, queen], Rules::default());
        let mut g = (*g).clone();
        g.setup = vec![crate::game::Placement { node: node(&g.board, "c1"), seat: WHITE, piece: QUEEN }];
        std::sync::Arc::new(g)
    }

    use crate::rules::DirSel;

    #[test]
    fn a_pawn_promotes_only_to_a_type_its_side_has_lost() {
        // The white queen is still on c1: the pawn on a2 may not step to a3 (it could not promote).
        let g = game_with(false);
        let pos = position(&g, &[("a2", WHITE, PAWN), ("c1", WHITE, QUEEN)], WHITE);
        assert_eq!(generated(&pos, "a2", 0), Vec::<String>::new());
        // Without it, it steps and promotes.
        let pos = position(&g, &[("a2", WHITE, PAWN)], WHITE);
        assert_eq!(generated(&pos, "a2", 0), ["a2-a3=Q"]);
    }

    #[test]
    fn staying_put_promotes_in_place_under_the_same_limit() {
        let g = game_with(true);
        let pos = position(&g, &[("b3", WHITE, PAWN), ("c1", WHITE, QUEEN)], WHITE);
        assert!(generated(&pos, "b3", 1).is_empty());
        let mut pos = position(&g, &[("b3", WHITE, PAWN)], WHITE);
        assert_eq!(generated(&pos, "b3", 1), ["b3-b3=Q"]);
        play(&mut pos, "b3-b3=Q");
        assert_eq!(pos.cell(node(&g.board, "b3")).map(|p| p.piece), Some(QUEEN));
        // Away from the last row there is nothing to do in place.
        let pos = position(&g, &[("b2", WHITE, PAWN)], WHITE);
        assert!(generated(&pos, "b2", 1).is_empty());
    }
}
