//! The movement and condition language (grammar in `grammar.pest`), compiled to core's rule tables:
//! movement rules (`moves.rs`), conditions (`cond.rs`) and option expressions (`expr.rs`). This file
//! holds what they share: the parser, errors and their offsets, nesting limits, and the names a rule
//! may use.

use pest::iterators::Pair;
use qipan_core::board::{Board, RelationId};

mod adjacent;
pub mod capture;
pub mod cond;
mod covering;
pub mod expr;
pub mod moves;
mod sow;
mod stacks;
mod turns;

pub use capture::compile_capture;
pub use cond::compile_condition;
pub use expr::{Value, eval_expr};
pub use moves::compile_move;
pub use turns::check_second_piece;

/// The pest parser generated from `grammar.pest`.
#[allow(missing_docs)]
mod parser {
    #[derive(pest_derive::Parser)]
    #[grammar = "grammar.pest"]
    pub struct LangParser;
}
use parser::{LangParser, Rule};

/// Keyword tokens (`k_to`, `k_then`, ...) carry no meaning once parsed.
fn not_keyword(p: &Pair<Rule>) -> bool {
    !format!("{:?}", p.as_rule()).starts_with("k_")
}

/// An error in a piece of language text: a character offset into it, a message, and what was expected.
///
/// ```
/// use qipan_dsl::lang::eval_expr;
///
/// let err = eval_expr("3 * size", &Default::default()).unwrap_err();
/// assert_eq!(err.offset, 4); // `size` starts at character 4
/// assert_eq!(err.message, "unknown name `size`");
/// assert_eq!(err.expected.as_deref(), Some("a number (the game declares no options)"));
/// assert_eq!(err.to_string(), "unknown name `size` (at character 4; expected a number (the game declares no options))");
/// ```
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{message} (at character {offset}{})", expected.as_ref().map(|e| format!("; expected {e}")).unwrap_or_default())]
pub struct LangError {
    /// Character offset into the text.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
    /// What would have been accepted.
    pub expected: Option<String>,
}

/// Errors come from [`compile_move`], [`compile_condition`] and [`eval_expr`]; the offset counts
/// characters, so a caller can put a caret under the text.
///
/// ```
/// let text = "2 * * 3";
/// let err = qipan_dsl::lang::eval_expr(text, &Default::default()).unwrap_err();
/// assert_eq!(err.message, "syntax error at `*`");
/// assert_eq!(format!("{text}\n{}^", " ".repeat(err.offset)), "2 * * 3\n    ^");
/// ```
impl LangError {
    fn at(offset: usize, message: impl Into<String>, expected: Option<String>) -> Self {
        LangError { offset, message: message.into(), expected }
    }
}

/// The deepest nesting accepted in the movement language, in option expressions (`if:` entries, `let:`, numbers
/// written as expressions) and in hook scripts (Rhai's expression depth, [`crate::hooks::HookLimits`]). Each
/// bracket (also of `count(...)` and `zone(...)`), each `not` and each `if` of an option expression opens a level.
/// Shipped games nest at most 3 levels; the parsers and evaluators recurse once per level, so this bounds their
/// stack.
///
/// ```
/// use qipan_dsl::{MAX_NESTING, lang::eval_expr};
///
/// let deep = |n: usize| format!("{}1{}", "(".repeat(n), ")".repeat(n));
/// assert_eq!(eval_expr(&deep(MAX_NESTING), &Default::default())?, qipan_dsl::Value::Num(1.0));
/// let err = eval_expr(&deep(MAX_NESTING + 1), &Default::default()).unwrap_err();
/// assert_eq!((err.offset, err.message.as_str()), (MAX_NESTING, "nesting deeper than 64"));
/// # Ok::<(), qipan_dsl::lang::LangError>(())
/// ```
pub const MAX_NESTING: usize = 64;

