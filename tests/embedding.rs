//! The embedding chapter's promises: the facade's types may cross threads, and its calls fail with
//! errors, not panics.

use qipan::core::{Game, Move, MoveBuf, Position};
use std::sync::Arc;

fn send_sync<T: Send + Sync>() {}

#[test]
fn the_facade_types_are_send_and_sync() {
    send_sync::<Game>();
    send_sync::<Arc<Game>>();
    send_sync::<Position>();
    send_sync::<Move>();
    send_sync::<MoveBuf>();
    send_sync::<qipan::record::GameRecord>();
    send_sync::<qipan::Diagnostics>();
    send_sync::<qipan::LoadError>();
    send_sync::<qipan::record::RecordError>();
    send_sync::<qipan::core::PlayError>();
    send_sync::<qipan::core::notation::NotationError>();
    send_sync::<qipan::core::ai::AgentSpec>();
    send_sync::<qipan::core::ai::SpecError>();
    send_sync::<qipan::simulate::Simulation>();
    send_sync::<qipan::simulate::Report>();
    send_sync::<qipan::simulate::SimError>();
    send_sync::<qipan::library::ImportError>();
    send_sync::<qipan::sgf::SgfError>();
    send_sync::<qipan::gtp::GtpError>();
    send_sync::<qipan::dsl::Definition>();
    fn send<T: Send>() {}
    send::<Box<dyn qipan::core::ai::Agent>>();
}

#[test]
fn one_game_serves_many_threads() {
    // A game with hooks (Leader Cannon's revival and quiet-rule scripts) played on four threads at once.
    let game = qipan::load("leader-cannon", &[]).unwrap();
    let lengths: Vec<u32> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4u64)
            .map(|seed| {
                let game = Arc::clone(&game);
                s.spawn(move || {
                    use rand::SeedableRng;
                    let mut pos = game.start();
                    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
                    let mut buf = qipan::core::playout::PlayoutBuf::default();
                    qipan::core::playout::random_playout(&mut pos, &mut rng, &mut buf, 2000).unwrap()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(lengths.iter().all(|&n| n > 0));
}

#[test]
fn bad_input_is_an_error_at_every_entry_point() {
    assert!(matches!(qipan::load("no-such-game", &[]), Err(qipan::LoadError::NotFound { .. })));
    assert!(qipan::load_str("x.yaml", "name: [", &[]).is_err());
    let game = qipan::load("go", &[("size".into(), "9".into())]).unwrap();
    let pos = game.start();
    assert!(qipan::core::notation::parse_move(&pos, "Z99").is_err());
    assert!(qipan::core::notation::parse_move(&pos, "").is_err());
    let mut p = pos.clone();
    let e5 = qipan::core::notation::parse_move(&p, "E5").unwrap();
    p.play(&e5).unwrap();
    let before = p.hash();
    assert!(p.play(&e5).is_err(), "occupied");
    assert_eq!(p.hash(), before, "a refused move leaves the position as it was");
    assert!(qipan::record::GameRecord::parse("game: [").is_err());
    assert!(qipan::sgf::parse_sgf("(;SZ[").is_err());
}
