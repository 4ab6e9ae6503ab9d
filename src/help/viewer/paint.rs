//! Drawing a viewer: each manner's window furniture (the AmigaGuide
//! window, the Mac topic list, the page's toolbar), the scroll bars in the
//! machine's idiom, and the laid-out text, which every manner shares.

use crate::gfx::font::Font;
use crate::gfx::image_io::RgbaImage;
use crate::gfx::reduce::draw_dithered_where;
use crate::gfx::{Paint, Pattern, Rect, Rgb, Surface, TextStyle};
use crate::machines::{Machine, Pen, mac_controls};

use super::panes::{Control, MAC_ROW, Panes, ScrollBar};
use super::style::{Manner, Type, css, ink, rgb, width};
use super::{Press, Viewer, text_scroll};
use crate::help::layout::{Item, Layout, Line, Piece};
use crate::help::model::{BlockKind, Pen as DocPen};

/// Intuition ghosts a disabled gadget by blasting this pattern of the
/// background colour over it (a quarter of the pixels, every row).
const GHOST: Pattern = Pattern::LT_GRAY;

/// A solid arrowhead, 7 x 4, pointing up (Windows' and the Amiga's).
#[rustfmt::skip]
const SOLID_ARROW: [&str; 4] = [
    "...#...",
    "..###..",
    ".#####.",
    "#######",
];

pub(super) fn draw(v: &Viewer, s: &mut Surface, machine: &Machine, panes: &Panes, layout: &Layout) {
    let first = v.first(layout, panes);
    match panes.manner {
        Manner::Guide => guide_window(v, s, machine, panes),
        Manner::Topics => mac_window(v, s, machine, panes),
        Manner::Page => page_window(v, s, machine, panes),
    }
    text(v, s, machine, panes, layout, first);
    let (pos, max) = text_scroll(layout, first, panes.text.h);
    let knob = panes.bar.knob(pos, max, panes.text.h, layout.height);
    scroll_bar(s, machine, panes.manner, &panes.bar, knob);
    if let Some(hbar) = &panes.hbar {
        scroll_bar(s, machine, panes.manner, hbar, v.side_knob(panes, layout));
    }
    if let Some(corner) = panes.size_gadget {
        size_gadget(s, machine, corner);
    }
}

// ---------------------------------------------------------------------------
// The text pane

fn text(v: &Viewer, s: &mut Surface, machine: &Machine, panes: &Panes, layout: &Layout, first: usize) {
    let ty = Type::new(panes.manner, &v.here.doc, &v.pictures);
    let old = s.set_clip(panes.text_clip().intersect(&s.clip()));
    let top = layout.lines.get(first).map_or(0, |l| l.y);
    let node = v.node();
    // A tall picture scrolled part way through: its line is above the
    // first, and the picture shows from where it is cut off by the top,
    // the words beside it once their row is in view.
    let pictured = (0..first).rev().take_while(|&i| layout.lines[i + 1].strip).last();
    if let Some(line) = pictured.map(|i| &layout.lines[i]) {
        let kind = node.blocks.get(line.block).map(|b| &b.kind);
        line_items(v, s, machine, (panes, &ty, layout), line, panes.text.y + line.y - top, kind);
    }
    for (i, line) in layout.lines.iter().enumerate().skip(first) {
        let y = panes.text.y + line.y - top;
        // Whole lines of text only (a line taller than the pane is shown
        // from its top): the rest is reached by scrolling. A picture shows
        // as far as it is in view, as it does where it runs off the top,
        // rather than leave a gap under its caption. Text beside a tall
        // picture stands on the picture's foot, below the line's first
        // rows, so such a line is whole only with its strips in view; till
        // then its words show where their row is in view.
        let holds_a_picture = line.items.iter().any(|item| matches!(item.piece, Piece::Image { .. }));
        let whole = y + rows_taken(layout, i) <= panes.text.bottom();
        let kind = node.blocks.get(line.block).map(|b| &b.kind);
        if !whole && (i > first || holds_a_picture) {
            if holds_a_picture {
                line_items(v, s, machine, (panes, &ty, layout), line, y, kind);
            }
            break;
        }
        let last_of_block = layout.lines.get(i + 1).is_none_or(|next| next.block != line.block);
        if panes.manner == Manner::Page {
            page_heading(s, panes, line, y, kind, last_of_block);
        }
        line_items(v, s, machine, (panes, &ty, layout), line, y, kind);
    }
    s.set_clip(old);
}

