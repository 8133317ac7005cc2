//! The blocks of placement games: neighbour counts in conditions (`adjacent(r, C) OP N`), scores from
//! the pieces and groups on the board, and passes allowed only when a condition holds. Each is checked
//! against answers worked out here from the rules (coordinates, flood fills written for the test), not
//! through the engine's own tables.

use qipan::core::notation::move_text;
use qipan::core::{EndReason, Game, GameResult, Illegal, Move, Position, SeatId};
use std::collections::BTreeSet;
use std::sync::Arc;

mod common;

/// Compiles a definition; panics with the diagnostics if it does not compile.
fn load(yaml: &str) -> Arc<Game> {
    qipan::load_str("test.yaml", yaml, &[]).unwrap_or_else(|d| panic!("does not compile:\n{d}\n{yaml}"))
}

/// A small deterministic generator, so failures reproduce.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// The legal moves of the seat to move, as move texts.
fn texts(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| move_text(pos.game(), m)).collect()
}

/// Chess-style label of grid coordinates.
fn label(x: i32, y: i32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

// ---------------------------------------------------------------------------------------------
// adjacent(r, C) OP N
// ---------------------------------------------------------------------------------------------

/// Black and White on 5×5 (Black forward north); each piece type one placement rule.
fn neighbourly() -> Arc<Game> {
    load(
        "name: neighbourly
board: { grid: { width: 5, height: 5, labels: chess, diagonal: true } }
seats: [{ name: black, forward: [n] }, { name: white, forward: [s] }]
pieces:
  pair:
    symbols: [P, p]
    moves: place to empty and adjacent(orthogonal, friend) >= 2
  loner:
    symbols: [L, l]
    moves: place to empty and adjacent(diagonal, enemy) == 0
  scout:
    symbols: [S, s]
    moves: place to empty and adjacent(orthogonal.forward, empty) != 1 and adjacent(orthogonal.(e|w), any) < 2
rules: { pass: always }
",
    )
}

/// Where each rule of `neighbourly` may place for the seat to move, worked out from coordinates:
/// `piece@node`, and the pass.
fn placements_by_hand(pos: &Position) -> BTreeSet<String> {
    let game = pos.game();
    let me = pos.to_move();
    // 1: the mover's, -1: the other seat's, 0: empty or off the board (None).
    let at = |x: i32, y: i32| -> Option<i32> {
        if !(0..5).contains(&x) || !(0..5).contains(&y) {
            return None;
        }
        let n = game.board.find(&label(x, y)).expect("a node");
        Some(pos.cell(n).map_or(0, |p| if p.seat == me { 1 } else { -1 }))
    };
    let count = |x: i32, y: i32, steps: &[(i32, i32)], want: &dyn Fn(i32) -> bool| {
        steps.iter().filter(|(dx, dy)| at(x + dx, y + dy).is_some_and(want)).count()
    };
    let forward = if me.idx() == 0 { 1 } else { -1 };
    let mut out = BTreeSet::new();
    for x in 0..5 {
        for y in 0..5 {
            if at(x, y) != Some(0) {
                continue;
            }
            let l = label(x, y);
            if count(x, y, &[(0, 1), (1, 0), (0, -1), (-1, 0)], &|v| v == 1) >= 2 {
                out.insert(format!("pair@{l}"));
            }
            if count(x, y, &[(1, 1), (1, -1), (-1, -1), (-1, 1)], &|v| v == -1) == 0 {
                out.insert(format!("loner@{l}"));
            }
            if count(x, y, &[(0, forward)], &|v| v == 0) != 1 && count(x, y, &[(1, 0), (-1, 0)], &|v| v != 0) < 2 {
                out.insert(format!("scout@{l}"));
            }
        }
    }
    out.insert("pass".into());
    out
}

#[test]
fn adjacent_placements_agree_with_coordinates_over_random_games() {
    let game = neighbourly();
    let mut rng = Lcg(7);
    let mut checked = 0;
    for _ in 0..40 {
        let mut pos = game.start();
        for _ in 0..24 {
            let by_hand = placements_by_hand(&pos);
            assert_eq!(texts(&pos), by_hand, "ply {}", pos.ply());
            checked += 1;
            let moves = pos.legal_moves();
            let mv = moves[rng.below(moves.len())];
            pos.play(&mv).expect("a legal move");
            if pos.is_over() {
                break;
            }
        }
    }
    assert!(checked > 500, "{checked} positions");
}

// ---------------------------------------------------------------------------------------------
// Scores from pieces and groups
// ---------------------------------------------------------------------------------------------

/// A book example with options.
fn example(file: &str, options: &[(&str, &str)]) -> Arc<Game> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src/examples").join(file);
    let text = std::fs::read_to_string(&path).expect("the example");
    let o: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    qipan::load_str(file, &text, &o).unwrap_or_else(|d| panic!("{file}: {d}"))
}

