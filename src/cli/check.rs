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
    let overrides = super::GameArgs { game: String::new(), set: a.set.clone() }.overrides()?;
    let mut ok = true;
    let mut report = Vec::new();
    for g in &a.games {
        match qipan::load(g, &overrides) {
            Ok(game) => {
                if !a.json {
                    println!("{g}: ok ({}, {} nodes)", game.title, game.board.len());
                }
                report.push(serde_json::json!({"game": g, "ok": true, "errors": []}));
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
                                           "message": x.message, "expected": x.expected})
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
        println!("{}", serde_json::to_string_pretty(&report)?);
    }
    Ok(if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
