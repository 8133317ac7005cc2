//! Movement patterns: how a piece may move, and the generator that turns them into moves.

use super::Cond;
use crate::board::{DirectionId, NodeId, NodeSet, RelationId};
use crate::moves::Move;
use crate::position::{Piece, Position};

/// Which directions of a relation a pattern may use.
///
/// ```
/// use qipan::core::rules::{DirSel, Pattern};
///
/// let chess = qipan::load("chess", &[])?;
/// let moves = |name| chess.pieces[chess.piece(name).unwrap() as usize].moves.clone();
/// // `step orthogonal.forward`: one step, forward for the seat that moves.
/// assert!(matches!(moves("pawn")[0].pattern, Pattern::Slide { dirs: DirSel::Forward, min: 1, max: 1, .. }));
/// // `slide diagonal`: every direction of the relation.
/// assert!(matches!(moves("bishop")[0].pattern, Pattern::Slide { dirs: DirSel::All, .. }));
/// // `castle orthogonal.sideways 2 with piece(rook)`
/// assert!(matches!(moves("king")[2].pattern, Pattern::Castle { dirs: DirSel::Sideways, steps: 2, .. }));
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
/// assert_eq!(chess.pieces[knight as usize].moves[0].pattern, Pattern::Leap { legs, blockable: false });
/// assert_eq!(chess.start().legal_moves().iter().filter(|m| m.piece == knight).count(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Leg {
    /// The relation stepped along.
    pub relation: RelationId,
    /// Which of its directions.
    pub dirs: DirSel,
    /// How many steps in the chosen direction.
    pub count: u8,
}

/// What happens to an enemy piece on the destination.
///
/// ```
/// use qipan::core::{notation::parse_move, rules::CaptureMode};
///
/// let game = qipan::load("chess", &[])?;
/// let pawn = &game.pieces[game.piece("pawn").unwrap() as usize];
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
}

