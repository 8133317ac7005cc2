//! Reading definitions, and `extends:`: a definition that builds on another.
//!
//! # Design
//!
//! Every definition is read in three steps, whether it extends another or not:
//!
//! 1. **Parse** each file of the chain (the file loaded, its base, the base's base, ...) with
//!    serde-saphyr into a [`Node`] tree: plain YAML values (maps in file order, lists, scalars),
//!    every node carrying its [`Loc`] — line, column *and the index of the file it came from*
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

use crate::diag::{Diagnostic, Diagnostics, Loc, did_you_mean};
use serde::Deserialize;
use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, SeqAccess, Visitor};
use std::cell::RefCell;
use std::fmt;
use std::path::{Path, PathBuf};

/// The most files a chain of `extends:` may have.
const MAX_CHAIN: usize = 16;

/// A definition's text, found by a [`Resolve`]r.
///
/// ```
/// let go = qipan::source_file("go")?;
/// assert_eq!((go.name.as_str(), go.id.as_str()), ("games/go.yaml", "builtin:go"));
/// assert!(go.text.contains("name: go\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// The name diagnostics use (`games/NAME.yaml`, `variants/mine.yaml`).
    pub name: String,
    /// What identifies the file, to detect cycles (a canonical path, `builtin:go`).
    pub id: String,
    /// The YAML text.
    pub text: String,
}

/// The files a definition was read from: index 0 is the file loaded, 1 its base, and so on. A
/// [`Loc`]'s `file` is an index into this list.
///
/// ```
/// let src = "extends: go\nname: small\noptions: { size: { default: 9 } }\n";
/// let def = qipan_dsl::Definition::read("small.yaml", src, &qipan::Resolver)?;
/// // The stone's moves are inherited: they are written in the base, file 1.
/// let moves = def.def.pieces.0[0].1.moves.as_ref().unwrap();
/// assert_eq!(moves.referenced.file, 1);
/// assert_eq!(def.sources.file(moves.referenced).name, "games/go.yaml");
/// assert_eq!(def.sources.0[0].name, "small.yaml");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sources(pub Vec<SourceFile>);

/// Diagnostics point into the file a location names, and say how a base comes in:
///
/// ```
/// use qipan_dsl::{Loc, SourceFile, Sources};
///
/// let file = |name: &str, text: &str| SourceFile { name: name.into(), id: name.into(), text: text.into() };
/// let sources = Sources(vec![file("child.yaml", "extends: base.yaml\n"), file("base.yaml", "name: b\nseats: 2\n")]);
/// let d = sources.diagnostic(Loc { line: 2, column: 8, file: 1 }, "seats are a list", None);
/// assert_eq!((d.file.as_str(), d.source_line.as_str()), ("base.yaml", "seats: 2"));
/// assert_eq!(d.note.as_deref(), Some("in a base: child.yaml extends base.yaml"));
/// ```
impl Sources {
    /// The file of a location (the first file if the index is out of range).
    ///
    /// ```
    /// use qipan_dsl::{Loc, SourceFile, Sources};
    ///
    /// let file = |name: &str| SourceFile { name: name.into(), id: name.into(), text: String::new() };
    /// let sources = Sources(vec![file("child.yaml"), file("base.yaml")]);
    /// assert_eq!(sources.file(Loc { line: 3, column: 1, file: 1 }).name, "base.yaml");
    /// assert_eq!(sources.file(Loc { line: 3, column: 1, file: 7 }).name, "child.yaml");
    /// ```
    pub fn file(&self, loc: Loc) -> &SourceFile {
        self.0.get(loc.file).or(self.0.first()).expect("at least one source")
    }

    /// A diagnostic at `loc`, in the file it points into.
    ///
    /// ```
    /// use qipan_dsl::{Loc, SourceFile, Sources};
    ///
    /// let text = "name: mine\nseats: 2\n".to_string();
    /// let sources = Sources(vec![SourceFile { name: "mine.yaml".into(), id: "mine".into(), text }]);
    /// let d = sources.diagnostic(Loc { line: 2, column: 8, file: 0 }, "seats are a list", Some("[...]".into()));
    /// assert_eq!((d.file.as_str(), d.loc.line, d.source_line.as_str()), ("mine.yaml", 2, "seats: 2"));
    /// assert_eq!(d.expected.as_deref(), Some("[...]"));
    /// assert_eq!(d.note, None); // the file loaded needs no note
    /// ```
    pub fn diagnostic(&self, loc: Loc, message: impl Into<String>, expected: Option<String>) -> Diagnostic {
        let f = self.file(loc);
        let mut d = Diagnostic::new(&f.name, &f.text, loc, message, expected);
        if loc.file > 0 && loc.file < self.0.len() {
            let chain: Vec<&str> = self.0[..=loc.file].iter().map(|s| s.name.as_str()).collect();
            d.note = Some(format!("in a base: {}", chain.join(" extends ")));
        }
        d
    }
}

/// Finds the definition an `extends:` names.
///
/// A host with its own store of games implements it in a few lines:
///
/// ```
/// use qipan_dsl::{Definition, Resolve, SourceFile};
///
/// /// Games kept in memory, by name.
/// struct Memory(Vec<(&'static str, &'static str)>);
///
/// impl Resolve for Memory {
///     fn resolve(&self, spec: &str, _from: &SourceFile) -> Result<SourceFile, String> {
///         let (name, text) = self.0.iter().find(|(n, _)| *n == spec).ok_or("no such game in memory")?;
///         Ok(SourceFile { name: format!("memory/{name}"), id: format!("memory:{name}"), text: text.to_string() })
///     }
/// }
///
/// let base = "name: dots\nboard: { grid: { width: 4, height: 4 } }\nseats: [{ name: a }, { name: b }]\n\
///             pieces: { dot: { moves: place to empty } }\n";
/// let memory = Memory(vec![("dots", base)]);
/// let def = Definition::read("big-dots.yaml", "extends: dots\nboard: { grid: { width: 6 } }\n", &memory)?;
/// assert_eq!(def.compile(&[])?.board.len(), 24);
/// let err = Definition::read("x.yaml", "extends: lines\n", &memory).unwrap_err();
/// assert_eq!(err.0[0].message, "cannot find the base game `lines`: no such game in memory");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Resolve {
    /// The base `spec` names (as written after `extends:`), for the file `from` (the file that
    /// wrote it). An error is a sentence saying what was tried.
    ///
    /// ```
    /// use qipan_dsl::{Resolve, SourceFile};
    ///
    /// let from = SourceFile { name: "mine.yaml".into(), id: "mine".into(), text: "extends: chess\n".into() };
    /// let base = qipan::Resolver.resolve("chess", &from)?;
    /// assert_eq!(base.id, "builtin:chess");
    /// assert!(qipan_dsl::FileResolver.resolve("chess", &from).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn resolve(&self, spec: &str, from: &SourceFile) -> Result<SourceFile, String>;
}

