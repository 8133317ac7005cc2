//! Hexagonal boards: cells with pointy tops in rows, each row shifted half a cell from the one below, so
//! that every cell touches six others through the relation `hex`. Two outlines: the rhombus of Hex and
//! the hexagon of Havannah and Yavalath.
//!
//! Cells are found by **axial coordinates** `[q, r]`: `r` is the row (0 at the bottom), `q` counts
//! cells eastwards along the row, and the neighbour to the north-east of `[q, r]` is `[q, r + 1]`. A
//! cell is drawn at `x = q + r / 2`, `y = r·√3/2`, so neighbours are one unit apart in six directions.
//!
//! ```
//! use qipan::core::board::hex::{HexSpec, hex};
//!
//! let board = hex(&HexSpec::rhombus(11, 11))?.build()?;
//! let (rel, ne) = (board.relation("hex").unwrap(), board.direction("ne").unwrap());
//! assert_eq!(board.len(), 121);
//! assert_eq!(board.label(board.next(rel, ne, board.find("f6").unwrap())), "f7");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{BoardBuilder, BoardError, EdgeSpec, NodeId, NodeSpec};

/// The six directions of the relation `hex`, counter-clockwise from the east, with their vectors.
///
/// A vector's first two numbers are the step in axial coordinates; the third makes the three add up to
/// zero. In these cube coordinates a dot product measures the true angle (`e` and `ne` are 60° apart), so
/// `forward`, `sideways` and `outward` mean on a hex board what they mean to the eye; each vector's
/// negation is its opposite's.
pub const HEX_DIRECTIONS: [(&str, [i32; 3]); 6] = [
    ("e", [1, 0, -1]),
    ("ne", [0, 1, -1]),
    ("nw", [-1, 1, 0]),
    ("w", [-1, 0, 1]),
    ("sw", [0, -1, 1]),
    ("se", [1, -1, 0]),
];

/// The widest and highest rhombus: one letter per column.
pub const MAX_RHOMBUS: u32 = 26;
/// The largest side of a hexagon: its 2·side − 1 columns keep one letter each.
pub const MAX_SIDE: u32 = 13;

/// The outline of a hexagonal board.
///
/// ```
/// use qipan::core::board::hex::HexShape;
///
/// // Hex's 11×11 rhombus and Havannah's base-8 hexagon.
/// assert_eq!(HexShape::Rhombus { width: 11, height: 11 }.cell_count(), 121);
/// assert_eq!(HexShape::Hexagon { side: 8 }.cell_count(), 169);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HexShape {
    /// `width` cells in each of `height` rows, each row shifted half a cell east of the one below:
    /// a slanted diamond. Columns are lettered `a`, `b`, … from the west, rows numbered from 1 at the
    /// bottom; zones `south` (row 1), `north` (the last row), `west` (column `a`) and `east` (the last
    /// column).
    Rhombus {
        /// Cells per row.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// A hexagon with `side` cells on each of its six sides, 3·side·(side − 1) + 1 cells, labelled as in
    /// Havannah: rows numbered from 1 at the bottom, columns lettered from the west and running up to the
    /// north-west, `a1` the bottom-left corner. Zones `corners`, `side1` … `side6` (counter-clockwise from
    /// the east corner, corners left out) and `edge` (the whole rim).
    Hexagon {
        /// Cells on each side, at least 2.
        side: u32,
    },
}

