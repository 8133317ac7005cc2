//! Who owns each node at the end: a playout-based estimate for games scored by area, used to find
//! dead stones (stones that would be captured if play went on).

mod seki;
pub use seki::seki_stones;

use crate::SeatId;
use crate::board::NodeId;
use crate::playout::{PlayoutBuf, Policy, playout};
use crate::position::Position;
use crate::rules::Scoring;
use rand::Rng;

/// For each node, the share of playouts at whose end each seat owned it (`share[node][seat]`).
///
/// ```
/// use rand::SeedableRng;
///
/// # let game = qipan::load("go", &[("size".into(), "3".into())])?;
/// # let mut pos = game.start();
/// # for t in ["B1", "A2", "B2", "pass", "B3", "pass", "C2"] {
/// #     pos.play(&qipan::core::notation::parse_move(&pos, t)?)?;
/// # }
/// // Black's wall B1-B2-B3-C2 has two eyes (C1, C3); White's stone A2 cannot live.
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
/// let own = qipan::core::ownership::estimate(&pos, 20, &mut rng).unwrap();
/// assert_eq!(own.share.len(), 9);
/// let c1 = game.board.find("C1").unwrap();
/// assert_eq!(own.share[c1.idx()], [1.0, 0.0]); // Black's eye at the end of every playout
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Ownership {
    /// Per node, per seat: fraction of playouts in \[0, 1\].
    pub share: Vec<Vec<f64>>,
}

/// Reading an estimate: who owns a node, and which stones are dead.
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::ownership::Ownership;
///
/// # let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// # let mut pos = game.start();
/// # pos.play(&qipan::core::notation::parse_move(&pos, "E5")?)?;
/// // A made-up estimate giving every point to White: Black's stone on E5 is then dead.
/// let own = Ownership { share: vec![vec![0.0, 1.0]; 81] };
/// let e5 = game.board.find("E5").unwrap();
/// assert_eq!(own.owner(e5, 0.5), Some(SeatId(1)));
/// assert_eq!(own.dead_stones(&pos), [e5]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Ownership {
    /// The seat owning `node` in more than `threshold` of the playouts, if any.
    ///
    /// ```
    /// use qipan::core::SeatId;
    /// use qipan::core::ownership::Ownership;
    ///
    /// // Two nodes: the first Black's in 90% of the playouts, the second shared.
    /// let own = Ownership { share: vec![vec![0.9, 0.1], vec![0.5, 0.5]] };
    /// let (first, second) = (qipan::core::NodeId(0), qipan::core::NodeId(1));
    /// assert_eq!(own.owner(first, 0.8), Some(qipan::core::SeatId(0)));
    /// assert_eq!(own.owner(first, 0.95), None);
    /// assert_eq!(own.owner(second, 0.5), None);
    /// ```
    pub fn owner(&self, node: NodeId, threshold: f64) -> Option<SeatId> {
        self.share[node.idx()].iter().position(|&s| s > threshold).and_then(SeatId::from_index)
    }

    /// Stones whose point another side owns in more than half of the playouts, except stones in seki
    /// ([`seki_stones`]), which random playouts tend to kill.
    ///
    /// ```
    /// use rand::SeedableRng;
    ///
    /// # let game = qipan::load("go", &[("size".into(), "3".into())])?;
    /// # let mut pos = game.start();
    /// # for t in ["B1", "A2", "B2", "pass", "B3", "pass", "C2"] {
    /// #     pos.play(&qipan::core::notation::parse_move(&pos, t)?)?;
    /// # }
    /// // Black's wall B1-B2-B3-C2 has two eyes (C1, C3); White's stone A2 cannot live.
    /// let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    /// let own = qipan::core::ownership::estimate(&pos, 20, &mut rng).unwrap();
    /// assert_eq!(own.dead_stones(&pos), [game.board.find("A2").unwrap()]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn dead_stones(&self, pos: &Position) -> Vec<NodeId> {
        let seki = seki_stones(pos);
        pos.game()
            .board
            .node_ids()
            .filter(|&n| {
                !seki.contains(&n)
                    && pos.cell(n).is_some_and(|p| {
                        let own = pos.controller(p.seat).idx();
                        self.share[n.idx()].iter().enumerate().any(|(s, &x)| s != own && x > 0.5)
                    })
            })
            .collect()
    }
}

/// Plays `playouts` light playouts from `pos` to their end and counts, for each node, which side owns
/// it then (its stone, or an empty region only that side borders). Needs area scoring.
///
/// ```
/// use qipan::core::SeatId;
/// use rand::SeedableRng;
/// use qipan::core::ownership::estimate;
///
/// # let game = qipan::load("go", &[("size".into(), "3".into())])?;
/// # let mut pos = game.start();
/// # for t in ["B1", "A2", "B2", "pass", "B3", "pass", "C2"] {
/// #     pos.play(&qipan::core::notation::parse_move(&pos, t)?)?;
/// # }
/// // Black's wall B1-B2-B3-C2 has two eyes (C1, C3); White's stone A2 cannot live.
/// let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
/// let own = estimate(&pos, 50, &mut rng).unwrap();
/// assert!(game.board.node_ids().all(|n| own.owner(n, 0.5) == Some(SeatId(0))));
/// // Chess is not scored by area.
/// let chess = qipan::load("chess", &[])?;
/// assert!(estimate(&chess.start(), 50, &mut rng).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
                count[node][s.idx()] += 1;
            }
        }
    }
    let total = playouts.max(1) as f64;
    Some(Ownership { share: count.into_iter().map(|c| c.into_iter().map(|x| x as f64 / total).collect()).collect() })
}

