//! The bodies of the fuzz targets (`fuzz/`), shared with the corpus test (`tests/fuzz_corpus.rs`).
//!
//! Each function takes one fuzz input and checks that qipan neither panics nor breaks an invariant
//! on it: any panic, including a failed assertion here, is a bug. The fuzz crate calls these
//! functions from its targets, and the normal test suite runs every committed corpus file and crash
//! reproducer through them, so a finding stays fixed. Not part of the stable API.

use crate::core::notation::{move_text, parse_move};
use crate::core::{Game, Move, MoveKind, NodeId, PlayError, Position};
use crate::record::{GameRecord, yaml_quote};
use qipan_core::{ExtraId, PieceId, SeatId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The most moves a record input may hold to be replayed (longer ones are only parsed).
pub const MAX_RECORD_MOVES: usize = 300;

/// The most plies a `sequences` input plays.
pub const MAX_SEQUENCE_PLIES: usize = 120;

/// The games the targets play, as data (`fuzz/variants.txt`): `variant NAME key=value ...` lines and one
/// `sgf NAME` line.
const VARIANTS_FILE: &str = include_str!("../fuzz/variants.txt");

/// A game and its option overrides.
type Variant = (String, Vec<(String, String)>);

/// The `variant` lines of `fuzz/variants.txt`, and the game of its `sgf` line.
fn table() -> &'static (Vec<Variant>, String) {
    static TABLE: OnceLock<(Vec<Variant>, String)> = OnceLock::new();
    TABLE.get_or_init(|| {
        let (mut variants, mut sgf) = (Vec::new(), String::new());
        for line in VARIANTS_FILE.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let mut words = line.split_whitespace();
            match (words.next(), words.next()) {
                (Some("variant"), Some(name)) => {
                    let opts = words.filter_map(|w| w.split_once('=')).map(|(k, v)| (k.into(), v.into())).collect();
                    variants.push((name.to_string(), opts));
                }
                (Some("sgf"), Some(name)) => sgf = name.to_string(),
                _ => panic!("fuzz/variants.txt: cannot read `{line}`"),
            }
        }
        (variants, sgf)
    })
}

/// How many variants the targets play.
pub fn variant_count() -> usize {
    table().0.len()
}

/// Variant `i` of `fuzz/variants.txt`, loaded once per process.
pub fn variant(i: usize) -> Arc<Game> {
    static CACHE: OnceLock<Mutex<HashMap<usize, Arc<Game>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(g) = cache.lock().expect("cache").get(&i) {
        return g.clone();
    }
    let (name, opts) = &table().0[i];
    let game = crate::load(name, opts).unwrap_or_else(|e| panic!("{name} {opts:?}: {e}"));
    cache.lock().expect("cache").insert(i, game.clone());
    game
}

/// What [`Position::play`] must leave unchanged when it refuses a move.
#[derive(Debug, PartialEq)]
struct Snapshot {
    hash: u64,
    to_move: SeatId,
    ply: u32,
    passes: u32,
    over: bool,
    cells: Vec<Option<crate::core::Piece>>,
    captures: Vec<u32>,
    counters: Vec<i64>,
    last: Option<Move>,
}

fn snapshot(p: &Position) -> Snapshot {
    Snapshot {
        hash: p.hash(),
        to_move: p.to_move(),
        ply: p.ply(),
        passes: p.passes(),
        over: p.is_over(),
        cells: p.cells().to_vec(),
        captures: p.captures().to_vec(),
        counters: p.counters().to_vec(),
        last: p.last_move(),
    }
}

/// A small deterministic generator fed from the input, so a run is reproducible from the input alone.
struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn next(&mut self) -> Option<u8> {
        let b = self.data.get(self.at).copied();
        self.at += 1;
        b
    }

    fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes([self.next()?, self.next()?]))
    }
}

/// FNV-1a, to pick moves from text inputs deterministically.
fn fnv(data: &[u8]) -> u64 {
    data.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
}

