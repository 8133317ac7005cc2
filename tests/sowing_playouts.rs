//! Random playouts of sowing games take a fast path (the sowable pits read off the sowing's tables, a
//! sowing played without the general `apply`, the seeds moved on a board borrowed field by field):
//! under the same seed they must play the very games the general path plays. A second piece type
//! takes a game off the fast path, so the same game with a marker piece is the reference.

use qipan::core::playout::{PlayoutBuf, Policy, playout, random_playout};
use qipan::core::{Game, Position, SeatId};
use rand::SeedableRng;
use std::sync::Arc;

/// `name` with `options`, and the same game with a marker piece (off the fast path).
fn pair(name: &str, options: &[(&str, &str)]) -> (Arc<Game>, Arc<Game>) {
    let options: Vec<(String, String)> = options.iter().map(|&(k, v)| (k.into(), v.into())).collect();
    let fast = qipan::load(name, &options).unwrap();
    let src = format!("extends: {name}\nname: {name}-with-a-marker\npieces:\n  marker: {{ symbols: [M, m] }}\n");
    let general = qipan::load_str("marker.yaml", &src, &options).unwrap();
    (fast, general)
}

/// What a finished playout left: seeds per node, captures, the seat to move, the ply and the result.
#[derive(Debug, PartialEq)]
struct Summary {
    seeds: Vec<u16>,
    captures: Vec<u32>,
    to_move: SeatId,
    ply: u32,
    result: Option<(Vec<SeatId>, String)>,
}

fn summary(pos: &Position) -> Summary {
    Summary {
        seeds: pos.counts().to_vec(),
        captures: pos.captures().to_vec(),
        to_move: pos.to_move(),
        ply: pos.ply(),
        result: pos.outcome().map(|r| (r.winners.clone(), format!("{:?}", r.reason))),
    }
}

/// Each seat's list of placed nodes holds exactly the nodes its seeds stand on.
fn lists_agree(pos: &Position) {
    for seat in pos.game().seat_ids() {
        let mut listed = pos.placed(seat).to_vec();
        listed.sort();
        let standing: Vec<_> =
            pos.game().board.node_ids().filter(|&n| pos.cell(n).is_some_and(|p| p.seat == seat)).collect();
        assert_eq!(listed, standing, "seat {seat:?}");
    }
}

fn same_playouts(name: &str, options: &[(&str, &str)], games: u64) {
    same_playouts_to(name, options, games, 10_000);
}

/// As `same_playouts`, with playouts cut at `plies` (a game that has not ended by then is compared as
/// it stands).
fn same_playouts_to(name: &str, options: &[(&str, &str)], games: u64, plies: u32) {
    let (fast, general) = pair(name, options);
    let mut buf = PlayoutBuf::default();
    for seed in 0..games {
        let mut a = fast.start();
        random_playout(&mut a, &mut rand::rngs::SmallRng::seed_from_u64(seed), &mut buf, plies).unwrap();
        let mut b = general.start();
        random_playout(&mut b, &mut rand::rngs::SmallRng::seed_from_u64(seed), &mut buf, plies).unwrap();
        assert!(a.is_over() || a.ply() >= plies, "{name} {options:?}, seed {seed}");
        assert_eq!(summary(&a), summary(&b), "{name} {options:?}, seed {seed}");
        assert_eq!(a.hash(), a.hash_from_scratch(), "{name} {options:?}, seed {seed}");
        lists_agree(&a);
    }
}

#[test]
fn kalah_playouts_are_those_of_the_general_path() {
    same_playouts("kalah", &[], 300);
    same_playouts("kalah", &[("empty_capture", "true")], 100);
    same_playouts("kalah", &[("pits", "4"), ("seeds", "6")], 100);
}

#[test]
fn oware_playouts_are_those_of_the_general_path() {
    same_playouts("oware", &[], 200);
    same_playouts("oware", &[("feeding", "false")], 60);
    same_playouts("oware", &[("grand_slam", "false")], 60);
}

#[test]
fn four_row_playouts_are_those_of_the_general_path() {
    // Hawalis: the pits across taken (`keep`) and pits of one seed sown last (`singles-last`).
    same_playouts("hawalis", &[], 150);
    // Hus: relay sowing with captures from occupied pits; most random games run very long.
    same_playouts_to("hus", &[], 40, 600);
}

#[test]
fn playouts_stopped_part_way_go_on_as_one() {
    // A playout cut at a ply cap leaves a position the next playout carries on from, as the general
    // path does (the seeds, the repetition history, the seat to move).
    let (fast, general) = pair("oware", &[]);
    let mut buf = PlayoutBuf::default();
    for seed in 0..50 {
        let (mut a, mut b) = (fast.start(), general.start());
        let mut ra = rand::rngs::SmallRng::seed_from_u64(seed);
        let mut rb = rand::rngs::SmallRng::seed_from_u64(seed);
        while !a.is_over() {
            playout(&mut a, &mut ra, &mut buf, 7, Policy::Uniform).unwrap();
            playout(&mut b, &mut rb, &mut buf, 7, Policy::Uniform).unwrap();
            assert_eq!(summary(&a), summary(&b), "seed {seed}");
        }
        assert!(b.is_over());
    }
}
