//! The `playout:` section: knowledge of the game that random playouts use (the computer players'
//! simulations), none of it a rule. Every key is optional.

use super::{Spanned, Text};
use serde::Deserialize;

/// What playouts know of the game.
///
/// ```
/// let def = qipan::definition("go")?.def;
/// let playout = def.playout.unwrap().value;
/// assert_eq!(playout.patterns[0].value.iter().map(|r| r.value.as_str()).collect::<Vec<_>>(), ["XOX", "...", "???"]);
/// assert!(playout.relation.is_none()); // orthogonal
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayoutDef {
    /// 3×3 shapes around an empty centre, three rows each, north first: a playout plays beside the last
    /// move where one matches (see `qipan_core::playout::Shape`).
    #[serde(default)]
    pub patterns: Vec<Spanned<Vec<Text>>>,
    /// The relation whose directions `n`, `e`, `s`, `w` the shapes' rows and columns follow (default:
    /// `orthogonal`).
    #[serde(default)]
    pub relation: Option<Text>,
}
