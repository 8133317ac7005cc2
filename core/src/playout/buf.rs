//! The buffers a playout reuses, and how each kind of game draws its next move from them.

use super::{Policy, fills_own_eye};
use crate::board::NodeId;
use crate::hooks::HookError;
use crate::moves::Move;
use crate::position::{MoveBuf, Position};
use crate::rules::PassRule;
use crate::{PieceId, SeatId};
use rand::Rng;

/// Buffers reused across playouts.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::playout::{PlayoutBuf, random_playout};
/// use rand::SeedableRng;
///
/// // A hundred playouts from the same start, with one buffer.
/// let game = qipan::load("go", &[("size".into(), "5".into())])?;
/// let (start, mut buf) = (game.start(), PlayoutBuf::default());
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(4);
/// let mut black_wins = 0;
/// for _ in 0..100 {
///     let mut pos = start.clone();
///     random_playout(&mut pos, &mut rng, &mut buf, 1000)?;
///     black_wins += pos.outcome().is_some_and(|r| r.winners == [SeatId(0)]) as u32;
/// }
/// assert!(0 < black_wins && black_wins < 100);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct PlayoutBuf {
    pub(super) moves: MoveBuf,
    /// The completions of a first part ([`Policy::Parts`]).
    pub(super) parts: Vec<Move>,
    pub(super) empties: Vec<NodeId>,
    pub(super) slot: Vec<u32>,
    /// Each mover's node and number of moves, in games of plain slides.
    pub(super) counts: Vec<(NodeId, u32)>,
    /// The pits the mover may sow from, in sowing games.
    pub(super) pits: Vec<NodeId>,
    /// The pits' counts when a playout on the sowing kernel starts.
    pub(super) before: Vec<u16>,
    /// Whether playouts write down their moves in `played` (see [`PlayoutBuf::record`]).
    pub(super) recording: bool,
    /// The last playout's moves, each with the seat that made it, when recording.
    pub(super) played: Vec<(SeatId, Move)>,
    /// Whether playouts of line games play decisive and anti-decisive moves (see [`PlayoutBuf::decisive`]).
    pub(super) decisive: bool,
    /// Each seat's winning nodes, in playouts with decisive moves.
    pub(super) threats: super::decisive::Threats,
    /// Whether playouts of placement games play last good replies (see [`PlayoutBuf::replies`]).
    pub(super) replying: bool,
    pub(super) replies: super::replies::Replies,
    /// Whether playouts of games that capture chains answer ataris (see [`PlayoutBuf::atari`]).
    pub(super) atari: bool,
    /// Whether playouts play the game's 3×3 patterns (see [`PlayoutBuf::patterns`]).
    pub(super) patterning: bool,
    /// The answers to the last move's ataris, or the nodes its shapes match, while one is drawn.
    pub(super) answers: Vec<NodeId>,
}

