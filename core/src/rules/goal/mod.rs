//! Goals on the board: what a side makes or does that ends the game at once. A line of N
//! ([`LineGoal`]), a group that connects zones or holds every piece ([`ConnectGoal`]), a piece that
//! reaches a zone ([`ReachGoal`]), a side ringed in by hostile pieces ([`EncloseGoal`]), and a count of
//! pieces that falls too low ([`CountGoal`]), and a piece walled in on the edge by friends no enemy can
//! take ([`FortGoal`]).
//!
//! Each kind of goal is one file here with its data, its test on a position and its unit tests; this
//! file holds what they share: what meeting a goal does ([`GoalOutcome`]), which nodes the last move
//! changed, and the order in which they are tried after a move (lines, connections, zones reached).
//!
//! ```
//! use qipan::core::{EndReason, SeatId, notation::parse_move};
//!
//! let src = "name: race
//! board:
//!   grid: { width: 3, height: 3, labels: chess }
//!   zones: { top: { coords: [[0, 2], [2, 2]] } }
//! seats: [{ name: white }, { name: black }]
//! pieces: { runner: { moves: step orthogonal.n to empty } }
//! setup:
//!   - { seat: white, piece: runner, at: [a2] }
//!   - { seat: black, piece: runner, at: [c1] }
//! end: { reach: [{ zone: top }] }
//! ";
//! let game = qipan::load_str("race.yaml", src, &[])?;
//! let mut pos = game.start();
//! pos.play(&parse_move(&pos, "a2-a3")?)?;
//! let result = pos.outcome().unwrap();
//! assert_eq!((result.winners.as_slice(), &result.reason), (&[SeatId(0)][..], &EndReason::ZoneReached));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod connect;
mod count;
mod enclosed;
mod flood;
mod fort;
mod line;
mod reach;

pub use connect::{ConnectGoal, ConnectTarget};
pub(crate) use connect::{Links, connected};
pub use count::CountGoal;
pub(crate) use count::counts_crossed;
pub use enclosed::EncloseGoal;
pub(crate) use flood::Flood;
pub use fort::FortGoal;
pub(crate) use line::run_along;
pub use line::{Axis, LineGoal, axes_of};
pub use reach::ReachGoal;

use crate::board::{Board, NodeId, RelationId};
use crate::outcome::{EndReason, GameResult};
use crate::position::{Piece, Position};
use crate::{PieceId, SeatId};

/// What meeting a goal does to the side that met it.
///
/// ```
/// use qipan::core::rules::GoalOutcome;
///
/// assert_ne!(GoalOutcome::Wins, GoalOutcome::Loses);
/// assert_eq!(GoalOutcome::default(), GoalOutcome::Wins);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum GoalOutcome {
    /// Its side wins.
    #[default]
    Wins,
    /// Its side loses: every other side still playing wins.
    Loses,
}

/// Whether `p` is of one of `pieces` (every piece is, when the list is empty).
#[inline]
pub(crate) fn of_types(pieces: &[PieceId], p: Piece) -> bool {
    pieces.is_empty() || pieces.contains(&p.piece)
}

/// The first answer of `f` over the nodes the last move filled (its destination, and a partner's),
/// or over every occupied node when the game has hooks, which may put pieces anywhere. A plain loop:
/// this runs after every move of every playout.
pub(crate) fn first_arrival<T>(pos: &Position, mut f: impl FnMut(NodeId) -> Option<T>) -> Option<T> {
    if pos.game().hooks.is_some() {
        return pos.game().board.node_ids().filter(|&n| pos.cell(n).is_some()).find_map(f);
    }
    let mv = pos.last_move()?;
    for n in [mv.to, mv.with_to] {
        if n.is_some()
            && let Some(t) = f(n)
        {
            return Some(t);
        }
    }
    None
}

/// The result of `maker`'s side meeting a goal with `outcome`: that side wins, or every other side still
/// playing does.
pub(crate) fn decided(pos: &Position, maker: SeatId, outcome: GoalOutcome, reason: EndReason) -> GameResult {
    let wins = outcome == GoalOutcome::Wins;
    let winners = pos.game().seat_ids().filter(|&s| pos.is_alive(s) && pos.same_side(s, maker) == wins).collect();
    GameResult::winners(pos, winners, reason)
}

/// Per node, whether it is on the board's edge: a direction of one of `along` leaves the board from it.
///
/// ```
/// let game = qipan::load("hnefatafl", &[])?;
/// let orth = game.board.relation("orthogonal").unwrap();
/// let edge = qipan::core::rules::goal::board_edge(&game.board, &[orth]);
/// assert_eq!(edge.iter().filter(|&&e| e).count(), 40);
/// assert!(edge[game.board.find("a5").unwrap().idx()] && !edge[game.board.find("b5").unwrap().idx()]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn board_edge(board: &Board, along: &[RelationId]) -> Vec<bool> {
    board
        .node_ids()
        .map(|n| {
            along.iter().any(|&r| board.relation_directions(r).into_iter().any(|d| !board.next(r, d, n).is_some()))
        })
        .collect()
}

/// The first goal on the board the last move met, tried in order: lines, connections, zones reached,
/// enclosures, forts.
pub(crate) fn met(pos: &mut Position) -> Option<GameResult> {
    let end = &pos.game().rules.end;
    if !end.lines.is_empty()
        && let Some((outcome, maker)) = line::completed(pos)
    {
        return Some(decided(pos, maker, outcome, EndReason::Line));
    }
    if !pos.game().rules.end.connections.is_empty()
        && let Some((outcome, maker)) = connected(pos)
    {
        return Some(decided(pos, maker, outcome, EndReason::Connection));
    }
    if !pos.game().rules.end.reach.is_empty()
        && let Some((outcome, maker)) = reach::reached(pos)
    {
        return Some(decided(pos, maker, outcome, EndReason::ZoneReached));
    }
    if !pos.game().rules.end.enclosed.is_empty()
        && let Some((outcome, seat)) = enclosed::made(pos)
    {
        return Some(decided(pos, seat, outcome, EndReason::Enclosed));
    }
    if !pos.game().rules.end.forts.is_empty()
        && let Some((outcome, seat)) = fort::made(pos)
    {
        return Some(decided(pos, seat, outcome, EndReason::Fort));
    }
    None
}
