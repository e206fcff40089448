//! Online play in the controller: opening an online game, and what its connection to the
//! game's server says (opened, a message, lost, the heartbeat, the browser offline), turned
//! into what the page shows and says.

use super::{Controller, Effect};
use crate::engine::{Position, Size};
use crate::online::{GameId, Refusal, Seat, Secret, ToPage, ToServer};
use crate::ui::command::Play;
use crate::ui::effect::{joined, Online};
use crate::ui::event::Event;
use crate::ui::online::{Beat, Connection, Entry, Heard, OnlineGame, Seats};
use crate::ui::played::Played;
use crate::ui::text::fill;

impl Controller {
    /// Opens a game against a friend online, entered by `entry` (a new game of `size`, or
    /// one from an invite link): the page connects to the game's server, unless the person
    /// chooses their colour first (`setup`).
    fn open_online(&mut self, entry: Entry, size: Size, setup: bool, now: f64) -> Vec<Effect> {
        let mut effects = self.leave(now);
        effects.extend(self.cancel());
        self.notice = None;
        self.seats.running = None;
        let mut online = OnlineGame::new(entry, size);
        self.motion.show(online.session().position());
        self.cursor.fit(size);
        if setup {
            online.setup = Some(online.run.seat_asked());
            let said = self.texts.online_setup().to_owned();
            self.enter_online(online);
            return joined(effects, Effect::changed(said));
        }
        self.enter_online(online);
        effects.extend(self.connect_online());
        effects
    }

    fn connect_online(&mut self) -> Vec<Effect> {
        let mut effects = vec![Effect::Online(Online::Connect { after_ms: 0 })];
        effects.extend(self.tell_online());
        effects.extend(Effect::changed(self.texts.online_connecting().to_owned()));
        effects
    }

    /// What the person asks of online play.
    pub(super) fn online_command(&mut self, play: Play, now: f64) -> Vec<Effect> {
        match play {
            Play::Setup => self.setup_online(now),
            Play::Colour(colour) => self.choose_colour(colour),
            Play::Create => self.create_online(None, now),
            Play::React(reaction) => self.react(reaction, now),
            Play::Rematch => self.ask_online(|game| ToServer::Rematch { game }),
            Play::ClaimWin => self.ask_online(|game| ToServer::Claim { game }),
            Play::Hand => self.ask_online(|game| ToServer::Hand { game }),
            // Carried by the page with the name it read (`set_name`).
            Play::NameChanged => Vec::new(),
        }
    }

    /// "A friend online": back to the game left while it went on, or a new game on the
    /// board's size, once the person has chosen their colour.
    pub(super) fn setup_online(&mut self, now: f64) -> Vec<Effect> {
        if !self.seats.offered {
            return Effect::say(self.texts.online_no_server().to_owned());
        }
        if let Some(game) = self.seats.running.take() {
            return self.join_online(game, None, now);
        }
        let size = self.game.position().size();
        let seat = Seat::of(self.shown_choice().1);
        self.open_online(Entry::Create { size, seat }, size, true, now)
    }

    /// The colour chosen for the online game set up (`None`: random).
    pub(super) fn choose_colour(&mut self, colour: Option<Seat>) -> Vec<Effect> {
        match self.online_mut().filter(|o| o.setup.is_some()) {
            Some(online) => {
                online.setup = Some(colour);
                vec![Effect::Changed]
            }
            None => Vec::new(),
        }
    }

    /// Whether the page has a game server for online play, and the seats' secrets it
    /// kept from earlier visits.
    pub fn set_online(&mut self, offered: bool, secrets: Vec<(GameId, Secret)>, name: &str) {
        self.seats = Seats::new(offered, secrets);
        self.seats.name = kept_name(name);
    }

    /// The person's local date (days after 1970-01-01): the day an online game that ends
    /// now ended.
    pub fn set_today(&mut self, day: u32) {
        self.seats.today = day;
    }

    /// The name the person goes by online, if they gave one.
    pub fn online_name(&self) -> Option<&str> {
        self.seats.name.as_deref()
    }

    /// Whether the page has a game server for online play.
    pub fn online_offered(&self) -> bool {
        self.seats.offered
    }

