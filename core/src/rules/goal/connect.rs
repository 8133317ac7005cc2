//! Connections: a side wins (or loses) when one group of its pieces, joined over given relations,
//! touches enough of its zones (Hex: two opposite edges; Havannah's fork: three of six sides) or holds
//! every piece it has (Lines of Action).
//!
//! Groups are kept by union-find ([`Links`], one per goal, in the position). Where pieces never move
//! or leave the board (placement games without captures or hooks), a placed piece joins its
//! neighbours' groups as it lands and only its group can have changed: a move costs a few unions and
//! one test. Elsewhere a piece leaving the board marks the groups stale, and they are rebuilt from the
//! board before the next test.
//!
//! ```
//! use qipan::core::{EndReason, SeatId, notation::parse_move};
//!
//! let src = "name: bridge
//! board:
//!   grid: { width: 3, height: 3, labels: chess }
//!   zones:
//!     west: { coords: [[0, 0]] }
//!     east: { coords: [[2, 2]] }
//! seats: [{ name: white }, { name: black }]
//! pieces: { stone: { symbols: [W, B], moves: place to empty } }
//! rules: { pass: never }
//! end: { connections: [{ zones: [west, east], along: [orthogonal] }] }
//! ";
//! let game = qipan::load_str("bridge.yaml", src, &[])?;
//! let mut pos = game.start();
//! for text in ["a1", "a2", "c1", "c2", "b3"] {
//!     pos.play(&parse_move(&pos, text)?)?;
//! }
//! assert!(!pos.is_over(), "a1 and c1 are not joined yet");
//! pos.play(&parse_move(&pos, "a3")?)?;
//! pos.play(&parse_move(&pos, "b1")?)?; // a1 b1 c1: west to east
//! let result = pos.outcome().unwrap();
//! assert_eq!((result.winners.as_slice(), &result.reason), (&[SeatId(0)][..], &EndReason::Connection));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{GoalOutcome, of_types};
use crate::board::{Board, NodeId, RelationId};
use crate::position::{Piece, Position};
use crate::{PieceId, SeatId};

/// A connection that ends the game when a side's pieces make it.
///
/// ```
/// use qipan::core::rules::{ConnectGoal, ConnectTarget, GoalOutcome};
///
/// let src = "name: link
/// board:
///   grid: { width: 4, height: 4, labels: chess }
///   zones: { left: { coords: [[0, 0]] }, right: { coords: [[3, 3]] } }
/// zone_aliases: [from, to]
/// seats:
///   - { name: white, zones: { from: left, to: right } }
///   - { name: black }
/// pieces: { stone: { symbols: [W, B], moves: place to empty } }
/// end: { connections: [{ zones: [from, to], along: [orthogonal] }] }
/// ";
/// let game = qipan::load_str("link.yaml", src, &[])?;
/// let goal: &ConnectGoal = &game.rules.end.connections[0];
/// let (left, right) = (game.board.zone("left").unwrap(), game.board.zone("right").unwrap());
/// // White connects its two zones; Black maps no zone and can never connect.
/// assert_eq!(goal.target, ConnectTarget::Zones { zones: vec![1 << left | 1 << right, 0], need: 2 });
/// assert_eq!(goal.outcome, GoalOutcome::Wins);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ConnectGoal {
    /// The relations whose edges join two pieces of one side into a group.
    pub along: Vec<RelationId>,
    /// What one group must do.
    pub target: ConnectTarget,
    /// The piece types that count (all when empty).
    pub pieces: Vec<PieceId>,
    /// What making the connection does to the side that made it.
    pub outcome: GoalOutcome,
}

