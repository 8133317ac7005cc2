//! The generic rule building blocks a game is assembled from.

pub mod attack;
pub mod capture;
pub mod cond;
pub mod counting;
pub mod end;
pub mod facing;
pub mod goal;
pub mod groups;
pub mod insufficient;
pub mod pattern;
pub mod perpetual;
pub mod priority;
pub mod scoring;

use crate::PieceId;
use crate::board::RelationId;
pub use capture::{CaptureForm, CaptureRule};
pub use cond::{Adjacent, Cmp, Cond, FastTarget, InLine, Tally, TallyZone};
pub use end::{BareSide, EndRules, RoyalCapture};
pub use goal::{ConnectGoal, ConnectTarget, CountGoal, EncloseGoal, FortGoal, GoalOutcome, LineGoal, ReachGoal};
pub use pattern::{
    CaptureMode, Carry, CastleReach, DirSel, Leg, LoneRule, MoveRule, Pattern, PlaceReach, Scratch, SeatSowing, Shot,
    ShotTrigger, SowTake, Sowing, ThenPlace, WalkStep,
};
pub use priority::CapturePriority;
pub use scoring::GroupMeasure;

/// Capture of groups left without liberties (Go and its family), over one relation.
///
/// ```
/// use qipan::core::notation::parse_move;
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let capture = game.rules.group_capture.as_ref().unwrap();
/// assert_eq!(capture.relation, game.board.relation("orthogonal").unwrap());
/// assert!(!capture.suicide_allowed);
/// // Black takes the last liberty of the white stone on A1.
/// let mut pos = game.start();
/// for text in ["B1", "A1", "A2"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// assert_eq!(pos.cell(game.board.find("A1").unwrap()), None);
/// assert_eq!(pos.captures(), &[1, 0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GroupCapture {
    /// The relation that connects stones into chains and gives liberties.
    pub relation: RelationId,
    /// Whether a play that leaves its own chain without liberties (and captures nothing) is legal.
    /// When legal, the chain is removed and counted as captured by the opponents.
    pub suicide_allowed: bool,
}

/// Rules against repeating positions.
///
/// ```
/// use qipan::core::{Illegal, notation::parse_move, rules::Repetition};
///
/// for (ko, rule, refusal) in [
///     ("simple", Repetition::SimpleKo, Illegal::Ko),
///     ("positional", Repetition::Positional, Illegal::PositionalSuperko),
///     ("situational", Repetition::Situational, Illegal::SituationalSuperko),
/// ] {
///     let game = qipan::load("go", &[("size".into(), "9".into()), ("ko".into(), ko.into())])?;
///     assert_eq!(game.rules.repetition, rule);
///     // A ko on the lower edge: Black takes on C1, and White may not take back on B1 at once.
///     let mut pos = game.start();
///     for text in ["A1", "B1", "B2", "C2", "J9", "D1", "C1"] {
///         pos.play(&parse_move(&pos, text)?)?;
///     }
///     assert_eq!(pos.check(&parse_move(&pos, "B1")?), Err(refusal));
/// }
/// assert_eq!(qipan::load("chess", &[])?.rules.repetition, Repetition::None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
    /// Simple ko, and no "sending two, returning one": right after a move that captured exactly two stones, no
    /// move may bring back the board of before those two were sent (the board two plies back). A double ko,
    /// whose captures take one stone each, is not caught: its cycle is left to the end rules (`repetitions`).
    SimpleKoSendingTwo,
}

