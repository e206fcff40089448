//! An online game on the board: the run and the session the board plays, and what the
//! page shows of it (the turn line, the panel, the result, what the host is told).

use super::{Connection, Entry, OnlineRun};
use crate::engine::{Player, Position, Size, Status};
use crate::online::{End, GameId, GameState, Presence, Role, Seat, ToServer, CLAIM_AFTER_MS};
use crate::ui::effect::{Effect, Online};
use crate::ui::event::OnlineStatus;
use crate::ui::session::Session;
use crate::ui::settings::PlayerKind;
use crate::ui::stats::Finish;
use crate::ui::text::{fill, Texts};

/// "Yellow to move: you play Red."
fn their_turn(t: &Texts, to_move: &str, you: Seat) -> String {
    fill(
        t.online_their_turn(),
        &[("player", to_move), ("you", t.player_name(you.player()))],
    )
}

/// An online game on the board: the run, and the game as a session the board plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnlineGame {
    pub run: OnlineRun,
    /// The person chooses their colour before the game is created (`Some`): the colour
    /// chosen, or random (`None`). Nothing connects meanwhile.
    pub setup: Option<Option<Seat>>,
    session: Session,
}

/// The online panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnlineView {
    /// The game an invite link asks the friend to (`#join=…`), once it has an id and a free
    /// seat; or the link that moves the person's seat to another device, once made.
    pub invite: Option<GameId>,
    /// The one-time token of the link that moves the person's seat (`#join=…&take=…`): the
    /// link's box shows it, in the invite's place.
    pub take: Option<crate::online::Secret>,
    /// The person may move their seat to another device.
    pub can_hand: bool,
    /// What the share sheet sends with the link: "Play Connect Four with me on 8 × 7".
    pub invite_text: String,
    /// What is going on: connecting, waiting for the friend, whose turn, away, the end.
    pub line: String,
    /// What may come: the win can be claimed if the other player stays away, or they ask
    /// for a rematch.
    pub note: Option<String>,
    /// The colour chooser, before the game is created: the colour chosen (`None`: random).
    pub setup: Option<Option<Seat>>,
    /// The name the person goes by (their box shows it), while they hold a seat or choose
    /// their colour.
    pub name: Option<String>,
    /// The reactions may be sent: the person holds a seat and the friend has come.
    pub can_react: bool,
    /// The person has a seat to name (or chooses their colour): their name's box shows.
    pub can_name: bool,
    /// The score of the series of rematches, once a game of it is won: "You 3 – 1 Yellow".
    pub score: Option<String>,
    /// The game is over: it can be reviewed.
    pub over: bool,
    pub can_resign: bool,
    pub can_rematch: bool,
    pub can_claim: bool,
}

