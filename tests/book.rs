//! The book's examples are real: every `book/src/examples/*.yaml` compiles and plays, the
//! tutorial's claims hold, and every `{{#include ...}}` of the book points at a file.

use qipan::core::notation::{move_text, parse_move};
use qipan::core::{Game, Position, SeatId};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn book() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("book")
}

/// Options an example needs because it declares them without a default (on purpose).
const REQUIRED: &[(&str, &[(&str, &str)])] = &[("field-go.yaml", &[("komi_points", "7.5")])];

fn examples() -> Vec<PathBuf> {
    let dir = book().join("src/examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    files
}

fn file_name(path: &Path) -> String {
    path.file_name().expect("file name").to_string_lossy().into_owned()
}

fn load_with(path: &Path, overrides: &[(&str, &str)]) -> Arc<Game> {
    let text = std::fs::read_to_string(path).expect("readable example");
    let overrides: Vec<(String, String)> = overrides.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    qipan::load_str(&path.display().to_string(), &text, &overrides)
        .unwrap_or_else(|d| panic!("{} does not compile:\n{d}", path.display()))
}

fn load(path: &Path) -> Arc<Game> {
    let name = file_name(path);
    let overrides = REQUIRED.iter().find(|(f, _)| *f == name).map(|(_, o)| *o).unwrap_or(&[]);
    load_with(path, overrides)
}

fn example(name: &str) -> PathBuf {
    book().join("src/examples").join(name)
}

/// A small deterministic generator, so failures reproduce.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Plays up to `plies` random legal moves; every move's text must read back as the same move.
fn random_moves(game: &Arc<Game>, plies: usize, seed: u64) -> Position {
    let mut pos = game.start();
    let mut rng = Lcg(seed);
    for _ in 0..plies {
        if pos.is_over() {
            break;
        }
        let moves = pos.legal_moves();
        assert!(!moves.is_empty(), "{}: no legal move at ply {} of a running game", game.name, pos.ply());
        let mv = moves[rng.below(moves.len())];
        let text = move_text(game, &mv);
        assert_eq!(parse_move(&pos, &text).expect("move text reads back"), mv, "{}: `{text}`", game.name);
        pos.play(&mv).unwrap_or_else(|e| panic!("{}: legal move `{text}` refused: {e}", game.name));
    }
    pos
}

fn play(pos: &mut Position, moves: &[&str]) {
    for text in moves {
        let mv = parse_move(pos, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
        pos.play(&mv).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    }
}

fn legal_texts(pos: &Position) -> Vec<String> {
    pos.legal_moves().iter().map(|m| move_text(pos.game(), m)).collect()
}

#[test]
fn every_example_compiles_and_plays() {
    let files = examples();
    assert!(files.len() >= 6, "expected the tutorial's six files at least, found {files:?}");
    for path in &files {
        let game = load(path);
        let plies = if file_name(path).starts_with("tutorial-") { 40 } else { 12 };
        for seed in 1..=3 {
            random_moves(&game, plies, seed);
        }
    }
}

#[test]
fn tutorial_has_seven_steps() {
    for n in 1..=6 {
        assert!(example(&format!("tutorial-{n}.yaml")).exists(), "tutorial-{n}.yaml is missing");
    }
}

#[test]
fn tutorial_step_1_places_on_every_point() {
    let game = load(&example("tutorial-1.yaml"));
    let pos = game.start();
    assert_eq!(game.board.len(), 25);
    assert_eq!(pos.legal_moves().len(), 25);
    assert!(legal_texts(&pos).contains(&"c3".to_string()));
}

#[test]
fn tutorial_step_2_raiders_step() {
    let game = load(&example("tutorial-2.yaml"));
    let pos = game.start();
    let texts = legal_texts(&pos);
    // 23 empty points and three steps of the raider on c1.
    assert_eq!(texts.len(), 23 + 3);
    for m in ["c1-b1", "c1-d1", "c1-c2"] {
        assert!(texts.contains(&m.to_string()), "{m} missing from {texts:?}");
    }
}

#[test]
fn tutorial_step_3_captures() {
    let game = load(&example("tutorial-3.yaml"));
    let mut pos = game.start();
    play(&mut pos, &["c2", "b5", "a1", "c4"]);
    assert!(legal_texts(&pos).contains(&"c1xc4".to_string()), "the shot over c2 is missing");
    play(&mut pos, &["c1xc4"]);
    let c4 = game.board.find("c4").expect("c4");
    let c1 = game.board.find("c1").expect("c1");
    assert!(pos.cell(c4).is_none(), "the shot removes the target");
    assert!(pos.cell(c1).is_some(), "the shooter stays");
    assert_eq!(pos.captures()[0], 1);
    // At most 6 stones: a side with six cannot place a seventh.
    let mut pos = game.start();
    play(&mut pos, &["a1", "a5", "b1", "b5", "d1", "d5", "e1", "e5", "a2", "b4", "b2", "d4"]);
    assert!(legal_texts(&pos).iter().all(|m| m.contains('-') || m.contains('x')), "red placed a 7th stone");
}

#[test]
fn tutorial_step_4_capturing_the_raider_wins() {
    let game = load(&example("tutorial-4.yaml"));
    let mut pos = game.start();
    play(&mut pos, &["c1-c2", "c5-c4", "c2-c3", "c4-c3"]);
    let r = pos.outcome().expect("the game is over");
    assert_eq!(r.text, "B+");
    assert_eq!(r.winners, vec![SeatId(1)]);
    assert_eq!(game.rules.end.max_plies, Some(60));
}

#[test]
fn tutorial_step_5_options() {
    let path = example("tutorial-5.yaml");
    let plain = load(&path);
    assert_eq!(plain.rules.end.max_plies, Some(50), "limit 0 means two plies per node");
    let diagonal = load_with(&path, &[("diagonal", "true"), ("limit", "30")]);
    assert_eq!(diagonal.rules.end.max_plies, Some(30));
    let (a, b) = (plain.start().legal_moves().len(), diagonal.start().legal_moves().len());
    assert_eq!(b, a + 2, "diagonal raiders gain b2 and d2");
    let text = std::fs::read_to_string(&path).expect("readable");
    let err = qipan::load_str("tutorial-5.yaml", &text, &[("stones".into(), "20".into())]).expect_err("out of range");
    assert!(err.to_string().contains("outside 1..12"), "{err}");
    let mut one = load_with(&path, &[("stones", "1")]).start();
    play(&mut one, &["a1", "a5"]);
    assert!(legal_texts(&one).iter().all(|m| m.contains('-') || m.contains('x')), "stones=1 allows a 2nd stone");
}

#[test]
fn field_go_needs_its_komi() {
    let path = example("field-go.yaml");
    let text = std::fs::read_to_string(&path).expect("readable");
    let err = qipan::load_str("field-go.yaml", &text, &[]).expect_err("komi_points has no default");
    assert!(err.to_string().contains("must be set"), "{err}");
    assert_eq!(load(&path).board.len(), 81 - 15);
}

#[test]
fn seven_kingdoms_sketch_setup() {
    let game = load(&example("seven-kingdoms.yaml"));
    assert_eq!(game.seats.len(), 7);
    assert_eq!(game.setup.len(), 7 * 17 + 1);
    let texts = legal_texts(&game.start());
    // Qin's knights: one orthogonal step, then three diagonal steps outward.
    for m in ["A7-D3", "A7-E4", "B8-E4", "B12-E16", "A13-E16", "A13-D17"] {
        assert!(texts.contains(&m.to_string()), "{m} missing");
    }
}

/// The hooks chapter's example: the filter's reason, the counter, the far-row win.
#[test]
fn hooks_chapter_example() {
    let game = load(&example("hooks.yaml"));
    let mut pos = game.start();
    let c3 = parse_move(&pos, "c3").expect("c3");
    let err = pos.play(&c3).expect_err("the centre is kept free");
    assert!(err.to_string().contains("the centre point is kept free"), "{err}");
    play(&mut pos, &["c2", "b5", "a1", "c4", "c1xc4"]);
    assert_eq!(pos.counters().first().copied(), Some(1), "one shot counted");
    let mut pos = game.start();
    play(&mut pos, &["c1-b1", "e5", "b1-b2", "e4", "b2-b3", "d5", "b3-b4", "e3", "b4-b5"]);
    let r = pos.outcome().expect("the raider reached the far row");
    assert_eq!((r.text.as_str(), r.winners.as_slice()), ("R+", &[SeatId(0)][..]));
}

/// The language reference's dominoes around a pond: `place covering orthogonal.(n|e) to empty and not
/// zone(pond)` lays each of the 60 pairs of neighbouring cells of 6×6 once, less the 12 that touch the pond
/// with either half.
#[test]
fn dominoes_keep_off_the_pond_with_both_halves() {
    let game = load(&example("dominoes.yaml"));
    let mut pos = game.start();
    assert_eq!(pos.legal_moves().len(), 48);
    let refused = |pos: &Position, text: &str| pos.check(&parse_move(pos, text).expect("readable"));
    assert!(refused(&pos, "c2+c3").is_err(), "the upper half on the pond");
    assert!(refused(&pos, "b4+c4").is_err(), "the right half on the pond");
    assert_eq!(refused(&pos, "c5+c6"), Ok(()));
    play(&mut pos, &["c2+d2", "e1+e2"]);
    assert_eq!(pos.cells().iter().flatten().count(), 4);
}

/// The language reference's Hasami Shogi: `custodial orthogonal 1..` takes every line of enemies closed by the
/// piece that moved and a friend, and never the piece that moves between two enemies.
#[test]
fn hasami_shogi_sandwiches_lines_of_enemies() {
    let game = load(&example("captures.yaml"));
    let mut pos = game.start();
    let at = |l: &str| game.board.find(l).expect("node");
    play(&mut pos, &["e1-e5", "f9-f5", "g1-g5"]);
    assert_eq!(pos.cell(at("f5")), None, "f5 taken between e5 and g5");
    assert_eq!(pos.captures(), &[1, 0]);
    // Two white pieces in a row on rank 7, closed by Black on both ends.
    play(&mut pos, &["c9-c7", "b1-b7", "d9-d7", "h1-h7", "a9-a8", "e5-e7"]);
    assert_eq!(pos.cell(at("c7")), None);
    assert_eq!(pos.cell(at("d7")), None);
    assert_eq!(pos.captures(), &[3, 0]);
    // Moving between two enemies is safe.
    play(&mut pos, &["h9-h8", "g5-g8"]);
    assert!(pos.cell(at("g8")).is_some());
}

/// The language reference's draughts on 6×6 with maximum capture: of two chains, only the one that takes
/// more may be played; with `capture_priority: compulsory` either.
#[test]
fn draughts_take_the_most_pieces() {
    let game = load(&example("draughts-6.yaml"));
    let mut setup = game.start().to_setup();
    setup.clear_board();
    let man = game.piece("man").unwrap();
    for (seat, at) in [(0, "a1"), (0, "f2"), (1, "b2"), (1, "b4"), (1, "e3")] {
        setup.put(game.board.find(at).unwrap(), qipan::core::Piece { seat: SeatId(seat), piece: man });
    }
    let pos = setup.into_position().expect("a position");
    assert_eq!(legal_texts(&pos), ["a1xc3xa5"]);
    assert!(pos.check(&parse_move(&pos, "f2xd4").unwrap()).is_err());
    let text = std::fs::read_to_string(example("draughts-6.yaml")).unwrap().replace("maximum", "compulsory");
    let compulsory = qipan::load_str("draughts-6.yaml", &text, &[]).unwrap();
    let mut setup = compulsory.start().to_setup();
    setup.clear_board();
    for (seat, at) in [(0, "a1"), (0, "f2"), (1, "b2"), (1, "b4"), (1, "e3")] {
        setup.put(compulsory.board.find(at).unwrap(), qipan::core::Piece { seat: SeatId(seat), piece: man });
    }
    assert_eq!(legal_texts(&setup.into_position().unwrap()), ["a1xc3xa5", "f2xd4"]);
}

/// The Go chapter's replay: a ko retaken at once is refused at move 10.
#[test]
fn go_chapter_replay() {
    let sgf = std::fs::read(example("ko.sgf")).expect("ko.sgf");
    let report = qipan::record::replay_sgf("go", &[], &sgf).expect("replays");
    assert_eq!(report.moves, 9);
    assert_eq!(report.komi, Some(0.5));
    assert_eq!(report.result, "B+2.5");
    let (n, rule) = report.illegal.expect("move 10 is refused");
    assert_eq!(n, 10);
    assert!(rule.contains("positional superko"), "{rule}");
    let simple = qipan::record::replay_sgf("go", &[("ko".into(), "simple".into())], &sgf).expect("replays");
    assert!(simple.illegal.expect("refused").1.contains("ko: the stone just captured"));
}

/// The book's pictures are what `qipan show` draws today (regenerate them all with `QIPAN_BLESS_PICTURES=1 cargo test
/// --test book pictures`, then look at each).
#[test]
fn pictures_are_current() {
    /// File under book/src, game (a built-in name or a path under book/src), options, moves played, node whose
    /// targets are marked.
    type Picture =
        (&'static str, &'static str, &'static [(&'static str, &'static str)], &'static str, Option<&'static str>);
    let pictures: &[Picture] = &[
        ("games/go.svg", "go", &[("size", "9")], "E5 C3 G7 C7 G3", None),
        ("games/field-go.svg", "field-go", &[("komi", "3.5")], "", None),
        ("games/leader-cannon.svg", "leader-cannon", &[], "leader@b2 leader@c4 commoner@a1", None),
        ("games/seven-kingdoms.svg", "seven-kingdoms", &[], "", None),
        ("games/he-qi.svg", "he-qi", &[], "", None),
        ("games/he-qi-walk.svg", "he-qi", &[("players", "2")], "r1s6-r1s7 r1s21-r1s20", Some("r3s7")),
        (
            "games/he-qi-absorb.svg",
            "he-qi",
            &[("players", "3")],
            "r3s11-r5s23 r4s28-r4s25 r2s41-r3s39 r5s23-r5s29",
            None,
        ),
        ("games/chess.svg", "chess", &[], "e2-e4 e7-e5 g1-f3", None),
        ("games/chess960.svg", "chess960", &[("start", "405")], "f1-e3 f8-e6 g1-h1", None),
        ("games/xiangqi.svg", "xiangqi", &[], "h3-e3 h10-g8", None),
        ("games/tic-tac-toe.svg", "tic-tac-toe", &[], "b2 a1 a3 b1 c1", None),
        ("games/connect-four.svg", "connect-four", &[], "d1 d2 c1 e1 b1", None),
        ("games/gomoku.svg", "gomoku", &[], "H8 J9 J8 G8 H9 H10", None),
        ("games/breakthrough.svg", "breakthrough", &[], "d2-d3 e7-e6 d3-d4 e6-e5", None),
        ("games/hex.svg", "hex", &[("size", "7")], "d4 c5 e3 e4 d3 c4", None),
        ("games/domineering.svg", "domineering", &[], "d4+d5 c3+d3 e2+e3 e6+f6", None),
        ("games/cram.svg", "cram", &[], "c3+d3 d4+c4 a1+a2 f6+f5", None),
        ("games/order-and-chaos.svg", "order-and-chaos", &[], "X@c3 O@d4 X@d3 O@c4 X@e3 O@b3", None),
        ("games/othello.svg", "othello", &[], "d3 c5 f6 f5 e6 e3", None),
        ("games/hnefatafl.svg", "hnefatafl", &[], "d1-d4 e5-c5 h11-h8", None),
        ("games/english-draughts.svg", "english-draughts", &[], "c3-d4 f6-e5 d4xf6 g7xe5 b2-c3", None),
        ("games/amazons.svg", "amazons", &[], "d1-d7/g7 j7-f3/c6 g1-g6/i8", None),
        ("games/nine-mens-morris.svg", "nine-mens-morris", &[], "a1 a7 d1 d7 b2 g7xb2 f2 b6 g1xb6", None),
        ("games/janggi.svg", "janggi", &[], "c4-d4 c7-d7 b1-c3 b10-c8 e2-f3", None),
        ("games/crazyhouse.svg", "crazyhouse", &[], "e2-e4 d7-d5 e4-d5 d8-d5 b1-c3 d5-a5 P@d5", None),
        ("games/shogi.svg", "shogi", &[], "c3-c4 g7-g6 b2-h8=horse g9-h8 B@e5", None),
        ("games/makruk.svg", "makruk", &[], "c3-c4 f6-f5 b1-d2", None),
        ("games/kalah.svg", "kalah", &[], "c1 b1 a2", None),
        ("games/oware.svg", "oware", &[], "c1 b2", None),
        ("games/lasca.svg", "lasca", &[], "c3-d4 e5xc3 b2xd4 f6-e5 d4xf6 g7xe5", None),
        ("games/hawalis.svg", "hawalis", &[], "a1 a3 b1 b4", None),
        ("games/hus.svg", "hus", &[], "a1 a3 g1 b3", None),
        ("boards/four-rows.svg", "examples/four-rows.yaml", &[], "f1 a3", None),
        ("games/focus.svg", "focus", &[], "d6-d7 c6-c7 d7-d5 e7-e6 d5-d2 e6-e4", None),
        ("boards/board-3d.svg", "examples/board-3d.yaml", &[], "", None),
        ("boards/board-explicit.svg", "examples/board-explicit.yaml", &[], "", None),
        ("boards/box.svg", "field-go", &[("komi", "3.5"), ("board", "box")], "", None),
        ("boards/hex-rhombus.svg", "examples/board-hex.yaml", &[], "f6 e7 g5 d8 h4", None),
        ("boards/hex-hexagon.svg", "examples/board-hexagon.yaml", &[], "e5 d4 f6 c3 d6", None),
        ("boards/alquerque.svg", "examples/alquerque.yaml", &[("men", "false")], "", None),
        ("boards/morris-nine.svg", "examples/morris.yaml", &[], "a1 d2 d1 b4 g1", None),
        ("boards/morris-twelve.svg", "examples/morris.yaml", &[("board", "twelve")], "", None),
        ("boards/shisima.svg", "examples/morris.yaml", &[("board", "shisima")], "", None),
        ("boards/dablot.svg", "examples/dablot.yaml", &[], "a1 m11 b2 l10 c1", None),
        ("boards/triangle.svg", "examples/triangle.yaml", &[], "c2 d2 b3 c4 b2 d3", None),
        ("reference/render.svg", "examples/render.yaml", &[], "c2-c3 c5-c4", Some("c3")),
    ];
    for &(file, name, opts, moves, mark) in pictures {
        let o: Vec<(String, String)> = opts.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let path = book().join("src").join(name);
        let game =
            if name.ends_with(".yaml") { qipan::load(&path.display().to_string(), &o) } else { qipan::load(name, &o) }
                .unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut pos = game.start();
        play(&mut pos, &moves.split_whitespace().collect::<Vec<_>>());
        let mut marks = qipan::core::render::Marks::last_move(&pos);
        if let Some(m) = mark {
            marks = marks.with_targets(&pos, game.board.find(m).expect("node"));
        }
        let want = qipan::core::render::svg_marked(&pos, &marks);
        let at = book().join("src").join(file);
        if std::env::var_os("QIPAN_BLESS_PICTURES").is_some() {
            std::fs::write(&at, &want).expect("picture written");
        }
        let have = std::fs::read_to_string(&at).expect("picture");
        assert!(
            have == want,
            "book/src/{file} is stale: regenerate it with QIPAN_BLESS_PICTURES=1 cargo test --test book"
        );
    }
}

/// Every `{{#include path}}` in the book names an existing file (and an anchor or lines it has), and
/// SUMMARY.md's links exist.
#[test]
fn includes_and_links_resolve() {
    let src = book().join("src");
    let mut pages = vec![src.clone()];
    let mut md = Vec::new();
    while let Some(dir) = pages.pop() {
        for e in std::fs::read_dir(&dir).expect("book/src") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                pages.push(p);
            } else if p.extension().is_some_and(|x| x == "md") {
                md.push(p);
            }
        }
    }
    assert!(md.len() >= 10, "book pages: {md:?}");
    for page in &md {
        let text = std::fs::read_to_string(page).expect("page");
        for part in text.split("{{#include ").skip(1) {
            let target = part.split("}}").next().expect("include").trim();
            let (target, part) = target.split_once(':').unwrap_or((target, ""));
            let file = page.parent().expect("dir").join(target);
            assert!(file.exists(), "{}: include {target} does not exist", page.display());
            let body = std::fs::read_to_string(&file).expect("included file");
            let first = part.split(':').next().unwrap_or("");
            match first.parse::<usize>() {
                Ok(line) => assert!(line <= body.lines().count(), "{}: {target} has no line {line}", page.display()),
                Err(_) if !first.is_empty() => {
                    let (start, end) = (format!("ANCHOR: {first}"), format!("ANCHOR_END: {first}"));
                    assert!(
                        body.contains(&start) && body.contains(&end),
                        "{}: {target} has no anchor {first}",
                        page.display()
                    );
                }
                Err(_) => {}
            }
        }
    }
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).expect("SUMMARY.md");
    for part in summary.split("](").skip(1) {
        let target = part.split(')').next().expect("link");
        assert!(src.join(target).exists(), "SUMMARY.md links to missing {target}");
    }
}

