//! The Chance as the Card Shell showed it: the solitaire table with the
//! Mac menus (Apple, File, Edit, Moves, Special), the Sequences... dialog,
//! the stock dealt by dragging its top card onto the talon, a word in the
//! status line when nothing more can be laid off, the Card Shell's points
//! and Scores, and its sounds.

mod lookout;
pub mod scores;

use std::sync::Arc;

use crate::audio::{self, Sound};
use crate::core::{Action, Game, GameStats, Outcome, Session, Status};
use crate::gfx::{Rect, Surface};
use crate::machines::{Button, Choices, Command, Input, Machine, Menu, MenuItem, Requester, ViewCommand};
use crate::solitaire::chance::{ChanceVariant, Prospect, Sequences};
use crate::solitaire::engine::{PileId, SolMove, Solitaire};
use crate::solitaire::library::GameType;
use crate::solitaire::rules::PileKind;

use super::board::{
    Board, DealSearch, Refused, Reply, WINNABLE_PREF, restart_item, select_game_item, switch_pref, unknown_word,
};
use super::solitaire::{SOLVE, SOLVER_STATUS, SolitaireBoard, WINNABLE_ONLY};
use lookout::Lookout;
use scores::LastGame;

/// The board's own commands.
pub const ABOUT: ViewCommand = ViewCommand("about-the-chance");
pub const SEQUENCES: ViewCommand = ViewCommand("sequences");
pub const SOUND: ViewCommand = ViewCommand("sound");

/// The preference that remembers the rule for the next deal.
pub const RULE_PREF: &str = "rule";
const SOUND_PREF: &str = "sound";
/// The preference that keeps the solver's status field on or off.
const SOLVER_PREF: &str = "solver";

/// The status line's word for a game in which nothing more can be laid off.
const LOST: &str = "Nothing more can be laid off: this game is lost. Look on, or choose New Game.";

/// The top card of the stock held by the pointer, on its way to the talon.
#[derive(Clone, Copy, Debug)]
struct StockDrag {
    /// Pointer position minus the card's top-left.
    grab: (i32, i32),
    at: (i32, i32),
    moved: bool,
}

pub struct ChanceBoard {
    table: SolitaireBoard,
    /// The rule the next deal is made with.
    next_rule: Sequences,
    sound: bool,
    stock_drag: Option<StockDrag>,
    /// The game last scored, for the Scores box.
    last: Option<LastGame>,
    /// Whether anything can still be laid off in the position shown.
    lookout: Lookout,
    /// The position shown was just found lost, not yet told to the host.
    found_lost: bool,
    /// The position shown is proved lost: nothing more can be laid off.
    lost_here: bool,
}

impl ChanceBoard {
    pub fn new(game_type: Arc<GameType>) -> ChanceBoard {
        ChanceBoard {
            table: SolitaireBoard::new(game_type),
            next_rule: Sequences::default(),
            sound: false,
            stock_drag: None,
            last: None,
            lookout: Lookout::default(),
            found_lost: false,
            lost_here: false,
        }
    }

    /// Whether a search for a remaining lay-off is still under way.
    pub fn searching(&self) -> bool {
        self.lookout.searching()
    }

    /// Where a pile's first card (or its empty mat) is drawn in `area`,
    /// at the card size the game has come to (for tests).
    pub fn pile_rect(&self, st: &Solitaire, area: Rect, id: PileId) -> Option<Rect> {
        self.table.pile_rect(st, area, id)
    }

    fn play_sound(&self, sound: Sound) {
        if self.sound {
            audio::play(sound);
        }
    }

    fn about() -> Requester {
        Requester {
            title: "About The Chance".into(),
            lines: vec![
                "The Chance".into(),
                "Game 3 of the Card Shell, written".into(),
                "by Ralph S. Sutherland in 1992".into(),
                "and given away as freeware.".into(),
                "Parlour plays it with cards,".into(),
                "sounds and help of its own.".into(),
            ],
            buttons: vec!["OK".into()],
        }
    }

    fn sequences_dialog(&self) -> Reply<ChanceVariant> {
        let chosen = Sequences::ALL.iter().position(|&r| r == self.next_rule).unwrap_or(0);
        Reply::Choose(
            Requester {
                title: "Sequences".into(),
                lines: vec!["Build the columns down in".into()],
                buttons: vec!["OK".into(), "Cancel".into()],
            },
            Choices { labels: Sequences::ALL.iter().map(|r| r.label().to_string()).collect(), chosen },
        )
    }

