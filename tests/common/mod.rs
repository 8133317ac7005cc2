//! Helpers shared by the integration tests.

// Each test binary uses some of these helpers, never all.
#![allow(dead_code)]

use qipan::core::notation::{move_text, parse_move};
use qipan::core::{Game, Piece, Position, SeatId, Setup};
use std::collections::BTreeSet;
use std::sync::Arc;

pub mod fairy;
pub mod perft;

/// A built-in game with option overrides.
pub fn game(name: &str, opts: &[(&str, &str)]) -> Arc<Game> {
    let o: Vec<(String, String)> = opts.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    qipan::load(name, &o).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The start position of `g` cleared of every piece whose type `keep` does not name, then the given
/// (seat, piece, node) pieces, `mover` to move.
pub fn position_with(g: &Arc<Game>, keep: &[&str], pieces: &[(&str, &str, &str)], mover: &str) -> Position {
    let mut p = g.start().to_setup();
    for n in g.board.node_ids() {
        if p.piece_at(n).is_some_and(|c| !keep.contains(&g.pieces[c.piece.idx()].name.as_str())) {
            p.remove(n);
        }
    }
    for &(seat, piece, at) in pieces {
        let piece = Piece { seat: g.seat(seat).unwrap(), piece: g.piece(piece).unwrap() };
        p.put(g.board.find(at).unwrap_or_else(|| panic!("no node {at}")), piece);
    }
    p.to_move(g.seat(mover).unwrap());
    p.into_position().unwrap_or_else(|e| panic!("not a position: {e}"))
}

/// `p` changed by `edit` (a setup of it, with its history), checked.
pub fn edited(p: &Position, edit: impl FnOnce(&mut Setup)) -> Position {
    let mut setup = p.to_setup();
    edit(&mut setup);
    setup.into_position().unwrap_or_else(|e| panic!("not a position: {e}"))
}

/// Destinations of the moves of the piece on `from` (`from-to` move text).
pub fn dests(p: &Position, from: &str) -> BTreeSet<String> {
    p.legal_moves()
        .iter()
        .map(|m| move_text(p.game(), m))
        .filter_map(|t| t.strip_prefix(&format!("{from}-")).map(String::from))
        .collect()
}

/// The texts of the legal moves, sorted: what tests compare with a rules enumerator's moves.
pub fn legal_move_texts(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|m| move_text(p.game(), m)).collect();
    v.sort();
    v
}

/// A set of words.
pub fn set(s: &str) -> BTreeSet<String> {
    s.split_whitespace().map(String::from).collect()
}

/// Plays a move given as text, panicking with the reason when it is refused.
pub fn play(p: &mut Position, text: &str) {
    let mv = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play(&mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

/// A seat's index by name.
pub fn seat(p: &Position, name: &str) -> SeatId {
    p.game().seat(name).unwrap()
}

/// The number of move sequences of `depth` plies, found by playing every legal move on a copy: the
/// slow, obviously right count that `perft` must agree with.
pub fn brute_perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    p.legal_moves()
        .iter()
        .map(|m| {
            let mut c = p.clone();
            c.play(m).unwrap_or_else(|e| panic!("{}: {e}", move_text(p.game(), m)));
            brute_perft(&c, depth - 1)
        })
        .sum()
}

/// Runs `command` with `input` on its standard input and returns its output; a run that does not end within
/// `within` is killed and fails the test. Input and output move on threads, so a program that stops reading or
/// fills its output pipe cannot hang the test.
pub fn output_within(
    mut command: std::process::Command,
    input: &[u8],
    within: std::time::Duration,
) -> std::process::Output {
    use std::io::{Read, Write};
    use std::process::Stdio;
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let (mut stdin, input) = (child.stdin.take().expect("stdin"), input.to_vec());
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let read = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = read(Box::new(child.stdout.take().expect("stdout")));
    let stderr = read(Box::new(child.stderr.take().expect("stderr")));
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > within {
            let _ = child.kill();
            panic!("{command:?} still running after {within:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let _ = writer.join();
    std::process::Output { status, stdout: stdout.join().expect("stdout"), stderr: stderr.join().expect("stderr") }
}

/// The stones of the chain on `n` (over the relation `orthogonal`) and its liberties, by flood fill over
/// the board's graph: for tests that check chains without the engine's own.
pub fn chain(
    pos: &Position,
    n: qipan::core::board::NodeId,
) -> (BTreeSet<qipan::core::board::NodeId>, BTreeSet<qipan::core::board::NodeId>) {
    let game = pos.game();
    let rel = game.board.relation("orthogonal").unwrap();
    let seat = pos.cell(n).unwrap().seat;
    let (mut stones, mut libs, mut todo) = (BTreeSet::from([n]), BTreeSet::new(), vec![n]);
    while let Some(s) = todo.pop() {
        for e in game.board.edges(rel, s) {
            match pos.cell(e.to) {
                None => {
                    libs.insert(e.to);
                }
                Some(p) if p.seat == seat && stones.insert(e.to) => todo.push(e.to),
                _ => {}
            }
        }
    }
    (stones, libs)
}

/// The first move of a one-ply light playout from `pos` under `seed`, through a buffer `set` configures
/// (which playout knowledge is on).
pub fn first_playout_move(
    pos: &Position,
    seed: u64,
    set: impl FnOnce(&mut qipan::core::playout::PlayoutBuf),
) -> qipan::core::Move {
    use rand::SeedableRng;
    let mut buf = qipan::core::playout::PlayoutBuf::default();
    buf.record(true);
    set(&mut buf);
    let mut p = pos.clone();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    qipan::core::playout::playout(&mut p, &mut rng, &mut buf, 1, qipan::core::playout::Policy::Light).unwrap();
    buf.played()[0].1
}
