//! Seats and sides: who holds each seat, who is still playing, whose turn it is, and whom the mover
//! may capture.

use super::{ANY_PREY, Piece, Position};
use crate::hooks::{HookError, HookPoint};
use crate::rules::{AbsorbedTurns, Prey};

/// Seats: who controls whom, who is still in the game, and who may capture whom.
///
/// ```
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// assert!(pos.hostile(0, 1) && !pos.hostile(0, 0) && pos.is_alive(1));
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
    pub fn controller(&self, seat: u8) -> u8 {
        self.controller[seat as usize]
    }

    /// Whether a seat is still playing.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// assert!(pos.is_alive(0));
    /// for text in ["f2-f3", "e7-e5", "g2-g4", "d8-h4"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// assert!(!pos.is_alive(0) && pos.is_alive(1)); // checkmate: White is out
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_alive(&self, seat: u8) -> bool {
        self.alive[seat as usize]
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
    pub fn same_side(&self, a: u8, b: u8) -> bool {
        self.controller[a as usize] == self.controller[b as usize]
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
    pub fn allied(&self, a: u8, b: u8) -> bool {
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
    pub fn hostile(&self, a: u8, b: u8) -> bool {
        self.team(a) != self.team(b)
    }

    #[inline]
    pub(crate) fn team(&self, seat: u8) -> u8 {
        self.teams[seat as usize]
    }

    /// Recomputes each seat's team from its controller (after seats change hands).
    pub(crate) fn refresh_teams(&mut self) {
        for s in 0..self.controller.len() {
            self.teams[s] = self.game.seats[self.controller[s] as usize].team;
        }
    }

    /// Whether a piece of type `piece` of `seat` may capture `target`: the piece types allow it, the target
    /// is another player's, hostile (or an ally where allies may be captured), and of the mover's prey
    /// where the rules limit it.
    ///
    /// ```
    /// use qipan::core::Piece;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// let (queen, pawn) = (game.piece("queen").unwrap(), game.piece("pawn").unwrap());
    /// assert!(pos.can_capture(0, queen, Piece { seat: 1, piece: pawn }));
    /// assert!(!pos.can_capture(0, queen, Piece { seat: 0, piece: pawn })); // its own pawn
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn can_capture(&self, seat: u8, piece: u8, target: Piece) -> bool {
        let victim = self.controller[target.seat as usize];
        self.game.may_capture(piece, target.piece)
            && victim != self.controller[seat as usize]
            && (self.hostile(seat, target.seat) || self.game.rules.ally_capture)
            && (self.prey == ANY_PREY || victim == self.prey)
    }

    /// The only player whose pieces the seat to move may capture, or [`ANY_PREY`].
    ///
    /// ```
    /// use qipan::core::position::ANY_PREY;
    ///
    /// assert_eq!(qipan::load("chess", &[])?.start().prey(), ANY_PREY);
    /// // In He Qi's chain form each player may capture only the pieces of the next in turn.
    /// let game = qipan::load("he-qi", &[("form".into(), "chain".into())])?;
    /// let pos = game.start();
    /// assert_eq!(pos.to_move(), game.seat("red").unwrap());
    /// assert_eq!(pos.prey(), game.seat("yellow").unwrap());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn prey(&self) -> u8 {
        self.prey
    }

    /// Finds the mover's prey under the chain form: the player of the first live seat, going forward (or
    /// backward) in turn order from the mover, that another player holds.
    #[inline]
    pub(super) fn refresh_prey(&mut self) {
        let n = self.alive.len();
        let me = self.controller[self.to_move as usize];
        let backward = match self.game.rules.prey {
            Prey::Any => return,
            Prey::Next => false,
            Prey::Previous => true,
        };
        self.prey = ANY_PREY;
        for k in 1..n {
            let s = if backward { (self.to_move as usize + n - k) % n } else { (self.to_move as usize + k) % n };
            if self.alive[s] && self.controller[s] != me {
                self.prey = self.controller[s];
                return;
            }
        }
    }

    /// Whether the seat to move may move pieces of `owner` (its own, or seats it has absorbed, unless
    /// every seat's turn moves only its own pieces).
    #[inline]
    pub(super) fn movable_by(&self, seat: u8, owner: u8) -> bool {
        if self.game.rules.absorbed_turns == AbsorbedTurns::Own {
            owner == seat
        } else {
            self.controller[owner as usize] == self.controller[seat as usize]
        }
    }

    /// The next live seat after `seat` in turn order.
    #[inline]
    pub(super) fn next_seat_after(&self, seat: u8) -> u8 {
        let n = self.alive.len() as u8;
        let mut s = seat;
        for _ in 0..n {
            s = (s + 1) % n;
            if self.alive[s as usize] {
                return s;
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
    pub(super) fn transfer(&mut self, seat: u8, to: u8) {
        let winner = self.controller[to as usize];
        let n = self.controller.len();
        if self.controller[seat as usize] == seat {
            let heir =
                (0..n as u8).find(|&x| x != seat && self.controller[x as usize] == seat && self.alive[x as usize]);
            if let Some(h) = heir {
                for x in 0..n {
                    if x != seat as usize && self.controller[x] == seat {
                        self.controller[x] = h;
                    }
                }
                for c in 0..self.game.counters.len() {
                    let (from, into) = (c * n + seat as usize, c * n + h as usize);
                    self.counters[into] = self.counters[into].saturating_add(self.counters[from]);
                    self.counters[from] = 0;
                }
            }
        }
        self.controller[seat as usize] = winner;
    }

    /// Takes a seat out of play.
    pub(crate) fn eliminate(&mut self, seat: u8) -> Result<(), HookError> {
        if !self.alive[seat as usize] {
            return Ok(());
        }
        self.alive[seat as usize] = false;
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
    pub(crate) fn give_seat(&mut self, seat: u8, player: u8) {
        self.controller[seat as usize] = player;
    }
}
