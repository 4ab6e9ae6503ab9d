//! Commodore Amiga chrome in the Workbench 2.x style, for PAL lores
//! (320 x 256, 5 bitplanes) and DblPAL (640 x 512, 4 bitplanes): the
//! screen title bar with its depth gadget, Intuition's right-button menu
//! strip, and EasyRequest-style requesters.
//!
//! Games are full-screen backdrop windows, so the content is everything
//! below the screen title bar. Figures and messages go into the screen
//! title, as Amiga programs used to show their status there.
//!
//! Sizes follow Intuition and GadTools (V37..V40): title bar 11 px (10 rows
//! of BARBLOCK and one BARTRIM line); menu titles start at x = 2 and are
//! `text width + 2 * (BarHBorder - BarVBorder)` wide with one character of
//! gap; menu items are font height + 1 high and separators 6; a menu panel
//! has 4 px of trim left and right and 2 px top and bottom; requesters use
//! Intuition's resolution-scaled margins (given in 44 x 44-tick lores
//! pixels), thin bevel frames and buttons `text + 24` wide. All images
//! (checkmark, Amiga key, depth gadget) are our own pixels.

use crate::gfx::{Font, Paint, Pattern, Rect, Surface, TextStyle};

use super::look::Look;
use super::menu::{Menu, MenuGeometry, MenuStyle, MenuTracker, Requester};
use super::pens::Pen;
use super::status;
use super::{Chrome, Frame};

/// Colour registers of the PAL lores screen (5 bitplanes, 32 registers).
/// 0..7 are Workbench 2.x's defaults; 8..31 are Parlour's own, chosen for
/// card tables and puzzle art. On real hardware registers 17..19 are also
/// the mouse pointer's colours, so they hold a red, a near-black and a
/// cream, close to Workbench's pointer (E44, 000, EEC).
#[rustfmt::skip]
pub const PAL_REGISTERS: [u16; 32] = [
    // 0..7, Workbench 2.x: grey, black, white, blue, red, green, dark blue, orange.
    0xAAA, 0x000, 0xFFF, 0x68B, 0xE44, 0x5D5, 0x04D, 0xE90,
    0x041, 0x072, 0x3A5,        //  8..10: felt greens (dark, table, light)
    0x800, 0xF88,               // 11, 12: dark red, pink
    0xDDB,                      // 13: card edge cream (shadowed)
    0x555, 0x777, 0xCCC,        // 14..16: dark, middle and light greys
    0xC11, 0x333, 0xEEC,        // 17..19: card red, near-black, card cream (pointer)
    0xFE2, 0xDA2, 0x960,        // 20..22: yellow, gold, ochre
    0x742, 0x421, 0xC96,        // 23..25: brown, dark brown, tan
    0xFCA, 0xD97,               // 26, 27: skin and skin shadow
    0x126, 0x24A, 0x8BF,        // 28..30: navy, royal blue (card backs), light blue
    0x839,                      // 31: purple
];

/// Colour registers of the DblPAL screen. ECS productivity modes allow only
/// 4 colours; Parlour models a 16-register hires screen (OCS/ECS hires with
/// 4 bitplanes) instead, so the card table keeps its colours. 0..7 are
/// Workbench 2.x's defaults; 8..15 are Parlour's own.
#[rustfmt::skip]
pub const DBLPAL_REGISTERS: [u16; 16] = [
    // 0..7, Workbench 2.x: grey, black, white, blue, red, green, dark blue, orange.
    0xAAA, 0x000, 0xFFF, 0x68B, 0xE44, 0x5D5, 0x04D, 0xE90,
    0x072, 0x041,               //  8, 9: felt and dark felt
    0xC11, 0xEEC,               // 10, 11: card red, card cream
    0x555, 0xEC2,               // 12, 13: dark grey, gold
    0x852, 0xFB9,               // 14, 15: brown, skin
];

/// The screen title bar: 10 rows of BARBLOCK and one BARTRIM line.
pub const BAR_HEIGHT: i32 = 11;
/// Rows of BARBLOCK in the title bar (Intuition's BarHeight).
const BAR_BLOCK_ROWS: i32 = BAR_HEIGHT - 1;
/// BarVBorder: rows above the title text.
const BAR_V_BORDER: i32 = 1;
/// BarHBorder: where the screen title starts; menu items start this far
/// right of their menu's LeftEdge.
const BAR_H_BORDER: i32 = 5;
/// GadTools puts the first menu's LeftEdge here.
const MENU_START: i32 = 2;
/// Panel trim around the items (MenuHBorder, MenuVBorder).
const MENU_H_BORDER: i32 = 4;
const MENU_V_BORDER: i32 = 2;
/// A separator item's height (GadTools' NM_BARLABEL).
const SEPARATOR_HEIGHT: i32 = 6;
/// Window borders (Intuition's defaults with Topaz 8): the title bar is
/// WBorTop + font height + 1 = 11 rows.
const WINDOW_TITLE_HEIGHT: i32 = 11;
const WINDOW_BORDER_X: i32 = 4;
const WINDOW_BORDER_BOTTOM: i32 = 2;
/// A requester's title when it has none (Intuition's SysReqTitle).
const SYSREQ_TITLE: &str = "System Request";

/// Intuition ghosts disabled menu items by blasting this pattern of the
/// panel's background colour over them: 0x8888 and 0x2222 on alternate
/// rows, a quarter of the pixels on every row, so that every two-pixel
/// stroke of a label loses some wherever the item lies.
const GHOST: Pattern = Pattern::LT_GRAY;

/// Our own checkmark: 9 x 6, two-pixel strokes, bottom on the baseline.
#[rustfmt::skip]
const CHECKMARK: [&str; 6] = [
    ".......##",
    "......##.",
    ".....##..",
    "##..##...",
    ".####....",
    "..##.....",
];
/// Item text is indented this much more on checkmark items.
const CHECK_INDENT: i32 = 9 + 3;