/// Refuses a text nested deeper than [`MAX_NESTING`], pointing at the level that crosses it, before the parser
/// (which recurses once per level) sees it. One linear pass: brackets, `not` (a level until its operand ends)
/// and, in option expressions (`ifs`), `if` (a level until the enclosing bracket closes: its `else` branch
/// runs on to there).
fn check_nesting(text: &str, ifs: bool) -> Result<(), LangError> {
    let word_char = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    // The depth to return to when each open bracket closes.
    let mut restore: Vec<usize> = Vec::new();
    let (mut depth, mut nots) = (0usize, 0usize);
    // A word was just read: the `not`s before it end with it, unless a bracket follows (a call, `count(...)`).
    let mut after_word = false;
    let mut chars = text.char_indices();
    while let Some((at, c)) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        if c == '#' {
            chars.find(|&(_, c)| c == '\n');
            continue;
        }
        if after_word && c != '(' {
            depth -= nots;
            nots = 0;
        }
        after_word = false;
        let opened = match c {
            '(' => {
                // The `not`s before the bracket close with it.
                restore.push(depth - nots);
                nots = 0;
                true
            }
            ')' => {
                // An unmatched bracket is the parser's to report.
                depth = restore.pop().unwrap_or(depth);
                nots = 0;
                false
            }
            c if c.is_ascii_alphanumeric() || c == '_' => {
                let word_len = text[at..].find(|c| !word_char(c)).unwrap_or(text.len() - at);
                let word = &text[at..at + word_len];
                // Words are ASCII: skip the rest of this one.
                if word_len > 1 {
                    chars.nth(word_len - 2);
                }
                match word {
                    "not" => {
                        nots += 1;
                        true
                    }
                    // Open to the end of the enclosing bracket, and so are the `not`s before it.
                    "if" if ifs => {
                        nots = 0;
                        true
                    }
                    _ => {
                        after_word = true;
                        false
                    }
                }
            }
            _ => false,
        };
        if opened {
            depth += 1;
            if depth > MAX_NESTING {
                return Err(LangError::at(
                    at,
                    format!("nesting deeper than {MAX_NESTING}"),
                    Some(format!("at most {MAX_NESTING} levels of brackets, `not` and `if`")),
                ));
            }
        }
    }
    Ok(())
}

/// Converts a pest syntax error into a [`LangError`] with a readable list of expectations.
fn syntax_error(text: &str, e: pest::error::Error<Rule>) -> LangError {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((p, _)) => p,
    };
    let offset = pos.min(text.len());
    let expected = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut names: Vec<String> = positives
                .iter()
                .map(|r| match format!("{r:?}").strip_prefix("k_") {
                    Some(kw) => format!("`{kw}`"),
                    None => rule_name(*r).to_string(),
                })
                .collect();
            names.sort();
            names.dedup();
            Some(names.join(", "))
        }
        pest::error::ErrorVariant::CustomError { message } => Some(message.clone()),
    };
    let found = text[pos.min(text.len())..].split_whitespace().next().unwrap_or("end of text");
    // A word of a hostile or broken text may be huge: quote its start only.
    let shown: String = found.chars().take(24).collect();
    let more = if shown.len() < found.len() { "…" } else { "" };
    LangError::at(offset, format!("syntax error at `{shown}{more}`"), expected)
}

/// Human names for grammar rules in "expected" lists.
fn rule_name(r: Rule) -> &'static str {
    match r {
        Rule::place
        | Rule::drop
        | Rule::step
        | Rule::slide
        | Rule::leap
        | Rule::path
        | Rule::hop
        | Rule::jump
        | Rule::walk
        | Rule::castle
        | Rule::fly
        | Rule::stay => "a pattern (place, drop, step, slide, leap, path, hop, jump, walk, castle, fly, stay)",
        Rule::covering => "`covering` and a relation: `place covering orthogonal`",
        Rule::dirs | Rule::leg => "a relation such as `orthogonal` or `diagonal.outward`",
        Rule::range => "a range such as `1..3`, `2..` or `4`",
        Rule::to_clause
        | Rule::from_clause
        | Rule::if_clause
        | Rule::capture_clause
        | Rule::promote_clause
        | Rule::passable_clause => "a clause (`to`, `from`, `if`, `capture`, `promote`, `passable`)",
        Rule::promote_to => "piece names such as `queen` or `(queen|rook)`",
        Rule::cond
        | Rule::conj
        | Rule::neg
        | Rule::word
        | Rule::call
        | Rule::count
        | Rule::next
        | Rule::adjacent
        | Rule::in_line => "a condition (empty, friend, enemy, zone(name), ...)",
        Rule::cmp => "a comparison (<, <=, ==, !=, >=, >)",
        Rule::int => "a number",
        Rule::ident => "a name",
        Rule::EOI => "end of text",
        Rule::capture_mode => "`replace`, `remote`, `passer` or `jumped`",
        Rule::chain_clause => "`chain`",
        Rule::place_clause | Rule::place_reach | Rule::place_line | Rule::place_anywhere => {
            "`then place <piece> slide <relation>...` (or `step`, or `anywhere` after a placement)"
        }
        Rule::shot_clause => "`then shoot <relation> over <screen> at <target>`",
        Rule::shot_flag => "`lone`, `lone-line`, `by-mover`, `by-mover-or-screen`, `by-any` or `forced`",
        Rule::walk_modes
        | Rule::walk_free
        | Rule::walk_reset
        | Rule::walk_by
        | Rule::walk_return
        | Rule::walk_squeeze => "`by`, `modes`, `free`, `reset`, `returning` or `squeeze`",
        Rule::squeeze_mode => "`allowed` or `blocked`",
        Rule::k_and | Rule::k_or => "`and`, `or`",
        Rule::capture_rule | Rule::flank | Rule::custodial | Rule::surround | Rule::remove => {
            "a capture form (`flank`, `custodial`, `surround`, `remove`)"
        }
        Rule::capture_rel => "a relation such as `orthogonal`",
        Rule::capture_of | Rule::capture_with | Rule::capture_by | Rule::capture_if | Rule::capture_fallback => {
            "`of`, `with`, `by`, `if` or `fallback`"
        }
        Rule::capture_flag => "`convert`, `required` or `edges`",
        _ => "a clause (`to`, `from`, `if`, `capture`)",
    }
}

