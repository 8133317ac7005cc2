//! The pieces (their moves compiled from the movement language), the setup, the reserves and the extras.

use super::Compiler;
use crate::diag::did_you_mean;
use crate::lang::{Names, check_second_piece, compile_move};
use crate::schema::{GameDef, MoveDef, NumOrExpr, Spanned, Text};
use qipan_core::board::Board;
use qipan_core::board::handicap::fixed_handicap;
use qipan_core::game::{Extra, PieceType, Placement, Seat};
use qipan_core::{PieceId, SeatId};

impl Compiler<'_> {
    /// The piece types; `None` without 1 to 255 of them.
    pub(super) fn pieces(&mut self, def: &GameDef, names: &Names, seats: &[Seat]) -> Option<Vec<PieceType>> {
        let mut pieces = Vec::new();
        for (name, p) in &def.pieces.0 {
            let mut moves = Vec::new();
            let entries =
                p.moves.iter().flat_map(|m| m.value.located().map(|(rule, at)| (rule, at.unwrap_or(m.referenced))));
            for (m, at) in entries {
                // Diagnostics search forward from the entry's place for the offending text.
                let spanned = |s: &str| Spanned::new(s.to_string(), at, at);
                let (t, when) = match m {
                    MoveDef::Plain(t) => (spanned(t), None),
                    MoveDef::Conditional { rule, when } => (spanned(rule), Some(spanned(when))),
                };
                if !self.applies(&when) {
                    continue;
                }
                let text = self.subst(&t);
                let piece = PieceId::from_index(pieces.len()).unwrap_or(PieceId::new(0));
                match compile_move(&text, names).and_then(|r| check_second_piece(&r, piece, &text).map(|_| r)) {
                    Ok(r) => moves.push(r),
                    Err(e) => self.lang_error(&t, &text, e),
                }
            }
            let symbols = if let Some(l) = &p.letter {
                seats.iter().map(|s| format!("{}{l}", s.letter)).collect()
            } else if p.symbols.is_empty() {
                vec![name.value.chars().next().unwrap_or('?').to_string()]
            } else {
                p.symbols.clone()
            };
            let owner = p.owner.as_ref().and_then(|t| {
                let seat_name = self.subst(t);
                let found = seat_named(seats, &seat_name);
                if found.is_none() {
                    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
                    self.unknown(t.referenced, "seat", &seat_name, &names);
                }
                found
            });
            if let Some(v) = p.value.as_ref().filter(|v| v.value < 0.0) {
                self.error(
                    v.referenced,
                    format!("piece `{}` has a negative value {}", name.value, v.value),
                    Some("a piece's value is a number of at least 0 (`value: 3`)".into()),
                );
            }
            pieces.push(PieceType {
                name: name.value.clone(),
                symbols,
                moves,
                immune: p.immune,
                captures: p.captures,
                owner,
            });
        }
        if pieces.is_empty() || pieces.len() > 255 {
            self.error(def.name.referenced, "a game needs 1 to 255 piece types", None);
            return None;
        }
        Some(pieces)
    }

    /// Per piece type, what it becomes when captured (`captured_as`); unknown names are errors.
    pub(super) fn captured_as(&mut self, def: &GameDef, piece_names: &[String]) -> Vec<PieceId> {
        let mut out = Vec::with_capacity(piece_names.len());
        for (i, (_, p)) in def.pieces.0.iter().enumerate() {
            let own = PieceId::from_index(i).unwrap_or(PieceId::new(0));
            let Some(t) = &p.captured_as else {
                out.push(own);
                continue;
            };
            let name = self.subst(t);
            match piece_named(piece_names, &name) {
                Some(into) => out.push(into),
                None => {
                    self.unknown(t.referenced, "piece", &name, piece_names);
                    out.push(own);
                }
            }
        }
        out
    }

    /// The pieces on the board at the start.
    pub(super) fn setup(
        &mut self,
        def: &GameDef,
        board: &Board,
        seats: &[Seat],
        piece_names: &[String],
    ) -> Vec<Placement> {
        let seat_index = |name: &str| seat_named(seats, name);
        let empty_seat = |i: SeatId| starts_empty(def, seats, i);
        let piece_index = |name: &str| piece_named(piece_names, name);
        let mut setup = Vec::new();
        for s in &def.setup {
            if !self.applies(&s.when) {
                continue;
            }
            let seat_name = self.subst(&s.seat);
            let seat = seat_index(&seat_name);
            if seat.is_some_and(empty_seat) {
                continue;
            }
            let piece = piece_index(&s.piece.value);
            if seat.is_none() {
                self.unknown(
                    s.seat.referenced,
                    "seat",
                    &seat_name,
                    &seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
                );
            }
            if piece.is_none() {
                self.unknown(s.piece.referenced, "piece", &s.piece.value, piece_names);
            }
            let count = match &s.count {
                None => 1,
                Some(c) if board.has_counts() => self.count(c, "a count of seeds", 65535.0).unwrap_or(1),
                Some(c) => {
                    self.error(
                        c.referenced,
                        "only a board with counts holds several pieces on a node",
                        Some("`counts: true` under `board:` (or a `mancala` board), or no `count`".into()),
                    );
                    1
                }
            };
            for at in &s.at {
                if let Some(stones) = at.value.strip_prefix("handicap(").and_then(|z| z.strip_suffix(')')) {
                    // The stones of a fixed handicap of N (an option expression), as Go places them.
                    let n = Spanned {
                        value: NumOrExpr::Expr(stones.to_string()),
                        referenced: at.referenced,
                        defined: at.defined,
                    };
                    let Some(n) = self.count(&n, "a handicap", 400.0) else { continue };
                    if n < 2 {
                        continue; // a handicap of one stone is Black moving first: nothing placed
                    }
                    match (fixed_handicap(board, n), seat, piece) {
                        (Ok(nodes), Some(seat), Some(piece)) => {
                            setup.extend(nodes.into_iter().map(|node| Placement { node, seat, piece }))
                        }
                        (Err(e), _, _) => self.error(
                            at.referenced,
                            e.to_string(),
                            Some("fewer stones (at most 4 on even sizes and on 7x7), or a larger board".into()),
                        ),
                        _ => {}
                    }
                    continue;
                }
                if let Some(zone) = at.value.strip_prefix("zone(").and_then(|z| z.strip_suffix(')')) {
                    // Every node of a zone, in board order.
                    match (board.zone(zone), seat, piece) {
                        (Some(z), Some(seat), Some(piece)) => {
                            for node in board.zone_set(z).iter() {
                                setup.extend((0..count).map(|_| Placement { node, seat, piece }));
                            }
                        }
                        (None, _, _) => self.unknown(at.referenced, "zone", zone, board.zone_names()),
                        _ => {}
                    }
                    continue;
                }
                match (board.find(&at.value), seat, piece) {
                    (Some(node), Some(seat), Some(piece)) => {
                        setup.extend((0..count).map(|_| Placement { node, seat, piece }))
                    }
                    (None, _, _) => self.error(
                        at.referenced,
                        format!("no node labelled `{}`", at.value),
                        Some("the label of a node of the board".into()),
                    ),
                    _ => {}
                }
            }
        }
        setup
    }

    /// The pieces in hand at the start: (seat, piece, count).
    pub(super) fn reserves(
        &mut self,
        def: &GameDef,
        seats: &[Seat],
        piece_names: &[String],
    ) -> Vec<(SeatId, PieceId, u16)> {
        let seat_index = |name: &str| seat_named(seats, name);
        let empty_seat = |i: SeatId| starts_empty(def, seats, i);
        let piece_index = |name: &str| piece_named(piece_names, name);
        let mut reserves = Vec::new();
        for r in &def.reserve {
            if !self.applies(&r.when) {
                continue;
            }
            let piece = piece_index(&r.piece.value);
            if piece.is_none() {
                self.unknown(r.piece.referenced, "piece", &r.piece.value, piece_names);
            }
            let targets: Vec<SeatId> = if r.seat.value == "all" {
                (0..seats.len() as u8).map(SeatId).collect()
            } else {
                match seat_index(&r.seat.value) {
                    Some(s) => vec![s],
                    None => {
                        self.error(
                            r.seat.referenced,
                            format!(
                                "unknown seat `{}`{}",
                                r.seat.value,
                                did_you_mean(&r.seat.value, seats.iter().map(|s| s.name.as_str()).chain(["all"]))
                            ),
                            Some("a seat name or `all`".into()),
                        );
                        vec![]
                    }
                }
            };
            if let Some(p) = piece {
                reserves.extend(targets.into_iter().filter(|&s| !empty_seat(s)).map(|s| (s, p, r.count)));
            }
        }
        reserves
    }

    /// The extra actions (reviving a piece, at a counter's cost).
    pub(super) fn extras(&mut self, def: &GameDef, piece_names: &[String]) -> Vec<Extra> {
        let mut extras = Vec::new();
        for x in &def.extras {
            let revive = piece_names.iter().position(|p| *p == x.revive.value).and_then(PieceId::from_index);
            if revive.is_none() {
                self.unknown(x.revive.referenced, "piece", &x.revive.value, piece_names);
            }
            let cost = x.cost.as_ref().and_then(|c| {
                let i = def.counters.iter().position(|n| *n == c.value);
                if i.is_none() {
                    self.unknown(c.referenced, "counter", &c.value, &def.counters);
                }
                i
            });
            if let Some(r) = revive {
                extras.push(Extra { name: x.name.value.clone(), revive: r, cost });
            }
        }
        extras
    }

    /// Piece types by name, each unknown one reported where it is written.
    pub(super) fn piece_list(&mut self, names: &[Text], piece_names: &[String]) -> Vec<PieceId> {
        let mut out = Vec::new();
        for t in names {
            let name = self.subst(t);
            match piece_named(piece_names, &name) {
                Some(i) => out.push(i),
                None => self.unknown(t.referenced, "piece", &name, piece_names),
            }
        }
        out
    }
}

/// The index of the seat named `name`.
fn seat_named(seats: &[Seat], name: &str) -> Option<SeatId> {
    seats.iter().position(|s| s.name == name).and_then(SeatId::from_index)
}

/// Whether seat `i` starts empty: nobody plays it and it is not neutral.
fn starts_empty(def: &GameDef, seats: &[Seat], i: SeatId) -> bool {
    !seats[i.idx()].plays && !def.seats[i.idx()].neutral
}

/// The index of the piece type named `name`.
fn piece_named(piece_names: &[String], name: &str) -> Option<PieceId> {
    piece_names.iter().position(|p| p == name).and_then(PieceId::from_index)
}
