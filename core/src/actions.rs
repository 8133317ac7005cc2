//! Moves as numbers, and positions as planes of numbers: what learning programs (reinforcement-learning
//! environments, neural networks) take.
//!
//! An [`ActionSpace`] gives every move of a game a number below [`ActionSpace::size`], the same in every
//! position and in every version of qipan: a mixed-radix number over a fixed list of fields of the move
//! (its kind, the piece it places or promotes to, its origin, destination, removal, second node, shooter,
//! the height it carries, the capture it chooses, its extra action), each field counted only where the
//! game's rules can use it. [`ActionSpace::fields`] lists them with their sizes, most significant first.
//!
//! Moves that differ only in what the fields leave out share a number: a draughts capture along two
//! routes between the same squares. [`ActionSpace::legal_actions`] lists each number once, and
//! [`ActionSpace::decode`] gives the first such move the engine generates.
//!
//! ```
//! use qipan::core::actions::ActionSpace;
//!
//! let game = qipan::load("go", &[("size".into(), "9".into())])?;
//! let space = ActionSpace::new(&game);
//! // A pass, or a stone on one of 81 points (or on none: the pass's own slot).
//! assert_eq!(space.fields(), [("kind", 2), ("to", 82)]);
//! let mut pos = game.start();
//! let actions = space.legal_actions(&pos);
//! assert_eq!(actions.len(), 82);
//! let e5 = qipan::core::notation::parse_move(&pos, "E5")?;
//! let a = space.encode(&e5);
//! assert_eq!(space.decode(&pos, a), Some(e5));
//! pos.play(&e5)?;
//! assert_eq!(space.decode(&pos, a), None, "E5 is taken");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::NodeId;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::rules::{Carry, Pattern};
use crate::{Game, PieceId, SeatId};

/// The kinds of move, in the order their numbers take.
const KINDS: [MoveKind; 7] =
    [MoveKind::Pass, MoveKind::Swap, MoveKind::Place, MoveKind::Drop, MoveKind::Move, MoveKind::Shoot, MoveKind::Sow];

/// The numbering of a game's moves (see the [module](self)).
///
/// ```
/// use qipan::core::actions::ActionSpace;
///
/// let game = qipan::load("chess", &[])?;
/// let space = ActionSpace::new(&game);
/// // Pass (never legal in chess, but every game numbers it) or a move; four promotions; 64 squares.
/// assert_eq!(space.fields(), [("kind", 2), ("piece", 5), ("from", 65), ("to", 65)]);
/// assert_eq!(space.size(), 2 * 5 * 65 * 65);
/// let pos = game.start();
/// assert_eq!(space.legal_actions(&pos).len(), 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionSpace {
    nodes: usize,
    /// Which kinds the game has, as indices into `KINDS`; a kind's number is its place here.
    kinds: Vec<MoveKind>,
    /// The piece types a move may place, drop or promote to; a piece's number is its place here plus one
    /// (0: none). Empty when the piece is never a choice.
    pieces: Vec<PieceId>,
    from: bool,
    take: bool,
    with_to: bool,
    by: bool,
    /// Heights a move may carry (`carry top`), 0 when none.
    carry: usize,
    /// Capture rules a move may choose between (approach or withdrawal), 0 when none.
    capture_rules: usize,
    extras: usize,
    /// The fields used and their sizes, worked out once ([`ActionSpace::fields`]).
    sizes: Vec<(&'static str, usize)>,
}

