//! The SVG drawing of a hexagonal board: a honeycomb of pointy-topped cells, pieces as discs in their
//! seat's colour, the coordinates round the board, the last move outlined and possible destinations dotted.

use super::Marks;
use super::colour;
use super::hex::HexBoard;
use super::polar_svg::{disc_symbol, esc, legend};
use crate::board::NodeId;
use crate::position::Position;
use std::fmt::Write;

/// Page background, cells (and cells of a dark colour), the lines between cells and the board's rim.
const PAPER: &str = "#fbf9f4";
const CELL: &str = "#f0dcae";
const DARK_CELL: &str = "#c79f62";
const LINE: &str = "#8a7150";
const RIM: &str = "#3d2f1c";
/// Coordinates.
const LABEL: &str = "#4a4a4a";
/// Marks: the last move, and possible destinations.
const LAST: &str = "#ff8c00";
const TARGET: &str = "#2ecc71";
/// The distance between neighbouring cells' centres, in pixels.
const UNIT: f32 = 36.0;
/// Room round the board (beyond its coordinates), in cells.
const PAD: f32 = 0.7;
/// The height of a line of the holdings under the board.
const HAND_LINE: f32 = 18.0;

/// Where cells go on the page.
struct Layout {
    /// The page position of the cell-unit origin, x to the east and y downwards.
    left: f32,
    top: f32,
    width: f32,
    height: f32,
}

impl Layout {
    /// The page point of a place given in axial coordinates.
    fn at(&self, axial: [i32; 2]) -> (f32, f32) {
        let (x, y) = HexBoard::centre(axial);
        (self.left + x * UNIT, self.top - y * UNIT)
    }
}

/// Radius of a cell, centre to corner: cells a unit wide tile the plane.
fn cell_radius() -> f32 {
    UNIT / 3f32.sqrt()
}

/// The corner of a cell centred at (x, y) at `degrees` counter-clockwise from the east, `size` from the centre.
fn corner((x, y): (f32, f32), degrees: f32, size: f32) -> (f32, f32) {
    let a = degrees.to_radians();
    (x + size * a.cos(), y - size * a.sin())
}

/// The points of a cell's outline (its corners point up and down).
fn outline(centre: (f32, f32), size: f32) -> String {
    let points: Vec<String> = (0..6)
        .map(|i| {
            let (x, y) = corner(centre, 30.0 + 60.0 * i as f32, size);
            format!("{x:.1},{y:.1}")
        })
        .collect();
    points.join(" ")
}

/// The SVG of a position on a hexagonal board.
pub(super) fn svg(pos: &Position, hex: &HexBoard, marks: &Marks) -> String {
    let game = pos.game();
    let spots: Vec<[i32; 2]> = hex.axial.iter().copied().chain(hex.coordinates().into_iter().map(|c| c.at)).collect();
    let xs = spots.iter().map(|&s| HexBoard::centre(s).0);
    let ys = spots.iter().map(|&s| HexBoard::centre(s).1);
    let (min_x, max_x) = xs.fold((f32::MAX, f32::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)));
    let (min_y, max_y) = ys.fold((f32::MAX, f32::MIN), |(lo, hi), y| (lo.min(y), hi.max(y)));
    // The title, the seats and the status line go above the board.
    let legend_height = 72.0 + 20.0 * game.seats.len() as f32;
    let board_width = (max_x - min_x + 2.0 * PAD) * UNIT;
    let width = board_width.max(320.0);
    let board_height = (max_y - min_y + 2.0 * PAD) * UNIT;
    let hand_lines: Vec<String> = super::holdings(pos).lines().map(String::from).collect();
    let layout = Layout {
        left: (width - board_width) / 2.0 + (PAD - min_x) * UNIT,
        top: legend_height + (max_y + PAD) * UNIT,
        width,
        height: legend_height + board_height + HAND_LINE * hand_lines.len() as f32,
    };
    let (w, h) = (layout.width, layout.height);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}" font-family="DejaVu Sans, Verdana, Noto Sans CJK SC, sans-serif">"##
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="{PAPER}"/>"##);
    cells(&mut s, pos, hex, &layout);
    rim(&mut s, hex, &layout);
    goal_sides(&mut s, pos, hex, &layout);
    coordinates(&mut s, hex, &layout);
    last_move(&mut s, hex, &layout, &marks.last);
    pieces(&mut s, pos, hex, &layout);
    targets(&mut s, pos, hex, &layout, &marks.targets);
    legend(&mut s, pos);
    for (i, line) in hand_lines.iter().enumerate() {
        let y = legend_height + board_height + HAND_LINE * i as f32 + 4.0;
        let _ = writeln!(s, r##"<text x="12" y="{y:.1}" font-size="13" fill="#222">{}</text>"##, esc(line));
    }
    s.push_str("</svg>\n");
    s
}

