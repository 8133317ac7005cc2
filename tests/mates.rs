//! Ten published chess mates in three (two composed problems, eight finishes of games), each solved by the
//! MCTS solver (the root proven a win in exactly 5 plies, a key move chosen) and by alpha-beta at depth 5
//! (a key move scored a mate in 5 plies, its line played out to mate).
//!
//! Every position was checked with Fairy-Stockfish 11.1, outside these tests: mate in exactly 3 for the
//! side to move, no shorter mate, and its keys are every first move that Fairy-Stockfish scores `mate 1` to
//! `mate 3` with every legal move of the root searched (the MultiPV lines outnumber the legal moves). The
//! commands, then the last line of each `multipv` number once `bestmove` is out (a few minutes a position):
//!
//! ```text
//! (printf 'uci\nsetoption name MultiPV value 500\nposition fen %s\ngo depth 20\n' "$FEN"; sleep 400) \
//!     | fairy-stockfish | grep 'info depth 20 .* multipv'
//! ```
//!
//! (`go depth 12` is too shallow for the Basil problem: it reports a mate in 4 there, the mate in 3 from
//! depth 14 on.)

use qipan::core::Position;
use qipan::core::ai::{AgentRng, AgentSpec, AlphaBetaAgent, CutEval, MctsAgent, MctsConfig, player};
use qipan::core::uci::uci_text;
use rand::SeedableRng;
use std::time::Instant;

/// A mate-in-three position: where it comes from, its FEN, and every first move that mates in at most
/// three (in UCI, as Fairy-Stockfish writes them).
struct Problem {
    source: &'static str,
    fen: &'static str,
    keys: &'static [&'static str],
}

/// Lyris D. Basil, "To Skaki", December 1943: 1.Ra2! Ra1 2.Bb1 Rxa2/Rxb1 3.Ng6#. Every other rook move
/// along the second rank is met by the black rook on the same file.
const BASIL: Problem =
    Problem { source: "Lyris D. Basil, To Skaki 1943", fen: "7k/7P/6BK/8/7N/8/6R1/6r1 w - - 0 1", keys: &["g2a2"] };

/// Sam Loyd, first prize, "Checkmate" (Prescott) 1903: 1.Ke2!!, walking into the checks of the pawn that
/// promotes (1...f1=Q+ 2.Ke3!! and any check is met by a discovered mate).
const LOYD: Problem = Problem {
    source: "Sam Loyd, Checkmate 1903",
    fen: "4r1b1/1p4B1/pN2pR2/RB2k3/1P2N2p/2p3b1/n2P1p1r/5K1n w - - 0 1",
    keys: &["f1e2"],
};

/// William Evans vs Alexander MacDonnell, London 1826: 1.Bb5+ c6 2.Qe6+ Qe7 3.Qxe7#.
const EVANS_MACDONNELL: Problem = Problem {
    source: "Evans vs MacDonnell, London 1826",
    fen: "r3k2r/ppp2Npp/1b5n/4p2b/2B1P2q/BQP2P2/P5PP/RN5K w kq - 1 1",
    keys: &["c4b5"],
};

/// H. Popert vs John Cochrane, London 1841, Black to move: 1...Qxf2+ 2.Rxf2 Rxf2+ 3.Kh1 Ng3#.
const POPERT_COCHRANE: Problem = Problem {
    source: "Popert vs Cochrane, London 1841",
    fen: "r2n1rk1/1ppb2pp/1p1p4/3Ppq1n/2B3P1/2P4P/PP1N1P1K/R2Q1RN1 b - - 0 1",
    keys: &["f5f2"],
};

/// J. Schulten vs Bernhard Horwitz, London 1846, Black to move: 1...Qf1+ 2.Kxf1 Bd3+ 3.Ke1 Rf1#.
const SCHULTEN_HORWITZ: Problem = Problem {
    source: "Schulten vs Horwitz, London 1846",
    fen: "rn3rk1/p5pp/2p5/3Ppb2/2q5/1Q6/PPPB2PP/R3K1NR b - - 0 1",
    keys: &["c4f1"],
};

