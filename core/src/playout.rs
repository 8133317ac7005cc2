//! Random playouts and perft: the engine's two yardsticks.

use crate::board::NodeId;
use crate::hooks::{HookBudget, HookError, HookPoint};
use crate::moves::Move;
use crate::position::{MoveBuf, Position};
use crate::rules::PassRule;
use crate::{PieceId, SeatId};
use rand::Rng;

/// Plays until the game ends or `cap` plies have been played. Returns the plies played.
///
/// Moves are uniform among the legal moves (pass included where legal). Go-like games take a fast
/// path: candidates are drawn uniformly from the empty nodes and the pass, and an illegal draw is
/// struck off and drawn again, which keeps the choice uniform among legal moves without testing them all.
///
/// ```
/// use qipan::core::playout::{PlayoutBuf, random_playout};
/// use rand::SeedableRng;
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
/// let mut buf = PlayoutBuf::default();
/// let mut pos = game.start();
/// assert_eq!(random_playout(&mut pos, &mut rng, &mut buf, 10)?, 10);
/// assert!(!pos.is_over());
/// let more = random_playout(&mut pos, &mut rng, &mut buf, 10_000)?;
/// assert!(pos.is_over());
/// assert_eq!(pos.ply(), 10 + more);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn random_playout<R: Rng>(
    pos: &mut Position,
    rng: &mut R,
    buf: &mut PlayoutBuf,
    cap: u32,
) -> Result<u32, HookError> {
    playout(pos, rng, buf, cap, Policy::Uniform)
}

/// How playout moves are chosen.
///
/// ```
/// use qipan::core::playout::{PlayoutBuf, Policy, playout};
/// use rand::SeedableRng;
///
/// // Light playouts of Go end with two passes on a settled board, well before the ply limit.
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(2);
/// let mut pos = game.start();
/// playout(&mut pos, &mut rng, &mut PlayoutBuf::default(), 10_000, Policy::Light)?;
/// assert_eq!(pos.outcome().unwrap().reason, qipan::core::EndReason::ConsecutivePasses);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly among the legal moves, the pass included.
    Uniform,
    /// Uniformly among the legal moves that do not fill one of the mover's one-point eyes; the pass
    /// only when there is no such move. Brings Go-family games to a settled end.
    Light,
    /// A turn in several parts (`then place`, the Amazons) drawn part by part, as Ludii does: uniformly
    /// among the first parts (each amazon's move), then uniformly among the placements that complete the
    /// one drawn (its arrows). Under a `remove` capture rule the move is the first part and the piece it
    /// removes (Nine Men's Morris' mill) the second. Other moves, and games with a check rule, hooks, passes, extra actions or a
    /// capture priority, are drawn as [`Policy::Uniform`] draws them.
    ///
    /// ```
    /// use qipan::core::playout::{PlayoutBuf, Policy, playout};
    /// use rand::SeedableRng;
    ///
    /// let game = qipan::load("amazons", &[])?;
    /// let mut rng = rand::rngs::SmallRng::seed_from_u64(4);
    /// let mut pos = game.start();
    /// playout(&mut pos, &mut rng, &mut PlayoutBuf::default(), 10_000, Policy::Parts)?;
    /// assert_eq!(pos.outcome().unwrap().reason, qipan::core::EndReason::NoLegalMove);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    Parts,
}

