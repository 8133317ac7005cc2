//! A game: board, seats, pieces, setup and rules, immutable once built and shared between positions.

use crate::board::{Board, DirectionId, NodeId};
use crate::hooks::Hooks;
use crate::position::Position;
use crate::rules::{DirSel, MoveRule, Rules};
use crate::{PieceId, SeatId};
use std::collections::BTreeMap;
use std::sync::Arc;

mod build;
mod build_error;
pub mod shuffle;

pub use build::{BuildError, GameBuilder, MAX_KEYS};

/// A seat in the turn order.
///
/// ```
/// // Two players share the seven kingdoms; Zhou, in the centre, belongs to nobody.
/// let game = qipan::load("seven-kingdoms", &[("players".into(), "2".into())])?;
/// let yan = &game.seats[game.seat("yan").unwrap().idx()];
/// assert_eq!((yan.letter.as_str(), yan.held_by), ("Y", game.seat("qin").unwrap()));
/// let zhou = &game.seats[game.seat("zhou").unwrap().idx()];
/// assert!(!zhou.plays);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Seat {
    /// Name (`black`, `red`, `qin`).
    pub name: String,
    /// Short letter used in records and results (`B`, `W`).
    pub letter: String,
    /// Forward directions of this seat (for pawns and forward-only rules).
    pub forward: Vec<DirectionId>,
    /// Seat-relative zones: for each alias of [`Game::zone_aliases`], the board zone it means here.
    pub zones: Vec<Option<u8>>,
    /// The team index (seats of one team never capture each other).
    pub team: u8,
    /// The seat whose player controls this one at the start (itself unless a player holds several).
    pub held_by: SeatId,
    /// Colour for pictures (`#c0392b`, `red`); empty for the default palette.
    pub colour: String,
    /// Whether the seat takes turns: false for a neutral seat (pieces that belong to nobody) and for a
    /// seat left empty because fewer players play.
    pub plays: bool,
}

/// Seats built in code.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::game::Seat;
///
/// let seats = [Seat::new("black", "B", SeatId(0)), Seat::new("white", "W", SeatId(1))];
/// assert_eq!(seats[1].team, 1);
/// assert!(seats.iter().all(|s| s.plays && s.forward.is_empty()));
/// ```
impl Seat {
    /// A seat playing for itself, on its own team (`index` is its place in the turn order).
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::game::Seat;
    ///
    /// let white = Seat::new("white", "W", SeatId(1));
    /// assert_eq!((white.name.as_str(), white.letter.as_str()), ("white", "W"));
    /// assert_eq!((white.team, white.held_by), (1, SeatId(1)));
    /// assert!(white.plays && white.colour.is_empty());
    /// ```
    pub fn new(name: &str, letter: &str, seat: SeatId) -> Seat {
        Seat {
            name: name.into(),
            letter: letter.into(),
            forward: vec![],
            zones: vec![],
            team: seat.0,
            held_by: seat,
            colour: String::new(),
            plays: true,
        }
    }
}

/// A kind of piece.
///
/// ```
/// let game = qipan::load("chess", &[])?;
/// let knight = &game.pieces[game.piece("knight").unwrap().idx()];
/// assert_eq!(knight.symbols, ["N", "n"]);
/// assert_eq!(knight.moves.len(), 1); // leap orthogonal then diagonal.outward
/// assert!(knight.captures && !knight.immune);
/// assert_eq!(knight.owner, None, "a knight belongs to the seat that has it");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct PieceType {
    /// Name (`stone`, `general`).
    pub name: String,
    /// Symbol per seat for diagrams (falls back to the first).
    pub symbols: Vec<String>,
    /// How it moves.
    pub moves: Vec<MoveRule>,
    /// It can never be captured.
    pub immune: bool,
    /// It may capture.
    pub captures: bool,
    /// The seat that owns every piece of this type on the board, whichever seat placed or dropped it: a
    /// colour any seat may play (Order and Chaos' X and O, owned by seats that take no turns). `None`:
    /// a piece belongs to the seat that puts it on the board.
    pub owner: Option<SeatId>,
}

