//! Named pens: views say what a pixel is for, each machine says how it
//! looks. On one-bit screens a pen may become a QuickDraw pattern.

use crate::gfx::{Paint, Rgb};

/// What a view paints with. Machines map every pen to a [`Paint`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pen {
    /// The area behind windows (Mac desktop, Amiga screen background).
    Desktop,
    /// A window's or dialog's content background.
    Background,
    /// Ordinary text and outlines.
    Text,
    /// The lit edge of a bevel.
    Shine,
    /// The shaded edge of a bevel.
    Shadow,
    /// Selected or active areas (Amiga FILL, menu highlight).
    Fill,
    /// Text drawn on `Fill`.
    FillText,
    /// Emphasis: links, important text.
    Highlight,
    /// Text or controls that cannot be used now.
    Disabled,
    /// The card table.
    Felt,
    /// A card's face.
    CardFace,
    /// Red suits and other red marks.
    Red,
}

impl Pen {
    pub const ALL: [Pen; 12] = [
        Pen::Desktop,
        Pen::Background,
        Pen::Text,
        Pen::Shine,
        Pen::Shadow,
        Pen::Fill,
        Pen::FillText,
        Pen::Highlight,
        Pen::Disabled,
        Pen::Felt,
        Pen::CardFace,
        Pen::Red,
    ];
}

/// How a machine shows one pen: the colour it stands for and the paint
/// actually used on this screen (which may be a pattern).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PenStyle {
    pub colour: Rgb,
    pub paint: Paint,
}
