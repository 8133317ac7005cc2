//! The transposition table: one entry per slot, allocated once, indexed by the position's search key.

use crate::moves::Move;

/// What a stored score says of the position's true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// The value itself.
    Exact,
    /// At least the score (the search failed high).
    Lower,
    /// At most the score (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Copy, Clone, Debug)]
pub(super) struct Entry {
    pub(super) key: u64,
    /// The best move found, or `None`.
    pub(super) mv: Option<Move>,
    pub(super) score: i32,
    /// The depth searched below the position.
    pub(super) depth: u16,
    pub(super) bound: Bound,
}

const EMPTY: Entry = Entry { key: 0, mv: None, score: 0, depth: 0, bound: Bound::Upper };

/// A fixed-size table of entries, replaced by the newer or deeper result.
#[derive(Clone, Debug, Default)]
pub(super) struct Table {
    entries: Vec<Entry>,
    /// `entries.len() - 1` (a power of two), or 0 when the table is off.
    mask: usize,
}

impl Table {
    /// A table of at most `mb` megabytes (a power of two of entries); `mb == 0`: no table.
    pub(super) fn new(mb: u32) -> Table {
        if mb == 0 {
            return Table::default();
        }
        let bytes = (mb as usize) << 20;
        let n = (bytes / size_of::<Entry>()).max(1);
        let n = if n.is_power_of_two() { n } else { n.next_power_of_two() / 2 };
        Table { entries: vec![EMPTY; n], mask: n - 1 }
    }

    /// Forgets everything, keeping the memory.
    pub(super) fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = EMPTY);
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub(super) fn probe(&self, key: u64) -> Option<&Entry> {
        let e = self.entries.get(key as usize & self.mask)?;
        (e.key == key && key != 0).then_some(e)
    }

    /// Stores a result, unless the slot holds a deeper one for the same key.
    #[inline]
    pub(super) fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: u16, bound: Bound) {
        let i = key as usize & self.mask;
        let Some(e) = self.entries.get_mut(i) else { return };
        if e.key == key && e.depth > depth {
            return;
        }
        let mv = mv.or(if e.key == key { e.mv } else { None });
        *e = Entry { key, mv, score, depth, bound };
    }
}
