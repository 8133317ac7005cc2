//! Othello, written in the language alone (`flank orthogonal diagonal convert required`): the published
//! perft, and random games played side by side by the engine and by a move generator written here from
//! the rules, without the engine, agreeing on the legal moves at every ply, on the discs and on the winner.

mod common;

use common::perft::Speed;
use qipan::core::notation::parse_move;
use qipan::core::{EndReason, Position, SeatId};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

#[test]
fn perft_matches_the_published_counts() {
    common::perft::check("othello.perft", Speed::Quick);
}

/// An Othello board by the rules: `n`×`n` squares, row by row from a1 (index = rank * n + file);
/// 0 empty, 1 Black, 2 White.
#[derive(Clone)]
struct Board {
    n: usize,
    cells: Vec<u8>,
}

const DIRS: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

impl Board {
    /// The start: White on the diagonal through the lower-left centre square, Black on the other.
    fn start(n: usize) -> Board {
        let mut cells = vec![0; n * n];
        let (lo, hi) = (n / 2 - 1, n / 2);
        cells[lo * n + lo] = 2;
        cells[hi * n + hi] = 2;
        cells[lo * n + hi] = 1;
        cells[hi * n + lo] = 1;
        Board { n, cells }
    }

    /// The squares of the discs `who` would flip by playing on `at`.
    fn flips(&self, at: usize, who: u8) -> Vec<usize> {
        let n = self.n as i32;
        let mut out = Vec::new();
        if self.cells[at] != 0 {
            return out;
        }
        let (r, f) = ((at / self.n) as i32, (at % self.n) as i32);
        for (dr, df) in DIRS {
            let mut line = Vec::new();
            let (mut rr, mut ff) = (r + dr, f + df);
            while (0..n).contains(&rr) && (0..n).contains(&ff) && self.cells[(rr * n + ff) as usize] == 3 - who {
                line.push((rr * n + ff) as usize);
                rr += dr;
                ff += df;
            }
            if !line.is_empty()
                && (0..n).contains(&rr)
                && (0..n).contains(&ff)
                && self.cells[(rr * n + ff) as usize] == who
            {
                out.extend(line);
            }
        }
        out
    }

    /// The squares `who` may play on, in index order.
    fn moves(&self, who: u8) -> Vec<usize> {
        (0..self.cells.len()).filter(|&i| !self.flips(i, who).is_empty()).collect()
    }

    fn play(&mut self, at: usize, who: u8) {
        for i in self.flips(at, who) {
            self.cells[i] = who;
        }
        self.cells[at] = who;
    }

    fn label(&self, i: usize) -> String {
        format!("{}{}", (b'a' + (i % self.n) as u8) as char, i / self.n + 1)
    }

    /// Move sequences of `depth` plies: a player without a move passes, and the game ends when neither
    /// can move.
    fn perft(&self, who: u8, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves(who);
        if moves.is_empty() {
            return if self.moves(3 - who).is_empty() { 0 } else { self.perft(3 - who, depth - 1) };
        }
        moves
            .iter()
            .map(|&m| {
                let mut next = self.clone();
                next.play(m, who);
                next.perft(3 - who, depth - 1)
            })
            .sum()
    }
}

fn engine_moves(pos: &Position) -> Vec<String> {
    let game = pos.game();
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| if m.is_pass() { "pass".into() } else { game.board.label(m.to).into() })
        .collect();
    v.sort();
    v
}

#[test]
fn the_rules_generator_gives_the_published_counts() {
    let b = Board::start(8);
    let counts: Vec<u64> = (1..=6).map(|d| b.perft(1, d)).collect();
    assert_eq!(counts, [4, 12, 56, 244, 1396, 8200]);
}

#[test]
fn perft_on_the_smaller_and_larger_boards_matches_the_rules() {
    for (size, depth) in [(6, 6), (10, 4)] {
        let game = qipan::load("othello", &[("size".into(), size.to_string())]).unwrap();
        let pos = game.start();
        let b = Board::start(size);
        for d in 1..=depth {
            assert_eq!(qipan::core::playout::perft(&pos, d), b.perft(1, d), "{size}×{size}, depth {d}");
        }
    }
}

