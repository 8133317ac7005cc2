//! The statistics of a simulation: win rates with their intervals, game lengths, endings, the first mover.

use super::{GameSummary, Simulation};
use qipan_core::{EndReason, SeatId, ai};
use serde::{Serialize, Serializer};
use std::collections::BTreeMap;

/// A proportion with its 95% Wilson score interval.
///
/// ```
/// let r = qipan::simulate::Rate::wilson(5, 10);
/// assert_eq!((r.count, r.total, r.rate), (5, 10, 0.5));
/// assert!(r.low < 0.5 && 0.5 < r.high);
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// How many.
    pub count: usize,
    /// Out of.
    pub total: usize,
    /// count / total (0 when total is 0).
    pub rate: f64,
    /// Lower bound of the 95% interval.
    pub low: f64,
    /// Upper bound of the 95% interval.
    pub high: f64,
}

/// Rates with their intervals.
///
/// ```
/// let r = qipan::simulate::Rate::wilson(0, 0);
/// assert_eq!((r.rate, r.low, r.high), (0.0, 0.0, 1.0)); // nothing known
/// ```
impl Rate {
    /// `count` out of `total`, with its Wilson interval (z = 1.96).
    ///
    /// ```
    /// use qipan::simulate::Rate;
    ///
    /// let r = Rate::wilson(5, 10);
    /// assert_eq!(((r.low * 1000.0).round(), (r.high * 1000.0).round()), (237.0, 763.0));
    /// // More games, a narrower interval around the same rate.
    /// let r = Rate::wilson(500, 1000);
    /// assert_eq!(((r.low * 1000.0).round(), (r.high * 1000.0).round()), (469.0, 531.0));
    /// // The interval always holds the rate.
    /// assert_eq!(Rate::wilson(10, 10).high, 1.0);
    /// ```
    pub fn wilson(count: usize, total: usize) -> Rate {
        if total == 0 {
            return Rate { count, total, rate: 0.0, low: 0.0, high: 1.0 };
        }
        let (n, p, z) = (total as f64, count as f64 / total as f64, 1.959_963_984_540_054);
        let denom = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denom;
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
        // The interval always holds the observed rate (rounding can put it a hair outside at 0 and 1).
        Rate { count, total, rate: p, low: (centre - half).clamp(0.0, p), high: (centre + half).clamp(p, 1.0) }
    }
}

/// One player's results.
///
/// ```
/// use qipan::core::SeatId;
///
/// # use qipan::simulate::{Report, Simulation};
/// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
/// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
/// # let records = sim.run(&|_| {})?;
/// let report = Report::new(&sim, &records);
/// let black = &report.players[0];
/// assert_eq!((black.seat, black.name.as_str(), black.agent.as_str()), (SeatId(0), "black", "random"));
/// assert_eq!(black.wins.count + black.losses.count, 4);
/// assert_eq!(black.draws.count, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerStats {
    /// The seat index of the player.
    #[serde(serialize_with = "seat_number")]
    pub seat: SeatId,
    /// Its name (several names joined by `+` for a player holding several seats).
    pub name: String,
    /// Its agent spec.
    pub agent: String,
    /// Games won (alone or shared).
    pub wins: Rate,
    /// Games lost.
    pub losses: Rate,
    /// Games drawn.
    pub draws: Rate,
    /// Mean pieces captured per game.
    pub captures_per_game: f64,
}

/// The distribution of game lengths, in plies.
///
/// ```
/// # use qipan::simulate::{Report, Simulation};
/// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
/// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
/// # let records = sim.run(&|_| {})?;
/// let length = Report::new(&sim, &records).length;
/// assert!(length.min as f64 <= length.q1 && length.q1 <= length.median && length.median <= length.q3);
/// assert!(length.q3 <= length.max as f64 && length.max <= 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Lengths {
    /// Mean.
    pub mean: f64,
    /// Shortest.
    pub min: u32,
    /// First quartile.
    pub q1: f64,
    /// Median.
    pub median: f64,
    /// Third quartile.
    pub q3: f64,
    /// Longest.
    pub max: u32,
}

/// Whether moving first helps: the first player's win rate against the 1/n of equal chances.
///
/// ```
/// use qipan::core::SeatId;
///
/// # use qipan::simulate::{Report, Simulation};
/// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
/// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
/// # let records = sim.run(&|_| {})?;
/// let first = Report::new(&sim, &records).first_mover;
/// assert_eq!((first.seat, first.name.as_str(), first.expected), (SeatId(0), "black", 0.5));
/// assert_eq!(first.advantage, first.wins.rate - 0.5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FirstMover {
    /// The player who moves first.
    #[serde(serialize_with = "seat_number")]
    pub seat: SeatId,
    /// Its name.
    pub name: String,
    /// Its win rate.
    pub wins: Rate,
    /// 1 / number of players.
    pub expected: f64,
    /// wins.rate − expected.
    pub advantage: f64,
}

