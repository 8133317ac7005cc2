//! The options of a definition (defaults, `--set` overrides, bounds, stand-ins for a check) and its `let`
//! values.

use super::Compiler;
use super::words::{OPTION_KINDS, OptionKind};
use crate::diag::{Loc, did_you_mean};
use crate::lang::{Value, eval_expr};
use crate::schema::{GameDef, Scalar};
use crate::words::{listed_or, lookup};
use std::collections::BTreeMap;

/// A declared option: its type, default, allowed values and doc.
///
/// ```
/// use qipan::dsl::{OptionInfo, Value};
///
/// let options = qipan::options("he-qi")?;
/// let players = options.iter().find(|o| o.name == "players").unwrap();
/// assert_eq!((players.kind.as_str(), players.default.clone()), ("int", Some(Value::Num(5.0))));
/// assert_eq!(players.values, Some([2.0, 3.0, 4.0, 5.0].map(Value::Num).to_vec()));
/// assert!(players.doc.starts_with("Players."));
/// // Field Go's komi has no default, and any number will do.
/// let options: Vec<OptionInfo> = qipan::options("field-go")?;
/// let komi = options.iter().find(|o| o.name == "komi").unwrap();
/// assert_eq!((komi.kind.as_str(), &komi.default, &komi.values), ("number", &None, &None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct OptionInfo {
    /// Name.
    pub name: String,
    /// Type name.
    pub kind: String,
    /// Default, if any.
    pub default: Option<Value>,
    /// Allowed values, if the set is closed.
    pub values: Option<Vec<Value>>,
    /// What it does.
    pub doc: String,
}

fn scalar_value(s: &Scalar) -> Value {
    match s {
        Scalar::Bool(b) => Value::Bool(*b),
        Scalar::Num(x) => Value::Num(*x),
        Scalar::Text(t) => Value::Text(t.clone()),
    }
}

impl Compiler<'_> {
    /// Resolves option values: defaults, then `overrides` (`name`, `value` as text).
    pub(crate) fn options(&mut self, def: &GameDef, overrides: &[(String, String)]) -> Vec<OptionInfo> {
        let mut infos = Vec::new();
        for (name, o) in &def.options.0 {
            let kind = o.kind.value.as_str();
            let Some(kind_word) = lookup(OPTION_KINDS, kind) else {
                self.error(o.kind.referenced, format!("unknown option type `{kind}`"), Some(listed_or(OPTION_KINDS)));
                continue;
            };
            if kind_word == OptionKind::Choice && o.values.is_none() {
                self.error(
                    name.referenced,
                    format!("choice option `{}` lists no values", name.value),
                    Some("values: [a, b, ...]".into()),
                );
            }
            // A NaN bound would let every value through (no comparison with NaN holds).
            for (bound, x) in [("min", o.min), ("max", o.max)] {
                if x.is_some_and(f64::is_nan) {
                    self.error(name.referenced, format!("the `{bound}` of `{}` is not a number", name.value), None);
                }
            }
            let default = o.default.as_ref().map(|d| scalar_value(&d.value));
            let info = OptionInfo {
                name: name.value.clone(),
                kind: kind.to_string(),
                default: default.clone(),
                values: o.values.as_ref().map(|v| v.iter().map(scalar_value).collect()),
                doc: o.doc.clone().unwrap_or_default(),
            };
            // The default obeys the option's own type and values, as a `--set` would.
            if let (Some(d), Some(at)) = (&default, &o.default)
                && let Err(msg) = parse_option_value(&info, &d.to_string(), def)
            {
                self.error(at.referenced, format!("the default of `{}`: {msg}", name.value), None);
            }
            infos.push(info);
            if let Some(d) = default {
                self.vars.insert(name.value.clone(), d);
            }
        }
        let declared = |k: &str| def.options.0.iter().find(|(n, _)| n.value == k).map(|(n, _)| n.referenced);
        for (k, v) in overrides {
            let Some(info) = infos.iter().find(|i| &i.name == k) else {
                // A mistake on the command line, not in the file.
                let hint = did_you_mean(k, infos.iter().map(|i| i.name.as_str()));
                let known = infos.iter().map(|i| i.name.clone()).collect::<Vec<_>>().join(", ");
                let (game, expected) = (&def.name.value, Some(format!("one of: {known}")));
                self.error(Loc::NOWHERE, format!("--set {k}={v}: {game} has no option `{k}`{hint}"), expected);
                continue;
            };
            match parse_option_value(info, v, def) {
                Ok(val) => {
                    self.vars.insert(k.clone(), val);
                }
                // Point at the option's declaration: that is where its allowed values are written.
                Err(msg) => self.error(declared(k).unwrap_or(Loc::START), format!("--set {k}={v}: {msg}"), None),
            }
        }
        for (loc, option, msg) in check_bounds(def, &self.vars) {
            match overrides.iter().rev().find(|(k, _)| *k == option) {
                Some((k, v)) => self.error(loc, format!("--set {k}={v}: {msg}"), None),
                None => self.error(loc, msg, None),
            }
        }
        for info in &infos {
            if self.vars.contains_key(&info.name) {
                continue;
            }
            if self.placeholders || self.defer {
                let min = def.options.0.iter().find(|(n, _)| n.value == info.name).and_then(|(_, o)| o.min);
                let stand_in = match (info.values.as_ref().and_then(|v| v.first()), info.kind.as_str()) {
                    (Some(v), _) => v.clone(),
                    (None, "bool") => Value::Bool(false),
                    (None, "text" | "choice") => Value::Text(String::new()),
                    _ => Value::Num(min.unwrap_or(0.0)),
                };
                self.vars.insert(info.name.clone(), stand_in);
                if self.defer {
                    self.unset.push(info.name.clone());
                }
                continue;
            }
            self.error(
                declared(&info.name).unwrap_or(Loc::START),
                format!("option `{}` has no default and must be set", info.name),
                Some(format!("--set {}=VALUE", info.name)),
            );
        }
        infos
    }

    /// Evaluates the `let` values, in order.
    pub(super) fn lets(&mut self, def: &GameDef) {
        for (name, e) in &def.lets.0 {
            // A value made of an unset option is unset too.
            if self.unset.iter().any(|u| mentions(&e.value, u)) {
                self.unset.push(name.value.clone());
            }
            match eval_expr(&e.value, &self.vars) {
                Ok(v) => {
                    self.vars.insert(name.value.clone(), v);
                }
                Err(err) => self.lang_error(e, &e.value.clone(), err),
            }
        }
    }

    /// Whether `text`, used at `at` for anything but the scoring, is free of options left unset; if not,
    /// that is an error: such an option must be set after all.
    pub(super) fn uses_only_set(&mut self, text: &str, at: Loc) -> bool {
        let Some(name) = self.unset.iter().find(|n| mentions(text, n)).cloned() else { return true };
        self.error(
            at,
            format!("option `{name}` has no default and must be set: it is used here"),
            Some(format!("--set {name}=VALUE")),
        );
        false
    }

    /// The declared options only (not `let` values or `nodes`): records write them and replay them as `--set`.
    pub(super) fn recorded_options(&self, def: &GameDef) -> BTreeMap<String, String> {
        self.vars
            .iter()
            .filter(|(k, _)| def.options.0.iter().any(|(n, _)| n.value == **k) && !self.unset.contains(k))
            .map(|(k, v)| (k.clone(), v.to_string()))
            .collect()
    }
}