/// Counting, listing and labelling the cells of a shape.
///
/// ```
/// use qipan::core::board::hex::HexShape;
///
/// let hexagon = HexShape::Hexagon { side: 3 };
/// let labels: Vec<String> = hexagon.cells().into_iter().take(3).map(|[q, r]| hexagon.label(q, r)).collect();
/// assert_eq!(labels, ["a1", "b1", "c1"]); // the bottom row
/// assert!(hexagon.contains(0, 2) && !hexagon.contains(0, 0));
/// ```
impl HexShape {
    /// Number of cells: width × height, or 3·side·(side − 1) + 1.
    ///
    /// ```
    /// use qipan::core::board::hex::HexShape;
    ///
    /// assert_eq!(HexShape::Rhombus { width: 13, height: 13 }.cell_count(), 169);
    /// assert_eq!(HexShape::Hexagon { side: 5 }.cell_count(), 61); // Yavalath
    /// assert_eq!(HexShape::Hexagon { side: 0 }.cell_count(), 0);
    /// ```
    pub fn cell_count(self) -> usize {
        match self {
            HexShape::Rhombus { width, height } => width as usize * height as usize,
            HexShape::Hexagon { side: 0 } => 0,
            HexShape::Hexagon { side } => 3 * side as usize * (side as usize - 1) + 1,
        }
    }

    /// Columns (along a row) and rows of the axial coordinates' bounding box.
    fn extent(self) -> (i32, i32) {
        match self {
            HexShape::Rhombus { width, height } => (width as i32, height as i32),
            HexShape::Hexagon { side } => (2 * side as i32 - 1, 2 * side as i32 - 1),
        }
    }

    /// Whether the axial coordinates `[q, r]` are a cell of the shape.
    ///
    /// ```
    /// use qipan::core::board::hex::HexShape;
    ///
    /// let rhombus = HexShape::Rhombus { width: 3, height: 2 };
    /// assert!(rhombus.contains(2, 1) && !rhombus.contains(3, 0) && !rhombus.contains(0, -1));
    /// // A hexagon of side 3 is the 5×5 rhombus without two corners of 3 cells each.
    /// let hexagon = HexShape::Hexagon { side: 3 };
    /// assert!(hexagon.contains(2, 0) && hexagon.contains(0, 2) && hexagon.contains(4, 2));
    /// assert!(!hexagon.contains(1, 0) && !hexagon.contains(4, 3));
    /// ```
    pub fn contains(self, q: i32, r: i32) -> bool {
        let (w, h) = self.extent();
        let inside = q >= 0 && r >= 0 && q < w && r < h;
        match self {
            HexShape::Rhombus { .. } => inside,
            HexShape::Hexagon { side } => {
                let k = side as i32 - 1;
                inside && q + r >= k && q + r <= 3 * k
            }
        }
    }

    /// The axial coordinates of the cells in node order: row by row from the bottom, west to east.
    ///
    /// ```
    /// use qipan::core::board::hex::HexShape;
    ///
    /// assert_eq!(HexShape::Rhombus { width: 2, height: 2 }.cells(), [[0, 0], [1, 0], [0, 1], [1, 1]]);
    /// let hexagon = HexShape::Hexagon { side: 2 }.cells();
    /// assert_eq!(hexagon, [[1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [1, 2]]);
    /// ```
    pub fn cells(self) -> Vec<[i32; 2]> {
        let (w, h) = self.extent();
        (0..h).flat_map(|r| (0..w).map(move |q| [q, r])).filter(|&[q, r]| self.contains(q, r)).collect()
    }

    /// The column and row of a cell's label, from 0 (`[0, 0]` is `a1`): the axial coordinates on a rhombus;
    /// on a hexagon the column is the line running north-west from the bottom edge or the lower right side.
    /// These are the nodes' coordinates, which zones' `coords` ranges select.
    ///
    /// ```
    /// use qipan::core::board::hex::HexShape;
    ///
    /// assert_eq!(HexShape::Rhombus { width: 11, height: 11 }.column_row(5, 5), [5, 5]);
    /// let hexagon = HexShape::Hexagon { side: 5 };
    /// assert_eq!(hexagon.column_row(4, 0), [0, 0]); // the bottom-left corner, a1
    /// assert_eq!(hexagon.column_row(0, 4), [0, 4]); // the west corner, a5: column a runs north-west
    /// assert_eq!(hexagon.column_row(8, 4), [8, 4]); // the east corner, i5
    /// ```
    pub fn column_row(self, q: i32, r: i32) -> [i32; 2] {
        match self {
            HexShape::Rhombus { .. } => [q, r],
            HexShape::Hexagon { side } => [q + r - (side as i32 - 1), r],
        }
    }

