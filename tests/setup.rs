//! Setting positions up: every refusal of `Position::from_setup` with its message, FEN and SGF
//! setups that are not positions, edits in the middle of a game that keep the superko history, and
//! `to_setup` then `into_position` giving back the same position in every shipped game.

mod common;

use common::game;
use qipan::core::fen::FenError;
use qipan::core::notation::{move_text, parse_move};
use qipan::core::{Illegal, NodeId, Piece, PieceId, Position, SeatId, Setup, SetupError};
use qipan::record::{Legality, ReplayError, game_for_record, replay_position, replay_sgf};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn refusal(setup: &Setup) -> (SetupError, String) {
    let e = setup.into_position().expect_err("the setup is refused");
    let text = e.to_string();
    (e, text)
}

#[test]
fn indices_outside_the_game_are_refused_with_their_range() {
    let g = game("chess", &[]);
    let e1 = g.board.find("e1").unwrap();
    let start = g.start().to_setup();
    let cases: Vec<(Setup, SetupError, &str)> = vec![
        (
            start.clone().put(NodeId(64), Piece { seat: SeatId(0), piece: PieceId::new(0) }).clone(),
            SetupError::NoSuchNode { index: 64, nodes: 64 },
            "node 64 is not on the board (it has 64 nodes)",
        ),
        (
            start.clone().put(e1, Piece { seat: SeatId(2), piece: PieceId::new(0) }).clone(),
            SetupError::NoSuchSeat { index: SeatId(2), seats: 2 },
            "seat 2 is not a seat of the game (it has 2)",
        ),
        (
            start.clone().reserve(SeatId(0), PieceId::new(6), 1).clone(),
            SetupError::NoSuchPiece { index: PieceId::new(6), pieces: 6 },
            "piece type 6 is not a piece of the game (it has 6)",
        ),
        (
            start.clone().counter(0, SeatId(0), 1).clone(),
            SetupError::NoSuchCounter { index: 0, counters: 0 },
            "counter 0 is not a counter of the game (it has 0)",
        ),
        (
            start.clone().to_move(SeatId(7)).clone(),
            SetupError::NoSuchSeat { index: SeatId(7), seats: 2 },
            "seat 7 is not a seat of the game (it has 2)",
        ),
        (
            start.clone().passed(&[e1; 5], e1).clone(),
            SetupError::TooManyPassed(5),
            "5 passed nodes given, at most 4 are kept",
        ),
        (
            start.clone().moved(NodeId(200), true).clone(),
            SetupError::NoSuchNode { index: 200, nodes: 64 },
            "node 200 is not on the board (it has 64 nodes)",
        ),
    ];
    for (setup, want, text) in cases {
        assert_eq!(refusal(&setup), (want, text.to_string()));
    }
    // The first bad index is the one reported.
    let mut setup = g.start().to_setup();
    setup.to_move(SeatId(5)).graveyard(SeatId(0), PieceId::new(9), 1);
    assert_eq!(refusal(&setup).0, SetupError::NoSuchSeat { index: SeatId(5), seats: 2 });
}

#[test]
fn a_seat_out_of_play_may_not_move() {
    let g = game("seven-kingdoms", &[]);
    let zhou = g.seat("zhou").unwrap();
    let setup = g.start().to_setup().to_move(zhou).clone();
    assert_eq!(
        refusal(&setup),
        (SetupError::SeatOutOfPlay("zhou".into()), "zhou is to move but is out of play".into())
    );
}

#[test]
fn stones_without_liberties_are_refused() {
    let g = game("go", &[("size", "9")]);
    let at = |l| g.board.find(l).unwrap();
    let (black, white) =
        (Piece { seat: SeatId(0), piece: PieceId::new(0) }, Piece { seat: SeatId(1), piece: PieceId::new(0) });
    // A white pair in the corner, shut in by black.
    let mut setup = Setup::empty(&g);
    setup.put(at("A1"), white).put(at("B1"), white).put(at("A2"), black).put(at("B2"), black).put(at("C1"), black);
    let (e, text) = refusal(&setup);
    assert!(matches!(&e, SetupError::NoLiberties { node, seat } if (node == "A1" || node == "B1") && seat == "white"));
    assert!(text.starts_with("the white chain on ") && text.ends_with(" has no liberties"), "{text}");
    // With one liberty left (C1 empty) it is a position.
    assert!(setup.remove(at("C1")).into_position().is_ok());
}

