//! Slides and steps ([`Pattern::Slide`]): along one direction at a time, `min..=max` nodes through
//! empty ones, stopping at the first piece (which may be taken). A step is a slide of `1..=1`; a
//! step over every direction of a relation also takes its undirected edges (links).
//!
//! ```
//! use qipan::core::SeatId;
//! use qipan::core::rules::{Scratch, pattern::generate};
//!
//! let src = "name: sliders
//! board: { grid: { width: 5, height: 5, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   rook: { moves: slide orthogonal }
//!   wazir: { moves: step orthogonal }
//! setup:
//!   - { seat: white, piece: rook, at: [a1] }
//!   - { seat: white, piece: wazir, at: [c1] }
//!   - { seat: black, piece: rook, at: [a4] }
//! ";
//! let game = qipan::load_str("sliders.yaml", src, &[])?;
//! let pos = game.start();
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! let mut to = |piece: &str, from: &str| {
//!     let p = game.piece(piece).unwrap();
//!     out.clear();
//!     generate(&game.pieces[p.idx()].moves[0], &pos, SeatId(0), p, game.board.find(from).unwrap(), &mut scratch, &mut out);
//!     let mut to: Vec<&str> = out.iter().map(|m| game.board.label(m.to)).collect();
//!     to.sort();
//!     to
//! };
//! // Up to the enemy rook on a4 (taken), right up to the friend on c1 (not).
//! assert_eq!(to("rook", "a1"), ["a2", "a3", "a4", "b1"]);
//! assert_eq!(to("wazir", "c1"), ["b1", "c2", "d1"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Backwards, DirSel, Gen, Line, MoveRule, Pattern};
use crate::board::{Board, DirectionId, NodeId, RelationId};
use crate::rules::attack::Shape;

impl Gen<'_> {
    /// The moves of `slide relation.dirs min..max`.
    #[inline(always)]
    pub(super) fn slide(&mut self, relation: RelationId, dirs: &DirSel, min: u8, max: u8) {
        let (pos, from) = (self.pos, self.from);
        let game = pos.game();
        if let Some(steps) = self.rule.step_dests.get(self.seat.idx() * game.board.len() + from.idx()) {
            // A step whose destinations the board alone decides: read off the table, in the same order.
            for &(to, allowed) in steps {
                if super::emit::plain_allows(pos, self.seat, self.piece, allowed, to) {
                    self.out.push(crate::moves::Move::step(self.piece, from, to));
                }
            }
            return;
        }
        if game.has_rays(relation) && self.rule.slide_to != 0 {
            // A destination decided by its occupant and its zones: tested here, without the emitter.
            let (allowed, barred, board) = (self.rule.slide_to, self.rule.slide_barred, &game.board);
            let (cells, skip) = (pos.cells(), (min as usize).saturating_sub(1));
            let step = crate::moves::Move::step(self.piece, from, from);
            let seat = self.seat;
            // Where the rule promotes, as zone bits, worked out once for all the slide's destinations.
            let crowning = if self.rule.promote.is_empty() { Some(0) } else { self.promote_zones() };
            // Most slides start at their first node and bar no zone: only the occupants matter.
            let plain = skip == 0 && barred == 0;
            for &d in self.dirs(relation, dirs, None).as_slice() {
                let ray = game.ray(relation, d, from).unwrap_or(&[]);
                let ray = &ray[..ray.len().min(max as usize)];
                if plain {
                    for &at in ray {
                        // A line that comes round to its start does not end there.
                        match cells[at.idx()] {
                            None if allowed & 1 != 0 && at != from => self.push_step(step, at, crowning),
                            None => {}
                            Some(_) => {
                                if at != from && super::emit::plain_allows(pos, seat, self.piece, allowed, at) {
                                    self.push_step(step, at, crowning);
                                }
                                break;
                            }
                        }
                    }
                    continue;
                }
                for (i, &at) in ray.iter().enumerate() {
                    let open = i >= skip && at != from && board.zones_of(at) & barred == 0;
                    match cells[at.idx()] {
                        None => {
                            if open && allowed & 1 != 0 {
                                self.push_step(step, at, crowning);
                            }
                        }
                        Some(_) => {
                            if open && super::emit::plain_allows(pos, seat, self.piece, allowed, at) {
                                self.push_step(step, at, crowning);
                            }
                            break;
                        }
                    }
                }
            }
        } else if game.has_rays(relation) {
            // The lines are worked out once per game: follow them until the first piece.
            for &d in self.dirs(relation, dirs, None).as_slice() {
                let ray = game.ray(relation, d, from).unwrap_or(&[]);
                for (i, &at) in ray.iter().take(max as usize).enumerate() {
                    if i + 1 >= min as usize {
                        self.emit(at);
                    }
                    if pos.cell(at).is_some() {
                        break;
                    }
                }
            }
        } else {
            for &d in self.dirs(relation, dirs, None).as_slice() {
                let mut at = from;
                for k in 1..=max {
                    at = pos.next_open(relation, d, at);
                    if !at.is_some() {
                        break;
                    }
                    if k >= min {
                        self.emit(at);
                    }
                    if pos.cell(at).is_some() {
                        break;
                    }
                }
            }
        }
        if matches!(dirs, DirSel::All) && max == 1 && min <= 1 {
            self.link_steps(relation);
        }
    }

    /// The zones (one bit each) where the rule promotes the mover, when its `promote_in` names a zone
    /// (for the seat or for all); `None` when only the condition itself can tell.
    fn promote_zones(&self) -> Option<u64> {
        match self.rule.promote_in {
            crate::rules::Cond::Zone(z) => Some(1 << z),
            crate::rules::Cond::SeatZone(alias) => {
                Some(self.pos.game().seat_zone(self.seat, alias).map_or(0, |z| 1 << z))
            }
            _ => None,
        }
    }

    /// The move `step` ending on `to`: one per piece the mover may become where the rule promotes
    /// (`crowning`: its zones, as [`Gen::promote_zones`]).
    #[inline(always)]
    fn push_step(&mut self, step: crate::moves::Move, to: crate::board::NodeId, crowning: Option<u64>) {
        let rule = self.rule;
        let crowned = match crowning {
            Some(zones) => self.pos.game().board.zones_of(to) & zones != 0,
            None => rule.promote_in.eval_quick(self.pos, self.seat, to),
        };
        if crowned && !rule.promote.is_empty() {
            for &p in &rule.promote {
                if !rule.promote_captured || super::stay::lost(self.pos, self.seat, p) {
                    self.out.push(crate::moves::Move { to, promote: Some(p), ..step });
                }
            }
        } else {
            self.out.push(crate::moves::Move { to, ..step });
        }
    }

    /// A step along every undirected edge (a link) of `relation` from the mover's node, whose passed
    /// node is empty: a one-step slide over all directions takes links too.
    fn link_steps(&mut self, relation: RelationId) {
        let pos = self.pos;
        for e in pos.game().board.edges(relation, self.from) {
            if e.dir.is_none() && (!e.via.is_some() || pos.cell(e.via).is_none()) {
                self.emit(e.to);
            }
        }
    }
}

