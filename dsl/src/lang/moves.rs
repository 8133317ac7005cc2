//! Movement rules: a pattern (step, slide, leap, jump, walk, ...), where it may go and start, and its
//! clauses (capture, promotion, shots).

use super::cond::compile_cond;
use super::{LangError, LangParser, Names, Rule, check_nesting, in_chars, not_keyword, offset_of, syntax_error};
use crate::words::{Words, listed, lookup};
use pest::Parser;
use pest::iterators::Pair;
use qipan_core::PieceId;
use qipan_core::board::RelationId;
use qipan_core::rules::{
    CaptureMode, CastleReach, Cond, DirSel, Leg, LoneRule, MoveRule, Pattern, Shot, ShotTrigger, WalkStep,
};

/// The direction words of a movement rule, besides the board's own directions (`orthogonal.forward`).
const DIR_WORDS: Words<DirSel> = &[
    ("forward", DirSel::Forward),
    ("backward", DirSel::Backward),
    ("sideways", DirSel::Sideways),
    ("outward", DirSel::Outward),
    ("same", DirSel::Same),
];

/// `capture MODE` (the grammar's `capture_mode`).
const CAPTURE_MODES: Words<CaptureMode> = &[
    ("replace", CaptureMode::Replace),
    ("remote", CaptureMode::Remote),
    ("passer", CaptureMode::Passer),
    ("jumped", CaptureMode::Jumped),
];

/// The flags of a shot (the grammar's `shot_flag`), each with what it sets.
const SHOT_FLAGS: Words<fn(&mut Shot)> = &[
    ("lone", |s| s.lone = LoneRule::Beyond),
    ("lone-line", |s| s.lone = LoneRule::Line),
    ("by-mover", |s| s.trigger = ShotTrigger::Shooter),
    ("by-mover-or-screen", |s| s.trigger = ShotTrigger::ShooterOrScreen),
    ("by-any", |s| s.trigger = ShotTrigger::Any),
    ("forced", |s| s.forced = true),
];

/// Parses and compiles one movement rule.
///
/// ```
/// use qipan::core::rules::{Cond, DirSel, Pattern};
/// use qipan_dsl::lang::{Names, compile_move};
///
/// let game = qipan::load("chess", &[]).expect("a built-in game");
/// let names = Names { board: &game.board, pieces: &[], zone_aliases: &game.zone_aliases, seats: &[] };
/// let rule = compile_move("slide orthogonal.forward 2 to empty from zone(start)", &names)?;
/// assert!(matches!(rule.pattern, Pattern::Slide { dirs: DirSel::Forward, min: 2, max: 2, .. })); // exactly 2
/// assert_eq!((rule.to, rule.from), (Cond::Empty, Cond::SeatZone(0)));
/// assert!(compile_move("slide orthogonal to", &names).is_err());
/// # Ok::<(), qipan_dsl::lang::LangError>(())
/// ```
pub fn compile_move(text: &str, names: &Names) -> Result<MoveRule, LangError> {
    in_chars(text, || {
        check_nesting(text, false)?;
        let mut pairs = LangParser::parse(Rule::move_rule, text)
            .map_err(|e| super::covering::misplaced(text, syntax_error(text, e)))?;
        let top = pairs.next().expect("move_rule");
        let mut inner = top.into_inner().filter(not_keyword);
        let pat = inner.next().expect("pattern");
        let default_to = match pat.as_rule() {
            Rule::place | Rule::drop | Rule::castle => Cond::Empty,
            Rule::stay | Rule::sow => Cond::True,
            // Any other side's piece: whether it may be taken (enemy, ally where allies may capture each
            // other, the chain form's prey) is the capture rule's to decide.
            _ => Cond::Or(vec![Cond::Empty, Cond::Ally, Cond::Enemy]),
        };
        let pattern = compile_pattern(pat, names)?;
        let mut rule = MoveRule::new(pattern, default_to, text.trim());
        for clause in inner {
            match clause.as_rule() {
                Rule::to_clause | Rule::from_clause => {
                    let to = clause.as_rule() == Rule::to_clause;
                    let c = clause.into_inner().find(not_keyword).expect("cond");
                    let off = offset_of(&c);
                    let cond = compile_cond(c, names)?;
                    if cond.judged_after_move() {
                        return Err(LangError::at(
                            off,
                            "`gives-check` and `gives-mate` are judged on the move, not on a node",
                            Some("the move's `if` clause: `drop to empty if not gives-mate`".into()),
                        ));
                    }
                    if to { rule.to = cond } else { rule.from = cond }
                }
                Rule::if_clause => {
                    let c = clause.into_inner().find(not_keyword).expect("cond");
                    let off = offset_of(&c);
                    // Move conditions (`gives-check`) are judged move by move after it, the rest once.
                    (rule.when, rule.after) = compile_cond(c, names)?.split_after_move();
                    if rule.when.tests_node() || rule.after.tests_node() {
                        return Err(LangError::at(
                            off,
                            "an `if` condition is about the whole position and cannot test a node",
                            Some("count(...), in-reserve(...), on-board(...); node tests go in `to` or `from`".into()),
                        ));
                    }
                }
                Rule::capture_clause => {
                    let m = clause.into_inner().find(not_keyword).expect("mode");
                    rule.capture = lookup(CAPTURE_MODES, m.as_str()).unwrap_or(CaptureMode::Replace);
                }
                Rule::promote_clause => {
                    let mut it = clause.into_inner().filter(not_keyword);
                    for p in it.next().expect("promote_to").into_inner().filter(not_keyword) {
                        rule.promote.push(piece_named(&p, names)?);
                    }
                    for part in it {
                        match part.as_rule() {
                            Rule::promote_captured => rule.promote_captured = true,
                            _ => rule.promote_in = compile_cond(part, names)?,
                        }
                    }
                }
                Rule::passable_clause => rule.passable = true,
                Rule::shot_clause => rule.shot = Some(compile_shot(clause, names)?),
                Rule::place_clause => rule.then_place = Some(super::turns::compile_then_place(clause, names)?),
                Rule::chain_clause => {
                    rule.chain = true;
                    for option in clause.into_inner().filter(|p| p.as_rule() == Rule::chain_option) {
                        match option.as_str() {
                            "optional" => rule.chain_optional = true,
                            _ => rule.chain_through_promotion = true,
                        }
                    }
                }
                Rule::carry_clause => rule.carry = super::stacks::compile_carry(clause),
                Rule::onto_clause => {
                    let c = clause.into_inner().find(not_keyword).expect("cond");
                    rule.onto = Some(compile_cond(c, names)?);
                }
                Rule::EOI => {}
                r => unreachable!("unexpected clause {r:?}"),
            }
        }
        super::turns::check_turn_rule(&rule, text)?;
        super::stacks::check_stack_rule(&rule, text, names)?;
        if rule.pattern == Pattern::Stay && rule.promote.is_empty() {
            // A move that changes nothing would be a pass under another name.
            return Err(LangError::at(
                0,
                "`stay` without `promote`: the piece would change nothing",
                Some("`stay promote PIECE in ZONE`, a promotion on the piece's own node".into()),
            ));
        }
        Ok(rule)
    })
}

