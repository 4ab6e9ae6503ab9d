//! A machine's look: native size, pixel format, palette, pens and fonts.
//! Chromes and views draw through it so they never hard-code a colour.

use crate::gfx::font::{self, Font};
use crate::gfx::palette;
use crate::gfx::{Format, Paint, Palette, Pattern, Rgb, Surface};

use super::Depth;
use super::pens::{Pen, PenStyle};

pub struct Look {
    pub width: u32,
    pub height: u32,
    pub format: Format,
    pub palette: Palette,
    pens: Vec<PenStyle>,
    /// Menu bars, titles and buttons.
    pub title_font: &'static Font,
    /// Body text, lists and small labels.
    pub text_font: &'static Font,
}

/// A pen's intended colour and, for one-bit screens, the pattern that
/// stands in for it (None = the nearest of black and white).
type PenSpec = (Pen, u32, Option<Pattern>);

impl Look {
    /// Builds a look from pen colours; each pen's paint is the nearest value
    /// the format can show, or its pattern on one-bit screens.
    pub fn build(
        width: u32,
        height: u32,
        format: Format,
        palette: Palette,
        specs: &[PenSpec],
        title_font: &'static Font,
        text_font: &'static Font,
    ) -> Look {
        let probe = Surface::new(1, 1, format, palette.clone());
        let mut pens = Vec::with_capacity(Pen::ALL.len());
        for pen in Pen::ALL {
            let &(_, hex, pattern) =
                specs.iter().find(|s| s.0 == pen).unwrap_or_else(|| panic!("look has no colour for {pen:?}"));
            let colour = Rgb::hex(hex);
            let mut scratch = probe.clone();
            let paint = match (format, pattern) {
                (Format::Indexed { bits: 1 }, Some(p)) => Paint::Pattern {
                    pattern: p,
                    fore: scratch.value_for(Rgb::BLACK),
                    back: scratch.value_for(Rgb::WHITE),
                },
                _ => Paint::Solid(scratch.value_for(colour)),
            };
            pens.push(PenStyle { colour, paint });
        }
        Look { width, height, format, palette, pens, title_font, text_font }
    }

    /// The classic Mac look at a Monitors depth on a screen of the given
    /// size (the SE/30 is 512 x 342 at `Bits1`).
    pub fn mac(depth: Depth, width: u32, height: u32) -> Look {
        let (format, pal) = match depth {
            Depth::Bits1 => (Format::Indexed { bits: 1 }, palette::mac_clut1()),
            Depth::Colours4 => (Format::Indexed { bits: 2 }, palette::mac_clut2()),
            Depth::Colours16 => (Format::Indexed { bits: 4 }, palette::mac_clut4()),
            Depth::Colours256 => (Format::Indexed { bits: 8 }, palette::mac_clut8()),
            Depth::Thousands => (Format::Direct15, Palette::new(Vec::new())),
            Depth::Millions => (Format::Direct24, Palette::new(Vec::new())),
        };
        // Dimmed text and controls, and the desktop, are System 7's grey,
        // but where the table has only two greys (4 colours) its light
        // one: 808080 would land on the dark one, which reads as black
        // and is the one the green felt lands on (a card table would melt
        // into the desktop).
        let system_grey = if depth == Depth::Colours4 { 0xACACAC } else { 0x808080 };
        Look::build(
            width,
            height,
            format,
            pal,
            &[
                (Pen::Desktop, system_grey, Some(Pattern::GRAY)),
                (Pen::Background, 0xFFFFFF, None),
                (Pen::Text, 0x000000, None),
                (Pen::Shine, 0xFFFFFF, None),
                (Pen::Shadow, 0x808080, Some(Pattern::GRAY)),
                (Pen::Fill, 0x000000, None),
                (Pen::FillText, 0xFFFFFF, None),
                (Pen::Highlight, 0x0000D4, None),
                (Pen::Disabled, system_grey, Some(Pattern::GRAY)),
                (Pen::Felt, 0x006411, Some(Pattern::LT_GRAY)),
                (Pen::CardFace, 0xFFFFFF, None),
                (Pen::Red, 0xDD0806, None),
            ],
            font::chicago12(),
            font::geneva9(),
        )
    }

