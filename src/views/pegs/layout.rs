//! Where a board's elements are drawn: one square block per element, each
//! row moved sideways by its shift in half blocks. The shift is for the eye
//! only; jumps use the element grid, so hit tests answer in grid terms.

use crate::games::pegs::board::{Board, Cell};
use crate::gfx::Rect;

/// A board fitted into a rectangle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLayout {
    /// The side of one block in pixels; always even, so half blocks are
    /// whole pixels.
    pub block: i32,
    /// Screen x of half-block column 0 and y of row 0.
    origin: (i32, i32),
    width: usize,
    height: usize,
    shifts: Vec<i32>,
}

impl BoardLayout {
    /// The largest blocks (up to `max_block`) with which the board's slots
    /// fit in `area`, centred there. Locked elements at the edges take no
    /// room: they are not drawn.
    pub fn fit(board: &Board, area: Rect, max_block: i32) -> BoardLayout {
        let shift = |r: usize| board.shifts.get(r).copied().unwrap_or(0);
        let slots: Vec<(usize, usize)> = (0..board.height)
            .flat_map(|r| (0..board.width).map(move |c| (r, c)))
            .filter(|&(r, c)| matches!(board.cell(r, c), Cell::Slot { .. }))
            .collect();
        // The slots' extent in half blocks across and rows down.
        let halves = |&(r, c): &(usize, usize)| 2 * c as i32 + shift(r);
        let left = slots.iter().map(halves).min().unwrap_or(0);
        let right = slots.iter().map(|s| halves(s) + 2).max().unwrap_or(2);
        let top = slots.iter().map(|s| s.0 as i32).min().unwrap_or(0);
        let bottom = slots.iter().map(|s| s.0 as i32 + 1).max().unwrap_or(1);
        let (across, down) = ((right - left).max(1), (bottom - top).max(1));
        let block = ((area.w * 2 / across).min(area.h / down).min(max_block) & !1).max(2);
        let (w, h) = (across * block / 2, down * block);
        let (x, y) = (area.x + (area.w - w) / 2, area.y + (area.h - h) / 2);
        BoardLayout {
            block,
            origin: (x - left * block / 2, y - top * block),
            width: board.width,
            height: board.height,
            shifts: (0..board.height).map(shift).collect(),
        }
    }

    /// The block of element (row, col).
    pub fn rect(&self, (row, col): (usize, usize)) -> Rect {
        let half = self.block / 2;
        let x = self.origin.0 + (2 * col as i32 + self.shifts[row]) * half;
        Rect::new(x, self.origin.1 + row as i32 * self.block, self.block, self.block)
    }

    /// The element whose block holds (x, y), locked or not.
    pub fn hit(&self, x: i32, y: i32) -> Option<(usize, usize)> {
        let row = (y - self.origin.1).div_euclid(self.block);
        if row < 0 || row as usize >= self.height {
            return None;
        }
        let row = row as usize;
        let dx = x - self.origin.0 - self.shifts[row] * self.block / 2;
        let col = dx.div_euclid(self.block);
        (col >= 0 && (col as usize) < self.width).then_some((row, col as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        Board::parse("t.brd", text.as_bytes()).unwrap()
    }

    #[test]
    fn blocks_are_even_squares_centred_on_the_slots() {
        let b = board("Version 2\nMode: Normal\n* y *\ny e y\n* y *\n");
        let l = BoardLayout::fit(&b, Rect::new(10, 20, 101, 61), 64);
        assert_eq!(l.block, 20);
        assert_eq!(l.rect((1, 1)), Rect::new(10 + 20 + 20, 20 + 20, 20, 20));
        assert_eq!(l.rect((0, 0)).x, 30);
        let capped = BoardLayout::fit(&b, Rect::new(0, 0, 1000, 1000), 40);
        assert_eq!(capped.block, 40);
    }

    #[test]
    fn locked_edges_take_no_room_and_shifts_move_rows_by_half_blocks() {
        // Jumper's triangle: every row but the last shifted right, with
        // locked elements filling the rows out to the full width.
        let b = board("Version 2\nMode: Diagonal\n..e * *\n.y y *\ny Y y\n");
        let l = BoardLayout::fit(&b, Rect::new(0, 0, 60, 60), 64);
        assert_eq!(l.block, 20);
        assert_eq!(l.rect((2, 0)).x, 0);
        assert_eq!(l.rect((1, 0)).x, 10);
        assert_eq!(l.rect((0, 0)).x, 20);
        assert_eq!(l.hit(25, 5), Some((0, 0)));
        assert_eq!(l.hit(15, 25), Some((1, 0)));
        assert_eq!(l.hit(35, 25), Some((1, 1)));
        assert_eq!(l.hit(5, 25), None, "left of row 1's first element");
        assert_eq!(l.hit(5, 65), None);
        assert_eq!(l.hit(-15, -5), None);
    }

    #[test]
    fn tiny_areas_still_give_a_layout() {
        let b = board("Version 2\nMode: Normal\ny y e\n");
        let l = BoardLayout::fit(&b, Rect::new(0, 0, 1, 0), 64);
        assert_eq!(l.block, 2);
        assert_eq!(l.hit(-100, -100), None);
    }
}
