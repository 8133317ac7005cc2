//! The alpha-beta player: mates found and checked by an independent minimax, material won and poisoned
//! material left, tic-tac-toe played perfectly, the transposition table's neutrality, time budgets,
//! games of many players, and its specs.

use qipan::core::ai::{Agent, AgentRng, AgentSpec, AlphaBetaAgent, AlphaBetaConfig, SpecError, player};
use qipan::core::notation::{move_text, parse_move};
use qipan::core::{Position, SeatId};
use rand::SeedableRng;
use std::time::{Duration, Instant};

fn chess(fen: &str) -> Position {
    let game = qipan::load("chess", &[]).expect("chess loads");
    Position::from_fen(&game, fen).expect("a good FEN")
}

fn agent(spec: &str) -> AlphaBetaAgent {
    match AgentSpec::parse(spec).expect("a good spec") {
        AgentSpec::AlphaBeta(c) => AlphaBetaAgent::new(c),
        other => panic!("not alpha-beta: {other}"),
    }
}

fn rng() -> AgentRng {
    AgentRng::seed_from_u64(7)
}

/// Whether `me` (the player to move in `pos`) wins by force within `n` of its own moves: plain minimax
/// over the legal moves, without the agent.
fn forces_win(pos: &Position, me: SeatId, n: u32) -> bool {
    n > 0
        && pos.legal_moves().iter().any(|mv| {
            let mut next = pos.clone();
            next.play(mv).unwrap();
            every_reply_loses(&next, me, n)
        })
}

/// After `me` moved: whether every reply loses within `n - 1` more moves of `me` (or the game is won
/// already).
fn every_reply_loses(pos: &Position, me: SeatId, n: u32) -> bool {
    if pos.is_over() {
        return won(pos, me);
    }
    n > 1
        && pos.legal_moves().iter().all(|reply| {
            let mut next = pos.clone();
            next.play(reply).unwrap();
            if next.is_over() { won(&next, me) } else { forces_win(&next, me, n - 1) }
        })
}

fn won(pos: &Position, me: SeatId) -> bool {
    pos.outcome().is_some_and(|r| r.winners.iter().any(|&w| player(pos, w) == me))
}

/// Checks a mate problem independently (the key move mates in `n` against every defence, and there is
/// no quicker mate), then lets the agent solve it at `depth`: its move scores a win in exactly `2n - 1`
/// plies, and its principal variation, played out, ends the game won.
fn solve(fen: &str, key: &str, n: u32, depth: u32) {
    let pos = chess(fen);
    let game = pos.game_arc().clone();
    let me = player(&pos, pos.to_move());
    let mut after_key = pos.clone();
    after_key.play(&parse_move(&pos, key).unwrap()).unwrap();
    assert!(every_reply_loses(&after_key, me, n), "{key} does not mate in {n} in {fen}");
    assert!(!forces_win(&pos, me, n - 1), "{fen} has a mate in fewer than {n}");

    let mut ab = agent(&format!("alphabeta:depth={depth}"));
    let start = Instant::now();
    let moves = ab.search(&pos, &mut rng()).unwrap();
    let took = start.elapsed();
    let (best, score) = moves[0];
    assert_eq!(score, AlphaBetaAgent::WIN - (2 * n as i32 - 1), "{fen}: {}", move_text(&game, &best));
    assert!(ab.last_depth() >= 2 * n - 1 && ab.last_depth() <= depth);
    let line = ab.principal_variation();
    assert_eq!(line.len(), 2 * n as usize - 1, "{fen}: the line is the mate");
    assert_eq!(line[0], best);
    let mut p = pos.clone();
    for mv in &line {
        p.play(mv).unwrap();
    }
    assert!(won(&p, me), "{fen}: the line ends won");
    // The move found mates against every defence too.
    let mut after = pos.clone();
    after.play(&best).unwrap();
    assert!(every_reply_loses(&after, me, n));
    eprintln!(
        "{fen}: mate in {n} ({}) at depth {}, {} nodes, {took:?}",
        move_text(&game, &best),
        ab.last_depth(),
        ab.last_nodes()
    );
}

#[test]
fn mate_in_one_on_the_back_rank() {
    solve("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1-a8", 1, 3);
}

