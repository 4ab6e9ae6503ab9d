//! Controls drawn in the current machine's manner: push buttons and list
//! boxes, shared by every view.

use std::cell::Cell;

use crate::core::Variant;
use crate::gfx::{Font, Paint, Pattern, Rect, Surface, TextStyle};
use crate::machines::{Button, Input, Key, Look, Machine, MachineId, Pen, digits_only, mac_controls, yazzle};

use super::board::Reply;

/// How far, in pixels across and down together, the pointer goes with a
/// button held before the press counts as a drag rather than a click.
const DRAG_SLOP: i32 = 3;

/// Whether the pointer's move from `from` to `to` makes a drag.
pub fn dragged(from: (i32, i32), to: (i32, i32)) -> bool {
    (to.0 - from.0).abs() + (to.1 - from.1).abs() > DRAG_SLOP
}

/// A push button: the Mac's rounded button (see `mac_controls`), Amiga
/// and Windows raised bevels.
pub fn button(s: &mut Surface, machine: &Machine, r: Rect, label: &str, enabled: bool) {
    push_button(s, machine, r, label, enabled, false);
}

/// The push button Return presses, marked as each machine marks its
/// requesters' default button: the Mac's thick ring outside it, a black
/// outline round the bevel on Windows, a frame just outside it on the
/// Amiga.
pub fn default_button(s: &mut Surface, machine: &Machine, r: Rect, label: &str, enabled: bool) {
    push_button(s, machine, r, label, enabled, true);
}

/// The ink a push button gives its label (a picture in place of words
/// too). A Mac's dimmed label is not its Disabled pen: at 4 colours that
/// grey is the button's face; the Mac's controls take their dark grey.
pub fn label_ink(s: &mut Surface, machine: &Machine, enabled: bool) -> Paint {
    let look = machine.look();
    match () {
        _ if enabled => look.paint(Pen::Text),
        _ if is_mac(machine) => mac_controls::Inks::new(s, look).dimmed,
        _ => look.paint(Pen::Disabled),
    }
}

fn push_button(s: &mut Surface, machine: &Machine, r: Rect, label: &str, enabled: bool, default: bool) {
    let look = machine.look();
    if is_mac(machine) {
        let state = mac_controls::ButtonState { enabled, pressed: false, default };
        return mac_controls::button(s, look, r, label, state);
    }
    s.fill_rect(r, look.paint(Pen::Background));
    match (default, machine.id()) {
        (false, _) => bevel(s, machine, r, true),
        (true, MachineId::Yazzle) => {
            s.frame_rect(r, look.paint(Pen::Text));
            bevel(s, machine, r.inset(1, 1), true);
        }
        (true, _) => {
            bevel(s, machine, r, true);
            s.frame_rect(r.inset(-1, -1), look.paint(Pen::Text));
        }
    }
    let text = label_ink(s, machine, enabled);
    let font = look.title_font;
    let tw = font.text_width(label) as i32;
    s.draw_text(font, label, r.x + (r.w - tw) / 2, r.y + (r.h - font.height() as i32) / 2, text, TextStyle::PLAIN);
}

/// The keyboard's focus round a control, `r` its outside: a dotted frame
/// in the text pen, as Windows draws it; the Amiga and the Mac had none,
/// and the same dots read plainly on their screens.
pub fn focus_frame(s: &mut Surface, machine: &Machine, r: Rect) {
    s.dotted_frame(r, machine.look().paint(Pen::Text));
}

/// The keyboard's focus on push button `r`: inside its face on Windows,
/// as YaZZle's requesters draw it and Windows 95 did; elsewhere outside
/// any default mark (the Mac's ring takes four pixels).
pub fn button_focus_frame(s: &mut Surface, machine: &Machine, r: Rect) {
    let frame = match machine.id() {
        MachineId::Yazzle => r.inset(yazzle::FOCUS_INSET, yazzle::FOCUS_INSET),
        _ if is_mac(machine) => r.inset(-6, -6),
        _ => r.inset(-3, -3),
    };
    focus_frame(s, machine, frame);
}

/// Where the keyboard is in a dialog of a list and a row of buttons (the
/// launcher, the choosers): on the list (`None`) or on a button. Tab goes
/// from the list to each button in turn and back, Shift-Tab the other way;
/// Left and Right move along the buttons; Return or Space presses the one
/// the keyboard is on. The list's own keys, a typed letter and a click take
/// the keyboard back to the list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ButtonFocus(Option<usize>);

/// What a key did to a [`ButtonFocus`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FocusKey {
    /// Not the focus's key: the dialog handles it.
    Other,
    /// The focus moved (or went back to the list): draw again.
    Moved,
    /// Return or Space on this button.
    Pressed(usize),
    /// A list key, a letter or a click while on a button: the keyboard is
    /// back on the list, which handles the input too; draw again either way.
    ToList,
}

impl ButtonFocus {
    /// The keyboard on button `button`, or on the list (`None`).
    pub fn on(button: Option<usize>) -> ButtonFocus {
        ButtonFocus(button)
    }

    /// The button the keyboard is on; `None` while the list has it.
    pub fn button(&self) -> Option<usize> {
        self.0
    }

    /// Handles an input for a row of `buttons` buttons.
    pub fn input(&mut self, input: &Input, buttons: usize) -> FocusKey {
        let key = match *input {
            Input::MouseDown { .. } => None,
            Input::Key { key, mods } if !mods.ctrl && !mods.alt => Some((key, mods.shift)),
            _ => return FocusKey::Other,
        };
        match (key, self.0) {
            (Some((Key::Tab, shift)), now) => {
                // The round: the list (0), then each button.
                let at = now.map_or(0, |f| f + 1);
                self.0 = step_round(at, if shift { -1 } else { 1 }, buttons + 1).checked_sub(1);
                FocusKey::Moved
            }
            (Some((key @ (Key::Left | Key::Right), _)), Some(f)) => {
                self.0 = Some(step_round(f, if key == Key::Left { -1 } else { 1 }, buttons));
                FocusKey::Moved
            }
            (Some((Key::Enter | Key::Char(' '), _)), Some(f)) => FocusKey::Pressed(f),
            (None | Some((Key::Up | Key::Down | Key::PageUp | Key::PageDown | Key::Home | Key::End, _)), Some(_)) => {
                self.0 = None;
                FocusKey::ToList
            }
            (Some((Key::Char(c), _)), Some(_)) if c.is_alphanumeric() => {
                self.0 = None;
                FocusKey::ToList
            }
            _ => FocusKey::Other,
        }
    }

    /// Whether the keyboard is on the list (no button has it).
    pub fn on_list(&self) -> bool {
        self.0.is_none()
    }

    /// The button Return presses: the one the keyboard is on, else the
    /// first, which the list's Return chooses too.
    pub fn pressed_by_return(&self) -> usize {
        self.0.unwrap_or(0)
    }

    /// Draws the row of buttons, each `(label, where, enabled)`, marking
    /// the default and the button the keyboard is on.
    pub fn draw(&self, s: &mut Surface, machine: &Machine, buttons: &[(&str, Rect, bool)]) {
        for (i, &(label, r, enabled)) in buttons.iter().enumerate() {
            push_button(s, machine, r, label, enabled, i == self.pressed_by_return());
        }
        if let Some(&(_, r, _)) = self.0.and_then(|f| buttons.get(f)) {
            button_focus_frame(s, machine, r);
        }
    }
}

/// A list's type-select, as the Mac's and Windows' lists have it: a
/// letter steps on to the next name it begins, round the list, and so
/// does the same letter typed again and again, however quickly ("s", "s"
/// goes from Scorpion to Scramble); other letters typed one after another
/// spell the start of a name, the first in the list ("so" goes to
/// Sokoban past Scorpion); a letter that spells no name starts afresh.
/// Moving the selection any other way forgets what was typed, and so does
/// a pause (where the view passes time on with [`TypeSelect::tick`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TypeSelect {
    typed: String,
    /// The row the typing chose, to tell whether it is still selected.
    chose: Option<usize>,
    /// Milliseconds since the last character typed.
    quiet_ms: u32,
}

/// How long (ms) a name being typed waits for its next character: a
/// Space typed sooner is part of the name ("Klondike Variations"), a
/// letter typed later starts afresh, as the Finder's typing did.
const TYPING_MS: u32 = 1000;

impl TypeSelect {
    /// The row `c` typed selects among `names`, `selected` being the row
    /// selected now; `None` if no name starts with it.
    pub fn select<S: AsRef<str>>(&mut self, names: &[S], selected: usize, c: char) -> Option<usize> {
        if !self.is_typing(selected) {
            self.typed.clear();
        }
        let letter: String = c.to_lowercase().collect();
        // A letter typed again is kept as one: "ss" steps on from "s"
        // (Finder's way), even where a name starts with "ss".
        let spells_on = !self.typed.is_empty() && self.typed != letter;
        let spelled = format!("{}{letter}", self.typed);
        let found = spells_on
            .then(|| first_starting_with(names, 0, &spelled, true).map(|i| (i, spelled)))
            .flatten()
            .or_else(|| first_starting_with(names, selected, &letter, false).map(|i| (i, letter)));
        let (row, typed) = found?;
        (self.typed, self.chose, self.quiet_ms) = (typed, Some(row), 0);
        Some(row)
    }

    /// Time passes.
    pub fn tick(&mut self, ms: u32) {
        self.quiet_ms = self.quiet_ms.saturating_add(ms);
    }

    /// Whether a name is being typed: the characters typed a moment ago
    /// chose the row `selected` now is.
    pub fn is_typing(&self, selected: usize) -> bool {
        self.chose == Some(selected) && self.quiet_ms <= TYPING_MS
    }

    /// The character `input` adds to the name being typed: a letter or
    /// figure, or while a name is being typed a Space or a stop ("Baker's
    /// Game"; at other times a Space is the list's to play or open with).
    pub fn typed(&self, input: &Input, selected: usize) -> Option<char> {
        match *input {
            Input::Key { key: Key::Char(c), mods }
                if !c.is_control() && !mods.ctrl && !mods.alt && self.is_typing(selected) =>
            {
                Some(c)
            }
            _ => typed_letter(input),
        }
    }
}

/// Two clicks on one thing this close together (ms) make a double-click.
const DOUBLE_CLICK_MS: u32 = 450;

/// Double-clicks on the things of a view (a list's rows in the launcher
/// and the choosers, the piles of a card table): the thing last clicked
/// and the milliseconds since, counted by ticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DoubleClicks<T> {
    last: Option<(T, u32)>,
}

