//! The definition file schema, as read by serde from YAML (through serde-saphyr, which keeps the
//! source location of every value we may need to point at).

use crate::diag::Loc;
use serde::de::{IntoDeserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::fmt;
use std::marker::PhantomData;

/// A value with the place it is written: line, column and file (see [`crate::extends`]).
///
/// ```
/// let def = qipan::definition("go")?.def;
/// assert_eq!(def.name.value, "go");
/// // `name: go` is on line 5 of games/go.yaml, the value in column 7.
/// assert_eq!((def.name.referenced.line, def.name.referenced.column, def.name.referenced.file), (5, 7, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it is written.
    pub referenced: Loc,
    /// Where it is defined (the same place: anchors are resolved before merging).
    pub defined: Loc,
}

/// A host can point at any located value of a definition:
///
/// ```
/// let def = qipan::definition("chess")?;
/// let (king, _) = &def.def.pieces.0[0];
/// let d = def.sources.diagnostic(king.referenced, "the king is royal here", None);
/// assert_eq!((d.file.as_str(), d.source_line.as_str()), ("games/chess.yaml", "  king:"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<T> Spanned<T> {
    /// A value written at `referenced` (and defined at `defined`).
    ///
    /// ```
    /// use qipan_dsl::{Loc, schema::Text};
    ///
    /// let loc = Loc { line: 2, column: 7, file: 1 };
    /// let name: Text = Text::new("base".to_string(), loc, loc);
    /// assert_eq!((name.value.as_str(), name.defined), ("base", loc));
    /// ```
    pub fn new(value: T, referenced: Loc, defined: Loc) -> Self {
        Spanned { value, referenced, defined }
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Spanned<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = Spanned<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a value with its location")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<Self::Value, A::Error> {
                let missing = || serde::de::Error::custom("a located value without its location");
                let file: u64 = s.next_element()?.ok_or_else(missing)?;
                let line: u64 = s.next_element()?.ok_or_else(missing)?;
                let column: u64 = s.next_element()?.ok_or_else(missing)?;
                let value: T = s.next_element()?.ok_or_else(missing)?;
                let loc = Loc { line: line as usize, column: column as usize, file: file as usize };
                Ok(Spanned::new(value, loc, loc))
            }
        }
        d.deserialize_newtype_struct(crate::extends::SPANNED, V(PhantomData))
    }
}

/// A text value with its place in the file.
pub type Text = Spanned<String>;

/// A map that keeps the file's order (piece and option order matter to people reading output).
///
/// ```
/// let def = qipan::definition("chess")?.def;
/// let pieces: Vec<&str> = def.pieces.0.iter().map(|(name, _)| name.value.as_str()).collect();
/// assert_eq!(pieces, ["king", "queen", "rook", "bishop", "knight", "pawn"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Ordered<V>(pub Vec<(Text, V)>);

impl<V> Default for Ordered<V> {
    fn default() -> Self {
        Ordered(Vec::new())
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Ordered<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V2<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for V2<V> {
            type Value = Ordered<V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a mapping")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = m.next_entry::<Text, V>()? {
                    out.push((k, v));
                }
                Ok(Ordered(out))
            }
        }
        d.deserialize_map(V2(PhantomData))
    }
}

/// A number written literally or as an option expression (`size`, `3 * size * size`).
///
/// ```
/// use qipan_dsl::schema::NumOrExpr;
///
/// let def = qipan::definition("go")?.def;
/// let grid = def.board.grid.unwrap();
/// assert!(matches!(&grid.width.unwrap().value, NumOrExpr::Expr(e) if e == "size"));
/// let polar = qipan::definition("he-qi")?.def.board.polar.unwrap();
/// assert!(matches!(polar.rings.value, NumOrExpr::Num(n) if n == 5.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum NumOrExpr {
    /// A literal number.
    Num(f64),
    /// An expression over the game's options.
    Expr(String),
}