/// Making a game's numbering, and turning moves into numbers and back.
///
/// ```
/// use qipan::core::actions::ActionSpace;
///
/// let game = qipan::load("othello", &[])?;
/// let space = ActionSpace::new(&game);
/// let pos = game.start();
/// for a in space.legal_actions(&pos) {
///     let mv = space.decode(&pos, a).unwrap();
///     assert_eq!(space.encode(&mv), a);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl ActionSpace {
    /// The numbering of `game`'s moves.
    ///
    /// ```
    /// use qipan::core::actions::ActionSpace;
    ///
    /// // Nine Men's Morris: place, move or fly, and remove a piece after a mill.
    /// let game = qipan::load("nine-mens-morris", &[])?;
    /// let fields = ActionSpace::new(&game).fields();
    /// assert_eq!(fields, [("kind", 3), ("from", 25), ("to", 25), ("take", 25)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(game: &Game) -> ActionSpace {
        let rules: Vec<_> =
            game.piece_ids().flat_map(|p| game.pieces[p.idx()].moves.iter().map(move |r| (p, r))).collect();
        let mut kinds = vec![MoveKind::Pass];
        let mut add = |k: MoveKind| {
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        };
        if game.rules.swap {
            add(MoveKind::Swap);
        }
        let mut placed = Vec::new();
        let mut promoted = Vec::new();
        for &(p, r) in &rules {
            match &r.pattern {
                Pattern::Place | Pattern::Cover { .. } => {
                    add(MoveKind::Place);
                    placed.push(p);
                }
                Pattern::Drop => {
                    add(MoveKind::Drop);
                    placed.push(p);
                }
                Pattern::Sow(_) => add(MoveKind::Sow),
                _ => add(MoveKind::Move),
            }
            if r.shot.is_some() || r.capture == crate::rules::CaptureMode::Remote {
                add(MoveKind::Shoot);
            }
            promoted.extend(r.promote.iter().copied());
        }
        kinds.sort_by_key(|k| KINDS.iter().position(|x| x == k));
        // A piece is a choice where several types may be placed, or where a move may promote.
        let mut pieces: Vec<PieceId> = if promoted.is_empty() { Vec::new() } else { promoted };
        placed.sort();
        placed.dedup();
        if placed.len() > 1 {
            pieces.extend(placed);
        }
        pieces.sort();
        pieces.dedup();
        let moves = kinds.iter().any(|k| matches!(k, MoveKind::Move | MoveKind::Shoot | MoveKind::Sow));
        let carries = rules.iter().any(|(_, r)| r.carry == Carry::Top);
        let mut space = ActionSpace {
            nodes: game.board.len(),
            kinds,
            pieces,
            from: moves,
            take: game.rules.removes(),
            with_to: rules.iter().any(|(_, r)| matches!(r.pattern, Pattern::Cover { .. }) || r.then_place.is_some()),
            by: rules.iter().any(|(_, r)| r.shot.is_some()),
            carry: if carries { game.board.stack_height() as usize } else { 0 },
            capture_rules: if game.rules.captures.iter().any(|r| r.form.chosen()) {
                game.rules.captures.len()
            } else {
                0
            },
            extras: game.extras.len(),
            sizes: Vec::new(),
        };
        space.sizes = space.used_fields();
        space
    }

    /// The fields of a move's number with their sizes, most significant first; the number is
    /// `((kind × piece_size + piece) × from_size + from) × …`. A node field counts the board's nodes and
    /// one more for none (the last); `piece` counts none (0) and the choices; only fields the game uses
    /// are listed.
    ///
    /// ```
    /// use qipan::core::actions::ActionSpace;
    ///
    /// let game = qipan::load("kalah", &[])?;
    /// // Sow from one of the 14 nodes (pits and stores), or pass.
    /// assert_eq!(ActionSpace::new(&game).fields(), [("kind", 2), ("from", 15), ("to", 15)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fields(&self) -> Vec<(&'static str, usize)> {
        self.sizes.clone()
    }

    fn used_fields(&self) -> Vec<(&'static str, usize)> {
        let node = self.nodes + 1;
        let mut out = vec![("kind", self.kinds.len())];
        let used = [
            ("piece", !self.pieces.is_empty(), self.pieces.len() + 1),
            ("from", self.from, node),
            ("to", true, node),
            ("take", self.take, node),
            ("with_to", self.with_to, node),
            ("by", self.by, node),
            ("carry", self.carry > 0, self.carry + 1),
            ("capture_rule", self.capture_rules > 0, self.capture_rules + 1),
            ("extra", self.extras > 0, self.extras + 1),
        ];
        out.extend(used.iter().filter(|(_, on, _)| *on).map(|&(name, _, size)| (name, size)));
        out
    }

    /// How many numbers there are: every move's is below this.
    ///
    /// ```
    /// use qipan::core::actions::ActionSpace;
    ///
    /// let game = qipan::load("tic-tac-toe", &[])?;
    /// assert_eq!(ActionSpace::new(&game).size(), 2 * 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn size(&self) -> usize {
        self.sizes.iter().map(|(_, n)| n).product()
    }

    /// The number of a move of the game.
    ///
    /// ```
    /// use qipan::core::{Move, actions::ActionSpace};
    ///
    /// let game = qipan::load("tic-tac-toe", &[])?;
    /// let space = ActionSpace::new(&game);
    /// // The pass is 9 (kind 0, no node); a1 is node 0, placed (kind 1): 10.
    /// assert_eq!(space.encode(&Move::PASS), 9);
    /// let a1 = qipan::core::notation::parse_move(&game.start(), "a1")?;
    /// assert_eq!(space.encode(&a1), 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn encode(&self, mv: &Move) -> usize {
        let node = |n: NodeId| if n.is_some() && n.idx() < self.nodes { n.idx() } else { self.nodes };
        let kind = self.kinds.iter().position(|&k| k == mv.kind).unwrap_or(0);
        let piece = match mv.kind {
            MoveKind::Place | MoveKind::Drop => self.piece_number(Some(mv.piece)),
            _ => self.piece_number(mv.promote),
        };
        let values = [
            (true, kind),
            (!self.pieces.is_empty(), piece),
            (self.from, node(mv.from)),
            (true, node(mv.to)),
            (self.take, node(mv.take)),
            (self.with_to, node(mv.with_to)),
            (self.by, node(mv.by)),
            (self.carry > 0, (mv.stack.carry() as usize).min(self.carry)),
            (self.capture_rules > 0, mv.capture_rule.map_or(0, |r| (r as usize + 1).min(self.capture_rules))),
            (self.extras > 0, mv.extra.map_or(0, |e| (e.idx() + 1).min(self.extras))),
        ];
        values.iter().filter(|(on, _)| *on).zip(&self.sizes).fold(0, |code, (&(_, v), &(_, size))| code * size + v)
    }

    fn piece_number(&self, piece: Option<PieceId>) -> usize {
        piece.and_then(|p| self.pieces.iter().position(|&q| q == p)).map_or(0, |i| i + 1)
    }

    /// The numbers of the legal moves of `pos`, each once, in the order the engine generates the moves.
    ///
    /// ```
    /// use qipan::core::actions::ActionSpace;
    ///
    /// let game = qipan::load("connect-four", &[])?;
    /// let space = ActionSpace::new(&game);
    /// assert_eq!(space.legal_actions(&game.start()).len(), 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_actions(&self, pos: &Position) -> Vec<usize> {
        self.legal_moves(pos).into_iter().map(|(a, _)| a).collect()
    }

    /// The legal moves of `pos` with their numbers, the first move of each number only, in the order the
    /// engine generates them.
    ///
    /// ```
    /// use qipan::core::actions::ActionSpace;
    ///
    /// let game = qipan::load("tic-tac-toe", &[])?;
    /// let space = ActionSpace::new(&game);
    /// let pos = game.start();
    /// let moves = space.legal_moves(&pos);
    /// assert_eq!(moves.len(), 9);
    /// assert!(moves.iter().all(|(a, m)| space.encode(m) == *a));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self, pos: &Position) -> Vec<(usize, Move)> {
        let mut out: Vec<(usize, Move)> = pos.legal_moves().into_iter().map(|mv| (self.encode(&mv), mv)).collect();
        // Numbers are nearly always distinct: look for a repeat in sorted order before removing any.
        let mut sorted: Vec<usize> = out.iter().map(|&(a, _)| a).collect();
        sorted.sort_unstable();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            let mut seen = std::collections::HashSet::new();
            out.retain(|&(a, _)| seen.insert(a));
        }
        out
    }

    /// The first legal move of `pos` whose number is `action`, if any.
    ///
    /// ```
    /// use qipan::core::actions::ActionSpace;
    ///
    /// let game = qipan::load("tic-tac-toe", &[])?;
    /// let space = ActionSpace::new(&game);
    /// let pos = game.start();
    /// assert_eq!(space.decode(&pos, 10).map(|m| qipan::core::notation::move_text(&game, &m)), Some("a1".into()));
    /// assert_eq!(space.decode(&pos, 9), None, "no pass in tic-tac-toe");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn decode(&self, pos: &Position, action: usize) -> Option<Move> {
        pos.legal_moves().into_iter().find(|m| self.encode(m) == action)
    }
}