/// Parses `--set` text for an option.
fn parse_option_value(info: &OptionInfo, v: &str, _def: &GameDef) -> Result<Value, String> {
    let val = match lookup(OPTION_KINDS, &info.kind) {
        Some(OptionKind::Int) => {
            let x: i64 = v.parse().map_err(|_| format!("`{v}` is not a whole number"))?;
            Value::Num(x as f64)
        }
        Some(OptionKind::Number) => match v.parse::<f64>() {
            Ok(x) if x.is_finite() => Value::Num(x),
            // `nan`, `inf` and `1e400` parse, but no rule can count with them.
            Ok(_) => return Err(format!("`{v}` is not a finite number")),
            Err(_) => return Err(format!("`{v}` is not a number")),
        },
        Some(OptionKind::Bool) => match v {
            "true" | "yes" | "on" | "1" => Value::Bool(true),
            "false" | "no" | "off" | "0" => Value::Bool(false),
            _ => return Err(format!("`{v}` is not true or false")),
        },
        _ => Value::Text(v.to_string()),
    };
    if let Some(values) = &info.values {
        let ok = values.iter().any(|x| match (x, &val) {
            (Value::Num(a), Value::Num(b)) => a == b,
            (Value::Text(a), Value::Text(b)) => a == b,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Num(a), Value::Text(b)) => b.parse::<f64>().ok() == Some(*a),
            _ => false,
        });
        if !ok {
            let list: Vec<String> = values.iter().map(|x| x.to_string()).collect();
            return Err(format!("allowed values are {}", list.join(", ")));
        }
    }
    Ok(val)
}

/// Checks min/max of numeric options after parsing (kept apart so the message can name the bounds):
/// where, which option, what is wrong.
pub(crate) fn check_bounds(def: &GameDef, vars: &BTreeMap<String, Value>) -> Vec<(Loc, String, String)> {
    let mut out = Vec::new();
    for (name, o) in &def.options.0 {
        if let Some(Value::Num(x)) = vars.get(&name.value)
            && (o.min.is_some_and(|m| *x < m) || o.max.is_some_and(|m| *x > m))
        {
            out.push((
                name.referenced,
                name.value.clone(),
                format!(
                    "option `{}` = {} is outside {}..{}",
                    name.value,
                    qipan_core::outcome::fmt_points(*x),
                    o.min.map(qipan_core::outcome::fmt_points).unwrap_or_default(),
                    o.max.map(qipan_core::outcome::fmt_points).unwrap_or_default()
                ),
            ));
        }
    }
    out
}

/// Whether an option expression or hook `text` names `name` (as a whole word: `komi` is not in `komi_rule`).
fn mentions(text: &str, name: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_';
    !name.is_empty()
        && text
            .match_indices(name)
            .any(|(i, _)| !text[..i].ends_with(word) && !text[i + name.len()..].starts_with(word))
}
