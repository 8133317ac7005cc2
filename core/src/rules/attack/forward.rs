//! Attacks by rules that cannot be reversed (walks, shots): the rule is run forwards from the pieces
//! that could use it, on a copy of the board asked about ([`forward`]), sharing what was generated
//! between the nodes asked about. Attacks by walks found once per position are kept with the nodes
//! they depend on ([`StandingAttacks`]), so that most moves tried need no walk run again.
//!
//! ```
//! use qipan::core::rules::attack::attacked;
//!
//! let src = "name: walkers
//! board: { grid: { width: 5, height: 5, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   walker: { moves: walk 1..2 by orthogonal }
//! setup:
//!   - { seat: white, piece: walker, at: [c3] }
//!   - { seat: black, piece: walker, at: [c5, e5] }
//! ";
//! let game = qipan::load_str("walkers.yaml", src, &[])?;
//! let pos = game.start();
//! let at = |label| game.board.find(label).unwrap();
//! let victim = pos.cell(at("c5")).unwrap();
//! // Walks cannot be reversed: the white walker's moves are generated, and two steps reach c5.
//! assert!(attacked(&pos, pos.cells(), at("c5"), victim));
//! assert!(!attacked(&pos, pos.cells(), at("e5"), victim), "four steps away");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::local;
use super::table::Shape;
use crate::board::{NodeId, NodeSet};
use crate::moves::{Move, MoveKind};
use crate::position::{Piece, Position};
use crate::rules::pattern::{Pattern, Scratch, generate, walk_witness};
use crate::rules::{CaptureMode, Cond, MoveRule};
use crate::{PieceId, SeatId};

/// The moves generated so far by rules run forwards; `None` until the first rule is run (most check
/// tests never run one).
pub(super) type Forwards = Option<Box<ForwardState>>;

/// Rules run forwards on a copy of the position with the board asked about.
pub(super) struct ForwardState {
    copy: Position,
    /// The node that the copy holds a victim on, when it differs from the board asked about.
    placed: NodeId,
    runs: Vec<ForwardRun>,
}

/// One rule of one seat's piece type, run forwards from its pieces one by one.
struct ForwardRun {
    seat: SeatId,
    piece: PieceId,
    rule: usize,
    /// The nodes of the pieces it runs from, and how many have been run.
    from: Vec<NodeId>,
    done: usize,
    /// The nodes the moves so far capture on.
    hits: NodeSet,
}

/// The slow way, for rules that cannot be reversed: generate the rule's moves from the pieces of the
/// type on a copy of the position with the given board, until one captures on `target`. What was
/// generated stays in `forwards` for the next node asked about on the same board.
pub(super) fn forward(
    pos: &Position,
    cells: &[Option<Piece>],
    target: NodeId,
    victim: Piece,
    s: SeatId,
    rule: Option<(PieceId, usize)>,
    forwards: &mut Forwards,
) -> bool {
    let Some((piece, ri)) = rule else { return false };
    let game = pos.game();
    let board = &game.board;
    // The copy holds `victim` on `target`; when the board asked about has another occupant there, the
    // moves generated depend on the target, and are not shared.
    let shared = cells[target.idx()] == Some(victim);
    if !shared || forwards.as_ref().is_some_and(|f| f.placed.is_some()) {
        *forwards = None;
    }
    let forwards = forwards.get_or_insert_with(|| {
        let mut copy = pos.clone();
        for n in board.node_ids() {
            let want = if n == target { Some(victim) } else { cells[n.idx()] };
            if copy.cell(n) != want {
                copy.set_cell(n, want);
            }
        }
        let placed = if shared { NodeId::NONE } else { target };
        Box::new(ForwardState { copy, placed, runs: Vec::new() })
    });
    let copy = &forwards.copy;
    let run = match forwards.runs.iter().position(|r| (r.seat, r.piece, r.rule) == (s, piece, ri)) {
        Some(i) => &mut forwards.runs[i],
        None => {
            let from = board.node_ids().filter(|&n| copy.cell(n) == Some(Piece { seat: s, piece })).collect();
            forwards.runs.push(ForwardRun { seat: s, piece, rule: ri, from, done: 0, hits: NodeSet::new(board.len()) });
            forwards.runs.last_mut().expect("just pushed")
        }
    };
    if run.hits.contains(target) {
        return true;
    }
    let rule = &game.pieces[piece.idx()].moves[ri];
    if !when_holds(rule, copy, s) {
        run.done = run.from.len();
        return false;
    }
    let mut scratch = Scratch::default();
    let mut out = Vec::new();
    while run.done < run.from.len() {
        let n = run.from[run.done];
        run.done += 1;
        if !from_holds(rule, copy, s, n) {
            continue;
        }
        out.clear();
        generate(rule, copy, s, piece, n, &mut scratch, &mut out);
        for m in &out {
            if m.kind == MoveKind::Move {
                run.hits.insert(m.to);
            }
            if m.take.is_some() {
                run.hits.insert(m.take);
            }
        }
        if run.hits.contains(target) {
            return true;
        }
    }
    false
}

