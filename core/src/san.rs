//! Standard algebraic notation (SAN), as chess players write moves: `e4`, `Nf3`, `exd5`, `Nbd7`, `R1a3`, `e8=Q`,
//! `O-O`, `Qxf7#`, and drops as crazyhouse and shogi write them (`P@e4`, `P*e4`). Generic: a piece is named by its
//! first symbol in upper case (the piece written `P` is left unnamed, as pawns are), and what needs
//! disambiguating is what the legal moves make ambiguous, not a chess table.
//!
//! ```
//! use qipan::core::san::{parse_san, san_text};
//!
//! let game = qipan::load("chess", &[])?;
//! let mut pos = game.start();
//! for text in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"] {
//!     let mv = parse_san(&pos, text)?;
//!     assert_eq!(san_text(&pos, &mv), text); // written back as read
//!     pos.play(&mv)?;
//! }
//! assert_eq!(pos.to_fen().unwrap(), "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 5");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::PieceId;
use crate::board::NodeId;
use crate::game::Game;
use crate::moves::{Move, MoveKind};
use crate::notation::NotationError;
use crate::position::Position;

/// Whether SAN applies to a game: some piece moves on the board (chess and its family, draughts, tafl), not
/// only placements (Go) or sowing.
///
/// ```
/// use qipan::core::san::applies;
///
/// let (xiangqi, go, kalah) = (qipan::load("xiangqi", &[])?, qipan::load("go", &[])?, qipan::load("kalah", &[])?);
/// assert!(applies(&xiangqi));
/// assert!(!applies(&go));
/// assert!(!applies(&kalah));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn applies(game: &Game) -> bool {
    let sows = game.pieces.iter().any(|p| p.moves.iter().any(|r| matches!(r.pattern, crate::rules::Pattern::Sow(_))));
    !sows && game.pieces.iter().any(|p| p.moves.iter().any(|r| !r.pattern.enters()))
}

/// The letter SAN names a piece by: its first symbol in upper case (`N` for a knight, `+P` for shogi's tokin),
/// without crazyhouse's mark of a promoted piece (a promoted queen `Q~` is written `Q`).
fn letter(game: &Game, piece: PieceId) -> String {
    game.pieces
        .get(piece.idx())
        .and_then(|p| p.symbols.first())
        .map_or_else(String::new, |s| s.trim_end_matches('~').to_uppercase())
}

/// A node's label split into its file (the letters) and its rank (the rest): `e4` → (`e`, `4`).
fn file_rank(game: &Game, n: NodeId) -> (&str, &str) {
    let label = game.board.label(n);
    let split = label.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(label.len());
    label.split_at(split)
}

/// Whether a move is castling: the mover and a partner of its side move together.
fn castles(mv: &Move) -> bool {
    mv.kind == MoveKind::Move && mv.with_from.is_some()
}

/// `O-O` for castling toward the higher files (the king's side in chess, chess960 included), `O-O-O` toward
/// the lower.
fn castle_text(game: &Game, mv: &Move) -> &'static str {
    let x = |n: NodeId| game.board.node(n).coord[0];
    if x(mv.with_from) > x(mv.from) { "O-O" } else { "O-O-O" }
}

/// Whether the move takes a piece: on its destination, or elsewhere (en passant).
fn captures(pos: &Position, mv: &Move) -> bool {
    mv.take.is_some() || (mv.kind == MoveKind::Move && pos.cell(mv.to).is_some_and(|p| p.seat != pos.to_move()))
}

/// A legal move in SAN, with `+` for check and `#` for mate.
///
/// ```
/// use qipan::core::{notation::parse_move, san::san_text, Position};
///
/// let game = qipan::load("chess", &[])?;
/// // Two knights can reach d2: the file tells them apart.
/// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")?;
/// assert_eq!(san_text(&pos, &parse_move(&pos, "b1-d2")?), "Nbd2");
/// // Mate.
/// let pos = Position::from_fen(&game, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")?;
/// assert_eq!(san_text(&pos, &parse_move(&pos, "a1-a8")?), "Ra8#");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn san_text(pos: &Position, mv: &Move) -> String {
    let game = pos.game();
    let mut out = match mv.kind {
        MoveKind::Pass => return "pass".into(),
        MoveKind::Drop | MoveKind::Place => format!("{}@{}", letter(game, mv.piece), game.board.label(mv.to)),
        MoveKind::Move if castles(mv) => castle_text(game, mv).to_string(),
        MoveKind::Move => {
            let name = letter(game, mv.piece);
            let mut s = String::new();
            if name == "P" {
                // A pawn's capture names its file; any of its moves names what else tells it from another
                // pawn going there (xiangqi's soldiers step sideways: `bc5`).
                let tell = disambiguation(pos, mv);
                let (file, rank) = file_rank(game, mv.from);
                match (captures(pos, mv), tell.as_str()) {
                    (true, t) if t.is_empty() || t == file => s.push_str(file),
                    (true, _) => s.push_str(&format!("{file}{rank}")),
                    (false, t) => s.push_str(t),
                }
            } else {
                s.push_str(&name);
                s.push_str(&disambiguation(pos, mv));
            }
            if captures(pos, mv) {
                s.push('x');
            }
            s.push_str(game.board.label(mv.to));
            if let Some(p) = mv.promote {
                s.push('=');
                s.push_str(&letter(game, p));
            }
            s
        }
        _ => return crate::notation::move_text(game, mv),
    };
    let mut after = pos.clone();
    if after.play(mv).is_ok() {
        // The seats checked: the others than the mover (the turn does not pass on once the game is over).
        let mover = pos.to_move();
        let checked = game.has_check_rule() && game.seat_ids().any(|s| s != mover && after.in_check(s));
        let mated = after.outcome().is_some_and(|r| r.winners.contains(&mover));
        if checked && mated {
            out.push('#');
        } else if checked {
            out.push('+');
        }
    }
    out
}

