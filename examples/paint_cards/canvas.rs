//! The card painter's drawing board: a grid of inks, where each ink says
//! both what a pixel is in colour and how it looks on a one-bit screen.
//!
//! Painting with inks rather than colours is how the one-bit images stay
//! hand-made: every colour area gets a pattern chosen for black and white
//! (heraldic hatching for the court cards, hollow outlines for red pips),
//! never a dither worked out from the colour image.

use parlour::gfx::{Pattern, Rgb};

/// A colour and its one-bit stand-in. Patterns are aligned to the card's
/// top-left corner, so neighbouring areas of one ink join seamlessly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ink {
    pub rgb: Rgb,
    pub mono: Pattern,
}

impl Ink {
    pub const fn new(rgb: u32, mono: Pattern) -> Ink {
        Ink { rgb: Rgb::hex(rgb), mono }
    }

    /// The same colour with another one-bit treatment.
    pub const fn mono(self, mono: Pattern) -> Ink {
        Ink { rgb: self.rgb, mono }
    }

    /// The same one-bit treatment in another colour.
    pub const fn rgb(self, rgb: u32) -> Ink {
        Ink { rgb: Rgb::hex(rgb), mono: self.mono }
    }
}

/// A set of points in continuous pixel coordinates (pixel (x, y) covers
/// x..x+1, y..y+1 and is inside when its centre is).
pub type Region = Box<dyn Fn(f32, f32) -> bool>;

pub fn ellipse(cx: f32, cy: f32, rx: f32, ry: f32) -> Region {
    Box::new(move |x, y| {
        let (dx, dy) = ((x - cx) / rx, (y - cy) / ry);
        dx * dx + dy * dy <= 1.0
    })
}

/// The pixels x0..x1, y0..y1 (ends exclusive).
pub fn rect(x0: f32, y0: f32, x1: f32, y1: f32) -> Region {
    Box::new(move |x, y| x >= x0 && x < x1 && y >= y0 && y < y1)
}

/// A polygon, filled by the even-odd rule.
pub fn poly(points: &[(f32, f32)]) -> Region {
    let pts = points.to_vec();
    Box::new(move |x, y| {
        let mut inside = false;
        let mut j = pts.len() - 1;
        for i in 0..pts.len() {
            let ((xi, yi), (xj, yj)) = (pts[i], pts[j]);
            if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
                inside = !inside;
            }
            j = i;
        }
        inside
    })
}

/// Points within `r` of the segment from (x0, y0) to (x1, y1): a limb
/// or a sleeve.
pub fn capsule(x0: f32, y0: f32, x1: f32, y1: f32, r: f32) -> Region {
    Box::new(move |x, y| {
        let (dx, dy) = (x1 - x0, y1 - y0);
        let len2 = (dx * dx + dy * dy).max(1e-6);
        let t = (((x - x0) * dx + (y - y0) * dy) / len2).clamp(0.0, 1.0);
        let (px, py) = (x0 + t * dx - x, y0 + t * dy - y);
        px * px + py * py <= r * r
    })
}

pub fn union(a: Region, b: Region) -> Region {
    Box::new(move |x, y| a(x, y) || b(x, y))
}

pub fn both(a: Region, b: Region) -> Region {
    Box::new(move |x, y| a(x, y) && b(x, y))
}

/// A one-bit shape: hand-drawn glyphs and suit symbols, or a region
/// sampled at a given size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bitmap {
    pub w: i32,
    pub h: i32,
    bits: Vec<bool>,
}

impl Bitmap {
    /// From rows of `#` (ink) and `.`; every row the same length.
    pub fn parse(rows: &[&str]) -> Bitmap {
        let w = rows[0].len() as i32;
        assert!(rows.iter().all(|r| r.len() as i32 == w), "ragged bitmap {rows:?}");
        let bits = rows.iter().flat_map(|r| r.bytes().map(|b| b == b'#')).collect();
        Bitmap { w, h: rows.len() as i32, bits }
    }

    /// Pixel (x, y) is ink where `ink(x, y)` says so.
    pub fn from_fn(w: i32, h: i32, ink: impl Fn(i32, i32) -> bool) -> Bitmap {
        let bits = (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).map(|(x, y)| ink(x, y)).collect();
        Bitmap { w, h, bits }
    }

    /// Samples `inside(u, v)` at pixel centres, with u and v running from
    /// -1 to 1 across the bitmap (v downwards).
    pub fn sample(w: i32, h: i32, inside: impl Fn(f32, f32) -> bool) -> Bitmap {
        let mut bits = Vec::with_capacity((w * h) as usize);
        for y in 0..h {
            for x in 0..w {
                let u = (x as f32 + 0.5) / w as f32 * 2.0 - 1.0;
                let v = (y as f32 + 0.5) / h as f32 * 2.0 - 1.0;
                bits.push(inside(u, v));
            }
        }
        Bitmap { w, h, bits }
    }

    pub fn get(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < self.w && y < self.h && self.bits[(y * self.w + x) as usize]
    }

    /// Turned upside down, as the lower half of a card is drawn.
    pub fn rot180(&self) -> Bitmap {
        Bitmap { w: self.w, h: self.h, bits: self.bits.iter().rev().copied().collect() }
    }

    /// An ink pixel with a blank pixel (or the border) beside, above or below it.
    pub fn is_edge(&self, x: i32, y: i32) -> bool {
        self.get(x, y) && [(-1, 0), (1, 0), (0, -1), (0, 1)].iter().any(|&(dx, dy)| !self.get(x + dx, y + dy))
    }
}

/// A picture of inks; `None` pixels are outside the art's mask.
#[derive(Clone)]
pub struct Canvas {
    pub w: i32,
    pub h: i32,
    px: Vec<Option<Ink>>,
}

