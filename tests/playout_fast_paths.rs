//! Playouts take shortcuts: placements drawn among the empty nodes and tested one at a time, steps
//! read from a table, the "no legal move" test left to the next move's choice. Each must agree with
//! the general path: every move a playout plays is legal, the position after it (and the result)
//! is the one `Position::play` gives, every legal move can be drawn, and the step table lists the
//! moves the rules' own generators make, in their order. Games where a shortcut must not apply (a
//! condition on the position, a conditional pass, steps in every direction, a check rule) are played
//! the same way.

use qipan::core::playout::{PlayoutBuf, random_playout};
use qipan::core::rules::{Scratch, pattern::generate};
use qipan::core::{Game, Move, Position};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::collections::BTreeSet;
use std::sync::Arc;

fn built_in(name: &str, options: &[(&str, &str)]) -> Arc<Game> {
    let options: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    qipan::load(name, &options).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn defined(yaml: &str) -> Arc<Game> {
    qipan::load_str("test.yaml", yaml, &[]).unwrap_or_else(|d| panic!("does not compile:\n{d}\n{yaml}"))
}

/// Three seats racing forward on 5×5, captures diagonally forward only; a seat that cannot move is out.
const THREE_WAY: &str = "name: three-way
board: { grid: { width: 5, height: 5, labels: chess, diagonal: true } }
seats:
  - { name: a, letter: A, forward: [n] }
  - { name: b, letter: B, forward: [e] }
  - { name: c, letter: C, forward: [s] }
pieces:
  runner:
    symbols: [A, B, C]
    moves:
      - step orthogonal.forward to empty
      - step diagonal.forward to enemy
setup:
  - { seat: a, piece: runner, at: [b1, d1] }
  - { seat: b, piece: runner, at: [a2, a4] }
  - { seat: c, piece: runner, at: [b5, d5] }
rules: { pass: never, stuck: lose }
end: { last_standing: true, counts: [{ fewer_than: 1 }] }
";

/// Kings that step in every direction (links included): no step table.
const KINGS: &str = "name: kings
board: { grid: { width: 4, height: 4, labels: chess, diagonal: true } }
seats: [{ name: white }, { name: black }]
pieces:
  king: { symbols: [K, k], moves: step orthogonal to empty or enemy }
setup:
  - { seat: white, piece: king, at: [a1, b1] }
  - { seat: black, piece: king, at: [c4, d4] }
rules: { pass: never, stuck: lose }
end: { counts: [{ fewer_than: 1 }], max_plies: 60 }
";

/// Placements limited by a position condition: no placement shortcut.
const LIMITED: &str = "name: limited
board: { grid: { width: 3, height: 3, labels: chess } }
seats: [{ name: black }, { name: white }]
pieces: { stone: { symbols: [B, W], moves: place to empty if count(friend) < 3 } }
";

/// A pass offered under a condition: no placement shortcut.
const LATE_PASS: &str = "name: late
board: { grid: { width: 3, height: 3, labels: chess } }
seats: [{ name: black }, { name: white }]
pieces: { stone: { symbols: [B, W], moves: place to empty } }
rules: { pass: if count(empty) < 5 }
end: { passes: 2 }
";

/// Stones placed only beside a friend: a placement shortcut with a test beyond emptiness.
const BESIDE: &str = "name: beside
board: { grid: { width: 4, height: 4, labels: chess } }
seats: [{ name: black }, { name: white }]
pieces:
  stone:
    symbols: [B, W]
    moves: place to empty and adjacent(orthogonal, friend) >= 1
setup:
  - { seat: black, piece: stone, at: [b2] }
  - { seat: white, piece: stone, at: [c3] }
rules: { pass: when-stuck }
end: { passes: 2, lines: [{ length: 3, along: [orthogonal] }] }
";

/// Rooks that take, kept out of the centre, and runners sliding diagonally forward onto enemies only:
/// plain slides on a small grid, counted over bit masks.
const ROOKS: &str = "name: rooks
board:
  grid: { width: 6, height: 6, labels: chess, diagonal: true }
  zones: { centre: { labels: [c3, d4] } }
seats:
  - { name: white, letter: W, forward: [n] }
  - { name: black, letter: B, forward: [s] }
pieces:
  rook: { symbols: [R, r], moves: slide orthogonal to (empty or enemy) and not zone(centre) }
  runner: { symbols: [N, n], moves: slide diagonal.forward to enemy }
setup:
  - { seat: white, piece: rook, at: [a1, f1] }
  - { seat: white, piece: runner, at: [b2, e2] }
  - { seat: black, piece: rook, at: [a6, f6] }
  - { seat: black, piece: runner, at: [b5, e5] }
rules: { pass: never, stuck: lose }
end: { counts: [{ fewer_than: 1 }], max_plies: 300 }
";

/// Slides of two or three nodes on a board of 144: plain slides, counted node by node.
const LANCES: &str = "name: lances
board: { grid: { width: 12, height: 12, labels: chess } }
seats: [{ name: white, letter: W }, { name: black, letter: B }]
pieces:
  lance: { symbols: [L, l], moves: slide orthogonal 2..3 to empty or enemy }
setup:
  - { seat: white, piece: lance, at: [a1, c1, e1, g1, i1, k1] }
  - { seat: black, piece: lance, at: [b12, d12, f12, h12, j12, l12] }
rules: { pass: never, stuck: lose }
end: { counts: [{ fewer_than: 1 }], max_plies: 300 }
";

fn games() -> Vec<Arc<Game>> {
    vec![
        built_in("tic-tac-toe", &[]),
        built_in("connect-four", &[]),
        built_in("connect-four", &[("width", "5"), ("height", "4")]),
        built_in("gomoku", &[("size", "9")]),
        built_in("hex", &[("size", "5")]),
        built_in("go", &[("size", "5")]),
        built_in("breakthrough", &[]),
        built_in("chess", &[]),
        built_in("othello", &[("size", "6")]),
        built_in("hnefatafl", &[]),
        defined(THREE_WAY),
        defined(KINGS),
        defined(LIMITED),
        defined(LATE_PASS),
        defined(BESIDE),
        defined(ROOKS),
        defined(LANCES),
    ]
}

/// Plays `pos` one playout ply at a time and checks each ply against `Position::play`.
fn follow(pos: &mut Position, seed: u64, each_ply: &mut impl FnMut(&Position)) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut buf = PlayoutBuf::default();
    while !pos.is_over() && pos.ply() < 300 {
        each_ply(pos);
        let legal = pos.legal_moves();
        let mut general = pos.clone();
        let ply = pos.ply();
        random_playout(pos, &mut rng, &mut buf, 1).unwrap();
        if pos.ply() == ply {
            // The playout found the seat stuck: the general path says the same.
            assert!(legal.is_empty(), "{}: stuck with legal moves at ply {ply}", pos.game().name);
            break;
        }
        let mv = pos.last_move().unwrap();
        assert!(legal.contains(&mv), "{}: {mv:?} is not legal at ply {ply}", pos.game().name);
        general.play(&mv).unwrap();
        assert_eq!(general.hash(), pos.hash(), "{}: ply {ply}", pos.game().name);
        assert_eq!(general.to_move(), pos.to_move(), "{}: ply {ply}", pos.game().name);
        assert_eq!(general.outcome(), pos.outcome(), "{}: ply {ply}", pos.game().name);
    }
}

