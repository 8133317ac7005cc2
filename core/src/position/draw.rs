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
                && rule.after == Cond::True
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

/// Counting slides and building the one drawn, as random playouts do in a game where [`slides_only`]
/// holds: the same move, ply by ply, as drawing from the full list of legal moves.
///
/// ```
/// use qipan::core::playout::{PlayoutBuf, random_playout};
/// use rand::{Rng, SeedableRng};
///
/// let game = qipan::load("hnefatafl", &[])?;
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
/// let (mut pos, mut buf) = (game.start(), PlayoutBuf::default());
/// for _ in 0..20 {
///     let legal = pos.legal_moves();
///     let expected = legal[rng.clone().random_range(0..legal.len())];
///     random_playout(&mut pos, &mut rng, &mut buf, 1)?;
///     assert_eq!(pos.last_move(), Some(expected));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
        let (mut occupied, mut movers) = ([0u64; 2], [0u64; 2]);
        for (s, nodes) in self.placed.iter().enumerate() {
            let moves = self.movable_by(self.to_move, crate::SeatId(s as u8)) as u64;
            for &n in nodes {
                let (w, bit) = (n.idx() >> 6 & 1, n.idx() & 63);
                occupied[w] |= 1 << bit;
                movers[w] |= moves << bit;
            }
        }
        let occupied = occupied[0] as u128 | (occupied[1] as u128) << 64;
        let mut movers = movers[0] as u128 | (movers[1] as u128) << 64;
        // In node order, as the generator goes.
        while movers != 0 {
            let n = NodeId(movers.trailing_zeros() as u16);
            movers &= movers - 1;
            let Some(c) = self.cells[n.idx()] else { continue };
            let mut k = 0;
            for rule in masks.rules_of(c) {
                for &(line, rising) in &rule.lines {
                    k += self.ray_moves(masks, rule, occupied, line, rising, n, c).0;
                }
            }
            if k > 0 {
                counts.push((n, k));
                total += k;
            }
        }
        total
    }

    /// The moves of the piece `c` on `from` along one line, read off bit masks: the nodes before the
    /// first piece (told by the two nodes' places along the line) less those the rule bars, and that
    /// piece if it may be taken. Returns the count and the first piece's node (`u32::MAX` if none).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn ray_moves(
        &self,
        masks: &SlideMasks,
        rule: &RuleMask,
        occupied: u128,
        line: u32,
        rising: bool,
        from: NodeId,
        c: Piece,
    ) -> (u32, u32) {
        let base = line as usize * masks.nodes;
        let ray = &masks.rays[base + from.idx()];
        let blockers = ray.nodes & occupied;
        let first = match (blockers, rising) {
            (0, _) => u32::MAX,
            (b, true) => b.trailing_zeros(),
            (b, false) => 127 - b.leading_zeros(),
        };
        let mut count = 0;
        if rule.open != 0 {
            count = match first {
                u32::MAX => ray.len as u32,
                f => masks.rays[base + f as usize].place.abs_diff(ray.place) as u32 - 1,
            };
            if ray.nodes & !rule.open != 0 {
                // Barred nodes on the line: those before the first piece are no moves.
                let before = match (first, rising) {
                    (u32::MAX, _) => ray.nodes,
                    (f, true) => ray.nodes & ((1u128 << f) - 1),
                    (f, false) => ray.nodes & ((!0u128 << f) << 1),
                };
                // Few barred nodes: cleared bit by bit (cheaper than a count of all the bits).
                let mut barred = before & !rule.open;
                while barred != 0 {
                    count -= 1;
                    barred &= barred - 1;
                }
            }
        }
        if rule.slide_to & !1 != 0
            && first != u32::MAX
            && rule.free >> first & 1 != 0
            && crate::rules::pattern::plain_allows(self, c.seat, c.piece, rule.slide_to, NodeId(first as u16))
        {
            count += 1;
        }
        (count, first)
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
/// then its lowest or highest occupied bit, and the moves before it the distance along the line.
#[derive(Clone, Debug)]
pub(crate) struct SlideMasks {
    nodes: usize,
    /// Per relation, direction and node (as [`Game::ray`]): the ray.
    rays: Vec<RayMask>,
    /// Per seat and piece type (at `seat * pieces + piece`), its rules.
    rules: Vec<Vec<RuleMask>>,
    pieces: usize,
}

/// One ray: its nodes, how many they are, and how many nodes the line has before its start.
#[derive(Clone, Copy, Debug, Default)]
struct RayMask {
    nodes: u128,
    len: u8,
    place: u8,
}

/// One slide rule, for one seat.
#[derive(Clone, Debug)]
struct RuleMask {
    /// The nodes the mover may stop on when they are empty, and those outside the barred zones.
    open: u128,
    free: u128,
    /// [`crate::rules::MoveRule::slide_to`].
    slide_to: u8,
    /// Its lines (relation and direction, as `relation * directions + direction`) in the generator's
    /// order, each with whether node numbers rise along it.
    lines: Vec<(u32, bool)>,
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
        let mut rays = vec![RayMask::default(); board.relation_names().len() * nd * n];
        let mut rules = Vec::new();
        for seat in game.seat_ids() {
            for p in &game.pieces {
                let mut masks = Vec::new();
                for rule in &p.moves {
                    let Pattern::Slide { relation, ref dirs, min, max } = rule.pattern else { return None };
                    if min > 1 || (max as usize) < n.min(255) {
                        return None;
                    }
                    let free = board
                        .node_ids()
                        .filter(|&x| board.zones_of(x) & rule.slide_barred == 0)
                        .fold(0u128, |m, x| m | 1 << x.idx());
                    let open = if rule.slide_to & 1 != 0 { free } else { 0 };
                    let mut lines = Vec::new();
                    for &d in dirs_of(game, seat, relation, dirs).as_slice() {
                        let line = relation.0 as usize * nd + d.0 as usize;
                        lines.push((line as u32, Self::fill(game, &mut rays[line * n..(line + 1) * n], relation, d)?));
                    }
                    masks.push(RuleMask { open, free, slide_to: rule.slide_to, lines });
                }
                rules.push(masks);
            }
        }
        Some(SlideMasks { nodes: n, rays, rules, pieces: game.pieces.len() })
    }

    /// Fills the rays of one line (relation and direction) from every node; whether node numbers rise
    /// along them, or `None` when they go both ways.
    fn fill(
        game: &Game,
        rays: &mut [RayMask],
        relation: crate::board::RelationId,
        d: crate::board::DirectionId,
    ) -> Option<bool> {
        let (mut up, mut down) = (true, true);
        for r in rays.iter_mut() {
            *r = RayMask::default();
        }
        for x in game.board.node_ids() {
            let ray = game.ray(relation, d, x).unwrap_or(&[]);
            let mut last = x;
            rays[x.idx()].len = ray.len() as u8;
            for &at in ray {
                up &= at.idx() > last.idx();
                down &= at.idx() < last.idx();
                last = at;
                rays[x.idx()].nodes |= 1 << at.idx();
            }
            for &at in ray {
                // Each node of the ray has one more node before it on the line.
                rays[at.idx()].place += 1;
            }
        }
        (up || down).then_some(up)
    }

    /// The rules of the piece `c`, for its seat.
    #[inline]
    fn rules_of(&self, c: Piece) -> &[RuleMask] {
        &self.rules[c.seat.idx() * self.pieces + c.piece.idx()]
    }
}
