//! When a game ends: the end rules ([`EndRules`]) and their evaluation after every move.
//!
//! The rules are tried in a fixed order, the first that fires naming the result: a `game_over`
//! hook, a counter's goal reached, a goal on the board met (a line, a connection, a zone reached:
//! [`crate::rules::goal`]), a full board that a seat wins, a count of pieces crossed, seats left without pieces, the last side standing, consecutive passes, no
//! seat able to move, the move limit, a seat without a legal move (checkmate or stalemate), and the
//! draws by quiet moves or repetition. The position changes only through a few narrow methods
//! (eliminating a seat, handing it over, ending the game); the decisions are made here.
//!
//! A playout leaves the "no legal move" test to its next move generation, and still sees a mate or a
//! stalemate where it stops:
//!
//! ```
//! use qipan::core::SeatId;
//! use qipan::core::{EndReason, Position, playout::{PlayoutBuf, random_playout}};
//! use rand::SeedableRng;
//!
//! let game = qipan::load("chess", &[])?;
//! let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
//! // Stalemate: Black cannot move, and chess draws it.
//! let mut pos = Position::from_fen(&game, "k7/8/1Q6/8/8/8/8/7K b - - 0 1")?;
//! assert!(!pos.is_over());
//! assert_eq!(random_playout(&mut pos, &mut rng, &mut PlayoutBuf::default(), 10)?, 0);
//! let result = pos.outcome().unwrap();
//! assert!(result.winners.is_empty());
//! assert_eq!(result.reason, EndReason::NoLegalMove);
//! // Fool's mate, set up without being played: White is mated.
//! let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
//! let mut pos = Position::from_fen(&game, fen)?;
//! assert_eq!(random_playout(&mut pos, &mut rng, &mut PlayoutBuf::default(), 10)?, 0);
//! assert_eq!(pos.outcome().map(|r| (&r.reason, r.winners.clone())), Some((&EndReason::Checkmate, vec![SeatId(1)])));
//! // A playout that has started: no stuck seat, nothing settled.
//! let mut pos = game.start();
//! assert_eq!(random_playout(&mut pos, &mut rng, &mut PlayoutBuf::default(), 1)?, 1);
//! assert!(!pos.is_over());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::hooks::{HookError, HookOutcome, HookPoint};
use crate::outcome::{EndReason, GameResult};
use crate::position::{Piece, Position};
use crate::rules::{
    AbsorbedTurns, ConnectGoal, CountGoal, EncloseGoal, FortGoal, GoalOutcome, LineGoal, PassRule, ReachGoal,
    StuckRule, goal,
};
use crate::{PieceId, SeatId};

