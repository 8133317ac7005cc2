//! The seats: names, letters, colours, forward directions and zones, then teams and who plays which seat.

use super::Compiler;
use crate::schema::{GameDef, PlayersDef, Spanned};
use qipan_core::SeatId;
use qipan_core::board::Board;
use qipan_core::game::Seat;

impl Compiler<'_> {
    /// The seats, with their teams and the players who hold them; `None` without 1 to 64 seats.
    pub(super) fn seats(&mut self, def: &GameDef, board: &Board) -> Option<Vec<Seat>> {
        let zone_aliases = &def.zone_aliases;
        let mut team_names: Vec<String> = Vec::new();
        let mut seats = Vec::new();
        for s in &def.seats {
            let mut forward = Vec::new();
            for f in &s.forward {
                match board.direction(&f.value) {
                    Some(d) => forward.push(d),
                    None => {
                        let all: Vec<&str> = board.directions().iter().map(|d| d.name.as_str()).collect();
                        self.unknown(f.referenced, "direction", &f.value, &all);
                    }
                }
            }
            let mut zones = vec![None; zone_aliases.len()];
            for (alias, z) in &s.zones.0 {
                let Some(ai) = zone_aliases.iter().position(|a| *a == alias.value) else {
                    self.error(
                        alias.referenced,
                        format!("`{}` is not declared in zone_aliases", alias.value),
                        Some(zone_aliases.join(", ")),
                    );
                    continue;
                };
                match board.zone(&z.value) {
                    Some(zi) => zones[ai] = Some(zi),
                    None => self.unknown(z.referenced, "zone", &z.value, board.zone_names()),
                }
            }
            let name = self.subst(&s.name);
            let team_name = s.team.clone().unwrap_or_else(|| name.clone());
            let team = match team_names.iter().position(|t| *t == team_name) {
                Some(i) => i,
                None => {
                    team_names.push(team_name);
                    team_names.len() - 1
                }
            };
            let letter = match &s.letter {
                Some(l) => self.subst(&Spanned::new(l.clone(), s.name.referenced, s.name.defined)),
                None => name.chars().next().map(|c| c.to_ascii_uppercase().to_string()).unwrap_or_default(),
            };
            let index = SeatId(seats.len() as u8);
            let colour = match &s.colour {
                Some(c) => self.subst(&Spanned::new(c.clone(), s.name.referenced, s.name.defined)),
                None => String::new(),
            };
            seats.push(Seat {
                name,
                letter,
                forward,
                zones,
                team: team as u8,
                held_by: index,
                colour,
                plays: !s.neutral,
            });
        }
        if seats.is_empty() || seats.len() > 64 {
            self.error(def.name.referenced, "a game needs 1 to 64 seats", Some("seats: [{name: ...}, ...]".into()));
            return None;
        }
        if let Some(t) = &def.teams
            && let Some(groups) = self.groups(t, &seats)
        {
            // Listed groups are teams 0..k; every unlisted seat is a team of its own after them.
            let mut next = groups.len() as u8;
            let listed: Vec<usize> = groups.iter().flatten().copied().collect();
            for (i, seat) in seats.iter_mut().enumerate() {
                if !listed.contains(&i) {
                    seat.team = next;
                    next = next.saturating_add(1);
                }
            }
            for (team, group) in groups.iter().enumerate() {
                for &i in group {
                    seats[i].team = team as u8;
                }
            }
        }
        if let Some(p) = &def.players {
            self.players(p, &mut seats, def);
        }
        Some(seats)
    }

    /// The groups of seats (by index) of the variant an option selects.
    fn groups(&mut self, p: &PlayersDef, seats: &[Seat]) -> Option<Vec<Vec<usize>>> {
        if !self.uses_only_set(&p.select.value, p.select.referenced) {
            return None;
        }
        let Some(value) = self.vars.get(&p.select.value).map(|v| v.to_string()) else {
            self.error(p.select.referenced, format!("unknown option `{}`", p.select.value), None);
            return None;
        };
        let Some((_, groups)) = p.variants.0.iter().find(|(k, _)| k.value == value) else {
            let names: Vec<&str> = p.variants.0.iter().map(|(k, _)| k.value.as_str()).collect();
            self.error(
                p.select.referenced,
                format!("no variant for `{}` = {value}", p.select.value),
                Some(names.join(", ")),
            );
            return None;
        };
        let names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        let mut listed = vec![false; seats.len()];
        let mut out = Vec::new();
        for group in groups {
            let mut g = Vec::new();
            for t in group {
                let name = self.subst(t);
                match names.iter().position(|s| *s == name) {
                    Some(i) if !listed[i] => {
                        listed[i] = true;
                        g.push(i);
                    }
                    Some(_) => self.error(t.referenced, format!("seat `{name}` is listed twice"), None),
                    None => self.unknown(t.referenced, "seat", &name, &names),
                }
            }
            out.push(g);
        }
        Some(out)
    }

    /// Applies `players`: who holds which seats under the selected variant; unlisted seats stay empty.
    fn players(&mut self, p: &PlayersDef, seats: &mut [Seat], def: &GameDef) {
        let Some(groups) = self.groups(p, seats) else { return };
        let mut listed = vec![false; seats.len()];
        for group in &groups {
            let Some(&first) = group.first() else { continue };
            for &i in group {
                listed[i] = true;
                seats[i].held_by = SeatId(first as u8);
                // Seats of one player are one side.
                seats[i].team = seats[first].team;
            }
        }
        for (i, s) in seats.iter_mut().enumerate() {
            if !listed[i] && !def.seats[i].neutral {
                s.plays = false;
            }
        }
    }
}

/// The seats' names in index order, for the language's `attacked-by(seat)`.
pub(super) fn seat_names(seats: &[Seat]) -> Vec<String> {
    seats.iter().map(|s| s.name.clone()).collect()
}
