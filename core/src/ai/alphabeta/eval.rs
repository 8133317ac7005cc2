//! The evaluation of a position that is not over, for any game: material, mobility, lines still open
//! to a side in games won by making a line, and the game's own score where it has one. Scores are whole
//! numbers, 100 to a piece worth 1, seen by one player (the root player of the search) against the others.

use super::super::judge::{fills_up, scored};
use super::super::player;
use super::stable::Stability;
use crate::SeatId;
use crate::board::NodeId;
use crate::game::Game;
use crate::hooks::HookError;
use crate::moves::{Move, MoveKind};
use crate::outcome::{EndReason, GameResult};
use crate::position::{MoveBuf, Position, Setup};
use crate::rules::Scoring;
use crate::{Piece, PieceId};
use std::sync::Arc;

/// How many nodes at most the value estimate tries a piece on (spread over the board).
const SAMPLE: usize = 256;

/// Centi-units per point of a piece's value or of a game's score.
pub(crate) const UNIT: f64 = 100.0;

/// What each piece type is worth to the alpha-beta search, indexed by piece type: the `value:` its
/// definition declares, or else an estimate from how far it moves. The estimate puts the piece alone on
/// an otherwise empty board, on every node (or a spread of up to 256 of them), counts the destinations
/// of its moves, and takes the mean `m` to the power 0.75 (at least 1): a piece with one move is worth
/// 1, a chess knight about 3.5, a queen about 10. Royal pieces (whose loss ends the game, or that the
/// check rule protects) are worth 0: they are not material.
///
/// ```
/// use qipan::core::ai::alphabeta::piece_values;
///
/// let chess = qipan::load("chess", &[])?;
/// let values = piece_values(&chess);
/// let v = |name| values[chess.piece(name).unwrap().idx()];
/// assert_eq!(v("king"), 0.0); // royal
/// assert!(v("pawn") >= 1.0 && v("pawn") < 1.5);
/// assert!(v("pawn") < v("knight") && v("knight") < v("bishop") && v("bishop") < v("rook"));
/// assert!(v("rook") < v("queen") && v("queen") < 12.0);
/// // Janggi declares its values (for its material count): they are taken as they are.
/// let janggi = qipan::load("janggi", &[])?;
/// let values = piece_values(&janggi);
/// assert_eq!(values[janggi.piece("chariot").unwrap().idx()], 13.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn piece_values(game: &Arc<Game>) -> Vec<f64> {
    let mut buf = MoveBuf::default();
    game.piece_ids()
        .map(|p| {
            if game.rules.end.royal.contains(&p) || game.rules.check.contains(&p) {
                0.0
            } else if game.rules.value_declared.get(p.idx()).copied().unwrap_or(false) {
                game.rules.value(p)
            } else {
                mobility(game, p, &mut buf).max(1.0).powf(0.75)
            }
        })
        .collect()
}

/// The mean number of destinations of `piece` alone on the board, over the nodes tried.
fn mobility(game: &Arc<Game>, piece: PieceId, buf: &mut MoveBuf) -> f64 {
    // The seat the piece starts with (its direction of play), or the first.
    let seat = game
        .setup
        .iter()
        .find(|p| p.piece == piece)
        .map(|p| p.seat)
        .or_else(|| game.reserves.iter().find(|r| r.1 == piece).map(|r| r.0))
        .or(game.pieces[piece.idx()].owner)
        .unwrap_or(SeatId(0));
    let n = game.board.len();
    let step = n.div_ceil(SAMPLE).max(1);
    let (mut total, mut tried) = (0usize, 0usize);
    for node in (0..n).step_by(step).map(|i| NodeId(i as u16)) {
        let mut setup = Setup::empty(game);
        setup.put(node, Piece { seat, piece }).to_move(seat);
        let Ok(pos) = Position::from_setup(setup) else { continue };
        pos.generate_pseudo(buf);
        total += buf.moves.iter().filter(|m| m.from == node && m.kind != MoveKind::Pass).count();
        tried += 1;
    }
    if tried == 0 { 0.0 } else { total as f64 / tried as f64 }
}

/// Whether the game's score is material the evaluation weighs as such: captures kept for good (a
/// mancala's store), the values of the pieces on the board (janggi's count), or, where captures only
/// turn lines of pieces over, the pieces none can reach any more (Othello's stable discs, see
/// [`stable_pieces`](super::stable_pieces)). A score that is none of these (Go's area, counted on a
/// board still in play) says much less before the end; a score from a hook is never read so.
///
/// ```
/// use qipan::core::ai::alphabeta::material_score;
///
/// for (game, material) in [("othello", true), ("kalah", true), ("janggi", true), ("go", false), ("chess", false)] {
///     let rules = qipan::load(game, &[])?;
///     assert_eq!(material_score(&rules), material, "{game}");
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn material_score(game: &Game) -> bool {
    if game.hooks.as_ref().is_some_and(|h| h.has(crate::hooks::HookPoint::Score)) {
        return false;
    }
    match game.rules.scoring {
        Scoring::Captures | Scoring::Material => true,
        Scoring::Pieces => Stability::of(game).is_some(),
        _ => false,
    }
}

