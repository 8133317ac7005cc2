//! `qipan analyse`: a computer player's judgement of a recorded game, move by move.

use clap::Args;
use qipan::core::ai::{AgentRng, AgentSpec, MoveReview, review};
use qipan::core::notation::move_text;
use qipan::core::{Game, Position};
use qipan::record::GameRecord;
use rand::SeedableRng;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Args)]
pub struct AnalyseArgs {
    /// A qipan record (`game.qipan`), a PGN game (`game.pgn`, whose `Variant` names the game), or a game
    /// followed by an SGF or PGN record (`go game.sgf`, `chess game.pgn`), as `qipan replay` takes them.
    #[arg(num_args = 1..=2, value_names = ["RECORD | GAME", "SGF | PGN"])]
    args: Vec<String>,
    /// Set a game option for an SGF record, e.g. `--set size=9` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
    /// The player that judges the moves: any agent that weighs positions (mcts, alphabeta, auto).
    #[arg(long, value_name = "AGENT", default_value = "auto")]
    ai: String,
    /// How many of the costliest moves to list.
    #[arg(long, default_value_t = 5)]
    worst: usize,
    /// Seed of the judge's random numbers.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

/// The longest record judged: every position is searched, and an SGF is replayed once per move.
const MAX_PLIES: usize = 2000;

pub fn run(a: AnalyseArgs) -> anyhow::Result<ExitCode> {
    let (game, positions) = positions(&a)?;
    let asked = AgentSpec::parse(&a.ai).map_err(|e| anyhow::anyhow!("--ai: `{}`: {e}", a.ai))?;
    let start = positions.first().expect("a start at least");
    let spec = asked.resolve(start)?;
    let mut judge = spec.build();
    let mut rng = AgentRng::seed_from_u64(a.seed);
    let reviews = review(&positions, judge.as_mut(), &mut rng)?.ok_or_else(|| {
        anyhow::anyhow!("--ai: `{spec}` plays but does not weigh positions: use mcts, alphabeta or auto")
    })?;
    let mut worst: Vec<&MoveReview> = reviews.iter().filter(|r| r.loss() > 0.0).collect();
    worst.sort_by(|x, y| y.loss().total_cmp(&x.loss()).then(x.ply.cmp(&y.ply)));
    worst.truncate(a.worst);
    let text = |mv: &qipan::core::Move| move_text(&game, mv);
    let seat = |r: &MoveReview| game.seats[r.seat.idx()].name.clone();
    if a.json {
        let row = |r: &MoveReview| {
            serde_json::json!({
                "ply": r.ply + 1,
                "seat": seat(r),
                "move": text(&r.played),
                "before": r.before,
                "after": r.after,
                "loss": r.loss(),
                "best": r.best.as_ref().map(text),
            })
        };
        let v = serde_json::json!({
            "game": game.name,
            "judge": spec.to_string(),
            "moves": reviews.iter().map(row).collect::<Vec<_>>(),
            "worst": worst.iter().map(|r| r.ply + 1).collect::<Vec<_>>(),
        });
        outln!("{}", serde_json::to_string_pretty(&v)?);
        return Ok(ExitCode::SUCCESS);
    }
    outln!("{}: {} moves judged by {spec}", game.title, reviews.len());
    outln!("each mover's expected share of the result before and after its move, and the move it would have played");
    let wm = reviews.iter().map(|r| text(&r.played).chars().count()).max().unwrap_or(4).max(4);
    let ws = game.seats.iter().map(|s| s.name.chars().count()).max().unwrap_or(4).max(4);
    outln!("{:>4}  {:<ws$}  {:<wm$}  {:>6}  {:>6}  best", "ply", "seat", "move", "before", "after");
    for r in &reviews {
        let best = r.best.as_ref().map(text).unwrap_or_default();
        let (before, after) = (percent(r.before), percent(r.after));
        outln!("{:>4}  {:<ws$}  {:<wm$}  {before:>6}  {after:>6}  {best}", r.ply + 1, seat(r), text(&r.played));
    }
    if !worst.is_empty() {
        outln!("moves that lost most:");
        for r in worst {
            let best = r.best.as_ref().map(|b| format!("; {} was better", text(b))).unwrap_or_default();
            outln!(
                "  {}. {} {}: {} -> {} ({}){best}",
                r.ply + 1,
                seat(r),
                text(&r.played),
                percent(r.before),
                percent(r.after),
                percent(-r.loss())
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A share as a percentage.
fn percent(x: f64) -> String {
    format!("{:.0}%", 100.0 * x)
}

/// The record's game and its positions, from the start to after the last move.
fn positions(a: &AnalyseArgs) -> anyhow::Result<(Arc<Game>, Vec<Position>)> {
    let record = match a.args.as_slice() {
        [game, file] if !file.to_ascii_lowercase().ends_with(".pgn") => return sgf_positions(game, file, &a.set),
        [game, file] => pgn_record(file, Some(game))?,
        [file] if file.to_ascii_lowercase().ends_with(".pgn") => pgn_record(file, None)?,
        [file] => GameRecord::read_file(Path::new(file)).map_err(|e| anyhow::anyhow!("{file}: {e}"))?,
        _ => unreachable!("clap takes one or two arguments"),
    };
    if record.moves.len() > MAX_PLIES {
        anyhow::bail!("the record has {} moves: analyse judges at most {MAX_PLIES}", record.moves.len());
    }
    let replay = record.replay()?;
    if let Some(r) = &replay.refused {
        anyhow::bail!("move {} ({}) is refused: {}", r.number, r.text, r.reason);
    }
    let mut pos = match &record.start {
        Some(fen) => Position::from_fen(&replay.game, fen)?,
        None => replay.game.start(),
    };
    let mut out = vec![pos.clone()];
    for mv in &replay.moves {
        pos.play(mv)?;
        out.push(pos.clone());
    }
    Ok((replay.game, out))
}

/// The first game of a PGN file, on `game` or the game its `Variant` tag names.
fn pgn_record(path: &str, game: Option<&String>) -> anyhow::Result<GameRecord> {
    let bytes = qipan::record::read_record_file(Path::new(path))?;
    let text = String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("{path}: not UTF-8 text"))?;
    let games = qipan::record::parse_pgn_games(&text).map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
    let pgn = games.first().ok_or_else(|| anyhow::anyhow!("{path}: no game in this PGN file"))?;
    let name = game.cloned().or_else(|| pgn.variant()).ok_or_else(|| {
        anyhow::anyhow!("{path}: no `Variant` tag names its game: give the game first, `qipan analyse GAME {path}`")
    })?;
    Ok(GameRecord::from_pgn(pgn, &name))
}

/// The positions of an SGF record: each replayed up to its move (the record's setup included).
fn sgf_positions(game: &str, path: &str, set: &[String]) -> anyhow::Result<(Arc<Game>, Vec<Position>)> {
    let args = super::GameArgs { game: game.to_string(), set: set.to_vec(), fen: None };
    let bytes = qipan::record::read_record_file(Path::new(path))?;
    let sgf = qipan::sgf::parse_sgf_bytes(&bytes).map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
    let built = qipan::record::game_for_record(game, &args.overrides()?, &sgf)?;
    let check = qipan::record::Legality::Check;
    let whole = qipan::record::replay_position(&built, &sgf, None, check)?;
    if let Some((number, why)) = whole.illegal {
        anyhow::bail!("{path}: move {number} is refused: {why}");
    }
    if whole.moves > MAX_PLIES {
        anyhow::bail!("{path}: the record has {} moves: analyse judges at most {MAX_PLIES}", whole.moves);
    }
    let positions = (0..=whole.moves)
        .map(|k| qipan::record::replay_position(&built, &sgf, Some(k), check).map(|r| r.position))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((built, positions))
}