/// Whether an `extends:` value is a path (has a `/` or `\`, or ends in `.yaml`/`.yml`) rather
/// than a game's name.
///
/// ```
/// use qipan_dsl::extends::is_path;
///
/// assert!(!is_path("go"));
/// assert!(is_path("variants/go.yaml") && is_path("base.yml") && is_path("../go"));
/// ```
pub fn is_path(spec: &str) -> bool {
    spec.contains('/') || spec.contains('\\') || spec.ends_with(".yaml") || spec.ends_with(".yml")
}

/// Where a path `spec` written in file `from` points: relative paths are taken from the
/// directory of `from`.
///
/// ```
/// use qipan_dsl::extends::relative_to;
/// use std::path::Path;
///
/// assert_eq!(relative_to("base.yaml", "variants/mine.yaml"), Path::new("variants/base.yaml"));
/// assert_eq!(relative_to("../go.yaml", "variants/mine.yaml"), Path::new("variants/../go.yaml"));
/// assert_eq!(relative_to("base.yaml", "mine.yaml"), Path::new("base.yaml"));
/// ```
pub fn relative_to(spec: &str, from: &str) -> PathBuf {
    let p = Path::new(spec);
    if p.is_absolute() {
        return p.to_path_buf();
    }
    match Path::new(from).parent() {
        Some(dir) => dir.join(p),
        None => p.to_path_buf(),
    }
}

/// Reads a definition file's text through [`files::read_text`](crate::files::read_text), at most
/// [`MAX_DEFINITION_BYTES`](crate::MAX_DEFINITION_BYTES): a file that never ends (`/dev/zero`), a FIFO or a
/// huge file must not block or exhaust memory.
///
/// ```
/// use qipan_dsl::extends::read_text;
///
/// let path = std::env::temp_dir().join(format!("qipan-read-text-{}.yaml", std::process::id()));
/// std::fs::write(&path, "name: mine\n")?;
/// let text = read_text(&path);
/// std::fs::remove_file(&path)?;
/// assert_eq!(text?, "name: mine\n");
/// assert!(read_text(&path).is_err()); // gone
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_text(path: &Path) -> Result<String, crate::files::ReadError> {
    crate::files::read_text(path, crate::MAX_DEFINITION_BYTES)
}

/// Reads a definition file from disk as a [`SourceFile`] (its id is the canonical path).
///
/// ```
/// use qipan_dsl::extends::read_file;
///
/// let path = std::env::temp_dir().join(format!("qipan-read-file-{}.yaml", std::process::id()));
/// std::fs::write(&path, "name: mine\n")?;
/// let file = read_file(&path);
/// let canonical = std::fs::canonicalize(&path)?;
/// std::fs::remove_file(&path)?;
/// let file = file?;
/// assert_eq!((file.name, file.id), (path.display().to_string(), canonical.display().to_string()));
/// assert!(read_file(&path).unwrap_err().starts_with("cannot read `"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_file(path: &Path) -> Result<SourceFile, String> {
    let text = read_text(path).map_err(|e| e.to_string())?;
    Ok(file_source(path, text))
}

/// The [`SourceFile`] of a file read from `path`: named by the path, identified by its canonical form.
///
/// ```
/// use qipan_dsl::extends::file_source;
/// use std::path::Path;
///
/// // A path that does not exist is its own identity.
/// let file = file_source(Path::new("no-such-dir/mine.yaml"), "name: mine\n".into());
/// assert_eq!((file.name.as_str(), file.id.as_str()), ("no-such-dir/mine.yaml", "no-such-dir/mine.yaml"));
/// assert_eq!(file.text, "name: mine\n");
/// ```
pub fn file_source(path: &Path, text: String) -> SourceFile {
    let id =
        std::fs::canonicalize(path).map(|p| p.display().to_string()).unwrap_or_else(|_| path.display().to_string());
    SourceFile { name: path.display().to_string(), id, text }
}

/// The resolver of the `qipan-dsl` functions that take none: paths only, relative to the
/// extending file; a game name is refused (the `qipan` crate's resolver knows the built-in games
/// and the library).
///
/// ```
/// use qipan_dsl::{Definition, FileResolver};
///
/// let dir = std::env::temp_dir().join(format!("qipan-file-resolver-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let base = "name: dots\nboard: { grid: { width: 3, height: 3 } }\nseats: [{ name: a }]\npieces: { dot: {} }\n";
/// std::fs::write(dir.join("dots.yaml"), base)?;
/// // The child names its base by a path relative to its own directory.
/// let child = dir.join("child.yaml").display().to_string();
/// let def = Definition::read(&child, "extends: dots.yaml\n", &FileResolver);
/// let by_name = Definition::read(&child, "extends: dots\n", &FileResolver);
/// std::fs::remove_dir_all(&dir)?;
/// assert_eq!(def?.def.name.value, "child");
/// assert!(by_name.unwrap_err().0[0].message.contains("is not a path"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct FileResolver;

impl Resolve for FileResolver {
    fn resolve(&self, spec: &str, from: &SourceFile) -> Result<SourceFile, String> {
        if !is_path(spec) {
            return Err(format!("`{spec}` is not a path, and no games are known by name here"));
        }
        read_file(&relative_to(spec, &from.name))
    }
}

/// A YAML value with the place it was written.
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, extends::parse_tree};
///
/// let one = |text: &str| Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text: text.into() }]);
/// let tree = parse_tree(&one("name: mine\nboard:\n  grid: { width: 9 }\n"), 0)?;
/// let width = tree.get("board").and_then(|b| b.get("grid")).and_then(|g| g.get("width")).unwrap();
/// assert_eq!(width.text(), Some("9"));
/// assert_eq!((width.loc.line, width.loc.column, width.loc.file), (3, 18, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// The value.
    pub kind: Kind,
    /// Where it is written (with the file's index in the chain).
    pub loc: Loc,
}

