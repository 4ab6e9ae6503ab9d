//! The YaZZle window: 698 x 523 at 24 bits, painted by a skin (see
//! `skin.rs`), in the Windows 95 idiom.
//!
//! Menu design: a Windows 95 menu bar runs along the top of the window
//! (rows 0..18: system grey with an etched line below it, titles in
//! Windows-era sans, the open title drawn pushed in). Its menus are the full
//! application set, including machine, depth and skin switching; they pull
//! down with the left button (`MenuStyle::PullDown` and the shared
//! `MenuTracker`) as Windows 95 popups: a raised 3D border, a navy bar with
//! white text under the pointer, a tick beside checked items, disabled items
//! embossed grey, etched separators, and shortcuts (`Ctrl+N`) in a column of
//! their own. A menu too tall for the window continues in a further column,
//! as Windows does. Everything below the bar belongs to the skin: its
//! background, the felt of the playing area (where the view draws), its
//! buttons (the main commands, reported through [`Chrome::button_at`]) and
//! its text fields (Score, Time, Moves, the message, the title).
//! Requesters are Windows 95 message boxes: a navy caption with the title in
//! bold white and a close box, a grey 3D body with an information icon and
//! the text, and 75 x 23 buttons centred along the bottom, the first one
//! the default (black outline and focus rectangle).
//!
//! Colours come from the look's pens, so a skin's [Pens] section can
//! recolour the bar, the menus and message boxes too (transcrippled makes
//! them dark).

use std::sync::OnceLock;

use crate::gfx::image_io::RgbaImage;
use crate::gfx::{Font, Paint, Rect, Rgb, Surface, TextStyle};

use super::look::Look;
use super::menu::{Command, Menu, MenuGeometry, MenuItem, MenuStyle, MenuTracker, Requester, access_keys};
use super::pens::Pen;
use super::skin::{Align, FieldKind, MENU_BAR_HEIGHT, Skin, SkinButton, WINDOW_HEIGHT, WINDOW_WIDTH};
use super::status;
use super::{Chrome, Frame};

/// How far inside a push button its focus rectangle lies, as Windows 95
/// drew it: clear of the bevel and of the default button's outline.
pub const FOCUS_INSET: i32 = 4;

/// Rows of the bar above its etched bottom edge.
const BAR_FACE: i32 = MENU_BAR_HEIGHT - 2;
const TITLE_PAD: i32 = 6;
const ITEM_HEIGHT: i32 = 17;
const SEPARATOR_HEIGHT: i32 = 9;
/// Raised edge (2 px) plus one pixel of face around a popup's items.
const POPUP_BORDER: i32 = 3;
/// Left of an item's label: room for the tick.
const LABEL_X: i32 = 20;
const CAPTION_HEIGHT: i32 = 18;
const BOX_BORDER: i32 = 3;
const BUTTON_W: i32 = 75;
const BUTTON_H: i32 = 23;
const ICON: i32 = 32;

/// The Windows menu tick, 7 x 7.
const TICK: [u8; 7] = [0b0000001, 0b0000011, 0b1000111, 0b1101110, 0b1111100, 0b0111000, 0b0010000];
/// The caption close box's cross, 8 x 7.
const CROSS: [u8; 7] = [0b11000011, 0b01100110, 0b00111100, 0b00011000, 0b00111100, 0b01100110, 0b11000011];

pub struct YazzleChrome {
    skin: Skin,
    /// Background, felt and buttons, composed on first use.
    base: OnceLock<Surface>,
}

impl YazzleChrome {
    pub fn new(skin: Skin) -> YazzleChrome {
        YazzleChrome { skin, base: OnceLock::new() }
    }

    /// A message box's text as it is set: lines wider than a message
    /// box's text (320 pixels, as Windows kept message boxes narrow)
    /// broken between words.
    fn box_lines(look: &Look, req: &Requester) -> Vec<String> {
        let measure = |t: &str| look.text_font.text_width(t) as i32;
        let room = WINDOW_WIDTH - 8 - 2 * BOX_BORDER - (12 + ICON + 14 + 16);
        // Below the menu bar, the box's borders, caption, margins and
        // button row, with a little air.
        let height = WINDOW_HEIGHT - MENU_BAR_HEIGHT - (2 * BOX_BORDER + CAPTION_HEIGHT + 12 + 16 + BUTTON_H + 12) - 8;
        let most = (height / (look.text_font.height() as i32 + 2)).max(0) as usize;
        status::box_text(&measure, &req.lines, room.min(320), most)
    }

    pub fn skin(&self) -> &Skin {
        &self.skin
    }

    /// A message box's caption bar inside its `frame`.
    fn requester_caption(frame: Rect) -> Rect {
        Rect::new(frame.x + BOX_BORDER, frame.y + BOX_BORDER, frame.w - 2 * BOX_BORDER, CAPTION_HEIGHT)
    }

    /// The close box at the right of a message box's caption.
    fn requester_close(caption: Rect) -> Rect {
        Rect::new(caption.right() - 2 - 16, caption.y + 2, 16, 14)
    }

    /// Where a message box's icon goes: its left and top.
    fn requester_icon(frame: Rect, caption: &Rect) -> (i32, i32) {
        (frame.x + BOX_BORDER + 12, caption.bottom() + 12)
    }

    fn base(&self, look: &Look) -> &Surface {
        self.base.get_or_init(|| {
            let mut s = Surface::rgb(WINDOW_WIDTH as u32, WINDOW_HEIGHT as u32);
            let bg = self.skin.background_colour;
            s.clear(bg.to_u32());
            if let Some(img) = &self.skin.background {
                blend_image(&mut s, img, 0, 0);
            }
            let pa = self.skin.playing_area;
            let felt = self.skin.felt_colour.unwrap_or(look.colour(Pen::Felt));
            s.fill_rect(pa, felt.to_u32());
            if let Some(tile) = &self.skin.felt_image {
                let old = s.set_clip(pa);
                for ty in (pa.y..pa.bottom()).step_by(tile.height as usize) {
                    for tx in (pa.x..pa.right()).step_by(tile.width as usize) {
                        blend_image(&mut s, tile, tx, ty);
                    }
                }
                s.set_clip(old);
            }
            for b in &self.skin.buttons {
                draw_skin_button(&mut s, look, b, false, true);
            }
            s
        })
    }

    /// The menu bar: `open`'s title pushed in, `focus`'s raised (the
    /// keyboard on the bar), access keys underlined always, as Windows 95
    /// and 98 drew them (hiding them until Alt came with Windows 2000).
    fn draw_menu_bar(&self, s: &mut Surface, look: &Look, menus: &[Menu], open: Option<usize>, focus: Option<usize>) {
        let face = look.paint(Pen::Background);
        s.fill_rect(Rect::new(0, 0, WINDOW_WIDTH, BAR_FACE), face);
        s.hline(0, WINDOW_WIDTH - 1, BAR_FACE, look.paint(Pen::Shadow));
        s.hline(0, WINDOW_WIDTH - 1, BAR_FACE + 1, look.paint(Pen::Shine));
        let font = look.title_font;
        let geometry = YazzleMenus { look };
        let titles: Vec<&str> = menus.iter().map(|m| m.title.as_str()).collect();
        let keys = access_keys(&titles);
        for (i, (menu, r)) in menus.iter().zip(geometry.titles(menus)).enumerate() {
            let mut ty = r.y + (r.h - font.height() as i32) / 2;
            let mut tx = r.x + TITLE_PAD;
            let (lit, dark) = (look.paint(Pen::Shine), look.paint(Pen::Shadow));
            let edges = if open == Some(i) {
                // Windows 95 pushes the open title in.
                tx += 1;
                ty += 1;
                Some((dark, lit))
            } else if focus == Some(i) {
                Some((lit, dark))
            } else {
                None
            };
            if let Some((top_left, bottom_right)) = edges {
                s.hline(r.x, r.right() - 1, r.y, top_left);
                s.vline(r.x, r.y, r.bottom() - 1, top_left);
                s.hline(r.x, r.right() - 1, r.bottom() - 1, bottom_right);
                s.vline(r.right() - 1, r.y, r.bottom() - 1, bottom_right);
            }
            s.draw_text(font, &menu.title, tx, ty, look.paint(Pen::Text), TextStyle::PLAIN);
            if let Some(k) = keys[i] {
                underline_key(s, font, &menu.title, k, tx, ty, look.paint(Pen::Text));
            }
        }
    }