/// An extra action a seat may take alongside its main action: bring a piece back from its graveyard
/// to its reserve, paying one unit of a counter.
///
/// ```
/// // Leader Cannon: `+revive` brings a dead commoner back, for one revival token.
/// let game = qipan::load("leader-cannon", &[])?;
/// let revive = &game.extras[0];
/// assert_eq!(revive.name, "revive");
/// assert_eq!(Some(revive.revive), game.piece("commoner"));
/// assert_eq!(revive.cost.map(|c| game.counters[c].as_str()), Some("tokens"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Extra {
    /// Name, used in move text (`+revive`).
    pub name: String,
    /// The piece type brought back.
    pub revive: PieceId,
    /// The counter paid (index into [`Game::counters`]), if any.
    pub cost: Option<usize>,
}

/// One piece on the board at the start.
///
/// ```
/// use qipan::core::SeatId;
///
/// let game = qipan::load("chess", &[])?;
/// let e1 = game.board.find("e1").unwrap();
/// let king = game.setup.iter().find(|p| p.node == e1).unwrap();
/// assert_eq!((king.seat, Some(king.piece)), (SeatId(0), game.piece("king")));
/// assert_eq!(game.setup.len(), 32);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Placement {
    /// Where.
    pub node: NodeId,
    /// Whose.
    pub seat: SeatId,
    /// Which piece type.
    pub piece: PieceId,
}

