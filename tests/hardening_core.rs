//! Hostile and careless input against the core runtime: end and stuck handling, perft, hook budgets and
//! failures, counters, move text and messages. The hostile files are read in place from
//! `../shared/data/hostile/` (never copied).

use qipan::core::hooks::HookBudget;
use qipan::core::notation::{NotationError, parse_move};
use qipan::core::playout::{PlayoutBuf, perft, random_playout, try_perft};
use qipan::core::{EndReason, Game, MoveBuf, PieceId, PlayError, SeatId};
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
/// is 3, 6, 6; then b is stuck and out, a (the last-side rule turned off) is stuck and out too, and the
/// game is over: no sequence of 4 plies.
#[test]
fn stuck_lose_ends_when_the_board_fills() {
    let src = std::fs::read_to_string(hostile("stuck-lose-2seats.yaml")).unwrap() + "end: { last_standing: false }\n";
    let game = qipan::load_str("stuck.yaml", &src, &[]).unwrap();
    let counts: Vec<u64> = (1..=5).map(|d| try_perft(&game.start(), d).unwrap()).collect();
    assert_eq!(counts, [3, 6, 6, 0, 0]);
    assert_eq!(perft(&game.start(), 4), 0);
    let mut pos = game.start();
    for t in ["a1", "b1", "c1"] {
        pos.play(&parse_move(&pos, t).unwrap()).unwrap();
    }
    let r = pos.outcome().expect("over");
    assert_eq!((r.winners.as_slice(), &r.reason, r.text.as_str()), (&[][..], &EndReason::NoLegalMove, "0"));
    assert!(!pos.is_alive(SeatId(0)) && !pos.is_alive(SeatId(1)));
    // Random playouts end too, after exactly three plies.
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let mut buf = PlayoutBuf::default();
    for _ in 0..20 {
        let mut p = game.start();
        assert_eq!(random_playout(&mut p, &mut rng, &mut buf, 100).unwrap(), 3);
        assert!(p.is_over());
    }
}

