//! The movement and condition language (grammar in `grammar.pest`), compiled to core's rule tables.

use pest::Parser;
use pest::iterators::Pair;
use qipan_core::board::{Board, RelationId};
use qipan_core::rules::{
    CaptureMode, Cmp, Cond, DirSel, Leg, LoneRule, MoveRule, Pattern, Shot, ShotTrigger, WalkStep,
};
use std::collections::BTreeMap;

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
        | Rule::walk
        | Rule::castle => "a pattern (place, drop, step, slide, leap, path, hop, walk, castle)",
        Rule::dirs | Rule::leg => "a relation such as `orthogonal` or `diagonal.outward`",
        Rule::range => "a range such as `1..3`, `2..` or `4`",
        Rule::to_clause
        | Rule::from_clause
        | Rule::if_clause
        | Rule::capture_clause
        | Rule::promote_clause
        | Rule::passable_clause => "a clause (`to`, `from`, `if`, `capture`, `promote`, `passable`)",
        Rule::promote_to => "piece names such as `queen` or `(queen|rook)`",
        Rule::cond | Rule::conj | Rule::neg | Rule::word | Rule::call | Rule::count => {
            "a condition (empty, friend, enemy, zone(name), ...)"
        }
        Rule::cmp => "a comparison (<, <=, ==, !=, >=, >)",
        Rule::int => "a number",
        Rule::ident => "a name",
        Rule::EOI => "end of text",
        Rule::capture_mode => "`replace`, `remote` or `passer`",
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
        _ => "a clause (`to`, `from`, `if`, `capture`)",
    }
}

/// What names mean while compiling: the board's relations, zones and kinds, the game's pieces and
/// seat-relative zone aliases.
///
/// ```
/// use qipan_dsl::lang::{Names, compile_condition};
/// use qipan::core::rules::Cond;
///
/// let game = qipan::load("chess", &[]).expect("a built-in game");
/// let pieces: Vec<String> = game.pieces.iter().map(|p| p.name.clone()).collect();
/// let names = Names { board: &game.board, pieces: &pieces, zone_aliases: &game.zone_aliases };
/// // `piece(rook)` is piece type 2, `zone(last)` the second seat-relative zone.
/// assert_eq!(compile_condition("piece(rook)", &names)?, Cond::Piece(2));
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
}

/// A name the board does not know is an error that lists the names it does know.
///
/// ```
/// use qipan_dsl::lang::{Names, compile_move};
///
/// let game = qipan::load("chess", &[])?;
/// let names = Names { board: &game.board, pieces: &[], zone_aliases: &[] };
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

