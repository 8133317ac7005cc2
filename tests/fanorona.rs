//! Approach and withdrawal (`approach`, `withdraw`), on the book's Fanorona with single captures
//! (book/src/examples/fanorona.yaml): perft and random games against an enumerator written here from the
//! rules without the engine, and the move text that tells the two captures apart.

mod common;
use qipan::core::notation::{NotationError, parse_move};
use qipan::core::playout::perft;
use qipan::core::{Game, SeatId};
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use std::sync::Arc;

const W: i32 = 9;
const H: i32 = 5;
const EMPTY: u8 = 0;
const DIRS: [(i32, i32); 8] = [(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)];

/// A position by the rules: points row by row from a1 (1 white, 2 black), the side to move, the winner.
#[derive(Clone)]
struct Fanorona {
    cells: [u8; 45],
    mover: u8,
    winner: Option<u8>,
}

/// One move: from, to, and how it captures (0 nothing, 1 approach, 2 withdrawal).
type Mv = (usize, usize, u8);

fn label(i: usize) -> String {
    format!("{}{}", (b'a' + (i % W as usize) as u8) as char, i / W as usize + 1)
}

fn text(&(a, b, k): &Mv) -> String {
    let how = ["", " approach", " withdraw"][k as usize];
    format!("{}-{}{how}", label(a), label(b))
}

impl Fanorona {
    fn start() -> Fanorona {
        let mut cells = [EMPTY; 45];
        for i in 0..18 {
            cells[i] = 1;
            cells[27 + i] = 2;
        }
        for (f, c) in [1, 2, 1, 2, 0, 1, 2, 1, 2].into_iter().enumerate() {
            cells[18 + f] = c;
        }
        Fanorona { cells, mover: 1, winner: None }
    }

    fn at(&self, r: i32, f: i32) -> Option<u8> {
        ((0..H).contains(&r) && (0..W).contains(&f)).then(|| self.cells[(r * W + f) as usize])
    }

    /// How many enemies lie in an unbroken line from (r, f) on, one step (dr, df) at a time.
    fn line(&self, (mut r, mut f): (i32, i32), (dr, df): (i32, i32)) -> usize {
        let mut k = 0;
        while self.at(r, f) == Some(3 - self.mover) {
            k += 1;
            r += dr;
            f += df;
        }
        k
    }

    /// Every move: a step along a line (diagonals only from points where column + row is even) to an
    /// empty point, once per way it captures; only capturing moves when there is one.
    fn moves(&self) -> Vec<Mv> {
        let mut out = Vec::new();
        if self.winner.is_some() {
            return out;
        }
        for from in 0..45 {
            if self.cells[from] != self.mover {
                continue;
            }
            let (r, f) = (from as i32 / W, from as i32 % W);
            for (dr, df) in DIRS {
                if dr != 0 && df != 0 && (r + f) % 2 != 0 {
                    continue;
                }
                if self.at(r + dr, f + df) != Some(EMPTY) {
                    continue;
                }
                let to = ((r + dr) * W + f + df) as usize;
                let approach = self.line((r + 2 * dr, f + 2 * df), (dr, df));
                let withdraw = self.line((r - dr, f - df), (-dr, -df));
                if approach > 0 {
                    out.push((from, to, 1));
                }
                if withdraw > 0 {
                    out.push((from, to, 2));
                }
                if approach == 0 && withdraw == 0 {
                    out.push((from, to, 0));
                }
            }
        }
        if out.iter().any(|m| m.2 > 0) {
            out.retain(|m| m.2 > 0);
        }
        out
    }

    fn play(&mut self, (from, to, how): Mv) {
        let (r, f) = (from as i32 / W, from as i32 % W);
        let (dr, df) = (to as i32 / W - r, to as i32 % W - f);
        self.cells[to] = self.mover;
        self.cells[from] = EMPTY;
        let (mut at, step) = match how {
            1 => ((r + 2 * dr, f + 2 * df), (dr, df)),
            2 => ((r - dr, f - df), (-dr, -df)),
            _ => ((-9, -9), (0, 0)),
        };
        while self.at(at.0, at.1) == Some(3 - self.mover) {
            self.cells[(at.0 * W + at.1) as usize] = EMPTY;
            at = (at.0 + step.0, at.1 + step.1);
        }
        self.mover = 3 - self.mover;
        if self.moves().is_empty() {
            // A side that cannot move (one with no men left) loses.
            self.winner = Some(3 - self.mover);
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                next.play(m);
                next.perft(depth - 1)
            })
            .sum()
    }
}

