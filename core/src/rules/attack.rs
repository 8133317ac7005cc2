//! Attacks: whether a piece standing on a node could be captured at once.
//!
//! Attacks come from the same movement rules that generate moves, run backwards from the attacked
//! node: a slide looks back along each direction for the first piece, a leap follows its legs in
//! reverse, a hop looks back for a screen and then for the shooter. The tables are built once per
//! game and seat ([`AttackTable::build`]), so a check test costs a few line scans and no move
//! generation. Rules that cannot be reversed (walks, shots) are run forwards from every piece that
//! could use them.

use super::cond::FastTarget;
use super::pattern::{DirSel, Pattern, Scratch, choose_dirs_in};
use super::{CaptureMode, Cond, MoveRule};
use crate::board::{Board, DirectionId, NodeId, NodeSet, RelationId};
use crate::game::PieceType;
use crate::moves::Move;
use crate::position::{Piece, Position};

/// A path of single steps.
type Steps = Vec<(RelationId, DirectionId)>;

/// The shape of an attack, as seen from the attacked node.
#[derive(Clone, Debug, PartialEq)]
enum Shape {
    /// Back along each direction (already reversed) to the first piece, which attacks when one of
    /// `reach` (piece types as bits, fewest and most steps) has its type and distance; `links`:
    /// undirected edges count as single steps too.
    Line { relation: RelationId, dirs: Vec<DirectionId>, reach: Vec<(u64, u8, u8)>, links: bool },
    /// Each reversed sequence of single steps; with `blockable`, the nodes between must be empty.
    Leap { paths: Vec<Steps>, blockable: bool },
    /// Back over empty nodes (at most `max_after`) to a screen, then on to the first piece.
    Hop { relation: RelationId, dirs: Vec<DirectionId>, screen: Cond, max_after: u8 },
    /// Run the rule forwards from every piece of the type.
    Forward,
}

/// One way pieces of a seat may attack.
#[derive(Clone, Debug, PartialEq)]
struct Attack {
    shape: Shape,
    /// The piece types that attack this way (one bit each; types past 63 are never merged).
    mask: u64,
    /// The rule, when its conditions must be checked (types past 63, or `from`/`if` clauses, or a
    /// destination condition without a fast form): (piece type, rule index).
    rule: Option<(u8, usize)>,
    /// The destination condition in fast form, for merged rules.
    to_fast: Option<FastTarget>,
}

/// Per seat, the ways its pieces attack.
///
/// ```
/// # use qipan::core::{Game, board::RelationId, rules::attack::AttackTable};
/// # fn table(game: &Game) -> AttackTable {
/// #     let relations = game.board.relation_names().len() as u8;
/// #     let dirs: Vec<Vec<_>> = (0..relations).map(|r| game.relation_dirs(RelationId(r)).to_vec()).collect();
/// #     let forwards: Vec<Vec<_>> = game.seats.iter().map(|s| s.forward.clone()).collect();
/// #     AttackTable::build(&game.board, &dirs, &forwards, &game.pieces)
/// # }
/// let chess = qipan::load("chess", &[])?;
/// let table = table(&chess); // see `AttackTable::build`
/// let at = |label| chess.board.find(label).unwrap();
/// // A rook on e8 could attack e4 down the file, if the squares between are empty;
/// assert!(table.relevant(at("e4"), at("e8")) && table.relevant(at("e4"), at("e6")));
/// // a knight on f6 attacks e4 whatever stands around.
/// assert!(table.reaches(at("e4"), at("f6")) && !table.relevant(at("e4"), at("f6")));
/// assert!(!table.reaches(at("e4"), at("f7")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AttackTable {
    seats: Vec<Vec<Attack>>,
    /// Whether attacks on a node depend only on the occupants of the nodes in
    /// [`AttackTable::relevant`] (no rule runs forwards or asks about the whole position).
    filterable: bool,
    /// Per node, one bit per node whose occupant can make a difference to attacks on it (the lines
    /// leading to it, the nodes passed by leaps to it), `words` u64s each.
    relevant: Vec<u64>,
    /// Per node, the relevant nodes and also the nodes attacks on it come from (`words` u64s each).
    reach: Vec<u64>,
    words: usize,
    /// Per seat, where its rules run forwards start in its list (they come last).
    forward_from: Vec<usize>,
    /// Whether some seat has rules run forwards.
    runs_forwards: bool,
    /// Whether some rule run forwards can keep witnesses of its attacks ([`StandingAttacks`]).
    witnesses: bool,
}

