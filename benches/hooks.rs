//! What a Rhai hook call costs the engine (`cargo bench --bench hooks`).
//!
//! Go 9x9 after a few moves, with a `filter_move: 'true'` hook (benches/data/go-filter-true.yaml) or an
//! `after_move: '()'` hook (benches/data/go-after-move-unit.yaml), against the same game without hooks;
//! `filter_move: 'mv.to != ""'` (benches/data/go-filter-reads-to.yaml) adds what reading a field of `mv` costs.
//! Legal move generation calls `filter_move` once per candidate, so its throughput is given per candidate:
//! the difference per element between the two is the overhead of one hook call. The direct calls measure
//! the same overhead without the move generation around it.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use qipan::core::notation::parse_move;
use qipan::core::{Game, Move, Position};
use std::sync::Arc;

/// The moves played before measuring, so that the position has some history and stones.
const OPENING: [&str; 6] = ["E5", "C3", "G7", "C7", "G3", "D5"];

fn load(path: &str) -> Arc<Game> {
    let file = format!("{}/benches/data/{path}", env!("CARGO_MANIFEST_DIR"));
    qipan::load(&file, &[("size".into(), "9".into())]).expect("the bench game loads")
}

fn plain() -> Arc<Game> {
    qipan::load("go", &[("size".into(), "9".into())]).expect("go loads")
}

/// The position after [`OPENING`] in `game`.
fn opened(game: &Arc<Game>) -> Position {
    let mut pos = game.start();
    for text in OPENING {
        let mv = parse_move(&pos, text).expect("a move");
        pos.play(&mv).expect("legal");
    }
    pos
}

fn filter_move(c: &mut Criterion) {
    let (bare, hooked) = (opened(&plain()), opened(&load("go-filter-true.yaml")));
    let candidates = bare.legal_moves().len() as u64;
    assert_eq!(hooked.legal_moves().len() as u64, candidates, "`true` allows every move");
    let mut group = c.benchmark_group("filter_move");
    group.throughput(Throughput::Elements(candidates));
    group.bench_function("go 9x9 legal moves, no hook", |b| b.iter(|| bare.legal_moves()));
    group.bench_function("go 9x9 legal moves, filter_move true", |b| b.iter(|| hooked.legal_moves()));
    group.throughput(Throughput::Elements(1));
    let hooks = hooked.game().hooks.clone().expect("hooks");
    let mv = parse_move(&hooked, "B2").expect("a move");
    group.bench_function("one filter_move call", |b| b.iter(|| hooks.filter_move(&hooked, &mv).expect("runs")));
    let reading = opened(&load("go-filter-reads-to.yaml"));
    let hooks = reading.game().hooks.clone().expect("hooks");
    group.bench_function("one filter_move call reading mv.to", |b| {
        b.iter(|| hooks.filter_move(&reading, &mv).expect("runs"))
    });
    group.finish();
}

fn after_move(c: &mut Criterion) {
    let (bare, hooked) = (opened(&plain()), opened(&load("go-after-move-unit.yaml")));
    let mv: Move = parse_move(&bare, "B2").expect("a move");
    let mut group = c.benchmark_group("after_move");
    group.throughput(Throughput::Elements(1));
    for (name, pos) in [("go 9x9 play, no hook", &bare), ("go 9x9 play, after_move ()", &hooked)] {
        group.bench_function(name, |b| {
            b.iter_batched(|| pos.clone(), |mut p| p.play(&mv).expect("legal"), BatchSize::SmallInput)
        });
    }
    let hooks = hooked.game().hooks.clone().expect("hooks");
    group.bench_function("one after_move call", |b| b.iter(|| hooks.after_move(&hooked, &mv).expect("runs")));
    group.finish();
}

criterion_group!(benches, filter_move, after_move);
criterion_main!(benches);
