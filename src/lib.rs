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
//!
//! Names are looked up among the built-in games ([`games`]), then in the user's library
//! ([`library`]), then taken as paths. A definition's `extends:` is resolved the same way by
//! [`Resolver`], paths relative to the extending file.

#![warn(missing_docs)]

#[doc(hidden)]
pub mod fuzzing;
pub mod games;
pub mod gtp;
pub mod input;
pub mod library;
mod load;
pub mod record;
pub mod serve;
pub mod session;
pub mod sgf;
pub mod simulate;
pub mod uci;

pub use load::{
    LoadError, RandomStartError, Resolver, cut_and_choose, definition, draw_start, load, load_for_view, load_str,
    options, source, source_file, validate,
};
pub use qipan_core as core;
pub use qipan_dsl as dsl;
pub use qipan_dsl::read::files::{ReadError, read_bytes};
pub use qipan_dsl::{Definition, Diagnostic, Diagnostics};
