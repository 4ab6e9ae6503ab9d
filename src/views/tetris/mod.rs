//! Tetris on any machine: the field, the next piece (while the preview is
//! shown), the figures and the keys, at the machine's frame rate (50 a
//! second on the Amiga, 60 on the Macs and YaZZle). Every frame is a tick
//! move through the controller's session, so a kept game replays exactly;
//! there is no undo. The journal is written whenever a piece lands, every
//! five seconds of play, when the game pauses or ends, and when the window
//! closes. A game that
//! makes the top five asks for a name in a requester of the machine's own.

pub mod picture;

use std::path::{Path, PathBuf};

use crate::core::highscores::login_name;
use crate::core::{Action, Game, Session, Step, plural};
use crate::games::tetris::rules::{MAX_FRAMES, Tetris, TetrisMove, TetrisVariant};
use crate::games::tetris::top5::Top5;
use crate::gfx::{Rect, Surface};
use crate::machines::{
    Command, EntryEvent, Input, Key, Machine, MachineId, MenuItem, Requester, TextEntry, ViewCommand,
};

use super::board::{Board, RESUMED_PAUSED, Refused, Reply, records_trouble};

/// The board's own command: the top-five table.
pub const TOP_FIVE: ViewCommand = ViewCommand("top-five");
/// Game > Pause (Resume while paused), as the P key.
pub use super::pause::PAUSE;

/// The journal is written after this much play (and as a piece lands, on
/// pause, at the end and on closing), not after every frame.
const JOURNAL_MS: u64 = 5000;
/// Names in the table are at most this long.
const NAME_LEN: usize = 20;

/// The frame rate of a machine: PAL Amigas run at 50 Hz, the Macs and a
/// Windows screen at 60.
pub fn frame_rate(machine: MachineId) -> u32 {
    match machine {
        MachineId::AmigaPal | MachineId::AmigaDblPal => 50,
        MachineId::MacSe30 | MachineId::MacColor | MachineId::Yazzle => 60,
    }
}

/// The pause, where a piece is falling (Pause is a switch: a paused game
/// is left so).
fn pause_if_falling(session: &Session<TetrisVariant>) -> Option<TetrisMove> {
    let st = session.state();
    (!st.over() && !st.paused()).then_some(TetrisMove::Pause)
}

/// A finished game waiting for its player's name.
struct Asking {
    entry: TextEntry,
    points: u64,
    level: u32,
    rows: u32,
    /// Milliseconds since the prompt came up: keys pressed before
    /// [`PROMPT_GRACE_MS`] were meant for the falling piece.
    shown_ms: u32,
}

/// How long the name prompt lets typing go by when it comes up: a player
/// dropping pieces with Space when the game ends would otherwise type
/// spaces into the name (and Return would take it unread). Escape, which
/// types nothing, leaves it at once.
const PROMPT_GRACE_MS: u32 = 600;
/// Ticks a second while the prompt's grace runs.
const PROMPT_HZ: u32 = 20;

pub struct TetrisBoard {
    data_dir: PathBuf,
    /// The name last entered in the table (a preference).
    name: String,
    /// Milliseconds times the frame rate not yet a whole frame.
    carry: u64,
    asking: Option<Asking>,
    /// The five-second stretch of play and the count of pieces landed
    /// when the journal was last written.
    journalled: Option<(u64, u32)>,
}

impl TetrisBoard {
    pub fn new(data_dir: &Path) -> TetrisBoard {
        let name = login_name();
        TetrisBoard { data_dir: data_dir.to_path_buf(), name, carry: 0, asking: None, journalled: None }
    }

    /// The key's move, if it is one of the game's keys.
    fn key_move(key: Key) -> Option<TetrisMove> {
        Some(match key {
            Key::Left => TetrisMove::Left,
            Key::Right => TetrisMove::Right,
            Key::Down => TetrisMove::TurnRight,
            Key::Up => TetrisMove::TurnLeft,
            Key::Char(' ') => TetrisMove::Drop,
            Key::Char('p' | 'P') => TetrisMove::Pause,
            Key::Char('v' | 'V') => TetrisMove::Preview,
            _ => return None,
        })
    }

