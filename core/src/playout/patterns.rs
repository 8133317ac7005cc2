//! Shapes around the last move: a definition may declare 3×3 patterns (`playout: patterns:`, MoGo's
//! hane, cuts and edge moves in Go) that playouts play before a random move. A shape is three rows of
//! three characters, north first, around an empty centre; it is matched in its eight rotations and
//! reflections and with its two sides swapped. Compiled once into a table indexed by the eight
//! neighbours' contents, so a match is eight cell reads and one bit test.

use super::PlayoutBuf;
use super::atari::self_atari;
use super::buf::{draw_placement, last_placed, placeable};
use crate::board::{Board, DirectionId, NodeId, RelationId};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Cond;
use rand::Rng;

/// What a neighbour holds, as a shape's code writes it (two bits each).
const EMPTY: u8 = 0;
const MINE: u8 = 1;
const THEIRS: u8 = 2;
const OFF: u8 = 3;

/// The eight neighbours' codes: 4^8.
const CODES: usize = 1 << 16;

/// One 3×3 shape: per cell, the set of contents it accepts (bit `1 << content`).
///
/// ```
/// use qipan::core::playout::Shape;
///
/// // MoGo's enclosing hane: the centre is where the move goes.
/// let hane = Shape::parse(&["XOX", "...", "???"])?;
/// assert_eq!(hane, Shape::parse(&["XOX", "...", "???"])?);
/// assert!(Shape::parse(&["XOX", ".X.", "???"]).is_err()); // the centre must be empty
/// # Ok::<(), qipan::core::playout::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    cells: [u8; 9],
}

/// Why three rows are not a shape.
///
/// ```
/// use qipan::core::playout::{Shape, ShapeError};
///
/// assert_eq!(Shape::parse(&["XO", "...", "???"]), Err(ShapeError::Width { row: 0, len: 2 }));
/// assert_eq!(Shape::parse(&["XOZ", "...", "???"]), Err(ShapeError::Char { row: 0, column: 2, found: 'Z' }));
/// assert_eq!(Shape::parse(&["XOX", "..."]), Err(ShapeError::Rows(2)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// Not three rows.
    #[error("a pattern has 3 rows, not {0}")]
    Rows(usize),
    /// A row not three characters long.
    #[error("row {} has {len} characters, not 3", row + 1)]
    Width {
        /// The row (0 = the first, north).
        row: usize,
        /// Its length in characters.
        len: usize,
    },
    /// A character that is not one of the shape's.
    #[error("`{found}` in row {}, column {} is not a pattern character", row + 1, column + 1)]
    Char {
        /// The row (0 = the first).
        row: usize,
        /// The column (0 = the first, west).
        column: usize,
        /// The character.
        found: char,
    },
    /// The centre is not `.`: it is the empty node a move would be played on.
    #[error("the centre is `{0}`, but it is the empty node the move is played on")]
    Centre(char),
}

impl ShapeError {
    /// What a shape is made of, for error messages.
    pub const EXPECTED: &'static str = "3 rows of 3 of `X` `O` (the two sides), `.` (empty), `#` (off the board), \
                                         `x` (not X), `o` (not O), `?` (anything); the centre `.`";
}

impl Shape {
    /// Reads three rows, north first, west to east: `X` and `O` the two sides (either may be the
    /// mover: both ways are matched), `.` empty, `#` off the board, `x` anything but `X`, `o` anything
    /// but `O`, `?` anything. The centre is `.`.
    ///
    /// ```
    /// use qipan::core::playout::{Shape, ShapeError};
    ///
    /// // An edge move: the south row off the board.
    /// assert!(Shape::parse(&["?X?", "x.O", "###"]).is_ok());
    /// assert_eq!(Shape::parse(&["?X?", "xXO", "###"]), Err(ShapeError::Centre('X')));
    /// ```
    pub fn parse(rows: &[&str]) -> Result<Shape, ShapeError> {
        if rows.len() != 3 {
            return Err(ShapeError::Rows(rows.len()));
        }
        let mut cells = [0u8; 9];
        for (row, text) in rows.iter().enumerate() {
            let len = text.chars().count();
            if len != 3 {
                return Err(ShapeError::Width { row, len });
            }
            for (column, found) in text.chars().enumerate() {
                let one = |c: u8| 1u8 << c;
                cells[row * 3 + column] = match found {
                    '.' => one(EMPTY),
                    'X' => one(MINE),
                    'O' => one(THEIRS),
                    '#' => one(OFF),
                    'x' => one(EMPTY) | one(THEIRS) | one(OFF),
                    'o' => one(EMPTY) | one(MINE) | one(OFF),
                    '?' => 0b1111,
                    _ => return Err(ShapeError::Char { row, column, found }),
                };
            }
        }
        let centre = rows[1].chars().nth(1).unwrap_or('.');
        if centre != '.' {
            return Err(ShapeError::Centre(centre));
        }
        Ok(Shape { cells })
    }

