//! The board of a definition: its generator, nodes, edges, directions and zones.

use super::{NumOrExpr, Ordered, Spanned, Text};
use serde::Deserialize;

/// The board: one generator, plus optional extra nodes, edges and zones; or, with `select`, one of
/// several boards chosen by an option.
///
/// ```
/// // Field Go's board is chosen by its `board` option.
/// let board = qipan::definition("field-go")?.def.board;
/// assert_eq!(board.select.unwrap().value, "board");
/// let names: Vec<&str> = board.variants.0.iter().map(|(n, _)| n.value.as_str()).collect();
/// assert_eq!(names, ["sample", "mask", "box", "stack"]);
/// assert!(board.variants.0[2].1.box_surface.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardDef {
    /// The option whose value names the board to use among `variants`.
    #[serde(default)]
    pub select: Option<Text>,
    /// Boards by name, for `select`.
    #[serde(default)]
    pub variants: Ordered<BoardDef>,
    /// The surface of a box of cells.
    #[serde(default, rename = "box")]
    pub box_surface: Option<Grid3dDef>,
    /// A rectangular grid.
    #[serde(default)]
    pub grid: Option<GridDef>,
    /// A 3-D grid.
    #[serde(default)]
    pub grid3d: Option<Grid3dDef>,
    /// A polar board.
    #[serde(default)]
    pub polar: Option<PolarDef>,
    /// A board of hexagonal cells: a rhombus or a hexagon.
    #[serde(default)]
    pub hex: Option<Spanned<HexDef>>,
    /// Concentric rings of eight points (Morris, Shisima).
    #[serde(default)]
    pub rings: Option<RingsDef>,
    /// A triangle of points, each with up to six neighbours.
    #[serde(default)]
    pub triangle: Option<TriangleDef>,
    /// Two rows of pits, with or without stores, for sowing games.
    #[serde(default)]
    pub mancala: Option<MancalaDef>,
    /// Extra (or all) nodes.
    #[serde(default)]
    pub nodes: Vec<NodeDef>,
    /// Extra (or all) edges.
    #[serde(default)]
    pub edges: Vec<EdgeDef>,
    /// Derive the `same-colour` relation.
    #[serde(default)]
    pub same_colour: bool,
    /// What a same-colour jump of two may pass over: `empty` (default: the node between must be empty) or
    /// `any`.
    #[serde(default)]
    pub same_colour_jump: Option<Text>,
    /// Named zones.
    #[serde(default)]
    pub zones: Ordered<ZoneDef>,
    /// Named tracks: orders of nodes along which seeds are sown.
    #[serde(default)]
    pub tracks: Ordered<TrackDef>,
    /// Each node holds a count of seeds (a sowing game); the mancala generator sets it.
    #[serde(default)]
    pub counts: bool,
    /// Each node holds a column of pieces, up to this many high (Lasca); 0 for single pieces.
    #[serde(default)]
    pub stacks: Option<Spanned<u32>>,
    /// Where the pieces go that a column loses off its bottom when a move makes it higher than `stacks`:
    /// `remove` (default: off the board) or `reserve` (the mover's own to its reserve; Focus).
    #[serde(default)]
    pub overflow: Option<Text>,
    /// Directions declared for explicit boards (name → vector).
    #[serde(default)]
    pub directions: Ordered<Vec<i32>>,
}

/// A rectangular grid.
///
/// ```
/// let def = qipan::definition("chess")?.def;
/// let grid = def.board.grid.unwrap();
/// assert_eq!(grid.labels.unwrap().value, "chess");
/// assert_eq!(grid.diagonal.unwrap().value, "true");
/// assert!(!grid.centres);
/// assert_eq!(grid.kind.as_deref(), Some("cell"));
/// assert_eq!(grid.checker, Some(["dark".to_string(), "light".to_string()]));
/// assert!(grid.mask.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GridDef {
    /// Columns (default: the mask's width).
    #[serde(default)]
    pub width: Option<Spanned<NumOrExpr>>,
    /// Rows (default: the mask's height).
    #[serde(default)]
    pub height: Option<Spanned<NumOrExpr>>,
    /// `gtp`, `letters` or `chess`.
    #[serde(default)]
    pub labels: Option<Text>,
    /// The diagonal relation: `false` (default), `true` (every diagonal) or `alternate` (only through the points
    /// where column + row is even, as on an Alquerque board).
    #[serde(default)]
    pub diagonal: Option<Text>,
    /// A point at the centre of every square, where its two diagonals cross (Dablot); the `diagonal` relation
    /// then runs corner, centre, corner.
    #[serde(default)]
    pub centres: bool,
    /// Node kind (default `point`).
    #[serde(default)]
    pub kind: Option<String>,
    /// Checkerboard colour names.
    #[serde(default)]
    pub checker: Option<[String; 2]>,
    /// Rows of `.` (node) and `#` (no node), top row first: a list, or one text with rows separated
    /// by `/` or new lines (which may be an option: `$mask`). Width and height default to the mask's.
    #[serde(default)]
    pub mask: Option<Spanned<Mask>>,
}