/// The owner of each node under area counting: its piece's controller, or the only side bordering
/// its empty region (none for shared regions).
///
/// ```
/// use qipan::core::SeatId;
/// use qipan::core::ownership::area_owners;
///
/// let game = qipan::load("go", &[("size".into(), "3".into())])?;
/// let mut pos = game.start();
/// for t in ["B1", "A2", "B2", "pass", "B3", "pass", "C2"] {
///     pos.play(&qipan::core::notation::parse_move(&pos, t)?)?;
/// }
/// let owners = area_owners(&pos, game.board.relation("orthogonal").unwrap());
/// let owner = |label| owners[game.board.find(label).unwrap().idx()];
/// assert_eq!((owner("B2"), owner("C1"), owner("A2")), (Some(SeatId(0)), Some(SeatId(0)), Some(SeatId(1))));
/// assert_eq!(owner("A1"), None); // both sides border A1
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn area_owners(pos: &Position, rel: crate::board::RelationId) -> Vec<Option<SeatId>> {
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
        let mut border: Option<Option<SeatId>> = None;
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
///
/// ```
/// use qipan::core::ownership::without;
///
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// pos.play(&qipan::core::notation::parse_move(&pos, "E5")?)?;
/// let e5 = game.board.find("E5").unwrap();
/// let cleared = without(&pos, &[e5]);
/// assert!(cleared.cell(e5).is_none());
/// assert!(pos.cell(e5).is_some()); // the original is unchanged
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn without(pos: &Position, dead: &[NodeId]) -> Position {
    let mut p = pos.clone();
    for &n in dead {
        p.set_cell(n, None);
    }
    p
}

/// Area scores with dead stones removed (dame split as the game says), bonus (komi) included.
///
/// ```
/// use qipan::core::ownership::scores_dead_removed;
///
/// # let game = qipan::load("go", &[("size".into(), "3".into())])?;
/// # let mut pos = game.start();
/// # for t in ["B1", "A2", "B2", "pass", "B3", "pass", "C2"] {
/// #     pos.play(&qipan::core::notation::parse_move(&pos, t)?)?;
/// # }
/// // Black's wall B1-B2-B3-C2 has two eyes (C1, C3); White's stone A2 is dead.
/// let a2 = game.board.find("A2").unwrap();
/// assert_eq!(scores_dead_removed(&pos, &[a2]), Some(vec![9.0, 5.5])); // the whole board, against komi
/// assert_eq!(scores_dead_removed(&pos, &[]), Some(vec![7.0, 7.5])); // A1 and A3 shared
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
///
/// ```
/// use qipan::core::ownership::territory_scores;
///
/// # let game = qipan::load("go", &[("size".into(), "3".into())])?;
/// # let mut pos = game.start();
/// # for t in ["B1", "A2", "B2", "pass", "B3", "pass", "C2"] {
/// #     pos.play(&qipan::core::notation::parse_move(&pos, t)?)?;
/// # }
/// // Black's wall B1-B2-B3-C2 has two eyes (C1, C3); White's stone A2 is dead.
/// let a2 = game.board.find("A2").unwrap();
/// // Black: 5 empty points (A1, A2, A3, C1, C3) and the dead stone; White: komi.
/// assert_eq!(territory_scores(&pos, &[a2]), Some(vec![6.0, 5.5]));
/// assert_eq!(territory_scores(&qipan::load("chess", &[])?.start(), &[]), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn territory_scores(pos: &Position, dead: &[NodeId]) -> Option<Vec<f64>> {
    let Scoring::Area { relation, .. } = pos.game().rules.scoring else { return None };
    let p = without(pos, dead);
    let owners = area_owners(&p, relation);
    let mut s: Vec<f64> = pos.captures().iter().map(|&c| c as f64).collect();
    for n in p.game().board.node_ids() {
        if let (None, Some(o)) = (p.cell(n), owners[n.idx()]) {
            s[o.idx()] += 1.0;
        }
    }
    for &n in dead {
        if let Some(piece) = pos.cell(n) {
            // A dead stone is a prisoner of every other side; with two sides, of the opponent.
            let owner = pos.controller(piece.seat).idx();
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
///
/// ```
/// use qipan::core::ownership::result_text;
///
/// let pos = qipan::load("go", &[])?.start();
/// assert_eq!(result_text(&pos, &[184.5, 181.0]), "B+3.5");
/// assert_eq!(result_text(&pos, &[180.0, 181.0]), "W+1");
/// assert_eq!(result_text(&pos, &[180.5, 180.5]), "0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
