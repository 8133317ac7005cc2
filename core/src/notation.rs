//! Move text: `pass`, `D4` (placement), `stone@D4`, `a1+a2` (a placement covering two nodes), `a1-a3`
//! (move), `b2xb5` (shot), `a7-a8=Q` (promotion); UCI-style `e2e4` and `e7e8q` are read too, and standard
//! algebraic notation (`e4`, `Nf3`, `O-O`, [`san`](crate::san)) in games whose pieces move.

use crate::game::Game;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::rules::Pattern;
use crate::{ExtraId, PieceId};

/// Why move text could not be read.
///
/// ```
/// use qipan::core::notation::{parse_move, NotationError};
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// assert_eq!(parse_move(&pos, "i2-i4"), Err(NotationError::UnknownNode("i2".into())));
/// assert_eq!(parse_move(&pos, "dragon@e4"), Err(NotationError::UnknownPiece("dragon".into())));
/// assert_eq!(parse_move(&pos, "e2-e4 +revive"), Err(NotationError::UnknownExtra("revive".into())));
/// assert_eq!(parse_move(&pos, "e2~e4"), Err(NotationError::Malformed("e2~e4".into())));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// A label that is not on the board.
    #[error("`{0}` is not a node of this board")]
    UnknownNode(String),
    /// A piece name that the game does not have.
    #[error("`{0}` is not a piece of this game")]
    UnknownPiece(String),
    /// An extra action the game does not have.
    #[error("`+{0}` is not an extra action of this game")]
    UnknownExtra(String),
    /// Text longer than [`MAX_MOVE_TEXT`] characters, refused before it is read.
    #[error("a move's text is {chars} characters, more than the limit {limit}")]
    TooLong {
        /// The text's length in characters.
        chars: usize,
        /// [`MAX_MOVE_TEXT`].
        limit: usize,
    },
    /// Standard algebraic notation that names no legal move (`Nd2` when no knight can go to d2).
    #[error("no legal move is written `{0}`")]
    NoSuchMove(String),
    /// Text of no known shape.
    #[error(
        "cannot read move `{0}`: expected `pass`, a node, `piece@node`, `node+node`, `from-to` or `fromxtarget`, then optionally a shot `shooterxtarget` and `+extra`"
    )]
    Malformed(String),
    /// Text that fits several legal moves (a chain's short form `d6xd2` when two chains join those nodes):
    /// name the landings in between (`d6xf4xd2`); a step that may approach or withdraw: say which
    /// (`d3-e3 approach`); a move that closes a line under a `remove` rule written without the piece it
    /// removes (`g1` for `g1xb6`): name it after an `x`.
    #[error(
        "`{0}` fits several moves: name every node the move lands on, how it captures (`approach`, `withdraw`), and the piece it removes after an `x`"
    )]
    Ambiguous(String),
}

/// The most characters a move's text may have; the longest real ones (a piece's name, a drop, a shot and an
/// extra action) are far shorter.
///
/// ```
/// use qipan::core::notation::{parse_move, NotationError, MAX_MOVE_TEXT};
///
/// let pos = qipan::load("go", &[])?.start();
/// let long = "E".repeat(MAX_MOVE_TEXT + 1);
/// let err = parse_move(&pos, &long).unwrap_err();
/// assert_eq!(err, NotationError::TooLong { chars: 1001, limit: 1000 });
/// assert_eq!(err.to_string(), "a move's text is 1001 characters, more than the limit 1000");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const MAX_MOVE_TEXT: usize = 1000;

/// The piece types that enter the board by placement or drop.
fn entering_pieces(game: &Game) -> impl Iterator<Item = PieceId> + '_ {
    game.piece_ids().filter(|p| game.pieces[p.idx()].moves.iter().any(|m| m.pattern.enters()))
}

