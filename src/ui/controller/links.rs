//! Share links: the link of what is shown, and opening one, or saying in a player's words
//! why it could not be opened and what shows instead.

use super::{Controller, Effect};
use crate::ui::share::{self, Link, LinkError};
use crate::ui::text::fill;
use crate::ui::PuzzleChoice;

impl Controller {
    /// The share link of what is shown.
    pub fn link(&self) -> Link {
        self.activity
            .link(self.game.position(), self.settings.players)
    }

    /// The share link of what is shown, to the clipboard: an online game's is its invite
    /// link (or the link that moves the person's seat, once made), the host page's to make.
    pub(super) fn copy_link(&self) -> Effect {
        match self.link() {
            Link {
                shown: share::Shown::Join(game, take),
                ..
            } => Effect::CopyInvite(game, take),
            link => Effect::CopyLink(link.encode()),
        }
    }

    /// The person's recent online games.
    pub fn played(&self) -> &crate::ui::played::Recent {
        &self.played
    }

    /// Opens what a share link shows, or says why the fragment was refused, and that the
    /// game on the board (saved, or going on) stays, or that a new one starts.
    pub fn open_link(&mut self, link: Result<Link, LinkError>, now: f64) -> Vec<Effect> {
        let link = match link {
            Ok(link) => link,
            Err(e) => {
                let kept = self.game.position().move_count() > 0;
                let mut effects = self.notify(e.problem.refused_text(kept, &self.texts));
                effects.push(Effect::Warn(format!("the link was refused: {}", e.detail)));
                return effects;
            }
        };
        match link.shown {
            share::Shown::Puzzle(id) => return self.open_puzzle(PuzzleChoice::Id(id), now),
            share::Shown::Join(game, take) => return self.join_online(game, take, now),
            share::Shown::Play | share::Shown::Review(_) => {}
        }
        let mut effects = self.leave(now);
        effects.extend(self.set(|s| s.players = link.players, now));
        effects.extend(self.new_game(link.position, now));
        if let share::Shown::Review(at) = link.shown {
            effects.extend(self.open_review(Some(at), now));
        } else {
            let moves = link.position.move_count().to_string();
            let now_said = self
                .result_line()
                .unwrap_or_else(|| format!("{}.", self.texts.turn_text(self.position())));
            let said = fill(self.texts.link_opened(), &[("n", &moves)]);
            effects.push(Effect::Announce(format!("{said} {now_said}")));
        }
        effects
    }
}
