//! Moves in several parts, generated whole: chains of jumps (`jump diagonal over enemy to empty capture
//! jumped chain`, draughts) and a placement that follows a move (`then place arrow slide orthogonal
//! diagonal`, the Amazons). A turn stays one [`Move`]: a chain records its legs in [`Move::path`], a
//! following placement its node in [`Move::with_to`] and its piece in [`Move::then_place`], so perft,
//! records, move text and the search see one entry per turn, and two chains that differ only in their
//! path are two moves.
//!
//! ```
//! use qipan::core::notation::move_text;
//!
//! let src = "name: shooters
//! board: { grid: { width: 3, height: 3, labels: chess, diagonal: true } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   queen: { moves: [slide orthogonal to empty then place arrow slide orthogonal diagonal] }
//!   arrow: {}
//! setup:
//!   - { seat: white, piece: queen, at: [a1] }
//!   - { seat: black, piece: queen, at: [c3] }
//! ";
//! let game = qipan::load_str("shooters.yaml", src, &[])?;
//! let mut texts: Vec<String> = game.start().legal_moves().iter().map(|m| move_text(&game, m)).collect();
//! texts.sort();
//! // The queen goes to a2, a3, b1 or c1, then shoots an arrow from there: back to a1, which it has left,
//! // but never onto the node it stands on.
//! assert!(texts.contains(&"a1-a2/a1".to_string()) && texts.contains(&"a1-c1/a1".to_string()));
//! assert!(!texts.contains(&"a1-a2/a2".to_string())); // the queen stands there
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::shot::occupant_after;
use super::{CaptureMode, DirSel, Gen};
use crate::PieceId;
use crate::board::{NodeId, RelationId};
use crate::moves::Move;
use crate::path::Path;
use crate::position::Piece;
use crate::rules::Cond;

/// One kind of leg of a chain: the jump rule it follows, and the piece type the mover was crowned on the
/// way (`chain through-promotion`), if any.
struct Leg<'r> {
    rule: &'r super::MoveRule,
    relation: RelationId,
    dirs: &'r DirSel,
    over: &'r Cond,
    crowned: Option<PieceId>,
}

/// The leg a piece crowned `p` mid-chain goes on with: `p`'s first jump along `relation` that captures
/// as `rule` does, so the path stays one kind of path.
fn crowned_leg<'r>(
    pos: &'r crate::position::Position,
    rule: &super::MoveRule,
    relation: RelationId,
    p: PieceId,
) -> Option<Leg<'r>> {
    pos.game().pieces.get(p.idx())?.moves.iter().find_map(|k| match &k.pattern {
        super::Pattern::Jump { relation: r, dirs, over } if *r == relation && k.capture == rule.capture => {
            Some(Leg { rule: k, relation, dirs, over, crowned: Some(p) })
        }
        _ => None,
    })
}

/// A placement that follows a move, from the node the mover reached: `then place PIECE slide|step
/// RELATION...` (the Amazons' arrow, shot like a queen from where the queen landed). The piece goes to
/// an empty node reached from there through empty nodes (the node the mover left counts as empty).
///
/// ```
/// use qipan::core::rules::{DirSel, ThenPlace};
///
/// let game = qipan::load("amazons", &[])?;
/// let queen = &game.pieces[game.piece("queen").unwrap().idx()];
/// let tp: &ThenPlace = queen.moves[0].then_place.as_ref().unwrap();
/// assert_eq!(tp.piece, game.piece("arrow").unwrap());
/// assert!(tp.slide && tp.lines.len() == 2 && tp.lines[0].1 == DirSel::All);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ThenPlace {
    /// The piece placed (owned by the mover, unless the piece type has an owner of its own).
    pub piece: PieceId,
    /// Any distance along a line (`slide`), or the adjacent node only (`step`).
    pub slide: bool,
    /// The relations and directions it may go along.
    pub lines: Vec<(RelationId, DirSel)>,
}

