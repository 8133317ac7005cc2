//! Domineering and Cram, written in the language alone (`place covering orthogonal.forward` and `place
//! covering orthogonal`): move counts, whole games and who wins small boards, compared with a search
//! written here from the rules, not through the engine; and the text, checks and records of dominoes.

mod common;

use common::perft::Speed;
use qipan::core::notation::{NotationError, move_text, parse_move};
use qipan::core::playout::perft;
use qipan::core::{EndReason, Illegal, Move, PlayError, Position, SeatId};
use std::collections::{BTreeSet, HashMap};

#[test]
fn perft_files_hold() {
    common::perft::check("domineering.perft", Speed::Quick);
    common::perft::check("cram.perft", Speed::Quick);
}

/// Which dominoes a seat may lay.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Lay {
    /// Upright: a cell and the one above it.
    Upright,
    /// Across: a cell and the one to its right.
    Across,
    /// Either.
    Either,
}

/// A `w`×`h` board by the rules: bit `r * w + c` set when the cell in column `c`, row `r` is covered.
#[derive(Clone, Copy)]
struct Grid {
    w: usize,
    h: usize,
}

impl Grid {
    /// The dominoes that `lay` allows on `covered`, as pairs of cells (lower first).
    fn moves(&self, covered: u64, lay: Lay) -> Vec<(usize, usize)> {
        let free = |i: usize| covered & (1 << i) == 0;
        let mut out = Vec::new();
        for r in 0..self.h {
            for c in 0..self.w {
                let i = r * self.w + c;
                if lay != Lay::Across && r + 1 < self.h && free(i) && free(i + self.w) {
                    out.push((i, i + self.w));
                }
                if lay != Lay::Upright && c + 1 < self.w && free(i) && free(i + 1) {
                    out.push((i, i + 1));
                }
            }
        }
        out
    }

    /// The move sequences of `depth` plies; a seat left without a domino has lost, so none go on from there.
    fn perft(&self, covered: u64, lays: [Lay; 2], mover: usize, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves(covered, lays[mover])
            .into_iter()
            .map(|(a, b)| self.perft(covered | 1 << a | 1 << b, lays, 1 - mover, depth - 1))
            .sum()
    }

    /// Whether `mover` wins with best play (a seat that cannot lay a domino loses).
    fn wins(&self, covered: u64, lays: [Lay; 2], mover: usize, memo: &mut HashMap<(u64, usize), bool>) -> bool {
        if let Some(&w) = memo.get(&(covered, mover)) {
            return w;
        }
        let w = self
            .moves(covered, lays[mover])
            .into_iter()
            .any(|(a, b)| !self.wins(covered | 1 << a | 1 << b, lays, 1 - mover, memo));
        memo.insert((covered, mover), w);
        w
    }

    /// A cell's label (`a1` at the lower left).
    fn label(&self, i: usize) -> String {
        format!("{}{}", (b'a' + (i % self.w) as u8) as char, i / self.w + 1)
    }
}

const DOMINEERING: [Lay; 2] = [Lay::Upright, Lay::Across];
const CRAM: [Lay; 2] = [Lay::Either, Lay::Either];

fn load(name: &str, w: usize, h: usize) -> std::sync::Arc<qipan::core::Game> {
    common::game(name, &[("width", &w.to_string()), ("height", &h.to_string())])
}

/// The seat that wins from `pos` with best play, by the engine's moves and results.
fn engine_winner(pos: &Position, memo: &mut HashMap<(u64, SeatId), SeatId>) -> SeatId {
    if let Some(r) = pos.outcome() {
        assert_eq!((r.reason.clone(), r.winners.len()), (EndReason::NoLegalMove, 1), "{}", r.text);
        return r.winners[0];
    }
    let key = (pos.hash(), pos.to_move());
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mover = pos.to_move();
    let w = if pos.legal_moves().iter().any(|m| {
        let mut next = pos.clone();
        next.play(m).expect("legal");
        engine_winner(&next, memo) == mover
    }) {
        mover
    } else {
        SeatId(1 - mover.0)
    };
    memo.insert(key, w);
    w
}

