//! Attacks: whether a piece standing on a node could be captured at once.
//!
//! Attacks come from the same movement rules that generate moves, run backwards from the attacked
//! node: a slide looks back along each direction for the first piece, a leap follows its legs in
//! reverse, a hop looks back for a screen and then for the shooter. The tables are built once per
//! game and seat ([`AttackTable::build`]), so a check test costs a few line scans and no move
//! generation. Rules that cannot be reversed (walks, shots) are run forwards from every piece that
//! could use them.
//!
//! Here: [`attacked`], [`AttackProbe`] and the scan of each reversed shape; `table` builds the
//! reversed rules ([`AttackTable`]); `forward` runs the other rules forwards and keeps the attacks by
//! walks found in a position.

mod forward;
mod table;

pub(crate) use forward::StandingAttacks;
pub use table::AttackTable;

use crate::board::{Board, DirectionId, NodeId, RelationId};
use crate::position::{Piece, Position};
use crate::rules::Cond;
use crate::{PieceId, SeatId};
use forward::{Forwards, forward};
pub(crate) use table::{Shape, Steps};

/// Whether a condition looks only at the node it is given and at fixed facts about the game.
fn local(c: &Cond) -> bool {
    match c {
        Cond::Count(..)
        | Cond::Tally(_)
        | Cond::OnBoard(_)
        | Cond::InReserve(_)
        | Cond::Unmoved
        | Cond::Passed
        | Cond::Next(..)
        | Cond::Adjacent(_)
        | Cond::InLine(_)
        | Cond::InCheck
        | Cond::Attacked
        | Cond::AttackedBy(_)
        | Cond::Along(_) => false,
        Cond::Not(c) => local(c),
        Cond::And(cs) | Cond::Or(cs) => cs.iter().all(local),
        _ => true,
    }
}

/// One step along `dir` of `rel` from `n` as the board stands in `cells` (a step that jumps over an
/// occupied node is blocked).
#[inline]
fn step(board: &Board, cells: &[Option<Piece>], rel: RelationId, dir: DirectionId, n: NodeId) -> NodeId {
    let via = board.next_via(rel, dir, n);
    if via.is_some() && cells[via.idx()].is_some() { NodeId::NONE } else { board.next(rel, dir, n) }
}

/// Whether `victim`, standing on `target` of the board `cells` (which may differ from the position's
/// own, for a move being tried), could be captured at once by a hostile seat.
///
/// ```
/// use qipan::core::{notation::parse_move, rules::attack::attacked};
///
/// let game = qipan::load("chess", &[])?;
/// let mut pos = game.start();
/// let f7 = game.board.find("f7").unwrap();
/// let pawn = pos.cell(f7).unwrap();
/// assert!(!attacked(&pos, pos.cells(), f7, pawn));
/// for text in ["e2-e4", "e7-e5", "d1-h5"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// assert!(attacked(&pos, pos.cells(), f7, pawn), "the queen on h5 attacks f7");
/// // On a board with a piece on g6 it would not be.
/// let mut cells = pos.cells().to_vec();
/// cells[game.board.find("g6").unwrap().idx()] = Some(pawn);
/// assert!(!attacked(&pos, &cells, f7, pawn));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn attacked(pos: &Position, cells: &[Option<Piece>], target: NodeId, victim: Piece) -> bool {
    attacked_with(pos, cells, target, victim, &mut None, None)
}

/// Whether `victim` on `target` could be captured at once, sharing the moves of rules run forwards
/// with earlier questions asked with the same `forwards`.
fn attacked_with(
    pos: &Position,
    cells: &[Option<Piece>],
    target: NodeId,
    victim: Piece,
    forwards: &mut Forwards,
    added: Option<Added>,
) -> bool {
    let game = pos.game();
    let by = |s: SeatId| pos.is_alive(s) && pos.hostile(s, victim.seat);
    // Reversed rules of every seat first, then the rules run forwards (see `AttackTable::build`).
    game.seat_ids().any(|s| by(s) && attacked_by(pos, cells, target, victim, s, false, forwards, added))
        || (game.attack_table().runs_forwards
            && game.seat_ids().any(|s| by(s) && attacked_by(pos, cells, target, victim, s, true, forwards, added)))
}

/// A piece that `cells` has and the position's lists do not: one dropped or placed by a move being
/// tried (the attack tests of the check rule never need it; `gives-check` after a drop does).
#[derive(Copy, Clone, Debug)]
struct Added {
    seat: SeatId,
    piece: PieceId,
    node: NodeId,
}

