//! A square grid whose squares are crossed by their diagonals, with a point where the two diagonals of a
//! square cross (Dablot Prejjesne and its kin). Pieces stand on the corners and on those centres; the
//! diagonal lines run corner, centre, corner.

use super::generators::{COMPASS, GridSpec, column_name, grid};
use super::{BoardBuilder, BoardError, EdgeSpec, NodeId, NodeSpec};
use std::collections::HashMap;

/// The widest or highest grid with centres, in corner points: its layout (corners and centres
/// alternating) is then at most 255 columns and rows.
pub const MAX_CENTRES_SIDE: u32 = 128;

/// Builds a `width`×`height` grid of corner points with a point at the centre of every square.
///
/// Points are placed on a layout twice as fine, `2 × width - 1` columns by `2 × height - 1` rows, where
/// corners are the even columns and rows (0-based) and centres the odd ones, and they are labelled on that
/// layout in the grid's label style: on a 3×3 grid with chess labels the corners are `a1`, `c1`, `e1`, ...,
/// `e5` and the centres `b2`, `d2`, `b4`, `d4`. Coordinates and drawing positions are the layout's column
/// and row. Corners have the grid's kind, centres the kind `centre`. Relations:
///
/// - `orthogonal`, corner to corner along the grid's lines (`n`, `e`, `s`, `w`); centres have none;
/// - `diagonal`, corner to centre to corner along the squares' diagonals (`ne`, `se`, `sw`, `nw`).
///
/// The mask, if any, is the corners' (as for [`grid`]); a square has its centre only when its four
/// corners are all there. A grid with centres has no other diagonals and no checkerboard.
///
/// ```
/// use qipan::core::board::generators::{GridSpec, LabelStyle, grid_with_centres};
///
/// let spec = GridSpec { labels: LabelStyle::Chess, ..GridSpec::new(3, 3) };
/// let board = grid_with_centres(&spec)?.build()?;
/// assert_eq!(board.len(), 9 + 4);
/// let (orth, diag) = (board.relation("orthogonal").unwrap(), board.relation("diagonal").unwrap());
/// let (e, ne) = (board.direction("e").unwrap(), board.direction("ne").unwrap());
/// let a1 = board.find("a1").unwrap();
/// assert_eq!(board.label(board.next(orth, e, a1)), "c1");
/// // The diagonal from a1: the centre b2, the corner c3, the centre d4, the corner e5.
/// let b2 = board.next(diag, ne, a1);
/// assert_eq!(board.label(b2), "b2");
/// assert_eq!(board.kind_names()[board.node(b2).kind as usize], "centre");
/// assert_eq!(board.label(board.next(diag, ne, b2)), "c3");
/// assert!(board.edges(orth, b2).is_empty());
/// assert!(grid_with_centres(&GridSpec { diagonal: true, ..spec }).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grid_with_centres(spec: &GridSpec) -> Result<BoardBuilder, BoardError> {
    if spec.diagonal {
        return Err(BoardError::Invalid(
            "a grid with centres has its diagonals through them: leave out `diagonal`".into(),
        ));
    }
    if spec.checker.is_some() {
        return Err(BoardError::Invalid("a grid with centres has no checkerboard".into()));
    }
    if spec.width > MAX_CENTRES_SIDE || spec.height > MAX_CENTRES_SIDE {
        return Err(BoardError::Invalid(format!(
            "a grid with centres is at most {MAX_CENTRES_SIDE}x{MAX_CENTRES_SIDE} points, not {}x{}",
            spec.width, spec.height
        )));
    }
    // The plain grid checks the size and the mask, and tells which corners there are.
    let corners = grid(spec)?.build()?;
    let has_corner: std::collections::HashSet<[i32; 2]> = corners
        .node_ids()
        .map(|n| {
            let c = corners.node(n).coord;
            [c[0], c[1]]
        })
        .collect();
    let (w, h) = (2 * spec.width as i32 - 1, 2 * spec.height as i32 - 1);
    let mut b = BoardBuilder::new();
    b.set_grid(w as u32, h as u32);
    b.relation("orthogonal");
    b.relation("diagonal");
    for (name, v) in COMPASS {
        b.direction(name, Some(v));
    }
    let corner = |x: i32, y: i32| has_corner.contains(&[x.div_euclid(2), y.div_euclid(2)]);
    let mut at: HashMap<[i32; 2], NodeId> = HashMap::new();
    for y in 0..h {
        for x in 0..w {
            let kind = match (x % 2, y % 2) {
                (0, 0) if corner(x, y) => spec.kind.clone(),
                (1, 1) if [(-1, -1), (1, -1), (-1, 1), (1, 1)].iter().all(|(dx, dy)| corner(x + dx, y + dy)) => {
                    "centre".to_string()
                }
                _ => continue,
            };
            let id = b.add_node(NodeSpec {
                label: format!("{}{}", column_name(spec.labels, x as u32), y + 1),
                kind,
                colour: None,
                zones: vec![],
                pos: [x as f32, y as f32, 0.0],
                coord: [x, y, 0],
            })?;
            at.insert([x, y], id);
        }
    }
    let mut nodes: Vec<([i32; 2], NodeId)> = at.iter().map(|(&xy, &id)| (xy, id)).collect();
    nodes.sort_by_key(|&(_, id)| id);
    for ([x, y], from) in nodes {
        let is_corner = x % 2 == 0;
        for (i, (name, v)) in COMPASS.iter().enumerate() {
            // Corners are two layout steps apart along the grid's lines, a centre one step diagonally.
            let (relation, step) = if i < 4 { ("orthogonal", 2) } else { ("diagonal", 1) };
            if relation == "orthogonal" && !is_corner {
                continue;
            }
            if let Some(&to) = at.get(&[x + step * v[0], y + step * v[1]]) {
                b.add_edge(
                    from,
                    to,
                    EdgeSpec { relation: relation.into(), direction: Some((*name).into()), via: None },
                );
            }
        }
    }
    Ok(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::board::generators::LabelStyle;
    use std::collections::BTreeSet;

    fn build(w: u32, h: u32) -> Board {
        grid_with_centres(&GridSpec { labels: LabelStyle::Chess, ..GridSpec::new(w, h) }).unwrap().build().unwrap()
    }

    fn segments(b: &Board, relation: &str) -> usize {
        b.edge_count(b.relation(relation).unwrap()) / 2
    }

    #[test]
    fn counts_follow_from_the_squares() {
        // Dablot Prejjesne's board: 6 by 5 squares, 72 points.
        for (w, h) in [(2, 2), (3, 3), (7, 6), (5, 9)] {
            let b = build(w, h);
            let squares = ((w - 1) * (h - 1)) as usize;
            let (w, h) = (w as usize, h as usize);
            assert_eq!(b.len(), w * h + squares);
            // Lines along the rows and columns between neighbouring corners; two half-diagonals per square
            // corner-to-centre on each of its two diagonals.
            assert_eq!(segments(&b, "orthogonal"), w * (h - 1) + h * (w - 1));
            assert_eq!(segments(&b, "diagonal"), 4 * squares);
        }
        assert_eq!(build(7, 6).len(), 72);
    }

    #[test]
    fn a_centre_is_joined_to_its_square_corners_only() {
        let b = build(3, 3);
        let (orth, diag) = (b.relation("orthogonal").unwrap(), b.relation("diagonal").unwrap());
        let around =
            |l: &str| -> BTreeSet<&str> { b.edges(diag, b.find(l).unwrap()).iter().map(|e| b.label(e.to)).collect() };
        // d2 is the centre of the square c1, e1, c3, e3.
        assert_eq!(around("d2"), BTreeSet::from(["c1", "c3", "e1", "e3"]));
        assert!(b.edges(orth, b.find("d2").unwrap()).is_empty());
        // The middle corner c3: 4 corners, 4 centres; the corner a1: 2 corners, 1 centre.
        let degree = |l: &str| {
            let n = b.find(l).unwrap();
            (b.edges(orth, n).len(), b.edges(diag, n).len())
        };
        assert_eq!([degree("c3"), degree("a1"), degree("c1")], [(4, 4), (2, 1), (3, 2)]);
        assert_eq!(around("c3"), BTreeSet::from(["b2", "b4", "d2", "d4"]));
        // No point at the middles of the sides: the layout's odd-even places are empty.
        assert!(b.find("b1").is_none() && b.find("a2").is_none());
    }

    #[test]
    fn a_diagonal_slide_alternates_corners_and_centres() {
        let b = build(4, 4);
        let (diag, nw) = (b.relation("diagonal").unwrap(), b.direction("nw").unwrap());
        let mut at = b.find("g1").unwrap();
        let mut line = vec![];
        while at.is_some() {
            line.push(b.label(at));
            at = b.next(diag, nw, at);
        }
        assert_eq!(line, ["g1", "f2", "e3", "d4", "c5", "b6", "a7"]);
    }

    #[test]
    fn a_masked_corner_takes_its_squares_centres() {
        let mut spec = GridSpec::new(3, 3);
        spec.mask = Some(vec!["...".into(), ".#.".into(), "...".into()]);
        let b = grid_with_centres(&spec).unwrap().build().unwrap();
        // 8 corners, and no centre: every square has the middle corner.
        assert_eq!(b.len(), 8);
        assert_eq!(segments(&b, "diagonal"), 0);
    }

    #[test]
    fn bad_grids_are_refused() {
        let spec = GridSpec::new(3, 3);
        for bad in [
            GridSpec { diagonal: true, ..spec.clone() },
            GridSpec { checker: Some(["a".into(), "b".into()]), ..spec.clone() },
            GridSpec::new(129, 3),
            GridSpec::new(0, 3),
            GridSpec { mask: Some(vec!["...".into()]), ..spec },
        ] {
            assert!(matches!(grid_with_centres(&bad), Err(BoardError::Invalid(_))), "{bad:?}");
        }
        assert!(grid_with_centres(&GridSpec::new(128, 2)).is_ok());
    }
}
