//! `qipan uci`: a UCI engine on standard input and output.

use clap::Args;
use qipan::core::ai::AgentSpec;
use qipan::uci::UciEngine;
use std::process::ExitCode;

#[derive(Args)]
pub struct UciArgs {
    /// The game to start with (a built-in or imported game, or a definition file); GUIs may switch to
    /// another with `setoption name UCI_Variant`.
    #[arg(default_value = "chess")]
    game: String,
    /// Set a game option, e.g. `--set start=518` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
    /// Random seed for the player.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The player that answers `go` (random, greedy, mcts[:iterations=N,ms=N,c=X,...],
    /// alphabeta[:depth=N,ms=N], auto); `go`'s limits set an MCTS or alpha-beta player's budgets. The GUI
    /// may change it with `setoption name Player`.
    #[arg(long, value_name = "AGENT")]
    ai: Option<String>,
}

pub fn run(a: UciArgs) -> anyhow::Result<ExitCode> {
    let overrides = super::GameArgs { game: a.game.clone(), set: a.set, fen: None }.overrides()?;
    let mut engine = UciEngine::new(&a.game, &overrides, a.seed)?;
    if let Some(text) = &a.ai {
        let spec = AgentSpec::parse(text).map_err(|e| anyhow::anyhow!("--ai: `{text}`: {e}"))?;
        engine = engine.with_player(spec);
    }
    engine.serve(std::io::stdin().lock(), std::io::stdout())?;
    Ok(ExitCode::SUCCESS)
}
