//! Trying a game's hooks on its start position before anyone plays, and the stack a thread needs to
//! run any hook the limits accept.

use qipan_core::board::NodeId;
use qipan_core::game::Game;
use qipan_core::hooks::{HookError, HookPoint};
use qipan_core::moves::Move;
use qipan_core::position::{Piece, PlayError};
use qipan_core::{PieceId, SeatId};
use std::sync::Arc;

/// Runs each of a game's hooks once on its start position, as `qipan check` does, so that a hook failing there (a
/// misspelt function, an unknown action, a wrong argument) is found before anyone plays. `filter_move` gets the
/// first legal move of the game without hooks; that move is then played, which runs `after_move` (and whatever else
/// it sets off) on the position after it; `on_capture` is given a piece of the second seat taken on the move's node,
/// `on_elimination` the second seat, `score` the first; the actions those direct calls queue are dropped.
///
/// ```
/// let def = "extends: go\nhooks:\n  score: |\n    let s = \"ab\";\n    mid(s, 1)\n";
/// let game = qipan::load_str("mid.yaml", def, &[])?;
/// let err = qipan::dsl::hooks::try_on_start(&game).unwrap_err();
/// assert_eq!((err.hook.as_str(), err.file.as_str(), err.line), ("score", "mid.yaml", 5));
/// assert!(err.message.contains("Function not found: mid"), "{err}");
/// // Leader Cannon's hooks run on its start position.
/// assert_eq!(qipan::dsl::hooks::try_on_start(&qipan::load("leader-cannon", &[])?), Ok(()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_on_start(game: &Arc<Game>) -> Result<(), HookError> {
    // On a thread of its own, with the stack any accepted hook needs, whatever the caller's thread has.
    std::thread::scope(|s| {
        match std::thread::Builder::new().stack_size(THREAD_STACK_BYTES).spawn_scoped(s, || run_on_start(game)) {
            Ok(t) => t.join().unwrap_or_else(|e| std::panic::resume_unwind(e)),
            Err(_) => run_on_start(game),
        }
    })
}

/// The stack a thread needs to run any game whose definition compiles: hooks at the limits of
/// [`HookLimits::default`](super::HookLimits::default) (32 nested calls of script functions, each nesting calls 64 levels deep) use about
/// 3 MiB in an optimised build, more than the 2 MiB a spawned thread gets by default; this leaves a margin of five.
/// [`try_on_start`] runs hooks on a thread of this size, and `qipan simulate` gives it to its workers.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::hooks::Hooks;
///
/// // 31 nested calls of a function that nests 28 calls of `abs`: accepted, and it runs on such a thread.
/// let body = format!("fn f(n) {{ if n <= 0 {{ return 0; }} {}f(n - 1){} }}\n    f(31)", "abs(".repeat(28), ")".repeat(28));
/// let game = qipan::load_str("deep.yaml", &format!("extends: go\nhooks:\n  score: |\n    {body}\n"), &[])?;
/// let stack = qipan::dsl::hooks::THREAD_STACK_BYTES;
/// let pos = game.start();
/// let score = std::thread::Builder::new().stack_size(stack).spawn(move || game.hooks.as_ref().unwrap().score(&pos, SeatId(0)))?;
/// assert_eq!(score.join().unwrap()?, Some(0.0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const THREAD_STACK_BYTES: usize = 16 << 20;

fn run_on_start(game: &Arc<Game>) -> Result<(), HookError> {
    let Some(hooks) = &game.hooks else { return Ok(()) };
    let start = game.start();
    // The first move the rules allow, without asking `filter_move`, which is what is tried.
    let mut bare = (**game).clone();
    bare.hooks = None;
    let bare = Arc::new(bare);
    let mv = bare.start().legal_moves().into_iter().find(|m| !m.is_pass()).unwrap_or(Move::PASS);
    let other = SeatId((1 % game.seats.len()) as u8);
    if hooks.has(HookPoint::FilterMove) {
        hooks.filter_move(&start, &mv)?;
    }
    // A refused move (by a rule or the filter) is not an error of a hook here.
    if let Err(PlayError::Hook(e)) = start.clone().play(&mv) {
        return Err(e);
    }
    if hooks.has(HookPoint::OnCapture) {
        let node = if mv.to.is_some() { mv.to } else { NodeId(0) };
        hooks.on_capture(&start, node, Piece { seat: other, piece: PieceId::new(0) }, start.to_move())?;
    }
    if hooks.has(HookPoint::OnElimination) {
        hooks.on_elimination(&start, other)?;
    }
    hooks.game_over(&start)?;
    hooks.score(&start, SeatId(0))?;
    Ok(())
}