/// What a group must do to make a connection.
///
/// ```
/// use qipan::core::rules::ConnectTarget;
///
/// // Havannah's fork: one group touching three of the six sides.
/// let fork = ConnectTarget::Zones { zones: vec![0b11_1111, 0b11_1111], need: 3 };
/// assert_ne!(fork, ConnectTarget::AllPieces);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConnectTarget {
    /// Touch at least `need` of a seat's zones: per seat, its zones as bits of board zone indices.
    Zones {
        /// Per seat, the board zones (one bit each) its groups connect; seat-relative names are
        /// resolved for each seat.
        zones: Vec<u64>,
        /// How many of them one group must touch.
        need: u8,
    },
    /// Hold every piece of the side that counts: all of them form one group.
    AllPieces,
}

/// Testing connections on a position.
///
/// ```
/// use qipan::core::notation::parse_move;
///
/// let src = "name: link
/// board: { grid: { width: 3, height: 1, labels: chess } }
/// seats: [{ name: white }, { name: black }]
/// pieces: { stone: { symbols: [W, B], moves: place to empty } }
/// end: { connections: [{ all_pieces: true, along: [orthogonal] }] }
/// ";
/// let game = qipan::load_str("link.yaml", src, &[])?;
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "a1")?)?; // one piece is one group
/// let goal = &game.rules.end.connections[0];
/// assert!(goal.joins(&pos, game.board.find("a1").unwrap()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ConnectGoal {
    /// Whether the group of the piece on `n` makes this connection for its side (found by a search
    /// over the board, without the kept groups).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("hex", &[("size".into(), "3".into())])?;
    /// let mut pos = game.start();
    /// for text in ["a1", "c1", "a2", "c2"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// let goal = &game.rules.end.connections[0];
    /// assert!(!goal.joins(&pos, game.board.find("a2").unwrap()), "rows 1 and 2 only");
    /// pos.play(&parse_move(&pos, "a3")?)?;
    /// assert!(goal.joins(&pos, game.board.find("a2").unwrap()), "a1 a2 a3 joins south and north");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn joins(&self, pos: &Position, n: NodeId) -> bool {
        let Some(p) = pos.cell(n).filter(|&p| of_types(&self.pieces, p)) else { return false };
        let board = &pos.game().board;
        let player = pos.controller(p.seat);
        let (mut seen, mut todo) = (vec![false; board.len()], vec![n]);
        seen[n.idx()] = true;
        let (mut zones, mut size) = (0u64, 0u32);
        while let Some(at) = todo.pop() {
            zones |= board.zones_of(at);
            size += 1;
            for &rel in &self.along {
                for e in board.edges(rel, at) {
                    let joined = pos.cell(e.to).is_some_and(|q| self.counts(pos, q, player));
                    if joined && !std::mem::replace(&mut seen[e.to.idx()], true) {
                        todo.push(e.to);
                    }
                }
            }
        }
        self.met_by(pos, player, zones, size)
    }

    /// Whether `q` is a piece of `player`'s side that counts for this goal.
    #[inline]
    fn counts(&self, pos: &Position, q: Piece, player: SeatId) -> bool {
        pos.controller(q.seat) == player && of_types(&self.pieces, q)
    }

    /// Whether a group of `player`'s that touches `zones` and has `size` pieces makes the connection.
    fn met_by(&self, pos: &Position, player: SeatId, zones: u64, size: u32) -> bool {
        let mut seats = pos.game().seat_ids().filter(|&s| pos.is_alive(s) && pos.controller(s) == player);
        match &self.target {
            ConnectTarget::Zones { zones: want, need } => {
                seats.any(|s| (zones & want[s.idx()]).count_ones() >= u32::from(*need))
            }
            ConnectTarget::AllPieces => {
                let game = pos.game();
                let mut total = 0u32;
                for s in game.seat_ids().filter(|&s| pos.controller(s) == player) {
                    let types = game.piece_ids().filter(|&t| self.pieces.is_empty() || self.pieces.contains(&t));
                    total += types.map(|t| u32::from(pos.on_board(s, t))).sum::<u32>();
                }
                seats.next().is_some() && size == total
            }
        }
    }

    /// Every zone of the board the goal looks at, for any seat.
    fn zone_mask(&self) -> u64 {
        match &self.target {
            ConnectTarget::Zones { zones, .. } => zones.iter().fold(0, |a, z| a | z),
            ConnectTarget::AllPieces => 0,
        }
    }
}