/// Plays at most `plies` legal moves chosen from `seed`; stops at the first hook error. For
/// definitions that compiled: nothing may panic or hang.
fn play_a_little(game: &Arc<Game>, mut seed: u64, plies: usize) {
    let mut pos = game.start();
    for _ in 0..plies {
        if pos.is_over() {
            break;
        }
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[(seed % legal.len() as u64) as usize];
        seed = seed.rotate_left(13).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x5555;
        let _ = move_text(game, &mv);
        if pos.play(&mv).is_err() {
            break;
        }
        let _ = pos.hash_from_scratch();
    }
}

/// `definition`: arbitrary text as a whole definition (YAML, the movement language, hooks). If it
/// compiles, a few legal moves are played (hooks have operation limits, so nothing may hang).
pub fn definition(text: &str) {
    if let Ok(game) = crate::load_str("fuzz.yaml", text, &[]) {
        play_a_little(&game, fnv(text.as_bytes()), 6);
    }
}

/// The small definition the `language` target inserts text into: `{RULE}` is a piece's movement rule.
pub const LANGUAGE_TEMPLATE: &str = "name: t
options:
  variant: { type: choice, default: short, values: [short, long] }
  reach: { type: int, default: 2 }
board:
  grid: { width: 5, height: 5, labels: chess, diagonal: true, kind: cell }
seats:
  - { name: white, forward: [n] }
  - { name: black, forward: [s] }
pieces:
  block: {}
  p:
    moves:
      - {RULE}
      - step orthogonal to empty
setup:
  - { seat: white, piece: p, at: [c3, a1] }
  - { seat: black, piece: p, at: [c4, e5] }
  - { seat: white, piece: block, at: [b2] }
  - { seat: black, piece: block, at: [d4] }
";

/// The definitions the `language` target builds from `text`: as a movement rule, as a movement
/// rule's condition, and as the option expression that switches a rule on.
pub fn language_definitions(text: &str) -> [String; 3] {
    let rule = |r: String| LANGUAGE_TEMPLATE.replace("{RULE}", &r);
    [
        rule(yaml_quote(text)),
        rule(yaml_quote(&format!("step orthogonal to empty if {text}"))),
        rule(format!("{{ move: {}, if: {} }}", yaml_quote("slide diagonal to empty or enemy"), yaml_quote(text))),
    ]
}

/// `language`: arbitrary text in the movement and condition language, inside a fixed definition.
pub fn language(text: &str) {
    for (i, def) in language_definitions(text).iter().enumerate() {
        if let Ok(game) = crate::load_str("fuzz.yaml", def, &[]) {
            play_a_little(&game, fnv(text.as_bytes()) ^ i as u64, 4);
        }
    }
}

/// `sgf`: bytes as an SGF file: parsed, and replayed on the game of `fuzz/variants.txt`'s `sgf` line.
pub fn sgf(bytes: &[u8]) {
    let Ok(sgf) = crate::sgf::parse_sgf_bytes(bytes) else { return };
    let _ = sgf.to_sgf();
    if sgf.main_line_moves().count() > MAX_RECORD_MOVES {
        return;
    }
    let _ = crate::record::replay_sgf(&table().1, &[], bytes);
}

/// `record`: text as a qipan game record: parsed, written back, and replayed (built-in games only,
/// at most [`MAX_RECORD_MOVES`] moves).
pub fn record(text: &str) {
    let Ok(rec) = GameRecord::parse(text) else { return };
    let again = GameRecord::parse(&rec.to_text()).expect("a written record reads back");
    assert_eq!(
        (&again.game, &again.options, &again.moves, &again.result),
        (&rec.game, &rec.options, &rec.moves, &rec.result)
    );
    // Paths would read files: only built-in games are replayed.
    if crate::games::builtin(&rec.game).is_none() || rec.moves.len() > MAX_RECORD_MOVES {
        return;
    }
    if let Ok(r) = rec.replay() {
        assert_eq!(r.position.ply() as usize, r.moves.len());
        assert_eq!(r.position.hash(), r.position.hash_from_scratch());
    }
}

