//! Conditions on a node or a position: words (`empty`, `enemy`, ...), calls (`zone(..)`, `piece(..)`, ...),
//! counts and their combinations.

use super::{LangError, LangParser, Names, Rule, check_nesting, in_chars, not_keyword, offset_of, syntax_error};
use crate::words::{Words, listed, lookup};
use pest::Parser;
use pest::iterators::Pair;
use qipan_core::PieceId;
use qipan_core::rules::{Cmp, Cond};

/// The condition words (`to empty`, `if unmoved`), each with the condition it makes.
const WORDS: Words<fn() -> Cond> = &[
    ("empty", || Cond::Empty),
    ("friend", || Cond::Friend),
    ("ally", || Cond::Ally),
    ("enemy", || Cond::Enemy),
    ("any", || Cond::Not(Box::new(Cond::Empty))),
    ("always", || Cond::True),
    ("unmoved", || Cond::Unmoved),
    ("passed", || Cond::Passed),
    ("in-check", || Cond::InCheck),
    ("attacked", || Cond::Attacked),
    ("gives-check", || Cond::GivesCheck),
    ("gives-mate", || Cond::GivesMate),
];

/// Other spellings of condition words, not listed in messages: (alias, word).
const WORD_ALIASES: &[(&str, &str)] = &[("own", "friend"), ("occupied", "any")];

/// A condition function (`zone(start)`, `piece(king)`); `count(..)` has a grammar rule of its own.
#[derive(Clone, Copy)]
enum Call {
    Zone,
    SideZone,
    Kind,
    Colour,
    Piece,
    InReserve,
    OnBoard,
    AttackedBy,
}

/// The condition functions.
const CALLS: Words<Call> = &[
    ("zone", Call::Zone),
    ("side-zone", Call::SideZone),
    ("kind", Call::Kind),
    ("colour", Call::Colour),
    ("piece", Call::Piece),
    ("in-reserve", Call::InReserve),
    ("on-board", Call::OnBoard),
    ("attacked-by", Call::AttackedBy),
];

/// Other spellings of condition functions, not listed in messages: (alias, function).
const CALL_ALIASES: &[(&str, &str)] = &[("color", "colour")];

/// The word an alias stands for, or the word itself.
fn unalias<'a>(aliases: &[(&'a str, &'a str)], word: &'a str) -> &'a str {
    aliases.iter().find(|(alias, _)| *alias == word).map_or(word, |&(_, w)| w)
}

/// Parses and compiles a condition on its own (zones, setup filters, ...).
///
/// ```
/// use qipan::core::rules::Cond;
/// use qipan_dsl::lang::{Names, compile_condition};
///
/// let game = qipan::load("go", &[]).expect("a built-in game");
/// let names = Names { board: &game.board, pieces: &[], zone_aliases: &[], seats: &[] };
/// let cond = compile_condition("empty or enemy", &names)?;
/// assert_eq!(cond, Cond::Or(vec![Cond::Empty, Cond::Enemy]));
/// let err = compile_condition("zone(centre)", &names).unwrap_err();
/// assert!(err.message.contains("centre"), "{}", err.message);
/// # Ok::<(), qipan_dsl::lang::LangError>(())
/// ```
pub fn compile_condition(text: &str, names: &Names) -> Result<Cond, LangError> {
    in_chars(text, || {
        check_nesting(text, false)?;
        let mut pairs = LangParser::parse(Rule::condition, text).map_err(|e| syntax_error(text, e))?;
        let top = pairs.next().expect("condition");
        compile_cond(top.into_inner().find(not_keyword).expect("cond"), names)
    })
}

pub(super) fn compile_cond(p: Pair<Rule>, names: &Names) -> Result<Cond, LangError> {
    compile_cond_in(p, names, Inside::default())
}

/// What a condition being compiled is part of: forms whose cost multiplies when one holds another
/// (a `count` in a `count`, an `adjacent` in an `adjacent`) are refused.
#[derive(Clone, Copy, Default)]
pub(super) struct Inside {
    /// What a `count(...)` counts.
    pub(super) count: bool,
    /// What an `adjacent(...)` tests on each neighbour.
    pub(super) adjacent: bool,
}

