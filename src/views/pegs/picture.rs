//! Drawing a board position: a wooden plate shaped like the board's slots,
//! a hole in every slot, a ring around each target slot and the stones.
//! Used by the game view and, small, by the board chooser's preview.
//!
//! Colours are asked of the surface (`value_for`), so every screen shows
//! the nearest it has; one-bit screens get black, white and QuickDraw
//! patterns instead, as a Mac program would have drawn them.

use crate::games::pegs::board::{Board, Cell, Stone};
use crate::gfx::{Art, Paint, Pattern, Rect, Rgb, Surface, TextStyle};
use crate::machines::{Look, Pen};

use super::layout::BoardLayout;
use super::stones::stone_art;

/// The paints of one board picture on one surface.
struct Inks {
    /// The plate's shadow on the table.
    shadow: Paint,
    /// The plate's outline.
    edge: Paint,
    /// The plate's bevel, lit (top, left) and shaded (bottom, right).
    lit: Paint,
    shaded: Paint,
    plate: Paint,
    /// A hole, and the lit lip on its far side.
    hole: Paint,
    lip: Paint,
    /// The ring around a target slot.
    mark: Paint,
    /// Drawn for a one-bit screen.
    mono: bool,
}

impl Inks {
    fn new(s: &mut Surface, look: &Look) -> Inks {
        let mono = look.is_monochrome();
        let (black, white) = (s.value_for(Rgb::BLACK), s.value_for(Rgb::WHITE));
        let mut ink = |colour: u32, pattern: Pattern| {
            if mono {
                Paint::Pattern { pattern, fore: black, back: white }
            } else {
                Paint::Solid(s.value_for(Rgb::hex(colour)))
            }
        };
        // The wood is chosen to land on a wood colour on every period
        // screen, never on a yellow that would hide yellow stones: the
        // Amiga's C96 (PAL) and 852 (DblPAL) registers, the Mac's CC9966
        // (256 colours) and its tan (16 colours).
        let (edge, lit, shaded, plate) = (
            ink(0x331100, Pattern::BLACK),
            ink(0xFFCC99, Pattern::WHITE),
            ink(0x996633, Pattern::BLACK),
            ink(0xBB8855, Pattern::WHITE),
        );
        // In one bit the target ring is grey, so it is never taken for the
        // hole's own small black ring.
        let (hole, lip, mark) =
            (ink(0x221100, Pattern::BLACK), ink(0xFFDDAA, Pattern::WHITE), ink(0x551100, Pattern::GRAY));
        let felt = look.colour(Pen::Felt);
        let dark = Rgb::new(felt.r / 2, felt.g / 2, felt.b / 2).to_u32();
        let shadow = ink(dark, Pattern::GRAY);
        Inks { shadow, edge, lit, shaded, plate, hole, lip, mark, mono }
    }
}

/// The stone's diameter for a block size (even, like the block, so it
/// centres exactly).
pub fn stone_size(block: i32) -> i32 {
    ((block * 3 / 4) & !1).max(2)
}

/// The three stones' art at one size.
pub struct StoneSet {
    arts: [Art; 3],
}

impl StoneSet {
    pub fn new(block: i32) -> StoneSet {
        let size = stone_size(block) as u32;
        StoneSet { arts: [Stone::Red, Stone::Yellow, Stone::Green].map(|s| stone_art(s, size)) }
    }

    /// Draws `stone` centred in `block`.
    pub fn draw(&self, s: &mut Surface, stone: Stone, block: Rect) {
        let art = &self.arts[match stone {
            Stone::Red => 0,
            Stone::Yellow => 1,
            Stone::Green => 2,
        }];
        let d = art.width() as i32;
        s.draw_art(art, block.x + (block.w - d) / 2, block.y + (block.h - d) / 2);
    }
}

/// Draws the plate, holes, target rings and stones of `board`; the stone
/// at `lifted` (being dragged) is left out.
pub fn draw_board(
    s: &mut Surface,
    look: &Look,
    board: &Board,
    layout: &BoardLayout,
    stones: &StoneSet,
    lifted: Option<(usize, usize)>,
) {
    let ink = Inks::new(s, look);
    let slots: Vec<((usize, usize), Rect)> = (0..board.height)
        .flat_map(|r| (0..board.width).map(move |c| (r, c)))
        .filter(|&(r, c)| matches!(board.cell(r, c), Cell::Slot { .. }))
        .map(|rc| (rc, layout.rect(rc)))
        .collect();
    let block = layout.block;
    // The plate is the union of the slots' blocks grown by a border; each
    // pass paints every block, so the passes' edges show only around the
    // union, never between neighbours.
    let border = (block / 6).max(1);
    let drop = (block / 12).max(1);
    let grown = |r: &Rect| r.inset(-border, -border);
    for (_, r) in &slots {
        s.fill_rect(grown(r).offset(drop, drop), ink.shadow);
    }
    for (_, r) in &slots {
        s.fill_rect(grown(r), ink.edge);
    }
    for (_, r) in &slots {
        s.fill_rect(grown(r).inset(1, 1), ink.shaded);
    }
    for (_, r) in &slots {
        let g = grown(r).inset(1, 1);
        s.fill_rect(Rect::new(g.x, g.y, g.w - 1, g.h - 1), ink.lit);
    }
    for (_, r) in &slots {
        let g = grown(r).inset(1, 1);
        s.fill_rect(Rect::new(g.x + 1, g.y + 1, g.w - 2, g.h - 2), ink.plate);
    }
    let hole = ((block * 3 / 8) & !1).max(2);
    let ring = (block / 14).max(1);
    for &((row, col), r) in &slots {
        let Cell::Slot { stone, target } = board.cell(row, col) else { continue };
        if target {
            ring_in(s, r.inset(1, 1), ring, ink.mark);
        }
        let h = r.centred(hole, hole);
        if ink.mono {
            // One bit: an empty hole is a small ring, a stone a solid ball.
            ring_in(s, h, 1, ink.hole);
        } else {
            disc_in(s, h.offset(1, 1), ink.lip);
            disc_in(s, h, ink.hole);
        }
        if let Some(stone) = stone.filter(|_| lifted != Some((row, col))) {
            stones.draw(s, stone, r);
        }
    }
}

