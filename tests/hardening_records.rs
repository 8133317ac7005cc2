//! Hostile and careless records, SGF files and GTP streams: each is refused with a reason or read correctly, in
//! bounded time and memory. The hostile files are read in place from `../shared/data/hostile/`.

use qipan::core::notation::parse_move;
use qipan::core::rules::groups::Chains;
use qipan::core::{Move, Position, SetupError};
use qipan::gtp::GtpEngine;
use qipan::record::{GameRecord, Legality, ReplayError, game_for_record, replay_position, replay_sgf, to_sgf};
use qipan::sgf::{SgfError, parse_sgf, parse_sgf_bytes};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn hostile(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/hostile").join(name)
}

fn opts(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// A fresh scratch folder.
fn tempdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qipan-records-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn reply(engine: &mut GtpEngine, command: &str) -> String {
    engine.handle(command).0.unwrap_or_else(|| panic!("`{command}` has a reply"))
}

/// The chains of `pos` are those built from scratch on its board: the same stones together, the same sizes and
/// pseudo-liberties.
fn assert_chains_consistent(pos: &Position) {
    let board = &pos.game().board;
    let kept = pos.chains().expect("a game with chains");
    let mut fresh = Chains::new(board, kept.relation());
    let mut cells = vec![None; board.len()];
    for n in board.node_ids() {
        if let Some(p) = pos.cell(n) {
            cells[n.idx()] = Some(p);
            fresh.add(board, &cells, n);
        }
    }
    for a in board.node_ids() {
        let (ka, fa) = (kept.head(a), fresh.head(a));
        assert_eq!(ka.is_some(), fa.is_some(), "{}: a stone in one and not the other", board.label(a));
        if !ka.is_some() {
            continue;
        }
        assert_eq!(kept.size(ka), fresh.size(fa), "size of {}'s chain", board.label(a));
        assert_eq!(kept.pseudo_libs(ka), fresh.pseudo_libs(fa), "liberties of {}'s chain", board.label(a));
        for b in board.node_ids().filter(|&b| fresh.head(b).is_some()) {
            assert_eq!(kept.head(b) == ka, fresh.head(b) == fa, "{} and {}", board.label(a), board.label(b));
        }
    }
}

#[test]
fn gtp_loadsgf_refuses_moves_onto_stones_and_keeps_the_game() {
    for name in ["gtp-loadsgf-panic-groups244.sgf", "gtp-loadsgf-panic-groups347.sgf", "gtp-loadsgf-oom.sgf"] {
        let mut e = GtpEngine::new("go", &opts(&[("size", "9")]), 1).unwrap();
        assert_eq!(reply(&mut e, "komi 7.5"), "=\n\n");
        assert_eq!(reply(&mut e, "play b E5"), "=\n\n");
        let started = Instant::now();
        let r = reply(&mut e, &format!("loadsgf {}", hostile(name).display()));
        assert!(started.elapsed() < Duration::from_secs(5), "{name}: {:?}", started.elapsed());
        assert!(r.starts_with("? cannot load file: move ") && r.contains("the node is occupied"), "{name}: {r}");
        // The engine is as it was: the board, the komi and the move played.
        let pos = e.position();
        assert_eq!((pos.game().board.len(), pos.ply()), (81, 1), "{name}");
        assert_eq!(pos.game().options["komi"], "7.5", "{name}");
        assert_eq!(reply(&mut e, "play w D4"), "=\n\n", "{name}");
        assert_eq!(e.position().ply(), 2);
    }
}

#[test]
fn gtp_loadsgf_reads_records_up_to_a_move_the_rules_refuse() {
    let dir = tempdir("loadsgf");
    let file = dir.join("g.sgf");
    // White's fourth move is on Black's stone: moves before it load, the whole record does not.
    std::fs::write(&file, "(;GM[1]SZ[5]KM[0.5];B[cc];W[dd];B[bb];W[cc])").unwrap();
    let mut e = GtpEngine::new("go", &[], 1).unwrap();
    assert_eq!(reply(&mut e, &format!("loadsgf {} 4", file.display())), "= white\n\n");
    assert_eq!((e.position().game().board.len(), e.position().ply()), (25, 3));
    let r = reply(&mut e, &format!("loadsgf {}", file.display()));
    assert_eq!(r, "? cannot load file: move 4 is illegal: C3 by white: illegal move: the node is occupied\n\n");
    assert_eq!(e.position().ply(), 3, "the record loaded before is kept");
    // A rebuild (komi) replays the loaded record through the same checked path.
    assert_eq!(reply(&mut e, "komi 2.5"), "=\n\n");
    assert_eq!(e.position().ply(), 3);
}

#[test]
fn setup_on_played_points_keeps_the_chains_consistent() {
    // Stones set up on stones, on and next to played points, removed from chains (splitting them), then moves
    // next to all of them; and at last a stone set up without liberties, which is an error naming it.
    let text =
        "(;GM[1]SZ[5];B[bb];W[bc];B[cb];AB[bc][cc]AW[bd];B[dd];AE[cb];W[cb];AW[aa]AB[ab][ba];B[ca];AE[bb];W[bb])";
    let sgf = parse_sgf(text).unwrap();
    let game = game_for_record("go", &[], &sgf).unwrap();
    for limit in 0..=4 {
        let r = replay_position(&game, &sgf, Some(limit), Legality::Check).unwrap();
        assert_eq!(r.illegal, None, "up to move {limit}");
        assert_chains_consistent(&r.position);
        assert_eq!(r.position.hash(), r.position.hash_from_scratch(), "up to move {limit}");
    }
    for limit in 5..=7 {
        let Err(err) = replay_position(&game, &sgf, Some(limit), Legality::Check) else {
            panic!("up to move {limit}: the setup without liberties was accepted");
        };
        assert!(
            matches!(&err, ReplayError::Setup { moves: 5, error: SetupError::NoLiberties { node, .. } } if node == "A5"),
            "up to move {limit}: {err}"
        );
    }
    // Random records of setups and moves on a small board: every replayed position is consistent.
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let mut refused = 0;
    for _ in 0..300 {
        let mut text = String::from("(;GM[1]SZ[4]");
        for _ in 0..12 {
            let point = format!("{}{}", (b'a' + next(4) as u8) as char, (b'a' + next(4) as u8) as char);
            let id = ["AB", "AW", "AE", "B", "W"][next(5) as usize];
            text.push_str(&format!(";{id}[{point}]"));
        }
        text.push(')');
        let sgf = parse_sgf(&text).unwrap();
        match replay_position(&game, &sgf, None, Legality::Check) {
            Ok(r) => assert_chains_consistent(&r.position),
            Err(ReplayError::Setup { error: SetupError::NoLiberties { .. }, .. }) => refused += 1,
            Err(e) => panic!("{text}: {e}"),
        }
    }
    // Both kinds of record occur: the random setups do make stones without liberties.
    assert!((1..300).contains(&refused), "{refused} of 300 refused");
}

#[test]
fn a_trusted_replay_still_refuses_a_stone_on_a_stone() {
    let sgf = parse_sgf_bytes(&std::fs::read(hostile("gtp-loadsgf-oom.sgf")).unwrap()).unwrap();
    let game = game_for_record("go", &[], &sgf).unwrap();
    let r = replay_position(&game, &sgf, None, Legality::Trust).unwrap();
    assert_eq!(r.moves, 0);
    assert!(matches!(&r.illegal, Some((1, rule)) if rule.contains("occupied")), "{:?}", r.illegal);
    assert_chains_consistent(&r.position);
}

#[test]
fn gtp_skips_long_lines_and_answers_bytes_that_are_not_utf8() {
    let mut e = GtpEngine::new("go", &opts(&[("size", "9")]), 1).unwrap();
    // 64 MiB without a newline, then a line that is not UTF-8: neither is kept whole, the session goes on.
    let long = std::io::repeat(b'x').take(64 << 20);
    let rest: &[u8] = b"\n1 play b \xff\xfe\n# caf\xc3\xa9\n2 play b E5\n3 name\n";
    let started = Instant::now();
    let mut out = Vec::new();
    e.serve(std::io::BufReader::new(long.chain(rest)), &mut out).unwrap();
    assert!(started.elapsed() < Duration::from_secs(30), "{:?}", started.elapsed());
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out, "? line too long\n\n? the line is not valid UTF-8\n\n=2\n\n=3 qipan\n\n");
    assert_eq!(e.position().ply(), 1);
    // A long last line without a newline, and a line just within the limit (a comment: no reply).
    let mut out = Vec::new();
    let within = format!("#{}\nname", "y".repeat(qipan::input::MAX_LINE_BYTES - 1));
    e.serve(within.as_bytes(), &mut out).unwrap();
    assert_eq!(out, b"= qipan\n\n");
    let mut out = Vec::new();
    e.serve(std::io::BufReader::new(std::io::repeat(b'z').take(3 << 20)), &mut out).unwrap();
    assert_eq!(out, b"? line too long\n\n");
}

