//! Hnefatafl under the Copenhagen rules, written in the language alone (`custodial` and `surround`
//! capture rules, the throne and the corners as restricted and hostile squares): perft, and random games
//! played side by side, against an enumerator written here from the rules without the engine.

use qipan::core::notation::parse_move;
use qipan::core::playout::perft;
use qipan::core::{Position, SeatId};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

const N: i32 = 11;
const EMPTY: u8 = 0;
const ATTACKER: u8 = 1;
const DEFENDER: u8 = 2;
const KING: u8 = 3;
const THRONE: i32 = 5 * N + 5;
const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// A position by the rules: squares row by row from a1 (index = rank * 11 + file), the side to move
/// (1 attackers, 2 defenders), the winner once the game is over, and every position seen so far (for
/// the repetition rule).
#[derive(Clone)]
struct Tafl {
    cells: [u8; 121],
    mover: u8,
    winner: Option<u8>,
    seen: Vec<([u8; 121], u8)>,
    shield_wall: bool,
    edge_fort: bool,
    /// Shield walls taken so far.
    walls: u32,
}

fn idx(l: &str) -> usize {
    let b = l.as_bytes();
    (l[1..].parse::<usize>().unwrap() - 1) * 11 + (b[0] - b'a') as usize
}

fn label(i: usize) -> String {
    format!("{}{}", (b'a' + (i % 11) as u8) as char, i / 11 + 1)
}

fn corner(i: i32) -> bool {
    matches!(i, 0 | 10 | 110 | 120)
}

fn side(c: u8) -> u8 {
    if c == KING { DEFENDER } else { c }
}

impl Tafl {
    fn start() -> Tafl {
        let mut cells = [EMPTY; 121];
        for l in "a4 a5 a6 a7 a8 b6 k4 k5 k6 k7 k8 j6 d1 e1 f1 g1 h1 f2 d11 e11 f11 g11 h11 f10".split(' ') {
            cells[idx(l)] = ATTACKER;
        }
        for l in "d6 e5 e6 e7 f4 f5 f7 f8 g5 g6 g7 h6".split(' ') {
            cells[idx(l)] = DEFENDER;
        }
        cells[idx("f6")] = KING;
        Tafl::new(cells, ATTACKER)
    }

    fn new(cells: [u8; 121], mover: u8) -> Tafl {
        Tafl { cells, mover, winner: None, seen: vec![(cells, mover)], shield_wall: true, edge_fort: true, walls: 0 }
    }

    /// The shield wall, after the mover landed on (r, f): a row of two or more enemies along the edge
    /// from there, each with the mover's piece in front of it (or a corner), closed at the far end by
    /// the mover's piece or a corner. The row is taken, but for a king in it.
    fn shield_wall_captures(&mut self, r: i32, f: i32) {
        let me = self.mover;
        let closes = |t: &Tafl, rr: i32, ff: i32| match t.at(rr, ff) {
            Some(EMPTY) => corner(rr * N + ff),
            Some(v) => side(v) == me,
            None => false,
        };
        for (dr, df) in DIRS {
            let (mut rr, mut ff, mut row) = (r + dr, f + df, Vec::new());
            while let Some(v) = self.at(rr, ff) {
                if v == EMPTY || side(v) == me {
                    break;
                }
                // Across the line: one side off the board, the other closed.
                let across = [(df, dr), (-df, -dr)];
                let off = across.iter().any(|&(a, b)| self.at(rr + a, ff + b).is_none());
                let front =
                    across.iter().all(|&(a, b)| self.at(rr + a, ff + b).is_none() || closes(self, rr + a, ff + b));
                if !off || !front {
                    break;
                }
                row.push(rr * N + ff);
                rr += dr;
                ff += df;
            }
            if row.len() >= 2 && closes(self, rr, ff) {
                self.walls += 1;
                for i in row {
                    if self.cells[i as usize] != KING {
                        self.cells[i as usize] = EMPTY;
                    }
                }
            }
        }
    }

