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

use super::dirs::Dirs;
use super::shot::occupant_after;
use super::{CaptureMode, DirSel, Gen};
use crate::PieceId;
use crate::board::{DirectionId, NodeId, RelationId};
use crate::moves::Move;
use crate::path::Path;
use crate::position::Piece;
use crate::rules::{Cond, FastTarget};

/// One kind of leg of a chain, with what it tests at every jump worked out once per chain: the jump
/// rule it follows, its directions, what the node jumped over must be (as a table lookup when it has
/// that form), and the piece type the mover was crowned on the way (`chain through-promotion`), if any.
struct Leg<'r> {
    rule: &'r super::MoveRule,
    relation: RelationId,
    over: &'r Cond,
    over_fast: Option<FastTarget>,
    /// The directions the jumps go in; empty when the rule reads its jumps from a table.
    dirs: &'r [DirectionId],
    crowned: Option<PieceId>,
}

/// The jump a piece crowned `p` mid-chain goes on with: `p`'s first jump along `relation` that captures
/// as `rule` does, so the path stays one kind of path; with its directions and what it jumps over.
fn crowned_jump<'r>(
    pos: &'r crate::position::Position,
    rule: &super::MoveRule,
    relation: RelationId,
    p: PieceId,
) -> Option<(&'r super::MoveRule, &'r DirSel, &'r Cond)> {
    pos.game().pieces.get(p.idx())?.moves.iter().find_map(|k| match &k.pattern {
        super::Pattern::Jump { relation: r, dirs, over } if *r == relation && k.capture == rule.capture => {
            Some((k, dirs, over))
        }
        _ => None,
    })
}

/// A placement that follows a move, from the node the mover reached: `then place PIECE slide|step
/// RELATION...` (the Amazons' arrow, shot like a queen from where the queen landed). The piece goes to
/// an empty node reached from there through empty nodes (the node the mover left counts as empty).
///
/// ```
/// use qipan::core::rules::{DirSel, PlaceReach, ThenPlace};
///
/// let game = qipan::load("amazons", &[])?;
/// let queen = &game.pieces[game.piece("queen").unwrap().idx()];
/// let tp: &ThenPlace = queen.moves[0].then_place.as_ref().unwrap();
/// assert_eq!(tp.piece, game.piece("arrow").unwrap());
/// assert!(tp.reach == PlaceReach::Slide && tp.lines.len() == 2 && tp.lines[0].1 == DirSel::All);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// After a placement, `then place PIECE anywhere` places a second piece of the same type on any other
/// node the rule's destination condition allows (Connect6's two stones a turn; see [`PlaceReach`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ThenPlace {
    /// The piece placed (owned by the mover, unless the piece type has an owner of its own).
    pub piece: PieceId,
    /// Where it may go.
    pub reach: PlaceReach,
    /// The relations and directions it may go along (none for [`PlaceReach::Anywhere`]).
    pub lines: Vec<(RelationId, DirSel)>,
}

/// Where the piece of a [`ThenPlace`] may go.
///
/// ```
/// use qipan::core::{notation::move_text, rules::PlaceReach};
///
/// let src = "name: pairs
/// board: { grid: { width: 3, height: 3, labels: chess } }
/// seats: [{ name: white }, { name: black }]
/// pieces:
///   stone: { moves: [place to empty then place stone anywhere] }
/// ";
/// let game = qipan::load_str("pairs.yaml", src, &[])?;
/// let rule = &game.pieces[0].moves[0];
/// assert_eq!(rule.then_place.as_ref().map(|t| t.reach), Some(PlaceReach::Anywhere));
/// // Two stones on any two of the nine points: 36 pairs, each once, lower node first.
/// let moves = game.start().legal_moves();
/// assert_eq!(moves.len(), 9 * 8 / 2);
/// assert_eq!(move_text(&game, &moves[0]), "a1+b1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlaceReach {
    /// The adjacent node along a line from where the mover landed (`step`).
    Step,
    /// Any distance along a line from there, through empty nodes (`slide`).
    Slide,
    /// After a placement: a second piece of the same type on any other node the rule's destination
    /// condition allows. The two are one move, an unordered pair: [`Move::to`] is the lower node and
    /// [`Move::with_to`] the higher, as a domino's.
    Anywhere,
}

