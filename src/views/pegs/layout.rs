//! Where a board's elements are drawn: one square block per element, each
//! row moved sideways by its shift in half blocks. The shift is for the eye
//! only; jumps use the element grid, so hit tests answer in grid terms.

use crate::games::pegs::board::{Board, Cell};
use crate::gfx::Rect;

/// The edge of the board its column letters stand along.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    Top,
    Bottom,
}

/// Where a board's column letters stand: in a row of their own just past
/// one edge of the slots, each under (or over) its column's element in the
/// edge row.
///
/// Where every row has the same shift the columns are straight and the
/// letters stand above them, as on a chess board. Where rows are shifted
/// (a triangle) a column leans, and no one place lines up with all of its
/// slots; the letters then stand along the edge row with the more slots (a
/// triangle's base, every column's last slot), each under one stone, so
/// that `d5` is the stone over the `d` and every row reads a, b, c... from
/// its first slot, as the grid counts it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letters {
    pub edge: Edge,
    /// The shift of the edge row, in half blocks.
    shift: i32,
    /// The columns holding a slot: the only ones a jump can name.
    pub columns: Vec<usize>,
}

impl Letters {
    pub fn of(board: &Board) -> Letters {
        let shift = |r: usize| board.shifts.get(r).copied().unwrap_or(0);
        let is_slot = |r: usize, c: usize| matches!(board.cell(r, c), Cell::Slot { .. });
        let slots_in = |r: usize| (0..board.width).filter(|&c| is_slot(r, c)).count();
        let columns = (0..board.width).filter(|&c| (0..board.height).any(|r| is_slot(r, c))).collect();
        let top = (0..board.height).find(|&r| slots_in(r) > 0).unwrap_or(0);
        let bottom = (0..board.height).rfind(|&r| slots_in(r) > 0).unwrap_or(0);
        let straight = (0..board.height).all(|r| shift(r) == shift(0));
        if straight || slots_in(top) > slots_in(bottom) {
            Letters { edge: Edge::Top, shift: shift(top), columns }
        } else {
            Letters { edge: Edge::Bottom, shift: shift(bottom), columns }
        }
    }

    /// The letters' blocks' left edges in half blocks.
    fn halves(&self) -> impl Iterator<Item = i32> + '_ {
        self.columns.iter().map(|&c| 2 * c as i32 + self.shift)
    }
}

/// The clear space between the slots' blocks and the letters: past the
/// plate's border, and below them its shadow too, with room for the white
/// patch a letter stands on on one-bit screens.
fn letter_gap(block: i32, edge: Edge) -> i32 {
    let border = (block / 6).max(1);
    match edge {
        Edge::Top => border + 4,
        Edge::Bottom => border + (block / 12).max(1) + 3,
    }
}

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
    /// The slots' top and bottom edges on the screen.
    slots_top: i32,
    slots_bottom: i32,
    letters: Letters,
}

impl BoardLayout {
    /// The largest blocks (up to `max_block`) with which the board's slots
    /// fit in `area`, centred there. Locked elements at the edges take no
    /// room: they are not drawn. With `letters`, the height of the column
    /// letters' text, the letters fit in `area` too, except letters above
    /// the board: the room above is the caller's to keep, as it keeps the
    /// room at the side for the row numbers.
    pub fn fit(board: &Board, area: Rect, max_block: i32, letters: Option<i32>) -> BoardLayout {
        let shift = |r: usize| board.shifts.get(r).copied().unwrap_or(0);
        let slots: Vec<(usize, usize)> = (0..board.height)
            .flat_map(|r| (0..board.width).map(move |c| (r, c)))
            .filter(|&(r, c)| matches!(board.cell(r, c), Cell::Slot { .. }))
            .collect();
        // The slots' extent in half blocks across and rows down.
        let halves = |&(r, c): &(usize, usize)| 2 * c as i32 + shift(r);
        let marks = Letters::of(board);
        // A letter under a locked element may stand out past the slots'
        // sides (a hexagon's lower right).
        let lettered: Vec<i32> = letters.map(|_| marks.halves().collect()).unwrap_or_default();
        let left = slots.iter().map(halves).chain(lettered.iter().copied()).min().unwrap_or(0);
        let right = slots.iter().map(halves).chain(lettered.iter().copied()).map(|h| h + 2).max().unwrap_or(2);
        let top = slots.iter().map(|s| s.0 as i32).min().unwrap_or(0);
        let bottom = slots.iter().map(|s| s.0 as i32 + 1).max().unwrap_or(1);
        let (across, down) = ((right - left).max(1), (bottom - top).max(1));
        // The room the letters take below the board, for a block size.
        let below = |block: i32| match (letters, marks.edge) {
            (Some(text), Edge::Bottom) => letter_gap(block, Edge::Bottom) + text,
            _ => 0,
        };
        let mut block = ((area.w * 2 / across).min(area.h / down).min(max_block) & !1).max(2);
        while block > 2 && down * block + below(block) > area.h {
            block -= 2;
        }
        let (w, h) = (across * block / 2, down * block + below(block));
        let (x, y) = (area.x + (area.w - w) / 2, area.y + (area.h - h) / 2);
        BoardLayout {
            block,
            origin: (x - left * block / 2, y - top * block),
            width: board.width,
            height: board.height,
            shifts: (0..board.height).map(shift).collect(),
            slots_top: y,
            slots_bottom: y + down * block,
            letters: marks,
        }
    }

    /// The columns with a letter, and the edge they stand along.
    pub fn letters(&self) -> &Letters {
        &self.letters
    }

    /// Where column `col`'s letter is drawn, for text `text_h` tall: a
    /// box a block wide, its text centred in it.
    pub fn letter_box(&self, col: usize, text_h: i32) -> Rect {
        let x = self.origin.0 + (2 * col as i32 + self.letters.shift) * self.block / 2;
        let y = match self.letters.edge {
            Edge::Top => self.slots_top - letter_gap(self.block, Edge::Top) - text_h,
            Edge::Bottom => self.slots_bottom + letter_gap(self.block, Edge::Bottom),
        };
        Rect::new(x, y, self.block, text_h)
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
        let l = BoardLayout::fit(&b, Rect::new(10, 20, 101, 61), 64, None);
        assert_eq!(l.block, 20);
        assert_eq!(l.rect((1, 1)), Rect::new(10 + 20 + 20, 20 + 20, 20, 20));
        assert_eq!(l.rect((0, 0)).x, 30);
        let capped = BoardLayout::fit(&b, Rect::new(0, 0, 1000, 1000), 40, None);
        assert_eq!(capped.block, 40);
    }

    #[test]
    fn locked_edges_take_no_room_and_shifts_move_rows_by_half_blocks() {
        // Jumper's triangle: every row but the last shifted right, with
        // locked elements filling the rows out to the full width.
        let b = board("Version 2\nMode: Diagonal\n..e * *\n.y y *\ny Y y\n");
        let l = BoardLayout::fit(&b, Rect::new(0, 0, 60, 60), 64, None);
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
        let l = BoardLayout::fit(&b, Rect::new(0, 0, 1, 0), 64, None);
        assert_eq!(l.block, 2);
        assert_eq!(l.hit(-100, -100), None);
    }
}