/// Checks one parsed move on `pos`: accepted by both `check` and `play`, or refused by both for
/// the same reason with the position unchanged. An accepted move is one of the legal moves.
pub fn check_candidate(pos: &Position, mv: &Move) {
    let game = pos.game();
    let legal = pos.legal_moves();
    let mut after = pos.clone();
    match pos.check(mv) {
        Ok(()) => {
            assert!(legal.contains(mv), "{} is accepted by check but not a legal move: {mv:?}", move_text(game, mv));
            after.play(mv).unwrap_or_else(|e| panic!("{} passes check, play refuses it: {e}", move_text(game, mv)));
            assert_eq!(after.hash(), after.hash_from_scratch());
        }
        Err(reason) => {
            assert!(!reason.to_string().trim().is_empty(), "a refusal without a reason: {reason:?}");
            assert!(!legal.contains(mv), "legal move {} refused by check: {reason}", move_text(game, mv));
            match after.play(mv) {
                Err(PlayError::Illegal(r)) => assert_eq!(r, reason, "check and play give different reasons"),
                other => panic!("check refuses {mv:?} ({reason}), play gives {other:?}"),
            }
            assert_eq!(snapshot(&after), snapshot(pos), "a refused play changed the position");
        }
    }
}

/// Positions of every variant the `move_text` target reads text in: the start, and after a few moves.
fn move_text_positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let mut out = Vec::new();
        for i in 0..variant_count() {
            let start = variant(i).start();
            let mut p = start.clone();
            for k in 0..6usize {
                let legal = p.legal_moves();
                if p.is_over() || legal.is_empty() {
                    break;
                }
                let mv = legal[(k * 7919 + 3) % legal.len()];
                p.play(&mv).expect("a legal move plays");
            }
            out.push(start);
            out.push(p);
        }
        out
    })
}

/// `move_text`: arbitrary text read as a move in positions of every shipped game; a move read must
/// be accepted, or refused with a reason and the position left as it was.
pub fn move_text_input(text: &str) {
    if text.len() > 256 {
        return;
    }
    for pos in move_text_positions() {
        if let Ok(mv) = parse_move(pos, text) {
            check_candidate(pos, &mv);
        }
    }
}

/// A pseudo-move from input bytes: any kind, nodes on the board or not, any piece and extra.
fn pseudo_move(pos: &Position, b: &mut Bytes) -> Option<Move> {
    let g = pos.game();
    let n = g.board.len() as u16;
    let kind = match b.next()? % 6 {
        0 => MoveKind::Pass,
        1 => MoveKind::Place,
        2 => MoveKind::Drop,
        3 => MoveKind::Move,
        4 => MoveKind::Swap,
        _ => MoveKind::Shoot,
    };
    let node = |b: &mut Bytes| -> Option<NodeId> {
        let x = b.u16()?;
        Some(match x >> 14 {
            0 => NodeId::NONE,
            1 => NodeId(x),
            _ => NodeId(x % n.max(1)),
        })
    };
    let (from, to, take, by) = (node(b)?, node(b)?, node(b)?, node(b)?);
    // Indices one past the game's (and `None` for the optional ones) are tried as well.
    let index = |b: &mut Bytes, n: usize| b.next().map(|x| x as usize % (n + 1));
    let optional = |i: usize| i.checked_sub(1);
    let piece = PieceId::from_index(index(b, g.pieces.len())?).unwrap_or(PieceId::new(PieceId::MAX));
    let extra = optional(index(b, g.extras.len() + 1)?).and_then(ExtraId::from_index);
    let (with_from, with_to) = (node(b)?, node(b)?);
    let promote = optional(index(b, g.pieces.len() + 1)?).and_then(PieceId::from_index);
    let passable = b.next()? & 1 == 1;
    let then_place = optional(index(b, g.pieces.len() + 1)?).and_then(PieceId::from_index);
    let stack = qipan_core::Stack::new(b.next()? % 4, b.next()? & 1 == 1);
    let mut path = qipan_core::Path::NONE;
    let legs = b.next()? % 4;
    if legs > 0 {
        path = qipan_core::Path::start(qipan_core::board::RelationId(b.next()? % 4), b.next()? & 1 == 1);
        for _ in 0..legs {
            path = path.push(qipan_core::board::DirectionId(b.next()? % 9)).unwrap_or(path);
        }
    }
    Some(Move {
        kind,
        from,
        to,
        take,
        piece,
        by,
        extra,
        promote,
        with_from,
        with_to,
        passable,
        then_place,
        path,
        capture_rule: None,
        stack,
    })
}

