//! The goals on the board of `end:`: lines, connections, zones reached, counts of pieces, enclosures and
//! forts.

use super::{NumOrExpr, Spanned, Text};
use serde::Deserialize;

/// A line goal: `{ length: 5, along: [orthogonal, diagonal], exactly: true, pieces: [stone], outcome: wins }`.
///
/// ```
/// use qipan_dsl::schema::NumOrExpr;
///
/// let end = qipan::definition("tic-tac-toe")?.def.end;
/// let line = &end.lines[0];
/// assert!(matches!(line.length.value, NumOrExpr::Num(n) if n == 3.0));
/// let along: Vec<&str> = line.along.iter().map(|t| t.value.as_str()).collect();
/// assert_eq!(along, ["orthogonal", "diagonal"]);
/// assert!(!line.exactly && line.pieces.is_empty() && line.outcome.is_none());
/// assert!(line.winner.is_none());
/// let end = qipan::definition("order-and-chaos")?.def.end;
/// assert_eq!(end.lines[0].winner.as_ref().unwrap().value, "order");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineDef {
    /// How many pieces in a row (an option expression).
    pub length: Spanned<NumOrExpr>,
    /// The relations whose directions lines run along.
    pub along: Vec<Text>,
    /// Exactly `length` in a row: a longer run does not count (Gomoku's overline).
    #[serde(default)]
    pub exactly: bool,
    /// The piece types that count (all when none is named).
    #[serde(default)]
    pub pieces: Vec<Text>,
    /// `wins` (the default) or `loses`: what making the line does to its side.
    #[serde(default)]
    pub outcome: Option<Text>,
    /// The seat that wins when the line is made, whoever's pieces make it (Order and Chaos' `order`);
    /// without it, the side that owns the pieces wins.
    #[serde(default)]
    pub winner: Option<Text>,
    /// Only when this option expression holds.
    #[serde(default, rename = "if")]
    pub when: Option<Text>,
}

/// A connection goal: `{ zones: [start, finish], along: [hex] }`, `{ zones: [...], at_least: 3, along: [hex] }`
/// or `{ all_pieces: true, along: [orthogonal, diagonal] }`.
///
/// ```
/// let end = qipan::definition("hex")?.def.end;
/// let goal = &end.connections[0].value;
/// let zones: Vec<&str> = goal.zones.iter().map(|t| t.value.as_str()).collect();
/// assert_eq!(zones, ["start", "finish"]);
/// assert_eq!(goal.along[0].value, "hex");
/// assert!(goal.at_least.is_none() && !goal.all_pieces);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConnectDef {
    /// The zones one group must touch: board zones, or seat-relative aliases (each seat its own).
    #[serde(default)]
    pub zones: Vec<Text>,
    /// How many of `zones` one group must touch (an option expression; all of them by default).
    #[serde(default)]
    pub at_least: Option<Spanned<NumOrExpr>>,
    /// Instead of zones: every piece of the side that counts is in one group.
    #[serde(default)]
    pub all_pieces: bool,
    /// The relations whose edges join pieces into groups.
    pub along: Vec<Text>,
    /// The piece types that count (all when none is named).
    #[serde(default)]
    pub pieces: Vec<Text>,
    /// `wins` (the default) or `loses`.
    #[serde(default)]
    pub outcome: Option<Text>,
    /// Only when this option expression holds.
    #[serde(default, rename = "if")]
    pub when: Option<Text>,
}

/// A zone to reach: `{ zone: goal, pieces: [pawn] }`.
///
/// ```
/// let end = qipan::definition("breakthrough")?.def.end;
/// assert_eq!(end.reach[0].zone.value, "goal");
/// assert!(end.reach[0].pieces.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReachDef {
    /// The zone: a board zone, or a seat-relative alias (each seat its own).
    pub zone: Text,
    /// The piece types that count (all when none is named).
    #[serde(default)]
    pub pieces: Vec<Text>,
    /// `wins` (the default) or `loses`.
    #[serde(default)]
    pub outcome: Option<Text>,
    /// Only when this option expression holds.
    #[serde(default, rename = "if")]
    pub when: Option<Text>,
}

/// A count of pieces: `{ fewer_than: 3, reserve: true }` (Morris: two pieces left lose).
///
/// ```
/// use qipan_dsl::schema::NumOrExpr;
///
/// let end = qipan::definition("breakthrough")?.def.end;
/// assert!(matches!(end.counts[0].fewer_than.value, NumOrExpr::Num(n) if n == 1.0));
/// assert!(!end.counts[0].reserve);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountDef {
    /// A seat with fewer pieces than this (an option expression) is out, or wins.
    pub fewer_than: Spanned<NumOrExpr>,
    /// The piece types counted (all when none is named).
    #[serde(default)]
    pub pieces: Vec<Text>,
    /// Count the pieces in the seat's reserve too.
    #[serde(default)]
    pub reserve: bool,
    /// `loses` (the default: the seat is out) or `wins`.
    #[serde(default)]
    pub outcome: Option<Text>,
    /// Only when this option expression holds.
    #[serde(default, rename = "if")]
    pub when: Option<Text>,
}