/// Whether a condition looks only at the node it is given and at fixed facts about the game.
fn local(c: &Cond) -> bool {
    match c {
        Cond::Count(..) | Cond::OnBoard(_) | Cond::InReserve(_) | Cond::Unmoved | Cond::Passed => false,
        Cond::Not(c) => local(c),
        Cond::And(cs) | Cond::Or(cs) => cs.iter().all(local),
        _ => true,
    }
}

/// Building the table, and asking which nodes matter to attacks.
///
/// ```
/// # use qipan::core::{Game, board::RelationId, rules::attack::AttackTable};
/// # fn table(game: &Game) -> AttackTable {
/// #     let relations = game.board.relation_names().len() as u8;
/// #     let dirs: Vec<Vec<_>> = (0..relations).map(|r| game.relation_dirs(RelationId(r)).to_vec()).collect();
/// #     let forwards: Vec<Vec<_>> = game.seats.iter().map(|s| s.forward.clone()).collect();
/// #     AttackTable::build(&game.board, &dirs, &forwards, &game.pieces)
/// # }
/// let chess = qipan::load("chess", &[])?;
/// assert!(table(&chess).filterable());
/// // Leader Cannon's shots follow walks, which are run forwards.
/// let leader_cannon = qipan::load("leader-cannon", &[])?;
/// assert!(!table(&leader_cannon).filterable());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl AttackTable {
    /// Builds the reversed capture rules of every piece type, for each seat (whose forward
    /// directions orient pawn-like rules).
    ///
    /// ```
    /// use qipan::core::{board::RelationId, rules::attack::AttackTable};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let relations = game.board.relation_names().len() as u8;
    /// let relation_dirs: Vec<Vec<_>> = (0..relations).map(|r| game.relation_dirs(RelationId(r)).to_vec()).collect();
    /// let forwards: Vec<Vec<_>> = game.seats.iter().map(|s| s.forward.clone()).collect();
    /// let table = AttackTable::build(&game.board, &relation_dirs, &forwards, &game.pieces);
    /// assert!(table.filterable());
    /// let at = |label| game.board.find(label).unwrap();
    /// assert!(table.reaches(at("e4"), at("f6")), "a knight's leap away");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build(
        board: &Board,
        relation_dirs: &[Vec<DirectionId>],
        forwards: &[Vec<DirectionId>],
        pieces: &[PieceType],
    ) -> AttackTable {
        let seats = forwards
            .iter()
            .map(|fwd| {
                let mut list: Vec<Attack> = Vec::new();
                for (pi, pt) in pieces.iter().enumerate() {
                    if !pt.captures {
                        continue;
                    }
                    for (ri, rule) in pt.moves.iter().enumerate() {
                        if !may_capture(rule) {
                            continue;
                        }
                        let shape = reverse(board, relation_dirs, fwd, rule);
                        let plain = pi < 64
                            && rule.from == Cond::True
                            && rule.when == Cond::True
                            && rule.to_fast.is_some()
                            && rule.shot.is_none()
                            && shape != Shape::Forward;
                        let mask = if pi < 64 { 1u64 << pi } else { 0 };
                        if plain {
                            if let Some(a) = list
                                .iter_mut()
                                .find(|a| a.rule.is_none() && a.shape == shape && a.to_fast == rule.to_fast)
                            {
                                a.mask |= mask;
                                continue;
                            }
                            // Lines along the same directions are scanned once, whatever their lengths.
                            if let Shape::Line { relation, dirs, reach, links } = &shape {
                                let same = list.iter_mut().find(|a| {
                                    a.rule.is_none()
                                        && a.to_fast == rule.to_fast
                                        && matches!(&a.shape, Shape::Line { relation: r, dirs: d, links: l, .. }
                                            if r == relation && d == dirs && l == links)
                                });
                                if let Some(a) = same {
                                    a.mask |= mask;
                                    if let Shape::Line { reach: r, .. } = &mut a.shape {
                                        r.push((mask, reach[0].1, reach[0].2));
                                    }
                                    continue;
                                }
                            }
                        }
                        let mut shape = shape;
                        if let Shape::Line { reach, .. } = &mut shape {
                            reach[0].0 = mask;
                        }
                        list.push(Attack {
                            shape,
                            mask,
                            rule: (!plain).then_some((pi as u8, ri)),
                            to_fast: rule.to_fast,
                        });
                    }
                }
                // Rules run forwards cost a move generation per piece: try every reversed one first.
                list.sort_by_key(|a| a.shape == Shape::Forward);
                list
            })
            .collect::<Vec<Vec<Attack>>>();
        let n = board.len();
        let filterable = n <= 4096
            && seats.iter().flatten().all(|a| {
                a.shape != Shape::Forward
                    && a.rule.is_none_or(|(p, ri)| {
                        let r = &pieces[p as usize].moves[ri];
                        r.when == Cond::True && local(&r.from) && local(&r.to)
                    })
                    && match &a.shape {
                        Shape::Hop { screen, .. } => local(screen),
                        _ => true,
                    }
            });
        let words = if filterable { n.div_ceil(64) } else { 0 };
        let mut relevant = vec![0u64; words * n];
        let mut reach = vec![0u64; words * n];
        if filterable {
            for t in board.node_ids() {
                let row = &mut relevant[t.idx() * words..(t.idx() + 1) * words];
                let mut mark = |x: NodeId| {
                    if x.is_some() {
                        row[x.idx() >> 6] |= 1 << (x.idx() & 63);
                    }
                };
                for a in seats.iter().flatten() {
                    match &a.shape {
                        Shape::Line { relation, dirs, .. } | Shape::Hop { relation, dirs, .. } => {
                            let limit = match &a.shape {
                                Shape::Line { reach, .. } => {
                                    (reach.iter().map(|r| r.2).max().unwrap_or(0) as usize).min(n)
                                }
                                _ => n,
                            };
                            for &d in dirs {
                                let mut x = t;
                                for _ in 0..limit {
                                    mark(board.next_via(*relation, d, x));
                                    x = board.next(*relation, d, x);
                                    if !x.is_some() || x == t {
                                        break;
                                    }
                                    mark(x);
                                }
                            }
                            for e in board.edges(*relation, t) {
                                mark(e.via);
                            }
                        }
                        Shape::Leap { paths, .. } => {
                            for path in paths {
                                let mut x = t;
                                for (i, &(rel, d)) in path.iter().enumerate() {
                                    if i > 0 {
                                        mark(x);
                                    }
                                    mark(board.next_via(rel, d, x));
                                    x = board.next(rel, d, x);
                                    if !x.is_some() {
                                        break;
                                    }
                                }
                            }
                        }
                        Shape::Forward => {}
                    }
                }
                let row = &mut reach[t.idx() * words..(t.idx() + 1) * words];
                row.copy_from_slice(&relevant[t.idx() * words..(t.idx() + 1) * words]);
                for a in seats.iter().flatten() {
                    if let Shape::Leap { paths, .. } = &a.shape {
                        for path in paths {
                            let mut x = t;
                            for &(rel, d) in path {
                                x = board.next(rel, d, x);
                                if !x.is_some() {
                                    break;
                                }
                            }
                            if x.is_some() {
                                row[x.idx() >> 6] |= 1 << (x.idx() & 63);
                            }
                        }
                    }
                }
            }
        }
        let witnesses = seats.iter().flatten().any(|a| {
            a.shape == Shape::Forward && a.rule.is_some_and(|(p, ri)| witnessable(&pieces[p as usize].moves[ri]))
        });
        let forward_from: Vec<usize> =
            seats.iter().map(|list| list.iter().take_while(|a| a.shape != Shape::Forward).count()).collect();
        let runs_forwards = seats.iter().zip(&forward_from).any(|(list, &i)| i < list.len());
        AttackTable { seats, filterable, relevant, reach, words, forward_from, runs_forwards, witnesses }
    }

    /// Whether attacks on a node depend only on the occupants of its [`AttackTable::relevant`] nodes.
    ///
    /// ```
    /// # use qipan::core::{Game, board::RelationId, rules::attack::AttackTable};
    /// # fn table(game: &Game) -> AttackTable {
    /// #     let relations = game.board.relation_names().len() as u8;
    /// #     let dirs: Vec<Vec<_>> = (0..relations).map(|r| game.relation_dirs(RelationId(r)).to_vec()).collect();
    /// #     let forwards: Vec<Vec<_>> = game.seats.iter().map(|s| s.forward.clone()).collect();
    /// #     AttackTable::build(&game.board, &dirs, &forwards, &game.pieces)
    /// # }
    /// // Xiangqi's rules all reverse, the cannon's hop and the horse's blockable leap included.
    /// let xiangqi = qipan::load("xiangqi", &[])?;
    /// assert!(table(&xiangqi).filterable());
    /// // He Qi's walks do not.
    /// let he_qi = qipan::load("he-qi", &[])?;
    /// assert!(!table(&he_qi).filterable());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn filterable(&self) -> bool {
        self.filterable
    }

    /// Whether a change on `x` (a piece leaving, arriving or being taken) can make a difference to
    /// attacks on `target`: the relevant nodes and those an attack may come from (only meaningful when
    /// the table is [`AttackTable::filterable`]).
    ///
    /// ```
    /// # use qipan::core::{Game, board::RelationId, rules::attack::AttackTable};
    /// # fn table(game: &Game) -> AttackTable {
    /// #     let relations = game.board.relation_names().len() as u8;
    /// #     let dirs: Vec<Vec<_>> = (0..relations).map(|r| game.relation_dirs(RelationId(r)).to_vec()).collect();
    /// #     let forwards: Vec<Vec<_>> = game.seats.iter().map(|s| s.forward.clone()).collect();
    /// #     AttackTable::build(&game.board, &dirs, &forwards, &game.pieces)
    /// # }
    /// let chess = qipan::load("chess", &[])?;
    /// let table = table(&chess);
    /// let at = |label| chess.board.find(label).unwrap();
    /// assert!(table.reaches(at("e4"), at("f6")), "a knight there would attack e4");
    /// assert!(table.reaches(at("e4"), at("h7")), "on a diagonal through e4");
    /// assert!(!table.reaches(at("e4"), at("f7")), "no piece attacks e4 from there");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn reaches(&self, target: NodeId, x: NodeId) -> bool {
        x.is_some() && self.reach[target.idx() * self.words + (x.idx() >> 6)] & (1 << (x.idx() & 63)) != 0
    }

    /// Whether the occupant of `x` can make a difference to attacks on `target` (only meaningful when
    /// the table is [`AttackTable::filterable`]).
    ///
    /// ```
    /// # use qipan::core::{Game, board::RelationId, rules::attack::AttackTable};
    /// # fn table(game: &Game) -> AttackTable {
    /// #     let relations = game.board.relation_names().len() as u8;
    /// #     let dirs: Vec<Vec<_>> = (0..relations).map(|r| game.relation_dirs(RelationId(r)).to_vec()).collect();
    /// #     let forwards: Vec<Vec<_>> = game.seats.iter().map(|s| s.forward.clone()).collect();
    /// #     AttackTable::build(&game.board, &dirs, &forwards, &game.pieces)
    /// # }
    /// let chess = qipan::load("chess", &[])?;
    /// let table = table(&chess);
    /// let at = |label| chess.board.find(label).unwrap();
    /// // Whatever stands on e6 may block (or be) an attack along the file.
    /// assert!(table.relevant(at("e4"), at("e6")));
    /// // A knight's leap cannot be blocked, and only the knight's own square matters.
    /// assert!(!table.relevant(at("e4"), at("f6")));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn relevant(&self, target: NodeId, x: NodeId) -> bool {
        x.is_some() && self.relevant[target.idx() * self.words + (x.idx() >> 6)] & (1 << (x.idx() & 63)) != 0
    }
}

