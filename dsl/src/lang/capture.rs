//! Capture rules (`rules: captures:`, the grammar's `capture_rule`): a form (`flank`, `custodial`,
//! `surround`, `shieldwall`, `explode`, `approach`, `withdraw`, `remove`) over relations, what is captured
//! (`of`), what closes (`with`), which pieces capture (`by`), what a line holds but is not taken
//! (`sparing`), what triggers a removal and what it falls back to (`if`, `fallback`), and the flags
//! `convert`, `required`, `edges` and `self`.

use super::cond::compile_cond;
use super::{LangError, LangParser, Names, Rule, check_nesting, in_chars, not_keyword, offset_of, syntax_error};
use pest::Parser;
use qipan_core::rules::{CaptureForm, CaptureRule, Cond};

/// Parses and compiles one capture rule.
///
/// ```
/// use qipan::core::rules::{CaptureForm, Cond};
/// use qipan_dsl::lang::{Names, compile_capture};
///
/// let game = qipan::load("chess", &[]).expect("a built-in game");
/// let names = Names { board: &game.board, pieces: &[], zone_aliases: &[], seats: &[] };
/// let rule = compile_capture("flank orthogonal diagonal convert required", &names)?;
/// assert_eq!(rule.form, CaptureForm::Line { min: 1, max: 255 });
/// assert_eq!((rule.lines.len(), rule.convert, rule.required), (8, true, true));
/// let rule = compile_capture("custodial orthogonal 2 with friend or zone(rank8)", &names)?;
/// assert_eq!(rule.form, CaptureForm::Line { min: 2, max: 2 });
/// assert_eq!(rule.target, Cond::Enemy);
/// let rule = compile_capture("explode orthogonal diagonal of not piece(pawn) self", &names);
/// assert!(rule.is_err(), "this chess has no pieces named here");
/// let rule = compile_capture("explode orthogonal diagonal of any self", &names)?;
/// assert_eq!(rule.form, CaptureForm::Explode { mover: true });
/// assert_eq!(compile_capture("withdraw diagonal", &names)?.form, CaptureForm::Withdraw);
/// assert!(compile_capture("flank", &names).is_err());
/// assert!(compile_capture("approach orthogonal self", &names).is_err());
/// # Ok::<(), qipan_dsl::lang::LangError>(())
/// ```
pub fn compile_capture(text: &str, names: &Names) -> Result<CaptureRule, LangError> {
    in_chars(text, || {
        check_nesting(text, false)?;
        let mut pairs = LangParser::parse(Rule::capture_rule, text).map_err(|e| syntax_error(text, e))?;
        let top = pairs.next().expect("capture_rule");
        let mut inner = top.into_inner().filter(not_keyword);
        let form = inner.next().expect("form");
        let form_rule = form.as_rule();
        let mut lines = Vec::new();
        let mut range = None;
        for p in form.into_inner().filter(not_keyword) {
            match p.as_rule() {
                Rule::capture_rel => {
                    let rel = names.relation(p.as_str(), offset_of(&p))?;
                    for d in names.board.relation_directions(rel) {
                        lines.push((rel, d));
                    }
                }
                Rule::range => {
                    let off = offset_of(&p);
                    let (min, max) = super::moves::compile_range(p, 255)?;
                    if min == 0 || min > max {
                        return Err(LangError::at(
                            off,
                            if form_rule == Rule::shieldwall {
                                "a shield wall takes at least one piece"
                            } else {
                                "a custodial capture takes at least one piece"
                            },
                            Some("a number of pieces from 1, such as `1`, `1..` or `1..3`".into()),
                        ));
                    }
                    range = Some((min, max));
                }
                r => unreachable!("unexpected {r:?}"),
            }
        }
        let form = match form_rule {
            Rule::flank => CaptureForm::Line { min: 1, max: 255 },
            Rule::custodial => {
                let (min, max) = range.unwrap_or((1, 1));
                CaptureForm::Line { min, max }
            }
            Rule::explode => CaptureForm::Explode { mover: false },
            Rule::approach => CaptureForm::Approach,
            Rule::withdraw => CaptureForm::Withdraw,
            Rule::remove => CaptureForm::Remove,
            Rule::shieldwall => {
                let (min, max) = range.unwrap_or((2, 255));
                CaptureForm::Wall { min, max }
            }
            _ => CaptureForm::Surround { edges: false },
        };
        let mut rule = CaptureRule {
            form,
            lines,
            target: Cond::Enemy,
            closer: Cond::Friend,
            trigger: Cond::True,
            fallback: None,
            by: 0,
            convert: false,
            required: false,
            spare: None,
            text: text.trim().into(),
            target_table: None,
            closer_table: None,
        };
        for part in inner {
            match part.as_rule() {
                Rule::capture_of => {
                    rule.target = compile_cond(part.into_inner().find(not_keyword).expect("cond"), names)?
                }
                Rule::capture_with => {
                    rule.closer = compile_cond(part.into_inner().find(not_keyword).expect("cond"), names)?
                }
                Rule::capture_if | Rule::capture_fallback if form != CaptureForm::Remove => {
                    let word = if part.as_rule() == Rule::capture_if { "if" } else { "fallback" };
                    return Err(LangError::at(
                        offset_of(&part),
                        format!("`{word}` belongs to `remove`: a line or an enclosure is found from the move itself"),
                        Some("`of`, `with`, `by` or a flag".into()),
                    ));
                }
                Rule::capture_if => {
                    rule.trigger = compile_cond(part.into_inner().find(not_keyword).expect("cond"), names)?
                }
                Rule::capture_fallback => {
                    rule.fallback = Some(compile_cond(part.into_inner().find(not_keyword).expect("cond"), names)?)
                }
                Rule::capture_sparing => {
                    let off = offset_of(&part);
                    if !matches!(rule.form, CaptureForm::Wall { .. }) {
                        return Err(LangError::at(
                            off,
                            "`sparing` belongs to `shieldwall`: other forms take every piece they close",
                            Some("narrow `of` instead, such as `of enemy and not piece(king)`".into()),
                        ));
                    }
                    rule.spare = Some(compile_cond(part.into_inner().find(not_keyword).expect("cond"), names)?)
                }
                Rule::capture_by => {
                    for p in part.into_inner().filter(not_keyword).flat_map(|p| p.into_inner()).filter(not_keyword) {
                        let piece = super::moves::piece_named(&p, names)?;
                        if piece.idx() >= 64 {
                            return Err(LangError::at(
                                offset_of(&p),
                                "only the first 64 piece types may capture by rule",
                                None,
                            ));
                        }
                        rule.by |= 1 << piece.idx();
                    }
                }
                Rule::capture_flag => flag(&mut rule, part.as_str(), offset_of(&part))?,
                Rule::EOI => {}
                r => unreachable!("unexpected {r:?}"),
            }
        }
        Ok(rule)
    })
}

