//! Screen > Set Mode...: a screen mode requester in the manner of the ASL
//! library's: the display modes in a list, the chosen mode's properties,
//! width and height fields, OK and Cancel. Drawn by the board over its
//! table, in the machine's own controls.

use crate::gfx::{Rect, Surface, TextStyle};
use crate::machines::{Button, Input, Key, Machine, Pen};
use crate::views::widgets;

use super::config::{MODES, ScreenConfig};

/// Which text field takes typing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Width,
    Height,
}

/// What happened in the requester.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Nothing,
    Redraw,
    Chosen(ScreenConfig),
    Cancelled,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModeDialog {
    selected: usize,
    width: String,
    height: String,
    focus: Field,
    error: Option<String>,
}

/// Where the requester's parts go.
struct Parts {
    window: Rect,
    title_h: i32,
    list: Rect,
    info: (i32, i32),
    width: Rect,
    height: Rect,
    labels: (i32, i32),
    error: (i32, i32),
    ok: Rect,
    cancel: Rect,
}

impl ModeDialog {
    pub fn new(config: &ScreenConfig) -> ModeDialog {
        let selected = MODES.iter().position(|m| *m == config.mode).unwrap_or(0);
        ModeDialog {
            selected,
            width: config.width.to_string(),
            height: config.height.to_string(),
            focus: Field::Width,
            error: None,
        }
    }

    fn parts(machine: &Machine, area: Rect) -> Parts {
        let font = machine.look().text_font;
        let lh = font.height() as i32 + 3;
        let cw = font.text_width("M") as i32;
        let w = (cw * 36).min(area.w - 4);
        let title_h = lh + 2;
        let list_h = lh * MODES.len() as i32 + 4;
        let h = title_h + 6 + list_h + 6 + lh * 2 + 6 + (lh + 4) * 2 + lh + 6 + lh + 8;
        let window = area.centred(w, h.min(area.h - 2));
        let x = window.x + 8;
        let inner_w = window.w - 16;
        let list = Rect::new(x, window.y + title_h + 6, inner_w, list_h);
        let info = (x, list.bottom() + 6);
        let label_w = font.text_width("Height: ") as i32;
        let field_w = cw * 6;
        let width = Rect::new(x + label_w, info.1 + lh * 2 + 6, field_w, lh + 2);
        let height = Rect::new(x + label_w, width.bottom() + 4, field_w, lh + 2);
        let error = (x, height.bottom() + 4);
        let bw = font.text_width("Cancel") as i32 + 16;
        let by = window.bottom() - lh - 8;
        let ok = Rect::new(x, by, bw, lh + 4);
        let cancel = Rect::new(window.right() - 8 - bw, by, bw, lh + 4);
        Parts { window, title_h, list, info, width, height, labels: (x, label_w), error, ok, cancel }
    }

    pub fn draw(&self, s: &mut Surface, machine: &Machine, area: Rect) {
        let look = machine.look();
        let font = look.text_font;
        let p = Self::parts(machine, area);
        let text = look.paint(Pen::Text);
        s.fill_rect(p.window, look.paint(Pen::Background));
        widgets::bevel(s, machine, p.window, true);
        let bar = Rect::new(p.window.x + 1, p.window.y + 1, p.window.w - 2, p.title_h - 1);
        s.fill_rect(bar, look.paint(Pen::Fill));
        s.draw_text(
            look.title_font,
            "Select Screen Mode",
            bar.x + 4,
            bar.y + 2,
            look.paint(Pen::FillText),
            TextStyle::PLAIN,
        );
        let rows: Vec<String> = MODES.iter().map(|m| m.name.to_string()).collect();
        widgets::list_box(s, machine, p.list, &rows, 0, Some(self.selected));
        let mode = MODES[self.selected];
        let lh = font.height() as i32 + 3;
        let info = [format!("Visible Size: {} x {}", mode.max.0, mode.max.1), format!("Colours: {}", mode.colours)];
        for (i, line) in info.iter().enumerate() {
            s.draw_text(font, line, p.info.0, p.info.1 + i as i32 * lh, text, TextStyle::PLAIN);
        }
        for (label, r, value, field) in
            [("Width:", p.width, &self.width, Field::Width), ("Height:", p.height, &self.height, Field::Height)]
        {
            s.draw_text(font, label, p.labels.0, r.y + 2, text, TextStyle::PLAIN);
            s.fill_rect(r, look.paint(Pen::Background));
            widgets::bevel(s, machine, r, false);
            let end = s.draw_text(font, value, r.x + 3, r.y + 2, text, TextStyle::PLAIN);
            if field == self.focus {
                s.fill_rect(
                    Rect::new(end, r.y + 2, font.text_width("0") as i32, font.height() as i32),
                    look.paint(Pen::Fill),
                );
            }
        }
        let note = self.error.clone().unwrap_or_else(|| "A change starts a new game.".into());
        let old = s.set_clip(p.window.inset(4, 0).intersect(&s.clip()));
        s.draw_text(font, &note, p.error.0, p.error.1, text, TextStyle::PLAIN);
        s.set_clip(old);
        widgets::default_button(s, machine, p.ok, "OK", true);
        widgets::button(s, machine, p.cancel, "Cancel", true);
    }