/// A movement pattern.
///
/// ```
/// use qipan::core::{notation::parse_move, rules::Pattern};
///
/// let game = qipan::load("xiangqi", &[])?;
/// let cannon = &game.pieces[game.piece("cannon").unwrap() as usize];
/// // `hop orthogonal over any to enemy`: a capture over exactly one screen, at any distance.
/// assert!(matches!(cannon.moves[1].pattern, Pattern::Hop { max_after: 255, .. }));
/// // `path orthogonal then diagonal.outward`: a leap that can be blocked.
/// let horse = &game.pieces[game.piece("horse").unwrap() as usize];
/// assert!(matches!(&horse.moves[0].pattern, Pattern::Leap { legs, blockable: true } if legs.len() == 2));
/// // The cannon on b3 may take the horse on b10, over the cannon on b8.
/// let pos = game.start();
/// assert!(pos.legal_moves().contains(&parse_move(&pos, "b3-b10")?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Pattern {
    /// A new piece from an unlimited supply onto a node.
    Place,
    /// A piece from the mover's reserve onto a node.
    Drop,
    /// Along one direction, `min..=max` steps through empty nodes (a step is `1..=1`).
    Slide {
        /// The relation.
        relation: RelationId,
        /// Which directions.
        dirs: DirSel,
        /// Fewest steps.
        min: u8,
        /// Most steps.
        max: u8,
    },
    /// A fixed sequence of legs. With `blockable`, every node passed must be empty.
    Leap {
        /// The legs in order.
        legs: Vec<Leg>,
        /// Whether intermediate nodes must be empty.
        blockable: bool,
    },
    /// Along a line: empty nodes, exactly one screen, then empty nodes up to the destination.
    Hop {
        /// The relation.
        relation: RelationId,
        /// Which directions.
        dirs: DirSel,
        /// What may serve as the screen.
        screen: Cond,
        /// Most steps after the screen (255 = unlimited).
        max_after: u8,
    },
    /// A walk of `min..=max` steps that may turn freely, through empty nodes.
    Walk {
        /// Fewest steps.
        min: u8,
        /// Most steps.
        max: u8,
        /// The relations a walk may step along, each with the modes it belongs to.
        steps: Vec<WalkStep>,
        /// Number of modes (at most 8). Within a segment every step belongs to one common mode.
        modes: u8,
        /// Arriving on a node that satisfies this starts a new segment (eyes in He Qi).
        reset: Cond,
        /// The walk may end where it started, which counts only when a shot follows ("fire in place").
        returning: bool,
        /// When set, a step is refused if every node beside it is occupied: the nodes joined by this relation
        /// to both of its ends, when there are two or more (a diagonal squeezed between two pieces).
        pinch: Option<RelationId>,
    },
    /// A compound move (castling): the mover goes `steps` nodes along a direction toward a partner, the
    /// first piece on that line, which must be a friend satisfying `partner`; the partner lands on the
    /// node just before the mover's destination. Neither may have moved before, the partner must stand
    /// beyond the destination, and under a check rule the mover may not start on or pass an attacked node.
    Castle {
        /// The relation.
        relation: RelationId,
        /// Which directions.
        dirs: DirSel,
        /// Nodes the mover goes.
        steps: u8,
        /// What the partner must be.
        partner: Cond,
    },
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
///     let commoner = &game.pieces[game.piece("commoner").unwrap() as usize];
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
///     let commoner = &game.pieces[game.piece("commoner").unwrap() as usize];
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
/// let commoner = &game.pieces[game.piece("commoner").unwrap() as usize];
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
/// let pawn = &game.pieces[game.piece("pawn").unwrap() as usize];
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
    pub promote: Vec<u8>,
    /// Where promotion happens (a node condition on the destination).
    pub promote_in: Cond,
    /// The nodes this move passes over may be taken en passant by the next player (see
    /// [`CaptureMode::Passer`]).
    pub passable: bool,
    /// `to` reduced to table lookups, when it can be (filled in by [`crate::Game::new`]).
    pub to_fast: Option<super::cond::FastTarget>,
    /// For a leap that cannot be blocked: its destinations from each node, per seat (at
    /// `seat * nodes + node`), worked out once by [`crate::Game::new`]; empty otherwise.
    pub leap_dests: Vec<Vec<NodeId>>,
    /// The occupants `to` allows (bits: empty, friend, ally, enemy) when that is all the rule asks of
    /// a destination: no zones, promotion, shot, en passant or passable mark (set by
    /// [`crate::Game::new`]; 0 otherwise).
    pub plain_to: u8,
    /// The source text, for messages.
    pub text: String,
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
    /// use qipan::core::board::generators::{GridSpec, grid};
    /// use qipan::core::game::{Game, PieceType, Seat};
    /// use qipan::core::rules::{Cond, MoveRule, Pattern, Rules};
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
    /// };
    /// let board = grid(&GridSpec::new(3, 3))?.build()?;
    /// let seats = vec![Seat::new("black", "B", 0), Seat::new("white", "W", 1)];
    /// let game = Game::new("tiny", "Tiny", board, seats, vec![], vec![stone], vec![], vec![], Rules::default());
    /// let game = Arc::new(game);
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
            passable: false,
            to_fast: None,
            leap_dests: Vec::new(),
            plain_to: 0,
            text: text.into(),
        }
    }
}

/// Reusable buffers for move generation, so the hot path does not allocate.
///
/// ```
/// use qipan::core::rules::{Scratch, pattern::generate};
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// let knight = game.piece("knight").unwrap();
/// let rule = &game.pieces[knight as usize].moves[0];
/// let mut scratch = Scratch::default();
/// let mut out = Vec::new();
/// for from in ["b1", "g1"] {
///     generate(rule, &pos, 0, knight, game.board.find(from).unwrap(), &mut scratch, &mut out);
/// }
/// let mut to: Vec<&str> = out.iter().map(|m| game.board.label(m.to)).collect();
/// to.sort();
/// assert_eq!(to, ["a3", "c3", "f3", "h3"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    /// One bit per node, all clear between uses (deduplication of generated moves).
    pub(crate) marks: Vec<u64>,
    /// A walk's states of this step and the next: (node, open modes, index into `trail`).
    frontier: Vec<(NodeId, u8, u32)>,
    next: Vec<(NodeId, u8, u32)>,
    /// Every state a walk reached, with the one it came from, to follow a path back.
    trail: Vec<TrailStep>,
    seen: Vec<u8>,
    dests: Option<NodeSet>,
}

/// A `Scratch` has no public methods: make one with `Scratch::default()` and hand it to [`generate`]
/// call after call, whatever the position.
///
/// ```
/// use qipan::core::{NodeId, notation::parse_move, rules::{Scratch, pattern::generate}};
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let place = &game.pieces[0].moves[0];
/// let mut pos = game.start();
/// let (mut scratch, mut out) = (Scratch::default(), Vec::new());
/// generate(place, &pos, 0, 0, NodeId::NONE, &mut scratch, &mut out);
/// assert_eq!(out.len(), 81);
/// pos.play(&parse_move(&pos, "E5")?)?;
/// out.clear();
/// generate(place, &pos, 1, 0, NodeId::NONE, &mut scratch, &mut out);
/// assert_eq!(out.len(), 80);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Scratch {
    fn prepare(&mut self, n: usize) {
        if self.seen.len() != n {
            self.seen = vec![0; n];
            self.dests = Some(NodeSet::new(n));
        }
    }
}

