//! `qipan import`: check definitions and copy them into the game library.

use clap::Args;
use qipan::library::ImportError;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct ImportArgs {
    /// Definition files. Each is checked, then copied into the library as NAME.yaml (its `name:`);
    /// a game of that name already there is replaced.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

pub fn run(a: ImportArgs) -> anyhow::Result<ExitCode> {
    let mut ok = true;
    for f in &a.files {
        match qipan::library::import(f) {
            Ok(i) => {
                let how = if i.replaced { "replaced" } else { "imported" };
                outln!("{}: {how} as `{}` ({})", f.display(), i.name, i.path.display());
            }
            Err(ImportError::Invalid(d)) => {
                ok = false;
                eprint!("{d}");
            }
            Err(e) => {
                ok = false;
                eprintln!("error: {e}");
            }
        }
    }
    Ok(if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
