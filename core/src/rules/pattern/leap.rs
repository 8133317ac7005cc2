//! Leaps and paths ([`Pattern::Leap`]): a fixed sequence of legs, each some steps along one direction,
//! landing wherever the last leg ends (the knight). A path (`blockable`) must find every node passed
//! empty (the Xiangqi horse). The destinations of a leap that cannot be blocked are worked out once per
//! game ([`leap_table`]).
//!
//! ```
//! use qipan::core::SeatId;
//! use qipan::core::rules::{Scratch, pattern::generate};
//!
//! let src = "name: leapers
//! board: { grid: { width: 5, height: 5, labels: chess, diagonal: true } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   knight: { moves: leap orthogonal then diagonal.outward }
//!   horse: { moves: path orthogonal then diagonal.outward }
//!   wazir: { moves: step orthogonal }
//! setup:
//!   - { seat: white, piece: knight, at: [a1] }
//!   - { seat: white, piece: horse, at: [e1] }
//!   - { seat: white, piece: wazir, at: [a2, e2] }
//! ";
//! let game = qipan::load_str("leapers.yaml", src, &[])?;
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
//! // The knight jumps over the wazir on a2; the horse's leg through e2 is blocked.
//! assert_eq!(to("knight", "a1"), ["b3", "c2"]);
//! assert_eq!(to("horse", "e1"), ["c2"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::dirs::choose_dirs_in;
use super::{Backwards, DirSel, Gen, Leg};
use crate::board::{Board, DirectionId, NodeId};
use crate::rules::attack::{Shape, Steps};

impl Gen<'_> {
    /// The moves of a leap: from the game's table when it cannot be blocked, else leg by leg.
    pub(super) fn leap(&mut self, legs: &[Leg], blockable: bool) {
        let rule = self.rule;
        if rule.leap_dests.is_empty() {
            self.legs(legs, blockable, self.from, None);
            return;
        }
        let n = self.pos.game().board.len();
        if let Some(dests) = rule.leap_dests.get(self.seat.idx() * n + self.from.idx()) {
            for &to in dests {
                self.emit(to);
            }
        }
    }

    /// Follows `legs` from `at` recursively (legs are few and short); `prev`: the direction of the leg
    /// before.
    fn legs(&mut self, legs: &[Leg], blockable: bool, at: NodeId, prev: Option<DirectionId>) {
        let Some((l, rest)) = legs.split_first() else {
            self.emit(at);
            return;
        };
        let (pos, from) = (self.pos, self.from);
        let board = &pos.game().board;
        // `*carried`: as many steps as the move carries pieces.
        let count = match (l.count, self.carried) {
            (Leg::CARRIED, 0) => self.pos.height(self.from) as u8,
            (Leg::CARRIED, k) => k,
            (n, _) => n,
        };
        'dirs: for &d in self.dirs(l.relation, &l.dirs, prev).as_slice() {
            let mut x = at;
            for _ in 0..count {
                if blockable && x != from && pos.cell(x).is_some() {
                    continue 'dirs;
                }
                x = if blockable { pos.next_open(l.relation, d, x) } else { board.next(l.relation, d, x) };
                if !x.is_some() {
                    continue 'dirs;
                }
            }
            self.legs(rest, blockable, x, Some(d));
        }
    }
}

/// The destinations of a leap that cannot be blocked, from every node, for each seat (indexed
/// `seat * nodes + node`): the legs followed on the bare board, each destination once.
pub(crate) fn leap_table(
    board: &Board,
    relation_dirs: &[Vec<DirectionId>],
    forwards: &[Vec<DirectionId>],
    legs: &[Leg],
) -> Vec<Vec<NodeId>> {
    let mut table = Vec::with_capacity(forwards.len() * board.len());
    for fwd in forwards {
        for from in board.node_ids() {
            let mut table_from = TableFrom { board, relation_dirs, fwd, from, dests: Vec::new() };
            table_from.follow(legs, from, None);
            table.push(table_from.dests);
        }
    }
    table
}

/// Working out [`leap_table`]'s destinations from one node for one seat.
struct TableFrom<'a> {
    board: &'a Board,
    relation_dirs: &'a [Vec<DirectionId>],
    /// The seat's forward directions.
    fwd: &'a [DirectionId],
    from: NodeId,
    dests: Vec<NodeId>,
}

impl TableFrom<'_> {
    /// Follows `legs` from `at` on the bare board; `prev`: the direction of the leg before.
    fn follow(&mut self, legs: &[Leg], at: NodeId, prev: Option<DirectionId>) {
        // The same order as the generator's recursion, so moves come out as before.
        let Some((l, rest)) = legs.split_first() else {
            if at != self.from && !self.dests.contains(&at) {
                self.dests.push(at);
            }
            return;
        };
        let board = self.board;
        let dirs = choose_dirs_in(board, &self.relation_dirs[l.relation.0 as usize], self.fwd, &l.dirs, prev);
        for &d in dirs.as_slice() {
            let mut x = at;
            for _ in 0..l.count {
                x = board.next(l.relation, d, x);
                if !x.is_some() {
                    break;
                }
            }
            if x.is_some() {
                self.follow(rest, x, Some(d));
            }
        }
    }
}

