//! The definition file schema, as read by serde from YAML (through serde-saphyr, which keeps the
//! source location of every value we may need to point at).

use crate::diag::Loc;
use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::fmt;
use std::marker::PhantomData;

/// A value with the place it is written: line, column and file (see [`crate::extends`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it is written.
    pub referenced: Loc,
    /// Where it is defined (the same place: anchors are resolved before merging).
    pub defined: Loc,
}

impl<T> Spanned<T> {
    /// A value written at `referenced` (and defined at `defined`).
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
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum NumOrExpr {
    /// A literal number.
    Num(f64),
    /// An expression over the game's options.
    Expr(String),
}

/// A whole definition file.
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
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Mask {
    /// One row per entry.
    Rows(Vec<String>),
    /// Rows separated by `/` or new lines.
    Text(String),
}

/// A 3-D grid, or a box.
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
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum OneOrMany<T> {
    /// A single value.
    One(T),
    /// A list.
    Many(Vec<T>),
}

impl<T> Default for OneOrMany<T> {
    fn default() -> Self {
        OneOrMany::Many(Vec::new())
    }
}

impl<T> OneOrMany<T> {
    /// The values as a slice-like iterator.
    pub fn iter(&self) -> Box<dyn Iterator<Item = &T> + '_> {
        match self {
            OneOrMany::One(x) => Box::new(std::iter::once(x)),
            OneOrMany::Many(v) => Box::new(v.iter()),
        }
    }
}

/// A movement rule, possibly only under some options.
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
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayersDef {
    /// The option whose value names the variant.
    pub select: Text,
    /// Per value: the players, each a list of seat names (the first is the player's own seat).
    pub variants: Ordered<Vec<Vec<Text>>>,
}

/// Pieces placed at the start.
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
