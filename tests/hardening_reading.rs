//! Hostile and careless input, part two: reading files, diagnostics, options. The hostile files are read in
//! place from `../shared/data/hostile/` (never copied into the repository).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

mod common;

fn hostile(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/hostile").join(name)
}

/// Runs `qipan` with `input` on standard input; a run that does not end within 20 s is killed and fails.
fn qipan_in(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_qipan"));
    command.args(args).current_dir(dir);
    common::output_within(command, input.as_bytes(), Duration::from_secs(20))
}

fn qipan(args: &[&str]) -> Output {
    qipan_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, "")
}

/// Exit code and standard error; a panic (101) or an abort is a failure of the test.
fn refused(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{err}");
    err
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qipan-hardening-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_base_that_is_no_definition_is_refused_without_quoting_it() {
    let path = hostile("extends-environ-disclosure.yaml");
    let err = refused(&qipan(&["check", path.to_str().unwrap()]));
    assert!(err.contains("the base `/proc/self/environ` is not a qipan definition"), "{err}");
    // Not a word of the environment: only the extending file's own line is shown.
    for (key, value) in std::env::vars().filter(|(_, v)| v.len() > 3) {
        assert!(!err.contains(&format!("{key}={value}")), "{err}");
    }
}

#[test]
fn a_record_naming_no_definition_is_refused_without_quoting_it() {
    let path = hostile("record-discloses-file.yaml");
    let err = refused(&qipan(&["replay", path.to_str().unwrap()]));
    assert!(err.contains("/etc/shadow") && err.contains("not a qipan definition"), "{err}");
    assert!(!err.contains("root"), "{err}");
    // The same holds for any text that is not a definition, and a broken definition keeps its diagnostic.
    let e = qipan::load_str("secret.txt", "password: hunter2\ntoken: 1234\n", &[]).unwrap_err().to_string();
    assert!(e.contains("not a qipan definition") && !e.contains("hunter2"), "{e}");
    let e = qipan::load_str("t.yaml", "name: t\npieces: { a: [\n", &[]).unwrap_err();
    assert!(!e.0[0].message.contains("not a qipan definition"), "{e}");
}

/// A FIFO named by `extends:`, by a record or on the command line is refused before it is opened (opening one
/// blocks until someone writes to it); so are directories and devices.
#[cfg(unix)]
#[test]
fn fifos_directories_and_devices_are_refused_before_opening() {
    let dir = temp_dir("fifo");
    let made = Command::new("mkfifo").arg(dir.join("fifo.yaml")).status().expect("mkfifo runs");
    assert!(made.success());
    for name in ["extends-fifo-hang.yaml", "record-fifo-hang.yaml"] {
        std::fs::copy(hostile(name), dir.join(name)).unwrap();
    }
    let err = refused(&qipan_in(&dir, &["check", "extends-fifo-hang.yaml"], ""));
    assert!(err.contains("cannot read `fifo.yaml`: it is a FIFO, not a regular file"), "{err}");
    let err = refused(&qipan_in(&dir, &["replay", "record-fifo-hang.yaml"], ""));
    assert!(err.contains("it is a FIFO, not a regular file"), "{err}");
    let err = refused(&qipan_in(&dir, &["replay", "fifo.yaml"], ""));
    assert!(err.contains("cannot read `fifo.yaml`: it is a FIFO"), "{err}");
    let err = refused(&qipan_in(&dir, &["replay", "go", "fifo.yaml"], ""));
    assert!(err.contains("cannot read `fifo.yaml`: it is a FIFO"), "{err}");
    let err = refused(&qipan_in(&dir, &["check", "fifo.yaml"], ""));
    assert!(err.contains("it is a FIFO"), "{err}");
    let err = refused(&qipan_in(&dir, &["import", "fifo.yaml"], ""));
    assert!(err.contains("it is a FIFO"), "{err}");
    let err = refused(&qipan_in(&dir, &["check", "."], ""));
    assert!(err.contains("it is a directory"), "{err}");
    let err = refused(&qipan(&["check", "/dev/null"]));
    assert!(err.contains("it is a device"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn os_errors_name_the_file() {
    let e = qipan::read_bytes(Path::new("no/such/record.qipan"), 100).unwrap_err().to_string();
    assert!(e.starts_with("cannot read `no/such/record.qipan`: "), "{e}");
    let text = "extends: no/such/base.yaml\n";
    let e = qipan::load_str("child.yaml", text, &[]).unwrap_err().to_string();
    assert!(e.contains("cannot read `no/such/base.yaml`"), "{e}");
    let err = refused(&qipan(&["import", "no/such/game.yaml"]));
    assert!(err.contains("no/such/game.yaml"), "{err}");
}

#[test]
fn yaml_limits_are_named_with_their_number() {
    let path = hostile("yaml-budget-garbled-message.yaml");
    let err = refused(&qipan(&["check", path.to_str().unwrap()]));
    assert!(
        err.contains(":6:14: the YAML expands to more than 250000 values (an alias counts each time it is used)"),
        "{err}"
    );
    assert!(!err.contains("250001 }"), "{err}");
}

#[test]
fn command_line_mistakes_are_reported_as_such() {
    let err = refused(&qipan(&["show", "go", "--set", "siz=9"]));
    assert!(err.contains("--set siz=9: go has no option `siz` (did you mean `size`?)"), "{err}");
    assert!(!err.contains("go.yaml:1:1"), "{err}");
    let err = refused(&qipan(&["show", "go", "--set", "size=abc"]));
    assert!(err.contains("--set size=abc: `abc` is not a whole number"), "{err}");
    let err = refused(&qipan(&["show", "go", "--set", "size=30"]));
    assert!(err.contains("--set size=30: option `size` = 30 is outside 2..25"), "{err}");
    // An option that must be set is pointed at where it is declared, not at the file's first line.
    let e = qipan::load("field-go", &[]).unwrap_err().to_string();
    assert!(e.starts_with("games/field-go.yaml:38:3: option `komi` has no default and must be set"), "{e}");
}

#[test]
fn unknown_names_in_a_definition_suggest_the_likely_one() {
    let src = "name: t\nboard: { grid: { width: 3, height: 3 } }\nseats: [{ name: black }, { name: white }]\n\
               pieces:\n  stone: { moves: place to empty, symbls: [x] }\nrules: { capture: groups orthogonl }\n\
               setup: [{ seat: blak, piece: stoen, at: [a1] }]\n";
    let e = qipan::load_str("t.yaml", src, &[]).unwrap_err();
    let messages: Vec<&str> = e.0.iter().map(|d| d.message.as_str()).collect();
    assert!(messages[0].starts_with("unknown field `symbls` (did you mean `symbols`?)"), "{e}");
    assert!(messages.contains(&"unknown relation `orthogonl` (did you mean `orthogonal`?)"), "{e}");
    assert!(messages.contains(&"unknown seat `blak` (did you mean `black`?)"), "{e}");
    assert!(messages.contains(&"unknown piece `stoen` (did you mean `stone`?)"), "{e}");
}

#[test]
fn check_reports_every_independent_error() {
    let dir = temp_dir("three");
    let src = "name: three\nboard: { grid: { width: 3, height: 3 } }\nseats: [{ name: a }, { name: b }]\n\
               pieces:\n  stone: { moves: place to emtpy }\n  rook: { moves: slide orthogonal, leter: R }\n\
               setup: [{ seat: a, piece: king, at: [a1] }]\n";
    std::fs::write(dir.join("three.yaml"), src).unwrap();
    let err = refused(&qipan_in(&dir, &["check", "three.yaml"], ""));
    assert!(err.contains("three.yaml:5:"), "the bad movement rule: {err}");
    assert!(err.contains("three.yaml:6:36: unknown field `leter` (did you mean `letter`?)"), "{err}");
    assert!(err.contains("three.yaml:7:27: unknown piece `king`"), "{err}");
    assert_eq!(err.matches("three.yaml:").count(), 3, "{err}");
    // A misspelt key of a required field is one error, not two.
    let e = qipan::load_str("t.yaml", "name: t\nbord: { grid: { width: 3 } }\nseats: [{ name: a }]\npieces: {}\n", &[]);
    let e = e.unwrap_err();
    assert_eq!(e.0.len(), 1, "{e}");
    assert!(e.0[0].message.starts_with("unknown field `bord` (did you mean `board`?)"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn numbers_in_options_are_finite() {
    for komi in ["nan", "inf", "-inf", "1e400", "NaN"] {
        let e = qipan::load("go", &[("komi".into(), komi.into())]).unwrap_err().to_string();
        assert!(e.contains(&format!("--set komi={komi}: `{komi}` is not a finite number")), "{e}");
    }
    let err = refused(&qipan(&["show", "go", "--set", "komi=nan"]));
    assert!(err.contains("not a finite number"), "{err}");
    // A NaN bound would let any value through: the YAML reader refuses non-finite numbers, and so does
    // the compiler for a definition built in code.
    let src = "name: t\noptions: { k: { type: number, default: 1, max: .nan } }\n\
               board: { grid: { width: 3, height: 3 } }\nseats: [{ name: a }]\npieces: { s: { moves: place to empty } }\n";
    let e = qipan::load_str("t.yaml", src, &[]).unwrap_err().to_string();
    assert!(e.starts_with("t.yaml:2:48: non-finite float `.nan`"), "{e}");
    let mut def = qipan::Definition::read("t.yaml", &src.replace(".nan", "3"), &qipan::dsl::FileResolver).unwrap();
    def.def.options.0[0].1.max = Some(f64::NAN);
    let e = def.compile(&[]).unwrap_err().to_string();
    assert!(e.contains("the `max` of `k` is not a number"), "{e}");
}

#[test]
fn options_only_the_scoring_uses_are_asked_for_only_to_play() {
    let tmp = temp_dir("view");
    let out = qipan_in(&tmp, &["show", "field-go"], "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("black to move"));
    let out = qipan_in(&tmp, &["perft", "field-go", "--depth", "1"], "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = qipan_in(&tmp, &["check", "field-go", "--set", "board=box"], "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // Moves that end the game need the result, hence the komi.
    let err = refused(&qipan_in(&tmp, &["show", "field-go", "--moves", "pass pass"], ""));
    assert!(err.contains("needs option `komi`"), "{err}");
    // Play still asks for it.
    let out = qipan_in(&tmp, &["play", "field-go"], "7.5\nquit\n");
    assert!(String::from_utf8_lossy(&out.stdout).contains("komi = "), "{}", String::from_utf8_lossy(&out.stdout));
    let err = refused(&qipan_in(&tmp, &["play", "field-go"], ""));
    assert!(err.contains("option `komi` must be set"), "{err}");
    // An option the board needs is needed to show it, pointed at where it is used.
    let src = "name: t\noptions: { cols: { type: int } }\nboard: { grid: { width: cols, height: 2 } }\n\
               seats: [{ name: a }]\npieces: { s: { moves: place to empty } }\n";
    std::fs::write(tmp.join("t.yaml"), src).unwrap();
    let err = refused(&qipan_in(&tmp, &["show", "t.yaml"], ""));
    assert!(err.contains("t.yaml:3:25: option `cols` has no default and must be set: it is used here"), "{err}");
    std::fs::remove_dir_all(&tmp).unwrap();
}