    /// Creates the online game: the one set up, in the colour chosen there, or (from the
    /// host's code) a new one on the board's size in `colour` (`None`: the colour shown in
    /// the main choice). A random colour is drawn from the moment (`now`, in ms).
    pub fn create_online(&mut self, colour: Option<Option<Seat>>, now: f64) -> Vec<Effect> {
        if !self.seats.offered {
            return Effect::say(self.texts.online_no_server().to_owned());
        }
        let draw = |colour: Option<Seat>| {
            colour.unwrap_or([Seat::Red, Seat::Yellow][(now.max(0.0) as u64 % 2) as usize])
        };
        if let Some(online) = self.online_mut().filter(|o| o.setup.is_some()) {
            let seat = draw(colour.unwrap_or(online.setup.flatten()));
            online.run.choose_seat(seat);
            online.setup = None;
            return self.connect_online();
        }
        let size = self.game.position().size();
        let seat = draw(colour.unwrap_or(Some(Seat::of(self.shown_choice().1))));
        self.open_online(Entry::Create { size, seat }, size, false, now)
    }

    /// Opens the online game of an invite link (or the one open before a reload): its seat
    /// again if this browser kept its secret, otherwise the seat another device moved here
    /// (`take`, a link's one-time token), the free seat, or a watcher's place.
    pub fn join_online(&mut self, game: GameId, take: Option<Secret>, now: f64) -> Vec<Effect> {
        if !self.seats.offered {
            let said = self.texts.online_no_server().to_owned();
            return self.notify(said);
        }
        let entry = match (self.seats.secret(&game), take) {
            (Some(secret), _) => Entry::Resume(game, secret),
            (None, Some(token)) => Entry::Take(game, token),
            (None, None) => Entry::Join(game),
        };
        self.open_online(entry, Size::CLASSIC, false, now)
    }

    /// The seat taken in `game` is kept by its secret, for a reload.
    fn keep_seat(&mut self, game: GameId, secret: Secret) -> Vec<Effect> {
        self.seats.keep(game.clone(), secret.clone());
        vec![
            Effect::Online(Online::Keep {
                game: game.to_string(),
                secret: secret.as_str().to_owned(),
            }),
            self.save(),
        ]
    }

    /// The person resigns, asks for a rematch or claims the win, in the online game.
    pub(super) fn ask_online(&mut self, what: fn(GameId) -> ToServer) -> Vec<Effect> {
        match self.online().and_then(|online| online.ask(what)) {
            Some(message) => vec![Effect::Online(Online::Send(message))],
            None => Effect::say(self.texts.online_fair().to_owned()),
        }
    }

    /// The secret the page made (128 random bits) to hold the seat it creates or joins;
    /// the first one given is kept until the seat is taken.
    pub fn online_claim(&mut self, secret: Secret) {
        if let Some(online) = self.online_mut() {
            online.run.claim_with(secret);
        }
    }

    /// The connection to the game's server opened: the page enters its game.
    pub fn online_opened(&mut self, now: f64) -> Vec<Effect> {
        let Some(online) = self.online_mut() else {
            return vec![Effect::Online(Online::Disconnect)];
        };
        // Back after "lost: trying again…": said, so that it is not left hanging.
        let again = online.run.state().is_some() && online.run.connection() != Connection::Open;
        let mut effects = vec![
            Effect::Online(Online::Send(online.run.opened(now))),
            Effect::Changed,
        ];
        if again {
            effects.push(Effect::Announce(self.texts.online_reconnected().to_owned()));
        }
        effects.extend(self.tell_online());
        effects
    }

    /// The connection dropped, or could not be made: it is tried again after a wait spread
    /// by `jitter` (0 to 1).
    pub fn online_closed(&mut self, jitter: f64) -> Vec<Effect> {
        let Some(online) = self.online_mut() else {
            return Vec::new();
        };
        let was_open = online.run.connection() == Connection::Open;
        let was_unreachable = online.run.unreachable();
        let after_ms = online.run.closed(jitter);
        let unreachable = online.run.unreachable() && !was_unreachable;
        let mut effects = vec![
            Effect::Online(Online::Connect { after_ms }),
            Effect::Changed,
        ];
        if was_open {
            let line = self.online().map(|o| o.line(&self.texts));
            effects.extend(line.map(Effect::Announce));
        }
        // Said once, when it becomes so; the page goes on trying.
        if unreachable {
            let said = self.texts.online_unreachable().to_owned();
            effects.push(Effect::Event(Event::Error {
                code: "unreachable",
                message: "no connection to the game's server could be made: it may be down, \
                          not accept this page's origin (its --allow-origin), or be blocked"
                    .into(),
            }));
            effects.push(Effect::Announce(said));
        }
        effects.extend(self.tell_online());
        effects
    }

