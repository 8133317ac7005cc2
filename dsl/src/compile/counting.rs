//! `end: counting:`, the counting draws: each rule's start condition and limits compiled as conditions
//! on the whole position (see [`qipan_core::rules::counting`]).

use super::Compiler;
use crate::lang::{LangError, Names, compile_condition};
use crate::schema::{CountingDef, Text};
use qipan_core::board::Board;
use qipan_core::game::Seat;
use qipan_core::rules::Cond;
use qipan_core::rules::counting::CountingRule;

impl Compiler<'_> {
    /// The counting rules that apply.
    pub(super) fn counting(
        &mut self,
        defs: &[CountingDef],
        board: &Board,
        piece_names: &[String],
        zone_aliases: &[String],
        seats: &[Seat],
    ) -> Vec<CountingRule> {
        let seat_names = super::seats::seat_names(seats);
        let names = Names { board, pieces: piece_names, zone_aliases, seats: &seat_names };
        let mut rules = Vec::new();
        for d in defs {
            if !self.applies(&d.when) {
                continue;
            }
            let Some(start) = self.position_cond(&d.start, &names) else { continue };
            let mut limits = Vec::new();
            for l in &d.limit {
                let when = match &l.when {
                    Some(t) => match self.position_cond(t, &names) {
                        Some(c) => c,
                        None => continue,
                    },
                    None => Cond::True,
                };
                // A move is one ply of each side.
                if let Some(moves) = self.count(&l.moves, "a counting limit", 1e6) {
                    limits.push((when, 2 * moves));
                }
            }
            let from_pieces = self.word(&d.from, &[("zero", false), ("pieces", true)], false);
            let on_capture = self.word(&d.restart, &[("never", false), ("capture", true)], false);
            rules.push(CountingRule { start, limits, from_pieces, on_capture });
        }
        rules
    }

    /// A condition on the whole position (a node test is an error: the count is not about a node).
    fn position_cond(&mut self, t: &Text, names: &Names) -> Option<Cond> {
        let text = self.subst(t);
        match compile_condition(&text, names) {
            Ok(c) if c.tests_node() => {
                let e = LangError {
                    offset: text.len() - text.trim_start().len(),
                    message: "a counting rule looks at the whole position, so its condition cannot test a node".into(),
                    expected: Some(
                        "a condition on the whole position: count(...), in-reserve(...), on-board(...)".into(),
                    ),
                };
                self.lang_error(t, &text, e);
                None
            }
            Ok(c) => Some(c),
            Err(e) => {
                self.lang_error(t, &text, e);
                None
            }
        }
    }
}

impl Compiler<'_> {
    /// The dead cases of material that apply; a case must list one side per seat.
    pub(super) fn insufficient(
        &mut self,
        defs: &[crate::schema::InsufficientDef],
        seats: usize,
        piece_names: &[String],
    ) -> Vec<qipan_core::rules::insufficient::DeadCase> {
        let mut cases = Vec::new();
        for d in defs {
            if !self.applies(&d.when) {
                continue;
            }
            if d.sides.value.len() != seats {
                let n = d.sides.value.len();
                let lists = if n == 1 { "list" } else { "lists" };
                let msg = format!("a case of material has {n} {lists} of pieces, but the game has {seats} seats");
                self.error(
                    d.sides.referenced,
                    msg,
                    Some("one list of pieces per seat, as in `[[king, bishop], [king]]`".into()),
                );
                continue;
            }
            let sides = d.sides.value.iter().map(|side| self.piece_list(side, piece_names)).collect();
            let same_colour = self.piece_list(&d.same_colour, piece_names);
            cases.push(qipan_core::rules::insufficient::DeadCase { sides, same_colour });
        }
        cases
    }
}