/// A side that loses when ringed in: `{ seat: defenders, along: [orthogonal] }` (Copenhagen Hnefatafl:
/// the attackers win when no defender can reach the board's edge).
///
/// ```
/// let end = qipan::definition("hnefatafl")?.def.end;
/// let ring = &end.enclosed[0].value;
/// assert_eq!(ring.seat.value, "defenders");
/// assert_eq!(ring.along[0].value, "orthogonal");
/// assert!(ring.zone.is_none(), "the way out is the board's edge");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnclosedDef {
    /// The seat whose side must keep a way out.
    pub seat: Text,
    /// The relations a way out follows.
    pub along: Vec<Text>,
    /// The way out: a board zone (by default the board's edge, the nodes a direction of `along` leaves).
    #[serde(default)]
    pub zone: Option<Text>,
    /// What being enclosed does to the side: `loses` (the default) or `wins`.
    #[serde(default)]
    pub outcome: Option<Text>,
    /// Only when this option expression holds.
    #[serde(default, rename = "if")]
    pub when: Option<Text>,
}

/// A piece whose unbreakable fort on the board's edge wins: `{ piece: king, along: [orthogonal] }`
/// (Copenhagen Hnefatafl's edge fort).
///
/// ```
/// let end = qipan::definition("hnefatafl")?.def.end;
/// let fort = &end.forts[0].value;
/// assert_eq!(fort.piece.value, "king");
/// assert_eq!(fort.along[0].value, "orthogonal");
/// assert_eq!(fort.when.as_ref().unwrap().value, "edge_fort");
/// assert!(fort.outcome.is_none(), "the fort's side wins");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FortDef {
    /// The piece type the fort is built round.
    pub piece: Text,
    /// The relations that join the fort's inside and its wall, and whose lines a capture takes along.
    pub along: Vec<Text>,
    /// What an unbreakable fort does to its side: `wins` (the default) or `loses`.
    #[serde(default)]
    pub outcome: Option<Text>,
    /// Only when this option expression holds.
    #[serde(default, rename = "if")]
    pub when: Option<Text>,
}

/// A counting rule: a count of plies that starts when a condition on the position holds and draws the
/// game at a limit (makruk's honours; see [`qipan_core::rules::counting`]).
///
/// ```
/// let end = qipan::definition("makruk")?.def.end;
/// let pieces = &end.counting[1];
/// assert_eq!(pieces.from.as_ref().map(|t| t.value.as_str()), Some("pieces"));
/// assert_eq!(pieces.limit.len(), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountingDef {
    /// When the count starts: a condition on the position for the seat to move (`count(piece(pawn)) == 0`).
    pub start: Text,
    /// The limits, the first whose `when` holds applying.
    pub limit: Vec<LimitDef>,
    /// Where the count starts: `zero` (the default) or `pieces` (the number of pieces on the board).
    #[serde(default)]
    pub from: Option<Text>,
    /// `capture`: the rule may start again, replacing a running count, after a move that captured.
    #[serde(default)]
    pub restart: Option<Text>,
    /// Only when this option expression holds.
    #[serde(default, rename = "if")]
    pub when: Option<Text>,
}

/// One limit of a counting rule, in moves (of each side: a move is two plies).
///
/// ```
/// use qipan_dsl::schema::NumOrExpr;
///
/// let end = qipan::definition("makruk")?.def.end;
/// let rooks = &end.counting[1].limit[0];
/// assert!(matches!(rooks.moves.value, NumOrExpr::Num(n) if n == 8.0));
/// assert!(rooks.when.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitDef {
    /// The limit applies when this condition on the position holds (always, without one).
    #[serde(default)]
    pub when: Option<Text>,
    /// The limit, in moves.
    pub moves: Spanned<NumOrExpr>,
}

/// A dead case of material: each side's pieces, and the types whose pieces must all stand on one colour
/// (see [`qipan_core::rules::insufficient`]).
///
/// ```
/// let end = qipan::definition("chess")?.def.end;
/// let bishops = &end.insufficient[3];
/// assert_eq!(bishops.sides.value.len(), 2);
/// assert_eq!(bishops.same_colour[0].value, "bishop");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InsufficientDef {
    /// One list of piece names per seat, matched against the seats in any order.
    pub sides: Spanned<Vec<Vec<Text>>>,
    /// Piece types whose pieces must all stand on nodes of one colour.
    #[serde(default)]
    pub same_colour: Vec<Text>,
    /// Only when this option expression holds.
    #[serde(default, rename = "if")]
    pub when: Option<Text>,
}
