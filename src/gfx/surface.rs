//! The framebuffer: a fixed-size grid of pixel values in one of the pixel
//! formats period hardware used.

use std::collections::HashMap;

use super::color::Rgb;
use super::geom::Rect;
use super::palette::Palette;

/// How a pixel value is interpreted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// An index into the surface's palette, `bits` wide (1..=8). Amiga
    /// screens use 1..=5 bitplanes; Macs 1, 2, 4 or 8 bits.
    Indexed { bits: u8 },
    /// 16-bit direct colour, 5 bits per channel (QuickDraw "thousands").
    Direct15,
    /// 24-bit direct colour (`0x00RRGGBB`, "millions").
    Direct24,
}

impl Format {
    /// The number of distinct pixel values.
    pub fn value_count(self) -> u32 {
        match self {
            Format::Indexed { bits } => 1 << bits,
            Format::Direct15 => 1 << 15,
            Format::Direct24 => 1 << 24,
        }
    }

    pub fn bits(self) -> u8 {
        match self {
            Format::Indexed { bits } => bits,
            Format::Direct15 => 16,
            Format::Direct24 => 24,
        }
    }
}

/// A framebuffer. Pixel values are stored one per `u32` for speed, but a
/// value never exceeds what the format can hold: every write is masked.
#[derive(Clone, Debug)]
pub struct Surface {
    width: u32,
    height: u32,
    format: Format,
    palette: Palette,
    pixels: Vec<u32>,
    clip: Rect,
    /// Nearest-colour lookups already made against the current palette.
    colour_cache: HashMap<Rgb, u32>,
    /// Text runs drawn since the last `take_clipped_text` that lost ink to
    /// the clip rectangle or the surface's edge.
    clipped_text: Vec<ClippedText>,
}

/// A run of text that did not fit where it was drawn: some of its glyphs'
/// ink fell outside the clip rectangle (or the surface).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClippedText {
    pub text: String,
    /// The top-left of the run's first cell.
    pub x: i32,
    pub y: i32,
    /// The clip rectangle it was drawn into.
    pub clip: Rect,
}

impl std::fmt::Display for ClippedText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let c = &self.clip;
        write!(f, "\"{}\" at ({}, {}) cut by the clip {}x{} at ({}, {})", self.text, self.x, self.y, c.w, c.h, c.x, c.y)
    }
}

impl PartialEq for Surface {
    fn eq(&self, other: &Surface) -> bool {
        self.width == other.width
            && self.height == other.height
            && self.format == other.format
            && self.palette == other.palette
            && self.pixels == other.pixels
    }
}

impl Surface {
    /// A surface cleared to value 0. Indexed formats need a palette of at
    /// most `2^bits` entries; direct formats ignore it.
    pub fn new(width: u32, height: u32, format: Format, palette: Palette) -> Surface {
        if let Format::Indexed { bits } = format {
            assert!((1..=8).contains(&bits), "indexed surfaces hold 1 to 8 bits");
            assert!(palette.len() <= 1 << bits, "palette larger than the pixel depth");
        }
        Surface {
            width,
            height,
            format,
            palette,
            pixels: vec![0; (width * height) as usize],
            clip: Rect::new(0, 0, width as i32, height as i32),
            colour_cache: HashMap::new(),
            clipped_text: Vec::new(),
        }
    }