/// A state of a walk, as it was reached: its node, the node passed over on the way (or none), and
/// the index of the state it came from (`u32::MAX` for the start).
#[derive(Clone, Copy, Debug)]
struct TrailStep {
    node: NodeId,
    via: NodeId,
    from: u32,
}

/// A short list of directions on the stack.
#[derive(Clone, Copy)]
pub(crate) struct DirList {
    len: usize,
    items: [DirectionId; 32],
}

impl DirList {
    fn new() -> Self {
        DirList { len: 0, items: [DirectionId(0); 32] }
    }
    fn push(&mut self, d: DirectionId) {
        if self.len < self.items.len() {
            self.items[self.len] = d;
            self.len += 1;
        }
    }
    fn extend(&mut self, it: impl IntoIterator<Item = DirectionId>) {
        it.into_iter().for_each(|d| self.push(d));
    }
    pub(crate) fn as_slice(&self) -> &[DirectionId] {
        &self.items[..self.len]
    }
}

/// The directions of a selector: all of a relation's (borrowed), or a chosen few.
enum Dirs<'a> {
    All(&'a [DirectionId]),
    Some(DirList),
}

impl Dirs<'_> {
    fn as_slice(&self) -> &[DirectionId] {
        match self {
            Dirs::All(d) => d,
            Dirs::Some(l) => l.as_slice(),
        }
    }
}

/// The directions a selector stands for, for `seat`.
fn resolve_dirs<'a>(pos: &'a Position, seat: u8, rel: RelationId, sel: &DirSel, prev: Option<DirectionId>) -> Dirs<'a> {
    if let DirSel::All = sel {
        return Dirs::All(pos.game().relation_dirs(rel));
    }
    if let Some(d) = pos.game().cached_dirs(seat, rel, sel, prev) {
        return Dirs::All(d);
    }
    Dirs::Some(choose_dirs(pos, seat, rel, sel, prev))
}

/// The directions of a selector other than `All`.
fn choose_dirs(pos: &Position, seat: u8, rel: RelationId, sel: &DirSel, prev: Option<DirectionId>) -> DirList {
    let game = pos.game();
    choose_dirs_in(&game.board, game.relation_dirs(rel), game.seat_forward(seat), sel, prev)
}

