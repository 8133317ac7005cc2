//! The generic rule building blocks a game is assembled from.

pub mod attack;
pub mod cond;
pub mod groups;
pub mod pattern;
pub mod scoring;

use crate::board::RelationId;
pub use cond::{Cmp, Cond, FastTarget};
pub use pattern::{CaptureMode, DirSel, Leg, LoneRule, MoveRule, Pattern, Scratch, Shot, ShotTrigger, WalkStep};

/// Capture of groups left without liberties (Go and its family), over one relation.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupCapture {
    /// The relation that connects stones into chains and gives liberties.
    pub relation: RelationId,
    /// Whether a play that leaves its own chain without liberties (and captures nothing) is legal.
    /// When legal, the chain is removed and counted as captured by the opponents.
    pub suicide_allowed: bool,
}

/// Rules against repeating positions.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Repetition {
    /// No restriction.
    #[default]
    None,
    /// A single stone that just captured a single stone may not be recaptured at once.
    SimpleKo,
    /// No move may recreate an earlier arrangement of the board.
    Positional,
    /// No move may recreate an earlier arrangement with the same side to move.
    Situational,
}

/// When passing is a legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum PassRule {
    /// Never.
    Never,
    /// Only when there is no other legal move.
    #[default]
    WhenStuck,
    /// Always.
    Always,
}

/// What happens to a seat left without a legal move (and without the right to pass).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum StuckRule {
    /// The game ends as a draw among the seats still playing.
    #[default]
    Draw,
    /// The seat loses (is eliminated).
    Loses,
}

/// Where captured pieces go.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum CapturedTo {
    /// Off the board for good.
    #[default]
    Removed,
    /// Into their owner's graveyard (they may come back later).
    Graveyard,
    /// Into the captor's reserve, to be dropped (shogi style).
    CaptorReserve,
}

/// How empty points between both colours are counted under area scoring.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Dame {
    /// Nobody gets them.
    #[default]
    Nobody,
    /// Each bordering side gets an equal share (Chinese rules: half each).
    Split,
}

/// How a finished game is scored.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Scoring {
    /// No score: the result is decided by eliminations.
    #[default]
    None,
    /// Area: own pieces on the board plus empty regions (over `relation`) that border only one side.
    Area {
        /// The relation over which empty regions are connected.
        relation: RelationId,
        /// What happens to regions bordering several sides.
        dame: Dame,
    },
    /// Number of enemy pieces captured.
    Captures,
}

/// What capturing a royal piece does to the seat it belonged to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum RoyalCapture {
    /// The seat is out of the game; its remaining pieces stay where they are, unmovable.
    #[default]
    Eliminate,
    /// The captor's player absorbs the seat: when the seat was a player, with every seat it held; when it
    /// was held by another player, on its own. Its pieces and turns go on under the captor's player.
    Absorb,
}

/// What becomes of a side left with only bare pieces (see [`EndRules::bare`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum BareSide {
    /// Its pieces leave the board and its seats leave the game.
    #[default]
    Removed,
    /// The player whose capture left it bare absorbs it, as a royal capture under [`RoyalCapture::Absorb`].
    Captor,
}

/// Which turns an absorbed seat keeps, and what its player may move on them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum AbsorbedTurns {
    /// The seat keeps its turn; on any of its turns a player may move any piece it controls.
    #[default]
    Shared,
    /// Every seat keeps its turn, and on a seat's turn only that seat's own pieces move.
    Own,
    /// The absorbed seat's turn is dropped; its pieces move on the absorber's turns.
    Dropped,
}

/// Whose pieces a player may capture.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Prey {
    /// Any hostile side.
    #[default]
    Any,
    /// Only the next side in turn order (the chain form): the player of the first live seat after the
    /// mover's that another player holds. When that side falls, its captor's side becomes the prey.
    Next,
    /// Only the previous side in turn order.
    Previous,
}

/// When a game ends.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct EndRules {
    /// End after this many consecutive passes (2 in Go).
    pub consecutive_passes: Option<u32>,
    /// End after this many plies; the result is then the score (or a draw without scoring).
    pub max_plies: Option<u32>,
    /// A seat whose piece of one of these types is captured is eliminated (or absorbed: `royal_capture`).
    pub royal: Vec<u8>,
    /// What capturing a royal piece does.
    pub royal_capture: RoyalCapture,
    /// A side (a player with every seat it holds) whose pieces on the board are all of these types is out
    /// (a lone king), after any move that captured something.
    pub bare: Vec<u8>,
    /// What becomes of a bare side.
    pub bare_side: BareSide,
    /// A seat left with no pieces on the board or in reserve is eliminated.
    pub lose_without_pieces: bool,
    /// The last side still playing wins.
    pub last_standing: bool,
    /// A player (a seat that holds itself) wins at once, with every seat it holds, when one of these
    /// counters reaches its value: (counter index, at least).
    pub goals: Vec<(usize, i64)>,
    /// The game is drawn after this many plies without a capture or a move of a `quiet_reset` piece
    /// (100 for a fifty-moves-each rule).
    pub quiet_draw: Option<u32>,
    /// Piece types whose moves reset the count of quiet plies (pawns, say).
    pub quiet_reset: Vec<u8>,
    /// The game is drawn when one arrangement with the same seat to move occurs this many times.
    pub repetition_draw: Option<u32>,
}

/// Every rule of a game that the engine applies without scripts.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Rules {
    /// Group capture, when the game has it.
    pub group_capture: Option<GroupCapture>,
    /// Repetition rule.
    pub repetition: Repetition,
    /// When passing is allowed.
    pub pass: PassRule,
    /// A seat with no legal move.
    pub stuck: StuckRule,
    /// The check rule: piece types that a move may not leave attacked (the mover's king).
    pub check: Vec<u8>,
    /// A seat with no legal move while one of its checked pieces is attacked (checkmate).
    pub checkmate: StuckRule,
    /// Where captured pieces go.
    pub captured_to: CapturedTo,
    /// Which turns absorbed seats keep.
    pub absorbed_turns: AbsorbedTurns,
    /// Whose pieces a player may capture.
    pub prey: Prey,
    /// Whether team-mates who are different players may capture each other (teams then only win together).
    pub ally_capture: bool,
    /// When the game ends.
    pub end: EndRules,
    /// Scoring at the end.
    pub scoring: Scoring,
    /// Points added to each seat's score at the end (komi: given to the second seat in Go).
    pub score_bonus: Vec<f64>,
}
