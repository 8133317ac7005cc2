//! A robust, panic-free reader for SGF (`FF[4]`, and the older `FF[1]`–`FF[3]`
//! dialects as far as they matter) Go game records.
//!
//! The reader takes the *first* game tree of a collection and follows its
//! *main line* (the first variation at every branch). Variations are still
//! checked for well-formed syntax, but their contents are not interpreted,
//! so a broken side variation never spoils the main line.
//!
//! Tolerated real-world quirks:
//!
//! * text before the first game tree (mail headers, byte-order marks, ...);
//! * property identifiers with lowercase letters: `FF[3]`-style long names such
//!   as `Comment` or `CoPyright` keep only their uppercase letters (`C`, `CP`),
//!   and all-lowercase ids such as `b` or `ab` are upper-cased;
//! * escaped `]` and `\` inside values, and soft line breaks (`\` + newline);
//! * passes written `B[]`, or `B[tt]` on boards of at most 19×19;
//! * compressed point lists (`AB[aa:cc]`, corners in any order);
//! * `SZ[19]`, `SZ[19:19]` and rectangular `SZ[cols:rows]`;
//! * invalid UTF-8 (see [`parse_sgf_bytes`]) and UTF-16 files with a BOM;
//! * setup and move properties mixed in one node (setup is applied first);
//! * unparsable `KM`/`HA`/`PL` values, which are treated as absent (a `KM` that reads as a number
//!   but is not a usable komi, such as `NaN` or `1e308`, is an error: see [`check_komi`]).
//!
//! Everything else that would make the main line meaningless (unterminated
//! values, unbalanced parentheses, stray characters between nodes, malformed
//! or off-board points on the main line, a bad `SZ`) is reported as an
//! [`SgfError`] carrying the byte offset and 1-based line where it applies.

use serde::Serialize;

/// A point as SGF writes it: column and row from the top-left corner, 0-based.
///
/// ```
/// use qipan::sgf::{SgfPoint, parse_sgf};
///
/// let game = parse_sgf("(;GM[1]SZ[9]AB[cg])")?;
/// assert_eq!(game.setup_black, [SgfPoint { col: 2, row: 6 }]);
/// assert_eq!(game.setup_black[0].gtp(9), "C3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct SgfPoint {
    /// Column, 0-based from the left edge.
    pub col: u8,
    /// Row, 0-based from the top edge.
    pub row: u8,
}

/// Naming a point in SGF's letters or GTP's.
///
/// ```
/// let corner = qipan::sgf::SgfPoint { col: 0, row: 0 };
/// assert_eq!((corner.sgf(), corner.gtp(19)), ("aa".to_string(), "A19".to_string()));
/// ```
impl SgfPoint {
    /// GTP label for a board with `rows` rows: columns A–T skipping I, row 1
    /// at the bottom (e.g. "D4"). See [`gtp_label`] for very wide boards.
    ///
    /// ```
    /// let p = qipan::sgf::SgfPoint { col: 8, row: 0 };
    /// assert_eq!(p.gtp(9), "J9"); // no column I
    /// assert_eq!(p.gtp(19), "J19");
    /// ```
    pub fn gtp(&self, rows: u8) -> String {
        gtp_label(self.col, self.row, rows)
    }

    /// The two-letter SGF coordinate of this point (`aa` is the top-left
    /// corner; columns/rows 26–51 use `A`–`Z`).
    ///
    /// ```
    /// use qipan::sgf::SgfPoint;
    /// assert_eq!(SgfPoint { col: 3, row: 15 }.sgf(), "dp");
    /// assert_eq!(SgfPoint { col: 27, row: 0 }.sgf(), "Ba");
    /// ```
    pub fn sgf(&self) -> String {
        let mut s = String::with_capacity(2);
        s.push(sgf_coord_char(self.col));
        s.push(sgf_coord_char(self.row));
        s
    }
}

/// GTP label of the point in column `col` (0-based from the left) and row
/// `row_from_top` (0-based from the top) on a board with `rows` rows.
///
/// Columns use the letters A–Z without I (so A–T on 19×19); columns beyond
/// the 25th, which GTP cannot name, continue as two letters (`AA`, `AB`, ...).
/// Row numbers count from 1 at the bottom. The function never panics: a row
/// outside the board yields a number ≤ 0.
///
/// ```
/// use qipan::sgf::gtp_label;
/// assert_eq!(gtp_label(3, 15, 19), "D4");
/// assert_eq!(gtp_label(8, 0, 9), "J9");
/// assert_eq!(gtp_label(25, 0, 30), "AA30"); // beyond Z
/// ```
pub fn gtp_label(col: u8, row_from_top: u8, rows: u8) -> String {
    const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let mut s = String::with_capacity(4);
    let c = usize::from(col);
    if c < LETTERS.len() {
        s.push(char::from(LETTERS[c]));
    } else {
        let c = c - LETTERS.len();
        s.push(char::from(LETTERS[(c / LETTERS.len()) % LETTERS.len()]));
        s.push(char::from(LETTERS[c % LETTERS.len()]));
    }
    let number = i32::from(rows) - i32::from(row_from_top);
    s.push_str(&number.to_string());
    s
}

fn sgf_coord_char(v: u8) -> char {
    match v {
        0..=25 => char::from(b'a' + v),
        26..=51 => char::from(b'A' + (v - 26)),
        _ => '?',
    }
}

/// The colour of a player or stone.
///
/// ```
/// use qipan::sgf::{SgfColour, parse_sgf};
///
/// let game = parse_sgf("(;GM[1]SZ[9]PL[W])")?;
/// assert_eq!(game.player_to_move, Some(SgfColour::White));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum SgfColour {
    /// Black (SGF `B`).
    Black,
    /// White (SGF `W`).
    White,
}

/// The colours' letters, and whose turn follows.
///
/// ```
/// use qipan::sgf::SgfColour;
/// assert_eq!(SgfColour::Black.opponent().letter(), "W");
/// ```
impl SgfColour {
    /// The other colour.
    ///
    /// ```
    /// use qipan::sgf::SgfColour;
    /// assert_eq!(SgfColour::Black.opponent(), SgfColour::White);
    /// assert_eq!(SgfColour::White.opponent(), SgfColour::Black);
    /// ```
    pub fn opponent(self) -> SgfColour {
        match self {
            SgfColour::Black => SgfColour::White,
            SgfColour::White => SgfColour::Black,
        }
    }

    /// The SGF letter of this colour: `"B"` or `"W"`.
    ///
    /// ```
    /// use qipan::sgf::SgfColour;
    /// assert_eq!((SgfColour::Black.letter(), SgfColour::White.letter()), ("B", "W"));
    /// ```
    pub fn letter(self) -> &'static str {
        match self {
            SgfColour::Black => "B",
            SgfColour::White => "W",
        }
    }
}

/// A move of the main line: a stone placed by `colour`, or a pass.
///
/// ```
/// use qipan::sgf::{SgfColour, SgfPoint, parse_sgf};
///
/// let game = parse_sgf("(;GM[1]SZ[9];B[ee];W[])")?;
/// let moves: Vec<_> = game.main_line_moves().collect();
/// assert_eq!(moves[0].colour, SgfColour::Black);
/// assert_eq!(moves[0].point, Some(SgfPoint { col: 4, row: 4 }));
/// assert_eq!(moves[1].point, None); // White passed
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct SgfMove {
    /// Who moves.
    pub colour: SgfColour,
    /// Where; `None` is a pass.
    pub point: Option<SgfPoint>,
}

