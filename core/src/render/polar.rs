//! Recognising a polar board (rings of cells around a channel of eyes and a hub) from its nodes, and
//! finding which seat's home territory each sector lies in.

use crate::SeatId;
use crate::board::{Board, NodeId, RelationId};
use crate::game::Game;
use std::f32::consts::TAU;

/// A board laid out as the polar generator lays it out: `rings` rings of `sectors` cells labelled
/// `r{ring}s{sector}` (kind `cell`, coordinates `[ring, sector, 0]`, drawn at radius ring + 1 and at the
/// middle angle of their sector, sectors counter-clockwise from the east); optionally eyes (kind `eye`)
/// on the circle of radius 1 and a hub (kind `hub`) at the centre. Nothing else.
///
/// ```
/// use qipan::core::render::PolarBoard;
///
/// let game = qipan::load("he-qi", &[])?;
/// let polar = PolarBoard::detect(&game.board).unwrap();
/// assert_eq!((polar.rings, polar.sectors, polar.eyes.len()), (5, 100, 25));
/// assert_eq!(polar.hub, game.board.find("hub"));
/// assert!(polar.hub.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct PolarBoard {
    /// Number of rings; ring 1 is the innermost, next to the channel.
    pub rings: u32,
    /// Cells per ring.
    pub sectors: u32,
    /// The cells, `(ring - 1) * sectors + sector`.
    cells: Vec<NodeId>,
    /// The eyes of the channel, in board order.
    pub eyes: Vec<Eye>,
    /// The hub at the centre, if there is one.
    pub hub: Option<NodeId>,
}

/// An eye of the channel of a [`PolarBoard`].
///
/// ```
/// use qipan::core::render::PolarBoard;
/// use std::f32::consts::TAU;
///
/// // He Qi with neighbouring eyes joined: eye 3 sits between the cells of sectors 13 and 14.
/// let game = qipan::load("he-qi", &[("eye_ring".into(), "true".into())])?;
/// let polar = PolarBoard::detect(&game.board).unwrap();
/// let eye = &polar.eyes[3];
/// assert_eq!(game.board.label(eye.node), "eye3");
/// assert!((eye.angle - 14.0 * TAU / 100.0).abs() < 1e-4);
/// assert_eq!(eye.links, [(1, 13), (1, 14)]);
/// assert!(eye.spoke);
/// assert_eq!(eye.neighbours, [2, 4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Eye {
    /// Its node.
    pub node: NodeId,
    /// Its angle, counter-clockwise from the east, in radians within `[0, 2π)`.
    pub angle: f32,
    /// The cells it links to, as `(ring, sector)`.
    pub links: Vec<(u32, u32)>,
    /// Whether it is linked through the hub.
    pub spoke: bool,
    /// The eyes it reaches directly, along the channel (indices into [`PolarBoard::eyes`]).
    pub neighbours: Vec<usize>,
}

/// Angle of a drawing position, within `[0, 2π)`.
fn angle_of(p: [f32; 3]) -> f32 {
    p[1].atan2(p[0]).rem_euclid(TAU)
}

