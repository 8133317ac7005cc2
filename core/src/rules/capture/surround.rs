//! A target enclosed on all sides ([`CaptureForm::Surround`](super::CaptureForm::Surround)): the tafl
//! king, taken when the mover closes the last side.
//!
//! ```
//! use qipan::core::notation::parse_move;
//!
//! // The black king on b2 is surrounded once White closes its fourth side.
//! let src = "name: ring
//! board: { grid: { width: 3, height: 3, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   man: { moves: step orthogonal to empty }
//!   king: { moves: step orthogonal to empty }
//! setup:
//!   - { seat: white, piece: man, at: [a2, b1, c2, a3] }
//!   - { seat: black, piece: king, at: [b2] }
//! rules:
//!   captures: [surround orthogonal of enemy and piece(king)]
//! ";
//! let game = qipan::load_str("ring.yaml", src, &[])?;
//! let mut pos = game.start();
//! pos.play(&parse_move(&pos, "a3-b3")?)?;
//! assert_eq!(pos.cell(game.board.find("b2").unwrap()), None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{CaptureRule, View};

/// 1 when the neighbour along line `i` is a target every neighbour of which is a closer, else 0 (see
/// [`CaptureRule::along`]).
#[inline]
pub(super) fn along(rule: &CaptureRule, view: &View, i: usize, edges: bool) -> u8 {
    let board = &view.pos.game().board;
    let (rel, dir) = rule.lines[i];
    let n = board.next(rel, dir, view.to);
    if !n.is_some() || !rule.target_at(view, n) {
        return 0;
    }
    let enclosed = rule.lines.iter().all(|&(r, d)| {
        let m = board.next(r, d, n);
        if m.is_some() { rule.closer_at(view, m) } else { edges }
    });
    enclosed as u8
}
