//! Sowing ([`Pattern::Sow`](super::Pattern::Sow)): the seeds of a pit are lifted and dropped one by
//! one on the next nodes of a track (the mancala family), then what the last seed did decides the
//! rest: a capture by the count it made (Oware), a capture of the pit across (Kalah), another turn.
//!
//! The sowing and its captures are written once, over [`Pits`]: the position plays them, and a
//! plain copy of the counts simulates them when the feeding rule asks what a move would leave.
//!
//! ```
//! use qipan::core::notation::parse_move;
//!
//! let game = qipan::load("oware", &[])?;
//! let mut pos = game.start();
//! pos.play(&parse_move(&pos, "f1")?)?; // four seeds, anticlockwise: f2, e2, d2, c2
//! let at = |pos: &qipan::core::Position, l| pos.seeds(game.board.find(l).unwrap());
//! assert_eq!((at(&pos, "f1"), at(&pos, "f2"), at(&pos, "c2"), at(&pos, "b2")), (0, 5, 5, 4));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::Gen;
pub(crate) use super::pits::{Lean, OnBoard, Pits};
use crate::board::{NodeId, RelationId};
use crate::game::Game;
use crate::moves::{Move, MoveKind};
use crate::position::{CountBoard, PitMasks, Position};
use crate::rules::Cond;
use crate::{PieceId, SeatId};

/// What a sowing rule says: the track, the nodes it skips, and what the last seed does.
#[derive(Clone, Debug, PartialEq)]
pub struct Sowing {
    /// The board's track (index into [`Board::tracks`](crate::board::Board::tracks)).
    pub track: u8,
    /// The pit sown from gets no seed when the sowing goes round (`skip origin`).
    pub skip_origin: bool,
    /// Relay sowing (`relay`): a last seed that falls on a node already holding seeds (not a store) lifts
    /// them all and sows on from there, at most [`laps`](Sowing::laps) times in one move.
    pub relay: bool,
    /// Nodes that get no seed (`skip COND`), judged per seat on zones and kinds.
    pub skip: Cond,
    /// The mover plays again when the last seed falls here (`again COND`).
    pub again: Cond,
    /// The mover's store: captured seeds go there, and seeds sown there count for its seat (`into COND`).
    pub into: Cond,
    /// The capture the last seed may make (`take ...`).
    pub take: Option<SowTake>,
    /// A move must leave seeds on these nodes (`feed COND`): the opponent's row.
    pub feed: Option<Cond>,
    /// Per seat, the tables the rule is played from (built with the game).
    pub tables: Vec<SeatSowing>,
    /// Per seat, its own track (a four-row board's `anticlockwise1`, `anticlockwise2` for `sow
    /// anticlockwise`); empty when every seat sows along `track`.
    pub seat_tracks: Vec<u8>,
    /// A pit of one seed may be sown only when no pit of the mover holds more (`singles-last`).
    pub singles_last: bool,
    /// The most laps (lifts) of one relay sowing (`laps N`; [`MAX_RELAYS`] unless bounded).
    pub laps: u32,
}

/// The capture after a sowing.
#[derive(Clone, Debug, PartialEq)]
pub enum SowTake {
    /// `take 2..3 in COND backwards`: the last pit, when it is in the zone and now holds `min..=max`;
    /// with `backwards`, then each pit before it along the track while the same holds. With
    /// `no-grand-slam`, a capture that would take every seed of the zone takes none.
    Count {
        /// Fewest seeds.
        min: u16,
        /// Most seeds.
        max: u16,
        /// Where the pits must be.
        zone: Cond,
        /// Go on backwards along the track.
        backwards: bool,
        /// A capture of every seed in the zone takes nothing.
        spare_all: bool,
    },
    /// `take opposite in COND`: when the last seed falls in an empty pit of the zone, that seed and the
    /// seeds of the pit across (over `relation`) are taken; only when there are seeds across, unless
    /// `lone` (then the last seed alone is taken too).
    Across {
        /// The relation to the pit across.
        relation: RelationId,
        /// Where the last pit must be.
        zone: Cond,
        /// Take the last seed even when the pit across is empty.
        lone: bool,
    },
    /// `take RELATION in COND keep`: when the last seed falls in an empty pit of the zone, the seeds of
    /// the pits across (over `relation`: on a four-row board `opposite` reaches the enemy inner pit and
    /// the outer pit behind it, `facing` the inner one) are taken; the last seed stays where it fell.
    Keep {
        /// The relation to the pits across.
        relation: RelationId,
        /// Where the last pit must be.
        zone: Cond,
    },
    /// `take RELATION in COND occupied` (Hus): when a lap's last seed falls on seeds in a pit of the zone
    /// and every pit across (over `relation`) holds seeds, that pit's seeds and theirs are taken; under
    /// `relay` the sowing then goes on from the next pit if it holds more than one seed, and a lap that
    /// takes nothing relays as usual.
    Occupied {
        /// The relation to the pits across.
        relation: RelationId,
        /// Where the last pit must be.
        zone: Cond,
    },
}

