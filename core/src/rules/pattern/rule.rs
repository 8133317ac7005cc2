//! What a movement rule is made of besides its [`Pattern`]: directions and legs, and the conditions,
//! captures, promotions and follow-up shots around it. The patterns and their table are in the
//! module's `mod.rs`; the generation of each pattern is in its own file beside this one.

use super::Pattern;
use crate::PieceId;
use crate::board::{DirectionId, NodeId, RelationId};
use crate::rules::Cond;

/// Which directions of a relation a pattern may use.
///
/// ```
/// use qipan::core::rules::{CastleReach, DirSel, Pattern};
///
/// let chess = qipan::load("chess", &[])?;
/// let moves = |name| chess.pieces[chess.piece(name).unwrap().idx()].moves.clone();
/// // `step orthogonal.forward`: one step, forward for the seat that moves.
/// assert!(matches!(moves("pawn")[0].pattern, Pattern::Slide { dirs: DirSel::Forward, min: 1, max: 1, .. }));
/// // `slide diagonal`: every direction of the relation.
/// assert!(matches!(moves("bishop")[0].pattern, Pattern::Slide { dirs: DirSel::All, .. }));
/// // `castle orthogonal.sideways 2 with piece(rook)`
/// assert!(matches!(moves("king")[2].pattern, Pattern::Castle { dirs: DirSel::Sideways, reach: CastleReach::Steps(2), .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum DirSel {
    /// Every edge of the relation (directed or not).
    All,
    /// These named directions.
    Named(Vec<DirectionId>),
    /// The mover's forward directions.
    Forward,
    /// The opposites of the mover's forward directions.
    Backward,
    /// Directions at right angles to the mover's forward directions.
    Sideways,
    /// Only for legs after the first: directions making an acute angle with the previous leg's
    /// direction, but not equal to it (the knight's "outward" diagonal).
    Outward,
    /// Only for legs after the first: the previous leg's direction.
    Same,
}

/// One leg of a leap or path: `count` steps along one direction of `relation`.
///
/// ```
/// use qipan::core::rules::{DirSel, Leg, Pattern};
///
/// let chess = qipan::load("chess", &[])?;
/// let orthogonal = chess.board.relation("orthogonal").unwrap();
/// let diagonal = chess.board.relation("diagonal").unwrap();
/// let knight = chess.piece("knight").unwrap();
/// // `leap orthogonal then diagonal.outward`
/// let legs = vec![
///     Leg { relation: orthogonal, dirs: DirSel::All, count: 1 },
///     Leg { relation: diagonal, dirs: DirSel::Outward, count: 1 },
/// ];
/// assert_eq!(chess.pieces[knight.idx()].moves[0].pattern, Pattern::Leap { legs, blockable: false });
/// assert_eq!(chess.start().legal_moves().iter().filter(|m| m.piece == knight).count(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Leg {
    /// The relation stepped along.
    pub relation: RelationId,
    /// Which of its directions.
    pub dirs: DirSel,
    /// How many steps in the chosen direction ([`Leg::CARRIED`]: as many as the pieces the move carries).
    pub count: u8,
}

/// The constants of a leg.
///
/// ```
/// use qipan::core::rules::Leg;
///
/// assert_eq!(Leg::CARRIED, 0);
/// ```
impl Leg {
    /// The count of a leg written `*carried` (`leap orthogonal*carried`): as many steps as the move
    /// carries pieces, on a board with stacks (Focus: a column of 3 goes 3 nodes).
    ///
    /// ```
    /// use qipan::core::rules::{Leg, Pattern};
    ///
    /// let game = qipan::load("focus", &[])?;
    /// let Pattern::Leap { legs, .. } = &game.pieces[0].moves[0].pattern else { panic!("a leap") };
    /// assert_eq!(legs[0].count, Leg::CARRIED);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const CARRIED: u8 = 0;
}

/// How much of a column a move carries, on a board with stacks.
///
/// ```
/// use qipan::core::rules::Carry;
///
/// let lasca = qipan::load("lasca", &[])?;
/// assert_eq!(lasca.pieces[0].moves[0].carry, Carry::All);
/// let focus = qipan::load("focus", &[])?;
/// assert_eq!(focus.pieces[0].moves[0].carry, Carry::Top);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Carry {
    /// The whole column moves (`carry all`, the default: Lasca).
    #[default]
    All,
    /// The top `k` pieces move, `k` from 1 to the column's height, one move each (`carry top`:
    /// Focus); the rest of the column stays.
    Top,
}