    /// The heartbeat, each second while the connection is open, at `now`: a ping, or the
    /// connection found lost (a ping unanswered), made again after a wait spread by
    /// `jitter`.
    pub fn online_beat(&mut self, now: f64, jitter: f64) -> Vec<Effect> {
        let Some(online) = self.online_mut() else {
            return Vec::new();
        };
        match online.run.beat(now) {
            Beat::Nothing => Vec::new(),
            Beat::Ping(ping) => vec![Effect::Online(Online::Send(ping))],
            Beat::Lost => self.online_dropped(jitter),
        }
    }

    /// The browser says it is offline (`online: false`) or back online: a connection open
    /// is taken for lost at once, and one waiting to be made again is made now.
    pub fn online_network(&mut self, online: bool, jitter: f64) -> Vec<Effect> {
        let Some(game) = self.online() else {
            return Vec::new();
        };
        match (online, game.run.connection()) {
            (false, Connection::Open) => self.online_dropped(jitter),
            (true, Connection::Connecting { .. }) => {
                vec![Effect::Online(Online::Connect { after_ms: 0 })]
            }
            _ => Vec::new(),
        }
    }

    /// The page drops a connection it found lost, and makes it again after a wait.
    fn online_dropped(&mut self, jitter: f64) -> Vec<Effect> {
        let mut effects = vec![Effect::Online(Online::Disconnect)];
        effects.extend(self.online_closed(jitter));
        effects
    }

    /// A message from the game's server.
    pub fn online_message(&mut self, message: ToPage, now: f64) -> Vec<Effect> {
        let Some(online) = self.online_mut() else {
            return Vec::new();
        };
        let had_state = online.run.state().is_some();
        let shown_game = online.run.state().map(|s| s.game.clone());
        let (heard, send) = online.run.received(message);
        // A game the board shows for the first time (created, joined, a rematch, or found
        // again after a reload): a new game for the host, as a local one is.
        let new_game = online
            .run
            .state()
            .filter(|s| Some(&s.game) != shown_game.as_ref())
            .and_then(|s| s.position())
            .map(|p| {
                Effect::Event(Event::NewGame {
                    board: p.size().into(),
                    moves: p.moves_string(),
                })
            });
        let mut effects = Vec::new();
        for message in send {
            effects.push(Effect::Online(Online::Send(message)));
        }
        for heard in heard {
            effects.extend(self.heard(heard, now));
        }
        // The first word of the game (seated, watching, waiting): said as it shows, once
        // the board shows it (whose move it is).
        let first = match (had_state, self.online()) {
            (false, Some(online)) if online.run.state().is_some() => Some(online.line(&self.texts)),
            _ => None,
        };
        effects.extend(new_game);
        effects.extend(first.map(Effect::Announce));
        effects.extend(self.send_name(false));
        effects.push(Effect::Changed);
        effects.extend(self.tell_online());
        effects
    }

