//! Assembling a board: a petgraph graph while building, flattened arrays when done.

use super::{Board, Direction, DirectionId, Edge, NodeId, NodeInfo, NodeSet};
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;
use std::collections::HashMap;

/// A node to add to a [`BoardBuilder`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NodeSpec {
    /// Unique label.
    pub label: String,
    /// Node kind name (`cell`, `point`, `eye`, ...).
    pub kind: String,
    /// Colour name, if any.
    pub colour: Option<String>,
    /// Zone names.
    pub zones: Vec<String>,
    /// Drawing position.
    pub pos: [f32; 3],
    /// Generator coordinates.
    pub coord: [i32; 3],
}

/// An edge to add to a [`BoardBuilder`].
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeSpec {
    /// Relation name.
    pub relation: String,
    /// Direction name for straight-line relations.
    pub direction: Option<String>,
    /// A node jumped over that must be empty.
    pub via: Option<NodeId>,
}

/// Why a board could not be built.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BoardError {
    /// Two nodes share a label.
    #[error("two nodes are labelled `{0}`")]
    DuplicateLabel(String),
    /// An edge names a node that does not exist.
    #[error("no node labelled `{0}`")]
    UnknownNode(String),
    /// Too many nodes, relations, directions or zones.
    #[error("board too large: {0}")]
    TooLarge(String),
    /// A generator was given impossible parameters.
    #[error("{0}")]
    Invalid(String),
    /// A node has two neighbours in the same direction of one relation.
    #[error("node `{node}` has two `{relation}` neighbours in direction `{direction}`")]
    AmbiguousDirection {
        /// Label of the node.
        node: String,
        /// Relation name.
        relation: String,
        /// Direction name.
        direction: String,
    },
}

/// Builds a [`Board`]. Nodes and edges go into a petgraph graph; [`BoardBuilder::build`] flattens it.
#[derive(Clone, Debug, Default)]
pub struct BoardBuilder {
    graph: DiGraph<NodeSpec, EdgeSpec>,
    by_label: HashMap<String, NodeIndex>,
    directions: Vec<Direction>,
    relations: Vec<String>,
    grid: Option<(u32, u32, bool)>,
}

