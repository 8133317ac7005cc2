//! qipan's own game records: every shipped game round-trips through the text, and replays to the same
//! position and result; a bad move is reported with its number and line, and what follows it is counted.

use qipan::core::Position;
use qipan::record::{GameRecord, RecordError};
use rand::{Rng, SeedableRng};

/// Every built-in game with the options it needs to load (and to keep random games short).
fn games() -> Vec<(&'static str, Vec<(String, String)>)> {
    let opts = |kv: &[(&str, &str)]| kv.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect::<Vec<_>>();
    let mut out = Vec::new();
    for (name, _) in qipan::games::BUILTIN {
        let o = match *name {
            "go" => opts(&[("size", "9")]),
            "field-go" => opts(&[("komi", "3.5")]),
            "he-qi" => opts(&[("players", "3")]),
            "seven-kingdoms" => opts(&[("players", "3")]),
            _ => vec![],
        };
        out.push((*name, o));
    }
    out
}

/// Plays up to `plies` seeded random moves.
fn random_game(
    game: &std::sync::Arc<qipan::core::Game>,
    plies: usize,
    seed: u64,
) -> (Position, Vec<qipan::core::Move>) {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut pos = game.start();
    let mut moves = Vec::new();
    while moves.len() < plies && !pos.is_over() {
        let legal = pos.legal_moves();
        let mv = legal[rng.random_range(0..legal.len())];
        pos.play(&mv).unwrap();
        moves.push(mv);
    }
    (pos, moves)
}

#[test]
fn every_game_round_trips_and_replays() {
    for (name, opts) in games() {
        let game = qipan::load(name, &opts).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (plies, seed) in [(0, 1), (40, 2), (10_000, 3)] {
            let (pos, moves) = random_game(&game, plies.min(if name == "he-qi" { 300 } else { plies }), seed);
            let record = GameRecord::new(name, &game, &moves, pos.outcome());
            let text = record.to_text();
            let back = GameRecord::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
            assert_eq!(back.to_text(), text, "{name}: the text reads back unchanged");
            assert_eq!(
                (&back.game, &back.options, &back.moves, &back.result),
                (&record.game, &record.options, &record.moves, &record.result)
            );
            let replay = back.replay().unwrap();
            assert!(replay.refused.is_none(), "{name}: {:?}", replay.refused);
            assert_eq!(replay.moves, moves, "{name}: the same moves");
            assert_eq!(replay.position.hash(), pos.hash(), "{name}: the same position");
            assert_eq!(replay.position.to_move(), pos.to_move());
            assert_eq!(replay.result(), record.result, "{name}: the same result");
        }
    }
}

#[test]
fn a_finished_game_records_its_result() {
    let game = qipan::load("leader-cannon", &[]).unwrap();
    let (pos, moves) = random_game(&game, 100_000, 11);
    let r = pos.outcome().expect("leader cannon ends");
    let record = GameRecord::new("leader-cannon", &game, &moves, Some(r));
    let text = record.to_text();
    assert!(text.contains(&format!("result: \"{} ({})\"", r.text, r.reason)), "{text}");
    let replay = GameRecord::parse(&text).unwrap().replay().unwrap();
    assert_eq!(replay.result(), record.result);
}

#[test]
fn options_replay_the_same_game() {
    // The record keeps every option, so the replay builds the same variant.
    let opts = vec![("players".to_string(), "2".to_string()), ("squeeze".to_string(), "blocked".to_string())];
    let game = qipan::load("he-qi", &opts).unwrap();
    let (pos, moves) = random_game(&game, 30, 5);
    let record = GameRecord::new("he-qi", &game, &moves, pos.outcome());
    assert_eq!(record.options.get("squeeze").map(String::as_str), Some("blocked"));
    assert_eq!(record.options.get("players").map(String::as_str), Some("2"));
    assert!(!record.options.contains_key("layout"), "computed `let` values are not options");
    let replay = GameRecord::parse(&record.to_text()).unwrap().replay().unwrap();
    assert_eq!(replay.game.options, game.options);
    assert_eq!(replay.position.hash(), pos.hash());
}

#[test]
fn an_illegal_move_is_reported_with_its_line_and_what_follows() {
    let text = "# a record\ngame: go\noptions:\n  size: 9\nmoves:\n  - E5\n  - E5\n  - D4\n  - C3\n";
    let record = GameRecord::parse(text).unwrap();
    let replay = record.replay().unwrap();
    assert_eq!(replay.moves.len(), 1);
    let r = replay.refused.clone().expect("E5 twice");
    assert_eq!((r.number, r.line, r.text.as_str(), r.not_replayed), (2, 7, "E5", 2));
    assert!(r.reason.contains("occupied"), "{}", r.reason);
    let summary = replay.summary(&record);
    assert!(summary.contains("move 2 (line 7) `E5` is refused"), "{summary}");
    assert!(summary.contains("2 later moves not replayed"), "{summary}");
    // Unreadable move text is refused the same way.
    let replay = GameRecord::parse(&text.replace("  - D4", "  - Z99")).unwrap().replay().unwrap();
    assert!(replay.refused.is_some_and(|r| r.number == 2));
}

#[test]
fn broken_records_are_errors_with_a_place() {
    let bad = GameRecord::parse("game: go\nmovez: [E5]\n").unwrap_err();
    let RecordError::Syntax { line, .. } = &bad else { panic!("{bad}") };
    assert_eq!(*line, 2, "{bad}");
    assert!(GameRecord::parse("moves: [E5]\n").is_err(), "the game is required");
    let missing = GameRecord::parse("game: no-such-game\n").unwrap().replay();
    assert!(matches!(missing, Err(RecordError::Load(_))));
    let bad_option = GameRecord::parse("game: go\noptions: { size: 99 }\n").unwrap().replay();
    assert!(bad_option.is_err());
}

#[test]
fn odd_text_survives_the_round_trip() {
    let game = qipan::load("go", &[("size".to_string(), "9".to_string())]).unwrap();
    let mut record = GameRecord::new("dir with \"quotes\"\\and: colons.yaml", &game, &[], None);
    record.result = Some("B+R (a \"reason\")\nsecond line".into());
    let back = GameRecord::parse(&record.to_text()).unwrap();
    assert_eq!(back.game, record.game);
    assert_eq!(back.result, record.result);
}

/// A record file that never ends (or is huge) is refused after the limit, not read into memory.
#[cfg(unix)]
#[test]
fn an_endless_record_file_is_refused_at_the_limit() {
    // A device is refused before it is opened; a regular file past the limit after the limit is read.
    let e = qipan::record::read_record_file(std::path::Path::new("/dev/zero")).unwrap_err();
    assert!(e.to_string().contains("it is a device, not a regular file"), "{e}");
    let huge = std::env::temp_dir().join(format!("qipan-huge-{}.qipan", std::process::id()));
    std::fs::File::create(&huge).unwrap().set_len(qipan::record::MAX_RECORD_BYTES as u64 + 1).unwrap();
    let e = qipan::record::read_record_file(&huge).unwrap_err();
    assert!(e.to_string().contains(&format!("larger than {} bytes", qipan::record::MAX_RECORD_BYTES)), "{e}");
    std::fs::remove_file(&huge).unwrap();
    let short = std::env::temp_dir().join(format!("qipan-short-{}.qipan", std::process::id()));
    std::fs::write(&short, "game: go\n").unwrap();
    assert_eq!(qipan::record::read_record_file(&short).unwrap(), b"game: go\n");
}