/// Our own right-Amiga key image: a filled box with an "A" cut out, 9 x 7,
/// bottom on the baseline.
#[rustfmt::skip]
const AMIGA_KEY: [&str; 7] = [
    "#########",
    "####.####",
    "###.#.###",
    "##.###.##",
    "##.....##",
    "##.###.##",
    "#########",
];
const AMIGA_KEY_WIDTH: i32 = 9;

/// The Amiga chrome for one screen mode.
pub struct AmigaChrome {
    width: i32,
    height: i32,
    /// 640-pixel-wide screens use Intuition's hires sizes.
    hires: bool,
}

impl AmigaChrome {
    pub fn new(width: u32, height: u32) -> AmigaChrome {
        AmigaChrome { width: width as i32, height: height as i32, hires: width >= 640 }
    }

    /// PAL lores, 320 x 256.
    pub fn pal() -> AmigaChrome {
        AmigaChrome::new(320, 256)
    }

    /// DblPAL, 640 x 512.
    pub fn dblpal() -> AmigaChrome {
        AmigaChrome::new(640, 512)
    }

    /// A depth gadget's width: Intuition's 18 (lores) or 24 (hires).
    fn depth_width(&self) -> i32 {
        if self.hires { 24 } else { 18 }
    }

    /// Intuition's margins are given in ticks (44 per lores pixel, 22 per
    /// hires or DblPAL pixel), so they double on DblPAL.
    fn scale(&self) -> i32 {
        if self.hires { 2 } else { 1 }
    }

    /// Width of a menu panel's vertical border lines (Workbench draws them
    /// 2 px wide on hires screens).
    fn panel_stroke(&self) -> i32 {
        if self.hires { 2 } else { 1 }
    }

    fn requester(&self, look: &Look, req: &Requester) -> ReqLayout {
        let font = look.text_font;
        let k = self.scale();
        let (hspace, vspace, gadspace, text_margin) = (2 * k, 2 * k, 6 * k, 10 * k);
        let line_h = font.height() as i32;
        let pitch = line_h + 1;
        let max_frame_w = self.width - 2 * WINDOW_BORDER_X - 2 * hspace - 1;
        // Lines wider than 40 Topaz characters (fewer where the screen
        // with the text margins kept has less room) are broken between
        // words, as programs set their requesters' text.
        let room = (max_frame_w - 4 - 2 * text_margin - 2 * 6).min(40 * 8);
        let measure = |t: &str| font.text_width(t) as i32;
        // The screen's title bar (a requester never covers it), the
        // window's title, borders, gaps and button row take the rest of
        // the screen's height.
        let button_h = line_h + 4 + (line_h - font.ascent() as i32).max(2);
        let frame_room =
            self.height - BAR_HEIGHT - WINDOW_TITLE_HEIGHT - WINDOW_BORDER_BOTTOM - 3 * vspace - 1 - button_h - 4 - 6;
        let lines = status::box_text(&measure, &req.lines, room, ((frame_room - line_h) / pitch + 1).max(0) as usize);
        let text_w = lines.iter().map(|l| measure(l)).max().unwrap_or(0);
        let text_h = if lines.is_empty() { 0 } else { line_h + pitch * (lines.len() as i32 - 1) };
        // Buttons: the text, a thin frame with a pixel of gap (4), and
        // Intuition's extra max(XSize, 20); height adds the descent.
        let button_w: Vec<i32> = req.buttons.iter().map(|b| font.text_width(b) as i32 + 4 + 20).collect();
        let gaps = gadspace * (button_w.len() as i32 - 1).max(0);
        let mut button_w = button_w;
        if button_w.iter().sum::<i32>() + gaps > max_frame_w {
            // Too many buttons for the screen: share the row equally (the
            // labels are clipped to their buttons).
            let each = (max_frame_w - gaps) / button_w.len() as i32;
            button_w.iter_mut().for_each(|w| *w = each);
        }
        let gadgets_w = button_w.iter().sum::<i32>() + gaps;
        let title = if req.title.is_empty() { SYSREQ_TITLE } else { req.title.as_str() };
        // The body text sits in an IntuiText image with AUTOLEFTEDGE (6)
        // and AUTOTOPEDGE (3) on every side, inside a thin recessed frame
        // (4 more), widened by the text margins.
        let contents_w = text_w + 2 * 6;
        let contents_h = text_h + 2 * 3;
        let frame_w = gadgets_w
            .max(contents_w + 4 + 2 * text_margin)
            .max((self.depth_width() + 8 + font.text_width(title) as i32).min(max_frame_w))
            .min(max_frame_w);
        let frame_h = contents_h + 4;
        let inner_w = hspace + frame_w + hspace + 1;
        let inner_h = vspace + frame_h + vspace + button_h + vspace + 1;
        let w = 2 * WINDOW_BORDER_X + inner_w;
        let h = WINDOW_TITLE_HEIGHT + inner_h + WINDOW_BORDER_BOTTOM;
        let window = Rect::new(((self.width - w) / 2).max(0), ((self.height - h) / 2).max(BAR_HEIGHT), w, h);
        let inner = Rect::new(window.x + WINDOW_BORDER_X, window.y + WINDOW_TITLE_HEIGHT, inner_w, inner_h);
        let text_box = Rect::new(inner.x + hspace, inner.y + vspace, frame_w, frame_h);
        let text_at = (text_box.x + (frame_w - text_w) / 2, text_box.y + (frame_h - text_h) / 2);
        // Spread the buttons: first at the left edge, last at the right,
        // the rest between (Intuition's spreadLayoutGadgets).
        let by = text_box.bottom() + vspace;
        let n = button_w.len() as i32;
        let mut buttons = Vec::with_capacity(button_w.len());
        if n == 1 {
            buttons.push(Rect::new(text_box.x + (frame_w - button_w[0]) / 2, by, button_w[0], button_h));
        } else if n > 1 {
            let extra = (frame_w - gadgets_w).max(0);
            let mut x = text_box.x;
            for (i, &bw) in button_w.iter().enumerate() {
                buttons.push(Rect::new(x, by, bw, button_h));
                let i = i as i32;
                x += bw + gadspace + extra * (i + 1) / (n - 1) - extra * i / (n - 1);
            }
        }
        ReqLayout { window, inner, text_box, text_at, pitch, lines, buttons }
    }
}

