//! Neighbour counts: `adjacent(orthogonal, friend) >= 2`, the number of nodes one step from this one
//! (over a relation, or some of its directions) where a condition holds, compared with a number. The
//! placement games' building block: place next to your own stones, never beside an enemy's, ...
//!
//! The test reads the board's flattened neighbour table (no allocation) and stops as soon as the
//! neighbours left to look at cannot change the answer.
//!
//! ```
//! use qipan::core::{SeatId, notation::parse_move};
//!
//! // A stone goes next to one of its own, or anywhere on an empty board.
//! let src = "name: chains
//! board: { grid: { width: 4, height: 4, labels: chess } }
//! seats: [{ name: black }, { name: white }]
//! pieces:
//!   stone:
//!     moves: place to empty and (adjacent(orthogonal, friend) >= 1 or count(friend) == 0)
//! ";
//! let game = qipan::load_str("chains.yaml", src, &[])?;
//! let mut pos = game.start();
//! assert_eq!(pos.legal_moves().len(), 16);
//! pos.play(&parse_move(&pos, "b2")?)?; // Black
//! pos.play(&parse_move(&pos, "d4")?)?; // White, anywhere: it has no stone yet
//! let black: Vec<_> = pos.legal_moves().iter().map(|m| game.board.label(m.to).to_string()).collect();
//! assert_eq!(black, ["b1", "a2", "c2", "b3"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Cmp, Cond};
use crate::SeatId;
use crate::board::{NodeId, RelationId};
use crate::position::{Piece, Position};
use crate::rules::DirSel;

/// `adjacent(RELATION, C) OP N`: how many neighbours of the node (over `relation`, in the chosen
/// directions) satisfy `cond`, compared with `n`. Each neighbour counts once, however many edges
/// lead to it; an edge that jumps over a node (a `via`) counts whatever stands on that node.
///
/// ```
/// use qipan::core::rules::{Adjacent, Cmp, Cond, DirSel};
///
/// let src = "name: lonely
/// board: { grid: { width: 3, height: 3, diagonal: true } }
/// seats: [{ name: black }, { name: white }]
/// pieces:
///   stone:
///     moves: place to empty and adjacent(diagonal, enemy) == 0
/// ";
/// let game = qipan::load_str("lonely.yaml", src, &[])?;
/// let diagonal = game.board.relation("diagonal").unwrap();
/// let adjacent = Adjacent { relation: diagonal, dirs: DirSel::All, cond: Cond::Enemy, cmp: Cmp::Eq, n: 0 };
/// let to = Cond::And(vec![Cond::Empty, Cond::Adjacent(Box::new(adjacent))]);
/// assert_eq!(game.pieces[0].moves[0].to, to);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Adjacent {
    /// The relation whose edges make neighbours.
    pub relation: RelationId,
    /// Which of its directions: all its edges, named ones, or the mover's forward, backward or
    /// sideways ones (`outward` and `same` follow a leg, and mean nothing here).
    pub dirs: DirSel,
    /// What a neighbour must satisfy to count (evaluated on the neighbour).
    pub cond: Cond,
    /// The comparison.
    pub cmp: Cmp,
    /// The number compared with.
    pub n: i64,
}

