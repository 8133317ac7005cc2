//! Bugs found by reading the code and the book, each pinned by a test.

use qipan::core::notation::{move_text, parse_move};
use qipan::core::playout::{PlayoutBuf, random_playout};
use qipan::core::{EndReason, Piece, PieceId, PlayError, SeatId};
use rand::SeedableRng;

/// A slide along same-colour jumps needs the jumped cell empty, like a walk.
#[test]
fn same_colour_slides_do_not_jump_over_pieces() {
    let src = "name: t
board:
  grid: { width: 5, height: 1, labels: chess, kind: cell, checker: [light, dark] }
  same_colour: true
seats: [{ name: a }, { name: b }]
pieces:
  p: { moves: slide same-colour 1.. to empty }
setup:
  - { seat: a, piece: p, at: [a1] }
";
    let g = qipan::load_str("t.yaml", src, &[]).unwrap();
    let mut pos = g.start();
    let texts =
        |p: &qipan::core::Position| -> Vec<String> { p.legal_moves().iter().map(|m| move_text(&g, m)).collect() };
    assert_eq!(texts(&pos), vec!["a1-c1", "a1-e1"]);
    pos = pos
        .to_setup()
        .put(g.board.find("b1").unwrap(), Piece { seat: SeatId(1), piece: PieceId::new(0) })
        .into_position()
        .unwrap();
    assert_eq!(texts(&pos), vec!["pass"], "b1 is occupied: the jump to c1 is blocked");
}

/// `end.lose_without_pieces` takes a seat with nothing left out of the game.
#[test]
fn a_seat_without_pieces_loses() {
    let src = "name: t
board:
  grid: { width: 3, height: 1, labels: chess }
seats: [{ name: a }, { name: b }]
pieces:
  p: { moves: step orthogonal }
setup:
  - { seat: a, piece: p, at: [a1] }
  - { seat: b, piece: p, at: [b1] }
end: { lose_without_pieces: true }
";
    let g = qipan::load_str("t.yaml", src, &[]).unwrap();
    let mut pos = g.start();
    pos.play(&parse_move(&pos, "a1-b1").unwrap()).unwrap();
    let r = pos.outcome().expect("b has nothing left");
    assert_eq!(r.winners, vec![SeatId(0)]);
}

/// An `if` clause is about the whole position; a node test there is an error, not a silent false.
#[test]
fn node_tests_in_if_clauses_are_refused() {
    let src = "name: t\nboard:\n  grid: { width: 3, height: 3 }\nseats: [{ name: a }, { name: b }]\npieces:\n  p: { moves: place to empty if empty }\n";
    let e = qipan::load_str("t.yaml", src, &[]).unwrap_err().to_string();
    assert!(e.contains("cannot test a node"), "{e}");
    assert!(e.contains("t.yaml:6:"), "{e}");
}

