//! Boards as graphs.
//!
//! A [`Board`] is built once per game by a [`BoardBuilder`] (which keeps a petgraph graph while the
//! shape is being assembled) and then flattened into plain arrays: per relation an adjacency list,
//! per direction a "next node" table. The hot path reads only those arrays.

pub mod alternate;
pub mod builder;
pub mod centres;
pub mod generators;
pub mod handicap;
pub mod hex;
pub mod mancala;
pub mod morris;
pub mod nodeset;
pub mod triangle;

pub use builder::{BoardBuilder, BoardError, EdgeSpec, NodeSpec};
pub use hex::HexShape;
pub use nodeset::NodeSet;

use std::collections::HashMap;
use std::fmt;

/// Index of a node of a board. Boards have at most 65,534 nodes.
///
/// ```
/// use qipan::core::board::NodeId;
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let a2: NodeId = game.board.find("A2").unwrap();
/// assert_eq!(a2, NodeId(9)); // nodes are numbered row by row from A1
/// assert_eq!(game.board.label(a2), "A2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct NodeId(pub u16);

/// Node ids index the per-node arrays of a board and of a position; [`NodeId::NONE`] stands for "no node".
///
/// ```
/// use qipan::core::board::NodeId;
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let ids: Vec<NodeId> = game.board.node_ids().filter(|n| game.board.label(*n).starts_with('A')).collect();
/// assert_eq!(ids.iter().map(|n| n.idx()).collect::<Vec<_>>(), [0, 9, 18, 27, 36, 45, 54, 63, 72]);
/// assert!(ids.iter().all(|n| n.is_some()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl NodeId {
    /// "No node": the end of a line, a move without origin, ...
    pub const NONE: NodeId = NodeId(u16::MAX);

    /// The node's index into per-node arrays.
    ///
    /// ```
    /// use qipan::core::SeatId;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// let c3 = game.board.find("C3").unwrap();
    /// pos.play(&qipan::core::notation::parse_move(&pos, "C3")?)?;
    /// assert_eq!(c3.idx(), 20);
    /// assert_eq!(pos.cells()[c3.idx()].map(|p| p.seat), Some(SeatId(0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn idx(self) -> usize {
        self.0 as usize
    }

    /// True unless this is [`NodeId::NONE`].
    ///
    /// ```
    /// use qipan::core::board::NodeId;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let (orth, n) = (game.board.relation("orthogonal").unwrap(), game.board.direction("n").unwrap());
    /// let e9 = game.board.find("E9").unwrap();
    /// assert!(e9.is_some());
    /// assert!(!game.board.next(orth, n, e9).is_some()); // nothing above the top edge
    /// assert!(!NodeId::NONE.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_some(self) -> bool {
        self != Self::NONE
    }
}

/// Index of a relation (orthogonal, diagonal, a named link, ...) of a board.
///
/// ```
/// use qipan::core::board::RelationId;
///
/// let game = qipan::load("chess", &[])?;
/// let diagonal: RelationId = game.board.relation("diagonal").unwrap();
/// assert_eq!(game.board.relation_names()[diagonal.0 as usize], "diagonal");
/// let c1 = game.board.find("c1").unwrap();
/// assert_eq!(game.board.edges(diagonal, c1).len(), 2); // b2 and d2
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct RelationId(pub u8);

/// Index of a direction of a board (n, ne, out, cw, ...).
///
/// ```
/// use qipan::core::board::DirectionId;
///
/// let game = qipan::load("chess", &[])?;
/// let board = &game.board;
/// let ne: DirectionId = board.direction("ne").unwrap();
/// assert_eq!(board.directions()[ne.0 as usize].name, "ne");
/// let diagonal = board.relation("diagonal").unwrap();
/// let e4 = board.find("e4").unwrap();
/// assert_eq!(board.label(board.next(diagonal, ne, e4)), "f5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct DirectionId(pub u8);

/// A named direction; on generated boards it carries a vector so patterns can ask for
/// "the diagonals that continue outward from this orthogonal step".
///
/// ```
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let board = &game.board;
/// let ne = &board.directions()[board.direction("ne").unwrap().0 as usize];
/// assert_eq!(ne.vector, Some([1, 1, 0]));
/// assert_eq!(ne.opposite, board.direction("sw"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Direction {
    /// Name used in definitions (`n`, `ne`, `out`, `ccw`, ...).
    pub name: String,
    /// Unit vector in the generator's own coordinates, when it has one.
    pub vector: Option<[i32; 3]>,
    /// The direction that goes back, when there is one.
    pub opposite: Option<DirectionId>,
}

