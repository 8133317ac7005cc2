//! What a reader gives: colours, moves, setup events, and the game with its root properties.

use super::point::SgfPoint;
use serde::Serialize;

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
