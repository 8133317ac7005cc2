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

/// The largest definition text read, in bytes: far above any real game (He Qi's is 14 KB; a board of
/// 65,534 nodes listed one per line fits), and small enough that reading it is harmless.
pub const MAX_DEFINITION_BYTES: usize = 8 << 20;

/// Reads the YAML of a definition, mapping YAML errors to diagnostics.
fn parse(file: &str, source: &str) -> Result<schema::GameDef, Diagnostics> {
    if source.len() > MAX_DEFINITION_BYTES {
        let message = format!("the definition is {} bytes long, more than the limit", source.len());
        let expected = Some(format!("at most {MAX_DEFINITION_BYTES} bytes"));
        return Err(Diagnostics(vec![Diagnostic::new(file, "", Loc { line: 1, column: 1 }, message, expected)]));
    }
    serde_saphyr::from_str::<schema::GameDef>(source).map_err(|e| {
        let loc = e.location().map(Loc::from).unwrap_or(Loc { line: 1, column: 1 });
        let message = yaml_message(&e);
        let expected = expected_hint(&message);
        Diagnostics(vec![Diagnostic::new(file, source, loc, message, expected)])
    })
}

/// A YAML error's message without the location and snippet serde-saphyr adds (callers show the
/// location their own way).
pub fn yaml_message(e: &serde_saphyr::Error) -> String {
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
///
/// ```
/// let src = "name: tiny
/// board:
///   grid: { width: 3, height: 3 }
/// seats: [{ name: black }, { name: white }]
/// pieces:
///   stone: { moves: place to empty }
/// ";
/// let game = qipan_dsl::load_str("tiny.yaml", src, &[]).unwrap();
/// assert_eq!(game.board.len(), 9);
/// // Errors point into the file.
/// let err = qipan_dsl::load_str("tiny.yaml", &src.replace("empty", "emtpy"), &[]).unwrap_err();
/// assert_eq!(err.0[0].loc.line, 6);
/// ```
pub fn load_str(file: &str, source: &str, overrides: &[(String, String)]) -> Result<Game, Diagnostics> {
    let def = parse(file, source)?;
    let mut c = compile::Compiler::new(file, source);
    match c.game(&def, overrides) {
        Some(g) if c.diags.is_empty() => Ok(g),
        _ => Err(Diagnostics(c.diags)),
    }
}

/// Checks a definition as `qipan check` does: options without a default get stand-in values (their
/// minimum, first allowed value, 0, false or empty). Returns the names of those options, which a
/// user must set to play.
pub fn validate(file: &str, source: &str) -> Result<Vec<String>, Diagnostics> {
    let def = parse(file, source)?;
    let mut c = compile::Compiler::new(file, source);
    c.placeholders = true;
    let required: Vec<String> =
        def.options.0.iter().filter(|(_, o)| o.default.is_none()).map(|(n, _)| n.value.clone()).collect();
    match c.game(&def, &[]) {
        Some(_) if c.diags.is_empty() => Ok(required),
        _ => Err(Diagnostics(c.diags)),
    }
}

/// The option to be set by cut-and-choose before play (one player sets it, the other chooses to move
/// first or second), if the definition has that procedure and it applies under these option values.
pub fn cut_and_choose(file: &str, source: &str, overrides: &[(String, String)]) -> Result<Option<String>, Diagnostics> {
    let def = parse(file, source)?;
    let Some(cc) = &def.cut_and_choose else { return Ok(None) };
    let mut c = compile::Compiler::new(file, source);
    c.placeholders = true;
    c.options(&def, overrides);
    let applies = match &cc.when {
        None => true,
        Some(w) => match lang::eval_expr(&w.value, &c.vars) {
            Ok(Value::Bool(b)) => b,
            _ => {
                let msg = format!("cannot evaluate `{}`", w.value);
                return Err(Diagnostics(vec![Diagnostic::new(file, source, w.referenced.into(), msg, None)]));
            }
        },
    };
    Ok(applies.then(|| cc.option.value.clone()))
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
