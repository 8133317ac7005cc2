//! Leader Cannon chess: each rule of shared/rules/leader-cannon.md, and each Option.

mod common;

use common::edited;
use qipan::core::notation::{move_text, parse_move};
use qipan::core::{Illegal, Piece, PieceId, PlayError, Position, SeatId};
use std::collections::BTreeSet;

const RED: SeatId = SeatId(0);
const BLACK: SeatId = SeatId(1);
const LEADER: PieceId = PieceId::new(0);
const COMMONER: PieceId = PieceId::new(1);

fn game(opts: &[(&str, &str)]) -> std::sync::Arc<qipan::core::Game> {
    let o: Vec<(String, String)> = opts.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    qipan::load("leader-cannon", &o).unwrap()
}

/// A position with pieces on the board (`L`/`C` red, `l`/`c` black, by label); the rest in reserve.
fn setup(opts: &[(&str, &str)], pieces: &[(&str, char)], to_move: SeatId) -> Position {
    let g = game(opts);
    let mut p = g.start().to_setup();
    let mut used = [[0u16; 2]; 2];
    for &(label, c) in pieces {
        let seat = if c.is_uppercase() { RED } else { BLACK };
        let piece = if c.eq_ignore_ascii_case(&'l') { LEADER } else { COMMONER };
        used[seat.idx()][piece.idx()] += 1;
        p.put(g.board.find(label).unwrap(), Piece { seat, piece });
    }
    for seat in [RED, BLACK] {
        p.reserve(seat, LEADER, 1 - used[seat.idx()][0]).reserve(seat, COMMONER, 7 - used[seat.idx()][1]);
    }
    p.to_move(to_move);
    p.into_position().unwrap()
}

fn texts(p: &Position) -> BTreeSet<String> {
    p.legal_moves().iter().map(|m| move_text(p.game(), m)).collect()
}

fn play(p: &mut Position, text: &str) -> Result<(), PlayError> {
    let mv = parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play(&mv)
}

fn at(p: &Position, label: &str) -> Option<Piece> {
    p.cell(p.game().board.find(label).unwrap())
}

#[test]
fn the_leader_comes_first_and_at_most_four_pieces_stand() {
    let mut p = game(&[]).start();
    let first = texts(&p);
    assert_eq!(first.len(), 20);
    assert!(first.iter().all(|m| m.starts_with("leader@")), "{first:?}");
    assert_eq!(
        play(&mut p, "commoner@a1"),
        Err(PlayError::Illegal(Illegal::NoSuchMove)),
        "a commoner before the leader"
    );
    play(&mut p, "leader@a1").unwrap();
    play(&mut p, "leader@d5").unwrap();
    assert!(texts(&p).contains("commoner@b1"));
    // Four red pieces on the board: no more placing.
    let p = setup(&[], &[("a1", 'L'), ("b1", 'C'), ("c1", 'C'), ("d1", 'C'), ("d5", 'l')], RED);
    assert!(texts(&p).iter().all(|m| !m.contains('@')), "{:?}", texts(&p));
    let p = setup(&[], &[("a1", 'L'), ("b1", 'C'), ("c1", 'C'), ("d5", 'l')], RED);
    assert!(texts(&p).contains("commoner@d4"));
}

#[test]
fn home_rank_placement_option() {
    let p = game(&[("placement", "home")]).start();
    let t = texts(&p);
    assert_eq!(t, ["a1", "b1", "c1", "d1"].iter().map(|x| format!("leader@{x}")).collect());
}

/// Destinations of walks from `from` for the piece standing there.
fn walks(p: &Position, from: &str) -> BTreeSet<String> {
    texts(p)
        .into_iter()
        .filter_map(|m| m.strip_prefix(&format!("{from}-")).map(|r| r.split(' ').next().unwrap().to_string()))
        .collect()
}

fn labels(s: &str) -> BTreeSet<String> {
    s.split_whitespace().map(String::from).collect()
}

