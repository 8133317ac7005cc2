//! Placements covering two nodes, `place covering orthogonal.(n|s)` (grammar: `covering` under `place` in
//! `grammar.pest`): the relation and directions as a movement rule writes them, from the placed node to
//! the second one. Named directions that reach no neighbour anywhere on the board (a slip such as
//! `orthogonal.ne`), and the leg-only selectors `outward` and `same`, are errors, as is `covering` anywhere
//! but right after `place`. A relation alone, or `forward`, may find no neighbour on a board of one cell or
//! one row, as an option can make it: then the seat simply has no move.
//!
//! ```
//! use qipan::core::rules::{DirSel, Pattern};
//! use qipan_dsl::lang::{Names, compile_move};
//!
//! let game = qipan::load("domineering", &[])?;
//! let names = Names { board: &game.board, pieces: &[], zone_aliases: &[], seats: &[] };
//! let orthogonal = game.board.relation("orthogonal").unwrap();
//! let rule = compile_move("place covering orthogonal to empty", &names)?;
//! assert_eq!(rule.pattern, Pattern::Cover { relation: orthogonal, dirs: DirSel::All });
//! let err = compile_move("place covering orthogonal.ne", &names).unwrap_err();
//! assert_eq!((err.offset, err.message.as_str()), (15, "`orthogonal.ne` covers nothing: no node has a neighbour that way"));
//! let err = compile_move("place to empty covering orthogonal", &names).unwrap_err();
//! assert_eq!((err.offset, err.message.as_str()), (15, "`covering` must come right after `place`"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use super::moves::compile_dirs;
use super::{LangError, Names, Rule, not_keyword, offset_of};
use pest::iterators::Pair;
use qipan_core::board::{Board, RelationId};
use qipan_core::rules::{DirSel, Pattern};

/// Compiles `covering DIRS` after `place`.
pub(super) fn compile_covering(p: Pair<Rule>, names: &Names) -> Result<Pattern, LangError> {
    let dirs_pair = p.into_inner().find(not_keyword).expect("dirs");
    let (off, text) = (offset_of(&dirs_pair), dirs_pair.as_str().to_string());
    let (relation, dirs) = compile_dirs(dirs_pair, names)?;
    if matches!(dirs, DirSel::Outward | DirSel::Same) {
        return Err(LangError::at(
            off,
            "`outward` and `same` follow the previous leg of a leap and mean nothing in `covering`",
            Some("a relation alone, or with named directions, `forward`, `backward` or `sideways`".into()),
        ));
    }
    if !reaches_any(names.board, relation, &dirs) {
        return Err(LangError::at(
            off,
            format!("`{text}` covers nothing: no node has a neighbour that way"),
            Some(format!("directions the relation uses: {}", used_directions(names.board, relation))),
        ));
    }
    Ok(Pattern::Cover { relation, dirs })
}

/// A syntax error at a `covering` that does not follow `place` says where it goes, and one just after
/// `covering` asks for a relation.
pub(super) fn misplaced(text: &str, mut err: LangError) -> LangError {
    if text.get(err.offset..).is_some_and(|rest| rest.starts_with("covering")) {
        err.message = "`covering` must come right after `place`".into();
        err.expected = Some("`place covering RELATION` then the clauses: `place covering orthogonal to empty`".into());
    } else if text.get(..err.offset).is_some_and(|before| before.trim_end().ends_with("covering")) {
        err.expected = Some("a relation such as `orthogonal`, or directions of one: `orthogonal.(n|s)`".into());
    }
    err
}

/// Whether some node of the board has a neighbour over `relation` in the named directions `dirs` (any
/// other selector passes: see the module's documentation).
fn reaches_any(board: &Board, relation: RelationId, dirs: &DirSel) -> bool {
    let DirSel::Named(ds) = dirs else { return true };
    board.node_ids().any(|n| ds.iter().any(|&d| board.next(relation, d, n).is_some()))
}

/// The names of the directions `relation` has an edge in, for messages.
fn used_directions(board: &Board, relation: RelationId) -> String {
    let names: Vec<&str> =
        board.relation_directions(relation).iter().map(|d| board.directions()[d.0 as usize].name.as_str()).collect();
    if names.is_empty() { "none: the relation joins no nodes of this board".into() } else { names.join(", ") }
}

#[cfg(test)]
mod tests {
    use super::super::{Names, compile_move};
    use qipan_core::rules::{DirSel, Pattern};

    fn board() -> qipan_core::board::Board {
        let spec = qipan_core::board::generators::GridSpec::new(3, 2);
        qipan_core::board::generators::grid(&spec).expect("a grid").build().expect("a board")
    }

    #[test]
    fn the_relation_and_directions_of_the_second_node() {
        let b = board();
        let names = Names { board: &b, pieces: &[], zone_aliases: &[], seats: &[] };
        let orth = b.relation("orthogonal").unwrap();
        let (n, e) = (b.direction("n").unwrap(), b.direction("e").unwrap());
        let rule = compile_move("place covering orthogonal.(n|e) to empty", &names).unwrap();
        assert_eq!(rule.pattern, Pattern::Cover { relation: orth, dirs: DirSel::Named(vec![n, e]) });
        let rule = compile_move("place covering orthogonal.forward", &names).unwrap();
        assert_eq!(rule.pattern, Pattern::Cover { relation: orth, dirs: DirSel::Forward });
        assert_eq!(compile_move("place", &names).unwrap().pattern, Pattern::Place);
    }

    #[test]
    fn mistakes_are_named_where_they_are() {
        let b = board();
        let names = Names { board: &b, pieces: &[], zone_aliases: &[], seats: &[] };
        let err = |text: &str| compile_move(text, &names).unwrap_err();
        let e = err("place covering orthogonl");
        assert_eq!((e.offset, e.message.as_str()), (15, "unknown relation `orthogonl` (did you mean `orthogonal`?)"));
        let e = err("place covering orthogonal.same");
        assert_eq!(e.offset, 15);
        assert!(e.message.contains("mean nothing in `covering`"), "{}", e.message);
        let e = err("place covering");
        assert_eq!(e.offset, 14);
        assert!(e.expected.unwrap().contains("a relation"));
        let e = err("drop covering orthogonal");
        assert_eq!((e.offset, e.message.as_str()), (5, "`covering` must come right after `place`"));
        let e = err("step orthogonal covering orthogonal");
        assert_eq!(e.offset, 16);
    }
}
