//! The sowing kernel: random playouts of a plain sowing game (`Game::plain_sowing`) played on the
//! pits' counts alone. While the seeds move, only the counts, the captures and (where a repetition
//! rule needs it) the hash follow them; the cells and the lists of pieces, which nothing reads
//! between two sowings, are set from the counts once, when the playout stops.
//!
//! Whether a game takes the kernel is decided once, when its rules are compiled
//! ([`Game::sowing_path`]); the kernel plays the very games the general path plays under the same
//! random stream (`tests/sowing_playouts.rs` compares them).

use super::{Piece, Position};
use crate::board::NodeId;
use crate::game::Game;
use crate::hooks::HookError;
use crate::moves::{Move, MoveKind};
use crate::rules::pattern::Sowing;
use crate::rules::{CapturedTo, Pattern};
use crate::{PieceId, SeatId};
use rand::Rng;

/// Which way random playouts of a game play its sowings (see [`Game::sowing_path`]).
///
/// ```
/// use qipan::core::position::SowingPath;
///
/// // Hus: relay sowing round four rows, captures from occupied pits, all on the counts.
/// assert_eq!(qipan::load("hus", &[])?.sowing_path(), SowingPath::Kernel);
/// assert_ne!(SowingPath::Kernel, SowingPath::Plain("more than 64 nodes"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SowingPath {
    /// Not a game of one plain sowing rule: playouts go through the general generator and `apply`.
    General,
    /// A plain sowing game whose playouts run on the pits' counts (the kernel).
    Kernel,
    /// A plain sowing game the kernel cannot hold, and why: its playouts read the sowing's tables but
    /// play on the whole position.
    Plain(&'static str),
}

/// The most nodes the kernel holds: one bit per node in its masks of pits.
const MAX_NODES: usize = 64;
/// The most seats the kernel holds.
const MAX_SEATS: usize = 4;

/// What the kernel reads besides the sowing's own tables, built with the game.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SowKernel {
    /// Per seat, the pits it may sow from (its `sow_starts`), one bit per node.
    starts: Vec<u64>,
    /// Per node, the hash key of the piece standing for its seeds.
    stand: Vec<u64>,
    /// The repetition rule needs the hash after every sowing.
    hashed: bool,
}

impl SowKernel {
    /// The kernel of a game, or why it has none.
    pub(crate) fn build(game: &Game) -> Result<SowKernel, SowingPath> {
        let Some(starts) = game.sow_starts.as_ref().filter(|_| game.plain_sowing) else {
            return Err(SowingPath::General);
        };
        if game.board.len() > MAX_NODES {
            return Err(SowingPath::Plain("more than 64 nodes"));
        }
        if game.seats.len() > MAX_SEATS {
            return Err(SowingPath::Plain("more than four seats"));
        }
        if game.rules.captured_to == CapturedTo::CaptorReserve || !game.reserves.is_empty() {
            // Hands are part of what a repetition compares.
            return Err(SowingPath::Plain("pieces in hand"));
        }
        let piece = PieceId::new(0);
        Ok(SowKernel {
            starts: starts.iter().map(|s| s.iter().fold(0u64, |m, n| m | 1 << n.idx())).collect(),
            stand: game.board.node_ids().map(|n| game.key(n, game.seed_owner(n), piece)).collect(),
            hashed: game.rules.end.repetition_draw.is_some(),
        })
    }
}

