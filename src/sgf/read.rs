//! Semantics: from raw nodes to a Go game (text decoding, board size, game info, setup and moves),
//! and the two entry points that read a record from text or bytes.

use super::point::raw_point;
use super::props::{parse_colour, parse_handicap, parse_komi};
use super::syntax::{Parser, RawNode, RawValue, line_of};
use super::{SgfColour, SgfError, SgfEvent, SgfGame, SgfMove, SgfPoint};

/// Parses the first game tree of an SGF collection given as text.
///
/// ```
/// let game = qipan::sgf::parse_sgf("(;GM[1]SZ[9]KM[7.5];B[ee];W[cc])")?;
/// assert_eq!((game.size, game.komi), ((9, 9), Some(7.5)));
/// let moves: Vec<String> = game.main_line_moves().map(|m| m.gtp(game.size.1)).collect();
/// assert_eq!(moves, ["E5", "C7"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_sgf(text: &str) -> Result<SgfGame, SgfError> {
    parse_impl(text.as_bytes(), Decoding::Utf8)
}

/// Parses the first game tree of an SGF collection given as raw bytes.
///
/// The structure is read byte by byte, so any ASCII-compatible encoding
/// works. Text values are decoded as UTF-8; bytes that are not valid UTF-8
/// are read as Latin-1, and a root `CA` naming ISO-8859-1/Latin-1/cp1252
/// decodes everything as Latin-1. Input starting with a UTF-16 byte-order
/// mark is transcoded first. Other multi-byte encodings (GB2312, Shift_JIS,
/// ...) still yield the correct moves but mangled text values.
///
/// ```
/// // A Latin-1 comment (é is the byte 0xE9): still read.
/// let game = qipan::sgf::parse_sgf_bytes(b"(;GM[1]SZ[9]PB[Ren\xe9];B[ee])")?;
/// assert_eq!(game.property("PB"), Some("René"));
/// assert_eq!(game.moves.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_sgf_bytes(bytes: &[u8]) -> Result<SgfGame, SgfError> {
    if bytes.len() >= 2 && (bytes[..2] == [0xFF, 0xFE] || bytes[..2] == [0xFE, 0xFF]) {
        let little = bytes[0] == 0xFF;
        let units = bytes[2..]
            .chunks_exact(2)
            .map(|c| if little { u16::from_le_bytes([c[0], c[1]]) } else { u16::from_be_bytes([c[0], c[1]]) });
        let text: String = char::decode_utf16(units).map(|r| r.unwrap_or(char::REPLACEMENT_CHARACTER)).collect();
        return parse_sgf(&text);
    }
    parse_impl(bytes, Decoding::Auto)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Decoding {
    /// The input was a `&str`: values are valid UTF-8.
    Utf8,
    /// UTF-8, with invalid bytes read as Latin-1.
    Auto,
    /// Latin-1 throughout.
    Latin1,
}

fn decode(bytes: &[u8], decoding: Decoding) -> String {
    match decoding {
        Decoding::Latin1 => bytes.iter().map(|&b| char::from(b)).collect(),
        Decoding::Utf8 | Decoding::Auto => {
            let mut s = String::with_capacity(bytes.len());
            for chunk in bytes.utf8_chunks() {
                s.push_str(chunk.valid());
                s.extend(chunk.invalid().iter().map(|&b| char::from(b)));
            }
            s
        }
    }
}

fn parse_impl(src: &[u8], decoding: Decoding) -> Result<SgfGame, SgfError> {
    let mut parser = Parser { src, pos: 0 };
    let nodes = parser.main_line()?;
    let builder = Builder { src, decoding };
    builder.build(&nodes)
}

struct Builder<'a> {
    src: &'a [u8],
    decoding: Decoding,
}

