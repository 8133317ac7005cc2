//! Pictures of a position: a text diagram for terminals and an SVG drawing of any board graph.
//!
//! Boards made of rings of cells around a channel of eyes (see [`PolarBoard`]) and hexagonal boards
//! (see [`hex`](crate::board::hex)) get their own drawing and diagram; every other board is drawn from its
//! nodes' positions.

mod colour;
mod columns;
mod grid_svg;
mod hex;
mod hex_svg;
#[cfg(test)]
mod hex_tests;
mod hex_text;
mod ink;
mod look;
pub mod polar;
mod polar_svg;
mod polar_text;
mod seeds;
#[cfg(test)]
mod tests;
mod tray;

use hex::HexBoard;
pub use ink::Ink;
use ink::{Span, pad_right};
pub use look::{BoardMark, Look, Shape, Style, star_points};
pub use polar::{Eye, PolarBoard};

use crate::PieceId;
use crate::board::NodeId;
use crate::position::{Piece, Position};
use std::fmt::Write;

/// Nodes to pick out in a picture: where the last move went, and where a move could end.
///
/// ```
/// use qipan::core::{notation::parse_move, render::Marks};
///
/// let game = qipan::load("chess", &[])?;
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "e2-e4")?)?;
/// let marks = Marks::last_move(&pos).with_targets(&pos, game.board.find("g8").unwrap());
/// let labels = |nodes: &[qipan::core::NodeId]| nodes.iter().map(|&n| game.board.label(n)).collect::<Vec<_>>();
/// assert_eq!(labels(&marks.last), ["e2", "e4"]);
/// assert_eq!(labels(&marks.targets), ["h6", "f6"]); // in the order of the legal moves
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Nodes of the last move (its origin, destination and any capture elsewhere), outlined.
    pub last: Vec<NodeId>,
    /// Destinations of possible moves, marked with a dot.
    pub targets: Vec<NodeId>,
}

/// Marks start from the last move ([`Marks::last_move`]) or from nothing ([`Marks::default`]), and
/// gain destinations with [`Marks::with_targets`].
///
/// ```
/// use qipan::core::render::Marks;
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// let marks = Marks::last_move(&pos).with_targets(&pos, game.board.find("e2").unwrap());
/// assert!(marks.last.is_empty());
/// assert_eq!(marks.targets.len(), 2); // e3 and e4
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Marks {
    /// The nodes of the position's last move, if any.
    ///
    /// ```
    /// use qipan::core::render::Marks;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// assert_eq!(Marks::last_move(&pos), Marks::default()); // no move yet
    /// pos.play(&qipan::core::notation::parse_move(&pos, "C7")?)?;
    /// assert_eq!(Marks::last_move(&pos).last, [game.board.find("C7").unwrap()]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn last_move(pos: &Position) -> Marks {
        let last = pos
            .last_move()
            .map(|m| {
                // A placement covering two nodes marks both.
                let second = if m.with_from.is_some() { NodeId::NONE } else { m.with_to };
                [m.from, m.to, m.take, second].into_iter().filter(|n| n.is_some()).collect()
            })
            .unwrap_or_default();
        Marks { last, targets: Vec::new() }
    }

    /// Adds the destinations of the legal moves starting from `from` (of every legal move when `from`
    /// is [`NodeId::NONE`]).
    ///
    /// ```
    /// use qipan::core::{NodeId, render::Marks};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// let b1 = game.board.find("b1").unwrap();
    /// let knight = Marks::default().with_targets(&pos, b1);
    /// assert_eq!(knight.targets.iter().map(|&n| game.board.label(n)).collect::<Vec<_>>(), ["c3", "a3"]);
    /// // Every destination of White's 20 opening moves: 16 squares, as knights and pawns share some.
    /// assert_eq!(Marks::default().with_targets(&pos, NodeId::NONE).targets.len(), 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_targets(mut self, pos: &Position, from: NodeId) -> Marks {
        for m in pos.legal_moves() {
            if (!from.is_some() || m.from == from) && m.to.is_some() && !self.targets.contains(&m.to) {
                self.targets.push(m.to);
            }
        }
        self
    }

    /// True when nothing is marked.
    ///
    /// ```
    /// use qipan::core::render::Marks;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// assert!(Marks::last_move(&pos).is_empty());
    /// pos.play(&qipan::core::notation::parse_move(&pos, "E5")?)?;
    /// assert!(!Marks::last_move(&pos).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.last.is_empty() && self.targets.is_empty()
    }
}