    /// The stock's and the talon's places on the table.
    fn stock_and_talon(&self, st: &Solitaire, area: Rect) -> Option<(Rect, Rect)> {
        let stock = self.table.pile_rect(st, area, PileId::new(PileKind::Stock, 0))?;
        let talon = self.table.pile_rect(st, area, PileId::new(PileKind::Waste, 0))?;
        Some((stock, talon))
    }

    /// The Card Shell's stock: its top card is dragged onto the talon to
    /// deal three (a click deals too). `None` leaves the event to the table.
    fn stock_input(&mut self, st: &Solitaire, input: &Input, area: Rect) -> Option<Reply<ChanceVariant>> {
        let (stock, talon) = self.stock_and_talon(st, area)?;
        match (*input, &mut self.stock_drag) {
            (Input::MouseDown { x, y, button: Button::Left }, None)
                if stock.contains(x, y) && !st.pile(PileKind::Stock, 0).is_empty() =>
            {
                self.stock_drag = Some(StockDrag { grab: (x - stock.x, y - stock.y), at: (x, y), moved: false });
                Some(Reply::Unchanged)
            }
            (Input::MouseMove { x, y }, Some(d)) => {
                d.moved |= crate::views::widgets::dragged(d.at, (x, y));
                d.at = (x, y);
                Some(if d.moved { Reply::Redraw } else { Reply::Unchanged })
            }
            (Input::MouseUp { x, y, .. }, Some(d)) => {
                let card = Rect::new(x - d.grab.0, y - d.grab.1, stock.w, stock.h);
                let on_talon = !card.intersect(&talon).is_empty();
                let click = !d.moved && stock.contains(x, y);
                self.stock_drag = None;
                Some(if on_talon || click { Reply::Play(SolMove::Deal(0)) } else { Reply::Redraw })
            }
            _ => None,
        }
    }

    /// Takes the lookout's finding on the position shown: whether nothing
    /// more can be laid off there.
    fn take_finding(&mut self, lost: bool) {
        self.found_lost = lost;
        self.lost_here = lost;
        self.tell_solver();
    }

    /// Tells the solver's status that the position shown is lost, where
    /// the lookout proved it, after anything that sets the status judging
    /// afresh (a new position, the status switched on): a game over is
    /// never "Thinking..." beside the word that it is lost.
    fn tell_solver(&mut self) {
        if self.lost_here {
            self.table.assist.proved_lost();
        }
    }

    /// Sounds for the step just made: a deal from the stock, cards laid off.
    fn step_sound(&self, session: &Session<ChanceVariant>) {
        let step = &session.steps()[session.cursor()];
        if let Action::Move(text) = &step.action
            && (text.starts_with('S') || text == "R")
        {
            self.play_sound(Sound::Deal);
        }
        if !step.auto.is_empty() {
            self.play_sound(Sound::LayOff);
        }
    }

    /// The cards the player has laid off: none once Solve has played in
    /// the game, as the scores count it (Klondike's score reads 0 so).
    fn player_cards(&self, session: &Session<ChanceVariant>) -> usize {
        if self.table.solve_helped(session).is_some() { 0 } else { session.state().cards_on_foundations() }
    }
}

/// The table's reply as The Chance's (the table never asks for rules).
fn from_table(reply: Reply<crate::solitaire::engine::SolitaireVariant>) -> Reply<ChanceVariant> {
    match reply {
        Reply::Unchanged | Reply::Rules(_) => Reply::Unchanged,
        Reply::Redraw => Reply::Redraw,
        Reply::Play(m) => Reply::Play(m),
        Reply::PlayFor(m) => Reply::PlayFor(m),
        Reply::Say(text) => Reply::Say(text),
        Reply::Refuse(text) => Reply::Refuse(text),
        Reply::Tell(text) => Reply::Tell(text),
        Reply::Hint(m, text, told) => Reply::Hint(m, text, told),
        Reply::Command(c) => Reply::Command(c),
        Reply::RestartThen(c) => Reply::RestartThen(c),
        Reply::Ask(r) => Reply::Ask(r),
        Reply::Choose(r, c) => Reply::Choose(r, c),
    }
}

impl Board<ChanceVariant> for ChanceBoard {
    fn title(&self) -> String {
        "The Chance".into()
    }

    /// The stock's top card in hand goes back, as a card of the table does.
    fn cancel_press(&mut self) {
        self.stock_drag = None;
        self.table.cancel_press();
    }

    /// Its items are in its own menus (see [`Board::menus`]).
    fn menu_items(&self, _session: &Session<ChanceVariant>) -> Vec<MenuItem> {
        Vec::new()
    }

