//! `rules.pass`: a word (`always`, `when-stuck`, `never`), or `if COND`, a pass allowed only while a
//! condition on the position holds for the seat to move (`pass: if count(empty) < 10`). A seat with no
//! other move is then stuck, unless `stuck: pass` gives it the pass anyway.

use super::Compiler;
use super::words::PASS;
use crate::diag::did_you_mean;
use crate::lang::{LangError, Names, compile_condition};
use crate::schema::Text;
use crate::words::{listed, lookup, words};
use qipan_core::rules::{Cond, PassRule};

impl Compiler<'_> {
    /// The pass rule, and the condition of `pass: if COND`.
    pub(super) fn pass_rule(&mut self, t: &Option<Text>, names: &Names) -> (PassRule, Option<Cond>) {
        let Some(t) = t else { return (PassRule::WhenStuck, None) };
        let text = self.subst(t);
        let trimmed = text.trim_start();
        let Some(rest) = trimmed.strip_prefix("if").filter(|r| r.is_empty() || r.starts_with(char::is_whitespace))
        else {
            if let Some(rule) = lookup(PASS, &text) {
                return (rule, None);
            }
            let hint = did_you_mean(&text, words(PASS));
            let expected = format!("{}, or `if` and a condition on the position", listed(PASS));
            self.error(t.referenced, format!("unknown value `{text}`{hint}"), Some(expected));
            return (PassRule::WhenStuck, None);
        };
        // Offsets into `rest` are offsets into `text` past `if`.
        let skipped = text.len() - rest.len();
        let at = |offset: usize| text[..skipped].chars().count() + offset;
        match compile_condition(rest, names) {
            Ok(c) if c.tests_node() => {
                let first = rest.len() - rest.trim_start().len();
                let e = LangError {
                    offset: at(rest[..first].chars().count()),
                    message: "a pass is made at no node, so its condition cannot test one".into(),
                    expected: Some(
                        "a condition on the whole position: count(...), in-reserve(...), on-board(...)".into(),
                    ),
                };
                self.lang_error(t, &text, e);
                (PassRule::Never, None)
            }
            Ok(c) => (PassRule::Never, Some(c)),
            Err(e) => {
                let e = LangError { offset: at(e.offset), ..e };
                self.lang_error(t, &text, e);
                (PassRule::Never, None)
            }
        }
    }
}
