//! Classic Macintosh chrome: the 20 px menu bar, one document window with a
//! striped title bar and close box, pull-down menus, alerts and the 50%
//! grey desktop. Geometry follows FACTS.md; drawing goes through pens, so
//! the same code serves the SE/30's 1-bit screen and every colour depth.

use crate::gfx::{Rect, Surface, TextStyle};

use super::look::Look;
use super::mac_controls::{self, ButtonState, TitleBox};
use super::menu::{Command, Menu, MenuGeometry, MenuStyle, MenuTracker, Requester};
use super::pens::Pen;
use super::status;
use super::{Chrome, Frame};

const MENU_BAR_HEIGHT: i32 = 20;
/// Rows between the window's top frame line and its content (title bar
/// interior plus the black line above the content).
const TITLE_BAR_HEIGHT: i32 = 18;
/// The status strip's rows: with the line above it and the window's
/// bottom frame line, the size box at its end is 16 x 16, as a scroll
/// bar's end is.
const STATUS_HEIGHT: i32 = 14;
const MENU_ITEM_HEIGHT: i32 = 16;
const MENU_LEFT: i32 = 10;
/// Space around a menu title inside its highlight.
const TITLE_PAD: i32 = 7;

/// The colour apple's stripes, top to bottom (the 16-colour system table's
/// green, yellow, orange, red, purple and blue), and the rows of `APPLE`
/// each covers (the leaf is green).
const APPLE_STRIPES: [(u32, std::ops::Range<usize>); 6] =
    [(0x1FB714, 0..5), (0xFCF305, 5..7), (0xFF6402, 7..8), (0xDD0806, 8..9), (0x4600A5, 9..11), (0x02ABEA, 11..12)];

/// Our own 11 x 11 apple-with-a-bite for the first menu, and the command-key
/// cloverleaf shown beside shortcuts (neither is in Latin-1).
const APPLE: [u16; 12] = [
    0b00000011000,
    0b00000110000,
    0b00000100000,
    0b00111011100,
    0b01111111110,
    0b11111111100,
    0b11111111000,
    0b11111111000,
    0b11111111100,
    0b01111111110,
    0b01111111110,
    0b00111011100,
];
const CLOVER: [u16; 9] = [
    0b011000110,
    0b100101001,
    0b100101001,
    0b011111110,
    0b000101000,
    0b011111110,
    0b100101001,
    0b100101001,
    0b011000110,
];

pub struct MacChrome {
    width: i32,
    height: i32,
    /// The window's outer frame.
    window: Rect,
    /// Where a window of another size was last left, so it goes back there
    /// when that size comes back (a game's window under its help).
    left_at: Vec<Rect>,
}

impl MacChrome {
    pub fn new(width: u32, height: u32) -> MacChrome {
        let (width, height) = (width as i32, height as i32);
        MacChrome { width, height, window: Self::full_window(width, height), left_at: Vec::new() }
    }

    /// The window that fills a screen: one pixel in from the left, one row
    /// of desktop below the menu bar, room for the drop shadow right and
    /// below.
    fn full_window(width: i32, height: i32) -> Rect {
        Rect::from_edges(1, MENU_BAR_HEIGHT + 1, width - 2, height - 2)
    }

    /// The window's outer frame.
    fn window(&self) -> Rect {
        self.window
    }

    /// Whether the window is smaller than the screen, so it can be moved.
    fn movable(&self) -> bool {
        self.window != Self::full_window(self.width, self.height)
    }

    /// The window's close box: 11 x 11, 8 px in from the left of the
    /// title bar.
    fn close_box(&self) -> Rect {
        let w = self.window();
        Rect::new(w.x + 8, w.y + 4, 11, 11)
    }

    /// The zoom box of a colour window: as the close box, from the right.
    fn zoom_box(&self) -> Rect {
        let w = self.window();
        Rect::new(w.right() - 8 - 11, w.y + 4, 11, 11)
    }

    /// The size box at the end of the status strip, including the frame
    /// lines it shares with the window.
    fn size_box(&self) -> Rect {
        let st = self.status_strip();
        Rect::new(st.right() - 15, st.y - 1, 16, STATUS_HEIGHT + 2)
    }