    /// Turned a quarter clockwise.
    fn turned(self) -> Shape {
        let c = self.cells;
        Shape { cells: std::array::from_fn(|i| c[(2 - i % 3) * 3 + i / 3]) }
    }

    /// Mirrored west to east.
    fn mirrored(self) -> Shape {
        let c = self.cells;
        Shape { cells: std::array::from_fn(|i| c[(i / 3) * 3 + 2 - i % 3]) }
    }

    /// With the two sides swapped.
    fn swapped(self) -> Shape {
        let swap =
            |m: u8| (m & ((1 << EMPTY) | (1 << OFF))) | (((m >> MINE) & 1) << THEIRS) | (((m >> THEIRS) & 1) << MINE);
        Shape { cells: self.cells.map(swap) }
    }

    /// Sets the bit of every neighbourhood code this shape (as it stands) accepts.
    fn mark(&self, table: &mut [u64]) {
        let around: Vec<u8> = (0..9).filter(|&i| i != 4).map(|i| self.cells[i]).collect();
        let mut walk = |code: usize| table[code / 64] |= 1 << (code % 64);
        fn each(around: &[u8], i: usize, code: usize, f: &mut dyn FnMut(usize)) {
            if i == around.len() {
                return f(code);
            }
            for content in 0..4 {
                if around[i] & (1 << content) != 0 {
                    each(around, i + 1, code | content << (2 * i), f);
                }
            }
        }
        each(&around, 0, 0, &mut walk);
    }
}

/// A game's shapes, compiled for its board: which neighbourhoods match, and each node's eight
/// neighbours (north-west to south-east, row by row).
///
/// ```
/// use qipan::core::playout::{Patterns, Shape};
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let rel = game.board.relation("orthogonal").unwrap();
/// let hane = Shape::parse(&["XOX", "...", "???"])?;
/// let patterns = Patterns::new(&game.board, rel, &[hane])?;
/// let e5 = game.board.find("E5").unwrap();
/// assert_eq!(patterns.around(e5)[1], game.board.find("E6").unwrap()); // north
/// assert_eq!(patterns.around(e5)[7], game.board.find("F4").unwrap()); // south-east
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Patterns {
    table: Vec<u64>,
    around: Vec<[NodeId; 8]>,
}

/// Why a board cannot take 3×3 shapes.
///
/// ```
/// use qipan::core::playout::{Patterns, Shape};
///
/// // Hex's cells have six neighbours: no north or south.
/// let game = qipan::load("hex", &[])?;
/// let rel = game.board.relation("hex").unwrap();
/// let e = Patterns::new(&game.board, rel, &[Shape::parse(&["XOX", "...", "???"])?]).unwrap_err();
/// assert_eq!(e.has, "e, ne, nw, w, sw, se");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("3×3 patterns need the directions n, e, s and w in relation `{relation}`; it has {has}")]
pub struct PatternsError {
    /// The relation's name.
    pub relation: String,
    /// The directions it has, listed.
    pub has: String,
}

impl Patterns {
    /// The shapes compiled for `board`, whose relation `rel` steps north, east, south and west
    /// (`n`, `e`, `s`, `w`): diagonal neighbours are two steps.
    pub fn new(board: &Board, rel: RelationId, shapes: &[Shape]) -> Result<Patterns, PatternsError> {
        let dirs = board.relation_directions(rel);
        let find = |name: &str| board.direction(name).filter(|d| dirs.contains(d));
        let (Some(n), Some(e), Some(s), Some(w)) = (find("n"), find("e"), find("s"), find("w")) else {
            let names: Vec<&str> = dirs.iter().map(|&d| board.directions()[d.0 as usize].name.as_str()).collect();
            return Err(PatternsError {
                relation: board.relation_names()[rel.0 as usize].clone(),
                has: if names.is_empty() { "none".into() } else { names.join(", ") },
            });
        };
        let step = |node: NodeId, d: DirectionId| if node.is_some() { board.next(rel, d, node) } else { NodeId::NONE };
        let around = board
            .node_ids()
            .map(|node| {
                let mut out = [NodeId::NONE; 8];
                let mut k = 0;
                for (row, vertical) in [Some(n), None, Some(s)].into_iter().enumerate() {
                    for (column, across) in [Some(w), None, Some(e)].into_iter().enumerate() {
                        if row == 1 && column == 1 {
                            continue;
                        }
                        let go = |first: Option<DirectionId>, second: Option<DirectionId>| {
                            let mid = first.map_or(node, |d| step(node, d));
                            second.map_or(mid, |d| step(mid, d))
                        };
                        // Up or down then across; across then up or down where the first way is cut.
                        let there = go(vertical, across);
                        out[k] = if there.is_some() { there } else { go(across, vertical) };
                        k += 1;
                    }
                }
                out
            })
            .collect();
        let mut table = vec![0u64; CODES / 64];
        for &shape in shapes {
            let mut s = shape;
            for _ in 0..4 {
                for t in [s, s.mirrored()] {
                    t.mark(&mut table);
                    t.swapped().mark(&mut table);
                }
                s = s.turned();
            }
        }
        Ok(Patterns { table, around })
    }