/// Whether a rule can capture a piece on its destination (or, for shots, elsewhere).
fn may_capture(rule: &MoveRule) -> bool {
    if matches!(rule.pattern, Pattern::Place | Pattern::Drop | Pattern::Castle { .. })
        || rule.capture == CaptureMode::Passer
    {
        return false;
    }
    if rule.shot.is_some() {
        return true;
    }
    match &rule.to_fast {
        Some(f) => f.occupants & 0b1000 != 0,
        None => !rule.to.requires_empty(),
    }
}

/// The directions opposite to `dirs`, or `None` when one has no opposite.
fn opposites(board: &Board, dirs: &[DirectionId]) -> Option<Vec<DirectionId>> {
    dirs.iter().map(|&d| board.directions()[d.0 as usize].opposite).collect()
}

/// The rule seen from its destination.
fn reverse(board: &Board, relation_dirs: &[Vec<DirectionId>], fwd: &[DirectionId], rule: &MoveRule) -> Shape {
    if rule.shot.is_some() {
        return Shape::Forward;
    }
    let dirs_of = |rel: RelationId, sel: &DirSel, prev: Option<DirectionId>| {
        choose_dirs_in(board, &relation_dirs[rel.0 as usize], fwd, sel, prev).as_slice().to_vec()
    };
    match &rule.pattern {
        Pattern::Slide { relation, dirs, min, max } => {
            let Some(back) = opposites(board, &dirs_of(*relation, dirs, None)) else { return Shape::Forward };
            let links = matches!(dirs, DirSel::All) && *max == 1 && *min <= 1;
            // The piece types are filled in by the caller (bit 0 stands for "this rule" until then).
            Shape::Line { relation: *relation, dirs: back, reach: vec![(u64::MAX, *min, *max)], links }
        }
        Pattern::Hop { relation, dirs, screen, max_after } => {
            let Some(back) = opposites(board, &dirs_of(*relation, dirs, None)) else { return Shape::Forward };
            Shape::Hop { relation: *relation, dirs: back, screen: screen.clone(), max_after: *max_after }
        }
        Pattern::Leap { legs, blockable } => {
            // Every concrete sequence of steps the legs allow, then each reversed.
            let mut paths: Vec<Steps> = Vec::new();
            let mut stack: Vec<(usize, Steps, Option<DirectionId>)> = vec![(0, vec![], None)];
            while let Some((i, path, prev)) = stack.pop() {
                let Some(leg) = legs.get(i) else {
                    paths.push(path);
                    continue;
                };
                for d in dirs_of(leg.relation, &leg.dirs, prev) {
                    let mut p = path.clone();
                    p.extend(std::iter::repeat_n((leg.relation, d), leg.count as usize));
                    stack.push((i + 1, p, Some(d)));
                }
            }
            let mut reversed = Vec::new();
            for p in paths {
                let mut r = Vec::with_capacity(p.len());
                for &(rel, d) in p.iter().rev() {
                    let Some(o) = board.directions()[d.0 as usize].opposite else { return Shape::Forward };
                    r.push((rel, o));
                }
                if !r.is_empty() && !reversed.contains(&r) {
                    reversed.push(r);
                }
            }
            Shape::Leap { paths: reversed, blockable: *blockable }
        }
        Pattern::Walk { .. } => Shape::Forward,
        Pattern::Place | Pattern::Drop | Pattern::Castle { .. } => Shape::Forward,
    }
}

