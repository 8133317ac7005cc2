//! Who owns each node at the end: a playout-based estimate for games scored by area, used to find
//! dead stones (stones that would be captured if play went on).

use crate::board::NodeId;
use crate::playout::{PlayoutBuf, Policy, playout};
use crate::position::Position;
use crate::rules::Scoring;
use rand::Rng;

/// For each node, the share of playouts at whose end each seat owned it (`share[node][seat]`).
#[derive(Clone, Debug, PartialEq)]
pub struct Ownership {
    /// Per node, per seat: fraction of playouts in \[0, 1\].
    pub share: Vec<Vec<f64>>,
}

impl Ownership {
    /// The seat owning `node` in more than `threshold` of the playouts, if any.
    pub fn owner(&self, node: NodeId, threshold: f64) -> Option<u8> {
        self.share[node.idx()].iter().position(|&s| s > threshold).map(|s| s as u8)
    }

    /// Stones whose point another side owns in more than half of the playouts.
    pub fn dead_stones(&self, pos: &Position) -> Vec<NodeId> {
        pos.game()
            .board
            .node_ids()
            .filter(|&n| {
                pos.cell(n).is_some_and(|p| {
                    let own = pos.controller(p.seat) as usize;
                    self.share[n.idx()].iter().enumerate().any(|(s, &x)| s != own && x > 0.5)
                })
            })
            .collect()
    }
}

/// Plays `playouts` light playouts from `pos` to their end and counts, for each node, which side owns
/// it then (its stone, or an empty region only that side borders). Needs area scoring.
pub fn estimate<R: Rng>(pos: &Position, playouts: u32, rng: &mut R) -> Option<Ownership> {
    let game = pos.game();
    let Scoring::Area { relation, .. } = game.rules.scoring else { return None };
    let (n, seats) = (game.board.len(), game.seats.len());
    let mut count = vec![vec![0u32; seats]; n];
    let mut buf = PlayoutBuf::default();
    let mut p = pos.clone();
    let cap = (4 * n as u32).max(100);
    for _ in 0..playouts.max(1) {
        p.clone_from(pos);
        p.resume();
        playout(&mut p, rng, &mut buf, cap, Policy::Light).ok()?;
        for (node, owner) in area_owners(&p, relation).into_iter().enumerate() {
            if let Some(s) = owner {
                count[node][s as usize] += 1;
            }
        }
    }
    let total = playouts.max(1) as f64;
    Some(Ownership { share: count.into_iter().map(|c| c.into_iter().map(|x| x as f64 / total).collect()).collect() })
}

/// The owner of each node under area counting: its piece's controller, or the only side bordering
/// its empty region (none for shared regions).
pub fn area_owners(pos: &Position, rel: crate::board::RelationId) -> Vec<Option<u8>> {
    let board = &pos.game().board;
    let mut owner = vec![None; board.len()];
    let mut seen = vec![false; board.len()];
    let mut region = Vec::new();
    let mut stack = Vec::new();
    for start in board.node_ids() {
        if let Some(p) = pos.cell(start) {
            owner[start.idx()] = Some(pos.controller(p.seat));
            continue;
        }
        if seen[start.idx()] {
            continue;
        }
        region.clear();
        let mut border: Option<Option<u8>> = None;
        seen[start.idx()] = true;
        stack.push(start);
        while let Some(x) = stack.pop() {
            region.push(x);
            for e in board.edges(rel, x) {
                match pos.cell(e.to) {
                    Some(p) => {
                        let c = pos.controller(p.seat);
                        border = match border {
                            None => Some(Some(c)),
                            Some(Some(b)) if b == c => Some(Some(b)),
                            _ => Some(None),
                        };
                    }
                    None if !seen[e.to.idx()] => {
                        seen[e.to.idx()] = true;
                        stack.push(e.to);
                    }
                    None => {}
                }
            }
        }
        if let Some(Some(s)) = border {
            for &x in &region {
                owner[x.idx()] = Some(s);
            }
        }
    }
    owner
}

/// The position with the given stones taken off (for scoring with dead stones removed).
pub fn without(pos: &Position, dead: &[NodeId]) -> Position {
    let mut p = pos.clone();
    for &n in dead {
        p.set_cell(n, None);
    }
    p
}

/// Area scores with dead stones removed (dame split as the game says), bonus (komi) included.
pub fn scores_dead_removed(pos: &Position, dead: &[NodeId]) -> Option<Vec<f64>> {
    let Scoring::Area { relation, dame } = pos.game().rules.scoring else { return None };
    let p = without(pos, dead);
    let mut s = crate::rules::scoring::area(&p, relation, dame);
    add_bonus(pos, &mut s);
    Some(s)
}

/// Territory scores (as Japanese rules count): empty points surrounded by one side, plus the
/// stones it captured during play, plus the dead stones of the others; bonus (komi) included.
/// Shared regions count for nobody. For comparing with records kept under territory rules.
pub fn territory_scores(pos: &Position, dead: &[NodeId]) -> Option<Vec<f64>> {
    let Scoring::Area { relation, .. } = pos.game().rules.scoring else { return None };
    let p = without(pos, dead);
    let owners = area_owners(&p, relation);
    let mut s: Vec<f64> = pos.captures().iter().map(|&c| c as f64).collect();
    for n in p.game().board.node_ids() {
        if let (None, Some(o)) = (p.cell(n), owners[n.idx()]) {
            s[o as usize] += 1.0;
        }
    }
    for &n in dead {
        if let Some(piece) = pos.cell(n) {
            // A dead stone is a prisoner of every other side; with two sides, of the opponent.
            let owner = pos.controller(piece.seat) as usize;
            for (seat, x) in s.iter_mut().enumerate() {
                if seat != owner {
                    *x += 1.0 / (pos.game().seats.len() - 1).max(1) as f64;
                }
            }
        }
    }
    add_bonus(pos, &mut s);
    Some(s)
}

fn add_bonus(pos: &Position, s: &mut [f64]) {
    for (x, b) in s.iter_mut().zip(&pos.game().rules.score_bonus) {
        *x += b;
    }
}

/// Two-sided result text from scores (`B+3.5`, `W+1`, `0`).
pub fn result_text(pos: &Position, scores: &[f64]) -> String {
    let seats = &pos.game().seats;
    if scores.len() != 2 {
        return String::new();
    }
    let diff = scores[0] - scores[1];
    if diff.abs() < 1e-9 {
        "0".into()
    } else if diff > 0.0 {
        format!("{}+{}", seats[0].letter, crate::outcome::fmt_points(diff))
    } else {
        format!("{}+{}", seats[1].letter, crate::outcome::fmt_points(-diff))
    }
}