#[test]
fn the_side_not_to_move_in_check_is_refused() {
    let chess = game("chess", &[]);
    // White to move, and the white rook on e1 attacks the black king on e8.
    let err = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/K3R3 w - - 0 1").unwrap_err();
    let want = SetupError::InCheck { seat: "black".into(), piece: "king".into(), node: "e8".into() };
    assert_eq!(err, FenError::Setup(want));
    assert_eq!(
        err.to_string(),
        "not a position of the game: black, not to move, is in check: its king on e8 is attacked"
    );
    // Black to move in check is a position.
    assert!(Position::from_fen(&chess, "4k3/8/8/8/8/8/8/K3R3 b - - 0 1").unwrap().in_check(SeatId(1)));

    let xiangqi = game("xiangqi", &[]);
    // The red chariot on d1 attacks the black general on d10.
    let err = Position::from_fen(&xiangqi, "3k5/9/9/9/9/9/9/9/9/3RK4 w - - 0 1").unwrap_err();
    assert!(
        matches!(&err, FenError::Setup(SetupError::InCheck { seat, node, .. }) if seat == "black" && node == "d10"),
        "{err}"
    );
    assert!(Position::from_fen(&xiangqi, "3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1").unwrap().in_check(SeatId(1)));
}

#[test]
fn with_more_seats_the_seat_that_just_moved_may_not_be_in_check() {
    // In He Qi the seat before the mover in turn order moved last; skipping a seat out of play.
    let g = game("he-qi", &[]);
    let mut pos = g.start();
    let mut rng = SmallRng::seed_from_u64(3);
    for _ in 0..12 {
        let moves = pos.legal_moves();
        pos.play(&moves[rng.random_range(0..moves.len())]).unwrap();
    }
    // Whoever is to move, the seat that moved last never stands in check after a legal move.
    assert!(pos.to_setup().into_position().is_ok());
    // Giving the turn to the seat after the mover makes the mover the one that moved last: that is
    // checked too (and passes or fails as the board says, never panics).
    let next = SeatId((pos.to_move().0 + 1) % g.seats.len() as u8);
    let _ = pos.to_setup().to_move(next).into_position();
}

#[test]
fn reserve_counts_are_kept_as_given() {
    // Any count is a position, also of a piece no rule drops (captures into the reserve and
    // `in-reserve` conditions read such reserves).
    let chess = game("chess", &[]);
    let queen = chess.piece("queen").unwrap();
    let pos = chess.start().to_setup().reserve(SeatId(1), queen, 2).into_position().unwrap();
    assert_eq!(pos.reserve(SeatId(1), queen), 2);
    let lc = game("leader-cannon", &[]);
    let commoner = lc.piece("commoner").unwrap();
    let pos = lc.start().to_setup().reserve(SeatId(0), commoner, u16::MAX).into_position().unwrap();
    assert_eq!(pos.reserve(SeatId(0), commoner), u16::MAX);
}

#[test]
fn an_sgf_setup_without_liberties_is_an_error() {
    // AB at A2 and B1 take the last liberty of the white stone at A1.
    let err = replay_sgf("go", &[], b"(;GM[1]SZ[9]AW[ai]AB[ah][bi];B[ee])").unwrap_err();
    assert!(
        matches!(&err, ReplayError::Setup { moves: 0, error: SetupError::NoLiberties { node, .. } } if node == "A1")
    );
    assert_eq!(
        err.to_string(),
        "the record's setup after 0 moves is not a position of the game: the white chain on A1 has no liberties"
    );
    // And in a later node.
    let err = replay_sgf("go", &[], b"(;GM[1]SZ[9];B[ah];W[ai];AB[bi])").unwrap_err();
    assert!(matches!(&err, ReplayError::Setup { moves: 2, .. }), "{err}");
}

