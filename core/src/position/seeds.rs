//! Seeds: on a board with counts (a sowing game) a node holds a number of identical pieces. The cell
//! keeps one piece standing for them (a seed of the node's owner) while the count is above zero, so
//! every condition on cells (`empty`, `friend`, ...) reads a pit as it reads any node; the count
//! itself lives beside the cells, in a vector that games without counts leave empty.

use super::pieces::Lists;
use super::{Piece, Position};
use crate::board::NodeId;
use crate::game::Game;
use crate::hooks::HookError;
use crate::moves::Move;
use crate::rules::CapturedTo;
use crate::{PieceId, SeatId};

/// Reading and changing the seeds on a node.
///
/// ```
/// let game = qipan::load("kalah", &[])?;
/// let pos = game.start();
/// let c1 = game.board.find("c1").unwrap();
/// assert_eq!(pos.seeds(c1), 4);
/// assert_eq!(pos.counts().iter().map(|&c| c as u32).sum::<u32>(), 48);
/// assert!(qipan::load("chess", &[])?.start().counts().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// The number of seeds on `n` (0 on a board without counts).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("kalah", &[])?;
    /// let mut pos = game.start();
    /// pos.play(&parse_move(&pos, "c1")?)?; // c1's four seeds go to d1, e1, f1 and the store
    /// let at = |l| pos.seeds(game.board.find(l).unwrap());
    /// assert_eq!((at("c1"), at("d1"), at("f1"), at("store1")), (0, 5, 5, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn seeds(&self, n: NodeId) -> u16 {
        self.counts.get(n.idx()).copied().unwrap_or(0)
    }

    /// The seeds on every node, indexed by node (empty on a board without counts).
    ///
    /// ```
    /// let kalah = qipan::load("kalah", &[])?.start();
    /// assert_eq!(kalah.counts().iter().map(|&c| u32::from(c)).sum::<u32>(), 48, "four seeds in twelve pits");
    /// assert!(qipan::load("chess", &[])?.start().counts().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn counts(&self) -> &[u16] {
        &self.counts
    }

    /// Adds `k` seeds (of type `piece`) to `n`; the first seed on an empty node stands for its owner.
    #[inline]
    pub(crate) fn add_seeds(&mut self, n: NodeId, k: u16, piece: PieceId) {
        if k == 0 {
            return;
        }
        let old = self.counts[n.idx()];
        let new = old.saturating_add(k);
        self.counts[n.idx()] = new;
        self.hash ^= self.game.seed_key(n, old) ^ self.game.seed_key(n, new);
        if old == 0 {
            let seat = self.game.seed_owner(n);
            self.put(n, Piece { seat, piece });
        }
    }

    /// Takes every seed off `n`, returning how many there were.
    #[inline]
    pub(crate) fn take_seeds(&mut self, n: NodeId) -> u16 {
        let old = std::mem::take(&mut self.counts[n.idx()]);
        if old > 0 {
            self.hash ^= self.game.seed_key(n, old);
            self.lift(n);
        }
        old
    }

    /// Credits `k` seeds to `seat`'s captures (its score).
    #[inline]
    pub(crate) fn bank_seeds(&mut self, seat: SeatId, k: u16) {
        self.captures[seat.idx()] = self.captures[seat.idx()].saturating_add(k as u32);
    }

    /// Takes `k` seeds back from `seat`'s captures (seeds lifted from its store).
    #[inline]
    pub(crate) fn bank_seeds_back(&mut self, seat: SeatId, k: u16) {
        self.captures[seat.idx()] = self.captures[seat.idx()].saturating_sub(k as u32);
    }

    /// Sets the counts of a new position from its cells (a set-up board of seeds holds one on each
    /// occupied node unless told otherwise) and adds them to the hash.
    pub(super) fn init_counts(&mut self, counts: Vec<u16>) {
        if !self.game.board.has_counts() {
            return;
        }
        self.counts = counts;
        self.counts.resize(self.game.board.len(), 0);
        for i in 0..self.counts.len() {
            let n = NodeId(i as u16);
            if self.cells[i].is_some() && self.counts[i] == 0 {
                self.counts[i] = 1;
            } else if self.cells[i].is_none() {
                self.counts[i] = 0;
            }
            self.hash ^= self.game.seed_key(n, self.counts[i]);
        }
    }
}

