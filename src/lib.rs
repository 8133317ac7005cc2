//! qipan: a scriptable rules engine for board games. Boards are graphs, games are data.
//!
//! ```
//! let game = qipan::load("go", &[("size".into(), "9".into())]).unwrap();
//! let mut pos = game.start();
//! let mv = qipan::core::notation::parse_move(&pos, "E5").unwrap();
//! pos.play(&mv).unwrap();
//! assert_eq!(pos.legal_moves().len(), 80 + 1); // 80 empty points and the pass
//! ```
//!
//! [`load`] takes the name of a built-in game or a path to a definition file; [`load_str`] a
//! definition's text. Games are `qipan_core::Game`s, shared behind an `Arc`.

#![warn(missing_docs)]

#[doc(hidden)]
pub mod fuzzing;
pub mod games;
pub mod gtp;
pub mod record;
pub mod sgf;

pub use qipan_core as core;
pub use qipan_dsl as dsl;
pub use qipan_dsl::{Diagnostic, Diagnostics};

use qipan_core::Game;
use std::path::Path;
use std::sync::Arc;

/// Why a game could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// Neither a built-in game nor a readable file.
    #[error("`{name}` is neither a built-in game ({builtins}) nor a readable file: {reason}")]
    NotFound {
        /// What was asked for.
        name: String,
        /// The built-in names.
        builtins: String,
        /// Why the file could not be read.
        reason: String,
    },
    /// The definition has errors.
    #[error(transparent)]
    Invalid(#[from] Diagnostics),
}

/// The file name and text of a game: a built-in name (`go`) or a path.
pub fn source(name_or_path: &str) -> Result<(String, String), LoadError> {
    if let Some(src) = games::builtin(name_or_path) {
        return Ok((format!("games/{name_or_path}.yaml"), src.to_string()));
    }
    match read_limited(Path::new(name_or_path)) {
        Ok(text) => Ok((name_or_path.to_string(), text)),
        Err(e) => Err(LoadError::NotFound {
            name: name_or_path.to_string(),
            builtins: games::BUILTIN.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", "),
            reason: e.to_string(),
        }),
    }
}

/// Reads a definition file, at most one byte more than a definition may hold (so that the compiler
/// reports the size limit): a record naming `/dev/zero` or a huge file as its game must not exhaust
/// memory.
fn read_limited(path: &Path) -> std::io::Result<String> {
    use std::io::Read;
    let mut text = String::new();
    std::fs::File::open(path)?.take(qipan_dsl::MAX_DEFINITION_BYTES as u64 + 1).read_to_string(&mut text)?;
    Ok(text)
}

/// Loads a built-in game or a definition file, with option overrides (`name`, `value`).
pub fn load(name_or_path: &str, overrides: &[(String, String)]) -> Result<Arc<Game>, LoadError> {
    let (file, text) = source(name_or_path)?;
    Ok(load_str(&file, &text, overrides)?)
}

/// Checks a built-in game or definition file as `qipan check` does; returns the options without a
/// default, which must be set to play.
pub fn validate(name_or_path: &str) -> Result<Vec<String>, LoadError> {
    let (file, text) = source(name_or_path)?;
    Ok(qipan_dsl::validate(&file, &text)?)
}

/// Compiles a definition's text; `file` is used in diagnostics.
pub fn load_str(file: &str, source: &str, overrides: &[(String, String)]) -> Result<Arc<Game>, Diagnostics> {
    qipan_dsl::load_str(file, source, overrides).map(Arc::new)
}
