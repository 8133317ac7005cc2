//! How a text diagram is written for its reader: the layouts (grid, polar, hex, sowing) write plain text
//! and note where each node's cell is; this module then marks the last move and the targets, and, for a
//! terminal, colours the cells (the board's squares, each piece in its seat's colour, a king in check).
//!
//! Columns are counted in display cells, so a Chinese character (two cells wide) keeps its row aligned.

use super::{Marks, colour};
use crate::board::NodeId;
use crate::position::Position;
use unicode_width::UnicodeWidthStr;

/// How a text diagram is written.
///
/// ```
/// use qipan::core::render::{Ink, Marks, text_marked};
///
/// let game = qipan::load("go", &[("size".into(), "3".into())])?;
/// let mut pos = game.start();
/// pos.play(&qipan::core::notation::parse_move(&pos, "B2")?)?;
/// let plain = text_marked(&pos, &Marks::last_move(&pos), Ink::Plain);
/// assert!(plain.contains("  2 .(X). 2\n")); // the last move between parentheses
/// let ansi = text_marked(&pos, &Marks::last_move(&pos), Ink::Ansi);
/// assert!(ansi.contains("\x1b[")); // colours for a terminal
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ink {
    /// Characters only; the last move's cells are put between parentheses, empty targets shown as `*`.
    #[default]
    Plain,
    /// ANSI 24-bit colours: the board's cells on its background, pieces in their seats' colours, the last
    /// move and a king in check highlighted, targets marked.
    Ansi,
}

/// Where a node's cell is in a diagram: its line, the display column its text starts at and the text's
/// width, and the columns a terminal paints for it (`paint`, which may take in the gap beside the text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Span {
    pub line: usize,
    pub column: usize,
    pub width: usize,
    pub paint: (usize, usize),
    pub node: NodeId,
}

impl Span {
    /// A cell whose text starts at `column`; a terminal paints `paint` columns from there.
    pub fn left(line: usize, column: usize, text: &str, paint: usize, node: NodeId) -> Span {
        Span { line, column, width: width(text), paint: (column, column + paint), node }
    }

    /// A cell whose text ends at `end`; a terminal paints `paint` columns up to there.
    pub fn right(line: usize, end: usize, text: &str, paint: usize, node: NodeId) -> Span {
        let w = width(text);
        Span { line, column: end - w, width: w, paint: (end.saturating_sub(paint), end), node }
    }
}

/// The width of a text in display cells (wide characters count two).
pub(super) fn width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

/// `s` padded with spaces on the right to `w` display cells.
pub(super) fn pad_right(s: &str, w: usize) -> String {
    format!("{s}{}", " ".repeat(w.saturating_sub(width(s))))
}

/// `s` padded with spaces on the left to `w` display cells.
pub(super) fn pad_left(s: &str, w: usize) -> String {
    format!("{}{s}", " ".repeat(w.saturating_sub(width(s))))
}

/// The diagram `text`, whose node cells are at `spans`, marked and coloured as `ink` says.
pub(super) fn paint(pos: &Position, text: &str, spans: &[Span], marks: &Marks, ink: Ink) -> String {
    let mut lines: Vec<String> = text.split_inclusive('\n').map(String::from).collect();
    let mut by_line: Vec<Vec<&Span>> = vec![Vec::new(); lines.len()];
    for s in spans {
        if let Some(l) = by_line.get_mut(s.line) {
            l.push(s);
        }
    }
    let style = Style::new(pos, marks);
    for (line, mut spans) in lines.iter_mut().zip(by_line) {
        if spans.is_empty() {
            continue;
        }
        spans.sort_by_key(|s| s.column);
        let ends = line.ends_with('\n');
        let mut cells = Cells::of(line.trim_end_matches('\n'));
        match ink {
            Ink::Plain => style.mark(&mut cells, &spans),
            Ink::Ansi => {
                let body = style.colour(&mut cells, &spans);
                *line = body;
                if ends {
                    line.push('\n');
                }
                continue;
            }
        }
        *line = cells.text();
        if ends {
            line.push('\n');
        }
    }
    lines.concat()
}

