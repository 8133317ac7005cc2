//! The clauses of moves on a board with stacks (grammar: `carry_clause`, `onto_clause` and `leg_carried` in
//! `grammar.pest`): `carry top` lifts the top N pieces of the column, one move for each N from 1 to its
//! height; a leg written `*carried` goes as many steps as the move carries; `onto C` lands on a column
//! satisfying C and puts what the move carries on top. Each needs `stacks:` on the board; `carry` needs a
//! piece that moves, not one that enters.
//!
//! ```
//! use qipan::core::rules::{Carry, Cond, Leg, Pattern};
//! use qipan_dsl::lang::{Names, compile_move};
//!
//! let focus = qipan::load("focus", &[])?;
//! let names = Names { board: &focus.board, pieces: &[], zone_aliases: &[], seats: &[] };
//! let rule = compile_move("leap orthogonal*carried carry top to empty onto any", &names)?;
//! assert!(matches!(&rule.pattern, Pattern::Leap { legs, .. } if legs[0].count == Leg::CARRIED));
//! assert_eq!((rule.carry, rule.to), (Carry::Top, Cond::Empty));
//! assert_eq!(rule.onto, Some(Cond::Not(Box::new(Cond::Empty)))); // `any`: an occupied node
//! let chess = qipan::load("chess", &[])?;
//! let names = Names { board: &chess.board, pieces: &[], zone_aliases: &[], seats: &[] };
//! let err = compile_move("step orthogonal carry top", &names).unwrap_err();
//! assert_eq!(err.message, "`carry` needs a board with stacks");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::{LangError, Names, Rule, not_keyword, offset_of};
use pest::iterators::Pair;
use qipan_core::rules::{Carry, Leg, MoveRule, Pattern};

/// `carry top` or `carry all`.
pub(super) fn compile_carry(clause: Pair<Rule>) -> Carry {
    match clause.into_inner().find(not_keyword).map(|m| m.as_str()) {
        Some("top") => Carry::Top,
        _ => Carry::All,
    }
}

/// A leg's count written as a number: at least 1 (0 would stand for `*carried`).
pub(super) fn leg_count(c: &Pair<Rule>, n: u8) -> Result<u8, LangError> {
    if n == 0 {
        return Err(LangError::at(
            offset_of(c),
            "a leg of 0 steps goes nowhere",
            Some("a number of steps from 1 to 255, or `carried` on a board with stacks".into()),
        ));
    }
    Ok(n)
}

/// The stack clauses need a board with stacks, and `carry` a piece that moves.
pub(super) fn check_stack_rule(rule: &MoveRule, text: &str, names: &Names) -> Result<(), LangError> {
    let carried_leg =
        matches!(&rule.pattern, Pattern::Leap { legs, .. } if legs.iter().any(|l| l.count == Leg::CARRIED));
    // A character offset, for the caret under the word.
    let at = |word: &str| text.find(word).map_or(0, |b| text[..b].chars().count());
    let stacks = names.board.stack_height() > 0;
    let (word, used) = if rule.carry == Carry::Top {
        ("carry", true)
    } else if rule.onto.is_some() {
        ("onto", true)
    } else if carried_leg {
        ("*carried", true)
    } else {
        ("", false)
    };
    if used && !stacks {
        return Err(LangError::at(
            at(word),
            format!("`{}` needs a board with stacks", word.trim_start_matches('*')),
            Some("`stacks: N` under `board:` (a node holds a column of up to N pieces)".into()),
        ));
    }
    if rule.carry == Carry::Top && matches!(rule.pattern, Pattern::Place | Pattern::Drop | Pattern::Cover { .. }) {
        return Err(LangError::at(
            at("carry"),
            "`carry top` on a piece that enters the board: it has no column to carry from",
            Some("`carry top` on a move of a piece (`leap`, `slide`, `step`); a drop may land `onto` a column".into()),
        ));
    }
    Ok(())
}
