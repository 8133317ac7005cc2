//! Helpers shared by the integration tests.

use qipan::core::notation::move_text;
use qipan::core::Position;

/// The number of move sequences of `depth` plies, found by playing every legal move on a copy: the
/// slow, obviously right count that `perft` must agree with.
pub fn brute_perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    p.legal_moves()
        .iter()
        .map(|m| {
            let mut c = p.clone();
            c.play(m).unwrap_or_else(|e| panic!("{}: {e}", move_text(p.game(), m)));
            brute_perft(&c, depth - 1)
        })
        .sum()
}
