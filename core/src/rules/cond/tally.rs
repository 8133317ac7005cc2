//! Counts read off the position's piece counts: `count(friend and piece(queen)) < 1`,
//! `count(enemy and piece(pawn) and zone(start)) > 0`. When the game is built, a `count(C)` whose `C`
//! says only whose pieces (friend, ally, enemy, any), of which types and in which zone becomes a
//! [`Tally`]; the position keeps its pieces per seat and type (and per seat, type and counted zone)
//! as they come and go, so the condition costs a few additions instead of a walk over the board.
//!
//! ```
//! use qipan::core::rules::Cond;
//! use qipan::core::notation::parse_move;
//!
//! let src = "name: capped
//! board:
//!   grid: { width: 3, height: 3, labels: chess }
//!   zones: { low: { coords: [[0, 2], [0, 0]] }, high: { coords: [[0, 2], [2, 2]] } }
//! zone_aliases: [home]
//! seats: [{ name: black, zones: { home: low } }, { name: white, zones: { home: high } }]
//! pieces:
//!   stone: { moves: place to empty if count(friend and piece(stone) and zone(home)) < 2 }
//! ";
//! let game = qipan::load_str("capped.yaml", src, &[])?;
//! // The count became a lookup when the game was built.
//! assert!(matches!(game.pieces[0].moves[0].when, Cond::Tally(_)));
//! let mut pos = game.start();
//! for text in ["a1", "a3", "b1", "b3"] {
//!     pos.play(&parse_move(&pos, text)?)?;
//! }
//! // Each side has two stones on its home row: no more placements.
//! assert!(pos.legal_moves().iter().all(|m| m.is_pass()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Cmp, Cond};
use crate::SeatId;
use crate::game::Game;
use crate::position::Position;

/// Where a [`Tally`] counts: the whole board, a zone of the board, or a zone each seat names for
/// itself (`zone(start)`).
///
/// ```
/// use qipan::core::rules::{Cmp, Cond, Tally, TallyZone};
///
/// let on = |c: Cond| Tally::of(&c, Cmp::Lt, 1).unwrap().zone;
/// assert_eq!(on(Cond::Friend), TallyZone::Board);
/// assert_eq!(on(Cond::And(vec![Cond::Friend, Cond::Zone(3)])), TallyZone::Zone(3));
/// assert_eq!(on(Cond::And(vec![Cond::Friend, Cond::SeatZone(1)])), TallyZone::SeatZone(1));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TallyZone {
    /// Every node.
    Board,
    /// The board zone with this index.
    Zone(u8),
    /// The mover's zone of this alias.
    SeatZone(u8),
}

/// `count(C) OP N` with `C` a conjunction of whose pieces, which types and one zone: read off the
/// position's counts (see the module documentation).
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::rules::{Cmp, Cond, Tally, TallyZone};
///
/// let game = qipan::load("chess", &[])?;
/// let queen = game.piece("queen").unwrap();
/// let c = Cond::And(vec![Cond::Friend, Cond::Piece(queen)]);
/// let tally = Tally::of(&c, Cmp::Lt, 1).unwrap();
/// assert_eq!(tally, Tally { occupants: 0b0010, types: 1 << queen.idx(), zone: TallyZone::Board, cmp: Cmp::Lt, n: 1 });
/// let pos = game.start();
/// assert_eq!(tally.count(&pos, SeatId(0)), 1);
/// assert!(!tally.holds(&pos, SeatId(0)), "White has its queen");
/// // Conditions about the node's surroundings have no tally.
/// assert_eq!(Tally::of(&Cond::Unmoved, Cmp::Lt, 1), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Occupants counted, one bit each as in [`super::FastTarget`]: empty, friend, ally, enemy.
    pub occupants: u8,
    /// Piece types counted, one bit each (`u64::MAX`: every type).
    pub types: u64,
    /// Where.
    pub zone: TallyZone,
    /// The comparison.
    pub cmp: Cmp,
    /// The number compared with.
    pub n: i64,
}

/// A part of a conjunction being reduced.
#[derive(Default)]
struct Parts {
    occupants: u8,
    types: u64,
    zone: Option<TallyZone>,
}

