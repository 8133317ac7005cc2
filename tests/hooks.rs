//! Hooks written in a definition file, run through the whole chain.

use qipan::core::notation::parse_move;
use qipan::core::{Illegal, PlayError, SeatId};

const GAME: &str = r#"
name: hooked
board:
  grid: { width: 3, height: 3 }
seats: [{ name: black, letter: B }, { name: white, letter: W }]
pieces:
  stone: { symbols: [X, O], moves: place to empty }
rules: { pass: always }
counters: [stones]
hooks:
  filter_move: |
    if mv.to == "B2" && pos.ply == 0 { "the centre is closed on the first move" } else { true }
  after_move: |
    set_counter("stones", 0, pos.count(-1, "stone"));
  game_over: |
    if pos.counter("stones", 0) >= 3 { [pos.owner("A1")] } else { () }
"#;

fn play(pos: &mut qipan::core::Position, text: &str) -> Result<(), PlayError> {
    let mv = parse_move(pos, text).unwrap();
    pos.play(&mv)
}

#[test]
fn filter_after_move_and_game_over_hooks_run() {
    let game = qipan::load_str("hooked.yaml", GAME, &[]).unwrap();
    let mut pos = game.start();
    assert_eq!(
        play(&mut pos, "B2"),
        Err(PlayError::Illegal(Illegal::Hook("the centre is closed on the first move".into())))
    );
    assert_eq!(pos.legal_moves().len(), 8 + 1, "the filter applies to move generation too");
    play(&mut pos, "A1").unwrap();
    assert_eq!(pos.counter(0, SeatId(0)), 1, "counters have one value per seat");
    play(&mut pos, "B2").unwrap();
    play(&mut pos, "C3").unwrap();
    let r = pos.outcome().expect("the game_over hook ends the game");
    assert_eq!(r.winners, vec![SeatId(0)]);
    assert_eq!(r.text, "B+");
}

#[test]
fn a_runaway_hook_is_stopped_and_named() {
    let src = GAME.replace("set_counter(\"stones\", 0, pos.count(-1, \"stone\"));", "let n = 0;\n    loop { n += 1; }");
    let game = qipan::load_str("hooked.yaml", &src, &[]).unwrap();
    let mut pos = game.start();
    let t = std::time::Instant::now();
    let err = play(&mut pos, "A1").unwrap_err().to_string();
    assert!(t.elapsed().as_secs() < 5, "stopped promptly");
    assert!(err.contains("after_move"), "{err}");
    assert!(err.contains("hooked.yaml:15"), "names the file and line of the loop: {err}");
}

#[test]
fn hook_errors_point_into_the_file() {
    let src = GAME.replace("set_counter(\"stones\", 0, pos.count(-1, \"stone\"));", "let x = ;");
    let err = qipan::load_str("hooked.yaml", &src, &[]).unwrap_err();
    let d = &err.0[0];
    assert_eq!((d.loc.line, d.loc.column), (14, 9), "{err}");
    assert!(d.message.contains("after_move"), "{err}");
    let src = GAME.replace("  after_move: |", "  after_mvoe: |");
    let err = qipan::load_str("hooked.yaml", &src, &[]).unwrap_err().to_string();
    assert!(err.contains("filter_move") && err.contains("after_move"), "lists the valid points: {err}");
    let src = GAME.replace("set_counter(\"stones\", 0, pos.count(-1, \"stone\"));", "eval(\"1\");");
    assert!(qipan::load_str("hooked.yaml", &src, &[]).is_err(), "eval is disabled");
}

/// A `filter_move` that fails refuses the move with the failure as the reason, and the list of legal moves
/// leaves the move out (as the hook reference says).
#[test]
fn a_failing_move_filter_refuses_the_move() {
    let src = GAME.replace(
        "if mv.to == \"B2\" && pos.ply == 0 { \"the centre is closed on the first move\" } else { true }",
        "if mv.to == \"B2\" { throw \"broken\" } else { true }",
    );
    let game = qipan::load_str("hooked.yaml", &src, &[]).unwrap();
    let mut pos = game.start();
    assert_eq!(pos.legal_moves().len(), 8 + 1, "B2 is left out");
    let err = play(&mut pos, "B2").unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, PlayError::Illegal(Illegal::Hook(_))), "{err:?}");
    assert!(text.starts_with("illegal move: hook `filter_move` failed at hooked.yaml:12: "), "{text}");
}

/// A `filter_move` that counts the legal moves: counted without hooks, so the hook never asks itself.
const COUNTING: &str = r#"
name: counting
board:
  grid: { width: 3, height: 3 }
seats: [{ name: black, letter: B }, { name: white, letter: W }]
pieces:
  stone: { symbols: [X, O], moves: place to empty }
hooks:
  filter_move: |
    if mv.to == "A1" { false } else if pos.legal_moves() < 6 { "only while six moves are left" } else { true }
"#;

#[test]
fn legal_moves_in_filter_move_counts_without_hooks() {
    let game = qipan::load_str("counting.yaml", COUNTING, &[]).unwrap();
    let mut pos = game.start();
    // Nine points by the rules (A1 included: the hook is not asked while counting); the hook refuses A1.
    assert_eq!(pos.legal_moves().len(), 8);
    assert_eq!(pos.legal_moves_by_rules().len(), 9);
    for text in ["B1", "C1", "A2"] {
        play(&mut pos, text).unwrap();
    }
    // Six empty points by the rules: every one but A1 still allowed.
    assert_eq!(pos.legal_moves().len(), 5);
    play(&mut pos, "B2").unwrap();
    // Five by the rules: every move refused, and the seat passes (`when-stuck`).
    assert_eq!(pos.legal_moves(), [qipan::core::Move::PASS]);
    let err = play(&mut pos, "C2").unwrap_err();
    assert_eq!(err, PlayError::Illegal(Illegal::Hook("only while six moves are left".into())));
}

#[test]
fn hooks_see_check_and_attacks() {
    // `attacked(label, seat)`: attacked by that seat's pieces, whatever stands on the node.
    let def = r#"
extends: chess
name: seeing
counters: [seen]
hooks:
  after_move: |
    let n = 0;
    if pos.in_check(1) { n += 1 }
    if pos.attacked("f7", 0) { n += 10 }
    if pos.attacked("e4", 1) { n += 100 }
    if pos.attacked("e2", 0) { n += 1000 }
    if pos.attacked("h5", 1) { n += 10000 }
    set_counter("seen", 0, n);
"#;
    let game = qipan::load_str("seeing.yaml", def, &[]).unwrap();
    let mut pos = game.start();
    // e2, empty, is attacked by White's king, queen, bishop and knight; nothing else is attacked.
    let seen = [("e2-e4", 1000), ("f7-f6", 1000), ("d1-h5", 1 + 10 + 1000), ("g7-g6", 1000 + 10000)];
    for (text, expected) in seen {
        play(&mut pos, text).unwrap();
        assert_eq!(pos.counter(0, SeatId(0)), expected, "after {text}");
    }
}
