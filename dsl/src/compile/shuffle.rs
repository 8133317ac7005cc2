//! The numbered start of a definition (`shuffle:`): its steps checked and turned into a
//! [`Shuffle`], and the start the number option chooses.

use super::Compiler;
use crate::lang::Value;
use crate::schema::{GameDef, ShuffleDef, Text};
use qipan_core::board::{Board, NodeId};
use qipan_core::game::Seat;
use qipan_core::game::shuffle::{Shuffle, ShuffleStep};
use qipan_core::{PieceId, SeatId};

impl Compiler<'_> {
    /// The shuffle and the number of the start chosen, or `None` (errors reported) when it cannot be made.
    pub(super) fn shuffle(
        &mut self,
        def: &GameDef,
        board: &Board,
        seats: &[Seat],
        piece_names: &[String],
    ) -> Option<(Shuffle, u64)> {
        let s: &ShuffleDef = def.shuffle.as_ref()?;
        let seat = self.shuffle_seat(&s.seat, seats);
        let nodes = self.shuffle_zone(&s.zone, board);
        let mut copies = Vec::new();
        for c in &s.copies {
            let (seat, zone) = (self.shuffle_seat(&c.seat, seats), self.shuffle_zone(&c.zone, board));
            if let (Some(seat), Some(zone), Some(nodes)) = (seat, zone.clone(), nodes.as_ref())
                && zone.len() != nodes.len()
            {
                self.error(
                    c.zone.referenced,
                    format!(
                        "zone `{}` has {} nodes, zone `{}` {}",
                        c.zone.value,
                        zone.len(),
                        s.zone.value,
                        nodes.len()
                    ),
                    Some("a zone of as many nodes, which get the same pieces in the same order".into()),
                );
                let _ = seat;
            }
            copies.push((seat?, zone?));
        }
        let mut steps = Vec::new();
        let mut uncoloured = false;
        for step in &s.steps {
            let piece = |c: &mut Self, t: &Text| {
                let p = piece_names.iter().position(|p| *p == t.value).and_then(PieceId::from_index);
                if p.is_none() {
                    c.unknown(t.referenced, "piece", &t.value, piece_names);
                }
                p
            };
            let colour = match &step.colour {
                Some(c) => {
                    let found = board.colour(&c.value);
                    if found.is_none() {
                        self.unknown(c.referenced, "colour", &c.value, board.colour_names());
                    } else if uncoloured {
                        self.error(
                            c.referenced,
                            "a step limited to a colour after a step that is not",
                            Some("the steps limited to a colour first, so each step has as many choices whatever came before".into()),
                        );
                    }
                    found
                }
                None => {
                    uncoloured = true;
                    None
                }
            };
            let (pieces, rest) = match (&step.piece, step.rest.is_empty()) {
                (Some(p), true) => (vec![piece(self, p); step.count.unwrap_or(1) as usize], false),
                (None, false) => (step.rest.iter().map(|p| piece(self, p)).collect(), true),
                _ => {
                    let at = step.piece.as_ref().or(step.rest.first()).map_or(s.zone.referenced, |t| t.referenced);
                    self.error(at, "a step places either `piece` (with `count`) or the `rest`", None);
                    return None;
                }
            };
            steps.push(ShuffleStep { pieces: pieces.into_iter().collect::<Option<Vec<_>>>()?, colour, rest });
        }
        let nodes = nodes?;
        let colours = nodes.iter().map(|&n| board.node(n).colour).collect();
        let shuffle = Shuffle { option: s.number.value.clone(), seat: seat?, nodes, colours, steps, copies };
        if let Some((i, pieces, free)) = shuffle.impossible_step() {
            let step = &s.steps[i];
            let at = step.piece.as_ref().or(step.rest.first()).map_or(s.zone.referenced, |t| t.referenced);
            let of = step.colour.as_ref().map(|c| format!(" {}", c.value)).unwrap_or_default();
            let (what, hint) = if shuffle.steps[i].rest {
                ("must fill", "as many `rest` pieces as nodes left, or more steps before it")
            } else {
                ("cannot go on", "fewer pieces (`count`), or a colour with more nodes")
            };
            self.error(
                at,
                format!(
                    "step {} places {pieces} pieces, which {what} the {free}{of} nodes of zone `{}` still free",
                    i + 1,
                    s.zone.value
                ),
                Some(hint.into()),
            );
            return None;
        }
        let count = shuffle.count();
        let number = match self.vars.get(&s.number.value) {
            Some(Value::Num(x)) => *x,
            _ => {
                self.error(
                    s.number.referenced,
                    format!("`{}` is not a number option", s.number.value),
                    Some(format!("an `int` option, from 0 to {}", count - 1)),
                );
                return None;
            }
        };
        if number.fract() != 0.0 || number < 0.0 || number >= count as f64 {
            self.error(
                s.number.referenced,
                format!("no start numbered {number}: there are {count} (0 to {})", count - 1),
                Some(format!("--set {}=N with N from 0 to {}", s.number.value, count - 1)),
            );
            return None;
        }
        Some((shuffle, number as u64))
    }

    fn shuffle_seat(&mut self, t: &Text, seats: &[Seat]) -> Option<SeatId> {
        let name = self.subst(t);
        let seat = seats.iter().position(|s| s.name == name).and_then(SeatId::from_index);
        if seat.is_none() {
            self.unknown(t.referenced, "seat", &name, &seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>());
        }
        seat
    }

    fn shuffle_zone(&mut self, t: &Text, board: &Board) -> Option<Vec<NodeId>> {
        let Some(z) = board.zone(&t.value) else {
            self.unknown(t.referenced, "zone", &t.value, board.zone_names());
            return None;
        };
        Some(board.node_ids().filter(|&n| board.zones_of(n) & (1 << z) != 0).collect())
    }
}