/// A whole definition file.
///
/// ```
/// let def = qipan::definition("go")?.def;
/// assert_eq!((def.name.value.as_str(), def.title.as_deref()), ("go", Some("Go (Chinese rules)")));
/// assert_eq!(def.rules_name.as_deref(), Some("Chinese"));
/// let seats: Vec<&str> = def.seats.iter().map(|s| s.name.value.as_str()).collect();
/// assert_eq!(seats, ["black", "white"]);
/// assert_eq!(def.options.0.len(), 7);
/// assert!(def.setup.is_empty() && def.hooks.0.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameDef {
    /// Short name, used on the command line.
    pub name: Text,
    /// Title for people.
    #[serde(default)]
    pub title: Option<String>,
    /// The rule set's name as game records write it (SGF `RU`, e.g. `Chinese`); default: the title.
    #[serde(default)]
    pub rules_name: Option<String>,
    /// What the game is, for `qipan list` and the book.
    #[serde(default)]
    pub description: Option<String>,
    /// Typed options with defaults.
    #[serde(default)]
    pub options: Ordered<OptionDef>,
    /// Values computed from the options (option expressions), usable like options (`$name`).
    #[serde(default, rename = "let")]
    pub lets: Ordered<Text>,
    /// The board.
    pub board: BoardDef,
    /// Seats in turn order.
    pub seats: Vec<SeatDef>,
    /// Which player holds which seats (one player may hold several; unlisted seats stay empty).
    #[serde(default)]
    pub players: Option<PlayersDef>,
    /// Which seats form a team (team-mates never capture each other), possibly chosen by an option.
    #[serde(default)]
    pub teams: Option<PlayersDef>,
    /// Seat-relative zone names that seats map to board zones.
    #[serde(default)]
    pub zone_aliases: Vec<String>,
    /// Piece types.
    pub pieces: Ordered<PieceDef>,
    /// Pieces on the board at the start.
    #[serde(default)]
    pub setup: Vec<SetupDef>,
    /// Pieces in reserve at the start.
    #[serde(default)]
    pub reserve: Vec<ReserveDef>,
    /// Capture, repetition and pass rules.
    #[serde(default)]
    pub rules: RulesDef,
    /// When the game ends.
    #[serde(default)]
    pub end: EndDef,
    /// How a finished game is scored.
    #[serde(default)]
    pub scoring: Option<ScoringDef>,
    /// A pre-game procedure: one player sets this option, the other chooses a seat.
    #[serde(default)]
    pub cut_and_choose: Option<CutAndChooseDef>,
    /// Named counters, one value per seat, that hooks may read and set and extra actions may spend.
    #[serde(default)]
    pub counters: Vec<String>,
    /// Extra actions a seat may take alongside its move.
    #[serde(default)]
    pub extras: Vec<ExtraDef>,
    /// Rhai hooks by point name.
    #[serde(default)]
    pub hooks: Ordered<Text>,
}

/// An option of the game.
///
/// ```
/// use qipan_dsl::schema::Scalar;
///
/// let def = qipan::definition("go")?.def;
/// let (name, size) = &def.options.0[0];
/// assert_eq!((name.value.as_str(), size.kind.value.as_str()), ("size", "int"));
/// assert_eq!(size.default.as_ref().map(|d| &d.value), Some(&Scalar::Num(19.0)));
/// assert_eq!((size.min, size.max), (Some(2.0), Some(25.0)));
/// assert!(size.doc.as_deref().unwrap().starts_with("Lines of the square board"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionDef {
    /// `int`, `number`, `bool`, `choice` or `text`.
    #[serde(rename = "type")]
    pub kind: Text,
    /// The default value (absent: the option must be set).
    #[serde(default)]
    pub default: Option<Spanned<Scalar>>,
    /// The allowed values, when the set is closed.
    #[serde(default)]
    pub values: Option<Vec<Scalar>>,
    /// Smallest allowed number.
    #[serde(default)]
    pub min: Option<f64>,
    /// Largest allowed number.
    #[serde(default)]
    pub max: Option<f64>,
    /// What it does.
    #[serde(default)]
    pub doc: Option<String>,
}

/// A scalar YAML value.
///
/// ```
/// use qipan_dsl::schema::Scalar;
///
/// let def = qipan::definition("go")?.def;
/// let option = |n: &str| &def.options.0.iter().find(|(name, _)| name.value == n).unwrap().1;
/// assert_eq!(option("komi").default.as_ref().unwrap().value, Scalar::Num(5.5));
/// assert_eq!(option("handicap_compensation").default.as_ref().unwrap().value, Scalar::Bool(false));
/// let ko = option("ko").values.as_ref().unwrap();
/// assert_eq!(ko[2], Scalar::Text("simple".into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum Scalar {
    /// true/false.
    Bool(bool),
    /// A number.
    Num(f64),
    /// Anything else.
    Text(String),
}

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
/// assert!(grid.diagonal);
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
    /// Add the diagonal relation.
    #[serde(default)]
    pub diagonal: bool,
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

