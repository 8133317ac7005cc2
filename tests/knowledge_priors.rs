//! The tree's prior knowledge of Go moves (`knowledge=on`), checked against figures worked out here on
//! a grid of coordinates: chains, liberties and distances by flood fill over (x, y), not through the
//! engine's board graph or chains.

use qipan::core::ai::{AgentRng, MctsAgent, MctsConfig};
use qipan::core::board::NodeId;
use qipan::core::notation::{move_text, parse_move};
use qipan::core::playout::{Knowledge, PlayoutBuf, Prior, random_playout};
use qipan::core::{Game, Position};
use rand::SeedableRng;
use rand::rngs::SmallRng;
use std::collections::{BTreeSet, VecDeque};

const SIZE: i32 = 9;

/// A point of the grid: column and row.
type Point = (i32, i32);

/// Who is where, by coordinates: `Some(true)` the mover's stone, `Some(false)` the other side's.
struct Grid {
    cells: Vec<Option<bool>>,
}

impl Grid {
    fn of(pos: &Position) -> Grid {
        let mut cells = vec![None; (SIZE * SIZE) as usize];
        for n in pos.game().board.node_ids() {
            let (x, y) = xy(pos.game(), n);
            cells[(y * SIZE + x) as usize] = pos.cell(n).map(|p| p.seat == pos.to_move());
        }
        Grid { cells }
    }

    fn at(&self, (x, y): (i32, i32)) -> Option<bool> {
        self.cells[(y * SIZE + x) as usize]
    }

    fn neighbours((x, y): (i32, i32)) -> impl Iterator<Item = (i32, i32)> {
        [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
            .into_iter()
            .filter(|&(a, b)| (0..SIZE).contains(&a) && (0..SIZE).contains(&b))
    }

    /// The chain on `p` and its liberties.
    fn chain(&self, p: Point) -> (BTreeSet<Point>, BTreeSet<Point>) {
        let side = self.at(p);
        let (mut stones, mut libs, mut todo) = (BTreeSet::from([p]), BTreeSet::new(), vec![p]);
        while let Some(s) = todo.pop() {
            for q in Grid::neighbours(s) {
                match self.at(q) {
                    None => {
                        libs.insert(q);
                    }
                    c if c == side && stones.insert(q) => todo.push(q),
                    _ => {}
                }
            }
        }
        (stones, libs)
    }

    /// Steps from `from`, a step between two stones of one side free (a chain is one node), up to 3.
    fn distances(&self, from: (i32, i32)) -> Vec<u32> {
        let mut dist = vec![u32::MAX; (SIZE * SIZE) as usize];
        let mut queue = VecDeque::from([(from, 0u32)]);
        while let Some((p, d)) = queue.pop_front() {
            let i = (p.1 * SIZE + p.0) as usize;
            if d >= dist[i] {
                continue;
            }
            dist[i] = d;
            for q in Grid::neighbours(p) {
                let free = self.at(p).is_some() && self.at(p) == self.at(q);
                queue.push_back((q, d + u32::from(!free)));
            }
        }
        dist
    }
}

/// Column and row (0-based; row 0 the south edge) of a GTP label such as `E5`.
fn xy(game: &Game, n: NodeId) -> (i32, i32) {
    let label = game.board.label(n);
    let letter = label.as_bytes()[0];
    let x = (letter - b'A') as i32 - (letter > b'I') as i32;
    (x, label[1..].parse::<i32>().unwrap() - 1)
}

/// The prior of a stone of the mover's on the empty point `n`, worked out from michi's figures, and the
/// kinds of knowledge that went into it.
fn expected(pos: &Position, n: NodeId) -> (Prior, Vec<&'static str>) {
    let game = pos.game();
    let grid = Grid::of(pos);
    let p = xy(game, n);
    let mut prior = Prior { visits: 10.0, wins: 5.0 };
    let mut kinds = Vec::new();
    let mut add = |kind: &'static str, n: f32, won: bool| {
        prior.visits += n;
        prior.wins += if won { n } else { 0.0 };
        kinds.push(kind);
    };
    // Chains beside it in atari.
    let (mut taken, mut saves, mut seen) = (0, false, BTreeSet::new());
    for q in Grid::neighbours(p) {
        if grid.at(q).is_some() && seen.insert(*grid.chain(q).0.first().unwrap()) {
            let (stones, libs) = grid.chain(q);
            if libs.len() == 1 {
                if grid.at(q) == Some(false) {
                    taken += stones.len();
                } else {
                    saves = true;
                }
            }
        }
    }
    match taken {
        0 => {
            let mut after = Grid { cells: grid.cells.clone() };
            after.cells[(p.1 * SIZE + p.0) as usize] = Some(true);
            let liberties = after.chain(p).1.len();
            if saves && liberties >= 3 {
                add("escape", 15.0, true);
            }
            if liberties < 2 {
                add("self-atari", 10.0, false);
            }
        }
        1 => add("capture", 15.0, true),
        _ => add("capture", 30.0, true),
    }
    let last = xy(game, pos.last_move().unwrap().to);
    let near = (p.0 - last.0).abs() <= 1 && (p.1 - last.1).abs() <= 1;
    if near && game.patterns.as_ref().unwrap().matches(pos, n) {
        add("shape", 10.0, true);
    }
    match grid.distances(last)[(p.1 * SIZE + p.0) as usize] {
        1 => add("near", 24.0, true),
        2 => add("near", 22.0, true),
        3 => add("near", 8.0, true),
        _ => {}
    }
    let stone_within_3 = (0..SIZE * SIZE)
        .any(|i| grid.cells[i as usize].is_some() && (i % SIZE - p.0).abs() + (i / SIZE - p.1).abs() <= 3);
    if !stone_within_3 {
        match p.0.min(p.1).min(SIZE - 1 - p.0).min(SIZE - 1 - p.1) {
            0 | 1 => add("low in an empty area", 10.0, false),
            2 => add("third line in an empty area", 10.0, true),
            _ => {}
        }
    }
    (prior, kinds)
}

