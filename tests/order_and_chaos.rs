//! Order and Chaos, written in the language alone: the symbols X and O are colours (seats that take no
//! turns) that either player places. Move counts and results against an enumeration written here from
//! the rules, not through the engine; lines in every direction; the six-in-a-row rule both ways; a full
//! board; random games to the end.

mod common;

use qipan::core::playout::{PlayoutBuf, perft, random_playout};
use qipan::core::{EndReason, Position, SeatId};
use rand::SeedableRng;

const ORDER: SeatId = SeatId(0);
const CHAOS: SeatId = SeatId(1);

/// A board by the rules: 36 cells, row by row from a1 (index = rank * 6 + file); 0 empty, 1 X, 2 O.
type Cells = [u8; 36];

/// The cells of `fen`'s ranks (rank 6 first, `X`, `O` and digits for runs of empty cells).
fn cells_of(fen: &str) -> Cells {
    let mut cells = [0; 36];
    for (i, rank) in fen.split_whitespace().next().unwrap().split('/').enumerate() {
        let mut file = 0;
        for c in rank.chars() {
            match c {
                'X' | 'O' => {
                    cells[(5 - i) * 6 + file] = if c == 'X' { 1 } else { 2 };
                    file += 1;
                }
                d => file += d.to_digit(10).unwrap() as usize,
            }
        }
    }
    cells
}

/// The longest run of the symbol on `at` through `at`, over the four axes.
fn longest_run(cells: &Cells, at: usize) -> usize {
    let (r, f) = ((at / 6) as i32, (at % 6) as i32);
    let mut best = 0;
    for (dr, df) in [(0, 1), (1, 0), (1, 1), (1, -1)] {
        let mut run = 1;
        for sign in [1, -1] {
            let (mut rr, mut ff) = (r + sign * dr, f + sign * df);
            while (0..6).contains(&rr) && (0..6).contains(&ff) && cells[(rr * 6 + ff) as usize] == cells[at] {
                run += 1;
                rr += sign * dr;
                ff += sign * df;
            }
        }
        best = best.max(run);
    }
    best
}

/// Whether the symbol just put on `at` makes a winning line: exactly five under the standard rule,
/// five or more when six win.
fn wins(cells: &Cells, at: usize, six_wins: bool) -> bool {
    let run = longest_run(cells, at);
    if six_wins { run >= 5 } else { run == 5 }
}

/// Per ply from 1 to `depth`: the move sequences of that length, and how many of them end the game
/// with Order's line and with Chaos's full board.
fn enumerate(cells: &mut Cells, depth: usize, ply: usize, six_wins: bool, out: &mut [[u64; 3]]) {
    if ply == depth {
        return;
    }
    let full_after = cells.iter().filter(|&&c| c == 0).count() == 1;
    for at in 0..36 {
        if cells[at] != 0 {
            continue;
        }
        for symbol in [1, 2] {
            cells[at] = symbol;
            out[ply][0] += 1;
            if wins(cells, at, six_wins) {
                out[ply][1] += 1;
            } else if full_after {
                out[ply][2] += 1;
            } else {
                enumerate(cells, depth, ply + 1, six_wins, out);
            }
        }
        cells[at] = 0;
    }
}

/// The same tally through the engine: every legal move played on a copy, each finished game read.
fn engine_tally(pos: &Position, depth: usize, ply: usize, out: &mut [[u64; 3]]) {
    if ply == depth {
        return;
    }
    for mv in pos.legal_moves() {
        let mut next = pos.clone();
        next.play(&mv).expect("legal");
        out[ply][0] += 1;
        match next.outcome() {
            Some(r) if r.reason == EndReason::Line => {
                assert_eq!(r.winners, [ORDER]);
                out[ply][1] += 1;
            }
            Some(r) => {
                assert_eq!((&r.reason, r.winners.as_slice()), (&EndReason::BoardFull, &[CHAOS][..]));
                out[ply][2] += 1;
            }
            None => engine_tally(&next, depth, ply + 1, out),
        }
    }
}

/// The game, `six` set to `no-win` (the standard rule) or `win`.
fn game(six: &str) -> std::sync::Arc<qipan::core::Game> {
    common::game("order-and-chaos", &[("six", six)])
}

#[test]
fn perft_matches_the_kept_counts() {
    common::perft::check("order-and-chaos.perft", common::perft::Speed::Quick);
}

#[test]
fn perft_from_the_start_matches_an_independent_count() {
    let mut expected = vec![[0u64; 3]; 4];
    enumerate(&mut [0; 36], 4, 0, false, &mut expected);
    assert_eq!(expected[0][0], 72, "36 cells, two symbols");
    let start = game("no-win").start();
    for depth in 1..=4 {
        assert_eq!(perft(&start, depth as u32), expected[depth - 1][0], "perft({depth})");
    }
}

