//! What the canvas shows at a moment: every checker with its height and opacity, the rings
//! on the winning line, the last move's mark, the hint's landing cell, the review's verdict
//! on the move shown and where better moves would have landed, and the ghost in the
//! headroom above the board. The web layer paints it as it is.

use super::controller::Controller;
use super::layout::DROP_ROW;
use super::review::Rating;
use crate::engine::{Cell, Player, Position};

/// The ghost's opacity: the piece a person is about to drop.
pub const GHOST_ALPHA: f64 = 0.55;

/// A checker. `row` 0 is the top row of the board, [`DROP_ROW`] the headroom above it; a falling
/// piece is between rows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Piece {
    pub column: usize,
    pub row: f64,
    pub player: Player,
    pub alpha: f64,
    /// How far it has faded toward the palette's dim colour (0: its full colour).
    pub fade: f64,
}

/// What hovers in the headroom above the pointer's or the keyboard's column.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Ghost {
    /// The piece that would be dropped.
    Piece(Piece),
    /// The column is full: a crossed-out outline.
    Unavailable { column: usize },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    /// Resting checkers, then the falling one; all behind the board's face.
    pub pieces: Vec<Piece>,
    /// Checkers of the winning line, marked by a ring that does not rely on colour.
    pub rings: Vec<Cell>,
    /// How strongly the winning line glows in the celebration (0: not at all).
    pub pulse: f64,
    /// Where the hinted move would land.
    pub hint: Option<Cell>,
    pub ghost: Option<Ghost>,
    /// The last move's checker, once it has landed (unless the winning line marks it):
    /// marked with a dot, not by colour alone.
    pub last: Option<Cell>,
    /// In a review, the move shown when it is rated below good: its checker and rating.
    pub verdict: Option<(Cell, Rating)>,
    /// In a review, where the better columns' pieces would have landed, for that move.
    pub better: Vec<Cell>,
}

/// Where a piece dropped in `column` of `p` would land, if it is not full.
fn landing(p: &Position, column: usize) -> Option<Cell> {
    let free = p.rows() - p.height(column);
    (free > 0).then(|| Cell {
        column: column as u8,
        row: (free - 1) as u8,
    })
}

