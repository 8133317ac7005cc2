//! The playground in a real browser: `qipan serve` started on a free port, its page driven in headless
//! Chromium by the scripts of tests/browser/ (Playwright's `playwright-core`). Skipped with a message when
//! Chromium or tests/browser/node_modules is missing, unless QIPAN_REQUIRE_BROWSER=1 (scripts/test sets it).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

const CHROMIUM: &str = "/usr/bin/chromium";

/// Whether the browser tests can run here; a message when they cannot and are not required.
fn ready() -> bool {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser");
    let missing: Vec<&str> = [
        (!Path::new(CHROMIUM).exists()).then_some("chromium (apt-get install chromium)"),
        (!dir.join("node_modules/playwright-core").exists())
            .then_some("tests/browser/node_modules (npm ci --prefix tests/browser)"),
        Command::new("node").arg("--version").output().is_err().then_some("node"),
    ]
    .into_iter()
    .flatten()
    .collect();
    if missing.is_empty() {
        return true;
    }
    assert!(std::env::var("QIPAN_REQUIRE_BROWSER").as_deref() != Ok("1"), "browser tests need {}", missing.join(", "));
    eprintln!("skipped: the browser tests need {}", missing.join(", "));
    false
}

/// A `qipan serve` on a free port, stopped when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start(games: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_qipan"))
            .args(["serve", "--port", "0"])
            .args(games)
            .env("QIPAN_LIBRARY", std::env::temp_dir().join("qipan-browser-no-library"))
            .stdout(Stdio::piped())
            .spawn()
            .expect("qipan serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        assert!(line.starts_with("http://127.0.0.1:"), "first line: {line}");
        Server { child, url: line.trim().to_string() }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs tests/browser/SCRIPT against a server of `games`, with more arguments.
fn script(name: &str, games: &[&str], args: &[&str]) {
    if !ready() {
        return;
    }
    let server = Server::start(games);
    let out = Command::new("node")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser").join(name))
        .arg(&server.url)
        .args(args)
        .output()
        .expect("node runs");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{name} failed:\n{text}");
    eprint!("{text}");
}

#[test]
fn go_against_the_computer() {
    script("go.mjs", &[], &[]);
}

#[test]
fn chess_promotion_with_the_chooser() {
    script("chess.mjs", &[], &[]);
}

#[test]
fn chess960_start_drawn_at_random() {
    script("chess960.mjs", &[], &[]);
}

#[test]
fn amazons_arrow_by_click() {
    script("amazons.mjs", &[], &[]);
}

#[test]
fn he_qi_shows_walk_targets() {
    script("he-qi.mjs", &[], &[]);
}

#[test]
fn the_page_follows_an_edited_definition() {
    let dir: PathBuf = std::env::temp_dir().join(format!("qipan-browser-reload-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mine.yaml");
    std::fs::write(&file, "extends: go\nname: mine\noptions:\n  size: { default: 7 }\n").unwrap();
    let path = file.display().to_string();
    script("reload.mjs", &[&path], &[&path]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The book's picture of the playground, rewritten when QIPAN_BLESS_PICTURES=1.
#[test]
fn the_playground_picture() {
    let picture = Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src/playground.png");
    let bless = std::env::var("QIPAN_BLESS_PICTURES").as_deref() == Ok("1");
    let target = picture.display().to_string();
    let args: Vec<&str> = if bless { vec![&target] } else { vec![] };
    script("screenshot.mjs", &[], &args);
}

/// Every built-in game opens in the page; with QIPAN_BLESS_PICTURES=1 each start position is screenshotted
/// into book/src/playground/ for the playground chapter's gallery.
#[test]
fn every_game_opens_in_the_page() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src/playground");
    let bless = std::env::var("QIPAN_BLESS_PICTURES").as_deref() == Ok("1");
    let target = dir.display().to_string();
    if bless {
        std::fs::create_dir_all(&dir).unwrap();
    }
    let args: Vec<&str> = if bless { vec![&target] } else { vec![] };
    script("every-game.mjs", &[], &args);
}
