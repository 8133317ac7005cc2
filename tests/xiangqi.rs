//! Xiangqi as a definition: perft against the published counts and Fairy-Stockfish, and each rule.

mod common;

use common::perft::Speed;
use qipan::core::notation::{move_text, parse_move};
use qipan::core::{EndReason, Game, PlayError, Position, SeatId};
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

// The start position and ten test positions, with counts checked with Fairy-Stockfish, are in
// tests/perft/xiangqi.perft.

#[test]
fn perft_of_the_start_and_test_positions() {
    common::perft::check("xiangqi.perft", Speed::Quick);
}

#[test]
#[ignore = "133 million nodes: run with --ignored in release (about 20 s)"]
fn perft_of_the_start_to_depth_5() {
    common::perft::check("xiangqi.perft", Speed::Slow);
}

#[test]
fn perft_agrees_with_fairy_stockfish() {
    common::perft::agree_with_fairy("xiangqi.perft");
}

#[test]
fn fen_round_trips() {
    assert_eq!(
        xiangqi().start().to_fen().unwrap(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    );
    for f in common::perft::fens("xiangqi.perft") {
        assert_eq!(fen(&f).to_fen().unwrap(), f);
    }
}

#[test]
fn the_generals_may_not_face_each_other() {
    // Red's general on d1 may not step onto the open e-file the black general stands on.
    let p = fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(from(&p, "d1"), set(&["d1-d2"]));
    // A piece between them may not leave the file (a cannon: with no screen it does not attack the
    // general beyond, so the position is one where Red is to move).
    let p = fen("4k4/9/9/9/4C4/9/9/9/9/4K4 w - - 0 1");
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
    assert_eq!(p.cell(p.game().board.find("b10").unwrap()).map(|c| c.seat), Some(SeatId(0)));
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
    assert_eq!((r.winners.as_slice(), &r.reason), (&[SeatId(0)][..], &EndReason::Checkmate));
    // Stalemate: black's only piece cannot move and is not in check.
    let mut p = fen("3k5/4P4/9/9/9/9/9/9/9/5K3 w - - 0 1");
    assert!(!p.is_over());
    play(&mut p, "f1-f2").unwrap();
    let r = p.outcome().expect("no legal move");
    assert_eq!((r.winners.as_slice(), &r.reason), (&[SeatId(0)][..], &EndReason::NoLegalMove));
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

/// Perpetual check (Asian rules): at the third occurrence, the side that gave check with every move since
/// the first loses; a cycle with one quiet move among the checks is drawn; the option can make it a draw.
#[test]
fn perpetual_check_loses_for_the_checking_side() {
    let game = |perpetual: &str| {
        let options = [("repetition".into(), "true".into()), ("perpetual_check".into(), perpetual.into())];
        qipan::load("xiangqi", &options).unwrap()
    };
    let result = |g: &Arc<Game>, f: &str, moves: &[&str]| {
        let mut p = Position::from_fen(g, f).unwrap();
        for m in moves {
            assert!(!p.is_over(), "over before {m}");
            play(&mut p, m).unwrap();
        }
        p.outcome().map(|r| (r.reason.clone(), r.winners.clone()))
    };
    let checks = ["e2-f2", "f10-e10", "f2-e2", "e10-f10"].repeat(2);
    let start = "5k3/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1";
    assert_eq!(result(&game("loses"), start, &checks), Some((EndReason::PerpetualCheck, vec![SeatId(1)])));
    assert_eq!(result(&game("draw"), start, &checks), Some((EndReason::Repetition, vec![])));
    // Black checks for ever (Red makes the last move of the cycle): Black loses.
    let black = "3k5/4r4/9/9/9/9/9/9/9/5K3 b - - 0 1";
    let checks = ["e9-f9", "f1-e1", "f9-e9", "e1-f1"].repeat(2);
    assert_eq!(result(&game("loses"), black, &checks), Some((EndReason::PerpetualCheck, vec![SeatId(0)])));
    // One quiet chariot move in the cycle: a plain repetition.
    let start = "5k3/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1";
    let mixed = ["e2-f2", "f10-e10", "f2-e2", "e10-f10", "d1-d2", "f10-f9", "d2-d1", "f9-f10"];
    let r = result(&game("loses"), start, &mixed);
    assert_eq!(r.map(|x| x.0), Some(EndReason::Repetition));
}