/// The evaluation's working memory, allocated once.
#[derive(Clone, Debug, Default)]
pub(crate) struct Evaluator {
    /// The game the values are for (by address), and the values in centi-units.
    game: Option<Arc<Game>>,
    values: Vec<i32>,
    /// Per seat: what a player holds (indexed by the player's seat).
    sums: Vec<i64>,
    live: Vec<bool>,
    scores: Vec<f64>,
    /// The windows of the game's winning lines: `(goal, first node, length)` into `window_nodes`.
    windows: Vec<(usize, u32, u32)>,
    window_nodes: Vec<NodeId>,
    /// Per player, the pieces in the window being read.
    in_window: Vec<u32>,
    /// Whether pieces are material: not where they are only ever added ([`fills_up`]).
    material: bool,
    /// The pieces that can no longer be taken, where only they are sure to count ([`Stability`]).
    stability: Option<Stability>,
    /// Up to how many centi-units of noise each position gets, and the noise's key ([`Evaluator::noise`]).
    noise: u32,
    salt: u64,
}

/// Mobility: centi-units per legal move more than the other side had.
const MOBILITY: i32 = 4;

/// An open window with one piece of a side: centi-units; each more piece is worth four times as much.
const OPEN_LINE: i64 = 5;

impl Evaluator {
    /// Makes ready for `game`, working out its piece values once.
    pub(crate) fn prepare(&mut self, game: &Arc<Game>) {
        if self.game.as_ref().is_some_and(|g| Arc::ptr_eq(g, game)) {
            return;
        }
        self.values = piece_values(game).iter().map(|v| (v * UNIT).round() as i32).collect();
        self.game = Some(Arc::clone(game));
        let n = game.seats.len();
        self.sums = vec![0; n];
        self.live = vec![false; n];
        self.in_window = vec![0; n];
        self.material = !fills_up(game);
        self.stability = Stability::of(game);
        self.windows.clear();
        self.window_nodes.clear();
        for (i, goal) in game.rules.end.lines.iter().enumerate().filter(|(_, g)| g.wins_for_maker()) {
            for &(rel, d, _) in &goal.axes {
                for start in game.board.node_ids() {
                    let first = self.window_nodes.len();
                    let mut at = start;
                    while at.is_some() && self.window_nodes.len() - first < goal.length as usize {
                        self.window_nodes.push(at);
                        at = game.board.next(rel, d, at);
                    }
                    // A window runs the line's length, without coming round to its start (a cylinder).
                    let nodes = &self.window_nodes[first..];
                    if nodes.len() == goal.length as usize && !nodes[1..].contains(&start) {
                        self.windows.push((i, first as u32, goal.length as u32));
                    } else {
                        self.window_nodes.truncate(first);
                    }
                }
            }
        }
    }

    /// Adds up to `noise` centi-units to each position's score, the same for a position each time this
    /// evaluator meets it under `salt`: equal moves are then chosen among by chance, so that games between
    /// the same players differ, while the search stays consistent with its table.
    pub(super) fn noise(&mut self, noise: u32, salt: u64) {
        (self.noise, self.salt) = (noise, salt);
    }

    /// A piece type's value in centi-units.
    #[inline]
    pub(super) fn value(&self, piece: PieceId) -> i32 {
        self.values.get(piece.idx()).copied().unwrap_or(UNIT as i32)
    }

    /// What `mv` takes at once, by the values of the pieces it takes (royal pieces count as big); only
    /// the pieces of `owner`'s player when given.
    pub(super) fn victims(&self, pos: &Position, mv: &Move, owner: Option<SeatId>) -> i32 {
        let royal = &pos.game().rules.end.royal;
        let value = |n: crate::board::NodeId| match (n.is_some() && n != mv.from).then(|| pos.cell(n)).flatten() {
            Some(p) if owner.is_some_and(|o| player(pos, p.seat) != o) => 0,
            Some(p) if royal.contains(&p.piece) || pos.game().rules.check.contains(&p.piece) => 100 * UNIT as i32,
            Some(p) => self.value(p.piece).max(1),
            None => 0,
        };
        match mv.kind {
            MoveKind::Move | MoveKind::Shoot => value(mv.to) + value(mv.take),
            _ => value(mv.take),
        }
    }

