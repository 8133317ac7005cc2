//! The error corpus: every file of `tests/corpus/definitions` is a broken definition and every file of
//! `tests/corpus/records` a broken or refused game record. Each names, on its first line
//! (`# error: ...`), a fragment its message must contain; the whole message is kept as a snapshot, so a
//! change to any message is seen in review. The perft files of `tests/perft` are read here too, to see
//! that each game's counts are kept there.

use std::path::{Path, PathBuf};

mod common;

fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus").join(dir);
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    out.sort();
    out
}

/// The fragment the file's first line promises, and the file's name as the messages show it.
fn promise(path: &Path) -> (String, String, String) {
    let text = std::fs::read_to_string(path).unwrap();
    let first = text.lines().next().unwrap_or("");
    let fragment = first.strip_prefix("# error: ").unwrap_or_else(|| panic!("{}: no `# error:` line", path.display()));
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    (fragment.to_string(), format!("tests/corpus/{name}"), text)
}

fn snapshot(kind: &str, path: &Path, message: &str) {
    let stem = path.file_stem().unwrap().to_string_lossy();
    insta::assert_snapshot!(format!("{kind}-{stem}"), message);
}

#[test]
fn broken_definitions_say_where_what_and_what_was_expected() {
    let all = files("definitions", "yaml");
    assert!(all.len() >= 40, "the corpus has {} definitions", all.len());
    let mut wrong = Vec::new();
    for path in all {
        let (fragment, file, text) = promise(&path);
        let message = match qipan::load_str(&file, &text, &[]) {
            Ok(_) => panic!("{} loads", path.display()),
            Err(d) => d.to_string(),
        };
        if !message.contains(&fragment) {
            wrong.push(format!("{}: `{fragment}` not in\n{message}", path.display()));
            continue;
        }
        // file:line:column, with a line number inside the file.
        let first = message.lines().next().unwrap();
        let mut parts = first.splitn(4, ':');
        let (_, line, column) = (parts.next(), parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        let line: usize = line.parse().unwrap_or_else(|_| panic!("{}: no line in `{first}`", path.display()));
        assert!(column.parse::<usize>().is_ok(), "{}: no column in `{first}`", path.display());
        assert!(
            line >= 1 && line <= text.lines().count().max(1),
            "{}: line {line} is outside the file",
            path.display()
        );
        snapshot("definition", &path, &message);
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn broken_records_are_refused_with_the_place_and_the_rule() {
    // Messages name the game library's directory: make it the same on every machine.
    qipan::library::set_dir("/qipan-test-library");
    let all = files("records", "qipan");
    assert!(all.len() >= 8, "the corpus has {} records", all.len());
    for path in all {
        let (fragment, _, text) = promise(&path);
        let message = match qipan::record::GameRecord::parse(&text) {
            Err(e) => e.to_string(),
            Ok(record) => match record.replay() {
                Err(e) => e.to_string(),
                Ok(replay) => {
                    let agrees = record.result.is_none() || replay.result() == record.result;
                    assert!(replay.refused.is_some() || !agrees, "{} replays cleanly", path.display());
                    replay.summary(&record)
                }
            },
        };
        assert!(message.contains(&fragment), "{}: `{fragment}` not in\n{message}", path.display());
        snapshot("record", &path, &message);
    }
}

#[test]
fn every_perft_file_reads_and_the_games_with_published_or_checked_counts_have_one() {
    let mut games = std::collections::BTreeSet::new();
    for path in files("../perft", "perft") {
        let name = path.file_name().unwrap().to_str().unwrap();
        let cases = common::perft::read(name);
        assert!(!cases.is_empty(), "{name}");
        for case in &cases {
            case.position(); // loads, and its FEN reads
            games.insert(case.game.clone());
        }
    }
    for game in [
        "chess",
        "xiangqi",
        "go",
        "he-qi",
        "seven-kingdoms",
        "leader-cannon",
        "tic-tac-toe",
        "connect-four",
        "gomoku",
        "order-and-chaos",
        "othello",
        "hnefatafl",
        "english-draughts",
        "amazons",
        "nine-mens-morris",
        "janggi",
        "crazyhouse",
        "shogi",
        "chess960",
        "makruk",
        "kalah",
        "oware",
        "lasca",
        "hawalis",
        "hus",
        "focus",
    ] {
        assert!(games.contains(game), "no perft file for {game}: {games:?}");
    }
}