/// The chess chapter's claims: each step's move counts.
#[test]
fn chess_chapter_steps() {
    use qipan::core::playout::perft;
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let step = |i: u32| load(&example(&format!("chess-{i}.yaml")));
    assert_eq!(perft(&step(1).start(), 1), 12);
    let two = step(2).start();
    assert_eq!((1..=3).map(|d| perft(&two, d)).collect::<Vec<_>>(), [20, 400, 8_902]);
    assert_eq!(perft(&two, 4), 197_742, "without the check rule a king may be left attacked");
    assert_eq!(perft(&step(3).start(), 4), 197_281);
    let at = |i: u32| Position::from_fen(&step(i), kiwipete).unwrap();
    assert_ne!(perft(&at(3), 3), 97_862, "no castling or en passant yet");
    assert_eq!((1..=3).map(|d| perft(&at(4), d)).collect::<Vec<_>>(), [48, 2_039, 97_862]);
    // Step 4 is games/chess.yaml without its draw options.
    let chess = qipan::load("chess", &[]).unwrap();
    assert_eq!(perft(&Position::from_fen(&chess, kiwipete).unwrap(), 3), 97_862);
}

/// Step 7: the variant is Raiders with diagonal steps and four stones, everything else inherited.
#[test]
fn tutorial_step_7_variant_extends_step_5() {
    let base = load(&example("tutorial-5.yaml"));
    let variant = load(&example("tutorial-6.yaml"));
    assert_eq!(variant.name, "diagonal-raiders");
    assert_eq!(variant.options.get("diagonal").map(String::as_str), Some("true"));
    assert_eq!(variant.options.get("stones").map(String::as_str), Some("4"));
    assert_eq!(variant.board.len(), base.board.len());
    // The raider on c1 now also steps diagonally.
    let texts = legal_texts(&variant.start());
    for m in ["c1-b2", "c1-d2", "c1-c2"] {
        assert!(texts.contains(&m.to_string()), "{m} missing from {texts:?}");
    }
    assert!(!legal_texts(&base.start()).contains(&"c1-b2".to_string()));
}

