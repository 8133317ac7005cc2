//! The games a server offers: the built-in games, the library's, and the files named on the command line.

use super::ApiError;
use crate::LoadError;
use serde_json::{Value, json};
use std::path::PathBuf;

/// One game offered.
///
/// ```
/// let catalogue = qipan::serve::Catalogue::new(&[])?;
/// let go = catalogue.entries().iter().find(|e| e.id == "go").unwrap();
/// assert_eq!((go.source, go.file.as_ref()), ("builtin", None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its name in the API: the built-in or library name, or the file's path as given.
    pub id: String,
    /// `builtin`, `library` or `file`.
    pub source: &'static str,
    /// The definition file to watch, for the library's games and given files.
    pub file: Option<PathBuf>,
}

/// The games offered, in the order the page lists them: given files first, then built-in, then library games.
///
/// ```
/// use qipan::serve::Catalogue;
///
/// let c = Catalogue::new(&["chess".to_string()])?;
/// assert_eq!(c.entries().iter().filter(|e| e.id == "chess").count(), 1); // named once
/// assert!(c.spec("go").is_ok());
/// assert!(c.spec("/etc/passwd").is_err()); // only offered games are loaded
/// assert!(Catalogue::new(&["no/such/file.yaml".to_string()]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    entries: Vec<Entry>,
}

impl Catalogue {
    /// The built-in games, the library's and `given` (names or definition files); a file that cannot be read
    /// is an error (a broken one is offered: the page shows its diagnostics).
    ///
    /// ```
    /// let path = std::env::temp_dir().join(format!("qipan-doc-catalogue-{}.yaml", std::process::id()));
    /// std::fs::write(&path, "extends: go\nname: mine\n")?;
    /// let catalogue = qipan::serve::Catalogue::new(&[path.display().to_string()])?;
    /// assert_eq!(catalogue.entries()[0].source, "file");
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(given: &[String]) -> Result<Catalogue, LoadError> {
        let mut entries = Vec::new();
        for g in given {
            if crate::games::builtin(g).is_some() || crate::library::find(g).is_some() {
                continue;
            }
            crate::source_file(g)?;
            let file = std::path::absolute(g).unwrap_or_else(|_| PathBuf::from(g));
            entries.push(Entry { id: g.clone(), source: "file", file: Some(file) });
        }
        for (name, _) in crate::games::BUILTIN {
            entries.push(Entry { id: name.to_string(), source: "builtin", file: None });
        }
        for (name, path) in crate::library::games() {
            if !entries.iter().any(|e| e.id == name) {
                entries.push(Entry { id: name, source: "library", file: Some(path) });
            }
        }
        // Names given on the command line come first, in their order.
        let mut named: Vec<Entry> = Vec::new();
        for g in given {
            if let Some(i) = entries.iter().position(|e| e.id == *g) {
                named.push(entries.remove(i));
            }
        }
        named.extend(entries);
        Ok(Catalogue { entries: named })
    }

    /// The games offered.
    ///
    /// ```
    /// let catalogue = qipan::serve::Catalogue::new(&["chess".to_string()])?;
    /// assert_eq!(catalogue.entries()[0].id, "chess"); // named first
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// What [`crate::load`] takes for the game `id`: its name, or its file's path.
    ///
    /// ```
    /// let catalogue = qipan::serve::Catalogue::new(&[])?;
    /// assert_eq!(catalogue.spec("go")?, "go");
    /// assert_eq!(catalogue.spec("nope").unwrap_err().status.as_u16(), 404);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn spec(&self, id: &str) -> Result<&str, ApiError> {
        self.entries.iter().find(|e| e.id == id).map(|e| e.id.as_str()).ok_or_else(|| {
            ApiError::not_found(format!(
                "`{}` is not a game this server offers (see /api/games)",
                crate::input::clip(id)
            ))
        })
    }

    /// The entry whose definition file is `path`.
    ///
    /// ```
    /// let catalogue = qipan::serve::Catalogue::new(&[])?;
    /// assert!(catalogue.by_file(std::path::Path::new("/nowhere/go.yaml")).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn by_file(&self, path: &std::path::Path) -> Option<&Entry> {
        self.entries.iter().find(|e| e.file.as_deref() == Some(path))
    }

    /// The JSON list of games with their typed options (as `qipan list --json` describes them); a broken
    /// definition is listed with its error.
    ///
    /// ```
    /// let list = qipan::serve::Catalogue::new(&[])?.describe();
    /// let go = list["games"].as_array().unwrap().iter().find(|g| g["name"] == "go").unwrap();
    /// assert!(go["options"].as_array().unwrap().iter().any(|o| o["name"] == "komi"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn describe(&self) -> Value {
        let games: Vec<Value> = self
            .entries
            .iter()
            .map(|e| {
                let mut entry = json!({"name": e.id, "source": e.source});
                match crate::definition(&e.id) {
                    Ok(def) => {
                        let (_, title, description) = def.summary();
                        // The option that numbers the starts (chess960's `start`) may also be `random`.
                        let starts = def.def.shuffle.as_ref().map(|s| s.number.value.clone());
                        let options: Vec<Value> = def
                            .options()
                            .iter()
                            .map(|o| {
                                json!({"name": o.name, "type": o.kind, "random": starts.as_ref() == Some(&o.name),
                                    "default": o.default.as_ref().map(|d| d.to_string()),
                                    "values": o.values.as_ref().map(|v| v.iter().map(|x| x.to_string()).collect::<Vec<_>>()),
                                    "doc": o.doc.split_whitespace().collect::<Vec<_>>().join(" ")})
                            })
                            .collect();
                        entry["title"] = json!(title);
                        entry["description"] = json!(description.trim());
                        entry["options"] = json!(options);
                    }
                    Err(err) => {
                        entry["title"] = json!(e.id);
                        entry["options"] = json!([]);
                        entry["error"] = json!(ApiError::from(err).message);
                    }
                }
                entry
            })
            .collect();
        json!({"games": games})
    }
}
