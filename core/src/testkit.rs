//! Small games built in code for the unit tests beside the rule blocks: a square board, pieces with
//! the rules under test, a position with pieces placed, and moves as sorted text. No YAML and no
//! facade, so a block's tests say exactly which rules are in play.
//!
//! A test builds a board ([`board`]), the rules it looks at ([`rule`], [`piece`]), a game
//! ([`game`], or [`builder`] for reserves, zone aliases and other seats), a position ([`position`])
//! and compares [`legal`] or [`generated`] with moves worked out by hand.

use crate::board::generators::{GridSpec, LabelStyle, grid};
use crate::board::{Board, NodeId, RelationId};
use crate::game::{Game, GameBuilder, PieceType, Seat};
use crate::moves::Move;
use crate::notation::{move_text, parse_move};
use crate::position::{Piece, Position};
use crate::rules::pattern::{Scratch, generate};
use crate::rules::{Cond, DirSel, MoveRule, Pattern, Rules};
pub(crate) use crate::{PieceId, SeatId};
use std::sync::Arc;

/// The first seat: moves north (towards higher ranks).
pub(crate) const WHITE: SeatId = SeatId(0);
/// The second seat: moves south.
pub(crate) const BLACK: SeatId = SeatId(1);

/// A `w`×`h` grid labelled as a chessboard (`a1` at the lower left), with the `orthogonal` and
/// `diagonal` relations, cells coloured `dark` (a1) and `light`, and the zones given as (name,
/// labels).
pub(crate) fn board(w: u32, h: u32, zones: &[(&str, &[&str])]) -> Board {
    let spec = GridSpec {
        labels: LabelStyle::Chess,
        diagonal: true,
        checker: Some(["dark".into(), "light".into()]),
        kind: "cell".into(),
        ..GridSpec::new(w, h)
    };
    let mut b = grid(&spec).expect("a grid");
    for (zone, labels) in zones {
        for label in *labels {
            let n = b.find(label).unwrap_or_else(|| panic!("no node {label}"));
            b.node_mut(n).expect("a node").zones.push((*zone).into());
        }
    }
    b.build().expect("a board")
}

/// The relation called `name`.
pub(crate) fn rel(board: &Board, name: &str) -> RelationId {
    board.relation(name).unwrap_or_else(|| panic!("no relation {name}"))
}

/// The node labelled `label`.
pub(crate) fn node(board: &Board, label: &str) -> NodeId {
    board.find(label).unwrap_or_else(|| panic!("no node {label}"))
}

/// A rule of `pattern` to nodes satisfying `to`.
pub(crate) fn rule(pattern: Pattern, to: Cond) -> MoveRule {
    MoveRule::new(pattern, to, "test rule")
}

/// `slide relation.dirs min..max`.
pub(crate) fn slide(relation: RelationId, dirs: DirSel, min: u8, max: u8) -> Pattern {
    Pattern::Slide { relation, dirs, min, max }
}

/// `empty or enemy`, the usual destination of a piece that captures.
pub(crate) fn empty_or_enemy() -> Cond {
    Cond::Or(vec![Cond::Empty, Cond::Enemy])
}

/// A piece type that captures, written with its name's first letter (upper case for White).
pub(crate) fn piece(name: &str, moves: Vec<MoveRule>) -> PieceType {
    let letter = name[..1].to_string();
    PieceType {
        name: name.into(),
        symbols: vec![letter.to_uppercase(), letter],
        moves,
        immune: false,
        captures: true,
        owner: None,
    }
}

/// White moving north and Black moving south (on a board with those directions).
pub(crate) fn seats(board: &Board) -> [Seat; 2] {
    let mut white = Seat::new("white", "W", WHITE);
    white.forward = board.direction("n").into_iter().collect();
    let mut black = Seat::new("black", "B", BLACK);
    black.forward = board.direction("s").into_iter().collect();
    [white, black]
}

