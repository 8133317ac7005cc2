//! Merging a base with its extension, by the rule of the [module documentation](super): maps key by key,
//! anything else replaced, `KEY+:` appended, `~` removed.

use super::tree::{Kind, Node};
use crate::diag::Loc;

/// Adds `key: value` at the end of a map.
pub(super) fn push_key(map: &mut Node, key: &str, value: Node) {
    if let Kind::Map(m) = &mut map.kind {
        m.push((Node::text_node(key, value.loc), value));
    }
}

/// Merges `child` over `base` by the rule of the module documentation.
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, read::{Node, merge, parse_tree}};
///
/// let file = |name: &str, text: &str| SourceFile { name: name.into(), id: name.into(), text: text.into() };
/// let sources = Sources(vec![
///     file("child.yaml", "grid: { width: 9 }\nseats: [c]\nzones: ~\n"),
///     file("base.yaml", "grid: { width: 19, height: 19 }\nseats: [a, b]\nzones: { centre: {} }\n"),
/// ]);
/// let mut tree = parse_tree(&sources, 1)?;
/// merge(&mut tree, parse_tree(&sources, 0)?);
/// let grid = tree.get("grid").unwrap();
/// assert_eq!(grid.get("width").and_then(Node::text), Some("9")); // maps merge key by key
/// assert_eq!(grid.get("height").and_then(Node::text), Some("19"));
/// assert_eq!(tree.get("seats").unwrap().loc.file, 0); // lists replace
/// assert!(tree.get("zones").is_none()); // `~` removes
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn merge(base: &mut Node, child: Node) {
    match (&mut base.kind, child.kind) {
        (Kind::Map(b), Kind::Map(c)) => {
            for (k, v) in c {
                if let Some(name) = appended_key(&k) {
                    append_entry(b, name, k.loc, v);
                    continue;
                }
                let pos = b.iter().position(|(bk, _)| same_key(bk, &k));
                match (pos, v.kind) {
                    (Some(i), Kind::Null) => {
                        b.remove(i);
                    }
                    (None, Kind::Null) => {}
                    (Some(i), kind) => merge(&mut b[i].1, Node { kind, loc: v.loc }),
                    (None, kind) => {
                        let mut added = Node { kind, loc: v.loc };
                        settle(&mut added);
                        b.push((k, added));
                    }
                }
            }
            base.loc = child.loc;
        }
        (_, kind) => {
            *base = Node { kind, loc: child.loc };
            settle(base);
        }
    }
}

/// The list a `KEY+:` entry appends to: `KEY`.
fn appended_key(key: &Node) -> Option<&str> {
    key.text()?.strip_suffix('+').filter(|name| !name.is_empty())
}

/// Resolves the `KEY+:` entries of a tree that has no base under it, as if appended to nothing: each becomes
/// `KEY:` with a list, or is appended to a `KEY:` written before it in the same map.
pub(super) fn settle(node: &mut Node) {
    match &mut node.kind {
        Kind::Map(entries) => {
            let mut settled = Vec::with_capacity(entries.len());
            for (k, mut v) in std::mem::take(entries) {
                match appended_key(&k) {
                    Some(name) => append_entry(&mut settled, name, k.loc, v),
                    None => {
                        settle(&mut v);
                        settled.push((k, v));
                    }
                }
            }
            *entries = settled;
        }
        Kind::Seq(items) => items.iter_mut().for_each(settle),
        _ => {}
    }
}

/// Adds a `KEY+:` entry to a map: its items go after those of `KEY`, which it creates when missing.
fn append_entry(entries: &mut Vec<(Node, Node)>, name: &str, key_loc: Loc, mut value: Node) {
    settle(&mut value);
    let items = into_items(value);
    match entries.iter().position(|(k, _)| k.text() == Some(name)) {
        Some(i) => append(&mut entries[i].1, items),
        None => entries.push((Node::text_node(name, key_loc), Node { kind: Kind::Seq(items), loc: key_loc })),
    }
}

/// The items a `KEY+:` value adds: a list's items, or one value.
fn into_items(value: Node) -> Vec<Node> {
    match value.kind {
        Kind::Seq(items) => items,
        Kind::Null => Vec::new(),
        kind => vec![Node { kind, loc: value.loc }],
    }
}

/// Appends `items` to the base's value: a list grows; a single value becomes the first item of a list.
fn append(base: &mut Node, items: Vec<Node>) {
    match &mut base.kind {
        Kind::Seq(list) => list.extend(items),
        Kind::Null => base.kind = Kind::Seq(items),
        _ => {
            let first = Node { kind: std::mem::replace(&mut base.kind, Kind::Null), loc: base.loc };
            base.kind = Kind::Seq(std::iter::once(first).chain(items).collect());
        }
    }
}

fn same_key(a: &Node, b: &Node) -> bool {
    match (a.text(), b.text()) {
        (Some(x), Some(y)) => x == y,
        _ => a.kind == b.kind,
    }
}