#[test]
fn every_playout_move_is_legal_and_ends_the_game_as_play_does() {
    for game in games() {
        for seed in 0..20 {
            follow(&mut game.start(), seed, &mut |_| {});
        }
    }
}

#[test]
fn every_legal_move_can_be_drawn() {
    for game in games() {
        let mut pos = game.start();
        follow(&mut pos, 7, &mut |pos| {
            if pos.ply() % 5 != 0 {
                return;
            }
            let legal: BTreeSet<String> = pos.legal_moves().iter().map(|m| format!("{m:?}")).collect();
            let mut drawn = BTreeSet::new();
            let mut buf = PlayoutBuf::default();
            for seed in 0..(40 * legal.len() as u64).max(40) {
                let mut p = pos.clone();
                let mut rng = SmallRng::seed_from_u64(seed);
                if random_playout(&mut p, &mut rng, &mut buf, 1).unwrap() == 1 {
                    drawn.insert(format!("{:?}", p.last_move().unwrap()));
                }
            }
            assert_eq!(drawn, legal, "{} at ply {}", pos.game().name, pos.ply());
        });
    }
}

/// The pseudo-legal moves as the rules' generators make them: each piece the seat moves, in node
/// order, each rule in order.
fn by_the_rules(pos: &Position) -> Vec<Move> {
    let game = pos.game();
    let (mut scratch, mut out) = (Scratch::default(), Vec::new());
    for n in game.board.node_ids() {
        let Some(c) = pos.cell(n) else { continue };
        if !pos.same_side(pos.to_move(), c.seat) {
            continue;
        }
        for rule in &game.pieces[c.piece.idx()].moves {
            generate(rule, pos, c.seat, c.piece, n, &mut scratch, &mut out);
        }
    }
    out
}

