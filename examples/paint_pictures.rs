//! Paints Scramble's three built-in pictures: `cargo run --example
//! paint_pictures` rewrites roms-like-assets/pictures/.
//!
//! Each is drawn here from shapes and gradients, in one of the formats
//! Scramble reads, so all three readers are used by built-in data:
//!
//! - `lighthouse.png`: a lighthouse on its rock at dusk, 24-bit PNG;
//! - `grapes.iff`: a bunch of grapes with a leaf on a checked cloth, an
//!   Amiga IFF ILBM of 32 colours in five bitplanes (ByteRun1 packed);
//! - `balloons.bmp`: hot-air balloons over green hills, a 24-bit BMP.
//!
//! 320 x 240 each: large enough for 6 x 6 pieces of 53 x 40 pixels.

use std::fs;
use std::path::Path;

use parlour::gfx::ilbm::encode_ilbm;
use parlour::gfx::image_io::{encode_bmp, encode_png};
use parlour::gfx::{Rgb, Surface};

const W: i32 = 320;
const H: i32 = 240;

/// A picture being painted: colours, or palette indices for the ILBM.
struct Canvas {
    px: Vec<Rgb>,
}

impl Canvas {
    fn new() -> Canvas {
        Canvas { px: vec![Rgb::BLACK; (W * H) as usize] }
    }

    fn put(&mut self, x: i32, y: i32, c: Rgb) {
        if (0..W).contains(&x) && (0..H).contains(&y) {
            self.px[(y * W + x) as usize] = c;
        }
    }

    fn get(&self, x: i32, y: i32) -> Rgb {
        self.px[(y.clamp(0, H - 1) * W + x.clamp(0, W - 1)) as usize]
    }

    /// Every pixel where `inside(x, y)` holds takes `colour(x, y)`.
    fn paint(&mut self, inside: impl Fn(f64, f64) -> bool, colour: impl Fn(f64, f64) -> Rgb) {
        for y in 0..H {
            for x in 0..W {
                let (fx, fy) = (x as f64 + 0.5, y as f64 + 0.5);
                if inside(fx, fy) {
                    self.put(x, y, colour(fx, fy));
                }
            }
        }
    }

    fn disc(&mut self, cx: f64, cy: f64, r: f64, colour: impl Fn(f64, f64) -> Rgb) {
        self.paint(|x, y| (x - cx).powi(2) + (y - cy).powi(2) <= r * r, colour);
    }

    /// A filled polygon (even-odd rule).
    fn polygon(&mut self, pts: &[(f64, f64)], colour: impl Fn(f64, f64) -> Rgb) {
        let inside = |x: f64, y: f64| {
            let mut odd = false;
            for i in 0..pts.len() {
                let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
                if (a.1 > y) != (b.1 > y) && x < a.0 + (y - a.1) / (b.1 - a.1) * (b.0 - a.0) {
                    odd = !odd;
                }
            }
            odd
        };
        self.paint(inside, colour);
    }

    fn surface(&self) -> Surface {
        let mut s = Surface::rgb(W as u32, H as u32);
        for y in 0..H {
            for x in 0..W {
                let v = s.value_for(self.get(x, y));
                s.put(x, y, v);
            }
        }
        s
    }
}

fn mix(a: Rgb, b: Rgb, t: f64) -> Rgb {
    let t = t.clamp(0.0, 1.0);
    let m = |p: u8, q: u8| (p as f64 + (q as f64 - p as f64) * t).round() as u8;
    Rgb::new(m(a.r, b.r), m(a.g, b.g), m(a.b, b.b))
}

fn hex(v: u32) -> Rgb {
    Rgb::hex(v)
}