/// `sequences`: the first byte picks a variant of a shipped game, each next byte a legal move (or,
/// for bytes ≥ 0xf0, a pseudo-move built from the following bytes). Every legal move must pass
/// `check`, play, keep the incremental hash equal to the hash from scratch and round-trip through
/// its text; a pseudo-move must be accepted exactly when it is legal, and a refused one must leave
/// the position unchanged.
pub fn sequences(data: &[u8]) {
    let mut b = Bytes { data, at: 0 };
    let Some(first) = b.next() else { return };
    let game = variant(first as usize % variant_count());
    let mut pos = game.start();
    let mut plies = 0;
    while let Some(x) = b.next() {
        if plies >= MAX_SEQUENCE_PLIES || pos.is_over() {
            break;
        }
        if x >= 0xf0 {
            let Some(mv) = pseudo_move(&pos, &mut b) else { break };
            check_candidate(&pos, &mv);
            continue;
        }
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        if x == 0 {
            // Now and then, every legal move.
            for mv in &legal {
                assert_eq!(pos.check(mv), Ok(()), "legal move {} refused", move_text(&game, mv));
            }
        }
        let mv = legal[x as usize % legal.len()];
        let text = move_text(&game, &mv);
        let parsed = parse_move(&pos, &text).unwrap_or_else(|e| panic!("`{text}` does not read back: {e}"));
        assert_eq!(parsed, mv, "`{text}` reads back as another move");
        if let Err(e) = pos.check(&mv) {
            panic!("legal move {text} refused: {e}");
        }
        pos.play(&mv).unwrap_or_else(|e| panic!("legal move {text} does not play: {e}"));
        assert_eq!(pos.hash(), pos.hash_from_scratch(), "incremental hash differs after {text}");
        plies += 1;
    }
}

/// The most lines a `play` input types.
pub const MAX_PLAY_LINES: usize = 200;