#[test]
fn walks_of_one_to_three_steps_with_reversals() {
    // Alone on the board (four red pieces, so no placing) except blockers on c2 and b4.
    let p = setup(&[], &[("b2", 'L'), ("c2", 'C'), ("b4", 'C'), ("d5", 'C'), ("a5", 'l')], RED);
    // From b2, through empty cells only, 1 to 3 steps, never ending on b2; b3-b4 is blocked, c2 too.
    assert_eq!(walks(&p, "b2"), labels("a1 b1 c1 d1 a2 a3 b3 c3 d3 a4 c4"));
    // Exactly three steps: parity means odd distances, reversals bring back the neighbours.
    let p = setup(&[("steps", "3")], &[("b2", 'L'), ("c2", 'C'), ("b4", 'C'), ("d5", 'C'), ("a5", 'l')], RED);
    assert_eq!(walks(&p, "b2"), labels("a2 b1 b3 d1 d3 c4 a4"));
}

#[test]
fn the_moved_piece_fires_as_screen_or_shooter_and_the_shooter_stays() {
    // Red: shooter a1, commoner b3 walks to a3 and becomes the screen; black target on a5.
    let mut p = setup(&[], &[("a1", 'C'), ("b3", 'C'), ("d1", 'L'), ("a5", 'c'), ("d5", 'l')], RED);
    let t = texts(&p);
    assert!(t.contains("b3-a3 a1xa5"), "{t:?}");
    assert!(t.contains("b3-a3"), "the shot may be declined");
    play(&mut p, "b3-a3 a1xa5").unwrap();
    assert_eq!(at(&p, "a5"), None, "the target dies");
    assert_eq!(at(&p, "a1"), Some(Piece { seat: RED, piece: COMMONER }), "the shooter stays");
    assert_eq!(at(&p, "a3"), Some(Piece { seat: RED, piece: COMMONER }));
    assert_eq!(p.graveyard(BLACK, COMMONER), 1, "dead commoners go to the graveyard");
    // The mover as shooter: a1 walks to a2... here b1 walks to a1 behind screen a2? Build it directly.
    let p = setup(&[], &[("b1", 'C'), ("a3", 'C'), ("d1", 'L'), ("a5", 'c'), ("d5", 'l')], RED);
    assert!(texts(&p).contains("b1-a1 a1xa5"), "{:?}", texts(&p));
}

#[test]
fn screens_must_be_own_pieces_and_exactly_one() {
    // An enemy screen (a3) between shooter a1 and target a5: no shot at a5.
    let p = setup(&[], &[("a1", 'C'), ("b3", 'C'), ("a3", 'c'), ("a5", 'c'), ("d1", 'L'), ("d5", 'l')], RED);
    assert!(texts(&p).iter().all(|m| !m.contains("xa5")), "{:?}", texts(&p));
    // Two own screens (a2, a3) between a1 and a5: a1 cannot shoot, but a2 can, over a3.
    let p = setup(&[], &[("a1", 'C'), ("a3", 'C'), ("b2", 'C'), ("a5", 'c'), ("d5", 'l')], RED);
    let t = texts(&p);
    assert!(!t.contains("b2-a2 a1xa5"), "two screens: {t:?}");
    assert!(t.contains("b2-a2 a2xa5"), "the mover shoots over one screen: {t:?}");
}

#[test]
fn shots_through_unmoved_pieces_only_are_not_offered() {
    // a1 would shoot a5 over a3, but neither took part in the move.
    let p = setup(&[], &[("a1", 'C'), ("a3", 'C'), ("d1", 'L'), ("a5", 'c'), ("d5", 'l')], RED);
    let t = texts(&p);
    assert!(t.iter().filter(|m| m.contains("a1xa5")).all(|m| m.starts_with("a1-") || m.starts_with("a3-")), "{t:?}");
    assert!(t.iter().any(|m| m.starts_with("d1-") && !m.contains('x')));
}

