//! The field's geometry (squares numbered row by row, and their
//! neighbours) and a layout of mines on it.

/// A field's size. Squares are numbered `y * width + x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub width: usize,
    pub height: usize,
}

impl Grid {
    pub fn new(width: usize, height: usize) -> Grid {
        Grid { width, height }
    }

    pub fn len(&self) -> usize {
        self.width * self.height
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn index(&self, x: usize, y: usize) -> usize {
        y * self.width + x
    }

    /// Column and row of square `i`.
    pub fn xy(&self, i: usize) -> (usize, usize) {
        (i % self.width, i / self.width)
    }

    /// The up to eight squares around square `i`.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        let (w, h) = (self.width as i64, self.height as i64);
        let (x, y) = ((i % self.width) as i64, (i / self.width) as i64);
        (-1..=1i64)
            .flat_map(move |dy| (-1..=1i64).map(move |dx| (x + dx, y + dy)))
            .filter(move |&(nx, ny)| (nx, ny) != (x, y) && nx >= 0 && ny >= 0 && nx < w && ny < h)
            .map(move |(nx, ny)| (ny * w + nx) as usize)
    }

    /// Square `i` and its neighbours.
    pub fn block(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        std::iter::once(i).chain(self.neighbours(i))
    }
}

/// Where the mines are.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    pub grid: Grid,
    mine: Vec<bool>,
}

impl Layout {
    /// A layout from one flag per square.
    pub fn new(grid: Grid, mine: Vec<bool>) -> Layout {
        assert_eq!(mine.len(), grid.len(), "one flag per square");
        Layout { grid, mine }
    }

    pub fn is_mine(&self, i: usize) -> bool {
        self.mine[i]
    }

    pub fn set_mine(&mut self, i: usize, mine: bool) {
        self.mine[i] = mine;
    }

    pub fn mine_count(&self) -> usize {
        self.mine.iter().filter(|&&m| m).count()
    }

    /// The number a free square shows: mines around it.
    pub fn number(&self, i: usize) -> u8 {
        self.grid.neighbours(i).filter(|&n| self.mine[n]).count() as u8
    }

    /// `H` lines of `W` characters, `*` a mine and `.` a free square.
    pub fn picture(&self) -> String {
        let mut out = String::with_capacity(self.grid.len() + self.grid.height);
        for (i, &m) in self.mine.iter().enumerate() {
            out.push(if m { '*' } else { '.' });
            if (i + 1) % self.grid.width == 0 {
                out.push('\n');
            }
        }
        out
    }

    /// Reads a [`picture`](Layout::picture) (for tests and hand-made boards).
    pub fn from_picture(text: &str) -> Result<Layout, String> {
        let rows: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        let width = rows.first().map_or(0, |r| r.len());
        if width == 0 {
            return Err("a minefield picture needs at least one row".into());
        }
        let mut mine = Vec::with_capacity(width * rows.len());
        for (n, row) in rows.iter().enumerate() {
            if row.len() != width {
                return Err(format!("row {} has {} boxes, the first has {width}", n + 1, row.len()));
            }
            for c in row.chars() {
                match c {
                    '*' => mine.push(true),
                    '.' => mine.push(false),
                    other => return Err(format!("row {}: {other:?} is neither * (mine) nor . (free)", n + 1)),
                }
            }
        }
        Ok(Layout::new(Grid::new(width, rows.len()), mine))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_have_three_neighbours_and_the_middle_eight() {
        let g = Grid::new(4, 3);
        assert_eq!(g.neighbours(0).collect::<Vec<_>>(), vec![1, 4, 5]);
        assert_eq!(g.neighbours(11).count(), 3);
        assert_eq!(g.neighbours(5).count(), 8);
        assert_eq!(g.block(5).count(), 9);
        assert_eq!(g.xy(g.index(3, 2)), (3, 2));
    }

    #[test]
    fn pictures_read_back_and_numbers_count_mines_around() {
        let l = Layout::from_picture("*..\n...\n.**\n").unwrap();
        assert_eq!(l.picture(), "*..\n...\n.**\n");
        assert_eq!(l.mine_count(), 3);
        assert_eq!(l.number(4), 3);
        assert_eq!(l.number(2), 0);
        assert!(Layout::from_picture("*.\n.\n").unwrap_err().contains("row 2"));
        assert!(Layout::from_picture("*x\n").unwrap_err().contains("'x'"));
    }
}