/// Parses and compiles one movement rule.
///
/// ```
/// use qipan::core::rules::{Cond, DirSel, Pattern};
/// use qipan_dsl::lang::{Names, compile_move};
///
/// let game = qipan::load("chess", &[]).expect("a built-in game");
/// let names = Names { board: &game.board, pieces: &[], zone_aliases: &game.zone_aliases };
/// let rule = compile_move("slide orthogonal.forward 2 to empty from zone(start)", &names)?;
/// assert!(matches!(rule.pattern, Pattern::Slide { dirs: DirSel::Forward, min: 2, max: 2, .. })); // exactly 2
/// assert_eq!((rule.to, rule.from), (Cond::Empty, Cond::SeatZone(0)));
/// assert!(compile_move("slide orthogonal to", &names).is_err());
/// # Ok::<(), qipan_dsl::lang::LangError>(())
/// ```
pub fn compile_move(text: &str, names: &Names) -> Result<MoveRule, LangError> {
    in_chars(text, || {
        check_nesting(text, false)?;
        let mut pairs = LangParser::parse(Rule::move_rule, text).map_err(|e| syntax_error(text, e))?;
        let top = pairs.next().expect("move_rule");
        let mut inner = top.into_inner().filter(not_keyword);
        let pat = inner.next().expect("pattern");
        let default_to = match pat.as_rule() {
            Rule::place | Rule::drop | Rule::castle => Cond::Empty,
            // Any other side's piece: whether it may be taken (enemy, ally where allies may capture each
            // other, the chain form's prey) is the capture rule's to decide.
            _ => Cond::Or(vec![Cond::Empty, Cond::Ally, Cond::Enemy]),
        };
        let pattern = compile_pattern(pat, names)?;
        let mut rule = MoveRule::new(pattern, default_to, text.trim());
        for clause in inner {
            match clause.as_rule() {
                Rule::to_clause => rule.to = compile_cond(clause.into_inner().find(not_keyword).expect("cond"), names)?,
                Rule::from_clause => {
                    rule.from = compile_cond(clause.into_inner().find(not_keyword).expect("cond"), names)?
                }
                Rule::if_clause => {
                    let c = clause.into_inner().find(not_keyword).expect("cond");
                    let off = offset_of(&c);
                    rule.when = compile_cond(c, names)?;
                    if rule.when.tests_node() {
                        return Err(LangError::at(
                            off,
                            "an `if` condition is about the whole position and cannot test a node",
                            Some("count(...), in-reserve(...), on-board(...); node tests go in `to` or `from`".into()),
                        ));
                    }
                }
                Rule::capture_clause => {
                    let m = clause.into_inner().find(not_keyword).expect("mode");
                    rule.capture = match m.as_str() {
                        "remote" => CaptureMode::Remote,
                        "passer" => CaptureMode::Passer,
                        _ => CaptureMode::Replace,
                    };
                }
                Rule::promote_clause => {
                    let mut it = clause.into_inner().filter(not_keyword);
                    for p in it.next().expect("promote_to").into_inner().filter(not_keyword) {
                        let name = p.as_str();
                        let i = names.pieces.iter().position(|x| x == name).ok_or_else(|| {
                            LangError::at(
                                offset_of(&p),
                                format!("unknown piece `{name}`"),
                                Some(format!("one of: {}", names.pieces.join(", "))),
                            )
                        })?;
                        rule.promote.push(i as u8);
                    }
                    if let Some(c) = it.next() {
                        rule.promote_in = compile_cond(c, names)?;
                    }
                }
                Rule::passable_clause => rule.passable = true,
                Rule::shot_clause => rule.shot = Some(compile_shot(clause, names)?),
                Rule::EOI => {}
                r => unreachable!("unexpected clause {r:?}"),
            }
        }
        Ok(rule)
    })
}

/// A follow-up shot: line, screen, target and flags.
fn compile_shot(p: Pair<Rule>, names: &Names) -> Result<Shot, LangError> {
    let mut it = p.into_inner().filter(not_keyword);
    let (relation, dirs) = compile_dirs(it.next().expect("dirs"), names)?;
    let screen = compile_cond(it.next().expect("screen"), names)?;
    let target = compile_cond(it.next().expect("target"), names)?;
    let mut shot = Shot {
        relation,
        dirs,
        screen,
        target,
        lone: LoneRule::Off,
        trigger: ShotTrigger::ShooterOrScreen,
        forced: false,
    };
    for flag in it {
        match flag.as_str() {
            "lone" => shot.lone = LoneRule::Beyond,
            "lone-line" => shot.lone = LoneRule::Line,
            "by-mover" => shot.trigger = ShotTrigger::Shooter,
            "by-mover-or-screen" => shot.trigger = ShotTrigger::ShooterOrScreen,
            "by-any" => shot.trigger = ShotTrigger::Any,
            _ => shot.forced = true,
        }
    }
    Ok(shot)
}

/// Parses and compiles a condition on its own (zones, setup filters, ...).
///
/// ```
/// use qipan::core::rules::Cond;
/// use qipan_dsl::lang::{Names, compile_condition};
///
/// let game = qipan::load("go", &[]).expect("a built-in game");
/// let names = Names { board: &game.board, pieces: &[], zone_aliases: &[] };
/// let cond = compile_condition("empty or enemy", &names)?;
/// assert_eq!(cond, Cond::Or(vec![Cond::Empty, Cond::Enemy]));
/// let err = compile_condition("zone(centre)", &names).unwrap_err();
/// assert!(err.message.contains("centre"), "{}", err.message);
/// # Ok::<(), qipan_dsl::lang::LangError>(())
/// ```
pub fn compile_condition(text: &str, names: &Names) -> Result<Cond, LangError> {
    in_chars(text, || {
        check_nesting(text, false)?;
        let mut pairs = LangParser::parse(Rule::condition, text).map_err(|e| syntax_error(text, e))?;
        let top = pairs.next().expect("condition");
        compile_cond(top.into_inner().find(not_keyword).expect("cond"), names)
    })
}

