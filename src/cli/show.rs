//! `qipan show`: a position, as a diagram or a picture.

use super::GameArgs;
use anyhow::{Context, anyhow};
use clap::Args;
use qipan::core::notation::parse_move;
use qipan::core::render::{self, Marks};
use std::process::ExitCode;

#[derive(Args)]
pub struct ShowArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Write an SVG picture of the board to this file instead of printing a diagram.
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
    /// Play these moves from the start first (move text separated by spaces or commas); the diagram and
    /// the picture mark the last one.
    #[arg(long, value_name = "MOVES")]
    moves: Option<String>,
    /// Mark where the piece on this node may move.
    #[arg(long, value_name = "NODE")]
    mark: Option<String>,
    /// List the numbered starts of a game with a shuffled start (chess960): each number and the
    /// first seat's pieces, which `--set OPTION=NUMBER` chooses.
    #[arg(long)]
    starts: bool,
}

pub fn run(a: ShowArgs) -> anyhow::Result<ExitCode> {
    // Showing a position needs no option that only the scoring uses (Field Go's komi)...
    let game = qipan::load_for_view(&a.game.game, &a.game.overrides()?)?;
    if a.starts {
        let shuffle = game.shuffle.as_ref().ok_or_else(|| anyhow!("{} has no numbered starts", game.name))?;
        outln!("{} starts, chosen by --set {}=NUMBER", shuffle.count(), shuffle.option);
        for n in 0..shuffle.count() {
            outln!("{n:>4} {}", shuffle.row_text(&game, n).unwrap_or_default());
        }
        return Ok(ExitCode::SUCCESS);
    }
    let mut pos = a.game.start(&game)?;
    let moves = a.moves.as_deref().unwrap_or("");
    for (i, text) in moves.split([' ', ',']).filter(|t| !t.is_empty()).enumerate() {
        let mv = parse_move(&pos, text).with_context(|| format!("move {} `{text}`", i + 1))?;
        pos.play(&mv).with_context(|| format!("move {} `{text}`", i + 1))?;
    }
    // ... unless the moves end the game, whose result it decides.
    if pos.outcome().is_some() {
        let declared = qipan::options(&a.game.game)?;
        if let Some(unset) = declared.iter().find(|o| !game.options.contains_key(&o.name)) {
            anyhow::bail!(
                "the game ends after these moves, and its result needs option `{0}`: set it with --set {0}=VALUE",
                unset.name
            );
        }
    }
    let mut marks = Marks::last_move(&pos);
    if let Some(label) = &a.mark {
        let node = game.board.find(label).ok_or_else(|| anyhow!("no node `{label}` on this board"))?;
        marks = marks.with_targets(&pos, node);
    }
    match a.svg {
        Some(path) => {
            std::fs::write(&path, render::svg_marked(&pos, &marks))?;
            outln!("wrote {}", path.display());
        }
        None => {
            out!("{}", render::text_marked(&pos, &marks, super::ink()));
            // The position as FEN, to paste into `--fen` or another engine (grid boards only).
            if let Some(f) = pos.to_fen() {
                outln!("FEN: {f}");
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