/// When a game ends.
///
/// ```
/// let chess = qipan::load("chess", &[])?;
/// let end = &chess.rules.end;
/// assert_eq!(end.quiet_draw, Some(100), "the fifty-move rule");
/// assert_eq!(end.quiet_reset, vec![chess.piece("pawn").unwrap()]);
/// assert_eq!(end.repetition_draw, Some(3));
/// assert_eq!(end.consecutive_passes, None);
/// let chess = qipan::load("chess", &[("fifty_moves".into(), "false".into())])?;
/// assert_eq!(chess.rules.end.quiet_draw, None);
///
/// let go = qipan::load("go", &[("size".into(), "9".into())])?;
/// assert_eq!(go.rules.end.consecutive_passes, Some(2));
/// assert_eq!(go.rules.end.max_plies, Some(3 * 81));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Default)]
pub struct EndRules {
    /// End after this many consecutive passes (2 in Go).
    pub consecutive_passes: Option<u32>,
    /// End after this many plies; the result is then the score (or a draw without scoring).
    pub max_plies: Option<u32>,
    /// A seat whose piece of one of these types is captured is eliminated (or absorbed: `royal_capture`).
    pub royal: Vec<PieceId>,
    /// What capturing a royal piece does.
    pub royal_capture: RoyalCapture,
    /// A side (a player with every seat it holds) whose pieces on the board are all of these types is out
    /// (a lone king), after any move that captured something.
    pub bare: Vec<PieceId>,
    /// What becomes of a bare side.
    pub bare_side: BareSide,
    /// A seat left with no pieces on the board or in reserve is eliminated.
    pub lose_without_pieces: bool,
    /// The last side still playing wins.
    pub last_standing: bool,
    /// A player (a seat that holds itself) wins at once, with every seat it holds, when one of these
    /// counters reaches its value: (counter index, at least).
    pub goals: Vec<(usize, i64)>,
    /// The game is drawn after this many plies without a capture or a move of a `quiet_reset` piece
    /// (100 for a fifty-moves-each rule).
    pub quiet_draw: Option<u32>,
    /// Piece types whose moves reset the count of quiet plies (pawns, say).
    pub quiet_reset: Vec<PieceId>,
    /// The game is drawn when one arrangement with the same seat to move occurs this many times.
    pub repetition_draw: Option<u32>,
    /// The seat whose side loses, instead of a draw, when an arrangement repeats that often (Copenhagen
    /// Hnefatafl's defenders).
    pub repetition_loser: Option<SeatId>,
    /// Lines that end the game at once when a seat makes one, tried in order (N in a row).
    pub lines: Vec<LineGoal>,
    /// Connections that end the game at once when a side's group makes one, tried in order.
    pub connections: Vec<ConnectGoal>,
    /// Zones that end the game at once when a piece arrives in its seat's, tried in order.
    pub reach: Vec<ReachGoal>,
    /// Sides that lose (or win) at once when hostile pieces ring them in, tried in order.
    pub enclosed: Vec<EncloseGoal>,
    /// Pieces whose unbreakable fort on the edge wins (or loses) for their side at once, tried in order.
    pub forts: Vec<FortGoal>,
    /// Counts of pieces below which a seat is out (or wins), tried in order after every move.
    pub counts: Vec<CountGoal>,
    /// When a move fills the board without meeting a goal, this seat's side wins (Chaos, in Order and
    /// Chaos); `None`: a full board decides nothing by itself.
    pub full: Option<SeatId>,
    /// Counts that start when a condition first holds and draw the game at a limit, tried in order
    /// ([`crate::rules::counting`]: makruk's honours).
    pub counting: Vec<crate::rules::counting::CountingRule>,
    /// The material with which no side can win: the game is drawn when the board holds one of these
    /// ([`crate::rules::insufficient`]).
    pub insufficient: Vec<crate::rules::insufficient::DeadCase>,
    /// With `repetition_draw`: a repetition in which one side gave check with every move loses for that
    /// side instead of drawing (xiangqi's Asian rules; [`crate::rules::perpetual`]).
    pub perpetual_check_loses: bool,
    /// A game that would end drawn by repetition, quiet moves or a stalemate the rules call a draw is
    /// decided by the scoring instead (`draws: scored`: janggi's material counting).
    pub draws_scored: bool,
}

/// What capturing a royal piece does to the seat it belonged to.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::{notation::parse_move, rules::RoyalCapture};
///
/// let src = "name: duel
/// board: { grid: { width: 3, height: 1, labels: chess } }
/// seats: [{ name: white }, { name: black }]
/// pieces:
///   king: { moves: step orthogonal }
/// setup:
///   - { seat: white, piece: king, at: [a1] }
///   - { seat: black, piece: king, at: [c1] }
/// end:
///   royal: [king]
///   royal_capture: eliminate
/// ";
/// let game = qipan::load_str("duel.yaml", src, &[])?;
/// assert_eq!(game.rules.end.royal_capture, RoyalCapture::Eliminate);
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "a1-b1")?)?;
/// pos.play(&parse_move(&pos, "c1-b1")?)?;
/// assert!(!pos.is_alive(SeatId(0)));
/// assert_eq!(pos.outcome().unwrap().winners, vec![SeatId(1)]);
///
/// let game = qipan::load_str("duel.yaml", &src.replace("eliminate", "absorb"), &[])?;
/// assert_eq!(game.rules.end.royal_capture, RoyalCapture::Absorb);
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "a1-b1")?)?;
/// pos.play(&parse_move(&pos, "c1-b1")?)?;
/// assert_eq!(pos.controller(SeatId(0)), SeatId(1), "Black's player now holds White's seat");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum RoyalCapture {
    /// The seat is out of the game; its remaining pieces stay where they are, unmovable.
    #[default]
    Eliminate,
    /// The captor's player absorbs the seat: when the seat was a player, with every seat it held; when it
    /// was held by another player, on its own. Its pieces and turns go on under the captor's player.
    Absorb,
}