/// Plays until the game ends or `cap` plies have been played, choosing moves by `policy`.
///
/// ```
/// use qipan::core::playout::{PlayoutBuf, Policy, playout};
/// use rand::SeedableRng;
///
/// let game = qipan::load("chess", &[])?;
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
/// let mut pos = game.start();
/// let plies = playout(&mut pos, &mut rng, &mut PlayoutBuf::default(), 40, Policy::Uniform)?;
/// assert_eq!(pos.ply(), plies);
/// assert!(plies == 40 || pos.is_over());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn playout<R: Rng>(
    pos: &mut Position,
    rng: &mut R,
    buf: &mut PlayoutBuf,
    cap: u32,
    policy: Policy,
) -> Result<u32, HookError> {
    let start = pos.ply();
    let game = pos.game_arc().clone();
    buf.played.clear();
    // One budget for the hooks of the whole game.
    let _budget = game.hooks.is_some().then(HookBudget::open);
    // One placement rule onto empty nodes: draw among the empty nodes kept in a list, not among
    // generated moves (Go, Hex, Gomoku, tic-tac-toe, Connect Four).
    let placer = lone_placement(&game);
    let fast = placer.is_some();
    // Beyond emptiness, the destination condition (Connect Four's `not next(orthogonal.s) empty`).
    let to = placer.map(|r| &r.to).filter(|&c| *c != crate::rules::Cond::Empty);
    if fast {
        buf.rebuild_empties(pos);
    }
    // The pieces on the board, kept up to date by placement games as they play.
    let mut on_board = if fast { filled(pos) } else { 0 };
    // Without scripts and passes, a seat is found stuck when its move is chosen, not after every move
    // by a second search for a legal move.
    let defer = game.hooks.is_none() && game.rules.pass == PassRule::Never && game.rules.pass_if.is_none();
    // Every move a plain slide: count the moves and build only the one drawn (`position/draw.rs`).
    let slides = crate::position::slides_only(&game);
    // A plain sowing game: its legal moves read off the sowing's tables.
    let sowing = game.plain_sowing && defer;
    if sowing
        && matches!(policy, Policy::Uniform | Policy::Parts)
        && let Some(plies) = pos.sow_playout(rng, &mut buf.before, cap)
    {
        // On the pits' counts alone (`position/sow_kernel.rs`): the same games, drawn the same way.
        return plies;
    }
    while !pos.is_over() && pos.ply() - start < cap {
        // The pie rule's swap is left to the full generator.
        let mv = match (fast && !pos.swap_offered(), policy) {
            (true, _) => buf.pick_placement(pos, rng, policy, to),
            (false, Policy::Uniform | Policy::Parts) if sowing => {
                // Drawn as `pick_any` draws (the same index among the same moves), so the games are the same.
                let n = pos.sowing_pits(&mut buf.moves, &mut buf.pits);
                let from = if n == 0 { NodeId::NONE } else { buf.pits[rng.random_range(0..n)] };
                let sow =
                    Move { kind: crate::moves::MoveKind::Sow, from, to: from, piece: PieceId::new(0), ..Move::PASS };
                (n > 0).then_some(sow)
            }
            (false, Policy::Uniform | Policy::Parts) if slides => {
                let n = pos.count_slides(&mut buf.counts);
                // Drawn as `pick_any` draws its index, so the games are the same.
                if n == 0 { None } else { pos.nth_slide(&buf.counts, rng.random_range(0..n as usize) as u32) }
            }
            (false, Policy::Uniform) => buf.pick_any(pos, rng)?,
            (false, Policy::Parts) => buf.pick_parts(pos, rng)?,
            (false, Policy::Light) => {
                pos.try_generate_legal(&mut buf.moves)?;
                light_pick(pos, rng, &mut buf.moves)
            }
        };
        let Some(mv) = mv else {
            let stuck = pos.to_move();
            if defer {
                pos.settle_stuck()?;
            }
            // A stuck seat put out of a game that goes on: the next seat plays.
            if defer && !pos.is_over() && pos.to_move() != stuck {
                continue;
            }
            break;
        };
        if buf.recording {
            buf.played.push((pos.to_move(), mv));
        }
        // What the list of empty nodes needs (placement games only).
        let captures_before: u32 = if fast { pos.captures().iter().sum() } else { 0 };
        if defer {
            pos.play_deferring_stuck(&mv)?;
        } else {
            pos.play_unchecked(&mv)?;
        }
        if fast && mv.to.is_some() {
            let captured = pos.captures().iter().sum::<u32>() != captures_before;
            if !captured && pos.cell(mv.to).is_some() {
                on_board += 1;
                buf.remove_empty(mv.to);
            } else {
                // Captures that convert (Othello's flips) leave no node empty: only the list is rebuilt
                // when a capture has emptied one.
                let now = filled(pos);
                let emptied = captured && now != on_board + 1;
                on_board = now;
                if emptied || pos.cell(mv.to).is_none() {
                    buf.rebuild_empties(pos);
                } else {
                    buf.remove_empty(mv.to);
                }
            }
        }
    }
    if defer && !pos.is_over() {
        // Stopped at the cap: the seat to move may still be stuck.
        pos.settle_stuck()?;
    }
    Ok(pos.ply() - start)
}