impl<T> Default for DoubleClicks<T> {
    fn default() -> Self {
        DoubleClicks { last: None }
    }
}

impl<T: Copy + PartialEq> DoubleClicks<T> {
    /// Time passes.
    pub fn tick(&mut self, ms: u32) {
        if let Some((_, t)) = &mut self.last {
            *t = t.saturating_add(ms);
            if *t > DOUBLE_CLICK_MS {
                self.last = None;
            }
        }
    }

    /// A click on `thing`: whether it is the second of a double-click.
    pub fn click(&mut self, thing: T) -> bool {
        let double = self.last.is_some_and(|(t, ms)| t == thing && ms <= DOUBLE_CLICK_MS);
        self.last = if double { None } else { Some((thing, 0)) };
        double
    }

    /// The next click starts afresh (a drag came between, or the click
    /// already did its work).
    pub fn forget(&mut self) {
        self.last = None;
    }

    /// Whether a second click may still come: the view wants ticks to
    /// count the time.
    pub fn waiting(&self) -> bool {
        self.last.is_some()
    }
}

/// The first of `names` round the list from `selected` (itself first if
/// `here`, else the next) that starts with `prefix`, whatever the case.
fn first_starting_with<S: AsRef<str>>(names: &[S], selected: usize, prefix: &str, here: bool) -> Option<usize> {
    let n = names.len();
    let starts = |i: usize| names[i].as_ref().to_lowercase().starts_with(prefix);
    (usize::from(!here)..n + usize::from(!here)).map(|k| (selected + k) % n).find(|&i| starts(i))
}

/// A typed letter's key (no Ctrl or Alt held), which moves a list.
pub fn typed_letter(input: &Input) -> Option<char> {
    match *input {
        Input::Key { key: Key::Char(c), mods } if c.is_alphanumeric() && !mods.ctrl && !mods.alt => Some(c),
        _ => None,
    }
}

/// `at` moved `by` places round a ring of `n` (n > 0).
pub fn step_round(at: usize, by: isize, n: usize) -> usize {
    (at as isize + by).rem_euclid(n as isize) as usize
}

/// The keyboard's cursor on a table (a card, a tile), `r` what it marks:
/// solid rings just outside it, innermost first (see [`cursor_rings`]).
pub fn cursor_frame(s: &mut Surface, look: &Look, r: Rect) {
    rings(s, r, &cursor_rings(look));
}

/// The keyboard's cursor on a card lying over others (a column's fan,
/// Pyramid's rows): a side whose rings would cross a card of `under` is
/// left open, so the frame hides nothing of the cards below; the card's
/// own edge closes it. Across the foot of the card above in a column, the
/// rings changed its rank: the foot of a 2 turned light read as a 7.
pub fn cursor_frame_over(s: &mut Surface, look: &Look, r: Rect, under: &[Rect]) {
    let inks = cursor_rings(look);
    let width = inks.len() as i32;
    let open = |strip: Rect| under.iter().any(|card| !card.intersect(&strip).is_empty());
    let top = !open(Rect::new(r.x, r.y - width, r.w, width));
    let bottom = !open(Rect::new(r.x, r.bottom(), r.w, width));
    let left = !open(Rect::new(r.x - width, r.y, width, r.h));
    let right = !open(Rect::new(r.right(), r.y, width, r.h));
    for (i, &ink) in inks.iter().enumerate() {
        let o = r.inset(-1 - i as i32, -1 - i as i32);
        // A ring's corners go with an open side, which it stops short of.
        let (x0, x1) = (if left { o.x } else { r.x }, if right { o.right() } else { r.right() } - 1);
        let (y0, y1) = (if top { o.y } else { r.y }, if bottom { o.bottom() } else { r.bottom() } - 1);
        if top {
            s.hline(x0, x1, o.y, ink);
        }
        if bottom {
            s.hline(x0, x1, o.bottom() - 1, ink);
        }
        if left {
            s.vline(o.x, y0, y1, ink);
        }
        if right {
            s.vline(o.right() - 1, y0, y1, ink);
        }
    }
}

/// The keyboard's cursor where what it marks lies a pixel from its
/// neighbours on a dark ground (Rummi's cream tiles on the wood or the
/// felt): three rings on every screen. In colour, dark, light, dark: the
/// dark ring in the gap sank into the wood and the light one into the
/// neighbouring tile's lit edge, so the thin cursor could hardly be seen;
/// with a dark ring outside the light one, the light ring stands between
/// two dark lines whatever lies under it. On one bit, the ring of
/// [`cursor_rings`], already three pixels wide.
pub fn bold_cursor_frame(s: &mut Surface, look: &Look, r: Rect) {
    let (dark, light) = darkest_and_lightest(look);
    let inks = if look.is_monochrome() { cursor_rings(look) } else { vec![dark, light, dark] };
    rings(s, r, &inks);
}

/// Solid one-pixel rings just outside `r`, innermost first.
fn rings(s: &mut Surface, r: Rect, inks: &[u32]) {
    for (i, &ink) in inks.iter().enumerate() {
        let out = -1 - i as i32;
        s.frame_rect(r.inset(out, out), ink);
    }
}

/// The cursor's rings, innermost first. In colour and in greys, the
/// darkest pen inside the lightest: the light ring shows on a dark table
/// (Transcrippled's pale text pen alone sank into white cards, black alone
/// into a dark cloth), the dark one on a white card beside it. On one bit the table is
/// a pattern of that very black and white, so a ring of either one pixel
/// wide sank into it (the dark one read as a card's outline a pixel
/// thicker, the light one vanished); there the cursor is the Mac's
/// default-button ring: a white gap, then two pixels of black, which stand
/// out on the dotted felt, on white cards and on card backs alike.
fn cursor_rings(look: &Look) -> Vec<u32> {
    let (dark, light) = darkest_and_lightest(look);
    if look.is_monochrome() { vec![light, dark, dark] } else { vec![dark, light] }
}

/// Stripes running down to the right, four pixels of ink and four of
/// paper: on a frame's edges they make dashes, the marching ants of a
/// Mac or Amiga selection marquee caught still.
const MARQUEE: Pattern = Pattern([0xF0, 0x78, 0x3C, 0x1E, 0x0F, 0x87, 0xC3, 0xE1]);

/// A hint's mark on a card or a tile `r`: a dashed frame two pixels thick
/// along its edge, dashes of `ink` between dashes of the look's lightest
/// pen. Dashed, it is told at a glance from the keyboard's solid frame
/// just outside (which a hint brings there) and from an inverted picked
/// card, at every depth; its paper dashes break a dark card's edge, its
/// ink ones a white card's.
pub fn hint_frame(s: &mut Surface, look: &Look, r: Rect, ink: Paint) {
    let paint = marquee(look, ink);
    s.frame_rect(r, paint);
    s.frame_rect(r.inset(1, 1), paint);
}

/// A hint's mark on where its cards go, `r` the card they land on or the
/// empty place they fill: the same dashes one pixel thin, just inside the
/// `outline` it leaves whole (a card's one pixel, an empty place's
/// two-pixel bevel). The same dashes say it is the same hint, on every
/// ground the source's show on; thin, and leaving the outline whole
/// where [`hint_frame`] breaks it, it is told from the cards to move at a
/// glance, in one bit as in colour. Just inside a card's outline lies
/// paper on every machine; a pixel further in, the Amiga PAL's small
/// cards start their corner index, which a frame there cut.
pub fn hint_target_frame(s: &mut Surface, look: &Look, r: Rect, outline: i32, ink: Paint) {
    s.frame_rect(r.inset(outline, outline), marquee(look, ink));
}

/// Dashes of `ink` between dashes of the look's lightest pen.
fn marquee(look: &Look, ink: Paint) -> Paint {
    let (dark, light) = darkest_and_lightest(look);
    let fore = solid_value(ink).unwrap_or(dark);
    Paint::Pattern { pattern: MARQUEE, fore, back: light }
}

/// The pixel values of the darkest and the lightest of a look's solid
/// pens: whatever a skin makes of its pens, the two stand apart.
pub fn darkest_and_lightest(look: &Look) -> (u32, u32) {
    let solid: Vec<(u8, u32)> =
        Pen::ALL.iter().filter_map(|&pen| Some((look.colour(pen).luma(), solid_value(look.paint(pen))?))).collect();
    let dark = solid.iter().min_by_key(|p| p.0).map_or(0, |p| p.1);
    let light = solid.iter().max_by_key(|p| p.0).map_or(0, |p| p.1);
    (dark, light)
}

/// The one value a solid paint puts down (none for a pattern).
fn solid_value(paint: Paint) -> Option<u32> {
    match paint {
        Paint::Solid(v) => Some(v),
        Paint::Pattern { .. } => None,
    }
}

/// True on the Macs, whose controls `mac_controls` draws.
fn is_mac(machine: &Machine) -> bool {
    matches!(machine.id(), MachineId::MacSe30 | MachineId::MacColor)
}

/// A one-pixel bevel: raised is Shine top/left and Shadow bottom/right.
pub fn bevel(s: &mut Surface, machine: &Machine, r: Rect, raised: bool) {
    let look = machine.look();
    let (lit, dark) = (look.paint(Pen::Shine), look.paint(Pen::Shadow));
    let (tl, br) = if raised { (lit, dark) } else { (dark, lit) };
    s.hline(r.x, r.right() - 1, r.y, tl);
    s.vline(r.x, r.y, r.bottom() - 1, tl);
    s.hline(r.x + 1, r.right() - 1, r.bottom() - 1, br);
    s.vline(r.right() - 1, r.y + 1, r.bottom() - 1, br);
}

/// The check box a list row may start with, ticked or not (Sokoban's
/// solved levels). A list box draws it in a column of its own, as wide as
/// the ticked box, so that in a proportional font, where "[ ]" is
/// narrower than "[x]", the names after it still line up.
pub const LIST_MARKS: [&str; 2] = ["[x] ", "[ ] "];

/// `row` parted into its leading check box, if it has one, and the rest.
pub fn split_mark(row: &str) -> (Option<&'static str>, &str) {
    LIST_MARKS.iter().find_map(|&mark| Some((Some(mark), row.strip_prefix(mark)?))).unwrap_or((None, row))
}

/// How wide `row` is drawn in a list box: its check box, if any, takes
/// the column of the widest.
fn row_width(font: &Font, row: &str) -> i32 {
    match split_mark(row) {
        (Some(_), rest) => mark_column(font) + font.text_width(rest) as i32,
        (None, _) => font.text_width(row) as i32,
    }
}

