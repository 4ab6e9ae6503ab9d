//! The Macintosh's controls, shared by the window chrome, its alerts and
//! every view drawn on a Mac: push buttons, scroll bars, the size box and
//! the title bar's close and zoom boxes.
//!
//! On a one-bit screen they are the SE/30's black and white. On colour
//! screens (from 4 colours up) they are System 7's colour controls: grey
//! 3-D faces lit from the upper left, grey scroll bar tracks with a
//! lavender scroll box, a 3-D size box. The colours are asked of the
//! surface, so each depth shows the nearest its colour table has (the
//! 4-colour table's greys included; the 16-colour table has no lavender,
//! and there the scroll box is white).

use crate::gfx::{Paint, Pattern, Rect, Rgb, Surface, TextStyle};

use super::look::Look;
use super::pens::Pen;

/// System 7's control colours (chosen to land on entries of the 4- and
/// 8-bit system colour tables; the 2-bit table's greys stand in for them
/// at 4 colours, see `Inks::new`).
const FACE: u32 = 0xDDDDDD;
const TRACK: u32 = 0xCCCCCC;
const SHADOW: u32 = 0x888888;
const DARK: u32 = 0x555555;
const THUMB: u32 = 0xCCCCFF;
const THUMB_SHADOW: u32 = 0x6666CC;
const THUMB_LIGHT: u32 = 0xEEEEFF;

/// The Mac's hollow scroll arrow, pointing up (11 x 10, our own pixels).
#[rustfmt::skip]
pub const ARROW: [&str; 10] = [
    ".....#.....",
    "....#.#....",
    "...#...#...",
    "..#.....#..",
    ".#.......#.",
    "####...####",
    "...#...#...",
    "...#...#...",
    "...#...#...",
    "...#####...",
];

/// The inks of one surface: black and white, and on colour screens the
/// System 7 greys (None on one bit).
pub struct Inks {
    pub black: Paint,
    pub white: Paint,
    pub dimmed: Paint,
    colour: Option<Colours>,
}

/// System 7's control colours as this surface shows them.
#[derive(Clone, Copy)]
struct Colours {
    face: Paint,
    track: Paint,
    shadow: Paint,
    dark: Paint,
    thumb: Paint,
    thumb_shadow: Paint,
    thumb_light: Paint,
}

impl Inks {
    pub fn new(s: &mut Surface, look: &Look) -> Inks {
        let white = look.paint(Pen::Background);
        let colour = (!look.is_monochrome()).then(|| {
            let mut c = |hex: u32| Paint::Solid(s.value_for(Rgb::hex(hex)));
            let (track, thumb, dark) = (c(TRACK), c(THUMB), c(DARK));
            // The 2-bit table (white, #ACACAC, #555555, black) has no grey
            // as light as the face: the nearest would be white, and the
            // controls flat. Its light grey is the face then, and its dark
            // grey the shadow, so they stay 3-D as System 7's did.
            let (face, shadow) = match c(FACE) {
                face if face == white => (track, dark),
                face => (face, c(SHADOW)),
            };
            Colours {
                face,
                track,
                shadow,
                dark,
                // Where the table has no lavender apart from the track's
                // grey (16 colours), the scroll box is white.
                thumb: if thumb == track { c(0xFFFFFF) } else { thumb },
                thumb_shadow: c(THUMB_SHADOW),
                thumb_light: c(THUMB_LIGHT),
            }
        });
        let dimmed = dimmed_on_face(look.paint(Pen::Disabled), colour);
        Inks { black: look.paint(Pen::Text), white, dimmed, colour }
    }

    /// True on colour screens, where System 7 draws its 3-D controls.
    pub fn is_colour(&self) -> bool {
        self.colour.is_some()
    }

    /// The grey of a 3-D face (white in one bit).
    pub fn face(&self) -> Paint {
        self.colour.map_or(self.white, |c| c.face)
    }

    /// The shaded edge of a 3-D face (black in one bit).
    pub fn shadow(&self) -> Paint {
        self.colour.map_or(self.black, |c| c.shadow)
    }
}

/// The ink of a dimmed label on a control's face. The 4-colour table's
/// light grey is both the dimmed grey and the face there, which would hide
/// the label: it takes the table's dark grey then, still apart from black.
fn dimmed_on_face(dimmed: Paint, colour: Option<Colours>) -> Paint {
    match colour {
        Some(c) if c.face == dimmed => c.dark,
        _ => dimmed,
    }
}

