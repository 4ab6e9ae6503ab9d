//! Scramble's two dialogs, drawn over the puzzle: Change Size (columns
//! and rows, each a slider and a number box) and Change Picture (a list of
//! the pictures there are). Each is a little state machine fed the view's
//! input; it says when it is done and with what.

use std::cell::Cell;

use crate::gfx::{Rect, Surface, TextStyle};
use crate::machines::{Button, Input, Key, Machine, Pen};
use crate::views::widgets::{
    self, ButtonFocus, DialogRoom, FocusKey, ListLayout, ListScroll, NumberTyping, TypeSelect, button, default_button,
    dialog_box, list_layout, scrolled_list, slider, text_box,
};

use super::picture::Source;
use crate::games::scramble::rules::SIZE;

/// What a dialog's input came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<T> {
    /// Still open; redraw if true.
    Open(bool),
    Cancel,
    Done(T),
    /// A value was refused: say this, and stay open.
    Refused(String),
    /// A key that is no digit was typed in the number box of this name:
    /// say that it takes digits only, and stay open.
    DigitsOnly(&'static str),
}

fn bounds_text(what: &str, value: &str) -> String {
    format!("{what} must be a number from {} to {}, not {value:?}.", SIZE.0, SIZE.1)
}

/// The size typed in a Change Size box, or why it is none.
fn size_typed(typing: &NumberTyping) -> Result<usize, String> {
    let (name, text) = (LABELS[typing.field], typing.text.as_str());
    let v = widgets::typed_number(name, text, (SIZE.0 as u32, SIZE.1 as u32))? as usize;
    if (SIZE.0..=SIZE.1).contains(&v) { Ok(v) } else { Err(bounds_text(name, text)) }
}

/// Change Size: columns and rows of pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeDialog {
    pub values: [usize; 2],
    /// The number box typed into: 0 columns, 1 rows.
    editing: Option<NumberTyping>,
    sliding: Option<usize>,
    /// OK (0) or Cancel (1), once Tab has moved the keyboard past the
    /// boxes; the arrows still change the size there.
    on_button: Option<usize>,
}

struct SizeLayout {
    frame: Rect,
    labels: [(i32, i32); 2],
    sliders: [Rect; 2],
    boxes: [Rect; 2],
    ok: Rect,
    cancel: Rect,
}

const LABELS: [&str; 2] = ["Columns", "Rows"];
/// The most digits a number box takes.
const DIGITS: usize = 2;

impl SizeDialog {
    /// The box as it opens: the Columns box has the keyboard, so digits
    /// typed at once go into it, not nowhere.
    pub fn new(cols: usize, rows: usize) -> SizeDialog {
        let mut dialog = SizeDialog { values: [cols, rows], editing: None, sliding: None, on_button: None };
        dialog.edit(0);
        dialog
    }

    /// Puts the focus in number box `i`, holding its value.
    fn edit(&mut self, i: usize) {
        self.editing = Some(NumberTyping::new(i, self.values[i]));
    }

    fn layout(machine: &Machine, area: Rect) -> SizeLayout {
        let font = machine.look().text_font;
        let row = font.height() as i32 + 8;
        let label_w = font.text_width("Columns") as i32 + 8;
        let box_w = font.text_width("88") as i32 + 12;
        let room = DialogRoom::of(machine);
        // A slider of 120 where the screen has room, and 16 spare.
        let w = (area.w - 16).min(room.across() + label_w + 120 + box_w + 8 + 16);
        let slider_w = w - room.across() - label_w - box_w - 8 - 16;
        // Two rows of sliders, and the buttons' row 2 short of a third.
        let h = room.down() + 3 * row + 2;
        let frame = area.centred(w, h);
        let inner = room.inside(frame);
        let line = |i: i32| inner.y + i * row;
        let labels = [0, 1].map(|i| (inner.x, line(i) + 3));
        let sliders = [0, 1].map(|i| Rect::new(inner.x + label_w, line(i) + 2, slider_w, row - 6));
        let boxes = [0, 1].map(|i| Rect::new(inner.x + label_w + slider_w + 8, line(i), box_w, row - 2));
        let bw = machine.look().title_font.text_width("Cancel") as i32 + 16;
        let ok = Rect::new(inner.right() - 2 * bw - 8, line(2) + 4, bw, row - 2);
        let cancel = Rect::new(inner.right() - bw, line(2) + 4, bw, row - 2);
        SizeLayout { frame, labels, sliders, boxes, ok, cancel }
    }

