//! Nine Men's Morris, written in the language alone (`drop`, `step ring`, `step spoke`, `fly`, and the
//! capture form `remove ... if in-line(3, ring, spoke)`): perft, and random games played side by side by
//! the engine and by a move generator written here from the rules, with its own points, lines and mills
//! (not the engine's board), agreeing on the legal moves at every ply and on how each game ends.

mod common;

use common::perft::Speed;
use qipan::core::notation::{move_text, parse_move};
use qipan::core::playout::perft;
use qipan::core::{EndReason, Illegal, Position, SeatId};
use rand::SeedableRng;
use rand::seq::IndexedRandom;

/// The 24 points, outer square first, each square from its lower-left corner anticlockwise.
const POINTS: [&str; 24] = [
    "a1", "d1", "g1", "g4", "g7", "d7", "a7", "a4", // outer
    "b2", "d2", "f2", "f4", "f6", "d6", "b6", "b4", // middle
    "c3", "d3", "e3", "e4", "e5", "d5", "c5", "c4", // inner
];

/// The lines joining neighbouring points: round each square, and the four spokes across them.
const LINES: [(&str, &str); 32] = [
    ("a1", "d1"),
    ("d1", "g1"),
    ("g1", "g4"),
    ("g4", "g7"),
    ("g7", "d7"),
    ("d7", "a7"),
    ("a7", "a4"),
    ("a4", "a1"),
    ("b2", "d2"),
    ("d2", "f2"),
    ("f2", "f4"),
    ("f4", "f6"),
    ("f6", "d6"),
    ("d6", "b6"),
    ("b6", "b4"),
    ("b4", "b2"),
    ("c3", "d3"),
    ("d3", "e3"),
    ("e3", "e4"),
    ("e4", "e5"),
    ("e5", "d5"),
    ("d5", "c5"),
    ("c5", "c4"),
    ("c4", "c3"),
    ("d1", "d2"),
    ("d2", "d3"),
    ("g4", "f4"),
    ("f4", "e4"),
    ("d7", "d6"),
    ("d6", "d5"),
    ("a4", "b4"),
    ("b4", "c4"),
];

/// The 16 mills: the sides of the three squares, and the four spokes.
const MILLS: [[&str; 3]; 16] = [
    ["a1", "d1", "g1"],
    ["g1", "g4", "g7"],
    ["g7", "d7", "a7"],
    ["a7", "a4", "a1"],
    ["b2", "d2", "f2"],
    ["f2", "f4", "f6"],
    ["f6", "d6", "b6"],
    ["b6", "b4", "b2"],
    ["c3", "d3", "e3"],
    ["e3", "e4", "e5"],
    ["e5", "d5", "c5"],
    ["c5", "c4", "c3"],
    ["d1", "d2", "d3"],
    ["g4", "f4", "e4"],
    ["d7", "d6", "d5"],
    ["a4", "b4", "c4"],
];

fn idx(label: &str) -> usize {
    POINTS.iter().position(|&p| p == label).unwrap_or_else(|| panic!("no point {label}"))
}

/// The rules, with indices into `POINTS`.
struct Rules {
    adjacent: [Vec<usize>; 24],
    mills: Vec<[usize; 3]>,
    flying: bool,
    /// Plies without a removal that draw (0: none).
    quiet: u32,
}

impl Rules {
    fn new(flying: bool) -> Rules {
        let mut adjacent: [Vec<usize>; 24] = Default::default();
        for (a, b) in LINES {
            adjacent[idx(a)].push(idx(b));
            adjacent[idx(b)].push(idx(a));
        }
        let mills = MILLS.iter().map(|m| m.map(idx)).collect();
        Rules { adjacent, mills, flying, quiet: 100 }
    }
}

/// A move: a placement (`from` none) or a move, and the man removed if it closes a mill.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Mv {
    from: Option<usize>,
    to: usize,
    take: Option<usize>,
}

