//! Hostile nesting, nested counts and hooks: clean errors from `qipan check`, never a stack overflow or a hang, and
//! whatever `check` accepts also runs (on simulate's worker threads too). The hostile files are read in place from
//! `../shared/data/hostile/`.

use qipan::dsl::MAX_NESTING;
use qipan::simulate::Simulation;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn hostile(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/hostile").join(name)
}

fn qipan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qipan")).args(args).output().expect("qipan runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs `qipan ARGS` and expects a clean failure (exit 1) within a few seconds whose message contains `what`.
fn fails_with(args: &[&str], what: &str) {
    let start = Instant::now();
    let out = qipan(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert!(err.contains(what), "{args:?}: expected `{what}` in\n{err}");
    assert!(start.elapsed() < Duration::from_secs(10), "{args:?} took {:?}", start.elapsed());
}

fn load(src: &str) -> Result<std::sync::Arc<qipan::core::Game>, qipan::dsl::Diagnostics> {
    qipan::dsl::Definition::read("deep.yaml", src, &qipan::Resolver)?.compile(&[]).map(std::sync::Arc::new)
}

/// The first error of a definition that must not load: `line:column: message`.
fn first_error(src: &str) -> String {
    let d = load(src).expect_err("refused");
    format!("{}:{}: {}", d.0[0].loc.line, d.0[0].loc.column, d.0[0].message)
}

#[test]
fn check_refuses_each_deeply_nested_hostile_file_where_the_limit_is_crossed() {
    for (file, at) in [
        ("stack-overflow-optexpr-paren2000.yaml", "4:79"),
        ("stack-overflow-optexpr-if2000.yaml", "4:847"),
        ("stack-overflow-optexpr-not20000.yaml", "4:271"),
        ("stack-overflow-movecond-paren5000.yaml", "5:86"),
        ("stack-overflow-count-nest2000.yaml", "5:420"),
        ("stack-overflow-if-entry2000.yaml", "6:102"),
        ("stack-overflow-simulate-worker-not20000.yaml", "5:278"),
    ] {
        let path = hostile(file);
        let path = path.to_str().unwrap();
        fails_with(&["check", path], &format!("{path}:{at}: nesting deeper than {MAX_NESTING}"));
    }
    // The file simulate's workers once overflowed on is refused before any game starts.
    let path = hostile("stack-overflow-simulate-worker-not20000.yaml");
    let path = path.to_str().unwrap();
    fails_with(
        &["simulate", path, "--set", "size=5", "--games", "4", "--threads", "2"],
        &format!("{path}:5:278: nesting deeper than {MAX_NESTING}"),
    );
}

/// `n` levels of each kind of nesting, in each place the language is written, with where level `n` opens when it
/// is a bracket (the level the limit refuses).
fn nested(n: usize) -> Vec<(&'static str, String, Option<String>)> {
    let parens = |inner: &str| format!("{}{inner}{}", "(".repeat(n), ")".repeat(n));
    // `n` `not`s before a word that makes them mean `true` or `empty`.
    let nots = |even: &str, odd: &str| format!("{}{}", "not ".repeat(n), if n.is_multiple_of(2) { even } else { odd });
    let ifs = format!("{}60{}", "if true then ".repeat(n), " else 1".repeat(n));
    let opt = |e: &str| format!("extends: go\nend:\n  max_plies: \"{e}\"\n");
    let moves = |m: &str| format!("extends: go\npieces:\n  stone:\n    moves: \"{m}\"\n");
    let entry = |e: &str| {
        format!("extends: go\npieces:\n  stone:\n    moves:\n      - {{ move: place to empty, if: \"{e}\" }}\n")
    };
    // `count(` opens the first level.
    let count = format!("count({}empty{}) > 0", "(".repeat(n - 1), ")".repeat(n - 1));
    vec![
        ("option brackets", opt(&parens("60")), Some(format!("3:{}", 15 + n - 1))),
        ("option if", opt(&ifs), None),
        ("move brackets", moves(&format!("place to {}", parens("empty"))), Some(format!("4:{}", 22 + n - 1))),
        ("move not", moves(&format!("place to {}", nots("empty", "any"))), None),
        ("count brackets", moves(&format!("place to empty if {count}")), Some(format!("4:{}", 36 + n - 1))),
        ("if entry brackets", entry(&parens("true")), Some(format!("5:{}", 38 + n - 1))),
        ("if entry not", entry(&nots("true", "false")), None),
    ]
}

#[test]
fn nesting_at_the_limit_loads_and_plays_one_more_level_is_refused() {
    for (what, src, _) in nested(MAX_NESTING) {
        let game = load(&src).unwrap_or_else(|e| panic!("{what}: {e}"));
        // Every empty point may take a stone (the tests are true there), and the ply limit is the 60 written.
        assert_eq!(game.start().legal_moves().len(), 361 + 1, "{what}");
        if what.starts_with("option") {
            assert_eq!(game.rules.end.max_plies, Some(60), "{what}");
        }
    }
    for (what, src, at) in nested(MAX_NESTING + 1) {
        let err = first_error(&src);
        assert!(err.ends_with(&format!(": nesting deeper than {MAX_NESTING}")), "{what}: {err}");
        if let Some(at) = at {
            assert!(err.starts_with(&format!("{at}:")), "{what}: {err}, expected at {at}");
        }
    }
}

/// A definition at the nesting limit in its movement rule, its option expressions and its hook, played on simulate's
/// worker threads: the hook needs more stack than a thread gets by default (about 3 MiB), and the workers have it.
#[test]
fn simulate_workers_play_a_definition_at_the_nesting_limit() {
    // 63 `not`s before `any`: the stones go to empty points. The hook nests calls of `abs` as deeply as Rhai allows,
    // in a function calling itself as deeply as the call limit allows.
    let nots = "not ".repeat(MAX_NESTING - 1);
    let ifs = format!("{}30{}", "if true then ".repeat(MAX_NESTING), " else 1".repeat(MAX_NESTING));
    let calls = 28;
    let src = format!(
        "extends: go\nend:\n  max_plies: \"{ifs}\"\npieces:\n  stone:\n    moves: \"place to {nots}any\"\nhooks:\n  after_move: |\n    fn f(n) {{ if n <= 0 {{ return 0; }} {}f(n - 1){} }}\n    f(31)\n",
        "abs(".repeat(calls),
        ")".repeat(calls)
    );
    let def = qipan::dsl::Definition::read("deep.yaml", &src, &qipan::Resolver).unwrap();
    assert_eq!(def.validate().map_err(|e| e.to_string()), Ok(vec![]), "check accepts it");
    let game = load(&src).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.rules.end.max_plies, Some(30));
    let sim = Simulation::new(game, 4).with_seed(5).with_threads(2);
    let records = sim.run(&|_| {}).expect("every game plays");
    assert_eq!(records.len(), 4);
    let plies: Vec<u32> = records.iter().map(|r| r.plies).collect();
    assert!(plies.iter().all(|&p| p > 0 && p <= 30), "{plies:?}");
    // One more nested call is refused when the definition is compiled.
    let deeper = src.replace("abs(f(n - 1)", "abs(abs(f(n - 1))");
    assert!(first_error(&deeper).ends_with(&format!("hook `after_move`: nesting deeper than {MAX_NESTING}")));
}