    /// The nodes of the board they were compiled for.
    ///
    /// ```
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// assert_eq!(game.patterns.as_ref().unwrap().nodes(), 81);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn nodes(&self) -> usize {
        self.around.len()
    }

    /// The eight neighbours of `node`, row by row from the north-west ([`NodeId::NONE`] off the board).
    ///
    /// ```
    /// use qipan::core::board::NodeId;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let a1 = game.board.find("A1").unwrap();
    /// let around = game.patterns.as_ref().unwrap().around(a1);
    /// // North-west, north, north-east, west, east, south-west, south, south-east.
    /// let b2 = game.board.find("B2").unwrap();
    /// assert_eq!((around[2], around[5], around[6]), (b2, NodeId::NONE, NodeId::NONE));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn around(&self, node: NodeId) -> &[NodeId; 8] {
        &self.around[node.idx()]
    }

    /// Whether some shape matches around the empty node `node`, `X` being the player to move's side.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    /// use qipan::core::playout::{Patterns, Shape};
    ///
    /// // Black D6 and F6, White E6 between them: E5 is an enclosing hane (whichever side moves).
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// for text in ["D6", "E6", "F6"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// let rel = game.board.relation("orthogonal").unwrap();
    /// let patterns = Patterns::new(&game.board, rel, &[Shape::parse(&["XOX", "...", "???"])?])?;
    /// let at = |label| game.board.find(label).unwrap();
    /// assert!(patterns.matches(&pos, at("E5")));
    /// assert!(!patterns.matches(&pos, at("E4")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn matches(&self, pos: &Position, node: NodeId) -> bool {
        let (cells, me) = (pos.cells(), pos.to_move());
        let mut code = 0usize;
        for (i, &n) in self.around[node.idx()].iter().enumerate() {
            let content = if !n.is_some() {
                OFF
            } else {
                match cells[n.idx()] {
                    None => EMPTY,
                    Some(p) if pos.same_side(me, p.seat) => MINE,
                    Some(_) => THEIRS,
                }
            };
            code |= (content as usize) << (2 * i);
        }
        self.table[code / 64] >> (code % 64) & 1 == 1
    }
}

impl PlayoutBuf {
    /// Whether playouts through this buffer play the game's 3×3 patterns (its definition's
    /// `playout: patterns:`) in games of lone placements: before a random move, the player to move
    /// draws among the empty neighbours of the last move (the eight around it) where some shape
    /// matches, it may place, and the stone would not be left in atari without taking anything. Games
    /// without patterns play as they would. Off by default; the MCTS player turns it on (`patterns=on`).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    /// use qipan::core::playout::{PlayoutBuf, Policy, playout};
    /// use rand::SeedableRng;
    ///
    /// // White E6 between Black's D6 and F6: Black's next move is beside E6, where a shape of
    /// // go.yaml matches (the hanes at E5 and E7, ...), whatever the seed.
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let patterns = game.patterns.as_ref().unwrap();
    /// let mut start = game.start();
    /// for text in ["D6", "A1", "F6", "E6"] {
    ///     start.play(&parse_move(&start, text)?)?;
    /// }
    /// let e6 = game.board.find("E6").unwrap();
    /// let mut buf = PlayoutBuf::default();
    /// buf.patterns(true);
    /// buf.record(true);
    /// for seed in 0..10 {
    ///     let mut pos = start.clone();
    ///     playout(&mut pos, &mut rand::rngs::SmallRng::seed_from_u64(seed), &mut buf, 1, Policy::Light)?;
    ///     let to = buf.played()[0].1.to;
    ///     assert!(patterns.around(e6).contains(&to) && patterns.matches(&start, to));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn patterns(&mut self, on: bool) {
        self.patterning = on;
    }

    /// A move where a shape matches beside the last move, when patterns are on.
    pub(super) fn pattern_move<R: Rng>(
        &mut self,
        pos: &Position,
        rng: &mut R,
        to: Option<&Cond>,
        required: bool,
    ) -> Option<Move> {
        if !self.patterning {
            return None;
        }
        let patterns = pos.game().patterns.as_ref()?;
        let last = last_placed(pos)?;
        let (cells, me) = (pos.cells(), pos.to_move());
        self.answers.clear();
        for &n in patterns.around(last) {
            if n.is_some()
                && cells[n.idx()].is_none()
                && patterns.matches(pos, n)
                && placeable(pos, me, n, to, required)
                && !self_atari(pos, n)
            {
                self.answers.push(n);
            }
        }
        draw_placement(rng, &self.answers)
    }
}
