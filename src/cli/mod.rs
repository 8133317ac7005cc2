//! Command-line interface: one module per subcommand.

/// `print!` that returns an error instead of panicking when standard output is closed (`| head`).
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout().lock(), $($t)*)?
    }};
}

/// `println!` that returns an error instead of panicking when standard output is closed.
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($t)*)?
    }};
}

mod bench;
mod check;
mod gtp;
mod list;
mod perft;
mod play;
mod replay;
mod show;
mod simulate;

use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;
use std::sync::Arc;

/// qipan: a scriptable rules engine for board games.
#[derive(Parser)]
#[command(name = "qipan", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check definitions: exit 0 when valid, otherwise print file:line:column diagnostics.
    Check(check::CheckArgs),
    /// Show the start position as a text diagram, or write an SVG picture.
    Show(show::ShowArgs),
    /// Count the move sequences of exactly D plies.
    Perft(perft::PerftArgs),
    /// Measure random playouts per second.
    Bench(bench::BenchArgs),
    /// Play in the terminal: hot-seat for people, computer players for `--ai` seats.
    Play(play::PlayArgs),
    /// Self-play many games between agents and report win rates, lengths and endings.
    Simulate(simulate::SimulateArgs),
    /// Replay a game record (SGF for the Go family) under the game's rules.
    Replay(replay::ReplayArgs),
    /// List the built-in games and their options.
    List(list::ListArgs),
    /// Speak GTP version 2 on standard input and output (Go GUIs, referees).
    Gtp(gtp::GtpArgs),
}

/// A game and its option settings, shared by most subcommands.
#[derive(Args, Clone)]
pub struct GameArgs {
    /// A built-in game (see `qipan list`) or the path of a definition file.
    pub game: String,
    /// Set a game option, e.g. `--set size=9` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}

impl GameArgs {
    /// The `--set` pairs.
    pub fn overrides(&self) -> anyhow::Result<Vec<(String, String)>> {
        self.set
            .iter()
            .map(|kv| {
                kv.split_once('=')
                    .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                    .ok_or_else(|| anyhow::anyhow!("--set expects KEY=VALUE, got `{kv}`"))
            })
            .collect()
    }

    /// Loads the game.
    pub fn load(&self) -> anyhow::Result<Arc<qipan::core::Game>> {
        Ok(qipan::load(&self.game, &self.overrides()?)?)
    }
}

/// Runs the program.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check(a) => check::run(a),
        Command::Show(a) => show::run(a),
        Command::Perft(a) => perft::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Play(a) => play::run(a),
        Command::Simulate(a) => simulate::run(a),
        Command::Replay(a) => replay::run(a),
        Command::List(a) => list::run(a),
        Command::Gtp(a) => gtp::run(a),
    };
    match result {
        Ok(code) => code,
        // A reader that stopped reading (`qipan ... | head`) is not an error.
        Err(e) if e.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) => {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
