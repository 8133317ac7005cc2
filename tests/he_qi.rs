//! He Qi 和畦棋: the round board, walks and their modes, pawns, absorption, lone kings and the game
//! forms of shared/rules/he-qi.md. Walk destinations are checked against an independent enumeration
//! written from the rules' text (§1.2 and §1.3) on coordinates, not on the engine's relations.

mod common;

use common::{dests, play, seat, set};
use qipan::core::notation::move_text;
use qipan::core::{EndReason, Game, Piece, Position, SeatId};
use rand::{Rng, SeedableRng};
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

const SIDES: [&str; 5] = ["red", "yellow", "blue", "green", "black"];

fn game(opts: &[(&str, &str)]) -> Arc<Game> {
    common::game("he-qi", opts)
}

/// An empty board with the given (seat, piece, node) pieces, `mover` to move.
fn setup(opts: &[(&str, &str)], pieces: &[(&str, &str, &str)], mover: &str) -> Position {
    common::position_with(&game(opts), &[], pieces, mover)
}

fn seat_name(p: &Position, s: SeatId) -> &str {
    &p.game().seats[s.idx()].name
}

// ----- the board -----

#[test]
fn geometry_counts() {
    let g = game(&[]);
    let b = &g.board;
    assert_eq!(b.len(), 500 + 25 + 1);
    let edges = |rel: &str| {
        let r = b.relation(rel).unwrap();
        b.node_ids().map(|n| b.edges(r, n).len()).sum::<usize>()
    };
    // Directed edges. Orthogonal: around each ring both ways, and between neighbouring rings both ways.
    assert_eq!(edges("orthogonal"), 500 * 2 + 4 * 100 * 2);
    // Diagonal: between neighbouring rings, two sectors each way, both ways; ring 1 has none inward.
    assert_eq!(edges("diagonal"), 4 * 100 * 2 * 2);
    // Same colour: every diagonal, jumps of two around each ring, and jumps of two across rings 1-3, 2-4, 3-5.
    assert_eq!(edges("same-colour"), 1600 + 500 * 2 + 3 * 100 * 2);
    // Each eye and its two ring-1 cells, both ways; the hub joins every eye to the 24 others.
    assert_eq!(edges("eye"), 25 * 2 * 2);
    assert_eq!(edges("hub"), 25 * 24);
    assert_eq!(edges("channel"), 0);
    for (i, side) in SIDES.iter().enumerate() {
        let z = b.zone(&format!("{side}-land")).unwrap();
        let members: Vec<_> = b.node_ids().filter(|&n| b.node(n).zones & (1 << z) != 0).collect();
        assert_eq!(members.len(), 105, "{side}: 100 cells and 5 eyes");
        for e in 0..5 {
            assert!(members.contains(&b.find(&format!("eye{}", 5 * i + e)).unwrap()));
        }
        let black = b.colour("black").unwrap();
        let blacks = members.iter().filter(|&&n| b.node(n).colour == Some(black)).count();
        assert_eq!(blacks, 50, "{side}: half the cells are black");
    }
    // Black iff ring + sector is odd: r1s0 is black, r1s1 white.
    let colour = |l: &str| b.colour_names()[b.node(b.find(l).unwrap()).colour.unwrap() as usize].clone();
    assert_eq!((colour("r1s0"), colour("r1s1"), colour("r2s1")), ("black".into(), "white".into(), "black".into()));
    // Eye e links to ring-1 sectors 4e+1 and 4e+2.
    let eye = b.relation("eye").unwrap();
    let e7: BTreeSet<String> = b.edges(eye, b.find("eye7").unwrap()).iter().map(|e| b.label(e.to).into()).collect();
    assert_eq!(e7, set("r1s29 r1s30"));
}