    /// Whether the king and every defender are ringed in: none can walk to a square on the edge through
    /// squares without attackers.
    fn enclosed(&self) -> bool {
        let mut seen = [false; 121];
        let mut todo: Vec<i32> = (0..121).filter(|&i| matches!(self.cells[i as usize], DEFENDER | KING)).collect();
        for &i in &todo {
            seen[i as usize] = true;
        }
        while let Some(i) = todo.pop() {
            let (r, f) = (i / N, i % N);
            if r == 0 || f == 0 || r == N - 1 || f == N - 1 {
                return false;
            }
            for (dr, df) in DIRS {
                let j = (r + dr) * N + f + df;
                if self.cells[j as usize] != ATTACKER && !seen[j as usize] {
                    seen[j as usize] = true;
                    todo.push(j);
                }
            }
        }
        true
    }

    /// Whether the king stands in an edge fort: on the edge, with an empty square beside him; the squares
    /// he reaches over empty squares (the inside) bordered by defenders only (the wall); and no wall
    /// defender open to capture while the defenders stand still. That last is the largest set of wall
    /// defenders each of which, on its rank and on its file, has a neighbour off the board, inside, or in
    /// the set: found by striking out defenders that fail until none does. The fort holds when none is
    /// struck out.
    fn fort(&self) -> bool {
        self.closed_fort() == Some(true)
    }

    /// For a king on the edge, able to move and walled in by defenders only: whether no wall defender can
    /// be captured (none when there is no such wall).
    fn closed_fort(&self) -> Option<bool> {
        let k = (0..121).find(|&i| self.cells[i as usize] == KING)?;
        let (kr, kf) = (k / N, k % N);
        let on_edge = kr == 0 || kf == 0 || kr == N - 1 || kf == N - 1;
        if !on_edge || !DIRS.iter().any(|&(a, b)| self.at(kr + a, kf + b) == Some(EMPTY)) {
            return None;
        }
        let mut inside = [false; 121];
        let mut wall = [false; 121];
        inside[k as usize] = true;
        let mut todo = vec![k];
        while let Some(i) = todo.pop() {
            for (dr, df) in DIRS {
                let (r, f) = (i / N + dr, i % N + df);
                let j = (r * N + f) as usize;
                match self.at(r, f) {
                    None => {}
                    Some(EMPTY) if !inside[j] => {
                        inside[j] = true;
                        todo.push(j as i32);
                    }
                    Some(EMPTY) | Some(KING) => {}
                    Some(DEFENDER) => wall[j] = true,
                    Some(_) => return None,
                }
            }
        }
        let mut safe = wall;
        loop {
            let keeps = |safe: &[bool; 121], r: i32, f: i32| {
                !(0..N).contains(&r)
                    || !(0..N).contains(&f)
                    || inside[(r * N + f) as usize]
                    || safe[(r * N + f) as usize]
            };
            let fails: Vec<usize> = (0..121)
                .filter(|&i| safe[i])
                .filter(|&i| {
                    let (r, f) = (i as i32 / N, i as i32 % N);
                    let rank = keeps(&safe, r, f - 1) || keeps(&safe, r, f + 1);
                    let file = keeps(&safe, r - 1, f) || keeps(&safe, r + 1, f);
                    !(rank && file)
                })
                .collect();
            if fails.is_empty() {
                break;
            }
            for i in fails {
                safe[i] = false;
            }
        }
        Some(safe == wall)
    }

    fn at(&self, r: i32, f: i32) -> Option<u8> {
        ((0..N).contains(&r) && (0..N).contains(&f)).then(|| self.cells[(r * N + f) as usize])
    }

    /// Every move (from, to) of the side to move: a rook's slide over empty squares; only the king
    /// stops on the throne or a corner.
    fn moves(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        if self.winner.is_some() {
            return out;
        }
        for from in 0..121 {
            let c = self.cells[from];
            if c == EMPTY || side(c) != self.mover {
                continue;
            }
            let (r, f) = (from as i32 / N, from as i32 % N);
            for (dr, df) in DIRS {
                let (mut rr, mut ff) = (r + dr, f + df);
                while self.at(rr, ff) == Some(EMPTY) {
                    let to = rr * N + ff;
                    if c == KING || (to != THRONE && !corner(to)) {
                        out.push((from, to as usize));
                    }
                    rr += dr;
                    ff += df;
                }
            }
        }
        out
    }

