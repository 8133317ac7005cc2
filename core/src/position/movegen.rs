//! Move generation: the pseudo-legal moves (movement rules only), and the legal moves among them (those
//! that pass the consequence tests of `legality.rs` and the check rule), with what movement rules read
//! of the position (moved pieces, en passant, open steps).

use super::{MoveBuf, Piece, Position};
use crate::ExtraId;
use crate::board::NodeId;
use crate::hooks::HookError;
use crate::moves::{Move, MoveKind};
use crate::rules::pattern::{self, Scratch};
use crate::rules::{PassRule, Repetition};

/// Generating moves: pseudo-legal (the movement rules alone) and legal.
///
/// ```
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// assert_eq!(pos.legal_moves().len(), 20);
/// assert!(pos.has_legal_move());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// Whether the piece on `n` (if any) has not moved: no move has started or ended on `n`.
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// let [e1, e2, e4] = ["e1", "e2", "e4"].map(|l| game.board.find(l).unwrap());
    /// assert!(pos.unmoved(e2));
    /// pos.play(&parse_move(&pos, "e2-e4")?)?;
    /// assert!(!pos.unmoved(e2) && !pos.unmoved(e4));
    /// assert!(pos.unmoved(e1)); // the king may still castle
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn unmoved(&self, n: NodeId) -> bool {
        self.moved[n.idx() >> 6] & (1 << (n.idx() & 63)) == 0
    }

    /// Whether the last move passed over `n` (so an enemy may now take the passer en passant).
    ///
    /// ```
    /// use qipan::core::notation::parse_move;
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// pos.play(&parse_move(&pos, "e2-e4")?)?;
    /// assert!(pos.is_passed(game.board.find("e3").unwrap()));
    /// assert!(!pos.is_passed(game.board.find("e4").unwrap()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_passed(&self, n: NodeId) -> bool {
        n.is_some() && self.passed.contains(&n)
    }

    /// The piece that the last move's passed nodes belong to ([`NodeId::NONE`] if none).
    ///
    /// ```
    /// use qipan::core::{board::NodeId, notation::parse_move};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// pos.play(&parse_move(&pos, "e2-e4")?)?;
    /// assert_eq!(pos.passer(), game.board.find("e4").unwrap());
    /// pos.play(&parse_move(&pos, "g8-f6")?)?; // a knight passes over nothing
    /// assert_eq!(pos.passer(), NodeId::NONE);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn passer(&self) -> NodeId {
        self.passer
    }

    /// The neighbour along `dir` of `rel`, or [`NodeId::NONE`] when there is none or when the step
    /// jumps over a node that is occupied (a same-colour jump needs the cell between empty).
    ///
    /// ```
    /// use qipan::core::board::NodeId;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let pos = game.start();
    /// let (orth, north) = (game.board.relation("orthogonal").unwrap(), game.board.direction("n").unwrap());
    /// let [e5, e6, e9] = ["E5", "E6", "E9"].map(|l| game.board.find(l).unwrap());
    /// assert_eq!(pos.next_open(orth, north, e5), e6);
    /// assert_eq!(pos.next_open(orth, north, e9), NodeId::NONE); // the edge of the board
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline(always)]
    pub fn next_open(&self, rel: crate::board::RelationId, dir: crate::board::DirectionId, n: NodeId) -> NodeId {
        let b = &self.game.board;
        let via = b.next_via(rel, dir, n);
        if via.is_some() && self.cells[via.idx()].is_some() { NodeId::NONE } else { b.next(rel, dir, n) }
    }

    /// Generates the pseudo-legal moves (movement rules only) of the seat to move into `out`: the
    /// pieces entering from supply or reserve, then each piece on the board the seat controls.
    #[inline]
    pub(super) fn pseudo_moves(&self, scratch: &mut Scratch, out: &mut Vec<Move>) {
        use crate::rules::CapturePriority;
        let priority = self.game.rules.capture_priority;
        if priority != CapturePriority::Free
            && self.game.capture_classes().is_some()
            && self.game.step_table().is_none()
        {
            // Each rule's moves all capture or none do: the others are needed only when no capture is
            // possible, and then none is to be preferred.
            self.pseudo_moves_until(scratch, out, Some(true), |_| false);
            if out.is_empty() {
                self.pseudo_moves_until(scratch, out, Some(false), |_| false);
                return;
            }
            if priority == CapturePriority::Maximum {
                crate::rules::priority::keep_priority(self, priority, out);
            }
            return;
        }
        self.pseudo_moves_until(scratch, out, None, |_| false);
        if self.game.rules.removes() && !scratch.first_part {
            // Each removal a move allows is its own move; drawn part by part, the move comes first.
            crate::rules::capture::remove::expand(self, out, &mut scratch.spare);
        }
        if priority != CapturePriority::Free {
            crate::rules::priority::keep_priority(self, priority, out);
        }
    }

    /// [`Position::pseudo_moves`], handing each piece's moves to `stop` as they are generated and
    /// stopping when it says so (returns whether it did). With `capturing`, only the rules whose moves
    /// capture (`Some(true)`) or do not (`Some(false)`), per [`Game::capture_classes`](crate::Game).
    fn pseudo_moves_until(
        &self,
        scratch: &mut Scratch,
        out: &mut Vec<Move>,
        capturing: Option<bool>,
        mut stop: impl FnMut(&[Move]) -> bool,
    ) -> bool {
        use crate::rules::Cond;
        out.clear();
        let seat = self.to_move;
        let game = &*self.game;
        if let Some(table) = game.step_table() {
            // Every move a plain step: read each piece's steps off the table, in the same order.
            for n in game.board.node_ids() {
                let Some(c) = self.cells[n.idx()] else { continue };
                if !self.movable_by(seat, c.seat) {
                    continue;
                }
                let start = out.len();
                table.moves_from(self, c.seat, c.piece, n, out);
                if out.len() > start && stop(&out[start..]) {
                    return true;
                }
            }
            return false;
        }
        if let Some(starts) = &game.sow_starts {
            crate::rules::pattern::sow_moves(self, starts, &mut scratch.seeds, out);
            return !out.is_empty() && stop(&out[..]);
        }
        // A rule's `if` is about the position, not the piece: judged once per rule and call, not once per
        // piece (a count over the board for each man would cost more than the moves).
        let mut judged = std::mem::take(&mut scratch.when);
        judged.clear();
        judged.resize(game.pieces.len(), (0, 0));
        let mut when = |pi: crate::PieceId, i: usize, rule: &crate::rules::MoveRule| {
            if matches!(rule.when, Cond::True) {
                return true;
            }
            if i >= 64 {
                return rule.when.eval(self, seat, NodeId::NONE);
            }
            let (known, holds) = &mut judged[pi.idx()];
            if *known & (1 << i) == 0 {
                *known |= 1 << i;
                if rule.when.eval(self, seat, NodeId::NONE) {
                    *holds |= 1 << i;
                }
            }
            *holds & (1 << i) != 0
        };
        let classes = game.capture_classes().unwrap_or(&[]);
        let wanted = |pi: crate::PieceId, ri: usize| capturing.is_none_or(|c| classes[pi.idx()][ri] == c);
        // Moves of different pieces (or from different nodes) always differ, so only each piece's own
        // moves may need deduplicating, and only when its rules can repeat a move (see `dedup_from`).
        let mut marks = std::mem::take(&mut scratch.marks);
        let words = game.board.len().div_ceil(64);
        marks.resize(2 * words, 0);
        for (pi, pt) in game.piece_ids().zip(&game.pieces) {
            let start = out.len();
            // The rules that made moves: those that never meet need no deduplication.
            let mut produced = 0u64;
            for (ri, rule) in pt.moves.iter().enumerate().filter(|(_, r)| r.pattern.enters()) {
                if wanted(pi, ri) && when(pi, ri, rule) {
                    let before = out.len();
                    pattern::generate(rule, self, seat, pi, NodeId::NONE, scratch, out);
                    self.keep_after(rule, out, before, &mut scratch.after_cells);
                    produced |= u64::from(out.len() > before) << ri.min(63);
                }
            }
            if game.may_repeat(pi) && out.len() > start && game.repeats_among(pi, produced) {
                dedup_from(out, &mut marks, start, words);
            }
            if out.len() > start && stop(&out[start..]) {
                scratch.marks = marks;
                scratch.when = judged;
                return true;
            }
        }
        if !game.placement_only() {
            // The pieces the seat moves, found once: the pass over the quiet rules (which follows the
            // pass over the capturing ones on the same position) reuses them.
            // Without passes, straight off the board.
            let mut movers = std::mem::take(&mut scratch.movers);
            let listed = capturing.is_some();
            if capturing == Some(true) {
                // From the seats' lists of pieces, in board order as a scan would find them: marked in
                // the (clear) first set of bits, then read back.
                movers.clear();
                for s in game.seat_ids().filter(|&s| self.movable_by(seat, s)) {
                    for &n in self.placed(s) {
                        marks[n.idx() >> 6] |= 1 << (n.idx() & 63);
                    }
                }
                for (w, word) in marks.iter_mut().enumerate().take(words) {
                    let mut bits = std::mem::take(word);
                    while bits != 0 {
                        let n = NodeId((w * 64 + bits.trailing_zeros() as usize) as u16);
                        bits &= bits - 1;
                        if let Some(c) = self.cells[n.idx()] {
                            movers.push((n, c));
                        }
                    }
                }
            }
            let (mut next, nodes) = (0, if listed { movers.len() } else { game.board.len() });
            while next < nodes {
                let (n, c) = if listed {
                    movers[next]
                } else {
                    let n = NodeId(next as u16);
                    match self.cells[next] {
                        Some(c) if self.movable_by(seat, c.seat) => (n, c),
                        _ => {
                            next += 1;
                            continue;
                        }
                    }
                };
                next += 1;
                let start = out.len();
                let mut produced = 0u64;
                for (ri, rule) in game.pieces[c.piece.idx()].moves.iter().enumerate() {
                    if rule.pattern.enters() || !wanted(c.piece, ri) || !when(c.piece, ri, rule) {
                        continue;
                    }
                    if rule.capture == crate::rules::CaptureMode::Passer && !self.passer.is_some() {
                        // En passant needs a move that has just passed a node.
                        continue;
                    }
                    if !matches!(rule.from, Cond::True) && !rule.from.eval_quick(self, c.seat, n) {
                        continue;
                    }
                    if rule.over_fast.is_some() && !pattern::may_jump_first(rule, self, c.seat, n) {
                        // A tabled jump with nothing to jump: most pieces, most of the time.
                        continue;
                    }
                    let before = out.len();
                    pattern::generate(rule, self, c.seat, c.piece, n, scratch, out);
                    self.keep_after(rule, out, before, &mut scratch.after_cells);
                    produced |= u64::from(out.len() > before) << ri.min(63);
                }
                if game.may_repeat(c.piece) && out.len() > start + 1 && game.repeats_among(c.piece, produced) {
                    dedup_from(out, &mut marks, start, words);
                }
                if out.len() > start && stop(&out[start..]) {
                    scratch.marks = marks;
                    scratch.when = judged;
                    scratch.movers = movers;
                    return true;
                }
            }
            scratch.movers = movers;
        }
        scratch.marks = marks;
        scratch.when = judged;
        false
    }

    /// Drops the moves of `rule` generated from `out[from..]` that fail its conditions judged after the
    /// move (`if not gives-mate`); nothing to do for the rules without any.
    #[inline]
    fn keep_after(
        &self,
        rule: &crate::rules::MoveRule,
        out: &mut Vec<Move>,
        from: usize,
        cells: &mut Vec<Option<Piece>>,
    ) {
        if matches!(rule.after, crate::rules::Cond::True) || out.len() == from {
            return;
        }
        let mut keep = from;
        for i in from..out.len() {
            let m = out[i];
            if self.holds_after(&rule.after, &m, cells) {
                out[keep] = m;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// Whether a movement rule of the moving piece produces `mv`. Generates only from the move's own
    /// start (or checks only its destination, for placements), so checking a move is cheap.
    pub(super) fn pattern_allows(&self, mv: &Move, scratch: &mut Scratch, out: &mut Vec<Move>) -> bool {
        use crate::rules::{Cond, Pattern};
        let seat = self.to_move;
        let Some(pt) = self.game.pieces.get(mv.piece.idx()) else { return false };
        for rule in &pt.moves {
            if !matches!(rule.when, Cond::True) && !rule.when.eval(self, seat, NodeId::NONE) {
                continue;
            }
            if !matches!(rule.after, Cond::True) && !self.holds_after(&rule.after, mv, &mut scratch.after_cells) {
                continue;
            }
            match (&rule.pattern, mv.kind) {
                (Pattern::Place, MoveKind::Place) if pattern::places_pair(rule, self, seat, mv.to, mv.with_to) => {
                    return true;
                }
                (Pattern::Place, MoveKind::Place) | (Pattern::Drop, MoveKind::Drop)
                    if !mv.with_to.is_some()
                        && rule.then_place.is_none()
                        && (match self.cells[mv.to.idx()] {
                            None => !mv.stack.onto() && rule.to.eval(self, seat, mv.to),
                            // `onto`: on top of a column.
                            Some(_) => mv.stack.onto() && rule.onto.as_ref().is_some_and(|c| c.eval(self, seat, mv.to)),
                        })
                        && (!self.game.rules.capture_required()
                            || crate::rules::capture::meets_required(self, seat, mv.piece, NodeId::NONE, mv.to)) =>
                {
                    return true;
                }
                (Pattern::Cover { .. }, MoveKind::Place) if pattern::covers(rule, self, seat, mv.to, mv.with_to) => {
                    return true;
                }
                (Pattern::Place | Pattern::Drop | Pattern::Cover { .. }, _) => {}
                (_, MoveKind::Move | MoveKind::Shoot | MoveKind::Sow) => {
                    let Some(owner) = self.cells[mv.from.idx()].map(|c| c.seat) else { continue };
                    if !matches!(rule.from, Cond::True) && !rule.from.eval(self, owner, mv.from) {
                        continue;
                    }
                    out.clear();
                    pattern::generate(rule, self, owner, mv.piece, mv.from, scratch, out);
                    if out.contains(mv) {
                        return true;
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// Generates the pseudo-legal moves (movement rules only, no check, repetition or hook tests) of
    /// the seat to move into `buf.moves`; [`Position::pseudo_is_legal`] then tells the legal ones.
    /// Playouts draw from these and test only the moves they draw.
    ///
    /// ```
    /// use qipan::core::{MoveBuf, Position};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// // White's king on e1 is in check from the rook on a1.
    /// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")?;
    /// let mut buf = MoveBuf::default();
    /// pos.generate_pseudo(&mut buf);
    /// assert_eq!(buf.moves.len(), 5); // d1 e2 f1 d2 f2, in check or not
    /// let moves = buf.moves.clone();
    /// assert_eq!(moves.iter().filter(|m| pos.pseudo_is_legal(m, &mut buf)).count(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate_pseudo(&self, buf: &mut MoveBuf) {
        buf.moves.clear();
        if self.is_over() {
            return;
        }
        let MoveBuf { moves, scratch, .. } = buf;
        self.pseudo_moves(scratch, moves);
    }

    /// Whether the seat to move has a legal move (stops at the first one found).
    ///
    /// ```
    /// use qipan::core::{Position, SeatId};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// assert!(game.start().has_legal_move());
    /// // Stalemate: Black's king on a8 is not attacked, but every step is.
    /// let pos = Position::from_fen(&game, "k7/8/1Q6/8/8/8/8/7K b - - 0 1")?;
    /// assert!(!pos.has_legal_move() && !pos.in_check(SeatId(1)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn has_legal_move(&self) -> bool {
        self.any_legal_move(false).unwrap_or(false)
    }

    /// [`Position::has_legal_move`]; with `strict`, a failing hook is an error instead of a refusal.
    pub(crate) fn any_legal_move(&self, strict: bool) -> Result<bool, HookError> {
        if self.is_over() {
            return Ok(false);
        }
        if self.game.rules.pass != PassRule::Never {
            // Passing is legal at least when nothing else is.
            return Ok(true);
        }
        if self.pass_offered(strict)? {
            return Ok(true);
        }
        let rules = &self.game.rules;
        let plain = rules.group_capture.is_none()
            && rules.repetition == Repetition::None
            && !self.filters_moves
            && !self.game.has_idle_walks()
            && !self.facing_now();
        if plain && self.game.placement_only() && !self.game.has_check_rule() {
            // Every rule places anywhere empty: a seat can move while a node is empty and it has a rule.
            let filled: usize = self.placed.iter().map(Vec::len).sum();
            let placer = self.game.pieces.iter().any(|p| !p.moves.is_empty());
            return Ok(placer && filled < self.cells.len());
        }
        thread_local! {
            static BUF: std::cell::RefCell<MoveBuf> = std::cell::RefCell::new(MoveBuf::default());
        }
        BUF.with(|b| {
            let Ok(mut b) = b.try_borrow_mut() else {
                let mut buf = MoveBuf::default();
                self.legal_into(&mut buf, strict)?;
                return Ok(!buf.moves.is_empty());
            };
            let MoveBuf { pseudo, scratch, cells, standing, .. } = &mut *b;
            if !plain {
                let _budget = self.budget();
                let mut failed = None;
                let found = self.pseudo_moves_until(scratch, pseudo, None, |ms| {
                    ms.iter().any(|m| match self.passes_consequences(m, strict) {
                        Ok(legal) => legal,
                        Err(e) => {
                            // Stop at the failure, and report it.
                            failed = Some(e);
                            true
                        }
                    })
                });
                return failed.map_or(Ok(found), Err);
            }
            if !self.game.has_check_rule() {
                return Ok(self.pseudo_moves_until(scratch, pseudo, None, |_| true));
            }
            cells.clear();
            cells.extend_from_slice(&self.cells);
            let royals = self.royal_nodes();
            let quick = self.quick_check_filter(&royals);
            standing.find(self, self.check_key(), &royals);
            Ok(self.pseudo_moves_until(scratch, pseudo, None, |ms| {
                ms.iter().any(|m| {
                    (quick && !self.may_expose(m, &royals))
                        || (!standing.survive(m) && self.royal_left_attacked(m, cells, &royals).is_none())
                })
            }))
        })
    }

    /// Generates every legal move of the seat to move into `buf.moves`.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, MoveBuf};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let mut pos = game.start();
    /// let mut buf = MoveBuf::default();
    /// pos.generate_legal(&mut buf);
    /// assert_eq!(buf.moves.len(), 20);
    /// pos.play(&parse_move(&pos, "e2-e4")?)?;
    /// pos.generate_legal(&mut buf); // replaces the moves of the last call
    /// assert_eq!(buf.moves.len(), 20);
    /// assert!(buf.moves.contains(&parse_move(&pos, "e7-e5")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate_legal(&self, buf: &mut MoveBuf) {
        // Not strict: a failing hook refuses the move it was asked about, as `check` does.
        let _ = self.legal_into(buf, false);
    }

    /// Generates every legal move of the seat to move into `buf.moves`, like [`Position::generate_legal`],
    /// but a hook that fails on the way (a `filter_move` that throws, or the hooks' overall budget spent)
    /// is an error rather than a move left out. Games without hooks take the same path as
    /// [`Position::generate_legal`] and never fail.
    ///
    /// ```
    /// use qipan::core::MoveBuf;
    ///
    /// let def = r#"
    /// extends: go
    /// hooks:
    ///   filter_move: 'if mv.to == "E5" { throw "broken" } else { true }'
    /// "#;
    /// let game = qipan::load_str("broken.yaml", def, &[("size".into(), "9".into())])?;
    /// let pos = game.start();
    /// let mut buf = MoveBuf::default();
    /// let err = pos.try_generate_legal(&mut buf).unwrap_err();
    /// assert_eq!((err.hook.as_str(), err.message.as_str()), ("filter_move", "broken"));
    /// pos.generate_legal(&mut buf); // leaves E5 out without a word
    /// assert_eq!(buf.moves.len(), 80 + 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_generate_legal(&self, buf: &mut MoveBuf) -> Result<(), HookError> {
        self.legal_into(buf, true)
    }

    /// Generates the legal moves into `buf.moves`; with `strict`, a failing hook is an error instead of
    /// a refusal of the move.
    fn legal_into(&self, buf: &mut MoveBuf, strict: bool) -> Result<(), HookError> {
        buf.moves.clear();
        if self.is_over() {
            return Ok(());
        }
        let MoveBuf { moves, pseudo, scratch, cells, standing } = buf;
        self.pseudo_moves(scratch, pseudo);
        let rules = &self.game.rules;
        let plain = rules.group_capture.is_none()
            && rules.repetition == Repetition::None
            && !self.filters_moves
            && !self.game.has_idle_walks();
        // Pieces facing each other now (janggi's bikjang): every move but a pass must end it.
        let facing = rules.facing.as_ref().filter(|f| f.holds(self, &self.cells));
        let check = self.game.has_check_rule();
        if plain && facing.is_none() && !check {
            // Nothing beyond the movement rules can refuse a move: the buffers change places.
            std::mem::swap(moves, pseudo);
        } else if plain {
            // Only the check rule and the facing rule: try each move on scratch boards, unless it cannot
            // matter.
            cells.clear();
            cells.extend_from_slice(&self.cells);
            let royals = if check { self.royal_nodes() } else { Default::default() };
            let quick = check && self.quick_check_filter(&royals);
            if check {
                standing.find(self, self.check_key(), &royals);
            }
            for mv in pseudo.iter() {
                let safe = !check
                    || (quick && !self.may_expose(mv, &royals))
                    || (!standing.survive(mv) && self.royal_left_attacked(mv, cells, &royals).is_none());
                if safe && facing.is_none_or(|f| mv.is_pass() || !f.after(self, mv, &mut scratch.after_cells)) {
                    moves.push(*mv);
                }
            }
        } else {
            let _budget = self.budget();
            for mv in pseudo.iter() {
                if self.passes_consequences(mv, strict)? {
                    moves.push(*mv);
                }
            }
        }
        // Extra actions go with any main action.
        let seat = self.to_move;
        let base = moves.len();
        for x in 0..self.game.extras.len() {
            if self.extra_possible(seat, x) {
                for i in 0..base {
                    if !moves[i].is_pass() {
                        moves.push(Move { extra: ExtraId::from_index(x), ..moves[i] });
                    }
                }
            }
        }
        if self.pass_legal(!moves.is_empty(), strict)? {
            moves.push(Move::PASS);
        }
        if self.swap_offered() {
            moves.push(Move::SWAP);
        }
        Ok(())
    }

    /// The legal moves of a plain sowing game (`Game::plain_sowing`), as [`Position::generate_legal`]
    /// finds them but read off the sowing's tables (nothing else there adds or refuses a move): the pits
    /// sown from, in order, at the start of `pits` (resized to the mover's pits). Returns how many.
    #[inline]
    pub(crate) fn sowing_pits(&self, buf: &mut MoveBuf, pits: &mut Vec<NodeId>) -> usize {
        let Some(starts) = self.game.sow_starts.as_ref().map(|s| &s[self.to_move.idx()]) else { return 0 };
        pits.resize(starts.len(), NodeId::NONE);
        if self.is_over() {
            return 0;
        }
        crate::rules::pattern::sow_pits(self, starts, &mut buf.scratch.seeds, pits)
    }

    /// Every legal move of the seat to move.
    ///
    /// ```
    /// use qipan::core::{notation::move_text, Position};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// // White's king on e1 is in check from the rook on a1.
    /// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")?;
    /// let mut texts: Vec<String> = pos.legal_moves().iter().map(|m| move_text(&game, m)).collect();
    /// texts.sort();
    /// assert_eq!(texts, ["e1-d2", "e1-e2", "e1-f2"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut buf = MoveBuf::default();
        self.generate_legal(&mut buf);
        buf.moves
    }

    /// The legal moves of the seat to move by the rules alone: no `filter_move` hook is asked. What a
    /// hook's `pos.legal_moves()` counts, so that a `filter_move` that counts moves never asks itself.
    ///
    /// ```
    /// let def = "extends: go\nhooks:\n  filter_move: 'mv.to != \"E5\"'\n";
    /// let game = qipan::load_str("no-centre.yaml", def, &[("size".into(), "9".into())])?;
    /// let pos = game.start();
    /// assert_eq!(pos.legal_moves().len(), 80 + 1, "E5 is refused by the hook");
    /// assert_eq!(pos.legal_moves_by_rules().len(), 81 + 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves_by_rules(&self) -> Vec<Move> {
        if !self.filters_moves {
            return self.legal_moves();
        }
        let mut copy = self.clone();
        copy.filters_moves = false;
        copy.legal_moves()
    }

    /// Every legal move of the seat to move, or the failure of a hook on the way (see
    /// [`Position::try_generate_legal`]).
    ///
    /// ```
    /// let def = r#"
    /// extends: go
    /// hooks:
    ///   filter_move: 'mv.to != "E5"'
    /// "#;
    /// let game = qipan::load_str("centre.yaml", def, &[("size".into(), "9".into())])?;
    /// assert_eq!(game.start().try_legal_moves()?.len(), 80 + 1); // E5 is forbidden, and that is no failure
    /// let broken = qipan::load_str("broken.yaml", &def.replace("mv.to != \"E5\"", "throw"), &[("size".into(), "9".into())])?;
    /// assert_eq!(broken.start().try_legal_moves().unwrap_err().message, "the script threw");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_legal_moves(&self) -> Result<Vec<Move>, HookError> {
        let mut buf = MoveBuf::default();
        self.try_generate_legal(&mut buf)?;
        Ok(buf.moves)
    }
}

