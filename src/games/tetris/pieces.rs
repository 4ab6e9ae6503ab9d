//! The seven pieces and their four turns. Each piece sits in a square box
//! (4 x 4 for the bar, 2 x 2 for the square, 3 x 3 for the rest) and turns
//! about the box's centre; a turn that would overlap something is refused
//! (no wall kicks).

/// A piece, by the letter its shape resembles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    I,
    O,
    T,
    S,
    Z,
    J,
    L,
}

impl Piece {
    /// In the order the generator numbers them.
    pub const ALL: [Piece; 7] = [Piece::I, Piece::O, Piece::T, Piece::S, Piece::Z, Piece::J, Piece::L];

    /// The piece the generator's number `n` (0..7) stands for.
    pub fn from_index(n: u32) -> Piece {
        Piece::ALL[n as usize % 7]
    }

    /// Its number, 0..7 (1..8 marks its squares in the field).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side of its box.
    fn box_size(self) -> i8 {
        match self {
            Piece::I => 4,
            Piece::O => 2,
            _ => 3,
        }
    }

    /// Its squares (column, row) in its box, unturned: flat side down.
    fn base(self) -> [(i8, i8); 4] {
        match self {
            Piece::I => [(0, 1), (1, 1), (2, 1), (3, 1)],
            Piece::O => [(0, 0), (1, 0), (0, 1), (1, 1)],
            Piece::T => [(1, 0), (0, 1), (1, 1), (2, 1)],
            Piece::S => [(1, 0), (2, 0), (0, 1), (1, 1)],
            Piece::Z => [(0, 0), (1, 0), (1, 1), (2, 1)],
            Piece::J => [(0, 0), (0, 1), (1, 1), (2, 1)],
            Piece::L => [(2, 0), (0, 1), (1, 1), (2, 1)],
        }
    }

    /// Its squares in its box after `turns` quarter turns clockwise.
    pub fn cells(self, turns: u8) -> [(i8, i8); 4] {
        let n = self.box_size() - 1;
        let mut cells = self.base();
        for _ in 0..turns % 4 {
            for c in &mut cells {
                *c = (n - c.1, c.0);
            }
        }
        cells
    }

    /// Columns across the box, for centring it.
    pub fn width(self) -> i8 {
        self.box_size()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_turns_come_back_and_the_square_never_changes() {
        for p in Piece::ALL {
            let mut start = p.cells(0);
            let mut back = p.cells(4);
            start.sort();
            back.sort();
            assert_eq!(start, back, "{p:?}");
            let mut turned = p.cells(1);
            turned.sort();
            if p == Piece::O {
                assert_eq!(turned, start);
            } else {
                assert_ne!(turned, start, "{p:?} changes when turned");
            }
        }
        // The bar stands upright in the third column after a clockwise turn.
        assert_eq!(Piece::I.cells(1), [(2, 0), (2, 1), (2, 2), (2, 3)]);
        assert_eq!(Piece::from_index(3), Piece::S);
        assert_eq!(Piece::L.index(), 6);
    }
}
