//! Positions of grid games written as FEN (Forsyth–Edwards Notation), generic over the game.
//!
//! The six fields are read as follows:
//!
//! 1. Ranks from the top row down, separated by `/`; a number counts empty nodes; otherwise the
//!    longest symbol of a piece of a seat that starts there is that piece (`symbols: [K, k]`; a symbol
//!    may have several characters: `+P` for shogi's promoted pawn, `Q~` for crazyhouse's promoted
//!    queen, `QG` for a seat-lettered piece; a single symbol shared by both seats of a two-seat game is
//!    upper case for the first seat and lower case for the second). Then, in a game with hands, the
//!    pieces in hand in brackets, as Fairy-Stockfish writes them (`[Pp]`, `[]` when empty; a count may
//!    come before a symbol: `[2Pb]`). A FEN without brackets has empty hands: the reserve a definition
//!    starts with is not carried over.
//! 2. The seat to move: in a two-seat game `w` for the first seat and `b` for the second (so in Go, whose Black
//!    moves first, `w` is Black: FEN is written so), else a seat's letter (any case) or name.
//! 3. Castling rights (`KQkq`, `-`): upper case for the first seat, lower case for the second; `K`
//!    grants the partner of a castling rule standing furthest toward the last file, `Q` the one
//!    toward the first file, a file letter the partner on that file. Pieces that castle or are castled
//!    with and are not granted a right count as having moved. Ignored by games without castling.
//! 4. The en passant node (`e3`, `-`): passed by the last move; the passer is the next node along the
//!    forward direction of the seat that moved. In a game with [counting rules](crate::rules::counting),
//!    while a count runs, its limit in plies instead (`32`), as Fairy-Stockfish writes makruk.
//! 5. Plies since the last capture or reset move (the fifty-move count); while a count runs, the plies
//!    it has counted.
//! 6. The move number (starting at 1, counting both seats' moves).
//!
//! Fields after the first are optional.
//!
//! Nodes that hold more than one piece: on a board with stacks, a column of two or more is written in
//! parentheses, bottom to top (`(RGG)`, green on top), and a game whose columns lose pieces to the
//! reserve writes the hands. A board of seeds that is not a grid (a mancala board) writes, instead of
//! ranks, the seeds of every node in the board's order, separated by commas (`4,4,...,0,0`).
//!
//! ```
//! use qipan::core::{Position, notation::parse_move};
//!
//! let focus = qipan::load("focus", &[])?;
//! let mut pos = focus.start();
//! pos.play(&parse_move(&pos, "d6-d7")?)?;
//! let fen = pos.to_fen().unwrap();
//! assert!(fen.starts_with("8/1RR(GR)GRR1/1GG1RGG1/"), "{fen}");
//! assert_eq!(Position::from_fen(&focus, &fen)?.hash(), pos.hash());
//! let kalah = qipan::load("kalah", &[])?;
//! // The pits a1..f1, a2..f2, then the two stores.
//! assert_eq!(kalah.start().to_fen().unwrap(), "4,4,4,4,4,4,4,4,4,4,4,4,0,0 w - - 0 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::{NodeId, RelationId};
use crate::game::Game;
use crate::position::{Piece, Position, Setup, SetupError};
use crate::rules::{Cond, Pattern};
use crate::{PieceId, SeatId};
use std::sync::Arc;

mod stacks;
mod symbols;
use symbols::{Symbols, has_hands, read_hands, symbol, write_hands};