/// The number of pieces on the board.
fn filled(pos: &Position) -> usize {
    pos.game().seat_ids().map(|s| pos.placed(s).len()).sum()
}

/// The one movement rule of a game whose every move places a piece of its one type onto an empty
/// node the rule's destination condition allows (and where it captures, under a `required` capture
/// rule), with nothing else a seat could choose (no drop, shot,
/// position condition, extra action, conditional pass or `filter_move` hook). Playouts of such a game
/// draw among the empty nodes and test only the node drawn.
///
/// ```
/// use qipan::core::playout::lone_placement;
///
/// for name in ["go", "hex", "tic-tac-toe", "connect-four", "othello"] {
///     assert!(lone_placement(&*qipan::load(name, &[])?).is_some(), "{name}");
/// }
/// // Connect Four's disc: `place to empty and not next(orthogonal.s) empty`.
/// let four = qipan::load("connect-four", &[])?;
/// assert_eq!(lone_placement(&four).unwrap().text, four.pieces[0].moves[0].text);
/// assert!(lone_placement(&*qipan::load("chess", &[])?).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn lone_placement(game: &crate::Game) -> Option<&crate::rules::MoveRule> {
    let [piece] = game.pieces.as_slice() else { return None };
    let [rule] = piece.moves.as_slice() else { return None };
    let plain = matches!(rule.pattern, crate::rules::Pattern::Place)
        && rule.when == crate::rules::Cond::True
        && rule.after == crate::rules::Cond::True
        && rule.shot.is_none()
        && rule.to.requires_empty();
    let chosen_elsewhere = !game.extras.is_empty()
        || game.rules.pass_if.is_some()
        || game.hooks.as_ref().is_some_and(|h| h.has(HookPoint::FilterMove));
    (plain && !chosen_elsewhere).then_some(rule)
}

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
    moves: MoveBuf,
    /// The completions of a first part ([`Policy::Parts`]).
    parts: Vec<Move>,
    empties: Vec<NodeId>,
    slot: Vec<u32>,
    /// Each mover's node and number of moves, in games of plain slides.
    counts: Vec<(NodeId, u32)>,
    /// The pits the mover may sow from, in sowing games.
    pits: Vec<NodeId>,
    /// The pits' counts when a playout on the sowing kernel starts.
    before: Vec<u16>,
    /// Whether playouts write down their moves in `played` (see [`PlayoutBuf::record`]).
    recording: bool,
    /// The last playout's moves, each with the seat that made it, when recording.
    played: Vec<(SeatId, Move)>,
}

