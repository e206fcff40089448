//! The transposition table: one word per entry holding the full key and an 8-bit bound, so
//! there are no false hits: a `u64` on the standard board (a 49-bit key), a `u128` on the
//! others (up to a 90-bit key). Replace-always, indexed by a multiplicative hash, in
//! two regions by how close a position is to the end of the game.

use super::bits::Word;

/// Two regions, by how many empty cells a position has left. Most positions searched are
/// close to the end of the game; they share a small region that stays in the CPU's caches
/// (and in its address-translation cache), so their probes are cheap. The positions further
/// from the end, fewer but each worth a big search, get the rest. In wasm, which has neither
/// prefetch nor huge pages, this cut the time of the first 4 Test_L1_R3 positions from
/// 5.74 s to 2.57 s.
pub struct Table<W: Word = u64> {
    far: Slots<W>,
    near: Slots<W>,
}

/// Positions with at most this many empty cells go to the near region.
const NEAR_REMAINING: u32 = 20;
/// The near region's size, at most (and at most an eighth of the whole table). 1 MiB fits
/// in the L2 cache of most current CPUs. Measured on a 2 MiB-L2 Xeon (wasm in Node, first 4
/// Test_L1_R3 positions): 256 KiB 2.61 s, 512 KiB 3.13 s, 1 MiB 2.57 s, 2 MiB 4.79 s, and
/// 5.74 s with one region; the threshold at 18, 20 and 22 empty cells: 3.06, 3.13, 3.62 s
/// (512 KiB).
const NEAR_BYTES: usize = 1 << 20;

/// A bound stored for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is at most this.
    Upper(i32),
    /// The score is at least this.
    Lower(i32),
}

/// A transposition table the memory could not be had for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutOfMemory {
    pub mib: usize,
}

impl std::fmt::Display for OutOfMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "out of memory: no room for a {} MiB transposition table \
             (free() the solvers you no longer need)",
            self.mib
        )
    }
}

impl std::error::Error for OutOfMemory {}

const OFFSET: i32 = 64; // scores are in -21..=21; stored as score + OFFSET, below 128

impl<W: Word> Table<W> {
    /// A table of `mib` MiB in all (at least 1), or why not: the memory cannot be had.
    pub fn try_with_mib(mib: usize) -> Result<Table<W>, OutOfMemory> {
        let bytes = mib.max(1).saturating_mul(1 << 20);
        let near = NEAR_BYTES.min(bytes / 8);
        let out_of_memory = |_| OutOfMemory { mib };
        Ok(Table {
            far: Slots::try_with_bytes(bytes - near).map_err(out_of_memory)?,
            near: Slots::try_with_bytes(near).map_err(out_of_memory)?,
        })
    }

    /// Whether [`Table::prefetch`] does anything on this target.
    pub const PREFETCHES: bool = cfg!(target_arch = "x86_64");

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        (self.far.entries.len() + self.near.entries.len()) * std::mem::size_of::<W>()
    }

    #[inline(always)]
    fn slots(&self, remaining: u32) -> &Slots<W> {
        if remaining <= NEAR_REMAINING {
            &self.near
        } else {
            &self.far
        }
    }

    /// The bound stored for the position with table key `key` and `remaining` empty cells.
    #[inline(always)]
    pub fn get(&self, key: W, remaining: u32) -> Option<Bound> {
        let e = self.slots(remaining).entry(key);
        // An empty slot (0) never matches, since stored values are never 0.
        if e >> 8 != key || e == W::ZERO {
            return None;
        }
        // Mask before folding: a fold mixes a wide key's high bits into the low ones.
        let v = ((e & W::from_u128(0xff)).fold()) as i32;
        Some(if v >= 128 {
            Bound::Lower(v - 128 - OFFSET)
        } else {
            Bound::Upper(v - OFFSET)
        })
    }

    #[inline(always)]
    pub fn put(&mut self, key: W, remaining: u32, bound: Bound) {
        let v = W::from_u128(match bound {
            Bound::Upper(s) => s + OFFSET,
            Bound::Lower(s) => s + OFFSET + 128,
        } as u128);
        let slots = if remaining <= NEAR_REMAINING {
            &mut self.near
        } else {
            &mut self.far
        };
        let i = slots.index(key);
        slots.entries[i] = (key << 8) | v;
    }

    /// Asks the CPU to start loading `key`'s slot, so a later `get` finds it in cache.
    #[inline(always)]
    pub fn prefetch(&self, key: W, remaining: u32) {
        #[cfg(target_arch = "x86_64")]
        {
            let slots = self.slots(remaining);
            let p = slots.entries[slots.index(key)..].as_ptr();
            // SAFETY: a prefetch is only a hint; `p` points into `entries`.
            unsafe {
                core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(p.cast())
            };
        }
        // wasm has no prefetch instruction (a plain load that is thrown away was measured
        // slower than nothing: it holds up the pipeline until it arrives).
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (key, remaining);
    }

    pub fn clear(&mut self) {
        self.far.entries.fill(W::ZERO);
        self.near.entries.fill(W::ZERO);
    }
}

