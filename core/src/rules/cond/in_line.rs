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

use crate::board::NodeId;
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
/// let rows = InLine { length: 3, axes: axes_of(&game.board, orthogonal) };
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
/// let rows = InLine { length: 3, axes: axes_of(&game.board, orthogonal) };
/// let at = |label| game.board.find(label).unwrap();
/// let cells = |n| pos.cell(n);
/// assert!(rows.eval(&pos, at("b1"), &cells));
/// assert!(!rows.eval(&pos, at("a3"), &cells), "two in a row");
/// assert!(!rows.eval(&pos, at("b2"), &cells), "nobody there");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl InLine {
    /// Whether the piece on `node` (as `occupant` says) is in such a line.
    #[inline]
    pub fn eval<F: Fn(NodeId) -> Option<Piece>>(&self, pos: &Position, node: NodeId, occupant: &F) -> bool {
        let Some(p) = occupant(node) else { return false };
        let board = &pos.game().board;
        let counts = |at: NodeId| occupant(at).is_some_and(|q| pos.same_side(p.seat, q.seat));
        let length = u32::from(self.length);
        self.axes.iter().any(|&(rel, d, back)| {
            1 + run_along(board, rel, Some(d), node, counts) + run_along(board, rel, back, node, counts) >= length
        })
    }
}
