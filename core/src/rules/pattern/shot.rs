//! Follow-up shots ([`Shot`]): after a move, a piece of the mover's side shoots along a line over one
//! screen and takes the first piece beyond it, staying where it is (Leader Cannon). The board is
//! looked at as it stands after the move.
//!
//! ```
//! use qipan::core::{PieceId, SeatId};
//! use qipan::core::rules::{Scratch, pattern::generate};
//!
//! let src = "name: shooters
//! board: { grid: { width: 5, height: 5, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   gunner: { moves: step orthogonal to empty then shoot orthogonal over friend at enemy }
//! setup:
//!   - { seat: white, piece: gunner, at: [a1, b2] }
//!   - { seat: black, piece: gunner, at: [d2] }
//! ";
//! let game = qipan::load_str("shooters.yaml", src, &[])?;
//! let at = |label| game.board.find(label).unwrap();
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! generate(&game.pieces[0].moves[0], &game.start(), SeatId(0), PieceId::new(0), at("a1"), &mut scratch, &mut out);
//! // Stepping to a2, the gunner may shoot over b2 at d2 (or not shoot); from b1 it has no shot.
//! let shots: Vec<_> = out.iter().filter(|m| m.take.is_some()).map(|m| (m.to, m.take, m.by)).collect();
//! assert_eq!(shots, [(at("a2"), at("d2"), at("a2"))]);
//! assert_eq!(out.len(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Gen, LoneRule, Shot, ShotTrigger};
use crate::board::{DirectionId, NodeId};
use crate::moves::Move;
use crate::position::Piece;

impl Gen<'_> {
    /// The shots that may follow `mv` (a piece moved from `mv.from` to `mv.to`), each pushed as `mv`
    /// with `take` and `by` set. The board is looked at as it stands after the move.
    pub(super) fn shots(&mut self, mv: Move, shot: &Shot) {
        let (pos, seat) = (self.pos, self.seat);
        let board = &pos.game().board;
        let moved = Piece { seat, piece: mv.piece };
        let occ = |n: NodeId| occupant_after(pos, &mv, moved, n);
        let line_end = |start: NodeId, d: DirectionId| {
            // The first occupied node after `start`, if any; lines may wrap, so stop after a full board.
            let mut n = board.next(shot.relation, d, start);
            for _ in 0..board.len() {
                if !n.is_some() || occ(n).is_some() {
                    return n;
                }
                n = board.next(shot.relation, d, n);
            }
            NodeId::NONE
        };
        for s in board.node_ids() {
            let Some(shooter) = occ(s) else { continue };
            if !pos.same_side(seat, shooter.seat) || (shot.trigger == ShotTrigger::Shooter && s != mv.to) {
                continue;
            }
            for &d in self.dirs(shot.relation, &shot.dirs, None).as_slice() {
                let m = line_end(s, d);
                if !m.is_some() || m == s || !shot.screen.eval_with(pos, seat, m, &occ) {
                    continue;
                }
                let t = line_end(m, d);
                if !t.is_some() || t == s || t == m || !shot.target.eval_with(pos, seat, t, &occ) {
                    continue;
                }
                let Some(target) = occ(t) else { continue };
                if !pos.can_capture(seat, shooter.piece, target) {
                    continue;
                }
                if shot.trigger == ShotTrigger::ShooterOrScreen && s != mv.to && m != mv.to {
                    continue;
                }
                let safe = match shot.lone {
                    LoneRule::Off => false,
                    LoneRule::Beyond => {
                        let b = board.next(shot.relation, d, t);
                        b.is_some() && occ(b).is_some_and(|p| pos.same_side(p.seat, target.seat))
                    }
                    LoneRule::Line => {
                        let mut n = board.next(shot.relation, d, m);
                        let mut others = false;
                        for _ in 0..board.len() {
                            if !n.is_some() || n == s {
                                break;
                            }
                            others |= n != t && occ(n).is_some_and(|p| pos.same_side(p.seat, target.seat));
                            n = board.next(shot.relation, d, n);
                        }
                        others
                    }
                };
                if !safe {
                    self.out.push(Move { take: t, by: s, ..mv });
                }
            }
        }
    }
}