/// The result of scoring `pos` now.
fn score(pos: &Position) -> GameResult {
    GameResult::scored(pos, EndReason::Other("test".into())).expect("no hooks")
}

/// Black's and White's stones, by label.
fn stones(game: &Arc<Game>, black: &str, white: &str) -> Position {
    let mut pieces = Vec::new();
    for (seat, labels) in [("black", black), ("white", white)] {
        pieces.extend(labels.split_whitespace().map(|l| (seat, "stone", l)));
    }
    common::position_with(game, &[], &pieces, "black")
}

#[test]
fn each_method_scores_a_position_worked_out_by_hand() {
    // 4 . W W .
    // 3 B . W .
    // 2 B B . W
    // 1 . . B W
    //   a b c d
    // Black: a3-a2-b2 and c1 (4 stones, groups of 3 and 1); White: b4-c4-c3 and d2-d1 (5, groups of 3 and 2).
    let (black, white) = ("a3 a2 b2 c1", "b4 c4 c3 d2 d1");
    let cases = [
        ("pieces", [4.0, 5.0], "W+1"),
        ("largest-group", [3.0, 3.0], "0"),
        ("groups", [2.0, 2.0], "0"),
        ("group-product", [3.0, 6.0], "W+3"),
    ];
    for (measure, scores, text) in cases {
        let game = example("clusters.yaml", &[("measure", measure)]);
        let r = score(&stones(&game, black, white));
        assert_eq!((r.scores.as_deref(), r.text.as_str()), (Some(&scores[..]), text), "{measure}");
        let winners: Vec<SeatId> = if text == "0" { vec![] } else { vec![SeatId(1)] };
        assert_eq!(r.winners, winners, "{measure}");
    }
}

#[test]
fn with_lower_wins_the_fewest_groups_win_and_equal_counts_draw() {
    let game = example("fewest-groups.yaml", &[]);
    assert!(game.rules.lower_score_wins);
    // Black: one group (a1-b1); White: three (a3, c3, e3).
    let r = score(&stones(&game, "a1 b1", "a3 c3 e3"));
    assert_eq!((r.scores, r.winners, r.text.as_str()), (Some(vec![1.0, 3.0]), vec![SeatId(0)], "B+2"));
    // White joins two of them, and then all three: 1 against 2, then 1 against 1.
    let r = score(&stones(&game, "a1 b1", "a3 b3 e3"));
    assert_eq!((r.scores, r.text.as_str()), (Some(vec![1.0, 2.0]), "B+1"));
    let r = score(&stones(&game, "a1 b1", "a3 b3 c3 d3"));
    assert_eq!((r.scores, r.winners, r.text.as_str()), (Some(vec![1.0, 1.0]), vec![], "0"));
    // The same positions under the default, highest wins.
    let higher = example("clusters.yaml", &[("measure", "groups")]);
    assert!(!higher.rules.lower_score_wins);
    assert_eq!(score(&stones(&higher, "a1 b1", "a3 c3")).text, "W+1");
}