/// Draws the pieces of `line`, its top at `y`: pictures as far as they
/// are in the pane, words only where their row is wholly in it (beside
/// a tall picture they stand on its foot, which may lie out of view).
fn line_items(
    v: &Viewer,
    s: &mut Surface,
    machine: &Machine,
    (panes, ty, layout): (&Panes, &Type, &Layout),
    line: &Line,
    y: i32,
    kind: Option<&BlockKind>,
) {
    let in_view = |top: i32, font: &Font| top >= panes.text.y && top + font.height() as i32 <= panes.text.bottom();
    for item in &line.items {
        let x = panes.text.x + item.x - v.shift;
        match &item.piece {
            Piece::Text { text, face, link } => {
                let (font, style) = ty.font(*face);
                let ty_ = y + line.ascent - font.ascent() as i32 + ty_pad(ty, face);
                if !in_view(ty_, font) {
                    continue;
                }
                let r = Rect::new(x, y, item.width, line.height);
                if face.style.bg != DocPen::Background {
                    let bg = ink(panes.manner, machine, s, face.style.bg);
                    s.fill_rect(r, bg);
                }
                let fg = text_ink(panes.manner, machine, s, face.style.fg, style, kind);
                match link {
                    Some(k) => link_text(v, s, machine, panes.manner, (font, style), text, r, ty_, fg, *k, layout),
                    None => match ty.code_cell(*face) {
                        Some(cell) => in_cells(s, font, &font.shown(text), (x, ty_), cell, fg, style),
                        None => {
                            s.draw_text(font, text, x, ty_, fg, style);
                        }
                    },
                }
            }
            Piece::Marker { text, face } => {
                let (font, style) = ty.font(*face);
                let baseline = y + line.ascent;
                if !in_view(baseline - font.ascent() as i32, font) {
                    continue;
                }
                let fg = text_ink(panes.manner, machine, s, DocPen::Text, style, kind);
                marker(s, font, text, item, x, baseline, fg, style);
            }
            Piece::Image { path, .. } => {
                if let Some(img) = v.pictures.get(path) {
                    picture(s, panes.manner, img, x, y);
                }
            }
            Piece::Rule => {
                let mid = y + line.height / 2;
                let (dark, light) = match panes.manner {
                    Manner::Topics => (machine.look().paint(Pen::Text), None),
                    _ => (machine.look().paint(Pen::Shadow), Some(machine.look().paint(Pen::Shine))),
                };
                s.hline(x, x + item.width - 1, mid, dark);
                if let Some(light) = light {
                    s.hline(x, x + item.width - 1, mid + 1, light);
                }
            }
        }
    }
}

/// The rows line `i` takes: its own and those of the strips of a tall
/// picture on it.
fn rows_taken(layout: &Layout, i: usize) -> i32 {
    let strips = layout.lines[i + 1..].iter().take_while(|l| l.strip);
    layout.lines[i].height + strips.map(|l| l.height).sum::<i32>()
}

/// Rows a face's text sits below the top of its line box beyond the font
/// (a heading bar's padding on the page).
fn ty_pad(ty: &Type, face: &crate::help::layout::Face) -> i32 {
    use crate::help::layout::Measure;
    ty.ascent(*face) - ty.font(*face).0.ascent() as i32
}

/// The ink of text: the document's pen, except where the page's style
/// sheet colours headings and bold text.
fn text_ink(
    manner: Manner,
    machine: &Machine,
    s: &mut Surface,
    pen: DocPen,
    style: TextStyle,
    kind: Option<&BlockKind>,
) -> Paint {
    if manner == Manner::Page && pen == DocPen::Text {
        match kind {
            Some(BlockKind::Heading(1)) => return rgb(s, css::NAVY),
            Some(BlockKind::Heading(2)) => return rgb(s, css::CONTENT),
            Some(BlockKind::Heading(_)) => return rgb(s, css::BOLD),
            _ if style.bold => return rgb(s, css::BOLD),
            _ => {}
        }
    }
    ink(manner, machine, s, pen)
}

/// help.css's heading decorations: the h2 bar behind the text, the rule
/// under h1.
fn page_heading(s: &mut Surface, panes: &Panes, line: &Line, y: i32, kind: Option<&BlockKind>, last: bool) {
    match kind {
        Some(BlockKind::Heading(2)) => {
            let bar = rgb(s, css::H2_BAR);
            s.fill_rect(Rect::new(panes.text.x, y, panes.text.w, line.height), bar);
        }
        Some(BlockKind::Heading(1)) if last => {
            let navy = rgb(s, css::NAVY);
            s.fill_rect(Rect::new(panes.text.x, y + line.height - 2, panes.text.w, 2), navy);
        }
        _ => {}
    }
}