/// Where everything of a requester goes.
struct ReqLayout {
    window: Rect,
    /// The window's inner area (inside the borders).
    inner: Rect,
    /// The recessed box around the body text.
    text_box: Rect,
    /// The top-left of the first body line.
    text_at: (i32, i32),
    /// Distance between body lines.
    pitch: i32,
    /// The body text as it is set: the requester's lines, broken where
    /// the screen is too narrow for them.
    lines: Vec<String>,
    buttons: Vec<Rect>,
}

/// A pen's pixel value (Amiga pens are always solid).
fn value(look: &Look, pen: Pen) -> u32 {
    look.paint(pen).fore()
}

/// The title a menu shows: the Mac's Apple-menu marker "@" becomes
/// "Parlour"; everything else is shown as it is.
fn menu_title(menu: &Menu) -> &str {
    if menu.title == "@" { "Parlour" } else { &menu.title }
}

/// The longest prefix of `text` that fits in `width` pixels: Intuition
/// cuts titles at whole characters (TextFit), never through a glyph.
fn fit<'t>(font: &Font, text: &'t str, width: i32) -> &'t str {
    let mut end = 0;
    for (i, c) in text.char_indices() {
        let next = i + c.len_utf8();
        if font.text_width(&text[..next]) as i32 > width {
            break;
        }
        end = next;
    }
    &text[..end]
}

/// A window's title as it fits in `width` pixels: shortened after a whole
/// word ("Klondike (Vegas,..."), or where not even one word fits, cut as
/// Intuition cuts it. Every Amiga window's title bar (a game's, the
/// AmigaGuide viewer's) fits its title with this.
pub fn window_title(font: &Font, title: &str, width: i32) -> String {
    status::shorten(&|t: &str| font.text_width(t) as i32, title, width)
        .unwrap_or_else(|| fit(font, title, width).to_string())
}

/// Draws a small image given as rows of `#` (ink) and `.` (clear).
fn draw_image(s: &mut Surface, rows: &[&str], x: i32, y: i32, v: u32) {
    for (dy, row) in rows.iter().enumerate() {
        for (dx, c) in row.chars().enumerate() {
            if c == '#' {
                s.put(x + dx as i32, y + dy as i32, v);
            }
        }
    }
}

/// A thin bevel just inside `r`: `light` on the top and left edges, `dark`
/// on the bottom and right (which own the two shared corners).
fn bevel(s: &mut Surface, r: Rect, light: u32, dark: u32) {
    if r.is_empty() {
        return;
    }
    s.hline(r.x, r.right() - 2, r.y, light);
    s.vline(r.x, r.y, r.bottom() - 2, light);
    s.hline(r.x, r.right() - 1, r.bottom() - 1, dark);
    s.vline(r.right() - 1, r.y, r.bottom() - 1, dark);
}

/// The depth gadget's image (Workbench 2 style): a back rectangle and a
/// front one overlapping it, inside a gadget `gw` wide at (gx, gy).
fn depth_image(s: &mut Surface, gx: i32, gy: i32, gw: i32, outline: u32, back: u32, front: u32) {
    let (rw, dx) = if gw >= 24 { (10, 4) } else { (8, 3) };
    let x0 = gx + (gw - (rw + dx)) / 2 + 1;
    let b = Rect::new(x0, gy + 2, rw, 5);
    let f = Rect::new(x0 + dx, gy + 4, rw, 5);
    s.fill_rect(b, back);
    s.frame_rect(b, outline);
    s.fill_rect(f, front);
    s.frame_rect(f, outline);
}

struct AmigaMenus<'a> {
    chrome: &'a AmigaChrome,
    look: &'a Look,
}

impl AmigaMenus<'_> {
    /// Whether a menu's items leave room for a checkmark: Intuition indents
    /// checkable items; Parlour's items only say whether they are checked,
    /// so a menu with any checked item indents all of them.
    fn has_checks(menu: &Menu) -> bool {
        menu.items.iter().any(|i| i.checked)
    }

    fn item_height(&self, item: &super::MenuItem) -> i32 {
        if item.is_separator() { SEPARATOR_HEIGHT } else { self.look.title_font.height() as i32 + 1 }
    }

    /// The width of the items' select boxes (GadTools' column width).
    fn column_width(&self, menu: &Menu) -> i32 {
        let font = self.look.title_font;
        let indent = 2 + if Self::has_checks(menu) { CHECK_INDENT } else { 0 };
        let widest = menu
            .items
            .iter()
            .filter(|i| !i.is_separator())
            .map(|i| indent + font.text_width(&i.label) as i32)
            .max()
            .unwrap_or(0);
        let char_w = font.text_width("M") as i32;
        let key_trim = menu
            .items
            .iter()
            .filter_map(|i| i.key)
            .map(|k| font.text_width(&k.to_string()) as i32 + AMIGA_KEY_WIDTH + 4 + char_w)
            .max()
            .unwrap_or(0);
        widest + key_trim.max(2)
    }
}

impl MenuGeometry for AmigaMenus<'_> {
    /// The title highlight boxes in the strip: GadTools' LeftEdge plus
    /// BarVBorder, text width + 8 wide, one character apart.
    fn titles(&self, menus: &[Menu]) -> Vec<Rect> {
        let font = self.look.title_font;
        let gap = font.text_width("M") as i32;
        let pad = BAR_H_BORDER - BAR_V_BORDER;
        let mut left = MENU_START;
        menus
            .iter()
            .map(|m| {
                let w = font.text_width(menu_title(m)) as i32 + 2 * pad;
                let r = Rect::new(left + BAR_V_BORDER, 0, w, BAR_BLOCK_ROWS);
                left += w + gap;
                r
            })
            .collect()
    }

    fn panel(&self, menus: &[Menu], open: usize) -> (Rect, Vec<Rect>) {
        let title = self.titles(menus)[open];
        let menu = &menus[open];
        let col = self.column_width(menu);
        let items_h: i32 = menu.items.iter().map(|i| self.item_height(i)).sum();
        let w = (col + 2 * MENU_H_BORDER).max(title.w);
        let h = items_h + 2 * MENU_V_BORDER;
        // The panel hangs from the bar (its top line on the bar's last
        // BARBLOCK row) and shifts left to stay on screen.
        let x = title.x.min(self.chrome.width - w).max(0);
        let panel = Rect::new(x, BAR_BLOCK_ROWS - 1, w, h);
        let col = w - 2 * MENU_H_BORDER;
        let mut y = panel.y + MENU_V_BORDER;
        let items = menu
            .items
            .iter()
            .map(|i| {
                let r = Rect::new(x + MENU_H_BORDER, y, col, self.item_height(i));
                y += r.h;
                r
            })
            .collect();
        (panel, items)
    }
}

