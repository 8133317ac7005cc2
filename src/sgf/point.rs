//! Points: SGF's two-letter coordinates and GTP's labels.

use serde::Serialize;

/// A point as SGF writes it: column and row from the top-left corner, 0-based.
///
/// ```
/// use qipan::sgf::{SgfPoint, parse_sgf};
///
/// let game = parse_sgf("(;GM[1]SZ[9]AB[cg])")?;
/// assert_eq!(game.setup_black, [SgfPoint { col: 2, row: 6 }]);
/// assert_eq!(game.setup_black[0].gtp(9), "C3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct SgfPoint {
    /// Column, 0-based from the left edge.
    pub col: u8,
    /// Row, 0-based from the top edge.
    pub row: u8,
}

/// Naming a point in SGF's letters or GTP's.
///
/// ```
/// let corner = qipan::sgf::SgfPoint { col: 0, row: 0 };
/// assert_eq!((corner.sgf(), corner.gtp(19)), ("aa".to_string(), "A19".to_string()));
/// ```
impl SgfPoint {
    /// GTP label for a board with `rows` rows: columns A–T skipping I, row 1
    /// at the bottom (e.g. "D4"). See [`gtp_label`] for very wide boards.
    ///
    /// ```
    /// let p = qipan::sgf::SgfPoint { col: 8, row: 0 };
    /// assert_eq!(p.gtp(9), "J9"); // no column I
    /// assert_eq!(p.gtp(19), "J19");
    /// ```
    pub fn gtp(&self, rows: u8) -> String {
        gtp_label(self.col, self.row, rows)
    }

    /// The two-letter SGF coordinate of this point (`aa` is the top-left
    /// corner; columns/rows 26–51 use `A`–`Z`).
    ///
    /// ```
    /// use qipan::sgf::SgfPoint;
    /// assert_eq!(SgfPoint { col: 3, row: 15 }.sgf(), "dp");
    /// assert_eq!(SgfPoint { col: 27, row: 0 }.sgf(), "Ba");
    /// ```
    pub fn sgf(&self) -> String {
        let mut s = String::with_capacity(2);
        s.push(sgf_coord_char(self.col));
        s.push(sgf_coord_char(self.row));
        s
    }
}

/// GTP label of the point in column `col` (0-based from the left) and row
/// `row_from_top` (0-based from the top) on a board with `rows` rows.
///
/// Columns use the letters A–Z without I (so A–T on 19×19); columns beyond
/// the 25th, which GTP cannot name, continue as two letters (`AA`, `AB`, ...).
/// Row numbers count from 1 at the bottom. The function never panics: a row
/// outside the board yields a number ≤ 0.
///
/// ```
/// use qipan::sgf::gtp_label;
/// assert_eq!(gtp_label(3, 15, 19), "D4");
/// assert_eq!(gtp_label(8, 0, 9), "J9");
/// assert_eq!(gtp_label(25, 0, 30), "AA30"); // beyond Z
/// ```
pub fn gtp_label(col: u8, row_from_top: u8, rows: u8) -> String {
    const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let mut s = String::with_capacity(4);
    let c = usize::from(col);
    if c < LETTERS.len() {
        s.push(char::from(LETTERS[c]));
    } else {
        let c = c - LETTERS.len();
        s.push(char::from(LETTERS[(c / LETTERS.len()) % LETTERS.len()]));
        s.push(char::from(LETTERS[c % LETTERS.len()]));
    }
    let number = i32::from(rows) - i32::from(row_from_top);
    s.push_str(&number.to_string());
    s
}

fn sgf_coord_char(v: u8) -> char {
    match v {
        0..=25 => char::from(b'a' + v),
        26..=51 => char::from(b'A' + (v - 26)),
        _ => '?',
    }
}

/// The 0-based coordinate an SGF letter stands for (`a`–`z`, then `A`–`Z`): the inverse of `sgf_coord_char`.
fn coord(b: u8) -> Option<u8> {
    match b {
        b'a'..=b'z' => Some(b - b'a'),
        b'A'..=b'Z' => Some(b - b'A' + 26),
        _ => None,
    }
}

/// A two-letter point value (`cd`), without checking it against a board.
pub(super) fn raw_point(raw: &[u8]) -> Option<SgfPoint> {
    match raw {
        [c, r] => Some(SgfPoint { col: coord(*c)?, row: coord(*r)? }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sgf::SgfColour::Black as B;
    use crate::sgf::SgfMove;
    use crate::sgf::shorthand::pt;

    #[test]
    fn gtp_labels() {
        assert_eq!(SgfPoint { col: 3, row: 15 }.gtp(19), "D4");
        assert_eq!(SgfPoint { col: 0, row: 0 }.gtp(19), "A19");
        assert_eq!(SgfPoint { col: 8, row: 18 }.gtp(19), "J1");
        assert_eq!(SgfPoint { col: 18, row: 0 }.gtp(19), "T19");
        assert_eq!(gtp_label(4, 4, 9), "E5");
        assert_eq!(gtp_label(24, 0, 25), "Z25");
        assert_eq!(gtp_label(25, 0, 26), "AA26");
        assert_eq!(gtp_label(255, 255, 255), gtp_label(255, 255, 255));
        assert_eq!(gtp_label(0, 10, 9), "A-1");
        assert_eq!(SgfMove { colour: B, point: None }.gtp(19), "pass");
        assert_eq!(pt("pd").sgf(), "pd");
        assert_eq!(SgfPoint { col: 26, row: 51 }.sgf(), "AZ");
    }
}