    fn status_strip(&self) -> Rect {
        let w = self.window();
        Rect::from_edges(w.x + 1, w.bottom() - 1 - STATUS_HEIGHT, w.right() - 1, w.bottom() - 1)
    }

    /// The status strip's figures and message, 12 px apart (the figures
    /// 6 where room is short), made terser until they fit before the size
    /// box.
    fn status_parts(&self, look: &Look, frame: &Frame) -> status::Fitted {
        let measure = |t: &str| look.text_font.text_width(t) as i32;
        let x0 = self.status_strip().x + 4;
        let width = self.size_box().x - 2 - x0;
        match frame.refusal {
            true => status::fit_refusal(&measure, width, 12, frame.fields, frame.message),
            false => status::fit(&measure, width, 12, "", frame.fields, frame.message),
        }
    }

    fn title_width(look: &Look, menu: &Menu, index: usize) -> i32 {
        if index == 0 && menu.title == "@" { APPLE_WIDTH } else { look.title_font.text_width(&menu.title) as i32 }
    }

    fn panel_width(look: &Look, menu: &Menu) -> i32 {
        let widest = menu
            .items
            .iter()
            .map(|i| look.title_font.text_width(&i.label) as i32 + if i.key.is_some() { 34 } else { 0 })
            .max()
            .unwrap_or(0);
        widest + 30
    }
}

const APPLE_WIDTH: i32 = 12;
/// The widest line of an alert's text.
const ALERT_TEXT_WIDTH: i32 = 300;

fn draw_bits(s: &mut Surface, rows: &[u16], width: u32, x: i32, y: i32, paint: crate::gfx::Paint) {
    for (dy, &bits) in rows.iter().enumerate() {
        for dx in 0..width {
            if bits & (1 << (width - 1 - dx)) != 0 {
                let (px, py) = (x + dx as i32, y + dy as i32);
                s.put(px, py, paint.value_at(px, py));
            }
        }
    }
}

/// Rounds a rectangle's corners by painting the outside of a quarter circle
/// of radius 5 in each corner (the Mac screen's and buttons' rounding).
fn round_corners(s: &mut Surface, r: Rect, paint: crate::gfx::Paint, radius: i32) {
    // Pixels cleared per row from the corner, for radius 5 and 8.
    let inset: &[i32] = if radius >= 8 { &[5, 3, 2, 1, 1] } else { &[3, 1, 1] };
    for (i, &n) in inset.iter().enumerate() {
        let i = i as i32;
        for y in [r.y + i, r.bottom() - 1 - i] {
            s.hline(r.x, r.x + n - 1, y, paint);
            s.hline(r.right() - n, r.right() - 1, y, paint);
        }
    }
}

struct MacMenus<'a> {
    chrome: &'a MacChrome,
    look: &'a Look,
}

impl MenuGeometry for MacMenus<'_> {
    fn titles(&self, menus: &[Menu]) -> Vec<Rect> {
        let mut x = MENU_LEFT;
        menus
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let w = MacChrome::title_width(self.look, m, i) + 2 * TITLE_PAD;
                let r = Rect::new(x, 0, w, MENU_BAR_HEIGHT - 1);
                x += w;
                r
            })
            .collect()
    }

    fn panel(&self, menus: &[Menu], open: usize) -> (Rect, Vec<Rect>) {
        let title = self.titles(menus)[open];
        let w = MacChrome::panel_width(self.look, &menus[open]);
        let x = title.x.min(self.chrome.width - w - 2);
        let items: Vec<Rect> = (0..menus[open].items.len() as i32)
            .map(|i| Rect::new(x + 1, MENU_BAR_HEIGHT + i * MENU_ITEM_HEIGHT, w - 2, MENU_ITEM_HEIGHT))
            .collect();
        let h = items.len() as i32 * MENU_ITEM_HEIGHT + 1;
        (Rect::new(x, MENU_BAR_HEIGHT - 1, w, h + 1), items)
    }
}

impl Chrome for MacChrome {
    fn content(&self) -> Rect {
        let w = self.window();
        Rect::from_edges(w.x + 1, w.y + 1 + TITLE_BAR_HEIGHT, w.right() - 1, self.status_strip().y - 1)
    }