    /// The Card Shell's menus; the Mac's Edit menu (Undo, the clipboard's
    /// commands dimmed) is the shell's, as every Mac application has one.
    fn menu_bar(&self, session: &Session<ChanceVariant>) -> Option<Vec<Menu>> {
        Some(vec![
            Menu::new("@", vec![MenuItem::new("About The Chance...", Command::View(ABOUT))]),
            Menu::new(
                "File",
                vec![
                    MenuItem::new("New Game", Command::New).key('n'),
                    select_game_item(),
                    restart_item(),
                    MenuItem::new("Open...", Command::Open).key('o'),
                    MenuItem::new("Save a Copy", Command::SaveAs).key('s'),
                ],
            ),
            Menu::new(
                "Moves",
                vec![
                    MenuItem::new("Undo", Command::Undo).key('z'),
                    MenuItem::new("Redo", Command::Redo).key('y'),
                    MenuItem::separator(),
                    MenuItem::new("Back to Start", Command::BackToStart).key('b'),
                    MenuItem::new("Forward to End", Command::ForwardToEnd).key('f'),
                    MenuItem::new("Replay", Command::Replay),
                    MenuItem::separator(),
                    MenuItem::new("Hint", Command::Hint).key('t'),
                    self.table.solve_item(session),
                    MenuItem::separator(),
                    MenuItem::new("Sequences...", Command::View(SEQUENCES)),
                ],
            ),
            Menu::new(
                "Special",
                vec![
                    MenuItem::new("Scores...", Command::Stats),
                    MenuItem::new("Sound", Command::View(SOUND)).checked(self.sound),
                    self.table.solver_status_item(),
                    self.table.winnable_item(session),
                ],
            ),
        ])
    }

    fn fields(&self, session: &Session<ChanceVariant>) -> Vec<(&'static str, String)> {
        let mut fields = vec![
            ("Cards", self.player_cards(session).to_string()),
            ("Rule", session.variant().rule().label().to_string()),
        ];
        fields.extend(self.table.assist.field());
        fields
    }

    fn draw(&self, session: &Session<ChanceVariant>, s: &mut Surface, machine: &Machine, area: Rect) {
        let st = session.state();
        self.table.draw_table(st, s, machine, area);
        if let Some(d) = self.stock_drag.filter(|d| d.moved)
            && let Some(&top) = st.pile(PileKind::Stock, 0).last()
        {
            self.table.draw_loose(st, s, area, &top, d.at.0 - d.grab.0, d.at.1 - d.grab.1);
        }
    }

    fn input(
        &mut self,
        session: &Session<ChanceVariant>,
        input: &Input,
        _machine: &Machine,
        area: Rect,
    ) -> Reply<ChanceVariant> {
        let st = session.state();
        if matches!(input, Input::Tick { .. }) && self.lookout.poll() == Some(Prospect::NoLayOff) {
            self.take_finding(true);
            return Reply::Say(LOST.into());
        }
        if let Some(reply) = self.table.assist_input(session, input, area) {
            return from_table(reply);
        }
        match self.stock_input(st, input, area) {
            Some(reply) => reply,
            None => from_table(self.table.table_input(st, input, area)),
        }
    }

    fn command(&mut self, session: &Session<ChanceVariant>, command: ViewCommand) -> Reply<ChanceVariant> {
        match command {
            SOLVE | SOLVER_STATUS | WINNABLE_ONLY => {
                let reply = self.table.solver_command(session, command);
                self.tell_solver();
                from_table(reply)
            }
            ABOUT => Reply::Ask(Self::about()),
            SEQUENCES => self.sequences_dialog(),
            SOUND => {
                self.sound = !self.sound;
                Reply::Say(if self.sound { "Sound is on." } else { "Sound is off." }.into())
            }
            _ => Reply::Unchanged,
        }
    }

    fn can(&self, session: &Session<ChanceVariant>, command: ViewCommand) -> bool {
        matches!(command, ABOUT | SEQUENCES | SOUND) || self.table.solver_can(session, command)
    }

    fn choose(&mut self, session: &Session<ChanceVariant>, button: usize, choice: usize) -> Reply<ChanceVariant> {
        let Some(&rule) = Sequences::ALL.get(choice).filter(|_| button == 0) else { return Reply::Unchanged };
        self.next_rule = rule;
        Reply::Say(if rule == session.variant().rule() {
            format!("Columns are built by {}.", rule.label().to_lowercase())
        } else {
            format!("{} applies from the next deal.", rule.label())
        })
    }

    fn reset(&mut self) {
        self.stock_drag = None;
        // A finding belongs to the position it was made in.
        self.lookout.cancel();
        self.found_lost = false;
        self.lost_here = false;
        self.table.reset();
    }

    fn arrived(&mut self, session: &Session<ChanceVariant>) {
        self.table.follow(session);
        self.tell_solver();
    }

