//! Random playouts and perft, the engine's yardsticks (`cargo bench`).

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use qipan::core::playout::{PlayoutBuf, perft, random_playout};
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

/// Every record of `../shared/data/go/sgf`, parsed, with the game it replays on.
fn corpus() -> Vec<(std::sync::Arc<qipan::core::Game>, qipan::sgf::SgfGame)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/go/sgf");
    let mut files = Vec::new();
    let mut stack = vec![root];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
                files.push(p);
            }
        }
    }
    let mut games: std::collections::HashMap<(u8, String), std::sync::Arc<qipan::core::Game>> = Default::default();
    files
        .iter()
        .filter_map(|f| qipan::sgf::parse_sgf_bytes(&std::fs::read(f).ok()?).ok())
        .filter_map(|sgf| {
            let key = (sgf.size.0, sgf.komi.map(|k| k.to_string()).unwrap_or_default());
            let game = match games.get(&key) {
                Some(g) => g.clone(),
                None => {
                    let g = qipan::record::game_for_record("go", &[], &sgf).ok()?;
                    games.insert(key, g.clone());
                    g
                }
            };
            Some((game, sgf))
        })
        .collect()
}

fn replay(c: &mut Criterion) {
    let records = corpus();
    if records.is_empty() {
        return;
    }
    let moves: u64 = records
        .iter()
        .map(|(g, s)| {
            qipan::record::replay_position(g, s, None, qipan::record::Legality::Check)
                .map(|r| r.moves as u64)
                .unwrap_or(0)
        })
        .sum();
    let mut group = c.benchmark_group("go-replay");
    group.sample_size(10);
    group.throughput(Throughput::Elements(moves));
    group.bench_function(format!("{} records, full rule checks", records.len()), |b| {
        b.iter(|| {
            records
                .iter()
                .map(|(g, s)| qipan::record::replay_position(g, s, None, qipan::record::Legality::Check).unwrap().moves)
                .sum::<usize>()
        })
    });
    group.finish();
}

/// Random playouts and perft from the start of a built-in game.
fn bench_game(c: &mut Criterion, name: &str, perft_depth: u32) {
    let game = qipan::load(name, &[]).expect("the game loads");
    let start = game.start();
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    let cap = game.rules.end.max_plies.unwrap_or(10_000);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let mut buf = PlayoutBuf::default();
    let mut pos = start.clone();
    group.throughput(Throughput::Elements(1));
    group.bench_function("playout", |b| {
        b.iter(|| {
            pos.reset_from(&start);
            random_playout(&mut pos, &mut rng, &mut buf, cap).unwrap()
        })
    });
    group.throughput(Throughput::Elements(perft(&start, perft_depth)));
    group.bench_function(format!("perft depth {perft_depth}"), |b| {
        b.iter_batched(|| start.clone(), |p| perft(&p, perft_depth), BatchSize::SmallInput)
    });
    group.finish();
}

fn leader_cannon(c: &mut Criterion) {
    bench_game(c, "leader-cannon", 4);
}

fn seven_kingdoms(c: &mut Criterion) {
    bench_game(c, "seven-kingdoms", 3);
}

fn he_qi(c: &mut Criterion) {
    bench_game(c, "he-qi", 2);
}

fn chess(c: &mut Criterion) {
    bench_game(c, "chess", 4);
}

fn xiangqi(c: &mut Criterion) {
    bench_game(c, "xiangqi", 4);
}

fn makruk(c: &mut Criterion) {
    bench_game(c, "makruk", 4);
}

/// `count(...)` conditions on every pawn move (grand chess's promotion limits, a count in a seat's zone):
/// read off the piece counts, they should cost about what the same rules without them cost.
fn counted_promotions(c: &mut Criterion) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/chess-counted-promotions.yaml");
    let text = std::fs::read_to_string(path).expect("the benchmark's definition");
    let game = qipan::load_str(path, &text, &[]).expect("it loads");
    let start = game.start();
    let mut group = c.benchmark_group("chess-counted-promotions");
    group.sample_size(10);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let mut buf = PlayoutBuf::default();
    let mut pos = start.clone();
    group.throughput(Throughput::Elements(1));
    group.bench_function("playout", |b| {
        b.iter(|| {
            pos.reset_from(&start);
            random_playout(&mut pos, &mut rng, &mut buf, 10_000).expect("no hooks")
        })
    });
    group.finish();
}

/// The games won on the board: line goals (Connect Four's gravity is a condition on the cell below), a
/// connection (Hex) and a zone to reach (Breakthrough).
fn tic_tac_toe(c: &mut Criterion) {
    bench_game(c, "tic-tac-toe", 9);
}

fn connect_four(c: &mut Criterion) {
    bench_game(c, "connect-four", 6);
}

fn gomoku(c: &mut Criterion) {
    bench_game(c, "gomoku", 2);
}

fn hex(c: &mut Criterion) {
    bench_game(c, "hex", 2);
}

fn breakthrough(c: &mut Criterion) {
    bench_game(c, "breakthrough", 3);
}

/// The sowing games, whose playouts run on the sowing kernel (the pits' counts alone).
fn kalah(c: &mut Criterion) {
    bench_game(c, "kalah", 6);
}

fn oware(c: &mut Criterion) {
    bench_game(c, "oware", 6);
}

criterion_group!(
    benches,
    playouts,
    perfts,
    replay,
    leader_cannon,
    seven_kingdoms,
    he_qi,
    chess,
    xiangqi,
    makruk,
    counted_promotions,
    tic_tac_toe,
    connect_four,
    gomoku,
    hex,
    breakthrough,
    kalah,
    oware
);
criterion_main!(benches);