#[test]
fn priors_match_the_figures_worked_out_on_coordinates() {
    let game = qipan::load("go", &[("size".into(), "9".into())]).unwrap();
    let mut knowledge = Knowledge::default();
    let mut kinds = std::collections::BTreeMap::new();
    let mut checked = 0;
    for g in 0..150u64 {
        let mut pos = game.start();
        let plies = 1 + (g * 7) % 100;
        random_playout(&mut pos, &mut SmallRng::seed_from_u64(g), &mut PlayoutBuf::default(), plies as u32).unwrap();
        if pos.is_over() || pos.last_move().is_none_or(|m| m.is_pass()) {
            continue;
        }
        let moves = pos.legal_moves();
        let priors = knowledge.judge(&pos, &moves).to_vec();
        assert_eq!(priors.len(), moves.len());
        for (mv, got) in moves.iter().zip(&priors) {
            if mv.is_pass() {
                assert_eq!(*got, Prior { visits: 10.0, wins: 5.0 });
                continue;
            }
            let (want, why) = expected(&pos, mv.to);
            assert_eq!(*got, want, "{} at ply {}: {why:?}", move_text(&game, mv), pos.ply());
            for kind in why {
                *kinds.entry(kind).or_insert(0) += 1;
            }
            checked += 1;
        }
    }
    assert!(checked > 4000, "{checked} moves");
    // Every kind of knowledge came up, often enough to be tested.
    assert_eq!(kinds.len(), 7, "{kinds:?}");
    assert!(kinds.values().all(|&c| c >= 10), "{kinds:?}");
}

#[test]
fn a_game_without_chains_gets_no_priors() {
    let game = qipan::load("hex", &[]).unwrap();
    let pos = game.start();
    let moves = pos.legal_moves();
    let priors = Knowledge::default().judge(&pos, &moves).to_vec();
    assert_eq!(priors.len(), moves.len());
    assert!(priors.iter().all(|p| *p == Prior::default()));
}

#[test]
fn the_search_tries_the_capture_first_with_knowledge() {
    // White's E5 has one liberty left, E4, beside the last move: with knowledge the first move the
    // search tries is the capture; without, a move drawn by the seed.
    let game = qipan::load("go", &[("size".into(), "9".into())]).unwrap();
    let mut pos = game.start();
    for text in ["D5", "A1", "F5", "A3", "E6", "E5"] {
        pos.play(&parse_move(&pos, text).unwrap()).unwrap();
    }
    let first = |knowledge: bool, seed: u64| {
        let config = MctsConfig { iterations: Some(1), knowledge, ..MctsConfig::default() };
        let children = MctsAgent::new(config).search(&pos, &mut AgentRng::seed_from_u64(seed)).unwrap();
        children.iter().filter(|c| c.1 > 0 && !c.0.is_pass()).map(|c| move_text(&game, &c.0)).collect::<Vec<_>>()
    };
    for seed in 0..5 {
        assert_eq!(first(true, seed), ["E4"]);
    }
    assert!((0..5).any(|seed| first(false, seed) != ["E4"]));
}
