//! Computer players: spec parsing, the greedy player's one-ply choices, MCTS determinism and strength.
//!
//! The strength tests play a small sample in CI; `cargo test --release --test ai -- --ignored` plays
//! the full 200-game matches whose figures the book quotes.

use qipan::core::ai::{self, AgentRng, AgentSpec, CutEval, MctsAgent, MctsConfig, SpecError};
use qipan::core::notation::move_text;
use qipan::core::{Move, Piece, PieceId, Position, SeatId};
use qipan::simulate::{Report, Simulation};
use rand::SeedableRng;
use std::sync::Arc;

fn go(size: &str) -> Arc<qipan::core::Game> {
    qipan::load("go", &[("size".into(), size.into())]).expect("go loads")
}

/// A Go position from a diagram (top row first; X black, O white) with `to_move` (0 black, 1 white).
fn diagram(rows: &[&str], to_move: SeatId) -> Position {
    let game = go(&rows.len().to_string());
    let mut pos = game.start().to_setup();
    let h = rows.len();
    for (r, line) in rows.iter().enumerate() {
        for (c, ch) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let label = format!("{}{}", "ABCDEFGHJKLMNOPQRST".chars().nth(c).unwrap(), h - r);
            let seat = match ch {
                'X' => SeatId(0),
                'O' => SeatId(1),
                _ => continue,
            };
            pos.put(game.board.find(&label).unwrap(), Piece { seat, piece: PieceId::new(0) });
        }
    }
    pos.to_move(to_move);
    pos.into_position().unwrap()
}

fn choose(spec: &str, pos: &Position, seed: u64) -> Option<Move> {
    let mut agent = AgentSpec::parse(spec).unwrap().build();
    agent.choose(pos, &mut AgentRng::seed_from_u64(seed)).unwrap()
}

#[test]
fn specs_parse_and_print_back() {
    assert_eq!(AgentSpec::parse("random").unwrap(), AgentSpec::Random);
    assert_eq!(AgentSpec::parse(" Greedy ").unwrap(), AgentSpec::Greedy);
    let AgentSpec::Mcts(c) = AgentSpec::parse("mcts").unwrap() else { panic!("not mcts") };
    assert_eq!(c.iterations, Some(MctsConfig::DEFAULT_ITERATIONS));
    let AgentSpec::Mcts(c) = AgentSpec::parse("mcts:iterations=2000").unwrap() else { panic!() };
    assert_eq!((c.iterations, c.millis), (Some(2000), None));
    let AgentSpec::Mcts(c) = AgentSpec::parse("mcts:ms=500").unwrap() else { panic!() };
    assert_eq!((c.iterations, c.millis), (None, Some(500)));
    let AgentSpec::Mcts(c) = AgentSpec::parse("mcts:c=1.4:depth=30,eval=draw").unwrap() else { panic!() };
    assert_eq!((c.c, c.depth, c.eval), (1.4, Some(30), CutEval::Draw));
    for text in
        ["random", "greedy", "mcts:iterations=50,c=0.7", "mcts:ms=20,c=1,depth=9,policy=uniform,eval=draw,bias=0"]
    {
        let spec = AgentSpec::parse(text).unwrap();
        assert_eq!(AgentSpec::parse(&spec.to_string()).unwrap(), spec, "{text} -> {spec}");
    }
}

#[test]
fn bad_specs_are_refused_with_a_clear_message() {
    let err = |t: &str| AgentSpec::parse(t).unwrap_err();
    assert_eq!(err(""), SpecError::Empty);
    assert_eq!(err("alphazero"), SpecError::UnknownAgent("alphazero".into()));
    assert!(err("alphazero").to_string().contains("expected one of random, greedy, mcts"));
    let e = err("mcts:iteration=5");
    assert!(matches!(&e, SpecError::UnknownParam { param, .. } if param == "iteration"), "{e:?}");
    assert!(e.to_string().contains("its parameters are iterations, ms, c"), "{e}");
    assert!(err("random:c=1").to_string().contains("takes none"));
    assert_eq!(err("mcts:fast"), SpecError::NotKeyValue("fast".into()));
    for bad in
        ["mcts:iterations=0", "mcts:iterations=-3", "mcts:iterations=lots", "mcts:ms=0", "mcts:c=-1", "mcts:c=nan"]
    {
        assert!(matches!(err(bad), SpecError::BadValue { .. }), "{bad}: {:?}", err(bad));
    }
    assert!(err("mcts:policy=smart").to_string().contains("expected `light`, `uniform` or `parts`"));
    assert!(matches!(err("mcts:bias=-1"), SpecError::BadValue { .. }));
}

