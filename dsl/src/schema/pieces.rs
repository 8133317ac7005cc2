//! Seats, pieces and their moves, players, setup and reserves.

use super::yes;
use super::{NumOrExpr, Ordered, Spanned, Text};
use crate::diag::Loc;
use serde::de::{IntoDeserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::fmt;
use std::marker::PhantomData;

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
/// assert!(pawn.captures && !pawn.immune && pawn.owner.is_none());
/// let def = qipan::definition("order-and-chaos")?.def;
/// assert_eq!(def.pieces.0[0].1.owner.as_ref().unwrap().value, "x");
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
    /// The seat (usually a neutral one: a colour) that owns these pieces on the board, whichever seat
    /// places or drops them; without it, a piece is its placer's.
    #[serde(default)]
    pub owner: Option<Text>,
    /// The piece type it becomes when captured into a reserve or graveyard (`captured_as: pawn`).
    #[serde(default)]
    pub captured_as: Option<Text>,
    /// What the piece is worth when material is counted (`value: 13`, janggi's chariot); 1 when not said.
    #[serde(default)]
    pub value: Option<Spanned<f64>>,
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
    /// Node labels, or `zone(NAME)` for every node of a zone.
    pub at: Vec<Text>,
    /// Pieces on each node, on a board with counts (seeds; default 1).
    #[serde(default)]
    pub count: Option<Spanned<NumOrExpr>>,
    /// Only when this option expression holds.
    #[serde(default, rename = "if")]
    pub when: Option<Text>,
}

/// A start generated from a number: placement steps over a zone's nodes (see
/// [`qipan_core::game::shuffle`]).
///
/// ```
/// let def = qipan::definition("chess960")?.def;
/// let shuffle = def.shuffle.unwrap();
/// assert_eq!((shuffle.number.value.as_str(), shuffle.zone.value.as_str()), ("start", "rank1"));
/// assert_eq!(shuffle.steps.len(), 5);
/// assert_eq!(shuffle.steps[4].rest.iter().map(|p| p.value.as_str()).collect::<Vec<_>>(), ["rook", "king", "rook"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShuffleDef {
    /// The option whose value is the start's number.
    pub number: Text,
    /// The seat whose pieces the steps place.
    pub seat: Text,
    /// The zone whose nodes they fill, in board order.
    pub zone: Text,
    /// Other seats that get the same pieces on their own zone's nodes, in the same order.
    #[serde(default)]
    pub copies: Vec<ShuffleCopyDef>,
    /// The steps, the first one's choice the lowest digit of the number.
    pub steps: Vec<ShuffleStepDef>,
}

/// A seat that gets a [`ShuffleDef`]'s pieces on its own zone: `{ seat: black, zone: rank8 }`.
///
/// ```
/// let def = qipan::definition("chess960")?.def;
/// let copy = &def.shuffle.unwrap().copies[0];
/// assert_eq!((copy.seat.value.as_str(), copy.zone.value.as_str()), ("black", "rank8"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShuffleCopyDef {
    /// The seat.
    pub seat: Text,
    /// Its zone.
    pub zone: Text,
}

/// One placement step: `{ piece: knight, count: 2 }`, `{ piece: bishop, colour: light }`, or the last
/// pieces in order on the nodes left, `{ rest: [rook, king, rook] }`.
///
/// ```
/// let def = qipan::definition("chess960")?.def;
/// let steps = def.shuffle.unwrap().steps;
/// assert_eq!(steps[0].piece.as_ref().unwrap().value, "bishop");
/// assert!(steps[0].colour.is_some());
/// assert_eq!(steps[3].count, Some(2));
/// let rest: Vec<&str> = steps[4].rest.iter().map(|t| t.value.as_str()).collect();
/// assert_eq!(rest, ["rook", "king", "rook"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShuffleStepDef {
    /// The piece placed.
    #[serde(default)]
    pub piece: Option<Text>,
    /// How many of it.
    #[serde(default)]
    pub count: Option<u32>,
    /// Only on nodes of this board colour.
    #[serde(default)]
    pub colour: Option<Text>,
    /// The pieces that fill the nodes left, in order.
    #[serde(default)]
    pub rest: Vec<Text>,
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
