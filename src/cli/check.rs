//! `qipan check`: validate definitions.

use clap::Args;
use qipan::LoadError;
use std::process::ExitCode;

#[derive(Args)]
pub struct CheckArgs {
    /// Built-in game names or definition files.
    #[arg(required = true)]
    games: Vec<String>,
    /// Set a game option while checking (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

pub fn run(a: CheckArgs) -> anyhow::Result<ExitCode> {
    let overrides = super::GameArgs { game: String::new(), set: a.set.clone(), fen: None }.overrides()?;
    let mut ok = true;
    let mut report = Vec::new();
    for g in &a.games {
        let result = if overrides.is_empty() {
            qipan::validate(g).map(|required| (None, required))
        } else {
            // As `validate` does, the hooks are run once on the start position.
            qipan::definition(g).and_then(|def| {
                let game = std::sync::Arc::new(def.compile_for_view(&overrides)?);
                def.try_hooks(&game)?;
                Ok((Some(game), vec![]))
            })
        };
        match result {
            Ok((game, required)) => {
                if !a.json {
                    let what = game.map(|g| format!(" ({}, {} nodes)", g.title, g.board.len())).unwrap_or_default();
                    let needs = if required.is_empty() {
                        String::new()
                    } else {
                        format!(
                            "; to play, set {}",
                            required.iter().map(|r| format!("--set {r}=...")).collect::<Vec<_>>().join(" ")
                        )
                    };
                    outln!("{g}: ok{what}{needs}");
                }
                report.push(serde_json::json!({"game": g, "ok": true, "errors": [], "required_options": required}));
            }
            Err(LoadError::Invalid(d)) => {
                ok = false;
                if !a.json {
                    eprint!("{d}");
                }
                let errors: Vec<_> =
                    d.0.iter()
                        .map(|x| {
                            serde_json::json!({"file": x.file, "line": x.loc.line, "column": x.loc.column,
                                           "message": x.message, "expected": x.expected, "note": x.note})
                        })
                        .collect();
                report.push(serde_json::json!({"game": g, "ok": false, "errors": errors}));
            }
            Err(e) => {
                ok = false;
                if !a.json {
                    eprintln!("{e}");
                }
                report.push(serde_json::json!({"game": g, "ok": false, "errors": [{"message": e.to_string()}]}));
            }
        }
    }
    if a.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
    }
    Ok(if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