/// The piece on `n` once `moved` has gone from `mv.from` to `mv.to`: what a shot or a placement that
/// follows the move sees.
pub(super) fn occupant_after(pos: &crate::position::Position, mv: &Move, moved: Piece, n: NodeId) -> Option<Piece> {
    if n == mv.to {
        Some(moved)
    } else if n == mv.from {
        None
    } else {
        pos.cell(n)
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::{Cond, DirSel, LoneRule, Rules, Shot, ShotTrigger};
    use crate::testkit::*;

    const POST: PieceId = PieceId::new(4);

    /// On 5×5: pieces that step orthogonally to an empty node and then may shoot orthogonally over a
    /// friend at an enemy; they differ in the shot's trigger, whether it is forced, and the lone rule.
    fn shooters() -> std::sync::Arc<crate::Game> {
        let b = board(5, 5, &[]);
        let orth = rel(&b, "orthogonal");
        let gunner = |trigger, forced, lone| {
            let mut r = rule(slide(orth, DirSel::All, 1, 1), Cond::Empty);
            r.shot = Some(Shot {
                relation: orth,
                dirs: DirSel::All,
                screen: Cond::Friend,
                target: Cond::Enemy,
                lone,
                trigger,
                forced,
            });
            vec![r]
        };
        let pieces = vec![
            piece("gunner", gunner(ShotTrigger::ShooterOrScreen, false, LoneRule::Off)),
            piece("sniper", gunner(ShotTrigger::Shooter, false, LoneRule::Off)),
            piece("forced", gunner(ShotTrigger::ShooterOrScreen, true, LoneRule::Off)),
            piece("lone", gunner(ShotTrigger::ShooterOrScreen, false, LoneRule::Beyond)),
            piece("post", vec![]),
        ];
        game(b, pieces, Rules::default())
    }

    #[test]
    fn the_mover_shoots_over_a_friend_or_declines() {
        // After a1-a2, the gunner on a2 shoots over b2 at d2; after a1-b1 nothing lines up.
        let pos =
            position(&shooters(), &[("a1", WHITE, PieceId::new(0)), ("b2", WHITE, POST), ("d2", BLACK, POST)], WHITE);
        assert_eq!(generated(&pos, "a1", 0), ["a1-a2", "a1-a2 a2xd2", "a1-b1"]);
    }

    #[test]
    fn a_forced_shot_may_not_be_declined() {
        let pos =
            position(&shooters(), &[("a1", WHITE, PieceId::new(2)), ("b2", WHITE, POST), ("d2", BLACK, POST)], WHITE);
        assert_eq!(generated(&pos, "a1", 0), ["a1-a2 a2xd2", "a1-b1"]);
    }

    #[test]
    fn the_trigger_says_whether_the_mover_may_be_the_screen() {
        // b1-b2 puts the mover between the post on a2 and the enemy on d2: the post shoots over it.
        let setup = |mover| [("b1", WHITE, mover), ("a2", WHITE, POST), ("d2", BLACK, POST)];
        let pos = position(&shooters(), &setup(PieceId::new(0)), WHITE);
        assert_eq!(generated(&pos, "b1", 0), ["b1-a1", "b1-b2", "b1-b2 a2xd2", "b1-c1"]);
        let pos = position(&shooters(), &setup(PieceId::new(1)), WHITE);
        assert_eq!(generated(&pos, "b1", 0), ["b1-a1", "b1-b2", "b1-c1"]);
    }

    #[test]
    fn a_target_with_a_friend_just_beyond_is_safe_under_the_lone_rule() {
        let pieces = |mover| [("a1", WHITE, mover), ("b2", WHITE, POST), ("d2", BLACK, POST), ("e2", BLACK, POST)];
        let pos = position(&shooters(), &pieces(PieceId::new(3)), WHITE);
        assert_eq!(generated(&pos, "a1", 0), ["a1-a2", "a1-b1"]);
        let pos = position(&shooters(), &pieces(PieceId::new(0)), WHITE);
        assert_eq!(generated(&pos, "a1", 0), ["a1-a2", "a1-a2 a2xd2", "a1-b1"]);
    }
}
