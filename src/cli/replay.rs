//! `qipan replay`: replay a record under the game's rules.

use super::GameArgs;
use clap::Args;
use std::process::ExitCode;

#[derive(Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The record (SGF).
    record: std::path::PathBuf,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

pub fn run(a: ReplayArgs) -> anyhow::Result<ExitCode> {
    let bytes = std::fs::read(&a.record)?;
    let report = qipan::record::replay_sgf(&a.game.game, &a.game.overrides()?, &bytes)?;
    if a.json {
        outln!("{}", serde_json::to_string_pretty(&report.to_json())?);
    } else {
        out!("{}", report.summary());
    }
    Ok(if report.illegal.is_none() { ExitCode::SUCCESS } else { ExitCode::from(2) })
}
