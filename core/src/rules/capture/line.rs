//! Lines of targets closed by a closer ([`CaptureForm::Line`](super::CaptureForm::Line)): Othello's
//! flanks and custodial capture.
//!
//! ```
//! use qipan::core::{SeatId, notation::parse_move};
//!
//! // Custodial capture of exactly one: the mover lands beside an enemy with a friend beyond it.
//! let src = "name: sandwich
//! board: { grid: { width: 4, height: 1, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   man: { moves: slide orthogonal to empty }
//! setup:
//!   - { seat: white, piece: man, at: [a1, d1] }
//!   - { seat: black, piece: man, at: [c1] }
//! rules:
//!   captures: [custodial orthogonal]
//! ";
//! let game = qipan::load_str("sandwich.yaml", src, &[])?;
//! let mut pos = game.start();
//! pos.play(&parse_move(&pos, "a1-b1")?)?;
//! assert_eq!(pos.cell(game.board.find("c1").unwrap()), None, "taken between b1 and d1");
//! assert_eq!(pos.captures(), &[1, 0]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{CaptureRule, View};
use crate::board::NodeId;

/// The targets of line `i` when a closer ends them (see [`CaptureRule::along`]).
#[inline]
pub(super) fn along(rule: &CaptureRule, view: &View, i: usize, min: u8, max: u8) -> u8 {
    closed_run(rule, view, i, min, max, |_| true)
}

/// The run of `min..=max` targets along line `i` from the destination, each also passing `also`, when a
/// closer ends it; 0 otherwise. Shared by the forms that take a closed line (custodial, flank, the
/// shield wall).
#[inline(always)]
pub(super) fn closed_run(
    rule: &CaptureRule,
    view: &View,
    i: usize,
    min: u8,
    max: u8,
    also: impl Fn(NodeId) -> bool,
) -> u8 {
    let game = view.pos.game();
    let board = &game.board;
    let (rel, dir) = rule.lines[i];
    if let Some(ray) = game.ray(rel, dir, view.to).filter(|r| r.len() < 255) {
        // The line read off the ray table (which stops at the edge and before coming back to the
        // destination).
        let k = ray.iter().take(max as usize).take_while(|&&n| rule.target_at(view, n) && also(n)).count();
        let closed = k >= min as usize && k > 0 && ray.get(k).is_some_and(|&n| rule.closer_at(view, n));
        return if closed { k as u8 } else { 0 };
    }
    let mut n = board.next(rel, dir, view.to);
    let mut k = 0u8;
    while n.is_some() && n != view.to && k < max && rule.target_at(view, n) && also(n) {
        k += 1;
        n = board.next(rel, dir, n);
    }
    let closed = k >= min && k > 0 && n.is_some() && n != view.to && rule.closer_at(view, n);
    if closed { k } else { 0 }
}