    fn heard(&mut self, heard: Heard, now: f64) -> Vec<Effect> {
        let t = &self.texts;
        // What a player goes by: the name they gave, or their colour.
        let who = |seat: Seat| {
            let colour = t.player_name(seat.player()).to_owned();
            self.online().map_or(colour, |o| o.who(t, seat))
        };
        let with_who = |template: &str, seat: Seat| fill(template, &[("player", &who(seat))]);
        match heard {
            Heard::Seated { game, secret, .. } => self.keep_seat(game, secret),
            // Its link goes to the clipboard, and shows in the panel.
            Heard::Handed => match self.link().shown {
                crate::ui::share::Shown::Join(game, take) => {
                    vec![Effect::CopyInvite(game, take), Effect::Changed]
                }
                _ => Vec::new(),
            },
            Heard::Spent => self.news(t.online_spent().to_owned()),
            Heard::Taken(game) => {
                self.seats.forget(&game);
                let mut effects = vec![Effect::Online(Online::Keep {
                    game: game.to_string(),
                    secret: String::new(),
                })];
                let said = t.online_taken().to_owned();
                if let Some(position) = self.online().and_then(|o| o.run.position()) {
                    effects.extend(self.show_online(position, now));
                }
                joined(effects, self.news(said))
            }
            // Behind its review, the game is kept up to date, out of sight.
            Heard::Moved { column, .. } if self.seats.behind.is_some() => {
                if let Some(behind) = self.seats.behind.as_mut() {
                    let _ = behind.session_mut().try_play(column);
                }
                Vec::new()
            }
            Heard::Shown(position) if self.seats.behind.is_some() => {
                if let Some(behind) = self.seats.behind.as_mut() {
                    behind.session_mut().restart(position, false);
                }
                Vec::new()
            }
            Heard::Moved { column, .. } => {
                if let Some(online) = self.online_mut() {
                    online.run.news = None;
                }
                let played = self.session_mut().map(|s| s.try_play(column));
                let effects = match played {
                    Some(Ok(placed)) => self.placed(placed, now),
                    _ => Vec::new(),
                };
                joined(effects, self.turn_alert())
            }
            Heard::Shown(position) => self.show_online(position, now),
            Heard::Joined(seat) => {
                let said = with_who(t.online_joined(), seat);
                joined(self.news(said), self.turn_alert())
            }
            Heard::Away(seat) => Effect::say(with_who(t.online_away(), seat)),
            Heard::Back(seat) => {
                let said = with_who(t.online_back(), seat);
                self.news(said)
            }
            Heard::Left(seat) => Effect::say(with_who(t.online_left(), seat)),
            Heard::Reacted(seat, reaction) => {
                let emoji = crate::online::REACTIONS[usize::from(reaction) % 6];
                let words = format!("{emoji} {}", t.reaction(reaction));
                let said = fill(
                    t.online_reacted(),
                    &[("player", &who(seat)), ("reaction", &words)],
                );
                self.news(said)
            }
            Heard::Ended(end) => {
                // A resignation or a claim: the board shows no end of its own.
                let line = self.activity.result_line(t).flatten();
                let mut effects = match line {
                    Some(line) if end != crate::online::End::Played => {
                        vec![Effect::Finished(line)]
                    }
                    _ => Vec::new(),
                };
                // The person's online games count in the record, in a row of their own, and
                // are kept in the list of recent ones.
                let online = self.online();
                let finish = online.and_then(|o| Some((o.finish(end)?, o.played()?)));
                if let Some((finish, (position, opponent))) = finish {
                    self.records.count_online(position.size(), finish);
                    self.played.add(Played {
                        position,
                        finish,
                        day: self.seats.today,
                        opponent,
                    });
                    effects.push(self.save());
                }
                effects
            }
            Heard::RematchAsked(seat) => match self.online().and_then(|o| o.seat()) {
                // The person's own request shows as the panel's note.
                Some(mine) if mine == seat => Vec::new(),
                // Shown on the review, where the panel is not.
                _ if self.seats.behind.is_some() => {
                    let said = with_who(t.online_rematch_asked(), seat);
                    self.notify(said)
                }
                _ => Effect::say(with_who(t.online_rematch_asked(), seat)),
            },
            Heard::Rematch { game: next, said } => {
                let seat = self.online().and_then(|o| o.seat());
                let line = match seat {
                    // Colours swap.
                    Some(seat) => t.with_player(t.online_rematch(), seat.other().player()),
                    None => t.online_rematch_watching().to_owned(),
                };
                let said = match said {
                    true => Effect::say(line),
                    false => Vec::new(),
                };
                let kept = self.online().and_then(|o| o.run.secret().cloned());
                match kept {
                    Some(secret) => joined(said, self.keep_seat(next, secret)),
                    None => said,
                }
            }
            // A game that cannot be entered (or played on): the page starts as it would
            // have, with a line that says why.
            Heard::Refused(reason)
                if matches!(reason, Refusal::NoSuchGame | Refusal::Version)
                    || (reason != Refusal::Restarting
                        && self
                            .activity
                            .online()
                            .is_some_and(|o| o.run.state().is_none())) =>
            {
                let said = match reason {
                    Refusal::Version => t.online_reload().to_owned(),
                    Refusal::NoSuchGame => t.online_no_game().to_owned(),
                    Refusal::TooManyGames => t.online_too_many().to_owned(),
                    _ => fill(t.online_turned_away(), &[("why", reason.name())]),
                };
                self.turned_away(reason.name(), said, now)
            }
            Heard::Refused(reason) => {
                Effect::say(fill(t.online_refused(), &[("why", reason.name())]))
            }
            Heard::Restarting => Effect::say(t.online_restarting().to_owned()),
        }
    }