    fn draw_field(&self, s: &mut Surface, look: &Look, field: &super::skin::TextField, frame: &Frame) {
        let font = look.text_font;
        let style = field_style(field);
        let r = field.rect;
        let measure = |t: &str| style.text_width(font, t);
        let lines = self.field_lines(look, field, frame);
        if lines.iter().all(|l| l.is_empty()) {
            return;
        }
        let line_h = font.height() as i32;
        let mut y = r.y + (r.h - line_h * lines.len() as i32) / 2;
        let old = s.set_clip(r);
        for text in &lines {
            let w = measure(text);
            let x = match field.align {
                Align::Left => r.x + 2,
                Align::Center => r.x + (r.w - w) / 2,
                Align::Right => r.right() - 2 - w,
            }
            .max(r.x + 2);
            if let Some(sh) = field.shadow {
                let p = s.value_for(sh);
                s.draw_text(font, text, x + 1, y + 1, p, style);
            }
            let ink = match field.colour {
                Some(c) => Paint::Solid(s.value_for(c)),
                None => look.paint(Pen::Text),
            };
            s.draw_text(font, text, x, y, ink, style);
            y += line_h;
        }
        s.set_clip(old);
    }

    /// The lines of text `field` shows for `frame`, never cut in a word:
    /// a figure drops its label if the two do not fit, a title is
    /// shortened after a word, and the message wraps onto a second line
    /// where the field has room for one (else it is fitted as the other
    /// machines' status lines are, see [`status::fit`]). None where the
    /// field has nothing to show.
    fn field_lines(&self, look: &Look, field: &super::skin::TextField, frame: &Frame) -> Vec<String> {
        let font = look.text_font;
        let style = field_style(field);
        let r = field.rect;
        let room = r.w - 4;
        let measure = |t: &str| style.text_width(font, t);
        let with_label = |v: &str| after_label(&field.label, v);
        match &field.field {
            FieldKind::Title => {
                let text = with_label(frame.title);
                vec![status::shorten(&measure, &text, room).unwrap_or_default()]
            }
            FieldKind::Named(name) => {
                let own = frame.fields.iter().find(|(n, _)| n.eq_ignore_ascii_case(name));
                let (text, value) = match own {
                    Some((_, value)) => (with_label(value), value.clone()),
                    // A figure the game does not keep (The Chance has no
                    // score) lends its box to one of the game's own figures
                    // (its cards), under that figure's name; with none
                    // left, the box stays empty rather than show a bare
                    // label.
                    None => match self.stand_ins(frame).into_iter().find(|(box_name, _)| box_name == name) {
                        Some((_, (n, v))) => (format!("{} {v}", labelled_like(&field.label, n)), v),
                        None => return Vec::new(),
                    },
                };
                if measure(&text) > room { vec![value] } else { vec![text] }
            }
            FieldKind::Message => self.message_fit(look, field, frame).lines,
        }
    }

    /// The skin's box for the message, if it has one.
    fn message_box(&self) -> Option<&super::skin::TextField> {
        self.skin.fields.iter().find(|f| matches!(f.field, FieldKind::Message))
    }

    /// The lines the message box `field` shows for `frame`: the figures
    /// the skin has no box for and the message, on one line where they
    /// fit, wrapped where the box has room for every line, else fitted
    /// as the other machines' status lines are (see [`status::fit`]).
    fn message_fit(&self, look: &Look, field: &super::skin::TextField, frame: &Frame) -> MessageFit {
        let font = look.text_font;
        let style = field_style(field);
        let r = field.rect;
        let room = r.w - 4;
        let measure = |t: &str| style.text_width(font, t);
        let (figures, message) = self.unplaced(frame);
        let joined = self.message_with_unplaced_fields(frame);
        let text = after_label(&field.label, &joined);
        let max_lines = (r.h / font.height() as i32).max(1) as usize;
        let wrapped = status::wrap(&measure, &text, room);
        // A line that fits is kept as it is, with the two spaces that
        // part each figure from the next and from the message.
        if measure(&text) <= room {
            return MessageFit { lines: vec![text], whole: true, cut: false };
        }
        if wrapped.len() <= max_lines && wrapped.iter().all(|l| measure(l) <= room) {
            return MessageFit { lines: wrapped, whole: true, cut: false };
        }
        let wide = measure("  ");
        // The game's own figures here (the stones left) stay, as those in
        // the skin's boxes (the score, the time) do whatever the message:
        // the message makes do with the room left, shortened (and shown
        // in a box) as on the other machines. The solver's word gives way
        // to it, as it does there.
        let (verdicts, kept): (Vec<_>, Vec<_>) = figures.into_iter().partition(|(_, v)| status::is_verdict(v));
        let kept = self.figures_written(&kept).join("  ");
        let left = room - measure(&kept) - wide;
        let (room, kept, figures) = match kept.is_empty() || left <= 0 {
            // Too many to keep (a narrow box): all are fitted with it.
            true => (room, String::new(), self.unplaced(frame).0),
            false => (left, kept, verdicts),
        };
        let figures: Vec<(&str, String)> = figures.iter().map(|(n, v)| (n.as_str(), v.clone())).collect();
        let fitted = if frame.refusal {
            status::fit_refusal(&measure, room, wide, &figures, &message)
        } else {
            status::fit(&measure, room, wide, &field.label, &figures, &message)
        };
        let shown = if frame.refusal { fitted.parts.first() } else { fitted.parts.last() };
        let whole = message.is_empty() || shown.is_some_and(|m| *m == message);
        let mut line = vec![fitted.joined(wide)];
        // A refusal leads, the figures follow it (see `message_with_unplaced_fields`).
        if frame.refusal {
            line.push(kept)
        } else {
            line.insert(0, kept)
        }
        line.retain(|part| !part.is_empty());
        MessageFit { lines: vec![line.join("  ")], whole, cut: fitted.cut }
    }

    /// The figures the skin has no text field for (a game's own, such as
    /// the stones left in peg solitaire), and the message: those that no
    /// empty box stands in for (see [`stand_ins`](Self::stand_ins)). Their
    /// names are in capitals where the skin's boxes are labelled so.
    fn unplaced(&self, frame: &Frame) -> (Vec<(String, String)>, String) {
        let lent = self.stand_ins(frame).len();
        let label = self.figures_label();
        let figures = self.homeless(frame).into_iter().skip(lent).map(|(n, v)| (cased_like(label, n), v));
        (figures.collect(), frame.message.to_string())
    }

