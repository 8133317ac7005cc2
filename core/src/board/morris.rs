//! Concentric rings of eight points: the boards of the Morris games (Three, Six, Nine and Twelve Men's
//! Morris) and of Shisima. Every ring has a point at each of the eight compass points round a common
//! centre (the corners and the midpoints of the sides of a square), and points take their names from
//! the square layout Morris players use: on the 7×7 layout of Nine Men's Morris the outer square runs
//! `a1 d1 g1 g4 g7 d7 a7 a4`, the inner one `c3 d3 e3 e4 e5 d5 c5 c4`.
//!
//! Steps along a square's side are named by the compass (`e` from `a1` to `d1`, then `n` from `g1` to
//! `g4`), so a straight run along one direction stops at a corner: a line goal along the `ring`
//! relation counts three along a side and never three round a corner.

use super::generators::COMPASS;
use super::{BoardBuilder, BoardError, NodeId, NodeSpec};
use std::collections::HashMap;

/// The outline of the rings.
///
/// ```
/// use qipan::core::board::generators::{RingShape, RingsSpec, rings};
///
/// // Shisima's octagon: one round ring and its centre. Its points lie on a circle round b2, and its
/// // sides are 1 long.
/// let spec = RingsSpec { shape: RingShape::Round, centre: true, ..RingsSpec::new(1) };
/// let board = rings(&spec)?.build()?;
/// let at = |label| board.node(board.find(label).unwrap()).pos;
/// let distance = |a: [f32; 3], b: [f32; 3]| (a[0] - b[0]).hypot(a[1] - b[1]);
/// assert!((distance(at("c3"), at("b2")) - distance(at("b3"), at("b2"))).abs() < 1e-5);
/// assert!((distance(at("c3"), at("b3")) - 1.0).abs() < 1e-5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum RingShape {
    /// Squares (Morris): a side runs corner, midpoint, corner, with compass directions along it.
    #[default]
    Square,
    /// Regular octagons (Shisima): the ring goes `ccw` and `cw`.
    Round,
}

/// Which points of neighbouring rings (and of the inner ring and the centre) are joined by spokes.
///
/// ```
/// use qipan::core::board::generators::{RingsSpec, Spokes, rings};
///
/// let spoke_count = |spokes| -> Result<usize, qipan::core::board::BoardError> {
///     let board = rings(&RingsSpec { spokes, ..RingsSpec::new(3) })?.build()?;
///     Ok(board.edge_count(board.relation("spoke").unwrap()) / 2)
/// };
/// assert_eq!(spoke_count(Spokes::Cross)?, 8); // Nine Men's Morris
/// assert_eq!(spoke_count(Spokes::All)?, 16); // Twelve Men's Morris: the corner diagonals too
/// assert_eq!(spoke_count(Spokes::None)?, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Spokes {
    /// No spokes: separate rings.
    None,
    /// The four points at `n`, `e`, `s`, `w` (the midpoints of a square's sides).
    #[default]
    Cross,
    /// All eight points (also the corners of a square, along its diagonals).
    All,
}

/// Parameters of concentric rings.
///
/// ```
/// use qipan::core::board::generators::{RingShape, RingsSpec, Spokes};
///
/// let nine = RingsSpec::new(3);
/// assert_eq!((nine.shape, nine.spokes, nine.centre), (RingShape::Square, Spokes::Cross, false));
/// let twelve = RingsSpec { spokes: Spokes::All, ..RingsSpec::new(3) };
/// assert_ne!(nine, twelve);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RingsSpec {
    /// Number of rings, 1 to 12; ring 1 is the innermost.
    pub count: u32,
    /// Squares or octagons.
    pub shape: RingShape,
    /// Which points are joined across the rings.
    pub spokes: Spokes,
    /// Whether there is a point at the centre, joined by the spokes to the inner ring.
    pub centre: bool,
}

/// Ring parameters start from [`RingsSpec::new`]; set the other fields with struct update syntax.
///
/// ```
/// use qipan::core::board::generators::{RingsSpec, rings};
///
/// // Six Men's Morris: two squares, 16 points on a 5×5 layout.
/// let board = rings(&RingsSpec::new(2))?.build()?;
/// assert_eq!(board.len(), 16);
/// assert_eq!(board.label(board.node_ids().next().unwrap()), "a1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl RingsSpec {
    /// `count` square rings joined at the midpoints of their sides, without a centre: Nine Men's Morris
    /// for 3.
    ///
    /// ```
    /// use qipan::core::board::generators::{RingsSpec, rings};
    ///
    /// let board = rings(&RingsSpec::new(3))?.build()?;
    /// assert_eq!(board.len(), 24);
    /// assert_eq!(board.find("d4"), None); // no centre point
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(count: u32) -> Self {
        RingsSpec { count, shape: RingShape::Square, spokes: Spokes::Cross, centre: false }
    }
}