fn compile_dirs(p: Pair<Rule>, names: &Names) -> Result<(RelationId, DirSel), LangError> {
    let mut it = p.into_inner().filter(not_keyword);
    let rel_pair = it.next().expect("relation");
    let rel = names.relation(rel_pair.as_str(), offset_of(&rel_pair))?;
    let Some(sel) = it.next() else { return Ok((rel, DirSel::All)) };
    let inner = sel.into_inner().find(not_keyword).expect("dir_sel");
    let dir = |p: &Pair<Rule>| {
        names.board.direction(p.as_str()).ok_or_else(|| {
            let all: Vec<&str> = names.board.directions().iter().map(|d| d.name.as_str()).collect();
            LangError::at(
                offset_of(p),
                format!(
                    "unknown direction `{}`{}",
                    p.as_str(),
                    crate::diag::did_you_mean(p.as_str(), all.iter().copied())
                ),
                Some(format!("forward, backward, sideways, outward, same, or one of: {}", all.join(", "))),
            )
        })
    };
    let sel = match inner.as_rule() {
        Rule::dir_list => {
            DirSel::Named(inner.into_inner().filter(not_keyword).map(|d| dir(&d)).collect::<Result<_, _>>()?)
        }
        _ => match inner.as_str() {
            "forward" => DirSel::Forward,
            "backward" => DirSel::Backward,
            "sideways" => DirSel::Sideways,
            "outward" => DirSel::Outward,
            "same" => DirSel::Same,
            _ => DirSel::Named(vec![dir(&inner)?]),
        },
    };
    Ok((rel, sel))
}

/// A step count written in a rule: 0 to 255.
fn small_number(x: &Pair<Rule>) -> Result<u8, LangError> {
    x.as_str().parse::<u8>().map_err(|_| {
        LangError::at(offset_of(x), format!("`{}` is too large", x.as_str()), Some("a number from 0 to 255".into()))
    })
}

/// A range `a`, `a..` or `a..b` (steps; at most 255). `a..` runs to `default_max`.
fn compile_range(p: Pair<Rule>, default_max: u8) -> Result<(u8, u8), LangError> {
    let off = offset_of(&p);
    let parts: Vec<Pair<Rule>> = p.into_inner().filter(not_keyword).collect();
    match parts.as_slice() {
        [a] => Ok((small_number(a)?, small_number(a)?)),
        [a, dots] if dots.as_rule() == Rule::range_dots => Ok((small_number(a)?, default_max)),
        [a, _, b] => Ok((small_number(a)?, small_number(b)?)),
        _ => Err(LangError::at(off, "cannot read the range", Some("`a`, `a..` or `a..b`".into()))),
    }
}