/// Making a tally of a count, and reading it off a position.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::rules::{Cmp, Cond, Tally};
///
/// let game = qipan::load("chess", &[])?;
/// let queen = game.piece("queen").unwrap();
/// let t = Tally::of(&Cond::And(vec![Cond::Friend, Cond::Piece(queen)]), Cmp::Lt, 1).unwrap();
/// let pos = game.start();
/// assert_eq!(t.count(&pos, SeatId(0)), 1);
/// assert!(!t.holds(&pos, SeatId(0)), "White has its queen");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Tally {
    /// The tally of `count(c) cmp n`, if `c` is a conjunction of occupant tests (`friend`, `enemy`,
    /// `any`, `empty` and their disjunctions), piece types (`piece(x)`, or several with `or`) and at
    /// most one zone (`zone(z)` or a seat's `zone(alias)`).
    ///
    /// ```
    /// use qipan::core::PieceId;
    /// use qipan::core::rules::{Cmp, Cond, Tally, TallyZone};
    ///
    /// let (a, b) = (PieceId::new(0), PieceId::new(1));
    /// let c = Cond::And(vec![Cond::Enemy, Cond::Or(vec![Cond::Piece(a), Cond::Piece(b)]), Cond::SeatZone(2)]);
    /// let t = Tally::of(&c, Cmp::Ge, 2).unwrap();
    /// assert_eq!((t.occupants, t.types, t.zone), (0b1000, 0b11, TallyZone::SeatZone(2)));
    /// // `count(empty)`: empty nodes, every type.
    /// assert_eq!(Tally::of(&Cond::Empty, Cmp::Lt, 6).map(|t| t.occupants), Some(0b0001));
    /// // Two zones, or a type or'ed with an occupant, stay scans.
    /// assert_eq!(Tally::of(&Cond::And(vec![Cond::Zone(0), Cond::Zone(1)]), Cmp::Lt, 1), None);
    /// assert_eq!(Tally::of(&Cond::Or(vec![Cond::Piece(a), Cond::Empty]), Cmp::Lt, 1), None);
    /// ```
    pub fn of(c: &Cond, cmp: Cmp, n: i64) -> Option<Tally> {
        let mut parts = Parts { occupants: 0b1111, types: u64::MAX, zone: None };
        let conj: &[Cond] = match c {
            Cond::And(cs) => cs,
            c => std::slice::from_ref(c),
        };
        for part in conj {
            if let Some(f) = super::FastTarget::of(part).filter(|f| f.excluded_zones == 0) {
                parts.occupants &= f.occupants;
            } else if let Some(t) = types_of(part) {
                parts.types &= t;
            } else {
                let z = match part {
                    Cond::Zone(z) => TallyZone::Zone(*z),
                    Cond::SeatZone(a) => TallyZone::SeatZone(*a),
                    _ => return None,
                };
                if parts.zone.replace(z).is_some() {
                    return None;
                }
            }
        }
        if parts.types != u64::MAX {
            // A node with a piece of some type is not empty.
            parts.occupants &= !1;
        }
        Some(Tally {
            occupants: parts.occupants,
            types: parts.types,
            zone: parts.zone.unwrap_or(TallyZone::Board),
            cmp,
            n,
        })
    }

    /// The board zone counted for `seat`, `None` for the whole board; `Err` when the seat has no
    /// such zone (nothing is counted there).
    #[inline]
    fn board_zone(&self, game: &Game, seat: SeatId) -> Result<Option<u8>, ()> {
        match self.zone {
            TallyZone::Board => Ok(None),
            TallyZone::Zone(z) => Ok(Some(z)),
            TallyZone::SeatZone(a) => game.seat_zone(seat, a).map(Some).ok_or(()),
        }
    }

    /// The number of nodes counted, for the mover `seat`.
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::rules::{Cmp, Cond, Tally};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// let empty = Tally::of(&Cond::Empty, Cmp::Eq, 0).unwrap();
    /// assert_eq!(empty.count(&pos, SeatId(0)), 32);
    /// let rank2 = game.board.zone("rank2").unwrap();
    /// let pawns = Cond::And(vec![Cond::Enemy, Cond::Piece(game.piece("pawn").unwrap()), Cond::Zone(rank2)]);
    /// assert_eq!(Tally::of(&pawns, Cmp::Eq, 0).unwrap().count(&pos, SeatId(1)), 8, "White's pawns, for Black");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn count(&self, pos: &Position, seat: SeatId) -> i64 {
        let game = pos.game();
        let zone = match self.board_zone(game, seat) {
            Ok(z) => z,
            Err(()) => return 0,
        };
        let Some(slot) = pos.zone_slot(zone) else {
            // A zone the game did not set up counts for (a position built by hand): look.
            let z = zone.expect("the board is always counted");
            return game.board.zone_set(z).iter().filter(|&x| self.counts_occupant(pos, seat, x)).count() as i64;
        };
        let mut total = 0i64;
        let mut occupied = 0i64;
        for s in game.seat_ids() {
            let n = pos.tally(slot, s, self.types) as i64;
            occupied += n;
            let bit = if pos.same_side(seat, s) {
                0b0010
            } else if pos.allied(seat, s) {
                0b0100
            } else {
                0b1000
            };
            if self.occupants & bit != 0 {
                total += n;
            }
        }
        if self.occupants & 1 != 0 {
            let size = zone.map_or(game.board.len(), |z| game.board.zone_set(z).count());
            total += size as i64 - occupied;
        }
        total
    }

    /// Whether node `x` is one the tally counts (the slow path).
    fn counts_occupant(&self, pos: &Position, seat: SeatId, x: crate::NodeId) -> bool {
        let occ = pos.cell(x);
        let fast = super::FastTarget { occupants: self.occupants, excluded_zones: 0 };
        fast.allows_occupant(pos, seat, x, occ)
            && (self.types == u64::MAX
                || occ.is_some_and(|c| c.piece.idx() < 64 && self.types >> c.piece.idx() & 1 != 0))
    }

    /// Whether the comparison holds, for the mover `seat`.
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::rules::{Cmp, Cond, Tally};
    ///
    /// let game = qipan::load("xiangqi", &[])?;
    /// let pos = game.start();
    /// let any = Cond::Not(Box::new(Cond::Empty));
    /// assert!(Tally::of(&any, Cmp::Eq, 32).unwrap().holds(&pos, SeatId(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn holds(&self, pos: &Position, seat: SeatId) -> bool {
        self.cmp.apply(self.count(pos, seat), self.n)
    }

    /// The board zone a tally with this zone needs counted for any seat (none for the whole board).
    pub(crate) fn zones_needed(&self, game_seat_zones: impl Fn(u8) -> u64) -> u64 {
        match self.zone {
            TallyZone::Board => 0,
            TallyZone::Zone(z) => 1 << z,
            TallyZone::SeatZone(a) => game_seat_zones(a),
        }
    }
}