    fn draw_frame(&self, s: &mut Surface, look: &Look, frame: &Frame) {
        let (black, white) = (look.paint(Pen::Text), look.paint(Pen::Background));
        let screen = s.bounds();
        s.fill_rect(screen, look.paint(Pen::Desktop));
        self.draw_menu_bar(s, look, frame.menus, None);

        // The window: frame, drop shadow, title bar.
        let w = self.window();
        s.fill_rect(w, white);
        s.frame_rect(w, black);
        s.hline(w.x + 1, w.right(), w.bottom(), black);
        s.vline(w.right(), w.y + 1, w.bottom(), black);
        s.hline(w.x, w.right() - 1, w.y + TITLE_BAR_HEIGHT, black);
        // A title too long for the bar gives way after a whole word, clear
        // of the close and zoom boxes (symmetric, so it stays centred).
        let font = look.title_font;
        let clear_of_boxes = w.w - 2 * (self.close_box().right() - w.x + 6) - 12;
        let title = status::truncate(&|t: &str| font.text_width(t) as i32, frame.title, clear_of_boxes);
        let title_gap = self.draw_title_bar(s, look, &title);
        s.draw_text(font, &title, title_gap.x + 6, title_gap.y, black, TextStyle::PLAIN);

        // The status strip and the size box at its end.
        let st = self.status_strip();
        s.hline(st.x, st.right() - 1, st.y - 1, black);
        s.fill_rect(st, white);
        let grow = self.size_box();
        mac_controls::size_box(s, look, grow);
        let small = look.text_font;
        let ty = st.y + (STATUS_HEIGHT - small.height() as i32) / 2;
        let x0 = st.x + 4;
        let fitted = self.status_parts(look, frame);
        let old = s.set_clip(Rect::from_edges(x0, st.y, grow.x - 2, st.bottom()));
        let mut x = x0;
        for (i, part) in fitted.parts.iter().enumerate() {
            x = s.draw_text(small, part, x, ty, black, TextStyle::PLAIN) + fitted.gap_after(i);
        }
        s.set_clip(old);

        // The screen's rounded black corners.
        round_corners(s, screen, black, 5);
    }

    fn menu_style(&self) -> MenuStyle {
        MenuStyle::PullDown
    }

    fn shows_whole(&self, look: &Look, frame: &Frame) -> bool {
        let parts = self.status_parts(look, frame).parts;
        let shown = if frame.refusal { parts.first() } else { parts.last() };
        shown.is_some_and(|m| m == frame.message)
    }

    fn cuts_message(&self, look: &Look, frame: &Frame) -> bool {
        self.status_parts(look, frame).cut
    }

    /// The close box (with its white margin) closes the window.
    fn button_at(&self, x: i32, y: i32) -> Option<Command> {
        self.close_box().inset(-1, -1).contains(x, y).then_some(Command::Close)
    }

    /// A window made for a smaller screen keeps that size, centred at
    /// first; on its own screen it fills it.
    fn fit_window(&mut self, screen: Option<(u32, u32)>) {
        let full = Self::full_window(self.width, self.height);
        let wanted = match screen {
            Some((w, h)) => {
                let own = Self::full_window(w as i32, h as i32);
                (own.w.min(full.w), own.h.min(full.h))
            }
            None => (full.w, full.h),
        };
        if (self.window.w, self.window.h) != wanted {
            let (w, h) = wanted;
            self.left_at.retain(|r| (r.w, r.h) != (self.window.w, self.window.h));
            self.left_at.push(self.window);
            let centred = Rect::new(full.x + (full.w - w) / 2, full.y + (full.h - h) / 2, w, h);
            self.window = self.left_at.iter().copied().find(|r| (r.w, r.h) == wanted).unwrap_or(centred);
        }
    }

    /// The title bar but its close box.
    fn drag_bar(&self) -> Option<Rect> {
        let w = self.window();
        self.movable().then(|| Rect::new(w.x + 1, w.y + 1, w.w - 2, TITLE_BAR_HEIGHT - 1))
    }