/// The canonical text of a move: the main action, then a following shot (`c3xb3`) and an extra
/// action (`+revive`), separated by spaces.
///
/// ```
/// use qipan::core::PieceId;
/// use qipan::core::{notation::move_text, Move};
///
/// let go = qipan::load("go", &[("size".into(), "9".into())])?;
/// assert_eq!(move_text(&go, &Move::place(PieceId::new(0), go.board.find("E5").unwrap())), "E5");
/// assert_eq!(move_text(&go, &Move::PASS), "pass");
/// let chess = qipan::load("chess", &[])?;
/// let pawn = chess.piece("pawn").unwrap();
/// let [e2, e4] = ["e2", "e4"].map(|l| chess.board.find(l).unwrap());
/// assert_eq!(move_text(&chess, &Move::step(pawn, e2, e4)), "e2-e4");
/// // A game with several pieces to place names the piece.
/// let lc = qipan::load("leader-cannon", &[])?;
/// let leader = lc.piece("leader").unwrap();
/// assert_eq!(move_text(&lc, &Move::drop(leader, lc.board.find("b2").unwrap())), "leader@b2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn move_text(game: &Game, mv: &Move) -> String {
    let b = &game.board;
    let mut text = match crate::turn_text::parts_text(game, mv) {
        Some(parts) => match mv.promote {
            Some(p) => format!("{parts}={}", piece_letter(game, p)),
            None => parts,
        },
        None => main_text(game, mv),
    };
    if mv.stack.carry() != 0 && height_chosen(game, mv.piece) {
        // Part of a column, where the height is the mover's choice: `d4-f6/2`.
        text.push_str(&format!("/{}", mv.stack.carry()));
    }
    if removal(game, mv) {
        // The piece removed under a `remove` rule: `a1-a4xg7`, `d2xg7`.
        text.push('x');
        text.push_str(b.label(mv.take));
    }
    if let Some(rule) = mv.capture_rule.and_then(|r| game.rules.captures.get(r as usize)) {
        // Approach or withdrawal: the same step may capture either way.
        text.push(' ');
        text.push_str(rule.form.word());
    }
    if mv.kind == MoveKind::Move && mv.take.is_some() && mv.by.is_some() {
        text.push_str(&format!(" {}x{}", b.label(mv.by), b.label(mv.take)));
    }
    if let Some(e) = mv.extra.and_then(|x| game.extras.get(x.idx())) {
        text.push_str(&format!(" +{}", e.name));
    }
    text
}

/// Whether `piece` may carry the top of its column with the height left to the mover (`carry top`
/// without a leg of `*carried` steps, which the distance would tell).
fn height_chosen(game: &Game, piece: PieceId) -> bool {
    game.pieces.get(piece.idx()).is_some_and(|p| {
        p.moves.iter().any(|r| {
            r.carry == crate::rules::Carry::Top
                && !matches!(&r.pattern, Pattern::Leap { legs, .. } if legs.iter().any(|l| l.count == crate::rules::Leg::CARRIED))
        })
    })
}

/// Splits a height carried off a move's text (`d4-f6/2`).
fn split_carry(text: &str) -> (&str, Option<u8>) {
    match text.rsplit_once('/') {
        Some((main, k)) if !k.is_empty() && k.bytes().all(|c| c.is_ascii_digit()) => (main, k.parse().ok()),
        _ => (text, None),
    }
}

/// Whether the move's `take` is a removal under a `remove` capture rule (not a shot or en passant).
fn removal(game: &Game, mv: &Move) -> bool {
    mv.take.is_some()
        && !mv.by.is_some()
        && matches!(mv.kind, MoveKind::Move | MoveKind::Place | MoveKind::Drop)
        && game.rules.removes()
}

/// Under a `remove` rule, the text of a move with its removal (`a1-a4xg7`, `d2xg7`): the move's text and
/// the removed node, or `None` when the text does not end so.
fn split_removal<'t>(game: &Game, text: &'t str) -> Option<(&'t str, crate::board::NodeId)> {
    if !game.rules.removes() || text.split_whitespace().count() != 1 {
        return None;
    }
    let text = text.trim();
    let (i, _) = text.char_indices().rev().find(|&(_, c)| c == 'x' || c == 'X')?;
    let taken = game.board.find(&text[i + 1..])?;
    (i > 0).then_some((&text[..i], taken))
}

