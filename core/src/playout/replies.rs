//! Last good replies with forgetting (Drake's LGRF-1), for playouts of placement games: a player answers
//! the move just made with the placement it answered that move with in the last simulation it won, when
//! that node is still open to it; a reply that loses a simulation is forgotten. What the tree learns of
//! local answers (a capture taken back, a cut connected) carries into the playouts, where uniform
//! moves would not find it. Nothing here knows a game: moves are told apart by their node alone.

use super::buf::placeable;
use super::{PlayoutBuf, Policy, fills_own_eye};
use crate::board::NodeId;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::{PieceId, SeatId};

impl PlayoutBuf {
    /// Whether playouts through this buffer play last good replies in games of lone placements (Go,
    /// Hex, Gomoku): the player to move answers the last move with the placement it answered it with in
    /// the last simulation it won, when it may place there (and, under [`Policy::Light`], it fills no
    /// eye of its own); other moves are drawn as before. What is learnt is told through
    /// [`PlayoutBuf::learn_replies`] and kept until the buffer meets another board. Off by default; the
    /// MCTS player turns it on (its `replies=on`).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    /// use qipan::core::playout::{PlayoutBuf, Policy, playout};
    /// use rand::SeedableRng;
    ///
    /// // Black won a simulation in which it answered White's E5 with D5: it answers E5 with D5 again.
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut start = game.start();
    /// start.play(&parse_move(&start, "C3")?)?;
    /// start.play(&parse_move(&start, "E5")?)?;
    /// let (white, black) = (game.seat("white").unwrap(), game.seat("black").unwrap());
    /// let mut buf = PlayoutBuf::default();
    /// buf.replies(true);
    /// buf.record(true);
    /// let won = [(white, parse_move(&start, "E5")?), (black, parse_move(&start, "D5")?)];
    /// buf.learn_replies(&start, &won, &[1.0, 0.0]);
    /// for seed in 0..10 {
    ///     let mut pos = start.clone();
    ///     playout(&mut pos, &mut rand::rngs::SmallRng::seed_from_u64(seed), &mut buf, 1, Policy::Light)?;
    ///     assert_eq!(buf.played()[0].1, parse_move(&start, "D5")?);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replies(&mut self, on: bool) {
        self.replying = on;
    }

    /// Teaches the last good replies ([`PlayoutBuf::replies`]) one simulation: the moves that led to the
    /// playout (`before`, in order, each with the player who made it; the first one's player is not read),
    /// then the last playout's moves (kept when [`PlayoutBuf::record`] is on), and what each player won
    /// (`reward`, indexed by player, in [0, 1]). A placement answering the move before it becomes its
    /// player's reply when the player won more than half, and is forgotten when it won less. `pos` is
    /// any position of the game.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    /// use qipan::core::playout::{PlayoutBuf, Policy, playout};
    /// use rand::SeedableRng;
    ///
    /// // A reply that lost is forgotten: Black's playout answers E5 as it likes.
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut start = game.start();
    /// start.play(&parse_move(&start, "C3")?)?;
    /// start.play(&parse_move(&start, "E5")?)?;
    /// let (white, black) = (game.seat("white").unwrap(), game.seat("black").unwrap());
    /// let mut buf = PlayoutBuf::default();
    /// buf.replies(true);
    /// buf.record(true);
    /// let answered = [(white, parse_move(&start, "E5")?), (black, parse_move(&start, "D5")?)];
    /// buf.learn_replies(&start, &answered, &[1.0, 0.0]);
    /// buf.learn_replies(&start, &answered, &[0.0, 1.0]);
    /// let firsts: std::collections::HashSet<_> = (0..10)
    ///     .map(|seed| {
    ///         let mut pos = start.clone();
    ///         playout(&mut pos, &mut rand::rngs::SmallRng::seed_from_u64(seed), &mut buf, 1, Policy::Light)?;
    ///         Ok(buf.played()[0].1)
    ///     })
    ///     .collect::<Result<_, qipan::core::hooks::HookError>>()?;
    /// assert!(firsts.len() > 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn learn_replies(&mut self, pos: &Position, before: &[(SeatId, Move)], reward: &[f64]) {
        let game = pos.game();
        self.replies.fit(game.board.len(), game.seats.len());
        let played = self.played.iter().map(|&(seat, mv)| (crate::ai::player(pos, seat), mv));
        self.replies.learn(before.iter().copied().chain(played), reward);
    }

    /// The last good reply to the last move, when replies are on and the player to move may play it
    /// (the list of empty nodes is up to date).
    pub(super) fn good_reply(
        &mut self,
        pos: &Position,
        policy: Policy,
        to: Option<&crate::rules::Cond>,
        required: bool,
    ) -> Option<Move> {
        if !self.replying {
            return None;
        }
        let seat = pos.to_move();
        let n = self.replies.get(crate::ai::player(pos, seat), &pos.last_move()?)?;
        let open = self.slot.get(n.idx()).is_some_and(|&s| s != u32::MAX);
        let light = policy == Policy::Light;
        (open && placeable(pos, seat, n, to, required) && !(light && fills_own_eye(pos, n)))
            .then(|| Move::place(PieceId::new(0), n))
    }
}

