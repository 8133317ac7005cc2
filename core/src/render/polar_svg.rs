//! The SVG drawing of a polar board: cells as annular wedges around a channel of eyes and a hub,
//! territories as coloured arcs outside the outer ring, labels for writing moves.

use super::Marks;
use super::colour;
use super::polar::{PolarBoard, Territories};
use crate::SeatId;
use crate::board::NodeId;
use crate::position::Position;
use std::f32::consts::{PI, TAU};
use std::fmt::Write;

/// Page background.
const PAPER: &str = "#fbf9f4";
/// Cells of a light colour, and of a dark one.
const LIGHT_CELL: &str = "#f3efe6";
const DARK_CELL: &str = "#4a4a4a";
/// The channel band and the field inside it.
const CHANNEL: &str = "#d6e2e8";
const INSIDE: &str = "#efe6d0";
/// Lines: the cell grid, links between nodes, outlines of eyes and the hub.
const GRID: &str = "#8c8c8c";
const LINK: &str = "#7a8d99";
const EYE_LINE: &str = "#35617a";
/// Marks: the last move, and possible destinations.
const LAST: &str = "#ff8c00";
const TARGET: &str = "#2ecc71";

/// Where everything goes, in pixels from the centre of the picture.
struct Geometry {
    /// Centre of the board (x = y).
    centre: f32,
    sectors: f32,
    rings: u32,
    /// Inner radius of ring 1, and depth of each ring.
    ring1: f32,
    depth: f32,
    /// Radius of the eyes' centres, and of their circles.
    eye_at: f32,
    eye_size: f32,
    /// Inner radius of the channel band.
    channel: f32,
    hub_size: f32,
}

impl Geometry {
    /// The layout for a board, with a plain margin (see [`Geometry::with_names`]).
    fn new(p: &PolarBoard) -> Geometry {
        // Cells of ring 1 are about 22 px wide; rings are as deep as that (within reason).
        let sectors = p.sectors as f32;
        let ring1_mid = (22.0 * sectors / TAU).max(150.0);
        let depth = (TAU * ring1_mid / sectors).clamp(20.0, 40.0);
        let ring1 = ring1_mid - depth / 2.0;
        let eye_size = 0.42 * depth.min(TAU * ring1_mid / sectors) + 2.0;
        let eye_at = ring1 - eye_size - 8.0;
        let channel = eye_at - eye_size - 18.0;
        let mut g = Geometry {
            centre: 0.0,
            sectors,
            rings: p.rings,
            ring1,
            depth,
            eye_at,
            eye_size,
            channel,
            hub_size: (eye_size * 1.3).max(12.0),
        };
        g.centre = g.outer() + 64.0;
        g
    }

    /// Room round the board for the seat names written outside it.
    fn with_names(mut self, longest: usize) -> Geometry {
        self.centre = self.outer() + NAME_GAP + text_width(longest, NAME_SIZE) + 8.0;
        self
    }

    /// The radius at which a label of `width` × `height` pixels, centred, clears radius `rho` (inwards
    /// when `gap` is negative) at sector position `sector`.
    fn clear(&self, rho: f32, gap: f32, sector: f32, width: f32, height: f32) -> f32 {
        let t = self.theta(sector);
        let extent = t.cos().abs() * width / 2.0 + t.sin().abs() * height / 2.0;
        rho + gap.signum() * (gap.abs() + extent)
    }

    /// Inner radius of ring `r` (`rings + 1` gives the outer edge of the board).
    fn ring_in(&self, r: u32) -> f32 {
        self.ring1 + (r as f32 - 1.0) * self.depth
    }

    /// Outer radius of the outermost ring.
    fn outer(&self) -> f32 {
        self.ring_in(self.rings + 1)
    }

    /// The angle of a sector position (sector `s` spans `[s, s + 1)`).
    fn theta(&self, sector: f32) -> f32 {
        sector * TAU / self.sectors
    }