    /// The label of the skin's first box for a figure, whose style the
    /// figures written in the message box follow; none if it has no such
    /// box.
    fn figures_label(&self) -> &str {
        let named = self.skin.fields.iter().find(|f| matches!(f.field, FieldKind::Named(_)));
        named.map_or("", |f| f.label.as_str())
    }

    /// The game's figures the skin has no text field of their name for.
    fn homeless<'f>(&self, frame: &Frame<'f>) -> Vec<(&'f str, String)> {
        let placed = |name: &str| {
            self.skin.fields.iter().any(|f| matches!(&f.field, FieldKind::Named(n) if n.eq_ignore_ascii_case(name)))
        };
        frame.fields.iter().filter(|(n, _)| !placed(n)).cloned().collect()
    }

    /// The skin's named boxes the game keeps no figure for, each with the
    /// figure it shows instead: the game's figures that have no box of
    /// their own, in order, one a box, the boxes in the skin's order.
    fn stand_ins<'f>(&self, frame: &Frame<'f>) -> Vec<(String, (&'f str, String))> {
        let unused = self.skin.fields.iter().filter_map(|f| match &f.field {
            FieldKind::Named(n) if !frame.fields.iter().any(|(name, _)| name.eq_ignore_ascii_case(n)) => {
                Some(n.clone())
            }
            _ => None,
        });
        unused.zip(self.homeless(frame)).collect()
    }

    /// The message, led by the figures the skin has no text field for,
    /// so every figure is shown somewhere, each written as the skin's
    /// boxes write theirs ("ROWS 0" after "SCORE 0", "Rows: 0" after
    /// "Score: 0"), but for the solver's word, named with a colon on
    /// every skin as on every machine ("Solver: Winnable"): "Solver
    /// Winnable" reads as one phrase, and a message after it as more of it.
    /// A refusal leads them instead.
    fn message_with_unplaced_fields(&self, frame: &Frame) -> String {
        let (figures, message) = self.unplaced(frame);
        let mut parts = self.figures_written(&figures);
        // A refusal comes first, before the solver's word (see
        // [`status::fit_refusal`]).
        match (message.is_empty(), frame.refusal) {
            (true, _) => {}
            (false, true) => parts.insert(0, message),
            (false, false) => parts.push(message),
        }
        parts.join("  ")
    }

    /// `figures` as the message box writes them, as the skin's boxes
    /// write theirs, the solver's word named with a colon (see
    /// [`Self::message_with_unplaced_fields`]).
    fn figures_written(&self, figures: &[(String, String)]) -> Vec<String> {
        let label = self.figures_label();
        let named = |n: &str, v: &str| match labelled_like(label, n) {
            name if status::is_verdict(v) && !name.ends_with(':') => format!("{name}:"),
            name => name,
        };
        figures.iter().map(|(n, v)| format!("{} {v}", named(n, v))).collect()
    }

    /// Draws a requester, `default` the button Return presses, marked
    /// with the focus rectangle inside it where `keyboard` is on it.
    fn requester(&self, s: &mut Surface, look: &Look, req: &Requester, default: usize, keyboard: bool) {
        let (frame, buttons) = self.requester_layout(look, req);
        s.fill_rect(frame, look.paint(Pen::Background));
        raised(s, look, frame, Pen::Background);

        // Caption: navy, bold white title, close box.
        let cap = Self::requester_caption(frame);
        s.fill_rect(cap, look.paint(Pen::Fill));
        let tf = look.title_font;
        let close = Self::requester_close(cap);
        let old = s.set_clip(Rect::from_edges(cap.x, cap.y, close.x - 2, cap.bottom()));
        s.draw_text(
            tf,
            &req.title,
            cap.x + 3,
            cap.y + (cap.h - tf.height() as i32) / 2,
            look.paint(Pen::FillText),
            TextStyle::BOLD,
        );
        s.set_clip(old);
        push_button(s, look, close, false);
        draw_bits(s, &CROSS, 8, close.x + 4, close.y + 3, look.paint(Pen::Text));

        // Icon and text.
        let (icon_x, body_top) = Self::requester_icon(frame, &cap);
        draw_info_icon(s, look, icon_x, body_top);
        let font = look.text_font;
        let old = s.set_clip(frame.inset(BOX_BORDER, BOX_BORDER));
        for (line, r) in self.requester_lines(look, req) {
            s.draw_text(font, &line, r.x, r.y, look.paint(Pen::Text), TextStyle::PLAIN);
        }
        s.set_clip(old);

        for (i, (label, r)) in req.buttons.iter().zip(&buttons).enumerate() {
            let face = if i == default {
                // The default button: a black outline around the bevel
                // and, while the keyboard is on it, the focus rectangle
                // inside.
                s.frame_rect(*r, look.paint(Pen::Text));
                r.inset(1, 1)
            } else {
                *r
            };
            push_button(s, look, face, false);
            let w = font.text_width(label) as i32;
            let y = r.y + (r.h - font.height() as i32) / 2;
            s.draw_text(font, label, r.x + (r.w - w) / 2, y, look.paint(Pen::Text), TextStyle::PLAIN);
            if i == default && keyboard {
                s.dotted_frame(r.inset(FOCUS_INSET, FOCUS_INSET), look.paint(Pen::Text));
            }
        }
    }
}

/// The style a skin's text field is written in.
fn field_style(field: &super::skin::TextField) -> TextStyle {
    if field.bold { TextStyle::BOLD } else { TextStyle::PLAIN }
}

/// A game's figure `name` written as a box's own `label` is: in capitals
/// if the label is, with a colon if the label has one (or if it is empty,
/// so the figure still says what it counts), so a figure standing in for
/// another reads like the skin's other boxes ("FLAGS 10" beside "TIME 0:00").
fn labelled_like(label: &str, name: &str) -> String {
    let label = label.trim_end();
    let mut text = cased_like(label, name);
    if label.is_empty() || label.ends_with(':') {
        text.push(':');
    }
    text
}

/// A game's figure `name` in capitals if the box's `label` is.
fn cased_like(label: &str, name: &str) -> String {
    let shouting = label.chars().any(char::is_alphabetic) && !label.chars().any(char::is_lowercase);
    if shouting { name.to_uppercase() } else { name.to_string() }
}

/// Draws `img` with its top-left at (x, y), blending by its alpha.
fn blend_image(s: &mut Surface, img: &RgbaImage, x: i32, y: i32) {
    let clip = s.clip();
    for iy in 0..img.height as i32 {
        let py = y + iy;
        if py < clip.y || py >= clip.bottom() {
            continue;
        }
        for ix in 0..img.width as i32 {
            let px = x + ix;
            if px < clip.x || px >= clip.right() {
                continue;
            }
            let (c, a) = img.pixels[(iy * img.width as i32 + ix) as usize];
            let colour = match a {
                0 => continue,
                255 => c,
                _ => {
                    let under = s.colour_at(px, py).unwrap_or(Rgb::BLACK);
                    let mix = |f: u8, b: u8| ((f as u32 * a as u32 + b as u32 * (255 - a as u32) + 127) / 255) as u8;
                    Rgb::new(mix(c.r, under.r), mix(c.g, under.g), mix(c.b, under.b))
                }
            };
            let v = s.value_for(colour);
            s.put(px, py, v);
        }
    }
}

