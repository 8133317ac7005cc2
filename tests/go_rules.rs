//! Go under the Chinese rules: each test pins one rule, so it fails if the rule is wrong.

mod common;

use qipan::core::notation::parse_move;
use qipan::core::playout::{PlayoutBuf, random_playout};
use qipan::core::{EndReason, GameResult, Illegal, Piece, PieceId, Position, SeatId};
use rand::{Rng, SeedableRng};
use std::path::Path;

fn go(opts: &[(&str, &str)]) -> std::sync::Arc<qipan::core::Game> {
    let o: Vec<(String, String)> = opts.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    qipan::load("go", &o).expect("go loads")
}

/// A position from a diagram (top row first; X black, O white), with `to_move` (0 black, 1 white).
fn diagram(opts: &[(&str, &str)], rows: &[&str], to_move: SeatId) -> Position {
    let game = go(opts);
    let mut pos = game.start().to_setup();
    let h = rows.len();
    for (r, line) in rows.iter().enumerate() {
        for (c, ch) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let label = format!("{}{}", "ABCDEFGHJKLMNOPQRST".chars().nth(c).unwrap(), h - r);
            let node = game.board.find(&label).unwrap();
            let seat = match ch {
                'X' => SeatId(0),
                'O' => SeatId(1),
                _ => continue,
            };
            pos.put(node, Piece { seat, piece: PieceId::new(0) });
        }
    }
    pos.to_move(to_move);
    pos.into_position().unwrap()
}

fn play(pos: &mut Position, text: &str) -> Result<(), Illegal> {
    let mv = parse_move(pos, text).unwrap();
    pos.play(&mv).map_err(|e| match e {
        qipan::core::PlayError::Illegal(i) => i,
        other => panic!("{other}"),
    })
}

fn stone(pos: &Position, label: &str) -> Option<SeatId> {
    pos.cell(pos.game().board.find(label).unwrap()).map(|p| p.seat)
}

#[test]
fn sizes_follow_the_option() {
    for (size, nodes) in [("9", 81), ("13", 169), ("17", 289), ("19", 361)] {
        assert_eq!(go(&[("size", size)]).board.len(), nodes);
    }
    assert_eq!(go(&[]).board.len(), 361, "19x19 by default");
    assert!(qipan::load("go", &[("size".into(), "40".into())]).is_err(), "size is bounded");
}

#[test]
fn single_stone_capture() {
    let mut p = diagram(&[("size", "5")], &[".....", "..X..", ".XO..", "..X..", "....."], SeatId(0));
    play(&mut p, "D3").unwrap();
    assert_eq!(stone(&p, "C3"), None, "the white stone is captured");
    assert_eq!(p.captures(), &[1, 0]);
}

#[test]
fn multi_stone_capture_and_two_chains_at_once() {
    // One white play takes two separate black stones.
    let mut q = diagram(&[("size", "5")], &["OX.XO", ".O.O.", ".....", ".....", "....."], SeatId(1));
    play(&mut q, "C5").unwrap();
    assert_eq!((stone(&q, "B5"), stone(&q, "D5")), (None, None), "both black stones are taken by one play");
    assert_eq!(q.captures()[1], 2);
    // A two-stone white chain loses its last two liberties one at a time.
    let mut r = diagram(&[("size", "5")], &[".....", "XOOX.", ".XX..", ".....", "....."], SeatId(0));
    play(&mut r, "B5").unwrap();
    assert_eq!(stone(&r, "B4"), Some(SeatId(1)), "one liberty left (C5)");
    play(&mut r, "pass").unwrap();
    play(&mut r, "C5").unwrap();
    assert_eq!((stone(&r, "B4"), stone(&r, "C4")), (None, None), "the two-stone chain is captured");
    assert_eq!(r.captures()[0], 2);
}

#[test]
fn suicide_is_illegal_single_and_multi_stone() {
    let p = diagram(&[("size", "5")], &[".....", "..X..", ".X.X.", "..X..", "....."], SeatId(1));
    let mv = parse_move(&p, "C3").unwrap();
    assert_eq!(p.check(&mv), Err(Illegal::Suicide));
    // Multi-stone: white B1 C1 chain whose last liberty is A1; white A1 would leave it with none.
    let q = diagram(&[("size", "5")], &[".....", ".....", ".....", "XXX..", ".OOX."], SeatId(1));
    let mv = parse_move(&q, "A1").unwrap();
    assert_eq!(q.check(&mv), Err(Illegal::Suicide));
    assert!(!q.legal_moves().contains(&mv));
    // The same play is legal when it captures.
    let r = diagram(&[("size", "5")], &[".....", ".....", ".....", "OXX..", ".XXO."], SeatId(1));
    let mv = parse_move(&r, "A1").unwrap();
    assert_eq!(r.check(&mv), Ok(()), "capturing is not suicide");
}