/// A move as GTP writes it.
///
/// ```
/// let game = qipan::sgf::parse_sgf("(;GM[1]SZ[9];B[ee])")?;
/// assert_eq!(game.main_line_moves().next().unwrap().gtp(9), "E5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl SgfMove {
    /// GTP vertex of this move on a board with `rows` rows ("D4" or "pass").
    ///
    /// ```
    /// let game = qipan::sgf::parse_sgf("(;GM[1]SZ[13];B[dj];W[tt])")?;
    /// let gtp: Vec<String> = game.main_line_moves().map(|m| m.gtp(13)).collect();
    /// assert_eq!(gtp, ["D4", "pass"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gtp(&self, rows: u8) -> String {
        match self.point {
            Some(p) => p.gtp(rows),
            None => "pass".to_string(),
        }
    }
}

/// One step of the main line after the root's setup.
///
/// ```
/// use qipan::sgf::{SgfEvent, SgfPoint, parse_sgf};
///
/// let game = parse_sgf("(;GM[1]SZ[9];B[ee];AW[cc])")?;
/// assert!(matches!(game.moves[0], SgfEvent::Move(_)));
/// let SgfEvent::Setup { black, white, empty } = &game.moves[1] else { panic!("a setup event") };
/// assert!(black.is_empty() && empty.is_empty());
/// assert_eq!(white, &[SgfPoint { col: 2, row: 2 }]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum SgfEvent {
    /// A move (`B`/`W` property).
    Move(SgfMove),
    /// Setup properties (`AB`/`AW`/`AE`) of a non-root node, applied in
    /// this order: empty points first, then black, then white stones.
    Setup {
        /// Points where black stones are added (`AB`).
        black: Vec<SgfPoint>,
        /// Points where white stones are added (`AW`).
        white: Vec<SgfPoint>,
        /// Points that are cleared (`AE`).
        empty: Vec<SgfPoint>,
    },
}

/// A Go game record: the main line of the first game tree of an SGF file.
///
/// ```
/// let game = qipan::sgf::parse_sgf("(;GM[1]SZ[9]KM[7.5]RE[W+2.5];B[ee];W[cc])")?;
/// assert_eq!((game.size, game.komi, game.handicap), ((9, 9), Some(7.5), 0));
/// assert_eq!(game.result.as_deref(), Some("W+2.5"));
/// assert_eq!(game.moves.len(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SgfGame {
    /// Board size as (columns, rows), from `SZ`; 19×19 if absent.
    pub size: (u8, u8),
    /// Komi (`KM`), if present and numeric.
    pub komi: Option<f64>,
    /// Handicap (`HA`); 0 if absent or not a number.
    pub handicap: u32,
    /// Black stones set up in the root node (`AB`), in file order, without
    /// duplicates; points cleared by a root `AE` are removed.
    pub setup_black: Vec<SgfPoint>,
    /// White stones set up in the root node (`AW`), like `setup_black`.
    pub setup_white: Vec<SgfPoint>,
    /// The main line (first variation at each branch): moves, and setup
    /// events of non-root nodes, in order. Moves in the root node come first.
    pub moves: Vec<SgfEvent>,
    /// The result (`RE`), trimmed; `None` if absent or empty.
    pub result: Option<String>,
    /// The rules (`RU`), trimmed; `None` if absent or empty.
    pub rules: Option<String>,
    /// The player to move first (`PL` in the root), if given and readable.
    pub player_to_move: Option<SgfColour>,
    /// All root properties in file order: identifier (normalised to its
    /// uppercase letters) and its values with SGF escapes removed.
    pub properties: Vec<(String, Vec<String>)>,
}

/// Reading a record's root properties and its moves.
///
/// ```
/// let game = qipan::sgf::parse_sgf("(;GM[1]SZ[9]PB[Ke Jie];B[ee];AB[aa];W[cc])")?;
/// assert_eq!(game.property("PB"), Some("Ke Jie"));
/// assert_eq!(game.main_line_moves().count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl SgfGame {
    /// The first value of root property `id` (normalised uppercase id), if any.
    ///
    /// ```
    /// let game = qipan::sgf::parse_sgf("(;GM[1]SZ[9]PW[Lee Sedol]DT[2016-03-09]Comment[long id])")?;
    /// assert_eq!(game.property("PW"), Some("Lee Sedol"));
    /// assert_eq!(game.property("C"), Some("long id")); // FF[3] `Comment` keeps its capitals
    /// assert_eq!(game.property("PB"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn property(&self, id: &str) -> Option<&str> {
        self.properties.iter().find(|(k, _)| k == id).and_then(|(_, v)| v.first()).map(String::as_str)
    }

    /// The moves of the main line, without setup events.
    ///
    /// ```
    /// let game = qipan::sgf::parse_sgf("(;GM[1]SZ[9];B[ee];AW[aa];W[cc](;B[gg])(;B[hh]))")?;
    /// let gtp: Vec<String> = game.main_line_moves().map(|m| m.gtp(9)).collect();
    /// assert_eq!(gtp, ["E5", "C7", "G3"]); // the first variation
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn main_line_moves(&self) -> impl Iterator<Item = &SgfMove> + '_ {
        self.moves.iter().filter_map(|e| match e {
            SgfEvent::Move(m) => Some(m),
            SgfEvent::Setup { .. } => None,
        })
    }
}