/// The directions a selector stands for on `board`, given the relation's directions and the seat's
/// forward directions (`prev`: the previous leg's direction, for `outward` and `same`).
pub(crate) fn choose_dirs_in(
    board: &crate::board::Board,
    dirs: &[DirectionId],
    forward: &[DirectionId],
    sel: &DirSel,
    prev: Option<DirectionId>,
) -> DirList {
    let mut out = DirList::new();
    let vec_of = |d: DirectionId| board.directions()[d.0 as usize].vector;
    let dot = |a: [i32; 3], b: [i32; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    match sel {
        DirSel::All => out.extend(dirs.iter().copied()),
        DirSel::Named(ds) => out.extend(ds.iter().copied().filter(|d| dirs.contains(d))),
        DirSel::Forward | DirSel::Backward | DirSel::Sideways => {
            for &d in dirs {
                let Some(v) = vec_of(d) else { continue };
                let keep = forward.iter().filter_map(|&f| vec_of(f)).any(|f| match sel {
                    DirSel::Forward => dot(v, f) > 0,
                    DirSel::Backward => dot(v, f) < 0,
                    _ => dot(v, f) == 0,
                });
                if keep {
                    out.push(d);
                }
            }
        }
        DirSel::Outward | DirSel::Same => {
            let Some(p) = prev else { return out };
            if *sel == DirSel::Same {
                if dirs.contains(&p) {
                    out.push(p);
                }
                return out;
            }
            let Some(pv) = vec_of(p) else { return out };
            out.extend(dirs.iter().copied().filter(|&d| d != p && vec_of(d).is_some_and(|v| dot(v, pv) > 0)));
        }
    }
    out
}

/// Adds the move to `to` if the destination condition allows it (capturing per `rule.capture`),
/// with the shots that may follow it.
#[inline]
fn emit(pos: &Position, seat: u8, piece: u8, from: NodeId, to: NodeId, rule: &MoveRule, out: &mut Vec<Move>) {
    if rule.plain_to != 0 && to != from {
        // The common case: only the occupant of the destination matters.
        let ok = match pos.cell(to) {
            None => rule.plain_to & 0b0001 != 0,
            Some(t) => {
                let bit = if pos.same_side(seat, t.seat) {
                    0b0010
                } else if !pos.hostile(seat, t.seat) {
                    0b0100
                } else {
                    0b1000
                };
                rule.plain_to & bit != 0 && pos.can_capture(seat, piece, t)
            }
        };
        if ok {
            out.push(Move::step(piece, from, to));
        }
        return;
    }
    if to == from {
        // Only a walk that may return ends on its start, and only to shoot.
        if let (Pattern::Walk { returning: true, .. }, Some(shot)) = (&rule.pattern, &rule.shot) {
            follow_up_shots(pos, seat, Move::step(piece, from, from), shot, out);
        }
        return;
    }
    let allowed = match &rule.to_fast {
        Some(f) => f.allows(pos, seat, to),
        None => rule.to.eval(pos, seat, to),
    };
    if !allowed {
        return;
    }
    let mv = match (pos.cell(to), rule.capture) {
        (None, CaptureMode::Passer) => {
            // En passant: the piece that just passed over `to` is taken where it stands.
            let p = pos.passer();
            if !pos.is_passed(to) || !p.is_some() {
                return;
            }
            match pos.cell(p) {
                Some(t) if pos.can_capture(seat, piece, t) => Move { take: p, ..Move::step(piece, from, to) },
                _ => return,
            }
        }
        (None, _) => Move { passable: rule.passable, ..Move::step(piece, from, to) },
        (Some(_), CaptureMode::Passer) => return,
        (Some(target), mode) => {
            if !pos.can_capture(seat, piece, target) {
                return;
            }
            match mode {
                CaptureMode::Remote => Move::shoot(piece, from, to),
                _ => Move::step(piece, from, to),
            }
        }
    };
    if !rule.promote.is_empty() && mv.kind == crate::moves::MoveKind::Move && rule.promote_in.eval_quick(pos, seat, to)
    {
        for &p in &rule.promote {
            out.push(Move { promote: p + 1, ..mv });
        }
        return;
    }
    match &rule.shot {
        Some(shot) if mv.kind == crate::moves::MoveKind::Move => {
            let before = out.len();
            follow_up_shots(pos, seat, mv, shot, out);
            if !shot.forced || out.len() == before {
                out.push(mv);
            }
        }
        _ => out.push(mv),
    }
}

/// The shots that may follow `mv` (a piece moved from `mv.from` to `mv.to`), each pushed as `mv`
/// with `take` and `by` set. The board is looked at as it stands after the move.
fn follow_up_shots(pos: &Position, seat: u8, mv: Move, shot: &Shot, out: &mut Vec<Move>) {
    let board = &pos.game().board;
    let moved = Piece { seat, piece: mv.piece };
    let occ = |n: NodeId| {
        if n == mv.to {
            Some(moved)
        } else if n == mv.from {
            None
        } else {
            pos.cell(n)
        }
    };
    let line_end = |start: NodeId, d: DirectionId| {
        // The first occupied node after `start`, if any; lines may wrap, so stop after a full board.
        let mut n = board.next(shot.relation, d, start);
        for _ in 0..board.len() {
            if !n.is_some() || occ(n).is_some() {
                return n;
            }
            n = board.next(shot.relation, d, n);
        }
        NodeId::NONE
    };
    for s in board.node_ids() {
        let Some(shooter) = occ(s) else { continue };
        if !pos.same_side(seat, shooter.seat) || (shot.trigger == ShotTrigger::Shooter && s != mv.to) {
            continue;
        }
        for &d in resolve_dirs(pos, seat, shot.relation, &shot.dirs, None).as_slice() {
            let m = line_end(s, d);
            if !m.is_some() || m == s || !shot.screen.eval_with(pos, seat, m, &occ) {
                continue;
            }
            let t = line_end(m, d);
            if !t.is_some() || t == s || t == m || !shot.target.eval_with(pos, seat, t, &occ) {
                continue;
            }
            let Some(target) = occ(t) else { continue };
            if !pos.can_capture(seat, shooter.piece, target) {
                continue;
            }
            if shot.trigger == ShotTrigger::ShooterOrScreen && s != mv.to && m != mv.to {
                continue;
            }
            let safe = match shot.lone {
                LoneRule::Off => false,
                LoneRule::Beyond => {
                    let b = board.next(shot.relation, d, t);
                    b.is_some() && occ(b).is_some_and(|p| pos.same_side(p.seat, target.seat))
                }
                LoneRule::Line => {
                    let mut n = board.next(shot.relation, d, m);
                    let mut others = false;
                    for _ in 0..board.len() {
                        if !n.is_some() || n == s {
                            break;
                        }
                        others |= n != t && occ(n).is_some_and(|p| pos.same_side(p.seat, target.seat));
                        n = board.next(shot.relation, d, n);
                    }
                    others
                }
            };
            if !safe {
                out.push(Move { take: t, by: s, ..mv });
            }
        }
    }
}

/// Generates the pseudo-legal moves of one rule for the piece `piece` of `seat` standing on `from`
/// (or, for placements and drops, every destination).
///
/// Pseudo-legal: the rule's own conditions hold, but the game's rules (check, ko, suicide) are not
/// applied; [`Position::legal_moves`] does that.
///
/// ```
/// use qipan::core::rules::{Scratch, pattern::generate};
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// let pawn = game.piece("pawn").unwrap();
/// let e2 = game.board.find("e2").unwrap();
/// let (mut scratch, mut out) = (Scratch::default(), Vec::new());
/// for rule in &game.pieces[pawn as usize].moves {
///     generate(rule, &pos, 0, pawn, e2, &mut scratch, &mut out);
/// }
/// let to: Vec<&str> = out.iter().map(|m| game.board.label(m.to)).collect();
/// assert_eq!(to, ["e3", "e4"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate(
    rule: &MoveRule,
    pos: &Position,
    seat: u8,
    piece: u8,
    from: NodeId,
    scratch: &mut Scratch,
    out: &mut Vec<Move>,
) {
    let board = &pos.game().board;
    match &rule.pattern {
        Pattern::Place | Pattern::Drop => {
            let drop = matches!(rule.pattern, Pattern::Drop);
            if drop && pos.reserve(seat, piece) == 0 {
                return;
            }
            let empty_only = rule.to.requires_empty();
            for n in board.node_ids() {
                if pos.cell(n).is_some() || (!empty_only && !rule.to.eval(pos, seat, n)) {
                    continue;
                }
                if empty_only && !matches!(rule.to, Cond::Empty) && !rule.to.eval(pos, seat, n) {
                    continue;
                }
                out.push(if drop { Move::drop(piece, n) } else { Move::place(piece, n) });
            }
        }
        Pattern::Slide { relation, dirs, min, max } if pos.game().has_rays(*relation) => {
            let game = pos.game();
            for &d in resolve_dirs(pos, seat, *relation, dirs, None).as_slice() {
                let ray = game.ray(*relation, d, from).unwrap_or(&[]);
                for (i, &at) in ray.iter().take(*max as usize).enumerate() {
                    if i + 1 >= *min as usize {
                        emit(pos, seat, piece, from, at, rule, out);
                    }
                    if pos.cell(at).is_some() {
                        break;
                    }
                }
            }
            if matches!(dirs, DirSel::All) && *max == 1 && *min <= 1 {
                link_steps(pos, seat, piece, from, *relation, rule, out);
            }
        }
        Pattern::Slide { relation, dirs, min, max } => {
            for &d in resolve_dirs(pos, seat, *relation, dirs, None).as_slice() {
                let mut at = from;
                for k in 1..=*max {
                    at = pos.next_open(*relation, d, at);
                    if !at.is_some() {
                        break;
                    }
                    if k >= *min {
                        emit(pos, seat, piece, from, at, rule, out);
                    }
                    if pos.cell(at).is_some() {
                        break;
                    }
                }
            }
            if matches!(dirs, DirSel::All) && *max == 1 && *min <= 1 {
                link_steps(pos, seat, piece, from, *relation, rule, out);
            }
        }
        Pattern::Leap { .. } if !rule.leap_dests.is_empty() => {
            let n = board.len();
            if let Some(dests) = rule.leap_dests.get(seat as usize * n + from.idx()) {
                for &to in dests {
                    emit(pos, seat, piece, from, to, rule, out);
                }
            }
        }
        Pattern::Leap { legs, blockable } => leap(pos, seat, piece, from, rule, legs, *blockable, 0, from, None, out),
        Pattern::Hop { relation, dirs, screen, max_after } => {
            for &d in resolve_dirs(pos, seat, *relation, dirs, None).as_slice() {
                // Lines may wrap around (polar boards) or cycle (explicit boards): a line ends where it
                // comes back to the start, and never runs longer than the board.
                let mut at = pos.next_open(*relation, d, from);
                let mut guard = board.len();
                while at.is_some() && at != from && pos.cell(at).is_none() && guard > 0 {
                    at = pos.next_open(*relation, d, at);
                    guard -= 1;
                }
                if !at.is_some() || at == from || guard == 0 || !screen.eval(pos, seat, at) {
                    continue;
                }
                let mut steps = 0u8;
                for _ in 0..board.len() {
                    at = pos.next_open(*relation, d, at);
                    steps = steps.saturating_add(1);
                    if !at.is_some() || at == from || (*max_after != 255 && steps > *max_after) {
                        break;
                    }
                    emit(pos, seat, piece, from, at, rule, out);
                    if pos.cell(at).is_some() {
                        break;
                    }
                }
            }
        }
        Pattern::Walk { min, max, steps, modes, reset, returning, pinch } => {
            let shape =
                WalkShape { min: *min, max: *max, steps, modes: *modes, reset, returning: *returning, pinch: *pinch };
            walk::<false>(pos, seat, piece, from, rule, &shape, scratch, out, NodeId::NONE);
        }
        Pattern::Castle { relation, dirs, steps, partner } => {
            castle(pos, seat, piece, from, rule, *relation, dirs, *steps, partner, out)
        }
    }
}