impl Builder<'_> {
    fn text(&self, v: &RawValue) -> String {
        decode(&v.bytes, self.decoding)
    }

    fn build(mut self, nodes: &[RawNode]) -> Result<SgfGame, SgfError> {
        let Some(root) = nodes.first() else {
            // The parser rejects trees without nodes; keep this path panic-free anyway.
            return Err(SgfError::EmptyGameTree { offset: 0, line: 1 });
        };
        let first = |id: &str| root.props.iter().find(|p| p.id == id).and_then(|p| p.values.first());

        if self.decoding == Decoding::Auto
            && let Some(ca) = first("CA")
        {
            let ca = String::from_utf8_lossy(&ca.bytes).to_ascii_lowercase();
            if ca.contains("8859-1") || ca.contains("latin") || ca.contains("1252") {
                self.decoding = Decoding::Latin1;
            }
        }

        if let Some(gm) = first("GM") {
            let gm = self.text(gm);
            let gm = gm.trim();
            if !gm.is_empty() && gm != "1" {
                return Err(SgfError::NotGo(gm.to_string()));
            }
        }

        let size = match first("SZ") {
            Some(v) => self.size(v)?,
            None => (19, 19),
        };

        let komi = match first("KM") {
            Some(v) => parse_komi(&self.text(v)).transpose().map_err(|reason| SgfError::InvalidKomi {
                value: self.text(v),
                reason,
                offset: v.offset,
                line: line_of(self.src, v.offset),
            })?,
            None => None,
        };
        let handicap = first("HA").and_then(|v| parse_handicap(&self.text(v))).unwrap_or(0);
        let non_empty = |v: Option<&RawValue>| v.map(|v| self.text(v).trim().to_string()).filter(|s| !s.is_empty());
        let result = non_empty(first("RE"));
        let rules = non_empty(first("RU"));
        let player_to_move = first("PL").and_then(|v| parse_colour(&self.text(v)));
        let properties =
            root.props.iter().map(|p| (p.id.clone(), p.values.iter().map(|v| self.text(v)).collect())).collect();

        let mut setup_black: Vec<SgfPoint> = Vec::new();
        let mut setup_white: Vec<SgfPoint> = Vec::new();
        let mut moves = Vec::new();

        for (index, node) in nodes.iter().enumerate() {
            let mut black = Vec::new();
            let mut white = Vec::new();
            let mut empty = Vec::new();
            let mut has_setup = false;
            let mut node_moves = Vec::new();
            for prop in &node.props {
                match prop.id.as_str() {
                    "AB" | "AW" | "AE" => {
                        has_setup = true;
                        let target = match prop.id.as_str() {
                            "AB" => &mut black,
                            "AW" => &mut white,
                            _ => &mut empty,
                        };
                        for v in &prop.values {
                            self.point_list(&prop.id, v, size, target)?;
                        }
                    }
                    "B" | "W" => {
                        let colour = if prop.id == "B" { SgfColour::Black } else { SgfColour::White };
                        // A move has exactly one value; extra values are ignored.
                        if let Some(v) = prop.values.first() {
                            let point = self.move_point(&prop.id, v, size)?;
                            node_moves.push(SgfEvent::Move(SgfMove { colour, point }));
                        }
                    }
                    _ => {}
                }
            }
            if index == 0 {
                for p in &black {
                    setup_white.retain(|q| q != p);
                    if !setup_black.contains(p) {
                        setup_black.push(*p);
                    }
                }
                for p in &white {
                    setup_black.retain(|q| q != p);
                    if !setup_white.contains(p) {
                        setup_white.push(*p);
                    }
                }
                setup_black.retain(|p| !empty.contains(p));
                setup_white.retain(|p| !empty.contains(p));
            } else if has_setup && !(black.is_empty() && white.is_empty() && empty.is_empty()) {
                moves.push(SgfEvent::Setup { black, white, empty });
            }
            moves.extend(node_moves);
        }

        Ok(SgfGame { size, komi, handicap, setup_black, setup_white, moves, result, rules, player_to_move, properties })
    }

    fn size(&self, v: &RawValue) -> Result<(u8, u8), SgfError> {
        let text = self.text(v);
        let bad = || SgfError::InvalidSize { value: text.clone(), offset: v.offset, line: line_of(self.src, v.offset) };
        let one = |s: &str| -> Option<u8> {
            let n: u8 = s.trim().parse().ok()?;
            (1..=52).contains(&n).then_some(n)
        };
        match text.split_once(':') {
            None => {
                let n = one(&text).ok_or_else(bad)?;
                Ok((n, n))
            }
            Some((c, r)) => Ok((one(c).ok_or_else(bad)?, one(r).ok_or_else(bad)?)),
        }
    }

    fn invalid_point(&self, property: &str, v: &RawValue) -> SgfError {
        SgfError::InvalidPoint {
            property: property.to_string(),
            value: self.text(v),
            offset: v.offset,
            line: line_of(self.src, v.offset),
        }
    }

    fn outside(&self, property: &str, v: &RawValue, size: (u8, u8)) -> SgfError {
        SgfError::PointOutsideBoard {
            property: property.to_string(),
            value: self.text(v),
            cols: size.0,
            rows: size.1,
            offset: v.offset,
            line: line_of(self.src, v.offset),
        }
    }

    /// A move value: empty (or `tt` on boards ≤ 19×19) is a pass.
    fn move_point(&self, property: &str, v: &RawValue, size: (u8, u8)) -> Result<Option<SgfPoint>, SgfError> {
        let raw = v.bytes.trim_ascii();
        if raw.is_empty() {
            return Ok(None);
        }
        if raw == b"tt" && size.0 <= 19 && size.1 <= 19 {
            return Ok(None);
        }
        let p = raw_point(raw).ok_or_else(|| self.invalid_point(property, v))?;
        if p.col >= size.0 || p.row >= size.1 {
            return Err(self.outside(property, v, size));
        }
        Ok(Some(p))
    }

    /// A point-list value: a point, or a compressed rectangle `xx:yy`.
    /// An empty value adds nothing.
    fn point_list(
        &self,
        property: &str,
        v: &RawValue,
        size: (u8, u8),
        out: &mut Vec<SgfPoint>,
    ) -> Result<(), SgfError> {
        let raw = v.bytes.trim_ascii();
        if raw.is_empty() {
            return Ok(());
        }
        let (a, b) = match raw.iter().position(|&c| c == b':') {
            None => {
                let p = raw_point(raw).ok_or_else(|| self.invalid_point(property, v))?;
                (p, p)
            }
            Some(i) => {
                let a = raw_point(raw[..i].trim_ascii()).ok_or_else(|| self.invalid_point(property, v))?;
                let b = raw_point(raw[i + 1..].trim_ascii()).ok_or_else(|| self.invalid_point(property, v))?;
                (a, b)
            }
        };
        let (c0, c1) = (a.col.min(b.col), a.col.max(b.col));
        let (r0, r1) = (a.row.min(b.row), a.row.max(b.row));
        if c1 >= size.0 || r1 >= size.1 {
            return Err(self.outside(property, v, size));
        }
        for row in r0..=r1 {
            for col in c0..=c1 {
                out.push(SgfPoint { col, row });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sgf::SgfColour::{Black as B, White as W};
    use crate::sgf::shorthand::{mv, pt};

    #[test]
    fn minimal_game_and_properties() {
        let g = parse_sgf("(;FF[4]GM[1]SZ[9]KM[6.5]HA[0]RE[B+R]RU[Chinese]PL[W];B[ee];W[cc])").unwrap();
        assert_eq!(g.size, (9, 9));
        assert_eq!(g.komi, Some(6.5));
        assert_eq!(g.handicap, 0);
        assert_eq!(g.result.as_deref(), Some("B+R"));
        assert_eq!(g.rules.as_deref(), Some("Chinese"));
        assert_eq!(g.player_to_move, Some(W));
        assert_eq!(g.moves, vec![mv(B, Some("ee")), mv(W, Some("cc"))]);
        assert_eq!(g.property("FF"), Some("4"));
        assert_eq!(g.properties.len(), 8);
    }

    #[test]
    fn defaults() {
        let g = parse_sgf("(;B[pd])").unwrap();
        assert_eq!(g.size, (19, 19));
        assert_eq!(g.komi, None);
        assert_eq!(g.handicap, 0);
        assert_eq!(g.result, None);
        assert_eq!(g.player_to_move, None);
        assert_eq!(g.moves, vec![mv(B, Some("pd"))]);
    }

    #[test]
    fn compressed_point_lists() {
        let g = parse_sgf("(;SZ[9]AB[aa:cb][ee]AW[ic:gc];AB[hh]AE[aa:bb];B[dd])").unwrap();
        let expect_b: Vec<_> = ["aa", "ba", "ca", "ab", "bb", "cb", "ee"].iter().map(|s| pt(s)).collect();
        assert_eq!(g.setup_black, expect_b);
        assert_eq!(g.setup_white, vec![pt("gc"), pt("hc"), pt("ic")]);
        assert_eq!(
            g.moves,
            vec![
                SgfEvent::Setup {
                    black: vec![pt("hh")],
                    white: vec![],
                    empty: vec![pt("aa"), pt("ba"), pt("ab"), pt("bb")],
                },
                mv(B, Some("dd")),
            ]
        );
        // A compressed list reaching off the board is an error.
        assert!(matches!(parse_sgf("(;SZ[9]AB[aa:jj])"), Err(SgfError::PointOutsideBoard { .. })));
    }

    #[test]
    fn root_ae_and_duplicates() {
        let g = parse_sgf("(;AB[aa][aa][bb]AW[cc]AE[bb])").unwrap();
        assert_eq!(g.setup_black, vec![pt("aa")]);
        assert_eq!(g.setup_white, vec![pt("cc")]);
    }

    #[test]
    fn passes() {
        let g = parse_sgf("(;SZ[19];B[];W[tt];B[ ];W[pd])").unwrap();
        assert_eq!(g.moves, vec![mv(B, None), mv(W, None), mv(B, None), mv(W, Some("pd"))]);
        let g = parse_sgf("(;SZ[9];B[tt])").unwrap();
        assert_eq!(g.moves, vec![mv(B, None)]);
        // On a board larger than 19x19, tt is a real point.
        let g = parse_sgf("(;SZ[21];B[tt])").unwrap();
        assert_eq!(g.moves, vec![mv(B, Some("tt"))]);
        // And on a board wider than 19 columns, even if it has few rows.
        assert!(matches!(parse_sgf("(;SZ[21:9];B[tt])"), Err(SgfError::PointOutsideBoard { .. })));
    }

    #[test]
    fn board_sizes() {
        assert_eq!(parse_sgf("(;SZ[19:19])").unwrap().size, (19, 19));
        assert_eq!(parse_sgf("(;SZ[ 13 ])").unwrap().size, (13, 13));
        assert_eq!(parse_sgf("(;SZ[7:5];B[gd])").unwrap().size, (7, 5));
        assert!(matches!(parse_sgf("(;SZ[7:5];B[af])"), Err(SgfError::PointOutsideBoard { .. })));
        for bad in ["(;SZ[0])", "(;SZ[53])", "(;SZ[x])", "(;SZ[])", "(;SZ[9:])", "(;SZ[300])"] {
            assert!(matches!(parse_sgf(bad), Err(SgfError::InvalidSize { .. })), "{bad}");
        }
    }

    #[test]
    fn move_and_setup_in_one_node() {
        let g = parse_sgf("(;SZ[9]B[aa];AW[bb]W[cc])").unwrap();
        assert_eq!(
            g.moves,
            vec![
                mv(B, Some("aa")),
                SgfEvent::Setup { black: vec![], white: vec![pt("bb")], empty: vec![] },
                mv(W, Some("cc")),
            ]
        );
    }

    #[test]
    fn other_games_are_rejected() {
        assert_eq!(parse_sgf("(;GM[2];B[aa])"), Err(SgfError::NotGo("2".into())));
        assert!(parse_sgf("(;GM[1];B[aa])").is_ok());
    }

    #[test]
    fn encodings() {
        // Latin-1 byte that is not valid UTF-8.
        let g = parse_sgf_bytes(b"(;PC[Dubl\xe9n];B[aa])").unwrap();
        assert_eq!(g.property("PC"), Some("Dubl\u{e9}n"));
        // Valid UTF-8 stays UTF-8.
        let g = parse_sgf_bytes("(;CA[UTF-8]PB[陈耀烨];B[aa])".as_bytes()).unwrap();
        assert_eq!(g.property("PB"), Some("陈耀烨"));
        // Declared Latin-1 wins even where the bytes happen to be valid UTF-8.
        let g = parse_sgf_bytes(b"(;CA[ISO-8859-1]PB[\xc3\xa9])").unwrap();
        assert_eq!(g.property("PB"), Some("\u{c3}\u{a9}"));
        // Truncated UTF-8 sequence.
        let g = parse_sgf_bytes(b"(;PB[\xe4\xb8\x9c\xe7\x8f];B[aa])").unwrap();
        assert_eq!(g.moves.len(), 1);
        // UTF-16 little- and big-endian with BOM.
        let text = "(;SZ[9]PB[é];B[cc])";
        let mut le = vec![0xFF, 0xFE];
        let mut be = vec![0xFE, 0xFF];
        for u in text.encode_utf16() {
            le.extend(u.to_le_bytes());
            be.extend(u.to_be_bytes());
        }
        for bytes in [le, be] {
            let g = parse_sgf_bytes(&bytes).unwrap();
            assert_eq!(g.property("PB"), Some("é"));
            assert_eq!(g.moves, vec![mv(B, Some("cc"))]);
        }
    }
}
