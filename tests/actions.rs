//! Moves as numbers and positions as planes (`qipan::core::actions`), over every built-in game.

use qipan::core::actions::{ActionSpace, observation_planes, planes};
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;

/// Along random games of every built-in game: each legal move's number is below the size and decodes to a
/// legal move with the same number; the planes have the promised length. Moves sharing a number must
/// differ only in what the number leaves out (their route), and are counted: only the games listed may
/// have any.
#[test]
fn every_game_numbers_its_moves_within_the_space() {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    let mut shared: BTreeMap<&str, usize> = BTreeMap::new();
    for &(name, _) in qipan::games::BUILTIN {
        // Field Go's komi has no default, on purpose.
        let set: Vec<(String, String)> = if name == "field-go" { vec![("komi".into(), "0".into())] } else { vec![] };
        let game = qipan::load(name, &set).unwrap();
        let space = ActionSpace::new(&game);
        let mut pos = game.start();
        for _ in 0..80 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut numbers: BTreeMap<usize, qipan::core::Move> = BTreeMap::new();
            for m in &moves {
                let a = space.encode(m);
                assert!(a < space.size(), "{name}: {a} is not below {}", space.size());
                if let Some(first) = numbers.get(&a) {
                    assert_eq!((first.kind, first.from, first.to), (m.kind, m.from, m.to), "{name}");
                    *shared.entry(name).or_default() += 1;
                } else {
                    numbers.insert(a, *m);
                }
                let back = space.decode(&pos, a).expect("decodes");
                assert_eq!(space.encode(&back), a, "{name}");
            }
            assert_eq!(space.legal_actions(&pos).len(), numbers.len(), "{name}");
            assert_eq!(observation_planes(&pos).len(), planes(&game) * game.board.len(), "{name}");
            pos.play(&moves[rng.random_range(0..moves.len())]).unwrap();
        }
    }
    // Leader Cannon's walks reach a node by several routes that shoot differently.
    assert!(shared.keys().all(|&name| name == "leader-cannon"), "moves sharing a number: {shared:?}");
}
