//! Shogi as a definition: perft against Fairy-Stockfish from the start and from positions with hands and
//! promoted pieces, random games compared with it move by move, and each rule of the game on its own.

mod common;

use common::perft::Speed;
use qipan::core::notation::{move_text, parse_move};
use qipan::core::{Game, Move, MoveKind, Position, SeatId};
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;
use std::sync::Arc;

fn shogi() -> Arc<Game> {
    qipan::load("shogi", &[]).expect("shogi loads")
}

fn fen(f: &str) -> Position {
    Position::from_fen(&shogi(), f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn play_all(p: &mut Position, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = parse_move(p, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.play(&mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn texts(p: &Position) -> BTreeSet<String> {
    p.legal_moves().iter().map(|m| move_text(p.game(), m)).collect()
}

/// A move as Fairy-Stockfish writes it: `c3c4`, `b2h8+`, `P@e5`.
fn uci(game: &Game, mv: &Move) -> String {
    let b = &game.board;
    match mv.kind {
        MoveKind::Drop => {
            let symbol = game.pieces[mv.piece.idx()].symbols[0].to_ascii_uppercase();
            format!("{symbol}@{}", b.label(mv.to))
        }
        _ => format!("{}{}{}", b.label(mv.from), b.label(mv.to), if mv.promote.is_some() { "+" } else { "" }),
    }
}

#[test]
fn perft_of_the_start_and_positions_with_hands() {
    common::perft::check("shogi.perft", Speed::Quick);
}

#[test]
#[ignore = "millions of nodes: run with --ignored in release"]
fn perft_of_the_start_and_positions_with_hands_deeper() {
    common::perft::check("shogi.perft", Speed::Slow);
}

#[test]
fn perft_agrees_with_fairy_stockfish() {
    common::perft::agree_with_fairy("shogi.perft");
}

#[test]
fn a_pawn_drop_that_mates_is_refused_and_fairy_stockfish_lists_it_as_a_lost_mate() {
    // Gote's king on a9 is boxed in by its knight and by the gold on b7, which guards a8.
    let f = "kn7/9/1G7/9/4P4/9/9/9/4K4[PNLSGBR] w - - 0 1";
    let pos = fen(f);
    let ours: BTreeSet<String> = pos.legal_moves().iter().map(|m| uci(pos.game(), m)).collect();
    assert!(!ours.contains("P@a8"), "uchifuzume");
    assert!(ours.contains("L@a8"), "a lance dropped there mates, and may");
    assert!(!ours.iter().any(|m| m.starts_with("P@e")), "nifu: Sente has a pawn on the e-file");
    assert!(ours.contains("P@d5") && !ours.contains("P@d9"), "no pawn on the last rank");
    let Some(mut fairy) = common::fairy::Fairy::start() else { return };
    let theirs = fairy.perft("shogi", Some(f), &[], 1);
    let theirs: BTreeSet<String> = theirs.moves.into_iter().map(|(m, _)| m).collect();
    let extra: Vec<&String> = theirs.difference(&ours).collect();
    assert_eq!(extra, ["P@a8"], "the only difference");
    assert!(ours.is_subset(&theirs));
    assert_eq!(fairy.perft("shogi", Some(f), &["P@a8"], 1).total, 0, "a mate: no reply");
}

#[test]
fn random_games_agree_with_fairy_stockfish_move_by_move() {
    let Some(mut fairy) = common::fairy::Fairy::start() else { return };
    let game = shogi();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(21);
    for g in 0..6 {
        let mut pos = game.start();
        let mut played: Vec<String> = Vec::new();
        for _ in 0..70 {
            let legal = pos.legal_moves();
            let ours: BTreeSet<String> = legal.iter().map(|m| uci(&game, m)).collect();
            let refs: Vec<&str> = played.iter().map(String::as_str).collect();
            let theirs: BTreeSet<String> =
                fairy.perft("shogi", None, &refs, 1).moves.into_iter().map(|(m, _)| m).collect();
            // Fairy-Stockfish also lists pawn drops that mate (qipan refuses them): nothing else may differ.
            for extra in theirs.difference(&ours) {
                let mut line = refs.clone();
                line.push(extra);
                assert!(
                    extra.starts_with("P@") && fairy.perft("shogi", None, &line, 1).total == 0,
                    "game {g} after {played:?}: Fairy-Stockfish has {extra}"
                );
            }
            assert!(ours.is_subset(&theirs), "game {g} after {played:?}: {:?}", ours.difference(&theirs));
            if legal.is_empty() || pos.is_over() {
                break;
            }
            let mv = legal[rng.random_range(0..legal.len())];
            played.push(uci(&game, &mv));
            pos.play(&mv).unwrap();
            // The position reads back from its FEN, and Fairy-Stockfish reads the same board and hands.
            if !pos.is_over() {
                let f = pos.to_fen().unwrap();
                assert_eq!(Position::from_fen(&game, &f).unwrap().to_fen().unwrap(), f);
            }
        }
    }
}

#[test]
fn a_captured_promoted_piece_goes_to_the_hand_unpromoted() {
    // 1. c3-c4 g7-g6 2. Bxh8=+B Sxh8: the horse comes back to Gote's hand as a bishop.
    let game = shogi();
    let mut pos = game.start();
    play_all(&mut pos, "c3-c4 g7-g6 b2-h8=horse");
    assert_eq!(pos.to_fen().unwrap(), "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2");
    play_all(&mut pos, "g9-h8");
    let bishop = game.piece("bishop").unwrap();
    assert_eq!((pos.reserve(SeatId(0), bishop), pos.reserve(SeatId(1), bishop)), (1, 1));
    assert_eq!(pos.reserve(SeatId(1), game.piece("horse").unwrap()), 0);
    assert!(pos.to_fen().unwrap().ends_with("[Bb] w - - 0 3"));
}

#[test]
fn promotion_is_a_choice_in_the_far_ranks_and_forced_where_a_piece_could_not_move_again() {
    let pos = fen("4k4/P5L2/2N3S2/9/9/9/9/1B7/4K4[] w - - 0 1");
    let moves = texts(&pos);
    // The pawn on a8 and the lance on g8 must promote on the last rank, where they could not move again.
    assert!(moves.contains("a8-a9=tokin") && !moves.contains("a8-a9"), "{moves:?}");
    assert!(moves.contains("g8-g9=promoted-lance") && !moves.contains("g8-g9"));
    // The knight on c7 lands on the eighth rank: it must promote.
    assert!(moves.contains("c7-b9=promoted-knight") || moves.contains("c7-d9=promoted-knight"));
    assert!(!moves.iter().any(|m| m.starts_with("c7-") && !m.ends_with("=promoted-knight")));
    // The silver on g7 may promote or not, entering or inside the zone; leaving it too.
    assert!(moves.contains("g7-f8") && moves.contains("g7-f8=promoted-silver"));
    assert!(moves.contains("g7-h6") && moves.contains("g7-h6=promoted-silver"), "leaving the zone");
    // The bishop on b2 may promote only by reaching the far ranks.
    assert!(moves.contains("b2-f6") && !moves.contains("b2-f6=horse"));
}

#[test]
fn stalemate_loses_and_fourfold_repetition_draws() {
    // Gote's king on a9 has no move and is not in check: Gote loses.
    let mut pos = fen("k8/2G6/1G7/9/9/9/9/9/4K4[] w - - 0 1");
    play_all(&mut pos, "e1-d1");
    let result = pos.outcome().expect("the game is over");
    assert_eq!(result.winners, [SeatId(0)], "{result:?}");
    // The kings walk out and back: the fourth time the same position is a draw.
    let mut pos = fen("4k4/9/9/9/9/9/9/9/4K4[Pp] w - - 0 1");
    for _ in 0..2 {
        play_all(&mut pos, "e1-d1 e9-d9 d1-e1 d9-e9");
    }
    play_all(&mut pos, "e1-d1 e9-d9 d1-e1");
    assert!(!pos.is_over());
    play_all(&mut pos, "d9-e9");
    assert!(pos.is_over() && pos.outcome().unwrap().winners.is_empty(), "a draw");
}

#[test]
fn a_fourfold_repetition_of_perpetual_check_loses_for_the_checker() {
    // Sente's rook checks along the f and e files in turn and Gote's king steps aside each time: the fourth
    // time the position comes back, Sente, who gave check with every move, loses.
    let mut pos = fen("5k3/9/9/9/9/9/9/4R4/K8[] w - - 0 1");
    for _ in 0..2 {
        play_all(&mut pos, "e2-f2 f9-e9 f2-e2 e9-f9");
    }
    play_all(&mut pos, "e2-f2 f9-e9 f2-e2");
    assert!(!pos.is_over());
    play_all(&mut pos, "e9-f9");
    let r = pos.outcome().expect("the game is over");
    assert_eq!((r.reason.clone(), r.winners.clone()), (qipan::core::EndReason::PerpetualCheck, vec![SeatId(1)]));
    // The same moves with the option off: a draw.
    let game = qipan::load("shogi", &[("repetition".into(), "false".into())]).unwrap();
    let mut pos = Position::from_fen(&game, "5k3/9/9/9/9/9/9/4R4/K8[] w - - 0 1").unwrap();
    for _ in 0..3 {
        play_all(&mut pos, "e2-f2 f9-e9 f2-e2 e9-f9");
    }
    assert!(!pos.is_over(), "without sennichite the game goes on");
}
