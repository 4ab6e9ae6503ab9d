//! Presenting a framebuffer in a window: convert to 0RGB and scale by whole
//! pixels (every Parlour mode has square pixels, so both axes use the same
//! factor).

use crate::gfx::Surface;

/// The largest whole-pixel scale that keeps the window within a typical
/// 1280 x 1024 desktop (at least 1).
pub fn default_scale(width: u32, height: u32) -> u32 {
    (1280 / width).min(1024 / height).max(1)
}

/// Writes the surface into `out` as 0RGB pixels, each source pixel becoming
/// a `scale` x `scale` block. `rgb` is scratch space kept between frames.
pub fn present(surface: &Surface, scale: u32, rgb: &mut Vec<u32>, out: &mut Vec<u32>) {
    surface.to_rgb32(rgb);
    let (w, h, k) = (surface.width() as usize, surface.height() as usize, scale as usize);
    out.resize(w * h * k * k, 0);
    if k == 1 {
        out.copy_from_slice(rgb);
        return;
    }
    let out_w = w * k;
    for (y, src) in rgb.chunks_exact(w).enumerate() {
        let first = y * k * out_w;
        let row = &mut out[first..first + out_w];
        for (dst, &p) in row.chunks_exact_mut(k).zip(src) {
            dst.fill(p);
        }
        for r in 1..k {
            out.copy_within(first..first + out_w, first + r * out_w);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gfx::{Format, palette};

    #[test]
    fn scaling_repeats_each_pixel_in_a_block() {
        let mut s = Surface::new(2, 2, Format::Indexed { bits: 1 }, palette::mac_clut1());
        s.put(1, 0, 1);
        let (mut rgb, mut out) = (Vec::new(), Vec::new());
        present(&s, 3, &mut rgb, &mut out);
        assert_eq!(out.len(), 36);
        assert_eq!(out[0], 0xFFFFFF);
        assert_eq!(out[3], 0);
        assert_eq!(out[6 * 2 + 5], 0);
        assert_eq!(out[6 * 3 + 3], 0xFFFFFF);
    }

    #[test]
    fn default_scale_fits_a_desktop() {
        assert_eq!(default_scale(320, 256), 4);
        assert_eq!(default_scale(698, 523), 1);
        assert_eq!(default_scale(512, 342), 2);
    }
}
