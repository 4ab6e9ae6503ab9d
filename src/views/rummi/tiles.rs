//! Rummi's pictures, drawn in code: tiles face up and face down, the
//! gadget's take-a-tile picture and its OK, the pile. Colours are asked of
//! the screen by value, so a PAL screen shows them from its 32 registers,
//! DblPAL from its 16; screens that cannot show the four colours apart
//! (one bit, four greys) tell them apart by the mark under the number
//! instead.

use crate::games::rummi::tile::{Colour, Kind};
use crate::gfx::{Paint, Rect, Rgb, Surface};
use crate::machines::{Look, Pen};

/// Our own digits, 4 x 7, for numbers small tiles can hold.
#[rustfmt::skip]
const DIGITS: [[&str; 7]; 10] = [
    [".##.", "#..#", "#..#", "#..#", "#..#", "#..#", ".##."],
    ["..#.", ".##.", "..#.", "..#.", "..#.", "..#.", ".###"],
    [".##.", "#..#", "...#", "..#.", ".#..", "#...", "####"],
    ["###.", "...#", "...#", ".##.", "...#", "...#", "###."],
    ["#..#", "#..#", "#..#", "####", "...#", "...#", "...#"],
    ["####", "#...", "###.", "...#", "...#", "#..#", ".##."],
    [".##.", "#...", "#...", "###.", "#..#", "#..#", ".##."],
    ["####", "...#", "...#", "..#.", "..#.", ".#..", ".#.."],
    [".##.", "#..#", "#..#", ".##.", "#..#", "#..#", ".##."],
    [".##.", "#..#", "#..#", ".###", "...#", "...#", ".##."],
];
const DIGIT_W: i32 = 4;
const DIGIT_H: i32 = 7;

/// The mark under the number, 5 x 3: a dot in the tile's colour where the
/// screen shows the colours apart; elsewhere a shape per colour.
#[rustfmt::skip]
const DOT: [&str; 3] = [".###.", "#####", ".###."];
#[rustfmt::skip]
fn mono_mark(c: Colour) -> [&'static str; 3] {
    match c {
        Colour::Black => ["#####", "#####", "#####"],
        Colour::Red => ["#####", "#...#", "#####"],
        Colour::Blue => ["#.#.#", ".#.#.", "#.#.#"],
        Colour::Yellow => ["..#..", ".###.", "#####"],
    }
}

/// Our own take-a-tile picture, 11 x 13: a tile face down with an arrow
/// down to the tray.
#[rustfmt::skip]
const TAKE: [&str; 13] = [
    ".#########.",
    ".#.......#.",
    ".#.#.#.#.#.",
    ".#.......#.",
    ".#########.",
    ".....#.....",
    ".....#.....",
    ".....#.....",
    "...#####...",
    "....###....",
    ".....#.....",
    "...........",
    "###########",
];

/// Our own pass picture, the take-a-tile picture's size: the pile's tile
/// gone (a dotted outline of it) and an arrow going on along the tray
/// instead of down to it. "Pass" is too wide for the Amiga PAL's gadget.
#[rustfmt::skip]
const PASS: [&str; 13] = [
    ".#.#.#.#.#.",
    "...........",
    ".#.......#.",
    "...........",
    ".#.#.#.#.#.",
    "...........",
    ".......#...",
    ".......##..",
    "##########.",
    ".......##..",
    ".......#...",
    "...........",
    "###########",
];

/// The ink of each colour. Yellow is a dark ochre: a yellow light enough
/// to look yellow is faint on the cream face (gold on the Amiga, #CC9933
/// at 256 colours, 2.5:1 and less), and where the Mac has 16 colours the
/// nearest to a gold was its orange, close to the red. The ochre comes
/// out as the Amiga's ochre register, the Mac's tan at 16 colours and
/// #996600 at 256, all of them at least 3:1 on the face and unlike red.
/// Blue leans to blue rather than violet, so that the Mac's 16 colours
/// give their blue, not their purple.
fn ink(c: Colour) -> Rgb {
    Rgb::hex(match c {
        Colour::Red => 0xCC1111,
        Colour::Blue => 0x1133BB,
        Colour::Yellow => 0xAA7700,
        Colour::Black => 0x000000,
    })
}

