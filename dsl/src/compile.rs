//! From a parsed definition to a `qipan_core::Game`: options resolved, board generated, language
//! compiled, names checked. Every error points back into the file.

use crate::diag::{Diagnostic, Loc, did_you_mean, locate_in_value};
use crate::extends::Sources;
use crate::hooks::{HookLimits, HookSource, RhaiHooks};
use crate::lang::{LangError, Names, Value, compile_move, eval_expr};
use crate::schema::*;
use qipan_core::board::generators::{self, GridSpec, LabelStyle, PolarSpec};
use qipan_core::board::{Board, BoardBuilder, EdgeSpec, NodeSpec};
use qipan_core::game::{Game, PieceType, Placement, Seat};
use qipan_core::rules::{
    AbsorbedTurns, BareSide, CapturedTo, Dame, EndRules, GroupCapture, PassRule, Prey, Repetition, RoyalCapture, Rules,
    Scoring, StuckRule,
};

use std::collections::BTreeMap;
use std::sync::Arc;

/// The most (node, seat, piece) combinations a game may have (each needs a hash key).
const MAX_KEYS: usize = 4_000_000;

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

/// Compiles definitions, collecting diagnostics.
pub(crate) struct Compiler<'a> {
    /// The files of the definition (the file loaded, then the bases it extends).
    pub sources: &'a Sources,
    pub diags: Vec<Diagnostic>,
    pub vars: BTreeMap<String, Value>,
    /// When checking a definition, options without a default get a stand-in value instead of an error.
    pub placeholders: bool,
    /// For commands that do not play to the end: options without a default may stay unset when only the
    /// scoring uses them (see [`Definition::compile_for_view`](crate::Definition::compile_for_view)).
    pub defer: bool,
    /// The options (and `let` values made of them) left unset under `defer`.
    pub unset: Vec<String>,
}

fn scalar_value(s: &Scalar) -> Value {
    match s {
        Scalar::Bool(b) => Value::Bool(*b),
        Scalar::Num(x) => Value::Num(*x),
        Scalar::Text(t) => Value::Text(t.clone()),
    }
}

impl<'a> Compiler<'a> {
    pub fn new(sources: &'a Sources) -> Self {
        Compiler {
            sources,
            diags: Vec::new(),
            vars: BTreeMap::new(),
            placeholders: false,
            defer: false,
            unset: Vec::new(),
        }
    }

