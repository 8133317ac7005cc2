//! Counting draws: a count of plies that starts when a condition on the position first holds and draws
//! the game when it passes a limit (makruk's board's and pieces' honour, sittuyin's counts).
//!
//! After every move, while no count runs, the rules are tried in order for the seat now to move (the side
//! that counts, usually the weaker): the first whose `start` holds and one of whose limits applies starts
//! the count at 0, or at twice the number of pieces on the board (`from_pieces`). A rule marked
//! `on_capture` may also replace a running count after a move that captured. Each later ply adds one; the
//! game is drawn once the count passes the limit, unless the seat to move is mated. This is
//! Fairy-Stockfish's `countingRule = makruk`, written as data.
//!
//! ```
//! use qipan::core::{EndReason, Position};
//! use qipan::core::notation::parse_move;
//!
//! // Makruk: White's rook against a bare king, 3 pieces on the board. The count starts at 3 and the
//! // limit is 16 moves: drawn after 16 * 2 - 3 * 2 + 1 = 27 plies.
//! let game = qipan::load("makruk", &[])?;
//! let mut pos = Position::from_fen(&game, "4k3/8/8/8/8/8/R6r/4K3 w - - 0 1")?;
//! pos.play(&parse_move(&pos, "a2-h2")?)?; // the capture leaves Black bare
//! assert_eq!(pos.counting(), (6, 32));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::position::Position;
use crate::rules::Cond;
use crate::{NodeId, SeatId};

/// One counting rule (see the module documentation).
///
/// ```
/// let game = qipan::load("makruk", &[])?;
/// let rules = &game.rules.end.counting;
/// assert_eq!(rules.len(), 2, "board's honour, pieces' honour");
/// assert_eq!(rules[0].limits.last().map(|l| l.1), Some(128), "64 moves");
/// assert!(rules[1].from_pieces && rules[1].on_capture);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct CountingRule {
    /// When the count starts: a condition on the position, for the seat to move.
    pub start: Cond,
    /// The limits in plies, each under a condition for the seat to move: the first that holds applies
    /// (none holding: no count starts).
    pub limits: Vec<(Cond, u32)>,
    /// The count starts at twice the number of pieces on the board instead of 0.
    pub from_pieces: bool,
    /// The rule may replace a running count after a move that captured.
    pub on_capture: bool,
}

/// A running count: the plies counted and the limit (0: no count runs).
///
/// ```
/// use qipan::core::rules::counting::Count;
///
/// assert_eq!(Count::default(), Count { plies: 0, limit: 0 });
/// assert!(!Count { plies: 33, limit: 0 }.passed(), "no count runs");
/// assert!(Count { plies: 33, limit: 32 }.passed());
/// assert!(!Count { plies: 32, limit: 32 }.passed());
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Plies counted.
    pub plies: u32,
    /// The limit in plies; 0 while no count runs.
    pub limit: u32,
}

/// Reading a count.
///
/// ```
/// use qipan::core::rules::counting::Count;
///
/// assert!(Count { plies: 17, limit: 16 }.passed() && !Count { plies: 16, limit: 16 }.passed());
/// ```
impl Count {
    /// Whether a count runs and has passed its limit.
    ///
    /// ```
    /// use qipan::core::rules::counting::Count;
    ///
    /// assert!(!Count { plies: 100, limit: 0 }.passed(), "no count runs");
    /// assert!(Count { plies: 65, limit: 64 }.passed());
    /// ```
    #[inline]
    pub fn passed(self) -> bool {
        self.limit > 0 && self.plies > self.limit
    }
}

/// The count after a move (`captured`: the move took something), the seat to move being the next.
pub(crate) fn after_move(pos: &Position, mut count: Count, captured: bool) -> Count {
    let rules = &pos.game().rules.end.counting;
    if count.limit > 0 {
        count.plies = count.plies.saturating_add(1);
    }
    let seat: SeatId = pos.to_move();
    for r in rules.iter().filter(|r| count.limit == 0 || (captured && r.on_capture)) {
        if !r.start.eval(pos, seat, NodeId::NONE) {
            continue;
        }
        if let Some(&(_, limit)) = r.limits.iter().find(|(c, _)| c.eval(pos, seat, NodeId::NONE)) {
            let pieces: usize = pos.game().seat_ids().map(|s| pos.placed(s).len()).sum();
            return Count { plies: if r.from_pieces { 2 * pieces as u32 } else { 0 }, limit };
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::EndReason;
    use crate::rules::{Cmp, DirSel, EndRules, PassRule, Rules, StuckRule};
    use crate::testkit::*;

    const KING: PieceId = PieceId::new(0);
    const MAN: PieceId = PieceId::new(1);

    /// A 6×1 row of kings and men stepping (and capturing) along it; a count starts once a side is bare
    /// of men (its king alone), at the number of pieces, with a limit of 3 moves, or 2 against two men.
    fn counted() -> std::sync::Arc<crate::Game> {
        let b = board(6, 1, &[]);
        let o = rel(&b, "orthogonal");
        let step = || vec![rule(slide(o, DirSel::All, 1, 1), empty_or_enemy())];
        let bare = Cond::Count(Box::new(Cond::Friend), Cmp::Eq, 1);
        let two = Cond::Count(Box::new(Cond::And(vec![Cond::Enemy, Cond::Piece(MAN)])), Cmp::Ge, 2);
        let rule =
            CountingRule { start: bare, limits: vec![(two, 4), (Cond::True, 6)], from_pieces: true, on_capture: true };
        let end = EndRules { counting: vec![rule], ..EndRules::default() };
        let rules = Rules { pass: PassRule::Never, stuck: StuckRule::Draw, end, ..Rules::default() };
        game(b, vec![piece("king", step()), piece("man", step())], rules)
    }

    #[test]
    fn the_count_starts_at_the_pieces_and_draws_past_the_limit() {
        let g = counted();
        let pieces = [("a1", WHITE, KING), ("b1", WHITE, MAN), ("c1", BLACK, MAN), ("f1", BLACK, KING)];
        let mut pos = position(&g, &pieces, WHITE);
        play(&mut pos, "b1-c1");
        // Black is bare with 3 pieces on the board: plies from 6, limit 6 plies.
        assert_eq!(pos.counting(), (6, 6));
        play(&mut pos, "f1-e1");
        assert_eq!(pos.counting(), (7, 6));
        assert_eq!(pos.outcome().map(|r| r.reason.clone()), Some(EndReason::Counting));
    }

    #[test]
    fn no_count_while_both_sides_have_men() {
        let g = counted();
        let pieces = [("a1", WHITE, KING), ("b1", WHITE, MAN), ("e1", BLACK, MAN), ("f1", BLACK, KING)];
        let mut pos = position(&g, &pieces, WHITE);
        play(&mut pos, "b1-c1");
        assert_eq!(pos.counting(), (0, 0));
        assert!(!pos.is_over());
    }
}
