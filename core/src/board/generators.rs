//! Generators for the common board shapes. Each returns a [`BoardBuilder`] so a definition can
//! add zones, extra links or nodes before building.

use super::{BoardBuilder, BoardError, EdgeSpec, NodeId, NodeSpec};

pub use super::alternate::alternate_diagonals;
pub use super::centres::{MAX_CENTRES_SIDE, grid_with_centres};
pub use super::hex::{HEX_DIRECTIONS, HexShape, HexSpec, hex};
pub use super::morris::{RingShape, RingsSpec, Spokes, rings};
pub use super::triangle::{MAX_TRIANGLE_SIDE, TRIANGLE_DIRECTIONS, TriangleSpec, triangle};

/// How the cells of a rectangular grid are labelled.
///
/// ```
/// use qipan::core::board::generators::{GridSpec, LabelStyle, grid};
///
/// let mut spec = GridSpec::new(10, 10);
/// let labels = |spec: &GridSpec| -> Result<String, qipan::core::board::BoardError> {
///     let board = grid(spec)?.build()?;
///     Ok(board.node_ids().take(10).map(|n| board.label(n)).collect::<Vec<_>>().concat())
/// };
/// assert_eq!(labels(&spec)?, "A1B1C1D1E1F1G1H1J1K1"); // LabelStyle::Gtp skips I
/// spec.labels = LabelStyle::Letters;
/// assert_eq!(labels(&spec)?, "A1B1C1D1E1F1G1H1I1J1");
/// spec.labels = LabelStyle::Chess;
/// assert_eq!(labels(&spec)?, "a1b1c1d1e1f1g1h1i1j1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum LabelStyle {
    /// Go/GTP: columns A–T skipping I, row 1 at the bottom (`D4`).
    #[default]
    Gtp,
    /// Letters with I included, upper case (`I10`), as on Seven Kingdoms diagrams.
    Letters,
    /// Chess: lower-case files `a`, `b`, ... and ranks from 1 (`e4`).
    Chess,
}

/// Column letters for a style: GTP skips `I`.
pub(crate) fn column_name(style: LabelStyle, x: u32) -> String {
    let alphabet: Vec<char> = match style {
        LabelStyle::Gtp => "ABCDEFGHJKLMNOPQRSTUVWXYZ".chars().collect(),
        LabelStyle::Letters => ('A'..='Z').collect(),
        LabelStyle::Chess => ('a'..='z').collect(),
    };
    let n = alphabet.len() as u32;
    if x < n {
        alphabet[x as usize].to_string()
    } else {
        // Past one letter: AA, AB, ... (boards this wide are rare, but labels stay unique).
        format!("{}{}", alphabet[(x / n - 1) as usize], alphabet[(x % n) as usize])
    }
}

/// Parameters of a rectangular grid.
///
/// ```
/// use qipan::core::board::generators::{GridSpec, LabelStyle, grid};
///
/// // A chessboard, as chess.yaml describes it.
/// let spec = GridSpec {
///     labels: LabelStyle::Chess,
///     diagonal: true,
///     checker: Some(["dark".into(), "light".into()]),
///     kind: "cell".into(),
///     ..GridSpec::new(8, 8)
/// };
/// let board = grid(&spec)?.build()?;
/// assert_eq!(board.relation_names(), ["orthogonal", "diagonal"]);
/// let a1 = board.node(board.find("a1").unwrap());
/// assert_eq!(board.colour_names()[a1.colour.unwrap() as usize], "dark");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GridSpec {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Optional mask, top row first: `.` is a node, `#` is no node; rows are as wide as the board.
    pub mask: Option<Vec<String>>,
    /// Label style.
    pub labels: LabelStyle,
    /// Whether to add the `diagonal` relation.
    pub diagonal: bool,
    /// Two colour names for a checkerboard: the first for cells where column + row is even.
    pub checker: Option<[String; 2]>,
    /// Node kind name (`point` for Go boards, `cell` for chess-like ones).
    pub kind: String,
}

