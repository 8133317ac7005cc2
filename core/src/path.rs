//! The legs of a chain of jumps, packed into one word so a [`Move`](crate::Move) stays small and `Copy`.
//!
//! A jump goes over the adjacent node along a direction onto the node just beyond; a chain (draughts'
//! multiple jump) repeats it from where it landed. A move keeps the relation and the direction of each
//! leg, so two chains with the same start and end but different paths are different moves, and the
//! nodes jumped (and captured, when the rule says so) are worked out from them.
//!
//! ```
//! use qipan::core::notation::{move_text, parse_move};
//!
//! let src = "name: hops
//! board: { grid: { width: 5, height: 5, labels: chess, diagonal: true } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   man: { moves: jump diagonal over enemy to empty capture jumped chain }
//! setup:
//!   - { seat: white, piece: man, at: [a1] }
//!   - { seat: black, piece: man, at: [b2, d4, d2] }
//! ";
//! let game = qipan::load_str("hops.yaml", src, &[])?;
//! let pos = game.start();
//! // Over b2 to c3, then over d4 to e5 or over d2 to e1: two chains.
//! assert_eq!(pos.legal_moves().len(), 2);
//! let chain = parse_move(&pos, "a1xc3xe5")?;
//! assert_eq!(chain.path.len(), 2);
//! let jumped: Vec<&str> = chain.path.jumped(&game.board, chain.from).map(|n| game.board.label(n)).collect();
//! assert_eq!(jumped, ["b2", "d4"]);
//! assert_eq!(move_text(&game, &chain), "a1xc3xe5");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::{Board, DirectionId, NodeId, RelationId};

/// The legs of a chain of jumps: how many, along which relation, in which directions, and whether
/// each node jumped over is captured. [`Path::NONE`] for every other move.
///
/// Packed in a `u64`: bits 0–3 the number of legs (at most [`Path::MAX_LEGS`]), bits 4–7 the
/// relation, bit 8 "captures", then 5 bits per leg for its direction (below 32).
///
/// ```
/// use qipan::core::board::{DirectionId, RelationId};
/// use qipan::core::Path;
///
/// let mut p = Path::start(RelationId(1), true);
/// assert!(p.is_empty());
/// p = p.push(DirectionId(4)).unwrap().push(DirectionId(6)).unwrap();
/// assert_eq!((p.len(), p.relation(), p.captures()), (2, RelationId(1), true));
/// assert_eq!(p.dir(1), DirectionId(6));
/// assert_eq!(p.dirs().collect::<Vec<_>>(), [DirectionId(4), DirectionId(6)]);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Path(u64);

/// Making and reading paths.
///
/// ```
/// use qipan::core::Path;
///
/// assert!(Path::NONE.is_empty() && !Path::NONE.captures());
/// assert_eq!(Path::NONE.len(), 0);
/// ```
impl Path {
    /// No legs: every move that is not a jump with a path.
    pub const NONE: Path = Path(0);
    /// The most legs a path holds; a chain stops there.
    pub const MAX_LEGS: usize = 11;

    /// An empty path along `relation`; `captures`: the nodes jumped over are captured.
    ///
    /// ```
    /// use qipan::core::{board::RelationId, Path};
    ///
    /// let p = Path::start(RelationId(2), false);
    /// assert_eq!((p.relation(), p.captures(), p.len()), (RelationId(2), false, 0));
    /// ```
    pub const fn start(relation: RelationId, captures: bool) -> Path {
        Path(((relation.0 as u64 & 0xf) << 4) | ((captures as u64) << 8))
    }

    /// The path with one more leg along `d`, or `None` when it is full or `d` does not fit.
    ///
    /// ```
    /// use qipan::core::{board::{DirectionId, RelationId}, Path};
    ///
    /// let mut p = Path::start(RelationId(0), true);
    /// for _ in 0..Path::MAX_LEGS {
    ///     p = p.push(DirectionId(3)).unwrap();
    /// }
    /// assert_eq!(p.push(DirectionId(3)), None);
    /// assert_eq!(Path::start(RelationId(0), true).push(DirectionId(40)), None);
    /// ```
    #[inline]
    pub fn push(self, d: DirectionId) -> Option<Path> {
        let n = self.len();
        if n >= Self::MAX_LEGS || d.0 >= 32 {
            return None;
        }
        Some(Path((self.0 & !0xf) | (n as u64 + 1) | ((d.0 as u64) << (9 + 5 * n))))
    }

