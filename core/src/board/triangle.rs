//! Triangular lattices: a triangle of side N whose points each touch up to six others, along three
//! families of lines 60° apart, the board of games drawn on triangles of triangles.

use super::generators::{LabelStyle, column_name};
use super::{BoardBuilder, BoardError, EdgeSpec, NodeId, NodeSpec};

/// The six directions of a triangular lattice: a step in lattice coordinates (column, row) and the
/// direction's vector. Rows run east-west; `ne` keeps the column and climbs a row, `nw` climbs a row
/// leftwards. The vectors approximate the directions' angles (√3 rounded to 2), so that directions 60°
/// apart are acute to one another and 120° apart obtuse, as `forward`, `sideways` and `outward` expect.
pub const TRIANGLE_DIRECTIONS: [(&str, [i32; 2], [i32; 3]); 6] = [
    ("e", [1, 0], [2, 0, 0]),
    ("ne", [0, 1], [1, 2, 0]),
    ("nw", [-1, 1], [-1, 2, 0]),
    ("w", [-1, 0], [-2, 0, 0]),
    ("sw", [0, -1], [-1, -2, 0]),
    ("se", [1, -1], [1, -2, 0]),
];

/// The longest side of a triangle.
pub const MAX_TRIANGLE_SIDE: u32 = 256;

/// Parameters of a triangle.
///
/// ```
/// use qipan::core::board::generators::{TriangleSpec, triangle};
///
/// // A triangle of side 4 without its middle point.
/// let spec = TriangleSpec { mask: Some(vec![".".into(), "..".into(), ".#.".into(), "....".into()]), ..TriangleSpec::new(4) };
/// let board = triangle(&spec)?.build()?;
/// assert_eq!(board.len(), 9);
/// assert_eq!(board.find("b2"), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TriangleSpec {
    /// Points along each side, 1 to [`MAX_TRIANGLE_SIDE`].
    pub size: u32,
    /// Optional mask, top row first: the apex row has 1 place, the bottom row `size`; `.` is a point, `#`
    /// is none, and spaces are ignored (so the rows may be drawn centred).
    pub mask: Option<Vec<String>>,
    /// Label style (the column letters).
    pub labels: LabelStyle,
}

/// Triangle parameters start from [`TriangleSpec::new`]; set the other fields with struct update syntax.
///
/// ```
/// use qipan::core::board::generators::{LabelStyle, TriangleSpec};
///
/// let spec = TriangleSpec::new(5);
/// assert_eq!((spec.size, spec.mask, spec.labels), (5, None, LabelStyle::Chess));
/// ```
impl TriangleSpec {
    /// A whole triangle with `size` points along each side and chess-style labels.
    ///
    /// ```
    /// use qipan::core::board::generators::{TriangleSpec, triangle};
    ///
    /// let board = triangle(&TriangleSpec::new(5))?.build()?;
    /// assert_eq!(board.len(), 15);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(size: u32) -> Self {
        TriangleSpec { size, mask: None, labels: LabelStyle::Chess }
    }
}