/// What a node of the board is, for drawing and for conditions.
///
/// ```
/// let game = qipan::load("chess", &[])?;
/// let board = &game.board;
/// let info = board.node(board.find("e1").unwrap());
/// assert_eq!(info.label, "e1");
/// assert_eq!(board.kind_names()[info.kind as usize], "cell");
/// assert_eq!(info.colour.map(|c| board.colour_names()[c as usize].as_str()), Some("dark"));
/// assert_eq!(info.zones, 1 << board.zone("rank1").unwrap());
/// assert_eq!((info.coord, info.pos), ([4, 0, 0], [4.0, 0.0, 0.0]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct NodeInfo {
    /// Human label (`D4`, `r3s47`, `eye12`); unique on a board.
    pub label: String,
    /// Node kind index into [`Board::kind_names`] (cell, point, eye, hub, ...).
    pub kind: u8,
    /// Colour index into [`Board::colour_names`], if the node is coloured.
    pub colour: Option<u8>,
    /// Zone membership, one bit per index of [`Board::zone_names`].
    pub zones: u64,
    /// Drawing coordinates (board units; y grows upwards).
    pub pos: [f32; 3],
    /// The generator's integer coordinates (column, row, layer or ring, sector, 0).
    pub coord: [i32; 3],
}

/// An edge as the flattened board keeps it.
///
/// ```
/// use qipan::core::board::NodeId;
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let board = &game.board;
/// let orth = board.relation("orthogonal").unwrap();
/// let edges = board.edges(orth, board.find("A1").unwrap());
/// let to: Vec<&str> = edges.iter().map(|e| board.label(e.to)).collect();
/// assert_eq!(to, ["A2", "B1"]); // sorted by direction, then target
/// let dirs: Vec<&str> = edges.iter().map(|e| board.directions()[e.dir.unwrap().0 as usize].name.as_str()).collect();
/// assert_eq!(dirs, ["n", "e"]);
/// assert!(edges.iter().all(|e| e.via == NodeId::NONE)); // plain steps jump over nothing
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    /// Where the edge leads.
    pub to: NodeId,
    /// Its direction, for relations whose lines are straight.
    pub dir: Option<DirectionId>,
    /// A node passed over that must be empty for the edge to be usable (a jump over one cell).
    pub via: NodeId,
}

/// A flattened, immutable board graph.
///
/// Every game has one ([`Game::board`](crate::Game::board)); generators build them too (see [`generators`]).
///
/// ```
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let board = &game.board;
/// assert_eq!(board.len(), 81);
/// let orth = board.relation("orthogonal").unwrap();
/// let e5 = board.find("E5").unwrap();
/// assert_eq!(board.edges(orth, e5).len(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Board {
    nodes: Vec<NodeInfo>,
    relation_names: Vec<String>,
    directions: Vec<Direction>,
    kind_names: Vec<String>,
    colour_names: Vec<String>,
    zone_names: Vec<String>,
    /// Per relation: CSR offsets (len = nodes + 1) into `edges[rel]`.
    offsets: Vec<Vec<u32>>,
    edges: Vec<Vec<Edge>>,
    /// `next[rel][dir * n + node]`: the neighbour one step in that direction, or NONE.
    next: Vec<Vec<NodeId>>,
    /// `next_via[rel][dir * n + node]`: the node jumped over by that step (NONE for plain steps);
    /// empty for relations without jumps.
    next_via: Vec<Vec<NodeId>>,
    by_label: HashMap<String, NodeId>,
    /// The length in bytes of the longest label: a longer text is no label, which [`Board::find`] sees
    /// without hashing it (so reading move text stays linear in its length).
    longest_label: usize,
    zone_sets: Vec<NodeSet>,
    /// Zone bits per node, apart from the rest of the node's description (read on the hot path).
    pub(crate) zone_bits: Vec<u64>,
    /// Whether following some direction of some relation comes back to where it started (rings).
    pub(crate) lines_cycle: bool,
    /// Width and height of the picture grid, and whether it has coordinates (for diagrams).
    pub(crate) grid: Option<(u32, u32, bool)>,
    /// The outline the hexagonal generator built (for pictures).
    pub(crate) hex: Option<HexShape>,
    /// Named orders of nodes (the paths seeds are sown along).
    pub(crate) tracks: Vec<Track>,
    /// Whether a node holds a count of identical pieces (seeds) beside its piece.
    pub(crate) counts: bool,
    /// The highest column a node may hold (0: one piece a node).
    pub(crate) stacks: u8,
    /// Where the pieces a column loses off its bottom go when it grows above `stacks`.
    pub(crate) overflow: Overflow,
}