    /// A cell's label: its column's letter and its row's number (`f6`).
    ///
    /// ```
    /// use qipan::core::board::hex::HexShape;
    ///
    /// assert_eq!(HexShape::Rhombus { width: 19, height: 19 }.label(18, 18), "s19");
    /// let havannah = HexShape::Hexagon { side: 10 };
    /// let corners = [[9, 0], [18, 0], [18, 9], [9, 18], [0, 18], [0, 9]].map(|[q, r]| havannah.label(q, r));
    /// assert_eq!(corners, ["a1", "j1", "s10", "s19", "j19", "a10"]); // Havannah's corners
    /// ```
    pub fn label(self, q: i32, r: i32) -> String {
        let [column, row] = self.column_row(q, r);
        format!("{}{}", column_letter(column), row + 1)
    }

    /// The zones of a cell.
    fn zones(self, q: i32, r: i32) -> Vec<String> {
        match self {
            HexShape::Rhombus { width, height } => {
                let sides = [(r == 0, "south"), (r == height as i32 - 1, "north"), (q == 0, "west")];
                let east = (q == width as i32 - 1, "east");
                sides.into_iter().chain([east]).filter(|s| s.0).map(|s| s.1.to_string()).collect()
            }
            HexShape::Hexagon { side } => {
                let (k, m) = (side as i32 - 1, 2 * side as i32 - 2);
                // The lines of the six sides, counter-clockwise from the east corner.
                let on = [q + r == 3 * k, r == m, q == 0, q + r == k, r == 0, q == m];
                let mut zones = Vec::new();
                let first = on.iter().position(|&x| x);
                if first.is_some() {
                    zones.push("edge".to_string());
                }
                match (first, on.iter().filter(|&&x| x).count()) {
                    (Some(side), 1) => zones.push(format!("side{}", side + 1)),
                    (Some(_), _) => zones.push("corners".to_string()),
                    (None, _) => {}
                }
                zones
            }
        }
    }
}

/// The letter of a column from 0 (`a` …); the size limits keep columns below 26.
fn column_letter(column: i32) -> char {
    char::from(b'a' + column.clamp(0, 25) as u8)
}

/// Parameters of a hexagonal board: its outline and the kind of its nodes.
///
/// ```
/// use qipan::core::board::hex::{HexShape, HexSpec, hex};
///
/// let spec = HexSpec { kind: "point".into(), ..HexSpec::hexagon(4) };
/// assert_eq!(spec.shape, HexShape::Hexagon { side: 4 });
/// let board = hex(&spec)?.build()?;
/// assert_eq!(board.kind_names(), ["point"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexSpec {
    /// The outline.
    pub shape: HexShape,
    /// The kind of every node (`cell` when empty).
    pub kind: String,
}

/// A spec starts from its shape; set `kind` with struct update syntax.
///
/// ```
/// use qipan::core::board::hex::{HexShape, HexSpec};
///
/// assert_eq!(HexSpec::rhombus(11, 11).shape, HexShape::Rhombus { width: 11, height: 11 });
/// assert_eq!(HexSpec::hexagon(5).kind, "cell");
/// ```
impl HexSpec {
    /// A rhombus of `width` columns and `height` rows, of cells.
    ///
    /// ```
    /// use qipan::core::board::hex::{HexSpec, hex};
    ///
    /// let board = hex(&HexSpec::rhombus(4, 3))?.build()?;
    /// assert_eq!(board.len(), 12);
    /// assert_eq!(board.zone_set(board.zone("north").unwrap()).count(), 4);
    /// assert_eq!(board.zone_set(board.zone("west").unwrap()).count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rhombus(width: u32, height: u32) -> HexSpec {
        HexSpec { shape: HexShape::Rhombus { width, height }, kind: "cell".into() }
    }

    /// A hexagon with `side` cells on each side, of cells.
    ///
    /// ```
    /// use qipan::core::board::hex::{HexSpec, hex};
    ///
    /// let board = hex(&HexSpec::hexagon(5))?.build()?;
    /// assert_eq!(board.len(), 61);
    /// assert_eq!(board.zone_set(board.zone("corners").unwrap()).count(), 6);
    /// assert_eq!(board.zone_set(board.zone("side1").unwrap()).count(), 3);
    /// assert_eq!(board.zone_set(board.zone("edge").unwrap()).count(), 24);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hexagon(side: u32) -> HexSpec {
        HexSpec { shape: HexShape::Hexagon { side }, kind: "cell".into() }
    }
}