/// Grid parameters start from [`GridSpec::new`]; set the other fields with struct update syntax.
///
/// ```
/// use qipan::core::board::generators::{GridSpec, grid};
///
/// let board = grid(&GridSpec { diagonal: true, ..GridSpec::new(3, 3) })?.build()?;
/// let diagonal = board.relation("diagonal").unwrap();
/// assert_eq!(board.edges(diagonal, board.find("B2").unwrap()).len(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl GridSpec {
    /// A plain `w`×`h` grid with orthogonal adjacency and GTP labels.
    ///
    /// ```
    /// use qipan::core::board::generators::{GridSpec, LabelStyle, grid};
    ///
    /// let spec = GridSpec::new(19, 19);
    /// assert_eq!((spec.labels, spec.diagonal, spec.kind.as_str()), (LabelStyle::Gtp, false, "point"));
    /// let board = grid(&spec)?.build()?;
    /// assert_eq!(board.len(), 361);
    /// assert_eq!(board.relation_names(), ["orthogonal"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(width: u32, height: u32) -> Self {
        GridSpec {
            width,
            height,
            mask: None,
            labels: LabelStyle::Gtp,
            diagonal: false,
            checker: None,
            kind: "point".into(),
        }
    }
}

/// The eight compass directions with their vectors (x to the east, y to the north).
pub const COMPASS: [(&str, [i32; 3]); 8] = [
    ("n", [0, 1, 0]),
    ("e", [1, 0, 0]),
    ("s", [0, -1, 0]),
    ("w", [-1, 0, 0]),
    ("ne", [1, 1, 0]),
    ("se", [1, -1, 0]),
    ("sw", [-1, -1, 0]),
    ("nw", [-1, 1, 0]),
];

/// Builds a rectangular grid, with blocked cells left out.
///
/// ```
/// use qipan::core::board::{BoardError, generators::{GridSpec, grid}};
///
/// // A 3×3 grid without its centre: a ring of 8 cells.
/// let spec = GridSpec { mask: Some(vec!["...".into(), ".#.".into(), "...".into()]), ..GridSpec::new(3, 3) };
/// let board = grid(&spec)?.build()?;
/// assert_eq!(board.len(), 8);
/// assert_eq!(board.find("B2"), None);
/// let orth = board.relation("orthogonal").unwrap();
/// assert_eq!(board.edges(orth, board.find("B1").unwrap()).len(), 2); // A1 and C1, not B2
/// // A mask must match the board's size.
/// let short = GridSpec { mask: Some(vec!["...".into()]), ..GridSpec::new(3, 3) };
/// assert!(matches!(grid(&short), Err(BoardError::Invalid(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grid(spec: &GridSpec) -> Result<BoardBuilder, BoardError> {
    if spec.width == 0 || spec.height == 0 || spec.width > 256 || spec.height > 256 {
        return Err(BoardError::Invalid(format!("grid size {}x{} is out of range 1..256", spec.width, spec.height)));
    }
    let blocked = |x: u32, y: u32| -> Result<bool, BoardError> {
        let Some(mask) = &spec.mask else {
            return Ok(false);
        };
        // Mask rows are written top row first.
        let row = mask
            .get((spec.height - 1 - y) as usize)
            .ok_or_else(|| BoardError::Invalid(format!("mask has {} rows, board {}", mask.len(), spec.height)))?;
        Ok(row.chars().nth(x as usize).map(|c| c == '#').unwrap_or(true))
    };
    if let Some(mask) = &spec.mask {
        if mask.len() != spec.height as usize {
            return Err(BoardError::Invalid(format!("mask has {} rows but the board has {}", mask.len(), spec.height)));
        }
        for (i, row) in mask.iter().enumerate() {
            if row.chars().count() != spec.width as usize {
                return Err(BoardError::Invalid(format!(
                    "mask row {} has {} cells but the board is {} wide",
                    i + 1,
                    row.chars().count(),
                    spec.width
                )));
            }
            if let Some(c) = row.chars().find(|&c| c != '.' && c != '#') {
                return Err(BoardError::Invalid(format!(
                    "mask row {} has `{c}`: use `.` for a cell and `#` for none",
                    i + 1
                )));
            }
        }
    }
    let mut b = BoardBuilder::new();
    b.set_grid(spec.width, spec.height);
    b.relation("orthogonal");
    if spec.diagonal {
        b.relation("diagonal");
    }
    for (name, v) in COMPASS {
        b.direction(name, Some(v));
    }
    let mut ids = vec![NodeId::NONE; (spec.width * spec.height) as usize];
    for y in 0..spec.height {
        for x in 0..spec.width {
            if blocked(x, y)? {
                continue;
            }
            let colour = spec.checker.as_ref().map(|c| c[((x + y) % 2) as usize].clone());
            let id = b.add_node(NodeSpec {
                label: format!("{}{}", column_name(spec.labels, x), y + 1),
                kind: spec.kind.clone(),
                colour,
                zones: vec![],
                pos: [x as f32, y as f32, 0.0],
                coord: [x as i32, y as i32, 0],
            })?;
            ids[(y * spec.width + x) as usize] = id;
        }
    }
    let at = |x: i32, y: i32| -> NodeId {
        if x < 0 || y < 0 || x >= spec.width as i32 || y >= spec.height as i32 {
            NodeId::NONE
        } else {
            ids[(y as u32 * spec.width + x as u32) as usize]
        }
    };
    for y in 0..spec.height as i32 {
        for x in 0..spec.width as i32 {
            let a = at(x, y);
            if !a.is_some() {
                continue;
            }
            for (i, (name, v)) in COMPASS.iter().enumerate() {
                let rel = if i < 4 { "orthogonal" } else { "diagonal" };
                if i >= 4 && !spec.diagonal {
                    continue;
                }
                let t = at(x + v[0], y + v[1]);
                if t.is_some() {
                    b.add_edge(a, t, EdgeSpec { relation: rel.into(), direction: Some((*name).into()), via: None });
                }
            }
        }
    }
    Ok(b)
}