/// A link: a bevelled button in AmigaGuide, underlined text on the Mac and
/// the page; the focused one selected; those that do nothing ghosted.
#[allow(clippy::too_many_arguments)]
fn link_text(
    v: &Viewer,
    s: &mut Surface,
    machine: &Machine,
    manner: Manner,
    (font, style): (&Font, TextStyle),
    label: &str,
    r: Rect,
    ty: i32,
    fg: Paint,
    k: usize,
    layout: &Layout,
) {
    let look = machine.look();
    let enabled = layout.links.get(k).is_some_and(|l| v.leads_somewhere(&l.target));
    // A greyed link is marked too when Tab stops on it.
    let selected = v.focus == Some(k) || v.pressed == Some(Press::Link(k));
    let label = font.shown(label);
    match manner {
        Manner::Guide => {
            // The box's sides stand in the blank last column of a Topaz
            // cell, the one before the label's and the label's own last,
            // so they touch no letter on either side (one pixel further
            // right crossed a ")" after the button); the line has a row
            // above and below the text for it (`Measure::link_pad`).
            let b = Rect::new(r.x - 1, ty - 1, r.w + 1, font.height() as i32 + 2);
            let (shine, shadow) = (look.paint(Pen::Shine), look.paint(Pen::Shadow));
            let ink = if selected {
                s.fill_rect(b, look.paint(Pen::Fill));
                bevel(s, b, shadow, shine);
                look.paint(Pen::FillText)
            } else {
                bevel(s, b, shine, shadow);
                fg
            };
            s.draw_text(font, &label, r.x, ty, ink, style);
            if !enabled {
                ghost(s, b, look.paint(Pen::Background));
            }
        }
        Manner::Topics => {
            // The label is its words: the layout drops the spaces a
            // guide pads its button labels with (`Measure::links_boxed`).
            let ink = if selected {
                s.fill_rect(r, look.paint(Pen::Text));
                look.paint(Pen::Background)
            } else if enabled {
                fg
            } else {
                look.paint(Pen::Disabled)
            };
            match ink {
                // A grey that is a dither (the 1-bit Mac) greys the label
                // by lightening its strokes, not by dithering them away.
                Paint::Pattern { fore, .. } => {
                    lightened_text(s, (font, style), &label, (r.x, ty), fore);
                    dotted_underline(s, (font, style), &label, (r.x, ty), Paint::Solid(fore), SPARSE_DOTS);
                }
                Paint::Solid(_) => {
                    s.draw_text(font, &label, r.x, ty, ink, style);
                    dotted_underline(s, (font, style), &label, (r.x, ty), ink, DOTS);
                }
            }
        }
        Manner::Page => {
            let underline = TextStyle { underline: true, ..style };
            let ink = if enabled { rgb(s, css::NAVY) } else { look.paint(Pen::Disabled) };
            s.draw_text(font, &label, r.x, ty, ink, underline);
            if selected {
                let dots = rgb(s, css::TEXT);
                focus_rect(s, Rect::new(r.x - 1, r.y, r.w + 2, r.h), dots);
            }
        }
    }
}

/// The Mac's link underline. Dotted, as HyperCard marked its hot text, so
/// a link reads apart from a guide's solidly underlined headings; on the
/// cell's last row, a row clear of the letters' feet (on the baseline row
/// the dots join the letters at one bit); under the words only, as a dot
/// under a space reads as a full stop; and broken a pixel either side of a
/// descender, as QuickDraw breaks its underline, so "g" stays a "g".
fn dotted_underline(
    s: &mut Surface,
    (font, style): (&Font, TextStyle),
    label: &str,
    (x, ty): (i32, i32),
    ink: Paint,
    every: i32,
) {
    let under = ty + font.height() as i32 - 1;
    let mut dots = Vec::new();
    let mut pen = x;
    for c in label.chars() {
        let glyph = font.glyph(c);
        let advance = (glyph.width() + font.spacing()) as i32 + style.bold_extra();
        if !c.is_whitespace() {
            let descender = |col: i32| col >= 0 && (font.ascent()..font.height()).any(|row| glyph.ink(col as u32, row));
            let clear = |px: i32| !(px - pen - 1..=px - pen + 1).any(descender);
            dots.extend((pen..pen + advance).filter(|px| (px - x) % every == 0 && clear(*px)));
        }
        pen += advance;
    }
    for px in dots {
        s.put(px, under, ink.value_at(px, under));
    }
}

