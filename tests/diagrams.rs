//! The terminal diagram: columns aligned whatever the characters' widths, the last move and the targets
//! marked, colours for a terminal that never move a character, and `--color` / NO_COLOR obeyed.

use qipan::core::notation::parse_move;
use qipan::core::render::{Ink, Marks, text, text_marked};
use std::process::Command;

/// Display width, counted here without the engine's help: CJK characters and full-width forms take two
/// cells, everything the shipped games print otherwise one.
fn cells(s: &str) -> usize {
    s.chars()
        .map(|c| if ('\u{2e80}'..='\u{a4cf}').contains(&c) || ('\u{ff00}'..='\u{ff60}').contains(&c) { 2 } else { 1 })
        .sum()
}

/// The text with its ANSI escapes taken out.
fn strip(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn play(game: &str, moves: &[&str]) -> qipan::core::Position {
    let game = qipan::load(game, &[]).unwrap();
    let mut pos = game.start();
    for m in moves {
        let mv = parse_move(&pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.play(&mv).unwrap();
    }
    pos
}

/// Seven Kingdoms' Zhou (周) stands alone in the middle of row 10: its row must end in the same column as
/// every other row, as the 19 columns of the header say.
#[test]
fn wide_characters_keep_rows_aligned() {
    let pos = play("seven-kingdoms", &[]);
    let diagram = text(&pos);
    let rows: Vec<&str> = diagram.lines().filter(|l| l.len() > 3 && l[..3].trim().parse::<u32>().is_ok()).collect();
    assert_eq!(rows.len(), 19, "{diagram}");
    assert!(rows.iter().any(|r| r.contains('周')));
    // Each row ends with its number after the 19 cells: the number's column is the same on every row.
    let ends: Vec<usize> = rows.iter().map(|r| cells(r.trim_end_matches(|c: char| c.is_ascii_digit()))).collect();
    assert!(ends.iter().all(|&e| e == ends[0]), "{ends:?}\n{diagram}");
    let zhou = rows.iter().find(|r| r.contains('周')).unwrap();
    // 周 in column J: the tenth cell, at the same display column as J in the header.
    let header = diagram.lines().next().unwrap();
    assert_eq!(cells(&zhou[..zhou.find('周').unwrap()]), header.find('J').unwrap(), "{diagram}");
}

/// The last move between parentheses (origin and destination), a bar where two marked cells touch.
#[test]
fn the_last_move_is_marked_in_plain_text() {
    let pos = play("chess", &["e2-e3"]);
    let marked = text_marked(&pos, &Marks::last_move(&pos), Ink::Plain);
    assert!(marked.contains("  3 . . . .(P). . . 3\n"), "{marked}");
    assert!(marked.contains("  2 P P P P(.)P P P 2\n"), "{marked}");
    // Two marked cells side by side share a bar.
    let pos = play("chess", &["g1-f3", "a7-a6", "h1-g1"]);
    let marked = text_marked(&pos, &Marks::last_move(&pos), Ink::Plain);
    assert!(marked.contains("  1 R N B Q K B(R|.)1\n"), "{marked}");
    let pos = play("tic-tac-toe", &["b2"]);
    let marked = text_marked(&pos, &Marks::last_move(&pos).with_targets(&pos, qipan::core::NodeId::NONE), Ink::Plain);
    assert!(marked.contains("  2 *(X)* 2\n"), "{marked}");
    // Nothing marked: the plain diagram.
    assert_eq!(text_marked(&pos, &Marks::default(), Ink::Plain), text(&pos));
}

/// Colours never move a character: every shipped game's start, and a position with marks, read the same
/// once the escapes are taken out. Each seat's pieces are in its colour whatever the cell under them.
#[test]
fn colours_never_move_a_character() {
    for (name, _) in qipan::games::BUILTIN {
        let Ok(game) = qipan::load_for_view(name, &[]) else { continue };
        let pos = game.start();
        let ansi = text_marked(&pos, &Marks::default(), Ink::Ansi);
        assert!(ansi.contains("\x1b[") || pos.game().board.is_empty(), "{name}: no colour");
        let plain: Vec<String> = text(&pos).lines().map(|l| l.trim_end().to_string()).collect();
        let stripped: Vec<String> = strip(&ansi).lines().map(|l| l.trim_end().to_string()).collect();
        assert_eq!(stripped, plain, "{name}");
    }
}

#[test]
fn a_terminal_sees_seats_last_move_and_check_in_colour() {
    // Fool's mate: White's king in check on e1, the queen's move from d8 to h4 highlighted.
    let pos = play("chess", &["f2-f3", "e7-e5", "g2-g4", "d8-h4"]);
    let ansi = text_marked(&pos, &Marks::last_move(&pos), Ink::Ansi);
    let rank = |n: usize| ansi.lines().find(|l| strip(l).starts_with(&format!("  {n} "))).unwrap().to_string();
    let cell = |line: &str, piece: char| {
        // The escape that opens the cell holding `piece`.
        let at = line.find(&format!("m{piece}")).unwrap_or_else(|| panic!("no {piece} in {line:?}"));
        line[..at].rsplit('\x1b').next().unwrap().to_string()
    };
    // The ink of a cell's escape: `38;2;R;G;B`.
    let ink = |escape: &str| {
        let at = escape.find("38;2;").unwrap();
        escape[at..]
            .split(';')
            .skip(2)
            .take(3)
            .map(|v| v.trim_end_matches('m').parse::<u32>().unwrap())
            .collect::<Vec<_>>()
    };
    let (check, last) = ("48;2;192;48;48", "48;2;184;176;48");
    let king = cell(&rank(1), 'K');
    assert!(king.contains(check), "{king}");
    let queen = cell(&rank(4), 'q');
    assert!(queen.contains(last), "{queen}");
    let (white, black) = (ink(&king), ink(&queen));
    assert!(white.iter().sum::<u32>() > 600 && black.iter().sum::<u32>() < 150, "{white:?} {black:?}");
    // Every white piece is printed in white and every black one in black, on light and dark squares.
    for line in ansi.lines() {
        for (piece, seat) in [('P', &white), ('R', &white), ('p', &black), ('r', &black)] {
            if line.contains(&format!("m{piece}")) {
                assert_eq!(ink(&cell(line, piece)), *seat, "{piece} in {line:?}");
            }
        }
    }
}

/// `--color always` colours even a pipe; `never`, NO_COLOR and a pipe under `auto` do not.
#[test]
fn color_follows_the_flag_and_no_color() {
    let run = |args: &[&str], no_color: bool| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_qipan"));
        cmd.args(args);
        if no_color {
            cmd.env("NO_COLOR", "1");
        } else {
            cmd.env_remove("NO_COLOR");
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(run(&["show", "go", "--color", "always"], false).contains("\x1b["));
    assert!(run(&["--color", "always", "show", "go"], true).contains("\x1b["), "the flag outranks NO_COLOR");
    assert!(!run(&["show", "go", "--color", "never"], false).contains('\x1b'));
    assert!(!run(&["show", "go"], false).contains('\x1b'), "a pipe is not a terminal");
    assert!(!run(&["show", "go"], true).contains('\x1b'));
    // `show --moves` marks the last move in the diagram too.
    assert!(run(&["show", "go", "--set", "size=9", "--moves", "E5"], false).contains("(X)"));
}

/// He Qi's diagram runs to forty lines: after a move the session prints only the blocks the move touched,
/// and `board` the whole of it.
#[test]
fn a_long_diagram_is_compact_after_a_move() {
    let game = qipan::load("he-qi", &[]).unwrap();
    let mut session = qipan::session::Session::new("he-qi", game.start(), &[], 1);
    let mut out = Vec::new();
    session.run(&mut "r1s6-r1s7\nboard\nquit\n".as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let (start, rest) = out.split_at(out.find("red> ").unwrap());
    let (after_move, after_board) = rest.split_at(rest.find("yellow> ").unwrap());
    assert!(start.contains("yellow: sectors 20-39") && start.lines().count() > qipan::session::COMPACT_LINES);
    assert!(after_board.contains("yellow: sectors 20-39"), "`board` prints it all:\n{after_board}");
    assert!(!after_move.contains("yellow: sectors"), "{after_move}");
    assert!(after_move.contains("red: sectors 0-19") && after_move.contains("(:|RP)"), "{after_move}");
    assert!(after_move.contains("`board` prints the whole board"));
    // A short diagram (chess) is printed whole after every move.
    let chess = qipan::load("chess", &[]).unwrap();
    let mut out = Vec::new();
    qipan::session::Session::new("chess", chess.start(), &[], 1)
        .run(&mut "e2-e4\nquit\n".as_bytes(), &mut out)
        .unwrap();
    assert_eq!(String::from_utf8(out).unwrap().matches("  8 r n b q k b n r 8").count(), 2);
}
