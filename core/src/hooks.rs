//! The interface between the engine and scripted hooks. The engine calls hooks at named points;
//! hooks answer with decisions or with actions the engine applies. qipan-dsl implements it with Rhai.

use crate::board::NodeId;
use crate::moves::Move;
use crate::position::{Piece, Position};
use crate::{PieceId, SeatId};
use std::cell::Cell;
use std::fmt;

/// The named points where a hook may run.
///
/// ```
/// use qipan::core::hooks::HookPoint;
///
/// // Leader Cannon scripts what happens after a move and on a capture, and nothing else.
/// let game = qipan::load("leader-cannon", &[])?;
/// let hooks = game.hooks.as_ref().unwrap();
/// let scripted: Vec<HookPoint> = HookPoint::ALL.into_iter().filter(|&p| hooks.has(p)).collect();
/// assert_eq!(scripted, [HookPoint::AfterMove, HookPoint::OnCapture]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HookPoint {
    /// May forbid a move the rules allow (`filter_move`).
    FilterMove,
    /// Runs after every move.
    AfterMove,
    /// Runs for each captured piece.
    OnCapture,
    /// Runs when a seat is eliminated.
    OnElimination,
    /// Decides whether the game is over.
    GameOver,
    /// Computes a seat's score at the end.
    Score,
}

/// The hook points and their names.
///
/// ```
/// use qipan::core::hooks::HookPoint;
///
/// let names: Vec<&str> = HookPoint::ALL.iter().map(|p| p.name()).collect();
/// assert_eq!(names, ["filter_move", "after_move", "on_capture", "on_elimination", "game_over", "score"]);
/// ```
impl HookPoint {
    /// Every hook point, in documentation order.
    pub const ALL: [HookPoint; 6] = [
        HookPoint::FilterMove,
        HookPoint::AfterMove,
        HookPoint::OnCapture,
        HookPoint::OnElimination,
        HookPoint::GameOver,
        HookPoint::Score,
    ];

    /// The name used in definition files.
    ///
    /// ```
    /// use qipan::core::hooks::HookPoint;
    ///
    /// assert_eq!(HookPoint::GameOver.name(), "game_over");
    /// assert_eq!(HookPoint::OnCapture.name(), "on_capture");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            HookPoint::FilterMove => "filter_move",
            HookPoint::AfterMove => "after_move",
            HookPoint::OnCapture => "on_capture",
            HookPoint::OnElimination => "on_elimination",
            HookPoint::GameOver => "game_over",
            HookPoint::Score => "score",
        }
    }
}

/// A change a hook asks the engine to make.
///
/// ```
/// use qipan::core::{Move, Piece, PieceId, SeatId};
/// use qipan::core::hooks::HookAction;
///
/// // Every stone Black plays on E5 brings a white stone onto D5.
/// let def = r#"
/// extends: go
/// hooks:
///   after_move: 'if mv.to == "E5" { place("D5", 1, "stone") }'
/// "#;
/// let game = qipan::load_str("gift.yaml", def, &[("size".into(), "9".into())])?;
/// let (e5, d5) = (game.board.find("E5").unwrap(), game.board.find("D5").unwrap());
/// let actions = game.hooks.as_ref().unwrap().after_move(&game.start(), &Move::place(PieceId::new(0), e5))?;
/// assert_eq!(actions, [HookAction::Place(d5, Piece { seat: SeatId(1), piece: PieceId::new(0) })]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum HookAction {
    /// Remove the piece on a node (not counted as a capture).
    Remove(NodeId),
    /// Capture the piece on a node for a seat: counted, sent where captured pieces go, and the
    /// count of plies without capture starts again.
    Capture(NodeId, SeatId),
    /// Put a piece on a node (replacing what is there).
    Place(NodeId, Piece),
    /// Set a seat's value of a named counter (index into [`crate::Game::counters`]).
    SetCounter {
        /// The counter.
        counter: usize,
        /// Whose value.
        seat: SeatId,
        /// The new value.
        value: i64,
    },
    /// Bring one piece of a seat from its graveyard back to its reserve.
    Revive(SeatId, PieceId),
    /// Start counting plies without capture from zero again.
    ResetQuiet,
    /// Eliminate a seat.
    Eliminate(SeatId),
    /// Give one seat to another seat's player (conquest). If the seat led its player (held other
    /// seats), the player goes on under its next seat, which also takes over its counters.
    Transfer {
        /// The seat that changes hands.
        seat: SeatId,
        /// The seat whose controller takes it.
        to: SeatId,
    },
    /// Absorption: give a seat to another seat's player; when the seat is a player, with every seat it
    /// holds. Under the `dropped` absorbed-turns rule the absorbed seats lose their turns.
    Absorb {
        /// The absorbed seat.
        seat: SeatId,
        /// The seat whose controller takes it all.
        to: SeatId,
    },
    /// Add to a seat's reserve of a piece type (negative to take away).
    Reserve(SeatId, PieceId, i32),
}

