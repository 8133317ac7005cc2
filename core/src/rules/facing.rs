//! Facing pieces (janggi's bikjang): two pieces of the listed types, of hostile sides, on one line of a
//! relation with nothing between. While they face each other, the seat to move must end it: every move
//! but a pass must leave them not facing; a pass is allowed then (even in check) and, with `pass_ends`,
//! ends the game, drawn or scored by the game's scoring.
//!
//! The test walks the relation's lines from each listed piece to the first piece: a few line scans.
//!
//! ```
//! use qipan::core::{Move, Position};
//!
//! let game = qipan::load("janggi", &[])?;
//! // Both soldiers on the e-file have stepped aside: the generals face each other, Cho to move.
//! let mut pos = Position::from_fen(&game, "rnba1abnr/4k4/1c5c1/p1pp2p1p/9/9/P1PP2P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1")?;
//! let facing = game.rules.facing.as_ref().unwrap();
//! assert!(facing.holds(&pos, pos.cells()));
//! // Every move must block the file or step aside; the general may also pass.
//! assert_eq!(pos.legal_moves().len(), 8);
//! pos.play(&Move::PASS)?;
//! assert!(pos.is_over(), "a pass while the generals face each other ends the game");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::PieceId;
use crate::board::{NodeId, RelationId};
use crate::position::{Piece, Position};

/// `rules.facing`: which pieces may not be left facing each other along which relation.
///
/// ```
/// let game = qipan::load("janggi", &[])?;
/// let f = game.rules.facing.as_ref().unwrap();
/// assert_eq!(f.pieces, vec![game.piece("general").unwrap()]);
/// assert_eq!(f.relation, game.board.relation("orthogonal").unwrap());
/// assert!(f.pass_ends);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Facing {
    /// The piece types that face each other.
    pub pieces: Vec<PieceId>,
    /// The relation whose lines they face each other along.
    pub relation: RelationId,
    /// A pass while they face each other ends the game.
    pub pass_ends: bool,
}

/// Whether pieces face each other.
///
/// ```
/// use qipan::core::Position;
///
/// let game = qipan::load("janggi", &[])?;
/// let f = game.rules.facing.as_ref().unwrap();
/// let pos = game.start();
/// assert!(!f.holds(&pos, pos.cells()), "the soldiers on e4 and e7 stand between the generals");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Facing {
    /// Whether, on the board `cells` of `pos` (its own, or one a move is tried on), two listed pieces of
    /// hostile sides stand on one line of the relation with only empty nodes between.
    ///
    /// ```
    /// use qipan::core::Position;
    ///
    /// let game = qipan::load("janggi", &[])?;
    /// let f = game.rules.facing.as_ref().unwrap();
    /// let pos = Position::from_fen(&game, "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1")?;
    /// assert!(f.holds(&pos, pos.cells()));
    /// let pos = Position::from_fen(&game, "3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1")?;
    /// assert!(!f.holds(&pos, pos.cells()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn holds(&self, pos: &Position, cells: &[Option<Piece>]) -> bool {
        let board = &pos.game().board;
        let listed = |c: &Option<Piece>| c.is_some_and(|c| self.pieces.contains(&c.piece));
        let dirs = pos.game().relation_dirs(self.relation);
        for n in board.node_ids() {
            let Some(me) = cells[n.idx()].filter(|_| listed(&cells[n.idx()])) else { continue };
            for &d in dirs {
                let mut x = board.next(self.relation, d, n);
                while x.is_some() && x != n && cells[x.idx()].is_none() {
                    x = board.next(self.relation, d, x);
                }
                if x.is_some()
                    && x != n
                    && listed(&cells[x.idx()])
                    && cells[x.idx()].is_some_and(|o| pos.hostile(me.seat, o.seat))
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `mv`, played on a copy of the board, would leave the pieces facing each other (the move
    /// is then illegal while they face each other now). `cells` is scratch space, the same again on return.
    pub(crate) fn after(&self, pos: &Position, mv: &crate::moves::Move, cells: &mut Vec<Option<Piece>>) -> bool {
        cells.clear();
        cells.extend_from_slice(pos.cells());
        let mut apply = |n: NodeId, v: Option<Piece>| {
            if n.is_some() {
                cells[n.idx()] = v;
            }
        };
        use crate::moves::MoveKind;
        match mv.kind {
            MoveKind::Move => {
                let p = pos.cell(mv.from);
                let partner = if mv.with_from.is_some() { pos.cell(mv.with_from) } else { None };
                apply(mv.from, None);
                apply(mv.with_from, None);
                apply(mv.take, None);
                apply(mv.to, p.map(|p| Piece { seat: p.seat, piece: mv.arrives_as() }));
                apply(mv.with_to, partner);
            }
            MoveKind::Place | MoveKind::Drop => {
                let owner = pos.game().placed_owner(mv.piece, pos.to_move());
                apply(mv.to, Some(Piece { seat: owner, piece: mv.piece }));
                apply(mv.with_to, Some(Piece { seat: owner, piece: mv.piece }));
            }
            MoveKind::Shoot => apply(mv.take, None),
            MoveKind::Pass | MoveKind::Swap | MoveKind::Sow => {}
        }
        self.holds(pos, cells)
    }
}