/// Builds a triangle of `size` points a side, its apex at the top. Rows are numbered from 1 at the base,
/// which has `size` points; columns are lettered from the left side, so row `r` runs `a` to the letter of
/// `size - r + 1` (`a1` and the base's last point are the bottom corners, `a{size}` the apex). Coordinates
/// are `[column, row]` from 0. Points have kind `point` and belong to the zones of the sides they are on:
/// `bottom` (row 1), `left` (column `a`) and `right` (the last point of each row). The relation
/// `adjacent` joins each point to its up to six neighbours, in the directions of [`TRIANGLE_DIRECTIONS`].
/// Drawn, the rows are centred, neighbours one unit apart.
///
/// ```
/// use qipan::core::board::generators::{TriangleSpec, triangle};
///
/// let board = triangle(&TriangleSpec::new(4))?.build()?;
/// let adjacent = board.relation("adjacent").unwrap();
/// let degree = |label| board.edges(adjacent, board.find(label).unwrap()).len();
/// assert_eq!((degree("a1"), degree("b1"), degree("b2")), (2, 4, 6)); // a corner, a side, the middle
/// let step = |dir, label| board.label(board.next(adjacent, board.direction(dir).unwrap(), board.find(label).unwrap()));
/// assert_eq!((step("ne", "b2"), step("nw", "b2"), step("e", "b2")), ("b3", "a3", "c2"));
/// assert_eq!(board.zone_set(board.zone("right").unwrap()).count(), 4);
/// assert!(triangle(&TriangleSpec::new(0)).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn triangle(spec: &TriangleSpec) -> Result<BoardBuilder, BoardError> {
    let n = spec.size as i32;
    if spec.size == 0 || spec.size > MAX_TRIANGLE_SIDE {
        return Err(BoardError::Invalid(format!("a triangle of side {n} is out of range 1..{MAX_TRIANGLE_SIDE}")));
    }
    let rows = mask_rows(spec)?;
    let mut b = BoardBuilder::new();
    b.set_grid(spec.size, spec.size);
    b.relation("adjacent");
    for (name, _, v) in TRIANGLE_DIRECTIONS {
        b.direction(name, Some(v));
    }
    let height = 3f32.sqrt() / 2.0;
    let mut ids = vec![NodeId::NONE; (n * n) as usize];
    for y in 0..n {
        for x in 0..n - y {
            if rows.as_ref().is_some_and(|r| r[(n - 1 - y) as usize][x as usize] == '#') {
                continue;
            }
            let sides = [(y == 0, "bottom"), (x == 0, "left"), (x + y == n - 1, "right")];
            ids[(y * n + x) as usize] = b.add_node(NodeSpec {
                label: format!("{}{}", column_name(spec.labels, x as u32), y + 1),
                kind: "point".into(),
                colour: None,
                zones: sides.iter().filter(|s| s.0).map(|s| s.1.to_string()).collect(),
                pos: [x as f32 + y as f32 / 2.0, y as f32 * height, 0.0],
                coord: [x, y, 0],
            })?;
        }
    }
    let at = |x: i32, y: i32| {
        if x < 0 || y < 0 || x + y >= n { NodeId::NONE } else { ids[(y * n + x) as usize] }
    };
    for y in 0..n {
        for x in 0..n - y {
            let from = at(x, y);
            if !from.is_some() {
                continue;
            }
            for (name, step, _) in TRIANGLE_DIRECTIONS {
                let to = at(x + step[0], y + step[1]);
                if to.is_some() {
                    b.add_edge(
                        from,
                        to,
                        EdgeSpec { relation: "adjacent".into(), direction: Some(name.into()), via: None },
                    );
                }
            }
        }
    }
    Ok(b)
}