    /// The picture point at radius `rho` and sector position `sector` (counter-clockwise, y up).
    fn at(&self, rho: f32, sector: f32) -> (f32, f32) {
        let t = self.theta(sector);
        (self.centre + rho * t.cos(), self.centre - rho * t.sin())
    }

    /// The middle of cell (`r`, `s`).
    fn cell_centre(&self, r: u32, s: u32) -> (f32, f32) {
        self.at(self.ring_in(r) + self.depth / 2.0, s as f32 + 0.5)
    }

    /// Radius of a piece standing on ring `r`.
    fn piece_size(&self, r: u32) -> f32 {
        let arc = TAU * (self.ring_in(r) + self.depth / 2.0) / self.sectors;
        (0.42 * arc.min(self.depth)).min(14.0)
    }

    /// The centre of a node in the picture, and the radius of a piece on it.
    fn node_spot(&self, pos: &Position, p: &PolarBoard, n: NodeId) -> Option<((f32, f32), f32)> {
        if let Some((r, sec)) = p.ring_sector(&pos.game().board, n) {
            return Some((self.cell_centre(r, sec), self.piece_size(r)));
        }
        if let Some(e) = p.eye(n) {
            return Some((self.at(self.eye_at, p.eye_sector(e)), self.eye_size - 2.0));
        }
        (p.hub == Some(n)).then_some(((self.centre, self.centre), self.hub_size - 2.0))
    }

    /// Path data of the shorter arc of the eyes' circle between two sector positions.
    fn channel_arc(&self, from: f32, to: f32) -> String {
        let turn = (to - from).rem_euclid(self.sectors);
        let (sweep, to) = if turn <= self.sectors / 2.0 { (0, from + turn) } else { (1, from + turn - self.sectors) };
        let ((x0, y0), (x1, y1), r) = (self.at(self.eye_at, from), self.at(self.eye_at, to), self.eye_at);
        format!("M{x0:.2},{y0:.2}A{r:.2},{r:.2} 0 0 {sweep} {x1:.2},{y1:.2}")
    }

    /// Path data of the band between radii `r0` and `r1` from sector position `s0` to `s1`.
    fn annulus(&self, r0: f32, r1: f32, s0: f32, s1: f32) -> String {
        if s1 - s0 >= self.sectors - 1e-3 {
            // A whole ring: two circles, filled even-odd.
            let ring = |r: f32| {
                let ((x0, y0), (x1, y1)) = (self.at(r, 0.0), self.at(r, self.sectors / 2.0));
                format!("M{x0:.2},{y0:.2}A{r:.2},{r:.2} 0 0 0 {x1:.2},{y1:.2}A{r:.2},{r:.2} 0 0 0 {x0:.2},{y0:.2}Z")
            };
            return format!("{}{}", ring(r1), ring(r0));
        }
        let large = u8::from(self.theta(s1 - s0) > PI);
        let ((ax, ay), (bx, by)) = (self.at(r1, s0), self.at(r1, s1));
        let ((cx, cy), (dx, dy)) = (self.at(r0, s1), self.at(r0, s0));
        format!(
            "M{ax:.2},{ay:.2}A{r1:.2},{r1:.2} 0 {large} 0 {bx:.2},{by:.2}L{cx:.2},{cy:.2}A{r0:.2},{r0:.2} 0 {large} 1 {dx:.2},{dy:.2}Z"
        )
    }
}

/// Font size of the seat names outside the board, and their distance from it.
const NAME_SIZE: f32 = 15.0;
const NAME_GAP: f32 = 40.0;
/// Font size of eye labels.
const EYE_LABEL: f32 = 9.0;

/// Roughly how wide a text of `chars` characters is at font size `size`.
fn text_width(chars: usize, size: f32) -> f32 {
    0.62 * size * chars as f32
}