/// A seat.
///
/// ```
/// let white = &qipan::definition("chess")?.def.seats[0];
/// assert_eq!((white.name.value.as_str(), white.letter.as_deref()), ("white", Some("W")));
/// assert_eq!(white.forward[0].value, "n");
/// let (alias, zone) = &white.zones.0[0];
/// assert_eq!((alias.value.as_str(), zone.value.as_str()), ("start", "rank2"));
/// assert!(!white.neutral);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatDef {
    /// Name.
    pub name: Text,
    /// Letter for results (default: first letter, upper case).
    #[serde(default)]
    pub letter: Option<String>,
    /// Forward directions.
    #[serde(default)]
    pub forward: Vec<Text>,
    /// Seat-relative zones: alias → board zone.
    #[serde(default)]
    pub zones: Ordered<Text>,
    /// Team name (default: its own).
    #[serde(default)]
    pub team: Option<String>,
    /// A neutral seat never takes turns; its pieces belong to nobody (Seven Kingdoms' Zhou).
    #[serde(default)]
    pub neutral: bool,
    /// Colour of its pieces in pictures (an SVG colour: `#c0392b`, `purple`).
    #[serde(default)]
    pub colour: Option<String>,
}

/// A piece type.
///
/// ```
/// let def = qipan::definition("chess")?.def;
/// let (name, pawn) = &def.pieces.0[5];
/// assert_eq!(name.value, "pawn");
/// assert_eq!(pawn.symbols, ["P", "p"]);
/// assert_eq!(pawn.moves.as_ref().unwrap().value.iter().count(), 4);
/// assert!(pawn.captures && !pawn.immune);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceDef {
    /// Symbol per seat (or one for all).
    #[serde(default)]
    pub symbols: Vec<String>,
    /// A letter: each seat's symbol is then the seat's letter followed by it (`QG`, `CG`, ...).
    #[serde(default)]
    pub letter: Option<String>,
    /// Movement rules.
    #[serde(default)]
    pub moves: Option<Spanned<OneOrMany<MoveDef>>>,
    /// Can never be captured.
    #[serde(default)]
    pub immune: bool,
    /// May capture (default true).
    #[serde(default = "yes")]
    pub captures: bool,
}

fn yes() -> bool {
    true
}

/// One value or a list of them.
///
/// ```
/// use qipan_dsl::schema::OneOrMany;
///
/// // `moves: slide orthogonal` (the rook) and `moves: [slide orthogonal, slide diagonal]` (the queen).
/// let def = qipan::definition("chess")?.def;
/// let moves = |i: usize| &def.pieces.0[i].1.moves.as_ref().unwrap().value;
/// assert!(matches!(moves(2), OneOrMany::One(_)));
/// assert!(matches!(moves(1), OneOrMany::Many(list) if list.len() == 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub enum OneOrMany<T> {
    /// A single value.
    One(T),
    /// A list, each item with its place (items appended by `KEY+:` come from another file than the list).
    Many(Vec<Spanned<T>>),
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for OneOrMany<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = OneOrMany<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("one value or a list")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<Self::Value, A::Error> {
                let mut items = Vec::new();
                while let Some(item) = s.next_element()? {
                    items.push(item);
                }
                Ok(OneOrMany::Many(items))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                T::deserialize(v.into_deserializer()).map(OneOrMany::One)
            }
            fn visit_map<A: MapAccess<'de>>(self, m: A) -> Result<Self::Value, A::Error> {
                T::deserialize(serde::de::value::MapAccessDeserializer::new(m)).map(OneOrMany::One)
            }
        }
        d.deserialize_any(V(PhantomData))
    }
}

impl<T> Default for OneOrMany<T> {
    fn default() -> Self {
        OneOrMany::Many(Vec::new())
    }
}

