//! Boards as graphs.
//!
//! A [`Board`] is built once per game by a [`BoardBuilder`] (which keeps a petgraph graph while the
//! shape is being assembled) and then flattened into plain arrays: per relation an adjacency list,
//! per direction a "next node" table. The hot path reads only those arrays.

mod builder;
pub mod generators;
mod nodeset;

pub use builder::{BoardBuilder, BoardError, EdgeSpec, NodeSpec};
pub use nodeset::NodeSet;

use std::collections::HashMap;
use std::fmt;

/// Index of a node of a board. Boards have at most 65,534 nodes.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct NodeId(pub u16);

impl NodeId {
    /// "No node": the end of a line, a move without origin, ...
    pub const NONE: NodeId = NodeId(u16::MAX);

    /// The node's index into per-node arrays.
    #[inline]
    pub fn idx(self) -> usize {
        self.0 as usize
    }

    /// True unless this is [`NodeId::NONE`].
    #[inline]
    pub fn is_some(self) -> bool {
        self != Self::NONE
    }
}

/// Index of a relation (orthogonal, diagonal, a named link, ...) of a board.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct RelationId(pub u8);

/// Index of a direction of a board (n, ne, out, cw, ...).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct DirectionId(pub u8);

/// A named direction; on generated boards it carries a vector so patterns can ask for
/// "the diagonals that continue outward from this orthogonal step".
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
    zone_sets: Vec<NodeSet>,
    /// Zone bits per node, apart from the rest of the node's description (read on the hot path).
    pub(crate) zone_bits: Vec<u64>,
    /// Whether following some direction of some relation comes back to where it started (rings).
    pub(crate) lines_cycle: bool,
    /// Width and height of the picture grid, and whether it has coordinates (for diagrams).
    pub(crate) grid: Option<(u32, u32, bool)>,
}

impl Board {
    /// Number of nodes.
    #[inline]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True for a board without nodes (never built by the generators).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// All node ids in index order.
    pub fn node_ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.nodes.len() as u16).map(NodeId)
    }

    /// Information about one node.
    #[inline]
    pub fn node(&self, id: NodeId) -> &NodeInfo {
        &self.nodes[id.idx()]
    }

    /// The node's label.
    pub fn label(&self, id: NodeId) -> &str {
        &self.nodes[id.idx()].label
    }

    /// Finds a node by its label (case-insensitive for ASCII letters).
    pub fn find(&self, label: &str) -> Option<NodeId> {
        self.by_label
            .get(label)
            .or_else(|| self.by_label.get(&label.to_ascii_uppercase()))
            .or_else(|| self.by_label.get(&label.to_ascii_lowercase()))
            .copied()
    }

    /// The edges of `rel` leaving `node`.
    #[inline]
    pub fn edges(&self, rel: RelationId, node: NodeId) -> &[Edge] {
        let off = &self.offsets[rel.0 as usize];
        let (a, b) = (off[node.idx()] as usize, off[node.idx() + 1] as usize);
        &self.edges[rel.0 as usize][a..b]
    }

    /// The neighbour of `node` one step along `dir` of `rel`, or [`NodeId::NONE`].
    #[inline]
    pub fn next(&self, rel: RelationId, dir: DirectionId, node: NodeId) -> NodeId {
        self.next[rel.0 as usize][dir.0 as usize * self.nodes.len() + node.idx()]
    }

    /// Whether some straight line of the board closes on itself (the rings of a polar board), so that
    /// one slide can reach a node in two directions.
    pub fn lines_cycle(&self) -> bool {
        self.lines_cycle
    }

    /// The node jumped over by the step from `node` along `dir` of `rel` ([`NodeId::NONE`] if none).
    #[inline]
    pub fn next_via(&self, rel: RelationId, dir: DirectionId, node: NodeId) -> NodeId {
        match &self.next_via[rel.0 as usize] {
            v if v.is_empty() => NodeId::NONE,
            v => v[dir.0 as usize * self.nodes.len() + node.idx()],
        }
    }

    /// The relation names, indexed by [`RelationId`].
    pub fn relation_names(&self) -> &[String] {
        &self.relation_names
    }

    /// Looks a relation up by name.
    pub fn relation(&self, name: &str) -> Option<RelationId> {
        self.relation_names.iter().position(|r| r == name).map(|i| RelationId(i as u8))
    }

    /// The directions, indexed by [`DirectionId`].
    pub fn directions(&self) -> &[Direction] {
        &self.directions
    }

    /// Looks a direction up by name.
    pub fn direction(&self, name: &str) -> Option<DirectionId> {
        self.directions.iter().position(|d| d.name == name).map(|i| DirectionId(i as u8))
    }

    /// Directions used by at least one edge of `rel`.
    pub fn relation_directions(&self, rel: RelationId) -> Vec<DirectionId> {
        let n = self.nodes.len();
        (0..self.directions.len())
            .filter(|d| self.next[rel.0 as usize][d * n..(d + 1) * n].iter().any(|x| x.is_some()))
            .map(|d| DirectionId(d as u8))
            .collect()
    }

    /// Node kind names (index = [`NodeInfo::kind`]).
    pub fn kind_names(&self) -> &[String] {
        &self.kind_names
    }

    /// Node colour names (index = [`NodeInfo::colour`]).
    pub fn colour_names(&self) -> &[String] {
        &self.colour_names
    }

    /// Zone names (bit index in [`NodeInfo::zones`]).
    pub fn zone_names(&self) -> &[String] {
        &self.zone_names
    }

    /// The zones of a node, one bit each.
    #[inline]
    pub fn zones_of(&self, n: NodeId) -> u64 {
        self.zone_bits[n.idx()]
    }

    /// Looks up a zone by name.
    pub fn zone(&self, name: &str) -> Option<u8> {
        self.zone_names.iter().position(|z| z == name).map(|i| i as u8)
    }

    /// Looks up a node kind by name.
    pub fn kind(&self, name: &str) -> Option<u8> {
        self.kind_names.iter().position(|z| z == name).map(|i| i as u8)
    }

    /// Looks up a node colour by name.
    pub fn colour(&self, name: &str) -> Option<u8> {
        self.colour_names.iter().position(|z| z == name).map(|i| i as u8)
    }

    /// The nodes of a zone.
    pub fn zone_set(&self, zone: u8) -> &NodeSet {
        &self.zone_sets[zone as usize]
    }

    /// Columns and rows when the board is drawn as a 2-D grid, and whether the grid has coordinates.
    pub fn grid_size(&self) -> Option<(u32, u32, bool)> {
        self.grid
    }

    /// Number of edges of a relation (each direction counted).
    pub fn edge_count(&self, rel: RelationId) -> usize {
        self.edges[rel.0 as usize].len()
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
