//! The GTP engine: transcripts of the protocol, and full games against GNU Go.

use qipan::core::SeatId;
use qipan::gtp::GtpEngine;
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

mod common;

/// GNU Go in GTP mode, or `None` where it is not installed (and `QIPAN_REQUIRE_GNUGO` is not set).
struct GnuGo {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl GnuGo {
    fn start() -> Option<GnuGo> {
        let Some(path) = ["/usr/games/gnugo", "/usr/bin/gnugo"].into_iter().find(|p| Path::new(p).exists()) else {
            assert!(std::env::var_os("QIPAN_REQUIRE_GNUGO").is_none(), "GNU Go is required (apt-get install gnugo)");
            return None;
        };
        let mut child = Command::new(path)
            .args(["--mode", "gtp", "--chinese-rules"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start GNU Go");
        let (input, output) = (child.stdin.take().unwrap(), BufReader::new(child.stdout.take().unwrap()));
        Some(GnuGo { child, input, output })
    }

    /// The answer to one command: `Ok(text)` for `=`, `Err(text)` for `?`.
    fn send(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.input, "{command}").unwrap();
        self.input.flush().unwrap();
        let mut text = String::new();
        loop {
            let mut line = String::new();
            assert!(self.output.read_line(&mut line).unwrap() > 0, "GNU Go stopped");
            if line.trim().is_empty() && !text.is_empty() {
                break;
            }
            text.push_str(&line);
        }
        let ok = text.starts_with('=');
        let body = text[1..].trim().to_string();
        if ok { Ok(body) } else { Err(body) }
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

/// The vertices of an answer, as a set.
fn vertices(text: &str) -> BTreeSet<String> {
    text.split_whitespace().map(|v| v.to_ascii_uppercase()).collect()
}

/// The body of a qipan answer: `Ok` for `=`, `Err` for `?`.
fn answer(e: &mut GtpEngine, command: &str) -> Result<String, String> {
    let text = e.handle(command).0.unwrap();
    let body = text[1..].trim().to_string();
    if text.starts_with('=') { Ok(body) } else { Err(body) }
}

/// 9×9: Black's wall on the D line, White's on the F line, and a lone white stone at B5 on Black's side.
fn walls_and_a_dead_stone() -> GtpEngine {
    let mut e = GtpEngine::new("go", &[("size".into(), "9".into())], 2).unwrap();
    for r in 1..=9 {
        e.handle(&format!("play b d{r}"));
    }
    e.handle("play w b5");
    for r in 1..=9 {
        e.handle(&format!("play w f{r}"));
    }
    e
}

/// Sends each line and returns the concatenated responses.
fn transcript(lines: &[&str]) -> Vec<String> {
    let mut e = GtpEngine::new("go", &[], 1).unwrap();
    lines.iter().filter_map(|l| e.handle(l).0).collect()
}

#[test]
fn protocol_basics() {
    let r = transcript(&["protocol_version", "1 name", "known_command genmove", "known_command fly", "frobnicate"]);
    assert_eq!(r, vec!["= 2\n\n", "=1 qipan\n\n", "= true\n\n", "= false\n\n", "? unknown command\n\n"]);
    let list = transcript(&["list_commands"]).remove(0);
    for c in qipan::gtp::COMMANDS {
        assert!(list.contains(c), "{c} listed");
    }
}

#[test]
fn comments_blank_lines_and_ids() {
    let mut e = GtpEngine::new("go", &[], 1).unwrap();
    assert_eq!(e.handle("# just a comment").0, None);
    assert_eq!(e.handle("   ").0, None);
    assert_eq!(e.handle("7 boardsize 9 # nine").0.unwrap(), "=7\n\n");
    let (r, quit) = e.handle("quit");
    assert_eq!((r.unwrap(), quit), ("=\n\n".to_string(), true));
}

#[test]
fn play_refuses_illegal_moves_and_undo_restores() {
    let mut e = GtpEngine::new("go", &[], 1).unwrap();
    for cmd in ["boardsize 5", "clear_board", "play b c3", "play w b3", "play b b4", "play w e5"] {
        assert_eq!(e.handle(cmd).0.unwrap(), "=\n\n", "{cmd}");
    }
    assert!(e.handle("play w c3").0.unwrap().starts_with("? illegal move: the node is occupied"));
    assert!(e.handle("play w z9").0.unwrap().starts_with("? invalid color or coordinate"));
    assert!(e.handle("play purple c1").0.unwrap().starts_with("? invalid color"));
    // Black fills White b3's last liberties and takes it.
    for cmd in ["play b a3", "play w e4", "play b b2"] {
        assert_eq!(e.handle(cmd).0.unwrap(), "=\n\n", "{cmd}");
    }
    assert_eq!(e.position().captures(), &[1, 0]);
    assert_eq!(e.handle("undo").0.unwrap(), "=\n\n");
    assert_eq!(e.position().captures(), &[0, 0], "undo puts the captured stone back");
    assert_eq!(e.position().ply(), 6);
    assert_eq!(e.handle("boardsize 99").0.unwrap(), "? unacceptable size\n\n");
    assert_eq!(e.position().game().board.len(), 25, "a refused size keeps the board");
}

#[test]
fn genmove_plays_legal_moves_until_both_pass() {
    let mut e = GtpEngine::new("go", &[("size".into(), "7".into())], 5).unwrap();
    let mut passes = 0;
    let mut colour = "b";
    for _ in 0..400 {
        let r = e.handle(&format!("genmove {colour}")).0.unwrap();
        assert!(r.starts_with("= "), "{r}");
        passes = if r.contains("pass") { passes + 1 } else { 0 };
        if passes == 2 {
            break;
        }
        colour = if colour == "b" { "w" } else { "b" };
    }
    assert_eq!(passes, 2, "the light policy brings the game to an end");
    let score = e.handle("final_score").0.unwrap();
    assert!(score.starts_with("= B+") || score.starts_with("= W+") || score == "= 0\n\n", "{score}");
}

#[test]
fn final_status_list_finds_dead_stones() {
    // A lone white stone inside a large black area is dead; the black wall is alive.
    let mut e = walls_and_a_dead_stone();
    assert_eq!(e.handle("final_status_list dead").0.unwrap(), "= B5\n\n");
    let alive = e.handle("final_status_list alive").0.unwrap();
    assert!(alive.contains("D5") && alive.contains("F5") && !alive.contains("B5"), "{alive}");
    // Black: 9 + 27 (A-C) + half of column E? E borders both: dame. White: 9 + 27 (G-J) + 7.5 komi.
    assert_eq!(e.handle("komi 0").0.unwrap(), "=\n\n");
    assert_eq!(e.handle("final_score").0.unwrap(), "= 0\n\n");
}

#[test]
fn loadsgf_sets_board_komi_and_moves() {
    let dir = std::env::temp_dir().join(format!("qipan-gtp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("g.sgf");
    std::fs::write(&f, "(;GM[1]SZ[9]KM[6.5]AB[cc];W[ee];B[gg];W[dd])").unwrap();
    let mut e = GtpEngine::new("go", &[], 1).unwrap();
    assert_eq!(e.handle(&format!("loadsgf {} 3", f.display())).0.unwrap(), "= white\n\n");
    assert_eq!(e.position().game().board.len(), 81);
    assert_eq!(e.position().game().options["komi"], "6.5");
    let board = e.handle("showboard").0.unwrap();
    assert!(board.contains("X") && board.contains("O"));
    assert_eq!(e.position().ply(), 2, "moves before move 3");
    // komi after loadsgf keeps the loaded position.
    e.handle("komi 0.5");
    assert_eq!(e.position().ply(), 2);
    assert!(e.handle("loadsgf /no/such/file.sgf").0.unwrap().starts_with("? cannot load file"));
}

#[test]
fn full_games_against_gnu_go_agree_on_the_score() {
    let have_gnugo = ["/usr/games/gnugo", "/usr/bin/gnugo"].iter().any(|p| Path::new(p).exists());
    if !have_gnugo {
        assert!(std::env::var_os("QIPAN_REQUIRE_GNUGO").is_none(), "GNU Go is required (apt-get install gnugo)");
        eprintln!("GNU Go is not installed: skipping");
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tools/gtp_match.py");
    let out = std::process::Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_qipan"))
        .args(["4", "9"])
        .output()
        .expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    let games: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(games.len(), 4);
    let agree = games.iter().filter(|g| g["agree"] == true).count();
    for g in &games {
        eprintln!("{g}");
        assert_eq!(g["qipan"], if g["game"].as_u64().unwrap() % 2 == 0 { "black" } else { "white" });
    }
    assert!(agree >= 3, "final scores agree with GNU Go in {agree} of 4 games");
    // The record qipan writes (`printsgf`) has the result GNU Go finds by playing the dead stones out.
    for g in &games {
        assert_eq!(g["re_agrees"], true, "RE against GNU Go's --score aftermath: {g}");
    }
}

#[test]
fn free_handicap_and_clock_commands() {
    let mut e = GtpEngine::new("go", &[("size".into(), "9".into())], 1).unwrap();
    assert_eq!(e.handle("time_settings 300 30 5").0.unwrap(), "=\n\n");
    assert_eq!(e.handle("set_free_handicap c3 g7").0.unwrap(), "=\n\n");
    assert_eq!(e.position().to_move(), SeatId(1), "White moves after the handicap stones");
    assert_eq!(e.position().game().options["handicap"], "2");
    assert!(e.handle("set_free_handicap d4 e5").0.unwrap().starts_with("? board not empty"));
    assert!(e.handle("genmove w").0.unwrap().starts_with("= "));
    assert_eq!(e.handle("time_left b 10 0").0.unwrap(), "=\n\n");
    assert_eq!(e.handle("clear_board").0.unwrap(), "=\n\n");
    assert_eq!(e.position().game().options["handicap"], "0");
    assert!(e.handle("set_free_handicap c3").0.unwrap().starts_with("? bad vertex list"));
}

#[test]
fn only_go_family_games_are_driven() {
    let e = GtpEngine::new("leader-cannon", &[], 1).err().expect("refused").to_string();
    assert!(e.contains("not a game of the Go family"), "{e}");
    // A shaped Field Go board accepts its own width as the board size.
    let mut f = GtpEngine::new("field-go", &[("komi".into(), "0.5".into())], 1).unwrap();
    assert_eq!(f.handle("boardsize 11").0.unwrap(), "=\n\n");
    assert_eq!(f.handle("boardsize 19").0.unwrap(), "? unacceptable size\n\n");
    assert_eq!(f.handle("play b A1").0.unwrap(), "=\n\n");
}

#[test]
fn boards_without_gtp_vertices_are_refused() {
    let opts = [("board".to_string(), "box".to_string()), ("komi".to_string(), "0.5".to_string())];
    let e = GtpEngine::new("field-go", &opts, 1).err().expect("refused").to_string();
    assert!(e.contains("2-D grid"), "{e}");
}

#[test]
fn fixed_handicap_places_the_stones_gnu_go_places() {
    let Some(mut gnugo) = GnuGo::start() else { return };
    for size in 5..=19 {
        for n in 1..=10 {
            gnugo.send(&format!("boardsize {size}")).unwrap();
            gnugo.send("clear_board").unwrap();
            let theirs = gnugo.send(&format!("fixed_handicap {n}"));
            let mut e = GtpEngine::new("go", &[("size".into(), size.to_string())], 1).unwrap();
            let ours = answer(&mut e, &format!("fixed_handicap {n}"));
            match (&theirs, &ours) {
                (Ok(t), Ok(o)) => {
                    assert_eq!(vertices(o), vertices(t), "{size}x{size}, {n} stones");
                    // The game's option places the same stones, and White moves first.
                    let set = [("size".to_string(), size.to_string()), ("handicap".to_string(), n.to_string())];
                    let start = qipan::load("go", &set).unwrap().start();
                    let board = &start.game().board;
                    let stones: BTreeSet<String> = board
                        .node_ids()
                        .filter(|&x| start.cell(x).is_some())
                        .map(|x| board.label(x).to_string())
                        .collect();
                    assert_eq!(stones, vertices(t), "go --set size={size} --set handicap={n}");
                    assert_eq!(start.to_move(), SeatId(1));
                    assert_eq!(e.position().to_move(), SeatId(1), "White moves after the handicap");
                    assert_eq!(e.position().game().options["handicap"], n.to_string());
                }
                (Err(_), Err(_)) => {}
                _ => panic!("{size}x{size}, {n} stones: GNU Go {theirs:?}, qipan {ours:?}"),
            }
        }
    }
    // place_free_handicap: qipan places the same stones; the board must be empty.
    let mut e = GtpEngine::new("go", &[("size".into(), "19".into())], 1).unwrap();
    assert_eq!(vertices(&answer(&mut e, "place_free_handicap 4").unwrap()), vertices("D4 Q4 D16 Q16"));
    assert_eq!(answer(&mut e, "fixed_handicap 2"), Err("board not empty".into()));
}

/// A real 9×9 game with a seki (OGS 623685): qipan finds the same stones in seki as GNU Go, and no seki in
/// games where GNU Go finds none.
#[test]
fn seki_is_told_apart_from_life_as_gnu_go_does() {
    let Some(mut gnugo) = GnuGo::start() else { return };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/go/sgf/ogs-finished-games/9x9");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()).collect();
    files.sort();
    let seki_game = dir.join("623685.sgf");
    let mut compared = 0;
    let mut agree = 0;
    for path in std::iter::once(seki_game.clone())
        .chain(files.into_iter().filter(|p| p.extension().is_some_and(|e| e == "sgf")).take(20))
    {
        let load = format!("loadsgf {}", path.display());
        let mut e = GtpEngine::new("go", &[], 1).unwrap();
        if answer(&mut e, &load).is_err() || gnugo.send(&load).is_err() {
            continue;
        }
        let theirs = vertices(&gnugo.send("final_status_list seki").unwrap());
        let ours = vertices(&answer(&mut e, "final_status_list seki").unwrap());
        if path == seki_game {
            assert!(!theirs.is_empty(), "GNU Go finds the seki of {}", path.display());
            assert_eq!(ours, theirs, "{}", path.display());
        }
        compared += 1;
        agree += (ours == theirs) as usize;
    }
    assert!(compared >= 15, "only {compared} records compared");
    assert!(agree * 10 >= compared * 9, "seki agrees with GNU Go in {agree} of {compared} records");
}

/// `printsgf` writes the game with its result once it is over, as `final_score` and `showboard` give it (dead
/// stones removed); `loadsgf` reads it back to the same position.
#[test]
fn printsgf_showboard_and_final_score_agree() {
    let mut e = walls_and_a_dead_stone();
    assert!(!answer(&mut e, "printsgf").unwrap().contains("RE["), "no result before the end");
    e.handle("play b pass");
    e.handle("play w pass");
    let score = answer(&mut e, "final_score").unwrap();
    assert_eq!(score, "W+5.5"); // B5 dead: 36 points and half of column E each, and White's komi
    assert!(answer(&mut e, "showboard").unwrap().contains(&format!("Game over: {score} ")));
    let sgf = answer(&mut e, "printsgf").unwrap();
    assert!(sgf.contains(&format!("RE[{score}]")), "{sgf}");
    let path = std::env::temp_dir().join(format!("qipan-printsgf-{}.sgf", std::process::id()));
    assert_eq!(answer(&mut e, &format!("printsgf {}", path.display())), Ok(String::new()));
    let mut again = GtpEngine::new("go", &[], 1).unwrap();
    assert_eq!(answer(&mut again, &format!("loadsgf {}", path.display())), Ok("black".into()));
    assert_eq!(again.position().hash(), e.position().hash());
    std::fs::remove_file(&path).unwrap();
    // After a handicap the record has its stones and HA.
    let mut h = GtpEngine::new("go", &[("size".into(), "9".into())], 2).unwrap();
    answer(&mut h, "fixed_handicap 2").unwrap();
    answer(&mut h, "play w e5").unwrap();
    let sgf = answer(&mut h, "printsgf").unwrap();
    assert!(sgf.contains("HA[2]") && sgf.contains("AB[gc][cg]") && sgf.contains(";W[ee]"), "{sgf}");
}

/// `kgs-genmove_cleanup` takes the stones judged dead off before it passes: a move next to White's dead B5.
#[test]
fn genmove_cleanup_captures_dead_stones_first() {
    let mut e = walls_and_a_dead_stone();
    for _ in 0..4 {
        let mv = answer(&mut e, "kgs-genmove_cleanup b").unwrap();
        let b5 = e.position().game().board.find("B5").unwrap();
        if e.position().cell(b5).is_none() {
            break;
        }
        assert!(["A5", "C5", "B4", "B6"].contains(&mv.as_str()), "{mv}");
        answer(&mut e, "play w pass").unwrap();
    }
    let b5 = e.position().game().board.find("B5").unwrap();
    assert!(e.position().cell(b5).is_none(), "B5 captured");
    assert_eq!(answer(&mut e, "final_status_list dead"), Ok(String::new()));
}

#[test]
fn resigns_a_lost_game_when_asked_and_only_then() {
    // 5×5 with a komi of 100: Black cannot win.
    let engine = || GtpEngine::new("go", &[("size".into(), "5".into())], 3).unwrap();
    let spec = qipan::core::ai::AgentSpec::parse("mcts:iterations=400").unwrap();
    let mut resigning = engine().with_agent(&spec).with_resign(0.1);
    answer(&mut resigning, "komi 100").unwrap();
    assert_eq!(answer(&mut resigning, "genmove b"), Ok("resign".into()));
    assert_eq!(resigning.position().ply(), 0, "a resignation plays nothing");
    // White, far ahead, plays on; and without the threshold Black plays too.
    assert_ne!(answer(&mut resigning, "genmove w"), Ok("resign".into()));
    let mut playing = engine().with_agent(&spec);
    answer(&mut playing, "komi 100").unwrap();
    assert_ne!(answer(&mut playing, "genmove b"), Ok("resign".into()));
    // From the command line; a threshold outside 0 to 1, or without an agent, is refused.
    let run = |args: &[&str], input: &str| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_qipan"));
        command.args(args);
        common::output_within(command, input.as_bytes(), std::time::Duration::from_secs(60))
    };
    let args = ["gtp", "go", "--set", "size=5", "--ai", "mcts:iterations=400", "--resign", "0.1"];
    let out = run(&args, "komi 100\ngenmove b\nquit\n");
    assert!(String::from_utf8_lossy(&out.stdout).contains("= resign"), "{out:?}");
    let out = run(&["gtp", "go", "--ai", "random", "--resign", "2"], "quit\n");
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("from 0 to 1"), "{out:?}");
    let out = run(&["gtp", "go", "--resign", "0.1"], "quit\n");
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("--ai"), "{out:?}");
}