/// Why a FEN text could not be read.
///
/// ```
/// use qipan::core::{fen::FenError, Position};
///
/// let chess = qipan::load("chess", &[])?;
/// let err = Position::from_fen(&chess, "4k3/8/8/8 w - - 0 1").unwrap_err();
/// assert_eq!(err, FenError::Rank { rank: 4, message: "4 ranks given, the board has 8".into() });
/// let err = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/4K2Z w - - 0 1").unwrap_err();
/// assert_eq!(err, FenError::UnknownPiece('Z'));
/// assert_eq!(err.to_string(), "`Z` is not the symbol of a piece of this game");
/// let he_qi = qipan::load("he-qi", &[])?; // a round board
/// assert_eq!(Position::from_fen(&he_qi, "8/8").unwrap_err(), FenError::NotAGrid);
/// // Black, not to move, is in check from the rook on e1.
/// let err = Position::from_fen(&chess, "4k3/8/8/8/8/8/8/K3R3 w - - 0 1").unwrap_err();
/// assert!(matches!(err, FenError::Setup(qipan::core::SetupError::InCheck { .. })), "{err}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// FEN describes rectangular grids only.
    #[error("FEN needs a board generated as a grid")]
    NotAGrid,
    /// The number of ranks or of nodes in a rank does not match the board.
    #[error("FEN rank {rank}: {message}")]
    Rank {
        /// Rank number as written (1 = the first rank in the text, the top row).
        rank: usize,
        /// What is wrong.
        message: String,
    },
    /// A letter that names no piece of the game.
    #[error("`{0}` is not the symbol of a piece of this game")]
    UnknownPiece(char),
    /// The side-to-move field names no seat.
    #[error("`{0}` names no seat to move")]
    UnknownSeat(String),
    /// The castling field cannot be read.
    #[error("cannot read castling rights `{0}`")]
    Castling(String),
    /// The en passant field is not a node.
    #[error("`{0}` is not an en passant node of this board")]
    EnPassant(String),
    /// A move counter is not a number.
    #[error("`{0}` is not a move count")]
    Counter(String),
    /// The position read is not one of the game (see [`SetupError`]).
    #[error("not a position of the game: {0}")]
    Setup(#[from] SetupError),
    /// The hands between brackets cannot be read (an unclosed bracket, a count without a piece).
    #[error("cannot read the hands `{0}`")]
    Hand(String),
    /// A column between parentheses cannot be read (unclosed, or empty).
    #[error("cannot read the column `{0}`: pieces bottom to top between parentheses, `(RGG)`")]
    Column(String),
}

/// The grid cells of the board as (column, row) → node ([`NodeId::NONE`] for holes), with the size.
fn grid(game: &Game) -> Result<(u32, u32, Vec<NodeId>), FenError> {
    let (w, h, _) = game.board.grid_size().ok_or(FenError::NotAGrid)?;
    let mut cells = vec![NodeId::NONE; (w * h) as usize];
    for n in game.board.node_ids() {
        let c = game.board.node(n).coord;
        if c[0] < 0 || c[1] < 0 || c[0] as u32 >= w || c[1] as u32 >= h || c[2] != 0 {
            return Err(FenError::NotAGrid);
        }
        cells[(c[1] as u32 * w + c[0] as u32) as usize] = n;
    }
    Ok((w, h, cells))
}

/// Piece types mentioned by `piece(..)` in a condition (all types when it names none).
fn named_pieces(c: &Cond, out: &mut Vec<PieceId>) {
    match c {
        Cond::Piece(p) => out.push(*p),
        Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| named_pieces(c, out)),
        _ => {}
    }
}

/// The piece types that castle (movers) and that are castled with (partners).
fn castling_pieces(game: &Game) -> (Vec<PieceId>, Vec<PieceId>) {
    let (mut movers, mut partners) = (Vec::new(), Vec::new());
    for (i, p) in game.piece_ids().zip(&game.pieces) {
        for r in &p.moves {
            if let Pattern::Castle { partner, .. } = &r.pattern {
                movers.push(i);
                let before = partners.len();
                named_pieces(partner, &mut partners);
                if partners.len() == before {
                    partners.extend(game.piece_ids());
                }
            }
        }
    }
    (movers, partners)
}