impl Gen<'_> {
    /// The moves of a jump whose rule records its path: captures the jumped pieces (`capture jumped`)
    /// and goes on while it can (`chain`).
    pub(super) fn jump_path(&mut self, relation: RelationId, dirs: &DirSel, over: &Cond) {
        let captures = self.rule.capture == CaptureMode::Jumped;
        let mut jumped = [NodeId::NONE; Path::MAX_LEGS];
        let leg = Leg { rule: self.rule, relation, dirs, over, crowned: None };
        self.chain_from(&leg, self.from, Path::start(relation, captures), &mut jumped);
    }

    /// Extends `path` (which has reached `at`, over the nodes `jumped`) by one more jump of `leg` in
    /// every way possible, emitting each chain that cannot go on (and, under `chain optional`, each one
    /// that can); returns whether any jump was possible.
    fn chain_from(&mut self, leg: &Leg, at: NodeId, path: Path, jumped: &mut [NodeId; Path::MAX_LEGS]) -> bool {
        let (pos, seat, from) = (self.pos, self.seat, self.from);
        let (rule, relation) = (leg.rule, leg.relation);
        // The mover has left its start: that node is empty while the chain goes on.
        let occ = |n: NodeId| if n == from { None } else { pos.cell(n) };
        let mut any = false;
        for &d in self.dirs(relation, leg.dirs, None).as_slice() {
            let mid = pos.next_open(relation, d, at);
            if !mid.is_some() || mid == from || mid == at || jumped[..path.len()].contains(&mid) {
                continue;
            }
            if !leg.over.eval_with(pos, seat, mid, &occ) {
                continue;
            }
            let to = pos.next_open(relation, d, mid);
            if !to.is_some() || to == mid || occ(to).is_some() || !rule.to.eval_with(pos, seat, to, &occ) {
                continue;
            }
            if rule.capture == CaptureMode::Jumped {
                match pos.cell(mid) {
                    Some(t) if pos.can_capture(seat, self.piece, t) => {}
                    _ => continue,
                }
            }
            let Some(next) = path.push(d) else { continue };
            any = true;
            jumped[path.len()] = mid;
            let mv = Move { path: next, promote: leg.crowned, ..Move::step(self.piece, from, to) };
            if leg.crowned.is_none() && !rule.promote.is_empty() && rule.promote_in.eval_quick(pos, seat, to) {
                for &p in &rule.promote {
                    // Promotion ends the move, unless the chain goes on through it as the new piece.
                    let went_on = match crowned_leg(pos, rule, relation, p) {
                        Some(k) if rule.chain_through_promotion => self.chain_from(&k, to, next, jumped),
                        _ => false,
                    };
                    if !went_on || rule.chain_optional {
                        self.out.push(Move { promote: Some(p), ..mv });
                    }
                }
                continue;
            }
            let went_on = rule.chain && self.chain_from(leg, to, next, jumped);
            if !went_on || (rule.chain_optional && rule.chain) {
                self.out.push(mv);
            }
        }
        any
    }

    /// The placements that may follow `mv` (a piece moved from `mv.from` to `mv.to`), each pushed as
    /// `mv` with `with_to` and `then_place` set.
    pub(super) fn then_places(&mut self, mv: Move, tp: &ThenPlace) {
        let (pos, seat) = (self.pos, self.seat);
        let board = &pos.game().board;
        let moved = Piece { seat, piece: mv.piece };
        let occ = |n: NodeId| occupant_after(pos, &mv, moved, n);
        for (relation, dirs) in &tp.lines {
            for &d in self.dirs(*relation, dirs, None).as_slice() {
                let mut n = board.next(*relation, d, mv.to);
                // Lines may wrap: stop after a full board.
                for _ in 0..board.len() {
                    if !n.is_some() || occ(n).is_some() {
                        break;
                    }
                    self.out.push(Move { with_to: n, then_place: Some(tp.piece), ..mv });
                    if !tp.slide {
                        break;
                    }
                    n = board.next(*relation, d, n);
                }
            }
        }
    }
}

/// The whole turns that complete `first` (a first part, with [`Move::then_place`] set and no node for it)
/// under `rule`, pushed onto `out`: one per node the piece may be placed on.
pub(crate) fn then_places_after(
    pos: &crate::position::Position,
    rule: &super::MoveRule,
    first: Move,
    out: &mut Vec<Move>,
) {
    let Some(tp) = &rule.then_place else { return };
    let seat = pos.to_move();
    let mut g = Gen { pos, seat, piece: first.piece, from: first.from, rule, out, first_part: false };
    g.then_places(Move { then_place: None, ..first }, tp);
}