/// A piece as the pictures draw it. A piece of a seat that is out of play but still stands on the board
/// under another player's command (a conquered army, or a side absorbed with its turns dropped) is drawn
/// as a piece of the seat that now commands it ([`Position::controller`]): its letter and colour say who
/// moves it. Every other piece is drawn as itself, the kingdoms a player holds from the start included.
///
/// ```
/// use qipan::core::{notation::parse_move, render::{drawn, symbol}, Piece, Setup};
///
/// let game = qipan::load("seven-kingdoms", &[])?;
/// let [qin, chu, han] = ["qin", "chu", "han"].map(|k| game.seat(k).unwrap());
/// let piece = |seat, name| Piece { seat, piece: game.piece(name).unwrap() };
/// let at = |label| game.board.find(label).unwrap();
/// let mut setup = Setup::empty(&game);
/// setup.put(at("F5"), piece(qin, "chancellor")).put(at("F8"), piece(chu, "general"));
/// setup.put(at("A1"), piece(chu, "sword")).put(at("S1"), piece(han, "general"));
/// let mut pos = setup.into_position()?;
/// assert_eq!(symbol(&pos, at("A1")), "CS"); // Chu's sword
/// pos.play(&parse_move(&pos, "F5-F8")?)?; // Qin takes Chu's general: Chu falls, its army goes to Qin
/// assert_eq!(pos.cell(at("A1")), Some(piece(chu, "sword"))); // still a piece of Chu's ...
/// assert_eq!(drawn(&pos, piece(chu, "sword")), piece(qin, "sword")); // ... drawn as Qin's, who moves it
/// assert_eq!(symbol(&pos, at("A1")), "QS");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn drawn(pos: &Position, p: Piece) -> Piece {
    let seats = &pos.game().seats;
    let commander = pos.controller(p.seat);
    if pos.is_alive(p.seat) || seats[commander.idx()].held_by == seats[p.seat.idx()].held_by {
        return p;
    }
    Piece { seat: commander, ..p }
}

/// What stands on a node, as the pictures draw it ([`drawn`]).
pub(crate) fn drawn_at(pos: &Position, n: NodeId) -> Option<Piece> {
    pos.cell(n).map(|p| drawn(pos, p))
}

/// The symbol of whatever stands on a node (`.` for empty), for the seat it is drawn as ([`drawn`]).
///
/// ```
/// use qipan::core::render::symbol;
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// let at = |label| symbol(&pos, game.board.find(label).unwrap());
/// assert_eq!((at("e1"), at("g8"), at("e4")), ("K".into(), "n".into(), ".".into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn symbol(pos: &Position, n: NodeId) -> String {
    match drawn_at(pos, n) {
        None => ".".into(),
        Some(p) => {
            let syms = &pos.game().pieces[p.piece.idx()].symbols;
            syms.get(p.seat.idx()).or_else(|| syms.first()).cloned().unwrap_or_else(|| "?".into())
        }
    }
}

