//! The `render:` section: how the game's pictures are drawn. Every key is optional.

use super::{Ordered, Spanned, Text};
use serde::Deserialize;

/// How pictures of the game are drawn.
///
/// ```
/// let def = qipan::definition("xiangqi")?.def;
/// let render = def.render.unwrap().value;
/// assert_eq!(render.style.unwrap().value, "points");
/// assert_eq!(render.glyphs.0[0].0.value, "general");
/// assert_eq!(render.marks.len(), 5); // the river and four palace diagonals
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenderDef {
    /// `cells` (squares) or `points` (intersections); default: cells for a grid of cells.
    #[serde(default)]
    pub style: Option<Text>,
    /// The relations drawn as lines between points (default: `orthogonal`).
    #[serde(default)]
    pub lines: Option<Vec<Text>>,
    /// `stone`, `counter` or `glyph`: how a piece is drawn.
    #[serde(default)]
    pub pieces: Option<Text>,
    /// Per piece type, its glyphs: one for every seat, or one per seat in seat order.
    #[serde(default)]
    pub glyphs: Ordered<GlyphsDef>,
    /// Coordinates on the edges (default: when the board has them).
    #[serde(default)]
    pub coordinates: Option<bool>,
    /// A legend naming each piece's glyphs under the board.
    #[serde(default)]
    pub legend: bool,
    /// The colour of the board.
    #[serde(default)]
    pub background: Option<String>,
    /// Seats whose glyphs are drawn upside down.
    #[serde(default)]
    pub turned: Vec<Text>,
    /// Marks printed on the board.
    #[serde(default)]
    pub marks: Vec<Spanned<MarkDef>>,
}

/// A piece's glyphs: one for every seat, or a list with one per seat.
///
/// ```
/// use qipan_dsl::schema::GlyphsDef;
///
/// let def = qipan::definition("chess")?.def;
/// let render = def.render.unwrap().value;
/// let (_, king) = &render.glyphs.0[0];
/// assert!(matches!(king, GlyphsDef::PerSeat(g) if g == &["♔", "♚"]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum GlyphsDef {
    /// One glyph per seat, in seat order.
    PerSeat(Vec<String>),
    /// The same glyph for every seat.
    One(String),
}

/// Nodes given by label, or a word standing for a set of them (`stars: usual`).
///
/// ```
/// use qipan_dsl::schema::NodesDef;
///
/// let def = qipan::definition("go")?.def;
/// let render = def.render.unwrap().value;
/// let mark = &render.marks[0].value;
/// assert!(matches!(&mark.stars, Some(NodesDef::Word(w)) if w == "usual"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum NodesDef {
    /// Node labels.
    List(Vec<String>),
    /// A word (`usual`) or a zone name.
    Word(String),
}

/// One mark: exactly one of `stars`, `line`, `river` or `tint`.
///
/// ```
/// let def = qipan::definition("hnefatafl")?.def;
/// let render = def.render.unwrap().value;
/// let mark = &render.marks[0].value;
/// assert!(mark.tint.is_some() && mark.colour.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MarkDef {
    /// Star points: `usual` (Go's, for the board's size) or node labels.
    #[serde(default)]
    pub stars: Option<NodesDef>,
    /// A straight line between two nodes.
    #[serde(default)]
    pub line: Option<Vec<String>>,
    /// A river after this many rows from the bottom.
    #[serde(default)]
    pub river: Option<u32>,
    /// The words written in the river.
    #[serde(default)]
    pub text: Option<String>,
    /// Nodes to tint: a zone's name or node labels.
    #[serde(default)]
    pub tint: Option<NodesDef>,
    /// The tint's colour.
    #[serde(default)]
    pub colour: Option<String>,
}
