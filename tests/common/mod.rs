//! Helpers shared by the integration tests.

// Each test binary uses some of these helpers, never all.
#![allow(dead_code)]

use qipan::core::notation::{move_text, parse_move};
use qipan::core::{Game, Piece, Position};
use std::collections::BTreeSet;
use std::sync::Arc;

/// A built-in game with option overrides.
pub fn game(name: &str, opts: &[(&str, &str)]) -> Arc<Game> {
    let o: Vec<(String, String)> = opts.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    qipan::load(name, &o).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The start position of `g` cleared of every piece whose type `keep` does not name, then the given
/// (seat, piece, node) pieces, `mover` to move.
pub fn position_with(g: &Arc<Game>, keep: &[&str], pieces: &[(&str, &str, &str)], mover: &str) -> Position {
    let mut p = g.start();
    for n in g.board.node_ids() {
        if p.cell(n).is_some_and(|c| !keep.contains(&g.pieces[c.piece as usize].name.as_str())) {
            p.set_cell(n, None);
        }
    }
    for &(seat, piece, at) in pieces {
        let piece = Piece { seat: g.seat(seat).unwrap(), piece: g.piece(piece).unwrap() };
        p.set_cell(g.board.find(at).unwrap_or_else(|| panic!("no node {at}")), Some(piece));
    }
    p.set_to_move(g.seat(mover).unwrap());
    p.commit_setup();
    p
}

/// Destinations of the moves of the piece on `from` (`from-to` move text).
pub fn dests(p: &Position, from: &str) -> BTreeSet<String> {
    p.legal_moves()
        .iter()
        .map(|m| move_text(p.game(), m))
        .filter_map(|t| t.strip_prefix(&format!("{from}-")).map(String::from))
        .collect()
}

/// A set of words.
pub fn set(s: &str) -> BTreeSet<String> {
    s.split_whitespace().map(String::from).collect()
}

/// Plays a move given as text, panicking with the reason when it is refused.
pub fn play(p: &mut Position, text: &str) {
    let mv = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// A seat's index by name.
pub fn seat(p: &Position, name: &str) -> u8 {
    p.game().seat(name).unwrap()
}

/// The number of move sequences of `depth` plies, found by playing every legal move on a copy: the
/// slow, obviously right count that `perft` must agree with.
pub fn brute_perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    p.legal_moves()
        .iter()
        .map(|m| {
            let mut c = p.clone();
            c.play(m).unwrap_or_else(|e| panic!("{}: {e}", move_text(p.game(), m)));
            brute_perft(&c, depth - 1)
        })
        .sum()
}