fn compile_pattern(p: Pair<Rule>, names: &Names) -> Result<Pattern, LangError> {
    let off = offset_of(&p);
    Ok(match p.as_rule() {
        Rule::place => Pattern::Place,
        Rule::drop => Pattern::Drop,
        Rule::step => {
            let (relation, dirs) = compile_dirs(p.into_inner().find(not_keyword).expect("dirs"), names)?;
            Pattern::Slide { relation, dirs, min: 1, max: 1 }
        }
        Rule::slide => {
            let mut it = p.into_inner().filter(not_keyword);
            let (relation, dirs) = compile_dirs(it.next().expect("dirs"), names)?;
            let (min, max) = match it.next() {
                Some(r) => compile_range(r, 255)?,
                None => (1, 255),
            };
            if min > max || min == 0 {
                return Err(LangError::at(off, "empty range", Some("a range like 1..4 with 1 <= min <= max".into())));
            }
            Pattern::Slide { relation, dirs, min, max }
        }
        Rule::leap | Rule::path => {
            let blockable = p.as_rule() == Rule::path;
            let mut legs = Vec::new();
            for (i, leg) in p.into_inner().filter(not_keyword).enumerate() {
                let mut it = leg.into_inner().filter(not_keyword);
                let dp = it.next().expect("dirs");
                let dp_off = offset_of(&dp);
                let (relation, dirs) = compile_dirs(dp, names)?;
                if i == 0 && matches!(dirs, DirSel::Outward | DirSel::Same) {
                    return Err(LangError::at(
                        dp_off,
                        "the first leg has no previous direction",
                        Some("a relation or named directions".into()),
                    ));
                }
                let count = match it.next() {
                    Some(c) => small_number(&c)?,
                    None => 1,
                };
                legs.push(Leg { relation, dirs, count });
            }
            Pattern::Leap { legs, blockable }
        }
        Rule::hop => {
            let mut it = p.into_inner().filter(not_keyword);
            let (relation, dirs) = compile_dirs(it.next().expect("dirs"), names)?;
            let screen = compile_cond(it.next().expect("screen"), names)?;
            let max_after = it
                .next()
                .map(|m| small_number(&m.into_inner().find(not_keyword).expect("int")))
                .transpose()?
                .unwrap_or(255);
            Pattern::Hop { relation, dirs, screen, max_after }
        }
        Rule::walk => {
            let mut it = p.into_inner().filter(not_keyword);
            let (min, max) = compile_range(it.next().expect("range"), 255)?;
            if max == 255 || min > max || max > 64 {
                return Err(LangError::at(
                    off,
                    "a walk needs a bounded range",
                    Some("a range like 1..3 with max <= 64".into()),
                ));
            }
            let mut steps: Vec<WalkStep> = Vec::new();
            let mut modes = 0u8;
            let mut reset = Cond::Not(Box::new(Cond::True));
            let mut returning = false;
            let mut pinch = None;
            for part in it {
                match part.as_rule() {
                    Rule::walk_by => {
                        for r in part.into_inner().filter(not_keyword) {
                            let relation = names.relation(r.as_str(), offset_of(&r))?;
                            steps.push(WalkStep { relation, modes: 0 });
                        }
                    }
                    Rule::walk_modes => {
                        for (i, mode) in part.into_inner().filter(not_keyword).enumerate() {
                            if i >= 8 {
                                return Err(LangError::at(off, "at most 8 modes", None));
                            }
                            modes += 1;
                            for r in mode.into_inner().filter(not_keyword) {
                                let relation = names.relation(r.as_str(), offset_of(&r))?;
                                match steps.iter_mut().find(|s| s.relation == relation && s.modes != 0) {
                                    Some(s) => s.modes |= 1 << i,
                                    None => steps.push(WalkStep { relation, modes: 1 << i }),
                                }
                            }
                        }
                    }
                    Rule::walk_free => {
                        for r in part.into_inner().filter(not_keyword) {
                            let relation = names.relation(r.as_str(), offset_of(&r))?;
                            steps.push(WalkStep { relation, modes: 0 });
                        }
                    }
                    Rule::walk_return => returning = true,
                    Rule::walk_squeeze if part.as_str().ends_with("blocked") => {
                        pinch = Some(names.relation("orthogonal", off)?);
                    }
                    Rule::walk_reset => {
                        reset = compile_cond(part.into_inner().find(not_keyword).expect("cond"), names)?
                    }
                    _ => {}
                }
            }
            if steps.is_empty() {
                return Err(LangError::at(
                    off,
                    "a walk needs relations to step along",
                    Some("`by <relations>` or `modes (...)`".into()),
                ));
            }
            Pattern::Walk { min, max, steps, modes, reset, returning, pinch }
        }
        Rule::castle => {
            let mut it = p.into_inner().filter(not_keyword);
            let (relation, dirs) = compile_dirs(it.next().expect("dirs"), names)?;
            let steps = small_number(&it.next().expect("int"))?;
            if steps == 0 {
                return Err(LangError::at(off, "castling moves at least one step", Some("a number from 1".into())));
            }
            let partner = compile_cond(it.next().expect("partner"), names)?;
            Pattern::Castle { relation, dirs, steps, partner }
        }
        r => unreachable!("unexpected pattern {r:?}"),
    })
}

