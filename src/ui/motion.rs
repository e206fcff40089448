//! Motion: one clock for what moves on the board. A piece falls (with its bounce), the end of a
//! game fades the other checkers and celebrates the winning line, and nothing else moves: an
//! idle board asks for no frames. The curves themselves are in [`super::anim`].

use super::anim;
use super::layout::DROP_ROW;
use crate::engine::{Cell, Placed, Position};

/// A piece on its way down.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fall {
    pub placed: Placed,
    pub start: f64,
    /// Cells from the headroom to its resting cell.
    pub distance: f64,
    pub duration: f64,
}

/// What [`Motion::land`] found at a moment.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Landing {
    /// No piece is falling.
    Still,
    /// A piece is still on its way.
    Falling,
    /// This piece has just landed.
    Landed(Fall),
}

/// What moves on the board, and when it started.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Motion {
    /// The pieces on their way, in the order they were played: the first falls, each of the
    /// others starts as the one before it lands. A move made while a piece falls counts at
    /// once; only its piece waits.
    falls: Vec<Fall>,
    /// When the end display (fade, rings, celebration) started; `-inf` shows it at once.
    finished_at: Option<f64>,
    /// The winning line, worked out once when the end shows (drawn every frame).
    win_line: Vec<Cell>,
    /// The end shown is a win (it celebrates; a draw does not).
    won: bool,
    reduced: bool,
}

impl Motion {
    /// The board at rest on `position`: its end shown at once if it is over.
    pub fn at_rest(position: &Position, reduced_motion: bool) -> Motion {
        let mut motion = Motion {
            reduced: reduced_motion,
            ..Motion::default()
        };
        motion.show(position);
        motion
    }

    /// Whether motion is reduced: falls land at once, and the end neither fades nor pulses.
    pub fn set_reduced(&mut self, reduced: bool) {
        self.reduced = reduced;
    }

    pub fn reduced(&self) -> bool {
        self.reduced
    }

    /// Stops everything: no fall, no end shown.
    pub fn stop(&mut self) {
        self.falls.clear();
        self.hide_end();
    }

    /// No end shown: no fade, no rings, no celebration.
    fn hide_end(&mut self) {
        self.finished_at = None;
        self.win_line.clear();
        self.won = false;
    }

    /// Shows `position` at rest, its end (if it is over) at once, without the fade.
    pub fn show(&mut self, position: &Position) {
        self.stop();
        if position.is_over() {
            self.end(position, f64::NEG_INFINITY);
        }
    }

    /// `placed` starts falling at `now`, or as the piece falling before it lands, and no
    /// end shows; true if it lands at once (reduced motion, nothing falling before it), and
    /// the caller should [`Motion::land`] it now.
    pub fn drop(&mut self, placed: Placed, now: f64) -> bool {
        let distance = f64::from(placed.row) - DROP_ROW;
        let duration = if self.reduced {
            0.0
        } else {
            anim::fall_duration(distance)
        };
        self.hide_end();
        let start = self
            .falls
            .last()
            .map_or(now, |before| (before.start + before.duration).max(now));
        self.falls.push(Fall {
            placed,
            start,
            distance,
            duration,
        });
        duration == 0.0 && self.falls.len() == 1
    }

    /// Lands the first falling piece if its time is up at `now`. The next one, if any, is
    /// then on its way: [`Landing::Landed`] comes once for each piece.
    pub fn land(&mut self, now: f64) -> Landing {
        match self.falls.first() {
            None => Landing::Still,
            Some(fall) if now < fall.start + fall.duration => Landing::Falling,
            Some(_) => Landing::Landed(self.falls.remove(0)),
        }
    }

    /// The end of `position` shows from `now`: the fade and the celebration start.
    pub fn end(&mut self, position: &Position, now: f64) {
        self.finished_at = Some(now);
        self.win_line = position.win_line();
        self.won = position.winner().is_some();
    }

    /// The piece falling first, if any.
    pub fn fall(&self) -> Option<Fall> {
        self.falls.first().copied()
    }

    /// Whether the piece in `cell` is still on its way (falling, or waiting to fall): it is
    /// not drawn in its resting place yet.
    pub fn on_its_way(&self, cell: Cell) -> bool {
        self.falls
            .iter()
            .any(|f| f.placed.column == cell.column && f.placed.row == cell.row)
    }

    /// Whether frames must keep coming: a piece is falling or the fade is running.
    pub fn is_animating(&self, now: f64) -> bool {
        !self.falls.is_empty()
            || self.finished_at.is_some_and(|t| {
                now - t < anim::fade_duration(self.reduced) || self.celebration(now) > 0.0
            })
    }

    /// How strongly the winning four pulses at `now` (0: not at all): a short celebration
    /// once a game is won, none under reduced motion.
    pub fn celebration(&self, now: f64) -> f64 {
        match self.finished_at {
            Some(t) if self.won && !self.reduced => anim::celebration(now - t),
            _ => 0.0,
        }
    }

    /// How far the checkers outside the win line have faded (0: not at all).
    pub fn others_fade(&self, now: f64) -> f64 {
        match self.finished_at {
            Some(t) if self.won => anim::fade_amount(now - t, anim::fade_duration(self.reduced)),
            _ => 0.0,
        }
    }

    /// The winning line while the end of a won game is shown; empty otherwise.
    pub fn win_line(&self) -> &[Cell] {
        &self.win_line
    }

    /// Whether the end-of-game display (fade, markers) is on.
    pub fn finished(&self) -> bool {
        self.finished_at.is_some()
    }

    /// Where the falling piece is: its cell and its height above it, in cells. The pieces
    /// waiting behind it are not shown yet.
    pub fn falling(&self, now: f64) -> Option<(Placed, f64)> {
        self.falls.first().map(|f| {
            (
                f.placed,
                anim::fall_offset(f.distance, (now - f.start).max(0.0)),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fall_lands_once_its_time_is_up_and_the_end_then_fades() {
        let mut p = Position::from_moves("1212121").unwrap();
        p.undo();
        let placed = p.play_unchecked(0);
        let mut m = Motion::at_rest(&Position::new(), false);
        assert!(!m.is_animating(0.0), "an idle board asks for no frames");
        assert!(!m.drop(placed, 100.0));
        assert_eq!(m.land(100.0), Landing::Falling);
        assert!(m.is_animating(100.0));
        let Landing::Landed(fall) = m.land(100.0 + 10_000.0) else {
            panic!("landed")
        };
        assert_eq!(fall.placed, placed);
        assert_eq!(m.land(20_000.0), Landing::Still);
        m.end(&p, 20_000.0);
        assert_eq!(m.win_line().len(), 4);
        assert!(m.is_animating(20_000.0) && m.celebration(20_100.0) > 0.0);
        assert_eq!(m.others_fade(20_000.0 + 60_000.0), anim::FADED);
        assert!(!m.is_animating(20_000.0 + 60_000.0));
    }

    #[test]
    fn reduced_motion_lands_at_once_and_does_not_pulse() {
        let p = Position::from_moves("1212121").unwrap();
        let mut m = Motion::at_rest(&Position::new(), true);
        assert!(m.drop(p.last_move().unwrap(), 0.0));
        assert!(matches!(m.land(0.0), Landing::Landed(_)));
        m.end(&p, 0.0);
        assert_eq!(m.celebration(10.0), 0.0);
        // A finished game shown at rest: its end at once, nothing to animate.
        let rest = Motion::at_rest(&p, false);
        assert!(rest.finished() && rest.others_fade(0.0) == anim::FADED && !rest.is_animating(0.0));
    }
}