impl AmigaChrome {
    /// The screen title bar: BARBLOCK rows, the BARTRIM line and the depth
    /// gadget at the right.
    fn draw_bar(&self, s: &mut Surface, look: &Look) {
        let (detail, block) = (value(look, Pen::Text), value(look, Pen::Shine));
        s.fill_rect(Rect::new(0, 0, self.width, BAR_BLOCK_ROWS), block);
        s.hline(0, self.width - 1, BAR_BLOCK_ROWS, detail);
    }

    fn draw_screen_depth_gadget(&self, s: &mut Surface, look: &Look) {
        let (detail, block) = (value(look, Pen::Text), value(look, Pen::Shine));
        let gw = self.depth_width();
        let gx = self.width - gw;
        s.vline(gx, 0, BAR_BLOCK_ROWS - 1, detail);
        depth_image(s, gx, 0, gw, detail, value(look, Pen::Background), block);
    }

    /// The menu strip in the title bar while the right button is held.
    fn draw_strip(&self, s: &mut Surface, look: &Look, menus: &[Menu], open: Option<usize>) {
        let (detail, block) = (value(look, Pen::Text), value(look, Pen::Shine));
        self.draw_bar(s, look);
        let geometry = AmigaMenus { chrome: self, look };
        let font = look.title_font;
        let pad = BAR_H_BORDER - BAR_V_BORDER;
        for (i, (menu, r)) in menus.iter().zip(geometry.titles(menus)).enumerate() {
            s.draw_text(font, menu_title(menu), r.x + pad, BAR_V_BORDER, detail, TextStyle::PLAIN);
            if open == Some(i) {
                // The menu's complement highlight: BARDETAIL and
                // BARBLOCK swapped.
                s.swap_values(r, detail, block);
            }
        }
    }

    fn draw_panel(&self, s: &mut Surface, look: &Look, menu: &Menu, panel: Rect, items: &[Rect], hover: Option<usize>) {
        let (detail, block) = (value(look, Pen::Text), value(look, Pen::Shine));
        let font = look.title_font;
        let stroke = self.panel_stroke();
        s.fill_rect(panel, block);
        s.hline(panel.x, panel.right() - 1, panel.y, detail);
        s.hline(panel.x, panel.right() - 1, panel.bottom() - 1, detail);
        s.fill_rect(Rect::new(panel.x, panel.y, stroke, panel.h), detail);
        s.fill_rect(Rect::new(panel.right() - stroke, panel.y, stroke, panel.h), detail);
        let indent = 2 + if AmigaMenus::has_checks(menu) { CHECK_INDENT } else { 0 };
        let ascent = font.ascent() as i32;
        let key_w =
            menu.items.iter().filter_map(|i| i.key).map(|k| font.text_width(&k.to_string()) as i32).max().unwrap_or(0);
        for (i, (item, r)) in menu.items.iter().zip(items).enumerate() {
            if item.is_separator() {
                // GadTools' bar label: a 2-row line of BARDETAIL, ghosted.
                s.fill_rect(Rect::new(r.x + 2, r.y + 2, r.w - 4, 2), detail);
                s.stipple(*r, GHOST, block);
                continue;
            }
            let ty = r.y + 1;
            if item.checked {
                let y = ty + ascent - CHECKMARK.len() as i32;
                draw_image(s, &CHECKMARK, r.x + 2, y, detail);
            }
            s.draw_text(font, &item.label, r.x + indent, ty, detail, TextStyle::PLAIN);
            if let Some(key) = item.key {
                let kx = r.right() - 2 - key_w;
                let (ix, iy) = (kx - 2 - AMIGA_KEY_WIDTH, ty + ascent - AMIGA_KEY.len() as i32);
                if !item.key_alone {
                    draw_image(s, &AMIGA_KEY, ix, iy, detail);
                }
                s.draw_text(font, &key.to_string(), kx, ty, detail, TextStyle::PLAIN);
            }
            if !item.enabled {
                s.stipple(*r, GHOST, block);
            } else if hover == Some(i) {
                s.swap_values(*r, detail, block);
            }
        }
    }

    /// A Workbench 2 window frame around `window` with an 11-row title
    /// bar: FILL borders (an active window), SHINE and SHADOW on the outer
    /// edge, the reverse on the inner edge, and a depth gadget.
    fn draw_window(&self, s: &mut Surface, look: &Look, window: Rect, title: &str) {
        let (shine, shadow) = (value(look, Pen::Shine), value(look, Pen::Shadow));
        let (fill, fill_text) = (value(look, Pen::Fill), value(look, Pen::FillText));
        let inner = Rect::from_edges(
            window.x + WINDOW_BORDER_X,
            window.y + WINDOW_TITLE_HEIGHT,
            window.right() - WINDOW_BORDER_X,
            window.bottom() - WINDOW_BORDER_BOTTOM,
        );
        s.fill_rect(window, fill);
        bevel(s, window, shine, shadow);
        // The inner edge, recessed: SHADOW above and left, SHINE below and right.
        bevel(s, inner.inset(-1, -1), shadow, shine);
        // Title, before the depth gadget: shortened after a word where it
        // is too long, or cut as Intuition cuts it where not one word fits.
        let gw = self.depth_width();
        let gx = window.right() - gw;
        let tx = window.x + WINDOW_BORDER_X + 2;
        let title = window_title(look.title_font, title, gx - 2 - tx);
        s.draw_text(look.title_font, &title, tx, window.y + 2, fill_text, TextStyle::PLAIN);
        // Depth gadget: a raised box at the right end of the title bar.
        let g = Rect::new(gx, window.y, gw, WINDOW_TITLE_HEIGHT);
        s.vline(gx - 1, window.y + 1, g.bottom() - 2, shadow);
        bevel(s, g, shine, shadow);
        depth_image(s, gx, window.y + 1, gw, shadow, value(look, Pen::Background), shine);
    }
}