/// Drops the moves of one piece in `out[start..]` that repeat an earlier one: plain moves are told
/// apart by their destination (a bit each in `marks`), those that differ from the piece's first move
/// only in their destination (a piece's placements) by destination too (in the second set of `words`
/// words), the rare others by comparison. Out of line: only pieces whose rules can repeat a move
/// (walks) come here.
#[inline(never)]
fn dedup_from(out: &mut Vec<Move>, marks: &mut [u64], start: usize, words: usize) {
    let plain = |m: &Move| {
        m.kind == MoveKind::Move
            && !m.take.is_some()
            && m.extra.is_none()
            && m.promote.is_none()
            && !m.with_from.is_some()
            && !m.with_to.is_some()
            && m.path.is_empty()
    };
    let first = out[start];
    let mut keep = start;
    for i in start..out.len() {
        let m = &out[i];
        let set = if plain(m) {
            Some(0)
        } else if (Move { to: first.to, ..*m }) == first {
            Some(words)
        } else {
            None
        };
        let dup = if let Some(set) = set {
            let (w, b) = (set + (m.to.idx() >> 6), 1u64 << (m.to.idx() & 63));
            let seen = marks[w] & b != 0;
            marks[w] |= b;
            seen
        } else {
            out[start..keep].contains(m)
        };
        if !dup {
            // Moves stay where they are until the first duplicate.
            if keep != i {
                out[keep] = out[i];
            }
            keep += 1;
        }
    }
    out.truncate(keep);
    for m in &out[start..] {
        marks[m.to.idx() >> 6] &= !(1u64 << (m.to.idx() & 63));
        marks[words + (m.to.idx() >> 6)] &= !(1u64 << (m.to.idx() & 63));
    }
}