#[test]
fn suicide_option_allows_and_removes_the_chain() {
    let mut q =
        diagram(&[("size", "5"), ("suicide", "allowed")], &[".....", ".....", ".....", "XXX..", ".OOX."], SeatId(1));
    play(&mut q, "A1").unwrap();
    assert_eq!((stone(&q, "A1"), stone(&q, "B1"), stone(&q, "C1")), (None, None, None));
    assert_eq!(q.captures()[0], 3, "suicided stones count for the opponent");
}

/// A ko on the left edge: black takes at B3 by playing... set so that White to capture at C3.
fn ko_position(opts: &[(&str, &str)]) -> Position {
    diagram(opts, &[".....", ".XO..", "X.XO.", ".XO..", "....."], SeatId(1))
}

#[test]
fn ko_immediate_recapture_is_illegal_under_every_rule() {
    for ko in ["simple", "positional", "situational"] {
        let mut p = ko_position(&[("size", "5"), ("ko", ko)]);
        play(&mut p, "B3").unwrap(); // White captures C3.
        assert_eq!(stone(&p, "C3"), None);
        let err = play(&mut p, "C3").unwrap_err();
        assert!(matches!(err, Illegal::Ko | Illegal::PositionalSuperko | Illegal::SituationalSuperko), "{ko}: {err:?}");
        // After an exchange elsewhere the ko may be retaken.
        play(&mut p, "E5").unwrap();
        play(&mut p, "E1").unwrap();
        play(&mut p, "C3").unwrap();
        assert_eq!(stone(&p, "B3"), None, "{ko}: retaking the ko captures B3");
    }
}

#[test]
fn passes_never_break_superko_and_two_passes_end_the_game() {
    let mut p = go(&[("size", "5")]).start();
    play(&mut p, "pass").unwrap();
    assert!(!p.is_over());
    play(&mut p, "pass").unwrap();
    let r = p.outcome().expect("over");
    assert_eq!(r.text, "W+5.5", "empty board: komi decides");
    assert_eq!(p.check(&qipan::core::Move::PASS), Err(Illegal::GameOver));
}

#[test]
fn area_scoring_with_dame_split_and_komi() {
    // Black owns columns A-B, white D-E, column C is dame bordered by both: 5 points split.
    let rows = &[".X.O.", ".X.O.", ".X.O.", ".X.O.", ".X.O."];
    let p = diagram(&[("size", "5"), ("komi", "0")], rows, SeatId(0));
    let r = GameResult::scored(&p, EndReason::Other("test".into())).unwrap();
    assert_eq!(r.scores, Some(vec![12.5, 12.5]));
    assert_eq!(r.text, "0", "equal score with no komi is a draw");
    let p = diagram(&[("size", "5"), ("komi", "7.5")], rows, SeatId(0));
    let r = GameResult::scored(&p, EndReason::Other("test".into())).unwrap();
    assert_eq!(r.scores, Some(vec![12.5, 20.0]));
    assert_eq!(r.text, "W+7.5");
    let rows = &[".XX.O", ".X.XO", ".X.O.", ".X.O.", ".X.O."];
    let p = diagram(&[("size", "5"), ("komi", "0.5")], rows, SeatId(0));
    let r = GameResult::scored(&p, EndReason::Other("test".into())).unwrap();
    // Black: 7 stones + A column 5 + C4 (bordered by black only) = 13; dame C3..C1 split; D5 black-only? no.
    let s = r.scores.clone().unwrap();
    assert_eq!(s[0] + s[1] - 0.5, 25.0, "every point is counted once");
    assert!(r.text.starts_with('B'));
}

#[test]
fn seki_shared_liberties_are_split_and_eyes_count() {
    // A seki in the corner: black and white chains share two liberties (A1, A3? here A1 and C1)
    // and neither can approach. Shared empty points border both colours: dame, half each.
    let rows = &[
        "..X.O..", //
        "XXX.OOO", //
        "OOOXXXX", //
        ".O.X...", //
        "OOOX...", //
        "XXXX...", //
        ".......",
    ];
    let p = diagram(&[("size", "7"), ("komi", "0")], rows, SeatId(0));
    let r = GameResult::scored(&p, EndReason::Other("test".into())).unwrap();
    let s = r.scores.unwrap();
    assert_eq!(s[0] + s[1], 49.0);
    // A4 and C4 are white's eyes (bordered by white only); A7, B7 bordered by black only; D7 dame.
    let white_stones = rows.iter().flat_map(|r| r.chars()).filter(|&c| c == 'O').count() as f64;
    assert!(s[1] >= white_stones + 2.0, "white's eyes count for white: {s:?}");
}