    /// The window stays below the menu bar and whole on the screen, with
    /// room for its shadow.
    fn move_window(&mut self, dx: i32, dy: i32) {
        if !self.movable() {
            return;
        }
        let w = self.window;
        let x = (w.x + dx).clamp(0, self.width - 1 - w.w);
        let y = (w.y + dy).clamp(MENU_BAR_HEIGHT + 1, self.height - 1 - w.h);
        self.window = Rect::new(x, y, w.w, w.h);
    }

    fn menu_geometry<'a>(&'a self, look: &'a Look) -> Box<dyn MenuGeometry + 'a> {
        Box::new(MacMenus { chrome: self, look })
    }

    fn draw_menus(&self, s: &mut Surface, look: &Look, menus: &[Menu], tracker: &MenuTracker) {
        self.draw_menu_bar(s, look, menus, tracker.open);
        let Some(open) = tracker.open else { return };
        let (black, white) = (look.paint(Pen::Text), look.paint(Pen::Background));
        let (panel, items) = MacMenus { chrome: self, look }.panel(menus, open);
        s.fill_rect(panel, white);
        s.frame_rect(panel, black);
        s.hline(panel.x + 2, panel.right(), panel.bottom(), black);
        s.vline(panel.right(), panel.y + 2, panel.bottom(), black);
        let font = look.title_font;
        for (i, (item, r)) in menus[open].items.iter().zip(&items).enumerate() {
            if item.is_separator() {
                s.hline(r.x, r.right() - 1, r.y + r.h / 2, look.paint(Pen::Disabled));
                continue;
            }
            let hover = tracker.hover == Some(i) && item.enabled;
            let ink = if hover {
                s.fill_rect(*r, black);
                white
            } else if item.enabled {
                black
            } else {
                look.paint(Pen::Disabled)
            };
            // A line of the title font is a pixel less than an item: the
            // spare row goes below the descenders, clear of the frame.
            let ty = r.y + (r.h - font.height() as i32) / 2;
            if item.checked {
                draw_bits(s, &[0b0000001, 0b0000010, 0b1000100, 0b0101000, 0b0010000], 7, r.x + 3, ty + 4, ink);
            }
            s.draw_text(font, &item.label, r.x + 14, ty, ink, TextStyle::PLAIN);
            if let Some(key) = item.key {
                let kx = r.right() - 28;
                if !item.key_alone {
                    draw_bits(s, &CLOVER, 9, kx, ty + 2, ink);
                }
                s.draw_text(font, &key.to_string(), kx + 12, ty, ink, TextStyle::PLAIN);
            }
        }
    }

    fn requester_layout(&self, look: &Look, req: &Requester) -> (Rect, Vec<Rect>) {
        let font = look.title_font;
        let line_h = font.height() as i32;
        let lines = self.alert_lines(look, req);
        let text_w = lines.iter().map(|l| font.text_width(l) as i32).max().unwrap_or(0);
        let button_w: Vec<i32> = req.buttons.iter().map(|b| (font.text_width(b) as i32 + 20).max(58)).collect();
        let buttons_w: i32 = button_w.iter().sum::<i32>() + 12 * (button_w.len() as i32 - 1).max(0);
        let w = (text_w.max(buttons_w) + 40).min(self.width - 20);
        let h = 20 + line_h * lines.len() as i32 + 16 + 20 + 14;
        let frame = Rect::new((self.width - w) / 2, MENU_BAR_HEIGHT + (self.height - MENU_BAR_HEIGHT - h) / 3, w, h);
        let mut x = frame.right() - 16 - buttons_w;
        let y = frame.bottom() - 14 - 20;
        let rects = button_w
            .iter()
            .map(|&bw| {
                let r = Rect::new(x, y, bw, 20);
                x += bw + 12;
                r
            })
            .collect();
        (frame, rects)
    }

    /// Lines start 20 pixels in, the first 16 below the frame's top.
    fn requester_lines(&self, look: &Look, req: &Requester) -> Vec<(String, Rect)> {
        let (frame, _) = self.requester_layout(look, req);
        let line_h = look.title_font.height() as i32;
        let at = |i: usize| Rect::new(frame.x + 20, frame.y + 16 + i as i32 * line_h, frame.w - 40, line_h);
        self.alert_lines(look, req).into_iter().enumerate().map(|(i, line)| (line, at(i))).collect()
    }

