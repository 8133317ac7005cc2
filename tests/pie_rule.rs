//! The pie rule (`rules: { swap: sides }`), on Hex: the game tree with the swap against a count written
//! from the rules, who plays which seat after a swap, and a computer player that swaps a winning opening.

use qipan::core::ai::{self, AgentRng, MctsAgent, MctsConfig};
use qipan::core::notation::{move_text, parse_move};
use qipan::core::{EndReason, GameResult, Illegal, Move, MoveKind, SeatId};
use rand::SeedableRng;

fn hex(size: usize, swap: &str) -> std::sync::Arc<qipan::core::Game> {
    qipan::load("hex", &[("size".into(), size.to_string()), ("swap".into(), swap.into())]).expect("built in")
}

/// Sequences of each length on an `n`×`n` Hex board with the pie rule, counted from the rules: a
/// player places on any empty cell; after the first stone the second player may instead swap, which
/// leaves the board as it is and the same colour (Blue) to move; a join of a side's edges ends the game.
/// `cells[c][r]` is 0 (empty), 1 (Red: rows 1 to n) or 2 (Blue: columns a to n).
fn sequences(cells: &mut Vec<Vec<u8>>, who: u8, ply: usize, depth: usize, counts: &mut [u64]) {
    counts[ply] += 1;
    if ply == depth {
        return;
    }
    for (c, r) in empty_cells(cells) {
        cells[c][r] = who;
        if joined(cells, who) {
            counts[ply + 1] += 1;
        } else {
            sequences(cells, 3 - who, ply + 1, depth, counts);
        }
        cells[c][r] = 0;
    }
    if ply == 1 {
        sequences(cells, who, ply + 1, depth, counts);
    }
}

/// Whether `who` joins its edges: a flood from its first edge over the six hex neighbours.
fn joined(cells: &[Vec<u8>], who: u8) -> bool {
    let n = cells.len() as i32;
    let at = |c: i32, r: i32| c >= 0 && r >= 0 && c < n && r < n && cells[c as usize][r as usize] == who;
    let mut todo: Vec<(i32, i32)> =
        (0..n).map(|k| if who == 1 { (k, 0) } else { (0, k) }).filter(|&(c, r)| at(c, r)).collect();
    let mut seen = vec![vec![false; n as usize]; n as usize];
    while let Some((c, r)) = todo.pop() {
        if std::mem::replace(&mut seen[c as usize][r as usize], true) {
            continue;
        }
        if (who == 1 && r == n - 1) || (who == 2 && c == n - 1) {
            return true;
        }
        for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (-1, 1), (1, -1)] {
            if at(c + dc, r + dr) {
                todo.push((c + dc, r + dr));
            }
        }
    }
    false
}

#[test]
fn perft_with_the_swap_matches_a_count_from_the_rules() {
    for n in [2, 3] {
        let depth = n * n + 1;
        let mut counts = vec![0u64; depth + 1];
        sequences(&mut vec![vec![0; n]; n], 1, 0, depth, &mut counts);
        let game = hex(n, "sides");
        let engine: Vec<u64> = (1..=depth as u32).map(|d| qipan::core::playout::perft(&game.start(), d)).collect();
        assert_eq!(engine, counts[1..], "{n}x{n}");
    }
    // By hand on 4×4: 16 first stones, then 15 placements or the swap.
    let perft = |d| qipan::core::playout::perft(&hex(4, "sides").start(), d);
    assert_eq!((perft(1), perft(2), perft(3)), (16, 16 * 16, 16 * 15 * 14 + 16 * 15));
}

