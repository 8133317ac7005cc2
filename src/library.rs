//! The user's game library: definitions copied there by `qipan import`, known by name to every
//! command.
//!
//! The library is a directory of `NAME.yaml` files. Which directory, first found:
//!
//! 1. the one given to [`set_dir`] (the `--library DIR` flag of the command line);
//! 2. `$QIPAN_LIBRARY`;
//! 3. `$XDG_DATA_HOME/qipan/games`;
//! 4. `$HOME/.local/share/qipan/games` (on Windows `%APPDATA%\qipan\games`).
//!
//! A name is looked up among the built-in games first, then in the library, then as a path: a
//! library game never shadows a built-in one, and [`import`] refuses a built-in's name.
//!
//! A definition that `extends:` a base by path cannot be imported (its base would be left behind,
//! or silently copied under a name nobody chose); [`import`] refuses it and says to import the
//! base first and name it: `extends: NAME`. Bases named by name (built-in or library games) are
//! fine.

use crate::dsl::{Definition, Diagnostics};
use std::path::{Path, PathBuf};
use std::sync::RwLock;

static DIR: RwLock<Option<PathBuf>> = RwLock::new(None);

/// Chooses the library directory for this process (the `--library` flag).
///
/// ```
/// let dir = std::env::temp_dir().join(format!("qipan-doc-library-{}", std::process::id()));
/// qipan::library::set_dir(dir.clone());
/// assert_eq!(qipan::library::dir(), dir);
/// ```
pub fn set_dir(dir: impl Into<PathBuf>) {
    *DIR.write().unwrap_or_else(|e| e.into_inner()) = Some(dir.into());
}

/// The library directory (which may not exist yet); see the module documentation.
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("qipan-doc-library-{}", std::process::id()));
/// # qipan::library::set_dir(dir.clone());
/// // A game written into the library is known by name.
/// let dir = qipan::library::dir();
/// std::fs::create_dir_all(&dir)?;
/// std::fs::write(dir.join("doc-dir-go7.yaml"), "extends: go\nname: doc-dir-go7\noptions:\n  size: { default: 7 }\n")?;
/// assert_eq!(qipan::load("doc-dir-go7", &[])?.board.len(), 49);
/// # std::fs::remove_file(dir.join("doc-dir-go7.yaml"))?;
/// # let _ = std::fs::remove_dir(&dir);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn dir() -> PathBuf {
    if let Some(d) = DIR.read().unwrap_or_else(|e| e.into_inner()).clone() {
        return d;
    }
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(d) = var("QIPAN_LIBRARY") {
        return d;
    }
    if let Some(d) = var("XDG_DATA_HOME") {
        return d.join("qipan").join("games");
    }
    if cfg!(windows)
        && let Some(d) = var("APPDATA")
    {
        return d.join("qipan").join("games");
    }
    var("HOME").unwrap_or_else(|| PathBuf::from(".")).join(".local/share/qipan/games")
}

/// Whether `name` can name a library game: letters, digits, `-` and `_`, not starting with `-`.
///
/// ```
/// use qipan::library::valid_name;
/// assert!(valid_name("go-7x7") && valid_name("围棋_小"));
/// assert!(!valid_name("-go") && !valid_name("my game") && !valid_name("../go") && !valid_name(""));
/// ```
pub fn valid_name(name: &str) -> bool {
    !name.is_empty() && !name.starts_with('-') && name.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_')
}

/// The file of library game `name`, if there is one.
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("qipan-doc-library-{}", std::process::id()));
/// # qipan::library::set_dir(dir.clone());
/// # std::fs::create_dir_all(&dir)?;
/// let file = qipan::library::dir().join("doc-find-go7.yaml");
/// std::fs::write(&file, "extends: go\nname: doc-find-go7\noptions:\n  size: { default: 7 }\n")?;
/// assert_eq!(qipan::library::find("doc-find-go7"), Some(file.clone()));
/// assert_eq!(qipan::library::find("doc-find-nothing"), None);
/// assert_eq!(qipan::library::find("../doc-find-go7"), None); // not a name
/// # std::fs::remove_file(&file)?;
/// # let _ = std::fs::remove_dir(&dir);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn find(name: &str) -> Option<PathBuf> {
    if !valid_name(name) {
        return None;
    }
    let path = dir().join(format!("{name}.yaml"));
    path.is_file().then_some(path)
}

/// The library's games, by name, with their files.
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("qipan-doc-library-{}", std::process::id()));
/// # qipan::library::set_dir(dir.clone());
/// # std::fs::create_dir_all(&dir)?;
/// std::fs::write(dir.join("doc-games-go7.yaml"), "extends: go\nname: doc-games-go7\n")?;
/// std::fs::write(dir.join("go.yaml"), "extends: go\nname: go\n")?; // a built-in's name: never a library game
/// let games = qipan::library::games();
/// assert!(games.contains(&("doc-games-go7".to_string(), dir.join("doc-games-go7.yaml"))));
/// assert!(games.iter().all(|(name, _)| name != "go"));
/// # std::fs::remove_file(dir.join("doc-games-go7.yaml"))?;
/// # std::fs::remove_file(dir.join("go.yaml"))?;
/// # let _ = std::fs::remove_dir(&dir);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn games() -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(dir())
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml") && p.is_file())
        .filter_map(|p| Some((p.file_stem()?.to_string_lossy().to_string(), p)))
        .filter(|(n, _)| valid_name(n) && crate::games::builtin(n).is_none())
        .collect();
    out.sort();
    out
}

