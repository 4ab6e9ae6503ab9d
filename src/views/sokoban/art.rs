//! The squares of a Sokoban level, painted at whatever size the level's
//! squares have: brick walls, floor, goals, garbage cans (yellow, green
//! when they stand on a goal) and the red pusher. Each is a `gfx::Art`
//! with a colour image and a one-bit design, so the SE/30 tells them apart
//! by shape and ink rather than by colour: a can off its goal is white in
//! a black outline, a can on its goal solid black with white ribs, the
//! pusher a black figure, a goal a diamond. The figure hides the goal's
//! diamond under it, so the pusher on a goal stands in a larger one.
//! From [`MIN_SIZE`] pixels up every square looks its own.

use crate::gfx::{Art, Rgb};

/// What a square shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    Wall,
    Floor,
    Goal,
    /// A garbage can; `true` when it stands on a goal.
    Can(bool),
    /// The pusher; `true` when it stands on a goal.
    Pusher(bool),
}

impl Tile {
    /// Every kind of square, each painted once a frame.
    pub const ALL: [Tile; 7] = [
        Tile::Wall,
        Tile::Floor,
        Tile::Goal,
        Tile::Can(false),
        Tile::Can(true),
        Tile::Pusher(false),
        Tile::Pusher(true),
    ];
}

/// Colours chosen to land on registers the Amiga screens have (742, C96,
/// 421 browns; CCC, AAA greys; 24A blue; FE2, DA2, 960 yellows and EEC
/// cream for a can's lit side, which a paler yellow would take to skin;
/// 5D5, 3A5, 072, 041 greens; E44, C11, 800 reds) and near the Mac's
/// system colours.
mod colour {
    // Blue kept low, so the 256-colour Mac shows brown 663300, not plum 663333.
    pub const BRICK: u32 = 0x774411;
    pub const MORTAR: u32 = 0xCC9966;
    pub const FLOOR: u32 = 0xCCCCCC;
    // Darker than the Amiga's AAA, on which it lands, so that the Mac's
    // sixteen colours show it in their 808080, not the floor's C0C0C0.
    pub const FLOOR_EDGE: u32 = 0x999999;
    pub const GOAL: u32 = 0x2244AA;
    pub const YELLOW: [u32; 4] = [0x996600, 0xDDAA22, 0xFFEE22, 0xFFFFAA];
    pub const GREEN: [u32; 4] = [0x004411, 0x007722, 0x33AA55, 0x55DD55];
    pub const RED: [u32; 3] = [0x880000, 0xCC1111, 0xEE4444];
}

/// The smallest square whose every kind (floor, goal, can, can on a
/// goal, pusher, pusher on a goal, wall) looks its own, in colour and in
/// one bit: smaller, a can's hollow in one bit and the pusher's goal are
/// a pixel or two, if anything.
pub const MIN_SIZE: u32 = 8;

/// One pixel of a design: its colour, whether it is ink in one bit, and
/// whether it is drawn at all.
type Pixel = Option<(u32, bool)>;

/// The art of `tile` in a square of `size` pixels.
pub fn tile_art(tile: Tile, size: u32) -> Art {
    let n = (size * size) as usize;
    let (mut colour, mut mono, mut mask) = (vec![Rgb::BLACK; n], vec![false; n], vec![false; n]);
    let s = size.max(1) as f64;
    for y in 0..size {
        for x in 0..size {
            let (u, v) = ((x as f64 + 0.5) / s, (y as f64 + 0.5) / s);
            let px = match tile {
                Tile::Wall => wall(x, y, size),
                Tile::Floor => floor(x, y, size),
                Tile::Goal => goal(u, v).or_else(|| floor(x, y, size)),
                Tile::Can(home) => can(u, v, s, home).or_else(|| ground(x, y, size, home)),
                Tile::Pusher(false) => pusher(u, v, s).or_else(|| floor(x, y, size)),
                Tile::Pusher(true) => pusher(u, v, s).or_else(|| goal_round(u, v, s)).or_else(|| floor(x, y, size)),
            };
            if let Some((c, ink)) = px {
                let i = (y * size + x) as usize;
                colour[i] = Rgb::hex(c);
                mono[i] = ink;
                mask[i] = true;
            }
        }
    }
    Art::new(size, size, colour, mono, mask)
}

/// The floor under a can: a goal shows round it.
fn ground(x: u32, y: u32, size: u32, goal_under: bool) -> Pixel {
    let s = size as f64;
    let (u, v) = ((x as f64 + 0.5) / s, (y as f64 + 0.5) / s);
    goal_under.then(|| goal(u, v)).flatten().or_else(|| floor(x, y, size))
}

