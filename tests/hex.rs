//! Hex, written in the language alone (a connection goal between each side's pair of edges): the game
//! tree of small boards and whole random games compared with a search written here from the rules, not
//! through the engine.

mod common;

use common::perft::Speed;
use qipan::core::notation::move_text;
use qipan::core::{EndReason, Position, SeatId};

#[test]
fn perft_matches_the_independent_counts() {
    common::perft::check("hex.perft", Speed::Quick);
}

/// A Hex board by the rules: `cells[col][row]` is 0 (empty), 1 (Red, joining row 1 to the last row) or
/// 2 (Blue, joining column a to the last column). Row `r + 1` is drawn half a cell to the right of row
/// `r`, so a cell touches its two neighbours in its row, two in the row above (same column and one to
/// the left) and two in the row below (same column and one to the right).
#[derive(Clone)]
struct Board {
    cells: Vec<Vec<u8>>,
}

const NEIGHBOURS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (-1, 1), (1, -1)];

impl Board {
    fn new(n: usize) -> Board {
        Board { cells: vec![vec![0; n]; n] }
    }

    /// Whether `who` joins its two edges, by a flood from its first edge.
    fn joined(&self, who: u8) -> bool {
        let n = self.cells.len() as i32;
        let mut todo: Vec<(i32, i32)> =
            (0..n).map(|k| if who == 1 { (k, 0) } else { (0, k) }).filter(|&(c, r)| self.at(c, r) == who).collect();
        let mut seen = vec![vec![false; n as usize]; n as usize];
        for &(c, r) in &todo {
            seen[c as usize][r as usize] = true;
        }
        while let Some((c, r)) = todo.pop() {
            if (who == 1 && r == n - 1) || (who == 2 && c == n - 1) {
                return true;
            }
            for (dc, dr) in NEIGHBOURS {
                let (x, y) = (c + dc, r + dr);
                if self.at(x, y) == who && !seen[x as usize][y as usize] {
                    seen[x as usize][y as usize] = true;
                    todo.push((x, y));
                }
            }
        }
        false
    }

    fn at(&self, c: i32, r: i32) -> u8 {
        let n = self.cells.len() as i32;
        if c < 0 || r < 0 || c >= n || r >= n { 0 } else { self.cells[c as usize][r as usize] }
    }

    /// Move sequences of each length from here, `who` to move, counting a game as ended by a join.
    fn enumerate(&mut self, who: u8, ply: usize, depth: usize, counts: &mut [u64], wins: &mut [u64; 3]) {
        counts[ply] += 1;
        if ply == depth {
            return;
        }
        let n = self.cells.len();
        for c in 0..n {
            for r in 0..n {
                if self.cells[c][r] != 0 {
                    continue;
                }
                self.cells[c][r] = who;
                if self.joined(who) {
                    counts[ply + 1] += 1;
                    wins[who as usize] += 1;
                } else {
                    self.enumerate(3 - who, ply + 1, depth, counts, wins);
                }
                self.cells[c][r] = 0;
            }
        }
    }
}

fn label(c: usize, r: usize) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

/// Every game of the engine from `pos`: the games won by each seat.
fn engine_wins(pos: &Position, wins: &mut [u64; 3]) {
    if let Some(r) = pos.outcome() {
        assert_eq!(r.reason, EndReason::Connection);
        wins[r.winners[0].0 as usize + 1] += 1;
        return;
    }
    for mv in pos.legal_moves() {
        let mut next = pos.clone();
        next.play(&mv).expect("legal");
        engine_wins(&next, wins);
    }
}

#[test]
fn every_game_on_small_boards_agrees_with_the_rules() {
    for n in [2, 3] {
        let cells = n * n;
        let mut counts = vec![0u64; cells + 1];
        let mut wins = [0u64; 3];
        Board::new(n).enumerate(1, 0, cells, &mut counts, &mut wins);
        let game = qipan::load("hex", &[("size".into(), n.to_string())]).expect("built in");
        let engine: Vec<u64> = (1..=cells as u32).map(|d| qipan::core::playout::perft(&game.start(), d)).collect();
        assert_eq!(engine, counts[1..], "{n}x{n}");
        let mut by_engine = [0u64; 3];
        engine_wins(&game.start(), &mut by_engine);
        assert_eq!(by_engine, wins, "{n}x{n}: games won by Red and by Blue");
        assert_eq!(wins[0], 0);
    }
}

