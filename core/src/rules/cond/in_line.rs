//! Lines through a node: `in-line(3, ring, spoke)`, "the piece here stands in a straight line of three or
//! more pieces of its side along a `ring` or a `spoke`" (a Morris mill). The runs are counted by the same
//! walk as the line goals (`rules::goal`), along the same axes, so a mill and a winning line agree.
//!
//! ```
//! use qipan::core::{SeatId, notation::parse_move};
//! use qipan::core::rules::Cond;
//!
//! let src = "name: rows
//! board: { grid: { width: 4, height: 2, labels: chess } }
//! seats: [{ name: black }, { name: white }]
//! pieces:
//!   stone: { moves: \"place to empty and not in-line(3, orthogonal)\" }
//! ";
//! let game = qipan::load_str("rows.yaml", src, &[])?;
//! let mut pos = game.start();
//! for text in ["a1", "a2", "b1", "b2"] {
//!     pos.play(&parse_move(&pos, text)?)?;
//! }
//! // The rule tests the node before the stone is placed: an empty node is in no line.
//! assert!(pos.legal_moves().iter().any(|m| game.board.label(m.to) == "c1"));
//! let a1 = game.board.find("a1").unwrap();
//! let Cond::And(parts) = &game.pieces[0].moves[0].to else { panic!() };
//! let Cond::Not(in_line) = &parts[1] else { panic!() };
//! pos.play(&parse_move(&pos, "c1")?)?;
//! assert!(in_line.eval(&pos, SeatId(1), a1), "a1 b1 c1, whoever asks");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::{Board, NodeId};
use crate::position::{Piece, Position};
use crate::rules::goal::{Axis, run_along};

/// `in-line(N, RELATION, ...)`: whether the piece on the node stands in a straight run of at least
/// `length` pieces of its own side (itself included) along one of `axes`. False on an empty node. The
/// side is the piece's, not the mover's, so `enemy and not in-line(3, ring)` reads "an enemy piece
/// outside the enemy's lines".
///
/// ```
/// use qipan::core::rules::{Cond, InLine, goal::axes_of};
///
/// let game = qipan::load("tic-tac-toe", &[])?;
/// let orthogonal = game.board.relation("orthogonal").unwrap();
/// let rows = InLine::new(&game.board, 3, axes_of(&game.board, orthogonal));
/// assert_eq!(rows.axes.len(), 2);
/// let _ = Cond::InLine(Box::new(rows));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct InLine {
    /// The fewest pieces in the line.
    pub length: u8,
    /// The axes the line may run along.
    pub axes: Vec<Axis>,
    /// For each node, axis and way along it (forward, then back), the first `length - 1` nodes a walk
    /// from the node meets ([`run_along`]'s, stopping at the edge or back at the node), padded with
    /// [`NodeId::NONE`]: a line through a node is then a few cell reads. Built by [`InLine::new`].
    runs: Vec<NodeId>,
    /// On a board of at most 64 nodes, every line of exactly `length` nodes through each node (one bit
    /// per node): those of node `n` are `windows[window_at[n]..window_at[n + 1]]`. Empty on a larger
    /// board, or where a line wraps onto itself. See [`InLine::closes_among`].
    windows: Vec<u64>,
    window_at: Vec<u32>,
}