    /// Time passing: the frames it makes, once the game runs at the
    /// machine's rate.
    fn tick(&mut self, session: &Session<TetrisVariant>, ms: u32, machine: MachineId) -> Reply<TetrisVariant> {
        let st = session.state();
        // A tick of no time (a shot's last, which lets searches answer)
        // plays nothing: the game is as the script left it.
        if ms == 0 || st.over() || st.paused() || self.asking.is_some() {
            return Reply::Unchanged;
        }
        let rate = frame_rate(machine);
        if st.hz() != rate {
            return Reply::Play(TetrisMove::Rate(rate));
        }
        self.carry += u64::from(ms) * u64::from(rate);
        let frames = self.carry / 1000;
        self.carry %= 1000;
        match frames {
            0 => Reply::Unchanged,
            n => Reply::Play(TetrisMove::Tick(n.min(u64::from(MAX_FRAMES)) as u32)),
        }
    }

    fn top_five_box(&self) -> Requester {
        let table = Top5::load(&self.data_dir);
        let lines = match &table {
            Ok(t) if t.entries.is_empty() => vec!["No game has been entered yet.".into()],
            // Two short lines a game, so the table fits a 320-pixel screen.
            Ok(t) => t
                .entries
                .iter()
                .enumerate()
                .flat_map(|(i, e)| {
                    [
                        format!("{}. {}", i + 1, e.name),
                        format!("   {} points, level {}, {}", e.points, e.level, plural(e.rows as u64, "row", "rows")),
                    ]
                })
                .collect(),
            Err(e) => vec![format!("The table could not be read: {e}")],
        };
        Requester { title: "Top Five".into(), lines, buttons: vec!["OK".into()] }
    }

    /// Enters the finished game under `name` and shows the table.
    fn enter(&mut self, asking: Asking, name: &str) -> Reply<TetrisVariant> {
        if !name.is_empty() {
            self.name = name.to_string();
        }
        let saved = Top5::load(&self.data_dir).and_then(|mut t| {
            t.add(&self.name, asking.points, asking.level, asking.rows);
            t.save(&self.data_dir)
        });
        match saved {
            Ok(()) => Reply::Ask(self.top_five_box()),
            Err(e) => Reply::Say(format!("The top five could not be kept: {e}")),
        }
    }

    /// The name prompt, while it is open (for tests and scripts).
    pub fn prompt(&self) -> Option<&TextEntry> {
        self.asking.as_ref().map(|a| &a.entry)
    }
}

impl Board<TetrisVariant> for TetrisBoard {
    /// Reads the table of the best five as the board opens, to tell of a
    /// damaged file.
    fn opening_notice(&mut self) -> (Option<String>, Option<Requester>) {
        let loaded = Top5::load_noting(&self.data_dir);
        records_trouble("best scores", "Tetris", &loaded).unzip()
    }

    fn title(&self) -> String {
        "Tetris".into()
    }

    fn reset_keeps(&self, _session: &Session<TetrisVariant>) -> Option<String> {
        Some("The Top Five is kept.".into())
    }

    fn menu_items(&self, session: &Session<TetrisVariant>) -> Vec<MenuItem> {
        vec![super::pause::menu_item(session.state().paused()), MenuItem::new("Top Five...", Command::View(TOP_FIVE))]
    }

    fn fields(&self, session: &Session<TetrisVariant>) -> Vec<(&'static str, String)> {
        let st = session.state();
        vec![("Score", st.points().to_string()), ("Level", st.level().to_string()), ("Rows", st.rows().to_string())]
    }

    fn draw(&self, session: &Session<TetrisVariant>, s: &mut Surface, machine: &Machine, area: Rect) {
        picture::draw(s, machine, area, session.state());
        if let Some(a) = &self.asking {
            a.entry.draw(s, machine);
        }
    }