impl Scene {
    /// The scene at time `now` (ms, the clock the controller's timeline uses).
    pub fn at(c: &Controller, now: f64) -> Scene {
        let p = c.position();
        let falling = c.motion().falling(now);
        let win = c.motion().win_line();
        let others = c.motion().others_fade(now);
        let mut pieces = Vec::new();
        for row in 0..p.rows() {
            for column in 0..p.width() {
                let Some(player) = p.cell(column, row) else {
                    continue;
                };
                let cell = Cell {
                    column: column as u8,
                    row: row as u8,
                };
                if c.motion().on_its_way(cell) {
                    continue;
                }
                let fade = if win.is_empty() || win.contains(&cell) {
                    0.0
                } else {
                    others
                };
                pieces.push(Piece {
                    column,
                    row: row as f64,
                    player,
                    alpha: 1.0,
                    fade,
                });
            }
        }
        if let Some((placed, offset)) = falling {
            pieces.push(Piece {
                column: usize::from(placed.column),
                row: f64::from(placed.row) - offset,
                player: placed.player,
                alpha: 1.0,
                fade: 0.0,
            });
        }
        let hint = c.hint().and_then(|column| landing(p, column));
        let landed = p
            .last_move()
            .filter(|_| falling.is_none())
            .map(|placed| Cell {
                column: placed.column,
                row: placed.row,
            });
        let last = landed.filter(|cell| !win.contains(cell));
        // The review's move shown is the position's last: the better columns' pieces land
        // where they would have before it (its own column is not among them).
        let (mut verdict, mut better) = (None, Vec::new());
        if let (Some(rated), Some(cell)) = (c.activity().rated_move(), landed) {
            if rated.rating > Rating::Good {
                verdict = Some((cell, rated.rating));
                for &col in &rated.kept {
                    better.extend(landing(p, col));
                }
            }
        }
        let pointed = c
            .cursor()
            .hover()
            .or_else(|| c.cursor().focused().then(|| c.cursor().selected()));
        let ghost = pointed
            .filter(|_| c.human_to_move() && falling.is_none())
            .map(|column| {
                if p.can_play(column) {
                    Ghost::Piece(Piece {
                        column,
                        row: DROP_ROW,
                        player: p.current_player(),
                        alpha: GHOST_ALPHA,
                        fade: 0.0,
                    })
                } else {
                    Ghost::Unavailable { column }
                }
            });
        Scene {
            pieces,
            rings: win.to_vec(),
            pulse: c.motion().celebration(now),
            hint,
            ghost,
            last,
            verdict,
            better,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Position;
    use crate::ui::anim::FADED;
    use crate::ui::protocol::Reply;
    use crate::ui::{Command, Settings};

    fn piece(column: usize, row: f64, player: Player, alpha: f64) -> Piece {
        Piece {
            column,
            row,
            player,
            alpha,
            fade: 0.0,
        }
    }

    #[test]
    fn a_falling_piece_comes_down_from_the_headroom() {
        let mut c = Controller::new(Settings::default());
        c.command(Command::Drop(3), 0.0);
        let start = Scene::at(&c, 0.0);
        assert_eq!(start.pieces.len(), 1);
        let first = start.pieces[0];
        assert!((first.row - DROP_ROW).abs() < 1e-9, "{first:?}");
        let mid = Scene::at(&c, 150.0).pieces[0];
        assert!(mid.row > DROP_ROW && mid.row < 5.0, "{mid:?}");
        c.tick(10_000.0);
        let rest = Scene::at(&c, 10_000.0);
        assert_eq!(rest.pieces, [piece(3, 5.0, Player::First, 1.0)]);
        assert_eq!(rest.ghost, None, "no ghost without a pointer or focus");
    }

    #[test]
    fn at_the_end_the_others_fade_and_the_line_is_ringed() {
        let won = Position::from_moves("1212121").unwrap();
        let c = Controller::with_position(Settings::default(), won);
        let s = Scene::at(&c, 0.0);
        assert_eq!(s.rings, won.win_line());
        assert_eq!(s.pieces.len(), 7);
        for p in &s.pieces {
            let cell = Cell {
                column: p.column as u8,
                row: p.row as u8,
            };
            let expected = if s.rings.contains(&cell) { 0.0 } else { FADED };
            assert_eq!(p.fade, expected, "{p:?}");
            assert_eq!(p.alpha, 1.0, "{p:?}");
        }
        assert_eq!(s.ghost, None, "no ghost once the game is over");
    }

    #[test]
    fn the_ghost_follows_the_pointer_then_the_keyboard() {
        let mut c =
            Controller::with_position(Settings::default(), Position::from_moves("111111").unwrap());
        c.command(Command::FocusBoard(true), 0.0);
        c.command(Command::Select(4), 0.0);
        assert_eq!(
            Scene::at(&c, 0.0).ghost,
            Some(Ghost::Piece(piece(4, DROP_ROW, Player::First, GHOST_ALPHA)))
        );
        // The pointer wins over the keyboard; a full column shows as unavailable.
        c.command(Command::Hover(Some(0)), 0.0);
        assert_eq!(
            Scene::at(&c, 0.0).ghost,
            Some(Ghost::Unavailable { column: 0 })
        );
        c.command(Command::Hover(None), 0.0);
        c.command(Command::FocusBoard(false), 0.0);
        assert_eq!(Scene::at(&c, 0.0).ghost, None);
        // Not while a piece falls.
        c.command(Command::Hover(Some(2)), 0.0);
        c.command(Command::Drop(2), 0.0);
        assert_eq!(Scene::at(&c, 1.0).ghost, None);
        c.tick(10_000.0);
        assert!(Scene::at(&c, 10_000.0).ghost.is_some());
    }

    #[test]
    fn the_last_move_is_marked_once_it_has_landed_unless_the_line_rings_it() {
        let mut c = Controller::new(Settings::default());
        assert_eq!(Scene::at(&c, 0.0).last, None, "no move yet");
        c.command(Command::Drop(3), 0.0);
        assert_eq!(Scene::at(&c, 1.0).last, None, "still falling");
        c.tick(10_000.0);
        let cell = Cell { column: 3, row: 5 };
        assert_eq!(Scene::at(&c, 10_000.0).last, Some(cell));
        let won = Position::from_moves("1212121").unwrap();
        let c = Controller::with_position(Settings::default(), won);
        assert_eq!(
            Scene::at(&c, 0.0).last,
            None,
            "the winning line's rings mark it"
        );
        // Without a review, no verdict.
        assert_eq!(
            (Scene::at(&c, 0.0).verdict, Scene::at(&c, 0.0).better),
            (None, vec![])
        );
    }

    #[test]
    fn the_hint_marks_its_landing_cell() {
        let mut c =
            Controller::with_position(Settings::default(), Position::from_moves("44").unwrap());
        c.command(Command::Hint, 0.0);
        let id = c.jobs().job().id().expect("a hint job");
        c.reply(
            Reply::Hint {
                id,
                score: Some(1),
                columns: vec![3],
            },
            0.0,
        );
        assert_eq!(Scene::at(&c, 0.0).hint, Some(Cell { column: 3, row: 3 }));
    }
}
