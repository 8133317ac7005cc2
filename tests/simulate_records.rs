//! `qipan simulate --records FILE.parquet|FILE.csv`: one row per game, read back and compared with the
//! JSON records and with a replay of the moves.

use arrow_array::{Array, StringArray, UInt64Array};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use std::process::Command;

fn qipan(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_qipan")).args(args).output().expect("qipan runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn parquet_rows_are_the_json_records_and_their_moves_replay() {
    let dir = std::env::temp_dir().join(format!("qipan-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("study.parquet");
    let path = file.to_str().unwrap();
    let args = [
        "simulate",
        "go",
        "--set",
        "size=5",
        "--games",
        "30",
        "--seed",
        "4",
        "--ai",
        "white=greedy,black=random",
        "--json",
    ];
    let json: serde_json::Value = serde_json::from_str(&qipan(&[&args[..], &["--records", path]].concat())).unwrap();
    let records = json["records"].as_array().unwrap();
    let batch = ParquetRecordBatchReaderBuilder::try_new(std::fs::File::open(&file).unwrap())
        .unwrap()
        .build()
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(batch.num_rows(), 30);
    let ints = |name: &str| batch.column_by_name(name).unwrap().as_any().downcast_ref::<UInt64Array>().unwrap().clone();
    let texts =
        |name: &str| batch.column_by_name(name).unwrap().as_any().downcast_ref::<StringArray>().unwrap().clone();
    let (game, seed, plies) = (ints("game"), ints("seed"), ints("plies"));
    let (result, winners, moves, agent) = (texts("result"), texts("winners"), texts("moves"), texts("agent_white"));
    assert!(ints("start").is_null(0), "no numbered start");
    let go = qipan::load("go", &[("size".into(), "5".into())]).unwrap();
    for (i, r) in records.iter().enumerate() {
        assert_eq!(game.value(i), r["index"].as_u64().unwrap());
        assert_eq!(seed.value(i), r["seed"].as_u64().unwrap());
        assert_eq!(plies.value(i), r["plies"].as_u64().unwrap());
        assert_eq!(result.value(i), r["result"].as_str().unwrap());
        let named: Vec<&str> =
            r["winners"].as_array().unwrap().iter().map(|w| ["black", "white"][w.as_u64().unwrap() as usize]).collect();
        assert_eq!(winners.value(i), named.join(","));
        assert_eq!(agent.value(i), "greedy");
        // The moves replay to the same end.
        let mut pos = go.start();
        for text in moves.value(i).split_whitespace() {
            pos.play(&qipan::core::notation::parse_move(&pos, text).unwrap()).unwrap();
        }
        assert_eq!(u64::from(pos.ply()), plies.value(i));
        assert_eq!(pos.outcome().map(|o| o.text.as_str()), Some(result.value(i)));
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn csv_rows_quote_what_needs_it_and_unknown_formats_are_refused() {
    let dir = std::env::temp_dir().join(format!("qipan-records-csv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("study.csv");
    qipan(&["simulate", "tic-tac-toe", "--games", "5", "--ai", "all=random", "--records", file.to_str().unwrap()]);
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6);
    assert!(lines[0].starts_with("game,seed,start,first,agent_x,captures_x,agent_o,captures_o,options,plies,result,"));
    let out = Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["simulate", "tic-tac-toe", "--games", "5", "--records", "study.xlsx"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("name it FILE.csv or FILE.parquet"));
    std::fs::remove_dir_all(&dir).ok();
}
