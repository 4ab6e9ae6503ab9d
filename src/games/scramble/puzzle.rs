//! A sliding puzzle of `cols` x `rows` places: every place but one holds
//! a piece, numbered from 1 in reading order when solved; the gap ends in
//! the bottom right corner.

/// How the gap moves: the piece on that side of it slides in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (0, -1),
            Dir::Down => (0, 1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    pub cols: usize,
    pub rows: usize,
    /// The piece at each place, row by row; 0 is the gap.
    tiles: Vec<u8>,
    gap: usize,
}

impl Puzzle {
    /// The solved puzzle.
    pub fn solved(cols: usize, rows: usize) -> Puzzle {
        let n = cols * rows;
        let mut tiles: Vec<u8> = (1..=n as u8).collect();
        tiles[n - 1] = 0;
        Puzzle { cols, rows, tiles, gap: n - 1 }
    }

    /// A puzzle from its pieces row by row (0 the gap); None unless every
    /// piece from 0 to `cols * rows - 1` is there once.
    pub fn from_tiles(cols: usize, rows: usize, tiles: Vec<u8>) -> Option<Puzzle> {
        let n = cols * rows;
        let mut seen = vec![false; n];
        for &t in &tiles {
            let slot = seen.get_mut(usize::from(t))?;
            if *slot {
                return None;
            }
            *slot = true;
        }
        (tiles.len() == n).then(|| Puzzle { cols, rows, gap: tiles.iter().position(|&t| t == 0).unwrap_or(0), tiles })
    }

    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    pub fn tile(&self, at: usize) -> u8 {
        self.tiles[at]
    }

    pub fn gap(&self) -> usize {
        self.gap
    }

    pub fn xy(&self, at: usize) -> (usize, usize) {
        (at % self.cols, at / self.cols)
    }

    pub fn index(&self, x: usize, y: usize) -> usize {
        y * self.cols + x
    }

    /// The place piece `tile` belongs at.
    pub fn home(&self, tile: u8) -> usize {
        if tile == 0 { self.len() - 1 } else { usize::from(tile) - 1 }
    }

    pub fn is_solved(&self) -> bool {
        self.tiles.iter().enumerate().all(|(i, &t)| self.home(t) == i)
    }

    /// Whether the solved order can be reached by sliding: the parity of
    /// the places' permutation (the gap counted as a piece) matches the
    /// parity of the gap's distance from its home, since every step of the
    /// gap is one swap and one place of distance.
    pub fn is_solvable(&self) -> bool {
        let n = self.len();
        let mut seen = vec![false; n];
        let mut swaps = 0;
        for start in 0..n {
            let mut at = start;
            let mut cycle = 0;
            while !seen[at] {
                seen[at] = true;
                at = self.home(self.tiles[at]);
                cycle += 1;
            }
            swaps += cycle.max(1) - 1;
        }
        let ((x, y), (hx, hy)) = (self.xy(self.gap), self.xy(n - 1));
        swaps % 2 == (x.abs_diff(hx) + y.abs_diff(hy)) % 2
    }

    /// The place next to the gap on side `d`, if there is one.
    pub fn beside_gap(&self, d: Dir) -> Option<usize> {
        let (x, y) = self.xy(self.gap);
        let (dx, dy) = d.delta();
        let (nx, ny) = (x as i32 + dx, y as i32 + dy);
        (nx >= 0 && ny >= 0 && (nx as usize) < self.cols && (ny as usize) < self.rows)
            .then(|| self.index(nx as usize, ny as usize))
    }

    /// Moves the gap one place towards `d` (the piece there slides into
    /// the gap); false if the gap is at that edge.
    pub fn shift(&mut self, d: Dir) -> bool {
        let Some(to) = self.beside_gap(d) else { return false };
        self.tiles.swap(self.gap, to);
        self.gap = to;
        true
    }

    /// The gap's steps that slide the piece at `at`, with every piece
    /// between it and the gap, into the gap: None unless `at` is in the
    /// gap's row or column (and not the gap).
    pub fn slide_steps(&self, at: usize) -> Option<(Dir, usize)> {
        let ((x, y), (gx, gy)) = (self.xy(at), self.xy(self.gap));
        match (x == gx, y == gy) {
            (true, false) if y < gy => Some((Dir::Up, gy - y)),
            (true, false) => Some((Dir::Down, y - gy)),
            (false, true) if x < gx => Some((Dir::Left, gx - x)),
            (false, true) => Some((Dir::Right, x - gx)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_solved_puzzle_has_its_gap_bottom_right() {
        let p = Puzzle::solved(3, 2);
        assert_eq!(p.tiles(), &[1, 2, 3, 4, 5, 0]);
        assert!(p.is_solved());
        assert_eq!(p.home(0), 5);
        assert_eq!(p.beside_gap(Dir::Right), None);
        assert_eq!(p.beside_gap(Dir::Up), Some(2));
    }

    #[test]
    fn slides_move_every_piece_between() {
        let mut p = Puzzle::solved(4, 4);
        assert_eq!(p.slide_steps(3), Some((Dir::Up, 3)));
        assert_eq!(p.slide_steps(12), Some((Dir::Left, 3)));
        assert_eq!(p.slide_steps(0), None);
        assert_eq!(p.slide_steps(15), None);
        for _ in 0..3 {
            p.shift(Dir::Up);
        }
        assert_eq!(p.gap(), 3);
        assert_eq!(&p.tiles()[..4], &[1, 2, 3, 0]);
        assert_eq!(p.tile(15), 12);
        assert!(Puzzle::from_tiles(2, 2, vec![1, 2, 2, 0]).is_none());
        assert!(Puzzle::from_tiles(2, 2, vec![3, 1, 2, 0]).is_some());
    }

    #[test]
    fn two_pieces_swapped_cannot_be_solved() {
        assert!(Puzzle::solved(4, 4).is_solvable());
        let swapped = Puzzle::from_tiles(3, 3, vec![2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
        assert!(!swapped.is_solvable());
        let mut moved = Puzzle::solved(5, 3);
        for d in [Dir::Up, Dir::Left, Dir::Left, Dir::Up, Dir::Right] {
            moved.shift(d);
        }
        assert!(moved.is_solvable());
    }
}