fn page(path: &str) -> String {
    std::fs::read_to_string(book().join("src").join(path)).unwrap_or_else(|e| panic!("book/src/{path}: {e}"))
}

/// Whether `word` occurs in `text` as a whole word (not inside a longer identifier).
fn mentions(text: &str, word: &str) -> bool {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}

/// Every built-in game has a chapter in the book's contents, with a picture of its board, naming each of its
/// options and each value a closed option allows: a new game or option cannot ship undocumented.
#[test]
fn every_built_in_game_has_a_chapter_naming_its_options() {
    let summary = page("SUMMARY.md");
    for (name, _) in qipan::games::BUILTIN {
        let file = format!("games/{name}.md");
        assert!(summary.contains(&format!("]({file})")), "SUMMARY.md does not list {file}");
        let text = page(&file);
        assert!(text.contains("![") && text.contains(".svg)"), "{file} has no picture of the board");
        for option in qipan::options(name).expect("built in") {
            assert!(mentions(&text, &option.name), "{file} does not name the option `{}`", option.name);
            for value in option.values.iter().flatten() {
                let value = value.to_string();
                assert!(mentions(&text, &value), "{file} does not name `{}`'s value `{value}`", option.name);
            }
        }
    }
}

/// The language reference names every keyword of the grammar.
#[test]
fn language_reference_names_every_keyword() {
    let grammar =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("dsl/src/grammar.pest")).expect("grammar");
    let reference = page("reference/language.md");
    // The quoted literals of the grammar that are words (operators and punctuation are not keywords).
    let keywords: Vec<&str> = grammar
        .split('"')
        .skip(1)
        .step_by(2)
        .filter(|w| w.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter(|w| w.chars().all(|c| c.is_ascii_lowercase() || c == '-' || c == '_'))
        .collect();
    assert!(keywords.len() > 40, "keywords found: {keywords:?}");
    for word in keywords {
        assert!(mentions(&reference, word), "reference/language.md does not mention the keyword `{word}`");
    }
}