    /// Says `said`, and shows it in the online panel until the next move, if an online
    /// game shows ("Yellow is back", "Link copied").
    pub(super) fn news(&mut self, said: String) -> Vec<Effect> {
        if let Some(online) = self.online_mut() {
            online.run.news = Some(said.clone());
        }
        Effect::say(said)
    }

    /// The name the person goes by online: kept by the browser, and sent for their seat.
    pub fn set_name(&mut self, name: &str) -> Vec<Effect> {
        // Trimmed only: the server cleans it (and its box takes 20 characters at most).
        let name = kept_name(name);
        self.seats.name = name.clone();
        let mut effects = vec![Effect::Online(Online::KeepName(name.unwrap_or_default()))];
        effects.extend(self.send_name(true));
        effects
    }

    /// The person's name for their seat, if the server does not have it yet. A browser
    /// that keeps no name sends none unless the person `cleared` theirs: it takes the
    /// seat's (a seat moved here from another device keeps its name).
    fn send_name(&mut self, cleared: bool) -> Option<Effect> {
        let name = self.seats.name.clone();
        let online = self.online_mut()?;
        let seat = online.seat()?;
        let state = online.run.state()?;
        let shown = &state.names[seat.index()];
        let sent = online.run.name_sent.as_ref();
        if *shown == name || sent == Some(&name) {
            return None;
        }
        if name.is_none() && !cleared {
            let kept = shown.clone()?;
            self.seats.name = Some(kept.clone());
            return Some(Effect::Online(Online::KeepName(kept)));
        }
        let game = state.game.clone();
        online.run.name_sent = Some(name.clone());
        let name = name.unwrap_or_default();
        Some(Effect::Online(Online::Send(ToServer::Name { game, name })))
    }

    /// The person sends a reaction: at most one every 2 s, once the friend has come.
    pub(super) fn react(&mut self, reaction: u8, now: f64) -> Vec<Effect> {
        let Some(online) = self.online_mut() else {
            return Vec::new();
        };
        let every = crate::online::REACT_EVERY_MS;
        let now = now.max(0.0) as u64;
        if online
            .run
            .reacted_at
            .is_some_and(|at| now.saturating_sub(at) < every)
        {
            return Vec::new();
        }
        let message = online.ask(|game| ToServer::React { game, reaction: 0 });
        let Some(ToServer::React { game, .. }) = message else {
            return Vec::new();
        };
        online.run.reacted_at = Some(now);
        vec![Effect::Online(Online::Send(ToServer::React {
            game,
            reaction,
        }))]
    }

    /// The person's turn has come, if it has: the page alerts them if it is hidden.
    fn turn_alert(&self) -> Vec<Effect> {
        let mine = self.online().filter(|o| o.run.my_turn());
        let alert = mine.map(|_| Effect::TurnAlert {
            title: self.texts.your_turn_title().to_owned(),
            sound: self.settings.sound,
        });
        crate::ui::effect::maybe(alert)
    }

    /// The online game as the server says it, shown afresh.
    fn show_online(&mut self, position: Position, now: f64) -> Vec<Effect> {
        let mut effects = self.cancel();
        if let Some(session) = self.session_mut() {
            session.restart(position, false);
        }
        self.motion.show(&position);
        self.cursor.fit(position.size());
        if position.is_over() {
            self.motion.end(&position, now);
        }
        effects.push(Effect::Changed);
        effects
    }
}

/// A name as the page keeps it: trimmed, or none if nothing is left.
fn kept_name(name: &str) -> Option<String> {
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_owned())
}
