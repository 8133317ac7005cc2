//! Perft: the number of move sequences of a given length, the movement rules' yardstick.

use crate::hooks::{HookBudget, HookError};
use crate::position::{MoveBuf, Position};

/// The number of move sequences of exactly `depth` plies from `pos`.
///
/// A hook that fails on the way leaves the moves it concerns out of the count; [`try_perft`] reports
/// it instead, as every command does.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan_core::board::generators::{grid, GridSpec};
/// use qipan_core::game::{GameBuilder, PieceType, Seat};
/// use qipan_core::rules::{Cond, MoveRule, Pattern};
/// use std::sync::Arc;
///
/// // Two seats placing stones on an empty 3×3 board, nothing else.
/// let board = grid(&GridSpec::new(3, 3)).unwrap().build().unwrap();
/// let stone = PieceType {
///     name: "stone".into(),
///     symbols: vec!["X".into(), "O".into()],
///     moves: vec![MoveRule::new(Pattern::Place, Cond::Empty, "place to empty")],
///     immune: false,
///     captures: true,
///     owner: None,
/// };
/// let seats = [Seat::new("x", "X", SeatId(0)), Seat::new("o", "O", SeatId(1))];
/// let game = Arc::new(GameBuilder::new("t", board).seats(seats).piece(stone).build().unwrap());
/// assert_eq!(qipan_core::playout::perft(&game.start(), 2), 9 * 8);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    count(pos, depth, false).unwrap_or(0)
}

/// The number of move sequences of exactly `depth` plies from `pos`, or the first failure of a hook (a
/// move's hook, a `filter_move` while generating, or the hooks' overall budget for the whole count spent).
///
/// Memory grows with the plies reached, not with `depth`: a depth past the end of every game costs nothing.
///
/// ```
/// use qipan::core::playout::try_perft;
///
/// // Go on 2×2 stopped after three plies.
/// let go = qipan::load("go", &[("size".into(), "2".into()), ("move_cap".into(), "3".into())])?;
/// assert_eq!(try_perft(&go.start(), 2)?, 4 * 4 + 5); // after a pass, White may pass too
/// assert!(try_perft(&go.start(), 3)? > 0);
/// assert_eq!(try_perft(&go.start(), u32::MAX)?, 0, "no game lasts that long, and asking costs nothing");
///
/// // `after_move` sees the ply the move was played at: 1 is the second move.
/// let def = "extends: go\nhooks:\n  after_move: 'if pos.ply == 1 { throw \"no second move\" }'\n";
/// let broken = qipan::load_str("broken.yaml", def, &[("size".into(), "9".into())])?;
/// assert_eq!(try_perft(&broken.start(), 1)?, 82);
/// let err = try_perft(&broken.start(), 2).unwrap_err();
/// assert_eq!((err.hook.as_str(), err.message.as_str()), ("after_move", "no second move"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn try_perft(pos: &Position, depth: u32) -> Result<u64, HookError> {
    // One budget for the hooks of the whole count.
    let _budget = pos.game().hooks.is_some().then(HookBudget::open);
    count(pos, depth, true)
}

/// Perft by depth-first search on an explicit stack (no recursion, however deep the count), with one
/// position and move buffer per ply reached, reused from branch to branch. With `strict`, a failing
/// hook is an error; otherwise the moves it concerns are left out.
fn count(root: &Position, depth: u32, strict: bool) -> Result<u64, HookError> {
    let generate = |pos: &Position, buf: &mut MoveBuf| {
        if strict {
            return pos.try_generate_legal(buf);
        }
        pos.generate_legal(buf);
        Ok(())
    };
    if depth == 0 {
        return Ok(1);
    }
    // `frames[i]`: the position after `i` plies, its legal moves, and the next of them to try.
    let mut frames = vec![(root.clone(), MoveBuf::default(), 0usize)];
    generate(root, &mut frames[0].1)?;
    if depth == 1 {
        return Ok(frames[0].1.moves.len() as u64);
    }
    let mut total = 0;
    let mut live = 1;
    while live > 0 {
        let i = live - 1;
        let next = frames[i].2;
        let Some(&mv) = frames[i].1.moves.get(next) else {
            live -= 1;
            continue;
        };
        frames[i].2 += 1;
        if frames.len() == live {
            frames.push((root.clone(), MoveBuf::default(), 0));
        }
        let (parents, children) = frames.split_at_mut(live);
        let child = &mut children[0];
        child.0.clone_from(&parents[i].0);
        match child.0.play_unchecked(&mv) {
            Ok(()) => {}
            Err(e) if strict => return Err(e),
            Err(_) => continue,
        }
        generate(&child.0, &mut child.1)?;
        // The child stands `live` plies deep; the last ply is counted from its move list.
        if depth - live as u32 == 1 {
            total += child.1.moves.len() as u64;
        } else {
            child.2 = 0;
            live += 1;
        }
    }
    Ok(total)
}
