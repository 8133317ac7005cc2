//! Decisive and anti-decisive moves in playouts of line games: checked against a reading of Connect Four
//! and Gomoku boards written here from the rules (who can make a line where, and where a disc may go), not
//! through the engine; and their worth to the MCTS player in Connect Four.

use qipan::core::Position;
use qipan::core::ai::{Agent, AgentRng, MctsAgent, MctsConfig};
use qipan::core::notation::parse_move;
use qipan::core::playout::{PlayoutBuf, Policy, playout};
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

/// A cell's label: Connect Four's a1.., Gomoku's A1.. (GTP letters, no I).
type Labels = fn(usize, usize) -> String;

fn chess_labels(c: usize, r: usize) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

fn gtp_labels(c: usize, r: usize) -> String {
    format!("{}{}", "ABCDEFGHJKLMNOPQRSTUVWXYZ".as_bytes()[c] as char, r + 1)
}

/// The board as the test sees it: `grid[col][row]`, 0 empty, 1 the first seat, 2 the second.
fn grid(pos: &Position, w: usize, h: usize, labels: Labels) -> Vec<Vec<u8>> {
    let game = pos.game();
    (0..w)
        .map(|c| {
            (0..h)
                .map(|r| {
                    let label = labels(c, r);
                    pos.cell(game.board.find(&label).expect("a cell")).map_or(0, |p| 1 + p.seat.idx() as u8)
                })
                .collect()
        })
        .collect()
}

/// Whether `who` placing on (`col`, `row`) makes `len` or more in a row.
fn line_at(g: &[Vec<u8>], col: usize, row: usize, who: u8, len: usize) -> bool {
    let (w, h) = (g.len() as i32, g[0].len() as i32);
    let mine = |c: i32, r: i32| c >= 0 && r >= 0 && c < w && r < h && g[c as usize][r as usize] == who;
    [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
        let run = |s: i32| (1..).take_while(|&k| mine(col as i32 + s * k * dc, row as i32 + s * k * dr)).count();
        1 + run(1) + run(-1) >= len
    })
}

/// The empty cells `playable` allows where `wins` holds, by label.
fn cells(g: &[Vec<u8>], labels: Labels, keep: impl Fn(usize, usize) -> bool) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (c, column) in g.iter().enumerate() {
        for (r, &cell) in column.iter().enumerate() {
            if cell == 0 && keep(c, r) {
                out.insert(labels(c, r));
            }
        }
    }
    out
}

/// Random positions of `name` that are not over, reached by `plies` random moves.
fn positions(name: &str, plies: std::ops::Range<u32>, count: usize, seed: u64) -> Vec<Position> {
    let game = qipan::load(name, &[]).expect("built in");
    let mut rng = AgentRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = game.start();
        let target = rng.random_range(plies.clone());
        while pos.ply() < target && !pos.is_over() {
            let moves = pos.legal_moves();
            pos.play(&moves[rng.random_range(0..moves.len())]).expect("legal");
        }
        if !pos.is_over() {
            out.push(pos);
        }
    }
    out
}

/// The first move of one playout from `pos` with decisive moves on, as text.
fn first_move(pos: &Position, buf: &mut PlayoutBuf, seed: u64) -> String {
    let mut after = pos.clone();
    playout(&mut after, &mut AgentRng::seed_from_u64(seed), buf, 1, Policy::Uniform).expect("plays");
    pos.game().board.label(buf.played()[0].1.to).to_string()
}