/// Each player's last good reply to each move, as a table.
#[derive(Clone, Debug, Default)]
pub(super) struct Replies {
    /// `table[p * keys + k]`: player `p`'s reply to the move of key `k`, as the reply's node index + 1;
    /// 0 for none.
    table: Vec<u32>,
    /// Keys per player: one per node (a placement there) and one for the pass.
    keys: usize,
}

impl Replies {
    /// Makes room for a board of `nodes` nodes and `players` players, forgetting everything if the
    /// game is another.
    pub(super) fn fit(&mut self, nodes: usize, players: usize) {
        if self.keys != nodes + 1 || self.table.len() != (nodes + 1) * players {
            self.keys = nodes + 1;
            self.table.clear();
            self.table.resize(self.keys * players, 0);
        }
    }

    /// A move's key: the node of a placement, or the pass. Other moves have none.
    fn key(&self, mv: &Move) -> Option<usize> {
        if mv.is_pass() { Some(self.keys - 1) } else { placed(mv).map(NodeId::idx) }
    }

    /// Player `p`'s good reply to `last`, if it has one.
    pub(super) fn get(&self, p: SeatId, last: &Move) -> Option<NodeId> {
        let k = self.key(last)?;
        match self.table.get(p.idx() * self.keys + k) {
            Some(&r) if r > 0 => Some(NodeId((r - 1) as u16)),
            _ => None,
        }
    }

    /// Learns from one simulation: `moves` in the order they were made, each with the player who made
    /// it (the first one's is not read), and each player's `reward`. Every placement that answers the
    /// move before it becomes its player's reply to that move when the player won more than half, and
    /// is forgotten when the player won less.
    pub(super) fn learn(&mut self, moves: impl Iterator<Item = (SeatId, Move)>, reward: &[f64]) {
        let mut last: Option<usize> = None;
        for (p, mv) in moves {
            if let (Some(k), Some(to)) = (last, placed(&mv))
                && let Some(slot) = self.table.get_mut(p.idx() * self.keys + k)
            {
                let r = reward.get(p.idx()).copied().unwrap_or(0.5);
                let reply = to.idx() as u32 + 1;
                if r > 0.5 {
                    *slot = reply;
                } else if r < 0.5 && *slot == reply {
                    *slot = 0;
                }
            }
            last = self.key(&mv);
        }
    }
}

/// The node a plain placement goes to.
fn placed(mv: &Move) -> Option<NodeId> {
    (mv.kind == MoveKind::Place && mv.to.is_some() && !mv.with_to.is_some()).then_some(mv.to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PieceId;

    fn at(n: usize) -> Move {
        Move::place(PieceId::new(0), NodeId(n as u16))
    }

    #[test]
    fn a_winning_reply_is_kept_and_a_losing_one_forgotten() {
        let (a, b) = (SeatId(0), SeatId(1));
        let mut r = Replies::default();
        r.fit(9, 2);
        // a plays 4, b answers 0, a answers 8; b wins.
        r.learn([(a, at(4)), (b, at(0)), (a, at(8))].into_iter(), &[0.0, 1.0]);
        assert_eq!(r.get(b, &at(4)), Some(NodeId(0)));
        assert_eq!(r.get(a, &at(0)), None, "a lost: nothing learnt for it");
        // The same answer loses: forgotten. Another answer that loses leaves a kept one alone.
        r.learn([(a, at(4)), (b, at(0))].into_iter(), &[1.0, 0.0]);
        assert_eq!(r.get(b, &at(4)), None);
        r.learn([(a, at(4)), (b, at(0))].into_iter(), &[0.0, 1.0]);
        r.learn([(a, at(4)), (b, at(1))].into_iter(), &[1.0, 0.0]);
        assert_eq!(r.get(b, &at(4)), Some(NodeId(0)));
        // A draw changes nothing; the pass has replies too.
        r.learn([(a, Move::PASS), (b, at(2))].into_iter(), &[0.5, 0.5]);
        assert_eq!(r.get(b, &Move::PASS), None);
        r.learn([(a, Move::PASS), (b, at(2))].into_iter(), &[0.0, 1.0]);
        assert_eq!(r.get(b, &Move::PASS), Some(NodeId(2)));
        // Another board forgets all.
        r.fit(16, 2);
        assert_eq!(r.get(b, &at(4)), None);
    }
}
