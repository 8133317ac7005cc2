//! FEN for nodes that hold more than one piece. On a board with stacks, a column of two or more pieces
//! is written in parentheses, bottom to top (`(RGG)`: red under two greens, green on top); a lone piece
//! as usual. A board of seeds (a mancala board, not a grid) is written as the seeds of every node in the
//! board's order, separated by commas (`4,4,...,0,0`).

use super::FenError;
use super::symbols::{Symbols, symbol};
use crate::board::NodeId;
use crate::game::Game;
use crate::position::{Piece, Position, Setup};

/// The column on `n` as FEN writes it: its one symbol, or its symbols bottom to top in parentheses.
pub(super) fn write_column(pos: &Position, n: NodeId) -> Option<String> {
    let game = pos.game();
    let column = pos.column(n);
    let mut out = String::new();
    for p in &column {
        out.push_str(&symbol(game, p.seat, p.piece)?);
    }
    Some(if column.len() > 1 { format!("({out})") } else { out })
}

/// Reads a column in parentheses at the start of `text` (which starts with `(`): its pieces bottom to
/// top, and the length read.
pub(super) fn read_column(symbols: &Symbols, text: &str) -> Result<(Vec<Piece>, usize), FenError> {
    let close = text.find(')').ok_or_else(|| FenError::Column(text.into()))?;
    let mut rest = &text[1..close];
    let mut pieces = Vec::new();
    while !rest.is_empty() {
        let (seat, piece, len) = symbols.read(rest)?;
        pieces.push(Piece { seat, piece });
        rest = &rest[len..];
    }
    if pieces.is_empty() {
        return Err(FenError::Column(text[..=close].into()));
    }
    Ok((pieces, close + 1))
}

/// The seeds of every node in the board's order, for a board of seeds that is not a grid.
pub(super) fn write_counts(pos: &Position) -> String {
    pos.counts().iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",")
}

/// Reads the seeds of every node (see [`write_counts`]) into `setup`.
pub(super) fn read_counts(game: &Game, text: &str, setup: &mut Setup) -> Result<(), FenError> {
    let counts: Vec<&str> = text.split(',').collect();
    if counts.len() != game.board.len() {
        return Err(FenError::Rank {
            rank: 1,
            message: format!("{} counts of seeds given, the board has {} nodes", counts.len(), game.board.len()),
        });
    }
    let seed = game.piece_ids().next().ok_or(FenError::NotAGrid)?;
    for (i, c) in counts.iter().enumerate() {
        let k: u16 = c.trim().parse().map_err(|_| FenError::Counter(c.to_string()))?;
        setup.seeds(NodeId(i as u16), seed, k);
    }
    Ok(())
}