fn main_text(game: &Game, mv: &Move) -> String {
    let b = &game.board;
    match mv.kind {
        MoveKind::Pass => "pass".into(),
        MoveKind::Swap => "swap".into(),
        MoveKind::Place | MoveKind::Drop => {
            let at = match mv.with_to {
                second if second.is_some() => format!("{}+{}", b.label(mv.to), b.label(second)),
                _ => b.label(mv.to).to_string(),
            };
            if entering_pieces(game).count() <= 1 { at } else { format!("{}@{at}", game.pieces[mv.piece.idx()].name) }
        }
        MoveKind::Move if let Some(p) = mv.promote => {
            format!("{}-{}={}", b.label(mv.from), b.label(mv.to), piece_letter(game, p))
        }
        // Castling onto columns: the mover may stay or land where the partner stood, so its text names
        // the partner's node (`e1-h1`, king takes rook, as UCI's chess960 mode).
        MoveKind::Move if mv.with_from.is_some() && castles_to_columns(game, mv.piece) => {
            format!("{}-{}", b.label(mv.from), b.label(mv.with_from))
        }
        MoveKind::Move => format!("{}-{}", b.label(mv.from), b.label(mv.to)),
        MoveKind::Shoot => format!("{}x{}", b.label(mv.from), b.label(mv.take)),
        // A sowing is named by its pit: where the seeds go follows from the position.
        MoveKind::Sow => b.label(mv.from).to_string(),
    }
}

/// Whether `piece` castles onto given columns ([`CastleReach::Columns`](crate::rules::CastleReach)).
pub(crate) fn castles_to_columns(game: &Game, piece: PieceId) -> bool {
    game.pieces.get(piece.idx()).is_some_and(|p| {
        p.moves
            .iter()
            .any(|r| matches!(r.pattern, Pattern::Castle { reach: crate::rules::CastleReach::Columns { .. }, .. }))
    })
}

/// How a promotion names its piece: the first symbol when it is a plain letter, else the name.
fn piece_letter(game: &Game, piece: PieceId) -> String {
    let Some(p) = game.pieces.get(piece.idx()) else { return "?".into() };
    match p.symbols.first() {
        Some(s) if s.chars().count() == 1 && s.chars().all(|c| c.is_ascii_alphabetic()) => s.to_ascii_uppercase(),
        _ => p.name.clone(),
    }
}

/// The piece type a promotion suffix names: a symbol (any seat's, any case) or a name.
fn promoted_piece(game: &Game, text: &str) -> Option<PieceId> {
    game.pieces
        .iter()
        .position(|p| p.name == text || p.symbols.iter().any(|s| s.eq_ignore_ascii_case(text)))
        .and_then(PieceId::from_index)
}