    fn requester_font<'a>(&self, look: &'a Look) -> &'a crate::gfx::font::Font {
        look.title_font
    }

    /// The ringed default button is the one the keyboard moved to.
    fn draw_requester(&self, s: &mut Surface, look: &Look, req: &Requester, focus: Option<usize>) {
        let ink = mac_controls::Inks::new(s, look);
        let (frame, buttons) = self.requester_layout(look, req);
        // The modal dialog frame: black, white, a 2 px band, white; in
        // colour the band is a lit grey 3-D ledge.
        s.fill_rect(frame, ink.white);
        s.frame_rect(frame, ink.black);
        if ink.is_colour() {
            let band = frame.inset(1, 1);
            s.fill_rect(band, ink.face());
            mac_controls::bevel(s, band, ink.white, ink.shadow());
            s.frame_rect(frame.inset(4, 4), ink.black);
            s.fill_rect(frame.inset(5, 5), ink.white);
        } else {
            s.frame_rect(frame.inset(2, 2), ink.black);
            s.frame_rect(frame.inset(3, 3), ink.black);
        }
        let font = look.title_font;
        for (line, r) in self.requester_lines(look, req) {
            s.draw_text(font, &line, r.x, r.y, ink.black, TextStyle::PLAIN);
        }
        for (i, (label, r)) in req.buttons.iter().zip(&buttons).enumerate() {
            let state = ButtonState { enabled: true, pressed: false, default: i == focus.unwrap_or(0) };
            mac_controls::button(s, look, *r, label, state);
        }
    }
}

impl MacChrome {
    /// The active window's title bar inside its frame: on one bit, six
    /// black racing stripes; on colour screens, System 7's lit grey bar
    /// with grey engraved stripes and a zoom box. Returns the gap cleared
    /// for the title, the title's cell 6 pixels in: centred in the bar,
    /// its capitals sit on the middle of the stripes and its descenders
    /// end a row above the bar's bottom one, clear of the line below, as
    /// a Mac's do.
    fn draw_title_bar(&self, s: &mut Surface, look: &Look, title: &str) -> Rect {
        let w = self.window();
        let ink = mac_controls::Inks::new(s, look);
        let bar = Rect::new(w.x + 1, w.y + 1, w.w - 2, TITLE_BAR_HEIGHT - 1);
        let font = look.title_font;
        let tw = font.text_width(title) as i32;
        let gap = Rect::new(w.x + (w.w - tw) / 2 - 6, bar.y, tw + 12, bar.h);
        let face = ink.face();
        if ink.is_colour() {
            s.fill_rect(bar, face);
            mac_controls::bevel(s, bar, ink.white, ink.shadow());
            for i in 0..6 {
                let y = w.y + 4 + 2 * i;
                s.hline(w.x + 4, w.right() - 5, y, ink.shadow());
                s.hline(w.x + 5, w.right() - 4, y + 1, ink.white);
            }
        } else {
            for i in 0..6 {
                s.hline(w.x + 2, w.right() - 3, w.y + 4 + 2 * i, ink.black);
            }
        }
        // Title and boxes on gaps of the bar's own colour.
        s.fill_rect(Rect::new(gap.x, gap.y + 1, gap.w, gap.h - 2), face);
        let mut boxes = vec![(self.close_box(), TitleBox::Close)];
        if ink.is_colour() {
            boxes.push((self.zoom_box(), TitleBox::Zoom));
        }
        for (r, kind) in boxes {
            s.fill_rect(r.inset(-1, -1), face);
            mac_controls::title_box(s, look, r, kind);
        }
        Rect::new(gap.x, gap.y + (bar.h - font.height() as i32) / 2, gap.w, font.height() as i32)
    }

    /// An alert's text as it is set: lines wider than an alert's text box
    /// (300 pixels, less on a screen too narrow for that with 20 pixels of
    /// margin each side) broken between words.
    fn alert_lines(&self, look: &Look, req: &Requester) -> Vec<String> {
        let measure = |t: &str| look.title_font.text_width(t) as i32;
        // Below the menu bar, the alert's margins and button (70) and a
        // little air.
        let room = self.height - MENU_BAR_HEIGHT - 70 - 8;
        let most = (room / look.title_font.height() as i32).max(0) as usize;
        status::box_text(&measure, &req.lines, ALERT_TEXT_WIDTH.min(self.width - 20 - 40), most)
    }