    pub fn draw(&self, s: &mut Surface, machine: &Machine, area: Rect) {
        let l = Self::layout(machine, area);
        dialog_box(s, machine, l.frame, "Change Size");
        let look = machine.look();
        for (i, label) in LABELS.iter().enumerate() {
            s.draw_text(look.text_font, label, l.labels[i].0, l.labels[i].1, look.paint(Pen::Text), TextStyle::PLAIN);
            slider(s, machine, l.sliders[i], self.shown_on_slider(i) as u32, (SIZE.0 as u32, SIZE.1 as u32), true);
            match &self.editing {
                Some(typing) if typing.field == i => text_box(s, machine, l.boxes[i], &typing.text, true),
                _ => text_box(s, machine, l.boxes[i], &self.values[i].to_string(), false),
            }
        }
        // Return takes the sizes, except on Cancel.
        let returns_to = self.on_button.unwrap_or(0);
        for (i, (label, r)) in [("OK", l.ok), ("Cancel", l.cancel)].into_iter().enumerate() {
            let draw = if i == returns_to { default_button } else { button };
            draw(s, machine, r, label, true);
        }
        if let Some(b) = self.on_button {
            widgets::button_focus_frame(s, machine, [l.ok, l.cancel][b]);
        }
    }

    /// The value slider `i` shows: a number being typed in its box as it
    /// is typed, where it is one the box would take, as the arrows move
    /// it at once; else the value taken.
    fn shown_on_slider(&self, i: usize) -> usize {
        match &self.editing {
            Some(typing) if typing.field == i && !typing.untouched() => size_typed(typing).unwrap_or(self.values[i]),
            _ => self.values[i],
        }
    }

    /// Where the keyboard is in Tab's round: the Columns box (as the box
    /// opens), the Rows box, OK, Cancel; none once a click has taken it
    /// off them all.
    fn tab_stop(&self) -> Option<usize> {
        self.editing.as_ref().map(|typing| typing.field).or(self.on_button.map(|b| b + 2))
    }

    /// Takes the typed number, if any. One refused leaves the size as it
    /// was, and its box, still the player's, shows that value again once
    /// the box saying why is closed (as MineSweeper's boxes do): digits
    /// typed replace it, and Tab goes on from it, where the number
    /// refused, left in the box, would be refused at every Tab.
    fn commit(&mut self) -> Result<(), String> {
        let Some(typing) = self.editing.take().filter(|typing| !typing.untouched()) else { return Ok(()) };
        match size_typed(&typing) {
            Ok(v) => {
                self.values[typing.field] = v;
                Ok(())
            }
            Err(why) => {
                self.editing = Some(NumberTyping::new(typing.field, self.values[typing.field]));
                Err(why)
            }
        }
    }

    fn finish(&mut self) -> Outcome<(usize, usize)> {
        match self.commit() {
            Ok(()) => Outcome::Done((self.values[0], self.values[1])),
            Err(e) => Outcome::Refused(e),
        }
    }

    /// An arrow key: Left and Right change the columns, Up and Down the
    /// rows (Right and Up for more, as a number steps up), from a box as
    /// well as from a button, since a box has the keyboard as the dialog
    /// opens. A number typed is taken first, and the box keeps the
    /// keyboard, showing the new value.
    fn step(&mut self, key: Key) -> Outcome<(usize, usize)> {
        let typing_in = self.editing.as_ref().map(|typing| typing.field);
        if let Err(e) = self.commit() {
            return Outcome::Refused(e);
        }
        let (i, step) = match key {
            Key::Left => (0, -1),
            Key::Right => (0, 1),
            Key::Up => (1, 1),
            _ => (1, -1),
        };
        self.values[i] = (self.values[i] as i32 + step).clamp(SIZE.0 as i32, SIZE.1 as i32) as usize;
        if let Some(field) = typing_in {
            self.edit(field);
        }
        Outcome::Open(true)
    }

