//! Where everything of a help viewer goes in the view's area, for each
//! machine's manner: buttons, the text pane, scroll bars, the Mac's topic
//! list. Input and drawing both work from these rectangles.

use crate::gfx::Rect;
use crate::gfx::font::{self, Font};

use super::style::{Manner, css, width};
use crate::gfx::TextStyle;

/// A viewer button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Control {
    Contents,
    Index,
    Help,
    Retrace,
    Prev,
    Next,
    Close,
}

impl Control {
    /// AmigaGuide's button row, in its order.
    pub const GUIDE_ROW: [Control; 6] =
        [Control::Contents, Control::Index, Control::Help, Control::Retrace, Control::Prev, Control::Next];

    pub fn label(self, manner: Manner) -> &'static str {
        match (self, manner) {
            (Control::Contents, _) => "Contents",
            (Control::Index, _) => "Index",
            (Control::Help, _) => "Help",
            (Control::Retrace, Manner::Guide) => "Retrace",
            (Control::Retrace, _) => "Back",
            (Control::Prev, Manner::Guide) => "Browse <",
            (Control::Prev, _) => "< Previous",
            (Control::Next, Manner::Guide) => "Browse >",
            (Control::Next, _) => "Next >",
            (Control::Close, _) => "Close",
        }
    }

    /// The letter that presses the button, typed by itself (Retrace
    /// takes Backspace as well; Close is Escape's).
    pub fn letter(self) -> Option<char> {
        match self {
            Control::Contents => Some('c'),
            Control::Index => Some('i'),
            Control::Help => Some('h'),
            Control::Retrace => Some('r'),
            Control::Prev => Some('p'),
            Control::Next => Some('n'),
            Control::Close => None,
        }
    }

    /// The button a letter typed by itself presses.
    pub fn of_letter(c: char) -> Option<Control> {
        Control::GUIDE_ROW.into_iter().find(|b| b.letter() == Some(c))
    }
}

/// A scroll bar: its arrows (up and down, or left and right) and the
/// track the knob moves in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScrollBar {
    pub whole: Rect,
    pub track: Rect,
    /// The arrow towards the start (up or left) and towards the end.
    pub up: Rect,
    pub down: Rect,
    /// Amiga and Windows knobs show how much is in view; the Mac's thumb
    /// is a fixed square.
    pub proportional: bool,
    pub vertical: bool,
}

/// The smallest knob, so it can still be grabbed.
const MIN_KNOB: i32 = 8;

impl ScrollBar {
    /// The track's start and length along the bar, and its thickness.
    fn axis(&self) -> (i32, i32, i32) {
        let t = self.track;
        if self.vertical { (t.y, t.h, t.w) } else { (t.x, t.w, t.h) }
    }

    /// The knob showing `view` of `total` pixels scrolled to `pos` of
    /// `max`; None when everything is in view.
    pub fn knob(&self, pos: i32, max: i32, view: i32, total: i32) -> Option<Rect> {
        let (start, len, thick) = self.axis();
        if max <= 0 || total <= view || len <= 0 {
            return None;
        }
        let size = if self.proportional { (len as i64 * view as i64 / total as i64) as i32 } else { thick }
            .clamp(MIN_KNOB.min(len), len);
        let at = start + ((len - size) as i64 * pos.clamp(0, max) as i64 / max as i64) as i32;
        let t = self.track;
        Some(if self.vertical { Rect::new(t.x, at, t.w, size) } else { Rect::new(at, t.y, size, t.h) })
    }

    /// The scroll position (of `max`) that puts a knob `size` long at
    /// `at` along the bar.
    pub fn pos_for(&self, at: i32, size: i32, max: i32) -> i32 {
        let (start, len, _) = self.axis();
        let travel = (len - size).max(1);
        ((at - start).clamp(0, travel) as i64 * max as i64 / travel as i64) as i32
    }
}