/// The kinds of YAML values.
///
/// ```
/// use qipan_dsl::extends::{Kind, Typed};
/// # use qipan_dsl::{SourceFile, Sources, extends::parse_tree};
/// # let one = |text: &str| Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text: text.into() }]);
/// let tree = parse_tree(&one("seats: [a, b]\nrules: ~\n"), 0)?;
/// let Kind::Seq(seats) = &tree.get("seats").unwrap().kind else { panic!("a list") };
/// assert_eq!(seats[1].kind, Kind::Scalar("b".into(), Typed::Text));
/// assert_eq!(tree.get("rules").unwrap().kind, Kind::Null);
/// assert!(matches!(&tree.kind, Kind::Map(entries) if entries.len() == 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// `~`, `null` or nothing.
    Null,
    /// A scalar: its text as written (quotes removed) and what a plain scalar reads as.
    Scalar(String, Typed),
    /// A list.
    Seq(Vec<Node>),
    /// A map, in file order.
    Map(Vec<(Node, Node)>),
}

/// What a scalar reads as when nothing asks for a particular type.
///
/// A plain scalar keeps the text written beside what it reads as:
///
/// ```
/// use qipan_dsl::extends::{Kind, Typed};
/// # use qipan_dsl::{SourceFile, Sources, extends::parse_tree};
/// # let one = |text: &str| Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text: text.into() }]);
/// let tree = parse_tree(&one("a: 19\nb: -2\nc: 5.50\nd: true\ne: '7'\n"), 0)?;
/// let kind = |k: &str| tree.get(k).unwrap().kind.clone();
/// assert_eq!(kind("a"), Kind::Scalar("19".into(), Typed::U64(19)));
/// assert_eq!(kind("b"), Kind::Scalar("-2".into(), Typed::I64(-2)));
/// assert_eq!(kind("c"), Kind::Scalar("5.50".into(), Typed::F64(5.5)));
/// assert_eq!(kind("d"), Kind::Scalar("true".into(), Typed::Bool(true)));
/// assert_eq!(kind("e"), Kind::Scalar("7".into(), Typed::Text));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Typed {
    /// Text (every quoted or block scalar, and plain ones that are not numbers or booleans).
    Text,
    /// A boolean.
    Bool(bool),
    /// A whole number of zero or more.
    U64(u64),
    /// A negative whole number.
    I64(i64),
    /// Another number.
    F64(f64),
}

/// ```
/// use qipan_dsl::{SourceFile, Sources, extends::parse_tree};
///
/// # let one = |text: &str| Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text: text.into() }]);
/// let tree = parse_tree(&one("pieces:\n  stone: { moves: place }\n"), 0)?;
/// let moves = tree.get("pieces").and_then(|p| p.get("stone")).and_then(|s| s.get("moves"));
/// assert_eq!(moves.and_then(|m| m.text()), Some("place"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Node {
    /// The value of key `k` in a map node.
    ///
    /// ```
    /// use qipan_dsl::{SourceFile, Sources, extends::parse_tree};
    ///
    /// # let one = |text: &str| Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text: text.into() }]);
    /// let tree = parse_tree(&one("name: mine\nseats: [a]\n"), 0)?;
    /// assert_eq!(tree.get("name").unwrap().loc.line, 1);
    /// assert!(tree.get("title").is_none());
    /// assert!(tree.get("seats").unwrap().get("a").is_none()); // a list has no keys
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get(&self, k: &str) -> Option<&Node> {
        match &self.kind {
            Kind::Map(m) => m.iter().find(|(key, _)| key.text() == Some(k)).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The text of a scalar.
    ///
    /// ```
    /// use qipan_dsl::{SourceFile, Sources, extends::parse_tree};
    ///
    /// # let one = |text: &str| Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text: text.into() }]);
    /// let tree = parse_tree(&one("letter: 1\nseats: [a]\n"), 0)?;
    /// assert_eq!(tree.get("letter").unwrap().text(), Some("1"));
    /// assert_eq!(tree.get("seats").unwrap().text(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn text(&self) -> Option<&str> {
        match &self.kind {
            Kind::Scalar(s, _) => Some(s),
            _ => None,
        }
    }

    fn text_node(s: &str, loc: Loc) -> Node {
        Node { kind: Kind::Scalar(s.to_string(), Typed::Text), loc }
    }

    fn remove(&mut self, k: &str) -> Option<Node> {
        match &mut self.kind {
            Kind::Map(m) => {
                let i = m.iter().position(|(key, _)| key.text() == Some(k))?;
                Some(m.remove(i).1)
            }
            _ => None,
        }
    }
}

/// The tree serde-saphyr reads, before locations are converted.
struct Raw(RawKind);

enum RawKind {
    Null,
    Text(String),
    Typed(Typed),
    Seq(Vec<serde_saphyr::Spanned<Raw>>),
    Map(Vec<(serde_saphyr::Spanned<Raw>, serde_saphyr::Spanned<Raw>)>),
}

