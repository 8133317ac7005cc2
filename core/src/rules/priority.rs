//! Capture priority (`rules: { capture_priority: compulsory }`): when a move that captures exists, only
//! such moves may be played (draughts); with `maximum`, only those that capture the most pieces.
//!
//! ```
//! use qipan::core::rules::CapturePriority;
//!
//! let game = qipan::load("english-draughts", &[])?;
//! assert_eq!(game.rules.capture_priority, CapturePriority::Compulsory);
//! assert_eq!(qipan::load("chess", &[])?.rules.capture_priority, CapturePriority::Free);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::moves::{Move, MoveKind};
use crate::position::Position;

/// Which moves must be preferred for what they capture.
///
/// ```
/// use qipan::core::rules::CapturePriority;
///
/// assert_eq!(CapturePriority::default(), CapturePriority::Free);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum CapturePriority {
    /// Any move may be played.
    #[default]
    Free,
    /// A capturing move must be played when one exists.
    Compulsory,
    /// A move capturing the most pieces must be played.
    Maximum,
}

/// How many pieces `mv` captures in `pos`: the piece on its destination, one taken at a distance or in
/// passing, those its path jumps over, and those of the approach or withdrawal it chose.
///
/// ```
/// use qipan::core::{notation::parse_move, rules::priority::captured_count};
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// assert_eq!(captured_count(&pos, &parse_move(&pos, "e2-e4")?), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn captured_count(pos: &Position, mv: &Move) -> usize {
    let landing = (mv.kind == MoveKind::Move && mv.to != mv.from && pos.cell(mv.to).is_some()) as usize;
    let path = if mv.path.captures() { mv.path.len() } else { 0 };
    landing + mv.take.is_some() as usize + path + crate::rules::capture::chosen_count(pos, mv)
}

/// Keeps only the moves `priority` allows among `moves` (pseudo-legal moves of the seat to move).
///
/// ```
/// use qipan::core::{rules::CapturePriority, rules::priority::keep_priority};
///
/// let game = qipan::load("chess", &[])?;
/// let pos = game.start();
/// let mut moves = pos.legal_moves();
/// keep_priority(&pos, CapturePriority::Compulsory, &mut moves);
/// assert_eq!(moves.len(), 20); // nothing captures: every move stays
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn keep_priority(pos: &Position, priority: CapturePriority, moves: &mut Vec<Move>) {
    let most = match priority {
        CapturePriority::Free => return,
        CapturePriority::Compulsory => moves.iter().any(|m| captured_count(pos, m) > 0) as usize,
        CapturePriority::Maximum => moves.iter().map(|m| captured_count(pos, m)).max().unwrap_or(0),
    };
    if most == 0 {
        return;
    }
    moves.retain(|m| captured_count(pos, m) >= most);
}

/// Per piece type and movement rule, whether the rule's moves capture, when that is known for every
/// rule of the game: each rule's moves then all capture or all do not, and generation under a capture
/// priority can try the capturing rules first and skip the others whenever those give a move (the
/// common case in draughts, where looking at every step only to throw it away was half the work).
/// `None` when some rule may go either way (a rook's slide to empty or enemy).
///
/// A rule never captures when it enters a piece, or when it only goes to empty nodes, takes nothing
/// at a distance or in passing, and shoots nothing; it always captures when it jumps taking what it
/// jumps, or only lands on occupied nodes (taking what stands there).
///
/// ```
/// use qipan::core::rules::priority::capture_classes;
///
/// let draughts = qipan::load("english-draughts", &[])?;
/// // Man and king: a step (never captures), then a jump (always does).
/// assert_eq!(capture_classes(&draughts.pieces), Some(vec![vec![false, true], vec![false, true]]));
/// assert_eq!(capture_classes(&qipan::load("chess", &[])?.pieces), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn capture_classes(pieces: &[crate::game::PieceType]) -> Option<Vec<Vec<bool>>> {
    use crate::rules::{CaptureMode, FastTarget, Pattern};
    let class = |r: &crate::rules::MoveRule| {
        if r.pattern.enters() {
            return Some(false);
        }
        if r.shot.is_some()
            || r.then_place.is_some()
            || matches!(r.pattern, Pattern::Castle { .. } | Pattern::Walk { .. })
        {
            return None;
        }
        if matches!(r.pattern, Pattern::Jump { .. }) && r.capture == CaptureMode::Jumped {
            return Some(true);
        }
        let occupants = FastTarget::of(&r.to)?.occupants;
        match r.capture {
            CaptureMode::Replace if occupants == 0b0001 => Some(false),
            CaptureMode::Replace if occupants & 0b0001 == 0 => Some(true),
            _ => None,
        }
    };
    pieces.iter().map(|p| p.moves.iter().map(class).collect()).collect()
}