/// Lights a face: `light` along the top and left just inside `r`, `dark`
/// along the bottom and right.
pub fn bevel(s: &mut Surface, r: Rect, light: Paint, dark: Paint) {
    if r.w < 2 || r.h < 2 {
        return;
    }
    s.hline(r.x, r.right() - 2, r.y, light);
    s.vline(r.x, r.y, r.bottom() - 2, light);
    s.hline(r.x + 1, r.right() - 1, r.bottom() - 1, dark);
    s.vline(r.right() - 1, r.y + 1, r.bottom() - 1, dark);
}

/// A push button's outline: a rectangle whose corners are cut by a pixel
/// on the diagonal, as QuickDraw rounds a small button.
fn round_outline(s: &mut Surface, r: Rect, ink: Paint) {
    s.hline(r.x + 2, r.right() - 3, r.y, ink);
    s.hline(r.x + 2, r.right() - 3, r.bottom() - 1, ink);
    s.vline(r.x, r.y + 2, r.bottom() - 3, ink);
    s.vline(r.right() - 1, r.y + 2, r.bottom() - 3, ink);
    for (x, y) in
        [(r.x + 1, r.y + 1), (r.right() - 2, r.y + 1), (r.x + 1, r.bottom() - 2), (r.right() - 2, r.bottom() - 2)]
    {
        s.put(x, y, ink.value_at(x, y));
    }
}

/// Fills the inside of the outline `round_outline` draws.
fn round_fill(s: &mut Surface, r: Rect, ink: Paint) {
    s.fill_rect(Rect::from_edges(r.x + 1, r.y + 2, r.right() - 1, r.bottom() - 2), ink);
    s.fill_rect(Rect::from_edges(r.x + 2, r.y + 1, r.right() - 2, r.bottom() - 1), ink);
}

/// How a push button is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ButtonState {
    pub enabled: bool,
    /// Held down: inverted.
    pub pressed: bool,
    /// The default button (Return presses it): ringed with a thick line.
    pub default: bool,
}

/// A push button with its label in the title font: a rounded black
/// outline round white (one bit) or round a lit grey face (colour);
/// dimmed labels grey; the default button ringed three pixels thick,
/// three pixels out.
pub fn button(s: &mut Surface, look: &Look, r: Rect, label: &str, state: ButtonState) {
    let ink = Inks::new(s, look);
    s.fill_rect(r, ink.white);
    let label_ink = if state.pressed {
        round_fill(s, r, ink.black);
        ink.white
    } else {
        if let Some(c) = ink.colour {
            round_fill(s, r, c.face);
            // The light from the upper left: white inside the top and left
            // edges, the shadow inside the bottom and right.
            s.hline(r.x + 2, r.right() - 3, r.y + 1, ink.white);
            s.vline(r.x + 1, r.y + 2, r.bottom() - 3, ink.white);
            s.hline(r.x + 2, r.right() - 3, r.bottom() - 2, c.shadow);
            s.vline(r.right() - 2, r.y + 2, r.bottom() - 3, c.shadow);
        }
        if state.enabled { ink.black } else { ink.dimmed }
    };
    round_outline(s, r, ink.black);
    if state.default {
        default_ring(s, r, ink.black);
    }
    let font = look.title_font;
    let tw = font.text_width(label) as i32;
    let (x, y) = (r.x + (r.w - tw) / 2, r.y + (r.h - font.height() as i32 + 1) / 2);
    s.draw_text(font, label, x, y, label_ink, TextStyle::PLAIN);
}

