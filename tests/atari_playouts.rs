//! Playouts that answer ataris (`atari=on`), checked against chains and liberties found here by flood
//! fill over the board's graph, not through the engine's chains.

use qipan::core::board::NodeId;
use qipan::core::playout::{PlayoutBuf, random_playout};
use qipan::core::{Move, Position};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::collections::BTreeSet;

mod common;
use common::chain;

/// The answers the rules call for after the last move: the liberty of the stone just placed when its
/// chain has one, and the liberty of every enemy chain in atari beside a chain of the mover's that the
/// last move touches and that has one liberty; only those the mover may play.
fn answers(pos: &Position) -> BTreeSet<NodeId> {
    let game = pos.game();
    let rel = game.board.relation("orthogonal").unwrap();
    let me = pos.to_move();
    let last = pos.last_move().unwrap().to;
    let mut out = BTreeSet::new();
    let enemy = |n: NodeId| pos.cell(n).is_some_and(|p| p.seat != me);
    let mine = |n: NodeId| pos.cell(n).is_some_and(|p| p.seat == me);
    if enemy(last) {
        let (_, libs) = chain(pos, last);
        if libs.len() == 1 {
            out.extend(libs);
        }
    }
    for e in game.board.edges(rel, last).iter().filter(|e| mine(e.to)) {
        let (stones, libs) = chain(pos, e.to);
        if libs.len() != 1 {
            continue;
        }
        for s in &stones {
            for f in game.board.edges(rel, *s).iter().filter(|f| enemy(f.to)) {
                let (_, theirs) = chain(pos, f.to);
                if theirs.len() == 1 {
                    out.extend(theirs);
                }
            }
        }
    }
    let legal = pos.legal_moves();
    out.retain(|&n| legal.iter().any(|m| m.to == n && !m.is_pass()));
    out
}

/// The first move of a one-ply light playout from `pos` under `seed`.
fn first_move(pos: &Position, seed: u64, atari: bool) -> Move {
    common::first_playout_move(pos, seed, |buf| buf.atari(atari))
}

#[test]
fn playouts_take_what_is_in_atari_and_otherwise_play_as_before() {
    let game = qipan::load("go", &[("size".into(), "9".into())]).unwrap();
    let (mut answered, mut plain) = (0, 0);
    for g in 0..300u64 {
        let mut pos = game.start();
        let plies = 10 + (g * 7) % 110;
        random_playout(&mut pos, &mut SmallRng::seed_from_u64(g), &mut PlayoutBuf::default(), plies as u32).unwrap();
        if pos.is_over() || pos.last_move().is_none_or(|m| m.is_pass()) {
            continue;
        }
        let expected = answers(&pos);
        if expected.is_empty() {
            // No answer: the same draw as without them, from the same seed.
            for seed in 0..3 {
                assert_eq!(first_move(&pos, seed, true), first_move(&pos, seed, false), "game {g}");
            }
            plain += 1;
        } else {
            let drawn: BTreeSet<NodeId> = (0..40).map(|seed| first_move(&pos, seed, true).to).collect();
            assert_eq!(drawn, expected, "game {g}: {}", pos.ply());
            answered += 1;
        }
    }
    assert!(answered >= 15 && plain >= 100, "{answered} positions with answers, {plain} without");
}

#[test]
fn a_chain_in_atari_is_freed_by_taking_the_chain_beside_it() {
    let game = qipan::load("go", &[("size".into(), "9".into())]).unwrap();
    let mut pos = game.start();
    // White's C1 leaves Black's B1 one liberty, B2; White's A1 beside it has one, A2. Black does not run
    // to B2: it takes A1.
    for text in ["B1", "A1", "E5", "C1"] {
        pos.play(&qipan::core::notation::parse_move(&pos, text).unwrap()).unwrap();
    }
    let a2 = game.board.find("A2").unwrap();
    assert_eq!(answers(&pos), BTreeSet::from([a2]));
    for seed in 0..10 {
        assert_eq!(first_move(&pos, seed, true).to, a2, "seed {seed}");
    }
}