/// A link's underline has a dot every other pixel; a greyed link's on a
/// 1-bit screen every fourth, lighter as its label is.
const DOTS: i32 = 2;
const SPARSE_DOTS: i32 = 4;

/// Text greyed on a screen whose grey is a dither, which would leave too
/// little of a 9-point letter to read ("Passwd" read "P.sswd"): every
/// other pixel inside a run of three or more goes, across or down, while
/// the ends, corners and lone pixels of each stroke stay, so every stroke
/// keeps its whole length and the letter its shape, only lighter.
fn lightened_text(s: &mut Surface, (font, style): (&Font, TextStyle), text: &str, (x, y): (i32, i32), fore: u32) {
    // Drawn first on a scratch surface, as the glyphs' pixels decide
    // which go; an italic slant leans past the text's width.
    let (w, h) = (width(font, text, style) + font.height() as i32, font.height() as i32);
    let mut scratch = Surface::rgb(w.max(1) as u32, h.max(1) as u32);
    scratch.draw_text(font, text, 0, 0, Paint::Solid(0xFFFFFF), style);
    let ink = |cx: i32, cy: i32| scratch.get(cx, cy).is_some_and(|v| v != 0);
    for (cx, cy) in (0..h).flat_map(|cy| (0..w).map(move |cx| (cx, cy))) {
        let inside_run = (ink(cx - 1, cy) && ink(cx + 1, cy)) || (ink(cx, cy - 1) && ink(cx, cy + 1));
        let (px, py) = (x + cx, y + cy);
        if ink(cx, cy) && !(inside_run && (px + py) % 2 != 0) {
            s.put(px, py, fore);
        }
    }
}

/// Fixed-pitch text in a font without it: each character centred in a
/// cell `cell` pixels wide.
fn in_cells(s: &mut Surface, font: &Font, text: &str, (x, y): (i32, i32), cell: i32, ink: Paint, style: TextStyle) {
    let mut buf = [0u8; 4];
    for (i, c) in text.chars().enumerate() {
        let c = c.encode_utf8(&mut buf);
        let left = x + i as i32 * cell + (cell - width(font, c, style)) / 2;
        s.draw_text(font, c, left, y, ink, style);
    }
}

/// A list marker; a bullet the font lacks is drawn as a disc.
#[allow(clippy::too_many_arguments)]
fn marker(s: &mut Surface, font: &Font, text: &str, item: &Item, x: i32, baseline: i32, ink: Paint, style: TextStyle) {
    if text.chars().all(|c| font.has_glyph(c)) {
        s.draw_text(font, text, x, baseline - font.ascent() as i32, ink, style);
        return;
    }
    // Centred on the lower-case letters: about a third of the ascent up.
    let d = (font.ascent() as i32 / 2).clamp(3, 6);
    let (cx, cy) = (x + (item.width - d) / 2, baseline - font.ascent() as i32 * 35 / 100 - d / 2);
    for dy in 0..d {
        for dx in 0..d {
            let (ex, ey) = (2 * dx + 1 - d, 2 * dy + 1 - d);
            if ex * ex + ey * ey <= d * d + 1 {
                s.put(cx + dx, cy + dy, ink.value_at(cx + dx, cy + dy));
            }
        }
    }
}

/// A picture with its top-left at (x, y); on the page inside help.css's
/// one-pixel border. Transparent pixels are left alone.
fn picture(s: &mut Surface, manner: Manner, img: &RgbaImage, x: i32, y: i32) {
    let (x, y) = if manner == Manner::Page {
        let edge = rgb(s, css::IMAGE_EDGE);
        s.frame_rect(Rect::new(x, y, img.width as i32 + 2, img.height as i32 + 2), edge);
        (x + 1, y + 1)
    } else {
        (x, y)
    };
    // Rows below the pane are left out; those above are still worked
    // through, as their error carries down into the rows in view, so a
    // picture dithers alike wherever it is scrolled.
    let rows = (s.clip().bottom() - y).clamp(0, img.height as i32) as u32;
    let colours: Vec<Rgb> = img.pixels[..(rows * img.width) as usize].iter().map(|p| p.0).collect();
    let opaque = |i: usize| img.pixels[i].1 >= 128;
    draw_dithered_where(s, x, y, img.width, rows, &colours, opaque);
}

// ---------------------------------------------------------------------------
// Shared drawing helpers

