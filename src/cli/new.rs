//! `qipan new NAME --from GAME`: start a variant, a commented definition that extends a game.

use anyhow::Context as _;
use clap::Args;
use qipan::dsl::schema::MoveDef;
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

#[derive(Args)]
pub struct NewArgs {
    /// The variant's name: writes NAME.yaml in the current directory (never over an existing file).
    name: String,
    /// The game it builds on: a built-in game, a game of the library, or a definition file.
    #[arg(long, value_name = "GAME")]
    from: String,
}

/// A YAML double-quoted string.
fn quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n"))
}

/// Text as YAML comment lines, each starting with `prefix`.
fn comment(out: &mut String, prefix: &str, text: &str) {
    for l in text.trim().lines() {
        let _ = writeln!(out, "{prefix}{}", l.trim_end());
    }
}

/// The text of a new variant of `from` (as `extends:` will name it) called `name`.
pub fn variant_text(name: &str, from: &str, extends: &str) -> anyhow::Result<String> {
    let base = qipan::definition(from)?;
    let (_, title, _) = base.summary();
    let mut o = String::new();
    let _ = writeln!(o, "# {name}: a variant of {title}.");
    o.push_str(
        "#\n# Everything not written here comes from the base game. Maps merge key by key (so\n\
         # `pieces: { pawn: { moves: ... } }` changes only the pawn's moves); lists and other values\n\
         # replace the base's, except that `KEY+:` appends to the base's list (`setup+: [...]`);\n\
         # `~` removes a key. See the book's chapter \"Variants\".\n\n",
    );
    let _ = writeln!(o, "extends: {extends}");
    let _ = writeln!(o, "name: {name}");
    let _ = writeln!(o, "title: {}", quote(&format!("{title} ({name})")));
    let _ = writeln!(o, "description: {}", quote(&format!("A variant of {title}.")));
    let options = base.options();
    if !options.is_empty() {
        o.push_str("\n# The base game's options and their defaults. To change a default, uncomment `options:`\n");
        o.push_str("# and the option, and edit its `default:` (or `values:`, `doc:`; or add a new option).\n");
        o.push_str("#\n# options:\n");
        for opt in &options {
            let values = opt
                .values
                .as_ref()
                .map(|v| format!(", one of {}", v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")))
                .unwrap_or_default();
            let _ = writeln!(o, "#   {:<24} # {}{values}", format!("{}:", opt.name), opt.kind);
            comment(&mut o, "#     # ", &opt.doc);
            match &opt.default {
                Some(d) => {
                    let shown = match d {
                        qipan::dsl::Value::Text(t) => quote(t),
                        other => other.to_string(),
                    };
                    let _ = writeln!(o, "#     default: {shown}");
                }
                None => o.push_str("#     # (no default: players must set it)\n"),
            }
        }
    }
    if let Some((piece, def)) = base.def.pieces.0.iter().find(|(_, p)| p.moves.is_some()) {
        o.push_str("\n# A piece's moves: `moves:` replaces the base's list, `moves+:` adds to it. The base's:\n#\n");
        o.push_str("# pieces:\n");
        let _ = writeln!(o, "#   {}:", piece.value);
        o.push_str("#     moves:\n");
        for m in def.moves.iter().flat_map(|m| m.value.iter()) {
            match m {
                MoveDef::Plain(t) => {
                    let _ = writeln!(o, "#       - {}", quote(t));
                }
                MoveDef::Conditional { rule, when } => {
                    let _ = writeln!(o, "#       - {{ move: {}, if: {} }}", quote(rule), quote(when));
                }
            }
        }
    }
    o.push_str("\n# A hook, added (or replacing the base's hook of that name; `name: ~` removes one):\n#\n");
    o.push_str("# hooks:\n#   filter_move: |\n#     // `false` or a reason forbids the move `mv` in position `pos`.\n#     true\n");
    let hooks: Vec<&str> = base.def.hooks.0.iter().map(|(p, _)| p.value.as_str()).collect();
    if !hooks.is_empty() {
        let _ = writeln!(o, "#\n# The base game's hooks: {}.", hooks.join(", "));
    }
    Ok(o)
}

pub fn run(a: NewArgs) -> anyhow::Result<ExitCode> {
    if !qipan::library::valid_name(&a.name) {
        anyhow::bail!("`{}` cannot name a game: use letters, digits, `-` and `_`", a.name);
    }
    // A base found by name is written as its name; a file, as a path from here (where NAME.yaml goes).
    let by_name = qipan::games::builtin(&a.from).is_some() || qipan::library::find(&a.from).is_some();
    let extends = if by_name || qipan::dsl::read::is_path(&a.from) { a.from.clone() } else { format!("./{}", a.from) };
    let text = variant_text(&a.name, &a.from, &extends)?;
    let path = std::path::PathBuf::from(format!("{}.yaml", a.name));
    let mut f = std::fs::OpenOptions::new().write(true).create_new(true).open(&path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            anyhow::anyhow!("`{}` already exists; choose another name or move it away", path.display())
        } else {
            anyhow::anyhow!("cannot create `{}`: {e}", path.display())
        }
    })?;
    f.write_all(text.as_bytes()).with_context(|| format!("cannot write `{}`", path.display()))?;
    outln!("wrote {}: a variant of {} (try `qipan check {}`)", path.display(), a.from, path.display());
    Ok(ExitCode::SUCCESS)
}