/// Adolf Anderssen vs Lionel Kieseritzky, London 1851 (the Immortal Game), after 20...Na6: 21.Nxg7+ Kd8
/// 22.Qf6+ Nxf6 23.Be7#.
const IMMORTAL: Problem = Problem {
    source: "Anderssen vs Kieseritzky, London 1851",
    fen: "r1b1k1nr/p2p1ppp/n2B4/1p1NPN1P/6P1/3P1Q2/P1P1K3/q5b1 w kq - 2 21",
    keys: &["f5g7"],
};

/// Adolf Anderssen vs Jean Dufresne, Berlin 1852 (the Evergreen Game), after 21.Qxd7+ Kxd7: 22.Bf5+ Ke8
/// 23.Bd7+ Kf8 24.Bxe7#.
const EVERGREEN: Problem = Problem {
    source: "Anderssen vs Dufresne, Berlin 1852",
    fen: "1r4r1/pbpknp1p/1b3P2/8/8/B1PB1q2/P4PPP/3R2K1 w - - 0 22",
    keys: &["d3f5"],
};

/// Richard Réti vs Savielly Tartakower, Vienna 1910, after 8...Nxe4: 9.Qd8+ Kxd8 10.Bg5+ Kc7 11.Bd8#.
const RETI_TARTAKOWER: Problem = Problem {
    source: "Reti vs Tartakower, Vienna 1910",
    fen: "rnb1kb1r/pp3ppp/2p5/4q3/4n3/3Q4/PPPB1PPP/2KR1BNR w kq - 0 9",
    keys: &["d3d8"],
};

/// Belitzmann vs Akiba Rubinstein, Warsaw 1917, Black to move: 1...Qxh2+ 2.Kxh2 hxg3+ 3.Kg1 Rh1#.
const BELITZMANN_RUBINSTEIN: Problem = Problem {
    source: "Belitzmann vs Rubinstein, Warsaw 1917",
    fen: "r3k2r/pbp2pp1/3b1n2/1p6/3P3p/1B2N1Pq/PP1PQP1P/R1B1NRK1 b kq - 0 1",
    keys: &["h3h2"],
};

/// Viacheslav Ragozin vs Mikhail Botvinnik, USSR 1936, Black to move: 1...Nf3+ 2.Kf1 Rd1+ 3.Re1 Rxe1#.
const RAGOZIN_BOTVINNIK: Problem = Problem {
    source: "Ragozin vs Botvinnik, USSR 1936",
    fen: "1k1r2r1/ppq4p/4Q3/1B2np2/2P1p3/P7/2P1RPPR/2B1K3 b - - 0 1",
    keys: &["e5f3"],
};

const ALL: [&Problem; 10] = [
    &BASIL,
    &LOYD,
    &EVANS_MACDONNELL,
    &POPERT_COCHRANE,
    &SCHULTEN_HORWITZ,
    &IMMORTAL,
    &EVERGREEN,
    &RETI_TARTAKOWER,
    &BELITZMANN_RUBINSTEIN,
    &RAGOZIN_BOTVINNIK,
];

/// The most iterations the solver may take. With seed 1 and [`mate_search`], it proves each root in 1,800
/// to 195,000 (the Loyd problem, whose key lets Black check again and again, needs the most).
const ITERATIONS: u32 = 500_000;

/// The solver as a mate search: playouts cut after 4 plies and judged as draws. Only mates then count,
/// and an iteration costs a quarter of one under the defaults (20 plies judged by material), which
/// besides steer the search away from the sacrifices most of these mates begin with (see
/// [`with_the_default_settings`]).
fn mate_search(iterations: u32) -> MctsConfig {
    MctsConfig { iterations: Some(iterations), depth: Some(4), eval: CutEval::Draw, ..MctsConfig::default() }
}