/// Everything that defines a game. Built by the definition compiler or by hand.
///
/// ```
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// assert_eq!((game.name.as_str(), game.rules_name.as_str()), ("go", "Chinese"));
/// assert_eq!(game.board.len(), 81);
/// assert_eq!(game.seats.len(), 2);
/// assert_eq!(game.options["size"], "9");
/// assert!(game.setup.is_empty() && game.hooks.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    /// Short name (`go`).
    pub name: String,
    /// Title for people.
    pub title: String,
    /// The board.
    pub board: Board,
    /// Seats in turn order.
    pub seats: Vec<Seat>,
    /// Names of seat-relative zones (`home`, `palace`).
    pub zone_aliases: Vec<String>,
    /// Piece types.
    pub pieces: Vec<PieceType>,
    /// Pieces on the board at the start.
    pub setup: Vec<Placement>,
    /// Pieces in reserve at the start: (seat, piece, count).
    pub reserves: Vec<(SeatId, PieceId, u16)>,
    /// The rules the engine applies.
    pub rules: Rules,
    /// Scripted hooks, if any.
    pub hooks: Option<Arc<dyn Hooks>>,
    /// The option values this game was built with.
    pub options: BTreeMap<String, String>,
    /// The name of the rule set, as records write it (SGF `RU`).
    pub rules_name: String,
    /// Named counters, each with one value per seat (tokens, deaths, ...).
    pub counters: Vec<String>,
    /// Extra actions a seat may take alongside its move.
    pub extras: Vec<Extra>,
    /// How the start was generated from a number, when it was (chess960).
    pub shuffle: Option<shuffle::Shuffle>,
    /// How its pictures are drawn (the definition's `render:` section).
    pub look: crate::render::Look,
    /// The 3×3 shapes playouts may play beside the last move (the definition's `playout: patterns:`).
    pub patterns: Option<crate::playout::Patterns>,
    relation_dirs: Vec<Vec<DirectionId>>,
    zobrist: Vec<u64>,
    turn_keys: Vec<u64>,
    placement_only: bool,
    /// Some rule is a walk that may come back to its start without a shot of its own ([`Game::has_idle_walks`]).
    idle_walks: bool,
    /// Pieces never move or leave the board once placed.
    pieces_stay: bool,
    /// Per piece type: whether its rules can produce the same move twice (so its moves are deduplicated).
    may_repeat: Vec<bool>,
    /// Per piece type and rule: the rules whose moves may coincide with its own, one bit each.
    repeat_masks: Vec<Vec<u64>>,
    /// Per piece type: may capture, and can be captured (kept apart from the piece descriptions, for
    /// the hot path).
    capture_flags: Vec<(bool, bool)>,
    /// Per piece type: whether the check rule protects it ([`crate::rules::Rules::check`]).
    royal: Vec<bool>,
    /// The capture rules run backwards, per seat, for attack tests.
    attacks: crate::rules::attack::AttackTable,
    /// Per seat and relation, the forward, backward and sideways directions (at `(seat * relations +
    /// relation) * 3 + k`).
    seat_dirs: Vec<Vec<DirectionId>>,
    /// Per relation and previous direction, the outward directions (at `relation * directions + prev`).
    outward_dirs: Vec<Vec<DirectionId>>,
    /// The straight lines of the board: for relation `r`, direction `d` and node `n`, the nodes met
    /// going from `n` along `d` are `ray_nodes[ray_start[i]..ray_start[i + 1]]`, with
    /// `i = (r * directions + d) * nodes + n` (at most 255, stopping before a return to `n`).
    ray_nodes: Vec<NodeId>,
    ray_start: Vec<u32>,
    /// Per relation: whether its lines are in the ray table (relations without jumps over a node).
    ray_ok: Vec<bool>,
    /// Every move a plain step: the steps from each node, looked up rather than generated.
    step_table: Option<crate::rules::pattern::StepTable>,
    /// Under a capture priority, per piece type and rule, whether its moves capture, when every rule's
    /// moves all capture or all do not ([`crate::rules::priority::capture_classes`]).
    capture_classes: Option<Vec<Vec<bool>>>,
    /// Every move a plain slide on a small board of one-way lines: the rays as bit masks, for playouts
    /// that count moves rather than build them.
    pub(crate) slide_masks: Option<crate::position::SlideMasks>,
    /// The board zones (one bit each) whose pieces positions count per seat and type, for the
    /// `count(...)` conditions that read them ([`crate::rules::Tally`]).
    pub(crate) tally_zones: u64,
    /// On a board with counts, per node the seat its seeds stand for (see [`Game::seed_owner`]).
    pub(crate) seed_owners: Vec<SeatId>,
    /// In a game whose only movement rule is one sowing, per seat the pits it may sow from (the rule's
    /// `from` judged once): move generation reads them instead of running the general generator.
    pub(crate) sow_starts: Option<Vec<Vec<NodeId>>>,
    /// On a board with counts, the hash keys of the first counts on each node (`node * 64 + count`).
    pub(crate) seed_keys: Vec<u64>,
    /// A sowing game that ends only when the seat to move is stuck or by a repetition: while a playout
    /// leaves the first test to its next move generation and no repetition is due, the end rules have
    /// nothing to look at.
    pub(crate) ends_only_stuck: bool,
    /// A game of one plain sowing rule ([`Game::sow_starts`]) that ends only when a seat is stuck or by a
    /// repetition, with nothing else that follows a move (no groups, protected pieces, connection goals,
    /// counts per zone, superko or swap): a sowing move is played by `Position::apply_sowing`, and
    /// playouts draw among the sowings without the general generator.
    pub(crate) plain_sowing: bool,
    /// The sowing kernel's tables when random playouts run on the pits' counts, else the way they take.
    pub(crate) sow_kernel: Result<crate::position::SowKernel, crate::position::SowingPath>,
}

