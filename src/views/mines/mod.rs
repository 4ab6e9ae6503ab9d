//! MineSweeper's window: the Oberon panel (the time since the first
//! action, the flags still to set, New and Pause, and a slider and number
//! box for each of width, height and mines) beside the minefield.
//!
//! The left button opens a square, the right one goes round its marks
//! (none, flag, question mark), the middle one (or the left and right
//! together) opens around a number whose flags match it. From the keyboard
//! the arrows move a cursor, Space opens (or, on a number, opens around
//! it), F marks, P pauses and Tab steps through the number boxes.
//!
//! Settings changed on the panel take effect at once if the game has not
//! begun, otherwise with the next New Game; a value out of bounds is
//! refused with a requester that names the limit.

mod layout;
mod paint;

use std::path::{Path, PathBuf};

use crate::core::{Game, GameStats, Session, Stats, Status, Variant};
use crate::games::mines::rules::{Mark, MineMove, Mines, MinesVariant, Square};
use crate::games::mines::settings::{self, PRESETS, Settings};
use crate::games::mines::solver::NoSafe;
use crate::gfx::{Rect, Surface, TextStyle};
use crate::machines::menu::OPTIONS_MENU;
use crate::machines::{Button, Command, Input, Key, Machine, Menu, MenuItem, Pen, ViewCommand};

use super::board::{Board, RESUMED_PAUSED, Reply, clock};
use super::pause::{self, NOTHING_TO_PAUSE, Pause};
use super::widgets::{
    self, DigitsNote, NumberTyping, button, check_box, counter, message_box, slider, text_box, typed_number,
};
pub use layout::MinesLayout;
use paint::Face;

/// What a board's name is followed by where it is a no-guess board, in
/// the boxes that name boards (Statistics, Best Times).
const NO_GUESSING: &str = ", no guessing";

/// The board's own commands.
pub use super::pause::PAUSE;
pub const NO_GUESS: ViewCommand = ViewCommand("no-guess");
pub const BEST_TIMES: ViewCommand = ViewCommand("best-times");
/// The presets' commands, in the order of [`PRESETS`].
pub const PRESET_COMMANDS: [ViewCommand; 3] =
    [ViewCommand("beginner"), ViewCommand("intermediate"), ViewCommand("expert")];

const TITLE: &str = "MineSweeper";

/// The mouse buttons held over the field, and the square they are on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Press {
    left: bool,
    right: bool,
    middle: bool,
    /// Left and right were held together: a chord when both are let go.
    both: bool,
    at: Option<usize>,
}

impl Press {
    fn any(&self) -> bool {
        self.left || self.right || self.middle
    }
}

pub struct MinesBoard {
    data_dir: PathBuf,
    /// The settings the panel shows: those of the next game.
    settings: Settings,
    /// The number box typed into: 0 width, 1 height, 2 mines.
    editing: Option<NumberTyping>,
    /// The number boxes' note that they take digits only.
    digits_note: DigitsNote,
    /// A slider being dragged, and the settings before the drag.
    sliding: Option<(usize, Settings)>,
    press: Press,
    pause: Pause,
    /// The keyboard cursor, once a key was used.
    cursor: Option<usize>,
    hinted: Option<usize>,
    /// A preset chosen from the menu, which the panel shows once its game
    /// is dealt: the player may still decline to give up the game in
    /// progress, and then the panel stays as it was.
    preset_asked: Option<Settings>,
}

/// A setting's name, value and bounds for `settings`.
fn setting(settings: &Settings, row: usize) -> (&'static str, u32, (u32, u32)) {
    match row {
        0 => ("Width", settings.width, settings::WIDTH),
        1 => ("Height", settings.height, settings::HEIGHT),
        _ => ("Mines", settings.mines, (settings::MINES.0, settings::max_mines(settings.width, settings.height))),
    }
}

fn with_setting(settings: Settings, row: usize, value: u32) -> Settings {
    match row {
        0 => Settings { width: value, ..settings },
        1 => Settings { height: value, ..settings },
        _ => Settings { mines: value, ..settings },
    }
}

/// The value of setting `row` nearest `wanted` that makes valid settings
/// with the others as they are; the setting's own value when none does.
fn nearest_allowed(settings: Settings, row: usize, wanted: u32) -> u32 {
    let (_, value, (low, high)) = setting(&settings, row);
    (low..=high)
        .filter(|&v| with_setting(settings, row, v).validate().is_ok())
        .min_by_key(|&v| v.abs_diff(wanted))
        .unwrap_or(value)
}