/// The nodes of a track as one seat sows them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatSowing {
    /// Per node, the next node to get a seed (skipped nodes passed over; NONE off the track).
    pub next: Vec<NodeId>,
    /// Per node, the node before it on the track (for captures going backwards).
    pub prev: Vec<NodeId>,
    /// Per node, the pit across (over the `take` relation), or NONE.
    pub across: Vec<NodeId>,
    /// Per node, the flags below.
    pub flags: Vec<u8>,
    /// The seat's store (`into`), or NONE.
    pub store: NodeId,
    /// Per node, the seat whose store it is, plus one (0: no store).
    pub bank: Vec<u8>,
    /// While the feeding rule's nodes hold seeds every move leaves them some: sowing only adds seeds,
    /// and the capture cannot take them all (none, or one that spares a grand slam of those nodes).
    pub feed_safe: bool,
    /// Per node, the second pit across (a four-row board's outer pit behind the inner one), or NONE.
    pub beyond: Vec<NodeId>,
}

/// The most lifts of one relay sowing: a bound on sowings that would go round for ever.
///
/// ```
/// use qipan::core::rules::pattern::MAX_RELAYS;
///
/// assert_eq!(MAX_RELAYS, 1000);
/// ```
pub const MAX_RELAYS: u32 = 1000;

/// The last seed here gives another turn.
pub(crate) const AGAIN: u8 = 1;
/// The capture's zone.
pub(crate) const TAKE: u8 = 2;
/// The feeding rule's zone.
pub(crate) const FEED: u8 = 4;

