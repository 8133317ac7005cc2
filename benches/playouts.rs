//! Random playouts and perft, the engine's yardsticks (`cargo bench`).

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use qipan::core::playout::{perft, random_playout, PlayoutBuf};
use rand::SeedableRng;

fn go(size: &str) -> std::sync::Arc<qipan::core::Game> {
    qipan::load("go", &[("size".into(), size.into())]).expect("go loads")
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("go-playout");
    for size in ["9", "19"] {
        let game = go(size);
        let start = game.start();
        let cap = game.rules.end.max_plies.unwrap_or(10_000);
        let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
        let mut buf = PlayoutBuf::default();
        let mut pos = start.clone();
        group.throughput(Throughput::Elements(1));
        group.bench_function(format!("{size}x{size} positional superko"), |b| {
            b.iter(|| {
                pos.reset_from(&start);
                random_playout(&mut pos, &mut rng, &mut buf, cap).unwrap()
            })
        });
    }
    group.finish();
}

fn perfts(c: &mut Criterion) {
    let mut group = c.benchmark_group("go-perft");
    group.sample_size(10);
    let game = go("19");
    let start = game.start();
    group.throughput(Throughput::Elements(perft(&start, 3)));
    group
        .bench_function("19x19 depth 3", |b| b.iter_batched(|| start.clone(), |p| perft(&p, 3), BatchSize::SmallInput));
    let game = go("9");
    let start = game.start();
    group.throughput(Throughput::Elements(perft(&start, 4)));
    group.bench_function("9x9 depth 4", |b| b.iter_batched(|| start.clone(), |p| perft(&p, 4), BatchSize::SmallInput));
    group.finish();
}

criterion_group!(benches, playouts, perfts);
criterion_main!(benches);