/// The eight points of a ring, counter-clockwise from the east, as unit offsets from the centre.
const ROUND: [[i32; 2]; 8] = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]];

/// The compass name of a unit vector.
fn compass(v: [i32; 2]) -> &'static str {
    COMPASS.iter().find(|(_, c)| c[0] == v[0] && c[1] == v[1]).map(|(n, _)| *n).unwrap_or("")
}

/// Builds concentric rings of eight points. Points have kind `point` and are labelled on the square
/// layout of `2 × count + 1` columns and rows, chess-style (`a1`, `d2`; the centre of Nine Men's Morris
/// would be `d4`), numbered row by row from `a1`; their coordinates are the layout's `[column, row]`, so
/// that positions can be written as FEN on the layout, its empty places as holes. Relations:
///
/// - `ring`: each point to its two neighbours on its ring. On squares the directions are the compass
///   points along the side (`e`/`w` on the top and bottom sides, `n`/`s` on the left and right), so a
///   line stops at the corners; on round rings they are `ccw` and `cw`, and lines go round.
/// - `spoke`: a point to the same point of the next ring out and back (and the inner ring's to the centre),
///   with the compass direction away from the centre going out (`s` from `d2` to `d1`, `sw` from `b2` to
///   `a1`) and its opposite coming back.
///
/// Square rings are drawn as the squares of the layout, round ones as regular octagons round the centre
/// whose sides are 1, 2, ... long; text diagrams show both on the layout.
///
/// ```
/// use qipan::core::board::generators::{RingsSpec, rings};
///
/// let board = rings(&RingsSpec::new(3))?.build()?; // Nine Men's Morris
/// let (ring, spoke) = (board.relation("ring").unwrap(), board.relation("spoke").unwrap());
/// let lines = (board.edge_count(ring) + board.edge_count(spoke)) / 2;
/// assert_eq!(lines, 32);
/// let step = |rel, dir, label| board.label(board.next(rel, board.direction(dir).unwrap(), board.find(label).unwrap()));
/// assert_eq!(step(ring, "e", "a1"), "d1");
/// assert_eq!(step(ring, "n", "g1"), "g4");
/// assert_eq!(step(spoke, "n", "d1"), "d2");
/// assert_eq!(step(spoke, "s", "d2"), "d1");
/// assert!(rings(&RingsSpec::new(0)).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rings(spec: &RingsSpec) -> Result<BoardBuilder, BoardError> {
    if spec.count == 0 || spec.count > 12 {
        return Err(BoardError::Invalid(format!("{} rings is out of range 1..12", spec.count)));
    }
    let c = spec.count as i32;
    let side = 2 * c + 1;
    let round = spec.shape == RingShape::Round;
    let mut b = BoardBuilder::new();
    b.relation("ring");
    b.relation("spoke");
    for (name, v) in COMPASS {
        b.direction(name, Some(v));
    }
    if round {
        // Not in the plane's compass: going round is at a right angle to every spoke.
        b.direction("ccw", Some([0, 0, 1]));
        b.direction("cw", Some([0, 0, -1]));
    }
    b.set_grid(side as u32, side as u32);
    // Round rings are regular octagons whose sides are r long on ring r: pieces on neighbouring points
    // do not overlap.
    let radius = 0.5 / (std::f32::consts::PI / 8.0).sin();
    // Points by (ring, unit offset); the centre is ring 0.
    let mut at: HashMap<(i32, [i32; 2]), NodeId> = HashMap::new();
    for y in 0..side {
        for x in 0..side {
            let (dx, dy) = (x - c, y - c);
            let r = dx.abs().max(dy.abs());
            let on_ring = (dx == 0 || dx.abs() == r) && (dy == 0 || dy.abs() == r);
            if !on_ring || (r == 0 && !spec.centre) {
                continue;
            }
            let unit = [dx.signum(), dy.signum()];
            let pos = if round && r > 0 {
                let a = (unit[1] as f32).atan2(unit[0] as f32);
                let rad = r as f32 * radius;
                [c as f32 + rad * a.cos(), c as f32 + rad * a.sin(), 0.0]
            } else {
                [x as f32, y as f32, 0.0]
            };
            let id = b.add_node(NodeSpec {
                label: format!("{}{}", (b'a' + x as u8) as char, y + 1),
                kind: "point".into(),
                colour: None,
                zones: vec![],
                pos,
                coord: [x, y, 0],
            })?;
            at.insert((r, unit), id);
        }
    }
    for r in 1..=c {
        for (k, &u) in ROUND.iter().enumerate() {
            let v = ROUND[(k + 1) % 8];
            let (from, to) = (at[&(r, u)], at[&(r, v)]);
            let dirs = if round {
                ("ccw", "cw")
            } else {
                (compass([v[0] - u[0], v[1] - u[1]]), compass([u[0] - v[0], u[1] - v[1]]))
            };
            b.add_link(from, to, "ring", Some(dirs));
        }
    }
    for (k, &u) in ROUND.iter().enumerate() {
        let joined = match spec.spokes {
            Spokes::None => false,
            Spokes::Cross => k % 2 == 0,
            Spokes::All => true,
        };
        if !joined {
            continue;
        }
        let (out, back) = (compass(u), compass([-u[0], -u[1]]));
        let inner = if spec.centre { 0 } else { 1 };
        for r in inner..c {
            let from = if r == 0 { at[&(0, [0, 0])] } else { at[&(r, u)] };
            b.add_link(from, at[&(r + 1, u)], "spoke", Some((out, back)));
        }
    }
    Ok(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::board::generators::{GridSpec, LabelStyle, alternate_diagonals, grid};
    use std::collections::BTreeSet;

    /// The 16 mills of Nine Men's Morris, from the board as drawn: the sides of the three squares and
    /// the four cross lines.
    const NINE_MILLS: [[&str; 3]; 16] = [
        ["a1", "d1", "g1"],
        ["b2", "d2", "f2"],
        ["c3", "d3", "e3"],
        ["a4", "b4", "c4"],
        ["e4", "f4", "g4"],
        ["c5", "d5", "e5"],
        ["b6", "d6", "f6"],
        ["a7", "d7", "g7"],
        ["a1", "a4", "a7"],
        ["b2", "b4", "b6"],
        ["c3", "c4", "c5"],
        ["d1", "d2", "d3"],
        ["d5", "d6", "d7"],
        ["e3", "e4", "e5"],
        ["f2", "f4", "f6"],
        ["g1", "g4", "g7"],
    ];

    /// Twelve Men's Morris adds the four corner diagonals.
    const DIAGONALS: [[&str; 3]; 4] = [["a1", "b2", "c3"], ["g1", "f2", "e3"], ["g7", "f6", "e5"], ["a7", "b6", "c5"]];

    fn build(spec: RingsSpec) -> Board {
        rings(&spec).unwrap().build().unwrap()
    }

    /// Every pair of nodes joined by some relation, by label, each pair once.
    fn links(b: &Board, relations: &[&str]) -> BTreeSet<(String, String)> {
        let mut out = BTreeSet::new();
        for name in relations {
            let rel = b.relation(name).unwrap();
            for n in b.node_ids() {
                for e in b.edges(rel, n) {
                    let (x, y) = (b.label(n).to_string(), b.label(e.to).to_string());
                    out.insert(if x < y { (x, y) } else { (y, x) });
                }
            }
        }
        out
    }

    /// The segments of drawn lines, each pair once.
    fn segments(lines: &[[&str; 3]]) -> BTreeSet<(String, String)> {
        let mut out = BTreeSet::new();
        for l in lines {
            for w in l.windows(2) {
                let (x, y) = (w[0].to_string(), w[1].to_string());
                out.insert(if x < y { (x, y) } else { (y, x) });
            }
        }
        out
    }

    fn degree(b: &Board, label: &str) -> usize {
        let n = b.find(label).unwrap();
        ["ring", "spoke"].iter().map(|r| b.edges(b.relation(r).unwrap(), n).len()).sum()
    }

    #[test]
    fn nine_mens_morris() {
        let b = build(RingsSpec::new(3));
        assert_eq!(b.len(), 24);
        let labels: BTreeSet<&str> = b.node_ids().map(|n| b.label(n)).collect();
        let drawn: BTreeSet<&str> = NINE_MILLS.iter().flatten().copied().collect();
        assert_eq!(labels, drawn);
        let joined = links(&b, &["ring", "spoke"]);
        assert_eq!(joined.len(), 32);
        assert_eq!(joined, segments(&NINE_MILLS));
        // Corners 2; the midpoints of the outer and inner squares 3, of the middle square 4.
        for (label, d) in
            [("a1", 2), ("g7", 2), ("b2", 2), ("e5", 2), ("d1", 3), ("a4", 3), ("d3", 3), ("d2", 4), ("f4", 4)]
        {
            assert_eq!(degree(&b, label), d, "{label}");
        }
    }

    #[test]
    fn every_mill_is_straight_along_one_relation() {
        let b = build(RingsSpec::new(3));
        for mill in NINE_MILLS {
            let [first, mid, last] = mill.map(|l| b.find(l).unwrap());
            let straight = ["ring", "spoke"].iter().any(|r| {
                let rel = b.relation(r).unwrap();
                b.directions().iter().enumerate().any(|(d, _)| {
                    let d = crate::board::DirectionId(d as u8);
                    b.next(rel, d, first) == mid && b.next(rel, d, mid) == last
                })
            });
            assert!(straight, "{mill:?}");
        }
        // A corner turns: from d1 east to g1, then nothing further east.
        let (ring, e) = (b.relation("ring").unwrap(), b.direction("e").unwrap());
        assert_eq!(b.next(ring, e, b.find("g1").unwrap()), NodeId::NONE);
    }

    #[test]
    fn twelve_mens_morris_adds_the_diagonals() {
        let b = build(RingsSpec { spokes: Spokes::All, ..RingsSpec::new(3) });
        assert_eq!(b.len(), 24);
        let mut lines = NINE_MILLS.to_vec();
        lines.extend(DIAGONALS);
        assert_eq!(links(&b, &["ring", "spoke"]), segments(&lines));
        assert_eq!(links(&b, &["ring", "spoke"]).len(), 40);
        assert_eq!([degree(&b, "a1"), degree(&b, "b2"), degree(&b, "c3")], [3, 4, 3]);
        let (spoke, ne) = (b.relation("spoke").unwrap(), b.direction("ne").unwrap());
        assert_eq!(b.label(b.next(spoke, ne, b.find("b2").unwrap())), "c3");
    }

    #[test]
    fn six_mens_morris() {
        let b = build(RingsSpec::new(2));
        assert_eq!(b.len(), 16);
        // Two squares of 8 segments, and the 4 cross lines of one segment each.
        assert_eq!(links(&b, &["ring"]).len(), 16);
        assert_eq!(links(&b, &["spoke"]).len(), 4);
        assert!(links(&b, &["spoke"]).contains(&("c1".into(), "c2".into())));
        assert_eq!([degree(&b, "a1"), degree(&b, "c1"), degree(&b, "c2"), degree(&b, "b2")], [2, 3, 3, 2]);
    }

    #[test]
    fn three_mens_morris_is_the_three_by_three_grid_with_its_two_long_diagonals() {
        let b = build(RingsSpec { spokes: Spokes::All, centre: true, ..RingsSpec::new(1) });
        assert_eq!(links(&b, &["ring", "spoke"]).len(), 12 + 4);
        let spec = GridSpec { labels: LabelStyle::Chess, ..GridSpec::new(3, 3) };
        let g = alternate_diagonals(grid(&spec).unwrap()).unwrap().build().unwrap();
        assert_eq!(links(&b, &["ring", "spoke"]), links(&g, &["orthogonal", "diagonal"]));
    }

    #[test]
    fn shisima_is_an_octagon_round_a_centre() {
        let b = build(RingsSpec { shape: RingShape::Round, spokes: Spokes::All, centre: true, ..RingsSpec::new(1) });
        assert_eq!(b.len(), 9);
        assert_eq!(links(&b, &["ring"]).len(), 8);
        assert_eq!(links(&b, &["spoke"]).len(), 8);
        assert_eq!(degree(&b, "b2"), 8);
        assert!(b.node_ids().filter(|&n| b.label(n) != "b2").all(|n| degree(&b, b.label(n)) == 3));
        // A regular octagon: its points equally far from the centre, its sides 1 long.
        let at = |l: &str| b.node(b.find(l).unwrap()).pos;
        let distance = |p: [f32; 3], q: [f32; 3]| (p[0] - q[0]).hypot(p[1] - q[1]);
        let round = ["c2", "c3", "b3", "a3", "a2", "a1", "b1", "c1"];
        for (i, l) in round.iter().enumerate() {
            let radius = distance(at(l), at("b2"));
            assert!((radius - distance(at("c2"), at("b2"))).abs() < 1e-5, "{l}");
            assert!((distance(at(l), at(round[(i + 1) % 8])) - 1.0).abs() < 1e-5, "{l}");
        }
        // Going round comes back: 8 steps ccw.
        let (ring, ccw) = (b.relation("ring").unwrap(), b.direction("ccw").unwrap());
        let start = b.find("a1").unwrap();
        let mut at = start;
        for _ in 0..8 {
            at = b.next(ring, ccw, at);
        }
        assert_eq!(at, start);
        assert_eq!(b.directions()[ccw.0 as usize].opposite, b.direction("cw"));
        // A line through the centre: n from b1 to b2 to b3.
        let (spoke, n) = (b.relation("spoke").unwrap(), b.direction("n").unwrap());
        assert_eq!(b.label(b.next(spoke, n, b.next(spoke, n, b.find("b1").unwrap()))), "b3");
    }

    #[test]
    fn bad_counts_are_refused() {
        for count in [0, 13] {
            let err = rings(&RingsSpec::new(count)).unwrap_err();
            assert!(matches!(err, BoardError::Invalid(_)), "{err}");
        }
        assert!(rings(&RingsSpec::new(12)).is_ok());
    }
}
