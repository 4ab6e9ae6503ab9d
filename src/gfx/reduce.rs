//! Reducing a picture for YaZZle's game.bmp: exact area-averaging to a
//! smaller size, then quantising to a 256-colour palette; and shrinking a
//! 1-bit screen to a small 1-bit picture that still reads.

use std::collections::BTreeSet;
use std::ops::Range;

use super::color::Rgb;
use super::palette::Palette;
use super::surface::{Format, Surface};

/// Scales the whole surface to `w` x `h` by area averaging: each output
/// pixel is the mean of the source area it covers, partial pixels weighted
/// by their covered fraction. Integer arithmetic throughout, so the result
/// is the same on every machine.
pub fn area_average(src: &Surface, w: u32, h: u32) -> Vec<Rgb> {
    let (sw, sh) = (src.width() as u64, src.height() as u64);
    // In "units" a source pixel is `w` long horizontally (and `h` vertically)
    // and an output pixel is `sw` (and `sh`) long, so all edges are integers.
    // For each output pixel, the source pixels it covers and by how much.
    let spans = |src_len: u64, out_len: u64| -> Vec<Vec<(usize, u64)>> {
        (0..out_len)
            .map(|o| {
                let (a, b) = (o * src_len, (o + 1) * src_len);
                (a / out_len..b.div_ceil(out_len))
                    .map(|i| {
                        let (s0, s1) = (i * out_len, (i + 1) * out_len);
                        (i as usize, s1.min(b) - s0.max(a))
                    })
                    .filter(|&(_, weight)| weight > 0)
                    .collect()
            })
            .collect()
    };
    let xs = spans(sw, w as u64);
    let ys = spans(sh, h as u64);
    let area = sw * sh;
    let colours: Vec<Rgb> = src.pixels().iter().map(|&v| src.colour_of(v)).collect();
    let mut out = Vec::with_capacity((w * h) as usize);
    for row in &ys {
        for col in &xs {
            let mut sum = [0u64; 3];
            for &(y, wy) in row {
                for &(x, wx) in col {
                    let c = colours[y * sw as usize + x];
                    let wgt = wx * wy;
                    sum[0] += c.r as u64 * wgt;
                    sum[1] += c.g as u64 * wgt;
                    sum[2] += c.b as u64 * wgt;
                }
            }
            let avg = |s: u64| ((s + area / 2) / area) as u8;
            out.push(Rgb::new(avg(sum[0]), avg(sum[1]), avg(sum[2])));
        }
    }
    out
}

/// Shrinks a two-colour picture (a 1-bit screen) to `w` x `h` pixels of
/// its own two colours, so that the small copy reads as the screen did: a
/// thin line of ink (a card's outline, a window's frame) stays an
/// unbroken line, and every other pixel takes the nearest of five regular
/// tones (paper, a quarter, half or three quarters ink, ink) by the share
/// of ink around it, the lines left out, so a patterned felt stays a
/// plain pattern and a card's face stays paper. Averaged to greys and
/// dithered, lines and patterns alike would come out as noise. Meant for
/// shrinking: a larger size repeats pixels.
pub fn shrink_two_tone(src: &Surface, w: u32, h: u32) -> Vec<Rgb> {
    let (ink, paper) = two_tones(src);
    let lines = thin_lines(src, ink);
    let width = src.width() as usize;
    let (cols, rows) = (Axis::new(src.width(), w), Axis::new(src.height(), h));
    // The order in which a 2 x 2 cell takes ink as the tone darkens: a
    // quarter is one dot a cell, half a checkerboard, as QuickDraw's greys.
    const ORDER: [[usize; 2]; 2] = [[0, 2], [3, 1]];
    let mut out = Vec::with_capacity((w * h) as usize);
    for (oy, (own_rows, window_rows)) in rows.own.iter().zip(&rows.window).enumerate() {
        for (ox, (own_cols, window_cols)) in cols.own.iter().zip(&cols.window).enumerate() {
            let mut own = own_rows.clone().flat_map(|y| own_cols.clone().map(move |x| y * width + x));
            let window = window_rows.clone().flat_map(|y| window_cols.clone().map(move |x| y * width + x));
            let (mut inked, mut area) = (0, 0);
            for i in window.filter(|&i| !lines[i]) {
                area += 1;
                inked += usize::from(src.pixels()[i] == ink);
            }
            let tone = if area == 0 { 0 } else { (inked * 8 + area) / (area * 2) };
            let on_line = own.any(|i| lines[i]);
            out.push(src.colour_of(if on_line || ORDER[oy % 2][ox % 2] < tone { ink } else { paper }));
        }
    }
    out
}