/// The way random playouts take, decided when the rules are compiled.
///
/// ```
/// use qipan::core::position::SowingPath;
///
/// assert_eq!(qipan::load("kalah", &[])?.sowing_path(), SowingPath::Kernel);
/// assert_eq!(qipan::load("oware", &[])?.sowing_path(), SowingPath::Kernel);
/// assert_eq!(qipan::load("chess", &[])?.sowing_path(), SowingPath::General);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Game {
    /// Whether random playouts of this game run on the pits' counts ([`SowingPath::Kernel`]), on the
    /// whole position with the sowing's tables ([`SowingPath::Plain`], with the reason), or through
    /// the general generator ([`SowingPath::General`]).
    ///
    /// ```
    /// use qipan::core::position::SowingPath;
    ///
    /// assert_eq!(qipan::load("kalah", &[])?.sowing_path(), SowingPath::Kernel);
    /// // Hus sows on 32 pits of four rows, relaying: still plain enough for the kernel.
    /// assert_eq!(qipan::load("hus", &[])?.sowing_path(), SowingPath::Kernel);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sowing_path(&self) -> SowingPath {
        match &self.sow_kernel {
            Ok(_) => SowingPath::Kernel,
            Err(why) => *why,
        }
    }
}

/// A seat's pits for `Sowing::sowable`, one bit per node.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PitMasks {
    /// The pits it may sow from, of seats it moves.
    pub(crate) movable: u64,
    /// All the pits it sows from (`singles-last` looks at these).
    pub(crate) starts: u64,
    /// The feeding rule's nodes.
    pub(crate) feed: u64,
}

/// The pits' counts, the captures and the hash, borrowed from a position while the kernel sows:
/// seeds sown into a store count for its seat at once.
pub(crate) struct CountBoard<'a, const HASHED: bool> {
    counts: &'a mut [u16],
    captures: &'a mut [u32],
    /// Kept only when `HASHED` (the cells' keys included: a pit that fills gets its piece's key).
    pub(crate) hash: u64,
    /// One bit per node holding seeds.
    pub(crate) nonzero: u64,
    game: &'a Game,
    stand: &'a [u64],
    bank: &'a [u8],
}

impl<const HASHED: bool> CountBoard<'_, HASHED> {
    /// The seeds on `n`.
    #[inline(always)]
    pub(crate) fn seeds(&self, n: NodeId) -> u16 {
        self.counts[n.idx()]
    }

    /// One seed falls on `n`.
    #[inline(always)]
    pub(crate) fn drop_one(&mut self, n: NodeId) {
        let old = self.counts[n.idx()];
        self.counts[n.idx()] = old.saturating_add(1);
        self.nonzero |= 1 << n.idx();
        if HASHED {
            self.hash ^= self.game.seed_step(n, old) ^ (self.stand[n.idx()] & 0u64.wrapping_sub(u64::from(old == 0)));
        }
        self.bank(n, 1);
    }

    /// `k` seeds fall on `n`.
    #[inline]
    pub(crate) fn add(&mut self, n: NodeId, k: u16) {
        if k == 0 {
            return;
        }
        let old = self.counts[n.idx()];
        let new = old.saturating_add(k);
        self.counts[n.idx()] = new;
        self.nonzero |= 1 << n.idx();
        if HASHED {
            self.hash ^= self.game.seed_key(n, old) ^ self.game.seed_key(n, new);
            if old == 0 {
                self.hash ^= self.stand[n.idx()];
            }
        }
        self.bank(n, k);
    }

    /// Every seed of `n` is lifted; returns how many.
    #[inline(always)]
    pub(crate) fn take(&mut self, n: NodeId) -> u16 {
        let old = std::mem::take(&mut self.counts[n.idx()]);
        self.nonzero &= !(1 << n.idx());
        if HASHED && old > 0 {
            self.hash ^= self.game.seed_key(n, old) ^ self.stand[n.idx()];
        }
        let owner = self.bank[n.idx()];
        if owner > 0 {
            // Seeds leaving a store no longer count for its seat.
            let c = &mut self.captures[usize::from(owner - 1)];
            *c = c.saturating_sub(u32::from(old));
        }
        old
    }

    /// Seeds taken by `seat` without a store.
    #[inline]
    pub(crate) fn bank_seeds(&mut self, seat: SeatId, k: u16) {
        let c = &mut self.captures[seat.idx()];
        *c = c.saturating_add(u32::from(k));
    }

    #[inline(always)]
    fn bank(&mut self, n: NodeId, k: u16) {
        let owner = self.bank[n.idx()];
        if owner > 0 {
            let c = &mut self.captures[usize::from(owner - 1)];
            *c = c.saturating_add(u32::from(k));
        }
    }
}

