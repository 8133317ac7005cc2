//! Answers to atari, for playouts of games that capture chains by their liberties (Go and its kin):
//! before a random move, the player to move takes the chain of the stone just placed when it has one
//! liberty left, and saves its own chains beside that stone which it left with one by taking an enemy
//! chain beside them that has one liberty too. Uniform playouts leave such captures to chance, so a
//! search built on them misjudges every fight.
//!
//! A chain in atari is not saved by extending at its liberty: measured in self-play (9×9 Go, 100 to
//! 300 ms a move), playouts that ran lost 3 of 20 games, and 4 of 20 when the run had to reach three
//! liberties, where those that only capture won 10 to 11 of 20 (alone) and 30 of 40 (with the last
//! good replies): a chain that runs in a random playout is most often in a ladder, and running makes a
//! bigger chain die.

use super::PlayoutBuf;
use super::buf::{draw_placement, last_placed, placeable};
use crate::board::NodeId;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Cond;
use crate::rules::groups::Chains;
use rand::Rng;

impl PlayoutBuf {
    /// Whether playouts through this buffer answer ataris in games of lone placements that capture chains
    /// by their liberties (Go): before a random move, the player to move takes the chain of the stone just
    /// placed when it has one liberty left, and frees its own chains beside that stone which it left with
    /// one by taking an enemy chain beside them that has one liberty too (it does not run: in random
    /// playouts a running chain is mostly in a ladder); it draws among these answers when there are any.
    /// Other games play as they would. Off by default; the MCTS player turns it on (its `atari=on`).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    /// use qipan::core::playout::{PlayoutBuf, Policy, playout};
    /// use rand::SeedableRng;
    ///
    /// // White's E5 has one liberty left, E4: whatever the seed, Black takes it.
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut start = game.start();
    /// for text in ["D5", "A1", "F5", "A3", "E6", "E5"] {
    ///     start.play(&parse_move(&start, text)?)?;
    /// }
    /// let mut buf = PlayoutBuf::default();
    /// buf.atari(true);
    /// buf.record(true);
    /// for seed in 0..10 {
    ///     let mut pos = start.clone();
    ///     playout(&mut pos, &mut rand::rngs::SmallRng::seed_from_u64(seed), &mut buf, 1, Policy::Light)?;
    ///     assert_eq!(buf.played()[0].1, parse_move(&start, "E4")?);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn atari(&mut self, on: bool) {
        self.atari = on;
    }

    /// An answer to the last move's ataris, when they are on ([`PlayoutBuf::atari`]).
    pub(super) fn atari_answer<R: Rng>(
        &mut self,
        pos: &Position,
        rng: &mut R,
        to: Option<&Cond>,
        required: bool,
    ) -> Option<Move> {
        if !self.atari {
            return None;
        }
        answers(pos, &mut self.answers, to, required);
        draw_placement(rng, &self.answers)
    }
}

/// The most distinct chains next to one node that are looked at (more than any board's degree).
const NEIGHBOURS: usize = 16;

/// Writes to `cands` the answers to the last move's ataris that the player to move may play (none
/// where the game has no chains or the last move placed nothing).
fn answers(pos: &Position, cands: &mut Vec<NodeId>, to: Option<&Cond>, required: bool) {
    cands.clear();
    let game = pos.game();
    let (Some(chains), Some(gc)) = (pos.chains(), &game.rules.group_capture) else { return };
    let Some(last) = last_placed(pos) else { return };
    let (board, cells, rel) = (&game.board, pos.cells(), gc.relation);
    let me = pos.to_move();
    let mut libs = [NodeId::NONE; 2];
    // The stone just placed, with one liberty: take it.
    if cells[last.idx()].is_some_and(|p| pos.hostile(me, p.seat))
        && chains.liberties_into(board, cells, chains.head(last), &mut libs) == 1
    {
        cands.push(libs[0]);
    }
    // The mover's chains beside it, left with one liberty: free them by a capture.
    let mut seen = [NodeId::NONE; NEIGHBOURS];
    let mut heads = 0;
    for e in board.edges(rel, last) {
        if !cells[e.to.idx()].is_some_and(|p| pos.same_side(me, p.seat)) {
            continue;
        }
        let h = chains.head(e.to);
        if seen[..heads].contains(&h) || heads == NEIGHBOURS {
            continue;
        }
        seen[heads] = h;
        heads += 1;
        if chains.liberties_into(board, cells, h, &mut libs) == 1 {
            push_captures_beside(pos, chains, h, cands);
        }
    }
    // Only answers the mover may play are drawn from, so a position without one draws as before.
    cands.retain(|&n| placeable(pos, me, n, to, required));
}