#[test]
fn the_incremental_hash_and_chains_match_a_recomputation() {
    let game = go(&[("size", "9")]);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    for _ in 0..40 {
        let mut p = game.start();
        while !p.is_over() && p.ply() < 300 {
            let moves = p.legal_moves();
            let mv = moves[rng.random_range(0..moves.len())];
            p.play(&mv).unwrap();
            assert_eq!(p.hash(), p.hash_from_scratch());
        }
        // Every chain has no liberty-less member and pseudo-liberties are zero only when liberties are.
        let ch = p.chains().unwrap();
        for n in game.board.node_ids() {
            if p.cell(n).is_some() {
                let h = ch.head(n);
                let libs = ch.liberties(&game.board, p.cells(), h);
                assert!(libs > 0, "a chain without liberties stayed on the board");
                assert_eq!(ch.pseudo_libs(h) == 0, libs == 0);
            }
        }
    }
}

#[test]
fn fast_playout_moves_are_legal_and_uniform_source_agrees() {
    // The playout fast path must only play moves that the full legality check accepts.
    let game = go(&[("size", "9")]);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
    let mut buf = PlayoutBuf::default();
    for _ in 0..30 {
        let mut p = game.start();
        for _ in 0..200 {
            if p.is_over() {
                break;
            }
            let legal = p.legal_moves();
            let mut q = p.clone();
            random_playout(&mut q, &mut rng, &mut buf, 1).unwrap();
            let mv = q.last_move().unwrap();
            assert!(legal.contains(&mv), "fast path played an illegal move {mv:?}");
            p = q;
        }
    }
}

#[test]
fn perft_counts_match_a_brute_force_enumeration() {
    common::perft::check("go.perft", common::perft::Speed::Quick);
}

#[test]
fn results_are_written_like_sgf() {
    let rows = &["XXXXX", "XXXXX", "XXXXX", ".....", "OOOOO"];
    let p = diagram(&[("size", "5")], rows, SeatId(0));
    let r = GameResult::scored(&p, EndReason::Other("test".into())).unwrap();
    // Black 15 stones; row 2 is dame (5 points, 2.5 each); White 5; komi 5.5.
    assert_eq!(r.scores, Some(vec![17.5, 13.0]));
    assert_eq!(r.text, "B+4.5");
}

#[test]
fn handicap_compensation_adds_a_point_per_stone_for_white() {
    // 9×9 with four handicap stones and nothing else: Black's stones own the whole board.
    let base = [("size", "9"), ("komi", "0.5"), ("handicap", "4")];
    let p = go(&base).start();
    assert_eq!(GameResult::scored(&p, EndReason::Other("t".into())).unwrap().text, "B+80.5", "off by default");
    let p = go(&[base[0], base[1], base[2], ("handicap_compensation", "true")]).start();
    assert_eq!(GameResult::scored(&p, EndReason::Other("t".into())).unwrap().text, "B+76.5");
}

/// `handicap=N` places Black's stones on the star points and White moves first; one stone is no handicap
/// (Black moves first, nothing placed); a board with no room for the stones is refused where the option is set.
#[test]
fn a_fixed_handicap_places_the_stones_and_white_moves_first() {
    let stones = |opts: &[(&str, &str)]| -> Vec<String> {
        let p = go(opts).start();
        let b = &p.game().board;
        b.node_ids().filter(|&n| p.cell(n).is_some()).map(|n| b.label(n).to_string()).collect()
    };
    let mut nine = stones(&[("size", "19"), ("handicap", "9")]);
    nine.sort();
    assert_eq!(nine, ["D10", "D16", "D4", "K10", "K16", "K4", "Q10", "Q16", "Q4"]);
    assert_eq!(go(&[("size", "13"), ("handicap", "3")]).start().to_move(), SeatId(1));
    assert!(stones(&[("size", "9"), ("handicap", "1")]).is_empty());
    assert_eq!(go(&[("size", "9"), ("handicap", "1")]).start().to_move(), SeatId(0));
    let o = [("size".to_string(), "6".to_string()), ("handicap".to_string(), "2".to_string())];
    let err = qipan::load("go", &o).unwrap_err().to_string();
    assert!(err.contains("a fixed handicap needs a square grid of at least 7 lines"), "{err}");
    // A record's own handicap stones (free placement, HA and AB) replace the fixed ones.
    let sgf = qipan::sgf::parse_sgf("(;GM[1]SZ[9]HA[2]AB[ee][ff];W[cc])").unwrap();
    let game = qipan::record::game_for_record("go", &[], &sgf).unwrap();
    let pos = qipan::record::replay_position(&game, &sgf, None, qipan::record::Legality::Check).unwrap().position;
    let b = &game.board;
    let mut on: Vec<&str> = b.node_ids().filter(|&n| pos.cell(n).is_some()).map(|n| b.label(n)).collect();
    on.sort();
    assert_eq!(on, ["C7", "E5", "F4"]);
    assert_eq!(game.options["handicap"], "2");
}