/// Why an SGF record could not be read. Offsets are byte offsets into the
/// input (for UTF-16 input: into its UTF-8 transcoding); lines are 1-based.
///
/// ```
/// use qipan::sgf::{SgfError, parse_sgf};
///
/// assert_eq!(parse_sgf("no record here"), Err(SgfError::NoGameTree));
/// assert!(matches!(parse_sgf("(;GM[3])"), Err(SgfError::NotGo(gm)) if gm == "3"));
/// let off = parse_sgf("(;GM[1]SZ[9]\n;B[jj])").unwrap_err();
/// assert!(matches!(off, SgfError::PointOutsideBoard { line: 2, cols: 9, .. }));
/// assert!(off.to_string().starts_with("line 2: point B[jj]"));
/// ```
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SgfError {
    /// The input contains no game tree at all.
    #[error("no SGF game tree found (no '(' in the input)")]
    NoGameTree,
    /// A character that cannot appear where it was found.
    #[error("line {line}: unexpected {found:?} at byte {offset}; expected {expected}")]
    UnexpectedChar {
        /// The offending character (non-UTF-8 bytes shown as Latin-1).
        found: char,
        /// What the parser was looking for.
        expected: &'static str,
        /// Byte offset of the character.
        offset: usize,
        /// Line of the character.
        line: usize,
    },
    /// A property value whose closing `]` is missing (truncated file).
    #[error("line {line}: property value starting at byte {offset} is not closed by ']' (truncated file?)")]
    UnterminatedValue {
        /// Byte offset of the opening `[`.
        offset: usize,
        /// Line of the opening `[`.
        line: usize,
    },
    /// A property identifier not followed by any `[value]`.
    #[error("line {line}: property {property} at byte {offset} has no value")]
    MissingValue {
        /// The (normalised) property identifier.
        property: String,
        /// Byte offset of the identifier.
        offset: usize,
        /// Line of the identifier.
        line: usize,
    },
    /// The input ends before a game tree is closed by `)` (truncated file).
    #[error(
        "unexpected end of input: the game tree opened at byte {offset} (line {line}) is not closed by ')' (truncated file?)"
    )]
    UnclosedGameTree {
        /// Byte offset of the innermost unclosed `(`.
        offset: usize,
        /// Line of that `(`.
        line: usize,
    },
    /// The first game tree has no node.
    #[error("line {line}: the game tree at byte {offset} has no node")]
    EmptyGameTree {
        /// Byte offset of the `(`.
        offset: usize,
        /// Line of the `(`.
        line: usize,
    },
    /// The record is for another game than Go (`GM` other than 1).
    #[error("not a Go record: GM[{0}]")]
    NotGo(String),
    /// An `SZ` value that is not `N` or `C:R` with sizes 1..=52.
    #[error("line {line}: invalid board size SZ[{value}] at byte {offset}")]
    InvalidSize {
        /// The raw value.
        value: String,
        /// Byte offset of the value.
        offset: usize,
        /// Line of the value.
        line: usize,
    },
    /// A point (or compressed point list) that is not made of SGF letters.
    #[error("line {line}: invalid point {property}[{value}] at byte {offset}")]
    InvalidPoint {
        /// The property identifier.
        property: String,
        /// The raw value.
        value: String,
        /// Byte offset of the value.
        offset: usize,
        /// Line of the value.
        line: usize,
    },
    /// A `KM` that is a number but not a usable komi (not finite, or beyond [`MAX_KOMI`]).
    #[error("line {line}: KM[{value}] at byte {offset}: {reason}")]
    InvalidKomi {
        /// The raw value.
        value: String,
        /// Why it is refused.
        reason: KomiError,
        /// Byte offset of the value.
        offset: usize,
        /// Line of the value.
        line: usize,
    },
    /// A well-formed point that lies outside the board.
    #[error("line {line}: point {property}[{value}] at byte {offset} is outside the {cols}x{rows} board")]
    PointOutsideBoard {
        /// The property identifier.
        property: String,
        /// The raw value.
        value: String,
        /// Board columns.
        cols: u8,
        /// Board rows.
        rows: u8,
        /// Byte offset of the value.
        offset: usize,
        /// Line of the value.
        line: usize,
    },
}

/// Parses the first game tree of an SGF collection given as text.
///
/// ```
/// let game = qipan::sgf::parse_sgf("(;GM[1]SZ[9]KM[7.5];B[ee];W[cc])")?;
/// assert_eq!((game.size, game.komi), ((9, 9), Some(7.5)));
/// let moves: Vec<String> = game.main_line_moves().map(|m| m.gtp(game.size.1)).collect();
/// assert_eq!(moves, ["E5", "C7"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_sgf(text: &str) -> Result<SgfGame, SgfError> {
    parse_impl(text.as_bytes(), Decoding::Utf8)
}

/// Parses the first game tree of an SGF collection given as raw bytes.
///
/// The structure is read byte by byte, so any ASCII-compatible encoding
/// works. Text values are decoded as UTF-8; bytes that are not valid UTF-8
/// are read as Latin-1, and a root `CA` naming ISO-8859-1/Latin-1/cp1252
/// decodes everything as Latin-1. Input starting with a UTF-16 byte-order
/// mark is transcoded first. Other multi-byte encodings (GB2312, Shift_JIS,
/// ...) still yield the correct moves but mangled text values.
///
/// ```
/// // A Latin-1 comment (é is the byte 0xE9): still read.
/// let game = qipan::sgf::parse_sgf_bytes(b"(;GM[1]SZ[9]PB[Ren\xe9];B[ee])")?;
/// assert_eq!(game.property("PB"), Some("René"));
/// assert_eq!(game.moves.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_sgf_bytes(bytes: &[u8]) -> Result<SgfGame, SgfError> {
    if bytes.len() >= 2 && (bytes[..2] == [0xFF, 0xFE] || bytes[..2] == [0xFE, 0xFF]) {
        let little = bytes[0] == 0xFF;
        let units = bytes[2..]
            .chunks_exact(2)
            .map(|c| if little { u16::from_le_bytes([c[0], c[1]]) } else { u16::from_be_bytes([c[0], c[1]]) });
        let text: String = char::decode_utf16(units).map(|r| r.unwrap_or(char::REPLACEMENT_CHARACTER)).collect();
        return parse_sgf(&text);
    }
    parse_impl(bytes, Decoding::Auto)
}

// ---------------------------------------------------------------------------
// Syntax: the main line of the first game tree as raw nodes.
// ---------------------------------------------------------------------------

/// A property value: unescaped bytes and the offset of its `[`.
struct RawValue {
    bytes: Vec<u8>,
    offset: usize,
}

struct RawProp {
    id: String,
    values: Vec<RawValue>,
}

struct RawNode {
    props: Vec<RawProp>,
}

fn line_of(src: &[u8], offset: usize) -> usize {
    let end = offset.min(src.len());
    1 + src[..end].iter().filter(|&&b| b == b'\n').count()
}

fn char_at(src: &[u8], offset: usize) -> char {
    let Some(rest) = src.get(offset..) else {
        return char::REPLACEMENT_CHARACTER;
    };
    let head = &rest[..rest.len().min(4)];
    if let Some(chunk) = head.utf8_chunks().next()
        && let Some(c) = chunk.valid().chars().next()
    {
        return c;
    }
    head.first().map(|&b| char::from(b)).unwrap_or(char::REPLACEMENT_CHARACTER)
}

fn is_ws(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0x0B || b == 0
}

struct Parser<'a> {
    src: &'a [u8],
    pos: usize,
}