/// Builds a `w`×`h`×`d` grid of cells, orthogonally adjacent in 3-D (directions n, e, s, w, up, down).
/// Labels are `A1.1` (column, row, layer), in the GTP column style.
///
/// ```
/// use qipan::core::board::generators::grid3d;
///
/// let board = grid3d(3, 3, 3)?.build()?;
/// assert_eq!(board.len(), 27);
/// let orth = board.relation("orthogonal").unwrap();
/// assert_eq!(board.edges(orth, board.find("B2.2").unwrap()).len(), 6); // the centre of the cube
/// assert_eq!(board.edges(orth, board.find("A1.1").unwrap()).len(), 3); // a corner
/// let up = board.direction("up").unwrap();
/// assert_eq!(board.label(board.next(orth, up, board.find("A1.1").unwrap())), "A1.2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn grid3d(width: u32, height: u32, depth: u32) -> Result<BoardBuilder, BoardError> {
    if width == 0 || height == 0 || depth == 0 || (width * height * depth) > 60_000 {
        return Err(BoardError::Invalid(format!("3-D grid {width}x{height}x{depth} is out of range")));
    }
    let mut b = BoardBuilder::new();
    b.relation("orthogonal");
    b.set_net(width * depth + depth - 1, height);
    let dirs: [(&str, [i32; 3]); 6] = [
        ("n", [0, 1, 0]),
        ("e", [1, 0, 0]),
        ("s", [0, -1, 0]),
        ("w", [-1, 0, 0]),
        ("up", [0, 0, 1]),
        ("down", [0, 0, -1]),
    ];
    for (n, v) in dirs {
        b.direction(n, Some(v));
    }
    let index = |x: u32, y: u32, z: u32| NodeId((z * width * height + y * width + x) as u16);
    for z in 0..depth {
        for y in 0..height {
            for x in 0..width {
                b.add_node(NodeSpec {
                    label: format!("{}{}.{}", column_name(LabelStyle::Gtp, x), y + 1, z + 1),
                    kind: "cell".into(),
                    colour: None,
                    zones: vec![],
                    // Layers are drawn side by side.
                    pos: [(x + z * (width + 1)) as f32, y as f32, z as f32],
                    coord: [x as i32, y as i32, z as i32],
                })?;
            }
        }
    }
    for z in 0..depth as i32 {
        for y in 0..height as i32 {
            for x in 0..width as i32 {
                for (name, v) in dirs {
                    let (tx, ty, tz) = (x + v[0], y + v[1], z + v[2]);
                    if tx < 0 || ty < 0 || tz < 0 || tx >= width as i32 || ty >= height as i32 || tz >= depth as i32 {
                        continue;
                    }
                    b.add_edge(
                        index(x as u32, y as u32, z as u32),
                        index(tx as u32, ty as u32, tz as u32),
                        EdgeSpec { relation: "orthogonal".into(), direction: Some(name.into()), via: None },
                    );
                }
            }
        }
    }
    Ok(b)
}