#[test]
fn mate_in_two_morphy() {
    // Paul Morphy's problem: 1. Ra6! bxa6 2. b7#.
    solve("kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1", "a1-a6", 2, 4);
}

#[test]
fn mate_in_two_with_two_rooks() {
    solve("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1", "a2-a7", 2, 5);
}

#[test]
fn mate_in_three_with_two_rooks() {
    solve("8/6k1/8/8/8/8/R7/1R4K1 w - - 0 1", "a2-a6", 3, 6);
}

#[test]
fn mate_for_black_too() {
    // The same back-rank mate with the colours reversed: the search is not White's.
    solve("r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", "a8-a1", 1, 2);
}

#[test]
fn takes_a_hanging_queen() {
    let pos = chess("4k3/8/8/3q4/8/2N5/8/4K3 w - - 0 1");
    for depth in 1..=4 {
        let mut ab = agent(&format!("alphabeta:depth={depth}"));
        let mv = ab.choose(&pos, &mut rng()).unwrap().unwrap();
        assert_eq!(move_text(pos.game(), &mv), "c3-d5", "depth {depth}");
    }
}

#[test]
fn leaves_a_poisoned_pawn() {
    // The pawn on d5 is guarded by the one on c6: the queen that takes it is lost.
    let pos = chess("4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1");
    let takes = |spec: &str| {
        let mv = agent(spec).choose(&pos, &mut rng()).unwrap().unwrap();
        move_text(pos.game(), &mv) == "d1-d5"
    };
    // Blind to the recapture (one ply, no quiescence), the capture looks good: the test can fail.
    assert!(takes("alphabeta:depth=1,q=off"));
    for spec in ["alphabeta:depth=2,q=off", "alphabeta:depth=2", "alphabeta:depth=3", "alphabeta:depth=1"] {
        assert!(!takes(spec), "{spec} takes the poisoned pawn");
    }
}

#[test]
fn tic_tac_toe_is_a_draw() {
    let game = qipan::load("tic-tac-toe", &[]).unwrap();
    let mut ab = agent("alphabeta:depth=9");
    let moves = ab.search(&game.start(), &mut rng()).unwrap();
    assert_eq!(moves.len(), 9);
    assert_eq!(moves[0].1, 0, "perfect play draws");
    // Self-play is always a draw.
    for seed in 0..3 {
        let mut agents = [agent("alphabeta:depth=9"), agent("alphabeta:depth=9")];
        let mut pos = game.start();
        let mut r = AgentRng::seed_from_u64(seed);
        while let Some(mv) = agents[pos.to_move().idx()].choose(&pos, &mut r).unwrap() {
            pos.play(&mv).unwrap();
        }
        assert!(pos.outcome().unwrap().winners.is_empty(), "self-play is a draw");
    }
}

#[test]
fn tic_tac_toe_never_loses_to_random() {
    let game = qipan::load("tic-tac-toe", &[]).unwrap();
    let mut wins = 0;
    for seed in 0..20u64 {
        let me = SeatId((seed % 2) as u8);
        let mut ab = agent("alphabeta:depth=9");
        let mut random = AgentSpec::Random.build();
        let mut r = AgentRng::seed_from_u64(seed);
        let mut pos = game.start();
        loop {
            let mv = if pos.to_move() == me { ab.choose(&pos, &mut r) } else { random.choose(&pos, &mut r) };
            match mv.unwrap() {
                Some(mv) => pos.play(&mv).unwrap(),
                None => break,
            }
        }
        let winners = &pos.outcome().unwrap().winners;
        assert!(winners.is_empty() || winners == &[me], "seed {seed}: lost as {me:?}");
        wins += usize::from(winners == &[me]);
    }
    assert!(wins >= 10, "random blunders are punished: {wins} wins in 20");
}

