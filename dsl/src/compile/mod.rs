//! From a parsed definition to a `qipan_core::Game`: options resolved, board generated, language
//! compiled, names checked. Every error points back into the file.
//!
//! `Compiler::game` runs the steps in order, each in its own file: the options and `let` values
//! (`options.rs`), the board (`board.rs`, a hexagonal one's size in `hex.rs`), the seats (`seats.rs`), the pieces, setup, reserves
//! and extras (`pieces.rs`), the rules and the end (`rules.rs`), the hooks (`hooks.rs`), the playouts' patterns (`playout.rs`). The words each
//! setting accepts are tables in `words.rs`.

mod board;
mod counting;
mod goals;
mod hex;
mod hooks;
mod lattices;
pub mod options;
mod pass;
mod pieces;
mod playout;
mod render;
mod rules;
mod seats;
mod shuffle;
mod words;

pub use options::OptionInfo;

use crate::diag::{Diagnostic, Loc, did_you_mean, locate_in_value};
use crate::lang::{LangError, Names, Value, eval_expr};
use crate::read::Sources;
use crate::schema::{GameDef, NumOrExpr, Spanned, Text};
use crate::words::{Words, listed, lookup};
use qipan_core::PieceId;
use qipan_core::game::{Game, GameBuilder, MAX_KEYS};
use std::collections::BTreeMap;

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

    /// An unknown name: which, the known one it likely misspells, and the known ones.
    fn unknown<S: AsRef<str>>(&mut self, at: Loc, what: &str, name: &str, known: &[S]) {
        let hint = did_you_mean(name, known.iter().map(|k| k.as_ref()));
        let list = known.iter().map(|k| k.as_ref()).collect::<Vec<_>>().join(", ");
        self.error(at, format!("unknown {what} `{name}`{hint}"), Some(list));
    }

    fn board_result<T>(&mut self, r: Result<T, qipan_core::board::BoardError>, loc: Loc) -> Option<T> {
        r.map_err(|e| self.error(loc, format!("board: {e}"), None)).ok()
    }

    /// The meaning of a setting's word in its table; `default` when the setting is absent or its word unknown
    /// (an error).
    fn word<T: Copy>(&mut self, t: &Option<Text>, table: Words<T>, default: T) -> T {
        let Some(t) = t else { return default };
        let w = self.subst(t);
        match lookup(table, &w) {
            Some(v) => v,
            None => {
                let hint = did_you_mean(&w, crate::words::words(table));
                self.error(t.referenced, format!("unknown value `{w}`{hint}"), Some(listed(table)));
                default
            }
        }
    }

    /// The whole compilation, step by step.
    pub fn game(&mut self, def: &GameDef, overrides: &[(String, String)]) -> Option<Game> {
        self.options(def, overrides);
        if !self.diags.is_empty() {
            return None;
        }
        self.lets(def);
        let board = self.board(&def.board)?;
        self.vars.insert("nodes".into(), Value::Num(board.len() as f64));
        let seats = self.seats(def, &board)?;
        let piece_names: Vec<String> = def.pieces.0.iter().map(|(n, _)| n.value.clone()).collect();
        if let Some((name, _)) = def.pieces.0.get(PieceId::MAX as usize + 1) {
            let most = PieceId::MAX as usize + 1;
            self.error(name.referenced, format!("a game has at most {most} piece types"), None);
            return None;
        }
        let seat_names = seats::seat_names(&seats);
        let names = Names { board: &board, pieces: &piece_names, zone_aliases: &def.zone_aliases, seats: &seat_names };
        let pieces = self.pieces(def, &names, &seats)?;
        let setup = self.setup(def, &board, &seats, &piece_names);
        let reserves = self.reserves(def, &seats, &piece_names);
        let shuffle = self.shuffle(def, &board, &seats, &piece_names);

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

        let mut rules = self.rules(def, &board, &piece_names, &seats);
        let captured_as = self.captured_as(def, &piece_names);
        if let Some(r) = rules.as_mut() {
            r.captured_as = captured_as;
            // Values are numbers: the reader refuses `.nan` and infinities.
            r.values = def.pieces.0.iter().map(|(_, p)| p.value.as_ref().map_or(1.0, |v| v.value)).collect();
            r.value_declared = def.pieces.0.iter().map(|(_, p)| p.value.is_some()).collect();
        }
        let look = self.look(def, &board, &seats, &piece_names);
        let patterns = self.patterns(def, &board);
        let title = def.title.clone().unwrap_or_else(|| def.name.value.clone());
        let mut game = GameBuilder::new(def.name.value.clone(), board)
            .title(title.clone())
            .rules_name(def.rules_name.clone().unwrap_or(title))
            .seats(seats)
            .pieces(pieces)
            .setup(setup)
            .rules(rules?)
            .look(look);
        for alias in &def.zone_aliases {
            game = game.zone_alias(alias.clone());
        }
        for (seat, piece, count) in reserves {
            game = game.reserve(seat, piece, count);
        }
        for counter in &def.counters {
            game = game.counter(counter.clone());
        }
        if let Some((shuffle, number)) = shuffle {
            game = game.shuffle(shuffle, number);
        }
        for extra in self.extras(def, &piece_names) {
            game = game.extra(extra);
        }
        for (name, value) in self.recorded_options(def) {
            game = game.option(name, value);
        }
        if let Some(hooks) = self.hooks(def) {
            game = game.hooks(hooks);
        }
        if let Some(patterns) = patterns {
            game = game.patterns(patterns);
        }
        if !self.diags.is_empty() {
            return None;
        }
        // What the steps above checked, the builder checks again; a refusal here is a gap in them.
        game.build().map_err(|e| self.error(def.name.referenced, e.to_string(), None)).ok()
    }
}