impl<'de> Deserialize<'de> for Raw {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Raw;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a YAML value")
            }
            fn visit_unit<E>(self) -> Result<Raw, E> {
                Ok(Raw(RawKind::Null))
            }
            fn visit_none<E>(self) -> Result<Raw, E> {
                Ok(Raw(RawKind::Null))
            }
            fn visit_bool<E>(self, v: bool) -> Result<Raw, E> {
                Ok(Raw(RawKind::Typed(Typed::Bool(v))))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Raw, E> {
                Ok(Raw(RawKind::Typed(Typed::U64(v))))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Raw, E> {
                Ok(Raw(if v >= 0 { RawKind::Typed(Typed::U64(v as u64)) } else { RawKind::Typed(Typed::I64(v)) }))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Raw, E> {
                Ok(Raw(RawKind::Typed(Typed::F64(v))))
            }
            fn visit_str<E>(self, v: &str) -> Result<Raw, E> {
                Ok(Raw(RawKind::Text(v.to_string())))
            }
            fn visit_string<E>(self, v: String) -> Result<Raw, E> {
                Ok(Raw(RawKind::Text(v)))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<Raw, A::Error> {
                let mut out = Vec::new();
                while let Some(x) = s.next_element()? {
                    out.push(x);
                }
                Ok(Raw(RawKind::Seq(out)))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Raw, A::Error> {
                let mut out = Vec::new();
                while let Some(kv) = m.next_entry()? {
                    out.push(kv);
                }
                Ok(Raw(RawKind::Map(out)))
            }
        }
        d.deserialize_any(V)
    }
}

fn convert(raw: serde_saphyr::Spanned<Raw>, text: &str, file: usize) -> Node {
    let mut loc: Loc = raw.referenced.into();
    loc.file = file;
    let kind = match raw.value.0 {
        RawKind::Null => Kind::Null,
        RawKind::Text(s) => Kind::Scalar(s, Typed::Text),
        RawKind::Typed(t) => {
            let span = raw.referenced.span();
            let written = match (span.byte_offset(), span.byte_len()) {
                (Some(o), Some(l)) => text.get(o as usize..(o + l) as usize).map(|s| s.trim().to_string()),
                _ => None,
            };
            let fallback = || match t {
                Typed::Bool(b) => b.to_string(),
                Typed::U64(x) => x.to_string(),
                Typed::I64(x) => x.to_string(),
                Typed::F64(x) => x.to_string(),
                Typed::Text => String::new(),
            };
            Kind::Scalar(written.filter(|w| !w.is_empty()).unwrap_or_else(fallback), t)
        }
        RawKind::Seq(v) => Kind::Seq(v.into_iter().map(|x| convert(x, text, file)).collect()),
        RawKind::Map(m) => {
            Kind::Map(m.into_iter().map(|(k, v)| (convert(k, text, file), convert(v, text, file))).collect())
        }
    };
    Node { kind, loc }
}

/// The message of a YAML error without the location and snippet serde-saphyr adds (callers show the
/// location their own way).
///
/// ```
/// use qipan_dsl::yaml_message;
/// use std::collections::BTreeMap;
///
/// let err = serde_saphyr::from_str::<BTreeMap<String, u32>>("a: 1\na: 2\n").unwrap_err();
/// assert_eq!(yaml_message(&err), "the key `a` is written twice in this map");
/// ```
///
/// A YAML limit says which limit, and its number:
///
/// ```
/// let bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n\
///             c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n\
///             e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nname: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n";
/// let err = qipan_dsl::load_str("bomb.yaml", bomb, &[]).unwrap_err();
/// let limit = "the YAML expands to more than 250000 values (an alias counts each time it is used)";
/// assert_eq!(err.0[0].message, limit);
/// ```
pub fn yaml_message(e: &serde_saphyr::Error) -> String {
    if let Some(limit) = budget_message(e) {
        return limit;
    }
    let full = e.to_string();
    let first = full.lines().next().unwrap_or("invalid YAML").trim();
    if let Some(i) = first.find("duplicate mapping key: ") {
        let key = first[i + "duplicate mapping key: ".len()..].split(", set ").next().unwrap_or_default();
        return format!("the key `{key}` is written twice in this map");
    }
    // serde-saphyr writes "error: line N column M: message" style prefixes; keep the message.
    let msg = first.rsplit_once(": ").map(|(a, b)| if a.contains("line") { b } else { first }).unwrap_or(first);
    msg.trim_start_matches("error: ").to_string()
}

/// The message of a YAML budget error (serde-saphyr's own reads `budget breached: Nodes { nodes: 250001 }`).
fn budget_message(e: &serde_saphyr::Error) -> Option<String> {
    use serde_saphyr::Error;
    use serde_saphyr::budget::BudgetBreach as B;
    let mut e = e;
    while let Error::WithSnippet { error, .. } | Error::AliasError { error, .. } = e {
        e = error;
    }
    let limits = serde_saphyr::Budget::default();
    let message = match e {
        Error::Budget { breach, .. } => match breach {
            B::Nodes { .. } => format!(
                "the YAML expands to more than {} values (an alias counts each time it is used)",
                limits.max_nodes
            ),
            B::Events { .. } => {
                format!("the YAML has more than {} parts (an alias counts each time it is used)", limits.max_events)
            }
            B::Aliases { .. } => format!("the YAML uses aliases (`*name`) more than {} times", limits.max_aliases),
            B::Anchors { .. } => format!("the YAML defines more than {} anchors (`&name`)", limits.max_anchors),
            B::AliasAnchorRatio { aliases, anchors } => format!(
                "the YAML uses {aliases} aliases of {anchors} anchors: more than {} uses per anchor",
                limits.alias_anchor_ratio_multiplier
            ),
            B::Depth { .. } => format!("the YAML nests lists and maps more than {} deep", limits.max_depth),
            B::Documents { .. } => format!("the YAML holds more than {} documents", limits.max_documents),
            B::ScalarBytes { .. } => {
                format!("the YAML's texts add up to more than {} bytes", limits.max_total_scalar_bytes)
            }
            B::MergeKeys { .. } => format!("the YAML has more than {} merge keys (`<<`)", limits.max_merge_keys),
            B::RecordedAnchorEvents { .. } | B::RecordedAnchorBytes { .. } => {
                "the YAML's anchors (`&name`) are too large to repeat".to_string()
            }
            other => format!("the YAML is beyond a limit of the reader ({other:?})"),
        },
        Error::AliasReplayLimitExceeded { max_total_replayed_events, .. } => {
            format!("the YAML's aliases expand to more than {max_total_replayed_events} parts")
        }
        Error::AliasExpansionLimitExceeded { max_expansions_per_anchor, .. } => {
            format!("an anchor of the YAML is used more than {max_expansions_per_anchor} times")
        }
        Error::AliasReplayStackDepthExceeded { max_depth, .. } => {
            format!("the YAML's aliases nest more than {max_depth} deep")
        }
        _ => return None,
    };
    Some(message)
}

/// A hint of what was expected, for the messages serde produces.
pub(crate) fn expected_hint(message: &str) -> Option<String> {
    if let Some(i) = message.find("expected one of") {
        return Some(message[i + "expected ".len()..].to_string());
    }
    if let Some(i) = message.find("expected") {
        return Some(message[i + "expected ".len()..].to_string());
    }
    None
}

/// Parses one file of the chain into a tree (file index `file`).
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, extends::parse_tree};
///
/// let file = |name: &str, text: &str| SourceFile { name: name.into(), id: name.into(), text: text.into() };
/// let sources = Sources(vec![file("child.yaml", "extends: base.yaml\n"), file("base.yaml", "name: base\n")]);
/// let base = parse_tree(&sources, 1)?;
/// assert_eq!(base.get("name").unwrap().loc.file, 1);
/// // A definition is a map.
/// let err = parse_tree(&Sources(vec![file("list.yaml", "- a\n- b\n")]), 0).unwrap_err();
/// assert_eq!(err.0[0].message, "a definition is a mapping of keys");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_tree(sources: &Sources, file: usize) -> Result<Node, Diagnostics> {
    let src = &sources.0[file];
    let at = |loc: Loc, msg: String, expected: Option<String>| {
        Diagnostics(vec![sources.diagnostic(Loc { file, ..loc }, msg, expected)])
    };
    if src.text.len() > crate::MAX_DEFINITION_BYTES {
        let message = format!("the definition is {} bytes long, more than the limit", src.text.len());
        return Err(at(Loc::START, message, Some(format!("at most {} bytes", crate::MAX_DEFINITION_BYTES))));
    }
    let raw = serde_saphyr::from_str::<serde_saphyr::Spanned<Raw>>(&src.text).map_err(|e| {
        let loc = e.location().map(Loc::from).unwrap_or(Loc::START);
        let message = yaml_message(&e);
        let expected = expected_hint(&message);
        at(loc, message, expected)
    })?;
    let node = convert(raw, &src.text, file);
    if !matches!(node.kind, Kind::Map(_)) {
        let loc = if node.loc.line == 0 { Loc::START } else { node.loc };
        return Err(at(
            loc,
            "a definition is a mapping of keys".into(),
            Some("name:, board:, seats:, pieces:, ...".into()),
        ));
    }
    Ok(node)
}

