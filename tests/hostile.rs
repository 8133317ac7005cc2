//! Every input that once crashed, hung, exhausted memory, leaked a file or lost work, run as
//! `../shared/data/hostile/README.md` says: each must end in bounded time and memory with the exit code it should
//! have (1 or 2 for an error, 0 for a valid input) and a message that names the problem. A new file in that folder
//! without a case here fails `every_hostile_file_has_a_case`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

mod common;

fn hostile(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/hostile").join(name)
}

/// How one run of `qipan` must end.
struct Expect {
    code: i32,
    /// Each must appear in the standard output or error.
    says: &'static [&'static str],
    /// None may appear (file contents, garbled or repeated messages).
    never: &'static [&'static str],
    /// The most the run may take (the slowest cases run a few seconds here; the bound is for a loaded CI machine).
    within: Duration,
}

const QUICK: Duration = Duration::from_secs(20);

fn fails(says: &'static [&'static str]) -> Expect {
    Expect { code: 1, says, never: &[], within: QUICK }
}

fn usage(says: &'static [&'static str]) -> Expect {
    Expect { code: 2, says, never: &[], within: QUICK }
}

fn succeeds(says: &'static [&'static str]) -> Expect {
    Expect { code: 0, says, never: &[], within: QUICK }
}

/// The most memory (address space) a run may take.
const MEMORY_KIB: u64 = 4 << 20;

/// Runs `qipan ARGS` in `dir` with `stdin`, under a memory limit, and checks how it ends; returns its output.
fn run_in(dir: &Path, args: &[&str], stdin: &[u8], expect: Expect) -> String {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_qipan"))
        .args(args)
        .current_dir(dir)
        .env("QIPAN_LIBRARY", dir.join("no-library"));
    let output = common::output_within(command, stdin, expect.within);
    let (status, stdout, stderr) = (output.status, output.stdout, output.stderr);
    let text = format!("{}{}", String::from_utf8_lossy(&stdout), String::from_utf8_lossy(&stderr));
    let shown = || text.chars().take(2000).collect::<String>();
    assert_eq!(status.code(), Some(expect.code), "qipan {args:?} ended with {status}:\n{}", shown());
    for s in expect.says {
        assert!(text.contains(s), "qipan {args:?} does not say `{s}`:\n{}", shown());
    }
    for s in expect.never {
        assert!(!text.contains(s), "qipan {args:?} says `{s}`:\n{}", shown());
    }
    assert!(!text.contains("panicked") && !text.contains("overflowed"), "qipan {args:?}:\n{}", shown());
    text
}

fn run(args: &[&str], expect: Expect) -> String {
    run_in(&std::env::temp_dir(), args, b"", expect)
}

fn path(name: &str) -> String {
    hostile(name).display().to_string()
}

/// The names of the hostile files each case below runs.
const COVERED: &[&str] = &[
    "base.yaml",
    "extends-environ-disclosure.yaml",
    "extends-fifo-hang.yaml",
    "gtp-loadsgf-oom.sgf",
    "gtp-loadsgf-panic-groups244.sgf",
    "gtp-loadsgf-panic-groups347.sgf",
    "hang-filter-loop-200x200.yaml",
    "hang-move-text-200k.yaml",
    "hang-nested-count-4.yaml",
    "km-huge.sgf",
    "km-nan.sgf",
    "long-game-300k.yaml",
    "perft-silent-zero-hook-error.yaml",
    "record-discloses-file.yaml",
    "record-fifo-hang.yaml",
    "reserve-overflow.yaml",
    "slow-walkers-check-rule.yaml",
    "stack-overflow-count-nest2000.yaml",
    "stack-overflow-if-entry2000.yaml",
    "stack-overflow-movecond-paren5000.yaml",
    "stack-overflow-optexpr-if2000.yaml",
    "stack-overflow-optexpr-not20000.yaml",
    "stack-overflow-optexpr-paren2000.yaml",
    "stack-overflow-simulate-worker-not20000.yaml",
    "stuck-lose-2seats.yaml",
    "yaml-budget-garbled-message.yaml",
];

#[test]
fn every_hostile_file_has_a_case() {
    let dir = hostile("");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n != "README.md")
        .collect();
    names.sort();
    assert_eq!(names, COVERED, "a hostile file without a case (or a case without its file)");
}