#[test]
fn the_table_does_not_change_the_score() {
    let cases = [
        ("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3),
        ("chess", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4", 3),
        ("chess", "4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", 4),
    ];
    for (name, fen, depth) in cases {
        let game = qipan::load(name, &[]).unwrap();
        let pos = Position::from_fen(&game, fen).unwrap();
        let with = agent(&format!("alphabeta:depth={depth}")).search(&pos, &mut rng()).unwrap()[0].1;
        let without = agent(&format!("alphabeta:depth={depth},tt=0")).search(&pos, &mut rng()).unwrap()[0].1;
        assert_eq!(with, without, "{fen}");
    }
    let game = qipan::load("tic-tac-toe", &[]).unwrap();
    let mut pos = game.start();
    pos.play(&parse_move(&pos, "b2").unwrap()).unwrap();
    for depth in [2, 4, 8] {
        let with = agent(&format!("alphabeta:depth={depth}")).search(&pos, &mut rng()).unwrap()[0].1;
        let without = agent(&format!("alphabeta:depth={depth},tt=0")).search(&pos, &mut rng()).unwrap()[0].1;
        assert_eq!(with, without, "tic-tac-toe at depth {depth}");
    }
}

#[test]
fn a_time_budget_is_kept() {
    let game = qipan::load("chess", &[]).unwrap();
    let pos = game.start();
    let mut ab = agent("alphabeta:ms=200");
    let start = Instant::now();
    let mv = ab.choose(&pos, &mut rng()).unwrap().unwrap();
    let took = start.elapsed();
    assert!(pos.legal_moves().contains(&mv));
    assert!(took < Duration::from_millis(800), "took {took:?}");
    assert!(ab.last_depth() >= 2, "reached depth {}", ab.last_depth());
    // With a depth too, the first limit reached stops it.
    let mut ab = agent("alphabeta:depth=2,ms=60000");
    let start = Instant::now();
    ab.choose(&pos, &mut rng()).unwrap();
    assert_eq!(ab.last_depth(), 2);
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn many_players_get_a_legal_move() {
    for (name, options) in [("seven-kingdoms", vec![]), ("he-qi", vec![]), ("seven-kingdoms", vec![("players", "3")])] {
        let options: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let game = qipan::load(name, &options).unwrap();
        let mut pos = game.start();
        let mut ab = agent("alphabeta:depth=2");
        for _ in 0..game.seats.len() + 1 {
            let start = Instant::now();
            let Some(mv) = ab.choose(&pos, &mut rng()).unwrap() else { break };
            eprintln!("{name}: {} nodes in {:?}", ab.last_nodes(), start.elapsed());
            assert!(pos.legal_moves().contains(&mv), "{name}");
            pos.play(&mv).unwrap();
        }
    }
}

#[test]
fn turns_of_two_parts() {
    // Amazons: a move and then an arrow, both the mover's.
    let game = qipan::load("amazons", &[]).unwrap();
    let pos = game.start();
    let mv = agent("alphabeta:depth=1").choose(&pos, &mut rng()).unwrap().unwrap();
    assert!(pos.legal_moves().contains(&mv));
}

#[test]
fn specs() {
    let spec = AgentSpec::parse("alphabeta:depth=8,ms=1000").unwrap();
    assert_eq!(spec.to_string(), "alphabeta:depth=8,ms=1000");
    assert_eq!(AgentSpec::parse(&spec.to_string()).unwrap(), spec);
    let AgentSpec::AlphaBeta(c) = &spec else { panic!() };
    assert_eq!((c.depth, c.millis, c.quiescence), (Some(8), Some(1000), AlphaBetaConfig::DEFAULT_QUIESCENCE));
    assert_eq!(AgentSpec::parse("alphabeta").unwrap().to_string(), "alphabeta:depth=4");
    let spec = AgentSpec::parse("alphabeta:ms=50,q=off,tt=1").unwrap();
    assert_eq!(spec.to_string(), "alphabeta:ms=50,q=0,tt=1");
    assert_eq!(AgentSpec::parse(&spec.to_string()).unwrap(), spec);
    assert_eq!(spec.build().name(), "alphabeta");
    assert_eq!(AgentSpec::parse("alphabeta:noise=0").unwrap().to_string(), "alphabeta:depth=4,noise=0");
    let spec = AgentSpec::parse("alphabeta:nodes=20000").unwrap();
    assert_eq!(spec.to_string(), "alphabeta:nodes=20000");
    let AgentSpec::AlphaBeta(c) = &spec else { panic!() };
    assert_eq!((c.depth, c.nodes), (None, Some(20_000)), "a node budget alone: no depth limit");
    for bad in [
        "depth=0",
        "depth=65",
        "depth=deep",
        "ms=0",
        "ms=-5",
        "nodes=0",
        "nodes=many",
        "q=maybe",
        "tt=-1",
        "noise=some",
        "noise=10001",
    ] {
        let err = AgentSpec::parse(&format!("alphabeta:{bad}")).unwrap_err();
        let (k, v) = bad.split_once('=').unwrap();
        assert!(matches!(&err, SpecError::BadValue { param, value, .. } if param == k && value == v), "{bad}: {err:?}");
    }
    assert!(matches!(AgentSpec::parse("alphabeta:iterations=5"), Err(SpecError::UnknownParam { .. })));
    assert!(qipan::core::ai::KINDS.contains(&"alphabeta"));
}

/// Games between the same alpha-beta players differ from seed to seed (the evaluation's noise), and are
/// all the same without noise.
#[test]
fn noise_makes_games_differ() {
    let game = qipan::load("breakthrough", &[]).unwrap();
    let games = |spec: &str| -> std::collections::BTreeSet<Vec<qipan::core::Move>> {
        (0..4)
            .map(|seed| {
                let mut players = [agent(spec), agent(spec)];
                let mut rng = AgentRng::seed_from_u64(seed);
                let mut pos = game.start();
                let mut moves = Vec::new();
                while moves.len() < 16 {
                    let Some(mv) = players[pos.to_move().idx()].choose(&pos, &mut rng).unwrap() else { break };
                    pos.play(&mv).unwrap();
                    moves.push(mv);
                }
                moves
            })
            .collect()
    };
    assert!(games("alphabeta:depth=2").len() >= 3);
    assert_eq!(games("alphabeta:depth=2,noise=0").len(), 1);
}

/// A node budget stops the search at the same place every time: the same move and the same count,
/// within the budget (once the first iteration is done).
#[test]
fn node_budgets_are_reproducible() {
    let game = qipan::load("chess", &[]).unwrap();
    let search = || {
        let mut ab = agent("alphabeta:nodes=3000");
        let moves = ab.search(&game.start(), &mut rng()).unwrap();
        (moves[0].0, ab.last_nodes(), ab.last_depth())
    };
    let (mv, nodes, depth) = search();
    assert_eq!(search(), (mv, nodes, depth));
    assert_eq!(nodes, 3000, "stopped at the budget");
    assert!(depth >= 2, "depth {depth}");
}

/// A move that beats the previous best in an iteration the budget cuts short is played: in the Evergreen
/// finish, four plies do not see the mate in five, and a budget that stops the fifth iteration just
/// before its end still plays the key it found there.
#[test]
fn a_cut_iteration_s_better_move_is_played() {
    let pos = chess("1r4r1/pbpknp1p/1b3P2/8/8/B1PB1q2/P4PPP/3R2K1 w - - 0 22");
    let game = pos.game_arc().clone();
    let best = |spec: &str| {
        let mut ab = agent(spec);
        let moves = ab.search(&pos, &mut rng()).unwrap();
        (move_text(&game, &moves[0].0), moves[0].1, ab.last_nodes(), ab.last_depth())
    };
    let (four, _, _, _) = best("alphabeta:depth=4,noise=0");
    let (key, score, nodes, depth) = best("alphabeta:depth=5,noise=0");
    assert_eq!((key.as_str(), depth), ("d3-f5", 5));
    assert!(AlphaBetaAgent::is_win(score));
    assert_ne!(four, key, "four plies see no mate");
    let (cut, _, cut_nodes, cut_depth) = best(&format!("alphabeta:nodes={},noise=0", nodes - 1));
    assert_eq!((cut_depth, cut_nodes), (4, nodes - 1), "the fifth iteration was cut");
    assert_eq!(cut, key);
}

/// A position the game has been in scores as a draw: the side a queen down goes back to one, which it
/// could not tell from any other without the game's history.
#[test]
fn repetitions_score_as_draws() {
    let start = chess("4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1");
    let game = start.game_arc().clone();
    let mut ab = agent("alphabeta:depth=3,noise=0");
    ab.search(&start, &mut rng()).unwrap();
    let mut pos = start.clone();
    for text in ["d4-a1", "e8-f8", "a1-d4"] {
        pos.play(&parse_move(&pos, text).unwrap()).unwrap();
    }
    // Black's Kf8-e8 brings back the start.
    let moves = ab.search(&pos, &mut rng()).unwrap();
    assert_eq!((move_text(&game, &moves[0].0).as_str(), moves[0].1), ("f8-e8", 0));
    let fresh = agent("alphabeta:depth=3,noise=0").search(&pos, &mut rng()).unwrap();
    assert!(fresh[0].1 < -500, "a queen down: {}", fresh[0].1);
}

/// In a game won by making a line, the lines still open judge a position: Connect Four's centre column
/// lies on the most of them, so a one-ply search opens there, and blocks an open three.
#[test]
fn open_lines_judge_line_games() {
    let game = qipan::load("connect-four", &[]).unwrap();
    let best = |pos: &Position, spec: &str| move_text(&game, &agent(spec).choose(pos, &mut rng()).unwrap().unwrap());
    assert_eq!(best(&game.start(), "alphabeta:depth=1,noise=0"), "d1");
    // After d1, red's disc lies in 7 windows of four (4 across, 1 up, 2 diagonal), none of yellow's: 7 x 5,
    // and the disc itself is no material (discs are never taken).
    let d1 = agent("alphabeta:depth=1,noise=0").search(&game.start(), &mut rng()).unwrap()[0].1;
    assert_eq!(d1, 35);
    let mut pos = game.start();
    for text in ["a1", "a2", "b1", "b2", "c1"] {
        pos.play(&parse_move(&pos, text).unwrap()).unwrap();
    }
    // Red's a1 b1 c1: yellow must take d1, and a two-ply search sees it.
    assert_eq!(best(&pos, "alphabeta:depth=2,noise=0"), "d1");
}

#[test]
fn piece_values_are_estimated_or_declared() {
    use qipan::core::ai::alphabeta::piece_values;
    let game = qipan::load("chess", &[]).unwrap();
    let values = piece_values(&game);
    let v = |name| values[game.piece(name).unwrap().idx()];
    eprintln!("chess: {:?}", game.pieces.iter().map(|p| &p.name).zip(&values).collect::<Vec<_>>());
    assert_eq!(v("king"), 0.0, "the king is not material");
    assert!((v("knight") / v("pawn") - 3.0).abs() < 0.5);
    assert!(v("knight") < v("bishop") && v("bishop") < v("rook") && v("rook") < v("queen"));
    // Declared values are taken as they are (janggi's chariot 13, cannon 7).
    let janggi = qipan::load("janggi", &[]).unwrap();
    let values = piece_values(&janggi);
    assert_eq!(values[janggi.piece("cannon").unwrap().idx()], 7.0);
    let xiangqi = qipan::load("xiangqi", &[]).unwrap();
    let values = piece_values(&xiangqi);
    eprintln!("xiangqi: {:?}", xiangqi.pieces.iter().map(|p| &p.name).zip(&values).collect::<Vec<_>>());
    // The chariot moves farthest; no piece is worth less than 1 but the general, who is not material.
    let chariot = values[xiangqi.piece("chariot").unwrap().idx()];
    assert!(values.iter().all(|&x| x == 0.0 || (1.0..=chariot).contains(&x)));
}

/// Nodes per second from the chess start at depth 5: `cargo test --release --test alphabeta -- --ignored
/// --nocapture speed`.
#[test]
#[ignore]
fn speed_chess_start() {
    let game = qipan::load("chess", &[]).unwrap();
    let mut ab = agent("alphabeta:depth=5");
    let start = Instant::now();
    let moves = ab.search(&game.start(), &mut rng()).unwrap();
    let took = start.elapsed();
    eprintln!(
        "chess start, depth 5: {} ({}), {} nodes in {took:?}: {:.0} nodes/s",
        move_text(&game, &moves[0].0),
        moves[0].1,
        ab.last_nodes(),
        ab.last_nodes() as f64 / took.as_secs_f64()
    );
}
