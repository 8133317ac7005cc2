//! Syntax: the main line of the first game tree as raw nodes (properties with unescaped values),
//! read byte by byte without recursion; side variations are checked for well-formed syntax only.

use super::SgfError;

/// A property value: unescaped bytes and the offset of its `[`.
pub(super) struct RawValue {
    pub(super) bytes: Vec<u8>,
    pub(super) offset: usize,
}

pub(super) struct RawProp {
    pub(super) id: String,
    pub(super) values: Vec<RawValue>,
}

pub(super) struct RawNode {
    pub(super) props: Vec<RawProp>,
}

pub(super) fn line_of(src: &[u8], offset: usize) -> usize {
    let end = offset.min(src.len());
    1 + src[..end].iter().filter(|&&b| b == b'\n').count()
}

fn char_at(src: &[u8], offset: usize) -> char {
    let Some(rest) = src.get(offset..) else {
        return char::REPLACEMENT_CHARACTER;
    };
    let head = &rest[..rest.len().min(4)];
    if let Some(chunk) = head.utf8_chunks().next()
        && let Some(c) = chunk.valid().chars().next()
    {
        return c;
    }
    head.first().map(|&b| char::from(b)).unwrap_or(char::REPLACEMENT_CHARACTER)
}

fn is_ws(b: u8) -> bool {
    b.is_ascii_whitespace() || b == 0x0B || b == 0
}

pub(super) struct Parser<'a> {
    pub(super) src: &'a [u8],
    pub(super) pos: usize,
}

struct Frame {
    open_offset: usize,
    main: bool,
    had_child: bool,
    nodes: usize,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while let Some(b) = self.peek() {
            if is_ws(b) {
                self.pos += 1;
            } else {
                break;
            }
        }
    }

    fn unexpected(&self, expected: &'static str) -> SgfError {
        SgfError::UnexpectedChar {
            found: char_at(self.src, self.pos),
            expected,
            offset: self.pos,
            line: line_of(self.src, self.pos),
        }
    }

    /// Finds the start of the first game tree: the first `(` followed by
    /// optional whitespace and `;`, or failing that the first `(` at all.
    fn find_start(&self) -> Option<usize> {
        let mut first_paren = None;
        for (i, &b) in self.src.iter().enumerate() {
            if b != b'(' {
                continue;
            }
            first_paren.get_or_insert(i);
            let next = self.src[i + 1..].iter().copied().find(|&c| !is_ws(c));
            if next == Some(b';') {
                return Some(i);
            }
        }
        first_paren
    }

    /// Reads the first game tree and returns its main-line nodes.
    pub(super) fn main_line(&mut self) -> Result<Vec<RawNode>, SgfError> {
        self.pos = self.find_start().ok_or(SgfError::NoGameTree)?;
        let mut stack: Vec<Frame> = Vec::new();
        let mut nodes = Vec::new();
        loop {
            self.skip_ws();
            let Some(b) = self.peek() else {
                let offset = stack.last().map_or(self.pos, |f| f.open_offset);
                return Err(SgfError::UnclosedGameTree { offset, line: line_of(self.src, offset) });
            };
            match b {
                b'(' => {
                    let main = match stack.last_mut() {
                        None => true,
                        Some(parent) => {
                            let first = parent.main && !parent.had_child;
                            parent.had_child = true;
                            first
                        }
                    };
                    stack.push(Frame { open_offset: self.pos, main, had_child: false, nodes: 0 });
                    self.pos += 1;
                }
                b')' => {
                    let frame = stack.pop().ok_or_else(|| self.unexpected("'(' or ';'"))?;
                    self.pos += 1;
                    if stack.is_empty() {
                        if frame.nodes == 0 {
                            return Err(SgfError::EmptyGameTree {
                                offset: frame.open_offset,
                                line: line_of(self.src, frame.open_offset),
                            });
                        }
                        return Ok(nodes);
                    }
                }
                b';' => {
                    self.pos += 1;
                    let node = self.node()?;
                    if let Some(frame) = stack.last_mut() {
                        frame.nodes += 1;
                        if frame.main && !frame.had_child {
                            nodes.push(node);
                        }
                    }
                }
                _ => return Err(self.unexpected("'(', ')' or ';'")),
            }
        }
    }

    /// Reads the properties of a node (after its `;`).
    fn node(&mut self) -> Result<RawNode, SgfError> {
        let mut props = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b) if b.is_ascii_alphabetic() => props.push(self.property()?),
                _ => return Ok(RawNode { props }),
            }
        }
    }

    fn property(&mut self) -> Result<RawProp, SgfError> {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
            self.pos += 1;
        }
        let id = normalise_id(&self.src[start..self.pos]);
        let mut values = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() != Some(b'[') {
                break;
            }
            values.push(self.value()?);
        }
        if values.is_empty() {
            if self.peek().is_none() {
                return Err(SgfError::UnclosedGameTree { offset: start, line: line_of(self.src, start) });
            }
            return Err(SgfError::MissingValue { property: id, offset: start, line: line_of(self.src, start) });
        }
        Ok(RawProp { id, values })
    }

    /// Reads one `[value]`, removing escapes and soft line breaks.
    fn value(&mut self) -> Result<RawValue, SgfError> {
        let offset = self.pos;
        self.pos += 1; // '['
        let mut bytes = Vec::new();
        loop {
            let Some(b) = self.peek() else {
                return Err(SgfError::UnterminatedValue { offset, line: line_of(self.src, offset) });
            };
            self.pos += 1;
            match b {
                b']' => return Ok(RawValue { bytes, offset }),
                b'\\' => {
                    let Some(next) = self.peek() else {
                        return Err(SgfError::UnterminatedValue { offset, line: line_of(self.src, offset) });
                    };
                    self.pos += 1;
                    if next == b'\n' || next == b'\r' {
                        // Soft line break: `\` + newline (\n, \r, \r\n, \n\r) is removed.
                        let other = if next == b'\n' { b'\r' } else { b'\n' };
                        if self.peek() == Some(other) {
                            self.pos += 1;
                        }
                    } else {
                        bytes.push(next);
                    }
                }
                _ => bytes.push(b),
            }
        }
    }
}