impl AmigaChrome {
    /// The screen title bar's text: the title, the figures and the
    /// message, two spaces apart (the figures one where room is short,
    /// never the message), made terser until they fit before the depth
    /// gadget; and the room they have.
    fn screen_title(&self, look: &Look, frame: &Frame) -> (String, i32) {
        let (fitted, limit) = self.title_parts(look, frame);
        (fitted.joined(look.title_font.text_width("  ") as i32), limit)
    }

    /// The screen title bar's parts as they fit before the depth gadget,
    /// and the room they have.
    fn title_parts(&self, look: &Look, frame: &Frame) -> (status::Fitted, i32) {
        let font = look.title_font;
        let limit = self.width - self.depth_width() - 2 - BAR_H_BORDER;
        let measure = |t: &str| font.text_width(t) as i32;
        let wide = measure("  ");
        let fitted = match frame.refusal {
            true => status::fit_refusal(&measure, limit, wide, frame.fields, frame.message),
            false => status::fit(&measure, limit, wide, frame.title, frame.fields, frame.message),
        };
        (fitted, limit)
    }
}

impl Chrome for AmigaChrome {
    fn content(&self) -> Rect {
        Rect::from_edges(0, BAR_HEIGHT, self.width, self.height)
    }

    fn draw_frame(&self, s: &mut Surface, look: &Look, frame: &Frame) {
        s.fill_rect(self.content(), look.paint(Pen::Desktop));
        self.draw_bar(s, look);
        self.draw_screen_depth_gadget(s, look);
        let (text, limit) = self.screen_title(look, frame);
        let ink = value(look, Pen::Text);
        s.draw_text(
            look.title_font,
            fit(look.title_font, &text, limit),
            BAR_H_BORDER,
            BAR_V_BORDER,
            ink,
            TextStyle::PLAIN,
        );
    }

    fn shows_whole(&self, look: &Look, frame: &Frame) -> bool {
        let (text, limit) = self.screen_title(look, frame);
        let shown = if frame.refusal { text.starts_with(frame.message) } else { text.ends_with(frame.message) };
        shown && look.title_font.text_width(&text) as i32 <= limit
    }

    fn cuts_message(&self, look: &Look, frame: &Frame) -> bool {
        self.title_parts(look, frame).0.cut
    }

    fn menu_style(&self) -> MenuStyle {
        MenuStyle::RightButtonStrip
    }

    fn menu_geometry<'a>(&'a self, look: &'a Look) -> Box<dyn MenuGeometry + 'a> {
        Box::new(AmigaMenus { chrome: self, look })
    }

    /// While the right button is held the title bar shows the menu strip
    /// and the open menu's panel; otherwise the screen title (drawn by
    /// `draw_frame`) stays.
    fn draw_menus(&self, s: &mut Surface, look: &Look, menus: &[Menu], tracker: &MenuTracker) {
        if !tracker.active {
            return;
        }
        let open = tracker.open.filter(|&m| m < menus.len());
        self.draw_strip(s, look, menus, open);
        if let Some(m) = open {
            let (panel, items) = AmigaMenus { chrome: self, look }.panel(menus, m);
            self.draw_panel(s, look, &menus[m], panel, &items, tracker.hover);
        }
    }

    fn requester_layout(&self, look: &Look, req: &Requester) -> (Rect, Vec<Rect>) {
        let l = self.requester(look, req);
        (l.window, l.buttons)
    }

    /// Lines one pixel apart, the block centred in the recessed box.
    fn requester_lines(&self, look: &Look, req: &Requester) -> Vec<(String, Rect)> {
        let l = self.requester(look, req);
        let w = l.text_box.right() - l.text_at.0;
        let h = look.text_font.height() as i32;
        let at = |i: usize| Rect::new(l.text_at.0, l.text_at.1 + i as i32 * l.pitch, w, h);
        l.lines.iter().enumerate().map(|(i, line)| (line.clone(), at(i))).collect()
    }

