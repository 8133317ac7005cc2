//! `qipan analyse`: a recorded game judged move by move, its blunders found, as text and JSON.

use std::process::{Command, Output};

fn qipan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qipan")).args(args).output().expect("qipan runs")
}

/// Writes a record to a fresh file and returns its path.
fn record(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("qipan-analyse-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.qipan"));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_thrown_draw_is_the_costliest_move() {
    // X a1, O b1 (an edge next to X's corner: a loss), X b2, O c3, X a2 (a fork), O a3, X c2.
    let path = record("ttt", "game: tic-tac-toe\nmoves: [a1, b1, b2, c3, a2, a3, c2]\n");
    let out = qipan(&["analyse", path.to_str().unwrap(), "--ai", "mcts:iterations=100000", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7);
    assert_eq!(v["judge"], "mcts:iterations=100000,c=1");
    // O's b1 throws the draw away (proven: from a half to nothing), and X was winning from then on.
    let b1 = &moves[1];
    assert_eq!((b1["seat"].as_str(), b1["move"].as_str()), (Some("o"), Some("b1")));
    assert_eq!((b1["before"].as_f64(), b1["after"].as_f64()), (Some(0.5), Some(0.0)));
    assert!(b1["best"].is_string());
    assert_eq!(v["worst"][0], 2, "the second ply lost most");
    for m in &moves[2..] {
        if m["seat"] == "x" {
            assert_eq!((m["before"].as_f64(), m["after"].as_f64()), (Some(1.0), Some(1.0)), "{m}");
        }
    }
    // The last move wins: after it, X has the whole result.
    assert_eq!(moves[6]["after"].as_f64(), Some(1.0));
}

#[test]
fn text_lists_every_move_and_the_worst() {
    let path = record("text", "game: tic-tac-toe\nmoves: [a1, b1, b2, c3, a2, a3, c2]\n");
    let out = qipan(&["analyse", path.to_str().unwrap(), "--ai", "mcts:iterations=100000", "--worst", "1"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("Tic-tac-toe: 7 moves judged by mcts:iterations=100000,c=1\n"), "{text}");
    assert!(text.contains("moves that lost most:\n  2. o b1: 50% -> 0% (-50%);"), "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("  ") && l.contains(". ")).count(), 1, "{text}");
}

#[test]
fn an_sgf_game_is_judged_from_its_record() {
    let sgf = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/go/sgf/gnugo-selfplay-chinese/gnugo-selfplay-9x9-seed100.sgf"
    );
    let out = qipan(&["analyse", "go", sgf, "--ai", "mcts:iterations=200", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let moves = v["moves"].as_array().unwrap();
    let replay = qipan(&["replay", "go", sgf, "--json"]);
    let replayed: serde_json::Value = serde_json::from_slice(&replay.stdout).unwrap();
    assert_eq!(moves.len() as u64, replayed["moves"].as_u64().unwrap());
    assert!(moves.iter().all(|m| (0.0..=1.0).contains(&m["before"].as_f64().unwrap())));
    assert_eq!(moves[0]["seat"], "black");
}

#[test]
fn records_too_long_to_judge_are_refused() {
    let moves = vec!["pass"; 2001].join(", ");
    let path = record("long", &format!("game: go\noptions: {{ size: 9 }}\nmoves: [{moves}]\n"));
    let out = qipan(&["analyse", path.to_str().unwrap(), "--ai", "mcts:iterations=10"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the record has 2001 moves: analyse judges at most 2000"), "{err}");
}

#[test]
fn players_that_do_not_weigh_positions_are_refused() {
    let path = record("random", "game: tic-tac-toe\nmoves: [a1]\n");
    let out = qipan(&["analyse", path.to_str().unwrap(), "--ai", "random"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("`random` plays but does not weigh positions: use mcts, alphabeta or auto"), "{err}");
}
