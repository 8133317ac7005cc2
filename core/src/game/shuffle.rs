//! Numbered starts ([`Shuffle`]): a setup made by placement steps over a row of free nodes, each step
//! putting pieces on some of the nodes still free (of one colour, or any), the last ones filling the
//! rest in a fixed order. A start's number is read as a mixed-radix number, the first step's choice
//! being its lowest digit, so chess960's steps (a bishop on a light node, one on a dark node, the queen,
//! the two knights, then rook, king, rook) number the starts as Scharnagl did: 518 is the usual start.

use crate::board::NodeId;
use crate::game::Placement;
use crate::{PieceId, SeatId};

/// One placement step of a [`Shuffle`].
///
/// ```
/// let game = qipan::load("chess960", &[])?;
/// let steps = &game.shuffle.as_ref().unwrap().steps;
/// // A bishop on a light node, one on a dark node, the queen, the two knights, then rook, king, rook.
/// assert_eq!(steps.len(), 5);
/// assert!(steps[0].colour.is_some() && steps[1].colour.is_some() && steps[0].colour != steps[1].colour);
/// assert_eq!(steps[3].pieces, vec![game.piece("knight").unwrap(); 2]);
/// assert!(steps[4].rest && steps[4].pieces.len() == 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShuffleStep {
    /// The pieces the step places; several of one type are one choice of nodes whatever their order.
    pub pieces: Vec<PieceId>,
    /// Only on nodes of this colour ([`crate::board::NodeInfo::colour`]).
    pub colour: Option<u8>,
    /// The pieces fill every node still free, in node order (one choice).
    pub rest: bool,
}

/// A setup generated from a number: see the [module documentation](self).
///
/// ```
/// let game = qipan::load("chess960", &[("start".into(), "518".into())])?;
/// let shuffle = game.shuffle.as_ref().unwrap();
/// assert_eq!((shuffle.option.as_str(), shuffle.count()), ("start", 960));
/// assert_eq!(shuffle.row_text(&game, 518).as_deref(), Some("RNBQKBNR"));
/// assert_eq!(shuffle.row_text(&game, 0).as_deref(), Some("BBQNNRKR"));
/// assert_eq!(shuffle.placements(960), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shuffle {
    /// The option that gives the start's number.
    pub option: String,
    /// The seat whose pieces the steps place.
    pub seat: SeatId,
    /// The nodes they fill, in order.
    pub nodes: Vec<NodeId>,
    /// Their colours ([`crate::board::NodeInfo::colour`]).
    pub colours: Vec<Option<u8>>,
    /// The steps, the first one's choice the lowest digit of the number.
    pub steps: Vec<ShuffleStep>,
    /// Other seats that get the same pieces on their own nodes, in the same order (the mirror).
    pub copies: Vec<(SeatId, Vec<NodeId>)>,
}

/// `n` choose `k`.
fn choose(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i + 1) as u64)
}

