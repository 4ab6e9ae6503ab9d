//! Drawing primitives on a [`Surface`]: fills, frames, lines, clipped text
//! and masked blits. Every primitive honours the surface's clip rectangle.

use super::art::Art;
use super::font::Font;
use super::geom::Rect;
use super::paint::{Paint, Pattern};
use super::surface::{Format, Surface};

/// Text decorations, as AmigaGuide and QuickDraw apply them to a plain font.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TextStyle {
    /// Drawn twice, one pixel apart, and one pixel wider per glyph (the
    /// Amiga's and QuickDraw's algorithmic bold): kept in the glyph's cell,
    /// the second stroke would close the gap between narrow letters. It
    /// never closes a one-pixel gap inside a glyph either (the strokes of
    /// a small "m").
    pub bold: bool,
    /// Rows above the baseline slant right by one pixel every few rows.
    pub italic: bool,
    /// A line one row below the baseline.
    pub underline: bool,
}

impl TextStyle {
    pub const PLAIN: TextStyle = TextStyle { bold: false, italic: false, underline: false };
    pub const BOLD: TextStyle = TextStyle { bold: true, ..TextStyle::PLAIN };

    /// The pixels bold adds to each glyph's advance.
    pub fn bold_extra(self) -> i32 {
        i32::from(self.bold)
    }

    /// The advance of `text` in `font` drawn in this style: bold adds a
    /// pixel a glyph, italic the overhang of the run's lean.
    pub fn text_width(self, font: &super::Font, text: &str) -> i32 {
        let text = &*font.shown(text);
        font.width_as_shown(text) as i32 + self.bold_extra() * text.chars().count() as i32 + self.overhang(font, text)
    }

    /// How far an italic run's ink leans past its advance: kept clear
    /// after the run, so that the space after it (an italic word before a
    /// roman one) stays a space, as Windows adds a synthesized italic's
    /// overhang to its text's extent. Only the lean that reaches past the
    /// last glyph counts: a run ending in a full stop or a low letter
    /// leans nowhere past it, and a roman stop after it sits close.
    fn overhang(self, font: &super::Font, text: &str) -> i32 {
        if !self.italic {
            return 0;
        }
        let mut pen = 0;
        let mut reach = 0;
        for c in text.chars() {
            let glyph = font.glyph(c);
            let inked = (0..font.height())
                .flat_map(|row| (0..glyph.width()).filter(move |&col| glyph.ink(col, row)).map(move |col| (col, row)));
            // The rightmost pixel of the glyph, leaning, with bold's smear.
            let right = inked.map(|(col, row)| col as i32 + Self::slant(font, row) + 1 + self.bold_extra()).max();
            reach = reach.max(pen + right.unwrap_or(0));
            pen += (glyph.width() + font.spacing()) as i32 + self.bold_extra();
        }
        (reach - pen).max(0)
    }

    /// How far an italic glyph's `row` leans right: one pixel every three
    /// rows above the baseline.
    fn slant(font: &super::Font, row: u32) -> i32 {
        (font.ascent() as i32 - 1 - row as i32).max(0) / 3
    }
}

impl Surface {
    /// Draws a little picture given as `rows` of `#` (ink) and `.` (left
    /// alone), centred in `r`, upside down if `flip` (scroll arrows).
    pub fn stamp_centred(&mut self, rows: &[&str], r: Rect, flip: bool, ink: Paint) {
        let (w, h) = (rows[0].len() as i32, rows.len() as i32);
        let (x0, y0) = (r.x + (r.w - w) / 2, r.y + (r.h - h) / 2);
        for (i, row) in rows.iter().enumerate() {
            let y = if flip { y0 + h - 1 - i as i32 } else { y0 + i as i32 };
            for (dx, c) in row.chars().enumerate() {
                if c == '#' {
                    let x = x0 + dx as i32;
                    self.put(x, y, ink.value_at(x, y));
                }
            }
        }
    }

