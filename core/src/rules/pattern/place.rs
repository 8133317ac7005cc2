//! Placements and drops ([`Pattern::Place`], [`Pattern::Drop`]): a new piece onto any node the
//! destination condition allows, from an unlimited supply or from the mover's reserve.
//!
//! ```
//! use qipan::core::{PieceId, SeatId};
//! use qipan::core::{NodeId, rules::{Scratch, pattern::generate}};
//!
//! let src = "name: placers
//! board: { grid: { width: 3, height: 3, labels: chess } }
//! seats: [{ name: white }, { name: black }]
//! pieces:
//!   stone: { moves: place to empty }
//! setup:
//!   - { seat: black, piece: stone, at: [b2] }
//! ";
//! let game = qipan::load_str("placers.yaml", src, &[])?;
//! let (mut scratch, mut out) = (Scratch::default(), Vec::new());
//! generate(&game.pieces[0].moves[0], &game.start(), SeatId(0), PieceId::new(0), NodeId::NONE, &mut scratch, &mut out);
//! assert_eq!(out.len(), 8, "every node but b2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{Gen, MoveRule, PlaceReach};
use crate::SeatId;
use crate::board::NodeId;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Cond;

/// Whether a piece may be placed on `n` under `rule`: an empty node its destination condition allows.
#[inline]
fn open(pos: &Position, seat: SeatId, rule: &MoveRule, n: NodeId) -> bool {
    match pos.cell(n) {
        None => matches!(rule.to, Cond::Empty) || rule.to.eval(pos, seat, n),
        // `onto`: on top of a column (a board with stacks).
        Some(_) => rule.onto.as_ref().is_some_and(|c| c.eval(pos, seat, n)),
    }
}

impl Gen<'_> {
    /// A piece onto every empty node `to` allows: a new one, or with `drop` one from the reserve
    /// (none when it is empty). A rule with `then place PIECE anywhere` makes pairs instead.
    #[inline]
    pub(super) fn place(&mut self, drop: bool) {
        let (pos, seat, piece, rule) = (self.pos, self.seat, self.piece, self.rule);
        if drop && pos.reserve(seat, piece) == 0 {
            return;
        }
        let pair = rule.then_place.as_ref().filter(|t| t.reach == PlaceReach::Anywhere && !drop);
        let nodes = pos.game().board.len();
        for i in 0..nodes {
            let n = NodeId(i as u16);
            if !open(pos, seat, rule, n) {
                continue;
            }
            let mv = if drop { Move::drop(piece, n) } else { Move::place(piece, n) };
            let mv = Move { stack: crate::moves::Stack::new(0, pos.cell(n).is_some()), ..mv };
            match pair {
                None => self.out.push(mv),
                // Part by part: the first stone alone, marked as waiting for the second.
                Some(t) if self.first_part => self.out.push(Move { then_place: Some(t.piece), ..mv }),
                // Each unordered pair once: the second stone on a higher node.
                Some(_) => {
                    for j in i + 1..nodes {
                        let m = NodeId(j as u16);
                        if open(pos, seat, rule, m) {
                            self.out.push(Move { with_to: m, ..mv });
                        }
                    }
                }
            }
        }
    }

    /// The whole moves that complete a first stone on `first` (`then place PIECE anywhere`): the
    /// second on any other node the rule allows, each pair written lower node first.
    pub(super) fn second_places(&mut self, first: NodeId) {
        let (pos, seat, rule) = (self.pos, self.seat, self.rule);
        for n in pos.game().board.node_ids() {
            if n != first && open(pos, seat, rule, n) {
                let (to, with_to) = if first < n { (first, n) } else { (n, first) };
                self.out.push(Move { with_to, ..Move::place(self.piece, to) });
            }
        }
    }
}

/// Whether `rule` (a placement followed by `then place PIECE anywhere`) places the pair `a`, `b`
/// (`a` the lower node): both empty and allowed, and distinct.
pub(crate) fn places_pair(rule: &MoveRule, pos: &Position, seat: SeatId, a: NodeId, b: NodeId) -> bool {
    rule.then_place.as_ref().is_some_and(|t| t.reach == PlaceReach::Anywhere)
        && a.is_some()
        && b.is_some()
        && a < b
        && open(pos, seat, rule, a)
        && open(pos, seat, rule, b)
}

#[cfg(test)]
mod tests {
    use crate::board::NodeId;
    use crate::game::GameBuilder;
    use crate::rules::{Cond, Pattern};
    use crate::testkit::*;

