//! Recognising a hexagonal board by the outline its generator recorded, and where its coordinates are
//! written round it (for the text diagram and the SVG alike).

use crate::board::{Board, HexShape, NodeId};

/// A board whose nodes are still exactly the cells the hexagonal generator made, in its order.
pub(super) struct HexBoard {
    /// The outline.
    pub shape: HexShape,
    /// Axial coordinates `[q, r]` of each node, by node index.
    pub axial: Vec<[i32; 2]>,
}

/// A coordinate written next to the board: its text, and the off-board place (axial coordinates) where
/// the next cell of its row or column would be.
pub(super) struct Coordinate {
    pub text: String,
    pub at: [i32; 2],
    /// A row number written west of its row (right-aligned towards the row).
    pub west: bool,
}

impl HexBoard {
    /// The board's hexagonal layout, unless it has none or a definition changed its nodes.
    pub fn detect(board: &Board) -> Option<HexBoard> {
        let shape = board.hex_shape()?;
        let axial = shape.cells();
        if axial.len() != board.len() {
            return None;
        }
        for (i, &[q, r]) in axial.iter().enumerate() {
            let info = board.node(NodeId(i as u16));
            let [column, row] = shape.column_row(q, r);
            if info.coord != [column, row, 0] || info.label != shape.label(q, r) {
                return None;
            }
        }
        Some(HexBoard { shape, axial })
    }

    /// Where a cell is drawn, in cell widths: x to the east, y to the north.
    pub fn centre([q, r]: [i32; 2]) -> (f32, f32) {
        (q as f32 + r as f32 / 2.0, r as f32 * 3f32.sqrt() / 2.0)
    }

    /// The first and last `q` of row `r`.
    fn row_span(&self, r: i32) -> (i32, i32) {
        let on_row: Vec<i32> = self.axial.iter().filter(|c| c[1] == r).map(|c| c[0]).collect();
        (on_row.iter().copied().min().unwrap_or(0), on_row.iter().copied().max().unwrap_or(0))
    }

    /// The coordinates round the board. A rhombus: each column's letter below row 1 and above the last
    /// row, each row's number at both ends. A hexagon (Havannah's columns run north-west): each column's
    /// letter at its foot (below row 1, or beyond the lower right side), the top edge's columns also
    /// above it; each row's number at its west end, and at its east end on the upper half.
    pub fn coordinates(&self) -> Vec<Coordinate> {
        let letter = |q: i32, r: i32| self.shape.label(q, r).trim_end_matches(|c: char| c.is_ascii_digit()).to_string();
        let mut out = Vec::new();
        let rows = self.axial.iter().map(|c| c[1]).max().unwrap_or(0) + 1;
        for r in 0..rows {
            let (first, last) = self.row_span(r);
            let number = (r + 1).to_string();
            out.push(Coordinate { text: number.clone(), at: [first - 1, r], west: true });
            let east_free = match self.shape {
                HexShape::Rhombus { .. } => true,
                HexShape::Hexagon { side } => r >= side as i32 - 1,
            };
            if east_free {
                out.push(Coordinate { text: number, at: [last + 1, r], west: false });
            }
        }
        for &[q, r] in &self.axial {
            // Where the cell's column would go on past the board, below and above.
            let (foot, top) = match self.shape {
                // A rhombus's columns run north-east.
                HexShape::Rhombus { .. } => ([q, r - 1], [q, r + 1]),
                // Havannah's columns run north-west.
                HexShape::Hexagon { .. } => ([q + 1, r - 1], [q - 1, r + 1]),
            };
            if !self.shape.contains(foot[0], foot[1]) {
                out.push(Coordinate { text: letter(q, r), at: foot, west: false });
            }
            if r == rows - 1 && !self.shape.contains(top[0], top[1]) {
                out.push(Coordinate { text: letter(q, r), at: top, west: false });
            }
        }
        out
    }
}
