//! Movement patterns: how a piece may move, and the generator that turns them into moves.
//!
//! [`generate`] builds one generation context (`Gen`: the rule, the mover, its node and the list
//! moves go to) on the stack and hands it to the pattern's own file: `slide`, `leap`, `hop`, `walk`,
//! `castle` and `place` find destinations, `emit` turns each into moves, and `shot` adds the shots
//! that may follow; `dirs` works out direction selectors and `rule` holds the data. A new pattern is
//! one file here, one [`Pattern`] variant and one arm in [`generate`].

mod castle;
mod dirs;
mod emit;
mod hop;
mod leap;
mod place;
pub mod rule;
mod shot;
mod slide;
mod walk;

pub(crate) use dirs::choose_dirs_in;
pub(crate) use leap::leap_table;
pub use rule::{CaptureMode, DirSel, Leg, LoneRule, MoveRule, Pattern, Shot, ShotTrigger, WalkStep};
pub(crate) use walk::walk_witness;

use crate::board::{NodeId, NodeSet};
use crate::moves::Move;
use crate::position::Position;
use walk::TrailStep;

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

/// One call of [`generate`]: the rule, the piece that moves and its node, and the list the moves go
/// to. Built once per call on the stack; each pattern's generator is a method on it.
struct Gen<'a> {
    pos: &'a Position,
    seat: u8,
    piece: u8,
    /// The mover's node (none for placements and drops).
    from: NodeId,
    rule: &'a MoveRule,
    out: &'a mut Vec<Move>,
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
    let mut g = Gen { pos, seat, piece, from, rule, out };
    match &rule.pattern {
        Pattern::Place => g.place(false),
        Pattern::Drop => g.place(true),
        Pattern::Slide { relation, dirs, min, max } => g.slide(*relation, dirs, *min, *max),
        Pattern::Leap { legs, blockable } => g.leap(legs, *blockable),
        Pattern::Hop { relation, dirs, screen, max_after } => g.hop(*relation, dirs, screen, *max_after),
        Pattern::Walk { .. } => {
            g.walk::<false>(scratch, NodeId::NONE);
        }
        Pattern::Castle { relation, dirs, steps, partner } => g.castle(*relation, dirs, *steps, partner),
    }
}