#[test]
fn board_options_change_the_graph() {
    let edges = |g: &Game, rel: &str| {
        let r = g.board.relation(rel).unwrap();
        g.board.node_ids().map(|n| g.board.edges(r, n).len()).sum::<usize>()
    };
    let stop = game(&[("hub", "stop")]);
    assert_eq!(edges(&stop, "hub"), 25 * 2, "the hub is a node one step from each eye");
    let ring = game(&[("eye_ring", "true")]);
    assert_eq!(edges(&ring, "channel"), 25 * 2);
    // Stripes: colour by sector, so same-colour steps run along the rays and jump around the rings.
    let stripes = game(&[("colours", "stripes")]);
    let b = &stripes.board;
    let c = |l: &str| b.node(b.find(l).unwrap()).colour;
    assert_eq!(c("r1s4"), c("r5s4"));
    assert_ne!(c("r1s4"), c("r1s5"));
    assert_eq!(edges(&stripes, "same-colour"), 4 * 100 * 2 + 500 * 2);
}

// ----- the setup -----

#[test]
fn the_setup_matches_the_derivation() {
    let g = game(&[]);
    let p = g.start();
    let at = |l: &str| {
        p.cell(g.board.find(l).unwrap())
            .map(|c| format!("{} {}", g.seats[c.seat.idx()].name, g.pieces[c.piece.idx()].name))
    };
    assert_eq!(at("r5s9").as_deref(), Some("red king"));
    assert_eq!(at("r3s67").as_deref(), Some("green marshal"));
    assert_eq!(at("r3s71").as_deref(), Some("green marshal"));
    assert_eq!(at("r3s45").as_deref(), Some("blue general"));
    assert_eq!(at("r3s53").as_deref(), Some("blue general"));
    assert_eq!(at("r4s28").as_deref(), Some("yellow wu"));
    assert_eq!(at("r2s97").as_deref(), Some("black wu"));
    assert_eq!(at("r1s98").as_deref(), Some("black pawn"));
    for side in g.seat_ids() {
        let count = |piece: &str| {
            g.board
                .node_ids()
                .filter(|&n| p.cell(n) == Some(Piece { seat: side, piece: g.piece(piece).unwrap() }))
                .count()
        };
        let counts: Vec<usize> = ["king", "marshal", "general", "wu", "pawn"].iter().map(|k| count(k)).collect();
        assert_eq!(counts, vec![1, 2, 2, 10, 10]);
        // Every king stands on a white ring-5 inner cell of its middle region.
        let king = g.board.find(&format!("r5s{}", 20 * side.idx() + 9)).unwrap();
        assert_eq!(p.cell(king).map(|c| c.piece), g.piece("king"));
        assert_eq!(g.board.colour_names()[g.board.node(king).colour.unwrap() as usize], "white");
    }
    // Reading (C) of the generals' rule.
    let c = game(&[("generals", "literal")]);
    let q = c.start();
    assert_eq!(q.cell(c.board.find("r3s9").unwrap()).map(|x| x.piece), c.piece("general"));
    assert_eq!(q.cell(c.board.find("r3s13").unwrap()), None);
}

#[test]
fn turn_order_and_player_counts() {
    let mut p = game(&[]).start();
    let mut order = Vec::new();
    for _ in 0..5 {
        order.push(seat_name(&p, p.to_move()).to_string());
        let mv = p.legal_moves()[0];
        p.play(&mv).unwrap();
    }
    assert_eq!(order, SIDES);
    for (players, seating, sides) in [
        ("2", "first", "red yellow"),
        ("3", "first", "red yellow blue"),
        ("4", "first", "red yellow blue green"),
        ("2", "spread", "red blue"),
        ("3", "spread", "red blue green"),
    ] {
        let g = game(&[("players", players), ("seating", seating)]);
        let p = g.start();
        let with_pieces: BTreeSet<String> =
            g.board.node_ids().filter_map(|n| p.cell(n)).map(|c| g.seats[c.seat.idx()].name.clone()).collect();
        assert_eq!(with_pieces, set(sides), "{players} players, {seating}");
        let mut q = p.clone();
        let mut seen = BTreeSet::new();
        for _ in 0..players.parse::<usize>().unwrap() {
            seen.insert(seat_name(&q, q.to_move()).to_string());
            let mv = q.legal_moves()[0];
            q.play(&mv).unwrap();
        }
        assert_eq!(seen, set(sides), "only the seated sides move");
    }
}