/// Reads move text in the position's context (which piece stands where, which seat moves). The
/// move is not checked for legality: use [`Position::check`] for the rule it breaks.
///
/// Texts: `E5` (a placement on a node), `piece@a1` (a placement or a drop of that piece, named or by
/// its symbol: `X@c3`), `a1-a3` (a move),
/// `a1xb5` (a shot that stays), `e7-e8=Q` (a promotion), `pass`; then optionally a following shot
/// (`a1-a3 c3xc5`) and an extra action (`+revive`). [`move_text`] writes the same forms, so
/// `parse_move(pos, &move_text(game, &mv)) == Ok(mv)` for every legal move.
///
/// ```
/// use qipan::core::{notation::{move_text, parse_move}, Position};
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// let mv = parse_move(&pos, "g1-f3")?;
/// assert_eq!(game.board.label(mv.to), "f3");
/// assert_eq!(parse_move(&pos, "g1f3")?, mv); // UCI style
/// for m in pos.legal_moves() {
///     assert_eq!(parse_move(&pos, &move_text(&game, &m))?, m);
/// }
/// let pos = Position::from_fen(&game, "8/4P3/8/8/8/8/k7/4K3 w - - 0 1")?;
/// let promotion = parse_move(&pos, "e7-e8=Q")?;
/// assert_eq!(promotion.promote, game.piece("queen"));
/// assert_eq!(parse_move(&pos, "e7e8q")?, promotion);
/// // A piece named by its symbol: Order and Chaos' `X@c3` is the piece `x` on c3.
/// let oac = qipan::load("order-and-chaos", &[])?;
/// let x_c3 = parse_move(&oac.start(), "X@c3")?;
/// assert_eq!(x_c3, parse_move(&oac.start(), "x@c3")?);
/// assert_eq!(move_text(&oac, &x_c3), "x@c3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    // Reading is linear in the text's length (the board refuses a too-long label without hashing it);
    // the cap keeps messages that quote the text short.
    let chars = text.chars().count();
    if chars > MAX_MOVE_TEXT {
        return Err(NotationError::TooLong { chars, limit: MAX_MOVE_TEXT });
    }
    if !san_shaped(pos.game(), text) || pos.is_over() {
        return parse_long(pos, text);
    }
    // Standard algebraic notation (`e4`, `Nf3`, `O-O`) where pieces move: the legal move it names, else the long
    // form (a placement `c3`, UCI's `g1f3`), else the better of the two reasons.
    let san = crate::san::parse_san(pos, text);
    if san.is_ok() {
        return san;
    }
    parse_long(pos, text).map_err(|long| {
        // SAN's reason where the long form could make nothing of the text (`Nd2` is no node), else the long
        // form's (`dragon@e4`: no such piece; `c3xc3`: several chains).
        let unread = match &long {
            NotationError::UnknownNode(n) => n == text.trim(),
            NotationError::Malformed(_) => text.chars().all(|c| c.is_ascii_alphanumeric() || "=+#!?".contains(c)),
            _ => false,
        };
        match san {
            Err(e @ (NotationError::NoSuchMove(_) | NotationError::Ambiguous(_))) if unread => e,
            _ => long,
        }
    })
}

/// Whether a text may be SAN in this game: one word without the long form's `-` (castling's `O-O` aside), in a
/// game whose pieces move (not a game of placements only, as Go, nor a sowing game).
fn san_shaped(game: &Game, text: &str) -> bool {
    let t = text.trim();
    let castle = t.trim_end_matches(['+', '#']).replace('0', "O");
    (castle == "O-O" || castle == "O-O-O" || (!t.contains('-') && !t.contains(char::is_whitespace)))
        && !t.is_empty()
        && crate::san::applies(game)
}

