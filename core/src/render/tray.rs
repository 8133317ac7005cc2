//! Trays beside a grid board: what each seat holds off the board (its reserve or hand, its graveyard) drawn
//! as pieces with their counts, and its counters written after them. In a two-seat game the second seat's
//! tray is above the board, on its side, and the first seat's below; with more seats all are below.

use super::colour;
use super::grid_svg::{UNIT, escape};
use crate::position::{Piece, Position};
use crate::rules::CapturedTo;
use crate::{PieceId, SeatId};
use std::fmt::Write;

/// Height of a tray's row.
pub(super) const ROW: f32 = 0.8 * UNIT;
/// Size of a piece in a tray, in squares.
const SCALE: f32 = 0.6;
/// The space after a tray's pieces of one kind.
const GAP: f32 = 0.3 * UNIT;

/// Draws a piece into the picture, centred at a point, at a scale of a square.
pub(super) type DrawPiece<'a> = &'a dyn Fn(&mut String, Piece, (f32, f32), f32);

/// One seat's tray.
pub(super) struct Tray {
    pub seat: SeatId,
    parts: Vec<Part>,
}

/// Something in a tray, left to right.
enum Part {
    /// A word: the seat's name, `graveyard`, a counter.
    Text(String),
    /// Pieces of one kind and how many.
    Pieces(Piece, u16),
}

/// The trays of a position: none when the game keeps nothing off the board and has no counters.
pub(super) fn trays(pos: &Position) -> Vec<Tray> {
    let g = pos.game();
    let hands = !g.reserves.is_empty()
        || g.rules.captured_to != CapturedTo::Removed
        || g.board.overflow() == crate::board::Overflow::Reserve;
    if !hands && g.counters.is_empty() {
        return Vec::new();
    }
    g.seat_ids()
        .map(|s| {
            let mut parts = vec![Part::Text(g.seats[s.idx()].name.clone())];
            let held = |count: &dyn Fn(PieceId) -> u16| -> Vec<Part> {
                g.piece_ids()
                    .filter(|&p| count(p) > 0)
                    .map(|p| Part::Pieces(Piece { seat: s, piece: p }, count(p)))
                    .collect()
            };
            if hands {
                let reserve = held(&|p| pos.reserve(s, p));
                if reserve.is_empty() {
                    parts.push(Part::Text("–".into()));
                }
                parts.extend(reserve);
                let graveyard = held(&|p| pos.graveyard(s, p));
                if !graveyard.is_empty() {
                    parts.push(Part::Text("graveyard".into()));
                    parts.extend(graveyard);
                }
            }
            for (c, name) in g.counters.iter().enumerate() {
                parts.push(Part::Text(format!("{name} {}", pos.counter(c, s))));
            }
            Tray { seat: s, parts }
        })
        .collect()
}

/// Whether the tray goes above the board: the second of two seats.
pub(super) fn above(pos: &Position, tray: &Tray) -> bool {
    pos.game().seats.len() == 2 && tray.seat == SeatId(1)
}

/// The width of a tray's text, in pixels (about half a font size a character).
fn text_width(t: &str) -> f32 {
    t.chars().map(|c| if c >= '\u{2e80}' { 2.0 } else { 1.0 }).sum::<f32>() * 0.17 * UNIT
}

/// How wide a tray is drawn.
pub(super) fn width(tray: &Tray) -> f32 {
    let parts: f32 = tray
        .parts
        .iter()
        .map(|p| match p {
            Part::Text(t) => text_width(t) + 0.25 * UNIT,
            Part::Pieces(_, n) => SCALE * UNIT + if *n > 1 { text_width(&format!("×{n}")) } else { 0.0 } + GAP,
        })
        .sum();
    parts + 0.6 * UNIT
}

/// Draws a tray whose row starts at `(x, y)` (its top left), pieces drawn by `piece`.
pub(super) fn draw(s: &mut String, pos: &Position, tray: &Tray, (x, y): (f32, f32), piece: DrawPiece) {
    let seat_colour = colour::seat(pos.game(), tray.seat);
    let _ = writeln!(
        s,
        r##"<rect class="tray" x="{x:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="{:.1}" fill="#000" fill-opacity="0.08" stroke="{seat_colour}" stroke-width="1.5"/>"##,
        y + 0.05 * UNIT,
        width(tray),
        ROW - 0.1 * UNIT,
        0.15 * UNIT
    );
    let cy = y + ROW / 2.0;
    let fs = UNIT * 0.33;
    let mut at = x + 0.3 * UNIT;
    for part in &tray.parts {
        match part {
            Part::Text(t) => {
                let _ = writeln!(
                    s,
                    r##"<text class="tray-text" x="{at:.1}" y="{:.1}" font-size="{fs:.0}" fill="#111">{}</text>"##,
                    cy + fs * 0.35,
                    escape(t)
                );
                at += text_width(t) + 0.25 * UNIT;
            }
            Part::Pieces(p, n) => {
                piece(s, *p, (at + SCALE * UNIT / 2.0, cy), SCALE);
                at += SCALE * UNIT;
                if *n > 1 {
                    let count = format!("×{n}");
                    let _ = writeln!(
                        s,
                        r##"<text class="tray-count" x="{at:.1}" y="{:.1}" font-size="{fs:.0}" fill="#111">{count}</text>"##,
                        cy + fs * 0.35
                    );
                    at += text_width(&count);
                }
                at += GAP;
            }
        }
    }
}
