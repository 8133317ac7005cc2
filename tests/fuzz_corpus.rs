//! The short fuzz pass: every committed fuzz corpus file and crash reproducer, run through the
//! same functions as the fuzz targets (`qipan::fuzzing`). A panic is a finding that came back.
//!
//! `fuzz/corpus/<target>/` holds each target's minimized seed corpus, `fuzz/regressions/<target>/`
//! the inputs that once crashed or hung it (see `fuzz/README.md`).

use std::path::Path;

/// Text targets skip inputs that are not UTF-8, as libFuzzer's `&str` targets do.
fn text(bytes: &[u8], f: fn(&str)) {
    if let Ok(s) = std::str::from_utf8(bytes) {
        f(s);
    }
}

/// The files of a directory (none if it does not exist), sorted.
fn files(dir: &Path) -> Vec<std::path::PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut v: Vec<_> = rd.map(|e| e.expect("entry").path()).filter(|p| p.is_file()).collect();
    v.sort();
    v
}

/// Runs every corpus file and reproducer of `target` through `body`; the corpus must not be empty.
fn run(target: &str, body: fn(&[u8])) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut n = 0;
    for kind in ["corpus", "regressions"] {
        for f in files(&root.join(kind).join(target)) {
            let bytes = std::fs::read(&f).expect("read");
            if let Err(e) = std::panic::catch_unwind(|| body(&bytes)) {
                let msg =
                    e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
                panic!("{target}: {} panics: {}", f.display(), msg.unwrap_or_default());
            }
            n += 1;
        }
    }
    assert!(n > 0, "{target}: the corpus is empty");
}

#[test]
fn definition() {
    run("definition", |b| text(b, qipan::fuzzing::definition));
}

#[test]
fn language() {
    run("language", |b| text(b, qipan::fuzzing::language));
}

#[test]
fn sgf() {
    run("sgf", qipan::fuzzing::sgf);
}

#[test]
fn record() {
    run("record", |b| text(b, qipan::fuzzing::record));
}

#[test]
fn move_text() {
    run("move_text", |b| text(b, qipan::fuzzing::move_text_input));
}

#[test]
fn sequences() {
    run("sequences", qipan::fuzzing::sequences);
}

#[test]
fn play() {
    run("play", qipan::fuzzing::play);
}

#[test]
fn gtp() {
    run("gtp", qipan::fuzzing::gtp);
}