/// Text safe inside SVG.
pub(super) fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The SVG of a position on a polar board.
pub(super) fn svg(pos: &Position, p: &PolarBoard, marks: &Marks) -> String {
    let terr = Territories::of(pos.game(), p);
    let names =
        terr.runs().into_iter().filter_map(|r| r.2).map(|seat| pos.game().seats[seat.idx()].name.chars().count());
    let g = Geometry::new(p).with_names(names.max().unwrap_or(0));
    let hand_lines: Vec<String> = super::holdings(pos).lines().map(String::from).collect();
    let side = 2.0 * g.centre;
    let height = side + 18.0 * hand_lines.len() as f32;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{side:.0}" height="{height:.0}" viewBox="0 0 {side:.0} {height:.0}" font-family="DejaVu Sans, Verdana, Noto Sans CJK SC, sans-serif">"##
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="{PAPER}"/>"##);
    ground(&mut s, &g);
    territories(&mut s, pos, &g, &terr);
    cells(&mut s, pos, p, &g);
    links(&mut s, p, &g);
    eyes(&mut s, pos, p, &g);
    labels(&mut s, pos, p, &g, &terr);
    last_move(&mut s, pos, p, &g, &marks.last);
    pieces(&mut s, pos, p, &g);
    targets(&mut s, pos, p, &g, &marks.targets);
    legend(&mut s, pos);
    for (i, line) in hand_lines.iter().enumerate() {
        let y = side + 18.0 * i as f32 + 4.0;
        let _ = writeln!(s, r##"<text x="12" y="{y:.1}" font-size="13" fill="#222">{}</text>"##, esc(line));
    }
    s.push_str("</svg>\n");
    s
}

/// The field inside the channel, the channel band, and the board's outline.
fn ground(s: &mut String, g: &Geometry) {
    let c = g.centre;
    let _ = writeln!(
        s,
        r##"<circle cx="{c:.1}" cy="{c:.1}" r="{r:.1}" fill="{CHANNEL}" stroke="#555" stroke-width="1.2"/>"##,
        r = g.outer()
    );
    let _ = writeln!(
        s,
        r##"<circle cx="{c:.1}" cy="{c:.1}" r="{r:.1}" fill="{INSIDE}" stroke="{EYE_LINE}" stroke-width="1"/>"##,
        r = g.channel
    );
}

/// Each seat's territory: a coloured arc outside the outer ring and a tint over its stretch of channel.
fn territories(s: &mut String, pos: &Position, g: &Geometry, terr: &Territories) {
    let _ = writeln!(s, r##"<g id="territories" fill-rule="evenodd">"##);
    let band = g.outer() + 3.0;
    for (start, len, owner) in terr.runs() {
        let Some(seat) = owner else { continue };
        let fill = colour::seat(pos.game(), seat);
        let (s0, s1) = (start as f32, (start + len) as f32);
        let _ = writeln!(
            s,
            r##"<path class="territory" d="{}" fill="{fill}" stroke="#333" stroke-width="0.6"/>"##,
            g.annulus(band, band + 9.0, s0, s1)
        );
        let _ =
            writeln!(s, r##"<path d="{}" fill="{fill}" fill-opacity="0.28"/>"##, g.annulus(g.channel, g.ring1, s0, s1));
    }
    let _ = writeln!(s, "</g>");
}

/// One wedge per cell, filled by the cell's colour.
fn cells(s: &mut String, pos: &Position, p: &PolarBoard, g: &Geometry) {
    let b = &pos.game().board;
    let fills = cell_fills(b.colour_names());
    let _ = writeln!(s, r##"<g id="cells" stroke="{GRID}" stroke-width="0.5">"##);
    for r in 1..=p.rings {
        for sec in 0..p.sectors {
            let n = p.cell(r, sec as i64);
            let fill = b.node(n).colour.map_or(LIGHT_CELL, |c| fills[c as usize].as_str());
            let d = g.annulus(g.ring_in(r), g.ring_in(r + 1), sec as f32, sec as f32 + 1.0);
            let _ = writeln!(s, r##"<path class="cell" d="{d}" fill="{fill}"><title>{}</title></path>"##, b.label(n));
        }
    }
    let _ = writeln!(s, "</g>");
}

/// The fill of each cell colour: dark grey or off-white for black, white, greys and unknown names (by
/// which one is darker), the colour's own tone for real colours.
fn cell_fills(names: &[String]) -> Vec<String> {
    let dark = colour::dark_colours(names);
    names
        .iter()
        .zip(dark)
        .map(|(name, dark)| match (colour::is_vivid(name), dark) {
            (true, _) => colour::named(name).unwrap_or(name).to_string(),
            (false, true) => DARK_CELL.to_string(),
            (false, false) => LIGHT_CELL.to_string(),
        })
        .collect()
}

/// Spokes from the hub to the eyes it joins, and each eye's links to its cells.
fn links(s: &mut String, p: &PolarBoard, g: &Geometry) {
    let _ = writeln!(s, r##"<g id="links" stroke="{LINK}" stroke-width="1" stroke-linecap="round">"##);
    for e in &p.eyes {
        let at = p.eye_sector(e);
        if e.spoke && p.hub.is_some() {
            let ((x1, y1), (x2, y2)) = (g.at(g.hub_size, at), g.at(g.eye_at - g.eye_size, at));
            let _ = writeln!(s, r##"<line class="spoke" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"##);
        }
        for &j in e.neighbours.iter().filter(|&&j| p.eyes[j].node > e.node) {
            let d = g.channel_arc(at, p.eye_sector(&p.eyes[j]));
            let _ = writeln!(s, r##"<path class="channel-link" d="{d}" fill="none" stroke-width="1.6"/>"##);
        }
        for &(r, sec) in &e.links {
            let (x1, y1) = g.at(g.eye_at, at);
            let (x2, y2) = g.at(g.ring_in(r), sec as f32 + 0.5);
            let _ = writeln!(
                s,
                r##"<line class="eye-link" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke-width="1.6"/>"##
            );
        }
    }
    let _ = writeln!(s, "</g>");
}

/// The eyes as small circles with their labels, and the hub.
fn eyes(s: &mut String, pos: &Position, p: &PolarBoard, g: &Geometry) {
    let b = &pos.game().board;
    let _ = writeln!(s, r##"<g id="eyes">"##);
    let c = g.centre;
    if let Some(hub) = p.hub {
        let _ = writeln!(
            s,
            r##"<circle class="hub" cx="{c:.1}" cy="{c:.1}" r="{r:.1}" fill="#f4e3a8" stroke="{EYE_LINE}" stroke-width="1.5"><title>{l}</title></circle>"##,
            r = g.hub_size,
            l = esc(b.label(hub))
        );
        let _ = writeln!(
            s,
            r##"<text x="{c:.1}" y="{y:.1}" font-size="10" text-anchor="middle" fill="{EYE_LINE}" stroke="{INSIDE}" stroke-width="2.5" paint-order="stroke">{l}</text>"##,
            y = c + g.hub_size + 12.0,
            l = esc(b.label(hub))
        );
    }
    for e in &p.eyes {
        let at = p.eye_sector(e);
        let (x, y) = g.at(g.eye_at, at);
        let _ = writeln!(
            s,
            r##"<circle class="eye" cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="#fdfdfd" stroke="{EYE_LINE}" stroke-width="1.3"><title>{l}</title></circle>"##,
            r = g.eye_size,
            l = esc(b.label(e.node))
        );
        let label = esc(b.label(e.node));
        let width = text_width(label.chars().count(), EYE_LABEL);
        let (lx, ly) = g.at(g.clear(g.eye_at, -(g.eye_size + 3.0), at, width, EYE_LABEL), at);
        let _ = writeln!(
            s,
            r##"<text x="{lx:.1}" y="{y:.1}" font-size="{EYE_LABEL}" text-anchor="middle" fill="{EYE_LINE}" stroke="{INSIDE}" stroke-width="2.5" paint-order="stroke">{label}</text>"##,
            y = ly + EYE_LABEL * 0.35,
        );
    }
    let _ = writeln!(s, "</g>");
}

/// Sector numbers round the outside, ring numbers along the territories' edges, seat names.
fn labels(s: &mut String, pos: &Position, p: &PolarBoard, g: &Geometry, terr: &Territories) {
    let _ = writeln!(s, r##"<g id="labels" text-anchor="middle" fill="#444">"##);
    let digits = (p.sectors - 1).to_string().len() as f32;
    let at = g.outer() + 24.0;
    let spacing = TAU * at / g.sectors;
    let step =
        [1, 2, 5, 10, 20, 25, 50, 100].into_iter().find(|k| *k as f32 * spacing >= 7.0 * digits + 5.0).unwrap_or(100);
    for sec in (0..p.sectors).step_by(step) {
        let (x, y) = g.at(at, sec as f32 + 0.5);
        let weight = if sec % 5 == 0 { r##" font-weight="bold" fill="#111""## } else { "" };
        let _ = writeln!(s, r##"<text x="{x:.1}" y="{y:.1}" dy="3.5" font-size="10"{weight}>{sec}</text>"##);
    }
    // Ring numbers where each territory starts (or at sector 0 when there are none), over the grid line.
    let runs = terr.runs();
    let edges: Vec<u32> = if runs.len() > 1 { runs.iter().map(|r| r.0).collect() } else { vec![0] };
    for &edge in &edges {
        for r in 1..=p.rings {
            let (x, y) = g.at(g.ring_in(r) + g.depth / 2.0, edge as f32);
            let _ = writeln!(
                s,
                r##"<text class="ring" x="{x:.1}" y="{y:.1}" dy="3" font-size="9" font-weight="bold" fill="#b03a2e" stroke="#fff" stroke-width="2.5" paint-order="stroke">r{r}</text>"##
            );
        }
    }
    for (start, len, owner) in runs {
        let Some(seat) = owner else { continue };
        let name = esc(&pos.game().seats[seat.idx()].name);
        let fill = colour::seat(pos.game(), seat);
        let mid = start as f32 + len as f32 / 2.0;
        let rho = g.clear(g.outer(), NAME_GAP, mid, text_width(name.chars().count(), NAME_SIZE), NAME_SIZE);
        let (x, y) = g.at(rho, mid);
        let _ = writeln!(
            s,
            r##"<text x="{x:.1}" y="{y:.1}" dy="5" font-size="{NAME_SIZE}" font-weight="bold" fill="{fill}" stroke="#333" stroke-width="{w}">{name}</text>"##,
            w = if colour::is_pale(&fill) { 1.2 } else { 0.5 },
        );
    }
    let _ = writeln!(s, "</g>");
}

/// Outlines round the nodes of the last move.
fn last_move(s: &mut String, pos: &Position, p: &PolarBoard, g: &Geometry, nodes: &[NodeId]) {
    for &n in nodes {
        if let Some((r, sec)) = p.ring_sector(&pos.game().board, n) {
            let d = g.annulus(g.ring_in(r), g.ring_in(r + 1), sec as f32, sec as f32 + 1.0);
            let _ = writeln!(
                s,
                r##"<path class="last" d="{d}" fill="{LAST}" fill-opacity="0.3" stroke="{LAST}" stroke-width="2.5"/>"##
            );
        } else if let Some(((x, y), size)) = g.node_spot(pos, p, n) {
            let _ = writeln!(
                s,
                r##"<circle class="last" cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="none" stroke="{LAST}" stroke-width="2.5"/>"##,
                r = size + 4.0
            );
        }
    }
}

/// Pieces as discs in their seat's colour with their symbol.
fn pieces(s: &mut String, pos: &Position, p: &PolarBoard, g: &Geometry) {
    let game = pos.game();
    let _ = writeln!(s, r##"<g id="pieces" text-anchor="middle" font-weight="bold">"##);
    for n in game.board.node_ids() {
        let (Some(piece), Some(((x, y), size))) = (super::drawn_at(pos, n), g.node_spot(pos, p, n)) else { continue };
        let fill = colour::seat(game, piece.seat);
        let ink = colour::ink(&fill);
        let sym = esc(&disc_symbol(pos, n, piece.seat));
        let fs = size * if sym.chars().count() > 1 { 0.95 } else { 1.3 };
        let _ = writeln!(
            s,
            r##"<g class="piece"><title>{seat} {name} on {label}</title><circle cx="{x:.1}" cy="{y:.1}" r="{size:.1}" fill="{fill}" stroke="{ink}" stroke-width="1"/><text x="{x:.1}" y="{ty:.1}" font-size="{fs:.1}" fill="{ink}">{sym}</text></g>"##,
            seat = esc(&game.seats[piece.seat.idx()].name),
            name = esc(&game.pieces[piece.piece.idx()].name),
            label = esc(game.board.label(n)),
            ty = y + fs * 0.36
        );
    }
    let _ = writeln!(s, "</g>");
}

/// The symbol drawn on a disc: without the seat's letter in front, which the disc's colour already says.
pub(super) fn disc_symbol(pos: &Position, n: NodeId, seat: SeatId) -> String {
    let symbol = super::symbol(pos, n);
    let letter = &pos.game().seats[seat.idx()].letter;
    match symbol.strip_prefix(letter.as_str()) {
        Some(rest) if !letter.is_empty() && !rest.is_empty() => rest.to_string(),
        _ => symbol,
    }
}

/// Dots on possible destinations (rings round the pieces that could be taken).
fn targets(s: &mut String, pos: &Position, p: &PolarBoard, g: &Geometry, nodes: &[NodeId]) {
    for &n in nodes {
        let Some(((x, y), size)) = g.node_spot(pos, p, n) else { continue };
        let _ = if pos.cell(n).is_some() {
            writeln!(
                s,
                r##"<circle class="target" cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="none" stroke="{TARGET}" stroke-width="2.5"/>"##,
                r = size + 2.0
            )
        } else {
            writeln!(
                s,
                r##"<circle class="target" cx="{x:.1}" cy="{y:.1}" r="3.5" fill="{TARGET}" stroke="#fff" stroke-width="1"/>"##
            )
        };
    }
}

/// How a seat stands, when it is not simply playing for itself: ` (not playing)`, ` (out)`, ` (held by …)`.
fn seat_state(pos: &Position, seat: SeatId) -> String {
    let game = pos.game();
    let holder = pos.controller(seat);
    if !game.seats[seat.idx()].plays {
        " (not playing)".into()
    } else if !pos.is_alive(seat) {
        " (out)".into()
    } else if holder != seat {
        format!(" (held by {})", game.seats[holder.idx()].name)
    } else {
        String::new()
    }
}

/// The title and the seats with their colours, top left; the status line under them (also on hexagonal
/// boards).
pub(super) fn legend(s: &mut String, pos: &Position) {
    let game = pos.game();
    let _ = writeln!(s, r##"<g id="legend" fill="#222">"##);
    let _ = writeln!(s, r##"<text x="14" y="28" font-size="18" font-weight="bold">{}</text>"##, esc(&game.title));
    for (i, seat) in game.seat_ids().zip(&game.seats) {
        let y = 50.0 + 20.0 * i.0 as f32;
        let fill = colour::seat(game, i);
        let _ = writeln!(
            s,
            r##"<circle cx="22" cy="{y:.1}" r="7" fill="{fill}" stroke="{ink}" stroke-width="1"/><text x="36" y="{ty:.1}" font-size="13">{name}</text>"##,
            ink = colour::ink(&fill),
            ty = y + 4.5,
            name = esc(&format!("{}{}", seat.name, seat_state(pos, i)))
        );
    }
    let _ = writeln!(
        s,
        r##"<text x="14" y="{y:.1}" font-size="12" fill="#555">{}</text>"##,
        esc(super::status(pos).trim_end()),
        y = 58.0 + 20.0 * game.seats.len() as f32
    );
    let _ = writeln!(s, "</g>");
}
