//! `qipan perft`: count move sequences.

use super::GameArgs;
use anyhow::Context;
use clap::Args;
use qipan::core::hooks::HookBudget;
use qipan::core::notation::parse_move;
use qipan::core::playout::try_perft;
use std::process::ExitCode;
use std::time::Instant;

/// The deepest count asked for: memory grows with the plies reached, one position each.
pub const MAX_DEPTH: u32 = 1000;

#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Plies to count (at most 1000).
    #[arg(long, short, value_parser = clap::value_parser!(u32).range(..=MAX_DEPTH as i64))]
    depth: u32,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
    /// Also print the count below each legal move (for comparing with other engines).
    #[arg(long)]
    divide: bool,
    /// Play these moves first (move text separated by spaces or commas), to count from the position
    /// they reach: with `--divide`, to walk down a divide that disagrees with another engine's.
    #[arg(long, value_name = "MOVES")]
    moves: Option<String>,
}

pub fn run(a: PerftArgs) -> anyhow::Result<ExitCode> {
    let game = qipan::load_for_view(&a.game.game, &a.game.overrides()?)?;
    let mut pos = a.game.start(&game)?;
    let moves = a.moves.as_deref().unwrap_or("");
    for (i, text) in moves.split([' ', ',']).filter(|t| !t.is_empty()).enumerate() {
        let mv = parse_move(&pos, text).with_context(|| format!("move {} `{text}`", i + 1))?;
        pos.play(&mv).with_context(|| format!("move {} `{text}`", i + 1))?;
    }
    // One budget for the hooks of the whole command; a failing hook is an error, never a smaller count.
    let _budget = HookBudget::open();
    if a.divide && a.depth > 0 {
        for mv in pos.try_legal_moves()? {
            let mut child = pos.clone();
            child.play(&mv)?;
            let n = try_perft(&child, a.depth - 1)?;
            outln!("{}: {n}", qipan::core::notation::move_text(&game, &mv));
        }
    }
    let t = Instant::now();
    let nodes = try_perft(&pos, a.depth)?;
    let secs = t.elapsed().as_secs_f64();
    if a.json {
        outln!("{}", serde_json::json!({"depth": a.depth, "nodes": nodes}));
    } else {
        outln!("perft({}) = {nodes}  ({:.0} nodes/s)", a.depth, nodes as f64 / secs.max(1e-9));
    }
    Ok(ExitCode::SUCCESS)
}