/// The settings kept in the preferences, if they are whole and valid.
pub fn settings_from_prefs(prefs: &[(String, String)]) -> Option<Settings> {
    kept_settings(prefs).ok().flatten()
}

/// The settings kept in the preferences: none where one of them is not
/// kept, else them, or each key whose value MineSweeper cannot deal by
/// and why (a value edited by hand, or written by another version).
pub fn kept_settings(prefs: &[(String, String)]) -> Result<Option<Settings>, Vec<(&'static str, String)>> {
    let get = |key: &str| prefs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
    let mut kept = [0u32; 3];
    let mut refused = Vec::new();
    let keys = [("width", "width"), ("height", "height"), ("mines", "number of mines")];
    for (slot, (key, named)) in kept.iter_mut().zip(keys) {
        let Some(value) = get(key) else { return Ok(None) };
        match value.trim().parse() {
            Ok(v) => *slot = v,
            Err(_) => refused.push((key, format!("the {named}, {value:?}, is not a whole number"))),
        }
    }
    let [width, height, mines] = kept;
    // Each size read is checked on its own; the mines only against a
    // size that stands.
    let unread = |key: &str| refused.iter().any(|(k, _)| *k == key);
    let sizes = [("width", settings::check_width(width)), ("height", settings::check_height(height))];
    let wrong: Vec<_> =
        sizes.into_iter().filter(|(key, _)| !unread(key)).filter_map(|(k, c)| c.err().map(|e| (k, e.0))).collect();
    refused.extend(wrong);
    if !refused.is_empty() {
        return Err(refused);
    }
    let s = Settings { width, height, mines, no_guess: get("no-guess") == Some("1") };
    s.validate().map_err(|e| vec![("mines", e.0)])?;
    Ok(Some(s))
}

/// The most the panel's clock shows, 999:59, as Windows' MineSweeper's
/// stops at 999: its box is as wide as that; the status line and the
/// records keep counting.
const PANEL_CLOCK_MAX: u64 = 999 * 60 + 59;

/// The preference naming the field of the game last shown, which may
/// differ from the panel's settings (those of the next game) while a game
/// is under way: MineSweeper opens at it, so the game goes on.
pub const SHOWN_PREF: &str = "field";

/// The field of the game last shown (see [`SHOWN_PREF`]), if it is kept,
/// or why MineSweeper cannot deal the one kept.
pub fn shown_from_prefs(prefs: &[(String, String)]) -> Result<Option<Settings>, String> {
    let Some((_, text)) = prefs.iter().find(|(k, _)| k == SHOWN_PREF) else { return Ok(None) };
    Settings::parse(text).map(Some).map_err(|e| e.0)
}

impl MinesBoard {
    /// The panel showing `settings` for the player whose records are in
    /// `data_dir`.
    pub fn new(settings: Settings, data_dir: &Path) -> MinesBoard {
        MinesBoard {
            data_dir: data_dir.to_path_buf(),
            settings,
            editing: None,
            digits_note: DigitsNote::default(),
            sliding: None,
            press: Press::default(),
            pause: Pause::default(),
            cursor: None,
            hinted: None,
            preset_asked: None,
        }
    }

    pub fn layout(st: &Mines, machine: &Machine, area: Rect) -> MinesLayout {
        MinesLayout::new(area, machine.look().text_font, machine.look().title_font, st.grid())
    }

    /// The settings the panel shows.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Takes `new` as the next game's settings if it is valid (else says
    /// why in a requester): at once when the game has not begun, else with
    /// the next New Game.
    fn choose(&mut self, session: &Session<MinesVariant>, new: Settings) -> Reply<MinesVariant> {
        if let Err(e) = new.validate() {
            return Reply::Ask(message_box(TITLE, &e.0));
        }
        self.settings = new;
        if new == *session.variant().settings() {
            return Reply::Redraw;
        }
        if session.move_count() == 0 {
            return MinesVariant::new(new).map_or_else(|e| Reply::Ask(message_box(TITLE, &e.0)), Reply::Rules);
        }
        Reply::Say("Kept for the next New Game.".into())
    }

