//! Assembling a board: a petgraph graph while building, flattened arrays when done.

use super::Track;
use super::{Board, Direction, DirectionId, Edge, HexShape, NodeId, NodeInfo, NodeSet};
use petgraph::graph::{DiGraph, NodeIndex};
use petgraph::visit::EdgeRef;
use std::collections::HashMap;

/// A node to add to a [`BoardBuilder`].
///
/// ```
/// use qipan::core::board::{BoardBuilder, NodeSpec};
///
/// let mut b = BoardBuilder::new();
/// let gate = b.add_node(NodeSpec {
///     label: "gate".into(),
///     colour: Some("gold".into()),
///     zones: vec!["home".into()],
///     coord: [2, 0, 0],
///     ..NodeSpec::default()
/// })?;
/// let board = b.build()?;
/// let info = board.node(gate);
/// assert_eq!(board.kind_names()[info.kind as usize], "cell"); // an empty kind stands for `cell`
/// assert_eq!(board.colour_names()[info.colour.unwrap() as usize], "gold");
/// assert_eq!((info.zones, info.coord), (1 << board.zone("home").unwrap(), [2, 0, 0]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
///
/// ```
/// use qipan::core::board::{BoardBuilder, Edge, EdgeSpec, NodeSpec};
///
/// let mut b = BoardBuilder::new();
/// let [x, y, z] = ["x", "y", "z"].map(|l| b.add_node(NodeSpec { label: l.into(), ..NodeSpec::default() }).unwrap());
/// // A jump from x to z over y, which must be empty.
/// b.add_edge(x, z, EdgeSpec { relation: "jump".into(), direction: Some("e".into()), via: Some(y) });
/// let board = b.build()?;
/// let (jump, e) = (board.relation("jump").unwrap(), board.direction("e").unwrap());
/// assert_eq!(board.edges(jump, x), [Edge { to: z, dir: Some(e), via: y }]);
/// assert_eq!(board.next_via(jump, e, x), y);
/// assert!(board.edges(jump, z).is_empty()); // one way only
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
///
/// ```
/// use qipan::core::board::generators::{GridSpec, grid};
/// use qipan::core::board::{BoardBuilder, BoardError, NodeSpec};
///
/// let node = |label: &str| NodeSpec { label: label.into(), ..NodeSpec::default() };
/// let mut b = BoardBuilder::new();
/// let (a, c) = (b.add_node(node("a"))?, b.add_node(node("c"))?);
/// assert_eq!(b.add_node(node("a")), Err(BoardError::DuplicateLabel("a".into())));
/// b.add_node(NodeSpec { zones: (0..65).map(|z| format!("z{z}")).collect(), ..node("zoned") })?;
/// assert!(matches!(b.clone().build(), Err(BoardError::TooLarge(_)))); // 65 zones, 64 allowed
/// b.node_mut(b.find("zoned").unwrap()).unwrap().zones.clear();
/// b.add_link(a, c, "line", Some(("e", "w")));
/// b.add_link(a, c, "line", Some(("e", "w"))); // a now has two `e` neighbours
/// let err = b.build().unwrap_err();
/// assert_eq!(err.to_string(), "node `a` has two `line` neighbours in direction `e`");
/// assert!(matches!(err, BoardError::AmbiguousDirection { .. }));
/// assert!(matches!(grid(&GridSpec::new(0, 9)), Err(BoardError::Invalid(_))));
/// assert_eq!(BoardError::UnknownNode("b".into()).to_string(), "no node labelled `b`");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
///
/// ```
/// use qipan::core::board::{BoardBuilder, NodeSpec};
///
/// // Three nodes in a row, linked east-west.
/// let mut b = BoardBuilder::new();
/// let [w, m, e] = ["w", "m", "e"].map(|l| b.add_node(NodeSpec { label: l.into(), ..NodeSpec::default() }).unwrap());
/// b.add_link(w, m, "orthogonal", Some(("e", "w")));
/// b.add_link(m, e, "orthogonal", Some(("e", "w")));
/// let board = b.build()?;
/// let (orth, east) = (board.relation("orthogonal").unwrap(), board.direction("e").unwrap());
/// assert_eq!(board.len(), 3);
/// assert_eq!(board.label(board.next(orth, east, w)), "m");
/// assert_eq!(board.edges(orth, m).len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct BoardBuilder {
    graph: DiGraph<NodeSpec, EdgeSpec>,
    by_label: HashMap<String, NodeIndex>,
    directions: Vec<Direction>,
    relations: Vec<String>,
    grid: Option<(u32, u32, bool)>,
    hex: Option<HexShape>,
    /// Zones declared by name, known even when no node is in them.
    zones: Vec<String>,
    /// Tracks: named orders of nodes (sowing games), by label index.
    tracks: Vec<Track>,
    /// Whether a node holds a count of identical pieces (seeds).
    counts: bool,
    /// The highest column a node may hold (0: one piece a node).
    stacks: u8,
    overflow: super::Overflow,
}