/// One step along `dir` of `rel` from `n` as the board stands in `cells` (a step that jumps over an
/// occupied node is blocked).
#[inline]
fn step(board: &Board, cells: &[Option<Piece>], rel: RelationId, dir: DirectionId, n: NodeId) -> NodeId {
    let via = board.next_via(rel, dir, n);
    if via.is_some() && cells[via.idx()].is_some() { NodeId::NONE } else { board.next(rel, dir, n) }
}

/// Whether `victim`, standing on `target` of the board `cells` (which may differ from the position's
/// own, for a move being tried), could be captured at once by a hostile seat.
///
/// ```
/// use qipan::core::{notation::parse_move, rules::attack::attacked};
///
/// let game = qipan::load("chess", &[])?;
/// let mut pos = game.start();
/// let f7 = game.board.find("f7").unwrap();
/// let pawn = pos.cell(f7).unwrap();
/// assert!(!attacked(&pos, pos.cells(), f7, pawn));
/// for text in ["e2-e4", "e7-e5", "d1-h5"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// assert!(attacked(&pos, pos.cells(), f7, pawn), "the queen on h5 attacks f7");
/// // On a board with a piece on g6 it would not be.
/// let mut cells = pos.cells().to_vec();
/// cells[game.board.find("g6").unwrap().idx()] = Some(pawn);
/// assert!(!attacked(&pos, &cells, f7, pawn));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn attacked(pos: &Position, cells: &[Option<Piece>], target: NodeId, victim: Piece) -> bool {
    attacked_with(pos, cells, target, victim, &mut None)
}