/// Random games on the full board: the engine ends each at the move that joins a side's edges, not
/// before, and names that side; the full board always has a winner (Hex has no draws).
#[test]
fn random_games_end_when_a_side_joins_its_edges() {
    for size in [5usize, 11] {
        let game = qipan::load("hex", &[("size".into(), size.to_string())]).expect("built in");
        let mut seed = 0x4e78_u64 + size as u64;
        for _ in 0..60 {
            let mut pos = game.start();
            let mut board = Board::new(size);
            let mut who = 1;
            loop {
                let empty: Vec<(usize, usize)> = (0..size)
                    .flat_map(|c| (0..size).map(move |r| (c, r)))
                    .filter(|&(c, r)| board.cells[c][r] == 0)
                    .collect();
                let texts: Vec<String> = pos.legal_moves().iter().map(|m| move_text(&game, m)).collect();
                assert_eq!(texts.len(), empty.len());
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let (c, r) = empty[(seed >> 33) as usize % empty.len()];
                board.cells[c][r] = who;
                common::play(&mut pos, &label(c, r));
                if board.joined(who) {
                    let result = pos.outcome().unwrap_or_else(|| panic!("{} joins, the game goes on", label(c, r)));
                    assert_eq!(
                        (result.winners.clone(), &result.reason),
                        (vec![SeatId(who - 1)], &EndReason::Connection)
                    );
                    break;
                }
                assert!(!pos.is_over(), "{} joins nothing, yet the game ended", label(c, r));
                who = 3 - who;
            }
        }
    }
}

/// The picture draws each side's pair of edges in its colour, as Hex boards are printed: Red's along the
/// cells of rows 1 and n, Blue's along the cells of columns a and the last, each edge cell with two sides
/// (the two obtuse corners' shared side split in halves).
#[test]
fn the_picture_colours_each_sides_edges() {
    let n = 7usize;
    let game = qipan::load("hex", &[("size".into(), n.to_string())]).expect("built in");
    let svg = qipan::core::render::svg(&game.start());
    let number = |line: &str, name: &str| -> f32 {
        let from = line.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
        line[from..].split('"').next().unwrap().parse().unwrap()
    };
    // Each cell's label and centre, from its polygon.
    let cells: Vec<(String, (f32, f32))> = svg
        .split("<polygon class=\"cell\" points=\"")
        .skip(1)
        .map(|p| {
            let xy: Vec<(f32, f32)> = p
                .split('"')
                .next()
                .unwrap()
                .split(' ')
                .map(|c| {
                    let (x, y) = c.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            let label = p.split("<title>").nth(1).unwrap().split('<').next().unwrap().to_string();
            (label, (xy.iter().map(|c| c.0).sum::<f32>() / 6.0, xy.iter().map(|c| c.1).sum::<f32>() / 6.0))
        })
        .collect();
    assert_eq!(cells.len(), n * n);
    let group =
        svg.split("<g id=\"goal-sides\"").nth(1).expect("the goal sides are drawn").split("</g>").next().unwrap();
    let (last_column, last_row) = ((b'a' + n as u8 - 1) as char, n.to_string());
    let mut sides = [0, 0];
    for line in group.lines().filter(|l| l.starts_with("<line")) {
        let mid = ((number(line, "x1") + number(line, "x2")) / 2.0, (number(line, "y1") + number(line, "y2")) / 2.0);
        let distance = |c: (f32, f32)| ((c.0 - mid.0).powi(2) + (c.1 - mid.1).powi(2)).sqrt();
        let (label, centre) = cells.iter().min_by(|a, b| distance(a.1).total_cmp(&distance(b.1))).unwrap();
        assert!(distance(*centre) > 14.0, "on the rim, not inside {label}: {line}");
        let (column, row) = label.split_at(1);
        if line.contains("stroke=\"#c0392b\"") {
            assert!(row == "1" || row == last_row, "a red side by {label}");
            sides[0] += 1;
        } else {
            assert!(line.contains("stroke=\"#2e6fd8\""), "{line}");
            assert!(column == "a" || column.starts_with(last_column), "a blue side by {label}");
            sides[1] += 1;
        }
    }
    assert_eq!(sides, [4 * n, 4 * n], "two sides of each edge cell, on each of the two edges");
}