/// Parameters of a polar board: rings of cells around a channel of eyes and a hub.
///
/// ```
/// use qipan::core::board::generators::{PolarSpec, polar};
///
/// // Two rings of 8 cells; 4 eyes, each linked to the first ring-1 cell of its two sectors; a hub.
/// let spec = PolarSpec { rings: 2, sectors: 8, eyes: 4, eye_links: vec![0], hub: true, ..PolarSpec::default() };
/// let board = polar(&spec)?.build()?;
/// assert_eq!(board.len(), 2 * 8 + 4 + 1);
/// let eye = board.relation("eye").unwrap();
/// let links: Vec<&str> = board.edges(eye, board.find("eye1").unwrap()).iter().map(|e| board.label(e.to)).collect();
/// assert_eq!(links, ["r1s2"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PolarSpec {
    /// Number of rings (1 = innermost).
    pub rings: u32,
    /// Cells per ring; sectors wrap around.
    pub sectors: u32,
    /// Number of eyes in the channel inside ring 1 (0 for none). Must divide `sectors`.
    pub eyes: u32,
    /// Sector offsets, within each eye's group of `sectors / eyes` sectors, of the ring-1 cells the eye links to.
    pub eye_links: Vec<u32>,
    /// Whether there is a hub joining every eye to every other eye in one step.
    pub hub: bool,
    /// Whether the hub is a node pieces may stop on, one step from every eye, instead of a point passed
    /// over between two eyes.
    pub hub_stop: bool,
    /// Whether neighbouring eyes are joined by one step (relation `channel`).
    pub eye_ring: bool,
    /// Two colour names for a checkerboard: the first where ring + sector is even.
    pub checker: Option<[String; 2]>,
    /// Colour by sector alone (radial stripes: the first colour on even sectors) instead of a checkerboard.
    pub stripes: bool,
    /// Whether to add the `diagonal` relation.
    pub diagonal: bool,
}