/// Windows' darkest bevel colour (3D dark shadow, black by default): the
/// darker of the Text and Shadow pens, so light-on-dark skins keep dark
/// outer edges.
fn dark_edge(look: &Look) -> Paint {
    if look.colour(Pen::Text).luma() <= look.colour(Pen::Shadow).luma() {
        look.paint(Pen::Text)
    } else {
        look.paint(Pen::Shadow)
    }
}

/// A Windows 95 raised edge just inside `r`: `outer_light` (white for
/// buttons, the face colour for windows and menus) and white at the top
/// left, black and grey at the bottom right.
fn raised(s: &mut Surface, look: &Look, r: Rect, outer_light: Pen) {
    let (x0, y0, x1, y1) = (r.x, r.y, r.right() - 1, r.bottom() - 1);
    s.hline(x0, x1 - 1, y0, look.paint(outer_light));
    s.vline(x0, y0, y1 - 1, look.paint(outer_light));
    s.hline(x0, x1, y1, dark_edge(look));
    s.vline(x1, y0, y1, dark_edge(look));
    let inner_light = if outer_light == Pen::Shine { Pen::Background } else { Pen::Shine };
    s.hline(x0 + 1, x1 - 2, y0 + 1, look.paint(inner_light));
    s.vline(x0 + 1, y0 + 1, y1 - 2, look.paint(inner_light));
    s.hline(x0 + 1, x1 - 1, y1 - 1, look.paint(Pen::Shadow));
    s.vline(x1 - 1, y0 + 1, y1 - 1, look.paint(Pen::Shadow));
}

/// A Windows 95 sunken edge just inside `r`, an edit box's or a check
/// box's: grey and the darkest edge at the top left, the face colour and
/// white at the bottom right.
pub fn sunken(s: &mut Surface, look: &Look, r: Rect) {
    let (x0, y0, x1, y1) = (r.x, r.y, r.right() - 1, r.bottom() - 1);
    s.hline(x0, x1 - 1, y0, look.paint(Pen::Shadow));
    s.vline(x0, y0, y1 - 1, look.paint(Pen::Shadow));
    s.hline(x0, x1, y1, look.paint(Pen::Shine));
    s.vline(x1, y0, y1, look.paint(Pen::Shine));
    s.hline(x0 + 1, x1 - 2, y0 + 1, dark_edge(look));
    s.vline(x0 + 1, y0 + 1, y1 - 2, dark_edge(look));
    s.hline(x0 + 1, x1 - 1, y1 - 1, look.paint(Pen::Background));
    s.vline(x1 - 1, y0 + 1, y1 - 1, look.paint(Pen::Background));
}

/// A Windows 95 push button face (without its label).
fn push_button(s: &mut Surface, look: &Look, r: Rect, pressed: bool) {
    s.fill_rect(r, look.paint(Pen::Background));
    if pressed {
        s.frame_rect(r, dark_edge(look));
        s.frame_rect(r.inset(1, 1), look.paint(Pen::Shadow));
    } else {
        raised(s, look, r, Pen::Shine);
    }
}

fn draw_bits(s: &mut Surface, rows: &[u8], width: u32, x: i32, y: i32, paint: Paint) {
    for (dy, &bits) in rows.iter().enumerate() {
        for dx in 0..width {
            if bits & (1 << (width - 1 - dx)) != 0 {
                let (px, py) = (x + dx as i32, y + dy as i32);
                s.put(px, py, paint.value_at(px, py));
            }
        }
    }
}

/// What the message box shows: its lines, whether the message is among
/// them whole, and whether not one whole sentence of it is (see
/// [`status::Fitted::cut`]).
struct MessageFit {
    lines: Vec<String>,
    whole: bool,
    cut: bool,
}

/// `value` after a box's `label`, a space between them unless the label
/// ends with one; the label alone where there is no value.
fn after_label(label: &str, value: &str) -> String {
    match (label, value) {
        (_, "") => label.to_string(),
        ("", _) => value.to_string(),
        _ if label.ends_with(' ') => format!("{label}{value}"),
        _ => format!("{label} {value}"),
    }
}

/// Text as Windows draws a disabled label: a white copy one pixel down and
/// right under the grey one.
fn embossed(s: &mut Surface, look: &Look, font: &Font, text: &str, x: i32, y: i32) {
    s.draw_text(font, text, x + 1, y + 1, look.paint(Pen::Shine), TextStyle::PLAIN);
    s.draw_text(font, text, x, y, look.paint(Pen::Disabled), TextStyle::PLAIN);
}

/// Draws a button up or held down (its Pressed image, or a pushed-in
/// Windows button); a disabled one has an embossed grey label.
fn draw_skin_button(s: &mut Surface, look: &Look, b: &SkinButton, pressed: bool, enabled: bool) {
    let r = b.rect;
    match (pressed, &b.pressed, &b.image) {
        (true, Some(img), _) | (false, _, Some(img)) => blend_image(s, img, r.x, r.y),
        // A pressed button without a Pressed image: its own image, shifted.
        (true, None, Some(img)) => {
            let old = s.set_clip(r);
            blend_image(s, img, r.x + 1, r.y + 1);
            s.set_clip(old);
        }
        (_, _, None) => push_button(s, look, r, pressed),
    }
    if b.label.is_empty() {
        return;
    }
    let font = look.title_font;
    let style = if b.bold { TextStyle::BOLD } else { TextStyle::PLAIN };
    let w = style.text_width(font, &b.label);
    let shift = pressed as i32;
    let x = r.x + (r.w - w) / 2 + shift;
    let y = r.y + (r.h - font.height() as i32) / 2 + shift;
    let old = s.set_clip(r);
    if !enabled {
        embossed(s, look, font, &b.label, x, y);
        s.set_clip(old);
        return;
    }
    if let Some(sh) = b.text_shadow {
        let p = s.value_for(sh);
        s.draw_text(font, &b.label, x + 1, y + 1, p, style);
    }
    let ink = match b.text_colour {
        Some(c) => Paint::Solid(s.value_for(c)),
        None => look.paint(Pen::Text),
    };
    s.draw_text(font, &b.label, x, y, ink, style);
    s.set_clip(old);
}

/// Underlines the access key at byte `index` of `label` drawn at (x, y),
/// one row under the baseline, as Windows does.
fn underline_key(s: &mut Surface, font: &Font, label: &str, index: usize, x: i32, y: i32, paint: Paint) {
    let Some(c) = label[index..].chars().next() else { return };
    let ux = x + font.text_width(&label[..index]) as i32;
    let uw = font.text_width(&label[index..index + c.len_utf8()]) as i32;
    s.hline(ux, ux + uw - 2, y + font.ascent() as i32 + 1, paint);
}

/// The shortcut text of a menu item: `Ctrl+N`, or the letter alone
/// where it is pressed alone.
fn shortcut_text(item: &MenuItem) -> Option<String> {
    item.key.map(|k| if item.key_alone { k.to_string() } else { format!("Ctrl+{k}") })
}

struct YazzleMenus<'a> {
    look: &'a Look,
}

impl YazzleMenus<'_> {
    /// Widths of the label column and the shortcut column.
    fn columns(&self, menu: &Menu) -> (i32, i32) {
        let font = self.look.text_font;
        let label = menu.items.iter().map(|i| font.text_width(&i.label) as i32).max().unwrap_or(0);
        let key = menu.items.iter().filter_map(shortcut_text).map(|k| font.text_width(&k) as i32).max();
        (label, key.unwrap_or(0))
    }

    fn column_width(&self, menu: &Menu) -> i32 {
        let (label, key) = self.columns(menu);
        let w = LABEL_X + label + if key > 0 { 20 + key } else { 0 } + 18;
        w.max(96)
    }
}

