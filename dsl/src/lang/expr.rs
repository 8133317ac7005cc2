//! Option expressions (`3 * size * size`, `ko == simple`) and their values.

use super::{LangError, LangParser, Rule, check_nesting, in_chars, not_keyword, offset_of, syntax_error};
use pest::Parser;
use pest::iterators::Pair;
use std::collections::BTreeMap;

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