/// A text diagram. Grids are drawn as a matrix with coordinates (top row first); polar boards as
/// blocks of sectors (outer ring first, then the eyes); hexagonal boards as Hex and Havannah programs
/// print them, each row half a cell from the next; other boards as one line per row of their generator
/// coordinates (ring, layer, ...), labelled.
///
/// ```
/// let game = qipan::load("go", &[("size".into(), "3".into())])?;
/// let mut pos = game.start();
/// pos.play(&qipan::core::notation::parse_move(&pos, "B2")?)?;
/// assert_eq!(
///     qipan::core::render::text(&pos),
///     "    A B C\n  3 . . . 3\n  2 . X . 2\n  1 . . . 1\n    A B C\nwhite to move (ply 2)\n"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A hex rhombus slants to the east as it climbs, its letters above and below the columns (which run
/// north-east) and its numbers at both ends of the rows; a hexagon's columns run north-west, each letter at
/// its column's foot:
///
/// ```
/// use qipan::core::{notation::parse_move, render::text};
///
/// let src = |board: &str| {
///     format!("name: t\nboard: {board}\nseats: [{{ name: red }}, {{ name: blue }}]\npieces: {{ stone: {{ symbols: [X, O], moves: place to empty }} }}\n")
/// };
/// let rhombus = qipan::load_str("t.yaml", &src("{ hex: { width: 3, height: 2 } }"), &[])?;
/// let mut pos = rhombus.start();
/// pos.play(&parse_move(&pos, "b1")?)?;
/// assert_eq!(text(&pos), "    a b c\n 2 . . . 2\n1 . X . 1\n a b c\nblue to move (ply 2)\n");
/// let hexagon = qipan::load_str("t.yaml", &src("{ hex: { side: 2 } }"), &[])?;
/// let mut pos = hexagon.start();
/// pos.play(&parse_move(&pos, "b2")?)?; // the centre
/// assert_eq!(text(&pos), "  b c\n 3 . . 3\n2 . X . 2\n 1 . . c\n    a b\nblue to move (ply 2)\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn text(pos: &Position) -> String {
    text_marked(pos, &Marks::default(), Ink::Plain)
}

/// [`text`] with the last move and possible destinations marked, written as `ink` says: plain text puts
/// the last move's cells between parentheses (as GNU Go marks its last stone) and shows empty targets as
/// `*`; a terminal's colours paint the board's cells, each piece in its seat's colour, the last move, a
/// king in check and the targets. Wide characters (xiangqi's, Seven Kingdoms') keep their columns aligned.
///
/// ```
/// use qipan::core::{notation::parse_move, render::{Ink, Marks, text_marked}};
///
/// let game = qipan::load("chess", &[])?;
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "e2-e4")?)?;
/// let marked = text_marked(&pos, &Marks::last_move(&pos), Ink::Plain);
/// assert!(marked.contains("  4 . . . .(P). . . 4\n"), "{marked}");
/// assert!(marked.contains("  2 P P P P(.)P P P 2\n"), "{marked}");
/// let targets = text_marked(&pos, &Marks::default().with_targets(&pos, game.board.find("g8").unwrap()), Ink::Plain);
/// assert!(targets.contains("  6 . . . . . * . * 6\n"), "{targets}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn text_marked(pos: &Position, marks: &Marks, ink: Ink) -> String {
    let (body, spans) = layout(pos, &[]);
    ink::paint(pos, &body, &spans, marks, ink)
}

/// [`text_marked`], shortened where the whole diagram is long: a round board (He Qi's four to six blocks of
/// sectors) shows only the blocks that hold a marked node, and the hub only when it is marked. Other boards,
/// and a position with nothing marked, are shown whole.
///
/// ```
/// use qipan::core::{notation::parse_move, render::{Ink, Marks, text_compact, text_marked}};
///
/// let game = qipan::load("he-qi", &[])?;
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "r1s6-r1s7")?)?;
/// let marks = Marks::last_move(&pos);
/// let whole = text_marked(&pos, &marks, Ink::Plain);
/// let compact = text_compact(&pos, &marks, Ink::Plain);
/// assert!(compact.lines().count() < whole.lines().count() / 2);
/// assert!(compact.contains("red: sectors 0-19") && !compact.contains("yellow: sectors"));
/// assert!(compact.contains("(:|RP)")); // the pawn, from the dark cell it left to where it arrived
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn text_compact(pos: &Position, marks: &Marks, ink: Ink) -> String {
    let focus: Vec<NodeId> = marks.last.iter().chain(&marks.targets).copied().collect();
    let (body, spans) = layout(pos, &focus);
    ink::paint(pos, &body, &spans, marks, ink)
}

