//! The YAML tree of a definition file: plain values ([`Node`]) that carry where they were written, parsed
//! by serde-saphyr ([`parse_tree`], [`parse_definition`]), and the messages of its errors ([`yaml_message`]).

use super::de::DeError;
use super::source::Sources;
use crate::diag::{Diagnostics, Loc};
use serde::Deserialize;
use serde::de::{self, MapAccess, SeqAccess, Visitor};
use std::fmt;

/// A YAML value with the place it was written.
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, read::parse_tree};
///
/// let one = |text: &str| Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text: text.into() }]);
/// let tree = parse_tree(&one("name: mine\nboard:\n  grid: { width: 9 }\n"), 0)?;
/// let width = tree.get("board").and_then(|b| b.get("grid")).and_then(|g| g.get("width")).unwrap();
/// assert_eq!(width.text(), Some("9"));
/// assert_eq!((width.loc.line, width.loc.column, width.loc.file), (3, 18, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// The value.
    pub kind: Kind,
    /// Where it is written (with the file's index in the chain).
    pub loc: Loc,
}

/// The kinds of YAML values.
///
/// ```
/// use qipan_dsl::read::{Kind, Typed};
/// # use qipan_dsl::{SourceFile, Sources, read::parse_tree};
/// # let one = |text: &str| Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text: text.into() }]);
/// let tree = parse_tree(&one("seats: [a, b]\nrules: ~\n"), 0)?;
/// let Kind::Seq(seats) = &tree.get("seats").unwrap().kind else { panic!("a list") };
/// assert_eq!(seats[1].kind, Kind::Scalar("b".into(), Typed::Text));
/// assert_eq!(tree.get("rules").unwrap().kind, Kind::Null);
/// assert!(matches!(&tree.kind, Kind::Map(entries) if entries.len() == 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// `~`, `null` or nothing.
    Null,
    /// A scalar: its text as written (quotes removed) and what a plain scalar reads as.
    Scalar(String, Typed),
    /// A list.
    Seq(Vec<Node>),
    /// A map, in file order.
    Map(Vec<(Node, Node)>),
}

/// What a scalar reads as when nothing asks for a particular type.
///
/// A plain scalar keeps the text written beside what it reads as:
///
/// ```
/// use qipan_dsl::read::{Kind, Typed};
/// # use qipan_dsl::{SourceFile, Sources, read::parse_tree};
/// # let one = |text: &str| Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text: text.into() }]);
/// let tree = parse_tree(&one("a: 19\nb: -2\nc: 5.50\nd: true\ne: '7'\n"), 0)?;
/// let kind = |k: &str| tree.get(k).unwrap().kind.clone();
/// assert_eq!(kind("a"), Kind::Scalar("19".into(), Typed::U64(19)));
/// assert_eq!(kind("b"), Kind::Scalar("-2".into(), Typed::I64(-2)));
/// assert_eq!(kind("c"), Kind::Scalar("5.50".into(), Typed::F64(5.5)));
/// assert_eq!(kind("d"), Kind::Scalar("true".into(), Typed::Bool(true)));
/// assert_eq!(kind("e"), Kind::Scalar("7".into(), Typed::Text));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Typed {
    /// Text (every quoted or block scalar, and plain ones that are not numbers or booleans).
    Text,
    /// A boolean.
    Bool(bool),
    /// A whole number of zero or more.
    U64(u64),
    /// A negative whole number.
    I64(i64),
    /// Another number.
    F64(f64),
}

/// ```
/// use qipan_dsl::{SourceFile, Sources, read::parse_tree};
///
/// # let one = |text: &str| Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text: text.into() }]);
/// let tree = parse_tree(&one("pieces:\n  stone: { moves: place }\n"), 0)?;
/// let moves = tree.get("pieces").and_then(|p| p.get("stone")).and_then(|s| s.get("moves"));
/// assert_eq!(moves.and_then(|m| m.text()), Some("place"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Node {
    /// The value of key `k` in a map node.
    ///
    /// ```
    /// use qipan_dsl::{SourceFile, Sources, read::parse_tree};
    ///
    /// # let one = |text: &str| Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text: text.into() }]);
    /// let tree = parse_tree(&one("name: mine\nseats: [a]\n"), 0)?;
    /// assert_eq!(tree.get("name").unwrap().loc.line, 1);
    /// assert!(tree.get("title").is_none());
    /// assert!(tree.get("seats").unwrap().get("a").is_none()); // a list has no keys
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get(&self, k: &str) -> Option<&Node> {
        match &self.kind {
            Kind::Map(m) => m.iter().find(|(key, _)| key.text() == Some(k)).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The text of a scalar.
    ///
    /// ```
    /// use qipan_dsl::{SourceFile, Sources, read::parse_tree};
    ///
    /// # let one = |text: &str| Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text: text.into() }]);
    /// let tree = parse_tree(&one("letter: 1\nseats: [a]\n"), 0)?;
    /// assert_eq!(tree.get("letter").unwrap().text(), Some("1"));
    /// assert_eq!(tree.get("seats").unwrap().text(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn text(&self) -> Option<&str> {
        match &self.kind {
            Kind::Scalar(s, _) => Some(s),
            _ => None,
        }
    }

    pub(super) fn text_node(s: &str, loc: Loc) -> Node {
        Node { kind: Kind::Scalar(s.to_string(), Typed::Text), loc }
    }

    pub(super) fn remove(&mut self, k: &str) -> Option<Node> {
        match &mut self.kind {
            Kind::Map(m) => {
                let i = m.iter().position(|(key, _)| key.text() == Some(k))?;
                Some(m.remove(i).1)
            }
            _ => None,
        }
    }
}