/// ```
/// use qipan_dsl::schema::OneOrMany;
///
/// let one = OneOrMany::One("step orthogonal");
/// assert_eq!(one.iter().collect::<Vec<_>>(), [&"step orthogonal"]);
/// ```
impl<T> OneOrMany<T> {
    /// The values as a slice-like iterator.
    ///
    /// ```
    /// use qipan_dsl::schema::MoveDef;
    ///
    /// let def = qipan::definition("chess")?.def;
    /// let text = |m: &MoveDef| match m {
    ///     MoveDef::Plain(t) => t.clone(),
    ///     MoveDef::Conditional { rule, .. } => rule.clone(),
    /// };
    /// let moves = |i: usize| &def.pieces.0[i].1.moves.as_ref().unwrap().value;
    /// assert_eq!(moves(2).iter().map(text).collect::<Vec<_>>(), ["slide orthogonal"]); // one rule
    /// assert_eq!(moves(1).iter().map(text).collect::<Vec<_>>(), ["slide orthogonal", "slide diagonal"]); // a list
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iter(&self) -> Box<dyn Iterator<Item = &T> + '_> {
        Box::new(self.located().map(|(value, _)| value))
    }

    /// The values with the place of each list item (`None` for a single value, which is where the whole is).
    ///
    /// ```
    /// let def = qipan::definition("chess")?.def;
    /// let pawn = def.pieces.0[5].1.moves.as_ref().unwrap(); // four rules, one per line
    /// let lines: Vec<usize> = pawn.value.located().map(|(_, loc)| loc.unwrap().line).collect();
    /// assert_eq!(lines.len(), 4);
    /// assert_eq!(lines[3] - lines[0], 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn located(&self) -> Box<dyn Iterator<Item = (&T, Option<Loc>)> + '_> {
        match self {
            OneOrMany::One(x) => Box::new(std::iter::once((x, None))),
            OneOrMany::Many(v) => Box::new(v.iter().map(|item| (&item.value, Some(item.referenced)))),
        }
    }
}

/// A movement rule, possibly only under some options.
///
/// ```
/// use qipan_dsl::schema::MoveDef;
///
/// let def = qipan::definition("leader-cannon")?.def;
/// let first = def.pieces.0[0].1.moves.as_ref().unwrap().value.iter().next().unwrap();
/// assert!(matches!(first, MoveDef::Conditional { rule, when }
///     if rule == "drop to empty if count(friend) < 4" && when == "placement == anywhere"));
/// let def = qipan::definition("chess")?.def;
/// let rook = def.pieces.0[2].1.moves.as_ref().unwrap().value.iter().next().unwrap();
/// assert!(matches!(rook, MoveDef::Plain(text) if text == "slide orthogonal"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum MoveDef {
    /// Always present.
    Plain(String),
    /// Present when the option expression `if` holds.
    Conditional {
        /// The rule.
        #[serde(rename = "move")]
        rule: String,
        /// Option expression.
        #[serde(rename = "if")]
        when: String,
    },
}

/// Groups of seats chosen by an option: the players (each a list of the seats it holds) or the teams.
///
/// ```
/// let def = qipan::definition("he-qi")?.def;
/// let players = def.players.unwrap();
/// assert_eq!(players.select.value, "layout");
/// let (value, three) = &players.variants.0[2];
/// let seats: Vec<Vec<&str>> = three.iter().map(|p| p.iter().map(|s| s.value.as_str()).collect()).collect();
/// assert_eq!((value.value.as_str(), seats), ("3", vec![vec!["red"], vec!["yellow"], vec!["blue"]]));
/// assert_eq!(def.teams.unwrap().select.value, "alliance_players");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayersDef {
    /// The option whose value names the variant.
    pub select: Text,
    /// Per value: the players, each a list of seat names (the first is the player's own seat).
    pub variants: Ordered<Vec<Vec<Text>>>,
}

/// Pieces placed at the start.
///
/// ```
/// let def = qipan::definition("chess")?.def;
/// let rooks = &def.setup[0];
/// assert_eq!((rooks.seat.value.as_str(), rooks.piece.value.as_str()), ("white", "rook"));
/// let at: Vec<&str> = rooks.at.iter().map(|l| l.value.as_str()).collect();
/// assert_eq!(at, ["a1", "h1"]);
/// assert!(rooks.when.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupDef {
    /// Seat name.
    pub seat: Text,
    /// Piece name.
    pub piece: Text,
    /// Node labels.
    pub at: Vec<Text>,
    /// Only when this option expression holds.
    #[serde(default, rename = "if")]
    pub when: Option<Text>,
}

