//! Seven Kingdoms chess: the pieces, Zhou, conquest, the hegemon and the player-count variants of
//! shared/rules/seven-kingdoms.md.

mod common;

use common::{dests, edited, play, seat, set};
use qipan::core::notation::move_text;
use qipan::core::{Position, SeatId};

const KINGDOMS: [&str; 7] = ["qin", "chu", "han", "qi", "wei", "zhao", "yan"];

fn game(opts: &[(&str, &str)]) -> std::sync::Arc<qipan::core::Game> {
    common::game("seven-kingdoms", opts)
}

/// An otherwise empty board (Zhou stays unless `zhou=passable`) with the given pieces, `mover` to move.
fn setup(opts: &[(&str, &str)], pieces: &[(&str, &str, &str)], mover: &str) -> Position {
    common::position_with(&game(opts), &["zhou"], pieces, mover)
}

#[test]
fn the_start_position_matches_the_table() {
    let g = game(&[]);
    let p = g.start();
    let at = |l: &str| {
        p.cell(g.board.find(l).unwrap())
            .map(|c| (g.seats[c.seat.idx()].name.clone(), g.pieces[c.piece.idx()].name.clone()))
    };
    assert_eq!(at("J10"), Some(("zhou".into(), "zhou".into())));
    assert_eq!(at("A10"), Some(("qin".into(), "general".into())));
    assert_eq!(at("F1"), Some(("chu".into(), "general".into())));
    assert_eq!(at("E10"), Some(("qin".into(), "envoy".into())));
    assert_eq!(at("K1"), Some(("han".into(), "knight".into())));
    assert_eq!(at("O14"), Some(("wei".into(), "envoy".into())));
    assert_eq!(at("M19"), Some(("zhao".into(), "officer".into())));
    let count = g.board.node_ids().filter(|&n| p.cell(n).is_some()).count();
    assert_eq!(count, 7 * 17 + 1, "120 pieces with Zhou");
    assert_eq!(p.to_move(), seat(&p, "qin"), "Qin moves first");
}

#[test]
fn turn_order_runs_through_the_seven_kingdoms() {
    let mut p = game(&[]).start();
    let mut order = Vec::new();
    for _ in 0..8 {
        order.push(p.game().seats[p.to_move().idx()].name.clone());
        let mv = p.legal_moves()[0];
        p.play(&mv).unwrap();
    }
    assert_eq!(order, ["qin", "chu", "han", "qi", "wei", "zhao", "yan", "qin"], "Zhou never moves");
}

#[test]
fn general_chancellor_and_officer_slide_and_zhou_blocks() {
    let p = setup(&[], &[("qin", "chancellor", "J7"), ("chu", "sword", "B7"), ("qin", "sword", "M7")], "qin");
    // North stops before Zhou on J10; west captures the Chu sword; east stops before the own sword.
    assert_eq!(dests(&p, "J7"), set("J8 J9 J6 J5 J4 J3 J2 J1 I7 H7 G7 F7 E7 D7 C7 B7 K7 L7"));
    let p = setup(&[], &[("qin", "officer", "G7")], "qin");
    let d = dests(&p, "G7");
    assert!(d.contains("I9") && !d.contains("J10") && !d.contains("K11"), "the diagonal stops at Zhou: {d:?}");
    let p = setup(&[], &[("qin", "general", "E5")], "qin");
    // Rook lines 4 + 14 + 4 + 14; diagonals 4 each, the north-east one stopping at Zhou (J10).
    assert_eq!(dests(&p, "E5").len(), 36 + 16);
}

#[test]
fn the_go_between_neither_captures_nor_is_captured() {
    let p = setup(&[], &[("qin", "envoy", "C3"), ("chu", "sword", "C6"), ("chu", "general", "D3")], "qin");
    let d = dests(&p, "C3");
    assert!(d.contains("C5") && !d.contains("C6") && !d.contains("D3"), "{d:?}");
    let p = setup(&[], &[("qin", "envoy", "C3"), ("chu", "general", "D3")], "chu");
    assert!(!dests(&p, "D3").contains("C3"), "nobody may take a go-between");
}