    pub fn input(&mut self, input: &Input, machine: &Machine, area: Rect) -> Outcome<(usize, usize)> {
        let l = Self::layout(machine, area);
        let bounds = (SIZE.0 as u32, SIZE.1 as u32);
        match *input {
            Input::MouseDown { x, y, button: Button::Left } => {
                self.on_button = None;
                if l.ok.contains(x, y) {
                    return self.finish();
                }
                if l.cancel.contains(x, y) {
                    return Outcome::Cancel;
                }
                for i in 0..2 {
                    if l.boxes[i].contains(x, y) {
                        if let Err(e) = self.commit() {
                            return Outcome::Refused(e);
                        }
                        self.edit(i);
                        return Outcome::Open(true);
                    }
                    if l.sliders[i].contains(x, y) {
                        // The slider has the last word on its own box's
                        // value; a number typed in the other box is taken.
                        if self.editing.as_ref().is_some_and(|typing| typing.field == i) {
                            self.editing = None;
                        } else if let Err(e) = self.commit() {
                            return Outcome::Refused(e);
                        }
                        self.sliding = Some(i);
                        self.values[i] = widgets::slider_value(l.sliders[i], x, bounds) as usize;
                        return Outcome::Open(true);
                    }
                }
                Outcome::Open(false)
            }
            Input::MouseMove { x, .. } => match self.sliding {
                Some(i) => {
                    self.values[i] = widgets::slider_value(l.sliders[i], x, bounds) as usize;
                    Outcome::Open(true)
                }
                None => Outcome::Open(false),
            },
            Input::MouseUp { .. } => Outcome::Open(self.sliding.take().is_some()),
            Input::Key { key, mods } => match (key, &mut self.editing) {
                (Key::Char(c), Some(typing)) if c.is_ascii_digit() => Outcome::Open(typing.digit(c, DIGITS)),
                (Key::Char(_), Some(typing)) if !mods.ctrl && !mods.alt => Outcome::DigitsOnly(LABELS[typing.field]),
                (Key::Backspace, Some(typing)) => {
                    typing.backspace();
                    Outcome::Open(true)
                }
                (Key::Tab, _) => {
                    // The round: the two boxes, OK, Cancel; Shift-Tab back.
                    let by = if mods.shift { -1 } else { 1 };
                    let next = match self.tab_stop() {
                        Some(at) => widgets::step_round(at, by, 4),
                        None if mods.shift => 3,
                        None => 0,
                    };
                    if let Err(e) = self.commit() {
                        return Outcome::Refused(e);
                    }
                    self.on_button = next.checked_sub(2);
                    if next < 2 {
                        self.edit(next);
                    }
                    Outcome::Open(true)
                }
                (Key::Enter | Key::Char(' '), None) if self.on_button == Some(1) => Outcome::Cancel,
                (Key::Char(' '), None) if self.on_button == Some(0) => self.finish(),
                (Key::Left | Key::Right | Key::Up | Key::Down, _) => self.step(key),
                (Key::Enter, _) => self.finish(),
                (Key::Escape, _) => Outcome::Cancel,
                _ => Outcome::Open(false),
            },
            _ => Outcome::Open(false),
        }
    }
}

/// Change Picture: the pictures there are, one selected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PictureDialog {
    pub sources: Vec<Source>,
    pub selected: usize,
    /// The list's scrolling, moved while drawing to bring the picture in
    /// use into view when the box opens (see [`ListLayout::first_row`]).
    scroll: Cell<ListScroll>,
    /// Set until the list is first laid out.
    reveal: Cell<bool>,
    /// OK or Cancel, once Tab has moved the keyboard there.
    focus: ButtonFocus,
    /// Letters typed to find a row.
    typed: TypeSelect,
}

struct PictureLayout {
    frame: Rect,
    list: ListLayout,
    note: (i32, i32),
    ok: Rect,
    cancel: Rect,
}