fn mark_column(font: &Font) -> i32 {
    LIST_MARKS.iter().map(|mark| font.text_width(mark) as i32).max().unwrap_or(0)
}

/// Draws `row` at (x, y): a leading check box with its closing bracket
/// where the ticked box has it, and the rest at the column after it.
fn draw_row(s: &mut Surface, font: &Font, row: &str, (x, y): (i32, i32), ink: Paint) {
    let (Some(mark), rest) = split_mark(row) else {
        s.draw_text(font, row, x, y, ink, TextStyle::PLAIN);
        return;
    };
    let width = |t: &str| font.text_width(t) as i32;
    let ticked = LIST_MARKS[0];
    let inside = &mark[1..2];
    s.draw_text(font, "[", x, y, ink, TextStyle::PLAIN);
    let inside_room = width(&ticked[..2]) - width("[");
    s.draw_text(font, inside, x + width("[") + (inside_room - width(inside)) / 2, y, ink, TextStyle::PLAIN);
    s.draw_text(font, "]", x + width(&ticked[..2]), y, ink, TextStyle::PLAIN);
    s.draw_text(font, rest, x + mark_column(font), y, ink, TextStyle::PLAIN);
}

/// A list box showing `rows` from `first`, with `selected` highlighted;
/// returns the height of one row. A row too long for the box ends in `...`.
pub fn list_box(
    s: &mut Surface,
    machine: &Machine,
    r: Rect,
    rows: &[String],
    first: usize,
    selected: Option<usize>,
) -> i32 {
    let look = machine.look();
    let font = look.text_font;
    let row_h = font.height() as i32 + 2;
    s.fill_rect(r, look.paint(Pen::Background));
    match machine.id() {
        MachineId::MacSe30 | MachineId::MacColor => s.frame_rect(r, look.paint(Pen::Text)),
        _ => bevel(s, machine, r, false),
    }
    let inner = r.inset(2, 2);
    let old = s.set_clip(inner);
    for (i, row) in rows.iter().enumerate().skip(first) {
        let y = inner.y + (i - first) as i32 * row_h;
        // Whole rows only: a row cut in half reads as something else.
        if y + row_h > inner.bottom() {
            break;
        }
        let ink = if selected == Some(i) {
            s.fill_rect(Rect::new(inner.x, y, inner.w, row_h), look.paint(Pen::Fill));
            look.paint(Pen::FillText)
        } else {
            look.paint(Pen::Text)
        };
        let room = row_room(r);
        let shown = crate::machines::status::truncate(&|t| row_width(font, t), row, room);
        draw_row(s, font, &shown, (inner.x + 3, y + 1), ink);
    }
    s.set_clip(old);
    row_h
}

/// `text` made to fit a row `room` pixels wide keeping its last
/// `kept_end` bytes whole: whole where it fits, else what comes before
/// them shortened after a word with "..." ("My very long level... 1:
/// Tiny"), or after a letter where a cut after a word would leave less
/// than half its room: a set's name of one word would go whole, leaving
/// only the solved mark ("[ ] Thinking-rab... 1: Cellar"). An end too long
/// to leave what comes before it half the row is shortened too, after
/// that, so that the start (Sokoban's solved mark and the set's name)
/// still shows: "[x] Microban... 1: The Very...". With no end to
/// keep, the list shortens it at its end.
pub fn fit_keeping_end(font: &Font, text: &str, kept_end: usize, room: i32) -> String {
    use crate::machines::status::truncate;
    let measure = |t: &str| row_width(font, t);
    let Some(cut) = text.len().checked_sub(kept_end).filter(|&at| kept_end > 0 && text.is_char_boundary(at)) else {
        return text.to_string();
    };
    if measure(text) <= room {
        return text.to_string();
    }
    let (head, end) = text.split_at(cut);
    let head_room = (room - measure(end)).max(room / 2);
    let head = match crate::machines::status::shorten(&measure, head, head_room) {
        Some(by_word) if 2 * measure(&by_word) >= head_room => by_word,
        _ => crate::machines::status::cut_after_a_letter(&measure, head, head_room),
    };
    // The end's leading space parts it from the head: shortening keeps it.
    let words = end.trim_start();
    let space = &end[..end.len() - words.len()];
    let end_room = room - measure(&head) - measure(space);
    format!("{head}{space}{}", truncate(&measure, words, end_room))
}

/// The rows of a list `room` pixels wide showing `names`, each with the
/// bytes at its end to keep (see [`fit_keeping_end`]), shortened as the
/// list box shortens them, after a word. Names that would read alike so
/// ("Klondike..." for "Klondike Variations Easy" and "Klondike Variations
/// Hard" on the Amiga PAL) each keep the fewest last words that tell them
/// apart, where those take at most half the row ("Klondike... Easy",
/// "Klondike... Hard"): cut after a letter instead, "Klondike Variati..."
/// would still read alike, and the start, which the alphabetical list is
/// searched by, stays. So does a name shortened to another's whole name
/// ("Klondike..." under "Klondike" for "Klondike Extraordinarily Long").
pub fn distinct_rows(font: &Font, names: &[(&str, usize)], room: i32) -> Vec<String> {
    let measure = |t: &str| row_width(font, t);
    let shown = |name: &str, kept: usize| {
        crate::machines::status::truncate(&measure, &fit_keeping_end(font, name, kept, room), room)
    };
    let rows: Vec<String> = names.iter().map(|&(name, kept)| shown(name, kept)).collect();
    let read_as = |row: &str| row.strip_suffix("...").unwrap_or(row).trim_end().to_string();
    let mut alike: std::collections::HashMap<String, Vec<&str>> = std::collections::HashMap::new();
    for (row, &(name, _)) in rows.iter().zip(names) {
        alike.entry(read_as(row)).or_default().push(name);
    }
    let telling = |row: &str, name: &str, kept: usize| {
        let others: Vec<&str> = alike[&read_as(row)].iter().copied().filter(|&n| n != name).collect();
        let end = telling_end(name, &others).filter(|&end| measure(&name[name.len() - end..]) <= room / 2)?;
        Some(shown(name, end.max(kept)))
    };
    rows.iter().zip(names).map(|(row, &(name, kept))| telling(row, name, kept).unwrap_or_else(|| row.clone())).collect()
}

/// The bytes at the end of `name` that hold its fewest last words no name
/// of `others` ends with, and the space before them; None where there are
/// no others, or no such words short of the whole name.
fn telling_end(name: &str, others: &[&str]) -> Option<usize> {
    fn last_words(text: &str, k: usize) -> Vec<&str> {
        text.split_whitespace().rev().take(k).collect()
    }
    let starts: Vec<usize> = name
        .char_indices()
        .filter(|&(i, c)| !c.is_whitespace() && name[..i].ends_with(char::is_whitespace))
        .map(|(i, _)| i)
        .collect();
    let k = (1..=starts.len())
        .find(|&k| !others.is_empty() && others.iter().all(|other| last_words(other, k) != last_words(name, k)))?;
    let word = starts[starts.len() - k];
    let space = name[..word].char_indices().next_back().map_or(word, |(i, _)| i);
    Some(name.len() - space)
}

/// The width a list box `r` gives each row's text (rows wider are
/// shortened with "...").
pub fn row_room(r: Rect) -> i32 {
    r.inset(2, 2).w - 6
}

/// Windows' and Workbench's solid arrowhead, pointing up (7 x 4).
const SOLID_ARROW: [&str; 4] = ["...#...", "..###..", ".#####.", "#######"];
/// The smallest proportional knob, so it can still be grabbed.
const MIN_KNOB: i32 = 8;

/// A vertical scroll bar beside a list: arrows at both ends and the track
/// between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScrollBar {
    pub whole: Rect,
    pub up: Rect,
    pub down: Rect,
    pub track: Rect,
    /// Workbench and Windows knobs show how much is in view; the Mac's
    /// thumb is a square.
    proportional: bool,
}

impl ScrollBar {
    /// The scroll bar filling `whole` in the machine's manner.
    pub fn new(machine: &Machine, whole: Rect) -> ScrollBar {
        let (arrow_h, mac) = match machine.id() {
            MachineId::MacSe30 | MachineId::MacColor => (16, true),
            MachineId::Yazzle => (16, false),
            MachineId::AmigaPal => (10, false),
            MachineId::AmigaDblPal => (12, false),
        };
        let arrow_h = arrow_h.min(whole.h / 3);
        let up = Rect::new(whole.x, whole.y, whole.w, arrow_h);
        let down = Rect::new(whole.x, whole.bottom() - arrow_h, whole.w, arrow_h);
        let track = if mac {
            Rect::from_edges(whole.x + 1, up.bottom(), whole.right() - 1, down.y)
        } else {
            Rect::from_edges(whole.x, up.bottom(), whole.right(), down.y)
        };
        ScrollBar { whole, up, down, track, proportional: !mac }
    }

    /// The knob for `visible` of `total` rows from `first`; None when every
    /// row is in view.
    pub fn knob(&self, first: usize, visible: usize, total: usize) -> Option<Rect> {
        let t = self.track;
        if total <= visible || t.h <= 0 {
            return None;
        }
        let max = (total - visible) as i64;
        // The Mac's square thumb needs room to travel; on a track too short
        // for that (a Rummi tray's) it shows its share, as the others do.
        let square = !self.proportional && t.h >= 2 * t.w;
        let len = if square { t.w } else { (t.h as i64 * visible as i64 / total as i64) as i32 }
            .clamp(MIN_KNOB.min(t.h), t.h);
        let y = t.y + ((t.h - len) as i64 * first.min(total - visible) as i64 / max) as i32;
        Some(Rect::new(t.x, y, t.w, len))
    }

    /// The first row for a knob whose top is at `top`.
    fn first_for(&self, top: i32, visible: usize, total: usize) -> usize {
        let Some(k) = self.knob(0, visible, total) else { return 0 };
        let room = (self.track.h - k.h).max(1) as i64;
        let max = (total - visible) as i64;
        let pos = (top - self.track.y).clamp(0, room as i32) as i64;
        ((pos * max + room / 2) / room) as usize
    }
}