/// A line as display cells: each holds a character, or nothing when the character before is wide.
struct Cells(Vec<Option<char>>);

impl Cells {
    fn of(line: &str) -> Cells {
        let mut cells = Vec::new();
        for c in line.chars() {
            cells.push(Some(c));
            for _ in 1..unicode_width::UnicodeWidthChar::width(c).unwrap_or(0) {
                cells.push(None);
            }
        }
        Cells(cells)
    }

    fn grow(&mut self, to: usize) {
        if self.0.len() < to {
            self.0.resize(to, Some(' '));
        }
    }

    fn text(&self) -> String {
        self.0.iter().flatten().collect::<String>().trim_end().to_string()
    }
}

/// What the marks and the position say about each node.
struct Style<'a> {
    pos: &'a Position,
    marks: &'a Marks,
    checked: Vec<NodeId>,
    dark: Vec<bool>,
    background: [u8; 3],
}

impl<'a> Style<'a> {
    fn new(pos: &'a Position, marks: &'a Marks) -> Style<'a> {
        let g = pos.game();
        let b = &g.board;
        let checked = if g.has_check_rule() {
            b.node_ids().filter(|&n| pos.cell(n).is_some_and(|p| g.is_royal(p.piece)) && pos.is_attacked(n)).collect()
        } else {
            Vec::new()
        };
        let background = g.look.background.as_deref().and_then(colour::rgb).unwrap_or(WOOD);
        Style { pos, marks, checked, dark: colour::dark_colours(b.colour_names()), background }
    }

    /// Plain text: parentheses round the last move's cells (a bar between two side by side), `*` on empty
    /// targets.
    fn mark(&self, cells: &mut Cells, spans: &[&Span]) {
        for s in spans {
            if self.marks.targets.contains(&s.node) && self.pos.cell(s.node).is_none() && s.width == 1 {
                cells.grow(s.column + 1);
                cells.0[s.column] = Some('*');
            }
            if !self.marks.last.contains(&s.node) {
                continue;
            }
            if let Some(before) = s.column.checked_sub(1) {
                let c = &mut cells.0[before];
                *c = match *c {
                    Some(' ') => Some('('),
                    Some(')') => Some('|'),
                    other => other,
                };
            }
            let after = s.column + s.width;
            cells.grow(after + 1);
            if cells.0[after] == Some(' ') {
                cells.0[after] = Some(')');
            }
        }
    }

    /// A terminal's line: each span's columns painted in its cell's colours.
    fn colour(&self, cells: &mut Cells, spans: &[&Span]) -> String {
        let mut out = String::new();
        let mut at = 0;
        for s in spans {
            let (start, end) = (s.paint.0.max(at), s.paint.1);
            if start >= end {
                continue;
            }
            cells.grow(end);
            out.extend(cells.0[at..start].iter().flatten());
            let (fg, bg, bold) = self.cell_colours(s.node);
            out.push_str(&format!(
                "\x1b[{}38;2;{};{};{};48;2;{};{};{}m",
                if bold { "1;" } else { "" },
                fg[0],
                fg[1],
                fg[2],
                bg[0],
                bg[1],
                bg[2]
            ));
            let painted: String = cells.0[start..end].iter().flatten().collect();
            let shown = if self.marks.targets.contains(&s.node) && self.pos.cell(s.node).is_none() {
                painted.replacen(['.', ':', '+'], "*", 1)
            } else {
                painted
            };
            out.push_str(&shown);
            out.push_str("\x1b[0m");
            at = end;
        }
        if at < cells.0.len() {
            out.extend(cells.0[at..].iter().flatten());
        }
        out.trim_end().to_string()
    }

    /// The ink, paper and weight of a node's cell.
    fn cell_colours(&self, n: NodeId) -> ([u8; 3], [u8; 3], bool) {
        let g = self.pos.game();
        let mut bg = match g.board.node(n).colour {
            Some(c) if self.dark.get(c as usize).copied().unwrap_or(c % 2 == 1) => DARK_SQUARE,
            Some(_) => LIGHT_SQUARE,
            None => self.background,
        };
        if self.marks.last.contains(&n) {
            bg = LAST_MOVE;
        }
        if self.checked.contains(&n) {
            bg = CHECK;
        }
        if self.marks.targets.contains(&n) {
            bg = TARGET;
        }
        match super::drawn_at(self.pos, n) {
            Some(p) => {
                let seat = colour::rgb(&colour::seat(g, p.seat)).unwrap_or([0, 0, 0]);
                (seat, contrast(seat, bg), true)
            }
            None => (faint(bg), bg, false),
        }
    }
}