/// The plain diagram and where each node's cell is in it; `focus`: the nodes a compact diagram must show.
fn layout(pos: &Position, focus: &[NodeId]) -> (String, Vec<Span>) {
    let g = pos.game();
    let b = &g.board;
    if b.has_counts() {
        return seeds::text(pos);
    }
    if let Some(polar) = PolarBoard::detect(b) {
        return polar_text::text(pos, &polar, focus);
    }
    if let Some(hex) = HexBoard::detect(b) {
        return hex_text::text(pos, &hex);
    }
    let mut out = String::new();
    let mut spans = Vec::new();
    let width = (0..b.len() as u16).map(|i| ink::width(&symbol(pos, NodeId(i)))).max().unwrap_or(1).max(1);
    if let Some((w, h, coordinates)) = b.grid_size() {
        let mut grid = vec![vec![None; w as usize]; h as usize];
        // Nodes sit in the picture at their drawing positions, or on a grid with coordinates at those
        // (which round boards drawn on a square layout, like Shisima's octagon, have apart).
        let place = |n: NodeId| {
            let info = b.node(n);
            if coordinates { [info.coord[0] as f32, info.coord[1] as f32] } else { [info.pos[0], info.pos[1]] }
        };
        for n in b.node_ids() {
            let p = place(n);
            let (x, y) = (p[0].round() as usize, p[1].round() as usize);
            if let Some(cell) = grid.get_mut(y).and_then(|r| r.get_mut(x)) {
                *cell = Some(n);
            }
        }
        let col_names: Vec<String> = (0..w)
            .map(|x| {
                grid.iter()
                    .flatten()
                    .flatten()
                    .find(|n| place(**n)[0].round() as i32 == x as i32)
                    .map(|n| b.label(*n).trim_end_matches(|c: char| c.is_ascii_digit()).to_string())
                    .unwrap_or_default()
            })
            .collect();
        let header = |out: &mut String| {
            let mut line = String::from("    ");
            for c in &col_names {
                line.push_str(&pad_right(c, width));
                line.push(' ');
            }
            out.push_str(line.trim_end());
            out.push('\n');
        };
        if coordinates {
            header(&mut out);
        }
        for y in (0..h as usize).rev() {
            let mut line = String::new();
            if coordinates {
                let _ = write!(line, "{:>3} ", y + 1);
            }
            let number = out.matches('\n').count();
            for cell in &grid[y] {
                let s = match *cell {
                    Some(n) => {
                        let s = symbol(pos, n);
                        spans.push(Span::left(number, ink::width(&line), &s, width + 1, n));
                        s
                    }
                    None => " ".into(),
                };
                line.push_str(&pad_right(&s, width));
                line.push(' ');
            }
            if coordinates {
                let _ = write!(line, "{}", y + 1);
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        if coordinates {
            header(&mut out);
        }
    } else {
        let mut rows: std::collections::BTreeMap<(u8, i32), Vec<NodeId>> = Default::default();
        for n in b.node_ids() {
            let info = b.node(n);
            rows.entry((info.kind, info.coord[0])).or_default().push(n);
        }
        for ((kind, row), mut nodes) in rows {
            nodes.sort_by_key(|&n| (b.node(n).coord[1], b.node(n).coord[2]));
            let mut line = format!("{:>8} ", format!("{}{}", b.kind_names()[kind as usize], row));
            let number = out.matches('\n').count();
            for n in nodes {
                let s = symbol(pos, n);
                spans.push(Span::left(number, ink::width(&line), &s, ink::width(&s), n));
                line.push_str(&s);
            }
            out.push_str(&line);
            out.push('\n');
        }
    }
    out.push_str(&columns::columns(pos));
    out.push_str(&holdings(pos));
    out.push_str(&status(pos));
    (out, spans)
}

/// The line under a diagram: who is to move, or how the game ended.
///
/// ```
/// use qipan::core::{Move, render::status};
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// assert_eq!(status(&pos), "black to move (ply 1)\n");
/// pos.play(&Move::PASS)?;
/// pos.play(&Move::PASS)?;
/// assert_eq!(status(&pos), "Game over: W+5.5 (consecutive passes)\n"); // komi decides an empty board
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn status(pos: &Position) -> String {
    let seat = &pos.game().seats[pos.to_move().idx()];
    match pos.outcome() {
        Some(r) => format!("Game over: {} ({})\n", r.for_players(pos.game()), r.reason),
        None => format!("{} to move (ply {})\n", seat.name, pos.ply() + 1),
    }
}

/// One line per seat with its reserve, graveyard and counters, for games that have them. Counters at zero are
/// left out, except in games with reserves or graveyards, whose line is always written whole.
///
/// ```
/// use qipan::core::render::holdings;
///
/// // Leader Cannon's pieces are dropped from a reserve.
/// let game = qipan::load("leader-cannon", &[])?;
/// let pos = game.start();
/// let text = holdings(&pos);
/// assert_eq!(text.lines().next(), Some("red: reserve leader 1, commoner 7; graveyard -; tokens 0; deaths 0"));
/// assert_eq!(text.lines().count(), 2); // one line per seat
/// // Go has neither reserves nor counters.
/// assert_eq!(holdings(&qipan::load("go", &[])?.start()), "");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn holdings(pos: &Position) -> String {
    let g = pos.game();
    let hands = !g.reserves.is_empty()
        || g.rules.captured_to != crate::rules::CapturedTo::Removed
        || g.board.overflow() == crate::board::Overflow::Reserve;
    let mut out = String::new();
    for (s, seat) in g.seat_ids().zip(&g.seats) {
        let list = |f: &dyn Fn(PieceId) -> u16| -> String {
            let items: Vec<String> =
                g.piece_ids().filter(|&p| f(p) > 0).map(|p| format!("{} {}", g.pieces[p.idx()].name, f(p))).collect();
            if items.is_empty() { "-".into() } else { items.join(", ") }
        };
        let mut parts = Vec::new();
        if hands {
            parts.push(format!("reserve {}", list(&|p| pos.reserve(s, p))));
            parts.push(format!("graveyard {}", list(&|p| pos.graveyard(s, p))));
        }
        for (c, name) in g.counters.iter().enumerate() {
            let v = pos.counter(c, s);
            if v != 0 || hands {
                parts.push(format!("{name} {v}"));
            }
        }
        if !parts.is_empty() {
            let _ = writeln!(out, "{}: {}", seat.name, parts.join("; "));
        }
    }
    out
}

/// An SVG picture of the board and its pieces: polar boards as rings of cells around the channel
/// and the hub, hexagonal boards as a honeycomb with their coordinates round it, other boards from the
/// nodes' drawing positions.
///
/// ```
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// pos.play(&qipan::core::notation::parse_move(&pos, "E5")?)?;
/// let svg = qipan::core::render::svg(&pos);
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert_eq!(svg.matches("<title>").count(), 81); // one titled point per node
/// assert!(svg.contains("<title>E5</title>"));
/// assert!(!svg.contains("class=\"last\"")); // nothing is marked
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// ```
/// // Yavalath's board: a hexagon of side 5.
/// let src = "name: t\nboard: { hex: { side: 5 } }\nseats: [{ name: white }, { name: black }]\npieces: { stone: { moves: place to empty } }\n";
/// let game = qipan::load_str("t.yaml", src, &[])?;
/// let svg = qipan::core::render::svg(&game.start());
/// assert_eq!(svg.matches("<polygon class=\"cell\"").count(), 61); // one hexagon per cell
/// assert!(svg.contains("<title>e5</title>"));
/// assert_eq!(svg.matches(">a</text>").count(), 1); // column a, named at its foot
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn svg(pos: &Position) -> String {
    svg_marked(pos, &Marks::default())
}

/// [`svg`] with some nodes picked out (the last move, possible destinations).
///
/// ```
/// use qipan::core::{notation::parse_move, render::{Marks, svg_marked}};
///
/// let game = qipan::load("chess", &[])?;
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "e2-e4")?)?;
/// let marks = Marks::last_move(&pos).with_targets(&pos, game.board.find("b8").unwrap());
/// let svg = svg_marked(&pos, &marks);
/// assert_eq!(svg.matches("class=\"last\"").count(), 2); // e2 and e4 outlined
/// assert_eq!(svg.matches("class=\"target\"").count(), 2); // a6 and c6 dotted
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn svg_marked(pos: &Position, marks: &Marks) -> String {
    let board = &pos.game().board;
    if board.has_counts() {
        return seeds::svg(pos, marks);
    }
    if let Some(polar) = PolarBoard::detect(board) {
        return polar_svg::svg(pos, &polar, marks);
    }
    if let Some(hex) = HexBoard::detect(board) {
        return hex_svg::svg(pos, &hex, marks);
    }
    // Squares or points at their coordinates, for a grid drawn as one (not a round board on a square layout).
    let square = |n: NodeId| {
        let i = board.node(n);
        i.pos[0] == i.coord[0] as f32 && i.pos[1] == i.coord[1] as f32
    };
    match board.grid_size() {
        Some((w, h, true)) if board.node_ids().all(square) => grid_svg::svg(pos, marks, w, h),
        _ => plain_svg(pos, marks),
    }
}

