//! Where the panel's controls and the minefield go in the content area.
//!
//! The panel has two columns: the counters and buttons (Time, Flags, New,
//! Pause), and the settings (a slider and a number box for each of width,
//! height and mines, and the No guessing box). On a wide area they stand
//! one above the other at the left, with the field to their right; on a
//! narrow one (the Amiga's lores screen) they stand side by side above the
//! field, which then gets the whole width.

use crate::games::mines::grid::Grid;
use crate::gfx::Rect;
use crate::gfx::font::Font;

/// Areas narrower than this put the panel above the field.
const NARROW: i32 = 480;
/// The largest square drawn.
const MAX_CELL: i32 = 24;

/// One setting's row: its label's position, slider and number box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SettingRow {
    pub label: (i32, i32),
    pub slider: Rect,
    pub number: Rect,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MinesLayout {
    pub time_label: (i32, i32),
    pub time: Rect,
    pub flags_label: (i32, i32),
    pub flags: Rect,
    pub new: Rect,
    pub pause: Rect,
    /// Width, height and mines.
    pub settings: [SettingRow; 3],
    /// The No guessing check box with its label.
    pub no_guess: Rect,
    /// The whole field, `cell` pixels per square.
    pub field: Rect,
    pub cell: i32,
    pub grid: Grid,
}

impl MinesLayout {
    /// `font` sets the labels and figures, `button_font` the buttons' labels.
    pub fn new(area: Rect, font: &Font, button_font: &Font, grid: Grid) -> MinesLayout {
        let fh = font.height() as i32;
        let row = fh + 6;
        let gap = 4;
        let label_w =
            ["Width", "Height", "Mines", "Flags", "Time"].iter().map(|l| font.text_width(l)).max().unwrap_or(0) as i32
                + gap;
        let number_w = font.text_width("888") as i32 + 10;
        let counter_w = font.text_width("888:88") as i32 + 8;
        let button_w = button_font.text_width("Resume") as i32 + 14;
        let narrow = area.w < NARROW;
        // Column A: counters and buttons; column B: the settings.
        let a_w = (label_w + counter_w).max(2 * button_w + gap);
        let slider_w = if narrow { (area.w - a_w - 4 * gap - label_w - number_w - gap).max(40) } else { 80 };
        let b_w = label_w + slider_w + gap + number_w;
        let (a, b) = if narrow {
            (
                Rect::new(area.x + gap, area.y + gap, a_w, 4 * row),
                Rect::new(area.x + 2 * gap + a_w + gap, area.y + gap, b_w, 4 * row),
            )
        } else {
            let w = a_w.max(b_w);
            (
                Rect::new(area.x + gap, area.y + gap, w, 3 * row),
                Rect::new(area.x + gap, area.y + 2 * gap + 3 * row + gap, w, 4 * row),
            )
        };
        let line = |r: Rect, i: i32| Rect::new(r.x, r.y + i * row, r.w, row - 2);
        let label_at = |r: Rect| (r.x, r.y + (r.h - fh) / 2);
        let time_row = line(a, 0);
        let flags_row = line(a, 1);
        let buttons = line(a, 2);
        let settings = [0, 1, 2].map(|i| {
            let r = line(b, i);
            SettingRow {
                label: label_at(r),
                slider: Rect::new(r.x + label_w, r.y + 1, slider_w, r.h - 2),
                number: Rect::new(r.x + label_w + slider_w + gap, r.y, number_w, r.h),
            }
        });
        let field_area = if narrow {
            Rect::from_edges(area.x + gap, a.bottom().max(b.bottom()) + gap, area.right() - gap, area.bottom() - gap)
        } else {
            Rect::from_edges(a.right().max(b.right()) + 3 * gap, area.y + gap, area.right() - gap, area.bottom() - gap)
        };
        let cell = (field_area.w / grid.width as i32).min(field_area.h / grid.height as i32).clamp(4, MAX_CELL);
        let (fw, fh_px) = (cell * grid.width as i32, cell * grid.height as i32);
        MinesLayout {
            time_label: label_at(time_row),
            time: Rect::new(time_row.x + label_w, time_row.y, counter_w, time_row.h),
            flags_label: label_at(flags_row),
            flags: Rect::new(flags_row.x + label_w, flags_row.y, counter_w, flags_row.h),
            new: Rect::new(buttons.x, buttons.y, button_w, buttons.h),
            pause: Rect::new(buttons.x + button_w + gap, buttons.y, button_w, buttons.h),
            settings,
            no_guess: {
                let r = if narrow { line(a, 3) } else { line(b, 3) };
                Rect::new(r.x, r.y, fh + 2 + 4 + font.text_width("No guessing") as i32, fh + 2)
            },
            field: field_area.centred(fw, fh_px),
            cell,
            grid,
        }
    }

    /// The rectangle of square `i`.
    pub fn square(&self, i: usize) -> Rect {
        let (x, y) = self.grid.xy(i);
        Rect::new(self.field.x + x as i32 * self.cell, self.field.y + y as i32 * self.cell, self.cell, self.cell)
    }

    /// The square under (x, y), if any.
    pub fn hit(&self, x: i32, y: i32) -> Option<usize> {
        self.field.contains(x, y).then(|| {
            let (cx, cy) = ((x - self.field.x) / self.cell, (y - self.field.y) / self.cell);
            self.grid.index(cx as usize, cy as usize)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gfx::font;

    #[test]
    fn expert_fits_the_amiga_lores_screen_below_the_panel() {
        let area = Rect::new(0, 11, 320, 245);
        let l = MinesLayout::new(area, font::topaz8(), font::topaz8(), Grid::new(30, 16));
        assert!(l.cell >= 9, "squares of {} pixels", l.cell);
        assert_eq!(l.field.intersect(&area), l.field);
        assert!(l.field.y >= l.settings[2].number.bottom());
        for s in &l.settings {
            assert!(s.number.right() <= area.right(), "{s:?}");
        }
        assert_eq!(l.hit(l.field.x, l.field.y), Some(0));
        assert_eq!(l.hit(l.field.right() - 1, l.field.bottom() - 1), Some(479));
        assert_eq!(l.square(31).x, l.field.x + l.cell);
    }

    #[test]
    fn on_a_wide_screen_the_panel_stands_left_of_the_field() {
        let area = Rect::new(1, 40, 510, 280);
        let l = MinesLayout::new(area, font::geneva9(), font::chicago12(), Grid::new(30, 16));
        assert!(l.field.x > l.settings[0].number.right());
        let resume = font::chicago12().text_width("Resume") as i32;
        assert!(l.pause.w >= resume + 8, "Resume, {resume} pixels, fits its button of {}", l.pause.w);
        assert!(l.cell >= 10);
        assert_eq!(l.field.intersect(&area), l.field);
    }
}
