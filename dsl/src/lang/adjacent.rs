//! Neighbour counts, `adjacent(orthogonal.(n|s), friend) >= 2`: the relation and its directions as a
//! movement rule writes them, a condition for each neighbour, and a comparison that some node of the
//! board could pass and some fail (one that every count passes, or none, is a mistake).

use super::cond::{Inside, comparison, compile_cond_in, count_number};
use super::moves::compile_dirs;
use super::{LangError, Names, Rule, not_keyword, offset_of};
use pest::iterators::Pair;
use qipan_core::board::{Board, NodeId, RelationId};
use qipan_core::rules::{Adjacent, Cond, DirSel};

/// Compiles `adjacent(RELATION, C) OP N`.
pub(super) fn compile_adjacent(p: Pair<Rule>, names: &Names, inside: Inside) -> Result<Cond, LangError> {
    let off = offset_of(&p);
    let along = p.as_rule() == Rule::along;
    // Each neighbour of each neighbour ... : the work would grow as the degree to the power of the depth.
    if inside.adjacent {
        return Err(LangError::at(
            off,
            "an `adjacent` cannot be inside another `adjacent`",
            Some("one neighbour count per condition, or several side by side: `adjacent(orthogonal, friend) >= 1 and adjacent(diagonal, enemy) == 0`".into()),
        ));
    }
    let mut it = p.into_inner().filter(not_keyword);
    let dirs_pair = it.next().expect("dirs");
    let dirs_off = offset_of(&dirs_pair);
    let (relation, dirs) = compile_dirs(dirs_pair, names)?;
    if matches!(dirs, DirSel::Outward | DirSel::Same) {
        return Err(LangError::at(
            dirs_off,
            "`outward` and `same` follow the previous leg of a leap and mean nothing in `adjacent`",
            Some("a relation alone, or with named directions, `forward`, `backward` or `sideways`".into()),
        ));
    }
    let cond = compile_cond_in(it.next().expect("cond"), names, Inside { adjacent: true, ..inside })?;
    let cmp_pair = it.next().expect("cmp");
    let cmp = comparison(&cmp_pair);
    let n = count_number(&it.next().expect("int"))?;
    if along {
        // Lines are as long as the board makes them: no count is known to be out of reach.
        return Ok(Cond::Along(Box::new(Adjacent { relation, dirs, cond, cmp, n })));
    }
    let most = most_neighbours(names.board, relation, &dirs);
    let answers = (0..=most as i64).map(|count| cmp.apply(count, n));
    if answers.clone().all(|a| a) || answers.clone().all(|a| !a) {
        let verdict = if cmp.apply(0, n) { "always holds" } else { "never holds" };
        let relation = &names.board.relation_names()[relation.0 as usize];
        return Err(LangError::at(
            offset_of(&cmp_pair),
            format!("`{} {n}` {verdict}: a node has at most {most} neighbours over `{relation}`", cmp_pair.as_str()),
            Some(format!("a comparison that some counts from 0 to {most} pass and others fail")),
        ));
    }
    Ok(Cond::Adjacent(Box::new(Adjacent { relation, dirs, cond, cmp, n })))
}

/// The most distinct neighbours a node of the board has over `relation` in the directions `dirs` (for
/// the seat-relative ones, any of the relation's: a bound that every seat stays within).
fn most_neighbours(board: &Board, relation: RelationId, dirs: &DirSel) -> usize {
    let distinct = |targets: &mut Vec<NodeId>| {
        targets.retain(|t| t.is_some());
        targets.sort_unstable();
        targets.dedup();
        targets.len()
    };
    let mut targets = Vec::new();
    board
        .node_ids()
        .map(|node| {
            targets.clear();
            match dirs {
                DirSel::Named(ds) => targets.extend(ds.iter().map(|&d| board.next(relation, d, node))),
                _ => targets.extend(board.edges(relation, node).iter().map(|e| e.to)),
            }
            distinct(&mut targets)
        })
        .max()
        .unwrap_or(0)
}