/// One region: replace-always slots, indexed by a multiplicative hash.
struct Slots<W: Word> {
    entries: Vec<W>,
}

impl<W: Word> Slots<W> {
    fn try_with_bytes(bytes: usize) -> Result<Slots<W>, std::collections::TryReserveError> {
        // At least 128 entries, and any count, not only a power of two (beyond 2^32
        // entries, only the first 2^32 are used).
        let count = (bytes / std::mem::size_of::<W>()).max(128);
        let mut entries = Vec::new();
        entries.try_reserve_exact(count)?;
        entries.resize(count, W::ZERO);
        advise_huge_pages(&entries);
        Ok(Slots { entries })
    }

    /// The hash's top 32 bits scaled to the length: always below it.
    #[inline(always)]
    fn index(&self, key: W) -> usize {
        let hash = key.table_hash() >> 32;
        let len = (self.entries.len() as u64).min(1 << 32);
        ((hash * len) >> 32) as usize
    }

    #[inline(always)]
    fn entry(&self, key: W) -> W {
        self.entries[self.index(key)]
    }
}

/// On Linux, asks for transparent huge pages for a big table: each probe lands on a random
/// page, and 2 MiB pages make the address translation for that nearly free.
#[cfg(target_os = "linux")]
fn advise_huge_pages<W>(entries: &[W]) {
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
fn advise_huge_pages<W>(_: &[W]) {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both regions keep what is put in them, whatever the (not power of two) sizes, and
    /// the two regions are apart: a key stored near is not found far.
    #[test]
    fn regions_store_and_find_bounds() {
        for mib in [1, 3, 5] {
            let mut t = Table::<u64>::try_with_mib(mib).unwrap();
            assert_eq!(t.bytes(), mib << 20);
            for (i, key) in (1..2000u64)
                .map(|k| k.wrapping_mul(0x1234_5678_9ABC))
                .enumerate()
            {
                let key = key & ((1 << 49) - 1);
                let remaining = [4, NEAR_REMAINING, NEAR_REMAINING + 1, 40][i % 4];
                let bound = if i % 2 == 0 {
                    Bound::Upper(i as i32 % 19 - 9)
                } else {
                    Bound::Lower(i as i32 % 19 - 9)
                };
                t.put(key, remaining, bound);
                assert_eq!(t.get(key, remaining), Some(bound), "{mib} MiB, key {key}");
                let other = if remaining <= NEAR_REMAINING { 40 } else { 4 };
                assert_eq!(t.get(key, other), None, "{mib} MiB, key {key}");
            }
            t.clear();
            assert_eq!(t.get(0x1234_5678_9ABC, 4), None);
        }
    }

    /// Wide keys (up to the 90 bits of a 9 x 9 board's) keep their bounds: the key's high
    /// bits do not leak into them. (They did, through the fold, on boards whose keys pass
    /// 56 bits: 8 x 7, 9 x 6, 7 x 8 and larger.)
    #[test]
    fn wide_keys_keep_their_bounds() {
        let mut t = Table::<u128>::try_with_mib(1).unwrap();
        for i in 0..400u128 {
            let key = ((1u128 << 89) | (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) << 40) | (i * 7919))
                & ((1u128 << 90) - 1);
            let score = (i % 41) as i32 - 20;
            let bound = if i % 2 == 0 {
                Bound::Upper(score)
            } else {
                Bound::Lower(score)
            };
            t.put(key, 40, bound);
            assert_eq!(t.get(key, 40), Some(bound), "key {key:#x}");
        }
    }
}
