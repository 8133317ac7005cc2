//! The search tree: its nodes, how they grow (expansion), which child an iteration descends into
//! (UCT, blended with RAVE), and what an iteration brings back up (rewards, AMAF, proofs).

use super::{MctsAgent, captured};
use crate::SeatId;
use crate::ai::{AgentRng, player, rewards};
use crate::hooks::HookError;
use crate::moves::Move;
use crate::playout::{Policy, Prior, fills_own_eye, playout};
use crate::position::Position;
use rand::seq::SliceRandom;

/// A node of the search tree, in an arena: its children are contiguous.
#[derive(Clone, Debug)]
pub(super) struct Node {
    /// The move that leads here from the parent.
    pub(super) mv: Move,
    pub(super) parent: u32,
    /// Index of the first child; [`NONE`] until the node is expanded.
    pub(super) first_child: u32,
    /// How many children it has.
    pub(super) children: u32,
    /// How many of them have been visited (children are tried in order, after a shuffle).
    tried: u32,
    pub(super) visits: u32,
    /// The player to move here (see [`player`]), set on expansion.
    pub(super) mover: SeatId,
    /// The bonus the move starts with, shrinking as it is visited: what it captures at once
    /// ([`super::MctsConfig::bias`]) and how the evaluation judges it ([`super::MctsConfig::prior`]).
    bias: f32,
    /// Virtual simulations it starts with, and the parent's mover's wins among them
    /// ([`super::MctsConfig::knowledge`]): they count in its mean as real ones do.
    prior_visits: f32,
    prior_wins: f32,
    /// Simulations through the parent in which the parent's mover made this move later (RAVE), and
    /// the sum of that player's rewards in them.
    pub(super) amaf_visits: u32,
    pub(super) amaf_sum: f32,
    /// Proven: the game's result from here with best play is known (its rewards are in
    /// [`MctsAgent::proofs`]), reached in `plies` plies.
    pub(super) proven: bool,
    pub(super) plies: u16,
}

pub(super) const NONE: u32 = u32::MAX;

/// A proven result that gives the mover this much is an outright win: nothing better exists.
pub(super) const WIN: f32 = 1.0 - 1e-6;