fn position(problem: &Problem) -> Position {
    let game = qipan::load("chess", &[]).expect("chess loads");
    Position::from_fen(&game, problem.fen).expect("a good FEN")
}

/// What a win for the player to move in `pos` gives each player: 1 to it, 0 to the other.
fn win_for_mover(pos: &Position) -> Vec<f64> {
    let me = player(pos, pos.to_move());
    (0..2).map(|p| if p == me.idx() { 1.0 } else { 0.0 }).collect()
}

/// Plays `line` from `pos` and checks that it ends the game, won by the player to move in `pos`.
fn ends_in_mate(pos: &Position, line: &[qipan::core::Move], problem: &Problem) {
    let me = player(pos, pos.to_move());
    let mut p = pos.clone();
    let mut texts = Vec::new();
    for mv in line {
        texts.push(uci_text(&p, mv));
        p.play(mv).unwrap();
    }
    let won = p.outcome().is_some_and(|r| r.winners.iter().map(|&w| player(&p, w)).eq([me]));
    assert!(won, "{}: the line {} does not end in mate", problem.source, texts.join(" "));
}

/// The MCTS solver proves the position a win in 5 plies and plays a key; its line is the mate.
fn mcts_solves(problem: &Problem, config: MctsConfig) {
    let pos = position(problem);
    let budget = config.iterations.expect("a budget");
    let mut mcts = MctsAgent::new(config);
    let start = Instant::now();
    let children = mcts.search(&pos, &mut AgentRng::seed_from_u64(1)).unwrap();
    let took = start.elapsed();
    let best = uci_text(&pos, &children[0].0);
    eprintln!(
        "mcts {}: {best} after {} iterations in {took:?}, proven {:?}",
        problem.source,
        mcts.last_iterations(),
        mcts.proven()
    );
    assert_eq!(mcts.proven(), Some((win_for_mover(&pos), 5)), "{}: a mate in 3 proven", problem.source);
    assert!(mcts.last_iterations() < budget, "{}: stopped when proven", problem.source);
    assert!(problem.keys.contains(&best.as_str()), "{}: {best} is not a key", problem.source);
    assert_eq!(children[0].2, 1.0, "{}: the move chosen is proven to win", problem.source);
    let line = mcts.principal_variation();
    assert_eq!(line.len(), 5, "{}: the line is the mate", problem.source);
    assert_eq!(line[0], children[0].0);
    ends_in_mate(&pos, &line, problem);
}

/// Alpha-beta at depth 5 scores a key a win in 5 plies and its principal variation mates.
fn alphabeta_solves(problem: &Problem) {
    let pos = position(problem);
    let AgentSpec::AlphaBeta(config) = AgentSpec::parse("alphabeta:depth=5").unwrap() else { panic!("not alpha-beta") };
    let mut ab = AlphaBetaAgent::new(config);
    let start = Instant::now();
    let moves = ab.search(&pos, &mut AgentRng::seed_from_u64(1)).unwrap();
    let took = start.elapsed();
    let (mv, score) = moves[0];
    let best = uci_text(&pos, &mv);
    eprintln!(
        "alphabeta {}: {best} scored {score} at depth {}, {} nodes in {took:?}",
        problem.source,
        ab.last_depth(),
        ab.last_nodes()
    );
    assert!(AlphaBetaAgent::is_win(score), "{}: {best} scores {score}", problem.source);
    assert_eq!(score, AlphaBetaAgent::WIN - 5, "{}: a mate in 5 plies", problem.source);
    assert!(problem.keys.contains(&best.as_str()), "{}: {best} is not a key", problem.source);
    assert!(ab.last_depth() <= 5);
    // A mate that ends with a capture is found at depth 4 by the quiescence search, whose capture ends the line.
    let line = ab.principal_variation();
    assert_eq!(line[0], mv);
    assert_eq!(line.len(), 5, "{}: the line is the mate", problem.source);
    ends_in_mate(&pos, &line, problem);
}