/// The long form: everything [`parse_move`] reads but SAN.
fn parse_long(pos: &Position, text: &str) -> Result<Move, NotationError> {
    if let Some(mv) = crate::turn_text::parse_turn(pos, text)? {
        return Ok(mv);
    }
    if let Some((main, taken)) = split_removal(pos.game(), text)
        && let Ok(mv) = parse_main(pos, main)
        && matches!(mv.kind, MoveKind::Move | MoveKind::Place | MoveKind::Drop)
    {
        return Ok(Move { take: taken, ..mv });
    }
    let mut parts = text.split_whitespace();
    let (first, carry) = split_carry(parts.next().unwrap_or(""));
    let (main, promote) = match first.split_once('=') {
        Some((m, p)) => (m, Some(p)),
        None => (first, None),
    };
    let game = pos.game();
    // A promotion in place may name its node once (`c5=F` for `c5-c5=F`).
    let stays = promote.is_some()
        && game.board.find(main).is_some_and(|n| pos.cell(n).is_some_and(|p| p.seat == pos.to_move()));
    let mut mv = match game.board.find(main) {
        Some(n) if stays => Move::step(pos.cell(n).map_or(PieceId::new(0), |p| p.piece), n, n),
        _ => parse_main(pos, main)?,
    };
    if let Some(p) = promote {
        if mv.kind != MoveKind::Move {
            return Err(NotationError::Malformed(text.to_string()));
        }
        mv.promote = Some(promoted_piece(game, p).ok_or_else(|| NotationError::UnknownPiece(p.to_string()))?);
    }
    if let Some(k) = carry {
        if mv.kind != MoveKind::Move || k == 0 || k > 127 {
            return Err(NotationError::Malformed(text.to_string()));
        }
        mv.stack = mv.stack.with_carry(k);
    }
    if matches!(mv.kind, MoveKind::Drop | MoveKind::Place) && game.board.stack_height() > 0 {
        // On a board with stacks, a piece entered on a column goes on top of it.
        mv.stack = mv.stack.with_onto(pos.cell(mv.to).is_some());
    }
    let mut shot_given = false;
    let mut chosen: Option<&str> = None;
    for part in parts {
        if game.rules.captures.iter().any(|r| r.form.chosen() && r.form.word() == part) {
            chosen = Some(part);
        } else if let Some(name) = part.strip_prefix('+') {
            let x = game
                .extras
                .iter()
                .position(|e| e.name == name)
                .ok_or_else(|| NotationError::UnknownExtra(name.to_string()))?;
            mv.extra = ExtraId::from_index(x);
        } else if let Some((by, take)) = part.split_once(['x', 'X']) {
            let node = |s: &str| game.board.find(s).ok_or_else(|| NotationError::UnknownNode(s.to_string()));
            if mv.kind != MoveKind::Move {
                return Err(NotationError::Malformed(text.to_string()));
            }
            (mv.by, mv.take) = (node(by)?, node(take)?);
            shot_given = true;
        } else {
            return Err(NotationError::Malformed(text.to_string()));
        }
    }
    if game.rules.removes() && mv.kind != MoveKind::Shoot && !shot_given && !pos.is_over() {
        // A move written without its removal: the one legal move that fits, if only one does.
        let legal = pos.legal_moves();
        if !legal.contains(&mv) {
            let fits: Vec<&Move> = legal
                .iter()
                .filter(|m| {
                    (m.kind, m.from, m.to, m.piece, m.promote, m.extra)
                        == (mv.kind, mv.from, mv.to, mv.piece, mv.promote, mv.extra)
                })
                .collect();
            match fits.as_slice() {
                [one] => return Ok(**one),
                [] => {}
                _ => return Err(NotationError::Ambiguous(text.to_string())),
            }
        }
        return Ok(mv);
    }
    if mv.kind == MoveKind::Move && !shot_given && !pos.is_over() {
        // The text names the mover's start and end; a legal move that also takes en passant or
        // moves a partner (castling) is the one meant.
        let legal = pos.legal_moves();
        if !legal.contains(&mv) {
            let word =
                |m: &Move| m.capture_rule.and_then(|r| game.rules.captures.get(r as usize)).map(|r| r.form.word());
            // Castling onto columns is written with the partner's node (`e1-h1`), or the mover's
            // destination when no other move of the mover ends there (`e1-g1`).
            let to_partner = castles_to_columns(game, mv.piece);
            let same = |m: &&Move| {
                m.kind == mv.kind
                    && m.from == mv.from
                    && (m.to == mv.to || (to_partner && m.with_from == mv.to))
                    && m.promote == mv.promote
                    && m.extra == mv.extra
                    && !m.by.is_some()
                    && (chosen.is_none() || word(m) == chosen)
                    && (carry.is_none() || Some(m.stack.carry()) == carry)
            };
            let mut fits = legal.iter().filter(same);
            if let Some(m) = fits.next() {
                let differ = |o: &Move| {
                    o.capture_rule != m.capture_rule || (carry.is_none() && o.stack.carry() != m.stack.carry())
                };
                if chosen.is_none() && fits.any(differ) {
                    // Approach or withdrawal: the text must say which.
                    return Err(NotationError::Ambiguous(text.to_string()));
                }
                mv = *m;
            }
        }
    }
    Ok(mv)
}

/// The piece type a placement's text names before `@`: its name, or else one of its symbols (`X@c3`
/// for the piece `x` whose symbol is `X`).
fn entering_named(game: &Game, name: &str) -> Option<PieceId> {
    game.piece(name)
        .or_else(|| game.pieces.iter().position(|p| p.symbols.iter().any(|s| s == name)).and_then(PieceId::from_index))
}

