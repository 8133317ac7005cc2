//! The definition file schema, as read by serde from YAML (through serde-saphyr, which keeps the
//! source location of every value we may need to point at).

use crate::diag::Loc;
use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::fmt;
use std::marker::PhantomData;

pub mod board;
pub mod goals;
pub mod pieces;
pub mod playout;
pub mod render;
pub mod rules;

pub use board::*;
pub use goals::*;
pub use pieces::*;
pub use playout::*;
pub use render::*;
pub use rules::*;

/// A value with the place it is written: line, column and file (see [`crate::read`]).
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
        d.deserialize_newtype_struct(crate::read::SPANNED, V(PhantomData))
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
/// assert_eq!(def.setup.len(), 1); // the stones of a fixed handicap
/// assert!(def.hooks.0.is_empty());
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
    /// A start generated from a number (chess960's back ranks).
    #[serde(default)]
    pub shuffle: Option<ShuffleDef>,
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
    /// How pictures of the game are drawn.
    #[serde(default)]
    pub render: Option<Spanned<RenderDef>>,
    /// What playouts know of the game (3×3 patterns).
    #[serde(default)]
    pub playout: Option<Spanned<PlayoutDef>>,
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

/// The default of flags that are on unless turned off.
fn yes() -> bool {
    true
}