/// With the last-side rule (the default, which the file, without an `end:` section, has), b's being
/// stuck makes a the winner.
#[test]
fn stuck_lose_with_the_last_side_rule_names_the_winner() {
    let game = load(&hostile("stuck-lose-2seats.yaml"));
    let mut pos = game.start();
    for t in ["a1", "b1", "c1"] {
        pos.play(&parse_move(&pos, t).unwrap()).unwrap();
    }
    let r = pos.outcome().expect("over");
    assert_eq!((r.winners.as_slice(), &r.reason), (&[SeatId(0)][..], &EndReason::NoLegalMove));
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
    // b is stuck and out: a, the last side standing, wins.
    assert!(text(&out).0.contains("Game over: 1-0 (no legal move)"), "{:?}", text(&out));
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
    let mut pos = game.start().to_setup().reserve(SeatId(0), PieceId::new(0), 3).into_position().unwrap();
    pos.play(&parse_move(&pos, "C3").unwrap()).unwrap();
    assert_eq!(pos.reserve(SeatId(0), PieceId::new(0)), 0);
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

// ----- check tests with walks (slow-walkers-check-rule.yaml) -----

/// A small game whose protected pieces are attacked by walks: every seat's walkers and kings.
fn walkers_under_check(seed: u64) -> Arc<Game> {
    use rand::seq::SliceRandom;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut squares: Vec<String> =
        (0..8).flat_map(|x| (1..=8).map(move |y| format!("{}{y}", (b'A' + x) as char))).collect();
    squares.shuffle(&mut rng);
    let (black, rest) = squares.split_at(4);
    let white = &rest[..4];
    let def = format!(
        r#"name: walkers-check
board:
  grid: {{ width: 8, height: 8, diagonal: true, checker: [dark, light] }}
seats:
  - {{ name: black, letter: B }}
  - {{ name: white, letter: W }}
pieces:
  king:
    symbols: [K, k]
    moves: step orthogonal
  walker:
    symbols: [X, O]
    moves: walk 1..3 modes (orthogonal | diagonal) reset colour(dark) squeeze blocked
rules:
  check: [king, walker]
end:
  max_plies: 40
setup:
  - {{ seat: black, piece: king, at: [{}] }}
  - {{ seat: black, piece: walker, at: [{}] }}
  - {{ seat: white, piece: king, at: [{}] }}
  - {{ seat: white, piece: walker, at: [{}] }}
"#,
        black[0],
        black[1..].join(", "),
        white[0],
        white[1..].join(", ")
    );
    qipan::load_str("walkers-check.yaml", &def, &[]).unwrap_or_else(|e| panic!("{e}"))
}

/// Legal moves under the check rule, the slow way: play each pseudo-legal move on a copy and ask
/// whether a protected piece of the mover is attacked there, one node at a time.
fn legal_the_slow_way(pos: &qipan::core::Position) -> Vec<qipan::core::Move> {
    let mut buf = MoveBuf::default();
    pos.generate_pseudo(&mut buf);
    let mover = pos.to_move();
    buf.moves
        .iter()
        .copied()
        .filter(|m| {
            let mut after = pos.clone();
            after.play_unchecked(m).expect("no hooks");
            !after.in_check(mover)
        })
        .collect()
}

#[test]
fn check_tests_with_walks_agree_with_testing_every_node_again() {
    // Attacks by walks are found once per position and reused for every move that leaves them
    // standing; a move is refused that way only if playing it and looking again agrees.
    let (mut positions, mut refused) = (0, 0);
    for seed in 0..200 {
        let game = walkers_under_check(seed);
        let mut pos = game.start();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut buf = MoveBuf::default();
        while !pos.is_over() {
            pos.generate_legal(&mut buf);
            // A pass when stuck is the pass rule's, not the check rule's.
            let mut fast: Vec<_> = buf.moves.iter().copied().filter(|m| !m.is_pass()).collect();
            let mut slow = legal_the_slow_way(&pos);
            fast.sort_by_key(|m| format!("{m:?}"));
            slow.sort_by_key(|m| format!("{m:?}"));
            assert_eq!(fast, slow, "seed {seed}, ply {}", pos.ply());
            let legal = buf.moves.clone();
            pos.generate_pseudo(&mut buf);
            refused += buf.moves.len() - fast.len();
            for m in &buf.moves.clone() {
                assert_eq!(pos.pseudo_is_legal(m, &mut buf), fast.contains(m), "seed {seed}: {m:?}");
            }
            buf.moves = legal;
            positions += 1;
            use rand::seq::IndexedRandom;
            let Some(m) = buf.moves.choose(&mut rng).copied() else { break };
            pos.play(&m).expect("a legal move plays");
        }
    }
    assert!(positions > 800 && refused > 40_000, "{positions} positions, {refused} moves refused");
}

#[test]
fn a_hundred_protected_pieces_attacked_only_by_walks_generate_quickly() {
    // slow-walkers-check-rule.yaml with its walkers' slides and hops taken out: every attack is a walk's,
    // run forwards (this took 38 s for one move generation before attacks by walks were kept).
    let text = std::fs::read_to_string(hostile("slow-walkers-check-rule.yaml")).expect("readable");
    let walks_only: String =
        text.lines().filter(|l| !l.contains("- slide ") && !l.contains("- hop ")).map(|l| format!("{l}\n")).collect();
    assert_eq!(walks_only.lines().count() + 2, text.lines().count(), "two rules taken out");
    let game = qipan::load_str("walks-only.yaml", &walks_only, &[]).unwrap_or_else(|e| panic!("{e}"));
    let started = Instant::now();
    assert_eq!(perft(&game.start(), 2), 1);
    assert!(started.elapsed() < Duration::from_secs(10), "{:?}", started.elapsed());
}

#[test]
fn a_move_that_blocks_a_walk_is_not_refused_by_the_attack_it_blocked() {
    // White's walker on A1 attacks Black's king on C3 through B2 only; Black may block it by standing on
    // B2 (from A3 or C2), or by closing the squeeze between A2 and B1 (walks may not squeeze between two
    // pieces).
    let def = r#"name: blocked-walk
board:
  grid: { width: 5, height: 5, diagonal: true }
seats:
  - { name: black, letter: B }
  - { name: white, letter: W }
pieces:
  king: { symbols: [K, k], moves: step orthogonal }
  walker: { symbols: [X, O], moves: walk 1..2 by diagonal squeeze blocked }
  stone: { symbols: [S, s], moves: step orthogonal to empty }
rules:
  check: [king]
setup:
  - { seat: black, piece: king, at: [C3] }
  - { seat: black, piece: walker, at: [A2, A3] }
  - { seat: black, piece: stone, at: [C1, C2] }
  - { seat: white, piece: king, at: [E5] }
  - { seat: white, piece: walker, at: [A1] }
"#;
    let game = qipan::load_str("blocked-walk.yaml", def, &[]).unwrap_or_else(|e| panic!("{e}"));
    let pos = game.start();
    assert!(pos.in_check(SeatId(0)), "the walk A1-B2-C3 attacks the king");
    let mut legal: Vec<String> = pos.legal_moves().iter().map(|m| qipan::core::notation::move_text(&game, m)).collect();
    legal.sort();
    let mut slow: Vec<String> =
        legal_the_slow_way(&pos).iter().map(|m| qipan::core::notation::move_text(&game, m)).collect();
    slow.sort();
    assert_eq!(legal, slow);
    for blocks in ["A3-B2", "C2-B2", "C1-B1"] {
        assert!(legal.iter().any(|m| m == blocks), "{blocks} blocks the walk: {legal:?}");
    }
    assert!(!legal.iter().any(|m| m == "C1-D1"), "leaves the king attacked: {legal:?}");
}
