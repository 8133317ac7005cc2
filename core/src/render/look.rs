//! How a definition asks for its pictures to be drawn: its `render:` section, compiled. Every setting has
//! a default read off the board, so that most games need none.

use crate::board::{Board, NodeId, RelationId};

/// The settings of a game's pictures (the definition's `render:` section).
///
/// ```
/// use qipan::core::render::{Shape, Style};
///
/// let chess = qipan::load("chess", &[])?;
/// assert_eq!(chess.look.style(&chess.board), Style::Cells); // its grid is made of cells
/// assert_eq!(chess.look.shape, Shape::Glyph);
/// assert_eq!(chess.look.glyph(0, 0), Some("♔")); // white's king
/// let go = qipan::load("go", &[])?;
/// assert_eq!(go.look.style(&go.board), Style::Points);
/// assert_eq!(go.look.style, None); // Go's definition leaves the style to the board
/// assert_eq!(go.look.marks.len(), 1); // its star points
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Look {
    /// Squares or intersections; `None`: decided from the board ([`Look::style`]).
    pub style: Option<Style>,
    /// The relations drawn as lines on a board of points; `None`: the orthogonal ones.
    pub lines: Option<Vec<RelationId>>,
    /// How pieces are drawn.
    pub shape: Shape,
    /// Per piece type, its glyph for each seat (a single one for every seat); empty: the piece's symbols.
    pub glyphs: Vec<Vec<String>>,
    /// Whether the edges carry the board's coordinates; `None`: when the board has them.
    pub coordinates: Option<bool>,
    /// Whether a legend names the pieces under the board.
    pub legend: bool,
    /// The colour of the board (a colour name or `#rrggbb`); `None`: wood.
    pub background: Option<String>,
    /// Seats whose glyphs are drawn upside down (shogi's second player faces the first).
    pub turned: Vec<crate::SeatId>,
    /// Marks printed on the board itself.
    pub marks: Vec<BoardMark>,
}

/// Whether pieces stand in squares or on the points where lines cross.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Squares, checkered when the board colours its nodes (chess, draughts).
    Cells,
    /// Intersections of the drawn relations' lines (Go, xiangqi).
    Points,
}

/// How a piece is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shape {
    /// A disc in the seat's colour with the glyph in an ink that reads on it (Go, draughts).
    #[default]
    Stone,
    /// A light disc ringed and lettered in the seat's colour (xiangqi, janggi).
    Counter,
    /// The glyph alone, in the seat's colour and outlined in a contrasting one (chess, shogi).
    Glyph,
}

/// Something printed on the board rather than standing on it.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardMark {
    /// Small dots on these points (Go's star points).
    Stars(Vec<NodeId>),
    /// A straight line from one node to another (xiangqi's palace diagonals).
    Line(NodeId, NodeId),
    /// A river between the first `below` rows and the rest: the lines across it stop at its banks except
    /// on the board's edges, and `text` is written in it.
    River {
        /// Rows south of the river.
        below: u32,
        /// Words written on the water.
        text: String,
    },
    /// Nodes tinted with a colour (a throne, corners, a zone).
    Tint {
        /// The nodes.
        nodes: Vec<NodeId>,
        /// A colour name or `#rrggbb`.
        colour: String,
    },
}

impl Look {
    /// The style the definition chose, else cells for a grid whose nodes are all cells and points
    /// otherwise.
    ///
    /// ```
    /// use qipan::core::render::Style;
    ///
    /// let xiangqi = qipan::load("xiangqi", &[])?;
    /// assert_eq!(xiangqi.look.style(&xiangqi.board), Style::Points); // its grid is of points
    /// let othello = qipan::load("othello", &[])?;
    /// assert_eq!(othello.look.style(&othello.board), Style::Cells);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn style(&self, board: &Board) -> Style {
        if let Some(s) = self.style {
            return s;
        }
        let cells = board.kind_names().iter().position(|k| k == "cell");
        let all_cells =
            !board.is_empty() && cells.is_some_and(|c| board.node_ids().all(|n| board.node(n).kind as usize == c));
        if all_cells && board.grid_size().is_some() { Style::Cells } else { Style::Points }
    }

    /// The glyph of a piece type for a seat, if the definition gave one.
    ///
    /// ```
    /// let xiangqi = qipan::load("xiangqi", &[])?;
    /// assert_eq!(xiangqi.look.glyph(0, 0), Some("帥"));
    /// assert_eq!(xiangqi.look.glyph(0, 1), Some("將"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn glyph(&self, piece: usize, seat: usize) -> Option<&str> {
        let g = self.glyphs.get(piece)?;
        g.get(seat).or(g.last()).map(String::as_str)
    }

    /// The relations drawn as lines: the definition's, else the orthogonal ones (every relation when the
    /// board has none of that name, as explicit boards may).
    ///
    /// ```
    /// let xiangqi = qipan::load("xiangqi", &[])?;
    /// let lines = xiangqi.look.line_relations(&xiangqi.board);
    /// assert_eq!(lines, [xiangqi.board.relation("orthogonal").unwrap()]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn line_relations(&self, board: &Board) -> Vec<RelationId> {
        if let Some(l) = &self.lines {
            return l.clone();
        }
        match board.relation("orthogonal") {
            Some(r) => vec![r],
            None => (0..board.relation_names().len()).map(|r| RelationId(r as u8)).collect(),
        }
    }
}

/// The usual star points of a Go board of `width` × `height` lines, as (column, row) from 0: the
/// points 4 lines in from the edges on boards of 13 lines and more (3 on smaller ones, none under 7), the
/// centre when both sides are odd, and the middles of the sides on boards of 17 lines and more.
///
/// ```
/// use qipan::core::render::star_points;
///
/// assert_eq!(star_points(19, 19).len(), 9);
/// assert_eq!(star_points(13, 13), [(3, 3), (9, 3), (3, 9), (9, 9), (6, 6)]);
/// assert_eq!(star_points(9, 9), [(2, 2), (6, 2), (2, 6), (6, 6), (4, 4)]);
/// assert!(star_points(5, 5).is_empty());
/// ```
pub fn star_points(width: u32, height: u32) -> Vec<(u32, u32)> {
    let small = width.min(height);
    if small < 7 {
        return Vec::new();
    }
    let d = if small >= 13 { 3 } else { 2 };
    let (x0, x1, y0, y1) = (d, width - 1 - d, d, height - 1 - d);
    let mut out = vec![(x0, y0), (x1, y0), (x0, y1), (x1, y1)];
    let (odd_w, odd_h) = (width % 2 == 1, height % 2 == 1);
    if odd_w && odd_h {
        out.push((width / 2, height / 2));
    }
    if small >= 17 && odd_w && odd_h {
        out.extend([(width / 2, y0), (x0, height / 2), (x1, height / 2), (width / 2, y1)]);
    }
    out
}