/// The groups of one connection goal, by union-find over the nodes: a placed piece joins the groups of
/// its neighbours of the same side, each root knowing its group's zones and size.
///
/// ```
/// use qipan::core::notation::parse_move;
///
/// // Hex keeps its groups as stones land; each move tests one group.
/// let game = qipan::load("hex", &[("size".into(), "5".into())])?;
/// let mut pos = game.start();
/// for text in ["c3", "a1", "c4", "a2", "c2", "a3", "c1", "a4"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// assert!(!pos.is_over());
/// pos.play(&parse_move(&pos, "c5")?)?;
/// assert_eq!(pos.outcome().unwrap().reason.to_string(), "a connection was made");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Links {
    /// Per node: the node its group is linked through (itself at a root); NONE without a counted piece.
    parent: Vec<NodeId>,
    /// Per root: the goal's zones its group touches.
    zones: Vec<u64>,
    /// Per root: the pieces of its group.
    size: Vec<u16>,
    /// A piece left the board (or changed hands) since the groups were built: rebuild before reading.
    stale: bool,
}

/// Copying into an existing value reuses its buffers (a playout's reset to the start).
impl Clone for Links {
    fn clone(&self) -> Self {
        let Links { parent, zones, size, stale } = self;
        Links { parent: parent.clone(), zones: zones.clone(), size: size.clone(), stale: *stale }
    }

    fn clone_from(&mut self, source: &Self) {
        let Links { parent, zones, size, stale } = source;
        self.parent.clone_from(parent);
        self.zones.clone_from(zones);
        self.size.clone_from(size);
        self.stale = *stale;
    }
}

impl Links {
    /// Groups to be built from the board before their first use.
    pub(crate) fn new(nodes: usize) -> Self {
        Links { parent: vec![NodeId::NONE; nodes], zones: vec![0; nodes], size: vec![0; nodes], stale: true }
    }

    /// Whether the groups must be rebuilt before they are read.
    #[inline]
    pub(crate) fn is_stale(&self) -> bool {
        self.stale
    }

    /// The groups no longer match the board.
    #[inline]
    pub(crate) fn invalidate(&mut self) {
        self.stale = true;
    }

    /// The root of `n`'s group (union by size keeps the paths short, so finding needs no writes).
    #[inline]
    fn root(&self, mut n: NodeId) -> NodeId {
        while self.parent[n.idx()] != n {
            n = self.parent[n.idx()];
        }
        n
    }

    /// The piece `p` has landed on `n`: it starts a group and joins its neighbours' of the same player.
    pub(crate) fn add(
        &mut self,
        goal: &ConnectGoal,
        board: &Board,
        cells: &[Option<Piece>],
        owner: &[SeatId],
        n: NodeId,
    ) {
        let Some(p) = cells[n.idx()].filter(|&p| of_types(&goal.pieces, p)) else { return };
        let i = n.idx();
        (self.parent[i], self.zones[i], self.size[i]) = (n, board.zones_of(n) & goal.zone_mask(), 1);
        let player = owner[p.seat.idx()];
        for &rel in &goal.along {
            for e in board.edges(rel, n) {
                let friend = cells[e.to.idx()].is_some_and(|q| owner[q.seat.idx()] == player);
                if friend && self.parent[e.to.idx()].is_some() {
                    self.union(n, e.to);
                }
            }
        }
    }

    fn union(&mut self, a: NodeId, b: NodeId) {
        let (mut ra, mut rb) = (self.root(a), self.root(b));
        if ra == rb {
            return;
        }
        if self.size[ra.idx()] < self.size[rb.idx()] {
            std::mem::swap(&mut ra, &mut rb);
        }
        self.parent[rb.idx()] = ra;
        self.size[ra.idx()] += self.size[rb.idx()];
        self.zones[ra.idx()] |= self.zones[rb.idx()];
    }