/// Reads the main action of a move's text.
/// The first piece type that sows, in a game with sowing.
fn sowing_piece(game: &Game) -> Option<PieceId> {
    game.piece_ids().find(|&p| crate::rules::pattern::sowing_of(game, p).is_some())
}

fn parse_main(pos: &Position, t: &str) -> Result<Move, NotationError> {
    let game = pos.game();
    let b = &game.board;
    let node = |s: &str| b.find(s).ok_or_else(|| NotationError::UnknownNode(s.to_string()));
    if t.eq_ignore_ascii_case("pass") {
        return Ok(Move::PASS);
    }
    if t.eq_ignore_ascii_case("swap") {
        return Ok(Move::SWAP);
    }
    let entry_kind = |piece: PieceId| {
        let drop = game.pieces[piece.idx()].moves.iter().any(|m| matches!(m.pattern, Pattern::Drop));
        if drop { MoveKind::Drop } else { MoveKind::Place }
    };
    // A node, or two (`a1+a2`, a placement covering both, in either order).
    let entry = |piece: PieceId, at: &str| -> Result<Move, NotationError> {
        let mv = match (b.find(at), at.split_once('+')) {
            (Some(to), _) => Move::place(piece, to),
            (None, Some((x, y))) => Move::cover(piece, node(x.trim())?, node(y.trim())?),
            (None, None) => Move::place(piece, node(at)?),
        };
        Ok(Move { kind: entry_kind(piece), ..mv })
    };
    if let Some((name, at)) = t.split_once('@') {
        let piece = entering_named(game, name.trim()).ok_or_else(|| NotationError::UnknownPiece(name.to_string()))?;
        return entry(piece, at.trim());
    }
    if let Some(n) = b.find(t)
        && let Some(piece) = sowing_piece(game)
    {
        // A sowing game: a pit's name is the sowing from it (the seeds there, or the game's seed).
        let piece = pos.cell(n).map_or(piece, |p| p.piece);
        return Ok(Move { kind: MoveKind::Sow, from: n, to: n, piece, ..Move::PASS });
    }
    if b.find(t).is_some() || t.contains('+') {
        let piece = entering_pieces(game).next().ok_or_else(|| NotationError::Malformed(t.to_string()))?;
        return entry(piece, t);
    }
    for (i, c) in t.char_indices() {
        if c != '-' && c != 'x' && c != 'X' {
            continue;
        }
        let (a, z) = (&t[..i], &t[i + 1..]);
        let (Some(from), Some(to)) = (b.find(a), b.find(z)) else {
            continue;
        };
        let piece = pos.cell(from).map_or(PieceId::new(0), |p| p.piece);
        return Ok(if c == '-' { Move::step(piece, from, to) } else { Move::shoot(piece, from, to) });
    }
    // UCI style: two labels run together (`e2e4`), possibly followed by a promotion letter (`e7e8q`).
    if t.is_ascii() && t.chars().all(|c| c.is_ascii_alphanumeric()) {
        let game = pos.game();
        let (body, promote) = match t.char_indices().last() {
            Some((i, c)) if c.is_ascii_alphabetic() && t.len() > 2 => (&t[..i], promoted_piece(game, &t[i..])),
            _ => (t, None),
        };
        for (body, promote) in [(t, None), (body, promote)] {
            for i in 1..body.len() {
                if let (Some(from), Some(to)) = (b.find(&body[..i]), b.find(&body[i..])) {
                    let piece = pos.cell(from).map_or(PieceId::new(0), |p| p.piece);
                    return Ok(Move { promote, ..Move::step(piece, from, to) });
                }
            }
        }
    }
    // Name the unknown label for a better message: the start if it is not a label, else the end.
    if let Some((a, z)) = t.split_once(['-', 'x', 'X']) {
        node(a)?;
        node(z)?;
    }
    Err(if t.chars().all(|c| c.is_ascii_alphanumeric() || c == '.') {
        NotationError::UnknownNode(t.to_string())
    } else {
        NotationError::Malformed(t.to_string())
    })
}