// ----- walks -----

/// The rules' geometry on coordinates: a cell (ring, sector), an eye, or the hub.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
enum Node {
    Cell(i32, i32),
    Eye(i32),
}

impl Node {
    fn label(self) -> String {
        match self {
            Node::Cell(r, s) => format!("r{r}s{}", s.rem_euclid(100)),
            Node::Eye(e) => format!("eye{e}"),
        }
    }
}

/// Which step modes a step belongs to: king-steps, same-colour steps, or neither (eye steps).
const KING: u8 = 1;
const SAME: u8 = 2;

/// Every step from `n` of §1.2, with the modes it belongs to and the cell it jumps over (if any).
fn steps(n: Node) -> Vec<(Node, u8, Option<Node>)> {
    let mut out = Vec::new();
    match n {
        Node::Cell(r, s) => {
            let cell = |r: i32, s: i32| (1..=5).contains(&r).then_some(Node::Cell(r, s.rem_euclid(100)));
            for (dr, ds) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                if let Some(x) = cell(r + dr, s + ds) {
                    out.push((x, KING, None));
                }
                // A jump of two over the cell between, which has the other colour.
                if let (Some(mid), Some(x)) = (cell(r + dr, s + ds), cell(r + 2 * dr, s + 2 * ds)) {
                    out.push((x, SAME, Some(mid)));
                }
            }
            for (dr, ds) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                if let Some(x) = cell(r + dr, s + ds) {
                    out.push((x, KING | SAME, None));
                }
            }
            if r == 1 && matches!(s.rem_euclid(4), 1 | 2) {
                out.push((Node::Eye(s.rem_euclid(100) / 4), 0, None));
            }
        }
        Node::Eye(e) => {
            out.push((Node::Cell(1, 4 * e + 1), 0, None));
            out.push((Node::Cell(1, 4 * e + 2), 0, None));
            for f in 0..25 {
                if f != e {
                    out.push((Node::Eye(f), 0, None));
                }
            }
        }
    }
    out
}

/// Destinations of a walk of 1..=budget steps from `from` (§1.3): intermediate nodes and jumped cells
/// empty (the start counts as empty), each segment between eyes in one mode, never back to the start,
/// ending on an empty node or another side's piece. Exhaustive over (node, segment modes, steps left).
/// `eye_resets` false keeps the mode through eyes (a wrong reading, to show the rule matters).
fn reference_walk(occupied: &HashMap<Node, bool>, from: Node, budget: u32, eye_resets: bool) -> BTreeSet<String> {
    let busy = |n: Node| n != from && occupied.contains_key(&n);
    let mut best: HashMap<(Node, u8), u32> = HashMap::new();
    let mut dests = BTreeSet::new();
    let mut stack = vec![(from, KING | SAME, budget)];
    while let Some((at, modes, left)) = stack.pop() {
        if left == 0 {
            continue;
        }
        for (to, kinds, jumped) in steps(at) {
            let m = match kinds {
                0 if eye_resets => KING | SAME,
                0 => modes,
                k => modes & k,
            };
            if m == 0 || jumped.is_some_and(busy) {
                continue;
            }
            if to != from {
                let mine = occupied.get(&to).copied().unwrap_or(false);
                if !mine {
                    dests.insert(to.label());
                }
            }
            if busy(to) {
                continue;
            }
            let key = (to, m);
            if best.get(&key).is_none_or(|&b| b < left - 1) {
                best.insert(key, left - 1);
                stack.push((to, m, left - 1));
            }
        }
    }
    dests
}

fn node_of(label: &str) -> Node {
    if let Some(e) = label.strip_prefix("eye") {
        return Node::Eye(e.parse().unwrap());
    }
    let (r, s) = label[1..].split_once('s').unwrap();
    Node::Cell(r.parse().unwrap(), s.parse().unwrap())
}

