//! `qipan show`: the start position.

use super::GameArgs;
use clap::Args;
use std::process::ExitCode;

#[derive(Args)]
pub struct ShowArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Write an SVG picture of the board to this file instead of printing a diagram.
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
}

pub fn run(a: ShowArgs) -> anyhow::Result<ExitCode> {
    let game = a.game.load()?;
    let pos = a.game.start(&game)?;
    match a.svg {
        Some(path) => {
            std::fs::write(&path, qipan::core::render::svg(&pos))?;
            outln!("wrote {}", path.display());
        }
        None => out!("{}", qipan::core::render::text(&pos)),
    }
    Ok(ExitCode::SUCCESS)
}