/// What happens to an enemy piece on the destination.
///
/// ```
/// use qipan::core::{notation::parse_move, rules::CaptureMode};
///
/// let game = qipan::load("chess", &[])?;
/// let pawn = &game.pieces[game.piece("pawn").unwrap().idx()];
/// assert_eq!(pawn.moves[2].capture, CaptureMode::Replace); // `step diagonal.forward to enemy`
/// assert_eq!(pawn.moves[3].capture, CaptureMode::Passer); // `... to passed capture passer`
/// let mut pos = game.start();
/// for text in ["e2-e4", "a7-a6", "e4-e5", "d7-d5", "e5-d6"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// assert_eq!(pos.cell(game.board.find("d5").unwrap()), None, "taken en passant");
/// assert_eq!(pos.captures(), &[1, 0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum CaptureMode {
    /// The mover takes its place (displacement).
    #[default]
    Replace,
    /// The mover stays and the target is removed (a shot at a distance).
    Remote,
    /// The destination is empty and the piece that just passed over it is captured where it stands
    /// (en passant): valid only right after a `passable` move passed that node.
    Passer,
    /// A jump captures the piece it jumps over (draughts); the move records its legs in
    /// [`Move::path`](crate::Move::path). The destination must be empty.
    Jumped,
}

/// A relation a walk may step along.
///
/// ```
/// use qipan::core::rules::{Pattern, WalkStep};
///
/// let src = "name: walkers
/// board: { grid: { width: 5, height: 5, labels: chess, diagonal: true } }
/// seats: [{ name: white }, { name: black }]
/// pieces:
///   walker: { moves: walk 2 modes (orthogonal | diagonal) }
/// setup:
///   - { seat: white, piece: walker, at: [c3] }
/// ";
/// let game = qipan::load_str("walkers.yaml", src, &[])?;
/// let orthogonal = game.board.relation("orthogonal").unwrap();
/// let diagonal = game.board.relation("diagonal").unwrap();
/// let Pattern::Walk { steps, modes, .. } = &game.pieces[0].moves[0].pattern else { panic!("a walk") };
/// assert_eq!(*modes, 2);
/// let expected = [WalkStep { relation: orthogonal, modes: 0b01 }, WalkStep { relation: diagonal, modes: 0b10 }];
/// assert_eq!(steps, &expected);
/// // Two orthogonal steps or two diagonal ones, never one of each: 12 of the 24 other nodes.
/// assert_eq!(game.start().legal_moves().len(), 12);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct WalkStep {
    /// The relation.
    pub relation: RelationId,
    /// Bit `i` set when the relation belongs to mode `i`; 0 for a free relation, whose steps
    /// belong to no mode and start a new segment.
    pub modes: u8,
}

/// Which piece of a follow-up shot must be the one that just moved.
///
/// Leader Cannon's option `trigger` chooses it:
///
/// ```
/// use qipan::core::rules::ShotTrigger;
///
/// for (option, trigger) in [
///     ("by-mover-or-screen", ShotTrigger::ShooterOrScreen),
///     ("by-mover", ShotTrigger::Shooter),
/// ] {
///     let game = qipan::load("leader-cannon", &[("trigger".into(), option.into())])?;
///     let commoner = &game.pieces[game.piece("commoner").unwrap().idx()];
///     assert_eq!(commoner.moves[1].shot.as_ref().map(|s| s.trigger), Some(trigger));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum ShotTrigger {
    /// The moved piece is the shooter.
    Shooter,
    /// The moved piece is the shooter or the screen.
    #[default]
    ShooterOrScreen,
    /// Any shot on the board.
    Any,
}

/// When a shot's target is safe because of what stands around it.
///
/// Leader Cannon's option `lone_rule` chooses it:
///
/// ```
/// use qipan::core::rules::LoneRule;
///
/// for (option, lone) in [("lone", LoneRule::Beyond), ("lone-line", LoneRule::Line)] {
///     let game = qipan::load("leader-cannon", &[("lone_rule".into(), option.into())])?;
///     let commoner = &game.pieces[game.piece("commoner").unwrap().idx()];
///     assert_eq!(commoner.moves[1].shot.as_ref().map(|s| s.lone), Some(lone));
/// }
/// assert_eq!(LoneRule::default(), LoneRule::Off, "without a flag, every target may be shot");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum LoneRule {
    /// Never safe.
    #[default]
    Off,
    /// Safe when the node just beyond it (away from the shooter) holds a piece of its side.
    Beyond,
    /// Safe unless it is the only piece of its side on the line beyond the screen.
    Line,
}