/// The buffer's contents are private: it is only passed to [`playout`] and [`random_playout`].
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

    fn rebuild_empties(&mut self, pos: &Position) {
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

    fn swap(&mut self, i: usize, j: usize) {
        self.empties.swap(i, j);
        self.slot[self.empties[i].idx()] = i as u32;
        self.slot[self.empties[j].idx()] = j as u32;
    }

    fn remove_empty(&mut self, n: NodeId) {
        let i = self.slot[n.idx()] as usize;
        let last = self.empties.len() - 1;
        self.swap(i, last);
        self.empties.pop();
        self.slot[n.idx()] = u32::MAX;
    }

    /// Uniform among legal placements (and the pass where it is always allowed, under the uniform
    /// policy), by striking off illegal draws. With no legal placement: the pass where the rules allow
    /// one, else nothing (the seat is stuck). `to` is the placement's test beyond emptiness, if any.
    fn pick_placement<R: Rng>(
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
            let allowed = to.is_none_or(|c| c.eval(pos, seat, n))
                && (!required || crate::rules::capture::meets_required(pos, seat, PieceId::new(0), NodeId::NONE, n));
            if allowed && pos.placement_legal(n, PieceId::new(0)) && !(light && fills_own_eye(pos, n)) {
                return Some(Move::place(PieceId::new(0), n));
            }
            live -= 1;
            self.swap(i, live);
        }
    }

    /// Uniform among the legal moves; a failing hook is an error.
    /// A move drawn part by part ([`Policy::Parts`]).
    fn pick_parts<R: Rng>(&mut self, pos: &Position, rng: &mut R) -> Result<Option<Move>, HookError> {
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

    fn pick_any<R: Rng>(&mut self, pos: &Position, rng: &mut R) -> Result<Option<Move>, HookError> {
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

/// True when placing on `node` would fill a one-point eye of the seat to move: every neighbour over
/// the group-capture relation holds a piece of that side. Games without group capture have no eyes.
///
/// ```
/// use qipan::core::notation::parse_move;
/// use qipan::core::playout::fills_own_eye;
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// for text in ["A2", "E5", "B1", "F5"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// // Black, to move, has an eye on A1; E4 is no eye of Black's.
/// assert!(fills_own_eye(&pos, game.board.find("A1").unwrap()));
/// assert!(!fills_own_eye(&pos, game.board.find("E4").unwrap()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fills_own_eye(pos: &Position, node: NodeId) -> bool {
    let Some(gc) = &pos.game().rules.group_capture else { return false };
    let seat = pos.to_move();
    pos.cell(node).is_none()
        && pos
            .game()
            .board
            .edges(gc.relation, node)
            .iter()
            .all(|e| pos.cell(e.to).is_some_and(|p| pos.same_side(seat, p.seat)))
}

/// A random legal move that does not fill one of the mover's own one-point eyes, or the pass when
/// there is none (the "light" policy Go programs use to bring a game to its natural end).
///
/// ```
/// use qipan::core::notation::parse_move;
/// use qipan::core::playout::light_move;
/// use qipan::core::{Move, MoveBuf};
/// use rand::SeedableRng;
///
/// // On a 2×2 board, Black's stones on A1 and B2 leave it two eyes and nothing else to play.
/// let game = qipan::load("go", &[("size".into(), "2".into())])?;
/// let mut pos = game.start();
/// for text in ["A1", "pass", "B2", "pass"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(6);
/// assert_eq!(light_move(&pos, &mut rng, &mut MoveBuf::default()), Some(Move::PASS));
/// assert_eq!(pos.legal_moves().len(), 3); // A2, B1 and the pass
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn light_move<R: Rng>(pos: &Position, rng: &mut R, buf: &mut MoveBuf) -> Option<Move> {
    pos.generate_legal(buf);
    light_pick(pos, rng, buf)
}

/// [`light_move`]'s choice among the legal moves in `buf`.
fn light_pick<R: Rng>(pos: &Position, rng: &mut R, buf: &mut MoveBuf) -> Option<Move> {
    let pass = buf.moves.iter().find(|m| m.is_pass()).copied();
    buf.moves.retain(|m| !m.is_pass() && (!m.to.is_some() || !fills_own_eye(pos, m.to)));
    if buf.moves.is_empty() {
        return pass;
    }
    Some(buf.moves[rng.random_range(0..buf.moves.len())])
}

/// The number of move sequences of exactly `depth` plies from `pos`.
///
/// A hook that fails on the way leaves the moves it concerns out of the count; [`try_perft`] reports
/// it instead, as every command does.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan_core::board::generators::{grid, GridSpec};
/// use qipan_core::game::{GameBuilder, PieceType, Seat};
/// use qipan_core::rules::{Cond, MoveRule, Pattern};
/// use std::sync::Arc;
///
/// // Two seats placing stones on an empty 3×3 board, nothing else.
/// let board = grid(&GridSpec::new(3, 3)).unwrap().build().unwrap();
/// let stone = PieceType {
///     name: "stone".into(),
///     symbols: vec!["X".into(), "O".into()],
///     moves: vec![MoveRule::new(Pattern::Place, Cond::Empty, "place to empty")],
///     immune: false,
///     captures: true,
///     owner: None,
/// };
/// let seats = [Seat::new("x", "X", SeatId(0)), Seat::new("o", "O", SeatId(1))];
/// let game = Arc::new(GameBuilder::new("t", board).seats(seats).piece(stone).build().unwrap());
/// assert_eq!(qipan_core::playout::perft(&game.start(), 2), 9 * 8);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    count(pos, depth, false).unwrap_or(0)
}

