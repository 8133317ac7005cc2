//! The terminal game as a person meets it: `help` for the game at hand, commands in any case, `moves` grouped by
//! piece, what a move took and the check it gives, `hint`, the question when no person is left, and
//! `play --load`.

use qipan::core::ai::AgentSpec;
use qipan::session::Session;

/// The output of a session of `game` (with options) fed `input`, the seats in `agents` played by the computer.
fn session(game: &str, options: &[(&str, &str)], agents: &[Option<AgentSpec>], input: &str) -> (String, Session) {
    let options: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let game = qipan::load(game, &options).unwrap();
    let mut s = Session::new(&game.name, game.start(), agents, 1);
    let mut out = Vec::new();
    s.run(&mut input.as_bytes(), &mut out).unwrap();
    (String::from_utf8(out).unwrap(), s)
}

#[test]
fn help_lists_the_commands_this_game_has() {
    let (chess, _) = session("chess", &[], &[], "help\nquit\n");
    assert!(chess.contains("or `help` for the commands"));
    for usage in ["moves NODE", "hint", "resign", "undo", "board", "fen", "save FILE", "load FILE", "quit"] {
        assert!(chess.contains(&format!("  {usage} ")), "{usage} missing:\n{chess}");
    }
    assert!(!chess.contains("  pass "), "chess has no pass");
    let (go, _) = session("go", &[("size", "9")], &[], "HELP\nquit\n");
    assert!(go.contains("  pass ") && go.contains("  fen "), "{go}");
    let (he_qi, _) = session("he-qi", &[], &[], "help\nquit\n");
    assert!(!he_qi.contains("  fen "), "a round board has no FEN:\n{he_qi}");
}

#[test]
fn commands_are_read_in_any_case_and_moves_as_typed() {
    let (out, s) = session("chess", &[], &[], "MOVES b1\nUndo\ne2-e4\nQUIT\ne7-e5\n");
    assert!(out.contains("knight b1: b1-c3 b1-a3") || out.contains("knight b1: b1-a3 b1-c3"), "{out}");
    assert!(out.contains("nothing to undo"));
    assert_eq!(s.history().len(), 1, "QUIT stopped before e7-e5");
}

#[test]
fn moves_are_grouped_by_the_piece_that_makes_them() {
    let (out, _) = session("chess", &[], &[], "moves\nquit\n");
    // The first line follows the prompt (`white> `): the input is not echoed.
    let listing: Vec<&str> = out
        .lines()
        .map(|l| l.trim_start_matches("white> "))
        .filter(|l| l.contains(": ") && !l.contains("Type a move"))
        .collect();
    // Eight pawns and two knights, one line each, 20 moves in all.
    assert_eq!(listing.len(), 10, "{listing:?}");
    assert!(listing.contains(&"pawn e2: e2-e3 e2-e4"), "{listing:?}");
    assert_eq!(listing.iter().map(|l| l.split(": ").nth(1).unwrap().split(' ').count()).sum::<usize>(), 20);
    // Go's 81 placements: one group, wrapped to lines of at most 78 columns.
    let (out, _) = session("go", &[("size", "9")], &[], "moves\nquit\n");
    let start = out.find("place: ").expect("the placements");
    let block: Vec<&str> =
        out[start..].lines().take_while(|l| l.starts_with("place: ") || l.starts_with("    ")).collect();
    assert!(block.len() > 1 && block.iter().all(|l| l.chars().count() <= 78), "{block:?}");
    let words: usize = block.iter().map(|l| l.trim_start_matches("place:").split_whitespace().count()).sum();
    assert_eq!(words, 81, "every point");
    assert_eq!(out[start..].lines().nth(block.len()), Some("pass"), "the pass on a line of its own");
}

