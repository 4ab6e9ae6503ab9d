//! Where everything goes on the Rummi screen: the program's tray at the
//! top with the pile beside it, the table's grid, your tray at the bottom
//! with the gadget in the bottom right corner. Sizes follow from the
//! table's grid and the screen: on a 320 x 256 PAL screen a cell is 13 x 17
//! pixels (tiles of 12 x 16), twice that on DblPAL.
//!
//! The trays show two rows. Tiles face up stay whole, however many: past
//! two rows the tray scrolls a row at a time, with a scroll bar at its
//! right end (see [`TrayGrid`]). Tiles face down pack closer, overlapping.
//! A table packed past its grid squeezes its rows together. Nothing is
//! ever drawn over a tray.

use std::ops::Range;

use super::tiles;
use crate::gfx::Rect;
use crate::views::widgets::keep_in_view;

/// Which tray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrayOf {
    Player,
    Program,
}

impl TrayOf {
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Which way up a tray's tiles lie: faces carry numbers to read, backs
/// are only counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Facing {
    Up,
    Down,
}

/// Rows of a tray in view at once.
pub const TRAY_ROWS: usize = 2;

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
    /// The width of a tray's scroll bar: the machine's own.
    pub bar_w: i32,
}

impl Layout {
    /// The layout for a table of `cols` x `grid_rows` cells (`rows_used`
    /// of them in use) in `screen`, with tray scroll bars `bar_w` wide.
    pub fn fit(screen: Rect, cols: u16, grid_rows: u16, rows_used: u16, bar_w: i32) -> Layout {
        let (cols, grid_rows) = (i32::from(cols).max(1), i32::from(grid_rows).max(1));
        let pw = ((screen.w - 4) / cols).max(4);
        let ph = ((screen.h - 12) / (grid_rows + 4)).min(pw * 4 / 3).max(6);
        // Digits twice the size as soon as a tile holds them: "13" and the
        // mark under it, drawn against the tile's bottom edge, need a
        // tile 20 x 26. Tiles of 27 x 28 on YaZZle's Plastique v2 once
        // kept the small digits, a third of their height.
        let (tile_w, tile_h) = (pw - 1, ph - 1);
        let scale = if tile_w >= 20 && tile_h >= 26 { 2 } else { 1 };
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
        // Squeezed rows overlap; the last one still ends inside the table.
        let row_pitch = if rows > grid_rows { ((table.h - (ph - 1)) / (rows - 1)).clamp(1, ph) } else { ph };
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
            bar_w,
        }
    }

    /// Where the pile's parts go in its box: the count and the duplicate
    /// sign under it laid from the box's bottom up, and the stack of
    /// tiles above them, smaller (keeping a tile's shape) where a whole
    /// tile leaves them no room. The figures once ran past the box's
    /// bottom, where the keyboard cursor's frame drew through the 2.
    pub fn pile_parts(&self) -> PileParts {
        let (b, k) = (self.pile_box, self.scale);
        let digits = tiles::digit_height(k);
        let pair_y = b.bottom() - k - digits;
        let count_y = pair_y - 2 * k - digits;
        let (tw, th) = self.tile();
        let shift = tiles::PILE_MOST_LAYERS - 1;
        let top = b.y + shift + 1;
        let h = (count_y - 2 * k - top).clamp(1, th);
        let w = (tw * h / th).max(1);
        let stack = Rect::new(b.x + (b.w - w + shift) / 2, top, w, h);
        PileParts { stack, count_y, pair_y }
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

    /// How `n` tiles lie on a tray, scrolled to show row `first_row` at
    /// the top (as near as the tray allows).
    pub fn tray_grid(&self, of: TrayOf, n: usize, facing: Facing, first_row: usize) -> TrayGrid {
        let area = self.tray(of);
        let pw = self.pitch.0;
        let fit = |w: i32| (w / pw).max(1) as usize;
        let all_rows = fit(area.w) * TRAY_ROWS;
        let (tiles, bar, per_row, step) = match facing {
            _ if n <= all_rows => (area, None, fit(area.w), pw),
            Facing::Up => {
                // A pixel of the rack between the last tile and the bar.
                let tiles = Rect::new(area.x, area.y, area.w - self.bar_w - 1, area.h);
                let bar = Rect::new(area.right() - self.bar_w, area.y, self.bar_w, area.h);
                (tiles, Some(bar), fit(tiles.w), pw)
            }
            Facing::Down => {
                let per_row = n.div_ceil(TRAY_ROWS);
                let step = ((area.w - self.tile().0) / (per_row as i32 - 1).max(1)).max(1);
                (area, None, per_row, step)
            }
        };
        TrayGrid { tiles, bar, n, per_row, step, row_h: self.pitch.1, tile: self.tile(), first_row: 0 }
            .scrolled_to(first_row)
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

/// The pile's parts, each inside the pile's box (see [`Layout::pile_parts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PileParts {
    /// The stack's bottom tile; those on it lie a pixel further up and
    /// left each.
    pub stack: Rect,
    /// The top of the count of tiles left.
    pub count_y: i32,
    /// The top of the 2 shown while the program holds a duplicate.
    pub pair_y: i32,
}

/// Where a tray's tiles lie. Face up each tile is whole (its number and
/// mark are to be read), in rows of as many as fit; past two rows the tray
/// scrolls a row at a time and a scroll bar takes its right end. Face down
/// there is nothing to read, so the tiles pack closer, overlapping, and
/// all of them show: what counts is how many there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrayGrid {
    /// Where the tiles go: the tray, less the scroll bar.
    pub tiles: Rect,
    /// The scroll bar, when the rows do not all fit.
    pub bar: Option<Rect>,
    n: usize,
    per_row: usize,
    /// From one tile's left edge to the next one's.
    step: i32,
    row_h: i32,
    tile: (i32, i32),
    first_row: usize,
}