#[test]
fn greedy_takes_a_free_capture() {
    let pos = diagram(&[".....", "..X..", ".XOX.", ".....", "....."], SeatId(0));
    let c2 = pos.game().board.find("C2").unwrap();
    for seed in 0..10 {
        let mv = choose("greedy", &pos, seed).unwrap();
        assert_eq!(mv.to, c2, "seed {seed}: greedy played {}", move_text(pos.game(), &mv));
    }
    // Random does not always find it: the test above can tell the two apart.
    assert!((0..10).any(|seed| choose("random", &pos, seed).unwrap().to != c2));
}

#[test]
fn greedy_wins_at_once_and_never_loses_at_once() {
    // Black walls the board: after White's pass, Black's pass ends the game and wins it.
    let mut pos = diagram(&["..X..", "..X..", "..X..", "..X..", "..X.."], SeatId(1));
    pos.play(&Move::PASS).unwrap();
    for seed in 0..10 {
        assert!(choose("greedy", &pos, seed).unwrap().is_pass(), "seed {seed}: a winning pass was there");
    }
    // The same with White's wall: Black's pass would lose, so greedy never passes.
    let mut pos = diagram(&["..O..", "..O..", "..O..", "..O..", "..O.."], SeatId(1));
    pos.play(&Move::PASS).unwrap();
    for seed in 0..30 {
        assert!(!choose("greedy", &pos, seed).unwrap().is_pass(), "seed {seed}: passed into a loss");
    }
}

#[test]
fn rewards_split_wins_draws_and_shared_seats() {
    let pos = go("5").start();
    let mut r = Vec::new();
    ai::rewards(&pos, None, &mut r);
    assert_eq!(r, vec![0.5, 0.5], "no result: a draw between the two players");
    let win = qipan::core::GameResult::winners(&pos, vec![SeatId(1)], qipan::core::EndReason::Other("test".into()));
    ai::rewards(&pos, Some(&win), &mut r);
    assert_eq!(r, vec![0.0, 1.0]);
    // Seven Kingdoms for two: Qin holds Wei, Zhao and Yan; a win by any of them is Qin's.
    let sk = qipan::load("seven-kingdoms", &[("players".into(), "2".into())]).unwrap();
    let pos = sk.start();
    assert_eq!(ai::players(&pos), vec![SeatId(0), SeatId(1)]);
    let zhao = sk.seat("zhao").unwrap();
    let win = qipan::core::GameResult::winners(&pos, vec![zhao], qipan::core::EndReason::Other("test".into()));
    ai::rewards(&pos, Some(&win), &mut r);
    assert_eq!(r[0], 1.0);
    assert_eq!(r.iter().sum::<f64>(), 1.0);
}

#[test]
fn mcts_is_deterministic_under_a_seed_and_counts_its_iterations() {
    let game = go("9");
    let mut pos = game.start();
    pos.play(&qipan::core::notation::parse_move(&pos, "E5").unwrap()).unwrap();
    let config = MctsConfig { iterations: Some(300), ..MctsConfig::default() };
    let run = |seed| {
        let mut agent = MctsAgent::new(config.clone());
        let children = agent.search(&pos, &mut AgentRng::seed_from_u64(seed)).unwrap();
        assert_eq!(agent.last_iterations(), 300);
        assert_eq!(children.iter().map(|c| c.1).sum::<u32>(), 300, "every iteration visits one root child");
        children
    };
    let a = run(5);
    assert_eq!(a, run(5));
    assert_ne!(a, run(6));
    assert_eq!(a.len(), 81, "80 empty points and the pass");
}