/// A decision from the `game_over` hook.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::hooks::HookOutcome;
/// use qipan::core::notation::parse_move;
///
/// // Atari Go: the first capture wins.
/// let def = r#"
/// extends: go
/// hooks:
///   game_over: 'if pos.captures(0) > 0 { 0 } else if pos.captures(1) > 0 { 1 } else { () }'
/// "#;
/// let game = qipan::load_str("atari.yaml", def, &[("size".into(), "9".into())])?;
/// let hooks = game.hooks.as_ref().unwrap();
/// let mut pos = game.start();
/// assert_eq!(hooks.game_over(&pos)?, HookOutcome::Continue);
/// for text in ["A2", "A1", "B1"] {
///     pos.play(&parse_move(&pos, text)?)?;
/// }
/// assert_eq!(hooks.game_over(&pos)?, HookOutcome::Winners(vec![SeatId(0)]));
/// assert_eq!(pos.outcome().map(|r| r.winners.clone()), Some(vec![SeatId(0)]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum HookOutcome {
    /// Play on.
    Continue,
    /// The game ends; these seats win (none: a draw).
    Winners(Vec<SeatId>),
}

/// A hook failed: it broke a limit, threw, or returned the wrong type.
///
/// ```
/// use qipan::core::{Move, PieceId, PlayError};
///
/// let def = r#"
/// extends: go
/// hooks:
///   after_move: 'throw "not today"'
/// "#;
/// let game = qipan::load_str("broken.yaml", def, &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// let err = pos.play(&Move::place(PieceId::new(0), game.board.find("E5").unwrap())).unwrap_err();
/// let PlayError::Hook(e) = err else { panic!("expected a hook error, got {err:?}") };
/// assert_eq!((e.hook.as_str(), e.file.as_str(), e.line), ("after_move", "broken.yaml", 4));
/// assert!(e.message.contains("not today"), "{}", e.message);
/// assert!(e.to_string().starts_with("hook `after_move` failed at broken.yaml:4: "), "{e}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("hook `{hook}` failed at {}: {message}", place(.file, *.line))]
pub struct HookError {
    /// The hook's name.
    pub hook: String,
    /// The definition file the hook is written in (a base's, for a hook a variant inherits); empty if unknown.
    pub file: String,
    /// The line in that file (0 if unknown).
    pub line: usize,
    /// What went wrong.
    pub message: String,
}

/// Where a hook failed, for its message: `file:line`, or `line N` when the file is not known.
fn place(file: &str, line: usize) -> String {
    if file.is_empty() { format!("line {line}") } else { format!("{file}:{line}") }
}