/// A shot that may follow a move: shooter, empty nodes, a screen, empty nodes, a target, in a line;
/// the target is captured and the shooter stays.
///
/// ```
/// use qipan::core::rules::{Cond, DirSel, LoneRule, ShotTrigger};
///
/// let game = qipan::load("leader-cannon", &[])?;
/// let commoner = &game.pieces[game.piece("commoner").unwrap().idx()];
/// // `walk 1..3 by orthogonal to empty then shoot orthogonal over friend at enemy lone by-mover-or-screen`
/// let shot = commoner.moves[1].shot.as_ref().unwrap();
/// assert_eq!((shot.relation, &shot.dirs), (game.board.relation("orthogonal").unwrap(), &DirSel::All));
/// assert_eq!((&shot.screen, &shot.target), (&Cond::Friend, &Cond::Enemy));
/// assert_eq!((shot.lone, shot.trigger, shot.forced), (LoneRule::Beyond, ShotTrigger::ShooterOrScreen, false));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Shot {
    /// The relation of the line.
    pub relation: RelationId,
    /// Its directions.
    pub dirs: DirSel,
    /// What may be the screen (for the shooter's side).
    pub screen: Cond,
    /// What may be shot.
    pub target: Cond,
    /// When a target is safe.
    pub lone: LoneRule,
    /// Which piece must be the one that moved.
    pub trigger: ShotTrigger,
    /// The mover must shoot when it can (otherwise it may decline).
    pub forced: bool,
}

/// A movement rule of a piece: a pattern with its conditions.
///
/// ```
/// use qipan::core::rules::Cond;
///
/// let game = qipan::load("chess", &[])?;
/// let pawn = &game.pieces[game.piece("pawn").unwrap().idx()];
/// // `step orthogonal.forward to empty promote (queen|rook|bishop|knight) in zone(last)`
/// let step = &pawn.moves[0];
/// assert_eq!(step.to, Cond::Empty);
/// assert_eq!(step.promote, ["queen", "rook", "bishop", "knight"].map(|p| game.piece(p).unwrap()));
/// assert!(step.text.starts_with("step orthogonal.forward"));
/// // `slide orthogonal.forward 2 to empty from zone(start) passable`
/// let double = &pawn.moves[1];
/// assert!(matches!(double.from, Cond::SeatZone(_)));
/// assert!(double.passable && double.promote.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRule {
    /// The pattern.
    pub pattern: Pattern,
    /// Condition on the start node (ignored by placements and drops).
    pub from: Cond,
    /// Condition on the destination.
    pub to: Cond,
    /// Condition on the whole position, checked once.
    pub when: Cond,
    /// What happens to a piece on the destination.
    pub capture: CaptureMode,
    /// A shot that may follow the move.
    pub shot: Option<Shot>,
    /// Piece types the mover may become when the move ends where `promote_in` holds (one move per
    /// choice; promotion is then compulsory). Empty: no promotion.
    pub promote: Vec<PieceId>,
    /// Where promotion happens (a node condition on the destination).
    pub promote_in: Cond,
    /// Promotion only to a type the mover has fewer of on the board than at the start, one it has lost
    /// (`promote (queen|rook) captured`: grand chess, old Indian rules).
    pub promote_captured: bool,
    /// The nodes this move passes over may be taken en passant by the next player (see
    /// [`CaptureMode::Passer`]).
    pub passable: bool,
    /// `to` reduced to table lookups, when it can be (filled in by [`GameBuilder::build`](crate::game::GameBuilder::build)).
    pub to_fast: Option<crate::rules::cond::FastTarget>,
    /// For a jump: what it jumps over (`over`) reduced to table lookups, when it can be (filled in by
    /// [`GameBuilder::build`](crate::game::GameBuilder::build)); `None` otherwise.
    pub over_fast: Option<crate::rules::cond::FastTarget>,
    /// For a leap that cannot be blocked: its destinations from each node, per seat (at
    /// `seat * nodes + node`), worked out once by [`GameBuilder::build`](crate::game::GameBuilder::build); empty otherwise.
    pub leap_dests: Vec<Vec<NodeId>>,
    /// For a jump along a relation that jumps over no node of its own: from each node, per seat (at
    /// `seat * nodes + node`), each direction with the node jumped over and the landing node, worked
    /// out once by [`GameBuilder::build`](crate::game::GameBuilder::build); empty otherwise.
    pub jump_dests: Vec<Vec<(DirectionId, NodeId, NodeId)>>,
    /// For a one-node slide (a step) whose destinations the board alone decides: from each node, per
    /// seat (at `seat * nodes + node`), each destination with the occupants it may hold (bits as
    /// `plain_to`), worked out once by [`GameBuilder::build`](crate::game::GameBuilder::build); empty otherwise.
    pub step_dests: Vec<Vec<(NodeId, u8)>>,
    /// The occupants `to` allows (bits: empty, friend, ally, enemy) when that is all the rule asks of
    /// a destination: no zones, promotion, shot, en passant or passable mark (set by
    /// [`GameBuilder::build`](crate::game::GameBuilder::build); 0 otherwise).
    pub plain_to: u8,
    /// As `plain_to`, but set also for a rule that promotes, and when zones the destination may not be
    /// in are all `to` asks besides the occupant (`slide_barred`): a slide reads both off tables
    /// without the general emitter.
    pub slide_to: u8,
    /// The zones (one bit each) a destination under `slide_to` may not be in.
    pub slide_barred: u64,
    /// A jump goes on from where it landed while it can jump again, and must (draughts' multiple
    /// jumps; `chain`): one move per complete chain. A promotion on landing ends the chain, unless
    /// `chain_through_promotion`.
    pub chain: bool,
    /// `chain optional`: the chain may stop after any jump, by the mover's choice; every prefix of a
    /// chain is a move of its own.
    pub chain_optional: bool,
    /// `chain through-promotion`: a piece promoted on landing mid-chain goes on jumping as its new type,
    /// by that type's jump along the same relation (Russian draughts); the move ends when it cannot.
    pub chain_through_promotion: bool,
    /// A piece placed after the move, as the second part of the turn (`then place arrow slide
    /// orthogonal diagonal`, the Amazons).
    pub then_place: Option<crate::rules::pattern::ThenPlace>,
    /// The source text, for messages.
    pub text: String,
    /// The part of the `if` clause judged on the position after the move, move by move (`if not
    /// gives-mate`; see [`Cond::GivesCheck`]); `True` for most rules.
    pub after: Cond,
    /// How much of its column the move carries, on a board with stacks (`carry top`).
    pub carry: Carry,
    /// `onto C`: on a board with stacks, the move may land on an occupied node satisfying `C`, where
    /// what it carries goes on top of the column instead of capturing it (`to` then judges only the
    /// other nodes).
    pub onto: Option<Cond>,
}

