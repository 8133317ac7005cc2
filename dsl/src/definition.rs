//! [`Definition`]: the one way in. A definition is read once (with the bases it extends), then compiled,
//! checked or described as often as needed.

use crate::compile::{self, OptionInfo};
use crate::diag::{Diagnostics, Loc};
use crate::lang::{self, Value};
use crate::read::{self, Resolve, SourceFile, Sources};
use crate::{hooks, schema};
use qipan_core::Game;

/// A definition read and merged with the bases it extends, ready to compile.
///
/// ```
/// // A variant of Go on a 9×9 board, found through the facade's resolver (built-in games by name).
/// let src = "extends: go\noptions: { size: { default: 9 } }\n";
/// let def = qipan_dsl::Definition::read("mini-go.yaml", src, &qipan::Resolver)?;
/// assert_eq!(def.extends.as_deref(), Some("go"));
/// assert_eq!(def.def.name.value, "mini-go"); // named after the file
/// let files: Vec<&str> = def.sources.0.iter().map(|f| f.name.as_str()).collect();
/// assert_eq!(files, ["mini-go.yaml", "games/go.yaml"]);
/// assert_eq!(def.compile(&[])?.board.len(), 81);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Definition {
    /// The merged definition.
    pub def: schema::GameDef,
    /// The files it was read from: the file loaded first, then its bases.
    pub sources: Sources,
    /// What the file loaded wrote after `extends:`, if anything.
    pub extends: Option<String>,
}