/// Builds a polar board. Cells are `r{ring}s{sector}` with kind `cell`, eyes `eye{e}` with kind `eye`,
/// the hub `hub` with kind `hub`. Relations: `orthogonal` (directions in, out, ccw, cw), `diagonal`
/// (in-ccw, in-cw, out-ccw, out-cw), `eye` (eye ↔ its ring-1 cells, directions in/out), `hub` (eye → every
/// other eye, passing the hub; or eye ↔ hub when the hub is a stop) and `channel` (eye ↔ neighbouring eyes,
/// when they are joined).
///
/// ```
/// use qipan::core::board::generators::{PolarSpec, polar};
///
/// let spec = PolarSpec { rings: 3, sectors: 12, eyes: 3, eye_links: vec![1, 2], hub: true, ..PolarSpec::default() };
/// let board = polar(&spec)?.build()?;
/// let (orth, cw) = (board.relation("orthogonal").unwrap(), board.direction("cw").unwrap());
/// assert_eq!(board.label(board.next(orth, cw, board.find("r2s0").unwrap())), "r2s11"); // sectors wrap
/// // Through the hub, an eye reaches every other eye in one step, passing over the hub.
/// let hub = board.relation("hub").unwrap();
/// let edges = board.edges(hub, board.find("eye0").unwrap());
/// assert_eq!(edges.iter().map(|e| board.label(e.to)).collect::<Vec<_>>(), ["eye1", "eye2"]);
/// assert!(edges.iter().all(|e| board.label(e.via) == "hub"));
/// // Eyes must divide the sectors.
/// assert!(polar(&PolarSpec { eyes: 5, ..spec }).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn polar(spec: &PolarSpec) -> Result<BoardBuilder, BoardError> {
    let (rings, sectors) = (spec.rings as i32, spec.sectors as i32);
    if rings < 1 || sectors < 3 || rings * sectors > 60_000 {
        return Err(BoardError::Invalid(format!("polar board {rings}x{sectors} is out of range")));
    }
    if spec.eyes > 0 && !spec.sectors.is_multiple_of(spec.eyes) {
        return Err(BoardError::Invalid(format!("{} eyes do not divide {} sectors", spec.eyes, spec.sectors)));
    }
    let mut b = BoardBuilder::new();
    b.relation("orthogonal");
    if spec.diagonal {
        b.relation("diagonal");
    }
    // Vectors are (ring delta, sector delta, 0).
    let dirs: [(&str, [i32; 3], bool); 8] = [
        ("out", [1, 0, 0], false),
        ("in", [-1, 0, 0], false),
        ("ccw", [0, 1, 0], false),
        ("cw", [0, -1, 0], false),
        ("out-ccw", [1, 1, 0], true),
        ("out-cw", [1, -1, 0], true),
        ("in-ccw", [-1, 1, 0], true),
        ("in-cw", [-1, -1, 0], true),
    ];
    for (n, v, _) in dirs {
        b.direction(n, Some(v));
    }
    let step_angle = std::f32::consts::TAU / sectors as f32;
    // Radius 1 is the channel of eyes; ring r sits at radius r + 1.
    let cell = |r: i32, s: i32| NodeId(((r - 1) * sectors + s.rem_euclid(sectors)) as u16);
    for r in 1..=rings {
        for s in 0..sectors {
            let a = (s as f32 + 0.5) * step_angle;
            let rad = r as f32 + 1.0;
            b.add_node(NodeSpec {
                label: format!("r{r}s{s}"),
                kind: "cell".into(),
                colour: spec.checker.as_ref().map(|c| c[((if spec.stripes { s } else { r + s }) % 2) as usize].clone()),
                zones: vec![],
                pos: [rad * a.cos(), rad * a.sin(), 0.0],
                coord: [r, s, 0],
            })?;
        }
    }
    for r in 1..=rings {
        for s in 0..sectors {
            for (name, v, diag) in dirs {
                let (tr, ts) = (r + v[0], s + v[1]);
                if tr < 1 || tr > rings || (diag && !spec.diagonal) {
                    continue;
                }
                let rel = if diag { "diagonal" } else { "orthogonal" };
                b.add_edge(
                    cell(r, s),
                    cell(tr, ts),
                    EdgeSpec { relation: rel.into(), direction: Some(name.into()), via: None },
                );
            }
        }
    }
    if let Some(group) = spec.sectors.checked_div(spec.eyes) {
        let group = group as i32;
        let mut eyes = Vec::new();
        for e in 0..spec.eyes as i32 {
            let mid: f32 = if spec.eye_links.is_empty() {
                (e * group) as f32 + group as f32 / 2.0
            } else {
                spec.eye_links.iter().map(|&o| (e * group) as f32 + o as f32 + 0.5).sum::<f32>()
                    / spec.eye_links.len() as f32
            };
            let a = mid * step_angle;
            let id = b.add_node(NodeSpec {
                label: format!("eye{e}"),
                kind: "eye".into(),
                colour: None,
                zones: vec![],
                pos: [a.cos(), a.sin(), 0.0],
                coord: [0, e, 0],
            })?;
            for &o in &spec.eye_links {
                if o as i32 >= group {
                    return Err(BoardError::Invalid(format!("eye link offset {o} is not below {group}")));
                }
                // An eye links to several cells, so its edges have no direction; each cell has one eye.
                let c = cell(1, e * group + o as i32);
                b.add_edge(id, c, EdgeSpec { relation: "eye".into(), direction: None, via: None });
                b.add_edge(c, id, EdgeSpec { relation: "eye".into(), direction: Some("in".into()), via: None });
            }
            eyes.push(id);
        }
        b.relation("channel");
        if spec.eye_ring && eyes.len() > 2 {
            for (i, &x) in eyes.iter().enumerate() {
                for y in [eyes[(i + 1) % eyes.len()], eyes[(i + eyes.len() - 1) % eyes.len()]] {
                    b.add_edge(x, y, EdgeSpec { relation: "channel".into(), direction: None, via: None });
                }
            }
        }
        if spec.hub {
            b.relation("hub");
            let hub = b.add_node(NodeSpec {
                label: "hub".into(),
                kind: "hub".into(),
                colour: None,
                zones: vec![],
                pos: [0.0, 0.0, 0.0],
                coord: [0, 0, 0],
            })?;
            for &x in &eyes {
                if spec.hub_stop {
                    b.add_edge(x, hub, EdgeSpec { relation: "hub".into(), direction: None, via: None });
                    b.add_edge(hub, x, EdgeSpec { relation: "hub".into(), direction: None, via: None });
                    continue;
                }
                for &y in &eyes {
                    if x != y {
                        b.add_edge(x, y, EdgeSpec { relation: "hub".into(), direction: None, via: Some(hub) });
                    }
                }
            }
        }
    }
    Ok(b)
}