/// What becomes of a side left with only bare pieces (see [`EndRules::bare`]).
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::{notation::parse_move, rules::BareSide};
///
/// let src = "name: bare
/// board: { grid: { width: 4, height: 1, labels: chess } }
/// seats: [{ name: white }, { name: black }]
/// pieces:
///   king: { moves: step orthogonal }
///   man: { moves: step orthogonal }
/// setup:
///   - { seat: white, piece: king, at: [a1] }
///   - { seat: white, piece: man, at: [b1] }
///   - { seat: black, piece: man, at: [c1] }
///   - { seat: black, piece: king, at: [d1] }
/// end:
///   bare: [king]
///   bare_side: removed
/// ";
/// let game = qipan::load_str("bare.yaml", src, &[])?;
/// assert_eq!(game.rules.end.bare_side, BareSide::Removed);
/// let d1 = game.board.find("d1").unwrap();
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "b1-c1")?)?;
/// assert!(!pos.is_alive(SeatId(1)));
/// assert_eq!(pos.cell(d1), None, "the lone king left the board");
///
/// let game = qipan::load_str("bare.yaml", &src.replace("removed", "captor"), &[])?;
/// assert_eq!(game.rules.end.bare_side, BareSide::Captor);
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "b1-c1")?)?;
/// assert_eq!(pos.controller(SeatId(1)), SeatId(0));
/// assert_eq!(pos.cell(d1).map(|p| p.seat), Some(SeatId(1)), "the king stays, under White's player");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum BareSide {
    /// Its pieces leave the board and its seats leave the game.
    #[default]
    Removed,
    /// The player whose capture left it bare absorbs it, as a royal capture under [`RoyalCapture::Absorb`].
    Captor,
}

