//! The Journal box: every jump of the game at the cursor, numbered with
//! the points it scored, in a list that scrolls as the game type list
//! and the choosers do (the scroll bar, the wheel, the arrows, Page Up
//! and Down, Home and End). The box is drawn over the board, within the
//! view's area, so it fits between the window's title bar and the status
//! line on every screen; it opens on the last jumps. Return, Space,
//! Escape or its OK button close it.

use std::cell::Cell;

use crate::gfx::{Rect, Surface};
use crate::machines::{Button, Input, Key, Machine};
use crate::views::widgets::{self, ListLayout, ListScroll};

/// Room left round the box, inside the view's area.
const MARGIN: i32 = 4;
/// Space between two jumps on one row.
const GAP: &str = "   ";

/// What an input did to the box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Still open; redraw if true.
    Open(bool),
    Closed,
}

/// The box's parts, laid out for a screen.
struct Parts {
    frame: Rect,
    list: ListLayout,
    ok: Rect,
}

/// The open Journal box: where its list is scrolled.
pub struct JournalBox {
    scroll: Cell<ListScroll>,
    /// Set until the list is first laid out, which scrolls it to the
    /// last jump.
    reveal: Cell<bool>,
}

impl Default for JournalBox {
    fn default() -> Self {
        JournalBox::new()
    }
}

impl JournalBox {
    pub fn new() -> JournalBox {
        JournalBox { scroll: Cell::new(ListScroll::default()), reveal: Cell::new(true) }
    }

    /// The list's rows for `jumps`: two jumps a row where two fit the
    /// widest box the screen allows, else one.
    fn rows(machine: &Machine, area: Rect, jumps: &[String]) -> Vec<String> {
        if jumps.is_empty() {
            return vec!["No jumps yet.".into()];
        }
        let font = machine.look().text_font;
        let room = widgets::row_room(Rect::new(0, 0, Self::widest_list(machine, area), 0));
        // The second jump of each row starts where the widest first one
        // and the gap end (as near as spaces come on a proportional font).
        let width = |t: &str| font.text_width(t) as i32;
        let column = jumps.iter().step_by(2).map(|j| width(&format!("{j}{GAP}"))).max().unwrap_or(0);
        let pairs: Vec<String> = jumps
            .chunks(2)
            .map(|pair| {
                let mut row = format!("{}{GAP}", pair[0]);
                while width(&row) < column {
                    row.push(' ');
                }
                match pair.get(1) {
                    Some(second) => row + second,
                    None => pair[0].clone(),
                }
            })
            .collect();
        let fits = pairs.iter().all(|row| font.text_width(row) as i32 <= room);
        if fits { pairs } else { jumps.to_vec() }
    }

    /// The widest list box the screen has room for, with its scroll bar
    /// beside it.
    fn widest_list(machine: &Machine, area: Rect) -> i32 {
        area.w - 2 * MARGIN - 16 - widgets::bar_width(machine)
    }

    fn parts(machine: &Machine, area: Rect, title: &str, rows: &[String]) -> Parts {
        let look = machine.look();
        let (font, title_font) = (look.text_font, look.title_font);
        let room = widgets::DialogRoom::of(machine);
        let row_h = font.height() as i32 + 2;
        let button_h = font.height() as i32 + 6;
        let button_w = title_font.text_width("Cancel") as i32 + 16;
        // Above the list the title, below it the OK button, 8 apart.
        let around = room.down() + 8 + button_h;
        let most = area.inset(MARGIN, MARGIN);
        let list_h = (rows.len() as i32 * row_h + 4).min(most.h - around);
        let visible = ((list_h - 4) / row_h).max(1) as usize;
        let bar = if rows.len() > visible { widgets::bar_width(machine) } else { 0 };
        let widest_row = rows.iter().map(|r| font.text_width(r) as i32).max().unwrap_or(0);
        // The list's text is inset by its frame (2) and a margin (6).
        let list_w = (widest_row + 10 + bar).max(title_font.text_width(title) as i32).max(button_w);
        let w = (list_w + room.across()).min(most.w);
        let h = list_h + around;
        let frame = most.centred(w, h.min(most.h));
        let inside = room.inside(frame);
        let list = widgets::list_layout(machine, Rect::new(inside.x, inside.y, inside.w, list_h), rows.len());
        let ok = Rect::new(inside.right() - button_w, inside.bottom() - button_h, button_w, button_h);
        Parts { frame, list, ok }
    }

    /// The first row shown, clamped to the list (and, the first time,
    /// the last jump brought into view).
    fn first(&self, list: &ListLayout, total: usize) -> usize {
        list.first_row(&self.scroll, &self.reveal, total.saturating_sub(1), total)
    }

    /// The rows in view on this screen, and how many there are in all
    /// (for tests and scripts).
    pub fn shown(&self, machine: &Machine, area: Rect, title: &str, jumps: &[String]) -> (Vec<String>, usize) {
        let rows = Self::rows(machine, area, jumps);
        let p = Self::parts(machine, area, title, &rows);
        let first = self.first(&p.list, rows.len());
        (rows.iter().skip(first).take(p.list.visible).cloned().collect(), rows.len())
    }

    /// The box's outside on this screen (for tests).
    pub fn frame(&self, machine: &Machine, area: Rect, title: &str, jumps: &[String]) -> Rect {
        Self::parts(machine, area, title, &Self::rows(machine, area, jumps)).frame
    }

    pub fn draw(&self, s: &mut Surface, machine: &Machine, area: Rect, title: &str, jumps: &[String]) {
        let rows = Self::rows(machine, area, jumps);
        let p = Self::parts(machine, area, title, &rows);
        let first = self.first(&p.list, rows.len());
        widgets::dialog_box(s, machine, p.frame, title);
        widgets::scrolled_list(s, machine, &p.list, &rows, first, None, false);
        widgets::default_button(s, machine, p.ok, "OK", true);
    }

    pub fn input(&mut self, input: &Input, machine: &Machine, area: Rect, title: &str, jumps: &[String]) -> Outcome {
        let rows = Self::rows(machine, area, jumps);
        let p = Self::parts(machine, area, title, &rows);
        let total = rows.len();
        let first = self.first(&p.list, total);
        let mut scroll = self.scroll.get();
        if scroll.input(input, &p.list, total) {
            self.scroll.set(scroll);
            return Outcome::Open(true);
        }
        match *input {
            Input::Key { key: Key::Enter | Key::Escape | Key::Char(' '), .. } => return Outcome::Closed,
            Input::MouseDown { x, y, button: Button::Left } if p.ok.contains(x, y) => return Outcome::Closed,
            _ => {}
        }
        // Nothing is selected: the keys move the first row shown as they
        // move a list's selection, over the places it can take.
        let places = total.saturating_sub(p.list.visible) + 1;
        let Some(to) = p.list.row_for_key(input, first, places) else { return Outcome::Open(false) };
        scroll.first = to;
        self.scroll.set(scroll);
        Outcome::Open(to != first)
    }
}
