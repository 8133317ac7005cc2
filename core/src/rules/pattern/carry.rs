//! Carrying part of a column ([`Carry::Top`], `carry top`): on a board with stacks, a move may lift
//! the top `k` pieces of its column, `k` from 1 to the height, and one move is made per height and
//! destination ([`Move::carry`]). A leg written `*carried` goes as many steps as the move carries
//! (Focus: a column of 3, or the top 3 of a higher one, goes exactly 3 nodes).
//!
//! ```
//! use qipan::core::notation::{move_text, parse_move};
//!
//! let src = "name: carriers
//! board: { grid: { width: 5, height: 1, labels: chess }, stacks: 4 }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   disc: { moves: slide orthogonal carry top to empty onto friend }
//! setup:
//!   - { seat: white, piece: disc, at: [a1, b1] }
//!   - { seat: black, piece: disc, at: [e1] }
//! rules: { pass: never }
//! ";
//! let game = qipan::load_str("carriers.yaml", src, &[])?;
//! let at = |l: &str| game.board.find(l).unwrap();
//! let mut pos = game.start();
//! pos.play(&parse_move(&pos, "a1-b1")?)?; // onto White's own disc: a column of two on b1
//! pos.play(&parse_move(&pos, "e1-d1")?)?;
//! // The height is the mover's choice here, so the text names it: `/1` the top disc, `/2` both.
//! let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| move_text(&game, m)).collect();
//! moves.sort();
//! assert_eq!(moves, ["b1-a1/1", "b1-a1/2", "b1-c1/1", "b1-c1/2"]);
//! pos.play(&parse_move(&pos, "b1-c1/1")?)?;
//! assert_eq!((pos.height(at("b1")), pos.height(at("c1"))), (1, 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Carry, Gen, MoveRule, Scratch, run};
use crate::board::NodeId;
use crate::moves::Move;
use crate::position::Position;
use crate::{PieceId, SeatId};

/// The moves of a `carry top` rule: the pattern once per height the move may carry, from 1 to the
/// column's, each move marked with the height it carries. Kept out of line, off the hot path of games
/// without it.
#[inline(never)]
pub(super) fn carrying(
    rule: &MoveRule,
    pos: &Position,
    seat: SeatId,
    piece: PieceId,
    from: NodeId,
    scratch: &mut Scratch,
    out: &mut Vec<Move>,
) {
    debug_assert_eq!(rule.carry, Carry::Top);
    // A move's carry holds up to 127 pieces.
    let height = pos.height(from).min(127) as u8;
    for k in 1..=height {
        let before = out.len();
        run(&mut Gen { pos, seat, piece, from, rule, out, first_part: scratch.first_part, carried: k }, scratch);
        for m in &mut out[before..] {
            m.stack = m.stack.with_carry(k);
        }
    }
}