/// A scroll bar in the machine's manner, its knob at `first` of `total`
/// rows with `visible` in view.
pub fn scroll_bar(s: &mut Surface, machine: &Machine, bar: &ScrollBar, first: usize, visible: usize, total: usize) {
    let look = machine.look();
    let knob = bar.knob(first, visible, total);
    let (shine, shadow) = (look.paint(Pen::Shine), look.paint(Pen::Shadow));
    let solid = |p: crate::gfx::Paint| p.value_at(0, 0);
    match machine.id() {
        MachineId::MacSe30 | MachineId::MacColor => {
            mac_controls::scroll_bar(s, look, bar.whole, bar.up, bar.down, bar.track, knob);
        }
        MachineId::Yazzle => {
            // Windows 95: a dithered track, raised arrow buttons and thumb.
            let dither = crate::gfx::Paint::Pattern {
                pattern: crate::gfx::Pattern::GRAY,
                fore: solid(shine),
                back: solid(look.paint(Pen::Background)),
            };
            s.fill_rect(bar.track, dither);
            let raised = |s: &mut Surface, r: Rect| {
                s.fill_rect(r, look.paint(Pen::Background));
                s.hline(r.x, r.right() - 2, r.y, shine);
                s.vline(r.x, r.y, r.bottom() - 2, shine);
                s.hline(r.x, r.right() - 1, r.bottom() - 1, look.paint(Pen::Text));
                s.vline(r.right() - 1, r.y, r.bottom() - 1, look.paint(Pen::Text));
                s.hline(r.x + 1, r.right() - 2, r.bottom() - 2, shadow);
                s.vline(r.right() - 2, r.y + 1, r.bottom() - 2, shadow);
            };
            if let Some(k) = knob {
                raised(s, k);
            }
            for (r, flip) in [(bar.up, false), (bar.down, true)] {
                raised(s, r);
                if knob.is_some() {
                    s.stamp_centred(&SOLID_ARROW, r, flip, look.paint(Pen::Text));
                } else {
                    s.stamp_centred(&SOLID_ARROW, r.offset(1, 1), flip, shine);
                    s.stamp_centred(&SOLID_ARROW, r, flip, look.paint(Pen::Disabled));
                }
            }
        }
        MachineId::AmigaPal | MachineId::AmigaDblPal => {
            // A recessed proportional gadget with a raised knob (filling
            // the container when all is in view), arrow gadgets below it.
            s.fill_rect(bar.whole, look.paint(Pen::Background));
            bevel(s, machine, bar.track, false);
            let k = knob.unwrap_or(bar.track).inset(2, 1);
            bevel(s, machine, k, true);
            for (r, flip) in [(bar.up, false), (bar.down, true)] {
                bevel(s, machine, r, true);
                s.stamp_centred(&SOLID_ARROW, r, flip, look.paint(Pen::Text));
            }
        }
    }
}

/// Where a scrolled list's parts go: the list box (as [`list_box`] draws
/// it), the scroll bar beside it when the rows do not all fit, the row
/// height and how many whole rows show.
#[derive(Clone, Copy, Debug)]
pub struct ListLayout {
    pub rows: Rect,
    pub bar: Option<ScrollBar>,
    pub row_h: i32,
    pub visible: usize,
}

/// The width of a list's scroll bar on a machine.
pub fn bar_width(machine: &Machine) -> i32 {
    match machine.id() {
        MachineId::AmigaPal => 14,
        MachineId::AmigaDblPal => 18,
        _ => 16,
    }
}

/// Lays out a list of `total` rows in `r` (its height cut to whole rows).
pub fn list_layout(machine: &Machine, r: Rect, total: usize) -> ListLayout {
    let row_h = machine.look().text_font.height() as i32 + 2;
    let visible = ((r.h - 4) / row_h).max(1) as usize;
    // Whole rows only: the box ends under the last one that fits.
    let r = Rect::new(r.x, r.y, r.w, (visible as i32 * row_h + 4).min(r.h.max(row_h + 4)));
    if total <= visible {
        return ListLayout { rows: r, bar: None, row_h, visible };
    }
    let bw = bar_width(machine);
    let whole = Rect::from_edges(r.right() - bw, r.y, r.right(), r.bottom());
    let mac = matches!(machine.id(), MachineId::MacSe30 | MachineId::MacColor);
    // The Mac's bar shares the list's frame line; elsewhere it stands beside it.
    let rows = Rect::from_edges(r.x, r.y, if mac { whole.x + 1 } else { whole.x }, r.bottom());
    ListLayout { rows, bar: Some(ScrollBar::new(machine, whole)), row_h, visible }
}

impl ListLayout {
    /// The row under (x, y), if it is a row of the list.
    pub fn row_at(&self, first: usize, total: usize, x: i32, y: i32) -> Option<usize> {
        let inner = self.rows.inset(2, 2);
        if !inner.contains(x, y) {
            return None;
        }
        let row = ((y - inner.y) / self.row_h) as usize;
        (row < self.visible).then_some(first + row).filter(|&i| i < total)
    }

    /// The first row a list of `total` rows shows: where `scroll` has it,
    /// clamped to the list, and the first time (`reveal`, then cleared)
    /// or when the list shows another number of rows than before (another
    /// machine) moved to bring `selected` into view. `scroll` keeps the
    /// answer.
    pub fn first_row(&self, scroll: &Cell<ListScroll>, reveal: &Cell<bool>, selected: usize, total: usize) -> usize {
        let mut s = scroll.get();
        let resized = s.shown != 0 && s.shown != self.visible;
        s.shown = self.visible;
        s.first = if reveal.take() || resized {
            self.keep_in_view(s.first, selected, total)
        } else {
            s.first.min(total.saturating_sub(self.visible))
        };
        scroll.set(s);
        s.first
    }

    /// Selects `row` (of `total`) and scrolls it into view; whether the
    /// selection or the scroll changed. Where the selection stays (Home
    /// on the first row) the wheel may still have scrolled it out of
    /// sight: it comes back.
    pub fn select(&self, scroll: &mut ListScroll, selected: &mut usize, row: usize, total: usize) -> bool {
        let first = self.keep_in_view(scroll.first, row, total);
        let changed = row != *selected || first != scroll.first;
        *selected = row;
        scroll.first = first;
        changed
    }

    /// The row a key moves the selection of a list of `total` rows to
    /// from `selected`: the next or the one before, a page on or back (the
    /// rows in view but one), the first (Home) or the last (End); None for
    /// any other input. Every list (the launcher, the choosers) moves by
    /// these keys.
    pub fn row_for_key(&self, input: &Input, selected: usize, total: usize) -> Option<usize> {
        let Input::Key { key, .. } = *input else { return None };
        let last = total.checked_sub(1)?;
        let page = self.visible.saturating_sub(1).max(1);
        let row = match key {
            Key::Down => selected + 1,
            Key::Up => selected.saturating_sub(1),
            Key::PageDown => selected + page,
            Key::PageUp => selected.saturating_sub(page),
            Key::Home => 0,
            Key::End => last,
            _ => return None,
        };
        Some(row.min(last))
    }

    /// The first row to show so that `selected` is in view, starting from
    /// `first` and scrolling as little as possible.
    pub fn keep_in_view(&self, first: usize, selected: usize, total: usize) -> usize {
        keep_in_view(first, selected, self.visible, total)
    }
}

/// The first of `visible` rows to show (of `total`) so that row `selected`
/// is in view, starting from `first` and scrolling as little as possible.
pub fn keep_in_view(first: usize, selected: usize, visible: usize, total: usize) -> usize {
    let max = total.saturating_sub(visible);
    let first = if selected < first {
        selected
    } else if selected >= first + visible {
        selected + 1 - visible
    } else {
        first
    };
    first.min(max)
}

/// A list's scrolling: the first row shown and a knob being dragged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ListScroll {
    pub first: usize,
    /// The pointer's distance from the knob's top while it is dragged.
    grab: Option<i32>,
    /// How many rows the list showed when last drawn (0: not yet).
    shown: usize,
}

impl ListScroll {
    /// Scrolled to `first`, nothing dragged.
    pub fn at(first: usize) -> ListScroll {
        ListScroll { first, ..ListScroll::default() }
    }

    /// The knob let go where it is (its press was cancelled).
    #[must_use]
    pub fn let_go(self) -> ListScroll {
        ListScroll { grab: None, ..self }
    }

    /// Handles the wheel over the list and the scroll bar's arrows, track
    /// and knob; true if the event was the scroller's (the list may have
    /// moved).
    pub fn input(&mut self, input: &Input, layout: &ListLayout, total: usize) -> bool {
        let max = total.saturating_sub(layout.visible);
        let whole = layout
            .bar
            .map_or(layout.rows, |b| Rect::from_edges(layout.rows.x, layout.rows.y, b.whole.right(), b.whole.bottom()));
        let by = |first: usize, delta: isize| (first as isize + delta).clamp(0, max as isize) as usize;
        match *input {
            Input::Wheel { x, y, dy } if whole.contains(x, y) => {
                self.first = by(self.first, dy as isize * 3);
                true
            }
            Input::MouseDown { x, y, button: Button::Left } => {
                let Some(bar) = layout.bar.filter(|b| b.whole.contains(x, y)) else { return false };
                let page = layout.visible.saturating_sub(1).max(1) as isize;
                let knob = bar.knob(self.first, layout.visible, total);
                if bar.up.contains(x, y) {
                    self.first = by(self.first, -1);
                } else if bar.down.contains(x, y) {
                    self.first = by(self.first, 1);
                } else if let Some(k) = knob {
                    if y < k.y {
                        self.first = by(self.first, -page);
                    } else if y >= k.bottom() {
                        self.first = by(self.first, page);
                    } else {
                        self.grab = Some(y - k.y);
                    }
                }
                true
            }
            Input::MouseMove { y, .. } if self.grab.is_some() => {
                if let (Some(bar), Some(grab)) = (layout.bar, self.grab) {
                    self.first = bar.first_for(y - grab, layout.visible, total);
                }
                true
            }
            Input::MouseUp { button: Button::Left, .. } if self.grab.is_some() => {
                self.grab = None;
                true
            }
            _ => false,
        }
    }
}

/// A list box with its scroll bar, as laid out by [`list_layout`], and
/// where the keys move its selection (`focused`), the keyboard's mark.
pub fn scrolled_list(
    s: &mut Surface,
    machine: &Machine,
    layout: &ListLayout,
    rows: &[String],
    first: usize,
    selected: Option<usize>,
    focused: bool,
) {
    list_box(s, machine, layout.rows, rows, first, selected);
    if let Some(bar) = &layout.bar {
        scroll_bar(s, machine, bar, first, layout.visible, rows.len());
    }
    if focused {
        list_focus_mark(s, machine, layout, first, selected);
    }
}

