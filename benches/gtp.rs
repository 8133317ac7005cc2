//! GTP throughput: real 19×19 games replayed as `play` commands piped into one engine, as a referee or a GUI
//! loading a game sends them (`cargo bench --bench gtp`). `benches/gtp_peers.py` times the same stream
//! through `qipan gtp` and GNU Go.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use qipan::gtp::GtpEngine;
use qipan::sgf::{SgfColour, SgfEvent, parse_sgf_bytes};
use std::path::Path;

/// GTP's column letters (no I).
const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

/// The GTP stream of up to `games` finished 19×19 games: `clear_board`, then each move as `play`.
fn stream(games: usize) -> (String, u64) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/go/sgf/ogs-finished-games/19x19");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("the OGS records").flatten().map(|e| e.path()).collect();
    files.sort();
    let (mut text, mut plays) = (String::from("boardsize 19\n"), 0);
    for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "sgf")).take(games) {
        let Ok(sgf) = parse_sgf_bytes(&std::fs::read(path).unwrap()) else { continue };
        if sgf.size != (19, 19) || !sgf.setup_black.is_empty() || !sgf.setup_white.is_empty() {
            continue;
        }
        text.push_str("clear_board\n");
        for event in &sgf.moves {
            let SgfEvent::Move(m) = event else { continue };
            let colour = if m.colour == SgfColour::Black { "b" } else { "w" };
            let vertex = m
                .point
                .map_or("pass".to_string(), |p| format!("{}{}", COLUMNS[p.col as usize] as char, 19 - p.row as u32));
            text.push_str(&format!("play {colour} {vertex}\n"));
            plays += 1;
        }
    }
    (text, plays)
}

fn replay(c: &mut Criterion) {
    let (text, plays) = stream(100);
    let mut group = c.benchmark_group("gtp");
    group.sample_size(10);
    group.throughput(Throughput::Elements(plays));
    group.bench_function(format!("{plays} play commands of 100 games"), |b| {
        b.iter(|| {
            let mut engine = GtpEngine::new("go", &[], 1).unwrap();
            let mut out = Vec::new();
            engine.serve(text.as_bytes(), &mut out).unwrap();
            assert!(!out.contains(&b'?'), "a move was refused");
            out.len()
        })
    });
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
