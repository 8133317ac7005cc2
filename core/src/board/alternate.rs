//! The Alquerque grid: a grid whose diagonal lines run only through every other point, those where
//! column + row is even (Alquerque, Fanorona, Kharbaga, Bagh-Chal, Fox and Geese). Such a board draws its
//! diagonals across alternate squares, so a point where column + row is odd has no diagonal at all.

use super::generators::COMPASS;
use super::{BoardBuilder, BoardError, EdgeSpec, NodeId};
use std::collections::HashMap;

/// Adds the relation `diagonal` to a grid built without diagonals, with edges only along the drawn
/// diagonal lines: between a point whose column + row is even (counted from 0, so `A1` is even) and its
/// four diagonal neighbours, which are even too. Directions `ne`, `se`, `sw`, `nw`. Points are found by
/// their generator coordinates `[column, row]`, so a masked grid works: a missing point ends a line.
/// Adds `lines` too: the orthogonal and the diagonal edges in one relation, for rules (and chains of
/// jumps) that go along any drawn line.
///
/// ```
/// use qipan::core::board::generators::{GridSpec, alternate_diagonals, grid};
///
/// // The Alquerque board: 5×5 points, diagonals through the corners and the centre.
/// let board = alternate_diagonals(grid(&GridSpec::new(5, 5))?)?.build()?;
/// let diagonal = board.relation("diagonal").unwrap();
/// let degree = |label| board.edges(diagonal, board.find(label).unwrap()).len();
/// assert_eq!((degree("A1"), degree("B1"), degree("B2"), degree("C3")), (1, 0, 4, 4));
/// // The long diagonal from A1 runs through the centre to E5.
/// let ne = board.direction("ne").unwrap();
/// let mut at = board.find("A1").unwrap();
/// let mut line = vec![];
/// while at.is_some() {
///     line.push(board.label(at));
///     at = board.next(diagonal, ne, at);
/// }
/// assert_eq!(line, ["A1", "B2", "C3", "D4", "E5"]);
/// let lines = board.relation("lines").unwrap();
/// assert_eq!(board.edges(lines, board.find("C3").unwrap()).len(), 8);
/// // A grid that has its full diagonals already is refused.
/// assert!(alternate_diagonals(grid(&GridSpec { diagonal: true, ..GridSpec::new(5, 5) })?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn alternate_diagonals(b: BoardBuilder) -> Result<BoardBuilder, BoardError> {
    let board = b.clone().build()?;
    if board.relation("diagonal").is_some() {
        return Err(BoardError::Invalid(
            "the grid has all its diagonals already: alternate diagonals need none".into(),
        ));
    }
    let at: HashMap<[i32; 2], NodeId> = board
        .node_ids()
        .map(|n| {
            let c = board.node(n).coord;
            ([c[0], c[1]], n)
        })
        .collect();
    let mut b = b;
    b.relation("diagonal");
    for n in board.node_ids() {
        let [x, y, _] = board.node(n).coord;
        if (x + y).rem_euclid(2) != 0 {
            continue;
        }
        for (name, v) in &COMPASS[4..] {
            if let Some(&t) = at.get(&[x + v[0], y + v[1]]) {
                b.add_edge(n, t, EdgeSpec { relation: "diagonal".into(), direction: Some((*name).into()), via: None });
            }
        }
    }
    // `lines`: every drawn line, orthogonal or diagonal, as one relation, so that one jump rule (and one
    // chain of jumps) may go along any of them (Alquerque).
    b.relation("lines");
    let orthogonal = board.relation("orthogonal");
    for n in board.node_ids() {
        let [x, y, _] = board.node(n).coord;
        let even = (x + y).rem_euclid(2) == 0;
        for (i, (name, v)) in COMPASS.iter().enumerate() {
            let along = if i < 4 { orthogonal.is_some() } else { even };
            if let Some(&t) = at.get(&[x + v[0], y + v[1]]).filter(|_| along) {
                b.add_edge(n, t, EdgeSpec { relation: "lines".into(), direction: Some((*name).into()), via: None });
            }
        }
    }
    Ok(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::generators::{GridSpec, grid};

    /// The diagonal lines drawn on an Alquerque board, as point lists (column, row): the two long
    /// diagonals and the four short ones that make the diamond through the midpoints of the sides.
    const ALQUERQUE_DIAGONALS: [&[(i32, i32)]; 6] = [
        &[(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)],
        &[(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)],
        &[(0, 2), (1, 3), (2, 4)],
        &[(2, 0), (3, 1), (4, 2)],
        &[(0, 2), (1, 1), (2, 0)],
        &[(2, 4), (3, 3), (4, 2)],
    ];

    fn alquerque() -> crate::board::Board {
        alternate_diagonals(grid(&GridSpec::new(5, 5)).unwrap()).unwrap().build().unwrap()
    }

    #[test]
    fn lines_holds_both_kinds_of_line() {
        let b = alquerque();
        let (lines, orth, diag) =
            (b.relation("lines").unwrap(), b.relation("orthogonal").unwrap(), b.relation("diagonal").unwrap());
        for n in b.node_ids() {
            let mut both: Vec<_> =
                b.edges(orth, n).iter().chain(b.edges(diag, n)).map(|e| (e.to, e.dir.map(|d| d.0))).collect();
            let mut all: Vec<_> = b.edges(lines, n).iter().map(|e| (e.to, e.dir.map(|d| d.0))).collect();
            both.sort();
            all.sort();
            assert_eq!(all, both, "{}", b.label(n));
        }
        let degree = |l| b.edges(lines, b.find(l).unwrap()).len();
        assert_eq!((degree("C3"), degree("B1"), degree("A1")), (8, 3, 3));
    }

    #[test]
    fn alquerque_has_the_drawn_lines_and_no_other() {
        let b = alquerque();
        assert_eq!(b.len(), 25);
        let diag = b.relation("diagonal").unwrap();
        let orth = b.relation("orthogonal").unwrap();
        // Every segment of the drawn diagonals, each way.
        let mut drawn = std::collections::BTreeSet::new();
        for line in ALQUERQUE_DIAGONALS {
            for w in line.windows(2) {
                drawn.insert((w[0], w[1]));
                drawn.insert((w[1], w[0]));
            }
        }
        assert_eq!(drawn.len(), 2 * 16, "16 diagonal segments");
        let xy = |n: NodeId| (b.node(n).coord[0], b.node(n).coord[1]);
        let mut built = std::collections::BTreeSet::new();
        for n in b.node_ids() {
            for e in b.edges(diag, n) {
                built.insert((xy(n), xy(e.to)));
            }
        }
        assert_eq!(built, drawn);
        // 5 rows and 5 columns of 4 segments each: 56 lines in all.
        assert_eq!(b.edge_count(orth) / 2 + b.edge_count(diag) / 2, 40 + 16);
    }

    #[test]
    fn degrees_follow_the_parity() {
        let b = alquerque();
        let (orth, diag) = (b.relation("orthogonal").unwrap(), b.relation("diagonal").unwrap());
        let degree = |l: &str| {
            let n = b.find(l).unwrap();
            b.edges(orth, n).len() + b.edges(diag, n).len()
        };
        // Corner 2 + 1, side midpoint 3 + 2, odd side point 3 + 0, centre 8, odd inner point 4.
        assert_eq!([degree("A1"), degree("C1"), degree("B1"), degree("C3"), degree("C2")], [3, 5, 3, 8, 4]);
    }

    #[test]
    fn directions_pair_up_and_lines_are_straight() {
        let b = alquerque();
        let diag = b.relation("diagonal").unwrap();
        let (ne, sw) = (b.direction("ne").unwrap(), b.direction("sw").unwrap());
        assert_eq!(b.directions()[ne.0 as usize].opposite, Some(sw));
        // From A3 north-east: B4, C5, then the edge.
        let a3 = b.find("A3").unwrap();
        let b4 = b.next(diag, ne, a3);
        assert_eq!(b.label(b4), "B4");
        assert_eq!(b.label(b.next(diag, ne, b4)), "C5");
        assert!(!b.next(diag, ne, b.next(diag, ne, b4)).is_some());
    }

    #[test]
    fn a_masked_point_ends_a_diagonal() {
        // Fanorona-sized, with the centre masked.
        let mut spec = GridSpec::new(9, 5);
        spec.mask = Some(vec![
            ".........".into(),
            ".........".into(),
            "....#....".into(),
            ".........".into(),
            ".........".into(),
        ]);
        let b = alternate_diagonals(grid(&spec).unwrap()).unwrap().build().unwrap();
        let diag = b.relation("diagonal").unwrap();
        assert_eq!(b.len(), 44);
        let d2 = b.find("D2").unwrap();
        assert_eq!(b.next(diag, b.direction("ne").unwrap(), d2), NodeId::NONE);
        assert_eq!(b.edges(diag, d2).len(), 3);
    }
}