/// Where the pieces go that a column loses off its bottom when a move makes it higher than the
/// board's limit (`stacks: { height: 5, overflow: reserve }`).
///
/// ```
/// use qipan::core::board::Overflow;
///
/// assert_eq!(qipan::load("focus", &[])?.board.overflow(), Overflow::Reserve);
/// assert_eq!(qipan::load("lasca", &[])?.board.overflow(), Overflow::Remove);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Overflow {
    /// Off the board: an enemy's piece counts as a capture by the mover, the mover's own is lost.
    #[default]
    Remove,
    /// An enemy's piece counts as a capture by the mover; the mover's own goes to its reserve, to be
    /// dropped again (Focus).
    Reserve,
}

/// A track: a named order of nodes, cyclic or not, along which seeds are sown.
///
/// ```
/// let game = qipan::load("kalah", &[])?;
/// let t = game.board.track("anticlockwise").unwrap();
/// let track = &game.board.tracks()[t];
/// let labels: Vec<&str> = track.nodes.iter().map(|&n| game.board.label(n)).collect();
/// assert_eq!(labels.join(" "), "a1 b1 c1 d1 e1 f1 store1 f2 e2 d2 c2 b2 a2 store2");
/// assert!(track.cyclic);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Track {
    /// Its name (`anticlockwise`).
    pub name: String,
    /// The nodes in order.
    pub nodes: Vec<NodeId>,
    /// Whether the last node is followed by the first.
    pub cyclic: bool,
}