/// The steps of a one-node slide from every node, per seat (at `seat * nodes + node`), each with the
/// occupants its destination may hold (bits as [`super::MoveRule::plain_to`]), in the generator's
/// order: each direction's first node outside the barred zones, then the links. Only for a step whose
/// destination its occupant and zones decide (no promotion), along a relation that jumps over nothing (`rays`), with
/// links plain too; empty otherwise.
pub(crate) fn step_dests(
    board: &Board,
    relation_dirs: &[Vec<DirectionId>],
    forwards: &[Vec<DirectionId>],
    rays: &[bool],
    rule: &MoveRule,
) -> Vec<Vec<(NodeId, u8)>> {
    let Pattern::Slide { relation, dirs, min, max } = &rule.pattern else { return Vec::new() };
    let links = matches!(dirs, DirSel::All);
    let link_edges = |n: NodeId| board.edges(*relation, n).iter().filter(|e| e.dir.is_none());
    let plain_links = board.node_ids().all(|n| link_edges(n).all(|e| !e.via.is_some()))
        && (rule.plain_to != 0 || board.node_ids().all(|n| link_edges(n).next().is_none()));
    let promotes = !rule.promote.is_empty();
    if *max != 1 || *min > 1 || !rays[relation.0 as usize] || rule.slide_to == 0 || promotes || (links && !plain_links)
    {
        return Vec::new();
    }
    let all = &relation_dirs[relation.0 as usize];
    let mut table = Vec::with_capacity(forwards.len() * board.len());
    for fwd in forwards {
        let chosen = super::choose_dirs_in(board, all, fwd, dirs, None);
        for from in board.node_ids() {
            let mut steps = Vec::new();
            for &d in chosen.as_slice() {
                let to = board.next(*relation, d, from);
                if to.is_some() && to != from && board.zones_of(to) & rule.slide_barred == 0 {
                    steps.push((to, rule.slide_to));
                }
            }
            if links {
                steps.extend(link_edges(from).filter(|e| e.to != from).map(|e| (e.to, rule.plain_to)));
            }
            table.push(steps);
        }
    }
    table
}

/// A slide's line: `min..=max` steps along `relation.dirs`.
pub(super) fn line(relation: RelationId, dirs: &DirSel, min: u8, max: u8) -> Option<Line<'_>> {
    Some(Line { relation, dirs, min: min as usize, max: max as usize })
}