    fn play(&mut self, from: usize, to: usize) {
        let c = self.cells[from];
        self.cells[from] = EMPTY;
        self.cells[to] = c;
        let me = self.mover;
        let (r, f) = (to as i32 / N, to as i32 % N);
        // Custodial: an enemy soldier between the mover and a friend, a corner or the empty throne.
        for (dr, df) in DIRS {
            let Some(v) = self.at(r + dr, f + df) else { continue };
            if v == EMPTY || v == KING || side(v) == me {
                continue;
            }
            let (r2, f2) = (r + 2 * dr, f + 2 * df);
            let Some(w) = self.at(r2, f2) else { continue };
            let i2 = r2 * N + f2;
            if (w != EMPTY && side(w) == me) || corner(i2) || (i2 == THRONE && w == EMPTY) {
                self.cells[((r + dr) * N + f + df) as usize] = EMPTY;
            }
        }
        // The king, by the attackers: attackers (or the throne) on all four sides, none off the board.
        if me == ATTACKER {
            for (dr, df) in DIRS {
                let (kr, kf) = (r + dr, f + df);
                if self.at(kr, kf) != Some(KING) {
                    continue;
                }
                let closed = DIRS.iter().all(|&(a, b)| match self.at(kr + a, kf + b) {
                    Some(ATTACKER) => true,
                    Some(EMPTY) => (kr + a) * N + kf + b == THRONE,
                    _ => false,
                });
                if closed {
                    self.cells[(kr * N + kf) as usize] = EMPTY;
                    self.winner = Some(ATTACKER);
                }
            }
        }
        if self.shield_wall {
            self.shield_wall_captures(r, f);
        }
        if c == KING && corner(to as i32) {
            self.winner = Some(DEFENDER);
        }
        // The attackers win by ringing in the king and all his men.
        if self.winner.is_none() && me == ATTACKER && self.enclosed() {
            self.winner = Some(ATTACKER);
        }
        // The defenders win by an edge fort, made by one of their moves.
        if self.winner.is_none() && me == DEFENDER && self.edge_fort && self.fort() {
            self.winner = Some(DEFENDER);
        }
        self.mover = 3 - me;
        if self.winner.is_none() && self.moves().is_empty() {
            // A side without a move loses.
            self.winner = Some(3 - self.mover);
        }
        // A position seen for the third time (the same side to move) loses for the defenders.
        let now = (self.cells, self.mover);
        if self.winner.is_none() && self.seen.iter().filter(|&&p| p == now).count() >= 2 {
            self.winner = Some(ATTACKER);
        }
        self.seen.push(now);
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|(a, b)| {
                let mut next = self.clone();
                next.play(a, b);
                next.perft(depth - 1)
            })
            .sum()
    }
}

fn engine_moves(pos: &Position) -> Vec<String> {
    let b = &pos.game().board;
    let mut v: Vec<String> =
        pos.legal_moves().iter().map(|m| format!("{}-{}", b.label(m.from), b.label(m.to))).collect();
    v.sort();
    v
}

#[test]
fn perft_matches_the_rules_to_depth_three() {
    let game = qipan::load("hnefatafl", &[]).unwrap();
    let pos = game.start();
    let t = Tafl::start();
    for d in 1..=3 {
        assert_eq!(perft(&pos, d), t.perft(d), "depth {d}");
    }
    assert_eq!(perft(&pos, 1), 116);
}