impl PictureDialog {
    pub fn new(sources: Vec<Source>, current: &Source) -> PictureDialog {
        let selected = sources.iter().position(|s| s == current).unwrap_or(0);
        PictureDialog {
            sources,
            selected,
            scroll: Cell::new(ListScroll::default()),
            reveal: Cell::new(true),
            focus: ButtonFocus::default(),
            typed: TypeSelect::default(),
        }
    }

    fn layout(&self, machine: &Machine, area: Rect) -> PictureLayout {
        let look = machine.look();
        let row = look.text_font.height() as i32 + 8;
        let w = (area.w - 16).min(360);
        let room = DialogRoom::of(machine);
        let h = (area.h - 16).min(room.down() + 8 * row);
        let frame = area.centred(w, h);
        let inner = room.inside(frame);
        let buttons_y = inner.bottom() - (row - 2);
        let note = (inner.x, buttons_y - look.text_font.height() as i32 - 4);
        let list =
            list_layout(machine, Rect::from_edges(inner.x, inner.y, inner.right(), note.1 - 4), self.sources.len());
        let bw = look.title_font.text_width("Cancel") as i32 + 16;
        let ok = Rect::new(inner.right() - 2 * bw - 8, buttons_y, bw, row - 2);
        let cancel = Rect::new(inner.right() - bw, buttons_y, bw, row - 2);
        PictureLayout { frame, list, note, ok, cancel }
    }

    /// Selects row `i`, scrolled into view.
    fn select(&mut self, i: usize, list: &ListLayout) -> Outcome<Source> {
        let mut scroll = self.scroll.get();
        let changed = list.select(&mut scroll, &mut self.selected, i, self.sources.len());
        self.scroll.set(scroll);
        Outcome::Open(changed)
    }

    /// The first row shown, clamped to the list (and, the first time,
    /// moved to bring the selection into view).
    fn first_row(&self, list: &ListLayout) -> usize {
        list.first_row(&self.scroll, &self.reveal, self.selected, self.sources.len())
    }

    /// The pictures' names: each by its name without the ending, built-in
    /// or the player's alike, but a file whose name without it another
    /// picture shares ("lighthouse.png" beside the built-in lighthouse,
    /// "cat.png" beside "cat.bmp") by its whole file name.
    fn names(&self) -> Vec<String> {
        let labels: Vec<String> = self.sources.iter().map(Source::label).collect();
        let shared = |label: &String| labels.iter().filter(|&l| l == label).count() > 1;
        self.sources
            .iter()
            .zip(&labels)
            .map(|(src, label)| match src {
                Source::File(p) if shared(label) => crate::core::files::file_name(p),
                _ => label.clone(),
            })
            .collect()
    }

    /// The list's rows for a row `room` pixels wide: names too long are
    /// shortened, and those that would then read alike ("holiday snapshot
    /// from the..." on the Amiga PAL) keep the words that tell them apart
    /// (see [`widgets::distinct_rows`]).
    fn rows(&self, machine: &Machine, list: &ListLayout) -> Vec<String> {
        let names = self.names();
        let names: Vec<(&str, usize)> = names.iter().map(|n| (n.as_str(), 0)).collect();
        widgets::distinct_rows(machine.look().text_font, &names, widgets::row_room(list.rows))
    }

    pub fn draw(&self, s: &mut Surface, machine: &Machine, area: Rect) {
        let l = self.layout(machine, area);
        dialog_box(s, machine, l.frame, "Change Picture");
        let (first, selected) = (self.first_row(&l.list), Some(self.selected));
        scrolled_list(s, machine, &l.list, &self.rows(machine, &l.list), first, selected, self.focus.on_list());
        let look = machine.look();
        let note = "PNG, BMP or IFF files in pictures/";
        s.draw_text(look.text_font, note, l.note.0, l.note.1, look.paint(Pen::Text), TextStyle::PLAIN);
        self.focus.draw(s, machine, &[("OK", l.ok, !self.sources.is_empty()), ("Cancel", l.cancel, true)]);
    }