/// Decides whether the game has ended after a move, and ends it.
///
/// A loop, not a recursion: each pass either ends the game, finds it goes on, or takes a live seat
/// out (a seat left without pieces, or one stuck under `stuck: lose`) and looks again, so it ends
/// after at most one pass per seat.
pub(crate) fn check_end(pos: &mut Position) -> Result<(), HookError> {
    // No allocation and no reference counting here: this runs after every move of every playout.
    // Whether the last seat put out for being stuck was in check then (it names the result).
    let mut stuck_mated: Option<bool> = None;
    if pos.game().ends_only_stuck
        && pos.defers_stuck()
        && pos.game().rules.end.repetition_draw.is_none_or(|times| pos.repetitions() < times as usize)
    {
        // A sowing game ends only when the seat to move is stuck, which the playout tests next, or by
        // a repetition, which is not due.
        return Ok(());
    }
    loop {
        if let Some(h) = pos.game().hooks.as_ref().filter(|h| h.has(HookPoint::GameOver)).cloned()
            && let HookOutcome::Winners(w) = h.game_over(pos)?
        {
            let result = GameResult::winners(pos, w, EndReason::Script);
            pos.finish(result);
            return Ok(());
        }
        for g in 0..pos.game().rules.end.goals.len() {
            let (counter, at_least) = pos.game().rules.end.goals[g];
            let player = pos
                .game()
                .seat_ids()
                .find(|&s| pos.is_alive(s) && pos.controller(s) == s && pos.counter(counter, s) >= at_least);
            if let Some(p) = player {
                let winners = pos.game().seat_ids().filter(|&s| pos.is_alive(s) && pos.controller(s) == p).collect();
                let result = GameResult::winners(pos, winners, EndReason::GoalReached);
                pos.finish(result);
                return Ok(());
            }
        }
        if let Some(result) = goal::met(pos) {
            pos.finish(result);
            return Ok(());
        }
        if let Some(seat) = pos.game().rules.end.full
            && pos.is_full()
        {
            let result = goal::decided(pos, seat, GoalOutcome::Wins, EndReason::BoardFull);
            pos.finish(result);
            return Ok(());
        }
        if let Some((outcome, seat)) = goal::counts_crossed(pos) {
            if outcome == GoalOutcome::Wins {
                let result = goal::decided(pos, seat, outcome, EndReason::PieceCount);
                pos.finish(result);
                return Ok(());
            }
            // The seat is out; the others' counts are looked at again, with the last side standing.
            pos.eliminate(seat)?;
            if !pos.is_alive(pos.to_move()) {
                turn_after_elimination(pos);
            }
            continue;
        }
        if pos.game().rules.end.lose_without_pieces {
            // A seat with nothing on the board and nothing in reserve is out.
            let mut out = false;
            for s in pos.game().seat_ids() {
                if !pos.is_alive(s) {
                    continue;
                }
                let in_hand = pos.game().piece_ids().any(|p| pos.reserve(s, p) > 0);
                if !in_hand && !pos.cells().iter().flatten().any(|c| c.seat == s) {
                    pos.eliminate(s)?;
                    out = true;
                }
            }
            if out {
                if !pos.is_alive(pos.to_move()) {
                    turn_after_elimination(pos);
                }
                continue;
            }
        }
        let sides = sides_left(pos);
        let game = pos.game();
        let end = &game.rules.end;
        // A game for one side (a solitaire) has no last side standing: it ends by its other rules.
        if end.last_standing && sides <= 1 && starting_sides(game) > 1 {
            let live = pos.game().seat_ids().filter(|&s| pos.is_alive(s)).collect();
            // A seat put out for having no move names that as the reason (checkmate under a check rule).
            let why = match stuck_mated {
                Some(true) if game.has_check_rule() => EndReason::Checkmate,
                Some(_) => EndReason::NoLegalMove,
                None => EndReason::LastSideStanding,
            };
            let result = GameResult::winners(pos, live, why);
            pos.finish(result);
            return Ok(());
        }
        if pos.passes() > 0
            && pos.game().rules.facing.as_ref().is_some_and(|f| f.pass_ends && f.holds(pos, pos.cells()))
        {
            // A pass while pieces face each other accepts it: the game ends (janggi's bikjang).
            let result = GameResult::scored(pos, EndReason::Facing)?;
            pos.finish(result);
            return Ok(());
        }
        if end.consecutive_passes.is_some_and(|n| pos.passes() >= n) {
            let result = GameResult::scored(pos, EndReason::ConsecutivePasses)?;
            pos.finish(result);
            return Ok(());
        }
        // Under `pass: when-stuck` every pass is forced, so once each seat still playing has passed in turn
        // no seat can ever move again (a script aside, which may change the position between turns).
        // With `pass: if COND` as well some passes may have been chosen: then each seat is asked.
        if game.rules.pass == PassRule::WhenStuck
            && game.hooks.is_none()
            && pos.passes() > 0
            && pos.passes() as usize >= pos.game().seat_ids().filter(|&s| pos.is_alive(s)).count()
            && (game.rules.pass_if.is_none() || pos.no_seat_can_move())
        {
            let result = GameResult::scored(pos, EndReason::NoSeatCanMove)?;
            pos.finish(result);
            return Ok(());
        }
        if end.max_plies.is_some_and(|m| pos.ply() >= m) {
            let result = GameResult::scored(pos, EndReason::MoveLimit)?;
            pos.finish(result);
            return Ok(());
        }
        if crate::rules::insufficient::dead(pos) {
            let result = GameResult::winners(pos, vec![], EndReason::InsufficientMaterial);
            pos.finish(result);
            return Ok(());
        }
        if pos.game().has_check_rule() {
            pos.refresh_check_memo(stuck_mated.is_none());
        }
        let game = pos.game();
        let end = &game.rules.end;
        let draw_now = end.quiet_draw.is_some_and(|n| pos.quiet_plies() >= n)
            || end.repetition_draw.is_some_and(|times| pos.repetitions() >= times as usize)
            || pos.count().passed();
        // A playout may leave the stuck test to its next move generation, unless a draw is due now
        // (a mate on the last allowed ply still wins).
        let test_stuck = !pos.defers_stuck() || draw_now;
        if game.rules.pass == PassRule::Never && test_stuck && !pos.any_legal_move(true)? {
            let mated = pos.in_check(pos.to_move());
            let rule = if mated { pos.game().rules.checkmate } else { pos.game().rules.stuck };
            match rule {
                StuckRule::Draw => {
                    let why = if mated { EndReason::CheckmateDrawn } else { EndReason::NoLegalMove };
                    let result = drawn(pos, why)?;
                    pos.finish(result);
                }
                StuckRule::Score { to_mover } => {
                    crate::position::sweep_seeds(pos, to_mover);
                    let result = GameResult::scored(pos, EndReason::NoLegalMove)?;
                    pos.finish(result);
                    return Ok(());
                }
                StuckRule::Wins => {
                    let why = if mated { EndReason::Checkmate } else { EndReason::NoLegalMove };
                    let result = goal::decided(pos, pos.to_move(), GoalOutcome::Wins, why);
                    pos.finish(result);
                }
                StuckRule::Loses => {
                    let s = pos.to_move();
                    pos.eliminate(s)?;
                    stuck_mated = Some(mated);
                    if !pos.game().seat_ids().any(|s| pos.is_alive(s)) {
                        // The last seat in the game is out too: nobody is left to win.
                        let why = if mated { EndReason::Checkmate } else { EndReason::NoLegalMove };
                        let result = GameResult::winners(pos, vec![], why);
                        pos.finish(result);
                        return Ok(());
                    }
                    turn_after_elimination(pos);
                    continue;
                }
            }
        }
        if draw_now {
            let end = &pos.game().rules.end;
            let result = if end.quiet_draw.is_some_and(|n| pos.quiet_plies() >= n) {
                drawn(pos, EndReason::QuietMoves)?
            } else if pos.count().passed() {
                GameResult::winners(pos, vec![], EndReason::Counting)
            } else if let Some(checker) = end.perpetual_check_loses.then(|| pos.perpetual_checker()).flatten() {
                goal::decided(pos, checker, GoalOutcome::Loses, EndReason::PerpetualCheck)
            } else if let Some(loser) = end.repetition_loser.filter(|&s| pos.is_alive(s)) {
                goal::decided(pos, loser, GoalOutcome::Loses, EndReason::Repetition)
            } else {
                drawn(pos, EndReason::Repetition)?
            };
            pos.finish(result);
        }
        return Ok(());
    }
}