#[test]
fn an_empty_side_scores_nothing() {
    for measure in ["pieces", "largest-group", "groups", "group-product"] {
        let game = example("clusters.yaml", &[("measure", measure)]);
        let r = score(&stones(&game, "", "a1 c1"));
        let white = if measure == "largest-group" { 1.0 } else { 2.0 };
        let white = if measure == "group-product" { 1.0 } else { white };
        assert_eq!(r.scores, Some(vec![0.0, white]), "{measure}");
    }
}

/// Each seat's groups on a 4×4 board, found by a flood fill over coordinates: sizes, largest first.
fn groups_by_hand(pos: &Position) -> [Vec<usize>; 2] {
    let game = pos.game();
    let owner = |x: i32, y: i32| -> Option<usize> {
        if !(0..4).contains(&x) || !(0..4).contains(&y) {
            return None;
        }
        pos.cell(game.board.find(&label(x, y)).expect("a node")).map(|p| p.seat.idx())
    };
    let mut seen = [[false; 4]; 4];
    let mut out = [Vec::new(), Vec::new()];
    for x in 0..4 {
        for y in 0..4 {
            let Some(s) = owner(x, y).filter(|_| !seen[x as usize][y as usize]) else { continue };
            let (mut size, mut todo) = (0, vec![(x, y)]);
            seen[x as usize][y as usize] = true;
            while let Some((a, b)) = todo.pop() {
                size += 1;
                for (c, d) in [(a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)] {
                    if owner(c, d) == Some(s) && !seen[c as usize][d as usize] {
                        seen[c as usize][d as usize] = true;
                        todo.push((c, d));
                    }
                }
            }
            out[s].push(size);
        }
    }
    out.iter_mut().for_each(|g| g.sort_unstable_by(|a, b| b.cmp(a)));
    out
}

