//! A row along the board's edge, walled in ([`CaptureForm::Wall`](super::CaptureForm::Wall)): the
//! tafl shield wall. From the destination, `min..=max` targets in a line, each on the edge (a direction
//! of the rule leads off the board) with every neighbour off the line a closer (an enemy in front of
//! it), and a closer at the far end. Pieces of the row that the rule spares (`sparing`) stay.
//!
//! ```
//! use qipan::core::notation::parse_move;
//!
//! // Black's b1 and c1 stand on the edge with White in front of both; White brackets them from d1,
//! // with the corner a1 as the other end.
//! let src = "name: wall
//! board:
//!   grid: { width: 5, height: 3, labels: chess }
//!   zones: { corners: { labels: [a1] } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   man: { moves: slide orthogonal to empty }
//! setup:
//!   - { seat: white, piece: man, at: [b2, c2, d3] }
//!   - { seat: black, piece: man, at: [b1, c1] }
//! rules:
//!   captures: [shieldwall orthogonal of enemy with friend or zone(corners)]
//! ";
//! let game = qipan::load_str("wall.yaml", src, &[])?;
//! let mut pos = game.start();
//! pos.play(&parse_move(&pos, "d3-d1")?)?;
//! assert_eq!(pos.captures(), &[2, 0]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{CaptureRule, View};
use crate::board::{DirectionId, NodeId, RelationId};

/// The targets of line `i` when the row is walled in and closed (see [`CaptureRule::along`]).
#[inline]
pub(super) fn along(rule: &CaptureRule, view: &View, i: usize, min: u8, max: u8) -> u8 {
    let (rel, dir) = rule.lines[i];
    super::line::closed_run(rule, view, i, min, max, |n| walled(rule, view, n, rel, dir))
}

/// Whether `n`, in a line along `rel.dir`, lies on the edge with a closer on each side off the line.
fn walled(rule: &CaptureRule, view: &View, n: NodeId, rel: RelationId, dir: DirectionId) -> bool {
    let board = &view.pos.game().board;
    let (ahead, mut edge) = (board.next(rel, dir, n), false);
    for &(r, d) in &rule.lines {
        let m = board.next(r, d, n);
        if !m.is_some() {
            edge = true;
        } else if m != ahead && board.next(rel, dir, m) != n && !rule.closer_at(view, m) {
            return false;
        }
    }
    edge
}