/// A mask as a list of rows or as one text.
///
/// ```
/// use qipan_dsl::schema::Mask;
///
/// let variants = qipan::definition("field-go")?.def.board.variants;
/// let mask = |i: usize| variants.0[i].1.grid.as_ref().unwrap().mask.as_ref().unwrap().value.clone();
/// assert!(matches!(mask(0), Mask::Rows(rows) if rows.len() == 11 && rows[2] == "..##...##.."));
/// assert!(matches!(mask(1), Mask::Text(t) if t == "$mask")); // the `mask` option's value
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Mask {
    /// One row per entry.
    Rows(Vec<String>),
    /// Rows separated by `/` or new lines.
    Text(String),
}

/// A 3-D grid, or a box.
///
/// ```
/// use qipan_dsl::schema::NumOrExpr;
///
/// let variants = qipan::definition("field-go")?.def.board.variants;
/// let stack = variants.0[3].1.grid3d.as_ref().unwrap();
/// assert!(matches!(&stack.depth.value, NumOrExpr::Expr(e) if e == "layers"));
/// let cube = variants.0[2].1.box_surface.as_ref().unwrap();
/// assert!(matches!(&cube.width.value, NumOrExpr::Expr(e) if e == "box_width"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grid3dDef {
    /// Columns.
    pub width: Spanned<NumOrExpr>,
    /// Rows.
    pub height: Spanned<NumOrExpr>,
    /// Layers.
    pub depth: Spanned<NumOrExpr>,
}

/// A board of hexagonal cells: a rhombus (`width` and `height`, as Hex is played on) or a hexagon
/// (`side`, as Havannah and Yavalath are), one of the two.
///
/// ```
/// use qipan_dsl::schema::NumOrExpr;
///
/// let src = "name: t
/// options: { size: { type: int, default: 11 } }
/// board:
///   variants:
///     hex: { hex: { width: size, height: size } }
///     havannah: { hex: { side: 8, kind: point } }
/// seats: [{ name: red }, { name: blue }]
/// pieces: {}
/// ";
/// let board = qipan_dsl::Definition::read("t.yaml", src, &qipan_dsl::FileResolver)?.def.board;
/// let rhombus = &board.variants.0[0].1.hex.as_ref().unwrap().value;
/// assert!(matches!(&rhombus.width.as_ref().unwrap().value, NumOrExpr::Expr(e) if e == "size"));
/// assert!(rhombus.side.is_none() && rhombus.kind.is_none());
/// let hexagon = &board.variants.0[1].1.hex.as_ref().unwrap();
/// assert!(matches!(hexagon.value.side.as_ref().unwrap().value, NumOrExpr::Num(n) if n == 8.0));
/// assert_eq!(hexagon.value.kind.as_deref(), Some("point"));
/// assert_eq!(hexagon.referenced.line, 6); // where the `hex` value is written
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexDef {
    /// Cells per row of a rhombus (1 to 26).
    #[serde(default)]
    pub width: Option<Spanned<NumOrExpr>>,
    /// Rows of a rhombus (1 to 26).
    #[serde(default)]
    pub height: Option<Spanned<NumOrExpr>>,
    /// Cells on each side of a hexagon (2 to 13).
    #[serde(default)]
    pub side: Option<Spanned<NumOrExpr>>,
    /// Node kind (default `cell`).
    #[serde(default)]
    pub kind: Option<String>,
}