/// Parses file `file` of the chain as a definition ([`parse_tree`]), after making sure it is one: a file
/// that is not (a record, `/etc/passwd`, `/proc/self/environ`) is refused without a word of its text, at
/// the `extends:` that named it for a base. A definition is a mapping with at least one key of a
/// definition (`name:`, `board:`, `extends:`, ...); a file that is not even YAML is one when one of its
/// lines starts with such a key, so that a broken definition still gets its precise diagnostic.
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, extends::parse_definition};
///
/// let file = |text: &str| Sources(vec![SourceFile { name: "f.yaml".into(), id: "f".into(), text: text.into() }]);
/// let shadow = parse_definition(&file("root:*:20228:0:99999:7:::\n"), 0, None).unwrap_err();
/// assert_eq!(shadow.0[0].message, "not a qipan definition: none of its keys is a key of a definition (name, board, seats, pieces, ...)");
/// assert_eq!(shadow.0[0].source_line, ""); // nothing of the file is shown
/// assert!(!shadow.to_string().contains("root"));
/// // A definition with a YAML error keeps its diagnostic.
/// let broken = parse_definition(&file("name: t\nboard: { grid: [\n"), 0, None).unwrap_err();
/// assert!(!broken.0[0].message.starts_with("not a qipan definition"), "{broken}");
/// assert!(parse_definition(&file("name: t\n"), 0, None).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_definition(sources: &Sources, file: usize, extends: Option<&Node>) -> Result<Node, Diagnostics> {
    let keys = definition_keys();
    let is_key = |k: &str| k == "extends" || keys.contains(&k.strip_suffix('+').unwrap_or(k));
    let parsed = parse_tree(sources, file);
    let recognised = match &parsed {
        Ok(tree) => matches!(&tree.kind, Kind::Map(m) if m.iter().any(|(k, _)| k.text().is_some_and(is_key))),
        Err(_) => sources.0[file].text.lines().any(|line| {
            line.split_once(':')
                .is_some_and(|(k, rest)| is_key(k) && (rest.is_empty() || rest.starts_with([' ', '\t'])))
        }),
    };
    if recognised {
        return parsed;
    }
    let what = "not a qipan definition: none of its keys is a key of a definition (name, board, seats, pieces, ...)";
    let d = match extends {
        Some(ext) => {
            let name = &sources.0[file].name;
            sources.diagnostic(ext.loc, format!("the base `{name}` is {what}"), None)
        }
        None => {
            let mut d = sources.diagnostic(Loc { file, ..Loc::START }, what, None);
            d.source_line.clear();
            d
        }
    };
    Err(Diagnostics(vec![d]))
}

/// The keys of a definition's top level (without `extends`): the fields of [`GameDef`](crate::schema::GameDef),
/// as serde knows them.
fn definition_keys() -> &'static [&'static str] {
    /// A deserializer that only notes the fields of the struct asked for.
    struct Probe<'a>(&'a std::cell::Cell<&'static [&'static str]>);
    impl<'de> de::Deserializer<'de> for Probe<'_> {
        type Error = DeError;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, DeError> {
            Err(de::Error::custom("a probe"))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, DeError> {
            self.0.set(fields);
            Err(de::Error::custom("a probe"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
            unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
        }
    }
    let fields = std::cell::Cell::new(&[][..]);
    let _ = crate::schema::GameDef::deserialize(Probe(&fields));
    fields.get()
}

/// Reads a definition and the chain of files it extends, and merges them into one tree.
/// `sources` starts with the file loaded; the bases are appended as they are found.
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, extends::{Node, read_chain}};
///
/// let text = "extends: go\nname: mine\n".to_string();
/// let mut sources = Sources(vec![SourceFile { name: "mine.yaml".into(), id: "mine".into(), text }]);
/// let tree = read_chain(&mut sources, &qipan::Resolver)?;
/// assert_eq!(sources.0[1].name, "games/go.yaml");
/// assert_eq!(tree.get("title").and_then(Node::text), Some("Go (Chinese rules) (mine)"));
/// assert_eq!(tree.get("seats").unwrap().loc.file, 1); // from the base
/// assert!(tree.get("extends").is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_chain(sources: &mut Sources, resolver: &dyn Resolve) -> Result<Node, Diagnostics> {
    let mut trees = vec![parse_definition(sources, 0, None)?];
    loop {
        let i = trees.len() - 1;
        let Some(ext) = trees[i].get("extends").cloned() else { break };
        let spec = match &ext.kind {
            Kind::Scalar(s, Typed::Text) if !s.trim().is_empty() => s.trim().to_string(),
            _ => {
                let msg = "`extends:` names the game this one builds on".to_string();
                return Err(Diagnostics(vec![sources.diagnostic(
                    ext.loc,
                    msg,
                    Some("a game's name (`my-game`) or a path (`base.yaml`)".into()),
                )]));
            }
        };
        let base = resolver.resolve(&spec, &sources.0[i]).map_err(|why| {
            Diagnostics(vec![sources.diagnostic(ext.loc, format!("cannot find the base game `{spec}`: {why}"), None)])
        })?;
        if let Some(first) = sources.0.iter().position(|s| s.id == base.id) {
            let mut names: Vec<&str> = sources.0[first..].iter().map(|s| s.name.as_str()).collect();
            names.push(&base.name);
            return Err(Diagnostics(vec![sources.diagnostic(
                ext.loc,
                format!("`extends: {spec}` makes a cycle: {}", names.join(" → ")),
                Some("a chain of bases that ends in a game that extends nothing".into()),
            )]));
        }
        if sources.0.len() >= MAX_CHAIN {
            return Err(Diagnostics(vec![sources.diagnostic(
                ext.loc,
                format!("too many bases: a chain of `extends:` may have at most {MAX_CHAIN} files"),
                None,
            )]));
        }
        sources.0.push(base);
        trees.push(parse_definition(sources, trees.len(), Some(&ext))?);
    }
    let mut merged = trees.pop().expect("one tree");
    settle(&mut merged);
    while let Some(mut child) = trees.pop() {
        let ext = child.remove("extends").expect("a child extends");
        let file = &sources.0[ext.loc.file];
        let base_title =
            merged.get("title").or(merged.get("name")).and_then(Node::text).unwrap_or("the base game").to_string();
        for key in ["name", "title", "description"] {
            merged.remove(key);
        }
        let name = match child.get("name").and_then(Node::text) {
            Some(n) => n.to_string(),
            None => {
                let stem = Path::new(&file.name).file_stem().map(|s| s.to_string_lossy().to_string());
                let stem = stem.unwrap_or_else(|| "variant".into());
                push_key(&mut child, "name", Node::text_node(&stem, ext.loc));
                stem
            }
        };
        if child.get("title").is_none() {
            push_key(&mut child, "title", Node::text_node(&format!("{base_title} ({name})"), ext.loc));
        }
        if child.get("description").is_none() {
            let d = format!("A variant of {base_title}.");
            push_key(&mut child, "description", Node::text_node(&d, ext.loc));
        }
        merge(&mut merged, child);
    }
    Ok(merged)
}