#[test]
fn the_cannon_needs_exactly_one_screen() {
    let pieces = [
        ("qin", "cannon", "J5"),
        ("chu", "sword", "J7"),
        ("qin", "sword", "D5"),
        ("qi", "sword", "B5"),
        ("wei", "sword", "A5"),
    ];
    let p = setup(&[], &pieces, "qin");
    let d = dests(&p, "J5");
    assert!(d.contains("J6") && !d.contains("J7"), "no capture without a screen: {d:?}");
    assert!(d.contains("B5") && !d.contains("A5"), "one screen (D5), not two: {d:?}");
    assert!(!d.contains("C5"), "it moves without capturing only along empty lines up to the first piece");
    // Zhou is a screen by default; not when the screen must be one's own.
    let pieces = [("qin", "cannon", "J8"), ("han", "sword", "J12")];
    assert!(dests(&setup(&[], &pieces, "qin"), "J8").contains("J12"));
    assert!(!dests(&setup(&[("cannon_screen", "own")], &pieces, "qin"), "J8").contains("J12"));
}

#[test]
fn ranged_pieces_and_options() {
    let p = setup(&[], &[("qin", "archer", "E5")], "qin");
    assert_eq!(dests(&p, "E5").len(), 8 * 4, "up to 4 points in each of 8 directions");
    let p = setup(&[("ranged", "exactly")], &[("qin", "archer", "E5"), ("qin", "crossbow", "K5")], "qin");
    assert_eq!(dests(&p, "E5"), set("E9 E1 I5 A5 I9 I1 A9 A1"), "exactly 4 points in each direction");
    assert!(dests(&p, "K5").contains("K10") && !dests(&p, "K5").contains("K9"), "the crossbow goes exactly 5");
}

#[test]
fn dagger_and_sword_take_one_step() {
    let p = setup(&[], &[("qin", "dagger", "E5"), ("qin", "sword", "L5")], "qin");
    assert_eq!(dests(&p, "E5"), set("D4 D6 F4 F6"));
    assert_eq!(dests(&p, "L5"), set("K5 M5 L4 L6"));
    let p = setup(&[("dagger", "any-direction")], &[("qin", "dagger", "E5")], "qin");
    assert_eq!(dests(&p, "E5"), set("D4 D6 F4 F6 D5 F5 E4 E6"));
}

#[test]
fn the_knight_leaps_one_straight_three_diagonal_and_is_blocked() {
    let p = setup(&[], &[("qin", "knight", "E5")], "qin");
    // Offsets (±3,±4) and (±4,±3) that stay on the board.
    assert_eq!(dests(&p, "E5"), set("H9 B9 H1 B1 I8 A8 I2 A2"));
    // A piece on any of the three passed points blocks; here E6 blocks both northern leaps.
    let p = setup(&[], &[("qin", "knight", "E5"), ("chu", "sword", "E6")], "qin");
    assert_eq!(dests(&p, "E5"), set("H1 B1 I8 A8 I2 A2"));
    let p = setup(&[], &[("qin", "knight", "E5"), ("chu", "sword", "G8")], "qin");
    assert!(!dests(&p, "E5").contains("H9"), "G8 is on the diagonal leg to H9");
    let p = setup(&[("knight", "up-to-3")], &[("qin", "knight", "E5")], "qin");
    assert!(dests(&p, "E5").is_superset(&set("F7 G8 H9 D7")), "{:?}", dests(&p, "E5"));
}

#[test]
fn zhou_passable_option() {
    let p = setup(&[("zhou", "passable")], &[("qin", "chancellor", "J7")], "qin");
    let d = dests(&p, "J7");
    assert!(!d.contains("J10") && d.contains("J11") && d.contains("J19"), "lines pass over the centre: {d:?}");
}

