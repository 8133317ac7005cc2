//! The line goals of `end: lines:` (N in a row), checked against the board they run on.

use super::Compiler;
use super::words::LINE_OUTCOME;
use crate::schema::LineDef;
use qipan_core::board::Board;
use qipan_core::rules::{LineGoal, LineOutcome};

impl Compiler<'_> {
    /// The line goals that apply; a line longer than any the board has room for is an error, since it
    /// could never be made.
    pub(super) fn lines(&mut self, defs: &[LineDef], board: &Board, piece_names: &[String]) -> Vec<LineGoal> {
        let mut goals = Vec::new();
        for l in defs {
            if !self.applies(&l.when) {
                continue;
            }
            let Some(length) = self.count(&l.length, "a line's length", 255.0) else { continue };
            if length < 2 {
                self.error(l.length.referenced, format!("a line needs at least 2 pieces, not {length}"), None);
                continue;
            }
            let mut axes = Vec::new();
            for t in &l.along {
                let name = self.subst(t);
                let Some(rel) = board.relation(&name) else {
                    self.unknown(t.referenced, "relation", &name, board.relation_names());
                    continue;
                };
                let dirs = board.relation_directions(rel);
                for &d in &dirs {
                    // One axis per pair of opposite directions of the relation; a lone direction is one too.
                    let back = board.directions()[d.0 as usize].opposite.filter(|b| dirs.contains(b));
                    if back.is_none_or(|b| b.0 > d.0) {
                        axes.push((rel, d, back));
                    }
                }
            }
            if l.along.is_empty() {
                self.error(
                    l.length.referenced,
                    "a line runs along at least one relation",
                    Some("along: [orthogonal]".into()),
                );
                continue;
            }
            let goal = LineGoal {
                axes,
                length: length as u8,
                exact: l.exactly,
                pieces: self.piece_list(&l.pieces, piece_names),
                outcome: self.word(&l.outcome, LINE_OUTCOME, LineOutcome::Wins),
            };
            let room = goal.room(board);
            if !goal.axes.is_empty() && room < length {
                let along = l.along.iter().map(|t| t.value.as_str()).collect::<Vec<_>>().join(", ");
                self.error(
                    l.length.referenced,
                    format!("no line of {length} fits this board along {along}: the longest has {room} nodes"),
                    Some(format!("a length from 2 to {room}")),
                );
                continue;
            }
            goals.push(goal);
        }
        goals
    }
}