/// Scripted rules. Every method has a default that does nothing, so an implementation provides
/// only the points it uses; [`Hooks::has`] tells the engine which to call.
///
/// Definition files get their hooks from qipan-dsl; a program may also write its own:
///
/// ```
/// use qipan::core::{Illegal, Move, PieceId, Position};
/// use qipan::core::hooks::{HookError, HookPoint, Hooks};
/// use std::sync::Arc;
///
/// /// Go with the centre point kept free.
/// #[derive(Debug)]
/// struct NoCentre;
///
/// impl Hooks for NoCentre {
///     fn has(&self, point: HookPoint) -> bool {
///         point == HookPoint::FilterMove
///     }
///     fn filter_move(&self, pos: &Position, mv: &Move) -> Result<Option<String>, HookError> {
///         // Passes come here too, and a pass has no node.
///         let centre = !mv.is_pass() && pos.game().board.label(mv.to) == "E5";
///         Ok(centre.then(|| "the centre is kept free".into()))
///     }
/// }
///
/// let mut game = qipan::load("go", &[("size".into(), "9".into())])?.as_ref().clone();
/// game.hooks = Some(Arc::new(NoCentre));
/// let game = Arc::new(game);
/// let pos = game.start();
/// let e5 = game.board.find("E5").unwrap();
/// assert_eq!(pos.check(&Move::place(PieceId::new(0), e5)), Err(Illegal::Hook("the centre is kept free".into())));
/// assert_eq!(pos.legal_moves().len(), 80 + 1); // the other points and the pass
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Hooks: Send + Sync + fmt::Debug {
    /// Whether this point has a hook.
    ///
    /// ```
    /// use qipan::core::hooks::HookPoint;
    ///
    /// let game = qipan::load("leader-cannon", &[])?;
    /// let hooks = game.hooks.as_ref().unwrap();
    /// assert!(hooks.has(HookPoint::OnCapture));
    /// assert!(!hooks.has(HookPoint::FilterMove));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn has(&self, point: HookPoint) -> bool;

    /// `Ok(None)` to allow the move, `Ok(Some(reason))` to forbid it. Asked about every move the rules
    /// allow, passes included (those a seat may choose: a pass forced on a seat with no other move is
    /// not asked about), so an implementation must not take a pass's `to` for a node.
    ///
    /// ```
    /// use qipan::core::{Move, PieceId};
    ///
    /// let def = r#"
    /// extends: go
    /// hooks:
    ///   filter_move: 'if mv.to == "E5" { "the centre is kept free" } else { true }'
    /// "#;
    /// let game = qipan::load_str("centre.yaml", def, &[("size".into(), "9".into())])?;
    /// let hooks = game.hooks.as_ref().unwrap();
    /// let (pos, b) = (game.start(), &game.board);
    /// let reason = hooks.filter_move(&pos, &Move::place(PieceId::new(0), b.find("E5").unwrap()))?;
    /// assert_eq!(reason.as_deref(), Some("the centre is kept free"));
    /// assert_eq!(hooks.filter_move(&pos, &Move::place(PieceId::new(0), b.find("D4").unwrap()))?, None);
    /// assert_eq!(hooks.filter_move(&pos, &Move::PASS)?, None, "a pass's `mv.to` is \"\"");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn filter_move(&self, _pos: &Position, _mv: &Move) -> Result<Option<String>, HookError> {
        Ok(None)
    }

    /// Actions to apply after a move (the position is the one after the move).
    ///
    /// ```
    /// use qipan::core::{Move, PieceId, SeatId};
    /// use qipan::core::hooks::HookAction;
    ///
    /// // Count each seat's stones played.
    /// let def = r#"
    /// extends: go
    /// counters: [stones]
    /// hooks:
    ///   after_move: 'if mv.kind == "place" { set_counter("stones", pos.counter("stones") + 1) }'
    /// "#;
    /// let game = qipan::load_str("count.yaml", def, &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// let mv = Move::place(PieceId::new(0), game.board.find("E5").unwrap());
    /// let actions = game.hooks.as_ref().unwrap().after_move(&pos, &mv)?;
    /// assert_eq!(actions, [HookAction::SetCounter { counter: 0, seat: SeatId(0), value: 1 }]);
    /// // The engine runs it as part of the move.
    /// pos.play(&mv)?;
    /// assert_eq!((pos.counter(0, SeatId(0)), pos.counter(0, SeatId(1))), (1, 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn after_move(&self, _pos: &Position, _mv: &Move) -> Result<Vec<HookAction>, HookError> {
        Ok(Vec::new())
    }

    /// Actions to apply when `piece` on `node` was captured by `by`.
    ///
    /// ```
    /// use qipan::core::{Piece, SeatId};
    /// use qipan::core::hooks::HookAction;
    ///
    /// // Leader Cannon counts each side's dead commoners.
    /// let game = qipan::load("leader-cannon", &[])?;
    /// let (pos, b2) = (game.start(), game.board.find("b2").unwrap());
    /// let deaths = game.counters.iter().position(|c| c == "deaths").unwrap();
    /// let commoner = Piece { seat: SeatId(1), piece: game.piece("commoner").unwrap() };
    /// let actions = game.hooks.as_ref().unwrap().on_capture(&pos, b2, commoner, SeatId(0))?;
    /// assert_eq!(actions, [HookAction::SetCounter { counter: deaths, seat: SeatId(1), value: 1 }]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn on_capture(
        &self,
        _pos: &Position,
        _node: NodeId,
        _piece: Piece,
        _by: SeatId,
    ) -> Result<Vec<HookAction>, HookError> {
        Ok(Vec::new())
    }

    /// Actions to apply when `seat` was eliminated.
    ///
    /// ```
    /// use qipan::core::{Move, PieceId, SeatId};
    /// use qipan::core::hooks::HookAction;
    ///
    /// // An eliminated seat's stones leave the board.
    /// let def = r#"
    /// extends: go
    /// hooks:
    ///   on_elimination: 'for n in pos.nodes { if pos.owner(n) == seat { remove(n) } }'
    /// "#;
    /// let game = qipan::load_str("leave.yaml", def, &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// let e5 = game.board.find("E5").unwrap();
    /// pos.play(&Move::place(PieceId::new(0), e5))?;
    /// let hooks = game.hooks.as_ref().unwrap();
    /// assert_eq!(hooks.on_elimination(&pos, SeatId(0))?, [HookAction::Remove(e5)]);
    /// assert!(hooks.on_elimination(&pos, SeatId(1))?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn on_elimination(&self, _pos: &Position, _seat: SeatId) -> Result<Vec<HookAction>, HookError> {
        Ok(Vec::new())
    }

    /// Whether the game is over.
    ///
    /// ```
    /// use qipan::core::{Move, PieceId, SeatId};
    /// use qipan::core::hooks::HookOutcome;
    ///
    /// // The first stone on the centre wins.
    /// let def = r#"
    /// extends: go
    /// hooks:
    ///   game_over: 'let s = pos.owner("E5"); if s >= 0 { s } else { () }'
    /// "#;
    /// let game = qipan::load_str("centre.yaml", def, &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// assert_eq!(game.hooks.as_ref().unwrap().game_over(&pos)?, HookOutcome::Continue);
    /// pos.play(&Move::place(PieceId::new(0), game.board.find("E5").unwrap()))?;
    /// assert!(pos.is_over());
    /// assert_eq!(pos.outcome().unwrap().winners, [SeatId(0)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn game_over(&self, _pos: &Position) -> Result<HookOutcome, HookError> {
        Ok(HookOutcome::Continue)
    }

    /// A seat's final score, replacing the built-in scoring.
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::notation::parse_move;
    ///
    /// // Go scored by captures alone (komi still goes to White).
    /// let def = r#"
    /// extends: go
    /// hooks:
    ///   score: 'pos.captures(seat)'
    /// "#;
    /// let game = qipan::load_str("captures.yaml", def, &[("size".into(), "9".into())])?;
    /// let mut pos = game.start();
    /// for text in ["A2", "A1", "B1", "pass", "pass"] {
    ///     pos.play(&parse_move(&pos, text)?)?;
    /// }
    /// assert_eq!(game.hooks.as_ref().unwrap().score(&pos, SeatId(0))?, Some(1.0));
    /// assert_eq!(pos.outcome().unwrap().text, "W+4.5"); // 0 + 5.5 against 1
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn score(&self, _pos: &Position, _seat: SeatId) -> Result<Option<f64>, HookError> {
        Ok(None)
    }
}

