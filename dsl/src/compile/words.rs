//! The words each setting of a definition accepts, one table per setting: each word with what it means.
//! The lookup and the "expected one of ..." message both read the table, so adding a word is one entry.

use crate::words::Words;
use qipan_core::board::generators::{LabelStyle, RingShape, Spokes};
use qipan_core::rules::{
    AbsorbedTurns, BareSide, CapturedTo, Dame, GoalOutcome, GroupMeasure, PassRule, Prey, Repetition, RoyalCapture,
    StuckRule,
};

/// `suicide:`, `ally_capture:`: whether the move is allowed.
pub(crate) const ALLOWED: Words<bool> = &[("forbidden", false), ("allowed", true)];

/// `repetition:`.
pub(crate) const REPETITION: Words<Repetition> = &[
    ("none", Repetition::None),
    ("simple-ko", Repetition::SimpleKo),
    ("simple", Repetition::SimpleKo),
    ("simple-ko-sending-two", Repetition::SimpleKoSendingTwo),
    ("positional", Repetition::Positional),
    ("situational", Repetition::Situational),
];

/// `pass:`.
pub(crate) const PASS: Words<PassRule> =
    &[("always", PassRule::Always), ("when-stuck", PassRule::WhenStuck), ("never", PassRule::Never)];

/// `swap:`: the pie rule.
pub(crate) const SWAP: Words<bool> = &[("none", false), ("sides", true)];

/// `stuck:`: what a seat without a move gets, and whether it passes instead (`pass`, the same as
/// `pass: when-stuck`).
pub(crate) const STUCK: Words<(StuckRule, bool)> = &[
    ("draw", (StuckRule::Draw, false)),
    ("lose", (StuckRule::Loses, false)),
    ("win", (StuckRule::Wins, false)),
    ("pass", (StuckRule::Draw, true)),
    ("score", (StuckRule::Score { to_mover: false }, false)),
    ("score-mover", (StuckRule::Score { to_mover: true }, false)),
];

/// `capture_priority:`: whether capturing moves come first.
pub(crate) const CAPTURE_PRIORITY: Words<qipan_core::rules::CapturePriority> = &[
    ("free", qipan_core::rules::CapturePriority::Free),
    ("compulsory", qipan_core::rules::CapturePriority::Compulsory),
    ("maximum", qipan_core::rules::CapturePriority::Maximum),
];

/// `captured:`: where captured pieces go.
pub(crate) const CAPTURED: Words<CapturedTo> =
    &[("removed", CapturedTo::Removed), ("graveyard", CapturedTo::Graveyard), ("reserve", CapturedTo::CaptorReserve)];

/// `absorbed_turns:`.
pub(crate) const ABSORBED_TURNS: Words<AbsorbedTurns> =
    &[("shared", AbsorbedTurns::Shared), ("own", AbsorbedTurns::Own), ("dropped", AbsorbedTurns::Dropped)];

/// `prey:`: whom a seat may capture.
pub(crate) const PREY: Words<Prey> = &[("any", Prey::Any), ("next", Prey::Next), ("previous", Prey::Previous)];

/// `checkmate:`: what a checkmated seat gets.
pub(crate) const CHECKMATE: Words<StuckRule> =
    &[("lose", StuckRule::Loses), ("draw", StuckRule::Draw), ("win", StuckRule::Wins)];

/// `royal_capture:`.
pub(crate) const ROYAL_CAPTURE: Words<RoyalCapture> =
    &[("eliminate", RoyalCapture::Eliminate), ("absorb", RoyalCapture::Absorb)];

/// `outcome:` of a goal on the board (a line, a connection, a zone reached, a count).
pub(crate) const GOAL_OUTCOME: Words<GoalOutcome> = &[("wins", GoalOutcome::Wins), ("loses", GoalOutcome::Loses)];

/// `bare_side:`.
pub(crate) const BARE_SIDE: Words<BareSide> = &[("removed", BareSide::Removed), ("captor", BareSide::Captor)];