impl Mv {
    fn text(&self) -> String {
        let mut t = match self.from {
            Some(f) => format!("{}-{}", POINTS[f], POINTS[self.to]),
            None => POINTS[self.to].to_string(),
        };
        if let Some(x) = self.take {
            t.push('x');
            t.push_str(POINTS[x]);
        }
        t
    }
}

/// A position by the rules: 0 empty, 1 White, 2 Black; the men in hand; the side to move; and, for the
/// draws, the plies and arrangements since the last removal.
#[derive(Clone)]
struct Morris {
    cells: [u8; 24],
    hand: [u8; 2],
    who: u8,
    quiet: u32,
    seen: Vec<([u8; 24], u8)>,
}

/// How a game ended: the winner (0 for a draw) and why.
#[derive(Debug, PartialEq)]
enum End {
    TwoLeft(u8),
    Stuck(u8),
    Quiet,
    Repetition,
}

impl Morris {
    fn start() -> Morris {
        Morris { cells: [0; 24], hand: [9, 9], who: 1, quiet: 0, seen: vec![([0; 24], 1)] }
    }

    fn men(&self, who: u8) -> usize {
        self.cells.iter().filter(|&&c| c == who).count()
    }

    fn in_mill(&self, r: &Rules, cells: &[u8; 24], at: usize) -> bool {
        let who = cells[at];
        who != 0 && r.mills.iter().any(|m| m.contains(&at) && m.iter().all(|&p| cells[p] == who))
    }

    /// The moves of the side to move.
    fn moves(&self, r: &Rules) -> Vec<Mv> {
        let who = self.who;
        let mut base = Vec::new();
        if self.hand[who as usize - 1] > 0 {
            base.extend((0..24).filter(|&p| self.cells[p] == 0).map(|to| Mv { from: None, to, take: None }));
        } else {
            let fly = r.flying && self.men(who) == 3;
            for from in (0..24).filter(|&p| self.cells[p] == who) {
                let targets: Vec<usize> = if fly { (0..24).collect() } else { r.adjacent[from].clone() };
                base.extend(targets.into_iter().filter(|&to| self.cells[to] == 0).map(|to| Mv {
                    from: Some(from),
                    to,
                    take: None,
                }));
            }
        }
        let mut out = Vec::new();
        for mv in base {
            let mut after = self.cells;
            if let Some(f) = mv.from {
                after[f] = 0;
            }
            after[mv.to] = who;
            if !self.in_mill(r, &after, mv.to) {
                out.push(mv);
                continue;
            }
            let enemy: Vec<usize> = (0..24).filter(|&p| after[p] == 3 - who).collect();
            let free: Vec<usize> = enemy.iter().copied().filter(|&p| !self.in_mill(r, &after, p)).collect();
            let choices = if free.is_empty() { enemy } else { free };
            if choices.is_empty() {
                out.push(mv);
            }
            out.extend(choices.into_iter().map(|x| Mv { take: Some(x), ..mv }));
        }
        out
    }

    /// Plays `mv`, and says how the game ended if it did.
    fn play(&mut self, r: &Rules, mv: Mv) -> Option<End> {
        let who = self.who;
        match mv.from {
            Some(f) => self.cells[f] = 0,
            None => self.hand[who as usize - 1] -= 1,
        }
        self.cells[mv.to] = who;
        if let Some(x) = mv.take {
            self.cells[x] = 0;
            self.quiet = 0;
            self.seen.clear();
        } else {
            self.quiet += 1;
        }
        self.who = 3 - who;
        self.seen.push((self.cells, self.who));
        let other = 3 - who;
        if self.men(other) + self.hand[other as usize - 1] as usize <= 2 {
            return Some(End::TwoLeft(who));
        }
        if self.moves(r).is_empty() {
            return Some(End::Stuck(who));
        }
        if r.quiet > 0 && self.quiet >= r.quiet {
            return Some(End::Quiet);
        }
        if self.seen.iter().filter(|s| **s == (self.cells, self.who)).count() >= 3 {
            return Some(End::Repetition);
        }
        None
    }