fn push_key(map: &mut Node, key: &str, value: Node) {
    if let Kind::Map(m) = &mut map.kind {
        m.push((Node::text_node(key, value.loc), value));
    }
}

/// Merges `child` over `base` by the rule of the module documentation.
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, extends::{Node, merge, parse_tree}};
///
/// let file = |name: &str, text: &str| SourceFile { name: name.into(), id: name.into(), text: text.into() };
/// let sources = Sources(vec![
///     file("child.yaml", "grid: { width: 9 }\nseats: [c]\nzones: ~\n"),
///     file("base.yaml", "grid: { width: 19, height: 19 }\nseats: [a, b]\nzones: { centre: {} }\n"),
/// ]);
/// let mut tree = parse_tree(&sources, 1)?;
/// merge(&mut tree, parse_tree(&sources, 0)?);
/// let grid = tree.get("grid").unwrap();
/// assert_eq!(grid.get("width").and_then(Node::text), Some("9")); // maps merge key by key
/// assert_eq!(grid.get("height").and_then(Node::text), Some("19"));
/// assert_eq!(tree.get("seats").unwrap().loc.file, 0); // lists replace
/// assert!(tree.get("zones").is_none()); // `~` removes
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn merge(base: &mut Node, child: Node) {
    match (&mut base.kind, child.kind) {
        (Kind::Map(b), Kind::Map(c)) => {
            for (k, v) in c {
                if let Some(name) = appended_key(&k) {
                    append_entry(b, name, k.loc, v);
                    continue;
                }
                let pos = b.iter().position(|(bk, _)| same_key(bk, &k));
                match (pos, v.kind) {
                    (Some(i), Kind::Null) => {
                        b.remove(i);
                    }
                    (None, Kind::Null) => {}
                    (Some(i), kind) => merge(&mut b[i].1, Node { kind, loc: v.loc }),
                    (None, kind) => {
                        let mut added = Node { kind, loc: v.loc };
                        settle(&mut added);
                        b.push((k, added));
                    }
                }
            }
            base.loc = child.loc;
        }
        (_, kind) => {
            *base = Node { kind, loc: child.loc };
            settle(base);
        }
    }
}

/// The list a `KEY+:` entry appends to: `KEY`.
fn appended_key(key: &Node) -> Option<&str> {
    key.text()?.strip_suffix('+').filter(|name| !name.is_empty())
}

/// Resolves the `KEY+:` entries of a tree that has no base under it, as if appended to nothing: each becomes
/// `KEY:` with a list, or is appended to a `KEY:` written before it in the same map.
fn settle(node: &mut Node) {
    match &mut node.kind {
        Kind::Map(entries) => {
            let mut settled = Vec::with_capacity(entries.len());
            for (k, mut v) in std::mem::take(entries) {
                match appended_key(&k) {
                    Some(name) => append_entry(&mut settled, name, k.loc, v),
                    None => {
                        settle(&mut v);
                        settled.push((k, v));
                    }
                }
            }
            *entries = settled;
        }
        Kind::Seq(items) => items.iter_mut().for_each(settle),
        _ => {}
    }
}

/// Adds a `KEY+:` entry to a map: its items go after those of `KEY`, which it creates when missing.
fn append_entry(entries: &mut Vec<(Node, Node)>, name: &str, key_loc: Loc, mut value: Node) {
    settle(&mut value);
    let items = into_items(value);
    match entries.iter().position(|(k, _)| k.text() == Some(name)) {
        Some(i) => append(&mut entries[i].1, items),
        None => entries.push((Node::text_node(name, key_loc), Node { kind: Kind::Seq(items), loc: key_loc })),
    }
}

/// The items a `KEY+:` value adds: a list's items, or one value.
fn into_items(value: Node) -> Vec<Node> {
    match value.kind {
        Kind::Seq(items) => items,
        Kind::Null => Vec::new(),
        kind => vec![Node { kind, loc: value.loc }],
    }
}

/// Appends `items` to the base's value: a list grows; a single value becomes the first item of a list.
fn append(base: &mut Node, items: Vec<Node>) {
    match &mut base.kind {
        Kind::Seq(list) => list.extend(items),
        Kind::Null => base.kind = Kind::Seq(items),
        _ => {
            let first = Node { kind: std::mem::replace(&mut base.kind, Kind::Null), loc: base.loc };
            base.kind = Kind::Seq(std::iter::once(first).chain(items).collect());
        }
    }
}

fn same_key(a: &Node, b: &Node) -> bool {
    match (a.text(), b.text()) {
        (Some(x), Some(y)) => x == y,
        _ => a.kind == b.kind,
    }
}

/// An error while reading a tree into the schema.
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, extends::{DeError, NodeDe, parse_tree}};
/// use serde::Deserialize;
///
/// let text = "seats: [a, b]\nsize: nine\n".to_string();
/// let sources = Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text }]);
/// let tree = parse_tree(&sources, 0)?;
/// let err: DeError = u32::deserialize(NodeDe::new(tree.get("size").unwrap())).unwrap_err();
/// assert_eq!(err.loc.map(|l| (l.line, l.column)), Some((2, 7)));
/// assert!(err.message.contains("nine"), "{err}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct DeError {
    /// What is wrong.
    pub message: String,
    /// Where (the innermost node being read).
    pub loc: Option<Loc>,
}

impl fmt::Display for DeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DeError {}

impl de::Error for DeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        DeError { message: msg.to_string(), loc: None }
    }
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        let hint = did_you_mean(field, expected.iter().copied());
        Self::custom(format!("unknown field `{field}`{hint}, expected one of {}", expected.join(", ")))
    }
    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        let hint = did_you_mean(variant, expected.iter().copied());
        Self::custom(format!("unknown variant `{variant}`{hint}, expected one of {}", expected.join(", ")))
    }
}

