//! The software framebuffer: surfaces in period pixel formats, palettes,
//! drawing primitives, bitmap fonts, artwork and image I/O. Pure: imports
//! nothing else from Parlour.

pub mod art;
pub mod color;
pub mod draw;
pub mod font;
pub mod geom;
pub mod ilbm;
pub mod image_io;
pub mod paint;
pub mod palette;
pub mod reduce;
pub mod surface;

pub use art::Art;
pub use color::Rgb;
pub use draw::TextStyle;
pub use font::Font;
pub use geom::Rect;
pub use paint::{Paint, Pattern};
pub use palette::Palette;
pub use surface::{ClippedText, Format, Surface};
