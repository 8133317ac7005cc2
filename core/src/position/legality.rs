//! Judging one move: its shape, its movement rule, and its consequences (group capture, suicide,
//! repetition, the check rule and `filter_move` hooks).

use super::{Illegal, MoveBuf, Piece, PlayError, Position};
use crate::board::NodeId;
use crate::hooks::HookError;
use crate::moves::{Move, MoveKind};
use crate::rules::Repetition;
use crate::{PieceId, SeatId};

/// Whether a move is legal, and which rule it breaks when it is not.
///
/// ```
/// use qipan::core::notation::parse_move;
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// let e5 = parse_move(&pos, "E5")?;
/// pos.play(&e5)?;
/// assert!(pos.check(&e5).unwrap_err().to_string().contains("occupied"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Position {
    /// Checks a move, naming the rule it breaks when it is illegal.
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, Illegal};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// let pos = game.start();
    /// assert_eq!(pos.check(&parse_move(&pos, "g1-f3")?), Ok(()));
    /// assert_eq!(pos.check(&parse_move(&pos, "e2-e5")?), Err(Illegal::NoSuchMove));
    /// assert_eq!(pos.check(&parse_move(&pos, "e7-e5")?), Err(Illegal::NotYourPiece)); // White moves first
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, mv: &Move) -> Result<(), Illegal> {
        if self.is_over() {
            return Err(Illegal::GameOver);
        }
        let _budget = self.budget();
        if !self.well_formed(mv) {
            return Err(Illegal::NoSuchMove);
        }
        let seat = self.to_move;
        if let Some(x) = mv.extra {
            if mv.is_pass() || !self.extra_possible(seat, x.idx()) {
                return Err(Illegal::ExtraNotPossible);
            }
            return self.check(&Move { extra: None, ..*mv });
        }
        match mv.kind {
            MoveKind::Pass => return self.check_pass(),
            MoveKind::Swap => return if self.swap_offered() { Ok(()) } else { Err(Illegal::SwapNotAllowed) },
            MoveKind::Place | MoveKind::Drop => {
                if mv.to.idx() >= self.cells.len() {
                    return Err(Illegal::NoSuchMove);
                }
                if (self.cells[mv.to.idx()].is_some() && !mv.stack.onto())
                    || (mv.with_to.is_some() && self.cells[mv.with_to.idx()].is_some())
                {
                    return Err(Illegal::Occupied);
                }
                if mv.kind == MoveKind::Drop && self.reserve(seat, mv.piece) == 0 {
                    return Err(Illegal::NotInReserve);
                }
            }
            MoveKind::Move | MoveKind::Shoot | MoveKind::Sow => {
                let owned = mv.from.idx() < self.cells.len()
                    && self.cells[mv.from.idx()].is_some_and(|c| c.piece == mv.piece && self.movable_by(seat, c.seat));
                if !owned {
                    return Err(Illegal::NotYourPiece);
                }
            }
        }
        let mut buf = MoveBuf::default();
        let removes = self.game.rules.removes() && mv.kind != MoveKind::Shoot;
        // A removal is chosen with the move: the movement rule judges the move without it.
        let base = if removes { Move { take: NodeId::NONE, ..*mv } } else { *mv };
        if !self.pattern_allows(&base, &mut buf.scratch, &mut buf.pseudo) {
            return Err(Illegal::NoSuchMove);
        }
        if removes {
            buf.pseudo.clear();
            crate::rules::capture::remove::push_removals(self, base, &mut buf.pseudo);
            if !buf.pseudo.contains(mv) {
                let rule = self.game.rules.captures.iter().find(|r| r.form == crate::rules::CaptureForm::Remove);
                return Err(Illegal::Removal(rule.map_or(String::new(), |r| r.text.clone())));
            }
        }
        if self.game.rules.capture_priority != crate::rules::CapturePriority::Free {
            self.pseudo_moves(&mut buf.scratch, &mut buf.pseudo);
            if !buf.pseudo.contains(mv) {
                return Err(Illegal::CaptureRequired);
            }
        }
        self.check_consequences(mv)
    }

    /// Whether the move's fields fit its kind and the game: nodes on the board where the kind uses
    /// them and [`NodeId::NONE`] where it does not, a piece type of the game. A move of another shape
    /// (a placement with a `from`, a pass naming a node) is never generated, so it is refused rather
    /// than played with the stray fields ignored.
    fn well_formed(&self, mv: &Move) -> bool {
        let n = self.cells.len();
        let on = |x: NodeId| x.idx() < n;
        let none = |x: NodeId| !x.is_some();
        let piece = mv.piece.idx() < self.game.pieces.len();
        // A castling partner, a promotion and a passable step belong to moves of a piece only; a second
        // node without a partner to a placement covering two (the higher one).
        let partner = (none(mv.with_from) && none(mv.with_to) && mv.then_place.is_none())
            || (mv.kind == MoveKind::Move && on(mv.with_from) && on(mv.with_to) && mv.then_place.is_none())
            || (mv.kind == MoveKind::Move
                && none(mv.with_from)
                && on(mv.with_to)
                && mv.then_place.is_some_and(|p| p.idx() < self.game.pieces.len()))
            || (mv.kind == MoveKind::Place && none(mv.with_from) && on(mv.with_to) && mv.with_to > mv.to);
        let promote = mv.promote.is_none_or(|p| p.idx() < self.game.pieces.len() && mv.kind == MoveKind::Move);
        // A path belongs to a move of a piece, along one of the board's relations.
        let path = mv.path.is_empty()
            || (mv.kind == MoveKind::Move && (mv.path.relation().0 as usize) < self.game.board.relation_names().len());
        // Carrying part of a column and landing on one belong to boards with stacks.
        let stacks = self.game.board.stack_height() > 0;
        let stacked = (mv.stack.carry() == 0 || (stacks && mv.kind == MoveKind::Move))
            && (!mv.stack.onto() || (stacks && matches!(mv.kind, MoveKind::Move | MoveKind::Drop | MoveKind::Place)));
        if !partner || !promote || !path || !stacked || (mv.passable && mv.kind != MoveKind::Move) {
            return false;
        }
        match mv.kind {
            MoveKind::Pass | MoveKind::Swap => {
                none(mv.from) && none(mv.to) && none(mv.take) && none(mv.by) && mv.piece == PieceId::new(0)
            }
            MoveKind::Place | MoveKind::Drop => {
                // A placement removes a piece elsewhere only under a `remove` rule.
                let take = none(mv.take) || (on(mv.take) && self.game.rules.removes());
                piece && on(mv.to) && none(mv.from) && take && none(mv.by)
            }
            MoveKind::Move => {
                piece && on(mv.from) && on(mv.to) && (none(mv.take) || on(mv.take)) && (none(mv.by) || on(mv.by))
            }
            MoveKind::Shoot => piece && on(mv.from) && mv.to == mv.from && on(mv.take) && none(mv.by),
            MoveKind::Sow => piece && on(mv.from) && mv.to == mv.from && none(mv.take) && none(mv.by),
        }
    }

    /// Checks a placement on `to` by `seat` under group capture, suicide and repetition rules, and
    /// returns the board hash after it. This is the fast path for Go-like games.
    fn placement_check(&self, to: NodeId, seat: SeatId, piece: PieceId) -> Result<u64, Illegal> {
        let mut h = self.hash ^ self.game.key(to, seat, piece);
        if let (Some(ch), Some(gc)) = (&self.chains, &self.game.rules.group_capture) {
            let edges = self.game.board.edges(gc.relation, to);
            let mut has_liberty = false;
            let mut captures = false;
            // Distinct neighbouring chain heads, with the number of edges from `to` into each.
            let mut heads = [(NodeId::NONE, 0u16); 16];
            let mut nh = 0;
            for e in edges {
                match self.cells[e.to.idx()] {
                    None => has_liberty = true,
                    Some(_) => {
                        let hd = ch.head(e.to);
                        if let Some(x) = heads[..nh].iter_mut().find(|x| x.0 == hd) {
                            x.1 += 1;
                        } else if nh < 16 {
                            heads[nh] = (hd, 1);
                            nh += 1;
                        }
                    }
                }
            }
            for &(hd, k) in &heads[..nh] {
                let owner = self.cells[hd.idx()].expect("stone").seat;
                let libs = ch.pseudo_libs(hd);
                if self.hostile(seat, owner) {
                    if libs == k {
                        captures = true;
                        for s in ch.stones(hd) {
                            let p = self.cells[s.idx()].expect("stone");
                            h ^= self.game.key(s, p.seat, p.piece);
                        }
                    }
                } else if self.same_side(seat, owner) && libs > k {
                    has_liberty = true;
                }
            }
            if !has_liberty && !captures {
                if !gc.suicide_allowed {
                    return Err(Illegal::Suicide);
                }
                // Legal suicide: own chain (and the new stone) leave the board.
                h ^= self.game.key(to, seat, piece);
                for &(hd, _) in &heads[..nh] {
                    let owner = self.cells[hd.idx()].expect("stone").seat;
                    if self.same_side(seat, owner) {
                        for s in ch.stones(hd) {
                            let p = self.cells[s.idx()].expect("stone");
                            h ^= self.game.key(s, p.seat, p.piece);
                        }
                    }
                }
            }
        }
        self.repetition_check(to, h)?;
        Ok(h)
    }

    /// Checks the repetition rule for a move to `to` giving board hash `h`.
    fn repetition_check(&self, to: NodeId, h: u64) -> Result<(), Illegal> {
        match self.game.rules.repetition {
            Repetition::None => Ok(()),
            Repetition::SimpleKo if to == self.ko => Err(Illegal::Ko),
            Repetition::SimpleKo => Ok(()),
            Repetition::SimpleKoSendingTwo if to == self.ko => Err(Illegal::Ko),
            Repetition::SimpleKoSendingTwo if self.sent.returns(h) => Err(Illegal::SendingTwo),
            Repetition::Positional if self.history.contains(h) => Err(Illegal::PositionalSuperko),
            Repetition::Situational
                if self.history.contains(h ^ self.game.turn_key(self.next_seat_after(self.to_move))) =>
            {
                Err(Illegal::SituationalSuperko)
            }
            _ => Ok(()),
        }
    }

    /// Checks everything but the movement rules: group capture, repetition and hooks. A failing hook
    /// refuses the move, with the failure as the reason (as [`Position::check`] reports it).
    pub(super) fn check_consequences(&self, mv: &Move) -> Result<(), Illegal> {
        self.consequences(mv).map_err(|e| match e {
            Refusal::Rule(e) => e,
            Refusal::Exposed(piece) => Illegal::LeavesInCheck(self.game.pieces[piece.idx()].name.clone()),
            Refusal::Hook(e) => Illegal::Hook(e.to_string()),
        })
    }

    /// [`Position::check_consequences`], telling a failing hook apart from a rule the move breaks.
    fn consequences(&self, mv: &Move) -> Result<(), Refusal> {
        let seat = self.to_move;
        if mv.is_idle() && !self.captures_when_played(mv)? {
            return Err(Illegal::Idle.into());
        }
        match mv.kind {
            MoveKind::Pass | MoveKind::Swap => {}
            MoveKind::Place | MoveKind::Drop
                if !mv.with_to.is_some()
                    && (self.chains.is_some() || self.game.rules.repetition != Repetition::None)
                    && self.game.rules.captures.is_empty() =>
            {
                self.placement_check(mv.to, seat, mv.piece)?;
            }
            _ if self.chains.is_some()
                || matches!(self.game.rules.repetition, Repetition::Positional | Repetition::Situational) =>
            {
                // General moves: simulate on a copy (rare in practice: moving pieces with group capture).
                let mut copy = self.clone();
                copy.result = None;
                copy.apply(mv)?;
                let gone = |n: NodeId| n.is_some() && copy.cell(n).is_none();
                if let Some(gc) = &self.game.rules.group_capture
                    && !gc.suicide_allowed
                    && (gone(mv.to) || (mv.kind == MoveKind::Place && gone(mv.with_to)))
                    && matches!(mv.kind, MoveKind::Move | MoveKind::Place)
                {
                    return Err(Illegal::Suicide.into());
                }
                let h = copy.hash;
                match self.game.rules.repetition {
                    Repetition::Positional if self.history.contains(h) => {
                        return Err(Illegal::PositionalSuperko.into());
                    }
                    Repetition::Situational if self.history.contains(h ^ self.game.turn_key(copy.to_move)) => {
                        return Err(Illegal::SituationalSuperko.into());
                    }
                    Repetition::SimpleKo | Repetition::SimpleKoSendingTwo if mv.to == self.ko => {
                        return Err(Illegal::Ko.into());
                    }
                    Repetition::SimpleKoSendingTwo if self.sent.returns(h) => return Err(Illegal::SendingTwo.into()),
                    _ => {}
                }
            }
            _ => {}
        }
        if !mv.is_pass() && (self.game.has_check_rule() || self.game.rules.facing.is_some()) {
            // The thread's scratch board (no allocation once it has the board's size).
            let mut cells = SCRATCH_CELLS.take();
            let exposed = self.exposes(mv, &mut cells);
            SCRATCH_CELLS.set(cells);
            if let Some(piece) = exposed {
                return Err(Refusal::Exposed(piece));
            }
        }
        if let Some(h) = self.game.hooks.as_ref().filter(|_| self.filters_moves)
            && let Some(reason) = h.filter_move(self, mv)?
        {
            return Err(Illegal::Hook(reason).into());
        }
        Ok(())
    }

    /// The piece type `mv` (not a pass) leaves attacked under the check rule, or leaves facing its enemy
    /// while pieces face each other now (janggi's bikjang: every move but a pass must end it). `cells`
    /// is a scratch board.
    fn exposes(&self, mv: &Move, cells: &mut Vec<Option<Piece>>) -> Option<PieceId> {
        if self.game.has_check_rule() {
            cells.clear();
            cells.extend_from_slice(&self.cells);
            let royals = self.royal_nodes();
            if let Some(bad) = self.royal_left_attacked(mv, cells, &royals) {
                return Some(bad);
            }
        }
        let f = self.game.rules.facing.as_ref()?;
        (f.holds(self, &self.cells) && f.after(self, mv, cells)).then_some(f.pieces[0])
    }

    /// Whether playing `mv` captures a piece (by a capture rule, or a hook's `capture`): what makes a move
    /// that changes nothing by itself ([`Move::is_idle`]) legal. Played on a copy; see [`Illegal::Idle`].
    fn captures_when_played(&self, mv: &Move) -> Result<bool, HookError> {
        let mut copy = self.clone();
        copy.result = None;
        copy.apply(mv)?;
        Ok(copy.captures.iter().sum::<u32>() > self.captures.iter().sum::<u32>())
    }

    /// Whether a pseudo-legal move passes [`Position::consequences`]; with `strict`, a failing hook is
    /// an error instead of a refusal.
    #[inline]
    pub(super) fn passes_consequences(&self, mv: &Move, strict: bool) -> Result<bool, HookError> {
        match self.consequences(mv) {
            Ok(()) => Ok(true),
            Err(Refusal::Hook(e)) if strict => Err(e),
            Err(_) => Ok(false),
        }
    }

    /// Whether a move from [`Position::generate_pseudo`] is legal (`buf` is scratch space; its `moves`
    /// are left alone).
    ///
    /// ```
    /// use qipan::core::{notation::parse_move, MoveBuf, Position};
    ///
    /// let game = qipan::load("chess", &[])?;
    /// // White's king on e1 is in check from the rook on a1.
    /// let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1")?;
    /// let mut buf = MoveBuf::default();
    /// pos.generate_pseudo(&mut buf);
    /// let (d1, d2) = (parse_move(&pos, "e1-d1")?, parse_move(&pos, "e1-d2")?);
    /// assert!(buf.moves.contains(&d1) && buf.moves.contains(&d2));
    /// assert!(!pos.pseudo_is_legal(&d1, &mut buf)); // still on the rook's rank
    /// assert!(pos.pseudo_is_legal(&d2, &mut buf));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pseudo_is_legal(&self, mv: &Move, buf: &mut MoveBuf) -> bool {
        self.pseudo_legal(mv, buf, false).unwrap_or(false)
    }

    /// [`Position::pseudo_is_legal`]; with `strict`, a failing hook is an error instead of a refusal.
    pub(crate) fn pseudo_legal(&self, mv: &Move, buf: &mut MoveBuf, strict: bool) -> Result<bool, HookError> {
        let rules = &self.game.rules;
        if rules.group_capture.is_some()
            || rules.repetition != Repetition::None
            || self.filters_moves
            || self.facing_now()
            || (self.game.has_idle_walks() && mv.is_idle())
        {
            let _budget = self.budget();
            return self.passes_consequences(mv, strict);
        }
        if !self.game.has_check_rule() {
            return Ok(true);
        }
        let royals = self.royal_nodes();
        if self.check_memo.0 == self.check_key() && self.quick_check_filter(&royals) && !self.may_expose(mv, &royals) {
            return Ok(true);
        }
        buf.standing.find(self, self.check_key(), &royals);
        if buf.standing.survive(mv) {
            return Ok(false);
        }
        let cells = &mut buf.cells;
        if cells.len() != self.cells.len() {
            cells.clear();
            cells.extend_from_slice(&self.cells);
        } else {
            cells.copy_from_slice(&self.cells);
        }
        Ok(self.royal_left_attacked(mv, cells, &royals).is_none())
    }

    /// Fast legality for a placement in Go-like games (used by random playouts).
    #[inline]
    pub(crate) fn placement_legal(&self, to: NodeId, piece: PieceId) -> bool {
        self.cells[to.idx()].is_none() && self.placement_check(to, self.to_move, piece).is_ok()
    }
}

/// Why [`Position::consequences`] refuses a move, cheaply: the piece a move leaves attacked is named
/// only when the refusal is reported, so that move generation, which only counts refusals, allocates
/// nothing.
enum Refusal {
    /// A rule the move breaks.
    Rule(Illegal),
    /// It leaves a protected piece of this type attacked, or facing its enemy.
    Exposed(PieceId),
    /// A hook failed.
    Hook(HookError),
}

impl From<Illegal> for Refusal {
    fn from(e: Illegal) -> Refusal {
        Refusal::Rule(e)
    }
}

impl From<HookError> for Refusal {
    fn from(e: HookError) -> Refusal {
        Refusal::Hook(e)
    }
}

impl From<PlayError> for Refusal {
    fn from(e: PlayError) -> Refusal {
        match e {
            PlayError::Illegal(e) => Refusal::Rule(e),
            PlayError::Hook(e) => Refusal::Hook(e),
        }
    }
}

thread_local! {
    /// A board to try moves on when judging one move's legality (see `exposes`), kept for the next.
    static SCRATCH_CELLS: std::cell::Cell<Vec<Option<Piece>>> = const { std::cell::Cell::new(Vec::new()) };
}