thread_local! {
    /// Operations the hooks have spent in the budget scope open on this thread (`None`: no scope open).
    static SPENT: Cell<Option<u64>> = const { Cell::new(None) };
}

/// A scope for the hooks' overall budget: every hook operation run on this thread while it is open counts
/// against one total, which a [`Hooks`] implementation compares with its limit (qipan-dsl's
/// `HookLimits::max_total_operations`) and fails with a [`HookError`] past it. So a hook that stays within
/// its limit per call, but is called without end (once per candidate move of a huge board, say), still
/// stops the command.
///
/// The engine opens a scope for each move generation, each move played, each playout and each perft;
/// a program opens one around a larger unit of work (a command, a game of a simulation) to give it a
/// single budget. A scope opened while another is open on the thread adds to the outer one, so the
/// outermost scope is the unit the budget covers. Opening and closing cost a thread-local access each.
///
/// ```
/// use qipan::core::hooks::HookBudget;
///
/// let def = r#"
/// extends: go
/// hooks:
///   filter_move: 'let n = 0; for i in 0..10 { n += i } true'
/// "#;
/// let game = qipan::load_str("busy.yaml", def, &[("size".into(), "9".into())])?;
/// assert_eq!(HookBudget::spent(), None);
/// {
///     let _command = HookBudget::open();
///     assert_eq!(game.start().legal_moves().len(), 82);
///     let one = HookBudget::spent().unwrap();
///     assert!(one > 81 * 10, "each of the 81 filter calls counts: {one}");
///     game.start().legal_moves(); // a second generation adds to the same scope
///     assert_eq!(HookBudget::spent(), Some(2 * one));
/// }
/// assert_eq!(HookBudget::spent(), None, "closed with the command");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use = "the scope closes when this is dropped"]
#[derive(Debug)]
pub struct HookBudget {
    /// Whether this value opened the scope (and so closes it).
    opened: bool,
}