/// The default button's ring: three pixels thick, a pixel's gap outside
/// the button, its corners arcs about the button's own, so the ring runs
/// round them as one thick line without holes.
fn default_ring(s: &mut Surface, r: Rect, ink: Paint) {
    const THICK: i32 = 3;
    // The arcs' outer radius: the button's corner (2), the gap and the ring.
    const RADIUS: i32 = 6;
    let o = r.inset(-(THICK + 1), -(THICK + 1));
    for k in 0..THICK {
        s.hline(o.x + RADIUS, o.right() - 1 - RADIUS, o.y + k, ink);
        s.hline(o.x + RADIUS, o.right() - 1 - RADIUS, o.bottom() - 1 - k, ink);
        s.vline(o.x + k, o.y + RADIUS, o.bottom() - 1 - RADIUS, ink);
        s.vline(o.right() - 1 - k, o.y + RADIUS, o.bottom() - 1 - RADIUS, ink);
    }
    // A corner pixel is on the arc where its centre lies within the outer
    // circle and outside the inner one.
    let on_arc = |dx: i32, dy: i32| {
        let d = f64::from(RADIUS) - 0.5;
        let from_centre = (d - f64::from(dx)).hypot(d - f64::from(dy));
        from_centre <= f64::from(RADIUS) && from_centre > f64::from(RADIUS - THICK)
    };
    for dy in 0..RADIUS {
        for dx in (0..RADIUS).filter(|&dx| on_arc(dx, dy)) {
            for (px, py) in [
                (o.x + dx, o.y + dy),
                (o.right() - 1 - dx, o.y + dy),
                (o.x + dx, o.bottom() - 1 - dy),
                (o.right() - 1 - dx, o.bottom() - 1 - dy),
            ] {
                s.put(px, py, ink.value_at(px, py));
            }
        }
    }
}

/// Fills the inside of the hollow arrow (the pixels between its outline
/// on each row), so colour arrows can be lit like the thumb.
fn arrow_inside(s: &mut Surface, r: Rect, flip: bool, ink: Paint) {
    let (w, h) = (ARROW[0].len() as i32, ARROW.len() as i32);
    let (x0, y0) = (r.x + (r.w - w) / 2, r.y + (r.h - h) / 2);
    for (i, row) in ARROW.iter().enumerate().take(ARROW.len() - 1) {
        let (Some(first), Some(last)) = (row.find('#'), row.rfind('#')) else { continue };
        if i == 5 {
            // The arrowhead's base runs out to the sides: only its middle
            // is inside.
            continue;
        }
        let y = if flip { y0 + h - 1 - i as i32 } else { y0 + i as i32 };
        for x in first + 1..last {
            let px = x0 + x as i32;
            s.put(px, y, ink.value_at(px, y));
        }
    }
    let base = if flip { y0 + h - 1 - 5 } else { y0 + 5 };
    for x in 4..7 {
        s.put(x0 + x, base, ink.value_at(x0 + x, base));
    }
}

/// A vertical scroll bar: `whole` framed black, the arrow boxes `up` and
/// `down` at its ends, `track` between them and the scroll box at
/// `thumb` (None: nothing to scroll, the track stays white and the
/// arrows hollow).
pub fn scroll_bar(s: &mut Surface, look: &Look, whole: Rect, up: Rect, down: Rect, track: Rect, thumb: Option<Rect>) {
    let ink = Inks::new(s, look);
    s.fill_rect(whole, ink.white);
    s.frame_rect(whole, ink.black);
    if let Some(k) = thumb {
        match ink.colour {
            Some(c) => {
                // A grey track, shaded inside its top and left edges.
                s.fill_rect(track, c.track);
                s.vline(track.x, track.y, track.bottom() - 1, c.shadow);
                let k = Rect::new(whole.x, k.y, whole.w, k.h);
                s.fill_rect(k, c.thumb);
                s.frame_rect(k, ink.black);
                bevel(s, k.inset(1, 1), c.thumb_light, c.thumb_shadow);
                // Its drop shadow on the track.
                s.hline(k.x + 2, k.right() - 2, k.bottom(), c.shadow);
            }
            None => {
                let (b, w) = (ink.black.value_at(0, 0), ink.white.value_at(0, 0));
                s.fill_rect(track, Paint::Pattern { pattern: Pattern::GRAY, fore: b, back: w });
                let k = Rect::new(whole.x, k.y, whole.w, k.h);
                s.fill_rect(k, ink.white);
                s.frame_rect(k, ink.black);
            }
        }
    }
    for (r, flip) in [(up, false), (down, true)] {
        s.frame_rect(r, ink.black);
        if let Some(c) = ink.colour {
            let inner = r.inset(1, 1);
            s.fill_rect(inner, c.face);
            bevel(s, inner, ink.white, c.shadow);
            if thumb.is_some() {
                arrow_inside(s, r, flip, c.thumb);
            }
        }
        s.stamp_centred(&ARROW, r, flip, ink.black);
    }
}

