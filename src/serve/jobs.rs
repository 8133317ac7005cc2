//! Simulate jobs: `simulate` for N games on a thread of its own, polled for its progress and statistics.

use super::{ApiError, Catalogue};
use crate::simulate::{Report, Simulation};
use qipan_core::ai::AgentSpec;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The most games one job may play.
pub const MAX_GAMES: usize = 2000;
/// The most jobs running at once: the others are refused until one ends.
const MAX_RUNNING: usize = 2;
/// Finished jobs kept for polling; older ones are forgotten.
const KEPT: usize = 16;
/// The most MCTS iterations and milliseconds per move an agent may be given.
pub const MAX_ITERATIONS: u32 = 20_000;
/// See [`MAX_ITERATIONS`].
pub const MAX_MILLIS: u64 = 10_000;

/// An agent spec within the server's budgets.
///
/// ```
/// use qipan::serve::agent_spec;
///
/// assert!(agent_spec("mcts:iterations=200").is_ok());
/// assert!(agent_spec("mcts:iterations=99999999").is_err());
/// assert!(agent_spec("deep-thought").is_err());
/// ```
pub fn agent_spec(text: &str) -> Result<AgentSpec, ApiError> {
    budgeted(text, MAX_ITERATIONS, MAX_MILLIS)
}

/// A simulation's agents get smaller budgets: they play every move of every game.
const SIM_ITERATIONS: u32 = 2_000;
/// See [`SIM_ITERATIONS`].
const SIM_MILLIS: u64 = 200;

/// An agent spec whose MCTS budget is at most `iterations` a move and `millis` ms a move.
fn budgeted(text: &str, iterations: u32, millis: u64) -> Result<AgentSpec, ApiError> {
    let spec =
        AgentSpec::parse(text).map_err(|e| ApiError::bad(format!("agent `{}`: {e}", crate::input::clip(text))))?;
    let over = match &spec {
        AgentSpec::Mcts(c) => c.iterations.is_some_and(|i| i > iterations) || c.millis.is_some_and(|m| m > millis),
        // Alpha-beta without a time budget is held to the default depth.
        AgentSpec::AlphaBeta(c) => match c.millis {
            Some(m) => m > millis,
            None => c.depth.is_none_or(|d| d > qipan_core::ai::AlphaBetaConfig::DEFAULT_DEPTH),
        },
        AgentSpec::Auto(c) => c.millis.is_some_and(|m| m > millis),
        _ => false,
    };
    if over {
        return Err(ApiError::refused(format!(
            "agent `{spec}`: the server allows at most {iterations} iterations and {millis} ms per move here"
        )));
    }
    Ok(spec)
}

/// What `POST /api/simulate` takes.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct SimulateRequest {
    /// The game.
    pub game: String,
    /// Its options.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// How many games.
    pub games: usize,
    /// An agent spec per seat name (unlisted seats play random).
    #[serde(default)]
    pub agents: BTreeMap<String, String>,
    /// The seed.
    #[serde(default = "one")]
    pub seed: u64,
}

fn one() -> u64 {
    1
}

/// One job's progress and, once done, its statistics or error.
struct Job {
    id: u64,
    total: usize,
    finished: Arc<AtomicUsize>,
    done: Arc<AtomicBool>,
    result: Arc<Mutex<Option<Result<Value, String>>>>,
}

/// The jobs of a server.
#[derive(Clone, Default)]
pub(crate) struct Jobs {
    inner: Arc<Mutex<(u64, VecDeque<Job>)>>,
}

impl Jobs {
    /// Starts a job; returns its id.
    pub(crate) fn start(&self, catalogue: &Catalogue, req: SimulateRequest) -> Result<u64, ApiError> {
        if req.games == 0 || req.games > MAX_GAMES {
            return Err(ApiError::refused(format!("games must be between 1 and {MAX_GAMES}, not {}", req.games)));
        }
        let overrides: Vec<(String, String)> = req.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let game = crate::load(catalogue.spec(&req.game)?, &overrides)?;
        let mut sim = Simulation::new(game.clone(), req.games).with_seed(req.seed).with_threads(1);
        for (seat, text) in &req.agents {
            if text.trim().is_empty() {
                continue;
            }
            let s = game.seat(seat).ok_or_else(|| ApiError::bad(format!("no seat `{}`", crate::input::clip(seat))))?;
            sim.agents[s.idx()] = Some(budgeted(text, SIM_ITERATIONS, SIM_MILLIS)?);
        }
        let mut guard = self.inner.lock().map_err(|_| ApiError::bad("jobs unavailable"))?;
        let running = guard.1.iter().filter(|j| !j.done.load(Ordering::Relaxed)).count();
        if running >= MAX_RUNNING {
            return Err(ApiError {
                status: axum::http::StatusCode::TOO_MANY_REQUESTS,
                message: format!("{running} simulations are running: wait for one to end"),
                diagnostics: None,
            });
        }
        guard.0 += 1;
        let job = Job {
            id: guard.0,
            total: req.games,
            finished: Arc::default(),
            done: Arc::default(),
            result: Arc::default(),
        };
        let (finished, done, result) = (job.finished.clone(), job.done.clone(), job.result.clone());
        std::thread::spawn(move || {
            let t = Instant::now();
            let mut records = Vec::with_capacity(sim.games);
            let mut outcome = Ok(());
            for i in 0..sim.games {
                match sim.play(i) {
                    Ok(r) => records.push(r),
                    Err(e) => {
                        outcome = Err(e.to_string());
                        break;
                    }
                }
                finished.fetch_add(1, Ordering::Relaxed);
            }
            let value = outcome.and_then(|()| {
                let secs = t.elapsed().as_secs_f64();
                let report = Report::new(&sim, &records);
                let mut v = serde_json::to_value(&report).map_err(|e| e.to_string())?;
                v["timing"] =
                    json!({"seconds": secs, "games_per_second": sim.games as f64 / secs.max(1e-9), "threads": 1});
                v["chart"] = json!(report.svg(&records));
                v["text"] = json!(report.text());
                v["records"] = serde_json::to_value(&records).map_err(|e| e.to_string())?;
                Ok(v)
            });
            if let Ok(mut r) = result.lock() {
                *r = Some(value);
            }
            done.store(true, Ordering::Release);
        });
        let id = job.id;
        guard.1.push_back(job);
        while guard.1.len() > KEPT {
            match guard.1.iter().position(|j| j.done.load(Ordering::Relaxed)) {
                Some(i) => drop(guard.1.remove(i)),
                None => break,
            }
        }
        Ok(id)
    }

    /// A job's progress: `{id, total, finished, done}`, with `report` (the JSON of `simulate --json`, its chart
    /// and text) or `error` once done.
    pub(crate) fn status(&self, id: u64) -> Result<Value, ApiError> {
        let guard = self.inner.lock().map_err(|_| ApiError::bad("jobs unavailable"))?;
        let job = guard.1.iter().find(|j| j.id == id).ok_or_else(|| ApiError::not_found(format!("no job {id}")))?;
        let done = job.done.load(Ordering::Acquire);
        let mut v =
            json!({"id": job.id, "total": job.total, "finished": job.finished.load(Ordering::Relaxed), "done": done});
        if done {
            match job.result.lock().ok().and_then(|r| r.clone()) {
                Some(Ok(report)) => v["report"] = report,
                Some(Err(e)) => v["error"] = json!(e),
                None => {}
            }
        }
        Ok(v)
    }
}