impl Sowing {
    /// Builds the per-seat tables of the rule for `game` (zones and kinds only: no position needed).
    pub(crate) fn build_tables(&mut self, game: &Game) {
        let b = &game.board;
        let n = b.len();
        let Some(shared) = b.tracks().get(self.track as usize) else { return };
        let mut bank = vec![0u8; n];
        let stores: Vec<NodeId> = game
            .seat_ids()
            .map(|s| b.node_ids().find(|&x| static_holds(&self.into, game, s, x)).unwrap_or(NodeId::NONE))
            .collect();
        for (s, &x) in stores.iter().enumerate() {
            if x.is_some() {
                bank[x.idx()] = s as u8 + 1;
            }
        }
        self.tables = game
            .seat_ids()
            .map(|s| {
                let mut t = SeatSowing {
                    next: vec![NodeId::NONE; n],
                    prev: vec![NodeId::NONE; n],
                    across: vec![NodeId::NONE; n],
                    flags: vec![0; n],
                    store: stores[s.idx()],
                    bank: bank.clone(),
                    feed_safe: match &self.take {
                        None => true,
                        Some(SowTake::Count { spare_all, zone, .. }) => *spare_all && self.feed.as_ref() == Some(zone),
                        Some(SowTake::Across { .. }) | Some(SowTake::Keep { .. }) | Some(SowTake::Occupied { .. }) => {
                            false
                        }
                    },
                    beyond: vec![NodeId::NONE; n],
                };
                // The seat's own track, if the rule has one per seat.
                let track = self.seat_tracks.get(s.idx()).and_then(|&i| b.tracks().get(i as usize)).unwrap_or(shared);
                let len = track.nodes.len();
                let skipped = |x: NodeId| static_holds(&self.skip, game, s, x);
                for (i, &x) in track.nodes.iter().enumerate() {
                    // The next node that is not skipped; the end of a track that does not go round keeps
                    // what reaches it.
                    let mut j = i;
                    let mut found = NodeId::NONE;
                    for _ in 0..len {
                        j += 1;
                        if j == len {
                            if !track.cyclic {
                                break;
                            }
                            j = 0;
                        }
                        if !skipped(track.nodes[j]) {
                            found = track.nodes[j];
                            break;
                        }
                    }
                    if !found.is_some() && !track.cyclic && !skipped(x) {
                        found = x;
                    }
                    t.next[x.idx()] = found;
                    t.prev[x.idx()] = if i > 0 {
                        track.nodes[i - 1]
                    } else if track.cyclic {
                        track.nodes[len - 1]
                    } else {
                        NodeId::NONE
                    };
                }
                for x in b.node_ids() {
                    let mut f = 0;
                    if static_holds(&self.again, game, s, x) {
                        f |= AGAIN;
                    }
                    let zone = match &self.take {
                        Some(SowTake::Count { zone, .. })
                        | Some(SowTake::Across { zone, .. })
                        | Some(SowTake::Keep { zone, .. })
                        | Some(SowTake::Occupied { zone, .. }) => zone,
                        None => &Cond::Not(Box::new(Cond::True)),
                    };
                    if static_holds(zone, game, s, x) {
                        f |= TAKE;
                    }
                    if self.feed.as_ref().is_some_and(|c| static_holds(c, game, s, x)) {
                        f |= FEED;
                    }
                    t.flags[x.idx()] = f;
                    if let Some(SowTake::Across { relation, .. }) = &self.take {
                        t.across[x.idx()] = b.edges(*relation, x).first().map_or(NodeId::NONE, |e| e.to);
                    }
                    if let Some(SowTake::Keep { relation, .. }) | Some(SowTake::Occupied { relation, .. }) = &self.take
                    {
                        let e = b.edges(*relation, x);
                        t.across[x.idx()] = e.first().map_or(NodeId::NONE, |e| e.to);
                        t.beyond[x.idx()] = e.get(1).map_or(NodeId::NONE, |e| e.to);
                    }
                }
                t
            })
            .collect();
    }
}

/// Whether a condition on zones and kinds holds on `node` for `seat` (conditions on pieces do not:
/// the compiler refuses them in sowing rules).
pub(crate) fn static_holds(cond: &Cond, game: &Game, seat: SeatId, node: NodeId) -> bool {
    let zones = game.board.zones_of(node);
    match cond {
        Cond::True => true,
        Cond::Zone(z) => zones & (1 << z) != 0,
        Cond::SeatZone(a) | Cond::SideZone(a) => game.seat_zone(seat, *a).is_some_and(|z| zones & (1 << z) != 0),
        Cond::Kind(k) => game.board.node(node).kind == *k,
        Cond::Colour(c) => game.board.node(node).colour == Some(*c),
        Cond::Not(c) => !static_holds(c, game, seat, node),
        Cond::And(cs) => cs.iter().all(|c| static_holds(c, game, seat, node)),
        Cond::Or(cs) => cs.iter().any(|c| static_holds(c, game, seat, node)),
        _ => false,
    }
}

/// Whether a condition reads only zones and kinds of nodes, as sowing rules need.
///
/// ```
/// use qipan::core::rules::{Cond, pattern::is_static};
///
/// assert!(is_static(&Cond::And(vec![Cond::Zone(0), Cond::Not(Box::new(Cond::SeatZone(1)))])));
/// assert!(!is_static(&Cond::Or(vec![Cond::Zone(0), Cond::Friend])));
/// ```
pub fn is_static(cond: &Cond) -> bool {
    match cond {
        Cond::True | Cond::Zone(_) | Cond::SeatZone(_) | Cond::SideZone(_) | Cond::Kind(_) | Cond::Colour(_) => true,
        Cond::Not(c) => is_static(c),
        Cond::And(cs) | Cond::Or(cs) => cs.iter().all(is_static),
        _ => false,
    }
}