impl TrayGrid {
    /// The same tiles scrolled to show row `first` at the top, or as near
    /// as the last row allows.
    pub fn scrolled_to(self, first: usize) -> TrayGrid {
        TrayGrid { first_row: first.min(self.rows().saturating_sub(TRAY_ROWS)), ..self }
    }

    /// The same tiles scrolled as little as possible to bring tile `i`
    /// into view.
    pub fn showing(self, i: usize) -> TrayGrid {
        let first = keep_in_view(self.first_row, self.row_of(i), TRAY_ROWS, self.rows());
        self.scrolled_to(first)
    }

    /// The row at the top of the tray.
    pub fn first_row(&self) -> usize {
        self.first_row
    }

    /// Rows of tiles, in view or not.
    pub fn rows(&self) -> usize {
        self.n.div_ceil(self.per_row)
    }

    pub fn per_row(&self) -> usize {
        self.per_row
    }

    pub fn row_of(&self, i: usize) -> usize {
        i / self.per_row
    }

    /// The tiles in view, in drawing order.
    pub fn in_view(&self) -> Range<usize> {
        let start = self.first_row * self.per_row;
        start.min(self.n)..((self.first_row + TRAY_ROWS) * self.per_row).min(self.n)
    }

    /// Where tile `i` is drawn; None when it is scrolled out of view.
    pub fn tile(&self, i: usize) -> Option<Rect> {
        if !self.in_view().contains(&i) {
            return None;
        }
        let (row, col) = (self.row_of(i) - self.first_row, i % self.per_row);
        let (tw, th) = self.tile;
        Some(Rect::new(self.tiles.x + col as i32 * self.step, self.tiles.y + row as i32 * self.row_h, tw, th))
    }

    /// The tile in view nearest to tile `i` in the tray's order.
    pub fn nearest_in_view(&self, i: usize) -> Option<usize> {
        let view = self.in_view();
        (!view.is_empty()).then(|| i.clamp(view.start, view.end - 1))
    }

    /// How much of tile `i` shows: its width, less what the next tile on
    /// its row covers; zero when it is out of view.
    pub fn uncovered_width(&self, i: usize) -> i32 {
        let Some(r) = self.tile(i) else { return 0 };
        match self.tile(i + 1) {
            Some(next) if next.y == r.y => r.w.min(next.x - r.x),
            _ => r.w,
        }
    }