/// Whether `victim` on `target` could be captured at once, sharing the moves of rules run forwards
/// with earlier questions asked with the same `forwards`.
fn attacked_with(
    pos: &Position,
    cells: &[Option<Piece>],
    target: NodeId,
    victim: Piece,
    forwards: &mut Forwards,
) -> bool {
    let game = pos.game();
    let seats = game.seats.len() as u8;
    let by = |s: u8| pos.is_alive(s) && pos.hostile(s, victim.seat);
    // Reversed rules of every seat first, then the rules run forwards (see `AttackTable::build`).
    (0..seats).any(|s| by(s) && attacked_by(pos, cells, target, victim, s, false, forwards))
        || (game.attack_table().runs_forwards
            && (0..seats).any(|s| by(s) && attacked_by(pos, cells, target, victim, s, true, forwards)))
}

/// Attacks on the pieces of one board, asked about node after node: a check test asks about every
/// protected piece after a move is tried. Rules run forwards generate each piece's moves at most once
/// per probe, however many nodes are asked about, so the test is linear in pieces × reachable nodes.
///
/// ```
/// use qipan::core::{notation::parse_move, rules::attack::AttackProbe};
///
/// let game = qipan::load("chess", &[])?;
/// let mut pos = game.start();
/// for text in ["e2-e4", "e7-e5", "d1-h5"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// let at = |label| game.board.find(label).unwrap();
/// let mut probe = AttackProbe::new(&pos, pos.cells());
/// assert!(probe.attacked(at("f7")), "the queen on h5 attacks f7");
/// assert!(!probe.attacked(at("e8")) && !probe.attacked(at("h5")));
/// assert!(!probe.attacked(at("e4")), "an empty node is never attacked");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct AttackProbe<'a> {
    pos: &'a Position,
    cells: &'a [Option<Piece>],
    forwards: Forwards,
}