/// The hook reference names every function, property and action the engine gives scripts.
#[test]
fn hook_reference_names_every_function() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("dsl/src/hooks");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("dsl/src/hooks").map(|e| e.expect("entry").path()).collect();
    files.sort();
    let source: String = files.iter().map(|f| std::fs::read_to_string(f).expect("a hooks file")).collect();
    let reference = page("reference/hooks.md");
    let mut names = Vec::new();
    for registration in ["register_fn(\"", "register_get(\"", "queue(\""] {
        for part in source.split(registration).skip(1) {
            names.push(part.split('"').next().expect("name"));
        }
    }
    assert!(names.len() > 25, "functions found: {names:?}");
    for name in names {
        assert!(mentions(&reference, name), "reference/hooks.md does not mention `{name}`");
    }
}

/// The command-line reference has a section (`## NAME`) for every command, naming every flag the command
/// takes; flags every command shares may be described once, before the first section.
#[test]
fn cli_reference_names_every_command_and_flag() {
    let help = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_qipan")).args(args).output().expect("qipan runs");
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let reference = page("reference/cli.md");
    let (preamble, sections) = reference.split_once("\n## ").expect("sections");
    let section = |name: &str| {
        std::iter::once(sections)
            .chain(sections.split("\n## ").skip(1))
            .find(|s| s.split_whitespace().next() == Some(name))
    };
    let top = help(&["--help"]);
    let commands: Vec<&str> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 10, "commands: {commands:?}");
    for command in commands {
        let text = section(command).unwrap_or_else(|| panic!("reference/cli.md has no `## {command}` section"));
        let usage = help(&[command, "--help"]);
        let flags = usage.split(|c: char| c.is_whitespace() || c == ',' || c == '[' || c == '<').filter(|w| {
            w.starts_with("--") && w.len() > 2 && w[2..].chars().all(|c| c.is_ascii_lowercase() || c == '-')
        });
        for flag in flags.filter(|f| *f != "--help") {
            assert!(
                text.contains(flag) || preamble.contains(flag),
                "reference/cli.md's `{command}` section does not describe {flag}"
            );
        }
    }
}

