//! The mouse pointer's shapes. Games ask for the pointing hand over what
//! can be picked up (Oberon's card games do); the window draws it in place
//! of the system pointer.

use crate::gfx::Rgb;

/// Which pointer to show.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Pointer {
    /// The system's own arrow.
    #[default]
    Arrow,
    /// A hand pointing up with its index finger.
    Hand,
}

/// The hand, 16 x 16: `#` black outline, `o` white, `.` transparent.
const HAND: [&str; 16] = [
    ".....##.........",
    "....#oo#........",
    "....#oo#........",
    "....#oo#........",
    "....#oo###......",
    "....#oo#oo###...",
    ".##.#oo#oo#oo##.",
    "#oo##oo#oo#oo#o#",
    "#ooo#oooooooooo#",
    ".#oooooooooooo#.",
    "..#ooooooooooo#.",
    "..#oooooooooo#..",
    "...#ooooooooo#..",
    "....#oooooooo#..",
    "....#ooooooo#...",
    "....#########...",
];

/// The hand's hot spot: the tip of the finger.
pub const HAND_HOT_SPOT: (i32, i32) = (5, 0);

/// The hand's drawn pixels relative to its hot spot, with their colours.
pub fn hand_pixels() -> impl Iterator<Item = (i32, i32, Rgb)> {
    HAND.iter().enumerate().flat_map(|(y, row)| {
        row.bytes().enumerate().filter_map(move |(x, b)| {
            let colour = match b {
                b'#' => Rgb::BLACK,
                b'o' => Rgb::WHITE,
                _ => return None,
            };
            Some((x as i32 - HAND_HOT_SPOT.0, y as i32 - HAND_HOT_SPOT.1, colour))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hand_is_square_with_its_tip_on_the_hot_spot() {
        assert!(HAND.iter().all(|r| r.len() == 16));
        let tip: Vec<_> = hand_pixels().filter(|p| p.1 == 0).collect();
        assert_eq!(tip.len(), 2);
        assert!(tip.iter().any(|p| p.0 == 0 && p.2 == Rgb::BLACK));
        assert!(hand_pixels().any(|p| p.2 == Rgb::WHITE));
    }
}