/// The planes describing a position for a learning program: one plane per seat and piece type (the
/// number of that seat's pieces of that type on each node: 0 or 1 on most boards, the seeds of a pit, the
/// pieces of a column), then, in games with reserves, one per seat and piece type holding the number in
/// hand on every node, then one per seat, all ones for the seat to move. `planes × nodes` numbers, plane
/// after plane.
///
/// ```
/// use qipan::core::actions::{observation_planes, planes};
///
/// let game = qipan::load("tic-tac-toe", &[])?;
/// let mut pos = game.start();
/// pos.play(&qipan::core::notation::parse_move(&pos, "b2")?)?;
/// // Two seats × one piece type, then two planes for the seat to move.
/// assert_eq!(planes(&game), 4);
/// let obs = observation_planes(&pos);
/// let b2 = game.board.find("b2").unwrap().idx();
/// assert_eq!(obs[b2], 1.0); // X's stone
/// assert!(obs[3 * 9..].iter().all(|&v| v == 1.0)); // O to move
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn observation_planes(pos: &Position) -> Vec<f32> {
    let game = pos.game();
    let (n, s, p) = (game.board.len(), game.seats.len(), game.pieces.len());
    let mut out = vec![0f32; planes(game) * n];
    let plane = |seat: SeatId, piece: PieceId| (seat.idx() * p + piece.idx()) * n;
    let seeds = game.board.node_ids().any(|x| pos.seeds(x) > 0);
    for at in game.board.node_ids() {
        if game.board.stack_height() > 0 {
            for piece in pos.column(at) {
                out[plane(piece.seat, piece.piece) + at.idx()] += 1.0;
            }
        } else if let Some(piece) = pos.cell(at) {
            let count = if seeds { f32::from(pos.seeds(at)) } else { 1.0 };
            out[plane(piece.seat, piece.piece) + at.idx()] = count;
        }
    }
    let mut next = s * p;
    if has_reserves(game) {
        for seat in game.seat_ids() {
            for piece in game.piece_ids() {
                let held = f32::from(pos.reserve(seat, piece));
                out[(next + seat.idx() * p + piece.idx()) * n..][..n].fill(held);
            }
        }
        next += s * p;
    }
    out[(next + pos.to_move().idx()) * n..][..n].fill(1.0);
    out
}

/// How many planes [`observation_planes`] gives for `game`.
///
/// ```
/// use qipan::core::actions::planes;
///
/// // Shogi: 2 seats × its piece types on the board, the same in hand, and the seat to move.
/// let shogi = qipan::load("shogi", &[])?;
/// assert_eq!(planes(&shogi), 2 * shogi.pieces.len() * 2 + 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn planes(game: &Game) -> usize {
    let (s, p) = (game.seats.len(), game.pieces.len());
    s * p * if has_reserves(game) { 2 } else { 1 } + s
}

fn has_reserves(game: &Game) -> bool {
    game.pieces.iter().flat_map(|t| &t.moves).any(|r| matches!(r.pattern, Pattern::Drop))
}
