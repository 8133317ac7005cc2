//! `go`: its limits, the search in a thread of its own, and what it reports (`info`, `bestmove`).

use super::Sink;
use qipan_core::ai::{AgentRng, AgentSpec, AlphaBetaAgent, AlphaBetaConfig, MctsAgent, MctsConfig};
use qipan_core::uci::uci_text;
use qipan_core::{Position, SeatId};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// What `go` asked for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Limits {
    /// `depth N`: plies the search tree may grow below the root.
    pub depth: Option<u32>,
    /// `nodes N`: iterations of an MCTS search, positions of an alpha-beta one.
    pub nodes: Option<u32>,
    /// `movetime MS`.
    pub movetime: Option<u64>,
    /// `wtime`, `btime`: each seat's time left in milliseconds (White or the first seat first).
    pub time: [Option<u64>; 2],
    /// `winc`, `binc`: each seat's increment per move.
    pub inc: [u64; 2],
    /// `movestogo N`: moves to the next time control.
    pub moves_to_go: Option<u64>,
    /// `infinite` (or `ponder`): until `stop`.
    pub infinite: bool,
    /// `go perft N`: count move sequences instead of searching.
    pub perft: Option<u32>,
    /// Words not understood, reported in an `info string`.
    pub ignored: Vec<String>,
}

/// Time kept back from the clock for the messages to travel.
const OVERHEAD_MS: u64 = 30;

impl Limits {
    /// Reads `go`'s arguments. A value that is not a number leaves its limit unset and is reported.
    pub fn parse(args: &[&str]) -> Limits {
        let mut limits = Limits::default();
        let mut words = args.iter().copied();
        while let Some(word) = words.next() {
            let mut number = |limits: &mut Limits| {
                let value = words.next();
                let n = value.and_then(|v| v.parse::<i64>().ok()).map(|n| n.max(0) as u64);
                if n.is_none() {
                    limits.ignored.push(format!("{word} {}", value.unwrap_or("")).trim_end().to_string());
                }
                n
            };
            let small = |n: Option<u64>| n.map(|n| n.min(u32::MAX as u64) as u32);
            match word {
                "depth" => limits.depth = small(number(&mut limits)),
                "nodes" => limits.nodes = small(number(&mut limits)),
                "movetime" => limits.movetime = number(&mut limits),
                "wtime" => limits.time[0] = number(&mut limits),
                "btime" => limits.time[1] = number(&mut limits),
                "winc" => limits.inc[0] = number(&mut limits).unwrap_or(0),
                "binc" => limits.inc[1] = number(&mut limits).unwrap_or(0),
                "movestogo" => limits.moves_to_go = number(&mut limits),
                "perft" => limits.perft = small(number(&mut limits)),
                "mate" => {
                    number(&mut limits);
                    limits.ignored.push("mate (no mate search: searching as usual)".into());
                }
                "infinite" | "ponder" => limits.infinite = true,
                "searchmoves" => {
                    limits.ignored.push("searchmoves (every move is searched)".into());
                    break;
                }
                other => limits.ignored.push(other.to_string()),
            }
        }
        limits
    }

    /// The time to spend on a move for `seat` (0 or 1): `movetime`, else a share of its clock, else none.
    pub fn budget(&self, seat: SeatId) -> Option<u64> {
        if self.infinite {
            return None;
        }
        if let Some(ms) = self.movetime {
            return Some(ms.max(1));
        }
        let s = seat.idx().min(1);
        let left = self.time[s]?;
        let share = left / self.moves_to_go.unwrap_or(30).max(1) + self.inc[s] * 3 / 4;
        Some(share.min(left.saturating_sub(OVERHEAD_MS)).max(1))
    }

    /// The search settings of `spec` (when it is MCTS) under these limits.
    fn config(&self, mut config: MctsConfig, seat: SeatId) -> MctsConfig {
        config.tree_depth = self.depth.filter(|&d| d > 0).or(config.tree_depth);
        if self.infinite {
            (config.iterations, config.millis) = (Some(u32::MAX), None);
            return config;
        }
        let millis = self.budget(seat);
        let nodes = self.nodes.filter(|&n| n > 0);
        if nodes.is_some() || millis.is_some() {
            (config.iterations, config.millis) = (nodes, millis);
        }
        config
    }
}