    /// The tile under (x, y), the one drawn on top first.
    pub fn hit(&self, x: i32, y: i32) -> Option<usize> {
        self.in_view().rev().find(|&i| self.tile(i).is_some_and(|r| r.contains(x, y)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAL: Rect = Rect::new(0, 11, 320, 245);
    /// Workbench's scroll bar width on PAL.
    const PAL_BAR: i32 = 14;

    #[test]
    fn pal_cells_are_thirteen_by_seventeen_and_nothing_overlaps() {
        let l = Layout::fit(PAL, 24, 9, 9, PAL_BAR);
        assert_eq!(l.pitch, (13, 17));
        assert_eq!(l.scale, 1);
        assert!(l.program_tray.bottom() < l.table.y);
        assert!(l.table.bottom() < l.player_tray.y);
        assert!(l.player_tray.bottom() <= 256);
        assert!(l.gadget.right() <= 320 && l.gadget.x >= l.player_tray.right());
        assert!(l.table.right() <= 320 && l.table.x >= 0);
        let d = Layout::fit(Rect::new(0, 11, 640, 501), 24, 10, 10, 18);
        assert_eq!((d.pitch, d.scale), ((26, 34), 2));
    }

    #[test]
    fn an_overflowing_table_squeezes_its_rows() {
        for rows in 10..30 {
            let l = Layout::fit(PAL, 24, 9, rows, PAL_BAR);
            assert!(l.row_pitch < 17);
            assert!(l.cell(rows - 1, 0).bottom() <= l.table.bottom(), "{rows} rows");
        }
    }

    #[test]
    fn two_rows_of_faces_fit_without_a_scroll_bar() {
        let l = Layout::fit(PAL, 24, 9, 9, PAL_BAR);
        let g = l.tray_grid(TrayOf::Player, 44, Facing::Up, 0);
        assert_eq!((g.per_row(), g.rows(), g.bar), (22, 2, None));
        assert_eq!(g.in_view(), 0..44);
        let last = g.tile(43).unwrap();
        assert!(last.right() <= l.player_tray.right() && last.bottom() <= l.player_tray.bottom());
    }

    #[test]
    fn a_crowded_tray_of_faces_scrolls_whole_tiles_beside_its_bar() {
        let l = Layout::fit(PAL, 24, 9, 9, PAL_BAR);
        let g = l.tray_grid(TrayOf::Player, 90, Facing::Up, 0);
        let bar = g.bar.expect("a scroll bar");
        assert_eq!((bar.right(), bar.w, bar.h), (l.player_tray.right(), PAL_BAR, l.player_tray.h));
        assert_eq!((g.per_row(), g.rows()), (21, 5));
        assert_eq!(g.in_view(), 0..42);
        assert_eq!(g.tile(42), None, "the third row is out of view");
        for i in g.in_view() {
            let r = g.tile(i).unwrap();
            assert_eq!(g.uncovered_width(i), r.w, "tile {i} is partly covered");
            assert!(r.right() < bar.x, "tile {i} reaches the bar");
        }
        // Scrolled past the end, the last two rows show.
        let end = g.scrolled_to(99);
        assert_eq!((end.first_row(), end.in_view()), (3, 63..90));
        let last = end.tile(89).unwrap();
        assert_eq!(end.hit(last.x + 1, last.y + 1), Some(89));
        assert_eq!(end.nearest_in_view(5), Some(63));
    }

    #[test]
    fn a_crowded_tray_of_backs_packs_them_all_in_view() {
        let l = Layout::fit(PAL, 24, 9, 12, PAL_BAR);
        let g = l.tray_grid(TrayOf::Program, 60, Facing::Down, 3);
        assert_eq!((g.bar, g.first_row(), g.in_view()), (None, 0, 0..60));
        let last = g.tile(59).unwrap();
        assert!(last.right() <= l.program_tray.right() && last.bottom() <= l.program_tray.bottom());
        assert_eq!(g.hit(last.right() - 1, last.y + 1), Some(59));
        assert!(g.uncovered_width(0) < last.w, "packed closer, overlapping");
    }
}
