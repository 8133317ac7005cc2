//! Variants of variants: `extends:` merges a definition over its base (maps key by key, lists
//! wholesale, `~` removes), chains and cycles, diagnostics in the right file; `qipan new`,
//! `qipan import` and the game library.

use qipan::core::playout::perft;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A fresh temporary directory for one test.
fn temp(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("qipan-variants-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn load(path: &Path) -> std::sync::Arc<qipan::core::Game> {
    qipan::load(path.to_str().unwrap(), &[]).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn load_err(path: &Path) -> qipan::Diagnostics {
    match qipan::load(path.to_str().unwrap(), &[]) {
        Err(qipan::LoadError::Invalid(d)) => d,
        Err(e) => panic!("{}: not a diagnostic: {e}", path.display()),
        Ok(_) => panic!("{} should not load", path.display()),
    }
}

/// A small base game: an option, two pieces, a zone and a hook.
const BASE: &str = "name: tiny
title: Tiny
description: A tiny game.
options:
  size: { type: int, default: 3, doc: Side of the board. }
board:
  grid: { width: size, height: size }
  zones:
    left: { coords: [[0, 0], [0, 9]] }
seats: [{ name: black }, { name: white }]
pieces:
  stone:
    symbols: [X, O]
    moves: place to empty
  rook:
    symbols: [R, r]
    moves: slide orthogonal 1.. to empty
hooks:
  score: |
    1
end:
  passes: 2
";

fn start_moves(game: &std::sync::Arc<qipan::core::Game>) -> usize {
    game.start().legal_moves().len()
}

#[test]
fn an_option_default_override_changes_the_game() {
    let d = temp("option");
    let base = write(&d, "base.yaml", BASE);
    let child = write(&d, "child.yaml", "extends: base.yaml\noptions:\n  size:\n    default: 5\n");
    assert_eq!(load(&base).board.len(), 9);
    let g = load(&child);
    assert_eq!(g.board.len(), 25, "the child's default applies");
    assert_eq!(g.options.get("size").map(String::as_str), Some("5"));
    // The rest of the option (its type and doc) is the base's.
    let opts = qipan::options(child.to_str().unwrap()).unwrap();
    assert_eq!((opts[0].kind.as_str(), opts[0].doc.as_str()), ("int", "Side of the board."));
    // Name, title and description are the variant's own.
    assert_eq!(g.name, "child");
    assert_eq!(g.title, "Tiny (child)");
}

#[test]
fn a_piece_moves_override_keeps_the_rest_of_the_piece() {
    let d = temp("piece");
    write(&d, "base.yaml", BASE);
    let child = write(&d, "child.yaml", "extends: base.yaml\npieces:\n  stone:\n    moves: place to zone(left)\n");
    let base = load(&d.join("base.yaml"));
    let g = load(&child);
    let stone = g.pieces.iter().find(|p| p.name == "stone").unwrap();
    assert_eq!(stone.symbols, vec!["X".to_string(), "O".to_string()], "symbols are the base's");
    assert_eq!(g.pieces.len(), 2, "the rook stays");
    assert_eq!(start_moves(&base) - start_moves(&g), 6, "stones go only to the 3 cells of the left column");
}

#[test]
fn hooks_are_added_replaced_and_removed_and_null_removes_keys() {
    let d = temp("hooks");
    write(&d, "base.yaml", BASE);
    let base = load(&d.join("base.yaml"));
    assert!(base.hooks.is_some());
    // Added: a filter that forbids every placement.
    let add = write(&d, "add.yaml", "extends: base.yaml\nhooks:\n  filter_move: |\n    mv.kind != \"place\"\n");
    let g = load(&add);
    assert!(start_moves(&g) < start_moves(&base), "the new hook forbids moves");
    // Removed: `~` drops the base's hook and a piece.
    let rm = write(&d, "rm.yaml", "extends: base.yaml\nhooks:\n  score: ~\npieces:\n  rook: ~\n");
    let g = load(&rm);
    assert!(g.hooks.is_none(), "the score hook is gone");
    assert_eq!(g.pieces.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["stone"]);
}

/// `KEY+:` appends to the base's list instead of replacing it (a single value counts as a list of one), also
/// along a chain and in a file that extends nothing; an error in an appended item points into the child.
#[test]
fn a_plus_key_appends_to_the_base_list() {
    let d = temp("append");
    write(&d, "base.yaml", BASE);
    let rook_moves = |g: &qipan::core::Game| g.pieces.iter().find(|p| p.name == "rook").unwrap().moves.len();
    let base = load(&d.join("base.yaml"));
    assert_eq!(rook_moves(&base), 1);
    // The rook's one rule is a single value; the child adds a second rule and a starting rook.
    let child = write(
        &d,
        "child.yaml",
        "extends: base.yaml\npieces:\n  rook:\n    moves+: [step orthogonal to enemy]\nsetup+:\n  - { seat: black, piece: rook, at: [B2] }\n",
    );
    let g = load(&child);
    assert_eq!(rook_moves(&g), 2, "the base's rule and the child's");
    let b2 = g.board.find("B2").unwrap();
    assert!(g.start().cell(b2).is_some(), "a setup list created by `setup+:`");
    // A grandchild appends again, a single value this time.
    let grandchild =
        write(&d, "grandchild.yaml", "extends: child.yaml\npieces:\n  rook:\n    moves+: leap orthogonal*2\n");
    assert_eq!(rook_moves(&load(&grandchild)), 3);
    // A file that extends nothing: `KEY+:` is just the list.
    let plain = write(
        &d,
        "plain.yaml",
        &BASE.replace("    moves: slide orthogonal 1.. to empty", "    moves+: slide orthogonal 1.. to empty"),
    );
    assert_eq!(rook_moves(&load(&plain)), 1);
    // The appended rule's error is the child's.
    let bad = write(&d, "bad.yaml", "extends: base.yaml\npieces:\n  rook:\n    moves+: [step sideways]\n");
    let e = load_err(&bad).to_string();
    assert!(e.contains("bad.yaml:4:"), "{e}");
}

#[test]
fn a_chain_of_three_files_merges_in_order() {
    let d = temp("chain");
    write(&d, "a.yaml", BASE);
    std::fs::create_dir_all(d.join("sub")).unwrap();
    // b lives in a subdirectory: its path to a is relative to b, not to whoever loads c.
    write(&d, "sub/b.yaml", "extends: ../a.yaml\nname: b\npieces:\n  stone:\n    moves: place to zone(left)\n");
    let c = write(&d, "c.yaml", "extends: sub/b.yaml\nname: c\ntitle: C\noptions:\n  size: { default: 4 }\n");
    let g = load(&c);
    assert_eq!(g.board.len(), 16, "c's default");
    assert_eq!((g.name.as_str(), g.title.as_str()), ("c", "C"));
    // b's stones go only to the left column.
    let b = load(&d.join("sub/b.yaml"));
    assert_eq!(start_moves(&b), start_moves(&load(&d.join("a.yaml"))) - 6);
    assert_eq!(b.title, "Tiny (b)");
}

#[test]
fn a_cycle_is_an_error_at_the_extends_that_closes_it() {
    let d = temp("cycle");
    let a = write(&d, "a.yaml", "extends: b.yaml\nname: a\n");
    write(&d, "b.yaml", "# b\nextends: a.yaml\n");
    let e = load_err(&a);
    let diag = &e.0[0];
    assert!(diag.message.contains("makes a cycle"), "{e}");
    assert!(diag.file.ends_with("b.yaml"), "{e}");
    assert_eq!((diag.loc.line, diag.loc.column), (2, 10), "{e}");
}

#[test]
fn an_error_in_the_base_is_reported_in_the_base_file() {
    let d = temp("base-error");
    let broken = BASE.replace("slide orthogonal", "slide orthogonl");
    write(&d, "base.yaml", &broken);
    let child = write(&d, "child.yaml", "extends: base.yaml\noptions:\n  size: { default: 4 }\n");
    let e = load_err(&child);
    let diag = &e.0[0];
    assert!(diag.file.ends_with("base.yaml"), "{e}");
    assert_eq!((diag.loc.line, diag.loc.column), (17, 18), "{e}");
    assert!(diag.source_line.contains("orthogonl"), "the caret line is the base's: {e}");
    let note = diag.note.as_deref().unwrap_or_default();
    assert!(
        note.starts_with("in a base: ") && note.contains("child.yaml extends ") && note.ends_with("base.yaml"),
        "{e}"
    );
    // `check` says the same.
    let out = qipan_cmd(&d, &["check", "child.yaml"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("base.yaml:17:18: unknown relation `orthogonl`"));
}

/// A hook inherited from the base that fails while playing names the base's file and line.
#[test]
fn a_failing_inherited_hook_names_the_base_file() {
    let d = temp("hook-error");
    write(&d, "base.yaml", &BASE.replace("  score: |\n    1\n", "  after_move: |\n    throw \"no\";\n"));
    let child = write(&d, "child.yaml", "extends: base.yaml\noptions:\n  size: { default: 4 }\n");
    let game = load(&child);
    let mut pos = game.start();
    let err = pos.play(&qipan::core::notation::parse_move(&pos, "A1").unwrap()).unwrap_err().to_string();
    assert!(err.contains("hook `after_move` failed at ") && err.contains("base.yaml:20:"), "{err}");
}

#[test]
fn an_error_in_the_child_is_reported_in_the_child_file() {
    let d = temp("child-error");
    write(&d, "base.yaml", BASE);
    let child = write(&d, "child.yaml", "extends: base.yaml\npieces:\n  stone:\n    moves: place to zone(rigth)\n");
    let e = load_err(&child);
    let diag = &e.0[0];
    assert!(diag.file.ends_with("child.yaml"), "{e}");
    assert_eq!((diag.loc.line, diag.loc.column), (4, 26), "{e}");
    // A field the schema does not know, in the child.
    let child = write(&d, "field.yaml", "extends: base.yaml\npieces:\n  stone:\n    colour: red\n");
    let e = load_err(&child);
    assert!(e.0[0].file.ends_with("field.yaml") && e.0[0].loc.line == 4, "{e}");
    assert!(e.0[0].message.contains("unknown field `colour`"), "{e}");
    // A base that does not exist.
    let child = write(&d, "missing.yaml", "extends: nowhere.yaml\n");
    let e = load_err(&child);
    assert!(e.0[0].message.contains("cannot find the base game `nowhere.yaml`"), "{e}");
}

#[test]
fn the_book_variant_is_he_qi_with_squeeze_blocked() {
    let book = Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src/examples");
    let variant = load(&book.join("he-qi-no-squeeze.yaml"));
    assert_eq!(variant.options.get("squeeze").map(String::as_str), Some("blocked"));
    let blocked = qipan::load("he-qi", &[("squeeze".into(), "blocked".into())]).unwrap();
    assert_eq!(variant.options, blocked.options);
    assert_eq!(perft(&variant.start(), 2), perft(&blocked.start(), 2));
    // Its own variant: three players, kings stepping two.
    let three = load(&book.join("he-qi-three-kings.yaml"));
    assert_eq!(three.options.get("players").map(String::as_str), Some("3"));
    assert_eq!(three.options.get("squeeze").map(String::as_str), Some("blocked"), "inherited through the chain");
    assert_eq!(three.seats.iter().filter(|s| s.plays).count(), 3);
}

fn qipan_cmd(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(args)
        .current_dir(dir)
        .env("QIPAN_LIBRARY", dir.join("no-library"))
        .stdin(Stdio::null())
        .output()
        .expect("qipan runs")
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

#[test]
fn new_writes_a_variant_that_plays_as_its_base() {
    let d = temp("new");
    let out = qipan_cmd(&d, &["new", "lc2", "--from", "leader-cannon"]);
    assert!(out.status.success(), "{}", text(&out));
    let file = d.join("lc2.yaml");
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.contains("extends: leader-cannon"), "{written}");
    assert!(written.contains("#   placement:"), "the base's options are listed: {written}");
    assert!(written.contains("# pieces:") && written.contains("# hooks:"), "{written}");
    let g = load(&file);
    let base = qipan::load("leader-cannon", &[]).unwrap();
    assert_eq!(g.name, "lc2");
    assert_eq!(g.options, base.options);
    assert_eq!(perft(&g.start(), 2), perft(&base.start(), 2));
    // Never over an existing file.
    let again = qipan_cmd(&d, &["new", "lc2", "--from", "leader-cannon"]);
    assert!(!again.status.success());
    assert!(text(&again).contains("already exists"), "{}", text(&again));
    // From a file: the variant extends it by path.
    let out = qipan_cmd(&d, &["new", "lc3", "--from", "lc2.yaml"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(std::fs::read_to_string(d.join("lc3.yaml")).unwrap().contains("extends: lc2.yaml"));
    assert_eq!(perft(&load(&d.join("lc3.yaml")).start(), 2), perft(&base.start(), 2));
}

#[test]
fn imported_games_are_known_by_name_to_every_command() {
    let d = temp("import");
    let lib = d.join("lib");
    let lib_arg = lib.to_str().unwrap();
    write(&d, "tiny.yaml", BASE);
    write(&d, "small.yaml", "extends: tiny\nname: small\noptions:\n  size: { default: 2 }\n");
    let out = qipan_cmd(&d, &["import", "--library", lib_arg, "tiny.yaml"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(lib.join("tiny.yaml").is_file());
    // A variant of a library game, by name, imported too.
    let out = qipan_cmd(&d, &["--library", lib_arg, "import", "small.yaml"]);
    assert!(out.status.success(), "{}", text(&out));

    let out = qipan_cmd(&d, &["perft", "--library", lib_arg, "--depth", "1", "small"]);
    assert!(out.status.success() && text(&out).contains("perft(1) = "), "{}", text(&out));
    let out = qipan_cmd(&d, &["show", "--library", lib_arg, "small"]);
    assert!(out.status.success(), "{}", text(&out));
    let out = qipan_cmd(&d, &["check", "--library", lib_arg, "tiny", "small"]);
    assert!(out.status.success(), "{}", text(&out));
    let out = qipan_cmd(&d, &["play", "--library", lib_arg, "small", "--ai", "all", "--seed", "1"]);
    assert!(text(&out).contains("Game over"), "{}", text(&out));
    // QIPAN_LIBRARY works as well as the flag.
    let out = Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["perft", "--depth", "1", "tiny"])
        .current_dir(std::env::temp_dir())
        .env("QIPAN_LIBRARY", &lib)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out));

    // list marks them, in text and JSON.
    let out = qipan_cmd(&d, &["list", "--library", lib_arg]);
    let listing = text(&out);
    assert!(listing.contains("small            Tiny (small) (imported)"), "{listing}");
    assert!(listing.contains("go               Go"), "{listing}");
    let out = qipan_cmd(&d, &["list", "--json", "--library", lib_arg]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let small = v.as_array().unwrap().iter().find(|g| g["name"] == "small").expect("small is listed");
    assert_eq!(small["imported"], true);
    assert_eq!(small["options"][0]["default"], "2");
    assert_eq!(v[0]["imported"], false);
}

#[test]
fn import_refuses_broken_files_builtin_names_and_bases_by_path() {
    let d = temp("import-refusals");
    let lib = d.join("lib");
    let lib_arg = lib.to_str().unwrap();
    write(&d, "broken.yaml", &BASE.replace("place to empty", "place to emtpy"));
    let out = qipan_cmd(&d, &["import", "--library", lib_arg, "broken.yaml"]);
    assert!(!out.status.success());
    assert!(text(&out).contains("broken.yaml:14:"), "{}", text(&out));
    write(&d, "go.yaml", &BASE.replace("name: tiny", "name: go"));
    let out = qipan_cmd(&d, &["import", "--library", lib_arg, "go.yaml"]);
    assert!(!out.status.success());
    assert!(text(&out).contains("`go` is the name of a built-in game"), "{}", text(&out));
    write(&d, "base.yaml", BASE);
    write(&d, "child.yaml", "extends: base.yaml\n");
    let out = qipan_cmd(&d, &["import", "--library", lib_arg, "child.yaml"]);
    assert!(!out.status.success());
    assert!(text(&out).contains("extends `base.yaml` by path"), "{}", text(&out));
    assert!(!lib.join("child.yaml").exists() && !lib.join("go.yaml").exists() && !lib.join("tiny.yaml").exists());
    // A library file named like a built-in game never shadows it.
    std::fs::create_dir_all(&lib).unwrap();
    write(&lib, "go.yaml", BASE);
    let out = qipan_cmd(&d, &["show", "--library", lib_arg, "go"]);
    assert!(text(&out).contains("19"), "the built-in Go: {}", text(&out));
}