/// Pieces in reserve at the start.
///
/// ```
/// // Leader Cannon: `- { seat: all, piece: commoner, count: 7 }`.
/// let def = qipan::definition("leader-cannon")?.def;
/// let commoners = &def.reserve[1];
/// assert_eq!((commoners.seat.value.as_str(), commoners.piece.value.as_str()), ("all", "commoner"));
/// assert_eq!(commoners.count, 7);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReserveDef {
    /// Seat name, or `all`.
    pub seat: Text,
    /// Piece name.
    pub piece: Text,
    /// How many.
    pub count: u16,
    /// Only when this option expression holds.
    #[serde(default, rename = "if")]
    pub when: Option<Text>,
}

/// Capture, repetition and pass rules. Values may name options (`$ko`).
///
/// ```
/// let rules = qipan::definition("go")?.def.rules;
/// assert_eq!(rules.capture.unwrap().value, "groups orthogonal");
/// assert_eq!(rules.repetition.unwrap().value, "$ko"); // the `ko` option decides
/// assert!(rules.check.is_empty());
/// let rules = qipan::definition("chess")?.def.rules;
/// assert_eq!(rules.check[0].value, "king");
/// assert_eq!(rules.pass.unwrap().value, "never");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesDef {
    /// `groups <relation>`: capture chains left without liberties.
    #[serde(default)]
    pub capture: Option<Text>,
    /// `forbidden` (default) or `allowed`.
    #[serde(default)]
    pub suicide: Option<Text>,
    /// `none`, `simple-ko`, `positional` or `situational`.
    #[serde(default)]
    pub repetition: Option<Text>,
    /// `always`, `when-stuck` (default) or `never`.
    #[serde(default)]
    pub pass: Option<Text>,
    /// A seat without a legal move: `draw` (default: the game ends drawn), `lose`, or `pass` (the same
    /// as `pass: when-stuck`).
    #[serde(default)]
    pub stuck: Option<Text>,
    /// `removed` (default), `graveyard` or `reserve`.
    #[serde(default)]
    pub captured: Option<Text>,
    /// The turns of absorbed seats: `shared` (default: kept, and any piece of the player moves on them),
    /// `own` (kept, moving only the seat's own pieces) or `dropped`.
    #[serde(default)]
    pub absorbed_turns: Option<Text>,
    /// Whose pieces a player may capture: `any` (default), `next` or `previous` (only the next or previous
    /// side in turn order: the chain form).
    #[serde(default)]
    pub prey: Option<Text>,
    /// Captures between team-mates who are different players: `forbidden` (default) or `allowed`.
    #[serde(default)]
    pub ally_capture: Option<Text>,
    /// The check rule: piece types a move may not leave attacked (`[king]`).
    #[serde(default)]
    pub check: Vec<Text>,
    /// A seat without a legal move while in check: `lose` (default: checkmate) or `draw`.
    #[serde(default)]
    pub checkmate: Option<Text>,
}

/// When the game ends.
///
/// ```
/// use qipan_dsl::schema::NumOrExpr;
///
/// let end = qipan::definition("go")?.def.end;
/// assert_eq!(end.passes, Some(2));
/// assert!(matches!(&end.max_plies.unwrap().value, NumOrExpr::Expr(e) if e.starts_with("move_cap +")));
/// assert!(end.last_standing && end.royal.is_empty());
/// let end = qipan::definition("chess")?.def.end;
/// assert_eq!(end.quiet_reset[0].value, "pawn");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndDef {
    /// After this many consecutive passes.
    #[serde(default)]
    pub passes: Option<u32>,
    /// After this many plies (an option expression; `nodes` is the board's node count).
    #[serde(default)]
    pub max_plies: Option<Spanned<NumOrExpr>>,
    /// Capturing one of these pieces eliminates its seat.
    #[serde(default)]
    pub royal: Vec<Text>,
    /// What capturing a royal piece does: `eliminate` (default) or `absorb` (the captor's player takes the
    /// seat over, with its pieces and turns).
    #[serde(default)]
    pub royal_capture: Option<Text>,
    /// A side whose pieces on the board are all of these types (a lone king) is out.
    #[serde(default)]
    pub bare: Vec<Text>,
    /// What becomes of a bare side: `removed` (default: its pieces leave the board) or `captor` (absorbed
    /// by the player whose capture left it bare).
    #[serde(default)]
    pub bare_side: Option<Text>,
    /// A seat with no piece left is eliminated.
    #[serde(default)]
    pub lose_without_pieces: bool,
    /// The last side standing wins (default true).
    #[serde(default = "yes")]
    pub last_standing: bool,
    /// A player whose counter reaches a value wins at once.
    #[serde(default)]
    pub goals: Vec<GoalDef>,
    /// Drawn after this many plies without a capture or a move of a `quiet_reset` piece (an option
    /// expression; 0 = never).
    #[serde(default)]
    pub quiet_plies: Option<Spanned<NumOrExpr>>,
    /// Pieces whose moves restart the count of quiet plies.
    #[serde(default)]
    pub quiet_reset: Vec<Text>,
    /// Drawn when one position (with the same seat to move) occurs this many times (an option
    /// expression; 0 = never).
    #[serde(default)]
    pub repetitions: Option<Spanned<NumOrExpr>>,
}

