//! Loading games: finding a definition by name or path ([`source_file`]), resolving the bases it
//! `extends:` ([`Resolver`]), and the shortcuts that read and compile in one call ([`load`], [`load_str`], ...),
//! each a thin wrapper over [`Definition`].

use crate::{games, library};
use qipan_core::Game;
use qipan_dsl::read::{file_source, is_path, read_file, read_text, relative_to};
use qipan_dsl::{Definition, Diagnostics, Resolve, SourceFile};
use std::path::Path;
use std::sync::Arc;

/// Why a game could not be loaded.
///
/// ```
/// use qipan::LoadError;
///
/// let missing = qipan::load("no-such-game", &[]).unwrap_err();
/// assert!(matches!(&missing, LoadError::NotFound { name, .. } if name == "no-such-game"));
/// // Go boards have at most 25 lines.
/// let invalid = qipan::load("go", &[("size".into(), "99".into())]).unwrap_err();
/// assert!(matches!(invalid, LoadError::Invalid(diags) if !diags.0.is_empty()));
/// ```
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// Neither a built-in game, nor a game of the library, nor a readable file.
    #[error(
        "`{name}` is neither a built-in game ({builtins}) nor a game of the library ({library}) nor a readable file: {reason}"
    )]
    NotFound {
        /// What was asked for.
        name: String,
        /// The built-in names.
        builtins: String,
        /// The library's directory.
        library: String,
        /// Why the file could not be read.
        reason: String,
    },
    /// The definition has errors.
    #[error(transparent)]
    Invalid(#[from] Diagnostics),
}

/// Why `random` cannot stand for an option's value ([`draw_start`]).
///
/// ```
/// let mut overrides = vec![("size".to_string(), "random".to_string())];
/// let err = qipan::draw_start("go", &mut overrides, 1).unwrap_err();
/// assert!(matches!(err, qipan::RandomStartError::NotAStart(ref o) if o == "size"));
/// ```
#[derive(Debug, thiserror::Error)]
pub enum RandomStartError {
    /// The game does not load with the other options.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// The option set to `random` does not number the game's starts.
    #[error("`random` is a value only for the option that numbers a game's starts (chess960's `start`), not for `{0}`")]
    NotAStart(String),
}

/// Draws a numbered start: an option set to `random` that numbers the game's starts (chess960's `start`)
/// gets a number drawn from `seed`. Returns the option and the number, or `None` when no option is `random`.
///
/// ```
/// let mut overrides = vec![("start".to_string(), "random".to_string())];
/// let (option, number) = qipan::draw_start("chess960", &mut overrides, 7)?.unwrap();
/// assert_eq!((option.as_str(), overrides[0].1.clone()), ("start", number.to_string()));
/// assert!(number < 960);
/// let mut again = vec![("start".to_string(), "random".to_string())];
/// assert_eq!(qipan::draw_start("chess960", &mut again, 7)?.unwrap().1, number); // the same seed, the same start
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn draw_start(
    game_ref: &str,
    overrides: &mut [(String, String)],
    seed: u64,
) -> Result<Option<(String, u64)>, RandomStartError> {
    let Some(i) = overrides.iter().position(|(_, v)| v == "random") else { return Ok(None) };
    let others: Vec<(String, String)> =
        overrides.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, kv)| kv.clone()).collect();
    let game = load_for_view(game_ref, &others)?;
    let name = overrides[i].0.clone();
    let shuffle =
        game.shuffle.as_ref().filter(|s| s.option == name).ok_or_else(|| RandomStartError::NotAStart(name.clone()))?;
    // SplitMix64: a seed of 1 and one of 2 give unrelated starts.
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    let number = (z ^ (z >> 31)) % shuffle.count();
    overrides[i].1 = number.to_string();
    Ok(Some((name, number)))
}

/// Finds the bases of `extends:` as commands find games: a name is a built-in game, else a game
/// of the [`library`]; a path (with a `/`, or ending in `.yaml`) is relative to the extending file.
///
/// ```
/// use qipan::dsl::{Definition, Resolve, SourceFile};
///
/// let from = SourceFile { name: "mine.yaml".into(), id: "mine.yaml".into(), text: String::new() };
/// assert_eq!(qipan::Resolver.resolve("go", &from)?.id, "builtin:go");
/// assert!(qipan::Resolver.resolve("no-such-game", &from).is_err());
///
/// // A variant of the built-in Go, read with the resolver and compiled.
/// let variant = "extends: go\nname: small-go\noptions:\n  size: { default: 7 }\n";
/// let game = Definition::read("small-go.yaml", variant, &qipan::Resolver)?.compile(&[])?;
/// assert_eq!(game.board.len(), 49);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Resolver;

impl Resolve for Resolver {
    fn resolve(&self, spec: &str, from: &SourceFile) -> Result<SourceFile, String> {
        if is_path(spec) {
            return read_file(&relative_to(spec, &from.name));
        }
        if let Some(text) = games::builtin(spec) {
            return Ok(builtin_source(spec, text));
        }
        match library::find(spec) {
            Some(path) => read_file(&path),
            None => Err(format!(
                "no built-in game ({}) nor game of the library ({}) has that name; a path needs a `/` or `.yaml`",
                builtin_names(),
                library::dir().display()
            )),
        }
    }
}

fn builtin_source(name: &str, text: &str) -> SourceFile {
    SourceFile { name: format!("games/{name}.yaml"), id: format!("builtin:{name}"), text: text.to_string() }
}