#[test]
fn walks_agree_with_the_rules_on_random_positions() {
    let g = game(&[]);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let labels: Vec<String> = g.board.node_ids().map(|n| g.board.label(n).to_string()).filter(|l| l != "hub").collect();
    let (mut checked, mut needs_reset) = (0, 0);
    for round in 0..200 {
        // A crowded or a sparse board, with the walker among friends and enemies.
        let density = if round % 2 == 0 { 0.5 } else { 0.15 };
        let mut pieces: Vec<(&str, &str, String)> = Vec::new();
        let mut used = BTreeSet::new();
        let (walker, budget) = [("king", 1), ("wu", 3), ("general", 5), ("marshal", 7)][round % 4];
        // Start near the channel half the time, where walks go through eyes.
        let start = loop {
            let l = labels[rng.random_range(0..labels.len())].clone();
            if l.starts_with('r') && (round % 3 != 0 || l.starts_with("r1") || l.starts_with("r2")) {
                break l;
            }
        };
        used.insert(start.clone());
        pieces.push(("red", walker, start.clone()));
        for l in &labels {
            if !used.contains(l) && rng.random_bool(density) {
                let side = if rng.random_bool(0.5) { "red" } else { "blue" };
                pieces.push((side, "wu", l.clone()));
            }
        }
        let list: Vec<(&str, &str, &str)> = pieces.iter().map(|(s, k, l)| (*s, *k, l.as_str())).collect();
        let p = setup(&[], &list, "red");
        let occupied: HashMap<Node, bool> = pieces.iter().map(|(s, _, l)| (node_of(l), *s == "red")).collect();
        let want = reference_walk(&occupied, node_of(&start), budget, true);
        assert_eq!(dests(&p, &start), want, "{walker} on {start}, round {round}");
        checked += want.len();
        // Walks that only the eye's reset of the mode allows.
        needs_reset += want.difference(&reference_walk(&occupied, node_of(&start), budget, false)).count();
    }
    assert!(checked > 1000, "the positions exercise long walks ({checked} destinations)");
    assert!(needs_reset > 0, "some walks change mode at an eye");
}

#[test]
fn king_steps_same_colour_jumps_and_the_eye() {
    let p = setup(&[], &[("red", "king", "r3s9")], "red");
    assert_eq!(
        dests(&p, "r3s9"),
        set("r3s8 r3s10 r2s9 r4s9 r2s8 r2s10 r4s8 r4s10 r3s7 r3s11 r1s9 r5s9"),
        "4 orthogonal, 4 diagonal, 4 same-colour jumps"
    );
    // An inner ring-1 cell also steps into its eye; nothing lies inside ring 1.
    let p = setup(&[], &[("red", "king", "r1s1")], "red");
    assert_eq!(dests(&p, "r1s1"), set("r1s0 r1s2 r2s1 r2s0 r2s2 r1s99 r1s3 r3s1 eye0"));
}

#[test]
fn the_jumped_cell_must_be_empty_unless_the_option_allows() {
    let pieces = [("red", "king", "r3s9"), ("blue", "wu", "r3s10")];
    let p = setup(&[], &pieces, "red");
    assert!(dests(&p, "r3s9").contains("r3s10"), "capture the piece next door");
    assert!(!dests(&p, "r3s9").contains("r3s11"), "no jump over it");
    let p = setup(&[("jump", "any")], &pieces, "red");
    assert!(dests(&p, "r3s9").contains("r3s11"));
}

#[test]
fn diagonal_squeeze_between_two_pieces() {
    let pieces = [("red", "king", "r3s9"), ("blue", "wu", "r3s10"), ("blue", "wu", "r4s9")];
    let p = setup(&[], &pieces, "red");
    assert!(dests(&p, "r3s9").contains("r4s10"), "by default a diagonal passes between two pieces");
    let p = setup(&[("squeeze", "blocked")], &pieces, "red");
    assert!(!dests(&p, "r3s9").contains("r4s10"));
    assert!(dests(&p, "r3s9").contains("r2s10"), "other diagonals are free");
    // One piece beside the diagonal is not a squeeze.
    let p = setup(&[("squeeze", "blocked")], &pieces[..2], "red");
    assert!(dests(&p, "r3s9").contains("r4s10"));
}