#[test]
fn a_captured_general_hands_the_army_to_its_captor() {
    let mut p = setup(
        &[],
        &[("qin", "chancellor", "F5"), ("chu", "general", "F8"), ("chu", "sword", "A1"), ("han", "general", "S1")],
        "qin",
    );
    play(&mut p, "F5-F8");
    let (qin, chu) = (seat(&p, "qin"), seat(&p, "chu"));
    assert!(!p.is_alive(chu), "Chu has fallen");
    assert_eq!(p.controller(chu), qin, "Qin commands Chu's remaining army");
    assert_eq!(p.game().seats[p.to_move().idx()].name, "han", "Chu's turn slot is gone");
    assert_eq!(p.counter(p.game().counters.iter().position(|c| c == "conquered").unwrap(), qin), 1);
    // The Chu sword now moves for Qin, on Qin's turn.
    play(&mut p, "S1-S2");
    for _ in 0..4 {
        let mv = p.legal_moves()[0];
        p.play(&mv).unwrap();
    }
    assert_eq!(p.game().seats[p.to_move().idx()].name, "qin");
    assert!(p.legal_moves().iter().any(|m| move_text(p.game(), m).starts_with("A1-")));
}

#[test]
fn ten_pieces_taken_by_one_kingdom_conquer() {
    let g = game(&[]);
    let from_chu = g.counters.iter().position(|c| c == "from_chu").unwrap();
    let mut p = setup(
        &[],
        &[("qin", "chancellor", "F5"), ("chu", "sword", "F8"), ("chu", "general", "A1"), ("chu", "dagger", "C3")],
        "qin",
    );
    p = edited(&p, |s| {
        s.counter(from_chu, seat(&p, "qin"), 9);
    });
    play(&mut p, "F5-F8");
    let chu = seat(&p, "chu");
    assert!(!p.is_alive(chu));
    assert!(p.cell(g.board.find("A1").unwrap()).is_none(), "the general goes as a captive");
    assert_eq!(p.controller(chu), seat(&p, "qin"));
    // With army=removed the rest of the army leaves the board.
    let mut p = setup(
        &[("army", "removed")],
        &[("qin", "chancellor", "F5"), ("chu", "sword", "F8"), ("chu", "general", "A1"), ("chu", "dagger", "C3")],
        "qin",
    );
    p = edited(&p, |s| {
        s.counter(from_chu, seat(&p, "qin"), 9);
    });
    play(&mut p, "F5-F8");
    assert!(p.cell(g.board.find("C3").unwrap()).is_none());
}

#[test]
fn total_losses_option_gives_the_army_to_the_biggest_captor() {
    let g = game(&[("conquest", "total")]);
    let from_chu = g.counters.iter().position(|c| c == "from_chu").unwrap();
    let mut p = setup(
        &[("conquest", "total")],
        &[("qin", "chancellor", "F5"), ("chu", "sword", "F8"), ("chu", "general", "A1")],
        "qin",
    );
    p = edited(&p, |s| {
        s.counter(from_chu, seat(&p, "han"), 6).counter(from_chu, seat(&p, "qin"), 3);
    });
    play(&mut p, "F5-F8");
    let chu = seat(&p, "chu");
    assert!(!p.is_alive(chu), "ten lost in all");
    assert_eq!(p.controller(chu), seat(&p, "han"), "Han took most of Chu");
}

#[test]
fn the_hegemon_wins_by_two_conquests_or_thirty_captures() {
    let g = game(&[]);
    let idx = |n: &str| g.counters.iter().position(|c| c == n).unwrap();
    let mut p = setup(&[], &[("qin", "chancellor", "F5"), ("chu", "general", "F8"), ("han", "general", "S1")], "qin");
    p = edited(&p, |s| {
        s.counter(idx("conquered"), seat(&p, "qin"), 1);
    });
    play(&mut p, "F5-F8");
    let r = p.outcome().expect("the second conquest makes Qin hegemon");
    assert_eq!(r.winners, vec![seat(&p, "qin")], "the winners are the hegemon's own kingdoms: {r:?}");
    let mut p = setup(
        &[],
        &[("qin", "chancellor", "F5"), ("chu", "sword", "F8"), ("chu", "general", "A1"), ("han", "general", "S1")],
        "qin",
    );
    p = edited(&p, |s| {
        s.counter(idx("kills"), seat(&p, "qin"), 29);
    });
    play(&mut p, "F5-F8");
    assert_eq!(p.outcome().expect("thirty captures").winners, vec![seat(&p, "qin")]);
    // hegemon=generals: captures do not count, two generals do.
    let mut p = setup(
        &[("hegemon", "generals")],
        &[("qin", "chancellor", "F5"), ("chu", "sword", "F8"), ("chu", "general", "A1"), ("han", "general", "S1")],
        "qin",
    );
    p = edited(&p, |s| {
        s.counter(idx("kills"), seat(&p, "qin"), 40);
    });
    play(&mut p, "F5-F8");
    assert!(!p.is_over());
}