/// The piece types a condition names: `piece(x)`, or a disjunction of them.
fn types_of(c: &Cond) -> Option<u64> {
    match c {
        Cond::Piece(p) if p.idx() < 64 => Some(1 << p.idx()),
        Cond::Or(cs) if !cs.is_empty() => cs.iter().try_fold(0u64, |acc, c| Some(acc | types_of(c)?)),
        _ => None,
    }
}

/// Turns every `count(...)` of `c` that has a tally into one (when the game is built), and adds the
/// board zones they count to `zones`.
pub(crate) fn rewrite(c: &mut Cond, zones: &mut u64, seat_zones: &impl Fn(u8) -> u64) {
    match c {
        Cond::Count(inner, cmp, n) => {
            if let Some(t) = Tally::of(inner, *cmp, *n) {
                *zones |= t.zones_needed(seat_zones);
                *c = Cond::Tally(Box::new(t));
            }
        }
        Cond::Not(x) => rewrite(x, zones, seat_zones),
        Cond::And(cs) | Cond::Or(cs) => cs.iter_mut().for_each(|x| rewrite(x, zones, seat_zones)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{DirSel, Rules};
    use crate::testkit::*;

    /// Every reducible count agrees with the scan it replaces, move after move of random games (the
    /// counts are kept as pieces come and go).
    #[test]
    fn tallies_agree_with_the_scan() {
        let b = board(4, 4, &[("low", &["a1", "b1", "c1", "d1", "a2"])]);
        let orthogonal = rel(&b, "orthogonal");
        let step = || vec![rule(slide(orthogonal, DirSel::All, 1, 1), empty_or_enemy())];
        let (man, king) = (PieceId::new(0), PieceId::new(1));
        // A count in zone 0 somewhere in the rules: the game keeps the zone's counts.
        let mut counted = step();
        counted[0].when = Cond::Count(Box::new(Cond::And(vec![Cond::Friend, Cond::Zone(0)])), Cmp::Ge, 0);
        let g = game(b, vec![piece("man", counted), piece("king", step())], Rules::default());
        assert!(matches!(g.pieces[0].moves[0].when, Cond::Tally(_)));
        assert!(g.start().zone_slot(Some(0)).is_some());
        let mut rng = 0x1234_5678u64;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let conds = [
            Cond::Friend,
            Cond::Enemy,
            Cond::Empty,
            Cond::Not(Box::new(Cond::Empty)),
            Cond::And(vec![Cond::Friend, Cond::Piece(man)]),
            Cond::And(vec![Cond::Enemy, Cond::Or(vec![Cond::Piece(man), Cond::Piece(king)])]),
            Cond::And(vec![Cond::Friend, Cond::Zone(0)]),
            Cond::And(vec![Cond::Empty, Cond::Zone(0)]),
            Cond::And(vec![Cond::Piece(king), Cond::Zone(0)]),
        ];
        let labels = ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3", "a4", "b4", "c4", "d4"];
        let mut checked = 0;
        for _ in 0..40 {
            let mut pieces = Vec::new();
            for &at in &labels {
                match next() % 5 {
                    0 => pieces.push((at, WHITE, man)),
                    1 => pieces.push((at, BLACK, man)),
                    2 => pieces.push((at, BLACK, king)),
                    _ => {}
                }
            }
            let mut pos = position(&g, &pieces, WHITE);
            for _ in 0..12 {
                for c in &conds {
                    let t = Tally::of(c, Cmp::Eq, 0).unwrap();
                    for seat in [WHITE, BLACK] {
                        let scan = g.board.node_ids().filter(|&x| c.eval(&pos, seat, x)).count() as i64;
                        assert_eq!(t.count(&pos, seat), scan, "{c:?} for {seat:?}");
                        checked += 1;
                    }
                }
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.is_over() {
                    break;
                }
                pos.play(&moves[(next() % moves.len() as u64) as usize]).unwrap();
            }
        }
        assert!(checked > 1000);
    }
}