/// Opening, reading and closing a budget scope:
///
/// ```
/// use qipan::core::hooks::HookBudget;
///
/// assert_eq!(HookBudget::spent(), None);
/// let scope = HookBudget::open();
/// assert_eq!(HookBudget::spent(), Some(0));
/// drop(scope);
/// assert_eq!(HookBudget::spent(), None);
/// ```
impl HookBudget {
    /// Opens a budget scope on this thread, or joins the one already open.
    ///
    /// ```
    /// use qipan::core::hooks::HookBudget;
    ///
    /// let outer = HookBudget::open();
    /// HookBudget::charge(5);
    /// {
    ///     let _inner = HookBudget::open(); // joins the outer scope
    ///     HookBudget::charge(2);
    /// }
    /// assert_eq!(HookBudget::spent(), Some(7));
    /// drop(outer);
    /// assert_eq!(HookBudget::spent(), None);
    /// ```
    pub fn open() -> HookBudget {
        SPENT.with(|s| {
            let opened = s.get().is_none();
            if opened {
                s.set(Some(0));
            }
            HookBudget { opened }
        })
    }

    /// The operations spent in the scope open on this thread, or `None` when none is open.
    ///
    /// ```
    /// use qipan::core::hooks::HookBudget;
    ///
    /// assert_eq!(HookBudget::spent(), None);
    /// let _scope = HookBudget::open();
    /// assert_eq!(HookBudget::spent(), Some(0));
    /// ```
    pub fn spent() -> Option<u64> {
        SPENT.with(Cell::get)
    }

    /// Counts `operations` against the scope open on this thread (nothing when none is open).
    ///
    /// ```
    /// use qipan::core::hooks::HookBudget;
    ///
    /// HookBudget::charge(10); // no scope: not counted
    /// let _scope = HookBudget::open();
    /// HookBudget::charge(10);
    /// HookBudget::charge(u64::MAX); // saturates
    /// assert_eq!(HookBudget::spent(), Some(u64::MAX));
    /// ```
    pub fn charge(operations: u64) {
        SPENT.with(|s| {
            if let Some(x) = s.get() {
                s.set(Some(x.saturating_add(operations)));
            }
        })
    }
}

impl Drop for HookBudget {
    fn drop(&mut self) {
        if self.opened {
            SPENT.with(|s| s.set(None));
        }
    }
}