    /// An EasyRequest window: dithered SHINE-on-BACKGROUND fill, the body
    /// text in a recessed box, raised buttons along the bottom. Intuition
    /// marked no button; here Return presses one (the first until the
    /// keyboard moves), so that one is outlined in the text pen.
    fn draw_requester(&self, s: &mut Surface, look: &Look, req: &Requester, focus: Option<usize>) {
        let l = self.requester(look, req);
        let (shine, shadow) = (value(look, Pen::Shine), value(look, Pen::Shadow));
        let (background, text) = (value(look, Pen::Background), value(look, Pen::Text));
        let title = if req.title.is_empty() { SYSREQ_TITLE } else { req.title.as_str() };
        self.draw_window(s, look, l.window, title);
        s.fill_rect(l.inner, Paint::Pattern { pattern: Pattern::GRAY, fore: shine, back: background });
        let font = look.text_font;
        s.fill_rect(l.text_box, background);
        bevel(s, l.text_box, shadow, shine);
        let old = s.set_clip(l.text_box.inset(1, 1));
        for (line, r) in self.requester_lines(look, req) {
            s.draw_text(font, &line, r.x, r.y, text, TextStyle::PLAIN);
        }
        s.set_clip(old);
        for (label, r) in req.buttons.iter().zip(&l.buttons) {
            s.fill_rect(*r, background);
            bevel(s, *r, shine, shadow);
            let tw = font.text_width(label) as i32;
            let old = s.set_clip(r.inset(1, 1));
            s.draw_text(
                font,
                label,
                r.x + (r.w - tw) / 2,
                r.y + (r.h - font.height() as i32) / 2,
                text,
                TextStyle::PLAIN,
            );
            s.set_clip(old);
        }
        if let Some(r) = l.buttons.get(focus.unwrap_or(0)) {
            s.frame_rect(r.inset(-1, -1), text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gfx::palette::AMIGA_WB2_REGISTERS;
    use crate::gfx::{Format, Rgb};
    use crate::machines::{Command, MenuItem};

    fn machines() -> Vec<(&'static str, Look, AmigaChrome, usize)> {
        vec![
            ("amiga-pal", Look::amiga_pal(), AmigaChrome::pal(), 32),
            ("amiga-dblpal", Look::amiga_dblpal(), AmigaChrome::dblpal(), 16),
        ]
    }

    fn menus() -> Vec<Menu> {
        vec![
            Menu::new("@", vec![MenuItem::new("About Parlour...", Command::About)]),
            Menu::new(
                "Project",
                vec![
                    MenuItem::new("New Game", Command::New).key('n'),
                    MenuItem::new("Restart", Command::Restart),
                    MenuItem::separator(),
                    MenuItem::new("Undo", Command::Undo).key('z').enabled(false),
                    MenuItem::new("Auto Lay-off", Command::Nothing).checked(true),
                    MenuItem::separator(),
                    MenuItem::new("Quit", Command::Quit).key('q'),
                ],
            ),
            Menu::new(
                "Machine",
                vec![MenuItem::new("Amiga PAL", Command::Machine(crate::machines::MachineId::AmigaPal)).checked(true)],
            ),
        ]
    }

    fn requester() -> Requester {
        Requester {
            title: "Parlour".into(),
            lines: vec!["No more moves.".into(), "Deal again?".into()],
            buttons: vec!["New Game".into(), "Restart".into(), "Cancel".into()],
        }
    }

    fn frame_fields() -> Vec<(&'static str, String)> {
        vec![("Score", "120".into()), ("Time", "0:42".into())]
    }

    fn max_index(s: &Surface) -> u32 {
        s.pixels().iter().copied().max().unwrap_or(0)
    }

    #[test]
    fn every_colour_is_a_12_bit_register() {
        assert_eq!(PAL_REGISTERS[..8], AMIGA_WB2_REGISTERS);
        assert_eq!(DBLPAL_REGISTERS[..8], AMIGA_WB2_REGISTERS);
        for (name, look, _, registers) in machines() {
            assert!(look.palette.len() <= registers, "{name}");
            assert_eq!(look.format.value_count() as usize, registers, "{name}");
            let mut seen = std::collections::HashSet::new();
            for c in look.palette.entries() {
                assert!(c.r % 17 == 0 && c.g % 17 == 0 && c.b % 17 == 0, "{name}: {c:?} is not 12-bit");
                assert!(seen.insert(*c), "{name}: {c:?} twice");
            }
        }
        assert_eq!(Look::amiga_pal().format, Format::Indexed { bits: 5 });
        assert_eq!(Look::amiga_dblpal().format, Format::Indexed { bits: 4 });
    }

    #[test]
    fn pens_follow_the_draw_info() {
        for (name, look, _, _) in machines() {
            let pens = [
                (Pen::Desktop, 0),
                (Pen::Background, 0),
                (Pen::Text, 1),
                (Pen::Shine, 2),
                (Pen::Shadow, 1),
                (Pen::Fill, 3),
                (Pen::FillText, 1),
                (Pen::Highlight, 2),
            ];
            for (pen, register) in pens {
                assert_eq!(look.paint(pen), Paint::Solid(register), "{name}: {pen:?}");
            }
            assert_eq!(look.palette.get(value(&look, Pen::Felt)), look.colour(Pen::Felt), "{name}");
            assert_eq!(look.palette.get(value(&look, Pen::Red)), look.colour(Pen::Red), "{name}");
        }
    }

    #[test]
    fn title_bar_is_ten_rows_of_barblock_and_a_black_trim() {
        for (name, look, chrome, _) in machines() {
            let mut s = look.new_surface();
            let fields = frame_fields();
            let frame = Frame { title: "Parlour", menus: &[], fields: &fields, message: "", ..Default::default() };
            chrome.draw_frame(&mut s, &look, &frame);
            assert_eq!(chrome.content(), Rect::new(0, BAR_HEIGHT, s.width() as i32, s.height() as i32 - 11));
            // Left of the text and under it (between letters) the bar is BARBLOCK.
            for y in 0..10 {
                assert_eq!(s.colour_at(0, y), Some(Rgb::WHITE), "{name}: row {y}");
            }
            assert!((0..s.width() as i32).all(|x| s.colour_at(x, 10) == Some(Rgb::BLACK)), "{name}");
            let gadget = s.width() as i32 - chrome.depth_width();
            assert!((0..gadget).all(|x| s.colour_at(x, 9) == Some(Rgb::WHITE)), "{name}");
            assert!((0..s.width() as i32).all(|x| s.colour_at(x, 11) == Some(Rgb::hex(0xAAAAAA))), "{name}");
            // The title is there: some black in rows 1..9.
            assert!((1..9).any(|y| (0..60).any(|x| s.colour_at(x, y) == Some(Rgb::BLACK))), "{name}");
        }
    }

    #[test]
    fn menu_titles_lie_inside_the_title_bar() {
        for (name, look, chrome, _) in machines() {
            let m = menus();
            let g = chrome.menu_geometry(&look);
            let titles = g.titles(&m);
            assert_eq!(titles.len(), m.len());
            let bar = Rect::new(0, 0, look.width as i32, BAR_HEIGHT);
            for (i, t) in titles.iter().enumerate() {
                assert_eq!(t.intersect(&bar), *t, "{name}: title {i}");
                if i > 0 {
                    assert!(t.x >= titles[i - 1].right(), "{name}: titles overlap");
                }
                let (panel, items) = g.panel(&m, i);
                assert!(panel.x >= 0 && panel.right() <= look.width as i32, "{name}: panel {i} off screen");
                for r in &items {
                    assert_eq!(r.intersect(&panel), *r, "{name}: item outside panel");
                    assert!(r.y >= BAR_HEIGHT, "{name}: item over the bar");
                }
            }
        }
    }

    #[test]
    fn panels_shift_left_at_the_right_edge() {
        let look = Look::amiga_pal();
        let chrome = AmigaChrome::pal();
        let mut m = menus();
        for i in 0..6 {
            m.push(Menu::new(
                &format!("Menu{i}"),
                vec![MenuItem::new("A rather long item label", Command::Nothing).key('x')],
            ));
        }
        let g = chrome.menu_geometry(&look);
        let last = m.len() - 1;
        let (panel, _) = g.panel(&m, last);
        assert_eq!(panel.right(), 320);
    }

    #[test]
    fn a_requester_never_covers_the_screen_title_bar() {
        for (name, look, chrome, _) in machines() {
            let req = Requester {
                title: "Left Out".into(),
                lines: (0..60).map(|i| format!("Line {i} of a text longer than the screen")).collect(),
                buttons: vec!["OK".into()],
            };
            let (frame, _) = chrome.requester_layout(&look, &req);
            assert!(frame.y >= BAR_HEIGHT, "{name}: {frame:?} covers the title bar");
            assert!(frame.bottom() <= look.height as i32, "{name}: {frame:?} runs off the screen");
            let lines = chrome.requester_lines(&look, &req);
            // Cut short in the middle, its last line kept.
            assert!(lines.iter().any(|(line, _)| line == "..."), "{name}: the text is not cut short");
            let last: Vec<&str> = lines.iter().rev().take(2).map(|(line, _)| line.as_str()).collect();
            assert!(last.join(" ").contains("Line 59 of"), "{name}: the last line left out: {last:?}");
            let text = chrome.requester(&look, &req).text_box.inset(1, 1);
            let inside = |r: &Rect| r.y >= text.y && r.bottom() <= text.bottom();
            assert!(lines.iter().all(|(_, r)| inside(r)), "{name}: a line is clipped");
        }
    }

    #[test]
    fn requester_buttons_lie_inside_the_frame_and_do_not_overlap() {
        for (name, look, chrome, _) in machines() {
            for buttons in [
                vec!["OK"],
                vec!["OK", "Cancel"],
                vec!["Yes", "Retry", "Maybe", "No"],
                vec!["Continue", "Try again", "Start over", "Give up", "Quit"],
            ] {
                let req = Requester {
                    title: String::new(),
                    lines: vec!["Line one".into(), "A much longer second line".into()],
                    buttons: buttons.iter().map(|b| b.to_string()).collect(),
                };
                let (frame, rects) = chrome.requester_layout(&look, &req);
                assert_eq!(rects.len(), buttons.len());
                assert!(
                    frame.x >= 0
                        && frame.y >= 0
                        && frame.right() <= look.width as i32
                        && frame.bottom() <= look.height as i32
                );
                for (i, r) in rects.iter().enumerate() {
                    assert_eq!(r.intersect(&frame), *r, "{name}: button {i} outside");
                    for q in &rects[i + 1..] {
                        assert!(r.intersect(q).is_empty(), "{name}: buttons overlap");
                        assert!(q.x > r.x, "{name}: buttons out of order");
                    }
                }
                if rects.len() > 1 {
                    // First at the left edge, last at the right, of the same row.
                    let l = chrome.requester(&look, &req);
                    assert_eq!(rects[0].x, l.text_box.x);
                    assert_eq!(rects.last().unwrap().right(), l.text_box.right());
                }
            }
        }
    }

    #[test]
    fn a_long_window_title_is_shortened_after_a_word() {
        let font = Look::amiga_pal().title_font;
        let title = "Klondike (Vegas, Draw Three) Statistics";
        let room = font.text_width("Klondike (Vegas, Draw Three)...") as i32;
        assert_eq!(window_title(font, title, room), "Klondike (Vegas, Draw Three)...");
        assert_eq!(window_title(font, title, room - 1), "Klondike (Vegas, Draw...");
        assert_eq!(window_title(font, "Unbreakable", font.text_width("Unbr") as i32), "Unbr");
        assert_eq!(window_title(font, "Short", 200), "Short");
    }

    #[test]
    fn drawing_uses_only_existing_registers() {
        for (name, look, chrome, registers) in machines() {
            let m = menus();
            let fields = frame_fields();
            let frame = Frame {
                title: "Parlour Klondike",
                menus: &m,
                fields: &fields,
                message: "Well done!",
                ..Default::default()
            };
            let mut s = look.new_surface();
            chrome.draw_frame(&mut s, &look, &frame);
            for open in 0..m.len() {
                let tracker = MenuTracker { active: true, open: Some(open), hover: Some(0), ..MenuTracker::default() };
                chrome.draw_menus(&mut s, &look, &m, &tracker);
            }
            chrome.draw_requester(&mut s, &look, &requester(), None);
            assert!((max_index(&s) as usize) < registers, "{name}");
            assert!((max_index(&s) as usize) < look.palette.len(), "{name}");
        }
    }

    #[test]
    fn hovered_items_are_complemented_and_disabled_ones_ghosted() {
        let look = Look::amiga_pal();
        let chrome = AmigaChrome::pal();
        let m = menus();
        let g = chrome.menu_geometry(&look);
        let (_, items) = g.panel(&m, 1);
        let mut s = look.new_surface();
        let tracker = MenuTracker { active: true, open: Some(1), hover: Some(0), ..MenuTracker::default() };
        chrome.draw_menus(&mut s, &look, &m, &tracker);
        // The hovered item's box is mostly BARDETAIL (black).
        let r = items[0];
        let black = (r.y..r.bottom())
            .flat_map(|y| (r.x..r.right()).map(move |x| (x, y)))
            .filter(|&(x, y)| s.get(x, y) == Some(1))
            .count();
        assert!(black * 2 > (r.w * r.h) as usize);
        // Disabled "Undo" (item 3) is ghosted: its text has holes.
        let mut plain = look.new_surface();
        plain.draw_text(look.title_font, "Undo", 0, 0, 1u32, TextStyle::PLAIN);
        let undo = items[3];
        let ink = (undo.y..undo.bottom())
            .flat_map(|y| (undo.x..undo.right()).map(move |x| (x, y)))
            .filter(|&(x, y)| s.get(x, y) == Some(1))
            .count();
        let full = plain.pixels().iter().filter(|&&v| v == 1).count();
        assert!(ink > 0 && ink < full + 2 * 7 * 9, "ghosted ink {ink}");
    }

    #[test]
    fn ghosting_takes_a_visible_share_of_a_label_wherever_it_lies() {
        // A disabled item must look disabled at any place a panel puts it:
        // a ghost too sparse can miss Topaz's two-pixel strokes at some
        // alignments and leave a label looking enabled.
        for (name, look, _, _) in machines() {
            for label in ["Show Solution", "Previous Level", "Undo", "Replay"] {
                for (dx, dy) in (0..8).flat_map(|dx| (0..8).map(move |dy| (dx, dy))) {
                    let mut s = look.new_surface();
                    s.draw_text(look.title_font, label, dx, dy, 1u32, TextStyle::PLAIN);
                    let ink = |s: &Surface| s.pixels().iter().filter(|&&v| v == 1).count();
                    let full = ink(&s);
                    s.stipple(Rect::new(0, 0, 200, 20), GHOST, 0);
                    let erased = full - ink(&s);
                    assert!(erased * 5 >= full, "{name}: {label} at ({dx}, {dy}) loses only {erased} of {full}");
                }
            }
        }
    }

    #[test]
    fn long_titles_stop_before_the_depth_gadget() {
        for (name, look, chrome, _) in machines() {
            let long = "A very long screen title that cannot possibly fit ".repeat(4);
            let fields = frame_fields();
            let frame = Frame { title: &long, menus: &[], fields: &fields, message: "Hello", ..Default::default() };
            let mut s = look.new_surface();
            chrome.draw_frame(&mut s, &look, &frame);
            let gx = look.width as i32 - chrome.depth_width();
            for x in gx - 2..gx {
                for y in 0..10 {
                    assert_eq!(s.colour_at(x, y), Some(Rgb::WHITE), "{name}: ({x}, {y})");
                }
            }
        }
        let font = crate::gfx::font::topaz8();
        assert_eq!(fit(font, "Parlour", 8 * 3 + 7), "Par");
        assert_eq!(fit(font, "Parlour", 1000), "Parlour");
    }

    #[test]
    fn inactive_menus_leave_the_screen_title() {
        let (look, chrome) = (Look::amiga_pal(), AmigaChrome::pal());
        let m = menus();
        let frame = Frame { title: "Parlour", menus: &m, fields: &[], message: "", ..Default::default() };
        let mut s = look.new_surface();
        chrome.draw_frame(&mut s, &look, &frame);
        let before = s.clone();
        chrome.draw_menus(&mut s, &look, &m, &MenuTracker::default());
        assert_eq!(s, before);
        // Active with nothing open: the strip replaces the title.
        let strip = MenuTracker { active: true, open: None, hover: None, ..MenuTracker::default() };
        chrome.draw_menus(&mut s, &look, &m, &strip);
        assert_ne!(s, before);
        assert!((11..256).all(|y| (0..320).all(|x| s.get(x, y) == before.get(x, y))));
    }

    /// Scorpion's refusal in the screen title bar: the reason where the
    /// whole will not fit (the player knows what was tried), the whole
    /// where it does, the figures giving way to it; a short message
    /// stands beside the solver's word, which keeps its name there.
    #[test]
    fn a_refusal_keeps_its_reason_and_the_solver_s_word_gives_way() {
        let fields: Vec<_> = [("Score", "0"), ("Time", "0:00"), ("Moves", "0"), ("Solver", "Not winnable")]
            .iter()
            .map(|(n, v)| (*n, v.to_string()))
            .collect();
        let refused = "The 8 of clubs cannot go on the 9 of spades: it must be the same suit.";
        let title = |look: &Look, chrome: &AmigaChrome, message| {
            chrome.screen_title(look, &Frame { title: "Scorpion", fields: &fields, message, ..Default::default() }).0
        };
        let (look, chrome) = (Look::amiga_pal(), AmigaChrome::pal());
        assert_eq!(title(&look, &chrome, refused), "Score: 0  It must be the same suit.");
        // The message stands two spaces from the figures, however close
        // they are to one another; beside it the solver's word keeps its
        // name, or gives way where that leaves no room.
        assert_eq!(title(&look, &chrome, "No more redeals."), "Score 0  Time 0:00  No more redeals.");
        assert_eq!(title(&look, &chrome, "Game resumed."), "Solver: Not winnable  Game resumed.");
        let (look, chrome) = (Look::amiga_dblpal(), AmigaChrome::dblpal());
        assert_eq!(title(&look, &chrome, refused), refused);
        let both = "Score: 0  Time: 0:00  Moves: 0  Solver: Not winnable  No more redeals.";
        assert_eq!(title(&look, &chrome, "No more redeals."), both);
    }

    #[test]
    fn machines_build() {
        use crate::machines::{Machine, MachineChoice, MachineId};
        for (id, bits) in [(MachineId::AmigaPal, 5), (MachineId::AmigaDblPal, 4)] {
            let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, MachineId::MacSe30).unwrap();
            assert_eq!(m.new_surface().format(), Format::Indexed { bits });
            assert_eq!(m.chrome().menu_style(), MenuStyle::RightButtonStrip);
            assert_eq!(m.content().y, BAR_HEIGHT);
        }
    }

    #[test]
    fn at_title_reads_parlour() {
        let look = Look::amiga_pal();
        let chrome = AmigaChrome::pal();
        let m = menus();
        let titles = chrome.menu_geometry(&look).titles(&m);
        assert_eq!(titles[0].w, look.title_font.text_width("Parlour") as i32 + 8);
    }
}