#[test]
fn perft_matches_the_independent_count_on_several_boards() {
    for (name, lays) in [("domineering", DOMINEERING), ("cram", CRAM)] {
        // The boards of the perft files, and others.
        for (w, h, depth) in [(8, 8, 4), (6, 6, 4), (4, 4, 6), (5, 3, 6), (3, 7, 4), (2, 5, 5), (6, 1, 3)] {
            let game = load(name, w, h);
            let grid = Grid { w, h };
            for d in 1..=depth {
                assert_eq!(perft(&game.start(), d), grid.perft(0, lays, 0, d), "{name} {w}x{h}: perft {d}");
            }
        }
    }
}

#[test]
fn the_same_dominoes_at_every_ply_of_random_games() {
    for (name, lays) in [("domineering", DOMINEERING), ("cram", CRAM)] {
        for (w, h) in [(8, 8), (5, 3), (6, 6)] {
            let (game, grid) = (load(name, w, h), Grid { w, h });
            let mut seed = 0x5eed_u64 + (w * 10 + h) as u64;
            for _ in 0..20 {
                let (mut pos, mut covered, mut mover) = (game.start(), 0u64, 0);
                loop {
                    let ours = grid.moves(covered, lays[mover]);
                    let texts: BTreeSet<String> =
                        ours.iter().map(|&(a, b)| format!("{}+{}", grid.label(a), grid.label(b))).collect();
                    let engine: BTreeSet<String> = pos.legal_moves().iter().map(|m| move_text(&game, m)).collect();
                    assert_eq!(engine, texts, "{name} {w}x{h}");
                    if ours.is_empty() {
                        // The seat to move cannot lay a domino: it has lost.
                        let r = pos.outcome().expect("over");
                        assert_eq!(
                            (r.winners.clone(), &r.reason),
                            (vec![SeatId(1 - mover as u8)], &EndReason::NoLegalMove)
                        );
                        break;
                    }
                    assert!(!pos.is_over());
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let (a, b) = ours[(seed >> 33) as usize % ours.len()];
                    common::play(&mut pos, &format!("{}+{}", grid.label(a), grid.label(b)));
                    covered |= 1 << a | 1 << b;
                    mover = 1 - mover;
                }
            }
        }
    }
}

#[test]
fn who_wins_small_boards_agrees_with_the_rules() {
    for (name, lays) in [("domineering", DOMINEERING), ("cram", CRAM)] {
        for (w, h) in [(1, 1), (2, 1), (1, 3), (2, 2), (3, 2), (2, 3), (3, 3), (4, 2), (4, 3), (3, 4)] {
            let (game, grid) = (load(name, w, h), Grid { w, h });
            let ours = if grid.wins(0, lays, 0, &mut HashMap::new()) { SeatId(0) } else { SeatId(1) };
            assert_eq!(engine_winner(&game.start(), &mut HashMap::new()), ours, "{name} {w}x{h}");
        }
    }
}

/// Published results: Domineering on 2×2 is a first-player win, whoever starts; a row belongs to Horizontal
/// and a column to Vertical. Cram on an even-by-even board is a second-player win and on an even-by-odd one a
/// first-player win (symmetry strategies).
#[test]
fn known_results_of_small_boards() {
    let start_with = |game: &std::sync::Arc<qipan::core::Game>, seat: u8| {
        let mut setup = game.start().to_setup();
        setup.to_move(SeatId(seat));
        setup.into_position().expect("a position")
    };
    let (vertical, horizontal) = (SeatId(0), SeatId(1));
    let winner = |name: &str, w: usize, h: usize, first: u8| {
        engine_winner(&start_with(&load(name, w, h), first), &mut HashMap::new())
    };
    assert_eq!(winner("domineering", 2, 2, 0), vertical, "2x2, Vertical first");
    assert_eq!(winner("domineering", 2, 2, 1), horizontal, "2x2, Horizontal first");
    for first in [0, 1] {
        assert_eq!(winner("domineering", 5, 1, first), horizontal, "a row");
        assert_eq!(winner("domineering", 1, 5, first), vertical, "a column");
    }
    for (w, h) in [(2, 2), (4, 2), (2, 4), (4, 4), (6, 2)] {
        assert_eq!(winner("cram", w, h, 0), SeatId(1), "cram {w}x{h}: the second player wins");
    }
    for (w, h) in [(2, 3), (3, 2), (4, 3), (2, 5), (3, 4)] {
        assert_eq!(winner("cram", w, h, 0), SeatId(0), "cram {w}x{h}: the first player wins");
    }
}

