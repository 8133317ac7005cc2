//! Pictures of boards with counts (sowing games): each pit and store drawn with the number of seeds in
//! it, rows at their drawing positions (the mancala generator puts row 1 at the bottom, row 2 above it,
//! and the stores between them at the ends).

use super::ink::Span;
use super::{Marks, holdings, status};
use crate::board::NodeId;
use crate::position::Position;
use std::fmt::Write as _;

/// The rows of the picture, top first: the nodes at each height, left to right.
fn rows(pos: &Position) -> Vec<Vec<NodeId>> {
    let b = &pos.game().board;
    let mut rows: Vec<(i32, Vec<NodeId>)> = Vec::new();
    for n in b.node_ids() {
        let y = (b.node(n).pos[1] * 10.0).round() as i32;
        match rows.iter_mut().find(|(k, _)| *k == y) {
            Some((_, r)) => r.push(n),
            None => rows.push((y, vec![n])),
        }
    }
    rows.sort_by_key(|(y, _)| -y);
    for (_, r) in &mut rows {
        r.sort_by(|a, c| b.node(*a).pos[0].total_cmp(&b.node(*c).pos[0]));
    }
    rows.into_iter().map(|(_, r)| r).collect()
}

/// A text diagram: the seeds on every node, in rows as drawn, with the pits' row numbers at the right and
/// their columns' letters under them.
///
/// ```
/// let game = qipan::load("kalah", &[("pits".into(), "4".into())])?;
/// assert_eq!(
///     qipan::core::render::text(&game.start()),
///     "     4  4  4  4     2\n  0              0\n     4  4  4  4     1\n     a  b  c  d\ntaken: south 0, north 0\nsouth to move (ply 1)\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub(super) fn text(pos: &Position) -> (String, Vec<Span>) {
    let b = &pos.game().board;
    let x_of = |n: NodeId| b.node(n).pos[0].round() as usize;
    let width = b.node_ids().map(x_of).max().unwrap_or(0) + 1;
    let mut out = String::new();
    let mut spans = Vec::new();
    let rows = rows(pos);
    for (number, row) in rows.iter().enumerate() {
        let mut line = vec!["   ".to_string(); width];
        for &n in row {
            let seeds = pos.seeds(n).to_string();
            spans.push(Span::right(number, x_of(n) * 3 + 3, &seeds, 3, n));
            line[x_of(n)] = format!("{seeds:>3}");
        }
        let mut s: String = line.concat().trim_end().to_string();
        // Pits of one row share their number (`a1`, `b1`): it names the row.
        let digits: Vec<&str> =
            row.iter().map(|&n| b.label(n).trim_start_matches(|c: char| c.is_alphabetic())).collect();
        if row.len() > 1 && digits.iter().all(|d| *d == digits[0] && !d.is_empty()) {
            let _ = write!(s, "{:>w$}", digits[0], w = (width * 3 + 3).saturating_sub(s.len()));
        }
        out.push_str(&s);
        out.push('\n');
    }
    if let Some(bottom) = rows.last() {
        let mut line = vec!["   ".to_string(); width];
        for &n in bottom {
            let letters: String = b.label(n).chars().take_while(|c| c.is_alphabetic()).collect();
            line[x_of(n)] = format!("{letters:>3}");
        }
        out.push_str(line.concat().trim_end());
        out.push('\n');
    }
    out.push_str(&taken(pos));
    out.push_str(&holdings(pos));
    out.push_str(&status(pos));
    (out, spans)
}

/// The line of seeds each seat has taken (stores included).
fn taken(pos: &Position) -> String {
    let g = pos.game();
    let parts: Vec<String> =
        g.seat_ids().map(|s| format!("{} {}", g.seats[s.idx()].name, pos.captures()[s.idx()])).collect();
    format!("taken: {}\n", parts.join(", "))
}

