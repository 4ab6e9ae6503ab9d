//! The table: series of tiles lying in rows of cells, as a player put them.
//!
//! The table is a grid of `cols` x `rows` cells, each a tile's place. A
//! series lies in one row from a cell to the right, and keeps one empty
//! cell between itself and its neighbours so that series never run into
//! each other. When a series grows into a neighbour or past the edge it is
//! moved to the nearest place with room; when no place has room, every
//! series is packed afresh, longest first, row by row. If even that does
//! not fit (a grid chosen too small), rows are added below the grid and the
//! view squeezes them in: series are never drawn over the trays.
//!
//! Series are kept in reading order (by row, then column), and moves name
//! them by their index in that order.

use super::sets::{Fit, Shape, fit, misfit, shape};
use super::tile::{Kind, TileId};

/// One series: its first cell and its tiles from left to right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    pub row: u16,
    pub col: u16,
    pub tiles: Vec<TileId>,
}

impl Series {
    pub fn kinds(&self) -> Vec<Kind> {
        self.tiles.iter().map(|t| t.kind()).collect()
    }

    /// Whether the series is a set a turn may end with.
    pub fn is_valid_set(&self) -> bool {
        super::sets::is_valid_set(&self.kinds())
    }

    /// The first column after the series.
    pub fn end(&self) -> u16 {
        self.col + self.tiles.len() as u16
    }

    /// Whether a series of `len` tiles at (`row`, `col`) would touch this
    /// one (overlap it or leave no empty cell between).
    fn crowds(&self, row: u16, col: u16, len: u16) -> bool {
        row == self.row && col <= self.end() && self.col <= col + len
    }
}

/// The grid's size when none is chosen: what fits a 320 x 256 screen.
pub const DEFAULT_COLS: u16 = 24;
pub const DEFAULT_ROWS: u16 = 9;
/// The smallest grid: one row must hold a run of 13.
pub const MIN_COLS: u16 = 13;
pub const MIN_ROWS: u16 = 3;
pub const MAX_COLS: u16 = 60;
pub const MAX_ROWS: u16 = 40;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    cols: u16,
    rows: u16,
    series: Vec<Series>,
}

impl Table {
    /// An empty table of `cols` x `rows` cells.
    pub fn new(cols: u16, rows: u16) -> Table {
        Table { cols, rows, series: Vec::new() }
    }

    pub fn cols(&self) -> u16 {
        self.cols
    }

    pub fn rows(&self) -> u16 {
        self.rows
    }

    /// Rows in use: the grid's, or more when packing overflowed it.
    pub fn rows_used(&self) -> u16 {
        self.series.iter().map(|s| s.row + 1).max().unwrap_or(0).max(self.rows)
    }

    pub fn series(&self) -> &[Series] {
        &self.series
    }