/// A game of `pieces` on `board` for White and Black, to which a test adds what it needs.
pub(crate) fn builder(board: Board, pieces: Vec<PieceType>) -> GameBuilder {
    let seats = seats(&board);
    GameBuilder::new("test", board).seats(seats).pieces(pieces)
}

/// The game a builder describes, ready to share between positions.
pub(crate) fn build(builder: GameBuilder) -> Arc<Game> {
    Arc::new(builder.build().expect("a valid game"))
}

/// A game of `pieces` on `board` for White and Black under `rules`.
pub(crate) fn game(board: Board, pieces: Vec<PieceType>, rules: Rules) -> Arc<Game> {
    build(builder(board, pieces).rules(rules))
}

/// The position of `game` with exactly `pieces` (label, seat, piece type) on the board and `to_move`
/// to move, as if it were the start. The one place the kit sets a position up.
pub(crate) fn position(game: &Arc<Game>, pieces: &[(&str, SeatId, PieceId)], to_move: SeatId) -> Position {
    // The start's reserves, on a board cleared of the start's pieces.
    let mut setup = game.start().to_setup();
    setup.clear_board().forget_history().to_move(to_move);
    for &(label, seat, piece) in pieces {
        setup.put(node(&game.board, label), Piece { seat, piece });
    }
    setup.into_position().unwrap_or_else(|e| panic!("the kit's position is not valid: {e}"))
}

/// The legal moves, as sorted text (`a1-a3`, `b2`, `a1-a2 a2xd2`).
pub(crate) fn legal(pos: &Position) -> Vec<String> {
    sorted_text(pos, &pos.legal_moves())
}

/// The legal moves from the node labelled `from`, as sorted text.
pub(crate) fn legal_from(pos: &Position, from: &str) -> Vec<String> {
    let n = node(&pos.game().board, from);
    sorted_text(pos, &pos.legal_moves().into_iter().filter(|m| m.from == n).collect::<Vec<_>>())
}

/// The pseudo-legal moves of rule `rule` of the piece standing on `from` (the rule alone: no check
/// rule, ko or suicide), as sorted text.
pub(crate) fn generated(pos: &Position, from: &str, rule: usize) -> Vec<String> {
    sorted_text(pos, &generated_moves(pos, from, rule))
}

/// The pseudo-legal moves of rule `rule` of the piece standing on `from`, in the generator's order.
pub(crate) fn generated_moves(pos: &Position, from: &str, rule: usize) -> Vec<Move> {
    let n = node(&pos.game().board, from);
    let p = pos.cell(n).unwrap_or_else(|| panic!("no piece on {from}"));
    generate_rule(pos, p.seat, p.piece, n, rule)
}

/// The pseudo-legal moves of rule `rule` of piece type `piece` of `seat` entering the board (a
/// placement or a drop), as sorted text.
pub(crate) fn entering(pos: &Position, seat: SeatId, piece: PieceId, rule: usize) -> Vec<String> {
    sorted_text(pos, &generate_rule(pos, seat, piece, NodeId::NONE, rule))
}

fn generate_rule(pos: &Position, seat: SeatId, piece: PieceId, from: NodeId, rule: usize) -> Vec<Move> {
    let rule = &pos.game().pieces[piece.idx()].moves[rule];
    let mut out = Vec::new();
    generate(rule, pos, seat, piece, from, &mut Scratch::default(), &mut out);
    out
}

/// Plays the move written `text`, which must be legal.
pub(crate) fn play(pos: &mut Position, text: &str) {
    let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.play(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn sorted_text(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut text: Vec<String> = moves.iter().map(|m| move_text(pos.game(), m)).collect();
    text.sort();
    text
}

/// Sorted text, for comparing with [`legal`] and [`generated`].
pub(crate) fn texts(moves: &[&str]) -> Vec<String> {
    let mut text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    text.sort();
    text
}
