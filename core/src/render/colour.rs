//! Colours for pictures: seat colours, and whether a colour is dark (to choose the ink drawn on it).

use crate::SeatId;
use crate::game::Game;

/// The palette for seats without a colour of their own (the one the plain drawing uses).
pub(super) const PALETTE: [&str; 8] =
    ["#000", "#fff", "#c0392b", "#f1c40f", "#2980b9", "#27ae60", "#8e44ad", "#e67e22"];

/// Common colour names with the tones pictures use for them (softer than the CSS primaries).
const NAMED: [(&str, &str); 26] = [
    ("black", "#1c1c1c"),
    ("white", "#f7f7f7"),
    ("red", "#c0392b"),
    ("yellow", "#f1c40f"),
    ("blue", "#2980b9"),
    ("green", "#27ae60"),
    ("purple", "#8e44ad"),
    ("orange", "#e67e22"),
    ("grey", "#808080"),
    ("gray", "#808080"),
    ("brown", "#8b5a2b"),
    ("pink", "#e88fb0"),
    ("cyan", "#17becf"),
    ("magenta", "#c2185b"),
    ("gold", "#d4ac0d"),
    ("silver", "#bdc3c7"),
    ("navy", "#1f3a93"),
    ("teal", "#16a085"),
    ("maroon", "#800000"),
    ("olive", "#808000"),
    ("lime", "#7cb342"),
    ("crimson", "#b71c1c"),
    ("violet", "#9b59b6"),
    ("indigo", "#4b0082"),
    ("azure", "#3498db"),
    ("amber", "#f39c12"),
];

/// The hex tone pictures use for a colour name, if it is one they know.
pub(super) fn named(name: &str) -> Option<&'static str> {
    let name = name.to_ascii_lowercase();
    NAMED.iter().find(|(n, _)| *n == name).map(|(_, hex)| *hex)
}

/// Red, green and blue of `#rgb`, `#rrggbb` or a known colour name.
pub(super) fn rgb(colour: &str) -> Option<[u8; 3]> {
    let hex = match colour.strip_prefix('#') {
        Some(h) => h,
        None => named(colour)?.strip_prefix('#')?,
    };
    let digit = |i: usize, len: usize| u8::from_str_radix(hex.get(i * len..(i + 1) * len)?, 16).ok();
    match hex.len() {
        3 => Some([digit(0, 1)? * 17, digit(1, 1)? * 17, digit(2, 1)? * 17]),
        6 => Some([digit(0, 2)?, digit(1, 2)?, digit(2, 2)?]),
        _ => None,
    }
}

/// Whether a colour is dark enough to want light ink on it (`None` for colours it cannot read).
pub(super) fn is_dark(colour: &str) -> Option<bool> {
    Some(luminance(colour)? < 0.6)
}

/// Whether a colour is so light that it needs a dark outline to show on paper.
pub(super) fn is_pale(colour: &str) -> bool {
    luminance(colour).is_some_and(|l| l > 0.75)
}

/// Luminance of a colour, from 0 (black) to 1 (white).
fn luminance(colour: &str) -> Option<f32> {
    let [r, g, b] = rgb(colour)?;
    Some((0.2126 * r as f32 + 0.7152 * g as f32 + 0.0722 * b as f32) / 255.0)
}

/// For each of a board's cell colours, whether it counts as the dark one: the darker half when every
/// colour has a known tone and they differ, else each by its own tone (unknown ones alternate, the
/// second one dark).
pub(super) fn dark_colours(names: &[String]) -> Vec<bool> {
    let lums: Option<Vec<f32>> = names.iter().map(|n| luminance(n)).collect();
    if let Some(lums) = lums.filter(|l| l.len() > 1) {
        let (lo, hi) = lums.iter().fold((1.0f32, 0.0f32), |(lo, hi), &l| (lo.min(l), hi.max(l)));
        if hi - lo > 0.05 {
            return lums.iter().map(|&l| l < (lo + hi) / 2.0).collect();
        }
    }
    names.iter().enumerate().map(|(i, n)| is_dark(n).unwrap_or(i % 2 == 1)).collect()
}

/// Whether a colour is a real colour rather than black, white or a grey.
pub(super) fn is_vivid(colour: &str) -> bool {
    rgb(colour).is_some_and(|c| c.iter().max().unwrap_or(&0) - c.iter().min().unwrap_or(&0) >= 60)
}

/// Ink that reads on `fill`: near-white on dark colours, near-black otherwise.
pub(super) fn ink(fill: &str) -> &'static str {
    if is_dark(fill).unwrap_or(false) { "#fafafa" } else { "#111" }
}

/// The colour of a seat: its own, else the tone of its name when the name is a colour, else the palette.
pub(super) fn seat(game: &Game, seat: SeatId) -> String {
    let s = &game.seats[seat.idx()];
    if !s.colour.is_empty() {
        return named(&s.colour).map_or_else(|| s.colour.clone(), String::from);
    }
    named(&s.name).unwrap_or(PALETTE[seat.idx() % PALETTE.len()]).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_hex_and_names() {
        assert_eq!(rgb("#fff"), Some([255, 255, 255]));
        assert_eq!(rgb("#c0392b"), Some([0xc0, 0x39, 0x2b]));
        assert_eq!(rgb("Black"), Some([0x1c, 0x1c, 0x1c]));
        assert_eq!(rgb("#12"), None);
        assert_eq!(rgb("chartreuse-ish"), None);
        assert_eq!(is_dark("black"), Some(true));
        assert_eq!(is_dark("yellow"), Some(false));
        assert_eq!(ink("blue"), "#fafafa");
        assert_eq!(ink("white"), "#111");
        assert_eq!(dark_colours(&["white".into(), "black".into()]), vec![false, true]);
        assert_eq!(dark_colours(&["blue".into(), "red".into()]), vec![false, true]);
        assert_eq!(dark_colours(&["ochre".into(), "umber".into()]), vec![false, true]);
        assert!(is_vivid("red") && !is_vivid("black") && !is_vivid("#eee"));
    }
}
