//! No allocation per node visited: move generation, playouts and perft of every shipped game, counted by
//! an allocator that tallies this thread's allocations. Each is run once to warm its buffers, then again:
//! the second run may allocate a few times (a buffer grown for a longer game, a game's result and scores
//! at its end), never once per position or move.
//!
//! Games with Rhai hooks (Leader Cannon, Seven Kingdoms) are held to the move generation test only: a
//! hook call allocates in the script engine, and these two games still need hooks for their automatic
//! shots and conquests (the performance issue's notes).

use qipan::core::playout::{PlayoutBuf, perft, random_playout};
use qipan::core::{MoveBuf, Position};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting the allocations of each thread (tests run on several at once).
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// The allocations `f` makes on this thread, and what it returns.
fn counted<T>(f: impl FnOnce() -> T) -> (u64, T) {
    let before = ALLOCATIONS.with(Cell::get);
    let out = f();
    (ALLOCATIONS.with(Cell::get) - before, out)
}

/// Every shipped game with its default options.
fn games() -> impl Iterator<Item = (&'static str, std::sync::Arc<qipan::core::Game>)> {
    qipan::games::BUILTIN.iter().map(|(name, _)| {
        // Field Go's komi has no default.
        let options: &[(String, String)] = if *name == "field-go" { &[("komi".into(), "7".into())] } else { &[] };
        (*name, qipan::load(name, options).unwrap())
    })
}

/// Positions along a random game of `game`, at most `plies` of them.
fn positions(game: &std::sync::Arc<qipan::core::Game>, plies: usize, seed: u64) -> Vec<Position> {
    let mut pos = game.start();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut buf = PlayoutBuf::default();
    let mut out = vec![pos.clone()];
    while out.len() < plies && !pos.is_over() {
        random_playout(&mut pos, &mut rng, &mut buf, 1).unwrap();
        out.push(pos.clone());
    }
    out
}

/// The most allocations a warmed run may make, whatever its size.
const FEW: u64 = 16;

/// The most allocations a playout may make, whatever its length: its end (the result and the scores).
const PER_PLAYOUT: u64 = 8;

/// The most allocations a perft may make per ply it reaches: a position and a move buffer.
const PER_PLY: u64 = 32;

#[test]
fn move_generation_allocates_nothing_per_position() {
    for (name, game) in games() {
        let positions = positions(&game, 200, 1);
        let mut buf = MoveBuf::default();
        let mut generate = || {
            let mut moves = 0;
            for pos in &positions {
                pos.try_generate_legal(&mut buf).unwrap();
                moves += buf.moves.len();
            }
            moves
        };
        generate();
        let (allocations, moves) = counted(&mut generate);
        assert!(allocations <= FEW, "{name}: {allocations} allocations generating {moves} moves");
    }
}

#[test]
fn playouts_allocate_nothing_per_move() {
    for (name, game) in games().filter(|(_, g)| g.hooks.is_none()) {
        let start = game.start();
        let mut pos = start.clone();
        let mut buf = PlayoutBuf::default();
        let mut rng = SmallRng::seed_from_u64(7);
        let mut play = |games: u32| {
            let mut plies = 0;
            for _ in 0..games {
                pos.clone_from(&start);
                plies += random_playout(&mut pos, &mut rng, &mut buf, 2000).unwrap();
            }
            plies
        };
        play(20);
        let (allocations, plies) = counted(|| play(20));
        assert!(
            allocations <= FEW + 20 * PER_PLAYOUT,
            "{name}: {allocations} allocations in 20 playouts of {plies} plies"
        );
    }
}

#[test]
fn perft_allocates_nothing_per_node() {
    for (name, game) in games().filter(|(_, g)| g.hooks.is_none()) {
        let start = game.start();
        let depth = if start.legal_moves().len() > 100 { 2 } else { 3 };
        perft(&start, depth);
        let (allocations, nodes) = counted(|| perft(&start, depth));
        // One position and one move buffer per ply reached, whatever the count.
        let most = PER_PLY * u64::from(depth + 1);
        assert!(allocations <= most, "{name}: {allocations} allocations for perft {depth} = {nodes}");
    }
}