impl<'a> AttackProbe<'a> {
    /// A probe of `cells`, a board of `pos` or one that differs from it by a move being tried (which
    /// never adds a piece type to the other side).
    pub fn new(pos: &'a Position, cells: &'a [Option<Piece>]) -> Self {
        AttackProbe { pos, cells, forwards: None }
    }

    /// Whether the piece on `target` could be captured at once (`false` for an empty node).
    pub fn attacked(&mut self, target: NodeId) -> bool {
        let Some(victim) = self.cells[target.idx()] else { return false };
        attacked_with(self.pos, self.cells, target, victim, &mut self.forwards)
    }
}

/// The moves generated so far by rules run forwards; `None` until the first rule is run (most check
/// tests never run one).
type Forwards = Option<Box<ForwardState>>;

/// Rules run forwards on a copy of the position with the board asked about.
struct ForwardState {
    copy: Position,
    /// The node that the copy holds a victim on, when it differs from the board asked about.
    placed: NodeId,
    runs: Vec<ForwardRun>,
}

/// One rule of one seat's piece type, run forwards from its pieces one by one.
struct ForwardRun {
    seat: u8,
    piece: u8,
    rule: usize,
    /// The nodes of the pieces it runs from, and how many have been run.
    from: Vec<NodeId>,
    done: usize,
    /// The nodes the moves so far capture on.
    hits: NodeSet,
}

/// Whether pieces of seat `s` could capture `victim` on `target`.
fn attacked_by(
    pos: &Position,
    cells: &[Option<Piece>],
    target: NodeId,
    victim: Piece,
    s: u8,
    run_forwards: bool,
    forwards: &mut Forwards,
) -> bool {
    let game = pos.game();
    let board = &game.board;
    let occ = |n: NodeId| if n == target { Some(victim) } else { cells[n.idx()] };
    let table = game.attack_table();
    let Some(list) = table.seats.get(s as usize) else { return false };
    let split = table.forward_from[s as usize];
    let list = if run_forwards { &list[split..] } else { &list[..split] };
    // Piece types of `s` on the board (`cells` may differ from the position's board only by the move
    // being tried, which never adds a type to the other side).
    let present = pos.types_present(s);
    if table.filterable() && !pos.placed(s).iter().any(|&x| table.reaches(target, x)) {
        // No piece of `s` stands anywhere an attack on `target` could come from or pass.
        return false;
    }
    for a in list {
        if a.mask & present == 0 && a.rule.is_none_or(|(p, _)| p < 64) {
            continue;
        }
        // The rule's own conditions, for a piece of type `piece` of `s` on `at`.
        let rule_ok = |at: NodeId, piece: u8| -> bool {
            let Some((_, ri)) = a.rule else {
                return a.to_fast.is_some_and(|f| f.allows_occupant(pos, s, target, Some(victim)));
            };
            let rule = &game.pieces[piece as usize].moves[ri];
            (rule.when == Cond::True || rule.when.eval_with(pos, s, NodeId::NONE, &occ))
                && (rule.from == Cond::True || rule.from.eval_with(pos, s, at, &occ))
                && match &rule.to_fast {
                    Some(f) => f.allows_occupant(pos, s, target, Some(victim)),
                    None => rule.to.eval_with(pos, s, target, &occ),
                }
        };
        let hit = |at: NodeId| -> bool {
            let Some(p) = cells[at.idx()] else { return false };
            if p.seat != s {
                return false;
            }
            let is_type = match a.rule {
                Some((piece, _)) => p.piece == piece,
                None => p.piece < 64 && a.mask & (1 << p.piece) != 0,
            };
            is_type && pos.can_capture(s, p.piece, victim) && rule_ok(at, p.piece)
        };
        let found = match &a.shape {
            Shape::Line { relation, dirs, reach, links } => {
                let mut found = false;
                let max = reach.iter().map(|r| r.2).max().unwrap_or(0);
                let rays = game.has_rays(*relation);
                // The first piece met `k` nodes along the line attacks the target if some way of
                // attacking reaches that far with that piece type.
                let struck = |piece: u8, k: u8, x: NodeId| {
                    let bit = if piece < 64 { 1u64 << piece } else { 0 };
                    reach.iter().any(|&(m, lo, hi)| (m & bit != 0 || a.rule.is_some()) && k >= lo && k <= hi) && hit(x)
                };
                for &d in dirs {
                    if rays {
                        let ray = game.ray(*relation, d, target).unwrap_or(&[]);
                        for (i, &x) in ray.iter().take(max as usize).enumerate() {
                            if let Some(p) = cells[x.idx()] {
                                found = struck(p.piece, i as u8 + 1, x);
                                break;
                            }
                        }
                        if found {
                            break;
                        }
                        continue;
                    }
                    let mut x = target;
                    for k in 1..=max {
                        x = step(board, cells, *relation, d, x);
                        if !x.is_some() || x == target {
                            break;
                        }
                        if let Some(p) = cells[x.idx()] {
                            found = struck(p.piece, k, x);
                            break;
                        }
                    }
                    if found {
                        break;
                    }
                }
                if !found && *links {
                    found = board
                        .edges(*relation, target)
                        .iter()
                        .any(|e| e.dir.is_none() && (!e.via.is_some() || cells[e.via.idx()].is_none()) && hit(e.to));
                }
                found
            }
            Shape::Leap { paths, blockable } => paths.iter().any(|path| {
                let mut x = target;
                for (i, &(rel, d)) in path.iter().enumerate() {
                    if i > 0 && *blockable && x != target && occ(x).is_some() {
                        return false;
                    }
                    x = if *blockable { step(board, cells, rel, d, x) } else { board.next(rel, d, x) };
                    if !x.is_some() {
                        return false;
                    }
                }
                x != target && hit(x)
            }),
            Shape::Hop { relation, dirs, screen, max_after } => dirs.iter().any(|&d| {
                let mut x = target;
                let mut k = 0u32;
                loop {
                    x = step(board, cells, *relation, d, x);
                    k += 1;
                    if !x.is_some() || x == target || k as usize > board.len() {
                        return false;
                    }
                    if cells[x.idx()].is_some() {
                        break;
                    }
                }
                if (*max_after != 255 && k > *max_after as u32) || !screen.eval_with(pos, s, x, &occ) {
                    return false;
                }
                for _ in 0..board.len() {
                    x = step(board, cells, *relation, d, x);
                    if !x.is_some() || x == target {
                        return false;
                    }
                    if cells[x.idx()].is_some() {
                        return hit(x);
                    }
                }
                false
            }),
            Shape::Forward => forward(pos, cells, target, victim, s, a.rule, forwards),
        };
        if found {
            return true;
        }
    }
    false
}