#[test]
fn mcts_stops_on_its_time_budget() {
    let game = qipan::load("seven-kingdoms", &[]).unwrap();
    let mut agent = MctsAgent::new(MctsConfig { millis: Some(50), ..MctsConfig::default() });
    let t = std::time::Instant::now();
    let mv = qipan::core::ai::Agent::choose(&mut agent, &game.start(), &mut AgentRng::seed_from_u64(1)).unwrap();
    assert!(mv.is_some());
    assert!(t.elapsed() < std::time::Duration::from_millis(1000), "{:?}", t.elapsed());
    assert!(agent.last_iterations() > 0);
}

/// MCTS's wins against random players over `games` games, MCTS taking each player's seat in turn.
fn mcts_wins(game: &str, set: &[(&str, &str)], spec: &str, games: usize) -> (usize, usize) {
    let overrides: Vec<(String, String)> = set.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let game = qipan::load(game, &overrides).unwrap();
    let players = ai::players(&game.start());
    let mut wins = 0;
    for (i, &p) in players.iter().enumerate() {
        let share = games / players.len() + usize::from(i < games % players.len());
        let sim = Simulation::new(game.clone(), share)
            .with_seed(100 + p.0 as u64)
            .with_threads(2)
            .with_agent(p.idx(), AgentSpec::parse(spec).unwrap())
            .unwrap();
        let records = sim.run(&|_| {}).unwrap();
        let report = Report::new(&sim, &records);
        wins += report.players.iter().find(|s| s.seat == p).unwrap().wins.count;
    }
    (wins, games)
}

#[test]
fn mcts_beats_random_at_go_9x9() {
    // 19 of 20 puts the 95% Wilson lower bound above 76%: a weak searcher fails this.
    let (wins, games) = mcts_wins("go", &[("size", "9")], "mcts:iterations=100", 20);
    assert!(wins >= 19, "MCTS won {wins} of {games}");
}

#[test]
fn mcts_beats_random_at_seven_kingdoms() {
    let (wins, games) = mcts_wins("seven-kingdoms", &[], "mcts:iterations=200", 14);
    assert!(wins >= 13, "MCTS won {wins} of {games}");
}

#[test]
#[ignore = "the full 200-game matches: a few minutes in release"]
fn mcts_beats_random_in_95_percent_of_games() {
    for (game, set, spec) in
        [("go", &[("size", "9")][..], "mcts:iterations=100"), ("seven-kingdoms", &[][..], "mcts:iterations=200")]
    {
        let (wins, games) = mcts_wins(game, set, spec, 200);
        eprintln!("{game} {spec}: {wins} of {games}");
        assert!(wins * 100 >= games * 95, "{game}: MCTS won {wins} of {games}");
    }
}

#[test]
fn gtp_genmove_asks_the_agent() {
    let session = |engine: &mut qipan::gtp::GtpEngine| {
        for cmd in ["boardsize 5", "play b B3", "play b D3", "play b C4", "play w C3"] {
            assert!(engine.handle(cmd).0.unwrap().starts_with('='), "{cmd}");
        }
        engine.handle("genmove b").0.unwrap()
    };
    let mut greedy = qipan::gtp::GtpEngine::new("go", &[], 1).unwrap().with_agent(&AgentSpec::parse("greedy").unwrap());
    assert_eq!(session(&mut greedy), "= C2\n\n", "greedy takes the stone");
    assert!(greedy.position().cell(greedy.position().game().board.find("C3").unwrap()).is_none());
}

#[test]
fn play_lets_agents_play_every_seat() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["play", "go", "--set", "size=5", "--ai", "black=greedy,white=mcts:iterations=30", "--ai", "white=mcts"])
        .args(["--ai", "white=mcts:iterations=20,c=0.5"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("black plays") && text.contains("white plays"), "{text}");
    assert!(text.contains("Game over"), "{text}");
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(["play", "go", "--ai", "white=mcts:iterations=x"])
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("iterations=x"));
}
