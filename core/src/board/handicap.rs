//! Fixed handicap: where the stones of an N-stone handicap go on a square grid, as Go players place them
//! and GTP's `fixed_handicap` specifies (GNU Go's placement). The stones stand on the third line (the fourth
//! on boards of 12 lines and more): two opposite corners, then the other two, then the centre for an odd
//! count, then the middles of the left and right sides, then of the top and bottom.

use super::{Board, NodeId};

/// Why a fixed handicap does not fit a board.
///
/// ```
/// use qipan::core::board::handicap::{HandicapError, fixed_handicap};
///
/// let go = |size: &str| qipan::load("go", &[("size".into(), size.into())]).unwrap();
/// assert_eq!(fixed_handicap(&go("9").board, 10), Err(HandicapError::TooMany { stones: 10, most: 9 }));
/// assert_eq!(fixed_handicap(&go("8").board, 5), Err(HandicapError::TooMany { stones: 5, most: 4 }));
/// assert_eq!(fixed_handicap(&go("5").board, 2), Err(HandicapError::NoStars));
/// assert_eq!(fixed_handicap(&go("9").board, 1), Err(HandicapError::TooFew(1)));
/// assert_eq!(HandicapError::TooMany { stones: 10, most: 9 }.to_string(), "a fixed handicap of 10 stones does not fit this board: at most 9");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HandicapError {
    /// Fewer than two stones: a handicap of one is Black moving first without komi, and places nothing.
    #[error("a fixed handicap has at least 2 stones, not {0}")]
    TooFew(u32),
    /// More stones than the board has handicap points.
    #[error("a fixed handicap of {stones} stones does not fit this board: at most {most}")]
    TooMany {
        /// The stones asked for.
        stones: u32,
        /// The most the board takes: 9 on odd sizes from 9 lines, else 4.
        most: u32,
    },
    /// The board is not a square grid of at least 7 lines.
    #[error("a fixed handicap needs a square grid of at least 7 lines")]
    NoStars,
}

/// The nodes of a fixed handicap of `stones` stones, in placing order (corners first).
///
/// ```
/// use qipan::core::board::handicap::fixed_handicap;
///
/// let game = qipan::load("go", &[])?; // 19×19
/// let labels = |n: u32| -> Vec<String> {
///     let nodes = fixed_handicap(&game.board, n).unwrap();
///     nodes.iter().map(|&x| game.board.label(x).to_string()).collect()
/// };
/// assert_eq!(labels(2), ["Q16", "D4"]);
/// assert_eq!(labels(3), ["Q16", "D4", "D16"]);
/// assert_eq!(labels(5), ["Q16", "D4", "D16", "Q4", "K10"]);
/// assert_eq!(labels(8), ["Q16", "D4", "D16", "Q4", "D10", "Q10", "K16", "K4"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fixed_handicap(board: &Board, stones: u32) -> Result<Vec<NodeId>, HandicapError> {
    let Some((size, height, true)) = board.grid_size() else { return Err(HandicapError::NoStars) };
    if size != height || size < 7 {
        return Err(HandicapError::NoStars);
    }
    if stones < 2 {
        return Err(HandicapError::TooFew(stones));
    }
    let most = if size % 2 == 1 && size >= 9 { 9 } else { 4 };
    if stones > most {
        return Err(HandicapError::TooMany { stones, most });
    }
    // Columns and rows from 0 at the lower left: the star lines and the middle.
    let edge = if size >= 12 { 3 } else { 2 };
    let (low, high, mid) = (edge, size - 1 - edge, size / 2);
    let mut points = vec![(high, high), (low, low), (low, high), (high, low)];
    if stones >= 6 {
        points.extend([(low, mid), (high, mid)]);
    }
    if stones >= 8 {
        points.extend([(mid, high), (mid, low)]);
    }
    points.truncate(if stones % 2 == 1 && stones >= 5 { stones as usize - 1 } else { stones as usize });
    if stones % 2 == 1 && stones >= 5 {
        points.push((mid, mid));
    }
    points
        .into_iter()
        .map(|(x, y)| {
            board.node_ids().find(|&n| board.node(n).coord[..2] == [x as i32, y as i32]).ok_or(HandicapError::NoStars)
        })
        .collect()
}
