//! Where everything goes on the Rummi screen: the program's tray at the
//! top with the pile beside it, the table's grid, your tray at the bottom
//! with the gadget in the bottom right corner. Sizes follow from the
//! table's grid and the screen: on a 320 x 256 PAL screen a cell is 13 x 17
//! pixels (tiles of 12 x 16), twice that on DblPAL.
//!
//! The trays hold two rows; a tray with more tiles than fit packs them
//! closer, overlapping. A table packed past its grid squeezes its rows
//! together. Nothing is ever drawn over a tray.

use crate::gfx::Rect;

/// Which tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrayOf {
    Player,
    Program,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The part of the content area the game uses.
    pub screen: Rect,
    /// A table cell's size: a tile and a pixel of gap on its right and below.
    pub pitch: (i32, i32),
    /// The digits' scale (1 on small tiles, 2 on big ones).
    pub scale: i32,
    pub program_tray: Rect,
    /// Beside the program's tray: the pile and the duplicate sign.
    pub pile_box: Rect,
    pub table: Rect,
    /// Rows of the table as drawn (more than the grid's when it overflowed).
    pub rows: i32,
    pub cols: i32,
    /// The distance between table rows (the cell height, or less).
    pub row_pitch: i32,
    pub player_tray: Rect,
    /// The OK / take-a-tile gadget.
    pub gadget: Rect,
}

impl Layout {
    /// The layout for a table of `cols` x `grid_rows` cells (`rows_used`
    /// of them in use) in `screen`.
    pub fn fit(screen: Rect, cols: u16, grid_rows: u16, rows_used: u16) -> Layout {
        let (cols, grid_rows) = (i32::from(cols).max(1), i32::from(grid_rows).max(1));
        let pw = ((screen.w - 4) / cols).max(4);
        let ph = ((screen.h - 12) / (grid_rows + 4)).min(pw * 4 / 3).max(6);
        let scale = if ph >= 30 { 2 } else { 1 };
        let gap = ((screen.h - ph * (grid_rows + 4)) / 4).max(1);
        let side = 2 * pw;
        let edge = 2 * scale;
        let tray_h = 2 * ph;
        let program_tray = Rect::new(screen.x + edge, screen.y + gap, screen.w - 2 * edge - side - edge, tray_h);
        let pile_box = Rect::new(screen.right() - edge - side, program_tray.y, side, tray_h);
        let table_w = cols * pw;
        let table =
            Rect::new(screen.x + (screen.w - table_w) / 2, program_tray.bottom() + gap, table_w, grid_rows * ph);
        let player_tray = Rect::new(program_tray.x, table.bottom() + gap, program_tray.w, tray_h);
        let gadget = Rect::new(pile_box.x, player_tray.y, side, tray_h);
        let rows = i32::from(rows_used).max(grid_rows);
        let row_pitch = (table.h / rows).min(ph);
        Layout {
            screen,
            pitch: (pw, ph),
            scale,
            program_tray,
            pile_box,
            table,
            rows,
            cols,
            row_pitch,
            player_tray,
            gadget,
        }
    }

    /// A tile's size.
    pub fn tile(&self) -> (i32, i32) {
        (self.pitch.0 - 1, self.pitch.1 - 1)
    }

    pub fn tray(&self, of: TrayOf) -> Rect {
        match of {
            TrayOf::Player => self.player_tray,
            TrayOf::Program => self.program_tray,
        }
    }

    /// Where tile `i` of `n` lies on a tray: two rows, packed closer when
    /// they do not fit side by side.
    pub fn tray_tile(&self, of: TrayOf, i: usize, n: usize) -> Rect {
        let area = self.tray(of);
        let (tw, th) = self.tile();
        let (pw, ph) = self.pitch;
        let fit = (area.w / pw).max(1) as usize;
        let per_row = if n <= 2 * fit { fit } else { n.div_ceil(2) };
        let step = if per_row <= fit { pw } else { ((area.w - tw) / (per_row as i32 - 1).max(1)).max(1) };
        let (row, col) = (i / per_row, i % per_row);
        Rect::new(area.x + col as i32 * step, area.y + row as i32 * ph, tw, th)
    }

    /// The tile of a tray under (x, y), the one drawn on top first.
    pub fn tray_hit(&self, of: TrayOf, n: usize, x: i32, y: i32) -> Option<usize> {
        (0..n).rev().find(|&i| self.tray_tile(of, i, n).contains(x, y))
    }

    /// A table cell's tile rectangle.
    pub fn cell(&self, row: u16, col: u16) -> Rect {
        let (tw, th) = self.tile();
        Rect::new(self.table.x + i32::from(col) * self.pitch.0, self.table.y + i32::from(row) * self.row_pitch, tw, th)
    }

    /// The table cell under (x, y).
    pub fn cell_at(&self, x: i32, y: i32) -> Option<(u16, u16)> {
        if !self.table.contains(x, y) {
            return None;
        }
        let col = (x - self.table.x) / self.pitch.0;
        let row = ((y - self.table.y) / self.row_pitch).min(self.rows - 1);
        Some((row as u16, col as u16))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pal_cells_are_thirteen_by_seventeen_and_nothing_overlaps() {
        let l = Layout::fit(Rect::new(0, 11, 320, 245), 24, 9, 9);
        assert_eq!(l.pitch, (13, 17));
        assert_eq!(l.scale, 1);
        assert!(l.program_tray.bottom() < l.table.y);
        assert!(l.table.bottom() < l.player_tray.y);
        assert!(l.player_tray.bottom() <= 256);
        assert!(l.gadget.right() <= 320 && l.gadget.x >= l.player_tray.right());
        assert!(l.table.right() <= 320 && l.table.x >= 0);
        let d = Layout::fit(Rect::new(0, 11, 640, 501), 24, 10, 10);
        assert_eq!((d.pitch, d.scale), ((26, 34), 2));
    }

    #[test]
    fn crowded_trays_pack_closer_and_an_overflowing_table_squeezes_its_rows() {
        let l = Layout::fit(Rect::new(0, 11, 320, 245), 24, 9, 12);
        assert!(l.row_pitch < 17);
        assert!(l.cell(11, 0).bottom() <= l.table.bottom());
        let last = l.tray_tile(TrayOf::Player, 59, 60);
        assert!(last.right() <= l.player_tray.right() && last.bottom() <= l.player_tray.bottom());
        assert_eq!(l.tray_hit(TrayOf::Player, 60, last.right() - 1, last.y + 1), Some(59));
    }
}