/// Builds a hexagonal board: one node per cell (labels, zones and coordinates as [`HexShape`] describes
/// them), the relation `hex` with the six [`HEX_DIRECTIONS`], and the shape recorded for pictures
/// ([`Board::hex_shape`](super::Board::hex_shape)). A rhombus is 1 to 26 cells each way, a hexagon's
/// side 2 to 13.
///
/// ```
/// use qipan::core::board::{BoardError, hex::{HexSpec, hex}};
///
/// let board = hex(&HexSpec::hexagon(3))?.build()?;
/// let rel = board.relation("hex").unwrap();
/// assert_eq!(board.edges(rel, board.find("c3").unwrap()).len(), 6); // the centre
/// assert_eq!(board.edges(rel, board.find("a1").unwrap()).len(), 3); // a corner
/// let e = &board.directions()[board.direction("e").unwrap().0 as usize];
/// assert_eq!(e.opposite, board.direction("w"));
/// let err = hex(&HexSpec::rhombus(27, 11)).unwrap_err();
/// assert_eq!(err, BoardError::Invalid("a hex rhombus is 1 to 26 cells each way, not 27x11".into()));
/// assert!(matches!(hex(&HexSpec::hexagon(1)), Err(BoardError::Invalid(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn hex(spec: &HexSpec) -> Result<BoardBuilder, BoardError> {
    let shape = spec.shape;
    match shape {
        HexShape::Rhombus { width, height } if width == 0 || height == 0 || width.max(height) > MAX_RHOMBUS => {
            return Err(BoardError::Invalid(format!(
                "a hex rhombus is 1 to {MAX_RHOMBUS} cells each way, not {width}x{height}"
            )));
        }
        HexShape::Hexagon { side } if !(2..=MAX_SIDE).contains(&side) => {
            return Err(BoardError::Invalid(format!("a hex hexagon's side is 2 to {MAX_SIDE} cells, not {side}")));
        }
        _ => {}
    }
    let mut b = BoardBuilder::new();
    b.set_hex(shape);
    b.relation("hex");
    for (name, v) in HEX_DIRECTIONS {
        b.direction(name, Some(v));
    }
    let (w, h) = shape.extent();
    let mut ids = vec![NodeId::NONE; (w * h) as usize];
    let half_root3 = 3f32.sqrt() / 2.0;
    for [q, r] in shape.cells() {
        let [column, row] = shape.column_row(q, r);
        ids[(r * w + q) as usize] = b.add_node(NodeSpec {
            label: shape.label(q, r),
            kind: if spec.kind.is_empty() { "cell".into() } else { spec.kind.clone() },
            colour: None,
            zones: shape.zones(q, r),
            pos: [q as f32 + r as f32 / 2.0, r as f32 * half_root3, 0.0],
            coord: [column, row, 0],
        })?;
    }
    let at = |q: i32, r: i32| if shape.contains(q, r) { ids[(r * w + q) as usize] } else { NodeId::NONE };
    for [q, r] in shape.cells() {
        for (name, v) in HEX_DIRECTIONS {
            let to = at(q + v[0], r + v[1]);
            if to.is_some() {
                let direction = Some(name.to_string());
                b.add_edge(at(q, r), to, EdgeSpec { relation: "hex".into(), direction, via: None });
            }
        }
    }
    Ok(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use std::collections::BTreeSet;

    fn board(spec: HexSpec) -> Board {
        hex(&spec).unwrap().build().unwrap()
    }

    /// The labels of a zone, sorted.
    fn zone(b: &Board, name: &str) -> BTreeSet<String> {
        b.zone_set(b.zone(name).unwrap_or_else(|| panic!("no zone {name}"))).iter().map(|n| b.label(n).into()).collect()
    }

    /// Neighbours written from the geometry alone: the six cells whose drawn centres are one unit away.
    fn neighbours_by_distance(b: &Board, n: NodeId) -> BTreeSet<String> {
        let p = b.node(n).pos;
        b.node_ids()
            .filter(|&m| {
                let o = b.node(m).pos;
                ((p[0] - o[0]).powi(2) + (p[1] - o[1]).powi(2) - 1.0).abs() < 1e-4
            })
            .map(|m| b.label(m).to_string())
            .collect()
    }

    /// Neighbours from axial coordinates, read back from the labels: the six steps written out here.
    fn neighbours_by_axial(b: &Board, shape: HexShape, n: NodeId) -> BTreeSet<String> {
        let [q, r] = shape.cells().into_iter().find(|&[q, r]| shape.label(q, r) == b.label(n)).unwrap();
        [(1, 0), (-1, 0), (0, 1), (0, -1), (-1, 1), (1, -1)]
            .into_iter()
            .filter(|&(dq, dr)| shape.contains(q + dq, r + dr))
            .map(|(dq, dr)| shape.label(q + dq, r + dr))
            .collect()
    }

    fn hex_neighbours(b: &Board, n: NodeId) -> BTreeSet<String> {
        let rel = b.relation("hex").unwrap();
        b.edges(rel, n).iter().map(|e| b.label(e.to).to_string()).collect()
    }

    /// Hexagon cells from the definition of a hexagon: within side − 1 steps of the centre.
    #[test]
    fn a_hexagon_is_the_cells_near_its_centre() {
        for n in 2..=6i32 {
            let shape = HexShape::Hexagon { side: n as u32 };
            let k = n - 1;
            for q in -3..3 * n {
                for r in -3..3 * n {
                    let (dq, dr) = (q - k, r - k);
                    let distance = (dq.abs() + dr.abs() + (dq + dr).abs()) / 2;
                    assert_eq!(shape.contains(q, r), distance <= k, "side {n}: [{q}, {r}]");
                }
            }
        }
    }

    #[test]
    fn cell_counts() {
        for (w, h) in [(1, 1), (3, 5), (11, 11), (26, 26)] {
            assert_eq!(board(HexSpec::rhombus(w, h)).len(), (w * h) as usize);
        }
        for n in 2..=MAX_SIDE {
            assert_eq!(board(HexSpec::hexagon(n)).len(), (3 * n * (n - 1) + 1) as usize, "side {n}");
        }
    }

    #[test]
    fn neighbours_are_the_cells_one_unit_away() {
        for shape in [HexShape::Rhombus { width: 5, height: 4 }, HexShape::Hexagon { side: 4 }] {
            let b = board(HexSpec { shape, kind: String::new() });
            for n in b.node_ids() {
                let by_edges = hex_neighbours(&b, n);
                assert_eq!(by_edges, neighbours_by_distance(&b, n), "{shape:?} {}", b.label(n));
                assert_eq!(by_edges, neighbours_by_axial(&b, shape, n), "{shape:?} {}", b.label(n));
            }
        }
    }

    #[test]
    fn degrees_inside_and_at_the_corners() {
        let b = board(HexSpec::rhombus(11, 11));
        let rel = b.relation("hex").unwrap();
        let degree = |l: &str| b.edges(rel, b.find(l).unwrap()).len();
        // a1 and k11 are the acute corners, k1 and a11 the obtuse ones.
        assert_eq!([degree("a1"), degree("k11"), degree("k1"), degree("a11")], [2, 2, 3, 3]);
        assert_eq!([degree("f1"), degree("a6"), degree("f6")], [4, 4, 6]);
        let interior: Vec<NodeId> = b.node_ids().filter(|&n| b.zones_of(n) == 0).collect();
        assert!(interior.iter().all(|&n| b.edges(rel, n).len() == 6));
        assert_eq!(interior.len(), 81);
        let hexagon = board(HexSpec::hexagon(5));
        let rel = hexagon.relation("hex").unwrap();
        for n in hexagon.node_ids() {
            let zones = hexagon.zones_of(n);
            let want = match zones {
                0 => 6,
                _ if zones & 1 << hexagon.zone("corners").unwrap() != 0 => 3,
                _ => 4,
            };
            assert_eq!(hexagon.edges(rel, n).len(), want, "{}", hexagon.label(n));
        }
    }

    #[test]
    fn every_direction_has_its_opposite_and_leads_back() {
        for spec in [HexSpec::rhombus(6, 4), HexSpec::hexagon(4)] {
            let b = board(spec);
            let rel = b.relation("hex").unwrap();
            let names: Vec<&str> =
                b.relation_directions(rel).iter().map(|d| b.directions()[d.0 as usize].name.as_str()).collect();
            assert_eq!(names, ["e", "ne", "nw", "w", "sw", "se"]);
            let pairs = [("e", "w"), ("ne", "sw"), ("nw", "se")];
            for (a, z) in pairs.into_iter().flat_map(|(a, z)| [(a, z), (z, a)]) {
                let (d, o) = (b.direction(a).unwrap(), b.direction(z).unwrap());
                assert_eq!(b.directions()[d.0 as usize].opposite, Some(o), "{a}");
                for n in b.node_ids() {
                    let m = b.next(rel, d, n);
                    if m.is_some() {
                        assert_eq!(b.next(rel, o, m), n, "{a} from {}", b.label(n));
                    }
                }
            }
        }
    }

    #[test]
    fn directions_point_where_their_names_say() {
        let b = board(HexSpec::hexagon(3));
        let rel = b.relation("hex").unwrap();
        let c3 = b.find("c3").unwrap();
        let p = b.node(c3).pos;
        for (name, angle) in [("e", 0.0f32), ("ne", 60.0), ("nw", 120.0), ("w", 180.0), ("sw", 240.0), ("se", 300.0)] {
            let to = b.node(b.next(rel, b.direction(name).unwrap(), c3)).pos;
            let (dx, dy) = (to[0] - p[0], to[1] - p[1]);
            let (c, s) = (angle.to_radians().cos(), angle.to_radians().sin());
            assert!((dx - c).abs() < 1e-4 && (dy - s).abs() < 1e-4, "{name}: ({dx}, {dy})");
            // The vector's dot products are proportional to the true ones.
            let v = b.directions()[b.direction(name).unwrap().0 as usize].vector.unwrap();
            let e = HEX_DIRECTIONS[0].1;
            let dot = v.iter().zip(e).map(|(a, b)| a * b).sum::<i32>() as f32 / 2.0;
            assert!((dot - c).abs() < 1e-4, "{name}: {dot} against cos {c}");
        }
    }

    #[test]
    fn rhombus_sides() {
        let b = board(HexSpec::rhombus(5, 3));
        let labels = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
        assert_eq!(zone(&b, "south"), labels(&["a1", "b1", "c1", "d1", "e1"]));
        assert_eq!(zone(&b, "north"), labels(&["a3", "b3", "c3", "d3", "e3"]));
        assert_eq!(zone(&b, "west"), labels(&["a1", "a2", "a3"]));
        assert_eq!(zone(&b, "east"), labels(&["e1", "e2", "e3"]));
        // The sides are where the cells have fewer neighbours: the rim.
        let rel = b.relation("hex").unwrap();
        for n in b.node_ids() {
            assert_eq!(b.zones_of(n) != 0, b.edges(rel, n).len() < 6, "{}", b.label(n));
        }
    }

    #[test]
    fn hexagon_zones() {
        for n in 2..=8u32 {
            let b = board(HexSpec::hexagon(n));
            let rel = b.relation("hex").unwrap();
            // From the graph alone: the rim has fewer than six neighbours, the corners three.
            let rim: BTreeSet<String> =
                b.node_ids().filter(|&c| b.edges(rel, c).len() < 6).map(|c| b.label(c).into()).collect();
            let corners: BTreeSet<String> =
                b.node_ids().filter(|&c| b.edges(rel, c).len() == 3).map(|c| b.label(c).into()).collect();
            assert_eq!(rim.len(), 6 * (n as usize - 1));
            assert_eq!(zone(&b, "edge"), rim);
            assert_eq!(zone(&b, "corners"), corners);
            assert_eq!(corners.len(), 6);
            let mut sides = BTreeSet::new();
            for s in 1..=6 {
                let name = format!("side{s}");
                let cells = if n == 2 { BTreeSet::new() } else { zone(&b, &name) };
                assert_eq!(cells.len(), n as usize - 2, "{name} of side {n}");
                assert!(cells.is_disjoint(&sides));
                sides.extend(cells);
            }
            assert_eq!(sides, rim.difference(&corners).cloned().collect());
        }
        // Counter-clockwise from the east corner (i5): side1 runs up to the north-east corner (i9).
        let b = board(HexSpec::hexagon(5));
        let set = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
        assert_eq!(zone(&b, "corners"), set(&["a1", "a5", "e1", "e9", "i5", "i9"]));
        assert_eq!(zone(&b, "side1"), set(&["i6", "i7", "i8"]));
        assert_eq!(zone(&b, "side2"), set(&["f9", "g9", "h9"]));
        assert_eq!(zone(&b, "side3"), set(&["b6", "c7", "d8"]));
        assert_eq!(zone(&b, "side4"), set(&["a2", "a3", "a4"]));
        assert_eq!(zone(&b, "side5"), set(&["b1", "c1", "d1"]));
        assert_eq!(zone(&b, "side6"), set(&["f2", "g3", "h4"]));
    }

    #[test]
    fn labels_and_coordinates() {
        let b = board(HexSpec::rhombus(11, 11));
        assert_eq!(b.label(NodeId(0)), "a1");
        assert_eq!(b.label(NodeId(120)), "k11");
        assert_eq!(b.node(b.find("f6").unwrap()).coord, [5, 5, 0]);
        // Havannah's columns: a has side cells, the middle one 2·side − 1, each runs north-west.
        let b = board(HexSpec::hexagon(10));
        let column = |c: char| b.node_ids().filter(|&n| b.label(n).starts_with(c)).count();
        assert_eq!((column('a'), column('j'), column('s')), (10, 19, 10));
        let rel = b.relation("hex").unwrap();
        let nw = b.direction("nw").unwrap();
        let mut at = b.find("a1").unwrap();
        for row in 2..=10 {
            at = b.next(rel, nw, at);
            assert_eq!(b.label(at), format!("a{row}"));
        }
        assert!(!b.next(rel, nw, at).is_some());
    }

    #[test]
    fn sizes_out_of_range_are_refused() {
        for spec in [HexSpec::rhombus(0, 5), HexSpec::rhombus(5, 27), HexSpec::hexagon(1), HexSpec::hexagon(14)] {
            assert!(matches!(hex(&spec), Err(BoardError::Invalid(_))), "{spec:?}");
        }
        assert_eq!(
            hex(&HexSpec::hexagon(14)).unwrap_err().to_string(),
            "a hex hexagon's side is 2 to 13 cells, not 14"
        );
    }

    #[test]
    fn the_shape_is_recorded() {
        let b = board(HexSpec::hexagon(4));
        assert_eq!(b.hex_shape(), Some(HexShape::Hexagon { side: 4 }));
        assert_eq!(b.grid_size(), None);
    }
}