/// Recognising a polar board, and finding its cells and eyes.
///
/// ```
/// use qipan::core::render::PolarBoard;
///
/// let game = qipan::load("he-qi", &[])?;
/// let (board, polar) = (&game.board, PolarBoard::detect(&game.board).unwrap());
/// let cell = polar.cell(2, 57);
/// assert_eq!(board.label(cell), "r2s57");
/// assert_eq!(polar.ring_sector(board, cell), Some((2, 57)));
/// assert!(polar.eye(cell).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl PolarBoard {
    /// Recognises a polar board from its nodes alone (see [`PolarBoard`]); `None` for any other shape.
    ///
    /// ```
    /// use qipan::core::render::PolarBoard;
    ///
    /// let he_qi = qipan::load("he-qi", &[])?;
    /// assert_eq!(PolarBoard::detect(&he_qi.board).map(|p| p.sectors), Some(100));
    /// let go = qipan::load("go", &[("size".into(), "9".into())])?;
    /// assert_eq!(PolarBoard::detect(&go.board), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn detect(board: &Board) -> Option<PolarBoard> {
        if board.grid_size().is_some() || board.is_empty() {
            return None;
        }
        let mut polar = Self::cells_of(board)?;
        let (eye, hub) = (board.kind("eye"), board.kind("hub"));
        for n in board.node_ids() {
            let info = board.node(n);
            let radius = info.pos[0].hypot(info.pos[1]);
            if Some(info.kind) == board.kind("cell") {
                continue;
            } else if Some(info.kind) == eye && (radius - 1.0).abs() < 0.01 {
                polar.eyes.push(Eye {
                    node: n,
                    angle: angle_of(info.pos),
                    links: Vec::new(),
                    spoke: false,
                    neighbours: Vec::new(),
                });
            } else if Some(info.kind) == hub && radius < 0.01 && polar.hub.is_none() {
                polar.hub = Some(n);
            } else {
                return None;
            }
        }
        polar.link_eyes(board);
        Some(polar)
    }

    /// The cells of a polar board, when every `cell` node is one and they fill whole rings.
    fn cells_of(board: &Board) -> Option<PolarBoard> {
        let kind = board.kind("cell")?;
        let mut found = Vec::new();
        for n in board.node_ids() {
            let info = board.node(n);
            if info.kind != kind {
                continue;
            }
            let [r, s, z] = info.coord;
            if r < 1 || s < 0 || z != 0 || info.label != format!("r{r}s{s}") {
                return None;
            }
            found.push((r as u32, s as u32, n));
        }
        let rings = found.iter().map(|c| c.0).max()?;
        let sectors = found.iter().map(|c| c.1).max()? + 1;
        if sectors < 3 || found.len() != (rings * sectors) as usize {
            return None;
        }
        let mut cells = vec![NodeId::NONE; found.len()];
        for (r, s, n) in found {
            let slot = &mut cells[((r - 1) * sectors + s) as usize];
            let pos = board.node(n).pos;
            let a = (s as f32 + 0.5) * TAU / sectors as f32;
            let rad = r as f32 + 1.0;
            let off = (pos[0] - rad * a.cos()).hypot(pos[1] - rad * a.sin());
            if slot.is_some() || off > 1e-3 * rad {
                return None;
            }
            *slot = n;
        }
        Some(PolarBoard { rings, sectors, cells, eyes: Vec::new(), hub: None })
    }

    /// Finds each eye's cells, the eyes it reaches directly, and whether it reaches the hub (an edge to
    /// it or passing it).
    fn link_eyes(&mut self, board: &Board) {
        let hub = self.hub.unwrap_or(NodeId::NONE);
        let hub_reaches = |n: NodeId| {
            hub.is_some()
                && (0..board.relation_names().len())
                    .any(|r| board.edges(RelationId(r as u8), hub).iter().any(|e| e.to == n))
        };
        for i in 0..self.eyes.len() {
            let node = self.eyes[i].node;
            let (mut links, mut neighbours) = (Vec::new(), Vec::new());
            let mut spoke = hub_reaches(node);
            for r in 0..board.relation_names().len() {
                for e in board.edges(RelationId(r as u8), node) {
                    spoke |= hub.is_some() && (e.to == hub || e.via == hub);
                    if let Some(c) = self.ring_sector(board, e.to)
                        && !links.contains(&c)
                    {
                        links.push(c);
                    }
                    let other = self.eyes.iter().position(|x| x.node == e.to);
                    if let Some(j) = other.filter(|j| !e.via.is_some() && !neighbours.contains(j)) {
                        neighbours.push(j);
                    }
                }
            }
            let eye = &mut self.eyes[i];
            (eye.links, eye.neighbours, eye.spoke) = (links, neighbours, spoke);
        }
    }

    /// The cell of `ring` (from 1) and `sector` (taken round the circle).
    ///
    /// ```
    /// use qipan::core::render::PolarBoard;
    ///
    /// let game = qipan::load("he-qi", &[])?;
    /// let polar = PolarBoard::detect(&game.board).unwrap();
    /// assert_eq!(polar.cell(3, 7), game.board.find("r3s7").unwrap());
    /// // Sectors wrap round: -1 is the last, 100 the first.
    /// assert_eq!(polar.cell(1, -1), game.board.find("r1s99").unwrap());
    /// assert_eq!(polar.cell(5, 100), game.board.find("r5s0").unwrap());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cell(&self, ring: u32, sector: i64) -> NodeId {
        let s = sector.rem_euclid(self.sectors as i64) as u32;
        self.cells[((ring - 1) * self.sectors + s) as usize]
    }

    /// `(ring, sector)` of a node, when it is a cell of this board.
    ///
    /// ```
    /// use qipan::core::render::PolarBoard;
    ///
    /// let game = qipan::load("he-qi", &[])?;
    /// let (board, polar) = (&game.board, PolarBoard::detect(&game.board).unwrap());
    /// assert_eq!(polar.ring_sector(board, board.find("r4s81").unwrap()), Some((4, 81)));
    /// assert_eq!(polar.ring_sector(board, board.find("eye0").unwrap()), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ring_sector(&self, board: &Board, n: NodeId) -> Option<(u32, u32)> {
        let [r, s, _] = board.node(n).coord;
        (r >= 1 && s >= 0 && r as u32 <= self.rings && (s as u32) < self.sectors)
            .then_some((r as u32, s as u32))
            .filter(|&(r, s)| self.cell(r, s as i64) == n)
    }

    /// The eye standing on node `n`, if any.
    ///
    /// ```
    /// use qipan::core::render::PolarBoard;
    ///
    /// let game = qipan::load("he-qi", &[])?;
    /// let (board, polar) = (&game.board, PolarBoard::detect(&game.board).unwrap());
    /// let eye = polar.eye(board.find("eye5").unwrap()).unwrap();
    /// assert_eq!(eye, &polar.eyes[5]);
    /// assert_eq!(eye.links, [(1, 21), (1, 22)]);
    /// assert!(polar.eye(board.find("r1s21").unwrap()).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn eye(&self, n: NodeId) -> Option<&Eye> {
        self.eyes.iter().find(|e| e.node == n)
    }

    /// Where an eye sits, in sector units (sector `s` spans `[s, s + 1)`).
    ///
    /// ```
    /// use qipan::core::render::PolarBoard;
    ///
    /// // He Qi's eye `e` sits on the line between sectors 4e + 1 and 4e + 2.
    /// let game = qipan::load("he-qi", &[])?;
    /// let polar = PolarBoard::detect(&game.board).unwrap();
    /// assert!((polar.eye_sector(&polar.eyes[0]) - 2.0).abs() < 1e-3);
    /// assert!((polar.eye_sector(&polar.eyes[24]) - 98.0).abs() < 1e-3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn eye_sector(&self, eye: &Eye) -> f32 {
        eye.angle * self.sectors as f32 / TAU
    }
}

