//! `qipan list`: the built-in games and their options.

use clap::Args;
use std::process::ExitCode;

#[derive(Args)]
pub struct ListArgs {
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

pub fn run(a: ListArgs) -> anyhow::Result<ExitCode> {
    let mut out = Vec::new();
    for (name, src) in qipan::games::BUILTIN {
        let file = format!("games/{name}.yaml");
        let (_, title, description) = qipan::dsl::summary(&file, src)?;
        let options = qipan::dsl::options(&file, src)?;
        if a.json {
            let opts: Vec<_> = options
                .iter()
                .map(|o| {
                    serde_json::json!({"name": o.name, "type": o.kind,
                        "default": o.default.as_ref().map(|d| d.to_string()),
                        "values": o.values.as_ref().map(|v| v.iter().map(|x| x.to_string()).collect::<Vec<_>>()),
                        "doc": o.doc})
                })
                .collect();
            out.push(
                serde_json::json!({"name": name, "title": title, "description": description.trim(), "options": opts}),
            );
        } else {
            outln!("{name:<16} {title}");
            for o in options {
                let default = o.default.map(|d| d.to_string()).unwrap_or_else(|| "(required)".into());
                let values = o
                    .values
                    .map(|v| format!(" [{}]", v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join("|")))
                    .unwrap_or_default();
                outln!("  --set {}={default}{values}", o.name);
            }
        }
    }
    if a.json {
        outln!("{}", serde_json::to_string_pretty(&out)?);
    }
    Ok(ExitCode::SUCCESS)
}