/// Attacks on the pieces of one board, asked about node after node: a check test asks about every
/// protected piece after a move is tried. Rules run forwards generate each piece's moves at most once
/// per probe, however many nodes are asked about, so the test is linear in pieces × reachable nodes.
///
/// ```
/// use qipan::core::{notation::parse_move, rules::attack::AttackProbe};
///
/// let game = qipan::load("chess", &[])?;
/// let mut pos = game.start();
/// for text in ["e2-e4", "e7-e5", "d1-h5"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// let at = |label| game.board.find(label).unwrap();
/// let mut probe = AttackProbe::new(&pos, pos.cells());
/// assert!(probe.attacked(at("f7")), "the queen on h5 attacks f7");
/// assert!(!probe.attacked(at("e8")) && !probe.attacked(at("h5")));
/// assert!(!probe.attacked(at("e4")), "an empty node is never attacked");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct AttackProbe<'a> {
    pos: &'a Position,
    cells: &'a [Option<Piece>],
    forwards: Forwards,
    added: Option<Added>,
}

/// Making a probe and asking it.
///
/// ```
/// use qipan::core::{Position, rules::attack::AttackProbe};
///
/// let game = qipan::load("chess", &[])?;
/// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")?;
/// let e1 = game.board.find("e1").unwrap();
/// assert!(AttackProbe::new(&pos, pos.cells()).attacked(e1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<'a> AttackProbe<'a> {
    /// A probe of `cells`, a board of `pos` or one that differs from it by a move being tried (which
    /// never adds a piece type to the other side).
    ///
    /// ```
    /// use qipan::core::{Position, rules::attack::AttackProbe};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")?;
    /// // The king steps to d2, off the rook's rank: try it on a copy of the board.
    /// let (e1, d2) = (game.board.find("e1").unwrap(), game.board.find("d2").unwrap());
    /// let mut cells = pos.cells().to_vec();
    /// cells[d2.idx()] = cells[e1.idx()].take();
    /// let mut probe = AttackProbe::new(&pos, &cells);
    /// assert!(!probe.attacked(d2) && !probe.attacked(e1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(pos: &'a Position, cells: &'a [Option<Piece>]) -> Self {
        AttackProbe { pos, cells, forwards: None, added: None }
    }

    /// A probe of `cells`, which hold a piece of `seat` of type `piece` on `node` that the position
    /// has not (a drop being tried): attacks by that piece are found too, whatever else `seat` has.
    ///
    /// ```
    /// use qipan::core::{Piece, Position, SeatId, rules::attack::AttackProbe};
    ///
    /// let game = qipan::load("crazyhouse", &[])?;
    /// // White holds a knight only in hand; dropped on f6, it attacks the king on e8.
    /// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")?;
    /// let (e8, f6) = (game.board.find("e8").unwrap(), game.board.find("f6").unwrap());
    /// let knight = Piece { seat: SeatId(0), piece: game.piece("knight").unwrap() };
    /// let mut cells = pos.cells().to_vec();
    /// cells[f6.idx()] = Some(knight);
    /// assert!(AttackProbe::with_added(&pos, &cells, knight, f6).attacked(e8));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_added(pos: &'a Position, cells: &'a [Option<Piece>], piece: Piece, node: NodeId) -> Self {
        AttackProbe { pos, cells, forwards: None, added: Some(Added { seat: piece.seat, piece: piece.piece, node }) }
    }

    /// Whether the piece on `target` could be captured at once (`false` for an empty node).
    ///
    /// ```
    /// use qipan::core::{Position, rules::attack::AttackProbe};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")?;
    /// let mut probe = AttackProbe::new(&pos, pos.cells());
    /// let at = |label| game.board.find(label).unwrap();
    /// assert!(probe.attacked(at("e1")), "the rook on a1 attacks the king");
    /// assert!(!probe.attacked(at("a1")) && !probe.attacked(at("e8")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn attacked(&mut self, target: NodeId) -> bool {
        let Some(victim) = self.cells[target.idx()] else { return false };
        attacked_with(self.pos, self.cells, target, victim, &mut self.forwards, self.added)
    }
}

/// Whether pieces of seat `s` alone could capture `victim` on `target` of the position's own board (the
/// `attacked-by(SEAT)` condition).
pub(crate) fn attacked_by_seat(pos: &Position, target: NodeId, victim: Piece, s: SeatId) -> bool {
    let mut forwards = None;
    let cells = pos.cells();
    attacked_by(pos, cells, target, victim, s, false, &mut forwards, None)
        || (pos.game().attack_table().runs_forwards
            && attacked_by(pos, cells, target, victim, s, true, &mut forwards, None))
}