/// The words of a shell command line: split at spaces, except inside double quotes; a `#` comment ends it.
fn shell_words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quoted) = (Vec::new(), String::new(), false);
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted && word.is_empty() => break,
            c if c.is_whitespace() && !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    words.extend((!word.is_empty()).then_some(word));
    words
}

/// Getting started's commands work as written, in order, in an empty directory (except `play`, which waits
/// for a person, and installing).
#[test]
fn getting_started_commands_run() {
    let text = page("getting-started.md");
    let dir = std::env::temp_dir().join(format!("qipan-getting-started-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut ran = 0;
    for block in text.split("```sh\n").skip(1) {
        let block = block.split("```").next().expect("block");
        for words in block.lines().map(shell_words) {
            if words.first().map(String::as_str) != Some("qipan") || words[1] == "play" {
                continue;
            }
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_qipan"))
                .args(&words[1..])
                .current_dir(&dir)
                .output()
                .expect("qipan runs");
            assert!(out.status.success(), "{words:?} failed:\n{}", String::from_utf8_lossy(&out.stderr));
            ran += 1;
        }
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
    assert!(ran >= 8, "ran {ran} commands");
}

/// The movement rules a YAML text writes: `moves: RULE`, `moves: [RULE, RULE]` and the `- RULE` items of a
/// `moves:` list, comments and surplus spaces removed.
fn rules_in(yaml: &str) -> Vec<String> {
    let tidy = |rule: &str| rule.split(" #").next().unwrap_or("").split_whitespace().collect::<Vec<_>>().join(" ");
    let mut rules = Vec::new();
    let mut in_list = false;
    for line in yaml.lines() {
        let trimmed = line.trim();
        if let Some(value) = trimmed.strip_prefix("moves:") {
            let value = tidy(value);
            in_list = value.is_empty();
            match value.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
                Some(items) => rules.extend(items.split(',').map(tidy)),
                None if !value.is_empty() => rules.push(value),
                None => {}
            }
        } else if let Some(item) = trimmed.strip_prefix("- ").filter(|_| in_list) {
            rules.push(tidy(item));
        } else if !trimmed.is_empty() && !trimmed.starts_with('#') {
            in_list = false;
        }
    }
    rules
}

/// Every movement rule the language reference shows is a rule of a definition that the tests load: an example
/// of the book or a built-in game.
#[test]
fn language_reference_rules_are_real() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut known = Vec::new();
    for dir in [book().join("src/examples"), root.join("games")] {
        for entry in std::fs::read_dir(dir).expect("definitions") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|x| x == "yaml") {
                known.extend(rules_in(&std::fs::read_to_string(path).expect("definition")));
            }
        }
    }
    let reference = page("reference/language.md");
    let mut shown = 0;
    for block in reference.split("```yaml\n").skip(1) {
        let block = block.split("```").next().expect("block");
        for rule in rules_in(block).into_iter().filter(|_| !block.contains("{{#include")) {
            assert!(known.contains(&rule), "reference/language.md shows `{rule}`, which no definition has");
            shown += 1;
        }
    }
    assert!(shown >= 25, "rules shown: {shown}");
}

