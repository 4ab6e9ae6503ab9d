//! How each machine's help viewer sets text: which font a face uses, how
//! blocks are spaced, and which colour a document pen becomes.

use std::collections::HashMap;

use crate::gfx::font::{self, Font};
use crate::gfx::image_io::RgbaImage;
use crate::gfx::{Paint, Rgb, Surface, TextStyle};
use crate::machines::amiga::PAL_REGISTERS;
use crate::machines::{Machine, MachineId, Pen};

use crate::help::layout::{Face, Margins, Measure};
use crate::help::model::{BlockKind, Document, Pen as DocPen};

/// The three viewers, one per machine family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Manner {
    /// An AmigaGuide window: Topaz text, a button row, bevelled link buttons.
    Guide,
    /// A classic Mac help window: a topic list beside a Geneva text pane.
    Topics,
    /// YaZZle's help page, as Internet Explorer showed game.html with
    /// help.css.
    Page,
}

impl Manner {
    pub fn of(id: MachineId) -> Manner {
        match id {
            MachineId::AmigaPal | MachineId::AmigaDblPal => Manner::Guide,
            MachineId::MacSe30 | MachineId::MacColor => Manner::Topics,
            MachineId::Yazzle => Manner::Page,
        }
    }
}

/// help.css's colours, which YaZZle's pages are drawn in whatever the skin.
pub mod css {
    use crate::gfx::Rgb;
    pub const PAGE: Rgb = Rgb::hex(0xE8EBF0);
    pub const CONTENT: Rgb = Rgb::hex(0xFFFFFF);
    pub const CONTENT_EDGE: Rgb = Rgb::hex(0xB5BDC9);
    pub const TEXT: Rgb = Rgb::hex(0x1A1A1A);
    pub const BOLD: Rgb = Rgb::hex(0x1C2C4A);
    pub const NAVY: Rgb = Rgb::hex(0x0A246A);
    pub const H2_BAR: Rgb = Rgb::hex(0x3A5A8C);
    pub const IMAGE_EDGE: Rgb = Rgb::hex(0x1C2C4A);
    /// The content column's padding: 16 px above, 24 px left and right.
    pub const PAD_TOP: i32 = 16;
    pub const PAD_SIDE: i32 = 24;
    /// `#content { max-width: 640px }`.
    pub const MAX_WIDTH: i32 = 640;
}

/// A document's text set for one viewer: fonts, spacing, picture sizes.
pub struct Type<'a> {
    pub manner: Manner,
    /// Whether the document is an AmigaGuide, which spaces its text itself
    /// (blank lines are empty blocks; HTML and Imaj paragraphs need gaps).
    guide: bool,
    pictures: &'a HashMap<String, RgbaImage>,
}

impl<'a> Type<'a> {
    pub fn new(manner: Manner, doc: &Document, pictures: &'a HashMap<String, RgbaImage>) -> Type<'a> {
        let guide = doc.path.extension().is_some_and(|e| e.eq_ignore_ascii_case("guide"));
        Type { manner, guide, pictures }
    }

    pub fn body(&self) -> &'static Font {
        match self.manner {
            Manner::Guide => font::topaz8(),
            Manner::Topics => font::geneva9(),
            Manner::Page => font::winsans8(),
        }
    }

    /// The font of a face and the style to draw it with. Chicago is a bold
    /// face already, so headings set in it are not emboldened again.
    pub fn font(&self, face: Face) -> (&'static Font, TextStyle) {
        let font = match (self.manner, face.heading) {
            (Manner::Topics, Some(1 | 2)) | (Manner::Page, Some(1)) => font::chicago12(),
            _ => self.body(),
        };
        let bold = face.style.bold || (face.heading.is_some() && !std::ptr::eq(font, font::chicago12()));
        let style = face.style;
        (font, TextStyle { bold, italic: style.italic, underline: style.underline })
    }

    /// Extra rows above and below a heading's text (help.css pads h2 by 2
    /// px and puts 4 px and a 2 px line under h1).
    fn heading_pad(&self, face: Face) -> (i32, i32) {
        match (self.manner, face.heading) {
            (Manner::Page, Some(1)) => (0, 6),
            (Manner::Page, Some(2)) => (2, 2),
            _ => (0, 0),
        }
    }
}

/// The advance of `text` as drawn: algorithmic bold adds a pixel a glyph
/// (but not on a guide's character grid).
pub fn width(font: &Font, text: &str, style: TextStyle) -> i32 {
    style.text_width(font, text)
}

