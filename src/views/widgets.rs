//! Controls drawn in the current machine's manner: push buttons and list
//! boxes, shared by every view.

use crate::gfx::{Rect, Surface, TextStyle};
use crate::machines::{Machine, MachineId, Pen};

/// A push button: Mac rounded black outline, Amiga and Windows raised bevels.
pub fn button(s: &mut Surface, machine: &Machine, r: Rect, label: &str, enabled: bool) {
    let look = machine.look();
    let text = if enabled { look.paint(Pen::Text) } else { look.paint(Pen::Disabled) };
    match machine.id() {
        MachineId::MacSe30 | MachineId::MacColor => {
            let (black, white) = (look.paint(Pen::Text), look.paint(Pen::Background));
            s.fill_rect(r, white);
            s.hline(r.x + 2, r.right() - 3, r.y, black);
            s.hline(r.x + 2, r.right() - 3, r.bottom() - 1, black);
            s.vline(r.x, r.y + 2, r.bottom() - 3, black);
            s.vline(r.right() - 1, r.y + 2, r.bottom() - 3, black);
            for (x, y) in [
                (r.x + 1, r.y + 1),
                (r.right() - 2, r.y + 1),
                (r.x + 1, r.bottom() - 2),
                (r.right() - 2, r.bottom() - 2),
            ] {
                s.put(x, y, black.value_at(x, y));
            }
        }
        MachineId::AmigaPal | MachineId::AmigaDblPal | MachineId::Yazzle => {
            s.fill_rect(r, look.paint(Pen::Background));
            bevel(s, machine, r, true);
        }
    }
    let font = look.title_font;
    let tw = font.text_width(label) as i32;
    s.draw_text(font, label, r.x + (r.w - tw) / 2, r.y + (r.h - font.height() as i32) / 2, text, TextStyle::PLAIN);
}

/// A one-pixel bevel: raised is Shine top/left and Shadow bottom/right.
pub fn bevel(s: &mut Surface, machine: &Machine, r: Rect, raised: bool) {
    let look = machine.look();
    let (lit, dark) = (look.paint(Pen::Shine), look.paint(Pen::Shadow));
    let (tl, br) = if raised { (lit, dark) } else { (dark, lit) };
    s.hline(r.x, r.right() - 1, r.y, tl);
    s.vline(r.x, r.y, r.bottom() - 1, tl);
    s.hline(r.x + 1, r.right() - 1, r.bottom() - 1, br);
    s.vline(r.right() - 1, r.y + 1, r.bottom() - 1, br);
}

/// A list box showing `rows` from `first`, with `selected` highlighted;
/// returns the height of one row.
pub fn list_box(
    s: &mut Surface,
    machine: &Machine,
    r: Rect,
    rows: &[String],
    first: usize,
    selected: Option<usize>,
) -> i32 {
    let look = machine.look();
    let font = look.text_font;
    let row_h = font.height() as i32 + 2;
    s.fill_rect(r, look.paint(Pen::Background));
    match machine.id() {
        MachineId::MacSe30 | MachineId::MacColor => s.frame_rect(r, look.paint(Pen::Text)),
        _ => bevel(s, machine, r, false),
    }
    let inner = r.inset(2, 2);
    let old = s.set_clip(inner);
    for (i, row) in rows.iter().enumerate().skip(first) {
        let y = inner.y + (i - first) as i32 * row_h;
        if y >= inner.bottom() {
            break;
        }
        let ink = if selected == Some(i) {
            s.fill_rect(Rect::new(inner.x, y, inner.w, row_h), look.paint(Pen::Fill));
            look.paint(Pen::FillText)
        } else {
            look.paint(Pen::Text)
        };
        s.draw_text(font, row, inner.x + 3, y + 1, ink, TextStyle::PLAIN);
    }
    s.set_clip(old);
    row_h
}

/// A horizontal slider showing `value` in `low..=high`: an Amiga
/// proportional gadget (a raised knob in a recessed well), a Mac scroll
/// bar (a white thumb on a grey track), a Windows trackbar (a raised thumb
/// over a sunken groove).
pub fn slider(s: &mut Surface, machine: &Machine, r: Rect, value: u32, (low, high): (u32, u32), enabled: bool) {
    let look = machine.look();
    let knob = slider_knob(r, value, (low, high));
    match machine.id() {
        MachineId::MacSe30 | MachineId::MacColor => {
            let black = look.paint(Pen::Text);
            s.fill_rect(r, look.paint(Pen::Shadow));
            s.frame_rect(r, black);
            s.fill_rect(knob, look.paint(Pen::Background));
            s.frame_rect(knob, black);
        }
        MachineId::AmigaPal | MachineId::AmigaDblPal => {
            s.fill_rect(r, look.paint(Pen::Background));
            bevel(s, machine, r, false);
            let inner = knob.inset(0, 1);
            s.fill_rect(inner, look.paint(if enabled { Pen::Fill } else { Pen::Background }));
            bevel(s, machine, inner, true);
        }
        MachineId::Yazzle => {
            let groove = Rect::new(r.x + 2, r.y + r.h / 2 - 2, r.w - 4, 4);
            bevel(s, machine, groove, false);
            s.fill_rect(knob, look.paint(Pen::Background));
            bevel(s, machine, knob, true);
        }
    }
}

/// The knob of a [`slider`] in `r` at `value`.
pub fn slider_knob(r: Rect, value: u32, (low, high): (u32, u32)) -> Rect {
    let w = (r.h * 3 / 4).max(6).min(r.w / 2);
    let span = (high - low).max(1) as i32;
    let at = (value.clamp(low, high) - low) as i32;
    Rect::new(r.x + (r.w - w) * at / span, r.y, w, r.h)
}