/// The newtype name through which [`Spanned`](crate::schema::Spanned) asks for its location.
pub(crate) const SPANNED: &str = "$qipan::Spanned";

/// Reads a [`Node`] as any `Deserialize` type.
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, extends::{NodeDe, parse_tree}, schema::SeatDef};
/// use serde::Deserialize;
///
/// let text = "seats: [a, b]\nwhite: { name: white, letter: W }\n".to_string();
/// let sources = Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text }]);
/// let tree = parse_tree(&sources, 0)?;
/// let seats = Vec::<String>::deserialize(NodeDe::new(tree.get("seats").unwrap()))?;
/// assert_eq!(seats, ["a", "b"]);
/// let white = SeatDef::deserialize(NodeDe::new(tree.get("white").unwrap()))?;
/// assert_eq!((white.name.value.as_str(), white.name.referenced.line), ("white", 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct NodeDe<'a> {
    node: &'a Node,
    /// Where unknown keys are collected, to go on reading after them (see [`from_tree`]); without it the
    /// first unknown key is an error.
    unknown: Option<&'a RefCell<Vec<DeError>>>,
}

/// Errors carry the location of the innermost node being read:
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, extends::{NodeDe, parse_tree}};
/// use serde::Deserialize;
///
/// let text = "counts: [1, 2, many]\n".to_string();
/// let sources = Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text }]);
/// let tree = parse_tree(&sources, 0)?;
/// let err = Vec::<u8>::deserialize(NodeDe::new(tree.get("counts").unwrap())).unwrap_err();
/// assert_eq!(err.loc.map(|l| l.column), Some(16)); // at `many`
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<'a> NodeDe<'a> {
    /// A deserializer of `node`, which stops at the first error.
    ///
    /// ```
    /// use qipan_dsl::{SourceFile, Sources, extends::{NodeDe, parse_tree}, schema::EndDef};
    /// use serde::Deserialize;
    ///
    /// let sources = Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text: "passes: 2\n".into() }]);
    /// let end = EndDef::deserialize(NodeDe::new(&parse_tree(&sources, 0)?))?;
    /// assert_eq!(end.passes, Some(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(node: &'a Node) -> Self {
        NodeDe { node, unknown: None }
    }

    /// The same reading of another node.
    fn of(&self, node: &'a Node) -> Self {
        NodeDe { node, unknown: self.unknown }
    }

    fn at<T>(&self, r: Result<T, DeError>) -> Result<T, DeError> {
        r.map_err(|mut e| {
            e.loc.get_or_insert(self.node.loc);
            e
        })
    }

    fn any<'de, V: Visitor<'de>>(&self, v: V) -> Result<V::Value, DeError> {
        match &self.node.kind {
            Kind::Null => v.visit_unit(),
            Kind::Scalar(s, Typed::Text) => v.visit_str(s),
            Kind::Scalar(_, Typed::Bool(b)) => v.visit_bool(*b),
            Kind::Scalar(_, Typed::U64(x)) => v.visit_u64(*x),
            Kind::Scalar(_, Typed::I64(x)) => v.visit_i64(*x),
            Kind::Scalar(_, Typed::F64(x)) => v.visit_f64(*x),
            Kind::Seq(items) => v.visit_seq(Items { it: items.iter(), de: *self }),
            Kind::Map(entries) => v.visit_map(self.entries(entries.iter().collect())),
        }
    }

    fn entries(&self, entries: Vec<&'a (Node, Node)>) -> Entries<'a> {
        Entries { it: entries.into_iter(), value: None, de: *self }
    }
}

struct Items<'a> {
    it: std::slice::Iter<'a, Node>,
    de: NodeDe<'a>,
}

impl<'de> SeqAccess<'de> for Items<'_> {
    type Error = DeError;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, DeError> {
        self.it.next().map(|n| seed.deserialize(self.de.of(n))).transpose()
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.it.len())
    }
}

struct Entries<'a> {
    it: std::vec::IntoIter<&'a (Node, Node)>,
    value: Option<&'a Node>,
    de: NodeDe<'a>,
}

impl<'de> MapAccess<'de> for Entries<'_> {
    type Error = DeError;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DeError> {
        match self.it.next() {
            Some((k, v)) => {
                self.value = Some(v);
                seed.deserialize(self.de.of(k)).map(Some)
            }
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DeError> {
        let v = self.value.take().ok_or_else(|| de::Error::custom("a value without a key"))?;
        seed.deserialize(self.de.of(v))
    }
}

/// Hands a [`Spanned`](crate::schema::Spanned) its location: file, line, column, then the value.
struct SpanParts<'a> {
    de: NodeDe<'a>,
    step: u8,
}

impl<'de> SeqAccess<'de> for SpanParts<'_> {
    type Error = DeError;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, DeError> {
        self.step += 1;
        let loc = self.de.node.loc;
        match self.step {
            1 => seed.deserialize((loc.file as u64).into_deserializer()).map(Some),
            2 => seed.deserialize((loc.line as u64).into_deserializer()).map(Some),
            3 => seed.deserialize((loc.column as u64).into_deserializer()).map(Some),
            4 => seed.deserialize(self.de).map(Some),
            _ => Ok(None),
        }
    }
}

impl<'de> de::Deserializer<'de> for NodeDe<'_> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        let r = self.any(v);
        self.at(r)
    }

    fn deserialize_str<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        let r = match &self.node.kind {
            Kind::Scalar(s, _) => v.visit_str(s),
            _ => self.any(v),
        };
        self.at(r)
    }

    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_str(v)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_str(v)
    }

    fn deserialize_char<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_str(v)
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        let r = match &self.node.kind {
            Kind::Null => v.visit_none(),
            _ => v.visit_some(self),
        };
        self.at(r)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, v: V) -> Result<V::Value, DeError> {
        let r =
            if name == SPANNED { v.visit_seq(SpanParts { de: self, step: 0 }) } else { v.visit_newtype_struct(self) };
        self.at(r)
    }

    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        // An empty key (`rules:`) reads as an empty map.
        let r = match &self.node.kind {
            Kind::Null => v.visit_map(self.entries(Vec::new())),
            _ => self.any(v),
        };
        self.at(r)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, DeError> {
        // When collecting, an unknown key is noted (with the nearest known one) and left out, and reading goes on.
        let (Some(unknown), Kind::Map(entries)) = (self.unknown, &self.node.kind) else {
            return self.deserialize_map(v);
        };
        let mut known = Vec::with_capacity(entries.len());
        for entry in entries {
            match entry.0.text() {
                Some(k) if !fields.contains(&k) => {
                    let mut e: DeError = de::Error::unknown_field(k, fields);
                    e.loc = Some(entry.0.loc);
                    unknown.borrow_mut().push(e);
                }
                _ => known.push(entry),
            }
        }
        let r = v.visit_map(self.entries(known));
        self.at(r)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        v.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 bytes byte_buf unit unit_struct seq tuple
        tuple_struct enum
    }
}

