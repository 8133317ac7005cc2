//! The SVG of a square grid with coordinates: squares (checkered when the board colours its nodes) or the
//! lines of the chosen relations with pieces on their crossings, the board's marks, coordinates on the
//! edges, and a legend of the pieces.

use super::look::{BoardMark, Shape, Style};
use super::tray::{self, Tray};
use super::{Marks, colour, column_under};
use crate::board::NodeId;
use crate::position::{Piece, Position};
use std::fmt::Write;

/// Side of a square, or distance between two points, in pixels.
pub(super) const UNIT: f32 = 40.0;

/// Fonts for glyphs, in order: chess symbols, then Chinese and Japanese characters, then whatever there is.
pub(super) const FONTS: &str = "'DejaVu Sans', 'Noto Sans CJK SC', 'Noto Sans CJK JP', 'Noto Serif CJK SC', \
'Source Han Sans SC', 'WenQuanYi Zen Hei', 'Microsoft YaHei', 'Hiragino Sans', 'Segoe UI Symbol', sans-serif";

/// Where things go: the board's corner, and its size in columns and rows.
struct Frame {
    left: f32,
    top: f32,
    w: u32,
    h: u32,
}

impl Frame {
    /// The centre of the square (or the point) at column `x`, row `y` (row 0 at the bottom).
    fn at(&self, x: i32, y: i32) -> (f32, f32) {
        (self.left + (x as f32 + 0.5) * UNIT, self.top + (self.h as f32 - 0.5 - y as f32) * UNIT)
    }
}

