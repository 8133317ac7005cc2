//! Sowing (`sow TRACK ...`, the grammar's `sow`): the track seeds go along, the nodes it skips, where the
//! last seed gives another turn (`again`), where captures go (`into`), the capture (`take`) and the
//! feeding rule (`feed`). Every part's condition reads only zones and kinds, so it is tabled per seat
//! when the game is built (core/src/rules/pattern/sow.rs).

use super::cond::compile_cond;
use super::{LangError, Names, Rule, not_keyword, offset_of};
use pest::iterators::Pair;
use qipan_core::rules::pattern::{MAX_RELAYS, is_static};
use qipan_core::rules::{Cond, Pattern, SowTake, Sowing};

/// Compiles a `sow` pattern.
///
/// ```
/// use qipan::core::rules::{Pattern, SowTake};
/// use qipan_dsl::lang::{Names, compile_move};
///
/// let game = qipan::load("oware", &[]).expect("a built-in game");
/// let names = Names { board: &game.board, pieces: &[], zone_aliases: &game.zone_aliases, seats: &[] };
/// let rule = compile_move("sow anticlockwise skip origin take 2..3 in zone(across) backwards from zone(home)", &names)?;
/// let Pattern::Sow(s) = &rule.pattern else { panic!("a sowing") };
/// assert!(s.skip_origin);
/// assert!(matches!(s.take, Some(SowTake::Count { min: 2, max: 3, backwards: true, spare_all: false, .. })));
/// // Where seeds go is decided by the board, not by what stands there.
/// let err = compile_move("sow anticlockwise skip friend", &names).unwrap_err();
/// assert_eq!(err.message, "a sowing rule's condition reads only zones and kinds of nodes");
/// let err = compile_move("sow around", &names).unwrap_err();
/// assert!(err.message.starts_with("unknown track `around`"));
///
/// // On a four-row board each seat sows round its own rows: `anticlockwise1`, `anticlockwise2`.
/// let game = qipan::load("hus", &[]).expect("a built-in game");
/// let names = Names { board: &game.board, pieces: &[], zone_aliases: &game.zone_aliases, seats: &[] };
/// let rule = compile_move("sow anticlockwise relay laps 20 take opposite in zone(inner) occupied", &names)?;
/// let Pattern::Sow(s) = &rule.pattern else { panic!("a sowing") };
/// assert_eq!((s.seat_tracks.len(), s.laps), (2, 20));
/// assert!(matches!(s.take, Some(SowTake::Occupied { .. })));
/// let rule = compile_move("sow anticlockwise singles-last take facing in zone(inner) keep", &names)?;
/// let Pattern::Sow(s) = &rule.pattern else { panic!("a sowing") };
/// assert!(s.singles_last && matches!(s.take, Some(SowTake::Keep { .. })));
/// let err = compile_move("sow anticlockwise relay laps 0", &names).unwrap_err();
/// assert!(err.message.starts_with("a sowing makes from 1 to 1000 laps"));
/// # Ok::<(), qipan_dsl::lang::LangError>(())
/// ```
pub(super) fn compile_sow(p: Pair<Rule>, names: &Names) -> Result<Pattern, LangError> {
    let mut it = p.into_inner().filter(not_keyword);
    let track = it.next().expect("track");
    // A track of each seat's own (a four-row board's `anticlockwise1`, `anticlockwise2`...) is named
    // without its seat's number.
    let seat_tracks: Vec<u8> =
        (1..=8).map_while(|i| names.board.track(&format!("{}{i}", track.as_str()))).map(|i| i as u8).collect();
    let Some(index) = names.board.track(track.as_str()).or(seat_tracks.first().map(|&i| i as usize)) else {
        let known: Vec<&str> = names.board.tracks().iter().map(|t| t.name.as_str()).collect();
        let expected = if known.is_empty() {
            "a track of the board: this board has none (the `mancala` generator makes `anticlockwise` and `clockwise`, or list one under `board: tracks:`)".to_string()
        } else {
            format!("one of the board's tracks: {}", known.join(", "))
        };
        return Err(LangError::at(
            offset_of(&track),
            format!(
                "unknown track `{}`{}",
                track.as_str(),
                crate::diag::did_you_mean(track.as_str(), known.iter().copied())
            ),
            Some(expected),
        ));
    };
    if !names.board.has_counts() {
        return Err(LangError::at(
            0,
            "sowing needs a board whose nodes hold counts of seeds",
            Some("a `mancala` board, or `counts: true` under `board:`".into()),
        ));
    }
    let never = || Cond::Not(Box::new(Cond::True));
    let mut s = Sowing {
        track: index as u8,
        skip_origin: false,
        relay: false,
        skip: never(),
        again: never(),
        into: never(),
        take: None,
        feed: None,
        tables: Vec::new(),
        seat_tracks: if names.board.track(track.as_str()).is_some() { Vec::new() } else { seat_tracks },
        singles_last: false,
        laps: MAX_RELAYS,
    };
    let mut skips = Vec::new();
    for part in it {
        let rule = part.as_rule();
        let mut inner = part.into_inner().filter(not_keyword);
        match rule {
            Rule::sow_skip => {
                let c = inner.next().expect("skip");
                if c.as_rule() == Rule::sow_origin {
                    s.skip_origin = true;
                } else {
                    skips.push(node_cond(c, names)?);
                }
            }
            Rule::sow_again => s.again = node_cond(inner.next().expect("cond"), names)?,
            Rule::sow_into => s.into = node_cond(inner.next().expect("cond"), names)?,
            Rule::sow_feed => s.feed = Some(node_cond(inner.next().expect("cond"), names)?),
            Rule::sow_relay => s.relay = true,
            Rule::sow_singles => s.singles_last = true,
            Rule::sow_laps => {
                let n = inner.next().expect("laps");
                s.laps = match n.as_str().parse::<u32>() {
                    Ok(k) if (1..=MAX_RELAYS).contains(&k) => k,
                    _ => {
                        return Err(LangError::at(
                            offset_of(&n),
                            format!("a sowing makes from 1 to {MAX_RELAYS} laps, not {}", n.as_str()),
                            Some(format!("a number of laps from 1 to {MAX_RELAYS}, such as `laps 3`")),
                        ));
                    }
                };
            }
            Rule::sow_take => {
                let what = inner.next().expect("what");
                let zone = node_cond(inner.next().expect("zone"), names)?;
                let flags: Vec<Pair<Rule>> = inner.collect();
                let has = |f: &str| flags.iter().any(|p| p.as_str() == f);
                s.take = Some(if what.as_rule() == Rule::range {
                    let off = offset_of(&what);
                    let (min, max) = super::moves::compile_range(what, 255)?;
                    if min == 0 || min > max {
                        return Err(LangError::at(
                            off,
                            "a capture by count takes pits of at least one seed",
                            Some("a number of seeds from 1, such as `2..3`".into()),
                        ));
                    }
                    if let Some(f) = flags.iter().find(|p| p.as_str() == "lone") {
                        return Err(LangError::at(
                            offset_of(f),
                            "`lone` belongs to a capture across (`take opposite in ...`)",
                            Some("`backwards` or `no-grand-slam`".into()),
                        ));
                    }
                    SowTake::Count {
                        min: min as u16,
                        max: max as u16,
                        zone,
                        backwards: has("backwards"),
                        spare_all: has("no-grand-slam"),
                    }
                } else {
                    let relation = names.relation(what.as_str(), offset_of(&what))?;
                    if let Some(f) = flags.iter().find(|p| !["lone", "keep", "occupied"].contains(&p.as_str())) {
                        return Err(LangError::at(
                            offset_of(f),
                            format!("`{}` belongs to a capture by count (`take 2..3 in ...`)", f.as_str()),
                            Some("`lone`, `keep` or `occupied`".into()),
                        ));
                    }
                    if has("occupied")
                        && let Some(f) = flags.iter().find(|p| p.as_str() != "occupied")
                    {
                        return Err(LangError::at(
                            offset_of(f),
                            format!(
                                "`{}` is about a last seed in an empty pit; `occupied` captures from a pit that held seeds",
                                f.as_str()
                            ),
                            Some("`occupied` alone".into()),
                        ));
                    }
                    if has("occupied") {
                        SowTake::Occupied { relation, zone }
                    } else if has("keep") {
                        if let Some(f) = flags.iter().find(|p| p.as_str() == "lone") {
                            return Err(LangError::at(
                                offset_of(f),
                                "`lone` takes the last seed, `keep` leaves it: they cannot go together",
                                Some("one of `lone` and `keep`".into()),
                            ));
                        }
                        SowTake::Keep { relation, zone }
                    } else {
                        SowTake::Across { relation, zone, lone: has("lone") }
                    }
                });
            }
            r => unreachable!("unexpected sowing part {r:?}"),
        }
    }
    if !skips.is_empty() {
        s.skip = if skips.len() == 1 { skips.remove(0) } else { Cond::Or(skips) };
    }
    Ok(Pattern::Sow(Box::new(s)))
}

/// A condition on zones and kinds (where seeds go is the board's to say, not the pieces').
fn node_cond(p: Pair<Rule>, names: &Names) -> Result<Cond, LangError> {
    let off = offset_of(&p);
    let c = compile_cond(p, names)?;
    if !is_static(&c) {
        return Err(LangError::at(
            off,
            "a sowing rule's condition reads only zones and kinds of nodes",
            Some("zone(...), kind(...), not, and, or: `skip (zone(stores) and not zone(store))`".into()),
        ));
    }
    Ok(c)
}