/// Playing a sowing in a playout: the fast path that random playouts of plain sowing games take
/// (crate-internal; [`Position::play`] is the public way to play a sowing).
///
/// ```
/// use qipan::core::notation::parse_move;
///
/// let game = qipan::load("kalah", &[])?;
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "c1")?)?;
/// assert_eq!(pos.seeds(game.board.find("store1").unwrap()), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// [`Position::apply`] for a sowing move of a plain sowing game (`Game::plain_sowing`) in a playout:
    /// the same changes, without asking after the rules such a game cannot have (hooks, capture rules,
    /// groups, extra actions, counting, superko).
    pub(super) fn apply_sowing(&mut self, mv: &Move) -> Result<(), HookError> {
        let seat = self.to_move;
        let captures_before: u32 = self.captures.iter().sum();
        let again = crate::rules::pattern::sowing::play(self, mv, seat);
        self.passes = 0;
        self.ko = NodeId::NONE;
        let captured = self.captures.iter().sum::<u32>() > captures_before;
        self.quiet_plies = if captured { 0 } else { self.quiet_plies.saturating_add(1) };
        self.moved[mv.from.idx() >> 6] |= 1 << (mv.from.idx() & 63);
        if self.passer.is_some() {
            self.passed = [NodeId::NONE; 4];
            self.passer = NodeId::NONE;
        }
        self.ply = self.ply.saturating_add(1);
        self.last = Some(*mv);
        if !again {
            self.advance_turn();
        }
        if self.game.rules.end.repetition_draw.is_some() {
            if captured && self.game.rules.captured_to != CapturedTo::CaptorReserve {
                self.reps.clear();
                self.rep_checks.clear();
            }
            self.push_rep();
        }
        crate::rules::end::check_end(self)
    }

    /// The board as a sowing changes it ([`SeedBoard`]), where nothing but the cells, the hash and the
    /// lists of pieces follow a node's seeds: no protected piece type, groups, connection goals or
    /// counts per zone. `None` elsewhere: the sowing then goes through [`Position::add_seeds`].
    #[inline]
    pub(crate) fn seed_board(&mut self, piece: PieceId) -> Option<SeedBoard<'_>> {
        let Position { game, counts, cells, hash, captures, on_board, present, placed, slot, chains, links, .. } = self;
        let game: &Game = game;
        let lean = game.plain_sowing
            || (!game.is_royal(piece) && chains.is_none() && links.is_empty() && game.tally_zones == 0);
        lean.then(|| SeedBoard {
            game,
            counts,
            cells,
            hash: *hash,
            hash_out: hash,
            captures,
            lists: Lists { on_board, present, placed, slot },
            piece,
            np: game.pieces.len(),
        })
    }
}

/// A position's board borrowed field by field for a sowing: the game's tables stay readable while the
/// seeds move, with no reference count taken per move, and a pit that fills or empties changes only
/// its cell, the hash and its seat's list of pieces (see [`Position::seed_board`]).
pub(crate) struct SeedBoard<'a> {
    /// The game, read while the board changes.
    pub(crate) game: &'a Game,
    counts: &'a mut [u16],
    cells: &'a mut [Option<Piece>],
    /// The hash, kept here while the seeds move and written back when the board is dropped.
    hash: u64,
    hash_out: &'a mut u64,
    captures: &'a mut [u32],
    lists: Lists<'a>,
    piece: PieceId,
    np: usize,
}

impl Drop for SeedBoard<'_> {
    fn drop(&mut self) {
        *self.hash_out = self.hash;
    }
}

