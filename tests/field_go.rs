//! Field Go: Go in the cells of flat boards with shaded cells, of a box's surface and of a stack of
//! layers, from the same building blocks as Go.

use qipan::core::notation::parse_move;
use qipan::core::{EndReason, GameResult, Illegal, Position, SeatId};

fn field(opts: &[(&str, &str)]) -> Position {
    let mut o: Vec<(String, String)> = opts.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    if !o.iter().any(|(k, _)| k == "komi") {
        o.push(("komi".into(), "0.5".into()));
    }
    qipan::load("field-go", &o).unwrap().start()
}

/// Plays alternating moves (a `pass` keeps the turn order honest).
fn play(pos: &mut Position, moves: &[&str]) {
    for m in moves {
        let mv = parse_move(pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.play(&mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn liberties(pos: &Position, label: &str) -> usize {
    let n = pos.game().board.find(label).unwrap();
    let ch = pos.chains().unwrap();
    ch.liberties(&pos.game().board, pos.cells(), ch.head(n))
}

fn empty(pos: &Position, label: &str) -> bool {
    pos.cell(pos.game().board.find(label).unwrap()).is_none()
}

#[test]
fn komi_has_no_silent_default() {
    let e = qipan::load("field-go", &[]).unwrap_err().to_string();
    assert!(e.contains("option `komi` has no default"), "{e}");
    assert_eq!(qipan::validate("field-go").unwrap(), vec!["komi".to_string()]);
}

#[test]
fn shaded_cells_are_not_nodes_and_act_as_the_edge() {
    let mut p = field(&[]);
    assert_eq!(p.game().board.len(), 121 - 17);
    assert!(p.game().board.find("C9").is_none(), "a shaded cell is no node");
    // White B9 borders the shaded C9: three liberties, taken by three black stones.
    play(&mut p, &["A1", "B9"]);
    assert_eq!(liberties(&p, "B9"), 3);
    play(&mut p, &["A9", "pass", "B10", "pass", "B8"]);
    assert!(empty(&p, "B9"), "captured against the shaded cell");
    assert_eq!(p.captures(), &[1, 0]);
}

#[test]
fn a_mask_option_gives_any_shape() {
    let p = field(&[("board", "mask"), ("mask", ".#./.../.#.")]);
    assert_eq!(p.game().board.len(), 7);
    let mut p = p;
    // B1 and B3 are shaded, so the centre B2 has only A2 and C2.
    play(&mut p, &["B2"]);
    assert_eq!(liberties(&p, "B2"), 2);
}

#[test]
fn liberties_and_captures_cross_the_edges_of_a_box() {
    let mut p = field(&[("board", "box"), ("box_width", "3"), ("box_height", "3"), ("box_depth", "3")]);
    assert_eq!(p.game().board.len(), 54);
    // A corner cell of the top face touches the north and west faces.
    play(&mut p, &["U2.2", "U1.3"]);
    assert_eq!(liberties(&p, "U1.3"), 4);
    play(&mut p, &["U2.3", "pass", "U1.2", "pass", "N1.3", "pass", "W3.3"]);
    assert!(empty(&p, "U1.3"), "captured by stones on three faces");
    assert_eq!(p.captures()[0], 1);
}

#[test]
fn stacked_layers_touch_above_and_below() {
    let mut p = field(&[("board", "stack"), ("stack_width", "3"), ("stack_height", "3"), ("layers", "3")]);
    assert_eq!(p.game().board.len(), 27);
    play(&mut p, &["A1.1", "B2.2"]);
    assert_eq!(liberties(&p, "B2.2"), 6, "four in its layer, one above, one below");
    play(&mut p, &["B3.2", "pass", "B1.2", "pass", "A2.2", "pass", "C2.2", "pass", "B2.1", "pass"]);
    assert_eq!(liberties(&p, "B2.2"), 1);
    play(&mut p, &["B2.3"]);
    assert!(empty(&p, "B2.2"));
}

#[test]
fn suicide_and_ko_follow_go() {
    let mut p = field(&[("board", "mask"), ("mask", "..../..../....")]);
    play(&mut p, &["A2", "pass", "B3", "pass"]);
    let mv = parse_move(&p, "A3").unwrap();
    assert_eq!(p.check(&mv), Ok(()), "black A3 joins its own stones, which keep liberties");
    let q = p.to_setup().to_move(SeatId(1)).into_position().unwrap();
    assert_eq!(q.check(&mv), Err(Illegal::Suicide), "white A3 would have no liberty");
}

#[test]
fn area_scoring_on_every_board() {
    for (opts, cells) in [
        (vec![("board", "sample")], 104.0),
        (vec![("board", "box"), ("box_width", "2"), ("box_height", "2"), ("box_depth", "2")], 24.0),
        (vec![("board", "stack"), ("stack_width", "2"), ("stack_height", "2"), ("layers", "3")], 12.0),
    ] {
        let mut p = field(&opts);
        let first = p.legal_moves()[0];
        p.play(&first).unwrap();
        let r = GameResult::scored(&p, EndReason::Other("t".into())).unwrap();
        assert_eq!(r.scores, Some(vec![cells, 0.5]), "{opts:?}: one stone owns every cell");
        assert_eq!(r.text, format!("B+{}", cells - 0.5));
    }
}

#[test]
fn every_board_plays_random_games_to_the_end() {
    use qipan::core::playout::{PlayoutBuf, random_playout};
    use rand::SeedableRng;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
    let mut buf = PlayoutBuf::default();
    for board in ["sample", "mask", "box", "stack"] {
        let start = field(&[("board", board)]);
        for _ in 0..20 {
            let mut p = start.clone();
            random_playout(&mut p, &mut rng, &mut buf, 100_000).unwrap();
            assert!(p.is_over(), "{board}");
            assert_eq!(p.hash(), p.hash_from_scratch());
        }
    }
}

#[test]
fn masks_are_read_strictly() {
    for (mask, what) in [(".../.x./...", "`x`"), ("../.../...", "row 1 has 2 cells")] {
        let e = qipan::load(
            "field-go",
            &[("board".into(), "mask".into()), ("mask".into(), mask.into()), ("komi".into(), "0.5".into())],
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains(what), "{mask}: {e}");
    }
}