/// The values of a two-colour surface's ink (the darker colour) and
/// paper.
fn two_tones(src: &Surface) -> (u32, u32) {
    let luma = |v: u32| src.colour_of(v).luma();
    if luma(1) < luma(0) { (1, 0) } else { (0, 1) }
}

/// Which pixels of `src` lie on a thin line of ink: three in a row at
/// least, across or down, with no such run two pixels to either side of
/// it, which would make it one of a set of stripes (a Mac title bar's)
/// or part of a solid area, both of which keep their tone. A pattern of
/// dots or a checkerboard has no runs at all.
fn thin_lines(src: &Surface, ink: u32) -> Vec<bool> {
    let (w, h) = (src.width() as i32, src.height() as i32);
    let inked =
        |x: i32, y: i32| (0..w).contains(&x) && (0..h).contains(&y) && src.pixels()[(y * w + x) as usize] == ink;
    // A run of three from (x, y) along (dx, dy), and not repeated two
    // pixels across it.
    let run = |x: i32, y: i32, (dx, dy): (i32, i32)| (0..3).all(|k| inked(x + k * dx, y + k * dy));
    let lone_run = |x: i32, y: i32, (dx, dy): (i32, i32)| {
        run(x, y, (dx, dy)) && !run(x + 2 * dy, y + 2 * dx, (dx, dy)) && !run(x - 2 * dy, y - 2 * dx, (dx, dy))
    };
    let on_line = |x: i32, y: i32| {
        [(1, 0), (0, 1)].into_iter().any(|(dx, dy)| (0..3).any(|k| lone_run(x - k * dx, y - k * dy, (dx, dy))))
    };
    (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).map(|(x, y)| on_line(x, y)).collect()
}

/// How the pixels of one axis of a picture map to a smaller one's.
struct Axis {
    /// Of each smaller pixel, the source pixels whose centres fall in it
    /// (one at least).
    own: Vec<Range<usize>>,
    /// Of each smaller pixel, the source pixels its tone is taken from:
    /// a whole number of 4-pixel periods (a QuickDraw grey repeats every
    /// 2 or 4 pixels) at least as long as its own pixels, around them,
    /// so a patterned area gives the same share of ink wherever it falls.
    window: Vec<Range<usize>>,
}

impl Axis {
    fn new(len: u32, out: u32) -> Axis {
        let (len, out) = (len.max(1) as usize, out.max(1) as usize);
        // Edge i of the smaller pixels, in source pixels, to the nearest.
        let edge = |i: usize| ((2 * i * len + out) / (2 * out)).min(len);
        let own: Vec<Range<usize>> = (0..out)
            .map(|o| {
                let start = edge(o).min(len - 1);
                start..edge(o + 1).max(start + 1)
            })
            .collect();
        let side = len.div_ceil(out).next_multiple_of(4).min(len);
        let window = own
            .iter()
            .map(|r| {
                let start = ((r.start + r.end).saturating_sub(side) / 2).min(len - side);
                start..start + side
            })
            .collect();
        Axis { own, window }
    }
}