    /// Ends typing in a number box, taking its value; a box left untouched
    /// changes nothing.
    fn commit(&mut self, session: &Session<MinesVariant>) -> Reply<MinesVariant> {
        let Some(edit) = self.editing.take() else { return Reply::Unchanged };
        if edit.untouched() {
            return Reply::Redraw;
        }
        let (name, _, bounds) = setting(&self.settings, edit.field);
        match typed_number(name, &edit.text, bounds) {
            Ok(v) => self.choose(session, with_setting(self.settings, edit.field, v)),
            Err(why) => Reply::Ask(message_box(TITLE, &why)),
        }
    }

    /// Takes the number typed at Return or Tab. One refused leaves the
    /// setting as it was, and its box, still the player's, shows that
    /// value again once the box saying why is closed: digits typed
    /// replace it, and Tab goes on from it, where the number refused,
    /// left in the box, would be refused at every Tab.
    fn commit_from_the_keys(&mut self, session: &Session<MinesVariant>) -> Reply<MinesVariant> {
        let field = self.editing.as_ref().map(|edit| edit.field);
        let committed = self.commit(session);
        if let (Reply::Ask(_), Some(field)) = (&committed, field) {
            let (_, kept, _) = setting(&self.settings, field);
            self.editing = Some(NumberTyping::new(field, kept));
        }
        committed
    }

    /// The number being typed in setting `row`'s box, as its slider shows
    /// it while it is typed (as the arrows move the slider at once), where
    /// it is one the box would take with the other settings as they are.
    fn shown_on_slider(&self, row: usize) -> Option<u32> {
        let edit = self.editing.as_ref().filter(|e| e.field == row && !e.untouched())?;
        let (name, _, bounds) = setting(&self.settings, row);
        let typed = typed_number(name, &edit.text, bounds).ok()?;
        with_setting(self.settings, row, typed).validate().is_ok().then_some(typed)
    }

    fn set_no_guess(&mut self, session: &Session<MinesVariant>, on: bool) -> Reply<MinesVariant> {
        self.choose(session, Settings { no_guess: on, ..self.settings })
    }

    /// The face square `i` shows.
    fn face(&self, st: &Mines, i: usize, pressed: &[usize]) -> Face {
        let status = st.status();
        match st.square(i) {
            _ if self.pause.is_on() => Face::Covered,
            Square::Open if st.exploded().contains(&i) => Face::Exploded,
            Square::Open => Face::Open(st.number(i).unwrap_or(0)),
            Square::Covered(mark) => {
                let mine = st.is_mine(i);
                match (status, mark) {
                    (Status::Lost, Mark::Flag) if !mine => Face::WrongFlag,
                    (Status::Lost, Mark::None | Mark::Question) if mine => Face::Mine,
                    (Status::Won, _) if mine => Face::Flag,
                    (_, Mark::Flag) => Face::Flag,
                    _ if pressed.contains(&i) => Face::Pressed,
                    (_, Mark::Question) => Face::Question,
                    _ => Face::Covered,
                }
            }
        }
    }

    /// The squares shown held down while buttons are held.
    fn pressed(&self, st: &Mines) -> Vec<usize> {
        let Some(at) = self.press.at.filter(|_| self.press.any() && st.status() == Status::Playing) else {
            return Vec::new();
        };
        if self.press.middle || self.press.both {
            st.grid().block(at).collect()
        } else if self.press.left {
            vec![at]
        } else {
            Vec::new()
        }
    }

    /// The move a click or key makes on square `i`: open a covered square,
    /// open around a number.
    fn act_on(st: &Mines, i: usize) -> Reply<MinesVariant> {
        match st.square(i) {
            Square::Covered(_) => Reply::Play(MineMove::Open(i)),
            Square::Open if st.number(i).is_some_and(|n| n > 0) => Reply::Play(MineMove::Chord(i)),
            Square::Open => Reply::Unchanged,
        }
    }

    fn mark(st: &Mines, i: usize) -> Reply<MinesVariant> {
        match st.square(i) {
            Square::Covered(m) => Reply::Play(MineMove::Mark(i, m.next())),
            Square::Open => Reply::Unchanged,
        }
    }

    fn chord(st: &Mines, i: usize) -> Reply<MinesVariant> {
        if st.number(i).is_some_and(|n| n > 0) { Reply::Play(MineMove::Chord(i)) } else { Reply::Redraw }
    }

