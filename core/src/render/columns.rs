//! The text diagram's line for a board with stacks: the diagram shows each column's top, and this line
//! lists every column of two or more, bottom to top, so that nothing under a top is hidden.

use crate::position::Position;
use std::fmt::Write;

/// `columns: c7 R G, d7 G R` (bottom to top; the last is the top the diagram shows), or nothing when no
/// column is higher than one piece or the board has no stacks.
///
/// ```
/// use qipan::core::{notation::parse_move, render::text};
///
/// let game = qipan::load("focus", &[])?;
/// let mut pos = game.start();
/// assert!(!text(&pos).contains("columns:"));
/// pos.play(&parse_move(&pos, "d6-d7")?)?;
/// assert!(text(&pos).contains("columns: d7 G R\n"), "{}", text(&pos));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub(super) fn columns(pos: &Position) -> String {
    let game = pos.game();
    if game.board.stack_height() == 0 {
        return String::new();
    }
    let mut items = Vec::new();
    for n in game.board.node_ids() {
        if pos.height(n) > 1 {
            let column: Vec<String> = pos.column(n).iter().map(|p| piece_symbol(pos, p)).collect();
            items.push(format!("{} {}", game.board.label(n), column.join(" ")));
        }
    }
    let mut out = String::new();
    if !items.is_empty() {
        let _ = writeln!(out, "columns: {}", items.join(", "));
    }
    out
}

/// A piece's symbol for its seat (as the diagram writes a top).
fn piece_symbol(pos: &Position, p: &crate::position::Piece) -> String {
    let p = super::drawn(pos, *p);
    let syms = &pos.game().pieces[p.piece.idx()].symbols;
    syms.get(p.seat.idx()).or_else(|| syms.first()).cloned().unwrap_or_else(|| "?".into())
}