/// The hook reference's table of limits gives the limits hooks run under by default.
#[test]
fn hook_limits_table_is_current() {
    let limits = qipan::dsl::hooks::HookLimits::default();
    let text = page("reference/hooks.md");
    let section = text.split("## Sandbox and limits").nth(1).expect("limits section");
    let grouped = |n: u64| {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, d) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(d);
        }
        out
    };
    let rows = [
        ("operations per call", limits.max_operations),
        ("nesting of script function calls", limits.max_call_levels as u64),
        ("string length", limits.max_string_size as u64),
        ("array size", limits.max_array_size as u64),
        ("object map size", limits.max_map_size as u64),
        ("expression nesting", limits.max_expr_depth as u64),
    ];
    for (row, value) in rows {
        let line =
            section.lines().find(|l| l.starts_with(&format!("| {row}"))).unwrap_or_else(|| panic!("no row {row}"));
        assert!(line.contains(&format!("| {}", grouped(value))), "hooks.md says `{line}`, the limit is {value}");
    }
}

/// The definition reference names every key a definition file may use: each field of the schema's
/// deserialised types, under its YAML name.
#[test]
fn definition_reference_names_every_key() {
    // The schema's files: `mod.rs` (with `Spanned`) first, then the others.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("dsl/src/schema");
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).expect("dsl/src/schema").map(|e| e.expect("entry").path()).collect();
    files.sort_by_key(|f| (!f.ends_with("mod.rs"), f.clone()));
    let schema: String = files.iter().map(|f| std::fs::read_to_string(f).expect("a schema file")).collect();
    let reference = page("reference/definition.md");
    // `Spanned` is the location wrapper around values, not a part of the file's format.
    let after_spanned = schema.split("impl<T> Spanned<T>").nth(1).expect("Spanned");
    let mut rename = None;
    let mut keys = 0;
    for line in after_spanned.lines().map(str::trim) {
        if line.starts_with("#[serde(") {
            rename = line.split("rename = \"").nth(1).and_then(|r| r.split('"').next());
            continue;
        }
        let field = line.strip_prefix("pub ").and_then(|f| f.split_once(':')).map(|(name, _)| name);
        if let Some(name) = field.filter(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '_')) {
            let key = rename.unwrap_or(name);
            assert!(mentions(&reference, key), "reference/definition.md does not name the key `{key}`");
            keys += 1;
        }
        if !line.starts_with("///") {
            rename = None;
        }
    }
    assert!(keys > 60, "keys found: {keys}");
}