/// Making rules in code.
///
/// ```
/// use qipan::core::rules::{Cond, MoveRule, Pattern};
///
/// // What the definition compiler makes of Go's `place to empty`.
/// let go = qipan::load("go", &[("size".into(), "9".into())])?;
/// let compiled = &go.pieces[0].moves[0];
/// let rule = MoveRule::new(Pattern::Place, Cond::Empty, "place to empty");
/// // The game filled in the fast form of `to`.
/// assert_eq!(*compiled, MoveRule { to_fast: compiled.to_fast, ..rule });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl MoveRule {
    /// A rule with only a pattern and a destination condition (no `from`, `if` or shot), as a host
    /// building a game in code writes it; `text` is shown in messages.
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::board::generators::{GridSpec, grid};
    /// use qipan::core::game::{GameBuilder, PieceType, Seat};
    /// use qipan::core::rules::{Cond, MoveRule, Pattern};
    /// use std::sync::Arc;
    ///
    /// let place = MoveRule::new(Pattern::Place, Cond::Empty, "place to empty");
    /// assert_eq!((&place.from, &place.when, &place.shot), (&Cond::True, &Cond::True, &None));
    /// let stone = PieceType {
    ///     name: "stone".into(),
    ///     symbols: vec!["X".into(), "O".into()],
    ///     moves: vec![place],
    ///     immune: false,
    ///     captures: true,
    ///     owner: None,
    /// };
    /// let board = grid(&GridSpec::new(3, 3))?.build()?;
    /// let seats = [Seat::new("black", "B", SeatId(0)), Seat::new("white", "W", SeatId(1))];
    /// let game = Arc::new(GameBuilder::new("tiny", board).seats(seats).piece(stone).build()?);
    /// assert_eq!(game.start().legal_moves().len(), 9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(pattern: Pattern, to: Cond, text: &str) -> MoveRule {
        MoveRule {
            pattern,
            from: Cond::True,
            to,
            when: Cond::True,
            capture: CaptureMode::Replace,
            shot: None,
            promote: Vec::new(),
            promote_in: Cond::True,
            promote_captured: false,
            passable: false,
            to_fast: None,
            over_fast: None,
            leap_dests: Vec::new(),
            jump_dests: Vec::new(),
            step_dests: Vec::new(),
            plain_to: 0,
            slide_to: 0,
            slide_barred: 0,
            chain: false,
            chain_optional: false,
            chain_through_promotion: false,
            then_place: None,
            text: text.into(),
            after: Cond::True,
            carry: Carry::All,
            onto: None,
        }
    }
}