    /// Puts `value` where `pattern` has ink inside `r`, leaving the other
    /// pixels as they are (Intuition's ghosting of a disabled gadget: the
    /// background blasted through a pattern over it).
    pub fn stipple(&mut self, r: Rect, pattern: Pattern, value: u32) {
        let r = r.intersect(&self.clip());
        for y in r.y..r.bottom() {
            for x in r.x..r.right() {
                if pattern.ink(x, y) {
                    self.put(x, y, value);
                }
            }
        }
    }

    /// Fills a rectangle.
    pub fn fill_rect(&mut self, r: Rect, paint: impl Into<Paint>) {
        let paint = paint.into();
        let r = r.intersect(&self.clip());
        match paint {
            Paint::Solid(v) => {
                for y in r.y..r.bottom() {
                    self.span(y, r.x, r.right(), v);
                }
            }
            Paint::Pattern { .. } => {
                for y in r.y..r.bottom() {
                    // A pattern row repeats every 8 pixels: work it out once.
                    let row: [u32; 8] = std::array::from_fn(|i| paint.value_at(r.x + i as i32, y));
                    for (i, px) in self.row_mut(y, r.x, r.right()).iter_mut().enumerate() {
                        *px = row[i % 8];
                    }
                }
            }
        }
    }

    /// Fills the whole surface (ignoring nothing: the clip still applies).
    pub fn clear(&mut self, paint: impl Into<Paint>) {
        self.fill_rect(self.bounds(), paint);
    }

    /// A horizontal line from x0 to x1 inclusive.
    pub fn hline(&mut self, x0: i32, x1: i32, y: i32, paint: impl Into<Paint>) {
        let (a, b) = (x0.min(x1), x0.max(x1));
        self.fill_rect(Rect::from_edges(a, y, b + 1, y + 1), paint);
    }

    /// A vertical line from y0 to y1 inclusive.
    pub fn vline(&mut self, x: i32, y0: i32, y1: i32, paint: impl Into<Paint>) {
        let (a, b) = (y0.min(y1), y0.max(y1));
        self.fill_rect(Rect::from_edges(x, a, x + 1, b + 1), paint);
    }

    /// A one-pixel frame just inside `r`.
    pub fn frame_rect(&mut self, r: Rect, paint: impl Into<Paint>) {
        if r.is_empty() {
            return;
        }
        let p = paint.into();
        self.hline(r.x, r.right() - 1, r.y, p);
        self.hline(r.x, r.right() - 1, r.bottom() - 1, p);
        self.vline(r.x, r.y, r.bottom() - 1, p);
        self.vline(r.right() - 1, r.y, r.bottom() - 1, p);
    }

    /// A dotted frame: every other pixel of the rectangle's edge, on the
    /// screen's checkerboard (the focus rectangle of Windows).
    pub fn dotted_frame(&mut self, r: Rect, paint: impl Into<Paint>) {
        let p = paint.into();
        let edge = (r.x..r.right())
            .flat_map(|x| [(x, r.y), (x, r.bottom() - 1)])
            .chain((r.y..r.bottom()).flat_map(|y| [(r.x, y), (r.right() - 1, y)]));
        for (x, y) in edge.filter(|(x, y)| (x + y) % 2 == 0) {
            self.put(x, y, p.value_at(x, y));
        }
    }

    /// Swaps values `a` and `b` inside `r` (clipped), leaving any other:
    /// on one bit, black and white inverted, as a Mac highlights; on a
    /// Workbench screen, the menu's complement highlight.
    pub fn swap_values(&mut self, r: Rect, a: u32, b: u32) {
        for y in r.y..r.bottom() {
            for x in r.x..r.right() {
                match self.get(x, y) {
                    Some(v) if v == a => self.put(x, y, b),
                    Some(v) if v == b => self.put(x, y, a),
                    _ => {}
                }
            }
        }
    }

