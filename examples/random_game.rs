//! Load a built-in game, play a move given as text, then play random moves to the end.
//!
//! `cargo run --example random_game`

use qipan::core::notation::move_text;
use rand::{Rng, SeedableRng};

fn main() -> anyhow::Result<()> {
    // ANCHOR: basics
    let game = qipan::load("go", &[("size".into(), "9".into())])?; // Arc<Game>
    let mut pos = game.start(); // Position
    let mv = qipan::core::notation::parse_move(&pos, "E5")?; // Move
    pos.play(&mv)?; // checked: an Err names the rule broken
    println!("{}", qipan::core::render::text(&pos));
    // ANCHOR_END: basics
    let mut rng = rand::rngs::SmallRng::seed_from_u64(2026);
    let mut moves = vec![move_text(&game, &mv)];
    while !pos.is_over() {
        let legal = pos.legal_moves();
        let mv = legal[rng.random_range(0..legal.len())];
        moves.push(move_text(&game, &mv));
        pos.play(&mv)?;
    }
    println!("{}", qipan::core::render::text(&pos));
    println!("{} plies; first moves: {}", moves.len(), moves[..10.min(moves.len())].join(" "));
    let result = pos.outcome().expect("the game is over");
    println!("result: {} ({})", result.text, result.reason);
    Ok(())
}