/// The README's library snippet is the `basics` part of `examples/random_game.rs`, which CI runs.
#[test]
fn readme_snippet_is_the_example_that_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README");
    let snippet = readme.split("```rust\n").nth(1).and_then(|s| s.split("```").next()).expect("a rust block");
    let example = std::fs::read_to_string(root.join("examples/random_game.rs")).expect("example");
    let basics = example.split("// ANCHOR: basics\n").nth(1).and_then(|s| s.split("    // ANCHOR_END").next());
    fn trimmed(t: &str) -> Vec<&str> {
        t.lines().map(str::trim).filter(|l| !l.is_empty()).collect()
    }
    assert_eq!(trimmed(snippet), trimmed(basics.expect("the basics anchor")));
}

/// The colours example: both players place both symbols, the pieces are the colours', and a line of a
/// colour wins for Order whoever placed it.
#[test]
fn colours_example_plays_both_symbols_for_both_players() {
    let game = load(&example("colours.yaml"));
    let mut pos = game.start();
    assert_eq!(pos.legal_moves().len(), 2 * 25);
    for text in ["X@a1", "X@b2", "O@e1", "X@c3"] {
        play(&mut pos, &[text]);
    }
    let (x, b2) = (game.seat("x").unwrap(), game.board.find("b2").unwrap());
    assert_eq!(pos.cell(b2).map(|p| p.seat), Some(x), "Chaos's X is X's");
    play(&mut pos, &["X@d4"]); // Chaos makes four X in a row: Order wins
    let r = pos.outcome().expect("a line");
    assert_eq!((r.winners.as_slice(), &r.reason), (&[game.seat("order").unwrap()][..], &qipan::core::EndReason::Line));
}

/// The shield wall and enclosure examples do what their comments say.
#[test]
fn shield_wall_and_enclosure_examples() {
    let game = load(&example("shield-wall.yaml"));
    let mut pos = game.start();
    pos.play(&parse_move(&pos, "e4-e1").unwrap()).unwrap();
    let at = |pos: &Position, l: &str| {
        pos.cell(game.board.find(l).unwrap()).map(|p| game.pieces[p.piece.idx()].name.clone())
    };
    assert_eq!((at(&pos, "b1"), at(&pos, "d1")), (None, None), "the row is taken");
    assert_eq!(at(&pos, "c1").as_deref(), Some("chief"), "the chief is spared");
    let game = load(&example("enclosure.yaml"));
    let mut pos = game.start();
    pos.play(&parse_move(&pos, "c1-c2").unwrap()).unwrap();
    let r = pos.outcome().expect("ringed in");
    assert_eq!((r.winners.as_slice(), &r.reason), (&[SeatId(0)][..], &qipan::core::EndReason::Enclosed));
}

/// The fort example: `d3-d2` closes the fort and wins for White; `d3-d4` leaves d2 open and does not.
#[test]
fn fort_example() {
    let game = load(&example("fort.yaml"));
    let mut pos = game.start();
    pos.play(&parse_move(&pos, "d3-d2").unwrap()).unwrap();
    let r = pos.outcome().expect("a fort");
    assert_eq!((r.winners.as_slice(), &r.reason), (&[SeatId(0)][..], &qipan::core::EndReason::Fort));
    let mut pos = game.start();
    pos.play(&parse_move(&pos, "d3-d4").unwrap()).unwrap();
    assert!(!pos.is_over(), "d2 is open: the inside runs out to Black");
}

#[test]
fn check_aware_example() {
    let game = load(&example("check-aware.yaml"));
    let mut pos = game.start();
    let scout: Vec<String> = legal_texts(&pos).into_iter().filter(|t| t.starts_with("e1-")).collect();
    // b4 is next to Black's king, a5 holds Black's scout (the scout only goes to empty nodes).
    assert_eq!(scout, ["e1-d2", "e1-c3"]);
    assert!(legal_texts(&pos).contains(&"pass".to_string()));
    play(&mut pos, &["a1-a5"]);
    assert!(pos.in_check(SeatId(1)), "the rook on a5 checks the king on c5");
    assert!(!legal_texts(&pos).contains(&"pass".to_string()), "no pass in check");
}

#[test]
fn check_hooks_example() {
    let game = load(&example("check-hooks.yaml"));
    let mut pos = game.start();
    assert!(legal_texts(&pos).contains(&"pass".to_string()));
    play(&mut pos, &["e2-e4", "f7-f6"]);
    // No black piece attacks e2, f3, g4 (the pawn on d7 shields it from the bishop) or h5.
    let queen: Vec<String> = legal_texts(&pos).into_iter().filter(|t| t.starts_with("d1-")).collect();
    assert_eq!(queen, ["d1-e2", "d1-f3", "d1-g4", "d1-h5"]);
    play(&mut pos, &["d1-h5"]);
    assert_eq!(pos.counter(0, SeatId(0)), 1, "White gave check");
    let texts = legal_texts(&pos);
    assert_eq!(texts, ["g7-g6"], "no pass in check: the one move left");
    assert_eq!(pos.check(&qipan::core::Move::PASS).unwrap_err().to_string(), "no pass in check");
    play(&mut pos, &["g7-g6"]);
    // The queen on h5 is attacked by the pawn on g6: it may not stay put by passing, but it may not go to f7 (the
    // king defends it) nor g6 (the pawn on h7 defends it).
    let queen: Vec<String> = legal_texts(&pos).into_iter().filter(|t| t.starts_with("h5-")).collect();
    assert!(!queen.contains(&"h5-f7".to_string()) && !queen.contains(&"h5-g6".to_string()), "{queen:?}");
    assert!(queen.contains(&"h5-h4".to_string()), "{queen:?}");
}