/// Counting, decoding and listing the starts.
///
/// ```
/// let game = qipan::load("chess960", &[])?;
/// let shuffle = game.shuffle.as_ref().unwrap();
/// let texts: Vec<String> = (0..shuffle.count()).filter_map(|n| shuffle.row_text(&game, n)).collect();
/// assert_eq!(texts.len(), 960);
/// assert!(texts.iter().all(|t| t.find('K') > t.find('R') && t.rfind('R') > t.find('K')));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Shuffle {
    /// The number of choices of each step from the free nodes (`free[i]`: node `i` is still free),
    /// and the indices of the nodes it may use.
    fn allowed(&self, step: &ShuffleStep, free: &[bool]) -> Vec<usize> {
        (0..self.nodes.len())
            .filter(|&i| free[i] && (step.colour.is_none() || self.colours[i] == step.colour))
            .collect()
    }

    /// The first step that cannot be made, with the pieces it places and the free nodes it may use
    /// (a `rest` step must fill them exactly).
    ///
    /// ```
    /// let game = qipan::load("chess960", &[])?;
    /// assert_eq!(game.shuffle.as_ref().unwrap().impossible_step(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn impossible_step(&self) -> Option<(usize, usize, usize)> {
        let mut free = vec![true; self.nodes.len()];
        for (i, step) in self.steps.iter().enumerate() {
            let allowed = self.allowed(step, &free);
            let k = step.pieces.len();
            if k > allowed.len() || (step.rest && k != allowed.len()) {
                return Some((i, k, allowed.len()));
            }
            allowed.iter().take(k).for_each(|&i| free[i] = false);
        }
        None
    }

    /// How many starts there are (0 when some step cannot be made).
    ///
    /// ```
    /// let game = qipan::load("chess960", &[])?;
    /// assert_eq!(game.shuffle.as_ref().unwrap().count(), 4 * 4 * 6 * 10);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self) -> u64 {
        let mut free = vec![true; self.nodes.len()];
        let mut total = 1u64;
        for step in &self.steps {
            let allowed = self.allowed(step, &free);
            let k = step.pieces.len();
            let ways = if step.rest { u64::from(allowed.len() == k) } else { choose(allowed.len(), k) };
            total = total.saturating_mul(ways);
            // The first choice stands for all: the counts of the later steps do not depend on it when
            // the coloured steps come first (a definition's steps are checked so).
            allowed.iter().take(k).for_each(|&i| free[i] = false);
        }
        total
    }

    /// The pieces of start `number` for every seat (`None` when there is no such start).
    ///
    /// ```
    /// let game = qipan::load("chess960", &[])?;
    /// let shuffle = game.shuffle.as_ref().unwrap();
    /// let start = shuffle.placements(518).unwrap();
    /// assert_eq!(start.len(), 16, "eight pieces for each seat");
    /// let e1 = game.board.find("e1").unwrap();
    /// assert!(start.iter().any(|p| p.node == e1 && p.piece == game.piece("king").unwrap()));
    /// assert_eq!(shuffle.placements(960), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn placements(&self, number: u64) -> Option<Vec<Placement>> {
        let row = self.row(number)?;
        let mut out = Vec::new();
        for (i, piece) in row.iter().enumerate() {
            out.push(Placement { node: self.nodes[i], seat: self.seat, piece: (*piece)? });
            for (seat, nodes) in &self.copies {
                out.push(Placement { node: *nodes.get(i)?, seat: *seat, piece: (*piece)? });
            }
        }
        Some(out)
    }

    /// The piece on each node of start `number` (`None` when there is no such start).
    ///
    /// ```
    /// let game = qipan::load("chess960", &[])?;
    /// let row = game.shuffle.as_ref().unwrap().row(518).unwrap();
    /// let names: Vec<&str> = row.iter().map(|p| game.pieces[p.unwrap().idx()].name.as_str()).collect();
    /// assert_eq!(names[..4], ["rook", "knight", "bishop", "queen"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn row(&self, number: u64) -> Option<Vec<Option<PieceId>>> {
        if number >= self.count() {
            return None;
        }
        let mut rest = number;
        let mut row: Vec<Option<PieceId>> = vec![None; self.nodes.len()];
        for step in &self.steps {
            let free: Vec<bool> = row.iter().map(Option::is_none).collect();
            let allowed = self.allowed(step, &free);
            let k = step.pieces.len();
            let ways = if step.rest { 1 } else { choose(allowed.len(), k) };
            let mut digit = rest % ways;
            rest /= ways;
            // The digit-th k-subset of the allowed nodes in lexicographic order.
            let mut from = 0;
            for (j, &piece) in step.pieces.iter().enumerate() {
                let left = k - j - 1;
                let mut at = from;
                loop {
                    let below = choose(allowed.len() - at - 1, left);
                    if step.rest || digit < below {
                        break;
                    }
                    digit -= below;
                    at += 1;
                }
                row[allowed[at]] = Some(piece);
                from = at + 1;
            }
        }
        Some(row)
    }

    /// Start `number`'s pieces as the letters of their first symbols (`RNBQKBNR`), for listing starts.
    ///
    /// ```
    /// let game = qipan::load("chess960", &[])?;
    /// let shuffle = game.shuffle.as_ref().unwrap();
    /// assert_eq!(shuffle.row_text(&game, 959).as_deref(), Some("RKRNNQBB"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn row_text(&self, game: &crate::Game, number: u64) -> Option<String> {
        let row = self.row(number)?;
        Some(
            row.iter()
                .map(|p| match p {
                    Some(p) => game.pieces[p.idx()].symbols.first().and_then(|s| s.chars().next()).unwrap_or('?'),
                    None => '.',
                })
                .collect(),
        )
    }
}
