//! `qipan uci`: moves written as Fairy-Stockfish writes them in every chess-family game, games of each variant
//! played move for move against Fairy-Stockfish with both engines agreeing on the legal moves at every ply, and
//! a match of chess refereed by python-chess. Fairy-Stockfish and python-chess are installed by
//! `scripts/test`; without them (and without `QIPAN_REQUIRE_FAIRY` / `QIPAN_REQUIRE_PYCHESS`) those tests skip.

mod common;

use common::fairy::Fairy;
use qipan::core::Position;
use qipan::core::ai::AgentSpec;
use qipan::core::uci::{parse_uci, uci_text};
use qipan::uci::UciEngine;
use std::collections::BTreeSet;
use std::process::Command;

/// The perft files of the games UCI drives, each with its Fairy-Stockfish name and options.
const FILES: &[&str] = &["chess", "chess960", "crazyhouse", "shogi", "xiangqi", "janggi", "janggi-casual", "makruk"];

fn uci_moves(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| uci_text(pos, m)).collect()
}

/// Every test position of the chess family's perft files: the same moves in the same texts as Fairy-Stockfish's
/// `go perft 1`, and each of its texts read back to the move written so.
#[test]
fn moves_are_written_as_fairy_stockfish_writes_them() {
    let Some(mut fairy) = Fairy::start() else { return };
    let mut positions = 0;
    for file in FILES {
        for case in common::perft::read(&format!("{file}.perft")) {
            let (variant, set) = case.fairy.clone().expect("a fairy line");
            fairy.set("UCI_Chess960", "false"); // until a file sets it
            for (k, v) in &set {
                fairy.set(k, v);
            }
            let pos = case.position();
            let fen = case.fen.clone().unwrap_or_else(|| pos.to_fen().expect("a FEN"));
            let mut theirs: BTreeSet<String> =
                fairy.perft(&variant, Some(&fen), &[], 1).moves.into_iter().map(|(m, _)| m).collect();
            // Fairy-Stockfish lists a move that loses at once (shogi's mate by a dropped pawn) and ends the
            // game after it, where qipan refuses it: such a move has no reply there.
            let ours = uci_moves(&pos);
            theirs.retain(|m| {
                ours.contains(m) || !m.contains('@') || fairy.perft(&variant, Some(&fen), &[m.as_str()], 1).total > 0
            });
            assert_eq!(ours, theirs, "{file} {}: {fen}", case.id);
            for text in &theirs {
                let mv = parse_uci(&pos, text).unwrap_or_else(|e| panic!("{file} {}: `{text}`: {e}", case.id));
                assert_eq!(&uci_text(&pos, &mv), text);
            }
            positions += 1;
        }
    }
    assert!(positions >= 40, "only {positions} positions compared");
}