/// Which seat's home territory each sector and each eye lies in.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Territories {
    /// Owner per sector (the seat whose home zone holds most of its cells).
    pub sectors: Vec<Option<SeatId>>,
    /// Owner per eye, in the order of [`PolarBoard::eyes`].
    pub eyes: Vec<Option<SeatId>>,
}

impl Territories {
    /// Reads the territories from the seats' home zones: the seat-relative zone named `home`, or the
    /// first seat-relative zone when none has that name.
    pub fn of(game: &Game, polar: &PolarBoard) -> Territories {
        let b = &game.board;
        let alias = game.zone_aliases.iter().position(|a| a == "home").or((!game.zone_aliases.is_empty()).then_some(0));
        let homes: Vec<(SeatId, u64)> =
            game.seat_ids().filter_map(|s| Some((s, 1u64 << game.seat_zone(s, alias? as u8)?))).collect();
        let owner = |nodes: &mut dyn Iterator<Item = NodeId>| -> Option<SeatId> {
            let mut counts = vec![0usize; game.seats.len()];
            for n in nodes {
                for &(s, bit) in &homes {
                    if b.zones_of(n) & bit != 0 {
                        counts[s.idx()] += 1;
                    }
                }
            }
            let best = counts.iter().copied().max().filter(|&c| c > 0)?;
            counts.iter().position(|&c| c == best).and_then(SeatId::from_index)
        };
        let sectors =
            (0..polar.sectors).map(|s| owner(&mut (1..=polar.rings).map(|r| polar.cell(r, s as i64)))).collect();
        let eyes = polar.eyes.iter().map(|e| owner(&mut std::iter::once(e.node))).collect();
        Territories { sectors, eyes }
    }

