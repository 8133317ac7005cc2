//! The goals on the board of `end:`: lines (N in a row), connections, zones to reach and counts of
//! pieces and enclosures, each checked against the board and seats it will be played on, so a goal that could never be
//! met is an error of the definition.

use super::Compiler;
use super::words::GOAL_OUTCOME;
use crate::diag::Loc;
use crate::schema::{ConnectDef, CountDef, EnclosedDef, FortDef, LineDef, ReachDef, Spanned, Text};
use qipan_core::SeatId;
use qipan_core::board::{Board, RelationId};
use qipan_core::game::Seat;
use qipan_core::rules::goal::board_edge;
use qipan_core::rules::{
    ConnectGoal, ConnectTarget, CountGoal, EncloseGoal, FortGoal, GoalOutcome, LineGoal, ReachGoal,
};

impl Compiler<'_> {
    /// The line goals that apply; a line longer than any the board has room for is an error, since it
    /// could never be made.
    pub(super) fn lines(
        &mut self,
        defs: &[LineDef],
        board: &Board,
        seats: &[Seat],
        piece_names: &[String],
    ) -> Vec<LineGoal> {
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
                axes.extend(qipan_core::rules::goal::axes_of(board, rel));
            }
            if l.along.is_empty() {
                self.error(
                    l.length.referenced,
                    "a line runs along at least one relation",
                    Some("along: [orthogonal]".into()),
                );
                continue;
            }
            if let (Some(_), Some(o)) = (&l.winner, &l.outcome) {
                let msg = "a line with a `winner:` names the seat that wins: it takes no `outcome:`";
                self.error(o.referenced, msg, Some("drop `outcome:`".into()));
                continue;
            }
            let winner = match &l.winner {
                Some(t) => match self.winning_seat(t, seats) {
                    Some(s) => Some(s),
                    None => continue,
                },
                None => None,
            };
            let goal = LineGoal {
                axes,
                length: length as u8,
                exact: l.exactly,
                pieces: self.piece_list(&l.pieces, piece_names),
                outcome: self.word(&l.outcome, GOAL_OUTCOME, GoalOutcome::Wins),
                winner,
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

    /// The connection goals that apply; zones no seat has, or more zones than a goal lists, are errors.
    pub(super) fn connections(
        &mut self,
        defs: &[Spanned<ConnectDef>],
        board: &Board,
        seats: &[Seat],
        aliases: &[String],
        piece_names: &[String],
    ) -> Vec<ConnectGoal> {
        let mut goals = Vec::new();
        for d in defs {
            let (c, at) = (&d.value, d.referenced);
            if !self.applies(&c.when) {
                continue;
            }
            let along = self.relations(&c.along, at, board);
            let target = match (c.all_pieces, c.zones.is_empty()) {
                (true, true) => ConnectTarget::AllPieces,
                (true, false) => {
                    let msg = "a connection joins `zones` or `all_pieces`, not both";
                    self.error(at, msg, Some("drop `zones:` or `all_pieces: true`".into()));
                    continue;
                }
                (false, true) => {
                    let hint = "zones: [north, south]` (board zones or seat aliases), or `all_pieces: true";
                    self.error(at, "a connection names the zones it joins", Some(format!("`{hint}`")));
                    continue;
                }
                (false, false) => {
                    let Some(zones) = self.seat_zones(&c.zones, board, seats, aliases) else { continue };
                    let listed = c.zones.len() as u32;
                    let need = match &c.at_least {
                        Some(n) => match self.count(n, "at_least", 64.0) {
                            Some(0) => {
                                self.error(n.referenced, "a connection joins at least 1 zone", None);
                                continue;
                            }
                            Some(k) if k > listed => {
                                let msg = format!("at_least is {k}, but the connection lists {listed} zones");
                                self.error(n.referenced, msg, Some(format!("a number from 1 to {listed}")));
                                continue;
                            }
                            Some(k) => k,
                            None => continue,
                        },
                        None => listed,
                    };
                    // A seat whose aliases name fewer distinct zones than needed can never connect them.
                    if zones.iter().all(|z| z.count_ones() < need) {
                        let msg = format!(
                            "no seat has {need} distinct zones among those listed: the connection can never be made"
                        );
                        self.error(at, msg, Some("map each alias to a zone of its own in the seats' `zones:`".into()));
                        continue;
                    }
                    ConnectTarget::Zones { zones, need: need as u8 }
                }
            };
            if along.is_empty() {
                continue;
            }
            let pieces = self.piece_list(&c.pieces, piece_names);
            let outcome = self.word(&c.outcome, GOAL_OUTCOME, GoalOutcome::Wins);
            goals.push(ConnectGoal { along, target, pieces, outcome });
        }
        goals
    }

    /// The zone goals that apply.
    pub(super) fn reach(
        &mut self,
        defs: &[ReachDef],
        board: &Board,
        seats: &[Seat],
        aliases: &[String],
        piece_names: &[String],
    ) -> Vec<ReachGoal> {
        let mut goals = Vec::new();
        for r in defs {
            if !self.applies(&r.when) {
                continue;
            }
            let Some(zones) = self.seat_zones(std::slice::from_ref(&r.zone), board, seats, aliases) else { continue };
            if zones.iter().all(|&z| z == 0) {
                let msg = format!("no seat has the zone `{}`: it can never be reached", r.zone.value);
                self.error(r.zone.referenced, msg, Some("map the alias in the seats' `zones:`".into()));
                continue;
            }
            let pieces = self.piece_list(&r.pieces, piece_names);
            let outcome = self.word(&r.outcome, GOAL_OUTCOME, GoalOutcome::Wins);
            goals.push(ReachGoal { zones, pieces, outcome });
        }
        goals
    }

    /// The enclosure goals that apply; the way out is the edge of their relations unless a zone is named.
    pub(super) fn enclosed(
        &mut self,
        defs: &[Spanned<EnclosedDef>],
        board: &Board,
        seats: &[Seat],
    ) -> Vec<EncloseGoal> {
        let mut goals = Vec::new();
        for d in defs {
            let (e, at) = (&d.value, d.referenced);
            if !self.applies(&e.when) {
                continue;
            }
            let along = self.relations(&e.along, at, board);
            let Some(seat) = self.winning_seat(&e.seat, seats) else { continue };
            let exits: Vec<bool> = match &e.zone {
                Some(t) => {
                    let name = self.subst(t);
                    let Some(z) = board.zone(&name) else {
                        self.unknown(t.referenced, "zone", &name, board.zone_names());
                        continue;
                    };
                    board.node_ids().map(|n| board.zones_of(n) & (1 << z) != 0).collect()
                }
                None => board_edge(board, &along),
            };
            if !along.is_empty() && !exits.contains(&true) {
                let msg = "the enclosure has no way out: every side would be enclosed from the start";
                self.error(at, msg, Some("`zone:` a zone with nodes, or relations that reach the board's edge".into()));
                continue;
            }
            let outcome = self.word(&e.outcome, GOAL_OUTCOME, GoalOutcome::Loses);
            goals.push(EncloseGoal { seat, along, exits, outcome });
        }
        goals
    }

    /// The fort goals that apply: the piece must exist; its fort must touch the edge of `along`.
    pub(super) fn forts(&mut self, defs: &[Spanned<FortDef>], board: &Board, piece_names: &[String]) -> Vec<FortGoal> {
        let mut goals = Vec::new();
        for d in defs {
            let (f, at) = (&d.value, d.referenced);
            if !self.applies(&f.when) {
                continue;
            }
            let along = self.relations(&f.along, at, board);
            let Some(&piece) = self.piece_list(std::slice::from_ref(&f.piece), piece_names).first() else { continue };
            if along.is_empty() {
                continue;
            }
            let goal = FortGoal::new(board, piece, along, self.word(&f.outcome, GOAL_OUTCOME, GoalOutcome::Wins));
            if !goal.edge.contains(&true) {
                let msg = "the board has no edge along these relations: no fort can ever stand on it";
                self.error(at, msg, Some("relations that leave the board somewhere, like `orthogonal`".into()));
                continue;
            }
            goals.push(goal);
        }
        goals
    }

    /// The count goals that apply.
    pub(super) fn counts(&mut self, defs: &[CountDef], piece_names: &[String]) -> Vec<CountGoal> {
        let mut goals = Vec::new();
        for c in defs {
            if !self.applies(&c.when) {
                continue;
            }
            let Some(fewer_than) = self.count(&c.fewer_than, "fewer_than", f64::from(u16::MAX)) else { continue };
            if fewer_than == 0 {
                let msg = "no seat has fewer than 0 pieces: the count can never be crossed";
                self.error(c.fewer_than.referenced, msg, Some("fewer_than: 1 (a seat without pieces)".into()));
                continue;
            }
            let pieces = self.piece_list(&c.pieces, piece_names);
            let outcome = self.word(&c.outcome, GOAL_OUTCOME, GoalOutcome::Loses);
            goals.push(CountGoal { fewer_than: fewer_than as u16, pieces, reserve: c.reserve, outcome });
        }
        goals
    }

    /// The seat named by `t` that a goal gives the game to (a line's `winner:`, `full:`): a seat that
    /// takes turns. An unknown name, or a neutral seat (a colour, which never plays), is an error.
    pub(super) fn winning_seat(&mut self, t: &Text, seats: &[Seat]) -> Option<SeatId> {
        let name = self.subst(t);
        let playing: Vec<&str> = seats.iter().filter(|s| s.plays).map(|s| s.name.as_str()).collect();
        match seats.iter().position(|s| s.name == name) {
            Some(i) if seats[i].plays => SeatId::from_index(i),
            Some(_) => {
                let msg = format!("seat `{name}` takes no turns (a colour): it cannot win");
                self.error(t.referenced, msg, Some(format!("a seat that plays: {}", playing.join(", "))));
                None
            }
            None => {
                self.unknown(t.referenced, "seat", &name, &playing);
                None
            }
        }
    }

    /// The relations named in `along`, each unknown one reported; an empty list is an error at `at`.
    fn relations(&mut self, along: &[Text], at: Loc, board: &Board) -> Vec<RelationId> {
        if along.is_empty() {
            self.error(at, "a goal runs along at least one relation", Some("along: [orthogonal]".into()));
        }
        let mut out = Vec::new();
        for t in along {
            let name = self.subst(t);
            match board.relation(&name) {
                Some(rel) => out.push(rel),
                None => self.unknown(t.referenced, "relation", &name, board.relation_names()),
            }
        }
        out
    }

    /// Per seat, the board zones (one bit each) that `names` mean for it: a board zone means itself for
    /// every seat, an alias the zone each seat maps it to (none where a seat maps none).
    fn seat_zones(&mut self, names: &[Text], board: &Board, seats: &[Seat], aliases: &[String]) -> Option<Vec<u64>> {
        let mut zones = vec![0u64; seats.len()];
        for t in names {
            let name = self.subst(t);
            if let Some(z) = board.zone(&name) {
                zones.iter_mut().for_each(|bits| *bits |= 1 << z);
            } else if let Some(a) = aliases.iter().position(|a| *a == name) {
                for (bits, seat) in zones.iter_mut().zip(seats) {
                    if let Some(z) = seat.zones.get(a).copied().flatten() {
                        *bits |= 1 << z;
                    }
                }
            } else {
                let known: Vec<&str> =
                    board.zone_names().iter().map(String::as_str).chain(aliases.iter().map(String::as_str)).collect();
                self.unknown(t.referenced, "zone", &name, &known);
                return None;
            }
        }
        Some(zones)
    }
}
