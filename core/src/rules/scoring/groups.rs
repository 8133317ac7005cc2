//! Scores from the groups of pieces on the board: the pieces of one seat (its controller's, as area
//! counts them) joined over a relation. Omega multiplies the sizes of a player's groups; other games
//! count the largest group, or the number of groups (fewer being better, with `lower_wins`).
//!
//! ```
//! use qipan::core::{EndReason, notation::parse_move};
//!
//! let src = "name: clusters
//! board: { grid: { width: 4, height: 1, labels: chess } }
//! seats: [{ name: black }, { name: white }]
//! pieces: { stone: { symbols: [B, W], moves: place to empty } }
//! scoring: { method: group-product, relation: orthogonal }
//! ";
//! let game = qipan::load_str("clusters.yaml", src, &[])?;
//! let mut pos = game.start();
//! // Once the board is full each seat must pass, and the game is scored.
//! for text in ["a1", "c1", "b1", "d1", "pass", "pass"] {
//!     pos.play(&parse_move(&pos, text)?)?;
//! }
//! // Black a1-b1: one group of 2; White c1-d1: one group of 2. A tie.
//! let result = pos.outcome().unwrap();
//! assert_eq!((result.scores.clone(), result.text.as_str()), (Some(vec![2.0, 2.0]), "0"));
//! assert_eq!((result.winners.len(), &result.reason), (0, &EndReason::NoSeatCanMove));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::{NodeId, RelationId};
use crate::position::Position;

/// What a group score measures of each seat's groups. A seat without pieces on the board scores 0
/// under each.
///
/// ```
/// use qipan::core::rules::{GroupMeasure, Scoring};
///
/// let src = "name: omega-like
/// board: { grid: { width: 5, height: 5 } }
/// seats: [{ name: black }, { name: white }]
/// pieces: { stone: { moves: place to empty } }
/// scoring: { method: group-product }
/// ";
/// let game = qipan::load_str("omega-like.yaml", src, &[])?;
/// let orthogonal = game.board.relation("orthogonal").unwrap();
/// assert_eq!(game.rules.scoring, Scoring::Groups { relation: orthogonal, measure: GroupMeasure::Product });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GroupMeasure {
    /// `largest-group`: the size of the seat's largest group.
    Largest,
    /// `groups`: how many groups the seat has.
    Count,
    /// `group-product`: the product of the sizes of the seat's groups (Omega). Computed in `f64`, like
    /// every score: exact up to 2^53 (9,007,199,254,740,992), rounded to 53 significant bits above (two
    /// products that differ only past the 16th digit tie), and held at `f64::MAX` rather than overflowing.
    Product,
}

/// Each seat's group score: its pieces (counted for the seat that controls them) joined into groups
/// over `rel`, measured as `measure` says.
///
/// ```
/// use qipan::core::{Setup, SeatId, Piece, PieceId};
/// use qipan::core::rules::scoring::{GroupMeasure, groups};
///
/// let game = qipan::load("go", &[("size".into(), "5".into())])?;
/// let orthogonal = game.board.relation("orthogonal").unwrap();
/// let mut setup = game.start().to_setup();
/// let stone = |seat| Piece { seat: SeatId(seat), piece: PieceId::new(0) };
/// // Black: A1-A2-B2 (3) and E5 (1); White: C3 (1), D3 (1), C1 (1) joined as C3-D3 (2) and C1 (1).
/// for (label, seat) in [("A1", 0), ("A2", 0), ("B2", 0), ("E5", 0), ("C3", 1), ("D3", 1), ("C1", 1)] {
///     setup.put(game.board.find(label).unwrap(), stone(seat));
/// }
/// let pos = setup.into_position()?;
/// assert_eq!(groups(&pos, orthogonal, GroupMeasure::Largest), [3.0, 2.0]);
/// assert_eq!(groups(&pos, orthogonal, GroupMeasure::Count), [2.0, 2.0]);
/// assert_eq!(groups(&pos, orthogonal, GroupMeasure::Product), [3.0, 2.0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn groups(pos: &Position, rel: RelationId, measure: GroupMeasure) -> Vec<f64> {
    let g = pos.game();
    let board = &g.board;
    let seats = g.seats.len();
    // Per seat: the largest group, the number of groups, the product of their sizes.
    let (mut largest, mut count, mut product) = (vec![0usize; seats], vec![0usize; seats], vec![1f64; seats]);
    let mut seen = vec![false; board.len()];
    let mut stack: Vec<NodeId> = Vec::new();
    for n in board.node_ids() {
        let Some(p) = pos.cell(n) else { continue };
        if seen[n.idx()] {
            continue;
        }
        let side = pos.controller(p.seat);
        seen[n.idx()] = true;
        stack.push(n);
        let mut size = 0usize;
        while let Some(x) = stack.pop() {
            size += 1;
            for e in board.edges(rel, x) {
                if !seen[e.to.idx()] && pos.cell(e.to).is_some_and(|q| pos.controller(q.seat) == side) {
                    seen[e.to.idx()] = true;
                    stack.push(e.to);
                }
            }
        }
        let s = side.idx();
        largest[s] = largest[s].max(size);
        count[s] += 1;
        product[s] = (product[s] * size as f64).min(f64::MAX);
    }
    (0..seats)
        .map(|s| match measure {
            GroupMeasure::Largest => largest[s] as f64,
            GroupMeasure::Count => count[s] as f64,
            GroupMeasure::Product if count[s] == 0 => 0.0,
            GroupMeasure::Product => product[s],
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{GroupMeasure, groups};
    use crate::board::NodeId;
    use crate::rules::Rules;
    use crate::testkit::*;

    #[test]
    fn a_product_past_the_largest_f64_is_held_there_and_the_others_stay_exact() {
        // 200×200: on every other row, dominoes with a gap between them (at columns 0, 3, ..., 198: 67 a row; 100 rows): 6,700
        // groups of 2 for White, whose product 2^6600 is far past f64::MAX. Black has one stone.
        let (w, h) = (200, 200);
        let game = game(board(w, h, &[]), vec![piece("stone", vec![])], Rules::default());
        let mut setup = game.start().to_setup();
        let stone = |seat| crate::Piece { seat, piece: PieceId::new(0) };
        let at = |x: u32, y: u32| NodeId((y * w + x) as u16);
        for y in (0..h).step_by(2) {
            for x in (0..w - 1).step_by(3) {
                setup.put(at(x, y), stone(WHITE)).put(at(x + 1, y), stone(WHITE));
            }
        }
        setup.put(at(w - 1, h - 1), stone(BLACK));
        let pos = setup.into_position().expect("a position");
        let orth = rel(&game.board, "orthogonal");
        assert_eq!(groups(&pos, orth, GroupMeasure::Product), [f64::MAX, 1.0]);
        assert_eq!(groups(&pos, orth, GroupMeasure::Count), [6700.0, 1.0]);
        assert_eq!(groups(&pos, orth, GroupMeasure::Largest), [2.0, 1.0]);
    }
}
