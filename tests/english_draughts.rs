//! English draughts, written in the language alone (`jump ... capture jumped chain`, `capture_priority:
//! compulsory`): the published perft counts, chains that differ only in their path, compulsory capture,
//! crowning that ends the move, move text, and whole random games.

mod common;

use common::perft::Speed;
use common::{play, position_with};
use qipan::core::notation::{NotationError, move_text, parse_move};
use qipan::core::playout::{PlayoutBuf, random_playout};
use qipan::core::{EndReason, Illegal, PlayError, SeatId};
use rand::SeedableRng;

#[test]
fn perft_matches_the_published_counts() {
    common::perft::check("english-draughts.perft", Speed::Quick);
}

#[test]
#[ignore = "slow in debug builds: perft 7 and 8 (845,931)"]
fn perft_matches_the_published_counts_deeper() {
    common::perft::check("english-draughts.perft", Speed::Slow);
}

fn texts(pos: &qipan::core::Position) -> Vec<String> {
    let mut t: Vec<String> = pos.legal_moves().iter().map(|m| move_text(pos.game(), m)).collect();
    t.sort();
    t
}

#[test]
fn two_chains_with_the_same_ends_are_two_moves() {
    let g = common::game("english-draughts", &[]);
    // Black's king on c3 can run round the four white men either way and come home.
    let pos = position_with(
        &g,
        &[],
        &[
            ("black", "king", "c3"),
            ("white", "man", "d4"),
            ("white", "man", "f4"),
            ("white", "man", "d2"),
            ("white", "man", "f2"),
            ("white", "man", "h8"),
        ],
        "black",
    );
    assert_eq!(texts(&pos), ["c3xe1xg3xe5xc3", "c3xe5xg3xe1xc3"]);
    assert_eq!(parse_move(&pos, "c3xc3"), Err(NotationError::Ambiguous("c3xc3".into())));
    let mv = parse_move(&pos, "c3xe5xg3xc3").unwrap(); // landings in order tell them apart
    assert_eq!(move_text(&g, &mv), "c3xe5xg3xe1xc3");
    let mut after = pos.clone();
    after.play(&mv).unwrap();
    assert_eq!(after.cells().iter().flatten().count(), 2, "the four men jumped are captured");
    assert_eq!(after.captures(), [4, 0]);
}

#[test]
fn a_capture_must_be_made_and_a_chain_completed() {
    let g = common::game("english-draughts", &[]);
    let pos = position_with(
        &g,
        &[],
        &[("black", "man", "c3"), ("black", "man", "g1"), ("white", "man", "d4"), ("white", "man", "d6")],
        "black",
    );
    // c3 jumps d4 and lands on e5, from where it must go on over d6 to c7.
    assert_eq!(texts(&pos), ["c3xe5xc7"]);
    assert_eq!(parse_move(&pos, "c3xc7").unwrap(), parse_move(&pos, "c3xe5xc7").unwrap());
    let step = parse_move(&pos, "g1-h2").unwrap();
    assert_eq!(pos.check(&step), Err(Illegal::CaptureRequired));
    let stop = parse_move(&pos, "c3xe5").unwrap();
    assert!(pos.check(&stop).is_err(), "a chain stopped half-way is no move");
    // Maximum capture, a variant of one line.
    let max =
        qipan::load_str("max.yaml", "extends: english-draughts\nrules: { capture_priority: maximum }\n", &[]).unwrap();
    let pos = position_with(
        &max,
        &[],
        &[
            ("black", "man", "c3"),
            ("black", "man", "g3"),
            ("white", "man", "d4"),
            ("white", "man", "d6"),
            ("white", "man", "h4"),
        ],
        "black",
    );
    assert_eq!(texts(&pos), ["c3xe5xc7"], "g3xh4 is not possible, and c3's chain takes two");
}

#[test]
fn crowning_ends_the_move() {
    let g = common::game("english-draughts", &[]);
    // b6 jumps c7 onto d8 and is crowned; as a king it could jump e7, but the move has ended.
    let pos = position_with(
        &g,
        &[],
        &[("black", "man", "b6"), ("white", "man", "c7"), ("white", "man", "e7"), ("white", "man", "a1")],
        "black",
    );
    assert_eq!(texts(&pos), ["b6xd8=K"]);
    let mut after = pos.clone();
    play(&mut after, "b6xd8");
    let d8 = g.board.find("d8").unwrap();
    assert_eq!(after.cell(d8).map(|p| p.piece), g.piece("king"));
    assert_eq!(after.to_move(), SeatId(1));
    // A plain step onto the far row crowns too.
    let pos = position_with(&g, &[], &[("black", "man", "c7"), ("white", "man", "a1")], "black");
    assert_eq!(texts(&pos), ["c7-b8=K", "c7-d8=K"]);
}

#[test]
fn a_seat_without_a_move_loses_and_text_reads_back() {
    let g = common::game("english-draughts", &[]);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(18);
    let mut buf = PlayoutBuf::default();
    let mut ended = 0;
    for _ in 0..20 {
        let mut pos = g.start();
        while !pos.is_over() && pos.ply() < 400 {
            for m in pos.legal_moves() {
                assert_eq!(parse_move(&pos, &move_text(&g, &m)), Ok(m));
            }
            random_playout(&mut pos, &mut rng, &mut buf, 1).unwrap();
        }
        if let Some(r) = pos.outcome() {
            ended += 1;
            assert!(matches!(r.reason, EndReason::NoLegalMove | EndReason::QuietMoves), "{:?}", r.reason);
        }
    }
    assert!(ended > 0);
    // A side with no piece left has no move.
    let mut pos = position_with(&g, &[], &[("black", "man", "c3"), ("white", "man", "d4")], "black");
    play(&mut pos, "c3xe5");
    assert_eq!(pos.outcome().map(|r| r.winners.clone()), Some(vec![SeatId(0)]));
    assert_eq!(pos.play(&parse_move(&pos, "e5-f6").unwrap()), Err(PlayError::Illegal(Illegal::GameOver)));
}

#[test]
fn the_forty_move_draw_is_an_option() {
    assert_eq!(common::game("english-draughts", &[]).rules.end.quiet_draw, Some(80));
    assert_eq!(common::game("english-draughts", &[("forty_moves", "false")]).rules.end.quiet_draw, None);
}

#[test]
fn hooks_see_the_pieces_jumped() {
    // A variant whose chains may not jump e5: c3xe5xc7 is refused, and Black must take another way.
    let def = "extends: english-draughts\nhooks:\n  filter_move: '!(\"d6\" in mv.jumped)'\n";
    let g = qipan::load_str("no-d6.yaml", def, &[]).unwrap();
    let pos = position_with(
        &g,
        &[],
        &[("black", "man", "c3"), ("black", "man", "g1"), ("white", "man", "d4"), ("white", "man", "d6")],
        "black",
    );
    // The only capture jumps d6 and is filtered out; the hook runs after the capture priority, so no
    // move is left.
    assert!(pos.legal_moves().is_empty());
    let plain = common::game("english-draughts", &[]);
    let pos = position_with(
        &plain,
        &[],
        &[("black", "man", "c3"), ("black", "man", "g1"), ("white", "man", "d4"), ("white", "man", "d6")],
        "black",
    );
    assert_eq!(pos.legal_moves().len(), 1);
}