/// Games of each variant between `qipan uci` (a short search) and Fairy-Stockfish (depth 1): at every ply the
/// two agree on the legal moves, each engine's move is read by the other, and a game that ends with no legal
/// move ends for both.
#[test]
fn variants_play_fairy_stockfish_move_for_move() {
    let Some(mut fairy) = Fairy::start() else { return };
    let mut qipan = Fairy::spawn(env!("CARGO_BIN_EXE_qipan"), &["uci", "--seed", "5"]);
    for (variant, theirs) in [
        ("xiangqi", "xiangqi"),
        ("shogi", "shogi"),
        ("janggi", "janggi"),
        ("crazyhouse", "crazyhouse"),
        ("makruk", "makruk"),
    ] {
        qipan.set("UCI_Variant", variant);
        fairy.set("UCI_Variant", theirs);
        let game = qipan::load(variant, &[]).unwrap();
        let mut pos = game.start();
        let mut moves: Vec<String> = Vec::new();
        while moves.len() < 80 && !pos.is_over() {
            let legal: BTreeSet<String> =
                fairy.perft(theirs, None, &to_strs(&moves), 1).moves.into_iter().map(|m| m.0).collect();
            assert_eq!(uci_moves(&pos), legal, "{variant} after {}", moves.join(" "));
            let qipan_moves = moves.len().is_multiple_of(2);
            let engine = if qipan_moves { &mut qipan } else { &mut fairy };
            let limits = if qipan_moves { "nodes 40" } else { "depth 1" };
            let Some(text) = engine.best_move(&moves, limits) else {
                panic!(
                    "{variant}: no move from {} after {}",
                    if qipan_moves { "qipan" } else { "FSF" },
                    moves.join(" ")
                )
            };
            assert!(legal.contains(&text), "{variant}: `{text}` is not legal after {}", moves.join(" "));
            let mv = parse_uci(&pos, &text).unwrap();
            pos.play(&mv).unwrap();
            moves.push(text);
        }
        if pos.is_over() && pos.legal_moves().is_empty() {
            assert_eq!(fairy.perft(theirs, None, &to_strs(&moves), 1).total, 0, "{variant}: the end, after {moves:?}");
        }
        eprintln!("{variant}: {} plies, {}", moves.len(), pos.outcome().map_or("unfinished", |o| o.text.as_str()));
    }
}

fn to_strs(moves: &[String]) -> Vec<&str> {
    moves.iter().map(String::as_str).collect()
}

/// The protocol's commands in one session, in process: `uci` lists the variants, a variant switches the game,
/// positions are set by FEN and moves (up to the first illegal one, which is reported), `go` answers under each
/// limit, `go infinite` waits for `stop`, and a game that is over gets `bestmove (none)`.
#[test]
fn one_session_speaks_the_whole_protocol() {
    let mut engine = UciEngine::new("chess", &[], 1).unwrap();
    let input = [
        "uci",
        "isready",
        "ucinewgame",
        "position startpos moves e2e4 e7e5 g1f3",
        "go nodes 30",
        "go depth 2 nodes 60",
        "go wtime 1000 btime 1000 winc 10 binc 10",
        "go movetime 20",
        "go infinite",
        "isready",
        "stop",
        "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "go nodes 10",
        "position startpos moves e2e4 e2e4",
        "setoption name UCI_Variant value janggi",
        "setoption name UCI_Variant value go",
        "setoption name Hash value 16",
        "position startpos moves e2e2",
        "d",
        "quit",
    ]
    .join("\n");
    let output = String::from_utf8(engine.serve(input.as_bytes(), Vec::new()).unwrap()).unwrap();
    let lines: Vec<&str> = output.lines().collect();
    let variants = lines.iter().find(|l| l.starts_with("option name UCI_Variant")).unwrap();
    assert!(variants.contains("default chess") && variants.contains(" var xiangqi") && !variants.contains(" var go"));
    assert_eq!(lines.iter().filter(|l| **l == "readyok").count(), 2);
    let best: Vec<&&str> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(best.len(), 6, "{output}");
    // Black to move after 1. e4 e5 2. Nf3: each answer is a black move.
    let black = qipan::load("chess", &[]).unwrap();
    let mut pos = black.start();
    for t in ["e2e4", "e7e5", "g1f3"] {
        pos.play(&parse_uci(&pos, t).unwrap()).unwrap();
    }
    for line in &best[..5] {
        let text = line.split_whitespace().nth(1).unwrap();
        assert!(parse_uci(&pos, text).is_ok(), "{line}");
    }
    // Stalemate: no move.
    assert_eq!(*best[5], "bestmove (none)");
    assert!(output.contains("info string no legal move\nbestmove (none)"), "{output}");
    // Information lines: depth, nodes, score and the line expected.
    assert!(lines.iter().any(|l| l.starts_with("info depth") && l.contains(" nodes ") && l.contains(" pv ")));
    assert!(output.contains("info string position: move 2 `e2e4`: "), "{output}");
    assert!(output.contains("info string UCI cannot drive `go`"), "{output}");
    assert!(output.contains("info string unknown option `Hash`"), "{output}");
    // A pass in janggi, as Fairy-Stockfish writes it: Han's general on e9 to move.
    assert_eq!(engine.position().game().name, "janggi");
    assert_eq!((engine.position().ply(), engine.position().to_move().idx()), (1, 1));
}