/// The piece type a name stands for.
pub(super) fn piece_named(p: &Pair<Rule>, names: &Names) -> Result<PieceId, LangError> {
    let name = p.as_str();
    names.pieces.iter().position(|x| x == name).and_then(PieceId::from_index).ok_or_else(|| {
        LangError::at(
            offset_of(p),
            format!("unknown piece `{name}`"),
            Some(format!("one of: {}", names.pieces.join(", "))),
        )
    })
}

/// A follow-up shot: line, screen, target and flags.
fn compile_shot(p: Pair<Rule>, names: &Names) -> Result<Shot, LangError> {
    let mut it = p.into_inner().filter(not_keyword);
    let (relation, dirs) = compile_dirs(it.next().expect("dirs"), names)?;
    let screen = compile_cond(it.next().expect("screen"), names)?;
    let target = compile_cond(it.next().expect("target"), names)?;
    let mut shot = Shot {
        relation,
        dirs,
        screen,
        target,
        lone: LoneRule::Off,
        trigger: ShotTrigger::ShooterOrScreen,
        forced: false,
    };
    for flag in it {
        // The grammar admits only the flags of the table.
        if let Some(set) = lookup(SHOT_FLAGS, flag.as_str()) {
            set(&mut shot);
        }
    }
    Ok(shot)
}

pub(super) fn compile_dirs(p: Pair<Rule>, names: &Names) -> Result<(RelationId, DirSel), LangError> {
    let mut it = p.into_inner().filter(not_keyword);
    let rel_pair = it.next().expect("relation");
    let rel = names.relation(rel_pair.as_str(), offset_of(&rel_pair))?;
    let Some(sel) = it.next() else { return Ok((rel, DirSel::All)) };
    let inner = sel.into_inner().find(not_keyword).expect("dir_sel");
    let dir = |p: &Pair<Rule>| {
        names.board.direction(p.as_str()).ok_or_else(|| {
            let all: Vec<&str> = names.board.directions().iter().map(|d| d.name.as_str()).collect();
            LangError::at(
                offset_of(p),
                format!(
                    "unknown direction `{}`{}",
                    p.as_str(),
                    crate::diag::did_you_mean(p.as_str(), all.iter().copied())
                ),
                Some(format!("{}, or one of: {}", listed(DIR_WORDS), all.join(", "))),
            )
        })
    };
    let sel = match inner.as_rule() {
        Rule::dir_list => {
            DirSel::Named(inner.into_inner().filter(not_keyword).map(|d| dir(&d)).collect::<Result<_, _>>()?)
        }
        _ => match DIR_WORDS.iter().find(|(w, _)| *w == inner.as_str()) {
            Some((_, sel)) => sel.clone(),
            None => DirSel::Named(vec![dir(&inner)?]),
        },
    };
    Ok((rel, sel))
}

