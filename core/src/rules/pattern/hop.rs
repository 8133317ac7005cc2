//! Hops ([`Pattern::Hop`]): along a line over empty nodes to exactly one screen, then on over empty
//! nodes to the destination, the first piece beyond the screen ending the line (the cannon of
//! Xiangqi, which takes that way).
//!
//! ```
//! use qipan::core::SeatId;
//! use qipan::core::rules::{Scratch, pattern::generate};
//!
//! let src = "name: hoppers
//! board: { grid: { width: 5, height: 5, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   cannon: { moves: hop orthogonal over any to enemy }
//! setup:
//!   - { seat: white, piece: cannon, at: [a1] }
//!   - { seat: black, piece: cannon, at: [a3, a5, c1] }
//! ";
//! let game = qipan::load_str("hoppers.yaml", src, &[])?;
//! let pos = game.start();
//! let cannon = game.piece("cannon").unwrap();
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! generate(&game.pieces[0].moves[0], &pos, SeatId(0), cannon, game.board.find("a1").unwrap(), &mut scratch, &mut out);
//! let to: Vec<&str> = out.iter().map(|m| game.board.label(m.to)).collect();
//! // Over a3 onto a5; c1 has no screen before it.
//! assert_eq!(to, ["a5"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Backwards, DirSel, Gen, Line};
use crate::board::RelationId;
use crate::rules::Cond;
use crate::rules::attack::Shape;

impl Gen<'_> {
    /// The moves of `hop relation.dirs over screen`, at most `max_after` nodes beyond the screen
    /// (255: any number).
    #[inline]
    pub(super) fn hop(&mut self, relation: RelationId, dirs: &DirSel, screen: &Cond, max_after: u8) {
        let (pos, from) = (self.pos, self.from);
        let board = &pos.game().board;
        for &d in self.dirs(relation, dirs, None).as_slice() {
            // Lines may wrap around (polar boards) or cycle (explicit boards): a line ends where it
            // comes back to the start, and never runs longer than the board.
            let mut at = pos.next_open(relation, d, from);
            let mut guard = board.len();
            while at.is_some() && at != from && pos.cell(at).is_none() && guard > 0 {
                at = pos.next_open(relation, d, at);
                guard -= 1;
            }
            if !at.is_some() || at == from || guard == 0 || !screen.eval(pos, self.seat, at) {
                continue;
            }
            let mut steps = 0u8;
            for _ in 0..board.len() {
                at = pos.next_open(relation, d, at);
                steps = steps.saturating_add(1);
                if !at.is_some() || at == from || (max_after != 255 && steps > max_after) {
                    break;
                }
                self.emit(at);
                if pos.cell(at).is_some() {
                    break;
                }
            }
        }
    }
}

/// A hop's line: from one step to the whole board along `relation.dirs` (`nodes`: the board's size).
pub(super) fn line(relation: RelationId, dirs: &DirSel, nodes: usize) -> Option<Line<'_>> {
    Some(Line { relation, dirs, min: 1, max: nodes })
}

/// A hop seen from its destination: back over empty nodes to the screen, then on to the hopper.
pub(super) fn reverse(back: &Backwards, relation: RelationId, dirs: &DirSel, screen: &Cond, max_after: u8) -> Shape {
    let Some(opposite) = back.opposites(relation, dirs) else { return Shape::Forward };
    Shape::Hop { relation, dirs: opposite, screen: screen.clone(), max_after }
}

#[cfg(test)]
mod tests {
    use crate::rules::{Cond, DirSel, Pattern, Rules};
    use crate::testkit::*;

    /// On 5×5: a cannon (`hop orthogonal over any to enemy`), a jumper (`hop orthogonal over friend
    /// 1` to empty or enemy), a runner (`hop orthogonal over any` to empty or enemy) and a post.
    fn hoppers() -> std::sync::Arc<crate::Game> {
        let b = board(5, 5, &[]);
        let orth = rel(&b, "orthogonal");
        let hop = |screen, max_after| Pattern::Hop { relation: orth, dirs: DirSel::All, screen, max_after };
        let pieces = vec![
            piece("cannon", vec![rule(hop(Cond::True, 255), Cond::Enemy)]),
            piece("jumper", vec![rule(hop(Cond::Friend, 1), empty_or_enemy())]),
            piece("runner", vec![rule(hop(Cond::True, 255), empty_or_enemy())]),
            piece("post", vec![]),
        ];
        game(b, pieces, Rules::default())
    }

    #[test]
    fn a_capture_needs_exactly_one_screen() {
        let g = hoppers();
        // Screen a3, enemy a5: taken. Enemy c1 with nothing between: not. Enemy a4 behind screen a3 would
        // be the first piece beyond, so a5 is out of reach then.
        let pos = position(
            &g,
            &[
                ("a1", WHITE, PieceId::new(0)),
                ("a3", WHITE, PieceId::new(3)),
                ("a5", BLACK, PieceId::new(3)),
                ("c1", BLACK, PieceId::new(3)),
            ],
            WHITE,
        );
        assert_eq!(generated(&pos, "a1", 0), ["a1-a5"]);
        let pos = position(
            &g,
            &[
                ("a1", WHITE, PieceId::new(0)),
                ("a3", WHITE, PieceId::new(3)),
                ("a4", BLACK, PieceId::new(3)),
                ("a5", BLACK, PieceId::new(3)),
            ],
            WHITE,
        );
        assert_eq!(generated(&pos, "a1", 0), ["a1-a4"]);
    }

    #[test]
    fn beyond_the_screen_up_to_the_first_piece() {
        // Runner on a1, screen b1 (an enemy: any piece screens), then c1, d1 empty and a friend on e1.
        let pos = position(
            &hoppers(),
            &[("a1", WHITE, PieceId::new(2)), ("b1", BLACK, PieceId::new(3)), ("e1", WHITE, PieceId::new(3))],
            WHITE,
        );
        assert_eq!(generated(&pos, "a1", 0), ["a1-c1", "a1-d1"]);
    }

    #[test]
    fn the_screen_condition_and_the_distance_after_it() {
        let g = hoppers();
        // A friend screen on b2: one node beyond only (b4 is two). An enemy screen on c3 screens nothing.
        let pos = position(
            &g,
            &[("b1", WHITE, PieceId::new(1)), ("b2", WHITE, PieceId::new(3)), ("c1", BLACK, PieceId::new(3))],
            WHITE,
        );
        assert_eq!(generated(&pos, "b1", 0), ["b1-b3"]);
        let pos = position(&g, &[("c2", WHITE, PieceId::new(1)), ("c3", BLACK, PieceId::new(3))], WHITE);
        assert!(generated(&pos, "c2", 0).is_empty());
    }
}
