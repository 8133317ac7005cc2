//! Xiangqi as a definition: perft against the published counts and Fairy-Stockfish, and each rule.

mod common;

use qipan::core::notation::{move_text, parse_move};
use qipan::core::playout::perft;
use qipan::core::{EndReason, Game, PlayError, Position};
use std::collections::BTreeSet;
use std::sync::Arc;

fn xiangqi() -> Arc<Game> {
    qipan::load("xiangqi", &[]).expect("xiangqi loads")
}

fn fen(f: &str) -> Position {
    Position::from_fen(&xiangqi(), f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn texts(p: &Position) -> BTreeSet<String> {
    p.legal_moves().iter().map(|m| move_text(p.game(), m)).collect()
}

fn from(p: &Position, label: &str) -> BTreeSet<String> {
    texts(p).into_iter().filter(|m| m.starts_with(&format!("{label}-"))).collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

fn play(p: &mut Position, text: &str) -> Result<(), PlayError> {
    let mv = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play(&mv)
}

#[test]
fn perft_from_the_start_to_depth_4() {
    let start = xiangqi().start();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [44, 1_920, 79_666, 3_290_240]);
}

#[test]
#[ignore = "133 million nodes: run with --ignored in release (about 20 s)"]
fn perft_from_the_start_to_depth_5() {
    assert_eq!(perft(&xiangqi().start(), 5), 133_312_995);
}

/// Test positions with their perft to depth 4, each count checked with Fairy-Stockfish 11.1
/// (`setoption name UCI_Variant value xiangqi`, `position fen ...`, `go perft N`).
const POSITIONS: [(&str, [u64; 4]); 10] = [
    ("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", [38, 1_128, 43_929, 1_339_047]),
    ("1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1", [7, 281, 8_620, 326_201]),
    ("5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1", [25, 424, 9_850, 202_884]),
    ("CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1", [28, 516, 14_808, 395_483]),
    ("R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1", [21, 364, 7_626, 162_837]),
    ("C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1", [28, 222, 6_241, 64_971]),
    ("4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1", [23, 345, 8_124, 149_272]),
    ("2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1", [21, 195, 3_883, 48_060]),
    ("1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1", [30, 830, 22_787, 649_866]),
    ("CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1", [19, 583, 11_714, 376_467]),
];

#[test]
fn perft_of_test_positions_to_depth_4() {
    for (f, expected) in POSITIONS {
        let p = fen(f);
        let counts: Vec<u64> = (1..=4).map(|d| perft(&p, d)).collect();
        assert_eq!(counts, expected, "{f}");
    }
}

#[test]
fn playing_each_move_agrees_with_perft() {
    for (f, _) in &POSITIONS[..3] {
        let p = fen(f);
        assert_eq!(common::brute_perft(&p, 2), perft(&p, 2), "{f}");
    }
}

#[test]
fn fen_round_trips() {
    assert_eq!(
        xiangqi().start().to_fen().unwrap(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
    for (f, _) in POSITIONS {
        assert_eq!(fen(f).to_fen().unwrap(), f);
    }
}

#[test]
fn the_generals_may_not_face_each_other() {
    // Red's general on d1 may not step onto the open e-file the black general stands on.
    let p = fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(from(&p, "d1"), set(&["d1-d2"]));
    // A piece between them may not leave the file.
    let p = fen("4k4/9/9/9/4R4/9/9/9/9/4K4 w - - 0 1");
    assert!(texts(&p).contains("e6-e9") && !texts(&p).contains("e6-d6"));
    assert!(from(&p, "e6").iter().all(|m| m.starts_with("e6-e")), "{:?}", from(&p, "e6"));
}

#[test]
fn the_general_and_advisors_stay_in_the_palace() {
    let p = fen("5k3/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1");
    assert_eq!(from(&p, "d1"), set(&["d1-d2", "d1-e1"]));
    assert_eq!(from(&p, "e2"), set(&["e2-d3", "e2-f1", "e2-f3"]));
}

#[test]
fn elephants_stay_home_and_are_blocked_at_the_eye() {
    let p = fen("3k5/9/9/9/2B6/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(from(&p, "c6"), set(&["c6-a4", "c6-e4"]), "never across the river");
    let p = fen("3k5/9/9/9/9/9/9/9/3P5/2B1K4 w - - 0 1");
    assert_eq!(from(&p, "c1"), set(&["c1-a3"]), "the eye on d2 is occupied");
}

#[test]
fn a_horse_leg_blocks_the_horse() {
    let start = xiangqi().start();
    assert_eq!(from(&start, "b1"), set(&["b1-a3", "b1-c3"]), "c1 blocks the way to d2");
    let p = fen("3k5/9/9/9/9/9/9/9/1P7/1N2K4 w - - 0 1");
    assert_eq!(from(&p, "b1"), set(&["b1-d2"]));
}

#[test]
fn cannons_capture_over_exactly_one_screen() {
    let start = xiangqi().start();
    let cannon = from(&start, "b3");
    assert!(cannon.contains("b3-b10") && !cannon.contains("b3-b8") && !cannon.contains("b3-b9"), "{cannon:?}");
    assert!(cannon.contains("b3-b7") && cannon.contains("b3-e3"));
    let mut p = start.clone();
    assert_eq!(parse_move(&p, "b3b10").unwrap(), parse_move(&p, "b3-b10").unwrap(), "UCI text");
    play(&mut p, "b3-b10").unwrap();
    assert_eq!(p.cell(p.game().board.find("b10").unwrap()).map(|c| c.seat), Some(0));
}

#[test]
fn soldiers_go_sideways_only_across_the_river() {
    let p = fen("4k4/9/9/9/2P6/4P4/9/9/9/4K4 w - - 0 1");
    assert_eq!(from(&p, "e5"), set(&["e5-e6"]));
    assert_eq!(from(&p, "c6"), set(&["c6-b6", "c6-c7", "c6-d6"]));
}

#[test]
fn checkmate_and_stalemate_both_lose() {
    let mut p = fen("3k5/9/9/4R4/9/9/9/9/9/4K4 w - - 0 1");
    play(&mut p, "e7-d7").unwrap();
    // The general on d10 is in check along the d-file; d9 is attacked too, e10 faces red's general
    // (the chariot has left the e-file).
    let r = p.outcome().expect("checkmate");
    assert_eq!((r.winners.as_slice(), &r.reason), (&[0u8][..], &EndReason::Checkmate));
    // Stalemate: black's only piece cannot move and is not in check.
    let mut p = fen("3k5/4P4/9/9/9/9/9/9/9/5K3 w - - 0 1");
    assert!(!p.is_over());
    play(&mut p, "f1-f2").unwrap();
    let r = p.outcome().expect("no legal move");
    assert_eq!((r.winners.as_slice(), &r.reason), (&[0u8][..], &EndReason::NoLegalMove));
}

#[test]
fn random_games_end() {
    use qipan::core::playout::{PlayoutBuf, random_playout};
    use rand::SeedableRng;
    let game = xiangqi();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
    let mut buf = PlayoutBuf::default();
    for _ in 0..20 {
        let mut p = game.start();
        random_playout(&mut p, &mut rng, &mut buf, 100_000).unwrap();
        assert!(p.is_over());
    }
}