    fn draw_menu_bar(&self, s: &mut Surface, look: &Look, menus: &[Menu], open: Option<usize>) {
        let (black, white) = (look.paint(Pen::Text), look.paint(Pen::Background));
        s.fill_rect(Rect::new(0, 0, self.width, MENU_BAR_HEIGHT - 1), white);
        s.hline(0, self.width - 1, MENU_BAR_HEIGHT - 1, black);
        let geometry = MacMenus { chrome: self, look };
        let font = look.title_font;
        for (i, (menu, r)) in menus.iter().zip(geometry.titles(menus)).enumerate() {
            let ink = if open == Some(i) {
                s.fill_rect(r, black);
                white
            } else {
                black
            };
            if i == 0 && menu.title == "@" {
                if look.is_monochrome() {
                    draw_bits(s, &APPLE, 11, r.x + TITLE_PAD, 4, ink);
                } else {
                    // System 7's six-colour apple, in the nearest colours
                    // the screen has.
                    for (hex, rows) in APPLE_STRIPES {
                        let stripe = crate::gfx::Paint::Solid(s.value_for(crate::gfx::Rgb::hex(hex)));
                        let y = 4 + rows.start as i32;
                        draw_bits(s, &APPLE[rows], 11, r.x + TITLE_PAD, y, stripe);
                    }
                }
            } else {
                s.draw_text(font, &menu.title, r.x + TITLE_PAD, 2, ink, TextStyle::PLAIN);
            }
        }
        round_corners(s, Rect::new(0, 0, self.width, self.height), black, 5);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machines::Depth;

    /// A title's descenders end a row above the bar's bottom row, so the
    /// "p" of "Doorstep" does not run into the line under the bar.
    #[test]
    fn a_title_descender_stays_clear_of_the_line_under_the_bar() {
        for depth in Depth::ALL {
            let look = Look::mac(depth, 512, 342);
            let chrome = MacChrome::new(512, 342);
            let mut s = look.new_surface();
            let frame = Frame { title: "Parlour 1: Doorstep", ..Frame::default() };
            chrome.draw_frame(&mut s, &look, &frame);
            let black = look.paint(Pen::Text).value_at(0, 0);
            let content = chrome.content();
            // The line under the bar is the content's top row less one.
            let bars_bottom_row = content.y - 2;
            let title = content.x + content.w / 4..content.right() - content.w / 4;
            let inked = |y: i32| title.clone().any(|x| s.get(x, y) == Some(black));
            assert!(inked(bars_bottom_row - 1), "{depth:?}: the descender is not drawn");
            assert!(!inked(bars_bottom_row), "{depth:?}: ink on the bar's bottom row");
        }
    }

    /// The Chance on the SE/30, a deal the solver proved lost: beside a
    /// long message the solver's word stays and the clock gives way
    /// first, as README.md says.
    #[test]
    fn the_solver_s_word_outlasts_the_clock_beside_a_long_message() {
        let look = Look::mac(Depth::Bits1, 512, 342);
        let chrome = MacChrome::new(512, 342);
        let fields: Vec<(&str, String)> = [
            ("Cards", "2"),
            ("Time", "0:00"),
            ("Moves", "0"),
            ("Rule", "Alternating colour"),
            ("Solver", "Not winnable"),
        ]
        .map(|(n, v)| (n, v.to_string()))
        .to_vec();
        for message in [
            "The game left was counted as lost: Undo brings it back.",
            "Try to deal from the stock. No winning line is left.",
        ] {
            let frame = Frame { title: "The Chance", fields: &fields, message, ..Frame::default() };
            let parts = chrome.status_parts(&look, &frame).parts;
            assert!(parts.iter().any(|p| p.ends_with("Not winnable")), "{parts:?}");
            assert!(!parts.iter().any(|p| p.ends_with("0:00")), "the clock goes first: {parts:?}");
        }
    }
}
