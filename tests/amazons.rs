//! The Game of the Amazons, written in the language alone (`slide ... then place arrow slide orthogonal
//! diagonal`): a whole turn (the amazon's move and its arrow) is one move. Perft counts on the 10×10 board,
//! and on small boards compared with an enumerator written here from the rules, not through the engine;
//! move text, the arrow's blocking, and a seat without a move losing.

mod common;

use common::perft::Speed;
use common::{play, position_with};
use qipan::core::notation::{move_text, parse_move};
use qipan::core::playout::perft;
use qipan::core::{EndReason, SeatId};

#[test]
fn perft_matches_the_published_counts() {
    common::perft::check("amazons.perft", Speed::Quick);
}

/// An Amazons position by the rules on a `w`×`h` board: 0 empty, 1 and 2 the amazons of each side, 3 an
/// arrow; `cells[y * w + x]`.
#[derive(Clone)]
struct Board {
    w: i32,
    h: i32,
    cells: Vec<u8>,
    to_move: u8,
}

const LINES: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];

impl Board {
    /// The empty nodes reached from `(x, y)` along the eight queen lines.
    fn reach(&self, x: i32, y: i32) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for (dx, dy) in LINES {
            let (mut a, mut b) = (x + dx, y + dy);
            while a >= 0 && b >= 0 && a < self.w && b < self.h && self.cells[(b * self.w + a) as usize] == 0 {
                out.push((a, b));
                (a, b) = (a + dx, b + dy);
            }
        }
        out
    }

    /// Every turn: an amazon's queen move to an empty node, then an arrow shot from there.
    fn turns(&self) -> Vec<Board> {
        let mut out = Vec::new();
        for i in 0..self.cells.len() {
            if self.cells[i] != self.to_move {
                continue;
            }
            let (x, y) = (i as i32 % self.w, i as i32 / self.w);
            for (tx, ty) in self.reach(x, y) {
                let mut moved = self.clone();
                moved.cells[i] = 0;
                moved.cells[(ty * self.w + tx) as usize] = self.to_move;
                for (ax, ay) in moved.reach(tx, ty) {
                    let mut next = moved.clone();
                    next.cells[(ay * self.w + ax) as usize] = 3;
                    next.to_move = 3 - self.to_move;
                    out.push(next);
                }
            }
        }
        out
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.turns().iter().map(|b| b.perft(depth - 1)).sum()
    }
}

/// A definition of Amazons on a `w`×`h` board with the given amazons (the rules of the built-in game).
fn small(w: i32, h: i32, white: &[(i32, i32)], black: &[(i32, i32)]) -> (std::sync::Arc<qipan::core::Game>, Board) {
    let label = |(x, y): (i32, i32)| format!("{}{}", (b'a' + x as u8) as char, y + 1);
    let list = |q: &[(i32, i32)]| q.iter().map(|&p| label(p)).collect::<Vec<_>>().join(", ");
    let def = format!(
        "extends: amazons\nboard:\n  grid: {{ width: {w}, height: {h}, labels: chess, diagonal: true, kind: cell }}\n\
         setup:\n  - {{ seat: white, piece: queen, at: [{}] }}\n  - {{ seat: black, piece: queen, at: [{}] }}\n",
        list(white),
        list(black)
    );
    let game = qipan::load_str("small.yaml", &def, &[]).unwrap_or_else(|e| panic!("{e}\n{def}"));
    let mut cells = vec![0; (w * h) as usize];
    for &(x, y) in white {
        cells[(y * w + x) as usize] = 1;
    }
    for &(x, y) in black {
        cells[(y * w + x) as usize] = 2;
    }
    (game, Board { w, h, cells, to_move: 1 })
}

