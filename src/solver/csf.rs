//! A compressed static function: a map from a fixed set of 64-bit keys to variable-length
//! bit strings, stored without the keys (about 1.05 bits of array per bit of value).
//!
//! Each key picks four windows of the bit array, in four consecutive segments (the four-wise
//! "binary fuse" layout of Graf and Lemire, which peels at a higher load than three windows:
//! the book's array is 1.05 bits a bit of value, against 1.13 with three). The XOR of the
//! four windows starts with the key's value. Building solves one equation per bit of every
//! value, `A[p0 + i] ^ A[p1 + i] ^ A[p2 + i] ^ A[p3 + i] = bit i`, by peeling: take an
//! equation with a bit no other unsolved equation uses, set that bit last.
//!
//! A key outside the set gets some window too: the caller must know its keys (the book does:
//! its positions are every position with few enough moves). See Genuzio, Ottaviano and Vigna,
//! "Fast scalable construction of (minimal perfect hash) functions" (2016), for compressed
//! functions built this way.

/// The longest value a key may have, in bits: a window is read as one 64-bit word.
pub const MAX_BITS: u32 = 57;

/// How many windows a key has, each in its own segment (consecutive segments).
const WAYS: usize = 4;

/// Bits after the last segment, so that every window of a key in the last segments, and
/// every 64-bit read of one, stays inside the array.
const PAD_WORDS: usize = 2;

/// The shape of a function: where each key's windows are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    pub seed: u64,
    /// Each segment has `1 << segment_bits` bits.
    pub segment_bits: u32,
    /// How many segments (at least 4): a key's windows start in segments `s` to `s + 3`,
    /// for `s` below `segments - 3`.
    pub segments: u32,
}

impl Shape {
    /// How many 64-bit words the array of this shape has.
    pub fn words(&self) -> usize {
        ((self.segments as usize) << self.segment_bits).div_ceil(64) + PAD_WORDS
    }

    /// The first bit of each of the key's four windows.
    #[inline]
    fn windows(&self, key: u64) -> [usize; WAYS] {
        let h1 = mix(key ^ self.seed);
        let h2 = mix(h1 ^ 0x9e37_79b9_7f4a_7c15);
        let start = (((h1 >> 32) * u64::from(self.segments - 3)) >> 32) as usize;
        let mask = (1u64 << self.segment_bits) - 1;
        let segment =
            |j: usize, bits: u64| ((start + j) << self.segment_bits) + (bits & mask) as usize;
        // 21 bits of `h2` for each of three windows, and `h1`'s low 21 for the fourth.
        [
            segment(0, h2),
            segment(1, h2 >> 21),
            segment(2, h2 >> 42),
            segment(3, h1),
        ]
    }
}

/// A 64-bit finaliser (SplitMix64's): every input bit moves every output bit.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// 64 bits of `words` from bit `at` on (bit 0 of the result is bit `at`).
#[inline]
fn read(words: &[u64], at: usize) -> u64 {
    let (i, shift) = (at / 64, at % 64);
    let low = words.get(i).copied().unwrap_or(0) >> shift;
    if shift == 0 {
        low
    } else {
        low | words.get(i + 1).copied().unwrap_or(0) << (64 - shift)
    }
}

/// The XOR of `key`'s four windows: its value is in the low bits (bit 0 first). Any key
/// gets some word; only a key the function was built with gets its value.
#[inline]
pub fn window(shape: &Shape, words: &[u64], key: u64) -> u64 {
    let [a, b, c, d] = shape.windows(key);
    read(words, a) ^ read(words, b) ^ read(words, c) ^ read(words, d)
}

/// One key and its value: `len` bits, the first in bit 0 of `bits`.
#[derive(Debug, Clone, Copy)]
pub struct Item {
    pub key: u64,
    pub bits: u64,
    pub len: u32,
}

/// Builds the array for `items` (distinct keys, values of at most [`MAX_BITS`] bits): the
/// shape and its words. Tries seeds from `seed` on until the equations peel; a set too small
/// for the layout's usual load gets more room.
pub fn build(items: &[Item], seed: u64) -> (Shape, Vec<u64>) {
    let equations: usize = items.iter().map(|item| item.len as usize).sum();
    let n = equations.max(2) as f64;
    // Graf and Lemire's sizes for four-wise binary fuse filters, but from a load of 1.05, not
    // their 1.075: the book peels there within a few seeds (a set that does not gets more
    // room, 1% at a time).
    let segment_bits = ((n.ln() / 2.91f64.ln() - 0.5).floor() as u32).clamp(6, 18);
    let mut load = (0.77 + 0.305 * 6e5f64.ln() / n.ln()).max(1.05);
    let mut seed = seed;
    loop {
        for _ in 0..16 {
            let capacity = (n * load).ceil() as usize;
            let segments = (capacity >> segment_bits) as u32 + WAYS as u32;
            let shape = Shape {
                seed,
                segment_bits,
                segments,
            };
            if let Some(words) = solve(&shape, items) {
                return (shape, words);
            }
            seed = seed.wrapping_add(1);
        }
        load *= 1.01;
    }
}