// The terminal's papers are mid-tones (luminance 0.4 to 0.65), darker than the pictures' own, so that both
// white and black pieces read on every one of them.
const WOOD: [u8; 3] = [0xc4, 0x9a, 0x4a];
const LIGHT_SQUARE: [u8; 3] = [0xc0, 0xa0, 0x70];
const DARK_SQUARE: [u8; 3] = [0x8b, 0x6a, 0x4a];
const LAST_MOVE: [u8; 3] = [0xb8, 0xb0, 0x30];
const CHECK: [u8; 3] = [0xc0, 0x30, 0x30];
const TARGET: [u8; 3] = [0x6a, 0xa8, 0x5a];

/// Luminance, from 0 (black) to 1 (white).
fn lum(c: [u8; 3]) -> f32 {
    (0.299 * c[0] as f32 + 0.587 * c[1] as f32 + 0.114 * c[2] as f32) / 255.0
}

/// The paper under a seat's colour: the cell's own, unless they are too close to read (red on a dark
/// square, yellow on wood), when the paper is lightened or darkened, whichever reads better. The ink is
/// never changed, so a seat's pieces look the same on every cell.
fn contrast(ink: [u8; 3], paper: [u8; 3]) -> [u8; 3] {
    let l = lum(ink);
    if (l - lum(paper)).abs() >= 0.2 {
        return paper;
    }
    let lighter = paper.map(|v| v + (255 - v) / 2);
    let darker = paper.map(|v| v / 2);
    if (lum(lighter) - l).abs() > (lum(darker) - l).abs() { lighter } else { darker }
}

/// The ink of an empty cell's dot: the paper, a little darker (or lighter on dark paper).
fn faint(paper: [u8; 3]) -> [u8; 3] {
    if lum(paper) > 0.5 { paper.map(|v| (v as f32 * 0.6) as u8) } else { paper.map(|v| v + (255 - v) / 3) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn papers_read_under_every_seat_colour() {
        // Black and white read on every paper as it is.
        for paper in [WOOD, LIGHT_SQUARE, DARK_SQUARE, LAST_MOVE, CHECK, TARGET] {
            assert_eq!(contrast([0x1c, 0x1c, 0x1c], paper), paper, "{paper:?}");
            assert_eq!(contrast([0xf7, 0xf7, 0xf7], paper), paper, "{paper:?}");
        }
        // Red on a dark square gets a lighter square; yellow on wood a darker wood.
        let red = [0xc0, 0x39, 0x2b];
        assert!(lum(contrast(red, DARK_SQUARE)) > lum(DARK_SQUARE) + 0.2);
        assert!(lum(contrast([0xf1, 0xc4, 0x0f], WOOD)) < lum(WOOD) - 0.2);
        // Whatever the paper, the seat's colour ends at least 0.2 from it or as far as it can get.
        for paper in [[0u8, 0, 0], [128, 128, 128], [255, 255, 255], WOOD] {
            for ink in [[0u8, 0, 0], [255, 255, 255], red, [0x29, 0x80, 0xb9]] {
                let p = contrast(ink, paper);
                assert!((lum(p) - lum(ink)).abs() >= 0.2 || p != paper, "{ink:?} on {paper:?}");
            }
        }
    }

    #[test]
    fn widths_count_display_cells() {
        assert_eq!(width("周"), 2);
        assert_eq!(pad_right("周", 3), "周 ");
        assert_eq!(pad_left("a", 3), "  a");
        assert_eq!(Cells::of("a周b").0, vec![Some('a'), Some('周'), None, Some('b')]);
    }
}
