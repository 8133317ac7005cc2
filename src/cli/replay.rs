//! `qipan replay`: replay a record under the game's rules.

use clap::Args;
use qipan::record::GameRecord;
use std::process::ExitCode;

#[derive(Args)]
pub struct ReplayArgs {
    /// A qipan record (`game.qipan`, which names its game), a PGN game (`game.pgn`, whose `Variant` names the
    /// game), or a game followed by an SGF or PGN record (`go game.sgf`, `chess game.pgn`).
    #[arg(num_args = 1..=2, value_names = ["RECORD | GAME", "SGF | PGN"])]
    args: Vec<String>,
    /// Set a game option for an SGF replay, e.g. `--set size=9` (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
}

pub fn run(a: ReplayArgs) -> anyhow::Result<ExitCode> {
    match a.args.as_slice() {
        [record] => native(record, a.json),
        [game, pgn_file] if is_pgn(pgn_file) => pgn(Some(game), pgn_file, a.json),
        [game, sgf] => {
            let game = super::GameArgs { game: game.clone(), set: a.set.clone(), fen: None };
            let bytes = qipan::record::read_record_file(std::path::Path::new(sgf))?;
            let report = qipan::record::replay_sgf(&game.game, &game.overrides()?, &bytes)?;
            if a.json {
                outln!("{}", serde_json::to_string_pretty(&report.to_json())?);
            } else {
                out!("{}", report.summary());
            }
            Ok(if report.illegal.is_none() { ExitCode::SUCCESS } else { ExitCode::from(2) })
        }
        _ => unreachable!("clap takes one or two arguments"),
    }
}

/// Replays a qipan record; exit 2 when a move is refused or the result differs from the record's.
fn native(path: &str, json: bool) -> anyhow::Result<ExitCode> {
    if is_pgn(path) {
        return pgn(None, path, json);
    }
    let record = GameRecord::read_file(std::path::Path::new(path)).map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
    let replay = record.replay()?;
    if json {
        outln!("{}", serde_json::to_string_pretty(&replay.to_json(&record))?);
    } else {
        out!("{}", replay.summary(&record));
    }
    let agrees = record.result.is_none() || replay.result() == record.result;
    Ok(if replay.refused.is_none() && agrees { ExitCode::SUCCESS } else { ExitCode::from(2) })
}

/// Whether a record file is PGN (by its name).
fn is_pgn(path: &str) -> bool {
    path.to_ascii_lowercase().ends_with(".pgn")
}

/// Replays every game of a PGN file on `game`, else on the game each one's `Variant` tag names: exit 2 when a
/// move is refused or a result differs from the PGN's. With `--json`, one object for a file of one game, else
/// a list.
fn pgn(game: Option<&String>, path: &str, json: bool) -> anyhow::Result<ExitCode> {
    let bytes = qipan::record::read_record_file(std::path::Path::new(path))?;
    let text = String::from_utf8(bytes).map_err(|_| anyhow::anyhow!("{path}: not UTF-8 text"))?;
    let games = qipan::record::parse_pgn_games(&text).map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
    if games.is_empty() {
        anyhow::bail!("{path}: no game in this PGN file");
    }
    let (mut all_agree, mut reports) = (true, Vec::new());
    for (i, pgn) in games.iter().enumerate() {
        let name = game.cloned().or_else(|| pgn.variant()).ok_or_else(|| {
            anyhow::anyhow!(
                "{path}: game {}: no `Variant` tag names its game: give the game first, `qipan replay GAME {path}`",
                i + 1
            )
        })?;
        let record = GameRecord::from_pgn(pgn, &name);
        let replay = record.replay()?;
        let ours = qipan::record::pgn_result(&replay.position);
        let written = pgn.result.as_deref().unwrap_or("*");
        let agrees = written == "*" || written == ours;
        all_agree &= agrees && replay.refused.is_none();
        if json {
            let mut v = replay.to_json(&record);
            v["pgn_result"] = serde_json::json!(written);
            v["result"] = serde_json::json!(ours);
            v["agrees"] = serde_json::json!(agrees);
            reports.push(v);
        } else {
            if games.len() > 1 {
                outln!("Game {}:", i + 1);
            }
            out!("{}", replay.summary(&record));
            outln!("PGN result {written}, replayed {ours}{}", if agrees { "" } else { ": they differ" });
        }
    }
    if json {
        let v = if reports.len() == 1 { reports.remove(0) } else { serde_json::Value::Array(reports) };
        outln!("{}", serde_json::to_string_pretty(&v)?);
    }
    Ok(if all_agree { ExitCode::SUCCESS } else { ExitCode::from(2) })
}
