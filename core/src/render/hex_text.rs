//! The text diagram of a hexagonal board, as Hex and Havannah programs print theirs: one line per row,
//! the top row first, each line shifted half a cell from the next, with the coordinates round the board.

use super::hex::HexBoard;
use super::ink::Span;
use crate::board::NodeId;
use crate::position::Position;

/// Something written on the diagram: its line (a row, in axial `r`), its column in characters, its
/// text, and whether it ends at that column (a row number west of its row) rather than starts there.
struct Item {
    row: i32,
    column: i32,
    text: String,
    ends: bool,
    node: NodeId,
}

impl Item {
    fn start(&self, half: i32) -> i32 {
        if self.ends { self.column + half - self.text.chars().count() as i32 } else { self.column }
    }
}

/// The text diagram of a position on a hexagonal board, and where its cells are.
pub(super) fn text(pos: &Position, hex: &HexBoard) -> (String, Vec<Span>) {
    let board = &pos.game().board;
    let symbols: Vec<String> = board.node_ids().map(|n| super::symbol(pos, n)).collect();
    // Half a cell is `half` characters, so a cell is wider than the widest symbol.
    let widest = symbols.iter().map(|s| s.chars().count()).max().unwrap_or(1) as i32;
    let half = widest / 2 + 1;
    // A cell's centre is q + r/2 cells east: 2q + r half cells.
    let column = |[q, r]: [i32; 2]| (2 * q + r) * half;
    let mut items: Vec<Item> = hex
        .axial
        .iter()
        .zip(symbols)
        .zip(board.node_ids())
        .map(|((&at, text), node)| Item { row: at[1], column: column(at), text, ends: false, node })
        .collect();
    for c in hex.coordinates() {
        items.push(Item { row: c.at[1], column: column(c.at), text: c.text, ends: c.west, node: NodeId::NONE });
    }
    let left = items.iter().map(|i| i.start(half)).min().unwrap_or(0);
    let (low, high) = (items.iter().map(|i| i.row).min().unwrap_or(0), items.iter().map(|i| i.row).max().unwrap_or(0));
    let mut out = String::new();
    let mut spans = Vec::new();
    for (number, row) in (low..=high).rev().enumerate() {
        let mut line: Vec<char> = Vec::new();
        for item in items.iter().filter(|i| i.row == row) {
            let at = (item.start(half) - left) as usize;
            let text: Vec<char> = item.text.chars().collect();
            if item.node.is_some() {
                spans.push(Span::left(number, at, &item.text, text.len(), item.node));
            }
            if line.len() < at + text.len() {
                line.resize(at + text.len(), ' ');
            }
            line[at..at + text.len()].copy_from_slice(&text);
        }
        out.extend(line);
        out.push('\n');
    }
    out.push_str(&super::holdings(pos));
    out.push_str(&super::status(pos));
    (out, spans)
}
