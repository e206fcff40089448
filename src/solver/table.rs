//! The transposition table: one `u64` per entry holding the full 49-bit key and an 8-bit
//! bound, so there are no false hits. Replace-always, indexed by a multiplicative hash.

pub struct Table {
    entries: Vec<u64>,
    shift: u32,
}

/// A bound stored for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is at most this.
    Upper(i32),
    /// The score is at least this.
    Lower(i32),
}

const OFFSET: i32 = 64; // scores are in -21..=21; stored as score + OFFSET, below 128

impl Table {
    /// A table of at most `mib` MiB (rounded down to a power of two entries, at least 1 KiB).
    pub fn with_mib(mib: usize) -> Table {
        let bytes = mib.max(1).saturating_mul(1 << 20);
        let entries = (bytes / 8).max(128);
        let bits = usize::BITS - 1 - entries.leading_zeros();
        Table {
            entries: vec![0; 1 << bits],
            shift: 64 - bits,
        }
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * 8
    }

    #[inline(always)]
    fn index(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    #[inline(always)]
    pub fn get(&self, key: u64) -> Option<Bound> {
        // index() is always below len: shift = 64 - log2(len). An empty slot (0) never matches,
        // since stored values are never 0.
        let e = self.entries[self.index(key)];
        if e >> 8 != key || e == 0 {
            return None;
        }
        let v = (e & 0xff) as i32;
        Some(if v >= 128 {
            Bound::Lower(v - 128 - OFFSET)
        } else {
            Bound::Upper(v - OFFSET)
        })
    }

    #[inline(always)]
    pub fn put(&mut self, key: u64, bound: Bound) {
        let v = match bound {
            Bound::Upper(s) => s + OFFSET,
            Bound::Lower(s) => s + OFFSET + 128,
        } as u64;
        let i = self.index(key);
        self.entries[i] = (key << 8) | v;
    }

    pub fn clear(&mut self) {
        self.entries.fill(0);
    }
}