#[test]
fn deep_nesting_is_a_parse_error_not_a_stack_overflow() {
    for name in [
        "stack-overflow-optexpr-paren2000.yaml",
        "stack-overflow-optexpr-if2000.yaml",
        "stack-overflow-optexpr-not20000.yaml",
        "stack-overflow-movecond-paren5000.yaml",
        "stack-overflow-count-nest2000.yaml",
        "stack-overflow-if-entry2000.yaml",
    ] {
        let out = run(&["check", &path(name)], fails(&["nesting deeper than"]));
        assert!(out.contains(&format!("{name}:")), "the error names the file: {out}");
    }
    run(
        &[
            "simulate",
            &path("stack-overflow-simulate-worker-not20000.yaml"),
            "--set",
            "size=5",
            "--games",
            "4",
            "--threads",
            "2",
        ],
        fails(&["nesting deeper than"]),
    );
}

#[test]
fn stuck_lose_ends_the_game_when_the_board_fills() {
    let file = path("stuck-lose-2seats.yaml");
    // Three cells, placements only: 3 · 2 · 1 sequences fill the board, and then the side to move is stuck and
    // loses, so there is no fourth ply.
    run(&["perft", &file, "--depth", "3"], succeeds(&["perft(3) = 6"]));
    run(&["perft", &file, "--depth", "4"], succeeds(&["perft(4) = 0"]));
    run(&["bench", &file, "--seconds", "0.5"], succeeds(&["playouts"]));
    run(&["show", &file, "--moves", "a1 b1 c1"], succeeds(&[]));
}

#[test]
fn gtp_loadsgf_refuses_what_it_cannot_replay_and_goes_on() {
    for name in ["gtp-loadsgf-panic-groups244.sgf", "gtp-loadsgf-panic-groups347.sgf", "gtp-loadsgf-oom.sgf"] {
        let script = format!("loadsgf {}\nname\nquit\n", path(name));
        let out = run_in(&std::env::temp_dir(), &["gtp", "go"], script.as_bytes(), succeeds(&["= qipan"]));
        assert!(out.starts_with("? "), "{name}: {out}");
    }
}

#[test]
fn gtp_survives_long_lines_and_bytes_that_are_not_utf8() {
    let mut script = vec![b'x'; 3 << 20];
    script.extend_from_slice(b"\n\xff\nname\nquit\n");
    let out = run_in(&std::env::temp_dir(), &["gtp", "go"], &script, succeeds(&["= qipan"]));
    assert_eq!(out.matches("? ").count(), 2, "{out}");
}

#[test]
fn nested_count_is_refused_or_bounded() {
    run(&["perft", &path("hang-nested-count-4.yaml"), "--depth", "1"], fails(&["count"]));
}

#[test]
fn a_huge_move_is_refused_quickly() {
    // A refused move of a record ends `replay` with exit code 2, the move quoted in a few characters.
    let out = run(
        &["replay", &path("hang-move-text-200k.yaml")],
        Expect { code: 2, ..fails(&["200000 characters, more than the limit"]) },
    );
    assert!(out.len() < 1000, "the move is not quoted whole: {} bytes", out.len());
}

#[test]
fn a_300000_move_record_reads_back() {
    let dir = tempdir("long-game");
    let game = path("long-game-300k.yaml");
    let long = Expect { within: Duration::from_secs(120), ..succeeds(&["wrote r.yaml"]) };
    run_in(&dir, &["play", &game, "--ai", "all", "--record", "r.yaml"], b"", long);
    let long = Expect { within: Duration::from_secs(60), ..succeeds(&["300000"]) };
    run_in(&dir, &["replay", "r.yaml"], b"", long);
}

#[test]
fn play_keeps_the_game_when_a_file_cannot_be_written() {
    let dir = tempdir("play-save");
    let out = run_in(
        &dir,
        &["play", "go", "--set", "size=9", "--record", "r.yaml"],
        b"e5\nsave /no/such/dir/x.yaml\nsvg /no/dir/a.svg\nd4\nquit\n",
        succeeds(&["cannot write /no/such/dir/x.yaml: ", "cannot write /no/dir/a.svg: ", "wrote r.yaml"]),
    );
    assert!(out.contains("(ply 3)"), "the game went on after the failed writes: {out}");
    let record = std::fs::read_to_string(dir.join("r.yaml")).expect("the record was written");
    assert!(record.contains("\"E5\"") && record.contains("\"D4\""), "{record}");
    // A record that cannot be written is refused before the game starts.
    run_in(&dir, &["play", "go", "--record", "/no/dir/r.yaml"], b"e5\n", fails(&["cannot write /no/dir/r.yaml"]));
}