/// Positions a few moves from lines of every kind (rows, columns, both diagonals, a six, an X line
/// with an O in it), and one a few cells from full: every game to three more plies, or to the end.
const NEAR: [&str; 4] = [
    // Four X on rank 1 with room for a fifth and a sixth; four O down file f; X along a diagonal.
    "X4O/1X3O/2X2O/6/O4O/XXXX2 order",
    // X X X X O on rank 6: no five there; O down the long diagonal a6-f1 but broken.
    "XXXXO1/1O4/2O3/6/4O1/5X chaos",
    // An anti-diagonal of four X and a column of four O, with empty cells where either lands.
    "5X/O3X1/O2X2/O1X3/O5/6 order",
    // Three cells from a full board with no line: X or O in each makes a line or none.
    "XOOOXO/O1OXOX/OOO1XX/XO1OOO/XXXOOO/OOXXXO chaos",
];

#[test]
fn games_near_lines_end_as_an_independent_enumeration_says() {
    let mut full_boards = 0;
    for six in ["no-win", "win"] {
        let g = game(six);
        for fen in NEAR {
            let pos = Position::from_fen(&g, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let mut expected = vec![[0u64; 3]; 3];
            enumerate(&mut cells_of(fen), 3, 0, six == "win", &mut expected);
            let mut engine = vec![[0u64; 3]; 3];
            engine_tally(&pos, 3, 0, &mut engine);
            assert_eq!(engine, expected, "{fen}, six = {six}");
            let lines: u64 = expected.iter().map(|t| t[1]).sum();
            assert!(lines > 0, "{fen}: some line can be made");
            full_boards += expected.iter().map(|t| t[2]).sum::<u64>();
            for (depth, tally) in expected.iter().enumerate() {
                assert_eq!(perft(&pos, depth as u32 + 1), tally[0], "{fen}: perft({})", depth + 1);
            }
        }
    }
    assert!(full_boards > 0, "some games fill the board");
}

/// Plays `moves` (alternately Order's and Chaos's) from the start.
fn played(six: &str, moves: &[&str]) -> Position {
    let mut pos = game(six).start();
    for text in moves {
        assert!(!pos.is_over(), "over before {text}");
        common::play(&mut pos, text);
    }
    pos
}

fn result(pos: &Position) -> Option<(EndReason, Vec<SeatId>)> {
    pos.outcome().map(|r| (r.reason.clone(), r.winners.clone()))
}

#[test]
fn five_of_one_symbol_in_a_row_wins_for_order_in_every_direction() {
    let fillers = ["O@a6", "O@f6", "O@c6", "O@e6"];
    let lines: [[&str; 5]; 4] = [
        ["b1", "c1", "d1", "e1", "f1"], // along a rank
        ["a1", "a2", "a3", "a4", "a5"], // along a file
        ["a1", "b2", "c3", "d4", "e5"], // a diagonal
        ["b5", "c4", "d3", "e2", "f1"], // the other diagonal
    ];
    for line in lines {
        // X on the line's cells, O elsewhere: whoever places the fifth X, Order wins.
        let mut moves = Vec::new();
        for (i, cell) in line.iter().enumerate() {
            moves.push(format!("X@{cell}"));
            if i < 4 {
                moves.push(fillers[i].to_string());
            }
        }
        let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        let pos = played("no-win", &texts);
        assert_eq!(result(&pos), Some((EndReason::Line, vec![ORDER])), "{line:?}");
        assert_eq!(pos.ply(), 9, "Order placed the fifth X");
        // The same line of O, its last placed by Chaos.
        let moves: Vec<String> =
            texts.iter().map(|t| t.replace('X', "Y").replace('O', "X").replace('Y', "O")).collect();
        let mut texts: Vec<&str> = moves.iter().map(String::as_str).collect();
        texts.insert(0, "X@f3");
        let pos = played("no-win", &texts);
        assert_eq!(result(&pos), Some((EndReason::Line, vec![ORDER])), "O along {line:?}");
        assert_eq!(pos.to_move(), ORDER, "Chaos made the line, and Order won");
    }
}

#[test]
fn four_of_a_symbol_and_another_make_no_line() {
    let pos = played("no-win", &["X@a1", "X@b1", "X@c1", "X@d1", "O@e1"]);
    assert_eq!(result(&pos), None, "XXXXO");
    let x = pos.game().seat("x").unwrap();
    let a1 = pos.game().board.find("a1").unwrap();
    assert_eq!(pos.cell(a1).map(|p| p.seat), Some(x), "an X belongs to the colour X, not to Order");
}

#[test]
fn six_in_a_row_wins_only_under_the_original_rule() {
    let moves = ["X@a1", "X@b1", "X@c1", "O@a2", "X@e1", "X@f1", "O@b2", "X@d1"];
    let pos = played("no-win", &moves);
    assert_eq!(result(&pos), None, "a1 to f1 is six: no win");
    let pos = played("win", &moves);
    assert_eq!(result(&pos), Some((EndReason::Line, vec![ORDER])), "five or more win");
}

/// A full board without five of a symbol in a row (found by hand and checked by `longest_run`), rank 6 first.
const FULL: [&str; 6] = ["XOOOXO", "OXOXOX", "OOOXXX", "XOXOOO", "XXXOOO", "OOXXXO"];

/// The moves that fill the board as `FULL`, cell by cell from a1, `last` held back to the end.
fn filling(last: &str) -> Vec<String> {
    let mut moves = Vec::new();
    let mut held = None;
    for (i, rank) in FULL.iter().rev().enumerate() {
        for (f, symbol) in rank.chars().enumerate() {
            let text = format!("{symbol}@{}{}", (b'a' + f as u8) as char, i + 1);
            if text.ends_with(last) { held = Some(text) } else { moves.push(text) }
        }
    }
    moves.extend(held);
    moves
}

#[test]
fn a_full_board_without_a_line_wins_for_chaos() {
    let cells = cells_of(&FULL.join("/"));
    assert!((0..36).all(|at| longest_run(&cells, at) < 5));
    let moves = filling("c3");
    let texts: Vec<&str> = moves.iter().map(String::as_str).collect();
    let pos = played("no-win", &texts);
    assert!(pos.is_full());
    assert_eq!(result(&pos), Some((EndReason::BoardFull, vec![CHAOS])));
    assert_eq!(pos.outcome().unwrap().text, "chaos wins");
    // The last cell filled with the other symbol makes O O O O O along rank 3: Order wins on a full board.
    let mut texts = texts;
    *texts.last_mut().unwrap() = "O@c3";
    let pos = played("no-win", &texts);
    assert_eq!(result(&pos), Some((EndReason::Line, vec![ORDER])));
}

#[test]
fn random_games_end_with_a_line_or_a_full_board() {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(17);
    let mut buf = PlayoutBuf::default();
    for six in ["no-win", "win"] {
        let start = game(six).start();
        let mut ends = [0u32; 2];
        for _ in 0..500 {
            let mut pos = start.clone();
            random_playout(&mut pos, &mut rng, &mut buf, 100).expect("no hooks");
            let r = pos.outcome().expect("every game ends within 36 plies");
            let cells = cells_of(&pos.to_fen().expect("a grid").replace('.', "1"));
            let line = (0..36).any(|at| cells[at] != 0 && wins(&cells, at, six == "win"));
            match &r.reason {
                EndReason::Line => {
                    assert_eq!((r.winners.as_slice(), line), (&[ORDER][..], true));
                    ends[0] += 1;
                }
                EndReason::BoardFull => {
                    assert_eq!((r.winners.as_slice(), line, pos.ply()), (&[CHAOS][..], false, 36));
                    ends[1] += 1;
                }
                other => panic!("ended by {other}"),
            }
        }
        assert!(ends.iter().all(|&n| n > 0), "six = {six}: {ends:?}");
    }
}

/// Omega's way with colours: each player's colour is its own seat, any player places any colour, and
/// each seat's score reads the pieces of its colour, whoever placed them.
#[test]
fn colours_of_playing_seats_score_as_their_seats() {
    let src = "name: omega-like
board: { grid: { width: 4, height: 4, labels: chess } }
seats: [{ name: white }, { name: black }]
pieces:
  w: { owner: white, symbols: [W], moves: place to empty }
  b: { owner: black, symbols: [B], moves: place to empty }
rules: { pass: never }
end: { max_plies: 4 }
scoring: { method: group-product }
";
    let game = qipan::load_str("omega-like.yaml", src, &[]).expect("compiles");
    let mut pos = game.start();
    assert_eq!(pos.legal_moves().len(), 32, "16 cells, either colour");
    for text in ["b@a1", "B@b1", "b@c1", "w@d4"] {
        common::play(&mut pos, text);
    }
    let r = pos.outcome().expect("four plies");
    assert_eq!(r.scores, Some(vec![1.0, 3.0]), "Black's three stones, two of them placed by White");
    assert_eq!(r.winners, [SeatId(1)]);
}
