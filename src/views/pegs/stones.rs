//! Stone art, painted at whatever size the board's blocks have. Like card
//! art it is a `gfx::Art`: a shaded colour image, a hand-designed one-bit
//! image and a mask, so one-bit screens show the one-bit design rather than
//! a dithered colour picture. In one bit every stone is a solid, shaded
//! ball (an empty hole is a small ring, so the two never look alike), and
//! the three colours differ in darkness: red nearly black, yellow mid grey,
//! green light grey, each with its white glint.

use crate::games::pegs::board::Stone;
use crate::gfx::{Art, Rgb};

/// The tones of one stone: rim, shade, body, lit side, glint.
struct Tones([u32; 5]);

fn tones(stone: Stone) -> Tones {
    // Chosen to land on registers the Amiga screens have (C11, E44, F88;
    // FE2, DA2; 072, 3A5, 5D5) and near the Mac's system colours.
    Tones(match stone {
        Stone::Red => [0x550000, 0x881111, 0xCC1111, 0xEE4444, 0xFF8888],
        Stone::Yellow => [0x664400, 0xDDAA22, 0xFFEE22, 0xFFFF66, 0xFFFFFF],
        Stone::Green => [0x003300, 0x007722, 0x33AA55, 0x55DD55, 0xDDFFDD],
    })
}

/// The art of `stone` in a `size` x `size` square (the stone is the disc
/// that fills it).
pub fn stone_art(stone: Stone, size: u32) -> Art {
    let Tones(t) = tones(stone);
    let r = size as f64 / 2.0;
    // Light from the upper left, a little in front.
    let light = normalise((-0.45, -0.55, 0.70));
    let glint = (r * 0.62, r * 0.62, (r * 0.22).max(1.0));
    let n = (size * size) as usize;
    let (mut colour, mut mono, mut mask) = (vec![Rgb::BLACK; n], vec![false; n], vec![false; n]);
    for y in 0..size {
        for x in 0..size {
            let (dx, dy) = ((x as f64 + 0.5 - r) / r, (y as f64 + 0.5 - r) / r);
            let d2 = dx * dx + dy * dy;
            if d2 > 1.0 {
                continue;
            }
            let i = (y * size + x) as usize;
            mask[i] = true;
            // Pixels within about one pixel of the edge form the rim.
            let rim = d2.sqrt() > 1.0 - 1.2 / r;
            let in_glint = {
                let (gx, gy) = (x as f64 + 0.5 - glint.0, y as f64 + 0.5 - glint.1);
                gx * gx + gy * gy <= glint.2 * glint.2
            };
            let normal = (dx, dy, (1.0 - d2).max(0.0).sqrt());
            let lit = normal.0 * light.0 + normal.1 * light.1 + normal.2 * light.2;
            // A few flat bands, as period sprites were shaded.
            let tone = if rim {
                0
            } else if in_glint {
                4
            } else if lit > 0.86 {
                3
            } else if lit > 0.35 {
                2
            } else {
                1
            };
            colour[i] = Rgb::hex(t[tone]);
            // One bit: a solid ball, never a ring (a ring is a hole). The
            // body is an ordered pattern whose density follows the light,
            // denser on the shaded side, round a white glint; the lower
            // right of the rim is two pixels thick for the shadow.
            let shaded_rim = d2.sqrt() > 1.0 - 2.2 / r && dx + dy > 0.5;
            let darkness = mono_darkness(stone) + (0.45 - lit) * 0.35;
            let threshold = (BAYER[(y % 4) as usize][(x % 4) as usize] as f64 + 0.5) / 16.0;
            mono[i] = rim || shaded_rim || (!in_glint && darkness > threshold);
        }
    }
    Art::new(size, size, colour, mono, mask)
}

/// How dark each stone's body is in one bit, on average: red nearly black,
/// yellow half grey, green light grey, so the three differ at a glance.
fn mono_darkness(stone: Stone) -> f64 {
    match stone {
        Stone::Red => 0.95,
        Stone::Yellow => 0.55,
        Stone::Green => 0.28,
    }
}

/// The 4 x 4 ordered pattern (Bayer's): a darkness d inks the cells whose
/// rank is below 16 d, in an even spread.
const BAYER: [[u8; 4]; 4] = [[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]];

fn normalise((x, y, z): (f64, f64, f64)) -> (f64, f64, f64) {
    let len = (x * x + y * y + z * z).sqrt();
    (x / len, y / len, z / len)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ink(art: &Art) -> (usize, usize) {
        let (mut inside, mut black) = (0, 0);
        for y in 0..art.height() {
            for x in 0..art.width() {
                if art.mask(x, y) {
                    inside += 1;
                    black += art.mono(x, y) as usize;
                }
            }
        }
        (inside, black)
    }

    #[test]
    fn the_one_bit_designs_differ_in_darkness() {
        for size in [8, 13, 24, 40] {
            let [red, yellow, green] = [Stone::Red, Stone::Yellow, Stone::Green].map(|s| ink(&stone_art(s, size)));
            let share = |(inside, black): (usize, usize)| black as f64 / inside as f64;
            assert!(share(red) > 0.8, "{size}: red {red:?}");
            assert!((0.45..0.8).contains(&share(yellow)), "{size}: yellow {yellow:?}");
            assert!(share(green) < share(yellow) - 0.1, "{size}: green {green:?}");
        }
    }

    #[test]
    fn every_one_bit_stone_is_solid_not_a_ring() {
        // A ring (an empty hole) has nothing inside; a stone's body between
        // a third and two thirds of its radius is inked in every colour.
        for size in [10, 16, 24, 40] {
            for stone in [Stone::Red, Stone::Yellow, Stone::Green] {
                let art = stone_art(stone, size);
                let r = size as f64 / 2.0;
                let (mut inside, mut black) = (0, 0);
                for y in 0..size {
                    for x in 0..size {
                        let d = ((x as f64 + 0.5 - r).powi(2) + (y as f64 + 0.5 - r).powi(2)).sqrt() / r;
                        if (0.33..0.67).contains(&d) {
                            inside += 1;
                            black += art.mono(x, y) as usize;
                        }
                    }
                }
                assert!(black * 5 >= inside, "{size} {stone:?}: {black} of {inside} inked inside");
            }
        }
    }

    #[test]
    fn the_stone_is_a_disc_filling_its_square() {
        let art = stone_art(Stone::Green, 20);
        assert!(art.mask(10, 0) && art.mask(0, 10) && art.mask(19, 10) && art.mask(10, 19));
        assert!(!art.mask(0, 0) && !art.mask(19, 19));
        assert_eq!(stone_art(Stone::Red, 1).width(), 1);
    }
}