/// The mask's rows as characters, spaces dropped, checked against the triangle's rows.
fn mask_rows(spec: &TriangleSpec) -> Result<Option<Vec<Vec<char>>>, BoardError> {
    let Some(mask) = &spec.mask else { return Ok(None) };
    if mask.len() != spec.size as usize {
        return Err(BoardError::Invalid(format!("mask has {} rows but the triangle has {}", mask.len(), spec.size)));
    }
    let mut rows = Vec::new();
    for (i, row) in mask.iter().enumerate() {
        let cells: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.len() != i + 1 {
            return Err(BoardError::Invalid(format!(
                "mask row {} has {} places but row {} of the triangle has {} (the apex row 1, each row one more)",
                i + 1,
                cells.len(),
                i + 1,
                i + 1
            )));
        }
        if let Some(c) = cells.iter().find(|&&c| c != '.' && c != '#') {
            return Err(BoardError::Invalid(format!(
                "mask row {} has `{c}`: use `.` for a point and `#` for none",
                i + 1
            )));
        }
        rows.push(cells);
    }
    Ok(Some(rows))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn build(size: u32) -> Board {
        triangle(&TriangleSpec::new(size)).unwrap().build().unwrap()
    }

    fn distance(b: &Board, p: NodeId, q: NodeId) -> f32 {
        let (p, q) = (b.node(p).pos, b.node(q).pos);
        (p[0] - q[0]).hypot(p[1] - q[1])
    }

    #[test]
    fn counts_of_a_triangle_of_triangles() {
        for size in 1..=9usize {
            let b = build(size as u32);
            let adjacent = b.relation("adjacent").unwrap();
            assert_eq!(b.len(), size * (size + 1) / 2);
            // Three families of parallel lines; the family along the base has lines of size, size - 1,
            // ... points, so size (size - 1) / 2 segments.
            assert_eq!(b.edge_count(adjacent) / 2, 3 * size * (size - 1) / 2);
            if size >= 3 {
                let degrees: Vec<usize> = b.node_ids().map(|n| b.edges(adjacent, n).len()).collect();
                let count = |d| degrees.iter().filter(|&&x| x == d).count();
                // 3 corners, the sides' other points, the inside.
                assert_eq!((count(2), count(4), count(6)), (3, 3 * (size - 2), (size - 2) * (size - 3) / 2));
            }
        }
    }

    #[test]
    fn neighbours_are_the_points_one_unit_away() {
        let b = build(6);
        let adjacent = b.relation("adjacent").unwrap();
        for p in b.node_ids() {
            let mut near: Vec<NodeId> =
                b.node_ids().filter(|&q| q != p && (distance(&b, p, q) - 1.0).abs() < 1e-4).collect();
            let mut joined: Vec<NodeId> = b.edges(adjacent, p).iter().map(|e| e.to).collect();
            near.sort();
            joined.sort();
            assert_eq!(near, joined, "{}", b.label(p));
        }
    }

    #[test]
    fn directions_are_straight_and_paired() {
        let b = build(5);
        let adjacent = b.relation("adjacent").unwrap();
        let walk = |from: &str, dir: &str| -> Vec<String> {
            let d = b.direction(dir).unwrap();
            let mut at = b.find(from).unwrap();
            let mut out = vec![];
            while at.is_some() {
                out.push(b.label(at).to_string());
                at = b.next(adjacent, d, at);
            }
            out
        };
        // The three sides.
        assert_eq!(walk("a1", "e"), ["a1", "b1", "c1", "d1", "e1"]);
        assert_eq!(walk("a1", "ne"), ["a1", "a2", "a3", "a4", "a5"]);
        assert_eq!(walk("e1", "nw"), ["e1", "d2", "c3", "b4", "a5"]);
        for (name, _, _) in TRIANGLE_DIRECTIONS {
            let d = b.direction(name).unwrap();
            let back = b.directions()[d.0 as usize].opposite.expect("an opposite");
            for n in b.node_ids() {
                let to = b.next(adjacent, d, n);
                if to.is_some() {
                    assert_eq!(b.next(adjacent, back, to), n);
                }
            }
        }
    }

    #[test]
    fn sides_are_zones() {
        let b = build(5);
        let side = |z: &str| -> Vec<&str> {
            let set = b.zone_set(b.zone(z).unwrap());
            b.node_ids().filter(|&n| set.contains(n)).map(|n| b.label(n)).collect()
        };
        assert_eq!(side("bottom"), ["a1", "b1", "c1", "d1", "e1"]);
        assert_eq!(side("left"), ["a1", "a2", "a3", "a4", "a5"]);
        assert_eq!(side("right"), ["e1", "d2", "c3", "b4", "a5"]);
    }

    #[test]
    fn masks_make_holes_and_bad_masks_are_refused() {
        let spec = TriangleSpec {
            mask: Some(vec![" . ".into(), ". .".into(), ". # .".into(), ". . . .".into()]),
            ..TriangleSpec::new(4)
        };
        let b = triangle(&spec).unwrap().build().unwrap();
        let adjacent = b.relation("adjacent").unwrap();
        assert_eq!(b.len(), 9);
        // The hole b2 was the middle point, joined to six: 18 - 6 segments are left.
        assert_eq!(b.edge_count(adjacent) / 2, 12);
        for bad in [
            vec![".".into(), "..".into(), "...".into()],
            vec![".".into(), "..".into(), "..".into(), "....".into()],
            vec![".".into(), "..".into(), ".x.".into(), "....".into()],
        ] {
            let spec = TriangleSpec { mask: Some(bad), ..TriangleSpec::new(4) };
            assert!(matches!(triangle(&spec), Err(BoardError::Invalid(_))));
        }
        assert!(triangle(&TriangleSpec::new(257)).is_err());
    }
}
