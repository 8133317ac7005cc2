//! Turning a destination into moves: the destination condition, what a capture takes (the piece
//! there, one shot at a distance, or the pawn just passed en passant), promotions, and the shots
//! that may follow the move. Every pattern ends here.
//!
//! ```
//! use qipan::core::SeatId;
//! use qipan::core::{notation::parse_move, rules::{Scratch, pattern::generate}};
//!
//! let game = qipan::load("chess", &[])?;
//! let mut pos = game.start();
//! for text in ["e2-e4", "a7-a6", "e4-e5", "d7-d5"] {
//!     pos.play(&parse_move(&pos, text)?)?;
//! }
//! let at = |label| game.board.find(label).unwrap();
//! let pawn = game.piece("pawn").unwrap();
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! for rule in &game.pieces[pawn.idx()].moves {
//!     generate(rule, &pos, SeatId(0), pawn, at("e5"), &mut scratch, &mut out);
//! }
//! // A step to e6, and en passant to d6 taking the pawn that just passed it.
//! let moves: Vec<_> = out.iter().map(|m| (game.board.label(m.to), m.take)).collect();
//! assert_eq!(moves, [("e6", qipan::core::NodeId::NONE), ("d6", at("d5"))]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{CaptureMode, Gen, Pattern};
use crate::board::NodeId;
use crate::moves::{Move, MoveKind, Stack};
use crate::position::Position;
use crate::{PieceId, SeatId};

impl Gen<'_> {
    /// Adds the move to `to` if the destination condition allows it (capturing per `rule.capture`),
    /// with the shots that may follow it.
    #[inline]
    pub(super) fn emit(&mut self, to: NodeId) {
        let (pos, seat, piece, from, rule) = (self.pos, self.seat, self.piece, self.from, self.rule);
        if rule.plain_to != 0 && to != from {
            // The common case: only the occupant of the destination matters.
            if plain_allows(pos, seat, piece, rule.plain_to, to) {
                self.out.push(Move::step(piece, from, to));
            }
            return;
        }
        if to == from {
            // Only a walk that may return ends on its start: to shoot, or without a shot of its own as a
            // move that is legal only if playing it captures (`Move::is_idle`).
            if let Pattern::Walk { returning: true, .. } = &rule.pattern {
                match &rule.shot {
                    Some(shot) => self.shots(Move::step(piece, from, from), shot),
                    None => self.out.push(Move::step(piece, from, from)),
                }
            }
            return;
        }
        if let Some(onto) = &rule.onto
            && pos.cell(to).is_some()
            && onto.eval(pos, seat, to)
        {
            // `onto`: on top of the column there, which stays (whatever `to` says of it).
            self.out.push(Move { stack: Stack::new(0, true), ..Move::step(piece, from, to) });
            return;
        }
        let allowed = match &rule.to_fast {
            Some(f) => f.allows(pos, seat, to),
            None => rule.to.eval(pos, seat, to),
        };
        if !allowed {
            return;
        }
        let mv = match (pos.cell(to), rule.capture) {
            (None, CaptureMode::Passer) => {
                // En passant: the piece that just passed over `to` is taken where it stands.
                let p = pos.passer();
                if !pos.is_passed(to) || !p.is_some() {
                    return;
                }
                match pos.cell(p) {
                    Some(t) if pos.can_capture(seat, piece, t) => Move { take: p, ..Move::step(piece, from, to) },
                    _ => return,
                }
            }
            (None, _) => Move { passable: rule.passable, ..Move::step(piece, from, to) },
            (Some(_), CaptureMode::Passer) => return,
            (Some(target), mode) => {
                if !pos.can_capture(seat, piece, target) {
                    return;
                }
                match mode {
                    CaptureMode::Remote => Move::shoot(piece, from, to),
                    _ => Move::step(piece, from, to),
                }
            }
        };
        if !rule.promote.is_empty() && mv.kind == MoveKind::Move && rule.promote_in.eval_quick(pos, seat, to) {
            for &p in &rule.promote {
                if !rule.promote_captured || super::stay::lost(pos, seat, p) {
                    self.out.push(Move { promote: Some(p), ..mv });
                }
            }
            return;
        }
        if let Some(tp) = &rule.then_place
            && mv.kind == MoveKind::Move
        {
            if self.first_part {
                self.out.push(Move { then_place: Some(tp.piece), ..mv });
                return;
            }
            return self.then_places(mv, tp);
        }
        match &rule.shot {
            Some(shot) if mv.kind == MoveKind::Move => {
                let before = self.out.len();
                self.shots(mv, shot);
                if !shot.forced || self.out.len() == before {
                    self.out.push(mv);
                }
            }
            _ => self.out.push(mv),
        }
    }
}

