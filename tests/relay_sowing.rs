//! Relay sowing (`sow ... relay`): a last seed that falls on seeds lifts them and sows on. Perft and random
//! games on a small board, by the engine and by a player written here from the rules, without the engine.

mod common;
use qipan::core::SeatId;
use qipan::core::notation::parse_move;
use rand::SeedableRng;
use rand::seq::IndexedRandom;

const SRC: &str = "name: relay
board:
  mancala: { pits: 4 }
zone_aliases: [home, across]
seats:
  - { name: south, zones: { home: row1, across: row2 } }
  - { name: north, zones: { home: row2, across: row1 } }
pieces:
  seed:
    symbols: [S, N]
    moves: sow anticlockwise skip origin relay take 2..3 in zone(across) backwards from zone(home)
setup:
  - { seat: south, piece: seed, at: [zone(row1)], count: 2 }
  - { seat: north, piece: seed, at: [zone(row2)], count: 2 }
rules: { pass: never, stuck: score }
scoring: { method: captures }
";

/// The board by the rules: South's pits `0..4` (a1..d1), North's `4..8` on along the track (d2..a2).
#[derive(Clone)]
struct Relay {
    pits: [u32; 8],
    taken: [u32; 2],
    who: usize,
    /// The most lifts of one move (`laps N`).
    laps: u32,
}

fn row(who: usize) -> std::ops::Range<usize> {
    if who == 0 { 0..4 } else { 4..8 }
}

impl Relay {
    fn moves(&self) -> Vec<usize> {
        row(self.who).filter(|&i| self.pits[i] > 0).collect()
    }

    fn play(&mut self, mut from: usize) {
        let mut lifts = 0;
        let last = loop {
            let mut seeds = std::mem::take(&mut self.pits[from]);
            let mut at = from;
            while seeds > 0 {
                at = (at + 1) % 8;
                if at == from {
                    continue;
                }
                self.pits[at] += 1;
                seeds -= 1;
            }
            lifts += 1;
            if self.pits[at] <= 1 || lifts >= self.laps {
                break at;
            }
            from = at;
        };
        let theirs = row(1 - self.who);
        let mut n = last;
        while theirs.contains(&n) && (2..=3).contains(&self.pits[n]) {
            self.taken[self.who] += std::mem::take(&mut self.pits[n]);
            n = (n + 7) % 8;
        }
        self.who = 1 - self.who;
        if self.moves().is_empty() {
            for w in 0..2 {
                self.taken[w] += row(w).map(|i| std::mem::take(&mut self.pits[i])).sum::<u32>();
            }
        }
    }

    fn label(i: usize) -> String {
        if i < 4 { format!("{}1", (b'a' + i as u8) as char) } else { format!("{}2", (b'a' + (7 - i) as u8) as char) }
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .iter()
            .map(|&m| {
                let mut next = self.clone();
                next.play(m);
                next.perft(depth - 1)
            })
            .sum()
    }
}

#[test]
fn relay_sowing_agrees_with_the_rules() {
    agrees(SRC, qipan::core::rules::pattern::MAX_RELAYS);
}

#[test]
fn relay_sowing_with_a_bound_on_its_laps_agrees_with_the_rules() {
    for laps in [1, 2, 3] {
        agrees(&SRC.replace(" relay ", &format!(" relay laps {laps} ")), laps);
    }
}

fn agrees(src: &str, laps: u32) {
    let game = qipan::load_str("relay.yaml", src, &[]).unwrap();
    let start = Relay { pits: [2; 8], taken: [0; 2], who: 0, laps };
    for d in 1..=6 {
        assert_eq!(qipan::core::playout::perft(&game.start(), d), start.perft(d), "depth {d}");
    }
    let mut rng = rand::rngs::SmallRng::seed_from_u64(40);
    let mut ended = 0;
    for g in 0..20 {
        let (mut pos, mut r) = (game.start(), start.clone());
        while !r.moves().is_empty() && pos.ply() < 5000 {
            let mut want: Vec<String> = r.moves().iter().map(|&i| Relay::label(i)).collect();
            want.sort();
            assert_eq!(common::legal_move_texts(&pos), want, "game {g}, ply {}", pos.ply());
            let text = want.choose(&mut rng).unwrap().clone();
            r.play((0..8).find(|&i| Relay::label(i) == text).unwrap());
            pos.play(&parse_move(&pos, &text).unwrap()).unwrap();
            for i in 0..8 {
                let n = game.board.find(&Relay::label(i)).unwrap();
                assert_eq!(u32::from(pos.seeds(n)), r.pits[i], "game {g}, ply {}, {}", pos.ply(), Relay::label(i));
            }
            assert_eq!(pos.captures(), r.taken, "game {g}, ply {}", pos.ply());
        }
        if !r.moves().is_empty() {
            continue; // seeds going round: this game has no rule to end it
        }
        let winners: Vec<SeatId> = match r.taken[0].cmp(&r.taken[1]) {
            std::cmp::Ordering::Greater => vec![SeatId(0)],
            std::cmp::Ordering::Less => vec![SeatId(1)],
            std::cmp::Ordering::Equal => vec![],
        };
        assert_eq!(pos.outcome().expect("over").winners, winners, "game {g}");
        ended += 1;
    }
    assert!(ended > 5 || laps < 1000, "{ended} games of 20 ended");
}

#[test]
fn a_last_seed_on_seeds_sows_on() {
    let game = qipan::load_str("relay.yaml", SRC, &[]).unwrap();
    let mut pos = game.start();
    // a1's two seeds: b1 (3), c1 (3): the last falls on seeds, so c1's three go on: d1 (3), d2 (3), c2 (3),
    // and c2's three: b2, a2, a1 (empty: the relay stops). Nothing is taken: a1 is South's own.
    pos.play(&parse_move(&pos, "a1").unwrap()).unwrap();
    let at = |l: &str| pos.seeds(game.board.find(l).unwrap());
    assert_eq!([at("a1"), at("b1"), at("c1"), at("d1")], [1, 3, 0, 3]);
    assert_eq!([at("d2"), at("c2"), at("b2"), at("a2")], [3, 0, 3, 3]);
    // Bounded to two laps, the move ends on c2 after c1's three seeds: three there and in d2 before it
    // are taken.
    let game = qipan::load_str("relay.yaml", &SRC.replace(" relay ", " relay laps 2 "), &[]).unwrap();
    let mut pos = game.start();
    pos.play(&parse_move(&pos, "a1").unwrap()).unwrap();
    let at = |l: &str| pos.seeds(game.board.find(l).unwrap());
    assert_eq!([at("a1"), at("b1"), at("c1"), at("d1")], [0, 3, 0, 3]);
    assert_eq!([at("d2"), at("c2"), at("b2"), at("a2")], [0, 0, 2, 2]);
    assert_eq!(pos.captures(), [6, 0]);
}
