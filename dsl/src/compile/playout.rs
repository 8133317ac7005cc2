//! The `playout:` section, compiled into the game's [`Patterns`]: each shape read (an error points at
//! the row and column that is wrong), the relation looked up.

use super::Compiler;
use crate::diag::locate_in_value;
use crate::schema::GameDef;
use qipan_core::board::Board;
use qipan_core::playout::{Patterns, Shape, ShapeError};

impl Compiler<'_> {
    /// The definition's 3×3 patterns compiled for `board`, if it declares any.
    pub(super) fn patterns(&mut self, def: &GameDef, board: &Board) -> Option<Patterns> {
        let playout = &def.playout.as_ref()?.value;
        if playout.patterns.is_empty() {
            return None;
        }
        let rel = match &playout.relation {
            None => board.relation("orthogonal").or_else(|| {
                let at = def.playout.as_ref().map(|p| p.referenced).unwrap_or(def.name.referenced);
                self.error(at, "the board has no `orthogonal` relation", Some("`relation:` naming one".into()));
                None
            })?,
            Some(r) => match board.relation(&r.value) {
                Some(rel) => rel,
                None => {
                    self.unknown(r.referenced, "relation", &r.value, board.relation_names());
                    return None;
                }
            },
        };
        let mut shapes = Vec::new();
        for pattern in &playout.patterns {
            let rows: Vec<&str> = pattern.value.iter().map(|r| r.value.as_str()).collect();
            match Shape::parse(&rows) {
                Ok(shape) => shapes.push(shape),
                Err(e) => {
                    let row = match e {
                        ShapeError::Width { row, .. } | ShapeError::Char { row, .. } => pattern.value.get(row),
                        ShapeError::Centre(_) => pattern.value.get(1),
                        ShapeError::Rows(_) => None,
                    };
                    let at = match (row, &e) {
                        (Some(r), ShapeError::Char { column, .. }) => {
                            locate_in_value(self.text(r.referenced), r.referenced, &r.value, *column)
                        }
                        (Some(r), ShapeError::Centre(_)) => {
                            locate_in_value(self.text(r.referenced), r.referenced, &r.value, 1)
                        }
                        (Some(r), _) => r.referenced,
                        (None, _) => pattern.referenced,
                    };
                    self.error(at, format!("pattern: {e}"), Some(ShapeError::EXPECTED.into()));
                }
            }
        }
        let at = match &playout.relation {
            Some(r) => r.referenced,
            None => def.playout.as_ref().map_or(def.name.referenced, |p| p.referenced),
        };
        let hint = "a relation of a square grid (`orthogonal`)";
        Patterns::new(board, rel, &shapes).map_err(|e| self.error(at, e.to_string(), Some(hint.into()))).ok()
    }
}
