//! Tables of words: each word a definition may write, with what it means, in the order messages list them.
//! A lookup and the message that lists what was expected read the same table, so a word is added in one place.

/// A table of words and their meanings, in the order messages list them.
pub(crate) type Words<T> = &'static [(&'static str, T)];

/// What `word` means in `table`, if it is one of its words.
pub(crate) fn lookup<T: Copy>(table: Words<T>, word: &str) -> Option<T> {
    table.iter().find(|(w, _)| *w == word).map(|&(_, v)| v)
}

/// The words of a table, as messages list them: `a, b, c`.
pub(crate) fn listed<T>(table: Words<T>) -> String {
    table.iter().map(|(w, _)| *w).collect::<Vec<_>>().join(", ")
}

/// The words of a table as a sentence lists them: `a, b or c`.
pub(crate) fn listed_or<T>(table: Words<T>) -> String {
    match table.split_last() {
        Some((last, [])) => last.0.to_string(),
        Some((last, rest)) => format!("{} or {}", listed(rest), last.0),
        None => String::new(),
    }
}

/// The words of a table, for `did_you_mean`.
pub(crate) fn words<T>(table: Words<T>) -> impl Iterator<Item = &'static str> + Clone {
    table.iter().map(|(w, _)| *w)
}
