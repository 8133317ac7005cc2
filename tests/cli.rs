//! The `qipan` command, driven as a user or a script would.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn qipan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qipan")).args(args).output().expect("qipan runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

#[test]
fn check_accepts_every_shipped_game_and_rejects_broken_files() {
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("games/go.yaml");
    let ok = qipan(&["check", "go", games.to_str().unwrap()]);
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    let bad = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad/unknown_relation.yaml");
    let out = qipan(&["check", bad.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown_relation.yaml:7:18: unknown relation `orthogonl`"), "{err}");
    assert!(err.contains("^"), "a caret under the error: {err}");
    let out = qipan(&["check", "--json", bad.to_str().unwrap()]);
    let v = json(&out);
    assert_eq!(v[0]["ok"], false);
    assert_eq!(v[0]["errors"][0]["line"], 7);
    assert_eq!(v[0]["errors"][0]["column"], 18);
    let missing = qipan(&["check", "no-such-game"]);
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("neither a built-in game"));
}

#[test]
fn perft_json() {
    let out = qipan(&["perft", "go", "--set", "size=3", "--depth", "2", "--json"]);
    assert!(out.status.success());
    assert_eq!(json(&out), serde_json::json!({"depth": 2, "nodes": 91}));
}

#[test]
fn bench_json_has_the_rates() {
    let out = qipan(&["bench", "go", "--set", "size=9", "--seconds", "0.3", "--json"]);
    assert!(out.status.success());
    let v = json(&out);
    for key in ["playouts_per_sec", "moves_per_sec", "mean_length"] {
        assert!(v[key].as_f64().unwrap() > 0.0, "{key}: {v}");
    }
}

#[test]
fn bench_runs_a_fixed_number_of_playouts() {
    let out = qipan(&["bench", "tic-tac-toe", "--playouts", "25", "--json"]);
    assert!(out.status.success());
    assert_eq!(json(&out)["playouts"], 25);
}

#[test]
fn show_prints_a_diagram_and_writes_svg() {
    let out = qipan(&["show", "go", "--set", "size=9"]);
    let text = stdout(&out);
    assert!(text.contains("A B C D E F G H J"), "{text}");
    assert!(text.contains("black to move"));
    let dir = std::env::temp_dir().join(format!("qipan-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("go.svg");
    let out = qipan(&["show", "go", "--set", "size=9", "--svg", svg.to_str().unwrap()]);
    assert!(out.status.success());
    let pic = std::fs::read_to_string(&svg).unwrap();
    assert!(pic.starts_with("<svg") && pic.matches("<circle").count() >= 81);
}

#[test]
fn set_rejects_unknown_options_and_values() {
    let out = qipan(&["show", "go", "--set", "ko=japanese"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("allowed values are"));
    let out = qipan(&["show", "go", "--set", "size"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("KEY=VALUE"));
}

#[test]
fn list_names_the_games_and_options() {
    let v = json(&qipan(&["list", "--json"]));
    let go = v.as_array().unwrap().iter().find(|g| g["name"] == "go").unwrap();
    let names: Vec<&str> = go["options"].as_array().unwrap().iter().map(|o| o["name"].as_str().unwrap()).collect();
    for o in ["size", "komi", "ko"] {
        assert!(names.contains(&o), "{names:?}");
    }
}

#[test]
fn play_refuses_an_illegal_move_with_its_rule() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["play", "go", "--set", "size=5"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // Black C3, White C3 (occupied), White Z9 (no such point), then two passes end the game.
    child.stdin.take().unwrap().write_all(b"C3\nC3\nZ9\nB2\npass\npass\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = stdout(&out);
    assert!(text.contains("C3: illegal move: the node is occupied"), "{text}");
    assert!(text.contains("`Z9` is not a node of this board"), "{text}");
    assert!(text.contains("Game over: W+5.5"), "komi decides an even board: {text}");
}

#[test]
fn numbered_starts_are_listed_and_drawn_from_the_seed() {
    let out = qipan(&["show", "chess960", "--starts"]);
    let text = stdout(&out);
    assert!(text.starts_with("960 starts, chosen by --set start=NUMBER\n   0 BBQNNRKR\n"), "{text}");
    assert!(text.contains("\n 518 RNBQKBNR\n"), "{text}");
    let drawn = |seed: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_qipan"))
            .args(["play", "chess960", "--set", "start=random", "--seed", seed])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
        stdout(&child.wait_with_output().unwrap()).lines().next().unwrap_or("").to_string()
    };
    assert_eq!(drawn("7"), "start=87 (drawn with --seed 7)");
    assert_eq!(drawn("7"), drawn("7"));
    assert_ne!(drawn("7"), drawn("8"));
    let out = qipan(&["show", "chess", "--starts"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("chess has no numbered starts"));
}

#[test]
fn play_with_ai_seats_finishes() {
    let out = Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["play", "go", "--set", "size=5", "--ai", "all", "--seed", "3"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(stdout(&out).contains("Game over:"), "{}", stdout(&out));
}

#[test]
fn replay_json_reports_stones_captures_and_result() {
    let dir = std::env::temp_dir().join(format!("qipan-sgf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sgf = dir.join("capture.sgf");
    // Black captures the white stone on D4 (SGF dd on 9x9 is D6).
    std::fs::write(&sgf, "(;GM[1]SZ[9]KM[7.5];B[cd];W[dd];B[ed];W[aa];B[dc];W[ab];B[de])").unwrap();
    let out = qipan(&["replay", "go", sgf.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out);
    assert_eq!(v["moves"], 7);
    assert_eq!(v["captures"]["black"], 1);
    assert_eq!(v["position"]["C6"], "black");
    assert!(v["position"].get("D6").is_none());
    assert_eq!(v["illegal"], serde_json::Value::Null);
    // 4 black stones + the captured point D6 + half of the 74 shared points; White 2 + 37 + 7.5 komi.
    assert_eq!(v["result"], "W+4.5");
    // A suicide stops the replay and names the rule.
    std::fs::write(&sgf, "(;GM[1]SZ[9];B[ab];W[dd];B[ba];W[aa])").unwrap();
    let v = json(&qipan(&["replay", "go", sgf.to_str().unwrap(), "--json"]));
    assert_eq!(v["moves"], 3);
    assert_eq!(v["illegal"]["move"], 4);
    assert!(v["illegal"]["rule"].as_str().unwrap().contains("suicide"), "{v}");
}

#[test]
fn play_refuses_a_record_it_cannot_write_before_the_game() {
    let out = Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["play", "leader-cannon", "--record", "/tmp/never.sgf"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be written as SGF"));
}

#[test]
fn show_plays_moves_and_marks_a_pieces_targets() {
    let dir = std::env::temp_dir().join(format!("qipan-show-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("he-qi.svg");
    let args = ["show", "he-qi", "--set", "players=2", "--moves", "r1s6-r1s7", "--mark", "r1s21", "--svg"];
    let out = qipan(&[&args[..], &[svg.to_str().unwrap()]].concat());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let pic = std::fs::read_to_string(&svg).unwrap();
    assert!(pic.contains("yellow to move"), "the move was played");
    // Yellow's pawn on r1s21 may step to r1s20, jump over it to r1s19, and enter eye5: three target marks.
    assert_eq!(pic.matches("class=\"target\"").count(), 3);
    let out = qipan(&["show", "he-qi", "--moves", "r1s6-r2s6"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 1 `r1s6-r2s6`"), "{err}");
    assert!(err.contains("no rule of this piece allows that move"), "{err}");
}

#[test]
fn play_lists_one_pieces_moves_and_draws_the_board() {
    let dir = std::env::temp_dir().join(format!("qipan-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("now.svg");
    let mut child = Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["play", "he-qi", "--set", "players=3", "--ai", "yellow,blue"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!("moves r1s5\nr1s5-eye1\nsvg {}\nquit\n", svg.display());
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let text = stdout(&child.wait_with_output().unwrap());
    assert!(text.contains("red> pawn r1s5: r1s5-r1s4 r1s5-r1s3 r1s5-eye1\n"), "{text}");
    assert!(text.contains("yellow plays") && text.contains("blue plays"), "{text}");
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
}

#[test]
fn play_writes_a_qipan_record_that_replay_reads() {
    let dir = std::env::temp_dir().join(format!("qipan-rec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("game.qipan");
    let out = Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["play", "leader-cannon", "--ai", "all", "--record", rec.to_str().unwrap()])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(text.starts_with("# qipan game record\ngame: \"leader-cannon\""), "{text}");
    let out = qipan(&["replay", rec.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", stdout(&out));
    let v = json(&out);
    assert_eq!(v["agrees"], true, "{v}");
    assert!(v["moves"].as_u64().unwrap() > 0);
    // A record whose moves were tampered with: exit 2, the move and its line.
    let broken = text.replacen("  - \"", "  - \"z9-", 1);
    std::fs::write(&rec, broken).unwrap();
    let out = qipan(&["replay", rec.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let line = text.lines().position(|l| l.starts_with("  - ")).unwrap() + 1;
    assert!(stdout(&out).contains(&format!("move 1 (line {line})")), "{}", stdout(&out));
}

#[test]
fn play_undoes_saves_and_loads() {
    let dir = std::env::temp_dir().join(format!("qipan-undo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (s1, s2) = (dir.join("s1.qipan"), dir.join("s2.qipan"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["play", "go", "--set", "size=9", "--ai", "white"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // E5 and White's reply; D4 and White's reply; undo takes back D4 and the reply after it.
    let input =
        format!("E5\nD4\nundo\nsave {}\nC3\nload {}\nsave {}\nquit\n", s1.display(), s1.display(), s2.display());
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let text = stdout(&child.wait_with_output().unwrap());
    assert!(text.contains(&format!("wrote {}", s2.display())), "{text}");
    let saved = qipan::record::GameRecord::parse(&std::fs::read_to_string(&s1).unwrap()).unwrap();
    assert_eq!(saved.moves.len(), 2, "E5 and White's reply: {:?}", saved.moves);
    assert_eq!(saved.moves[0], "E5");
    assert_eq!(std::fs::read_to_string(&s1).unwrap(), std::fs::read_to_string(&s2).unwrap(), "load restored it");
}

/// `resign` in `play`: in a two-seat game the other side wins (`W+R`), and the record replays to the same
/// result; with three kingdoms left the others play on, and the resignation is in the record too.
#[test]
fn play_resign_ends_the_game_and_is_recorded() {
    let dir = std::env::temp_dir().join(format!("qipan-resign-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let play = |args: &[&str], input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_qipan"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        stdout(&out)
    };
    let rec = dir.join("go.qipan");
    let text =
        play(&["play", "go", "--set", "size=9", "--ai", "white", "--record", rec.to_str().unwrap()], "E5\nresign\n");
    assert!(text.contains("black resigns") && text.contains("Game over: W+R (resignation)"), "{text}");
    let record = std::fs::read_to_string(&rec).unwrap();
    assert!(record.contains("  - \"resign\"\nresult: \"W+R (resignation)\""), "{record}");
    let v = json(&qipan(&["replay", rec.to_str().unwrap(), "--json"]));
    assert_eq!(v["agrees"], true, "{v}");
    // SGF says it in the result.
    let sgf = dir.join("go.sgf");
    play(&["play", "go", "--set", "size=9", "--record", sgf.to_str().unwrap()], "resign\n");
    assert!(std::fs::read_to_string(&sgf).unwrap().contains("RE[W+R]"));
    // Seven Kingdoms for three: the player of Qin, Zhao and Yan resigns and chooses to watch the other two play
    // the game out, and the record, resignation first, replays to the same result.
    let rec = dir.join("sk.qipan");
    let args = ["play", "seven-kingdoms", "--set", "players=3", "--ai", "chu,han,qi,wei", "--record"];
    let text = play(&[&args[..], &[rec.to_str().unwrap()]].concat(), "resign\nwatch\n");
    assert!(text.contains("No person is left in the game."), "{text}");
    assert!(text.contains("qin resigns") && text.contains("Game over"), "{text}");
    assert!(std::fs::read_to_string(&rec).unwrap().contains("moves:\n  - \"resign\"\n  - \""));
    let v = json(&qipan(&["replay", rec.to_str().unwrap(), "--json"]));
    assert_eq!((&v["agrees"], &v["refused"]), (&serde_json::Value::Bool(true), &serde_json::Value::Null), "{v}");
    assert!(v["moves"].as_u64().unwrap() > 0, "{v}");
}

/// The pie rule in `play`: the computer (blue) swaps Red's centre opening on the 3×3 board, and from then
/// on plays Red while the person plays Blue.
#[test]
fn play_follows_the_players_through_a_swap() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["play", "hex", "--set", "size=3", "--set", "swap=sides", "--ai", "blue=mcts:iterations=3000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"b2\na1\nquit\n").unwrap();
    let text = stdout(&child.wait_with_output().unwrap());
    let said: Vec<&str> = text.lines().filter(|l| l.contains(" plays ") || l.contains("change seats")).collect();
    assert_eq!(
        said[..2],
        ["blue plays swap", "the players change seats: the blue player now plays red, the red player blue"],
        "{text}"
    );
    assert!(said[2].starts_with("red plays "), "the computer answers a1 as red: {text}");
}

#[test]
fn show_and_play_print_the_fen_and_perft_plays_moves_before_counting() {
    // `show` ends with the position as FEN, hands in brackets.
    let out = qipan(&["show", "crazyhouse", "--moves", "e2-e4 d7-d5 e4-d5 d8-d5"]);
    let text = stdout(&out);
    assert!(text.contains("FEN: rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3"), "{text}");
    // `fen` in the terminal game.
    let mut child = Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["play", "chess"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"e2-e4\nfen\nquit\n").unwrap();
    let text = stdout(&child.wait_with_output().unwrap());
    assert!(text.contains("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"), "{text}");
    // `perft --moves`: the divide below 1. e4 e5, as one would walk down a disagreeing divide.
    let out = qipan(&["perft", "chess", "--moves", "e2-e4,e7-e5", "--depth", "2", "--divide"]);
    let text = stdout(&out);
    assert!(text.contains("g1-f3: 29"), "{text}");
    assert!(text.contains("perft(2) = 835"), "{text}"); // as Fairy-Stockfish counts
    let out = qipan(&["perft", "chess", "--moves", "e2-e5", "--depth", "1"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("move 1 `e2-e5`"));
}

#[test]
fn an_error_that_quotes_its_cause_says_it_once() {
    // Black, not to move, is in check: the FEN error quotes the setup error it wraps.
    let out = qipan(&["show", "chess", "--fen", "4k3/3P4/8/8/8/8/8/4K3 w - - 0 1"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim(),
        "error: not a position of the game: black, not to move, is in check: its king on e8 is attacked"
    );
}

#[test]
fn simulate_draws_a_start_per_game_under_start_random() {
    let out = qipan(&[
        "simulate",
        "chess960",
        "--set",
        "start=random",
        "--games",
        "8",
        "--json",
        "--threads",
        "1",
        "--ai",
        "all=random",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let starts: std::collections::BTreeSet<u64> = json(&out)["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["start"].as_u64().expect("a start number"))
        .collect();
    assert!(starts.len() >= 6 && starts.iter().all(|&n| n < 960), "{starts:?}");
    // Without it every game begins from the option's start, and no record names one.
    let out = qipan(&["simulate", "chess960", "--games", "2", "--json", "--threads", "1", "--ai", "all=random"]);
    assert!(json(&out)["records"].as_array().unwrap().iter().all(|r| r.get("start").is_none()));
}