    fn ask_hint(&mut self, session: &Session<ChanceVariant>) -> Reply<ChanceVariant> {
        from_table(self.table.assist.hint(session.state()))
    }

    fn show_hint(&mut self, session: &Session<ChanceVariant>, m: &SolMove) {
        self.table.mark_hint(session.state(), m);
    }

    /// The Card Shell lays off by itself; the player's auto-play option
    /// has nothing left to do.
    fn demo_running(&self) -> bool {
        self.table.assist.demo_running()
    }

    fn stop_demo(&mut self) -> Option<&'static str> {
        self.table.assist.stop_demo()
    }

    fn auto_move(&self, _state: &Solitaire) -> Option<SolMove> {
        None
    }

    fn moved(&mut self, session: &Session<ChanceVariant>) -> Option<String> {
        self.step_sound(session);
        self.standing(session)
    }

    /// Whether anything can still be laid off is judged afresh wherever
    /// the player comes to a position (a move, Undo, Redo, resuming), so
    /// a lost game is said lost again on stepping back to it; the
    /// controller counts each game once however often it is found lost.
    fn standing(&mut self, session: &Session<ChanceVariant>) -> Option<String> {
        let lost = self.lookout.judge(session.state()) == Some(Prospect::NoLayOff);
        self.take_finding(lost);
        lost.then(|| LOST.to_string())
    }

    fn found_lost(&mut self) -> bool {
        std::mem::take(&mut self.found_lost)
    }

    fn played_for_player(&self, session: &Session<ChanceVariant>) -> Option<&'static str> {
        self.table.solve_helped(session)
    }

    fn ending(&self, session: &Session<ChanceVariant>) -> String {
        match session.state().status() {
            Status::Won => "You won! Every card is laid off.".into(),
            _ => "No move is left: this game is lost. Choose New Game to deal again.".into(),
        }
    }

    fn finished(&mut self, session: &Session<ChanceVariant>) -> Vec<String> {
        if session.state().status() == Status::Won {
            self.play_sound(Sound::Win);
        }
        Vec::new()
    }

    fn prefs(&self, _session: &Session<ChanceVariant>) -> Vec<(&'static str, String)> {
        let flag = |on: bool| if on { "1" } else { "0" }.to_string();
        vec![
            (RULE_PREF, self.next_rule.name().to_string()),
            (SOUND_PREF, flag(self.sound)),
            (SOLVER_PREF, flag(self.table.assist.status_on)),
            (WINNABLE_PREF, flag(self.table.assist.winnable_only)),
        ]
    }

    fn set_pref(&mut self, key: &str, value: &str) -> Result<(), Refused> {
        match key {
            RULE_PREF => {
                let names = Sequences::ALL.map(Sequences::name);
                let unknown = || unknown_word("rule", value, &names, self.next_rule.name());
                self.next_rule = Sequences::parse(value).ok_or_else(unknown)?;
            }
            SOUND_PREF => self.sound = switch_pref(value, self.sound)?,
            SOLVER_PREF => self.table.assist.status_on = switch_pref(value, self.table.assist.status_on)?,
            WINNABLE_PREF => self.table.assist.winnable_only = switch_pref(value, self.table.assist.winnable_only)?,
            _ => {}
        }
        Ok(())
    }

    fn deal_search(&self, variant: &ChanceVariant, number: u64) -> Option<DealSearch> {
        self.table.assist.deal_search(variant, number)
    }

    /// The rule chosen with Sequences... when it is not the one in force.
    fn new_rules(&self, session: &Session<ChanceVariant>) -> Option<ChanceVariant> {
        let current = session.variant();
        (current.rule() != self.next_rule).then(|| current.with_rule(self.next_rule))
    }

    fn tally(&mut self, session: &Session<ChanceVariant>, outcome: Outcome, stats: &mut GameStats) {
        let game = LastGame {
            rule: session.variant().rule(),
            cards: self.player_cards(session),
            won: outcome == Outcome::Won,
            helped: self.table.solve_helped(session).is_some(),
        };
        scores::add(stats, &game);
        self.last = Some(game);
    }

    fn scores(&self, stats: &GameStats) -> Option<Requester> {
        Some(scores::scores_box(stats, self.last.as_ref()))
    }

    /// The last game's points are among the figures cleared: the Scores
    /// box no longer heads them with it.
    fn stats_cleared(&mut self) {
        self.last = None;
    }

    /// The Card Shell's window just fits the SE/30's screen; a colour Mac's
    /// larger desktop has room to move it about.
    fn window_screen(&self) -> Option<(u32, u32)> {
        Some((512, 342))
    }
}