impl Limits {
    /// The settings of an alpha-beta player under these limits: `depth`, `nodes` and the time budget
    /// replace the spec's own when `go` gives any; `infinite` searches until `stop`.
    fn alphabeta(&self, mut config: AlphaBetaConfig, seat: SeatId) -> AlphaBetaConfig {
        if self.infinite {
            (config.depth, config.millis, config.nodes) = (Some(MAX_DEPTH), None, None);
            return config;
        }
        let depth = self.depth.filter(|&d| d > 0).map(|d| d.min(MAX_DEPTH));
        let millis = self.budget(seat);
        let nodes = self.nodes.filter(|&n| n > 0).map(u64::from);
        if depth.is_some() || millis.is_some() || nodes.is_some() {
            (config.depth, config.millis, config.nodes) = (depth, millis, nodes);
        }
        config
    }
}

/// The deepest `go depth N` or `go infinite` lets alpha-beta search.
const MAX_DEPTH: u32 = 64;

/// A search under way.
pub struct Search {
    stop: Arc<AtomicBool>,
    infinite: bool,
    thread: JoinHandle<()>,
}

impl Search {
    /// Starts searching `pos` with `spec`'s player under `limits`; the thread writes `info` and `bestmove`.
    pub fn start(pos: Position, spec: &AgentSpec, limits: &Limits, rng: AgentRng, sink: Sink) -> Search {
        let seat = pos.to_move();
        // `auto` picks its player for the game first.
        let spec = spec.resolve(&pos).unwrap_or_else(|_| spec.clone());
        let (stop, mut agent): (Arc<AtomicBool>, Player) = match &spec {
            AgentSpec::AlphaBeta(config) => {
                let ab = AlphaBetaAgent::new(limits.alphabeta(config.clone(), seat));
                (ab.stop_flag(), Player::AlphaBeta(Box::new(ab)))
            }
            AgentSpec::Mcts(config) => {
                let mcts = MctsAgent::new(limits.config(config.clone(), seat));
                (mcts.stop_flag(), Player::Mcts(Box::new(mcts)))
            }
            other => (Arc::new(AtomicBool::new(false)), Player::Other(other.build())),
        };
        let infinite = limits.infinite;
        let flag = Arc::clone(&stop);
        let thread = std::thread::spawn(move || {
            let lines = think(&pos, &mut agent, rng, infinite, &flag);
            super::write_lines(&sink, &lines);
        });
        Search { stop, infinite, thread }
    }

    /// Stops the search and waits for its `bestmove`.
    pub fn finish(self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.thread.join();
    }

    /// Waits for the search to end under its limits (stopping it if it has none).
    pub fn wait(self) {
        if self.infinite {
            return self.finish();
        }
        let _ = self.thread.join();
    }
}

enum Player {
    Mcts(Box<MctsAgent>),
    AlphaBeta(Box<AlphaBetaAgent>),
    Other(Box<dyn qipan_core::ai::Agent>),
}