/// When passing is a legal move.
///
/// ```
/// use qipan::core::rules::PassRule;
///
/// let go = qipan::load("go", &[("size".into(), "9".into())])?;
/// assert_eq!(go.rules.pass, PassRule::Always);
/// assert!(go.start().legal_moves().iter().any(|m| m.is_pass()));
/// let chess = qipan::load("chess", &[])?;
/// assert_eq!(chess.rules.pass, PassRule::Never);
/// assert!(!chess.start().legal_moves().iter().any(|m| m.is_pass()));
/// // `stuck: pass` in a definition means passing only when stuck.
/// assert_eq!(qipan::load("leader-cannon", &[])?.rules.pass, PassRule::WhenStuck);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
///
/// In chess a side without a move draws (stalemate), unless it is in check (checkmate: it loses).
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::{notation::parse_move, rules::StuckRule};
///
/// let game = qipan::load("chess", &[])?;
/// assert_eq!(game.rules.stuck, StuckRule::Draw);
/// assert_eq!(game.rules.checkmate, StuckRule::Loses);
/// let mut pos = game.start();
/// for text in ["f2-f3", "e7-e5", "g2-g4", "d8-h4"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// assert_eq!(pos.outcome().map(|r| r.winners.clone()), Some(vec![SeatId(1)]), "Black mates");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum StuckRule {
    /// The game ends as a draw among the seats still playing.
    #[default]
    Draw,
    /// The seat loses (is eliminated).
    Loses,
    /// The seat's side wins (games where the one left without a move has won, such as some
    /// blocking and misère games).
    Wins,
    /// The game ends and is scored (sowing games): first the seeds left on the board go to the seats
    /// they stand for, each pit's to the owner of its row (`stuck: score`), or all to the seat left
    /// without a move (`stuck: score-mover`).
    Score {
        /// Every seed left goes to the seat without a move.
        to_mover: bool,
    },
}

/// Where captured pieces go.
///
/// ```
/// use qipan::core::{PieceId, SeatId};
/// use qipan::core::{notation::parse_move, rules::CapturedTo};
///
/// let src = "name: duel
/// board: { grid: { width: 3, height: 1, labels: chess } }
/// seats: [{ name: white }, { name: black }]
/// pieces:
///   man: { moves: [step orthogonal, drop to empty] }
/// setup:
///   - { seat: white, piece: man, at: [a1] }
///   - { seat: black, piece: man, at: [b1] }
/// rules:
///   captured: reserve
/// ";
/// let game = qipan::load_str("duel.yaml", src, &[])?;
/// assert_eq!(game.rules.captured_to, CapturedTo::CaptorReserve);
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "a1-b1")?)?;
/// assert_eq!(pos.reserve(SeatId(0), PieceId::new(0)), 1, "White may drop the man it took");
/// assert_eq!(qipan::load("leader-cannon", &[])?.rules.captured_to, CapturedTo::Graveyard);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
///
/// ```
/// use qipan::core::{notation::parse_move, rules::{Dame, Scoring, scoring}};
///
/// let game = qipan::load("go", &[("size".into(), "3".into())])?;
/// assert!(matches!(game.rules.scoring, Scoring::Area { dame: Dame::Split, .. }));
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "A2")?)?;
/// pos.play(&parse_move(&pos, "C2")?)?;
/// // The seven empty points touch both colours.
/// let orthogonal = game.board.relation("orthogonal").unwrap();
/// assert_eq!(scoring::area(&pos, orthogonal, Dame::Split), vec![4.5, 4.5]);
/// assert_eq!(scoring::area(&pos, orthogonal, Dame::Nobody), vec![1.0, 1.0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Dame {
    /// Nobody gets them.
    #[default]
    Nobody,
    /// Each bordering side gets an equal share (Chinese rules: half each).
    Split,
}

/// How a finished game is scored.
///
/// ```
/// use qipan::core::{Move, rules::{Dame, Scoring}};
///
/// let game = qipan::load("go", &[("size".into(), "9".into()), ("komi".into(), "7.5".into())])?;
/// let orthogonal = game.board.relation("orthogonal").unwrap();
/// assert_eq!(game.rules.scoring, Scoring::Area { relation: orthogonal, dame: Dame::Split });
/// assert_eq!(game.rules.score_bonus, vec![0.0, 7.5]);
/// // Two passes end the game; the empty board is nobody's, so komi decides.
/// let mut pos = game.start();
/// pos.play(&Move::PASS)?;
/// pos.play(&Move::PASS)?;
/// let result = pos.outcome().unwrap();
/// assert_eq!(result.scores, Some(vec![0.0, 7.5]));
/// assert_eq!(result.text, "W+7.5");
/// assert_eq!(qipan::load("chess", &[])?.rules.scoring, Scoring::None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
    /// Pieces on the board ([`scoring::pieces`]).
    Pieces,
    /// Material: the values of the pieces on the board and in hand ([`scoring::material`]).
    Material,
    /// The groups of each seat's pieces, joined over `relation` ([`mod@scoring::groups`]).
    Groups {
        /// The relation that joins pieces into groups.
        relation: RelationId,
        /// What is measured of them.
        measure: scoring::GroupMeasure,
    },
}

