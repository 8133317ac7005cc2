//! Follow-up shots ([`Shot`]): after a move, a piece of the mover's side shoots along a line over one
//! screen and takes the first piece beyond it, staying where it is (Leader Cannon). The board is
//! looked at as it stands after the move.
//!
//! ```
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
//! generate(&game.pieces[0].moves[0], &game.start(), 0, 0, at("a1"), &mut scratch, &mut out);
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
        let occ = |n: NodeId| {
            if n == mv.to {
                Some(moved)
            } else if n == mv.from {
                None
            } else {
                pos.cell(n)
            }
        };
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