fn game() -> Arc<Game> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/book/src/examples/fanorona.yaml");
    qipan::load_str(path, &std::fs::read_to_string(path).unwrap(), &[]).unwrap()
}

#[test]
fn perft_matches_the_rules_to_depth_four() {
    let game = game();
    let pos = game.start();
    let t = Fanorona::start();
    for d in 1..=4 {
        assert_eq!(perft(&pos, d), t.perft(d), "depth {d}");
    }
    // Into the empty centre: d2, e2, f2 and f3 (approach or withdrawal), all capturing.
    assert_eq!(
        common::legal_move_texts(&pos),
        ["d2-e3 approach", "e2-e3 approach", "f2-e3 approach", "f3-e3 approach", "f3-e3 withdraw"]
    );
}

/// Random games side by side: the same legal moves and the same board at every ply, the same winner.
#[test]
fn random_games_agree_with_the_rules_move_by_move() {
    let game = game();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(18);
    let (mut captures, mut decided, mut both) = (0, 0, 0);
    for g in 0..60 {
        let mut pos = game.start();
        let mut t = Fanorona::start();
        for _ in 0..300 {
            if pos.is_over() || t.winner.is_some() {
                break;
            }
            let moves = t.moves();
            let mut want: Vec<String> = moves.iter().map(text).collect();
            want.sort();
            assert_eq!(common::legal_move_texts(&pos), want, "game {g}, ply {}", pos.ply());
            both += moves.iter().filter(|m| m.2 == 2 && moves.contains(&(m.0, m.1, 1))).count();
            let m = *moves.choose(&mut rng).unwrap();
            t.play(m);
            pos.play(&parse_move(&pos, &text(&m)).unwrap()).unwrap();
            for i in 0..45 {
                let c = pos.cell(game.board.find(&label(i)).unwrap()).map_or(EMPTY, |p| p.seat.0 + 1);
                assert_eq!(c, t.cells[i], "game {g}, ply {}, {}", pos.ply(), label(i));
            }
            assert_eq!(pos.hash(), pos.hash_from_scratch());
        }
        captures += pos.captures().iter().sum::<u32>();
        if let Some(w) = t.winner {
            decided += 1;
            let r = pos.outcome().unwrap_or_else(|| {
                panic!("game {g}: the rules say it is over: {:?} {:?}", common::legal_move_texts(&pos), pos.captures())
            });
            assert_eq!(r.winners, [SeatId(w - 1)], "game {g}");
        }
    }
    assert!(captures > 500 && decided > 10 && both > 20, "{captures} captures, {decided} decided, {both} choices");
}

/// The text names the capture; without it a step that may do both is refused as ambiguous, and one that
/// can capture only one way is read as that one.
#[test]
fn move_text_tells_approach_from_withdrawal() {
    let game = game();
    let mut pos = game.start();
    assert_eq!(parse_move(&pos, "f3-e3"), Err(NotationError::Ambiguous("f3-e3".into())));
    let withdraw = parse_move(&pos, "f3-e3 withdraw").unwrap();
    assert_ne!(withdraw, parse_move(&pos, "f3-e3 approach").unwrap());
    assert_eq!(parse_move(&pos, "e2-e3").unwrap(), parse_move(&pos, "e2-e3 approach").unwrap());
    pos.play(&withdraw).unwrap();
    // Withdrawing from g3 takes g3 only (h3 is White's); d3 stays.
    let at = |l: &str| pos.cell(game.board.find(l).unwrap()).map(|p| p.seat);
    assert_eq!((at("g3"), at("d3")), (None, Some(SeatId(1))));
    assert_eq!(pos.captures(), &[1, 0]);
}

/// A record keeps the choice: written and read back, it replays to the same position.
#[test]
fn records_keep_approach_and_withdrawal() {
    let game = game();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/book/src/examples/fanorona.yaml");
    let mut pos = game.start();
    let mut moves = Vec::new();
    for text in ["f3-e3 withdraw", "g4-g3 approach"] {
        let mv = parse_move(&pos, text).unwrap();
        pos.play(&mv).unwrap();
        moves.push(mv);
    }
    let text = qipan::record::GameRecord::new(path, &game, &moves, pos.outcome()).to_text();
    assert!(text.contains("f3-e3 withdraw"), "{text}");
    let replay = qipan::record::GameRecord::parse(&text).unwrap().replay().unwrap();
    assert!(replay.refused.is_none());
    assert_eq!(replay.position.hash(), pos.hash());
}