/// Castling-style compound moves: see [`Pattern::Castle`].
#[allow(clippy::too_many_arguments)]
fn castle(
    pos: &Position,
    seat: u8,
    piece: u8,
    from: NodeId,
    rule: &MoveRule,
    relation: RelationId,
    dirs: &DirSel,
    steps: u8,
    partner: &Cond,
    out: &mut Vec<Move>,
) {
    if steps == 0 || !pos.unmoved(from) {
        return;
    }
    let board = &pos.game().board;
    let mover = Piece { seat, piece };
    let mut checked_start = false;
    for &d in resolve_dirs(pos, seat, relation, dirs, None).as_slice() {
        // The first piece on the line, and the nodes the mover would pass.
        let (mut at, mut k, mut dest, mut behind) = (from, 0usize, NodeId::NONE, from);
        loop {
            at = pos.next_open(relation, d, at);
            if !at.is_some() || at == from || k > board.len() {
                at = NodeId::NONE;
                break;
            }
            k += 1;
            if k + 1 == steps as usize {
                behind = at;
            }
            if k == steps as usize {
                dest = at;
            }
            if pos.cell(at).is_some() {
                break;
            }
        }
        if !at.is_some() || k <= steps as usize || !dest.is_some() {
            continue;
        }
        let Some(p) = pos.cell(at) else { continue };
        if !pos.same_side(seat, p.seat) || !pos.unmoved(at) || !partner.eval(pos, seat, at) {
            continue;
        }
        let allowed = match &rule.to_fast {
            Some(f) => f.allows(pos, seat, dest),
            None => rule.to.eval(pos, seat, dest),
        };
        if !allowed {
            continue;
        }
        if pos.game().has_check_rule() {
            // Not out of check, not through an attacked node (the destination is checked with every move).
            if !checked_start {
                if super::attack::attacked(pos, pos.cells(), from, mover) {
                    return;
                }
                checked_start = true;
            }
            let mut n = from;
            let mut safe = true;
            for _ in 1..steps {
                n = board.next(relation, d, n);
                if super::attack::attacked(pos, pos.cells(), n, mover) {
                    safe = false;
                    break;
                }
            }
            if !safe {
                continue;
            }
        }
        out.push(Move { with_from: at, with_to: behind, ..Move::step(piece, from, dest) });
    }
}

