//! Random playouts of sowing games take a fast path (the sowable pits read off the sowing's tables, a
//! sowing played without the general `apply`, the seeds moved on a board borrowed field by field):
//! under the same seed they must play the very games the general path plays. A second piece type
//! takes a game off the fast path, so the same game with a marker piece is the reference. Playouts of
//! plain sowing games run on the sowing kernel (`core/src/position/sow_kernel.rs`): the pits' counts
//! alone, the cells and lists of pieces set once at the end.

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

#[test]
fn which_games_take_the_sowing_kernel() {
    use qipan::core::position::SowingPath;
    // Decided when the rules are compiled, from the rules alone: a game of one plain sowing rule
    // (nothing else a seat could choose, no end rule but a stuck seat or a repetition) on at most 64
    // nodes, four seats, and no hands.
    for (name, _) in qipan::games::BUILTIN {
        // A game whose options have no default (a Go variant's komi) is no sowing game.
        let Ok(game) = qipan::load(name, &[]) else { continue };
        let expected =
            if ["kalah", "oware", "hus", "hawalis"].contains(name) { SowingPath::Kernel } else { SowingPath::General };
        assert_eq!(game.sowing_path(), expected, "{name}");
    }
    // Every variant of the sowing games takes it too.
    for (name, options) in [("kalah", ("empty_capture", "true")), ("oware", ("feeding", "false"))] {
        let options = [(options.0.to_string(), options.1.to_string())];
        assert_eq!(qipan::load(name, &options).unwrap().sowing_path(), SowingPath::Kernel, "{name}");
    }
    // A second piece type is something else a seat might move: the general path.
    let (_, marked) = pair("oware", &[]);
    assert_eq!(marked.sowing_path(), SowingPath::General);
    // A board too big for the kernel's masks: the plain sowing path on the whole position.
    let big = "extends: hawalis\nname: big-hawalis\nboard:\n  mancala: { pits: 17, rows: 4 }\n";
    let big = qipan::load_str("big.yaml", big, &[]).unwrap();
    assert_eq!(big.sowing_path(), SowingPath::Plain("more than 64 nodes"));
    let mut pos = big.start();
    random_playout(&mut pos, &mut rand::rngs::SmallRng::seed_from_u64(1), &mut PlayoutBuf::default(), 300).unwrap();
    assert!(pos.ply() > 0);
}

#[test]
fn a_pit_standing_for_another_seat_takes_the_general_path() {
    // A position set up by hand with North's seed on South's pit: the kernel, which makes a pit's
    // piece its owner's, leaves such a playout to the general path, which plays it as the reference.
    let (fast, general) = pair("oware", &[]);
    let start = |game: &Arc<Game>| {
        let seed = game.piece("seed").unwrap();
        let mut setup = qipan::core::Setup::empty(game);
        for (label, k) in [("a1", 3), ("c1", 5), ("e2", 4), ("f2", 2), ("b2", 6)] {
            setup.seeds(game.board.find(label).unwrap(), seed, k);
        }
        setup.put(game.board.find("d1").unwrap(), qipan::core::Piece { seat: SeatId(1), piece: seed });
        setup.into_position().unwrap()
    };
    let mut buf = PlayoutBuf::default();
    for seed in 0..40 {
        let (mut a, mut b) = (start(&fast), start(&general));
        random_playout(&mut a, &mut rand::rngs::SmallRng::seed_from_u64(seed), &mut buf, 10_000).unwrap();
        random_playout(&mut b, &mut rand::rngs::SmallRng::seed_from_u64(seed), &mut buf, 10_000).unwrap();
        assert_eq!(summary(&a), summary(&b), "seed {seed}");
        assert_eq!(a.hash(), a.hash_from_scratch(), "seed {seed}");
    }
}