/// The SVG of any board, drawn from the nodes' drawing positions.
fn plain_svg(pos: &Position, marks: &Marks) -> String {
    let g = pos.game();
    let b = &g.board;
    let unit = 32.0f32;
    let (mut minx, mut miny, mut maxx, mut maxy) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
    for n in b.node_ids() {
        let p = b.node(n).pos;
        minx = minx.min(p[0]);
        maxx = maxx.max(p[0]);
        miny = miny.min(p[1]);
        maxy = maxy.max(p[1]);
    }
    if b.is_empty() {
        (minx, miny, maxx, maxy) = (0.0, 0.0, 0.0, 0.0);
    }
    let margin = 1.0;
    // Reserves, graveyards and counters are written under the board, one line per seat.
    let hand_lines: Vec<String> = holdings(pos).lines().map(String::from).collect();
    let line_height = unit * 0.6;
    let w = ((maxx - minx + 2.0 * margin) * unit).max(if hand_lines.is_empty() { 0.0 } else { 16.0 * unit });
    let board_h = (maxy - miny + 2.0 * margin) * unit;
    let h = board_h + line_height * hand_lines.len() as f32;
    // SVG's y grows downwards; boards' grows upwards.
    let xy = |n: NodeId| {
        let p = b.node(n).pos;
        ((p[0] - minx + margin) * unit, (maxy - p[1] + margin) * unit)
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}">"##
    );
    let _ = writeln!(s, r##"<rect width="100%" height="100%" fill="#dcb35c"/>"##);
    for (ri, _) in b.relation_names().iter().enumerate().take(2) {
        let rel = crate::board::RelationId(ri as u8);
        let stroke = if ri == 0 { "#333" } else { "#777" };
        for n in b.node_ids() {
            for e in b.edges(rel, n) {
                if e.to > n {
                    let ((x1, y1), (x2, y2)) = (xy(n), xy(e.to));
                    let _ = writeln!(
                        s,
                        r##"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{stroke}" stroke-width="1"/>"##
                    );
                }
            }
        }
    }
    for n in b.node_ids() {
        let (x, y) = xy(n);
        let info = b.node(n);
        let fill = match info.colour {
            Some(c) if c % 2 == 1 => "#8b5a2b",
            Some(_) => "#f5deb3",
            None => "none",
        };
        let _ = writeln!(
            s,
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{fill}" stroke="#333" stroke-width="0.5"><title>{l}</title></circle>"##,
            r = unit * 0.12,
            l = info.label
        );
        if let Some(p) = drawn_at(pos, n) {
            // A column shows the pieces under its top as rims below it, bottom first.
            column_under(&mut s, pos, n, (x, y), unit);
            // The seat's own colour, else its name's when that is a colour (chess's White is white).
            let colour = colour::seat(g, p.seat);
            let text_colour = colour::ink(&colour);
            let _ = writeln!(
                s,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="{colour}" stroke="#000" stroke-width="1"/>"##,
                r = unit * 0.45
            );
            let sym = symbol(pos, n);
            if g.pieces.len() > 1 {
                let _ = writeln!(
                    s,
                    r##"<text x="{x:.1}" y="{ty:.1}" font-size="{fs:.0}" text-anchor="middle" fill="{text_colour}">{sym}</text>"##,
                    ty = y + unit * 0.15,
                    fs = unit * 0.45
                );
            }
        }
    }
    for &n in &marks.last {
        let (x, y) = xy(n);
        let _ = writeln!(
            s,
            r##"<circle class="last" cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="none" stroke="#e67e22" stroke-width="3"/>"##,
            r = unit * 0.5
        );
    }
    for &n in &marks.targets {
        let (x, y) = xy(n);
        let _ = writeln!(
            s,
            r##"<circle class="target" cx="{x:.1}" cy="{y:.1}" r="{r:.1}" fill="#27ae60" stroke="#fff" stroke-width="1"/>"##,
            r = unit * 0.15
        );
    }
    for (i, line) in hand_lines.iter().enumerate() {
        let y = board_h + line_height * (i as f32 + 0.6);
        let _ = writeln!(
            s,
            r##"<text x="{x:.1}" y="{y:.1}" font-size="{fs:.0}" fill="#000">{t}</text>"##,
            x = unit * 0.3,
            fs = unit * 0.4,
            t = line.replace('&', "&amp;").replace('<', "&lt;")
        );
    }
    s.push_str("</svg>\n");
    s
}

/// The pieces under the top of the column on `n` (a board with stacks), as discs each a little below
/// the one above, bottom first so the top covers them, and the column's height beside it.
fn column_under(s: &mut String, pos: &Position, n: NodeId, (x, y): (f32, f32), unit: f32) {
    let h = pos.height(n);
    if h < 2 {
        return;
    }
    // Tall columns squeeze their layers into the same rim.
    let step = unit * (0.42 / (h - 1) as f32).min(0.14);
    for d in (1..h).rev() {
        let Some(p) = pos.layer(n, d).map(|p| drawn(pos, p)) else { continue };
        let _ = writeln!(
            s,
            r##"<circle class="layer" cx="{x:.1}" cy="{cy:.1}" r="{r:.1}" fill="{c}" stroke="#000" stroke-width="0.7"/>"##,
            cy = y + step * d as f32,
            r = unit * 0.45,
            c = colour::seat(pos.game(), p.seat)
        );
    }
    let _ = writeln!(
        s,
        r##"<text class="height" x="{tx:.1}" y="{ty:.1}" font-size="{fs:.0}" text-anchor="middle" fill="#000">{h}</text>"##,
        tx = x + unit * 0.55,
        ty = y - unit * 0.3,
        fs = unit * 0.3
    );
}
