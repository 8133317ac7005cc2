//! Makruk as a definition: perft against Fairy-Stockfish, the pieces and promotion, and the counting
//! rules (board's and pieces' honour) ending games on the ply Fairy-Stockfish's rules give.

mod common;

use common::perft::Speed;
use qipan::core::notation::{move_text, parse_move};
use qipan::core::{EndReason, Game, Position};
use std::sync::Arc;

/// Makruk without the repetition draw, so that the shuffling games below end by the count alone.
fn makruk(counting: bool) -> Arc<Game> {
    let options = [("repetition".into(), "false".into()), ("counting".into(), counting.to_string())];
    qipan::load("makruk", &options).expect("makruk loads")
}

fn fen(game: &Arc<Game>, f: &str) -> Position {
    Position::from_fen(game, f).unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn play(p: &mut Position, text: &str) {
    let mv = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

#[test]
fn perft_of_the_start_and_test_positions() {
    common::perft::check("makruk.perft", Speed::Quick);
}

#[test]
#[ignore = "millions of nodes: run with --ignored in release"]
fn perft_of_the_start_and_test_positions_deeper() {
    common::perft::check("makruk.perft", Speed::Slow);
}

#[test]
fn perft_agrees_with_fairy_stockfish() {
    common::perft::agree_with_fairy("makruk.perft");
}

#[test]
fn pawns_become_mets_on_the_sixth_rank_and_khons_step_forward() {
    let g = makruk(true);
    let p = fen(&g, "4k3/8/8/3P4/8/8/8/S3K3 w - - 0 1");
    let moves: Vec<String> = p.legal_moves().iter().map(|m| move_text(&g, m)).collect();
    assert!(moves.contains(&"d5-d6=M".to_string()), "{moves:?}");
    assert!(!moves.contains(&"d5-d6".to_string()), "promotion is compulsory");
    for m in ["a1-a2", "a1-b2"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    assert!(!moves.contains(&"a1-b1".to_string()), "a khon does not step sideways");
}

/// Plays quiet moves (no capture, none that ends the game otherwise) until the game is over; the
/// number of plies played and the reason.
fn shuffle_until_over(p: &mut Position) -> (u32, EndReason) {
    let mut plies = 0;
    while !p.is_over() {
        assert!(plies < 400, "never ends");
        let moves = p.legal_moves();
        let quiet = moves.iter().filter(|m| p.cell(m.to).is_none()).copied().collect::<Vec<_>>();
        let mv = (0..quiet.len())
            .map(|i| quiet[(i + plies as usize) % quiet.len()])
            .find(|m| {
                let mut q = p.clone();
                q.play(m).unwrap();
                q.outcome().is_none_or(|r| r.reason == EndReason::Counting)
            })
            .expect("a quiet move that ends nothing");
        p.play(&mv).unwrap();
        plies += 1;
    }
    (plies, p.outcome().unwrap().reason.clone())
}

/// Pieces' honour: after White's capture leaves Black's king alone, the count starts at twice the number
/// of pieces and the game is drawn once it passes twice the limit in moves.
#[test]
fn pieces_honour_limits_follow_the_stronger_side() {
    let g = makruk(true);
    // (position, capture, pieces left, limit in moves)
    let cases = [
        ("4k3/8/8/8/8/R7/R6r/4K3 w - - 0 1", "a2-h2", 4, 8),    // two rooks
        ("4k3/8/8/8/8/8/R6r/4K3 w - - 0 1", "a2-h2", 3, 16),    // one rook
        ("4k3/8/8/8/8/3n4/2S5/4KS2 w - - 0 1", "c2-d3", 4, 22), // two khons
        ("4k3/8/8/8/8/3n4/1N6/4KN2 w - - 0 1", "b2-d3", 4, 32), // two knights
        ("4k3/8/8/8/8/3n4/2S5/4K3 w - - 0 1", "c2-d3", 3, 44),  // one khon
        ("4k3/8/8/8/8/3n4/2M5/4K3 w - - 0 1", "c2-d3", 3, 64),  // a met
        ("4k3/8/8/8/8/3n4/1N6/4K3 w - - 0 1", "b2-d3", 3, 64),  // one knight
    ];
    for (f, capture, pieces, limit) in cases {
        let mut p = fen(&g, f);
        play(&mut p, capture);
        assert_eq!(p.counting(), (2 * pieces, 2 * limit), "{f}");
        let (plies, why) = shuffle_until_over(&mut p);
        assert_eq!((plies, why), (2 * limit - 2 * pieces + 1, EndReason::Counting), "{f}");
    }
}

/// Board's honour: no pawn left and both sides with more than a king: 64 moves from zero. A capture that
/// then leaves a side bare starts pieces' honour instead.
#[test]
fn boards_honour_and_the_switch_to_pieces_honour() {
    let g = makruk(true);
    let f = "4k3/8/3n4/8/8/8/R7/4K1R1 w - - 0 1";
    let mut p = fen(&g, f);
    assert_eq!(p.counting(), (0, 0), "a count starts with a move");
    play(&mut p, "g1-g2");
    assert_eq!(p.counting(), (0, 128));
    let (plies, why) = shuffle_until_over(&mut p.clone());
    assert_eq!((plies, why), (129, EndReason::Counting));
    // The knight taken: Black is bare against two rooks.
    play(&mut p, "d6-c4");
    assert_eq!(p.counting(), (1, 128));
    play(&mut p, "a2-a4");
    play(&mut p, "e8-d8");
    play(&mut p, "a4-c4");
    assert_eq!(p.counting(), (8, 16));
    // While pawns are left, nothing counts.
    let mut p = fen(&g, "4k3/8/3n4/8/8/P7/R7/4K1R1 w - - 0 1");
    play(&mut p, "g1-g2");
    assert_eq!(p.counting(), (0, 0));
}

#[test]
fn counting_is_an_option() {
    let g = makruk(false);
    let mut p = fen(&g, "4k3/8/8/8/8/8/R6r/4K3 w - - 0 1");
    play(&mut p, "a2-h2");
    assert_eq!(p.counting(), (0, 0));
    assert!(qipan::load("makruk", &[]).unwrap().options["counting"] == "true", "on by default");
}

/// The book's example of a counting rule (reference/definition.md, "Counting draws") does what the book says.
#[test]
fn the_books_counting_example() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/book/src/examples/counting.yaml");
    let text = std::fs::read_to_string(path).unwrap();
    let g = qipan::load_str(path, &text, &[]).unwrap();
    let mut p = g.start();
    play(&mut p, "c2-c4");
    assert_eq!(p.counting(), (8, 10));
    for text in ["e5-d5", "a1-a2"] {
        play(&mut p, text);
        assert!(!p.is_over());
    }
    play(&mut p, "d5-e5");
    assert_eq!(p.outcome().map(|r| r.reason.clone()), Some(EndReason::Counting));
}

/// Random games, move by move: at every ply the legal moves are Fairy-Stockfish's (when it is installed).
#[test]
fn random_games_agree_with_fairy_stockfish_move_by_move() {
    use rand::{Rng, SeedableRng};
    let Some(mut fairy) = common::fairy::Fairy::start() else { return };
    let g = qipan::load("makruk", &[]).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(19);
    let uci = |p: &Position, m: &qipan::core::Move| move_text(p.game(), m).replace('-', "").replace("=M", "m");
    for _ in 0..4 {
        let mut p = g.start();
        let mut played: Vec<String> = Vec::new();
        for _ in 0..100 {
            let moves = p.legal_moves();
            if moves.is_empty() || p.is_over() {
                break;
            }
            let mut ours: Vec<String> = moves.iter().map(|m| uci(&p, m)).collect();
            ours.sort();
            let refs: Vec<&str> = played.iter().map(String::as_str).collect();
            let mut theirs: Vec<String> =
                fairy.perft("makruk", None, &refs, 1).moves.into_iter().map(|(m, _)| m).collect();
            theirs.sort();
            assert_eq!(ours, theirs, "after {played:?}");
            let mv = moves[rng.random_range(0..moves.len())];
            played.push(uci(&p, &mv));
            p.play(&mv).unwrap();
        }
    }
}

/// A running count is written where Fairy-Stockfish writes it (its limit in the en passant field, its plies
/// in the quiet-move field) and read back: random endgames from positions where counts start, the FEN
/// compared with Fairy-Stockfish's after every ply (when it is installed) and read back at every ply.
#[test]
fn a_running_count_is_in_the_fen_as_fairy_stockfish_writes_it() {
    use rand::{Rng, SeedableRng};
    let g = makruk(true);
    // Read and written back without Fairy-Stockfish: 10 plies counted of 32.
    let counted = "4k3/8/8/8/8/8/7R/4K3 b - 32 10 1";
    let p = fen(&g, counted);
    assert_eq!((p.counting(), p.to_fen().unwrap().as_str()), ((10, 32), counted));
    let Some(mut fairy) = common::fairy::Fairy::start() else { return };
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let uci = |p: &Position, m: &qipan::core::Move| move_text(p.game(), m).replace('-', "").replace("=M", "m");
    let mut counts_seen = 0;
    for start in
        ["4k3/8/8/8/8/8/R6r/4K3 w - - 0 1", "4k3/8/3n4/8/8/8/R7/4K1R1 w - - 0 1", "3k4/8/2s5/8/8/8/1R6/3K1M2 w - - 0 1"]
    {
        for _ in 0..3 {
            let mut p = fen(&g, start);
            let mut played: Vec<String> = Vec::new();
            while !p.is_over() && played.len() < 60 {
                let moves = p.legal_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                played.push(uci(&p, &mv));
                p.play(&mv).unwrap();
                let refs: Vec<&str> = played.iter().map(String::as_str).collect();
                let ours = p.to_fen().unwrap();
                assert_eq!(ours, fairy.fen("makruk", Some(start), &refs), "{start} after {played:?}");
                assert_eq!(fen(&g, &ours).counting(), p.counting(), "{ours}");
                counts_seen += usize::from(p.counting().1 > 0);
            }
        }
    }
    assert!(counts_seen > 100, "counts ran on only {counts_seen} plies");
}