/// A polar board.
///
/// ```
/// use qipan_dsl::schema::NumOrExpr;
///
/// let polar = qipan::definition("he-qi")?.def.board.polar.unwrap();
/// assert!(matches!(polar.sectors.value, NumOrExpr::Num(n) if n == 100.0));
/// assert_eq!((polar.eyes, polar.eye_links.as_slice()), (25, &[1, 2][..]));
/// assert_eq!(polar.hub.unwrap().value, "$hub"); // set by the `hub` option
/// assert!(polar.diagonal);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolarDef {
    /// Rings.
    pub rings: Spanned<NumOrExpr>,
    /// Sectors per ring.
    pub sectors: Spanned<NumOrExpr>,
    /// Eyes in the channel.
    #[serde(default)]
    pub eyes: u32,
    /// Sector offsets of each eye's ring-1 cells within its group.
    #[serde(default)]
    pub eye_links: Vec<u32>,
    /// The centre: `none` (default), `transit` (a hub passed over in one step from any eye to any other)
    /// or `stop` (a node one step from every eye, where pieces may stop).
    #[serde(default)]
    pub hub: Option<Text>,
    /// `true` to join neighbouring eyes by one step (relation `channel`).
    #[serde(default)]
    pub eye_ring: Option<Text>,
    /// Add diagonals.
    #[serde(default)]
    pub diagonal: bool,
    /// Two colour names for the cells.
    #[serde(default)]
    pub checker: Option<[String; 2]>,
    /// How the colours are laid out: `checker` (default: by ring + sector) or `stripes` (by sector).
    #[serde(default)]
    pub pattern: Option<Text>,
}

/// Concentric rings of eight points: the boards of the Morris games and of Shisima.
///
/// ```
/// use qipan_dsl::schema::NumOrExpr;
///
/// let src = "name: twelve
/// seats: [{ name: a }]
/// pieces: {}
/// board:
///   rings: { count: 3, spokes: all }
/// ";
/// let rings = qipan_dsl::Definition::read("twelve.yaml", src, &qipan_dsl::FileResolver)?.def.board.rings.unwrap();
/// assert!(matches!(rings.count.value, NumOrExpr::Num(n) if n == 3.0));
/// assert_eq!(rings.spokes.unwrap().value, "all");
/// assert!(rings.shape.is_none() && !rings.centre);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RingsDef {
    /// Rings, 1 to 12 (1 is the innermost).
    pub count: Spanned<NumOrExpr>,
    /// `square` (default: Morris) or `round` (octagons: Shisima).
    #[serde(default)]
    pub shape: Option<Text>,
    /// Which points are joined across the rings: `cross` (default: the midpoints of the sides), `all` (also the
    /// corners) or `none`.
    #[serde(default)]
    pub spokes: Option<Text>,
    /// A point at the centre, joined by the spokes to the inner ring.
    #[serde(default)]
    pub centre: bool,
}

/// A triangular lattice: a triangle of points, each with up to six neighbours.
///
/// ```
/// use qipan_dsl::schema::{Mask, NumOrExpr};
///
/// let src = "name: holes
/// seats: [{ name: a }]
/// pieces: {}
/// board:
///   triangle: { size: 3, mask: [\".\", \".#\", \"...\"] }
/// ";
/// let triangle = qipan_dsl::Definition::read("holes.yaml", src, &qipan_dsl::FileResolver)?.def.board.triangle.unwrap();
/// assert!(matches!(triangle.size.value, NumOrExpr::Num(n) if n == 3.0));
/// assert!(matches!(triangle.mask.unwrap().value, Mask::Rows(rows) if rows[1] == ".#"));
/// assert!(triangle.labels.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TriangleDef {
    /// Points along each side.
    pub size: Spanned<NumOrExpr>,
    /// `gtp`, `letters` or `chess` (default).
    #[serde(default)]
    pub labels: Option<Text>,
    /// Rows of `.` (point) and `#` (no point), the apex row first, each row one longer than the one above;
    /// spaces are ignored. A list, or one text with rows separated by `/` or new lines.
    #[serde(default)]
    pub mask: Option<Spanned<Mask>>,
}

/// An explicit node.
///
/// ```
/// let src = "name: cross
/// seats: [{ name: a }]
/// pieces: {}
/// board:
///   nodes:
///     - { label: top, zones: [north], at: [0, 1] }
///     - { label: centre, kind: hub, colour: gold }
///   edges:
///     - { from: centre, to: top, relation: line, direction: up, back: down }
///     - { from: top, to: centre, relation: chute, one_way: true }
/// ";
/// let board = qipan_dsl::Definition::read("cross.yaml", src, &qipan_dsl::FileResolver)?.def.board;
/// let (top, centre) = (&board.nodes[0], &board.nodes[1]);
/// assert_eq!(top.label.value, "top");
/// assert_eq!(top.zones, ["north"]);
/// assert_eq!(top.at, Some(vec![0.0, 1.0]));
/// assert_eq!((centre.kind.as_deref(), centre.colour.as_deref()), (Some("hub"), Some("gold")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NodeDef {
    /// Unique label.
    pub label: Text,
    /// Kind (default `cell`).
    #[serde(default)]
    pub kind: Option<String>,
    /// Colour.
    #[serde(default)]
    pub colour: Option<String>,
    /// Zones.
    #[serde(default)]
    pub zones: Vec<String>,
    /// Drawing position.
    #[serde(default)]
    pub at: Option<Vec<f32>>,
}