    pub fn tiles(&self) -> impl Iterator<Item = TileId> + '_ {
        self.series.iter().flat_map(|s| s.tiles.iter().copied())
    }

    /// Where tile `id` lies: its series and its place in it.
    pub fn find(&self, id: TileId) -> Option<(usize, usize)> {
        self.series.iter().enumerate().find_map(|(i, s)| s.tiles.iter().position(|&t| t == id).map(|p| (i, p)))
    }

    /// Whether every series is a valid set.
    pub fn is_valid(&self) -> bool {
        self.series.iter().all(Series::is_valid_set)
    }

    /// Whether a series of `len` tiles fits at (`row`, `col`) inside the
    /// grid without touching any series but those in `except`.
    pub fn has_room(&self, row: u16, col: u16, len: u16, except: &[usize]) -> bool {
        row < self.rows
            && col + len <= self.cols
            && self.series.iter().enumerate().all(|(i, s)| except.contains(&i) || !s.crowds(row, col, len))
    }

    /// The first place in reading order with room for `len` tiles.
    pub fn free_place(&self, len: u16) -> Option<(u16, u16)> {
        (0..self.rows).flat_map(|r| (0..self.cols).map(move |c| (r, c))).find(|&(r, c)| self.has_room(r, c, len, &[]))
    }

    /// Takes tile `pos` out of series `index`. A run taken apart in the
    /// middle becomes two series where it lay; a group closes up.
    pub fn take(&mut self, index: usize, pos: usize) -> TileId {
        let s = &mut self.series[index];
        let is_run = s.tiles.len() > 1 && shape(&s.kinds()) == Shape::Run;
        let id = s.tiles.remove(pos);
        if pos == 0 && is_run {
            s.col += 1;
        } else if is_run && pos < s.tiles.len() {
            let right = Series { row: s.row, col: s.col + pos as u16 + 1, tiles: s.tiles.split_off(pos) };
            self.series.push(right);
        }
        self.series.retain(|s| !s.tiles.is_empty());
        self.sort();
        id
    }

    /// Drops `id` on series `index`: it joins the proper end, or splits
    /// the run; a tile that fits nowhere on it is refused.
    pub fn drop_on(&mut self, index: usize, id: TileId) -> Result<(), String> {
        let kinds = self.series[index].kinds();
        let how = fit(&kinds, id.kind()).ok_or_else(|| misfit(&kinds, id.kind()))?;
        let s = &mut self.series[index];
        let changed = match how {
            Fit::Append => {
                s.tiles.push(id);
                vec![index]
            }
            Fit::Prepend => {
                s.tiles.insert(0, id);
                s.col = s.col.saturating_sub(1);
                vec![index]
            }
            Fit::Split(at) => {
                let mut right = vec![id];
                right.extend(s.tiles.split_off(at + 1));
                let (row, col) = (s.row, s.end() + 1);
                self.series.push(Series { row, col, tiles: right });
                vec![index, self.series.len() - 1]
            }
        };
        self.settle(&changed);
        Ok(())
    }

    /// Starts a new series with `id` at (`row`, `col`), which must be free
    /// with an empty cell on either side.
    /// When the grid is full, the first cell of a new row below it will do.
    pub fn place(&mut self, row: u16, col: u16, id: TileId) -> Result<(), String> {
        let below = row >= self.rows && row == self.rows_used() && col == 0 && self.free_place(1).is_none();
        if !below && (row >= self.rows || col >= self.cols) {
            return Err(format!("There is no place {row}:{col} on the table."));
        }
        if !below && !self.has_room(row, col, 1, &[]) {
            return Err("There is no room there: a new series needs an empty place beside it.".into());
        }
        self.series.push(Series { row, col, tiles: vec![id] });
        self.sort();
        Ok(())
    }

    /// Adds a whole series where there is room (for setting up tables).
    pub fn add_series(&mut self, tiles: Vec<TileId>) {
        let (row, col) = self.free_place(tiles.len() as u16).unwrap_or((self.rows_used(), 0));
        self.series.push(Series { row, col, tiles });
        let last = self.series.len() - 1;
        self.settle(&[last]);
    }

    /// Finds room for the series in `changed` (indices before sorting),
    /// leaving the others where they lie: each stays if it fits, else goes
    /// to the nearest place in its row, else the first place with room;
    /// if one fits nowhere, everything is packed afresh.
    fn settle(&mut self, changed: &[usize]) {
        let mut pending: Vec<usize> = changed.to_vec();
        pending.sort_unstable();
        let mut placed: Vec<usize> = (0..self.series.len()).filter(|i| !pending.contains(i)).collect();
        for &i in &pending {
            let (row, col, len) = (self.series[i].row, self.series[i].col, self.series[i].tiles.len() as u16);
            let others: Vec<usize> = (0..self.series.len()).filter(|j| !placed.contains(j)).collect();
            let room = |r: u16, c: u16| self.has_room(r, c, len, &others);
            let in_row = (0..self.cols).filter(|&c| room(row, c)).min_by_key(|&c| (c.abs_diff(col), c));
            let spot = if room(row, col) {
                Some((row, col))
            } else if let Some(c) = in_row {
                Some((row, c))
            } else {
                (0..self.rows).flat_map(|r| (0..self.cols).map(move |c| (r, c))).find(|&(r, c)| room(r, c))
            };
            match spot {
                Some((r, c)) => {
                    self.series[i].row = r;
                    self.series[i].col = c;
                    placed.push(i);
                }
                None => return self.pack(),
            }
        }
        self.sort();
    }

    /// Lays every series out afresh: longest first, each in the first row
    /// with room at its right end, rows below the grid if need be.
    pub fn pack(&mut self) {
        let mut order: Vec<usize> = (0..self.series.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.series[i].tiles.len()));
        let mut row_ends: Vec<u16> = Vec::new();
        for i in order {
            let len = self.series[i].tiles.len() as u16;
            let row = row_ends.iter().position(|&end| {
                let start = if end == 0 { 0 } else { end + 1 };
                start + len <= self.cols
            });
            let row = row.unwrap_or_else(|| {
                row_ends.push(0);
                row_ends.len() - 1
            });
            let start = if row_ends[row] == 0 { 0 } else { row_ends[row] + 1 };
            self.series[i].row = row as u16;
            self.series[i].col = start;
            row_ends[row] = start + len;
        }
        self.sort();
    }

    fn sort(&mut self) {
        self.series.sort_by_key(|s| (s.row, s.col));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(text: &str, copy: usize) -> TileId {
        TileId::new(Kind::parse(text).unwrap(), copy)
    }

    fn run(table: &mut Table, texts: &str) {
        table.add_series(texts.split_whitespace().map(|t| id(t, 0)).collect());
    }

    fn texts(table: &Table) -> Vec<String> {
        table
            .series()
            .iter()
            .map(|s| {
                let k: Vec<String> = s.kinds().iter().map(|k| k.to_string()).collect();
                format!("{}:{} {}", s.row, s.col, k.join(" "))
            })
            .collect()
    }

    #[test]
    fn a_five_dropped_on_three_to_seven_splits_it() {
        let mut t = Table::new(24, 9);
        run(&mut t, "B3 B4 B5 B6 B7");
        t.drop_on(0, id("B5", 1)).unwrap();
        assert_eq!(texts(&t), ["0:0 B3 B4 B5", "0:4 B5 B6 B7"]);
    }

    #[test]
    fn taking_from_a_run_splits_it_and_from_a_group_closes_it() {
        let mut t = Table::new(24, 9);
        run(&mut t, "R1 R2 R3 R4 R5");
        run(&mut t, "Y9 B9 K9 R9");
        assert_eq!(t.take(0, 2).kind().to_string(), "R3");
        assert_eq!(texts(&t), ["0:0 R1 R2", "0:3 R4 R5", "0:6 Y9 B9 K9 R9"]);
        t.take(2, 1);
        assert_eq!(texts(&t)[2], "0:6 Y9 K9 R9");
        t.take(0, 0);
        assert_eq!(texts(&t)[0], "0:1 R2");
    }

    #[test]
    fn a_growing_series_moves_out_of_its_neighbours_way() {
        let mut t = Table::new(13, 3);
        run(&mut t, "R1 R2 R3");
        t.place(0, 4, id("K7", 0)).unwrap();
        assert!(t.place(0, 5, id("K8", 0)).is_err(), "a new series needs a gap");
        t.drop_on(0, id("R4", 0)).unwrap();
        assert_eq!(texts(&t), ["0:4 K7", "0:6 R1 R2 R3 R4"], "moved along its row");
        t.place(0, 11, id("B7", 0)).unwrap();
        t.drop_on(1, id("R5", 0)).unwrap();
        assert_eq!(texts(&t), ["0:4 K7", "0:11 B7", "1:0 R1 R2 R3 R4 R5"], "moved to the next row with room");
    }

    #[test]
    fn a_full_table_is_packed_and_overflows_below_the_grid() {
        let mut t = Table::new(13, 3);
        for c in ["R", "B", "Y", "K"] {
            let tiles: Vec<String> = (1..=9).map(|n| format!("{c}{n}")).collect();
            run(&mut t, &tiles.join(" "));
        }
        assert_eq!(t.rows_used(), 4);
        assert!(t.series().iter().all(|s| s.end() <= 13));
        let rows: Vec<u16> = t.series().iter().map(|s| s.row).collect();
        assert_eq!(rows, [0, 1, 2, 3]);
    }
}