/// The tile itself.
const FACE: u32 = 0xEEEECC;
/// The shaded edge, brown; where a screen does not show it as itself,
/// the ochre (see [`truest`]): the Amiga PAL screen's nearest brown is a
/// grey, and the 256-colour Mac has the ochre exactly.
const EDGES: [u32; 2] = [0x997744, 0x996600];
/// Tan where the screen has it (PAL, the 256-colour Mac), the Mac's own
/// tan on its sixteen colours, else the nearest light brown (see
/// [`truest`]).
const BACKS: [u32; 3] = [0xCC9966, 0xFFBB99, 0x90713A];
/// Brown, with its blue kept low: at 0x774422 the 256-colour Mac's nearest
/// is the plum 663333; here it is the brown 663300, and the Amigas' still
/// their browns (742, 852).
const BACK_DARK: u32 = 0x774411;
const TRAY: u32 = BACK_DARK;

/// Draws a picture given as rows of `#`, scaled by `k`, with its top-left
/// at (x, y), in `paint` (a pattern stays one: a dimmed picture on a
/// one-bit screen is drawn in grey dots, as the machine dims).
fn stamp(s: &mut Surface, rows: &[&str], x: i32, y: i32, k: i32, paint: impl Into<Paint> + Copy) {
    for (dy, row) in rows.iter().enumerate() {
        for (dx, c) in row.bytes().enumerate() {
            if c == b'#' {
                s.fill_rect(Rect::new(x + dx as i32 * k, y + dy as i32 * k, k, k), paint);
            }
        }
    }
}

/// Of colours that would each do, in order of preference, the first this
/// screen shows as itself (within half a step of thousands of colours'
/// 32 levels, so rounding alone never passes it over), else the one it
/// shows most nearly.
fn truest(s: &mut Surface, choices: &[u32]) -> u32 {
    // distance2 weighs red, green and blue 2, 4 and 3: four levels off in each.
    const AS_ITSELF: u32 = (2 + 4 + 3) * 4 * 4;
    let errors: Vec<(u32, u32)> = choices.iter().map(|&c| (s.shown(Rgb::hex(c)).distance2(Rgb::hex(c)), c)).collect();
    let as_itself = errors.iter().find(|(e, _)| *e <= AS_ITSELF);
    as_itself.or_else(|| errors.iter().min_by_key(|(e, _)| *e)).map_or(choices[0], |&(_, c)| c)
}

/// A tile's body: a face with a lit top-left edge and a shaded bottom-right.
fn body(s: &mut Surface, look: &Look, r: Rect, face: u32) {
    let v = |s: &mut Surface, hex: u32| s.value_for(Rgb::hex(hex));
    let (fill, shine) =
        if look.is_monochrome() { (v(s, 0xFFFFFF), v(s, 0xFFFFFF)) } else { (v(s, face), v(s, 0xFFFFFF)) };
    let shade = if look.is_monochrome() {
        v(s, 0)
    } else {
        let edge = truest(s, &EDGES);
        v(s, edge)
    };
    s.fill_rect(r, fill);
    s.hline(r.x, r.right() - 1, r.y, shine);
    s.vline(r.x, r.y, r.bottom() - 1, shine);
    s.hline(r.x, r.right() - 1, r.bottom() - 1, shade);
    s.vline(r.right() - 1, r.y, r.bottom() - 1, shade);
    if look.is_monochrome() {
        let black = v(s, 0);
        s.frame_rect(r, black);
    }
}

/// Whether the screen shows the four colours' inks as four colours: the
/// Mac's four greys make red and blue one dark grey.
fn colours_told_apart(s: &mut Surface) -> bool {
    let inks = Colour::ALL.map(|c| s.value_for(ink(c)));
    inks.iter().enumerate().all(|(i, a)| !inks[..i].contains(a))
}

