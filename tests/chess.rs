//! Chess as a definition: perft against the published counts, and each rule on its own.

mod common;

use common::perft::Speed;
use qipan::core::notation::{move_text, parse_move};
use qipan::core::playout::perft;
use qipan::core::{EndReason, Game, Illegal, PlayError, Position, SeatId};
use std::collections::BTreeSet;
use std::sync::Arc;

fn chess() -> Arc<Game> {
    qipan::load("chess", &[]).expect("chess loads")
}

fn fen(f: &str) -> Position {
    Position::from_fen(&chess(), f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn texts(p: &Position) -> BTreeSet<String> {
    p.legal_moves().iter().map(|m| move_text(p.game(), m)).collect()
}

fn play(p: &mut Position, text: &str) -> Result<(), PlayError> {
    let mv = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play(&mv)
}

fn play_all(p: &mut Position, moves: &str) {
    for m in moves.split_whitespace() {
        play(p, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn symbol_at(p: &Position, label: &str) -> Option<String> {
    let c = p.cell(p.game().board.find(label).unwrap())?;
    Some(p.game().pieces[c.piece.idx()].symbols[c.seat.idx()].clone())
}

// The standard perft positions (https://www.chessprogramming.org/Perft_Results) and their counts are in
// tests/perft/chess.perft.

#[test]
fn perft_of_the_start_and_the_standard_positions() {
    common::perft::check("chess.perft", Speed::Quick);
}

#[test]
#[ignore = "hundreds of millions of nodes: run with --ignored in release"]
fn perft_of_the_start_and_the_standard_positions_deeper() {
    common::perft::check("chess.perft", Speed::Slow);
}

#[test]
fn perft_agrees_with_fairy_stockfish() {
    common::perft::agree_with_fairy("chess.perft");
}

#[test]
fn fen_round_trips() {
    for f in common::perft::fens("chess.perft") {
        assert_eq!(fen(&f).to_fen().unwrap(), f);
    }
    let start = chess().start().to_fen().unwrap();
    assert_eq!(start, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let mut p = chess().start();
    play(&mut p, "e2-e4").unwrap();
    assert_eq!(p.to_fen().unwrap(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
}

#[test]
fn bad_fen_is_refused_with_a_reason() {
    let g = chess();
    for (f, what) in [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "ranks"),
        ("rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "symbol"),
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "wide"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "seat"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", "en passant"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "count"),
        ("rnbqkbnr/pppppppp/99999999999999/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "wide"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999", "count"),
        ("", "ranks"),
    ] {
        let e = Position::from_fen(&g, f).unwrap_err().to_string();
        assert!(e.contains(what), "{f}: {e}");
    }
}

#[test]
fn castling_moves_king_and_rook() {
    let mut p = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let moves = texts(&p);
    assert!(moves.contains("e1-g1") && moves.contains("e1-c1"), "{moves:?}");
    assert_eq!(parse_move(&p, "e1g1").unwrap(), parse_move(&p, "e1-g1").unwrap(), "UCI text");
    play(&mut p, "e1-g1").unwrap();
    assert_eq!(symbol_at(&p, "g1").as_deref(), Some("K"));
    assert_eq!(symbol_at(&p, "f1").as_deref(), Some("R"));
    assert_eq!(symbol_at(&p, "h1"), None);
    play(&mut p, "e8-c8").unwrap();
    assert_eq!(symbol_at(&p, "c8").as_deref(), Some("k"));
    assert_eq!(symbol_at(&p, "d8").as_deref(), Some("r"));
    assert_eq!(symbol_at(&p, "a8"), None);
}

#[test]
fn castling_is_refused_through_out_of_or_into_check_and_after_moving() {
    // The rook on f2 attacks f1, which the king would pass: only the long castling.
    let p = fen("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
    let moves = texts(&p);
    assert!(!moves.contains("e1-g1") && moves.contains("e1-c1"), "{moves:?}");
    assert!(matches!(p.check(&parse_move(&p, "e1-g1").unwrap()), Err(Illegal::NoSuchMove)));
    // In check: no castling at all.
    let moves = texts(&fen("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1"));
    assert!(!moves.contains("e1-g1") && !moves.contains("e1-c1"), "{moves:?}");
    // Into check (g1 attacked): refused by the check rule.
    let p = fen("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1");
    assert!(!texts(&p).contains("e1-g1"));
    // Not through pieces, and b1 being attacked does not matter for the long castling.
    assert!(!texts(&fen("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1")).contains("e1-c1"));
    assert!(texts(&fen("4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1")).contains("e1-c1"));
    // A king or rook that has moved (and come back) may not castle.
    let mut p = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play_all(&mut p, "h1-h2 a8-a7 h2-h1 a7-a8");
    let moves = texts(&p);
    assert!(!moves.contains("e1-g1") && moves.contains("e1-c1"), "{moves:?}");
    // The castling rights of FEN.
    let moves = texts(&fen("r3k2r/8/8/8/8/8/8/R3K2R w Q - 0 1"));
    assert!(!moves.contains("e1-g1") && moves.contains("e1-c1"), "{moves:?}");
}

#[test]
fn en_passant_only_right_after_the_double_step() {
    let mut p = chess().start();
    play_all(&mut p, "e2-e4 a7-a6 e4-e5 d7-d5");
    assert!(texts(&p).contains("e5-d6"));
    let mut later = p.clone();
    play(&mut p, "e5-d6").unwrap();
    assert_eq!(symbol_at(&p, "d6").as_deref(), Some("P"));
    assert_eq!(symbol_at(&p, "d5"), None, "the pawn taken en passant leaves the board");
    play_all(&mut later, "h2-h3 h7-h6");
    assert!(!texts(&later).contains("e5-d6"), "too late");
    assert!(play(&mut later, "e5-d6").is_err());
    // A single step twice gives no right either.
    let mut p = chess().start();
    play_all(&mut p, "e2-e4 d7-d6 e4-e5 d6-d5");
    assert!(!texts(&p).contains("e5-d6"));
    // En passant that would expose the king along the rank is refused.
    let p = fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    assert!(!texts(&p).contains("e5-d6"));
}

#[test]
fn promotion_offers_four_pieces() {
    let mut p = fen("1n5k/P7/8/8/8/8/8/K7 w - - 0 1");
    let moves: Vec<String> = texts(&p).into_iter().filter(|m| m.starts_with("a7")).collect();
    assert_eq!(moves, ["a7-a8=B", "a7-a8=N", "a7-a8=Q", "a7-a8=R", "a7-b8=B", "a7-b8=N", "a7-b8=Q", "a7-b8=R"]);
    assert!(play(&mut p, "a7-a8").is_err(), "promotion is compulsory");
    assert_eq!(parse_move(&p, "a7b8n").unwrap(), parse_move(&p, "a7-b8=N").unwrap(), "UCI text");
    play(&mut p, "a7-b8=N").unwrap();
    assert_eq!(symbol_at(&p, "b8").as_deref(), Some("N"));
}

#[test]
fn pinned_pieces_and_check_evasions() {
    // The knight on e2 is pinned by the rook on e7.
    let p = fen("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert!(texts(&p).iter().all(|m| !m.starts_with("e2")));
    assert!(matches!(p.check(&parse_move(&p, "e2-c3").unwrap()), Err(Illegal::LeavesInCheck(k)) if k == "king"));
    // In check from the rook: block or step away (the queen cannot take it).
    let p = fen("4k3/8/8/8/4r3/8/3Q4/4K3 w - - 0 1");
    assert!(p.in_check(SeatId(0)));
    assert_eq!(texts(&p), ["d2-e2", "d2-e3", "e1-d1", "e1-f1", "e1-f2"].into_iter().map(String::from).collect());
    // ... or take it.
    let p = fen("4k3/8/8/8/4r3/8/2Q5/4K3 w - - 0 1");
    assert!(texts(&p).contains("c2-e4") && texts(&p).contains("c2-e2") && !texts(&p).contains("c2-c3"));
}

#[test]
fn checkmate_loses_and_stalemate_draws() {
    let mut p = chess().start();
    play_all(&mut p, "f2-f3 e7-e5 g2-g4 d8-h4");
    let r = p.outcome().expect("checkmate ends the game");
    assert_eq!((r.winners.as_slice(), &r.reason, r.text.as_str()), (&[SeatId(1)][..], &EndReason::Checkmate, "B+"));
    let mut p = fen("k7/8/8/2Q5/8/8/8/7K w - - 0 1");
    play(&mut p, "c5-b6").unwrap();
    let r = p.outcome().expect("stalemate ends the game");
    assert!(r.winners.is_empty(), "{r:?}");
}

#[test]
fn fifty_moves_and_threefold_repetition_draw_as_options() {
    let mut p = fen("4k3/8/8/8/8/8/4P3/4K3 w - - 99 60");
    play(&mut p, "e1-d1").unwrap();
    assert!(p.outcome().is_some_and(|r| r.winners.is_empty()));
    // A pawn move restarts the count.
    let mut p = fen("4k3/8/8/8/8/8/4P3/4K3 w - - 99 60");
    play(&mut p, "e2-e3").unwrap();
    assert!(!p.is_over());
    let off = qipan::load("chess", &[("fifty_moves".into(), "false".into())]).unwrap();
    let mut p = Position::from_fen(&off, "4k3/8/8/8/8/8/4P3/4K3 w - - 99 60").unwrap();
    play(&mut p, "e1-d1").unwrap();
    assert!(!p.is_over());

    let shuffle = "g1-f3 g8-f6 f3-g1 f6-g8";
    let mut p = chess().start();
    play_all(&mut p, shuffle);
    play_all(&mut p, "g1-f3 g8-f6 f3-g1");
    assert!(!p.is_over());
    play(&mut p, "f6-g8").unwrap();
    assert!(p.outcome().is_some_and(|r| r.winners.is_empty() && r.reason == EndReason::Repetition));
    let off = qipan::load("chess", &[("repetition".into(), "false".into())]).unwrap();
    let mut p = off.start();
    play_all(&mut p, &format!("{shuffle} {shuffle} {shuffle}"));
    assert!(!p.is_over());
}

/// Where Stockfish is installed (`apt-get install stockfish`), random positions reached by random
/// games must have its perft counts (FEN written by us, read by it).
#[test]
fn random_positions_agree_with_stockfish_when_installed() {
    use rand::{Rng, SeedableRng};
    let bin = ["/usr/games/stockfish", "/usr/bin/stockfish"].into_iter().find(|b| std::path::Path::new(b).exists());
    let Some(bin) = bin else { return };
    let game = chess();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let mut fens = Vec::new();
    for _ in 0..6 {
        let mut p = game.start();
        for ply in 0..120 {
            let moves = p.legal_moves();
            if moves.is_empty() || p.is_over() {
                break;
            }
            if ply % 20 == 19 {
                fens.push(p.to_fen().unwrap());
            }
            p.play(&moves[rng.random_range(0..moves.len())]).unwrap();
        }
    }
    let mut script = String::new();
    for f in &fens {
        script.push_str(&format!("position fen {f}\ngo perft 3\n"));
    }
    script.push_str("quit\n");
    let out = std::process::Command::new(bin)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            c.stdin.take().expect("stdin").write_all(script.as_bytes())?;
            c.wait_with_output()
        })
        .expect("stockfish runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let theirs: Vec<u64> =
        text.lines().filter_map(|l| l.strip_prefix("Nodes searched: ")).map(|n| n.trim().parse().unwrap()).collect();
    assert_eq!(theirs.len(), fens.len(), "{text}");
    for (f, n) in fens.iter().zip(theirs) {
        assert_eq!(perft(&fen(f), 3), n, "{f}");
    }
}

#[test]
fn random_playouts_end_by_the_rules() {
    use qipan::core::playout::{PlayoutBuf, random_playout};
    use rand::SeedableRng;
    let game = chess();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
    let mut buf = PlayoutBuf::default();
    let mut reasons = BTreeSet::new();
    for _ in 0..40 {
        let mut p = game.start();
        random_playout(&mut p, &mut rng, &mut buf, 100_000).unwrap();
        let r = p.outcome().expect("a random game ends");
        reasons.insert(r.reason.clone());
        match &r.reason {
            EndReason::Checkmate => assert_eq!(r.winners.len(), 1),
            EndReason::NoLegalMove
            | EndReason::QuietMoves
            | EndReason::Repetition
            | EndReason::InsufficientMaterial => assert!(r.winners.is_empty()),
            other => panic!("unexpected end: {other}"),
        }
    }
    assert!(reasons.contains(&EndReason::QuietMoves), "{reasons:?}");
}

#[test]
fn a_playout_stopped_by_its_cap_still_sees_a_mate() {
    use qipan::core::playout::{PlayoutBuf, random_playout};
    use rand::SeedableRng;
    // Black is to move and may mate (fool's mate). A playout that draws the mate leaves the test for
    // a stuck seat to its next move generation, or to its end when its cap stops it there: either way
    // it sees the mate.
    let mut start = chess().start();
    play_all(&mut start, "f2-f3 e7-e5 g2-g4");
    let mate = parse_move(&start, "d8-h4").unwrap();
    let mut found = 0;
    for seed in 0..5_000 {
        let playout = |cap| {
            let mut p = start.clone();
            let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
            let plies = random_playout(&mut p, &mut rng, &mut PlayoutBuf::default(), cap).unwrap();
            (p, plies)
        };
        let (p, _) = playout(1);
        if p.last_move() != Some(mate) {
            continue;
        }
        found += 1;
        assert_eq!(p.outcome().map(|r| &r.reason), Some(&EndReason::Checkmate), "seed {seed}, stopped by the cap");
        let (p, plies) = playout(10);
        assert_eq!(plies, 1, "seed {seed}: the same first move, and nothing after it");
        assert_eq!(p.outcome().map(|r| &r.reason), Some(&EndReason::Checkmate), "seed {seed}, stuck on the next move");
        if found == 3 {
            break;
        }
    }
    assert_eq!(found, 3, "the playouts drew the mate");
}

/// The FIDE dead positions by material end the game at once; other material plays on, and the option turns
/// the rule off.
#[test]
fn insufficient_material_draws_the_fide_cases() {
    use qipan::core::EndReason;
    let after = |game: &Arc<Game>, f: &str, mv: &str| {
        let mut p = Position::from_fen(game, f).unwrap();
        play(&mut p, mv).unwrap();
        p.outcome().map(|r| r.reason.clone())
    };
    let g = chess();
    let dead = Some(EndReason::InsufficientMaterial);
    // Each capture leaves a case: K v K, K+B v K, K+N v K (either side), K+B v K+B on one colour.
    assert_eq!(after(&g, "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", "e1-e2"), dead);
    assert_eq!(after(&g, "4k3/8/8/8/8/8/6p1/4KB2 w - - 0 1", "f1-g2"), dead);
    assert_eq!(after(&g, "4k3/8/8/8/8/8/3p4/1N2K3 w - - 0 1", "b1-d2"), dead);
    assert_eq!(after(&g, "4k3/8/8/8/8/8/3Pn3/4K3 b - - 0 1", "e2-c3"), None, "a pawn is left");
    assert_eq!(after(&g, "4k3/8/8/8/8/8/5P2/4K1n1 b - - 0 1", "g1-f3"), None, "a pawn is left");
    assert_eq!(after(&g, "4k3/8/8/8/8/8/5P2/4K1n1 w - - 0 1", "e1-d1"), None);
    // Bishops: c8 and f1 are light squares (same colour), c8 and c1 are not.
    assert_eq!(after(&g, "2b1k3/8/8/8/8/8/6p1/4KB2 w - - 0 1", "f1-g2"), dead);
    assert_eq!(after(&g, "2b1k3/8/8/8/8/8/1p6/2B1K3 w - - 0 1", "c1-b2"), None, "bishops on both colours");
    // Two knights, or a rook, can still mate (or be mated into): play goes on.
    assert_eq!(after(&g, "4k3/8/8/8/8/8/6p1/4KN1N w - - 0 1", "h1-g3"), None);
    assert_eq!(after(&g, "4k3/8/8/8/8/8/6p1/4K2R w - - 0 1", "h1-h2"), None);
    // The option off: K v K plays on.
    let off = qipan::load("chess", &[("insufficient_material".into(), "false".into())]).unwrap();
    assert_eq!(after(&off, "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", "e1-e2"), None);
}