#[test]
fn player_counts_seat_the_kingdoms() {
    let holders = |n: &str| -> Vec<String> {
        let g = game(&[("players", n)]);
        let p = g.start();
        (0..7).map(SeatId).map(|s| g.seats[p.controller(s).idx()].name.clone()).collect()
    };
    assert_eq!(holders("7"), KINGDOMS);
    assert_eq!(holders("6"), ["qin", "chu", "han", "qi", "wei", "zhao", "qin"]);
    assert_eq!(holders("5"), ["qin", "chu", "chu", "qi", "wei", "zhao", "qin"]);
    assert_eq!(holders("4"), ["qin", "chu", "chu", "qi", "qi", "zhao", "qin"]);
    assert_eq!(holders("3"), ["qin", "chu", "chu", "qi", "qi", "qin", "qin"]);
    assert_eq!(holders("2"), ["qin", "chu", "chu", "chu", "qin", "qin", "qin"]);
    // Kingdoms of one player never capture each other, and each keeps its turn.
    let mut p = setup(
        &[("players", "6")],
        &[("qin", "chancellor", "F5"), ("yan", "sword", "F8"), ("chu", "general", "A1")],
        "qin",
    );
    assert!(!dests(&p, "F5").contains("F8"));
    let mut order = Vec::new();
    for _ in 0..7 {
        order.push(p.game().seats[p.to_move().idx()].name.clone());
        let mv = p.legal_moves()[0];
        p.play(&mv).unwrap();
    }
    assert_eq!(order, KINGDOMS);
}

#[test]
fn perft_agrees_with_playing_every_move() {
    common::perft::check("seven-kingdoms.perft", common::perft::Speed::Quick);
}

#[test]
fn shuofu_seats_swap_each_pair() {
    let mut p = game(&[("shuofu_seats", "true")]).start();
    let g = p.game_arc().clone();
    let at = |p: &Position, l: &str| p.cell(g.board.find(l).unwrap()).map(|c| g.seats[c.seat.idx()].name.clone());
    assert_eq!(at(&p, "F1").as_deref(), Some("han"), "Han sits south-west");
    assert_eq!(at(&p, "N19").as_deref(), Some("yan"), "Yan sits north-east");
    let mut order = Vec::new();
    for _ in 0..7 {
        order.push(g.seats[p.to_move().idx()].name.clone());
        let mv = p.legal_moves()[0];
        p.play(&mv).unwrap();
    }
    assert_eq!(order, ["qin", "han", "chu", "wei", "qi", "yan", "zhao"], "seed 1's order");
}

#[test]
fn the_bloc_form_allies_the_six_against_qin() {
    let p = setup(
        &[("form", "blocs")],
        &[("chu", "chancellor", "F5"), ("han", "sword", "F8"), ("qin", "sword", "A5")],
        "chu",
    );
    let d = dests(&p, "F5");
    assert!(!d.contains("F8") && d.contains("A5"), "allies never capture each other: {d:?}");
    // Qin's general falling leaves one side: the bloc wins together.
    let mut p = setup(
        &[("form", "blocs")],
        &[("chu", "chancellor", "F5"), ("qin", "general", "F8"), ("han", "general", "S1")],
        "chu",
    );
    play(&mut p, "F5-F8");
    let r = p.outcome().expect("only the bloc is left");
    assert!(r.winners.contains(&seat(&p, "chu")) && r.winners.contains(&seat(&p, "han")), "{r:?}");
}

