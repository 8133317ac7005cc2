//! Go checked against other programs' data, read in place from `../shared/data/go` (never copied):
//! Fuego's superko suite, Pachi's capture-by-capture replays, real game records compared with GNU Go.

use qipan::core::notation::parse_move;
use qipan::core::{Illegal, SeatId};
use qipan::record::{Legality, game_for_record, replay_position};
use qipan::sgf::parse_sgf_bytes;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/go").join(rel)
}

fn opts(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// Fuego's repetition.tst: `loadsgf FILE [N]` (moves before N), `go_param_rules ko_rule R`,
/// `is_legal COLOUR POINT` with the expected answer on the `#?` line.
#[test]
fn fuego_superko_suite() {
    let dir = data("rules-tests/fuego");
    let text = std::fs::read_to_string(dir.join("repetition.tst")).expect("shared data present");
    let (mut file, mut upto, mut rule) = (String::new(), None::<usize>, "simple".to_string());
    let mut pending: Option<(String, String)> = None;
    let mut checked = 0;
    for line in text.lines().map(str::trim) {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["loadsgf", f] => (file, upto) = (f.to_string(), None),
            ["loadsgf", f, n] => (file, upto) = (f.to_string(), Some(n.parse::<usize>().unwrap() - 1)),
            ["go_param_rules", "ko_rule", r] => rule = r.to_string(),
            [_, "is_legal", c, p] => pending = Some((c.to_string(), p.to_string())),
            ["#?", expected] => {
                let (colour, point) = pending.take().expect("a test before its answer");
                let ko = match rule.as_str() {
                    "simple" => "simple",
                    "superko" => "situational",
                    _ => "positional",
                };
                let sgf = parse_sgf_bytes(&std::fs::read(dir.join(&file)).unwrap()).unwrap();
                let game = game_for_record("go", &opts(&[("ko", ko)]), &sgf).unwrap();
                let mut r = replay_position(&game, &sgf, upto, Legality::Trust).unwrap();
                assert!(r.illegal.is_none(), "{file}: {:?}", r.illegal);
                r.position =
                    r.position.to_setup().to_move(SeatId(if colour == "b" { 0 } else { 1 })).into_position().unwrap();
                r.position.resume();
                let mv = parse_move(&r.position, &point.to_uppercase()).unwrap();
                let legal = r.position.check(&mv).is_ok();
                let want = expected.trim_matches(|c| c == '[' || c == ']') == "1";
                assert_eq!(legal, want, "{file} up to {upto:?}, ko rule {rule}: is_legal {colour} {point}");
                checked += 1;
            }
            _ => {}
        }
    }
    assert_eq!(checked, 15, "all 15 answers of the suite were checked");
}

/// Pachi's board regression: after every move, the captures per colour and the number of chains.
/// Its random games contain multi-stone suicides (legal for Pachi, which credits the opponent) and
/// its triple-ko game repeats positions, so it is replayed with suicide allowed and simple ko, and
/// the test checks that positional superko and forbidden suicide flag exactly those moves.
#[test]
fn pachi_capture_replays() {
    let dir = data("rules-tests/pachi");
    let gtp = std::fs::read_to_string(dir.join("regtest.gtp")).expect("shared data present");
    let refs = std::fs::read_to_string(dir.join("regtest.ref")).unwrap();
    let expected: Vec<Vec<&str>> = refs
        .lines()
        .filter(|l| l.starts_with("move:"))
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w[1] != "0")
        .collect();
    let (mut size, mut k, mut suicides, mut repeats) = ("19".to_string(), 0usize, 0, 0);
    let mut pos = None;
    let mut seen = BTreeSet::new();
    let (mut strict_pos, mut strict_sui) = (None, None);
    for line in gtp.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        match w.as_slice() {
            ["boardsize", n] => size = n.to_string(),
            ["clear_board"] => {
                let g = qipan::load("go", &opts(&[("size", &size), ("suicide", "allowed"), ("ko", "simple")])).unwrap();
                let p = g.start();
                seen = BTreeSet::from([p.hash()]);
                pos = Some(p);
                strict_pos = Some(qipan::load("go", &opts(&[("size", &size), ("suicide", "allowed")])).unwrap());
                strict_sui = Some(qipan::load("go", &opts(&[("size", &size), ("ko", "simple")])).unwrap());
            }
            ["play", colour, vertex] => {
                let p = pos.as_mut().unwrap();
                let seat = SeatId(if colour.eq_ignore_ascii_case("b") { 0 } else { 1 });
                if p.to_move() != seat {
                    *p = p.to_setup().to_move(seat).into_position().unwrap();
                }
                p.resume();
                let mv = parse_move(p, vertex).unwrap();
                let before = p.clone();
                p.play(&mv).unwrap_or_else(|e| panic!("move {k}: {colour} {vertex}: {e}"));
                let e = &expected[k];
                let ci = e.iter().position(|x| *x == "cap:").unwrap();
                let (cb, cw): (u32, u32) = (e[ci + 1].parse().unwrap(), e[ci + 2].parse().unwrap());
                assert_eq!(
                    (p.captures()[0], p.captures()[1]),
                    (cb, cw),
                    "captures after move {} ({colour} {vertex})",
                    e[1]
                );
                let gi = e.iter().position(|x| *x == "groups:").unwrap();
                let groups: usize = e[gi + 1].parse().unwrap();
                let ch = p.chains().unwrap();
                let heads: BTreeSet<_> =
                    p.game().board.node_ids().filter(|&n| p.cell(n).is_some()).map(|n| ch.head(n)).collect();
                assert_eq!(heads.len(), groups, "chains after move {}", e[1]);
                // Forbidden suicide refuses exactly the moves whose own stone vanished.
                let suicide = !mv.is_pass() && p.cell(mv.to).is_none();
                if suicide {
                    suicides += 1;
                    let strict = rebase(&before, strict_sui.as_ref().unwrap(), &seen);
                    assert_eq!(strict.check(&mv), Err(Illegal::Suicide), "move {} is a suicide", e[1]);
                }
                // Positional superko flags exactly Pachi's SKO moves.
                let sko = e.contains(&"SKO");
                let repeated = !mv.is_pass() && !seen.insert(p.hash());
                assert_eq!(repeated, sko, "repetition flag at move {}", e[1]);
                if sko {
                    repeats += 1;
                    let strict = rebase(&before, strict_pos.as_ref().unwrap(), &seen);
                    assert_eq!(strict.check(&mv), Err(Illegal::PositionalSuperko), "move {}", e[1]);
                }
                k += 1;
            }
            _ => {}
        }
    }
    assert_eq!(k, expected.len(), "every reference line was checked");
    assert_eq!(suicides, 98, "the random games hold 98 multi-stone suicides");
    assert_eq!(repeats, 5, "five positional repetitions");
}