    pub fn input(&mut self, input: &Input, machine: &Machine, area: Rect) -> Outcome {
        let p = Self::parts(machine, area);
        match *input {
            Input::MouseDown { x, y, button: Button::Left } => {
                if p.ok.contains(x, y) {
                    return self.choose();
                }
                if p.cancel.contains(x, y) {
                    return Outcome::Cancelled;
                }
                if p.width.contains(x, y) {
                    self.focus = Field::Width;
                } else if p.height.contains(x, y) {
                    self.focus = Field::Height;
                } else if p.list.contains(x, y) {
                    let row_h = machine.look().text_font.height() as i32 + 2;
                    let row = ((y - p.list.y - 2) / row_h) as usize;
                    if row < MODES.len() && row != self.selected {
                        self.selected = row;
                        self.width = MODES[row].max.0.to_string();
                        self.height = MODES[row].max.1.to_string();
                        self.error = None;
                    }
                } else {
                    return Outcome::Nothing;
                }
                Outcome::Redraw
            }
            Input::Key { key, .. } => match key {
                Key::Enter => self.choose(),
                Key::Escape => Outcome::Cancelled,
                Key::Tab => {
                    self.focus = if self.focus == Field::Width { Field::Height } else { Field::Width };
                    Outcome::Redraw
                }
                Key::Up | Key::Down => {
                    let next = if key == Key::Up { 0 } else { MODES.len() - 1 };
                    if next != self.selected {
                        self.selected = next;
                        self.width = MODES[next].max.0.to_string();
                        self.height = MODES[next].max.1.to_string();
                    }
                    Outcome::Redraw
                }
                Key::Backspace => {
                    self.field().pop();
                    Outcome::Redraw
                }
                Key::Char(c) if c.is_ascii_digit() && self.field().len() < 4 => {
                    self.field().push(c);
                    Outcome::Redraw
                }
                _ => Outcome::Nothing,
            },
            _ => Outcome::Nothing,
        }
    }

    fn field(&mut self) -> &mut String {
        match self.focus {
            Field::Width => &mut self.width,
            Field::Height => &mut self.height,
        }
    }

    /// OK: the size must be within the mode's limits.
    fn choose(&mut self) -> Outcome {
        let mode = MODES[self.selected];
        let w: u32 = self.width.parse().unwrap_or(0);
        let h: u32 = self.height.parse().unwrap_or(0);
        let fits = (mode.min.0..=mode.max.0).contains(&w) && (mode.min.1..=mode.max.1).contains(&h);
        if !fits {
            self.error = Some(format!("Size: {}-{} x {}-{}.", mode.min.0, mode.max.0, mode.min.1, mode.max.1));
            return Outcome::Redraw;
        }
        Outcome::Chosen(ScreenConfig { mode, width: w, height: h })
    }

    /// Where a click chooses the mode in row `row` of the list, the
    /// fields and the buttons (for scripts and tests that click).
    pub fn spots(machine: &Machine, area: Rect) -> Vec<(&'static str, Rect)> {
        let p = Self::parts(machine, area);
        let row_h = machine.look().text_font.height() as i32 + 2;
        let mut out: Vec<(&'static str, Rect)> = MODES
            .iter()
            .enumerate()
            .map(|(i, m)| (m.word, Rect::new(p.list.x + 2, p.list.y + 2 + i as i32 * row_h, p.list.w - 4, row_h)))
            .collect();
        out.extend([("width", p.width), ("height", p.height), ("ok", p.ok), ("cancel", p.cancel)]);
        out
    }
}
