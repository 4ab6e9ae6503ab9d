//! Controls drawn in the current machine's manner: push buttons and list
//! boxes, shared by every view.

use crate::gfx::{Font, Rect, Surface, TextStyle};
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

/// Breaks `text` into lines no wider than `width` at spaces (a single
/// word wider than that gets a line of its own).
pub fn wrap(font: &Font, text: &str, width: i32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        match lines.last_mut() {
            Some(line) if font.text_width(&format!("{line} {word}")) as i32 <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_wrap_at_spaces() {
        let font = crate::gfx::font::topaz8();
        assert_eq!(wrap(font, "one two three", 8 * 7), ["one two", "three"]);
        assert_eq!(wrap(font, "unbreakable x", 8 * 3), ["unbreakable", "x"]);
        assert!(wrap(font, "", 10).is_empty());
    }
}