    fn paused_note() -> Reply<MinesVariant> {
        Reply::Say("The game is paused: press Resume (or P) to play on.".into())
    }

    fn toggle_pause(&mut self) -> Reply<MinesVariant> {
        if !self.pause.switch() {
            return Reply::Say(NOTHING_TO_PAUSE.into());
        }
        self.press = Press::default();
        Reply::Redraw
    }

    fn mouse_down(
        &mut self,
        session: &Session<MinesVariant>,
        l: &MinesLayout,
        (x, y): (i32, i32),
        button: Button,
    ) -> Reply<MinesVariant> {
        let st = session.state();
        if let Some(i) = l.hit(x, y) {
            let committed = self.commit(session);
            if !matches!(committed, Reply::Unchanged | Reply::Redraw) {
                return committed;
            }
            if self.pause.is_on() {
                return Self::paused_note();
            }
            match button {
                Button::Left => self.press.left = true,
                Button::Right => self.press.right = true,
                Button::Middle => self.press.middle = true,
            }
            self.press.both |= self.press.left && self.press.right;
            self.press.at = Some(i);
            return if st.status() == Status::Playing { Reply::Redraw } else { Reply::Unchanged };
        }
        if button != Button::Left {
            return Reply::Unchanged;
        }
        if l.new.contains(x, y) {
            self.editing = None;
            return Reply::Command(Command::New);
        }
        if l.pause.contains(x, y) {
            return self.toggle_pause();
        }
        for (row, r) in l.settings.iter().enumerate() {
            if r.number.contains(x, y) {
                let (_, value, _) = setting(&self.settings, row);
                let committed = self.commit(session);
                self.editing = Some(NumberTyping::new(row, value));
                return if matches!(committed, Reply::Unchanged) { Reply::Redraw } else { committed };
            }
            if r.slider.contains(x, y) {
                let committed = self.commit(session);
                self.sliding = Some((row, self.settings));
                self.slide(l, row, x);
                return if matches!(committed, Reply::Unchanged) { Reply::Redraw } else { committed };
            }
        }
        if l.no_guess.contains(x, y) {
            return self.set_no_guess(session, !self.settings.no_guess);
        }
        self.commit(session)
    }

    /// Moves a setting's slider to `x`, or as near it as the other
    /// settings allow: a drag stops at the limit (the narrowest field its
    /// mines fit in) rather than being refused when let go.
    fn slide(&mut self, l: &MinesLayout, row: usize, x: i32) {
        let (_, _, bounds) = setting(&self.settings, row);
        let wanted = widgets::slider_value(l.settings[row].slider, x, bounds);
        self.settings = with_setting(self.settings, row, nearest_allowed(self.settings, row, wanted));
    }

    fn mouse_up(
        &mut self,
        session: &Session<MinesVariant>,
        l: &MinesLayout,
        (x, y): (i32, i32),
        button: Button,
    ) -> Reply<MinesVariant> {
        if let Some((row, before)) = self.sliding.take() {
            self.slide(l, row, x);
            let after = self.settings;
            self.settings = before;
            return self.choose(session, after);
        }
        let st = session.state();
        let was = self.press;
        match button {
            Button::Left => self.press.left = false,
            Button::Right => self.press.right = false,
            Button::Middle => self.press.middle = false,
        }
        let Some(pressed_at) = was.at else { return Reply::Unchanged };
        let at = l.hit(x, y).unwrap_or(pressed_at);
        let reply = match button {
            _ if !was.any() => Reply::Unchanged,
            Button::Middle => Self::chord(st, at),
            // Both buttons: the chord waits for the second to be let go.
            Button::Left | Button::Right if was.both => {
                if self.press.left || self.press.right {
                    Reply::Redraw
                } else {
                    Self::chord(st, at)
                }
            }
            Button::Left if l.hit(x, y).is_some() => Self::act_on(st, at).unless_chord(),
            Button::Right if l.hit(x, y).is_some() => Self::mark(st, at),
            _ => Reply::Redraw,
        };
        if !self.press.any() {
            self.press = Press::default();
        }
        reply
    }