/// Looking up what the engine precomputed (a game is built with [`GameBuilder`]).
///
/// ```
/// let game = qipan::load("chess", &[])?;
/// let queen = game.piece("queen").unwrap();
/// assert_eq!(game.pieces[queen.idx()].name, "queen");
/// assert!(game.has_check_rule() && !game.placement_only());
/// assert_eq!(game.start().legal_moves().len(), 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Game {
    /// The nodes met going from `n` along `dir` of `rel`, in order (stopping at the edge of the board
    /// or before coming back to `n`), when the relation's lines are tabulated (no step of it jumps
    /// over a node); `None` otherwise.
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let (b, e2) = (&game.board, game.board.find("e2").unwrap());
    /// let north = game.ray(b.relation("orthogonal").unwrap(), b.direction("n").unwrap(), e2).unwrap();
    /// let labels: Vec<&str> = north.iter().map(|&n| b.label(n)).collect();
    /// assert_eq!(labels, ["e3", "e4", "e5", "e6", "e7", "e8"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn ray(&self, rel: crate::board::RelationId, dir: DirectionId, n: NodeId) -> Option<&[NodeId]> {
        if !self.ray_ok.get(rel.0 as usize).copied().unwrap_or(false) {
            return None;
        }
        let i = (rel.0 as usize * self.board.directions().len() + dir.0 as usize) * self.board.len() + n.idx();
        Some(&self.ray_nodes[self.ray_start[i] as usize..self.ray_start[i + 1] as usize])
    }

    /// Whether the lines of `rel` are tabulated (see [`Game::ray`]).
    ///
    /// ```
    /// let chess = qipan::load("chess", &[])?;
    /// assert!(chess.has_rays(chess.board.relation("diagonal").unwrap()));
    /// // He Qi's same-colour steps jump over a cell: no table for them.
    /// let he_qi = qipan::load("he-qi", &[])?;
    /// assert!(!he_qi.has_rays(he_qi.board.relation("same-colour").unwrap()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn has_rays(&self, rel: crate::board::RelationId) -> bool {
        self.ray_ok.get(rel.0 as usize).copied().unwrap_or(false)
    }

    /// Whether every move of the game is a plain step (one node along a relation, judged by the
    /// occupant of the destination alone), so that moves are read from a table of steps per seat,
    /// piece type and node.
    ///
    /// ```
    /// assert!(qipan::load("breakthrough", &[])?.has_step_table());
    /// assert!(!qipan::load("xiangqi", &[])?.has_step_table(), "slides, leaps and hops");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn has_step_table(&self) -> bool {
        self.step_table.is_some()
    }

    /// The table of steps, when every move is a plain step (see [`Game::has_step_table`]).
    #[inline]
    pub(crate) fn step_table(&self) -> Option<&crate::rules::pattern::StepTable> {
        self.step_table.as_ref()
    }

    /// Under a capture priority, per piece type and rule, whether the rule's moves capture, when that is
    /// known for every rule (see [`crate::rules::priority::capture_classes`]); `None` otherwise.
    #[inline]
    pub(crate) fn capture_classes(&self) -> Option<&[Vec<bool>]> {
        self.capture_classes.as_deref()
    }

    /// The directions of a seat-relative selector (forward, backward, sideways) of a relation, for a
    /// seat; or of `outward` after `prev`. `None` for other selectors.
    #[inline]
    pub(crate) fn cached_dirs(
        &self,
        seat: SeatId,
        rel: crate::board::RelationId,
        sel: &DirSel,
        prev: Option<DirectionId>,
    ) -> Option<&[DirectionId]> {
        let nrel = self.relation_dirs.len();
        let k = match sel {
            DirSel::Forward => 0,
            DirSel::Backward => 1,
            DirSel::Sideways => 2,
            DirSel::Outward => {
                let p = prev?;
                return self
                    .outward_dirs
                    .get(rel.0 as usize * self.board.directions().len() + p.0 as usize)
                    .map(|v| &v[..]);
            }
            _ => return None,
        };
        self.seat_dirs.get((seat.idx() * nrel + rel.0 as usize) * 3 + k).map(|v| &v[..])
    }

    /// Whether a move may not leave a piece of the mover attacked (the game has a check rule).
    ///
    /// ```
    /// assert!(qipan::load("chess", &[])?.has_check_rule());
    /// assert!(!qipan::load("go", &[])?.has_check_rule());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn has_check_rule(&self) -> bool {
        !self.rules.check.is_empty()
    }

    /// Whether the check rule protects pieces of this type.
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// assert!(game.is_royal(game.piece("king").unwrap()));
    /// assert!(!game.is_royal(game.piece("queen").unwrap()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_royal(&self, piece: PieceId) -> bool {
        self.royal.get(piece.idx()).copied().unwrap_or(false)
    }

    /// The capture rules run backwards, for attack tests.
    #[inline]
    pub(crate) fn attack_table(&self) -> &crate::rules::attack::AttackTable {
        &self.attacks
    }

    /// The starting position.
    ///
    /// ```
    /// use qipan::core::SeatId;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// assert_eq!((pos.ply(), pos.to_move()), (0, SeatId(0)));
    /// let e1 = game.board.find("e1").unwrap();
    /// assert_eq!(pos.cell(e1).map(|p| p.piece), game.piece("king"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start(self: &Arc<Self>) -> Position {
        Position::new(self.clone())
    }

    /// Directions used by a relation.
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let b = &game.board;
    /// let diagonal = game.relation_dirs(b.relation("diagonal").unwrap());
    /// let names: Vec<&str> = diagonal.iter().map(|d| b.directions()[d.0 as usize].name.as_str()).collect();
    /// assert_eq!(names.len(), 4);
    /// assert!(names.iter().all(|n| ["ne", "nw", "se", "sw"].contains(n)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn relation_dirs(&self, rel: crate::board::RelationId) -> &[DirectionId] {
        &self.relation_dirs[rel.0 as usize]
    }

    /// The forward directions of a seat.
    ///
    /// ```
    /// use qipan::core::SeatId;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// assert_eq!(game.seat_forward(SeatId(0)), [game.board.direction("n").unwrap()]); // white
    /// assert_eq!(game.seat_forward(SeatId(1)), [game.board.direction("s").unwrap()]); // black
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn seat_forward(&self, seat: SeatId) -> &[DirectionId] {
        &self.seats[seat.idx()].forward
    }

    /// The board zone a seat-relative alias means for `seat`.
    ///
    /// ```
    /// use qipan::core::SeatId;
    ///
    /// // In chess, the zone alias `last` is where a side's pawns promote.
    /// let game = qipan::load("chess", &[])?;
    /// let last = game.zone_aliases.iter().position(|a| a == "last").unwrap() as u8;
    /// assert_eq!(game.seat_zone(SeatId(0), last), game.board.zone("rank8"));
    /// assert_eq!(game.seat_zone(SeatId(1), last), game.board.zone("rank1"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn seat_zone(&self, seat: SeatId, alias: u8) -> Option<u8> {
        self.seats.get(seat.idx()).and_then(|s| s.zones.get(alias as usize).copied().flatten())
    }

    /// The Zobrist key of `piece` of `seat` on `node`.
    ///
    /// ```
    /// use qipan::core::{PieceId, SeatId};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// let e5 = game.board.find("E5").unwrap();
    /// pos.play(&qipan::core::Move::place(PieceId::new(0), e5))?;
    /// // The board hash is the XOR of the keys of the pieces on it.
    /// assert_eq!(pos.hash(), game.key(e5, SeatId(0), PieceId::new(0)));
    /// assert_ne!(game.key(e5, SeatId(0), PieceId::new(0)), game.key(e5, SeatId(1), PieceId::new(0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn key(&self, node: NodeId, seat: SeatId, piece: PieceId) -> u64 {
        let np = self.pieces.len().max(1);
        self.zobrist[(node.idx() * self.seats.len() + seat.idx()) * np + piece.idx()]
    }

    /// The key XORed in for "this seat is to move" (situational superko).
    ///
    /// ```
    /// use qipan::core::SeatId;
    ///
    /// let game = qipan::load("go", &[])?;
    /// assert_ne!(game.turn_key(SeatId(0)), game.turn_key(SeatId(1)));
    /// // Keys are a fixed sequence: the same in every load of a game.
    /// assert_eq!(game.turn_key(SeatId(1)), qipan::load("go", &[])?.turn_key(SeatId(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn turn_key(&self, seat: SeatId) -> u64 {
        self.turn_keys[seat.idx()]
    }

    /// True when every move is a placement on an empty node (Go and its family): enables fast paths.
    ///
    /// ```
    /// assert!(qipan::load("go", &[])?.placement_only());
    /// assert!(!qipan::load("chess", &[])?.placement_only());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn placement_only(&self) -> bool {
        self.placement_only
    }

    /// True when a rule is a walk that may end on its start with no shot of its own (`walk … returning`
    /// without `then shoot`). Such a move changes nothing by itself ([`Move::is_idle`](crate::Move::is_idle)),
    /// so it is legal only if playing it captures a piece (by a capture rule or a hook), which legality
    /// finds by playing it on a copy. Leader Cannon's `fire_in_place` under the automatic triggers:
    ///
    /// ```
    /// let on = |t: &str| [("fire_in_place".into(), "true".into()), ("trigger".into(), t.into())];
    /// assert!(qipan::load("leader-cannon", &on("automatic"))?.has_idle_walks());
    /// // The by-mover triggers' in-place walks carry their shot: not idle.
    /// assert!(!qipan::load("leader-cannon", &on("by-mover"))?.has_idle_walks());
    /// assert!(!qipan::load("chess", &[])?.has_idle_walks());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn has_idle_walks(&self) -> bool {
        self.idle_walks
    }

    /// True when a piece never moves or leaves the board once it is placed: every move enters a piece
    /// (a placement or a drop) and nothing captures, no shot, no group capture, no hook. Connection
    /// goals then keep their groups as pieces land.
    ///
    /// ```
    /// assert!(qipan::load("hex", &[])?.pieces_stay());
    /// assert!(qipan::load("connect-four", &[])?.pieces_stay());
    /// assert!(!qipan::load("go", &[])?.pieces_stay(), "Go captures");
    /// assert!(!qipan::load("chess", &[])?.pieces_stay());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn pieces_stay(&self) -> bool {
        self.pieces_stay
    }

    /// Whether a piece of type `attacker` may capture one of type `target` (ignoring sides).
    ///
    /// ```
    /// // Seven Kingdoms' envoys can neither capture nor be captured.
    /// let game = qipan::load("seven-kingdoms", &[])?;
    /// let (general, envoy) = (game.piece("general").unwrap(), game.piece("envoy").unwrap());
    /// assert!(game.may_capture(general, general));
    /// assert!(!game.may_capture(general, envoy));
    /// assert!(!game.may_capture(envoy, general));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn may_capture(&self, attacker: PieceId, target: PieceId) -> bool {
        self.capture_flags[attacker.idx()].0 && self.capture_flags[target.idx()].1
    }

    /// Whether the rules of a piece type can generate one move twice.
    ///
    /// ```
    /// use qipan::core::PieceId;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// // A queen's orthogonal and diagonal slides never reach the same node.
    /// assert!(!game.may_repeat(game.piece("queen").unwrap()));
    /// assert!(!qipan::load("go", &[])?.may_repeat(PieceId::new(0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn may_repeat(&self, piece: PieceId) -> bool {
        self.may_repeat[piece.idx()]
    }

    /// Whether moves that the rules `produced` (one bit per rule index of the piece type `piece`) made
    /// may include one move twice: a piece whose moves came from one rule that never repeats itself,
    /// or from rules that never meet, needs no deduplication.
    ///
    /// ```
    /// let game = qipan::load("nine-mens-morris", &[])?;
    /// let man = game.piece("man").unwrap();
    /// // Rules 1 and 2 step along the rings and the spokes: never to the same node.
    /// assert!(game.may_repeat(man) && !game.repeats_among(man, 0b110));
    /// // Rule 3 flies anywhere: it meets both.
    /// assert!(game.repeats_among(man, 0b1010));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn repeats_among(&self, piece: PieceId, produced: u64) -> bool {
        let masks = &self.repeat_masks[piece.idx()];
        let mut bits = produced;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            if masks.get(i).is_none_or(|&m| m & produced != 0) {
                return true;
            }
            bits &= bits - 1;
        }
        false
    }

    /// The seat that owns a piece of type `piece` once `mover` places or drops it: the type's
    /// [`owner`](PieceType::owner) (a colour), or else the mover.
    ///
    /// ```
    /// use qipan::core::SeatId;
    ///
    /// let game = qipan::load("order-and-chaos", &[])?;
    /// let (x, chaos) = (game.piece("x").unwrap(), game.seat("chaos").unwrap());
    /// assert_eq!(game.placed_owner(x, chaos), game.seat("x").unwrap(), "an X is X's, whoever plays it");
    /// let go = qipan::load("go", &[])?;
    /// assert_eq!(go.placed_owner(go.piece("stone").unwrap(), SeatId(1)), SeatId(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn placed_owner(&self, piece: PieceId, mover: SeatId) -> SeatId {
        self.pieces[piece.idx()].owner.unwrap_or(mover)
    }

    /// The seat the seeds on node `n` stand for: the seat whose `home` or `store` zone holds the node
    /// (the first seat when none does, and on boards without counts).
    ///
    /// ```
    /// use qipan::core::SeatId;
    ///
    /// let game = qipan::load("kalah", &[])?;
    /// let at = |l| game.seed_owner(game.board.find(l).unwrap());
    /// assert_eq!((at("c1"), at("store1"), at("c2"), at("store2")), (SeatId(0), SeatId(0), SeatId(1), SeatId(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn seed_owner(&self, n: NodeId) -> SeatId {
        self.seed_owners.get(n.idx()).copied().unwrap_or(SeatId(0))
    }

    /// The hash key of `count` seeds on node `n` (0 for none): looked up for small counts.
    #[inline]
    pub(crate) fn seed_key(&self, n: NodeId, count: u16) -> u64 {
        match self.seed_keys.get(n.idx() * 64 + count as usize) {
            Some(&k) if count < 64 => k,
            _ => crate::position::count_key(n, count),
        }
    }

    /// What the hash changes by when one more seed falls on `n`, which held `count`.
    #[inline]
    pub(crate) fn seed_step(&self, n: NodeId, count: u16) -> u64 {
        let i = n.idx() * 64 + count as usize;
        match self.seed_keys.get(i..i + 2) {
            Some(&[a, b]) if count < 63 => a ^ b,
            _ => crate::position::count_key(n, count) ^ crate::position::count_key(n, count.saturating_add(1)),
        }
    }

    /// Looks up a piece type by name.
    ///
    /// ```
    /// use qipan::core::PieceId;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// assert_eq!(game.piece("queen"), Some(PieceId::new(1)));
    /// assert_eq!(game.piece("dragon"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn piece(&self, name: &str) -> Option<PieceId> {
        self.pieces.iter().position(|p| p.name == name).map(|i| PieceId::new(i as u8))
    }

    /// Looks up a seat by name.
    ///
    /// ```
    /// use qipan::core::SeatId;
    ///
    /// let game = qipan::load("xiangqi", &[])?;
    /// assert_eq!(game.seat("red"), Some(SeatId(0)));
    /// assert_eq!(game.seat("black"), Some(SeatId(1)));
    /// assert_eq!(game.seat("white"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn seat(&self, name: &str) -> Option<SeatId> {
        self.seats.iter().position(|s| s.name == name).map(|i| SeatId(i as u8))
    }

    /// Every seat, in turn order.
    ///
    /// ```
    /// use qipan::core::SeatId;
    ///
    /// let game = qipan::load("seven-kingdoms", &[])?;
    /// assert_eq!(game.seat_ids().count(), game.seats.len());
    /// assert_eq!(game.seat_ids().last(), Some(SeatId(game.seats.len() as u8 - 1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn seat_ids(&self) -> impl DoubleEndedIterator<Item = SeatId> + ExactSizeIterator + Clone + use<> {
        (0..self.seats.len() as u8).map(SeatId)
    }

    /// Every piece type, in the order of [`Game::pieces`].
    ///
    /// ```
    /// let game = qipan::load("chess", &[])?;
    /// let names: Vec<&str> = game.piece_ids().map(|p| game.pieces[p.idx()].name.as_str()).collect();
    /// assert_eq!(names, ["king", "queen", "rook", "bishop", "knight", "pawn"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn piece_ids(&self) -> impl DoubleEndedIterator<Item = PieceId> + ExactSizeIterator + Clone + use<> {
        (0..self.pieces.len() as u8).map(PieceId::new)
    }
}
