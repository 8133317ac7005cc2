//! The check-aware conditions `in-check` and `attacked`: judged in chosen chess positions, a pass
//! forbidden in check, and a king that may not step onto an attacked node compared, in random
//! positions, with a move generator written here from the rules (not through the engine).

use qipan::core::notation::parse_move;
use qipan::core::rules::Cond;
use qipan::core::{Move, NodeId, Piece, Position, SeatId, Setup};
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

const WHITE: SeatId = SeatId(0);
const BLACK: SeatId = SeatId(1);

#[test]
fn in_check_is_the_check_rule_seen_from_the_mover() {
    let game = qipan::load("chess", &[]).unwrap();
    // White's king on e1 is attacked by the rook on a1; Black's is not attacked.
    let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1").unwrap();
    assert!(Cond::InCheck.eval(&pos, WHITE, NodeId::NONE));
    assert!(!Cond::InCheck.eval(&pos, BLACK, NodeId::NONE));
    // Black in check from the rook on e1.
    let pos = Position::from_fen(&game, "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1").unwrap();
    assert!(Cond::InCheck.eval(&pos, BLACK, NodeId::NONE));
    assert!(!Cond::InCheck.eval(&pos, WHITE, NodeId::NONE));
    let pos = game.start();
    assert!(!Cond::InCheck.eval(&pos, WHITE, NodeId::NONE) && !Cond::InCheck.eval(&pos, BLACK, NodeId::NONE));
    // A game without a check rule is never in check.
    let go = qipan::load("go", &[]).unwrap();
    assert!(!Cond::InCheck.eval(&go.start(), WHITE, NodeId::NONE));
}

#[test]
fn attacked_is_judged_for_the_mover_whatever_stands_on_the_node() {
    let game = qipan::load("chess", &[]).unwrap();
    let pos = game.start();
    let at = |l| game.board.find(l).unwrap();
    let attacked = |seat, l| Cond::Attacked.eval(&pos, seat, at(l));
    // Empty nodes, White's own pieces and Black's pieces, for White: Black's pawns attack the sixth rank.
    assert!(attacked(WHITE, "e6") && attacked(WHITE, "a6") && !attacked(WHITE, "e5") && !attacked(WHITE, "e4"));
    assert!(attacked(WHITE, "f7"), "Black's pawn on f7 is defended by its king: a White piece there is attacked");
    assert!(!attacked(WHITE, "e2"), "nothing of Black's reaches e2");
    assert!(attacked(BLACK, "e3") && attacked(BLACK, "f2") && !attacked(BLACK, "e4"));
    // The node tests refuse to answer without a node.
    assert!(!Cond::Attacked.eval(&pos, WHITE, NodeId::NONE));
    assert!(Cond::AttackedBy(BLACK).eval(&pos, WHITE, at("e6")));
    assert!(!Cond::AttackedBy(WHITE).eval(&pos, WHITE, at("e6")), "a seat never attacks its own side");
    assert!(!Cond::AttackedBy(BLACK).eval(&pos, WHITE, at("e3")));
}

#[test]
fn a_pass_is_forbidden_in_check() {
    let src = "extends: chess\nname: passing-chess\nrules: { pass: if not in-check }\n";
    let game = qipan::load_str("passing-chess.yaml", src, &[]).unwrap();
    let mut pos = game.start();
    assert!(pos.legal_moves().contains(&Move::PASS) && pos.check(&Move::PASS).is_ok());
    for text in ["e2-e4", "f7-f6", "pass", "g7-g5"] {
        pos.play(&parse_move(&pos, text).unwrap()).unwrap();
    }
    assert!(pos.legal_moves().contains(&Move::PASS));
    pos.play(&parse_move(&pos, "d1-h5").unwrap()).unwrap();
    assert!(pos.in_check(BLACK));
    assert!(!pos.legal_moves().contains(&Move::PASS) && pos.check(&Move::PASS).is_err());
    // The check rule alone does not refuse a pass (it changes nothing on the board): with `pass: always`
    // Black could pass in check, so the condition is what refuses it above.
    let always = qipan::load_str("p.yaml", "extends: chess\nname: p\nrules: { pass: always }\n", &[]).unwrap();
    let mut pos = always.start();
    for text in ["e2-e4", "f7-f6", "pass", "g7-g5", "d1-h5"] {
        pos.play(&parse_move(&pos, text).unwrap()).unwrap();
    }
    assert!(pos.in_check(BLACK) && pos.legal_moves().contains(&Move::PASS));
}