/// Whether two sequences of the legs can end on the same node: legs after the first that may turn
/// (not `outward` or `same`) can meet again.
pub(super) fn may_repeat(legs: &[Leg]) -> bool {
    legs.len() > 1 && !legs.iter().skip(1).all(|l| matches!(l.dirs, DirSel::Outward | DirSel::Same))
}

/// A leap seen from its destination: every concrete sequence of steps the legs allow, reversed.
pub(super) fn reverse(back: &Backwards, legs: &[Leg], blockable: bool) -> Shape {
    if legs.iter().any(|l| l.count == Leg::CARRIED) {
        // Its length depends on the column: generated forwards.
        return Shape::Forward;
    }
    let mut paths: Vec<Steps> = Vec::new();
    let mut stack: Vec<(usize, Steps, Option<DirectionId>)> = vec![(0, vec![], None)];
    while let Some((i, path, prev)) = stack.pop() {
        let Some(leg) = legs.get(i) else {
            paths.push(path);
            continue;
        };
        for d in back.dirs(leg.relation, &leg.dirs, prev) {
            let mut p = path.clone();
            p.extend(std::iter::repeat_n((leg.relation, d), leg.count as usize));
            stack.push((i + 1, p, Some(d)));
        }
    }
    let mut reversed = Vec::new();
    for p in paths {
        let mut r = Vec::with_capacity(p.len());
        for &(rel, d) in p.iter().rev() {
            let Some(o) = back.opposite(d) else { return Shape::Forward };
            r.push((rel, o));
        }
        if !r.is_empty() && !reversed.contains(&r) {
            reversed.push(r);
        }
    }
    Shape::Leap { paths: reversed, blockable }
}

#[cfg(test)]
mod tests {
    use crate::rules::{DirSel, Leg, Pattern, Rules};
    use crate::testkit::*;

    /// On 5×5: a knight (`leap orthogonal then diagonal.outward`), a horse (the same as a path, which
    /// can be blocked), a dabbaba (`leap orthogonal 2`) and a piece that never moves.
    fn leapers() -> std::sync::Arc<crate::Game> {
        let b = board(5, 5, &[]);
        let (orth, diag) = (rel(&b, "orthogonal"), rel(&b, "diagonal"));
        let knight_legs = vec![
            Leg { relation: orth, dirs: DirSel::All, count: 1 },
            Leg { relation: diag, dirs: DirSel::Outward, count: 1 },
        ];
        let leap = |legs: Vec<Leg>, blockable| rule(Pattern::Leap { legs, blockable }, empty_or_enemy());
        let two = vec![Leg { relation: orth, dirs: DirSel::All, count: 2 }];
        let pieces = vec![
            piece("knight", vec![leap(knight_legs.clone(), false)]),
            piece("horse", vec![leap(knight_legs, true)]),
            piece("dabbaba", vec![leap(two, false)]),
            piece("post", vec![]),
        ];
        game(b, pieces, Rules::default())
    }

    #[test]
    fn a_knight_jumps_over_pieces_and_not_onto_friends() {
        let g = leapers();
        let pos = position(&g, &[("c3", WHITE, PieceId::new(0))], WHITE);
        let all = ["c3-a2", "c3-a4", "c3-b1", "c3-b5", "c3-d1", "c3-d5", "c3-e2", "c3-e4"];
        assert_eq!(generated(&pos, "c3", 0), texts(&all));
        // From the corner: b3 and c2; surrounded, it still jumps; a friend on b3 is not taken, an enemy on c2 is.
        let around = [
            ("a2", WHITE, PieceId::new(3)),
            ("b2", WHITE, PieceId::new(3)),
            ("b1", WHITE, PieceId::new(3)),
            ("b3", WHITE, PieceId::new(3)),
            ("c2", BLACK, PieceId::new(3)),
        ];
        let pos = position(&g, &[&[("a1", WHITE, PieceId::new(0))][..], &around].concat(), WHITE);
        assert_eq!(generated(&pos, "a1", 0), ["a1-c2"]);
    }

    #[test]
    fn a_path_is_blocked_by_the_node_it_passes() {
        let g = leapers();
        // North then north-east: b3; east then north-east: c2. A piece on b1 closes the second way.
        let pos = position(&g, &[("a1", WHITE, PieceId::new(1))], WHITE);
        assert_eq!(generated(&pos, "a1", 0), ["a1-b3", "a1-c2"]);
        let pos = position(&g, &[("a1", WHITE, PieceId::new(1)), ("b1", BLACK, PieceId::new(3))], WHITE);
        assert_eq!(generated(&pos, "a1", 0), ["a1-b3"]);
    }

    #[test]
    fn a_leg_of_two_steps_lands_two_nodes_away() {
        let pos = position(&leapers(), &[("b2", WHITE, PieceId::new(2)), ("b3", BLACK, PieceId::new(3))], WHITE);
        // Two nodes north or east; south and west run off the board. The piece on b3 is jumped.
        assert_eq!(generated(&pos, "b2", 0), ["b2-b4", "b2-d2"]);
    }
}
