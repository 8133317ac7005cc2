//! `qipan simulate`: self-play statistics, and the `--ai SEAT=AGENT` syntax shared with `qipan play`.

use super::GameArgs;
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use qipan::core::Game;
use qipan::core::ai::AgentSpec;
use qipan::simulate::{Report, Simulation};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Args)]
pub struct SimulateArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Who plays: `SEAT=AGENT` (e.g. `black=mcts:iterations=500`, `all=auto`), comma-separated or
    /// repeated. Agents: random, greedy, mcts[:iterations=N,ms=N,clock=MS,c=X,depth=N,threads=N,rave=K,
    /// solver=on|off,decisive=on|off,...], alphabeta[:depth=N,ms=N,nodes=N,q=N|on|off,tt=MB,noise=N],
    /// auto[:ms=N] (a player picked for the game; it says which). Unlisted seats play `auto`; `--ai
    /// all=random` plays random games, quickly.
    #[arg(long, value_name = "SEAT=AGENT")]
    ai: Vec<String>,
    /// Seed: game i is played under a seed derived from this and i only.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Machine-readable output: the statistics and every game, as JSON.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Machine-readable output: one CSV row per player.
    #[arg(long)]
    csv: bool,
    /// Also write a chart (win rates and game lengths) as SVG to this file.
    #[arg(long, value_name = "FILE.svg")]
    chart: Option<std::path::PathBuf>,
    /// Also write one row per game (seed, agents, options, plies, result, winners, captures, end reason and
    /// moves) to this file, as Parquet or CSV by its extension.
    #[arg(long, value_name = "FILE.parquet|FILE.csv")]
    records: Option<std::path::PathBuf>,
}

/// Parses `--ai` values into one optional agent per seat.
///
/// Each value is a comma-separated list of `SEAT=AGENT` (a seat name or number, or `all`) or a bare
/// `SEAT`, which means random. A comma followed by `KEY=VALUE` where KEY is not a seat continues the
/// previous agent's parameters: `white=mcts:iterations=500,c=0.7,black=greedy`.
pub fn parse_ai(game: &std::sync::Arc<Game>, values: &[String]) -> anyhow::Result<Vec<Option<AgentSpec>>> {
    let seats = game.seats.len();
    let seat_of = |s: &str| -> Option<Vec<usize>> {
        if s == "all" {
            return Some((0..seats).filter(|&i| game.seats[i].plays).collect());
        }
        game.seat(s).map(|i| vec![i.idx()]).or_else(|| s.parse::<usize>().ok().filter(|&i| i < seats).map(|i| vec![i]))
    };
    let names = || game.seats.iter().filter(|s| s.plays).map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ");
    // (seats, spec text) in order.
    let mut items: Vec<(Vec<usize>, String)> = Vec::new();
    for item in values.iter().flat_map(|v| v.split(',')).map(str::trim).filter(|s| !s.is_empty()) {
        let (key, spec) = match item.split_once('=') {
            Some((k, v)) => (k.trim(), Some(v.trim())),
            None => (item, None),
        };
        match (seat_of(key), spec) {
            (Some(s), spec) => items.push((s, spec.unwrap_or("random").to_string())),
            (None, Some(_))
                if items.last().is_some_and(|(_, t)| {
                    t.contains(':') || ["mcts", "alphabeta", "auto"].iter().any(|a| t.starts_with(a))
                }) =>
            {
                let last = items.last_mut().expect("checked");
                last.1.push(if last.1.contains(':') { ',' } else { ':' });
                last.1.push_str(item);
            }
            _ => anyhow::bail!("--ai: unknown seat `{key}`: the seats are {} (or `all`)", names()),
        }
    }
    let mut out = vec![None; seats];
    for (list, text) in items {
        let asked = AgentSpec::parse(&text).map_err(|e| anyhow::anyhow!("--ai: `{text}`: {e}"))?;
        // `auto` picks its player once, here, and says which.
        let spec = asked.resolve(&game.start())?;
        if spec != asked {
            say_picked(game, &asked, &list, &spec, "");
        }
        for s in list {
            out[s] = Some(spec.clone());
        }
    }
    Ok(out)
}

