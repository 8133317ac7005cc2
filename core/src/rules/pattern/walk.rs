//! Walks ([`Pattern::Walk`]): `min..=max` single steps that may turn freely through empty nodes, over
//! the relations of one mode at a time (He Qi, Leader Cannon). A breadth-first search over (node, open
//! modes) finds each destination once. Also the witness of one walk's capture ([`walk_witness`]), and
//! the squeeze test of walks that may not pass between two pieces.
//!
//! ```
//! use qipan::core::{PieceId, SeatId};
//! use qipan::core::rules::{Scratch, pattern::generate};
//!
//! let src = "name: walkers
//! board: { grid: { width: 5, height: 5, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   walker: { moves: walk 1..2 by orthogonal to empty }
//! setup:
//!   - { seat: white, piece: walker, at: [c3, c4] }
//! ";
//! let game = qipan::load_str("walkers.yaml", src, &[])?;
//! let pos = game.start();
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! generate(&game.pieces[0].moves[0], &pos, SeatId(0), PieceId::new(0), game.board.find("c3").unwrap(), &mut scratch, &mut out);
//! let mut to: Vec<&str> = out.iter().map(|m| game.board.label(m.to)).collect();
//! to.sort();
//! // One or two steps, turning freely, never through c4 and never back to c3.
//! assert_eq!(to, ["a3", "b2", "b3", "b4", "c1", "c2", "d2", "d3", "d4", "e3"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Gen, MoveRule, Pattern, Scratch, WalkStep};
use crate::board::{Board, NodeId, NodeSet, RelationId};
use crate::position::{Piece, Position};
use crate::rules::Cond;

/// The parts of a [`Pattern::Walk`], borrowed.
struct WalkShape<'a> {
    min: u8,
    max: u8,
    steps: &'a [WalkStep],
    modes: u8,
    reset: &'a Cond,
    returning: bool,
    pinch: Option<RelationId>,
}

impl<'a> WalkShape<'a> {
    /// The parts of `pattern`, when it is a walk.
    fn of(pattern: &'a Pattern) -> Option<Self> {
        let Pattern::Walk { min, max, steps, modes, reset, returning, pinch } = pattern else { return None };
        Some(WalkShape { min: *min, max: *max, steps, modes: *modes, reset, returning: *returning, pinch: *pinch })
    }
}

/// A state of a walk, as it was reached: its node, the node passed over on the way (or none), and
/// the index of the state it came from (`u32::MAX` for the start).
#[derive(Clone, Copy, Debug)]
pub(super) struct TrailStep {
    node: NodeId,
    via: NodeId,
    from: u32,
}