/// Bricks in courses, half a brick offset every other course, with mortar
/// between; in one bit, black bricks and white mortar.
fn wall(x: u32, y: u32, size: u32) -> Pixel {
    let course = (size / 3).max(2);
    let brick = course * 2;
    let row = y / course;
    let shift = if row.is_multiple_of(2) { 0 } else { brick / 2 };
    let mortar = y % course == course - 1 || (x + shift) % brick == brick - 1;
    Some(if mortar { (colour::MORTAR, false) } else { (colour::BRICK, true) })
}

/// Plain floor with a darker edge on its right and bottom; white in one
/// bit, with a dot in the corner so the floor's squares can be counted.
fn floor(x: u32, y: u32, size: u32) -> Pixel {
    let edge = x + 1 == size || y + 1 == size;
    Some(if edge { (colour::FLOOR_EDGE, x + 1 == size && y + 1 == size) } else { (colour::FLOOR, false) })
}

/// A goal: a diamond ring in the middle of the square.
fn goal(u: f64, v: f64) -> Pixel {
    let d = (u - 0.5).abs() + (v - 0.5).abs();
    (0.16..=0.30).contains(&d).then_some((colour::GOAL, true))
}

/// The goal under the pusher: a diamond ring near the square's edges,
/// round the figure (which covers the goal's own), a pixel wide at least.
fn goal_round(u: f64, v: f64, s: f64) -> Pixel {
    let d = (u - 0.5).abs() + (v - 0.5).abs();
    ((d - 0.45).abs() <= (0.5 / s).max(0.03)).then_some((colour::GOAL, true))
}

/// A garbage can seen from the side: a lid with a handle over a body that
/// narrows to its foot, with ribs down it. Yellow, or green at home; in
/// one bit white in black, or black with white ribs at home.
fn can(u: f64, v: f64, s: f64, home: bool) -> Pixel {
    let tones = if home { colour::GREEN } else { colour::YELLOW };
    let line = 1.0 / s;
    let handle = (0.40..0.60).contains(&u) && (0.10..0.18).contains(&v);
    let lid = (0.16..0.84).contains(&u) && (0.18..0.28).contains(&v);
    // The body narrows from 0.22..0.78 at the top to 0.28..0.72 at the foot.
    let (top, foot) = (0.30, 0.90);
    let inset = 0.22 + (v - top) / (foot - top) * 0.06;
    let body = (top..foot).contains(&v) && (inset..1.0 - inset).contains(&u);
    if !(handle || lid || body) {
        return None;
    }
    let outline = if body {
        u - inset < line || 1.0 - inset - u < line || foot - v < line || v - top < line
    } else {
        let (x0, x1, y0, y1) = if lid { (0.16, 0.84, 0.18, 0.28) } else { (0.40, 0.60, 0.10, 0.18) };
        u - x0 < line || x1 - u < line || v - y0 < line || y1 - v < line
    };
    // Ribs only where there is room for them between the outlines.
    let rib =
        s >= 14.0 && body && [0.38, 0.50, 0.62].iter().any(|r| (u - r).abs() < line * 0.5) && v > top + 2.0 * line;
    let lit = body && u < 0.36;
    Some(match (outline, rib, lit) {
        (true, ..) => (tones[0], true),
        (_, true, _) => (tones[1], !home),
        (_, _, true) => (tones[3], home),
        _ => (tones[2], home),
    })
}

