//! Writing: a new record from root properties, and a record as SGF text.

use super::props::parse_komi;
use super::{SgfEvent, SgfGame, SgfPoint};

/// Escapes a property value: `]` and `\` get a backslash.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn write_points(out: &mut String, id: &str, points: &[SgfPoint]) {
    if points.is_empty() {
        return;
    }
    out.push_str(id);
    for p in points {
        out.push('[');
        out.push_str(&p.sgf());
        out.push(']');
    }
}

/// Building a record and writing it as SGF.
///
/// ```
/// use qipan::sgf::{SgfColour, SgfEvent, SgfGame, SgfMove, parse_sgf};
///
/// let mut sgf = SgfGame::new((9, 9), vec![]);
/// sgf.moves.push(SgfEvent::Move(SgfMove { colour: SgfColour::Black, point: None }));
/// let read = parse_sgf(&sgf.to_sgf())?;
/// assert_eq!((read.size, read.moves), ((9, 9), sgf.moves));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl SgfGame {
    /// A new record of a game on a `cols`×`rows` board with the given root properties (`RU`, `KM`, `RE`, ...).
    ///
    /// ```
    /// let props = vec![("KM".into(), vec!["6.5".into()]), ("RE".into(), vec!["B+R".into()])];
    /// let sgf = qipan::sgf::SgfGame::new((13, 13), props);
    /// assert_eq!((sgf.size, sgf.komi, sgf.result.as_deref()), ((13, 13), Some(6.5), Some("B+R")));
    /// assert!(sgf.moves.is_empty());
    /// ```
    pub fn new(size: (u8, u8), properties: Vec<(String, Vec<String>)>) -> SgfGame {
        let first = |id: &str| properties.iter().find(|(k, _)| k == id).and_then(|(_, v)| v.first()).cloned();
        SgfGame {
            size,
            komi: first("KM").and_then(|k| parse_komi(&k)?.ok()),
            handicap: first("HA").and_then(|h| h.parse().ok()).unwrap_or(0),
            setup_black: Vec::new(),
            setup_white: Vec::new(),
            moves: Vec::new(),
            result: first("RE"),
            rules: first("RU"),
            player_to_move: None,
            properties,
        }
    }

    /// Writes the record as SGF (`FF[4]`, UTF-8): the root properties, the root setup, then one node
    /// per move or setup event of the main line.
    ///
    /// ```
    /// use qipan::sgf::{SgfColour, SgfEvent, SgfGame, SgfMove, SgfPoint};
    ///
    /// let mut sgf = SgfGame::new((9, 9), vec![("KM".into(), vec!["7.5".into()])]);
    /// sgf.setup_black.push(SgfPoint { col: 2, row: 6 });
    /// let e5 = SgfPoint { col: 4, row: 4 };
    /// sgf.moves.push(SgfEvent::Move(SgfMove { colour: SgfColour::White, point: Some(e5) }));
    /// assert_eq!(sgf.to_sgf(), "(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[7.5]AB[cg]\n;W[ee])\n");
    /// ```
    pub fn to_sgf(&self) -> String {
        let mut out = String::from("(;");
        let mut root: Vec<(String, Vec<String>)> = self
            .properties
            .iter()
            .filter(|(k, _)| !matches!(k.as_str(), "AB" | "AW" | "AE" | "B" | "W" | "CA" | "FF" | "GM" | "SZ"))
            .cloned()
            .collect();
        let size = if self.size.0 == self.size.1 {
            self.size.0.to_string()
        } else {
            format!("{}:{}", self.size.0, self.size.1)
        };
        root.splice(
            0..0,
            [
                ("FF".to_string(), vec!["4".to_string()]),
                ("GM".to_string(), vec!["1".to_string()]),
                ("CA".to_string(), vec!["UTF-8".to_string()]),
                ("SZ".to_string(), vec![size]),
            ],
        );
        for (id, values) in &root {
            out.push_str(id);
            for v in values {
                out.push('[');
                out.push_str(&escape(v));
                out.push(']');
            }
        }
        write_points(&mut out, "AB", &self.setup_black);
        write_points(&mut out, "AW", &self.setup_white);
        for event in &self.moves {
            out.push_str("\n;");
            match event {
                SgfEvent::Move(m) => {
                    out.push_str(m.colour.letter());
                    out.push('[');
                    if let Some(p) = m.point {
                        out.push_str(&p.sgf());
                    }
                    out.push(']');
                }
                SgfEvent::Setup { black, white, empty } => {
                    write_points(&mut out, "AE", empty);
                    write_points(&mut out, "AB", black);
                    write_points(&mut out, "AW", white);
                }
            }
        }
        out.push_str(")\n");
        out
    }
}