/// Compiles a condition, inside what `inside` says.
pub(super) fn compile_cond_in(p: Pair<Rule>, names: &Names, inside: Inside) -> Result<Cond, LangError> {
    let off = offset_of(&p);
    match p.as_rule() {
        Rule::cond => {
            let mut parts: Vec<Cond> = p
                .into_inner()
                .filter(not_keyword)
                .map(|c| compile_cond_in(c, names, inside))
                .collect::<Result<_, _>>()?;
            Ok(if parts.len() == 1 { parts.pop().expect("one") } else { Cond::Or(parts) })
        }
        Rule::conj => {
            let mut parts: Vec<Cond> = p
                .into_inner()
                .filter(not_keyword)
                .map(|c| compile_cond_in(c, names, inside))
                .collect::<Result<_, _>>()?;
            Ok(if parts.len() == 1 { parts.pop().expect("one") } else { Cond::And(parts) })
        }
        Rule::neg => {
            let mut nots = 0;
            let mut inner = None;
            for x in p.into_inner().filter(not_keyword) {
                if x.as_rule() == Rule::not_kw {
                    nots += 1;
                } else {
                    inner = Some(compile_cond_in(x, names, inside)?);
                }
            }
            let mut c = inner.expect("atom");
            for _ in 0..nots {
                c = Cond::Not(Box::new(c));
            }
            Ok(c)
        }
        Rule::word => match lookup(WORDS, unalias(WORD_ALIASES, p.as_str())) {
            Some(cond) => Ok(cond()),
            None => {
                let calls: Vec<String> = CALLS.iter().map(|(f, _)| format!("{f}(..)")).collect();
                let expected =
                    format!("{}, {}, count(..), next(..), adjacent(..), along(..)", listed(WORDS), calls.join(", "));
                Err(LangError::at(off, format!("unknown condition `{}`", p.as_str()), Some(expected)))
            }
        },
        Rule::call => {
            let mut it = p.into_inner().filter(not_keyword);
            let f = it.next().expect("fn");
            let a = it.next().expect("arg");
            let arg = a.as_str();
            let aoff = offset_of(&a);
            let unknown = |what: &str, list: Vec<String>| {
                LangError::at(aoff, format!("unknown {what} `{arg}`"), Some(format!("one of: {}", list.join(", "))))
            };
            let piece = || {
                names
                    .pieces
                    .iter()
                    .position(|p| p == arg)
                    .and_then(PieceId::from_index)
                    .ok_or_else(|| unknown("piece", names.pieces.to_vec()))
            };
            let Some(call) = lookup(CALLS, unalias(CALL_ALIASES, f.as_str())) else {
                let other = f.as_str();
                let expected = format!("{}, count", listed(CALLS));
                return Err(LangError::at(offset_of(&f), format!("unknown function `{other}`"), Some(expected)));
            };
            match call {
                Call::Zone => {
                    if let Some(i) = names.zone_aliases.iter().position(|z| z == arg) {
                        return Ok(Cond::SeatZone(i as u8));
                    }
                    names.board.zone(arg).map(Cond::Zone).ok_or_else(|| {
                        let mut all = names.board.zone_names().to_vec();
                        all.extend(names.zone_aliases.iter().cloned());
                        unknown("zone", all)
                    })
                }
                Call::SideZone => names
                    .zone_aliases
                    .iter()
                    .position(|z| z == arg)
                    .map(|i| Cond::SideZone(i as u8))
                    .ok_or_else(|| unknown("seat zone", names.zone_aliases.to_vec())),
                Call::Kind => names
                    .board
                    .kind(arg)
                    .map(Cond::Kind)
                    .ok_or_else(|| unknown("node kind", names.board.kind_names().to_vec())),
                Call::Colour => names
                    .board
                    .colour(arg)
                    .map(Cond::Colour)
                    .ok_or_else(|| unknown("colour", names.board.colour_names().to_vec())),
                Call::Piece => Ok(Cond::Piece(piece()?)),
                Call::InReserve => Ok(Cond::InReserve(piece()?)),
                Call::OnBoard => Ok(Cond::OnBoard(piece()?)),
                Call::AttackedBy => names
                    .seats
                    .iter()
                    .position(|s| s == arg)
                    .map(|i| Cond::AttackedBy(qipan_core::SeatId(i as u8)))
                    .ok_or_else(|| unknown("seat", names.seats.to_vec())),
            }
        }
        Rule::count => {
            // A count is the same on every node, so one inside another only multiplies the work (nodes to the
            // power of the depth) for the answer it would give beside it.
            if inside.count {
                return Err(LangError::at(
                    off,
                    "a `count` cannot be inside another `count`",
                    Some("a count is about the whole position, not the node counted: put it beside the other one, as in `count(enemy) > 0 and count(friend) < 4`".into()),
                ));
            }
            let mut it = p.into_inner().filter(not_keyword);
            let c = compile_cond_in(it.next().expect("cond"), names, Inside { count: true, ..inside })?;
            let op = comparison(&it.next().expect("cmp"));
            let n = count_number(&it.next().expect("int"))?;
            Ok(Cond::Count(Box::new(c), op, n))
        }
        Rule::next => {
            let mut it = p.into_inner().filter(not_keyword);
            let (r, d) = (it.next().expect("relation"), it.next().expect("direction"));
            let board = names.board;
            let rel = board.relation(r.as_str()).ok_or_else(|| {
                let known = board.relation_names().join(", ");
                LangError::at(
                    offset_of(&r),
                    format!("unknown relation `{}`", r.as_str()),
                    Some(format!("one of: {known}")),
                )
            })?;
            let dirs = board.relation_directions(rel);
            let dir = board.direction(d.as_str()).filter(|x| dirs.contains(x)).ok_or_else(|| {
                let known: Vec<&str> = dirs.iter().map(|x| board.directions()[x.0 as usize].name.as_str()).collect();
                let msg = format!("`{}` has no direction `{}`", r.as_str(), d.as_str());
                LangError::at(offset_of(&d), msg, Some(format!("one of: {}", known.join(", "))))
            })?;
            let c = compile_cond_in(it.next().expect("cond"), names, inside)?;
            Ok(Cond::Next(rel, dir, Box::new(c)))
        }
        Rule::adjacent | Rule::along => super::adjacent::compile_adjacent(p, names, inside),
        Rule::in_line => compile_in_line(p, names),
        r => unreachable!("unexpected condition rule {r:?}"),
    }
}