/// The buffer's contents are private: it is only passed to [`playout`](super::playout) and
/// [`random_playout`](super::random_playout).
///
/// ```
/// use qipan::core::playout::{PlayoutBuf, random_playout};
/// use rand::SeedableRng;
///
/// // Playouts are reproducible under a seeded generator, whatever the buffer held before.
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut buf = PlayoutBuf::default();
/// let mut ends = Vec::new();
/// for _ in 0..2 {
///     let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
///     let mut pos = game.start();
///     random_playout(&mut pos, &mut rng, &mut buf, 1000)?;
///     ends.push(pos.hash());
/// }
/// assert_eq!(ends[0], ends[1]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl PlayoutBuf {
    /// Whether playouts through this buffer write down their moves, for [`PlayoutBuf::played`]. Off by
    /// default: only a player that learns from whole playouts (RAVE) needs them. Sowing games' playouts
    /// on the pits' counts alone keep no moves.
    ///
    /// ```
    /// use qipan::core::playout::{PlayoutBuf, Policy, playout};
    /// use rand::SeedableRng;
    ///
    /// let game = qipan::load("tic-tac-toe", &[])?;
    /// let mut buf = PlayoutBuf::default();
    /// buf.record(true);
    /// let mut pos = game.start();
    /// let plies = playout(&mut pos, &mut rand::rngs::SmallRng::seed_from_u64(1), &mut buf, 100, Policy::Uniform)?;
    /// assert_eq!(buf.played().len(), plies as usize);
    /// // Replayed from the start, the moves give the same game.
    /// let mut again = game.start();
    /// for (seat, mv) in buf.played() {
    ///     assert_eq!(again.to_move(), *seat);
    ///     again.play(mv)?;
    /// }
    /// assert_eq!(again.hash(), pos.hash());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(&mut self, on: bool) {
        self.recording = on;
        self.played.clear();
    }

    /// Whether playouts through this buffer play decisive and anti-decisive moves in line games (tic-tac-toe,
    /// Connect Four, Gomoku: games whose goals are lines that win for the side that makes them, placing one
    /// kind of piece): a seat that can complete a line at once does, and otherwise takes the node where a
    /// later seat would complete one, if it may place there; other moves are drawn as before. Off by
    /// default (playouts stay uniform, as `bench` measures them); the MCTS player turns it on (its
    /// `decisive=on`). Other games play as they would.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    /// use qipan::core::playout::{PlayoutBuf, Policy, playout};
    /// use rand::SeedableRng;
    ///
    /// // X has a1 and a2, O has b2: whatever the seed, O's next move is a3.
    /// let game = qipan::load("tic-tac-toe", &[])?;
    /// let mut start = game.start();
    /// for text in ["a1", "b2", "a2"] {
    ///     start.play(&parse_move(&start, text)?)?;
    /// }
    /// let mut buf = PlayoutBuf::default();
    /// buf.decisive(true);
    /// buf.record(true);
    /// for seed in 0..20 {
    ///     let mut pos = start.clone();
    ///     playout(&mut pos, &mut rand::rngs::SmallRng::seed_from_u64(seed), &mut buf, 9, Policy::Uniform)?;
    ///     assert_eq!(buf.played()[0].1, parse_move(&start, "a3")?);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn decisive(&mut self, on: bool) {
        self.decisive = on;
    }

    /// The moves of the last playout and the seat that made each, when [`PlayoutBuf::record`] is on;
    /// empty otherwise.
    ///
    /// ```
    /// use qipan::core::playout::{PlayoutBuf, Policy, playout};
    /// use rand::SeedableRng;
    ///
    /// let game = qipan::load("go", &[("size".into(), "5".into())])?;
    /// let mut buf = PlayoutBuf::default();
    /// let mut pos = game.start();
    /// playout(&mut pos, &mut rand::rngs::SmallRng::seed_from_u64(1), &mut buf, 10, Policy::Light)?;
    /// assert!(buf.played().is_empty()); // not recording
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn played(&self) -> &[(SeatId, Move)] {
        &self.played
    }

    pub(super) fn rebuild_empties(&mut self, pos: &Position) {
        let n = pos.game().board.len();
        self.slot.resize(n, u32::MAX);
        self.empties.clear();
        for node in pos.game().board.node_ids() {
            if pos.cell(node).is_none() {
                self.slot[node.idx()] = self.empties.len() as u32;
                self.empties.push(node);
            } else {
                self.slot[node.idx()] = u32::MAX;
            }
        }
    }

    pub(super) fn swap(&mut self, i: usize, j: usize) {
        self.empties.swap(i, j);
        self.slot[self.empties[i].idx()] = i as u32;
        self.slot[self.empties[j].idx()] = j as u32;
    }

    pub(super) fn remove_empty(&mut self, n: NodeId) {
        let i = self.slot[n.idx()] as usize;
        let last = self.empties.len() - 1;
        self.swap(i, last);
        self.empties.pop();
        self.slot[n.idx()] = u32::MAX;
    }

    /// Uniform among legal placements (and the pass where it is always allowed, under the uniform
    /// policy), by striking off illegal draws. With no legal placement: the pass where the rules allow
    /// one, else nothing (the seat is stuck). `to` is the placement's test beyond emptiness, if any.
    pub(super) fn pick_placement<R: Rng>(
        &mut self,
        pos: &Position,
        rng: &mut R,
        policy: Policy,
        to: Option<&crate::rules::Cond>,
    ) -> Option<Move> {
        let mut live = self.empties.len();
        let light = policy == Policy::Light;
        let pass = pos.game().rules.pass;
        // Under the uniform policy, when passing is always allowed, slot `live` stands for the pass.
        let pass_slot = !light && pass == PassRule::Always;
        let seat = pos.to_move();
        // Othello's placements must capture: tested on the node drawn, as the destination condition is.
        let required = pos.game().rules.capture_required();
        loop {
            if live == 0 && !pass_slot {
                return (pass != PassRule::Never).then_some(Move::PASS);
            }
            let i = if pass_slot { rng.random_range(0..=live) } else { rng.random_range(0..live) };
            if i == live {
                return Some(Move::PASS);
            }
            let n = self.empties[i];
            if placeable(pos, seat, n, to, required) && !(light && fills_own_eye(pos, n)) {
                return Some(Move::place(PieceId::new(0), n));
            }
            live -= 1;
            self.swap(i, live);
        }
    }

    /// A move drawn part by part ([`Policy::Parts`]).
    pub(super) fn pick_parts<R: Rng>(&mut self, pos: &Position, rng: &mut R) -> Result<Option<Move>, HookError> {
        let game = pos.game();
        let rules = &game.rules;
        // Only where the seat's legal moves are its pseudo-legal ones, and a seat without one is stuck.
        let simple = game.hooks.is_none()
            && !game.has_check_rule()
            && game.extras.is_empty()
            && rules.pass == PassRule::Never
            && rules.pass_if.is_none()
            && rules.group_capture.is_none()
            && rules.repetition == crate::rules::Repetition::None
            && rules.capture_priority == crate::rules::CapturePriority::Free
            && !game.has_idle_walks()
            && !pos.swap_offered();
        if !simple {
            return self.pick_any(pos, rng);
        }
        pos.generate_first_parts(&mut self.moves);
        let mut live = self.moves.moves.len();
        while live > 0 {
            let i = rng.random_range(0..live);
            let first = self.moves.moves[i];
            if first.then_place.is_none() && game.rules.removes() {
                // The move, then the piece it removes (if it closes a line): the second part.
                self.parts.clear();
                crate::rules::capture::remove::push_removals(pos, first, &mut self.parts);
                return Ok(Some(self.parts[rng.random_range(0..self.parts.len())]));
            }
            if first.then_place.is_none() {
                return Ok(Some(first));
            }
            pos.complete_first_part(first, &mut self.parts);
            if !self.parts.is_empty() {
                return Ok(Some(self.parts[rng.random_range(0..self.parts.len())]));
            }
            // A first part that nothing completes is no move: strike it off.
            live -= 1;
            self.moves.moves.swap(i, live);
        }
        Ok(None)
    }

    /// Uniform among the legal moves; a failing hook is an error.
    pub(super) fn pick_any<R: Rng>(&mut self, pos: &Position, rng: &mut R) -> Result<Option<Move>, HookError> {
        let game = pos.game();
        // Passes a seat may always choose are left to the full generator.
        if game.has_check_rule() && game.extras.is_empty() && game.rules.pass != PassRule::Always && !pos.swap_offered()
        {
            // Draw among the pseudo-legal moves and test only what is drawn: an illegal draw is struck
            // off, so the choice stays uniform among the legal moves. A pass under a condition (`pass: if
            // not in-check`) is one more candidate, after the moves, tested when drawn like them.
            pos.generate_pseudo(&mut self.moves);
            let mut live = self.moves.moves.len();
            let mut pass = game.rules.pass_if.is_some();
            while live + usize::from(pass) > 0 {
                let i = rng.random_range(0..live + usize::from(pass));
                if i == live {
                    if pos.pass_offered(true)? {
                        return Ok(Some(Move::PASS));
                    }
                    pass = false;
                    continue;
                }
                let mv = self.moves.moves[i];
                if pos.pseudo_legal(&mv, &mut self.moves, true)? {
                    return Ok(Some(mv));
                }
                live -= 1;
                self.moves.moves.swap(i, live);
            }
            return Ok((game.rules.pass == PassRule::WhenStuck && !pos.is_over()).then_some(Move::PASS));
        }
        pos.try_generate_legal(&mut self.moves)?;
        if self.moves.moves.is_empty() {
            return Ok(None);
        }
        Ok(Some(self.moves.moves[rng.random_range(0..self.moves.moves.len())]))
    }
}

