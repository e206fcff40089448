//! The exact scores of the first positions of some boards off 7 x 6, computed once
//! (`src/bin/make-openings.rs`) and built in: every position with at most two moves played
//! (four on 4 x 9 and 5 x 8). Those are the slowest for the perfect level to answer (the
//! empty board, and one move in: a game's later moves take milliseconds), so with them it
//! answers within a second there, and `perfect` can be offered on those sizes
//! ([`super::levels::PERFECT_SIZES`]). 7 x 6 has its opening book instead.

use super::bits::{Bits, Sized, Word};

mod table {
    include!("openings_table.rs");
}

/// One size's scores: every position with at most `plies` moves played, by its key (as the
/// search keys it: the side to move's stones plus one bit above each column, in order) with
/// its exact score for the side to move.
pub(super) struct Opening {
    pub columns: u8,
    pub rows: u8,
    pub plies: u8,
    pub scores: &'static [(u64, i8)],
}

/// The most moves a kept position has, on any size: a probe of a later position returns at
/// once.
const MOST_PLIES: u32 = {
    let mut most = 0;
    let mut i = 0;
    while i < table::TABLE.len() {
        if table::TABLE[i].plies > most {
            most = table::TABLE[i].plies;
        }
        i += 1;
    }
    most as u32
};

/// The exact score of `b`, if it is one of the positions kept for its size.
#[inline(always)]
pub(super) fn probe<W: Word>(b: &Bits<Sized<W>>) -> Option<i32> {
    if b.moves > MOST_PLIES {
        return None;
    }
    let size = super::bits::Geometry::size(b.geo);
    let opening = table::TABLE
        .iter()
        .find(|o| usize::from(o.columns) == size.width() && usize::from(o.rows) == size.height())?;
    if b.moves > u32::from(opening.plies) {
        return None;
    }
    let key = b.key();
    let i = opening
        .scores
        .binary_search_by(|&(k, _)| W::from_u128(u128::from(k)).cmp(&key))
        .ok()?;
    Some(i32::from(opening.scores[i].1))
}

/// The sizes that have their first positions here, and how many moves deep.
#[cfg(test)]
pub(super) fn sizes() -> impl Iterator<Item = (u8, u8, u8)> {
    table::TABLE.iter().map(|o| (o.columns, o.rows, o.plies))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Position, Size};
    use crate::solver::search::Search;

    /// Every kept size holds every position with at most its number of moves, and the
    /// scores agree with the search's (worked out here for the cheapest size's first two
    /// plies).
    #[test]
    fn the_kept_scores_are_the_searchs() {
        for (w, h, plies) in sizes() {
            let size = Size::new(w.into(), h.into()).unwrap();
            assert!(u32::from(plies) <= MOST_PLIES);
            let geo = Sized::wide(size);
            let mut count = 0;
            let mut level = vec![Position::empty(size)];
            for _ in 0..=plies {
                let mut next = Vec::new();
                for p in &level {
                    assert!(
                        probe(&Bits::of(geo, p)).is_some(),
                        "{size} {}",
                        p.moves_string()
                    );
                    count += 1;
                    for c in p.legal_columns() {
                        let mut child = *p;
                        child.play_unchecked(c);
                        next.push(child);
                    }
                }
                level = next;
            }
            assert!(count > 0);
            // A position with one move more is not kept.
            let past = "1".repeat(usize::from(plies) + 1);
            let p = Position::from_moves_on(size, &past).unwrap();
            assert_eq!(probe(&Bits::of(geo, &p)), None);
        }
        // Each is kept for the perfect level, which is offered there.
        for (w, h, _) in sizes() {
            assert!(
                super::super::levels::PERFECT_SIZES.contains(&(w, h)),
                "{w}x{h}"
            );
        }
        let cheapest = sizes()
            .map(|(w, h, _)| Size::new(w.into(), h.into()).unwrap())
            .min_by_key(|s| s.cells());
        if let Some(size) = cheapest {
            let geo = Sized::wide(size);
            let mut search = Search::try_new(geo, 64).unwrap();
            search.set_known(false);
            let mut positions = vec![Position::empty(size)];
            for c in 0..size.width() {
                positions.push(Position::from_moves_on(size, &(c + 1).to_string()).unwrap());
            }
            for p in positions {
                let kept = probe(&Bits::of(geo, &p));
                // The search without the kept scores, from scratch.
                let searched = search.score(&p).unwrap();
                assert_eq!(kept, Some(searched), "{size} {}", p.moves_string());
            }
        }
    }
}
