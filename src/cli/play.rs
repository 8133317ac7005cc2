//! `qipan play`: a terminal game.

use super::GameArgs;
use clap::Args;
use qipan::core::ai::Agent;
use qipan::core::notation::{move_text, parse_move};
use qipan::core::render;
use rand::SeedableRng;
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// The turns taken: each seat and its move, or `None` for a resignation.
type History = Vec<(u8, Option<qipan::core::Move>)>;

#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Seats played by the computer: `SEAT` (random moves) or `SEAT=AGENT` (random, greedy,
    /// mcts[:iterations=N,ms=N,c=X]), names or numbers or `all`, comma-separated or repeated.
    #[arg(long, value_name = "SEAT[=AGENT]")]
    ai: Vec<String>,
    /// Random seed for the AI.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the game to this file when it ends: SGF when the name ends in `.sgf` (Go-family games on 2-D
    /// grids), otherwise a qipan record (any game; `qipan replay FILE` reads it back).
    #[arg(long, value_name = "FILE")]
    record: Option<std::path::PathBuf>,
}

pub fn run(a: PlayArgs) -> anyhow::Result<ExitCode> {
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut overrides = a.game.overrides()?;
    if let Some(players) = cut_and_choose(&a.game.game, &mut overrides, &mut lines)? {
        outln!("{players}");
    }
    ask_required_options(&a.game.game, &mut overrides, &mut lines)?;
    let game = qipan::load(&a.game.game, &overrides)?;
    let specs = super::simulate::parse_ai(&game, &a.ai)?;
    let listed: Vec<bool> = specs.iter().map(Option::is_some).collect();
    let mut agents: Vec<Option<Box<dyn Agent>>> = specs.iter().map(|s| s.as_ref().map(|s| s.build())).collect();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(a.seed);
    if a.record.as_deref().is_some_and(is_sgf) {
        // Refuse at once a game that cannot be written, rather than after it was played.
        qipan::record::to_sgf(&game, &[], None)?;
    }
    let mut pos = a.game.start(&game)?;
    let start = pos.clone();
    let mut history: History = Vec::new();
    outln!("{}", game.title);
    outln!(
        "Type a move (e.g. `{}`), `moves` to list legal moves (`moves NODE`: the piece there), `undo`, `resign`, \
         `save FILE`, `load FILE`, `svg FILE` to draw the board, `quit` to stop.",
        example(&pos)
    );
    let mut redraw = true;
    loop {
        if redraw {
            out!("{}", render::text(&pos));
        }
        redraw = true;
        if pos.is_over() {
            break;
        }
        let seat = pos.to_move() as usize;
        // A seat not listed is played by whoever holds it.
        let who = if listed[seat] { seat } else { qipan::core::ai::player(&pos, seat as u8) as usize };
        if let Some(agent) = agents[who].as_mut() {
            let Some(mv) = agent.choose(&pos, &mut rng)? else {
                outln!("{} has no legal move", game.seats[seat].name);
                break;
            };
            outln!("{} plays {}", game.seats[seat].name, move_text(&game, &mv));
            pos.play(&mv)?;
            history.push((seat as u8, Some(mv)));
            continue;
        }
        out!("{}> ", game.seats[seat].name);
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else { break };
        let line = line?;
        match line.trim() {
            "" => redraw = false,
            "quit" | "exit" => break,
            "resign" => {
                pos.resign()?;
                history.push((seat as u8, None));
                outln!("{} resigns", game.seats[seat].name);
            }
            "moves" => {
                let texts: Vec<String> = pos.legal_moves().iter().map(|m| move_text(&game, m)).collect();
                outln!("{}", texts.join(" "));
                redraw = false;
            }
            cmd if cmd.starts_with("moves ") => {
                let label = cmd["moves ".len()..].trim();
                redraw = false;
                let Some(node) = game.board.find(label) else {
                    outln!("no node `{label}` on this board");
                    continue;
                };
                let texts: Vec<String> =
                    pos.legal_moves().iter().filter(|m| m.from == node).map(|m| move_text(&game, m)).collect();
                outln!("{}", if texts.is_empty() { format!("no legal move from {label}") } else { texts.join(" ") });
            }
            "undo" => {
                // Back to before the last move a person made, taking back the computer's replies too.
                let person = |s: u8| {
                    let who = if listed[s as usize] { s as usize } else { qipan::core::ai::player(&start, s) as usize };
                    agents[who].is_none()
                };
                match history.iter().rposition(|(s, _)| person(*s)) {
                    None => {
                        outln!("nothing to undo");
                        redraw = false;
                    }
                    Some(i) => {
                        history.truncate(i);
                        pos = replayed(&start, &history)?;
                    }
                }
            }
            cmd if cmd.starts_with("save ") => {
                let path = std::path::Path::new(cmd["save ".len()..].trim());
                write_record(path, &a.game.game, &game, &history, pos.outcome())?;
                outln!("wrote {}", path.display());
                redraw = false;
            }
            cmd if cmd.starts_with("load ") => {
                let path = cmd["load ".len()..].trim();
                match load_record(path, &a.game.game, &game, &start) {
                    Ok((p, h)) => (pos, history) = (p, h),
                    Err(e) => {
                        outln!("{path}: {e}");
                        redraw = false;
                    }
                }
            }
            cmd if cmd.starts_with("svg ") => {
                let path = cmd["svg ".len()..].trim();
                std::fs::write(path, render::svg_marked(&pos, &render::Marks::last_move(&pos)))?;
                outln!("wrote {path}");
                redraw = false;
            }
            text => match parse_move(&pos, text) {
                Err(e) => {
                    outln!("{e}");
                    redraw = false;
                }
                Ok(mv) => match pos.play(&mv) {
                    Ok(()) => history.push((seat as u8, Some(mv))),
                    Err(e) => {
                        outln!("{text}: {e}");
                        redraw = false;
                    }
                },
            },
        }
    }
    if let Some(path) = &a.record {
        write_record(path, &a.game.game, &game, &history, pos.outcome())?;
        outln!("wrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs the cut-and-choose procedure when the game has it and the option is not set yet: player 1
/// sets the option, player 2 chooses to move first or second. Adds the option to `overrides` and
/// returns who plays which seat.
fn cut_and_choose(
    game: &str,
    overrides: &mut Vec<(String, String)>,
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
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
        Ok(lines.next().ok_or_else(|| anyhow::anyhow!("no answer: input ended"))??.trim().to_string())
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
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
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
            let Some(answer) = lines.next() else {
                anyhow::bail!("option `{}` must be set (--set {}=...)", option.name, option.name)
            };
            let mut tried = overrides.clone();
            tried.push((option.name.clone(), answer?.trim().to_string()));
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

/// A legal move's text, to show the notation.
fn example(pos: &qipan::core::Position) -> String {
    pos.legal_moves().first().map(|m| move_text(pos.game(), m)).unwrap_or_else(|| "pass".into())
}

/// Whether a record file is SGF (by its name).
fn is_sgf(path: &std::path::Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
}

/// Writes the game so far: SGF when the file name ends in `.sgf`, otherwise a qipan record.
fn write_record(
    path: &std::path::Path,
    game_ref: &str,
    game: &qipan::core::Game,
    history: &History,
    result: Option<&qipan::core::GameResult>,
) -> anyhow::Result<()> {
    if is_sgf(path) {
        // SGF has no resignation move: its result says `+R`.
        let moves: Vec<(u8, qipan::core::Move)> = history.iter().filter_map(|&(s, m)| m.map(|m| (s, m))).collect();
        std::fs::write(path, qipan::record::to_sgf(game, &moves, result)?.to_sgf())?;
    } else {
        let mut record = qipan::record::GameRecord::new(game_ref, game, &[], result);
        record.moves = history
            .iter()
            .map(|(_, m)| m.map_or_else(|| qipan::record::RESIGN.to_string(), |m| move_text(game, &m)))
            .collect();
        std::fs::write(path, record.to_text())?;
    }
    Ok(())
}

/// The position after replaying `history` from `start`.
fn replayed(start: &qipan::core::Position, history: &History) -> anyhow::Result<qipan::core::Position> {
    let mut pos = start.clone();
    for (_, mv) in history {
        match mv {
            Some(mv) => pos.play(mv)?,
            None => pos.resign()?,
        }
    }
    Ok(pos)
}

/// Reads a qipan record of this game (same game and options) and replays it from `start`; a move the
/// rules refuse stops the loading with its number and line.
fn load_record(
    path: &str,
    game_ref: &str,
    game: &qipan::core::Game,
    start: &qipan::core::Position,
) -> anyhow::Result<(qipan::core::Position, History)> {
    let bytes = qipan::record::read_record_file(std::path::Path::new(path))?;
    let record = qipan::record::GameRecord::parse(&String::from_utf8(bytes)?)?;
    if record.game != game_ref || record.options != game.options {
        anyhow::bail!("the record is of `{}` with other options; play it with `qipan replay {path}`", record.game);
    }
    let mut pos = start.clone();
    let mut history = Vec::new();
    for (i, text) in record.moves.iter().enumerate() {
        let seat = pos.to_move();
        let mv =
            qipan::record::play_entry(&mut pos, text).map_err(|e| anyhow::anyhow!("move {} `{text}`: {e}", i + 1))?;
        history.push((seat, mv));
    }
    Ok((pos, history))
}
