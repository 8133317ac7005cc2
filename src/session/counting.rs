//! The end of a game scored by area (Go), as players end it: after the passes the stones judged dead are
//! shown, the people at the board toggle groups until they agree and `accept` (computer players accept the
//! estimate), and the result counts the agreed dead stones as captured.

use super::{Session, SessionError};
use crate::input::{Line, MAX_LINE_BYTES, escape_controls, read_line};
use qipan_core::ownership::without;
use qipan_core::rules::Scoring;
use qipan_core::{EndReason, GameResult, NodeId, Position, render};
use std::io::{BufRead, Write};

/// Whether a finished game is counted this way: scored by area and ended by passes.
pub(super) fn applies(pos: &Position) -> bool {
    matches!(pos.game().rules.scoring, Scoring::Area { .. })
        && pos.outcome().is_some_and(|r| r.reason == EndReason::ConsecutivePasses)
}

/// The chain of stones of one colour through `node` (empty when it holds none).
fn chain(pos: &Position, node: NodeId) -> Vec<NodeId> {
    let Scoring::Area { relation, .. } = pos.game().rules.scoring else { return Vec::new() };
    let Some(seat) = pos.cell(node).map(|p| p.seat) else { return Vec::new() };
    let mut found = vec![node];
    let mut i = 0;
    while let Some(&x) = found.get(i) {
        for e in pos.game().board.edges(relation, x) {
            if pos.cell(e.to).is_some_and(|p| p.seat == seat) && !found.contains(&e.to) {
                found.push(e.to);
            }
        }
        i += 1;
    }
    found
}

/// The result with `dead` taken off the board as captured.
pub(super) fn agreed_result(pos: &Position, dead: &[NodeId]) -> Result<GameResult, SessionError> {
    Ok(GameResult::scored(&without(pos, dead), EndReason::ConsecutivePasses)?)
}

/// The end of a game of Go at the terminal: the stones judged dead, a chain marked alive again, `accept`.
///
/// ```
/// let game = qipan::load("go", &[("size".into(), "5".into())])?;
/// let mut session = qipan::session::Session::new("go", game.start(), &[], 1);
/// let mut out = Vec::new();
/// // Black's wall on the C line, White's stone at A1 in Black's area; both pass; A1 dead, then alive again.
/// session.run(&mut "c1\na1\nc2\npass\nc3\npass\nc4\npass\nc5\npass\npass\nA1\naccept\n".as_bytes(), &mut out)?;
/// let out = String::from_utf8(out)?;
/// assert!(out.contains("Dead stones: A1."));
/// assert!(out.contains("Dead stones: none."));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Session {
    /// Shows the stones judged dead and lets the people toggle groups (`D4` marks D4's chain dead or alive
    /// again) until `accept`; computer players accept the estimate. The agreed result is kept for the
    /// record and printed.
    pub(super) fn count(&mut self, input: &mut impl BufRead, out: &mut impl Write) -> Result<(), SessionError> {
        let mut dead = crate::record::dead_stones(&self.pos);
        let people = self.game.seat_ids().any(|s| self.agents[self.holder(&self.pos, s)].is_none());
        writeln!(out, "Both sides passed. The board with the stones judged dead taken off:")?;
        loop {
            let cleared = without(&self.pos, &dead);
            let diagram = render::text(&cleared);
            let board_only = diagram.trim_end().rsplit_once('\n').map_or(diagram.as_str(), |(b, _)| b);
            writeln!(out, "{board_only}")?;
            let labels: Vec<&str> = dead.iter().map(|&n| self.game.board.label(n)).collect();
            let list = if labels.is_empty() { "none".to_string() } else { labels.join(" ") };
            writeln!(out, "Dead stones: {list}. Result: {}", agreed_result(&self.pos, &dead)?.text)?;
            if !people {
                writeln!(out, "The computer players accept.")?;
                break;
            }
            write!(out, "Type a stone to mark its chain dead or alive, or `accept`: ")?;
            out.flush()?;
            let line = match read_line(input, MAX_LINE_BYTES)? {
                None => break,
                Some(Line::Text(line)) => line.trim().to_string(),
                Some(_) => continue,
            };
            match line.to_ascii_lowercase().as_str() {
                "accept" | "done" | "ok" | "" => break,
                _ => match self.game.board.find(&line).filter(|&n| self.pos.cell(n).is_some()) {
                    Some(node) => {
                        let group = chain(&self.pos, node);
                        if dead.contains(&node) {
                            dead.retain(|n| !group.contains(n));
                        } else {
                            dead.extend(group);
                        }
                    }
                    None => writeln!(out, "`{}` is not a stone on the board", escape_controls(&line))?,
                },
            }
        }
        let result = agreed_result(&self.pos, &dead)?;
        writeln!(out, "Game over: {} (dead stones removed)", result.text)?;
        self.agreed = Some(result);
        Ok(())
    }
}
