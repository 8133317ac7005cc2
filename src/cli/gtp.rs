//! `qipan gtp`: a GTP version 2 engine on standard input and output.

use super::GameArgs;
use clap::Args;
use qipan::core::ai::AgentSpec;
use qipan::gtp::GtpEngine;
use std::process::ExitCode;

#[derive(Args)]
pub struct GtpArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Random seed for generated moves and the dead-stone estimate.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The agent that answers `genmove` (random, greedy, mcts[:iterations=N,ms=N,c=X,...], auto[:ms=N]);
    /// without it, random moves that fill no own eye.
    #[arg(long, value_name = "AGENT")]
    ai: Option<String>,
    /// Resign (`genmove` answers `resign`) when the agent judges the chances of the side to move below
    /// RATE, from 0 (a sure loss) to 1 (a sure win), e.g. 0.1; never without it. Needs `--ai`.
    #[arg(long, value_name = "RATE", requires = "ai", value_parser = rate)]
    resign: Option<f64>,
}

/// A resignation threshold: a number from 0 to 1.
fn rate(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|r| (0.0..=1.0).contains(r))
        .ok_or_else(|| format!("expected a number from 0 to 1, not `{text}`"))
}

pub fn run(a: GtpArgs) -> anyhow::Result<ExitCode> {
    let mut engine = GtpEngine::new(&a.game.game, &a.game.overrides()?, a.seed)?;
    if let Some(text) = &a.ai {
        let spec = AgentSpec::parse(text).map_err(|e| anyhow::anyhow!("--ai: `{text}`: {e}"))?;
        engine = engine.with_agent(&spec);
    }
    if let Some(rate) = a.resign {
        engine = engine.with_resign(rate);
    }
    // Answers are flushed as soon as no more commands wait; a stream piped in is answered in large writes.
    let output = std::io::BufWriter::new(std::io::stdout().lock());
    engine.serve_buffered(std::io::BufReader::new(std::io::stdin()), output)?;
    Ok(ExitCode::SUCCESS)
}