/// The keyboard's mark on a list, as each machine drew it: on the Macs its
/// frame round the rows and the scroll bar made two pixels thick (Standard
/// File's list drew a ring when it took the keys; the heading above the
/// list leaves no room for one apart from the frame); elsewhere
/// Windows' focus rectangle, dots round the selected row in its text's
/// pen, which the Amiga's buttons share here (see [`focus_frame`]).
fn list_focus_mark(s: &mut Surface, machine: &Machine, layout: &ListLayout, first: usize, selected: Option<usize>) {
    let look = machine.look();
    if is_mac(machine) {
        let right = layout.bar.map_or(layout.rows.right(), |bar| bar.whole.right());
        let list = Rect::from_edges(layout.rows.x, layout.rows.y, right, layout.rows.bottom());
        s.frame_rect(list.inset(-1, -1), look.paint(Pen::Text));
        return;
    }
    let Some(shown) = selected.and_then(|row| row.checked_sub(first)).filter(|&row| row < layout.visible) else {
        return;
    };
    let inner = layout.rows.inset(2, 2);
    let row = Rect::new(inner.x, inner.y + shown as i32 * layout.row_h, inner.w, layout.row_h);
    s.dotted_frame(row, look.paint(Pen::FillText));
}

/// Breaks `text` into lines no wider than `width` at spaces (a single
/// word wider than that is broken after a `.`, `-`, `/` or `_`: see
/// [`crate::machines::status::wrap`]).
pub fn wrap(font: &Font, text: &str, width: i32) -> Vec<String> {
    crate::machines::status::wrap(&|t| font.text_width(t) as i32, text, width)
}

/// `text` wrapped as [`wrap`] does into at most `max` lines: where it
/// needs more, the last holds as many of the words left as fit, then
/// "..." (see [`crate::machines::status::truncate`]).
pub fn wrap_within(font: &Font, text: &str, width: i32, max: usize) -> Vec<String> {
    let mut lines = wrap(font, text, width);
    if lines.len() <= max {
        return lines;
    }
    lines.truncate(max.saturating_sub(1));
    // What the kept lines leave of the text, its spaces as wrap met them;
    // a line ending in a hyphen wrap put in a word leaves its letters.
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let after = |rest: &str, line: &str| {
        let unhyphened = line.strip_suffix('-').and_then(|head| rest.strip_prefix(head));
        rest.strip_prefix(line).or(unhyphened).unwrap_or(rest).trim_start().to_string()
    };
    let rest = lines.iter().fold(words.clone(), |rest, line| after(&rest, line));
    if max > 0 {
        lines.push(crate::machines::status::truncate(&|t| font.text_width(t) as i32, &rest, width));
    }
    lines
}

/// A horizontal slider showing `value` in `low..=high`: an Amiga
/// proportional gadget (a raised knob in a recessed well), a Mac scroll
/// bar (a white thumb on a grey track), a Windows trackbar (a raised thumb
/// over a sunken groove).
pub fn slider(s: &mut Surface, machine: &Machine, r: Rect, value: u32, (low, high): (u32, u32), enabled: bool) {
    let look = machine.look();
    let knob = slider_knob(r, value, (low, high));
    match machine.id() {
        MachineId::MacSe30 | MachineId::MacColor => {
            let black = look.paint(Pen::Text);
            s.fill_rect(r, look.paint(Pen::Shadow));
            s.frame_rect(r, black);
            s.fill_rect(knob, look.paint(Pen::Background));
            s.frame_rect(knob, black);
        }
        MachineId::AmigaPal | MachineId::AmigaDblPal => {
            s.fill_rect(r, look.paint(Pen::Background));
            bevel(s, machine, r, false);
            let inner = knob.inset(0, 1);
            s.fill_rect(inner, look.paint(if enabled { Pen::Fill } else { Pen::Background }));
            bevel(s, machine, inner, true);
        }
        MachineId::Yazzle => {
            let groove = Rect::new(r.x + 2, r.y + r.h / 2 - 2, r.w - 4, 4);
            bevel(s, machine, groove, false);
            s.fill_rect(knob, look.paint(Pen::Background));
            bevel(s, machine, knob, true);
        }
    }
}

/// The knob of a [`slider`] in `r` at `value`.
pub fn slider_knob(r: Rect, value: u32, (low, high): (u32, u32)) -> Rect {
    let span = (high - low).max(1) as i32;
    // One step's share of the track, but never too small to grab.
    let w = (r.w / (span + 1)).max(r.h * 3 / 4).max(6).min(r.w / 2);
    let at = (value.clamp(low, high) - low) as i32;
    Rect::new(r.x + (r.w - w) * at / span, r.y, w, r.h)
}

/// The value a slider in `r` takes with the pointer at `x`.
pub fn slider_value(r: Rect, x: i32, (low, high): (u32, u32)) -> u32 {
    let w = slider_knob(r, low, (low, high)).w;
    let track = (r.w - w).max(1);
    let at = (x - r.x - w / 2).clamp(0, track);
    let span = (high - low) as i32;
    low + ((at * span + track / 2) / track) as u32
}

/// What a YaZZle text field or check box is filled with: white, as in
/// Windows, where the skin's text reads on it; the dialog's own background
/// where the skin writes light on dark and white would swallow the text.
fn yazzle_field(machine: &Machine) -> Pen {
    let look = machine.look();
    let (text, face) = (look.colour(Pen::Text).luma(), look.colour(Pen::CardFace).luma());
    if text.abs_diff(face) >= 96 { Pen::CardFace } else { Pen::Background }
}

/// The number typed into the number box `name`, which takes `low` to
/// `high`, or why there is none, in words for a box. A box emptied is
/// said to be empty, not quoted as `""` as if that had been typed. Whether
/// the number is in range is the caller's to say: a size's limits may
/// hang on the others (MineSweeper's mines on its width and height).
pub fn typed_number(name: &str, text: &str, (low, high): (u32, u32)) -> Result<u32, String> {
    if text.is_empty() {
        return Err(format!("{name} is empty: type a number from {low} to {high}."));
    }
    text.parse().map_err(|_| format!("{name}: {text:?} is not a number; type one from {low} to {high}."))
}

/// A number box that has the keyboard: which of its panel's or dialog's
/// boxes it is, and its text, which starts as the value the box held (or
/// a number refused, given back) and is replaced by the first digit typed
/// (as a selected field's text is).
/// MineSweeper's panel and Scramble's Change Size type into their boxes
/// alike through it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberTyping {
    pub field: usize,
    pub text: String,
    /// No key typed since the box was given its text.
    fresh: bool,
}

impl NumberTyping {
    /// Box `field` takes the keyboard, holding `value`.
    pub fn new(field: usize, value: impl std::fmt::Display) -> NumberTyping {
        NumberTyping { field, text: value.to_string(), fresh: true }
    }

    /// Digit `c` typed: it replaces the value given, and is otherwise
    /// added while the text has fewer than `digits` digits. Returns
    /// whether the text changed.
    pub fn digit(&mut self, c: char, digits: usize) -> bool {
        if std::mem::take(&mut self.fresh) {
            self.text.clear();
        }
        let room = self.text.len() < digits;
        if room {
            self.text.push(c);
        }
        room
    }

    /// Whether the text is as the box was given it, no key typed since:
    /// left so, the box changes nothing.
    pub fn untouched(&self) -> bool {
        self.fresh
    }

    /// Takes the last digit off: the text is the player's from then.
    pub fn backspace(&mut self) {
        self.fresh = false;
        self.text.pop();
    }
}

/// A number box's note in the status line: why a key that is no digit
/// went nowhere ([`digits_only`]), said as the key is typed and taken
/// back at the box's next key, as Select Game's box shows the same under
/// its field. The status line, not a requester: a requester would take
/// the next digit typed as its own answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DigitsNote {
    said: bool,
}

impl DigitsNote {
    /// Says that the box `name`, which takes `low` to `high`, takes
    /// digits only.
    pub fn say<V: Variant>(&mut self, name: &str, (low, high): (u32, u32)) -> Reply<V> {
        self.said = true;
        Reply::Say(digits_only(name, (low.into(), high.into())))
    }

    /// Called as the box takes its next key: whether the note was up,
    /// for the reply to that key to take it back (see
    /// [`Reply::or_unsaid`]).
    pub fn take_back(&mut self) -> bool {
        std::mem::take(&mut self.said)
    }
}

/// A one-line text field: Amiga string gadget (a ridge), Mac text box (a
/// black frame), Windows edit box (sunken, white). `caret` draws the
/// insertion point after the text.
pub fn text_box(s: &mut Surface, machine: &Machine, r: Rect, text: &str, caret: bool) {
    let look = machine.look();
    let font = look.text_font;
    let ink = look.paint(Pen::Text);
    match machine.id() {
        MachineId::MacSe30 | MachineId::MacColor => {
            s.fill_rect(r, look.paint(Pen::Background));
            s.frame_rect(r, ink);
        }
        MachineId::AmigaPal | MachineId::AmigaDblPal => {
            s.fill_rect(r, look.paint(Pen::Background));
            bevel(s, machine, r, true);
            bevel(s, machine, r.inset(1, 1), false);
        }
        MachineId::Yazzle => {
            s.fill_rect(r, look.paint(yazzle_field(machine)));
            yazzle::sunken(s, look, r);
        }
    }
    let ty = r.y + (r.h - font.height() as i32) / 2;
    let end = s.draw_text(font, text, r.x + 4, ty, ink, TextStyle::PLAIN);
    if caret {
        match machine.id() {
            // The Amiga's cursor is a block in the Fill pen.
            MachineId::AmigaPal | MachineId::AmigaDblPal => s.fill_rect(
                Rect::new(end, ty, font.text_width("0") as i32, font.height() as i32),
                look.paint(Pen::Fill),
            ),
            _ => s.vline(end + 1, ty, ty + font.height() as i32 - 1, ink),
        }
    }
}

/// A read-only figure in a recessed box (a clock, a counter), right-aligned.
pub fn counter(s: &mut Surface, machine: &Machine, r: Rect, text: &str) {
    let look = machine.look();
    let font = look.text_font;
    s.fill_rect(r, look.paint(Pen::Background));
    match machine.id() {
        MachineId::MacSe30 | MachineId::MacColor => s.frame_rect(r, look.paint(Pen::Text)),
        _ => bevel(s, machine, r, false),
    }
    let tw = font.text_width(text) as i32;
    let ty = r.y + (r.h - font.height() as i32) / 2;
    s.draw_text(font, text, r.right() - 4 - tw, ty, look.paint(Pen::Text), TextStyle::PLAIN);
}