/// The result of a game that ends drawn for `why`: a draw, or the scoring's verdict under `draws: scored`
/// (on a board with counts each seat first takes the seeds left in its pits, as a sowing game ends).
fn drawn(pos: &mut Position, why: EndReason) -> Result<GameResult, HookError> {
    if pos.game().rules.end.draws_scored {
        crate::position::sweep_seeds(pos, false);
        GameResult::scored(pos, why)
    } else {
        Ok(GameResult::winners(pos, vec![], why))
    }
}

/// After the seat to move is put out, the turn passes to the next seat, unless that leaves one side standing:
/// then the game ends with the turn where it was, so that a mated king's side is the side to move in the
/// final position, as chess players write it (`... b KQkq` after Black is mated).
fn turn_after_elimination(pos: &mut Position) {
    let end = &pos.game().rules.end;
    let ends_now = end.last_standing && sides_left(pos) <= 1 && starting_sides(pos.game()) > 1;
    if !ends_now {
        pos.advance_turn();
    }
}

/// The seat to move resigns for its player: every seat that player holds is put out. When one side
/// is left it wins by resignation (`W+R`); otherwise play goes on with the next seat.
pub(crate) fn resign(pos: &mut Position) -> Result<(), HookError> {
    let player = pos.controller(pos.to_move());
    for seat in pos.game().seat_ids() {
        if pos.is_alive(seat) && pos.controller(seat) == player {
            pos.eliminate(seat)?;
        }
    }
    if sides_left(pos) <= 1 {
        let live: Vec<SeatId> = pos.game().seat_ids().filter(|&s| pos.is_alive(s)).collect();
        let mut result = GameResult::winners(pos, live, EndReason::Resignation);
        if result.text.ends_with('+') {
            result.text.push('R');
        }
        pos.finish(result);
    } else {
        pos.advance_turn();
        check_end(pos)?;
    }
    Ok(())
}