/// An SVG picture: a wooden board, a hollow for each pit (a long one for each store) with its count of
/// seeds written in it, the seeds' seat colour as a ring, and the last move's pit picked out.
pub(super) fn svg(pos: &Position, marks: &Marks) -> String {
    let g = pos.game();
    let b = &g.board;
    let unit = 48.0f32;
    let (mut maxx, mut maxy) = (0.0f32, 0.0f32);
    for n in b.node_ids() {
        maxx = maxx.max(b.node(n).pos[0]);
        maxy = maxy.max(b.node(n).pos[1]);
    }
    let margin = 0.8;
    let w = (maxx + 2.0 * margin) * unit;
    let board_h = (maxy + 2.0 * margin) * unit;
    let lines: Vec<String> = (taken(pos) + &status(pos)).lines().map(String::from).collect();
    let h = board_h + unit * 0.5 * lines.len() as f32;
    let xy = |n: NodeId| {
        let p = b.node(n).pos;
        ((p[0] + margin) * unit, (maxy - p[1] + margin) * unit)
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}">"##
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#fff"/>"##);
    let _ = writeln!(
        s,
        r##"<rect x="{x:.1}" y="{x:.1}" width="{bw:.1}" height="{bh:.1}" rx="{r:.1}" fill="#b5803f" stroke="#6b4423" stroke-width="2"/>"##,
        x = unit * 0.2,
        bw = w - unit * 0.4,
        bh = board_h - unit * 0.4,
        r = unit * 0.4
    );
    let store = b.kind("store");
    for n in b.node_ids() {
        let (x, y) = xy(n);
        let info = b.node(n);
        let ring = match super::drawn_at(pos, n) {
            Some(p) => super::colour::seat(g, p.seat),
            None => "#6b4423".into(),
        };
        if Some(info.kind) == store {
            let (rw, rh) = (unit * 0.8, unit * 1.9);
            let _ = writeln!(
                s,
                r##"<rect x="{:.1}" y="{:.1}" width="{rw:.1}" height="{rh:.1}" rx="{:.1}" fill="#8a5a2b" stroke="{ring}" stroke-width="2"><title>{}</title></rect>"##,
                x - rw / 2.0,
                y - rh / 2.0,
                rw / 2.0,
                info.label
            );
        } else {
            let _ = writeln!(
                s,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="#8a5a2b" stroke="{ring}" stroke-width="2"><title>{l}</title></circle>"##,
                r = unit * 0.4,
                l = info.label
            );
        }
        let _ = writeln!(
            s,
            r##"<text x="{x:.1}" y="{ty:.1}" font-size="{fs:.0}" font-family="sans-serif" text-anchor="middle" fill="#fff">{c}</text>"##,
            ty = y + unit * 0.14,
            fs = unit * 0.4,
            c = pos.seeds(n)
        );
        if Some(info.kind) != store {
            // Names go where there is more room: outside the board's rows, or, on a four-row board, into
            // the gap between the two players' halves.
            let py = info.pos[1];
            let gap = |above: bool| {
                b.node_ids()
                    .filter(|&m| Some(b.node(m).kind) != store)
                    .map(|m| if above { b.node(m).pos[1] - py } else { py - b.node(m).pos[1] })
                    .filter(|&d| d > 0.01)
                    .fold(f32::INFINITY, f32::min)
            };
            let upper = gap(true) > gap(false) || (gap(true) == gap(false) && py * 2.0 > maxy);
            let _ = writeln!(
                s,
                r##"<text x="{x:.1}" y="{ty:.1}" font-size="{fs:.0}" font-family="sans-serif" text-anchor="middle" fill="#3b2410">{l}</text>"##,
                ty = if upper { y - unit * 0.47 } else { y + unit * 0.6 },
                fs = unit * 0.2,
                l = info.label
            );
        }
    }
    for (i, &n) in marks.last.iter().enumerate() {
        if marks.last[..i].contains(&n) {
            continue; // a sowing's move names its pit twice
        }
        let (x, y) = xy(n);
        let _ = writeln!(
            s,
            r##"<circle class="last" cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="none" stroke="#e67e22" stroke-width="3"/>"##,
            r = unit * 0.46
        );
    }
    for (i, line) in lines.iter().enumerate() {
        let _ = writeln!(
            s,
            r##"<text x="{x:.1}" y="{y:.1}" font-size="{fs:.0}" font-family="sans-serif" fill="#000">{t}</text>"##,
            x = unit * 0.3,
            y = board_h + unit * 0.5 * (i as f32 + 0.6),
            fs = unit * 0.3,
            t = line.replace('&', "&amp;").replace('<', "&lt;")
        );
    }
    s.push_str("</svg>\n");
    s
}