/// A check box with its label to the right; returns the box's rectangle
/// and the label's right edge.
pub fn check_box(s: &mut Surface, machine: &Machine, at: (i32, i32), label: &str, checked: bool) -> (Rect, i32) {
    let look = machine.look();
    let font = look.text_font;
    let size = font.height() as i32 + 2;
    let b = Rect::new(at.0, at.1, size, size);
    let ink = look.paint(Pen::Text);
    match machine.id() {
        MachineId::MacSe30 | MachineId::MacColor => {
            s.fill_rect(b, look.paint(Pen::Background));
            s.frame_rect(b, ink);
            if checked {
                s.line(b.x, b.y, b.right() - 1, b.bottom() - 1, ink);
                s.line(b.x, b.bottom() - 1, b.right() - 1, b.y, ink);
            }
        }
        _ => {
            if machine.id() == MachineId::Yazzle {
                s.fill_rect(b, look.paint(yazzle_field(machine)));
                yazzle::sunken(s, look, b);
            } else {
                s.fill_rect(b, look.paint(Pen::Background));
                bevel(s, machine, b, true);
            }
            if checked {
                // A tick: down to the lower third, then up to the top right.
                let (x0, y0) = (b.x + 3, b.y + b.h / 2);
                let (x1, y1) = (b.x + b.w / 2 - 1, b.bottom() - 4);
                for d in 0..2 {
                    s.line(x0, y0 + d, x1, y1 + d, ink);
                    s.line(x1, y1 + d, b.right() - 4, b.y + 3 + d, ink);
                }
            }
        }
    }
    let ty = b.y + (b.h - font.height() as i32) / 2;
    let end = s.draw_text(font, label, b.right() + 4, ty, ink, TextStyle::PLAIN);
    (b, end)
}

/// The room a [`dialog_box`] leaves between its edge and what it holds:
/// at each side, above (its title and a gap) and below.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DialogRoom {
    pub side: i32,
    pub top: i32,
    pub bottom: i32,
}

impl DialogRoom {
    pub fn of(machine: &Machine) -> DialogRoom {
        let title = machine.look().title_font.height() as i32;
        match machine.id() {
            // The Mac's double frame is 5 pixels deep and the default
            // button's ring stands 4 outside the button: 4 more keep the
            // ring and the title clear of the frame.
            MachineId::MacSe30 | MachineId::MacColor => {
                DialogRoom { side: MAC_DIALOG_EDGE, top: MAC_DIALOG_EDGE + title + 6, bottom: MAC_DIALOG_EDGE }
            }
            // The Amiga's and YaZZle's bevel is 2: the title bar, and 8
            // round what the box holds.
            MachineId::AmigaPal | MachineId::AmigaDblPal | MachineId::Yazzle => {
                DialogRoom { side: 8, top: title + 6 + 8, bottom: 8 }
            }
        }
    }

    /// The inside of a dialog framed by `frame`.
    pub fn inside(self, frame: Rect) -> Rect {
        Rect::from_edges(
            frame.x + self.side,
            frame.y + self.top,
            frame.right() - self.side,
            frame.bottom() - self.bottom,
        )
    }

    /// What the room adds to an inside's width.
    pub fn across(self) -> i32 {
        2 * self.side
    }

    /// What the room adds to an inside's height.
    pub fn down(self) -> i32 {
        self.top + self.bottom
    }
}

/// Where a Mac dialog's title and contents begin, in from its edge: its
/// frame (5), the default button's ring (4) and a gap (4).
const MAC_DIALOG_EDGE: i32 = 13;

/// A dialog drawn inside a view (a size or picture chooser): a box in the
/// machine's manner with `title` at its top. Returns the inside, below
/// the title (see [`DialogRoom`]).
pub fn dialog_box(s: &mut Surface, machine: &Machine, r: Rect, title: &str) -> Rect {
    let look = machine.look();
    let font = look.title_font;
    let ink = look.paint(Pen::Text);
    s.fill_rect(r, look.paint(Pen::Background));
    let (title_y, title_ink) = match machine.id() {
        MachineId::MacSe30 | MachineId::MacColor => {
            // A modal dialog's double frame.
            s.frame_rect(r, ink);
            s.frame_rect(r.inset(3, 3), ink);
            s.frame_rect(r.inset(4, 4), ink);
            (r.y + MAC_DIALOG_EDGE - 4, ink)
        }
        MachineId::AmigaPal | MachineId::AmigaDblPal | MachineId::Yazzle => {
            bevel(s, machine, r, true);
            let bar = Rect::new(r.x + 2, r.y + 2, r.w - 4, font.height() as i32 + 6);
            s.fill_rect(bar, look.paint(Pen::Fill));
            (r.y + 5, look.paint(Pen::FillText))
        }
    };
    // A title wider than the box (a board's long name on the Amiga PAL)
    // is shortened after a word, not cut at both ends.
    let measure = |t: &str| font.text_width(t) as i32;
    let title = crate::machines::status::truncate(&measure, title, r.w - DialogRoom::of(machine).across());
    let tw = measure(&title);
    s.draw_text(font, &title, r.x + (r.w - tw) / 2, title_y, title_ink, TextStyle::PLAIN);
    DialogRoom::of(machine).inside(r)
}

/// A requester saying `text` with an OK button: one paragraph, which each
/// machine breaks between words to fit its own requesters (breaking it
/// here as well would leave a word alone on a line where the two widths
/// differ).
pub fn message_box(title: &str, text: &str) -> crate::machines::Requester {
    crate::machines::Requester { title: title.into(), lines: vec![text.into()], buttons: vec!["OK".into()] }
}

/// The most problems one [`problems_box`] lists: a box of three long
/// ones, each wrapped, still fits the Amiga PAL's 256 lines and the
/// SE/30's 342.
pub const PROBLEMS_A_BOX: usize = 3;

/// The button of a [`problems_box`] that shows its next problems.
const MORE: &str = "More";

/// The box titled `title` telling the problems of the file `file`, each
/// a line of `problems`, from the `shown`th on: a few at a time, each
/// whole, with More while some are left. A box of them all would run off
/// the smallest screens, the last ones cut without a word.
pub fn problems_box(title: &str, file: &str, problems: &[String], shown: usize) -> crate::machines::Requester {
    let total = problems.len();
    let end = (shown + PROBLEMS_A_BOX).min(total);
    let heading = match total {
        1 => format!("A problem in {file}:"),
        n if n <= PROBLEMS_A_BOX => format!("{n} problems in {file}:"),
        n => format!("Problems {} to {end} of {n} in {file}:", shown + 1),
    };
    let mut lines = vec![heading];
    lines.extend(problems[shown.min(end)..end].iter().cloned());
    let buttons = if end < total { vec![MORE.into(), "OK".into()] } else { vec!["OK".into()] };
    crate::machines::Requester { title: title.into(), lines, buttons }
}