    /// A 24-bit surface (no palette).
    pub fn rgb(width: u32, height: u32) -> Surface {
        Surface::new(width, height, Format::Direct24, Palette::new(Vec::new()))
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    pub fn bounds(&self) -> Rect {
        Rect::new(0, 0, self.width as i32, self.height as i32)
    }

    pub fn format(&self) -> Format {
        self.format
    }

    pub fn palette(&self) -> &Palette {
        &self.palette
    }

    /// Replaces the colour table (as loading colour registers or a CLUT
    /// does): pixel values stay, their colours change.
    pub fn set_palette(&mut self, palette: Palette) {
        if let Format::Indexed { bits } = self.format {
            assert!(palette.len() <= 1 << bits, "palette larger than the pixel depth");
        }
        self.palette = palette;
        self.colour_cache.clear();
    }

    pub fn pixels(&self) -> &[u32] {
        &self.pixels
    }

    /// Drawing is limited to this rectangle (always inside the surface).
    pub fn clip(&self) -> Rect {
        self.clip
    }

    /// Sets the clip rectangle, returning the previous one so callers can
    /// restore it.
    pub fn set_clip(&mut self, r: Rect) -> Rect {
        let clipped = r.intersect(&self.bounds());
        std::mem::replace(&mut self.clip, clipped)
    }

    /// Records a text run that lost ink to the clip (see `draw_text`).
    pub(super) fn report_clipped_text(&mut self, text: &str, x: i32, y: i32) {
        self.clipped_text.push(ClippedText { text: text.to_string(), x, y, clip: self.clip });
    }

    /// The text runs cut by the clip since the last call, oldest first; the
    /// record starts afresh. Text that never fits where it is drawn is a
    /// fault: tests render every screen and fail on any of these.
    pub fn take_clipped_text(&mut self) -> Vec<ClippedText> {
        std::mem::take(&mut self.clipped_text)
    }

    fn mask(&self) -> u32 {
        self.format.value_count() - 1
    }

    /// The raw value at (x, y), or None outside the surface.
    pub fn get(&self, x: i32, y: i32) -> Option<u32> {
        if self.bounds().contains(x, y) { Some(self.pixels[(y as u32 * self.width + x as u32) as usize]) } else { None }
    }

    /// Writes a value if (x, y) is inside the clip rectangle.
    pub fn put(&mut self, x: i32, y: i32, value: u32) {
        if self.clip.contains(x, y) {
            let m = self.mask();
            self.pixels[(y as u32 * self.width + x as u32) as usize] = value & m;
        }
    }

    /// Fills a span of one row, clipped; the caller's value is masked once.
    pub(super) fn span(&mut self, y: i32, x0: i32, x1: i32, value: u32) {
        if y < self.clip.y || y >= self.clip.bottom() {
            return;
        }
        let x0 = x0.max(self.clip.x);
        let x1 = x1.min(self.clip.right());
        if x0 >= x1 {
            return;
        }
        let row = (y as u32 * self.width) as usize;
        let v = value & self.mask();
        self.pixels[row + x0 as usize..row + x1 as usize].fill(v);
    }

    /// Pixels x0..x1 of row y for direct writing; the caller has clipped
    /// the span and writes only values the format holds.
    pub(super) fn row_mut(&mut self, y: i32, x0: i32, x1: i32) -> &mut [u32] {
        debug_assert!(self.clip.contains(x0, y) && x1 <= self.clip.right());
        let row = (y as u32 * self.width) as usize;
        &mut self.pixels[row + x0 as usize..row + x1 as usize]
    }

    /// The colour a value shows as on this surface.
    pub fn colour_of(&self, value: u32) -> Rgb {
        match self.format {
            Format::Indexed { .. } => self.palette.get(value),
            Format::Direct15 => Rgb::from_rgb555(value),
            Format::Direct24 => Rgb::hex(value),
        }
    }

    /// The colour shown at (x, y).
    pub fn colour_at(&self, x: i32, y: i32) -> Option<Rgb> {
        self.get(x, y).map(|v| self.colour_of(v))
    }

    /// The colour this surface shows for `colour`: itself where it can,
    /// else what stands for it (the nearest palette entry, or rounded).
    pub fn shown(&mut self, colour: Rgb) -> Rgb {
        let v = self.value_for(colour);
        self.colour_of(v)
    }

    /// The pixel value that best shows `colour`: the nearest palette entry
    /// on indexed surfaces, the packed colour on direct ones.
    pub fn value_for(&mut self, colour: Rgb) -> u32 {
        match self.format {
            Format::Indexed { .. } => {
                if let Some(&v) = self.colour_cache.get(&colour) {
                    return v;
                }
                let v = self.palette.nearest(colour);
                self.colour_cache.insert(colour, v);
                v
            }
            Format::Direct15 => colour.to_rgb555(),
            Format::Direct24 => colour.to_u32(),
        }
    }

    /// Converts every pixel to `0x00RRGGBB` into `out` (resized to fit);
    /// indexed surfaces go through a 256-entry lookup table.
    pub fn to_rgb32(&self, out: &mut Vec<u32>) {
        out.resize(self.pixels.len(), 0);
        match self.format {
            Format::Indexed { .. } => {
                let mut lut = [0u32; 256];
                for (i, e) in self.palette.entries().iter().enumerate() {
                    lut[i] = e.to_u32();
                }
                for (o, &p) in out.iter_mut().zip(&self.pixels) {
                    *o = lut[p as usize];
                }
            }
            Format::Direct15 => {
                for (o, &p) in out.iter_mut().zip(&self.pixels) {
                    *o = Rgb::from_rgb555(p).to_u32();
                }
            }
            Format::Direct24 => out.copy_from_slice(&self.pixels),
        }
    }

    /// Every distinct colour on the surface.
    pub fn colours_used(&self) -> std::collections::BTreeSet<Rgb> {
        let mut values: Vec<u32> = self.pixels.clone();
        values.sort_unstable();
        values.dedup();
        values.into_iter().map(|v| self.colour_of(v)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gfx::palette::mac_clut1;

    #[test]
    fn writes_are_masked_to_the_depth_and_clipped() {
        let mut s = Surface::new(4, 4, Format::Indexed { bits: 1 }, mac_clut1());
        s.put(1, 1, 3);
        assert_eq!(s.get(1, 1), Some(1));
        s.set_clip(Rect::new(0, 0, 2, 2));
        s.put(3, 3, 1);
        assert_eq!(s.get(3, 3), Some(0));
        assert_eq!(s.get(4, 0), None);
    }

    #[test]
    fn value_for_maps_to_nearest_entry() {
        let mut s = Surface::new(1, 1, Format::Indexed { bits: 1 }, mac_clut1());
        assert_eq!(s.value_for(Rgb::hex(0x202020)), 1);
        assert_eq!(s.value_for(Rgb::hex(0xE0E0E0)), 0);
        let mut d = Surface::new(1, 1, Format::Direct15, Palette::new(vec![]));
        assert_eq!(d.value_for(Rgb::WHITE), 0x7FFF);
    }
}