/// The picture of a grid board of `w` × `h` with coordinates.
pub(super) fn svg(pos: &Position, marks: &Marks, w: u32, h: u32) -> String {
    let g = pos.game();
    let b = &g.board;
    let look = &g.look;
    let style = look.style(b);
    let coordinates = look.coordinates.unwrap_or(true);
    let margin = if coordinates { 0.6 * UNIT } else { 0.25 * UNIT };
    let board_w = w as f32 * UNIT + 2.0 * margin;
    let board_h = h as f32 * UNIT + 2.0 * margin;
    let legend = if look.legend { legend_items(pos) } else { Vec::new() };
    // Legend columns as wide as the widest entry: its pieces, then its name (about 0.2 of a square a letter).
    let legend_col = legend
        .iter()
        .map(|(p, name)| (p.len() as f32 * 0.75 + 0.4 + name.chars().count() as f32 * 0.2) * UNIT)
        .fold(2.0 * UNIT, f32::max);
    let legend_per_row = ((board_w - margin) / legend_col).floor().max(1.0) as usize;
    let legend_h = legend.len().div_ceil(legend_per_row) as f32 * 0.8 * UNIT;
    let trays = tray::trays(pos);
    let (top, bottom): (Vec<&Tray>, Vec<&Tray>) = trays.iter().partition(|t| tray::above(pos, t));
    let rows_h = |n: usize| if n == 0 { 0.0 } else { n as f32 * tray::ROW + 0.2 * UNIT };
    let (top_h, bottom_h) = (rows_h(top.len()), rows_h(bottom.len()));
    let trays_w = trays.iter().map(tray::width).fold(0.0, f32::max) + 0.4 * UNIT;
    let width = board_w.max(if trays.is_empty() { 0.0 } else { trays_w });
    let height = top_h + board_h + legend_h + bottom_h;
    // A picture wider than the board (for its trays) centres the board.
    let f = Frame { left: (width - board_w) / 2.0 + margin, top: top_h + margin, w, h };
    let xy = |n: NodeId| {
        let c = b.node(n).coord;
        f.at(c[0], c[1])
    };
    let background = look.background.as_deref().map(|c| colour::named(c).unwrap_or(c)).unwrap_or("#dcb35c");
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="{FONTS}">"##
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="{background}"/>"##);

    let tints: Vec<(NodeId, &str)> = look
        .marks
        .iter()
        .flat_map(|m| match m {
            BoardMark::Tint { nodes, colour } => nodes.iter().map(|&n| (n, colour.as_str())).collect(),
            _ => Vec::new(),
        })
        .collect();
    let tint = |n: NodeId| tints.iter().rev().find(|t| t.0 == n).map(|t| colour::named(t.1).unwrap_or(t.1));
    let half = UNIT / 2.0;
    match style {
        Style::Cells => {
            let dark = colour::dark_colours(b.colour_names());
            for n in b.node_ids() {
                let (x, y) = xy(n);
                let fill = match (tint(n), b.node(n).colour) {
                    (Some(t), _) => t,
                    (None, Some(c)) if dark.get(c as usize).copied().unwrap_or(c % 2 == 1) => "#b58863",
                    (None, Some(_)) => "#f0d9b5",
                    (None, None) => background,
                };
                let _ = writeln!(
                    s,
                    r##"<rect class="cell" x="{:.1}" y="{:.1}" width="{UNIT}" height="{UNIT}" fill="{fill}" stroke="#5a4630" stroke-width="{sw}"><title>{l}</title></rect>"##,
                    x - half,
                    y - half,
                    sw = if b.node(n).colour.is_some() { 0.0 } else { 1.0 },
                    l = b.node(n).label
                );
            }
        }
        Style::Points => {
            for n in b.node_ids() {
                if let Some(t) = tint(n) {
                    let (x, y) = xy(n);
                    let _ = writeln!(
                        s,
                        r##"<rect class="tint" x="{:.1}" y="{:.1}" width="{UNIT}" height="{UNIT}" fill="{t}"/>"##,
                        x - half,
                        y - half
                    );
                }
            }
            let river = look.marks.iter().find_map(|m| match m {
                BoardMark::River { below, .. } => Some(*below as i32),
                _ => None,
            });
            for rel in look.line_relations(b) {
                for n in b.node_ids() {
                    for e in b.edges(rel, n) {
                        if e.to <= n {
                            continue;
                        }
                        let (c1, c2) = (b.node(n).coord, b.node(e.to).coord);
                        // Across the river only the edges of the board run on.
                        let crosses = river.is_some_and(|r| c1[1].min(c2[1]) < r && c1[1].max(c2[1]) >= r);
                        if crosses && c1[0] != 0 && c1[0] != w as i32 - 1 {
                            continue;
                        }
                        line(&mut s, xy(n), xy(e.to), "#3a2a1a", 1.2);
                    }
                }
            }
        }
    }
    if style == Style::Points {
        // Each point named when hovered (squares carry their own titles); on a board with gaps (Morris),
        // where lines meet without a point, the points are dotted.
        let sparse = b.len() < (w * h) as usize;
        for n in b.node_ids() {
            let (x, y) = xy(n);
            if sparse {
                let _ = writeln!(s, r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="#3a2a1a"/>"##, UNIT * 0.1);
            }
            let _ = writeln!(
                s,
                r##"<circle class="point" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="transparent"><title>{}</title></circle>"##,
                UNIT * 0.3,
                b.node(n).label
            );
        }
    }
    for m in &look.marks {
        match m {
            BoardMark::Stars(nodes) => {
                for &n in nodes {
                    let (x, y) = xy(n);
                    let _ = writeln!(
                        s,
                        r##"<circle class="star" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="#3a2a1a"/>"##,
                        UNIT * 0.09
                    );
                }
            }
            BoardMark::Line(a, c) => line(&mut s, xy(*a), xy(*c), "#3a2a1a", 1.2),
            BoardMark::River { below, text } => {
                let (x, y) = f.at(0, *below as i32);
                let x = x - half + w as f32 * UNIT / 2.0;
                let _ = writeln!(
                    s,
                    r##"<text class="river" x="{x:.1}" y="{:.1}" font-size="{:.0}" text-anchor="middle" fill="#3a2a1a" letter-spacing="{:.0}" xml:space="preserve">{}</text>"##,
                    y + half + UNIT * 0.16,
                    UNIT * 0.45,
                    UNIT * 0.15,
                    escape(text)
                );
            }
            BoardMark::Tint { .. } => {}
        }
    }
    if coordinates {
        edge_labels(&mut s, pos, &f);
    }
    // Under the pieces: the last move and a king in check.
    // A protected piece under attack: the king in check (after a mate too, when no seat is to move).
    let checked: Vec<NodeId> = if g.has_check_rule() {
        b.node_ids().filter(|&n| pos.cell(n).is_some_and(|p| g.is_royal(p.piece)) && pos.is_attacked(n)).collect()
    } else {
        Vec::new()
    };
    for &n in &checked {
        let (x, y) = xy(n);
        let _ = writeln!(
            s,
            r##"<circle class="check" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="#e53935" fill-opacity="0.75"/>"##,
            UNIT * 0.48
        );
    }
    if style == Style::Cells {
        for &n in &marks.last {
            let (x, y) = xy(n);
            let _ = writeln!(
                s,
                r##"<rect class="last" x="{:.1}" y="{:.1}" width="{UNIT}" height="{UNIT}" fill="#f7ec5a" fill-opacity="0.55"/>"##,
                x - half,
                y - half
            );
        }
    }
    for n in b.node_ids() {
        if let Some(p) = super::drawn_at(pos, n) {
            let (x, y) = xy(n);
            column_under(&mut s, pos, n, (x, y), UNIT);
            piece(&mut s, pos, p, (x, y), 1.0);
        }
    }
    if style == Style::Points {
        for &n in &marks.last {
            let (x, y) = xy(n);
            let _ = writeln!(
                s,
                r##"<circle class="last" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="#e67e22" stroke-width="3"/>"##,
                UNIT * 0.47
            );
        }
    }
    for &n in &marks.targets {
        let (x, y) = xy(n);
        if pos.cell(n).is_some() {
            // A piece the move would take: a ring round it, which leaves the piece readable.
            let _ = writeln!(
                s,
                r##"<circle class="target" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="#27ae60" stroke-width="{:.1}" stroke-opacity="0.9"/>"##,
                UNIT * 0.47,
                UNIT * 0.08
            );
        } else {
            let _ = writeln!(
                s,
                r##"<circle class="target" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="#27ae60" fill-opacity="0.85" stroke="#fff" stroke-width="1"/>"##,
                UNIT * 0.15
            );
        }
    }
    let mut y = top_h + board_h;
    for (i, (glyphs, name)) in legend.iter().enumerate() {
        let (col, row) = (i % legend_per_row, i / legend_per_row);
        let x = (width - board_w) / 2.0 + margin + col as f32 * legend_col;
        let cy = y + (row as f32 + 0.5) * 0.8 * UNIT;
        for (k, p) in glyphs.iter().enumerate() {
            piece_at(&mut s, pos, *p, (x + (k as f32 + 0.4) * 0.75 * UNIT, cy), 0.7);
        }
        let _ = writeln!(
            s,
            r##"<text class="legend" x="{:.1}" y="{:.1}" font-size="{:.0}" fill="#111">{}</text>"##,
            x + (glyphs.len() as f32 * 0.75 + 0.1) * UNIT,
            cy + UNIT * 0.13,
            UNIT * 0.36,
            escape(name)
        );
    }
    y += legend_h;
    let held = |s: &mut String, p: Piece, at: (f32, f32), scale: f32| piece(s, pos, p, at, scale);
    for (i, t) in top.iter().enumerate() {
        tray::draw(&mut s, pos, t, (0.2 * UNIT, 0.1 * UNIT + i as f32 * tray::ROW), &held);
    }
    for (i, t) in bottom.iter().enumerate() {
        tray::draw(&mut s, pos, t, (0.2 * UNIT, y + 0.1 * UNIT + i as f32 * tray::ROW), &held);
    }
    s.push_str("</svg>\n");
    s
}

fn line(s: &mut String, (x1, y1): (f32, f32), (x2, y2): (f32, f32), stroke: &str, width: f32) {
    let _ = writeln!(
        s,
        r##"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}" stroke-width="{width}"/>"##
    );
}

pub(super) fn escape(t: &str) -> String {
    t.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The names of the columns (letters) under and over the board, and of the rows (numbers) beside it, read
/// off the labels of the nodes on each.
fn edge_labels(s: &mut String, pos: &Position, f: &Frame) {
    let b = &pos.game().board;
    let fs = UNIT * 0.3;
    let name_of = |axis: usize, v: i32| {
        b.node_ids().find(|&n| b.node(n).coord[axis] == v).map(|n| {
            let l = &b.node(n).label;
            let split = l.find(|c: char| c.is_ascii_digit()).unwrap_or(l.len());
            let (letters, digits) = l.split_at(split);
            if axis == 0 { letters.to_string() } else { digits.to_string() }
        })
    };
    for x in 0..f.w as i32 {
        let Some(name) = name_of(0, x) else { continue };
        let (cx, _) = f.at(x, 0);
        for y in [f.top - UNIT * 0.2, f.top + f.h as f32 * UNIT + UNIT * 0.42] {
            let _ = writeln!(
                s,
                r##"<text class="coord" x="{cx:.1}" y="{y:.1}" font-size="{fs:.0}" text-anchor="middle" fill="#3a2a1a">{}</text>"##,
                escape(&name)
            );
        }
    }
    for y in 0..f.h as i32 {
        let Some(name) = name_of(1, y) else { continue };
        let (_, cy) = f.at(0, y);
        for (x, anchor) in [(f.left - UNIT * 0.15, "end"), (f.left + f.w as f32 * UNIT + UNIT * 0.15, "start")] {
            let _ = writeln!(
                s,
                r##"<text class="coord" x="{x:.1}" y="{:.1}" font-size="{fs:.0}" text-anchor="{anchor}" fill="#3a2a1a">{}</text>"##,
                cy + fs * 0.35,
                escape(&name)
            );
        }
    }
}

/// For each piece type with a glyph, one piece per seat that has its own glyph, and its name.
fn legend_items(pos: &Position) -> Vec<(Vec<crate::position::Piece>, String)> {
    let g = pos.game();
    g.piece_ids()
        .filter(|p| !g.look.glyphs.get(p.idx()).is_none_or(|gl| gl.is_empty()))
        .map(|p| {
            let seats = g.look.glyphs[p.idx()].len().min(g.seats.len()).max(1);
            let pieces =
                (0..seats).map(|s| crate::position::Piece { seat: crate::SeatId(s as u8), piece: p }).collect();
            (pieces, g.pieces[p.idx()].name.clone())
        })
        .collect()
}

/// The glyph a piece is drawn with, on the board or in a tray: the definition's, else its symbol when the
/// game has several piece types.
fn glyph(pos: &Position, p: Piece) -> Option<String> {
    let g = pos.game();
    if let Some(gl) = g.look.glyph(p.piece.idx(), p.seat.idx()) {
        return Some(gl.to_string());
    }
    // A definition that gives glyphs leaves the others blank (draughts' men); else symbols tell types apart.
    let any = g.look.glyphs.iter().any(|gl| !gl.is_empty());
    let symbols = &g.pieces[p.piece.idx()].symbols;
    (!any && g.pieces.len() > 1).then(|| symbols.get(p.seat.idx()).or(symbols.first()).cloned()).flatten()
}

/// A piece centred at `(x, y)`, at `scale` times the size of a square.
fn piece(s: &mut String, pos: &Position, p: Piece, at: (f32, f32), scale: f32) {
    draw(s, pos, p, glyph(pos, p), at, scale);
}

/// A piece for the legend: its glyph without a node.
fn piece_at(s: &mut String, pos: &Position, p: crate::position::Piece, at: (f32, f32), scale: f32) {
    let g = pos.game();
    let gl = g.look.glyph(p.piece.idx(), p.seat.idx()).map(String::from);
    draw(s, pos, p, gl, at, scale);
}

/// Whether a piece of this seat is drawn upside down: on the board only, never in the legend.
fn turned(pos: &Position, p: crate::position::Piece, scale: f32) -> bool {
    scale == 1.0 && pos.game().look.turned.contains(&p.seat)
}

fn draw(
    s: &mut String,
    pos: &Position,
    p: crate::position::Piece,
    glyph: Option<String>,
    (x, y): (f32, f32),
    scale: f32,
) {
    let g = pos.game();
    let seat = colour::seat(g, p.seat);
    let u = UNIT * scale;
    let turn = if turned(pos, p, scale) { format!(r#" transform="rotate(180 {x:.1} {y:.1})""#) } else { String::new() };
    let glyph = glyph.filter(|t| !t.is_empty());
    match g.look.shape {
        Shape::Glyph if glyph.is_some() => {
            let t = glyph.unwrap_or_default();
            // Chinese and Japanese characters fill their whole em: smaller than chess symbols.
            let wide = t.chars().any(|c| c >= '\u{2e80}');
            let fs = if wide { u * 0.66 } else { u * 0.8 };
            let ty = y + fs * 0.34;
            let ink = colour::ink(&seat);
            // An outlined chess symbol (♔) is filled with the seat's colour by its solid twin (♚) under it.
            let mut chars = t.chars();
            if let (Some(c @ '\u{2654}'..='\u{2659}'), None) = (chars.next(), chars.next()) {
                let solid = char::from_u32(c as u32 + 6).unwrap_or(c);
                let _ = writeln!(
                    s,
                    r##"<text x="{x:.1}" y="{ty:.1}" font-size="{fs:.0}" text-anchor="middle" fill="{seat}"{turn}>{solid}</text>"##
                );
                let _ = writeln!(
                    s,
                    r##"<text class="piece" x="{x:.1}" y="{ty:.1}" font-size="{fs:.0}" text-anchor="middle" fill="{ink}"{turn}>{t}</text>"##,
                    t = escape(&t)
                );
            } else {
                let _ = writeln!(
                    s,
                    r##"<text class="piece" x="{x:.1}" y="{ty:.1}" font-size="{fs:.0}" text-anchor="middle" fill="{seat}" stroke="{ink}" stroke-width="{sw:.1}" paint-order="stroke" stroke-linejoin="round"{turn}>{t}</text>"##,
                    sw = u * 0.05,
                    t = escape(&t)
                );
            }
        }
        Shape::Counter => {
            // A pale seat's counter is its own colour, lettered dark; the others are ivory, lettered in theirs.
            let (disc, seat) =
                if colour::is_pale(&seat) { (seat.as_str(), "#333".to_string()) } else { ("#f4e4c1", seat.clone()) };
            let _ = writeln!(
                s,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{disc}" stroke="{seat}" stroke-width="{:.1}"/>"##,
                u * 0.44,
                u * 0.06
            );
            let _ = writeln!(
                s,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="{seat}" stroke-width="{:.1}"/>"##,
                u * 0.35,
                u * 0.02
            );
            if let Some(t) = glyph {
                let fs = if t.chars().count() > 1 { u * 0.32 } else { u * 0.48 };
                let _ = writeln!(
                    s,
                    r##"<text class="piece" x="{x:.1}" y="{:.1}" font-size="{fs:.0}" text-anchor="middle" fill="{seat}"{turn}>{}</text>"##,
                    y + fs * 0.36,
                    escape(&t)
                );
            }
        }
        _ => {
            let _ = writeln!(
                s,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{seat}" stroke="{}" stroke-width="1"/>"##,
                u * 0.42,
                if colour::is_dark(&seat).unwrap_or(false) { "#000" } else { "#333" }
            );
            if let Some(t) = glyph {
                let fs = if t.chars().count() > 1 { u * 0.32 } else { u * 0.5 };
                let _ = writeln!(
                    s,
                    r##"<text class="piece" x="{x:.1}" y="{:.1}" font-size="{fs:.0}" text-anchor="middle" fill="{}"{turn}>{}</text>"##,
                    y + fs * 0.36,
                    colour::ink(&seat),
                    escape(&t)
                );
            }
        }
    }
}