/// The tree serde-saphyr reads, before locations are converted.
struct Raw(RawKind);

enum RawKind {
    Null,
    Text(String),
    Typed(Typed),
    Seq(Vec<serde_saphyr::Spanned<Raw>>),
    Map(Vec<(serde_saphyr::Spanned<Raw>, serde_saphyr::Spanned<Raw>)>),
}

impl<'de> Deserialize<'de> for Raw {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Raw;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a YAML value")
            }
            fn visit_unit<E>(self) -> Result<Raw, E> {
                Ok(Raw(RawKind::Null))
            }
            fn visit_none<E>(self) -> Result<Raw, E> {
                Ok(Raw(RawKind::Null))
            }
            fn visit_bool<E>(self, v: bool) -> Result<Raw, E> {
                Ok(Raw(RawKind::Typed(Typed::Bool(v))))
            }
            fn visit_u64<E>(self, v: u64) -> Result<Raw, E> {
                Ok(Raw(RawKind::Typed(Typed::U64(v))))
            }
            fn visit_i64<E>(self, v: i64) -> Result<Raw, E> {
                Ok(Raw(if v >= 0 { RawKind::Typed(Typed::U64(v as u64)) } else { RawKind::Typed(Typed::I64(v)) }))
            }
            fn visit_f64<E>(self, v: f64) -> Result<Raw, E> {
                Ok(Raw(RawKind::Typed(Typed::F64(v))))
            }
            fn visit_str<E>(self, v: &str) -> Result<Raw, E> {
                Ok(Raw(RawKind::Text(v.to_string())))
            }
            fn visit_string<E>(self, v: String) -> Result<Raw, E> {
                Ok(Raw(RawKind::Text(v)))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut s: A) -> Result<Raw, A::Error> {
                let mut out = Vec::new();
                while let Some(x) = s.next_element()? {
                    out.push(x);
                }
                Ok(Raw(RawKind::Seq(out)))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Raw, A::Error> {
                let mut out = Vec::new();
                while let Some(kv) = m.next_entry()? {
                    out.push(kv);
                }
                Ok(Raw(RawKind::Map(out)))
            }
        }
        d.deserialize_any(V)
    }
}

fn convert(raw: serde_saphyr::Spanned<Raw>, text: &str, file: usize) -> Node {
    let mut loc: Loc = raw.referenced.into();
    loc.file = file;
    let kind = match raw.value.0 {
        RawKind::Null => Kind::Null,
        RawKind::Text(s) => Kind::Scalar(s, Typed::Text),
        RawKind::Typed(t) => {
            let span = raw.referenced.span();
            let written = match (span.byte_offset(), span.byte_len()) {
                (Some(o), Some(l)) => text.get(o as usize..(o + l) as usize).map(|s| s.trim().to_string()),
                _ => None,
            };
            let fallback = || match t {
                Typed::Bool(b) => b.to_string(),
                Typed::U64(x) => x.to_string(),
                Typed::I64(x) => x.to_string(),
                Typed::F64(x) => x.to_string(),
                Typed::Text => String::new(),
            };
            Kind::Scalar(written.filter(|w| !w.is_empty()).unwrap_or_else(fallback), t)
        }
        RawKind::Seq(v) => Kind::Seq(v.into_iter().map(|x| convert(x, text, file)).collect()),
        RawKind::Map(m) => {
            Kind::Map(m.into_iter().map(|(k, v)| (convert(k, text, file), convert(v, text, file))).collect())
        }
    };
    Node { kind, loc }
}

