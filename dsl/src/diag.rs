//! Diagnostics: every error in a definition points at `file:line:column`, shows the line with a
//! caret, and says what was expected.

use std::fmt;

/// A place in a definition file (1-based line and column, in characters).
///
/// ```
/// let src = "name: tiny\nboard: { grid: { width: 3, height: 3 } }\nseats: [{ name: a }]\npieces: 7\n";
/// let err = qipan_dsl::Definition::read("tiny.yaml", src, &qipan_dsl::FileResolver).and_then(|d| d.compile(&[])).unwrap_err();
/// assert_eq!(err.0[0].loc, qipan_dsl::Loc { line: 4, column: 9, file: 0 });
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Loc {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub column: usize,
    /// Which file: 0 for the file loaded, 1 for the base it `extends:`, 2 for the base's base, ...
    /// (an index into [`Sources`](crate::Sources)).
    pub file: usize,
}

/// ```
/// use qipan_dsl::Loc;
///
/// // A definition that is not a map at all is wrong from its start.
/// let err = qipan_dsl::Definition::read("list.yaml", "- a\n- b\n", &qipan_dsl::FileResolver).and_then(|d| d.compile(&[])).unwrap_err();
/// assert_eq!(err.0[0].loc, Loc::START);
/// assert_eq!((Loc::START.line, Loc::START.column, Loc::START.file), (1, 1, 0));
/// // A `--set` of an option the game lacks is in no file.
/// let err = qipan::load("go", &[("siz".into(), "9".into())]).unwrap_err().to_string();
/// assert_eq!(err.lines().next(), Some("--set siz=9: go has no option `siz` (did you mean `size`?)"));
/// assert_eq!(Loc::NOWHERE.line, 0);
/// ```
impl Loc {
    /// The start of the file loaded.
    pub const START: Loc = Loc { line: 1, column: 1, file: 0 };
    /// No place in any file: the problem is in what was asked (a `--set` on the command line).
    pub const NOWHERE: Loc = Loc { line: 0, column: 0, file: 0 };
}

impl From<serde_saphyr::Location> for Loc {
    fn from(l: serde_saphyr::Location) -> Self {
        Loc { line: l.line() as usize, column: l.column() as usize, file: 0 }
    }
}

/// One problem found in a definition file.
///
/// ```
/// let src = "name: tiny\nboard: { grid: { width: 3, height: 3 } }\nseats: [{ name: a }]\n\
///            pieces: { stone: { moves: place to emtpy } }\n";
/// let err = qipan_dsl::Definition::read("tiny.yaml", src, &qipan_dsl::FileResolver).and_then(|d| d.compile(&[])).unwrap_err();
/// let d = &err.0[0];
/// assert_eq!((d.file.as_str(), d.loc.line), ("tiny.yaml", 4));
/// assert_eq!(d.source_line, "pieces: { stone: { moves: place to emtpy } }");
/// assert!(d.message.contains("emtpy"), "{d}");
/// assert_eq!(d.note, None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file name as given.
    pub file: String,
    /// Where.
    pub loc: Loc,
    /// What is wrong.
    pub message: String,
    /// What was expected instead, if that can be said.
    pub expected: Option<String>,
    /// The source line, for the caret display.
    pub source_line: String,
    /// How the file comes in, when it is not the file loaded but a base it extends
    /// (`in a base: child.yaml extends base.yaml`).
    pub note: Option<String>,
}