/// Reading a board: its nodes and labels, the edges and straight lines of its relations, and the
/// names of its directions, zones, node kinds and colours.
///
/// ```
/// let game = qipan::load("chess", &[])?;
/// let board = &game.board;
/// let (diagonal, ne) = (board.relation("diagonal").unwrap(), board.direction("ne").unwrap());
/// // Walk the long diagonal from a1.
/// let (mut at, mut line) = (board.find("a1").unwrap(), vec![]);
/// while at.is_some() {
///     line.push(board.label(at));
///     at = board.next(diagonal, ne, at);
/// }
/// assert_eq!(line.join(" "), "a1 b2 c3 d4 e5 f6 g7 h8");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Board {
    /// Number of nodes.
    ///
    /// ```
    /// let game = qipan::load("go", &[("size".into(), "13".into())])?;
    /// assert_eq!(game.board.len(), 169);
    /// let field = qipan::load("field-go", &[("komi".into(), "0".into())])?;
    /// assert_eq!(field.board.len(), 11 * 11 - 17); // the sample board has 17 shaded cells
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True for a board without nodes (never built by the generators).
    ///
    /// ```
    /// use qipan::core::board::BoardBuilder;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// assert!(!game.board.is_empty());
    /// assert!(BoardBuilder::new().build()?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// All node ids in index order.
    ///
    /// ```
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let labels: Vec<&str> = game.board.node_ids().map(|n| game.board.label(n)).collect();
    /// assert_eq!(labels.len(), 81);
    /// assert_eq!(labels[..3], ["A1", "B1", "C1"]);
    /// assert_eq!(labels[80], "J9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn node_ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.nodes.len() as u16).map(NodeId)
    }

    /// Information about one node.
    ///
    /// ```
    /// let game = qipan::load("he-qi", &[])?;
    /// let board = &game.board;
    /// let eye = board.node(board.find("eye3").unwrap());
    /// assert_eq!(board.kind_names()[eye.kind as usize], "eye");
    /// assert_eq!(eye.colour, None);
    /// let cell = board.node(board.find("r2s7").unwrap());
    /// assert_eq!(cell.coord, [2, 7, 0]); // ring 2, sector 7
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn node(&self, id: NodeId) -> &NodeInfo {
        &self.nodes[id.idx()]
    }

    /// The node's label.
    ///
    /// ```
    /// use qipan::core::board::NodeId;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// assert_eq!(game.board.label(NodeId(0)), "a1");
    /// assert_eq!(game.board.label(NodeId(63)), "h8");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn label(&self, id: NodeId) -> &str {
        &self.nodes[id.idx()].label
    }

    /// Finds a node by its label (case-insensitive for ASCII letters).
    ///
    /// ```
    /// let game = qipan::load("go", &[("size".into(), "19".into())])?;
    /// let d4 = game.board.find("D4").unwrap();
    /// assert_eq!(game.board.find("d4"), Some(d4));
    /// assert_eq!(game.board.find("I9"), None); // Go labels skip the letter I
    /// assert_eq!(game.board.find("Z99"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find(&self, label: &str) -> Option<NodeId> {
        if label.len() > self.longest_label {
            return None;
        }
        self.by_label
            .get(label)
            .or_else(|| self.by_label.get(&label.to_ascii_uppercase()))
            .or_else(|| self.by_label.get(&label.to_ascii_lowercase()))
            .copied()
    }

    /// The edges of `rel` leaving `node`.
    ///
    /// ```
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let board = &game.board;
    /// let orth = board.relation("orthogonal").unwrap();
    /// let degree = |label| board.edges(orth, board.find(label).unwrap()).len();
    /// assert_eq!((degree("A1"), degree("E1"), degree("E5")), (2, 3, 4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn edges(&self, rel: RelationId, node: NodeId) -> &[Edge] {
        let off = &self.offsets[rel.0 as usize];
        let (a, b) = (off[node.idx()] as usize, off[node.idx() + 1] as usize);
        &self.edges[rel.0 as usize][a..b]
    }

    /// The neighbour of `node` one step along `dir` of `rel`, or [`NodeId::NONE`].
    ///
    /// ```
    /// use qipan::core::board::NodeId;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let board = &game.board;
    /// let orth = board.relation("orthogonal").unwrap();
    /// let (n, s) = (board.direction("n").unwrap(), board.direction("s").unwrap());
    /// assert_eq!(board.label(board.next(orth, n, board.find("E5").unwrap())), "E6");
    /// assert_eq!(board.next(orth, s, board.find("E1").unwrap()), NodeId::NONE);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn next(&self, rel: RelationId, dir: DirectionId, node: NodeId) -> NodeId {
        self.next[rel.0 as usize][dir.0 as usize * self.nodes.len() + node.idx()]
    }

    /// Whether some straight line of the board closes on itself (the rings of a polar board), so that
    /// one slide can reach a node in two directions.
    ///
    /// ```
    /// assert!(qipan::load("he-qi", &[])?.board.lines_cycle());
    /// assert!(!qipan::load("chess", &[])?.board.lines_cycle());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn lines_cycle(&self) -> bool {
        self.lines_cycle
    }

    /// The node jumped over by the step from `node` along `dir` of `rel` ([`NodeId::NONE`] if none).
    ///
    /// ```
    /// use qipan::core::board::NodeId;
    ///
    /// // He Qi's same-colour steps include jumps of two over a cell of the other colour.
    /// let game = qipan::load("he-qi", &[])?;
    /// let board = &game.board;
    /// let same_colour = board.relation("same-colour").unwrap();
    /// let ccw = board.direction("ccw").unwrap();
    /// let from = board.find("r3s5").unwrap();
    /// assert_eq!(board.label(board.next(same_colour, ccw, from)), "r3s7");
    /// assert_eq!(board.label(board.next_via(same_colour, ccw, from)), "r3s6");
    /// let orth = board.relation("orthogonal").unwrap();
    /// assert_eq!(board.next_via(orth, ccw, from), NodeId::NONE);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn next_via(&self, rel: RelationId, dir: DirectionId, node: NodeId) -> NodeId {
        match &self.next_via[rel.0 as usize] {
            v if v.is_empty() => NodeId::NONE,
            v => v[dir.0 as usize * self.nodes.len() + node.idx()],
        }
    }

    /// The relation names, indexed by [`RelationId`].
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// assert_eq!(game.board.relation_names(), ["orthogonal", "diagonal"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn relation_names(&self) -> &[String] {
        &self.relation_names
    }

    /// Looks a relation up by name.
    ///
    /// ```
    /// use qipan::core::board::RelationId;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// assert_eq!(game.board.relation("diagonal"), Some(RelationId(1)));
    /// assert_eq!(game.board.relation("hub"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn relation(&self, name: &str) -> Option<RelationId> {
        self.relation_names.iter().position(|r| r == name).map(|i| RelationId(i as u8))
    }

    /// The directions, indexed by [`DirectionId`].
    ///
    /// ```
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let names: Vec<&str> = game.board.directions().iter().map(|d| d.name.as_str()).collect();
    /// assert_eq!(names, ["n", "e", "s", "w", "ne", "se", "sw", "nw"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn directions(&self) -> &[Direction] {
        &self.directions
    }

    /// Looks a direction up by name.
    ///
    /// ```
    /// use qipan::core::board::DirectionId;
    ///
    /// let game = qipan::load("he-qi", &[])?;
    /// let ccw = game.board.direction("ccw").unwrap();
    /// assert_eq!(game.board.directions()[ccw.0 as usize].name, "ccw");
    /// assert_eq!(game.board.direction("ne"), None::<DirectionId>); // no compass on a round board
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn direction(&self, name: &str) -> Option<DirectionId> {
        self.directions.iter().position(|d| d.name == name).map(|i| DirectionId(i as u8))
    }

    /// Directions used by at least one edge of `rel`.
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let board = &game.board;
    /// let names = |rel| -> Vec<&str> {
    ///     board.relation_directions(rel).iter().map(|d| board.directions()[d.0 as usize].name.as_str()).collect()
    /// };
    /// assert_eq!(names(board.relation("orthogonal").unwrap()), ["n", "e", "s", "w"]);
    /// assert_eq!(names(board.relation("diagonal").unwrap()), ["ne", "se", "sw", "nw"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn relation_directions(&self, rel: RelationId) -> Vec<DirectionId> {
        let n = self.nodes.len();
        (0..self.directions.len())
            .filter(|d| self.next[rel.0 as usize][d * n..(d + 1) * n].iter().any(|x| x.is_some()))
            .map(|d| DirectionId(d as u8))
            .collect()
    }

    /// Node kind names (index = [`NodeInfo::kind`]).
    ///
    /// ```
    /// let game = qipan::load("he-qi", &[])?;
    /// assert_eq!(game.board.kind_names(), ["cell", "eye", "hub"]);
    /// let hub = game.board.find("hub").unwrap();
    /// assert_eq!(game.board.kind_names()[game.board.node(hub).kind as usize], "hub");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn kind_names(&self) -> &[String] {
        &self.kind_names
    }

    /// Node colour names (index = [`NodeInfo::colour`]).
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// assert_eq!(game.board.colour_names(), ["dark", "light"]);
    /// let h1 = game.board.node(game.board.find("h1").unwrap());
    /// assert_eq!(h1.colour, Some(1)); // h1 is a light square
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn colour_names(&self) -> &[String] {
        &self.colour_names
    }

    /// Zone names (bit index in [`NodeInfo::zones`]).
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// assert_eq!(game.board.zone_names(), ["rank1", "rank2", "rank7", "rank8"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn zone_names(&self) -> &[String] {
        &self.zone_names
    }

    /// The zones of a node, one bit each.
    ///
    /// ```
    /// let game = qipan::load("xiangqi", &[])?;
    /// let board = &game.board;
    /// let e1 = board.find("e1").unwrap();
    /// let zones = board.zones_of(e1);
    /// assert_ne!(zones & 1 << board.zone("red_palace").unwrap(), 0);
    /// assert_ne!(zones & 1 << board.zone("red_side").unwrap(), 0);
    /// assert_eq!(zones & 1 << board.zone("black_side").unwrap(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn zones_of(&self, n: NodeId) -> u64 {
        self.zone_bits[n.idx()]
    }

    /// Looks up a zone by name.
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// assert_eq!(game.board.zone("rank8"), Some(3));
    /// assert_eq!(game.board.zone("rank3"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn zone(&self, name: &str) -> Option<u8> {
        self.zone_names.iter().position(|z| z == name).map(|i| i as u8)
    }

    /// Looks up a node kind by name.
    ///
    /// ```
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// assert_eq!(game.board.kind("point"), Some(0)); // Go stones go on points
    /// assert_eq!(game.board.kind("cell"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn kind(&self, name: &str) -> Option<u8> {
        self.kind_names.iter().position(|z| z == name).map(|i| i as u8)
    }

    /// Looks up a node colour by name.
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let light = game.board.colour("light").unwrap();
    /// let d1 = game.board.find("d1").unwrap();
    /// assert_eq!(game.board.node(d1).colour, Some(light)); // the queen stands on her colour
    /// assert_eq!(game.board.colour("red"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn colour(&self, name: &str) -> Option<u8> {
        self.colour_names.iter().position(|z| z == name).map(|i| i as u8)
    }

    /// The nodes of a zone.
    ///
    /// ```
    /// let game = qipan::load("xiangqi", &[])?;
    /// let board = &game.board;
    /// let palace = board.zone_set(board.zone("black_palace").unwrap());
    /// assert_eq!(palace.count(), 9);
    /// assert!(palace.contains(board.find("e9").unwrap()));
    /// assert!(!palace.contains(board.find("e1").unwrap()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn zone_set(&self, zone: u8) -> &NodeSet {
        &self.zone_sets[zone as usize]
    }

    /// Columns and rows when the board is drawn as a 2-D grid, and whether the grid has coordinates.
    ///
    /// ```
    /// assert_eq!(qipan::load("xiangqi", &[])?.board.grid_size(), Some((9, 10, true)));
    /// // The six faces of a 2×2×2 box, unfolded into a picture 8 wide and 6 high, have no coordinates.
    /// let options = [("board", "box"), ("box_width", "2"), ("box_height", "2"), ("box_depth", "2"), ("komi", "0")];
    /// let options: Vec<(String, String)> = options.iter().map(|&(k, v)| (k.into(), v.into())).collect();
    /// assert_eq!(qipan::load("field-go", &options)?.board.grid_size(), Some((8, 6, false)));
    /// assert_eq!(qipan::load("he-qi", &[])?.board.grid_size(), None); // round
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grid_size(&self) -> Option<(u32, u32, bool)> {
        self.grid
    }

    /// The outline of a board the hexagonal generator built ([`hex`]), for pictures. A definition may
    /// have added nodes to it since: pictures draw it as a honeycomb only when its nodes are still the
    /// generator's.
    ///
    /// ```
    /// use qipan::core::board::{HexShape, hex::{HexSpec, hex}};
    ///
    /// let board = hex(&HexSpec::rhombus(11, 11))?.build()?;
    /// assert_eq!(board.hex_shape(), Some(HexShape::Rhombus { width: 11, height: 11 }));
    /// assert_eq!(board.grid_size(), None); // not a square grid
    /// assert_eq!(qipan::load("chess", &[])?.board.hex_shape(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hex_shape(&self) -> Option<HexShape> {
        self.hex
    }

    /// The board's tracks (see [`Track`]).
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// assert!(game.board.tracks().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tracks(&self) -> &[Track] {
        &self.tracks
    }

    /// The index of the track with this name.
    ///
    /// ```
    /// let game = qipan::load("oware", &[])?;
    /// assert_eq!(game.board.track("anticlockwise"), Some(0));
    /// assert_eq!(game.board.track("sideways"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn track(&self, name: &str) -> Option<usize> {
        self.tracks.iter().position(|t| t.name == name)
    }

    /// Whether a node holds a count of seeds (a sowing board) rather than at most one piece.
    ///
    /// ```
    /// assert!(qipan::load("kalah", &[])?.board.has_counts());
    /// assert!(!qipan::load("chess", &[])?.board.has_counts());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn has_counts(&self) -> bool {
        self.counts
    }

    /// The highest column of pieces a node may hold, on a board with stacks (0 otherwise).
    ///
    /// ```
    /// assert_eq!(qipan::load("lasca", &[])?.board.stack_height(), 22);
    /// assert_eq!(qipan::load("chess", &[])?.board.stack_height(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn stack_height(&self) -> u8 {
        self.stacks
    }

    /// Where the pieces go that a column loses off its bottom above [`Board::stack_height`].
    ///
    /// ```
    /// use qipan::core::board::Overflow;
    ///
    /// let game = qipan::load("focus", &[])?;
    /// assert_eq!((game.board.stack_height(), game.board.overflow()), (5, Overflow::Reserve));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn overflow(&self) -> Overflow {
        self.overflow
    }

    /// Number of edges of a relation (each direction counted).
    ///
    /// ```
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let orth = game.board.relation("orthogonal").unwrap();
    /// // 9 rows and 9 columns of 8 links each, every link an edge each way.
    /// assert_eq!(game.board.edge_count(orth), 2 * (9 * 8 + 9 * 8));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn edge_count(&self, rel: RelationId) -> usize {
        self.edges[rel.0 as usize].len()
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