    fn perft(&self, r: &Rules, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves(r);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|mv| {
                let mut next = self.clone();
                match next.play(r, mv) {
                    Some(_) => 0,
                    None => next.perft(r, depth - 1),
                }
            })
            .sum()
    }
}

fn game(flying: bool) -> std::sync::Arc<qipan::core::Game> {
    qipan::load("nine-mens-morris", &[("flying".into(), flying.to_string())]).unwrap()
}

fn rules_moves(m: &Morris, r: &Rules) -> Vec<String> {
    let mut v: Vec<String> = m.moves(r).iter().map(Mv::text).collect();
    v.sort();
    v
}

#[test]
fn perft_matches_the_counts_kept() {
    common::perft::check("nine-mens-morris.perft", Speed::Quick);
}

#[test]
fn perft_from_the_start_matches_the_rules_through_the_first_mills() {
    let (game, r) = (game(true), Rules::new(true));
    let pos = game.start();
    let m = Morris::start();
    // Depth 5: White's third man may close a mill, and then removes one of Black's two.
    let counts: Vec<u64> = (1..=5).map(|d| perft(&pos, d)).collect();
    assert_eq!(counts, [24, 552, 12144, 255024, 5140800]);
    assert_eq!(counts, (1..=5).map(|d| m.perft(&r, d)).collect::<Vec<_>>());
    // Without mills it would be 24·23·22·21·20; each of the 96 orders of White's men in a mill, with any
    // of Black's 420 pairs, removes one of two men.
    assert_eq!(counts[4], 24 * 23 * 22 * 21 * 20 + 96 * 420);
}

/// Random games by the engine and by the rules side by side, each ply's moves compared; every
/// `perft_every` plies (0: never), perft to depth 3 compared too. Returns how many plies were played
/// with a flying side to move, and the endings.
fn random_games(flying: bool, games: usize, seed: u64, perft_every: u32) -> (usize, Vec<End>) {
    let (game, r) = (game(flying), Rules::new(flying));
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut flying_plies = 0;
    let mut ends = Vec::new();
    for g in 0..games {
        let mut pos = game.start();
        let mut m = Morris::start();
        loop {
            let want = rules_moves(&m, &r);
            assert_eq!(common::legal_move_texts(&pos), want, "game {g}, ply {}", pos.ply());
            if perft_every > 0 && pos.ply() % perft_every == 0 {
                assert_eq!(perft(&pos, 3), m.perft(&r, 3), "game {g}, ply {}", pos.ply());
            }
            if m.hand[m.who as usize - 1] == 0 && m.men(m.who) == 3 {
                flying_plies += 1;
            }
            let mv = *m.moves(&r).choose(&mut rng).unwrap();
            pos.play(&parse_move(&pos, &mv.text()).unwrap()).unwrap();
            let end = m.play(&r, mv);
            for (i, label) in POINTS.iter().enumerate() {
                let seat = pos.cell(game.board.find(label).unwrap()).map_or(0, |p| p.seat.0 + 1);
                assert_eq!(seat, m.cells[i], "game {g}, ply {}, {label}", pos.ply());
            }
            assert_eq!(pos.hash(), pos.hash_from_scratch());
            let Some(end) = end else {
                assert!(!pos.is_over(), "game {g}, ply {}: {:?}", pos.ply(), pos.outcome());
                continue;
            };
            let result = pos.outcome().unwrap_or_else(|| panic!("game {g}, ply {}: {end:?} but not over", pos.ply()));
            match end {
                End::TwoLeft(w) | End::Stuck(w) => {
                    assert_eq!(result.winners, [SeatId(w - 1)], "game {g}: {end:?}, {:?}", result.reason)
                }
                End::Quiet => assert_eq!((result.winners.len(), &result.reason), (0, &EndReason::QuietMoves)),
                End::Repetition => assert_eq!((result.winners.len(), &result.reason), (0, &EndReason::Repetition)),
            }
            ends.push(end);
            break;
        }
    }
    (flying_plies, ends)
}

