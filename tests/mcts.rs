//! Monte-Carlo tree search's parts beyond UCT: the solver (checked against a minimax of tic-tac-toe
//! written here from the rules, not through the engine), RAVE, root parallelism and the game clock.

use qipan::core::ai::{Agent, AgentRng, AgentSpec, MctsAgent, MctsConfig};
use qipan::core::{Position, SeatId};
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

fn tic_tac_toe() -> std::sync::Arc<qipan::core::Game> {
    qipan::load("tic-tac-toe", &[]).expect("tic-tac-toe loads")
}

/// The board as the test sees it: 0 empty, 1 X, 2 O, cells a1, b1, c1, a2, ... (rank by rank).
fn cells(pos: &Position) -> [u8; 9] {
    let game = pos.game();
    std::array::from_fn(|i| {
        let label = format!("{}{}", (b'a' + (i % 3) as u8) as char, i / 3 + 1);
        match pos.cell(game.board.find(&label).expect("a cell")) {
            None => 0,
            Some(p) => 1 + p.seat.idx() as u8,
        }
    })
}

/// Who has three in a row, if anyone.
fn line(b: &[u8; 9]) -> Option<u8> {
    const LINES: [[usize; 3]; 8] =
        [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
    LINES.iter().find(|l| b[l[0]] != 0 && b[l[0]] == b[l[1]] && b[l[1]] == b[l[2]]).map(|l| b[l[0]])
}

/// Tic-tac-toe by minimax: X's reward (1 win, 0.5 draw, 0 loss) with `mover` (1 or 2) to move, and
/// the plies to the end with best play (quickest win, slowest loss).
fn minimax(b: &mut [u8; 9], mover: u8) -> (f64, u32) {
    if let Some(w) = line(b) {
        return (if w == 1 { 1.0 } else { 0.0 }, 0);
    }
    if b.iter().all(|&c| c != 0) {
        return (0.5, 0);
    }
    let mut best: Option<(f64, u32)> = None;
    for i in 0..9 {
        if b[i] != 0 {
            continue;
        }
        b[i] = mover;
        let (v, plies) = minimax(b, 3 - mover);
        b[i] = 0;
        // The mover's view: X wants v high, O low; among equals, a win soon and a loss late.
        let mine = if mover == 1 { v } else { 1.0 - v };
        let better = match best {
            None => true,
            Some((bv, bp)) => {
                let bmine = if mover == 1 { bv } else { 1.0 - bv };
                mine > bmine || (mine == bmine && if mine == 1.0 { plies + 1 < bp } else { plies + 1 > bp })
            }
        };
        if better {
            best = Some((v, plies + 1));
        }
    }
    best.expect("a move")
}

#[test]
fn the_solver_proves_tic_tac_toe_a_draw_from_the_start() {
    let game = tic_tac_toe();
    let mut mcts = MctsAgent::new(MctsConfig { iterations: Some(3_000_000), ..MctsConfig::default() });
    let children = mcts.search(&game.start(), &mut AgentRng::seed_from_u64(1)).unwrap();
    assert_eq!(mcts.proven(), Some((vec![0.5, 0.5], 9)), "a draw, the board full");
    assert!(mcts.last_iterations() < 3_000_000, "stopped when proven");
    // Every first move is proven, and none loses for X.
    assert!(children.iter().all(|c| c.2 == 0.5), "{children:?}");
}

#[test]
fn the_solvers_proofs_agree_with_minimax_on_random_positions() {
    let game = tic_tac_toe();
    let mut rng = AgentRng::seed_from_u64(7);
    let mut proven = 0;
    for _ in 0..60 {
        let mut pos = game.start();
        for _ in 0..rng.random_range(2..7) {
            let legal = pos.legal_moves();
            if pos.is_over() {
                break;
            }
            pos.play(&legal[rng.random_range(0..legal.len())]).unwrap();
        }
        if pos.is_over() {
            continue;
        }
        let mut mcts = MctsAgent::new(MctsConfig { iterations: Some(200_000), ..MctsConfig::default() });
        let children = mcts.search(&pos, &mut rng).unwrap();
        let mover = 1 + pos.to_move().idx() as u8;
        let (x, plies) = minimax(&mut cells(&pos), mover);
        let (rewards, found) = mcts.proven().expect("tic-tac-toe is small enough to prove");
        assert_eq!(rewards[0], x, "{:?}", cells(&pos));
        // A proof may go by a longer win than the quickest (the first it found settles the node).
        if x == 0.5 {
            assert_eq!(found as u32, plies, "{:?}", cells(&pos));
        } else {
            assert!(found as u32 >= plies, "{:?}", cells(&pos));
        }
        // The move chosen keeps the proven result.
        let mut after = cells(&pos);
        let mut next = pos.clone();
        next.play(&children[0].0).unwrap();
        after.copy_from_slice(&cells(&next));
        assert_eq!(minimax(&mut after, 3 - mover).0, x, "{:?}", cells(&pos));
        proven += 1;
    }
    assert!(proven > 30);
}

#[test]
fn mcts_with_the_solver_never_loses_tic_tac_toe_and_draws_itself() {
    let game = tic_tac_toe();
    for seed in 0..6 {
        let mut agents = [
            AgentSpec::parse("mcts:iterations=3000").unwrap().build(),
            AgentSpec::parse(if seed % 2 == 0 { "mcts:iterations=3000" } else { "random" }).unwrap().build(),
        ];
        if seed % 4 == 1 {
            agents.swap(0, 1);
        }
        let mut rng = AgentRng::seed_from_u64(seed);
        let mut pos = game.start();
        while let Some(mv) = agents[pos.to_move().idx()].choose(&pos, &mut rng).unwrap() {
            pos.play(&mv).unwrap();
        }
        let winners = &pos.outcome().unwrap().winners;
        let mcts_seats: Vec<SeatId> = (0..2).map(SeatId).filter(|s| agents[s.idx()].name() == "mcts").collect();
        assert!(winners.is_empty() || mcts_seats.contains(&winners[0]), "seed {seed}: {:?}", cells(&pos));
        if mcts_seats.len() == 2 {
            assert!(winners.is_empty(), "seed {seed}: perfect play draws");
        }
    }
}

#[test]
fn rave_gathers_placements_and_leaves_moves_of_pieces_alone() {
    // In Go every move is a placement: a search with RAVE differs from one without.
    let go = qipan::load("go", &[("size".into(), "7".into())]).unwrap();
    let search = |game: &std::sync::Arc<qipan::core::Game>, rave: f64| {
        let mut mcts = MctsAgent::new(MctsConfig { iterations: Some(400), rave, ..MctsConfig::default() });
        mcts.search(&game.start(), &mut AgentRng::seed_from_u64(3)).unwrap()
    };
    assert_ne!(search(&go, 0.0), search(&go, 1000.0));
}

#[test]
fn rave_beats_plain_uct_at_go_at_equal_iterations() {
    let report = match_of("go", &[("size", "7")], "mcts:iterations=600", "mcts:iterations=600,rave=0", 8);
    assert!(report >= 6.0, "RAVE scored {report} of 8");
}

/// What `a` scores against `b` over `games` games, each colour half the time (a draw counts a half).
fn match_of(game: &str, set: &[(&str, &str)], a: &str, b: &str, games: u64) -> f64 {
    let game = qipan::load(game, &set.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect::<Vec<_>>()).unwrap();
    let mut score = 0.0;
    for g in 0..games {
        let a_seat = (g % 2) as usize;
        let mut agents: Vec<Box<dyn Agent>> =
            vec![AgentSpec::parse(b).unwrap().build(), AgentSpec::parse(b).unwrap().build()];
        agents[a_seat] = AgentSpec::parse(a).unwrap().build();
        let mut rng = AgentRng::seed_from_u64(g);
        let mut pos = game.start();
        while let Some(mv) = agents[pos.to_move().idx()].choose(&pos, &mut rng).unwrap() {
            pos.play(&mv).unwrap();
        }
        let winners = &pos.outcome().unwrap().winners;
        score += if winners.is_empty() {
            0.5
        } else if winners.contains(&SeatId(a_seat as u8)) {
            1.0
        } else {
            0.0
        };
    }
    score
}

#[test]
fn threads_search_trees_at_once_and_add_up_their_roots() {
    let game = qipan::load("go", &[("size".into(), "5".into())]).unwrap();
    let mut mcts = MctsAgent::new(MctsConfig { iterations: Some(300), threads: 3, ..MctsConfig::default() });
    let children = mcts.search(&game.start(), &mut AgentRng::seed_from_u64(1)).unwrap();
    assert_eq!(mcts.last_iterations(), 900, "each thread runs the whole budget");
    assert_eq!(children.iter().map(|c| c.1).sum::<u32>(), 900, "every iteration counted once at the root");
    assert_eq!(children.len(), 26);
    // The same seed gives the same search, threads and all.
    let mut again = MctsAgent::new(mcts.config().clone());
    assert_eq!(again.search(&game.start(), &mut AgentRng::seed_from_u64(1)).unwrap(), children);
}

#[test]
fn the_clock_shares_a_game_s_time_among_its_moves() {
    let game = qipan::load("go", &[("size".into(), "7".into())]).unwrap();
    let mut mcts = AgentSpec::parse("mcts:clock=1500").unwrap().build();
    // An opponent that does not pass while a move is worth playing: a random one may pass at once, and
    // Black's pass then ends the game in three plies (Black owns the board).
    let mut other = AgentSpec::parse("mcts:iterations=50").unwrap().build();
    let mut rng = AgentRng::seed_from_u64(1);
    for _ in 0..2 {
        // Two games in a row: the second starts with a full clock again.
        let mut pos = game.start();
        let mut spent = Duration::ZERO;
        let mut moves = 0;
        loop {
            let start = Instant::now();
            let mv =
                if pos.to_move() == SeatId(0) { mcts.choose(&pos, &mut rng) } else { other.choose(&pos, &mut rng) };
            if pos.to_move() == SeatId(0) {
                spent += start.elapsed();
                moves += 1;
            }
            match mv.unwrap() {
                Some(mv) => pos.play(&mv).unwrap(),
                None => break,
            }
        }
        assert!(moves > 10);
        assert!(spent < Duration::from_millis(1500 + 20 * moves), "{spent:?} over {moves} moves");
        assert!(spent > Duration::from_millis(300), "the clock was used: {spent:?}");
    }
}

#[test]
fn new_settings_parse_print_and_refuse() {
    let text = "mcts:prior=5,rave=300,solver=off,replies=on,patterns=on,knowledge=on,threads=4,clock=60000,reuse=off";
    let spec = AgentSpec::parse(text).unwrap();
    assert_eq!(spec.to_string(), text.replace("mcts:", "mcts:c=1,"));
    assert_eq!(AgentSpec::parse(&spec.to_string()).unwrap(), spec);
    // A clock alone is a budget: no default iteration count is added.
    let AgentSpec::Mcts(c) = AgentSpec::parse("mcts:clock=1000").unwrap() else { panic!() };
    assert_eq!((c.iterations, c.clock), (None, Some(1000)));
    for (bad, says) in [
        ("mcts:threads=0", "threads from 1 to 256"),
        ("mcts:threads=999", "threads from 1 to 256"),
        ("mcts:solver=maybe", "`on` or `off`"),
        ("mcts:rave=-1", "at least 0"),
        ("mcts:clock=soon", "milliseconds"),
        ("mcts:reuse=never", "`on` or `off`"),
        ("mcts:prior=-2", "at least 0"),
        ("mcts:replies=often", "`on` or `off`"),
        ("mcts:patterns=sometimes", "`on` or `off`"),
        ("mcts:knowledge=some", "`on` or `off`"),
    ] {
        let err = AgentSpec::parse(bad).unwrap_err().to_string();
        assert!(err.contains(says), "{bad}: {err}");
    }
    assert_eq!(AgentSpec::parse("mcts:policy=parts").unwrap().to_string(), "mcts:iterations=1000,c=1,policy=parts");
}

/// The root's visits after searching `pos`, once `first` was searched and `line` played from it.
fn visits_after(config: &MctsConfig, first: &Position, line: &[qipan::core::Move], seed: u64) -> (u32, u32) {
    let mut mcts = MctsAgent::new(config.clone());
    let mut rng = AgentRng::seed_from_u64(seed);
    mcts.search(first, &mut rng).unwrap();
    let mut pos = first.clone();
    for mv in line {
        pos.play(mv).unwrap();
    }
    let children = mcts.search(&pos, &mut rng).unwrap();
    (children.iter().map(|c| c.1).sum(), mcts.last_iterations())
}

#[test]
fn the_tree_below_the_moves_played_is_kept_for_the_next_search() {
    let game = qipan::load("go", &[("size".into(), "5".into())]).unwrap();
    let start = game.start();
    let config = MctsConfig { iterations: Some(5000), ..MctsConfig::default() };
    let mut mcts = MctsAgent::new(config.clone());
    mcts.search(&start, &mut AgentRng::seed_from_u64(3)).unwrap();
    let line = mcts.principal_variation();
    // The expected move and reply: the next search adds its 5,000 iterations to what it inherits.
    let (visits, ran) = visits_after(&config, &start, &line[..2], 3);
    assert_eq!(ran, 5000);
    assert!(visits > 5010, "{visits}");
    // The same searches give the same tree again.
    assert_eq!(visits_after(&config, &start, &line[..2], 3), (visits, ran));
    // Without reuse, or from a position the tree never reached (ten plies on), the search starts afresh.
    let off = MctsConfig { reuse: false, ..config.clone() };
    assert_eq!(visits_after(&off, &start, &line[..2], 3).0, 5000);
    let mut far = start.clone();
    let mut rng = AgentRng::seed_from_u64(9);
    let mut random = AgentSpec::parse("random").unwrap().build();
    let mut moves = Vec::new();
    for _ in 0..10 {
        let mv = random.choose(&far, &mut rng).unwrap().unwrap();
        far.play(&mv).unwrap();
        moves.push(mv);
    }
    assert_eq!(visits_after(&config, &start, &moves, 3).0, 5000);
}

#[test]
fn a_kept_tree_keeps_its_proofs() {
    // Tic-tac-toe proven a draw from the start: two plies on, the new root is proven already and the
    // search has nothing left to do.
    let game = tic_tac_toe();
    let mut mcts = MctsAgent::new(MctsConfig { iterations: Some(3_000_000), ..MctsConfig::default() });
    let mut rng = AgentRng::seed_from_u64(1);
    let mut pos = game.start();
    mcts.search(&pos, &mut rng).unwrap();
    for mv in mcts.principal_variation().into_iter().take(2) {
        pos.play(&mv).unwrap();
    }
    let children = mcts.search(&pos, &mut rng).unwrap();
    assert_eq!(mcts.last_iterations(), 0);
    assert_eq!(mcts.proven(), Some((vec![0.5, 0.5], 7)));
    // The move played holds the draw; no move wins.
    assert_eq!(children[0].2, 0.5);
    assert!(children.iter().all(|c| c.2 <= 0.5), "{children:?}");
}

/// With the prior, each node's children are tried best first by the generic evaluation, whatever the
/// seed: in Othello positions where one move leaves the mover clearly more stable discs than the opponent,
/// compared with any other move (two or more: more than mobility can make up), the first child a search
/// tries is that move.
#[test]
fn the_prior_tries_the_move_the_evaluation_likes_best_first() {
    use qipan::core::ai::alphabeta::stable_pieces;
    use rand::seq::IndexedRandom;
    let game = qipan::load("othello", &[]).unwrap();
    let mut rng = AgentRng::seed_from_u64(9);
    let (mut checked, mut plain_agrees) = (0, 0);
    for _ in 0..300 {
        let mut pos = game.start();
        while !pos.is_over() && rng.random_range(0..40) != 0 {
            let mv = *pos.legal_moves().choose(&mut rng).unwrap();
            pos.play(&mv).unwrap();
        }
        let moves = pos.legal_moves();
        if pos.is_over() || moves.len() < 3 {
            continue;
        }
        let me = pos.to_move();
        let stable_after = |mv: &qipan::core::Move| {
            let mut after = pos.clone();
            after.play(mv).unwrap();
            let stable = stable_pieces(&after).unwrap();
            let mine = stable.iter().filter(|&&n| after.cell(n).unwrap().seat == me).count() as i64;
            2 * mine - stable.len() as i64
        };
        let mut counts: Vec<(i64, qipan::core::Move)> = moves.iter().map(|m| (stable_after(m), *m)).collect();
        counts.sort_by_key(|c| std::cmp::Reverse(c.0));
        if counts[0].0 < counts[1].0 + 2 {
            continue;
        }
        let first = |prior: f64, seed: u64| {
            let config = MctsConfig { iterations: Some(1), prior, ..MctsConfig::default() };
            let children = MctsAgent::new(config).search(&pos, &mut AgentRng::seed_from_u64(seed)).unwrap();
            children.iter().find(|c| c.1 == 1).unwrap().0
        };
        for seed in 0..3 {
            assert_eq!(first(5.0, seed), counts[0].1, "{}", qipan::core::notation::move_text(&game, &counts[0].1));
            plain_agrees += usize::from(first(0.0, seed) == counts[0].1);
            checked += 1;
        }
    }
    assert!(checked >= 15, "only {checked} positions checked");
    assert!(
        plain_agrees * 2 < checked,
        "without the prior the first child is the best {plain_agrees} of {checked} times"
    );
}
