//! `qipan perft`: count move sequences.

use super::GameArgs;
use clap::Args;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Plies to count.
    #[arg(long, short)]
    depth: u32,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
    /// Also print the count below each legal move (for comparing with other engines).
    #[arg(long)]
    divide: bool,
}

pub fn run(a: PerftArgs) -> anyhow::Result<ExitCode> {
    let game = qipan::load_for_view(&a.game.game, &a.game.overrides()?)?;
    let pos = a.game.start(&game)?;
    if a.divide && a.depth > 0 {
        for mv in pos.legal_moves() {
            let mut child = pos.clone();
            child.play(&mv)?;
            let n = qipan::core::playout::perft(&child, a.depth - 1);
            outln!("{}: {n}", qipan::core::notation::move_text(&game, &mv));
        }
    }
    let t = Instant::now();
    let nodes = qipan::core::playout::perft(&pos, a.depth);
    let secs = t.elapsed().as_secs_f64();
    if a.json {
        outln!("{}", serde_json::json!({"depth": a.depth, "nodes": nodes}));
    } else {
        outln!("perft({}) = {nodes}  ({:.0} nodes/s)", a.depth, nodes as f64 / secs.max(1e-9));
    }
    Ok(ExitCode::SUCCESS)
}