impl OnlineGame {
    pub fn new(entry: Entry, size: Size) -> OnlineGame {
        OnlineGame {
            run: OnlineRun::new(entry),
            setup: None,
            session: Session::new(Position::empty(size), [PlayerKind::Human; 2]),
        }
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// What `seat`'s player goes by: the name they gave, or their colour.
    pub fn who(&self, t: &Texts, seat: Seat) -> String {
        let named = self.run.state().and_then(|s| s.names[seat.index()].clone());
        named.unwrap_or_else(|| t.player_name(seat.player()).to_owned())
    }

    /// `template` with `{player}` for what `seat`'s player goes by.
    pub fn with_who(&self, t: &Texts, template: &str, seat: Seat) -> String {
        fill(template, &[("player", &self.who(t, seat))])
    }

    /// The person's colour, once seated.
    pub fn seat(&self) -> Option<Seat> {
        self.run.seat()
    }

    /// How the game that ended with `end` went for the person, if they held a seat.
    pub fn finish(&self, end: End) -> Option<Finish> {
        let seat = self.seat()?;
        Some(match end {
            End::Played => match self.session.position().status() {
                Status::Win(winner) if winner == seat.player() => Finish::Won,
                Status::Win(_) => Finish::Lost,
                Status::Draw => Finish::Drawn,
                Status::InProgress => return None,
            },
            End::Resigned { seat: resigned } if resigned == seat => Finish::Lost,
            End::Resigned { .. } => Finish::Won,
            End::Claimed { seat: claimed } if claimed == seat => Finish::Won,
            End::Claimed { .. } => Finish::Lost,
        })
    }

    /// The game as it ended, for the list of recent ones: its position and the name the
    /// friend went by; `None` for a watcher.
    pub fn played(&self) -> Option<(Position, Option<String>)> {
        let other = self.seat()?.other();
        let named = self
            .run
            .state()
            .and_then(|s| s.names[other.index()].clone());
        Some((*self.session.position(), named))
    }

    /// What the host is told in `c4-online`.
    pub fn status(&self) -> OnlineStatus {
        let run = &self.run;
        OnlineStatus {
            game: run.game().map(GameId::to_string),
            seat: run.role().map(|role| match role {
                Role::Red => "red",
                Role::Yellow => "yellow",
                Role::Watcher => "watcher",
            }),
            connection: match run.connection() {
                Connection::Open => "open",
                Connection::Connecting { .. } if run.state().is_some() => "reconnecting",
                _ if run.unreachable() => "unreachable",
                Connection::Connecting { .. } => "connecting",
            },
            reason: None,
            names: run.state().map(|s| s.names.clone()).unwrap_or_default(),
            opponent: run.seat().zip(run.state()).map(|(seat, state)| {
                match state.seats[seat.other().index()] {
                    Presence::Empty => "empty",
                    Presence::Here => "here",
                    Presence::Away { .. } => "away",
                    Presence::Left => "left",
                }
            }),
        }
    }

    /// The result in its own words: the colour that won (there is no computer here), or
    /// who resigned or claimed the win.
    pub fn result_line(&self, t: &Texts) -> Option<String> {
        let end = self.run.state()?.end?;
        let name = |seat: Seat| t.player_name(seat.player()).to_owned();
        // To a player, in their own words: "You won!"
        if let Some(me) = self.seat() {
            let status = self.session.position().status();
            return Some(match end {
                End::Played if status == Status::Win(me.player()) => t.online_you_won().into(),
                End::Played if status == Status::Draw => {
                    t.outcome_line(status, [PlayerKind::Human; 2])?
                }
                End::Played => t.online_you_lost().into(),
                End::Resigned { seat } if seat == me => {
                    self.with_who(t, t.online_you_resigned(), me.other())
                }
                End::Resigned { .. } => self.with_who(t, t.online_they_resigned(), me.other()),
                End::Claimed { seat } if seat == me => {
                    self.with_who(t, t.online_you_claimed(), me.other())
                }
                End::Claimed { .. } => self.with_who(t, t.online_they_claimed(), me.other()),
            });
        }
        match end {
            End::Played => t.outcome_line(self.session.position().status(), [PlayerKind::Human; 2]),
            End::Resigned { seat } => Some(fill(
                t.online_resigned(),
                &[("player", &name(seat)), ("winner", &name(seat.other()))],
            )),
            End::Claimed { seat } => Some(t.with_player(t.online_claimed(), seat.player())),
        }
    }

    /// The online panel's part of the mirror.
    pub fn view(&self, t: &Texts) -> OnlineView {
        let run = &self.run;
        let state = run.state();
        let seat = run.seat();
        let over = state.is_some_and(|s| s.end.is_some());
        let other_away = |at_least: u64| {
            let (Some(state), Some(seat)) = (state, seat) else {
                return false;
            };
            matches!(state.seats[seat.other().index()], Presence::Away { ms } if ms >= at_least)
        };
        let position = self.session.position();
        let their_turn = seat.is_some_and(|s| position.current_player() != s.player());
        let line = self.line(t);
        let other = seat.map(Seat::other);
        let note = match (state, other) {
            // The colours swapped: shown until the first move.
            (Some(state), Some(other)) if run.rematched() && state.moves.is_empty() && !over => {
                Some(t.with_player(t.online_rematch(), other.other().player()))
            }
            (Some(state), Some(other)) if state.seats[other.index()] == Presence::Left => {
                Some(self.with_who(t, t.online_left(), other))
            }
            (Some(state), Some(other)) if over => {
                let (theirs, mine) = (
                    state.rematch[other.index()],
                    state.rematch[other.other().index()],
                );
                match (theirs, mine) {
                    (true, false) => Some(self.with_who(t, t.online_rematch_asked(), other)),
                    (false, true) => Some(self.with_who(t, t.online_rematch_waiting(), other)),
                    _ => None,
                }
            }
            (Some(state), Some(other)) if state.seats[other.index()] == Presence::Empty => {
                Some(t.online_invite_help().to_owned())
            }
            (Some(state), Some(other)) => {
                let away = matches!(state.seats[other.index()], Presence::Away { .. });
                (away && !other_away(CLAIM_AFTER_MS))
                    .then(|| self.with_who(t, t.online_claim_soon(), other))
            }
            _ => None,
        };
        let score = state
            .zip(seat)
            .filter(|(s, _)| s.wins != [0, 0])
            .map(|(s, me)| {
                let (mine, theirs) = (s.wins[me.index()], s.wins[me.other().index()]);
                fill(
                    t.online_score(),
                    &[
                        ("mine", &mine.to_string()),
                        ("theirs", &theirs.to_string()),
                        ("player", &self.who(t, me.other())),
                    ],
                )
            });
        OnlineView {
            setup: self.setup,
            name: None,
            can_name: seat.is_some() || self.setup.is_some(),
            can_react: seat.is_some() && state.is_some_and(|s| !s.seats.contains(&Presence::Empty)),
            score,
            invite_text: match run.handed {
                Some(_) => t.online_hand().to_owned(),
                None => t.with_size(t.invite_text(), position.size()),
            },
            note: note.or_else(|| run.news.clone()),
            invite: state
                .filter(|s| s.seats.contains(&Presence::Empty) || run.handed.is_some())
                .map(|s| s.game.clone()),
            take: run.handed.clone(),
            // Once the friend has come: before, the box holds the invite link.
            can_hand: seat.is_some()
                && state.is_some_and(|s| s.next.is_none() && !s.seats.contains(&Presence::Empty)),
            line,
            over,
            // Once the friend has come: before, Back leaves the game to wait for them.
            can_resign: seat.is_some()
                && !over
                && state.is_some_and(|s| !s.seats.contains(&Presence::Empty)),
            can_rematch: seat.is_some()
                && over
                && state.is_some_and(|s| s.next.is_none() && !s.seats.contains(&Presence::Left)),
            can_claim: seat.is_some() && !over && their_turn && other_away(CLAIM_AFTER_MS),
        }
    }

    /// What is going on, for the turn line: connecting, waiting for the friend, whose turn,
    /// away, the end.
    pub fn line(&self, t: &Texts) -> String {
        let run = &self.run;
        if self.setup.is_some() {
            return t.online_setup().to_owned();
        }
        match (run.connection(), run.state()) {
            (Connection::Connecting { failures: 0 }, None) => {
                return t.online_connecting().to_owned()
            }
            _ if run.unreachable() => return t.online_unreachable().to_owned(),
            // The person's move waits for the connection, or may be made meanwhile.
            (Connection::Connecting { .. }, _) if run.pending() || run.my_turn() => {
                return t.online_offline().to_owned()
            }
            (Connection::Connecting { .. }, _) => return t.online_lost().to_owned(),
            (_, None) => return t.online_connecting().to_owned(),
            (Connection::Open, Some(_)) => {}
        }
        // Once it is over, the result (there is one only then).
        if let Some(line) = self.result_line(t) {
            return line;
        }
        let to_move = self.session.position().current_player();
        let (Some(state), Some(seat)) = (run.state(), run.seat()) else {
            return t.with_player(t.online_watching(), to_move);
        };
        let other = seat.other();
        if state.seats[other.index()] == Presence::Empty {
            t.with_player(t.online_waiting(), seat.player())
        } else if matches!(state.seats[other.index()], Presence::Away { .. }) {
            self.with_who(t, t.online_away(), other)
        } else if run.my_turn() {
            t.with_player(t.online_your_turn(), seat.player())
        } else {
            their_turn(t, &self.who(t, seat.other()), seat)
        }
    }

    /// What leaving the game takes: a seat is left for good (its friend hears it, once the
    /// game is over), and the connection closes.
    pub fn closing(&self) -> Vec<Effect> {
        let leave = self.ask(|game| ToServer::Leave { game });
        let mut effects = crate::ui::effect::maybe(leave.map(|m| Effect::Online(Online::Send(m))));
        effects.push(Effect::Online(Online::Disconnect));
        effects
    }

    /// Whether the person holds a seat in a game that goes on, their friend come (left, it
    /// is gone back to).
    pub fn running(&self) -> bool {
        let going = |s: &GameState| s.end.is_none() && !s.seats.contains(&Presence::Empty);
        self.seat().is_some() && self.run.state().is_some_and(going)
    }

    /// The messages for the person's resign, rematch or claim, if they hold a seat.
    pub fn ask(&self, what: fn(GameId) -> ToServer) -> Option<ToServer> {
        self.seat()?;
        Some(what(self.run.game()?.clone()))
    }

    /// What a move refused while it is not the person's turn is told.
    pub fn waits(&self, t: &Texts) -> Option<String> {
        let state = self.run.state()?;
        if self.seat().is_none() {
            let to_move = self.session.position().current_player();
            return Some(t.with_player(t.online_watching(), to_move));
        }
        if state.end.is_some() || self.run.my_turn() {
            return None;
        }
        let to_move: Player = self.session.position().current_player();
        let seat = self.seat()?;
        Some(their_turn(t, &self.who(t, Seat::of(to_move)), seat))
    }
}
