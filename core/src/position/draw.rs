//! One move drawn at random without building the others, in games whose every move is a plain slide
//! (the tafl games): a playout counts each mover's destinations ray by ray, draws a number, and builds
//! only the move that number names. Movers, rules, directions and nodes are counted in the order
//! [`Position::generate_legal`] lists the moves, so the move drawn is the one the full list holds at
//! the same index: the same games as the general path, without writing a hundred moves a ply.

use super::{Piece, Position};
use crate::board::NodeId;
use crate::moves::Move;
use crate::rules::{CapturePriority, Cond, DirSel, PassRule, Pattern, Repetition};
use crate::{Game, PieceId};

/// Whether every legal move of `game` is a plain slide, so that playouts may draw a move by counting:
/// each rule a `slide` along lines the game has worked out, with a destination judged by its occupant
/// and zones alone (no promotion, shot, `from`, `if`, or step over links), and nothing beyond the
/// movement rules that adds, removes, splits or refuses moves (check, ko, hooks, passes, extra
/// actions, the pie rule, required or preferred or chosen captures, removals, moves made twice).
///
/// ```
/// use qipan::core::position::slides_only;
///
/// assert!(slides_only(&*qipan::load("hnefatafl", &[])?));
/// // Chess has a check rule; the Amazons' move is followed by an arrow; Go places.
/// for name in ["chess", "amazons", "go"] {
///     assert!(!slides_only(&*qipan::load(name, &[])?), "{name}");
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn slides_only(game: &Game) -> bool {
    let rules = &game.rules;
    let plain_game = game.hooks.is_none()
        && game.extras.is_empty()
        && rules.pass == PassRule::Never
        && rules.pass_if.is_none()
        && !rules.swap
        && rules.group_capture.is_none()
        && rules.repetition == Repetition::None
        && !game.has_check_rule()
        && !game.has_step_table()
        && !rules.capture_required()
        && !rules.removes()
        && !rules.captures.iter().any(|r| r.form.chosen())
        && rules.capture_priority == CapturePriority::Free;
    let plain_rule = |rule: &crate::rules::MoveRule| match rule.pattern {
        Pattern::Slide { relation, ref dirs, min, max } => {
            game.has_rays(relation)
                && rule.slide_to != 0
                && rule.when == Cond::True
                && rule.from == Cond::True
                // A step in every direction takes links too, which no ray holds.
                && !(matches!(dirs, DirSel::All) && max == 1 && min <= 1)
        }
        _ => false,
    };
    plain_game
        && game
            .pieces
            .iter()
            .enumerate()
            .all(|(i, p)| !game.may_repeat(PieceId::new(i as u8)) && p.moves.iter().all(plain_rule))
}

impl Position {
    /// The number of legal moves of the seat to move, in a game where [`slides_only`] holds. Each
    /// mover with a move goes to `counts` with its number of moves, for [`Position::nth_slide`].
    pub(crate) fn count_slides(&self, counts: &mut Vec<(NodeId, u32)>) -> u32 {
        counts.clear();
        let mut total = 0;
        let Some(masks) = self.game.slide_masks.as_ref() else {
            for (i, cell) in self.cells.iter().enumerate() {
                let Some(c) = *cell else { continue };
                if !self.movable_by(self.to_move, c.seat) {
                    continue;
                }
                let (k, _) = self.slides_from(NodeId(i as u16), c, u32::MAX);
                if k > 0 {
                    counts.push((NodeId(i as u16), k));
                    total += k;
                }
            }
            return total;
        };
        // The board as two sets of bits, from the pieces' lists: all the pieces, and those that move.
        let (mut occupied, mut movers) = (0u128, 0u128);
        for (s, nodes) in self.placed.iter().enumerate() {
            let moves = self.movable_by(self.to_move, crate::SeatId(s as u8));
            for &n in nodes {
                occupied |= 1 << n.idx();
                movers |= (moves as u128) << n.idx();
            }
        }
        // In node order, as the generator goes.
        while movers != 0 {
            let n = NodeId(movers.trailing_zeros() as u16);
            movers &= movers - 1;
            let Some(c) = self.cells[n.idx()] else { continue };
            let k = self.count_masked(masks, occupied, n, c);
            if k > 0 {
                counts.push((n, k));
                total += k;
            }
        }
        total
    }