#[test]
fn a_domino_is_written_with_its_two_cells_in_either_order() {
    for name in ["domineering", "cram"] {
        let game = load(name, 5, 4);
        let mut pos = game.start();
        for _ in 0..4 {
            for mv in pos.legal_moves() {
                let text = move_text(&game, &mv);
                assert_eq!(parse_move(&pos, &text), Ok(mv), "{text}");
                let (a, b) = text.split_once('+').expect("two cells");
                assert_eq!(parse_move(&pos, &format!("{b}+{a}")), Ok(mv), "{b}+{a}");
                assert_eq!(mv, Move::cover(mv.piece, mv.with_to, mv.to));
            }
            let mv = pos.legal_moves()[1];
            pos.play(&mv).expect("legal");
        }
    }
}

#[test]
fn bad_dominoes_are_refused_with_the_reason() {
    let game = load("domineering", 8, 8);
    let mut pos = game.start();
    common::play(&mut pos, "c3+c4");
    let refusal = |pos: &Position, text: &str| pos.check(&parse_move(pos, text).expect("readable"));
    // Horizontal on a covered cell, an upright domino, a single cell, cells apart.
    assert_eq!(refusal(&pos, "b4+c4"), Err(Illegal::Occupied));
    assert_eq!(refusal(&pos, "c4+d4"), Err(Illegal::Occupied));
    assert_eq!(refusal(&pos, "e1+e2"), Err(Illegal::NoSuchMove));
    assert_eq!(refusal(&pos, "e1"), Err(Illegal::NoSuchMove));
    assert_eq!(refusal(&pos, "e1+g1"), Err(Illegal::NoSuchMove));
    assert_eq!(refusal(&pos, "e1+f1"), Ok(()));
    let err = pos.play(&parse_move(&pos, "b4+c4").unwrap()).unwrap_err();
    assert_eq!(err, PlayError::Illegal(Illegal::Occupied));
    assert_eq!(err.to_string(), "illegal move: the node is occupied");
    // Off the board: the text names the cell that is not there.
    assert_eq!(parse_move(&pos, "h1+i1"), Err(NotationError::UnknownNode("i1".into())));
    assert_eq!(parse_move(&pos, "h8+h9"), Err(NotationError::UnknownNode("h9".into())));
    // A domino the wrong way round in code (the higher cell first) is no move.
    let [e1, f1] = ["e1", "f1"].map(|l| game.board.find(l).unwrap());
    let backwards = Move { to: f1, with_to: e1, ..Move::place(game.piece("domino").unwrap(), f1) };
    assert_eq!(pos.check(&backwards), Err(Illegal::NoSuchMove));
}

#[test]
fn records_keep_dominoes_and_sgf_refuses_them_clearly() {
    let game = load("cram", 4, 4);
    let mut pos = game.start();
    let mut moves = Vec::new();
    for text in ["a1+a2", "b2+c2", "d3+d4"] {
        let mv = parse_move(&pos, text).unwrap();
        moves.push((pos.to_move(), mv));
        pos.play(&mv).unwrap();
    }
    let e = qipan::record::to_sgf(&game, &moves, None).unwrap_err().to_string();
    assert!(e.contains("SGF records"), "{e}");
    // The last move marks both cells in pictures.
    let last = qipan::core::render::Marks::last_move(&pos).last;
    assert_eq!(last.iter().map(|&n| game.board.label(n)).collect::<Vec<_>>(), ["d3", "d4"]);
}

#[test]
fn players_and_playouts_finish_games() {
    use qipan::core::playout::{PlayoutBuf, random_playout};
    use rand::SeedableRng;
    for name in ["domineering", "cram"] {
        let game = load(name, 6, 6);
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        let mut buf = PlayoutBuf::default();
        for _ in 0..20 {
            let mut pos = game.start();
            random_playout(&mut pos, &mut rng, &mut buf, 1000).unwrap();
            let r = pos.outcome().expect("a finished game");
            assert_eq!(r.reason, EndReason::NoLegalMove);
            // Every covered cell is half of a domino: an even number of them.
            assert_eq!(pos.cells().iter().flatten().count() % 2, 0);
        }
    }
}