impl Type<'_> {
    /// The width every character of fixed-pitch text (a guide's @{code},
    /// HTML's <pre> and <code>) takes, a figure's, so that a board drawn
    /// in letters lines up in a font whose letters differ in width; None
    /// for other text.
    pub fn code_cell(&self, face: Face) -> Option<i32> {
        face.style.code.then(|| {
            let (font, style) = self.font(face);
            width(font, "0", style)
        })
    }
}

impl Measure for Type<'_> {
    fn text_width(&self, text: &str, face: Face) -> i32 {
        if let Some(cell) = self.code_cell(face) {
            return cell * text.chars().count() as i32;
        }
        let (font, style) = self.font(face);
        width(font, text, style)
    }

    fn line_height(&self, face: Face) -> i32 {
        let (above, below) = self.heading_pad(face);
        self.font(face).0.height() as i32 + above + below
    }

    fn ascent(&self, face: Face) -> i32 {
        self.font(face).0.ascent() as i32 + self.heading_pad(face).0
    }

    fn cell(&self) -> i32 {
        self.body().text_width("0") as i32
    }

    fn image_size(&self, path: &str) -> Option<(i32, i32)> {
        // On the page a picture has help.css's one-pixel border.
        let border = if self.manner == Manner::Page { 2 } else { 0 };
        self.pictures.get(path).map(|p| (p.width as i32 + border, p.height as i32 + border))
    }

    fn link_pad(&self) -> i32 {
        if self.manner == Manner::Guide { 1 } else { 0 }
    }

    fn links_boxed(&self) -> bool {
        self.manner == Manner::Guide
    }

    /// Topaz is fixed width: its spaces keep a guide's columns already.
    fn spaces_keep_columns(&self) -> bool {
        self.manner != Manner::Guide
    }

    fn margins(&self, kind: &BlockKind) -> Margins {
        if self.guide {
            return Margins::default();
        }
        let m = |above, below, left| Margins { above, below, left };
        match self.manner {
            // help.css, in pixels.
            Manner::Page => match kind {
                BlockKind::Paragraph => m(0, 8, 0),
                BlockKind::Heading(1) => m(0, 12, 0),
                BlockKind::Heading(2) => m(18, 6, 6),
                BlockKind::Heading(_) => m(12, 4, 0),
                BlockKind::ListItem { .. } => m(0, 3, 0),
                BlockKind::Rule => m(4, 4, 0),
            },
            // Half a line between paragraphs, as Mac help text was set.
            Manner::Topics | Manner::Guide => {
                let half = self.body().height() as i32 / 2;
                match kind {
                    BlockKind::Paragraph | BlockKind::Rule => m(0, half, 0),
                    BlockKind::Heading(_) => m(half, 2, 0),
                    BlockKind::ListItem { .. } => m(0, 1, 0),
                }
            }
        }
    }
}

/// The paint a document pen becomes in this viewer. Amiga pens are the
/// screen's DrawInfo pens (and `apen n` its register n); the Mac uses its
/// own pens; the page uses help.css's colours. Elsewhere a pen number
/// shows the colour the Amiga's register would have held.
pub fn ink(manner: Manner, machine: &Machine, s: &mut Surface, pen: DocPen) -> Paint {
    let look = machine.look();
    if let DocPen::Number(n) = pen {
        if manner == Manner::Guide {
            let n = u32::from(n);
            return Paint::Solid(if (n as usize) < look.palette.len() { n } else { look.paint(Pen::Text).fore() });
        }
        let colour = Rgb::from_amiga12(PAL_REGISTERS[usize::from(n) % PAL_REGISTERS.len()]);
        return Paint::Solid(s.value_for(colour));
    }
    if manner == Manner::Page {
        let colour = match pen {
            DocPen::Text => css::TEXT,
            DocPen::Background | DocPen::Shine | DocPen::FillText => css::CONTENT,
            DocPen::Shadow => Rgb::hex(0x808080),
            DocPen::Fill => css::H2_BAR,
            DocPen::Highlight => css::NAVY,
            DocPen::Number(_) => css::TEXT,
        };
        return Paint::Solid(s.value_for(colour));
    }
    look.paint(match pen {
        DocPen::Text | DocPen::Number(_) => Pen::Text,
        DocPen::Shine => Pen::Shine,
        DocPen::Shadow => Pen::Shadow,
        DocPen::Fill => Pen::Fill,
        DocPen::FillText => Pen::FillText,
        DocPen::Background => Pen::Background,
        DocPen::Highlight => Pen::Highlight,
    })
}

/// A fixed colour on this surface.
pub fn rgb(s: &mut Surface, colour: Rgb) -> Paint {
    Paint::Solid(s.value_for(colour))
}