    /// The number of moves of the piece `c` on `from`, read off bit masks: along each ray, the nodes
    /// before the first piece (told by the places of the two nodes along the line) less those the rule
    /// bars, and that piece if it may be taken.
    #[inline]
    fn count_masked(&self, masks: &SlideMasks, occupied: u128, from: NodeId, c: Piece) -> u32 {
        let game = &*self.game;
        let (n, nd) = (game.board.len(), game.board.directions().len());
        let mut count = 0;
        for (rule, &(open, free)) in game.pieces[c.piece.idx()].moves.iter().zip(&masks.rules[c.piece.idx()]) {
            let Pattern::Slide { relation, ref dirs, .. } = rule.pattern else { continue };
            let takes = rule.slide_to & !1 != 0;
            for &d in dirs_of(game, c.seat, relation, dirs).as_slice() {
                let line = relation.0 as usize * nd + d.0 as usize;
                let (at, ray) = (line * n + from.idx(), masks.rays[line * n + from.idx()]);
                let blockers = ray & occupied;
                let first = match (blockers, masks.rising[line]) {
                    (0, _) => u32::MAX,
                    (b, true) => b.trailing_zeros(),
                    (b, false) => 127 - b.leading_zeros(),
                };
                if open != 0 {
                    let steps = match first {
                        u32::MAX => masks.len[at],
                        f => masks.place[line * n + f as usize].abs_diff(masks.place[at]) - 1,
                    };
                    count += steps as u32;
                    if ray & !open != 0 {
                        // Barred nodes on the line: those before the first piece are no moves.
                        let before = match (first, masks.rising[line]) {
                            (u32::MAX, _) => ray,
                            (f, true) => ray & ((1u128 << f) - 1),
                            (f, false) => ray & ((!0u128 << f) << 1),
                        };
                        count -= (before & !open).count_ones();
                    }
                }
                if takes
                    && first != u32::MAX
                    && free >> first & 1 != 0
                    && crate::rules::pattern::plain_allows(self, c.seat, c.piece, rule.slide_to, NodeId(first as u16))
                {
                    count += 1;
                }
            }
        }
        count
    }

    /// The legal move at index `k` of [`Position::generate_legal`]'s list, from the `counts` that
    /// [`Position::count_slides`] has just made.
    pub(crate) fn nth_slide(&self, counts: &[(NodeId, u32)], mut k: u32) -> Option<Move> {
        for &(n, m) in counts {
            if k < m {
                let c = self.cells[n.idx()]?;
                return Some(Move::step(c.piece, n, self.slides_from(n, c, k).1));
            }
            k -= m;
        }
        None
    }

    /// The destinations of the piece `c` on `from`, counted in generation order up to the one at index
    /// `stop`: how many were counted, and where it stopped ([`NodeId::NONE`] if it did not).
    #[inline]
    fn slides_from(&self, from: NodeId, c: Piece, stop: u32) -> (u32, NodeId) {
        let game = &*self.game;
        let (zones, cells) = (&game.board, &self.cells[..]);
        let mut count = 0;
        for rule in &game.pieces[c.piece.idx()].moves {
            let Pattern::Slide { relation, ref dirs, min, max } = rule.pattern else { continue };
            let (allowed, barred) = (rule.slide_to, rule.slide_barred);
            let skip = (min as usize).saturating_sub(1);
            let dirs = dirs_of(game, c.seat, relation, dirs);
            for &d in dirs.as_slice() {
                let ray = game.ray(relation, d, from).unwrap_or(&[]);
                let ray = &ray[..ray.len().min(max as usize)];
                // The slide stops at the first piece (the mover itself, on a ray that comes round).
                let end = ray.iter().position(|&at| cells[at.idx()].is_some()).unwrap_or(ray.len());
                let open = &ray[skip.min(end)..end];
                let unbarred = |at: &&NodeId| zones.zones_of(**at) & barred == 0;
                let k = match (allowed & 1 != 0, barred == 0) {
                    (false, _) => 0,
                    (true, true) => open.len() as u32,
                    (true, false) => open.iter().filter(unbarred).count() as u32,
                };
                // The piece it stops at, when the rule lets the mover take it.
                let taken = allowed & !1 != 0
                    && end < ray.len()
                    && end >= skip
                    && ray[end] != from
                    && unbarred(&&ray[end])
                    && crate::rules::pattern::plain_allows(self, c.seat, c.piece, allowed, ray[end]);
                let here = k + taken as u32;
                if stop < count + here {
                    let i = stop - count;
                    let at =
                        if i == k { ray[end] } else { *open.iter().filter(unbarred).nth(i as usize).unwrap_or(&from) };
                    return (stop, at);
                }
                count += here;
            }
        }
        (count, NodeId::NONE)
    }
}