/// The statistics of a simulation.
///
/// ```
/// use qipan::simulate::{Report, Simulation};
///
/// let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
/// let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
/// let records = sim.run(&|_| {})?;
/// let report = Report::new(&sim, &records);
/// assert_eq!((report.game.as_str(), report.games, report.seed), ("go", 4, 7));
/// assert_eq!(report.endings.values().sum::<usize>(), 4);
/// assert_eq!(report.players.iter().map(|p| p.wins.count).sum::<usize>(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The game's name.
    pub game: String,
    /// Its title.
    pub title: String,
    /// Games played.
    pub games: usize,
    /// The simulation seed.
    pub seed: u64,
    /// Per player.
    pub players: Vec<PlayerStats>,
    /// Game lengths.
    pub length: Lengths,
    /// Mean pieces captured per game, all players together.
    pub captures_per_game: f64,
    /// How games ended: count by [`GameResult::reason`](qipan_core::GameResult::reason). Written (text, JSON) under the reasons' words,
    /// in their alphabetical order.
    #[serde(serialize_with = "endings_in_words")]
    pub endings: BTreeMap<EndReason, usize>,
    /// The first-mover advantage.
    pub first_mover: FirstMover,
}

/// Linear interpolation quantile of sorted data.
fn quantile(sorted: &[u32], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let x = q * (sorted.len() - 1) as f64;
    let (i, f) = (x.floor() as usize, x - x.floor());
    let next = sorted[(i + 1).min(sorted.len() - 1)] as f64;
    sorted[i] as f64 * (1.0 - f) + next * f
}

/// Building a report from the games played.
///
/// ```
/// # use qipan::simulate::{Report, Simulation};
/// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
/// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
/// # let records = sim.run(&|_| {})?;
/// let report = Report::new(&sim, &records);
/// assert_eq!(report.players.iter().map(|p| p.wins.count + p.losses.count + p.draws.count).sum::<usize>(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Report {
    /// Statistics of `records`, played under `sim`.
    ///
    /// ```
    /// # use qipan::simulate::{Report, Simulation};
    /// # let game = qipan::load("go", &[("size".into(), "9".into()), ("move_cap".into(), "20".into())])?;
    /// # let sim = Simulation::new(game, 4).with_seed(7).with_threads(1);
    /// # let records = sim.run(&|_| {})?;
    /// let report = Report::new(&sim, &records);
    /// assert_eq!(report.title, "Go (Chinese rules)");
    /// assert_eq!(report.players.len(), 2);
    /// // A report of some of the games.
    /// assert_eq!(Report::new(&sim, &records[..1]).games, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(sim: &Simulation, records: &[GameSummary]) -> Report {
        let game = &sim.game;
        let start = game.start();
        let players = ai::players(&start);
        let n = records.len();
        let name = |p: SeatId| {
            let names: Vec<&str> =
                game.seats.iter().filter(|s| s.held_by == p && s.plays).map(|s| s.name.as_str()).collect();
            if names.is_empty() { game.seats[p.idx()].name.clone() } else { names.join("+") }
        };
        let stats = players
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                let wins = records.iter().filter(|r| r.winners.contains(&p)).count();
                let draws = records.iter().filter(|r| r.winners.is_empty()).count();
                let captured: u64 = records.iter().map(|r| r.captures.get(i).copied().unwrap_or(0) as u64).sum();
                PlayerStats {
                    seat: p,
                    name: name(p),
                    agent: sim.agent_of(p).to_string(),
                    wins: Rate::wilson(wins, n),
                    losses: Rate::wilson(n - wins - draws, n),
                    draws: Rate::wilson(draws, n),
                    captures_per_game: captured as f64 / n.max(1) as f64,
                }
            })
            .collect();
        let mut plies: Vec<u32> = records.iter().map(|r| r.plies).collect();
        plies.sort_unstable();
        let length = Lengths {
            mean: plies.iter().map(|&p| p as f64).sum::<f64>() / n.max(1) as f64,
            min: plies.first().copied().unwrap_or(0),
            q1: quantile(&plies, 0.25),
            median: quantile(&plies, 0.5),
            q3: quantile(&plies, 0.75),
            max: plies.last().copied().unwrap_or(0),
        };
        let mut endings = BTreeMap::new();
        for r in records {
            *endings.entry(r.reason.clone()).or_insert(0) += 1;
        }
        let first = ai::player(&start, start.to_move());
        let first_wins = Rate::wilson(records.iter().filter(|r| r.winners.contains(&first)).count(), n);
        let expected = 1.0 / players.len().max(1) as f64;
        let captures_total: u64 = records.iter().flat_map(|r| r.captures.iter()).map(|&c| c as u64).sum();
        Report {
            game: game.name.clone(),
            title: game.title.clone(),
            games: n,
            seed: sim.seed,
            players: stats,
            length,
            captures_per_game: captures_total as f64 / n.max(1) as f64,
            endings,
            first_mover: FirstMover {
                seat: first,
                name: name(first),
                advantage: first_wins.rate - expected,
                wins: first_wins,
                expected,
            },
        }
    }
}

/// The endings counted by their words (two reasons with the same words, such as a rule's and one given
/// outside the rules, count together), in alphabetical order: how the text and the JSON write them.
pub(super) fn by_words(endings: &BTreeMap<EndReason, usize>) -> BTreeMap<&str, usize> {
    let mut words = BTreeMap::new();
    for (reason, count) in endings {
        *words.entry(reason.as_str()).or_insert(0) += count;
    }
    words
}

/// A seat as reports write it: its index.
pub(super) fn seat_number<S: Serializer>(seat: &SeatId, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u8(seat.0)
}

/// Seats as reports write them: their indices.
pub(super) fn seat_numbers<S: Serializer>(seats: &[SeatId], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(seats.iter().map(|seat| seat.0))
}

fn endings_in_words<S: Serializer>(endings: &BTreeMap<EndReason, usize>, s: S) -> Result<S::Ok, S::Error> {
    by_words(endings).serialize(s)
}