#[test]
fn numbers_out_of_range_are_refused() {
    for seconds in ["inf", "1e300", "nan", "0"] {
        run(&["bench", "go", "--seconds", seconds], usage(&["--seconds"]));
    }
    run(&["perft", "go", "--set", "size=2", "--depth", "4294967295"], usage(&["--depth"]));
    run(&["simulate", "go", "--set", "size=3", "--games", "2", "--threads", "100000"], fails(&["threads"]));
    run(&["simulate", "go", "--set", "size=3", "--games", "18446744073709551615"], fails(&["games"]));
}

#[test]
fn a_failing_hook_fails_perft() {
    run(&["perft", &path("perft-silent-zero-hook-error.yaml"), "--depth", "3"], fails(&["hook"]));
}

#[test]
fn reserves_do_not_wrap() {
    let out = run_in(&std::env::temp_dir(), &["play", &path("reserve-overflow.yaml")], b"c1-c2\nquit\n", succeeds(&[]));
    assert!(!out.contains("reserve0=0"), "{out}");
}

#[test]
fn an_endless_filter_is_stopped_by_the_budget() {
    run(&["perft", &path("hang-filter-loop-200x200.yaml"), "--depth", "1"], fails(&["filter_move"]));
}

#[test]
fn a_huge_hook_body_is_compiled_or_refused_quickly() {
    let dir = tempdir("huge-hook");
    let body: String = (0..200_000).map(|i| format!("let v{i} = {i}; ")).collect();
    let text = format!("extends: go\nname: huge\nhooks:\n  game_over: \"{body} ()\"\n");
    std::fs::write(dir.join("huge.yaml"), text).expect("write");
    let out = run_in(&dir, &["check", "huge.yaml"], b"", Expect { code: 1, says: &[], never: &[], within: QUICK });
    assert!(out.contains("huge.yaml"), "{out}");
}

/// One move generation used to take 30 s here: each candidate move's check test ran every enemy walk again
/// for each of the 100 protected pieces. Now reversed attacks are tried first, walks run once per board
/// tried, and attacks by walks found in the position refuse the moves that leave them standing.
#[test]
fn many_walkers_under_a_check_rule_generate_quickly() {
    let quick = Expect { within: Duration::from_secs(10), ..succeeds(&["perft(2) = 1 "]) };
    run(&["perft", &path("slow-walkers-check-rule.yaml"), "--depth", "2"], quick);
}

#[test]
fn fifos_are_refused_before_opening() {
    let dir = tempdir("fifo");
    for name in ["extends-fifo-hang.yaml", "record-fifo-hang.yaml"] {
        std::fs::copy(hostile(name), dir.join(name)).expect("copy to a scratch folder");
    }
    let made = Command::new("mkfifo").arg(dir.join("fifo.yaml")).status().expect("mkfifo runs");
    assert!(made.success());
    run_in(&dir, &["check", "extends-fifo-hang.yaml"], b"", fails(&["fifo.yaml", "not a regular file"]));
    run_in(&dir, &["replay", "record-fifo-hang.yaml"], b"", fails(&["fifo.yaml", "not a regular file"]));
}

#[test]
fn files_that_are_not_definitions_are_not_quoted() {
    let never = &["root:", "PATH=", "SHELL=", "HOME="];
    run(
        &["replay", &path("record-discloses-file.yaml")],
        Expect { never, ..fails(&["/etc/shadow", "not a qipan definition"]) },
    );
    run(
        &["check", &path("extends-environ-disclosure.yaml")],
        Expect { never, ..fails(&["/proc/self/environ", "not a qipan definition"]) },
    );
}

#[test]
fn komi_must_be_finite() {
    run(&["replay", "go", &path("km-nan.sgf")], fails(&["komi"]));
    run(&["replay", "go", &path("km-huge.sgf")], fails(&["komi"]));
    run(&["show", "go", "--set", "komi=nan"], fails(&["komi"]));
    let out = run_in(&std::env::temp_dir(), &["gtp", "go"], b"komi inf\nkomi nan\nkomi 6.5\nquit\n", succeeds(&[]));
    assert!(out.starts_with("? ") && out.matches("? ").count() == 2, "{out}");
}

#[test]
fn yaml_budget_errors_say_what_was_exceeded() {
    run(
        &["check", &path("yaml-budget-garbled-message.yaml")],
        Expect { never: &["250001 }", "65 }"], ..fails(&["yaml-budget-garbled-message.yaml:"]) },
    );
}

/// A fresh scratch folder.
fn tempdir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qipan-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}
