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
    let line = out.split("hint: ").nth(1).and_then(|t| t.lines().next()).expect("a hint");
    // The move, then the mover's chances as the computer sees them.
    let (hint, chances) = line.split_once(' ').expect("a move and the chances");
    assert!(chances.starts_with("(black's chances ") && chances.ends_with("%)"), "{line}");
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

/// Go ends as players end it: after two passes the stones judged dead are shown, a person toggles a chain by
/// naming a stone and accepts, and the result (and the record's RE) counts the agreed dead stones as captured.
#[test]
fn go_ends_with_the_dead_stones_agreed() {
    let mut moves: Vec<String> = (1..=9).flat_map(|r| [format!("d{r}"), format!("f{r}")]).collect();
    moves.extend(["pass", "b5", "pass", "pass"].map(String::from));
    let input = format!("{}\nB5\nb5\naccept\n", moves.join("\n"));
    let (out, s) = session("go", &[("size", "9")], &[], &input);
    let shown: Vec<&str> = out.lines().filter(|l| l.starts_with("Dead stones:")).collect();
    assert_eq!(
        shown,
        [
            "Dead stones: B5. Result: W+5.5",
            "Dead stones: none. Result: W+33.5", // B5 alive: A-C shared, White keeps its side
            "Dead stones: B5. Result: W+5.5",
        ],
        "{out}"
    );
    assert!(out.contains("Game over: W+5.5 (dead stones removed)"), "{out}");
    let path = std::env::temp_dir().join(format!("qipan-counted-{}.sgf", std::process::id()));
    s.save(&path).unwrap();
    let sgf = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(sgf.contains("RE[W+5.5]"), "{sgf}");
}

/// Computer players accept the estimate: a game between them records the dead stones GNU Go finds, and the
/// result GNU Go finds by playing the game out (`gnugo --score aftermath`), up to the neutral points (dame):
/// Chinese rules split them, where a play-out gives each to whoever fills it.
#[test]
fn computer_players_record_the_result_gnu_go_finds() {
    let Some(gnugo) = ["/usr/games/gnugo", "/usr/bin/gnugo"].into_iter().find(|p| std::path::Path::new(p).exists())
    else {
        assert!(std::env::var_os("QIPAN_REQUIRE_GNUGO").is_none(), "GNU Go is required (apt-get install gnugo)");
        return;
    };
    for seed in ["1", "2"] {
        let path = std::env::temp_dir().join(format!("qipan-ai-{seed}-{}.sgf", std::process::id()));
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_qipan"))
            .args(["play", "go", "--set", "size=9", "--set", "komi=7.5", "--ai", "black,white", "--seed", seed])
            .arg("--record")
            .arg(&path)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success() && text.contains("The computer players accept."), "{text}");
        let sgf = std::fs::read_to_string(&path).unwrap();
        let re = sgf.split("RE[").nth(1).and_then(|r| r.split(']').next()).expect("a result").to_string();
        let theirs = std::process::Command::new(gnugo)
            .arg("-l")
            .arg(&path)
            .args(["--score", "aftermath", "--chinese-rules"])
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&theirs.stdout);
        let (winner, margin) = said
            .split_whitespace()
            .collect::<Vec<_>>()
            .windows(4)
            .find(|w| w[1] == "wins" && w[2] == "by")
            .map(|w| (w[0].to_string(), w[3].parse::<f64>().unwrap()))
            .unwrap_or_else(|| panic!("GNU Go's score: {said}"));
        let theirs_margin = if winner == "White" { -margin } else { margin };
        let ours_margin = match re.split_once('+') {
            Some(("B", m)) => m.parse::<f64>().unwrap(),
            Some(("W", m)) => -m.parse::<f64>().unwrap(),
            _ => 0.0,
        };
        let (dead, dame) = dead_and_dame(&sgf);
        let gnugo_dead = std::process::Command::new(gnugo)
            .args(["--mode", "gtp", "--chinese-rules"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                std::fs::write(&path, &sgf)?;
                let cmd = format!("loadsgf {}\nfinal_status_list dead\nquit\n", path.display());
                child.stdin.take().unwrap().write_all(cmd.as_bytes())?;
                child.wait_with_output()
            })
            .unwrap();
        std::fs::remove_file(&path).unwrap();
        let listed = String::from_utf8_lossy(&gnugo_dead.stdout);
        let mut theirs_dead: Vec<String> = listed
            .split("\n\n")
            .nth(1)
            .unwrap_or("")
            .trim_start_matches('=')
            .split_whitespace()
            .map(String::from)
            .collect();
        theirs_dead.sort();
        assert_eq!(dead, theirs_dead, "seed {seed}: the dead stones");
        assert!(
            (ours_margin - theirs_margin).abs() <= dame as f64 / 2.0 + 0.5,
            "seed {seed}: RE {re} against GNU Go's aftermath {said}, with {dame} dame"
        );
    }
}

/// The stones qipan judges dead at the end of an SGF record (sorted labels), and the neutral points left once
/// they are taken off.
fn dead_and_dame(sgf: &str) -> (Vec<String>, usize) {
    use qipan::record::{Legality, dead_stones, game_for_record, replay_position};
    let record = qipan::sgf::parse_sgf(sgf).unwrap();
    let game = game_for_record("go", &[], &record).unwrap();
    let pos = replay_position(&game, &record, None, Legality::Check).unwrap().position;
    let dead = dead_stones(&pos);
    let relation = game.board.relation("orthogonal").unwrap();
    let cleared = qipan::core::ownership::without(&pos, &dead);
    let owners = qipan::core::ownership::area_owners(&cleared, relation);
    let dame = game.board.node_ids().filter(|&n| owners[n.idx()].is_none()).count();
    let mut labels: Vec<String> = dead.iter().map(|&n| game.board.label(n).to_string()).collect();
    labels.sort();
    (labels, dame)
}