    /// The number of legs.
    ///
    /// ```
    /// use qipan::core::{board::{DirectionId, RelationId}, Path};
    ///
    /// assert_eq!(Path::start(RelationId(0), true).push(DirectionId(1)).unwrap().len(), 1);
    /// ```
    #[inline]
    pub const fn len(self) -> usize {
        (self.0 & 0xf) as usize
    }

    /// Whether there are no legs.
    ///
    /// ```
    /// use qipan::core::Path;
    ///
    /// assert!(Path::NONE.is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The relation the legs go along.
    ///
    /// ```
    /// use qipan::core::{board::RelationId, Path};
    ///
    /// assert_eq!(Path::start(RelationId(3), true).relation(), RelationId(3));
    /// ```
    #[inline]
    pub const fn relation(self) -> RelationId {
        RelationId(((self.0 >> 4) & 0xf) as u8)
    }

    /// Whether the nodes jumped over are captured.
    ///
    /// ```
    /// use qipan::core::{board::RelationId, Path};
    ///
    /// assert!(Path::start(RelationId(0), true).captures());
    /// ```
    #[inline]
    pub const fn captures(self) -> bool {
        self.0 & 0x100 != 0
    }

    /// The direction of leg `i` (counted from 0).
    ///
    /// ```
    /// use qipan::core::{board::{DirectionId, RelationId}, Path};
    ///
    /// let p = Path::start(RelationId(0), true).push(DirectionId(7)).unwrap();
    /// assert_eq!(p.dir(0), DirectionId(7));
    /// ```
    #[inline]
    pub const fn dir(self, i: usize) -> DirectionId {
        DirectionId(((self.0 >> (9 + 5 * i)) & 0x1f) as u8)
    }

    /// The directions of the legs, in order.
    ///
    /// ```
    /// use qipan::core::{board::{DirectionId, RelationId}, Path};
    ///
    /// let p = Path::start(RelationId(0), true).push(DirectionId(2)).unwrap();
    /// assert_eq!(p.dirs().collect::<Vec<_>>(), [DirectionId(2)]);
    /// ```
    pub fn dirs(self) -> impl Iterator<Item = DirectionId> {
        (0..self.len()).map(move |i| self.dir(i))
    }

    /// The legs from `from` on `board`: for each, the node jumped over and the node landed on.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let src = "name: hops
    /// board: { grid: { width: 5, height: 5, labels: chess, diagonal: true } }
    /// seats: [{ name: white }, { name: black }]
    /// pieces:
    ///   man: { moves: jump diagonal over enemy to empty capture jumped chain }
    /// setup:
    ///   - { seat: white, piece: man, at: [a1] }
    ///   - { seat: black, piece: man, at: [b2, d4, d2] }
    /// ";
    /// let game = qipan::load_str("hops.yaml", src, &[])?;
    /// let pos = game.start();
    /// let mv = parse_move(&pos, "a1xc3xe1")?;
    /// let legs: Vec<_> = mv.path.legs(&game.board, mv.from).map(|(o, l)| (game.board.label(o), game.board.label(l))).collect();
    /// assert_eq!(legs, [("b2", "c3"), ("d2", "e1")]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legs(self, board: &Board, from: NodeId) -> impl Iterator<Item = (NodeId, NodeId)> + '_ {
        let rel = self.relation();
        let mut at = from;
        self.dirs().map(move |d| {
            let over = board.next(rel, d, at);
            let land = if over.is_some() { board.next(rel, d, over) } else { NodeId::NONE };
            at = land;
            (over, land)
        })
    }

    /// The nodes jumped over, in order.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let src = "name: hops
    /// board: { grid: { width: 5, height: 5, labels: chess, diagonal: true } }
    /// seats: [{ name: white }, { name: black }]
    /// pieces:
    ///   man: { moves: jump diagonal over enemy to empty capture jumped chain }
    /// setup:
    ///   - { seat: white, piece: man, at: [a1] }
    ///   - { seat: black, piece: man, at: [b2, d4, d2] }
    /// ";
    /// let game = qipan::load_str("hops.yaml", src, &[])?;
    /// let pos = game.start();
    /// let mv = parse_move(&pos, "a1xe1")?; // the short form: one chain ends on e1
    /// assert_eq!(mv.path.jumped(&game.board, mv.from).map(|n| game.board.label(n)).collect::<Vec<_>>(), ["b2", "d2"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn jumped(self, board: &Board, from: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.legs(board, from).map(|(over, _)| over)
    }
}
