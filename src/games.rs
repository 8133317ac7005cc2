//! The built-in games: every file of `games/`, embedded in the binary.

/// Name and definition text of each built-in game.
pub const BUILTIN: &[(&str, &str)] = &[
    ("go", include_str!("../games/go.yaml")),
    ("field-go", include_str!("../games/field-go.yaml")),
    ("leader-cannon", include_str!("../games/leader-cannon.yaml")),
    ("seven-kingdoms", include_str!("../games/seven-kingdoms.yaml")),
    ("he-qi", include_str!("../games/he-qi.yaml")),
    ("chess", include_str!("../games/chess.yaml")),
    ("xiangqi", include_str!("../games/xiangqi.yaml")),
    ("tic-tac-toe", include_str!("../games/tic-tac-toe.yaml")),
    ("connect-four", include_str!("../games/connect-four.yaml")),
    ("gomoku", include_str!("../games/gomoku.yaml")),
    ("hex", include_str!("../games/hex.yaml")),
    ("breakthrough", include_str!("../games/breakthrough.yaml")),
    ("domineering", include_str!("../games/domineering.yaml")),
    ("cram", include_str!("../games/cram.yaml")),
    ("order-and-chaos", include_str!("../games/order-and-chaos.yaml")),
    ("othello", include_str!("../games/othello.yaml")),
    ("hnefatafl", include_str!("../games/hnefatafl.yaml")),
    ("english-draughts", include_str!("../games/english-draughts.yaml")),
    ("amazons", include_str!("../games/amazons.yaml")),
    ("nine-mens-morris", include_str!("../games/nine-mens-morris.yaml")),
    ("janggi", include_str!("../games/janggi.yaml")),
    ("crazyhouse", include_str!("../games/crazyhouse.yaml")),
    ("shogi", include_str!("../games/shogi.yaml")),
    ("chess960", include_str!("../games/chess960.yaml")),
    ("makruk", include_str!("../games/makruk.yaml")),
    ("kalah", include_str!("../games/kalah.yaml")),
    ("oware", include_str!("../games/oware.yaml")),
    ("lasca", include_str!("../games/lasca.yaml")),
    ("hawalis", include_str!("../games/hawalis.yaml")),
    ("hus", include_str!("../games/hus.yaml")),
    ("focus", include_str!("../games/focus.yaml")),
];

/// The definition text of a built-in game.
///
/// ```
/// let text = qipan::games::builtin("xiangqi").unwrap();
/// assert!(text.contains("name: xiangqi"));
/// assert_eq!(qipan::games::builtin("checkers"), None);
/// assert_eq!(qipan::games::BUILTIN.len(), 31);
/// ```
pub fn builtin(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}
