//! The hexagonal board's size: a rhombus (`width` and `height`) or a hexagon (`side`), one of the two.

use super::Compiler;
use crate::diag::Loc;
use crate::schema::{HexDef, Spanned};
use qipan_core::board::hex::{HexShape, HexSpec, MAX_RHOMBUS, MAX_SIDE};

/// What a `hex` board may say, for diagnostics.
const FORMS: &str = "`hex: { width: 11, height: 11 }` (a rhombus) or `hex: { side: 5 }` (a hexagon)";

impl Compiler<'_> {
    /// The generator's parameters, and where the size is written (for the generator's own errors).
    pub(super) fn hex_spec(&mut self, h: &Spanned<HexDef>) -> Option<(HexSpec, Loc)> {
        let def = &h.value;
        let (shape, at) = match (&def.width, &def.height, &def.side) {
            (None, None, Some(side)) => {
                (HexShape::Hexagon { side: self.count(side, "side", MAX_SIDE as f64)? }, side.referenced)
            }
            (Some(width), Some(height), None) => {
                let max = MAX_RHOMBUS as f64;
                let shape = HexShape::Rhombus {
                    width: self.count(width, "width", max)?,
                    height: self.count(height, "height", max)?,
                };
                (shape, width.referenced)
            }
            (None, None, None) => {
                self.error(h.referenced, "a hex board needs its size", Some(FORMS.into()));
                return None;
            }
            (_, _, Some(_)) => {
                self.error(h.referenced, "a hex board is a rhombus or a hexagon, not both", Some(FORMS.into()));
                return None;
            }
            (width, height, None) => {
                let (given, missing) = if width.is_some() { (width, "height") } else { (height, "width") };
                let at = given.as_ref().map_or(h.referenced, |g| g.referenced);
                self.error(at, format!("a hex rhombus needs a `{missing}` too"), Some(FORMS.into()));
                return None;
            }
        };
        Some((HexSpec { shape, kind: def.kind.clone().unwrap_or_else(|| "cell".into()) }, at))
    }
}
