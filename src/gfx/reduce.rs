//! Reducing a picture for YaZZle's game.bmp: exact area-averaging to a
//! smaller size, then quantising to a 256-colour palette.

use std::collections::BTreeSet;

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

#[cfg(test)]
mod tests {
    use super::*;

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
