//! A simulation's games as a table, one row per game, for data tools (pandas, DuckDB, spreadsheets):
//! `qipan simulate --records FILE.parquet` or `FILE.csv`.
//!
//! The columns: `game` (its index), `seed`, `start` (the numbered start, or empty), `first` (the player
//! who moved first), `agent_<player>` and `captures_<player>` for each player, `options` (`key=value`
//! pairs, comma-separated), `plies`, `result`, `winners` (player names, comma-separated; empty for a
//! draw), `reason` and `moves` (space-separated, as qipan writes them).

use super::{GameSummary, Report, Simulation};
use std::io::Write;
use std::sync::Arc;

/// Why a table could not be written.
///
/// ```
/// use qipan::simulate::{Simulation, TableError, write_records};
///
/// let game = qipan::load("tic-tac-toe", &[])?;
/// let sim = Simulation::new(game, 1).with_moves();
/// let records = sim.run(&|_| {})?;
/// let err = write_records(&sim, &records, std::path::Path::new("games.xlsx")).unwrap_err();
/// assert!(matches!(err, TableError::Format(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The file's name ends neither in `.csv` nor in `.parquet`.
    #[error("cannot tell the format of `{0}`: name it FILE.csv or FILE.parquet")]
    Format(String),
    /// The file could not be written.
    #[error("cannot write {path}: {reason}")]
    Write {
        /// The file.
        path: String,
        /// Why not.
        reason: String,
    },
}

/// One column: its name and its values, one per game.
enum Column {
    Int(&'static str, Vec<u64>),
    OptionalInt(&'static str, Vec<Option<u64>>),
    Text(String, Vec<String>),
}

/// The table's columns (see the [module](self)).
fn columns(sim: &Simulation, records: &[GameSummary]) -> Vec<Column> {
    let report = Report::new(sim, records);
    let name = |p: u8| report.players.iter().find(|s| s.seat.0 == p).map_or_else(|| p.to_string(), |s| s.name.clone());
    let options = sim.game.options.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(",");
    let each = |f: &dyn Fn(&GameSummary) -> String| records.iter().map(f).collect::<Vec<_>>();
    let mut out = vec![
        Column::Int("game", records.iter().map(|r| r.index as u64).collect()),
        Column::Int("seed", records.iter().map(|r| r.seed).collect()),
        Column::OptionalInt("start", records.iter().map(|r| r.start).collect()),
        Column::Text("first".into(), each(&|r| name(r.first.0))),
    ];
    for (i, p) in report.players.iter().enumerate() {
        out.push(Column::Text(format!("agent_{}", p.name), each(&|_| p.agent.clone())));
        out.push(Column::Text(
            format!("captures_{}", p.name),
            each(&|r| r.captures.get(i).copied().unwrap_or(0).to_string()),
        ));
    }
    out.extend([
        Column::Text("options".into(), each(&|_| options.clone())),
        Column::Int("plies", records.iter().map(|r| u64::from(r.plies)).collect()),
        Column::Text("result".into(), each(&|r| r.result.clone())),
        Column::Text("winners".into(), each(&|r| r.winners.iter().map(|w| name(w.0)).collect::<Vec<_>>().join(","))),
        Column::Text("reason".into(), each(&|r| r.reason.to_string())),
        Column::Text("moves".into(), each(&|r| r.moves.as_deref().unwrap_or_default().join(" "))),
    ]);
    out
}

/// Writes one row per game to `path`, as CSV or Parquet by its extension. Play the simulation
/// [`Simulation::with_moves`] to fill the `moves` column.
///
/// ```
/// use qipan::simulate::{Simulation, write_records};
///
/// let game = qipan::load("tic-tac-toe", &[])?;
/// let sim = Simulation::new(game, 3).with_seed(2).with_threads(1).with_moves();
/// let records = sim.run(&|_| {})?;
/// let path = std::env::temp_dir().join("qipan-doc-records.csv");
/// write_records(&sim, &records, &path)?;
/// let text = std::fs::read_to_string(&path)?;
/// let mut lines = text.lines();
/// assert_eq!(lines.next(), Some("game,seed,start,first,agent_x,captures_x,agent_o,captures_o,options,plies,result,winners,reason,moves"));
/// assert_eq!(lines.count(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_records(sim: &Simulation, records: &[GameSummary], path: &std::path::Path) -> Result<(), TableError> {
    let shown = path.display().to_string();
    let failed = |e: &dyn std::fmt::Display| TableError::Write { path: shown.clone(), reason: e.to_string() };
    let columns = columns(sim, records);
    let bytes = match path.extension().and_then(|e| e.to_str()) {
        Some(e) if e.eq_ignore_ascii_case("csv") => csv(&columns, records.len()),
        Some(e) if e.eq_ignore_ascii_case("parquet") => parquet(&columns).map_err(|e| failed(&e))?,
        _ => return Err(TableError::Format(shown)),
    };
    std::fs::File::create(path).and_then(|mut f| f.write_all(&bytes)).map_err(|e| failed(&e))
}

/// The table as CSV (RFC 4180: fields with commas, quotes or line breaks quoted).
fn csv(columns: &[Column], rows: usize) -> Vec<u8> {
    fn field(out: &mut String, text: &str) {
        if text.contains([',', '"', '\n', '\r']) {
            out.push('"');
            out.push_str(&text.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(text);
        }
    }
    let mut out = String::new();
    let names: Vec<&str> = columns
        .iter()
        .map(|c| match c {
            Column::Int(n, _) | Column::OptionalInt(n, _) => *n,
            Column::Text(n, _) => n.as_str(),
        })
        .collect();
    for (i, n) in names.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        field(&mut out, n);
    }
    out.push('\n');
    for row in 0..rows {
        for (i, c) in columns.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            match c {
                Column::Int(_, v) => out.push_str(&v[row].to_string()),
                Column::OptionalInt(_, v) => out.push_str(&v[row].map(|x| x.to_string()).unwrap_or_default()),
                Column::Text(_, v) => field(&mut out, &v[row]),
            }
        }
        out.push('\n');
    }
    out.into_bytes()
}

/// The table as a Parquet file: integers as unsigned 64-bit, texts as UTF-8 strings.
fn parquet(columns: &[Column]) -> Result<Vec<u8>, parquet::errors::ParquetError> {
    use arrow_array::{ArrayRef, RecordBatch, StringArray, UInt64Array};
    let arrays: Vec<(String, ArrayRef)> = columns
        .iter()
        .map(|c| match c {
            Column::Int(n, v) => (n.to_string(), Arc::new(UInt64Array::from(v.clone())) as ArrayRef),
            Column::OptionalInt(n, v) => (n.to_string(), Arc::new(UInt64Array::from(v.clone())) as ArrayRef),
            Column::Text(n, v) => (n.clone(), Arc::new(StringArray::from(v.clone())) as ArrayRef),
        })
        .collect();
    let batch = RecordBatch::try_from_iter(arrays)?;
    let mut out = Vec::new();
    let mut writer = parquet::arrow::ArrowWriter::try_new(&mut out, batch.schema(), None)?;
    writer.write(&batch)?;
    writer.close()?;
    Ok(out)
}