/// A horizontal scroll bar: the vertical one mirrored across its
/// diagonal, so its arrows point left and right while its lit edges stay
/// at the top and left. `left` and `right` are its arrow boxes.
pub fn hscroll_bar(
    s: &mut Surface,
    look: &Look,
    whole: Rect,
    left: Rect,
    right: Rect,
    track: Rect,
    thumb: Option<Rect>,
) {
    let mirror = |r: Rect| Rect::new(r.y - whole.y, r.x - whole.x, r.h, r.w);
    let mut upright = Surface::new(whole.h.max(0) as u32, whole.w.max(0) as u32, s.format(), s.palette().clone());
    scroll_bar(&mut upright, look, mirror(whole), mirror(left), mirror(right), mirror(track), thumb.map(mirror));
    for y in 0..whole.h {
        for x in 0..whole.w {
            if let Some(v) = upright.get(y, x) {
                s.put(whole.x + x, whole.y + y, v);
            }
        }
    }
}

/// The size box in a window's lower right corner, `r` including the frame
/// lines it shares with the window: two overlapping squares, the small
/// one in front; in colour on a lit grey face.
pub fn size_box(s: &mut Surface, look: &Look, r: Rect) {
    let ink = Inks::new(s, look);
    s.fill_rect(r, ink.white);
    s.frame_rect(r, ink.black);
    let inner = r.inset(1, 1);
    if let Some(c) = ink.colour {
        s.fill_rect(inner, c.face);
        bevel(s, inner, ink.white, c.shadow);
    }
    let (x, y) = (inner.x, inner.y);
    let big = Rect::new(x + 4, y + 4, 8, 8);
    let small = Rect::new(x + 2, y + 2, 6, 6);
    if let Some(c) = ink.colour {
        s.fill_rect(big, c.track);
    }
    s.frame_rect(big, ink.black);
    s.fill_rect(small, ink.white);
    s.frame_rect(small, ink.black);
}

/// The boxes of a title bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TitleBox {
    Close,
    /// The zoom box: a small square in its upper left corner.
    Zoom,
}