/// Evaluating a neighbour count.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::rules::{Adjacent, Cmp, Cond, DirSel};
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// let at = |label| game.board.find(label).unwrap();
/// let orthogonal = game.board.relation("orthogonal").unwrap();
/// // e1 has three orthogonal neighbours (d1, f1, e2), all White's.
/// let friends = |cmp, n| Adjacent { relation: orthogonal, dirs: DirSel::All, cond: Cond::Friend, cmp, n };
/// assert!(friends(Cmp::Eq, 3).eval(&pos, SeatId(0), at("e1"), &|n| pos.cell(n)));
/// assert!(friends(Cmp::Eq, 0).eval(&pos, SeatId(1), at("e1"), &|n| pos.cell(n)), "none of them Black's");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Adjacent {
    /// Whether the count of `node`'s neighbours satisfying the condition (for `seat`, the board being
    /// what `occupant` says) compares as asked. False at no node (in an `if` clause): a position has
    /// no neighbours.
    ///
    /// ```
    /// use qipan::core::{NodeId, SeatId};
    /// use qipan::core::rules::{Adjacent, Cmp, Cond, DirSel};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// let (orthogonal, n) = (game.board.relation("orthogonal").unwrap(), game.board.direction("n").unwrap());
    /// let e3 = game.board.find("e3").unwrap();
    /// // Of e3's neighbours only e2 is occupied; to the north alone, none.
    /// let any = Cond::Not(Box::new(Cond::Empty));
    /// let all = Adjacent { relation: orthogonal, dirs: DirSel::All, cond: any.clone(), cmp: Cmp::Eq, n: 1 };
    /// let north = Adjacent { dirs: DirSel::Named(vec![n]), n: 0, ..all.clone() };
    /// let cells = |x| pos.cell(x);
    /// assert!(all.eval(&pos, SeatId(0), e3, &cells) && north.eval(&pos, SeatId(0), e3, &cells));
    /// assert!(!all.eval(&pos, SeatId(0), NodeId::NONE, &cells));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn eval<F: Fn(NodeId) -> Option<Piece>>(
        &self,
        pos: &Position,
        seat: SeatId,
        node: NodeId,
        occupant: &F,
    ) -> bool {
        let game = pos.game();
        let board = &game.board;
        if !node.is_some() || node.idx() >= board.len() {
            return false;
        }
        let holds = |x: NodeId| self.cond.eval_with(pos, seat, x, occupant);
        let (rel, n) = (self.relation, self.n);
        match &self.dirs {
            DirSel::All => {
                let edges = board.edges(rel, node);
                tally(self.cmp, n, edges.len(), |i| edges[i].to, holds)
            }
            DirSel::Named(ds) => tally(self.cmp, n, ds.len(), |i| board.next(rel, ds[i], node), holds),
            sel => {
                let ds = game.cached_dirs(seat, rel, sel, None).unwrap_or(&[]);
                tally(self.cmp, n, ds.len(), |i| board.next(rel, ds[i], node), holds)
            }
        }
    }
}

/// Counting along lines: `along(RELATION, C) OP N`.
///
/// ```
/// use qipan::core::rules::Cond;
///
/// // Shogi's pawn drop: `along(orthogonal.(n|s), friend and piece(pawn)) == 0`, one pawn per file.
/// let game = qipan::load("shogi", &[])?;
/// let pawn = &game.pieces[game.piece("pawn").unwrap().idx()];
/// let drop = pawn.moves.iter().find(|m| format!("{:?}", m.to).contains("Along")).expect("the drop");
/// let Cond::And(parts) = &drop.to else { panic!("a conjunction") };
/// assert!(parts.iter().any(|c| matches!(c, Cond::Along(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Adjacent {
    /// Whether the count of nodes satisfying the condition on the straight lines from `node` (each
    /// chosen direction followed to the edge of the board, or until it comes back) compares as asked.
    /// A file of nine nodes costs eight reads: no scan of the board. False at no node.
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::rules::{Adjacent, Cmp, Cond, DirSel};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// let b = &game.board;
    /// let (orthogonal, e4) = (b.relation("orthogonal").unwrap(), b.find("e4").unwrap());
    /// let file = DirSel::Named(vec![b.direction("n").unwrap(), b.direction("s").unwrap()]);
    /// let pawns = Cond::And(vec![Cond::Friend, Cond::Piece(game.piece("pawn").unwrap())]);
    /// // White has one pawn on the e-file, counting from e4 both ways; on the rank, none.
    /// let on_file = Adjacent { relation: orthogonal, dirs: file, cond: pawns, cmp: Cmp::Eq, n: 1 };
    /// assert!(on_file.eval_along(&pos, SeatId(0), e4, &|n| pos.cell(n)));
    /// let on_rank = Adjacent { dirs: DirSel::Named(vec![b.direction("e").unwrap()]), n: 0, ..on_file.clone() };
    /// assert!(on_rank.eval_along(&pos, SeatId(0), e4, &|n| pos.cell(n)));
    /// // In a definition: a pawn may be dropped only on a file without one of its own.
    /// let src = "name: nifu
    /// board: { grid: { width: 3, height: 3, labels: chess } }
    /// seats: [{ name: white }, { name: black }]
    /// pieces:
    ///   pawn: { moves: \"drop to empty and along(orthogonal.(n|s), friend and piece(pawn)) == 0\" }
    /// reserve:
    ///   - { seat: white, piece: pawn, count: 2 }
    /// setup:
    ///   - { seat: white, piece: pawn, at: [b2] }
    /// ";
    /// let game = qipan::load_str("nifu.yaml", src, &[])?;
    /// let files: Vec<_> = game.start().legal_moves().iter().map(|m| game.board.label(m.to).to_string()).collect();
    /// assert_eq!(files, ["a1", "c1", "a2", "c2", "a3", "c3"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn eval_along<F: Fn(NodeId) -> Option<Piece>>(
        &self,
        pos: &Position,
        seat: SeatId,
        node: NodeId,
        occupant: &F,
    ) -> bool {
        let game = pos.game();
        let board = &game.board;
        if !node.is_some() || node.idx() >= board.len() {
            return false;
        }
        let rel = self.relation;
        let dirs = match &self.dirs {
            DirSel::All => game.relation_dirs(rel),
            DirSel::Named(ds) => ds.as_slice(),
            sel => game.cached_dirs(seat, rel, sel, None).unwrap_or(&[]),
        };
        let mut count = 0i64;
        for &d in dirs {
            let mut x = board.next(rel, d, node);
            let mut steps = 0;
            while x.is_some() && x != node && steps < board.len() {
                if self.cond.eval_with(pos, seat, x, occupant) {
                    count += 1;
                }
                x = board.next(rel, d, x);
                steps += 1;
            }
        }
        self.cmp.apply(count, self.n)
    }
}

