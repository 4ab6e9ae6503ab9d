//! The card palette and the one-bit treatments.
//!
//! Colours are taken from the Mac 4-bit system CLUT wherever one fits, so
//! a 16-colour Mac shows the cards exactly; the few others (a softer blue,
//! a warm gold, a pale skin) were chosen to land on a sensible register of
//! both the Mac CLUT and the Amiga PAL screen (blue -> 0000D4 / 2244AA,
//! gold -> FCF305 / FFEE22, skin -> white / EEEECC). Faces are pure white.
//!
//! One-bit treatments follow heraldic hatching, which engravers used for
//! colour in black and white for centuries: red is vertical lines, blue
//! horizontal lines, gold dots, green diagonals, silver and skin plain.

use parlour::gfx::Pattern;

use crate::canvas::Ink;

pub const WHITE_P: Pattern = Pattern::WHITE;
pub const BLACK_P: Pattern = Pattern::BLACK;
/// Gules: vertical lines.
pub const GULES: Pattern = Pattern([0x88; 8]);
/// Azure: horizontal lines.
pub const AZURE: Pattern = Pattern([0xFF, 0x00, 0x00, 0x00, 0xFF, 0x00, 0x00, 0x00]);
/// Or: scattered dots.
pub const OR: Pattern = Pattern([0x80, 0x00, 0x08, 0x00, 0x80, 0x00, 0x08, 0x00]);
/// Vert: diagonal lines, top left to bottom right.
pub const VERT: Pattern = Pattern([0x80, 0x40, 0x20, 0x10, 0x08, 0x04, 0x02, 0x01]);

pub const PAPER: Ink = Ink::new(0xFFFFFF, WHITE_P);
pub const LINE: Ink = Ink::new(0x000000, BLACK_P);
pub const RED: Ink = Ink::new(0xDD0806, GULES);
pub const BLUE: Ink = Ink::new(0x1030C0, AZURE);
pub const GOLD: Ink = Ink::new(0xF8D830, OR);
pub const SKIN: Ink = Ink::new(0xFFE8CC, WHITE_P);
pub const SILVER: Ink = Ink::new(0xC0C0C0, WHITE_P);
pub const GREEN: Ink = Ink::new(0x1FB714, VERT);
/// Black cloth and hair: solid in both.
pub const SABLE: Ink = Ink::new(0x000000, BLACK_P);

/// Black cloth: in one bit, black sprinkled with white so a robe's outline
/// and folds still show.
pub const SABLE_CLOTH: Ink = Ink::new(0x000000, Pattern([0xFF, 0xFF, 0xF7, 0xFF, 0xFF, 0xFF, 0x7F, 0xFF]));

/// Red pips and letters: red, but black on one-bit screens (their shape,
/// or a hollow centre, tells them from black suits there).
pub const RED_INK: Ink = Ink::new(0xDD0806, BLACK_P);
/// The inside of a hollow red pip on one-bit screens.
pub const RED_HOLLOW: Ink = Ink::new(0xDD0806, WHITE_P);
/// The inside of a big red pip on one-bit screens: engraved red.
pub const RED_ENGRAVED: Ink = Ink::new(0xDD0806, GULES);
/// Brown hair and wood: solid black in one bit, where any grey pattern
/// next to the outline reads as noise.
pub const BROWN: Ink = Ink::new(0x562C05, BLACK_P);