/// The slow way, for rules that cannot be reversed: generate the rule's moves from the pieces of the
/// type on a copy of the position with the given board, until one captures on `target`. What was
/// generated stays in `forwards` for the next node asked about on the same board.
fn forward(
    pos: &Position,
    cells: &[Option<Piece>],
    target: NodeId,
    victim: Piece,
    s: u8,
    rule: Option<(u8, usize)>,
    forwards: &mut Forwards,
) -> bool {
    let Some((piece, ri)) = rule else { return false };
    let game = pos.game();
    let board = &game.board;
    // The copy holds `victim` on `target`; when the board asked about has another occupant there, the
    // moves generated depend on the target, and are not shared.
    let shared = cells[target.idx()] == Some(victim);
    if !shared || forwards.as_ref().is_some_and(|f| f.placed.is_some()) {
        *forwards = None;
    }
    let forwards = forwards.get_or_insert_with(|| {
        let mut copy = pos.clone();
        for n in board.node_ids() {
            let want = if n == target { Some(victim) } else { cells[n.idx()] };
            if copy.cell(n) != want {
                copy.set_cell(n, want);
            }
        }
        let placed = if shared { NodeId::NONE } else { target };
        Box::new(ForwardState { copy, placed, runs: Vec::new() })
    });
    let copy = &forwards.copy;
    let run = match forwards.runs.iter().position(|r| (r.seat, r.piece, r.rule) == (s, piece, ri)) {
        Some(i) => &mut forwards.runs[i],
        None => {
            let from = board.node_ids().filter(|&n| copy.cell(n) == Some(Piece { seat: s, piece })).collect();
            forwards.runs.push(ForwardRun { seat: s, piece, rule: ri, from, done: 0, hits: NodeSet::new(board.len()) });
            forwards.runs.last_mut().expect("just pushed")
        }
    };
    if run.hits.contains(target) {
        return true;
    }
    let rule = &game.pieces[piece as usize].moves[ri];
    if rule.when != Cond::True && !rule.when.eval(copy, s, NodeId::NONE) {
        run.done = run.from.len();
        return false;
    }
    let mut scratch = Scratch::default();
    let mut out = Vec::new();
    while run.done < run.from.len() {
        let n = run.from[run.done];
        run.done += 1;
        if rule.from != Cond::True && !rule.from.eval(copy, s, n) {
            continue;
        }
        out.clear();
        super::pattern::generate(rule, copy, s, piece, n, &mut scratch, &mut out);
        for m in &out {
            if m.kind == crate::moves::MoveKind::Move {
                run.hits.insert(m.to);
            }
            if m.take.is_some() {
                run.hits.insert(m.take);
            }
        }
        if run.hits.contains(target) {
            return true;
        }
    }
    false
}