/// Counts the distinct nodes among `at(0..len)` (NONE skipped) where `holds`, and compares the count
/// with `n`, stopping once the rest cannot change the answer.
#[inline]
fn tally(cmp: Cmp, n: i64, len: usize, at: impl Fn(usize) -> NodeId, holds: impl Fn(NodeId) -> bool) -> bool {
    let mut count = 0i64;
    for i in 0..len {
        if let Some(answer) = decided(cmp, count, count + (len - i) as i64, n) {
            return answer;
        }
        let x = at(i);
        // A node reached by two edges counts once (the lists are a handful long).
        if x.is_some() && !(0..i).any(|j| at(j) == x) && holds(x) {
            count += 1;
        }
    }
    cmp.apply(count, n)
}

/// The answer of `count OP n` when all that is known is `lo <= count <= hi`, if every count in that
/// range gives the same one.
#[inline]
fn decided(cmp: Cmp, lo: i64, hi: i64, n: i64) -> Option<bool> {
    match cmp {
        // The others are monotone in the count: the two ends agreeing settles it.
        Cmp::Eq | Cmp::Ne => {
            let equal = if n < lo || n > hi {
                false
            } else if lo == hi {
                true
            } else {
                return None;
            };
            Some(equal == (cmp == Cmp::Eq))
        }
        _ => (cmp.apply(lo, n) == cmp.apply(hi, n)).then(|| cmp.apply(lo, n)),
    }
}

#[cfg(test)]
mod tests {
    use super::decided;
    use crate::rules::Cmp;

    #[test]
    fn a_comparison_is_decided_only_when_every_count_left_agrees() {
        // Every (lo, hi, n) in a small range: decided must answer exactly when all counts agree, and
        // then with their answer.
        for cmp in [Cmp::Lt, Cmp::Le, Cmp::Eq, Cmp::Ne, Cmp::Ge, Cmp::Gt] {
            for lo in 0..5 {
                for hi in lo..6 {
                    for n in -1..7 {
                        let answers: Vec<bool> = (lo..=hi).map(|c| cmp.apply(c, n)).collect();
                        let same = answers.iter().all(|&a| a == answers[0]);
                        let expected = same.then_some(answers[0]);
                        assert_eq!(decided(cmp, lo, hi, n), expected, "{cmp:?} {lo}..={hi} vs {n}");
                    }
                }
            }
        }
    }
}
