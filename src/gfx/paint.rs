//! What a primitive fills with: a solid pixel value or a QuickDraw-style
//! 8x8 two-colour pattern.

/// An 8x8 one-bit pattern, one byte per row, most significant bit leftmost
/// (QuickDraw's layout). Patterns are aligned to the surface origin, as
/// QuickDraw aligns them to the port, so adjacent fills meet seamlessly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pattern(pub [u8; 8]);

impl Pattern {
    pub const BLACK: Pattern = Pattern([0xFF; 8]);
    pub const WHITE: Pattern = Pattern([0x00; 8]);
    /// 50% grey, the classic Mac desktop.
    pub const GRAY: Pattern = Pattern([0xAA, 0x55, 0xAA, 0x55, 0xAA, 0x55, 0xAA, 0x55]);
    pub const LT_GRAY: Pattern = Pattern([0x88, 0x22, 0x88, 0x22, 0x88, 0x22, 0x88, 0x22]);
    pub const DK_GRAY: Pattern = Pattern([0x77, 0xDD, 0x77, 0xDD, 0x77, 0xDD, 0x77, 0xDD]);

    /// Whether the pattern has ink at surface position (x, y).
    pub fn ink(&self, x: i32, y: i32) -> bool {
        self.0[(y & 7) as usize] & (0x80 >> (x & 7)) != 0
    }
}

/// A fill: one value, or a pattern whose set bits take `fore` and clear
/// bits `back` (both pixel values of the target surface).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Paint {
    Solid(u32),
    Pattern { pattern: Pattern, fore: u32, back: u32 },
}

impl Paint {
    /// The pixel value of the paint's ink: its one value, or a pattern's
    /// foreground (for a line or a stipple, which take one value).
    pub fn fore(&self) -> u32 {
        match *self {
            Paint::Solid(v) | Paint::Pattern { fore: v, .. } => v,
        }
    }

    /// The value this paint puts at (x, y).
    pub fn value_at(&self, x: i32, y: i32) -> u32 {
        match *self {
            Paint::Solid(v) => v,
            Paint::Pattern { pattern, fore, back } => {
                if pattern.ink(x, y) {
                    fore
                } else {
                    back
                }
            }
        }
    }
}

impl From<u32> for Paint {
    fn from(v: u32) -> Paint {
        Paint::Solid(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gray_alternates_like_a_checkerboard() {
        let p = Paint::Pattern { pattern: Pattern::GRAY, fore: 1, back: 0 };
        assert_eq!(p.value_at(0, 0), 1);
        assert_eq!(p.value_at(1, 0), 0);
        assert_eq!(p.value_at(0, 1), 0);
        assert_eq!(p.value_at(9, 1), 1);
    }
}
