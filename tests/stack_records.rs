//! Records of positions whose nodes hold more than one piece: FEN writes a column bottom to top in
//! parentheses (`(RGG)`) and the seeds of a mancala board node by node, and reads them back exactly; the
//! set-up position keeps the prisoners under a column.

use qipan::core::notation::move_text;
use qipan::core::{Position, Setup};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

fn moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| move_text(pos.game(), m)).collect();
    v.sort();
    v
}

/// Random positions of `name` written as FEN and read back: the same hash, the same columns and seeds,
/// the same legal moves, and the same text again. Returns the tallest column met.
fn round_trip(name: &str, seed: u64) -> usize {
    let game = qipan::load(name, &[]).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut tallest = 0;
    for g in 0..20 {
        let mut pos = game.start();
        let plies = rng.random_range(0..200);
        for _ in 0..plies {
            let legal = pos.legal_moves();
            let Some(mv) = legal.choose(&mut rng) else { break };
            pos.play(mv).unwrap();
        }
        let fen = pos.to_fen().unwrap_or_else(|| panic!("{name}: no FEN"));
        let back = Position::from_fen(&game, &fen).unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
        let ctx = format!("{name}, game {g}, ply {}: {fen}", pos.ply());
        assert_eq!(back.hash(), pos.hash(), "{ctx}");
        for n in game.board.node_ids() {
            assert_eq!(back.column(n), pos.column(n), "{ctx}: {}", game.board.label(n));
            tallest = tallest.max(pos.height(n));
        }
        assert_eq!(back.counts(), pos.counts(), "{ctx}");
        if !pos.is_over() {
            assert_eq!(moves(&back), moves(&pos), "{ctx}");
        }
        assert_eq!(back.to_fen().as_deref(), Some(fen.as_str()), "{ctx}");
        // A set-up position keeps its columns too.
        let again = pos.to_setup().into_position().unwrap();
        assert_eq!(again.hash(), pos.hash(), "{ctx}");
    }
    tallest
}

#[test]
fn lasca_columns_round_trip() {
    assert!(round_trip("lasca", 1) >= 3);
}

#[test]
fn focus_columns_and_reserves_round_trip() {
    assert!(round_trip("focus", 2) >= 4);
}

#[test]
fn kalah_seeds_round_trip() {
    round_trip("kalah", 3);
}

#[test]
fn oware_seeds_round_trip() {
    round_trip("oware", 4);
}

#[test]
fn a_column_is_written_bottom_to_top_in_parentheses() {
    let game = qipan::load("focus", &[]).unwrap();
    let mut pos = game.start();
    for m in ["d6-d7", "c6-c7"] {
        pos.play(&qipan::core::notation::parse_move(&pos, m).unwrap()).unwrap();
    }
    let fen = pos.to_fen().unwrap();
    assert!(fen.starts_with("8/1R(RG)(GR)GRR1/1G2RGG1/"), "{fen}");
    assert!(fen.contains("[]"), "Focus writes its reserves: {fen}");
    let err = Position::from_fen(&game, "8/1R(RG6/8/8/8/8/8/8 w").unwrap_err();
    // An unclosed column: the rank is quoted as far as it goes.
    assert_eq!(err.to_string(), "cannot read the column `(RG6`: pieces bottom to top between parentheses, `(RGG)`");
    // Set up by hand, a column reads the same.
    let [red, green] =
        [0, 1].map(|s| qipan::core::Piece { seat: qipan::core::SeatId(s), piece: qipan::core::PieceId::new(0) });
    let mut setup = Setup::empty(&game);
    setup.column(game.board.find("c7").unwrap(), &[red, green]);
    assert!(setup.into_position().unwrap().to_fen().unwrap().starts_with("8/2(RG)5/"));
}