    /// A key while a number box is typed into.
    fn edit_key(&mut self, session: &Session<MinesVariant>, key: Key) -> Reply<MinesVariant> {
        let Some(edit) = &mut self.editing else { return Reply::Unchanged };
        match key {
            Key::Char(c) if c.is_ascii_digit() => {
                edit.digit(c, 3);
                Reply::Redraw
            }
            Key::Backspace => {
                edit.backspace();
                Reply::Redraw
            }
            Key::Escape => {
                self.editing = None;
                Reply::Redraw
            }
            Key::Tab => {
                let next = edit.field + 1;
                let committed = self.commit_from_the_keys(session);
                // A number taken goes on to the next box, whether it
                // deals the fresh field anew (Rules) or waits for New
                // Game (and says so); a number refused keeps the player at it.
                let taken = matches!(committed, Reply::Unchanged | Reply::Redraw | Reply::Say(_) | Reply::Rules(_));
                if next < 3 && taken {
                    let (_, value, _) = setting(&self.settings, next);
                    self.editing = Some(NumberTyping::new(next, value));
                    return if matches!(committed, Reply::Rules(_) | Reply::Say(_)) {
                        committed
                    } else {
                        Reply::Redraw
                    };
                }
                committed
            }
            Key::Enter => self.commit_from_the_keys(session),
            Key::Char(_) => {
                let (name, _, bounds) = setting(&self.settings, edit.field);
                self.digits_note.say(name, bounds)
            }
            _ => Reply::Unchanged,
        }
    }

    fn key(&mut self, session: &Session<MinesVariant>, key: Key) -> Reply<MinesVariant> {
        if self.editing.is_some() {
            let noted = self.digits_note.take_back();
            return self.edit_key(session, key).or_unsaid(noted);
        }
        if key == Key::Tab {
            let (_, value, _) = setting(&self.settings, 0);
            self.editing = Some(NumberTyping::new(0, value));
            return Reply::Redraw;
        }
        if matches!(key, Key::Char('p' | 'P')) {
            return self.toggle_pause();
        }
        if self.pause.is_on() {
            return Self::paused_note();
        }
        let st = session.state();
        let grid = st.grid();
        // A cursor not yet shown comes up on the box a hint framed, else
        // in the middle.
        let start = self.cursor.or(self.hinted).unwrap_or_else(|| grid.index(grid.width / 2, grid.height / 2));
        let (x, y) = grid.xy(start);
        let moved = match key {
            Key::Left => grid.index(x.saturating_sub(1), y),
            Key::Right => grid.index((x + 1).min(grid.width - 1), y),
            Key::Up => grid.index(x, y.saturating_sub(1)),
            Key::Down => grid.index(x, (y + 1).min(grid.height - 1)),
            // The first key shows the cursor, in the middle, and does no
            // more: a square is never opened or marked unseen. Space on a
            // box a hint framed opens it, as the hint promised.
            Key::Char(' ') | Key::Enter if self.cursor.is_none() && self.hinted.is_some() => {
                self.cursor = Some(start);
                return Self::act_on(st, start);
            }
            _ if self.cursor.is_none() && matches!(key, Key::Enter | Key::Char(' ' | 'f' | 'F' | 'm' | 'M')) => start,
            Key::Char(' ') | Key::Enter => return Self::act_on(st, start),
            Key::Char('f' | 'F' | 'm' | 'M') => return Self::mark(st, start),
            _ => return Reply::Unchanged,
        };
        self.cursor = Some(if self.cursor.is_none() { start } else { moved });
        Reply::Redraw
    }

    fn best_times(&self) -> Reply<MinesVariant> {
        let (stats, unread) = Stats::for_showing(&self.data_dir);
        let mut lines = Vec::new();
        for no_guess in [false, true] {
            // Each line names its board whole, as the Statistics box does:
            // a heading of its own read as a fourth size with no time. Short
            // enough for the Amiga PAL's requester (33 Topaz characters).
            let kind = if no_guess { NO_GUESSING } else { "" };
            for p in &PRESETS {
                let id = Settings { no_guess, ..Settings::preset(p) }.id();
                let best = stats.game(&id).and_then(|g| g.best_time_ms);
                let time = best.map_or_else(|| "none".to_string(), |ms| clock(ms / 1000));
                lines.push(format!("{}{kind}: {time}", p.name));
            }
        }
        lines.extend(unread);
        Reply::Ask(crate::machines::Requester { title: "Best Times".into(), lines, buttons: vec!["OK".into()] })
    }