/// A slide seen from its destination: back along the opposite directions to the first piece.
pub(super) fn reverse(back: &Backwards, relation: RelationId, dirs: &DirSel, min: u8, max: u8) -> Shape {
    let Some(opposite) = back.opposites(relation, dirs) else { return Shape::Forward };
    let links = matches!(dirs, DirSel::All) && max == 1 && min <= 1;
    // The piece types are filled in by the attack table (bit 0 stands for "this rule" until then).
    Shape::Line { relation, dirs: opposite, reach: vec![(u64::MAX, min, max)], links }
}

#[cfg(test)]
mod tests {
    use crate::rules::{Cond, DirSel, Rules};
    use crate::testkit::*;

    /// A rook (`slide orthogonal` to empty or enemy) and a piece that never moves, on 5×5.
    fn rook_game(min: u8, max: u8) -> std::sync::Arc<crate::Game> {
        let b = board(5, 5, &[]);
        let orth = rel(&b, "orthogonal");
        let rook = piece("rook", vec![rule(slide(orth, DirSel::All, min, max), empty_or_enemy())]);
        game(b, vec![rook, piece("post", vec![])], Rules::default())
    }

    #[test]
    fn stops_before_a_friend_and_takes_only_the_first_enemy() {
        let g = rook_game(1, 255);
        // White rook c3, white post c5, black posts d3 and e3.
        let pos = position(
            &g,
            &[
                ("c3", WHITE, PieceId::new(0)),
                ("c5", WHITE, PieceId::new(1)),
                ("d3", BLACK, PieceId::new(1)),
                ("e3", BLACK, PieceId::new(1)),
            ],
            WHITE,
        );
        // North to c4 (c5 is a friend); south c2, c1; west b3, a3; east only d3, taken (e3 is behind it).
        let expected = texts(&["c3-c4", "c3-c2", "c3-c1", "c3-b3", "c3-a3", "c3-d3"]);
        assert_eq!(generated(&pos, "c3", 0), expected);
    }

    #[test]
    fn goes_no_further_than_max_and_no_nearer_than_min() {
        let pos = position(&rook_game(1, 2), &[("a1", WHITE, PieceId::new(0))], WHITE);
        assert_eq!(generated(&pos, "a1", 0), texts(&["a1-a2", "a1-a3", "a1-b1", "a1-c1"]));
        let pos = position(&rook_game(2, 3), &[("a1", WHITE, PieceId::new(0))], WHITE);
        assert_eq!(generated(&pos, "a1", 0), texts(&["a1-a3", "a1-a4", "a1-c1", "a1-d1"]));
        // A piece nearer than `min` still blocks the line.
        let pos = position(&rook_game(2, 3), &[("a1", WHITE, PieceId::new(0)), ("a2", BLACK, PieceId::new(1))], WHITE);
        assert_eq!(generated(&pos, "a1", 0), texts(&["a1-c1", "a1-d1"]));
    }

    #[test]
    fn forward_is_the_movers_own() {
        let b = board(5, 5, &[]);
        let orth = rel(&b, "orthogonal");
        let pawn = piece("pawn", vec![rule(slide(orth, DirSel::Forward, 1, 1), Cond::Empty)]);
        let g = game(b, vec![pawn], Rules::default());
        let pos = position(&g, &[("c3", WHITE, PieceId::new(0)), ("b3", BLACK, PieceId::new(0))], WHITE);
        assert_eq!(generated(&pos, "c3", 0), ["c3-c4"]);
        assert_eq!(generated(&pos, "b3", 0), ["b3-b2"]);
        assert_eq!(legal_from(&pos, "c3"), ["c3-c4"]);
    }

    #[test]
    fn a_step_over_all_directions_takes_links() {
        // Three nodes: a line x - y, and z linked to x by an undirected edge.
        use crate::board::{BoardBuilder, NodeSpec};
        let mut bb = BoardBuilder::new();
        let [x, y, z] =
            ["x", "y", "z"].map(|l| bb.add_node(NodeSpec { label: l.into(), ..NodeSpec::default() }).unwrap());
        bb.add_link(x, y, "line", Some(("e", "w")));
        bb.add_link(x, z, "line", None);
        let b = bb.build().unwrap();
        let line = rel(&b, "line");
        let step = piece("stepper", vec![rule(slide(line, DirSel::All, 1, 1), Cond::Empty)]);
        let slider = piece("slider", vec![rule(slide(line, DirSel::All, 1, 2), Cond::Empty)]);
        let g = game(b, vec![step, slider], Rules::default());
        let pos = position(&g, &[("x", WHITE, PieceId::new(0))], WHITE);
        assert_eq!(generated(&pos, "x", 0), ["x-y", "x-z"]);
        // A longer slide follows directions only.
        let pos = position(&g, &[("x", WHITE, PieceId::new(1))], WHITE);
        assert_eq!(generated(&pos, "x", 0), ["x-y"]);
    }
}