/// Compiles `in-line(N, RELATION, ...)`: the axes of the relations, as the line goals have them, and a
/// length that some line of the board has room for.
fn compile_in_line(p: Pair<Rule>, names: &Names) -> Result<Cond, LangError> {
    let mut it = p.into_inner().filter(not_keyword);
    let n = it.next().expect("int");
    let noff = offset_of(&n);
    let too_short =
        || LangError::at(noff, "a line needs at least 2 pieces", Some("a length from 2, such as `3`".into()));
    let length: u8 = n.as_str().parse().map_err(|_| {
        LangError::at(noff, format!("`{}` is too large", n.as_str()), Some("a length from 2 to 255".into()))
    })?;
    if length < 2 {
        return Err(too_short());
    }
    let mut axes = Vec::new();
    for r in it {
        let rel = names.relation(r.as_str(), offset_of(&r))?;
        axes.extend(qipan_core::rules::goal::axes_of(names.board, rel));
    }
    let line = qipan_core::rules::InLine::new(names.board, length, axes);
    let room = qipan_core::rules::LineGoal {
        axes: line.axes.clone(),
        length,
        exact: false,
        pieces: vec![],
        outcome: qipan_core::rules::GoalOutcome::Wins,
        winner: None,
    }
    .room(names.board);
    if room < u32::from(length) {
        return Err(LangError::at(
            noff,
            format!("no line of {length} fits this board along these relations: the longest has {room} nodes"),
            Some(format!("a length from 2 to {room}")),
        ));
    }
    Ok(Cond::InLine(Box::new(line)))
}

/// The comparison a `cmp` pair writes.
pub(super) fn comparison(p: &Pair<Rule>) -> Cmp {
    match p.as_str() {
        "<" => Cmp::Lt,
        "<=" => Cmp::Le,
        "==" => Cmp::Eq,
        "!=" => Cmp::Ne,
        ">=" => Cmp::Ge,
        _ => Cmp::Gt,
    }
}

/// The number a count is compared with.
pub(super) fn count_number(p: &Pair<Rule>) -> Result<i64, LangError> {
    p.as_str().parse().map_err(|_| {
        LangError::at(offset_of(p), format!("`{}` is too large", p.as_str()), Some("a smaller number".into()))
    })
}