#[test]
fn gtp_refuses_komi_that_is_not_finite_or_too_large() {
    let mut e = GtpEngine::new("go", &opts(&[("size", "9")]), 1).unwrap();
    assert_eq!(reply(&mut e, "komi 6.5"), "=\n\n");
    for bad in ["inf", "-inf", "nan", "NaN", "1e308", "1e400", "-10000.5"] {
        let r = reply(&mut e, &format!("komi {bad}"));
        assert!(r.starts_with("? komi must be a finite number from -10000 to 10000"), "{bad}: {r}");
        assert_eq!(e.position().game().options["komi"], "6.5", "{bad}");
    }
    assert_eq!(reply(&mut e, "komi -10000"), "=\n\n");
}

#[test]
fn sgf_komi_that_is_not_finite_or_too_large_is_an_error() {
    for (name, value) in [("km-nan.sgf", "NaN"), ("km-huge.sgf", "1e308")] {
        let bytes = std::fs::read(hostile(name)).unwrap();
        let err = replay_sgf("go", &[], &bytes).unwrap_err();
        assert!(
            matches!(&err, ReplayError::Sgf(SgfError::InvalidKomi { value: v, line: 1, .. }) if v == value),
            "{name}: {err}"
        );
        assert!(err.to_string().contains("komi must be a finite number"), "{err}");
    }
    for bad in ["inf", "-1e5", "1e400"] {
        let text = format!("(;GM[1]SZ[9]KM[{bad}])");
        assert!(matches!(parse_sgf(&text), Err(SgfError::InvalidKomi { .. })), "{bad}");
    }
    // Text that is no number stays a tolerated quirk, and real komi are read.
    assert_eq!(parse_sgf("(;GM[1]SZ[9]KM[?])").unwrap().komi, None);
    assert_eq!(parse_sgf("(;GM[1]SZ[9]KM[-10000])").unwrap().komi, Some(-10000.0));
    assert_eq!(replay_sgf("go", &[], b"(;GM[1]SZ[9]KM[6.5];B[ee])").unwrap().result, "B+74.5");
}