/// Builds the surface of a `w`×`h`×`d` box of cells: every face of the unit cubes on the outside,
/// `orthogonal`ly adjacent when two faces share an edge, also across the box's edges and corners.
/// Faces are labelled by side (`U`p, `D`own, `N`orth, `S`outh, `E`ast, `W`est) and two coordinates
/// from 1 (`U3.2`), belong to a zone named by that letter, have their cube's (x, y, z) as coordinates,
/// and are drawn unfolded as a cross.
///
/// ```
/// use qipan::core::board::generators::box_surface;
///
/// let board = box_surface(3, 3, 3)?.build()?;
/// assert_eq!(board.len(), 6 * 9);
/// let orth = board.relation("orthogonal").unwrap();
/// assert!(board.node_ids().all(|n| board.edges(orth, n).len() == 4)); // also on the box's edges
/// let top = board.zone_set(board.zone("U").unwrap());
/// assert_eq!(top.count(), 9);
/// assert!(top.contains(board.find("U3.2").unwrap()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn box_surface(w: u32, h: u32, d: u32) -> Result<BoardBuilder, BoardError> {
    if w == 0 || h == 0 || d == 0 || 2 * (w * h + w * d + h * d) > 60_000 {
        return Err(BoardError::Invalid(format!("box {w}x{h}x{d} is out of range")));
    }
    let (wi, hi, di) = (w as i32, h as i32, d as i32);
    let normals: [(char, [i32; 3]); 6] =
        [('U', [0, 0, 1]), ('D', [0, 0, -1]), ('N', [0, 1, 0]), ('S', [0, -1, 0]), ('E', [1, 0, 0]), ('W', [-1, 0, 0])];
    let inside = |c: [i32; 3]| c[0] >= 0 && c[1] >= 0 && c[2] >= 0 && c[0] < wi && c[1] < hi && c[2] < di;
    let add = |a: [i32; 3], b: [i32; 3]| [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
    // Position of a face in the unfolded cross, and its two in-face coordinates for the label.
    let place = |side: char, c: [i32; 3]| -> ([i32; 2], [i32; 2]) {
        let [x, y, z] = c;
        match side {
            'U' => ([di + x, di + y], [x, y]),
            'N' => ([di + x, di + hi + (di - 1 - z)], [x, z]),
            'S' => ([di + x, z], [x, z]),
            'W' => ([z, di + y], [y, z]),
            'E' => ([di + wi + (di - 1 - z), di + y], [y, z]),
            _ => ([2 * di + wi + (wi - 1 - x), di + y], [x, y]),
        }
    };
    let mut b = BoardBuilder::new();
    b.relation("orthogonal");
    b.set_net(2 * (w + d), h + 2 * d);
    let mut ids = std::collections::HashMap::new();
    for (side, n) in normals {
        for z in 0..di {
            for y in 0..hi {
                for x in 0..wi {
                    let c = [x, y, z];
                    if inside(add(c, n)) {
                        continue;
                    }
                    let (net, uv) = place(side, c);
                    let id = b.add_node(NodeSpec {
                        label: format!("{side}{}.{}", uv[0] + 1, uv[1] + 1),
                        kind: "cell".into(),
                        colour: None,
                        zones: vec![side.to_string()],
                        pos: [net[0] as f32, net[1] as f32, 0.0],
                        coord: c,
                    })?;
                    ids.insert((c, n), id);
                }
            }
        }
    }
    for (&(c, n), &a) in &ids {
        for (_, t) in normals {
            if t.iter().zip(&n).any(|(p, q)| p * q != 0) {
                continue; // not perpendicular to the face
            }
            // On a convex box a face continues flat onto the next cube, or folds over the edge.
            let next = if inside(add(c, t)) { (add(c, t), n) } else { (c, t) };
            if let Some(&bn) = ids.get(&next) {
                b.add_edge(a, bn, EdgeSpec { relation: "orthogonal".into(), direction: None, via: None });
            }
        }
    }
    Ok(b)
}

