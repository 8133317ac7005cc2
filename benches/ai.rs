//! MCTS search speed: iterations per second from the start of 9×9 Go and Seven Kingdoms (`cargo bench --bench ai`).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use qipan::core::ai::{AgentRng, MctsAgent, MctsConfig};
use rand::SeedableRng;

/// One search of `iterations` from the start of `game`, as one benchmark of `iterations` elements.
fn search(c: &mut Criterion, label: &str, game: &str, set: &[(&str, &str)], iterations: u32) {
    let overrides: Vec<(String, String)> = set.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let game = qipan::load(game, &overrides).expect("the game loads");
    let start = game.start();
    let mut agent = MctsAgent::new(MctsConfig { iterations: Some(iterations), ..MctsConfig::default() });
    let mut rng = AgentRng::seed_from_u64(1);
    let mut group = c.benchmark_group("mcts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(iterations as u64));
    group.bench_function(format!("{label}, {iterations} iterations"), |b| {
        b.iter(|| agent.search(&start, &mut rng).expect("no hook fails").len())
    });
    group.finish();
}

fn mcts(c: &mut Criterion) {
    search(c, "go 9x9", "go", &[("size", "9")], 1000);
    search(c, "seven-kingdoms", "seven-kingdoms", &[], 1000);
    search(c, "seven-kingdoms players=2", "seven-kingdoms", &[("players", "2")], 1000);
}

criterion_group!(benches, mcts);
criterion_main!(benches);
