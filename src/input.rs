//! Reading commands that people and programs type: lines of bounded length, in any bytes.
//!
//! A line is read without ever holding more than [`MAX_LINE_BYTES`] of it, so a stream with no newline cannot
//! exhaust memory, and bytes that are not UTF-8 are reported as such instead of ending the session.

use std::borrow::Cow;
use std::io::{self, BufRead};

/// The longest line a command loop accepts (`qipan play`, `qipan gtp`): 1 MiB. A longer line is read to its
/// end and discarded, and reported as [`Line::TooLong`].
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of input, without its line ending.
///
/// ```
/// use qipan::input::{Line, read_line};
///
/// let mut input: &[u8] = b"e5\r\n\xff\n";
/// assert_eq!(read_line(&mut input, 100)?, Some(Line::Text("e5".into())));
/// assert_eq!(read_line(&mut input, 100)?, Some(Line::NotUtf8));
/// assert_eq!(read_line(&mut input, 100)?, None);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A line of text.
    Text(String),
    /// A line longer than the limit: its length in bytes (the part read before the end of input, if it has no
    /// newline).
    TooLong(usize),
    /// A line that is not valid UTF-8.
    NotUtf8,
}

/// Reads the next line, holding at most `limit` bytes of it; `None` at the end of the input.
///
/// A final line without a newline is still a line. A `\r` before the newline is removed.
///
/// ```
/// use qipan::input::{Line, read_line};
///
/// let long = format!("{}\nquit", "x".repeat(5000));
/// let mut input = long.as_bytes();
/// assert_eq!(read_line(&mut input, 4096)?, Some(Line::TooLong(5000)));
/// assert_eq!(read_line(&mut input, 4096)?, Some(Line::Text("quit".into())));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read_line(reader: &mut impl BufRead, limit: usize) -> io::Result<Option<Line>> {
    let mut line = Vec::new();
    let mut length = 0usize;
    let mut seen_any = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if !seen_any {
                return Ok(None);
            }
            break;
        }
        seen_any = true;
        let (part, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        length = length.saturating_add(part.len());
        // One byte over the limit is kept: it may be the `\r` of a line ending.
        if length <= limit.saturating_add(1) {
            line.extend_from_slice(part);
        } else {
            // Past the limit nothing more is kept: the rest is only counted.
            line = Vec::new();
        }
        let used = done.unwrap_or(chunk.len());
        reader.consume(used);
        if done.is_some() {
            break;
        }
    }
    if line.last() == Some(&b'\r') && length <= limit.saturating_add(1) {
        line.pop();
        length -= 1;
    }
    if length > limit {
        return Ok(Some(Line::TooLong(length)));
    }
    Ok(Some(String::from_utf8(line).map_or(Line::NotUtf8, Line::Text)))
}

/// `text` with control characters (other than tab and newline) written as `\u{..}` escapes, so that input echoed in
/// a message cannot move the cursor, clear the screen or change the terminal's colours.
///
/// ```
/// use qipan::input::escape_controls;
///
/// assert_eq!(escape_controls("e5"), "e5");
/// assert_eq!(escape_controls("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
/// ```
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    let raw_control = |c: char| c.is_control() && c != '\t' && c != '\n';
    if !text.chars().any(raw_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if raw_control(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The most characters of a typed or recorded text that a message quotes.
pub const QUOTED_CHARS: usize = 40;

/// `text` cut to at most [`QUOTED_CHARS`] characters (an ellipsis marks the cut), for quoting in a message: a 5 MB
/// move is refused in a line, not echoed whole.
///
/// ```
/// use qipan::input::clip;
///
/// assert_eq!(clip("e2-e4"), "e2-e4");
/// assert_eq!(clip(&"E".repeat(200_000)).chars().count(), 41);
/// ```
pub fn clip(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(QUOTED_CHARS) {
        None => Cow::Borrowed(text),
        Some((at, _)) => Cow::Owned(format!("{}…", &text[..at])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8], limit: usize) -> Vec<Line> {
        let mut reader = io::BufReader::with_capacity(3, bytes);
        std::iter::from_fn(|| read_line(&mut reader, limit).unwrap()).collect()
    }

    #[test]
    fn lines_split_across_buffer_refills() {
        assert_eq!(lines(b"abcdefg\nhi\r\n\nj", 100), ["abcdefg", "hi", "", "j"].map(|s| Line::Text(s.into())));
    }

    #[test]
    fn a_line_at_the_limit_is_kept_and_one_past_it_is_not() {
        assert_eq!(
            lines(b"abcd\nabcde\nok", 4),
            [Line::Text("abcd".into()), Line::TooLong(5), Line::Text("ok".into())]
        );
        // The `\r` of a line ending does not count.
        assert_eq!(lines(b"abcd\r\n", 4), [Line::Text("abcd".into())]);
    }

    #[test]
    fn invalid_utf8_is_one_bad_line() {
        assert_eq!(lines(b"\xff\xfe\nok\n", 100), [Line::NotUtf8, Line::Text("ok".into())]);
    }
}