#[test]
fn lone_target_rule_and_two_against_two() {
    // Red a1 (shooter) and a2 walks in as screen; black a3 with black a4 beyond it: safe.
    let p = setup(&[], &[("a1", 'C'), ("b2", 'C'), ("d1", 'L'), ("a3", 'c'), ("a4", 'c'), ("d5", 'l')], RED);
    assert!(!texts(&p).contains("b2-a2 a1xa3"), "two against two in a line: not captured");
    // Without the second black piece the target is lone.
    let p = setup(&[], &[("a1", 'C'), ("b2", 'C'), ("d1", 'L'), ("a3", 'c'), ("d5", 'l')], RED);
    assert!(texts(&p).contains("b2-a2 a1xa3"));
    // lone-line: a black piece further along the line (not adjacent) also protects.
    let pieces = [("a1", 'C'), ("b2", 'C'), ("d1", 'L'), ("a3", 'c'), ("a5", 'c'), ("d5", 'l')];
    assert!(texts(&setup(&[], &pieces, RED)).contains("b2-a2 a1xa3"), "a5 is not adjacent to a3");
    assert!(!texts(&setup(&[("lone_rule", "lone-line")], &pieces, RED)).contains("b2-a2 a1xa3"));
}

#[test]
fn trigger_options() {
    let pieces = [("a1", 'C'), ("b3", 'C'), ("d1", 'L'), ("a5", 'c'), ("d5", 'l')];
    // by-mover: the moved piece must be the shooter, so the screen move gives no shot.
    assert!(!texts(&setup(&[("trigger", "by-mover")], &pieces, RED)).contains("b3-a3 a1xa5"));
    // automatic: the shot fires by itself.
    let mut p = setup(&[("trigger", "automatic")], &pieces, RED);
    play(&mut p, "b3-a3").unwrap();
    assert_eq!(at(&p, "a5"), None);
    // board: any shot of the mover's side fires after any walk, even one the moved piece has no part in.
    let mut p = setup(&[("trigger", "board")], &[("a1", 'C'), ("a3", 'C'), ("d1", 'L'), ("a5", 'c'), ("d5", 'l')], RED);
    play(&mut p, "d1-c1").unwrap();
    assert_eq!(at(&p, "a5"), None);
}

#[test]
fn fire_in_place_option() {
    let pieces = [("a1", 'C'), ("a3", 'C'), ("d1", 'L'), ("a5", 'c'), ("d5", 'l')];
    assert!(!texts(&setup(&[], &pieces, RED)).contains("a3-a3 a1xa5"));
    let t = texts(&setup(&[("fire_in_place", "true")], &pieces, RED));
    assert!(t.contains("a3-a3 a1xa5"), "the screen walks out and back: {t:?}");
    assert!(!t.contains("a3-a3"), "ending on the start only counts with a shot");
}

