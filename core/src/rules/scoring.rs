//! Scores from the board: area (pieces plus the empty regions only one side borders), pieces alone,
//! and the groups of pieces ([`mod@groups`]).

pub mod groups;

pub use groups::{GroupMeasure, groups};

use super::Dame;
use crate::board::{NodeId, RelationId};
use crate::position::Position;

/// Each seat's area: its pieces plus the empty regions (connected over `rel`) that only its pieces
/// border. Regions bordering several sides are shared equally under [`Dame::Split`].
///
/// ```
/// use qipan::core::notation::parse_move;
/// use qipan::core::rules::Dame;
/// use qipan::core::rules::scoring::area;
///
/// let game = qipan::load("go", &[("size".into(), "3".into())])?;
/// let orthogonal = game.board.relation("orthogonal").unwrap();
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "B2")?)?;
/// assert_eq!(area(&pos, orthogonal, Dame::Split), [9.0, 0.0]); // the stone and all it surrounds
/// pos.play(&parse_move(&pos, "A1")?)?;
/// // The other seven points border both colours: shared, or nobody's.
/// assert_eq!(area(&pos, orthogonal, Dame::Split), [4.5, 4.5]);
/// assert_eq!(area(&pos, orthogonal, Dame::Nobody), [1.0, 1.0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn area(pos: &Position, rel: RelationId, dame: Dame) -> Vec<f64> {
    let g = pos.game();
    let board = &g.board;
    let seats = g.seats.len();
    let mut score = vec![0.0; seats];
    let mut seen = vec![false; board.len()];
    let mut stack: Vec<NodeId> = Vec::new();
    let mut borders = vec![false; seats];
    for n in board.node_ids() {
        if let Some(p) = pos.cell(n) {
            score[pos.controller(p.seat).idx()] += 1.0;
            continue;
        }
        if seen[n.idx()] {
            continue;
        }
        // Flood the empty region containing n.
        borders.iter_mut().for_each(|b| *b = false);
        let mut size = 0usize;
        seen[n.idx()] = true;
        stack.push(n);
        while let Some(x) = stack.pop() {
            size += 1;
            for e in board.edges(rel, x) {
                match pos.cell(e.to) {
                    Some(p) => borders[pos.controller(p.seat).idx()] = true,
                    None if !seen[e.to.idx()] => {
                        seen[e.to.idx()] = true;
                        stack.push(e.to);
                    }
                    None => {}
                }
            }
        }
        let owners = borders.iter().filter(|&&b| b).count();
        if owners == 1 || (owners > 1 && dame == Dame::Split) {
            let share = size as f64 / owners as f64;
            for (s, &b) in borders.iter().enumerate() {
                if b {
                    score[s] += share;
                }
            }
        }
    }
    score
}

/// Each seat's pieces on the board, counted for the seat that controls them: the majority rule of
/// placement games, scored when the game ends.
///
/// ```
/// use qipan::core::notation::parse_move;
/// use qipan::core::rules::scoring::pieces;
///
/// let src = "name: majority
/// board: { grid: { width: 3, height: 1, labels: chess } }
/// seats: [{ name: black }, { name: white }]
/// pieces: { stone: { symbols: [B, W], moves: place to empty } }
/// scoring: { method: pieces }
/// ";
/// let game = qipan::load_str("majority.yaml", src, &[])?;
/// let mut pos = game.start();
/// for text in ["a1", "b1", "c1"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// assert_eq!(pieces(&pos), [2.0, 1.0]);
/// // The board is full: each seat must pass, and then Black wins by one.
/// pos.play(&parse_move(&pos, "pass")?)?;
/// pos.play(&parse_move(&pos, "pass")?)?;
/// assert_eq!(pos.outcome().unwrap().text, "B+1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn pieces(pos: &Position) -> Vec<f64> {
    let g = pos.game();
    let mut score = vec![0.0; g.seats.len()];
    for p in pos.cells().iter().flatten() {
        score[pos.controller(p.seat).idx()] += 1.0;
    }
    score
}

/// Each seat's material: the values ([`Rules::value`](super::Rules::value)) of the pieces it controls on
/// the board and of those in its reserve (a hand), counted when the game is scored by material (janggi's
/// counting: 13 for a chariot, 7 for a cannon, ...).
///
/// ```
/// use qipan::core::Position;
/// use qipan::core::rules::scoring::material;
///
/// let game = qipan::load("janggi", &[])?;
/// assert_eq!(material(&game.start()), [72.0, 72.0]);
/// // Cho has a chariot and a soldier (13 + 2), Han a horse (5).
/// let pos = Position::from_fen(&game, "4k4/9/9/9/4n4/9/4P4/9/4K4/R8 w - - 0 1")?;
/// assert_eq!(material(&pos), [15.0, 5.0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn material(pos: &Position) -> Vec<f64> {
    let g = pos.game();
    let mut score = vec![0.0; g.seats.len()];
    for p in pos.cells().iter().flatten() {
        score[pos.controller(p.seat).idx()] += g.rules.value(p.piece);
    }
    for s in g.seat_ids() {
        for p in g.piece_ids() {
            score[pos.controller(s).idx()] += f64::from(pos.reserve(s, p)) * g.rules.value(p);
        }
    }
    score
}