/// `dame:` of area scoring.
pub(crate) const DAME: Words<Dame> = &[("split", Dame::Split), ("nobody", Dame::Nobody)];

/// A scoring `method:`.
#[derive(Clone, Copy)]
pub(crate) enum Method {
    Area,
    Captures,
    Pieces,
    Material,
    Groups(GroupMeasure),
    None,
}

/// `scoring: { method: ... }`.
pub(crate) const SCORING: Words<Method> = &[
    ("area", Method::Area),
    ("captures", Method::Captures),
    ("pieces", Method::Pieces),
    ("material", Method::Material),
    ("largest-group", Method::Groups(GroupMeasure::Largest)),
    ("groups", Method::Groups(GroupMeasure::Count)),
    ("group-product", Method::Groups(GroupMeasure::Product)),
    ("none", Method::None),
];

/// A grid's `labels:`.
pub(crate) const LABELS: Words<LabelStyle> =
    &[("gtp", LabelStyle::Gtp), ("letters", LabelStyle::Letters), ("chess", LabelStyle::Chess)];

/// A polar board's `hub:`: whether it has a hub, and whether a move stops there.
pub(crate) const HUB: Words<(bool, bool)> =
    &[("none", (false, false)), ("transit", (true, false)), ("stop", (true, true))];

/// A polar board's `eye_ring:`.
pub(crate) const EYE_RING: Words<bool> = &[("false", false), ("true", true)];

/// A polar board's `pattern:`: whether it is striped.
pub(crate) const PATTERN: Words<bool> = &[("checker", false), ("stripes", true)];

/// `same_colour_jump:`: whether a same-colour jump may pass over any node.
pub(crate) const SAME_COLOUR_JUMP: Words<bool> = &[("empty", false), ("any", true)];

/// A board's `overflow:`: where the pieces go that a column too high loses off its bottom.
pub(crate) const OVERFLOW: Words<qipan_core::board::Overflow> =
    &[("remove", qipan_core::board::Overflow::Remove), ("reserve", qipan_core::board::Overflow::Reserve)];

/// A grid's `diagonal:`: which diagonal lines the grid has.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Diagonals {
    None,
    All,
    /// Only through the points where column + row is even (the Alquerque grid).
    Alternate,
}

/// `grid: { diagonal: ... }`.
pub(crate) const DIAGONAL: Words<Diagonals> =
    &[("false", Diagonals::None), ("true", Diagonals::All), ("alternate", Diagonals::Alternate)];

/// The `shape:` of concentric rings.
pub(crate) const RING_SHAPE: Words<RingShape> = &[("square", RingShape::Square), ("round", RingShape::Round)];

/// The `spokes:` of concentric rings.
pub(crate) const SPOKES: Words<Spokes> = &[("cross", Spokes::Cross), ("all", Spokes::All), ("none", Spokes::None)];

/// An option's `type:`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum OptionKind {
    Int,
    Number,
    Bool,
    Choice,
    Text,
}

/// `options: { name: { type: ... } }`.
pub(crate) const OPTION_KINDS: Words<OptionKind> = &[
    ("int", OptionKind::Int),
    ("number", OptionKind::Number),
    ("bool", OptionKind::Bool),
    ("choice", OptionKind::Choice),
    ("text", OptionKind::Text),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::{listed, listed_or, lookup};

    #[test]
    fn tables_list_their_words() {
        assert_eq!(listed(PASS), "always, when-stuck, never");
        assert_eq!(listed_or(LABELS), "gtp, letters or chess");
        assert_eq!(listed_or(OPTION_KINDS), "int, number, bool, choice or text");
        assert_eq!(
            listed_or(SCORING),
            "area, captures, pieces, material, largest-group, groups, group-product or none"
        );
        assert_eq!(lookup(REPETITION, "simple"), Some(Repetition::SimpleKo));
        assert_eq!(lookup(REPETITION, "ko"), None);
    }
}
