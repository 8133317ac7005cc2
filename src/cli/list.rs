//! `qipan list`: the built-in games, the games of the library, and their options.

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
    let builtin = qipan::games::BUILTIN.iter().map(|(n, _)| (n.to_string(), None));
    let imported = qipan::library::games().into_iter().map(|(n, p)| (n, Some(p)));
    for (name, file) in builtin.chain(imported) {
        let spec = file.as_ref().map(|p| p.display().to_string()).unwrap_or_else(|| name.clone());
        let def = match qipan::definition(&spec) {
            Ok(d) => d,
            Err(e) if file.is_some() => {
                // A broken library file does not hide the rest of the list.
                let first = e.to_string().lines().next().unwrap_or_default().to_string();
                if a.json {
                    out.push(serde_json::json!({"name": name, "imported": true, "file": spec, "error": first}));
                } else {
                    outln!("{name:<16} (imported, invalid: {first})");
                }
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        let (_, title, description) = def.summary();
        let options = def.options();
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
            let mut entry = serde_json::json!({"name": name, "title": title, "description": description.trim(),
                "options": opts, "imported": file.is_some()});
            if file.is_some() {
                entry["file"] = serde_json::json!(spec);
            }
            out.push(entry);
        } else {
            let mark = if file.is_some() { " (imported)" } else { "" };
            outln!("{name:<16} {title}{mark}");
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