fn builtin_names() -> String {
    games::BUILTIN.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

/// The definition file of a game: a built-in name (`go`), a game of the library, or a path.
///
/// ```
/// let file = qipan::source_file("go")?;
/// assert_eq!((file.name.as_str(), file.id.as_str()), ("games/go.yaml", "builtin:go"));
/// assert!(file.text.contains("name: go"));
/// assert!(matches!(qipan::source_file("no/such/file.yaml"), Err(qipan::LoadError::NotFound { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn source_file(name_or_path: &str) -> Result<SourceFile, LoadError> {
    if let Some(src) = games::builtin(name_or_path) {
        return Ok(builtin_source(name_or_path, src));
    }
    let not_found = |reason| LoadError::NotFound {
        name: name_or_path.to_string(),
        builtins: builtin_names(),
        library: library::dir().display().to_string(),
        reason,
    };
    // A game of the library that cannot be read says which file of the library.
    if let Some(path) = library::find(name_or_path) {
        return read_file(&path).map_err(not_found);
    }
    let path = Path::new(name_or_path);
    // The message names the file already: the reason need not.
    read_text(path).map(|text| file_source(path, text)).map_err(|e| not_found(e.reason()))
}

/// The file name and text of a game: a built-in name (`go`), a game of the library, or a path.
///
/// ```
/// let (name, text) = qipan::source("chess")?;
/// assert_eq!(name, "games/chess.yaml");
/// assert!(text.contains("name: chess"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn source(name_or_path: &str) -> Result<(String, String), LoadError> {
    source_file(name_or_path).map(|f| (f.name, f.text))
}

/// Reads a game's definition and the bases it extends, without compiling it.
///
/// ```
/// let def = qipan::definition("go")?;
/// assert_eq!(def.summary().0, "go");
/// assert_eq!(def.extends, None);
/// let game = def.compile(&[("size".into(), "9".into())])?;
/// assert_eq!(game.board.len(), 81);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn definition(name_or_path: &str) -> Result<Definition, LoadError> {
    Ok(Definition::read_source(source_file(name_or_path)?, &Resolver)?)
}

/// Loads a built-in game, a game of the library or a definition file, with option overrides
/// (`name`, `value`).
///
/// ```
/// use qipan::core::{PieceId, SeatId};
///
/// let game = qipan::load("go", &[("size".into(), "9".into()), ("komi".into(), "7.5".into())])?;
/// assert_eq!(game.board.len(), 81);
/// assert_eq!(game.options["komi"], "7.5");
/// let mut pos = game.start();
/// let e5 = game.board.find("E5").unwrap();
/// pos.play(&qipan::core::Move::place(PieceId::new(0), e5))?;
/// assert_eq!(pos.cell(e5).map(|p| p.seat), Some(SeatId(0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn load(name_or_path: &str, overrides: &[(String, String)]) -> Result<Arc<Game>, LoadError> {
    Ok(Arc::new(definition(name_or_path)?.compile(overrides)?))
}

/// [`load`] for a command that looks at positions without playing to the end (`qipan show`, `perft`): an
/// option without a default that only the scoring uses may stay unset (see [`Definition::compile_for_view`]).
///
/// ```
/// // Field Go's board is drawn without a komi; playing needs one.
/// let game = qipan::load_for_view("field-go", &[])?;
/// assert_eq!(game.board.len(), 121 - 17);
/// assert!(qipan::load("field-go", &[]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn load_for_view(name_or_path: &str, overrides: &[(String, String)]) -> Result<Arc<Game>, LoadError> {
    Ok(Arc::new(definition(name_or_path)?.compile_for_view(overrides)?))
}

/// Checks a game as `qipan check` does; returns the options without a default, which must be set
/// to play.
///
/// ```
/// assert!(qipan::validate("go")?.is_empty());
/// // Field Go has no default komi: it must be set to play.
/// assert_eq!(qipan::validate("field-go")?, ["komi"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn validate(name_or_path: &str) -> Result<Vec<String>, LoadError> {
    Ok(definition(name_or_path)?.validate()?)
}

/// The options a game declares, with defaults and allowed values.
///
/// ```
/// let options = qipan::options("go")?;
/// let size = options.iter().find(|o| o.name == "size").unwrap();
/// assert_eq!(size.kind, "int");
/// assert_eq!(size.default.as_ref().map(|v| v.to_string()).as_deref(), Some("19"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn options(name_or_path: &str) -> Result<Vec<qipan_dsl::OptionInfo>, LoadError> {
    Ok(definition(name_or_path)?.options())
}

/// The option a game sets by cut-and-choose before play, if any (see
/// [`Definition::cut_and_choose`]).
///
/// ```
/// assert_eq!(qipan::cut_and_choose("field-go", &[])?, None);
/// let rule = [("komi_rule".to_string(), "cut-and-choose".to_string())];
/// assert_eq!(qipan::cut_and_choose("field-go", &rule)?.as_deref(), Some("komi"));
/// assert_eq!(qipan::cut_and_choose("go", &[])?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn cut_and_choose(name_or_path: &str, overrides: &[(String, String)]) -> Result<Option<String>, LoadError> {
    Ok(definition(name_or_path)?.cut_and_choose(overrides)?)
}

/// Compiles a definition's text; `file` is used in diagnostics and to find bases it extends by
/// path.
///
/// ```
/// // A variant may extend a built-in game by name.
/// let text = "extends: go\nname: go-7\noptions:\n  size: { default: 7 }\n";
/// let game = qipan::load_str("go-7.yaml", text, &[])?;
/// assert_eq!((game.name.as_str(), game.board.len()), ("go-7", 49));
/// let err = qipan::load_str("bad.yaml", "extends: no-such-game\n", &[]).unwrap_err();
/// assert_eq!(err.0[0].loc.line, 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn load_str(file: &str, source: &str, overrides: &[(String, String)]) -> Result<Arc<Game>, Diagnostics> {
    Definition::read(file, source, &Resolver)?.compile(overrides).map(Arc::new)
}
