//! Seats and sides: who holds each seat, who is still playing, whose turn it is, and whom the mover
//! may capture.

use super::{Piece, Position};
use crate::hooks::{HookError, HookPoint};
use crate::rules::{AbsorbedTurns, Prey};
use crate::{PieceId, SeatId};

/// Seats: who controls whom, who is still in the game, and who may capture whom.
///
/// ```
/// use qipan::core::SeatId;
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// let (white, black) = (SeatId(0), SeatId(1));
/// assert!(pos.hostile(white, black) && !pos.hostile(white, white) && pos.is_alive(black));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// The seat whose player now controls `seat` (itself unless absorbed).
    ///
    /// # Panics
    ///
    /// If `seat` is not an index of the game's seats.
    ///
    /// ```
    /// // Two players: Qin's player also plays Wei, Zhao and Yan.
    /// let game = qipan::load("seven-kingdoms", &[("players".into(), "2".into())])?;
    /// let pos = game.start();
    /// let [qin, chu, wei] = ["qin", "chu", "wei"].map(|k| game.seat(k).unwrap());
    /// assert_eq!(pos.controller(wei), qin);
    /// assert_eq!(pos.controller(chu), chu);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn controller(&self, seat: SeatId) -> SeatId {
        self.controller[seat.idx()]
    }

    /// Whether a seat is still playing.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, SeatId};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// assert!(pos.is_alive(SeatId(0)));
    /// for text in ["f2-f3", "e7-e5", "g2-g4", "d8-h4"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// assert!(!pos.is_alive(SeatId(0)) && pos.is_alive(SeatId(1))); // checkmate: White is out
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_alive(&self, seat: SeatId) -> bool {
        self.alive[seat.idx()]
    }

    /// Seats `a` and `b` are played by the same player.
    ///
    /// ```
    /// // Two players: Qin's player also plays Wei, Zhao and Yan.
    /// let game = qipan::load("seven-kingdoms", &[("players".into(), "2".into())])?;
    /// let pos = game.start();
    /// let [qin, chu, wei] = ["qin", "chu", "wei"].map(|k| game.seat(k).unwrap());
    /// assert!(pos.same_side(qin, wei));
    /// assert!(!pos.same_side(qin, chu));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn same_side(&self, a: SeatId, b: SeatId) -> bool {
        self.controller[a.idx()] == self.controller[b.idx()]
    }

    /// Seats `a` and `b` are different players of one team.
    ///
    /// ```
    /// // The six kingdoms against Qin, each with its own player.
    /// let game = qipan::load("seven-kingdoms", &[("form".into(), "blocs".into())])?;
    /// let pos = game.start();
    /// let [qin, chu, han] = ["qin", "chu", "han"].map(|k| game.seat(k).unwrap());
    /// assert!(pos.allied(chu, han));
    /// assert!(!pos.allied(qin, chu));
    /// assert!(!pos.allied(chu, chu)); // one player is not its own ally
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn allied(&self, a: SeatId, b: SeatId) -> bool {
        !self.same_side(a, b) && self.team(a) == self.team(b)
    }

    /// Seats `a` and `b` may capture each other.
    ///
    /// ```
    /// // The six kingdoms against Qin.
    /// let game = qipan::load("seven-kingdoms", &[("form".into(), "blocs".into())])?;
    /// let pos = game.start();
    /// let [qin, chu, han] = ["qin", "chu", "han"].map(|k| game.seat(k).unwrap());
    /// assert!(pos.hostile(qin, chu));
    /// assert!(!pos.hostile(chu, han));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn hostile(&self, a: SeatId, b: SeatId) -> bool {
        self.team(a) != self.team(b)
    }

    #[inline]
    pub(crate) fn team(&self, seat: SeatId) -> u8 {
        self.teams[seat.idx()]
    }

    /// Recomputes each seat's team from its controller (after seats change hands).
    pub(crate) fn refresh_teams(&mut self) {
        for s in 0..self.controller.len() {
            self.teams[s] = self.game.seats[self.controller[s].idx()].team;
        }
    }

    /// Whether a piece of type `piece` of `seat` may capture `target`: the piece types allow it, the target
    /// is another player's, hostile (or an ally where allies may be captured), and of the mover's prey
    /// where the rules limit it.
    ///
    /// ```
    /// use qipan::core::{Piece, SeatId};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// let (queen, pawn) = (game.piece("queen").unwrap(), game.piece("pawn").unwrap());
    /// let (white, black) = (SeatId(0), SeatId(1));
    /// assert!(pos.can_capture(white, queen, Piece { seat: black, piece: pawn }));
    /// assert!(!pos.can_capture(white, queen, Piece { seat: white, piece: pawn })); // its own pawn
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn can_capture(&self, seat: SeatId, piece: PieceId, target: Piece) -> bool {
        let victim = self.controller[target.seat.idx()];
        self.game.may_capture(piece, target.piece)
            && victim != self.controller[seat.idx()]
            && (self.hostile(seat, target.seat) || self.game.rules.ally_capture)
            && self.prey.is_none_or(|prey| victim == prey)
    }

    /// The only player whose pieces the seat to move may capture, if the rules limit it.
    ///
    /// ```
    /// assert_eq!(qipan::load("chess", &[])?.start().prey(), None);
    /// // In He Qi's chain form each player may capture only the pieces of the next in turn.
    /// let game = qipan::load("he-qi", &[("form".into(), "chain".into())])?;
    /// let pos = game.start();
    /// assert_eq!(pos.to_move(), game.seat("red").unwrap());
    /// assert_eq!(pos.prey(), game.seat("yellow"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn prey(&self) -> Option<SeatId> {
        self.prey
    }

    /// Finds the mover's prey under the chain form: the player of the first live seat, going forward (or
    /// backward) in turn order from the mover, that another player holds.
    #[inline]
    pub(super) fn refresh_prey(&mut self) {
        let n = self.alive.len();
        let me = self.controller[self.to_move.idx()];
        let backward = match self.game.rules.prey {
            Prey::Any => return,
            Prey::Next => false,
            Prey::Previous => true,
        };
        self.prey = None;
        for k in 1..n {
            let s = if backward { (self.to_move.idx() + n - k) % n } else { (self.to_move.idx() + k) % n };
            if self.alive[s] && self.controller[s] != me {
                self.prey = Some(self.controller[s]);
                return;
            }
        }
    }

    /// Whether the seat to move may move pieces of `owner` (its own, or seats it has absorbed, unless
    /// every seat's turn moves only its own pieces).
    #[inline]
    pub(crate) fn movable_by(&self, seat: SeatId, owner: SeatId) -> bool {
        if self.game.rules.absorbed_turns == AbsorbedTurns::Own {
            owner == seat
        } else {
            self.controller[owner.idx()] == self.controller[seat.idx()]
        }
    }

    /// The next live seat after `seat` in turn order.
    #[inline]
    pub(super) fn next_seat_after(&self, seat: SeatId) -> SeatId {
        let n = self.alive.len() as u8;
        let mut s = seat.0;
        for _ in 0..n {
            s = (s + 1) % n;
            if self.alive[s as usize] {
                return SeatId(s);
            }
        }
        seat
    }

    #[inline]
    pub(crate) fn advance_turn(&mut self) {
        self.to_move = self.next_seat_after(self.to_move);
        self.refresh_prey();
    }

    /// Gives `seat` to the player of `to`. A player losing its leading seat goes on under its next
    /// live seat, which takes over the counters kept on the leading seat.
    pub(super) fn transfer(&mut self, seat: SeatId, to: SeatId) {
        let winner = self.controller[to.idx()];
        let n = self.controller.len();
        if self.controller[seat.idx()] == seat {
            let heir =
                self.game.seat_ids().find(|&x| x != seat && self.controller[x.idx()] == seat && self.alive[x.idx()]);
            if let Some(h) = heir {
                for x in 0..n {
                    if x != seat.idx() && self.controller[x] == seat {
                        self.controller[x] = h;
                    }
                }
                for c in 0..self.game.counters.len() {
                    let (from, into) = (c * n + seat.idx(), c * n + h.idx());
                    self.counters[into] = self.counters[into].saturating_add(self.counters[from]);
                    self.counters[from] = 0;
                }
            }
        }
        self.controller[seat.idx()] = winner;
    }

    /// Takes a seat out of play.
    pub(crate) fn eliminate(&mut self, seat: SeatId) -> Result<(), HookError> {
        if !self.alive[seat.idx()] {
            return Ok(());
        }
        self.alive[seat.idx()] = false;
        if let Some(h) = self.game.hooks.clone()
            && h.has(HookPoint::OnElimination)
        {
            let actions = h.on_elimination(self, seat)?;
            self.apply_actions(actions)?;
        }
        Ok(())
    }

    /// Gives `seat` to `player` (teams follow with [`Position::refresh_teams`]), as the end rules
    /// absorb sides.
    #[inline]
    pub(crate) fn give_seat(&mut self, seat: SeatId, player: SeatId) {
        self.controller[seat.idx()] = player;
        // Groups join pieces of one player: a seat changing hands changes them.
        self.links.iter_mut().for_each(crate::rules::goal::Links::invalidate);
    }
}