/// One hexagon per cell, filled by the cell's colour when it has one.
fn cells(s: &mut String, pos: &Position, hex: &HexBoard, layout: &Layout) {
    let b = &pos.game().board;
    let dark = colour::dark_colours(b.colour_names());
    let _ = writeln!(s, r##"<g id="cells" stroke="{LINE}" stroke-width="1">"##);
    for (i, &at) in hex.axial.iter().enumerate() {
        let n = NodeId(i as u16);
        let fill = match b.node(n).colour.map(|c| (&b.colour_names()[c as usize], dark[c as usize])) {
            Some((name, _)) if colour::is_vivid(name) => colour::named(name).unwrap_or(name).to_string(),
            Some((_, true)) => DARK_CELL.to_string(),
            _ => CELL.to_string(),
        };
        let points = outline(layout.at(at), cell_radius());
        let _ = writeln!(
            s,
            r##"<polygon class="cell" points="{points}" fill="{fill}"><title>{}</title></polygon>"##,
            esc(b.label(n))
        );
    }
    let _ = writeln!(s, "</g>");
}

/// The six neighbours' axial steps, by the direction of the side between: east first, counter-clockwise.
const STEPS: [[i32; 2]; 6] = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];

/// The board's outline: every side of a cell with no neighbour beyond it.
fn rim(s: &mut String, hex: &HexBoard, layout: &Layout) {
    let _ = writeln!(s, r##"<g id="rim" stroke="{RIM}" stroke-width="2.5" stroke-linecap="round">"##);
    for &[q, r] in &hex.axial {
        for (i, [dq, dr]) in STEPS.into_iter().enumerate() {
            if hex.shape.contains(q + dq, r + dr) {
                continue;
            }
            // The side facing direction i lies between the corners 30° either side of it.
            let centre = layout.at([q, r]);
            let (x1, y1) = corner(centre, 60.0 * i as f32 - 30.0, cell_radius());
            let (x2, y2) = corner(centre, 60.0 * i as f32 + 30.0, cell_radius());
            let _ = writeln!(s, r##"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"##);
        }
    }
    let _ = writeln!(s, "</g>");
}

/// The sides of the board a seat's connection goal joins, drawn along the rim in the seat's colour (Hex's
/// red and blue edges). A side is a zone of one seat's goals only; its rim is the sides of its cells that
/// face, from every cell of the zone, off the board. A corner cell's side that faces off two such zones
/// (the obtuse corners of a rhombus) is split: each half goes to the zone that continues from its end.
fn goal_sides(s: &mut String, pos: &Position, hex: &HexBoard, layout: &Layout) {
    let game = pos.game();
    let board = &game.board;
    // Per rim side (cell, direction): the colour and the next cell of each zone it bounds.
    let mut sides: Vec<((usize, usize), String, [i32; 2])> = Vec::new();
    for (zone, seat) in goal_zones(game) {
        let cells: Vec<usize> =
            board.node_ids().filter(|n| board.zones_of(*n) >> zone & 1 == 1).map(|n| n.idx()).collect();
        if cells.len() < 2 {
            continue;
        }
        let colour = colour::seat(game, seat);
        for (i, [dq, dr]) in STEPS.into_iter().enumerate() {
            if cells.iter().any(|&c| hex.shape.contains(hex.axial[c][0] + dq, hex.axial[c][1] + dr)) {
                continue;
            }
            for &c in &cells {
                let [q, r] = hex.axial[c];
                let next = cells.iter().map(|&o| hex.axial[o]).filter(|&o| o != [q, r]);
                let nearest = next.min_by_key(|&[oq, or]| (oq - q).abs() + (or - r).abs()).unwrap_or([q, r]);
                sides.push(((c, i), colour.clone(), nearest));
            }
        }
    }
    if sides.is_empty() {
        return;
    }
    let _ = writeln!(s, r##"<g id="goal-sides" stroke-width="6" stroke-linecap="round">"##);
    for (k, ((c, i), colour, toward)) in sides.iter().enumerate() {
        let centre = layout.at(hex.axial[*c]);
        let ends = [-30.0, 30.0].map(|d| corner(centre, 60.0 * *i as f32 + d, cell_radius()));
        let shared = sides.iter().enumerate().any(|(o, (side, ..))| o != k && side == &(*c, *i));
        let (x1, y1) = ends[0];
        let (mut x2, mut y2) = ends[1];
        let (mut x1, mut y1) = (x1, y1);
        if shared {
            // Half the side: from the end nearer the zone's next cell to the middle.
            let (tx, ty) = layout.at(*toward);
            let far = |(x, y): (f32, f32)| (x - tx).powi(2) + (y - ty).powi(2);
            let (near, other) = if far(ends[0]) <= far(ends[1]) { (ends[0], ends[1]) } else { (ends[1], ends[0]) };
            (x1, y1) = near;
            (x2, y2) = ((near.0 + other.0) / 2.0, (near.1 + other.1) / 2.0);
        }
        let _ = writeln!(s, r##"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{colour}"/>"##);
    }
    let _ = writeln!(s, "</g>");
}

/// The zones that one seat's connection goals, and no other seat's, join: (zone, seat).
fn goal_zones(game: &crate::Game) -> Vec<(u8, crate::SeatId)> {
    let mut claimed: Vec<(u8, Option<crate::SeatId>)> = Vec::new();
    for goal in &game.rules.end.connections {
        let crate::rules::ConnectTarget::Zones { zones, .. } = &goal.target else { continue };
        for (seat, &bits) in zones.iter().enumerate() {
            for z in (0..64u8).filter(|z| bits >> z & 1 == 1) {
                let seat = Some(crate::SeatId(seat as u8));
                match claimed.iter_mut().find(|(zone, _)| *zone == z) {
                    Some((_, owner)) if *owner != seat => *owner = None,
                    Some(_) => {}
                    None => claimed.push((z, seat)),
                }
            }
        }
    }
    claimed.into_iter().filter_map(|(z, seat)| Some((z, seat?))).collect()
}

/// Column letters and row numbers where the next cell of their column or row would be.
fn coordinates(s: &mut String, hex: &HexBoard, layout: &Layout) {
    let size = UNIT * 0.36;
    let _ = writeln!(s, r##"<g id="coordinates" text-anchor="middle" font-size="{size:.0}" fill="{LABEL}">"##);
    for c in hex.coordinates() {
        let (x, y) = layout.at(c.at);
        let _ = writeln!(s, r##"<text class="coordinate" x="{x:.1}" y="{y:.1}" dy="0.35em">{}</text>"##, esc(&c.text));
    }
    let _ = writeln!(s, "</g>");
}

/// The cells of the last move, tinted and outlined.
fn last_move(s: &mut String, hex: &HexBoard, layout: &Layout, nodes: &[NodeId]) {
    for &n in nodes.iter().filter(|n| n.idx() < hex.axial.len()) {
        let points = outline(layout.at(hex.axial[n.idx()]), cell_radius() - 2.5);
        let _ = writeln!(
            s,
            r##"<polygon class="last" points="{points}" fill="{LAST}" fill-opacity="0.3" stroke="{LAST}" stroke-width="3"/>"##
        );
    }
}

/// Pieces as discs in their seat's colour, with their symbol when the game has several kinds of piece.
fn pieces(s: &mut String, pos: &Position, hex: &HexBoard, layout: &Layout) {
    let game = pos.game();
    let size = UNIT * 0.37;
    let _ = writeln!(s, r##"<g id="pieces" text-anchor="middle" font-weight="bold">"##);
    for (i, &at) in hex.axial.iter().enumerate() {
        let n = NodeId(i as u16);
        let Some(piece) = super::drawn_at(pos, n) else { continue };
        let (x, y) = layout.at(at);
        let fill = colour::seat(game, piece.seat);
        let ink = colour::ink(&fill);
        let _ = write!(
            s,
            r##"<g class="piece"><title>{seat} {name} on {label}</title><circle cx="{x:.1}" cy="{y:.1}" r="{size:.1}" fill="{fill}" stroke="#222" stroke-width="1.2"/>"##,
            seat = esc(&game.seats[piece.seat.idx()].name),
            name = esc(&game.pieces[piece.piece.idx()].name),
            label = esc(game.board.label(n)),
        );
        if game.pieces.len() > 1 {
            let sym = esc(&disc_symbol(pos, n, piece.seat));
            let fs = size * if sym.chars().count() > 1 { 0.95 } else { 1.3 };
            let _ = write!(
                s,
                r##"<text x="{x:.1}" y="{ty:.1}" font-size="{fs:.1}" fill="{ink}">{sym}</text>"##,
                ty = y + fs * 0.36
            );
        }
        let _ = writeln!(s, "</g>");
    }
    let _ = writeln!(s, "</g>");
}

/// Dots on possible destinations (rings round the pieces that could be taken).
fn targets(s: &mut String, pos: &Position, hex: &HexBoard, layout: &Layout, nodes: &[NodeId]) {
    for &n in nodes.iter().filter(|n| n.idx() < hex.axial.len()) {
        let (x, y) = layout.at(hex.axial[n.idx()]);
        let _ = if pos.cell(n).is_some() {
            writeln!(
                s,
                r##"<circle class="target" cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="none" stroke="{TARGET}" stroke-width="3"/>"##,
                r = UNIT * 0.42
            )
        } else {
            writeln!(
                s,
                r##"<circle class="target" cx="{x:.1}" cy="{y:.1}" r="5" fill="{TARGET}" stroke="#fff" stroke-width="1"/>"##
            )
        };
    }
}
