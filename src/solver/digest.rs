// The opening book's digest: 64-bit FNV-1a over the file's bytes. Shared by the build
// script, which records the digest of the book the build was made with, and by the solver,
// which checks a book against it before reading it. A check against stale caches, bad
// copies and mismatched builds, not against someone forging a book.

/// 64-bit FNV-1a of `data`.
pub fn fnv1a64(data: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in data {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}
