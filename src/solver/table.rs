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
        let entries = vec![0; 1 << bits];
        advise_huge_pages(&entries);
        Table {
            entries,
            shift: 64 - bits,
        }
    }

    /// Whether [`Table::prefetch`] does anything on this target.
    pub const PREFETCHES: bool = cfg!(target_arch = "x86_64");

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

    /// Asks the CPU to start loading `key`'s slot, so a later `get` finds it in cache.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let p = self.entries[self.index(key)..].as_ptr();
            // SAFETY: a prefetch is only a hint; `p` points into `entries`.
            unsafe {
                core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(p.cast())
            };
        }
        // wasm has no prefetch instruction (a plain load that is thrown away was measured
        // slower than nothing: it holds up the pipeline until it arrives).
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    pub fn clear(&mut self) {
        self.entries.fill(0);
    }
}

/// On Linux, asks for transparent huge pages for a big table: each probe lands on a random
/// page, and 2 MiB pages make the address translation for that nearly free.
#[cfg(target_os = "linux")]
fn advise_huge_pages(entries: &[u64]) {
    const HUGE: usize = 2 << 20;
    let start = entries.as_ptr() as usize;
    let end = start + std::mem::size_of_val(entries);
    let first = start.next_multiple_of(HUGE);
    if end > first + HUGE {
        let len = (end - first) / HUGE * HUGE;
        // SAFETY: the range lies inside `entries`' allocation; MADV_HUGEPAGE is only advice
        // and does not change its contents. A failure (no THP support) is harmless.
        unsafe { libc::madvise(first as *mut libc::c_void, len, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_: &[u64]) {}
