//! The pie rule (`rules: { swap: sides }`): one player moves first, the other then chooses which side
//! to play, so the first player is drawn to open with a move that leaves both sides even (Hex).

use super::Position;
use crate::SeatId;

/// The swap of the pie rule. A swap changes nothing on the board and no seat's rights: the players of the two seats change
/// places. The seat to move stays to move, now played by the player who made the first move. Rules
/// and results speak of seats; [`Position::seated`] (and [`crate::ai::player`]) say which player
/// now sits where, for computer players, self-play statistics and front ends.
///
/// ```
/// use qipan::core::{Move, SeatId, notation::parse_move};
///
/// let game = qipan::load("hex", &[("size".into(), "3".into()), ("swap".into(), "sides".into())])?;
/// let (red, blue) = (SeatId(0), SeatId(1));
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "b2")?)?; // the first player, red, takes the centre
/// pos.play(&Move::SWAP)?; // the second player takes it over: now red
/// assert_eq!((pos.to_move(), pos.seated(red), pos.seated(blue)), (blue, blue, red));
/// assert_eq!(pos.legal_moves().len(), 8, "blue, now the first player, places; no second swap");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// Whether the seat to move may swap now: the game has the pie rule, and this is the second move.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("hex", &[("size".into(), "5".into()), ("swap".into(), "sides".into())])?;
    /// let mut pos = game.start();
    /// assert!(!pos.swap_offered(), "nothing to take over yet");
    /// pos.play(&parse_move(&pos, "c3")?)?;
    /// assert!(pos.swap_offered());
    /// pos.play(&parse_move(&pos, "a1")?)?;
    /// assert!(!pos.swap_offered(), "only on the second move");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn swap_offered(&self) -> bool {
        self.game.rules.swap && self.ply == 1 && !self.swapped && self.result.is_none()
    }

    /// Whether the players have changed places by the pie rule.
    ///
    /// ```
    /// use qipan::core::{Move, notation::parse_move};
    ///
    /// let game = qipan::load("hex", &[("swap".into(), "sides".into())])?;
    /// let mut pos = game.start();
    /// pos.play(&parse_move(&pos, "a1")?)?;
    /// assert!(!pos.swapped());
    /// pos.play(&Move::SWAP)?;
    /// assert!(pos.swapped());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// The seat that the player now playing `seat` held at the start: `seat` itself, unless the
    /// players swapped (then the other of the two seats).
    ///
    /// ```
    /// use qipan::core::{Move, SeatId, notation::parse_move};
    ///
    /// let game = qipan::load("hex", &[("swap".into(), "sides".into())])?;
    /// let mut pos = game.start();
    /// assert_eq!(pos.seated(SeatId(0)), SeatId(0));
    /// pos.play(&parse_move(&pos, "k11")?)?;
    /// pos.play(&Move::SWAP)?;
    /// assert_eq!(pos.seated(SeatId(0)), SeatId(1), "red is now played by the second player");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn seated(&self, seat: SeatId) -> SeatId {
        // The rule is checked to have two seats, so the other seat is 1 - seat.
        if self.swapped && seat.idx() < 2 { SeatId(1 - seat.0) } else { seat }
    }
}