/// Random playouts of plain sowing games run on the kernel, through [`random_playout`](crate::playout::random_playout):
///
/// ```
/// use qipan::core::playout::{PlayoutBuf, random_playout};
/// use rand::SeedableRng;
///
/// let game = qipan::load("kalah", &[])?;
/// let mut pos = game.start();
/// let plies = random_playout(&mut pos, &mut rand::rngs::SmallRng::seed_from_u64(3), &mut PlayoutBuf::default(), 1000)?;
/// assert!(pos.is_over() && plies > 0);
/// // Every seed ends in a store: 4 seeds in each of 12 pits.
/// assert_eq!(pos.captures().iter().sum::<u32>(), 48);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// A random playout of a plain sowing game on the kernel (the caller has checked
    /// [`Game::sowing_path`]): plays until the game ends or `cap` plies have been played, drawing as
    /// the general path draws, and returns the plies played. `before` is a buffer for the counts at
    /// the start. `None` when the position is one the kernel does not hold (a pit standing for another
    /// seat than its owner, set up by hand): the caller then plays the general path.
    #[inline(never)]
    pub(crate) fn sow_playout<R: Rng>(
        &mut self,
        rng: &mut R,
        before: &mut Vec<u16>,
        cap: u32,
    ) -> Option<Result<u32, HookError>> {
        let game = self.game.clone();
        let Ok(kernel) = &game.sow_kernel else { return None };
        let Some(Pattern::Sow(sowing)) = game.pieces[0].moves.first().map(|r| &r.pattern) else { return None };
        if !self.lean_cells() {
            return None;
        }
        before.clear();
        before.extend_from_slice(&self.counts);
        Some(if kernel.hashed {
            self.sow_loop::<R, true>(&game, kernel, sowing, rng, before, cap)
        } else {
            self.sow_loop::<R, false>(&game, kernel, sowing, rng, before, cap)
        })
    }

    /// Whether every cell is what the kernel makes of a count: empty for none, else the game's one
    /// piece type for the node's owner.
    fn lean_cells(&self) -> bool {
        self.cells.iter().zip(&self.counts).enumerate().all(|(i, (c, &k))| match c {
            None => k == 0,
            Some(p) => k > 0 && p.piece == PieceId::new(0) && p.seat == self.game.seed_owner(NodeId(i as u16)),
        })
    }

    fn sow_loop<R: Rng, const HASHED: bool>(
        &mut self,
        game: &Game,
        kernel: &SowKernel,
        sowing: &Sowing,
        rng: &mut R,
        before: &[u16],
        cap: u32,
    ) -> Result<u32, HookError> {
        // Who may sow from which pits, and who plays next: no seat leaves a plain sowing game
        // before it ends.
        let mut masks = [PitMasks::default(); MAX_SEATS];
        let mut next = [SeatId(0); MAX_SEATS];
        for s in game.seat_ids() {
            let mut m = kernel.starts[s.idx()];
            while m != 0 {
                let n = m.trailing_zeros() as usize;
                m &= m - 1;
                if self.movable_by(s, game.seed_owner(NodeId(n as u16))) {
                    masks[s.idx()].movable |= 1 << n;
                }
            }
            masks[s.idx()].starts = kernel.starts[s.idx()];
            masks[s.idx()].feed = sowing.feed_mask(s);
            next[s.idx()] = self.next_seat_after(s);
        }
        let repetitions = game.rules.end.repetition_draw;
        let clear_reps = game.rules.captured_to != CapturedTo::CaptorReserve;
        let (mut plies, mut moved, mut last) = (0u32, 0u64, None);
        let mut to_move = self.to_move;
        let mut quiet = self.quiet_plies;
        let mut hash = self.hash;
        let mut nonzero = self.counts.iter().enumerate().fold(0u64, |m, (i, &c)| m | u64::from(c != 0) << i);
        let mut stopped_by_repetition = false;
        let mut stuck = false;
        if self.result.is_none() {
            while plies < cap {
                let seat = to_move.idx();
                let pits = sowing.sowable(to_move, &self.counts, nonzero, masks[seat]);
                let n = pits.count_ones() as usize;
                if n == 0 {
                    stuck = true;
                    break;
                }
                // Drawn as the general path draws: the same index among the same pits, in node order.
                let mut m = pits;
                for _ in 0..rng.random_range(0..n) {
                    m &= m - 1;
                }
                let from = NodeId(m.trailing_zeros() as u16);
                let banked_before: u32 = self.captures.iter().sum();
                let mut board = CountBoard::<HASHED> {
                    counts: &mut self.counts,
                    captures: &mut self.captures,
                    hash,
                    nonzero,
                    game,
                    stand: &kernel.stand,
                    bank: &sowing.tables[seat].bank,
                };
                let again = sowing.play_counts(to_move, &mut board, from);
                (hash, nonzero) = (board.hash, board.nonzero);
                let captured = self.captures.iter().sum::<u32>() > banked_before;
                quiet = if captured { 0 } else { quiet.saturating_add(1) };
                moved |= 1 << from.idx();
                plies += 1;
                last = Some(from);
                if !again {
                    to_move = next[seat];
                }
                if let Some(times) = repetitions {
                    if captured && clear_reps {
                        self.reps.clear();
                        self.rep_checks.clear();
                    }
                    // What `push_rep` and `repetitions` read.
                    (self.hash, self.to_move) = (hash, to_move);
                    self.push_rep();
                    if self.repetitions() >= times as usize {
                        stopped_by_repetition = true;
                        break;
                    }
                }
            }
        }
        // The cells, lists and hash follow the counts now.
        self.to_move = to_move;
        if plies > 0 {
            self.quiet_plies = quiet;
            self.passes = 0;
            self.ko = NodeId::NONE;
            self.moved[0] |= moved;
            if self.passer.is_some() {
                self.passed = [NodeId::NONE; 4];
                self.passer = NodeId::NONE;
            }
            self.ply = self.ply.saturating_add(plies);
            self.last =
                last.map(|n| Move { kind: MoveKind::Sow, from: n, to: n, piece: PieceId::new(0), ..Move::PASS });
            self.refresh_prey();
        }
        self.materialise(kernel, before, HASHED.then_some(hash));
        debug_assert_eq!(self.hash, self.hash_from_scratch());
        if stopped_by_repetition {
            // The general end rules settle the repetition (a stuck seat first, then the draw's scoring).
            self.defer_stuck = true;
            let r = crate::rules::end::check_end(self);
            self.defer_stuck = false;
            r?;
        } else if stuck || !self.is_over() {
            self.settle_stuck()?;
        }
        Ok(plies)
    }

    /// Sets the cells and the lists of pieces from the counts the kernel left, and the hash: `hash`
    /// when the kernel kept it, else changed pit by pit from the counts at the start (`before`).
    fn materialise(&mut self, kernel: &SowKernel, before: &[u16], hash: Option<u64>) {
        let game = self.game.clone();
        let kept = self.hash;
        for i in 0..self.counts.len() {
            let n = NodeId(i as u16);
            let has = self.counts[i] > 0;
            if self.cells[i].is_some() != has {
                if has {
                    self.put(n, Piece { seat: game.seed_owner(n), piece: PieceId::new(0) });
                } else {
                    self.lift(n);
                }
            }
        }
        self.hash = match hash {
            Some(h) => h,
            None => {
                let key = |i: usize, c: u16| {
                    let n = NodeId(i as u16);
                    game.seed_key(n, c) ^ if c > 0 { kernel.stand[i] } else { 0 }
                };
                (0..before.len())
                    .filter(|&i| before[i] != self.counts[i])
                    .fold(kept, |h, i| h ^ key(i, before[i]) ^ key(i, self.counts[i]))
            }
        };
    }
}