    /// The text of the file a location points into.
    fn text(&self, loc: Loc) -> &'a str {
        &self.sources.file(loc).text
    }

    fn error(&mut self, loc: Loc, msg: impl Into<String>, expected: Option<String>) {
        self.diags.push(self.sources.diagnostic(loc, msg, expected));
    }

    fn lang_error(&mut self, t: &Text, text: &str, e: LangError) {
        let loc = locate_in_value(self.text(t.referenced), t.referenced, text, e.offset);
        self.error(loc, e.message, e.expected);
    }

    /// Replaces `$name` by the option's value in a text (for rule words and movement rules).
    fn subst(&mut self, t: &Text) -> String {
        let s = &t.value;
        if !s.contains('$') {
            return s.clone();
        }
        let mut out = String::new();
        let mut rest = s.as_str();
        while let Some(i) = rest.find('$') {
            out.push_str(&rest[..i]);
            let after = &rest[i + 1..];
            let end = after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(after.len());
            let name = &after[..end];
            match self.vars.get(name) {
                Some(_) if self.unset.iter().any(|u| u == name) => {
                    self.uses_only_set(name, t.referenced);
                }
                Some(v) => out.push_str(&v.to_string()),
                None => {
                    let off = s[..s.len() - rest.len() + i].chars().count();
                    let loc = locate_in_value(self.text(t.referenced), t.referenced, s, off);
                    let known = self.vars.keys().cloned().collect::<Vec<_>>().join(", ");
                    let hint = did_you_mean(name, self.vars.keys().map(String::as_str));
                    self.error(loc, format!("unknown option `${name}`{hint}"), Some(format!("one of: {known}")));
                }
            }
            rest = &after[end..];
        }
        out.push_str(rest);
        out
    }

    fn number(&mut self, v: &Spanned<NumOrExpr>) -> Option<f64> {
        if let NumOrExpr::Expr(e) = &v.value
            && !self.uses_only_set(e, v.referenced)
        {
            return None;
        }
        self.value_of(v)
    }

    /// The value of a number or option expression, whatever options it uses (for the scoring, see
    /// [`Definition::compile_for_view`](crate::Definition::compile_for_view)).
    fn value_of(&mut self, v: &Spanned<NumOrExpr>) -> Option<f64> {
        match &v.value {
            NumOrExpr::Num(x) => Some(*x),
            NumOrExpr::Expr(e) => match eval_expr(e, &self.vars) {
                Ok(Value::Num(x)) if !x.is_finite() => {
                    self.error(
                        v.referenced,
                        format!("`{e}` gives `{x}`, not a finite number"),
                        Some("a number".into()),
                    );
                    None
                }
                Ok(Value::Num(x)) => Some(x),
                Ok(other) => {
                    self.error(v.referenced, format!("`{e}` gives `{other}`, not a number"), Some("a number".into()));
                    None
                }
                Err(err) => {
                    let loc = locate_in_value(self.text(v.referenced), v.referenced, e, err.offset);
                    self.error(loc, err.message, err.expected);
                    None
                }
            },
        }
    }

    fn count(&mut self, v: &Spanned<NumOrExpr>, what: &str, max: f64) -> Option<u32> {
        let x = self.number(v)?;
        if x.fract() != 0.0 || x < 0.0 || x > max {
            self.error(v.referenced, format!("{what} must be a whole number from 0 to {max}, not {x}"), None);
            return None;
        }
        Some(x as u32)
    }

    /// Resolves option values: defaults, then `overrides` (`name`, `value` as text).
    pub fn options(&mut self, def: &GameDef, overrides: &[(String, String)]) -> Vec<OptionInfo> {
        let mut infos = Vec::new();
        for (name, o) in &def.options.0 {
            let kind = o.kind.value.as_str();
            if !["int", "number", "bool", "choice", "text"].contains(&kind) {
                self.error(
                    o.kind.referenced,
                    format!("unknown option type `{kind}`"),
                    Some("int, number, bool, choice or text".into()),
                );
                continue;
            }
            if kind == "choice" && o.values.is_none() {
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

    /// Whether `text`, used at `at` for anything but the scoring, is free of options left unset; if not,
    /// that is an error: such an option must be set after all.
    fn uses_only_set(&mut self, text: &str, at: Loc) -> bool {
        let Some(name) = self.unset.iter().find(|n| mentions(text, n)).cloned() else { return true };
        self.error(
            at,
            format!("option `{name}` has no default and must be set: it is used here"),
            Some(format!("--set {name}=VALUE")),
        );
        false
    }

    fn board(&mut self, b: &BoardDef) -> Option<Board> {
        if let Some(sel) = &b.select {
            if !self.uses_only_set(&sel.value, sel.referenced) {
                return None;
            }
            let Some(value) = self.vars.get(&sel.value).map(|v| v.to_string()) else {
                self.error(sel.referenced, format!("unknown option `{}`", sel.value), None);
                return None;
            };
            let Some((_, variant)) = b.variants.0.iter().find(|(k, _)| k.value == value) else {
                let names: Vec<&str> = b.variants.0.iter().map(|(k, _)| k.value.as_str()).collect();
                self.error(
                    sel.referenced,
                    format!("no board `{value}` for option `{}`", sel.value),
                    Some(names.join(", ")),
                );
                return None;
            };
            return self.board(variant);
        }
        let generators_used = [b.grid.is_some(), b.grid3d.is_some(), b.polar.is_some(), b.box_surface.is_some()]
            .iter()
            .filter(|&&x| x)
            .count();
        if generators_used > 1 {
            self.error(
                Loc::START,
                "the board uses more than one generator",
                Some("one of grid, grid3d, box, polar (plus nodes/edges); a variant that changes its base's generator removes the base's with `grid: ~` (or `polar: ~`, ...)".into()),
            );
            return None;
        }
        let mut builder = if let Some(g) = &b.grid {
            let mask = g.mask.as_ref().map(|m| match &m.value {
                Mask::Rows(rows) => rows.clone(),
                Mask::Text(t) => {
                    let text = self.subst(&Spanned::new(t.clone(), m.referenced, m.defined));
                    text.split(['/', '\n']).map(str::trim).filter(|r| !r.is_empty()).map(String::from).collect()
                }
            });
            let mask_w = mask.as_ref().map(|m| m.iter().map(|r| r.chars().count()).max().unwrap_or(0) as u32);
            let mask_h = mask.as_ref().map(|m| m.len() as u32);
            let anchor: Loc = g
                .width
                .as_ref()
                .or(g.height.as_ref())
                .map(|w| w.referenced)
                .or(g.mask.as_ref().map(|m| m.referenced))
                .unwrap_or(Loc::START);
            let w = match &g.width {
                Some(w) => self.count(w, "width", 256.0)?,
                None => mask_w.or_else(|| {
                    self.error(anchor, "a grid needs a width or a mask", None);
                    None
                })?,
            };
            let h = match &g.height {
                Some(h) => self.count(h, "height", 256.0)?,
                None => mask_h.or_else(|| {
                    self.error(anchor, "a grid needs a height or a mask", None);
                    None
                })?,
            };
            let labels = match g.labels.as_ref().map(|l| l.value.as_str()) {
                None | Some("gtp") => LabelStyle::Gtp,
                Some("letters") => LabelStyle::Letters,
                Some("chess") => LabelStyle::Chess,
                Some(other) => {
                    let loc = g.labels.as_ref().expect("labels").referenced;
                    self.error(loc, format!("unknown label style `{other}`"), Some("gtp, letters or chess".into()));
                    return None;
                }
            };
            let spec = GridSpec {
                width: w,
                height: h,
                mask,
                labels,
                diagonal: g.diagonal,
                checker: g.checker.clone(),
                kind: g.kind.clone().unwrap_or_else(|| "point".into()),
            };
            self.board_result(generators::grid(&spec), anchor)?
        } else if let Some(g) = &b.grid3d {
            let (w, h, d) = self.dims(g)?;
            self.board_result(generators::grid3d(w, h, d), g.width.referenced)?
        } else if let Some(g) = &b.box_surface {
            let (w, h, d) = self.dims(g)?;
            self.board_result(generators::box_surface(w, h, d), g.width.referenced)?
        } else if let Some(p) = &b.polar {
            let hub = self.word(&p.hub, &["none", "transit", "stop"], "none");
            let spec = PolarSpec {
                rings: self.count(&p.rings, "rings", 1000.0)?,
                sectors: self.count(&p.sectors, "sectors", 10000.0)?,
                eyes: p.eyes,
                eye_links: p.eye_links.clone(),
                hub: hub != "none",
                hub_stop: hub == "stop",
                eye_ring: self.word(&p.eye_ring, &["false", "true"], "false") == "true",
                checker: p.checker.clone(),
                stripes: self.word(&p.pattern, &["checker", "stripes"], "checker") == "stripes",
                diagonal: p.diagonal,
            };
            self.board_result(generators::polar(&spec), p.rings.referenced)?
        } else {
            BoardBuilder::new()
        };
        for (name, v) in &b.directions.0 {
            let vector = match v.as_slice() {
                [x, y] => Some([*x, *y, 0]),
                [x, y, z] => Some([*x, *y, *z]),
                _ => {
                    self.error(
                        name.referenced,
                        "a direction vector has 2 or 3 numbers",
                        Some("[dx, dy] or [dx, dy, dz]".into()),
                    );
                    None
                }
            };
            builder.direction(&name.value, vector);
        }
        for n in &b.nodes {
            let at = n.at.clone().unwrap_or_default();
            let pos = [
                at.first().copied().unwrap_or(0.0),
                at.get(1).copied().unwrap_or(0.0),
                at.get(2).copied().unwrap_or(0.0),
            ];
            let spec = NodeSpec {
                label: n.label.value.clone(),
                kind: n.kind.clone().unwrap_or_else(|| "cell".into()),
                colour: n.colour.clone(),
                zones: n.zones.clone(),
                pos,
                coord: [pos[0] as i32, pos[1] as i32, pos[2] as i32],
            };
            if let Err(e) = builder.add_node(spec) {
                self.error(n.label.referenced, e.to_string(), Some("a unique label".into()));
            }
        }
        for e in &b.edges {
            let (Some(a), Some(z)) = (builder.find(&e.from.value), builder.find(&e.to.value)) else {
                let bad = if builder.find(&e.from.value).is_none() { &e.from } else { &e.to };
                self.error(
                    bad.referenced,
                    format!("no node labelled `{}`", bad.value),
                    Some("the label of a node of the board".into()),
                );
                continue;
            };
            builder.add_edge(
                a,
                z,
                EdgeSpec { relation: e.relation.clone(), direction: e.direction.clone(), via: None },
            );
            if !e.one_way {
                builder.add_edge(z, a, EdgeSpec { relation: e.relation.clone(), direction: e.back.clone(), via: None });
            }
        }
        if b.same_colour {
            let over_any = self.word(&b.same_colour_jump, &["empty", "any"], "empty") == "any";
            builder = self.board_result(generators::add_same_colour(builder, over_any), Loc::START)?;
        }
        // Zones: first check labels, then tag nodes.
        let preview = self.board_result(builder.clone().build(), Loc::START)?;
        for (name, z) in &b.zones.0 {
            let kind = z.kind.as_ref().and_then(|k| {
                let found = preview.kind(k);
                if found.is_none() {
                    self.unknown(name.referenced, "node kind", k, preview.kind_names());
                }
                found
            });
            let mut members = Vec::new();
            for l in &z.labels {
                match preview.find(&l.value) {
                    Some(id) => members.push(id),
                    None => self.error(
                        l.referenced,
                        format!("no node labelled `{}`", l.value),
                        Some("the label of a node of the board".into()),
                    ),
                }
            }
            if let Some(ranges) = &z.coords {
                for id in preview.node_ids() {
                    let info = preview.node(id);
                    let inside =
                        ranges.iter().enumerate().all(|(i, r)| i < 3 && info.coord[i] >= r[0] && info.coord[i] <= r[1]);
                    if inside && kind.is_none_or(|k| info.kind == k) {
                        members.push(id);
                    }
                }
            } else if let Some(k) = kind {
                members.extend(preview.node_ids().filter(|&id| preview.node(id).kind == k));
            }
            for id in members {
                if let Some(spec) = builder.node_mut(id) {
                    spec.zones.push(name.value.clone());
                }
            }
        }
        self.board_result(builder.build(), Loc::START)
    }

    /// Whether an optional `if:` option expression holds (reporting errors).
    fn applies(&mut self, when: &Option<Text>) -> bool {
        let Some(w) = when else { return true };
        if !self.uses_only_set(&w.value, w.referenced) {
            return false;
        }
        match eval_expr(&w.value, &self.vars) {
            Ok(Value::Bool(b)) => b,
            Ok(v) => {
                self.error(
                    w.referenced,
                    format!("`if` gives `{v}`, not true or false"),
                    Some("an option test like `ko == simple`".into()),
                );
                false
            }
            Err(e) => {
                self.lang_error(w, &w.value.clone(), e);
                false
            }
        }
    }

    /// The groups of seats (by index) of the variant an option selects.
    fn groups(&mut self, p: &PlayersDef, seats: &[Seat]) -> Option<Vec<Vec<usize>>> {
        if !self.uses_only_set(&p.select.value, p.select.referenced) {
            return None;
        }
        let Some(value) = self.vars.get(&p.select.value).map(|v| v.to_string()) else {
            self.error(p.select.referenced, format!("unknown option `{}`", p.select.value), None);
            return None;
        };
        let Some((_, groups)) = p.variants.0.iter().find(|(k, _)| k.value == value) else {
            let names: Vec<&str> = p.variants.0.iter().map(|(k, _)| k.value.as_str()).collect();
            self.error(
                p.select.referenced,
                format!("no variant for `{}` = {value}", p.select.value),
                Some(names.join(", ")),
            );
            return None;
        };
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let mut listed = vec![false; seats.len()];
        let mut out = Vec::new();
        for group in groups {
            let mut g = Vec::new();
            for t in group {
                let name = self.subst(t);
                match names.iter().position(|s| *s == name) {
                    Some(i) if !listed[i] => {
                        listed[i] = true;
                        g.push(i);
                    }
                    Some(_) => self.error(t.referenced, format!("seat `{name}` is listed twice"), None),
                    None => self.unknown(t.referenced, "seat", &name, &names),
                }
            }
            out.push(g);
        }
        Some(out)
    }

    /// Applies `players`: who holds which seats under the selected variant; unlisted seats stay empty.
    fn players(&mut self, p: &PlayersDef, seats: &mut [Seat], def: &GameDef) {
        let Some(groups) = self.groups(p, seats) else { return };
        let mut listed = vec![false; seats.len()];
        for group in &groups {
            let Some(&first) = group.first() else { continue };
            for &i in group {
                listed[i] = true;
                seats[i].held_by = first as u8;
                // Seats of one player are one side.
                seats[i].team = seats[first].team;
            }
        }
        for (i, s) in seats.iter_mut().enumerate() {
            if !listed[i] && !def.seats[i].neutral {
                s.plays = false;
            }
        }
    }

    /// Width, height and depth of a 3-D grid or box.
    fn dims(&mut self, g: &Grid3dDef) -> Option<(u32, u32, u32)> {
        Some((
            self.count(&g.width, "width", 256.0)?,
            self.count(&g.height, "height", 256.0)?,
            self.count(&g.depth, "depth", 256.0)?,
        ))
    }

    /// An unknown name: which, the known one it likely misspells, and the known ones.
    fn unknown<S: AsRef<str>>(&mut self, at: Loc, what: &str, name: &str, known: &[S]) {
        let hint = did_you_mean(name, known.iter().map(|k| k.as_ref()));
        let list = known.iter().map(|k| k.as_ref()).collect::<Vec<_>>().join(", ");
        self.error(at, format!("unknown {what} `{name}`{hint}"), Some(list));
    }

    fn board_result<T>(&mut self, r: Result<T, qipan_core::board::BoardError>, loc: Loc) -> Option<T> {
        r.map_err(|e| self.error(loc, format!("board: {e}"), None)).ok()
    }

    fn word(&mut self, t: &Option<Text>, allowed: &[&str], default: &str) -> String {
        let Some(t) = t else { return default.to_string() };
        let w = self.subst(t);
        if !allowed.contains(&w.as_str()) {
            let hint = did_you_mean(&w, allowed.iter().copied());
            self.error(t.referenced, format!("unknown value `{w}`{hint}"), Some(allowed.join(", ")));
            return default.to_string();
        }
        w
    }

    /// The whole compilation.
    pub fn game(&mut self, def: &GameDef, overrides: &[(String, String)]) -> Option<Game> {
        self.options(def, overrides);
        if !self.diags.is_empty() {
            return None;
        }
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
        let board = self.board(&def.board)?;
        self.vars.insert("nodes".into(), Value::Num(board.len() as f64));

        // Seats.
        let zone_aliases = def.zone_aliases.clone();
        let mut team_names: Vec<String> = Vec::new();
        let mut seats = Vec::new();
        for s in &def.seats {
            let mut forward = Vec::new();
            for f in &s.forward {
                match board.direction(&f.value) {
                    Some(d) => forward.push(d),
                    None => {
                        let all: Vec<&str> = board.directions().iter().map(|d| d.name.as_str()).collect();
                        self.unknown(f.referenced, "direction", &f.value, &all);
                    }
                }
            }
            let mut zones = vec![None; zone_aliases.len()];
            for (alias, z) in &s.zones.0 {
                let Some(ai) = zone_aliases.iter().position(|a| *a == alias.value) else {
                    self.error(
                        alias.referenced,
                        format!("`{}` is not declared in zone_aliases", alias.value),
                        Some(zone_aliases.join(", ")),
                    );
                    continue;
                };
                match board.zone(&z.value) {
                    Some(zi) => zones[ai] = Some(zi),
                    None => self.unknown(z.referenced, "zone", &z.value, board.zone_names()),
                }
            }
            let name = self.subst(&s.name);
            let team_name = s.team.clone().unwrap_or_else(|| name.clone());
            let team = match team_names.iter().position(|t| *t == team_name) {
                Some(i) => i,
                None => {
                    team_names.push(team_name);
                    team_names.len() - 1
                }
            };
            let letter = match &s.letter {
                Some(l) => self.subst(&Spanned::new(l.clone(), s.name.referenced, s.name.defined)),
                None => name.chars().next().map(|c| c.to_ascii_uppercase().to_string()).unwrap_or_default(),
            };
            let index = seats.len() as u8;
            let colour = match &s.colour {
                Some(c) => self.subst(&Spanned::new(c.clone(), s.name.referenced, s.name.defined)),
                None => String::new(),
            };
            seats.push(Seat {
                name,
                letter,
                forward,
                zones,
                team: team as u8,
                held_by: index,
                colour,
                plays: !s.neutral,
            });
        }
        if seats.is_empty() || seats.len() > 64 {
            self.error(def.name.referenced, "a game needs 1 to 64 seats", Some("seats: [{name: ...}, ...]".into()));
            return None;
        }
        if let Some(t) = &def.teams
            && let Some(groups) = self.groups(t, &seats)
        {
            // Listed groups are teams 0..k; every unlisted seat is a team of its own after them.
            let mut next = groups.len() as u8;
            let listed: Vec<usize> = groups.iter().flatten().copied().collect();
            for (i, seat) in seats.iter_mut().enumerate() {
                if !listed.contains(&i) {
                    seat.team = next;
                    next = next.saturating_add(1);
                }
            }
            for (team, group) in groups.iter().enumerate() {
                for &i in group {
                    seats[i].team = team as u8;
                }
            }
        }
        if let Some(p) = &def.players {
            self.players(p, &mut seats, def);
        }
        let seat_index = |name: &str| seats.iter().position(|s| s.name == name).map(|i| i as u8);
        // Seats that nobody plays (and that are not neutral) start empty.
        let empty_seat = |i: u8| !seats[i as usize].plays && !def.seats[i as usize].neutral;

        // Pieces.
        let piece_names: Vec<String> = def.pieces.0.iter().map(|(n, _)| n.value.clone()).collect();
        let names = Names { board: &board, pieces: &piece_names, zone_aliases: &zone_aliases };
        let mut pieces = Vec::new();
        for (name, p) in &def.pieces.0 {
            let mut moves = Vec::new();
            let entries =
                p.moves.iter().flat_map(|m| m.value.located().map(|(rule, at)| (rule, at.unwrap_or(m.referenced))));
            for (m, at) in entries {
                // Diagnostics search forward from the entry's place for the offending text.
                let spanned = |s: &str| Spanned::new(s.to_string(), at, at);
                let (t, when) = match m {
                    MoveDef::Plain(t) => (spanned(t), None),
                    MoveDef::Conditional { rule, when } => (spanned(rule), Some(spanned(when))),
                };
                if !self.applies(&when) {
                    continue;
                }
                let text = self.subst(&t);
                match compile_move(&text, &names) {
                    Ok(r) => moves.push(r),
                    Err(e) => self.lang_error(&t, &text, e),
                }
            }
            let symbols = if let Some(l) = &p.letter {
                seats.iter().map(|s| format!("{}{l}", s.letter)).collect()
            } else if p.symbols.is_empty() {
                vec![name.value.chars().next().unwrap_or('?').to_string()]
            } else {
                p.symbols.clone()
            };
            pieces.push(PieceType { name: name.value.clone(), symbols, moves, immune: p.immune, captures: p.captures });
        }
        if pieces.is_empty() || pieces.len() > 255 {
            self.error(def.name.referenced, "a game needs 1 to 255 piece types", None);
            return None;
        }
        let piece_index = |name: &str| piece_names.iter().position(|p| p == name).map(|i| i as u8);

        // Setup and reserves.
        let mut setup = Vec::new();
        for s in &def.setup {
            if !self.applies(&s.when) {
                continue;
            }
            let seat_name = self.subst(&s.seat);
            let seat = seat_index(&seat_name);
            if seat.is_some_and(empty_seat) {
                continue;
            }
            let piece = piece_index(&s.piece.value);
            if seat.is_none() {
                self.unknown(
                    s.seat.referenced,
                    "seat",
                    &seat_name,
                    &seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
                );
            }
            if piece.is_none() {
                self.unknown(s.piece.referenced, "piece", &s.piece.value, &piece_names);
            }
            for at in &s.at {
                match (board.find(&at.value), seat, piece) {
                    (Some(node), Some(seat), Some(piece)) => setup.push(Placement { node, seat, piece }),
                    (None, _, _) => self.error(
                        at.referenced,
                        format!("no node labelled `{}`", at.value),
                        Some("the label of a node of the board".into()),
                    ),
                    _ => {}
                }
            }
        }
        let mut reserves = Vec::new();
        for r in &def.reserve {
            if !self.applies(&r.when) {
                continue;
            }
            let piece = piece_index(&r.piece.value);
            if piece.is_none() {
                self.unknown(r.piece.referenced, "piece", &r.piece.value, &piece_names);
            }
            let targets: Vec<u8> = if r.seat.value == "all" {
                (0..seats.len() as u8).collect()
            } else {
                match seat_index(&r.seat.value) {
                    Some(s) => vec![s],
                    None => {
                        self.error(
                            r.seat.referenced,
                            format!(
                                "unknown seat `{}`{}",
                                r.seat.value,
                                did_you_mean(&r.seat.value, seats.iter().map(|s| s.name.as_str()).chain(["all"]))
                            ),
                            Some("a seat name or `all`".into()),
                        );
                        vec![]
                    }
                }
            };
            if let Some(p) = piece {
                reserves.extend(targets.into_iter().filter(|&s| !empty_seat(s)).map(|s| (s, p, r.count)));
            }
        }

        // Zobrist keys are one per (node, seat, piece): refuse definitions that would need gigabytes.
        let keys = board.len() * seats.len() * pieces.len();
        if keys > MAX_KEYS {
            self.error(
                def.name.referenced,
                format!("{} nodes x {} seats x {} piece types is too large", board.len(), seats.len(), pieces.len()),
                Some(format!("at most {MAX_KEYS} combinations")),
            );
            return None;
        }

        // Rules.
        let rules = self.rules(def, &board, &piece_names, &seats);
        let mut game = Game::new(
            def.name.value.clone(),
            def.title.clone().unwrap_or_else(|| def.name.value.clone()),
            board,
            seats,
            zone_aliases,
            pieces,
            setup,
            reserves,
            rules?,
        );
        game.rules_name = def.rules_name.clone().unwrap_or_else(|| game.title.clone());
        game.counters = def.counters.clone();
        for x in &def.extras {
            let revive = piece_names.iter().position(|p| *p == x.revive.value);
            if revive.is_none() {
                self.unknown(x.revive.referenced, "piece", &x.revive.value, &piece_names);
            }
            let cost = x.cost.as_ref().and_then(|c| {
                let i = def.counters.iter().position(|n| *n == c.value);
                if i.is_none() {
                    self.unknown(c.referenced, "counter", &c.value, &def.counters);
                }
                i
            });
            if let Some(r) = revive {
                game.extras.push(qipan_core::game::Extra { name: x.name.value.clone(), revive: r as u8, cost });
            }
        }
        // The declared options only (not `let` values or `nodes`): records write them and replay them as `--set`.
        game.options = self
            .vars
            .iter()
            .filter(|(k, _)| def.options.0.iter().any(|(n, _)| n.value == **k) && !self.unset.contains(k))
            .map(|(k, v)| (k.clone(), v.to_string()))
            .collect();

        // Hooks.
        for (_, code) in &def.hooks.0 {
            self.uses_only_set(&code.value, code.referenced);
        }
        if !def.hooks.0.is_empty() {
            let sources = def
                .hooks
                .0
                .iter()
                .map(|(point, code)| HookSource {
                    point: point.value.clone(),
                    code: code.value.clone(),
                    file: self.sources.0.get(code.referenced.file).map(|f| f.name.clone()).unwrap_or_default(),
                    line: code_line(self.text(code.referenced), code),
                })
                .collect();
            match RhaiHooks::compile(sources, HookLimits::default(), def.counters.clone()) {
                Ok(h) => game.hooks = Some(Arc::new(h)),
                Err(e) => {
                    // In the file that wrote the hook; an error at the end of the script points at its last line.
                    let file =
                        def.hooks.0.iter().find(|(p, _)| p.value == e.point).map_or(0, |(_, c)| c.referenced.file);
                    let last = self.sources.0.get(file).map_or(1, |f| f.text.lines().count().max(1));
                    let loc = Loc { line: e.line.clamp(1, last), column: e.column.max(1), file };
                    self.error(loc, format!("hook `{}`: {}", e.point, e.message), None);
                }
            }
        }
        if self.diags.is_empty() { Some(game) } else { None }
    }

    /// Piece types by name, each unknown one reported where it is written.
    fn piece_list(&mut self, names: &[Text], piece_names: &[String]) -> Vec<u8> {
        let mut out = Vec::new();
        for t in names {
            let name = self.subst(t);
            match piece_names.iter().position(|p| *p == name) {
                Some(i) => out.push(i as u8),
                None => self.unknown(t.referenced, "piece", &name, piece_names),
            }
        }
        out
    }

    fn rules(&mut self, def: &GameDef, board: &Board, piece_names: &[String], seats: &[Seat]) -> Option<Rules> {
        let r = &def.rules;
        let mut rules = Rules::default();
        if let Some(c) = &r.capture {
            let text = self.subst(c);
            let mut words = text.split_whitespace();
            match (words.next(), words.next(), words.next()) {
                (Some("groups"), Some(rel), None) => match board.relation(rel) {
                    Some(relation) => {
                        let suicide = self.word(&r.suicide, &["forbidden", "allowed"], "forbidden");
                        rules.group_capture = Some(GroupCapture { relation, suicide_allowed: suicide == "allowed" });
                    }
                    None => self.unknown(c.referenced, "relation", rel, board.relation_names()),
                },
                (Some("none"), None, None) => {}
                _ => self.error(
                    c.referenced,
                    format!("cannot read capture rule `{text}`"),
                    Some("`groups <relation>` or `none`".into()),
                ),
            }
        }
        rules.repetition = match self
            .word(&r.repetition, &["none", "simple-ko", "simple", "positional", "situational"], "none")
            .as_str()
        {
            "simple-ko" | "simple" => Repetition::SimpleKo,
            "positional" => Repetition::Positional,
            "situational" => Repetition::Situational,
            _ => Repetition::None,
        };
        rules.pass = match self.word(&r.pass, &["always", "when-stuck", "never"], "when-stuck").as_str() {
            "always" => PassRule::Always,
            "never" => PassRule::Never,
            _ => PassRule::WhenStuck,
        };
        // `stuck: pass` is the same as `pass: when-stuck`: a seat without a move passes.
        rules.stuck = match self.word(&r.stuck, &["draw", "lose", "pass"], "draw").as_str() {
            "lose" => StuckRule::Loses,
            "pass" => {
                if rules.pass == PassRule::Never {
                    rules.pass = PassRule::WhenStuck;
                }
                StuckRule::Draw
            }
            _ => StuckRule::Draw,
        };
        rules.captured_to = match self.word(&r.captured, &["removed", "graveyard", "reserve"], "removed").as_str() {
            "graveyard" => CapturedTo::Graveyard,
            "reserve" => CapturedTo::CaptorReserve,
            _ => CapturedTo::Removed,
        };
        rules.absorbed_turns = match self.word(&r.absorbed_turns, &["shared", "own", "dropped"], "shared").as_str() {
            "own" => AbsorbedTurns::Own,
            "dropped" => AbsorbedTurns::Dropped,
            _ => AbsorbedTurns::Shared,
        };
        rules.prey = match self.word(&r.prey, &["any", "next", "previous"], "any").as_str() {
            "next" => Prey::Next,
            "previous" => Prey::Previous,
            _ => Prey::Any,
        };
        rules.ally_capture = self.word(&r.ally_capture, &["forbidden", "allowed"], "forbidden") == "allowed";
        rules.check = self.piece_list(&r.check, piece_names);
        rules.checkmate = match self.word(&r.checkmate, &["lose", "draw"], "lose").as_str() {
            "draw" => StuckRule::Draw,
            _ => StuckRule::Loses,
        };
        let e = &def.end;
        let quiet_reset = self.piece_list(&e.quiet_reset, piece_names);
        let quiet_draw = match &e.quiet_plies {
            Some(m) => Some(self.count(m, "quiet_plies", 1e9)?).filter(|&n| n > 0),
            None => None,
        };
        let repetition_draw = match &e.repetitions {
            Some(m) => Some(self.count(m, "repetitions", 1e9)?).filter(|&n| n > 0),
            None => None,
        };
        let royal = self.piece_list(&e.royal, piece_names);
        let bare = self.piece_list(&e.bare, piece_names);
        let royal_capture = match self.word(&e.royal_capture, &["eliminate", "absorb"], "eliminate").as_str() {
            "absorb" => RoyalCapture::Absorb,
            _ => RoyalCapture::Eliminate,
        };
        let bare_side = match self.word(&e.bare_side, &["removed", "captor"], "removed").as_str() {
            "captor" => BareSide::Captor,
            _ => BareSide::Removed,
        };
        let max_plies = match &e.max_plies {
            Some(m) => Some(self.count(m, "max_plies", 1e9)?),
            None => None,
        };
        let mut goals = Vec::new();
        for g in &e.goals {
            if !self.applies(&g.when) {
                continue;
            }
            match def.counters.iter().position(|c| *c == g.counter.value) {
                Some(i) => goals.push((i, self.number(&g.at_least).unwrap_or(0.0) as i64)),
                None => self.unknown(g.counter.referenced, "counter", &g.counter.value, &def.counters),
            }
        }
        rules.end = EndRules {
            goals,
            consecutive_passes: e.passes,
            max_plies,
            royal,
            royal_capture,
            bare,
            bare_side,
            lose_without_pieces: e.lose_without_pieces,
            last_standing: e.last_standing,
            quiet_draw,
            quiet_reset,
            repetition_draw,
        };
        rules.score_bonus = vec![0.0; seats.len()];
        if let Some(s) = &def.scoring {
            let method = self.subst(&s.method);
            rules.scoring = match method.as_str() {
                "area" => {
                    let rel_name = match &s.relation {
                        Some(t) => self.subst(t),
                        None => "orthogonal".into(),
                    };
                    let relation = board.relation(&rel_name);
                    if relation.is_none() {
                        let loc = s.relation.as_ref().map(|t| t.referenced).unwrap_or(s.method.referenced);
                        self.unknown(loc, "relation", &rel_name, board.relation_names());
                    }
                    let dame = if self.word(&s.dame, &["split", "nobody"], "nobody") == "split" {
                        Dame::Split
                    } else {
                        Dame::Nobody
                    };
                    Scoring::Area { relation: relation?, dame }
                }
                "captures" => Scoring::Captures,
                "none" => Scoring::None,
                other => {
                    self.error(
                        s.method.referenced,
                        format!("unknown scoring method `{other}`"),
                        Some("area, captures or none".into()),
                    );
                    Scoring::None
                }
            };
            for (seat, v) in &s.bonus.0 {
                match seats.iter().position(|x| x.name == seat.value) {
                    // The one use an unset option may have: a game shown or counted is never scored.
                    Some(i) => rules.score_bonus[i] = self.value_of(v).unwrap_or(0.0),
                    None => self.unknown(
                        seat.referenced,
                        "seat",
                        &seat.value,
                        &seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
                    ),
                }
            }
        }
        Some(rules)
    }
}

/// The file line where a hook's code starts (block scalars start on the line after the key).
fn code_line(source: &str, code: &Text) -> usize {
    let loc: Loc = code.referenced;
    let first = code.value.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
    let lines: Vec<&str> = source.lines().collect();
    for (i, l) in lines.iter().enumerate().skip(loc.line.saturating_sub(1)).take(code.value.lines().count() + 3) {
        if !first.is_empty() && l.contains(first) {
            // The code's own first line may be blank; count back to the start of the value.
            let skipped = code.value.lines().take_while(|x| x.trim().is_empty()).count();
            return i + 1 - skipped;
        }
    }
    loc.line
}

/// Parses `--set` text for an option.
fn parse_option_value(info: &OptionInfo, v: &str, _def: &GameDef) -> Result<Value, String> {
    let val = match info.kind.as_str() {
        "int" => {
            let x: i64 = v.parse().map_err(|_| format!("`{v}` is not a whole number"))?;
            Value::Num(x as f64)
        }
        "number" => match v.parse::<f64>() {
            Ok(x) if x.is_finite() => Value::Num(x),
            // `nan`, `inf` and `1e400` parse, but no rule can count with them.
            Ok(_) => return Err(format!("`{v}` is not a finite number")),
            Err(_) => return Err(format!("`{v}` is not a number")),
        },
        "bool" => match v {
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