/// A tile face up: its number and mark in its colour, or, where the screen
/// cannot show the colours apart, in black with a shape per colour.
pub fn face(s: &mut Surface, look: &Look, r: Rect, kind: Kind, k: i32) {
    body(s, look, r, FACE);
    let coloured = colours_told_apart(s);
    let v = s.value_for(if coloured { ink(kind.colour()) } else { Rgb::BLACK });
    let y = r.y + 2 * k;
    number(s, Rect::new(r.x, y, r.w, 0), usize::from(kind.number()), k, v);
    let mark = if coloured { DOT } else { mono_mark(kind.colour()) };
    let my = (y + (DIGIT_H + 2) * k).min(r.bottom() - 1 - 3 * k);
    stamp(s, &mark, r.x + (r.w - 5 * k) / 2, my, k, v);
}

/// A tile face down.
pub fn back(s: &mut Surface, look: &Look, r: Rect) {
    if look.is_monochrome() {
        body(s, look, r, FACE);
        s.fill_rect(r.inset(2, 2), look.paint(Pen::Shadow));
        return;
    }
    let face = truest(s, &BACKS);
    body(s, look, r, face);
    let dark = s.value_for(Rgb::hex(BACK_DARK));
    s.frame_rect(r.inset(2, 2), dark);
}

/// The place a picked-up tile left: an outline on the table's felt.
pub fn hole(s: &mut Surface, look: &Look, r: Rect) {
    s.frame_rect(r, look.paint(Pen::Shadow));
}

/// Whether the racks' wood stands out from the table's felt: not in black
/// and white, nor in four greys, where both come out the same dark grey.
pub fn wood_shows(s: &mut Surface, look: &Look, at: Rect) -> bool {
    !look.is_monochrome() && s.value_for(Rgb::hex(TRAY)) != look.paint(Pen::Felt).value_at(at.x, at.y)
}

/// A tray's wooden rack behind its tiles (where wood would not show, a
/// plain box framed in the text colour).
pub fn rack(s: &mut Surface, look: &Look, r: Rect) {
    if !wood_shows(s, look, r) {
        s.fill_rect(r.inset(-1, -1), look.paint(Pen::Background));
        s.frame_rect(r.inset(-2, -2), look.paint(Pen::Text));
        return;
    }
    let wood = s.value_for(Rgb::hex(TRAY));
    s.fill_rect(r.inset(-1, -1), wood);
}

/// The take-a-tile picture in `ink`, centred in `r`.
pub fn take_picture(s: &mut Surface, r: Rect, k: i32, ink: Paint) {
    centred(s, &TAKE, r, k, ink);
}

/// The pass picture in `ink`, centred in `r`.
pub fn pass_picture(s: &mut Surface, r: Rect, k: i32, ink: Paint) {
    centred(s, &PASS, r, k, ink);
}

fn centred(s: &mut Surface, rows: &[&str], r: Rect, k: i32, ink: Paint) {
    let (w, h) = (rows[0].len() as i32 * k, rows.len() as i32 * k);
    stamp(s, rows, r.x + (r.w - w) / 2, r.y + (r.h - h) / 2, k, ink);
}

/// The most tiles the pile's stack shows, each a pixel up and left of the
/// one under it.
pub const PILE_MOST_LAYERS: i32 = 4;

/// The pile: a short stack of tiles face down, `r` the bottom one.
pub fn pile(s: &mut Surface, look: &Look, r: Rect, tiles: usize) {
    let layers = tiles.div_ceil(20).min(PILE_MOST_LAYERS as usize) as i32;
    for i in 0..layers {
        back(s, look, r.offset(-i, -i));
    }
}

/// Draws `n` (0-999) in the tile digits, centred at the top of `r`.
pub fn number(s: &mut Surface, r: Rect, n: usize, k: i32, v: u32) {
    let text = n.min(999).to_string();
    let mut x = r.x + (r.w - number_width(n, k)) / 2;
    for d in text.bytes() {
        stamp(s, &DIGITS[usize::from(d - b'0')], x, r.y, k, v);
        x += (DIGIT_W + 1) * k;
    }
}

