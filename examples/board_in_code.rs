//! Build a board and a game in code with qipan-core alone (no YAML), then play it.
//!
//! The game: a 3-D grid of 3×3×3 cells; each player places stones; a chain without liberties is
//! captured; two passes end it and area scoring decides.
//!
//! `cargo run --example board_in_code`

use qipan::core::SeatId;
use qipan::core::board::generators::grid3d;
use qipan::core::game::{GameBuilder, PieceType, Seat};
use qipan::core::rules::{Cond, Dame, EndRules, GroupCapture, MoveRule, PassRule, Pattern, Repetition, Rules, Scoring};
use rand::{Rng, SeedableRng};
use std::sync::Arc;

fn main() -> anyhow::Result<()> {
    let board = grid3d(3, 3, 3)?.build()?;
    let orthogonal = board.relation("orthogonal").expect("grid3d has orthogonal");
    let place = MoveRule::new(Pattern::Place, Cond::Empty, "place to empty");
    let stone = PieceType {
        name: "stone".into(),
        symbols: vec!["X".into(), "O".into()],
        moves: vec![place],
        immune: false,
        captures: true,
        owner: None,
    };
    let rules = Rules {
        group_capture: Some(GroupCapture { relation: orthogonal, suicide_allowed: false }),
        repetition: Repetition::Positional,
        pass: PassRule::Always,
        end: EndRules { consecutive_passes: Some(2), max_plies: Some(200), ..EndRules::default() },
        scoring: Scoring::Area { relation: orthogonal, dame: Dame::Split },
        score_bonus: vec![0.0, 0.5],
        ..Rules::default()
    };
    let game = GameBuilder::new("cube-go", board)
        .title("Go in a cube")
        .seats([Seat::new("black", "B", SeatId(0)), Seat::new("white", "W", SeatId(1))])
        .piece(stone)
        .rules(rules)
        .build()?;
    let game = Arc::new(game);
    let mut pos = game.start();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    while !pos.is_over() {
        let legal = pos.legal_moves();
        pos.play(&legal[rng.random_range(0..legal.len())])?;
    }
    print!("{}", qipan::core::render::text(&pos));
    Ok(())
}
