//! Playing moves: checking and applying them, captures, extra actions, hook actions, and resigning.

use super::{Illegal, Piece, PlayError, Position};
use crate::board::NodeId;
use crate::hooks::{HookAction, HookBudget, HookError, HookPoint};
use crate::moves::{Move, MoveKind};
use crate::outcome::GameResult;
use crate::rules::{CapturedTo, Repetition, end};
use crate::{PieceId, SeatId};

/// Playing a move and its consequences: captures, hooks' actions, the turn, the end of the game.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::notation::parse_move;
///
/// let game = qipan::load("chess", &[])?;
/// let mut pos = game.start();
/// pos.play(&parse_move(&pos, "e2-e4")?)?;
/// assert_eq!((pos.ply(), pos.to_move()), (1, SeatId(1)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// The seat to move resigns, for the player who holds it: every seat that player holds leaves the game,
    /// as a seat eliminated by the rules does (its pieces stay where they stand). When one side is left it
    /// wins by resignation (`W+R` in a game of two seats); otherwise play goes on with the next seat. If a
    /// hook fails, the position is left as it was.
    ///
    /// ```
    /// use qipan::core::{EndReason, Illegal, PlayError, SeatId};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// pos.resign()?; // Black resigns
    /// let result = pos.outcome().unwrap();
    /// assert_eq!((result.text.as_str(), &result.reason, &result.winners[..]), ("W+R", &EndReason::Resignation, &[SeatId(1)][..]));
    /// assert_eq!(pos.resign(), Err(PlayError::Illegal(Illegal::GameOver)));
    ///
    /// // With three kingdoms left, one resigning leaves two to play on.
    /// let game = qipan::load("seven-kingdoms", &[("players".into(), "3".into())])?;
    /// let mut pos = game.start();
    /// let first = pos.to_move();
    /// pos.resign()?;
    /// assert!(!pos.is_over() && !pos.is_alive(first) && pos.to_move() != first);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resign(&mut self) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::Illegal(Illegal::GameOver));
        }
        let _budget = self.budget();
        let mut next = self.clone();
        end::resign(&mut next)?;
        *self = next;
        Ok(())
    }

    /// Plays a move after checking it. If a hook fails, the position is left as it was.
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::{notation::parse_move, Illegal, PlayError};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// let e5 = parse_move(&pos, "E5")?;
    /// pos.play(&e5)?;
    /// assert_eq!(pos.cell(e5.to).map(|p| p.seat), Some(SeatId(0)));
    /// assert_eq!(pos.play(&e5), Err(PlayError::Illegal(Illegal::Occupied)));
    /// assert_eq!((pos.ply(), pos.to_move()), (1, SeatId(1))); // still White's turn
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, mv: &Move) -> Result<(), PlayError> {
        self.check(mv)?;
        if self.game.hooks.is_some() {
            let mut next = self.clone();
            next.apply(mv)?;
            *self = next;
        } else {
            self.apply(mv)?;
        }
        Ok(())
    }

    /// Plays a move known to be legal (from [`Position::generate_legal`]); skips the check. If a hook
    /// fails the position is left part-way through the move: use it for playouts, and [`Position::play`]
    /// where the position must stay usable after an error.
    ///
    /// ```
    /// use qipan::core::MoveBuf;
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// let mut buf = MoveBuf::default();
    /// for _ in 0..4 {
    ///     pos.generate_legal(&mut buf);
    ///     pos.play_unchecked(&buf.moves[0])?; // legal: no need to check it again
    /// }
    /// assert_eq!(pos.ply(), 4);
    /// assert_eq!(pos.cells().iter().flatten().count(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_unchecked(&mut self, mv: &Move) -> Result<(), HookError> {
        self.apply(mv)
    }

    /// Opens the hooks' budget scope for work that may run hooks (none for a game without hooks).
    #[inline]
    pub(super) fn budget(&self) -> Option<HookBudget> {
        self.game.hooks.is_some().then(HookBudget::open)
    }

    /// Applies a move and all its consequences.
    pub(super) fn apply(&mut self, mv: &Move) -> Result<(), HookError> {
        let _budget = self.budget();
        let seat = self.to_move;
        let np = self.game.pieces.len();
        let captures_before: u32 = self.captures.iter().sum();
        let hash_before = self.hash;
        let mut new_ko = NodeId::NONE;
        // The last seed of a sowing may give the mover another turn.
        let mut again = false;
        match mv.kind {
            MoveKind::Pass => self.passes = self.passes.saturating_add(1),
            MoveKind::Swap => self.swapped = true,
            MoveKind::Place => {
                let owner = self.game.placed_owner(mv.piece, seat);
                self.put(mv.to, Piece { seat: owner, piece: mv.piece });
                if mv.with_to.is_some() {
                    // The second node a covering placement fills.
                    self.put(mv.with_to, Piece { seat: owner, piece: mv.piece });
                }
            }
            MoveKind::Drop => {
                let r = &mut self.reserve[seat.idx() * np + mv.piece.idx()];
                *r = r.saturating_sub(1);
                let p = Piece { seat: self.game.placed_owner(mv.piece, seat), piece: mv.piece };
                if mv.stack.onto() { self.drop_onto(mv.to, p, seat) } else { self.put(mv.to, p) }
            }
            MoveKind::Move if mv.stack != crate::moves::Stack::WHOLE => {
                // Part of a column, or a column onto another (a board with stacks).
                if !mv.stack.onto() && self.cells[mv.to.idx()].is_some() {
                    self.clear_unders(mv.to);
                    self.capture_one(mv.to, seat)?;
                }
                self.carry_onto(mv.from, mv.to, mv.stack.carry(), mv.arrives_as(), seat);
            }
            MoveKind::Move => {
                let p = self.lift(mv.from).unwrap_or(Piece { seat, piece: mv.piece });
                let partner = if mv.with_from.is_some() { self.lift(mv.with_from) } else { None };
                if self.cells[mv.to.idx()].is_some() {
                    self.clear_unders(mv.to);
                    self.capture_one(mv.to, seat)?;
                }
                self.put(mv.to, Piece { seat: p.seat, piece: mv.arrives_as() });
                // On a board with stacks the column moves as a whole.
                self.carry_column(mv.from, mv.to);
                if let Some(q) = partner.filter(|_| mv.with_to.is_some()) {
                    if self.cells[mv.with_to.idx()].is_some() {
                        self.capture_one(mv.with_to, seat)?;
                    }
                    self.put(mv.with_to, q);
                }
                if let Some(placed) = mv.then_place {
                    // The second part of the turn: a piece placed from where the mover arrived.
                    self.put(mv.with_to, Piece { seat: self.game.placed_owner(placed, seat), piece: placed });
                }
                if mv.path.captures() {
                    let game = self.game.clone();
                    let stacks = !self.heights.is_empty();
                    for n in mv.path.jumped(&game.board, mv.from) {
                        if stacks {
                            // Lasca: the jumped column's top goes under the mover's column.
                            self.take_top_under(n, mv.to, seat);
                        } else {
                            self.capture_one(n, seat)?;
                        }
                    }
                }
            }
            MoveKind::Shoot => self.capture_one(mv.take, seat)?,
            MoveKind::Sow => again = crate::rules::pattern::sowing::play(self, mv, seat),
        }
        if matches!(mv.kind, MoveKind::Move | MoveKind::Place | MoveKind::Drop) && mv.take.is_some() {
            // A shot that follows the move (the shooter stays), or a piece removed under a `remove` rule.
            self.capture_one(mv.take, seat)?;
        }
        if !self.game.rules.captures.is_empty()
            && mv.to.is_some()
            && !matches!(mv.kind, MoveKind::Shoot | MoveKind::Sow)
        {
            self.capture_by_rules(mv, seat, captures_before)?;
        }
        if let Some(x) = mv.extra {
            self.apply_extra(seat, x.idx());
        }
        if mv.kind != MoveKind::Pass {
            self.passes = 0;
            if self.chains.is_some() && mv.kind == MoveKind::Place && mv.with_to.is_some() {
                self.settle_covered_groups(mv, seat)?;
            } else if self.chains.is_some() && mv.to.is_some() && self.cells[mv.to.idx()].is_some() {
                let (removed, last) = self.capture_groups(mv.to, seat)?;
                let ch = self.chains.as_ref().expect("chains");
                let h = ch.head(mv.to);
                if ch.pseudo_libs(h) == 0 {
                    // Allowed suicide: the chain goes to the next seat's credit.
                    let by = self.next_seat_after(seat);
                    self.remove_chain(h, by)?;
                } else if removed == 1
                    && ch.size(h) == 1
                    && ch.liberties_into(&self.game.board, &self.cells, h, &mut [NodeId::NONE; 2]) == 1
                {
                    new_ko = last;
                }
            }
        }
        self.ko = new_ko;
        let captured: u32 = self.captures.iter().sum();
        if self.game.rules.repetition == Repetition::SimpleKoSendingTwo {
            self.sent = self.sent.after(hash_before, captured - captures_before);
        }
        if captured > captures_before && !self.game.rules.end.bare.is_empty() {
            end::bare_sides(self, seat)?;
        }
        self.quiet_plies = if captured > captures_before { 0 } else { self.quiet_plies.saturating_add(1) };
        if mv.kind == MoveKind::Move && self.game.rules.end.quiet_reset.contains(&mv.piece) {
            self.quiet_plies = 0;
        }
        for n in [mv.from, mv.to, mv.with_from, mv.with_to] {
            if n.is_some() {
                self.moved[n.idx() >> 6] |= 1 << (n.idx() & 63);
            }
        }
        if self.passer.is_some() {
            self.passed = [NodeId::NONE; 4];
            self.passer = NodeId::NONE;
        }
        if mv.passable && mv.kind == MoveKind::Move {
            self.mark_passed(mv.from, mv.to);
        }
        self.ply = self.ply.saturating_add(1);
        self.last = Some(*mv);
        if let Some(h) = self.game.hooks.clone()
            && h.has(HookPoint::AfterMove)
        {
            let actions = h.after_move(self, mv)?;
            self.apply_actions(actions)?;
        }
        if mv.kind != MoveKind::Swap && !again {
            // After a swap the seat to move stays, now played by the player who moved first.
            self.advance_turn();
        }
        self.record_history();
        if !self.game.rules.end.counting.is_empty() {
            self.count = crate::rules::counting::after_move(self, self.count, captured > captures_before);
        }
        if self.game.rules.end.repetition_draw.is_some() {
            // With hands a capture is no point of no return: the piece taken may be dropped again; nor where
            // pieces are only placed (Go: a ko fight's captures come round again).
            if self.quiet_plies == 0
                && self.game.rules.captured_to != CapturedTo::CaptorReserve
                && !self.game.placement_only()
            {
                self.reps.clear();
                self.rep_checks.clear();
            }
            self.push_rep();
            if self.game.rules.end.perpetual_check_loses {
                let checked = self.in_check(self.to_move);
                self.rep_checks.push(checked);
            }
        }
        end::check_end(self)?;
        Ok(())
    }

    /// Records the nodes strictly between `from` and `to` on the straight line joining them (the first
    /// relation and direction that lead there) as passed, with the piece on `to` as their passer.
    fn mark_passed(&mut self, from: NodeId, to: NodeId) {
        let game = self.game.clone();
        let board = &game.board;
        for r in 0..board.relation_names().len() {
            let rel = crate::board::RelationId(r as u8);
            for &d in game.relation_dirs(rel) {
                let mut line = [NodeId::NONE; 4];
                let mut k = 0;
                let mut n = board.next(rel, d, from);
                while n.is_some() && n != to && n != from && k < line.len() {
                    line[k] = n;
                    k += 1;
                    n = board.next(rel, d, n);
                }
                if n == to {
                    self.passed = line;
                    self.passer = to;
                    return;
                }
            }
        }
    }

    /// Brings one `piece` of `seat` from its graveyard to its reserve (nothing if the graveyard has none).
    fn revive(&mut self, seat: SeatId, piece: PieceId) {
        let i = seat.idx() * self.game.pieces.len() + piece.idx();
        if self.graveyard[i] > 0 {
            self.graveyard[i] -= 1;
            self.reserve[i] = self.reserve[i].saturating_add(1);
        }
    }

    /// Whether `seat` can take extra action `x` now.
    #[inline]
    pub(super) fn extra_possible(&self, seat: SeatId, x: usize) -> bool {
        let Some(e) = self.game.extras.get(x) else { return false };
        self.graveyard(seat, e.revive) > 0 && e.cost.is_none_or(|c| self.counter(c, seat) > 0)
    }

    fn apply_extra(&mut self, seat: SeatId, x: usize) {
        let e = self.game.extras[x].clone();
        self.revive(seat, e.revive);
        if let Some(c) = e.cost {
            let i = c * self.game.seats.len() + seat.idx();
            self.counters[i] = self.counters[i].saturating_sub(1);
        }
    }

    /// Captures the piece on `n` for seat `by`: off the board and to wherever captured pieces go.
    pub(super) fn capture_one(&mut self, n: NodeId, by: SeatId) -> Result<(), HookError> {
        let Some(p) = self.lift(n) else { return Ok(()) };
        self.credit_capture(n, p, by)
    }

    fn credit_capture(&mut self, n: NodeId, p: Piece, by: SeatId) -> Result<(), HookError> {
        // Counts saturate (see the Limits chapter): a script may capture without end.
        self.captures[by.idx()] = self.captures[by.idx()].saturating_add(1);
        let np = self.game.pieces.len();
        let kept = self.game.rules.captured_as(p.piece).idx();
        let pile = match self.game.rules.captured_to {
            CapturedTo::Removed => None,
            CapturedTo::Graveyard => Some(&mut self.graveyard[p.seat.idx() * np + kept]),
            CapturedTo::CaptorReserve => Some(&mut self.reserve[by.idx() * np + kept]),
        };
        if let Some(x) = pile {
            *x = x.saturating_add(1);
        }
        end::royal_captured(self, p, by)?;
        if let Some(h) = self.game.hooks.clone()
            && h.has(HookPoint::OnCapture)
        {
            let actions = h.on_capture(self, n, p, by)?;
            self.apply_actions(actions)?;
        }
        Ok(())
    }

    /// Group capture after a placement covering two nodes: the enemy chains next to either that have no
    /// liberties go, then the mover's own chains there that have none (an allowed suicide). No ko.
    fn settle_covered_groups(&mut self, mv: &Move, seat: SeatId) -> Result<(), HookError> {
        for n in [mv.to, mv.with_to] {
            if self.cells[n.idx()].is_some() {
                self.capture_groups(n, seat)?;
            }
        }
        for n in [mv.to, mv.with_to] {
            let Some(ch) = self.chains.as_ref().filter(|_| self.cells[n.idx()].is_some()) else { continue };
            let h = ch.head(n);
            if ch.pseudo_libs(h) == 0 {
                let by = self.next_seat_after(seat);
                self.remove_chain(h, by)?;
            }
        }
        Ok(())
    }

    /// Removes every chain of the seats hostile to `seat` next to `at` that has no liberties.
    /// Returns the number of stones removed and the last one.
    fn capture_groups(&mut self, at: NodeId, seat: SeatId) -> Result<(u32, NodeId), HookError> {
        let Some(ch) = &self.chains else {
            return Ok((0, NodeId::NONE));
        };
        let rel = ch.relation();
        let game = self.game.clone();
        let mut removed = 0;
        let mut last = NodeId::NONE;
        for e in game.board.edges(rel, at) {
            let Some(p) = self.cells[e.to.idx()] else {
                continue;
            };
            if !self.hostile(seat, p.seat) {
                continue;
            }
            let ch = self.chains.as_ref().expect("chains");
            let h = ch.head(e.to);
            if ch.pseudo_libs(h) != 0 {
                continue;
            }
            let (n, l) = self.remove_chain(h, seat)?;
            removed += n;
            last = l;
        }
        Ok((removed, last))
    }

    /// Takes a whole chain off the board, crediting `by`.
    fn remove_chain(&mut self, h: NodeId, by: SeatId) -> Result<(u32, NodeId), HookError> {
        // The stones and their pieces, in the position's buffer (a hook that captures again while they
        // are credited gets a new one).
        let mut taken = std::mem::take(&mut self.taken);
        taken.clear();
        let ch = self.chains.as_ref().expect("chains");
        taken.extend(ch.stones(h).map(|s| (s, self.cells[s.idx()].expect("stone"))));
        for &(s, p) in &taken {
            self.cells[s.idx()] = None;
            self.hash ^= self.game.key(s, p.seat, p.piece);
            if self.game.is_royal(p.piece) {
                self.royals.retain(|&r| r != s);
            }
            self.count_piece(s, p, false);
        }
        let game = self.game.clone();
        self.chains.as_mut().expect("chains").remove_chain(&game.board, &self.cells, h);
        let credited = taken.iter().try_for_each(|&(s, p)| self.credit_capture(s, p, by));
        let removed = (taken.len() as u32, taken.last().map_or(NodeId::NONE, |t| t.0));
        self.taken = taken;
        credited.map(|()| removed)
    }

    #[inline]
    pub(super) fn record_history(&mut self) {
        match self.game.rules.repetition {
            Repetition::Positional => self.history.insert(self.hash),
            Repetition::Situational => self.history.insert(self.hash ^ self.game.turn_key(self.to_move)),
            _ => {}
        }
    }

    /// Applies hook actions.
    pub(super) fn apply_actions(&mut self, actions: Vec<HookAction>) -> Result<(), HookError> {
        for a in actions {
            match a {
                HookAction::Remove(n) => {
                    self.lift(n);
                }
                HookAction::Capture(n, by) => {
                    if self.cells[n.idx()].is_some() {
                        self.capture_one(n, by)?;
                        self.quiet_plies = 0;
                    }
                }
                HookAction::Place(n, p) => {
                    self.lift(n);
                    self.put(n, p);
                }
                HookAction::SetCounter { counter, seat, value } => {
                    let i = counter * self.game.seats.len() + seat.idx();
                    if let Some(x) = self.counters.get_mut(i) {
                        *x = value;
                    }
                }
                HookAction::Revive(seat, piece) => self.revive(seat, piece),
                HookAction::ResetQuiet => self.quiet_plies = 0,
                HookAction::Eliminate(s) => self.eliminate(s)?,
                HookAction::Transfer { seat, to } => {
                    self.transfer(seat, to);
                    self.refresh_teams();
                }
                HookAction::Absorb { seat, to } => end::absorb_side(self, seat, to)?,
                HookAction::Reserve(s, p, d) => {
                    // A reserve holds 0 to 65,535 pieces: more saturates, fewer stops at none.
                    let i = s.idx() * self.game.pieces.len() + p.idx();
                    self.reserve[i] = (self.reserve[i] as i64 + d as i64).clamp(0, u16::MAX as i64) as u16;
                }
            }
        }
        Ok(())
    }

    /// Takes back the end of the game so play can go on (a record that continues after two passes,
    /// or past the move limit: the first pass may be withdrawn when play resumes).
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Move};
    ///
    /// let game = qipan::load("go", &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// pos.play(&Move::PASS)?;
    /// pos.play(&Move::PASS)?;
    /// assert!(pos.is_over());
    /// pos.resume();
    /// pos.play(&parse_move(&pos, "E5")?)?;
    /// assert!(!pos.is_over());
    /// assert_eq!(pos.ply(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resume(&mut self) {
        self.result = None;
    }

    /// Plays a legal move in a playout: like [`Position::play_unchecked`], but when passing is never
    /// allowed it does not look for the next seat's legal moves; the caller does, and calls
    /// [`Position::settle_stuck`] when there are none (see [`crate::rules::end`] for an example).
    pub(crate) fn play_deferring_stuck(&mut self, mv: &Move) -> Result<(), HookError> {
        self.defer_stuck = true;
        // A plain sowing game's sowing (the playouts of such games draw nothing else).
        let sowing = Move { kind: MoveKind::Sow, from: mv.from, to: mv.from, piece: mv.piece, ..Move::PASS };
        let plain = mv.kind == MoveKind::Sow && self.game.plain_sowing && sowing == *mv;
        let r = if plain { self.apply_sowing(mv) } else { self.apply(mv) };
        self.defer_stuck = false;
        r
    }

    /// Ends the game as the rules say when the seat to move has no legal move (after
    /// [`Position::play_deferring_stuck`]); does nothing otherwise.
    pub(crate) fn settle_stuck(&mut self) -> Result<(), HookError> {
        if self.is_over() {
            return Ok(());
        }
        let _budget = self.budget();
        end::check_end(self)
    }

    // ----- what the end rules (`rules::end`) read and change -----

    /// Whether the move being played leaves the "no legal move" test to the next move generation.
    #[inline]
    pub(crate) fn defers_stuck(&self) -> bool {
        self.defer_stuck
    }

    /// How often the current arrangement (with the seat to move) has occurred since the last capture
    /// or reset move, this one included.
    #[inline]
    pub(crate) fn repetitions(&self) -> usize {
        let key = self.repetition_key();
        if self.reps.last() == Some(&key) && self.rep_seen[(key >> 62) as usize] & 1 << ((key >> 56) & 63) == 0 {
            return 1; // no entry before the last has its bit
        }
        self.reps.iter().filter(|&&h| h == key).count()
    }

    /// Records the arrangement now on the board for the repetition rules (after a capture has cleared
    /// the record when it does).
    #[inline]
    pub(super) fn push_rep(&mut self) {
        if self.reps.is_empty() {
            self.rep_seen = [0; 4];
        } else if let Some(&k) = self.reps.last() {
            self.rep_seen[(k >> 62) as usize] |= 1 << ((k >> 56) & 63);
        }
        self.reps.push(self.repetition_key());
    }

    /// What repetition compares: the board, the seat to move and, in games with hands, the pieces in
    /// every hand (the same board with another hand is another position).
    #[inline]
    pub(crate) fn repetition_key(&self) -> u64 {
        let mut key = self.hash ^ self.game.turn_key(self.to_move);
        if self.game.rules.captured_to == CapturedTo::CaptorReserve || !self.game.reserves.is_empty() {
            for (i, &count) in self.reserve.iter().enumerate() {
                if count > 0 {
                    key ^= hand_key(i, count);
                }
            }
        }
        key
    }

    /// Ends the game with `result`.
    #[inline]
    pub(crate) fn finish(&mut self, result: GameResult) {
        self.result = Some(result);
    }
}

/// A key for `count` pieces at `slot` of the reserves (seat and piece type), mixed so that every count
/// of every slot differs (a splitmix64 step).
#[inline]
fn hand_key(slot: usize, count: u16) -> u64 {
    let mut z = ((slot as u64) << 16 | count as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
