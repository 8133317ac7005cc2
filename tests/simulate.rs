//! Self-play statistics: reproducible under a seed at any thread count, and the `simulate` command's
//! text, JSON, CSV and chart.

use qipan::core::SeatId;
use qipan::core::ai::AgentSpec;
use qipan::simulate::{Rate, Report, Simulation, game_seed};
use std::process::{Command, Output};

fn qipan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_qipan")).args(args).output().expect("qipan runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

fn sim(game: &str, set: &[(&str, &str)], games: usize, agents: &[(usize, &str)], threads: usize) -> Simulation {
    let overrides: Vec<(String, String)> = set.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let mut s = Simulation::new(qipan::load(game, &overrides).unwrap(), games).with_seed(42).with_threads(threads);
    for &(seat, spec) in agents {
        s = s.with_agent(seat, AgentSpec::parse(spec).unwrap()).unwrap();
    }
    s
}

#[test]
fn statistics_are_identical_at_one_and_two_threads() {
    for (game, set, agents, games) in [
        ("go", &[("size", "7")][..], &[(0, "mcts:iterations=30"), (1, "greedy")][..], 12),
        ("seven-kingdoms", &[][..], &[(2, "greedy")][..], 6),
        ("leader-cannon", &[][..], &[][..], 20),
    ] {
        let one = sim(game, set, games, agents, 1);
        let two = sim(game, set, games, agents, 2);
        let (r1, r2) = (one.run(&|_| {}).unwrap(), two.run(&|_| {}).unwrap());
        assert_eq!(r1, r2, "{game}: the records differ");
        assert_eq!(Report::new(&one, &r1), Report::new(&two, &r2), "{game}");
        assert_eq!(r1.iter().map(|r| r.index).collect::<Vec<_>>(), (0..games).collect::<Vec<_>>());
        // Each game has its own seed: the games are not copies of one another.
        assert!(r1.windows(2).any(|w| w[0].plies != w[1].plies), "{game}: every game alike");
    }
}

#[test]
fn game_seeds_depend_on_the_seed_and_the_index_only() {
    assert_eq!(game_seed(1, 5), game_seed(1, 5));
    assert_ne!(game_seed(1, 5), game_seed(1, 6));
    assert_ne!(game_seed(1, 5), game_seed(2, 5));
    let a = sim("go", &[("size", "5")], 8, &[], 2);
    let b = sim("go", &[("size", "5")], 8, &[], 2).with_seed(43);
    assert_ne!(a.run(&|_| {}).unwrap(), b.run(&|_| {}).unwrap());
    // Game 3 alone is game 3 of the whole run.
    assert_eq!(a.play(3).unwrap(), a.run(&|_| {}).unwrap()[3]);
}

#[test]
fn wilson_intervals_match_the_formula() {
    let r = Rate::wilson(5, 10);
    assert!((r.low - 0.2366).abs() < 1e-4 && (r.high - 0.7634).abs() < 1e-4, "{r:?}");
    let r = Rate::wilson(0, 10);
    assert_eq!(r.low, 0.0);
    assert!((r.high - 0.2775).abs() < 1e-4, "{r:?}");
    let r = Rate::wilson(20, 20);
    assert!((r.low - 0.8389).abs() < 1e-4 && r.high == 1.0, "{r:?}");
    assert_eq!(Rate::wilson(0, 0).rate, 0.0);
}

#[test]
fn the_report_adds_up() {
    let s = sim("go", &[("size", "5")], 30, &[(1, "greedy")], 2);
    let records = s.run(&|_| {}).unwrap();
    let r = Report::new(&s, &records);
    assert_eq!(r.games, 30);
    for p in &r.players {
        assert_eq!(p.wins.count + p.losses.count + p.draws.count, 30, "{}", p.name);
        assert!(p.wins.low <= p.wins.rate && p.wins.rate <= p.wins.high);
    }
    assert_eq!(r.players[1].agent, "greedy");
    assert_eq!(r.players[0].agent, "random");
    assert_eq!(r.endings.values().sum::<usize>(), 30);
    assert!(r.length.min as f64 <= r.length.q1 && r.length.q1 <= r.length.median);
    assert!(r.length.median <= r.length.q3 && r.length.q3 <= r.length.max as f64);
    assert_eq!(r.first_mover.seat, SeatId(0));
    assert_eq!(r.first_mover.wins, r.players[0].wins);
    assert_eq!(r.first_mover.expected, 0.5);
    let total: f64 = r.players.iter().map(|p| p.captures_per_game).sum();
    assert!((total - r.captures_per_game).abs() < 1e-9);
}