#[test]
fn fire_in_place_under_the_automatic_triggers() {
    // Red a1 shoots a5 over a3 once a3 has moved: a3 walking out and back fires it by itself.
    let pieces = [("a1", 'C'), ("a3", 'C'), ("d1", 'L'), ("a5", 'c'), ("d5", 'l')];
    for trigger in ["automatic", "board"] {
        // Without the option a walk never ends on its start.
        let mut p = setup(&[("trigger", trigger)], &pieces, RED);
        assert!(texts(&p).iter().all(|m| !m.starts_with("a3-a3")), "{trigger}: {:?}", texts(&p));
        assert_eq!(play(&mut p, "a3-a3"), Err(PlayError::Illegal(Illegal::NoSuchMove)), "{trigger}");
        // With it, the walk out and back is a move, and the shot fires as after any other walk.
        let mut p = setup(&[("trigger", trigger), ("fire_in_place", "true")], &pieces, RED);
        let t = texts(&p);
        assert!(t.contains("a3-a3"), "{trigger}: {t:?}");
        play(&mut p, "a3-a3").unwrap();
        assert_eq!(at(&p, "a5"), None, "{trigger}: the target dies");
        assert_eq!(p.graveyard(BLACK, COMMONER), 1);
        assert_eq!(at(&p, "a1"), Some(Piece { seat: RED, piece: COMMONER }), "{trigger}: the shooter stays");
        assert_eq!(at(&p, "a3"), Some(Piece { seat: RED, piece: COMMONER }), "{trigger}: the walker is back");
        assert_eq!(p.quiet_plies(), 0, "{trigger}: a capture");
    }
    // The leader on d1 takes no part in that shot: under `automatic` its walk back to d1 would fire nothing,
    // a pass in disguise, and is refused; under `board` every shot of the side fires after any walk, so it
    // is a move.
    let opts = |t| [("trigger", t), ("fire_in_place", "true")];
    let mut p = setup(&opts("automatic"), &pieces, RED);
    assert!(!texts(&p).contains("d1-d1"));
    assert_eq!(play(&mut p, "d1-d1"), Err(PlayError::Illegal(Illegal::Idle)));
    let mut p = setup(&opts("board"), &pieces, RED);
    assert!(texts(&p).contains("d1-d1"));
    play(&mut p, "d1-d1").unwrap();
    assert_eq!(at(&p, "a5"), None);
    // With nothing to shoot, no walk ends on its start under either trigger.
    let quiet = [("a1", 'C'), ("b3", 'C'), ("d1", 'L'), ("a5", 'c'), ("d5", 'l')];
    for trigger in ["automatic", "board"] {
        let p = setup(&opts(trigger), &quiet, RED);
        let t = texts(&p);
        assert!(t.iter().all(|m| !["a1-a1", "b3-b3", "d1-d1"].iter().any(|x| m.starts_with(x))), "{trigger}: {t:?}");
        assert_eq!(
            t,
            texts(&setup(&[("trigger", trigger)], &quiet, RED)),
            "{trigger}: the same moves as without the option"
        );
    }
}

#[test]
fn fire_in_place_perft_agrees_with_playing_every_move() {
    // Shots, in-place walks that fire and walks back that would not, with a token to spend.
    let pieces = [("a1", 'L'), ("a3", 'C'), ("c2", 'C'), ("a5", 'c'), ("d5", 'l'), ("c4", 'c')];
    for trigger in ["automatic", "board"] {
        let mut p = setup(&[("trigger", trigger), ("fire_in_place", "true")], &pieces, RED);
        p = edited(&p, |s| {
            s.counter(0, RED, 1).graveyard(RED, COMMONER, 1).reserve(RED, COMMONER, 4);
        });
        assert!(texts(&p).contains("a3-a3"), "{trigger}: {:?}", texts(&p));
        assert_eq!(qipan::core::playout::perft(&p, 2), common::brute_perft(&p, 2), "{trigger}");
    }
}

#[test]
fn random_games_fire_in_place_under_the_automatic_triggers() {
    use qipan::core::playout::{PlayoutBuf, random_playout};
    use rand::SeedableRng;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
    let mut buf = PlayoutBuf::default();
    for trigger in ["automatic", "board"] {
        let g = game(&[("trigger", trigger), ("fire_in_place", "true")]);
        let mut in_place = 0;
        for _ in 0..20 {
            let mut p = g.start();
            while !p.is_over() {
                let moves = p.legal_moves();
                // Every walk back to its start on offer captures when played.
                for m in moves.iter().filter(|m| m.is_idle()) {
                    let mut q = p.clone();
                    q.play(m).unwrap();
                    assert!(q.captures().iter().sum::<u32>() > p.captures().iter().sum::<u32>(), "{trigger}");
                    in_place += 1;
                }
                random_playout(&mut p, &mut rng, &mut buf, 1).unwrap();
            }
            assert_eq!(p.hash(), p.hash_from_scratch());
        }
        assert!(in_place > 0, "{trigger}: some game offered a walk back to its start");
    }
}