/// A thin bevel just inside `r`: `light` on the top and left edges, `dark`
/// on the bottom and right (which own the shared corners).
fn bevel(s: &mut Surface, r: Rect, light: Paint, dark: Paint) {
    if r.is_empty() {
        return;
    }
    s.hline(r.x, r.right() - 2, r.y, light);
    s.vline(r.x, r.y, r.bottom() - 2, light);
    s.hline(r.x, r.right() - 1, r.bottom() - 1, dark);
    s.vline(r.right() - 1, r.y, r.bottom() - 1, dark);
}

/// Draws a small image given as rows of `#`, flipped upside down if asked.
fn image(s: &mut Surface, rows: &[&str], x: i32, y: i32, flip: bool, ink: Paint) {
    for (dy, row) in rows.iter().enumerate() {
        let py = if flip { y + (rows.len() - 1 - dy) as i32 } else { y + dy as i32 };
        for (dx, c) in row.chars().enumerate() {
            if c == '#' {
                let px = x + dx as i32;
                s.put(px, py, ink.value_at(px, py));
            }
        }
    }
}

/// An image centred in `r`.
fn centred_image(s: &mut Surface, rows: &[&str], r: Rect, flip: bool, ink: Paint) {
    let (w, h) = (rows.first().map_or(0, |row| row.len()) as i32, rows.len() as i32);
    image(s, rows, r.x + (r.w - w) / 2, r.y + (r.h - h) / 2, flip, ink);
}

/// A dotted focus rectangle (every other pixel), as Windows draws it.
fn focus_rect(s: &mut Surface, r: Rect, ink: Paint) {
    for x in r.x..r.right() {
        for y in [r.y, r.bottom() - 1] {
            if (x + y) % 2 == 0 {
                s.put(x, y, ink.value_at(x, y));
            }
        }
    }
    for y in r.y..r.bottom() {
        for x in [r.x, r.right() - 1] {
            if (x + y) % 2 == 0 {
                s.put(x, y, ink.value_at(x, y));
            }
        }
    }
}

/// A label centred in `r`, clipped to it.
fn label(s: &mut Surface, font: &Font, text: &str, r: Rect, ink: Paint) {
    let w = width(font, text, TextStyle::PLAIN);
    let old = s.set_clip(r.intersect(&s.clip()));
    s.draw_text(font, text, r.x + (r.w - w) / 2, r.y + (r.h - font.height() as i32) / 2, ink, TextStyle::PLAIN);
    s.set_clip(old);
}

fn scroll_bar(s: &mut Surface, machine: &Machine, manner: Manner, bar: &ScrollBar, knob: Option<Rect>) {
    match manner {
        Manner::Guide => amiga_scroller(s, machine, bar, knob),
        Manner::Topics => mac_scroll_bar(s, machine, bar, knob),
        Manner::Page => win_scroll_bar(s, machine, bar, knob),
    }
}

// ---------------------------------------------------------------------------
// AmigaGuide