/// The value a slider in `r` takes with the pointer at `x`.
pub fn slider_value(r: Rect, x: i32, (low, high): (u32, u32)) -> u32 {
    let w = slider_knob(r, low, (low, high)).w;
    let track = (r.w - w).max(1);
    let at = (x - r.x - w / 2).clamp(0, track);
    let span = (high - low) as i32;
    low + ((at * span + track / 2) / track) as u32
}

/// A one-line text field: Amiga string gadget (a ridge), Mac text box (a
/// black frame), Windows edit box (sunken, white). `caret` draws the
/// insertion point after the text.
pub fn text_box(s: &mut Surface, machine: &Machine, r: Rect, text: &str, caret: bool) {
    let look = machine.look();
    let font = look.text_font;
    let ink = look.paint(Pen::Text);
    match machine.id() {
        MachineId::MacSe30 | MachineId::MacColor => {
            s.fill_rect(r, look.paint(Pen::Background));
            s.frame_rect(r, ink);
        }
        MachineId::AmigaPal | MachineId::AmigaDblPal => {
            s.fill_rect(r, look.paint(Pen::Background));
            bevel(s, machine, r, true);
            bevel(s, machine, r.inset(1, 1), false);
        }
        MachineId::Yazzle => {
            s.fill_rect(r, look.paint(Pen::CardFace));
            bevel(s, machine, r, false);
        }
    }
    let ty = r.y + (r.h - font.height() as i32) / 2;
    let end = s.draw_text(font, text, r.x + 4, ty, ink, TextStyle::PLAIN);
    if caret {
        match machine.id() {
            // The Amiga's cursor is a block in the Fill pen.
            MachineId::AmigaPal | MachineId::AmigaDblPal => s.fill_rect(
                Rect::new(end, ty, font.text_width("0") as i32, font.height() as i32),
                look.paint(Pen::Fill),
            ),
            _ => s.vline(end + 1, ty, ty + font.height() as i32 - 1, ink),
        }
    }
}

/// A read-only figure in a recessed box (a clock, a counter), right-aligned.
pub fn counter(s: &mut Surface, machine: &Machine, r: Rect, text: &str) {
    let look = machine.look();
    let font = look.text_font;
    s.fill_rect(r, look.paint(Pen::Background));
    match machine.id() {
        MachineId::MacSe30 | MachineId::MacColor => s.frame_rect(r, look.paint(Pen::Text)),
        _ => bevel(s, machine, r, false),
    }
    let tw = font.text_width(text) as i32;
    let ty = r.y + (r.h - font.height() as i32) / 2;
    s.draw_text(font, text, r.right() - 4 - tw, ty, look.paint(Pen::Text), TextStyle::PLAIN);
}

/// A check box with its label to the right; returns the box's rectangle
/// and the label's right edge.
pub fn check_box(s: &mut Surface, machine: &Machine, at: (i32, i32), label: &str, checked: bool) -> (Rect, i32) {
    let look = machine.look();
    let font = look.text_font;
    let size = font.height() as i32 + 2;
    let b = Rect::new(at.0, at.1, size, size);
    let ink = look.paint(Pen::Text);
    match machine.id() {
        MachineId::MacSe30 | MachineId::MacColor => {
            s.fill_rect(b, look.paint(Pen::Background));
            s.frame_rect(b, ink);
            if checked {
                s.line(b.x, b.y, b.right() - 1, b.bottom() - 1, ink);
                s.line(b.x, b.bottom() - 1, b.right() - 1, b.y, ink);
            }
        }
        _ => {
            let face = if machine.id() == MachineId::Yazzle { Pen::CardFace } else { Pen::Background };
            s.fill_rect(b, look.paint(face));
            bevel(s, machine, b, machine.id() != MachineId::Yazzle);
            if checked {
                // A tick: down to the lower third, then up to the top right.
                let (x0, y0) = (b.x + 3, b.y + b.h / 2);
                let (x1, y1) = (b.x + b.w / 2 - 1, b.bottom() - 4);
                for d in 0..2 {
                    s.line(x0, y0 + d, x1, y1 + d, ink);
                    s.line(x1, y1 + d, b.right() - 4, b.y + 3 + d, ink);
                }
            }
        }
    }
    let ty = b.y + (b.h - font.height() as i32) / 2;
    let end = s.draw_text(font, label, b.right() + 4, ty, ink, TextStyle::PLAIN);
    (b, end)
}

/// Splits `text` into lines of at most `width` characters at spaces (a
/// longer word stands alone), for requesters, whose chromes do not wrap.
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Columns a requester line may take: what Topaz fits across the Amiga's
/// lores requester, so a message reads whole on every machine.
pub const REQUESTER_COLUMNS: usize = 34;

/// A requester saying `text` (wrapped) with an OK button.
pub fn message_box(title: &str, text: &str) -> crate::machines::Requester {
    crate::machines::Requester {
        title: title.into(),
        lines: wrap_words(text, REQUESTER_COLUMNS),
        buttons: vec!["OK".into()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sliders_map_the_pointer_back_to_their_values() {
        let r = Rect::new(10, 0, 120, 12);
        for v in 8..=30 {
            let knob = slider_knob(r, v, (8, 30));
            assert!(knob.x >= r.x && knob.right() <= r.right());
            assert_eq!(slider_value(r, knob.x + knob.w / 2, (8, 30)), v);
        }
        assert_eq!(slider_value(r, -50, (8, 30)), 8);
        assert_eq!(slider_value(r, 500, (8, 30)), 30);
    }

    #[test]
    fn words_wrap_at_spaces() {
        assert_eq!(wrap_words("one two three", 7), vec!["one two", "three"]);
        assert_eq!(wrap_words("abcdefghij x", 4), vec!["abcdefghij", "x"]);
        assert!(wrap_words("", 10).is_empty());
    }
}
