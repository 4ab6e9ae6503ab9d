//! Colour lookup tables and nearest-colour mapping, with the period
//! machines' built-in tables (values from FACTS.md).

use super::color::Rgb;

/// An ordered colour table; a pixel value of an indexed surface is an index
/// into it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Palette {
    entries: Vec<Rgb>,
}

impl Palette {
    pub fn new(entries: Vec<Rgb>) -> Palette {
        Palette { entries }
    }

    pub fn from_hex(values: &[u32]) -> Palette {
        Palette::new(values.iter().map(|&v| Rgb::hex(v)).collect())
    }

    /// From Amiga 12-bit colour register values.
    pub fn from_amiga12(registers: &[u16]) -> Palette {
        Palette::new(registers.iter().map(|&v| Rgb::from_amiga12(v)).collect())
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn entries(&self) -> &[Rgb] {
        &self.entries
    }

    /// The colour at `index`; out-of-range indices read as black, which is
    /// what an unset hardware colour register shows.
    pub fn get(&self, index: u32) -> Rgb {
        self.entries.get(index as usize).copied().unwrap_or(Rgb::BLACK)
    }

    pub fn set(&mut self, index: usize, colour: Rgb) {
        self.entries[index] = colour;
    }

    /// The index of the entry closest to `colour` (ties go to the lowest
    /// index, so the result never depends on anything but the table).
    pub fn nearest(&self, colour: Rgb) -> u32 {
        self.nearest_to([colour.r, colour.g, colour.b].map(i32::from))
    }

    /// [`Palette::nearest`] for a colour whose channels may lie beyond
    /// 0..=255 (one a dither carried its error to).
    pub fn nearest_to(&self, colour: [i32; 3]) -> u32 {
        let mut best = 0;
        let mut best_d = u32::MAX;
        for (i, &e) in self.entries.iter().enumerate() {
            let d = e.distance2_to(colour);
            if d < best_d {
                best = i;
                best_d = d;
                if d == 0 {
                    break;
                }
            }
        }
        best as u32
    }

    /// Index of an exact entry, if the table has one.
    pub fn find(&self, colour: Rgb) -> Option<u32> {
        self.entries.iter().position(|&e| e == colour).map(|i| i as u32)
    }
}

/// Mac 1-bit: index 0 white, index 1 black.
pub fn mac_clut1() -> Palette {
    Palette::from_hex(&[0xFFFFFF, 0x000000])
}

/// Mac 2-bit system CLUT ('clut' id 2).
pub fn mac_clut2() -> Palette {
    Palette::from_hex(&[0xFFFFFF, 0xACACAC, 0x555555, 0x000000])
}

/// Mac 4-bit system CLUT ('clut' id 4).
pub fn mac_clut4() -> Palette {
    Palette::from_hex(&[
        0xFFFFFF, 0xFCF305, 0xFF6402, 0xDD0806, 0xF20884, 0x4600A5, 0x0000D4, 0x02ABEA, 0x1FB714, 0x006411, 0x562C05,
        0x90713A, 0xC0C0C0, 0x808080, 0x404040, 0x000000,
    ])
}

/// The ten-step ramp the Mac 8-bit CLUT uses for its pure reds, greens,
/// blues and greys (the levels between the colour cube's steps).
const MAC_RAMP: [u8; 10] = [0xEE, 0xDD, 0xBB, 0xAA, 0x88, 0x77, 0x55, 0x44, 0x22, 0x11];

/// Mac 8-bit system CLUT ('clut' id 8).
pub fn mac_clut8() -> Palette {
    let mut e = Vec::with_capacity(256);
    // 0..=214: the 6x6x6 cube from white down, red changing slowest; the
    // cube's black corner is left for index 255.
    for i in 0..215u32 {
        let level = |n: u32| (0xFF - 0x33 * n) as u8;
        e.push(Rgb::new(level(i / 36), level((i / 6) % 6), level(i % 6)));
    }
    e.extend(MAC_RAMP.iter().map(|&v| Rgb::new(v, 0, 0)));
    e.extend(MAC_RAMP.iter().map(|&v| Rgb::new(0, v, 0)));
    e.extend(MAC_RAMP.iter().map(|&v| Rgb::new(0, 0, v)));
    e.extend(MAC_RAMP.iter().map(|&v| Rgb::new(v, v, v)));
    e.push(Rgb::BLACK);
    Palette::new(e)
}

/// Workbench 2.x/3.x default colour registers 0..7 (the last four are the
/// ones Workbench puts at the top of an 8-colour screen).
pub const AMIGA_WB2_REGISTERS: [u16; 8] = [0xAAA, 0x000, 0xFFF, 0x68B, 0xE44, 0x5D5, 0x04D, 0xE90];

/// Workbench 1.3 default colour registers 0..3.
pub const AMIGA_WB13_REGISTERS: [u16; 4] = [0x05A, 0xFFF, 0x002, 0xF80];

/// The twenty colours Windows reserves in an 8-bit palette: indices 0..9
/// and 246..255.
pub const WINDOWS_STATIC_LOW: [u32; 10] =
    [0x000000, 0x800000, 0x008000, 0x808000, 0x000080, 0x800080, 0x008080, 0xC0C0C0, 0xC0DCC0, 0xA6CAF0];
pub const WINDOWS_STATIC_HIGH: [u32; 10] =
    [0xFFFBF0, 0xA0A0A4, 0x808080, 0xFF0000, 0x00FF00, 0xFFFF00, 0x0000FF, 0xFF00FF, 0x00FFFF, 0xFFFFFF];

/// A 256-entry Windows palette holding only the static colours (the middle
/// 236 entries black, as an unrealised system palette reads).
pub fn windows_static() -> Palette {
    let mut e = vec![Rgb::BLACK; 256];
    for (i, &v) in WINDOWS_STATIC_LOW.iter().enumerate() {
        e[i] = Rgb::hex(v);
    }
    for (i, &v) in WINDOWS_STATIC_HIGH.iter().enumerate() {
        e[246 + i] = Rgb::hex(v);
    }
    Palette::new(e)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_prefers_exact_then_lowest_index() {
        let p = Palette::from_hex(&[0x000000, 0xFFFFFF, 0xFFFFFF]);
        assert_eq!(p.nearest(Rgb::hex(0xF0F0F0)), 1);
        assert_eq!(p.nearest(Rgb::hex(0x101010)), 0);
    }

    #[test]
    fn clut8_has_one_black_and_256_distinct_entries() {
        let p = mac_clut8();
        assert_eq!(p.len(), 256);
        let mut seen = std::collections::HashSet::new();
        assert!(p.entries().iter().all(|e| seen.insert(*e)));
        assert_eq!(p.find(Rgb::BLACK), Some(255));
    }
}