/// Random games side by side: the same legal moves and the same board at every ply, the same winner.
#[test]
fn random_games_agree_with_the_rules_move_by_move() {
    let game = qipan::load("hnefatafl", &[]).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
    let (mut captures, mut decided, mut walls) = (0, 0, 0);
    let mut reasons = std::collections::BTreeMap::new();
    for g in 0..100 {
        let mut pos = game.start();
        let mut t = Tafl::start();
        for _ in 0..600 {
            if pos.is_over() || t.winner.is_some() {
                break;
            }
            let mut want: Vec<String> = t.moves().iter().map(|&(a, b)| format!("{}-{}", label(a), label(b))).collect();
            want.sort();
            assert_eq!(engine_moves(&pos), want, "game {g}, ply {}", pos.ply());
            // Every other game leans to the edge and keeps the king from the corners when it can, so
            // that games last and the edge rules (shield walls, rings) come up.
            let edgy: Vec<&String> = want
                .iter()
                .filter(|m| {
                    let to = idx(m.split_once('-').unwrap().1);
                    let (r, f) = (to / 11, to % 11);
                    (r == 0 || f == 0 || r == 10 || f == 10 || rng.random_bool(0.3)) && !corner(to as i32)
                })
                .collect();
            let text = if g % 2 == 1 && !edgy.is_empty() {
                (*edgy.choose(&mut rng).unwrap()).clone()
            } else {
                want.choose(&mut rng).unwrap().clone()
            };
            let (a, b) = text.split_once('-').unwrap();
            t.play(idx(a), idx(b));
            pos.play(&parse_move(&pos, &text).unwrap()).unwrap();
            for i in 0..121 {
                let c = pos.cell(game.board.find(&label(i)).unwrap());
                let want = match c {
                    None => EMPTY,
                    Some(p) if game.pieces[p.piece.idx()].name == "king" => KING,
                    Some(p) => p.seat.0 + 1,
                };
                assert_eq!(want, t.cells[i], "game {g}, ply {}, {}", pos.ply(), label(i));
            }
            assert_eq!(pos.hash(), pos.hash_from_scratch());
        }
        captures += pos.captures().iter().sum::<u32>();
        walls += t.walls;
        if let Some(w) = t.winner {
            decided += 1;
            let r = pos.outcome().unwrap_or_else(|| panic!("game {g}: the rules say it is over"));
            assert_eq!(r.winners, [SeatId(w - 1)], "game {g}");
            *reasons.entry(r.reason.to_string()).or_insert(0) += 1;
        } else {
            assert!(pos.outcome().is_none(), "game {g}: over for the engine only: {:?}", pos.outcome());
        }
    }
    assert!(captures > 100 && decided > 5, "{captures} captures, {decided} decided games");
    eprintln!("{reasons:?}, {walls} shield walls");
    assert!(walls > 0, "no shield wall was taken: the rule went untested");
}

/// The king: taken on four sides, on three beside the throne, never on the edge; the throne and the
/// corners hostile; the king reaching a corner wins.
#[test]
fn the_king_and_the_hostile_squares() {
    let game = qipan::load("hnefatafl", &[]).unwrap();
    let fen_game = |setup: &[(&str, u8)], mover: u8| {
        let mut t = Tafl::new([EMPTY; 121], mover);
        for &(l, c) in setup {
            t.cells[idx(l)] = c;
        }
        t.seen = vec![(t.cells, mover)];
        t
    };
    // Three attackers around a king beside the empty throne (on e6, throne f6): the fourth closes.
    let t = fen_game(&[("e6", KING), ("e7", ATTACKER), ("d6", ATTACKER), ("e3", ATTACKER), ("a1", DEFENDER)], 1);
    let mut after = t.clone();
    after.play(idx("e3"), idx("e5"));
    assert_eq!(after.winner, Some(ATTACKER));
    let mut pos = position(&game, &t);
    pos.play(&parse_move(&pos, "e3-e5").unwrap()).unwrap();
    assert_eq!(pos.outcome().map(|r| r.winners.clone()), Some(vec![SeatId(0)]));
    // A soldier against a corner is taken.
    let t = fen_game(&[("b1", DEFENDER), ("c3", ATTACKER), ("f6", KING), ("k11", ATTACKER)], 1);
    let mut pos = position(&game, &t);
    pos.play(&parse_move(&pos, "c3-c1").unwrap()).unwrap();
    assert_eq!(pos.cell(game.board.find("b1").unwrap()), None);
    // The king on the edge is never taken; he escapes to a corner.
    let t = fen_game(&[("a5", KING), ("a6", ATTACKER), ("b5", ATTACKER), ("c4", ATTACKER), ("k11", DEFENDER)], 1);
    let mut pos = position(&game, &t);
    pos.play(&parse_move(&pos, "c4-a4").unwrap()).unwrap();
    assert!(!pos.is_over() && pos.cell(game.board.find("a5").unwrap()).is_some());
    let t = fen_game(&[("a5", KING), ("b6", ATTACKER), ("c4", ATTACKER), ("k11", ATTACKER)], 2);
    let mut pos = position(&game, &t);
    pos.play(&parse_move(&pos, "a5-a1").unwrap()).unwrap();
    assert_eq!(pos.outcome().map(|r| r.winners.clone()), Some(vec![SeatId(1)]));
}

