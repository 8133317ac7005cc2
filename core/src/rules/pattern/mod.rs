//! Movement patterns: how a piece may move, and the generator that turns them into moves.
//!
//! [`generate`] builds one generation context (`Gen`: the rule, the mover, its node and the list
//! moves go to) on the stack and hands it to the pattern's own file: `slide`, `leap`, `hop`, `walk`,
//! `castle`, `place` and `cover` find destinations, `emit` turns each into moves, and `shot` adds the shots
//! that may follow; `dirs` works out direction selectors and `rule` holds the data.
//!
//! A new pattern is one file here (its generator, and how it looks seen from its destination), one
//! [`Pattern`] variant, and one arm in each `match` of this file: [`generate`] and the few facts the
//! rest of the engine asks of a pattern (`impl Pattern` below). Nothing outside this directory names
//! a pattern, except placements (covering ones too) and drops, which are moves of their own kind.

mod carry;
mod castle;
mod chain;
mod cover;
mod dirs;
mod emit;
mod fly;
mod hop;
mod jump;
mod leap;
mod pits;
mod place;
pub mod rule;
mod shot;
mod slide;
mod sow;
mod stay;
mod step_table;
mod walk;

pub use castle::CastleReach;
pub use chain::{PlaceReach, ThenPlace};
pub(crate) use chain::{may_jump_first, then_places_after};
pub(crate) use cover::covers;
pub(crate) use dirs::{DirList, choose_dirs_in};
pub(crate) use emit::plain_allows;
pub(crate) use jump::jump_table;
pub(crate) use leap::leap_table;
pub(crate) use place::places_pair;
pub use sow::{MAX_RELAYS, SeatSowing, SowTake, Sowing, is_static};
pub(crate) mod sowing {
    pub(crate) use super::sow::play;
}
pub use rule::{CaptureMode, Carry, DirSel, Leg, LoneRule, MoveRule, Shot, ShotTrigger, WalkStep};
pub(crate) use slide::step_dests;
pub(crate) use sow::{sow_moves, sow_pits, sow_starts, sowing_of};
pub(crate) use step_table::StepTable;
pub(crate) use walk::walk_witness;

use crate::board::{Board, DirectionId, NodeId, NodeSet, RelationId};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Cond;
use crate::rules::attack::Shape;
use crate::{PieceId, SeatId};
use walk::TrailStep;

/// A movement pattern.
///
/// ```
/// use qipan::core::{notation::parse_move, rules::Pattern};
///
/// let game = qipan::load("xiangqi", &[])?;
/// let cannon = &game.pieces[game.piece("cannon").unwrap().idx()];
/// // `hop orthogonal over any to enemy`: a capture over exactly one screen, at any distance.
/// assert!(matches!(cannon.moves[1].pattern, Pattern::Hop { max_after: 255, .. }));
/// // `path orthogonal then diagonal.outward`: a leap that can be blocked.
/// let horse = &game.pieces[game.piece("horse").unwrap().idx()];
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
    /// New pieces from an unlimited supply onto two nodes at once, a node and a neighbour of it over
    /// `relation` in the directions `dirs` (a domino): both must be empty and satisfy the destination
    /// condition. The move is a placement on the lower node whose [`Move::with_to`] is the other.
    Cover {
        /// The relation that joins the two nodes.
        relation: RelationId,
        /// Which of its directions lead from the first node to the second.
        dirs: DirSel,
    },
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
    /// Over the adjacent node along a direction, which must satisfy `over`, onto the node just beyond.
    Jump {
        /// The relation.
        relation: RelationId,
        /// Which directions.
        dirs: DirSel,
        /// What the node jumped over must be.
        over: Cond,
    },
    /// From the piece's node to any other node of the board the destination condition allows (`fly`).
    Fly,
    /// The piece stays on its node and promotes there (`stay promote general in zone(last)`): a move
    /// whose destination is its origin, written `c5-c5=F`, or `c5=F`.
    Stay,
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
    /// A compound move (castling) of the mover and a partner, the first piece along a direction, which
    /// must be a friend satisfying `partner`; where both land is the [`CastleReach`]. Neither may have
    /// moved before, and under a check rule the mover may not start on or pass an attacked node.
    Castle {
        /// The relation.
        relation: RelationId,
        /// Which directions.
        dirs: DirSel,
        /// Where the mover and the partner land.
        reach: CastleReach,
        /// What the partner must be.
        partner: Cond,
    },
    /// The seeds of the pit are sown along a track, one per node (`sow anticlockwise ...`): one move
    /// per pit of the mover that holds seeds (see [`Sowing`]).
    Sow(Box<Sowing>),
}