/// Sows the seeds of `from` along the seat's track (and on, under relay sowing); returns the node of
/// the last seed.
#[inline]
pub(crate) fn sow_on<P: Pits + ?Sized>(s: &Sowing, t: &SeatSowing, p: &mut P, mut from: NodeId) -> NodeId {
    let mut lifts = 0;
    loop {
        let k = p.take(from);
        let mut at = from;
        for _ in 0..k {
            at = t.next[at.idx()];
            if s.skip_origin && at == from {
                at = t.next[at.idx()];
            }
            p.drop_one(at);
        }
        lifts += 1;
        if !s.relay || p.seeds(at) <= 1 || t.bank[at.idx()] != 0 || lifts >= s.laps {
            return at;
        }
        // The last seed fell on seeds: they are lifted and sown on, the pit they left the new origin.
        from = at;
    }
}

/// The capture the last seed on `last` makes: takes the seeds off and returns how many.
#[inline]
pub(crate) fn take_on<P: Pits + ?Sized>(s: &Sowing, t: &SeatSowing, p: &mut P, last: NodeId) -> u16 {
    match &s.take {
        None => 0,
        Some(SowTake::Count { min, max, backwards, spare_all, .. }) => {
            let (mut n, mut total, mut pits) = (last, 0u16, 0usize);
            while n.is_some() && t.flags[n.idx()] & TAKE != 0 && (*min..=*max).contains(&p.seeds(n)) {
                total = total.saturating_add(p.seeds(n));
                pits += 1;
                if !backwards || pits >= t.prev.len() {
                    break;
                }
                n = t.prev[n.idx()];
            }
            if total == 0 {
                return 0;
            }
            if *spare_all {
                let all: u32 = (0..t.flags.len())
                    .filter(|&i| t.flags[i] & TAKE != 0)
                    .map(|i| p.seeds(NodeId(i as u16)) as u32)
                    .sum();
                if all == total as u32 {
                    // The grand slam: taking every seed of the zone takes none.
                    return 0;
                }
            }
            let mut n = last;
            for _ in 0..pits {
                p.take(n);
                n = t.prev[n.idx()];
            }
            total
        }
        Some(SowTake::Across { lone, .. }) => {
            if t.flags[last.idx()] & TAKE == 0 || p.seeds(last) != 1 {
                return 0;
            }
            let across = t.across[last.idx()];
            if !across.is_some() {
                return 0;
            }
            let there = p.seeds(across);
            if there == 0 && !lone {
                return 0;
            }
            p.take(across);
            p.take(last);
            there + 1
        }
        Some(SowTake::Keep { .. }) => take_keep(t, p, last),
        // Taken lap by lap, in `sow_capturing`.
        Some(SowTake::Occupied { .. }) => 0,
    }
}

impl Gen<'_> {
    /// The sowing from the pit the piece stands for, if it holds seeds and (under a feeding rule) the
    /// move leaves the zone fed.
    #[inline(never)] // kept out of the general generator, which other games run
    pub(super) fn sow(&mut self, s: &Sowing, seeds: &mut Vec<u16>) {
        let (pos, from) = (self.pos, self.from);
        let Some(t) = s.tables.get(self.seat.idx()) else { return };
        if pos.seeds(from) == 0 || !t.next[from.idx()].is_some() {
            return;
        }
        if s.singles_last && pos.seeds(from) == 1 && has_more_than_one(t, pos, self.seat) {
            return;
        }
        if s.feed.is_some() && !feeds(s, t, pos, from, fed(t, pos.counts()), seeds) {
            return;
        }
        self.out.push(Move { kind: MoveKind::Sow, from, to: from, piece: self.piece, ..Move::PASS });
    }
}

/// Whether the feeding rule's nodes hold seeds.
#[inline]
fn fed(t: &SeatSowing, counts: &[u16]) -> bool {
    // Without a branch per node: the seeds of the feeding rule's nodes, or'd together.
    let feed = |f: u8| 0u16.wrapping_sub(u16::from(f & FEED != 0));
    counts.iter().zip(&t.flags).fold(0, |a, (&c, &f)| a | (c & feed(f))) != 0
}

/// Whether sowing from `from` leaves seeds on the feeding rule's nodes (`fed_now`: whether they hold
/// some before it).
fn feeds(s: &Sowing, t: &SeatSowing, pos: &Position, from: NodeId, fed_now: bool, seeds: &mut Vec<u16>) -> bool {
    if t.feed_safe && fed_now {
        return true;
    }
    seeds.clear();
    seeds.extend_from_slice(pos.counts());
    sow_and_take(s, t, &mut seeds[..], from);
    fed(t, seeds)
}

