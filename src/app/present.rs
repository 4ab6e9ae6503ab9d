//! Presenting a framebuffer in a window: convert to 0RGB and scale by whole
//! pixels (every Parlour mode has square pixels, so both axes use the same
//! factor), letterboxed in a window of any size.

use crate::gfx::Surface;

/// The screen a window is sized for when the real one's size is unknown:
/// a typical desktop.
pub const TYPICAL_SCREEN: (usize, usize) = (1280, 1024);

/// Screen lines a window cannot use: its title bar, and a desktop's panel
/// or task bar.
pub const TITLE_AND_PANEL: usize = 64;

/// The largest whole-pixel scale that keeps the window within a typical
/// 1280 x 1024 desktop (at least 1).
pub fn default_scale(width: u32, height: u32) -> u32 {
    scale_within(width, height, TYPICAL_SCREEN)
}

/// The room a window has on a screen of `screen` pixels: the width, and
/// the height less [`TITLE_AND_PANEL`]; on a screen of unknown size,
/// [`TYPICAL_SCREEN`] (whole, as before the real size was asked).
fn room(screen: Option<(usize, usize)>) -> (usize, usize) {
    screen.map_or(TYPICAL_SCREEN, |(w, h)| (w, h.saturating_sub(TITLE_AND_PANEL)))
}

/// The largest whole-pixel scale at which a `width` x `height` frame fits
/// `screen` (at least 1).
fn scale_within(width: u32, height: u32, screen: (usize, usize)) -> u32 {
    let fits = |room: usize, side: u32| u32::try_from(room / side.max(1) as usize).unwrap_or(u32::MAX);
    fits(screen.0, width).min(fits(screen.1, height)).max(1)
}

/// The scale of a window, at its first opening or on a machine switch:
/// with none asked (`--scale`), the largest at which it fits the screen,
/// `screen` pixels (None: its size is unknown), with its title bar and a
/// panel; the scale asked where the window it makes fits the screen at
/// all, else the largest that does (the SE/30 at 3 would be 1536 x 1026
/// on a 1366 x 768 laptop, its buttons off the screen).
pub fn window_scale(asked: Option<u32>, width: u32, height: u32, screen: Option<(usize, usize)>) -> u32 {
    match asked {
        None => scale_within(width, height, room(screen)),
        Some(k) => k.min(scale_within(width, height, screen.unwrap_or(TYPICAL_SCREEN))).max(1),
    }
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

/// Where a frame goes in a window of another size: the largest whole
/// scale that fits (at least 1), centred, the rest of the window black. A
/// window smaller than the frame (its least size asked of the window
/// manager, but there may be none to heed it) shows the frame's top left:
/// the menu bar stays in reach, to switch to a smaller machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Letterbox {
    pub scale: u32,
    /// The frame's top-left in the window.
    pub x: i32,
    pub y: i32,
}

impl Letterbox {
    /// The letterbox of a `w` x `h` frame in a `win_w` x `win_h` window.
    pub fn fit(w: u32, h: u32, win_w: u32, win_h: u32) -> Letterbox {
        let scale = (win_w / w.max(1)).min(win_h / h.max(1)).max(1);
        let x = ((win_w as i32 - (w * scale) as i32) / 2).max(0);
        let y = ((win_h as i32 - (h * scale) as i32) / 2).max(0);
        Letterbox { scale, x, y }
    }

    /// The frame pixel under window pixel (wx, wy), clamped to the frame
    /// (a pointer in the black border is at the frame's nearest edge).
    pub fn to_frame(&self, wx: i32, wy: i32, w: u32, h: u32) -> (i32, i32) {
        let k = self.scale as i32;
        let fx = (wx - self.x).div_euclid(k).clamp(0, w as i32 - 1);
        let fy = (wy - self.y).div_euclid(k).clamp(0, h as i32 - 1);
        (fx, fy)
    }
}