/// A winning goal: a player's counter reaching a value.
///
/// ```
/// use qipan_dsl::schema::NumOrExpr;
///
/// // Seven Kingdoms: `- { counter: kills, at_least: 30, if: "hegemon == two-or-thirty" }`.
/// let end = qipan::definition("seven-kingdoms")?.def.end;
/// let kills = &end.goals[1];
/// assert_eq!(kills.counter.value, "kills");
/// assert!(matches!(kills.at_least.value, NumOrExpr::Num(n) if n == 30.0));
/// assert_eq!(kills.when.as_ref().unwrap().value, "hegemon == two-or-thirty");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoalDef {
    /// The counter.
    pub counter: Text,
    /// The value that wins (an option expression).
    pub at_least: Spanned<NumOrExpr>,
    /// Only when this option expression holds.
    #[serde(default, rename = "if")]
    pub when: Option<Text>,
}

/// How a finished game is scored.
///
/// ```
/// use qipan_dsl::schema::NumOrExpr;
///
/// let scoring = qipan::definition("go")?.def.scoring.unwrap();
/// assert_eq!(scoring.method.value, "area");
/// assert_eq!(scoring.dame.unwrap().value, "split");
/// let (seat, bonus) = &scoring.bonus.0[0];
/// assert_eq!(seat.value, "white");
/// assert!(matches!(&bonus.value, NumOrExpr::Expr(e) if e == "komi + handicap_compensation * handicap"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoringDef {
    /// `area`, `captures` or `none`.
    pub method: Text,
    /// For area: the relation joining empty nodes (default `orthogonal`).
    #[serde(default)]
    pub relation: Option<Text>,
    /// For area: `split` or `nobody`.
    #[serde(default)]
    pub dame: Option<Text>,
    /// Points added per seat (option expressions).
    #[serde(default)]
    pub bonus: Ordered<Spanned<NumOrExpr>>,
}

/// The cut-and-choose procedure: one player sets `option`, the other chooses to move first or second.
///
/// ```
/// let cc = qipan::definition("field-go")?.def.cut_and_choose.unwrap();
/// assert_eq!(cc.option.value, "komi");
/// assert_eq!(cc.when.unwrap().value, "komi_rule == cut-and-choose");
/// assert!(qipan::definition("go")?.def.cut_and_choose.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CutAndChooseDef {
    /// The option the first player sets (komi).
    pub option: Text,
    /// Only when this option expression holds.
    #[serde(default, rename = "if")]
    pub when: Option<Text>,
}

/// An extra action: bring a piece back from the graveyard to the reserve, paying a counter.
///
/// ```
/// // Leader Cannon: `extras: [{ name: revive, revive: commoner, cost: tokens }]`.
/// let def = qipan::definition("leader-cannon")?.def;
/// let revive = &def.extras[0];
/// assert_eq!((revive.name.value.as_str(), revive.revive.value.as_str()), ("revive", "commoner"));
/// assert_eq!(revive.cost.as_ref().unwrap().value, "tokens");
/// assert_eq!(def.counters, ["tokens", "deaths"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtraDef {
    /// Name, used in move text (`+revive`).
    pub name: Text,
    /// The piece type brought back.
    pub revive: Text,
    /// The counter paid, one unit per use.
    #[serde(default)]
    pub cost: Option<Text>,
}