/// Plays a sowing move on the position: the seeds, the capture (to the mover's store, or its count),
/// and whether the mover plays again.
pub(crate) fn play(pos: &mut Position, mv: &Move, seat: SeatId) -> bool {
    if let Some(board) = pos.seed_board(mv.piece) {
        // The usual case: the game's tables read in place while the seeds move.
        let game = board.game;
        let Some(s) = sowing_of(game, mv.piece) else { return false };
        let Some(t) = s.tables.get(seat.idx()) else { return false };
        let mut board = Lean { board, bank: &t.bank };
        let (last, taken) = sow_and_take(s, t, &mut board, mv.from);
        if taken > 0 {
            if t.store.is_some() {
                board.add(t.store, taken);
            } else {
                board.board.bank_seeds(seat, taken);
            }
        }
        return t.flags[last.idx()] & AGAIN != 0;
    }
    let game = pos.game_arc().clone();
    let Some(s) = sowing_of(&game, mv.piece) else { return false };
    let Some(t) = s.tables.get(seat.idx()) else { return false };
    let mut board = OnBoard { pos, piece: mv.piece, bank: &t.bank };
    let (last, taken) = sow_and_take(s, t, &mut board, mv.from);
    if taken > 0 {
        if t.store.is_some() {
            board.add(t.store, taken);
        } else {
            board.pos.bank_seeds(seat, taken);
        }
    }
    t.flags[last.idx()] & AGAIN != 0
}

/// The sowing kernel's two steps (`position/sow_kernel.rs`): the pits a seat may sow from and a
/// sowing, on the counts alone.
impl Sowing {
    /// The pits `seat` may sow from, one bit per node: those of `masks.movable` holding seeds
    /// (`nonzero`: the nodes that hold some), less those a pit of `masks.starts` holding more than one
    /// makes wait (`singles-last`) and those that would leave the feeding rule's nodes empty. The same pits as [`sow_pits`].
    #[inline]
    pub(crate) fn sowable(&self, seat: SeatId, counts: &[u16], nonzero: u64, masks: PitMasks) -> u64 {
        let t = &self.tables[seat.idx()];
        let mut pits = nonzero & masks.movable;
        if self.singles_last {
            let (mut more, mut m) = (0u64, masks.starts);
            while m != 0 {
                let n = m.trailing_zeros() as usize;
                m &= m - 1;
                more |= u64::from(counts[n] > 1) << n;
            }
            if more != 0 {
                pits &= more;
            }
        }
        if self.feed.is_some() && !(t.feed_safe && nonzero & masks.feed != 0) {
            // Each pit tried on a copy of the counts (at most 64 nodes: no allocation).
            let (mut kept, mut m) = (0u64, pits);
            let mut copy = [0u16; 64];
            let copy = &mut copy[..counts.len()];
            while m != 0 {
                let n = m.trailing_zeros();
                m &= m - 1;
                copy.copy_from_slice(counts);
                sow_and_take(self, t, copy, NodeId(n as u16));
                kept |= u64::from(fed(t, copy)) << n;
            }
            pits = kept;
        }
        pits
    }

    /// The feeding rule's nodes for `seat`, one bit per node (the first 64).
    pub(crate) fn feed_mask(&self, seat: SeatId) -> u64 {
        let flags = self.tables.get(seat.idx()).map_or(&[][..], |t| &t.flags[..]);
        flags.iter().take(64).enumerate().fold(0, |m, (i, &f)| m | u64::from(f & FEED != 0) << i)
    }

    /// Sows from `from` for `seat` on the kernel's board and makes the capture (into the mover's store,
    /// or counted for it); returns whether the mover plays again. What [`play`] does on a position.
    #[inline]
    pub(crate) fn play_counts<const HASHED: bool>(
        &self,
        seat: SeatId,
        board: &mut CountBoard<'_, HASHED>,
        from: NodeId,
    ) -> bool {
        let t = &self.tables[seat.idx()];
        let (last, taken) = sow_and_take(self, t, board, from);
        if taken > 0 {
            if t.store.is_some() {
                board.add(t.store, taken);
            } else {
                board.bank_seeds(seat, taken);
            }
        }
        t.flags[last.idx()] & AGAIN != 0
    }
}

