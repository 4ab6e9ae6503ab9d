//! A board's slots as bits of a `u128`, with its jumps, its symmetries and
//! the parity invariant of straight jumps, for the solver.

use super::board::{Board, Cell};
use super::rules::Jump;

/// Slots a bitboard can hold.
pub const MAX_SLOTS: usize = 128;

/// A jump as bit masks: the jumping stone, the stone jumped, the landing slot.
pub type BitJump = (u128, u128, u128);

/// What a position's stones say about the parity invariant (see
/// [`Geometry::signature`]).
pub type Signature = [bool; 4];

pub struct Geometry {
    /// Element (row, col) of each bit.
    slots: Vec<(usize, usize)>,
    /// Every jump the board's shape allows, in row-major order of the
    /// jumping slot.
    pub jumps: Vec<BitJump>,
    /// Slots a last stone may stand on: the targets, or any slot if the
    /// board has none.
    pub finish: u128,
    /// For each symmetry other than the identity, the image of every byte
    /// of a position: `table[k][byte]` is the image of `byte << 8k`.
    symmetries: Vec<Vec<[u128; 256]>>,
    /// Per slot, four times its squared distance from the finish's centre.
    spread: Vec<u64>,
    /// Per slot, the slots a stone there could jump over.
    neighbours: Vec<u128>,
    /// Jumps may go diagonally (and the parity signature proves nothing).
    pub diagonal: bool,
}

impl Geometry {
    /// The board's geometry; `None` if it has more than [`MAX_SLOTS`] slots.
    pub fn new(board: &Board) -> Option<Geometry> {
        let slots: Vec<(usize, usize)> = (0..board.height)
            .flat_map(|r| (0..board.width).map(move |c| (r, c)))
            .filter(|&(r, c)| matches!(board.cell(r, c), Cell::Slot { .. }))
            .collect();
        if slots.len() > MAX_SLOTS {
            return None;
        }
        let bit_of = |r: i64, c: i64| slots.iter().position(|&s| s == (r as usize, c as usize)).map(|i| 1u128 << i);
        let directions: &[(i64, i64)] = if board.diagonal {
            &[(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1)]
        } else {
            &[(0, 1), (0, -1), (1, 0), (-1, 0)]
        };
        let mut jumps = Vec::new();
        for &(r, c) in &slots {
            let (r, c) = (r as i64, c as i64);
            for &(dr, dc) in directions {
                if r + 2 * dr < 0 || c + 2 * dc < 0 {
                    continue;
                }
                if let (Some(f), Some(o), Some(t)) =
                    (bit_of(r, c), bit_of(r + dr, c + dc), bit_of(r + 2 * dr, c + 2 * dc))
                {
                    jumps.push((f, o, t));
                }
            }
        }
        let targets: Vec<bool> =
            slots.iter().map(|&(r, c)| matches!(board.cell(r, c), Cell::Slot { target: true, .. })).collect();
        let any_target = targets.contains(&true);
        let finish = (0..slots.len()).filter(|&i| targets[i] || !any_target).fold(0u128, |m, i| m | 1 << i);
        let mut neighbours = vec![0u128; slots.len()];
        for &(f, o, _) in &jumps {
            neighbours[f.trailing_zeros() as usize] |= o;
        }
        let spread = spread(&slots, finish);
        let symmetries = symmetries(&slots, &targets);
        Some(Geometry { slots, jumps, finish, symmetries, spread, neighbours, diagonal: board.diagonal })
    }

