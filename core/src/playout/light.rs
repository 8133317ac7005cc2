//! Light playouts: random moves that leave the mover's own one-point eyes alone (the Go family).

use crate::board::NodeId;
use crate::moves::Move;
use crate::position::{MoveBuf, Position};
use rand::Rng;

/// True when placing on `node` would fill a one-point eye of the seat to move: every neighbour over
/// the group-capture relation holds a piece of that side. Games without group capture have no eyes.
///
/// ```
/// use qipan::core::notation::parse_move;
/// use qipan::core::playout::fills_own_eye;
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// for text in ["A2", "E5", "B1", "F5"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// // Black, to move, has an eye on A1; E4 is no eye of Black's.
/// assert!(fills_own_eye(&pos, game.board.find("A1").unwrap()));
/// assert!(!fills_own_eye(&pos, game.board.find("E4").unwrap()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fills_own_eye(pos: &Position, node: NodeId) -> bool {
    let Some(gc) = &pos.game().rules.group_capture else { return false };
    let seat = pos.to_move();
    pos.cell(node).is_none()
        && pos
            .game()
            .board
            .edges(gc.relation, node)
            .iter()
            .all(|e| pos.cell(e.to).is_some_and(|p| pos.same_side(seat, p.seat)))
}

/// A random legal move that does not fill one of the mover's own one-point eyes, or the pass when
/// there is none (the "light" policy Go programs use to bring a game to its natural end).
///
/// ```
/// use qipan::core::notation::parse_move;
/// use qipan::core::playout::light_move;
/// use qipan::core::{Move, MoveBuf};
/// use rand::SeedableRng;
///
/// // On a 2×2 board, Black's stones on A1 and B2 leave it two eyes and nothing else to play.
/// let game = qipan::load("go", &[("size".into(), "2".into())])?;
/// let mut pos = game.start();
/// for text in ["A1", "pass", "B2", "pass"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(6);
/// assert_eq!(light_move(&pos, &mut rng, &mut MoveBuf::default()), Some(Move::PASS));
/// assert_eq!(pos.legal_moves().len(), 3); // A2, B1 and the pass
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn light_move<R: Rng>(pos: &Position, rng: &mut R, buf: &mut MoveBuf) -> Option<Move> {
    pos.generate_legal(buf);
    light_pick(pos, rng, buf)
}

/// [`light_move`]'s choice among the legal moves in `buf`.
pub(super) fn light_pick<R: Rng>(pos: &Position, rng: &mut R, buf: &mut MoveBuf) -> Option<Move> {
    let pass = buf.moves.iter().find(|m| m.is_pass()).copied();
    buf.moves.retain(|m| !m.is_pass() && (!m.to.is_some() || !fills_own_eye(pos, m.to)));
    if buf.moves.is_empty() {
        return pass;
    }
    Some(buf.moves[rng.random_range(0..buf.moves.len())])
}