/// Read once, then compile, check or describe as often as needed.
///
/// ```
/// let def = qipan::definition("go")?;
/// assert_eq!(def.summary().0, "go");
/// assert_eq!(def.compile(&[("size".into(), "13".into())])?.board.len(), 169);
/// assert_eq!(def.compile(&[])?.board.len(), 361);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Definition {
    /// Reads the definition `source` (named `file` in diagnostics) and the chain of definitions it
    /// extends, found by `resolver`.
    ///
    /// ```
    /// use qipan_dsl::{Definition, FileResolver};
    ///
    /// let (file, text) = qipan::source("chess")?;
    /// let def = Definition::read(&file, &text, &FileResolver)?;
    /// assert_eq!(def.def.pieces.0.len(), 6);
    /// assert_eq!(def.extends, None);
    /// // `FileResolver` knows no games by name; the facade's `qipan::Resolver` does.
    /// let err = Definition::read("mine.yaml", "extends: chess\n", &FileResolver).unwrap_err();
    /// assert!(err.0[0].message.starts_with("cannot find the base game `chess`"));
    /// assert!(Definition::read("mine.yaml", "extends: chess\n", &qipan::Resolver).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read(file: &str, source: &str, resolver: &dyn Resolve) -> Result<Definition, Diagnostics> {
        let id = std::fs::canonicalize(file).map(|p| p.display().to_string()).unwrap_or_else(|_| file.to_string());
        Definition::read_source(SourceFile { name: file.to_string(), id, text: source.to_string() }, resolver)
    }

    /// [`Definition::read`] for a file whose identity (to detect cycles of `extends:`) is known.
    ///
    /// ```
    /// use qipan_dsl::{Definition, SourceFile};
    ///
    /// let text = "extends: go\nname: mine\n".to_string();
    /// let file = SourceFile { name: "library/mine.yaml".into(), id: "library:mine".into(), text };
    /// let def = Definition::read_source(file, &qipan::Resolver)?;
    /// let ids: Vec<&str> = def.sources.0.iter().map(|f| f.id.as_str()).collect();
    /// assert_eq!(ids, ["library:mine", "builtin:go"]);
    ///
    /// // A file that claims to be the built-in Go and extends it closes a cycle.
    /// let text = "extends: go\n".to_string();
    /// let fake = SourceFile { name: "go.yaml".into(), id: "builtin:go".into(), text };
    /// let err = Definition::read_source(fake, &qipan::Resolver).unwrap_err();
    /// assert!(err.0[0].message.contains("makes a cycle"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_source(file: SourceFile, resolver: &dyn Resolve) -> Result<Definition, Diagnostics> {
        let mut sources = Sources(vec![file]);
        let top = read::parse_definition(&sources, 0, None)?;
        let extends = top.get("extends").and_then(read::Node::text).map(|s| s.trim().to_string());
        let tree = read::read_chain(&mut sources, resolver)?;
        let (def, mut unknown) = read::read_tree(&tree, &sources);
        let Some(def) = def else { return Err(Diagnostics(unknown)) };
        let definition = Definition { def, sources, extends };
        if unknown.is_empty() {
            return Ok(definition);
        }
        // Unknown keys are left out: the rest is checked too, so that one run reports every error.
        if let Err(more) = definition.validate() {
            unknown.extend(more.0);
            unknown.sort_by_key(|d| (d.loc.file, d.loc.line, d.loc.column));
        }
        Err(Diagnostics(unknown))
    }

    /// Compiles the definition with option overrides (`name`, `value`).
    ///
    /// ```
    /// let def = qipan::definition("go")?;
    /// let game = def.compile(&[("size".into(), "9".into()), ("komi".into(), "7.5".into())])?;
    /// assert_eq!(game.board.len(), 81);
    /// assert_eq!(game.options["komi"], "7.5");
    /// // A value outside the option's range is a diagnostic.
    /// let err = def.compile(&[("size".into(), "30".into())]).unwrap_err();
    /// assert!(err.0[0].message.contains("size"), "{err}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compile(&self, overrides: &[(String, String)]) -> Result<Game, Diagnostics> {
        let mut c = compile::Compiler::new(&self.sources);
        match c.game(&self.def, overrides) {
            Some(g) if c.diags.is_empty() => Ok(g),
            _ => Err(Diagnostics(c.diags)),
        }
    }

    /// Compiles for a command that looks at positions without playing a game to its end (`qipan show`,
    /// `perft`): an option without a default that only the scoring uses may stay unset, since such a
    /// command never scores. An option used for anything else (the board, a rule, a hook) must be set as
    /// for [`Definition::compile`]. The game's `options` lack the options left unset, and its scoring
    /// counts them as 0: do not play it to the end (commands that do use [`Definition::compile`]).
    ///
    /// ```
    /// // Field Go's komi has no default; only its scoring (`bonus: { white: komi }`) uses it.
    /// let def = qipan::definition("field-go")?;
    /// assert!(def.compile(&[]).is_err());
    /// let game = def.compile_for_view(&[])?;
    /// assert_eq!(game.board.len(), 121 - 17);
    /// assert!(!game.options.contains_key("komi"));
    /// // An option the board needs must be set all the same.
    /// let src = "name: t\noptions: { cols: { type: int } }\nboard: { grid: { width: cols, height: 2 } }\n\
    ///            seats: [{ name: a }]\npieces: { s: { moves: place to empty } }\n";
    /// let def = qipan_dsl::Definition::read("t.yaml", src, &qipan_dsl::FileResolver)?;
    /// let err = def.compile_for_view(&[]).unwrap_err();
    /// assert!(err.0[0].message.starts_with("option `cols` has no default and must be set"), "{err}");
    /// assert_eq!(def.compile_for_view(&[("cols".into(), "3".into())])?.board.len(), 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn compile_for_view(&self, overrides: &[(String, String)]) -> Result<Game, Diagnostics> {
        let mut c = compile::Compiler::new(&self.sources);
        c.defer = true;
        match c.game(&self.def, overrides) {
            Some(g) if c.diags.is_empty() => Ok(g),
            _ => Err(Diagnostics(c.diags)),
        }
    }

    /// Checks the definition as `qipan check` does: options without a default get stand-in values
    /// (their minimum, first allowed value, 0, false or empty). Returns the names of those options,
    /// which a user must set to play.
    ///
    /// ```
    /// // Field Go gives `komi` no default: it checks, but needs komi to play.
    /// let def = qipan::definition("field-go")?;
    /// assert_eq!(def.validate()?, ["komi"]);
    /// assert!(def.compile(&[]).is_err());
    /// assert!(def.compile(&[("komi".into(), "0.5".into())]).is_ok());
    /// assert!(qipan::definition("go")?.validate()?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn validate(&self) -> Result<Vec<String>, Diagnostics> {
        let def = &self.def;
        let mut c = compile::Compiler::new(&self.sources);
        c.placeholders = true;
        let required: Vec<String> =
            def.options.0.iter().filter(|(_, o)| o.default.is_none()).map(|(n, _)| n.value.clone()).collect();
        match c.game(def, &[]) {
            Some(game) if c.diags.is_empty() => {
                self.try_hooks(&std::sync::Arc::new(game))?;
                Ok(required)
            }
            _ => Err(Diagnostics(c.diags)),
        }
    }

    /// Runs each hook of a game compiled from this definition once on the start position
    /// ([`hooks::try_on_start`]), as [`Definition::validate`] does: a hook that fails there is an error at
    /// the hook's file and line.
    ///
    /// ```
    /// let src = "extends: go\nhooks:\n  after_move: remvoe(mv.to)\n";
    /// let def = qipan_dsl::Definition::read("typo.yaml", src, &qipan::Resolver)?;
    /// let game = std::sync::Arc::new(def.compile(&[])?);
    /// let err = def.try_hooks(&game).unwrap_err();
    /// assert_eq!((err.0[0].file.as_str(), err.0[0].loc.line), ("typo.yaml", 3));
    /// assert!(err.0[0].message.starts_with("hook `after_move` fails on the start position: Function not found: remvoe"));
    /// assert!(def.validate().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_hooks(&self, game: &std::sync::Arc<Game>) -> Result<(), Diagnostics> {
        hooks::try_on_start(game).map_err(|e| {
            let file = self.sources.0.iter().position(|f| f.name == e.file).unwrap_or(0);
            let loc = Loc { line: e.line.max(1), column: 1, file };
            let msg = format!("hook `{}` fails on the start position: {}", e.hook, e.message);
            Diagnostics(vec![self.sources.diagnostic(loc, msg, None)])
        })
    }

    /// The option to be set by cut-and-choose before play (one player sets it, the other chooses to
    /// move first or second), if the definition has that procedure and it applies under these
    /// option values.
    ///
    /// ```
    /// // Field Go sets komi by cut-and-choose only when `komi_rule` asks for it.
    /// let def = qipan::definition("field-go")?;
    /// assert_eq!(def.cut_and_choose(&[])?, None);
    /// let cc = [("komi_rule".to_string(), "cut-and-choose".to_string())];
    /// assert_eq!(def.cut_and_choose(&cc)?.as_deref(), Some("komi"));
    /// assert_eq!(qipan::definition("go")?.cut_and_choose(&cc)?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// use qipan_dsl::Value;
    ///
    /// let options = qipan::definition("go")?.options();
    /// assert_eq!(options[0].name, "size");
    /// assert_eq!(options[0].kind, "int");
    /// assert_eq!(options[0].default, Some(Value::Num(19.0)));
    /// let ko = options.iter().find(|o| o.name == "ko").unwrap();
    /// let values: Vec<String> = ko.values.iter().flatten().map(|v| v.to_string()).collect();
    /// assert_eq!(values, ["positional", "situational", "simple", "chinese_practice"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn options(&self) -> Vec<OptionInfo> {
        compile::Compiler::new(&self.sources).options(&self.def, &[])
    }

    /// Name, title and description.
    ///
    /// ```
    /// let (name, title, description) = qipan::definition("go")?.summary();
    /// assert_eq!((name.as_str(), title.as_str()), ("go", "Go (Chinese rules)"));
    /// assert!(description.starts_with("Two players place stones"));
    /// // A definition without a title is titled by its name.
    /// let src = "name: tiny\nboard: { grid: { width: 3, height: 3 } }\nseats: [{ name: a }]\npieces: {}\n";
    /// let def = qipan_dsl::Definition::read("tiny.yaml", src, &qipan_dsl::FileResolver)?;
    /// assert_eq!(def.summary(), ("tiny".into(), "tiny".into(), String::new()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn summary(&self) -> (String, String, String) {
        let def = &self.def;
        (
            def.name.value.clone(),
            def.title.clone().unwrap_or_else(|| def.name.value.clone()),
            def.description.clone().unwrap_or_default(),
        )
    }
}