    /// The position of a board's stones.
    pub fn position(&self, board: &Board) -> u128 {
        self.slots
            .iter()
            .enumerate()
            .filter(|&(_, &(r, c))| matches!(board.cell(r, c), Cell::Slot { stone: Some(_), .. }))
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// The smallest image of `position` under the board's symmetries: the
    /// key that makes mirrored and rotated positions one.
    pub fn canonical(&self, position: u128) -> u128 {
        let mut best = position;
        for table in &self.symmetries {
            let mut image = 0u128;
            let mut rest = position;
            let mut byte = 0;
            while rest != 0 {
                image |= table[byte][(rest & 0xff) as usize];
                rest >>= 8;
                byte += 1;
            }
            best = best.min(image);
        }
        best
    }

    /// How unpromising a position looks, lower being better: the stones'
    /// squared distances from where the game must end, plus ten for each
    /// stone no neighbour can help (isolated). The weights were tried on
    /// Jumper's boards; every one of them is solved within a second.
    pub fn badness(&self, position: u128) -> u64 {
        let (mut isolated, mut spread) = (0, 0);
        let mut rest = position;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.neighbours[i] & position == 0 {
                isolated += 1;
            }
            spread += self.spread[i];
        }
        isolated * 10 + spread
    }

    /// The parity signature of a position, which no straight jump changes.
    ///
    /// Colour each slot by (row + col) mod 3, and again by (row - col) mod
    /// 3. A straight jump touches three slots of three different colours in
    /// both colourings, so it flips the parity of every colour's count;
    /// whether two colours' counts have equal parity therefore never
    /// changes. (A diagonal jump keeps one colouring's colour, so the
    /// argument holds only for boards without diagonal jumps.)
    pub fn signature(&self, position: u128) -> Signature {
        let (mut sum, mut difference) = ([0u32; 3], [0u32; 3]);
        for (i, &(r, c)) in self.slots.iter().enumerate() {
            if position >> i & 1 == 1 {
                sum[(r + c) % 3] += 1;
                difference[(r + 2 * c) % 3] += 1; // (r - c) mod 3
            }
        }
        let same = |a: u32, b: u32| (a + b).is_multiple_of(2);
        [
            same(sum[0], sum[1]),
            same(sum[1], sum[2]),
            same(difference[0], difference[1]),
            same(difference[1], difference[2]),
        ]
    }

    /// The single-stone finishes, one bit each.
    pub fn finishes(&self) -> impl Iterator<Item = u128> + '_ {
        (0..self.slots.len()).filter(|&i| self.finish >> i & 1 == 1).map(|i| 1u128 << i)
    }

    /// The rules' jump for a bit jump.
    pub fn jump_of(&self, (from, _, to): BitJump) -> Jump {
        let at = |bit: u128| self.slots[bit.trailing_zeros() as usize];
        Jump { from: at(from), to: at(to) }
    }
}

/// Whether `jump` can be made in `position`.
pub fn can_jump(position: u128, (from, over, to): BitJump) -> bool {
    position & (from | over) == from | over && position & to == 0
}

/// Whether `jump` can be unmade: `position` is what it left behind.
pub fn can_unjump(position: u128, (from, over, to): BitJump) -> bool {
    position & to != 0 && position & (from | over) == 0
}

/// Makes or unmakes a jump (the same three bits flip either way).
pub fn flip(position: u128, (from, over, to): BitJump) -> u128 {
    position ^ (from | over | to)
}

/// Per slot, four times its squared distance from the centre of the
/// finishing slots (whole numbers, so badness is exact).
fn spread(slots: &[(usize, usize)], finish: u128) -> Vec<u64> {
    let ends: Vec<(i64, i64)> =
        (0..slots.len()).filter(|&i| finish >> i & 1 == 1).map(|i| (slots[i].0 as i64, slots[i].1 as i64)).collect();
    let n = ends.len().max(1) as i64;
    // Twice the centre, to stay in whole numbers.
    let (r2, c2) = (2 * ends.iter().map(|e| e.0).sum::<i64>() / n, 2 * ends.iter().map(|e| e.1).sum::<i64>() / n);
    slots.iter().map(|&(r, c)| ((2 * r as i64 - r2).pow(2) + (2 * c as i64 - c2).pow(2)) as u64).collect()
}