/// Whether `piece` of `seat` may step onto `to` under a rule that allows the occupants `allowed`
/// (bits as [`super::MoveRule::plain_to`]: empty, friend, ally, enemy), a piece there being taken.
#[inline(always)]
pub(crate) fn plain_allows(pos: &Position, seat: SeatId, piece: PieceId, allowed: u8, to: NodeId) -> bool {
    match pos.cell(to) {
        None => allowed & 0b0001 != 0,
        Some(t) => {
            let bit = if pos.same_side(seat, t.seat) {
                0b0010
            } else if !pos.hostile(seat, t.seat) {
                0b0100
            } else {
                0b1000
            };
            allowed & bit != 0 && pos.can_capture(seat, piece, t)
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{CaptureMode, Cond, DirSel, Rules};
    use crate::testkit::*;

    const PAWN: PieceId = PieceId::new(0);
    const ARCHER: PieceId = PieceId::new(3);
    const POST: PieceId = PieceId::new(4);
    const GHOST: PieceId = PieceId::new(5);
    const RUNNER: PieceId = PieceId::new(6);
    const TAKER: PieceId = PieceId::new(7);

    /// On 5×5 with the zone `last` (row 5): a pawn stepping forward that becomes a queen or a rook on
    /// row 5, an archer that shoots along the orthogonals and stays, a post, a ghost that cannot be
    /// captured, a runner whose double step forward may be taken en passant, and a taker that takes
    /// en passant diagonally forward.
    fn emitters() -> std::sync::Arc<crate::Game> {
        let b = board(5, 5, &[("last", &["a5", "b5", "c5", "d5", "e5"])]);
        let (orth, diag) = (rel(&b, "orthogonal"), rel(&b, "diagonal"));
        let last = b.zone("last").unwrap();
        let mut step = rule(slide(orth, DirSel::Forward, 1, 1), Cond::Empty);
        step.promote = vec![PieceId::new(1), PieceId::new(2)];
        step.promote_in = Cond::Zone(last);
        let mut shoot = rule(slide(orth, DirSel::All, 1, 255), Cond::Enemy);
        shoot.capture = CaptureMode::Remote;
        let mut double = rule(slide(orth, DirSel::Forward, 2, 2), Cond::Empty);
        double.passable = true;
        let mut en_passant = rule(slide(diag, DirSel::Forward, 1, 1), Cond::Passed);
        en_passant.capture = CaptureMode::Passer;
        let mut ghost = piece("ghost", vec![]);
        ghost.immune = true;
        let pieces = vec![
            piece("pawn", vec![step]),
            piece("queen", vec![]),
            piece("rook", vec![]),
            piece("archer", vec![shoot]),
            piece("post", vec![]),
            ghost,
            piece("runner", vec![double]),
            piece("taker", vec![en_passant]),
        ];
        game(b, pieces, Rules::default())
    }

    #[test]
    fn promotion_on_the_zone_one_move_per_choice() {
        let pos = position(&emitters(), &[("c4", WHITE, PAWN), ("b3", WHITE, PAWN)], WHITE);
        assert_eq!(generated(&pos, "c4", 0), ["c4-c5=Q", "c4-c5=R"]);
        assert_eq!(generated(&pos, "b3", 0), ["b3-b4"]);
    }

    #[test]
    fn a_remote_capture_leaves_the_shooter_in_place() {
        let g = emitters();
        let mut pos = position(&g, &[("a1", WHITE, ARCHER), ("a4", BLACK, POST), ("c1", BLACK, GHOST)], WHITE);
        // The post on a4 is shot; the ghost on c1 cannot be captured (and blocks the line).
        assert_eq!(generated(&pos, "a1", 0), ["a1xa4"]);
        play(&mut pos, "a1xa4");
        assert_eq!(pos.cell(node(&g.board, "a1")).map(|p| p.piece), Some(ARCHER));
        assert_eq!(pos.cell(node(&g.board, "a4")), None);
        assert_eq!(pos.captures(), [1, 0]);
    }

    #[test]
    fn en_passant_only_right_after_the_passable_move() {
        let g = emitters();
        let mut pos = position(&g, &[("c2", WHITE, RUNNER), ("d4", BLACK, TAKER)], WHITE);
        assert!(generated(&pos, "d4", 0).is_empty(), "nothing has passed c3");
        play(&mut pos, "c2-c4");
        // The runner passed c3: the taker goes there and takes the runner on c4.
        let moves = generated_moves(&pos, "d4", 0);
        assert_eq!(moves.len(), 1);
        assert_eq!((moves[0].to, moves[0].take), (node(&g.board, "c3"), node(&g.board, "c4")));
        play(&mut pos, "d4-c3");
        assert_eq!(pos.cell(node(&g.board, "c4")), None);
    }
}