/// Follows the legs of a leap recursively (legs are few and short).
#[allow(clippy::too_many_arguments)]
fn leap(
    pos: &Position,
    seat: u8,
    piece: u8,
    from: NodeId,
    rule: &MoveRule,
    legs: &[Leg],
    blockable: bool,
    leg: usize,
    at: NodeId,
    prev: Option<DirectionId>,
    out: &mut Vec<Move>,
) {
    let Some(l) = legs.get(leg) else {
        emit(pos, seat, piece, from, at, rule, out);
        return;
    };
    let board = &pos.game().board;
    'dirs: for &d in resolve_dirs(pos, seat, l.relation, &l.dirs, prev).as_slice() {
        let mut x = at;
        for _ in 0..l.count {
            if blockable && x != from && pos.cell(x).is_some() {
                continue 'dirs;
            }
            x = if blockable { pos.next_open(l.relation, d, x) } else { board.next(l.relation, d, x) };
            if !x.is_some() {
                continue 'dirs;
            }
        }
        leap(pos, seat, piece, from, rule, legs, blockable, leg + 1, x, Some(d), out);
    }
}

/// A step along every undirected edge (a link) of `relation` from `from`, whose passed node is empty:
/// a one-step slide over all directions takes links too.
fn link_steps(
    pos: &Position,
    seat: u8,
    piece: u8,
    from: NodeId,
    relation: RelationId,
    rule: &MoveRule,
    out: &mut Vec<Move>,
) {
    for e in pos.game().board.edges(relation, from) {
        if e.dir.is_none() && (!e.via.is_some() || pos.cell(e.via).is_none()) {
            emit(pos, seat, piece, from, e.to, rule, out);
        }
    }
}