/// The mirror and rotation maps of the slots' bounding box that carry
/// slots onto slots and targets onto targets, as byte tables (the identity
/// left out). Every such map carries jumps onto jumps.
fn symmetries(slots: &[(usize, usize)], targets: &[bool]) -> Vec<Vec<[u128; 256]>> {
    let top = slots.iter().map(|s| s.0).min().unwrap_or(0);
    let left = slots.iter().map(|s| s.1).min().unwrap_or(0);
    let h = slots.iter().map(|s| s.0).max().unwrap_or(0) - top;
    let w = slots.iter().map(|s| s.1).max().unwrap_or(0) - left;
    type Map = fn(usize, usize, usize, usize) -> (usize, usize);
    // The first three keep the box's shape; the rest transpose it.
    let maps: [Map; 7] = [
        |r, c, _, w| (r, w - c),
        |r, c, h, _| (h - r, c),
        |r, c, h, w| (h - r, w - c),
        |r, c, _, _| (c, r),
        |r, c, h, w| (w - c, h - r),
        |r, c, h, _| (c, h - r),
        |r, c, _, w| (w - c, r),
    ];
    let usable = if h == w { 7 } else { 3 };
    let mut out = Vec::new();
    for map in &maps[..usable] {
        let image: Option<Vec<usize>> = slots
            .iter()
            .enumerate()
            .map(|(i, &(r, c))| {
                let (mr, mc) = map(r - top, c - left, h, w);
                let j = slots.iter().position(|&s| s == (mr + top, mc + left))?;
                (targets[i] == targets[j]).then_some(j)
            })
            .collect();
        if let Some(image) = image {
            out.push(byte_tables(&image));
        }
    }
    out
}

/// Lookup tables applying a slot permutation a byte at a time.
fn byte_tables(image: &[usize]) -> Vec<[u128; 256]> {
    (0..image.len().div_ceil(8))
        .map(|k| {
            let mut table = [0u128; 256];
            for (byte, entry) in table.iter_mut().enumerate() {
                for bit in 0..8 {
                    let i = 8 * k + bit;
                    if byte >> bit & 1 == 1 && i < image.len() {
                        *entry |= 1 << image[i];
                    }
                }
            }
            table
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry(text: &str) -> Geometry {
        Geometry::new(&Board::parse("t.brd", text.as_bytes()).unwrap()).unwrap()
    }

    const ENGLISH: &str = "Version 2\nMode: Normal\n* * y y y * *\n* * y y y * *\ny y y y y y y\ny y y E y y y\ny y y y y y y\n* * y y y * *\n* * y y y * *\n";

    #[test]
    fn the_english_board_has_eight_symmetries_and_seventy_six_jumps() {
        let g = geometry(ENGLISH);
        assert_eq!(g.symmetries.len(), 7);
        assert_eq!(g.jumps.len(), 76);
        assert_eq!(g.finish.count_ones(), 1);
    }

    #[test]
    fn mirrored_positions_share_their_canonical_form() {
        let g = geometry(ENGLISH);
        // One stone at the top arm's left and one at the bottom arm's right.
        let at = |r: usize, c: usize| 1u128 << g.slots.iter().position(|&s| s == (r, c)).unwrap();
        assert_eq!(g.canonical(at(0, 2)), g.canonical(at(6, 4)));
        assert_eq!(g.canonical(at(0, 2)), g.canonical(at(2, 0)));
        assert_ne!(g.canonical(at(0, 2)), g.canonical(at(0, 3)));
    }

    #[test]
    fn straight_jumps_keep_the_signature() {
        let g = geometry(ENGLISH);
        let start = ((1u128 << g.slots.len()) - 1) & !g.finish;
        for &j in g.jumps.iter().filter(|&&j| can_jump(start, j)) {
            assert_eq!(g.signature(flip(start, j)), g.signature(start));
        }
    }

    #[test]
    fn an_asymmetric_target_breaks_symmetry() {
        let g = geometry("Version 2\nMode: Normal\ny y e\ny y y\nY y y\n");
        assert!(g.symmetries.len() < 7);
    }
}
