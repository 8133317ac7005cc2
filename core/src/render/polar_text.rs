//! The text diagram of a polar board: one block of sectors per territory (or per group of eyes),
//! outer ring first, then the eyes of the block; a line for the hub.

use super::colour;
use super::ink::{self, Span, pad_left};
use super::polar::{PolarBoard, Territories};
use crate::SeatId;
use crate::board::{Board, NodeId};
use crate::position::Position;
use std::fmt::Write;

/// Blocks are at most this many sectors wide, so a diagram fits 80 columns.
const MAX_BLOCK: u32 = 25;
/// Width of the row labels (`r5`, `eye`).
const LABEL: usize = 4;

/// A run of consecutive sectors drawn together (it may wrap past the last sector).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Block {
    start: u32,
    len: u32,
}

/// The text diagram of a position on a polar board, and where its nodes' cells are: every block, or only
/// the blocks holding one of the `focus` nodes when there are such blocks.
pub(super) fn text(pos: &Position, p: &PolarBoard, focus: &[NodeId]) -> (String, Vec<Span>) {
    let g = pos.game();
    let b = &g.board;
    let terr = Territories::of(g, p);
    let width = column_width(pos, p);
    let mut out = legend(b);
    let mut spans = Vec::new();
    let drawn: Vec<(String, Vec<Span>)> =
        blocks(p, &terr).iter().map(|block| block_text(pos, p, &terr, block, width)).collect();
    let holds = |spans: &[Span]| spans.iter().any(|s| focus.contains(&s.node));
    let any = drawn.iter().any(|(_, spans)| holds(spans));
    for (text, block_spans) in drawn {
        if any && !holds(&block_spans) {
            continue;
        }
        out.push('\n');
        let first = out.matches('\n').count();
        out.push_str(&text);
        spans.extend(block_spans.into_iter().map(|s| Span { line: s.line + first, ..s }));
    }
    if let Some(hub) = p.hub.filter(|h| !any || focus.contains(h)) {
        let shown = node_text(pos, hub);
        spans.push(Span::left(out.matches('\n').count() + 1, LABEL, &shown, ink::width(&shown), hub));
        let _ = writeln!(out, "\n{:>w$} {shown}", b.label(hub), w = LABEL - 1);
    }
    out.push_str(&super::holdings(pos));
    out.push_str(&super::status(pos));
    (out, spans)
}

/// What stands on a node: the piece's symbol, with the seat's letter in front when the piece type
/// does not have one symbol per seat; `.` for an empty node.
fn node_text(pos: &Position, n: NodeId) -> String {
    match super::drawn_at(pos, n) {
        None => ".".into(),
        Some(piece) => {
            let g = pos.game();
            let own = g.pieces[piece.piece.idx()].symbols.len() >= g.seats.len();
            let symbol = super::symbol(pos, n);
            if own { symbol } else { format!("{}{symbol}", g.seats[piece.seat.idx()].letter) }
        }
    }
}

/// What a cell shows: its piece, else `.` on light cells and `:` on dark ones (`dark` per colour).
fn cell_text(pos: &Position, n: NodeId, dark: &[bool]) -> String {
    match (pos.cell(n), pos.game().board.node(n).colour) {
        (Some(_), _) => node_text(pos, n),
        (None, Some(c)) if dark[c as usize] => ":".into(),
        (None, _) => ".".into(),
    }
}

/// How wide a column is: the widest sector number or piece text, and a space.
fn column_width(pos: &Position, p: &PolarBoard) -> usize {
    let pieces = pos.game().board.node_ids().map(|n| ink::width(&node_text(pos, n))).max().unwrap_or(1);
    pieces.max((p.sectors - 1).to_string().len()) + 1
}

/// The first line: what the cell marks mean.
fn legend(b: &Board) -> String {
    let names = b.colour_names();
    if names.is_empty() {
        return "cells: . empty; sectors counter-clockwise, ring 1 innermost\n".into();
    }
    let marks: Vec<String> = names
        .iter()
        .zip(colour::dark_colours(names))
        .map(|(name, dark)| format!("{} {name}", if dark { ':' } else { '.' }))
        .collect();
    format!("cells: {}; sectors counter-clockwise, ring 1 innermost\n", marks.join(", "))
}

/// The blocks of sectors: the territories when they are runs of one width that divides the ring,
/// else groups of whole eye groups (at most 20 sectors when possible).
fn blocks(p: &PolarBoard, terr: &Territories) -> Vec<Block> {
    let (start, width) = territory_width(p, terr).unwrap_or_else(|| (0, group_width(p)));
    let mut out = Vec::new();
    let mut done = 0;
    while done < p.sectors {
        let len = width.min(p.sectors - done);
        out.push(Block { start: (start + done) % p.sectors, len });
        done += len;
    }
    out
}

/// The start and width of the seats' territories, when one width fits them all.
fn territory_width(p: &PolarBoard, terr: &Territories) -> Option<(u32, u32)> {
    let runs = terr.runs();
    let (start, width, _) = *runs.iter().find(|r| r.2.is_some())?;
    let fits = |r: &(u32, u32, Option<SeatId>)| r.0.abs_diff(start).is_multiple_of(width) && r.1.is_multiple_of(width);
    (width <= MAX_BLOCK && p.sectors.is_multiple_of(width) && runs.iter().all(fits)).then_some((start % width, width))
}