    pub fn input(&mut self, input: &Input, machine: &Machine, area: Rect) -> Outcome<Source> {
        let l = self.layout(machine, area);
        let total = self.sources.len();
        let chosen = |d: &PictureDialog| d.sources.get(d.selected).cloned().map_or(Outcome::Cancel, Outcome::Done);
        let back_to_list = match self.focus.input(input, 2) {
            FocusKey::Moved => return Outcome::Open(true),
            FocusKey::Pressed(0) => return chosen(self),
            FocusKey::Pressed(_) => return Outcome::Cancel,
            FocusKey::ToList => true,
            FocusKey::Other => false,
        };
        let first = self.first_row(&l.list);
        let mut scroll = self.scroll.get();
        if scroll.input(input, &l.list, total) {
            self.scroll.set(scroll);
            return Outcome::Open(true);
        }
        let outcome = if let Some(row) = l.list.row_for_key(input, self.selected, total) {
            self.select(row, &l.list)
        } else if let Some(c) = widgets::typed_letter(input) {
            let found = self.typed.select(&self.names(), self.selected, c);
            found.map_or(Outcome::Open(false), |i| self.select(i, &l.list))
        } else {
            match *input {
                Input::MouseDown { x, y, button: Button::Left } => {
                    if l.ok.contains(x, y) {
                        return chosen(self);
                    }
                    if l.cancel.contains(x, y) {
                        return Outcome::Cancel;
                    }
                    match l.list.row_at(first, total, x, y) {
                        Some(i) => {
                            self.selected = i;
                            Outcome::Open(true)
                        }
                        None => Outcome::Open(false),
                    }
                }
                Input::Key { key: Key::Enter | Key::Char(' '), .. } => chosen(self),
                Input::Key { key: Key::Escape, .. } => Outcome::Cancel,
                _ => Outcome::Open(false),
            }
        };
        // The mark on the button the keyboard left is drawn away.
        if back_to_list && outcome == Outcome::Open(false) { Outcome::Open(true) } else { outcome }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machines::{MachineChoice, MachineId};

    /// A slider moved after its box took the focus has the last word; a
    /// number typed in the other box is taken when a slider is pressed.
    #[test]
    fn a_slider_moved_after_its_box_was_focused_keeps_its_value() {
        let id = MachineId::AmigaPal;
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let area = m.content();
        let l = SizeDialog::layout(&m, area);
        let press = |r: Rect, x: i32| Input::MouseDown { x, y: r.y + r.h / 2, button: Button::Left };
        let release = Input::MouseUp { x: 0, y: 0, button: Button::Left };
        let mut d = SizeDialog::new(4, 4);
        d.input(&press(l.boxes[0], l.boxes[0].x + 2), &m, area);
        d.input(&press(l.sliders[0], l.sliders[0].right() - 1), &m, area);
        d.input(&release, &m, area);
        assert_eq!(
            d.input(&Input::Key { key: Key::Enter, mods: Default::default() }, &m, area),
            Outcome::Done((SIZE.1, 4))
        );

        let mut d = SizeDialog::new(4, 4);
        d.input(&press(l.boxes[1], l.boxes[1].x + 2), &m, area);
        d.input(&Input::Key { key: Key::Char('5'), mods: Default::default() }, &m, area);
        d.input(&press(l.sliders[0], l.sliders[0].x), &m, area);
        d.input(&release, &m, area);
        assert_eq!(
            d.input(&Input::Key { key: Key::Enter, mods: Default::default() }, &m, area),
            Outcome::Done((SIZE.0, 5))
        );
    }

    /// The picture list moves by the keys every list moves by (see
    /// [`ListLayout::row_for_key`]): End, Home and a page on and back.
    #[test]
    fn the_picture_list_moves_by_the_keys_of_every_list() {
        let id = MachineId::AmigaPal;
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let area = m.content();
        let key = |key| Input::Key { key, mods: Default::default() };
        let sources: Vec<Source> = (0..30).map(|i| Source::File(format!("/p/{i:02}.png").into())).collect();
        let mut d = PictureDialog::new(sources, &Source::File("/p/00.png".into()));
        let page = d.layout(&m, area).list.visible - 1;
        d.input(&key(Key::End), &m, area);
        assert_eq!(d.selected, 29);
        assert_eq!(d.input(&key(Key::End), &m, area), Outcome::Open(false), "nothing moves past the end");
        d.input(&key(Key::Home), &m, area);
        assert_eq!(d.selected, 0);
        d.input(&key(Key::PageDown), &m, area);
        assert_eq!(d.selected, page);
        d.input(&key(Key::PageUp), &m, area);
        assert_eq!(d.selected, 0);
    }

    /// The box opens with the picture in use in view: a click on the top
    /// row shown picks a row near it, not the list's first.
    #[test]
    fn the_picture_list_opens_scrolled_to_the_picture_in_use() {
        let id = MachineId::Yazzle;
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let area = m.content();
        let sources: Vec<Source> = (0..30).map(|i| Source::File(format!("/p/{i:02}.png").into())).collect();
        let mut d = PictureDialog::new(sources, &Source::File("/p/25.png".into()));
        let list = d.layout(&m, area).list;
        assert!(list.visible < 26, "the list shows {} rows", list.visible);
        let top = list.rows.inset(2, 2);
        d.input(&Input::MouseDown { x: top.x + 4, y: top.y + 1, button: Button::Left }, &m, area);
        assert_eq!(d.selected, 26 - list.visible, "the top row shown");
    }

    /// A number box emptied and left says it is empty, not that `""` is
    /// no size; a number out of range says the range.
    #[test]
    fn an_emptied_number_box_says_it_is_empty() {
        let id = MachineId::AmigaPal;
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let area = m.content();
        let key = |key| Input::Key { key, mods: Default::default() };
        let mut d = SizeDialog::new(4, 4);
        d.input(&key(Key::Backspace), &m, area);
        let empty = Outcome::Refused("Columns is empty: type a number from 2 to 6.".into());
        assert_eq!(d.input(&key(Key::Tab), &m, area), empty);
        assert_eq!(d.values, [4, 4], "the size stays");
        // The box refused shows the size kept, and is the player's still:
        // a digit replaces it, and Tab goes on to the next.
        assert_eq!(d.editing.as_ref().map(|t| t.text.as_str()), Some("4"));
        d.input(&key(Key::Char('3')), &m, area);
        assert_eq!(d.input(&key(Key::Tab), &m, area), Outcome::Open(true));
        d.input(&key(Key::Backspace), &m, area);
        assert_eq!(
            d.input(&key(Key::Enter), &m, area),
            Outcome::Refused("Rows is empty: type a number from 2 to 6.".into())
        );
        d.input(&key(Key::Char('9')), &m, area);
        let out = d.input(&key(Key::Enter), &m, area);
        assert_eq!(out, Outcome::Refused("Rows must be a number from 2 to 6, not \"9\".".into()));
        assert_eq!(d.values, [3, 4]);
        // Left as it is given back, the box is no trap: Return takes the
        // size kept.
        assert_eq!(d.input(&key(Key::Enter), &m, area), Outcome::Done((3, 4)));
    }

    /// Tab goes round the two boxes, OK and Cancel, from the Columns box,
    /// which has the keyboard as the dialog opens, and Return or Space
    /// presses the button it is on.
    #[test]
    fn tab_reaches_ok_and_cancel() {
        let id = MachineId::AmigaPal;
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let area = m.content();
        let key = |key| Input::Key { key, mods: Default::default() };
        let back_tab =
            Input::Key { key: Key::Tab, mods: crate::machines::Modifiers { shift: true, ..Default::default() } };
        let mut d = SizeDialog::new(4, 4);
        assert_eq!(d.tab_stop(), Some(0), "the Columns box has the keyboard as the dialog opens");
        let stops: Vec<Option<usize>> = (0..4)
            .map(|_| {
                d.input(&key(Key::Tab), &m, area);
                d.tab_stop()
            })
            .collect();
        assert_eq!(stops, [Some(1), Some(2), Some(3), Some(0)]);
        d.input(&back_tab, &m, area);
        assert_eq!(d.tab_stop(), Some(3));
        d.input(&key(Key::Right), &m, area);
        assert_eq!(d.input(&key(Key::Char(' ')), &m, area), Outcome::Cancel);
        d.input(&back_tab, &m, area);
        assert_eq!(d.tab_stop(), Some(2), "Cancel, then OK");
        // The arrows still change the size on a button; Space takes it.
        d.input(&key(Key::Right), &m, area);
        assert_eq!(d.input(&key(Key::Char(' ')), &m, area), Outcome::Done((6, 4)), "4, and Right twice");
        // A click takes the keyboard off the buttons.
        let mut d = SizeDialog::new(4, 4);
        (0..2).for_each(|_| drop(d.input(&key(Key::Tab), &m, area)));
        d.input(&Input::MouseDown { x: 0, y: 0, button: Button::Left }, &m, area);
        assert_eq!(d.tab_stop(), None);
    }

    /// The arrows change the size from a box too, as the Columns box has
    /// the keyboard as the dialog opens: a number typed is taken first,
    /// and the box shows the new value, which the next digit replaces.
    #[test]
    fn the_arrows_change_the_size_from_a_box() {
        let id = MachineId::AmigaPal;
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let area = m.content();
        let key = |key| Input::Key { key, mods: Default::default() };
        let mut d = SizeDialog::new(4, 4);
        d.input(&key(Key::Char('3')), &m, area);
        d.input(&key(Key::Right), &m, area);
        d.input(&key(Key::Up), &m, area);
        assert_eq!((d.values, d.tab_stop()), ([4, 5], Some(0)), "3, and Right; the box keeps the keyboard");
        d.input(&key(Key::Char('2')), &m, area);
        assert_eq!(d.input(&key(Key::Enter), &m, area), Outcome::Done((2, 5)));
    }

    /// A slider follows a number as it is typed in its box (a number the
    /// box would refuse leaves it where it was), as it follows the arrows.
    #[test]
    fn a_slider_follows_the_number_typed_in_its_box() {
        let id = MachineId::MacSe30;
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let area = m.content();
        let l = SizeDialog::layout(&m, area);
        let key = |c| Input::Key { key: Key::Char(c), mods: Default::default() };
        let slider_drawn = |d: &SizeDialog| {
            let mut s = m.new_surface();
            d.draw(&mut s, &m, area);
            let r = l.sliders[0];
            (r.y..r.bottom())
                .flat_map(|y| (r.x..r.right()).map(move |x| (x, y)))
                .map(|(x, y)| s.get(x, y))
                .collect::<Vec<_>>()
        };
        let at_two = slider_drawn(&SizeDialog::new(2, 4));
        let mut d = SizeDialog::new(4, 4);
        let at_four = slider_drawn(&d);
        assert!(at_two != at_four, "the slider at 2 looks as at 4");
        d.input(&key('2'), &m, area);
        assert!(slider_drawn(&d) == at_two, "the slider did not follow the 2 typed");
        d.input(&key('0'), &m, area);
        assert!(slider_drawn(&d) == at_four, "20 is out of bounds: the slider shows the value taken");
    }

    /// The player's pictures come in the order of their numbers, and long
    /// names that the Amiga PAL's narrow list would cut alike keep the
    /// words that tell them apart; a file named as a built-in picture is
    /// told by its ending.
    #[test]
    fn pictures_read_apart_and_in_the_order_of_their_numbers() {
        let dir = tempfile::tempdir().unwrap();
        let names = ["holiday snapshot from the seaside number 10.png", "lighthouse.png"];
        let names = names.into_iter().chain(["holiday snapshot from the seaside number 2.png"]);
        names.for_each(|n| std::fs::write(dir.path().join(n), b"").unwrap());
        let sources = super::super::picture::list(&[dir.path().to_path_buf()]);
        let d = PictureDialog::new(sources, &super::super::picture::default_source());
        let id = MachineId::AmigaPal;
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let rows = d.rows(&m, &d.layout(&m, m.content()).list);
        assert_eq!(rows[..3], ["balloons", "grapes", "lighthouse"]);
        assert_eq!(rows[5], "lighthouse.png");
        let (two, ten) = (&rows[3], &rows[4]);
        assert!(two.starts_with("holiday") && two.ends_with(" 2") && ten.ends_with(" 10"), "{rows:?}");
        assert!(!two.contains("seaside"), "the row is shortened: {two}");
    }
}