struct Frame {
    open_offset: usize,
    main: bool,
    had_child: bool,
    nodes: usize,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while let Some(b) = self.peek() {
            if is_ws(b) {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    fn unexpected(&self, expected: &'static str) -> SgfError {
        SgfError::UnexpectedChar {
            found: char_at(self.src, self.pos),
            expected,
            offset: self.pos,
            line: line_of(self.src, self.pos),
        }
    }

    /// Finds the start of the first game tree: the first `(` followed by
    /// optional whitespace and `;`, or failing that the first `(` at all.
    fn find_start(&self) -> Option<usize> {
        let mut first_paren = None;
        for (i, &b) in self.src.iter().enumerate() {
            if b != b'(' {
                continue;
            }
            first_paren.get_or_insert(i);
            let next = self.src[i + 1..].iter().copied().find(|&c| !is_ws(c));
            if next == Some(b';') {
                return Some(i);
            }
        }
        first_paren
    }

    /// Reads the first game tree and returns its main-line nodes.
    fn main_line(&mut self) -> Result<Vec<RawNode>, SgfError> {
        self.pos = self.find_start().ok_or(SgfError::NoGameTree)?;
        let mut stack: Vec<Frame> = Vec::new();
        let mut nodes = Vec::new();
        loop {
            self.skip_ws();
            let Some(b) = self.peek() else {
                let offset = stack.last().map_or(self.pos, |f| f.open_offset);
                return Err(SgfError::UnclosedGameTree { offset, line: line_of(self.src, offset) });
            };
            match b {
                b'(' => {
                    let main = match stack.last_mut() {
                        None => true,
                        Some(parent) => {
                            let first = parent.main && !parent.had_child;
                            parent.had_child = true;
                            first
                        }
                    };
                    stack.push(Frame { open_offset: self.pos, main, had_child: false, nodes: 0 });
                    self.pos += 1;
                }
                b')' => {
                    let frame = stack.pop().ok_or_else(|| self.unexpected("'(' or ';'"))?;
                    self.pos += 1;
                    if stack.is_empty() {
                        if frame.nodes == 0 {
                            return Err(SgfError::EmptyGameTree {
                                offset: frame.open_offset,
                                line: line_of(self.src, frame.open_offset),
                            });
                        }
                        return Ok(nodes);
                    }
                }
                b';' => {
                    self.pos += 1;
                    let node = self.node()?;
                    if let Some(frame) = stack.last_mut() {
                        frame.nodes += 1;
                        if frame.main && !frame.had_child {
                            nodes.push(node);
                        }
                    }
                }
                _ => return Err(self.unexpected("'(', ')' or ';'")),
            }
        }
    }

    /// Reads the properties of a node (after its `;`).
    fn node(&mut self) -> Result<RawNode, SgfError> {
        let mut props = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b) if b.is_ascii_alphabetic() => props.push(self.property()?),
                _ => return Ok(RawNode { props }),
            }
        }
    }

    fn property(&mut self) -> Result<RawProp, SgfError> {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
            self.pos += 1;
        }
        let id = normalise_id(&self.src[start..self.pos]);
        let mut values = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() != Some(b'[') {
                break;
            }
            values.push(self.value()?);
        }
        if values.is_empty() {
            if self.peek().is_none() {
                return Err(SgfError::UnclosedGameTree { offset: start, line: line_of(self.src, start) });
            }
            return Err(SgfError::MissingValue { property: id, offset: start, line: line_of(self.src, start) });
        }
        Ok(RawProp { id, values })
    }

    /// Reads one `[value]`, removing escapes and soft line breaks.
    fn value(&mut self) -> Result<RawValue, SgfError> {
        let offset = self.pos;
        self.pos += 1; // '['
        let mut bytes = Vec::new();
        loop {
            let Some(b) = self.peek() else {
                return Err(SgfError::UnterminatedValue { offset, line: line_of(self.src, offset) });
            };
            self.pos += 1;
            match b {
                b']' => return Ok(RawValue { bytes, offset }),
                b'\\' => {
                    let Some(next) = self.peek() else {
                        return Err(SgfError::UnterminatedValue { offset, line: line_of(self.src, offset) });
                    };
                    self.pos += 1;
                    if next == b'\n' || next == b'\r' {
                        // Soft line break: `\` + newline (\n, \r, \r\n, \n\r) is removed.
                        let other = if next == b'\n' { b'\r' } else { b'\n' };
                        if self.peek() == Some(other) {
                            self.pos += 1;
                        }
                    } else {
                        bytes.push(next);
                    }
                }
                _ => bytes.push(b),
            }
        }
    }
}

/// `FF[4]` ids are uppercase; older files may add lowercase letters, which
/// are ignored (`CoPyright` is `CP`). An id without uppercase letters is
/// upper-cased (`ab` is `AB`).
fn normalise_id(raw: &[u8]) -> String {
    let upper: String = raw.iter().filter(|b| b.is_ascii_uppercase()).map(|&b| char::from(b)).collect();
    if upper.is_empty() { raw.iter().map(|b| char::from(b.to_ascii_uppercase())).collect() } else { upper }
}

// ---------------------------------------------------------------------------
// Semantics: from raw nodes to a Go game.
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq)]
enum Decoding {
    /// The input was a `&str`: values are valid UTF-8.
    Utf8,
    /// UTF-8, with invalid bytes read as Latin-1.
    Auto,
    /// Latin-1 throughout.
    Latin1,
}

fn decode(bytes: &[u8], decoding: Decoding) -> String {
    match decoding {
        Decoding::Latin1 => bytes.iter().map(|&b| char::from(b)).collect(),
        Decoding::Utf8 | Decoding::Auto => {
            let mut s = String::with_capacity(bytes.len());
            for chunk in bytes.utf8_chunks() {
                s.push_str(chunk.valid());
                s.extend(chunk.invalid().iter().map(|&b| char::from(b)));
            }
            s
        }
    }
}

fn parse_impl(src: &[u8], decoding: Decoding) -> Result<SgfGame, SgfError> {
    let mut parser = Parser { src, pos: 0 };
    let nodes = parser.main_line()?;
    let builder = Builder { src, decoding };
    builder.build(&nodes)
}

struct Builder<'a> {
    src: &'a [u8],
    decoding: Decoding,
}