/// What capturing `p` (for seat `by`) does under the royal rule: its seat is put out or absorbed.
#[inline]
pub(crate) fn royal_captured(pos: &mut Position, p: Piece, by: SeatId) -> Result<(), HookError> {
    let end = &pos.game().rules.end;
    let rule = end.royal_capture;
    if end.royal.contains(&p.piece) && pos.is_alive(p.seat) {
        match rule {
            RoyalCapture::Eliminate => pos.eliminate(p.seat)?,
            RoyalCapture::Absorb => absorb_side(pos, p.seat, by)?,
        }
    }
    Ok(())
}

/// How many sides (teams, or seats without a team) still have a seat in the game.
/// The number of sides (teams) the game starts with.
fn starting_sides(game: &crate::Game) -> u32 {
    game.seats.iter().fold(0u64, |acc, s| acc | 1 << (s.team & 63)).count_ones()
}

fn sides_left(pos: &Position) -> u32 {
    // Teams as bits (at most 64 teams).
    let live = pos.game().seat_ids().filter(|&s| pos.is_alive(s));
    live.fold(0u64, |acc, s| acc | 1 << (pos.team(s) & 63)).count_ones()
}

/// The player of `to` absorbs `seat`: a player with every seat it holds, a held seat on its own.
/// Under [`AbsorbedTurns::Dropped`] the absorbed seats lose their turns.
pub(crate) fn absorb_side(pos: &mut Position, seat: SeatId, to: SeatId) -> Result<(), HookError> {
    let (loser, winner) = (pos.controller(seat), pos.controller(to));
    if loser == winner {
        return Ok(());
    }
    let whole_side = loser == seat;
    for s in pos.game().seat_ids() {
        if s == seat || (whole_side && pos.controller(s) == loser) {
            pos.give_seat(s, winner);
            if pos.game().rules.absorbed_turns == AbsorbedTurns::Dropped {
                pos.eliminate(s)?;
            }
        }
    }
    pos.refresh_teams();
    Ok(())
}