/// Adds the relation `same-colour` to a coloured board: every `orthogonal` or `diagonal` neighbour of the
/// same colour, and the cell two steps away along an `orthogonal` direction when it has the same colour and
/// the cell between has another. The cell between must be empty to pass, unless `over_any`.
///
/// ```
/// use qipan::core::board::{NodeId, generators::{GridSpec, add_same_colour, grid}};
///
/// let spec = GridSpec { diagonal: true, checker: Some(["dark".into(), "light".into()]), ..GridSpec::new(5, 5) };
/// let board = add_same_colour(grid(&spec)?, false)?.build()?;
/// let same = board.relation("same-colour").unwrap();
/// let c3 = board.find("C3").unwrap();
/// let mut to: Vec<&str> = board.edges(same, c3).iter().map(|e| board.label(e.to)).collect();
/// to.sort();
/// assert_eq!(to, ["A3", "B2", "B4", "C1", "C5", "D2", "D4", "E3"]); // 4 diagonals, 4 jumps of two
/// let e = board.edges(same, c3).iter().find(|e| board.label(e.to) == "E3").unwrap();
/// assert_eq!(board.label(e.via), "D3");
/// // With `over_any`, the jumps pass over anything: no cell between is recorded.
/// let board = add_same_colour(grid(&spec)?, true)?.build()?;
/// assert!(board.edges(same, c3).iter().all(|e| e.via == NodeId::NONE));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn add_same_colour(b: BoardBuilder, over_any: bool) -> Result<BoardBuilder, BoardError> {
    let board = b.clone().build()?;
    let mut b = b;
    b.relation("same-colour");
    let (Some(orth), diag) = (board.relation("orthogonal"), board.relation("diagonal")) else {
        return Err(BoardError::Invalid("same-colour needs an orthogonal relation".into()));
    };
    for a in board.node_ids() {
        let ca = board.node(a).colour;
        if ca.is_none() {
            continue;
        }
        // Neighbours of the same colour (the diagonals on a checkerboard, along the rays on stripes).
        for rel in [Some(orth), diag].into_iter().flatten() {
            for e in board.edges(rel, a) {
                if board.node(e.to).colour == ca {
                    let direction = e.dir.map(|d| board.directions()[d.0 as usize].name.clone());
                    b.add_edge(a, e.to, EdgeSpec { relation: "same-colour".into(), direction, via: None });
                }
            }
        }
        // Jumps of two over a node of another colour.
        for e in board.edges(orth, a) {
            let Some(d) = e.dir else { continue };
            let c = board.next(orth, d, e.to);
            if c.is_some() && c != a && board.node(c).colour == ca && board.node(e.to).colour != ca {
                let direction = Some(board.directions()[d.0 as usize].name.clone());
                let via = if over_any { None } else { Some(e.to) };
                b.add_edge(a, c, EdgeSpec { relation: "same-colour".into(), direction, via });
            }
        }
    }
    Ok(b)
}