#[test]
fn the_step_table_lists_the_moves_the_rules_make() {
    let three_way = defined(THREE_WAY);
    assert!(three_way.has_step_table());
    for game in [built_in("breakthrough", &[]), three_way, defined(KINGS)] {
        for seed in 0..10 {
            follow(&mut game.start(), seed, &mut |pos| {
                assert_eq!(pos.legal_moves(), by_the_rules(pos), "{} at ply {}", pos.game().name, pos.ply());
            });
        }
    }
    assert!(!defined(KINGS).has_step_table(), "a step in every direction takes links too");
}

#[test]
fn the_placement_shortcut_applies_only_where_it_may() {
    use qipan::core::playout::lone_placement;
    for (game, fast) in [
        (built_in("connect-four", &[]), true),
        (built_in("go", &[("size", "5")]), true),
        (built_in("othello", &[]), true),
        (defined(BESIDE), true),
        (defined(LIMITED), false),
        (defined(LATE_PASS), false),
        (built_in("breakthrough", &[]), false),
    ] {
        assert_eq!(lone_placement(&game).is_some(), fast, "{}", game.name);
    }
}

/// Each seat's list of its pieces' nodes, kept as pieces come and go (captures, flips, promotions,
/// chains of jumps), lists exactly the nodes its pieces stand on.
#[test]
fn the_seats_piece_lists_follow_the_board() {
    let draughts = built_in("english-draughts", &[]);
    for game in [draughts, built_in("othello", &[]), built_in("go", &[("size", "5")]), built_in("hnefatafl", &[])] {
        for seed in 0..10 {
            follow(&mut game.start(), seed, &mut |pos| {
                for seat in pos.game().seat_ids() {
                    let mut listed = pos.placed(seat).to_vec();
                    listed.sort();
                    let on_board: Vec<_> =
                        pos.game().board.node_ids().filter(|&n| pos.cell(n).is_some_and(|p| p.seat == seat)).collect();
                    assert_eq!(listed, on_board, "{} at ply {}", pos.game().name, pos.ply());
                }
            });
        }
    }
}

#[test]
fn slides_drawn_by_counting_are_the_moves_the_full_list_gives() {
    use qipan::core::position::slides_only;
    use rand::Rng;
    let tafl = built_in("hnefatafl", &[("shield_wall", "false"), ("enclosure", "false")]);
    for game in [built_in("hnefatafl", &[]), tafl, defined(ROOKS), defined(LANCES)] {
        assert!(slides_only(&game), "{}", game.name);
        for seed in 0..12 {
            let (mut pos, mut buf) = (game.start(), PlayoutBuf::default());
            let mut rng = SmallRng::seed_from_u64(seed);
            while !pos.is_over() && pos.ply() < 400 {
                // The general path: every legal move listed, one drawn by index.
                let legal = pos.legal_moves();
                let mut twin = rng.clone();
                let expected = (!legal.is_empty()).then(|| legal[twin.random_range(0..legal.len())]);
                let ply = pos.ply();
                random_playout(&mut pos, &mut rng, &mut buf, 1).unwrap();
                let Some(expected) = expected else {
                    assert_eq!(pos.ply(), ply, "{}: a move with none legal", game.name);
                    break;
                };
                assert_eq!(pos.last_move(), Some(expected), "{} seed {seed} ply {ply}", game.name);
            }
        }
    }
    for name in ["chess", "amazons", "breakthrough", "go"] {
        assert!(!slides_only(&built_in(name, &[])), "{name}");
    }
}