/// Puts out every side whose pieces on the board are all bare (a lone king), after `mover` captured.
pub(crate) fn bare_sides(pos: &mut Position, mover: SeatId) -> Result<(), HookError> {
    let captor = pos.controller(mover);
    for player in pos.game().seat_ids() {
        if player == captor || !alive_side(pos, player) || !all_bare(pos, player) {
            continue;
        }
        let rule = pos.game().rules.end.bare_side;
        match rule {
            BareSide::Captor => absorb_side(pos, player, mover)?,
            BareSide::Removed => {
                pos.remove_pieces_of(player);
                for s in pos.game().seat_ids() {
                    if pos.controller(s) == player {
                        pos.eliminate(s)?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Whether `player`'s side has pieces on the board and every one of them is bare, by the counts of
/// pieces on the board (no walk over the board).
fn all_bare(pos: &Position, player: SeatId) -> bool {
    let game = pos.game();
    let bare = &game.rules.end.bare;
    let (mut lone, mut other) = (false, false);
    for s in game.seat_ids().filter(|&s| pos.controller(s) == player) {
        for t in (0..game.pieces.len() as u8).map(crate::PieceId::new) {
            if pos.on_board(s, t) > 0 {
                if bare.contains(&t) { lone = true } else { other = true }
            }
        }
    }
    lone && !other
}

/// Whether any seat of `player`'s side is still in the game.
fn alive_side(pos: &Position, player: SeatId) -> bool {
    pos.game().seat_ids().any(|s| pos.is_alive(s) && pos.controller(s) == player)
}

#[cfg(test)]
mod tests {
    use super::{BareSide, EndRules, RoyalCapture};
    use crate::outcome::EndReason;
    use crate::rules::{DirSel, PassRule, Rules, StuckRule};
    use crate::testkit::*;

    const KING: PieceId = PieceId::new(0);
    const MAN: PieceId = PieceId::new(1);
    const POST: PieceId = PieceId::new(2);

    /// A row of `width` cells with kings and men that step along it (capturing) and posts that never
    /// move, under `rules`.
    fn row(width: u32, rules: Rules) -> std::sync::Arc<crate::Game> {
        let b = board(width, 1, &[]);
        let step = || vec![rule(slide(rel(&b, "orthogonal"), DirSel::All, 1, 1), empty_or_enemy())];
        let pieces = vec![piece("king", step()), piece("man", step()), piece("post", vec![])];
        game(b, pieces, rules)
    }

    fn ends(end: EndRules) -> Rules {
        Rules { end, ..Rules::default() }
    }

    /// The reason the game ended and its winners, or `None` while it goes on.
    fn result(pos: &crate::Position) -> Option<(EndReason, Vec<SeatId>)> {
        pos.outcome().map(|r| (r.reason.clone(), r.winners.clone()))
    }

    fn played(g: &std::sync::Arc<crate::Game>, pieces: &[(&str, SeatId, PieceId)], moves: &[&str]) -> crate::Position {
        let mut pos = position(g, pieces, WHITE);
        for text in moves {
            assert!(!pos.is_over(), "over before {text}");
            play(&mut pos, text);
        }
        pos
    }

    const KINGS: [(&str, SeatId, PieceId); 2] = [("a1", WHITE, KING), ("c1", BLACK, KING)];

    #[test]
    fn capturing_the_royal_puts_its_seat_out_and_the_last_side_wins() {
        let royal = EndRules { royal: vec![KING], last_standing: true, ..EndRules::default() };
        let pos = played(&row(3, ends(royal.clone())), &KINGS, &["a1-b1", "c1-b1"]);
        assert!(!pos.is_alive(WHITE));
        assert_eq!(result(&pos), Some((EndReason::LastSideStanding, vec![BLACK])));
        // Without `last_standing`, the seat is out but the game goes on.
        let pos =
            played(&row(3, ends(EndRules { last_standing: false, ..royal.clone() })), &KINGS, &["a1-b1", "c1-b1"]);
        assert!(!pos.is_alive(WHITE) && !pos.is_over());
        // Absorbed instead: Black's player takes White's seat over.
        let absorb = EndRules { royal_capture: RoyalCapture::Absorb, ..royal };
        let pos = played(&row(3, ends(absorb)), &KINGS, &["a1-b1", "c1-b1"]);
        assert_eq!(pos.controller(WHITE), BLACK);
    }

    #[test]
    fn a_seat_without_pieces_is_out() {
        let end = EndRules { lose_without_pieces: true, last_standing: true, ..EndRules::default() };
        let men = [("a1", WHITE, MAN), ("c1", BLACK, MAN)];
        let pos = played(&row(3, ends(end)), &men, &["a1-b1", "c1-b1"]);
        assert_eq!(result(&pos), Some((EndReason::LastSideStanding, vec![BLACK])));
    }

    #[test]
    fn a_bare_king_after_a_capture() {
        let end = EndRules { bare: vec![KING], bare_side: BareSide::Removed, ..EndRules::default() };
        let pieces = [("a1", WHITE, KING), ("b1", WHITE, MAN), ("c1", BLACK, MAN), ("d1", BLACK, KING)];
        let g = row(4, ends(end));
        let pos = played(&g, &pieces, &["b1-c1"]);
        assert!(!pos.is_alive(BLACK));
        assert_eq!(pos.cell(node(&g.board, "d1")), None, "the lone king left the board");
        // White's lone king is no concern: White made the capture.
        assert!(pos.is_alive(WHITE));
    }

    #[test]
    fn a_seat_without_a_legal_move_draws_or_loses() {
        // Black's only piece is a post: after White's move, Black has no legal move.
        let pieces = [("a1", WHITE, MAN), ("c1", BLACK, POST)];
        let stuck = |rule| Rules {
            pass: PassRule::Never,
            stuck: rule,
            end: EndRules { last_standing: true, ..EndRules::default() },
            ..Rules::default()
        };
        let pos = played(&row(4, stuck(StuckRule::Draw)), &pieces, &["a1-b1"]);
        assert_eq!(result(&pos), Some((EndReason::NoLegalMove, vec![])));
        let pos = played(&row(4, stuck(StuckRule::Loses)), &pieces, &["a1-b1"]);
        assert!(!pos.is_alive(BLACK));
        assert_eq!(result(&pos), Some((EndReason::NoLegalMove, vec![WHITE])));
    }

    #[test]
    fn consecutive_passes() {
        let rules = Rules {
            pass: PassRule::Always,
            end: EndRules { consecutive_passes: Some(2), ..EndRules::default() },
            ..Rules::default()
        };
        let g = row(3, rules);
        let pos = played(&g, &KINGS, &["pass", "c1-b1", "pass"]);
        assert!(!pos.is_over(), "the passes were not consecutive");
        let pos = played(&g, &KINGS, &["pass", "pass"]);
        assert_eq!(result(&pos), Some((EndReason::ConsecutivePasses, vec![])));
    }

    #[test]
    fn the_move_limit() {
        let g = row(5, ends(EndRules { max_plies: Some(3), ..EndRules::default() }));
        let kings = [("a1", WHITE, KING), ("e1", BLACK, KING)];
        let pos = played(&g, &kings, &["a1-b1", "e1-d1"]);
        assert!(!pos.is_over());
        let pos = played(&g, &kings, &["a1-b1", "e1-d1", "b1-a1"]);
        assert_eq!(result(&pos), Some((EndReason::MoveLimit, vec![])));
    }

    #[test]
    fn quiet_moves_draw_unless_a_resetting_piece_moves() {
        let end = EndRules { quiet_draw: Some(2), quiet_reset: vec![MAN], ..EndRules::default() };
        let g = row(5, ends(end));
        let pos = played(&g, &[("a1", WHITE, KING), ("e1", BLACK, KING)], &["a1-b1", "e1-d1"]);
        assert_eq!(result(&pos), Some((EndReason::QuietMoves, vec![])));
        let pos = played(&g, &[("a1", WHITE, MAN), ("e1", BLACK, KING)], &["a1-b1", "e1-d1"]);
        assert_eq!(pos.quiet_plies(), 1, "the man's move reset the count");
        assert!(!pos.is_over());
    }

    #[test]
    fn repetition() {
        let g = row(5, ends(EndRules { repetition_draw: Some(2), ..EndRules::default() }));
        let kings = [("a1", WHITE, KING), ("e1", BLACK, KING)];
        let pos = played(&g, &kings, &["a1-b1", "e1-d1", "b1-a1"]);
        assert!(!pos.is_over());
        // The set-up position again, with White to move: its second time.
        let pos = played(&g, &kings, &["a1-b1", "e1-d1", "b1-a1", "d1-e1"]);
        assert_eq!(result(&pos), Some((EndReason::Repetition, vec![])));
    }

    #[test]
    fn repetition_can_lose_for_a_named_seat() {
        let end = EndRules { repetition_draw: Some(2), repetition_loser: Some(BLACK), ..EndRules::default() };
        let g = row(5, ends(end));
        let kings = [("a1", WHITE, KING), ("e1", BLACK, KING)];
        let pos = played(&g, &kings, &["a1-b1", "e1-d1", "b1-a1", "d1-e1"]);
        assert_eq!(result(&pos), Some((EndReason::Repetition, vec![WHITE])));
    }
}