/// `ko=chinese_practice`, Black to play: Black's B1 stands alone; C1 sends two (B1 and C1, whose last liberty
/// is A1), White takes them at A1, and Black's B1 would take the one stone back and bring the board back.
fn sending_two(ko: &str) -> Position {
    let rows = [".....", ".....", "X.O..", "XOO..", ".X.O."];
    let mut pos = diagram(&[("size", "5"), ("ko", ko)], &rows, SeatId(0));
    play(&mut pos, "C1").unwrap();
    play(&mut pos, "A1").unwrap(); // two stones taken
    pos
}

#[test]
fn chinese_practice_forbids_sending_two_returning_one() {
    let mut practice = sending_two("chinese_practice");
    assert_eq!(play(&mut practice, "B1"), Err(Illegal::SendingTwo));
    assert_eq!(
        Illegal::SendingTwo.to_string(),
        "sending two, returning one: the move brings back the board of before the two stones were sent"
    );
    // Simple ko lets it be (the stone taken had taken two); positional superko forbids it as a repetition.
    assert_eq!(play(&mut sending_two("simple"), "B1"), Ok(()));
    assert_eq!(play(&mut sending_two("positional"), "B1"), Err(Illegal::PositionalSuperko));
    // Another move on the points just taken leaves another board: allowed.
    assert_eq!(play(&mut practice, "C1"), Ok(()));
    // The simple ko still holds (fuego's simpleko.sgf: White's B1 retakes at once).
    let record = data("simpleko.sgf");
    let game = qipan::record::game_for_record("go", &[("ko".into(), "chinese_practice".into())], &record).unwrap();
    let mut pos =
        qipan::record::replay_position(&game, &record, None, qipan::record::Legality::Check).unwrap().position;
    assert_eq!(play(&mut pos, "B1"), Err(Illegal::Ko));
}

/// A long cycle ends the game with no result under Chinese practice: eternal life and the triple ko of fuego's
/// rules tests (`repetition.tst`: the moves superko forbids are legal here, and the cycle then ends the game).
#[test]
fn chinese_practice_ends_a_long_cycle_with_no_result() {
    let cycles: [(&str, usize, &[&str]); 2] =
        [("long-life.sgf", 3, &["A4", "A7", "A5", "A6"]), ("triple-ko.sgf", 5, &["E7", "D9", "E5", "D7", "E9", "D5"])];
    for (file, upto, cycle) in cycles {
        let record = data(file);
        let options = [("ko".to_string(), "chinese_practice".to_string())];
        let game = qipan::record::game_for_record("go", &options, &record).unwrap();
        let replayed = qipan::record::replay_position(&game, &record, Some(upto), qipan::record::Legality::Check);
        let mut pos = replayed.unwrap().position;
        let mut plies = 0;
        'cycle: for _ in 0..4 {
            for &text in cycle {
                if pos.is_over() {
                    break 'cycle;
                }
                play(&mut pos, text).unwrap_or_else(|e| panic!("{file}: {text}: {e}"));
                plies += 1;
            }
        }
        let result = pos.outcome().unwrap_or_else(|| panic!("{file}: the cycle went on for {plies} plies"));
        assert_eq!((result.text.as_str(), &result.reason), ("0", &EndReason::Repetition), "{file}");
        assert!(plies <= 2 * cycle.len(), "{file}: {plies} plies");
    }
}

/// A record of fuego's repetition tests (`shared/data/go/rules-tests/fuego/sgf/repetition`).
fn data(file: &str) -> qipan::sgf::SgfGame {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/go/rules-tests/fuego/sgf/repetition").join(file);
    qipan::sgf::parse_sgf(&std::fs::read_to_string(&path).unwrap()).unwrap()
}
