//! Hostile and careless input against the core runtime: end and stuck handling, perft, hook budgets and
//! failures, counters, move text and messages. The hostile files are read in place from
//! `../shared/data/hostile/` (never copied).

use qipan::core::hooks::HookBudget;
use qipan::core::notation::{NotationError, parse_move};
use qipan::core::playout::{PlayoutBuf, perft, random_playout, try_perft};
use qipan::core::{Game, MoveBuf, PlayError};
use qipan::dsl::hooks::{HookLimits, HookSource, RhaiHooks};
use rand::SeedableRng;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Arc;
use std::time::{Duration, Instant};

mod common;

fn hostile(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/hostile").join(name)
}

fn qipan(args: &[&str]) -> Output {
    qipan_with_input(args, "")
}

fn qipan_with_input(args: &[&str], input: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_qipan"));
    command.args(args);
    common::output_within(command, input.as_bytes(), std::time::Duration::from_secs(60))
}

fn text(o: &Output) -> (String, String) {
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

fn load(path: &Path) -> Arc<Game> {
    qipan::load(path.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

// ----- 1. `stuck: lose` ends -----

/// The 3×1 board of `stuck-lose-2seats.yaml`: seat a and seat b place stones in turn, passing is never
/// allowed and a stuck seat loses. By hand: 3 first moves, then 2, then 1 (a fills the board), so perft
/// is 3, 6, 6; then b is stuck and out, a (the file has no `end:`, so no last-side rule) is stuck and out
/// too, and the game is over: no sequence of 4 plies.
#[test]
fn stuck_lose_ends_when_the_board_fills() {
    let game = load(&hostile("stuck-lose-2seats.yaml"));
    let counts: Vec<u64> = (1..=5).map(|d| try_perft(&game.start(), d).unwrap()).collect();
    assert_eq!(counts, [3, 6, 6, 0, 0]);
    assert_eq!(perft(&game.start(), 4), 0);
    let mut pos = game.start();
    for t in ["a1", "b1", "c1"] {
        pos.play(&parse_move(&pos, t).unwrap()).unwrap();
    }
    let r = pos.outcome().expect("over");
    assert_eq!((r.winners.as_slice(), r.reason.as_str(), r.text.as_str()), (&[][..], "no legal move", "0"));
    assert!(!pos.is_alive(0) && !pos.is_alive(1));
    // Random playouts end too, after exactly three plies.
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let mut buf = PlayoutBuf::default();
    for _ in 0..20 {
        let mut p = game.start();
        assert_eq!(random_playout(&mut p, &mut rng, &mut buf, 100).unwrap(), 3);
        assert!(p.is_over());
    }
}

/// With the last-side rule (as an `end:` section gives by default), b's being stuck makes a the winner.
#[test]
fn stuck_lose_with_the_last_side_rule_names_the_winner() {
    let src = std::fs::read_to_string(hostile("stuck-lose-2seats.yaml")).unwrap() + "end: { last_standing: true }\n";
    let game = qipan::load_str("stuck.yaml", &src, &[]).unwrap();
    let mut pos = game.start();
    for t in ["a1", "b1", "c1"] {
        pos.play(&parse_move(&pos, t).unwrap()).unwrap();
    }
    let r = pos.outcome().expect("over");
    assert_eq!((r.winners.as_slice(), r.reason.as_str()), (&[0][..], "last side standing"));
    assert_eq!(try_perft(&game.start(), 4).unwrap(), 0);
}

/// One seat alone under `stuck: lose`: stuck, it is out, and nobody is left.
#[test]
fn a_lone_stuck_seat_ends_the_game() {
    let src = "name: alone\nboard: { grid: { width: 2, height: 1, labels: chess } }\nseats: [{ name: a }]\n\
               pieces: { stone: { moves: place to empty } }\nrules: { pass: never, stuck: lose }\n";
    let game = qipan::load_str("alone.yaml", src, &[]).unwrap();
    assert_eq!((1..=3).map(|d| try_perft(&game.start(), d).unwrap()).collect::<Vec<_>>(), [2, 2, 0]);
}

#[test]
fn stuck_lose_commands_finish() {
    let file = hostile("stuck-lose-2seats.yaml");
    let f = file.to_str().unwrap();
    let out = qipan(&["perft", f, "--depth", "4"]);
    assert_eq!(out.status.code(), Some(0), "{:?}", text(&out));
    assert!(text(&out).0.starts_with("perft(4) = 0 "), "{:?}", text(&out));
    let out = qipan(&["perft", f, "--depth", "3", "--json"]);
    assert_eq!(text(&out).0.trim(), r#"{"depth":3,"nodes":6}"#);
    let out = qipan(&["bench", f, "--seconds", "0.2", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{:?}", text(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["mean_length"], 3.0);
    let out = qipan(&["show", f, "--moves", "a1 b1 c1"]);
    assert_eq!(out.status.code(), Some(0), "{:?}", text(&out));
    assert!(text(&out).0.contains("Game over: 0 (no legal move)"), "{:?}", text(&out));
}

// ----- 3. an overall hook budget -----

/// `game` with its hooks compiled again under `limits`.
fn with_limits(game: &Game, hooks: &[(&str, &str)], limits: HookLimits) -> Arc<Game> {
    let sources = hooks
        .iter()
        .map(|(point, code)| HookSource {
            point: point.to_string(),
            code: code.to_string(),
            file: "busy.yaml".into(),
            line: 7,
        })
        .collect();
    let mut g = game.clone();
    g.hooks = Some(Arc::new(RhaiHooks::compile(sources, limits, g.counters.clone()).unwrap()));
    Arc::new(g)
}

/// A filter that stays within its limit per call, but is called once per candidate: the budget of the
/// whole count stops it, with an error naming the hook.
#[test]
fn a_hook_within_its_limit_per_call_is_stopped_by_the_overall_budget() {
    let go = qipan::load("go", &[("size".into(), "19".into())]).unwrap();
    let limits = HookLimits { max_total_operations: 200_000, ..HookLimits::default() };
    let game = with_limits(&go, &[("filter_move", "let n = 0; for i in 0..1000 { n += i } true")], limits);
    let t = Instant::now();
    let err = try_perft(&game.start(), 2).unwrap_err();
    assert!(t.elapsed() < Duration::from_secs(5));
    assert_eq!((err.hook.as_str(), err.file.as_str(), err.line), ("filter_move", "busy.yaml", 7));
    assert!(err.message.contains("budget of 200000 operations in all"), "{err}");
    // A move generation has a budget of its own when no command opened one: here, one and a half times
    // what one generation spends.
    let probe =
        with_limits(&go, &[("filter_move", "let n = 0; for i in 0..100 { n += i } true")], HookLimits::default());
    let mut buf = MoveBuf::default();
    let spent = {
        let _probe = HookBudget::open();
        probe.start().try_generate_legal(&mut buf).unwrap();
        HookBudget::spent().unwrap()
    };
    assert!(spent > 361 * 100, "{spent}");
    let limits = HookLimits { max_total_operations: spent * 3 / 2, ..HookLimits::default() };
    let one = with_limits(&go, &[("filter_move", "let n = 0; for i in 0..100 { n += i } true")], limits);
    for _ in 0..3 {
        one.start().try_generate_legal(&mut buf).unwrap();
        assert_eq!(buf.moves.len(), 362);
    }
    // ... but inside one scope (one command), the second does not fit.
    let _command = HookBudget::open();
    let results: Vec<bool> = (0..3).map(|_| one.start().try_generate_legal(&mut buf).is_ok()).collect();
    assert_eq!(results, [true, false, false]);
}

/// The default budget, in the Limits chapter, is what the hooks get.
#[test]
fn the_default_budget_is_documented() {
    let limits = HookLimits::default();
    assert_eq!(limits.max_total_operations, 50_000_000);
    let page =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src/reference/limits.md")).unwrap();
    assert!(page.contains("| operations of all calls together, per command or game | 50,000,000"), "limits.md");
    let hooks = qipan::load("leader-cannon", &[]).unwrap();
    assert!(hooks.hooks.as_ref().unwrap().has(qipan::core::hooks::HookPoint::OnCapture));
}

#[test]
fn a_looping_filter_fails_perft_at_once() {
    let f = hostile("hang-filter-loop-200x200.yaml");
    let t = Instant::now();
    let out = qipan(&["perft", f.to_str().unwrap(), "--depth", "1"]);
    assert!(t.elapsed() < Duration::from_secs(20), "{:?}", t.elapsed());
    assert_eq!(out.status.code(), Some(1), "{:?}", text(&out));
    let err = text(&out).1;
    assert!(err.contains("hook `filter_move` failed at "), "{err}");
    assert!(err.contains("hang-filter-loop-200x200.yaml:8: the script was stopped after 1000000 operations"), "{err}");
}

// ----- 4. perft reports hook failures -----

#[test]
fn perft_reports_a_failing_hook() {
    let f = hostile("perft-silent-zero-hook-error.yaml");
    let out = qipan(&["perft", f.to_str().unwrap(), "--depth", "3"]);
    assert_eq!(out.status.code(), Some(1), "{:?}", text(&out));
    let (stdout, stderr) = text(&out);
    assert!(stdout.is_empty(), "no count: {stdout}");
    assert!(
        stderr.contains("hook `after_move` failed at ")
            && stderr.contains("perft-silent-zero-hook-error.yaml:5: function calls nested too deeply (limit 32)"),
        "{stderr}"
    );
    let out = qipan(&["perft", f.to_str().unwrap(), "--depth", "1", "--divide"]);
    assert_eq!(out.status.code(), Some(1), "{:?}", text(&out));
    let game = load(&f);
    assert_eq!(try_perft(&game.start(), 1).unwrap(), game.start().legal_moves().len() as u64);
    assert_eq!(try_perft(&game.start(), 2).unwrap_err().hook, "after_move");
}

#[test]
fn a_failing_filter_is_an_error_of_move_generation() {
    let def = "extends: go\nhooks:\n  filter_move: 'if mv.to == \"C3\" { throw \"broken\" } else { true }'\n";
    let game = qipan::load_str("broken.yaml", def, &[("size".into(), "5".into())]).unwrap();
    let err = game.start().try_legal_moves().unwrap_err();
    assert_eq!((err.hook.as_str(), err.line, err.message.as_str()), ("filter_move", 3, "broken"));
    assert!(try_perft(&game.start(), 1).is_err());
    // Playouts and agents report it rather than play around it.
    let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
    assert!(random_playout(&mut game.start(), &mut rng, &mut PlayoutBuf::default(), 100).is_err());
    let sim = qipan::simulate::Simulation::new(game.clone(), 1).with_threads(1);
    assert!(sim.play(0).is_err());
}

// ----- 5. counters and reserves saturate -----

#[test]
fn reserves_saturate() {
    let f = hostile("reserve-overflow.yaml");
    let out = qipan_with_input(&["play", f.to_str().unwrap()], "c1-c2\nquit\n");
    let all = format!("{}{}", text(&out).0, text(&out).1);
    assert!(all.contains("reserve0=65535"), "{all}");
    assert!(!all.contains("reserve0=0"), "{all}");
    assert_ne!(out.status.code(), Some(101));
    // Taking more than there is leaves none.
    let def = "extends: go\nhooks:\n  after_move: 'add_reserve(0, \"stone\", -9223372036854775807)'\n";
    let game = qipan::load_str("take.yaml", def, &[("size".into(), "5".into())]).unwrap();
    let mut pos = game.start();
    pos.set_reserve(0, 0, 3);
    pos.play(&parse_move(&pos, "C3").unwrap()).unwrap();
    assert_eq!(pos.reserve(0, 0), 0);
}

// ----- 6. perft allocates per ply reached -----

#[test]
fn perft_depth_is_bounded_and_costs_only_what_is_reached() {
    let out = qipan(&["perft", "go", "--set", "size=2", "--depth", "4294967295"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).1.contains("4294967295 is not in 0..=1000"), "{:?}", text(&out));
    let out = qipan(&["perft", "go", "--set", "size=2", "--set", "move_cap=2", "--depth", "1000"]);
    assert_eq!(out.status.code(), Some(0), "{:?}", text(&out));
    assert!(text(&out).0.starts_with("perft(1000) = 0 "), "{:?}", text(&out));
    let go = qipan::load("go", &[("size".into(), "2".into()), ("move_cap".into(), "2".into())]).unwrap();
    assert_eq!(try_perft(&go.start(), u32::MAX).unwrap(), 0);
    assert_eq!(try_perft(&go.start(), 2).unwrap(), 4 * 4 + 5);
}

// ----- 7. move text -----

#[test]
fn long_move_text_is_refused_at_once() {
    let f = hostile("hang-move-text-200k.yaml");
    let t = Instant::now();
    let out = qipan(&["replay", f.to_str().unwrap()]);
    assert!(t.elapsed() < Duration::from_secs(10));
    assert_eq!(out.status.code(), Some(2), "{:?}", text(&out).1.len());
    let (stdout, stderr) = text(&out);
    assert!(format!("{stdout}{stderr}").contains("a move's text is 200000 characters, more than the limit 1000"));
    let pos = qipan::load("chess", &[]).unwrap().start();
    assert_eq!(parse_move(&pos, &"E".repeat(50_000)), Err(NotationError::TooLong { chars: 50_000, limit: 1000 }));
    // Text within the limit is read in time linear in its length, whatever its shape.
    let t = Instant::now();
    for shape in ["e2-", "x", "e2e4", "a"] {
        let s: String = shape.repeat(1000 / shape.len());
        assert!(parse_move(&pos, &s[..s.len().min(1000)]).is_err());
    }
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    let out = qipan_with_input(&["gtp", "go"], &format!("play b {}\nquit\n", "E".repeat(200_000)));
    assert!(text(&out).0.starts_with("? "), "{:?}", &text(&out).0[..text(&out).0.len().min(200)]);
}

// ----- 8. messages said once -----

#[test]
fn illegal_moves_say_their_reason_once() {
    let out = qipan(&["show", "go", "--moves", "E5 E5"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out).1, "error: move 2 `E5`: illegal move: the node is occupied\n");
    let out = qipan(&["show", "chess", "--moves", "e2-e5"]);
    assert_eq!(text(&out).1, "error: move 1 `e2-e5`: illegal move: no rule of this piece allows that move\n");
    let go = qipan::load("go", &[]).unwrap();
    let mut pos = go.start();
    pos.play(&parse_move(&pos, "E5").unwrap()).unwrap();
    let err = pos.play(&parse_move(&pos, "E5").unwrap()).unwrap_err();
    assert!(matches!(err, PlayError::Illegal(_)));
    assert!(std::error::Error::source(&err).is_none());
    assert_eq!(format!("{:#}", anyhow::Error::from(err)), "illegal move: the node is occupied");
}
