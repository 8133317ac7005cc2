//! Explosions ([`CaptureForm::Explode`](super::CaptureForm::Explode)): a move that captures takes the
//! pieces around its destination as well, and with `self` the capturing piece (atomic chess). A move
//! that captures nothing explodes nothing.
//!
//! ```
//! use qipan::core::notation::parse_move;
//!
//! let src = "name: blast
//! board: { grid: { width: 4, height: 3, labels: chess, diagonal: true } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   rook: { moves: slide orthogonal }
//!   pawn: { moves: step orthogonal to empty }
//! setup:
//!   - { seat: white, piece: rook, at: [a2] }
//!   - { seat: black, piece: rook, at: [c2, d3] }
//!   - { seat: black, piece: pawn, at: [c3] }
//!   - { seat: white, piece: rook, at: [b1] }
//! rules:
//!   captures: [explode orthogonal diagonal of not piece(pawn) self]
//! ";
//! let game = qipan::load_str("blast.yaml", src, &[])?;
//! let at = |l| game.board.find(l).unwrap();
//! let mut quiet = game.start();
//! quiet.play(&parse_move(&quiet, "a2-a3")?)?;
//! assert!(quiet.cell(at("a3")).is_some() && quiet.cell(at("b1")).is_some(), "no capture, no blast");
//! let mut pos = game.start();
//! pos.play(&parse_move(&pos, "a2-c2")?)?; // takes c2: c2's neighbours go, and the rook itself
//! for gone in ["c2", "d3", "b1"] {
//!     assert_eq!(pos.cell(at(gone)), None, "{gone}");
//! }
//! assert!(pos.cell(at("c3")).is_some(), "pawns are spared");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{CaptureRule, View};

/// 1 when the neighbour along line `i` holds a piece that satisfies the target condition (see
/// [`CaptureRule::along`]); whether the move captured at all is judged where the rule is applied.
#[inline]
pub(super) fn along(rule: &CaptureRule, view: &View, i: usize) -> u8 {
    let board = &view.pos.game().board;
    let (rel, dir) = rule.lines[i];
    let n = board.next(rel, dir, view.to);
    // Off the board, empty (a condition such as `not piece(pawn)` holds there too), or spared.
    (n.is_some() && n != view.to && view.cell(n).is_some() && rule.target_at(view, n)) as u8
}