/// The engine's position for a board by the rules, through the FEN reader.
fn position(game: &std::sync::Arc<qipan::core::Game>, t: &Tafl) -> Position {
    let mut ranks = Vec::new();
    for r in (0..11).rev() {
        let mut s = String::new();
        let mut run = 0;
        for f in 0..11 {
            let c = t.cells[r * 11 + f];
            if c == EMPTY {
                run += 1;
                continue;
            }
            if run > 0 {
                s += &run.to_string();
                run = 0;
            }
            s.push(match c {
                ATTACKER => 'A',
                DEFENDER => 'D',
                _ => 'K',
            });
        }
        if run > 0 {
            s += &run.to_string();
        }
        ranks.push(s);
    }
    let mover = if t.mover == ATTACKER { "attackers" } else { "defenders" };
    Position::from_fen(game, &format!("{} {mover}", ranks.join("/"))).unwrap()
}

/// The attackers win by ringing in the king and all his men, even with room inside the ring.
#[test]
fn enclosing_every_defender_wins() {
    let game = qipan::load("hnefatafl", &[]).unwrap();
    let ring = [("b3", ATTACKER), ("d3", ATTACKER), ("c4", ATTACKER), ("b2", ATTACKER), ("d2", ATTACKER)];
    let mut t = Tafl::new([EMPTY; 121], ATTACKER);
    for (l, c) in ring.into_iter().chain([("c3", KING), ("c2", DEFENDER), ("h1", ATTACKER)]) {
        t.cells[idx(l)] = c;
    }
    t.seen = vec![(t.cells, ATTACKER)];
    assert!(!t.enclosed(), "c2 reaches c1, on the edge");
    let mut pos = position(&game, &t);
    t.play(idx("h1"), idx("c1"));
    pos.play(&parse_move(&pos, "h1-c1").unwrap()).unwrap();
    assert_eq!(t.winner, Some(ATTACKER));
    let r = pos.outcome().unwrap();
    assert_eq!((r.winners.as_slice(), &r.reason), (&[SeatId(0)][..], &qipan::core::EndReason::Enclosed));
    // Without the option, the defenders lose only because they cannot move.
    let game = qipan::load("hnefatafl", &[("enclosure".into(), "false".into())]).unwrap();
    let mut t = Tafl::new([EMPTY; 121], ATTACKER);
    for (l, c) in ring.into_iter().chain([("c3", KING), ("c2", DEFENDER), ("h1", ATTACKER)]) {
        t.cells[idx(l)] = c;
    }
    let mut pos = position(&game, &t);
    pos.play(&parse_move(&pos, "h1-c1").unwrap()).unwrap();
    assert_eq!(pos.outcome().unwrap().reason, qipan::core::EndReason::NoLegalMove);
}

/// A position seen for the third time loses for the defenders, whoever repeated it.
#[test]
fn a_third_repetition_loses_for_the_defenders() {
    let game = qipan::load("hnefatafl", &[]).unwrap();
    let mut pos = game.start();
    let mut t = Tafl::start();
    let shuffle = ["a4-b4", "f4-f3", "b4-a4", "f3-f4"];
    for (i, text) in shuffle.iter().chain(&shuffle).enumerate() {
        assert!(!pos.is_over() && t.winner.is_none(), "over before ply {i}");
        let (a, b) = text.split_once('-').unwrap();
        t.play(idx(a), idx(b));
        pos.play(&parse_move(&pos, text).unwrap()).unwrap();
    }
    assert_eq!(t.winner, Some(ATTACKER));
    let r = pos.outcome().unwrap();
    assert_eq!((r.winners.as_slice(), &r.reason), (&[SeatId(0)][..], &qipan::core::EndReason::Repetition));
}

/// The shield wall: a row on the edge with an enemy in front of each piece, bracketed by an enemy and a
/// corner; the king in the row stays.
#[test]
fn shield_walls() {
    let board = |extra: &[(&str, u8)]| {
        let mut t = Tafl::new([EMPTY; 121], ATTACKER);
        let wall = [("b1", DEFENDER), ("c1", KING), ("d1", DEFENDER), ("b2", ATTACKER), ("c2", ATTACKER)];
        for &(l, c) in wall.iter().chain(extra).chain(&[("e5", ATTACKER), ("k11", DEFENDER)]) {
            t.cells[idx(l)] = c;
        }
        t.seen = vec![(t.cells, ATTACKER)];
        t
    };
    let occupied = |pos: &Position, l: &str| pos.cell(pos.game().board.find(l).unwrap()).is_some();
    for (options, extra, taken) in [
        (vec![], vec![("d2", ATTACKER)], true),
        // d1 has no enemy in front of it.
        (vec![], vec![], false),
        (vec![("shield_wall".to_string(), "false".to_string())], vec![("d2", ATTACKER)], false),
    ] {
        let game = qipan::load("hnefatafl", &options).unwrap();
        let mut t = board(&extra);
        t.shield_wall = options.is_empty();
        let mut pos = position(&game, &t);
        t.play(idx("e5"), idx("e1"));
        pos.play(&parse_move(&pos, "e5-e1").unwrap()).unwrap();
        for l in ["b1", "d1"] {
            assert_eq!(occupied(&pos, l), !taken, "{l} {options:?} {extra:?}");
            assert_eq!(t.cells[idx(l)] != EMPTY, !taken, "{l}, by the rules");
        }
        assert!(occupied(&pos, "c1") && t.cells[idx("c1")] == KING, "the king is never taken by a wall");
    }
}

