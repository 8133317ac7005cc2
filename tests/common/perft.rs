//! Perft counts kept as data: `tests/perft/<game>.perft`, one file per game, read by every game's perft
//! tests.
//!
//! A file is a list of lines; `#` starts a comment, blank lines are ignored:
//!
//! ```text
//! game chess                  the game (a built-in name, or a path relative to tests/perft/)
//! set size=9                  an option; before the first `id` for every case, after it for one
//! id kiwipete                 a new case, named in failures
//! fen r3k2r/p1pp... w KQkq -  its position (without a `fen`, the game's start)
//! perft 3 97862               the number of move sequences of that length
//! perft 5 193690690 slow      the same, run only by the slow tests (`cargo test -- --ignored`)
//! brute 2                     perft to that depth equals playing every move with `play` (`brute_perft`)
//! fairy shogi                 Fairy-Stockfish's name of the game (before the first `id`), and UCI options
//! fairy chess UCI_Chess960=true  to set: [`agree_with_fairy`] asks it for every quick count
//! ```

use qipan::core::Position;
use qipan::core::playout::perft;
use std::path::{Path, PathBuf};

/// One case of a perft file: a position and its counts.
#[derive(Clone, Debug)]
pub struct Case {
    /// `file:line` of its `id` line.
    pub place: String,
    pub id: String,
    pub game: String,
    pub options: Vec<(String, String)>,
    pub fen: Option<String>,
    pub checks: Vec<Check>,
    /// Fairy-Stockfish's variant name and UCI options, from the file's `fairy` line.
    pub fairy: Option<(String, Vec<(String, String)>)>,
}

/// What a case asserts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Perft to `depth` gives `nodes`.
    Count { depth: u32, nodes: u64, slow: bool },
    /// Perft to `depth` equals playing every move.
    Brute { depth: u32, slow: bool },
}

impl Check {
    fn slow(&self) -> bool {
        match *self {
            Check::Count { slow, .. } | Check::Brute { slow, .. } => slow,
        }
    }
}

/// Which checks to run: the quick ones (every `cargo test`) or those marked `slow`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speed {
    Quick,
    Slow,
}

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft")
}

/// The cases of `tests/perft/<name>`. A line that does not fit the format fails the test, naming it.
pub fn read(name: &str) -> Vec<Case> {
    let path = folder().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (mut game, mut options, mut fairy) = (None::<String>, Vec::new(), None);
    let mut cases: Vec<Case> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{name}:{}", i + 1);
        let line = line.split('#').next().unwrap_or("").trim();
        let Some((word, rest)) = line.split_once(' ').or((!line.is_empty()).then_some((line, ""))) else {
            continue;
        };
        let rest = rest.trim();
        let number = |s: &str| -> u64 { s.parse().unwrap_or_else(|_| panic!("{at}: `{s}` is not a number")) };
        let args: Vec<&str> = rest.split_whitespace().collect();
        let slow = matches!(word, "perft" | "brute") && args.last() == Some(&"slow");
        let case = cases.last_mut();
        match (word, case) {
            ("game", None) => game = Some(rest.to_string()),
            ("fairy", None) if !args.is_empty() => {
                let set = args[1..].iter().map(|a| {
                    let (k, v) = a.split_once('=').unwrap_or_else(|| panic!("{at}: expected `NAME=VALUE`"));
                    (k.to_string(), v.to_string())
                });
                fairy = Some((args[0].to_string(), set.collect()))
            }
            ("set", case) => {
                let (k, v) = rest.split_once('=').unwrap_or_else(|| panic!("{at}: expected `set name=value`"));
                let option = (k.trim().to_string(), v.trim().to_string());
                match case {
                    Some(c) => c.options.push(option),
                    None => options.push(option),
                }
            }
            ("id", _) => cases.push(Case {
                place: at.clone(),
                id: rest.to_string(),
                game: game.clone().unwrap_or_else(|| panic!("{at}: a case before the `game` line")),
                options: options.clone(),
                fen: None,
                checks: Vec::new(),
                fairy: fairy.clone(),
            }),
            ("fen", Some(c)) if c.fen.is_none() => c.fen = Some(rest.to_string()),
            ("perft", Some(c)) if args.len() == 2 + slow as usize => {
                c.checks.push(Check::Count { depth: number(args[0]) as u32, nodes: number(args[1]), slow })
            }
            ("brute", Some(c)) if args.len() == 1 + slow as usize => {
                c.checks.push(Check::Brute { depth: number(args[0]) as u32, slow })
            }
            _ => panic!("{at}: `{line}` is not a line of a perft file (see tests/common/perft.rs)"),
        }
    }
    assert!(cases.iter().all(|c| !c.checks.is_empty()), "{name}: a case without counts");
    cases
}

impl Case {
    /// The case's position.
    pub fn position(&self) -> Position {
        let game = if self.game.ends_with(".yaml") {
            folder().join(&self.game).to_string_lossy().into_owned()
        } else {
            self.game.clone()
        };
        let game = qipan::load(&game, &self.options).unwrap_or_else(|e| panic!("{}: {e}", self.place));
        match &self.fen {
            Some(f) => Position::from_fen(&game, f).unwrap_or_else(|e| panic!("{}: {f}: {e}", self.place)),
            None => game.start(),
        }
    }
}

/// Runs the checks of `tests/perft/<name>` of the given speed; there must be some.
pub fn check(name: &str, speed: Speed) {
    let mut ran = 0;
    for case in read(name) {
        let pos = case.position();
        for check in case.checks.iter().filter(|c| c.slow() == (speed == Speed::Slow)) {
            let at = format!("{} ({})", case.place, case.id);
            match *check {
                Check::Count { depth, nodes, .. } => assert_eq!(perft(&pos, depth), nodes, "{at}: perft {depth}"),
                Check::Brute { depth, .. } => {
                    assert_eq!(perft(&pos, depth), super::brute_perft(&pos, depth), "{at}: brute {depth}")
                }
            }
            ran += 1;
        }
    }
    assert!(ran > 0, "{name}: no {speed:?} checks");
}

/// Asks Fairy-Stockfish for every quick count of `tests/perft/<name>` (from each case's FEN, or the
/// FEN qipan writes for the start) and asserts it gives the same: the counts kept in the file are then
/// qipan's and Fairy-Stockfish's both. Skipped where Fairy-Stockfish is not installed (see
/// [`super::fairy::Fairy::start`]).
pub fn agree_with_fairy(name: &str) {
    let Some(mut engine) = super::fairy::Fairy::start() else { return };
    let mut asked = 0;
    for case in read(name) {
        let (variant, set) = case.fairy.clone().unwrap_or_else(|| panic!("{name}: no `fairy` line"));
        for (k, v) in &set {
            engine.set(k, v);
        }
        let fen = case.fen.clone().unwrap_or_else(|| case.position().to_fen().expect("a FEN of the start"));
        for check in &case.checks {
            if let Check::Count { depth, nodes, slow: false } = *check {
                let theirs = engine.perft(&variant, Some(&fen), &[], depth);
                assert_eq!(
                    theirs.total, nodes,
                    "{} ({}): Fairy-Stockfish's perft {depth} of {fen}",
                    case.place, case.id
                );
                asked += 1;
            }
        }
    }
    assert!(asked > 0, "{name}: nothing asked of Fairy-Stockfish");
}

/// The positions given by FEN in `tests/perft/<name>`, in file order.
pub fn fens(name: &str) -> Vec<String> {
    read(name).into_iter().filter_map(|c| c.fen).collect()
}