/// Random games to the end, by the engine and by the rules side by side.
fn random_games(size: usize, games: usize, seed: u64) {
    let game = qipan::load("othello", &[("size".into(), size.to_string())]).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    for g in 0..games {
        let mut pos = game.start();
        let mut b = Board::start(size);
        let mut who = 1u8;
        loop {
            let mine = b.moves(who);
            let theirs = b.moves(3 - who);
            if mine.is_empty() && theirs.is_empty() {
                break;
            }
            let mut want: Vec<String> =
                if mine.is_empty() { vec!["pass".into()] } else { mine.iter().map(|&i| b.label(i)).collect() };
            want.sort();
            assert_eq!(engine_moves(&pos), want, "game {g}, ply {}", pos.ply());
            let text = want.choose(&mut rng).unwrap().clone();
            if text != "pass" {
                let at = mine.iter().copied().find(|&i| b.label(i) == text).unwrap();
                b.play(at, who);
            }
            pos.play(&parse_move(&pos, &text).unwrap()).unwrap();
            who = 3 - who;
            for i in 0..b.cells.len() {
                let seat = pos.cell(game.board.find(&b.label(i)).unwrap()).map(|p| p.seat.0 + 1).unwrap_or(0);
                assert_eq!(seat, b.cells[i], "game {g}, ply {}, {}", pos.ply(), b.label(i));
            }
            assert_eq!(pos.hash(), pos.hash_from_scratch());
        }
        // Neither can move: the engine ends the game once both have passed, if it has not already.
        while !pos.is_over() {
            assert_eq!(engine_moves(&pos), ["pass"]);
            pos.play(&qipan::core::Move::PASS).unwrap();
        }
        let result = pos.outcome().unwrap();
        assert_eq!(result.reason, EndReason::NoSeatCanMove, "game {g}");
        let black = b.cells.iter().filter(|&&c| c == 1).count();
        let white = b.cells.iter().filter(|&&c| c == 2).count();
        let winners: Vec<SeatId> = match black.cmp(&white) {
            std::cmp::Ordering::Greater => vec![SeatId(0)],
            std::cmp::Ordering::Less => vec![SeatId(1)],
            std::cmp::Ordering::Equal => vec![], // a draw
        };
        assert_eq!(result.winners, winners, "game {g}: {black} to {white}");
        assert_eq!(result.scores, Some(vec![black as f64, white as f64]), "game {g}");
    }
}

#[test]
fn random_games_agree_with_the_rules_move_by_move() {
    random_games(8, 60, 18);
}

#[test]
fn random_games_on_six_by_six_agree_with_the_rules() {
    random_games(6, 100, 6);
}

#[test]
fn random_playouts_end_with_the_board_counted() {
    use qipan::core::playout::{PlayoutBuf, random_playout};
    let game = qipan::load("othello", &[]).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let mut buf = PlayoutBuf::default();
    let mut wins = [0; 3];
    for _ in 0..200 {
        let mut pos = game.start();
        random_playout(&mut pos, &mut rng, &mut buf, 1000).unwrap();
        let r = pos.outcome().expect("over");
        let discs = pos.cells().iter().flatten().count();
        assert!(discs <= 64 && r.scores.as_ref().is_some_and(|s| s.iter().sum::<f64>() == discs as f64));
        wins[if r.winners.len() == 1 { r.winners[0].idx() } else { 2 }] += 1;
        assert!(rng.random_bool(1.0));
    }
    assert!(wins[0] > 40 && wins[1] > 40, "{wins:?}");
}

#[test]
fn a_placement_that_flanks_nothing_is_refused() {
    let game = qipan::load("othello", &[]).unwrap();
    let pos = game.start();
    for text in ["a1", "c3", "e3"] {
        let err = pos.play_checked_text(text);
        assert!(err.is_err(), "{text}");
    }
}

trait PlayText {
    fn play_checked_text(&self, text: &str) -> Result<(), String>;
}

impl PlayText for Position {
    fn play_checked_text(&self, text: &str) -> Result<(), String> {
        let mv = parse_move(self, text).map_err(|e| e.to_string())?;
        self.check(&mv).map_err(|e| e.to_string())
    }
}

/// The stable discs alpha-beta counts are stable: in random games on every size, no disc the measure
/// calls stable at some ply is ever flipped later in the game. The measure finds some in most games
/// before the board is full, and every disc once it is.
#[test]
fn stable_discs_are_never_flipped() {
    use qipan::core::ai::alphabeta::stable_pieces;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(41);
    let (mut early, mut games) = (0, 0);
    for size in ["6", "8", "10"] {
        let game = qipan::load("othello", &[("size".to_string(), size.to_string())]).unwrap();
        for _ in 0..20 {
            games += 1;
            let mut pos = game.start();
            // Every stable disc seen so far, with its owner.
            let mut settled: Vec<(qipan::core::board::NodeId, SeatId)> = Vec::new();
            let mut found_early = false;
            while !pos.is_over() {
                for n in stable_pieces(&pos).unwrap() {
                    let seat = pos.cell(n).unwrap().seat;
                    if !settled.iter().any(|&(m, _)| m == n) {
                        settled.push((n, seat));
                        found_early |= pos.cells().iter().any(|c| c.is_none());
                    }
                }
                for &(n, seat) in &settled {
                    let label = game.board.label(n);
                    assert_eq!(pos.cell(n).map(|c| c.seat), Some(seat), "size {size}: {label} flipped");
                }
                let mv = *pos.legal_moves().choose(&mut rng).unwrap();
                pos.play(&mv).unwrap();
            }
            early += usize::from(found_early);
            let occupied = pos.cells().iter().filter(|c| c.is_some()).count();
            if pos.cells().iter().all(|c| c.is_some()) {
                assert_eq!(stable_pieces(&pos).unwrap().len(), occupied, "a full board is all stable");
            }
        }
    }
    assert!(early * 4 >= games * 3, "stable discs found before the end in only {early} of {games} games");
}