/// The message of a YAML error without the location and snippet serde-saphyr adds (callers show the
/// location their own way).
///
/// ```
/// use qipan_dsl::yaml_message;
/// use std::collections::BTreeMap;
///
/// let err = serde_saphyr::from_str::<BTreeMap<String, u32>>("a: 1\na: 2\n").unwrap_err();
/// assert_eq!(yaml_message(&err), "the key `a` is written twice in this map");
/// ```
///
/// A YAML limit says which limit, and its number:
///
/// ```
/// let bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n\
///             c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n\
///             e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nname: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n";
/// let err = qipan_dsl::Definition::read("bomb.yaml", bomb, &qipan_dsl::FileResolver).and_then(|d| d.compile(&[])).unwrap_err();
/// let limit = "the YAML expands to more than 250000 values (an alias counts each time it is used)";
/// assert_eq!(err.0[0].message, limit);
/// ```
pub fn yaml_message(e: &serde_saphyr::Error) -> String {
    if let Some(limit) = budget_message(e) {
        return limit;
    }
    let full = e.to_string();
    let first = full.lines().next().unwrap_or("invalid YAML").trim();
    if let Some(i) = first.find("duplicate mapping key: ") {
        let key = first[i + "duplicate mapping key: ".len()..].split(", set ").next().unwrap_or_default();
        return format!("the key `{key}` is written twice in this map");
    }
    // serde-saphyr writes "error: line N column M: message" style prefixes; keep the message.
    let msg = first.rsplit_once(": ").map(|(a, b)| if a.contains("line") { b } else { first }).unwrap_or(first);
    msg.trim_start_matches("error: ").to_string()
}

/// The message of a YAML budget error (serde-saphyr's own reads `budget breached: Nodes { nodes: 250001 }`).
fn budget_message(e: &serde_saphyr::Error) -> Option<String> {
    use serde_saphyr::Error;
    use serde_saphyr::budget::BudgetBreach as B;
    let mut e = e;
    while let Error::WithSnippet { error, .. } | Error::AliasError { error, .. } = e {
        e = error;
    }
    let limits = serde_saphyr::Budget::default();
    let message = match e {
        Error::Budget { breach, .. } => match breach {
            B::Nodes { .. } => format!(
                "the YAML expands to more than {} values (an alias counts each time it is used)",
                limits.max_nodes
            ),
            B::Events { .. } => {
                format!("the YAML has more than {} parts (an alias counts each time it is used)", limits.max_events)
            }
            B::Aliases { .. } => format!("the YAML uses aliases (`*name`) more than {} times", limits.max_aliases),
            B::Anchors { .. } => format!("the YAML defines more than {} anchors (`&name`)", limits.max_anchors),
            B::AliasAnchorRatio { aliases, anchors } => format!(
                "the YAML uses {aliases} aliases of {anchors} anchors: more than {} uses per anchor",
                limits.alias_anchor_ratio_multiplier
            ),
            B::Depth { .. } => format!("the YAML nests lists and maps more than {} deep", limits.max_depth),
            B::Documents { .. } => format!("the YAML holds more than {} documents", limits.max_documents),
            B::ScalarBytes { .. } => {
                format!("the YAML's texts add up to more than {} bytes", limits.max_total_scalar_bytes)
            }
            B::MergeKeys { .. } => format!("the YAML has more than {} merge keys (`<<`)", limits.max_merge_keys),
            B::RecordedAnchorEvents { .. } | B::RecordedAnchorBytes { .. } => {
                "the YAML's anchors (`&name`) are too large to repeat".to_string()
            }
            other => format!("the YAML is beyond a limit of the reader ({other:?})"),
        },
        Error::AliasReplayLimitExceeded { max_total_replayed_events, .. } => {
            format!("the YAML's aliases expand to more than {max_total_replayed_events} parts")
        }
        Error::AliasExpansionLimitExceeded { max_expansions_per_anchor, .. } => {
            format!("an anchor of the YAML is used more than {max_expansions_per_anchor} times")
        }
        Error::AliasReplayStackDepthExceeded { max_depth, .. } => {
            format!("the YAML's aliases nest more than {max_depth} deep")
        }
        _ => return None,
    };
    Some(message)
}

/// A hint of what was expected, for the messages serde produces.
pub(crate) fn expected_hint(message: &str) -> Option<String> {
    if let Some(i) = message.find("expected one of") {
        return Some(message[i + "expected ".len()..].to_string());
    }
    if let Some(i) = message.find("expected") {
        return Some(message[i + "expected ".len()..].to_string());
    }
    None
}