/// What names mean while compiling: the board's relations, zones and kinds, the game's pieces and
/// seat-relative zone aliases.
///
/// ```
/// use qipan::core::PieceId;
/// use qipan_dsl::lang::{Names, compile_condition};
/// use qipan::core::rules::Cond;
///
/// let game = qipan::load("chess", &[]).expect("a built-in game");
/// let pieces: Vec<String> = game.pieces.iter().map(|p| p.name.clone()).collect();
/// let names = Names { board: &game.board, pieces: &pieces, zone_aliases: &game.zone_aliases, seats: &[] };
/// // `piece(rook)` is piece type 2, `zone(last)` the second seat-relative zone.
/// assert_eq!(compile_condition("piece(rook)", &names)?, Cond::Piece(PieceId::new(2)));
/// assert_eq!(compile_condition("zone(last)", &names)?, Cond::SeatZone(1));
/// # Ok::<(), qipan_dsl::lang::LangError>(())
/// ```
pub struct Names<'a> {
    /// The board.
    pub board: &'a Board,
    /// Piece type names in index order.
    pub pieces: &'a [String],
    /// Seat-relative zone aliases in index order.
    pub zone_aliases: &'a [String],
    /// Seat names in index order (`attacked-by(black)`).
    pub seats: &'a [String],
}

/// A name the board does not know is an error that lists the names it does know.
///
/// ```
/// use qipan_dsl::lang::{Names, compile_move};
///
/// let game = qipan::load("chess", &[])?;
/// let names = Names { board: &game.board, pieces: &[], zone_aliases: &[], seats: &[] };
/// let err = compile_move("slide diagonl", &names).unwrap_err();
/// assert_eq!((err.offset, err.message.as_str()), (6, "unknown relation `diagonl` (did you mean `diagonal`?)"));
/// assert!(err.expected.unwrap().contains("diagonal"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Names<'_> {
    fn relation(&self, name: &str, offset: usize) -> Result<RelationId, LangError> {
        self.board.relation(name).ok_or_else(|| {
            LangError::at(
                offset,
                format!(
                    "unknown relation `{name}`{}",
                    crate::diag::did_you_mean(name, self.board.relation_names().iter().map(String::as_str))
                ),
                Some(format!("one of the board's relations: {}", self.board.relation_names().join(", "))),
            )
        })
    }
}

/// Where a pair starts, as a byte offset: errors are built with byte offsets, which cost nothing to find, and
/// turned into character offsets once, by [`in_chars`] (counting characters for every pair made compiling
/// quadratic in the length of a rule).
fn offset_of(p: &Pair<Rule>) -> usize {
    p.as_span().start()
}

/// Runs a compilation step whose errors carry byte offsets into `text`, and turns them into character offsets.
fn in_chars<T>(text: &str, step: impl FnOnce() -> Result<T, LangError>) -> Result<T, LangError> {
    step().map_err(|mut e| {
        e.offset = text[..e.offset.min(text.len())].chars().count();
        e
    })
}
