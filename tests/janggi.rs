//! Janggi as a definition: perft against Fairy-Stockfish from the start and test positions
//! (tests/perft/janggi.perft), and each rule that sets it apart from xiangqi.

mod common;

use common::perft::Speed;
use qipan::core::notation::{move_text, parse_move};
use qipan::core::{EndReason, Game, Move, Position, SeatId};
use std::collections::BTreeSet;
use std::sync::Arc;

fn janggi(opts: &[(&str, &str)]) -> Arc<Game> {
    let opts: Vec<(String, String)> = opts.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    qipan::load("janggi", &opts).expect("janggi loads")
}

fn fen(f: &str) -> Position {
    Position::from_fen(&janggi(&[]), f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn from(p: &Position, label: &str) -> BTreeSet<String> {
    p.legal_moves().iter().map(|m| move_text(p.game(), m)).filter(|m| m.starts_with(&format!("{label}-"))).collect()
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

#[test]
fn perft_of_the_start_and_test_positions() {
    common::perft::check("janggi.perft", Speed::Quick);
}

#[test]
#[ignore = "35 million nodes: run with --ignored in release"]
fn perft_of_the_start_to_depth_5() {
    common::perft::check("janggi.perft", Speed::Slow);
    common::perft::check("janggi-casual.perft", Speed::Slow);
}

#[test]
fn perft_agrees_with_fairy_stockfish() {
    common::perft::agree_with_fairy("janggi.perft");
}

#[test]
fn perft_without_bikjang_agrees_with_fairy_stockfishs_janggicasual() {
    common::perft::check("janggi-casual.perft", Speed::Quick);
    common::perft::agree_with_fairy("janggi-casual.perft");
}

/// The generals face each other on the e-file, Cho to move.
const BIKJANG: &str = "rnba1abnr/4k4/1c5c1/p1pp2p1p/9/9/P1PP2P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

#[test]
fn bikjang_must_be_broken_or_accepted_by_a_pass() {
    let mut pos = fen(BIKJANG);
    let moves: BTreeSet<String> = pos.legal_moves().iter().map(|m| move_text(pos.game(), m)).collect();
    assert_eq!(moves, set(&["c1-e4", "d4-e4", "e2-d2", "e2-d3", "e2-f2", "e2-f3", "g1-e4", "pass"]));
    assert!(pos.check(&parse_move(&pos, "a1-a2").unwrap()).is_err(), "the generals would still face each other");
    // Passing accepts it: the game ends, decided by material: 72 points each, and Han's 1.5 for moving second.
    pos.play(&Move::PASS).unwrap();
    let r = pos.outcome().expect("over");
    assert_eq!((r.reason.clone(), r.winners.clone()), (EndReason::Facing, vec![SeatId(1)]));
    assert_eq!((r.scores.clone(), r.text.as_str()), (Some(vec![72.0, 73.5]), "B+1.5"));
    // Without material counting it is drawn (Fairy-Stockfish's janggitraditional).
    let mut traditional = Position::from_fen(&janggi(&[("material_counting", "false")]), BIKJANG).unwrap();
    traditional.play(&Move::PASS).unwrap();
    let r = traditional.outcome().expect("over");
    assert_eq!((r.reason.clone(), r.winners.len()), (EndReason::Facing, 0));
    // Without the option the generals may face each other, and nothing follows.
    let casual = Position::from_fen(&janggi(&[("bikjang", "false")]), BIKJANG).unwrap();
    assert_eq!(casual.legal_moves().len(), 32);
    // Under bikjang a pass is allowed even in check: Han's chariot on a2 checks Cho's general on e2.
    let pos = fen("4k4/9/9/9/9/9/9/9/r3K4/9 w - - 0 1");
    assert!(pos.in_check(pos.to_move()) && pos.legal_moves().contains(&Move::PASS));
    let casual = Position::from_fen(&janggi(&[("bikjang", "false")]), "4k4/9/9/9/9/9/9/9/r3K4/9 w - - 0 1").unwrap();
    assert!(!casual.legal_moves().contains(&Move::PASS));
}

#[test]
fn the_start_is_fairy_stockfishs() {
    assert_eq!(
        janggi(&[]).start().to_fen().unwrap(),
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"
    );
    // The four arrangements of horses (N) and elephants (B) on files b, c, g and h.
    let fens: Vec<String> = ["outer", "left", "right"]
        .iter()
        .map(|a| janggi(&[("cho_setup", a), ("han_setup", a)]).start().to_fen().unwrap())
        .collect();
    let rest = "/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/";
    assert_eq!(
        fens,
        [
            format!("rbna1anbr{rest}RBNA1ANBR w - - 0 1"),
            format!("rbna1abnr{rest}RBNA1ABNR w - - 0 1"),
            format!("rnba1anbr{rest}RNBA1ANBR w - - 0 1"),
        ]
    );
}

#[test]
fn a_pass_is_refused_in_check_only() {
    let pos = janggi(&[]).start();
    assert!(pos.legal_moves().contains(&Move::PASS));
    // The chariot on e6 checks the general on e2.
    let pos = fen("3k5/9/9/9/4r4/9/9/9/4K4/9 w - - 0 1");
    assert!(pos.in_check(pos.to_move()));
    assert!(!pos.legal_moves().contains(&Move::PASS) && pos.check(&Move::PASS).is_err());
    // Both sides passing ends the game.
    let mut pos = janggi(&[]).start();
    pos.play(&Move::PASS).unwrap();
    pos.play(&Move::PASS).unwrap();
    assert!(pos.is_over());
}

#[test]
fn palace_lines() {
    // The general on e2 steps along every line of its palace; from d2 (no diagonal line) only straight.
    let pos = fen("3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1");
    assert_eq!(from(&pos, "e2"), set(&["e2-d1", "e2-e1", "e2-f1", "e2-d2", "e2-f2", "e2-d3", "e2-e3", "e2-f3"]));
    let pos = fen("4k4/9/9/9/9/9/9/9/3K5/9 w - - 0 1");
    assert_eq!(from(&pos, "d2"), set(&["d2-d1", "d2-e2", "d2-d3"]));
    // A chariot on a palace corner slides along the diagonal line through the centre, and no further.
    let pos = fen("5k3/9/9/9/9/9/9/9/9/3RK4 w - - 0 1");
    assert!(from(&pos, "d1").contains("d1-e2") && from(&pos, "d1").contains("d1-f3"));
    // The general on e2 stands on the line: the chariot on f1 goes no further along it.
    let pos = fen("3k5/9/9/9/9/9/9/9/4K4/5R3 w - - 0 1");
    assert!(!from(&pos, "f1").contains("f1-e2") && !from(&pos, "f1").contains("f1-d3"));
    // A soldier in the enemy palace steps forward along its lines too.
    let pos = fen("5k3/9/3P5/9/9/9/9/9/4K4/9 w - - 0 1");
    assert_eq!(from(&pos, "d8"), set(&["d8-d9", "d8-c8", "d8-e8", "d8-e9"]));
}

#[test]
fn cannons_need_a_screen_that_is_not_a_cannon() {
    // Cho's cannon on b3 over the soldier on b4: it lands anywhere up to Han's cannon on b8, which it may not take.
    let pos = fen("3k5/9/1c7/9/9/9/1P7/1C7/4K4/9 w - - 0 1");
    assert_eq!(from(&pos, "b3"), set(&["b3-b5", "b3-b6", "b3-b7"]));
    // With Han's cannon as the only screen, nothing.
    let pos = fen("3k5/9/9/9/1c7/9/9/1C7/4K4/9 w - - 0 1");
    assert_eq!(from(&pos, "b3"), set(&[]));
    // Over a piece, it takes an enemy that is not a cannon.
    let pos = fen("3k5/9/1r7/9/1p7/9/9/1C7/4K4/9 w - - 0 1");
    assert_eq!(from(&pos, "b3"), set(&["b3-b7", "b3-b8"]));
}

#[test]
fn elephants_and_horses_are_blocked_on_their_way() {
    // The elephant on e5: one point straight, then two diagonally outward; Cho's soldier on e6 closes the
    // way north (to c8 and g8).
    let pos = fen("4k4/9/9/5p3/4P4/4B4/9/9/4K4/9 w - - 0 1");
    assert_eq!(from(&pos, "e5"), set(&["e5-b3", "e5-b7", "e5-c2", "e5-g2", "e5-h3", "e5-h7"]));
    // The horse on b2: its leg b3 is taken, so a4 and c4 are out of reach.
    let pos = fen("3k5/9/9/9/9/9/9/1P7/1N7/4K4 w - - 0 1");
    assert_eq!(from(&pos, "b2"), set(&["b2-d1", "b2-d3"]));
}

#[test]
fn moves_read_back() {
    let pos = janggi(&[]).start();
    for mv in pos.legal_moves() {
        let text = move_text(pos.game(), &mv);
        assert_eq!(parse_move(&pos, &text).unwrap(), mv, "{text}");
    }
}

/// Plays `moves` from `fen` and returns the result.
fn ends(fen: &str, moves: &[&str]) -> qipan::core::GameResult {
    let mut pos = Position::from_fen(&janggi(&[]), fen).unwrap();
    for m in moves {
        assert!(!pos.is_over(), "over before {m}");
        pos.play(&parse_move(&pos, m).unwrap()).unwrap();
    }
    pos.outcome().cloned().expect("the game is over")
}

#[test]
fn a_repetition_is_decided_by_material_and_a_perpetual_check_loses() {
    // The chariots go back and forth: the start comes back a third time at ply 8. Equal material: Han wins
    // by its 1.5 points.
    let shuffle = ["a2-a3", "a10-a9", "a3-a2", "a9-a10"].repeat(2);
    let r = ends("r3k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1", &shuffle);
    assert_eq!((r.reason, r.winners, r.text.as_str()), (EndReason::Repetition, vec![SeatId(1)], "B+1.5"));
    // A soldier more (2 points) is enough for Cho: 15 against 13 + 1.5.
    let r = ends("r3k4/9/9/9/9/9/8P/9/R8/3K5 w - - 0 1", &shuffle);
    assert_eq!((r.reason, r.winners, r.text.as_str()), (EndReason::Repetition, vec![SeatId(0)], "W+0.5"));
    // Cho's chariot checks along the f and e files in turn and Han's general steps aside: Cho gave check with
    // every move of the cycle, and loses, whatever the material.
    let checks = ["e2-f2", "f10-e10", "f2-e2", "e10-f10"].repeat(2);
    let r = ends("5k3/9/9/9/9/9/9/9/4R4/3K5 w - - 0 1", &checks);
    assert_eq!((r.reason, r.winners), (EndReason::PerpetualCheck, vec![SeatId(1)]));
}

/// Material counted from a FEN's board by the values of the rules, as the test reads them (not through the
/// engine): chariot 13, cannon 7, horse 5, elephant and advisor 3, soldier 2.
fn material_of(fen: &str) -> (u32, u32) {
    let board = fen.split(' ').next().unwrap();
    let value = |c: char| match c.to_ascii_lowercase() {
        'r' => 13,
        'c' => 7,
        'n' => 5,
        'b' | 'a' => 3,
        'p' => 2,
        _ => 0,
    };
    let side = |upper: bool| {
        board.chars().filter(|c| c.is_ascii_alphabetic() && c.is_ascii_uppercase() == upper).map(value).sum()
    };
    (side(true), side(false))
}

#[test]
fn games_that_would_be_drawn_go_to_the_side_with_more_material() {
    // Random games from the start (short quiet-move limit): each that ends by bikjang, passes, a repetition or
    // the quiet moves is won by Cho exactly when its material exceeds Han's by more than 1.5.
    let game = janggi(&[("quiet_moves", "15")]);
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let (mut counted, mut cho_won) = (0, 0);
    for _ in 0..30 {
        let mut pos = game.start();
        while !pos.is_over() {
            let moves = pos.legal_moves();
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            pos.play(&moves[(seed >> 33) as usize % moves.len()]).unwrap();
        }
        let r = pos.outcome().unwrap();
        if matches!(
            r.reason,
            EndReason::Facing | EndReason::ConsecutivePasses | EndReason::Repetition | EndReason::QuietMoves
        ) {
            let (cho, han) = material_of(&pos.to_fen().unwrap());
            let winner = if f64::from(cho) > f64::from(han) + 1.5 { SeatId(0) } else { SeatId(1) };
            assert_eq!(r.winners, vec![winner], "{} {:?} {cho}-{han}", pos.to_fen().unwrap(), r.reason);
            counted += 1;
            cho_won += usize::from(winner == SeatId(0));
        }
    }
    assert!(counted >= 10, "only {counted} games were decided by counting");
    assert!(
        cho_won > 0 && cho_won < counted,
        "{cho_won} of {counted} counted games went to Cho: both sides should win some"
    );
}
