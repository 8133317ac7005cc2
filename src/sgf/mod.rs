//! A robust, panic-free reader for SGF (`FF[4]`, and the older `FF[1]`–`FF[3]`
//! dialects as far as they matter) Go game records.
//!
//! The reader takes the *first* game tree of a collection and follows its
//! *main line* (the first variation at every branch). Variations are still
//! checked for well-formed syntax, but their contents are not interpreted,
//! so a broken side variation never spoils the main line.
//!
//! Tolerated real-world quirks:
//!
//! * text before the first game tree (mail headers, byte-order marks, ...);
//! * property identifiers with lowercase letters: `FF[3]`-style long names such
//!   as `Comment` or `CoPyright` keep only their uppercase letters (`C`, `CP`),
//!   and all-lowercase ids such as `b` or `ab` are upper-cased;
//! * escaped `]` and `\` inside values, and soft line breaks (`\` + newline);
//! * passes written `B[]`, or `B[tt]` on boards of at most 19×19;
//! * compressed point lists (`AB[aa:cc]`, corners in any order);
//! * `SZ[19]`, `SZ[19:19]` and rectangular `SZ[cols:rows]`;
//! * invalid UTF-8 (see [`parse_sgf_bytes`]) and UTF-16 files with a BOM;
//! * setup and move properties mixed in one node (setup is applied first);
//! * unparsable `KM`/`HA`/`PL` values, which are treated as absent (a `KM` that reads as a number
//!   but is not a usable komi, such as `NaN` or `1e308`, is an error: see [`check_komi`]).
//!
//! Everything else that would make the main line meaningless (unterminated
//! values, unbalanced parentheses, stray characters between nodes, malformed
//! or off-board points on the main line, a bad `SZ`) is reported as an
//! [`SgfError`] carrying the byte offset and 1-based line where it applies.

mod error;
mod game;
mod point;
mod props;
mod read;
mod syntax;
mod write;

pub use error::SgfError;
pub use game::{SgfColour, SgfEvent, SgfGame, SgfMove};
pub use point::{SgfPoint, gtp_label};
pub use props::{KomiError, MAX_KOMI, check_komi};
pub use read::{parse_sgf, parse_sgf_bytes};

/// Shorthands the unit tests of the reader share.
#[cfg(test)]
mod shorthand {
    use super::{SgfColour, SgfEvent, SgfMove, SgfPoint, point::raw_point};

    pub(super) fn pt(s: &str) -> SgfPoint {
        raw_point(s.as_bytes()).expect("test point")
    }

    pub(super) fn mv(colour: SgfColour, s: Option<&str>) -> SgfEvent {
        SgfEvent::Move(SgfMove { colour, point: s.map(pt) })
    }
}

#[cfg(test)]
mod tests {
    use super::parse_sgf_bytes;

    #[test]
    fn random_garbage_never_panics() {
        // A small deterministic xorshift generator: no extra dependencies.
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let alphabet = b"();[]\\:ABWabtSZ19 \n\xff";
        let base = b"(;GM[1]SZ[9]KM[6.5]AB[aa:cc];B[ee](;W[tt];B[];W[dd])(;W[ff]C[x\\]y]))";
        for _ in 0..20_000 {
            let mut bytes = base.to_vec();
            let edits = (next() % 4) as usize + 1;
            for _ in 0..edits {
                let at = (next() % (bytes.len() as u64 + 1)) as usize;
                let c = alphabet[(next() % alphabet.len() as u64) as usize];
                match next() % 3 {
                    0 if at < bytes.len() => {
                        bytes.remove(at);
                    }
                    1 if at < bytes.len() => bytes[at] = c,
                    _ => bytes.insert(at, c),
                }
            }
            let cut = (next() % (bytes.len() as u64 + 1)) as usize;
            let _ = parse_sgf_bytes(&bytes);
            let _ = parse_sgf_bytes(&bytes[..cut]);
        }
    }

    /// Parses every record of the shared Go corpus, if present.
    #[test]
    fn shared_corpus_parses() {
        use std::path::{Path, PathBuf};
        let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/go/sgf"));
        if !root.is_dir() {
            eprintln!("skipping: SGF corpus not found at {}", root.display());
            return;
        }
        let mut files: Vec<PathBuf> = Vec::new();
        let mut dirs = vec![root.to_path_buf()];
        while let Some(dir) = dirs.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
                    files.push(path);
                }
            }
        }
        files.sort();
        assert!(!files.is_empty(), "no .sgf file under {}", root.display());

        let mut failures: Vec<String> = Vec::new();
        let mut panics: Vec<String> = Vec::new();
        let mut moves = 0usize;
        for path in &files {
            let Ok(bytes) = std::fs::read(path) else {
                failures.push(format!("{}: unreadable", path.display()));
                continue;
            };
            match std::panic::catch_unwind(|| parse_sgf_bytes(&bytes)) {
                Ok(Ok(game)) => moves += game.moves.len(),
                Ok(Err(e)) => failures.push(format!("{}: {e}", path.display())),
                Err(_) => panics.push(path.display().to_string()),
            }
        }
        let total = files.len();
        let ok = total - failures.len() - panics.len();
        println!(
            "SGF corpus: {ok}/{total} records parsed ({} failures, {} panics, {moves} main-line events)",
            failures.len(),
            panics.len()
        );
        for f in failures.iter().take(10) {
            println!("  failure: {f}");
        }
        assert!(panics.is_empty(), "parser panicked on: {panics:?}");
        assert!(ok * 100 >= total * 99, "only {ok}/{total} SGF records parsed");
    }
}