impl Canvas {
    pub fn new(w: i32, h: i32) -> Canvas {
        Canvas { w, h, px: vec![None; (w * h) as usize] }
    }

    pub fn get(&self, x: i32, y: i32) -> Option<Ink> {
        if x >= 0 && y >= 0 && x < self.w && y < self.h { self.px[(y * self.w + x) as usize] } else { None }
    }

    pub fn set(&mut self, x: i32, y: i32, ink: Ink) {
        if x >= 0 && y >= 0 && x < self.w && y < self.h {
            self.px[(y * self.w + x) as usize] = Some(ink);
        }
    }

    /// Clears a pixel out of the mask.
    pub fn erase(&mut self, x: i32, y: i32) {
        if x >= 0 && y >= 0 && x < self.w && y < self.h {
            self.px[(y * self.w + x) as usize] = None;
        }
    }

    /// The region's pixels on this canvas, as a bitmap.
    fn rasterise(&self, region: &dyn Fn(f32, f32) -> bool) -> Bitmap {
        Bitmap::from_fn(self.w, self.h, |x, y| region(x as f32 + 0.5, y as f32 + 0.5))
    }

    /// Paints every pixel of the region.
    pub fn fill(&mut self, region: &dyn Fn(f32, f32) -> bool, ink: Ink) {
        let bm = self.rasterise(region);
        self.stamp(&bm, 0, 0, ink, ink);
    }

    /// Paints the region with a one-pixel outline just inside its edge:
    /// the pen-and-wash look of a printed court card.
    pub fn blob(&mut self, region: &dyn Fn(f32, f32) -> bool, fill: Ink, line: Ink) {
        let bm = self.rasterise(region);
        self.stamp(&bm, 0, 0, fill, line);
    }

    /// Paints a bitmap with its top-left at (x, y): edge pixels in `edge`,
    /// the rest in `fill`.
    pub fn stamp(&mut self, bm: &Bitmap, x: i32, y: i32, fill: Ink, edge: Ink) {
        for by in 0..bm.h {
            for bx in 0..bm.w {
                if bm.get(bx, by) {
                    self.set(x + bx, y + by, if bm.is_edge(bx, by) { edge } else { fill });
                }
            }
        }
    }

    /// A one-pixel line, both ends included (Bresenham).
    pub fn line(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, ink: Ink) {
        let (dx, dy) = ((x1 - x0).abs(), -(y1 - y0).abs());
        let (sx, sy) = (if x0 < x1 { 1 } else { -1 }, if y0 < y1 { 1 } else { -1 });
        let (mut x, mut y, mut err) = (x0, y0, dx + dy);
        loop {
            self.set(x, y, ink);
            if x == x1 && y == y1 {
                break;
            }
            let e2 = 2 * err;
            if e2 >= dy {
                err += dy;
                x += sx;
            }
            if e2 <= dx {
                err += dx;
                y += sy;
            }
        }
    }

    /// Turned upside down.
    pub fn rot180(&self) -> Canvas {
        Canvas { w: self.w, h: self.h, px: self.px.iter().rev().copied().collect() }
    }

    /// Mirrored left to right.
    pub fn flip_h(&self) -> Canvas {
        let mut out = Canvas::new(self.w, self.h);
        for y in 0..self.h {
            for x in 0..self.w {
                if let Some(ink) = self.get(x, y) {
                    out.set(self.w - 1 - x, y, ink);
                }
            }
        }
        out
    }

    /// Paints a hand-drawn sprite with its top-left at (x, y): each
    /// character is looked up in `legend` (`None` leaves the pixel alone).
    pub fn sprite(&mut self, rows: &[&str], x: i32, y: i32, legend: impl Fn(char) -> Option<Ink>) {
        let w = rows[0].chars().count();
        for (sy, row) in rows.iter().enumerate() {
            assert_eq!(row.chars().count(), w, "ragged sprite row {sy}: {row:?}");
            for (sx, ch) in row.chars().enumerate() {
                if let Some(ink) = legend(ch) {
                    self.set(x + sx as i32, y + sy as i32, ink);
                }
            }
        }
    }

    /// The part of the canvas `w` x `h` from (x, y).
    pub fn crop(&self, x: i32, y: i32, w: i32, h: i32) -> Canvas {
        let mut out = Canvas::new(w, h);
        for cy in 0..h {
            for cx in 0..w {
                if let Some(ink) = self.get(x + cx, y + cy) {
                    out.set(cx, cy, ink);
                }
            }
        }
        out
    }

    /// Copies the painted pixels of `src` here with its top-left at (x, y).
    pub fn paste(&mut self, src: &Canvas, x: i32, y: i32) {
        for sy in 0..src.h {
            for sx in 0..src.w {
                if let Some(ink) = src.get(sx, sy) {
                    self.set(x + sx, y + sy, ink);
                }
            }
        }
    }

    /// The three planes of the finished art: colours, the one-bit image
    /// (true = black, each ink's pattern read at its own position) and
    /// the mask.
    pub fn planes(&self) -> (Vec<Rgb>, Vec<bool>, Vec<bool>) {
        let mut colour = Vec::with_capacity(self.px.len());
        let mut mono = Vec::with_capacity(self.px.len());
        let mut mask = Vec::with_capacity(self.px.len());
        for (i, p) in self.px.iter().enumerate() {
            let (x, y) = (i as i32 % self.w, i as i32 / self.w);
            colour.push(p.map_or(Rgb::WHITE, |ink| ink.rgb));
            mono.push(p.is_some_and(|ink| ink.mono.ink(x, y)));
            mask.push(p.is_some());
        }
        (colour, mono, mask)
    }
}