#[test]
fn eyes_and_the_hub() {
    // From an eye: its two cells, and any other eye through the hub in one step.
    let p = setup(&[], &[("red", "king", "eye3")], "red");
    let d = dests(&p, "eye3");
    assert_eq!(d.len(), 2 + 24);
    assert!(d.contains("r1s13") && d.contains("r1s14") && d.contains("eye17"));
    assert!(!d.contains("hub") && !d.contains("eye3"));
    // A piece in the way on the hub's far side does not matter: the hub joins eyes directly.
    let p = setup(&[], &[("red", "wu", "r2s13"), ("blue", "wu", "eye20")], "red");
    let d = dests(&p, "r2s13");
    assert!(d.contains("eye20"), "r2s13 - r1s13 - eye3 - eye20 captures");
    assert!(!d.contains("r1s81"), "four steps away");
    // The hub as a stop: two steps between eyes, and a destination itself.
    let p = setup(&[("hub", "stop")], &[("red", "king", "eye3")], "red");
    assert_eq!(dests(&p, "eye3"), set("r1s13 r1s14 hub"));
    let p = setup(&[("eye_ring", "true"), ("hub", "stop")], &[("red", "king", "eye0")], "red");
    assert_eq!(dests(&p, "eye0"), set("r1s1 r1s2 hub eye1 eye24"));
}

#[test]
fn a_mode_is_kept_until_an_eye() {
    // r3s9 and r4s13 have different colours (no same-colour walk joins them) and are four king-steps
    // apart; a jump, an orthogonal step and a diagonal would join them in three, mixing the modes.
    let p = setup(&[], &[("red", "wu", "r3s9")], "red");
    let d = dests(&p, "r3s9");
    assert!(!d.contains("r4s13"), "jump then king-steps is two modes");
    assert!(d.contains("r3s12"), "three king-steps");
    assert!(d.contains("r3s13"), "two jumps");
    assert!(d.contains("r4s12"), "a jump then a diagonal: same colour throughout");
}

#[test]
fn a_walk_never_ends_on_its_start_but_may_pass_it() {
    let p = setup(&[], &[("red", "marshal", "r1s1")], "red");
    let d = dests(&p, "r1s1");
    assert!(!d.contains("r1s1"));
    // eye0 -> other eyes -> back through eye0's cells: the start counts as empty once left.
    assert!(d.contains("r1s2") && d.contains("eye0"));
    // Two walks with the same ends are one move.
    let moves: Vec<String> = p.legal_moves().iter().map(|m| move_text(p.game(), m)).collect();
    let unique: BTreeSet<&String> = moves.iter().collect();
    assert_eq!(moves.len(), unique.len());
}

// ----- pawns -----

#[test]
fn pawns_at_home_move_sideways_and_forward_only() {
    let p = setup(&[], &[("red", "pawn", "r1s5")], "red");
    assert_eq!(dests(&p, "r1s5"), set("r1s4 r1s6 r1s3 r1s7 eye1"));
    // From a home eye: to any other eye through the hub, never back onto a home cell.
    let p = setup(&[], &[("red", "pawn", "eye1")], "red");
    let d = dests(&p, "eye1");
    assert_eq!(d.len(), 24);
    assert!(d.iter().all(|l| l.starts_with("eye")));
    // A pawn off ring 1 at home (after a capture, say) has no move: never outward, only ring 1 sideways.
    let p = setup(&[], &[("red", "pawn", "r2s5")], "red");
    assert!(dests(&p, "r2s5").is_empty());
}

#[test]
fn pawns_abroad_move_anywhere_but_home() {
    // In Yellow's territory: every kind of step, but never back into Red's.
    let p = setup(&[], &[("red", "pawn", "r1s20")], "red");
    assert_eq!(dests(&p, "r1s20"), set("r1s21 r2s20 r2s21 r1s22 r3s20"));
    let p = setup(&[], &[("red", "pawn", "eye6"), ("blue", "wu", "eye2")], "red");
    let d = dests(&p, "eye6");
    assert!(d.contains("r1s25") && d.contains("r1s26") && d.contains("eye24"));
    assert!(!d.contains("eye2"), "not even to capture at home");
    assert!(!(0..5).any(|e| d.contains(&format!("eye{e}"))));
    // Sideways out of the home territory is allowed.
    let p = setup(&[], &[("red", "pawn", "r1s19")], "red");
    assert!(dests(&p, "r1s19").contains("r1s20"));
}