    fn input(
        &mut self,
        session: &Session<TetrisVariant>,
        input: &Input,
        machine: &Machine,
        _area: Rect,
    ) -> Reply<TetrisVariant> {
        if let Input::Tick { ms } = *input {
            if let Some(asking) = &mut self.asking {
                asking.shown_ms = asking.shown_ms.saturating_add(ms);
            }
            return self.tick(session, ms, machine.id());
        }
        if let Some(asking) = &mut self.asking {
            let typing = matches!(input, Input::Key { key, .. } if *key != Key::Escape);
            if typing && asking.shown_ms < PROMPT_GRACE_MS {
                return Reply::Unchanged;
            }
            return match asking.entry.input(input, machine) {
                EntryEvent::Ignored => Reply::Unchanged,
                EntryEvent::Edited => Reply::Redraw,
                EntryEvent::Cancelled => {
                    self.asking = None;
                    Reply::Redraw
                }
                EntryEvent::Done(name) => {
                    let asking = self.asking.take().expect("asking");
                    self.enter(asking, &name)
                }
            };
        }
        match *input {
            Input::Key { key, mods } if !mods.ctrl && !mods.alt => match Self::key_move(key) {
                // A key the game cannot take now does nothing, as on the
                // original; only what happens is recorded.
                Some(m) if session.state().check(&m).is_ok() => Reply::Play(m),
                _ => Reply::Unchanged,
            },
            _ => Reply::Unchanged,
        }
    }

    fn command(&mut self, session: &Session<TetrisVariant>, command: ViewCommand) -> Reply<TetrisVariant> {
        match command {
            TOP_FIVE => Reply::Ask(self.top_five_box()),
            PAUSE if self.can(session, PAUSE) => Reply::Play(TetrisMove::Pause),
            _ => Reply::Unchanged,
        }
    }

    fn can(&self, session: &Session<TetrisVariant>, command: ViewCommand) -> bool {
        match command {
            TOP_FIVE => true,
            PAUSE => !session.state().over() && self.asking.is_none(),
            _ => false,
        }
    }

    fn reset(&mut self) {}

    /// The name prompt holds the menus as the window's requesters do: a
    /// new game or a second box under or over it would leave it asking
    /// for a game no longer shown.
    fn boxed(&self) -> bool {
        self.asking.is_some()
    }

    fn ending(&self, session: &Session<TetrisVariant>) -> String {
        let st = session.state();
        // The level and rows stay in the figures beside it.
        format!("Game over with {} points.", st.points())
    }

    fn finished(&mut self, session: &Session<TetrisVariant>) -> Vec<String> {
        let st = session.state();
        let place = Top5::load(&self.data_dir).ok().and_then(|t| t.place_for(st.points()));
        if let Some(place) = place {
            let lines = vec![format!("{} points: place {} of 5.", st.points(), place + 1)];
            let entry = TextEntry::new("A Top Five Game", lines, "Name:", &self.name, NAME_LEN);
            // The prompt asks for the name itself; the status line keeps
            // the score, which stays true once the name is in.
            self.asking = Some(Asking { entry, points: st.points(), level: st.level(), rows: st.rows(), shown_ms: 0 });
        }
        Vec::new()
    }

    /// A game closed while its name is asked for still goes into the
    /// table, under the name the prompt offered.
    fn closing(&mut self) {
        if let Some(asking) = self.asking.take() {
            let name = asking.entry.text.trim().to_string();
            // The window is going: a table that cannot be written has no
            // one left to be told (the file and its .bak stay as they were).
            let _ = self.enter(asking, &name);
        }
    }

    fn prefs(&self, _session: &Session<TetrisVariant>) -> Vec<(&'static str, String)> {
        vec![("name", self.name.clone())]
    }

    fn set_pref(&mut self, key: &str, value: &str) -> Result<(), Refused> {
        if key == "name" && !value.trim().is_empty() {
            self.name = value.trim().chars().take(NAME_LEN).collect();
        }
        Ok(())
    }

    /// A game resumed while its piece was falling waits paused for the
    /// player (P goes on), in the window and in a script alike.
    fn on_resume(&mut self, session: &Session<TetrisVariant>) -> Option<TetrisMove> {
        pause_if_falling(session)
    }