impl MenuGeometry for YazzleMenus<'_> {
    fn titles(&self, menus: &[Menu]) -> Vec<Rect> {
        let font = self.look.title_font;
        let mut x = 2;
        menus
            .iter()
            .map(|m| {
                let w = font.text_width(&m.title) as i32 + 2 * TITLE_PAD;
                let r = Rect::new(x, 1, w, BAR_FACE - 1);
                x += w;
                r
            })
            .collect()
    }

    fn panel(&self, menus: &[Menu], open: usize) -> (Rect, Vec<Rect>) {
        let menu = &menus[open];
        let title = self.titles(menus)[open];
        let col_w = self.column_width(menu);
        let top = title.bottom();
        let max_bottom = WINDOW_HEIGHT - 2 - POPUP_BORDER;
        // Lay items out in columns, starting a new one when the window ends.
        let mut rects = Vec::with_capacity(menu.items.len());
        let (mut col, mut y, mut lowest) = (0, top + POPUP_BORDER, top + POPUP_BORDER);
        for item in &menu.items {
            let h = if item.is_separator() { SEPARATOR_HEIGHT } else { ITEM_HEIGHT };
            if y + h > max_bottom && y > top + POPUP_BORDER {
                col += 1;
                y = top + POPUP_BORDER;
            }
            rects.push(Rect::new(col * col_w, y, col_w, h));
            y += h;
            lowest = lowest.max(y);
        }
        let w = (col + 1) * col_w + 2 * POPUP_BORDER;
        let x = title.x.min(WINDOW_WIDTH - w).max(0);
        for r in &mut rects {
            r.x += x + POPUP_BORDER;
        }
        (Rect::from_edges(x, top, x + w, lowest + POPUP_BORDER), rects)
    }
}

impl Chrome for YazzleChrome {
    fn content(&self) -> Rect {
        self.skin.playing_area
    }

    fn draw_frame(&self, s: &mut Surface, look: &Look, frame: &Frame) {
        let base = self.base(look);
        if s.format() == base.format() {
            s.blit(base, base.bounds(), 0, 0);
        } else {
            for y in 0..base.height() as i32 {
                for x in 0..base.width() as i32 {
                    let v = s.value_for(base.colour_at(x, y).unwrap_or(Rgb::BLACK));
                    s.put(x, y, v);
                }
            }
        }
        for b in self.skin.buttons.iter().filter(|b| frame.disabled.contains(&b.command)) {
            draw_skin_button(s, look, b, false, false);
        }
        self.draw_menu_bar(s, look, frame.menus, None, None);
        for field in &self.skin.fields {
            self.draw_field(s, look, field, frame);
        }
    }

    /// A skin with no message field (text fields are a skin's choice)
    /// shows no message at all: each then comes in a box, as one cut
    /// short does, not lost without a word.
    fn shows_whole(&self, look: &Look, frame: &Frame) -> bool {
        match self.message_box() {
            Some(field) => self.message_fit(look, field, frame).whole,
            None => frame.message.is_empty(),
        }
    }

    fn cuts_message(&self, look: &Look, frame: &Frame) -> bool {
        match self.message_box() {
            Some(field) => self.message_fit(look, field, frame).cut,
            None => !frame.message.is_empty(),
        }
    }

    fn menu_style(&self) -> MenuStyle {
        MenuStyle::ClickBar
    }

    fn menu_geometry<'a>(&'a self, look: &'a Look) -> Box<dyn MenuGeometry + 'a> {
        Box::new(YazzleMenus { look })
    }

    fn draw_menus(&self, s: &mut Surface, look: &Look, menus: &[Menu], tracker: &MenuTracker) {
        self.draw_menu_bar(s, look, menus, tracker.open, tracker.bar);
        let Some(open) = tracker.open.filter(|&m| m < menus.len()) else { return };
        let labels: Vec<&str> =
            menus[open].items.iter().map(|i| if i.is_separator() { "" } else { i.label.as_str() }).collect();
        let keys = access_keys(&labels);
        let geometry = YazzleMenus { look };
        let (panel, items) = geometry.panel(menus, open);
        s.fill_rect(panel, look.paint(Pen::Background));
        raised(s, look, panel, Pen::Background);
        let font = look.text_font;
        let (label_w, _) = geometry.columns(&menus[open]);
        for (i, (item, r)) in menus[open].items.iter().zip(&items).enumerate() {
            if item.is_separator() {
                let y = r.y + r.h / 2 - 1;
                s.hline(r.x + 1, r.right() - 2, y, look.paint(Pen::Shadow));
                s.hline(r.x + 1, r.right() - 2, y + 1, look.paint(Pen::Shine));
                continue;
            }
            let hover = tracker.hover == Some(i);
            if hover {
                s.fill_rect(*r, look.paint(Pen::Fill));
            }
            let ty = r.y + (r.h - font.height() as i32) / 2;
            let key = shortcut_text(item);
            let key_x = r.x + LABEL_X + label_w + 20;
            if !item.enabled && !hover {
                // Disabled and not under the pointer: embossed.
                embossed(s, look, font, &item.label, r.x + LABEL_X, ty);
                if let Some(k) = keys[i] {
                    underline_key(s, font, &item.label, k, r.x + LABEL_X + 1, ty + 1, look.paint(Pen::Shine));
                    underline_key(s, font, &item.label, k, r.x + LABEL_X, ty, look.paint(Pen::Disabled));
                }
                if let Some(k) = &key {
                    embossed(s, look, font, k, key_x, ty);
                }
                if item.checked {
                    draw_bits(s, &TICK, 7, r.x + 7, r.y + (r.h - 7) / 2 + 1, look.paint(Pen::Shine));
                    draw_bits(s, &TICK, 7, r.x + 6, r.y + (r.h - 7) / 2, look.paint(Pen::Disabled));
                }
                continue;
            }
            let ink = match (item.enabled, hover) {
                (false, _) => look.paint(Pen::Disabled),
                (true, true) => look.paint(Pen::FillText),
                (true, false) => look.paint(Pen::Text),
            };
            if item.checked {
                draw_bits(s, &TICK, 7, r.x + 6, r.y + (r.h - 7) / 2, ink);
            }
            s.draw_text(font, &item.label, r.x + LABEL_X, ty, ink, TextStyle::PLAIN);
            if let Some(k) = keys[i] {
                underline_key(s, font, &item.label, k, r.x + LABEL_X, ty, ink);
            }
            if let Some(k) = &key {
                s.draw_text(font, k, key_x, ty, ink, TextStyle::PLAIN);
            }
        }
    }

