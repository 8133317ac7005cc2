//! The set of position hashes seen so far, for superko rules: open addressing, cleared without freeing.

/// A set of non-zero 64-bit hashes. The lowest bit is not kept: `h` and `h ^ 1` count as the same hash.
///
/// ```
/// use qipan::core::PieceId;
/// use qipan::core::history::HashHistory;
///
/// // Remember the boards of a game of Go, as positional superko does.
/// let game = qipan::load("go", &[("size".into(), "9".into())])?;
/// let mut pos = game.start();
/// let mut seen = HashHistory::default();
/// for label in ["E5", "D4", "C3"] {
///     pos.play(&qipan::core::Move::place(PieceId::new(0), game.board.find(label).unwrap()))?;
///     seen.insert(pos.hash());
/// }
/// assert_eq!(seen.len(), 3);
/// assert!(seen.contains(pos.hash()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, PartialEq, Eq)]
pub struct HashHistory {
    slots: Vec<u64>,
    len: usize,
}

/// Copying into an existing value reuses its buffers (a playout's reset to the start).
impl Clone for HashHistory {
    fn clone(&self) -> Self {
        let HashHistory { slots, len } = self;
        HashHistory { slots: slots.clone(), len: *len }
    }

    fn clone_from(&mut self, source: &Self) {
        let HashHistory { slots, len } = source;
        self.slots.clone_from(slots);
        self.len = *len;
    }
}

impl Default for HashHistory {
    /// An empty set; memory is taken on the first insert, so games without repetition rules (and
    /// copies of their positions) pay nothing.
    fn default() -> Self {
        HashHistory { slots: Vec::new(), len: 0 }
    }
}

/// Recording, looking up and forgetting hashes.
///
/// ```
/// use qipan::core::history::HashHistory;
///
/// let mut h = HashHistory::default();
/// h.insert(0x1234_5678_9abc_def1);
/// assert!(h.contains(0x1234_5678_9abc_def1));
/// h.clear();
/// assert!(h.is_empty());
/// ```
impl HashHistory {
    /// True if `h` was recorded.
    ///
    /// ```
    /// use qipan::core::history::HashHistory;
    ///
    /// let mut h = HashHistory::default();
    /// assert!(!h.contains(42));
    /// h.insert(42);
    /// assert!(h.contains(42));
    /// assert!(!h.contains(44));
    /// assert!(h.contains(43)); // 42 with its lowest bit set
    /// ```
    #[inline]
    pub fn contains(&self, h: u64) -> bool {
        if self.slots.is_empty() {
            return false;
        }
        let h = h | 1;
        let mask = self.slots.len() - 1;
        let mut i = (h as usize) & mask;
        loop {
            match self.slots[i] {
                0 => return false,
                x if x == h => return true,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// Records `h`.
    ///
    /// ```
    /// use qipan::core::history::HashHistory;
    ///
    /// let mut h = HashHistory::default();
    /// for x in [10, 20, 10] {
    ///     h.insert(x);
    /// }
    /// assert_eq!(h.len(), 2); // a set: 10 counts once
    /// ```
    pub fn insert(&mut self, h: u64) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let h = h | 1;
        let mask = self.slots.len() - 1;
        let mut i = (h as usize) & mask;
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = h;
                    self.len += 1;
                    return;
                }
                x if x == h => return,
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let bigger = vec![0; (self.slots.len() * 2).max(1024)];
        let old = std::mem::replace(&mut self.slots, bigger);
        self.len = 0;
        for h in old.into_iter().filter(|&h| h != 0) {
            self.insert(h);
        }
    }

    /// Forgets everything, keeping the memory.
    ///
    /// ```
    /// use qipan::core::history::HashHistory;
    ///
    /// let mut h = HashHistory::default();
    /// h.insert(42);
    /// h.clear();
    /// assert!(!h.contains(42));
    /// assert_eq!(h.len(), 0);
    /// ```
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = 0);
        self.len = 0;
    }

    /// Number of distinct hashes recorded.
    ///
    /// ```
    /// use qipan::core::history::HashHistory;
    ///
    /// let mut h = HashHistory::default();
    /// (1..=5000u64).for_each(|x| h.insert(x.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
    /// assert_eq!(h.len(), 5000);
    /// ```
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when nothing is recorded.
    ///
    /// ```
    /// use qipan::core::history::HashHistory;
    ///
    /// let mut h = HashHistory::default();
    /// assert!(h.is_empty());
    /// h.insert(7);
    /// assert!(!h.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[cfg(test)]
mod tests {
    use super::HashHistory;

    #[test]
    fn insert_contains_grow() {
        let mut h = HashHistory::default();
        for i in 1..5000u64 {
            h.insert(i.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        }
        assert_eq!(h.len(), 4999);
        assert!(h.contains(77u64.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
        assert!(!h.contains(12345));
        h.clear();
        assert!(h.is_empty());
    }
}