/// Quantises a picture to an 8-bit surface with a 256-entry palette. A
/// picture of 256 colours or fewer keeps its colours exactly; otherwise
/// NeuQuant (the `color_quant` crate, at its finest sampling) builds the
/// palette, which follows smooth gradients such as felt without banding.
pub fn quantise(pixels: &[Rgb], w: u32, h: u32) -> Surface {
    assert_eq!(pixels.len(), (w * h) as usize, "pixel count matches the size");
    let distinct: BTreeSet<Rgb> = pixels.iter().copied().collect();
    let mut entries: Vec<Rgb> = if distinct.len() <= 256 {
        distinct.into_iter().collect()
    } else {
        let rgba: Vec<u8> = pixels.iter().flat_map(|c| [c.r, c.g, c.b, 255]).collect();
        let nq = color_quant::NeuQuant::new(1, 256, &rgba);
        nq.color_map_rgb().chunks(3).map(|c| Rgb::new(c[0], c[1], c[2])).collect()
    };
    entries.resize(256, Rgb::BLACK);
    let palette = Palette::new(entries);
    let mut out = Surface::new(w, h, Format::Indexed { bits: 8 }, palette);
    for (i, &c) in pixels.iter().enumerate() {
        let v = out.value_for(c);
        out.put((i as u32 % w) as i32, (i as u32 / w) as i32, v);
    }
    out
}

/// Draws a `w` x `h` picture with its top-left at (x, y): exactly on a
/// direct-colour surface; on an indexed one each pixel takes the nearest
/// palette entry and the error is diffused to the pixels not yet drawn, so
/// a 32-register Amiga still shows the picture's shading (Floyd and
/// Steinberg's weights) and a 1-bit Mac shows it as MacPaint did (Bill
/// Atkinson's: three quarters of the error over six neighbours, which keeps
/// black and white areas clean). Deterministic; clipped like any drawing.
pub fn draw_dithered(s: &mut Surface, x: i32, y: i32, w: u32, h: u32, pixels: &[Rgb]) {
    draw_dithered_where(s, x, y, w, h, pixels, |_| true);
}