impl Builder<'_> {
    fn text(&self, v: &RawValue) -> String {
        decode(&v.bytes, self.decoding)
    }

    fn build(mut self, nodes: &[RawNode]) -> Result<SgfGame, SgfError> {
        let Some(root) = nodes.first() else {
            // The parser rejects trees without nodes; keep this path panic-free anyway.
            return Err(SgfError::EmptyGameTree { offset: 0, line: 1 });
        };
        let first = |id: &str| root.props.iter().find(|p| p.id == id).and_then(|p| p.values.first());

        if self.decoding == Decoding::Auto
            && let Some(ca) = first("CA")
        {
            let ca = String::from_utf8_lossy(&ca.bytes).to_ascii_lowercase();
            if ca.contains("8859-1") || ca.contains("latin") || ca.contains("1252") {
                self.decoding = Decoding::Latin1;
            }
        }

        if let Some(gm) = first("GM") {
            let gm = self.text(gm);
            let gm = gm.trim();
            if !gm.is_empty() && gm != "1" {
                return Err(SgfError::NotGo(gm.to_string()));
            }
        }

        let size = match first("SZ") {
            Some(v) => self.size(v)?,
            None => (19, 19),
        };

        let komi = match first("KM") {
            Some(v) => parse_komi(&self.text(v)).transpose().map_err(|reason| SgfError::InvalidKomi {
                value: self.text(v),
                reason,
                offset: v.offset,
                line: line_of(self.src, v.offset),
            })?,
            None => None,
        };
        let handicap = first("HA").and_then(|v| parse_handicap(&self.text(v))).unwrap_or(0);
        let non_empty = |v: Option<&RawValue>| v.map(|v| self.text(v).trim().to_string()).filter(|s| !s.is_empty());
        let result = non_empty(first("RE"));
        let rules = non_empty(first("RU"));
        let player_to_move = first("PL").and_then(|v| parse_colour(&self.text(v)));
        let properties =
            root.props.iter().map(|p| (p.id.clone(), p.values.iter().map(|v| self.text(v)).collect())).collect();

        let mut setup_black: Vec<SgfPoint> = Vec::new();
        let mut setup_white: Vec<SgfPoint> = Vec::new();
        let mut moves = Vec::new();

        for (index, node) in nodes.iter().enumerate() {
            let mut black = Vec::new();
            let mut white = Vec::new();
            let mut empty = Vec::new();
            let mut has_setup = false;
            let mut node_moves = Vec::new();
            for prop in &node.props {
                match prop.id.as_str() {
                    "AB" | "AW" | "AE" => {
                        has_setup = true;
                        let target = match prop.id.as_str() {
                            "AB" => &mut black,
                            "AW" => &mut white,
                            _ => &mut empty,
                        };
                        for v in &prop.values {
                            self.point_list(&prop.id, v, size, target)?;
                        }
                    }
                    "B" | "W" => {
                        let colour = if prop.id == "B" { SgfColour::Black } else { SgfColour::White };
                        // A move has exactly one value; extra values are ignored.
                        if let Some(v) = prop.values.first() {
                            let point = self.move_point(&prop.id, v, size)?;
                            node_moves.push(SgfEvent::Move(SgfMove { colour, point }));
                        }
                    }
                    _ => {}
                }
            }
            if index == 0 {
                for p in &black {
                    setup_white.retain(|q| q != p);
                    if !setup_black.contains(p) {
                        setup_black.push(*p);
                    }
                }
                for p in &white {
                    setup_black.retain(|q| q != p);
                    if !setup_white.contains(p) {
                        setup_white.push(*p);
                    }
                }
                setup_black.retain(|p| !empty.contains(p));
                setup_white.retain(|p| !empty.contains(p));
            } else if has_setup && !(black.is_empty() && white.is_empty() && empty.is_empty()) {
                moves.push(SgfEvent::Setup { black, white, empty });
            }
            moves.extend(node_moves);
        }

        Ok(SgfGame { size, komi, handicap, setup_black, setup_white, moves, result, rules, player_to_move, properties })
    }

    fn size(&self, v: &RawValue) -> Result<(u8, u8), SgfError> {
        let text = self.text(v);
        let bad = || SgfError::InvalidSize { value: text.clone(), offset: v.offset, line: line_of(self.src, v.offset) };
        let one = |s: &str| -> Option<u8> {
            let n: u8 = s.trim().parse().ok()?;
            (1..=52).contains(&n).then_some(n)
        };
        match text.split_once(':') {
            None => {
                let n = one(&text).ok_or_else(bad)?;
                Ok((n, n))
            }
            Some((c, r)) => Ok((one(c).ok_or_else(bad)?, one(r).ok_or_else(bad)?)),
        }
    }

    fn invalid_point(&self, property: &str, v: &RawValue) -> SgfError {
        SgfError::InvalidPoint {
            property: property.to_string(),
            value: self.text(v),
            offset: v.offset,
            line: line_of(self.src, v.offset),
        }
    }

    fn outside(&self, property: &str, v: &RawValue, size: (u8, u8)) -> SgfError {
        SgfError::PointOutsideBoard {
            property: property.to_string(),
            value: self.text(v),
            cols: size.0,
            rows: size.1,
            offset: v.offset,
            line: line_of(self.src, v.offset),
        }
    }

    /// A move value: empty (or `tt` on boards ≤ 19×19) is a pass.
    fn move_point(&self, property: &str, v: &RawValue, size: (u8, u8)) -> Result<Option<SgfPoint>, SgfError> {
        let raw = v.bytes.trim_ascii();
        if raw.is_empty() {
            return Ok(None);
        }
        if raw == b"tt" && size.0 <= 19 && size.1 <= 19 {
            return Ok(None);
        }
        let p = raw_point(raw).ok_or_else(|| self.invalid_point(property, v))?;
        if p.col >= size.0 || p.row >= size.1 {
            return Err(self.outside(property, v, size));
        }
        Ok(Some(p))
    }

    /// A point-list value: a point, or a compressed rectangle `xx:yy`.
    /// An empty value adds nothing.
    fn point_list(
        &self,
        property: &str,
        v: &RawValue,
        size: (u8, u8),
        out: &mut Vec<SgfPoint>,
    ) -> Result<(), SgfError> {
        let raw = v.bytes.trim_ascii();
        if raw.is_empty() {
            return Ok(());
        }
        let (a, b) = match raw.iter().position(|&c| c == b':') {
            None => {
                let p = raw_point(raw).ok_or_else(|| self.invalid_point(property, v))?;
                (p, p)
            }
            Some(i) => {
                let a = raw_point(raw[..i].trim_ascii()).ok_or_else(|| self.invalid_point(property, v))?;
                let b = raw_point(raw[i + 1..].trim_ascii()).ok_or_else(|| self.invalid_point(property, v))?;
                (a, b)
            }
        };
        let (c0, c1) = (a.col.min(b.col), a.col.max(b.col));
        let (r0, r1) = (a.row.min(b.row), a.row.max(b.row));
        if c1 >= size.0 || r1 >= size.1 {
            return Err(self.outside(property, v, size));
        }
        for row in r0..=r1 {
            for col in c0..=c1 {
                out.push(SgfPoint { col, row });
            }
        }
        Ok(())
    }
}

fn coord(b: u8) -> Option<u8> {
    match b {
        b'a'..=b'z' => Some(b - b'a'),
        b'A'..=b'Z' => Some(b - b'A' + 26),
        _ => None,
    }
}

fn raw_point(raw: &[u8]) -> Option<SgfPoint> {
    match raw {
        [c, r] => Some(SgfPoint { col: coord(*c)?, row: coord(*r)? }),
        _ => None,
    }
}

/// The largest komi accepted, either way: far more points than any board has, and small enough that
/// every score stays exact.
pub const MAX_KOMI: f64 = 10_000.0;

/// A komi that cannot be used: not a finite number, or beyond [`MAX_KOMI`].
///
/// ```
/// use qipan::sgf::{SgfError, parse_sgf};
///
/// let err = parse_sgf("(;GM[1]SZ[9]KM[nan];B[ee])").unwrap_err();
/// assert!(matches!(&err, SgfError::InvalidKomi { line: 1, .. }));
/// assert_eq!(err.to_string(), "line 1: KM[nan] at byte 14: komi must be a finite number from -10000 to 10000, not NaN");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("komi must be a finite number from -{MAX_KOMI} to {MAX_KOMI}, not {0}")]
pub struct KomiError(pub String);

/// Checks a komi (from SGF's `KM`, GTP's `komi`): finite and at most [`MAX_KOMI`] points either way.
///
/// ```
/// use qipan::sgf::check_komi;
///
/// assert_eq!(check_komi(7.5), Ok(7.5));
/// assert_eq!(check_komi(-3.0), Ok(-3.0));
/// for bad in [f64::NAN, f64::INFINITY, 1e308] {
///     assert!(check_komi(bad).is_err(), "{bad}");
/// }
/// ```
pub fn check_komi(k: f64) -> Result<f64, KomiError> {
    if k.is_finite() && k.abs() <= MAX_KOMI { Ok(k) } else { Err(KomiError(format!("{k:?}"))) }
}