/// A lighthouse with red and white bands on a dark rock, its beam across
/// a dusk sky over the sea.
fn lighthouse() -> Canvas {
    let mut c = Canvas::new();
    let horizon = 150.0;
    c.paint(
        |_, y| y < horizon,
        |_, y| {
            let t = y / horizon;
            if t < 0.55 {
                mix(hex(0x1B2A5C), hex(0xC8608A), t / 0.55)
            } else {
                mix(hex(0xC8608A), hex(0xF6B26B), (t - 0.55) / 0.45)
            }
        },
    );
    // The setting sun, half under the horizon.
    c.disc(70.0, horizon, 26.0, |_, y| mix(hex(0xFFE9A8), hex(0xFF9E4F), (horizon - y) / 26.0));
    // The sea, darker away from the horizon, with streaks of sunlight.
    c.paint(
        |_, y| y >= horizon,
        |x, y| {
            let t = (y - horizon) / (H as f64 - horizon);
            let base = mix(hex(0x3C4E8A), hex(0x101C3A), t);
            let glint = (x - 70.0).abs() < 30.0 - t * 10.0 && ((y as i32) % 5 == 0) && ((x as i32 + y as i32) % 7 < 4);
            if glint { mix(base, hex(0xFFC27A), 0.7) } else { base }
        },
    );
    // The beam: a pale wedge from the lantern to the upper left.
    let lantern = (230.0, 62.0);
    c.polygon(&[lantern, (0.0, 10.0), (0.0, 60.0)], |x, y| {
        let sky = mix(hex(0x1B2A5C), hex(0xC8608A), y / horizon);
        mix(sky, hex(0xFFF6C8), 0.45 * (x / lantern.0))
    });
    // The rock.
    c.polygon(
        &[
            (150.0, 240.0),
            (175.0, 170.0),
            (200.0, 150.0),
            (250.0, 146.0),
            (290.0, 160.0),
            (320.0, 185.0),
            (320.0, 240.0),
        ],
        |x, y| mix(hex(0x4A3B35), hex(0x1E1715), ((y - 146.0) / 94.0) * 0.8 + (x - 150.0) / 800.0),
    );
    // The tower: narrowing upwards, in red and white bands, shaded on the
    // right.
    let (base_y, top_y) = (152.0, 78.0);
    let half = |y: f64| 11.0 + (y - top_y) / (base_y - top_y) * 7.0;
    c.paint(
        |x, y| (top_y..base_y).contains(&y) && (x - lantern.0).abs() <= half(y),
        |x, y| {
            let band = (((y - top_y) / 15.0) as i32) % 2 == 0;
            let colour = if band { hex(0xE8EEF0) } else { hex(0xC0262E) };
            mix(colour, hex(0x000000), ((x - lantern.0) / half(y)).max(0.0) * 0.45)
        },
    );
    // Gallery, lantern room and cap.
    c.paint(|x, y| (74.0..79.0).contains(&y) && (x - lantern.0).abs() <= 15.0, |_, _| hex(0x2B2B2B));
    c.paint(
        |x, y| (54.0..74.0).contains(&y) && (x - lantern.0).abs() <= 8.0,
        |x, _| mix(hex(0xFFF3B0), hex(0xFFC24A), (x - lantern.0).abs() / 8.0),
    );
    c.polygon(&[(219.0, 54.0), (241.0, 54.0), (230.0, 40.0)], |_, _| hex(0x2B2B2B));
    // A door.
    c.paint(|x, y| (136.0..152.0).contains(&y) && (x - lantern.0).abs() <= 4.0, |_, _| hex(0x3A2418));
    // A few stars.
    for (x, y) in [(20, 12), (120, 8), (160, 30), (300, 14), (270, 34), (96, 40), (196, 20)] {
        c.put(x, y, hex(0xFFFFFF));
        c.put(x + 1, y, hex(0xB0B8E0));
    }
    c
}

