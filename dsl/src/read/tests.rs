//! Tests of reading: the merge rule, derived names, chains and cycles of `extends:`.

use super::*;
use crate::diag::Loc;

fn sources(files: &[(&str, &str)]) -> Sources {
    Sources(
        files.iter().map(|(n, t)| SourceFile { name: n.to_string(), id: n.to_string(), text: t.to_string() }).collect(),
    )
}

/// Resolves names among fixed texts.
struct Fixed(Vec<(&'static str, &'static str)>);

impl Resolve for Fixed {
    fn resolve(&self, spec: &str, _from: &SourceFile) -> Result<SourceFile, String> {
        let (n, t) = self.0.iter().find(|(n, _)| *n == spec).ok_or("unknown")?;
        Ok(SourceFile { name: n.to_string(), id: n.to_string(), text: t.to_string() })
    }
}

fn keys(n: &Node) -> Vec<&str> {
    match &n.kind {
        Kind::Map(m) => m.iter().filter_map(|(k, _)| k.text()).collect(),
        _ => vec![],
    }
}

#[test]
fn maps_merge_lists_replace_null_removes() {
    let s = sources(&[
        ("child", "a: { x: 1, z: ~ }\nb: [3]\nc: ~\nd: new\n"),
        ("base", "a: { x: 0, y: 0, z: 0 }\nb: [1, 2]\nc: gone\ne: kept\n"),
    ]);
    let mut base = parse_tree(&s, 1).unwrap();
    merge(&mut base, parse_tree(&s, 0).unwrap());
    assert_eq!(keys(&base), ["a", "b", "e", "d"], "base order, then new keys; c removed");
    let a = base.get("a").unwrap();
    assert_eq!(keys(a), ["x", "y"]);
    assert_eq!(a.get("x").unwrap().text(), Some("1"));
    assert_eq!(a.get("x").unwrap().loc.file, 0, "the child wrote x");
    assert_eq!(a.get("y").unwrap().loc, Loc { line: 1, column: 15, file: 1 }, "the base wrote y");
    match &base.get("b").unwrap().kind {
        Kind::Seq(items) => assert_eq!(items.len(), 1, "lists replace"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn names_are_derived_and_chains_follow() {
    let r = Fixed(vec![("b", "extends: c\noptions: { n: { default: 2 } }\n"), ("c", "name: c\ntitle: Cee\nx: 1\n")]);
    let mut s = sources(&[("dir/a.yaml", "extends: b\nname: a\n")]);
    let t = read_chain(&mut s, &r).unwrap();
    assert_eq!(s.0.len(), 3);
    assert_eq!(t.get("name").and_then(Node::text), Some("a"));
    // b has no name: its title was derived from c's, and a's from b's.
    assert_eq!(t.get("title").and_then(Node::text), Some("Cee (b) (a)"));
    assert_eq!(t.get("x").unwrap().loc.file, 2);
    assert!(t.get("extends").is_none());
}

#[test]
fn cycles_and_bad_extends_are_errors() {
    let r = Fixed(vec![("b", "extends: a\n"), ("a", "extends: b\n")]);
    let mut s = sources(&[("a", "extends: b\n")]);
    let e = read_chain(&mut s, &r).unwrap_err();
    assert!(e.0[0].message.contains("makes a cycle: a → b → a"), "{e}");
    let mut s = sources(&[("a", "extends: [b]\n")]);
    let e = read_chain(&mut s, &r).unwrap_err();
    assert!(e.0[0].message.contains("names the game"), "{e}");
}