#[test]
fn the_swap_is_the_second_move_only_and_only_under_the_rule() {
    let game = hex(5, "sides");
    let mut pos = game.start();
    assert_eq!(pos.check(&Move::SWAP), Err(Illegal::SwapNotAllowed), "before the first move");
    pos.play(&parse_move(&pos, "c3").unwrap()).unwrap();
    assert_eq!(pos.check(&Move::SWAP), Ok(()));
    assert_eq!(pos.legal_moves().iter().filter(|m| m.kind == MoveKind::Swap).count(), 1);
    pos.play(&Move::SWAP).unwrap();
    assert_eq!(pos.check(&Move::SWAP), Err(Illegal::SwapNotAllowed), "one swap only");
    assert_eq!((pos.ply(), pos.to_move()), (2, SeatId(1)), "blue is still to move");
    let err = pos.play(&Move::SWAP).unwrap_err().to_string();
    assert!(err.contains("only as the second move"), "{err}");

    let plain = hex(5, "none");
    let mut pos = plain.start();
    pos.play(&parse_move(&pos, "c3").unwrap()).unwrap();
    assert_eq!(pos.check(&Move::SWAP), Err(Illegal::SwapNotAllowed), "no pie rule");
    assert!(pos.legal_moves().iter().all(|m| m.kind != MoveKind::Swap));
    // A swap written in a move list reads back as itself.
    let mut pos = game.start();
    pos.play(&parse_move(&pos, "a1").unwrap()).unwrap();
    assert_eq!(parse_move(&pos, "swap").unwrap(), Move::SWAP);
    assert_eq!(move_text(&game, &Move::SWAP), "swap");
}

#[test]
fn after_a_swap_each_player_wins_or_loses_with_the_seat_it_now_holds() {
    let game = hex(3, "sides");
    let (red, blue) = (SeatId(0), SeatId(1));
    let mut pos = game.start();
    pos.play(&parse_move(&pos, "b2").unwrap()).unwrap();
    pos.play(&Move::SWAP).unwrap();
    // The second player (who sat at blue) now plays red, and the first player blue.
    assert_eq!((ai::player(&pos, red), ai::player(&pos, blue)), (blue, red));
    for text in ["a2", "b1", "a3", "b3"] {
        pos.play(&parse_move(&pos, text).unwrap()).unwrap();
    }
    let result = pos.outcome().expect("red joins b1-b2-b3");
    assert_eq!((result.winners.as_slice(), &result.reason), (&[red][..], &EndReason::Connection));
    let mut rewards = Vec::new();
    ai::rewards(&pos, Some(result), &mut rewards);
    assert_eq!(rewards, [0.0, 1.0], "the win is the second player's, who swapped");
    let draw = GameResult::winners(&pos, vec![], EndReason::Other("test".into()));
    ai::rewards(&pos, Some(&draw), &mut rewards);
    assert_eq!(rewards, [0.5, 0.5]);
}

/// Whether `who`, to move, wins with best play (Hex has no draws), by search from the rules.
fn wins(cells: &mut Vec<Vec<u8>>, who: u8) -> bool {
    empty_cells(cells).into_iter().any(|(c, r)| {
        cells[c][r] = who;
        let won = joined(cells, who) || !wins(cells, 3 - who);
        cells[c][r] = 0;
        won
    })
}

/// The empty cells, column by column.
fn empty_cells(cells: &[Vec<u8>]) -> Vec<(usize, usize)> {
    let n = cells.len();
    (0..n).flat_map(|c| (0..n).map(move |r| (c, r))).filter(|&(c, r)| cells[c][r] == 0).collect()
}

#[test]
fn a_computer_player_swaps_a_winning_opening_and_answers_a_losing_one() {
    // Red's opening on b2 (the centre) wins for the side that holds it; a1 loses. A search from the
    // rules says so first.
    let opened = |c: usize, r: usize| {
        let mut cells = vec![vec![0; 3]; 3];
        cells[c][r] = 1;
        !wins(&mut cells, 2)
    };
    assert!(opened(1, 1) && !opened(0, 0));
    let game = hex(3, "sides");
    let config = MctsConfig { iterations: Some(3000), ..MctsConfig::default() };
    let best = |opening: &str| {
        let mut pos = game.start();
        pos.play(&parse_move(&pos, opening).unwrap()).unwrap();
        let mut agent = MctsAgent::new(config.clone());
        let children = agent.search(&pos, &mut AgentRng::seed_from_u64(3)).expect("no hooks");
        move_text(&game, &children[0].0)
    };
    assert_eq!(best("b2"), "swap");
    assert_ne!(best("a1"), "swap");
}