/// The number of move sequences of exactly `depth` plies from `pos`, or the first failure of a hook (a
/// move's hook, a `filter_move` while generating, or the hooks' overall budget for the whole count spent).
///
/// Memory grows with the plies reached, not with `depth`: a depth past the end of every game costs nothing.
///
/// ```
/// use qipan::core::playout::try_perft;
///
/// // Go on 2×2 stopped after three plies.
/// let go = qipan::load("go", &[("size".into(), "2".into()), ("move_cap".into(), "3".into())])?;
/// assert_eq!(try_perft(&go.start(), 2)?, 4 * 4 + 5); // after a pass, White may pass too
/// assert!(try_perft(&go.start(), 3)? > 0);
/// assert_eq!(try_perft(&go.start(), u32::MAX)?, 0, "no game lasts that long, and asking costs nothing");
///
/// // `after_move` sees the ply the move was played at: 1 is the second move.
/// let def = "extends: go\nhooks:\n  after_move: 'if pos.ply == 1 { throw \"no second move\" }'\n";
/// let broken = qipan::load_str("broken.yaml", def, &[("size".into(), "9".into())])?;
/// assert_eq!(try_perft(&broken.start(), 1)?, 82);
/// let err = try_perft(&broken.start(), 2).unwrap_err();
/// assert_eq!((err.hook.as_str(), err.message.as_str()), ("after_move", "no second move"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_perft(pos: &Position, depth: u32) -> Result<u64, HookError> {
    // One budget for the hooks of the whole count.
    let _budget = pos.game().hooks.is_some().then(HookBudget::open);
    count(pos, depth, true)
}

/// Perft by depth-first search on an explicit stack (no recursion, however deep the count), with one
/// position and move buffer per ply reached, reused from branch to branch. With `strict`, a failing
/// hook is an error; otherwise the moves it concerns are left out.
fn count(root: &Position, depth: u32, strict: bool) -> Result<u64, HookError> {
    let generate = |pos: &Position, buf: &mut MoveBuf| {
        if strict {
            return pos.try_generate_legal(buf);
        }
        pos.generate_legal(buf);
        Ok(())
    };
    if depth == 0 {
        return Ok(1);
    }
    // `frames[i]`: the position after `i` plies, its legal moves, and the next of them to try.
    let mut frames = vec![(root.clone(), MoveBuf::default(), 0usize)];
    generate(root, &mut frames[0].1)?;
    if depth == 1 {
        return Ok(frames[0].1.moves.len() as u64);
    }
    let mut total = 0;
    let mut live = 1;
    while live > 0 {
        let i = live - 1;
        let next = frames[i].2;
        let Some(&mv) = frames[i].1.moves.get(next) else {
            live -= 1;
            continue;
        };
        frames[i].2 += 1;
        if frames.len() == live {
            frames.push((root.clone(), MoveBuf::default(), 0));
        }
        let (parents, children) = frames.split_at_mut(live);
        let child = &mut children[0];
        child.0.clone_from(&parents[i].0);
        match child.0.play_unchecked(&mv) {
            Ok(()) => {}
            Err(e) if strict => return Err(e),
            Err(_) => continue,
        }
        generate(&child.0, &mut child.1)?;
        // The child stands `live` plies deep; the last ply is counted from its move list.
        if depth - live as u32 == 1 {
            total += child.1.moves.len() as u64;
        } else {
            child.2 = 0;
            live += 1;
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
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
