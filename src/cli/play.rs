//! `qipan play`: a terminal game.

use super::GameArgs;
use clap::Args;
use qipan::input::{Line, MAX_LINE_BYTES, read_line};
use qipan::session::Session;
use std::io::{BufRead, Write};
use std::process::ExitCode;

#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Seats played by the computer: `SEAT` (random moves) or `SEAT=AGENT` (random, greedy,
    /// mcts[:iterations=N,ms=N,c=X,...], auto[:ms=N]), names or numbers or `all`, comma-separated or repeated.
    #[arg(long, value_name = "SEAT[=AGENT]")]
    ai: Vec<String>,
    /// Random seed for the AI, and for a start drawn at random (`--set start=random`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the game to this file when it ends: SGF when the name ends in `.sgf` (Go-family games on 2-D
    /// grids), otherwise a qipan record (any game; `qipan replay FILE` reads it back).
    #[arg(long, value_name = "FILE")]
    record: Option<std::path::PathBuf>,
    /// Go on from a qipan record of this game and options (as `--record` or `save` wrote it).
    #[arg(long, value_name = "FILE")]
    load: Option<String>,
}

pub fn run(a: PlayArgs) -> anyhow::Result<ExitCode> {
    // Refuse at once a record that cannot be written, rather than after the game was played.
    if let Some(path) = &a.record {
        qipan::session::check_writable(path)?;
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut overrides = a.game.overrides()?;
    if let Some((option, number)) = a.game.random_start(&mut overrides, a.seed)? {
        outln!("{option}={number} (drawn with --seed {})", a.seed);
    }
    if let Some(players) = cut_and_choose(&a.game.game, &mut overrides, &mut input)? {
        outln!("{players}");
    }
    ask_required_options(&a.game.game, &mut overrides, &mut input)?;
    let game = qipan::load(&a.game.game, &overrides)?;
    let agents = super::simulate::parse_ai(&game, &a.ai)?;
    let mut session = Session::new(&a.game.game, a.game.start(&game)?, &agents, a.seed).with_ink(super::ink());
    if let Some(path) = &a.record {
        session.check_format(path)?;
    }
    if let Some(path) = &a.load {
        session.resume(path)?;
    }
    let played = session.run(&mut input, &mut std::io::stdout().lock());
    // The game is recorded however the session ended: a failing hook or a closed terminal loses nothing.
    if let Some(path) = &a.record {
        match session.save(path) {
            Ok(()) => outln!("wrote {}", path.display()),
            Err(e) if played.is_ok() => return Err(e.into()),
            Err(e) => eprintln!("error: {e}"),
        }
    }
    played?;
    Ok(ExitCode::SUCCESS)
}

/// The next answer typed, trimmed; an error when the input ends or the line cannot be read as text.
fn answer(input: &mut impl BufRead) -> anyhow::Result<String> {
    match read_line(input, MAX_LINE_BYTES)? {
        None => anyhow::bail!("no answer: input ended"),
        Some(Line::Text(line)) => Ok(line.trim().to_string()),
        Some(Line::TooLong(n)) => anyhow::bail!("an answer of {n} bytes is longer than the limit of {MAX_LINE_BYTES}"),
        Some(Line::NotUtf8) => anyhow::bail!("the answer is not valid UTF-8"),
    }
}

/// Runs the cut-and-choose procedure when the game has it and the option is not set yet: player 1
/// sets the option, player 2 chooses to move first or second. Adds the option to `overrides` and
/// returns who plays which seat.
fn cut_and_choose(
    game: &str,
    overrides: &mut Vec<(String, String)>,
    input: &mut impl BufRead,
) -> anyhow::Result<Option<String>> {
    let (file, text) = qipan::source(game)?;
    let Some(option) = qipan::Definition::read(&file, &text, &qipan::Resolver)?.cut_and_choose(overrides)? else {
        return Ok(None);
    };
    if overrides.iter().any(|(k, _)| *k == option) {
        return Ok(None);
    }
    outln!("Cut and choose: player 1 sets {option}, then player 2 chooses to move first or second.");
    let mut ask = |prompt: &str| -> anyhow::Result<String> {
        out!("{prompt}");
        std::io::stdout().flush()?;
        answer(input)
    };
    loop {
        let value = ask(&format!("player 1, {option} = "))?;
        let mut tried = overrides.clone();
        tried.push((option.clone(), value.clone()));
        match qipan::load(game, &tried) {
            Ok(_) => {
                *overrides = tried;
                break;
            }
            Err(e) => outln!("{}", e.to_string().lines().next().unwrap_or("not accepted")),
        }
    }
    let seats: Vec<String> = qipan::load(game, overrides)?.seats.iter().map(|s| s.name.clone()).collect();
    loop {
        match ask("player 2, move first or second? [first/second] ")?.as_str() {
            "first" | "1" => return Ok(Some(format!("player 2 plays {}, player 1 plays {}", seats[0], seats[1]))),
            "second" | "2" => return Ok(Some(format!("player 1 plays {}, player 2 plays {}", seats[0], seats[1]))),
            _ => outln!("answer `first` or `second`"),
        }
    }
}

/// Asks for the options that have no default and were not set (Field Go's komi, say).
fn ask_required_options(
    game: &str,
    overrides: &mut Vec<(String, String)>,
    input: &mut impl BufRead,
) -> anyhow::Result<()> {
    let (file, text) = qipan::source(game)?;
    for option in qipan::Definition::read(&file, &text, &qipan::Resolver)?.options() {
        if option.default.is_some() || overrides.iter().any(|(k, _)| *k == option.name) {
            continue;
        }
        loop {
            outln!("{}: {}", option.name, option.doc.split_whitespace().collect::<Vec<_>>().join(" "));
            out!("{} = ", option.name);
            std::io::stdout().flush()?;
            let Ok(value) = answer(input) else {
                anyhow::bail!("option `{}` must be set (--set {}=...)", option.name, option.name)
            };
            let mut tried = overrides.clone();
            tried.push((option.name.clone(), value));
            match qipan::load(game, &tried) {
                Err(qipan::LoadError::Invalid(d))
                    if d.0.iter().any(|x| {
                        x.message.contains(&format!("--set {}=", option.name))
                            || x.message.contains(&format!("option `{}`", option.name))
                    }) =>
                {
                    outln!("{}", d.0[0].message)
                }
                _ => {
                    *overrides = tried;
                    break;
                }
            }
        }
    }
    Ok(())
}