    /// A player who turns to another window comes back to the piece
    /// where they left it, as on the Mac, whose Tetris paused when
    /// another program was brought to the front.
    fn on_focus_lost(&mut self, session: &Session<TetrisVariant>) -> Option<TetrisMove> {
        pause_if_falling(session)
    }

    /// A replay's clock shows the time played up to the frame shown.
    fn time_in_state_ms(&self, state: &Tetris) -> Option<u64> {
        Some(state.play_ms())
    }

    fn resumed(&self, session: &Session<TetrisVariant>) -> Option<&'static str> {
        session.state().paused().then_some(RESUMED_PAUSED)
    }

    fn undoable(&self) -> bool {
        false
    }

    fn hints(&self) -> bool {
        false
    }

    fn tick_hz(&self, session: &Session<TetrisVariant>, _machine: MachineId) -> Option<u32> {
        let st = session.state();
        // The name prompt needs time to pass until its grace is over, or
        // no key typed would ever reach it.
        if self.asking.as_ref().is_some_and(|a| a.shown_ms < PROMPT_GRACE_MS) {
            return Some(PROMPT_HZ);
        }
        let idle = st.over() || st.paused() || self.asking.is_some();
        Some(if idle { 0 } else { st.hz() })
    }

    fn journal_now(&mut self, session: &Session<TetrisVariant>) -> bool {
        let st = session.state();
        // A piece landed is written at once, so a kill loses at most the
        // piece in flight; the timed write keeps the clock (and so the
        // level) of a piece that is slow to fall.
        let now = (st.play_ms() / JOURNAL_MS, st.pieces());
        let due = st.paused() || st.over() || self.journalled != Some(now);
        if due {
            self.journalled = Some(now);
        }
        due
    }

    fn moves(&self, _session: &Session<TetrisVariant>) -> Option<u64> {
        None
    }

    /// A game is under way once time has run in it or a key has moved its
    /// piece: the frame rate set as it starts is no move, nor is a pause
    /// (one made as the window lost the keyboard holds a game that may
    /// not have begun), so a game dealt again before its first frame is
    /// not counted as played, with a score of 0. (One whose pieces have
    /// fallen is under way: it is held paused when resumed, and counts,
    /// as it would have at its end.)
    fn counts_as_move(&self, step: &Step) -> bool {
        !matches!(&step.action, Action::Move(text) if text.starts_with("hz") || text == "pause")
    }

    fn frame_ends(&self, step: &Step) -> bool {
        matches!(&step.action, Action::Move(text) if text.starts_with("tick"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session<TetrisVariant> {
        Session::new(TetrisVariant, 4)
    }

    #[test]
    fn ticks_become_whole_frames_at_the_machines_rate() {
        let dir = tempfile::tempdir().unwrap();
        let mut b = TetrisBoard::new(dir.path());
        let mut s = session();
        // A fresh game at 50 Hz on a Mac first takes the Mac's rate.
        assert!(matches!(b.tick(&s, 17, MachineId::MacSe30), Reply::Play(TetrisMove::Rate(60))));
        s.play(&TetrisMove::Rate(60)).unwrap();
        let mut frames = 0;
        for ms in [17, 17, 16, 17, 17, 16] {
            match b.tick(&s, ms, MachineId::MacSe30) {
                Reply::Play(TetrisMove::Tick(n)) => frames += n,
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(frames, 6, "100 ms is six frames at 60 Hz");
        // The script's 100 ms waits give five frames at 50 Hz.
        let mut amiga = TetrisBoard::new(dir.path());
        let s = session();
        assert!(matches!(amiga.tick(&s, 100, MachineId::AmigaPal), Reply::Play(TetrisMove::Tick(5))));
    }

    #[test]
    fn a_resumed_running_game_waits_paused() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = session();
        s.play(&TetrisMove::Tick(3)).unwrap();
        let mut b = TetrisBoard::new(dir.path());
        assert_eq!(b.on_resume(&s), Some(TetrisMove::Pause));
        s.play(&TetrisMove::Pause).unwrap();
        assert_eq!(b.on_resume(&s), None, "a paused game stays paused");
        assert!(matches!(b.tick(&s, 20, MachineId::AmigaPal), Reply::Unchanged));
        assert_eq!(b.tick_hz(&s, MachineId::AmigaPal), Some(0), "a paused game wants no ticks");
    }

    #[test]
    fn the_journal_is_written_every_five_seconds_as_a_piece_lands_and_on_pause() {
        let dir = tempfile::tempdir().unwrap();
        let mut b = TetrisBoard::new(dir.path());
        let mut s = session();
        assert!(b.journal_now(&s), "the first change");
        s.play(&TetrisMove::Tick(1)).unwrap();
        assert!(!b.journal_now(&s));
        s.play(&TetrisMove::Tick(50 * 5)).unwrap();
        assert!(b.journal_now(&s), "five seconds of play");
        s.play(&TetrisMove::Left).unwrap_or(());
        assert!(!b.journal_now(&s));
        s.play(&TetrisMove::Drop).unwrap();
        assert!(b.journal_now(&s), "a piece landed");
        s.play(&TetrisMove::Pause).unwrap();
        assert!(b.journal_now(&s));
    }

    #[test]
    fn a_top_five_game_asks_for_a_name_and_is_entered() {
        let dir = tempfile::tempdir().unwrap();
        let mut b = TetrisBoard::new(dir.path());
        let mut s = session();
        while !s.state().over() {
            s.play(&TetrisMove::Drop).unwrap();
        }
        assert!(b.finished(&s).is_empty(), "the prompt asks by itself, not the status line");
        assert!(b.prompt().is_some());
        let m = Machine::new(&Default::default(), MachineId::AmigaPal).unwrap();
        let area = m.content();
        // Space pressed as the game ends was meant for the last piece.
        b.input(&s, &Input::Key { key: Key::Char(' '), mods: Default::default() }, &m, area);
        assert_eq!(b.prompt().map(|e| e.text.as_str()), Some(b.name.as_str()), "a key at once is let go by");
        // The window sends ticks only as fast as the board asks: the
        // grace must ask for them, or typing would never reach the name.
        let mut waited = 0;
        while let Some(hz @ 1..) = b.tick_hz(&s, MachineId::AmigaPal) {
            let ms = 1000 / hz;
            b.input(&s, &Input::Tick { ms }, &m, area);
            waited += ms;
            assert!(waited <= 2 * PROMPT_GRACE_MS, "the grace ends");
        }
        assert!(waited >= PROMPT_GRACE_MS, "ticks came until the grace was over");
        let mut key = |k| b.input(&s, &Input::Key { key: k, mods: Default::default() }, &m, area);
        for _ in 0..NAME_LEN {
            key(Key::Backspace);
        }
        for c in "Ada".chars() {
            key(Key::Char(c));
        }
        assert!(matches!(key(Key::Enter), Reply::Ask(_)));
        let table = Top5::load(dir.path()).unwrap();
        assert_eq!(table.entries[0].name, "Ada");
        assert_eq!(table.entries[0].points, s.state().points());
        assert_eq!(b.prefs(&s), [("name", "Ada".to_string())]);
    }

    /// Closing the game while the name is asked for still enters the
    /// score, under the name the prompt offered.
    #[test]
    fn a_top_five_game_closed_at_the_prompt_is_entered() {
        let dir = tempfile::tempdir().unwrap();
        let mut b = TetrisBoard::new(dir.path());
        b.name = "Grace".into();
        let mut s = session();
        while !s.state().over() {
            s.play(&TetrisMove::Drop).unwrap();
        }
        b.finished(&s);
        assert!(b.prompt().is_some());
        b.closing();
        assert!(b.prompt().is_none());
        let table = Top5::load(dir.path()).unwrap();
        assert_eq!(table.entries.len(), 1);
        assert_eq!((table.entries[0].name.as_str(), table.entries[0].points), ("Grace", s.state().points()));
    }
}