/// Reading and writing positions as FEN.
///
/// ```
/// use qipan::core::Position;
///
/// let game = qipan::load("chess", &[])?;
/// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// let pos = Position::from_fen(&game, kiwipete)?;
/// assert_eq!(pos.legal_moves().len(), 48);
/// assert_eq!(pos.to_fen().as_deref(), Some(kiwipete));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// Reads a position of `game` from FEN (see the [module documentation](crate::fen)).
    ///
    /// ```
    /// use qipan::core::{Position, SeatId};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// // After 1. e4: Black to move, e3 passed over, castling rights intact.
    /// let pos = Position::from_fen(&game, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")?;
    /// assert_eq!((pos.to_move(), pos.ply()), (SeatId(1), 1));
    /// assert!(pos.is_passed(game.board.find("e3").unwrap()));
    /// assert_eq!(pos.passer(), game.board.find("e4").unwrap());
    /// assert!(pos.unmoved(game.board.find("h8").unwrap()));
    /// // Fields after the first are optional.
    /// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/4K3")?;
    /// assert_eq!((pos.to_move(), pos.cells().iter().flatten().count()), (SeatId(0), 2));
    /// // A game with hands: a pawn in each; promoted pieces have marks (`Q~`, a promoted queen).
    /// let zh = qipan::load("crazyhouse", &[])?;
    /// let fen = "4k3/1Q~6/8/8/4b3/8/Kpp5/8[Pp] b - - 0 1";
    /// let pos = Position::from_fen(&zh, fen)?;
    /// assert_eq!(pos.reserve(SeatId(1), zh.piece("pawn").unwrap()), 1);
    /// assert_eq!(pos.cell(zh.board.find("b7").unwrap()).map(|p| p.piece), zh.piece("promoted-queen"));
    /// assert_eq!(pos.to_fen().as_deref(), Some(fen));
    /// // Without brackets, every hand is empty.
    /// let pos = Position::from_fen(&zh, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")?;
    /// assert!(zh.piece_ids().all(|p| pos.reserve(SeatId(0), p) == 0));
    /// // In Go, Black moves first: `w` is still the first seat and `b` the second, as FEN is written.
    /// let go = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let pos = Position::from_fen(&go, "9/9/9/9/4X4/9/9/9/9 b - - 1 1")?;
    /// assert_eq!(go.seats[pos.to_move().idx()].name, "white");
    /// assert_eq!(pos.to_fen().as_deref(), Some("9/9/9/9/4X4/9/9/9/9 b - - 1 1"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_fen(game: &Arc<Game>, fen: &str) -> Result<Position, FenError> {
        let mut setup = Setup::empty(game);
        let mut fields = fen.split_whitespace();
        let symbols = Symbols::of(game);
        let mut placement = fields.next().unwrap_or("");
        // A board of seeds that is not a grid: the seeds of every node (`4,4,...,0`).
        let seeds_only = game.board.has_counts() && grid(game).is_err();
        let (w, h, nodes) = if seeds_only { (0, 0, Vec::new()) } else { grid(game)? };
        if seeds_only {
            stacks::read_counts(game, placement, &mut setup)?;
            placement = "";
        }
        // Hands in brackets after the board (`...[Pp]`); without them every hand is empty.
        if let Some(open) = placement.find('[') {
            let hands =
                placement[open + 1..].strip_suffix(']').ok_or_else(|| FenError::Hand(placement[open..].into()))?;
            read_hands(game, &symbols, hands, &mut setup)?;
            placement = &placement[..open];
        }
        let ranks: Vec<&str> = if seeds_only { Vec::new() } else { placement.split('/').collect() };
        if ranks.len() != h as usize {
            return Err(FenError::Rank {
                rank: ranks.len(),
                message: format!("{} ranks given, the board has {h}", ranks.len()),
            });
        }
        for (i, rank) in ranks.iter().enumerate() {
            let y = h - 1 - i as u32;
            let mut x = 0u32;
            let mut rest: &str = rank;
            while !rest.is_empty() {
                let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
                if digits > 0 {
                    let run = rest[..digits].parse::<u32>().unwrap_or(u32::MAX);
                    x = x.saturating_add(run);
                    rest = &rest[digits..];
                    continue;
                }
                // A column, bottom to top in parentheses, or one piece.
                let (column, len) = if rest.starts_with('(') {
                    stacks::read_column(&symbols, rest)?
                } else {
                    let (seat, piece, len) = symbols.read(rest)?;
                    (vec![Piece { seat, piece }], len)
                };
                let c = &rest[..len];
                rest = &rest[len..];
                if x >= w {
                    return Err(FenError::Rank { rank: i + 1, message: format!("more than {w} nodes") });
                }
                let node = nodes[(y * w + x) as usize];
                if !node.is_some() {
                    return Err(FenError::Rank {
                        rank: i + 1,
                        message: format!("`{c}` stands on a hole of the board"),
                    });
                }
                setup.column(node, &column);
                x += 1;
            }
            if x != w {
                return Err(FenError::Rank { rank: i + 1, message: format!("{x} nodes given, the board is {w} wide") });
            }
        }
        // Side to move.
        let side = fields.next().unwrap_or("w");
        // In a two-seat game `w` and `b` are the first and second seat, as written (chess's convention, which
        // Go's Black-first order would otherwise turn round through its seats' letters); else a seat's letter
        // or name.
        let conventional = match side {
            "w" if game.seats.len() == 2 => Some(SeatId(0)),
            "b" if game.seats.len() == 2 => Some(SeatId(1)),
            _ => None,
        };
        let to_move = conventional
            .or_else(|| {
                game.seats
                    .iter()
                    .position(|s| s.letter.eq_ignore_ascii_case(side) || s.name == side)
                    .map(|i| SeatId(i as u8))
            })
            .or(match side {
                "w" => Some(SeatId(0)),
                "b" if game.seats.len() > 1 => Some(SeatId(1)),
                _ => None,
            })
            .ok_or_else(|| FenError::UnknownSeat(side.to_string()))?;
        setup.to_move(to_move);
        // Castling rights: pieces that take part in castling have moved unless a right says otherwise.
        let castling = fields.next().unwrap_or("-");
        let (movers, partners) = castling_pieces(game);
        for n in game.board.node_ids() {
            if setup.piece_at(n).is_some_and(|c| movers.contains(&c.piece) || partners.contains(&c.piece)) {
                setup.moved(n, true);
            }
        }
        // A game without castling rules has no rights to grant: the field is then ignored.
        if castling != "-" && !movers.is_empty() {
            for c in castling.chars() {
                let seat = if c.is_ascii_uppercase() { SeatId(0) } else { SeatId(1) };
                let bad = || FenError::Castling(castling.to_string());
                let mover = game
                    .board
                    .node_ids()
                    .find(|&n| setup.piece_at(n).is_some_and(|p| p.seat == seat && movers.contains(&p.piece)))
                    .ok_or_else(bad)?;
                let [mx, my, _] = game.board.node(mover).coord;
                let mut candidates = game.board.node_ids().filter(|&n| {
                    n != mover
                        && game.board.node(n).coord[1] == my
                        && setup.piece_at(n).is_some_and(|p| p.seat == seat && partners.contains(&p.piece))
                });
                let x_of = |n: &NodeId| game.board.node(*n).coord[0];
                let partner = match c.to_ascii_lowercase() {
                    'k' => candidates.filter(|n| x_of(n) > mx).max_by_key(x_of),
                    'q' => candidates.filter(|n| x_of(n) < mx).min_by_key(x_of),
                    f @ 'a'..='z' => candidates.find(|n| x_of(n) == (f as u8 - b'a') as i32),
                    _ => None,
                }
                .ok_or_else(bad)?;
                setup.moved(mover, false).moved(partner, false);
            }
        }
        // En passant.
        let ep = fields.next().unwrap_or("-");
        // A running count's limit stands where the en passant node would (Fairy-Stockfish's makruk).
        let count_limit = ep.parse::<u32>().ok().filter(|_| !game.rules.end.counting.is_empty());
        if ep != "-" && count_limit.is_none() {
            let node = game.board.find(ep).ok_or_else(|| FenError::EnPassant(ep.to_string()))?;
            let seats = game.seats.len() as u8;
            let moved_last = SeatId((to_move.0 + seats - 1) % seats);
            let mut passer = NodeId::NONE;
            'find: for &d in game.seat_forward(moved_last) {
                for r in 0..game.board.relation_names().len() {
                    let n = game.board.next(RelationId(r as u8), d, node);
                    if n.is_some() {
                        passer = n;
                        break 'find;
                    }
                }
            }
            if !passer.is_some() || setup.piece_at(passer).is_none() {
                return Err(FenError::EnPassant(ep.to_string()));
            }
            setup.passed(&[node], passer);
        }
        let number = |t: Option<&str>, default: u32| -> Result<u32, FenError> {
            match t {
                None => Ok(default),
                Some(t) => t.parse().map_err(|_| FenError::Counter(t.to_string())),
            }
        };
        let quiet = number(fields.next(), 0)?;
        let full = number(fields.next(), 1)?.max(1);
        match count_limit {
            Some(limit) => setup.counting(quiet, limit),
            None => setup.quiet_plies(quiet),
        };
        setup.ply((full - 1).saturating_mul(game.seats.len() as u32).saturating_add(to_move.0 as u32));
        Ok(Position::from_setup(setup)?)
    }

    /// Writes the position as FEN (see the [module documentation](crate::fen)); `None` when the board
    /// is not a grid or a piece has no one-letter symbol.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// pos.play(&parse_move(&pos, "e2-e4")?)?;
    /// assert_eq!(pos.to_fen().unwrap(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    /// assert_eq!(qipan::load("he-qi", &[])?.start().to_fen(), None); // not a grid
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_fen(&self) -> Option<String> {
        let game = self.game();
        let seeds_only = game.board.has_counts() && grid(game).is_err();
        let (w, h, nodes) = if seeds_only { (0, 0, Vec::new()) } else { grid(game).ok()? };
        let mut out = if seeds_only { stacks::write_counts(self) } else { String::new() };
        for y in (0..h).rev() {
            let mut empty = 0;
            for x in 0..w {
                let n = nodes[(y * w + x) as usize];
                match n.is_some().then(|| self.cell(n)).flatten() {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        match self.height(n) {
                            1 => out.push_str(&symbol(game, p.seat, p.piece)?),
                            _ => out.push_str(&stacks::write_column(self, n)?),
                        }
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if y > 0 {
                out.push('/');
            }
        }
        if has_hands(game) {
            out = format!("{out}[{}]", write_hands(self)?);
        }
        let side = match self.to_move() {
            SeatId(0) if game.seats.len() == 2 => "w".to_string(),
            SeatId(1) if game.seats.len() == 2 => "b".to_string(),
            s => game.seats[s.idx()].letter.to_ascii_lowercase(),
        };
        let mut castling = String::new();
        let (movers, partners) = castling_pieces(game);
        for seat in game.seat_ids().take(2) {
            let Some(mover) = game.board.node_ids().find(|&n| {
                self.unmoved(n) && self.cell(n).is_some_and(|p| p.seat == seat && movers.contains(&p.piece))
            }) else {
                continue;
            };
            let [mx, my, _] = game.board.node(mover).coord;
            // The unmoved partner furthest toward each side: `K`/`Q` when no partner stands beyond it,
            // else its file letter (X-FEN), so that the text reads back as the same rights.
            let partner_x = |east: bool, unmoved: bool| {
                game.board
                    .node_ids()
                    .filter(|&n| {
                        let [x, y, _] = game.board.node(n).coord;
                        n != mover
                            && y == my
                            && (x > mx) == east
                            && (!unmoved || self.unmoved(n))
                            && self.cell(n).is_some_and(|p| p.seat == seat && partners.contains(&p.piece))
                    })
                    .map(|n| game.board.node(n).coord[0])
                    .max_by_key(|&x| if east { x } else { -x })
            };
            for (east, c) in [(true, 'k'), (false, 'q')] {
                let Some(x) = partner_x(east, true) else { continue };
                let c = if partner_x(east, false) == Some(x) || !(0..26).contains(&x) {
                    c
                } else {
                    (b'a' + x as u8) as char
                };
                castling.push(if seat == SeatId(0) { c.to_ascii_uppercase() } else { c });
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let ep = if self.passer().is_some() {
            game.board.node_ids().find(|&n| self.is_passed(n)).map(|n| game.board.label(n).to_string())
        } else {
            None
        };
        let seats = game.seats.len().max(1) as u32;
        // While a count runs, its limit and its plies take the en passant and the quiet-move fields.
        let (ep, quiet) = match self.counting() {
            (plies, limit) if limit > 0 => (limit.to_string(), plies),
            _ => (ep.unwrap_or_else(|| "-".into()), self.quiet_plies()),
        };
        Some(format!("{out} {side} {castling} {ep} {quiet} {}", self.ply() / seats + 1))
    }
}