/// Adding nodes and edges, declaring relations and directions, then building.
///
/// ```
/// use qipan::core::board::{BoardBuilder, NodeSpec};
///
/// let mut b = BoardBuilder::new();
/// let a = b.add_node(NodeSpec { label: "a".into(), ..NodeSpec::default() })?;
/// let c = b.add_node(NodeSpec { label: "c".into(), ..NodeSpec::default() })?;
/// b.add_link(a, c, "orthogonal", Some(("n", "s")));
/// let board = b.build()?;
/// let orth = board.relation("orthogonal").unwrap();
/// assert_eq!(board.next(orth, board.direction("s").unwrap(), c), a);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl BoardBuilder {
    /// An empty builder.
    ///
    /// ```
    /// use qipan::core::board::BoardBuilder;
    ///
    /// let b = BoardBuilder::new();
    /// assert_eq!(b.node_count(), 0);
    /// let board = b.build()?;
    /// assert!(board.is_empty());
    /// assert!(board.relation_names().is_empty() && board.directions().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// Declares a direction (with an optional vector). Returns its id; declaring twice is harmless.
    ///
    /// ```
    /// use qipan::core::board::{BoardBuilder, DirectionId};
    ///
    /// let mut b = BoardBuilder::new();
    /// assert_eq!(b.direction("up", Some([0, 1, 0])), DirectionId(0));
    /// assert_eq!(b.direction("down", Some([0, -1, 0])), DirectionId(1));
    /// assert_eq!(b.direction("up", None), DirectionId(0)); // already declared: same id, vector kept
    /// let board = b.build()?;
    /// let up = &board.directions()[0];
    /// assert_eq!((up.vector, up.opposite), (Some([0, 1, 0]), Some(DirectionId(1)))); // opposite vectors pair up
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn direction(&mut self, name: &str, vector: Option<[i32; 3]>) -> DirectionId {
        if let Some(i) = self.directions.iter().position(|d| d.name == name) {
            return DirectionId(i as u8);
        }
        self.directions.push(Direction { name: name.to_string(), vector, opposite: None });
        DirectionId((self.directions.len() - 1) as u8)
    }

    /// Declares a relation name, so it exists even without edges.
    ///
    /// ```
    /// use qipan::core::board::{BoardBuilder, RelationId};
    ///
    /// let mut b = BoardBuilder::new();
    /// b.relation("orthogonal");
    /// b.relation("diagonal");
    /// b.relation("orthogonal"); // declared once only
    /// let board = b.build()?;
    /// assert_eq!(board.relation_names(), ["orthogonal", "diagonal"]);
    /// assert_eq!(board.relation("diagonal"), Some(RelationId(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn relation(&mut self, name: &str) {
        if !self.relations.iter().any(|r| r == name) {
            self.relations.push(name.to_string());
        }
    }

    /// Records that the board is a labelled `w`×`h` grid (text diagrams draw it with coordinates).
    ///
    /// ```
    /// use qipan::core::board::BoardBuilder;
    ///
    /// let mut b = BoardBuilder::new();
    /// assert_eq!(b.clone().build()?.grid_size(), None);
    /// b.set_grid(8, 8);
    /// assert_eq!(b.build()?.grid_size(), Some((8, 8, true)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_grid(&mut self, w: u32, h: u32) {
        self.grid = Some((w, h, true));
    }

    /// Records that nodes' coordinates place them in a `w`×`h` picture without grid coordinates
    /// (an unfolded box, say): text diagrams draw it as a grid with gaps.
    ///
    /// ```
    /// use qipan::core::board::BoardBuilder;
    ///
    /// let mut b = BoardBuilder::new();
    /// b.set_net(8, 6); // the six faces of a 2×2×2 box, unfolded
    /// assert_eq!(b.build()?.grid_size(), Some((8, 6, false)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_net(&mut self, w: u32, h: u32) {
        self.grid = Some((w, h, false));
    }

    /// Records that the nodes are the cells of a hexagonal board of this outline, in the order
    /// [`HexShape::cells`] lists them (pictures draw it as a honeycomb).
    ///
    /// ```
    /// use qipan::core::board::{BoardBuilder, HexShape};
    ///
    /// let mut b = BoardBuilder::new();
    /// b.set_hex(HexShape::Hexagon { side: 5 });
    /// assert_eq!(b.build()?.hex_shape(), Some(HexShape::Hexagon { side: 5 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_hex(&mut self, shape: HexShape) {
        self.hex = Some(shape);
    }

    /// Adds a node; fails if its label is taken.
    ///
    /// ```
    /// use qipan::core::board::{BoardBuilder, BoardError, NodeId, NodeSpec};
    ///
    /// let mut b = BoardBuilder::new();
    /// let hub = NodeSpec { label: "hub".into(), kind: "hub".into(), ..NodeSpec::default() };
    /// assert_eq!(b.add_node(hub.clone())?, NodeId(0));
    /// assert_eq!(b.add_node(NodeSpec { label: "eye1".into(), ..NodeSpec::default() })?, NodeId(1));
    /// assert_eq!(b.add_node(hub), Err(BoardError::DuplicateLabel("hub".into())));
    /// assert_eq!(b.node_count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// use qipan::core::board::{BoardBuilder, NodeSpec};
    ///
    /// let mut b = BoardBuilder::new();
    /// let d4 = b.add_node(NodeSpec { label: "D4".into(), ..NodeSpec::default() })?;
    /// assert_eq!(b.find("D4"), Some(d4));
    /// assert_eq!(b.find("d4"), None); // exact labels here; the built board also tries other cases
    /// assert_eq!(b.build()?.find("d4"), Some(d4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find(&self, label: &str) -> Option<NodeId> {
        self.by_label.get(label).map(|ix| NodeId(ix.index() as u16))
    }

    /// Mutable access to a node's description (to add zones after generation, say). A label changed here is
    /// not seen by [`BoardBuilder::find`]; [`BoardBuilder::build`] refuses two nodes with one label.
    ///
    /// ```
    /// use qipan::core::board::generators::{GridSpec, grid};
    /// use qipan::core::board::NodeId;
    ///
    /// let mut b = grid(&GridSpec::new(9, 9))?;
    /// for label in ["C3", "G3", "E5", "C7", "G7"] {
    ///     let star = b.find(label).unwrap();
    ///     b.node_mut(star).unwrap().zones.push("star".into());
    /// }
    /// assert!(b.node_mut(NodeId(81)).is_none()); // no such node
    /// let board = b.clone().build()?;
    /// assert_eq!(board.zone_set(board.zone("star").unwrap()).count(), 5);
    /// // Renaming a node to another's label is caught when building.
    /// b.node_mut(NodeId(0)).unwrap().label = "E5".into();
    /// assert_eq!(b.build().unwrap_err(), qipan::core::board::BoardError::DuplicateLabel("E5".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn node_mut(&mut self, id: NodeId) -> Option<&mut NodeSpec> {
        self.graph.node_weight_mut(NodeIndex::new(id.idx()))
    }

    /// Declares a zone by name, so that the board knows it even when no node is in it (a zone a definition
    /// names whose nodes an option removed, say). Zones named by nodes need no declaration.
    ///
    /// ```
    /// use qipan::core::board::generators::{GridSpec, grid};
    ///
    /// let mut b = grid(&GridSpec::new(3, 3))?;
    /// b.declare_zone("nowhere");
    /// let board = b.build()?;
    /// let z = board.zone("nowhere").expect("declared");
    /// assert_eq!(board.zone_set(z).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn declare_zone(&mut self, name: &str) {
        if !self.zones.iter().any(|z| z == name) {
            self.zones.push(name.to_string());
        }
    }

    /// Number of nodes so far.
    ///
    /// ```
    /// use qipan::core::board::generators::{GridSpec, grid};
    /// use qipan::core::board::NodeSpec;
    ///
    /// let mut b = grid(&GridSpec::new(3, 3))?;
    /// assert_eq!(b.node_count(), 9);
    /// b.add_node(NodeSpec { label: "pool".into(), ..NodeSpec::default() })?;
    /// assert_eq!(b.node_count(), 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn node_count(&self) -> usize {
        self.graph.node_count()
    }

    /// Adds a directed edge.
    ///
    /// ```
    /// use qipan::core::board::{BoardBuilder, EdgeSpec, NodeSpec};
    ///
    /// let mut b = BoardBuilder::new();
    /// let home = b.add_node(NodeSpec { label: "home".into(), ..NodeSpec::default() })?;
    /// let goal = b.add_node(NodeSpec { label: "goal".into(), ..NodeSpec::default() })?;
    /// b.add_edge(home, goal, EdgeSpec { relation: "track".into(), direction: Some("on".into()), via: None });
    /// let board = b.build()?;
    /// // The relation and the direction are declared by the edge; the direction has no vector.
    /// let (track, on) = (board.relation("track").unwrap(), board.direction("on").unwrap());
    /// assert_eq!(board.next(track, on, home), goal);
    /// assert!(board.edges(track, goal).is_empty()); // no edge back
    /// assert_eq!(board.directions()[on.0 as usize].vector, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_edge(&mut self, from: NodeId, to: NodeId, spec: EdgeSpec) {
        self.relation(&spec.relation);
        if let Some(d) = &spec.direction {
            self.direction(d, None);
        }
        self.graph.add_edge(NodeIndex::new(from.idx()), NodeIndex::new(to.idx()), spec);
    }

    /// Adds an edge each way; `back` names the direction of the reverse edge.
    ///
    /// ```
    /// use qipan::core::board::{BoardBuilder, NodeSpec};
    ///
    /// let mut b = BoardBuilder::new();
    /// let low = b.add_node(NodeSpec { label: "low".into(), ..NodeSpec::default() })?;
    /// let high = b.add_node(NodeSpec { label: "high".into(), ..NodeSpec::default() })?;
    /// b.add_link(low, high, "ladder", Some(("up", "down")));
    /// b.add_link(low, high, "rope", None); // edges without direction
    /// let board = b.build()?;
    /// let (ladder, rope) = (board.relation("ladder").unwrap(), board.relation("rope").unwrap());
    /// assert_eq!(board.next(ladder, board.direction("up").unwrap(), low), high);
    /// assert_eq!(board.next(ladder, board.direction("down").unwrap(), high), low);
    /// assert_eq!((board.edges(rope, high)[0].to, board.edges(rope, high)[0].dir), (low, None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_link(&mut self, a: NodeId, b: NodeId, relation: &str, dirs: Option<(&str, &str)>) {
        let (fwd, back) = match dirs {
            Some((f, b)) => (Some(f.to_string()), Some(b.to_string())),
            None => (None, None),
        };
        self.add_edge(a, b, EdgeSpec { relation: relation.into(), direction: fwd, via: None });
        self.add_edge(b, a, EdgeSpec { relation: relation.into(), direction: back, via: None });
    }

    /// Declares a track: a named order of nodes, cyclic or not (the path seeds are sown along).
    ///
    /// ```
    /// use qipan::core::board::{BoardBuilder, NodeSpec};
    ///
    /// let mut b = BoardBuilder::new();
    /// let ids: Vec<_> = ["x", "y", "z"].iter().map(|l| b.add_node(NodeSpec { label: l.to_string(), ..NodeSpec::default() }).unwrap()).collect();
    /// b.add_track("round", ids.clone(), true);
    /// b.set_counts();
    /// let board = b.build()?;
    /// let t = board.track("round").unwrap();
    /// assert_eq!((board.tracks()[t].nodes.as_slice(), board.tracks()[t].cyclic), (&ids[..], true));
    /// assert!(board.has_counts());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_track(&mut self, name: &str, nodes: Vec<NodeId>, cyclic: bool) {
        self.tracks.retain(|t| t.name != name);
        self.tracks.push(Track { name: name.to_string(), nodes, cyclic });
    }

    /// Lets every node hold a count of identical pieces (seeds) instead of one piece.
    ///
    /// ```
    /// use qipan::core::board::{BoardBuilder, NodeSpec};
    ///
    /// let mut b = BoardBuilder::new();
    /// b.add_node(NodeSpec { label: "pit".into(), ..NodeSpec::default() })?;
    /// b.set_counts();
    /// assert!(b.build()?.has_counts());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_counts(&mut self) {
        self.counts = true;
    }

    /// Lets every node hold a column of up to `height` pieces (see [`Board::stack_height`]).
    ///
    /// ```
    /// use qipan::core::board::{BoardBuilder, NodeSpec};
    ///
    /// let mut b = BoardBuilder::new();
    /// b.add_node(NodeSpec { label: "x".into(), ..NodeSpec::default() }).unwrap();
    /// b.set_stacks(5);
    /// assert_eq!(b.build()?.stack_height(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_stacks(&mut self, height: u8) {
        self.stacks = height;
    }

    /// Where the pieces go that a column loses off its bottom above the height (see [`Overflow`](super::Overflow)).
    ///
    /// ```
    /// use qipan::core::board::{BoardBuilder, NodeSpec, Overflow};
    ///
    /// let mut b = BoardBuilder::new();
    /// b.add_node(NodeSpec { label: "x".into(), ..NodeSpec::default() }).unwrap();
    /// b.set_stacks(5);
    /// b.set_overflow(Overflow::Reserve);
    /// assert_eq!(b.build()?.overflow(), Overflow::Reserve);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_overflow(&mut self, overflow: super::Overflow) {
        self.overflow = overflow;
    }

    /// Flattens the graph into a [`Board`].
    ///
    /// ```
    /// use qipan::core::board::{BoardBuilder, NodeSpec};
    ///
    /// // A ring of four nodes, each linked clockwise to the next.
    /// let mut b = BoardBuilder::new();
    /// let mut ids = Vec::new();
    /// for i in 0..4 {
    ///     ids.push(b.add_node(NodeSpec { label: format!("s{i}"), ..NodeSpec::default() })?);
    /// }
    /// for i in 0..4 {
    ///     b.add_link(ids[i], ids[(i + 1) % 4], "ring", Some(("cw", "ccw")));
    /// }
    /// let board = b.build()?;
    /// let (ring, cw) = (board.relation("ring").unwrap(), board.direction("cw").unwrap());
    /// assert_eq!(board.label(board.next(ring, cw, ids[3])), "s0");
    /// assert_eq!(board.edge_count(ring), 8);
    /// assert!(board.lines_cycle()); // walking clockwise comes back
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
        // Declared zones without nodes come after those the nodes name, keeping the nodes' numbering.
        for z in &self.zones {
            intern(&mut zone_names, z);
        }
        if zone_names.len() > 64 {
            return Err(BoardError::TooLarge("more than 64 zones".into()));
        }
        let mut zone_sets = vec![NodeSet::new(n); zone_names.len()];
        for (i, node) in nodes.iter().enumerate() {
            for (z, set) in zone_sets.iter_mut().enumerate() {
                if node.zones & (1 << z) != 0 {
                    set.insert(NodeId(i as u16));
                }
            }
        }
        // Labels are checked again here: `node_mut` may have renamed a node after it was added.
        let mut by_label = std::collections::HashMap::with_capacity(nodes.len());
        for (i, x) in nodes.iter().enumerate() {
            if by_label.insert(x.label.clone(), NodeId(i as u16)).is_some() {
                return Err(BoardError::DuplicateLabel(x.label.clone()));
            }
        }
        let zone_bits = nodes.iter().map(|x| x.zones).collect();
        let longest_label = nodes.iter().map(|x| x.label.len()).max().unwrap_or(0);
        if let Some(t) = self.tracks.iter().find(|t| t.nodes.iter().any(|x| x.idx() >= n)) {
            return Err(BoardError::Invalid(format!("track `{}` names a node that is not on the board", t.name)));
        }
        Ok(Board {
            tracks: self.tracks,
            counts: self.counts,
            stacks: self.stacks,
            overflow: self.overflow,
            longest_label,
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
            hex: self.hex,
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
