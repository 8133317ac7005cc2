//! qipan-dsl: definition files.
//!
//! A game is a YAML file ([`schema`]) whose movement rules and conditions are written in a small
//! language ([`lang`], grammar in `grammar.pest`) and whose remaining rules are Rhai hooks
//! ([`hooks`]). [`load_str`] turns one into a `qipan_core::Game`; every error is a [`Diagnostic`]
//! pointing at `file:line:column`. A definition may build on another with `extends:`
//! ([`extends`]); [`Definition::read`] follows the chain with a [`Resolve`]r.

#![warn(missing_docs)]

mod compile;
pub mod diag;
pub mod extends;
pub mod hooks;
pub mod lang;
pub mod schema;

pub use compile::OptionInfo;
pub use diag::{Diagnostic, Diagnostics, Loc};
pub use extends::{FileResolver, Resolve, SourceFile, Sources, yaml_message};

/// The largest definition text read, in bytes: far above any real game (the largest shipped definition is
/// about 14 KB, and a board of 65,534 nodes listed one per line fits), and small enough that reading it is
/// harmless.
pub const MAX_DEFINITION_BYTES: usize = 8 << 20;
pub use lang::Value;

use qipan_core::Game;

/// A definition read and merged with the bases it extends, ready to compile.
#[derive(Debug)]
pub struct Definition {
    /// The merged definition.
    pub def: schema::GameDef,
    /// The files it was read from: the file loaded first, then its bases.
    pub sources: Sources,
    /// What the file loaded wrote after `extends:`, if anything.
    pub extends: Option<String>,
}

impl Definition {
    /// Reads the definition `source` (named `file` in diagnostics) and the chain of definitions it
    /// extends, found by `resolver`.
    pub fn read(file: &str, source: &str, resolver: &dyn Resolve) -> Result<Definition, Diagnostics> {
        let id = std::fs::canonicalize(file).map(|p| p.display().to_string()).unwrap_or_else(|_| file.to_string());
        Definition::read_source(SourceFile { name: file.to_string(), id, text: source.to_string() }, resolver)
    }

    /// [`Definition::read`] for a file whose identity (to detect cycles of `extends:`) is known.
    pub fn read_source(file: SourceFile, resolver: &dyn Resolve) -> Result<Definition, Diagnostics> {
        let mut sources = Sources(vec![file]);
        let top = extends::parse_tree(&sources, 0)?;
        let extends = top.get("extends").and_then(extends::Node::text).map(|s| s.trim().to_string());
        let tree = extends::read_chain(&mut sources, resolver)?;
        let def = extends::from_tree(&tree, &sources)?;
        Ok(Definition { def, sources, extends })
    }

    /// Compiles the definition with option overrides (`name`, `value`).
    pub fn compile(&self, overrides: &[(String, String)]) -> Result<Game, Diagnostics> {
        let mut c = compile::Compiler::new(&self.sources);
        match c.game(&self.def, overrides) {
            Some(g) if c.diags.is_empty() => Ok(g),
            _ => Err(Diagnostics(c.diags)),
        }
    }

    /// Checks the definition as `qipan check` does: options without a default get stand-in values
    /// (their minimum, first allowed value, 0, false or empty). Returns the names of those options,
    /// which a user must set to play.
    pub fn validate(&self) -> Result<Vec<String>, Diagnostics> {
        let def = &self.def;
        let mut c = compile::Compiler::new(&self.sources);
        c.placeholders = true;
        let required: Vec<String> =
            def.options.0.iter().filter(|(_, o)| o.default.is_none()).map(|(n, _)| n.value.clone()).collect();
        match c.game(def, &[]) {
            Some(_) if c.diags.is_empty() => Ok(required),
            _ => Err(Diagnostics(c.diags)),
        }
    }

    /// The option to be set by cut-and-choose before play (one player sets it, the other chooses to
    /// move first or second), if the definition has that procedure and it applies under these
    /// option values.
    pub fn cut_and_choose(&self, overrides: &[(String, String)]) -> Result<Option<String>, Diagnostics> {
        let def = &self.def;
        let Some(cc) = &def.cut_and_choose else { return Ok(None) };
        let mut c = compile::Compiler::new(&self.sources);
        c.placeholders = true;
        c.options(def, overrides);
        let applies = match &cc.when {
            None => true,
            Some(w) => match lang::eval_expr(&w.value, &c.vars) {
                Ok(Value::Bool(b)) => b,
                _ => {
                    let msg = format!("cannot evaluate `{}`", w.value);
                    return Err(Diagnostics(vec![self.sources.diagnostic(w.referenced, msg, None)]));
                }
            },
        };
        Ok(applies.then(|| cc.option.value.clone()))
    }

    /// The options the definition declares, with defaults and allowed values.
    pub fn options(&self) -> Vec<OptionInfo> {
        compile::Compiler::new(&self.sources).options(&self.def, &[])
    }

    /// Name, title and description.
    pub fn summary(&self) -> (String, String, String) {
        let def = &self.def;
        (
            def.name.value.clone(),
            def.title.clone().unwrap_or_else(|| def.name.value.clone()),
            def.description.clone().unwrap_or_default(),
        )
    }
}

/// Compiles a definition with option overrides (`name`, `value`). A definition that `extends:`
/// another may name it by path only (see [`Definition::read`] for other resolvers).
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
    Definition::read(file, source, &FileResolver)?.compile(overrides)
}

/// Checks a definition as `qipan check` does (see [`Definition::validate`]).
pub fn validate(file: &str, source: &str) -> Result<Vec<String>, Diagnostics> {
    Definition::read(file, source, &FileResolver)?.validate()
}

/// The option to be set by cut-and-choose before play (see [`Definition::cut_and_choose`]).
pub fn cut_and_choose(file: &str, source: &str, overrides: &[(String, String)]) -> Result<Option<String>, Diagnostics> {
    Definition::read(file, source, &FileResolver)?.cut_and_choose(overrides)
}

/// The options a definition declares, with defaults and allowed values.
pub fn options(file: &str, source: &str) -> Result<Vec<OptionInfo>, Diagnostics> {
    Ok(Definition::read(file, source, &FileResolver)?.options())
}

/// Name, title and description of a definition, without compiling it.
pub fn summary(file: &str, source: &str) -> Result<(String, String, String), Diagnostics> {
    Ok(Definition::read(file, source, &FileResolver)?.summary())
}
