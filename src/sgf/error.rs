//! Why a record could not be read.

use super::props::KomiError;

/// Why an SGF record could not be read. Offsets are byte offsets into the
/// input (for UTF-16 input: into its UTF-8 transcoding); lines are 1-based.
///
/// ```
/// use qipan::sgf::{SgfError, parse_sgf};
///
/// assert_eq!(parse_sgf("no record here"), Err(SgfError::NoGameTree));
/// assert!(matches!(parse_sgf("(;GM[3])"), Err(SgfError::NotGo(gm)) if gm == "3"));
/// let off = parse_sgf("(;GM[1]SZ[9]\n;B[jj])").unwrap_err();
/// assert!(matches!(off, SgfError::PointOutsideBoard { line: 2, cols: 9, .. }));
/// assert!(off.to_string().starts_with("line 2: point B[jj]"));
/// ```
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SgfError {
    /// The input contains no game tree at all.
    #[error("no SGF game tree found (no '(' in the input)")]
    NoGameTree,
    /// A character that cannot appear where it was found.
    #[error("line {line}: unexpected {found:?} at byte {offset}; expected {expected}")]
    UnexpectedChar {
        /// The offending character (non-UTF-8 bytes shown as Latin-1).
        found: char,
        /// What the parser was looking for.
        expected: &'static str,
        /// Byte offset of the character.
        offset: usize,
        /// Line of the character.
        line: usize,
    },
    /// A property value whose closing `]` is missing (truncated file).
    #[error("line {line}: property value starting at byte {offset} is not closed by ']' (truncated file?)")]
    UnterminatedValue {
        /// Byte offset of the opening `[`.
        offset: usize,
        /// Line of the opening `[`.
        line: usize,
    },
    /// A property identifier not followed by any `[value]`.
    #[error("line {line}: property {property} at byte {offset} has no value")]
    MissingValue {
        /// The (normalised) property identifier.
        property: String,
        /// Byte offset of the identifier.
        offset: usize,
        /// Line of the identifier.
        line: usize,
    },
    /// The input ends before a game tree is closed by `)` (truncated file).
    #[error(
        "unexpected end of input: the game tree opened at byte {offset} (line {line}) is not closed by ')' (truncated file?)"
    )]
    UnclosedGameTree {
        /// Byte offset of the innermost unclosed `(`.
        offset: usize,
        /// Line of that `(`.
        line: usize,
    },
    /// The first game tree has no node.
    #[error("line {line}: the game tree at byte {offset} has no node")]
    EmptyGameTree {
        /// Byte offset of the `(`.
        offset: usize,
        /// Line of the `(`.
        line: usize,
    },
    /// The record is for another game than Go (`GM` other than 1).
    #[error("not a Go record: GM[{0}]")]
    NotGo(String),
    /// An `SZ` value that is not `N` or `C:R` with sizes 1..=52.
    #[error("line {line}: invalid board size SZ[{value}] at byte {offset}")]
    InvalidSize {
        /// The raw value.
        value: String,
        /// Byte offset of the value.
        offset: usize,
        /// Line of the value.
        line: usize,
    },
    /// A point (or compressed point list) that is not made of SGF letters.
    #[error("line {line}: invalid point {property}[{value}] at byte {offset}")]
    InvalidPoint {
        /// The property identifier.
        property: String,
        /// The raw value.
        value: String,
        /// Byte offset of the value.
        offset: usize,
        /// Line of the value.
        line: usize,
    },
    /// A `KM` that is a number but not a usable komi (not finite, or beyond [`MAX_KOMI`](super::MAX_KOMI)).
    #[error("line {line}: KM[{value}] at byte {offset}: {reason}")]
    InvalidKomi {
        /// The raw value.
        value: String,
        /// Why it is refused.
        reason: KomiError,
        /// Byte offset of the value.
        offset: usize,
        /// Line of the value.
        line: usize,
    },
    /// A well-formed point that lies outside the board.
    #[error("line {line}: point {property}[{value}] at byte {offset} is outside the {cols}x{rows} board")]
    PointOutsideBoard {
        /// The property identifier.
        property: String,
        /// The raw value.
        value: String,
        /// Board columns.
        cols: u8,
        /// Board rows.
        rows: u8,
        /// Byte offset of the value.
        offset: usize,
        /// Line of the value.
        line: usize,
    },
}
