//! Reading the source files of a definition and following its `extends:`: the files ([`SourceFile`],
//! [`Sources`]), how a base is found ([`Resolve`], [`FileResolver`]), and the chain read and merged
//! ([`read_chain`]).

use super::merge::{merge, push_key, settle};
use super::tree::{Kind, Node, Typed, parse_definition};
use crate::diag::{Diagnostic, Diagnostics, Loc};
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
/// use qipan_dsl::read::is_path;
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
/// use qipan_dsl::read::relative_to;
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

/// Reads a definition file's text through [`files::read_text`](super::files::read_text), at most
/// [`MAX_DEFINITION_BYTES`](crate::MAX_DEFINITION_BYTES): a file that never ends (`/dev/zero`), a FIFO or a
/// huge file must not block or exhaust memory.
///
/// ```
/// use qipan_dsl::read::read_text;
///
/// let path = std::env::temp_dir().join(format!("qipan-read-text-{}.yaml", std::process::id()));
/// std::fs::write(&path, "name: mine\n")?;
/// let text = read_text(&path);
/// std::fs::remove_file(&path)?;
/// assert_eq!(text?, "name: mine\n");
/// assert!(read_text(&path).is_err()); // gone
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_text(path: &Path) -> Result<String, super::files::ReadError> {
    super::files::read_text(path, crate::MAX_DEFINITION_BYTES)
}

/// Reads a definition file from disk as a [`SourceFile`] (its id is the canonical path).
///
/// ```
/// use qipan_dsl::read::read_file;
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
/// use qipan_dsl::read::file_source;
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

/// Reads a definition and the chain of files it extends, and merges them into one tree.
/// `sources` starts with the file loaded; the bases are appended as they are found.
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, read::{Node, read_chain}};
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