/// [`draw_dithered`] for a picture with holes: only the pixels `opaque`
/// names (by index) are drawn; a hole neither takes nor passes on error.
pub fn draw_dithered_where(
    s: &mut Surface,
    x: i32,
    y: i32,
    w: u32,
    h: u32,
    pixels: &[Rgb],
    opaque: impl Fn(usize) -> bool,
) {
    assert_eq!(pixels.len(), (w * h) as usize, "pixel count matches the size");
    let bits = match s.format() {
        Format::Indexed { bits } => bits,
        _ => {
            for (i, &c) in pixels.iter().enumerate().filter(|&(i, _)| opaque(i)) {
                let v = s.value_for(c);
                s.put(x + (i as u32 % w) as i32, y + (i as u32 / w) as i32, v);
            }
            return;
        }
    };
    // (dx, dy, weight) of the error each neighbour gets, and the divisor.
    const FLOYD_STEINBERG: (&[(i32, i32, i32)], i32) = (&[(1, 0, 7), (-1, 1, 3), (0, 1, 5), (1, 1, 1)], 16);
    const ATKINSON: (&[(i32, i32, i32)], i32) =
        (&[(1, 0, 1), (2, 0, 1), (-1, 1, 1), (0, 1, 1), (1, 1, 1), (0, 2, 1)], 8);
    let (spread, divisor) = if bits == 1 { ATKINSON } else { FLOYD_STEINBERG };
    let (w, h) = (w as i32, h as i32);
    // On a screen of greys only, a colour is matched by its lightness, as
    // MacPaint-era converters did: by RGB distance pure red, green and
    // blue are all nearest to black, and the error, all in one channel,
    // never adds up to a lighter grey.
    let greys_only = s.palette().entries().iter().take(1 << bits).all(|e| e.r == e.g && e.g == e.b);
    let start = |c: &Rgb| if greys_only { [c.luma() as i32; 3] } else { [c.r as i32, c.g as i32, c.b as i32] };
    let mut want: Vec<[i32; 3]> = pixels.iter().map(start).collect();
    // How far a colour the palette cannot reach may carry its error: held
    // to the 0..=255 it asks for, a colour beyond every mixture of the
    // palette's (cyan among the Workbench's sixteen) takes the nearest
    // entry pixel after pixel, and a gradient comes out one flat colour;
    // let past it, the error is paid back by the entries around it and
    // the gradient shows. Greys lie within black and white: held there,
    // a screen of greys keeps its dots as even as they were.
    let (least, most) = if greys_only { (0, 255) } else { (-64, 319) };
    for row in 0..h {
        for col in 0..w {
            if !opaque((row * w + col) as usize) {
                continue;
            }
            let [r, g, b] = want[(row * w + col) as usize].map(|v| v.clamp(least, most));
            let v = if [r, g, b].iter().all(|v| (0..=255).contains(v)) {
                s.value_for(Rgb::new(r as u8, g as u8, b as u8))
            } else {
                s.palette().nearest_to([r, g, b])
            };
            s.put(x + col, y + row, v);
            let got = s.colour_of(v);
            let err = [r - got.r as i32, g - got.g as i32, b - got.b as i32];
            for &(dx, dy, weight) in spread {
                let (cx, cy) = (col + dx, row + dy);
                if (0..w).contains(&cx) && cy < h {
                    let cell = &mut want[(cy * w + cx) as usize];
                    for k in 0..3 {
                        cell[k] += err[k] * weight / divisor;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dithering_to_black_and_white_keeps_the_average_grey() {
        let mut s = Surface::new(16, 16, Format::Indexed { bits: 1 }, crate::gfx::palette::mac_clut1());
        draw_dithered(&mut s, 0, 0, 16, 16, &[Rgb::new(128, 128, 128); 256]);
        let white = (0..16)
            .flat_map(|y| (0..16).map(move |x| (x, y)))
            .filter(|&(x, y)| s.colour_at(x, y) == Some(Rgb::WHITE))
            .count();
        assert!((100..=156).contains(&white), "{white} of 256 white");
        let mut amiga = Surface::new(
            8,
            8,
            Format::Indexed { bits: 5 },
            crate::gfx::palette::Palette::new(vec![Rgb::BLACK, Rgb::WHITE]),
        );
        draw_dithered(&mut amiga, 0, 0, 8, 8, &[Rgb::new(128, 128, 128); 64]);
        let whites = (0..8)
            .flat_map(|y| (0..8).map(move |x| (x, y)))
            .filter(|&(x, y)| amiga.colour_at(x, y) == Some(Rgb::WHITE))
            .count();
        assert!((28..=36).contains(&whites), "{whites} of 64 white");
        let mut d = Surface::rgb(2, 1);
        draw_dithered(&mut d, 0, 0, 2, 1, &[Rgb::new(1, 2, 3), Rgb::new(4, 5, 6)]);
        assert_eq!(d.colour_at(1, 0), Some(Rgb::new(4, 5, 6)), "direct colour is exact");
    }

    /// The colours of a 32 x 32 tile of `c` dithered onto a surface of
    /// `bits` with `palette`.
    fn dithered_tile(bits: u8, palette: Palette, c: Rgb) -> Vec<Rgb> {
        let mut s = Surface::new(32, 32, Format::Indexed { bits }, palette);
        draw_dithered(&mut s, 0, 0, 32, 32, &[c; 1024]);
        s.pixels().iter().map(|&v| s.colour_of(v)).collect()
    }

    /// The colour most pixels of `tile` show.
    fn most_shown(tile: &[Rgb]) -> Rgb {
        let counts = tile.iter().fold(std::collections::BTreeMap::new(), |mut m, c| {
            *m.entry(*c).or_insert(0) += 1;
            m
        });
        counts.into_iter().max_by_key(|&(_, n)| n).map(|(c, _)| c).expect("a tile has pixels")
    }

    #[test]
    fn greys_show_pure_colours_by_their_lightness() {
        let (red, green, blue) = (Rgb::hex(0xFF0000), Rgb::hex(0x00FF00), Rgb::hex(0x0000FF));
        // Black and white: the share of white follows the lightness (Rec.
        // 601: green 58%, red 30%, blue 11%), Atkinson's dither leaving the
        // darkest eighth black as MacPaint's did.
        let white =
            |c| dithered_tile(1, crate::gfx::palette::mac_clut1(), c).iter().filter(|&&p| p == Rgb::WHITE).count();
        let (g, r, b) = (white(green), white(red), white(blue));
        assert!(g > r && r > b, "white pixels: green {g}, red {r}, blue {b} of 1024");
        assert!((460..=770).contains(&g) && (150..=460).contains(&r) && b < 150, "green {g}, red {r}, blue {b}");
        // Four greys: each mostly takes the level nearest its lightness,
        // so the three stay apart, in order.
        let four = |c| most_shown(&dithered_tile(2, crate::gfx::palette::mac_clut2(), c));
        let (g, r, b) = (four(green), four(red), four(blue));
        assert!(g.r > r.r && r.r > b.r, "levels: green {g:?}, red {r:?}, blue {b:?}");
        // A colour screen keeps the colours.
        assert_eq!(most_shown(&dithered_tile(4, crate::gfx::palette::mac_clut4(), red)), Rgb::hex(0xDD0806));
    }

    /// A gradient of colours no mixture of the palette reaches (cyans
    /// among the Workbench's eight) is dithered, not drawn as the one
    /// entry nearest each pixel: its error is carried past the colours
    /// asked for and paid back, so the picture's average stays near.
    #[test]
    fn a_gradient_beyond_the_palette_is_not_one_flat_colour() {
        let palette = Palette::from_amiga12(&crate::gfx::palette::AMIGA_WB2_REGISTERS);
        let (w, h) = (64u32, 32u32);
        let cyans: Vec<Rgb> = (0..w * h)
            .map(|i| {
                let (x, y) = (i % w, i / w);
                Rgb::new((x / 2) as u8, (160 + y * 2) as u8, (255 - x / 2) as u8)
            })
            .collect();
        let mut s = Surface::new(w, h, Format::Indexed { bits: 3 }, palette);
        draw_dithered(&mut s, 0, 0, w, h, &cyans);
        let tile: Vec<Rgb> = s.pixels().iter().map(|&v| s.colour_of(v)).collect();
        let flat = tile.iter().filter(|&&c| c == most_shown(&tile)).count();
        assert!(flat * 4 < tile.len() * 3, "{flat} of {} pixels one colour", tile.len());
        let mean_green = tile.iter().map(|c| u32::from(c.g)).sum::<u32>() / tile.len() as u32;
        assert!(mean_green >= 160, "green {mean_green}, asked 160 to 222");
    }

    /// A 1-bit screen of `w` x `h`: felt of one dot in four (QuickDraw's
    /// light grey), a card of paper with a 1-pixel outline at `card`, and
    /// a striped bar (a Mac title bar's) at `bar`.
    fn one_bit_table(w: u32, h: u32, card: (i32, i32, i32, i32), bar: (i32, i32, i32, i32)) -> Surface {
        let mut s = Surface::new(w, h, Format::Indexed { bits: 1 }, crate::gfx::palette::mac_clut1());
        let within =
            |(x0, y0, x1, y1): (i32, i32, i32, i32), x: i32, y: i32| (x0..=x1).contains(&x) && (y0..=y1).contains(&y);
        for (x, y) in (0..h as i32).flat_map(|y| (0..w as i32).map(move |x| (x, y))) {
            let (x0, y0, x1, y1) = card;
            let ink = if within(card, x, y) {
                x == x0 || x == x1 || y == y0 || y == y1
            } else if within(bar, x, y) {
                y % 2 == 0
            } else {
                x % 2 == 0 && y % 2 == 0
            };
            s.put(x, y, u32::from(ink));
        }
        s
    }

    #[test]
    fn a_one_bit_screen_shrinks_to_lines_and_regular_tones() {
        let (card, bar) = ((30, 20, 74, 79), (80, 2, 125, 14));
        let src = one_bit_table(126, 96, card, bar);
        let (w, h) = (40, 30);
        let out = shrink_two_tone(&src, w, h);
        let ink = |x: u32, y: u32| out[(y * w + x) as usize] == Rgb::BLACK;
        let picture: Vec<String> =
            (0..h).map(|y| (0..w).map(|x| if ink(x, y) { '#' } else { '.' }).collect()).collect();
        let shown = picture.join("\n");
        // Where a source pixel lands in the small picture.
        let at = |i: i32, len: u32, out: u32| ((2 * i as u32 + 1) * out) / (2 * len);
        let (left, right) = (at(card.0, 126, w), at(card.2, 126, w));
        let (top, bottom) = (at(card.1, 96, h), at(card.3, 96, h));
        // The felt is one dot in four, every dot in place.
        for (x, y) in (0..h).flat_map(|y| (0..8).map(move |x| (x, y))) {
            assert_eq!(ink(x, y), x % 2 == 0 && y % 2 == 0, "felt at ({x}, {y}):\n{shown}");
        }
        // The card's outline is unbroken, its face paper.
        for x in left..=right {
            assert!(ink(x, top) && ink(x, bottom), "outline at x {x}:\n{shown}");
        }
        for y in top..=bottom {
            assert!(ink(left, y) && ink(right, y), "outline at y {y}:\n{shown}");
        }
        for (x, y) in (top + 1..bottom).flat_map(|y| (left + 1..right).map(move |x| (x, y))) {
            assert!(!ink(x, y), "the card's face at ({x}, {y}):\n{shown}");
        }
        // The stripes are a half tone, a checkerboard: neither solid ink
        // nor lost.
        let (bx0, bx1) = (at(bar.0, 126, w) + 1, at(bar.2, 126, w) - 1);
        let (by0, by1) = (at(bar.1, 96, h) + 1, at(bar.3, 96, h) - 1);
        for (x, y) in (by0..by1).flat_map(|y| (bx0..bx1).map(move |x| (x, y))) {
            assert!(ink(x, y) != ink(x + 1, y) && ink(x, y) != ink(x, y + 1), "stripes at ({x}, {y}):\n{shown}");
        }
    }

    #[test]
    fn averaging_a_flat_colour_keeps_it() {
        let mut s = Surface::rgb(698, 523);
        s.clear(0x107020);
        let out = area_average(&s, 200, 150);
        assert_eq!(out.len(), 30000);
        assert!(out.iter().all(|&c| c == Rgb::hex(0x107020)));
    }

    #[test]
    fn averaging_weights_partial_pixels() {
        // 3 pixels to 2: the middle one is split evenly.
        let mut s = Surface::rgb(3, 1);
        s.put(0, 0, 0x000000);
        s.put(1, 0, 0xFFFFFF);
        s.put(2, 0, 0x000000);
        let out = area_average(&s, 2, 1);
        assert_eq!(out, [Rgb::hex(0x555555), Rgb::hex(0x555555)]);
    }

    #[test]
    fn few_colours_are_kept_exactly() {
        let px = [Rgb::hex(0x112233), Rgb::hex(0x445566), Rgb::hex(0x112233), Rgb::hex(0xFFFFFF)];
        let q = quantise(&px, 2, 2);
        assert_eq!(q.palette().len(), 256);
        for (i, &c) in px.iter().enumerate() {
            assert_eq!(q.colour_at(i as i32 % 2, i as i32 / 2), Some(c));
        }
    }

    #[test]
    fn many_colours_quantise_deterministically_and_closely() {
        let px: Vec<Rgb> = (0..64 * 64).map(|i| Rgb::new((i % 64 * 4) as u8, (i / 64 * 4) as u8, 90)).collect();
        let a = quantise(&px, 64, 64);
        let b = quantise(&px, 64, 64);
        assert_eq!(a, b);
        let errors: Vec<u32> = px
            .iter()
            .enumerate()
            .map(|(i, &c)| a.colour_at(i as i32 % 64, i as i32 / 64).unwrap().distance2(c))
            .collect();
        let mean = errors.iter().sum::<u32>() / errors.len() as u32;
        let worst = *errors.iter().max().unwrap();
        // 4096 colours into 256: a 16 x 16 grid would miss by about 4 per
        // channel on average; allow a little more, and no gross outliers.
        assert!(mean < 400, "colours moved {mean} on average");
        assert!(worst < 4000, "a colour moved too far: {worst}");
    }
}
