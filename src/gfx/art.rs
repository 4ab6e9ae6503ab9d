//! Artwork in the Mac 'cicn' scheme: a colour image, a hand-made one-bit
//! image for monochrome screens, and a mask saying which pixels belong to
//! the art at all.

use super::color::Rgb;
use super::image_io::{ImageError, decode_png};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Art {
    width: u32,
    height: u32,
    colour: Vec<Rgb>,
    /// true = black in the one-bit image.
    mono: Vec<bool>,
    mask: Vec<bool>,
}

impl Art {
    /// Builds art from its three planes, each `width * height` long, row by row.
    pub fn new(width: u32, height: u32, colour: Vec<Rgb>, mono: Vec<bool>, mask: Vec<bool>) -> Art {
        let n = (width * height) as usize;
        assert!(colour.len() == n && mono.len() == n && mask.len() == n, "art planes differ in size");
        Art { width, height, colour, mono, mask }
    }

    /// Reads art from two PNGs: the colour image, whose alpha channel is the
    /// mask (alpha of 128 or more is inside), and the one-bit image, where
    /// dark pixels are black. `name` is used in error messages.
    pub fn from_pngs(name: &str, colour_png: &[u8], mono_png: &[u8]) -> Result<Art, ImageError> {
        let colour = decode_png(name, colour_png)?;
        let mono = decode_png(&format!("{name} (1-bit)"), mono_png)?;
        if (mono.width, mono.height) != (colour.width, colour.height) {
            return Err(ImageError::new(
                name,
                format!(
                    "the 1-bit image is {}x{} but the colour image is {}x{}",
                    mono.width, mono.height, colour.width, colour.height
                ),
            ));
        }
        Ok(Art {
            width: colour.width,
            height: colour.height,
            colour: colour.pixels.iter().map(|p| p.0).collect(),
            mono: mono.pixels.iter().map(|p| p.0.luma() < 128).collect(),
            mask: colour.pixels.iter().map(|p| p.1 >= 128).collect(),
        })
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    fn at(&self, x: u32, y: u32) -> usize {
        (y * self.width + x) as usize
    }

    pub fn colour(&self, x: u32, y: u32) -> Rgb {
        self.colour[self.at(x, y)]
    }

    pub fn mono(&self, x: u32, y: u32) -> bool {
        self.mono[self.at(x, y)]
    }

    pub fn mask(&self, x: u32, y: u32) -> bool {
        self.mask[self.at(x, y)]
    }
}
