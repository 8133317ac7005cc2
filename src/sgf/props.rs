//! Game-info values: komi (and its limits), handicap and the player to move, read leniently.

use super::SgfColour;

/// The largest komi accepted, either way: far more points than any board has, and small enough that
/// every score stays exact.
pub const MAX_KOMI: f64 = 10_000.0;

/// A komi that cannot be used: not a finite number, or beyond [`MAX_KOMI`].
///
/// ```
/// use qipan::sgf::{SgfError, parse_sgf};
///
/// let err = parse_sgf("(;GM[1]SZ[9]KM[nan];B[ee])").unwrap_err();
/// assert!(matches!(&err, SgfError::InvalidKomi { line: 1, .. }));
/// assert_eq!(err.to_string(), "line 1: KM[nan] at byte 14: komi must be a finite number from -10000 to 10000, not NaN");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("komi must be a finite number from -{MAX_KOMI} to {MAX_KOMI}, not {0}")]
pub struct KomiError(pub String);

/// Checks a komi (from SGF's `KM`, GTP's `komi`): finite and at most [`MAX_KOMI`] points either way.
///
/// ```
/// use qipan::sgf::check_komi;
///
/// assert_eq!(check_komi(7.5), Ok(7.5));
/// assert_eq!(check_komi(-3.0), Ok(-3.0));
/// for bad in [f64::NAN, f64::INFINITY, 1e308] {
///     assert!(check_komi(bad).is_err(), "{bad}");
/// }
/// ```
pub fn check_komi(k: f64) -> Result<f64, KomiError> {
    if k.is_finite() && k.abs() <= MAX_KOMI { Ok(k) } else { Err(KomiError(format!("{k:?}"))) }
}

/// A `KM` value: `None` when it is not a number (tolerated as absent), an error when it is a number
/// [`check_komi`] refuses.
pub(super) fn parse_komi(text: &str) -> Option<Result<f64, KomiError>> {
    let t = text.trim().replace(',', ".");
    let k: f64 = t.parse().ok()?;
    Some(check_komi(k))
}

pub(super) fn parse_handicap(text: &str) -> Option<u32> {
    let t = text.trim();
    if let Ok(n) = t.parse::<u32>() {
        return Some(n);
    }
    let f: f64 = t.parse().ok()?;
    (f.is_finite() && f >= 0.0 && f.fract() == 0.0 && f <= f64::from(u32::MAX)).then_some(f as u32)
}

pub(super) fn parse_colour(text: &str) -> Option<SgfColour> {
    match text.trim().to_ascii_lowercase().as_str() {
        "b" | "black" | "1" => Some(SgfColour::Black),
        "w" | "white" | "2" => Some(SgfColour::White),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::sgf::SgfColour::Black as B;
    use crate::sgf::parse_sgf;

    #[test]
    fn game_info_quirks() {
        let g = parse_sgf("(;KM[6,5]HA[2.0]PL[black]RE[ ]RU[ Japanese ])").unwrap();
        assert_eq!(g.komi, Some(6.5));
        assert_eq!(g.handicap, 2);
        assert_eq!(g.player_to_move, Some(B));
        assert_eq!(g.result, None);
        assert_eq!(g.rules.as_deref(), Some("Japanese"));
        let g = parse_sgf("(;KM[?]HA[lots]PL[x])").unwrap();
        assert_eq!((g.komi, g.handicap, g.player_to_move), (None, 0, None));
    }
}