#[test]
fn random_games_agree_with_the_rules_move_by_move() {
    let (flying_plies, ends) = random_games(true, 100, 9, 0);
    assert!(flying_plies > 100, "the games reach the flying phase: {flying_plies}");
    assert!(ends.iter().any(|e| matches!(e, End::TwoLeft(_))) && ends.contains(&End::Quiet), "{ends:?}");
}

#[test]
fn random_games_without_flying_agree_with_the_rules() {
    let (_, ends) = random_games(false, 100, 12, 0);
    assert!(ends.iter().any(|e| matches!(e, End::TwoLeft(_))), "{ends:?}");
    assert!(ends.contains(&End::Quiet) && ends.contains(&End::Repetition), "{ends:?}");
}

#[test]
fn perft_in_the_middle_of_random_games_matches_the_rules() {
    random_games(true, 12, 3, 7);
}

/// Plays move texts from the start.
fn after(game: &std::sync::Arc<qipan::core::Game>, texts: &[&str]) -> Position {
    let mut pos = game.start();
    for t in texts {
        let mv = parse_move(&pos, t).unwrap_or_else(|e| panic!("{t}: {e}"));
        pos.play(&mv).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    pos
}

#[test]
fn a_man_in_a_mill_is_removed_only_when_every_enemy_man_is_in_one() {
    let game = game(true);
    // Black's mill a7 d7 g7 removes White's b2; then White's a1 d1 g1 faces Black's mill and b6.
    let pos = after(&game, &["a1", "a7", "d1", "d7", "b2", "g7xb2", "f2", "b6"]);
    let closing: Vec<String> = common::legal_move_texts(&pos).into_iter().filter(|t| t.starts_with("g1")).collect();
    assert_eq!(closing, ["g1xb6"]);
    let from_mill = parse_move(&pos, "g1xa7").unwrap();
    let refused = pos.check(&from_mill).unwrap_err();
    assert!(matches!(refused, Illegal::Removal(_)), "{refused}");
    // Written without its removal, the only one is meant; a move that closes nothing removes nothing.
    assert_eq!(parse_move(&pos, "g1").unwrap(), parse_move(&pos, "g1xb6").unwrap());
    assert!(pos.check(&parse_move(&pos, "c3xb6").unwrap()).is_err());
    // With every Black man in a mill, any of them may go.
    let pos = after(&game, &["a1", "a7", "d1", "d7", "f2", "g7xf2"]);
    let closing: Vec<String> = common::legal_move_texts(&pos).into_iter().filter(|t| t.starts_with("g1")).collect();
    assert_eq!(closing, ["g1xa7", "g1xd7", "g1xg7"]);
    let err = parse_move(&pos, "g1").unwrap_err();
    assert_eq!(err, qipan::core::notation::NotationError::Ambiguous("g1".into()));
}

/// Whether the move text is a step along a line (or a placement).
fn along_a_line(r: &Rules, text: &str) -> bool {
    let body = text.split('x').next().unwrap();
    match body.split_once('-') {
        Some((a, b)) => r.adjacent[idx(a)].contains(&idx(b)),
        None => true,
    }
}

#[test]
fn men_fly_only_at_three_and_only_with_the_option() {
    let (flying, stepping) = (game(true), game(false));
    let r = Rules::new(true);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    let mut checked = 0;
    for _ in 0..200 {
        let (mut pos, mut texts) = (flying.start(), Vec::new());
        while !pos.is_over() {
            let seat = pos.to_move();
            let men = pos.cells().iter().flatten().filter(|p| p.seat == seat).count();
            let moving = pos.reserve(seat, flying.piece("man").unwrap()) == 0;
            let moves = common::legal_move_texts(&pos);
            if moving && men == 3 {
                // The first time a side is down to three: the same game without flying only steps.
                assert!(moves.iter().any(|t| !along_a_line(&r, t)), "{texts:?}: {moves:?}");
                let without =
                    common::legal_move_texts(&after(&stepping, &texts.iter().map(String::as_str).collect::<Vec<_>>()));
                assert!(without.iter().all(|t| along_a_line(&r, t)), "{texts:?}: {without:?}");
                checked += 1;
                break;
            }
            assert!(moves.iter().all(|t| along_a_line(&r, t)), "{men} men: {moves:?}");
            let text = moves.choose(&mut rng).unwrap().clone();
            pos.play(&parse_move(&pos, &text).unwrap()).unwrap();
            texts.push(text);
        }
    }
    assert!(checked > 20, "{checked}");
}

/// A position after the placements: White's and Black's men where the labels say, White to move.
fn moving(game: &std::sync::Arc<qipan::core::Game>, white: &[&str], black: &[&str]) -> Position {
    use qipan::core::{Piece, Setup};
    let man = game.piece("man").unwrap();
    let mut setup = Setup::empty(game);
    for (seat, labels) in [(SeatId(0), white), (SeatId(1), black)] {
        setup.reserve(seat, man, 0);
        for l in labels {
            setup.put(game.board.find(l).unwrap(), Piece { seat, piece: man });
        }
    }
    setup.into_position().unwrap()
}

#[test]
fn a_side_without_a_move_loses() {
    let game = game(true);
    // Black's a1 d1 g1 d2 are hemmed in once White's c3 steps to d3.
    let mut pos = moving(&game, &["a4", "g4", "b2", "f2", "c3"], &["a1", "d1", "g1", "d2"]);
    pos.play(&parse_move(&pos, "c3-d3").unwrap()).unwrap();
    let result = pos.outcome().expect("Black cannot move");
    assert_eq!((result.winners.as_slice(), &result.reason), (&[SeatId(0)][..], &EndReason::NoLegalMove));
}

#[test]
fn the_third_repetition_draws() {
    let game = game(true);
    let mut pos = moving(&game, &["a1", "g7", "b6", "f2"], &["g1", "a7", "d3", "e5"]);
    let shuffle = ["a1-d1", "g1-g4", "d1-a1", "g4-g1"];
    for (i, text) in shuffle.iter().cycle().take(8).enumerate() {
        assert!(!pos.is_over(), "ply {i}");
        pos.play(&parse_move(&pos, text).unwrap()).unwrap();
    }
    let result = pos.outcome().expect("the start came back twice");
    assert_eq!((result.winners.len(), &result.reason), (0, &EndReason::Repetition));
}

#[test]
fn move_text_names_the_man_removed_and_reads_back() {
    let game = game(true);
    let pos = after(&game, &["a1", "a7", "d1", "d7", "b2", "g7xb2", "f2", "b6"]);
    let mv = parse_move(&pos, "g1xb6").unwrap();
    assert_eq!(mv.take, game.board.find("b6").unwrap());
    for m in pos.legal_moves() {
        assert_eq!(parse_move(&pos, &move_text(&game, &m)).unwrap(), m);
    }
}

#[test]
fn hooks_see_the_man_removed() {
    let def = "extends: nine-mens-morris\nhooks:\n  filter_move: 'mv.take != \"b6\"'\n";
    let game = qipan::load_str("no-b6.yaml", def, &[]).unwrap();
    let pos = after(&game, &["a1", "a7", "d1", "d7", "b2", "g7xb2", "f2", "b6"]);
    assert!(pos.check(&parse_move(&pos, "g1xb6").unwrap()).is_err());
    assert!(
        !common::legal_move_texts(&pos).iter().any(|t| t.starts_with("g1")),
        "g1 must remove b6, which the hook forbids"
    );
}