    /// Builds the groups again from the pieces on the board.
    pub(crate) fn rebuild(&mut self, goal: &ConnectGoal, board: &Board, cells: &[Option<Piece>], owner: &[SeatId]) {
        self.parent.fill(NodeId::NONE);
        for n in board.node_ids() {
            self.add(goal, board, cells, owner, n);
        }
        self.stale = false;
    }
}

/// The first connection the last move made: what it does, and a seat of the side that made it. The
/// side that moved is asked first (a capture can complete the other side's "every piece in one group"
/// too; then the mover's connection counts).
pub(crate) fn connected(pos: &mut Position) -> Option<(GoalOutcome, SeatId)> {
    // Only the mover's new piece can have changed a group when pieces stay where they land and the
    // groups were kept up to date while they did.
    // The nodes it filled: one, or two for a placement covering two.
    let placed = pos.last_move().filter(|mv| !mv.from.is_some() && mv.to.is_some()).map(|mv| [mv.to, mv.with_to]);
    let only_new = pos.game().pieces_stay() && pos.links_fresh() && placed.is_some();
    pos.refresh_links();
    let game = pos.game();
    let mover = pos.last_move().map(|mv| mv.to).filter(|n| n.is_some()).and_then(|n| pos.cell(n)).map(|p| p.seat);
    for (i, goal) in game.rules.end.connections.iter().enumerate() {
        let links = pos.links(i);
        let meets = |n: NodeId| {
            let r = links.root(n);
            let player = pos.controller(pos.cell(n)?.seat);
            let met = goal.met_by(pos, player, links.zones[r.idx()], u32::from(links.size[r.idx()]));
            met.then_some(player)
        };
        if only_new {
            let fresh = placed.into_iter().flatten().filter(|&n| n.is_some() && links.parent[n.idx()].is_some());
            if let Some(p) = fresh.into_iter().find_map(meets) {
                return Some((goal.outcome, p));
            }
            continue;
        }
        let roots = game.board.node_ids().filter(|&n| links.parent[n.idx()] == n);
        let mut made = roots.filter_map(meets);
        let Some(first) = made.next() else { continue };
        let by_mover = mover.map(|m| pos.controller(m)).filter(|&m| first == m || made.any(|p| p == m));
        return Some((goal.outcome, by_mover.unwrap_or(first)));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{ConnectGoal, ConnectTarget};
    use crate::outcome::EndReason;
    use crate::rules::{Cond, DirSel, EndRules, GoalOutcome, PassRule, Pattern, Rules};
    use crate::testkit::*;

    const MAN: PieceId = PieceId::new(1);

    /// A 4×4 board with zones `w` (column a) and `e` (column d), stones placed anywhere and men that step
    /// orthogonally (capturing), ending on `goal`.
    fn game_with(target: impl Fn(&crate::board::Board) -> ConnectTarget) -> std::sync::Arc<crate::Game> {
        let b = board(4, 4, &[("w", &["a1", "a2", "a3", "a4"]), ("e", &["d1", "d2", "d3", "d4"])]);
        let goal = ConnectGoal {
            along: vec![rel(&b, "orthogonal")],
            target: target(&b),
            pieces: vec![],
            outcome: GoalOutcome::Wins,
        };
        let step = rule(slide(rel(&b, "orthogonal"), DirSel::All, 1, 1), empty_or_enemy());
        let pieces = vec![piece("stone", vec![rule(Pattern::Place, Cond::Empty)]), piece("man", vec![step])];
        let end = EndRules { connections: vec![goal], ..EndRules::default() };
        game(b, pieces, Rules { pass: PassRule::Always, end, ..Rules::default() })
    }

    fn west_east(b: &crate::board::Board) -> ConnectTarget {
        let bits = 1 << b.zone("w").unwrap() | 1 << b.zone("e").unwrap();
        ConnectTarget::Zones { zones: vec![bits, bits], need: 2 }
    }

    fn result(pos: &crate::Position) -> Option<(EndReason, Vec<SeatId>)> {
        pos.outcome().map(|r| (r.reason.clone(), r.winners.clone()))
    }

    #[test]
    fn a_row_of_stones_joins_west_and_east_and_a_bend_still_does() {
        let g = game_with(west_east);
        let mut pos = position(&g, &[], WHITE);
        // White a1 b1 c2? Not joined: c2 touches b1 only diagonally.
        for text in ["a1", "a4", "b1", "b4", "c2", "c4"] {
            play(&mut pos, text);
        }
        assert!(!pos.is_over());
        play(&mut pos, "d2");
        assert!(!pos.is_over(), "b1 and c2 are not orthogonal neighbours");
        play(&mut pos, "pass");
        play(&mut pos, "c1"); // a1 b1 c1 c2 d2: a bend joins the two columns
        assert_eq!(result(&pos), Some((EndReason::Connection, vec![WHITE])));
    }

    #[test]
    fn the_other_sides_stones_do_not_join_a_group() {
        let g = game_with(west_east);
        let mut pos = position(&g, &[], WHITE);
        for text in ["a1", "b1", "c1", "pass", "d1"] {
            play(&mut pos, text);
        }
        assert!(!pos.is_over(), "Black's b1 breaks the row");
    }

    #[test]
    fn the_last_of_a_sides_pieces_joining_the_rest_connects_them_all() {
        let g = game_with(|_| ConnectTarget::AllPieces);
        let mut pos =
            position(&g, &[("a1", WHITE, MAN), ("c1", WHITE, MAN), ("d4", BLACK, MAN), ("a4", BLACK, MAN)], WHITE);
        play(&mut pos, "a1-b1");
        assert_eq!(result(&pos), Some((EndReason::Connection, vec![WHITE])));
        // Moving pieces rebuild the groups: a man stepping away splits them again.
        let mut pos = position(
            &g,
            &[("a1", WHITE, MAN), ("b1", WHITE, MAN), ("d4", BLACK, MAN), ("a4", BLACK, MAN), ("d2", WHITE, MAN)],
            BLACK,
        );
        play(&mut pos, "a4-a3");
        assert!(!pos.is_over());
        play(&mut pos, "d2-c2"); // c2 is no neighbour of b1: still two groups
        assert!(!pos.is_over());
        play(&mut pos, "a3-a2"); // Black: a2 and d4 apart
        play(&mut pos, "c2-c1"); // c1 joins b1
        assert_eq!(result(&pos), Some((EndReason::Connection, vec![WHITE])));
    }

    #[test]
    fn a_capture_that_completes_both_sides_counts_for_the_mover() {
        let g = game_with(|_| ConnectTarget::AllPieces);
        // Black b1 and d4 apart; White a1 takes b1, leaving Black's d4 alone (one group), and joining
        // White's b1 and b2.
        let pieces = [("a1", WHITE, MAN), ("b2", WHITE, MAN), ("b1", BLACK, MAN), ("d4", BLACK, MAN)];
        let mut pos = position(&g, &pieces, WHITE);
        play(&mut pos, "a1-b1");
        assert_eq!(result(&pos), Some((EndReason::Connection, vec![WHITE])), "the mover first");
    }

    #[test]
    fn incremental_groups_agree_with_a_search_in_random_placements() {
        let g = game_with(west_east);
        let goal = &g.rules.end.connections[0];
        let mut seed = 7u64;
        for _ in 0..200 {
            let mut pos = position(&g, &[], WHITE);
            while !pos.is_over() {
                let moves: Vec<_> = pos.legal_moves().into_iter().filter(|m| !m.is_pass()).collect();
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let mv = moves[(seed >> 33) as usize % moves.len()];
                pos.play(&mv).expect("legal");
                let by_search = g.board.node_ids().any(|n| goal.joins(&pos, n));
                assert_eq!(pos.is_over(), by_search, "after {}", crate::notation::move_text(&g, &mv));
            }
        }
    }
}