#[test]
fn tokens_are_earned_by_the_leader_and_revive_a_commoner() {
    // The red leader on a1 shoots over c... leader a1, commoner b3 walks to a3, target a5.
    let mut p = setup(&[], &[("a1", 'L'), ("b3", 'C'), ("a5", 'c'), ("d5", 'l')], RED);
    p = edited(&p, |s| {
        s.graveyard(RED, COMMONER, 2).reserve(RED, COMMONER, 4);
    });
    assert!(texts(&p).iter().all(|m| !m.contains("+revive")), "no token yet");
    play(&mut p, "b3-a3 a1xa5").unwrap();
    assert_eq!(p.counter(0, RED), 1, "the leader shot: one token");
    play(&mut p, "d5-d4").unwrap();
    assert!(texts(&p).contains("a3-b3 +revive"));
    play(&mut p, "a3-b3 +revive").unwrap();
    assert_eq!((p.counter(0, RED), p.graveyard(RED, COMMONER), p.reserve(RED, COMMONER)), (0, 1, 5));
    // A commoner's shot earns nothing; under token_rule=shooter-or-screen a leader screen does.
    let pieces = [("a1", 'C'), ("b3", 'L'), ("a5", 'c'), ("d5", 'l')];
    let mut p = setup(&[], &pieces, RED);
    play(&mut p, "b3-a3 a1xa5").unwrap();
    assert_eq!(p.counter(0, RED), 0);
    let mut p = setup(&[("token_rule", "shooter-or-screen")], &pieces, RED);
    play(&mut p, "b3-a3 a1xa5").unwrap();
    assert_eq!(p.counter(0, RED), 1);
}

#[test]
fn the_leaders_death_ends_the_game() {
    let mut p = setup(&[], &[("a1", 'C'), ("b3", 'C'), ("d1", 'L'), ("a5", 'l')], RED);
    play(&mut p, "b3-a3 a1xa5").unwrap();
    let r = p.outcome().expect("over");
    assert_eq!(r.winners, vec![RED]);
    assert_eq!(r.text, "R+");
}

#[test]
fn the_twenty_round_rule() {
    // More dead black commoners: black loses when the 40th quiet ply is played.
    let mut p = setup(&[], &[("a1", 'L'), ("d5", 'l')], RED);
    p = edited(&p, |s| {
        s.graveyard(BLACK, COMMONER, 2).graveyard(RED, COMMONER, 1).quiet_plies(39);
    });
    play(&mut p, "a1-a2").unwrap();
    assert_eq!(p.outcome().expect("over").winners, vec![RED]);
    // A tie: each side revives one commoner and the count starts again.
    let mut p = setup(&[], &[("a1", 'L'), ("d5", 'l')], RED);
    p = edited(&p, |s| {
        s.graveyard(BLACK, COMMONER, 1)
            .graveyard(RED, COMMONER, 1)
            .reserve(RED, COMMONER, 6)
            .reserve(BLACK, COMMONER, 6)
            .quiet_plies(39);
    });
    play(&mut p, "a1-a2").unwrap();
    assert!(!p.is_over());
    assert_eq!((p.graveyard(RED, COMMONER), p.reserve(RED, COMMONER)), (0, 7));
    assert_eq!((p.graveyard(BLACK, COMMONER), p.reserve(BLACK, COMMONER)), (0, 7));
    assert_eq!(p.quiet_plies(), 0);
    // death_count=cumulative counts every commoner ever lost, not the graveyard.
    let mut p = setup(&[("death_count", "cumulative")], &[("a1", 'L'), ("d5", 'l')], RED);
    p = edited(&p, |s| {
        s.graveyard(BLACK, COMMONER, 3).counter(1, RED, 2).quiet_plies(39);
    });
    play(&mut p, "a1-a2").unwrap();
    assert_eq!(p.outcome().expect("over").winners, vec![BLACK], "red lost 2, black 0 by count");
}

