//! The attack table: every capture rule of every piece type reversed once per game and seat
//! ([`AttackTable::build`]), so that an attack is a few line scans back from the attacked node, and
//! per node the nodes whose occupants can make a difference to attacks on it.

use super::forward::witnessable;
use super::local;
use crate::PieceId;
use crate::board::{Board, DirectionId, NodeId, RelationId};
use crate::game::PieceType;
use crate::rules::cond::FastTarget;
use crate::rules::pattern::Backwards;
use crate::rules::{CaptureMode, Cond, MoveRule};

/// A path of single steps.
pub(crate) type Steps = Vec<(RelationId, DirectionId)>;

/// The shape of an attack, as seen from the attacked node.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Shape {
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
pub(super) struct Attack {
    pub(super) shape: Shape,
    /// The piece types that attack this way (one bit each; types past 63 are never merged).
    pub(super) mask: u64,
    /// The rule, when its conditions must be checked (types past 63, or `from`/`if` clauses, or a
    /// destination condition without a fast form): (piece type, rule index).
    pub(super) rule: Option<(PieceId, usize)>,
    /// The destination condition in fast form, for merged rules.
    pub(super) to_fast: Option<FastTarget>,
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
    pub(super) seats: Vec<Vec<Attack>>,
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
    pub(super) forward_from: Vec<usize>,
    /// Whether some seat has rules run forwards.
    pub(super) runs_forwards: bool,
    /// Whether some rule run forwards can keep witnesses of its attacks
    /// ([`StandingAttacks`](super::StandingAttacks)).
    pub(super) witnesses: bool,
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
                        let shape = if rule.shot.is_some() {
                            Shape::Forward
                        } else {
                            rule.pattern.reverse(&Backwards { board, relation_dirs, forward: fwd })
                        };
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
                            rule: (!plain).then_some((PieceId::new(pi as u8), ri)),
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
                        let r = &pieces[p.idx()].moves[ri];
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
            a.shape == Shape::Forward && a.rule.is_some_and(|(p, ri)| witnessable(&pieces[p.idx()].moves[ri]))
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
    if !rule.pattern.may_capture() || rule.capture == CaptureMode::Passer {
        return false;
    }
    // An attack test never asks another: a rule that tests attacks (`if not in-check`) does not attack.
    if [&rule.from, &rule.to, &rule.when].into_iter().any(Cond::tests_attacks) {
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