/// A bunch of grapes with a vine leaf on a blue and white checked cloth,
/// in 32 colours.
fn grapes() -> (Vec<Rgb>, Vec<u8>) {
    let mut c = Canvas::new();
    c.paint(
        |_, _| true,
        |x, y| {
            let check = ((x / 20.0) as i32 + (y / 20.0) as i32) % 2 == 0;
            let thread = (x as i32 % 20 == 10) || (y as i32 % 20 == 10);
            match (check, thread) {
                (true, _) => hex(0x3E64B4),
                (false, true) => hex(0xB8C8E8),
                (false, false) => hex(0xF0F0F4),
            }
        },
    );
    // A plate.
    c.paint(
        |x, y| ((x - 160.0) / 130.0).powi(2) + ((y - 150.0) / 80.0).powi(2) <= 1.0,
        |x, y| {
            let r = (((x - 160.0) / 130.0).powi(2) + ((y - 150.0) / 80.0).powi(2)).sqrt();
            if r > 0.9 { hex(0xC8C0B0) } else { mix(hex(0xFFFFFF), hex(0xD8D0C0), r) }
        },
    );
    // The leaf: a pointed oval with veins.
    c.polygon(&[(150.0, 50.0), (200.0, 22.0), (250.0, 28.0), (228.0, 60.0), (180.0, 72.0)], |x, y| {
        let vein = ((y - 50.0) - (x - 150.0) * -0.28).abs() < 1.2;
        if vein { hex(0x9CCB5A) } else { mix(hex(0x4E8C2A), hex(0x2C5A16), (x - 150.0) / 100.0) }
    });
    // The stem.
    c.polygon(&[(158.0, 40.0), (165.0, 38.0), (170.0, 70.0), (162.0, 72.0)], |_, _| hex(0x6B4A22));
    // Grapes, back to front, each shaded from a highlight at its upper left.
    let rows: [(f64, &[f64]); 7] = [
        (78.0, &[118.0, 142.0, 166.0, 190.0, 214.0]),
        (98.0, &[106.0, 130.0, 154.0, 178.0, 202.0, 226.0]),
        (118.0, &[118.0, 142.0, 166.0, 190.0, 214.0]),
        (138.0, &[130.0, 154.0, 178.0, 202.0]),
        (158.0, &[142.0, 166.0, 190.0]),
        (178.0, &[154.0, 178.0]),
        (196.0, &[166.0]),
    ];
    for (y, xs) in rows {
        for &x in xs {
            let wobble = ((x * 7.0 + y * 3.0) as i32 % 5) as f64 - 2.0;
            let (cx, cy, r) = (x + wobble, y, 13.0);
            c.disc(cx, cy, r, |px, py| {
                let d = ((px - (cx - 5.0)).powi(2) + (py - (cy - 5.0)).powi(2)).sqrt() / (2.0 * r);
                if d < 0.12 { hex(0xE8D8F0) } else { mix(hex(0x8A3C9E), hex(0x2A0A36), d) }
            });
        }
    }
    quantise32(&c)
}

/// Reduces a picture to 32 colours (for the five-bitplane ILBM): the
/// picture's own colours if there are few, else evenly spread ones.
fn quantise32(c: &Canvas) -> (Vec<Rgb>, Vec<u8>) {
    let reduced = parlour::gfx::reduce::quantise(&c.px, W as u32, H as u32);
    // quantise gives up to 256; keep the 32 most used and map the rest to
    // the nearest of them.
    let mut counts = vec![0usize; 256];
    for &v in reduced.pixels() {
        counts[v as usize] += 1;
    }
    let mut order: Vec<usize> = (0..256).filter(|&i| counts[i] > 0).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(counts[i]));
    order.truncate(32);
    let palette: Vec<Rgb> = order.iter().map(|&i| reduced.palette().get(i as u32)).collect();
    let indices =
        c.px.iter()
            .map(|&px| (0..palette.len()).min_by_key(|&k| palette[k].distance2(px)).unwrap_or(0) as u8)
            .collect();
    let mut full = palette;
    full.resize(32, Rgb::BLACK);
    (full, indices)
}