#[test]
fn a_side_without_actions_passes() {
    // Red's only piece is boxed in and it may not place (four on board is not the case: reserve empty).
    let mut p = setup(&[], &[("a1", 'L'), ("a2", 'c'), ("b1", 'c'), ("d5", 'l')], RED);
    p = edited(&p, |s| {
        s.reserve(RED, COMMONER, 0);
    });
    assert_eq!(texts(&p), labels("pass"));
    play(&mut p, "pass").unwrap();
    let mut q = setup(&[("stuck", "lose")], &[("a1", 'L'), ("a2", 'c'), ("b1", 'c'), ("d5", 'l')], BLACK);
    q = edited(&q, |s| {
        s.reserve(RED, COMMONER, 0);
    });
    // Black makes a quiet move; red then has no action and loses.
    play(&mut q, "d5-d4").unwrap();
    assert_eq!(q.outcome().map(|r| r.winners.clone()), Some(vec![BLACK]));
}

#[test]
fn perft_agrees_with_playing_every_move() {
    common::perft::check("leader-cannon.perft", common::perft::Speed::Quick);
    // A middle-game position with shots, tokens and revivals on offer.
    let mut p = setup(&[], &[("a1", 'L'), ("b3", 'C'), ("c2", 'C'), ("a5", 'c'), ("d5", 'l'), ("c4", 'c')], RED);
    p = edited(&p, |s| {
        s.counter(0, RED, 1).graveyard(RED, COMMONER, 1).reserve(RED, COMMONER, 4);
    });
    assert!(texts(&p).iter().any(|m| m.contains(" +revive")));
    assert_eq!(qipan::core::playout::perft(&p, 3), common::brute_perft(&p, 3));
}

#[test]
fn random_games_end_and_keep_their_books_straight() {
    use qipan::core::playout::{PlayoutBuf, random_playout};
    use rand::SeedableRng;
    let g = game(&[]);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
    let mut buf = PlayoutBuf::default();
    for _ in 0..200 {
        let mut p = g.start();
        random_playout(&mut p, &mut rng, &mut buf, 10_000).unwrap();
        assert!(p.is_over());
        assert_eq!(p.hash(), p.hash_from_scratch());
        for seat in [RED, BLACK] {
            // Every piece is on the board, in the reserve or in the graveyard.
            let on_board = g.board.node_ids().filter(|&n| p.cell(n).is_some_and(|c| c.seat == seat)).count() as u16;
            let total: u16 = [LEADER, COMMONER].iter().map(|&t| p.reserve(seat, t) + p.graveyard(seat, t)).sum();
            assert_eq!(on_board + total, 8, "seat {seat}");
        }
    }
}

#[test]
fn hooks_see_the_screen_before_and_after_the_move() {
    // A filter that forbids shots screened by the leader sees the moved leader as the screen.
    let src = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/games/leader-cannon.yaml")).unwrap();
    let src = src.replace(
        "hooks:\n",
        "hooks:\n  filter_move: |\n    if mv.screen_piece == \"leader\" { \"no leader screens\" } else { true }\n",
    );
    let g = qipan::load_str("lc.yaml", &src, &[]).unwrap();
    let mut p = g.start().to_setup();
    for (label, seat, piece) in
        [("a1", RED, COMMONER), ("b3", RED, LEADER), ("a5", BLACK, COMMONER), ("d5", BLACK, LEADER)]
    {
        p.put(g.board.find(label).unwrap(), Piece { seat, piece });
    }
    p.reserve(RED, LEADER, 0).reserve(RED, COMMONER, 6).reserve(BLACK, LEADER, 0).reserve(BLACK, COMMONER, 6);
    let p = p.into_position().unwrap();
    let t = texts(&p);
    assert!(t.contains("b3-a3") && !t.contains("b3-a3 a1xa5"), "the leader walking in as screen is seen: {t:?}");
}