/// Whether `button` of `asked`, a [`problems_box`], asks for the next
/// problems.
pub fn asks_more(asked: &crate::machines::Requester, button: usize) -> bool {
    asked.buttons.get(button).is_some_and(|b| b == MORE)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row too narrow for a name that keeps its end shortens what comes
    /// before it, after a word; a row wide enough shows it whole.
    #[test]
    fn a_row_keeps_the_end_of_a_name_and_shortens_before_it() {
        let font = crate::gfx::font::topaz8();
        let name = "[ ] My very long level set name for testing 1: Tiny";
        let kept = " 1: Tiny".len();
        assert_eq!(fit_keeping_end(font, name, kept, 60 * 8), name, "shortened with room to spare");
        assert_eq!(fit_keeping_end(font, name, kept, 36 * 8), "[ ] My very long level... 1: Tiny");
        assert_eq!(fit_keeping_end(font, name, 0, 36 * 8), name, "the list shortens a name with no end kept");
    }

    /// An end too long to leave the start half the row is shortened after
    /// the start is: a solved level of a long-named set keeps its mark and
    /// the set's first word on the Amiga PAL's list, the title going last.
    #[test]
    fn an_end_too_long_is_shortened_after_what_comes_before_it() {
        let font = crate::gfx::font::topaz8();
        let end = " 1: The Very Long Title of an Extraordinary Level Indeed";
        let name = format!("[x] Microban and friends collection{end}");
        let row = fit_keeping_end(font, &name, end.len(), 34 * 8);
        assert_eq!(row, "[x] Microban... 1: The Very...");
        assert!(font.text_width(&row) <= 34 * 8);
    }

    /// A set named in one word keeps its start, cut after a letter: cut
    /// after a word, only the solved mark was left ("[ ]... 1: Cellar
    /// Steps"), and two sets' levels of one title read alike.
    #[test]
    fn a_set_named_in_one_word_keeps_its_start() {
        let font = crate::gfx::font::topaz8();
        let end = " 1: Cellar Steps";
        let name = format!("[ ] Thinking-rabbit-extra{end}");
        let row = fit_keeping_end(font, &name, end.len(), 36 * 8);
        assert_eq!(row, "[ ] Thinking-rabb... 1: Cellar Steps");
        assert!(font.text_width(&row) <= 36 * 8);
    }

    #[test]
    fn captions_wrap_at_spaces() {
        let font = crate::gfx::font::topaz8();
        assert_eq!(wrap(font, "one two three", 8 * 7), ["one two", "three"]);
        assert_eq!(wrap(font, "unbreakable x", 8 * 4), ["unb-", "rea-", "kab-", "le x"], "a word broken with a hyphen");
        assert!(wrap(font, "", 10).is_empty());
    }

    /// Types `keys` into `typed` one by one, `pause_ms` apart, from row
    /// `selected` of `names`; the names selected after each key.
    fn type_keys(typed: &mut TypeSelect, names: &[&str], selected: usize, keys: &str, pause_ms: u32) -> Vec<String> {
        let mut selected = selected;
        keys.chars()
            .map(|c| {
                typed.tick(pause_ms);
                selected = typed.select(names, selected, c).unwrap_or(selected);
                names[selected].to_string()
            })
            .collect()
    }

    const GAMES: [&str; 8] =
        ["Klondike", "Klondike Draw Three", "Rummi", "Scorpion", "Scramble", "Seahaven Towers", "Sokoban", "Tetris"];

    /// One letter typed again and again steps round the names it begins,
    /// quickly or slowly: a fresh letter moves on from the row it is on.
    #[test]
    fn a_letter_typed_again_steps_round_the_names_it_begins() {
        let steps = ["Scorpion", "Scramble", "Seahaven Towers", "Sokoban", "Scorpion"];
        for pause_ms in [0, 300, 1500] {
            assert_eq!(
                type_keys(&mut TypeSelect::default(), &GAMES, 0, "sssss", pause_ms),
                steps,
                "{pause_ms} ms apart"
            );
        }
        assert_eq!(type_keys(&mut TypeSelect::default(), &GAMES, 3, "S", 0), ["Scramble"], "on from Scorpion");
        // Repeated, a letter steps on even where a name starts with it twice.
        let names = ["Ssh", "Sa", "Sb"];
        assert_eq!(type_keys(&mut TypeSelect::default(), &names, 0, "sss", 0), ["Sa", "Sb", "Ssh"]);
    }

    /// Letters typed quickly spell the start of a name, the first in the
    /// list that starts so; a Space belongs to the name.
    #[test]
    fn letters_typed_quickly_spell_a_name() {
        let sea = type_keys(&mut TypeSelect::default(), &GAMES, 0, "sea", 0);
        assert_eq!(sea, ["Scorpion", "Seahaven Towers", "Seahaven Towers"]);
        assert_eq!(type_keys(&mut TypeSelect::default(), &GAMES, 0, "so", 0), ["Scorpion", "Sokoban"]);
        let typed = type_keys(&mut TypeSelect::default(), &GAMES, 0, "klondike", 0);
        assert_eq!(typed.last().unwrap(), "Klondike", "its whole name types the one on it");
        let typed = type_keys(&mut TypeSelect::default(), &GAMES, 0, "klondike d", 0);
        assert_eq!(typed.last().unwrap(), "Klondike Draw Three");
        // A letter that spells nothing starts afresh, and so does any
        // letter after a pause ("o" then begins no name).
        assert_eq!(type_keys(&mut TypeSelect::default(), &GAMES, 0, "sct", 0), ["Scorpion", "Scorpion", "Tetris"]);
        assert_eq!(type_keys(&mut TypeSelect::default(), &GAMES, 0, "so", 1500), ["Scorpion", "Scorpion"]);
        assert_eq!(TypeSelect::default().select(&GAMES, 0, 'z'), None);
        assert_eq!(TypeSelect::default().select(&[] as &[&str], 0, 's'), None, "an empty list");
    }

    /// While a name is being typed, a stop in it is part of it, as a
    /// Space is; at other times only letters and figures choose a row.
    #[test]
    fn a_stop_typed_within_a_name_belongs_to_it() {
        let names = ["Baker's Dozen", "Baker's Game", "Golf", "Scorpion"];
        let mut typed = TypeSelect::default();
        let mut selected = 0;
        for c in "baker's g".chars() {
            let input = Input::Key { key: Key::Char(c), mods: Modifiers::default() };
            let c = typed.typed(&input, selected).unwrap_or_else(|| panic!("{c:?} typed nothing"));
            selected = typed.select(&names, selected, c).unwrap_or(selected);
        }
        assert_eq!(names[selected], "Baker's Game");
        let quote = Input::Key { key: Key::Char('\''), mods: Modifiers::default() };
        assert_eq!(TypeSelect::default().typed(&quote, 0), None, "no name is being typed");
    }

    use crate::machines::{MachineChoice, MachineId, Modifiers};

    fn machine(id: MachineId) -> Machine {
        Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap()
    }

    /// On a Mac a dialog's title and its default button's ring keep clear
    /// of its double frame: the two rows and columns inside the frame's
    /// inner line are the dialog's own white, all round, with the title
    /// as wide as the box allows and the button in the inside's corner.
    #[test]
    fn a_mac_dialog_keeps_its_title_and_ring_off_its_frame() {
        for id in [MachineId::MacSe30, MachineId::MacColor] {
            let m = machine(id);
            let mut s = m.new_surface();
            let title = "Journal: English";
            let room = DialogRoom::of(&m);
            let frame = Rect::new(40, 40, m.look().title_font.text_width(title) as i32 + room.across(), 120);
            let inside = dialog_box(&mut s, &m, frame, title);
            let ok = Rect::new(inside.right() - 60, inside.bottom() - 20, 60, 20);
            default_button(&mut s, &m, ok, "OK", true);
            let white = s.colour_at(frame.x + frame.w / 2, frame.y + frame.h / 2).unwrap();
            let (outer, inner) = (frame.inset(5, 5), frame.inset(7, 7));
            for y in outer.y..outer.bottom() {
                for x in (outer.x..outer.right()).filter(|&x| !inner.contains(x, y)) {
                    assert_eq!(s.colour_at(x, y), Some(white), "{id:?}: ink at {x},{y} touches the frame");
                }
            }
        }
    }

    /// A title wider than its dialog is shortened after a word, on every
    /// machine: nothing is drawn outside the box (a long board name on the
    /// Amiga PAL was cut at both ends, past the box's sides).
    #[test]
    fn a_dialog_title_wider_than_the_box_is_shortened_inside_it() {
        for id in MachineId::ALL {
            let m = machine(id);
            let mut s = m.new_surface();
            let frame = Rect::new(60, 40, 150, 80);
            let before = s.clone();
            dialog_box(&mut s, &m, frame, "Journal: Asymmetric 3-3-2-2 Board with diagonal moves and more words");
            let (w, h) = (s.width() as i32, s.height() as i32);
            for y in 0..h {
                for x in (0..w).filter(|&x| !frame.contains(x, y)) {
                    assert!(s.get(x, y) == before.get(x, y), "{id:?}: drawn outside the box at {x},{y}");
                }
            }
        }
    }

    /// A list's check boxes take one column on every machine: the name
    /// after "[ ]" starts where the name after "[x]" does, though the
    /// Mac's proportional font draws a space narrower than an x, and the
    /// empty box is as wide as the ticked one.
    #[test]
    fn names_after_a_list_check_box_line_up() {
        for id in MachineId::ALL {
            let m = machine(id);
            let mut s = m.new_surface();
            let r = Rect::new(10, 10, 200, 60);
            let rows = ["[x] Larder".to_string(), "[ ] Larder".to_string()];
            let row_h = list_box(&mut s, &m, r, &rows, 0, None);
            let ink = |x: i32, row: i32| s.get(x, r.y + 2 + row * row_h + row_h / 2);
            let column = r.x + 2 + 3 + mark_column(m.look().text_font);
            for x in column..r.right() - 2 {
                assert_eq!(ink(x, 0), ink(x, 1), "{id:?}: the names part at x {x}");
            }
            let font = m.look().text_font;
            let closing = r.x + 2 + 3 + font.text_width("[x") as i32;
            let bracket_rows = (r.y + 2..r.y + 2 + row_h).map(|y| s.get(closing, y)).collect::<Vec<_>>();
            let below = (r.y + 2 + row_h..r.y + 2 + 2 * row_h).map(|y| s.get(closing, y)).collect::<Vec<_>>();
            assert_eq!(bracket_rows, below, "{id:?}: the empty box's ']' stands where the ticked box's does");
        }
    }

    /// Every machine marks the button Return presses, and the mark goes
    /// with the keyboard to the button it is on.
    #[test]
    fn the_default_mark_follows_the_keyboard() {
        for id in MachineId::ALL {
            let m = machine(id);
            let (ok, cancel) = (Rect::new(20, 40, 60, 20), Rect::new(100, 40, 60, 20));
            let drawn = |focus: &ButtonFocus| {
                let mut s = m.new_surface();
                focus.draw(&mut s, &m, &[("OK", ok, true), ("Cancel", cancel, true)]);
                s
            };
            let mark_at = |s: &Surface, r: Rect| {
                let mut plain = m.new_surface();
                button(&mut plain, &m, r, if r == ok { "OK" } else { "Cancel" }, true);
                // The rows the marks take (the Mac's ring from 4 pixels
                // out, the Amiga's frame 1 out, the Windows outline on
                // the edge) and no focus frame (3 and 6 pixels out).
                let band = (r.y - 2..=r.y).flat_map(|y| (r.x + 8..r.right() - 8).map(move |x| (x, y)));
                band.into_iter().any(|(x, y)| s.get(x, y) != plain.get(x, y))
            };
            let mut focus = ButtonFocus::default();
            let first = drawn(&focus);
            assert!(mark_at(&first, ok) && !mark_at(&first, cancel), "{id:?}: OK is the default");
            focus.input(&Input::Key { key: Key::Tab, mods: Default::default() }, 2);
            focus.input(&Input::Key { key: Key::Tab, mods: Default::default() }, 2);
            let on_cancel = drawn(&focus);
            assert!(mark_at(&on_cancel, cancel) && !mark_at(&on_cancel, ok), "{id:?}: the mark went to Cancel");
        }
    }

    /// A field's figures read on every skin: a light-on-dark skin's text
    /// is not written on white.
    #[test]
    fn a_yazzle_check_box_and_field_are_sunk_as_windows_draws_them() {
        let m = Machine::new(&MachineChoice::default(), MachineId::Yazzle).unwrap();
        let look = m.look();
        let mut s = m.new_surface();
        let (b, _) = check_box(&mut s, &m, (10, 10), "No guessing", false);
        let field = Rect::new(60, 40, 40, 20);
        text_box(&mut s, &m, field, "9", false);
        for r in [b, field] {
            let at = |x: i32, y: i32| s.colour_at(x, y).unwrap();
            // Grey then black at the top left, the face grey then white
            // at the bottom right: two rings, not one grey line.
            assert_eq!(at(r.x, r.y + 3), look.colour(Pen::Shadow), "{r:?}");
            assert_eq!(at(r.x + 1, r.y + 3), crate::gfx::Rgb::BLACK, "{r:?}");
            assert_eq!(at(r.right() - 2, r.y + 3), look.colour(Pen::Background), "{r:?}");
            assert_eq!(at(r.right() - 1, r.y + 3), look.colour(Pen::Shine), "{r:?}");
        }
    }

    #[test]
    fn text_fields_read_on_every_yazzle_skin() {
        for skin in crate::machines::skins() {
            let choice =
                MachineChoice { id: Some(MachineId::Yazzle), skin: Some(skin.id.clone()), ..Default::default() };
            let m = Machine::new(&choice, MachineId::Yazzle).unwrap();
            let mut s = m.new_surface();
            let r = Rect::new(10, 10, 40, 20);
            text_box(&mut s, &m, r, "88", false);
            let fill = s.colour_at(r.x + 2, r.y + r.h / 2).unwrap().luma();
            let ink = m.look().colour(Pen::Text).luma();
            assert!(fill.abs_diff(ink) >= 96, "{}: text of luma {ink} on a field of {fill}", skin.id);
        }
    }

    #[test]
    fn lists_show_whole_rows_and_a_bar_only_when_needed() {
        for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
            let m = machine(id);
            let r = Rect::new(10, 10, 200, 157);
            let short = list_layout(&m, r, 3);
            assert!(short.bar.is_none());
            assert_eq!(short.rows.h, short.visible as i32 * short.row_h + 4, "{id}: whole rows");
            let long = list_layout(&m, r, 40);
            let bar = long.bar.expect("a scroll bar");
            assert_eq!(bar.whole.right(), r.right(), "{id}");
            assert!(long.rows.right() <= bar.whole.x + 1, "{id}: rows and bar side by side");
            assert_eq!(long.row_at(0, 40, long.rows.x + 5, long.rows.y + 3), Some(0));
            assert_eq!(long.row_at(5, 40, long.rows.x + 5, long.rows.y + 3 + long.row_h), Some(6));
            assert_eq!(long.row_at(0, 40, bar.whole.x + 3, long.rows.y + 3), None, "{id}: the bar is no row");
        }
    }

    /// On another machine the list shows another number of rows: the
    /// selection, in view before, is brought into view again (it fell off
    /// the end of the shorter list).
    #[test]
    fn a_list_shown_on_another_machine_keeps_its_selection_in_view() {
        let (tall, short) = (machine(MachineId::Yazzle), machine(MachineId::MacSe30));
        let big = list_layout(&tall, Rect::new(0, 0, 200, 400), 40);
        let small = list_layout(&short, Rect::new(0, 0, 200, 120), 40);
        assert!(small.visible < big.visible);
        let (scroll, reveal) = (Cell::new(ListScroll::default()), Cell::new(false));
        let selected = big.visible - 1;
        assert_eq!(big.first_row(&scroll, &reveal, selected, 40), 0);
        let first = small.first_row(&scroll, &reveal, selected, 40);
        assert!((first..first + small.visible).contains(&selected), "{first}");
        // And then stays where the player scrolls it.
        let mut moved = scroll.get();
        moved.first = 0;
        scroll.set(moved);
        assert_eq!(small.first_row(&scroll, &reveal, selected, 40), 0);
    }

    #[test]
    fn the_knob_follows_the_pointer_and_the_track_pages() {
        let m = machine(MachineId::AmigaPal);
        let layout = list_layout(&m, Rect::new(0, 0, 150, 154), 40);
        let bar = layout.bar.unwrap();
        let (total, visible) = (40, layout.visible);
        let max = total - visible;
        let mut scroll = ListScroll::default();
        let k = bar.knob(0, visible, total).unwrap();
        assert_eq!(k.y, bar.track.y, "at the top");
        assert!(k.h < bar.track.h && k.h >= MIN_KNOB, "proportional");
        assert_eq!(bar.knob(max, visible, total).unwrap().bottom(), bar.track.bottom(), "at the bottom");
        assert_eq!(bar.knob(0, 40, 40), None, "all in view");
        // Drag the knob to the bottom and back halfway.
        let (x, y) = (k.x + 2, k.y + 2);
        assert!(scroll.input(&Input::MouseDown { x, y, button: Button::Left }, &layout, total));
        scroll.input(&Input::MouseMove { x, y: 1000 }, &layout, total);
        assert_eq!(scroll.first, max);
        let half = bar.track.y + (bar.track.h - k.h) / 2 + 2;
        scroll.input(&Input::MouseMove { x, y: half }, &layout, total);
        assert!((max / 2 - 1..=max / 2 + 1).contains(&scroll.first), "{} of {max}", scroll.first);
        assert!(scroll.input(&Input::MouseUp { x, y: half, button: Button::Left }, &layout, total));
        assert!(!scroll.input(&Input::MouseMove { x, y: 0 }, &layout, total), "no longer dragged");
        // A click on the track below the knob pages down; the arrows step.
        let before = scroll.first;
        let below = bar.knob(before, visible, total).unwrap().bottom() + 1;
        scroll.input(&Input::MouseDown { x, y: below, button: Button::Left }, &layout, total);
        assert_eq!(scroll.first, (before + visible - 1).min(max));
        scroll.input(&Input::MouseDown { x, y: bar.up.y + 1, button: Button::Left }, &layout, total);
        assert_eq!(scroll.first, (before + visible - 1).min(max) - 1);
        // The wheel, three rows a notch, within bounds.
        scroll.input(&Input::Wheel { x: 5, y: 5, dy: -100 }, &layout, total);
        assert_eq!(scroll.first, 0);
        assert!(!scroll.input(&Input::Wheel { x: 500, y: 5, dy: 1 }, &layout, total), "off the list");
    }

    #[test]
    fn every_knob_moves_even_on_a_short_track() {
        for id in MachineId::ALL {
            let m = machine(id);
            let (tall, short) =
                (ScrollBar::new(&m, Rect::new(0, 0, 16, 200)), ScrollBar::new(&m, Rect::new(0, 0, 16, 40)));
            let mac = matches!(id, MachineId::MacSe30 | MachineId::MacColor);
            if mac {
                assert_eq!(tall.knob(0, 2, 5).unwrap().h, tall.track.w, "{id}: the Mac's thumb is square");
            }
            let (top, bottom) = (short.knob(0, 2, 5).unwrap(), short.knob(3, 2, 5).unwrap());
            assert!(top.h < short.track.h && bottom.y > top.y, "{id}: the knob fills a short track: {top:?}");
        }
    }

    /// The keyboard's focus on a push button lies inside its face on
    /// YaZZle (as its requesters and Windows 95 draw it) and outside the
    /// button elsewhere, clear of the Mac's default ring.
    #[test]
    fn a_buttons_focus_lies_inside_it_on_windows_only() {
        let r = Rect::new(40, 40, 75, 23);
        for id in MachineId::ALL {
            let m = machine(id);
            let mut s = m.new_surface();
            push_button(&mut s, &m, r, "Help", true, false);
            let before = s.pixels().to_vec();
            button_focus_frame(&mut s, &m, r);
            let (w, _) = (s.width() as i32, s.height());
            let dots: Vec<(i32, i32)> = (0..before.len())
                .filter(|&i| before[i] != s.pixels()[i])
                .map(|i| (i as i32 % w, i as i32 / w))
                .collect();
            assert!(!dots.is_empty(), "{id}: no focus drawn");
            let inside = |(x, y): (i32, i32)| r.contains(x, y);
            if id == MachineId::Yazzle {
                assert!(dots.iter().all(|&p| inside(p)), "{id}: focus outside the button");
                assert!(dots.iter().all(|&p| r.inset(3, 3).contains(p.0, p.1)), "{id}: focus on the bevel");
            } else {
                assert!(dots.iter().all(|&p| !inside(p)), "{id}: focus over the button");
            }
        }
    }

    #[test]
    fn scroll_bars_draw_in_every_manner() {
        for id in MachineId::ALL {
            let m = machine(id);
            let layout = list_layout(&m, Rect::new(4, 30, 150, 150), 40);
            let mut s = m.new_surface();
            let rows: Vec<String> = (0..40).map(|i| format!("Row {i}")).collect();
            scrolled_list(&mut s, &m, &layout, &rows, 10, Some(12), false);
            let bar = layout.bar.unwrap();
            let colours: std::collections::BTreeSet<_> = (bar.whole.y..bar.whole.bottom())
                .flat_map(|y| (bar.whole.x..bar.whole.right()).map(move |x| (x, y)))
                .filter_map(|(x, y)| s.colour_at(x, y))
                .collect();
            assert!(colours.len() >= 2, "{id}: the bar is drawn");
        }
    }

    /// Rows a narrow list would shorten alike keep the fewest last words
    /// that tell them apart, where those leave room for the start; names
    /// alike to the end, and ends longer than half the row, stay as they
    /// were.
    #[test]
    fn rows_shortened_alike_keep_the_words_that_tell_them_apart() {
        let font = machine(MachineId::AmigaPal).look().text_font;
        let room = 8 * 19;
        let rows = |names: &[&str]| distinct_rows(font, &names.iter().map(|n| (*n, 0)).collect::<Vec<_>>(), room);
        assert_eq!(
            rows(&["Spider Variations One Suit", "Spider Variations Two Suit", "Spider Variations Four Suits"]),
            ["Spider... One Suit", "Spider... Two Suit", "Spider... Suits"]
        );
        assert_eq!(rows(&["Klondike Variations X", "Klondike Variations X"]), ["Klondike...", "Klondike..."]);
        assert_eq!(
            rows(&["Golf Variations Extraordinarily Long Name", "Golf Variations Unbelievably Long Name"]),
            ["Golf Variations...", "Golf Variations..."],
            "the words that tell them apart would take most of the row"
        );
        let kept = distinct_rows(font, &[("My very long level set name 1: Tiny", 8), ("Golf", 0)], room);
        assert_eq!(kept, ["My very... 1: Tiny", "Golf"], "a kept end stays");
    }

    /// Text wrapped into fewer lines than it needs ends its last in "...",
    /// after as many of the words left as fit.
    #[test]
    fn text_wrapped_within_lines_ends_in_an_ellipsis() {
        let font = machine(MachineId::AmigaPal).look().text_font;
        let text = "Klondike Variations Zany With A Rather Long Name";
        assert_eq!(wrap_within(font, text, 8 * 12, 3), ["Klondike", "Variations", "Zany With..."]);
        assert_eq!(wrap_within(font, text, 8 * 60, 1), [text], "it fits");
        assert!(wrap_within(font, text, 8 * 12, 0).is_empty());
        let word = "Extraordinarily-long-names stay";
        assert_eq!(wrap_within(font, word, 8 * 10, 2), ["Extraordi-", "narily-..."], "a word broken goes on unspaced");
        let name = "The Extraordinarily Long Patience";
        assert_eq!(
            wrap_within(font, name, 8 * 12, 3),
            ["The", "Extraordina-", "rily Long..."],
            "after a hyphen put in"
        );
    }

    #[test]
    fn sliders_map_the_pointer_back_to_their_values() {
        let r = Rect::new(10, 0, 120, 12);
        for v in 8..=30 {
            let knob = slider_knob(r, v, (8, 30));
            assert!(knob.x >= r.x && knob.right() <= r.right());
            assert_eq!(slider_value(r, knob.x + knob.w / 2, (8, 30)), v);
        }
        assert_eq!(slider_value(r, -50, (8, 30)), 8);
        assert_eq!(slider_value(r, 500, (8, 30)), 30);
    }
}