#[test]
fn a_move_says_what_it_took_and_the_check_it_gives() {
    let (out, _) = session("chess", &[], &[], "e2-e4\nd7-d5\ne4-d5\nquit\n");
    assert!(out.contains("white takes pawn\n"), "{out}");
    let (out, _) = session("chess", &[], &[], "e2-e4\nf7-f6\nd1-h5\nquit\n");
    assert!(out.contains("black is in check\n"), "{out}");
    // A Go stone taken by its last liberty: no rule names the stone, the board's count says it.
    let (out, _) = session("go", &[("size", "5")], &[], "B1\nA1\nquit\n");
    assert!(!out.contains("takes"), "{out}");
    let (out, _) = session("go", &[("size", "5")], &[], "B1\nA1\nA2\nquit\n");
    assert!(out.contains("black takes stone\n"), "{out}");
}

#[test]
fn hint_names_a_legal_move_and_leaves_the_computer_as_seeded() {
    let (out, s) = session("go", &[("size", "5")], &[], "hint\nquit\n");
    let hint = out.split("hint: ").nth(1).and_then(|t| t.lines().next()).expect("a hint");
    let pos = s.position();
    assert!(qipan::core::notation::parse_move(pos, hint).is_ok_and(|m| pos.legal_moves().contains(&m)), "{hint}");
    // The computer's replies are the same with or without a hint asked before.
    let agents = [None, Some(AgentSpec::Random)];
    let (_, with) = session("go", &[("size", "5")], &agents, "hint\nC3\nquit\n");
    let (_, without) = session("go", &[("size", "5")], &agents, "C3\nquit\n");
    assert_eq!(with.history(), without.history());
}

/// Three seats, the people's one resigns: the two computer players would play on alone, so the session asks;
/// a closed input stops it, `watch` lets them finish.
#[test]
fn when_no_person_is_left_the_session_asks_whether_to_watch() {
    let src = "name: three\nboard: { grid: { width: 3, height: 3 } }\nseats: [{ name: a }, { name: b }, { name: c }]\n\
               pieces: { stone: { moves: place to empty } }\nrules: { pass: never }\n";
    let game = qipan::load_str("three.yaml", src, &[]).unwrap();
    let agents = [None, Some(AgentSpec::Random), Some(AgentSpec::Random)];
    let run = |input: &str| {
        let mut s = Session::new("three.yaml", game.start(), &agents, 1);
        let mut out = Vec::new();
        s.run(&mut input.as_bytes(), &mut out).unwrap();
        (String::from_utf8(out).unwrap(), s.history().len())
    };
    let (out, moves) = run("resign\n");
    assert!(out.contains("No person is left in the game."), "{out}");
    assert_eq!(moves, 1, "stopped at once:\n{out}");
    let (out, moves) = run("resign\nwatch\n");
    assert!(moves > 3 && out.contains("b plays") && out.contains("c plays"), "{out}");
    assert_eq!(out.matches("No person is left").count(), 1, "asked once");
    // Computer players from the start (`--ai all`) are watched without a question.
    let mut s = Session::new("three.yaml", game.start(), &[const { Some(AgentSpec::Random) }; 3], 1);
    let mut out = Vec::new();
    s.run(&mut "".as_bytes(), &mut out).unwrap();
    assert!(!String::from_utf8(out).unwrap().contains("No person") && s.history().len() >= 3);
}

/// `play --load FILE` goes on from a record: the record's moves first, then the ones typed.
#[test]
fn play_resumes_a_record() {
    let dir = std::env::temp_dir().join(format!("qipan-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("r.yaml");
    let play = |args: &[&str], input: &str| {
        use std::io::Write as _;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_qipan"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        (
            out.status.success(),
            format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)),
        )
    };
    let path = record.display().to_string();
    let (ok, out) = play(&["play", "go", "--set", "size=5", "--record", &path], "C3\nB2\nquit\n");
    assert!(ok, "{out}");
    let (ok, out) = play(&["play", "go", "--set", "size=5", "--load", &path, "--record", &path], "D4\nquit\n");
    assert!(ok, "{out}");
    let replayed = qipan::record::GameRecord::read_file(&record).unwrap();
    assert_eq!(replayed.moves, ["C3", "B2", "D4"]);
    // A record of other options is refused before the game starts.
    let (ok, out) = play(&["play", "go", "--set", "size=7", "--load", &path], "quit\n");
    assert!(!ok && out.contains("with other options"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}
