//! Deserializing a merged tree into the schema types: a serde `Deserializer` over [`Node`]s that hands each
//! [`Spanned`](crate::schema::Spanned) value its node's location ([`NodeDe`], [`from_tree`]).

use super::source::Sources;
use super::tree::{Kind, Node, Typed, expected_hint};
use crate::diag::{Diagnostic, Diagnostics, Loc, did_you_mean};
use serde::Deserialize;
use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, SeqAccess, Visitor};
use std::cell::RefCell;
use std::fmt;

/// An error while reading a tree into the schema.
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, read::{DeError, NodeDe, parse_tree}};
/// use serde::Deserialize;
///
/// let text = "seats: [a, b]\nsize: nine\n".to_string();
/// let sources = Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text }]);
/// let tree = parse_tree(&sources, 0)?;
/// let err: DeError = u32::deserialize(NodeDe::new(tree.get("size").unwrap())).unwrap_err();
/// assert_eq!(err.loc.map(|l| (l.line, l.column)), Some((2, 7)));
/// assert!(err.message.contains("nine"), "{err}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct DeError {
    /// What is wrong.
    pub message: String,
    /// Where (the innermost node being read).
    pub loc: Option<Loc>,
}

impl fmt::Display for DeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DeError {}

impl de::Error for DeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        DeError { message: msg.to_string(), loc: None }
    }
    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        let hint = did_you_mean(field, expected.iter().copied());
        Self::custom(format!("unknown field `{field}`{hint}, expected one of {}", expected.join(", ")))
    }
    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        let hint = did_you_mean(variant, expected.iter().copied());
        Self::custom(format!("unknown variant `{variant}`{hint}, expected one of {}", expected.join(", ")))
    }
}

/// The newtype name through which [`Spanned`](crate::schema::Spanned) asks for its location.
pub(crate) const SPANNED: &str = "$qipan::Spanned";

/// Reads a [`Node`] as any `Deserialize` type.
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, read::{NodeDe, parse_tree}, schema::SeatDef};
/// use serde::Deserialize;
///
/// let text = "seats: [a, b]\nwhite: { name: white, letter: W }\n".to_string();
/// let sources = Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text }]);
/// let tree = parse_tree(&sources, 0)?;
/// let seats = Vec::<String>::deserialize(NodeDe::new(tree.get("seats").unwrap()))?;
/// assert_eq!(seats, ["a", "b"]);
/// let white = SeatDef::deserialize(NodeDe::new(tree.get("white").unwrap()))?;
/// assert_eq!((white.name.value.as_str(), white.name.referenced.line), ("white", 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct NodeDe<'a> {
    node: &'a Node,
    /// Where unknown keys are collected, to go on reading after them (see [`from_tree`]); without it the
    /// first unknown key is an error.
    unknown: Option<&'a RefCell<Vec<DeError>>>,
}