/// Reusable buffers for move generation, so the hot path does not allocate.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::rules::{Scratch, pattern::generate};
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// let knight = game.piece("knight").unwrap();
/// let rule = &game.pieces[knight.idx()].moves[0];
/// let mut scratch = Scratch::default();
/// let mut out = Vec::new();
/// for from in ["b1", "g1"] {
///     generate(rule, &pos, SeatId(0), knight, game.board.find(from).unwrap(), &mut scratch, &mut out);
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
    /// Generate only the first part of moves in several parts (a move that a placement follows is
    /// emitted once, with [`Move::then_place`] set and no node for it): for playouts drawing part by part.
    pub(crate) first_part: bool,
    /// The moves being rewritten with their removals (`remove` capture rules).
    pub(crate) spare: Vec<Move>,
    /// Per piece type, which rules' `if` has been judged during one generation, and which hold.
    pub(crate) when: Vec<(u64, u64)>,
    /// The nodes and pieces the seat to move may move, gathered once per generation.
    pub(crate) movers: Vec<(NodeId, crate::position::Piece)>,
    /// A copy of the board to try a move on, for conditions judged after the move (`gives-check`).
    pub(crate) after_cells: Vec<Option<crate::position::Piece>>,
    /// A copy of the seeds on the board, to try a sowing on (the feeding rule).
    pub(crate) seeds: Vec<u16>,
}

/// A `Scratch` has no public methods: make one with `Scratch::default()` and hand it to [`generate`]
/// call after call, whatever the position.
///
/// ```
/// use qipan::core::{PieceId, SeatId};
/// use qipan::core::{NodeId, notation::parse_move, rules::{Scratch, pattern::generate}};
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let place = &game.pieces[0].moves[0];
/// let mut pos = game.start();
/// let (mut scratch, mut out) = (Scratch::default(), Vec::new());
/// generate(place, &pos, SeatId(0), PieceId::new(0), NodeId::NONE, &mut scratch, &mut out);
/// assert_eq!(out.len(), 81);
/// pos.play(&parse_move(&pos, "E5")?)?;
/// out.clear();
/// generate(place, &pos, SeatId(1), PieceId::new(0), NodeId::NONE, &mut scratch, &mut out);
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

/// One call of [`generate`]: the rule, the piece that moves and its node, and the list the moves go
/// to. Built once per call on the stack; each pattern's generator is a method on it.
struct Gen<'a> {
    pos: &'a Position,
    seat: SeatId,
    piece: PieceId,
    /// The mover's node (none for placements and drops).
    from: NodeId,
    rule: &'a MoveRule,
    out: &'a mut Vec<Move>,
    /// See [`Scratch::first_part`].
    first_part: bool,
    /// How many pieces the move carries, on a board with stacks, under `carry top` (the height being
    /// tried; 0: the whole column, whose height is looked up only by a leg written `*carried`).
    carried: u8,
}