#[test]
fn a_300000_move_record_is_written_and_read_back() {
    let game_file = hostile("long-game-300k.yaml").display().to_string();
    let game = qipan::load(&game_file, &[]).unwrap();
    let mut pos = game.start();
    let mut moves = Vec::new();
    while !pos.is_over() {
        pos.play(&Move::PASS).unwrap();
        moves.push(Move::PASS);
    }
    assert_eq!(moves.len(), 300_000);
    let started = Instant::now();
    let text = GameRecord::new(&game_file, &game, &moves, pos.outcome()).to_text();
    assert!(text.len() <= qipan::record::MAX_RECORD_BYTES);
    let record = GameRecord::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(record.moves.len(), 300_000);
    let replay = record.replay().unwrap();
    assert_eq!((replay.moves.len(), replay.refused.as_ref().map(|r| r.number)), (300_000, None));
    assert_eq!(replay.result(), record.result);
    assert!(started.elapsed() < Duration::from_secs(60), "{:?}", started.elapsed());
}

#[test]
fn a_record_at_the_size_limit_parses() {
    // The shortest moves the writer produces (`  - "a"`): as many as fit in MAX_RECORD_BYTES.
    let head = "game: go\nmoves:\n";
    let n = (qipan::record::MAX_RECORD_BYTES - head.len()) / "  - \"a\"\n".len();
    let text = format!("{head}{}", "  - \"a\"\n".repeat(n));
    assert!(text.len() <= qipan::record::MAX_RECORD_BYTES);
    let record = GameRecord::parse(&text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(record.moves.len(), n);
}

/// Runs the `qipan` binary in `dir`; returns its exit code and output.
fn qipan(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(args)
        .current_dir(dir)
        .env("QIPAN_LIBRARY", dir.join("no-library"))
        .stdin(std::process::Stdio::null())
        .output()
        .expect("qipan runs");
    (out.status.code(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

#[test]
fn a_record_of_a_game_file_replays_from_any_directory() {
    let dir = tempdir("moved");
    std::fs::create_dir_all(dir.join("games")).unwrap();
    std::fs::create_dir_all(dir.join("records")).unwrap();
    std::fs::write(dir.join("games/small.yaml"), "extends: go\nname: small\n").unwrap();
    let (code, out) =
        qipan(&dir, &["play", "games/small.yaml", "--set", "size=5", "--ai", "all", "--record", "records/r.yaml"]);
    assert_eq!(code, Some(0), "{out}");
    let text = std::fs::read_to_string(dir.join("records/r.yaml")).unwrap();
    assert!(text.contains("game: \"../games/small.yaml\""), "{text}");
    // Read from the record's folder, from its parent, from elsewhere with an absolute path, and after moving
    // both files together.
    let record = dir.join("records/r.yaml").display().to_string();
    for (cwd, path) in [(dir.join("records"), "r.yaml"), (dir.clone(), "records/r.yaml"), (PathBuf::from("/"), &record)]
    {
        let (code, out) = qipan(&cwd, &["replay", path]);
        assert_eq!(code, Some(0), "from {}: {out}", cwd.display());
        assert!(out.contains(" moves replayed"), "{out}");
    }
    let moved = tempdir("moved-away");
    std::fs::rename(dir.join("games"), moved.join("games")).unwrap();
    std::fs::rename(dir.join("records"), moved.join("records")).unwrap();
    let (code, out) = qipan(&dir, &["replay", &moved.join("records/r.yaml").display().to_string()]);
    assert_eq!(code, Some(0), "{out}");
    // Built-in games stay by name.
    let (code, out) = qipan(&moved, &["play", "go", "--set", "size=5", "--ai", "all", "--record", "records/go.yaml"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(std::fs::read_to_string(moved.join("records/go.yaml")).unwrap().contains("game: \"go\""));
    // A record written by an older qipan, relative to where it ran, still replays from there.
    std::fs::write(moved.join("records/old.yaml"), "game: games/small.yaml\noptions: { size: 5 }\nmoves: [C3]\n")
        .unwrap();
    let (code, out) = qipan(&moved, &["replay", "records/old.yaml"]);
    assert_eq!(code, Some(0), "{out}");
}

/// Plays `moves` on `game`, then writes the game as SGF and replays the SGF on `name` with no options given:
/// the same options, the same moves, the same position.
fn assert_sgf_round_trip(name: &str, options: &[(&str, &str)], moves: &[&str]) {
    let game = qipan::load(name, &opts(options)).unwrap();
    let mut pos = game.start();
    let mut played = Vec::new();
    for text in moves {
        let mv = parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        played.push((pos.to_move(), mv));
        pos.play(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let text = to_sgf(&game, &played, pos.outcome()).unwrap().to_sgf();
    let sgf = parse_sgf(&text).unwrap();
    let again = game_for_record(name, &[], &sgf).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(again.options, game.options, "{text}");
    let r = replay_position(&again, &sgf, None, Legality::Check).unwrap();
    assert_eq!((r.moves, r.illegal), (moves.len(), None), "{text}");
    assert_eq!(r.position.hash(), pos.hash(), "{text}");
}

#[test]
fn sgf_of_a_variant_replays_as_it_was_played() {
    // Suicide allowed: White's A1 fills its last liberty; simple ko; no handicap compensation default.
    assert_sgf_round_trip(
        "go",
        &[("size", "5"), ("suicide", "allowed"), ("ko", "simple"), ("komi", "0.5"), ("handicap_compensation", "true")],
        &["B1", "pass", "A2", "A1"],
    );
    let mask = ".....\n.#.#.\n.....\n.#.#.\n.....";
    let mask = mask.replace('\n', "/");
    assert_sgf_round_trip("field-go", &[("komi", "3"), ("mask", &mask)], &["A1", "E5"]);
    // The options are written once, in the root, as qipan's own property.
    let game = qipan::load("go", &opts(&[("size", "5"), ("ko", "simple")])).unwrap();
    let text = to_sgf(&game, &[], None).unwrap().to_sgf();
    assert!(text.contains("QO[handicap_compensation=false][ko=simple][move_cap=0][suicide=forbidden]"), "{text}");
    assert!(text.contains("RU[") && !text.contains("size="), "{text}");
    // A record of a game with options this game does not have is refused, not replayed on the wrong board.
    let field = qipan::load("field-go", &opts(&[("komi", "3")])).unwrap();
    let sgf = parse_sgf(&to_sgf(&field, &[], None).unwrap().to_sgf()).unwrap();
    let err = game_for_record("go", &[], &sgf).unwrap_err();
    assert!(err.to_string().contains("which this game does not have"), "{err}");
    // The size is SZ's: a record cannot say otherwise in qipan's property.
    let sgf = parse_sgf("(;GM[1]SZ[9]QO[size=19];B[ee])").unwrap();
    assert!(matches!(game_for_record("go", &[], &sgf), Err(ReplayError::Mismatch(_))));
}

/// A game played from a FEN (`play --fen`) is recorded with its start, and `qipan replay` and `load` in a
/// session start from it again.
#[test]
fn a_game_from_a_fen_is_recorded_with_its_start() {
    let dir = tempdir("fen-start");
    let fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["play", "chess", "--fen", fen, "--record", "r.yaml"])
        .current_dir(&dir)
        .env("QIPAN_LIBRARY", dir.join("no-library"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write as _;
    child.stdin.take().unwrap().write_all(b"a7-a8=queen\nquit\n").unwrap();
    assert!(child.wait_with_output().unwrap().status.success());
    let text = std::fs::read_to_string(dir.join("r.yaml")).unwrap();
    assert!(text.contains(&format!("start: \"{fen}\"")), "{text}");
    let (code, out) = qipan(&dir, &["replay", "r.yaml"]);
    assert_eq!(code, Some(0), "{out}");
    let replay = qipan::record::GameRecord::read_file(&dir.join("r.yaml")).unwrap().replay().unwrap();
    assert!(replay.refused.is_none());
    assert_eq!(replay.position.to_fen().unwrap(), "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1");
    // A session of the same game loads it: from the record's start, not its own.
    let game = qipan::load("chess", &[]).unwrap();
    let mut session = qipan::session::Session::new("chess", game.start(), &[], 1);
    let mut out = Vec::new();
    session.run(&mut format!("load {}\nquit\n", dir.join("r.yaml").display()).as_bytes(), &mut out).unwrap();
    assert_eq!(
        session.position().to_fen().unwrap(),
        "Q3k3/8/8/8/8/8/8/4K3 b - - 0 1",
        "{}",
        String::from_utf8_lossy(&out)
    );
    // A start the game refuses is an error naming it.
    std::fs::write(dir.join("bad.yaml"), "game: chess\nstart: \"9/9 w\"\nmoves: []\n").unwrap();
    let (code, out) = qipan(&dir, &["replay", "bad.yaml"]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("start `9/9 w`"), "{out}");
}