/// Why a definition could not be imported.
///
/// ```
/// use qipan::library::{ImportError, import};
///
/// let tmp = std::env::temp_dir().join(format!("qipan-doc-import-error-{}", std::process::id()));
/// std::fs::create_dir_all(&tmp)?;
/// assert!(matches!(import(&tmp.join("missing.yaml")), Err(ImportError::Read { .. })));
/// let (mine, base) = (tmp.join("mine.yaml"), tmp.join("base.yaml"));
/// std::fs::write(&mine, "extends: go\nname: go\n")?;
/// assert!(matches!(import(&mine), Err(ImportError::Builtin(name)) if name == "go"));
/// std::fs::write(&base, "extends: go\nname: base\n")?;
/// std::fs::write(&mine, "extends: ./base.yaml\nname: mine\n")?;
/// assert!(matches!(import(&mine), Err(ImportError::ExtendsPath { base, .. }) if base == "./base.yaml"));
/// # std::fs::remove_dir_all(&tmp)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file could not be read.
    #[error("cannot read `{path}`: {reason}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// The definition has errors.
    #[error(transparent)]
    Invalid(#[from] Diagnostics),
    /// The game's name is a built-in game's.
    #[error("`{0}` is the name of a built-in game; give the imported game another `name:`")]
    Builtin(String),
    /// The game's name cannot be a file name in the library.
    #[error("`{0}` cannot name a library game: use letters, digits, `-` and `_`")]
    BadName(String),
    /// The definition extends a base by path.
    #[error(
        "`{file}` extends `{base}` by path, which the library could not find again; import the base \
         first (`qipan import {base}`) and write `extends: NAME` with the base's name"
    )]
    ExtendsPath {
        /// The file imported.
        file: String,
        /// Its `extends:`.
        base: String,
    },
    /// The library could not be written.
    #[error("cannot write `{path}`: {reason}")]
    Write {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
}

/// A game imported into the library.
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("qipan-doc-library-{}", std::process::id()));
/// # qipan::library::set_dir(dir.clone());
/// let file = std::env::temp_dir().join(format!("doc-imported-{}.yaml", std::process::id()));
/// std::fs::write(&file, "extends: go\nname: doc-imported-go7\noptions:\n  size: { default: 7 }\n")?;
/// let imported = qipan::library::import(&file)?;
/// assert_eq!(imported.name, "doc-imported-go7");
/// assert_eq!(imported.path, dir.join("doc-imported-go7.yaml"));
/// assert!(!imported.replaced);
/// # std::fs::remove_file(&file)?;
/// # std::fs::remove_file(&imported.path)?;
/// # let _ = std::fs::remove_dir(&dir);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// Its name, by which commands know it.
    pub name: String,
    /// Its file in the library.
    pub path: PathBuf,
    /// Whether it replaced a game of the same name.
    pub replaced: bool,
}

/// Checks the definition `path` and copies it into the library as `NAME.yaml`, where NAME is its
/// `name:` (or, for a variant without one, its file stem).
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("qipan-doc-library-{}", std::process::id()));
/// # qipan::library::set_dir(dir.clone());
/// let file = std::env::temp_dir().join(format!("doc-import-{}.yaml", std::process::id()));
/// std::fs::write(&file, "extends: go\nname: doc-import-go7\noptions:\n  size: { default: 7 }\n")?;
/// assert!(!qipan::library::import(&file)?.replaced);
/// assert!(qipan::library::import(&file)?.replaced); // imported again
/// assert_eq!(qipan::load("doc-import-go7", &[])?.board.len(), 49);
/// # std::fs::remove_file(&file)?;
/// # std::fs::remove_file(dir.join("doc-import-go7.yaml"))?;
/// # let _ = std::fs::remove_dir(&dir);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn import(path: &Path) -> Result<Imported, ImportError> {
    let file = path.display().to_string();
    let text =
        crate::dsl::read::read_text(path).map_err(|e| ImportError::Read { path: file.clone(), reason: e.reason() })?;
    let def = Definition::read(&file, &text, &crate::Resolver)?;
    def.validate()?;
    if let Some(base) = &def.extends
        && crate::dsl::read::is_path(base)
    {
        return Err(ImportError::ExtendsPath { file, base: base.clone() });
    }
    let name = def.def.name.value.clone();
    if crate::games::builtin(&name).is_some() {
        return Err(ImportError::Builtin(name));
    }
    if !valid_name(&name) {
        return Err(ImportError::BadName(name));
    }
    let dir = dir();
    let dest = dir.join(format!("{name}.yaml"));
    let write_err = |e: std::io::Error| ImportError::Write { path: dest.display().to_string(), reason: e.to_string() };
    std::fs::create_dir_all(&dir).map_err(write_err)?;
    let replaced = dest.exists();
    std::fs::write(&dest, &text).map_err(write_err)?;
    Ok(Imported { name, path: dest, replaced })
}