/// The directions a selector stands for, for `seat`, as the generator works them out.
fn dirs_of<'g>(game: &'g Game, seat: crate::SeatId, relation: crate::board::RelationId, sel: &DirSel) -> Dirs<'g> {
    match sel {
        DirSel::All => Dirs::Table(game.relation_dirs(relation)),
        sel => match game.cached_dirs(seat, relation, sel, None) {
            Some(d) => Dirs::Table(d),
            None => Dirs::Chosen(crate::rules::pattern::choose_dirs_in(
                &game.board,
                game.relation_dirs(relation),
                game.seat_forward(seat),
                sel,
                None,
            )),
        },
    }
}

/// Directions borrowed from the game's tables, or chosen for the call.
enum Dirs<'a> {
    Table(&'a [crate::board::DirectionId]),
    Chosen(crate::rules::pattern::DirList),
}

impl Dirs<'_> {
    fn as_slice(&self) -> &[crate::board::DirectionId] {
        match self {
            Dirs::Table(d) => d,
            Dirs::Chosen(l) => l.as_slice(),
        }
    }
}

/// The rays of a game of plain slides as bit masks, when the board has at most 128 nodes and every
/// line runs through rising or falling node numbers (grids, as generated): the first piece on a ray is
/// then its lowest or highest occupied bit, and the moves before it a count of bits.
#[derive(Clone, Debug)]
pub(crate) struct SlideMasks {
    /// Per relation, direction and node (as [`Game::ray`]), the nodes of the ray.
    rays: Vec<u128>,
    /// Per relation and direction: whether node numbers rise along its rays (else they fall).
    rising: Vec<bool>,
    /// Per relation, direction and node: how many nodes the line has before it, and after it (the ray).
    place: Vec<u8>,
    len: Vec<u8>,
    /// Per piece type and rule: the nodes the mover may stop on when empty, and those it may stop on
    /// at all (outside the barred zones).
    rules: Vec<Vec<(u128, u128)>>,
}

impl SlideMasks {
    /// The masks of `game`, if [`slides_only`] holds, the board is small enough, no slide is bounded
    /// and every line a slide follows runs one way through the node numbers.
    pub(crate) fn build(game: &Game) -> Option<SlideMasks> {
        let board = &game.board;
        let (n, nd) = (board.len(), board.directions().len());
        if n > 128 || !slides_only(game) {
            return None;
        }
        let nr = board.relation_names().len();
        let mut rays = vec![0u128; nr * nd * n];
        let mut rising = vec![true; nr * nd];
        let mut used = vec![false; nr];
        let (mut place, mut len) = (vec![0u8; nr * nd * n], vec![0u8; nr * nd * n]);
        let mut rules = Vec::new();
        for p in &game.pieces {
            let mut masks = Vec::new();
            for rule in &p.moves {
                let Pattern::Slide { relation, min, max, .. } = rule.pattern else { return None };
                if min > 1 || (max as usize) < n.min(255) {
                    return None;
                }
                used[relation.0 as usize] = true;
                let free = board
                    .node_ids()
                    .filter(|&x| board.zones_of(x) & rule.slide_barred == 0)
                    .fold(0u128, |m, x| m | 1 << x.idx());
                masks.push((if rule.slide_to & 1 != 0 { free } else { 0 }, free));
            }
            rules.push(masks);
        }
        for r in (0..nr).filter(|&r| used[r]) {
            let relation = crate::board::RelationId(r as u8);
            for d in 0..nd {
                let (mut up, mut down) = (true, true);
                for x in board.node_ids() {
                    let ray = game.ray(relation, crate::board::DirectionId(d as u8), x).unwrap_or(&[]);
                    let mut last = x;
                    len[(r * nd + d) * n + x.idx()] = ray.len() as u8;
                    for &at in ray {
                        // Each node of the ray has one more node before it.
                        place[(r * nd + d) * n + at.idx()] += 1;
                        up &= at.idx() > last.idx();
                        down &= at.idx() < last.idx();
                        last = at;
                        rays[(r * nd + d) * n + x.idx()] |= 1 << at.idx();
                    }
                }
                if !up && !down {
                    return None;
                }
                rising[r * nd + d] = up;
            }
        }
        Some(SlideMasks { rays, rising, place, len, rules })
    }
}