/// Every rectangle of a viewer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panes {
    pub manner: Manner,
    pub area: Rect,
    /// The AmigaGuide window's title bar with its close and depth gadgets.
    pub title_bar: Option<Rect>,
    pub close: Option<Rect>,
    pub depth: Option<Rect>,
    /// The page's button strip.
    pub toolbar: Option<Rect>,
    pub buttons: Vec<(Control, Rect)>,
    /// The Mac's topic title above the text.
    pub heading: Option<Rect>,
    /// The text pane's box (its background and frame).
    pub frame: Rect,
    /// Where the lines go.
    pub text: Rect,
    pub bar: ScrollBar,
    /// The AmigaGuide window's horizontal scroller (its bottom border) and
    /// its sizing gadget in the corner.
    pub hbar: Option<ScrollBar>,
    pub size_gadget: Option<Rect>,
    /// The Mac's topic list box, its rows area and its scroll bar.
    pub topics: Option<(Rect, Rect, ScrollBar)>,
}

/// AmigaGuide window sizes with Topaz 8 (Intuition's, as in amiga.rs);
/// the close gadget's and right border's widths are our estimate
/// (unverified), doubled in pixels on 640-wide screens like the depth
/// gadget.
const AMIGA_TITLE: i32 = 11;
const AMIGA_LEFT: i32 = 4;
/// The bottom border holding the horizontal scroller.
const AMIGA_BOTTOM: i32 = 10;
/// GadTools buttons: the font's height plus 6.
const AMIGA_BUTTON_PAD: i32 = 6;
const AMIGA_ARROW_H: i32 = 11;

/// Mac Toolbox sizes: scroll bars 16 px, push buttons 20 px high.
const MAC_BAR: i32 = 16;
const MAC_MARGIN: i32 = 8;
const MAC_BUTTON: (i32, i32) = (60, 20);
/// A Mac list row: Chicago 12's line plus one pixel.
pub const MAC_ROW: i32 = 16;

/// Windows 95: scroll bars 16 px, push buttons 75 x 23.
const WIN_BAR: i32 = 16;
const WIN_BUTTON: (i32, i32) = (75, 23);
const WIN_TOOLBAR: i32 = 29;

impl Panes {
    /// Where the text pane's lines are drawn, and cut off: a link's box
    /// stands a pixel left of its text.
    pub fn text_clip(&self) -> Rect {
        Rect::from_edges(self.text.x - 1, self.text.y, self.frame.right() - 1, self.text.bottom())
    }

    /// The viewer's rectangles in `area`; `controls` are the buttons the
    /// page's toolbar shows (AmigaGuide always has its row of six, the
    /// Mac only Back).
    pub fn new(manner: Manner, area: Rect, controls: &[Control]) -> Panes {
        match manner {
            Manner::Guide => Panes::guide(area),
            Manner::Topics => Panes::topics(area),
            Manner::Page => Panes::page(area, controls),
        }
    }