/// A step count written in a rule: 0 to 255.
/// A column of a grid named as its labels start (`g` for `g1`..`g8`): its first coordinate.
fn column(c: &Pair<Rule>, board: &qipan_core::board::Board) -> Result<i32, LangError> {
    let name = c.as_str();
    let file = |label: &str| label.trim_end_matches(|ch: char| ch.is_ascii_digit()).to_string();
    let mut files: Vec<(i32, String)> =
        board.node_ids().map(|n| (board.node(n).coord[0], file(board.label(n)))).collect();
    files.sort();
    files.dedup();
    match files.iter().find(|(_, f)| f == name) {
        Some(&(x, _)) if files.iter().filter(|(_, f)| f == name).all(|&(y, _)| y == x) => Ok(x),
        _ => Err(LangError::at(
            offset_of(c),
            format!("`{name}` is not a column of this board"),
            Some(format!(
                "a column named as its nodes' labels start: {}",
                files.iter().map(|(_, f)| f.as_str()).filter(|f| !f.is_empty()).collect::<Vec<_>>().join(", ")
            )),
        )),
    }
}

fn small_number(x: &Pair<Rule>) -> Result<u8, LangError> {
    x.as_str().parse::<u8>().map_err(|_| {
        LangError::at(offset_of(x), format!("`{}` is too large", x.as_str()), Some("a number from 0 to 255".into()))
    })
}

/// A range `a`, `a..` or `a..b` (steps; at most 255). `a..` runs to `default_max`.
pub(super) fn compile_range(p: Pair<Rule>, default_max: u8) -> Result<(u8, u8), LangError> {
    let off = offset_of(&p);
    let parts: Vec<Pair<Rule>> = p.into_inner().filter(not_keyword).collect();
    match parts.as_slice() {
        [a] => Ok((small_number(a)?, small_number(a)?)),
        [a, dots] if dots.as_rule() == Rule::range_dots => Ok((small_number(a)?, default_max)),
        [a, _, b] => Ok((small_number(a)?, small_number(b)?)),
        _ => Err(LangError::at(off, "cannot read the range", Some("`a`, `a..` or `a..b`".into()))),
    }
}

