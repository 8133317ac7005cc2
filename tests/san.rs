//! Standard algebraic notation: real games read move by move to the positions python-chess reaches, every legal
//! move of random positions in the chess family written and read back to itself, and the text written against
//! python-chess's own SAN (when python-chess is installed; QIPAN_REQUIRE_PYCHESS=1 makes it required).

use qipan::core::notation::{NotationError, parse_move};
use qipan::core::playout::{PlayoutBuf, random_playout};
use qipan::core::san::{parse_san, san_text};
use rand::SeedableRng;

fn replay(game: &str, moves: &str) -> qipan::core::Position {
    let game = qipan::load(game, &[]).unwrap();
    let mut pos = game.start();
    for (i, m) in moves.split_whitespace().enumerate() {
        let mv = parse_move(&pos, m).unwrap_or_else(|e| panic!("move {} `{m}`: {e}", i + 1));
        pos.play(&mv).unwrap_or_else(|e| panic!("move {} `{m}`: {e}", i + 1));
    }
    pos
}

/// The placement and castling fields of a FEN (the side to move after a mate differs: qipan does not pass the
/// turn once the game is over; the clocks are compared by the tests of FEN).
fn fields(fen: &str) -> String {
    let f: Vec<&str> = fen.split_whitespace().collect();
    format!("{} {}", f[0], f[2])
}

/// Morphy's Opera game (Paris, 1858) as printed, and a line with en passant and a promotion that captures: the
/// final positions are python-chess's (`board.push_san` of the same moves).
#[test]
fn real_games_in_san_reach_python_chess_positions() {
    let opera = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 \
                 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";
    let pos = replay("chess", opera);
    assert_eq!(fields(&pos.to_fen().unwrap()), fields("1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17"));
    assert!(pos.is_over(), "mate");
    let pos = replay("chess", "e4 d5 exd5 c5 dxc6 Nf6 cxb7 Nbd7 bxa8=Q");
    assert_eq!(fields(&pos.to_fen().unwrap()), fields("Q1bqkb1r/p2npppp/5n2/8/8/8/PPPP1PPP/RNBQKBNR b KQk - 0 5"));
}

#[test]
fn san_names_no_move_or_several_with_a_reason() {
    let game = qipan::load("chess", &[]).unwrap();
    let pos = game.start();
    assert_eq!(parse_move(&pos, "Nd2"), Err(NotationError::NoSuchMove("Nd2".into())));
    assert_eq!(parse_move(&pos, "e5"), Err(NotationError::NoSuchMove("e5".into())));
    // The long form and UCI still read as before.
    assert_eq!(parse_move(&pos, "g1f3"), parse_move(&pos, "Nf3"));
    assert_eq!(parse_move(&pos, "g1-f3"), parse_move(&pos, "Nf3"));
    // Two knights reach d2: `Nd2` is ambiguous, `Nbd2` and `Nfd2` are not.
    let pos = qipan::core::Position::from_fen(&game, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
    assert_eq!(parse_san(&pos, "Nd2"), Err(NotationError::Ambiguous("Nd2".into())));
    assert_eq!(game.board.label(parse_san(&pos, "Nbd2").unwrap().from), "b1");
    assert_eq!(game.board.label(parse_san(&pos, "Nfd2").unwrap().from), "f1");
}

/// Every legal move of positions along random games, written in SAN, reads back as itself: the disambiguation
/// always suffices, in each game of the chess family with letters for its pieces.
#[test]
fn every_legal_move_reads_back_from_its_san() {
    for (name, games) in
        [("chess", 12), ("chess960", 4), ("crazyhouse", 6), ("xiangqi", 4), ("makruk", 4), ("shogi", 3)]
    {
        let game = qipan::load(name, &[]).unwrap();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
        let mut checked = 0;
        for _ in 0..games {
            let mut pos = game.start();
            let mut buf = PlayoutBuf::default();
            for _ in 0..60 {
                if pos.is_over() {
                    break;
                }
                for m in pos.legal_moves() {
                    let text = san_text(&pos, &m);
                    assert_eq!(parse_san(&pos, &text), Ok(m), "{name}: `{text}` at {:?}", pos.to_fen());
                    checked += 1;
                }
                random_playout(&mut pos, &mut rng, &mut buf, 3).unwrap();
            }
        }
        assert!(checked > 1000, "{name}: {checked} moves checked");
    }
}

/// The SAN written for the moves of random chess games is python-chess's, check and mate marks included.
#[test]
fn san_text_is_python_chess_san() {
    let python = std::process::Command::new("python3").args(["-c", "import chess"]).output();
    if !python.is_ok_and(|o| o.status.success()) {
        assert!(std::env::var("QIPAN_REQUIRE_PYCHESS").as_deref() != Ok("1"), "python-chess is required");
        eprintln!("skipped: python-chess is not installed (pip install chess)");
        return;
    }
    let game = qipan::load("chess", &[]).unwrap();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
    let (mut uci, mut ours) = (Vec::new(), Vec::new());
    for _ in 0..30 {
        let mut pos = game.start();
        let (mut line, mut sans) = (Vec::new(), Vec::new());
        let mut buf = PlayoutBuf::default();
        while !pos.is_over() && line.len() < 200 {
            let before = pos.clone();
            random_playout(&mut pos, &mut rng, &mut buf, 1).unwrap();
            let mv = pos.last_move().expect("a move was played");
            let promo = mv.promote.map(|p| game.pieces[p.idx()].symbols[1].clone()).unwrap_or_default();
            line.push(format!("{}{}{promo}", game.board.label(mv.from), game.board.label(mv.to)));
            sans.push(san_text(&before, &mv));
        }
        uci.push(line.join(" "));
        ours.push(sans.join(" "));
    }
    let script = "import chess, sys\n\
                  for line in sys.stdin.read().splitlines():\n    \
                      b = chess.Board(); out = []\n    \
                      for u in line.split():\n        \
                          m = chess.Move.from_uci(u); out.append(b.san(m)); b.push(m)\n    \
                      print(' '.join(out))\n";
    let mut child = std::process::Command::new("python3")
        .args(["-c", script])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write as _;
    child.stdin.take().unwrap().write_all(uci.join("\n").as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let theirs: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect();
    assert_eq!(theirs.len(), ours.len());
    for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
        assert_eq!(a, b, "game {i}: {}", uci[i]);
    }
}