/// What tells `mv` apart from the other legal moves to the same node of pieces written with the same letter:
/// nothing, the origin's file, its rank, or both.
fn disambiguation(pos: &Position, mv: &Move) -> String {
    let game = pos.game();
    let rivals: Vec<NodeId> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.kind == MoveKind::Move && m.to == mv.to && m.from != mv.from && !castles(m))
        .filter(|m| letter(game, m.piece) == letter(game, mv.piece))
        .map(|m| m.from)
        .collect();
    if rivals.is_empty() {
        return String::new();
    }
    let (file, rank) = file_rank(game, mv.from);
    if rivals.iter().all(|&r| file_rank(game, r).0 != file) {
        file.to_string()
    } else if rivals.iter().all(|&r| file_rank(game, r).1 != rank) {
        rank.to_string()
    } else {
        format!("{file}{rank}")
    }
}

/// Reads a move in SAN among the legal moves: `e4`, `Nf3`, `exd5`, `Nbd7`, `e8=Q` (or `e8Q`), `O-O`, `P@e4`
/// (or `P*e4`), with or without `x`, `+`, `#`, `!` and `?`.
///
/// ```
/// use qipan::core::{notation::NotationError, san::parse_san};
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// assert_eq!(game.board.label(parse_san(&pos, "Nf3")?.from), "g1");
/// assert!(matches!(parse_san(&pos, "Nd2"), Err(NotationError::NoSuchMove(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let game = pos.game();
    let t = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let legal = pos.legal_moves();
    let pick = |fits: Vec<&Move>| match fits.as_slice() {
        [one] => Ok(**one),
        [] => Err(NotationError::NoSuchMove(text.to_string())),
        _ => Err(NotationError::Ambiguous(text.to_string())),
    };
    let castle = t.replace('0', "O");
    if castle == "O-O" || castle == "O-O-O" {
        return pick(legal.iter().filter(|m| castles(m) && castle_text(game, m) == castle).collect());
    }
    if let Some((name, at)) = t.split_once(['@', '*']) {
        let to = game.board.find(at).ok_or_else(|| NotationError::UnknownNode(at.to_string()))?;
        let name = name.to_uppercase();
        return pick(
            legal
                .iter()
                .filter(|m| matches!(m.kind, MoveKind::Drop | MoveKind::Place) && m.to == to)
                .filter(|m| letter(game, m.piece) == name)
                .collect(),
        );
    }
    // The promotion: `=Q`, or a letter after the destination (`e8Q`).
    let (body, promote) = match t.split_once('=') {
        Some((b, p)) => (b, Some(p.to_uppercase())),
        None => match t.char_indices().last() {
            Some((i, c)) if c.is_ascii_uppercase() && i > 0 => (&t[..i], Some(c.to_string())),
            _ => (t, None),
        },
    };
    // The destination: the longest node label the text ends with.
    let (start, to) = body
        .char_indices()
        .find_map(|(i, _)| game.board.find(&body[i..]).map(|n| (i, n)))
        .ok_or_else(|| NotationError::Malformed(text.to_string()))?;
    let prefix = body[..start].trim_end_matches(['x', 'X', ':']);
    // The piece's letter (absent for the piece written `P`), then what is known of the origin.
    let (name, from) = match prefix.chars().next() {
        Some(c) if c.is_ascii_uppercase() || c == '+' => {
            let end = prefix
                .char_indices()
                .skip(1)
                .find(|&(_, c)| !(c.is_ascii_uppercase() || c == '+'))
                .map_or(prefix.len(), |(i, _)| i);
            (prefix[..end].to_string(), &prefix[end..])
        }
        _ => ("P".to_string(), prefix),
    };
    let split = from.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(from.len());
    let (file, rank) = from.split_at(split);
    let fits = legal.iter().filter(|m| {
        m.kind == MoveKind::Move
            && !castles(m)
            && m.to == to
            && letter(game, m.piece) == name
            && {
                let (f, r) = file_rank(game, m.from);
                (file.is_empty() || f == file) && (rank.is_empty() || r == rank)
            }
            && match (&promote, m.promote) {
                (Some(p), Some(q)) => letter(game, q) == *p,
                (None, None) => true,
                _ => false,
            }
    });
    pick(fits.collect())
}