#[test]
fn pawn_home_may_follow_the_side() {
    // Red has absorbed Yellow: with `pawn_home=side` Yellow's land is home too.
    let pieces = [
        ("red", "king", "r5s9"),
        ("red", "pawn", "r1s25"),
        ("yellow", "king", "r4s9"),
        ("blue", "king", "r5s49"),
        ("blue", "wu", "r5s48"),
    ];
    for (opt, home) in [("original", false), ("side", true)] {
        let mut p = setup(&[("pawn_home", opt)], &pieces, "red");
        play(&mut p, "r5s9-r4s9");
        assert_eq!(p.controller(seat(&p, "yellow")), seat(&p, "red"));
        // Yellow's turn slot, now Red's: the pawn in Yellow's land.
        assert_eq!(p.to_move(), seat(&p, "yellow"));
        let d = dests(&p, "r1s25");
        assert_eq!(d.contains("r2s25"), !home, "{opt}: outward only while abroad");
        if home {
            assert_eq!(d, set("r1s24 r1s26 r1s23 r1s27 eye6"));
        }
    }
}

// ----- absorption, lone kings, victory -----

#[test]
fn capturing_a_king_absorbs_its_side_with_its_turns() {
    let pieces = [
        ("red", "king", "r5s9"),
        ("red", "wu", "r5s10"),
        ("yellow", "king", "r5s11"),
        ("yellow", "wu", "r5s30"),
        ("blue", "king", "r5s49"),
        ("blue", "marshal", "r5s12"),
        ("green", "king", "r5s69"),
        ("green", "wu", "r5s70"),
        ("black", "king", "r5s89"),
        ("black", "wu", "r5s90"),
    ];
    let mut p = setup(&[], &pieces, "red");
    play(&mut p, "r5s10-r5s11");
    let (red, yellow, blue) = (seat(&p, "red"), seat(&p, "yellow"), seat(&p, "blue"));
    assert_eq!(p.controller(yellow), red);
    assert!(p.is_alive(yellow), "Yellow's turns go on, played by Red");
    assert_eq!(p.to_move(), yellow);
    // On Yellow's turn Red may move any of its pieces, its own included.
    assert!(dests(&p, "r5s9").contains("r4s9"));
    assert!(dests(&p, "r5s30").contains("r4s30"));
    play(&mut p, "r5s30-r4s30");
    // Blue captures Red's king: Blue takes Red with Yellow (a chain of absorption).
    assert_eq!(p.to_move(), blue);
    play(&mut p, "r5s12-r5s9");
    assert_eq!((p.controller(red), p.controller(yellow)), (blue, blue));
    play_to(&mut p, "green", "r5s70-r4s70");
    play_to(&mut p, "black", "r5s90-r4s90");
    assert_eq!(p.to_move(), red, "Red's turn goes on, played by Blue");
    assert!(!dests(&p, "r4s30").is_empty(), "with Yellow's old pieces");
    assert!(!dests(&p, "r5s9").is_empty(), "and Blue's own");
    play(&mut p, "r4s30-r3s30");
    assert_eq!(p.to_move(), yellow);
}

/// Plays `mv` as `side` (asserting it is that side's turn).
fn play_to(p: &mut Position, side: &str, mv: &str) {
    assert_eq!(seat_name(p, p.to_move()), side);
    play(p, mv);
}