    /// A line between two points, both included (Bresenham).
    pub fn line(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, paint: impl Into<Paint>) {
        let p = paint.into();
        let (dx, dy) = ((x1 - x0).abs(), -(y1 - y0).abs());
        let (sx, sy) = (if x0 < x1 { 1 } else { -1 }, if y0 < y1 { 1 } else { -1 });
        let (mut x, mut y, mut err) = (x0, y0, dx + dy);
        loop {
            self.put(x, y, p.value_at(x, y));
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

    /// Draws `text` with its cell's top-left corner at (x, y); returns the
    /// x just past the last glyph. Only ink pixels are written. A run that
    /// loses any ink to the clip rectangle is recorded (see
    /// [`Surface::take_clipped_text`]): text is never meant to be cut.
    pub fn draw_text(
        &mut self,
        font: &Font,
        text: &str,
        x: i32,
        y: i32,
        paint: impl Into<Paint>,
        style: TextStyle,
    ) -> i32 {
        let p = paint.into();
        let clip = self.clip();
        let mut cut = false;
        let mut pen_x = x;
        for c in font.shown(text).chars() {
            let glyph = font.glyph(c);
            for row in 0..font.height() {
                let slant = if style.italic { TextStyle::slant(font, row) } else { 0 };
                let py = y + row as i32;
                for col in 0..glyph.width() {
                    if glyph.ink(col, row) {
                        let px = pen_x + col as i32 + slant;
                        // The second stroke leaves a one-pixel gap inside
                        // the glyph open: filled, an "m" becomes a block.
                        let smear = style.bold && (glyph.ink(col + 1, row) || !glyph.ink(col + 2, row));
                        let right = px + 1;
                        cut |= !clip.contains(px, py) || (smear && !clip.contains(right, py));
                        self.put(px, py, p.value_at(px, py));
                        if smear {
                            self.put(right, py, p.value_at(right, py));
                        }
                    }
                }
            }
            pen_x += (glyph.width() + font.spacing()) as i32 + style.bold_extra();
        }
        pen_x += style.overhang(font, text);
        if style.underline {
            let line = Rect::new(x, y + font.ascent() as i32, pen_x - x, 1);
            cut |= pen_x > x && line.intersect(&clip) != line;
            self.hline(x, pen_x - 1, y + font.ascent() as i32, p);
        }
        if cut {
            self.report_clipped_text(text, x, y);
        }
        pen_x
    }

    /// Draws art with its top-left at (x, y): only pixels set in its mask
    /// are written. On 1- and 2-bit screens the art's hand-made one-bit
    /// image is drawn (as a Mac draws a 'cicn'); otherwise its colours are
    /// mapped to the nearest values the surface can show.
    pub fn draw_art(&mut self, art: &Art, x: i32, y: i32) {
        self.draw_art_as(art, x, y, false);
    }

    /// Draws art inverted, black for white, as the Mac's InvertRgn and
    /// Windows' inverted selection show a chosen card: on 1- and 2-bit
    /// screens its one-bit image inverted, elsewhere each colour's
    /// complement mapped to the nearest the surface can show.
    pub fn draw_art_inverted(&mut self, art: &Art, x: i32, y: i32) {
        self.draw_art_as(art, x, y, true);
    }

    fn draw_art_as(&mut self, art: &Art, x: i32, y: i32, inverted: bool) {
        let one_bit = matches!(self.format(), Format::Indexed { bits: 1 | 2 });
        let (black, white) = if one_bit {
            (self.value_for(super::color::Rgb::BLACK), self.value_for(super::color::Rgb::WHITE))
        } else {
            (0, 0)
        };
        for ay in 0..art.height() {
            for ax in 0..art.width() {
                if !art.mask(ax, ay) {
                    continue;
                }
                let v = if one_bit {
                    if art.mono(ax, ay) != inverted { black } else { white }
                } else if inverted {
                    self.value_for(art.colour(ax, ay).inverse())
                } else {
                    self.value_for(art.colour(ax, ay))
                };
                self.put(x + ax as i32, y + ay as i32, v);
            }
        }
    }

    /// Copies a rectangle of another surface of the same format here,
    /// with its top-left at (x, y).
    pub fn blit(&mut self, src: &Surface, from: Rect, x: i32, y: i32) {
        debug_assert_eq!(src.format(), self.format());
        let from = from.intersect(&src.bounds());
        // The destination rectangle, clipped, and the source offset into it.
        let to = Rect::new(x, y, from.w, from.h).intersect(&self.clip());
        let (dx, dy) = (from.x - x, from.y - y);
        for ty in to.y..to.bottom() {
            let sy = (ty + dy) as u32;
            let start = (sy * src.width() + (to.x + dx) as u32) as usize;
            let line = &src.pixels()[start..start + to.w as usize];
            self.row_mut(ty, to.x, to.right()).copy_from_slice(line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gfx::paint::Pattern;
    use crate::gfx::palette::mac_clut1;

    fn one_bit(w: u32, h: u32) -> Surface {
        Surface::new(w, h, Format::Indexed { bits: 1 }, mac_clut1())
    }

    fn ink_count(s: &Surface) -> usize {
        s.pixels().iter().filter(|&&v| v == 1).count()
    }

    /// An italic run's advance takes in its lean: every pixel of ink lies
    /// left of where the next run starts, so the space after an italic
    /// word stays whole ("A *free cell* is", not "A *free cell*is").
    #[test]
    fn italic_ink_ends_before_the_next_run() {
        let font = crate::gfx::font::topaz8();
        let style = TextStyle { italic: true, ..TextStyle::PLAIN };
        for word in ["l", "cell", "A", "cell.", "f."] {
            let mut s = one_bit(32, 16);
            let next = s.draw_text(font, word, 0, 0, Paint::Solid(1), style);
            assert_eq!(next, style.text_width(font, word), "{word}: drawn as measured");
            let ink_right = (0..32).rev().find(|&x| (0..16).any(|y| s.get(x, y) == Some(1))).unwrap();
            assert!(ink_right < next, "{word}: ink at {ink_right}, next run at {next}");
        }
        // A run ending low (a full stop) leans nowhere past its end, so
        // the roman text after it sits as close as after a roman run.
        for font in [font, crate::gfx::font::geneva9(), crate::gfx::font::winsans8()] {
            assert_eq!(style.text_width(font, "cell."), TextStyle::PLAIN.text_width(font, "cell."));
        }
        // In a proportional font a tall letter's lean reaches past it.
        let narrow = crate::gfx::font::geneva9();
        assert!(style.text_width(narrow, "l") > TextStyle::PLAIN.text_width(narrow, "l"), "a tall letter leans past");
    }

    /// Bold thickens every stroke but never fills a one-pixel gap inside
    /// a glyph: Topaz's "m" keeps its three legs apart.
    #[test]
    fn bold_keeps_one_pixel_gaps_open() {
        let font = crate::gfx::font::topaz8();
        let m = font.glyph('m');
        let (col, row) = (0..font.height())
            .flat_map(|row| (0..m.width()).map(move |col| (col, row)))
            .find(|&(c, r)| m.ink(c, r) && !m.ink(c + 1, r) && m.ink(c + 2, r))
            .expect("Topaz's m has a one-pixel gap");
        let mut s = one_bit(16, 16);
        s.draw_text(font, "m", 0, 0, Paint::Solid(1), TextStyle::BOLD);
        assert_eq!(s.colour_at(col as i32 + 1, row as i32), s.colour_at(15, 15), "the gap was filled");
        // Where no gap follows, the second stroke is there.
        let last = (0..m.width()).rev().find(|&c| m.ink(c, row)).unwrap();
        assert_ne!(s.colour_at(last as i32 + 1, row as i32), s.colour_at(15, 15), "no second stroke");
    }

    #[test]
    fn frame_draws_only_the_border() {
        let mut s = one_bit(10, 10);
        s.frame_rect(Rect::new(1, 1, 5, 4), 1);
        assert_eq!(ink_count(&s), 2 * 5 + 2 * 2);
        assert_eq!(s.get(2, 2), Some(0));
    }

    /// Inverted art swaps black and white where its mask is set, and
    /// leaves what lies outside the mask (a card's round corners) alone.
    #[test]
    fn inverted_art_swaps_black_and_white_inside_its_mask() {
        use crate::gfx::color::Rgb;
        let (b, w) = (Rgb::BLACK, Rgb::WHITE);
        let art = Art::new(3, 1, vec![b, w, w], vec![true, false, false], vec![true, true, false]);
        let mut mono = one_bit(3, 1);
        mono.draw_art_inverted(&art, 0, 0);
        assert_eq!(mono.pixels(), [0, 1, 0], "black to white, white to black, the unmasked pixel untouched");
        let mut rgb = Surface::rgb(3, 1);
        rgb.draw_art_inverted(&art, 0, 0);
        assert_eq!((rgb.colour_at(0, 0), rgb.colour_at(1, 0)), (Some(w), Some(b)));
        assert_eq!(rgb.colour_at(2, 0), Some(b), "the unmasked pixel untouched");
    }

    #[test]
    fn swapping_values_inverts_inside_the_rectangle_only() {
        let mut s = one_bit(4, 1);
        s.put(1, 0, 1);
        s.swap_values(Rect::new(0, 0, 2, 1), 0, 1);
        assert_eq!(s.pixels(), [1, 0, 0, 0]);
    }

    #[test]
    fn line_includes_both_ends() {
        let mut s = one_bit(10, 10);
        s.line(0, 0, 9, 3, 1);
        assert_eq!(s.get(0, 0), Some(1));
        assert_eq!(s.get(9, 3), Some(1));
        assert_eq!(ink_count(&s), 10);
    }

    #[test]
    fn pattern_fill_respects_clip() {
        let mut s = one_bit(16, 16);
        s.set_clip(Rect::new(0, 0, 8, 8));
        s.fill_rect(s.bounds(), Paint::Pattern { pattern: Pattern::GRAY, fore: 1, back: 0 });
        assert_eq!(ink_count(&s), 32);
    }

    #[test]
    fn text_is_clipped_and_advances() {
        let font = crate::gfx::font::topaz8();
        let mut s = one_bit(20, 8);
        let end = s.draw_text(font, "WWW", 0, 0, 1, TextStyle::PLAIN);
        assert_eq!(end, font.text_width("WWW") as i32);
        assert!(ink_count(&s) > 0);
        assert!(s.pixels().len() == 160);
    }

    #[test]
    fn text_cut_by_the_clip_is_reported_once_per_run() {
        let font = crate::gfx::font::topaz8();
        let mut s = one_bit(40, 20);
        s.draw_text(font, "Hi", 0, 0, 1, TextStyle::PLAIN);
        assert!(s.take_clipped_text().is_empty(), "text that fits is not reported");
        // Cut at the right by a narrower clip, and at the bottom by the
        // surface's edge.
        s.set_clip(Rect::new(0, 0, 12, 20));
        s.draw_text(font, "Hi", 0, 0, 1, TextStyle::PLAIN);
        s.set_clip(s.bounds());
        s.draw_text(font, "Lo", 0, 15, 1, TextStyle::PLAIN);
        let cut = s.take_clipped_text();
        assert_eq!(cut.len(), 2);
        assert_eq!((cut[0].text.as_str(), cut[0].clip), ("Hi", Rect::new(0, 0, 12, 20)));
        assert_eq!((cut[1].text.as_str(), cut[1].x, cut[1].y), ("Lo", 0, 15));
        assert!(s.take_clipped_text().is_empty(), "taking the record empties it");
        // A bold run's extra column counts, and so does its underline.
        s.draw_text(font, "I", 40 - 8, 0, 1, TextStyle::BOLD);
        assert!(s.take_clipped_text().is_empty());
        s.draw_text(font, "II", 40 - 16, 0, 1, TextStyle { underline: true, ..TextStyle::BOLD });
        assert_eq!(s.take_clipped_text().len(), 1);
    }
}
