//! The board: a generator (grid, 3-D grid, box, polar, hex) or listed nodes and edges, with directions, zones and
//! same-colour links.

use super::Compiler;
use super::words::{DIAGONAL, Diagonals, EYE_RING, HUB, LABELS, OVERFLOW, PATTERN, SAME_COLOUR_JUMP};
use crate::diag::Loc;
use crate::schema::{BoardDef, Grid3dDef, Mask, Spanned};
use crate::words::{listed_or, lookup};
use qipan_core::board::generators::{self, GridSpec, LabelStyle, PolarSpec};
use qipan_core::board::{Board, BoardBuilder, EdgeSpec, NodeSpec};

impl Compiler<'_> {
    /// The board a definition describes (or the variant its option selects).
    pub(super) fn board(&mut self, b: &BoardDef) -> Option<Board> {
        if let Some(sel) = &b.select {
            if !self.uses_only_set(&sel.value, sel.referenced) {
                return None;
            }
            let Some(value) = self.vars.get(&sel.value).map(|v| v.to_string()) else {
                self.error(sel.referenced, format!("unknown option `{}`", sel.value), None);
                return None;
            };
            let Some((_, variant)) = b.variants.0.iter().find(|(k, _)| k.value == value) else {
                let names: Vec<&str> = b.variants.0.iter().map(|(k, _)| k.value.as_str()).collect();
                self.error(
                    sel.referenced,
                    format!("no board `{value}` for option `{}`", sel.value),
                    Some(names.join(", ")),
                );
                return None;
            };
            return self.board(variant);
        }
        let generators_used = [
            b.grid.is_some(),
            b.grid3d.is_some(),
            b.polar.is_some(),
            b.box_surface.is_some(),
            b.hex.is_some(),
            b.rings.is_some(),
            b.triangle.is_some(),
            b.mancala.is_some(),
        ]
        .iter()
        .filter(|&&x| x)
        .count();
        if generators_used > 1 {
            self.error(
                Loc::START,
                "the board uses more than one generator",
                Some("one of grid, grid3d, box, polar, hex, rings, triangle, mancala (plus nodes/edges); a variant that changes its base's generator removes the base's with `grid: ~` (or `polar: ~`, ...)".into()),
            );
            return None;
        }
        let mut builder = if let Some(g) = &b.grid {
            let mask = g.mask.as_ref().map(|m| match &m.value {
                Mask::Rows(rows) => rows.clone(),
                Mask::Text(t) => {
                    let text = self.subst(&Spanned::new(t.clone(), m.referenced, m.defined));
                    text.split(['/', '\n']).map(str::trim).filter(|r| !r.is_empty()).map(String::from).collect()
                }
            });
            let mask_w = mask.as_ref().map(|m| m.iter().map(|r| r.chars().count()).max().unwrap_or(0) as u32);
            let mask_h = mask.as_ref().map(|m| m.len() as u32);
            let anchor: Loc = g
                .width
                .as_ref()
                .or(g.height.as_ref())
                .map(|w| w.referenced)
                .or(g.mask.as_ref().map(|m| m.referenced))
                .unwrap_or(Loc::START);
            let w = match &g.width {
                Some(w) => self.count(w, "width", 256.0)?,
                None => mask_w.or_else(|| {
                    self.error(anchor, "a grid needs a width or a mask", None);
                    None
                })?,
            };
            let h = match &g.height {
                Some(h) => self.count(h, "height", 256.0)?,
                None => mask_h.or_else(|| {
                    self.error(anchor, "a grid needs a height or a mask", None);
                    None
                })?,
            };
            let labels = match &g.labels {
                None => LabelStyle::Gtp,
                Some(l) => match lookup(LABELS, &l.value) {
                    Some(style) => style,
                    None => {
                        let other = &l.value;
                        self.error(l.referenced, format!("unknown label style `{other}`"), Some(listed_or(LABELS)));
                        return None;
                    }
                },
            };
            let diagonals = self.word(&g.diagonal, DIAGONAL, Diagonals::None);
            let spec = GridSpec {
                width: w,
                height: h,
                mask,
                labels,
                diagonal: diagonals == Diagonals::All,
                checker: g.checker.clone(),
                kind: g.kind.clone().unwrap_or_else(|| "point".into()),
            };
            self.grid_board(g, &spec, diagonals, anchor)?
        } else if let Some(g) = &b.grid3d {
            let (w, h, d) = self.dims(g)?;
            self.board_result(generators::grid3d(w, h, d), g.width.referenced)?
        } else if let Some(g) = &b.box_surface {
            let (w, h, d) = self.dims(g)?;
            self.board_result(generators::box_surface(w, h, d), g.width.referenced)?
        } else if let Some(p) = &b.polar {
            let (hub, hub_stop) = self.word(&p.hub, HUB, (false, false));
            let spec = PolarSpec {
                rings: self.count(&p.rings, "rings", 1000.0)?,
                sectors: self.count(&p.sectors, "sectors", 10000.0)?,
                eyes: p.eyes,
                eye_links: p.eye_links.clone(),
                hub,
                hub_stop,
                eye_ring: self.word(&p.eye_ring, EYE_RING, false),
                checker: p.checker.clone(),
                stripes: self.word(&p.pattern, PATTERN, false),
                diagonal: p.diagonal,
            };
            self.board_result(generators::polar(&spec), p.rings.referenced)?
        } else if let Some(h) = &b.hex {
            let (spec, at) = self.hex_spec(h)?;
            self.board_result(generators::hex(&spec), at)?
        } else if let Some(r) = &b.rings {
            self.rings_board(r)?
        } else if let Some(t) = &b.triangle {
            self.triangle_board(t)?
        } else if let Some(m) = &b.mancala {
            let pits = self.count(&m.pits, "pits", 1000.0)?;
            let rows = match &m.rows {
                None => 2,
                Some(r) => {
                    let n = self.count(r, "rows", 1000.0)?;
                    if n != 2 && n != 4 {
                        self.error(
                            r.referenced,
                            format!("a mancala board has 2 or 4 rows of pits, not {n}"),
                            Some("`rows: 2` (one row each, the default) or `rows: 4` (two rows each)".into()),
                        );
                        return None;
                    }
                    n
                }
            };
            let spec = qipan_core::board::mancala::MancalaSpec { pits, stores: m.stores, rows };
            self.board_result(qipan_core::board::mancala::mancala(&spec), m.pits.referenced)?
        } else {
            BoardBuilder::new()
        };
        for (name, v) in &b.directions.0 {
            let vector = match v.as_slice() {
                [x, y] => Some([*x, *y, 0]),
                [x, y, z] => Some([*x, *y, *z]),
                _ => {
                    self.error(
                        name.referenced,
                        "a direction vector has 2 or 3 numbers",
                        Some("[dx, dy] or [dx, dy, dz]".into()),
                    );
                    None
                }
            };
            builder.direction(&name.value, vector);
        }
        for n in &b.nodes {
            let at = n.at.clone().unwrap_or_default();
            let pos = [
                at.first().copied().unwrap_or(0.0),
                at.get(1).copied().unwrap_or(0.0),
                at.get(2).copied().unwrap_or(0.0),
            ];
            let spec = NodeSpec {
                label: n.label.value.clone(),
                kind: n.kind.clone().unwrap_or_else(|| "cell".into()),
                colour: n.colour.clone(),
                zones: n.zones.clone(),
                pos,
                coord: [pos[0] as i32, pos[1] as i32, pos[2] as i32],
            };
            if let Err(e) = builder.add_node(spec) {
                self.error(n.label.referenced, e.to_string(), Some("a unique label".into()));
            }
        }
        for e in &b.edges {
            let (Some(a), Some(z)) = (builder.find(&e.from.value), builder.find(&e.to.value)) else {
                let bad = if builder.find(&e.from.value).is_none() { &e.from } else { &e.to };
                self.error(
                    bad.referenced,
                    format!("no node labelled `{}`", bad.value),
                    Some("the label of a node of the board".into()),
                );
                continue;
            };
            builder.add_edge(
                a,
                z,
                EdgeSpec { relation: e.relation.clone(), direction: e.direction.clone(), via: None },
            );
            if !e.one_way {
                builder.add_edge(z, a, EdgeSpec { relation: e.relation.clone(), direction: e.back.clone(), via: None });
            }
        }
        if b.same_colour {
            let over_any = self.word(&b.same_colour_jump, SAME_COLOUR_JUMP, false);
            builder = self.board_result(generators::add_same_colour(builder, over_any), Loc::START)?;
        }
        // Zones: first check labels, then tag nodes.
        let preview = self.board_result(builder.clone().build(), Loc::START)?;
        for (name, z) in &b.zones.0 {
            let kind = z.kind.as_ref().and_then(|k| {
                let found = preview.kind(k);
                if found.is_none() {
                    self.unknown(name.referenced, "node kind", k, preview.kind_names());
                }
                found
            });
            let mut members = Vec::new();
            for l in &z.labels {
                match preview.find(&l.value) {
                    Some(id) => members.push(id),
                    None => self.error(
                        l.referenced,
                        format!("no node labelled `{}`", l.value),
                        Some("the label of a node of the board".into()),
                    ),
                }
            }
            if let Some(ranges) = &z.coords {
                for id in preview.node_ids() {
                    let info = preview.node(id);
                    let inside =
                        ranges.iter().enumerate().all(|(i, r)| i < 3 && info.coord[i] >= r[0] && info.coord[i] <= r[1]);
                    if inside && kind.is_none_or(|k| info.kind == k) {
                        members.push(id);
                    }
                }
            } else if let Some(k) = kind {
                members.extend(preview.node_ids().filter(|&id| preview.node(id).kind == k));
            }
            builder.declare_zone(&name.value);
            for id in members {
                if let Some(spec) = builder.node_mut(id) {
                    spec.zones.push(name.value.clone());
                }
            }
        }
        if b.counts {
            builder.set_counts();
        }
        if let Some(s) = &b.stacks {
            // A column is at least two pieces, and a node holds either a column or a count of seeds.
            if !(2..=255).contains(&s.value) {
                self.error(
                    s.referenced,
                    format!(
                        "columns of at most {} {} are no stacks",
                        s.value,
                        if s.value == 1 { "piece" } else { "pieces" }
                    ),
                    Some("a height from 2 to 255: the most pieces a node may hold".into()),
                );
            } else if b.counts || b.mancala.is_some() {
                self.error(
                    s.referenced,
                    "a board cannot hold both columns of pieces and counts of seeds",
                    Some("either `stacks: N` or `counts: true` (or a `mancala` board)".into()),
                );
            } else {
                builder.set_stacks(s.value as u8);
            }
        }
        if let Some(o) = &b.overflow {
            if b.stacks.is_none() {
                self.error(
                    o.referenced,
                    "`overflow` says where a column too high loses pieces, and this board has no columns",
                    Some("`stacks: N` beside it, or no `overflow`".into()),
                );
            }
            builder.set_overflow(self.word(&b.overflow, OVERFLOW, Default::default()));
        }
        for (name, t) in &b.tracks.0 {
            let mut nodes = Vec::new();
            for l in &t.nodes {
                match preview.find(&l.value) {
                    Some(id) => nodes.push(id),
                    None => self.error(
                        l.referenced,
                        format!("no node labelled `{}`", l.value),
                        Some("the label of a node of the board".into()),
                    ),
                }
            }
            builder.add_track(&name.value, nodes, t.cyclic);
        }
        self.board_result(builder.build(), Loc::START)
    }

    /// Width, height and depth of a 3-D grid or box.
    fn dims(&mut self, g: &Grid3dDef) -> Option<(u32, u32, u32)> {
        Some((
            self.count(&g.width, "width", 256.0)?,
            self.count(&g.height, "height", 256.0)?,
            self.count(&g.depth, "depth", 256.0)?,
        ))
    }
}