    /// The position for `root` (a player): its material less the mean of the other live players', or
    /// the same of the game's score when it has one, plus mobility: `mine` legal moves for the seat to
    /// move against the `before` its predecessor had (`None` when the predecessor is the same player or
    /// unknown).
    pub(crate) fn evaluate(
        &mut self,
        pos: &Position,
        root: SeatId,
        mine: usize,
        before: Option<usize>,
    ) -> Result<i32, HookError> {
        let g = pos.game();
        self.sums.iter_mut().for_each(|s| *s = 0);
        self.live.iter_mut().for_each(|l| *l = false);
        for s in g.seat_ids() {
            if pos.is_alive(s) {
                self.live[player(pos, s).idx()] = true;
            }
        }
        if scored(pos) {
            self.score(pos)?;
        } else {
            if self.material {
                self.material_sums(pos);
            }
            self.open_lines(pos);
        }
        let (mut others, mut count) = (0i64, 0i64);
        for (p, (&s, &l)) in self.sums.iter().zip(&self.live).enumerate() {
            if l && p != root.idx() {
                others += s;
                count += 1;
            }
        }
        let mut score = self.sums[root.idx()] - if count > 0 { others / count } else { 0 };
        if self.noise > 0 {
            let mixed = (pos.search_key() ^ self.salt).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            score += ((mixed >> 32) % (u64::from(self.noise) + 1)) as i64;
        }
        if let Some(before) = before {
            let sign = if player(pos, pos.to_move()) == root { 1 } else { -1 };
            score += sign * i64::from(MOBILITY) * (mine as i64 - before as i64);
        }
        Ok(score.clamp(-(super::WIN as i64) / 2, super::WIN as i64 / 2) as i32)
    }

    /// Each player's material into `self.sums`: its pieces on the board and in hand.
    fn material_sums(&mut self, pos: &Position) {
        let g = pos.game();
        for cell in pos.cells().iter().flatten() {
            self.sums[player(pos, cell.seat).idx()] += i64::from(self.value(cell.piece));
        }
        // Pieces in hand are material too (shogi's captures, a morris player's men still to place).
        for s in g.seat_ids() {
            for p in g.piece_ids() {
                let r = pos.reserve(s, p);
                if r > 0 {
                    self.sums[player(pos, s).idx()] += i64::from(r) * i64::from(self.value(p));
                }
            }
        }
    }

    /// The lines still open to each player into `self.sums`: every window of a winning line's length that
    /// holds some of one player's pieces and none of another's counts for that player, the more pieces the
    /// more (Connect Four's and Gomoku's classic measure).
    fn open_lines(&mut self, pos: &Position) {
        let lines = &pos.game().rules.end.lines;
        for &(goal, first, len) in &self.windows {
            self.in_window.iter_mut().for_each(|c| *c = 0);
            let (mut holders, mut last) = (0, 0);
            for &n in &self.window_nodes[first as usize..(first + len) as usize] {
                let Some(p) = pos.cell(n) else { continue };
                if !lines[goal].pieces.is_empty() && !lines[goal].pieces.contains(&p.piece) {
                    holders = 2; // a piece that does not count blocks the line
                    break;
                }
                let who = player(pos, p.seat).idx();
                holders += u32::from(self.in_window[who] == 0);
                self.in_window[who] += 1;
                last = who;
            }
            if holders == 1 {
                let k = self.in_window[last].min(len - 1);
                self.sums[last] += OPEN_LINE << (2 * (k - 1));
            }
        }
    }

    /// The game's score into `self.sums`, in centi-units, for the best the greater (a game where the
    /// lowest score wins is negated).
    fn score(&mut self, pos: &Position) -> Result<(), HookError> {
        let g = pos.game();
        let hooked = g.hooks.as_ref().is_some_and(|h| h.has(crate::hooks::HookPoint::Score));
        self.scores.clear();
        self.scores.resize(g.seats.len(), 0.0);
        match &g.rules.scoring {
            Scoring::Captures if !hooked => {
                for (s, &c) in self.scores.iter_mut().zip(pos.captures()) {
                    *s = f64::from(c);
                }
            }
            Scoring::Pieces if !hooked => match &mut self.stability {
                // Pieces that lines of captures turn over count once they are stable: until then they
                // may change hands many times, and a side with many of them is often the one losing.
                Some(stability) => {
                    stability.mark(pos);
                    for (n, cell) in pos.cells().iter().enumerate() {
                        if let Some(cell) = cell.filter(|_| stability.is_stable(NodeId(n as u16))) {
                            self.scores[pos.controller(cell.seat).idx()] += 1.0;
                        }
                    }
                }
                None => {
                    for cell in pos.cells().iter().flatten() {
                        self.scores[pos.controller(cell.seat).idx()] += 1.0;
                    }
                }
            },
            _ => {
                let result = GameResult::scored(pos, EndReason::PlayoutCut)?;
                if let Some(s) = result.scores {
                    self.scores.copy_from_slice(&s);
                }
                // `scored` has added the bonus already: take it off, it is added again below.
                for (s, b) in self.scores.iter_mut().zip(&g.rules.score_bonus) {
                    *s -= b;
                }
            }
        }
        for (s, b) in self.scores.iter_mut().zip(&g.rules.score_bonus) {
            *s += b;
        }
        let sign = if g.rules.lower_score_wins { -1.0 } else { 1.0 };
        for (seat, &v) in g.seat_ids().zip(&self.scores) {
            self.sums[player(pos, seat).idx()] += (sign * v * UNIT).round() as i64;
        }
        Ok(())
    }
}