fn compile_cond(p: Pair<Rule>, names: &Names) -> Result<Cond, LangError> {
    compile_cond_in(p, names, false)
}

/// Compiles a condition; `in_count` when it is (part of) what a `count(...)` counts.
fn compile_cond_in(p: Pair<Rule>, names: &Names, in_count: bool) -> Result<Cond, LangError> {
    let off = offset_of(&p);
    match p.as_rule() {
        Rule::cond => {
            let mut parts: Vec<Cond> = p.into_inner().filter(not_keyword).map(|c| compile_cond_in(c, names, in_count)).collect::<Result<_, _>>()?;
            Ok(if parts.len() == 1 { parts.pop().expect("one") } else { Cond::Or(parts) })
        }
        Rule::conj => {
            let mut parts: Vec<Cond> = p.into_inner().filter(not_keyword).map(|c| compile_cond_in(c, names, in_count)).collect::<Result<_, _>>()?;
            Ok(if parts.len() == 1 { parts.pop().expect("one") } else { Cond::And(parts) })
        }
        Rule::neg => {
            let mut nots = 0;
            let mut inner = None;
            for x in p.into_inner().filter(not_keyword) {
                if x.as_rule() == Rule::not_kw {
                    nots += 1;
                } else {
                    inner = Some(compile_cond_in(x, names, in_count)?);
                }
            }
            let mut c = inner.expect("atom");
            for _ in 0..nots {
                c = Cond::Not(Box::new(c));
            }
            Ok(c)
        }
        Rule::word => match p.as_str() {
            "empty" => Ok(Cond::Empty),
            "friend" | "own" => Ok(Cond::Friend),
            "ally" => Ok(Cond::Ally),
            "enemy" => Ok(Cond::Enemy),
            "any" | "occupied" => Ok(Cond::Not(Box::new(Cond::Empty))),
            "always" => Ok(Cond::True),
            "unmoved" => Ok(Cond::Unmoved),
            "passed" => Ok(Cond::Passed),
            w => Err(LangError::at(
                off,
                format!("unknown condition `{w}`"),
                Some("empty, friend, ally, enemy, any, always, unmoved, passed, zone(..), side-zone(..), kind(..), colour(..), piece(..), in-reserve(..), on-board(..), count(..)".into()),
            )),
        },
        Rule::call => {
            let mut it = p.into_inner().filter(not_keyword);
            let f = it.next().expect("fn");
            let a = it.next().expect("arg");
            let arg = a.as_str();
            let aoff = offset_of(&a);
            let unknown = |what: &str, list: Vec<String>| {
                LangError::at(aoff, format!("unknown {what} `{arg}`"), Some(format!("one of: {}", list.join(", "))))
            };
            let piece = || {
                names
                    .pieces
                    .iter()
                    .position(|p| p == arg)
                    .map(|i| i as u8)
                    .ok_or_else(|| unknown("piece", names.pieces.to_vec()))
            };
            match f.as_str() {
                "zone" => {
                    if let Some(i) = names.zone_aliases.iter().position(|z| z == arg) {
                        return Ok(Cond::SeatZone(i as u8));
                    }
                    names.board.zone(arg).map(Cond::Zone).ok_or_else(|| {
                        let mut all = names.board.zone_names().to_vec();
                        all.extend(names.zone_aliases.iter().cloned());
                        unknown("zone", all)
                    })
                }
                "side-zone" => names
                    .zone_aliases
                    .iter()
                    .position(|z| z == arg)
                    .map(|i| Cond::SideZone(i as u8))
                    .ok_or_else(|| unknown("seat zone", names.zone_aliases.to_vec())),
                "kind" => names.board.kind(arg).map(Cond::Kind).ok_or_else(|| unknown("node kind", names.board.kind_names().to_vec())),
                "colour" | "color" => {
                    names.board.colour(arg).map(Cond::Colour).ok_or_else(|| unknown("colour", names.board.colour_names().to_vec()))
                }
                "piece" => Ok(Cond::Piece(piece()?)),
                "in-reserve" => Ok(Cond::InReserve(piece()?)),
                "on-board" => Ok(Cond::OnBoard(piece()?)),
                other => Err(LangError::at(
                    offset_of(&f),
                    format!("unknown function `{other}`"),
                    Some("zone, side-zone, kind, colour, piece, in-reserve, on-board, count".into()),
                )),
            }
        }
        Rule::count => {
            // A count is the same on every node, so one inside another only multiplies the work (nodes to the
            // power of the depth) for the answer it would give beside it.
            if in_count {
                return Err(LangError::at(
                    off,
                    "a `count` cannot be inside another `count`",
                    Some("a count is about the whole position, not the node counted: put it beside the other one, as in `count(enemy) > 0 and count(friend) < 4`".into()),
                ));
            }
            let mut it = p.into_inner().filter(not_keyword);
            let c = compile_cond_in(it.next().expect("cond"), names, true)?;
            let op = match it.next().expect("cmp").as_str() {
                "<" => Cmp::Lt,
                "<=" => Cmp::Le,
                "==" => Cmp::Eq,
                "!=" => Cmp::Ne,
                ">=" => Cmp::Ge,
                _ => Cmp::Gt,
            };
            let np = it.next().expect("int");
            let n: i64 = np.as_str().parse().map_err(|_| {
                LangError::at(offset_of(&np), format!("`{}` is too large", np.as_str()), Some("a smaller number".into()))
            })?;
            Ok(Cond::Count(Box::new(c), op, n))
        }
        r => unreachable!("unexpected condition rule {r:?}"),
    }
}

