//! The rules of play, the end of the game, the scoring, cut-and-choose and extras.

use super::goals::{ConnectDef, CountDef, CountingDef, EnclosedDef, FortDef, InsufficientDef, LineDef, ReachDef};
use super::{NumOrExpr, Ordered, Spanned, Text, yes};
use serde::Deserialize;

/// Capture, repetition and pass rules. Values may name options and `let` values (`$ko_rule`).
///
/// ```
/// let rules = qipan::definition("go")?.def.rules;
/// assert_eq!(rules.capture.unwrap().value, "groups orthogonal");
/// assert_eq!(rules.repetition.unwrap().value, "$ko_rule"); // the `ko` option decides, through a `let`
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
    /// Capture rules applied after every move, in order: `flank RELATIONS`, `custodial RELATIONS [N]` or
    /// `surround RELATIONS` or `shieldwall RELATIONS [N]`, then `of COND`, `with COND`, `by PIECES`,
    /// `sparing COND`, `convert`, `required`, `edges`; or `{ rule: TEXT, if: EXPR }`, only when an option
    /// expression holds.
    #[serde(default)]
    pub captures: Vec<Spanned<CaptureDef>>,
    /// `forbidden` (default) or `allowed`.
    #[serde(default)]
    pub suicide: Option<Text>,
    /// `none`, `simple-ko`, `positional` or `situational`.
    #[serde(default)]
    pub repetition: Option<Text>,
    /// `always`, `when-stuck` (default), `never`, or `if COND`: only while a condition on the position holds.
    #[serde(default)]
    pub pass: Option<Text>,
    /// A seat without a legal move: `draw` (default: the game ends drawn), `lose`, or `pass` (the same
    /// as `pass: when-stuck`).
    #[serde(default)]
    pub stuck: Option<Text>,
    /// The pie rule: `none` (default) or `sides` (after the first move, the second player may take it
    /// over by exchanging sides with the first; two-seat games).
    #[serde(default)]
    pub swap: Option<Text>,
    /// `free` (default), `compulsory` (a move that captures must be played when one exists) or `maximum`
    /// (a move that captures the most pieces).
    #[serde(default)]
    pub capture_priority: Option<Text>,
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
    /// Pieces that may not be left facing each other (janggi's bikjang).
    #[serde(default)]
    pub facing: Option<FacingDef>,
    /// The seat that moves first, when not the first seat: `{ seat: white, if: "handicap >= 2" }`.
    #[serde(default)]
    pub first: Option<FirstDef>,
}

/// `rules.first`: the seat that moves first at the start, when an option expression holds (always without
/// `if`).
///
/// ```
/// let def = qipan::definition("go")?.def;
/// let first = def.rules.first.unwrap();
/// assert_eq!((first.seat.value.as_str(), first.when.unwrap().value.as_str()), ("white", "handicap >= 2"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirstDef {
    /// The seat's name.
    pub seat: Text,
    /// Only when this option expression holds.
    #[serde(default, rename = "if")]
    pub when: Option<Text>,
}

