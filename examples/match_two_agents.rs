//! A match between two computer players on 9×9 Go: Monte-Carlo tree search against the greedy player,
//! colours alternating, with each game's result and the score.
//!
//! `cargo run --release --example match_two_agents`

use qipan::core::SeatId;
use qipan::core::ai::{AgentRng, AgentSpec};
use rand::SeedableRng;

fn main() -> anyhow::Result<()> {
    let game = qipan::load("go", &[("size".into(), "9".into())])?;
    // Agents are named by specs, as on the command line (`qipan play --ai white=mcts:iterations=300`).
    let specs = [AgentSpec::parse("mcts:iterations=300")?, AgentSpec::parse("greedy")?];
    let mut rng = AgentRng::seed_from_u64(7);
    let (mut mcts_wins, games) = (0, 4);
    for g in 0..games {
        // MCTS plays Black in even games, White in odd ones; each game gets fresh agents.
        let mcts_seat = g % 2;
        let mut agents = [specs[mcts_seat].build(), specs[1 - mcts_seat].build()];
        let mut pos = game.start();
        while !pos.is_over() {
            let mover = pos.to_move().idx();
            let mv = agents[mover].choose(&pos, &mut rng)?.expect("a legal move while the game is on");
            pos.play(&mv)?;
        }
        let r = pos.outcome().expect("over");
        mcts_wins += usize::from(r.winners == [SeatId(mcts_seat as u8)]);
        println!("game {g}: MCTS plays {}: {} ({}, {} plies)", game.seats[mcts_seat].name, r.text, r.reason, pos.ply());
    }
    println!("MCTS won {mcts_wins} of {games} against greedy");
    Ok(())
}