/// A value of a game option or of an option expression.
///
/// ```
/// use qipan_dsl::Value;
///
/// let komi = qipan::definition("go")?.options().into_iter().find(|o| o.name == "komi").unwrap();
/// assert_eq!(komi.default, Some(Value::Num(5.5)));
/// // Displayed as written in a definition: whole numbers without a fraction.
/// assert_eq!(Value::Num(19.0).to_string(), "19");
/// assert_eq!(Value::Bool(true).to_string(), "true");
/// assert_eq!(Value::Text("simple".into()).to_string(), "simple");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A number (integers are numbers with no fraction).
    Num(f64),
    /// A truth value.
    Bool(bool),
    /// A word (choice options).
    Text(String),
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Num(x) => write!(f, "{}", qipan_core::outcome::fmt_points(*x)),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Text(t) => write!(f, "{t}"),
        }
    }
}

/// Evaluates an option expression such as `3 * size * size`, `komi`, or `ko == simple`.
/// Names are looked up in `vars`; an unknown name is an error, except that a bare word compared with
/// `==`/`!=` stands for itself (so `ko == simple` works).
///
/// ```
/// use qipan_dsl::{Value, lang::eval_expr};
/// use std::collections::BTreeMap;
///
/// let mut vars = BTreeMap::new();
/// vars.insert("size".to_string(), Value::Num(9.0));
/// vars.insert("ko".to_string(), Value::Text("positional".into()));
/// assert_eq!(eval_expr("3 * size * size", &vars)?, Value::Num(243.0));
/// assert_eq!(eval_expr("ko == simple", &vars)?, Value::Bool(false));
/// assert_eq!(eval_expr("(size > 13) * 2 + 1", &vars)?, Value::Num(1.0));
/// assert_eq!(eval_expr("size / 0", &vars).unwrap_err().message, "division by zero");
/// # Ok::<(), qipan_dsl::lang::LangError>(())
/// ```
pub fn eval_expr(text: &str, vars: &BTreeMap<String, Value>) -> Result<Value, LangError> {
    in_chars(text, || {
        check_nesting(text, true)?;
        let mut pairs = LangParser::parse(Rule::expression, text).map_err(|e| syntax_error(text, e))?;
        let top = pairs.next().expect("expression").into_inner().find(not_keyword).expect("expr");
        eval(top, vars, false)
    })
}