/// `rules.facing`: pieces of these types, of hostile sides, on one line of the relation with nothing between
/// face each other; the seat to move must then end it, or pass ([`qipan_core::rules::facing`]).
///
/// ```
/// let rules = qipan::definition("janggi")?.def.rules;
/// let f = rules.facing.unwrap();
/// assert_eq!((f.pieces[0].value.as_str(), f.along.value.as_str()), ("general", "orthogonal"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FacingDef {
    /// The piece types that face each other.
    pub pieces: Vec<Text>,
    /// The relation whose lines they face each other along.
    pub along: Text,
    /// Only when this option expression holds.
    #[serde(default, rename = "if")]
    pub when: Option<Text>,
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
#[derive(Debug, Deserialize)]
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
    /// The seat whose side loses when a position repeats `repetitions` times, instead of a draw
    /// (Copenhagen Hnefatafl: `defenders`).
    #[serde(default)]
    pub repetition_loser: Option<Text>,
    /// Lines that end the game when a seat makes one (N in a row), tried in order.
    #[serde(default)]
    pub lines: Vec<LineDef>,
    /// Connections that end the game when a side's group makes one, tried in order.
    #[serde(default)]
    pub connections: Vec<Spanned<ConnectDef>>,
    /// Zones that end the game when a piece arrives in its seat's, tried in order.
    #[serde(default)]
    pub reach: Vec<ReachDef>,
    /// Sides that lose when hostile pieces ring them in, tried in order.
    #[serde(default)]
    pub enclosed: Vec<Spanned<EnclosedDef>>,
    /// Pieces whose unbreakable fort on the edge wins for their side, tried in order.
    #[serde(default)]
    pub forts: Vec<Spanned<FortDef>>,
    /// Counts of pieces below which a seat is out (or wins).
    #[serde(default)]
    pub counts: Vec<CountDef>,
    /// The seat that wins when a move fills the board without making a goal (Order and Chaos: `chaos`).
    #[serde(default)]
    pub full: Option<Text>,
    /// Counts that start when a condition holds and draw the game at a limit (makruk's honours).
    #[serde(default)]
    pub counting: Vec<CountingDef>,
    /// The material with which nobody can win: the game is drawn when the board holds it.
    #[serde(default)]
    pub insufficient: Vec<InsufficientDef>,
    /// `loses`: a repetition in which one side gave check with every move loses for that side; `draw` (the
    /// default): it is drawn like any other.
    #[serde(default)]
    pub perpetual_check: Option<Text>,
    /// `scored`: a game that would end drawn (by repetition, quiet moves or a stalemate the rules call a
    /// draw) is decided by the scoring instead, as janggi's material counting is; `drawn` (the default): it
    /// is drawn.
    #[serde(default)]
    pub draws: Option<Text>,
}

/// What a definition without an `end:` section gets: the same as an empty one (the last side standing
/// wins, nothing else ends the game).
///
/// ```
/// use qipan_dsl::schema::EndDef;
///
/// let end = EndDef::default();
/// assert!(end.last_standing && end.passes.is_none() && end.lines.is_empty());
/// ```
impl Default for EndDef {
    fn default() -> Self {
        EndDef {
            passes: None,
            max_plies: None,
            royal: Vec::new(),
            royal_capture: None,
            bare: Vec::new(),
            bare_side: None,
            lose_without_pieces: false,
            last_standing: true,
            goals: Vec::new(),
            quiet_plies: None,
            quiet_reset: Vec::new(),
            repetitions: None,
            repetition_loser: None,
            lines: Vec::new(),
            connections: Vec::new(),
            reach: Vec::new(),
            enclosed: Vec::new(),
            forts: Vec::new(),
            counts: Vec::new(),
            full: None,
            counting: Vec::new(),
            insufficient: Vec::new(),
            perpetual_check: None,
            draws: None,
        }
    }
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
    /// `area`, `captures`, `pieces`, `material`, `largest-group`, `groups`, `group-product` or `none`.
    pub method: Text,
    /// For area: the relation joining empty nodes; for the group methods, the pieces (default `orthogonal`).
    #[serde(default)]
    pub relation: Option<Text>,
    /// The lowest score wins (fewest groups), not the highest.
    #[serde(default)]
    pub lower_wins: bool,
    /// For area: `split` or `nobody`.
    #[serde(default)]
    pub dame: Option<Text>,
    /// Points added per seat (option expressions).
    #[serde(default)]
    pub bonus: Ordered<Spanned<NumOrExpr>>,
    /// Only when this option expression holds (otherwise the game is not scored).
    #[serde(default, rename = "if")]
    pub when: Option<Text>,
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

/// One capture rule: its text, or its text and the option expression under which it applies.
///
/// ```
/// use qipan_dsl::schema::CaptureDef;
///
/// let rules = qipan::definition("hnefatafl")?.def.rules;
/// assert!(matches!(&rules.captures[0].value, CaptureDef::Text(t) if t.starts_with("custodial")));
/// let CaptureDef::If { rule, when } = &rules.captures[2].value else { panic!("a rule under an option") };
/// assert!(rule.starts_with("shieldwall"));
/// assert_eq!(when, "shield_wall");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum CaptureDef {
    /// The rule, always in force.
    Text(String),
    /// The rule, in force when the option expression `if` holds.
    If {
        /// The rule.
        rule: String,
        /// The option expression.
        #[serde(rename = "if")]
        when: String,
    },
}