/// A close or zoom box, `r` its 11 x 11 outline: white inside (one bit) or
/// a lit grey face (colour).
pub fn title_box(s: &mut Surface, look: &Look, r: Rect, kind: TitleBox) {
    let ink = Inks::new(s, look);
    s.fill_rect(r, ink.white);
    if let Some(c) = ink.colour {
        let inner = r.inset(1, 1);
        s.fill_rect(inner, c.face);
        bevel(s, inner, ink.white, c.dark);
    }
    s.frame_rect(r, ink.black);
    if kind == TitleBox::Zoom {
        s.frame_rect(Rect::new(r.x, r.y, 7, 7), ink.black);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machines::Depth;

    fn colours(s: &Surface, r: Rect) -> std::collections::BTreeSet<Rgb> {
        (r.y..r.bottom())
            .flat_map(|y| (r.x..r.right()).map(move |x| (x, y)))
            .filter_map(|(x, y)| s.colour_at(x, y))
            .collect()
    }

    #[test]
    fn one_bit_controls_are_black_and_white_and_colour_ones_grey() {
        let r = Rect::new(10, 10, 60, 20);
        for depth in Depth::ALL {
            let look = Look::mac(depth, 640, 480);
            let mut s = look.new_surface();
            button(&mut s, &look, r, "OK", ButtonState { enabled: true, pressed: false, default: true });
            let seen = colours(&s, r);
            if depth == Depth::Bits1 {
                assert_eq!(seen.len(), 2, "{depth:?}: {seen:?}");
            } else {
                assert!(seen.len() >= 3, "{depth:?}: a grey face as well as black and white: {seen:?}");
            }
        }
    }

    /// The default button's ring is one thick line round its corners: on
    /// each of its three outer rows and columns the ink runs unbroken from
    /// where the arc begins to where it ends (the corners once had holes).
    #[test]
    fn the_default_ring_runs_round_its_corners_without_holes() {
        let r = Rect::new(10, 10, 60, 20);
        let look = Look::mac(Depth::Bits1, 640, 480);
        let mut s = look.new_surface();
        button(&mut s, &look, r, "", ButtonState { enabled: true, pressed: false, default: true });
        let o = r.inset(-4, -4);
        let black = |x: i32, y: i32| s.colour_at(x, y) == Some(Rgb::BLACK);
        let unbroken = |line: Vec<bool>| {
            let (first, last) = (line.iter().position(|&b| b), line.iter().rposition(|&b| b));
            first.zip(last).is_some_and(|(f, l)| line[f..=l].iter().all(|&b| b))
        };
        for k in 0..3 {
            for y in [o.y + k, o.bottom() - 1 - k] {
                assert!(unbroken((o.x..o.right()).map(|x| black(x, y)).collect()), "row {y}");
            }
            for x in [o.x + k, o.right() - 1 - k] {
                assert!(unbroken((o.y..o.bottom()).map(|y| black(x, y)).collect()), "column {x}");
            }
        }
    }

    /// From 4 colours up a button is 3-D: a grey face, lit white at the
    /// top and shaded darker at the bottom.
    #[test]
    fn colour_buttons_have_a_grey_face_and_a_darker_shadow_at_every_depth() {
        let r = Rect::new(10, 10, 60, 20);
        for depth in Depth::ALL.into_iter().filter(|&d| d != Depth::Bits1) {
            let look = Look::mac(depth, 640, 480);
            let mut s = look.new_surface();
            button(&mut s, &look, r, "", ButtonState { enabled: true, pressed: false, default: false });
            let (face, shadow) = (s.colour_at(r.x + 4, r.y + 4), s.colour_at(r.x + 4, r.bottom() - 2));
            assert_ne!(face, Some(Rgb::WHITE), "{depth:?}: a white face");
            assert_ne!(face, shadow, "{depth:?}: no shadow");
            assert_eq!(s.colour_at(r.x + 4, r.y + 1), Some(Rgb::WHITE), "{depth:?}: no light");
        }
    }

    /// A dimmed label shows on the face at every depth (at 4 colours the
    /// dimmed grey is the face's own), and is not the black of an enabled one.
    #[test]
    fn a_dimmed_label_reads_on_the_face_at_every_depth() {
        let r = Rect::new(10, 10, 60, 20);
        for depth in Depth::ALL {
            let look = Look::mac(depth, 640, 480);
            let mut s = look.new_surface();
            button(&mut s, &look, r, "", ButtonState::default());
            let face = s.colour_at(r.x + 4, r.y + 4);
            // A patch of the label's ink (a pattern on one bit).
            let patch = Rect::new(r.x + 4, r.y + 4, 2, 2);
            let ink = Inks::new(&mut s, &look).dimmed;
            s.fill_rect(patch, ink);
            let inked: Vec<_> = (0..4).map(|i| s.colour_at(patch.x + i % 2, patch.y + i / 2)).collect();
            assert!(inked.iter().any(|&c| c != face), "{depth:?}: the dimmed label is the face");
            if depth != Depth::Bits1 {
                assert!(!inked.contains(&Some(Rgb::BLACK)), "{depth:?}: the dimmed label is black");
            }
        }
    }

    #[test]
    fn a_colour_scroll_box_is_lavender_where_the_table_has_it() {
        let look = Look::mac(Depth::Colours256, 640, 480);
        let mut s = look.new_surface();
        let whole = Rect::new(0, 0, 16, 100);
        let (up, down) = (Rect::new(0, 0, 16, 16), Rect::new(0, 84, 16, 16));
        let track = Rect::from_edges(1, 16, 15, 84);
        scroll_bar(&mut s, &look, whole, up, down, track, Some(Rect::new(1, 40, 14, 16)));
        assert_eq!(s.colour_at(7, 48), Some(Rgb::hex(THUMB)));
        assert_eq!(s.colour_at(7, 70), Some(Rgb::hex(TRACK)));
        // With nothing to scroll, the track is white.
        scroll_bar(&mut s, &look, whole, up, down, track, None);
        assert_eq!(s.colour_at(7, 48), Some(Rgb::WHITE));
        // The 16-colour table has no lavender: the box is white on the
        // grey track there, as the README says.
        let look = Look::mac(Depth::Colours16, 640, 480);
        let mut s = look.new_surface();
        scroll_bar(&mut s, &look, whole, up, down, track, Some(Rect::new(1, 40, 14, 16)));
        assert_eq!(s.colour_at(7, 48), Some(Rgb::WHITE));
        assert_ne!(s.colour_at(7, 70), Some(Rgb::WHITE));
    }
}