#[test]
fn absorbed_turns_options() {
    let pieces = [
        ("red", "king", "r5s9"),
        ("red", "wu", "r5s10"),
        ("red", "wu", "r2s5"),
        ("yellow", "king", "r5s11"),
        ("yellow", "wu", "r5s30"),
        ("blue", "king", "r5s49"),
        ("blue", "wu", "r5s50"),
    ];
    let opts = |v| vec![("players", "3"), ("absorbed_turns", v)];
    // own: on Yellow's slot only Yellow's pieces move.
    let mut p = setup(&opts("own"), &pieces, "red");
    play(&mut p, "r5s10-r5s11");
    assert_eq!(seat_name(&p, p.to_move()), "yellow");
    assert!(dests(&p, "r5s9").is_empty());
    assert!(!dests(&p, "r5s30").is_empty());
    // dropped: Yellow's slot is gone; Red moves Yellow's pieces on its own turns.
    let mut p = setup(&opts("dropped"), &pieces, "red");
    play(&mut p, "r5s10-r5s11");
    assert_eq!(seat_name(&p, p.to_move()), "blue");
    play(&mut p, "r5s50-r4s50");
    assert_eq!(seat_name(&p, p.to_move()), "red");
    assert!(!dests(&p, "r5s30").is_empty());
}

#[test]
fn a_side_left_with_its_king_alone_is_out() {
    let pieces = [
        ("red", "king", "r5s9"),
        ("red", "wu", "r4s25"),
        ("yellow", "king", "r5s29"),
        ("yellow", "pawn", "r4s26"),
        ("blue", "king", "r5s49"),
        ("blue", "wu", "r5s50"),
    ];
    let opts = [("players", "3")];
    let mut p = setup(&opts, &pieces, "red");
    play(&mut p, "r4s25-r4s26");
    let yellow = seat(&p, "yellow");
    assert!(!p.is_alive(yellow), "Yellow has only its king");
    assert_eq!(p.cell(p.game().board.find("r5s29").unwrap()), None, "the lone king leaves the board");
    assert_eq!(seat_name(&p, p.to_move()), "blue", "and its turn is gone");
    // Option: the capturer absorbs the lone king's side instead.
    let mut p = setup(&[("players", "3"), ("lone_king", "captor")], &pieces, "red");
    play(&mut p, "r4s25-r4s26");
    assert_eq!(p.controller(yellow), seat(&p, "red"));
    assert!(p.cell(p.game().board.find("r5s29").unwrap()).is_some());
}

#[test]
fn the_last_side_with_a_king_wins() {
    let pieces =
        [("red", "king", "r5s9"), ("red", "wu", "r5s10"), ("yellow", "king", "r5s11"), ("yellow", "wu", "r1s30")];
    let mut p = setup(&[("players", "2")], &pieces, "red");
    play(&mut p, "r5s10-r5s11");
    let r = p.outcome().expect("over");
    assert_eq!(r.winners, vec![seat(&p, "red"), seat(&p, "yellow")], "Red wins with the seat it absorbed");
}

// ----- game forms -----

#[test]
fn allies_never_capture_each_other() {
    let pieces = [
        ("red", "king", "r5s9"),
        ("red", "wu", "r3s9"),
        ("blue", "wu", "r3s10"),
        ("yellow", "wu", "r3s8"),
        ("blue", "king", "r5s49"),
        ("yellow", "king", "r5s29"),
        ("green", "king", "r5s69"),
    ];
    let opts = [("players", "4"), ("form", "alliance")];
    let p = setup(&opts, &pieces, "red");
    let d = dests(&p, "r3s9");
    assert!(!d.contains("r3s10"), "Blue is Red's ally");
    assert!(d.contains("r3s8"), "Yellow is an enemy");
    let p = setup(&[("players", "4"), ("form", "alliance"), ("ally_capture", "allowed")], &pieces, "red");
    assert!(dests(&p, "r3s9").contains("r3s10"));
    // A team wins when every opposing king is gone.
    let team = [
        ("red", "king", "r5s9"),
        ("red", "wu", "r5s10"),
        ("yellow", "king", "r5s11"),
        ("yellow", "wu", "r1s30"),
        ("blue", "king", "r5s49"),
        ("blue", "marshal", "r5s68"),
        ("green", "king", "r5s69"),
        ("green", "wu", "r1s70"),
    ];
    let mut p = setup(&opts, &team, "red");
    play(&mut p, "r5s10-r5s11");
    assert!(p.outcome().is_none(), "Green is still there");
    play_to(&mut p, "yellow", "r5s11-r5s12");
    play_to(&mut p, "blue", "r5s68-r5s69");
    let r = p.outcome().expect("Red and Blue have every king");
    let winners: BTreeSet<String> = r.winners.iter().map(|&s| seat_name(&p, s).to_string()).collect();
    assert_eq!(winners, set("red yellow blue green"), "the live seats, all held by the team");
}