/// When a hook fails, `play` leaves the position as it was.
#[test]
fn a_failing_hook_leaves_the_position_unchanged() {
    let src = "name: t
board:
  grid: { width: 3, height: 3 }
seats: [{ name: a }, { name: b }]
pieces:
  p: { moves: place to empty }
rules: { pass: always }
hooks:
  after_move: |
    if pos.ply == 2 { throw \"broken\"; }
";
    let g = qipan::load_str("t.yaml", src, &[]).unwrap();
    let mut pos = g.start();
    pos.play(&parse_move(&pos, "A1").unwrap()).unwrap();
    let before = pos.clone();
    let err = pos.play(&parse_move(&pos, "B2").unwrap());
    assert!(matches!(err, Err(PlayError::Hook(_))), "{err:?}");
    assert_eq!(pos.cells(), before.cells());
    assert_eq!((pos.ply(), pos.to_move()), (before.ply(), before.to_move()));
}

/// Random playouts obey a placement rule's `if` clause (no fast path around it).
#[test]
fn playouts_respect_if_clauses_on_placements() {
    let src = "name: t
board:
  grid: { width: 4, height: 4 }
seats: [{ name: a }, { name: b }]
pieces:
  p: { moves: place to empty if count(friend) < 3 }
rules: { pass: always }
end: { passes: 2 }
";
    let g = qipan::load_str("t.yaml", src, &[]).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let mut buf = PlayoutBuf::default();
    for _ in 0..200 {
        let mut pos = g.start();
        random_playout(&mut pos, &mut rng, &mut buf, 1000).unwrap();
        for seat in g.seat_ids() {
            let n = g.board.node_ids().filter(|&n| pos.cell(n).is_some_and(|c| c.seat == seat)).count();
            assert!(n <= 3, "seat {seat} has {n} stones");
        }
    }
}

/// Option expressions: `not`, and `if ... then ... else` choosing values.
#[test]
fn option_expressions_have_not_and_choices() {
    let src = "name: t
options:
  big: { type: bool, default: false }
let:
  side: \"if not big then 3 else 5\"
board:
  grid: { width: side, height: side }
seats: [{ name: a }, { name: b }]
pieces:
  p: { moves: place to empty }
";
    assert_eq!(qipan::load_str("t.yaml", src, &[]).unwrap().board.len(), 9);
    assert_eq!(qipan::load_str("t.yaml", src, &[("big".into(), "true".into())]).unwrap().board.len(), 25);
}

/// Found by fuzzing (`sequences`) and the property tests: `check` accepted moves whose fields do not
/// fit their kind (a pass naming nodes, a placement or drop with a `from`), which no legal-move list
/// holds, and `play` then played them with the stray fields ignored. They are refused now.
#[test]
fn moves_with_stray_fields_are_refused() {
    use qipan::core::{Illegal, Move, MoveKind, NodeId};
    let g = qipan::load("go", &[("size".into(), "9".into())]).unwrap();
    let pos = g.start();
    let e5 = g.board.find("E5").unwrap();
    let bent = [
        Move { from: NodeId(1), to: NodeId(0), take: NodeId(2), piece: PieceId::new(1), by: NodeId(4), ..Move::PASS },
        Move { from: NodeId(3), ..Move::place(PieceId::new(0), e5) },
        Move { take: NodeId(3), ..Move::place(PieceId::new(0), e5) },
        Move { by: NodeId(3), ..Move::place(PieceId::new(0), e5) },
        Move::place(PieceId::new(7), e5),
        Move { kind: MoveKind::Shoot, from: e5, to: NodeId(0), take: NodeId(1), ..Move::PASS },
        // Castling partners, promotions and passable steps belong to moves of a piece only.
        Move { promote: Some(PieceId::new(0)), ..Move::place(PieceId::new(0), e5) },
        Move { promote: Some(PieceId::new(0)), ..Move::PASS },
        Move { passable: true, ..Move::place(PieceId::new(0), e5) },
        Move { with_from: NodeId(1), with_to: NodeId(2), ..Move::place(PieceId::new(0), e5) },
        Move { with_from: NodeId(1), ..Move::PASS },
        Move { promote: Some(PieceId::new(8)), ..Move::place(PieceId::new(0), e5) },
    ];
    for mv in bent {
        assert!(!pos.legal_moves().contains(&mv));
        assert_eq!(pos.check(&mv), Err(Illegal::NoSuchMove), "{mv:?}");
        let mut p = pos.clone();
        assert_eq!(p.play(&mv), Err(PlayError::Illegal(Illegal::NoSuchMove)));
        assert_eq!((p.hash(), p.ply(), p.to_move()), (pos.hash(), pos.ply(), pos.to_move()));
    }
    assert_eq!(pos.check(&Move::place(PieceId::new(0), e5)), Ok(()));
    assert_eq!(pos.check(&Move::PASS), Ok(()));
    // A drop with a `from` (leader-cannon drops its leaders).
    let g = qipan::load("leader-cannon", &[]).unwrap();
    let pos = g.start();
    let drop = *pos.legal_moves().iter().find(|m| m.kind == MoveKind::Drop).unwrap();
    assert_eq!(pos.check(&drop), Ok(()));
    assert_eq!(pos.check(&Move { from: drop.to, ..drop }), Err(Illegal::NoSuchMove));
}

/// A record's game may be a path, and a record is untrusted input: a path to an endless file
/// (`/dev/zero`) was read whole, exhausting memory. What is not a regular file is now refused before it is
/// opened, and regular files are read up to the size limit.
#[cfg(unix)]
#[test]
fn a_record_naming_an_endless_file_is_refused() {
    let rec = qipan::record::GameRecord::parse("game: /dev/zero\nmoves: [D4]\n").unwrap();
    let err = rec.replay().err().expect("refused");
    assert!(err.to_string().contains("it is a device, not a regular file"), "{err}");
    assert!(qipan::load("/dev/zero", &[]).is_err());
}

/// Under `pass: when-stuck` a pass is forced: when every seat has passed in turn, no seat can ever move again,
/// and the game ends there (scored as it stands) instead of passing for ever.
#[test]
fn a_round_of_forced_passes_ends_the_game() {
    let src = "name: t
board:
  grid: { width: 3, height: 1, labels: chess }
seats: [{ name: a }, { name: b }, { name: c }]
pieces:
  p: { moves: drop to empty }
reserve:
  - { seat: all, piece: p, count: 1 }
";
    let g = qipan::load_str("t.yaml", src, &[]).unwrap();
    let mut pos = g.start();
    for text in ["p@a1", "p@b1", "p@c1", "pass", "pass"] {
        pos.play(&parse_move(&pos, text).unwrap()).unwrap();
        assert!(!pos.is_over(), "{text}: one seat has not passed yet");
    }
    pos.play(&parse_move(&pos, "pass").unwrap()).unwrap();
    let r = pos.outcome().expect("no seat can move");
    assert_eq!((r.winners.as_slice(), &r.reason), (&[][..], &EndReason::NoSeatCanMove));
    // A random playout of the same game ends too (it used to run to its ply cap).
    let mut pos = g.start();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let plies = random_playout(&mut pos, &mut rng, &mut PlayoutBuf::default(), 1_000).unwrap();
    assert_eq!((plies, pos.outcome().map(|r| &r.reason)), (6, Some(&EndReason::NoSeatCanMove)));
}

/// A move whose destination is not a label names the destination, not "malformed".
#[test]
fn unknown_destinations_are_named() {
    use qipan::core::notation::NotationError;
    let chess = qipan::load("chess", &[]).unwrap();
    let pos = chess.start();
    assert_eq!(parse_move(&pos, "e2-e9"), Err(NotationError::UnknownNode("e9".into())));
    assert_eq!(parse_move(&pos, "i2-e4"), Err(NotationError::UnknownNode("i2".into())));
    assert_eq!(parse_move(&pos, "d1xz8"), Err(NotationError::UnknownNode("z8".into())));
    assert_eq!(parse_move(&pos, "e2~e4"), Err(NotationError::Malformed("e2~e4".into())));
}