    /// The font buttons are labelled in.
    pub fn button_font(manner: Manner) -> &'static Font {
        match manner {
            Manner::Guide => font::topaz8(),
            Manner::Topics => font::chicago12(),
            Manner::Page => font::winsans8(),
        }
    }

    fn guide(area: Rect) -> Panes {
        let hires = area.w >= 640;
        let (close_w, depth_w, right_w) = if hires { (20, 24, 18) } else { (15, 18, 14) };
        let title_bar = Rect::new(area.x, area.y, area.w, AMIGA_TITLE);
        let inner = Rect::from_edges(
            area.x + AMIGA_LEFT,
            title_bar.bottom(),
            area.right() - right_w,
            area.bottom() - AMIGA_BOTTOM,
        );
        // The row of six buttons, equally wide; on a 320-pixel screen they
        // cannot show their labels in one row, so they take two of three.
        let font = Panes::button_font(Manner::Guide);
        let gap = 4;
        let button_h = font.height() as i32 + AMIGA_BUTTON_PAD;
        let room = inner.w - 4;
        let widest = Control::GUIDE_ROW.iter().map(|c| font.text_width(c.label(Manner::Guide)) as i32).max();
        let min_w = widest.unwrap_or(0) + 12;
        let per_row = if 6 * min_w + 5 * gap <= room { 6 } else { 3 };
        let mut buttons = Vec::with_capacity(6);
        for (i, &c) in Control::GUIDE_ROW.iter().enumerate() {
            let (row, col) = ((i / per_row) as i32, (i % per_row) as i32);
            let n = per_row as i32;
            let x0 = inner.x + 2 + col * (room + gap) / n;
            let x1 = inner.x + 2 + (col + 1) * (room + gap) / n - gap;
            let y = inner.y + 2 + row * (button_h + 2);
            buttons.push((c, Rect::from_edges(x0, y, x1, y + button_h)));
        }
        let rows = Control::GUIDE_ROW.len().div_ceil(per_row) as i32;
        let frame = Rect::from_edges(inner.x, inner.y + 2 + rows * (button_h + 2) + 1, inner.right(), inner.bottom());
        let text = Rect::from_edges(frame.x + 4, frame.y + 2, frame.right() - 2, frame.bottom() - 1);
        // The right border holds the vertical scroller, the bottom border
        // the horizontal one, and the sizing gadget sits in the corner.
        let bx = area.right() - right_w;
        let corner = Rect::new(bx, area.bottom() - AMIGA_BOTTOM, right_w, AMIGA_BOTTOM);
        let down = Rect::new(bx, corner.y - AMIGA_ARROW_H, right_w, AMIGA_ARROW_H);
        let up = down.offset(0, -AMIGA_ARROW_H);
        let bar = ScrollBar {
            whole: Rect::from_edges(bx, title_bar.bottom(), area.right(), corner.y),
            track: Rect::from_edges(bx + 3, title_bar.bottom() + 2, area.right() - 3, up.y - 2),
            up,
            down,
            proportional: true,
            vertical: true,
        };
        let right = Rect::new(bx - right_w, corner.y, right_w, AMIGA_BOTTOM);
        let left = right.offset(-right_w, 0);
        let hbar = ScrollBar {
            whole: Rect::from_edges(area.x, corner.y, bx, area.bottom()),
            track: Rect::from_edges(inner.x + 2, corner.y + 2, left.x - 3, area.bottom() - 2),
            up: left,
            down: right,
            proportional: true,
            vertical: false,
        };
        Panes {
            manner: Manner::Guide,
            area,
            title_bar: Some(title_bar),
            close: Some(Rect::new(area.x, area.y, close_w, AMIGA_TITLE)),
            depth: Some(Rect::new(area.right() - depth_w, area.y, depth_w, AMIGA_TITLE)),
            toolbar: None,
            buttons,
            heading: None,
            frame,
            text,
            bar,
            hbar: Some(hbar),
            size_gadget: Some(corner),
            topics: None,
        }
    }

    fn topics(area: Rect) -> Panes {
        // At most 200 pixels: as wide as the manuals' longest titles
        // ("Words used in this manual") need in a 640-pixel window; the
        // SE/30's 512 pixels give it less, and those are shortened.
        let list_w = (area.w * 3 / 10).clamp(110, 200);
        let left = area.x + MAC_MARGIN;
        let back = Rect::new(left, area.bottom() - MAC_MARGIN - MAC_BUTTON.1, MAC_BUTTON.0, MAC_BUTTON.1);
        let list = Rect::from_edges(left, area.y + MAC_MARGIN, left + list_w, back.y - MAC_MARGIN);
        let list_bar = mac_bar(list);
        let rows = Rect::from_edges(list.x + 1, list.y + 1, list_bar.whole.x, list.bottom() - 1);
        let x0 = list.right() + 10;
        let heading = Rect::from_edges(x0, area.y + MAC_MARGIN, area.right() - MAC_MARGIN, area.y + MAC_MARGIN + 20);
        let frame = Rect::from_edges(x0, heading.bottom() + 4, heading.right(), area.bottom() - MAC_MARGIN);
        // Both bars share the frame's lines and each other's, leaving the
        // corner square between them blank, as a Mac window's did.
        let hbar = mac_hbar(Rect::from_edges(frame.x, frame.y, frame.right() - MAC_BAR + 1, frame.bottom()));
        let bar = mac_bar(Rect::from_edges(frame.x, frame.y, frame.right(), hbar.whole.y + 1));
        let text = Rect::from_edges(frame.x + 5, frame.y + 4, bar.whole.x - 4, hbar.whole.y - 3);
        Panes {
            manner: Manner::Topics,
            area,
            title_bar: None,
            close: None,
            depth: None,
            toolbar: None,
            buttons: vec![(Control::Retrace, back)],
            heading: Some(heading),
            frame,
            text,
            bar,
            hbar: Some(hbar),
            size_gadget: None,
            topics: Some((list, rows, list_bar)),
        }
    }

    fn page(area: Rect, controls: &[Control]) -> Panes {
        let toolbar = Rect::new(area.x, area.y, area.w, WIN_TOOLBAR);
        let font = Panes::button_font(Manner::Page);
        let by = toolbar.y + (WIN_TOOLBAR - WIN_BUTTON.1) / 2;
        let button_w = |c: Control| (width(font, c.label(Manner::Page), TextStyle::PLAIN) + 16).max(WIN_BUTTON.0);
        // Close sits at the right end, the rest from the left.
        let mut buttons = Vec::with_capacity(controls.len());
        let mut x = toolbar.x + 4;
        for &c in controls.iter().filter(|&&c| c != Control::Close) {
            buttons.push((c, Rect::new(x, by, button_w(c), WIN_BUTTON.1)));
            x += button_w(c) + 4;
        }
        if controls.contains(&Control::Close) {
            let w = button_w(Control::Close);
            buttons.push((Control::Close, Rect::new(toolbar.right() - 4 - w, by, w, WIN_BUTTON.1)));
        }
        let page = Rect::from_edges(area.x, toolbar.bottom(), area.right(), area.bottom());
        let whole = Rect::new(page.right() - WIN_BAR, page.y, WIN_BAR, page.h);
        let up = Rect::new(whole.x, whole.y, WIN_BAR, WIN_BAR);
        let down = Rect::new(whole.x, whole.bottom() - WIN_BAR, WIN_BAR, WIN_BAR);
        let track = Rect::from_edges(whole.x, up.bottom(), whole.right(), down.y);
        let column = (page.w - WIN_BAR).min(css::MAX_WIDTH + 2 * css::PAD_SIDE);
        let frame = Rect::new(page.x, page.y, column, page.h);
        let text = Rect::from_edges(
            frame.x + css::PAD_SIDE,
            frame.y + css::PAD_TOP,
            frame.right() - css::PAD_SIDE,
            frame.bottom() - 4,
        );
        Panes {
            manner: Manner::Page,
            area,
            title_bar: None,
            close: None,
            depth: None,
            toolbar: Some(toolbar),
            buttons,
            heading: None,
            frame,
            text,
            bar: ScrollBar { whole, track, up, down, proportional: true, vertical: true },
            hbar: None,
            size_gadget: None,
            topics: None,
        }
    }

    /// The page with a horizontal scroll bar along its foot, as the
    /// browser pane showed one only while something was wider than the
    /// page: the vertical bar and the page get shorter, leaving a square
    /// corner between the two bars.
    pub fn with_page_hbar(mut self) -> Panes {
        debug_assert_eq!(self.manner, Manner::Page);
        let whole = Rect::new(self.area.x, self.area.bottom() - WIN_BAR, self.bar.whole.x - self.area.x, WIN_BAR);
        let left = Rect::new(whole.x, whole.y, WIN_BAR, WIN_BAR);
        let right = Rect::new(whole.right() - WIN_BAR, whole.y, WIN_BAR, WIN_BAR);
        let track = Rect::from_edges(left.right(), whole.y, right.x, whole.bottom());
        self.hbar = Some(ScrollBar { whole, track, up: left, down: right, proportional: true, vertical: false });
        let v = &mut self.bar;
        v.whole.h -= WIN_BAR;
        v.down = v.down.offset(0, -WIN_BAR);
        v.track.h -= WIN_BAR;
        self.frame.h -= WIN_BAR;
        self.text.h -= WIN_BAR;
        self
    }

    /// The button of a control, if this viewer has one.
    pub fn button(&self, control: Control) -> Option<Rect> {
        self.buttons.iter().find(|(c, _)| *c == control).map(|(_, r)| *r)
    }
}