/// The AmigaGuide window filling the area: an active Workbench 2 window
/// (FILL borders, close gadget left, depth gadget right, the node's title),
/// its row of buttons and the text pane.
fn guide_window(v: &Viewer, s: &mut Surface, machine: &Machine, panes: &Panes) {
    let look = machine.look();
    let (shine, shadow) = (look.paint(Pen::Shine), look.paint(Pen::Shadow));
    let (fill, background) = (look.paint(Pen::Fill), look.paint(Pen::Background));
    let area = panes.area;
    s.fill_rect(area, fill);
    bevel(s, area, shine, shadow);
    // The inner edge, recessed: SHADOW above and left, SHINE below and right.
    let inner = Rect::from_edges(
        panes.frame.x,
        panes.title_bar.map_or(area.y, |t| t.bottom()),
        panes.frame.right(),
        panes.frame.bottom(),
    );
    s.fill_rect(inner, background);
    bevel(s, inner.inset(-1, -1), shadow, shine);
    let font = Panes::button_font(Manner::Guide);
    if let (Some(bar), Some(close), Some(depth)) = (panes.title_bar, panes.close, panes.depth) {
        // Close gadget: a raised box with a small box in it.
        let pressed = v.pressed == Some(Press::Control(Control::Close));
        let (lit, dark) = if pressed { (shadow, shine) } else { (shine, shadow) };
        bevel(s, close, lit, dark);
        s.vline(close.right(), close.y + 1, close.bottom() - 2, shine);
        let dot = Rect::new(close.x + (close.w - 6) / 2, close.y + 3, 6, 5);
        s.fill_rect(dot, shine);
        s.frame_rect(dot, shadow);
        // Depth gadget: a back and a front rectangle, overlapping.
        s.vline(depth.x - 1, depth.y + 1, depth.bottom() - 2, shadow);
        bevel(s, depth, shine, shadow);
        let (rw, dx) = if depth.w >= 24 { (10, 4) } else { (8, 3) };
        let x0 = depth.x + (depth.w - (rw + dx)) / 2 + 1;
        for (r, paint) in
            [(Rect::new(x0, depth.y + 2, rw, 5), background), (Rect::new(x0 + dx, depth.y + 4, rw, 5), shine)]
        {
            s.fill_rect(r, paint);
            s.frame_rect(r, shadow);
        }
        let tx = close.right() + 4;
        // Shortened after a word as every Amiga window's title is.
        let title = crate::machines::amiga::window_title(font, &font.shown(v.node_title()), depth.x - 2 - tx);
        s.draw_text(font, &title, tx, bar.y + 2, look.paint(Pen::FillText), TextStyle::PLAIN);
    }
    for &(c, r) in &panes.buttons {
        let pressed = v.pressed == Some(Press::Control(c));
        if pressed {
            s.fill_rect(r, fill);
            bevel(s, r, shadow, shine);
        } else {
            s.fill_rect(r, background);
            bevel(s, r, shine, shadow);
        }
        let ink = if pressed { look.paint(Pen::FillText) } else { look.paint(Pen::Text) };
        label(s, font, c.label(Manner::Guide), r.inset(1, 1), ink);
        if !v.can(c) {
            ghost(s, r, background);
        }
    }
}

/// Ghosts the bevelled button `r`, which does nothing now: its face and
/// label, inside the bevel. Ghosting the bevel too would break its edges
/// into dots that read as the keyboard's dotted focus frame, on a button
/// the keyboard can never be on; the edges stay whole, as a disabled push
/// button's do on the Amiga's other screens (see `views::widgets`).
fn ghost(s: &mut Surface, r: Rect, background: Paint) {
    s.stipple(r.inset(1, 1), GHOST, background.fore());
}

/// A proportional gadget in the window's right border with its two arrow
/// gadgets below; when everything is in view the knob fills the container.
fn amiga_scroller(s: &mut Surface, machine: &Machine, bar: &ScrollBar, knob: Option<Rect>) {
    let look = machine.look();
    let (shine, shadow) = (look.paint(Pen::Shine), look.paint(Pen::Shadow));
    let container = bar.track.inset(-1, -1);
    bevel(s, container, shadow, shine);
    let k = knob.unwrap_or(bar.track);
    s.fill_rect(k, look.paint(Pen::Background));
    bevel(s, k, shine, shadow);
    for (r, towards_end) in [(bar.up, false), (bar.down, true)] {
        s.fill_rect(r, look.paint(Pen::Background));
        bevel(s, r, shine, shadow);
        arrow(s, bar.vertical, r, towards_end, shadow);
    }
}

/// The sizing gadget in the window's corner: a raised box with a small
/// window drawn in it (it cannot size anything: the viewer fills its area).
fn size_gadget(s: &mut Surface, machine: &Machine, r: Rect) {
    let look = machine.look();
    let (shine, shadow) = (look.paint(Pen::Shine), look.paint(Pen::Shadow));
    s.fill_rect(r, look.paint(Pen::Fill));
    bevel(s, r, shine, shadow);
    let big = Rect::new(r.x + (r.w - 9) / 2, r.y + 2, 9, r.h - 4);
    s.fill_rect(big, shine);
    s.frame_rect(big, shadow);
    s.frame_rect(Rect::new(big.x, big.y, 5, big.h / 2 + 1), shadow);
}

