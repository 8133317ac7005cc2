//! Self-play statistics: many games between agents, played in parallel and reproducible under a seed.
//!
//! ```
//! use qipan::simulate::{Report, Simulation};
//! let game = qipan::load("go", &[("size".into(), "5".into())]).unwrap();
//! let sim = Simulation::new(game.clone(), 4).with_seed(7).with_threads(1);
//! let records = sim.run(&|_| {}).unwrap();
//! let report = Report::new(&sim, &records);
//! assert_eq!(report.games, 4);
//! assert_eq!(report.players.len(), 2);
//! ```
//!
//! Game `i` is played with a random number generator seeded from the simulation seed and `i` only
//! ([`game_seed`]), so the records, and the report built from them, do not depend on the number of
//! threads (except for agents with a time budget).

mod chart;
mod report;
mod run;
mod table;
mod text;

pub use report::{FirstMover, Lengths, PlayerStats, Rate, Report};
pub use run::{GameSummary, MAX_GAMES, MAX_THREADS, SAFETY_PLIES, SimError, Simulation, game_seed};
pub use table::{TableError, write_records};