/// Writes the surface into `out` as a `win_w` x `win_h` window of 0RGB
/// pixels: black, with the frame scaled and placed by `lb`. `rgb` and
/// `scaled` are scratch space kept between frames.
pub fn present_letterboxed(
    surface: &Surface,
    lb: Letterbox,
    (win_w, win_h): (u32, u32),
    rgb: &mut Vec<u32>,
    scaled: &mut Vec<u32>,
    out: &mut Vec<u32>,
) {
    present(surface, lb.scale, rgb, scaled);
    let (sw, sh) = ((surface.width() * lb.scale) as i32, (surface.height() * lb.scale) as i32);
    let (ww, wh) = (win_w as i32, win_h as i32);
    out.clear();
    out.resize((win_w * win_h) as usize, 0);
    // The rows and columns of the scaled frame that land in the window.
    let (x0, x1) = (lb.x.max(0), (lb.x + sw).min(ww));
    if x0 >= x1 {
        return;
    }
    for wy in lb.y.max(0)..(lb.y + sh).min(wh) {
        let sy = wy - lb.y;
        let src = &scaled[(sy * sw + x0 - lb.x) as usize..(sy * sw + x1 - lb.x) as usize];
        out[(wy * ww + x0) as usize..(wy * ww + x1) as usize].copy_from_slice(src);
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
    fn an_asked_scale_is_kept_only_where_the_window_fits_the_screen() {
        let screen = Some((1280, 1024));
        assert_eq!(window_scale(Some(3), 512, 342, screen), 2, "SE/30 at 3 would be 1536 x 1026");
        assert_eq!(window_scale(Some(2), 320, 256, screen), 2, "a smaller scale than fits stays");
        assert_eq!(window_scale(None, 320, 256, screen), 3, "1024 lines less a title bar hold 3 x 256");
        assert_eq!(window_scale(Some(3), 698, 523, Some((640, 480))), 1, "at least 1");
        assert_eq!(window_scale(Some(5), 320, 256, None), 4, "no screen known: a typical desktop");
        let laptop = Some((1366, 768));
        assert_eq!(window_scale(Some(4), 320, 256, laptop), 3, "the asked scale is a maximum");
        assert_eq!(window_scale(Some(3), 320, 256, laptop), 3, "960 x 768 fits the screen, as asked");
        assert_eq!(window_scale(Some(3), 512, 342, laptop), 2);
        assert_eq!(window_scale(None, 320, 256, laptop), 2);
    }

    /// A window fits the real screen with its title bar and a panel: on a
    /// 1366 x 768 laptop the Amiga PAL at 4 (1280 x 1024) hid the
    /// launcher's buttons below the screen.
    #[test]
    fn a_window_fits_the_real_screen() {
        // (width, height) of each machine's screen.
        let (pal, dblpal, se30, mac, yazzle) = ((320, 256), (640, 512), (512, 342), (640, 480), (698, 523));
        let laptop = Some((1366, 768));
        let scales = |screen| [pal, dblpal, se30, mac, yazzle].map(|(w, h)| window_scale(None, w, h, screen));
        assert_eq!(scales(laptop), [2, 1, 2, 1, 1]);
        assert_eq!(scales(Some((1280, 1024))), [3, 1, 2, 2, 1]);
        assert_eq!(scales(Some((1920, 1080))), [3, 1, 2, 2, 1]);
        assert_eq!(scales(Some((2560, 1440))), [5, 2, 4, 2, 2]);
        assert_eq!(scales(None), [4, 2, 2, 2, 1], "unknown: as on a 1280 x 1024 desktop before");
        assert_eq!(scales(Some((640, 400))), [1, 1, 1, 1, 1], "at least 1 on a screen too small");
        for (w, h) in [pal, dblpal, se30, mac, yazzle] {
            let k = window_scale(None, w, h, laptop);
            assert!(w * k <= 1366 && h * k + 64 <= 768 || k == 1, "{w} x {h} at {k}");
        }
    }

    #[test]
    fn letterbox_centres_the_largest_whole_scale() {
        // A PAL Amiga in a 1000 x 700 window: 2x (640 x 512), centred.
        let lb = Letterbox::fit(320, 256, 1000, 700);
        assert_eq!(lb, Letterbox { scale: 2, x: 180, y: 94 });
        assert_eq!(lb.to_frame(180, 94, 320, 256), (0, 0));
        assert_eq!(lb.to_frame(181, 95, 320, 256), (0, 0));
        assert_eq!(lb.to_frame(182, 96, 320, 256), (1, 1));
        assert_eq!(lb.to_frame(0, 0, 320, 256), (0, 0), "the border clamps to the edge");
        assert_eq!(lb.to_frame(999, 699, 320, 256), (319, 255));
        // Smaller than the frame: scale 1, its top left shown (the menu
        // bar in reach); narrower only, centred up and down.
        let small = Letterbox::fit(698, 523, 500, 400);
        assert_eq!(small, Letterbox { scale: 1, x: 0, y: 0 });
        assert_eq!(small.to_frame(10, 5, 698, 523), (10, 5));
        assert_eq!(Letterbox::fit(698, 523, 600, 700), Letterbox { scale: 1, x: 0, y: 88 });
    }

    #[test]
    fn letterboxed_frames_have_black_borders() {
        let mut s = Surface::new(2, 1, Format::Indexed { bits: 1 }, palette::mac_clut1());
        s.put(1, 0, 1);
        let (mut rgb, mut scaled, mut out) = (Vec::new(), Vec::new(), Vec::new());
        let lb = Letterbox::fit(2, 1, 7, 4);
        assert_eq!(lb, Letterbox { scale: 3, x: 0, y: 0 });
        present_letterboxed(&s, lb, (7, 4), &mut rgb, &mut scaled, &mut out);
        assert_eq!(out.len(), 28);
        assert_eq!(&out[0..7], &[0xFFFFFF, 0xFFFFFF, 0xFFFFFF, 0, 0, 0, 0]);
        assert_eq!(&out[21..28], &[0; 7], "the row below the frame is black");
        let lb = Letterbox::fit(2, 1, 6, 5);
        assert_eq!((lb.x, lb.y), (0, 1));
        present_letterboxed(&s, lb, (6, 5), &mut rgb, &mut scaled, &mut out);
        assert_eq!(&out[0..6], &[0; 6]);
        assert_eq!(out[6], 0xFFFFFF);
        // A window smaller than the frame shows its top left.
        let crop = Letterbox::fit(2, 1, 1, 1);
        present_letterboxed(&s, crop, (1, 1), &mut rgb, &mut scaled, &mut out);
        assert_eq!(out, [0xFFFFFF]);
    }

    #[test]
    fn default_scale_fits_a_desktop() {
        assert_eq!(default_scale(320, 256), 4);
        assert_eq!(default_scale(698, 523), 1);
        assert_eq!(default_scale(512, 342), 2);
    }
}