/// Errors carry the location of the innermost node being read:
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, read::{NodeDe, parse_tree}};
/// use serde::Deserialize;
///
/// let text = "counts: [1, 2, many]\n".to_string();
/// let sources = Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text }]);
/// let tree = parse_tree(&sources, 0)?;
/// let err = Vec::<u8>::deserialize(NodeDe::new(tree.get("counts").unwrap())).unwrap_err();
/// assert_eq!(err.loc.map(|l| l.column), Some(16)); // at `many`
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<'a> NodeDe<'a> {
    /// A deserializer of `node`, which stops at the first error.
    ///
    /// ```
    /// use qipan_dsl::{SourceFile, Sources, read::{NodeDe, parse_tree}, schema::EndDef};
    /// use serde::Deserialize;
    ///
    /// let sources = Sources(vec![SourceFile { name: "t.yaml".into(), id: "t".into(), text: "passes: 2\n".into() }]);
    /// let end = EndDef::deserialize(NodeDe::new(&parse_tree(&sources, 0)?))?;
    /// assert_eq!(end.passes, Some(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(node: &'a Node) -> Self {
        NodeDe { node, unknown: None }
    }

    /// The same reading of another node.
    fn of(&self, node: &'a Node) -> Self {
        NodeDe { node, unknown: self.unknown }
    }

    fn at<T>(&self, r: Result<T, DeError>) -> Result<T, DeError> {
        r.map_err(|mut e| {
            e.loc.get_or_insert(self.node.loc);
            e
        })
    }

    fn any<'de, V: Visitor<'de>>(&self, v: V) -> Result<V::Value, DeError> {
        match &self.node.kind {
            Kind::Null => v.visit_unit(),
            Kind::Scalar(s, Typed::Text) => v.visit_str(s),
            Kind::Scalar(_, Typed::Bool(b)) => v.visit_bool(*b),
            Kind::Scalar(_, Typed::U64(x)) => v.visit_u64(*x),
            Kind::Scalar(_, Typed::I64(x)) => v.visit_i64(*x),
            Kind::Scalar(_, Typed::F64(x)) => v.visit_f64(*x),
            Kind::Seq(items) => v.visit_seq(Items { it: items.iter(), de: *self }),
            Kind::Map(entries) => v.visit_map(self.entries(entries.iter().collect())),
        }
    }

    fn entries(&self, entries: Vec<&'a (Node, Node)>) -> Entries<'a> {
        Entries { it: entries.into_iter(), value: None, de: *self }
    }
}

struct Items<'a> {
    it: std::slice::Iter<'a, Node>,
    de: NodeDe<'a>,
}

impl<'de> SeqAccess<'de> for Items<'_> {
    type Error = DeError;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, DeError> {
        self.it.next().map(|n| seed.deserialize(self.de.of(n))).transpose()
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.it.len())
    }
}

struct Entries<'a> {
    it: std::vec::IntoIter<&'a (Node, Node)>,
    value: Option<&'a Node>,
    de: NodeDe<'a>,
}

impl<'de> MapAccess<'de> for Entries<'_> {
    type Error = DeError;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, DeError> {
        match self.it.next() {
            Some((k, v)) => {
                self.value = Some(v);
                seed.deserialize(self.de.of(k)).map(Some)
            }
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DeError> {
        let v = self.value.take().ok_or_else(|| de::Error::custom("a value without a key"))?;
        seed.deserialize(self.de.of(v))
    }
}

/// Hands a [`Spanned`](crate::schema::Spanned) its location: file, line, column, then the value.
struct SpanParts<'a> {
    de: NodeDe<'a>,
    step: u8,
}

impl<'de> SeqAccess<'de> for SpanParts<'_> {
    type Error = DeError;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>, DeError> {
        self.step += 1;
        let loc = self.de.node.loc;
        match self.step {
            1 => seed.deserialize((loc.file as u64).into_deserializer()).map(Some),
            2 => seed.deserialize((loc.line as u64).into_deserializer()).map(Some),
            3 => seed.deserialize((loc.column as u64).into_deserializer()).map(Some),
            4 => seed.deserialize(self.de).map(Some),
            _ => Ok(None),
        }
    }
}