/// Searches and returns the lines to send: an `info` line and `bestmove` (with `ponder` when the line
/// goes on). An infinite search holds its `bestmove` back until it is stopped, as UCI requires.
fn think(pos: &Position, player: &mut Player, mut rng: AgentRng, infinite: bool, stop: &AtomicBool) -> Vec<String> {
    let start = Instant::now();
    let mut lines = Vec::new();
    let (best, line) = match player {
        Player::Mcts(mcts) => match mcts.search(pos, &mut rng) {
            Ok(children) => {
                let pv = mcts.principal_variation();
                let depth = format!("depth {} seldepth {}", pv.len().max(1), mcts.last_depth().max(pv.len() as u32));
                let score =
                    children.first().filter(|c| !c.2.is_nan()).map(|c| format!(" score cp {}", centipawns(c.2)));
                let info = info_line(pos, &depth, mcts.last_iterations() as u64, start, score, &pv);
                lines.push(info);
                (children.first().map(|c| c.0), pv)
            }
            Err(e) => {
                lines.push(format!("info string the search failed: {e}"));
                (None, Vec::new())
            }
        },
        Player::AlphaBeta(ab) => match ab.search(pos, &mut rng) {
            Ok(moves) => {
                let pv = ab.principal_variation();
                let depth = format!("depth {}", ab.last_depth().max(1));
                let score = moves.first().map(|&(_, score)| score_text(score));
                let info = info_line(pos, &depth, ab.last_nodes(), start, score, &pv);
                lines.push(info);
                (moves.first().map(|m| m.0), pv)
            }
            Err(e) => {
                lines.push(format!("info string the search failed: {e}"));
                (None, Vec::new())
            }
        },
        Player::Other(agent) => match agent.choose(pos, &mut rng) {
            Ok(mv) => (mv, Vec::new()),
            Err(e) => {
                lines.push(format!("info string the player failed: {e}"));
                (None, Vec::new())
            }
        },
    };
    if infinite {
        while !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    match best {
        Some(mv) => {
            let mut text = format!("bestmove {}", uci_text(pos, &mv));
            if line.first() == Some(&mv)
                && let Some(reply) = line_text(pos, &line[..line.len().min(2)]).get(1)
            {
                text.push_str(&format!(" ponder {reply}"));
            }
            lines.push(text);
        }
        None => {
            let why = pos.outcome().map_or("no legal move".to_string(), |o| format!("the game is over: {}", o.text));
            lines.push(format!("info string {why}"));
            lines.push("bestmove (none)".into());
        }
    }
    lines
}

/// A search's `info` line: its depth fields, nodes, time and speed since `start`, score and line.
fn info_line(
    pos: &Position,
    depth: &str,
    nodes: u64,
    start: Instant,
    score: Option<String>,
    pv: &[qipan_core::Move],
) -> String {
    let elapsed = start.elapsed();
    let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64;
    let mut info = format!("info {depth} nodes {nodes} time {} nps {nps}", elapsed.as_millis());
    info.push_str(&score.unwrap_or_default());
    if !pv.is_empty() {
        info.push_str(&format!(" pv {}", line_text(pos, pv).join(" ")));
    }
    info
}

/// The moves of a line from `pos`, each in the position it is played from; it stops at a move that fails.
fn line_text(pos: &Position, line: &[qipan_core::Move]) -> Vec<String> {
    let mut at = pos.clone();
    let mut texts = Vec::with_capacity(line.len());
    for mv in line {
        texts.push(uci_text(&at, mv));
        if at.play_unchecked(mv).is_err() {
            break;
        }
    }
    texts
}

/// An alpha-beta score as UCI writes it: ` score mate N` (in moves, negative when mated) for a win or loss
/// found, else ` score cp N` (hundredths of a piece of value 1, close to centipawns in chess).
fn score_text(score: i32) -> String {
    let plies = AlphaBetaAgent::WIN - score.abs();
    match score {
        s if AlphaBetaAgent::is_win(s) => format!(" score mate {}", (plies + 1) / 2),
        s if AlphaBetaAgent::is_loss(s) => format!(" score mate -{}", (plies + 1) / 2),
        s => format!(" score cp {s}"),
    }
}

/// A mean reward in [0, 1] as centipawns, on the logistic scale engines use (0.5 is 0, 0.76 about 200).
fn centipawns(reward: f64) -> i64 {
    let r = reward.clamp(0.001, 0.999);
    ((400.0 * (r / (1.0 - r)).log10()).round() as i64).clamp(-10_000, 10_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_read_every_word_and_report_the_rest() {
        let l =
            Limits::parse(&["wtime", "60000", "btime", "1000", "winc", "100", "movestogo", "10", "depth", "x", "fly"]);
        assert_eq!((l.time, l.inc, l.moves_to_go), ([Some(60000), Some(1000)], [100, 0], Some(10)));
        assert_eq!(l.ignored, ["depth x", "fly"]);
        assert_eq!(l.budget(SeatId(0)), Some(6000 + 75));
        // Never more than the clock holds, less what the messages take.
        assert_eq!(Limits::parse(&["btime", "40", "binc", "1000"]).budget(SeatId(1)), Some(10));
        assert_eq!(Limits::parse(&["movetime", "250", "wtime", "5"]).budget(SeatId(0)), Some(250));
        assert_eq!(Limits::parse(&["infinite", "movetime", "5"]).budget(SeatId(0)), None);
        assert_eq!(Limits::parse(&["wtime", "-5"]).time[0], Some(0));
    }

    #[test]
    fn centipawns_follow_the_logistic_scale() {
        assert_eq!(centipawns(0.5), 0);
        assert!(centipawns(0.76) > 190 && centipawns(0.76) < 210);
        assert_eq!(centipawns(0.2), -centipawns(0.8));
        assert_eq!(centipawns(1.0), 1200);
    }
}