/// The same stones, side to move and earlier boards on a game with other rule options.
fn rebase(
    pos: &qipan::core::Position,
    game: &std::sync::Arc<qipan::core::Game>,
    seen: &BTreeSet<u64>,
) -> qipan::core::Position {
    let mut p = qipan::core::Setup::empty(game);
    for n in game.board.node_ids() {
        if let Some(c) = pos.cell(n) {
            p.put(n, c);
        }
    }
    p.to_move(pos.to_move());
    seen.iter().for_each(|&h| {
        p.remember_board(h);
    });
    p.into_position().unwrap()
}

fn sgf_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![data("sgf")];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("shared data present").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Every real record replays; refusals are rare and each names a rule.
#[test]
fn every_record_replays() {
    let files = sgf_files();
    assert!(files.len() > 2800, "the record collection is present");
    let (mut ok, mut refused, mut skipped) = (0, Vec::new(), 0);
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let Ok(sgf) = parse_sgf_bytes(&bytes) else {
            skipped += 1;
            continue;
        };
        let Ok(game) = game_for_record("go", &[], &sgf) else {
            skipped += 1;
            continue;
        };
        let r = replay_position(&game, &sgf, None, Legality::Check).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        match r.illegal {
            None => ok += 1,
            Some((n, rule)) => refused.push(format!("{}: move {n}: {rule}", f.display())),
        }
    }
    eprintln!("{ok} replayed, {} refused, {skipped} not Go records", refused.len());
    for r in refused.iter().take(20) {
        eprintln!("  {r}");
    }
    assert!(ok as f64 >= 0.97 * files.len() as f64, "{ok} of {} records replayed", files.len());
}

/// Final stones and captures agree with GNU Go on a spread of records from every collection.
#[test]
fn records_agree_with_gnu_go() {
    let gnugo = ["/usr/games/gnugo", "/usr/bin/gnugo"].iter().any(|p| Path::new(p).exists())
        || std::process::Command::new("gnugo").arg("--version").output().is_ok();
    if !gnugo {
        assert!(std::env::var_os("QIPAN_REQUIRE_GNUGO").is_none(), "GNU Go is required (apt-get install gnugo)");
        eprintln!("GNU Go is not installed: skipping");
        return;
    }
    let files = sgf_files();
    let sample: Vec<&PathBuf> = files.iter().step_by(files.len() / 60).collect();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tools/gnugo_reference.py");
    let out = std::process::Command::new("python3").arg(&script).args(&sample).output().expect("python3 runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let mut compared = 0;
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let file = v["file"].as_str().unwrap();
        if v.get("error").is_some() {
            eprintln!("GNU Go: {file}: {}", v["error"]);
            continue;
        }
        let report = qipan::record::replay_sgf("go", &[], &std::fs::read(file).unwrap()).unwrap();
        assert!(report.illegal.is_none(), "{file}: GNU Go accepted every move, qipan refused {:?}", report.illegal);
        let mine = |seat: &str| -> Vec<String> {
            report.position.iter().filter(|(_, s)| s.as_str() == seat).map(|(l, _)| l.clone()).collect()
        };
        let theirs = |k: &str| -> Vec<String> {
            let mut x: Vec<String> = v[k].as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect();
            x.sort();
            x
        };
        assert_eq!(mine("black"), theirs("black"), "{file}: black stones");
        assert_eq!(mine("white"), theirs("white"), "{file}: white stones");
        assert_eq!(report.captures["black"] as u64, v["captures_black"].as_u64().unwrap(), "{file}: black captures");
        assert_eq!(report.captures["white"] as u64, v["captures_white"].as_u64().unwrap(), "{file}: white captures");
        compared += 1;
    }
    assert!(compared >= 40, "only {compared} records compared with GNU Go");
}