    fn draw_panel(&self, session: &Session<MinesVariant>, s: &mut Surface, machine: &Machine, l: &MinesLayout) {
        let look = machine.look();
        let font = look.text_font;
        let ink = look.paint(Pen::Text);
        let st = session.state();
        s.draw_text(font, "Time", l.time_label.0, l.time_label.1, ink, TextStyle::PLAIN);
        counter(s, machine, l.time, &clock((session.elapsed_ms() / 1000).min(PANEL_CLOCK_MAX)));
        s.draw_text(font, "Flags", l.flags_label.0, l.flags_label.1, ink, TextStyle::PLAIN);
        counter(s, machine, l.flags, &st.flags_left().to_string());
        button(s, machine, l.new, "New", true);
        button(s, machine, l.pause, pause::label(self.pause.is_on()), self.pause.applies());
        for (row, r) in l.settings.iter().enumerate() {
            let (name, value, bounds) = setting(&self.settings, row);
            s.draw_text(font, name, r.label.0, r.label.1, ink, TextStyle::PLAIN);
            slider(s, machine, r.slider, self.shown_on_slider(row).unwrap_or(value), bounds, true);
            match &self.editing {
                Some(e) if e.field == row => text_box(s, machine, r.number, &e.text, true),
                _ => text_box(s, machine, r.number, &value.to_string(), false),
            }
        }
        check_box(s, machine, (l.no_guess.x, l.no_guess.y), "No guessing", self.settings.no_guess);
    }
}

/// A left click on an open number does nothing by itself (the middle
/// button or both buttons open around it).
trait UnlessChord {
    fn unless_chord(self) -> Self;
}

impl UnlessChord for Reply<MinesVariant> {
    fn unless_chord(self) -> Self {
        match self {
            Reply::Play(MineMove::Chord(_)) => Reply::Redraw,
            other => other,
        }
    }
}

impl Board<MinesVariant> for MinesBoard {
    fn title(&self) -> String {
        TITLE.into()
    }

    /// Forgets the buttons held down (one left down would make the next
    /// right click a chord) and puts a dragged slider back.
    fn cancel_press(&mut self) {
        self.press = Press::default();
        if let Some((_, before)) = self.sliding.take() {
            self.settings = before;
        }
    }

    fn menu_items(&self, session: &Session<MinesVariant>) -> Vec<MenuItem> {
        let now = session.variant().settings();
        let mut items: Vec<MenuItem> = PRESETS
            .iter()
            .zip(PRESET_COMMANDS)
            .map(|(p, c)| MenuItem::new(p.name, Command::View(c)).checked(now.preset_of() == Some(p)))
            .collect();
        items.push(MenuItem::separator());
        items.push(pause::menu_item(self.pause.is_on()));
        items.push(MenuItem::new("Best Times...", Command::View(BEST_TIMES)));
        items
    }

    fn menus(&self, _session: &Session<MinesVariant>) -> Vec<Menu> {
        vec![Menu::new(
            OPTIONS_MENU,
            vec![MenuItem::new("No Guessing", Command::View(NO_GUESS)).checked(self.settings.no_guess)],
        )]
    }

    fn fields(&self, session: &Session<MinesVariant>) -> Vec<(&'static str, String)> {
        vec![("Flags", session.state().flags_left().to_string())]
    }