/// Which turns an absorbed seat keeps, and what its player may move on them.
///
/// He Qi offers all three as the option `absorbed_turns`:
///
/// ```
/// use qipan::core::rules::AbsorbedTurns;
///
/// for (option, turns) in [
///     ("shared", AbsorbedTurns::Shared),
///     ("own", AbsorbedTurns::Own),
///     ("dropped", AbsorbedTurns::Dropped),
/// ] {
///     let game = qipan::load("he-qi", &[("absorbed_turns".into(), option.into())])?;
///     assert_eq!(game.rules.absorbed_turns, turns);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum AbsorbedTurns {
    /// The seat keeps its turn; on any of its turns a player may move any piece it controls.
    #[default]
    Shared,
    /// Every seat keeps its turn, and on a seat's turn only that seat's own pieces move: also the seats
    /// a player holds from the start (Seven Kingdoms' `turn_pieces=kingdom`).
    ///
    /// ```
    /// // Six players: Qin's player also holds Yan. On Qin's turn, only Qin's pieces move.
    /// let opts = |t: &str| [("players".into(), "6".into()), ("turn_pieces".into(), t.into())];
    /// for (turn_pieces, yan_moves) in [("player", true), ("kingdom", false)] {
    ///     let game = qipan::load("seven-kingdoms", &opts(turn_pieces))?;
    ///     let pos = game.start();
    ///     let yan = game.seat("yan").unwrap();
    ///     let moved = pos.legal_moves().iter().any(|m| pos.cell(m.from).is_some_and(|c| c.seat == yan));
    ///     assert_eq!(moved, yan_moves, "{turn_pieces}");
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    Own,
    /// The absorbed seat's turn is dropped; its pieces move on the absorber's turns.
    Dropped,
}

/// Whose pieces a player may capture.
///
/// He Qi's chain form: each of the five players may only capture the next (or previous) one's pieces.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::rules::Prey;
///
/// let game = qipan::load("he-qi", &[])?;
/// assert_eq!(game.rules.prey, Prey::Any);
/// let game = qipan::load("he-qi", &[("form".into(), "chain".into())])?;
/// assert_eq!(game.rules.prey, Prey::Next);
/// assert_eq!(game.start().prey(), Some(SeatId(1)), "the first seat hunts the second");
/// let options = [("form".into(), "chain".into()), ("chain_target".into(), "previous".into())];
/// let game = qipan::load("he-qi", &options)?;
/// assert_eq!(game.rules.prey, Prey::Previous);
/// assert_eq!(game.start().prey(), Some(SeatId(4)), "the first seat hunts the last");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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