/// A round board for tests: 5 rings of 100 cells, 25 eyes linked to sectors 4e+1 and 4e+2, a hub,
/// diagonals and a checkerboard.
#[cfg(test)]
pub(crate) fn five_rings() -> PolarSpec {
    PolarSpec {
        rings: 5,
        sectors: 100,
        eyes: 25,
        eye_links: vec![1, 2],
        hub: true,
        checker: Some(["white".into(), "black".into()]),
        diagonal: true,
        ..PolarSpec::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_labels_skip_i() {
        let b = grid(&GridSpec::new(19, 19)).unwrap().build().unwrap();
        assert_eq!(b.len(), 361);
        assert!(b.find("J10").is_some());
        assert!(b.find("I10").is_none());
        assert_eq!(b.label(NodeId(0)), "A1");
        assert_eq!(b.label(NodeId(18)), "T1");
    }

    #[test]
    fn orthogonal_degrees_and_directions() {
        let b = grid(&GridSpec::new(9, 9)).unwrap().build().unwrap();
        let orth = b.relation("orthogonal").unwrap();
        let corner = b.find("A1").unwrap();
        let edge = b.find("E1").unwrap();
        let centre = b.find("E5").unwrap();
        assert_eq!(b.edges(orth, corner).len(), 2);
        assert_eq!(b.edges(orth, edge).len(), 3);
        assert_eq!(b.edges(orth, centre).len(), 4);
        let n = b.direction("n").unwrap();
        assert_eq!(b.next(orth, n, centre), b.find("E6").unwrap());
        assert_eq!(b.next(orth, b.direction("s").unwrap(), edge), NodeId::NONE);
        assert_eq!(b.directions()[n.0 as usize].opposite, b.direction("s"));
    }

    #[test]
    fn mask_removes_nodes_and_edges() {
        let mut s = GridSpec::new(3, 3);
        s.mask = Some(vec!["...".into(), ".#.".into(), "...".into()]);
        let b = grid(&s).unwrap().build().unwrap();
        assert_eq!(b.len(), 8);
        assert!(b.find("B2").is_none());
        let orth = b.relation("orthogonal").unwrap();
        assert_eq!(b.edges(orth, b.find("B1").unwrap()).len(), 2);
    }

    #[test]
    fn mask_with_wrong_rows_is_an_error() {
        let mut s = GridSpec::new(3, 3);
        s.mask = Some(vec!["...".into()]);
        assert!(grid(&s).is_err());
    }

    #[test]
    fn box_surface_counts_and_adjacency() {
        let b = box_surface(3, 3, 3).unwrap().build().unwrap();
        assert_eq!(b.len(), 54);
        let orth = b.relation("orthogonal").unwrap();
        // Every cell of a box surface has exactly four neighbours, also at edges and corners.
        for n in b.node_ids() {
            assert_eq!(b.edges(orth, n).len(), 4, "{}", b.label(n));
            for e in b.edges(orth, n) {
                assert!(b.edges(orth, e.to).iter().any(|x| x.to == n), "symmetric");
            }
        }
        // The top's corner touches the north and west faces.
        let corner = b.find("U1.3").unwrap();
        let labels: Vec<&str> = b.edges(orth, corner).iter().map(|e| b.label(e.to)).collect();
        assert!(labels.contains(&"N1.3") && labels.contains(&"W3.3"), "{labels:?}");
        let flat = box_surface(4, 2, 1).unwrap().build().unwrap();
        assert_eq!(flat.len(), 2 * (8 + 4 + 2));
    }

    #[test]
    fn grid3d_adjacency() {
        let b = grid3d(3, 3, 3).unwrap().build().unwrap();
        assert_eq!(b.len(), 27);
        let orth = b.relation("orthogonal").unwrap();
        assert_eq!(b.edges(orth, b.find("B2.2").unwrap()).len(), 6);
        assert_eq!(b.edges(orth, b.find("A1.1").unwrap()).len(), 3);
    }

    fn five_ring_board() -> crate::board::Board {
        add_same_colour(polar(&five_rings()).unwrap(), false).unwrap().build().unwrap()
    }

    #[test]
    fn polar_board_counts() {
        let b = five_ring_board();
        assert_eq!(b.len(), 500 + 25 + 1);
        let eye = b.relation("eye").unwrap();
        let e0 = b.find("eye0").unwrap();
        let linked: Vec<_> = b.edges(eye, e0).iter().map(|e| b.label(e.to).to_string()).collect();
        assert_eq!(linked, vec!["r1s1", "r1s2"]);
        let hub = b.relation("hub").unwrap();
        assert_eq!(b.edges(hub, e0).len(), 24);
        // Sectors wrap: the ccw neighbour of sector 99 is sector 0.
        let orth = b.relation("orthogonal").unwrap();
        let ccw = b.direction("ccw").unwrap();
        assert_eq!(b.next(orth, ccw, b.find("r3s99").unwrap()), b.find("r3s0").unwrap());
        // Ring 1 has no inward diagonals; ring-3 cells have four diagonals.
        let diag = b.relation("diagonal").unwrap();
        assert_eq!(b.edges(diag, b.find("r1s5").unwrap()).len(), 2);
        assert_eq!(b.edges(diag, b.find("r3s5").unwrap()).len(), 4);
    }

    #[test]
    fn same_colour_relation() {
        let b = five_ring_board();
        let sc = b.relation("same-colour").unwrap();
        let a = b.find("r3s5").unwrap();
        // 4 diagonals + 4 orthogonal jumps of two.
        let edges = b.edges(sc, a);
        assert_eq!(edges.len(), 8);
        let jump = edges.iter().find(|e| b.label(e.to) == "r3s7").unwrap();
        assert_eq!(b.label(jump.via), "r3s6");
        for e in edges {
            assert_eq!(b.node(e.to).colour, b.node(a).colour);
        }
        // Ring 1: no inward diagonals or jumps: 2 diagonals out, 2 sideways jumps, 1 jump out.
        assert_eq!(b.edges(sc, b.find("r1s5").unwrap()).len(), 5);
    }
}