/// A block width made of whole eye groups: the widest that divides the ring and is at most 20 sectors,
/// else the widest at most 20, else one group (or 20 sectors when groups are wider).
fn group_width(p: &PolarBoard) -> u32 {
    let group = if p.eyes.is_empty() { 1 } else { (p.sectors / p.eyes.len() as u32).max(1) };
    let widths: Vec<u32> = (1..=20 / group.max(1)).map(|k| k * group).collect();
    widths
        .iter()
        .rev()
        .find(|w| p.sectors.is_multiple_of(**w))
        .or(widths.last())
        .copied()
        .unwrap_or(group.min(MAX_BLOCK).min(20))
        .min(p.sectors)
}

/// One block: a title, sector numbers, rings from the outside in, then the eyes; and where the cells are
/// (lines counted from the block's first).
fn block_text(pos: &Position, p: &PolarBoard, terr: &Territories, block: &Block, width: usize) -> (String, Vec<Span>) {
    let g = pos.game();
    let sectors: Vec<u32> = (0..block.len).map(|i| (block.start + i) % p.sectors).collect();
    let eyes: Vec<(usize, f32)> = (0..p.eyes.len()).filter_map(|i| eye_column(p, block, i).map(|x| (i, x))).collect();
    let mut owners: Vec<&str> = Vec::new();
    for s in &sectors {
        if let Some(seat) = terr.sectors[*s as usize] {
            let name = g.seats[seat.idx()].name.as_str();
            if !owners.contains(&name) {
                owners.push(name);
            }
        }
    }
    let mut out = String::new();
    let last = sectors.last().copied().unwrap_or(block.start);
    let title = if owners.is_empty() { String::new() } else { format!("{}: ", owners.join(", ")) };
    let _ = write!(out, "{title}sectors {}-{last}", block.start);
    if let (Some(first), Some(end)) = (eyes.first(), eyes.last()) {
        let _ = write!(out, ", {}-{}", g.board.label(p.eyes[first.0].node), g.board.label(p.eyes[end.0].node));
    }
    out.push('\n');
    let mut spans = Vec::new();
    // A row of right-aligned columns, noting where the cells of `nodes` (if any) end up.
    let mut row = |out: &mut String, label: &str, cells: Vec<String>, nodes: &[NodeId]| {
        let number = out.matches('\n').count();
        let mut line = format!("{label:>LABEL$}");
        for (i, c) in cells.iter().enumerate() {
            line.push_str(&pad_left(c, width));
            if let Some(&n) = nodes.get(i) {
                spans.push(Span::right(number, ink::width(&line), c, width, n));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    };
    row(&mut out, "", sectors.iter().map(|s| s.to_string()).collect(), &[]);
    let dark = colour::dark_colours(g.board.colour_names());
    for r in (1..=p.rings).rev() {
        let nodes: Vec<NodeId> = sectors.iter().map(|&s| p.cell(r, s as i64)).collect();
        let cells = nodes.iter().map(|&n| cell_text(pos, n, &dark)).collect();
        row(&mut out, &format!("r{r}"), cells, &nodes);
    }
    if !eyes.is_empty() {
        let number = out.matches('\n').count();
        let (line, eye_spans) = eye_row(pos, p, &eyes, width);
        out.push_str(&line);
        spans.extend(eye_spans.into_iter().map(|s| Span { line: number, ..s }));
    }
    (out, spans)
}

/// Where eye `i` falls in a block, in columns from its first sector (eyes sit between sectors, so
/// this is often a half), if it is in the block.
fn eye_column(p: &PolarBoard, block: &Block, i: usize) -> Option<f32> {
    let n = p.sectors as f32;
    let x = (p.eye_sector(&p.eyes[i]) - 0.5 - block.start as f32 + 0.5).rem_euclid(n) - 0.5;
    (x < block.len as f32 - 0.5).then_some(x)
}

/// The row of eyes under a block: an empty eye shows its number, an occupied one its piece; and where
/// each eye is on it.
fn eye_row(pos: &Position, p: &PolarBoard, eyes: &[(usize, f32)], width: usize) -> (String, Vec<Span>) {
    let mut spans = Vec::new();
    let mut line: Vec<char> = format!("{:>LABEL$}", "eye").chars().collect();
    for &(i, x) in eyes {
        let n = p.eyes[i].node;
        let shown = match pos.cell(n) {
            Some(_) => node_text(pos, n),
            None => eye_number(&pos.game().board, n, i),
        };
        // Right-aligned columns: a one-character entry of column j sits at LABEL + width·(j+1) − 1.
        let centre = LABEL as f32 + width as f32 * (x + 1.0) - 1.0;
        let len = shown.chars().count();
        // Never run into the previous entry: keep a space after it.
        let free = if line.len() > LABEL { line.len() + 1 } else { LABEL };
        let at = ((centre - (len as f32 - 1.0) / 2.0).round().max(0.0) as usize).max(free);
        line.resize(at, ' ');
        spans.push(Span::left(0, at, &shown, len, n));
        line.extend(shown.chars());
    }
    (format!("{}\n", line.into_iter().collect::<String>().trim_end()), spans)
}

/// The number in an eye's label (`eye12` → `12`), else its index.
fn eye_number(b: &Board, n: NodeId, i: usize) -> String {
    let digits: String = b.label(n).chars().skip_while(|c| !c.is_ascii_digit()).collect();
    if digits.is_empty() { i.to_string() } else { digits }
}