/// Random games from a king on the edge among his defenders, the defenders keeping near him: the engine's
/// fort test and the rules' agree after every ply (whichever side moved), and so do the moves, the board
/// and the winner.
#[test]
fn random_games_near_the_edge_agree_on_forts() {
    let game = qipan::load("hnefatafl", &[]).unwrap();
    let fort = game.rules.end.forts[0].clone();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(18);
    let mut start = Tafl::new([EMPTY; 121], ATTACKER);
    for l in "d2 h2 e4 g4 c3 i3 f5 d5".split(' ') {
        start.cells[idx(l)] = DEFENDER;
    }
    start.cells[idx("f1")] = KING;
    for l in "b1 j1 c5 i5 f7 a3 k3 e8 g8 b7 j7".split(' ') {
        start.cells[idx(l)] = ATTACKER;
    }
    start.seen = vec![(start.cells, ATTACKER)];
    let (mut forts, mut holding, mut breakable) = (0, 0, 0);
    let mut reasons = std::collections::BTreeMap::new();
    for g in 0..200 {
        let mut t = start.clone();
        let mut pos = position(&game, &t);
        for _ in 0..300 {
            if pos.is_over() || t.winner.is_some() {
                break;
            }
            let mut want: Vec<String> = t.moves().iter().map(|&(a, b)| format!("{}-{}", label(a), label(b))).collect();
            want.sort();
            assert_eq!(engine_moves(&pos), want, "game {g}, ply {}", pos.ply());
            // The defenders mostly move next to the king; the king mostly stays on the edge.
            let king = (0..121).find(|&i| t.cells[i] == KING).unwrap() as i32;
            let near: Vec<&String> = want
                .iter()
                .filter(|m| {
                    let (a, b) = m.split_once('-').unwrap();
                    let (from, to) = (idx(a) as i32, idx(b) as i32);
                    let close = ((to / N) - (king / N)).abs() + ((to % N) - (king % N)).abs() <= 2;
                    let edge = [to / N, to % N].iter().any(|&c| c == 0 || c == N - 1);
                    if from == king { edge && !corner(to) } else { close }
                })
                .collect();
            let text = if t.mover == DEFENDER && !near.is_empty() && rng.random_bool(0.8) {
                (*near.choose(&mut rng).unwrap()).clone()
            } else {
                want.choose(&mut rng).unwrap().clone()
            };
            let (a, b) = text.split_once('-').unwrap();
            t.play(idx(a), idx(b));
            pos.play(&parse_move(&pos, &text).unwrap()).unwrap();
            if let Some(k) = (0..121).find(|&i| t.cells[i] == KING) {
                let held = fort.holds_at(&mut pos, game.board.find(&label(k)).unwrap());
                assert_eq!(held, t.fort(), "game {g}, ply {}: the fort test", pos.ply());
                holding += usize::from(held);
                breakable += usize::from(t.closed_fort() == Some(false));
            }
        }
        if let Some(w) = t.winner {
            let r = pos.outcome().unwrap_or_else(|| panic!("game {g}: the rules say it is over"));
            assert_eq!(r.winners, [SeatId(w - 1)], "game {g}");
            forts += usize::from(r.reason == qipan::core::EndReason::Fort);
            *reasons.entry(r.reason.to_string()).or_insert(0) += 1;
        } else {
            assert!(pos.outcome().is_none(), "game {g}: over for the engine only: {:?}", pos.outcome());
        }
    }
    eprintln!("{reasons:?}; a fort stood after {holding} plies, a closed but breakable one after {breakable}");
    assert!(forts >= 10 && breakable >= 10, "{forts} forts, {breakable} breakable: the rule went untested");
}