impl BoardBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Declares a direction (with an optional vector). Returns its id; declaring twice is harmless.
    pub fn direction(&mut self, name: &str, vector: Option<[i32; 3]>) -> DirectionId {
        if let Some(i) = self.directions.iter().position(|d| d.name == name) {
            return DirectionId(i as u8);
        }
        self.directions.push(Direction { name: name.to_string(), vector, opposite: None });
        DirectionId((self.directions.len() - 1) as u8)
    }

    /// Declares a relation name, so it exists even without edges.
    pub fn relation(&mut self, name: &str) {
        if !self.relations.iter().any(|r| r == name) {
            self.relations.push(name.to_string());
        }
    }

    /// Records that the board is a labelled `w`×`h` grid (text diagrams draw it with coordinates).
    pub fn set_grid(&mut self, w: u32, h: u32) {
        self.grid = Some((w, h, true));
    }

    /// Records that nodes' coordinates place them in a `w`×`h` picture without grid coordinates
    /// (an unfolded box, say): text diagrams draw it as a grid with gaps.
    pub fn set_net(&mut self, w: u32, h: u32) {
        self.grid = Some((w, h, false));
    }

    /// Adds a node; fails if its label is taken.
    pub fn add_node(&mut self, spec: NodeSpec) -> Result<NodeId, BoardError> {
        if self.by_label.contains_key(&spec.label) {
            return Err(BoardError::DuplicateLabel(spec.label));
        }
        if self.graph.node_count() >= u16::MAX as usize - 1 {
            return Err(BoardError::TooLarge("more than 65,534 nodes".into()));
        }
        let label = spec.label.clone();
        let ix = self.graph.add_node(spec);
        self.by_label.insert(label, ix);
        Ok(NodeId(ix.index() as u16))
    }

    /// The node with this label, if any.
    pub fn find(&self, label: &str) -> Option<NodeId> {
        self.by_label.get(label).map(|ix| NodeId(ix.index() as u16))
    }

    /// Mutable access to a node's description (to add zones after generation, say).
    pub fn node_mut(&mut self, id: NodeId) -> Option<&mut NodeSpec> {
        self.graph.node_weight_mut(NodeIndex::new(id.idx()))
    }

    /// Number of nodes so far.
    pub fn node_count(&self) -> usize {
        self.graph.node_count()
    }

    /// Adds a directed edge.
    pub fn add_edge(&mut self, from: NodeId, to: NodeId, spec: EdgeSpec) {
        self.relation(&spec.relation);
        if let Some(d) = &spec.direction {
            self.direction(d, None);
        }
        self.graph.add_edge(NodeIndex::new(from.idx()), NodeIndex::new(to.idx()), spec);
    }

    /// Adds an edge each way; `back` names the direction of the reverse edge.
    pub fn add_link(&mut self, a: NodeId, b: NodeId, relation: &str, dirs: Option<(&str, &str)>) {
        let (fwd, back) = match dirs {
            Some((f, b)) => (Some(f.to_string()), Some(b.to_string())),
            None => (None, None),
        };
        self.add_edge(a, b, EdgeSpec { relation: relation.into(), direction: fwd, via: None });
        self.add_edge(b, a, EdgeSpec { relation: relation.into(), direction: back, via: None });
    }

    /// Flattens the graph into a [`Board`].
    pub fn build(self) -> Result<Board, BoardError> {
        let n = self.graph.node_count();
        let mut kind_names: Vec<String> = Vec::new();
        let mut colour_names: Vec<String> = Vec::new();
        let mut zone_names: Vec<String> = Vec::new();
        let intern = |names: &mut Vec<String>, s: &str| -> usize {
            match names.iter().position(|x| x == s) {
                Some(i) => i,
                None => {
                    names.push(s.to_string());
                    names.len() - 1
                }
            }
        };
        let mut nodes = Vec::with_capacity(n);
        for ix in self.graph.node_indices() {
            let s = &self.graph[ix];
            let kind = intern(&mut kind_names, if s.kind.is_empty() { "cell" } else { &s.kind });
            let colour = s.colour.as_deref().map(|c| intern(&mut colour_names, c) as u8);
            let mut zones = 0u64;
            for z in &s.zones {
                let i = intern(&mut zone_names, z);
                if i >= 64 {
                    return Err(BoardError::TooLarge("more than 64 zones".into()));
                }
                zones |= 1 << i;
            }
            if kind_names.len() > 255 || colour_names.len() > 255 {
                return Err(BoardError::TooLarge("more than 255 node kinds or colours".into()));
            }
            nodes.push(NodeInfo {
                label: s.label.clone(),
                kind: kind as u8,
                colour,
                zones,
                pos: s.pos,
                coord: s.coord,
            });
        }
        if self.relations.len() > 255 || self.directions.len() > 255 {
            return Err(BoardError::TooLarge("more than 255 relations or directions".into()));
        }
        let mut directions = self.directions.clone();
        link_opposites(&mut directions);
        let dir_index: HashMap<&str, u8> =
            directions.iter().enumerate().map(|(i, d)| (d.name.as_str(), i as u8)).collect();
        let nr = self.relations.len();
        let mut per_node: Vec<Vec<Vec<Edge>>> = vec![vec![Vec::new(); n]; nr];
        let mut next = vec![vec![NodeId::NONE; directions.len() * n]; nr];
        let mut next_via = vec![vec![NodeId::NONE; directions.len() * n]; nr];
        for e in self.graph.edge_references() {
            let w = e.weight();
            let r = self.relations.iter().position(|x| *x == w.relation).unwrap_or(0);
            let (a, b) = (e.source().index(), e.target().index());
            let dir = w.direction.as_deref().and_then(|d| dir_index.get(d)).map(|&d| DirectionId(d));
            if let Some(d) = dir {
                let slot = &mut next[r][d.0 as usize * n + a];
                if slot.is_some() {
                    return Err(BoardError::AmbiguousDirection {
                        node: nodes[a].label.clone(),
                        relation: w.relation.clone(),
                        direction: directions[d.0 as usize].name.clone(),
                    });
                }
                *slot = NodeId(b as u16);
                next_via[r][d.0 as usize * n + a] = w.via.unwrap_or(NodeId::NONE);
            }
            let via = w.via.unwrap_or(NodeId::NONE);
            per_node[r][a].push(Edge { to: NodeId(b as u16), dir, via });
        }
        // A direction's steps form a functional graph; it has a cycle when a walk meets itself.
        let lines_cycle = next.iter().any(|table| {
            (0..directions.len()).any(|d| {
                let step = &table[d * n..(d + 1) * n];
                let mut state = vec![0u8; n]; // 0 unseen, 1 on the current walk, 2 done
                (0..n).any(|start| {
                    let mut at = start;
                    let mut path = Vec::new();
                    while state[at] == 0 {
                        state[at] = 1;
                        path.push(at);
                        let nx = step[at];
                        if !nx.is_some() {
                            break;
                        }
                        at = nx.idx();
                    }
                    let cycle = state[at] == 1 && step[at].is_some();
                    path.iter().for_each(|&p| state[p] = 2);
                    cycle
                })
            })
        });
        // Relations without jumps keep no table, so their steps skip the check.
        for table in &mut next_via {
            if table.iter().all(|v| !v.is_some()) {
                *table = Vec::new();
            }
        }
        let mut offsets = Vec::with_capacity(nr);
        let mut edges = Vec::with_capacity(nr);
        for rel in per_node {
            let mut off = Vec::with_capacity(n + 1);
            let mut flat = Vec::new();
            off.push(0u32);
            for mut list in rel {
                // Keep a stable order: by direction, then by target, so move lists are reproducible.
                list.sort_by_key(|e| (e.dir.map(|d| d.0), e.to));
                flat.extend(list);
                off.push(flat.len() as u32);
            }
            offsets.push(off);
            edges.push(flat);
        }
        let mut zone_sets = vec![NodeSet::new(n); zone_names.len()];
        for (i, node) in nodes.iter().enumerate() {
            for (z, set) in zone_sets.iter_mut().enumerate() {
                if node.zones & (1 << z) != 0 {
                    set.insert(NodeId(i as u16));
                }
            }
        }
        let by_label = nodes.iter().enumerate().map(|(i, x)| (x.label.clone(), NodeId(i as u16))).collect();
        let zone_bits = nodes.iter().map(|x| x.zones).collect();
        Ok(Board {
            zone_bits,
            nodes,
            relation_names: self.relations,
            directions,
            kind_names,
            colour_names,
            zone_names,
            offsets,
            edges,
            next,
            next_via,
            lines_cycle,
            by_label,
            zone_sets,
            grid: self.grid,
        })
    }
}

/// Pairs each direction with the one whose vector is its negation.
fn link_opposites(dirs: &mut [Direction]) {
    for i in 0..dirs.len() {
        if dirs[i].opposite.is_some() {
            continue;
        }
        let Some(v) = dirs[i].vector else { continue };
        let neg = [-v[0], -v[1], -v[2]];
        if let Some(j) = dirs.iter().position(|d| d.vector == Some(neg)) {
            dirs[i].opposite = Some(DirectionId(j as u8));
        }
    }
}