/// An explicit edge.
///
/// ```
/// let src = "name: cross
/// seats: [{ name: a }]
/// pieces: {}
/// board:
///   nodes:
///     - { label: top, zones: [north], at: [0, 1] }
///     - { label: centre, kind: hub, colour: gold }
///   edges:
///     - { from: centre, to: top, relation: line, direction: up, back: down }
///     - { from: top, to: centre, relation: chute, one_way: true }
/// ";
/// let board = qipan_dsl::Definition::read("cross.yaml", src, &qipan_dsl::FileResolver)?.def.board;
/// let (line, chute) = (&board.edges[0], &board.edges[1]);
/// assert_eq!((line.from.value.as_str(), line.to.value.as_str(), line.relation.as_str()), ("centre", "top", "line"));
/// assert_eq!((line.direction.as_deref(), line.back.as_deref(), line.one_way), (Some("up"), Some("down"), false));
/// assert!(chute.one_way && chute.back.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EdgeDef {
    /// Start label.
    pub from: Text,
    /// End label.
    pub to: Text,
    /// Relation name.
    pub relation: String,
    /// Direction of from → to.
    #[serde(default)]
    pub direction: Option<String>,
    /// Direction of the reverse edge; absent with `one_way`.
    #[serde(default)]
    pub back: Option<String>,
    /// Only from → to.
    #[serde(default)]
    pub one_way: bool,
}

/// A zone: listed labels and/or the nodes matching coordinate ranges.
///
/// ```
/// let zones = qipan::definition("he-qi")?.def.board.zones;
/// let (name, red) = &zones.0[1];
/// assert_eq!(name.value, "red-land");
/// // Rings 1 to 5 of sectors 0 to 19, and five eyes.
/// assert_eq!(red.coords, Some(vec![[1, 5], [0, 19]]));
/// assert_eq!(red.labels.len(), 5);
/// assert_eq!(red.labels[0].value, "eye0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneDef {
    /// Labels in the zone.
    #[serde(default)]
    pub labels: Vec<Text>,
    /// Ranges of generator coordinates `[[min, max], ...]` (inclusive; x, y, z or ring, sector).
    #[serde(default)]
    pub coords: Option<Vec<[i32; 2]>>,
    /// Only nodes of this kind.
    #[serde(default)]
    pub kind: Option<String>,
}

/// A mancala board: two rows of pits (`a1`.., `a2`..) and, with `stores`, a store at the end of each
/// row (`store1`, `store2`); or, with `rows: 4`, two rows for each seat (`a1`..`a4`).
///
/// ```
/// let board = qipan::definition("kalah")?.def.board;
/// let m = board.mancala.unwrap();
/// assert!(m.stores);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MancalaDef {
    /// Pits in each row.
    pub pits: Spanned<NumOrExpr>,
    /// Whether each row has a store.
    #[serde(default)]
    pub stores: bool,
    /// Rows of pits: 2 (the default) or 4, two for each seat.
    #[serde(default)]
    pub rows: Option<Spanned<NumOrExpr>>,
}

/// A track: nodes in sowing order; `cyclic` when the last is followed by the first.
///
/// ```
/// let src = "name: t\nboard:\n  nodes: [{ label: x }, { label: y }, { label: z }]\n  counts: true\n  tracks: { round: { nodes: [x, y, z], cyclic: true } }\nseats: [{ name: a }, { name: b }]\npieces: { seed: { symbols: [S, N], moves: sow round } }\n";
/// let game = qipan::load_str("t.yaml", src, &[])?;
/// let t = game.board.track("round").unwrap();
/// assert_eq!((game.board.tracks()[t].nodes.len(), game.board.tracks()[t].cyclic), (3, true));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackDef {
    /// Node labels in order.
    pub nodes: Vec<Text>,
    /// Whether the track goes round.
    #[serde(default)]
    pub cyclic: bool,
}