#[test]
fn the_alliance_needs_two_pairs() {
    let o = |players: &str| {
        vec![("players".to_string(), players.to_string()), ("form".to_string(), "alliance".to_string())]
    };
    for players in ["2", "3"] {
        let err = qipan::load("he-qi", &o(players)).expect_err("refused").to_string();
        assert!(err.contains("alliance_players"), "{err}");
    }
    let g = qipan::load("he-qi", &o("5")).unwrap();
    let team = |s: &str| g.seats[g.seat(s).unwrap().idx()].team;
    assert_eq!(team("red"), team("blue"));
    assert_eq!(team("yellow"), team("green"));
    assert!(team("black") != team("red") && team("black") != team("yellow"));
}

#[test]
fn the_chain_form_attacks_one_side() {
    let pieces = [
        ("red", "king", "r5s9"),
        ("red", "wu", "r3s9"),
        ("yellow", "wu", "r3s10"),
        ("blue", "wu", "r3s8"),
        ("black", "wu", "r4s9"),
        ("yellow", "king", "r5s29"),
        ("blue", "king", "r5s49"),
        ("green", "king", "r5s69"),
        ("black", "king", "r5s89"),
    ];
    let p = setup(&[("form", "chain")], &pieces, "red");
    let d = dests(&p, "r3s9");
    assert!(d.contains("r3s10"), "Yellow is next after Red");
    assert!(!d.contains("r3s8") && !d.contains("r4s9"));
    let p = setup(&[("form", "chain"), ("chain_target", "previous")], &pieces, "red");
    let d = dests(&p, "r3s9");
    assert!(d.contains("r4s9") && !d.contains("r3s10"), "Black is before Red");
    // When Yellow falls to Red, Red's next target is Blue.
    let fall = [
        ("red", "king", "r5s9"),
        ("red", "wu", "r5s28"),
        ("red", "wu", "r3s9"),
        ("blue", "wu", "r3s8"),
        ("yellow", "king", "r5s29"),
        ("yellow", "wu", "r1s30"),
        ("blue", "king", "r5s49"),
    ];
    let mut p = setup(&[("form", "chain"), ("players", "3")], &fall, "red");
    assert!(!dests(&p, "r3s9").contains("r3s8"));
    play(&mut p, "r5s28-r5s29");
    assert_eq!(seat_name(&p, p.to_move()), "yellow");
    assert!(dests(&p, "r3s9").contains("r3s8"), "Blue is the prey now");
}

// ----- perft -----

// The counts from the start, for five players and two, are in tests/perft/he-qi.perft.
#[test]
fn perft_figures() {
    common::perft::check("he-qi.perft", common::perft::Speed::Quick);
}

/// The engine's repetition limit (option `repetitions`, off by default as the rules have none): the game is a
/// draw among the survivors when one position occurs that many times with the same seat to move.
#[test]
fn repetition_limit_draws() {
    let shuffle = ["r1s6-r1s7", "r1s21-r1s20", "r1s7-r1s6", "r1s20-r1s21"];
    let mut off = game(&[("players", "2")]).start();
    for _ in 0..3 {
        shuffle.iter().for_each(|m| play(&mut off, m));
    }
    assert!(!off.is_over(), "no repetition limit by default");
    let mut p = game(&[("players", "2"), ("repetitions", "3")]).start();
    for (i, m) in shuffle.iter().cycle().take(8).enumerate() {
        assert!(!p.is_over(), "over before move {i}");
        play(&mut p, m);
    }
    let r = p.outcome().expect("the start position has occurred three times");
    assert_eq!((&r.reason, r.winners.len()), (&EndReason::Repetition, 0));
}