/// A `KM` value: `None` when it is not a number (tolerated as absent), an error when it is a number
/// [`check_komi`] refuses.
fn parse_komi(text: &str) -> Option<Result<f64, KomiError>> {
    let t = text.trim().replace(',', ".");
    let k: f64 = t.parse().ok()?;
    Some(check_komi(k))
}

fn parse_handicap(text: &str) -> Option<u32> {
    let t = text.trim();
    if let Ok(n) = t.parse::<u32>() {
        return Some(n);
    }
    let f: f64 = t.parse().ok()?;
    (f.is_finite() && f >= 0.0 && f.fract() == 0.0 && f <= f64::from(u32::MAX)).then_some(f as u32)
}

fn parse_colour(text: &str) -> Option<SgfColour> {
    match text.trim().to_ascii_lowercase().as_str() {
        "b" | "black" | "1" => Some(SgfColour::Black),
        "w" | "white" | "2" => Some(SgfColour::White),
        _ => None,
    }
}

/// Escapes a property value: `]` and `\` get a backslash.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn write_points(out: &mut String, id: &str, points: &[SgfPoint]) {
    if points.is_empty() {
        return;
    }
    out.push_str(id);
    for p in points {
        out.push('[');
        out.push_str(&p.sgf());
        out.push(']');
    }
}