/// The array for `items` in `shape`, if its equations peel.
fn solve(shape: &Shape, items: &[Item]) -> Option<Vec<u64>> {
    // Equation `e` is bit `e - first[k]` of item `k`.
    let mut first = Vec::with_capacity(items.len() + 1);
    let mut total = 0u32;
    for item in items {
        assert!(item.len <= MAX_BITS, "a value of {} bits", item.len);
        first.push(total);
        total += item.len;
    }
    first.push(total);
    let bits = shape.words() * 64;
    let windows: Vec<[usize; WAYS]> = items.iter().map(|item| shape.windows(item.key)).collect();
    let owner = |e: u32| first.partition_point(|&f| f <= e) - 1;
    let vertices = |e: u32| {
        let k = owner(e);
        let i = (e - first[k]) as usize;
        windows[k].map(|w| w + i)
    };
    // For each bit of the array: how many unsolved equations use it, and the XOR of their
    // numbers (so a bit used by one equation knows which).
    let mut degree = vec![0u32; bits];
    let mut xor = vec![0u32; bits];
    for (k, w) in windows.iter().enumerate() {
        for i in 0..items[k].len {
            let e = first[k] + i;
            for v in w.map(|w| w + i as usize) {
                degree[v] += 1;
                xor[v] ^= e;
            }
        }
    }
    let mut stack: Vec<usize> = (0..bits).filter(|&v| degree[v] == 1).collect();
    let mut order = Vec::with_capacity(total as usize);
    while let Some(v) = stack.pop() {
        if degree[v] != 1 {
            continue;
        }
        let e = xor[v];
        order.push((e, v));
        for u in vertices(e) {
            degree[u] -= 1;
            xor[u] ^= e;
            if degree[u] == 1 {
                stack.push(u);
            }
        }
    }
    if order.len() != total as usize {
        return None;
    }
    // Last peeled, first set: each equation's free bit makes it hold, and the bits it
    // shares were all set by equations peeled later (or are never set: zero).
    let mut words = vec![0u64; shape.words()];
    for &(e, v) in order.iter().rev() {
        let k = owner(e);
        let i = e - first[k];
        let mut bit = (items[k].bits >> i) & 1;
        for u in vertices(e) {
            if u != v {
                bit ^= (words[u / 64] >> (u % 64)) & 1;
            }
        }
        words[v / 64] |= bit << (v % 64);
    }
    Some(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(n: usize, seed: u64) -> Vec<Item> {
        (0..n as u64)
            .map(|i| {
                let key = mix(i.wrapping_mul(7919) ^ seed);
                let len = (mix(key) % 12) as u32;
                Item {
                    key,
                    bits: mix(key ^ 1) & ((1u64 << len) - 1),
                    len,
                }
            })
            .collect()
    }

    #[test]
    fn every_key_reads_its_value_back() {
        for (n, seed) in [(0, 1), (1, 2), (10, 3), (1000, 4), (60_000, 5)] {
            let items = items(n, seed);
            let (shape, words) = build(&items, seed);
            assert_eq!(words.len(), shape.words());
            for item in &items {
                let mask = (1u64 << item.len) - 1;
                assert_eq!(
                    window(&shape, &words, item.key) & mask,
                    item.bits,
                    "{n} keys"
                );
            }
            let bits: usize = items.iter().map(|i| i.len as usize).sum();
            if bits > 100_000 {
                // Near the layout's load: 1.05 bits of array a bit of value, and the padding.
                assert!(
                    (words.len() * 64) as f64 <= bits as f64 * 1.15,
                    "{}",
                    words.len()
                );
            }
        }
    }

    #[test]
    fn values_of_the_longest_length_fit() {
        let items: Vec<Item> = (0..500u64)
            .map(|i| Item {
                key: mix(i),
                bits: mix(i + 1) & ((1 << MAX_BITS) - 1),
                len: MAX_BITS,
            })
            .collect();
        let (shape, words) = build(&items, 9);
        for item in &items {
            assert_eq!(
                window(&shape, &words, item.key) & ((1 << MAX_BITS) - 1),
                item.bits
            );
        }
    }
}