/// Every rule of a game that the engine applies without scripts.
///
/// ```
/// use qipan::core::rules::{PassRule, Rules, StuckRule};
///
/// let chess = qipan::load("chess", &[])?;
/// let rules = &chess.rules;
/// assert_eq!(rules.check, vec![chess.piece("king").unwrap()]);
/// assert_eq!((rules.pass, rules.stuck, rules.checkmate), (PassRule::Never, StuckRule::Draw, StuckRule::Loses));
/// assert!(rules.group_capture.is_none());
/// // A game built in code starts from the defaults and sets what it needs.
/// let rules = Rules { pass: PassRule::Always, ..Rules::default() };
/// assert_eq!((rules.stuck, rules.check.len()), (StuckRule::Draw, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Rules {
    /// The seat that moves first, when not the first seat in play (`rules.first`: White after a handicap).
    pub first: Option<crate::SeatId>,
    /// Group capture, when the game has it.
    pub group_capture: Option<GroupCapture>,
    /// Capture rules applied after every move, in order (`rules: captures:`; see [`mod@capture`]).
    pub captures: Vec<CaptureRule>,
    /// Repetition rule.
    pub repetition: Repetition,
    /// When passing is allowed.
    pub pass: PassRule,
    /// A pass is also allowed when this condition on the position holds for the seat to move (`pass:
    /// if COND`); `pass` then says whether a seat with no other move passes (`WhenStuck`) or is stuck
    /// (`Never`).
    pub pass_if: Option<Cond>,
    /// A seat with no legal move.
    pub stuck: StuckRule,
    /// The pie rule (`swap: sides`, two-seat games): on its first turn, after the first move, the second
    /// seat may swap instead of moving, taking over the first seat (see [`crate::MoveKind::Swap`]).
    pub swap: bool,
    /// The check rule: piece types that a move may not leave attacked (the mover's king).
    pub check: Vec<PieceId>,
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
    /// The lowest score wins, not the highest (fewest groups).
    pub lower_score_wins: bool,
    /// Whether capturing moves must be preferred (`capture_priority: compulsory` or `maximum`).
    pub capture_priority: CapturePriority,
    /// Pieces that may not be left facing each other (janggi's bikjang), when the game has such a rule.
    pub facing: Option<facing::Facing>,
    /// Per piece type, what it becomes when captured into a reserve or graveyard (`captured_as: pawn`
    /// in a piece's definition: shogi's promoted pieces return to the hand unpromoted). Empty, or a
    /// type mapped to itself: it stays what it is. See [`Rules::captured_as`].
    pub captured_as: Vec<PieceId>,
    /// Per piece type, what it is worth when material is counted (`value: 13` in a piece's definition).
    /// Empty, or a type beyond its end: 1. See [`Rules::value`].
    pub values: Vec<f64>,
    /// Per piece type, whether its definition says what it is worth (`value:`): the alpha-beta search
    /// takes those values as they are and estimates the others from how far the pieces move
    /// ([`piece_values`](crate::ai::alphabeta::piece_values)). Empty, or a type beyond its end: not said.
    pub value_declared: Vec<bool>,
}

/// What the rules make of a captured piece.
///
/// ```
/// let game = qipan::load("crazyhouse", &[])?;
/// let (pawn, promoted) = (game.piece("pawn").unwrap(), game.piece("promoted-queen").unwrap());
/// assert_eq!(game.rules.captured_as(promoted), pawn);
/// assert_eq!(game.rules.captured_as(game.piece("queen").unwrap()), game.piece("queen").unwrap());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Rules {
    /// The piece type a captured `piece` becomes in the pile it goes to.
    ///
    /// ```
    /// use qipan::core::{PieceId, SeatId};
    /// use qipan::core::notation::parse_move;
    ///
    /// let src = "name: duel
    /// board: { grid: { width: 3, height: 1, labels: chess } }
    /// seats: [{ name: white }, { name: black }]
    /// pieces:
    ///   man: { moves: [step orthogonal, drop to empty] }
    ///   lord: { moves: step orthogonal, captured_as: man }
    /// setup:
    ///   - { seat: white, piece: man, at: [a1] }
    ///   - { seat: black, piece: lord, at: [b1] }
    /// rules:
    ///   captured: reserve
    /// ";
    /// let game = qipan::load_str("duel.yaml", src, &[])?;
    /// let (man, lord) = (game.piece("man").unwrap(), game.piece("lord").unwrap());
    /// assert_eq!((game.rules.captured_as(lord), game.rules.captured_as(man)), (man, man));
    /// let mut pos = game.start();
    /// pos.play(&parse_move(&pos, "a1-b1")?)?;
    /// assert_eq!(pos.reserve(SeatId(0), man), 1, "the lord comes into White's hand as a man");
    /// assert_eq!(pos.reserve(SeatId(0), lord), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn captured_as(&self, piece: PieceId) -> PieceId {
        self.captured_as.get(piece.idx()).copied().unwrap_or(piece)
    }

    /// What a piece of type `piece` is worth when material is counted: its `value:`, or 1.
    ///
    /// ```
    /// let game = qipan::load("janggi", &[])?;
    /// assert_eq!(game.rules.value(game.piece("chariot").unwrap()), 13.0);
    /// assert_eq!(game.rules.value(game.piece("general").unwrap()), 0.0);
    /// // Go's stones say nothing: each is worth 1.
    /// let go = qipan::load("go", &[])?;
    /// assert_eq!(go.rules.value(go.piece("stone").unwrap()), 1.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn value(&self, piece: PieceId) -> f64 {
        self.values.get(piece.idx()).copied().unwrap_or(1.0)
    }
}