/// A long line is shown as a window of 100 characters around the column, the caret still under it:
///
/// ```
/// use qipan_dsl::{Diagnostic, Loc};
///
/// let line = format!("moves: {}", "step orthogonal or ".repeat(10)); // 197 characters
/// let d = Diagnostic::new("long.yaml", &line, Loc { line: 1, column: 150, file: 0 }, "too long", None);
/// let shown = d.to_string();
/// let lines: Vec<&str> = shown.lines().collect();
/// assert!(lines[2].starts_with("1 | …")); // the start of the line is cut
/// assert_eq!(lines[2].chars().count(), "1 | …".chars().count() + 100);
/// let caret = lines[3].find('^').unwrap();
/// assert_eq!(lines[2].chars().nth(caret), line.chars().nth(149));
/// ```
impl Diagnostic {
    /// A diagnostic at `loc` in `source`.
    ///
    /// ```
    /// use qipan_dsl::{Diagnostic, Loc};
    ///
    /// let src = "name: a\nseats: 2\n";
    /// let loc = Loc { line: 2, column: 8, file: 0 };
    /// let d = Diagnostic::new("a.yaml", src, loc, "seats are a list", Some("[{ name: ... }]".into()));
    /// assert_eq!(d.source_line, "seats: 2");
    /// assert_eq!(
    ///     d.to_string(),
    ///     "a.yaml:2:8: seats are a list\n  |\n2 | seats: 2\n  |        ^\n  = expected: [{ name: ... }]\n"
    /// );
    /// ```
    pub fn new(file: &str, source: &str, loc: Loc, message: impl Into<String>, expected: Option<String>) -> Self {
        let source_line = if loc.line == 0 { "" } else { source.lines().nth(loc.line - 1).unwrap_or("") }.to_string();
        Diagnostic { file: file.to_string(), loc, message: message.into(), expected, source_line, note: None }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.loc.line == 0 {
            // Not in a file: a mistake on the command line.
            writeln!(f, "{}", self.message)?;
        } else {
            writeln!(f, "{}:{}:{}: {}", self.file, self.loc.line, self.loc.column, self.message)?;
        }
        if !self.source_line.is_empty() {
            let num = self.loc.line.to_string();
            let pad = " ".repeat(num.len());
            let (shown, caret_at) = excerpt(&self.source_line, self.loc.column.saturating_sub(1));
            writeln!(f, "{pad} |")?;
            writeln!(f, "{num} | {shown}")?;
            let caret_pad: String = shown.chars().take(caret_at).map(|c| if c == '\t' { '\t' } else { ' ' }).collect();
            writeln!(f, "{pad} | {caret_pad}^")?;
        }
        if let Some(e) = &self.expected {
            writeln!(f, "  = expected: {e}")?;
        }
        if let Some(n) = &self.note {
            writeln!(f, "  = note: {n}")?;
        }
        Ok(())
    }
}

/// At most this many characters of a source line are shown, around the column.
const EXCERPT: usize = 100;

/// The part of `line` shown under a diagnostic (all of it when short, else a window around character
/// `column` marked with `…`) and the caret's character position in it.
fn excerpt(line: &str, column: usize) -> (String, usize) {
    let len = line.chars().count();
    if len <= EXCERPT {
        return (line.to_string(), column);
    }
    let start = column.saturating_sub(EXCERPT / 2).min(len.saturating_sub(EXCERPT));
    let mut shown: String = line.chars().skip(start).take(EXCERPT).collect();
    let mut caret = column - start;
    if start > 0 {
        shown.insert(0, '…');
        caret += 1;
    }
    if start + EXCERPT < len {
        shown.push('…');
    }
    (shown, caret)
}

