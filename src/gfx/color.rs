//! 24-bit colour values and the reductions period hardware applied to them.

/// A colour with 8 bits per channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Rgb {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

impl Rgb {
    pub const BLACK: Rgb = Rgb::new(0, 0, 0);
    pub const WHITE: Rgb = Rgb::new(255, 255, 255);

    pub const fn new(r: u8, g: u8, b: u8) -> Rgb {
        Rgb { r, g, b }
    }

    /// From `0xRRGGBB`.
    pub const fn hex(v: u32) -> Rgb {
        Rgb::new((v >> 16) as u8, (v >> 8) as u8, v as u8)
    }

    /// To `0x00RRGGBB`, the layout minifb and most presenters want.
    pub const fn to_u32(self) -> u32 {
        ((self.r as u32) << 16) | ((self.g as u32) << 8) | self.b as u32
    }

    /// From an Amiga colour register value `0x0RGB`: each 4-bit channel is
    /// repeated into both nibbles, as the video DAC's output levels imply.
    pub const fn from_amiga12(v: u16) -> Rgb {
        let r = ((v >> 8) & 0xF) as u8;
        let g = ((v >> 4) & 0xF) as u8;
        let b = (v & 0xF) as u8;
        Rgb::new(r * 17, g * 17, b * 17)
    }

    /// The nearest Amiga 12-bit register value.
    pub const fn to_amiga12(self) -> u16 {
        const fn q(c: u8) -> u16 {
            ((c as u16 + 8) / 17) & 0xF
        }
        (q(self.r) << 8) | (q(self.g) << 4) | q(self.b)
    }

    /// Packs into 16-bit direct colour (0RRRRRGGGGGBBBBB, QuickDraw "thousands").
    pub const fn to_rgb555(self) -> u32 {
        ((self.r as u32 >> 3) << 10) | ((self.g as u32 >> 3) << 5) | (self.b as u32 >> 3)
    }

    /// Expands a 5-5-5 value; each 5-bit channel is replicated into the low
    /// bits so full intensity maps to 255.
    pub const fn from_rgb555(v: u32) -> Rgb {
        const fn e(c: u32) -> u8 {
            ((c << 3) | (c >> 2)) as u8
        }
        Rgb::new(e((v >> 10) & 31), e((v >> 5) & 31), e(v & 31))
    }

    /// Whether it is a grey (black and white too): no hue at all.
    pub fn is_grey(self) -> bool {
        self.r == self.g && self.g == self.b
    }

    /// Its hue in degrees, 0 up to 360 (red 0, yellow 60, blue 240); a
    /// grey's is 0.
    pub fn hue(self) -> f64 {
        let (r, g, b) = (f64::from(self.r), f64::from(self.g), f64::from(self.b));
        let (max, min) = (r.max(g).max(b), r.min(g).min(b));
        let d = max - min;
        match () {
            _ if d == 0.0 => 0.0,
            _ if max == r => 60.0 * ((g - b) / d).rem_euclid(6.0),
            _ if max == g => 60.0 * ((b - r) / d + 2.0),
            _ => 60.0 * ((r - g) / d + 4.0),
        }
    }

    /// Squared distance, weighted towards green as the eye is; used for
    /// nearest-colour mapping.
    pub fn distance2(self, other: Rgb) -> u32 {
        self.distance2_to([other.r, other.g, other.b].map(i32::from))
    }

    /// [`Rgb::distance2`] to a colour whose channels may lie beyond
    /// 0..=255 (one asked for with an error carried to it).
    pub fn distance2_to(self, [r, g, b]: [i32; 3]) -> u32 {
        let dr = self.r as i32 - r;
        let dg = self.g as i32 - g;
        let db = self.b as i32 - b;
        (2 * dr * dr + 4 * dg * dg + 3 * db * db) as u32
    }

    /// The complement, each channel from the other end of its range.
    pub const fn inverse(self) -> Rgb {
        Rgb::new(255 - self.r, 255 - self.g, 255 - self.b)
    }

    /// WCAG's contrast ratio of two colours, from 1 (the same) to 21
    /// (black on white).
    pub fn contrast(self, other: Rgb) -> f64 {
        let lum = |c: Rgb| {
            let lin = |v: u8| {
                let v = f64::from(v) / 255.0;
                if v <= 0.03928 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
            };
            0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b)
        };
        let (x, y) = (lum(self), lum(other));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// Luminance 0..=255 (Rec. 601 weights).
    pub fn luma(self) -> u8 {
        ((299 * self.r as u32 + 587 * self.g as u32 + 114 * self.b as u32) / 1000) as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amiga_register_round_trips() {
        for v in 0..0x1000u16 {
            assert_eq!(Rgb::from_amiga12(v).to_amiga12(), v);
        }
        assert_eq!(Rgb::from_amiga12(0x68B), Rgb::hex(0x6688BB));
    }

    #[test]
    fn rgb555_keeps_extremes() {
        assert_eq!(Rgb::from_rgb555(Rgb::WHITE.to_rgb555()), Rgb::WHITE);
        assert_eq!(Rgb::from_rgb555(Rgb::BLACK.to_rgb555()), Rgb::BLACK);
        assert_eq!(Rgb::hex(0xFF0000).to_rgb555(), 0x7C00);
    }

    #[test]
    fn hues_go_round_from_red() {
        for (hex, hue) in [(0xFF0000, 0.0), (0xFFFF00, 60.0), (0x0000FF, 240.0), (0xFF00FF, 300.0), (0x774411, 30.0)] {
            assert_eq!(Rgb::hex(hex).hue(), hue, "{hex:06X}");
        }
        assert_eq!(Rgb::hex(0x808080).hue(), 0.0);
    }
}
