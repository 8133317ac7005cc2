//! Random playouts and perft: the engine's two yardsticks.

mod atari;
mod buf;
mod decisive;
mod knowledge;
mod light;
mod patterns;
mod perft;
mod replies;

pub use buf::PlayoutBuf;
pub use knowledge::{Knowledge, Prior};
pub use light::{fills_own_eye, light_move};
pub use patterns::{Patterns, PatternsError, Shape, ShapeError};
pub use perft::{perft, try_perft};

use crate::PieceId;
use crate::board::NodeId;
use crate::hooks::{HookBudget, HookError, HookPoint};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::PassRule;
use light::light_pick;
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
        if buf.replying {
            buf.replies.fit(game.board.len(), game.seats.len());
        }
    }
    // The pieces on the board, kept up to date by placement games as they play.
    let mut on_board = if fast { filled(pos) } else { 0 };
    // Winning lines taken and stopped, in line games whose player asked for it.
    let decisive = fast && buf.decisive && decisive::applies(&game);
    if decisive {
        buf.threats.start(pos);
    }
    let required = game.rules.capture_required();
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
            (true, _) => match decisive.then(|| buf.threats.pick(pos, to, required)).flatten() {
                Some(n) => Some(Move::place(PieceId::new(0), n)),
                // Answers to atari first, then the last good reply, then a shape beside the last move,
                // then a random placement.
                None => buf
                    .atari_answer(pos, rng, to, required)
                    .or_else(|| buf.good_reply(pos, policy, to, required))
                    .or_else(|| buf.pattern_move(pos, rng, to, required))
                    .or_else(|| buf.pick_placement(pos, rng, policy, to)),
            },
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
        let mover = pos.to_move();
        if buf.recording {
            buf.played.push((mover, mv));
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
            if decisive && !pos.is_over() && pos.cell(mv.to).is_some() {
                buf.threats.after_placing(pos, mv.to, mover);
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
