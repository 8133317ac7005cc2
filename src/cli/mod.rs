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

mod analyse;
mod bench;
mod check;
mod gtp;
mod import;
mod list;
mod new;
mod perft;
mod play;
mod replay;
mod serve;
mod show;
mod simulate;
mod uci;

use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;
use std::sync::Arc;

/// qipan: a scriptable rules engine for board games.
#[derive(Parser)]
#[command(name = "qipan", version, about, long_about = None)]
struct Cli {
    /// The game library: where `import` copies games, and where every command looks up a name
    /// that is not a built-in game [default: $QIPAN_LIBRARY, else $XDG_DATA_HOME/qipan/games,
    /// else ~/.local/share/qipan/games].
    #[arg(long, global = true, value_name = "DIR")]
    library: Option<std::path::PathBuf>,
    /// Colours in diagrams: `auto` when standard output is a terminal and NO_COLOR is not set.
    #[arg(long, global = true, value_enum, default_value_t = Color::Auto)]
    color: Color,
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
    /// The playground: a local web page to play, watch and measure games, following edits live.
    Serve(serve::ServeArgs),
    /// Play in the terminal: hot-seat for people, computer players for `--ai` seats.
    Play(play::PlayArgs),
    /// Self-play many games between agents and report win rates, lengths and endings.
    Simulate(simulate::SimulateArgs),
    /// Replay a game record (SGF for the Go family) under the game's rules.
    Replay(replay::ReplayArgs),
    /// Judge a recorded game move by move with a computer player: each mover's chances before and after
    /// its move, the move it would have played, and the moves that lost most.
    Analyse(analyse::AnalyseArgs),
    /// List the built-in and imported games and their options.
    List(list::ListArgs),
    /// Start a variant: write NAME.yaml, a commented definition that extends a game.
    New(new::NewArgs),
    /// Check definitions and copy them into the game library, to be known by name.
    Import(import::ImportArgs),
    /// Speak GTP version 2 on standard input and output (Go GUIs, referees).
    Gtp(gtp::GtpArgs),
    /// Speak UCI on standard input and output (chess GUIs, tournament managers, python-chess).
    Uci(uci::UciArgs),
}

/// When diagrams are coloured.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Color {
    Auto,
    Always,
    Never,
}

/// The ink diagrams are printed in, chosen once from `--color`, NO_COLOR and standard output.
static INK: std::sync::OnceLock<qipan::core::render::Ink> = std::sync::OnceLock::new();

/// The ink for diagrams printed on standard output.
pub fn ink() -> qipan::core::render::Ink {
    INK.get().copied().unwrap_or_default()
}

impl Color {
    /// The ink this choice means here: colour for a terminal unless NO_COLOR (https://no-color.org) says not.
    fn ink(self) -> qipan::core::render::Ink {
        use qipan::core::render::Ink;
        use std::io::IsTerminal;
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        match self {
            Color::Always => Ink::Ansi,
            Color::Never => Ink::Plain,
            Color::Auto if !no_color && std::io::stdout().is_terminal() => Ink::Ansi,
            Color::Auto => Ink::Plain,
        }
    }
}

/// A game and its option settings, shared by most subcommands.
#[derive(Args, Clone)]
pub struct GameArgs {
    /// A built-in or imported game (see `qipan list`) or the path of a definition file.
    pub game: String,
    /// Set a game option, e.g. `--set size=9` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Start from this position, written as FEN (grid games), instead of the game's start.
    #[arg(long)]
    pub fen: Option<String>,
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

    /// Replaces `random` as the value of a numbered start's option (`--set start=random`, chess960) by a
    /// start drawn from `seed`, and returns the option and number drawn.
    pub fn random_start(&self, overrides: &mut [(String, String)], seed: u64) -> anyhow::Result<Option<(String, u64)>> {
        Ok(qipan::draw_start(&self.game, overrides, seed)?)
    }

    /// Loads the game.
    pub fn load(&self) -> anyhow::Result<Arc<qipan::core::Game>> {
        Ok(qipan::load(&self.game, &self.overrides()?)?)
    }

    /// The position to start from: `--fen` when given, otherwise the game's start.
    pub fn start(&self, game: &Arc<qipan::core::Game>) -> anyhow::Result<qipan::core::Position> {
        match &self.fen {
            Some(f) => Ok(qipan::core::Position::from_fen(game, f)?),
            None => Ok(game.start()),
        }
    }
}

/// Runs the program.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    let _ = INK.set(cli.color.ink());
    if let Some(dir) = cli.library {
        qipan::library::set_dir(dir);
    }
    let result = match cli.command {
        Command::Check(a) => check::run(a),
        Command::Show(a) => show::run(a),
        Command::Perft(a) => perft::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Play(a) => play::run(a),
        Command::Simulate(a) => simulate::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Analyse(a) => analyse::run(a),
        Command::List(a) => list::run(a),
        Command::New(a) => new::run(a),
        Command::Import(a) => import::run(a),
        Command::Gtp(a) => gtp::run(a),
        Command::Uci(a) => uci::run(a),
    };
    match result {
        Ok(code) => code,
        // A reader that stopped reading (`qipan ... | head`) is not an error.
        Err(e) if e.downcast_ref::<std::io::Error>().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) => {
            ExitCode::SUCCESS
        }
        Err(e) => {
            // Messages quote what was typed or read: its control characters must not reach the terminal raw.
            eprintln!("error: {}", qipan::input::escape_controls(&message(&e)));
            ExitCode::FAILURE
        }
    }
}

/// An error and its causes, joined by `: `, leaving out a cause whose text the message before it already
/// ends with (the library's errors quote the error they wrap, as `not a position of the game: ...` does).
fn message(e: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if out.ends_with(&text) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&text);
    }
    out
}