/// `play`: a session of `qipan play` typed by the fuzzer. The first byte picks a variant of a shipped game, the
/// second which seats the computer plays (random moves, never every seat); the rest is the input, line by line.
/// Files named by `save`, `load` and `svg` are replaced by a few files of one scratch folder (one of them in a
/// folder that does not exist), so the fuzzer writes nothing else. No line may end the session with an error, the
/// output may hold no control character from the input, and the moves taken replay to the position reached.
pub fn play(data: &[u8]) {
    use crate::session::Session;
    let (Some(&first), Some(&seats)) = (data.first(), data.get(1)) else { return };
    let game = variant(first as usize % variant_count());
    let n = game.seats.len();
    let agents: Vec<Option<crate::core::ai::AgentSpec>> = (0..n)
        .map(|s| (seats >> (s % 8) & 1 == 1 && s + 1 < n).then_some(crate::core::ai::AgentSpec::Random))
        .collect();
    let scratch = std::env::temp_dir().join(format!("qipan-fuzz-play-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&scratch);
    let mut input = Vec::new();
    for line in data[2..].split(|&b| b == b'\n').take(MAX_PLAY_LINES) {
        let word = line.split(|b| b.is_ascii_whitespace()).next().unwrap_or_default();
        if matches!(word, b"save" | b"load" | b"svg") {
            let files = ["game.yaml", "game.sgf", "board.svg", "missing/game.yaml"];
            let file = files[line.len() % files.len()];
            input.extend_from_slice(word);
            input.push(b' ');
            input.extend_from_slice(scratch.join(file).display().to_string().as_bytes());
        } else {
            input.extend_from_slice(line);
        }
        input.push(b'\n');
    }
    let mut session = Session::new(&game.name, game.start(), &agents, u64::from(seats));
    let mut out = Vec::new();
    session.run(&mut input.as_slice(), &mut out).unwrap_or_else(|e| panic!("the session ended with an error: {e}"));
    let out = String::from_utf8(out).expect("the output is UTF-8");
    if let Some(c) = out.chars().find(|c| c.is_control() && !matches!(c, '\n' | '\t')) {
        panic!("a control character {c:?} reached the terminal");
    }
    let mut replayed = game.start();
    for (_, mv) in session.history() {
        match mv {
            Some(mv) => replayed.play(mv).expect("a move of the session replays"),
            None => replayed.resign().expect("a resignation of the session replays"),
        }
    }
    assert_eq!(replayed.hash(), session.position().hash(), "the history does not replay to the position");
}

/// The most lines a `gtp` input sends.
pub const MAX_GTP_LINES: usize = 100;

/// `gtp`: a GTP session over the fuzzer's bytes, on 9×9 Go. The bytes before the first zero byte are the SGF file
/// that every `loadsgf` reads (its file name is replaced by that of one scratch file, so the fuzzer reads no other
/// file); the rest is sent line by line, each through [`GtpEngine::serve`](crate::gtp::GtpEngine::serve), and a line
/// starting with byte 1 stands for a line one byte longer than [`MAX_LINE_BYTES`](crate::input::MAX_LINE_BYTES).
/// Every command line gets exactly one well-formed response (`=` or `?`, the command's id, text without an empty
/// line, an empty line), an empty or comment line none, and a line too long or not UTF-8 a `?`.
pub fn gtp(data: &[u8]) {
    let (sgf, commands) = match data.iter().position(|&b| b == 0) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (&data[..0], data),
    };
    let file = std::env::temp_dir().join(format!("qipan-fuzz-gtp-{}.sgf", std::process::id()));
    std::fs::write(&file, sgf).expect("the scratch SGF file is written");
    let mut engine = crate::gtp::GtpEngine::new("go", &[("size".into(), "9".into())], fnv(data)).expect("9x9 Go");
    let mut long_line_sent = false;
    for line in commands.split(|&b| b == b'\n').take(MAX_GTP_LINES) {
        let mut line = line.to_vec();
        if line.first() == Some(&1) && !long_line_sent {
            long_line_sent = true;
            line = vec![b'x'; crate::input::MAX_LINE_BYTES + 1];
        }
        // What the engine reads of a line (GTP 2, 2.4): the words before a comment, tabs as spaces, without other
        // control characters.
        let words: Option<Vec<String>> = std::str::from_utf8(&line).ok().map(|text| {
            let spaced = text.split('#').next().unwrap_or("").chars().map(|c| if c == '\t' { ' ' } else { c });
            let clean: String = spaced.filter(|c| !c.is_control()).collect();
            clean.split_whitespace().map(str::to_string).collect()
        });
        let (id, command) = match words.as_deref() {
            Some([id, rest @ ..]) if id.chars().all(|c| c.is_ascii_digit()) => (id.clone(), rest.first().cloned()),
            Some([first, ..]) => (String::new(), Some(first.clone())),
            Some([]) => (String::new(), None),
            None => (String::new(), Some(String::new())),
        };
        if command.as_deref() == Some("loadsgf") && line.len() <= crate::input::MAX_LINE_BYTES {
            let after: Vec<String> = words.iter().flatten().skip_while(|w| *w != "loadsgf").skip(2).cloned().collect();
            line = format!("{id} loadsgf {} {}", file.display(), after.join(" ")).into_bytes();
        }
        line.push(b'\n');
        let mut out = Vec::new();
        engine.serve(line.as_slice(), &mut out).expect("writing to memory does not fail");
        let out = String::from_utf8(out).expect("responses are UTF-8");
        let Some(command) = command else {
            assert!(out.is_empty(), "a line without a command got a response: {out:?}");
            continue;
        };
        let body = out.strip_suffix("\n\n").unwrap_or_else(|| panic!("a response ends with an empty line: {out:?}"));
        assert!(!body.contains("\n\n"), "one response, without an empty line inside: {out:?}");
        let status = body.strip_prefix('=').or_else(|| body.strip_prefix('?'));
        let rest = status.unwrap_or_else(|| panic!("a response starts with = or ?: {out:?}"));
        assert!(rest.starts_with(&id), "the response carries the command's id {id}: {out:?}");
        if command == "quit" && out.starts_with('=') {
            break;
        }
    }
    let _ = std::fs::remove_file(&file);
}