/// The parts of a [`Pattern::Walk`], borrowed.
struct WalkShape<'a> {
    min: u8,
    max: u8,
    steps: &'a [WalkStep],
    modes: u8,
    reset: &'a Cond,
    returning: bool,
    pinch: Option<RelationId>,
}

/// Breadth-first walk over (node, segment modes) with free turns, for `min..=max` steps.
///
/// A node reached with some modes open dominates every later arrival with fewer modes open, as it has
/// more steps left; so when any length from 1 up may end the walk, a (node, mode) state is expanded
/// once for the whole walk. A walk with a longer least length keeps the states of each step apart, as
/// going back and forth then matters.
///
/// A `WITNESS` walk keeps the way back to each state it reaches, stops at the first move that
/// captures on `target` and returns the step taken to it: the index in `scratch.trail` of the state
/// it left and the node passed over. (A const parameter, so that generating moves pays nothing for it.)
#[allow(clippy::too_many_arguments)]
fn walk<const WITNESS: bool>(
    pos: &Position,
    seat: u8,
    piece: u8,
    from: NodeId,
    rule: &MoveRule,
    w: &WalkShape,
    scratch: &mut Scratch,
    out: &mut Vec<Move>,
    target: NodeId,
) -> Option<(u32, NodeId)> {
    let board = &pos.game().board;
    scratch.prepare(board.len());
    let all: u8 = if w.modes == 0 { 1 } else { ((1u16 << w.modes) - 1) as u8 };
    let Scratch { frontier, next, trail, seen, dests, .. } = scratch;
    let dests = dests.as_mut().expect("prepared");
    dests.clear();
    frontier.clear();
    if WITNESS {
        trail.clear();
        trail.push(TrailStep { node: from, via: NodeId::NONE, from: u32::MAX });
    }
    frontier.push((from, all, 0));
    let once = w.min <= 1;
    seen.iter_mut().for_each(|s| *s = 0);
    if once {
        seen[from.idx()] = all;
    }
    for step in 1..=w.max {
        next.clear();
        if !once {
            seen.iter_mut().for_each(|s| *s = 0);
        }
        for &(at, mask, here) in frontier.iter() {
            for ws in w.steps {
                let m = if ws.modes == 0 { all } else { mask & ws.modes };
                if m == 0 {
                    continue;
                }
                for e in board.edges(ws.relation, at) {
                    // Nodes passed must be empty; the start counts as empty once left.
                    if e.via.is_some() && e.via != from && pos.cell(e.via).is_some() {
                        continue;
                    }
                    let to = e.to;
                    if w.pinch.is_some_and(|r| pinched(pos, r, at, to, from)) {
                        continue;
                    }
                    let occupied = to != from && pos.cell(to).is_some();
                    if step >= w.min && !dests.contains(to) && (to != from || w.returning) {
                        let before = out.len();
                        emit(pos, seat, piece, from, to, rule, out);
                        if out.len() > before {
                            dests.insert(to);
                            if WITNESS && to == target && out[before..].iter().any(|m| m.captures_on(target)) {
                                return Some((here, e.via));
                            }
                        }
                    }
                    if occupied || step == w.max || seen[to.idx()] == all {
                        continue;
                    }
                    let m2 = if w.reset.eval(pos, seat, to) { all } else { m };
                    if seen[to.idx()] & m2 != m2 {
                        seen[to.idx()] |= m2;
                        next.push((to, m2, trail.len() as u32));
                        if WITNESS {
                            trail.push(TrailStep { node: to, via: e.via, from: here });
                        }
                    }
                }
            }
        }
        std::mem::swap(frontier, next);
        if frontier.is_empty() {
            break;
        }
    }
    None
}