#[test]
fn simulate_json_is_reproducible_and_complete() {
    let args = ["simulate", "go", "--set", "size=5", "--games", "10", "--ai", "white=greedy,black=random", "--json"];
    let a = json(&qipan(&[&args[..], &["--threads", "1"]].concat()));
    let b = json(&qipan(&[&args[..], &["--threads", "2"]].concat()));
    let strip = |mut v: serde_json::Value| {
        v.as_object_mut().unwrap().remove("timing");
        v
    };
    assert_eq!(a["timing"]["threads"], 1);
    assert_eq!(strip(a.clone()), strip(b), "statistics differ between 1 and 2 threads");
    assert_eq!(a["games"], 10);
    assert_eq!(a["records"].as_array().unwrap().len(), 10);
    assert_eq!(a["players"][1]["name"], "white");
    assert_eq!(a["players"][1]["agent"], "greedy");
    let wins: u64 = a["players"].as_array().unwrap().iter().map(|p| p["wins"]["count"].as_u64().unwrap()).sum();
    let draws = a["players"][0]["draws"]["count"].as_u64().unwrap();
    assert_eq!(wins + draws, 10, "two players: every game is a win for one or a draw");
    assert!(a["length"]["median"].is_number());
    assert!(a["first_mover"]["advantage"].is_number());
}

/// Seats without `--ai` play `auto`, which says what it picked: tic-tac-toe between two such players is
/// drawn.
#[test]
fn unlisted_seats_play_auto() {
    let out = qipan(&["simulate", "tic-tac-toe", "--games", "6", "--threads", "1", "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("auto: x, o play alphabeta:") && err.contains("unlisted seats play auto"), "{err}");
    let report = json(&out);
    let players = report["players"].as_array().unwrap();
    assert!(players.iter().all(|p| p["agent"].as_str().unwrap().starts_with("alphabeta:")), "{players:?}");
    assert_eq!(report["players"][0]["draws"]["count"], 6, "{}", report["players"]);
    // A listed seat keeps its agent; only the other is filled in.
    let out = qipan(&["simulate", "tic-tac-toe", "--games", "2", "--ai", "x=random", "--json"]);
    let report = json(&out);
    assert_eq!(report["players"][0]["agent"], "random");
    assert!(report["players"][1]["agent"].as_str().unwrap().starts_with("alphabeta:"));
}

#[test]
fn simulate_csv_has_a_row_per_player() {
    let out =
        qipan(&["simulate", "seven-kingdoms", "--set", "players=3", "--games", "3", "--csv", "--ai", "all=random"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].starts_with("seat,name,agent,games,wins,win_rate,win_low,win_high,"));
    let cols = lines[0].split(',').count();
    for l in &lines[1..] {
        assert_eq!(l.split(',').count(), cols, "{l}");
    }
    assert!(lines[1].starts_with("0,qin+"), "{}", lines[1]);
}

#[test]
fn simulate_writes_a_chart_and_reads_as_text() {
    let dir = std::env::temp_dir().join(format!("qipan-simulate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let chart = dir.join("chart.svg");
    let out = qipan(&[
        "simulate",
        "go",
        "--set",
        "size=5",
        "--games",
        "12",
        "--ai",
        "black=mcts:iterations=20,c=0.5,white=random",
        "--chart",
        chart.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    for want in ["12 games, seed 1", "mcts:iterations=20,c=0.5", "length: mean", "endings:", "first mover (black)"] {
        assert!(text.contains(want), "`{want}` missing from:\n{text}");
    }
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("win rate") && svg.contains("game length"));
    // Two win bars and their whiskers, and a histogram bar for each length bin.
    assert_eq!(svg.matches("<path d=\"M").count(), 2 + 2, "two frames and two whiskers");
    assert!(svg.matches("plies: ").count() >= 1);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn simulate_refuses_bad_agents_and_seats() {
    let out = qipan(&["simulate", "go", "--set", "size=5", "--games", "2", "--ai", "black=mcts:iterations=none"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("iterations=none") && err.contains("whole number"), "{err}");
    let out = qipan(&["simulate", "go", "--games", "2", "--ai", "purple=greedy"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown seat `purple`: the seats are black, white"));
    let out = qipan(&["simulate", "go", "--games", "0"]);
    assert!(!out.status.success());
}

#[test]
fn the_books_chart_is_current() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src/reference/go9-random.svg");
    let s = sim("go", &[("size", "9")], 1000, &[], 2).with_seed(1);
    let records = s.run(&|_| {}).unwrap();
    let want = Report::new(&s, &records).svg(&records);
    let have = std::fs::read_to_string(&path).expect("the chart");
    assert!(
        have == want,
        "book/src/reference/go9-random.svg is stale: regenerate it with `qipan simulate go --set size=9 --games 1000 --chart ...`"
    );
    assert!(want.contains(">black<") && want.contains(">white<"));
}