/// Evaluating the condition.
///
/// ```
/// use qipan::core::{SeatId, notation::parse_move};
/// use qipan::core::rules::{InLine, goal::axes_of};
///
/// let game = qipan::load("tic-tac-toe", &[])?;
/// let mut pos = game.start();
/// for text in ["a1", "a3", "b1", "b3", "c1"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// let orthogonal = game.board.relation("orthogonal").unwrap();
/// let rows = InLine::new(&game.board, 3, axes_of(&game.board, orthogonal));
/// let at = |label| game.board.find(label).unwrap();
/// let cells = |n| pos.cell(n);
/// assert!(rows.eval(&pos, at("b1"), &cells));
/// assert!(!rows.eval(&pos, at("a3"), &cells), "two in a row");
/// assert!(!rows.eval(&pos, at("b2"), &cells), "nobody there");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl InLine {
    /// The condition for lines of `length` along `axes` of `board`, with each node's runs worked out.
    ///
    /// ```
    /// use qipan::core::rules::{InLine, goal::axes_of};
    ///
    /// let game = qipan::load("nine-mens-morris", &[])?;
    /// let ring = game.board.relation("ring").unwrap();
    /// let mills = InLine::new(&game.board, 3, axes_of(&game.board, ring));
    /// assert_eq!(mills.length, 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(board: &Board, length: u8, axes: Vec<Axis>) -> InLine {
        let side = usize::from(length.saturating_sub(1));
        let mut runs = Vec::with_capacity(board.len() * axes.len() * 2 * side);
        for n in board.node_ids() {
            for &(rel, d, back) in &axes {
                for dir in [Some(d), back] {
                    let start = runs.len();
                    if let Some(dir) = dir {
                        let mut at = board.next(rel, dir, n);
                        while at.is_some() && at != n && runs.len() < start + side {
                            runs.push(at);
                            at = board.next(rel, dir, at);
                        }
                    }
                    runs.resize(start + side, NodeId::NONE);
                }
            }
        }
        let (windows, window_at) = windows(board, usize::from(length), &axes, &runs);
        InLine { length, axes, runs, windows, window_at }
    }

    /// Whether a piece on `to` stands in such a line when the nodes of its side are `side` (one bit per
    /// node, `to` among them): a line through `to` of exactly `length` nodes all in `side`. `None` when
    /// the lines are not tabulated (a board of more than 64 nodes); then [`InLine::closes`] answers.
    ///
    /// ```
    /// use qipan::core::rules::{InLine, goal::axes_of};
    ///
    /// let game = qipan::load("tic-tac-toe", &[])?;
    /// let orthogonal = game.board.relation("orthogonal").unwrap();
    /// let rows = InLine::new(&game.board, 3, axes_of(&game.board, orthogonal));
    /// let at = |label: &str| game.board.find(label).unwrap();
    /// let side = |labels: &[&str]| labels.iter().fold(0, |bits, &l| bits | 1u64 << at(l).idx());
    /// assert_eq!(rows.closes_among(at("c1"), side(&["a1", "b1", "c1"])), Some(true));
    /// assert_eq!(rows.closes_among(at("c1"), side(&["a1", "b2", "c1"])), Some(false), "no diagonals");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn closes_among(&self, to: NodeId, side: u64) -> Option<bool> {
        let (start, end) = (*self.window_at.get(to.idx())?, *self.window_at.get(to.idx() + 1)?);
        let lines = self.windows.get(start as usize..end as usize)?;
        Some(lines.iter().any(|&w| w & !side == 0))
    }

    /// Whether the lines are tabulated for [`InLine::closes_among`] (a board of at most 64 nodes).
    ///
    /// ```
    /// use qipan::core::rules::Cond;
    ///
    /// let game = qipan::load("nine-mens-morris", &[])?;
    /// let Cond::InLine(mill) = &game.rules.captures[0].trigger else { panic!() };
    /// assert!(mill.tabulated());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn tabulated(&self) -> bool {
        !self.window_at.is_empty()
    }

    /// Whether the piece on `node` (as `occupant` says) is in such a line.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    /// use qipan::core::rules::{InLine, goal::axes_of};
    ///
    /// let game = qipan::load("nine-mens-morris", &[])?;
    /// let mut pos = game.start();
    /// for text in ["a1", "b2", "d1", "b4"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// let ring = game.board.relation("ring").unwrap();
    /// let mills = InLine::new(&game.board, 3, axes_of(&game.board, ring));
    /// let (a1, g1) = (game.board.find("a1").unwrap(), game.board.find("g1").unwrap());
    /// assert!(!mills.eval(&pos, a1, &|n| pos.cell(n)), "two in a row");
    /// // With a white man on g1 too, a1 d1 g1 is a mill.
    /// let white = pos.cell(a1);
    /// assert!(mills.eval(&pos, a1, &|n| if n == g1 { white } else { pos.cell(n) }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn eval<F: Fn(NodeId) -> Option<Piece>>(&self, pos: &Position, node: NodeId, occupant: &F) -> bool {
        let Some(p) = occupant(node) else { return false };
        let board = &pos.game().board;
        let counts = |at: NodeId| occupant(at).is_some_and(|q| pos.same_side(p.seat, q.seat));
        let length = u32::from(self.length);
        let side = usize::from(self.length.saturating_sub(1));
        if side == 0 {
            return true;
        }
        let per_node = self.axes.len() * 2 * side;
        if let Some(runs) = self.runs.get(node.idx() * per_node..(node.idx() + 1) * per_node) {
            // Each run is cut at `length - 1` nodes, which cannot change whether the line is long enough.
            let run = |ns: &[NodeId]| ns.iter().take_while(|&&m| m.is_some() && counts(m)).count() as u32;
            return runs.chunks_exact(2 * side).any(|r| 1 + run(&r[..side]) + run(&r[side..]) >= length);
        }
        self.axes.iter().any(|&(rel, d, back)| {
            1 + run_along(board, rel, Some(d), node, counts) + run_along(board, rel, back, node, counts) >= length
        })
    }

    /// Whether a piece of `seat` arriving on `to` from `from` ([`NodeId::NONE`] for a placement) stands
    /// in such a line once it has moved: [`InLine::eval`] on the board after the move, reading the
    /// position's cells directly (a removal's trigger, judged for every move generated).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    /// use qipan::core::{board::NodeId, rules::{InLine, goal::axes_of}};
    ///
    /// let game = qipan::load("tic-tac-toe", &[])?;
    /// let mut pos = game.start();
    /// for text in ["a1", "a3", "b1", "b3"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// let orthogonal = game.board.relation("orthogonal").unwrap();
    /// let rows = InLine::new(&game.board, 3, axes_of(&game.board, orthogonal));
    /// let [a1, c1, c2] = ["a1", "c1", "c2"].map(|l| game.board.find(l).unwrap());
    /// let x = pos.cell(a1).unwrap().seat;
    /// assert!(rows.closes(&pos, x, c1, NodeId::NONE), "a1 b1 c1");
    /// assert!(!rows.closes(&pos, x, c1, a1), "a1 left for c1");
    /// assert!(!rows.closes(&pos, x, c2, NodeId::NONE));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn closes(&self, pos: &Position, seat: crate::SeatId, to: NodeId, from: NodeId) -> bool {
        let side = usize::from(self.length.saturating_sub(1));
        let per_node = self.axes.len() * 2 * side;
        let Some(runs) = self.runs.get(to.idx() * per_node..(to.idx() + 1) * per_node).filter(|_| side > 0) else {
            // Only the mover's side counts.
            let mover = Some(Piece { seat, piece: crate::PieceId::new(0) });
            let view = |n: NodeId| {
                if n == to {
                    mover
                } else if n == from {
                    None
                } else {
                    pos.cell(n)
                }
            };
            return self.eval(pos, to, &view);
        };
        let cells = pos.cells();
        let counts =
            |m: NodeId| m.is_some() && m != from && cells[m.idx()].is_some_and(|q| pos.same_side(seat, q.seat));
        let run = |ns: &[NodeId]| ns.iter().take_while(|&&m| counts(m)).count() as u32;
        let length = u32::from(self.length);
        runs.chunks_exact(2 * side).any(|r| 1 + run(&r[..side]) + run(&r[side..]) >= length)
    }
}