    fn requester_layout(&self, look: &Look, req: &Requester) -> (Rect, Vec<Rect>) {
        let font = look.text_font;
        let line_h = font.height() as i32 + 2;
        let lines = Self::box_lines(look, req);
        let text_w = lines.iter().map(|l| font.text_width(l) as i32).max().unwrap_or(0);
        let title_w = TextStyle::BOLD.text_width(look.title_font, &req.title) + 40;
        let button_w: Vec<i32> = req.buttons.iter().map(|b| (font.text_width(b) as i32 + 16).max(BUTTON_W)).collect();
        let gap = 6;
        let buttons_w: i32 = button_w.iter().sum::<i32>() + gap * (button_w.len() as i32 - 1).max(0);
        let body_w = (12 + ICON + 14 + text_w + 16).max(buttons_w + 24).max(title_w);
        let w = (body_w + 2 * BOX_BORDER).min(WINDOW_WIDTH - 8);
        let text_h = line_h * lines.len() as i32;
        let h = 2 * BOX_BORDER + CAPTION_HEIGHT + 12 + text_h.max(ICON) + 16 + BUTTON_H + 12;
        let frame =
            Rect::new((WINDOW_WIDTH - w) / 2, MENU_BAR_HEIGHT + (WINDOW_HEIGHT - MENU_BAR_HEIGHT - h) / 2, w, h);
        let mut x = frame.x + (frame.w - buttons_w) / 2;
        let y = frame.bottom() - BOX_BORDER - 12 - BUTTON_H;
        let rects = button_w
            .iter()
            .map(|&bw| {
                let r = Rect::new(x, y, bw, BUTTON_H);
                x += bw + gap;
                r
            })
            .collect();
        (frame, rects)
    }

    fn requester_close_box(&self, frame: Rect) -> Option<Rect> {
        Some(Self::requester_close(Self::requester_caption(frame)))
    }

    /// Lines beside the icon, centred on it when they are fewer than fit.
    fn requester_lines(&self, look: &Look, req: &Requester) -> Vec<(String, Rect)> {
        let (frame, _) = self.requester_layout(look, req);
        let (icon_x, body_top) = Self::requester_icon(frame, &Self::requester_caption(frame));
        let line_h = look.text_font.height() as i32 + 2;
        let lines = Self::box_lines(look, req);
        let text_h = line_h * lines.len() as i32;
        let ty = body_top + ((ICON - text_h) / 2).max(0);
        let tx = icon_x + ICON + 14;
        let w = frame.right() - BOX_BORDER - tx;
        lines
            .into_iter()
            .enumerate()
            .map(|(i, line)| (line, Rect::new(tx, ty + i as i32 * line_h, w, line_h)))
            .collect()
    }

    fn draw_requester(&self, s: &mut Surface, look: &Look, req: &Requester, focus: Option<usize>) {
        self.requester(s, look, req, focus.unwrap_or(0), true);
    }

    /// The default button keeps its black outline; the focus rectangle
    /// is the radio group's, as in a Windows dialog.
    fn draw_requester_off_buttons(&self, s: &mut Surface, look: &Look, req: &Requester) {
        self.requester(s, look, req, 0, false);
    }

    fn draws_felt(&self) -> bool {
        true
    }

    fn button_commands(&self) -> Vec<Command> {
        self.skin.buttons.iter().map(|b| b.command.clone()).collect()
    }

    fn button_at(&self, x: i32, y: i32) -> Option<Command> {
        self.skin.button_at(x, y).map(|b| b.command.clone())
    }
}