    fn draw(&self, session: &Session<MinesVariant>, s: &mut Surface, machine: &Machine, area: Rect) {
        let st = session.state();
        let look = machine.look();
        s.fill_rect(area, look.paint(Pen::Background));
        let l = Self::layout(st, machine, area);
        self.draw_panel(session, s, machine, &l);
        let pressed = self.pressed(st);
        for i in 0..st.grid().len() {
            paint::square(s, machine, l.square(i), self.face(st, i, &pressed));
        }
        // A one-bit screen's shadow pen is a grey stipple, which the
        // covered squares' own stipple swallows: the field is framed in
        // black there, closed on all four sides.
        let frame = if look.is_monochrome() { Pen::Text } else { Pen::Shadow };
        s.frame_rect(Rect::new(l.field.x - 1, l.field.y - 1, l.field.w + 2, l.field.h + 2), look.paint(frame));
        // Round the square, over its edge and its neighbours', a ring of
        // the highlight pen between two of the text pen: the same all
        // round, unlike any bevel, plain on every table (the Amiga's
        // highlight pen is its shine), and clear of the square's inside,
        // so its number stays readable on the smallest squares. A one-bit
        // screen's highlight pen is black: there the ring is white, or the
        // three would make one black slab.
        let light = if look.is_monochrome() { Pen::Background } else { Pen::Highlight };
        let (dark, light) = (look.paint(Pen::Text), look.paint(light));
        // The keyboard's cursor shows where the keys go: not while they
        // go to a number box, whose caret shows instead.
        let cursor = self.cursor.filter(|_| self.editing.is_none());
        for at in self.hinted.into_iter().chain(cursor).filter(|_| !self.pause.is_on()) {
            let r = l.square(at);
            for (k, ink) in [(-2, dark), (-1, light), (0, dark)] {
                s.frame_rect(r.inset(k, k), ink);
            }
        }
        if self.pause.is_on() {
            pause::draw_sign(s, machine, l.field);
        }
    }

    fn input(
        &mut self,
        session: &Session<MinesVariant>,
        input: &Input,
        machine: &Machine,
        area: Rect,
    ) -> Reply<MinesVariant> {
        let l = Self::layout(session.state(), machine, area);
        match *input {
            Input::MouseDown { x, y, button } => {
                let hidden = self.cursor.take().is_some();
                self.mouse_down(session, &l, (x, y), button).or_redraw(hidden)
            }
            Input::MouseUp { x, y, button } => self.mouse_up(session, &l, (x, y), button),
            Input::MouseMove { x, y } => {
                if let Some((row, _)) = self.sliding {
                    self.slide(&l, row, x);
                    return Reply::Redraw;
                }
                if self.press.any()
                    && let Some(i) = l.hit(x, y)
                    && self.press.at != Some(i)
                {
                    self.press.at = Some(i);
                    return Reply::Redraw;
                }
                Reply::Unchanged
            }
            Input::Key { key, mods } if !mods.ctrl && !mods.alt => self.key(session, key),
            _ => Reply::Unchanged,
        }
    }

    fn command(&mut self, session: &Session<MinesVariant>, command: ViewCommand) -> Reply<MinesVariant> {
        if let Some(i) = PRESET_COMMANDS.iter().position(|&c| c == command) {
            let next = Settings { no_guess: self.settings.no_guess, ..Settings::preset(&PRESETS[i]) };
            self.editing = None;
            if let Err(e) = next.validate() {
                return Reply::Ask(message_box(TITLE, &e.0));
            }
            self.preset_asked = Some(next);
            return MinesVariant::new(next).map_or_else(|e| Reply::Ask(message_box(TITLE, &e.0)), Reply::Rules);
        }
        match command {
            PAUSE => self.toggle_pause(),
            NO_GUESS => self.set_no_guess(session, !self.settings.no_guess),
            BEST_TIMES => self.best_times(),
            _ => Reply::Unchanged,
        }
    }

    fn can(&self, _session: &Session<MinesVariant>, command: ViewCommand) -> bool {
        PRESET_COMMANDS.contains(&command)
            || matches!(command, NO_GUESS | BEST_TIMES)
            || (command == PAUSE && self.pause.applies())
    }

    fn arrived(&mut self, session: &Session<MinesVariant>) {
        if let Some(asked) = self.preset_asked.take()
            && asked == *session.variant().settings()
        {
            self.settings = asked;
        }
    }

    /// A game resumed under way waits paused, its clock stopped, until
    /// the player presses Resume: the time of a MineSweeper game is its
    /// score, and it must not run while the player finds their place.
    fn on_resume(&mut self, _session: &Session<MinesVariant>) -> Option<MineMove> {
        self.pause.hold();
        None
    }