/// Whether the position condition (`if`) of a rule run forwards holds for seat `s`: asked once per
/// rule and position, before any of its pieces is run.
#[inline]
fn when_holds(rule: &MoveRule, pos: &Position, s: SeatId) -> bool {
    rule.when == Cond::True || rule.when.eval(pos, s, NodeId::NONE)
}

/// Whether a piece of seat `s` on `at` may use a rule run forwards (its `from` condition).
#[inline]
fn from_holds(rule: &MoveRule, pos: &Position, s: SeatId, at: NodeId) -> bool {
    rule.from == Cond::True || rule.from.eval(pos, s, at)
}

/// Whether an attack by `rule` can be kept as a witness ([`StandingAttacks`]): a walk whose
/// conditions look only at the node they are given, so that one walk to the target depends only on
/// the nodes along it.
pub(super) fn witnessable(rule: &MoveRule) -> bool {
    matches!(&rule.pattern, Pattern::Walk { reset, .. } if local(reset))
        && rule.shot.is_none()
        && rule.capture != CaptureMode::Passer
        && local(&rule.when)
        && local(&rule.from)
        && local(&rule.to)
}

/// The attacks by walks on the protected pieces of the side to move in one position, each with the
/// nodes it depends on. A move that changes none of the nodes of one of them leaves that piece
/// attacked, so it is refused without running every enemy walk again: a check test costs a few bit
/// tests instead of a move generation, and legal move generation stays linear in pieces × reachable
/// nodes.
#[derive(Clone, Debug, Default)]
pub(crate) struct StandingAttacks {
    /// The position they were found in (its game, and [`Position`]'s check key); 0 for none.
    key: (usize, u64),
    /// One set of nodes per attack found; the first `len` are in use.
    deps: Vec<NodeSet>,
    len: usize,
    /// The protected pieces with an attack found.
    attacked: Option<NodeSet>,
    scratch: Scratch,
    out: Vec<Move>,
}

impl StandingAttacks {
    /// Finds the attacks on `royals` (the nodes of the mover's protected pieces) in `pos`, unless
    /// they were found for this position (`key`) already.
    pub(crate) fn find(&mut self, pos: &Position, key: u64, royals: &[NodeId]) {
        let game = pos.game();
        if !game.attack_table().witnesses {
            self.len = 0;
            return;
        }
        let key = (std::ptr::from_ref(game) as usize, key);
        if self.key == key {
            return;
        }
        if self.key.0 != key.0 {
            // Sets sized for another game's board.
            *self = StandingAttacks::default();
        }
        self.key = key;
        self.len = 0;
        let table = game.attack_table();
        let board = &game.board;
        let StandingAttacks { deps, len, attacked, scratch, out, .. } = self;
        let attacked = attacked.get_or_insert_with(|| NodeSet::new(board.len()));
        attacked.clear();
        for (s, list) in table.seats.iter().enumerate() {
            let s = SeatId(s as u8);
            if !pos.is_alive(s) {
                continue;
            }
            for a in list {
                let Some((piece, ri)) = a.rule.filter(|_| a.shape == Shape::Forward) else { continue };
                let rule = &game.pieces[piece.idx()].moves[ri];
                if !witnessable(rule) || !when_holds(rule, pos, s) {
                    continue;
                }
                for &at in pos.placed(s) {
                    if pos.cell(at) != Some(Piece { seat: s, piece }) || !from_holds(rule, pos, s, at) {
                        continue;
                    }
                    out.clear();
                    generate(rule, pos, s, piece, at, scratch, out);
                    for &r in royals {
                        let Some(victim) = pos.cell(r) else { continue };
                        if attacked.contains(r) || !pos.hostile(s, victim.seat) || !out.iter().any(|m| m.captures_on(r))
                        {
                            continue;
                        }
                        if *len == deps.len() {
                            deps.push(NodeSet::new(board.len()));
                        }
                        let set = &mut deps[*len];
                        set.clear();
                        if walk_witness(pos, Piece { seat: s, piece }, at, rule, r, scratch, set) {
                            attacked.insert(r);
                            *len += 1;
                        }
                    }
                }
            }
        }
    }

    /// Whether `mv` leaves one of the attacks found standing: it changes none of the nodes that attack
    /// depends on, so a protected piece stays attacked.
    #[inline]
    pub(crate) fn survive(&self, mv: &Move) -> bool {
        if self.len == 0 {
            return false;
        }
        let changed = [mv.from, mv.to, mv.take, mv.with_from, mv.with_to];
        self.deps[..self.len].iter().any(|d| changed.iter().all(|&n| !n.is_some() || !d.contains(n)))
    }
}
