//! Insufficient material: the game is drawn at once when the pieces left on the board are one of the
//! definition's dead cases, material with which no side can ever win (chess's king against king, king and
//! bishop or knight against king, kings and bishops all on squares of one colour).
//!
//! A case lists each side's pieces, matched against the seats in any order; with `same_colour`, the
//! pieces of those types must also all stand on nodes of one colour. The test runs only while the board
//! holds no more pieces than the largest case, and reads the position's piece counts. A piece in a
//! reserve is material too: while any seat holds one, no case applies (crazyhouse's drops).
//!
//! ```
//! use qipan::core::{EndReason, Position};
//! use qipan::core::notation::parse_move;
//!
//! let game = qipan::load("chess", &[])?;
//! // White's bishop takes the last black pawn: king and bishop against king.
//! let mut pos = Position::from_fen(&game, "4k3/8/8/8/8/8/6p1/4KB2 w - - 0 1")?;
//! pos.play(&parse_move(&pos, "f1-g2")?)?;
//! assert_eq!(pos.outcome().map(|r| r.reason.clone()), Some(EndReason::InsufficientMaterial));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::PieceId;
use crate::position::Position;

/// One dead case (see the module documentation).
///
/// ```
/// let chess = qipan::load("chess", &[])?;
/// let cases = &chess.rules.end.insufficient;
/// assert_eq!(cases.len(), 4);
/// let bishop = chess.piece("bishop").unwrap();
/// assert_eq!(cases[3].same_colour, vec![bishop]);
/// // Without the option, no case.
/// let chess = qipan::load("chess", &[("insufficient_material".into(), "false".into())])?;
/// assert!(chess.rules.end.insufficient.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadCase {
    /// Each side's pieces (one list per seat; a type listed twice is two pieces).
    pub sides: Vec<Vec<PieceId>>,
    /// Piece types whose pieces must all stand on nodes of one colour.
    pub same_colour: Vec<PieceId>,
}

/// Matching a case against a position (on every move, while few pieces are left).
///
/// ```
/// use qipan::core::{EndReason, Position};
/// use qipan::core::notation::parse_move;
///
/// let game = qipan::load("chess", &[])?;
/// // The king takes the last rook: king against king.
/// let mut pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/3rK3 w - - 0 1")?;
/// pos.play(&parse_move(&pos, "e1-d1")?)?;
/// assert_eq!(pos.outcome().map(|r| r.reason.clone()), Some(EndReason::InsufficientMaterial));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl DeadCase {
    /// The number of pieces the case has on the board.
    fn size(&self) -> usize {
        self.sides.iter().map(Vec::len).sum()
    }

    /// Whether the position's material is this case.
    fn holds(&self, pos: &Position) -> bool {
        let seats = pos.game().seats.len();
        if self.sides.len() != seats || seats > 8 {
            return false;
        }
        // Sides matched to seats in any order: a seat may take each list once.
        let mut used = 0u8;
        if !self.assign(pos, 0, &mut used) {
            return false;
        }
        self.same_colour.is_empty() || self.one_colour(pos)
    }

    /// Whether seats `seat..` can each take an unused list that is exactly their material.
    fn assign(&self, pos: &Position, seat: usize, used: &mut u8) -> bool {
        if seat == self.sides.len() {
            return true;
        }
        for (i, side) in self.sides.iter().enumerate() {
            if *used & (1 << i) == 0 && material_is(pos, crate::SeatId(seat as u8), side) {
                *used |= 1 << i;
                if self.assign(pos, seat + 1, used) {
                    return true;
                }
                *used &= !(1 << i);
            }
        }
        false
    }

    /// Whether every piece of the `same_colour` types stands on nodes of one colour.
    fn one_colour(&self, pos: &Position) -> bool {
        let board = &pos.game().board;
        let mut seen = None;
        for s in pos.game().seat_ids() {
            for &n in pos.placed(s) {
                let p = pos.cell(n).expect("a placed piece");
                if !self.same_colour.contains(&p.piece) {
                    continue;
                }
                let c = board.node(n).colour;
                if *seen.get_or_insert(c) != c {
                    return false;
                }
            }
        }
        true
    }
}

/// Whether `seat`'s pieces on the board are exactly `side` (as a multiset).
fn material_is(pos: &Position, seat: crate::SeatId, side: &[PieceId]) -> bool {
    if pos.placed(seat).len() != side.len() {
        return false;
    }
    side.iter().all(|&t| usize::from(pos.on_board(seat, t)) == side.iter().filter(|&&x| x == t).count())
}

/// Whether the material on the board is one of the game's dead cases.
#[inline]
pub(crate) fn dead(pos: &Position) -> bool {
    let cases = &pos.game().rules.end.insufficient;
    if cases.is_empty() {
        return false;
    }
    let pieces: usize = pos.game().seat_ids().map(|s| pos.placed(s).len()).sum();
    cases.iter().any(|c| c.size() == pieces && c.holds(pos)) && !holds_reserve(pos)
}

/// Whether a seat has a piece in its reserve: a piece in hand can still be dropped (crazyhouse), so the
/// board alone does not make the material dead.
fn holds_reserve(pos: &Position) -> bool {
    let game = pos.game();
    game.seat_ids().any(|s| (0..game.pieces.len()).any(|p| pos.reserve(s, PieceId::new(p as u8)) > 0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{DirSel, EndRules, Rules};
    use crate::testkit::*;

    const KING: PieceId = PieceId::new(0);
    const MAN: PieceId = PieceId::new(1);

    fn game_with(cases: Vec<DeadCase>) -> std::sync::Arc<crate::Game> {
        let b = board(4, 4, &[]);
        let o = rel(&b, "orthogonal");
        let step = || vec![rule(slide(o, DirSel::All, 1, 1), empty_or_enemy())];
        let end = EndRules { insufficient: cases, ..EndRules::default() };
        game(b, vec![piece("king", step()), piece("man", step())], Rules { end, ..Rules::default() })
    }

    #[test]
    fn cases_match_seats_in_either_order_and_by_colour() {
        let km = DeadCase { sides: vec![vec![KING, MAN], vec![KING]], same_colour: vec![] };
        let g = game_with(vec![km]);
        let white_man = position(&g, &[("a1", WHITE, KING), ("b1", WHITE, MAN), ("d4", BLACK, KING)], WHITE);
        let black_man = position(&g, &[("a1", WHITE, KING), ("c4", BLACK, MAN), ("d4", BLACK, KING)], WHITE);
        let two_men = position(&g, &[("a1", WHITE, MAN), ("b1", WHITE, MAN), ("d4", BLACK, KING)], WHITE);
        assert!(dead(&white_man) && dead(&black_man));
        assert!(!dead(&two_men), "the same number of pieces, not the same material");
        // Men on one colour only (a1 and c1 are both dark; b1 is light).
        let men = DeadCase { sides: vec![vec![KING, MAN], vec![KING, MAN]], same_colour: vec![MAN] };
        let g = game_with(vec![men]);
        let on = |x: &str| {
            position(&g, &[("a1", WHITE, MAN), (x, BLACK, MAN), ("a4", WHITE, KING), ("d4", BLACK, KING)], WHITE)
        };
        assert!(dead(&on("c1")));
        assert!(!dead(&on("b1")));
    }
}