/// Generates the pseudo-legal moves of one rule for the piece `piece` of `seat` standing on `from`
/// (or, for placements and drops, every destination).
///
/// Pseudo-legal: the rule's own conditions hold, but the game's rules (check, ko, suicide) are not
/// applied; [`Position::legal_moves`] does that.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::rules::{Scratch, pattern::generate};
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// let pawn = game.piece("pawn").unwrap();
/// let e2 = game.board.find("e2").unwrap();
/// let (mut scratch, mut out) = (Scratch::default(), Vec::new());
/// for rule in &game.pieces[pawn.idx()].moves {
///     generate(rule, &pos, SeatId(0), pawn, e2, &mut scratch, &mut out);
/// }
/// let to: Vec<&str> = out.iter().map(|m| game.board.label(m.to)).collect();
/// assert_eq!(to, ["e3", "e4"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate(
    rule: &MoveRule,
    pos: &Position,
    seat: SeatId,
    piece: PieceId,
    from: NodeId,
    scratch: &mut Scratch,
    out: &mut Vec<Move>,
) {
    let start = out.len();
    if rule.carry == Carry::Top && from.is_some() {
        carry::carrying(rule, pos, seat, piece, from, scratch, out);
    } else {
        // The hot path: the context stays in registers.
        run(&mut Gen { pos, seat, piece, from, rule, out, first_part: scratch.first_part, carried: 0 }, scratch);
    }
    if pos.game().rules.capture_required() {
        // Legality from captures: only moves that capture under every `required` rule.
        let mut keep = start;
        for i in start..out.len() {
            let m = out[i];
            if crate::rules::capture::meets_required(pos, seat, piece, m.from, m.to) {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }
    if pos.game().rules.captures.iter().any(|r| r.form.chosen()) {
        // Approach or withdrawal: one move per way of capturing.
        crate::rules::capture::split_choices(pos, seat, piece, out, start);
    }
}

/// Runs the rule's pattern once (for one height carried, under `carry top`). Inlined into
/// [`generate`], the hot path of every game.
#[inline(always)]
fn run(g: &mut Gen, scratch: &mut Scratch) {
    let rule = g.rule;
    match &rule.pattern {
        Pattern::Place => g.place(false),
        Pattern::Drop => g.place(true),
        Pattern::Cover { relation, dirs } => g.cover(*relation, dirs),
        Pattern::Slide { relation, dirs, min, max } => g.slide(*relation, dirs, *min, *max),
        Pattern::Leap { legs, blockable } => g.leap(legs, *blockable),
        Pattern::Hop { relation, dirs, screen, max_after } => g.hop(*relation, dirs, screen, *max_after),
        Pattern::Jump { relation, dirs, over } => g.jump(*relation, dirs, over),
        Pattern::Fly => g.fly(),
        Pattern::Stay => g.stay(),
        Pattern::Sow(s) => g.sow(s, &mut scratch.seeds),
        Pattern::Walk { .. } => {
            g.walk::<false>(scratch, NodeId::NONE);
        }
        Pattern::Castle { relation, dirs, reach: CastleReach::Steps(steps), partner } => {
            g.castle(*relation, dirs, *steps, partner)
        }
        Pattern::Castle { relation, dirs, reach: CastleReach::Columns { mover, partner: lands }, partner } => {
            g.castle_to(*relation, dirs, [*mover, *lands], partner)
        }
    }
}

/// The straight line a pattern moves along, on an empty board: its relation, its directions and the
/// fewest and most steps.
pub(crate) struct Line<'a> {
    pub(crate) relation: RelationId,
    pub(crate) dirs: &'a DirSel,
    pub(crate) min: usize,
    pub(crate) max: usize,
}

/// What attack tables need to turn a pattern around: the board, each relation's directions and the
/// seat's forward directions.
pub(crate) struct Backwards<'a> {
    pub(crate) board: &'a Board,
    pub(crate) relation_dirs: &'a [Vec<DirectionId>],
    pub(crate) forward: &'a [DirectionId],
}

impl Backwards<'_> {
    /// The directions `sel` stands for along `relation` (`prev`: the previous leg's direction).
    pub(crate) fn dirs(&self, relation: RelationId, sel: &DirSel, prev: Option<DirectionId>) -> Vec<DirectionId> {
        let all = &self.relation_dirs[relation.0 as usize];
        choose_dirs_in(self.board, all, self.forward, sel, prev).as_slice().to_vec()
    }

    /// The directions opposite to those `sel` stands for, or `None` when one has no opposite.
    pub(crate) fn opposites(&self, relation: RelationId, sel: &DirSel) -> Option<Vec<DirectionId>> {
        self.dirs(relation, sel, None).iter().map(|&d| self.opposite(d)).collect()
    }

    /// The direction opposite to `d`, if the board has one.
    pub(crate) fn opposite(&self, d: DirectionId) -> Option<DirectionId> {
        self.board.directions()[d.0 as usize].opposite
    }
}