impl SeedBoard<'_> {
    #[inline]
    fn count(&mut self, n: NodeId, p: Piece, arrives: bool) {
        self.lists.count(p.seat.idx() * self.np + p.piece.idx(), n, p, arrives);
    }

    /// The seeds on `n`.
    #[inline]
    pub(crate) fn seeds(&self, n: NodeId) -> u16 {
        self.counts[n.idx()]
    }

    /// Adds `k` seeds to `n`, as [`Position::add_seeds`] does.
    #[inline]
    pub(crate) fn add_seeds(&mut self, n: NodeId, k: u16) {
        if k == 0 {
            return;
        }
        let old = self.counts[n.idx()];
        let new = old.saturating_add(k);
        self.counts[n.idx()] = new;
        self.hash ^= self.game.seed_key(n, old) ^ self.game.seed_key(n, new);
        if old == 0 {
            self.stand(n);
        }
    }

    /// Drops one seed on `n`: [`SeedBoard::add_seeds`] for one seed, the step a sowing repeats.
    #[inline(always)]
    pub(crate) fn drop_seed(&mut self, n: NodeId) {
        let old = self.counts[n.idx()];
        self.counts[n.idx()] = old.saturating_add(1);
        self.hash ^= self.game.seed_step(n, old);
        if old == 0 {
            self.stand(n);
        }
    }

    /// The piece that stands for the seeds of a pit that was empty.
    #[inline(always)]
    fn stand(&mut self, n: NodeId) {
        let p = Piece { seat: self.game.seed_owner(n), piece: self.piece };
        self.count(n, p, true);
        self.cells[n.idx()] = Some(p);
        self.hash ^= self.game.key(n, p.seat, p.piece);
    }

    /// Takes every seed off `n`, as [`Position::take_seeds`] does.
    #[inline(always)]
    pub(crate) fn take_seeds(&mut self, n: NodeId) -> u16 {
        let old = std::mem::take(&mut self.counts[n.idx()]);
        if old > 0 {
            self.hash ^= self.game.seed_key(n, old);
            if let Some(p) = self.cells[n.idx()].take() {
                self.count(n, p, false);
                self.hash ^= self.game.key(n, p.seat, p.piece);
            }
        }
        old
    }

    /// Credits `k` seeds to `seat`'s captures.
    #[inline]
    pub(crate) fn bank_seeds(&mut self, seat: SeatId, k: u16) {
        self.captures[seat.idx()] = self.captures[seat.idx()].saturating_add(k as u32);
    }

    /// Takes `k` seeds back from `seat`'s captures.
    #[inline]
    pub(crate) fn bank_seeds_back(&mut self, seat: SeatId, k: u16) {
        self.captures[seat.idx()] = self.captures[seat.idx()].saturating_sub(k as u32);
    }
}

/// Ends a sowing game: every seed left in a pit (not in a store) goes to the captures of the seat it
/// stands for, or of the seat to move with `to_mover`, and into that seat's store when it has one.
pub(crate) fn sweep_seeds(pos: &mut Position, to_mover: bool) {
    if pos.counts.is_empty() {
        return;
    }
    let game = pos.game_arc().clone();
    let Some(piece) = pos.cells.iter().flatten().next().map(|p| p.piece) else { return };
    let Some(s) = crate::rules::pattern::sowing_of(&game, piece) else { return };
    let Some(t) = s.tables.first() else { return };
    for i in 0..pos.counts.len() {
        let n = NodeId(i as u16);
        if t.bank[i] > 0 || pos.counts[i] == 0 {
            continue;
        }
        let seat = if to_mover { pos.to_move() } else { game.seed_owner(n) };
        let k = pos.take_seeds(n);
        match s.tables.get(seat.idx()).map(|t| t.store).filter(|x| x.is_some()) {
            Some(store) => {
                pos.add_seeds(store, k, piece);
                pos.bank_seeds(seat, k);
            }
            None => pos.bank_seeds(seat, k),
        }
    }
}

/// The hash key of `count` seeds on `n` (none for an empty node): a splitmix64 step of both, salted
/// apart from the reserves' keys.
#[inline]
pub(crate) fn count_key(n: NodeId, count: u16) -> u64 {
    if count == 0 {
        return 0;
    }
    let mut z = ((n.0 as u64) << 16 | count as u64 | 1 << 40).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