    fn resumed(&self, _session: &Session<MinesVariant>) -> Option<&'static str> {
        self.pause.is_on().then_some(RESUMED_PAUSED)
    }

    fn reset(&mut self) {
        self.press = Press::default();
        self.sliding = None;
        self.pause.resume();
        self.hinted = None;
    }

    fn hint(&mut self, session: &Session<MinesVariant>) -> Result<MineMove, String> {
        let st = session.state();
        match st.safe_square() {
            Ok(i) => Ok(MineMove::Open(i)),
            Err(NoSafe::Guess) => Err("No box is proved free: the numbers leave only guesses here.".into()),
            Err(NoSafe::GaveUp) => Err("No free box found in time. Try the edges.".into()),
            Err(NoSafe::Nothing) => Err("No covered box is left.".into()),
        }
    }

    /// Frames the box to open, and brings a cursor shown there, so that
    /// Space opens it (as a card game's hint brings it to the cards); a
    /// cursor not shown comes up there at the first Space, which opens it.
    fn show_hint(&mut self, _session: &Session<MinesVariant>, m: &MineMove) {
        if let MineMove::Open(i) = *m {
            self.hinted = Some(i);
            if self.cursor.is_some() {
                self.cursor = Some(i);
            }
        }
    }

    fn ending(&self, session: &Session<MinesVariant>) -> String {
        match session.state().status() {
            Status::Won => format!("Cleared! {} in {}.", TITLE, clock(session.elapsed_ms() / 1000)),
            _ => "Bad luck: a mine went off. Every mine is shown now.".into(),
        }
    }

    /// Which boards the figures are of: each size, with or without
    /// guessing, keeps its own record, and every custom size shares one.
    fn stats_lines(&self, session: &Session<MinesVariant>, _stats: &GameStats) -> Vec<String> {
        let settings = session.variant().settings();
        let board = match settings.preset_of() {
            Some(p) => format!("{}, {} x {}, {} mines", p.name, p.width, p.height, p.mines),
            None => "custom, any size".to_string(),
        };
        let kind = if settings.no_guess { NO_GUESSING } else { "" };
        vec![format!("Board: {board}{kind}")]
    }

    /// The size's best time is a figure of its record: Best Times reads
    /// it there.
    fn reset_keeps(&self, _session: &Session<MinesVariant>) -> Option<String> {
        Some("Its best time goes too.".into())
    }

    /// The board whose record the box shows, as its Board line names it.
    fn stats_of(&self, session: &Session<MinesVariant>) -> String {
        let settings = session.variant().settings();
        let board = match settings.preset_of() {
            Some(p) => format!("{TITLE}'s {} board", p.name),
            None => format!("{TITLE}'s custom boards"),
        };
        let kind = if settings.no_guess { " with no guessing" } else { "" };
        format!("{board}{kind}")
    }

    fn finished(&mut self, session: &Session<MinesVariant>) -> Vec<String> {
        let settings = session.variant().settings();
        let (Status::Won, Some(preset)) = (session.state().status(), settings.preset_of()) else { return Vec::new() };
        let stats = Stats::load(&self.data_dir).unwrap_or_default();
        let best = stats.game(session.variant().id()).and_then(|g| g.best_time_ms);
        // No-guessing boards keep records of their own.
        let kind = if settings.no_guess { " with no guessing" } else { "" };
        if best == Some(session.elapsed_ms()) {
            vec![format!("A best time for {}{kind}!", preset.name)]
        } else {
            Vec::new()
        }
    }

    fn new_rules(&self, session: &Session<MinesVariant>) -> Option<MinesVariant> {
        (self.settings != *session.variant().settings()).then(|| MinesVariant::new(self.settings).ok()).flatten()
    }

    fn paused(&self) -> bool {
        self.pause.is_on()
    }

    fn clock_counts(&mut self, counts: bool) {
        self.pause.clock_counts(counts);
    }

    /// Over the field the right button marks a square; off it (the
    /// panel, the screen around) it means nothing to MineSweeper, so the
    /// menus open there as in every game.
    fn traps_right_button(
        &self,
        session: &Session<MinesVariant>,
        x: i32,
        y: i32,
        machine: &Machine,
        area: Rect,
    ) -> bool {
        Self::layout(session.state(), machine, area).field.contains(x, y)
    }

    /// The panel's settings (the next game's), and the field of the game
    /// shown, which MineSweeper opens at.
    fn prefs(&self, session: &Session<MinesVariant>) -> Vec<(&'static str, String)> {
        let s = &self.settings;
        vec![
            ("width", s.width.to_string()),
            ("height", s.height.to_string()),
            ("mines", s.mines.to_string()),
            ("no-guess", if s.no_guess { "1" } else { "0" }.to_string()),
            (SHOWN_PREF, session.variant().settings().options()),
        ]
    }
}
