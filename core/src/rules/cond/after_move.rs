//! Move conditions judged on the position after the move (`gives-check`, `gives-mate`): which part of
//! an `if` clause they make up. The position before the move decides the rest, once per rule; these
//! are judged move by move ([`Position::holds_after`](crate::Position::holds_after)).

use super::Cond;

/// Telling move conditions apart from the rest of an `if`.
///
/// ```
/// use qipan::core::rules::Cond;
///
/// let c = Cond::And(vec![Cond::InReserve(qipan::core::PieceId::new(0)), Cond::Not(Box::new(Cond::GivesMate))]);
/// assert!(c.judged_after_move());
/// let (before, after) = c.split_after_move();
/// assert!(!before.judged_after_move() && after.judged_after_move());
/// ```
impl Cond {
    /// Whether the condition mentions a move condition judged after the move.
    ///
    /// ```
    /// use qipan::core::rules::Cond;
    ///
    /// assert!(Cond::Not(Box::new(Cond::GivesMate)).judged_after_move());
    /// assert!(!Cond::Count(Box::new(Cond::Friend), qipan::core::rules::Cmp::Lt, 3).judged_after_move());
    /// ```
    pub fn judged_after_move(&self) -> bool {
        match self {
            Cond::GivesCheck | Cond::GivesMate => true,
            Cond::Not(c) => c.judged_after_move(),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().any(Cond::judged_after_move),
            _ => false,
        }
    }

    /// Splits an `if` clause into what the position before the move decides and what is judged after
    /// it, move by move: the terms of a conjunction go to one side or the other; any other condition
    /// that mentions a move condition goes whole to the second (the rest of it is then read on the
    /// position before the move).
    ///
    /// ```
    /// use qipan::core::PieceId;
    /// use qipan::core::rules::Cond;
    ///
    /// let no_mate = Cond::Not(Box::new(Cond::GivesMate));
    /// let hand = Cond::InReserve(PieceId::new(0));
    /// let (before, after) = Cond::And(vec![hand.clone(), no_mate.clone()]).split_after_move();
    /// assert_eq!((before, after), (hand.clone(), no_mate.clone()));
    /// assert_eq!(hand.clone().split_after_move(), (hand, Cond::True));
    /// ```
    pub fn split_after_move(self) -> (Cond, Cond) {
        if !self.judged_after_move() {
            return (self, Cond::True);
        }
        let Cond::And(cs) = self else { return (Cond::True, self) };
        let (after, before): (Vec<Cond>, Vec<Cond>) = cs.into_iter().partition(Cond::judged_after_move);
        let join = |mut v: Vec<Cond>| if v.len() == 1 { v.pop().unwrap_or(Cond::True) } else { Cond::And(v) };
        (if before.is_empty() { Cond::True } else { join(before) }, join(after))
    }
}