    /// On 3×3, with the zones `row1` and `row3` and each seat's `home` (row 1 for White, row 3 for
    /// Black): a stone placed anywhere empty, one placed only in row 1, one only at home, and one
    /// dropped from the reserve, of which White has two.
    fn placers() -> std::sync::Arc<crate::Game> {
        let b = board(3, 3, &[("row1", &["a1", "b1", "c1"]), ("row3", &["a3", "b3", "c3"])]);
        let (row1, row3) = (b.zone("row1").unwrap(), b.zone("row3").unwrap());
        let mut seats = seats(&b);
        seats[0].zones = vec![Some(row1)];
        seats[1].zones = vec![Some(row3)];
        let and_empty = |c| Cond::And(vec![Cond::Empty, c]);
        let pieces = [
            piece("stone", vec![rule(Pattern::Place, Cond::Empty)]),
            piece("zoned", vec![rule(Pattern::Place, and_empty(Cond::Zone(row1)))]),
            piece("homer", vec![rule(Pattern::Place, and_empty(Cond::SeatZone(0)))]),
            piece("dropper", vec![rule(Pattern::Drop, Cond::Empty)]),
        ];
        build(GameBuilder::new("placers", b).seats(seats).zone_alias("home").pieces(pieces).reserve(
            WHITE,
            PieceId::new(3),
            2,
        ))
    }

    fn at(piece: &str, labels: &[&str]) -> Vec<String> {
        let mut out: Vec<String> = labels.iter().map(|l| format!("{piece}@{l}")).collect();
        out.sort();
        out
    }

    #[test]
    fn onto_every_empty_node() {
        let pos = position(&placers(), &[("b2", BLACK, PieceId::new(0))], WHITE);
        assert_eq!(
            entering(&pos, WHITE, PieceId::new(0), 0),
            at("stone", &["a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"])
        );
    }

    #[test]
    fn only_where_the_zone_allows() {
        let pos = position(&placers(), &[("b1", BLACK, PieceId::new(0))], WHITE);
        assert_eq!(entering(&pos, WHITE, PieceId::new(1), 0), at("zoned", &["a1", "c1"]));
        // A seat's own zone: row 1 for White, row 3 for Black.
        assert_eq!(entering(&pos, WHITE, PieceId::new(2), 0), at("homer", &["a1", "c1"]));
        assert_eq!(entering(&pos, BLACK, PieceId::new(2), 0), at("homer", &["a3", "b3", "c3"]));
    }

    /// On 3×3: `place to empty and not zone(row1) then place stone anywhere`.
    fn pairs() -> std::sync::Arc<crate::Game> {
        use crate::rules::{PlaceReach, ThenPlace};
        let b = board(3, 3, &[("row1", &["a1", "b1", "c1"])]);
        let row1 = b.zone("row1").unwrap();
        let mut pair = rule(Pattern::Place, Cond::And(vec![Cond::Empty, Cond::Not(Box::new(Cond::Zone(row1)))]));
        pair.then_place = Some(ThenPlace { piece: PieceId::new(0), reach: PlaceReach::Anywhere, lines: vec![] });
        build(GameBuilder::new("pairs", b).seats(seats(&board(3, 3, &[]))).pieces([piece("stone", vec![pair])]))
    }

    #[test]
    fn pairs_each_once_where_to_allows_both() {
        let pos = position(&pairs(), &[("b2", BLACK, PieceId::new(0))], WHITE);
        // Five points off row 1 and b2: ten pairs, lower node first.
        let all = ["a2", "c2", "a3", "b3", "c3"];
        let mut want = Vec::new();
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                want.push(format!("{a}+{b}"));
            }
        }
        want.sort();
        assert_eq!(entering(&pos, WHITE, PieceId::new(0), 0), want);
    }

    #[test]
    fn part_by_part_the_first_stone_then_the_rest() {
        let g = pairs();
        let pos = position(&g, &[("b2", BLACK, PieceId::new(0))], WHITE);
        let rule = &g.pieces[0].moves[0];
        let mut scratch = crate::rules::Scratch { first_part: true, ..Default::default() };
        let mut firsts = Vec::new();
        crate::rules::pattern::generate(rule, &pos, WHITE, PieceId::new(0), NodeId::NONE, &mut scratch, &mut firsts);
        assert_eq!(firsts.len(), 5);
        assert!(firsts.iter().all(|m| m.then_place == Some(PieceId::new(0)) && !m.with_to.is_some()));
        // The completions of c2 (the fourth point): the four others, each pair lower node first.
        let c2 = firsts.iter().find(|m| m.to == node(&g.board, "c2")).copied().unwrap();
        let mut out = Vec::new();
        crate::rules::pattern::then_places_after(&pos, rule, c2, &mut out);
        let mut text: Vec<String> = out.iter().map(|m| crate::notation::move_text(&g, m)).collect();
        text.sort();
        assert_eq!(text, ["a2+c2", "c2+a3", "c2+b3", "c2+c3"]);
    }

    #[test]
    fn drops_come_out_of_the_reserve_until_it_is_empty() {
        let mut pos = position(&placers(), &[], WHITE);
        let everywhere = ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"];
        assert_eq!(entering(&pos, WHITE, PieceId::new(3), 0), at("dropper", &everywhere));
        assert!(entering(&pos, BLACK, PieceId::new(3), 0).is_empty(), "Black's reserve is empty");
        play(&mut pos, "dropper@b2");
        assert_eq!(pos.reserve(WHITE, PieceId::new(3)), 1);
        play(&mut pos, "stone@a1");
        play(&mut pos, "dropper@c3");
        assert_eq!(pos.reserve(WHITE, PieceId::new(3)), 0);
        assert!(entering(&pos, WHITE, PieceId::new(3), 0).is_empty());
    }
}
