//! What the terminal game says besides the board: the commands of the game at hand (`help`), the legal moves
//! grouped by the piece that makes them (`moves`), and what a move did (captures, check).

use qipan_core::notation::move_text;
use qipan_core::{Game, Move, NodeId, PieceId, Position};
use std::collections::BTreeMap;

/// Lines of `moves` are wrapped at this width.
const WIDTH: usize = 78;

/// A command a person may type instead of a move.
struct Command {
    /// The command as typed, with its argument.
    usage: &'static str,
    /// What it does.
    help: &'static str,
    /// Whether the game at hand has it.
    applies: fn(&Position) -> bool,
}

const ALWAYS: fn(&Position) -> bool = |_| true;

/// Every command, in the order `help` lists them.
const COMMANDS: &[Command] = &[
    Command { usage: "moves", help: "the legal moves, grouped by the piece that makes them", applies: ALWAYS },
    Command { usage: "moves NODE", help: "the legal moves of the piece on NODE", applies: ALWAYS },
    Command { usage: "hint", help: "the move the computer would play here, and your chances", applies: ALWAYS },
    Command { usage: "pass", help: "pass the turn", applies: |p| p.legal_moves().iter().any(|m| m.is_pass()) },
    Command { usage: "resign", help: "give up: your seat leaves the game", applies: ALWAYS },
    Command { usage: "undo", help: "take back your last move (and the computer's replies after it)", applies: ALWAYS },
    Command { usage: "board", help: "print the whole board", applies: ALWAYS },
    Command { usage: "fen", help: "the position as FEN", applies: |p| p.to_fen().is_some() },
    Command { usage: "save FILE", help: "write the game so far (SGF when FILE ends in .sgf)", applies: ALWAYS },
    Command { usage: "load FILE", help: "go back to the position of a qipan record of this game", applies: ALWAYS },
    Command { usage: "svg FILE", help: "draw the board as it stands", applies: ALWAYS },
    Command { usage: "help", help: "this list", applies: ALWAYS },
    Command { usage: "quit", help: "stop (the game is recorded with --record)", applies: ALWAYS },
];

/// Whether `word` (already in lower case) is the name of a command that takes `arg` (empty or not).
pub(super) fn is_command(word: &str, has_arg: bool) -> bool {
    matches!(word, "exit") && !has_arg
        || COMMANDS.iter().any(|c| {
            let (name, takes) = c.usage.split_once(' ').map_or((c.usage, false), |(n, _)| (n, true));
            name == word && (takes == has_arg || name == "moves")
        })
}

/// The `help` text: how to write a move here, then the commands this game has.
///
/// ```ignore
/// help(&pos, "e2-e4")
/// ```
pub(super) fn help(pos: &Position, example: &str) -> String {
    let mut out = format!("Type a move in the game's move text, e.g. `{example}`. Commands (any case):\n");
    for c in COMMANDS.iter().filter(|c| (c.applies)(pos)) {
        out.push_str(&format!("  {:<11} {}\n", c.usage, c.help));
    }
    out
}

/// The moves, one line per piece that moves (`knight g1: g1-f3 g1-h3`), then the placements and drops of each
/// kind of piece, wrapped; `None` when there is none.
pub(super) fn grouped(pos: &Position, moves: &[Move]) -> Option<String> {
    if moves.is_empty() {
        return None;
    }
    let game = pos.game();
    // Groups in the order of their first move: a piece on a node, or a kind of piece entering the board.
    // A group's key: the node a piece moves from (none for placements and drops) and the kind of piece (none
    // for a pass).
    type Key = (NodeId, Option<PieceId>);
    let mut groups: Vec<(Key, Vec<String>)> = Vec::new();
    for m in moves {
        let key = if m.is_pass() { (NodeId::NONE, None) } else { (m.from, Some(m.piece)) };
        let text = move_text(game, m);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, list)) => list.push(text),
            None => groups.push((key, vec![text])),
        }
    }
    let mut out = String::new();
    for ((from, piece), texts) in groups {
        let head = match (from.is_some(), piece.and_then(|p| game.pieces.get(p.idx()))) {
            (true, Some(p)) => format!("{} {}:", p.name, game.board.label(from)),
            (false, Some(p)) if game.pieces.len() > 1 => format!("{}:", p.name),
            (false, Some(_)) => "place:".to_string(),
            (_, None) => String::new(),
        };
        out.push_str(&wrap(&head, &texts));
    }
    Some(out)
}

/// `head` then the words, on lines of at most [`WIDTH`] columns, the later ones indented.
fn wrap(head: &str, words: &[String]) -> String {
    let mut out = String::new();
    let mut line = head.to_string();
    for w in words {
        if !line.is_empty() && line.chars().count() + 1 + w.chars().count() > WIDTH && line.trim() != head.trim() {
            out.push_str(line.trim_end());
            out.push('\n');
            line = "    ".to_string();
        }
        if !line.is_empty() && !line.ends_with(' ') {
            line.push(' ');
        }
        line.push_str(w);
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

/// What a move did that the board shows less plainly: the pieces it took (whatever the rule: a capture on
/// arrival, en passant, a Go group out of liberties, a custodian capture) and the check it gives. Empty when
/// there is nothing to say.
pub(super) fn announce(before: &Position, after: &Position) -> String {
    let game: &Game = after.game();
    let mover = before.to_move();
    // The other seats' pieces on the board, by kind, before and after: what is missing was taken.
    let count = |pos: &Position| {
        let mut by_kind: BTreeMap<PieceId, u32> = BTreeMap::new();
        for p in pos.cells().iter().flatten().filter(|p| p.seat != mover) {
            *by_kind.entry(p.piece).or_default() += 1;
        }
        by_kind
    };
    let now = count(after);
    let taken: BTreeMap<PieceId, u32> = count(before)
        .into_iter()
        .filter_map(|(p, n)| Some((p, n.checked_sub(now.get(&p).copied().unwrap_or(0)).filter(|&k| k > 0)?)))
        .collect();
    let mut notes = Vec::new();
    if !taken.is_empty() {
        let items: Vec<String> = taken
            .iter()
            .map(|(p, n)| {
                let name = &game.pieces[p.idx()].name;
                if *n == 1 { name.clone() } else { format!("{n} × {name}") }
            })
            .collect();
        notes.push(format!("{} takes {}", game.seats[mover.idx()].name, items.join(", ")));
    }
    if game.has_check_rule() && !after.is_over() && after.in_check(after.to_move()) {
        notes.push(format!("{} is in check", game.seats[after.to_move().idx()].name));
    }
    if notes.is_empty() { String::new() } else { format!("{}\n", notes.join("; ")) }
}