impl<'de> de::Deserializer<'de> for NodeDe<'_> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        let r = self.any(v);
        self.at(r)
    }

    fn deserialize_str<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        let r = match &self.node.kind {
            Kind::Scalar(s, _) => v.visit_str(s),
            _ => self.any(v),
        };
        self.at(r)
    }

    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_str(v)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_str(v)
    }

    fn deserialize_char<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_str(v)
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        let r = match &self.node.kind {
            Kind::Null => v.visit_none(),
            _ => v.visit_some(self),
        };
        self.at(r)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, v: V) -> Result<V::Value, DeError> {
        let r =
            if name == SPANNED { v.visit_seq(SpanParts { de: self, step: 0 }) } else { v.visit_newtype_struct(self) };
        self.at(r)
    }

    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        // An empty key (`rules:`) reads as an empty map.
        let r = match &self.node.kind {
            Kind::Null => v.visit_map(self.entries(Vec::new())),
            _ => self.any(v),
        };
        self.at(r)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, DeError> {
        // When collecting, an unknown key is noted (with the nearest known one) and left out, and reading goes on.
        let (Some(unknown), Kind::Map(entries)) = (self.unknown, &self.node.kind) else {
            return self.deserialize_map(v);
        };
        let mut known = Vec::with_capacity(entries.len());
        for entry in entries {
            match entry.0.text() {
                Some(k) if !fields.contains(&k) => {
                    let mut e: DeError = de::Error::unknown_field(k, fields);
                    e.loc = Some(entry.0.loc);
                    unknown.borrow_mut().push(e);
                }
                _ => known.push(entry),
            }
        }
        let r = v.visit_map(self.entries(known));
        self.at(r)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        v.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 bytes byte_buf unit unit_struct seq tuple
        tuple_struct enum
    }
}

/// Reads a merged tree as a type of the schema, errors placed in their files. Every unknown key is
/// reported, not only the first (with the known key it was likely meant to be); a wrong value stops the
/// reading.
///
/// ```
/// use qipan_dsl::{SourceFile, Sources, read::{from_tree, parse_tree}, schema::EndDef};
///
/// let file = |text: &str| Sources(vec![SourceFile { name: "end.yaml".into(), id: "end".into(), text: text.into() }]);
/// let sources = file("passes: 2\nlast_standing: false\n");
/// let end: EndDef = from_tree(&parse_tree(&sources, 0)?, &sources)?;
/// assert_eq!((end.passes, end.last_standing), (Some(2), false));
/// // Unknown fields are diagnostics in the file.
/// let sources = file("passes: 2\npasess: 3\nroyl: [king]\n");
/// let err = from_tree::<EndDef>(&parse_tree(&sources, 0)?, &sources).unwrap_err();
/// assert!(err.0[0].message.starts_with("unknown field `pasess` (did you mean `passes`?)"), "{err}");
/// assert!(err.0[1].message.starts_with("unknown field `royl` (did you mean `royal`?)"), "{err}");
/// assert_eq!(err.0[0].file, "end.yaml");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn from_tree<T: for<'de> Deserialize<'de>>(tree: &Node, sources: &Sources) -> Result<T, Diagnostics> {
    match read_tree(tree, sources) {
        (Some(value), errors) if errors.is_empty() => Ok(value),
        (_, errors) => Err(Diagnostics(errors)),
    }
}

/// [`from_tree`], with the value read despite unknown keys (left out), and the diagnostics: the value is
/// `None` when a wrong or missing value stopped the reading.
pub(crate) fn read_tree<T: for<'de> Deserialize<'de>>(tree: &Node, sources: &Sources) -> (Option<T>, Vec<Diagnostic>) {
    let unknown = RefCell::new(Vec::new());
    let read = T::deserialize(NodeDe { node: tree, unknown: Some(&unknown) });
    let mut errors = unknown.into_inner();
    let value = match read {
        Ok(value) => Some(value),
        Err(e) => {
            // A field missing because its key was misspelt is no news: the unknown key says so.
            let misspelt = missing_field(&e.message)
                .is_some_and(|f| errors.iter().any(|u| u.message.contains(&format!("(did you mean `{f}`?)"))));
            if !misspelt {
                errors.push(e);
            }
            None
        }
    };
    let diags = errors
        .into_iter()
        .map(|e| {
            let loc = e.loc.unwrap_or(Loc::START);
            let expected = expected_hint(&e.message);
            sources.diagnostic(loc, e.message, expected)
        })
        .collect();
    (value, diags)
}

/// The field a serde "missing field" message names.
fn missing_field(message: &str) -> Option<&str> {
    message.strip_prefix("missing field `")?.split('`').next()
}