/// `take ... keep`: when the last seed made a pit of one, it stays and the pits across are emptied.
/// Out of line, so that the sowings of two-row games stay small.
#[inline(never)]
fn take_keep<P: Pits + ?Sized>(t: &SeatSowing, p: &mut P, last: NodeId) -> u16 {
    if t.flags[last.idx()] & TAKE == 0 || p.seeds(last) != 1 {
        return 0;
    }
    let mut total = 0u16;
    for n in [t.across[last.idx()], t.beyond[last.idx()]] {
        if n.is_some() {
            total = total.saturating_add(p.take(n));
        }
    }
    total
}

/// Sows from `from` and makes the rule's capture: the node of the last seed and the seeds taken.
#[inline(always)]
fn sow_and_take<P: Pits + ?Sized>(s: &Sowing, t: &SeatSowing, p: &mut P, from: NodeId) -> (NodeId, u16) {
    if matches!(s.take, Some(SowTake::Occupied { .. })) {
        return sow_capturing(s, t, p, from);
    }
    let last = sow_on(s, t, p, from);
    (last, take_on(s, t, p, last))
}

/// The fast path's table (see `Game::sow_starts`): when the game's one movement rule is a sowing whose
/// conditions are all on zones, the pits each seat may sow from.
pub(crate) fn sow_starts(game: &Game) -> Option<Vec<Vec<NodeId>>> {
    let [piece] = game.pieces.as_slice() else { return None };
    let [rule] = piece.moves.as_slice() else { return None };
    let super::Pattern::Sow(s) = &rule.pattern else { return None };
    let plain = rule.when == Cond::True
        && rule.after == Cond::True
        && rule.to == Cond::True
        && is_static(&rule.from)
        && rule.shot.is_none()
        && rule.then_place.is_none()
        && game.hooks.is_none()
        && game.rules.captures.is_empty()
        && game.extras.is_empty();
    if !plain || s.tables.len() != game.seats.len() {
        return None;
    }
    Some(
        game.seat_ids()
            .map(|seat| {
                let t = &s.tables[seat.idx()];
                game.board
                    .node_ids()
                    .filter(|&n| t.next[n.idx()].is_some() && static_holds(&rule.from, game, seat, n))
                    .collect()
            })
            .collect(),
    )
}

/// The sowing moves of the seat to move, from the fast path's table: one per pit of its that holds
/// seeds (and feeds, under a feeding rule).
pub(crate) fn sow_moves(pos: &Position, starts: &[Vec<NodeId>], seeds: &mut Vec<u16>, out: &mut Vec<Move>) {
    let piece = PieceId::new(0);
    let from = &starts[pos.to_move().idx()];
    let mut pits = [NodeId::NONE; 64];
    if from.len() <= pits.len() {
        let k = sow_pits(pos, from, seeds, &mut pits);
        out.extend(pits[..k].iter().map(|&n| Move { kind: MoveKind::Sow, from: n, to: n, piece, ..Move::PASS }));
        return;
    }
    let feeding = feeding(pos);
    let singles_wait = sowing(pos).is_some_and(|s| s.singles_last) && from.iter().any(|&n| pos.seeds(n) > 1);
    for &n in from {
        if sowable(pos, n)
            && !(singles_wait && pos.seeds(n) == 1)
            && feeding.is_none_or(|(s, t)| feeds(s, t, pos, n, false, seeds))
        {
            out.push(Move { kind: MoveKind::Sow, from: n, to: n, piece, ..Move::PASS });
        }
    }
}

/// The pits of `starts` the seat to move may sow from, in their order, written at the start of `pits`
/// (at least as long): a pit of its that holds seeds and (under a feeding rule) leaves the opponent
/// some. Returns how many. Without a branch per pit, which a random playout could not predict.
#[inline]
pub(crate) fn sow_pits(pos: &Position, starts: &[NodeId], seeds: &mut Vec<u16>, pits: &mut [NodeId]) -> usize {
    let seat = pos.to_move();
    let mut k = 0;
    for &n in starts {
        let c = pos.cell(n);
        let movable = pos.movable_by(seat, c.map_or(seat, |c| c.seat));
        pits[k] = n;
        k += usize::from(c.is_some() & movable);
    }
    if let Some((s, t)) = feeding(pos) {
        let mut kept = 0;
        for i in 0..k {
            if feeds(s, t, pos, pits[i], false, seeds) {
                pits[kept] = pits[i];
                kept += 1;
            }
        }
        k = kept;
    }
    // Under `singles-last`, pits of one seed wait while another holds more.
    if sowing(pos).is_some_and(|s| s.singles_last) && starts.iter().any(|&n| pos.seeds(n) > 1) {
        let mut kept = 0;
        for i in 0..k {
            if pos.seeds(pits[i]) > 1 {
                pits[kept] = pits[i];
                kept += 1;
            }
        }
        k = kept;
    }
    k
}

