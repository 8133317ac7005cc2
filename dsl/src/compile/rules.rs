//! The rules (capture, repetition, pass, check, ...), the end of the game and the scoring.

use super::Compiler;
use super::words::{
    ABSORBED_TURNS, ALLOWED, BARE_SIDE, CAPTURED, CHECKMATE, DAME, Method, PREY, REPETITION, ROYAL_CAPTURE, SCORING,
    STUCK, SWAP,
};
use crate::lang::Names;
use crate::schema::{CaptureDef, GameDef, ScoringDef, Spanned};
use crate::words::{listed_or, lookup};
use qipan_core::board::Board;
use qipan_core::game::Seat;
use qipan_core::rules::{
    AbsorbedTurns, BareSide, CapturedTo, Dame, EndRules, GroupCapture, PassRule, Prey, Repetition, RoyalCapture, Rules,
    Scoring, StuckRule,
};

impl Compiler<'_> {
    /// The rules of play, the end of the game and the scoring.
    pub(super) fn rules(
        &mut self,
        def: &GameDef,
        board: &Board,
        piece_names: &[String],
        seats: &[Seat],
    ) -> Option<Rules> {
        let r = &def.rules;
        let mut rules = Rules::default();
        if let Some(c) = &r.capture {
            let text = self.subst(c);
            let mut words = text.split_whitespace();
            match (words.next(), words.next(), words.next()) {
                (Some("groups"), Some(rel), None) => match board.relation(rel) {
                    Some(relation) => {
                        let suicide_allowed = self.word(&r.suicide, ALLOWED, false);
                        rules.group_capture = Some(GroupCapture { relation, suicide_allowed });
                    }
                    None => self.unknown(c.referenced, "relation", rel, board.relation_names()),
                },
                (Some("none"), None, None) => {}
                _ => self.error(
                    c.referenced,
                    format!("cannot read capture rule `{text}`"),
                    Some("`groups <relation>` or `none`".into()),
                ),
            }
        }
        rules.repetition = self.word(&r.repetition, REPETITION, Repetition::None);
        let seat_names = super::seats::seat_names(seats);
        let names = Names { board, pieces: piece_names, zone_aliases: &def.zone_aliases, seats: &seat_names };
        for c in &r.captures {
            let t = &match &c.value {
                CaptureDef::Text(rule) => Spanned::new(rule.clone(), c.referenced, c.defined),
                CaptureDef::If { rule, when } => {
                    if !self.applies(&Some(Spanned::new(when.clone(), c.referenced, c.defined))) {
                        continue;
                    }
                    Spanned::new(rule.clone(), c.referenced, c.defined)
                }
            };
            let text = self.subst(t);
            match crate::lang::compile_capture(&text, &names) {
                Ok(rule) => rules.captures.push(rule),
                Err(e) => self.lang_error(t, &text, e),
            }
        }
        (rules.pass, rules.pass_if) = self.pass_rule(&r.pass, &names);
        // `stuck: pass` is the same as `pass: when-stuck`: a seat without a move passes.
        let (stuck, passes) = self.word(&r.stuck, STUCK, (StuckRule::Draw, false));
        if passes && rules.pass == PassRule::Never {
            rules.pass = PassRule::WhenStuck;
        }
        rules.stuck = stuck;
        rules.swap = self.word(&r.swap, SWAP, false);
        if let Some(t) = r.swap.as_ref().filter(|_| rules.swap && seats.len() != 2) {
            self.error(
                t.referenced,
                format!("the swap rule exchanges the players of two seats, but this game has {}", seats.len()),
                Some("`swap: none`, or a game of two seats".into()),
            );
        }
        rules.captured_to = self.word(&r.captured, CAPTURED, CapturedTo::Removed);
        rules.capture_priority =
            self.word(&r.capture_priority, super::words::CAPTURE_PRIORITY, qipan_core::rules::CapturePriority::Free);
        rules.absorbed_turns = self.word(&r.absorbed_turns, ABSORBED_TURNS, AbsorbedTurns::Shared);
        rules.prey = self.word(&r.prey, PREY, Prey::Any);
        rules.ally_capture = self.word(&r.ally_capture, ALLOWED, false);
        rules.check = self.piece_list(&r.check, piece_names);
        rules.checkmate = self.word(&r.checkmate, CHECKMATE, StuckRule::Loses);
        if let Some(f) = r.first.as_ref().filter(|f| self.applies(&f.when)) {
            let name = self.subst(&f.seat);
            match seats.iter().position(|s| s.name == name) {
                Some(i) => rules.first = qipan_core::SeatId::from_index(i),
                None => {
                    let known: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
                    self.unknown(f.seat.referenced, "seat", &name, &known);
                }
            }
        }
        if let Some(f) = r.facing.as_ref().filter(|f| self.applies(&f.when)) {
            let pieces = self.piece_list(&f.pieces, piece_names);
            let name = self.subst(&f.along);
            let relation = board.relation(&name);
            if relation.is_none() {
                self.unknown(f.along.referenced, "relation", &name, board.relation_names());
            }
            if let Some(relation) = relation.filter(|_| !pieces.is_empty()) {
                // A pass while they face each other ends the game, as Fairy-Stockfish's bikjang does.
                rules.facing = Some(qipan_core::rules::facing::Facing { pieces, relation, pass_ends: true });
            }
        }
        rules.end = self.end(def, board, piece_names, seats)?;
        rules.score_bonus = vec![0.0; seats.len()];
        if let Some(s) = def.scoring.as_ref().filter(|s| self.applies(&s.when)) {
            self.scoring(s, board, seats, &mut rules)?;
        }
        Some(rules)
    }

    /// How the game ends: goals, goals on the board, passes, plies, royal and bare pieces, quiet moves and
    /// repetitions.
    fn end(&mut self, def: &GameDef, board: &Board, piece_names: &[String], seats: &[Seat]) -> Option<EndRules> {
        let e = &def.end;
        let quiet_reset = self.piece_list(&e.quiet_reset, piece_names);
        let quiet_draw = match &e.quiet_plies {
            Some(m) => Some(self.count(m, "quiet_plies", 1e9)?).filter(|&n| n > 0),
            None => None,
        };
        let repetition_draw = match &e.repetitions {
            Some(m) => Some(self.count(m, "repetitions", 1e9)?).filter(|&n| n > 0),
            None => None,
        };
        let royal = self.piece_list(&e.royal, piece_names);
        let bare = self.piece_list(&e.bare, piece_names);
        let royal_capture = self.word(&e.royal_capture, ROYAL_CAPTURE, RoyalCapture::Eliminate);
        let bare_side = self.word(&e.bare_side, BARE_SIDE, BareSide::Removed);
        let max_plies = match &e.max_plies {
            Some(m) => Some(self.count(m, "max_plies", 1e9)?),
            None => None,
        };
        let mut goals = Vec::new();
        for g in &e.goals {
            if !self.applies(&g.when) {
                continue;
            }
            match def.counters.iter().position(|c| *c == g.counter.value) {
                Some(i) => goals.push((i, self.number(&g.at_least).unwrap_or(0.0) as i64)),
                None => self.unknown(g.counter.referenced, "counter", &g.counter.value, &def.counters),
            }
        }
        Some(EndRules {
            goals,
            consecutive_passes: e.passes,
            max_plies,
            royal,
            royal_capture,
            bare,
            bare_side,
            lose_without_pieces: e.lose_without_pieces,
            last_standing: e.last_standing,
            quiet_draw,
            quiet_reset,
            repetition_draw,
            repetition_loser: e.repetition_loser.as_ref().and_then(|t| self.winning_seat(t, seats)),
            lines: self.lines(&e.lines, board, seats, piece_names),
            connections: self.connections(&e.connections, board, seats, &def.zone_aliases, piece_names),
            reach: self.reach(&e.reach, board, seats, &def.zone_aliases, piece_names),
            enclosed: self.enclosed(&e.enclosed, board, seats),
            forts: self.forts(&e.forts, board, piece_names),
            counts: self.counts(&e.counts, piece_names),
            full: e.full.as_ref().and_then(|t| self.winning_seat(t, seats)),
            counting: self.counting(&e.counting, board, piece_names, &def.zone_aliases, seats),
            insufficient: self.insufficient(&e.insufficient, seats.len(), piece_names),
            perpetual_check_loses: self.word(&e.perpetual_check, &[("draw", false), ("loses", true)], false),
            draws_scored: self.word(&e.draws, &[("drawn", false), ("scored", true)], false),
        })
    }

    /// The scoring method and the bonus points of each seat.
    fn scoring(&mut self, s: &ScoringDef, board: &Board, seats: &[Seat], rules: &mut Rules) -> Option<()> {
        let method = self.subst(&s.method);
        // Area and the group methods join nodes over `relation:`.
        let mut relation = || {
            let rel_name = match &s.relation {
                Some(t) => self.subst(t),
                None => "orthogonal".into(),
            };
            let relation = board.relation(&rel_name);
            if relation.is_none() {
                let loc = s.relation.as_ref().map(|t| t.referenced).unwrap_or(s.method.referenced);
                self.unknown(loc, "relation", &rel_name, board.relation_names());
            }
            relation
        };
        rules.scoring = match lookup(SCORING, &method) {
            Some(Method::Area) => {
                let relation = relation();
                let dame = self.word(&s.dame, DAME, Dame::Nobody);
                Scoring::Area { relation: relation?, dame }
            }
            Some(Method::Groups(measure)) => Scoring::Groups { relation: relation()?, measure },
            Some(Method::Pieces) => Scoring::Pieces,
            Some(Method::Material) => Scoring::Material,
            Some(Method::Captures) => Scoring::Captures,
            Some(Method::None) => Scoring::None,
            None => {
                self.error(s.method.referenced, format!("unknown scoring method `{method}`"), Some(listed_or(SCORING)));
                Scoring::None
            }
        };
        rules.lower_score_wins = s.lower_wins;
        for (seat, v) in &s.bonus.0 {
            match seats.iter().position(|x| x.name == seat.value) {
                // The one use an unset option may have: a game shown or counted is never scored.
                Some(i) => rules.score_bonus[i] = self.value_of(v).unwrap_or(0.0),
                None => self.unknown(
                    seat.referenced,
                    "seat",
                    &seat.value,
                    &seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
                ),
            }
        }
        Some(())
    }
}