#[test]
fn games_played_to_a_full_board_are_scored_as_a_flood_fill_counts() {
    let mut rng = Lcg(11);
    for measure in ["pieces", "largest-group", "groups", "group-product"] {
        let game = example("clusters.yaml", &[("measure", measure)]);
        for _ in 0..25 {
            let mut pos = game.start();
            while !pos.is_over() {
                let moves = pos.legal_moves();
                pos.play(&moves[rng.below(moves.len())]).expect("a legal move");
            }
            let result = pos.outcome().expect("over").clone();
            assert_eq!(result.reason, EndReason::NoSeatCanMove, "a full board, then a pass each");
            let groups = groups_by_hand(&pos);
            let by_hand: Vec<f64> = groups
                .iter()
                .map(|g| match measure {
                    "pieces" => g.iter().sum::<usize>() as f64,
                    "largest-group" => g.first().copied().unwrap_or(0) as f64,
                    "groups" => g.len() as f64,
                    _ if g.is_empty() => 0.0,
                    _ => g.iter().product::<usize>() as f64,
                })
                .collect();
            assert_eq!(result.scores.as_deref(), Some(&by_hand[..]), "{measure}: {groups:?}");
            let text = match by_hand[0] - by_hand[1] {
                d if d > 0.0 => format!("B+{d}"),
                d if d < 0.0 => format!("W+{}", -d),
                _ => "0".into(),
            };
            assert_eq!(result.text, text, "{measure}: {groups:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Passes under rules
// ---------------------------------------------------------------------------------------------

/// Two seats placing stones on a `w`×`h` board, under the `rules:` and `end:` given.
fn placing(w: u32, h: u32, rules: &str, end: &str) -> Arc<Game> {
    load(&format!(
        "name: passing
board: {{ grid: {{ width: {w}, height: {h}, labels: chess }} }}
seats: [{{ name: black }}, {{ name: white }}]
pieces: {{ stone: {{ symbols: [B, W], moves: place to empty }} }}
rules: {rules}
end: {end}
"
    ))
}

#[test]
fn a_pass_is_refused_while_its_condition_is_false_and_offered_when_true() {
    let game = placing(3, 3, "{ pass: if count(empty) < 7 }", "{ passes: 2 }");
    let mut pos = game.start();
    for (ply, text) in ["a1", "b1", "c1"].iter().enumerate() {
        // 9, 8 and 7 empty points: no pass yet.
        assert_eq!(pos.check(&Move::PASS), Err(Illegal::PassNotAllowed), "ply {ply}");
        assert!(!pos.legal_moves().contains(&Move::PASS), "ply {ply}");
        common::play(&mut pos, text);
    }
    // 6 empty: Black may pass, and then White too, which ends the game.
    assert_eq!(pos.check(&Move::PASS), Ok(()));
    assert_eq!(pos.legal_moves().len(), 6 + 1);
    common::play(&mut pos, "pass");
    assert!(pos.legal_moves().contains(&Move::PASS));
    common::play(&mut pos, "pass");
    assert_eq!(pos.outcome().map(|r| r.reason.clone()), Some(EndReason::ConsecutivePasses));
}

#[test]
fn a_seat_without_a_move_is_stuck_under_a_condition_unless_stuck_pass_gives_it_the_pass() {
    // Passing only while one has no stone: on a full 2×1 board neither may pass.
    let stuck = placing(2, 1, "{ pass: if count(friend) == 0 }", "{}");
    let mut pos = stuck.start();
    common::play(&mut pos, "a1");
    common::play(&mut pos, "b1");
    assert_eq!(pos.outcome().map(|r| r.reason.clone()), Some(EndReason::NoLegalMove), "Black is stuck: a draw");
    assert!(pos.outcome().unwrap().winners.is_empty());
    // With `stuck: pass`, Black passes, forced; White too, and the game ends there.
    let forced = placing(2, 1, "{ pass: if count(friend) == 0, stuck: pass }", "{}");
    let mut pos = forced.start();
    assert!(pos.legal_moves().contains(&Move::PASS), "no stone yet: a pass by choice");
    common::play(&mut pos, "a1");
    assert!(pos.legal_moves().contains(&Move::PASS), "White has no stone yet either");
    common::play(&mut pos, "b1");
    assert_eq!(pos.legal_moves(), [Move::PASS]);
    assert_eq!(pos.check(&Move::PASS), Ok(()));
    common::play(&mut pos, "pass");
    common::play(&mut pos, "pass");
    assert_eq!(pos.outcome().map(|r| r.reason.clone()), Some(EndReason::NoSeatCanMove));
}

/// The sequences of `depth` plies of a placement game on `nodes` points, counted from the rules: a seat
/// places on any empty point, or passes when `may_pass(empty points, its stones)` holds, or, with
/// `forced`, when it can do nothing else. Two passes in a row end the game under `end: { passes: 2 }`
/// (`two_passes_end`); otherwise only when no seat can place any more. A seat with no move at all ends it
/// too.
fn sequences(cells: &mut Vec<Option<usize>>, seat: usize, passes: u32, depth: u32, rules: &PassRules) -> u64 {
    if depth == 0 {
        return 1;
    }
    let empty: Vec<usize> = (0..cells.len()).filter(|&i| cells[i].is_none()).collect();
    if passes >= 2 && (rules.two_passes_end || empty.is_empty()) {
        return 0;
    }
    let mine = cells.iter().filter(|c| **c == Some(seat)).count();
    let mut total = 0;
    for &i in &empty {
        cells[i] = Some(seat);
        total += sequences(cells, 1 - seat, 0, depth - 1, rules);
        cells[i] = None;
    }
    if (rules.may_pass)(empty.len(), mine) || (rules.forced && empty.is_empty()) {
        total += sequences(cells, 1 - seat, passes + 1, depth - 1, rules);
    }
    total
}

struct PassRules {
    may_pass: fn(usize, usize) -> bool,
    forced: bool,
    two_passes_end: bool,
}

#[test]
fn perft_counts_passes_under_a_condition_as_the_rules_do() {
    let cases: [(&str, &str, PassRules); 3] = [
        (
            "{ pass: if count(empty) < 3 }",
            "{ passes: 2 }",
            PassRules { may_pass: |empty, _| empty < 3, forced: false, two_passes_end: true },
        ),
        (
            "{ pass: if count(friend) == 0 }",
            "{ passes: 2 }",
            PassRules { may_pass: |_, mine| mine == 0, forced: false, two_passes_end: true },
        ),
        (
            "{ pass: if count(friend) == 0, stuck: pass }",
            "{}",
            PassRules { may_pass: |_, mine| mine == 0, forced: true, two_passes_end: false },
        ),
    ];
    for (rules, end, by_hand) in cases {
        let game = placing(2, 2, rules, end);
        for depth in 1..=9 {
            let expected = sequences(&mut vec![None; 4], 0, 0, depth, &by_hand);
            assert_eq!(qipan::core::playout::perft(&game.start(), depth), expected, "{rules} to depth {depth}");
        }
    }
    // The first of them by hand: 4 placements, then 3 (three empty points: no pass yet), then 2 and a pass.
    let game = placing(2, 2, "{ pass: if count(empty) < 3 }", "{ passes: 2 }");
    let perft = |d| qipan::core::playout::perft(&game.start(), d);
    assert_eq!((perft(1), perft(2), perft(3)), (4, 4 * 3, 4 * 3 * (2 + 1)));
}

#[test]
fn filter_move_sees_the_passes_a_seat_may_choose_but_not_a_forced_one() {
    let hook = r#"hooks:
  filter_move: 'if mv.kind == "pass" && pos.ply < 3 { "no passing in the first three plies" } else { true }'
"#;
    let src = format!(
        "name: patience
board: {{ grid: {{ width: 2, height: 1, labels: chess }} }}
seats: [{{ name: black }}, {{ name: white }}]
pieces: {{ stone: {{ symbols: [B, W], moves: place to empty }} }}
rules: {{ pass: always }}
{hook}"
    );
    let game = load(&src);
    let mut pos = game.start();
    assert_eq!(texts(&pos), ["a1", "b1"].map(String::from).into());
    assert_eq!(pos.check(&Move::PASS), Err(Illegal::Hook("no passing in the first three plies".into())));
    common::play(&mut pos, "a1");
    assert!(!pos.legal_moves().contains(&Move::PASS));
    common::play(&mut pos, "b1");
    // Ply 2, the board full: the hook would refuse, but the pass is all Black has, and `always` gives it.
    assert_eq!(pos.legal_moves(), [Move::PASS]);
    assert_eq!(pos.check(&Move::PASS), Ok(()));
    common::play(&mut pos, "pass");
    // Ply 3: White's pass is allowed by the hook.
    assert_eq!(pos.legal_moves(), [Move::PASS]);
}

#[test]
fn chosen_passes_do_not_end_a_game_where_a_seat_can_still_move() {
    let game = example("late-pass.yaml", &[]);
    let mut pos = game.start();
    for mv in ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3"] {
        common::play(&mut pos, mv);
    }
    // Five points empty: both may pass, and after they have, both can still place.
    common::play(&mut pos, "pass");
    common::play(&mut pos, "pass");
    assert!(!pos.is_over(), "two chosen passes are not the end without `end: {{ passes: 2 }}`");
    assert!(pos.legal_moves().iter().any(|m| !m.is_pass()));
}

#[test]
fn the_late_pass_example_plays_as_its_comment_says() {
    let game = example("late-pass.yaml", &[]);
    let mut pos = game.start();
    let mut rng = Lcg(5);
    while !pos.is_over() {
        let empty = game.board.node_ids().filter(|&n| pos.cell(n).is_none()).count();
        let moves = pos.legal_moves();
        let placements = moves.iter().filter(|m| !m.is_pass()).count();
        assert_eq!(moves.contains(&Move::PASS), empty < 6 || placements == 0, "{empty} empty");
        pos.play(&moves[rng.below(moves.len())]).expect("legal");
    }
    let result = pos.outcome().expect("over");
    assert_eq!(result.reason, EndReason::NoSeatCanMove);
    assert!(result.scores.is_some());
}
