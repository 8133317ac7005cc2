//! `qipan bench`: random playouts per second.

use super::GameArgs;
use clap::Args;
use qipan::core::playout::{PlayoutBuf, Policy, playout};
use rand::SeedableRng;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Args)]
pub struct BenchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// How long to run, in seconds (at most a day).
    #[arg(long, default_value_t = 5.0, value_parser = seconds)]
    seconds: f64,
    /// Run exactly this many playouts instead of for `--seconds` (a fixed amount of work, for
    /// instruction counts under a profiler).
    #[arg(long)]
    playouts: Option<u64>,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Draw turns in several parts part by part (the Amazons' move, then its arrow), as Ludii does,
    /// instead of uniformly among whole turns.
    #[arg(long)]
    parts: bool,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

/// The longest `--seconds` accepted: a day.
const MAX_SECONDS: f64 = 86_400.0;

/// Reads `--seconds`: a finite number from 0.01 to a day (NaN, infinities and 1e300 are mistakes, not requests).
fn seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.01..=MAX_SECONDS).contains(&s) => Ok(s),
        _ => Err(format!("expected a number of seconds from 0.01 to {MAX_SECONDS}, e.g. `--seconds 10`")),
    }
}

pub fn run(a: BenchArgs) -> anyhow::Result<ExitCode> {
    let game = a.game.load()?;
    let start = a.game.start(&game)?;
    let mut pos = start.clone();
    let mut buf = PlayoutBuf::default();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(a.seed);
    let cap = game.rules.end.max_plies.unwrap_or(10_000);
    let limit = Duration::from_secs_f64(a.seconds);
    let t = Instant::now();
    let (mut playouts, mut moves) = (0u64, 0u64);
    let more = |playouts: u64| match a.playouts {
        Some(n) => playouts < n,
        None => t.elapsed() < limit,
    };
    while more(playouts) {
        pos.reset_from(&start);
        let policy = if a.parts { Policy::Parts } else { Policy::Uniform };
        moves += playout(&mut pos, &mut rng, &mut buf, cap, policy)? as u64;
        playouts += 1;
    }
    let secs = t.elapsed().as_secs_f64();
    let (pps, mps, mean) = (playouts as f64 / secs, moves as f64 / secs, moves as f64 / playouts.max(1) as f64);
    if a.json {
        outln!(
            "{}",
            serde_json::json!({"playouts_per_sec": pps, "moves_per_sec": mps, "mean_length": mean, "playouts": playouts})
        );
    } else {
        outln!("{}: {playouts} playouts in {secs:.2} s", game.title);
        outln!("  {pps:.1} playouts/s, {mps:.0} moves/s, mean length {mean:.1} plies");
    }
    Ok(ExitCode::SUCCESS)
}
