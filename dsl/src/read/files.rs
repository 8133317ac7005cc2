//! Reading the user's files: definitions, the bases they extend, records, SGF files, the library.
//!
//! Every file a user names is read through [`read_bytes`] (or [`read_text`]): what is not a regular file
//! (a FIFO, a device, a directory) is refused before it is opened, so that reading cannot block for ever;
//! at most `limit` bytes are read, so that a huge or endless file cannot fill memory; and every error
//! names the file.

use std::io::Read;
use std::path::Path;

/// Why a user's file could not be read. Every message names the file.
///
/// ```
/// use qipan_dsl::read::files::{ReadError, read_bytes};
///
/// let dir = std::env::temp_dir();
/// let err = read_bytes(&dir, 100).unwrap_err();
/// assert!(matches!(err, ReadError::NotAFile { what: "a directory", .. }));
/// assert!(err.to_string().starts_with(&format!("cannot read `{}`: it is a directory, not a regular file", dir.display())));
/// assert_eq!(err.reason(), "it is a directory, not a regular file");
/// ```
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// A FIFO, a device, a socket or a directory: refused before opening.
    #[error("cannot read `{path}`: {}", not_a_file(what))]
    NotAFile {
        /// The path as given.
        path: String,
        /// What it is instead (`a FIFO`, `a directory`, `a device`, ...).
        what: &'static str,
    },
    /// More than the limit.
    #[error("cannot read `{path}`: it is larger than {limit} bytes")]
    TooLarge {
        /// The path as given.
        path: String,
        /// The most bytes read.
        limit: usize,
    },
    /// Not UTF-8 text.
    #[error("cannot read `{path}`: it is not UTF-8 text")]
    NotText {
        /// The path as given.
        path: String,
    },
    /// An error of the system (no such file, permission denied, ...).
    // `error`, not `source`: the reason is said once, in this message.
    #[error("cannot read `{path}`: {error}")]
    Io {
        /// The path as given.
        path: String,
        /// The system's error.
        error: std::io::Error,
    },
}

/// The file's name is in the message, and apart from it:
///
/// ```
/// let err = qipan_dsl::read::files::read_bytes(std::path::Path::new("no-such.sgf"), 10).unwrap_err();
/// assert_eq!(err.to_string(), format!("cannot read `no-such.sgf`: {}", err.reason()));
/// ```
impl ReadError {
    /// Why, without the file's name (for messages that name it already).
    ///
    /// ```
    /// let err = qipan_dsl::read::files::read_text(std::path::Path::new("no/such/file.yaml"), 100).unwrap_err();
    /// assert_eq!(err.reason(), "No such file or directory (os error 2)");
    /// assert!(matches!(err, qipan_dsl::read::files::ReadError::Io { .. }));
    /// ```
    pub fn reason(&self) -> String {
        match self {
            ReadError::NotAFile { what, .. } => not_a_file(what),
            ReadError::TooLarge { limit, .. } => format!("it is larger than {limit} bytes"),
            ReadError::NotText { .. } => "it is not UTF-8 text".into(),
            ReadError::Io { error, .. } => error.to_string(),
        }
    }
}

fn not_a_file(what: &str) -> String {
    format!("it is {what}, not a regular file")
}

/// What a path that is not a regular file is, for the message.
fn kind_of(t: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    if t.is_dir() { "a directory" } else { "not a regular file" }
}

/// Reads a user's file of at most `limit` bytes. A path that is not a regular file is refused before it is
/// opened (opening a FIFO blocks until someone writes to it; a device may never end).
///
/// ```
/// use qipan_dsl::read::files::{ReadError, read_bytes};
///
/// let path = std::env::temp_dir().join(format!("qipan-read-bytes-{}.sgf", std::process::id()));
/// std::fs::write(&path, "(;SZ[9])")?;
/// assert_eq!(read_bytes(&path, 100)?, b"(;SZ[9])");
/// assert!(matches!(read_bytes(&path, 4), Err(ReadError::TooLarge { limit: 4, .. })));
/// std::fs::remove_file(&path)?;
/// let gone = read_bytes(&path, 100).unwrap_err().to_string();
/// assert!(gone.starts_with(&format!("cannot read `{}`: ", path.display())), "{gone}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_bytes(path: &Path, limit: usize) -> Result<Vec<u8>, ReadError> {
    let name = || path.display().to_string();
    let io = |error| ReadError::Io { path: name(), error };
    let not_a_file = |t: std::fs::FileType| ReadError::NotAFile { path: name(), what: kind_of(t) };
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(not_a_file(meta.file_type()));
    }
    let file = std::fs::File::open(path).map_err(io)?;
    // The path may have been replaced between the two looks; the file opened is what counts.
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(not_a_file(meta.file_type()));
    }
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() > limit {
        return Err(ReadError::TooLarge { path: name(), limit });
    }
    Ok(bytes)
}

/// [`read_bytes`] for a text file: the bytes must be UTF-8.
///
/// ```
/// use qipan_dsl::read::files::{ReadError, read_text};
///
/// let path = std::env::temp_dir().join(format!("qipan-read-text-{}.yaml", std::process::id()));
/// std::fs::write(&path, b"name: \xff\n")?;
/// assert!(matches!(read_text(&path, 100), Err(ReadError::NotText { .. })));
/// std::fs::write(&path, "name: mine\n")?;
/// assert_eq!(read_text(&path, 100)?, "name: mine\n");
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_text(path: &Path, limit: usize) -> Result<String, ReadError> {
    String::from_utf8(read_bytes(path, limit)?).map_err(|_| ReadError::NotText { path: path.display().to_string() })
}
