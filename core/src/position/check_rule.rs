//! The check rule: which pieces it protects, whether they are attacked now, and whether a move would
//! leave one attacked.

use super::{Piece, Position};
use crate::board::NodeId;
use crate::moves::{Move, MoveKind};
use crate::{PieceId, SeatId};
use smallvec::SmallVec;

/// The check rule: whether the protected pieces of a seat are attacked, now or after a move.
///
/// ```
/// use qipan::core::{Position, SeatId};
///
/// let game = qipan::load("chess", &[])?;
/// // White's king on e1 is in check from the rook on a1.
/// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")?;
/// assert!(pos.in_check(SeatId(0)) && !pos.in_check(SeatId(1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// Whether a piece of `seat` protected by the check rule is attacked now (the seat is in check).
    ///
    /// ```
    /// use qipan::core::{Position, SeatId};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")?;
    /// assert!(pos.in_check(SeatId(0))); // the rook on a1 attacks the king on e1
    /// assert!(!pos.in_check(SeatId(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn in_check(&self, seat: SeatId) -> bool {
        if !self.game.has_check_rule() {
            return false;
        }
        if seat == self.to_move && self.check_memo.0 == self.check_key() {
            return self.check_memo.1;
        }
        self.game.board.node_ids().any(|n| {
            self.cells[n.idx()].is_some_and(|c| {
                self.same_side(seat, c.seat)
                    && self.game.is_royal(c.piece)
                    && crate::rules::attack::attacked(self, &self.cells, n, c)
            })
        })
    }

    /// Whether the piece on `n` could be captured at once by an enemy (pieces of any kind).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// let [d5, e4] = ["d5", "e4"].map(|l| game.board.find(l).unwrap());
    /// pos.play(&parse_move(&pos, "e2-e4")?)?;
    /// assert!(!pos.is_attacked(e4));
    /// pos.play(&parse_move(&pos, "d7-d5")?)?;
    /// assert!(pos.is_attacked(e4) && pos.is_attacked(d5)); // the pawns attack each other
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_attacked(&self, n: NodeId) -> bool {
        self.cells[n.idx()].is_some_and(|c| crate::rules::attack::attacked(self, &self.cells, n, c))
    }

    /// The nodes of the pieces of the seat to move that the check rule protects.
    #[inline]
    pub(super) fn royal_nodes(&self) -> SmallVec<[NodeId; 16]> {
        let seat = self.to_move;
        // Up to 16 on the stack, the common case; a game with more protected pieces has every one checked.
        self.royals
            .iter()
            .copied()
            .filter(|n| self.cells[n.idx()].is_some_and(|c| self.movable_by(seat, c.seat)))
            .collect()
    }

    /// The key under which [`Position::check_memo`] is valid for this position.
    #[inline]
    pub(super) fn check_key(&self) -> u64 {
        (self.hash ^ self.game.turn_key(self.to_move)) | 1
    }

    /// Whether one of the `royals` (the protected pieces of the seat to move) is attacked.
    #[inline]
    fn royals_attacked(&self, royals: &[NodeId]) -> bool {
        if self.check_memo.0 == self.check_key() {
            return self.check_memo.1;
        }
        let mut probe = crate::rules::attack::AttackProbe::new(self, &self.cells);
        royals.iter().any(|&r| probe.attacked(r))
    }

    /// Plays `mv` of `seat` on `cells`, a copy of the board (pieces only: no captures by rules), and
    /// returns the node where a piece arrived (none for a pass, a swap or a shot).
    #[inline]
    pub(super) fn try_on(&self, mv: &Move, seat: SeatId, cells: &mut [Option<Piece>]) -> NodeId {
        match mv.kind {
            MoveKind::Pass | MoveKind::Swap => NodeId::NONE,
            MoveKind::Place | MoveKind::Drop => {
                let owner = self.game.placed_owner(mv.piece, seat);
                cells[mv.to.idx()] = Some(Piece { seat: owner, piece: mv.piece });
                if mv.with_to.is_some() {
                    cells[mv.with_to.idx()] = Some(Piece { seat: owner, piece: mv.piece });
                }
                mv.to
            }
            MoveKind::Move => {
                let p = cells[mv.from.idx()].take();
                let partner = if mv.with_from.is_some() { cells[mv.with_from.idx()].take() } else { None };
                if mv.take.is_some() {
                    cells[mv.take.idx()] = None;
                }
                cells[mv.to.idx()] = p.map(|p| Piece { seat: p.seat, piece: mv.arrives_as() });
                if mv.with_to.is_some() {
                    cells[mv.with_to.idx()] = partner;
                }
                mv.to
            }
            MoveKind::Shoot => {
                cells[mv.take.idx()] = None;
                NodeId::NONE
            }
            // Seeds are no pieces a check rule protects or attacks with: the board is left as it is.
            MoveKind::Sow => NodeId::NONE,
        }
    }

    /// Tries `mv` on `cells` (a copy of the board, the same again on return) and returns the type of a
    /// protected piece of the mover it would leave attacked, if any. `royals`: their nodes before the move.
    #[inline]
    pub(super) fn royal_left_attacked(
        &self,
        mv: &Move,
        cells: &mut [Option<Piece>],
        royals: &[NodeId],
    ) -> Option<PieceId> {
        let seat = self.to_move;
        let mut saved = [(NodeId::NONE, None); 5];
        let mut ns = 0;
        let mut save = |n: NodeId, cells: &[Option<Piece>]| {
            if n.is_some() {
                saved[ns] = (n, cells[n.idx()]);
                ns += 1;
            }
        };
        save(mv.from, cells);
        save(mv.to, cells);
        save(mv.take, cells);
        save(mv.with_from, cells);
        save(mv.with_to, cells);
        let arrived = self.try_on(mv, seat, cells);
        let bad = {
            let cells: &[Option<Piece>] = cells;
            // One probe for every protected piece: rules run forwards generate their moves once.
            let mut probe = crate::rules::attack::AttackProbe::new(self, cells);
            let mut bad = None;
            let mut test = |n: NodeId| {
                if let Some(v) = cells[n.idx()]
                    && bad.is_none()
                    && self.game.is_royal(v.piece)
                    && probe.attacked(n)
                {
                    bad = Some(v.piece);
                }
            };
            for &r in royals {
                let r = if r == mv.from && mv.kind == MoveKind::Move {
                    mv.to
                } else if r == mv.with_from {
                    mv.with_to
                } else {
                    r
                };
                test(r);
            }
            if arrived.is_some() && !royals.contains(&mv.from) {
                // A piece that becomes protected on arrival (by promotion or a drop).
                test(arrived);
                if mv.kind == MoveKind::Place && mv.with_to.is_some() {
                    // The second node of a covering placement.
                    test(mv.with_to);
                }
            }
            bad
        };
        for &(n, c) in saved[..ns].iter().rev() {
            cells[n.idx()] = c;
        }
        bad
    }

    /// Whether moves that touch none of the nodes relevant to the protected pieces may skip the check
    /// test: attacks depend on those nodes only, and no protected piece is attacked now.
    #[inline]
    pub(super) fn quick_check_filter(&self, royals: &[NodeId]) -> bool {
        self.game.attack_table().filterable() && !self.royals_attacked(royals)
    }

    /// Whether `mv` might leave a protected piece attacked when none is now: it moves one, makes one,
    /// or changes a node that attacks on one depend on.
    #[inline]
    pub(super) fn may_expose(&self, mv: &Move, royals: &[NodeId]) -> bool {
        let t = self.game.attack_table();
        match mv.kind {
            MoveKind::Move | MoveKind::Shoot => {}
            // A friendly piece put down only fills nodes: it exposes a protected piece only by being one,
            // or by standing where attacks depend on (a screen for a hopper).
            MoveKind::Place | MoveKind::Drop => {
                let friendly = self.same_side(self.to_move, self.game.placed_owner(mv.piece, self.to_move));
                return !friendly
                    || self.game.is_royal(mv.piece)
                    || royals.iter().any(|&r| t.relevant(r, mv.to) || t.relevant(r, mv.with_to));
            }
            MoveKind::Pass | MoveKind::Swap | MoveKind::Sow => return true,
        }
        if self.game.is_royal(mv.arrives_as()) || royals.contains(&mv.from) || royals.contains(&mv.with_from) {
            return true;
        }
        royals.iter().any(|&r| {
            t.relevant(r, mv.from)
                || t.relevant(r, mv.to)
                || t.relevant(r, mv.take)
                || t.relevant(r, mv.with_from)
                || t.relevant(r, mv.with_to)
        })
    }

    /// Finds out whether the seat to move is in check, and remembers it for this position (the move
    /// generation that follows asks). `after_legal_move`: the last move was legal for the seat that
    /// played it, so nothing else is known to have changed.
    pub(crate) fn refresh_check_memo(&mut self, after_legal_move: bool) {
        let royals = self.royal_nodes();
        // The seat to move was not in check before the last (legal) move: it is now only if
        // that move changed a node from which, or through which, its protected pieces are attacked.
        let table = self.game.attack_table();
        let untouched = self.game.hooks.is_none()
            && after_legal_move
            && table.filterable()
            && self.last.is_some_and(|m| {
                let changed = [m.from, m.to, m.take, m.with_from, m.with_to];
                royals.iter().all(|&r| changed.iter().all(|&c| !table.reaches(r, c)))
            });
        self.check_memo = (0, false);
        let attacked = !untouched && self.royals_attacked(&royals);
        self.check_memo = (self.check_key(), attacked);
    }
}