/// A solid arrowhead centred in `r`, pointing along the bar towards its
/// start or its end.
fn arrow(s: &mut Surface, vertical: bool, r: Rect, towards_end: bool, ink: Paint) {
    if vertical {
        centred_image(s, &SOLID_ARROW, r, towards_end, ink);
        return;
    }
    // The same arrowhead turned on its side.
    let (w, h) = (SOLID_ARROW.len() as i32, SOLID_ARROW[0].len() as i32);
    let (x0, y0) = (r.x + (r.w - w) / 2, r.y + (r.h - h) / 2);
    for (row, line) in SOLID_ARROW.iter().enumerate() {
        for (col, c) in line.chars().enumerate() {
            if c == '#' {
                let dx = if towards_end { w - 1 - row as i32 } else { row as i32 };
                let (px, py) = (x0 + dx, y0 + col as i32);
                s.put(px, py, ink.value_at(px, py));
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The Mac

/// The topic list beside the text: Chicago topics (the current one
/// inverted), the topic's title over the text pane, and a Back button.
fn mac_window(v: &Viewer, s: &mut Surface, machine: &Machine, panes: &Panes) {
    let look = machine.look();
    let (black, white) = (look.paint(Pen::Text), look.paint(Pen::Background));
    s.fill_rect(panes.area, white);
    let chicago = Panes::button_font(Manner::Topics);
    if let Some((list, rows, list_bar)) = panes.topics {
        s.frame_rect(list, black);
        if v.list_focused() {
            // The List Manager's keyboard focus: a ring two pixels wide,
            // a pixel out from the list's frame.
            s.frame_rect(list.inset(-2, -2), black);
            s.frame_rect(list.inset(-3, -3), black);
        }
        let old = s.set_clip(rows.intersect(&s.clip()));
        let top = v.topic_top(panes);
        for (i, node) in v.here.doc.nodes.iter().enumerate().skip(top) {
            let r = Rect::new(rows.x, rows.y + (i - top) as i32 * MAC_ROW, rows.w, MAC_ROW);
            // Whole rows only, as the List Manager showed them.
            if r.bottom() > rows.bottom() {
                break;
            }
            let ink = if i == v.here.node {
                s.fill_rect(r, black);
                white
            } else {
                black
            };
            let title = topic_shown(node, r.w);
            s.draw_text(chicago, &title, r.x + TOPIC_INSET, r.y + 1, ink, TextStyle::PLAIN);
        }
        s.set_clip(old);
        mac_scroll_bar(s, machine, &list_bar, v.topic_knob(panes));
    }
    if let Some(h) = panes.heading {
        let old = s.set_clip(h.intersect(&s.clip()));
        s.draw_text(chicago, &fitted(chicago, v.node_title(), h.w), h.x, h.y + 1, black, TextStyle::PLAIN);
        s.set_clip(old);
        s.hline(h.x, h.right() - 1, h.bottom() - 1, black);
    }
    s.frame_rect(panes.frame, black);
    for &(c, r) in &panes.buttons {
        let pressed = v.pressed == Some(Press::Control(c));
        mac_button(s, machine, r, c.label(Manner::Topics), v.can(c), pressed);
    }
}

/// How far a topic's title sits in from each side of its row.
const TOPIC_INSET: i32 = 4;

/// A topic's title (its name, where it has none) as a row `row_w` wide of
/// the Mac's topic list shows it, in Chicago: shortened with "..." where
/// it does not fit.
pub(super) fn topic_shown(node: &crate::help::model::Node, row_w: i32) -> String {
    let title = if node.title.is_empty() { &node.name } else { &node.title };
    fitted(Panes::button_font(Manner::Topics), title, row_w - 2 * TOPIC_INSET)
}

/// `title` as the font shows it, shortened with "..." to `room` pixels,
/// as the Mac shortened names in lists.
fn fitted(font: &Font, title: &str, room: i32) -> String {
    crate::machines::status::truncate(&|t| font.text_width(t) as i32, &font.shown(title), room)
}

/// A Mac push button (see `mac_controls`): held down it is inverted,
/// unusable its label is grey.
fn mac_button(s: &mut Surface, machine: &Machine, r: Rect, text: &str, enabled: bool, pressed: bool) {
    let state = mac_controls::ButtonState { enabled, pressed, default: false };
    mac_controls::button(s, machine.look(), r, text, state);
}

/// A Mac scroll bar (see `mac_controls`): with nothing to scroll, white
/// and thumbless.
fn mac_scroll_bar(s: &mut Surface, machine: &Machine, bar: &ScrollBar, knob: Option<Rect>) {
    if bar.vertical {
        let inside = Rect::from_edges(bar.whole.x + 1, bar.up.bottom(), bar.whole.right() - 1, bar.down.y);
        mac_controls::scroll_bar(s, machine.look(), bar.whole, bar.up, bar.down, inside, knob);
    } else {
        let inside = Rect::from_edges(bar.up.right(), bar.whole.y + 1, bar.down.x, bar.whole.bottom() - 1);
        mac_controls::hscroll_bar(s, machine.look(), bar.whole, bar.up, bar.down, inside, knob);
    }
}

// ---------------------------------------------------------------------------
// The YaZZle page

/// The page as YaZZle's browser pane showed it: a Windows toolbar, then
/// help.css's grey page with the white content column.
fn page_window(v: &Viewer, s: &mut Surface, machine: &Machine, panes: &Panes) {
    let look = machine.look();
    if let Some(t) = panes.toolbar {
        s.fill_rect(t, look.paint(Pen::Background));
        s.hline(t.x, t.right() - 1, t.bottom() - 2, look.paint(Pen::Shadow));
        s.hline(t.x, t.right() - 1, t.bottom() - 1, look.paint(Pen::Shine));
    }
    let foot = panes.hbar.map_or(panes.area.bottom(), |h| h.whole.y);
    let page = Rect::from_edges(panes.area.x, panes.frame.y, panes.bar.whole.x, foot);
    if panes.hbar.is_some() {
        let corner = Rect::from_edges(panes.bar.whole.x, foot, panes.area.right(), panes.area.bottom());
        s.fill_rect(corner, look.paint(Pen::Background));
    }
    let grey = rgb(s, css::PAGE);
    s.fill_rect(page, grey);
    let white = rgb(s, css::CONTENT);
    s.fill_rect(panes.frame, white);
    if panes.frame.right() < page.right() {
        let edge = rgb(s, css::CONTENT_EDGE);
        s.vline(panes.frame.right() - 1, panes.frame.y, panes.frame.bottom() - 1, edge);
    }
    let font = Panes::button_font(Manner::Page);
    for &(c, r) in &panes.buttons {
        let pressed = v.pressed == Some(Press::Control(c));
        win_button(s, machine, r, pressed);
        let text = c.label(Manner::Page);
        let shift = pressed as i32;
        let r = r.offset(shift, shift);
        if v.can(c) {
            label(s, font, text, r, look.paint(Pen::Text));
        } else {
            // Windows' disabled label: grey over a white copy.
            label(s, font, text, r.offset(1, 1), look.paint(Pen::Shine));
            label(s, font, text, r, look.paint(Pen::Disabled));
        }
    }
}

/// Windows 95's darkest edge: the darker of the Text and Shadow pens (a
/// dark skin keeps dark outer edges), as machines::yazzle has it.
fn dark_edge(machine: &Machine) -> Paint {
    let look = machine.look();
    if look.colour(Pen::Text).luma() <= look.colour(Pen::Shadow).luma() {
        look.paint(Pen::Text)
    } else {
        look.paint(Pen::Shadow)
    }
}

/// A Windows 95 push button face, raised or pushed in.
fn win_button(s: &mut Surface, machine: &Machine, r: Rect, pressed: bool) {
    let look = machine.look();
    s.fill_rect(r, look.paint(Pen::Background));
    if pressed {
        s.frame_rect(r, dark_edge(machine));
        s.frame_rect(r.inset(1, 1), look.paint(Pen::Shadow));
        return;
    }
    let (x0, y0, x1, y1) = (r.x, r.y, r.right() - 1, r.bottom() - 1);
    s.hline(x0, x1 - 1, y0, look.paint(Pen::Shine));
    s.vline(x0, y0, y1 - 1, look.paint(Pen::Shine));
    s.hline(x0, x1, y1, dark_edge(machine));
    s.vline(x1, y0, y1, dark_edge(machine));
    s.hline(x0 + 1, x1 - 1, y1 - 1, look.paint(Pen::Shadow));
    s.vline(x1 - 1, y0 + 1, y1 - 1, look.paint(Pen::Shadow));
}

/// A Windows 95 scroll bar: arrow buttons, a dithered track and a raised
/// proportional thumb; with nothing to scroll, no thumb and grey arrows.
fn win_scroll_bar(s: &mut Surface, machine: &Machine, bar: &ScrollBar, knob: Option<Rect>) {
    let look = machine.look();
    let dither = Paint::Pattern {
        pattern: Pattern::GRAY,
        fore: look.paint(Pen::Shine).fore(),
        back: look.paint(Pen::Background).fore(),
    };
    s.fill_rect(bar.track, dither);
    if let Some(k) = knob {
        win_button(s, machine, k, false);
    }
    for (r, towards_end) in [(bar.up, false), (bar.down, true)] {
        win_button(s, machine, r, false);
        if knob.is_some() {
            arrow(s, bar.vertical, r, towards_end, look.paint(Pen::Text));
        } else {
            arrow(s, bar.vertical, r.offset(1, 1), towards_end, look.paint(Pen::Shine));
            arrow(s, bar.vertical, r, towards_end, look.paint(Pen::Disabled));
        }
    }
}