/// The node the last move placed a piece on, if it was a placement (the moves playouts answer).
pub(super) fn last_placed(pos: &Position) -> Option<NodeId> {
    let last = pos.last_move()?;
    (last.kind == crate::moves::MoveKind::Place && last.to.is_some()).then_some(last.to)
}

/// One of `nodes` drawn uniformly, as a placement of the game's one piece; `None` (the random numbers
/// untouched) when there is none.
pub(super) fn draw_placement<R: Rng>(rng: &mut R, nodes: &[NodeId]) -> Option<Move> {
    (!nodes.is_empty()).then(|| Move::place(PieceId::new(0), nodes[rng.random_range(0..nodes.len())]))
}

/// Whether `seat` may place the game's one piece on the empty node `n`: the placement rule's destination
/// condition `to` beyond emptiness, a capture where captures are `required`, and the rest of the rules.
pub(super) fn placeable(
    pos: &Position,
    seat: SeatId,
    n: NodeId,
    to: Option<&crate::rules::Cond>,
    required: bool,
) -> bool {
    to.is_none_or(|c| c.eval(pos, seat, n))
        && (!required || crate::rules::capture::meets_required(pos, seat, PieceId::new(0), NodeId::NONE, n))
        && pos.placement_legal(n, PieceId::new(0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::playout;
    use crate::rules::{CaptureForm, CaptureRule, Cond, Pattern, Rules};
    use crate::testkit::*;
    use rand::SeedableRng;

    const DISC: PieceId = PieceId::new(0);

    /// Othello on 6×6: a placement must flank, and converts what it flanks.
    fn flips() -> std::sync::Arc<crate::Game> {
        let b = board(6, 6, &[]);
        let mut lines = Vec::new();
        for name in ["orthogonal", "diagonal"] {
            let r = rel(&b, name);
            lines.extend(b.relation_directions(r).into_iter().map(|d| (r, d)));
        }
        let flank = CaptureRule {
            form: CaptureForm::Line { min: 1, max: 255 },
            lines,
            target: Cond::Enemy,
            closer: Cond::Friend,
            trigger: Cond::True,
            fallback: None,
            by: 0,
            convert: true,
            required: true,
            spare: None,
            text: "flank".into(),
            target_table: None,
            closer_table: None,
        };
        let rules = Rules { captures: vec![flank], pass: PassRule::WhenStuck, ..Rules::default() };
        game(b, vec![piece("disc", vec![rule(Pattern::Place, Cond::Empty)])], rules)
    }

    #[test]
    fn the_empty_nodes_stay_listed_through_converting_captures() {
        let g = flips();
        let discs = [("c3", WHITE, DISC), ("d4", WHITE, DISC), ("c4", BLACK, DISC), ("d3", BLACK, DISC)];
        let start = position(&g, &discs, WHITE);
        let mut buf = PlayoutBuf::default();
        for seed in 0..40 {
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            let mut pos = start.clone();
            // A few plies a call: the list is built at the start of each, then kept up to date.
            for _ in 0..10 {
                playout(&mut pos, &mut rng, &mut buf, 7, Policy::Uniform).unwrap();
                let mut listed = buf.empties.clone();
                listed.sort();
                let empty: Vec<NodeId> = g.board.node_ids().filter(|&n| pos.cell(n).is_none()).collect();
                assert_eq!(listed, empty, "seed {seed}, ply {}", pos.ply());
            }
        }
        assert!(g.rules.captures[0].target_table.is_some(), "flanks read off tables");
    }
}