impl Gen<'_> {
    /// Breadth-first walk over (node, segment modes) with free turns, for `min..=max` steps.
    ///
    /// A node reached with some modes open dominates every later arrival with fewer modes open, as it has
    /// more steps left; so when any length from 1 up may end the walk, a (node, mode) state is expanded
    /// once for the whole walk. A walk with a longer least length keeps the states of each step apart, as
    /// going back and forth then matters.
    ///
    /// A `WITNESS` walk keeps the way back to each state it reaches, stops at the first move that
    /// captures on `target` and returns the step taken to it: the index in `scratch.trail` of the
    /// state it left and the node passed over. (A const parameter, so that generating moves pays
    /// nothing for it.)
    #[inline(always)]
    pub(super) fn walk<const WITNESS: bool>(&mut self, scratch: &mut Scratch, target: NodeId) -> Option<(u32, NodeId)> {
        let rule = self.rule;
        let w = WalkShape::of(&rule.pattern)?;
        let (pos, seat, from) = (self.pos, self.seat, self.from);
        let board = &pos.game().board;
        scratch.prepare(board.len());
        let all: u8 = if w.modes == 0 { 1 } else { ((1u16 << w.modes) - 1) as u8 };
        let Scratch { frontier, next, trail, seen, dests, .. } = scratch;
        let dests = dests.as_mut().expect("prepared");
        dests.clear();
        frontier.clear();
        if WITNESS {
            trail.clear();
            trail.push(TrailStep { node: from, via: NodeId::NONE, from: u32::MAX });
        }
        frontier.push((from, all, 0));
        let once = w.min <= 1;
        seen.iter_mut().for_each(|s| *s = 0);
        if once {
            seen[from.idx()] = all;
        }
        for step in 1..=w.max {
            next.clear();
            if !once {
                seen.iter_mut().for_each(|s| *s = 0);
            }
            for &(at, mask, here) in frontier.iter() {
                for ws in w.steps {
                    let m = if ws.modes == 0 { all } else { mask & ws.modes };
                    if m == 0 {
                        continue;
                    }
                    for e in board.edges(ws.relation, at) {
                        // Nodes passed must be empty; the start counts as empty once left.
                        if e.via.is_some() && e.via != from && pos.cell(e.via).is_some() {
                            continue;
                        }
                        let to = e.to;
                        if w.pinch.is_some_and(|r| pinched(pos, r, at, to, from)) {
                            continue;
                        }
                        let occupied = to != from && pos.cell(to).is_some();
                        if step >= w.min && !dests.contains(to) && (to != from || w.returning) {
                            let before = self.out.len();
                            self.emit(to);
                            if self.out.len() > before {
                                dests.insert(to);
                                if WITNESS && to == target && self.out[before..].iter().any(|m| m.captures_on(target)) {
                                    return Some((here, e.via));
                                }
                            }
                        }
                        if occupied || step == w.max || seen[to.idx()] == all {
                            continue;
                        }
                        let m2 = if w.reset.eval(pos, seat, to) { all } else { m };
                        if seen[to.idx()] & m2 != m2 {
                            seen[to.idx()] |= m2;
                            next.push((to, m2, trail.len() as u32));
                            if WITNESS {
                                trail.push(TrailStep { node: to, via: e.via, from: here });
                            }
                        }
                    }
                }
            }
            std::mem::swap(frontier, next);
            if frontier.is_empty() {
                break;
            }
        }
        None
    }
}

/// When the walk `rule` of `mover` on `from` captures on `target`, adds to `deps` the nodes whose
/// occupants one such walk depends on (the start, the nodes it crosses and passes over, those beside
/// each step when squeezing is blocked, and the target) and returns true. The walk's conditions must
/// look at no other node ([`crate::rules::attack`] checks that): while none of these nodes changes, the
/// same walk still captures.
pub(crate) fn walk_witness(
    pos: &Position,
    mover: Piece,
    from: NodeId,
    rule: &MoveRule,
    target: NodeId,
    scratch: &mut Scratch,
    deps: &mut NodeSet,
) -> bool {
    let Some(WalkShape { pinch, .. }) = WalkShape::of(&rule.pattern) else { return false };
    let mut out = Vec::new();
    let mut walker =
        Gen { pos, seat: mover.seat, piece: mover.piece, from, rule, out: &mut out, first_part: false, carried: 0 };
    let Some((mut at, via)) = walker.walk::<true>(scratch, target) else {
        return false;
    };
    let board = &pos.game().board;
    let mut add = |n: NodeId| {
        if n.is_some() {
            deps.insert(n);
        }
    };
    add(target);
    add(via);
    let mut next = target;
    while at != u32::MAX {
        let t = scratch.trail[at as usize];
        add(t.node);
        add(t.via);
        if let Some(r) = pinch {
            beside(board, r, t.node, next, |n| {
                add(n);
                true
            });
        }
        next = t.node;
        at = t.from;
    }
    true
}

/// Calls `f` with each node beside the step `a` → `b` over `rel` (joined to both ends) until it
/// returns false; returns whether it never did.
#[inline]
fn beside(board: &Board, rel: RelationId, a: NodeId, b: NodeId, mut f: impl FnMut(NodeId) -> bool) -> bool {
    board.edges(rel, a).iter().all(|e| e.to == b || !board.edges(rel, e.to).iter().any(|f| f.to == b) || f(e.to))
}

/// Whether the step `a` → `b` squeezes between occupied nodes: it has two or more nodes beside it (joined
/// over `rel` to both ends) and every one of them holds a piece. The walk's start counts as empty.
fn pinched(pos: &Position, rel: RelationId, a: NodeId, b: NodeId, start: NodeId) -> bool {
    let mut count = 0;
    let full = beside(&pos.game().board, rel, a, b, |n| {
        count += 1;
        n != start && pos.cell(n).is_some()
    });
    full && count >= 2
}

