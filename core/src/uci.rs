//! Moves as the UCI protocol writes them (long algebraic notation without separators): `e2e4`, `e7e8q`,
//! `b2h8+` (a promotion to a piece whose symbol is `+` and a letter, as shogi's), `P@e4` (a drop), castling as
//! the king's move (`e1g1`), or king takes rook (`e1h1`) where castling goes to given columns (chess960), and
//! `0000` for a pass (or, as Fairy-Stockfish writes it, the mover's royal piece onto its own node: `e2e2` in
//! janggi). Node labels are the board's own, so a game on a grid labelled as chess boards are
//! (`a1`, files from `a`, ranks from 1) speaks the same squares as Fairy-Stockfish.
//!
//! ```
//! use qipan::core::uci::{parse_uci, uci_text};
//!
//! let game = qipan::load("chess", &[])?;
//! let mut pos = game.start();
//! for text in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"] {
//!     let mv = parse_uci(&pos, text)?;
//!     assert_eq!(uci_text(&pos, &mv), text);
//!     pos.play(&mv)?;
//! }
//! assert_eq!(pos.to_fen().unwrap(), "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::PieceId;
use crate::game::Game;
use crate::moves::{Move, MoveKind};
use crate::notation::{NotationError, castles_to_columns, move_text};
use crate::position::Position;

/// The null move's text: a pass.
pub const NULL_MOVE: &str = "0000";

/// A move's UCI text in the position it is played from. Moves UCI has no form for (shots, sowings, moves in
/// several parts) keep the long form of [`move_text`].
///
/// ```
/// use qipan::core::uci::uci_text;
/// use qipan::core::{notation::parse_move, Move, Position};
///
/// let chess = qipan::load("chess", &[])?;
/// let pos = Position::from_fen(&chess, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1")?;
/// assert_eq!(uci_text(&pos, &parse_move(&pos, "e7-e8=N")?), "e7e8n");
/// // Shogi: a drop, and a promotion written with `+`.
/// let shogi = qipan::load("shogi", &[])?;
/// let pos = Position::from_fen(&shogi, "4k4/9/9/9/9/9/1B7/9/4K4[P] w - - 0 1")?;
/// assert_eq!(uci_text(&pos, &parse_move(&pos, "P@e5")?), "P@e5");
/// assert_eq!(uci_text(&pos, &parse_move(&pos, "b3-g8=horse")?), "b3g8+");
/// // A pass: the king onto its own node where there is one, else the null move.
/// let janggi = qipan::load("janggi", &[])?;
/// assert_eq!(uci_text(&janggi.start(), &Move::PASS), "e2e2");
/// let breakthrough = qipan::load("breakthrough", &[])?;
/// assert_eq!(uci_text(&breakthrough.start(), &Move::PASS), "0000");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn uci_text(pos: &Position, mv: &Move) -> String {
    let game = pos.game();
    let label = |n| game.board.label(n);
    let plain = mv.extra.is_none() && !mv.by.is_some() && crate::turn_text::parts_text(game, mv).is_none();
    match mv.kind {
        MoveKind::Pass => match royal_node(pos) {
            Some(n) => format!("{}{}", label(n), label(n)),
            None => NULL_MOVE.to_string(),
        },
        MoveKind::Drop if plain && !mv.with_to.is_some() => format!("{}@{}", letter(game, mv.piece), label(mv.to)),
        MoveKind::Move if plain => {
            // Castling to given columns is written king takes rook, as UCI's chess960 mode does.
            let to = if mv.with_from.is_some() && castles_to_columns(game, mv.piece) { mv.with_from } else { mv.to };
            let mut text = format!("{}{}", label(mv.from), label(to));
            if let Some(p) = mv.promote {
                text.push_str(&promotion_suffix(game, p));
            }
            text
        }
        _ => move_text(game, mv),
    }
}

/// The node of the mover's royal piece, when it has one on the board.
fn royal_node(pos: &Position) -> Option<crate::board::NodeId> {
    let rules = &pos.game().rules;
    let royal = |p: crate::PieceId| rules.check.contains(&p) || rules.end.royal.contains(&p);
    pos.game().board.node_ids().find(|&n| pos.cell(n).is_some_and(|p| p.seat == pos.to_move() && royal(p.piece)))
}

/// A drop's piece letter: its first symbol, upper case.
fn letter(game: &Game, piece: PieceId) -> String {
    game.pieces.get(piece.idx()).and_then(|p| p.symbols.first()).map_or_else(String::new, |s| s.to_uppercase())
}

/// How a promotion ends a move's text: the new piece's letter in lower case (`q`), or `+` for a piece whose
/// symbol is `+` and a letter (shogi's promoted pieces).
fn promotion_suffix(game: &Game, piece: PieceId) -> String {
    let symbol = game.pieces.get(piece.idx()).and_then(|p| p.symbols.first()).map_or("", String::as_str);
    match symbol.trim_end_matches('~') {
        s if s.starts_with('+') => "+".to_string(),
        s if s.chars().count() == 1 => s.to_lowercase(),
        _ => format!("={}", game.pieces[piece.idx()].name),
    }
}

/// The legal move `text` names in UCI's form. Castling may also be written as the king's move where UCI's
/// chess960 mode writes king takes rook, and a pass as the null move `0000`.
///
/// ```
/// use qipan::core::uci::parse_uci;
/// use qipan::core::{notation::NotationError, Position};
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// assert_eq!(game.board.label(parse_uci(&pos, "g1f3")?.to), "f3");
/// assert_eq!(parse_uci(&pos, "e2e5"), Err(NotationError::NoSuchMove("e2e5".into())));
/// // Chess960 castles king takes rook; the king's own move reads too.
/// let c960 = qipan::load("chess960", &[])?;
/// let pos = Position::from_fen(&c960, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")?;
/// let castle = parse_uci(&pos, "e1h1")?;
/// assert_eq!(parse_uci(&pos, "e1g1")?, castle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_uci(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    if text.len() > crate::notation::MAX_MOVE_TEXT {
        return Err(NotationError::TooLong { chars: text.chars().count(), limit: crate::notation::MAX_MOVE_TEXT });
    }
    let game = pos.game();
    let legal = pos.legal_moves();
    let same = |m: &&Move| uci_text(pos, m).eq_ignore_ascii_case(text);
    if let Some(mv) = unique(legal.iter().filter(same), text)? {
        return Ok(mv);
    }
    // The king's own destination for castling to given columns (`e1g1` for `e1h1`).
    let king_move = |m: &&Move| {
        m.kind == MoveKind::Move
            && m.with_from.is_some()
            && castles_to_columns(game, m.piece)
            && format!("{}{}", game.board.label(m.from), game.board.label(m.to)).eq_ignore_ascii_case(text)
    };
    if let Some(mv) = unique(legal.iter().filter(king_move), text)? {
        return Ok(mv);
    }
    // The null move stands for a pass too.
    if text == NULL_MOVE
        && let Some(pass) = legal.iter().find(|m| m.kind == MoveKind::Pass)
    {
        return Ok(*pass);
    }
    Err(NotationError::NoSuchMove(text.to_string()))
}

/// The one move of `fits`, none, or an error when several different moves fit.
fn unique<'m>(mut fits: impl Iterator<Item = &'m Move>, text: &str) -> Result<Option<Move>, NotationError> {
    let Some(first) = fits.next() else { return Ok(None) };
    if fits.any(|m| m != first) {
        return Err(NotationError::Ambiguous(text.to_string()));
    }
    Ok(Some(*first))
}