/// A 5×5 board with no check rule: White's king may only step onto nodes no black rook attacks.
const GUARDED: &str = "name: guarded
board: { grid: { width: 5, height: 5, labels: chess, diagonal: true } }
seats: [{ name: white }, { name: black }]
pieces:
  king:
    symbols: [K, k]
    moves:
      - step orthogonal to (empty or enemy) and not attacked
      - step diagonal to (empty or enemy) and not attacked
  rook: { symbols: [R, r], moves: slide orthogonal }
";

/// The king's steps by the rules, on a board of `n`×`n` (index = rank * n + file; 0 empty, 1 white
/// king, 2 white rook, 3 black rook): onto a node not holding a white piece, that no black rook sees
/// along a rank or file through empty nodes (the king still stands where it is: the board before the move).
fn king_steps(cells: &[u8], n: usize) -> BTreeSet<usize> {
    let k = cells.iter().position(|&c| c == 1).unwrap();
    let (kr, kf) = ((k / n) as i32, (k % n) as i32);
    let mut out = BTreeSet::new();
    for dr in -1..=1 {
        for df in -1..=1 {
            let (r, f) = (kr + dr, kf + df);
            if (dr, df) == (0, 0) || !(0..n as i32).contains(&r) || !(0..n as i32).contains(&f) {
                continue;
            }
            let d = (r * n as i32 + f) as usize;
            if cells[d] == 1 || cells[d] == 2 {
                continue;
            }
            let seen = (0..n * n).any(|x| {
                let (xr, xf) = ((x / n) as i32, (x % n) as i32);
                if cells[x] != 3 || x == d || (xr != r && xf != f) {
                    return false;
                }
                let (sr, sf) = ((r - xr).signum(), (f - xf).signum());
                let (mut yr, mut yf) = (xr + sr, xf + sf);
                while (yr, yf) != (r, f) {
                    if cells[(yr * n as i32 + yf) as usize] != 0 {
                        return false;
                    }
                    yr += sr;
                    yf += sf;
                }
                true
            });
            if !seen {
                out.insert(d);
            }
        }
    }
    out
}

#[test]
fn a_king_kept_off_attacked_nodes_agrees_with_the_rules_in_random_positions() {
    let game = qipan::load_str("guarded.yaml", GUARDED, &[]).unwrap();
    let (king, rook) = (game.piece("king").unwrap(), game.piece("rook").unwrap());
    let n = 5;
    let mut rng = rand::rngs::StdRng::seed_from_u64(19);
    let mut differs = 0;
    for _ in 0..400 {
        let mut cells = vec![0u8; n * n];
        let mut free: Vec<usize> = (0..n * n).collect();
        let mut put = |what: u8, cells: &mut Vec<u8>, rng: &mut rand::rngs::StdRng| {
            let i = rng.random_range(0..free.len());
            cells[free.swap_remove(i)] = what;
        };
        put(1, &mut cells, &mut rng);
        for _ in 0..rng.random_range(0..3) {
            put(2, &mut cells, &mut rng);
        }
        for _ in 0..rng.random_range(1..5) {
            put(3, &mut cells, &mut rng);
        }
        let mut setup = Setup::empty(&game);
        for (i, &c) in cells.iter().enumerate() {
            let piece = match c {
                1 => Piece { seat: WHITE, piece: king },
                2 => Piece { seat: WHITE, piece: rook },
                3 => Piece { seat: BLACK, piece: rook },
                _ => continue,
            };
            setup.put(NodeId(i as u16), piece);
        }
        let pos = setup.to_move(WHITE).into_position().unwrap();
        let from = NodeId(cells.iter().position(|&c| c == 1).unwrap() as u16);
        let engine: BTreeSet<usize> = pos.legal_moves().iter().filter(|m| m.from == from).map(|m| m.to.idx()).collect();
        let plain = king_steps(&cells, n);
        assert_eq!(engine, plain, "{:?}", pos.to_fen());
        differs += usize::from(plain.len() < 8);
    }
    assert!(differs > 100, "the positions must test the condition: {differs}");
}