fn solves(problem: &Problem) {
    mcts_solves(problem, mate_search(ITERATIONS));
    alphabeta_solves(problem);
}

#[test]
fn basil_to_skaki_1943() {
    solves(&BASIL);
}

#[test]
fn loyd_checkmate_1903() {
    solves(&LOYD);
}

#[test]
fn evans_macdonnell_london_1826() {
    solves(&EVANS_MACDONNELL);
}

#[test]
fn popert_cochrane_london_1841() {
    solves(&POPERT_COCHRANE);
}

#[test]
fn schulten_horwitz_london_1846() {
    solves(&SCHULTEN_HORWITZ);
}

#[test]
fn anderssen_kieseritzky_london_1851() {
    solves(&IMMORTAL);
}

#[test]
fn anderssen_dufresne_berlin_1852() {
    solves(&EVERGREEN);
}

#[test]
fn reti_tartakower_vienna_1910() {
    solves(&RETI_TARTAKOWER);
}

#[test]
fn belitzmann_rubinstein_warsaw_1917() {
    solves(&BELITZMANN_RUBINSTEIN);
}

#[test]
fn ragozin_botvinnik_ussr_1936() {
    solves(&RAGOZIN_BOTVINNIK);
}

/// Each FEN reads as written (it writes back the same board), the game is not over, and every key is
/// legal there.
#[test]
fn the_positions_are_the_problems() {
    for problem in ALL {
        let pos = position(problem);
        assert!(!pos.is_over(), "{}", problem.source);
        let legal: Vec<String> = pos.legal_moves().iter().map(|m| uci_text(&pos, m)).collect();
        for key in problem.keys {
            assert!(legal.iter().any(|m| m == key), "{}: {key} is not legal", problem.source);
        }
        assert_eq!(pos.to_fen().unwrap().split(' ').next(), problem.fen.split(' ').next(), "{}", problem.source);
    }
}

/// The solver with its default settings (playouts of 20 plies judged by material), for comparison: each
/// iteration costs about four times as much, and a sacrifice looks so bad in the playouts that UCT visits
/// it about `ln N` times in `N` iterations, too few to prove it. With seed 1, three of the ten are not
/// proven in 1,000,000 iterations (about 2.5 minutes each), their keys visited 189 times (Réti–Tartakower,
/// mean reward 0.26), 136 times (Schulten–Horwitz, 0.35) and 924 times (Loyd, 0.51); the other seven are,
/// in 2,000 to 130,000 iterations, and any proof found must be right. About 9 minutes:
/// `cargo test --test mates -- --ignored --nocapture`.
#[test]
#[ignore]
fn with_the_default_settings() {
    for problem in ALL {
        let pos = position(problem);
        let mut mcts = MctsAgent::new(MctsConfig { iterations: Some(1_000_000), ..MctsConfig::default() });
        let start = Instant::now();
        let children = mcts.search(&pos, &mut AgentRng::seed_from_u64(1)).unwrap();
        let best = uci_text(&pos, &children[0].0);
        let key = children.iter().find(|c| problem.keys.contains(&uci_text(&pos, &c.0).as_str())).unwrap();
        eprintln!(
            "mcts (defaults) {}: {best} after {} iterations in {:?}, proven {:?}; the key had {} visits, mean {:.3}",
            problem.source,
            mcts.last_iterations(),
            start.elapsed(),
            mcts.proven(),
            key.1,
            key.2
        );
        if let Some((rewards, plies)) = mcts.proven() {
            assert_eq!(rewards, win_for_mover(&pos), "{}", problem.source);
            assert!(plies >= 5 && plies % 2 == 1, "{}: {plies} plies", problem.source);
            assert!(problem.keys.contains(&best.as_str()) || plies > 5, "{}: {best}", problem.source);
        }
    }
}
