//! PGN: a game written by hand with comments, NAGs and variations replays to python-chess's position; games
//! qipan writes are read by python-chess (when installed) and by qipan; `play --record game.pgn` and
//! `replay game.pgn` through the binary.

use qipan::core::playout::{PlayoutBuf, random_playout};
use qipan::record::{GameRecord, parse_pgn, pgn_result, to_pgn};
use rand::SeedableRng;

/// Morphy's Opera game as a PGN source prints it: tags, a comment, NAGs, a variation with a nested one.
const OPERA: &str = r#"[Event "A Night at the Opera"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 {This is a weak move already.--Fischer} 4. dxe5
Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 {Black is in what's
like a zugzwang position here.} b5 $6 (9... Qb4 10. Qxb4 (10. O-O-O Qxb3) Bxb4) 10. Nxb5! cxb5 11. Bxb5+
Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17.
Rd8# 1-0
"#;

#[test]
fn a_real_pgn_replays_to_python_chess_position() {
    let pgn = parse_pgn(OPERA).unwrap();
    assert_eq!(pgn.tags["White"], "Paul Morphy");
    assert_eq!(pgn.moves.len(), 33, "the main line only: {:?}", pgn.moves);
    let record = GameRecord::from_pgn(&pgn, "chess"); // no Variant tag: the game is given
    let replay = record.replay().unwrap();
    assert!(replay.refused.is_none(), "{:?}", replay.refused);
    let fen = replay.position.to_fen().unwrap();
    assert_eq!(fen.split(' ').next(), Some("1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5"));
    assert_eq!(pgn_result(&replay.position), "1-0");
}

#[test]
fn broken_pgn_is_refused_with_its_line() {
    let e = parse_pgn("[Event \"x\"]\n\n1. e4 (1. d4\n").unwrap_err();
    assert!(e.to_string().contains("a variation without `)`"), "{e}");
    let e = parse_pgn("[Event \"x\"\n1. e4").unwrap_err();
    assert!(e.to_string().contains("line 1"), "{e}");
    // A move no rule allows is named with its number, as in any record.
    let record = GameRecord::from_pgn(&parse_pgn("1. e4 e5 2. Ke3 *").unwrap(), "chess");
    let refused = record.replay().unwrap().refused.unwrap();
    assert_eq!((refused.number, refused.text.as_str()), (3, "Ke3"));
}

/// Random games of chess and crazyhouse written as PGN are read back by qipan to the same positions, and
/// chess's by python-chess too.
#[test]
fn written_pgn_reads_back_here_and_in_python_chess() {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    let mut texts = Vec::new();
    for (name, games) in [("chess", 12), ("crazyhouse", 4)] {
        let game = qipan::load(name, &[]).unwrap();
        for _ in 0..games {
            let start = game.start();
            let (mut pos, mut moves) = (start.clone(), Vec::new());
            let mut buf = PlayoutBuf::default();
            while !pos.is_over() && moves.len() < 300 {
                random_playout(&mut pos, &mut rng, &mut buf, 1).unwrap();
                moves.push(pos.last_move());
            }
            let text = to_pgn(name, &start, &moves);
            let read = parse_pgn(&text).unwrap();
            assert_eq!(read.variant().as_deref(), Some(name), "the game is named: {text}");
            let back = GameRecord::from_pgn(&read, name).replay().unwrap();
            assert!(back.refused.is_none(), "{text}");
            assert_eq!(back.position.to_fen(), pos.to_fen(), "{text}");
            if name == "chess" {
                texts.push((text, pos.to_fen().unwrap()));
            }
        }
    }
    let python = std::process::Command::new("python3").args(["-c", "import chess"]).output();
    if !python.is_ok_and(|o| o.status.success()) {
        assert!(std::env::var("QIPAN_REQUIRE_PYCHESS").as_deref() != Ok("1"), "python-chess is required");
        eprintln!("skipped: python-chess is not installed (pip install chess)");
        return;
    }
    let script = "import chess.pgn, io, sys\n\
                  for part in sys.stdin.read().split('\\x00'):\n    \
                      g = chess.pgn.read_game(io.StringIO(part))\n    \
                      assert not g.errors, g.errors\n    \
                      print(g.end().board().board_fen(), g.headers['Result'])\n";
    let mut child = std::process::Command::new("python3")
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write as _;
    let joined: Vec<&str> = texts.iter().map(|(t, _)| t.as_str()).collect();
    child.stdin.take().unwrap().write_all(joined.join("\0").as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect();
    assert_eq!(lines.len(), texts.len());
    for ((text, fen), line) in texts.iter().zip(&lines) {
        let (board, result) = line.split_once(' ').unwrap();
        assert_eq!(board, fen.split(' ').next().unwrap(), "{text}");
        assert!(text.contains(&format!("[Result \"{result}\"]")), "{text}");
    }
}

#[test]
fn play_records_pgn_and_replay_reads_it() {
    let dir = std::env::temp_dir().join(format!("qipan-pgn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mate.pgn");
    let path = file.display().to_string();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["play", "chess", "--record", &path])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write as _;
    child.stdin.take().unwrap().write_all(b"e4\ne5\nQh5\nNc6\nBc4\nNf6\nQxf7#\n").unwrap();
    assert!(child.wait_with_output().unwrap().status.success());
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0"), "{text}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qipan")).args(["replay", &path]).output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("PGN result 1-0, replayed 1-0"), "{said}");
    // A PGN without a Variant tag needs its game named.
    let bare = dir.join("bare.pgn");
    std::fs::write(&bare, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n").unwrap();
    let bare = bare.display().to_string();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qipan")).args(["replay", &bare]).output().unwrap();
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("no `Variant` tag"));
    let out =
        std::process::Command::new(env!("CARGO_BIN_EXE_qipan")).args(["replay", "chess", &bare]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    // PGN is for chess-like games: Go is refused before the game starts.
    let go = dir.join("go.pgn").display().to_string();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["play", "go", "--record", &go])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("PGN records games of two seats"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A PGN file of several games (a database, or a tournament's games): each is read and replayed, the
/// Opera game and a short game of crazyhouse written with its Variant tag.
#[test]
fn a_file_of_several_games_replays_each() {
    let crazyhouse =
        "[Event \"Blitz\"]\n[Variant \"Crazyhouse\"]\n[Result \"*\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@e5 *\n";
    let text = format!("{OPERA}\n{crazyhouse}");
    let games = qipan::record::parse_pgn_games(&text).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!((games[0].moves.len(), games[1].moves.len()), (33, 7));
    assert_eq!(games[1].variant().as_deref(), Some("crazyhouse"));
    let path = std::env::temp_dir().join(format!("qipan-two-games-{}.pgn", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    // The first game has no Variant tag: without a game named, the file is refused at that game.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qipan")).arg("replay").arg(&path).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("game 1: no `Variant` tag"), "{out:?}");
    // Named, each game replays on it: crazyhouse's drop is no chess move, so that game is refused (exit 2).
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["replay", "chess"])
        .arg(&path)
        .arg("--json")
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v.as_array().map(Vec::len), Some(2), "{v}");
    assert_eq!((v[0]["result"].as_str(), v[0]["agrees"].as_bool()), (Some("1-0"), Some(true)));
    assert_eq!(out.status.code(), Some(2));
    std::fs::write(&path, format!("{crazyhouse}\n{crazyhouse}")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qipan")).arg("replay").arg(&path).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("Game 1:") && text.contains("Game 2:"), "{text}");
    std::fs::remove_file(&path).unwrap();
}