/// Reads a merged tree as a type of the schema, errors placed in their files. Every unknown key is
/// reported, not only the first (with the known key it was likely meant to be); a wrong value stops the
/// reading.
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, extends::{from_tree, parse_tree}, schema::EndDef};
///
/// let file = |text: &str| Sources(vec![SourceFile { name: "end.yaml".into(), id: "end".into(), text: text.into() }]);
/// let sources = file("passes: 2\nlast_standing: false\n");
/// let end: EndDef = from_tree(&parse_tree(&sources, 0)?, &sources)?;
/// assert_eq!((end.passes, end.last_standing), (Some(2), false));
/// // Unknown fields are diagnostics in the file.
/// let sources = file("passes: 2\npasess: 3\nroyl: [king]\n");
/// let err = from_tree::<EndDef>(&parse_tree(&sources, 0)?, &sources).unwrap_err();
/// assert!(err.0[0].message.starts_with("unknown field `pasess` (did you mean `passes`?)"), "{err}");
/// assert!(err.0[1].message.starts_with("unknown field `royl` (did you mean `royal`?)"), "{err}");
/// assert_eq!(err.0[0].file, "end.yaml");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_tree<T: for<'de> Deserialize<'de>>(tree: &Node, sources: &Sources) -> Result<T, Diagnostics> {
    match read_tree(tree, sources) {
        (Some(value), errors) if errors.is_empty() => Ok(value),
        (_, errors) => Err(Diagnostics(errors)),
    }
}

/// [`from_tree`], with the value read despite unknown keys (left out), and the diagnostics: the value is
/// `None` when a wrong or missing value stopped the reading.
pub(crate) fn read_tree<T: for<'de> Deserialize<'de>>(tree: &Node, sources: &Sources) -> (Option<T>, Vec<Diagnostic>) {
    let unknown = RefCell::new(Vec::new());
    let read = T::deserialize(NodeDe { node: tree, unknown: Some(&unknown) });
    let mut errors = unknown.into_inner();
    let value = match read {
        Ok(value) => Some(value),
        Err(e) => {
            // A field missing because its key was misspelt is no news: the unknown key says so.
            let misspelt = missing_field(&e.message)
                .is_some_and(|f| errors.iter().any(|u| u.message.contains(&format!("(did you mean `{f}`?)"))));
            if !misspelt {
                errors.push(e);
            }
            None
        }
    };
    let diags = errors
        .into_iter()
        .map(|e| {
            let loc = e.loc.unwrap_or(Loc::START);
            let expected = expected_hint(&e.message);
            sources.diagnostic(loc, e.message, expected)
        })
        .collect();
    (value, diags)
}

/// The field a serde "missing field" message names.
fn missing_field(message: &str) -> Option<&str> {
    message.strip_prefix("missing field `")?.split('`').next()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sources(files: &[(&str, &str)]) -> Sources {
        Sources(
            files
                .iter()
                .map(|(n, t)| SourceFile { name: n.to_string(), id: n.to_string(), text: t.to_string() })
                .collect(),
        )
    }

    /// Resolves names among fixed texts.
    struct Fixed(Vec<(&'static str, &'static str)>);

    impl Resolve for Fixed {
        fn resolve(&self, spec: &str, _from: &SourceFile) -> Result<SourceFile, String> {
            let (n, t) = self.0.iter().find(|(n, _)| *n == spec).ok_or("unknown")?;
            Ok(SourceFile { name: n.to_string(), id: n.to_string(), text: t.to_string() })
        }
    }

    fn keys(n: &Node) -> Vec<&str> {
        match &n.kind {
            Kind::Map(m) => m.iter().filter_map(|(k, _)| k.text()).collect(),
            _ => vec![],
        }
    }

    #[test]
    fn maps_merge_lists_replace_null_removes() {
        let s = sources(&[
            ("child", "a: { x: 1, z: ~ }\nb: [3]\nc: ~\nd: new\n"),
            ("base", "a: { x: 0, y: 0, z: 0 }\nb: [1, 2]\nc: gone\ne: kept\n"),
        ]);
        let mut base = parse_tree(&s, 1).unwrap();
        merge(&mut base, parse_tree(&s, 0).unwrap());
        assert_eq!(keys(&base), ["a", "b", "e", "d"], "base order, then new keys; c removed");
        let a = base.get("a").unwrap();
        assert_eq!(keys(a), ["x", "y"]);
        assert_eq!(a.get("x").unwrap().text(), Some("1"));
        assert_eq!(a.get("x").unwrap().loc.file, 0, "the child wrote x");
        assert_eq!(a.get("y").unwrap().loc, Loc { line: 1, column: 15, file: 1 }, "the base wrote y");
        match &base.get("b").unwrap().kind {
            Kind::Seq(items) => assert_eq!(items.len(), 1, "lists replace"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn names_are_derived_and_chains_follow() {
        let r =
            Fixed(vec![("b", "extends: c\noptions: { n: { default: 2 } }\n"), ("c", "name: c\ntitle: Cee\nx: 1\n")]);
        let mut s = sources(&[("dir/a.yaml", "extends: b\nname: a\n")]);
        let t = read_chain(&mut s, &r).unwrap();
        assert_eq!(s.0.len(), 3);
        assert_eq!(t.get("name").and_then(Node::text), Some("a"));
        // b has no name: its title was derived from c's, and a's from b's.
        assert_eq!(t.get("title").and_then(Node::text), Some("Cee (b) (a)"));
        assert_eq!(t.get("x").unwrap().loc.file, 2);
        assert!(t.get("extends").is_none());
    }

    #[test]
    fn cycles_and_bad_extends_are_errors() {
        let r = Fixed(vec![("b", "extends: a\n"), ("a", "extends: b\n")]);
        let mut s = sources(&[("a", "extends: b\n")]);
        let e = read_chain(&mut s, &r).unwrap_err();
        assert!(e.0[0].message.contains("makes a cycle: a → b → a"), "{e}");
        let mut s = sources(&[("a", "extends: [b]\n")]);
        let e = read_chain(&mut s, &r).unwrap_err();
        assert!(e.0[0].message.contains("names the game"), "{e}");
    }
}