/// Our own 32 x 32 information icon in the Windows 95 manner: a white
/// speech balloon with a black outline and a grey shadow, holding a blue
/// "i".
fn draw_info_icon(s: &mut Surface, look: &Look, x: i32, y: i32) {
    let (cx, cy, rad) = (15.5f32, 13.5f32, 13.0f32);
    let inside = |px: i32, py: i32, r: f32| -> bool {
        let (dx, dy) = (px as f32 + 0.5 - cx, py as f32 + 0.5 - cy);
        dx * dx + dy * dy <= r * r
    };
    // The balloon's tail, bottom left: a small triangle.
    let tail = |px: i32, py: i32| -> bool {
        (24..=30).contains(&py) && px >= 7 && px <= 7 + (30 - py) / 2 + 3 - (py - 24) / 3
    };
    let shape = |px: i32, py: i32| inside(px, py, rad) || tail(px, py);
    let shadow = look.paint(Pen::Shadow);
    let ink = dark_edge(look);
    let white = look.paint(Pen::CardFace);
    for py in 0..ICON {
        for px in 0..ICON {
            let (sx, sy) = (x + px, y + py);
            if shape(px, py) {
                let edge = !shape(px - 1, py) || !shape(px + 1, py) || !shape(px, py - 1) || !shape(px, py + 1);
                let p = if edge { ink } else { white };
                s.put(sx, sy, p.value_at(sx, sy));
            } else if px >= 2 && py >= 2 && shape(px - 2, py - 2) {
                s.put(sx, sy, shadow.value_at(sx, sy));
            }
        }
    }
    let blue = Paint::Solid(s.value_for(Rgb::hex(0x0000FF)));
    // The dot, then the stem with its serifs.
    s.fill_rect(Rect::new(x + 14, y + 5, 3, 3), blue);
    s.fill_rect(Rect::new(x + 14, y + 10, 3, 11), blue);
    s.fill_rect(Rect::new(x + 12, y + 10, 2, 2), blue);
    s.fill_rect(Rect::new(x + 12, y + 20, 7, 2), blue);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machines::MachineId;
    use crate::machines::menu::MenuItem;

    fn machine(id: &str) -> (Look, YazzleChrome) {
        let skin = Skin::load(id).unwrap_or_else(|e| panic!("{e}"));
        (Look::yazzle(&skin.pen_overrides()), YazzleChrome::new(skin))
    }

    fn menus() -> Vec<Menu> {
        vec![
            Menu::new(
                "Game",
                vec![
                    MenuItem::new("New Game", Command::New).key('n'),
                    MenuItem::new("Restart", Command::Restart).key('r'),
                    MenuItem::separator(),
                    MenuItem::new("Undo", Command::Undo).key('z'),
                    MenuItem::new("Redo", Command::Redo).key('y').enabled(false),
                    MenuItem::separator(),
                    MenuItem::new("Game Types...", Command::Variants),
                    MenuItem::new("Options...", Command::Options),
                    MenuItem::separator(),
                    MenuItem::new("Exit", Command::Quit),
                ],
            ),
            Menu::new(
                "Machine",
                vec![
                    MenuItem::new("YaZZle window", Command::Machine(MachineId::Yazzle)).checked(true),
                    MenuItem::new("Amiga PAL", Command::Machine(MachineId::AmigaPal)),
                    MenuItem::new("Macintosh SE/30", Command::Machine(MachineId::MacSe30)),
                ],
            ),
            Menu::new(
                "Skin",
                vec![
                    MenuItem::new("Plastique", Command::Skin("plastique".into())).checked(true),
                    MenuItem::new("Plastique V2", Command::Skin("plastiquev2".into())),
                    MenuItem::new("Transcrippled", Command::Skin("transcrippled".into())),
                    MenuItem::new("Checked but disabled", Command::Nothing).checked(true).enabled(false),
                ],
            ),
            Menu::new(
                "Help",
                vec![
                    MenuItem::new("Contents", Command::Help).key('h'),
                    MenuItem::new("About YaZZle...", Command::About),
                ],
            ),
        ]
    }

    /// A skin with no message field shows no message: each comes in a
    /// box, where it was lost without a word.
    #[test]
    fn a_skin_without_a_message_field_boxes_every_message() {
        let mut skin = Skin::load("plastique").unwrap();
        skin.fields.clear();
        let (look, chrome) = (Look::yazzle(&skin.pen_overrides()), YazzleChrome::new(skin));
        let said = Frame { message: "It must be one rank lower.", ..Default::default() };
        assert!(chrome.cuts_message(&look, &said) && !chrome.shows_whole(&look, &said));
        let silent = Frame::default();
        assert!(!chrome.cuts_message(&look, &silent) && chrome.shows_whole(&look, &silent));
        let (look, plastique) = machine("plastique");
        assert!(!plastique.cuts_message(&look, &said) && plastique.shows_whole(&look, &said));
    }

    fn frame_fields() -> Vec<(&'static str, String)> {
        vec![("Score", "120".to_string()), ("Time", "0:42".to_string()), ("Moves", "17".to_string())]
    }

    #[test]
    fn machine_new_picks_and_checks_the_skin() {
        use crate::machines::{Depth, Machine, MachineChoice, MachineId};
        let choice = |skin: Option<&str>| MachineChoice {
            id: Some(MachineId::Yazzle),
            depth: None,
            skin: skin.map(str::to_string),
        };
        let m = Machine::new(&choice(None), MachineId::MacSe30).unwrap();
        assert_eq!((m.skin(), m.depth()), (Some("plastique"), Some(Depth::Millions)));
        assert_eq!(m.new_surface().format(), crate::gfx::Format::Direct24);
        assert_eq!((m.look().width, m.look().height), (698, 523));
        let m = Machine::new(&choice(Some("PlastiqueV2")), MachineId::Yazzle).unwrap();
        assert_eq!(m.skin(), Some("plastiquev2"));
        let e = Machine::new(&choice(Some("nosuch")), MachineId::Yazzle).err().expect("unknown skin");
        assert!(e.0.contains("nosuch") && e.0.contains("plastique") && e.0.contains("transcrippled"), "{e}");
        let names: Vec<String> = crate::machines::skins().into_iter().map(|s| s.name).collect();
        assert!(names.contains(&"Plastique".to_string()), "{names:?}");
        // The skin's felt becomes the Felt pen.
        let m = Machine::new(&choice(None), MachineId::Yazzle).unwrap();
        assert_eq!(Some(m.look().colour(Pen::Felt)), Skin::load("plastique").unwrap().felt_colour);
    }

    #[test]
    fn content_is_inside_the_window_and_below_the_menu_bar() {
        for id in super::super::skin::ids() {
            let (_, chrome) = machine(&id);
            let c = chrome.content();
            assert_eq!(c.intersect(&Rect::new(0, MENU_BAR_HEIGHT, 698, 523 - MENU_BAR_HEIGHT)), c, "{id}");
            assert!(c.w >= 71 * 7 && c.h >= 96 * 3, "{id}: room for a card game");
        }
    }

    #[test]
    fn button_at_finds_every_button_at_its_centre() {
        for id in super::super::skin::ids() {
            let (_, chrome) = machine(&id);
            assert!(!chrome.skin().buttons.is_empty());
            for b in &chrome.skin().buttons {
                let (x, y) = (b.rect.x + b.rect.w / 2, b.rect.y + b.rect.h / 2);
                assert_eq!(chrome.button_at(x, y).as_ref(), Some(&b.command), "{id}");
            }
            let c = chrome.content();
            assert_eq!(chrome.button_at(c.x + c.w / 2, c.y + c.h / 2), None);
            assert_eq!(chrome.button_at(5, 5), None, "the menu bar is not a button");
        }
    }

    #[test]
    fn menus_fit_and_track() {
        let (look, chrome) = machine("plastique");
        let m = menus();
        let g = chrome.menu_geometry(&look);
        let titles = g.titles(&m);
        assert!(titles.iter().all(|r| r.bottom() <= MENU_BAR_HEIGHT));
        for i in 0..m.len() {
            let (panel, items) = g.panel(&m, i);
            assert_eq!(items.len(), m[i].items.len());
            assert!(panel.x >= 0 && panel.right() <= 698 && panel.bottom() <= 523);
            assert!(items.iter().all(|r| panel.intersect(r) == *r));
        }
        // A menu taller than the window wraps into more columns.
        let long =
            vec![Menu::new("Types", (0..60).map(|i| MenuItem::new(&format!("Type {i}"), Command::Nothing)).collect())];
        let (panel, items) = g.panel(&long, 0);
        assert!(panel.bottom() <= 523 && items.iter().all(|r| panel.intersect(r) == *r), "{panel:?}");
        let mut t = MenuTracker::default();
        use crate::machines::input::{Button, Input};
        let (x, y) = (titles[0].x + 3, titles[0].y + 3);
        t.event(chrome.menu_style(), g.as_ref(), &m, &Input::MouseDown { x, y, button: Button::Left });
        let (_, items) = g.panel(&m, 0);
        let up = Input::MouseUp { x: items[0].x + 5, y: items[0].y + 5, button: Button::Left };
        assert_eq!(t.event(chrome.menu_style(), g.as_ref(), &m, &up), super::super::MenuOutcome::Chosen(Command::New));
    }

    /// Windows 95 and 98 underline the access keys in the menu bar and in
    /// an open menu, whether the menus were opened by mouse or keyboard.
    #[test]
    fn access_keys_are_underlined_in_the_bar_and_in_a_menu_opened_by_mouse() {
        use crate::machines::input::{Button, Input};
        let (look, chrome) = machine("plastique");
        let m = menus();
        let text = match look.paint(Pen::Text) {
            Paint::Solid(v) => v,
            p => panic!("YaZZle's text is a solid colour, not {p:?}"),
        };
        // The row under the first letter of `label` drawn in `font` at (x, y).
        let underlined = |s: &Surface, font: &Font, label: &str, x: i32, y: i32| {
            let w = font.text_width(&label[..1]) as i32;
            (x..x + w - 1).all(|x| s.get(x, y + font.ascent() as i32 + 1) == Some(text))
        };
        let g = chrome.menu_geometry(&look);
        let t = g.titles(&m)[0];
        let mut tracker = MenuTracker::default();
        tracker.event(
            chrome.menu_style(),
            g.as_ref(),
            &m,
            &Input::MouseDown { x: t.x + 3, y: t.y + 3, button: Button::Left },
        );
        assert!(tracker.open == Some(0) && tracker.bar.is_none());
        let mut s = look.new_surface();
        chrome.draw_menus(&mut s, &look, &m, &tracker);
        let ty = t.y + (t.h - look.title_font.height() as i32) / 2;
        // The open title is pushed in by a pixel.
        assert!(underlined(&s, look.title_font, &m[0].title, t.x + TITLE_PAD + 1, ty + 1), "{}", m[0].title);
        let item = g.panel(&m, 0).1[0];
        let iy = item.y + (item.h - look.text_font.height() as i32) / 2;
        assert!(underlined(&s, look.text_font, &m[0].items[0].label, item.x + LABEL_X, iy), "{}", m[0].items[0].label);
    }

    #[test]
    fn fields_and_message_are_drawn() {
        let (look, chrome) = machine("plastique");
        let m = menus();
        let fields = frame_fields();
        let mut with = look.new_surface();
        chrome.draw_frame(
            &mut with,
            &look,
            &Frame { title: "T", menus: &m, fields: &fields, message: "Hello", ..Default::default() },
        );
        let mut without = look.new_surface();
        chrome.draw_frame(
            &mut without,
            &look,
            &Frame { title: "T", menus: &m, fields: &[], message: "", ..Default::default() },
        );
        for f in &chrome.skin().fields {
            let r = f.rect;
            let differs = (r.y..r.bottom()).any(|y| (r.x..r.right()).any(|x| with.get(x, y) != without.get(x, y)));
            if !matches!(f.field, FieldKind::Title) {
                assert!(differs, "{:?} shows nothing", f.field);
            }
        }
    }

    #[test]
    fn a_figure_the_game_does_not_keep_leaves_its_box_empty() {
        let (look, chrome) = machine("plastique");
        let m = menus();
        let draw = |fields: &[(&'static str, String)]| {
            let mut s = look.new_surface();
            chrome.draw_frame(&mut s, &look, &Frame { title: "T", menus: &m, fields, ..Default::default() });
            s
        };
        let (none, no_moves) = (draw(&[]), draw(&[("Score", "3".to_string())]));
        let moves = chrome
            .skin()
            .fields
            .iter()
            .find(|f| matches!(&f.field, FieldKind::Named(n) if n.eq_ignore_ascii_case("moves")));
        let r = moves.expect("plastique has a Moves box").rect;
        for y in r.y..r.bottom() {
            for x in r.x..r.right() {
                assert_eq!(no_moves.get(x, y), none.get(x, y), "ink in the Moves box at ({x}, {y})");
            }
        }
    }

    /// A game's own figures take the boxes of figures it does not keep
    /// (Time and Moves here), in order; those left over lead the message.
    #[test]
    fn figures_without_a_field_fill_empty_boxes_then_lead_the_message() {
        let (_, chrome) = machine("plastique");
        let fields = vec![("Score", "30".to_string()), ("Stones left", "31".to_string())];
        let frame = Frame { title: "T", fields: &fields, message: "Hint: d2-d4", ..Default::default() };
        assert_eq!(chrome.stand_ins(&frame), [("time".to_string(), ("Stones left", "31".to_string()))]);
        assert_eq!(chrome.message_with_unplaced_fields(&frame), "Hint: d2-d4");
        let many: Vec<_> = ["Score", "Time", "Moves", "Cards", "Rule"].iter().map(|n| (*n, "1".to_string())).collect();
        let crowded = Frame { title: "T", fields: &many, message: "Hello", ..Default::default() };
        assert!(chrome.stand_ins(&crowded).is_empty());
        assert_eq!(chrome.message_with_unplaced_fields(&crowded), "Cards: 1  Rule: 1  Hello");
        let quiet = Frame { title: "T", fields: &fields[..1], message: "", ..Default::default() };
        assert_eq!(chrome.message_with_unplaced_fields(&quiet), "");
    }

    /// Scorpion's refusal in the message box: whole, its reason and all,
    /// the solver's word giving way to it while it shows (the figure is
    /// back once it is gone); a message that fits beside the solver's word
    /// stands apart from it, the word named and two spaces between.
    #[test]
    fn a_refusal_is_shown_whole_and_the_solver_s_word_gives_way() {
        let fields: Vec<_> = [("Score", "0"), ("Time", "0:00"), ("Moves", "0"), ("Solver", "Not winnable")]
            .iter()
            .map(|(n, v)| (*n, v.to_string()))
            .collect();
        let refused = "The 8 of clubs cannot go on the 9 of spades: it must be the same suit.";
        // Plastique V2's box is too narrow for the whole of it: the reason
        // is kept, the player knows what was tried.
        let reason = "Solver: Not winnable  It must be the same suit.";
        for (skin, said, named) in [
            ("plastique", refused, "Solver:"),
            ("plastiquev2", reason, "Solver:"),
            ("transcrippled", refused, "SOLVER:"),
        ] {
            let (look, chrome) = machine(skin);
            let message_box = chrome.message_box().unwrap();
            let shown = |message| {
                let frame = Frame { title: "Scorpion", fields: &fields, message, ..Default::default() };
                chrome.field_lines(&look, message_box, &frame)
            };
            assert_eq!(shown(refused), [said], "{skin}");
            assert_eq!(shown("No more redeals."), [format!("{named} Not winnable  No more redeals.")], "{skin}");
            assert_eq!(shown(""), [format!("{named} Not winnable")], "{skin}");
        }
    }

    /// A game's own figure in the message box (peg solitaire's stones)
    /// stays beside a message too long for the room, as the figures in
    /// the skin's boxes do: the message is shortened, and so shown in a
    /// box as well, as on the other machines.
    #[test]
    fn a_long_message_leaves_the_game_s_own_figures_in_place() {
        let fields: Vec<_> = [("Score", "0"), ("Time", "0:00"), ("Moves", "0"), ("Stones", "2")]
            .iter()
            .map(|(n, v)| (*n, v.to_string()))
            .collect();
        let said = "Board: A Very Long Board Name That Goes On And On And On For Ever.";
        for skin in ["plastique", "plastiquev2", "transcrippled"] {
            let (look, chrome) = machine(skin);
            let frame = Frame { title: "Board", fields: &fields, message: said, ..Default::default() };
            let fitted = chrome.message_fit(&look, chrome.message_box().unwrap(), &frame);
            let stones = chrome.message_with_unplaced_fields(&Frame { message: "", ..frame });
            assert!(stones.to_lowercase().starts_with("stones"), "{skin}: {stones}");
            assert!(fitted.lines[0].starts_with(&format!("{stones}  ")), "{skin}: {:?}", fitted.lines);
            assert!(!fitted.whole, "{skin}: {:?}, its whole in a box", fitted.lines);
        }
    }

    /// The figures that lead the message read as the skin's boxes do,
    /// in capitals and without a colon on transcrippled ("SCORE 0  TIME
    /// 0:02  LEVEL 0  ROWS 0"), so the bar has one style.
    #[test]
    fn figures_in_the_message_are_written_as_the_boxes_are() {
        let fields: Vec<_> = ["Score", "Time", "Level", "Rows"].iter().map(|n| (*n, "0".to_string())).collect();
        let frame = Frame { title: "Tetris", fields: &fields, message: "Paused.", ..Default::default() };
        for (skin, said) in [
            ("transcrippled", "ROWS 0  Paused."),
            ("plastiquev2", "Rows 0  Paused."),
            ("plastique", "Rows: 0  Paused."),
        ] {
            let (_, chrome) = machine(skin);
            assert_eq!(chrome.message_with_unplaced_fields(&frame), said, "{skin}");
        }
    }

    #[test]
    fn a_figure_standing_in_is_labelled_as_the_box_it_borrows() {
        assert_eq!(labelled_like("SCORE", "Flags"), "FLAGS");
        assert_eq!(labelled_like("Score:", "Stones left"), "Stones left:");
        assert_eq!(labelled_like("Score", "Flags"), "Flags");
        assert_eq!(labelled_like("", "Cards"), "Cards:");
    }

    #[test]
    fn requester_buttons_are_75_by_23_and_centred() {
        let (look, chrome) = machine("plastique");
        let r = Requester {
            title: "YaZZle".into(),
            lines: vec!["Hello".into()],
            buttons: vec!["OK".into(), "Cancel".into()],
        };
        let (frame, b) = chrome.requester_layout(&look, &r);
        assert!(b.iter().all(|r| (r.w, r.h) == (75, 23)));
        let (l, rgt) = (b[0].x - frame.x, frame.right() - b[1].right());
        assert!((l - rgt).abs() <= 1);
        assert!(frame.x >= 0 && frame.right() <= 698 && frame.bottom() <= 523);
    }
}