/// `FF[4]` ids are uppercase; older files may add lowercase letters, which
/// are ignored (`CoPyright` is `CP`). An id without uppercase letters is
/// upper-cased (`ab` is `AB`).
fn normalise_id(raw: &[u8]) -> String {
    let upper: String = raw.iter().filter(|b| b.is_ascii_uppercase()).map(|&b| char::from(b)).collect();
    if upper.is_empty() { raw.iter().map(|b| char::from(b.to_ascii_uppercase())).collect() } else { upper }
}

#[cfg(test)]
mod tests {
    use crate::sgf::SgfColour::{Black as B, White as W};
    use crate::sgf::shorthand::{mv, pt};
    use crate::sgf::{SgfError, parse_sgf};

    #[test]
    fn escapes_in_values() {
        let g = parse_sgf("(;C[a \\] b \\\\ c \\: d]GN[x\\\ny]PB[p\\\r\nq];B[aa]C[[nested\\]])").unwrap();
        assert_eq!(g.property("C"), Some("a ] b \\ c : d"));
        assert_eq!(g.property("GN"), Some("xy"));
        assert_eq!(g.property("PB"), Some("pq"));
        assert_eq!(g.moves, vec![mv(B, Some("aa"))]);
    }

    #[test]
    fn comment_with_escaped_bracket_like_fuego_files() {
        let g = parse_sgf("(;SZ[9]C[FuegoBot2 [-\\]: GTP Engine\n];B[ee])").unwrap();
        assert_eq!(g.property("C"), Some("FuegoBot2 [-]: GTP Engine\n"));
        assert_eq!(g.moves.len(), 1);
    }