fn eval(p: Pair<Rule>, vars: &BTreeMap<String, Value>, word_ok: bool) -> Result<Value, LangError> {
    let off = offset_of(&p);
    // Truth values count as 1 and 0 in arithmetic, so `(cap == 0) * 3 * nodes` works.
    let num = |v: Value| match v {
        Value::Num(x) => Ok(x),
        Value::Bool(b) => Ok(if b { 1.0 } else { 0.0 }),
        other => Err(LangError::at(off, format!("`{other}` is not a number"), Some("a number".into()))),
    };
    let truth = |v: Value| match v {
        Value::Bool(b) => Ok(b),
        other => Err(LangError::at(off, format!("`{other}` is not true or false"), Some("a comparison".into()))),
    };
    match p.as_rule() {
        Rule::expr => eval(p.into_inner().find(not_keyword).expect("or"), vars, word_ok),
        Rule::or_expr | Rule::and_expr => {
            let is_or = p.as_rule() == Rule::or_expr;
            let parts: Vec<Pair<Rule>> = p.into_inner().filter(not_keyword).collect();
            if parts.len() == 1 {
                return eval(parts.into_iter().next().expect("one"), vars, word_ok);
            }
            let mut acc = !is_or;
            for x in parts {
                let b = truth(eval(x, vars, false)?)?;
                acc = if is_or { acc || b } else { acc && b };
            }
            Ok(Value::Bool(acc))
        }
        Rule::cmp_expr => {
            let mut it = p.into_inner().filter(not_keyword);
            let a = it.next().expect("lhs");
            let Some(op) = it.next() else { return eval(a, vars, word_ok) };
            let b = it.next().expect("rhs");
            let (x, y) = (eval(a, vars, true)?, eval(b, vars, true)?);
            let r = match op.as_str() {
                "==" => x == y,
                "!=" => x != y,
                o => {
                    let (x, y) = (num(x)?, num(y)?);
                    match o {
                        "<" => x < y,
                        "<=" => x <= y,
                        ">" => x > y,
                        _ => x >= y,
                    }
                }
            };
            Ok(Value::Bool(r))
        }
        Rule::sum | Rule::product => {
            let mut it = p.into_inner().filter(not_keyword);
            let first = it.next().expect("term");
            let mut acc = eval(first, vars, word_ok)?;
            while let Some(op) = it.next() {
                let rhs = num(eval(it.next().expect("rhs"), vars, false)?)?;
                let lhs = num(acc)?;
                acc = Value::Num(match op.as_str() {
                    "+" => lhs + rhs,
                    "-" => lhs - rhs,
                    "*" => lhs * rhs,
                    _ if rhs == 0.0 => return Err(LangError::at(off, "division by zero", None)),
                    _ => lhs / rhs,
                });
            }
            Ok(acc)
        }
        Rule::number => Ok(Value::Num(p.as_str().parse().unwrap_or(0.0))),
        Rule::negation => {
            let inner = p.into_inner().find(not_keyword).expect("value");
            Ok(Value::Bool(!truth(eval(inner, vars, false)?)?))
        }
        Rule::choice => {
            let mut it = p.into_inner().filter(not_keyword);
            let test = truth(eval(it.next().expect("test"), vars, false)?)?;
            let (yes, no) = (it.next().expect("then"), it.next().expect("else"));
            eval(if test { yes } else { no }, vars, true)
        }
        Rule::ident => match (vars.get(p.as_str()), p.as_str()) {
            (Some(v), _) => Ok(v.clone()),
            (None, "true") => Ok(Value::Bool(true)),
            (None, "false") => Ok(Value::Bool(false)),
            (None, w) if word_ok => Ok(Value::Text(w.to_string())),
            (None, w) => Err(LangError::at(
                off,
                format!("unknown name `{w}`"),
                Some(if vars.is_empty() {
                    "a number (the game declares no options)".to_string()
                } else {
                    format!(
                        "a number, or one of the options and values: {}",
                        vars.keys().cloned().collect::<Vec<_>>().join(", ")
                    )
                }),
            )),
        },
        r => unreachable!("unexpected expression rule {r:?}"),
    }
}