/// Pushes the liberty of every enemy chain beside the chain headed by `h` that has one liberty: taking
/// it frees the chain.
fn push_captures_beside(pos: &Position, chains: &Chains, h: NodeId, cands: &mut Vec<NodeId>) {
    let game = pos.game();
    let (board, cells, rel) = (&game.board, pos.cells(), chains.relation());
    let me = pos.to_move();
    let mut libs = [NodeId::NONE; 2];
    for s in chains.stones(h) {
        for e in board.edges(rel, s) {
            if cells[e.to.idx()].is_some_and(|p| pos.hostile(me, p.seat))
                && chains.liberties_into(board, cells, chains.head(e.to), &mut libs) == 1
                && !cands.contains(&libs[0])
            {
                cands.push(libs[0]);
            }
        }
    }
}

/// Whether a stone of the player to move placed on the empty node `n` would be left in atari (one
/// liberty) without taking anything, in games that capture chains by their liberties; `false` elsewhere.
/// Shapes drawn beside the last move are refused when they are (a stone given away).
pub(super) fn self_atari(pos: &Position, n: NodeId) -> bool {
    liberties_after(pos, n, 2) < 2
}

/// The most liberties [`liberties_after`] counts to.
pub(super) const MOST_LIBERTIES: usize = 4;

/// How many liberties the chain a stone of the player to move placed on the empty node `n` would make
/// has, counted up to `want` (at most [`MOST_LIBERTIES`]); `want` when the stone takes an enemy chain
/// (it gains liberties) or the game does not capture chains.
pub(super) fn liberties_after(pos: &Position, n: NodeId, want: usize) -> usize {
    let want = want.min(MOST_LIBERTIES);
    let game = pos.game();
    let (Some(chains), Some(gc)) = (pos.chains(), &game.rules.group_capture) else { return want };
    let (board, cells, me) = (&game.board, pos.cells(), pos.to_move());
    // The new chain's liberties other than `n`, `want` of them enough.
    let mut libs = [NodeId::NONE; MOST_LIBERTIES];
    let mut found = 0;
    let mut add = |l: NodeId, libs: &mut [NodeId; MOST_LIBERTIES]| {
        if l != n && !libs[..found].contains(&l) && found < want {
            libs[found] = l;
            found += 1;
        }
    };
    for e in board.edges(gc.relation, n) {
        match cells[e.to.idx()] {
            None => add(e.to, &mut libs),
            Some(p) if pos.same_side(me, p.seat) => {
                // `want + 1` of the chain's liberties hold `want` besides `n`.
                let mut own = [NodeId::NONE; MOST_LIBERTIES + 1];
                let k = chains.liberties_into(board, cells, chains.head(e.to), &mut own[..=want]);
                for &l in &own[..k] {
                    add(l, &mut libs);
                }
            }
            Some(p) if pos.hostile(me, p.seat) => {
                // An enemy chain whose last liberty is `n` is taken: the stone gains liberties.
                let mut theirs = [NodeId::NONE; 2];
                if chains.liberties_into(board, cells, chains.head(e.to), &mut theirs) == 1 {
                    return want;
                }
            }
            Some(_) => {}
        }
    }
    found
}