    #[test]
    fn variations_take_the_main_line() {
        let text = "(;SZ[9];B[aa];W[bb](;B[cc](;W[dd])(;W[zz]))(;B[ee];W[ff]))\n(;SZ[9];B[ii])";
        let g = parse_sgf(text).unwrap();
        assert_eq!(g.moves, vec![mv(B, Some("aa")), mv(W, Some("bb")), mv(B, Some("cc")), mv(W, Some("dd"))]);
        // Invalid points in side variations do not matter; syntax errors do.
        assert!(parse_sgf("(;SZ[9];B[aa](;W[bb])(;W[bb)").is_err());
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let mut s = String::from("(;SZ[9]");
        for _ in 0..200_000 {
            s.push_str("(;B[aa]");
        }
        for _ in 0..200_000 {
            s.push(')');
        }
        s.push(')');
        let g = parse_sgf(&s).unwrap();
        assert_eq!(g.moves.len(), 200_000);
    }

    #[test]
    fn multiple_property_values() {
        let g = parse_sgf("(;SZ[9]AB[aa][bb] [cc]\n[dd]DT[2001][2002];B[ee])").unwrap();
        assert_eq!(g.setup_black.len(), 4);
        let dt = g.properties.iter().find(|(k, _)| k == "DT").unwrap();
        assert_eq!(dt.1, vec!["2001".to_string(), "2002".to_string()]);
    }

    #[test]
    fn lowercase_and_long_property_ids() {
        let g = parse_sgf("(;sz[9]CoPyright[me]Comment[hi]ab[aa];b[bb];w[cc];White[dd])").unwrap();
        assert_eq!(g.size, (9, 9));
        assert_eq!(g.property("CP"), Some("me"));
        assert_eq!(g.property("C"), Some("hi"));
        assert_eq!(g.setup_black, vec![pt("aa")]);
        assert_eq!(g.moves, vec![mv(B, Some("bb")), mv(W, Some("cc")), mv(W, Some("dd"))]);
    }

    #[test]
    fn leading_junk_and_collections() {
        let g = parse_sgf("\u{feff}From: someone (hi)\n\n(;SZ[9];B[aa])(;SZ[13];B[bb])").unwrap();
        assert_eq!(g.size, (9, 9));
        assert_eq!(g.moves, vec![mv(B, Some("aa"))]);
    }

    #[test]
    fn bad_input_is_an_error() {
        let cases = [
            "",
            "hello world",
            "(",
            "(;",
            "(;SZ[9]",
            "(;SZ[9];B[aa]",
            "(;SZ[9];B[a",
            "(;SZ[9];B[aa\\",
            "(;SZ[9];B[aa];W",
            "(;SZ[9];B[aa];W;B[bb])",
            "(;SZ[9] garbage ;B[aa])",
            "(;SZ[9];B[aa]))",
            "()",
            "(SZ[9];B[aa])",
            "(;SZ[9];B[a1])",
            "(;SZ[9];B[abc])",
            "(;SZ[9];B[jj])",
            "(;SZ[9];B[zz])",
            "(;SZ[9]AB[aa:b])",
        ];
        for case in cases {
            let r = parse_sgf(case);
            // "(;SZ[9];B[aa]))" has a complete first tree; the junk after it is ignored.
            if case == "(;SZ[9];B[aa]))" {
                assert!(r.is_ok(), "{case}");
                continue;
            }
            let e = r.expect_err(case);
            assert!(!e.to_string().is_empty());
        }
        assert!(matches!(parse_sgf("(;SZ[9];B[aa]"), Err(SgfError::UnclosedGameTree { .. })));
        assert!(matches!(parse_sgf("(;SZ[9];B[a"), Err(SgfError::UnterminatedValue { offset: 9, line: 1 })));
        assert!(matches!(parse_sgf("nothing"), Err(SgfError::NoGameTree)));
        assert!(matches!(
            parse_sgf("(;SZ[9]\n\n;B[aa] ?)"),
            Err(SgfError::UnexpectedChar { found: '?', line: 3, offset: 16, .. })
        ));
        assert!(matches!(parse_sgf("()"), Err(SgfError::EmptyGameTree { .. })));
    }
}
