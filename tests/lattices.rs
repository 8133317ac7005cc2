//! The boards Ludii's games need, read from definitions: the Alquerque grid (`diagonal: alternate`).
//! The generators' own tests (in `core/src/board/`) check the geometry; these check the keys, their
//! defaults and their diagnostics.

use qipan::core::Game;
use std::sync::Arc;

/// A definition with this `board:` (indented under it) and one stone that is placed.
fn with_board(board: &str) -> Result<Arc<Game>, qipan::dsl::Diagnostics> {
    let src = format!(
        "name: t\nboard:\n{board}\nseats: [{{ name: x }}, {{ name: o }}]\npieces: {{ stone: {{ symbols: [X, O], moves: place to empty }} }}\n"
    );
    qipan::load_str("t.yaml", &src, &[])
}

/// The one error of a definition that must not load, as `line:column: message (expected)`.
fn error(board: &str) -> String {
    let d = with_board(board).map(|_| ()).expect_err("the definition should be refused");
    let first = &d.0[0];
    format!(
        "{}:{}: {} ({})",
        first.loc.line,
        first.loc.column,
        first.message,
        first.expected.clone().unwrap_or_default()
    )
}

fn segments(game: &Game, relation: &str) -> usize {
    game.board.relation(relation).map_or(0, |r| game.board.edge_count(r) / 2)
}

#[test]
fn grid_diagonals_are_false_true_or_alternate() {
    let count = |word: &str| {
        let game = with_board(&format!("  grid: {{ width: 5, height: 5, diagonal: {word} }}")).expect("loads");
        (segments(&game, "orthogonal"), segments(&game, "diagonal"))
    };
    // 5×5: 40 orthogonal segments; every square crossed twice is 32 diagonal ones, the Alquerque board 16.
    assert_eq!(count("false"), (40, 0));
    assert_eq!(count("true"), (40, 32));
    assert_eq!(count("alternate"), (40, 16));
    let game = with_board("  grid: { width: 5, height: 5 }").expect("loads");
    assert_eq!(game.board.relation("diagonal"), None, "no diagonals by default");
}

#[test]
fn an_unknown_diagonal_word_is_refused_where_it_is_written() {
    assert_eq!(
        error("  grid: { width: 5, height: 5, diagonal: crossed }"),
        "3:42: unknown value `crossed` (false, true, alternate)"
    );
}
