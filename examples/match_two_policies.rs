//! A match between two computer players on 9×9 Go: a uniformly random player against the "light"
//! policy (random, but never filling its own one-point eyes), ten games with colours alternating.
//!
//! `cargo run --release --example match_two_policies`

use qipan::core::playout::light_move;
use qipan::core::{MoveBuf, Position};
use rand::{Rng, SeedableRng};

/// A computer player: picks a legal move.
type Player = fn(&Position, &mut rand::rngs::SmallRng, &mut MoveBuf) -> qipan::core::Move;

fn uniform(pos: &Position, rng: &mut rand::rngs::SmallRng, buf: &mut MoveBuf) -> qipan::core::Move {
    pos.generate_legal(buf);
    buf.moves[rng.random_range(0..buf.moves.len())]
}

fn light(pos: &Position, rng: &mut rand::rngs::SmallRng, buf: &mut MoveBuf) -> qipan::core::Move {
    light_move(pos, rng, buf).unwrap_or(qipan::core::Move::PASS)
}

fn main() -> anyhow::Result<()> {
    let game = qipan::load("go", &[("size".into(), "9".into())])?;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let mut buf = MoveBuf::default();
    let (mut light_wins, games) = (0, 10);
    for g in 0..games {
        // Light plays Black in even games, White in odd ones.
        let players: [Player; 2] = if g % 2 == 0 { [light, uniform] } else { [uniform, light] };
        let mut pos = game.start();
        while !pos.is_over() {
            let mv = players[pos.to_move() as usize](&pos, &mut rng, &mut buf);
            pos.play(&mv)?;
        }
        let r = pos.outcome().expect("over");
        let light_seat = (g % 2) as u8;
        light_wins += usize::from(r.winners == [light_seat]);
        println!("game {g}: {} ({} plies)", r.text, pos.ply());
    }
    println!("light policy won {light_wins} of {games}");
    Ok(())
}