#[test]
fn a_player_losing_one_kingdom_keeps_its_others() {
    // Six players: Qin also holds Yan. Chu takes Qin's general: Qin falls to Chu, Yan plays on for itself.
    let mut p = setup(
        &[("players", "6")],
        &[("chu", "chancellor", "F5"), ("qin", "general", "F8"), ("yan", "sword", "F15"), ("han", "general", "S1")],
        "chu",
    );
    let idx = |n: &str| p.game().counters.iter().position(|c| c == n).unwrap();
    let kills = idx("kills");
    p = edited(&p, |s| {
        s.counter(kills, seat(&p, "qin"), 7);
    });
    play(&mut p, "F5-F8");
    let (qin, chu, yan) = (seat(&p, "qin"), seat(&p, "chu"), seat(&p, "yan"));
    assert!(!p.is_alive(qin) && p.is_alive(yan));
    assert_eq!(p.controller(qin), chu);
    assert_eq!(p.controller(yan), yan, "Yan goes on under its own seat");
    assert_eq!(p.counter(kills, yan), 7, "the player's counts follow it");
    assert!(!p.is_over());
}

#[test]
fn transferred_captures_count_when_asked() {
    let g = game(&[("count_transferred", "true")]);
    let kills = g.counters.iter().position(|c| c == "kills").unwrap();
    let mut p = setup(
        &[("count_transferred", "true")],
        &[("qin", "chancellor", "F5"), ("chu", "general", "F8"), ("han", "general", "S1")],
        "qin",
    );
    p = edited(&p, |s| {
        s.counter(kills, seat(&p, "chu"), 5);
    });
    play(&mut p, "F5-F8");
    assert_eq!(p.counter(kills, seat(&p, "qin")), 1 + 5, "Qin's own capture plus Chu's earlier ones");
}

#[test]
fn turn_pieces_kingdom_moves_only_the_kingdoms_own_pieces() {
    // Six players: Qin also holds Yan.
    let pieces = [("qin", "chancellor", "F5"), ("yan", "sword", "F15"), ("chu", "general", "A1")];
    // By default, on either of its kingdoms' turns the player moves any piece it commands.
    for mover in ["qin", "yan"] {
        let p = setup(&[("players", "6")], &pieces, mover);
        assert!(!dests(&p, "F5").is_empty() && !dests(&p, "F15").is_empty(), "{mover}'s turn");
    }
    // turn_pieces=kingdom: Qin's turn moves Qin's pieces only, Yan's turn Yan's.
    let opts = [("players", "6"), ("turn_pieces", "kingdom")];
    let p = setup(&opts, &pieces, "qin");
    assert!(!dests(&p, "F5").is_empty() && dests(&p, "F15").is_empty());
    let p = setup(&opts, &pieces, "yan");
    assert!(dests(&p, "F5").is_empty() && !dests(&p, "F15").is_empty());
    // With one kingdom per player the option changes nothing.
    let p = setup(&[("turn_pieces", "kingdom")], &pieces, "qin");
    assert!(dests(&p, "F15").is_empty(), "Yan is another player");
}

/// Plays the first legal move of each kingdom to move until it is `kingdom`'s turn.
fn play_until(p: &mut Position, kingdom: &str) {
    for _ in 0..7 {
        if p.game().seats[p.to_move().idx()].name == kingdom {
            return;
        }
        let mv = p.legal_moves()[0];
        p.play(&mv).unwrap();
    }
    panic!("{kingdom} never moves");
}