/// The pusher: a red figure with a head, arms and legs; black in one bit,
/// with white eyes.
fn pusher(u: f64, v: f64, s: f64) -> Pixel {
    let (hx, hy, hr) = (0.5, 0.24, 0.15);
    let head = (u - hx).powi(2) + (v - hy).powi(2) <= hr * hr;
    let body = (0.32..0.68).contains(&u) && (0.40..0.72).contains(&v);
    let arms = ((0.18..0.32).contains(&u) || (0.68..0.82).contains(&u)) && (0.42..0.64).contains(&v);
    let legs = ((0.34..0.46).contains(&u) || (0.54..0.66).contains(&u)) && (0.72..0.92).contains(&v);
    if !(head || body || arms || legs) {
        return None;
    }
    let eye = head && v < hy && ((u - 0.44).abs() < 1.0 / s || (u - 0.56).abs() < 1.0 / s) && v > hy - 0.07;
    let lit = head && u < hx && v < hy + 0.02;
    Some(match (eye, lit) {
        (true, _) => (0xFFFFFF, false),
        (_, true) => (colour::RED[2], true),
        _ if u < 0.36 => (colour::RED[2], true),
        _ if u > 0.64 || v > 0.86 => (colour::RED[0], true),
        _ => (colour::RED[1], true),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Share of the drawn pixels that are ink in one bit, in the middle
    /// third of the square (where the can or figure is).
    fn ink(tile: Tile, size: u32) -> f64 {
        let art = tile_art(tile, size);
        let (mut inked, mut all) = (0, 0);
        for y in size / 3..size * 2 / 3 {
            for x in size / 3..size * 2 / 3 {
                if art.mask(x, y) {
                    all += 1;
                    inked += art.mono(x, y) as usize;
                }
            }
        }
        inked as f64 / all as f64
    }

    #[test]
    fn one_bit_designs_keep_cans_home_and_away_apart() {
        for size in [10, 16, 24, 32] {
            let away = ink(Tile::Can(false), size);
            let home = ink(Tile::Can(true), size);
            assert!(away < 0.45, "{size}: a can off its goal is mostly white ({away})");
            assert!(home > 0.6, "{size}: a can at home is mostly black ({home})");
            assert!(ink(Tile::Pusher(false), size) > 0.6, "{size}");
            assert!(ink(Tile::Floor, size) < 0.1, "{size}");
            assert!(ink(Tile::Wall, size) > 0.5, "{size}");
        }
    }

    /// From the smallest square drawn to the largest, every kind of square
    /// differs from every other in a few pixels at least, in colour and in
    /// one bit: the pusher on a goal too, whose goal the figure covers.
    #[test]
    fn every_square_looks_its_own_from_the_smallest_size() {
        let tiles = Tile::ALL;
        for size in MIN_SIZE..=48 {
            let arts: Vec<Art> = tiles.iter().map(|&t| tile_art(t, size)).collect();
            for (i, a) in arts.iter().enumerate() {
                for (j, b) in arts.iter().enumerate().skip(i + 1) {
                    let differ = |pixel: &dyn Fn(&Art, u32, u32) -> u32| {
                        (0..size * size)
                            .filter(|&k| pixel(a, k % size, k / size) != pixel(b, k % size, k / size))
                            .count()
                    };
                    let colour = differ(&|art, x, y| art.colour(x, y).to_u32());
                    let mono = differ(&|art, x, y| u32::from(art.mono(x, y)));
                    let (one, other) = (tiles[i], tiles[j]);
                    assert!(colour >= 4 && mono >= 4, "{size} px: {one:?} and {other:?} differ in {colour}, {mono}");
                }
            }
        }
    }

    #[test]
    fn colours_say_what_a_square_is() {
        let art = |t| tile_art(t, 24);
        let mid = |t| art(t).colour(13, 20);
        assert_eq!(mid(Tile::Can(false)), Rgb::hex(0xFFEE22), "yellow");
        assert_eq!(mid(Tile::Can(true)), Rgb::hex(0x33AA55), "green");
        assert_eq!(art(Tile::Pusher(false)).colour(12, 14), Rgb::hex(0xCC1111), "red");
        assert!((0..24).all(|i| art(Tile::Wall).mask(i, i)), "walls fill their square");
    }

    /// On every screen that shows colours the floor's squares can be
    /// counted: their edges show apart from the floor (at sixteen colours
    /// both were the one grey).
    #[test]
    fn floor_edges_show_on_every_colour_screen() {
        for (screen, mut s) in crate::machines::MachineChoice::colour_surfaces() {
            let mut shown = |hex: u32| s.shown(Rgb::hex(hex));
            if shown(0xFF0000).is_grey() {
                continue; // four greys: the one-bit design, dotted, is drawn
            }
            assert_ne!(shown(colour::FLOOR), shown(colour::FLOOR_EDGE), "{screen}");
        }
    }

    /// On every screen that shows colours the walls are brown and a can's lit side
    /// white or a yellow: at 256 colours the bricks were plum (#663333),
    /// and on the Amiga PAL screen the lit side skin (#FFCCAA, hue 20).
    #[test]
    fn bricks_are_brown_and_cans_lit_yellow_on_every_colour_screen() {
        for (screen, mut s) in crate::machines::MachineChoice::colour_surfaces() {
            let mut shown = |hex: u32| s.shown(Rgb::hex(hex));
            if shown(0xFF0000).is_grey() {
                continue; // four greys
            }
            let (brick, lit) = (shown(colour::BRICK), shown(colour::YELLOW[3]));
            assert!(!brick.is_grey() && (15.0..=45.0).contains(&brick.hue()), "{screen}: bricks {brick:?}");
            assert!(lit == Rgb::WHITE || (45.0..=70.0).contains(&lit.hue()), "{screen}: lit side {lit:?}");
        }
    }
}