/// python-chess plays qipan against Fairy-Stockfish in chess under move time, clock, nodes and depth limits:
/// every game to its end, with no protocol error.
#[test]
fn python_chess_referees_a_match_with_fairy_stockfish() {
    let has_chess = Command::new("python3").args(["-c", "import chess.engine"]).status().is_ok_and(|s| s.success());
    if !has_chess {
        assert!(std::env::var_os("QIPAN_REQUIRE_PYCHESS").is_none(), "python-chess is required (pip install chess)");
        eprintln!("python-chess is not installed: skipped");
        return;
    }
    let Some(fairy) = ["/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
    else {
        assert!(std::env::var_os("QIPAN_REQUIRE_FAIRY").is_none(), "Fairy-Stockfish is required");
        return;
    };
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/uci/match.py");
    let out = Command::new("python3").args([script, env!("CARGO_BIN_EXE_qipan"), fairy]).output().unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "the match failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("4 games played to their end, no protocol error"), "{stdout}");
    // python-chess wrote the games as PGN: qipan replays each to the same end.
    let games: Vec<&str> = stdout.split("[Event ").skip(1).collect();
    assert_eq!(games.len(), 4);
    for text in games {
        let pgn = qipan::record::parse_pgn(&format!("[Event {text}")).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let replay = qipan::record::GameRecord::from_pgn(&pgn, "chess").replay().unwrap();
        assert!(replay.refused.is_none(), "{text}");
        let theirs = pgn.result.as_deref();
        if matches!(theirs, Some("1-0" | "0-1")) {
            assert_eq!(Some(qipan::record::pgn_result(&replay.position)), theirs, "{text}");
        }
    }
}

/// Alpha-beta behind UCI: `go depth` is its depth, a mate it finds is `score mate N`, and `auto` picks it
/// for chess; `go movetime` and `go nodes` bound it.
#[test]
fn alpha_beta_answers_go_with_its_depth_and_mates() {
    let run = |player: &str, go: &str| {
        let mut engine = UciEngine::new("chess", &[], 1).unwrap().with_player(AgentSpec::parse(player).unwrap());
        // No `quit`: it would stop the search; the end of the input waits for it.
        let input = format!("position fen 8/6k1/8/8/8/8/R7/1R4K1 w - - 0 1\n{go}\n");
        String::from_utf8(engine.serve(input.as_bytes(), Vec::new()).unwrap()).unwrap()
    };
    // Mate in 3 with two rooks: found at depth 5.
    let out = run("alphabeta", "go depth 5");
    let info = out.lines().find(|l| l.starts_with("info depth")).expect("an info line");
    assert!(info.starts_with("info depth 5 ") && info.contains(" score mate 3 "), "{out}");
    assert!(out.contains("bestmove "), "{out}");
    let out = run("auto", "go depth 5");
    assert!(out.contains(" score mate 3 "), "auto picks alpha-beta for chess: {out}");
    let start = std::time::Instant::now();
    let out = run("alphabeta", "go movetime 200");
    assert!(start.elapsed() < std::time::Duration::from_secs(3), "{out}");
    assert!(out.contains("bestmove "), "{out}");
    let out = run("alphabeta:depth=2", "go nodes 3000");
    let info = out.lines().find(|l| l.starts_with("info depth")).expect("an info line");
    let nodes: u64 = info.split(" nodes ").nth(1).and_then(|r| r.split(' ').next()).unwrap().parse().unwrap();
    assert!(nodes <= 3000 && !info.starts_with("info depth 2 "), "3,000 positions, deeper than the spec's 2: {out}");
}