/// Whether pieces of seat `s` could capture `victim` on `target`.
// The hot path of every check test: plain arguments, no struct to build per call.
#[allow(clippy::too_many_arguments)]
fn attacked_by(
    pos: &Position,
    cells: &[Option<Piece>],
    target: NodeId,
    victim: Piece,
    s: SeatId,
    run_forwards: bool,
    forwards: &mut Forwards,
    added: Option<Added>,
) -> bool {
    let game = pos.game();
    let board = &game.board;
    let added = added.filter(|a| a.seat == s);
    let occ = |n: NodeId| if n == target { Some(victim) } else { cells[n.idx()] };
    let table = game.attack_table();
    let Some(list) = table.seats.get(s.idx()) else { return false };
    let split = table.forward_from[s.idx()];
    let list = if run_forwards { &list[split..] } else { &list[..split] };
    // Piece types of `s` on the board (`cells` may differ from the position's board only by the move
    // being tried, which never adds a type to the other side).
    let present = pos.types_present(s) | added.map_or(0, |a| 1u64.checked_shl(a.piece.idx() as u32).unwrap_or(0));
    if table.filterable()
        && !pos.placed(s).iter().any(|&x| table.reaches(target, x))
        && added.is_none_or(|a| !table.reaches(target, a.node))
    {
        // No piece of `s` stands anywhere an attack on `target` could come from or pass.
        return false;
    }
    for a in list {
        if a.mask & present == 0 && a.rule.is_none_or(|(p, _)| p.idx() < 64) {
            continue;
        }
        // The rule's own conditions, for a piece of type `piece` of `s` on `at`.
        let rule_ok = |at: NodeId, piece: PieceId| -> bool {
            let Some((_, ri)) = a.rule else {
                return a.to_fast.is_some_and(|f| f.allows_occupant(pos, s, target, Some(victim)));
            };
            let rule = &game.pieces[piece.idx()].moves[ri];
            (rule.when == Cond::True || rule.when.eval_with(pos, s, NodeId::NONE, &occ))
                && (rule.from == Cond::True || rule.from.eval_with(pos, s, at, &occ))
                && match &rule.to_fast {
                    Some(f) => f.allows_occupant(pos, s, target, Some(victim)),
                    None => rule.to.eval_with(pos, s, target, &occ),
                }
        };
        let hit = |at: NodeId| -> bool {
            let Some(p) = cells[at.idx()] else { return false };
            if p.seat != s {
                return false;
            }
            let is_type = match a.rule {
                Some((piece, _)) => p.piece == piece,
                None => p.piece.idx() < 64 && a.mask & (1 << p.piece.idx()) != 0,
            };
            is_type && pos.can_capture(s, p.piece, victim) && rule_ok(at, p.piece)
        };
        let found = match &a.shape {
            Shape::Line { relation, dirs, reach, links } => {
                let mut found = false;
                let max = reach.iter().map(|r| r.2).max().unwrap_or(0);
                let rays = game.has_rays(*relation);
                // The first piece met `k` nodes along the line attacks the target if some way of
                // attacking reaches that far with that piece type.
                let struck = |piece: PieceId, k: u8, x: NodeId| {
                    let bit = if piece.idx() < 64 { 1u64 << piece.idx() } else { 0 };
                    reach.iter().any(|&(m, lo, hi)| (m & bit != 0 || a.rule.is_some()) && k >= lo && k <= hi) && hit(x)
                };
                for &d in dirs {
                    if rays {
                        let ray = game.ray(*relation, d, target).unwrap_or(&[]);
                        for (i, &x) in ray.iter().take(max as usize).enumerate() {
                            if let Some(p) = cells[x.idx()] {
                                found = struck(p.piece, i as u8 + 1, x);
                                break;
                            }
                        }
                        if found {
                            break;
                        }
                        continue;
                    }
                    let mut x = target;
                    for k in 1..=max {
                        x = step(board, cells, *relation, d, x);
                        if !x.is_some() || x == target {
                            break;
                        }
                        if let Some(p) = cells[x.idx()] {
                            found = struck(p.piece, k, x);
                            break;
                        }
                    }
                    if found {
                        break;
                    }
                }
                if !found && *links {
                    found = board
                        .edges(*relation, target)
                        .iter()
                        .any(|e| e.dir.is_none() && (!e.via.is_some() || cells[e.via.idx()].is_none()) && hit(e.to));
                }
                found
            }
            Shape::Leap { paths, blockable } => paths.iter().any(|path| {
                let mut x = target;
                for (i, &(rel, d)) in path.iter().enumerate() {
                    if i > 0 && *blockable && x != target && occ(x).is_some() {
                        return false;
                    }
                    x = if *blockable { step(board, cells, rel, d, x) } else { board.next(rel, d, x) };
                    if !x.is_some() {
                        return false;
                    }
                }
                x != target && hit(x)
            }),
            Shape::Hop { relation, dirs, screen, max_after } => dirs.iter().any(|&d| {
                let mut x = target;
                let mut k = 0u32;
                loop {
                    x = step(board, cells, *relation, d, x);
                    k += 1;
                    if !x.is_some() || x == target || k as usize > board.len() {
                        return false;
                    }
                    if cells[x.idx()].is_some() {
                        break;
                    }
                }
                if (*max_after != 255 && k > *max_after as u32) || !screen.eval_with(pos, s, x, &occ) {
                    return false;
                }
                for _ in 0..board.len() {
                    x = step(board, cells, *relation, d, x);
                    if !x.is_some() || x == target {
                        return false;
                    }
                    if cells[x.idx()].is_some() {
                        return hit(x);
                    }
                }
                false
            }),
            Shape::Forward => forward(pos, cells, target, victim, s, a.rule, forwards),
        };
        if found {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests;