    /// The YaZZle window: 698 x 523 at 24 bits with Windows 95 system
    /// colours (grey C0C0C0 face, white and 808080 bevels, navy selection)
    /// and Windows-era sans throughout. `overrides` (a skin's felt and
    /// [Pens] colours, later entries winning) replace the defaults.
    pub fn yazzle(overrides: &[(Pen, u32)]) -> Look {
        let mut specs: Vec<PenSpec> = vec![
            (Pen::Desktop, 0x008080, None),
            (Pen::Background, 0xC0C0C0, None),
            (Pen::Text, 0x000000, None),
            (Pen::Shine, 0xFFFFFF, None),
            (Pen::Shadow, 0x808080, None),
            (Pen::Fill, 0x000080, None),
            (Pen::FillText, 0xFFFFFF, None),
            (Pen::Highlight, 0x0000FF, None),
            (Pen::Disabled, 0x808080, None),
            (Pen::Felt, 0x008000, None),
            (Pen::CardFace, 0xFFFFFF, None),
            (Pen::Red, 0xFF0000, None),
        ];
        for &(pen, hex) in overrides {
            if let Some(spec) = specs.iter_mut().find(|s| s.0 == pen) {
                spec.1 = hex;
            }
        }
        Look::build(698, 523, Format::Direct24, Palette::new(Vec::new()), &specs, font::winsans8(), font::winsans8())
    }

    /// The Amiga PAL lores screen: 320 x 256, 5 bitplanes, 32 colour
    /// registers (see `amiga::PAL_REGISTERS`).
    pub fn amiga_pal() -> Look {
        Look::amiga(320, 256, 5, &super::amiga::PAL_REGISTERS, 0x777777)
    }

    /// The Amiga DblPAL screen: 640 x 512 with 4 bitplanes, 16 colour
    /// registers (see `amiga::DBLPAL_REGISTERS`; real ECS productivity
    /// modes allow only 4 colours).
    pub fn amiga_dblpal() -> Look {
        Look::amiga(640, 512, 4, &super::amiga::DBLPAL_REGISTERS, 0x555555)
    }

    /// An Amiga screen from 12-bit colour registers, with the pens of
    /// Intuition's DrawInfo (BACKGROUND 0, TEXT 1, SHINE 2, SHADOW 1,
    /// FILL 3, FILLTEXT 1, HIGHLIGHTTEXT 2) and Topaz 8 everywhere.
    fn amiga(width: u32, height: u32, bits: u8, registers: &[u16], disabled: u32) -> Look {
        Look::build(
            width,
            height,
            Format::Indexed { bits },
            Palette::from_amiga12(registers),
            &[
                (Pen::Desktop, 0xAAAAAA, None),
                (Pen::Background, 0xAAAAAA, None),
                (Pen::Text, 0x000000, None),
                (Pen::Shine, 0xFFFFFF, None),
                (Pen::Shadow, 0x000000, None),
                (Pen::Fill, 0x6688BB, None),
                (Pen::FillText, 0x000000, None),
                (Pen::Highlight, 0xFFFFFF, None),
                (Pen::Disabled, disabled, None),
                (Pen::Felt, 0x007722, None),
                (Pen::CardFace, 0xFFFFFF, None),
                (Pen::Red, 0xCC1111, None),
            ],
            font::topaz8(),
            font::topaz8(),
        )
    }

    pub fn paint(&self, pen: Pen) -> Paint {
        self.pens[pen as usize].paint
    }

    /// The colour a pen stands for, before any reduction to this screen.
    pub fn colour(&self, pen: Pen) -> Rgb {
        self.pens[pen as usize].colour
    }

    /// True for one-bit screens, where art is drawn from its one-bit image.
    pub fn is_monochrome(&self) -> bool {
        self.format == Format::Indexed { bits: 1 }
    }

    pub fn new_surface(&self) -> Surface {
        Surface::new(self.width, self.height, self.format, self.palette.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Dimmed text and controls on the colour Mac are a grey lighter
    /// than the middle at every depth, clearly apart from black text: at
    /// 4 colours the table's light grey, not its near-black dark one.
    /// A card table stands apart from the desktop round its window at
    /// every depth: at four colours both were the one dark grey.
    #[test]
    fn the_felt_stands_apart_from_the_desktop_at_every_colour_depth() {
        for depth in Depth::ALL.into_iter().filter(|&d| d != Depth::Bits1) {
            let look = Look::mac(depth, 640, 480);
            let shown = |pen| match look.paint(pen) {
                Paint::Solid(value) => look.new_surface().colour_of(value),
                other => panic!("{depth:?}: {pen:?} drawn solid, not {other:?}"),
            };
            let (felt, desktop) = (shown(Pen::Felt), shown(Pen::Desktop));
            assert!(felt.contrast(desktop) >= 1.5, "{depth:?}: felt {felt:?}, desktop {desktop:?}");
        }
    }

    #[test]
    fn dimmed_is_a_light_grey_at_every_colour_depth() {
        for depth in Depth::ALL.into_iter().filter(|&d| d != Depth::Bits1) {
            let look = Look::mac(depth, 640, 480);
            let Paint::Solid(value) = look.paint(Pen::Disabled) else { panic!("{depth:?}: a solid grey") };
            let grey = look.new_surface().colour_of(value);
            assert!(grey.r == grey.g && grey.g == grey.b && grey.r >= 0x80, "{depth:?}: {grey:?}");
        }
    }
}