/// A two-pixel frame just inside a block: the selected stone, the hint.
pub fn frame_block(s: &mut Surface, look: &Look, r: Rect) {
    let paint = look.paint(Pen::Highlight);
    s.frame_rect(r, paint);
    s.frame_rect(r.inset(1, 1), paint);
}

/// Column letters and row numbers to the board's left, in the notation of
/// jumps (`d2-d4`). The letters stand where the layout puts them: above
/// straight columns, past the board's base along leaning ones (see
/// [`super::layout::Letters`]). Where the blocks are too small for a label
/// each (the largest boards on the smallest screens), every other row or
/// column is labelled (or every third...), from the first, so that a
/// jump can still be read off the board.
pub fn draw_labels(s: &mut Surface, look: &Look, board: &Board, layout: &BoardLayout) {
    let font = look.text_font;
    let fh = font.height() as i32;
    let widest = ('a'..='z').map(|c| font.text_width(&c.to_string()) as i32).max().unwrap_or(fh);
    // A label's patch reaches a pixel or two past its text.
    let (row_step, col_step) = (label_step(fh + 2, layout.block), label_step(widest + 3, layout.block));
    // Light on the coloured tables; black on one-bit grey felt.
    let ink = look.paint(if look.is_monochrome() { Pen::Text } else { Pen::Shine });
    let gap = (layout.block / 6).max(1) + 4;
    let slot_cols = |r: usize| (0..board.width).filter(move |&c| matches!(board.cell(r, c), Cell::Slot { .. }));
    let left = (0..board.height).filter_map(|r| slot_cols(r).next().map(|c| layout.rect((r, c)).x)).min();
    // On one-bit felt a label stands on a white patch, or the pattern
    // would swallow it.
    let patch = look.is_monochrome().then(|| look.paint(Pen::Background));
    let label = |s: &mut Surface, text: &str, x: i32, y: i32| {
        if let Some(p) = patch {
            s.fill_rect(Rect::new(x - 2, y - 1, font.text_width(text) as i32 + 3, fh + 2), p);
        }
        s.draw_text(font, text, x, y, ink, TextStyle::PLAIN);
    };
    for row in (0..board.height).step_by(row_step) {
        if let (Some(left), Some(_)) = (left, slot_cols(row).next()) {
            let text = (row + 1).to_string();
            let r = layout.rect((row, 0));
            label(s, &text, left - gap - font.text_width(&text) as i32, r.y + (r.h - fh) / 2);
        }
    }
    for &col in layout.letters().columns.iter().filter(|&&c| c % col_step == 0) {
        let text = ((b'a' + col as u8) as char).to_string();
        let r = layout.letter_box(col, fh);
        label(s, &text, r.x + (r.w - font.text_width(&text) as i32) / 2, r.y);
    }
}

/// Every how many blocks of `block` pixels a label `size` pixels across
/// (or down) fits: 1 where each block has room for its own.
fn label_step(size: i32, block: i32) -> usize {
    usize::try_from(((size + block - 1) / block.max(1)).max(1)).unwrap_or(1)
}

/// Fills the disc inscribed in the square `r` (pixel centres inside it).
fn disc_in(s: &mut Surface, r: Rect, paint: Paint) {
    ring_in(s, r, r.w, paint);
}

/// A ring `thickness` pixels wide just inside the circle inscribed in `r`.
fn ring_in(s: &mut Surface, r: Rect, thickness: i32, paint: Paint) {
    let (cx, cy) = (r.x as f64 + r.w as f64 / 2.0, r.y as f64 + r.h as f64 / 2.0);
    let outer = r.w as f64 / 2.0;
    let inner = (outer - thickness as f64).max(0.0);
    for y in r.y..r.bottom() {
        for x in r.x..r.right() {
            let (dx, dy) = (x as f64 + 0.5 - cx, y as f64 + 0.5 - cy);
            let d2 = dx * dx + dy * dy;
            if d2 <= outer * outer && (inner == 0.0 || d2 > inner * inner) {
                s.put(x, y, paint.value_at(x, y));
            }
        }
    }
}
