//! The movement and condition language, building block by building block.
//!
//! Every test builds a small game from inline YAML, sets up a position, and compares the legal moves
//! (as sorted `move_text` strings) with a set worked out by hand (or, for walks and perft, by a
//! brute-force enumeration written here, independent of the engine's generator).

use qipan::core::notation::{move_text, parse_move};
use qipan::core::playout::perft;
use qipan::core::{Game, Illegal, Piece, PieceId, PlayError, Position, SeatId};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const W: &str = "white";
const B: &str = "black";

/// Compiles a definition; panics with the diagnostics if it does not compile.
fn load(yaml: &str, overrides: &[(&str, &str)]) -> Arc<Game> {
    let o: Vec<(String, String)> = overrides.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    match qipan::load_str("test.yaml", yaml, &o) {
        Ok(g) => g,
        Err(d) => panic!("definition does not compile:\n{d}\n--- source ---\n{yaml}"),
    }
}

/// The start position of `game` with extra pieces `(seat, piece, label)` put on the board.
fn setup(game: &Arc<Game>, pieces: &[(&str, &str, &str)]) -> Position {
    let mut pos = game.start().to_setup();
    for &(seat, piece, at) in pieces {
        let seat = game.seat(seat).unwrap_or_else(|| panic!("no seat {seat}"));
        let piece = game.piece(piece).unwrap_or_else(|| panic!("no piece {piece}"));
        let node = game.board.find(at).unwrap_or_else(|| panic!("no node {at}"));
        pos.put(node, Piece { seat, piece });
    }
    pos.into_position().unwrap_or_else(|e| panic!("not a position: {e}"))
}

/// The legal moves of the seat to move, as sorted move texts (duplicates kept, so they show).
fn texts(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| move_text(pos.game(), m)).collect();
    v.sort();
    v
}

/// The legal moves of the first seat (white) in the game `yaml` with `overrides` and extra pieces.
fn moves(yaml: &str, overrides: &[(&str, &str)], pieces: &[(&str, &str, &str)]) -> Vec<String> {
    let game = load(yaml, overrides);
    texts(&setup(&game, pieces))
}

/// A sorted list of owned strings.
fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// `from-to` for each destination.
fn from(origin: &str, dests: &[&str]) -> Vec<String> {
    let v: Vec<String> = dests.iter().map(|d| format!("{origin}-{d}")).collect();
    sorted(&v.iter().map(String::as_str).collect::<Vec<_>>())
}

