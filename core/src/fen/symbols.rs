//! The symbols FEN writes pieces with, and the hands in brackets after the board.
//!
//! A symbol may be several characters (`+P` for a promoted pawn, `Q~` for a promoted queen, `QG` for a
//! seat-lettered piece); the board field is read by taking, at each place, the longest symbol that
//! starts there, so `Q~` is one piece and not a queen followed by something else.

use super::FenError;
use crate::game::Game;
use crate::position::{Position, Setup};
use crate::rules::CapturedTo;
use crate::{PieceId, SeatId};

/// The symbol of `piece` for `seat` in FEN, if it has one that FEN can hold. A piece with one symbol for
/// every seat of a two-seat game is written in upper case for the first seat and lower case for the
/// second (`+P`, `+p`).
pub(super) fn symbol(game: &Game, seat: SeatId, piece: PieceId) -> Option<String> {
    let symbols = &game.pieces[piece.idx()].symbols;
    let s = match symbols.as_slice() {
        [one] if game.seats.len() == 2 && one.chars().any(|c| c.is_ascii_alphabetic()) => {
            if seat == SeatId(0) {
                one.to_ascii_uppercase()
            } else {
                one.to_ascii_lowercase()
            }
        }
        // A piece of a colour has one owner, whose symbol is its first.
        _ if game.pieces[piece.idx()].owner.is_some() => symbols.first()?.clone(),
        _ => symbols.get(seat.idx())?.clone(),
    };
    // Digits count empty nodes, and `/`, brackets and spaces separate fields.
    let readable = !s.is_empty()
        && !s.starts_with(|c: char| c.is_ascii_digit())
        && !s.contains(|c: char| c.is_whitespace() || matches!(c, '/' | '[' | ']' | '(' | ')' | ','));
    readable.then_some(s)
}

/// Whether positions of `game` have hands to write: it starts with pieces in reserve, or captures into
/// the captor's reserve.
pub(super) fn has_hands(game: &Game) -> bool {
    !game.reserves.is_empty()
        || game.rules.captured_to == CapturedTo::CaptorReserve
        || game.board.overflow() == crate::board::Overflow::Reserve
}

/// Every (symbol, seat, piece) of a game, longest symbols first.
pub(super) struct Symbols(Vec<(String, SeatId, PieceId)>);

impl Symbols {
    pub(super) fn of(game: &Game) -> Symbols {
        let mut list: Vec<(String, SeatId, PieceId)> = game
            .seat_ids()
            .flat_map(|s| game.piece_ids().map(move |p| (s, p)))
            .filter(|&(s, p)| game.pieces[p.idx()].owner.is_none_or(|o| o == s))
            .filter_map(|(s, p)| Some((symbol(game, s, p)?, s, p)))
            .collect();
        list.sort_by_key(|(t, _, _)| std::cmp::Reverse(t.len()));
        Symbols(list)
    }

    /// The piece whose symbol starts `text` (the longest such symbol), with that symbol's length.
    pub(super) fn read(&self, text: &str) -> Result<(SeatId, PieceId, usize), FenError> {
        self.0
            .iter()
            .find(|(t, _, _)| text.starts_with(t.as_str()))
            .map(|(t, s, p)| (*s, *p, t.len()))
            .ok_or(FenError::UnknownPiece(text.chars().next().unwrap_or(' ')))
    }
}

/// Reads the hands written between brackets (`Pp`, `2Pb`, `-` or nothing for empty hands) into `setup`.
pub(super) fn read_hands(game: &Game, symbols: &Symbols, text: &str, setup: &mut Setup) -> Result<(), FenError> {
    let np = game.pieces.len();
    let mut counts = vec![0u16; game.seats.len() * np];
    let mut rest = text.trim();
    if rest == "-" {
        rest = "";
    }
    while !rest.is_empty() {
        // An optional count before a symbol (`3P`), as SFEN writes hands.
        let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
        let times: u16 =
            if digits == 0 { 1 } else { rest[..digits].parse().map_err(|_| FenError::Hand(text.into()))? };
        rest = &rest[digits..];
        if rest.is_empty() {
            return Err(FenError::Hand(text.into()));
        }
        let (seat, piece, len) = symbols.read(rest)?;
        let c = &mut counts[seat.idx() * np + piece.idx()];
        *c = c.saturating_add(times);
        rest = &rest[len..];
    }
    for s in game.seat_ids() {
        for p in game.piece_ids() {
            setup.reserve(s, p, counts[s.idx() * np + p.idx()]);
        }
    }
    Ok(())
}

/// The hands of `pos` as FEN writes them between brackets: each seat's pieces in turn, one symbol per
/// piece, in the order of the piece types (`Pp`, empty when no one holds anything).
pub(super) fn write_hands(pos: &Position) -> Option<String> {
    let game = pos.game();
    let mut out = String::new();
    for s in game.seat_ids() {
        for p in game.piece_ids() {
            let n = pos.reserve(s, p);
            if n > 0 {
                let sym = symbol(game, s, p)?;
                for _ in 0..n {
                    out.push_str(&sym);
                }
            }
        }
    }
    Some(out)
}