#[cfg(test)]
mod tests {
    use crate::rules::{Cond, Pattern, Rules, WalkStep};
    use crate::testkit::*;

    /// On 5×5: walks over the orthogonals (1..2 and exactly 3 steps), over either relation but one
    /// at a time (exactly 2), diagonal steps that may not squeeze between two pieces, and a post.
    fn walkers() -> std::sync::Arc<crate::Game> {
        let b = board(5, 5, &[]);
        let (orth, diag) = (rel(&b, "orthogonal"), rel(&b, "diagonal"));
        let walk = |min, max, steps: Vec<WalkStep>, modes, pinch| Pattern::Walk {
            min,
            max,
            steps,
            modes,
            reset: Cond::Not(Box::new(Cond::True)),
            returning: false,
            pinch,
        };
        let by = |relation, modes| WalkStep { relation, modes };
        let pieces = vec![
            piece("walker", vec![rule(walk(1, 2, vec![by(orth, 0)], 0, None), Cond::Empty)]),
            piece("modal", vec![rule(walk(2, 2, vec![by(orth, 0b01), by(diag, 0b10)], 2, None), Cond::Empty)]),
            piece("slipper", vec![rule(walk(1, 1, vec![by(diag, 0)], 0, Some(orth)), Cond::Empty)]),
            piece("three", vec![rule(walk(3, 3, vec![by(orth, 0)], 0, None), Cond::Empty)]),
            piece("post", vec![]),
        ];
        game(b, pieces, Rules::default())
    }

    #[test]
    fn turns_freely_but_never_through_a_piece_nor_back_home() {
        // One step: b3, d3, c2 (c4 is taken). Two: a3, b4, b2 from b3; e3, d4, d2 from d3; c1 from c2.
        // c5 lies only beyond c4.
        let pos = position(&walkers(), &[("c3", WHITE, PieceId::new(0)), ("c4", WHITE, PieceId::new(4))], WHITE);
        let expected = ["c3-a3", "c3-b2", "c3-b3", "c3-b4", "c3-c1", "c3-c2", "c3-d2", "c3-d3", "c3-d4", "c3-e3"];
        assert_eq!(generated(&pos, "c3", 0), texts(&expected));
    }

    #[test]
    fn keeps_to_one_mode_per_walk() {
        // Two orthogonal steps: c5, c1, a3, e3, b4, d4, b2, d2. Two diagonal ones: a5, e5, a1, e1 and
        // again c5, c1, a3, e3. Never one of each (b1, d5, ...).
        let pos = position(&walkers(), &[("c3", WHITE, PieceId::new(1))], WHITE);
        let expected =
            ["a1", "a3", "a5", "b2", "b4", "c1", "c5", "d2", "d4", "e1", "e3", "e5"].map(|t| format!("c3-{t}"));
        assert_eq!(generated(&pos, "c3", 0), texts(&expected.each_ref().map(|s| s.as_str())));
    }

    #[test]
    fn a_longer_least_length_may_go_back_and_forth() {
        // Exactly three steps from a1: one node away by going back and forth (a2, b1), or three away.
        let pos = position(&walkers(), &[("a1", WHITE, PieceId::new(3))], WHITE);
        assert_eq!(generated(&pos, "a1", 0), texts(&["a1-a2", "a1-a4", "a1-b1", "a1-b3", "a1-c2", "a1-d1"]));
    }

    #[test]
    fn no_squeezing_between_two_pieces() {
        // c3 to d4 passes between c4 and d3: both taken, so refused; b4 and d2 have one free side.
        let g = walkers();
        let pos = position(
            &g,
            &[("c3", WHITE, PieceId::new(2)), ("c4", BLACK, PieceId::new(4)), ("d3", WHITE, PieceId::new(4))],
            WHITE,
        );
        assert_eq!(generated(&pos, "c3", 0), texts(&["c3-b2", "c3-b4", "c3-d2"]));
        let pos = position(&g, &[("c3", WHITE, PieceId::new(2)), ("c4", BLACK, PieceId::new(4))], WHITE);
        assert_eq!(generated(&pos, "c3", 0), texts(&["c3-b2", "c3-b4", "c3-d2", "c3-d4"]));
    }
}
