//! qipan-dsl: definition files.
//!
//! A game is a YAML file ([`schema`]) whose movement rules and conditions are written in a small
//! language ([`lang`], grammar in `grammar.pest`) and whose remaining rules are Rhai hooks
//! ([`hooks`]). A [`Definition`] is the one way in: [`Definition::read`] reads a file and follows
//! the chain of bases it `extends:` with a [`Resolve`]r ([`read`]); [`Definition::compile`] turns it
//! into a `qipan_core::Game`. Every error is a [`Diagnostic`] pointing at `file:line:column`.
//!
//! ```
//! use qipan_dsl::{Definition, FileResolver};
//!
//! let src = "name: tiny\nboard: { grid: { width: 3, height: 3 } }\nseats: [{ name: a }]\n\
//!            pieces: { stone: { moves: place to empty } }\n";
//! let def = Definition::read("tiny.yaml", src, &FileResolver)?;
//! assert_eq!(def.compile(&[])?.board.len(), 9);
//! assert_eq!(def.validate()?, Vec::<String>::new());
//! // Errors point into the file.
//! let typo = Definition::read("tiny.yaml", &src.replace("empty", "emtpy"), &FileResolver)?;
//! assert_eq!(typo.compile(&[]).unwrap_err().0[0].loc.line, 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod compile;
pub mod definition;
pub mod diag;
pub mod hooks;
pub mod lang;
pub mod read;
pub mod schema;
mod words;

pub use compile::OptionInfo;
pub use definition::Definition;
pub use diag::{Diagnostic, Diagnostics, Loc};
pub use lang::{MAX_NESTING, Value};
pub use read::{FileResolver, Resolve, SourceFile, Sources, yaml_message};

/// The largest definition text read, in bytes: far above any real game (the largest shipped definition is
/// about 14 KB, and a board of 65,534 nodes listed one per line fits), and small enough that reading it is
/// harmless.
pub const MAX_DEFINITION_BYTES: usize = 8 << 20;