/// When the walk `rule` of `mover` on `from` captures on `target`, adds to `deps` the nodes whose
/// occupants one such walk depends on (the start, the nodes it crosses and passes over, those beside
/// each step when squeezing is blocked, and the target) and returns true. The walk's conditions must
/// look at no other node ([`super::attack`] checks that): while none of these nodes changes, the
/// same walk still captures.
pub(crate) fn walk_witness(
    pos: &Position,
    mover: Piece,
    from: NodeId,
    rule: &MoveRule,
    target: NodeId,
    scratch: &mut Scratch,
    deps: &mut NodeSet,
) -> bool {
    let Pattern::Walk { min, max, steps, modes, reset, returning, pinch } = &rule.pattern else { return false };
    let shape = WalkShape { min: *min, max: *max, steps, modes: *modes, reset, returning: *returning, pinch: *pinch };
    let mut out = Vec::new();
    let Some((mut at, via)) = walk::<true>(pos, mover.seat, mover.piece, from, rule, &shape, scratch, &mut out, target)
    else {
        return false;
    };
    let board = &pos.game().board;
    let mut add = |n: NodeId| {
        if n.is_some() {
            deps.insert(n);
        }
    };
    add(target);
    add(via);
    let mut next = target;
    while at != u32::MAX {
        let t = scratch.trail[at as usize];
        add(t.node);
        add(t.via);
        if let Some(r) = *pinch {
            beside(board, r, t.node, next, |n| {
                add(n);
                true
            });
        }
        next = t.node;
        at = t.from;
    }
    true
}

/// Calls `f` with each node beside the step `a` → `b` over `rel` (joined to both ends) until it
/// returns false; returns whether it never did.
#[inline]
fn beside(
    board: &crate::board::Board,
    rel: RelationId,
    a: NodeId,
    b: NodeId,
    mut f: impl FnMut(NodeId) -> bool,
) -> bool {
    board.edges(rel, a).iter().all(|e| e.to == b || !board.edges(rel, e.to).iter().any(|f| f.to == b) || f(e.to))
}

/// Whether the step `a` → `b` squeezes between occupied nodes: it has two or more nodes beside it (joined
/// over `rel` to both ends) and every one of them holds a piece. The walk's start counts as empty.
fn pinched(pos: &Position, rel: RelationId, a: NodeId, b: NodeId, start: NodeId) -> bool {
    let mut count = 0;
    let full = beside(&pos.game().board, rel, a, b, |n| {
        count += 1;
        n != start && pos.cell(n).is_some()
    });
    full && count >= 2
}

/// The destinations of a leap that cannot be blocked, from every node, for each seat (indexed
/// `seat * nodes + node`): the legs followed on the bare board, each destination once.
pub(crate) fn leap_table(
    board: &crate::board::Board,
    relation_dirs: &[Vec<DirectionId>],
    forwards: &[Vec<DirectionId>],
    legs: &[Leg],
) -> Vec<Vec<NodeId>> {
    #[allow(clippy::too_many_arguments)]
    fn follow(
        board: &crate::board::Board,
        relation_dirs: &[Vec<DirectionId>],
        fwd: &[DirectionId],
        legs: &[Leg],
        from: NodeId,
        at: NodeId,
        prev: Option<DirectionId>,
        dests: &mut Vec<NodeId>,
    ) {
        // The same order as the generator's recursion, so moves come out as before.
        let Some(l) = legs.first() else {
            if at != from && !dests.contains(&at) {
                dests.push(at);
            }
            return;
        };
        for &d in choose_dirs_in(board, &relation_dirs[l.relation.0 as usize], fwd, &l.dirs, prev).as_slice() {
            let mut x = at;
            for _ in 0..l.count {
                x = board.next(l.relation, d, x);
                if !x.is_some() {
                    break;
                }
            }
            if x.is_some() {
                follow(board, relation_dirs, fwd, &legs[1..], from, x, Some(d), dests);
            }
        }
    }
    let mut table = Vec::with_capacity(forwards.len() * board.len());
    for fwd in forwards {
        for from in board.node_ids() {
            let mut dests = Vec::new();
            follow(board, relation_dirs, fwd, legs, from, from, None, &mut dests);
            table.push(dests);
        }
    }
    table
}