/// Whether an attack by `rule` can be kept as a witness ([`StandingAttacks`]): a walk whose
/// conditions look only at the node they are given, so that one walk to the target depends only on
/// the nodes along it.
fn witnessable(rule: &MoveRule) -> bool {
    matches!(&rule.pattern, Pattern::Walk { reset, .. } if local(reset))
        && rule.shot.is_none()
        && rule.capture != CaptureMode::Passer
        && local(&rule.when)
        && local(&rule.from)
        && local(&rule.to)
}

/// The attacks by walks on the protected pieces of the side to move in one position, each with the
/// nodes it depends on. A move that changes none of the nodes of one of them leaves that piece
/// attacked, so it is refused without running every enemy walk again: a check test costs a few bit
/// tests instead of a move generation, and legal move generation stays linear in pieces × reachable
/// nodes.
#[derive(Clone, Debug, Default)]
pub(crate) struct StandingAttacks {
    /// The position they were found in (its game, and [`Position`]'s check key); 0 for none.
    key: (usize, u64),
    /// One set of nodes per attack found; the first `len` are in use.
    deps: Vec<NodeSet>,
    len: usize,
    /// The protected pieces with an attack found.
    attacked: Option<NodeSet>,
    scratch: Scratch,
    out: Vec<Move>,
}

impl StandingAttacks {
    /// Finds the attacks on `royals` (the nodes of the mover's protected pieces) in `pos`, unless
    /// they were found for this position (`key`) already.
    pub(crate) fn find(&mut self, pos: &Position, key: u64, royals: &[NodeId]) {
        let game = pos.game();
        if !game.attack_table().witnesses {
            self.len = 0;
            return;
        }
        let key = (std::ptr::from_ref(game) as usize, key);
        if self.key == key {
            return;
        }
        if self.key.0 != key.0 {
            // Sets sized for another game's board.
            *self = StandingAttacks::default();
        }
        self.key = key;
        self.len = 0;
        let table = game.attack_table();
        let board = &game.board;
        let StandingAttacks { deps, len, attacked, scratch, out, .. } = self;
        let attacked = attacked.get_or_insert_with(|| NodeSet::new(board.len()));
        attacked.clear();
        for (s, list) in table.seats.iter().enumerate() {
            let s = s as u8;
            if !pos.is_alive(s) {
                continue;
            }
            for a in list {
                let Some((piece, ri)) = a.rule.filter(|_| a.shape == Shape::Forward) else { continue };
                let rule = &game.pieces[piece as usize].moves[ri];
                if !witnessable(rule) || (rule.when != Cond::True && !rule.when.eval(pos, s, NodeId::NONE)) {
                    continue;
                }
                for &at in pos.placed(s) {
                    if pos.cell(at) != Some(Piece { seat: s, piece })
                        || (rule.from != Cond::True && !rule.from.eval(pos, s, at))
                    {
                        continue;
                    }
                    out.clear();
                    super::pattern::generate(rule, pos, s, piece, at, scratch, out);
                    for &r in royals {
                        let Some(victim) = pos.cell(r) else { continue };
                        if attacked.contains(r) || !pos.hostile(s, victim.seat) || !out.iter().any(|m| m.captures_on(r))
                        {
                            continue;
                        }
                        if *len == deps.len() {
                            deps.push(NodeSet::new(board.len()));
                        }
                        let set = &mut deps[*len];
                        set.clear();
                        if super::pattern::walk_witness(pos, Piece { seat: s, piece }, at, rule, r, scratch, set) {
                            attacked.insert(r);
                            *len += 1;
                        }
                    }
                }
            }
        }
    }

    /// Whether `mv` leaves one of the attacks found standing: it changes none of the nodes that attack
    /// depends on, so a protected piece stays attacked.
    #[inline]
    pub(crate) fn survive(&self, mv: &Move) -> bool {
        if self.len == 0 {
            return false;
        }
        let changed = [mv.from, mv.to, mv.take, mv.with_from, mv.with_to];
        self.deps[..self.len].iter().any(|d| changed.iter().all(|&n| !n.is_some() || !d.contains(n)))
    }
}
