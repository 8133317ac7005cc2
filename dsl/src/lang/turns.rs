//! Turns in several parts: `chain` (a jump that goes on while it can) and `then place PIECE slide
//! RELATION...` (a piece placed after the move from where the mover landed, the Amazons' arrow).
//!
//! ```
//! use qipan::core::rules::{CaptureMode, Pattern};
//! use qipan_dsl::lang::{Names, compile_move};
//!
//! let game = qipan::load("amazons", &[])?;
//! let pieces = ["queen".to_string(), "arrow".to_string()];
//! let names = Names { board: &game.board, pieces: &pieces, zone_aliases: &[], seats: &[] };
//! let rule = compile_move("slide orthogonal to empty then place arrow slide orthogonal diagonal", &names)?;
//! assert_eq!(rule.then_place.map(|t| t.lines.len()), Some(2));
//! let jump = compile_move("jump diagonal over enemy to empty capture jumped chain", &names)?;
//! assert!(jump.chain && jump.capture == CaptureMode::Jumped && matches!(jump.pattern, Pattern::Jump { .. }));
//! let err = compile_move("step orthogonal chain", &names).unwrap_err();
//! assert!(err.message.contains("only a jump"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::moves::compile_dirs;
use super::{LangError, Names, Rule, not_keyword, offset_of};
use pest::iterators::Pair;
use qipan_core::PieceId;
use qipan_core::rules::{CaptureMode, MoveRule, Pattern, PlaceReach, ThenPlace};

/// `then place PIECE slide|step RELATION...`.
pub(super) fn compile_then_place(p: Pair<Rule>, names: &Names) -> Result<ThenPlace, LangError> {
    let mut it = p.into_inner().filter(not_keyword);
    let name = it.next().expect("piece");
    let piece =
        names.pieces.iter().position(|x| x == name.as_str()).and_then(PieceId::from_index).ok_or_else(|| {
            LangError::at(
                offset_of(&name),
                format!("unknown piece `{}`", name.as_str()),
                Some(format!("one of: {}", names.pieces.join(", "))),
            )
        })?;
    let reach = match it.next().expect("reach").as_str() {
        "slide" => PlaceReach::Slide,
        "step" => PlaceReach::Step,
        _ => PlaceReach::Anywhere,
    };
    let mut lines = Vec::new();
    for line in it {
        let dirs = line.into_inner().next().expect("dirs");
        lines.push(compile_dirs(dirs, names)?);
    }
    Ok(ThenPlace { piece, reach, lines })
}

/// The checks of a rule's turn clauses once it is compiled: `chain` and `capture jumped` belong to
/// jumps, a placement follows a move of a piece, and no rule both shoots and places.
pub(super) fn check_turn_rule(rule: &MoveRule, text: &str) -> Result<(), LangError> {
    let is_jump = matches!(rule.pattern, Pattern::Jump { .. });
    let at = |word: &str| text.find(word).map_or(0, |i| text[..i].chars().count());
    if rule.chain && !is_jump {
        return Err(LangError::at(
            at("chain"),
            "`chain` continues only a jump",
            Some("`jump <relation> over <condition> ... chain`".into()),
        ));
    }
    if rule.chain_through_promotion && rule.promote.is_empty() {
        return Err(LangError::at(
            at("through-promotion"),
            "`chain through-promotion` goes on after a promotion, and this jump promotes to nothing",
            Some("`... chain through-promotion promote king in zone(last)`".into()),
        ));
    }
    if rule.capture == CaptureMode::Jumped && !is_jump {
        return Err(LangError::at(
            at("jumped"),
            "`capture jumped` takes the piece jumped over: only a jump has one",
            Some("`jump <relation> over enemy to empty capture jumped`".into()),
        ));
    }
    let Some(tp) = &rule.then_place else { return Ok(()) };
    if matches!(rule.pattern, Pattern::Place) {
        // A second placement: anywhere, and of the same piece, so that the two make an unordered pair.
        if tp.reach != PlaceReach::Anywhere {
            return Err(LangError::at(
                at("then place"),
                "after a placement, `then place` puts a second piece anywhere: it has no line to follow",
                Some("`place to empty then place <piece> anywhere`".into()),
            ));
        }
        return Ok(());
    }
    if matches!(rule.pattern, Pattern::Drop | Pattern::Cover { .. }) || rule.shot.is_some() {
        return Err(LangError::at(
            at("then place"),
            "`then place` follows a move of a piece on the board or a placement, and not a drop, a domino or a shot",
            Some("`slide <relation> to empty then place <piece> slide <relation>`".into()),
        ));
    }
    if tp.reach == PlaceReach::Anywhere {
        return Err(LangError::at(
            at("anywhere"),
            "`anywhere` follows a placement; after a move the piece goes along lines from where the mover landed",
            Some("`then place <piece> slide <relation>` (or `step`)".into()),
        ));
    }
    Ok(())
}

/// The check of a placement followed by `then place PIECE anywhere` that needs the piece the rule
/// belongs to: the two make an unordered pair, so the second is of the same piece.
///
/// ```
/// use qipan::core::PieceId;
/// use qipan_dsl::lang::{Names, check_second_piece, compile_move};
///
/// let game = qipan::load("amazons", &[])?;
/// let pieces = ["queen".to_string(), "arrow".to_string()];
/// let names = Names { board: &game.board, pieces: &pieces, zone_aliases: &[], seats: &[] };
/// let rule = compile_move("place to empty then place arrow anywhere", &names)?;
/// assert!(check_second_piece(&rule, PieceId::new(1), "").is_ok());
/// let err = check_second_piece(&rule, PieceId::new(0), "place to empty then place arrow anywhere").unwrap_err();
/// assert!(err.message.contains("of the piece the rule places"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_second_piece(rule: &MoveRule, piece: PieceId, text: &str) -> Result<(), LangError> {
    match &rule.then_place {
        Some(tp) if tp.reach == PlaceReach::Anywhere && tp.piece != piece => Err(LangError::at(
            text.find("then place").map_or(0, |i| text[..i].chars().count()),
            "the second placement of a turn must be of the piece the rule places",
            Some("`place to empty then place <this piece> anywhere`".into()),
        )),
        _ => Ok(()),
    }
}