#[test]
fn perft_agrees_with_an_enumeration_from_the_rules_on_small_boards() {
    for (w, h, white, black, depth) in [
        (5, 5, &[(0, 1), (4, 1)][..], &[(0, 3), (4, 3)][..], 3),
        (6, 6, &[(0, 2), (5, 2)][..], &[(2, 5), (3, 0)][..], 2),
        (4, 4, &[(0, 0)][..], &[(3, 3)][..], 4),
    ] {
        let (game, board) = small(w, h, white, black);
        assert_eq!(game.start().to_setup().piece_at(game.board.find("a1").unwrap()).is_some(), board.cells[0] == 1);
        for d in 1..=depth {
            assert_eq!(perft(&game.start(), d), board.perft(d), "{w}×{h} depth {d}");
        }
    }
}

#[test]
fn a_turn_is_the_amazons_move_and_its_arrow() {
    let g = common::game("amazons", &[]);
    let mut pos = g.start();
    let mv = parse_move(&pos, "d1-d7/g7").unwrap();
    assert_eq!(move_text(&g, &mv), "d1-d7/g7");
    pos.play(&mv).unwrap();
    let at = |l: &str| g.board.find(l).unwrap();
    assert_eq!(pos.cell(at("d7")).map(|p| p.piece), g.piece("queen"));
    assert_eq!(pos.cell(at("g7")).map(|p| p.piece), g.piece("arrow"));
    assert_eq!((pos.to_move(), pos.ply()), (SeatId(1), 1));
    // The arrow blocks: Black's amazon on g10 cannot pass g7, nor its arrow.
    assert!(parse_move(&pos, "g10-g6/g8").map(|m| pos.check(&m).is_err()).unwrap_or(true));
    assert!(pos.check(&parse_move(&pos, "g10-g8/g9").unwrap()).is_ok());
    // The arrow may land where the amazon came from, not where it stands.
    let back = parse_move(&pos, "g10-g8/g10").unwrap();
    assert!(pos.check(&back).is_ok());
    for m in pos.legal_moves() {
        assert_ne!(m.with_to, m.to);
        assert_eq!(parse_move(&pos, &move_text(&g, &m)), Ok(m));
    }
}

#[test]
fn a_seat_without_a_move_loses() {
    let g = common::game("amazons", &[]);
    // White's amazon on a1 is walled in by arrows and Black's amazon; White to move has no move.
    let mut pos = position_with(
        &g,
        &[],
        &[
            ("white", "queen", "a1"),
            ("black", "arrow", "a2"),
            ("black", "arrow", "b2"),
            ("black", "arrow", "b1"),
            ("black", "queen", "j10"),
        ],
        "black",
    );
    play(&mut pos, "j10-j9/j10");
    let r = pos.outcome().expect("White cannot move");
    assert_eq!((r.winners.clone(), r.reason.clone()), (vec![SeatId(1)], EndReason::NoLegalMove));
}

#[test]
fn playouts_drawn_part_by_part_play_legal_turns_to_the_end() {
    use qipan::core::playout::{PlayoutBuf, Policy, playout};
    use rand::SeedableRng;
    let g = common::game("amazons", &[]);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let mut buf = PlayoutBuf::default();
    for _ in 0..3 {
        let mut pos = g.start();
        while !pos.is_over() {
            let before = pos.clone();
            playout(&mut pos, &mut rng, &mut buf, 1, Policy::Parts).unwrap();
            let mv = pos.last_move().unwrap();
            assert_eq!(before.check(&mv), Ok(()), "{}", move_text(&g, &mv));
        }
        assert_eq!(pos.outcome().unwrap().reason, EndReason::NoLegalMove);
    }
}

#[test]
fn hooks_see_the_arrow() {
    let def = "extends: amazons\nhooks:\n  filter_move: 'mv.placed != \"g7\" && mv.covers == \"\"'\n";
    let g = qipan::load_str("no-g7.yaml", def, &[]).unwrap();
    let pos = g.start();
    let moves = pos.legal_moves();
    assert!(!moves.is_empty() && moves.len() < 2176);
    assert!(moves.iter().all(|m| g.board.label(m.with_to) != "g7"));
    assert!(pos.check(&parse_move(&pos, "d1-d7/g7").unwrap()).is_err());
}