/// Plays a move given as text, panicking if it is refused.
fn play(pos: &mut Position, text: &str) {
    let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.play(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// The piece on a node: (seat name, piece name).
fn at(pos: &Position, label: &str) -> Option<(String, String)> {
    let g = pos.game();
    pos.cell(g.board.find(label).expect("label"))
        .map(|p| (g.seats[p.seat.idx()].name.clone(), g.pieces[p.piece.idx()].name.clone()))
}

/// A two-seat game (white forward north, black forward south) on a `w`×`h` grid with chess labels
/// (`a1` bottom left) and diagonals. Pieces: `block` (no moves, stands in the way) and `p` with
/// the given movement rules.
fn grid_game(w: u32, h: u32, rules: &[&str]) -> String {
    let list: Vec<String> = rules.iter().map(|r| format!("\"{r}\"")).collect();
    grid_game_raw(w, h, &format!("  p: {{ moves: [{}] }}\n", list.join(", ")))
}

/// Like [`grid_game`], with the YAML of extra piece types given as is (indented by two spaces).
fn grid_game_raw(w: u32, h: u32, pieces: &str) -> String {
    format!(
        "name: t
board:
  grid: {{ width: {w}, height: {h}, labels: chess, diagonal: true, kind: cell }}
seats:
  - {{ name: white, forward: [n] }}
  - {{ name: black, forward: [s] }}
pieces:
  block: {{}}
{pieces}"
    )
}

/// Chess-style label of grid coordinates (x from 0 = `a`, y from 0 = rank 1).
fn label(x: i32, y: i32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// Grid coordinates of a chess-style label.
fn coords(l: &str) -> (i32, i32) {
    let x = (l.as_bytes()[0] - b'a') as i32;
    let y: i32 = l[1..].parse().expect("rank");
    (x, y - 1)
}

/// One step of a brute-force walk: a vector, and whether the middle node is jumped over (it must
/// then be empty, or the start).
#[derive(Clone, Copy)]
struct Vstep(i32, i32, bool);

const ORTH: [Vstep; 4] = [Vstep(0, 1, false), Vstep(1, 0, false), Vstep(0, -1, false), Vstep(-1, 0, false)];
const DIAG: [Vstep; 4] = [Vstep(1, 1, false), Vstep(1, -1, false), Vstep(-1, -1, false), Vstep(-1, 1, false)];
const JUMP2: [Vstep; 4] = [Vstep(0, 2, true), Vstep(2, 0, true), Vstep(0, -2, true), Vstep(-2, 0, true)];

/// Brute force: every walk of `min..=max` steps on a `w`×`h` grid from `start`, all steps from one
/// of `modes`, through empty nodes (the start counts as empty once left); the destination must be
/// empty, or an enemy when `capture`; never the start. `occ` maps occupied nodes to "is enemy".
fn brute_walk(
    (w, h): (i32, i32),
    start: (i32, i32),
    occ: &BTreeMap<(i32, i32), bool>,
    modes: &[Vec<Vstep>],
    (min, max): (u32, u32),
    capture: bool,
) -> BTreeSet<(i32, i32)> {
    #[allow(clippy::too_many_arguments)]
    fn rec(
        size: (i32, i32),
        start: (i32, i32),
        occ: &BTreeMap<(i32, i32), bool>,
        steps: &[Vstep],
        at: (i32, i32),
        len: u32,
        range: (u32, u32),
        capture: bool,
        out: &mut BTreeSet<(i32, i32)>,
    ) {
        if len == range.1 {
            return;
        }
        for s in steps {
            let to = (at.0 + s.0, at.1 + s.1);
            if to.0 < 0 || to.1 < 0 || to.0 >= size.0 || to.1 >= size.1 {
                continue;
            }
            if s.2 {
                let mid = (at.0 + s.0 / 2, at.1 + s.1 / 2);
                if mid != start && occ.contains_key(&mid) {
                    continue;
                }
            }
            let piece = if to == start { None } else { occ.get(&to).copied() };
            if len + 1 >= range.0 && to != start && piece.is_none_or(|enemy| enemy && capture) {
                out.insert(to);
            }
            if piece.is_none() {
                rec(size, start, occ, steps, to, len + 1, range, capture, out);
            }
        }
    }
    let mut out = BTreeSet::new();
    for m in modes {
        rec((w, h), start, occ, m, start, 0, (min, max), capture, &mut out);
    }
    out
}

// ---------------------------------------------------------------------------------------------
// 1. step
// ---------------------------------------------------------------------------------------------

// `step orthogonal to empty`: the four orthogonal neighbours, only the empty ones.
#[test]
fn step_orthogonal_to_empty() {
    let g = grid_game(5, 5, &["step orthogonal to empty"]);
    assert_eq!(moves(&g, &[], &[(W, "p", "c3")]), from("c3", &["b3", "d3", "c2", "c4"]));
    assert_eq!(moves(&g, &[], &[(W, "p", "c3"), (W, "block", "c4"), (B, "block", "d3")]), from("c3", &["b3", "c2"]));
    assert_eq!(moves(&g, &[], &[(W, "p", "a1")]), from("a1", &["a2", "b1"]));
}

// `step diagonal to empty or enemy`: the four diagonal neighbours, empty or enemy, never a friend.
#[test]
fn step_diagonal_to_empty_or_enemy() {
    let g = grid_game(5, 5, &["step diagonal to empty or enemy"]);
    assert_eq!(moves(&g, &[], &[(W, "p", "c3")]), from("c3", &["b2", "b4", "d2", "d4"]));
    assert_eq!(
        moves(&g, &[], &[(W, "p", "c3"), (W, "block", "b4"), (B, "block", "d4"), (B, "block", "c4")]),
        from("c3", &["b2", "d2", "d4"])
    );
    assert_eq!(moves(&g, &[], &[(W, "p", "a1")]), from("a1", &["b2"]));
}

// A step without `to` may capture (default `empty or enemy`); capture is by displacement.
#[test]
fn step_capture_by_displacement() {
    let g = load(&grid_game(5, 5, &["step orthogonal"]), &[]);
    let mut pos = setup(&g, &[(W, "p", "c3"), (B, "block", "c4"), (W, "block", "b3")]);
    assert_eq!(texts(&pos), from("c3", &["c2", "c4", "d3"]));
    assert_eq!(pos.captures(), &[0, 0]);
    play(&mut pos, "c3-c4");
    assert_eq!(at(&pos, "c4"), Some((W.into(), "p".into())), "the mover stands on the target");
    assert_eq!(at(&pos, "c3"), None, "the mover has left its square");
    assert_eq!(pos.captures(), &[1, 0], "the capture is credited to white");
    let black_left = pos.cells().iter().flatten().filter(|p| p.seat == SeatId(1)).count();
    assert_eq!(black_left, 0, "the enemy piece is gone");
    assert_eq!(pos.to_move(), SeatId(1));
}

// ---------------------------------------------------------------------------------------------
// 2. slide
// ---------------------------------------------------------------------------------------------

// `slide orthogonal 1..`: stops before a friend, captures the first enemy and goes no further.
#[test]
fn slide_open_range_blocked_by_friend_and_enemy() {
    let g = grid_game(8, 8, &["slide orthogonal 1.. to empty or enemy"]);
    let pieces = [(W, "p", "d4"), (W, "block", "d6"), (B, "block", "f4"), (B, "block", "g4"), (B, "block", "d2")];
    assert_eq!(moves(&g, &[], &pieces), from("d4", &["d5", "e4", "f4", "d3", "d2", "c4", "b4", "a4"]));
    // Without a range a slide is unbounded too.
    let g = grid_game(8, 8, &["slide orthogonal"]);
    assert_eq!(moves(&g, &[], &pieces), from("d4", &["d5", "e4", "f4", "d3", "d2", "c4", "b4", "a4"]));
    assert_eq!(moves(&g, &[], &[(W, "p", "a1")]).len(), 14);
}

// `slide orthogonal 2..3`: only distances 2 and 3, and a piece at distance 1 blocks (no capture there).
#[test]
fn slide_bounded_range() {
    let g = grid_game(8, 8, &["slide orthogonal 2..3"]);
    assert_eq!(moves(&g, &[], &[(W, "p", "d4")]), from("d4", &["d6", "d7", "f4", "g4", "d2", "d1", "b4", "a4"]));
    let pieces = [(W, "p", "d4"), (W, "block", "d6"), (B, "block", "e4"), (B, "block", "d2")];
    assert_eq!(moves(&g, &[], &pieces), from("d4", &["d2", "b4", "a4"]));
}

// `slide orthogonal 4`: exactly four steps, through empty nodes; the end may be an enemy.
#[test]
fn slide_exact_distance() {
    let g = grid_game(8, 8, &["slide orthogonal 4"]);
    assert_eq!(moves(&g, &[], &[(W, "p", "d4")]), from("d4", &["d8", "h4"]));
    assert_eq!(moves(&g, &[], &[(W, "p", "b2"), (W, "block", "b4"), (B, "block", "f2")]), from("b2", &["f2"]));
    assert_eq!(moves(&g, &[], &[(W, "p", "b2"), (W, "block", "b6"), (B, "block", "e2")]), sorted(&["pass"]));
}

// Named directions: `orthogonal.n`, `orthogonal.(n|e)`, `diagonal.(ne|sw) 1..2`.
#[test]
fn slide_named_directions() {
    let g = grid_game(8, 8, &["slide orthogonal.n"]);
    assert_eq!(moves(&g, &[], &[(W, "p", "d4")]), from("d4", &["d5", "d6", "d7", "d8"]));
    let g = grid_game(8, 8, &["slide orthogonal.(n|e)"]);
    assert_eq!(moves(&g, &[], &[(W, "p", "d4")]), from("d4", &["d5", "d6", "d7", "d8", "e4", "f4", "g4", "h4"]));
    let g = grid_game(8, 8, &["slide diagonal.(ne|sw) 1..2"]);
    assert_eq!(moves(&g, &[], &[(W, "p", "d4")]), from("d4", &["e5", "f6", "c3", "b2"]));
}

// ---------------------------------------------------------------------------------------------
// 3. leap and path
// ---------------------------------------------------------------------------------------------

// `leap orthogonal then diagonal.outward` is the chess knight, and it jumps over pieces.
#[test]
fn leap_knight() {
    let g = grid_game(8, 8, &["leap orthogonal then diagonal.outward"]);
    let knight = ["b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"];
    assert_eq!(moves(&g, &[], &[(W, "p", "d4")]), from("d4", &knight));
    assert_eq!(moves(&g, &[], &[(W, "p", "a1")]), from("a1", &["b3", "c2"]));
    // Surrounded by friends: still all eight (a leap is not blockable); a friend on a destination
    // takes it away, an enemy there is captured.
    let ring = [(W, "p", "d4"), (W, "block", "d5"), (W, "block", "d3"), (W, "block", "c4"), (W, "block", "e4")];
    assert_eq!(moves(&g, &[], &ring), from("d4", &knight));
    let mut dest = ring.to_vec();
    dest.extend([(W, "block", "e6"), (B, "block", "f5")]);
    assert_eq!(moves(&g, &[], &dest), from("d4", &["b3", "b5", "c2", "c6", "e2", "f3", "f5"]));
}

// `path orthogonal then diagonal.outward` is the xiangqi horse: an occupied orthogonal neighbour
// (friend or enemy) blocks both moves through it.
#[test]
fn path_xiangqi_horse() {
    let pieces = [(W, "p", "e5"), (W, "block", "e6"), (B, "block", "f5"), (B, "block", "c6"), (W, "block", "d3")];
    let g = grid_game(9, 10, &["path orthogonal then diagonal.outward"]);
    assert_eq!(moves(&g, &[], &[(W, "p", "e5")]), from("e5", &["d7", "f7", "g6", "g4", "d3", "f3", "c6", "c4"]));
    assert_eq!(moves(&g, &[], &pieces), from("e5", &["c4", "c6", "f3"]));
    // The same position with a leap: nothing is blocked.
    let g = grid_game(9, 10, &["leap orthogonal then diagonal.outward"]);
    assert_eq!(moves(&g, &[], &pieces), from("e5", &["d7", "f7", "g6", "g4", "f3", "c6", "c4"]));
}

// `path orthogonal then diagonal.outward*3`: offsets (±3,±4) and (±4,±3), blocked by a piece on
// any of the three intermediate points.
#[test]
fn path_long_leg_19x19() {
    let g = grid_game(19, 19, &["path orthogonal then diagonal.outward*3"]);
    let all = ["m14", "g14", "m6", "g6", "n13", "f13", "n7", "f7"];
    assert_eq!(moves(&g, &[], &[(W, "p", "j10")]), from("j10", &all));
    // One blocker at a time on the three intermediate points of j10 → m14 (j11, k12, l13);
    // j11 is also the first point of the path to g14.
    for blocker in ["j11", "k12", "l13"] {
        let want: Vec<&str> =
            all.iter().copied().filter(|&d| d != "m14" && !(blocker == "j11" && d == "g14")).collect();
        assert_eq!(moves(&g, &[], &[(W, "p", "j10"), (W, "block", blocker)]), from("j10", &want), "blocker {blocker}");
    }
    // Enemy on l13 (blocks m14), enemy on k10 (blocks n13 and n7), friend on k11 (on no path),
    // enemy on the destination g6 (captured), friend on the destination f7.
    let pieces = [
        (W, "p", "j10"),
        (B, "block", "l13"),
        (B, "block", "k10"),
        (W, "block", "k11"),
        (B, "block", "g6"),
        (W, "block", "f7"),
    ];
    assert_eq!(moves(&g, &[], &pieces), from("j10", &["g14", "m6", "g6", "f13"]));
}

// `path diagonal*2`: the elephant, blocked on its "eye" (the diagonal neighbour passed).
#[test]
fn path_diagonal_twice() {
    let g = grid_game(9, 10, &["path diagonal*2"]);
    assert_eq!(moves(&g, &[], &[(W, "p", "e5")]), from("e5", &["c3", "c7", "g3", "g7"]));
    let pieces = [(W, "p", "e5"), (W, "block", "f6"), (B, "block", "c3"), (B, "block", "d4"), (W, "block", "g3")];
    // f6 blocks g7; d4 (an enemy) blocks c3 although c3 holds an enemy; g3 holds a friend.
    assert_eq!(moves(&g, &[], &pieces), from("e5", &["c7"]));
    let pieces = [(W, "p", "e5"), (W, "block", "f6"), (B, "block", "c3")];
    assert_eq!(moves(&g, &[], &pieces), from("e5", &["c3", "c7", "g3"]));
}

// ---------------------------------------------------------------------------------------------
// 4. hop and remote capture
// ---------------------------------------------------------------------------------------------

/// Around a piece on d4: north one friendly screen then an enemy; east an enemy screen then an
/// enemy; south two screens then an enemy; west no screen, an enemy at the edge.
const HOP_SETUP: [(&str, &str, &str); 9] = [
    (W, "p", "d4"),
    (W, "block", "d6"),
    (B, "block", "d8"),
    (B, "block", "e4"),
    (B, "block", "f4"),
    (B, "block", "d3"),
    (W, "block", "d2"),
    (B, "block", "d1"),
    (B, "block", "a4"),
];

// `hop orthogonal over any to enemy`: the xiangqi cannon's capture over exactly one screen.
#[test]
fn hop_over_any_screen() {
    let g = grid_game(8, 8, &["hop orthogonal over any to enemy"]);
    assert_eq!(moves(&g, &[], &HOP_SETUP), from("d4", &["d8", "f4"]));
    let g = grid_game(8, 8, &["hop orthogonal over any to empty"]);
    // Landing on the empty nodes beyond one screen: d7 only (d8 is taken, e4's far side is f4).
    assert_eq!(moves(&g, &[], &HOP_SETUP), from("d4", &["d7"]));
}

// `hop orthogonal over friend to enemy` / `over enemy`: the screen must satisfy the condition.
#[test]
fn hop_screen_condition() {
    let g = grid_game(8, 8, &["hop orthogonal over friend to enemy"]);
    assert_eq!(moves(&g, &[], &HOP_SETUP), from("d4", &["d8"]));
    let g = grid_game(8, 8, &["hop orthogonal over enemy to enemy"]);
    assert_eq!(moves(&g, &[], &HOP_SETUP), from("d4", &["f4"]));
}

// The cannon capture is by displacement: the cannon ends on the target, the screen stays.
#[test]
fn hop_capture_moves_the_piece() {
    let g = load(&grid_game(8, 8, &["hop orthogonal over any to enemy"]), &[]);
    let mut pos = setup(&g, &HOP_SETUP);
    play(&mut pos, "d4-d8");
    assert_eq!(at(&pos, "d4"), None);
    assert_eq!(at(&pos, "d8"), Some((W.into(), "p".into())));
    assert_eq!(at(&pos, "d6"), Some((W.into(), "block".into())));
    assert_eq!(pos.captures(), &[1, 0]);
}

// `jump orthogonal over COND`: over the adjacent node only, onto the node right behind it.
#[test]
fn jump_over_the_adjacent_node() {
    // d5 a friend, e4 an enemy, d2 a friend two nodes away (d3 empty), c4 empty.
    let pieces = [(W, "p", "d4"), (W, "block", "d5"), (B, "block", "e4"), (W, "block", "d2")];
    let g = grid_game(8, 8, &["jump orthogonal over any to empty"]);
    assert_eq!(moves(&g, &[], &pieces), from("d4", &["d6", "f4"]));
    let g = grid_game(8, 8, &["jump orthogonal over enemy to empty"]);
    assert_eq!(moves(&g, &[], &pieces), from("d4", &["f4"]));
    let g = grid_game(8, 8, &["jump orthogonal over empty to empty"]);
    // Over the empty c4 onto b4; over d3 onto d2, a friend, refused by `to empty`.
    assert_eq!(moves(&g, &[], &pieces), from("d4", &["b4"]));
    // The landing node must satisfy `to`: f4 taken by an enemy is a capture by displacement.
    let crowded = [(W, "p", "d4"), (B, "block", "e4"), (B, "block", "f4")];
    let g = grid_game(8, 8, &["jump orthogonal over any to empty"]);
    assert_eq!(moves(&g, &[], &crowded), ["pass"], "nothing but the pass");
    let g = grid_game(8, 8, &["jump orthogonal over any to enemy"]);
    assert_eq!(moves(&g, &[], &crowded), from("d4", &["f4"]));
    // No landing node beyond the edge.
    let g = grid_game(8, 8, &["jump orthogonal over any"]);
    assert_eq!(moves(&g, &[], &[(W, "p", "h7"), (W, "block", "h8")]), ["pass"]);
}

// The check rule sees attacks by jumps (worked out forwards: the middle node has a condition).
#[test]
fn the_check_rule_sees_jumps() {
    let yaml = format!(
        "{}rules: {{ pass: never, check: [k] }}\n",
        grid_game_raw(
            5,
            5,
            "  k: { moves: [\"step orthogonal\", \"step diagonal\"] }\n  j: { moves: [\"jump orthogonal over any to empty or enemy\"] }\n",
        )
    );
    let game = load(&yaml, &[]);
    // The jumper on a3 takes whatever stands on a1 by jumping over a2, so the king may not go there.
    let pos = setup(&game, &[(W, "k", "b1"), (W, "block", "a2"), (B, "j", "a3"), (B, "k", "e5")]);
    assert_eq!(texts(&pos), from("b1", &["b2", "c1", "c2"]));
    // Without the block on a2 there is nothing to jump over: a1 is safe.
    let pos = setup(&game, &[(W, "k", "b1"), (B, "j", "a3"), (B, "k", "e5")]);
    assert_eq!(texts(&pos), from("b1", &["a1", "a2", "b2", "c1", "c2"]));
}

// `capture remote`: the shooter stays on its square, the target is removed, the text is `fromxtarget`.
#[test]
fn remote_capture() {
    let g = load(&grid_game(8, 8, &["hop orthogonal over friend to enemy capture remote"]), &[]);
    let mut pos = setup(&g, &HOP_SETUP);
    assert_eq!(texts(&pos), sorted(&["d4xd8"]));
    play(&mut pos, "d4xd8");
    assert_eq!(at(&pos, "d4"), Some((W.into(), "p".into())), "the shooter stays");
    assert_eq!(at(&pos, "d8"), None, "the target is removed");
    assert_eq!(at(&pos, "d6"), Some((W.into(), "block".into())), "the screen stays");
    assert_eq!(pos.captures(), &[1, 0]);
    assert_eq!(pos.to_move(), SeatId(1));
    // A displacement text for the same shot is not a legal move.
    let g = load(&grid_game(8, 8, &["hop orthogonal over friend to enemy capture remote"]), &[]);
    let pos = setup(&g, &HOP_SETUP);
    let mv = parse_move(&pos, "d4-d8").unwrap();
    assert_eq!(pos.check(&mv), Err(Illegal::NoSuchMove));
    // A shooting slide: moves to empty nodes, shoots the first enemy in line.
    let g = grid_game(8, 8, &["slide orthogonal 1..3 capture remote"]);
    let pieces = [(W, "p", "d4"), (B, "block", "d6"), (W, "block", "c4"), (B, "block", "f4")];
    let want = sorted(&["d4-d5", "d4xd6", "d4-e4", "d4xf4", "d4-d3", "d4-d2", "d4-d1"]);
    assert_eq!(moves(&g, &[], &pieces), want);
}

// ---------------------------------------------------------------------------------------------
// 5. walk
// ---------------------------------------------------------------------------------------------

/// The 4×5 board for walks, with a friend on b3 and c4 and enemies on c2 and d4.
fn walk_blockers() -> Vec<(&'static str, &'static str, &'static str)> {
    vec![(W, "block", "b3"), (W, "block", "c4"), (B, "block", "c2"), (B, "block", "d4")]
}

// `walk 1..3 by orthogonal to empty` (Leader Cannon): through empty nodes only, never ending on the start.
#[test]
fn walk_by_orthogonal_hand_computed() {
    let g = grid_game(4, 5, &["walk 1..3 by orthogonal to empty"]);
    let mut pieces = walk_blockers();
    pieces.push((W, "p", "b2"));
    // Distance 1: a2, b1; distance 2: a1, a3, c1; distance 3: a4, d1.
    assert_eq!(moves(&g, &[], &pieces), from("b2", &["a2", "b1", "a1", "a3", "c1", "a4", "d1"]));
    // Exactly three steps: back-and-forth makes the distance-1 nodes reachable again.
    let g = grid_game(4, 5, &["walk 3..3 by orthogonal to empty"]);
    assert_eq!(moves(&g, &[], &pieces), from("b2", &["a2", "b1", "a4", "d1"]));
    // Exactly two: the start (reached by going and coming back) is never a destination.
    let g = grid_game(4, 5, &["walk 2..2 by orthogonal to empty"]);
    assert_eq!(moves(&g, &[], &pieces), from("b2", &["a1", "a3", "c1"]));
    // Default `to` (empty or enemy): the enemy on c2 is captured; d4 is out of reach.
    let g = grid_game(4, 5, &["walk 1..3 by orthogonal"]);
    assert_eq!(moves(&g, &[], &pieces), from("b2", &["a2", "b1", "a1", "a3", "c1", "a4", "d1", "c2"]));
}

// `walk … returning` without `then shoot`: the walk back to the start (`b2-b2`) is a move of its own, legal
// only if playing it captures (here by a custodial capture rule); a walk back that takes nothing would be
// a pass in disguise, and is refused.
#[test]
fn walk_returning_without_a_shot_must_capture() {
    let rules = "rules:\n  captures: [custodial orthogonal]\n";
    let game = load(&format!("{}{rules}", grid_game(4, 5, &["walk 2 by orthogonal returning to empty"])), &[]);
    assert!(game.has_idle_walks());
    // White's p on b2, with a friend on d2, closes the black block on c2 from where it stands.
    let mut pos = setup(&game, &[(W, "p", "b2"), (W, "block", "d2"), (B, "block", "c2")]);
    assert_eq!(texts(&pos), from("b2", &["a1", "a3", "b4", "c1", "c3", "b2"]));
    play(&mut pos, "b2-b2");
    assert_eq!((at(&pos, "b2"), at(&pos, "c2")), (Some((W.into(), "p".into())), None));
    // Without the closer nothing is taken: the walk back is refused.
    let pos = setup(&game, &[(W, "p", "b2"), (B, "block", "c2")]);
    assert_eq!(texts(&pos), from("b2", &["a1", "a3", "b4", "c1", "c3"]));
    let back = parse_move(&pos, "b2-b2").unwrap();
    assert_eq!(pos.check(&back), Err(Illegal::Idle));
    assert_eq!(perft(&pos, 2), 5, "five walks, after each of which black (whose block has no move) passes");
    // Without `returning` the start is never a destination, capture or not.
    let game = load(&format!("{}{rules}", grid_game(4, 5, &["walk 2 by orthogonal to empty"])), &[]);
    let pos = setup(&game, &[(W, "p", "b2"), (W, "block", "d2"), (B, "block", "c2")]);
    assert_eq!(texts(&pos), from("b2", &["a1", "a3", "b4", "c1", "c3"]));
}

// The same walk from every empty node of the 4×5 board, against a brute-force enumeration.
#[test]
fn walk_by_orthogonal_matches_brute_force() {
    let blockers = walk_blockers();
    let occ: BTreeMap<(i32, i32), bool> = blockers.iter().map(|(s, _, l)| (coords(l), *s == B)).collect();
    for (range, capture, rule) in [
        ((1, 3), false, "walk 1..3 by orthogonal to empty"),
        ((1, 3), true, "walk 1..3 by orthogonal"),
        ((2, 3), false, "walk 2..3 by orthogonal to empty"),
        ((3, 3), false, "walk 3 by orthogonal to empty"),
        ((1, 4), true, "walk 1..4 by orthogonal to empty or enemy"),
    ] {
        let game = load(&grid_game(4, 5, &[rule]), &[]);
        for x in 0..4 {
            for y in 0..5 {
                if occ.contains_key(&(x, y)) {
                    continue;
                }
                let start = label(x, y);
                let mut pieces: Vec<(&str, &str, &str)> = blockers.clone();
                pieces.push((W, "p", &start));
                let got = texts(&setup(&game, &pieces));
                let want_set = brute_walk((4, 5), (x, y), &occ, &[ORTH.to_vec()], range, capture);
                let mut want: Vec<String> = want_set.iter().map(|&(a, b)| format!("{start}-{}", label(a, b))).collect();
                want.sort();
                if want.is_empty() {
                    want.push("pass".into());
                }
                assert_eq!(got, want, "{rule} from {start}");
            }
        }
    }
}

/// A 7×7 checkered board with diagonals and the derived `same-colour` relation.
fn checker_game(rule: &str) -> String {
    format!(
        "name: t
board:
  grid: {{ width: 7, height: 7, labels: chess, diagonal: true, checker: [light, dark] }}
  same_colour: true
seats:
  - {{ name: white }}
  - {{ name: black }}
pieces:
  block: {{}}
  p: {{ moves: [\"{rule}\"] }}
"
    )
}

// `walk 1..2 modes (orthogonal diagonal | same-colour diagonal)`: one segment never mixes an
// orthogonal step with a same-colour jump.
#[test]
fn walk_modes_do_not_mix() {
    let g = checker_game("walk 1..2 modes (orthogonal diagonal | same-colour diagonal) to empty");
    let got = moves(&g, &[], &[(W, "p", "d4")]);
    // King-wise two steps: the 24 nodes of the 5×5 square around d4; same-colour: also the eight
    // (±3,±1), (±1,±3). Mixing would add (±3,0) and (0,±3): d7, g4, d1, a4.
    assert_eq!(got.len(), 32, "{got:?}");
    for bad in ["d4-d7", "d4-g4", "d4-d1", "d4-a4"] {
        assert!(!got.contains(&bad.to_string()), "{bad}: an orthogonal step and a jump mixed");
    }
    for good in ["d4-g5", "d4-e7", "d4-a3", "d4-c1", "d4-f6", "d4-b2", "d4-f4", "d4-e6"] {
        assert!(got.contains(&good.to_string()), "{good} missing");
    }
    let modes = [[&ORTH[..], &DIAG[..]].concat(), [&JUMP2[..], &DIAG[..]].concat()];
    let want: Vec<String> = {
        let s = brute_walk((7, 7), (3, 3), &BTreeMap::new(), &modes, (1, 2), false);
        let mut v: Vec<String> = s.iter().map(|&(x, y)| format!("d4-{}", label(x, y))).collect();
        v.sort();
        v
    };
    assert_eq!(got, want);
}

// Walk modes against brute force with pieces in the way (jumps need an empty middle node).
#[test]
fn walk_modes_match_brute_force() {
    let modes = [[&ORTH[..], &DIAG[..]].concat(), [&JUMP2[..], &DIAG[..]].concat()];
    let blockers = [(W, "block", "e4"), (B, "block", "c5"), (W, "block", "b3"), (B, "block", "d2")];
    let occ: BTreeMap<(i32, i32), bool> = blockers.iter().map(|(s, _, l)| (coords(l), *s == B)).collect();
    for (range, capture, rule) in [
        ((1, 2), false, "walk 1..2 modes (orthogonal diagonal | same-colour diagonal) to empty"),
        ((1, 3), true, "walk 1..3 modes (orthogonal diagonal | same-colour diagonal)"),
        ((2, 2), true, "walk 2 modes (orthogonal diagonal | same-colour diagonal)"),
    ] {
        let game = load(&checker_game(rule), &[]);
        for x in 0..7 {
            for y in 0..7 {
                if occ.contains_key(&(x, y)) {
                    continue;
                }
                let start = label(x, y);
                let mut pieces: Vec<(&str, &str, &str)> = blockers.to_vec();
                pieces.push((W, "p", &start));
                let got = texts(&setup(&game, &pieces));
                let s = brute_walk((7, 7), (x, y), &occ, &modes, range, capture);
                let mut want: Vec<String> = s.iter().map(|&(a, b)| format!("{start}-{}", label(a, b))).collect();
                want.sort();
                if want.is_empty() {
                    want.push("pass".into());
                }
                assert_eq!(got, want, "{rule} from {start}");
            }
        }
    }
}

/// An explicit graph:
///
/// ```text
///   f ─spoke─ g
///   │link
///   a ─ring─ b ─ring─ e1(eye) ─spoke─ c ─ring─ k
///            │spoke
///            d
/// ```
fn eye_game(rule: &str) -> String {
    format!(
        "name: t
board:
  nodes:
    - {{ label: a }}
    - {{ label: b }}
    - {{ label: e1, kind: eye }}
    - {{ label: c }}
    - {{ label: k }}
    - {{ label: d }}
    - {{ label: f }}
    - {{ label: g }}
  edges:
    - {{ from: a, to: b, relation: ring }}
    - {{ from: b, to: e1, relation: ring }}
    - {{ from: e1, to: c, relation: spoke }}
    - {{ from: c, to: k, relation: ring }}
    - {{ from: b, to: d, relation: spoke }}
    - {{ from: a, to: f, relation: link }}
    - {{ from: f, to: g, relation: spoke }}
seats:
  - {{ name: white }}
  - {{ name: black }}
pieces:
  block: {{}}
  p: {{ moves: [\"{rule}\"] }}
"
    )
}

// `free (...)` steps belong to no mode; `reset kind(eye)` starts a new segment on an eye.
#[test]
fn walk_free_and_reset() {
    let start = [(W, "p", "a")];
    // a-b-e1 is a ring segment; the eye resets it, so e1-c (spoke) is allowed; c-k (ring) is not.
    // b-d would mix ring and spoke. a-f is free, so f-g (spoke) is allowed.
    let g = eye_game("walk 1..4 modes (ring | spoke) free (link) reset kind(eye) to empty");
    assert_eq!(moves(&g, &[], &start), from("a", &["b", "e1", "c", "f", "g"]));
    // Without the reset, the segment a-b-e1 stays a ring segment: c is out of reach.
    let g = eye_game("walk 1..4 modes (ring | spoke) free (link) to empty");
    assert_eq!(moves(&g, &[], &start), from("a", &["b", "e1", "f", "g"]));
    // Without the free link, f and g are out of reach.
    let g = eye_game("walk 1..4 modes (ring | spoke) reset kind(eye) to empty");
    assert_eq!(moves(&g, &[], &start), from("a", &["b", "e1", "c"]));
    // With the link inside the ring mode, f is reached in ring mode and g (spoke) is not.
    let g = eye_game("walk 1..4 modes (ring link | spoke) reset kind(eye) to empty");
    assert_eq!(moves(&g, &[], &start), from("a", &["b", "e1", "c", "f"]));
    // A blocker on the eye stops everything behind it.
    let g = eye_game("walk 1..4 modes (ring | spoke) free (link) reset kind(eye) to empty");
    assert_eq!(moves(&g, &[], &[(W, "p", "a"), (W, "block", "e1")]), from("a", &["b", "f", "g"]));
    // Plain `by` walks ignore modes entirely.
    let g = eye_game("walk 1..4 by ring spoke link to empty");
    assert_eq!(moves(&g, &[], &start), from("a", &["b", "e1", "c", "d", "k", "f", "g"]));
}

// ---------------------------------------------------------------------------------------------
// 6. drop
// ---------------------------------------------------------------------------------------------

/// A 3×3 GTP-labelled board; white has the given reserve, black nothing (so black passes).
fn drop_game(pieces: &str, reserve: &str) -> String {
    format!(
        "name: t
board:
  grid: {{ width: 3, height: 3 }}
seats:
  - {{ name: white }}
  - {{ name: black }}
pieces:
{pieces}
reserve:
{reserve}
"
    )
}

const ALL9: [&str; 9] = ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"];

// `drop to empty if count(friend) < 2`: drops stop when the count condition fails.
#[test]
fn drop_until_count_fails() {
    let g = load(
        &drop_game(
            "  man: { moves: \"drop to empty if count(friend) < 2\" }",
            "  - { seat: white, piece: man, count: 3 }",
        ),
        &[],
    );
    let mut pos = g.start();
    assert_eq!(texts(&pos), sorted(&ALL9));
    play(&mut pos, "B2");
    assert_eq!(texts(&pos), sorted(&["pass"]), "black has nothing to drop");
    play(&mut pos, "pass");
    let want: Vec<&str> = ALL9.iter().copied().filter(|&l| l != "B2").collect();
    assert_eq!(texts(&pos), sorted(&want));
    play(&mut pos, "A1");
    play(&mut pos, "pass");
    assert_eq!(pos.reserve(SeatId(0), g.piece("man").unwrap()), 1);
    assert_eq!(texts(&pos), sorted(&["pass"]), "two friends on the board: no more drops");
}

// `drop to empty`: drops stop when the reserve is empty.
#[test]
fn drop_until_reserve_empty() {
    let g = load(&drop_game("  man: { moves: \"drop to empty\" }", "  - { seat: white, piece: man, count: 2 }"), &[]);
    let mut pos = g.start();
    play(&mut pos, "C3");
    play(&mut pos, "pass");
    assert_eq!(texts(&pos).len(), 8);
    play(&mut pos, "A1");
    play(&mut pos, "pass");
    assert_eq!(pos.reserve(SeatId(0), PieceId::new(0)), 0);
    assert_eq!(texts(&pos), sorted(&["pass"]));
    let mv = parse_move(&pos, "B2").unwrap();
    assert_eq!(pos.check(&mv), Err(Illegal::NotInReserve));
}

// `on-board(x)` and `in-reserve(x)`: a man may only be dropped once the leader is on the board.
#[test]
fn drop_conditions_on_reserve_and_board() {
    let reserve = "  - { seat: white, piece: leader, count: 1 }\n  - { seat: white, piece: man, count: 2 }";
    let leader_all: Vec<String> = ALL9.iter().map(|l| format!("leader@{l}")).collect();
    let man =
        |except: &str| -> Vec<String> { ALL9.iter().filter(|&&l| l != except).map(|l| format!("man@{l}")).collect() };
    for cond in ["on-board(leader)", "not in-reserve(leader)"] {
        let src = drop_game(
            &format!("  leader: {{ moves: \"drop to empty\" }}\n  man: {{ moves: \"drop to empty if {cond}\" }}"),
            reserve,
        );
        let g = load(&src, &[]);
        let mut pos = g.start();
        assert_eq!(texts(&pos), leader_all, "{cond}: only the leader at first");
        play(&mut pos, "leader@B2");
        play(&mut pos, "pass");
        assert_eq!(texts(&pos), man("B2"), "{cond}: men once the leader is in");
        // The leader leaves the board (and is not in reserve): the two conditions now differ.
        let gone = pos.to_setup().remove(g.board.find("B2").unwrap()).into_position().unwrap();
        let want = if cond.starts_with("on-board") { vec!["pass".to_string()] } else { man("") };
        assert_eq!(texts(&gone), want, "{cond}: leader gone");
    }
    // `in-reserve(leader)`: men only while the leader waits.
    let src = drop_game(
        "  leader: { moves: \"drop to empty\" }\n  man: { moves: \"drop to empty if in-reserve(leader)\" }",
        reserve,
    );
    let g = load(&src, &[]);
    let mut pos = g.start();
    let mut both = leader_all.clone();
    both.extend(man(""));
    both.sort();
    assert_eq!(texts(&pos), both);
    play(&mut pos, "leader@A1");
    play(&mut pos, "pass");
    assert_eq!(texts(&pos), sorted(&["pass"]));
}

// ---------------------------------------------------------------------------------------------
// 7. place with conditions
// ---------------------------------------------------------------------------------------------

/// A 4×2 checkered GTP grid (A1 light, B1 dark, ...) plus a lone node `Z9` of kind `eye`; zones
/// `left` (coords x 0..1, y 0..1), `top` (labels A2..D2) and `none` (no node: a name still known).
fn place_game(to: &str) -> String {
    format!(
        "name: t
board:
  grid: {{ width: 4, height: 2, checker: [light, dark] }}
  nodes:
    - {{ label: Z9, kind: eye, at: [9, 9] }}
  zones:
    left: {{ coords: [[0, 1], [0, 1]] }}
    top: {{ labels: [A2, B2, C2, D2] }}
    none: {{ labels: [] }}
seats:
  - {{ name: white }}
  - {{ name: black }}
pieces:
  stone: {{ moves: \"place to {to}\" }}
"
    )
}

// Zones (by labels and by coordinates), kind, colour, not, and, or, parentheses and precedence.
#[test]
fn place_with_conditions() {
    let cases: &[(&str, &[&str])] = &[
        ("empty", &["A1", "B1", "C1", "D1", "A2", "B2", "C2", "D2", "Z9"]),
        ("zone(left)", &["A1", "A2", "B1", "B2"]),
        ("(zone(left))", &["A1", "A2", "B1", "B2"]),
        ("zone(top)", &["A2", "B2", "C2", "D2"]),
        ("not zone(left)", &["C1", "C2", "D1", "D2", "Z9"]),
        ("not not zone(top)", &["A2", "B2", "C2", "D2"]),
        ("zone(left) and colour(light)", &["A1", "B2"]),
        ("color(dark) and zone(top)", &["A2", "C2"]),
        ("zone(left) or zone(top)", &["A1", "A2", "B1", "B2", "C2", "D2"]),
        ("not (zone(left) or zone(top))", &["C1", "D1", "Z9"]),
        ("not zone(left) or zone(top)", &["A2", "B2", "C1", "C2", "D1", "D2", "Z9"]),
        ("zone(left) and zone(top) or kind(eye)", &["A2", "B2", "Z9"]),
        ("kind(eye) or zone(left) and zone(top)", &["A2", "B2", "Z9"]),
        ("zone(left) and (zone(top) or kind(eye))", &["A2", "B2"]),
        ("colour(dark) and not zone(top)", &["B1", "D1"]),
        ("kind(eye)", &["Z9"]),
        ("kind(point) and not colour(light)", &["A2", "B1", "C2", "D1"]),
        ("empty and zone(top)", &["A2", "B2", "C2", "D2"]),
        ("zone(top) and count(friend) < 1", &["A2", "B2", "C2", "D2"]),
        ("zone(top) and count(friend) > 0", &[]),
        ("zone(none)", &[]),
        ("empty and not zone(none)", &["A1", "B1", "C1", "D1", "A2", "B2", "C2", "D2", "Z9"]),
    ];
    for (cond, want) in cases {
        let got = moves(&place_game(cond), &[], &[]);
        let mut want = sorted(want);
        if want.is_empty() {
            want.push("pass".into());
        }
        assert_eq!(got, want, "place to {cond}");
    }
}

// A placement never lands on an occupied node, whatever the condition says.
#[test]
fn place_skips_occupied_nodes() {
    let g = place_game("zone(top) or kind(eye)");
    assert_eq!(moves(&g, &[], &[(W, "stone", "B2"), (B, "stone", "Z9")]), sorted(&["A2", "C2", "D2"]));
    let g = place_game("zone(top) and count(friend) < 2");
    assert_eq!(moves(&g, &[], &[(W, "stone", "B2"), (B, "stone", "C2")]), sorted(&["A2", "D2"]));
    assert_eq!(moves(&g, &[], &[(W, "stone", "B2"), (W, "stone", "C1")]), sorted(&["pass"]));
}

// ---------------------------------------------------------------------------------------------
// 8. forward and seat-relative zones
// ---------------------------------------------------------------------------------------------

// `step orthogonal.forward ... from zone(home)` / `step orthogonal ... from not zone(home)`, for
// seats facing north and south with their own `home`.
#[test]
fn forward_only_in_home_zone() {
    let src = "name: t
board:
  grid: { width: 5, height: 6, labels: chess }
  zones:
    south: { coords: [[0, 4], [0, 2]] }
    north: { coords: [[0, 4], [3, 5]] }
zone_aliases: [home]
seats:
  - { name: white, forward: [n], zones: { home: south } }
  - { name: black, forward: [s], zones: { home: north } }
pieces:
  pawn:
    moves:
      - step orthogonal.forward to empty from zone(home)
      - step orthogonal to empty from not zone(home)
";
    let g = load(src, &[]);
    let pieces = [
        (W, "pawn", "c2"),
        (W, "pawn", "b4"),
        (W, "pawn", "e3"),
        (B, "pawn", "c5"),
        (B, "pawn", "d3"),
        (B, "pawn", "a6"),
    ];
    let mut pos = setup(&g, &pieces);
    let mut want = from("c2", &["c3"]);
    want.extend(from("b4", &["a4", "c4", "b3", "b5"]));
    want.extend(from("e3", &["e4"]));
    want.sort();
    assert_eq!(texts(&pos), want, "white");
    pos = pos.to_setup().to_move(SeatId(1)).into_position().unwrap();
    let mut want = from("c5", &["c4"]);
    want.extend(from("d3", &["c3", "d2", "d4"]));
    want.extend(from("a6", &["a5"]));
    want.sort();
    assert_eq!(texts(&pos), want, "black");
}

// `forward`, `backward` and `sideways` selectors follow the seat.
#[test]
fn forward_backward_sideways() {
    let src = grid_game_raw(
        5,
        5,
        "  f: { moves: \"step orthogonal.forward\" }\n  k: { moves: \"step orthogonal.backward\" }\n  s: { moves: \"step diagonal.sideways\" }\n  o: { moves: \"step diagonal.forward\" }\n",
    );
    let g = load(&src, &[]);
    assert_eq!(texts(&setup(&g, &[(W, "f", "c3")])), from("c3", &["c4"]));
    assert_eq!(texts(&setup(&g, &[(W, "k", "c3")])), from("c3", &["c2"]));
    // No diagonal is at right angles to north.
    assert_eq!(texts(&setup(&g, &[(W, "s", "c3")])), sorted(&["pass"]));
    assert_eq!(texts(&setup(&g, &[(W, "o", "c3")])), from("c3", &["b4", "d4"]));
    let mut pos = setup(&g, &[(B, "f", "c3"), (B, "o", "a5")]);
    pos = pos.to_setup().to_move(SeatId(1)).into_position().unwrap();
    assert_eq!(texts(&pos), sorted(&["c3-c2", "a5-b4"]));
}

// ---------------------------------------------------------------------------------------------
// 9. immune pieces, pieces that cannot capture
// ---------------------------------------------------------------------------------------------

// `immune: true` pieces cannot be captured (they block); `captures: false` pieces never capture.
#[test]
fn immune_and_non_capturing_pieces() {
    let src = grid_game_raw(
        8,
        8,
        "  rook: { moves: \"slide orthogonal\" }\n  pusher: { moves: \"slide orthogonal\", captures: false }\n  king: { immune: true }\n  cannon: { moves: \"hop orthogonal over any to enemy\" }\n",
    );
    let g = load(&src, &[]);
    let around = [(B, "king", "d6"), (B, "block", "f4")];
    let mut pieces = around.to_vec();
    pieces.push((W, "rook", "d4"));
    let mut pos = setup(&g, &pieces);
    assert_eq!(texts(&pos), from("d4", &["d5", "e4", "f4", "d3", "d2", "d1", "c4", "b4", "a4"]));
    let mv = parse_move(&pos, "d4-d6").unwrap();
    assert!(matches!(pos.play(&mv), Err(PlayError::Illegal(Illegal::NoSuchMove))));
    play(&mut pos, "d4-f4");
    assert_eq!(pos.captures(), &[1, 0]);

    let mut pieces = around.to_vec();
    pieces.push((W, "pusher", "d4"));
    assert_eq!(texts(&setup(&g, &pieces)), from("d4", &["d5", "e4", "d3", "d2", "d1", "c4", "b4", "a4"]));

    // An immune piece still serves as a screen, and cannot be the target.
    let pieces = [(W, "cannon", "d4"), (B, "king", "d6"), (B, "block", "d8"), (B, "block", "f4"), (B, "king", "h4")];
    assert_eq!(texts(&setup(&g, &pieces)), from("d4", &["d8"]));
    // A friendly immune piece is not a target either (not an enemy), and an immune piece may capture.
    let src = grid_game_raw(5, 5, "  king: { moves: \"step orthogonal\", immune: true }\n");
    let g = load(&src, &[]);
    let pieces = [(W, "king", "c3"), (B, "king", "c4"), (B, "block", "d3"), (W, "king", "b3")];
    assert_eq!(texts(&setup(&g, &pieces)), sorted(&["c3-c2", "c3-d3", "b3-a3", "b3-b2", "b3-b4"]));
}

// ---------------------------------------------------------------------------------------------
// 10. options
// ---------------------------------------------------------------------------------------------

const OPTION_GAME: &str = "name: t
options:
  size: { type: int, default: 5, min: 3, max: 12 }
  variant: { type: choice, default: short, values: [short, long] }
  reach: { type: int, default: 2 }
board:
  grid: { width: size, height: size, labels: chess, diagonal: true }
seats:
  - { name: white }
  - { name: black }
pieces:
  block: {}
  rook: { moves: slide orthogonal }
  knight:
    moves:
      - step orthogonal
      - { move: leap orthogonal then diagonal.outward, if: variant == long }
  runner: { moves: \"slide orthogonal.n 1..$reach\" }
";

// Overrides change the board size (the grid's width and height are option expressions).
#[test]
fn option_override_changes_board_size() {
    let g = load(OPTION_GAME, &[]);
    assert_eq!(g.board.len(), 25);
    let rook = [(W, "rook", "a1")];
    assert_eq!(moves(OPTION_GAME, &[], &rook), from("a1", &["a2", "a3", "a4", "a5", "b1", "c1", "d1", "e1"]));
    let g = load(OPTION_GAME, &[("size", "7")]);
    assert_eq!(g.board.len(), 49);
    assert_eq!(
        moves(OPTION_GAME, &[("size", "7")], &rook),
        from("a1", &["a2", "a3", "a4", "a5", "a6", "a7", "b1", "c1", "d1", "e1", "f1", "g1"])
    );
    // Out-of-range or unknown values are refused.
    let bad = |o: &[(&str, &str)]| {
        let o: Vec<(String, String)> = o.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        qipan::load_str("t.yaml", OPTION_GAME, &o).is_err()
    };
    assert!(bad(&[("size", "2")]));
    assert!(bad(&[("size", "13")]));
    assert!(bad(&[("variant", "medium")]));
    assert!(bad(&[("colour", "red")]));
}

// `if:` entries switch movement rules on and off with an option.
#[test]
fn option_conditional_move_entries() {
    let knight = [(W, "knight", "c3")];
    let steps = ["b3", "d3", "c2", "c4"];
    let jumps = ["a2", "a4", "e2", "e4", "b1", "d1", "b5", "d5"];
    assert_eq!(moves(OPTION_GAME, &[], &knight), from("c3", &steps));
    assert_eq!(moves(OPTION_GAME, &[("variant", "short")], &knight), from("c3", &steps));
    assert_eq!(moves(OPTION_GAME, &[("variant", "long")], &knight), from("c3", &[&steps[..], &jumps[..]].concat()));
}

// `$option` is replaced by the option's value inside a movement rule.
#[test]
fn option_substitution_in_move_text() {
    let runner = [(W, "runner", "a1")];
    assert_eq!(moves(OPTION_GAME, &[], &runner), from("a1", &["a2", "a3"]));
    assert_eq!(moves(OPTION_GAME, &[("reach", "3")], &runner), from("a1", &["a2", "a3", "a4"]));
    assert_eq!(moves(OPTION_GAME, &[("reach", "9"), ("size", "9")], &runner).len(), 8);
    // An unknown `$name` is a diagnostic, not a silent empty text.
    let src = OPTION_GAME.replace("$reach", "$range");
    assert!(qipan::load_str("t.yaml", &src, &[]).is_err());
}

// ---------------------------------------------------------------------------------------------
// 11. perft
// ---------------------------------------------------------------------------------------------

/// Counts move sequences by enumerating `legal_moves()` and playing each on a clone.
fn brute_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    for mv in pos.legal_moves() {
        let mut child = pos.clone();
        child.play(&mv).unwrap_or_else(|e| panic!("generated move refused: {e}"));
        n += brute_perft(&child, depth - 1);
    }
    n
}

// perft equals a brute-force count on a small game with drops, steps and captures.
#[test]
fn perft_matches_brute_force() {
    let src = "name: t
board:
  grid: { width: 3, height: 3 }
seats:
  - { name: white }
  - { name: black }
pieces:
  man: { moves: [drop to empty, step orthogonal to empty or enemy] }
reserve:
  - { seat: all, piece: man, count: 2 }
";
    let g = load(src, &[]);
    let pos = g.start();
    // 9 drops; then 8 drops for black; then white has 7 drops and one step per orthogonal
    // neighbour of its man (the black man next to it may be captured): 8 × (9 × 7 + 24).
    assert_eq!(perft(&pos, 1), 9);
    assert_eq!(perft(&pos, 2), 72);
    assert_eq!(perft(&pos, 3), 8 * (9 * 7 + 24));
    for depth in 1..=5 {
        assert_eq!(perft(&pos, depth), brute_perft(&pos, depth), "depth {depth}");
    }
    // And from a position with pieces of both sides on the board.
    let g = load(&grid_game(4, 4, &["step orthogonal", "hop diagonal over any to enemy"]), &[]);
    let mut pos = setup(&g, &[(W, "p", "a1"), (W, "p", "b2"), (B, "p", "c3"), (B, "p", "d4"), (B, "block", "c2")]);
    for depth in 1..=5 {
        assert_eq!(perft(&pos, depth), brute_perft(&pos, depth), "depth {depth}");
    }
    pos = pos.to_setup().to_move(SeatId(1)).into_position().unwrap();
    assert_eq!(perft(&pos, 4), brute_perft(&pos, 4));
}

// ---------------------------------------------------------------------------------------------
// 12. move identity
// ---------------------------------------------------------------------------------------------

// Several rules giving the same move yield it once (moves are equal when their effect is).
#[test]
fn duplicate_rules_yield_each_move_once() {
    let g = grid_game(8, 8, &["slide orthogonal", "slide diagonal", "step orthogonal"]);
    let got = moves(&g, &[], &[(W, "p", "d4")]);
    assert_eq!(got.len(), 27, "{got:?}");
    let unique: BTreeSet<&String> = got.iter().collect();
    assert_eq!(unique.len(), 27);
    // A walk and a step reaching the same nodes.
    let g = grid_game(5, 5, &["walk 1..2 by orthogonal", "step orthogonal", "step orthogonal to empty"]);
    let got = moves(&g, &[], &[(W, "p", "c3")]);
    assert_eq!(got, from("c3", &["b3", "d3", "c2", "c4", "a3", "e3", "c1", "c5", "b2", "b4", "d2", "d4"]));
    // A leap and a path with the same shape.
    let g = grid_game(8, 8, &["leap orthogonal then diagonal.outward", "path orthogonal then diagonal.outward"]);
    assert_eq!(moves(&g, &[], &[(W, "p", "a1")]), from("a1", &["b3", "c2"]));
}

// Two identical placement rules yield each placement once.
#[test]
fn duplicate_placement_rules_yield_each_move_once() {
    let src = "name: t
options:
  extra: { type: bool, default: true }
board:
  grid: { width: 3, height: 3 }
seats:
  - { name: white }
  - { name: black }
pieces:
  stone:
    moves:
      - place to empty
      - { move: place to empty, if: extra }
";
    let got = moves(src, &[], &[]);
    assert_eq!(got, sorted(&ALL9));
    let g = load(src, &[]);
    assert_eq!(perft(&g.start(), 1), 9);
}

// ---------------------------------------------------------------------------------------------
// More building blocks: counts, teams, piece(), hop range, straight legs, links, wrapping lines
// ---------------------------------------------------------------------------------------------

// `count(cond) OP n` with each comparison operator, and a count of a compound condition.
#[test]
fn count_comparisons() {
    // Two white stones (A1, B1) and one black (C2): the empty top nodes are A2, B2, D2.
    let pieces = [(W, "stone", "A1"), (W, "stone", "B1"), (B, "stone", "C2")];
    let top = ["A2", "B2", "D2"];
    let cases: &[(&str, &[&str])] = &[
        ("count(friend) == 2", &top),
        ("count(friend) != 2", &[]),
        ("count(friend) <= 2", &top),
        ("count(friend) < 2", &[]),
        ("count(friend) >= 3", &[]),
        ("count(friend) >= 2", &top),
        ("count(friend) > 1", &top),
        ("count(friend) > 2", &[]),
        ("count(enemy and zone(top)) == 1", &top),
        ("count(friend or enemy) == 3", &top),
        ("count(empty) == 6", &top),
        ("count(friend and zone(top)) > 0", &[]),
    ];
    for (count, want) in cases {
        let got = moves(&place_game(&format!("zone(top) and {count}")), &[], &pieces);
        let mut want = sorted(want);
        if want.is_empty() {
            want.push("pass".into());
        }
        assert_eq!(got, want, "place to zone(top) and {count}");
    }
}

/// Three seats, white and red in one team.
fn team_game(rule: &str) -> String {
    format!(
        "name: t
board:
  grid: {{ width: 5, height: 5, labels: chess }}
seats:
  - {{ name: white, team: light }}
  - {{ name: black, team: dark }}
  - {{ name: red, team: light }}
pieces:
  block: {{}}
  p: {{ moves: [\"{rule}\"] }}
"
    )
}

// `ally` (a team-mate's piece) is neither friend nor enemy: never captured, a screen only for `over ally`.
#[test]
fn ally_condition_and_teams() {
    let pieces = [
        (W, "p", "c3"),
        ("red", "block", "c4"),
        (B, "block", "c5"),
        (B, "block", "d3"),
        (W, "block", "b3"),
        (B, "block", "a3"),
    ];
    assert_eq!(moves(&team_game("step orthogonal"), &[], &pieces), from("c3", &["c2", "d3"]));
    assert_eq!(moves(&team_game("step orthogonal to empty or ally"), &[], &pieces), from("c3", &["c2"]));
    assert_eq!(moves(&team_game("hop orthogonal over ally to enemy"), &[], &pieces), from("c3", &["c5"]));
    assert_eq!(moves(&team_game("hop orthogonal over friend to enemy"), &[], &pieces), from("c3", &["a3"]));
    assert_eq!(moves(&team_game("hop orthogonal over enemy"), &[], &pieces), from("c3", &["e3"]));
    // The red piece is not white's to move.
    let pieces = [("red", "p", "c3")];
    assert_eq!(moves(&team_game("step orthogonal"), &[], &pieces), sorted(&["pass"]));
}

// `piece(name)`: a condition on the type of the piece on a node, whoever owns it.
#[test]
fn piece_condition() {
    let g = grid_game(8, 8, &["hop orthogonal over piece(block) to enemy"]);
    assert_eq!(moves(&g, &[], &HOP_SETUP), from("d4", &["d8", "f4"]));
    let mut pieces = HOP_SETUP.to_vec();
    pieces[1] = (B, "p", "d6");
    assert_eq!(moves(&g, &[], &pieces), from("d4", &["f4"]));
    let g = grid_game(8, 8, &["step orthogonal to enemy and not piece(p) or empty"]);
    let pieces = [(W, "p", "d4"), (B, "p", "d5"), (B, "block", "e4"), (W, "block", "c4")];
    assert_eq!(moves(&g, &[], &pieces), from("d4", &["e4", "d3"]));
}

// `hop ... within n`: at most n steps after the screen.
#[test]
fn hop_within() {
    let pieces = [(W, "p", "d4"), (W, "block", "d5")];
    let g = grid_game(8, 8, &["hop orthogonal over any within 1 to empty"]);
    assert_eq!(moves(&g, &[], &pieces), from("d4", &["d6"]));
    let g = grid_game(8, 8, &["hop orthogonal over any within 2 to empty"]);
    assert_eq!(moves(&g, &[], &pieces), from("d4", &["d6", "d7"]));
    let g = grid_game(8, 8, &["hop orthogonal over any to empty"]);
    assert_eq!(moves(&g, &[], &pieces), from("d4", &["d6", "d7", "d8"]));
    // A piece within range ends the line (and is captured with the default `to`).
    let g = grid_game(8, 8, &["hop orthogonal over any within 3"]);
    assert_eq!(moves(&g, &[], &[(W, "p", "d4"), (W, "block", "d5"), (B, "block", "d7")]), from("d4", &["d6", "d7"]));
}

// Straight legs: `orthogonal*2` and `orthogonal then orthogonal.same`; a path needs the middle empty.
#[test]
fn straight_legs() {
    let pieces = [(W, "p", "d4"), (W, "block", "d5"), (B, "block", "f4")];
    for rule in ["leap orthogonal*2", "leap orthogonal then orthogonal.same"] {
        assert_eq!(moves(&grid_game(8, 8, &[rule]), &[], &pieces), from("d4", &["d6", "f4", "d2", "b4"]), "{rule}");
    }
    for rule in ["path orthogonal*2", "path orthogonal then orthogonal.same"] {
        assert_eq!(moves(&grid_game(8, 8, &[rule]), &[], &pieces), from("d4", &["f4", "d2", "b4"]), "{rule}");
    }
    // Three legs: one step north or south, then two east or west (a blockable camel-ish move).
    let g = grid_game(8, 8, &["path orthogonal.(n|s) then orthogonal.(e|w)*2"]);
    assert_eq!(moves(&g, &[], &[(W, "p", "d4"), (W, "block", "e5")]), from("d4", &["b5", "b3", "f3"]));
}

// `step` along a relation whose edges have no direction (links of an explicit board).
#[test]
fn step_along_undirected_links() {
    let g = eye_game("step ring");
    assert_eq!(moves(&g, &[], &[(W, "p", "b")]), from("b", &["a", "e1"]));
    let g = eye_game("step spoke to empty");
    assert_eq!(moves(&g, &[], &[(W, "p", "e1"), (W, "block", "c")]), sorted(&["pass"]));
    let g = eye_game("step ring");
    assert_eq!(moves(&g, &[], &[(W, "p", "b"), (B, "block", "a"), (W, "block", "e1")]), from("b", &["a"]));
}

// Lines that wrap around (a polar ring): a slide stops when it comes back to the mover, and the
// mover is never its own screen.
#[test]
fn wrapping_lines_on_a_ring() {
    let ring = |rule: &str| {
        format!(
            "name: t
board:
  polar: {{ rings: 1, sectors: 6 }}
seats:
  - {{ name: white }}
  - {{ name: black }}
pieces:
  block: {{}}
  p: {{ moves: [\"{rule}\"] }}
"
        )
    };
    let others = ["r1s1", "r1s2", "r1s3", "r1s4", "r1s5"];
    assert_eq!(moves(&ring("slide orthogonal"), &[], &[(W, "p", "r1s0")]), from("r1s0", &others));
    assert_eq!(moves(&ring("slide orthogonal.ccw 1..2"), &[], &[(W, "p", "r1s5")]), from("r1s5", &["r1s0", "r1s1"]));
    assert_eq!(
        moves(&ring("slide orthogonal"), &[], &[(W, "p", "r1s0"), (B, "block", "r1s3"), (W, "block", "r1s4")]),
        from("r1s0", &["r1s1", "r1s2", "r1s3", "r1s5"])
    );
    assert_eq!(moves(&ring("hop orthogonal over any to empty"), &[], &[(W, "p", "r1s0")]), sorted(&["pass"]));
    assert_eq!(
        moves(&ring("hop orthogonal over any to empty"), &[], &[(W, "p", "r1s0"), (W, "block", "r1s2")]),
        from("r1s0", &["r1s1", "r1s3", "r1s4", "r1s5"])
    );
}

// Walks through the hub of a polar board: an edge `via` the hub needs the hub empty.
#[test]
fn walk_through_hub_needs_it_empty() {
    let src = "name: t
board:
  polar: { rings: 2, sectors: 4, eyes: 2, eye_links: [0], hub: transit }
seats:
  - { name: white }
  - { name: black }
pieces:
  block: {}
  p: { moves: \"walk 1..2 by orthogonal eye hub to empty\" }
";
    // r1s0 links to eye0, r1s2 to eye1; eye0 and eye1 are one hub step apart.
    let near = ["r1s1", "r1s3", "r2s0", "eye0", "r1s2", "r2s1", "r2s3"];
    let mut all = near.to_vec();
    all.push("eye1");
    assert_eq!(moves(src, &[], &[(W, "p", "r1s0")]), from("r1s0", &all));
    assert_eq!(moves(src, &[], &[(W, "p", "r1s0"), (B, "block", "hub")]), from("r1s0", &near));
}

// Malformed rules are refused with a diagnostic instead of compiling to something else.
#[test]
fn malformed_rules_are_refused() {
    for rule in [
        "slide orthogonal 0",
        "slide orthogonal 3..2",
        "walk 1.. by orthogonal",
        "walk 1..3",
        "leap diagonal.outward",
        "step hexagonal",
        "step orthogonal.up",
        "step orthogonal to frend",
        "step orthogonal to",
        "hop orthogonal to enemy",
        "place to zone(nowhere)",
        "drop to empty if in-reserve(ghost)",
        "step orthogonal capture sideways",
        "slide orthogonal then diagonal",
    ] {
        let src = grid_game(5, 5, &[rule]);
        assert!(qipan::load_str("t.yaml", &src, &[]).is_err(), "`{rule}` compiled");
    }
}

// ---------------------------------------------------------------------------------------------
// Promotion, castling, en passant, the check rule
// ---------------------------------------------------------------------------------------------

#[test]
fn promote_gives_one_move_per_choice_where_its_condition_holds() {
    let yaml = grid_game_raw(
        3,
        3,
        "  p: { moves: [\"step orthogonal.forward to empty promote (block|q) in (count(enemy) == 0)\"] }\n  q: { symbols: [Q, q], moves: [] }\n",
    );
    let game = load(&yaml, &[]);
    let mut pos = setup(&game, &[(W, "p", "b1")]);
    // Promotion text: the piece's first symbol (`block` has the default `B`); symbols read back in any case.
    assert_eq!(texts(&pos), sorted(&["b1-b2=Q", "b1-b2=B"]));
    play(&mut pos, "b1-b2=q");
    assert_eq!(at(&pos, "b2"), Some((W.into(), "q".into())));
    // Where the condition fails, the plain move.
    let pos = setup(&game, &[(W, "p", "b1"), (B, "block", "c3")]);
    assert_eq!(texts(&pos), sorted(&["b1-b2"]));
}

#[test]
fn castle_moves_the_partner_behind_the_mover() {
    let yaml = grid_game(6, 1, &["castle orthogonal 2 with piece(block)", "step orthogonal to empty"]);
    let game = load(&yaml, &[]);
    let mut pos = setup(&game, &[(W, "p", "b1"), (W, "block", "f1")]);
    assert_eq!(texts(&pos), sorted(&["b1-a1", "b1-c1", "b1-d1"]));
    play(&mut pos, "b1-d1");
    assert_eq!(at(&pos, "c1"), Some((W.into(), "block".into())));
    assert_eq!(at(&pos, "f1"), None);
    // The partner must stand beyond the destination and be the first piece on the line.
    assert_eq!(texts(&setup(&game, &[(W, "p", "b1"), (W, "block", "d1")])), sorted(&["b1-a1", "b1-c1"]));
    assert!(!texts(&setup(&game, &[(W, "p", "b1"), (W, "block", "f1"), (B, "block", "e1")])).contains(&"b1-d1".into()));
    // Once moved, never again (even back on its node).
    let mut pos = setup(&game, &[(W, "p", "b1"), (W, "block", "f1"), (B, "p", "a1")]);
    play(&mut pos, "b1-c1");
    play(&mut pos, "a1-b1");
    assert!(!texts(&pos).iter().any(|m| m == "c1-e1"), "{:?}", texts(&pos));
}

#[test]
fn passed_nodes_can_be_taken_en_passant_for_one_move() {
    let yaml = grid_game(
        3,
        4,
        &[
            "slide orthogonal.forward 2 to empty passable",
            "step diagonal.forward to passed capture passer",
            "step orthogonal.sideways to empty",
        ],
    );
    let game = load(&yaml, &[]);
    let mut pos = setup(&game, &[(W, "p", "b1"), (B, "p", "a3"), (B, "p", "c4")]);
    play(&mut pos, "b1-b3");
    assert!(texts(&pos).contains(&"a3-b2".to_string()), "{:?}", texts(&pos));
    let mut later = pos.clone();
    play(&mut pos, "a3-b2");
    assert_eq!(at(&pos, "b3"), None, "the passer is taken where it stands");
    assert_eq!(at(&pos, "b2"), Some((B.into(), "p".into())));
    play(&mut later, "c4-b4");
    play(&mut later, "b3-c3");
    assert!(!texts(&later).contains(&"a3-b2".to_string()));
}

#[test]
fn the_check_rule_uses_every_capturing_pattern() {
    // A royal `k`, and enemies that attack by slide, leap, blockable path and hop.
    let yaml = format!(
        "{}rules: {{ pass: never, check: [k] }}\n",
        grid_game_raw(
            5,
            5,
            "  k: { moves: [\"step orthogonal\"] }\n  r: { moves: [\"slide orthogonal\"] }\n  n: { moves: [\"leap orthogonal then diagonal.outward\"] }\n  h: { moves: [\"path orthogonal then diagonal.outward\"] }\n  c: { moves: [\"hop orthogonal over any to enemy\"] }\n",
        )
    );
    let game = load(&yaml, &[]);
    let k = |extra: &[(&str, &str, &str)]| {
        let mut v = vec![(W, "k", "c3")];
        v.extend_from_slice(extra);
        texts(&setup(&game, &v)).into_iter().filter(|m| m.starts_with("c3")).collect::<Vec<_>>()
    };
    assert_eq!(k(&[]), from("c3", &["b3", "c2", "c4", "d3"]));
    assert_eq!(k(&[(B, "r", "a4")]), from("c3", &["b3", "c2", "d3"]), "the rook on a4 sees c4");
    assert_eq!(k(&[(B, "n", "a1")]), from("c3", &["c4", "d3"]), "the knight on a1 attacks b3 and c2");
    assert_eq!(k(&[(B, "h", "e1")]), from("c3", &["b3", "c4"]), "the horse on e1 attacks c2 over d1, d3 over e2");
    assert_eq!(k(&[(B, "h", "e1"), (W, "block", "d1")]), from("c3", &["b3", "c2", "c4"]), "one leg is blocked");
    assert_eq!(k(&[(B, "c", "a3"), (W, "block", "b3")]), from("c3", &["c2", "c4"]), "in check over b3, d3 too");
    assert_eq!(k(&[(B, "c", "e4"), (W, "block", "d4")]), from("c3", &["b3", "c2", "d3"]), "c4 would be shot over d4");
}

#[test]
fn new_clauses_report_their_errors() {
    for (rule, what) in [
        ("castle orthogonal 0 with any", "at least one step"),
        ("step orthogonal promote (nothing)", "unknown piece `nothing`"),
        ("step orthogonal capture sideways", "syntax error"),
    ] {
        let yaml = grid_game(3, 3, &[rule]);
        let e = qipan::load_str("t.yaml", &yaml, &[]).unwrap_err().to_string();
        assert!(e.contains(what), "{rule}: {e}");
    }
}

#[test]
fn fen_reads_any_grid_game_by_its_symbols() {
    let game = load(&grid_game(3, 3, &["step orthogonal"]), &[]);
    let pos = Position::from_fen(&game, "3/1P1/b2 b").expect("reads");
    assert_eq!(at(&pos, "b2"), Some((W.into(), "p".into())));
    assert_eq!(at(&pos, "a1"), Some((B.into(), "block".into())));
    assert_eq!(pos.to_move(), SeatId(1));
    assert_eq!(pos.to_fen().unwrap(), "3/1P1/b2 b - - 0 1");
    let e = Position::from_fen(&game, "3/1Z1/3 w").unwrap_err().to_string();
    assert!(e.contains("`Z`"), "{e}");
    // Boards that are not grids have no FEN.
    let polar = load(
        "name: t\nboard:\n  polar: { rings: 2, sectors: 6 }\nseats: [{ name: white }, { name: black }]\npieces:\n  p: { symbols: [P, p] }\n",
        &[],
    );
    assert!(Position::from_fen(&polar, "x w").is_err());
}

/// Piece types are numbered in one byte: a definition with more is refused where the first one too many
/// is named, not compiled with wrapped indices.
#[test]
fn more_than_255_piece_types_are_refused() {
    let pieces: String = (0..256).map(|i| format!("  p{i}: {{ symbols: [A{i}], moves: place to empty }}\n")).collect();
    let src = format!(
        "name: many\nboard: {{ grid: {{ width: 3, height: 3 }} }}\nseats: [{{ name: a }}, {{ name: b }}]\npieces:\n{pieces}"
    );
    let err = qipan::load_str("many.yaml", &src, &[]).unwrap_err();
    assert_eq!((err.0[0].loc.line, err.0[0].message.as_str()), (260, "a game has at most 255 piece types"));
    let fits: String = pieces.lines().take(255).map(|l| format!("{l}\n")).collect();
    let game = qipan::load_str("many.yaml", &src.replace(&pieces, &fits), &[]).expect("255 piece types fit");
    assert_eq!(game.piece("p254").map(|p| p.idx()), Some(254));
}