impl Gen<'_> {
    /// The moves of a jump whose rule records its path: captures the jumped pieces (`capture jumped`)
    /// and goes on while it can (`chain`).
    pub(super) fn jump_path(&mut self, relation: RelationId, dirs: &DirSel, over: &Cond) {
        if !self.may_jump_first() {
            return;
        }
        let captures = self.rule.capture == CaptureMode::Jumped;
        let mut jumped = [NodeId::NONE; Path::MAX_LEGS];
        self.chain_leg(self.rule, relation, dirs, over, None, self.from, Path::start(relation, captures), &mut jumped);
    }

    /// Whether the piece may have a first jump, read off the rule's jump table with its `over` and
    /// `to` tests as occupant bits: most pieces have none most of the time, and then no chain is set
    /// up at all. True whenever the quick test cannot tell (no table, or tests beyond occupants).
    #[inline]
    fn may_jump_first(&self) -> bool {
        may_jump_first(self.rule, self.pos, self.seat, self.from)
    }

    /// Goes on from `at` with the jumps of `rule` (see [`Gen::chain_from`]), working out their directions
    /// and tests once.
    #[allow(clippy::too_many_arguments)]
    fn chain_leg(
        &mut self,
        rule: &super::MoveRule,
        relation: RelationId,
        dirs: &DirSel,
        over: &Cond,
        crowned: Option<PieceId>,
        at: NodeId,
        path: Path,
        jumped: &mut [NodeId; Path::MAX_LEGS],
    ) -> bool {
        let dirs = if rule.jump_dests.is_empty() { self.dirs(relation, dirs, None) } else { Dirs::All(&[]) };
        let over_fast = if rule.over_fast.is_some() { rule.over_fast } else { FastTarget::of(over) };
        let leg = Leg { rule, relation, over, over_fast, dirs: dirs.as_slice(), crowned };
        self.chain_from(&leg, at, path, jumped)
    }

    /// Extends `path` (which has reached `at`, over the nodes `jumped`) by one more jump of `leg` in
    /// every way possible, emitting each chain that cannot go on (and, under `chain optional`, each one
    /// that can); returns whether any jump was possible.
    fn chain_from(&mut self, leg: &Leg, at: NodeId, path: Path, jumped: &mut [NodeId; Path::MAX_LEGS]) -> bool {
        let (pos, seat, from) = (self.pos, self.seat, self.from);
        let (rule, relation) = (leg.rule, leg.relation);
        // The mover has left its start: that node is empty while the chain goes on.
        let occ = |n: NodeId| if n == from { None } else { pos.cell(n) };
        let stacks = pos.game().board.stack_height() > 0;
        let mut any = false;
        let table = rule.jump_dests.get(seat.idx() * pos.game().board.len() + at.idx());
        let mut walked = leg.dirs.iter();
        let mut tabled = table.map(|t| t.iter());
        loop {
            // From the table when the game has one, else along the board.
            let (d, mid, to) = match &mut tabled {
                Some(t) => match t.next() {
                    Some(&j) => j,
                    None => break,
                },
                None => match walked.next() {
                    Some(&d) => {
                        let mid = pos.next_open(relation, d, at);
                        (d, mid, if mid.is_some() { pos.next_open(relation, d, mid) } else { NodeId::NONE })
                    }
                    None => break,
                },
            };
            if !mid.is_some() || mid == from || mid == at {
                continue;
            }
            // A column jumped before in this chain (on a board with stacks) is jumped again at the
            // piece its earlier captures uncovered; a single piece is jumped once.
            let times = jumped[..path.len()].iter().filter(|&&j| j == mid).count();
            if times > 0 && !stacks {
                continue;
            }
            let mid_occ = if times == 0 { occ(mid) } else { pos.layer(mid, times) };
            let over_ok = match &leg.over_fast {
                Some(f) => f.allows_occupant(pos, seat, mid, mid_occ),
                None => leg.over.eval_with(pos, seat, mid, &|n| if n == mid { mid_occ } else { occ(n) }),
            };
            if !over_ok {
                continue;
            }
            if !to.is_some() || to == mid || occ(to).is_some() {
                continue;
            }
            let to_ok = match &rule.to_fast {
                Some(f) => f.allows_occupant(pos, seat, to, None),
                None => rule.to.eval_with(pos, seat, to, &occ),
            };
            if !to_ok {
                continue;
            }
            if rule.capture == CaptureMode::Jumped {
                match mid_occ {
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
                    let went_on = match crowned_jump(pos, rule, relation, p) {
                        Some((k, dirs, over)) if rule.chain_through_promotion => {
                            self.chain_leg(k, relation, dirs, over, Some(p), to, next, jumped)
                        }
                        _ => false,
                    };
                    if (!went_on || rule.chain_optional) && (!rule.promote_captured || super::stay::lost(pos, seat, p))
                    {
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
                    if tp.reach != PlaceReach::Slide {
                        break;
                    }
                    n = board.next(*relation, d, n);
                }
            }
        }
    }
}

/// Whether the piece of `seat` on `from` may have a first jump under `rule` (see
/// [`Gen::jump_path`]); true for rules that are no tabled chain of jumps, or whose tests are not
/// occupant bits.
/// Move generation asks first, and skips a piece's jumps without setting them up.
#[inline]
pub(crate) fn may_jump_first(
    rule: &super::MoveRule,
    pos: &crate::position::Position,
    seat: crate::SeatId,
    from: NodeId,
) -> bool {
    // Only a chain's first leg lands on empty nodes alone; a plain jump may land on a capture.
    let chained = rule.chain || rule.capture == CaptureMode::Jumped;
    let (Some(over), Some(to_ok), true) = (rule.over_fast, rule.to_fast, chained) else { return true };
    let Some(table) = rule.jump_dests.get(seat.idx() * pos.game().board.len() + from.idx()) else {
        return true;
    };
    // As `chain_from` judges the first leg: the start is empty once the piece has left it.
    table.iter().any(|&(_, mid, to)| {
        over.allows(pos, seat, mid)
            && (to == from || pos.cell(to).is_none())
            && to_ok.allows_occupant(pos, seat, to, None)
    })
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
    let mut g = Gen { pos, seat, piece: first.piece, from: first.from, rule, out, first_part: false, carried: 0 };
    match tp.reach {
        PlaceReach::Anywhere => g.second_places(first.to),
        PlaceReach::Step | PlaceReach::Slide => g.then_places(Move { then_place: None, ..first }, tp),
    }
}