#[test]
fn a_count_inside_a_count_is_refused_with_a_suggestion() {
    let path = hostile("hang-nested-count-4.yaml");
    let path = path.to_str().unwrap();
    let what = format!("{path}:5:37: a `count` cannot be inside another `count`");
    fails_with(&["perft", path, "--depth", "1"], &what);
    fails_with(&["check", path], "put it beside the other one, as in `count(enemy) > 0 and count(friend) < 4`");
    let src =
        "extends: go\npieces:\n  stone:\n    moves: place to empty if count(empty and not count(friend) > 3) > 0\n";
    assert_eq!(first_error(src), "4:50: a `count` cannot be inside another `count`");
    // Beside each other, counts are fine.
    let src =
        "extends: go\npieces:\n  stone:\n    moves: place to empty if count(empty) > 0 and not count(friend) > 3\n";
    assert!(load(src).is_ok());
}

/// A score hook of `n` `let` statements, each on its own line.
fn lets(n: usize) -> String {
    let mut src = String::from("extends: go\nhooks:\n  score: |\n");
    for i in 0..n {
        src.push_str(&format!("    let x{i} = {i};\n"));
    }
    src.push_str("    ()\n");
    src
}

#[test]
fn hook_compilation_is_bounded_a_huge_hook_is_refused_at_once() {
    let start = Instant::now();
    let err = first_error(&lets(200_000));
    assert!(err.starts_with("4:1: hook `score`: the hook is 4177783 bytes long"), "{err}");
    assert!(err.contains(&format!("more than the limit of {}", qipan::dsl::hooks::MAX_HOOK_BYTES)), "{err}");
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    // The most `let`s that fit under the limit (each of 16 to 20 bytes) compile quickly even in a debug build.
    let n = qipan::dsl::hooks::MAX_HOOK_BYTES / 20;
    let start = Instant::now();
    let game = load(&lets(n)).expect("compiles");
    assert!(game.hooks.is_some());
    assert!(start.elapsed() < Duration::from_secs(5), "{n} lets: {:?}", start.elapsed());
}