/// Building a record and writing it as SGF.
///
/// ```
/// use qipan::sgf::{SgfColour, SgfEvent, SgfGame, SgfMove, parse_sgf};
///
/// let mut sgf = SgfGame::new((9, 9), vec![]);
/// sgf.moves.push(SgfEvent::Move(SgfMove { colour: SgfColour::Black, point: None }));
/// let read = parse_sgf(&sgf.to_sgf())?;
/// assert_eq!((read.size, read.moves), ((9, 9), sgf.moves));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl SgfGame {
    /// A new record of a game on a `cols`×`rows` board with the given root properties (`RU`, `KM`, `RE`, ...).
    ///
    /// ```
    /// let props = vec![("KM".into(), vec!["6.5".into()]), ("RE".into(), vec!["B+R".into()])];
    /// let sgf = qipan::sgf::SgfGame::new((13, 13), props);
    /// assert_eq!((sgf.size, sgf.komi, sgf.result.as_deref()), ((13, 13), Some(6.5), Some("B+R")));
    /// assert!(sgf.moves.is_empty());
    /// ```
    pub fn new(size: (u8, u8), properties: Vec<(String, Vec<String>)>) -> SgfGame {
        let first = |id: &str| properties.iter().find(|(k, _)| k == id).and_then(|(_, v)| v.first()).cloned();
        SgfGame {
            size,
            komi: first("KM").and_then(|k| parse_komi(&k)?.ok()),
            handicap: first("HA").and_then(|h| h.parse().ok()).unwrap_or(0),
            setup_black: Vec::new(),
            setup_white: Vec::new(),
            moves: Vec::new(),
            result: first("RE"),
            rules: first("RU"),
            player_to_move: None,
            properties,
        }
    }

    /// Writes the record as SGF (`FF[4]`, UTF-8): the root properties, the root setup, then one node
    /// per move or setup event of the main line.
    ///
    /// ```
    /// use qipan::sgf::{SgfColour, SgfEvent, SgfGame, SgfMove, SgfPoint};
    ///
    /// let mut sgf = SgfGame::new((9, 9), vec![("KM".into(), vec!["7.5".into()])]);
    /// sgf.setup_black.push(SgfPoint { col: 2, row: 6 });
    /// let e5 = SgfPoint { col: 4, row: 4 };
    /// sgf.moves.push(SgfEvent::Move(SgfMove { colour: SgfColour::White, point: Some(e5) }));
    /// assert_eq!(sgf.to_sgf(), "(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[7.5]AB[cg]\n;W[ee])\n");
    /// ```
    pub fn to_sgf(&self) -> String {
        let mut out = String::from("(;");
        let mut root: Vec<(String, Vec<String>)> = self
            .properties
            .iter()
            .filter(|(k, _)| !matches!(k.as_str(), "AB" | "AW" | "AE" | "B" | "W" | "CA" | "FF" | "GM" | "SZ"))
            .cloned()
            .collect();
        let size = if self.size.0 == self.size.1 {
            self.size.0.to_string()
        } else {
            format!("{}:{}", self.size.0, self.size.1)
        };
        root.splice(
            0..0,
            [
                ("FF".to_string(), vec!["4".to_string()]),
                ("GM".to_string(), vec!["1".to_string()]),
                ("CA".to_string(), vec!["UTF-8".to_string()]),
                ("SZ".to_string(), vec![size]),
            ],
        );
        for (id, values) in &root {
            out.push_str(id);
            for v in values {
                out.push('[');
                out.push_str(&escape(v));
                out.push(']');
            }
        }
        write_points(&mut out, "AB", &self.setup_black);
        write_points(&mut out, "AW", &self.setup_white);
        for event in &self.moves {
            out.push_str("\n;");
            match event {
                SgfEvent::Move(m) => {
                    out.push_str(m.colour.letter());
                    out.push('[');
                    if let Some(p) = m.point {
                        out.push_str(&p.sgf());
                    }
                    out.push(']');
                }
                SgfEvent::Setup { black, white, empty } => {
                    write_points(&mut out, "AE", empty);
                    write_points(&mut out, "AB", black);
                    write_points(&mut out, "AW", white);
                }
            }
        }
        out.push_str(")\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(s: &str) -> SgfPoint {
        raw_point(s.as_bytes()).expect("test point")
    }

    fn mv(colour: SgfColour, s: Option<&str>) -> SgfEvent {
        SgfEvent::Move(SgfMove { colour, point: s.map(pt) })
    }

    use SgfColour::{Black as B, White as W};

    #[test]
    fn minimal_game_and_properties() {
        let g = parse_sgf("(;FF[4]GM[1]SZ[9]KM[6.5]HA[0]RE[B+R]RU[Chinese]PL[W];B[ee];W[cc])").unwrap();
        assert_eq!(g.size, (9, 9));
        assert_eq!(g.komi, Some(6.5));
        assert_eq!(g.handicap, 0);
        assert_eq!(g.result.as_deref(), Some("B+R"));
        assert_eq!(g.rules.as_deref(), Some("Chinese"));
        assert_eq!(g.player_to_move, Some(W));
        assert_eq!(g.moves, vec![mv(B, Some("ee")), mv(W, Some("cc"))]);
        assert_eq!(g.property("FF"), Some("4"));
        assert_eq!(g.properties.len(), 8);
    }

    #[test]
    fn defaults() {
        let g = parse_sgf("(;B[pd])").unwrap();
        assert_eq!(g.size, (19, 19));
        assert_eq!(g.komi, None);
        assert_eq!(g.handicap, 0);
        assert_eq!(g.result, None);
        assert_eq!(g.player_to_move, None);
        assert_eq!(g.moves, vec![mv(B, Some("pd"))]);
    }

    #[test]
    fn escapes_in_values() {
        let g = parse_sgf("(;C[a \\] b \\\\ c \\: d]GN[x\\\ny]PB[p\\\r\nq];B[aa]C[[nested\\]])").unwrap();
        assert_eq!(g.property("C"), Some("a ] b \\ c : d"));
        assert_eq!(g.property("GN"), Some("xy"));
        assert_eq!(g.property("PB"), Some("pq"));
        assert_eq!(g.moves, vec![mv(B, Some("aa"))]);
    }

    #[test]
    fn comment_with_escaped_bracket_like_fuego_files() {
        let g = parse_sgf("(;SZ[9]C[FuegoBot2 [-\\]: GTP Engine\n];B[ee])").unwrap();
        assert_eq!(g.property("C"), Some("FuegoBot2 [-]: GTP Engine\n"));
        assert_eq!(g.moves.len(), 1);
    }

    #[test]
    fn compressed_point_lists() {
        let g = parse_sgf("(;SZ[9]AB[aa:cb][ee]AW[ic:gc];AB[hh]AE[aa:bb];B[dd])").unwrap();
        let expect_b: Vec<_> = ["aa", "ba", "ca", "ab", "bb", "cb", "ee"].iter().map(|s| pt(s)).collect();
        assert_eq!(g.setup_black, expect_b);
        assert_eq!(g.setup_white, vec![pt("gc"), pt("hc"), pt("ic")]);
        assert_eq!(
            g.moves,
            vec![
                SgfEvent::Setup {
                    black: vec![pt("hh")],
                    white: vec![],
                    empty: vec![pt("aa"), pt("ba"), pt("ab"), pt("bb")],
                },
                mv(B, Some("dd")),
            ]
        );
        // A compressed list reaching off the board is an error.
        assert!(matches!(parse_sgf("(;SZ[9]AB[aa:jj])"), Err(SgfError::PointOutsideBoard { .. })));
    }

    #[test]
    fn root_ae_and_duplicates() {
        let g = parse_sgf("(;AB[aa][aa][bb]AW[cc]AE[bb])").unwrap();
        assert_eq!(g.setup_black, vec![pt("aa")]);
        assert_eq!(g.setup_white, vec![pt("cc")]);
    }

    #[test]
    fn passes() {
        let g = parse_sgf("(;SZ[19];B[];W[tt];B[ ];W[pd])").unwrap();
        assert_eq!(g.moves, vec![mv(B, None), mv(W, None), mv(B, None), mv(W, Some("pd"))]);
        let g = parse_sgf("(;SZ[9];B[tt])").unwrap();
        assert_eq!(g.moves, vec![mv(B, None)]);
        // On a board larger than 19x19, tt is a real point.
        let g = parse_sgf("(;SZ[21];B[tt])").unwrap();
        assert_eq!(g.moves, vec![mv(B, Some("tt"))]);
        // And on a board wider than 19 columns, even if it has few rows.
        assert!(matches!(parse_sgf("(;SZ[21:9];B[tt])"), Err(SgfError::PointOutsideBoard { .. })));
    }

    #[test]
    fn variations_take_the_main_line() {
        let text = "(;SZ[9];B[aa];W[bb](;B[cc](;W[dd])(;W[zz]))(;B[ee];W[ff]))\n(;SZ[9];B[ii])";
        let g = parse_sgf(text).unwrap();
        assert_eq!(g.moves, vec![mv(B, Some("aa")), mv(W, Some("bb")), mv(B, Some("cc")), mv(W, Some("dd"))]);
        // Invalid points in side variations do not matter; syntax errors do.
        assert!(parse_sgf("(;SZ[9];B[aa](;W[bb])(;W[bb)").is_err());
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let mut s = String::from("(;SZ[9]");
        for _ in 0..200_000 {
            s.push_str("(;B[aa]");
        }
        for _ in 0..200_000 {
            s.push(')');
        }
        s.push(')');
        let g = parse_sgf(&s).unwrap();
        assert_eq!(g.moves.len(), 200_000);
    }

    #[test]
    fn multiple_property_values() {
        let g = parse_sgf("(;SZ[9]AB[aa][bb] [cc]\n[dd]DT[2001][2002];B[ee])").unwrap();
        assert_eq!(g.setup_black.len(), 4);
        let dt = g.properties.iter().find(|(k, _)| k == "DT").unwrap();
        assert_eq!(dt.1, vec!["2001".to_string(), "2002".to_string()]);
    }

    #[test]
    fn lowercase_and_long_property_ids() {
        let g = parse_sgf("(;sz[9]CoPyright[me]Comment[hi]ab[aa];b[bb];w[cc];White[dd])").unwrap();
        assert_eq!(g.size, (9, 9));
        assert_eq!(g.property("CP"), Some("me"));
        assert_eq!(g.property("C"), Some("hi"));
        assert_eq!(g.setup_black, vec![pt("aa")]);
        assert_eq!(g.moves, vec![mv(B, Some("bb")), mv(W, Some("cc")), mv(W, Some("dd"))]);
    }

    #[test]
    fn board_sizes() {
        assert_eq!(parse_sgf("(;SZ[19:19])").unwrap().size, (19, 19));
        assert_eq!(parse_sgf("(;SZ[ 13 ])").unwrap().size, (13, 13));
        assert_eq!(parse_sgf("(;SZ[7:5];B[gd])").unwrap().size, (7, 5));
        assert!(matches!(parse_sgf("(;SZ[7:5];B[af])"), Err(SgfError::PointOutsideBoard { .. })));
        for bad in ["(;SZ[0])", "(;SZ[53])", "(;SZ[x])", "(;SZ[])", "(;SZ[9:])", "(;SZ[300])"] {
            assert!(matches!(parse_sgf(bad), Err(SgfError::InvalidSize { .. })), "{bad}");
        }
    }

    #[test]
    fn game_info_quirks() {
        let g = parse_sgf("(;KM[6,5]HA[2.0]PL[black]RE[ ]RU[ Japanese ])").unwrap();
        assert_eq!(g.komi, Some(6.5));
        assert_eq!(g.handicap, 2);
        assert_eq!(g.player_to_move, Some(B));
        assert_eq!(g.result, None);
        assert_eq!(g.rules.as_deref(), Some("Japanese"));
        let g = parse_sgf("(;KM[?]HA[lots]PL[x])").unwrap();
        assert_eq!((g.komi, g.handicap, g.player_to_move), (None, 0, None));
    }

    #[test]
    fn leading_junk_and_collections() {
        let g = parse_sgf("\u{feff}From: someone (hi)\n\n(;SZ[9];B[aa])(;SZ[13];B[bb])").unwrap();
        assert_eq!(g.size, (9, 9));
        assert_eq!(g.moves, vec![mv(B, Some("aa"))]);
    }

    #[test]
    fn move_and_setup_in_one_node() {
        let g = parse_sgf("(;SZ[9]B[aa];AW[bb]W[cc])").unwrap();
        assert_eq!(
            g.moves,
            vec![
                mv(B, Some("aa")),
                SgfEvent::Setup { black: vec![], white: vec![pt("bb")], empty: vec![] },
                mv(W, Some("cc")),
            ]
        );
    }

    #[test]
    fn other_games_are_rejected() {
        assert_eq!(parse_sgf("(;GM[2];B[aa])"), Err(SgfError::NotGo("2".into())));
        assert!(parse_sgf("(;GM[1];B[aa])").is_ok());
    }

    #[test]
    fn bad_input_is_an_error() {
        let cases = [
            "",
            "hello world",
            "(",
            "(;",
            "(;SZ[9]",
            "(;SZ[9];B[aa]",
            "(;SZ[9];B[a",
            "(;SZ[9];B[aa\\",
            "(;SZ[9];B[aa];W",
            "(;SZ[9];B[aa];W;B[bb])",
            "(;SZ[9] garbage ;B[aa])",
            "(;SZ[9];B[aa]))",
            "()",
            "(SZ[9];B[aa])",
            "(;SZ[9];B[a1])",
            "(;SZ[9];B[abc])",
            "(;SZ[9];B[jj])",
            "(;SZ[9];B[zz])",
            "(;SZ[9]AB[aa:b])",
        ];
        for case in cases {
            let r = parse_sgf(case);
            // "(;SZ[9];B[aa]))" has a complete first tree; the junk after it is ignored.
            if case == "(;SZ[9];B[aa]))" {
                assert!(r.is_ok(), "{case}");
                continue;
            }
            let e = r.expect_err(case);
            assert!(!e.to_string().is_empty());
        }
        assert!(matches!(parse_sgf("(;SZ[9];B[aa]"), Err(SgfError::UnclosedGameTree { .. })));
        assert!(matches!(parse_sgf("(;SZ[9];B[a"), Err(SgfError::UnterminatedValue { offset: 9, line: 1 })));
        assert!(matches!(parse_sgf("nothing"), Err(SgfError::NoGameTree)));
        assert!(matches!(
            parse_sgf("(;SZ[9]\n\n;B[aa] ?)"),
            Err(SgfError::UnexpectedChar { found: '?', line: 3, offset: 16, .. })
        ));
        assert!(matches!(parse_sgf("()"), Err(SgfError::EmptyGameTree { .. })));
    }

    #[test]
    fn random_garbage_never_panics() {
        // A small deterministic xorshift generator: no extra dependencies.
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let alphabet = b"();[]\\:ABWabtSZ19 \n\xff";
        let base = b"(;GM[1]SZ[9]KM[6.5]AB[aa:cc];B[ee](;W[tt];B[];W[dd])(;W[ff]C[x\\]y]))";
        for _ in 0..20_000 {
            let mut bytes = base.to_vec();
            let edits = (next() % 4) as usize + 1;
            for _ in 0..edits {
                let at = (next() % (bytes.len() as u64 + 1)) as usize;
                let c = alphabet[(next() % alphabet.len() as u64) as usize];
                match next() % 3 {
                    0 if at < bytes.len() => {
                        bytes.remove(at);
                    }
                    1 if at < bytes.len() => bytes[at] = c,
                    _ => bytes.insert(at, c),
                }
            }
            let cut = (next() % (bytes.len() as u64 + 1)) as usize;
            let _ = parse_sgf_bytes(&bytes);
            let _ = parse_sgf_bytes(&bytes[..cut]);
        }
    }

    #[test]
    fn encodings() {
        // Latin-1 byte that is not valid UTF-8.
        let g = parse_sgf_bytes(b"(;PC[Dubl\xe9n];B[aa])").unwrap();
        assert_eq!(g.property("PC"), Some("Dubl\u{e9}n"));
        // Valid UTF-8 stays UTF-8.
        let g = parse_sgf_bytes("(;CA[UTF-8]PB[陈耀烨];B[aa])".as_bytes()).unwrap();
        assert_eq!(g.property("PB"), Some("陈耀烨"));
        // Declared Latin-1 wins even where the bytes happen to be valid UTF-8.
        let g = parse_sgf_bytes(b"(;CA[ISO-8859-1]PB[\xc3\xa9])").unwrap();
        assert_eq!(g.property("PB"), Some("\u{c3}\u{a9}"));
        // Truncated UTF-8 sequence.
        let g = parse_sgf_bytes(b"(;PB[\xe4\xb8\x9c\xe7\x8f];B[aa])").unwrap();
        assert_eq!(g.moves.len(), 1);
        // UTF-16 little- and big-endian with BOM.
        let text = "(;SZ[9]PB[é];B[cc])";
        let mut le = vec![0xFF, 0xFE];
        let mut be = vec![0xFE, 0xFF];
        for u in text.encode_utf16() {
            le.extend(u.to_le_bytes());
            be.extend(u.to_be_bytes());
        }
        for bytes in [le, be] {
            let g = parse_sgf_bytes(&bytes).unwrap();
            assert_eq!(g.property("PB"), Some("é"));
            assert_eq!(g.moves, vec![mv(B, Some("cc"))]);
        }
    }

    #[test]
    fn gtp_labels() {
        assert_eq!(SgfPoint { col: 3, row: 15 }.gtp(19), "D4");
        assert_eq!(SgfPoint { col: 0, row: 0 }.gtp(19), "A19");
        assert_eq!(SgfPoint { col: 8, row: 18 }.gtp(19), "J1");
        assert_eq!(SgfPoint { col: 18, row: 0 }.gtp(19), "T19");
        assert_eq!(gtp_label(4, 4, 9), "E5");
        assert_eq!(gtp_label(24, 0, 25), "Z25");
        assert_eq!(gtp_label(25, 0, 26), "AA26");
        assert_eq!(gtp_label(255, 255, 255), gtp_label(255, 255, 255));
        assert_eq!(gtp_label(0, 10, 9), "A-1");
        assert_eq!(SgfMove { colour: B, point: None }.gtp(19), "pass");
        assert_eq!(pt("pd").sgf(), "pd");
        assert_eq!(SgfPoint { col: 26, row: 51 }.sgf(), "AZ");
    }

    /// Parses every record of the shared Go corpus, if present.
    #[test]
    fn shared_corpus_parses() {
        use std::path::{Path, PathBuf};
        let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/go/sgf"));
        if !root.is_dir() {
            eprintln!("skipping: SGF corpus not found at {}", root.display());
            return;
        }
        let mut files: Vec<PathBuf> = Vec::new();
        let mut dirs = vec![root.to_path_buf()];
        while let Some(dir) = dirs.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
                    files.push(path);
                }
            }
        }
        files.sort();
        assert!(!files.is_empty(), "no .sgf file under {}", root.display());

        let mut failures: Vec<String> = Vec::new();
        let mut panics: Vec<String> = Vec::new();
        let mut moves = 0usize;
        for path in &files {
            let Ok(bytes) = std::fs::read(path) else {
                failures.push(format!("{}: unreadable", path.display()));
                continue;
            };
            match std::panic::catch_unwind(|| parse_sgf_bytes(&bytes)) {
                Ok(Ok(game)) => moves += game.moves.len(),
                Ok(Err(e)) => failures.push(format!("{}: {e}", path.display())),
                Err(_) => panics.push(path.display().to_string()),
            }
        }
        let total = files.len();
        let ok = total - failures.len() - panics.len();
        println!(
            "SGF corpus: {ok}/{total} records parsed ({} failures, {} panics, {moves} main-line events)",
            failures.len(),
            panics.len()
        );
        for f in failures.iter().take(10) {
            println!("  failure: {f}");
        }
        assert!(panics.is_empty(), "parser panicked on: {panics:?}");
        assert!(ok * 100 >= total * 99, "only {ok}/{total} SGF records parsed");
    }
}