/// Parses one file of the chain into a tree (file index `file`).
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, read::parse_tree};
///
/// let file = |name: &str, text: &str| SourceFile { name: name.into(), id: name.into(), text: text.into() };
/// let sources = Sources(vec![file("child.yaml", "extends: base.yaml\n"), file("base.yaml", "name: base\n")]);
/// let base = parse_tree(&sources, 1)?;
/// assert_eq!(base.get("name").unwrap().loc.file, 1);
/// // A definition is a map.
/// let err = parse_tree(&Sources(vec![file("list.yaml", "- a\n- b\n")]), 0).unwrap_err();
/// assert_eq!(err.0[0].message, "a definition is a mapping of keys");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_tree(sources: &Sources, file: usize) -> Result<Node, Diagnostics> {
    let src = &sources.0[file];
    let at = |loc: Loc, msg: String, expected: Option<String>| {
        Diagnostics(vec![sources.diagnostic(Loc { file, ..loc }, msg, expected)])
    };
    if src.text.len() > crate::MAX_DEFINITION_BYTES {
        let message = format!("the definition is {} bytes long, more than the limit", src.text.len());
        return Err(at(Loc::START, message, Some(format!("at most {} bytes", crate::MAX_DEFINITION_BYTES))));
    }
    let raw = serde_saphyr::from_str::<serde_saphyr::Spanned<Raw>>(&src.text).map_err(|e| {
        let loc = e.location().map(Loc::from).unwrap_or(Loc::START);
        let message = yaml_message(&e);
        let expected = expected_hint(&message);
        at(loc, message, expected)
    })?;
    let node = convert(raw, &src.text, file);
    if !matches!(node.kind, Kind::Map(_)) {
        let loc = if node.loc.line == 0 { Loc::START } else { node.loc };
        return Err(at(
            loc,
            "a definition is a mapping of keys".into(),
            Some("name:, board:, seats:, pieces:, ...".into()),
        ));
    }
    Ok(node)
}

/// Parses file `file` of the chain as a definition ([`parse_tree`]), after making sure it is one: a file
/// that is not (a record, `/etc/passwd`, `/proc/self/environ`) is refused without a word of its text, at
/// the `extends:` that named it for a base. A definition is a mapping with at least one key of a
/// definition (`name:`, `board:`, `extends:`, ...); a file that is not even YAML is one when one of its
/// lines starts with such a key, so that a broken definition still gets its precise diagnostic.
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, read::parse_definition};
///
/// let file = |text: &str| Sources(vec![SourceFile { name: "f.yaml".into(), id: "f".into(), text: text.into() }]);
/// let shadow = parse_definition(&file("root:*:20228:0:99999:7:::\n"), 0, None).unwrap_err();
/// assert_eq!(shadow.0[0].message, "not a qipan definition: none of its keys is a key of a definition (name, board, seats, pieces, ...)");
/// assert_eq!(shadow.0[0].source_line, ""); // nothing of the file is shown
/// assert!(!shadow.to_string().contains("root"));
/// // A definition with a YAML error keeps its diagnostic.
/// let broken = parse_definition(&file("name: t\nboard: { grid: [\n"), 0, None).unwrap_err();
/// assert!(!broken.0[0].message.starts_with("not a qipan definition"), "{broken}");
/// assert!(parse_definition(&file("name: t\n"), 0, None).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_definition(sources: &Sources, file: usize, extends: Option<&Node>) -> Result<Node, Diagnostics> {
    let keys = definition_keys();
    let is_key = |k: &str| k == "extends" || keys.contains(&k.strip_suffix('+').unwrap_or(k));
    let parsed = parse_tree(sources, file);
    let recognised = match &parsed {
        Ok(tree) => matches!(&tree.kind, Kind::Map(m) if m.iter().any(|(k, _)| k.text().is_some_and(is_key))),
        Err(_) => sources.0[file].text.lines().any(|line| {
            line.split_once(':')
                .is_some_and(|(k, rest)| is_key(k) && (rest.is_empty() || rest.starts_with([' ', '\t'])))
        }),
    };
    if recognised {
        return parsed;
    }
    let what = "not a qipan definition: none of its keys is a key of a definition (name, board, seats, pieces, ...)";
    let d = match extends {
        Some(ext) => {
            let name = &sources.0[file].name;
            sources.diagnostic(ext.loc, format!("the base `{name}` is {what}"), None)
        }
        None => {
            let mut d = sources.diagnostic(Loc { file, ..Loc::START }, what, None);
            d.source_line.clear();
            d
        }
    };
    Err(Diagnostics(vec![d]))
}

/// The keys of a definition's top level (without `extends`): the fields of [`GameDef`](crate::schema::GameDef),
/// as serde knows them.
fn definition_keys() -> &'static [&'static str] {
    /// A deserializer that only notes the fields of the struct asked for.
    struct Probe<'a>(&'a std::cell::Cell<&'static [&'static str]>);
    impl<'de> de::Deserializer<'de> for Probe<'_> {
        type Error = DeError;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, DeError> {
            Err(de::Error::custom("a probe"))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, DeError> {
            self.0.set(fields);
            Err(de::Error::custom("a probe"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
            unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
        }
    }
    let fields = std::cell::Cell::new(&[][..]);
    let _ = crate::schema::GameDef::deserialize(Probe(&fields));
    fields.get()
}