/// Every problem found in one definition.
///
/// It is an error type: `?` turns it into a `Box<dyn Error>`, and it displays every diagnostic.
///
/// ```
/// use qipan_dsl::{Definition, FileResolver};
///
/// let src = "name: t\nboard: { grid: { width: 3, height: 3 } }\nseats: [{ name: a }]\n\
///            pieces: { s: { moves: place } }\n";
/// let game = Definition::read("t.yaml", src, &FileResolver)?.compile(&[])?;
/// assert_eq!(game.board.len(), 9);
/// let typo = src.replace("place", "plaec");
/// let err: qipan_dsl::Diagnostics = Definition::read("t.yaml", &typo, &FileResolver)?.compile(&[]).unwrap_err();
/// assert_eq!(err.0.len(), 1);
/// assert!(err.to_string().starts_with("t.yaml:4:"), "{err}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// Finds where a piece of a string value lies in the file: `value_loc` is where the YAML scalar
/// starts, `offset` a character offset inside the string's text. Handles plain, quoted and block
/// scalars by searching for the string's line in the source.
///
/// ```
/// use qipan_dsl::{Loc, diag::locate_in_value};
///
/// let src = "pieces:\n  stone: { moves: place to emtpy }\n";
/// let value = Loc { line: 2, column: 19, file: 0 }; // where `place to emtpy` starts
/// // Character 9 of the value is the `e` of `emtpy`.
/// assert_eq!(locate_in_value(src, value, "place to emtpy", 9), Loc { line: 2, column: 28, file: 0 });
///
/// // In a block scalar the text's second line is the file's next line.
/// let src = "moves: |\n  step orthogonal\n  slide diagnal\n";
/// let value = Loc { line: 1, column: 8, file: 0 };
/// let at = locate_in_value(src, value, "step orthogonal\nslide diagnal\n", 22);
/// assert_eq!(at, Loc { line: 3, column: 9, file: 0 });
/// ```
pub fn locate_in_value(source: &str, value_loc: Loc, text: &str, offset: usize) -> Loc {
    // The line of `text` containing `offset`, and the column within it.
    let mut line_start = 0;
    let mut line_no = 0usize;
    for (i, ch) in text.char_indices() {
        if text[..i].chars().count() >= offset {
            break;
        }
        if ch == '\n' {
            line_start = i + 1;
            line_no += 1;
        }
    }
    let line_text = text[line_start..].lines().next().unwrap_or("");
    let col_in_line =
        text[line_start..].chars().take(offset.saturating_sub(text[..line_start].chars().count())).count();
    let lines: Vec<&str> = source.lines().collect();
    let first = value_loc.line.saturating_sub(1);
    for (i, l) in lines.iter().enumerate().skip(first + line_no).take(50) {
        let search_from = if i == first && line_no == 0 { value_loc.column.saturating_sub(1) } else { 0 };
        let start_byte = l.char_indices().nth(search_from).map(|(b, _)| b).unwrap_or(l.len());
        if let Some(pos) = l[start_byte..].find(line_text) {
            let col = l[..start_byte + pos].chars().count() + col_in_line + 1;
            return Loc { line: i + 1, column: col, file: value_loc.file };
        }
    }
    value_loc
}

/// ` (did you mean `NAME`?)` when one of `known` is a likely misspelling of `word` (a few letters added,
/// left out, changed or swapped), else nothing: to append to a message about an unknown name.
///
/// ```
/// use qipan_dsl::diag::did_you_mean;
///
/// let relations = ["orthogonal", "diagonal", "forward"];
/// assert_eq!(did_you_mean("orthogonl", relations), " (did you mean `orthogonal`?)");
/// assert_eq!(did_you_mean("daigonal", relations), " (did you mean `diagonal`?)"); // swapped letters
/// assert_eq!(did_you_mean("sideways", relations), ""); // nothing close
/// assert_eq!(did_you_mean("siz", ["size", "komi"]), " (did you mean `size`?)");
/// ```
pub fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    let len = word.chars().count();
    // One edit in a short word, one in three in a longer one.
    let most = (len / 3).max(1);
    let best = known
        .into_iter()
        .filter(|k| *k != word && k.chars().count().abs_diff(len) <= most)
        .map(|k| (edit_distance(word, k), k))
        .filter(|&(d, _)| d <= most && d < len)
        .min_by_key(|&(d, _)| d);
    best.map(|(_, k)| format!(" (did you mean `{k}`?)")).unwrap_or_default()
}

/// The number of characters to insert, delete, replace or swap (two side by side) to turn `a` into `b`.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // Three rows of the table: two back, one back, this one.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}