fn compile_pattern(p: Pair<Rule>, names: &Names) -> Result<Pattern, LangError> {
    let off = offset_of(&p);
    Ok(match p.as_rule() {
        Rule::place => match p.into_inner().find(|c| c.as_rule() == Rule::covering) {
            Some(c) => super::covering::compile_covering(c, names)?,
            None => Pattern::Place,
        },
        Rule::drop => Pattern::Drop,
        Rule::fly => Pattern::Fly,
        Rule::stay => Pattern::Stay,
        Rule::sow => super::sow::compile_sow(p, names)?,
        Rule::step => {
            let (relation, dirs) = compile_dirs(p.into_inner().find(not_keyword).expect("dirs"), names)?;
            Pattern::Slide { relation, dirs, min: 1, max: 1 }
        }
        Rule::slide => {
            let mut it = p.into_inner().filter(not_keyword);
            let (relation, dirs) = compile_dirs(it.next().expect("dirs"), names)?;
            let (min, max) = match it.next() {
                Some(r) => compile_range(r, 255)?,
                None => (1, 255),
            };
            if min > max || min == 0 {
                return Err(LangError::at(off, "empty range", Some("a range like 1..4 with 1 <= min <= max".into())));
            }
            Pattern::Slide { relation, dirs, min, max }
        }
        Rule::leap | Rule::path => {
            let blockable = p.as_rule() == Rule::path;
            let mut legs = Vec::new();
            for (i, leg) in p.into_inner().filter(not_keyword).enumerate() {
                let mut it = leg.into_inner().filter(not_keyword);
                let dp = it.next().expect("dirs");
                let dp_off = offset_of(&dp);
                let (relation, dirs) = compile_dirs(dp, names)?;
                if i == 0 && matches!(dirs, DirSel::Outward | DirSel::Same) {
                    return Err(LangError::at(
                        dp_off,
                        "the first leg has no previous direction",
                        Some("a relation or named directions".into()),
                    ));
                }
                let count = match it.next() {
                    Some(c) if c.as_rule() == Rule::leg_carried => Leg::CARRIED,
                    Some(c) => super::stacks::leg_count(&c, small_number(&c)?)?,
                    None => 1,
                };
                legs.push(Leg { relation, dirs, count });
            }
            Pattern::Leap { legs, blockable }
        }
        Rule::hop => {
            let mut it = p.into_inner().filter(not_keyword);
            let (relation, dirs) = compile_dirs(it.next().expect("dirs"), names)?;
            let screen = compile_cond(it.next().expect("screen"), names)?;
            let max_after = it
                .next()
                .map(|m| small_number(&m.into_inner().find(not_keyword).expect("int")))
                .transpose()?
                .unwrap_or(255);
            Pattern::Hop { relation, dirs, screen, max_after }
        }
        Rule::jump => {
            let mut it = p.into_inner().filter(not_keyword);
            let (relation, dirs) = compile_dirs(it.next().expect("dirs"), names)?;
            let over = compile_cond(it.next().expect("condition"), names)?;
            Pattern::Jump { relation, dirs, over }
        }
        Rule::walk => {
            let mut it = p.into_inner().filter(not_keyword);
            let (min, max) = compile_range(it.next().expect("range"), 255)?;
            if max == 255 || min > max || max > 64 {
                return Err(LangError::at(
                    off,
                    "a walk needs a bounded range",
                    Some("a range like 1..3 with max <= 64".into()),
                ));
            }
            let mut steps: Vec<WalkStep> = Vec::new();
            let mut modes = 0u8;
            let mut reset = Cond::Not(Box::new(Cond::True));
            let mut returning = false;
            let mut pinch = None;
            for part in it {
                match part.as_rule() {
                    Rule::walk_by => {
                        for r in part.into_inner().filter(not_keyword) {
                            let relation = names.relation(r.as_str(), offset_of(&r))?;
                            steps.push(WalkStep { relation, modes: 0 });
                        }
                    }
                    Rule::walk_modes => {
                        for (i, mode) in part.into_inner().filter(not_keyword).enumerate() {
                            if i >= 8 {
                                return Err(LangError::at(off, "at most 8 modes", None));
                            }
                            modes += 1;
                            for r in mode.into_inner().filter(not_keyword) {
                                let relation = names.relation(r.as_str(), offset_of(&r))?;
                                match steps.iter_mut().find(|s| s.relation == relation && s.modes != 0) {
                                    Some(s) => s.modes |= 1 << i,
                                    None => steps.push(WalkStep { relation, modes: 1 << i }),
                                }
                            }
                        }
                    }
                    Rule::walk_free => {
                        for r in part.into_inner().filter(not_keyword) {
                            let relation = names.relation(r.as_str(), offset_of(&r))?;
                            steps.push(WalkStep { relation, modes: 0 });
                        }
                    }
                    Rule::walk_return => returning = true,
                    Rule::walk_squeeze if part.as_str().ends_with("blocked") => {
                        pinch = Some(names.relation("orthogonal", off)?);
                    }
                    Rule::walk_reset => {
                        reset = compile_cond(part.into_inner().find(not_keyword).expect("cond"), names)?
                    }
                    _ => {}
                }
            }
            if steps.is_empty() {
                return Err(LangError::at(
                    off,
                    "a walk needs relations to step along",
                    Some("`by <relations>` or `modes (...)`".into()),
                ));
            }
            Pattern::Walk { min, max, steps, modes, reset, returning, pinch }
        }
        Rule::castle => {
            let mut it = p.into_inner().filter(not_keyword);
            let (relation, dirs) = compile_dirs(it.next().expect("dirs"), names)?;
            let next = it.next().expect("reach");
            let (reach, partner) = if next.as_rule() == Rule::castle_to {
                let mut parts = next.into_inner().filter(not_keyword);
                let mover = column(&parts.next().expect("column"), names.board)?;
                let partner = compile_cond(parts.next().expect("partner"), names)?;
                let lands = column(&parts.next().expect("column"), names.board)?;
                (CastleReach::Columns { mover, partner: lands }, partner)
            } else {
                let steps = small_number(&next)?;
                if steps == 0 {
                    return Err(LangError::at(off, "castling moves at least one step", Some("a number from 1".into())));
                }
                (CastleReach::Steps(steps), compile_cond(it.next().expect("partner"), names)?)
            };
            Pattern::Castle { relation, dirs, reach, partner }
        }
        r => unreachable!("unexpected pattern {r:?}"),
    })
}
