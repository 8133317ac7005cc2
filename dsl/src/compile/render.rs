//! The `render:` section, compiled into the game's [`Look`]: words checked, pieces, relations, seats,
//! zones and nodes looked up by name.

use super::Compiler;
use crate::diag::Loc;
use crate::schema::{GameDef, GlyphsDef, MarkDef, NodesDef, RenderDef};
use crate::words::Words;
use qipan_core::SeatId;
use qipan_core::board::{Board, NodeId};
use qipan_core::game::Seat;
use qipan_core::render::{BoardMark, Look, Shape, Style, star_points};

/// `style:`.
pub(crate) const STYLE: Words<Style> = &[("cells", Style::Cells), ("points", Style::Points)];

/// `pieces:`.
pub(crate) const SHAPE: Words<Shape> = &[("stone", Shape::Stone), ("counter", Shape::Counter), ("glyph", Shape::Glyph)];

impl Compiler<'_> {
    /// The game's look: defaults for everything the definition leaves out.
    pub(super) fn look(&mut self, def: &GameDef, board: &Board, seats: &[Seat], pieces: &[String]) -> Look {
        let Some(r) = &def.render else { return Look::default() };
        let r: &RenderDef = &r.value;
        let mut look =
            Look { coordinates: r.coordinates, legend: r.legend, background: r.background.clone(), ..Look::default() };
        if r.style.is_some() {
            look.style = Some(self.word(&r.style, STYLE, Style::Points));
        }
        look.shape = self.word(&r.pieces, SHAPE, Shape::Stone);
        if let Some(lines) = &r.lines {
            let mut rels = Vec::new();
            for l in lines {
                match board.relation(&l.value) {
                    Some(rel) => rels.push(rel),
                    None => self.unknown(l.referenced, "relation", &l.value, board.relation_names()),
                }
            }
            look.lines = Some(rels);
        }
        look.glyphs = vec![Vec::new(); pieces.len()];
        for (name, g) in &r.glyphs.0 {
            let Some(p) = pieces.iter().position(|p| *p == name.value) else {
                self.unknown(name.referenced, "piece", &name.value, pieces);
                continue;
            };
            let list = match g {
                GlyphsDef::One(s) => vec![s.clone()],
                GlyphsDef::PerSeat(l) => l.clone(),
            };
            if list.is_empty() || list.len() > seats.len() {
                let msg = format!("piece `{}` has {} glyphs for {} seats", name.value, list.len(), seats.len());
                self.error(name.referenced, msg, Some("one glyph for every seat, or one per seat".into()));
            }
            look.glyphs[p] = list;
        }
        for t in &r.turned {
            match seats.iter().position(|s| s.name == t.value) {
                Some(s) => look.turned.push(SeatId(s as u8)),
                None => {
                    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
                    self.unknown(t.referenced, "seat", &t.value, &names)
                }
            }
        }
        for m in &r.marks {
            if let Some(mark) = self.mark(m.referenced, &m.value, board) {
                look.marks.push(mark);
            }
        }
        look
    }

    /// One mark of the board, its nodes found.
    fn mark(&mut self, at: Loc, m: &MarkDef, board: &Board) -> Option<BoardMark> {
        let kinds = [m.stars.is_some(), m.line.is_some(), m.river.is_some(), m.tint.is_some()];
        if kinds.iter().filter(|k| **k).count() != 1 {
            self.error(
                at,
                "a mark is one of stars, line, river or tint",
                Some("one of `stars:`, `line:`, `river:`, `tint:`".into()),
            );
            return None;
        }
        if let Some(stars) = &m.stars {
            if let NodesDef::Word(w) = stars {
                if w == "usual" {
                    return Some(BoardMark::Stars(usual_stars(board)));
                }
                self.error(at, format!("unknown value `{w}` for stars"), Some("`usual` or a list of nodes".into()));
                return None;
            }
            return Some(BoardMark::Stars(self.nodes(at, stars, board)?));
        }
        if let Some(line) = &m.line {
            let nodes = self.labels(at, line, board)?;
            let [a, b] = nodes[..] else {
                self.error(at, format!("a line joins two nodes, not {}", nodes.len()), Some("`line: [d1, f3]`".into()));
                return None;
            };
            return Some(BoardMark::Line(a, b));
        }
        if let Some(below) = m.river {
            let rows = board.grid_size().map_or(0, |(_, h, _)| h);
            if below == 0 || below >= rows {
                let msg = format!("a river after row {below} is not inside a board of {rows} rows");
                self.error(at, msg, Some(format!("a row from 1 to {}", rows.saturating_sub(1))));
                return None;
            }
            return Some(BoardMark::River { below, text: m.text.clone().unwrap_or_default() });
        }
        let tint = m.tint.as_ref()?;
        let nodes = self.nodes(at, tint, board)?;
        let colour = m.colour.clone().unwrap_or_else(|| "#c8a165".into());
        Some(BoardMark::Tint { nodes, colour })
    }

    /// Nodes by label, or the nodes of a zone.
    fn nodes(&mut self, at: Loc, nodes: &NodesDef, board: &Board) -> Option<Vec<NodeId>> {
        match nodes {
            NodesDef::List(l) => self.labels(at, l, board),
            NodesDef::Word(zone) => match board.zone(zone) {
                Some(z) => Some(board.zone_set(z).iter().collect()),
                None => {
                    self.unknown(at, "zone", zone, board.zone_names());
                    None
                }
            },
        }
    }

    fn labels(&mut self, at: Loc, labels: &[String], board: &Board) -> Option<Vec<NodeId>> {
        let mut out = Vec::new();
        for l in labels {
            match board.find(l) {
                Some(n) => out.push(n),
                None => {
                    self.error(at, format!("unknown node `{l}`"), Some("a node label of the board".into()));
                    return None;
                }
            }
        }
        Some(out)
    }
}

/// Go's star points on a grid board (none on other boards).
fn usual_stars(board: &Board) -> Vec<NodeId> {
    let Some((w, h, true)) = board.grid_size() else { return Vec::new() };
    let stars = star_points(w, h);
    board
        .node_ids()
        .filter(|&n| {
            let c = board.node(n).coord;
            stars.contains(&(c[0] as u32, c[1] as u32))
        })
        .collect()
}