/// A Mac scroll bar along the right edge of `boxed`, sharing its frame.
fn mac_bar(boxed: Rect) -> ScrollBar {
    let whole = Rect::new(boxed.right() - MAC_BAR, boxed.y, MAC_BAR, boxed.h);
    let up = Rect::new(whole.x, whole.y, MAC_BAR, MAC_BAR);
    let down = Rect::new(whole.x, whole.bottom() - MAC_BAR, MAC_BAR, MAC_BAR);
    // The thumb moves between the arrows, overlapping their edge lines.
    let track = Rect::from_edges(whole.x, up.bottom() - 1, whole.right(), down.y + 1);
    ScrollBar { whole, track, up, down, proportional: false, vertical: true }
}

/// A Mac scroll bar along the bottom edge of `boxed`, sharing its frame.
fn mac_hbar(boxed: Rect) -> ScrollBar {
    let whole = Rect::new(boxed.x, boxed.bottom() - MAC_BAR, boxed.w, MAC_BAR);
    let left = Rect::new(whole.x, whole.y, MAC_BAR, MAC_BAR);
    let right = Rect::new(whole.right() - MAC_BAR, whole.y, MAC_BAR, MAC_BAR);
    let track = Rect::from_edges(left.right() - 1, whole.y, right.x + 1, whole.bottom());
    ScrollBar { whole, track, up: left, down: right, proportional: false, vertical: false }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guide_row_takes_two_rows_on_a_lores_screen() {
        let pal = Panes::new(Manner::Guide, Rect::new(0, 11, 320, 245), &[]);
        let ys: Vec<i32> = pal.buttons.iter().map(|(_, r)| r.y).collect();
        assert_eq!(ys[0], ys[2]);
        assert!(ys[3] > ys[0]);
        let dbl = Panes::new(Manner::Guide, Rect::new(0, 11, 640, 501), &[]);
        assert!(dbl.buttons.iter().all(|(_, r)| r.y == dbl.buttons[0].1.y));
        for p in [pal, dbl] {
            for (i, (_, r)) in p.buttons.iter().enumerate() {
                assert_eq!(r.intersect(&p.area), *r);
                assert!(p.buttons[i + 1..].iter().all(|(_, q)| q.intersect(r).is_empty()));
                assert!(r.bottom() < p.frame.y);
            }
            assert!(p.text.right() <= p.bar.whole.x);
            let h = p.hbar.unwrap();
            assert!(h.track.y >= p.frame.bottom() && h.track.right() < h.up.x && h.down.right() <= p.bar.whole.x);
        }
    }

    #[test]
    fn knobs_are_proportional_except_the_macs() {
        let p = Panes::new(Manner::Page, Rect::new(12, 72, 674, 402), &[Control::Retrace, Control::Close]);
        let track = p.bar.track;
        let half = p.bar.knob(0, 100, 100, 200).unwrap();
        assert_eq!((half.y, half.h), (track.y, track.h / 2));
        let end = p.bar.knob(100, 100, 100, 200).unwrap();
        assert_eq!(end.bottom(), track.bottom());
        assert_eq!(p.bar.pos_for(end.y, end.h, 100), 100);
        assert_eq!(p.bar.knob(0, 0, 100, 100), None);
        let mac = Panes::new(Manner::Topics, Rect::new(2, 40, 507, 282), &[]);
        assert_eq!(mac.bar.knob(5, 10, 100, 400).unwrap().h, 16);
        assert_eq!(p.button(Control::Close).unwrap().right(), 12 + 674 - 4);
        let amiga = Panes::new(Manner::Guide, Rect::new(0, 11, 320, 245), &[]);
        let h = amiga.hbar.unwrap();
        let k = h.knob(50, 100, 100, 300).unwrap();
        assert_eq!((k.y, k.h, k.w), (h.track.y, h.track.h, h.track.w / 3));
        assert_eq!(h.pos_for(k.x, k.w, 100), 50);
    }
}