/// The lines of exactly `length` nodes through each node, as [`InLine::windows`] holds them: along each
/// axis, `k` nodes of the run back and `length - 1 - k` of the run forward. None at all (both empty)
/// on a board of more than 64 nodes, or where a run meets itself (a line wrapping round a short ring),
/// which the runs count differently.
fn windows(board: &Board, length: usize, axes: &[Axis], runs: &[NodeId]) -> (Vec<u64>, Vec<u32>) {
    let side = length.saturating_sub(1);
    if board.len() > 64 || side == 0 || axes.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let (mut windows, mut window_at) = (Vec::new(), vec![0u32]);
    for (n, node_runs) in board.node_ids().zip(runs.chunks_exact(axes.len() * 2 * side)) {
        for r in node_runs.chunks_exact(2 * side) {
            let (fwd, back) = (&r[..side], &r[side..]);
            for k in 0..=side {
                let nodes =
                    || std::iter::once(n).chain(back[..k].iter().copied()).chain(fwd[..side - k].iter().copied());
                if nodes().any(|m| !m.is_some()) {
                    continue;
                }
                let w = nodes().fold(0u64, |bits, m| bits | 1 << m.idx());
                if w.count_ones() as usize != length {
                    return (Vec::new(), Vec::new());
                }
                windows.push(w);
            }
        }
        window_at.push(windows.len() as u32);
    }
    (windows, window_at)
}
