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

use super::{Carry, Gen, Scratch};

impl Gen<'_> {
    /// Runs the pattern once per height the move may carry, from 1 to the column's, each move marked
    /// with the height it carries.
    pub(super) fn carrying(&mut self, scratch: &mut Scratch, run: fn(&mut Gen, &mut Scratch)) {
        debug_assert_eq!(self.rule.carry, Carry::Top);
        let height = self.pos.height(self.from) as u8;
        for k in 1..=height {
            self.carried = k;
            let before = self.out.len();
            run(self, scratch);
            for m in &mut self.out[before..] {
                m.carry = k;
            }
        }
    }
}
