//! SGF out: records written by qipan read back as the same game.

use qipan::core::playout::{PlayoutBuf, random_playout};
use qipan::record::{Legality, game_for_record, replay_position, to_sgf};
use qipan::sgf::{SgfGame, parse_sgf, parse_sgf_bytes};
use rand::SeedableRng;
use std::path::Path;

/// The parts of a record that define the game.
fn essence(g: &SgfGame) -> impl PartialEq + std::fmt::Debug + use<> {
    (
        g.size,
        g.komi,
        g.handicap,
        g.setup_black.clone(),
        g.setup_white.clone(),
        g.moves.clone(),
        g.result.clone(),
        g.rules.clone(),
        g.player_to_move,
    )
}

#[test]
fn every_record_round_trips() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/go/sgf");
    let mut stack = vec![root];
    let mut n = 0;
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("shared data present").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            if !p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
                continue;
            }
            let Ok(first) = parse_sgf_bytes(&std::fs::read(&p).unwrap()) else { continue };
            let text = first.to_sgf();
            let again = parse_sgf(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", p.display()));
            assert_eq!(essence(&first), essence(&again), "{}", p.display());
            assert_eq!(again.to_sgf(), text, "writing is stable");
            n += 1;
        }
    }
    assert!(n > 2800, "{n} records");
}

#[test]
fn played_games_are_written_with_rules_komi_and_result() {
    let game = qipan::load("go", &[("size".into(), "9".into()), ("komi".into(), "7.5".into())]).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(4);
    let mut buf = PlayoutBuf::default();
    for _ in 0..20 {
        // Play move by move so the moves are known.
        let mut pos = game.start();
        let mut moves = Vec::new();
        while !pos.is_over() {
            let before = pos.ply();
            let seat = pos.to_move();
            random_playout(&mut pos, &mut rng, &mut buf, 1).unwrap();
            assert_eq!(pos.ply(), before + 1);
            moves.push((seat, pos.last_move().unwrap()));
        }
        let sgf = to_sgf(&game, &moves, pos.outcome()).unwrap();
        let text = sgf.to_sgf();
        assert!(text.contains("RU[Chinese]") && text.contains("KM[7.5]"), "{text}");
        assert!(text.contains(&format!("RE[{}]", pos.outcome().unwrap().text)));
        let back = parse_sgf(&text).unwrap();
        let g2 = game_for_record("go", &[], &back).unwrap();
        let r = replay_position(&g2, &back, None, Legality::Check).unwrap();
        assert_eq!(r.illegal, None);
        assert_eq!(r.position.cells(), pos.cells(), "the record replays to the same position");
        assert_eq!(r.position.captures(), pos.captures());
    }
}

#[test]
fn boards_that_are_not_grids_are_refused_clearly() {
    let game = qipan::load("field-go", &[("board".into(), "box".into()), ("komi".into(), "0.5".into())]).unwrap();
    let e = to_sgf(&game, &[], None).unwrap_err().to_string();
    assert!(e.contains("not a 2-D grid"), "{e}");
    let game = qipan::load("field-go", &[("komi".into(), "0.5".into())]).unwrap();
    let text = to_sgf(&game, &[], None).unwrap().to_sgf();
    assert!(text.contains("SZ[11]") && text.contains("RU[Field Go]"), "{text}");
}