#[test]
fn deep_hook_nesting_is_a_clean_error_with_the_same_limit() {
    let deep = 2000;
    for (what, code) in [
        ("brackets", format!("{}1{}", "(".repeat(deep), ")".repeat(deep))),
        ("not", format!("{}true", "!".repeat(deep))),
        ("arrays", format!("{}{}", "[".repeat(deep), "]".repeat(deep))),
        ("blocks", format!("{}1{}", "{".repeat(deep), "}".repeat(deep))),
        ("ifs", format!("{}1{}", "if true { ".repeat(deep), " }".repeat(deep))),
        ("calls", format!("{}1{}", "abs(".repeat(deep), ")".repeat(deep))),
    ] {
        let src = format!("extends: go\nhooks:\n  score: |\n    let a = 1;\n    {code}\n");
        let err = first_error(&src);
        assert!(err.starts_with("5:"), "{what}: {err}");
        assert!(err.ends_with(&format!("hook `score`: nesting deeper than {MAX_NESTING}")), "{what}: {err}");
    }
    assert_eq!(qipan::dsl::hooks::HookLimits::default().max_expr_depth, MAX_NESTING);
}

#[test]
fn check_runs_each_hook_on_the_start_position() {
    let dir = std::env::temp_dir().join(format!("qipan-hooks-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (point, code, at, what) in [
        ("score", "let s = \"ab\";\n    mid(s, 1)", "5:1", "Function not found: mid"),
        ("after_move", "let n = mv.to;\n    remvoe(n)", "5:1", "Function not found: remvoe"),
        ("filter_move", "let n = mv.to;\n    pos.at(n).seat == 0", "5:1", "seat"),
        ("game_over", "\n    if pos.ply == 0 { pos.nope() }", "5:1", "nope"),
        ("on_capture", "let a = 1;\n    place(node, owner, 7)", "5:1", "place"),
        ("on_elimination", "let a = 1;\n    set_counter(\"none\", 1)", "5:1", "no counter `none`"),
    ] {
        let path = dir.join(format!("{point}.yaml"));
        std::fs::write(&path, format!("extends: go\nhooks:\n  {point}: |\n    {code}\n")).unwrap();
        let path = path.to_str().unwrap();
        let prefix = format!("{path}:{at}: hook `{point}` fails on the start position: ");
        fails_with(&["check", path], &prefix);
        fails_with(&["check", path], what);
        // With options set, `check` compiles the game as given and runs the hooks the same way.
        fails_with(&["check", path, "--set", "size=9"], &prefix);
    }
    // Hooks that work on the start position pass, in every shipped game.
    let ok = dir.join("ok.yaml");
    std::fs::write(&ok, "extends: go\nhooks:\n  after_move: |\n    if mv.to == \"\" { remove(\"A1\") }\n").unwrap();
    let out = qipan(&["check", ok.to_str().unwrap(), "leader-cannon", "seven-kingdoms", "he-qi"]);
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_long_flat_rule_compiles_in_linear_time() {
    // 50,000 alternatives (450 KB): 19 s when every part's position was counted from the start of the text.
    let rule = format!("place to empty{}", " or empty".repeat(50_000));
    let start = Instant::now();
    let game = load(&format!("extends: go\npieces:\n  stone:\n    moves: \"{rule}\"\n")).expect("compiles");
    assert_eq!(game.start().legal_moves().len(), 362);
    assert!(start.elapsed() < Duration::from_secs(5), "{:?}", start.elapsed());
    // Errors still count characters, after text that is not ASCII.
    let go = qipan::load("go", &[]).unwrap();
    let names = qipan::dsl::lang::Names { board: &go.board, pieces: &[], zone_aliases: &[], seats: &[] };
    let err = qipan::dsl::lang::compile_condition("empty # ü\nor emtpy", &names).unwrap_err();
    assert_eq!((err.offset, err.message.as_str()), (13, "unknown condition `emtpy`"));
}