/// The facts the rest of the engine asks of a pattern, one `match` each, with no catch-all arm: a new
/// pattern adds an arm to each (the compiler lists them) and keeps the work in its own file. The
/// attack tables use them: a jump's attacks are found forwards, a slide's backwards.
///
/// ```
/// use qipan::core::{notation::parse_move, Illegal};
///
/// let src = "name: jumpers
/// board: { grid: { width: 5, height: 5, labels: chess } }
/// seats: [{ name: white }, { name: black }]
/// pieces:
///   king: { moves: step orthogonal }
///   jumper: { moves: jump orthogonal over any to empty or enemy }
///   post: {}
/// setup:
///   - { seat: white, piece: king, at: [b1] }
///   - { seat: white, piece: post, at: [a2] }
///   - { seat: black, piece: jumper, at: [a3] }
///   - { seat: black, piece: king, at: [e5] }
/// rules: { pass: never, check: [king] }
/// ";
/// let game = qipan::load_str("jumpers.yaml", src, &[])?;
/// let pos = game.start();
/// // The jumper on a3 would take a king on a1 over the post on a2.
/// assert_eq!(pos.check(&parse_move(&pos, "b1-a1")?), Err(Illegal::LeavesInCheck("king".into())));
/// assert_eq!(pos.check(&parse_move(&pos, "b1-c1")?), Ok(()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Pattern {
    /// Whether the piece comes onto the board from outside it (placements and drops), so the move
    /// has no origin.
    pub(crate) fn enters(&self) -> bool {
        match self {
            Pattern::Place | Pattern::Drop | Pattern::Cover { .. } => true,
            Pattern::Slide { .. } | Pattern::Leap { .. } | Pattern::Hop { .. } | Pattern::Jump { .. } => false,
            Pattern::Walk { .. } | Pattern::Castle { .. } | Pattern::Fly | Pattern::Stay | Pattern::Sow(_) => false,
        }
    }

    /// Whether arriving on an enemy takes it (castling and placements only go to empty nodes).
    pub(crate) fn may_capture(&self) -> bool {
        match self {
            Pattern::Place | Pattern::Drop | Pattern::Cover { .. } | Pattern::Castle { .. } | Pattern::Stay => false,
            Pattern::Sow(_) => false,
            Pattern::Slide { .. } | Pattern::Leap { .. } | Pattern::Hop { .. } | Pattern::Jump { .. } => true,
            Pattern::Walk { .. } | Pattern::Fly => true,
        }
    }

    /// Whether each destination is judged by the rule's destination condition alone, so that the
    /// fast occupancy test ([`MoveRule::plain_to`]) may stand for it: not for walks, whose steps carry
    /// their own conditions, nor for placements and drops, which the reserve limits.
    pub(crate) fn plain_destinations(&self) -> bool {
        match self {
            Pattern::Walk { .. } | Pattern::Place | Pattern::Drop | Pattern::Cover { .. } => false,
            Pattern::Slide { .. } | Pattern::Leap { .. } | Pattern::Hop { .. } | Pattern::Jump { .. } => true,
            Pattern::Castle { .. } | Pattern::Fly => true,
            Pattern::Stay | Pattern::Sow(_) => false,
        }
    }

    /// The line the pattern moves along, if it moves along one (for finding rules that can reach
    /// the same node; `nodes`: the board's size, the longest line).
    pub(crate) fn line(&self, nodes: usize) -> Option<Line<'_>> {
        match self {
            Pattern::Slide { relation, dirs, min, max } => slide::line(*relation, dirs, *min, *max),
            Pattern::Castle { relation, dirs, reach, .. } => castle::line(*relation, dirs, reach),
            Pattern::Hop { relation, dirs, .. } => hop::line(*relation, dirs, nodes),
            Pattern::Jump { relation, dirs, .. } => jump::line(*relation, dirs),
            Pattern::Place | Pattern::Drop | Pattern::Cover { .. } | Pattern::Leap { .. } | Pattern::Walk { .. } => {
                None
            }
            Pattern::Fly | Pattern::Stay | Pattern::Sow(_) => None,
        }
    }

    /// Whether two of the pattern's own step sequences can end on the same node, so that its moves
    /// need deduplication even on a board whose lines do not cycle.
    pub(crate) fn may_repeat(&self) -> bool {
        match self {
            Pattern::Leap { legs, .. } => leap::may_repeat(legs),
            // The generator makes each pair of nodes once.
            Pattern::Place | Pattern::Drop | Pattern::Cover { .. } | Pattern::Slide { .. } | Pattern::Hop { .. } => {
                false
            }
            Pattern::Jump { .. } | Pattern::Walk { .. } | Pattern::Castle { .. } | Pattern::Fly | Pattern::Stay => {
                false
            }
            Pattern::Sow(_) => false,
        }
    }

    /// The pattern seen from its destination, for the attack tables: [`Shape::Forward`] (generate the
    /// moves forwards) unless the pattern can be followed backwards.
    pub(crate) fn reverse(&self, back: &Backwards) -> Shape {
        match self {
            Pattern::Slide { relation, dirs, min, max } => slide::reverse(back, *relation, dirs, *min, *max),
            Pattern::Hop { relation, dirs, screen, max_after } => {
                hop::reverse(back, *relation, dirs, screen, *max_after)
            }
            Pattern::Leap { legs, blockable } => leap::reverse(back, legs, *blockable),
            // A jump's middle node must satisfy a condition, which no backwards scan checks.
            Pattern::Jump { .. } => Shape::Forward,
            Pattern::Place | Pattern::Drop | Pattern::Cover { .. } => Shape::Forward,
            Pattern::Walk { .. } | Pattern::Castle { .. } | Pattern::Fly | Pattern::Stay => Shape::Forward,
            Pattern::Sow(_) => Shape::Forward,
        }
    }
}