/// Growing the tree: every iteration descends by UCT (with RAVE), plays out, and backs up its result and
/// the proofs it settles.
///
/// ```
/// use qipan::core::ai::{AgentRng, MctsAgent, MctsConfig};
/// use rand::SeedableRng;
///
/// // Two iterations grow the root's first two children (the pass comes first).
/// let game = qipan::load("go", &[("size".into(), "5".into())])?;
/// let mut mcts = MctsAgent::new(MctsConfig { iterations: Some(2), rave: 0.0, ..MctsConfig::default() });
/// let children = mcts.search(&game.start(), &mut AgentRng::seed_from_u64(1))?;
/// assert_eq!(children.iter().filter(|c| c.1 == 1).count(), 2);
/// assert!(children.iter().any(|c| c.0.is_pass() && c.1 == 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl MctsAgent {
    /// Empties the tree and plants its root.
    pub(super) fn clear_tree(&mut self, seats: usize) {
        self.seats = seats;
        self.nodes.clear();
        self.sums.clear();
        self.proofs.clear();
        self.push_node(Move::PASS, NONE, 0.0, Prior::default());
    }

    fn push_node(&mut self, mv: Move, parent: u32, bias: f32, prior: Prior) {
        self.nodes.push(Node {
            mv,
            parent,
            first_child: NONE,
            children: 0,
            tried: 0,
            visits: 0,
            mover: SeatId(0),
            bias,
            prior_visits: prior.visits,
            prior_wins: prior.wins,
            // The same virtual simulations start its RAVE mean (Fuego's "both").
            amaf_visits: prior.visits as u32,
            amaf_sum: prior.wins,
            proven: false,
            plies: 0,
        });
        self.sums.extend(std::iter::repeat_n(0.0, self.seats));
        self.proofs.extend(std::iter::repeat_n(0.0, self.seats));
    }

    /// Generates the moves of `pos` as children of `node`: the pass first, then capturing moves (when the
    /// capture bias is on) or the moves the evaluation likes best (with the prior), in random order
    /// otherwise. Under light playouts, in games that capture groups, moves that fill one of the mover's
    /// own one-point eyes are left out, as the playouts leave them out.
    pub(super) fn expand(&mut self, node: u32, pos: &Position, rng: &mut AgentRng) -> Result<(), HookError> {
        pos.try_generate_legal(&mut self.moves)?;
        if self.config.policy == Policy::Light && pos.game().rules.group_capture.is_some() {
            // What the light playouts never do, the tree does not try either: fill one of the mover's own
            // one-point eyes (a loss in all but rare cases, and the moves a lost side plays in despair).
            self.moves.moves.retain(|m| !m.to.is_some() || !fills_own_eye(pos, m.to));
        }
        self.moves.moves.shuffle(rng);
        let biased = self.config.bias > 0.0;
        if biased {
            // Capturing moves to the front, biggest first, in place (no allocation).
            let moves = &mut self.moves.moves;
            let mut k = 0;
            for i in 0..moves.len() {
                if captured(pos, &moves[i]) > 0 {
                    moves.swap(i, k);
                    k += 1;
                }
            }
            moves[..k].sort_unstable_by_key(|m| std::cmp::Reverse(captured(pos, m)));
        }
        self.priors.clear();
        if self.config.prior > 0.0 {
            self.judge_moves(pos)?;
        }
        // A pass first: tried at once, it shows whether passing back ends the game (two passes in Go),
        // which the solver then proves before a pass is ever played on its looks.
        if let Some(i) = self.moves.moves.iter().position(Move::is_pass) {
            self.moves.moves[..=i].rotate_right(1);
            if let Some(priors) = self.priors.get_mut(..=i) {
                priors.rotate_right(1);
            }
        }
        let first = self.nodes.len() as u32;
        let mut knowledge = std::mem::take(&mut self.knowledge);
        let known = if self.config.knowledge { knowledge.judge(pos, &self.moves.moves) } else { &[] };
        for i in 0..self.moves.moves.len() {
            let mv = self.moves.moves[i];
            let capture = if biased { self.config.bias as f32 * captured(pos, &mv) as f32 } else { 0.0 };
            let prior = known.get(i).copied().unwrap_or_default();
            self.push_node(mv, node, capture + self.priors.get(i).copied().unwrap_or(0.0), prior);
        }
        self.knowledge = knowledge;
        let n = &mut self.nodes[node as usize];
        n.first_child = first;
        n.children = self.moves.moves.len() as u32;
        n.mover = player(pos, pos.to_move());
        Ok(())
    }

    /// The child of `node` to descend into, and whether it has never been visited.
    ///
    /// Without RAVE, unvisited children are tried first, in their order; then UCT picks. With it, an
    /// unvisited child is judged by its AMAF mean alone (optimistically, 1, before it has one), so a
    /// placement that did well elsewhere is tried before one that did badly. Proven children are passed
    /// over: their results are known, and the node is proven once the last of them is.
    fn select(&mut self, node: u32) -> (u32, bool) {
        let rave = self.config.rave;
        let n = &self.nodes[node as usize];
        if rave == 0.0 && !self.config.knowledge && n.tried < n.children {
            let child = n.first_child + n.tried;
            self.nodes[node as usize].tried += 1;
            return (child, true);
        }
        let log_n = (n.visits.max(1) as f64).ln();
        let mover = n.mover.idx();
        let c = self.config.c;
        let mut best = (f64::NEG_INFINITY, n.first_child);
        for child in n.first_child..n.first_child + n.children {
            let ch = &self.nodes[child as usize];
            if ch.proven {
                // Settled: nothing to learn there. An unproven node has an unproven child.
                continue;
            }
            // Real and virtual simulations alike; a child with neither is worth a win until tried.
            let visits = ch.visits as f64 + ch.prior_visits as f64;
            let sum = self.sums[child as usize * self.seats + mover] as f64 + ch.prior_wins as f64;
            let mean = if visits == 0.0 { 1.0 } else { sum / visits };
            let value = if ch.amaf_visits > 0 && rave > 0.0 {
                let beta = (rave / (3.0 * visits + rave)).sqrt();
                (1.0 - beta) * mean + beta * ch.amaf_sum as f64 / ch.amaf_visits as f64
            } else {
                mean
            };
            let visits = visits.max(1.0);
            let score = value + c * (log_n / visits).sqrt() + ch.bias as f64 / (visits + 1.0);
            if score > best.0 {
                best = (score, child);
            }
        }
        (best.1, self.nodes[best.1 as usize].visits == 0)
    }

    /// Runs one iteration from `root`: select, expand, play out (unless the node reached is proven),
    /// back up.
    pub(super) fn iterate(&mut self, root: &Position, rng: &mut AgentRng) -> Result<(), HookError> {
        let mut pos = self.pos.take().unwrap_or_else(|| root.clone());
        pos.clone_from(root);
        let mut node = 0u32;
        let mut depth = 0u32;
        let tree_depth = self.config.tree_depth.unwrap_or(u32::MAX);
        let mut played_out = false;
        let result = (|| {
            loop {
                if self.nodes[node as usize].proven || pos.is_over() || depth >= tree_depth {
                    break;
                }
                if self.nodes[node as usize].first_child == NONE {
                    if self.nodes[node as usize].visits > 0 || node == 0 {
                        self.expand(node, &pos, rng)?;
                    } else {
                        break;
                    }
                }
                if self.nodes[node as usize].children == 0 {
                    break;
                }
                let fresh;
                (node, fresh) = self.select(node);
                depth += 1;
                pos.play_unchecked(&self.nodes[node as usize].mv)?;
                if self.config.solver && pos.is_over() && !self.nodes[node as usize].proven {
                    self.prove_end(node, &pos);
                }
                if fresh {
                    break;
                }
            }
            if self.nodes[node as usize].proven {
                let i = node as usize * self.seats;
                self.reward.clear();
                self.reward.extend(self.proofs[i..i + self.seats].iter().map(|&r| r as f64));
                return Ok(());
            }
            let cap = self.playout_cap(&pos);
            played_out = true;
            playout(&mut pos, rng, &mut self.playout, cap, self.config.policy)?;
            self.evaluate(&pos)
        })();
        if result.is_ok() && self.config.rave > 0.0 {
            let played = if played_out { self.playout.played() } else { &[] };
            self.amaf.update(&mut self.nodes, node, &pos, played, &self.reward);
        }
        if result.is_ok() && self.config.replies {
            self.learn_replies(root, node, &pos, played_out);
        }
        self.pos = Some(pos);
        result?;
        self.last_depth = self.last_depth.max(depth);
        self.back_up(node);
        Ok(())
    }

    /// Teaches the playouts' last good replies the iteration that ended at `leaf`: the root's last move,
    /// the tree's moves down to `leaf`, then the playout's if there was one.
    fn learn_replies(&mut self, root: &Position, leaf: u32, end: &Position, played_out: bool) {
        self.path.clear();
        let mut n = leaf;
        while n != 0 {
            let node = &self.nodes[n as usize];
            self.path.push((self.nodes[node.parent as usize].mover, node.mv));
            n = node.parent;
        }
        if let Some(last) = root.last_move() {
            self.path.push((self.nodes[0].mover, last));
        }
        self.path.reverse();
        if !played_out {
            // No playout this time: clears the last one's moves.
            self.playout.record(true);
        }
        self.playout.learn_replies(end, &self.path, &self.reward);
    }

    /// Adds the iteration's rewards to `node` and its ancestors, and proves what its proofs settle.
    fn back_up(&mut self, mut n: u32) {
        let mut proving = self.config.solver && self.nodes[n as usize].proven;
        loop {
            let i = n as usize;
            self.nodes[i].visits += 1;
            for (s, r) in self.sums[i * self.seats..(i + 1) * self.seats].iter_mut().zip(&self.reward) {
                *s += *r as f32;
            }
            if n == 0 {
                break;
            }
            n = self.nodes[i].parent;
            proving = proving && !self.nodes[n as usize].proven && self.prove(n);
        }
    }

    /// Marks `node`, where the game is over in `pos`, proven with the game's result.
    fn prove_end(&mut self, node: u32, pos: &Position) {
        rewards(pos, pos.outcome(), &mut self.reward);
        let i = node as usize * self.seats;
        for (p, r) in self.proofs[i..i + self.seats].iter_mut().zip(&self.reward) {
            *p = *r as f32;
        }
        let n = &mut self.nodes[node as usize];
        n.proven = true;
        n.plies = 0;
    }

    /// Proves `node` if its children settle it: one of them wins outright for the mover here, or all are
    /// proven (the mover takes the best of them, the quickest win or the slowest loss among equals).
    /// Returns whether it is now proven.
    fn prove(&mut self, node: u32) -> bool {
        let n = &self.nodes[node as usize];
        if n.first_child == NONE || n.children == 0 {
            return false;
        }
        let mover = n.mover.idx();
        let mut best: Option<(f32, i32, u32)> = None;
        let mut all = true;
        for child in n.first_child..n.first_child + n.children {
            let ch = &self.nodes[child as usize];
            if !ch.proven {
                all = false;
                continue;
            }
            let value = self.proofs[child as usize * self.seats + mover];
            // Sooner is better when winning, later when not.
            let plies = if value >= WIN { -(ch.plies as i32) } else { ch.plies as i32 };
            if best.is_none_or(|(v, p, _)| (value, plies) > (v, p)) {
                best = Some((value, plies, child));
            }
        }
        let Some((_, _, child)) = best.filter(|&(v, ..)| all || v >= WIN) else {
            return false;
        };
        let (from, to) = (child as usize * self.seats, node as usize * self.seats);
        self.proofs.copy_within(from..from + self.seats, to);
        let plies = self.nodes[child as usize].plies.saturating_add(1);
        let n = &mut self.nodes[node as usize];
        n.proven = true;
        n.plies = plies;
        true
    }
}