#[test]
fn shuffle_chess_example_numbers_its_starts() {
    // 4 light-bishop files x 4 dark-bishop files x 6 for the queen x 10 knight pairs x 3 for the king.
    let game = load_with(&example("shuffle-chess.yaml"), &[("start", "2879")]);
    let shuffle = game.shuffle.as_ref().expect("a numbered start");
    assert_eq!(shuffle.count(), 2880);
    assert_eq!(shuffle.row_text(&game, 0).as_deref(), Some("BBQNNKRR"));
    assert_eq!(shuffle.row_text(&game, 2879).as_deref(), Some("RRKNNQBB"));
    let fen = game.start().to_fen().unwrap();
    assert!(fen.starts_with("rrknnqbb/pppppppp/8/8/8/8/PPPPPPPP/RRKNNQBB w - -"), "{fen}");
}

#[test]
fn promotion_in_place_waits_for_a_lost_general() {
    let game = load(&example("promotion-in-place.yaml"));
    let mut pos = game.start();
    // White's general steps to b2, where Black's takes it: White has lost its general.
    play(&mut pos, &["c1-b2", "a3-b2"]);
    let texts = legal_texts(&pos);
    assert!(!texts.iter().any(|t| t.contains('=')), "no promotion before reaching the far row: {texts:?}");
    play(&mut pos, &["a2-a3", "c3-c2"]);
    assert!(legal_texts(&pos).contains(&"a3-a3=G".to_string()), "{:?}", legal_texts(&pos));
    let mv = parse_move(&pos, "a3=G").unwrap();
    assert_eq!(mv, parse_move(&pos, "a3-a3=G").unwrap());
    pos.play(&mv).unwrap();
    assert_eq!(pos.cell(game.board.find("a3").unwrap()).map(|p| p.piece), game.piece("general"));
}

#[test]
fn old_indian_promotion_names_the_piece_of_the_file_once_one_is_lost() {
    let game = load(&example("old-indian.yaml"));
    // The pawn moves from `label` in `fen`, as the rules say they must be: the piece of the file, only when
    // the side has fewer of it than at the start; no entry to the last rank otherwise.
    let cases: [(&str, &str, &[&str]); 6] = [
        ("8/3P4/8/5k2/8/8/8/3QK3 w - - 0 1", "d7", &[]),
        ("8/3P4/8/5k2/8/8/8/4K3 w - - 0 1", "d7", &["d7-d8=Q"]),
        ("1n6/P7/8/5k2/8/8/8/R3K3 w - - 0 1", "a7", &["a7-a8=R", "a7-b8=N"]),
        ("1n6/P7/8/5k2/8/8/1N4N1/R3K2R w - - 0 1", "a7", &[]),
        ("3qk3/8/8/8/8/8/4p3/7K b - - 0 1", "e2", &[]),
        ("4k3/8/8/8/8/8/4p3/K4B2 b - - 0 1", "e2", &["e2-e1=Q", "e2-f1=B"]),
    ];
    for (fen, label, expected) in cases {
        let pos = qipan::core::Position::from_fen(&game, fen).unwrap();
        let from = game.board.find(label).unwrap();
        let mut texts: Vec<String> = pos
            .legal_moves()
            .iter()
            .filter(|m| m.from == from)
            .map(|m| qipan::core::notation::move_text(&game, m))
            .collect();
        texts.sort();
        assert_eq!(texts, expected, "{fen}");
    }
}

/// The pictures chapter's example draws what the chapter says: points, the river, the palace lines, the
/// tinted palace, two stars and a legend.
#[test]
fn render_chapter_example() {
    let game = load(&example("render.yaml"));
    let svg = qipan::core::render::svg(&game.start());
    assert!(!svg.contains("class=\"cell\""), "points, not squares");
    assert_eq!(svg.matches("class=\"river\"").count(), 1);
    assert!(svg.contains("楚 河"));
    assert_eq!(svg.matches("class=\"star\"").count(), 2);
    assert_eq!(svg.matches("class=\"tint\"").count(), 6);
    assert!(svg.contains(">general</text>") && svg.contains(">soldier</text>"));
    assert!(svg.contains(">帥</text>") && svg.contains(">卒</text>"));
}

/// The playground chapter shows every built-in game's start as the page draws it, and only those.
#[test]
fn the_playground_gallery_has_every_game() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let chapter = std::fs::read_to_string(root.join("book/src/playground.md")).unwrap();
    for (name, _) in qipan::games::BUILTIN {
        let file = format!("playground/{name}.png");
        assert!(chapter.contains(&format!("src=\"{file}\"")), "the gallery lacks {name}");
        assert!(
            root.join("book/src").join(&file).exists(),
            "book/src/{file} is missing: QIPAN_BLESS_PICTURES=1 cargo test --test browser"
        );
    }
    let shown = chapter.matches("<img src=\"playground/").count();
    assert_eq!(shown, qipan::games::BUILTIN.len(), "a picture of a game that is not built in");
}
