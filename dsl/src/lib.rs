//! qipan-dsl: definition files.
//!
//! A game is a YAML file ([`schema`]) whose movement rules and conditions are written in a small
//! language ([`lang`], grammar in `grammar.pest`) and whose remaining rules are Rhai hooks
//! ([`hooks`]). [`load_str`] turns one into a `qipan_core::Game`; every error is a [`Diagnostic`]
//! pointing at `file:line:column`.

#![warn(missing_docs)]

mod compile;
pub mod diag;
pub mod hooks;
pub mod lang;
pub mod schema;

pub use compile::OptionInfo;
pub use diag::{Diagnostic, Diagnostics, Loc};
pub use lang::Value;

use qipan_core::Game;

/// Reads the YAML of a definition, mapping YAML errors to diagnostics.
fn parse(file: &str, source: &str) -> Result<schema::GameDef, Diagnostics> {
    serde_saphyr::from_str::<schema::GameDef>(source).map_err(|e| {
        let loc = e.location().map(Loc::from).unwrap_or(Loc { line: 1, column: 1 });
        let message = yaml_message(&e);
        let expected = expected_hint(&message);
        Diagnostics(vec![Diagnostic::new(file, source, loc, message, expected)])
    })
}

/// The YAML error's message without the location and snippet serde-saphyr adds.
fn yaml_message(e: &serde_saphyr::Error) -> String {
    let full = e.to_string();
    let first = full.lines().next().unwrap_or("invalid YAML").trim();
    // serde-saphyr writes "error: line N column M: message" style prefixes; keep the message.
    let msg = first.rsplit_once(": ").map(|(a, b)| if a.contains("line") { b } else { first }).unwrap_or(first);
    msg.trim_start_matches("error: ").to_string()
}

/// A hint of what was expected, for the messages serde produces.
fn expected_hint(message: &str) -> Option<String> {
    if let Some(i) = message.find("expected one of") {
        return Some(message[i + "expected ".len()..].to_string());
    }
    if let Some(i) = message.find("expected") {
        return Some(message[i + "expected ".len()..].to_string());
    }
    None
}

/// Compiles a definition with option overrides (`name`, `value`).
pub fn load_str(file: &str, source: &str, overrides: &[(String, String)]) -> Result<Game, Diagnostics> {
    let def = parse(file, source)?;
    let mut c = compile::Compiler::new(file, source);
    match c.game(&def, overrides) {
        Some(g) if c.diags.is_empty() => Ok(g),
        _ => Err(Diagnostics(c.diags)),
    }
}

/// The options a definition declares, with defaults and allowed values.
pub fn options(file: &str, source: &str) -> Result<Vec<OptionInfo>, Diagnostics> {
    let def = parse(file, source)?;
    let mut c = compile::Compiler::new(file, source);
    let infos = c.options(&def, &[]);
    Ok(infos)
}

/// Name, title and description of a definition, without compiling it.
pub fn summary(file: &str, source: &str) -> Result<(String, String, String), Diagnostics> {
    let def = parse(file, source)?;
    Ok((
        def.name.value.clone(),
        def.title.clone().unwrap_or_else(|| def.name.value.clone()),
        def.description.clone().unwrap_or_default(),
    ))
}