/// Sets the flag `word` on `rule`, refusing a flag that does not belong to its form.
fn flag(rule: &mut CaptureRule, word: &str, off: usize) -> Result<(), LangError> {
    let refuse = |what: String, hint: &str| Err(LangError::at(off, what, Some(hint.into())));
    match (word, &mut rule.form) {
        // An explosion follows a capture made otherwise: it cannot make a move legal, nor flip pieces.
        ("convert" | "required", CaptureForm::Explode { .. }) => {
            return refuse(
                format!(
                    "`{word}` does not go with `explode`: an explosion follows a capture and removes what it takes"
                ),
                "`self`, so that the capturing piece goes too",
            );
        }
        ("convert", _) => rule.convert = true,
        ("required", _) => rule.required = true,
        ("edges", CaptureForm::Surround { edges }) => *edges = true,
        ("self", CaptureForm::Explode { mover }) => *mover = true,
        ("edges", CaptureForm::Line { .. } | CaptureForm::Wall { .. }) => {
            return refuse(
                "`edges` belongs to `surround`: a line is closed by a node".into(),
                "`convert` or `required`",
            );
        }
        ("edges", _) => {
            return refuse(
                "`edges` belongs to `surround`: only an enclosure has sides".into(),
                "`convert` or `required`",
            );
        }
        _ => {
            return refuse(
                "`self` belongs to `explode`: only an explosion takes the capturing piece".into(),
                "`convert` or `required`",
            );
        }
    }
    Ok(())
}