/// Whether the seat to move may sow from `n`: seeds there stand for a seat it moves.
#[inline(always)]
fn sowable(pos: &Position, n: NodeId) -> bool {
    pos.cell(n).is_some_and(|c| pos.movable_by(pos.to_move(), c.seat))
}

/// The sowing rule and the mover's tables when each move must be tried against the feeding rule: the
/// rule has one, and the opponent's pits may be left empty by some move.
#[inline]
fn feeding(pos: &Position) -> Option<(&Sowing, &SeatSowing)> {
    let s = sowing(pos)?;
    let t = &s.tables[pos.to_move().idx()];
    (s.feed.is_some() && !(t.feed_safe && fed(t, pos.counts()))).then_some((s, t))
}

/// The fast path's sowing rule: the first rule of the game's one piece type.
#[inline]
fn sowing(pos: &Position) -> Option<&Sowing> {
    match pos.game().pieces[0].moves.first().map(|r| &r.pattern) {
        Some(super::Pattern::Sow(s)) => Some(s),
        _ => None,
    }
}

/// The sowing rule of a piece type (its first).
pub(crate) fn sowing_of(game: &Game, piece: PieceId) -> Option<&Sowing> {
    let moves = &game.pieces.get(piece.idx())?.moves;
    if let Some(super::Pattern::Sow(s)) = moves.first().map(|r| &r.pattern) {
        return Some(s); // the usual place
    }
    moves.iter().find_map(|r| match &r.pattern {
        super::Pattern::Sow(s) => Some(&**s),
        _ => None,
    })
}

/// Whether a pit of the seat on its track (not a store) holds more than one seed: `singles-last` lets
/// pits of one seed wait for the others.
fn has_more_than_one(t: &SeatSowing, pos: &Position, seat: SeatId) -> bool {
    let owners = &pos.game().seed_owners;
    pos.counts()
        .iter()
        .enumerate()
        .any(|(i, &k)| k > 1 && t.next[i].is_some() && t.bank[i] == 0 && owners.get(i) == Some(&seat))
}

/// Sowing whose laps may capture (`take ... occupied`): returns the node of the last seed and the seeds
/// taken. A lap ending on seeds in the capture's zone with seeds in every pit across takes them all and,
/// under `relay`, goes on from the next pit if it holds more than one seed; one ending on seeds
/// otherwise relays from there; one ending in an empty pit ends the move.
#[inline(never)]
fn sow_capturing<P: Pits + ?Sized>(s: &Sowing, t: &SeatSowing, p: &mut P, mut from: NodeId) -> (NodeId, u16) {
    let (mut lifts, mut total) = (0, 0u16);
    loop {
        let k = p.take(from);
        let mut at = from;
        for _ in 0..k {
            at = t.next[at.idx()];
            if s.skip_origin && at == from {
                at = t.next[at.idx()];
            }
            p.add(at, 1);
        }
        lifts += 1;
        if p.seeds(at) <= 1 || t.bank[at.idx()] != 0 || lifts >= s.laps {
            return (at, total);
        }
        let (a, c) = (t.across[at.idx()], t.beyond[at.idx()]);
        let takes = t.flags[at.idx()] & TAKE != 0 && a.is_some() && p.seeds(a) > 0 && (!c.is_some() || p.seeds(c) > 0);
        if !takes {
            if !s.relay {
                return (at, total);
            }
            from = at;
            continue;
        }
        total = total.saturating_add(p.take(at)).saturating_add(p.take(a));
        if c.is_some() {
            total = total.saturating_add(p.take(c));
        }
        let next = t.next[at.idx()];
        if !s.relay || !next.is_some() || p.seeds(next) <= 1 {
            return (at, total);
        }
        from = next;
    }
}
