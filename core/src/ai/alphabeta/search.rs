//! The search itself: iterative deepening over a principal variation search, paranoid for any number of
//! players (the root player maximises, every other player minimises), with a transposition table and
//! a quiescence search on captures.
//!
//! There is no unmaking of moves: each ply has its own position, copied from the ply above with
//! `clone_from` (which reuses the memory) before its move is played, and its own move buffer.

use super::order::pick;
use super::tt::Bound;
use super::{AlphaBetaAgent, DRAW_RANGE, INF, MATE_BOUND, MAX_PLY, WIN};
use crate::ai::judge::captured;
use crate::ai::{player, rewards};
use crate::hooks::HookError;
use crate::moves::Move;
use crate::position::{MoveBuf, Position};
use std::sync::atomic::Ordering as AtomicOrdering;
use std::time::Instant;

/// The margin of delta pruning in the quiescence search: two pieces worth 1.
const DELTA: i32 = 200;

/// A score as stored in the table: wins and losses counted from the node, not from the root.
#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The search's inner workings; [`AlphaBetaAgent::search`] runs them. A search of the whole game tree
/// finds its value: tic-tac-toe is a draw.
///
/// ```
/// use qipan::core::ai::{AgentRng, AlphaBetaAgent, AlphaBetaConfig};
/// use rand::SeedableRng;
///
/// let game = qipan::load("tic-tac-toe", &[])?;
/// let mut agent = AlphaBetaAgent::new(AlphaBetaConfig { depth: Some(9), ..AlphaBetaConfig::default() });
/// let moves = agent.search(&game.start(), &mut AgentRng::seed_from_u64(1))?;
/// assert_eq!(moves[0].1, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl AlphaBetaAgent {
    /// Makes sure ply `ply` has a position, a move buffer and a key buffer.
    pub(super) fn grow(&mut self, ply: usize) {
        while self.stack.len() <= ply {
            let pos = self.stack[0].clone();
            self.stack.push(pos);
        }
        while self.bufs.len() <= ply {
            self.bufs.push(MoveBuf::default());
            self.keys.push(Vec::new());
            self.counts.push(0);
            self.movers.push(crate::SeatId(0));
            self.path.push(0);
        }
    }

    /// Plays `mv` from ply `ply` into ply `ply + 1`.
    #[inline]
    pub(super) fn play_child(&mut self, ply: usize, mv: &Move) -> Result<(), HookError> {
        self.grow(ply + 1);
        let (above, below) = self.stack.split_at_mut(ply + 1);
        below[0].clone_from(&above[ply]);
        below[0].play_unchecked(mv)
    }

    /// Counts a node, stops the search at the node limit, and every 1024 nodes checks the clock and the
    /// stop flag.
    #[inline]
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.node_limit && self.may_stop {
            self.aborted = true;
        }
        if self.nodes & 1023 == 0 && self.may_stop {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            if late || self.stop.load(AtomicOrdering::Relaxed) {
                self.aborted = true;
            }
        }
    }

    /// The score of ply `ply`'s position if the search ends there: the game is over, or the root player
    /// is out of it.
    fn terminal(&mut self, ply: usize) -> Option<i32> {
        let pos = &self.stack[ply];
        if pos.is_over() {
            rewards(pos, pos.outcome(), &mut self.reward);
            let r = self.reward.get(self.root.idx()).copied().unwrap_or(0.0);
            return Some(self.result_score(r, ply));
        }
        let root = self.root;
        if !pos.game().seat_ids().any(|s| pos.is_alive(s) && player(pos, s) == root) {
            return Some(-WIN + ply as i32);
        }
        None
    }

    /// Whether ply `ply`'s position (below the root) came before, in the game or on the line searched: it
    /// is then scored as a draw, as a repetition rule would (and games without one get no closer to an
    /// end by going round).
    fn repeats(&mut self, ply: usize) -> bool {
        let key = self.stack[ply].repetition_key();
        self.path[ply] = key;
        self.seen.contains(key) || self.path[..ply].contains(&key)
    }

    /// What a result worth `r` (see [`rewards`]) to the root player scores, `ply` plies down.
    fn result_score(&self, r: f64, ply: usize) -> i32 {
        if r >= 1.0 - 1e-9 {
            WIN - ply as i32
        } else if r <= 1e-9 {
            -WIN + ply as i32
        } else {
            // A draw among all the players scores 0; a shared win more, a share among fewer than all less.
            ((r - 1.0 / self.players.max(1) as f64) * 2.0 * DRAW_RANGE as f64).round() as i32
        }
    }

    /// Searches the root's moves to `depth` plies, scoring each one (exactly for the best, a bound for the
    /// others) and sorting them best first.
    pub(super) fn root_search(&mut self, depth: u32) -> Result<(), HookError> {
        let mut alpha = -INF;
        let beta = INF;
        self.counts[0] = self.root_moves.len();
        self.movers[0] = self.root;
        self.pv_len[0] = 0;
        self.path[0] = self.stack[0].repetition_key();
        self.overtaker = None;
        for i in 0..self.root_moves.len() {
            let mv = self.root_moves[i].0;
            self.play_child(0, &mv)?;
            let score = if i == 0 {
                self.alphabeta(1, depth - 1, alpha, beta)?
            } else {
                let s = self.alphabeta(1, depth - 1, alpha, alpha + 1)?;
                if s > alpha && s < beta && !self.aborted { self.alphabeta(1, depth - 1, alpha, beta)? } else { s }
            };
            if self.aborted {
                return Ok(());
            }
            self.root_moves[i].1 = score;
            if score > alpha || i == 0 {
                alpha = alpha.max(score);
                self.update_pv(0, mv);
                if i > 0 {
                    self.overtaker = Some(i);
                }
            }
        }
        // Stable: among equal scores the earlier (the best found first) stays first.
        self.root_moves.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        Ok(())
    }

    /// Records `mv` followed by the line below it as the line at `ply`.
    #[inline]
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let row = ply * MAX_PLY;
        self.pv[row + ply] = mv;
        let below = (ply + 1).min(MAX_PLY - 1);
        let end = self.pv_len[below].max(ply + 1);
        for j in ply + 1..end {
            self.pv[row + j] = self.pv[below * MAX_PLY + j];
        }
        self.pv_len[ply] = end;
    }

    /// Alpha-beta (principal variation search) at ply `ply` with `depth` plies to go, in the window
    /// (`alpha`, `beta`) of root-player scores. Fail-soft.
    fn alphabeta(&mut self, ply: usize, depth: u32, mut alpha: i32, mut beta: i32) -> Result<i32, HookError> {
        self.pv_len[ply] = ply;
        if let Some(s) = self.terminal(ply) {
            return Ok(s);
        }
        if self.repeats(ply) {
            return Ok(0);
        }
        if depth == 0 || ply + 2 >= MAX_PLY {
            return self.quiesce(ply, alpha, beta, self.config.quiescence);
        }
        self.tick();
        if self.aborted {
            return Ok(0);
        }
        let key = self.stack[ply].search_key() ^ self.root_key;
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            if u32::from(e.depth) >= depth {
                let s = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return Ok(s);
                }
            }
        }
        self.grow(ply + 1);
        self.stack[ply].try_generate_legal(&mut self.bufs[ply])?;
        let n = self.bufs[ply].moves.len();
        self.counts[ply] = n;
        let mover = player(&self.stack[ply], self.stack[ply].to_move());
        self.movers[ply] = mover;
        if n == 0 {
            // Not over, yet no move: judge the position as it stands.
            return self.quiesce(ply, alpha, beta, 0);
        }
        let maximising = mover == self.root;
        {
            let Self { ordering, stack, bufs, keys, eval, .. } = self;
            ordering.score(&stack[ply], &bufs[ply].moves, tt_move, ply, eval, &mut keys[ply]);
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maximising { -INF } else { INF };
        let mut best_move = None;
        for i in 0..n {
            pick(&mut self.bufs[ply].moves, &mut self.keys[ply], i);
            let mv = self.bufs[ply].moves[i];
            let quiet = captured(&self.stack[ply], &mv) == 0;
            self.play_child(ply, &mv)?;
            let score = if i == 0 {
                self.alphabeta(ply + 1, depth - 1, alpha, beta)?
            } else if maximising {
                let s = self.alphabeta(ply + 1, depth - 1, alpha, alpha + 1)?;
                if s > alpha && s < beta && !self.aborted {
                    self.alphabeta(ply + 1, depth - 1, alpha, beta)?
                } else {
                    s
                }
            } else {
                let s = self.alphabeta(ply + 1, depth - 1, beta - 1, beta)?;
                if s < beta && s > alpha && !self.aborted {
                    self.alphabeta(ply + 1, depth - 1, alpha, beta)?
                } else {
                    s
                }
            };
            if self.aborted {
                return Ok(0);
            }
            if maximising {
                if score > best {
                    best = score;
                    best_move = Some(mv);
                }
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                }
            } else {
                if score < best {
                    best = score;
                    best_move = Some(mv);
                }
                if score < beta {
                    beta = score;
                    self.update_pv(ply, mv);
                }
            }
            if alpha >= beta {
                if quiet {
                    self.ordering.cut(mv, ply, depth);
                }
                break;
            }
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(key, best_move, to_tt(best, ply), depth as u16, bound);
        Ok(best)
    }

    /// The quiescence search: the position as it stands (standing pat) or, up to `q` plies on, what the
    /// captures lead to.
    fn quiesce(&mut self, ply: usize, mut alpha: i32, mut beta: i32, q: u32) -> Result<i32, HookError> {
        self.pv_len[ply] = ply;
        if let Some(s) = self.terminal(ply) {
            return Ok(s);
        }
        self.tick();
        if self.aborted {
            return Ok(0);
        }
        self.grow(ply + 1);
        self.stack[ply].try_generate_legal(&mut self.bufs[ply])?;
        let n = self.bufs[ply].moves.len();
        self.counts[ply] = n;
        let pos: &Position = &self.stack[ply];
        let mover = player(pos, pos.to_move());
        self.movers[ply] = mover;
        let before = (ply > 0 && self.movers[ply - 1] != mover).then(|| self.counts[ply - 1]);
        let stand = self.eval.evaluate(pos, self.root, n, before)?;
        if q == 0 || ply + 2 >= MAX_PLY {
            return Ok(stand);
        }
        let maximising = mover == self.root;
        if maximising {
            if stand >= beta {
                return Ok(stand);
            }
            alpha = alpha.max(stand);
        } else {
            if stand <= alpha {
                return Ok(stand);
            }
            beta = beta.min(stand);
        }
        let mut best = stand;
        // Captures only, the most valuable victim first. The root player's opponents take only its pieces
        // here: taking another opponent's piece would raise the root player's score, which they oppose.
        // Captures that cannot bring the score back to the window (by the victims' value and a margin) are
        // left out too (delta pruning).
        {
            let root = self.root;
            let Self { stack, bufs, keys, eval, .. } = self;
            let keys = &mut keys[ply];
            keys.clear();
            let owner = (!maximising).then_some(root);
            for mv in &bufs[ply].moves {
                let pos = &stack[ply];
                let mut key = i32::MIN;
                if captured(pos, mv) > 0 {
                    let v = eval.victims(pos, mv, owner).clamp(0, 1 << 20);
                    let hopeless =
                        if maximising { stand + v + DELTA <= alpha } else { v == 0 || stand - v - DELTA >= beta };
                    if !hopeless {
                        key = 1 + v * 64 - (eval.value(mv.piece) / 16).clamp(0, 63);
                    }
                }
                keys.push(key);
            }
        }
        for i in 0..n {
            pick(&mut self.bufs[ply].moves, &mut self.keys[ply], i);
            if self.keys[ply][i] == i32::MIN {
                break;
            }
            let mv = self.bufs[ply].moves[i];
            self.play_child(ply, &mv)?;
            let score = self.quiesce(ply + 1, alpha, beta, q - 1)?;
            if self.aborted {
                return Ok(0);
            }
            // A capture that improves on standing pat joins the line expected (a mate that ends in one).
            if maximising {
                if score > best {
                    best = score;
                }
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, mv);
                }
            } else {
                if score < best {
                    best = score;
                }
                if score < beta {
                    beta = score;
                    self.update_pv(ply, mv);
                }
            }
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }
}