#[test]
fn editing_mid_game_keeps_the_superko_history() {
    // Black E5, White D5, then the record takes D5 off (AE) and White plays D5 again: the board
    // with E5 and D5 was seen, so positional superko refuses it.
    let sgf = qipan::sgf::parse_sgf("(;GM[1]SZ[9];B[ee];W[de];AE[de];W[de])").unwrap();
    let g = game_for_record("go", &[], &sgf).unwrap();
    let r = replay_position(&g, &sgf, None, Legality::Check).unwrap();
    assert_eq!(r.moves, 2);
    assert!(matches!(&r.illegal, Some((3, rule)) if rule.contains("positional superko")), "{:?}", r.illegal);
    // The same through the API: a setup of a position inherits its history.
    let mut pos = g.start();
    for t in ["E5", "D5"] {
        pos.play(&parse_move(&pos, t).unwrap()).unwrap();
    }
    let d5 = g.board.find("D5").unwrap();
    let edited = pos.to_setup().remove(d5).to_move(SeatId(1)).into_position().unwrap();
    assert_eq!(edited.check(&parse_move(&edited, "D5").unwrap()), Err(Illegal::PositionalSuperko));
    // Forgetting the history allows it.
    let fresh = pos.to_setup().remove(d5).to_move(SeatId(1)).forget_history().into_position().unwrap();
    assert_eq!(fresh.check(&parse_move(&fresh, "D5").unwrap()), Ok(()));
}

#[test]
fn gtp_out_of_turn_play_keeps_the_superko_history() {
    let mut engine = qipan::gtp::GtpEngine::new("go", &[("size".into(), "9".into())], 1).unwrap();
    let reply = |engine: &mut qipan::gtp::GtpEngine, command: &str| engine.handle(command).0.unwrap_or_default();
    // A ko: Black C5 D6 D4 and White D5 E6 E4 F5; Black takes at E5, then passes out of turn.
    let ko = ["C5", "D5", "D6", "E6", "D4", "E4", "J9", "F5", "E5"];
    for (i, vertex) in ko.iter().enumerate() {
        let colour = if i % 2 == 0 { "black" } else { "white" };
        assert!(reply(&mut engine, &format!("play {colour} {vertex}")).starts_with('='), "{vertex}");
    }
    assert!(reply(&mut engine, "play black pass").starts_with('='));
    // White's retake would bring back the board before Black took: the history still has it.
    let refused = reply(&mut engine, "play white D5");
    assert!(refused.starts_with('?') && refused.contains("superko"), "{refused}");
}

/// The legal moves as sorted texts.
fn texts(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| move_text(pos.game(), m)).collect();
    v.sort();
    v
}

#[test]
fn a_setup_of_a_position_makes_the_same_position_in_every_game() {
    let games = [
        ("chess", vec![]),
        ("xiangqi", vec![]),
        ("go", vec![("size", "9")]),
        ("field-go", vec![("komi", "0.5")]),
        ("he-qi", vec![]),
        ("leader-cannon", vec![]),
        ("seven-kingdoms", vec![]),
    ];
    for (name, opts) in games {
        let g = game(name, &opts);
        for seed in 0..3u64 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut pos = g.start();
            for ply in 0..40 {
                if ply % 4 == 0 {
                    let again = pos.to_setup().into_position().unwrap_or_else(|e| panic!("{name} ply {ply}: {e}"));
                    let at = format!("{name}, seed {seed}, ply {ply}");
                    assert_eq!(again.hash(), pos.hash(), "{at}");
                    assert_eq!(again.hash(), again.hash_from_scratch(), "{at}");
                    assert_eq!(
                        (again.to_move(), again.ply(), again.quiet_plies()),
                        (pos.to_move(), pos.ply(), pos.quiet_plies()),
                        "{at}"
                    );
                    assert_eq!(again.to_fen(), pos.to_fen(), "{at}");
                    assert_eq!(texts(&again), texts(&pos), "{at}");
                    assert_eq!(again.outcome(), pos.outcome(), "{at}");
                }
                let moves = pos.legal_moves();
                if pos.is_over() || moves.is_empty() {
                    break;
                }
                pos.play(&moves[rng.random_range(0..moves.len())]).unwrap();
            }
        }
    }
}
