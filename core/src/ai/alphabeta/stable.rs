//! Pieces that no capture can take any more, in games where pieces are only placed and captures only
//! turn lines of pieces over (Othello): the material that counts before the end, when the rest may still
//! change hands many times.

use crate::board::{DirectionId, NodeId, RelationId};
use crate::game::Game;
use crate::playout::lone_placement;
use crate::position::Position;
use crate::rules::{CaptureForm, Cond};

/// The lines along which a piece can be turned over, worked out once for a game.
///
/// A piece is stable when, along every axis of the capture lines through it, it cannot be flanked: one
/// of its two neighbours is off the board or a stable piece of the same seat, or the whole line is full
/// (pieces are only ever added, so no placement will come between). This is the classic Othello measure,
/// a little short of every stable disc, never beyond.
#[derive(Clone, Debug)]
pub(super) struct Stability {
    /// Each axis once: a relation and a direction of it with its opposite.
    axes: Vec<(RelationId, DirectionId, DirectionId)>,
    /// Per axis and node (`axis * nodes + node`): the line through the node has no empty node.
    full: Vec<bool>,
    /// Per node: found stable.
    stable: Vec<bool>,
}

impl Stability {
    /// The game's axes of capture, when its pieces are only placed (never moved or lifted) and its
    /// captures only flank lines of enemies and turn them over; `None` otherwise.
    pub(super) fn of(game: &Game) -> Option<Stability> {
        let turns_lines = |r: &crate::rules::CaptureRule| {
            matches!(r.form, CaptureForm::Line { .. }) && r.convert && r.target == Cond::Enemy
        };
        let placed = lone_placement(game).is_some() && game.rules.group_capture.is_none();
        if !placed || game.rules.captures.is_empty() || !game.rules.captures.iter().all(turns_lines) {
            return None;
        }
        if game.board.lines_cycle() {
            return None; // a line that comes round has no end to anchor a piece
        }
        let dirs = game.board.directions();
        let mut axes: Vec<(RelationId, DirectionId, DirectionId)> = Vec::new();
        for &(rel, d) in game.rules.captures.iter().flat_map(|r| &r.lines) {
            let back = dirs[d.0 as usize].opposite?;
            if !axes.iter().any(|&(r, a, b)| r == rel && (a == d || b == d)) {
                axes.push((rel, d, back));
            }
        }
        Some(Stability { axes, full: Vec::new(), stable: Vec::new() })
    }

    /// Marks the stable pieces of `pos`; [`Stability::is_stable`] then reads them.
    pub(super) fn mark(&mut self, pos: &Position) {
        let board = &pos.game().board;
        let n = board.len();
        self.full.clear();
        self.full.resize(self.axes.len() * n, false);
        self.stable.clear();
        self.stable.resize(n, false);
        for (a, &(rel, fwd, back)) in self.axes.iter().enumerate() {
            // Walk each line once, from its first node (none behind it).
            for start in board.node_ids().filter(|&s| !board.next(rel, back, s).is_some()) {
                let mut full = true;
                let mut at = start;
                while at.is_some() {
                    full &= pos.cell(at).is_some();
                    at = board.next(rel, fwd, at);
                }
                let mut at = start;
                while at.is_some() {
                    self.full[a * n + at.idx()] = full;
                    at = board.next(rel, fwd, at);
                }
            }
        }
        // Stability spreads from the edges inwards: sweep until nothing changes.
        let mut changed = true;
        while changed {
            changed = false;
            for node in board.node_ids() {
                if !self.stable[node.idx()] && self.anchored(pos, node) {
                    self.stable[node.idx()] = true;
                    changed = true;
                }
            }
        }
    }

    /// Whether the piece on `node` cannot be flanked along any axis, given what is stable so far.
    fn anchored(&self, pos: &Position, node: NodeId) -> bool {
        let Some(piece) = pos.cell(node) else { return false };
        let board = &pos.game().board;
        let n = board.len();
        let held =
            |m: NodeId| !m.is_some() || (self.stable[m.idx()] && pos.cell(m).is_some_and(|p| p.seat == piece.seat));
        self.axes.iter().enumerate().all(|(a, &(rel, fwd, back))| {
            self.full[a * n + node.idx()] || held(board.next(rel, fwd, node)) || held(board.next(rel, back, node))
        })
    }

    /// Whether the piece on `node` was found stable by the last [`Stability::mark`].
    pub(super) fn is_stable(&self, node: NodeId) -> bool {
        self.stable.get(node.idx()).copied().unwrap_or(false)
    }
}

/// The nodes of `pos` whose pieces no capture can take any more, as alpha-beta's evaluation counts them
/// in a game scored by pieces ([`material_score`](super::material_score)); `None` in a game whose pieces move,
/// or whose captures do more than turn lines of pieces over.
///
/// ```
/// use qipan::core::ai::alphabeta::stable_pieces;
/// use qipan::core::position::{Position, Setup};
/// use qipan::core::{Piece, SeatId};
///
/// let game = qipan::load("othello", &[])?;
/// assert_eq!(stable_pieces(&game.start()), Some(vec![]), "nothing is settled at the start");
/// // Black holds the corner a1 and b1 beside it, White c1 and b2.
/// let disc = game.piece("disc").unwrap();
/// let (black, white) = (Piece { seat: SeatId(0), piece: disc }, Piece { seat: SeatId(1), piece: disc });
/// let mut setup = Setup::empty(&game);
/// for (at, piece) in [("a1", black), ("b1", black), ("c1", white), ("b2", white), ("d4", white)] {
///     setup.put(game.board.find(at).unwrap(), piece);
/// }
/// let pos = Position::from_setup(setup)?;
/// let stable: Vec<&str> = stable_pieces(&pos).unwrap().into_iter().map(|n| game.board.label(n)).collect();
/// // The corner can never be flanked; nor can b1, between the corner and the edge. White's c1 and b2
/// // can: Black at d1 takes c1, at c3 takes b2.
/// assert_eq!(stable, ["a1", "b1"]);
/// assert_eq!(stable_pieces(&qipan::load("chess", &[])?.start()), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn stable_pieces(pos: &Position) -> Option<Vec<NodeId>> {
    let mut stability = Stability::of(pos.game())?;
    stability.mark(pos);
    Some(pos.game().board.node_ids().filter(|&n| stability.is_stable(n)).collect())
}