/// How wide `n` (0-999) is drawn in the tile digits at scale `k`: a
/// column between digits, none outside them.
pub fn number_width(n: usize, k: i32) -> i32 {
    let digits = n.min(999).to_string().len() as i32;
    digits * (DIGIT_W + 1) * k - k
}

/// The digits' height at scale `k`.
pub fn digit_height(k: i32) -> i32 {
    DIGIT_H * k
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rummi::tile::Colour;
    use crate::machines::{Machine, MachineChoice};

    /// On every screen, a tile's colour shows: the same number in each of
    /// the four colours makes four different pictures (the Mac's four
    /// greys once made red and blue alike).
    #[test]
    fn every_screen_tells_the_four_colours_apart() {
        for choice in MachineChoice::every_screen() {
            let (id, depth) = (choice.id.unwrap(), choice.depth);
            let machine = Machine::new(&choice, id).unwrap();
            let pictures: Vec<Vec<u32>> = Colour::ALL
                .iter()
                .map(|&c| {
                    let mut s = machine.new_surface();
                    face(&mut s, machine.look(), Rect::new(0, 0, 24, 32), Kind::new(c, 5), 2);
                    s.pixels().to_vec()
                })
                .collect();
            for (i, a) in pictures.iter().enumerate() {
                for (j, b) in pictures[..i].iter().enumerate() {
                    let (this, that) = (Colour::ALL[i], Colour::ALL[j]);
                    assert!(a != b, "{id:?} {depth:?}: {this:?} and {that:?} tiles look alike");
                }
            }
        }
    }

    /// Yellow numbers read on the face wherever the screen shows colours,
    /// and are not the red's: at 256 colours they were #CC9933 on
    /// #FFFFCC (2.5:1), at 16 the Mac's orange beside its red.
    #[test]
    fn yellow_is_legible_and_unlike_red_on_every_colour_screen() {
        for (screen, mut s) in screens_showing_the_colours() {
            let (yellow, red, face) =
                (s.shown(ink(Colour::Yellow)), s.shown(ink(Colour::Red)), s.shown(Rgb::hex(FACE)));
            let ratio = yellow.contrast(face);
            assert!(ratio >= 3.0, "{screen}: yellow {yellow:?} on {face:?} is {ratio:.1}:1");
            let apart = yellow.hue() - red.hue();
            assert!(apart >= 25.0, "{screen}: yellow {yellow:?} is {apart:.0} degrees from red {red:?}");
        }
    }

    /// A surface of every screen that shows the four colours as colours,
    /// named.
    fn screens_showing_the_colours() -> Vec<(String, Surface)> {
        let mut all = MachineChoice::colour_surfaces();
        all.retain_mut(|(_, s)| colours_told_apart(s));
        all
    }

    /// Blue numbers come out blue wherever the screen shows colours: at
    /// the Mac's 16 colours they were its purple (#4600A5, hue 265).
    #[test]
    fn blue_is_blue_on_every_colour_screen() {
        for (screen, mut s) in screens_showing_the_colours() {
            let blue = s.shown(ink(Colour::Blue));
            let h = blue.hue();
            assert!((210.0..=250.0).contains(&h), "{screen}: blue {blue:?} has hue {h:.0}");
        }
    }

    /// The wood is brown wherever the screen shows colours: the racks, a
    /// back's frame, a back and a tile's shaded edge. At 256 colours the
    /// racks were plum (#663333, hue 0), at 16 the backs grey, and on the
    /// Amiga PAL screen the edges grey.
    #[test]
    fn the_wood_is_brown_on_every_colour_screen() {
        for (screen, mut s) in screens_showing_the_colours() {
            let back = truest(&mut s, &BACKS);
            let edge = truest(&mut s, &EDGES);
            for (what, hex) in [("rack", TRAY), ("back frame", BACK_DARK), ("back", back), ("edge", edge)] {
                let c = s.shown(Rgb::hex(hex));
                let h = c.hue();
                assert!(!c.is_grey() && (15.0..=45.0).contains(&h), "{screen}: the {what} is {c:?}, hue {h:.0}");
            }
        }
    }
}