    /// Runs of consecutive sectors with one owner, as `(first sector, length, owner)`, going round the
    /// circle from the start of a run (a single run when every sector has the same owner).
    pub fn runs(&self) -> Vec<(u32, u32, Option<SeatId>)> {
        let n = self.sectors.len();
        let at = |i: usize| self.sectors[i % n];
        let Some(start) = (0..n).find(|&i| at(i) != at(i + n - 1)) else {
            return vec![(0, n as u32, self.sectors.first().copied().flatten())];
        };
        let mut runs: Vec<(u32, u32, Option<SeatId>)> = Vec::new();
        for i in start..start + n {
            match runs.last_mut() {
                Some(run) if run.2 == at(i) => run.1 += 1,
                _ => runs.push(((i % n) as u32, 1, at(i))),
            }
        }
        runs
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::board::generators::{GridSpec, PolarSpec, grid, polar};

    /// A polar board like the generator's: `rings` × `sectors` cells, `eyes` eyes linked to the two
    /// middle cells of their group, a hub, a checkerboard.
    pub fn board(rings: u32, sectors: u32, eyes: u32) -> Board {
        let group = sectors / eyes.max(1);
        let spec = PolarSpec {
            rings,
            sectors,
            eyes,
            eye_links: if eyes > 0 { vec![group / 2 - 1, group / 2] } else { vec![] },
            hub: eyes > 0,
            checker: Some(["white".into(), "black".into()]),
            diagonal: true,
            ..PolarSpec::default()
        };
        polar(&spec).unwrap().build().unwrap()
    }

    #[test]
    fn detects_generated_polar_boards() {
        let b = board(5, 100, 25);
        let p = PolarBoard::detect(&b).expect("polar");
        assert_eq!((p.rings, p.sectors, p.eyes.len()), (5, 100, 25));
        assert_eq!(p.hub, b.find("hub"));
        assert_eq!(p.cell(3, 7), b.find("r3s7").unwrap());
        assert_eq!(p.cell(1, -1), b.find("r1s99").unwrap());
        let e0 = &p.eyes[0];
        assert_eq!(e0.links, vec![(1, 1), (1, 2)]);
        assert!(e0.spoke);
        assert!((p.eye_sector(e0) - 2.0).abs() < 1e-3);
        let small = PolarBoard::detect(&board(2, 12, 0)).expect("polar without eyes");
        assert_eq!((small.rings, small.sectors, small.eyes.len(), small.hub), (2, 12, 0, None));
    }

    #[test]
    fn other_boards_are_not_polar() {
        let g = grid(&GridSpec::new(9, 9)).unwrap().build().unwrap();
        assert!(PolarBoard::detect(&g).is_none());
        // A cell moved off its circle, or an extra node, makes it an ordinary graph.
        let spec = PolarSpec {
            rings: 2,
            sectors: 8,
            eyes: 0,
            eye_links: vec![],
            hub: false,
            checker: None,
            diagonal: false,
            ..PolarSpec::default()
        };
        let mut moved = polar(&spec).unwrap();
        moved.node_mut(NodeId(3)).unwrap().pos[0] += 0.5;
        assert!(PolarBoard::detect(&moved.build().unwrap()).is_none());
        let mut extra = polar(&spec).unwrap();
        extra
            .add_node(crate::board::NodeSpec {
                label: "x".into(),
                kind: "point".into(),
                colour: None,
                zones: vec![],
                pos: [9.0, 9.0, 0.0],
                coord: [0, 0, 0],
            })
            .unwrap();
        assert!(PolarBoard::detect(&extra.build().unwrap()).is_none());
    }

    #[test]
    fn runs_go_round_the_circle() {
        let t = Territories {
            sectors: [Some(0), Some(0), None, None, Some(1), Some(0)].map(|s| s.map(SeatId)).to_vec(),
            eyes: vec![],
        };
        assert_eq!(t.runs(), vec![(2, 2, None), (4, 1, Some(SeatId(1))), (5, 3, Some(SeatId(0)))]);
        let one = Territories { sectors: vec![None; 4], eyes: vec![] };
        assert_eq!(one.runs(), vec![(0, 4, None)]);
    }
}
