//! Records the digest of the opening book this build is made with (`src/solver/book.bin`),
//! so that the solver can refuse any other book file: a stale cache, a bad copy on a CDN, a
//! book from another build.

include!("src/solver/digest.rs");

fn main() {
    const BOOK: &str = "src/solver/book.bin";
    println!("cargo:rerun-if-changed={BOOK}");
    println!("cargo:rerun-if-changed=src/solver/digest.rs");
    let book = std::fs::read(BOOK).expect("src/solver/book.bin is part of the source");
    let out = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("book_digest.rs");
    std::fs::write(&out, format!("{:#018x}", fnv1a64(&book))).expect("OUT_DIR is writable");
}