/// Three hot-air balloons over rolling hills under a clear sky.
fn balloons() -> Canvas {
    let mut c = Canvas::new();
    c.paint(|_, _| true, |_, y| mix(hex(0x5AA0E6), hex(0xD6ECFA), y / 160.0));
    // Clouds.
    for (cx, cy, r) in
        [(60.0, 40.0, 14.0), (78.0, 36.0, 18.0), (96.0, 42.0, 12.0), (250.0, 70.0, 12.0), (266.0, 66.0, 16.0)]
    {
        c.disc(cx, cy, r, |_, y| mix(hex(0xFFFFFF), hex(0xDCE6F0), (y - (cy - r)) / (2.0 * r)));
    }
    // Hills, far to near.
    for (base, amp, freq, phase, near, far) in [
        (170.0, 18.0, 0.020, 0.0, hex(0x7FB26A), hex(0x98C486)),
        (195.0, 14.0, 0.031, 1.7, hex(0x4E9A3C), hex(0x6BB053)),
        (218.0, 10.0, 0.045, 3.1, hex(0x2F7A28), hex(0x3F8C30)),
    ] {
        c.paint(
            |x, y| y >= base + amp * (x * freq + phase).sin(),
            |x, y| mix(far, near, (y - base + amp) / 60.0 + x / 2000.0),
        );
    }
    // Balloons: an envelope of stripes, a basket hanging below.
    for (cx, cy, r, a, b) in [
        (92.0, 96.0, 34.0, hex(0xE23B3B), hex(0xF5D033)),
        (212.0, 60.0, 24.0, hex(0x3B6FE2), hex(0xF2F2F2)),
        (268.0, 128.0, 16.0, hex(0x2FA84F), hex(0xF08A24)),
    ] {
        // Envelope: a circle drawn out into a point at the bottom.
        let inside = |x: f64, y: f64| {
            let dy = y - cy;
            let half = if dy <= 0.0 { (r * r - dy * dy).max(0.0).sqrt() } else { r * (1.0 - dy / (1.4 * r)).max(0.0) };
            (x - cx).abs() <= half && dy >= -r
        };
        c.paint(inside, |x, y| {
            let stripe = (((x - cx) / r * 3.0).asin().abs() * 2.0) as i32 % 2 == 0;
            let shade = ((x - cx) / r).max(0.0) * 0.35 + ((y - cy) / r).max(0.0) * 0.15;
            mix(if stripe { a } else { b }, hex(0x000000), shade)
        });
        // Ropes and basket.
        let (bt, bh, bw) = (cy + 1.55 * r, r * 0.28, r * 0.36);
        for side in [-1.0, 1.0] {
            let (x0, y0, x1) = (cx + side * r * 0.3, cy + 1.3 * r, cx + side * bw / 2.0);
            for k in 0..=8 {
                let t = k as f64 / 8.0;
                c.put((x0 + (x1 - x0) * t).round() as i32, (y0 + (bt - y0) * t).round() as i32, hex(0x5A4630));
            }
        }
        c.paint(
            |x, y| (bt..bt + bh).contains(&y) && (x - cx).abs() <= bw / 2.0,
            |_, y| {
                if (y as i32) % 3 == 0 { hex(0x6E4A24) } else { hex(0xA8783C) }
            },
        );
    }
    c
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("roms-like-assets/pictures");
    fs::create_dir_all(&dir).expect("the pictures folder can be made");
    fs::write(dir.join("lighthouse.png"), encode_png(&lighthouse().surface())).expect("written");
    let (palette, indices) = grapes();
    fs::write(dir.join("grapes.iff"), encode_ilbm(W as usize, H as usize, &palette, &indices, 5)).expect("written");
    fs::write(dir.join("balloons.bmp"), encode_bmp(&balloons().surface())).expect("written");
    println!("wrote {}", dir.display());
}