/// Gives every seat that plays and has no agent, directly or through the seat that holds it, the
/// player `auto` picks for the game, and says which: a balance study measures the game with players that
/// search, not with random ones.
fn unlisted_play_auto(game: &std::sync::Arc<Game>, agents: &mut [Option<AgentSpec>]) -> anyhow::Result<()> {
    let unlisted: Vec<usize> = (0..agents.len())
        .filter(|&s| {
            let seat = &game.seats[s];
            seat.plays && seat.held_by.idx() == s && agents[s].is_none()
        })
        .collect();
    if unlisted.is_empty() {
        return Ok(());
    }
    let auto = AgentSpec::Auto(Default::default());
    let spec = auto.resolve(&game.start())?;
    say_picked(game, &auto, &unlisted, &spec, " (unlisted seats play auto; --ai all=random for random games)");
    for s in unlisted {
        agents[s] = Some(spec.clone());
    }
    Ok(())
}

/// Says on standard error which player `asked` (an `auto`) picked for `seats`.
fn say_picked(game: &Game, asked: &AgentSpec, seats: &[usize], spec: &AgentSpec, why: &str) {
    let names: Vec<&str> = seats.iter().map(|&s| game.seats[s].name.as_str()).collect();
    let verb = if names.len() == 1 { "plays" } else { "play" };
    eprintln!("{asked}: {} {verb} {spec}{why}", names.join(", "));
}

pub fn run(a: SimulateArgs) -> anyhow::Result<ExitCode> {
    // `--set start=random`: each game draws its own start from its seed.
    let mut overrides = a.game.overrides()?;
    let random = a.game.random_start(&mut overrides, a.seed)?.is_some();
    let game = qipan::load(&a.game.game, &overrides)?;
    if a.games == 0 {
        anyhow::bail!("--games must be at least 1");
    }
    let mut sim = Simulation::new(game.clone(), a.games).with_seed(a.seed).with_threads(a.threads);
    if random {
        sim = sim.with_random_starts();
    }
    sim.agents = parse_ai(&game, &a.ai)?;
    unlisted_play_auto(&game, &mut sim.agents)?;
    if let Some(path) = &a.records {
        // Refused before the games are played.
        match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("csv" | "parquet") => sim = sim.with_moves(),
            _ => anyhow::bail!(
                "--records: cannot tell the format of `{}`: name it FILE.csv or FILE.parquet",
                path.display()
            ),
        }
    }
    let bar = if a.json || a.csv || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::with_draw_target(Some(a.games as u64), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{spinner} {bar:40} {pos}/{len} games, {per_sec}, eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    };
    let t = Instant::now();
    let records = sim.run(&|_| bar.inc(1))?;
    bar.finish_and_clear();
    let secs = t.elapsed().as_secs_f64();
    let threads = if a.threads == 0 { rayon::current_num_threads() } else { a.threads };
    let report = Report::new(&sim, &records);
    if let Some(path) = &a.chart {
        std::fs::write(path, report.svg(&records))
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
    }
    if let Some(path) = &a.records {
        qipan::simulate::write_records(&sim, &records, path)?;
    }
    if a.json {
        let mut v = serde_json::to_value(&report)?;
        v["timing"] = serde_json::json!({"seconds": secs, "games_per_second": a.games as f64 / secs.max(1e-9), "threads": threads});
        v["records"] = serde_json::to_value(&records)?;
        outln!("{v}");
    } else if a.csv {
        out!("{}", report.csv());
    } else {
        out!("{}", report.text());
        outln!("played in {secs:.2} s ({:.1} games/s, {threads} threads)", a.games as f64 / secs.max(1e-9));
        for path in a.chart.iter().chain(&a.records) {
            outln!("wrote {}", path.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}