#[test]
fn under_turn_pieces_kingdom_a_conquered_army_joins_the_conquering_kingdom() {
    // Six players (Qin holds Yan). Yan's chancellor takes Chu's general: Chu's army is Yan's now.
    let pieces = [
        ("qin", "chancellor", "F5"),
        ("yan", "chancellor", "F15"),
        ("chu", "general", "F8"),
        ("chu", "sword", "A1"),
        ("han", "general", "S1"),
    ];
    let opts = [("players", "6"), ("turn_pieces", "kingdom")];
    let mut p = setup(&opts, &pieces, "yan");
    play(&mut p, "F15-F8");
    let (qin, chu, yan) = (seat(&p, "qin"), seat(&p, "chu"), seat(&p, "yan"));
    let a1 = p.game().board.find("A1").unwrap();
    assert!(!p.is_alive(chu));
    assert_eq!(p.controller(chu), qin, "the player conquers");
    assert_eq!(p.cell(a1).map(|c| c.seat), Some(yan), "the army takes the conquering kingdom's colour");
    let conquered = p.game().counters.iter().position(|c| c == "conquered").unwrap();
    assert_eq!(p.counter(conquered, qin), 1, "counts stay the player's");
    // Qin's turn: the sword does not move; Yan's turn: it does.
    assert_eq!(p.game().seats[p.to_move().idx()].name, "qin");
    assert!(dests(&p, "A1").is_empty() && !dests(&p, "F5").is_empty());
    play(&mut p, "F5-E5");
    play_until(&mut p, "yan");
    assert!(!dests(&p, "A1").is_empty() && dests(&p, "E5").is_empty());
    // By default the army stays Chu's and moves on any turn of Qin's player.
    let mut p = setup(&[("players", "6")], &pieces, "yan");
    play(&mut p, "F15-F8");
    assert_eq!(p.cell(a1).map(|c| c.seat), Some(chu));
    assert!(!dests(&p, "A1").is_empty(), "Qin's turn");
    // Under conquest=total the army goes to the player that took most of the kingdom: its first kingdom.
    let opts = [("players", "6"), ("turn_pieces", "kingdom"), ("conquest", "total")];
    let g = game(&opts);
    let from_chu = g.counters.iter().position(|c| c == "from_chu").unwrap();
    let mut p = setup(
        &opts,
        &[
            ("yan", "chancellor", "F15"),
            ("chu", "sword", "F8"),
            ("chu", "general", "A2"),
            ("chu", "dagger", "A1"),
            ("han", "general", "S1"),
        ],
        "yan",
    );
    p = edited(&p, |s| {
        s.counter(from_chu, seat(&p, "han"), 6).counter(from_chu, seat(&p, "qin"), 3);
    });
    play(&mut p, "F15-F8");
    assert!(!p.is_alive(chu));
    assert_eq!(p.cell(a1).map(|c| c.seat), Some(seat(&p, "han")));
}

#[test]
fn a_conquered_army_is_drawn_as_its_commanders_pieces() {
    use qipan::core::render::{svg, text};
    // Row 1 of the text diagram starts with the piece on A1.
    let row1 = |p: &Position| text(p).lines().find(|l| l.starts_with("  1 ")).unwrap().to_string();
    let pieces =
        [("qin", "chancellor", "F5"), ("chu", "general", "F8"), ("chu", "sword", "A1"), ("han", "general", "S1")];
    let mut p = setup(&[], &pieces, "qin");
    // Chu's pieces are lettered in its red.
    let chu_red = |p: &Position| svg(p).matches("fill=\"#c0392b\">").count();
    assert!(row1(&p).starts_with("  1 CS"), "{}", row1(&p));
    assert_eq!(chu_red(&p), 2, "Chu's general and sword");
    play(&mut p, "F5-F8");
    // Chu's sword, commanded by Qin now, is lettered and coloured as Qin's: both pictures are those of
    // the same position with a sword of Qin's own on A1.
    let a1 = p.game().board.find("A1").unwrap();
    let own = edited(&p, |s| {
        s.put(a1, qipan::core::Piece { seat: seat(&p, "qin"), piece: p.game().piece("sword").unwrap() });
    });
    assert!(row1(&p).starts_with("  1 QS"), "{}", text(&p));
    assert_eq!(text(&p), text(&own));
    assert_eq!(chu_red(&p), 0, "no piece is drawn in Chu's red");
    assert_eq!(svg(&p), svg(&own));
    // Six players: Yan, which Qin's player holds from the start, keeps its letter; the army Yan takes is
    // drawn as its player's (Qin), who moves it on all its turns.
    let pieces = [
        ("yan", "chancellor", "F15"),
        ("yan", "sword", "B1"),
        ("chu", "general", "F8"),
        ("chu", "sword", "A1"),
        ("han", "general", "S1"),
    ];
    let mut p = setup(&[("players", "6")], &pieces, "yan");
    play(&mut p, "F15-F8");
    assert!(row1(&p).starts_with("  1 QS YS"), "{}", text(&p));
    // Under turn_pieces=kingdom the army became Yan's own.
    let mut p = setup(&[("players", "6"), ("turn_pieces", "kingdom")], &pieces, "yan");
    play(&mut p, "F15-F8");
    assert!(row1(&p).starts_with("  1 YS YS"), "{}", text(&p));
}
