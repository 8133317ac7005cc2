//! Reading definitions, and `extends:`: a definition that builds on another.
//!
//! One file per step: [`source`] reads the files and follows `extends:`, [`tree`] parses each into a
//! spanned YAML tree, [`merge`](mod@merge) lays an extension over its base, [`de`] deserializes the merged tree
//! into the schema; [`files`] reads any user's file safely.
//!
//! # Design
//!
//! Every definition is read in three steps, whether it extends another or not:
//!
//! 1. **Parse** each file of the chain (the file loaded, its base, the base's base, ...) with
//!    serde-saphyr into a [`Node`] tree: plain YAML values (maps in file order, lists, scalars),
//!    every node carrying its [`Loc`](crate::Loc) — line, column *and the index of the file it came from*
//!    (0 for the file loaded, 1 for its base, ...). Plain scalars keep their source text, so a
//!    value read as text (`letter: 1`) is what was written.
//! 2. **Merge** the chain, root base first, each child over its base, by the rule below. Each
//!    merged node still carries the location of the file that wrote it.
//! 3. **Deserialize** the merged tree into [`GameDef`](crate::schema::GameDef) through a small
//!    serde `Deserializer` over [`Node`]s, which hands each [`Spanned`](crate::schema::Spanned)
//!    value its node's location. Errors of this step (an unknown field, a wrong type) are placed at
//!    the innermost node being read.
//!
//! The compiler then reports every diagnostic in the file named by its location's `file` index,
//! with that file's line under the caret ([`Sources`]). So an error in a piece inherited from the
//! base points into the base's file; an error in an override into the child.
//!
//! # The merge rule
//!
//! - Maps merge key by key, recursively: `pieces: { pawn: { moves: ... } }` replaces only the
//!   pawn's moves; keys new to the child are added after the base's, in the child's order.
//! - Anything else (a list, a text, a number) replaces the base's value wholesale: `setup`,
//!   `seats`, a piece's `moves` list, an option's `values`.
//! - `KEY+:` in the child appends to the base's list at `KEY` instead of replacing it:
//!   `setup+: [...]`, `moves+: step diagonal` (a single value is a list of one, on either side;
//!   without a base value the list is taken as it is).
//! - A key set to `~` (null) in the child removes the base's key: `hooks: { score: ~ }`.
//! - `name`, `title` and `description` are not inherited: `name` defaults to the child file's
//!   stem, `title` to `<base title> (<name>)`, `description` to `A variant of <base title>.`
//! - `extends:` names a base by game name (resolved by the [`Resolve`] given: built-in games,
//!   a library) or by a path relative to the extending file's directory (anything with a `/` or
//!   ending in `.yaml`/`.yml`). Chains work; a cycle is an error at the `extends:` that closes it.

pub mod de;
pub mod files;
pub mod merge;
pub mod source;
#[cfg(test)]
mod tests;
pub mod tree;

pub use de::{DeError, NodeDe, from_tree};
pub(crate) use de::{SPANNED, read_tree};
pub use merge::merge;
pub use source::{
    FileResolver, Resolve, SourceFile, Sources, file_source, is_path, read_chain, read_file, read_text, relative_to,
};
pub use tree::{Kind, Node, Typed, parse_definition, parse_tree, yaml_message};