/// On each position: a win of the mover's if it has one, else a block of the other's win where a disc can
/// go, else any move, checked over several seeds.
fn check(name: &str, w: usize, h: usize, len: usize, gravity: bool, labels: Labels) {
    let mut buf = PlayoutBuf::default();
    buf.decisive(true);
    buf.record(true);
    let (mut took, mut blocked) = (0, 0);
    for pos in positions(name, 4..(w * h) as u32, 300, 11) {
        let g = grid(&pos, w, h, labels);
        let playable = |c: usize, r: usize| !gravity || r == 0 || g[c][r - 1] != 0;
        let mover = 1 + pos.to_move().idx() as u8;
        let wins = |who: u8| cells(&g, labels, |c, r| playable(c, r) && line_at(&g, c, r, who, len));
        let (mine, theirs) = (wins(mover), wins(3 - mover));
        let chosen: BTreeSet<String> = (0..5).map(|seed| first_move(&pos, &mut buf, seed)).collect();
        if !mine.is_empty() {
            assert!(chosen.is_subset(&mine), "{name} ply {}: took {chosen:?}, wins at {mine:?}", pos.ply());
            took += 1;
        } else if !theirs.is_empty() {
            assert!(chosen.is_subset(&theirs), "{name} ply {}: played {chosen:?}, must stop {theirs:?}", pos.ply());
            blocked += 1;
        } else {
            assert!(chosen.is_subset(&cells(&g, labels, playable)), "{chosen:?}");
        }
    }
    assert!(took >= 20 && blocked >= 20, "{name}: {took} wins taken, {blocked} blocks on 300 positions");
}

#[test]
fn connect_four_playouts_take_wins_and_stop_the_others() {
    check("connect-four", 7, 6, 4, true, chess_labels);
}

#[test]
fn gomoku_playouts_take_wins_and_stop_the_others() {
    // 15×15, five or more in a row (the default rule).
    check("gomoku", 15, 15, 5, false, gtp_labels);
}

#[test]
fn a_win_no_one_may_play_yet_is_left_alone() {
    // Red a2 b2 c2 would make four on d2, but d1 is empty: yellow cannot stop it there, and plays anywhere.
    let game = qipan::load("connect-four", &[]).expect("built in");
    let mut pos = game.start();
    for text in ["a1", "b1", "a2", "c1", "b2", "g1", "c2"] {
        pos.play(&parse_move(&pos, text).expect("a move")).expect("legal");
    }
    let mut buf = PlayoutBuf::default();
    buf.decisive(true);
    buf.record(true);
    let chosen: BTreeSet<String> = (0..20).map(|seed| first_move(&pos, &mut buf, seed)).collect();
    assert!(chosen.len() > 2 && !chosen.contains("d2"), "{chosen:?}");
}

#[test]
fn off_by_default_and_off_on_request() {
    let game = qipan::load("tic-tac-toe", &[]).expect("built in");
    let mut pos = game.start();
    for text in ["a1", "b2", "a2"] {
        pos.play(&parse_move(&pos, text).expect("a move")).expect("legal");
    }
    let mut buf = PlayoutBuf::default();
    buf.record(true);
    let chosen: BTreeSet<String> = (0..30).map(|seed| first_move(&pos, &mut buf, seed)).collect();
    assert!(chosen.len() > 3, "uniform: {chosen:?}");
    let off = MctsConfig { decisive: false, ..MctsConfig::default() };
    assert_eq!(off.to_string(), "c=1,decisive=off");
}

/// MCTS with decisive playouts against the same search without them, Connect Four, both colours, at 300
/// iterations a move (14.5 of 16 when written; 37 of 40 in a longer match).
#[test]
fn decisive_playouts_make_a_stronger_connect_four_player() {
    let game = qipan::load("connect-four", &[]).expect("built in");
    let config = |decisive| MctsConfig { iterations: Some(300), decisive, ..MctsConfig::default() };
    let mut score = 0.0;
    let games = 16;
    for g in 0..games {
        let mut players = [MctsAgent::new(config(true)), MctsAgent::new(config(false))];
        let strong = g % 2; // the seat the decisive player takes
        if strong == 1 {
            players.swap(0, 1);
        }
        let mut rng = AgentRng::seed_from_u64(g as u64);
        let mut pos = game.start();
        while !pos.is_over() {
            let mv = players[pos.to_move().idx()].choose(&pos, &mut rng).expect("plays").expect("a move");
            pos.play(&mv).expect("legal");
        }
        let winners = &pos.outcome().expect("over").winners;
        score += if winners.is_empty() { 0.5 } else { f64::from(u8::from(winners[0].idx() == strong)) };
    }
    assert!(score >= 12.0, "{score} of {games}");
}