#[test]
fn a_drop_that_screens_an_enemy_cannon_exposes_the_king() {
    // A king on a1 and a cannon on e1 with nothing between: no attack (a cannon needs a screen). A man
    // dropped on b1, c1 or d1 would be the screen, so only the nodes off the line take a drop.
    let src = "name: screen
board: { grid: { width: 5, height: 2, labels: chess } }
seats: [{ name: white }, { name: black }]
pieces:
  king: { moves: step orthogonal }
  cannon: { moves: hop orthogonal over any to enemy }
  man: { moves: drop to empty }
setup:
  - { seat: white, piece: king, at: [a1] }
  - { seat: black, piece: king, at: [e2] }
  - { seat: black, piece: cannon, at: [e1] }
reserve:
  - { seat: white, piece: man, count: 1 }
rules:
  check: [king]
";
    let game = qipan::load_str("screen.yaml", src, &[]).unwrap();
    let pos = game.start();
    let drops: BTreeSet<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from == NodeId::NONE)
        .map(|m| game.board.label(m.to).to_string())
        .collect();
    assert_eq!(drops, ["a2", "b2", "c2", "d2"].map(String::from).into());
}

/// Three seats: White's king may not step where Red attacks; Blue's attacks do not matter to it.
const WARY: &str = "name: wary
board: { grid: { width: 5, height: 5, labels: chess, diagonal: true } }
seats: [{ name: white }, { name: red }, { name: blue }]
pieces:
  king:
    symbols: [K, k, q]
    moves: [step orthogonal to empty and not attacked-by(red), step diagonal to empty and not attacked-by(red)]
  rook: { symbols: [W, R, B], moves: slide orthogonal }
";

#[test]
fn attacked_by_names_the_seat_whose_attacks_count() {
    let game = qipan::load_str("wary.yaml", WARY, &[]).unwrap();
    let (king, rook) = (game.piece("king").unwrap(), game.piece("rook").unwrap());
    let at = |l| game.board.find(l).unwrap();
    // Red's rook on a4 sweeps rank 4, Blue's on e2 rank 2.
    let mut setup = Setup::empty(&game);
    setup.put(at("c3"), Piece { seat: WHITE, piece: king });
    setup.put(at("a4"), Piece { seat: SeatId(1), piece: rook });
    setup.put(at("e2"), Piece { seat: SeatId(2), piece: rook });
    let pos = setup.to_move(WHITE).into_position().unwrap();
    let steps: BTreeSet<String> =
        pos.legal_moves().iter().filter(|m| m.from == at("c3")).map(|m| game.board.label(m.to).to_string()).collect();
    let expected: BTreeSet<String> = ["b2", "c2", "d2", "b3", "d3"].iter().map(|s| s.to_string()).collect();
    assert_eq!(steps, expected, "rank 4 is Red's, rank 2 only Blue's");
    // An unknown seat is an error that lists the seats.
    let err = qipan::load_str("wary.yaml", &WARY.replace("attacked-by(red), step", "attacked-by(green), step"), &[])
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown seat `green`") && err.contains("white, red, blue"), "{err}");
}
