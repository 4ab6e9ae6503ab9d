//! The period machines: resolution, pixel format and palette, pens, fonts,
//! chrome (menu bars, windows, requesters, skins) and input conventions.
//! Uses only `gfx`.

pub mod amiga;
pub mod choices;
pub mod command;
pub mod entry;
pub mod input;
pub mod look;
pub mod mac;
pub mod mac_controls;
pub mod menu;
pub mod pens;
pub mod pointer;
pub mod skin;
pub mod status;
pub mod yazzle;

use std::fmt;

use crate::gfx::{Rect, Surface};

pub use choices::Choices;
pub use command::ViewCommand;
pub use entry::{EntryEvent, TextEntry, digits_only};
pub use input::{Button, Input, Key, Modifiers};
pub use look::Look;
pub use menu::{Command, Menu, MenuItem, MenuOutcome, MenuStyle, MenuTracker, Requester};
pub use pens::Pen;
pub use pointer::Pointer;

/// The machines Parlour imitates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MachineId {
    Yazzle,
    AmigaPal,
    AmigaDblPal,
    MacSe30,
    MacColor,
}

impl MachineId {
    pub const ALL: [MachineId; 5] =
        [MachineId::Yazzle, MachineId::AmigaPal, MachineId::AmigaDblPal, MachineId::MacSe30, MachineId::MacColor];

    /// The id used on the command line and in settings.
    pub fn name(self) -> &'static str {
        match self {
            MachineId::Yazzle => "yazzle",
            MachineId::AmigaPal => "amiga-pal",
            MachineId::AmigaDblPal => "amiga-dblpal",
            MachineId::MacSe30 => "mac-se30",
            MachineId::MacColor => "mac-color",
        }
    }

    /// A human description for menus and help.
    pub fn title(self) -> &'static str {
        match self {
            MachineId::Yazzle => "YaZZle window (698 x 523)",
            MachineId::AmigaPal => "Amiga PAL (320 x 256)",
            MachineId::AmigaDblPal => "Amiga DblPAL (640 x 512)",
            MachineId::MacSe30 => "Macintosh SE/30 (512 x 342)",
            MachineId::MacColor => "Colour Macintosh (640 x 480)",
        }
    }

    /// Reads a machine name as people write it: any case, with or without
    /// the hyphen (`MacSE30`, `amiga pal`) and with the British spelling the
    /// menus use (`mac-colour`, since the menu says "Colour Macintosh").
    pub fn parse(s: &str) -> Result<MachineId, String> {
        let wanted = machine_key(s);
        MachineId::ALL.into_iter().find(|m| machine_key(m.name()) == wanted).ok_or_else(|| {
            let names: Vec<&str> = MachineId::ALL.iter().map(|m| m.name()).collect();
            format!("unknown machine `{s}` (choose one of {})", names.join(", "))
        })
    }

    /// The depths a machine offers; only the colour Mac has a choice.
    pub fn depths(self) -> &'static [Depth] {
        match self {
            MachineId::MacColor => &Depth::ALL,
            MachineId::MacSe30 => &[Depth::Bits1],
            MachineId::Yazzle => &[Depth::Millions],
            // Amiga screens have a fixed register count per resolution.
            MachineId::AmigaPal | MachineId::AmigaDblPal => &[],
        }
    }
}

/// A machine name reduced to what tells machines apart: lower-case letters
/// and digits, "colour" spelt "color".
fn machine_key(name: &str) -> String {
    let letters: String = name.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect();
    letters.replace("colour", "color")
}

impl fmt::Display for MachineId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Screen depths by the names the Mac's Monitors control panel uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Depth {
    Bits1,
    Colours4,
    Colours16,
    Colours256,
    Thousands,
    Millions,
}

impl Depth {
    pub const ALL: [Depth; 6] =
        [Depth::Bits1, Depth::Colours4, Depth::Colours16, Depth::Colours256, Depth::Thousands, Depth::Millions];

    pub fn name(self) -> &'static str {
        match self {
            Depth::Bits1 => "1",
            Depth::Colours4 => "4",
            Depth::Colours16 => "16",
            Depth::Colours256 => "256",
            Depth::Thousands => "thousands",
            Depth::Millions => "millions",
        }
    }

    pub fn parse(s: &str) -> Result<Depth, String> {
        Depth::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown depth `{s}` (choose one of 1, 4, 16, 256, thousands, millions)"))
    }
}

/// Which machine, at which depth, with which skin: everything that picks a
/// screen. Unset parts take the machine's defaults.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MachineChoice {
    pub id: Option<MachineId>,
    pub depth: Option<Depth>,
    pub skin: Option<String>,
}

impl MachineChoice {
    /// Every machine at every depth it offers (the colour Mac at each of
    /// its depths, the others as they come, YaZZle with its default skin).
    pub fn every_screen() -> Vec<MachineChoice> {
        MachineId::ALL
            .iter()
            .flat_map(|&id| {
                let depths =
                    if id == MachineId::MacColor { id.depths().iter().map(|&d| Some(d)).collect() } else { vec![None] };
                depths.into_iter().map(move |depth| MachineChoice { id: Some(id), depth, skin: None })
            })
            .collect()
    }
}

#[cfg(test)]
impl MachineChoice {
    /// A fresh surface of every screen that is not one bit, named by its
    /// machine and depth: for tests of how art's colours show there.
    pub(crate) fn colour_surfaces() -> Vec<(String, Surface)> {
        let surfaces = MachineChoice::every_screen().into_iter().map(|choice| {
            let id = choice.id.expect("every screen names its machine");
            (format!("{id:?} {:?}", choice.depth), Machine::new(&choice, id).expect("every screen opens"))
        });
        surfaces.filter(|(_, m)| !m.look().is_monochrome()).map(|(name, m)| (name, m.new_surface())).collect()
    }
}

/// Everything a chrome draws around (and over) a view in one frame.
#[derive(Clone, Debug, Default)]
pub struct Frame<'a> {
    /// The window or screen title.
    pub title: &'a str,
    pub menus: &'a [Menu],
    /// Named figures to show (e.g. ("Score", "120")): the YaZZle skin puts
    /// them in its text fields, the Mac in the window's status strip, the
    /// Amiga in the screen title bar.
    pub fields: &'a [(&'a str, String)],
    /// A one-line message (why a move was refused, who won).
    pub message: &'a str,
    /// Whether the message refuses what the player has just done: it then
    /// leads the line, the figures after it (see [`status::fit_refusal`]).
    pub refusal: bool,
    /// Commands (from [`Chrome::button_commands`]) that cannot be used now:
    /// their buttons are drawn greyed out.
    pub disabled: &'a [Command],
}

/// One machine's look and feel: where the view goes and how everything
/// around it is drawn. Each machine family implements it.
pub trait Chrome: Send + Sync {
    /// The rectangle the view draws into.
    fn content(&self) -> Rect;
    /// Draws the screen around the content: desktop, menu bar or title bar,
    /// window frame, status. The content area itself is left to the view.
    fn draw_frame(&self, s: &mut Surface, look: &Look, frame: &Frame);
    fn menu_style(&self) -> MenuStyle;
    fn menu_geometry<'a>(&'a self, look: &'a Look) -> Box<dyn menu::MenuGeometry + 'a>;
    /// Draws the menus as the tracker has them (bar highlight, open panel).
    fn draw_menus(&self, s: &mut Surface, look: &Look, menus: &[Menu], tracker: &MenuTracker);
    /// The requester's frame and one rectangle per button.
    fn requester_layout(&self, look: &Look, req: &Requester) -> (Rect, Vec<Rect>);
    /// The close box in the caption of a requester whose frame is `frame`
    /// (from [`Chrome::requester_layout`]), which answers as Escape does,
    /// where the chrome draws one (YaZZle's message boxes; Amiga
    /// requesters and Mac alerts have none).
    fn requester_close_box(&self, _frame: Rect) -> Option<Rect> {
        None
    }
    /// Draws the requester; `focus` is the button the keyboard has moved
    /// to (Tab, the arrow keys), which Return presses. `None` until it has
    /// moved: Return presses the first button, shown as each machine shows
    /// its default button, if at all.
    fn draw_requester(&self, s: &mut Surface, look: &Look, req: &Requester, focus: Option<usize>);
    /// Draws the requester while the keyboard is on none of its buttons
    /// but on a control of its own (a radio group, which wears the focus
    /// frame): the first button is shown as the default, which Return
    /// presses, without the keyboard's mark where the chrome gives the
    /// default one.
    fn draw_requester_off_buttons(&self, s: &mut Surface, look: &Look, req: &Requester) {
        self.draw_requester(s, look, req, None);
    }
    /// A requester's text as it is set (long lines broken between words)
    /// with where each line is drawn, so radio buttons can be put on lines
    /// (see [`Choices`]). A chrome that does not say shows choices as plain
    /// lines.
    fn requester_lines(&self, _look: &Look, _req: &Requester) -> Vec<(String, Rect)> {
        Vec::new()
    }
    /// The font of a requester's text.
    fn requester_font<'a>(&self, look: &'a Look) -> &'a crate::gfx::font::Font {
        look.text_font
    }
    /// Sizes the document window as it is on a screen of `screen` pixels
    /// (The Chance's window is made for the SE/30's 512 x 342), where this
    /// machine's screen is larger and its windows can be moved; `None`, or
    /// the same size again, leaves the window as it is.
    fn fit_window(&mut self, _screen: Option<(u32, u32)>) {}
    /// The title bar by which the window can be dragged about the desktop,
    /// if it can.
    fn drag_bar(&self) -> Option<Rect> {
        None
    }
    /// Moves the window by (dx, dy), kept whole on the desktop.
    fn move_window(&mut self, _dx: i32, _dy: i32) {}
    /// Draws a radio button filling the square `r`, marked when `on`.
    fn draw_radio(&self, s: &mut Surface, look: &Look, r: Rect, on: bool) {
        choices::draw_round(s, r, look.paint(Pen::Text), look.paint(Pen::Background), on);
    }
    /// Whether the chrome paints the content area's table itself (a YaZZle
    /// skin's felt); otherwise views fill it with the Felt pen.
    fn draws_felt(&self) -> bool {
        false
    }
    /// The commands of the chrome's own buttons (a YaZZle skin's).
    fn button_commands(&self) -> Vec<Command> {
        Vec::new()
    }
    /// The command of the chrome's button at (x, y): a skin's button
    /// (YaZZle), a window's close box (the Macs).
    fn button_at(&self, _x: i32, _y: i32) -> Option<Command> {
        None
    }
    /// Whether the status line shows `frame`'s message whole, not cut
    /// short or left to its opening sentences: where it does not, a view
    /// whose every word matters (the help's, naming a topic or a file)
    /// shows it in a box as well.
    fn shows_whole(&self, _look: &Look, _frame: &Frame) -> bool {
        true
    }
    /// Whether the status line cuts `frame`'s message short: not one
    /// whole sentence of it fits (see [`status::Fitted::cut`]), so the
    /// shell shows it in a box as well.
    fn cuts_message(&self, _look: &Look, _frame: &Frame) -> bool {
        false
    }
}

/// The YaZZle skins available (embedded and from the asset override
/// folder): id, name, author and description.
pub fn skins() -> Vec<skin::SkinInfo> {
    skin::list()
}

/// A machine ready to draw: its look and its chrome.
pub struct Machine {
    id: MachineId,
    depth: Option<Depth>,
    skin: Option<String>,
    look: Look,
    chrome: Box<dyn Chrome>,
}

/// A machine that could not be set up (an unknown or broken skin, a depth
/// the machine does not have).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MachineError(pub String);

impl fmt::Display for MachineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MachineError {}

impl Machine {
    /// Builds the chosen machine; `default` is used when the choice names
    /// none.
    pub fn new(choice: &MachineChoice, default: MachineId) -> Result<Machine, MachineError> {
        let id = choice.id.unwrap_or(default);
        if let Some(d) = choice.depth
            && !id.depths().is_empty()
            && !id.depths().contains(&d)
        {
            return Err(MachineError(format!("{id} has no depth `{}`", d.name())));
        }
        let (look, chrome, depth, skin): (Look, Box<dyn Chrome>, Option<Depth>, Option<String>) = match id {
            MachineId::MacSe30 => {
                (Look::mac(Depth::Bits1, 512, 342), Box::new(mac::MacChrome::new(512, 342)), Some(Depth::Bits1), None)
            }
            MachineId::MacColor => {
                let depth = choice.depth.unwrap_or(Depth::Colours256);
                (Look::mac(depth, 640, 480), Box::new(mac::MacChrome::new(640, 480)), Some(depth), None)
            }
            MachineId::AmigaPal => (Look::amiga_pal(), Box::new(amiga::AmigaChrome::pal()), None, None),
            MachineId::AmigaDblPal => (Look::amiga_dblpal(), Box::new(amiga::AmigaChrome::dblpal()), None, None),
            MachineId::Yazzle => {
                let wanted = choice.skin.as_deref().unwrap_or(skin::DEFAULT_SKIN);
                let skin_id = skin::resolve(wanted).map_err(MachineError)?;
                // A broken copy of a built-in skin in the override folder
                // (a player's edit of Plastique) leaves the built-in one,
                // said on standard error, rather than no window at all.
                let loaded = skin::Skin::load(&skin_id)
                    .or_else(|e| {
                        let built_in = skin::Skin::built_in(&skin_id).ok_or_else(|| e.to_string())?;
                        tell!("warning: {e}; the built-in copy of the skin is used");
                        Ok(built_in)
                    })
                    .map_err(MachineError)?;
                let look = Look::yazzle(&loaded.pen_overrides());
                (look, Box::new(yazzle::YazzleChrome::new(loaded)), Some(Depth::Millions), Some(skin_id))
            }
        };
        Ok(Machine { id, depth, skin, look, chrome })
    }

    pub fn id(&self) -> MachineId {
        self.id
    }

    pub fn depth(&self) -> Option<Depth> {
        self.depth
    }

    pub fn skin(&self) -> Option<&str> {
        self.skin.as_deref()
    }

    pub fn look(&self) -> &Look {
        &self.look
    }

    pub fn chrome(&self) -> &dyn Chrome {
        self.chrome.as_ref()
    }

    /// The current choice, for settings and menus.
    pub fn choice(&self) -> MachineChoice {
        MachineChoice { id: Some(self.id), depth: self.depth, skin: self.skin.clone() }
    }

    /// A blank framebuffer of the machine's native size, format and palette.
    pub fn new_surface(&self) -> Surface {
        self.look.new_surface()
    }

    pub fn content(&self) -> Rect {
        self.chrome.content()
    }

    /// Sizes the window for a view made for a screen of `screen` pixels
    /// (see [`Chrome::fit_window`]).
    pub fn fit_window(&mut self, screen: Option<(u32, u32)>) {
        self.chrome.fit_window(screen);
    }

    /// Moves a movable window by (dx, dy) (see [`Chrome::move_window`]).
    pub fn move_window(&mut self, dx: i32, dy: i32) {
        self.chrome.move_window(dx, dy);
    }

    /// Width over height of one pixel as (numerator, denominator). Every
    /// mode Parlour offers has square pixels: the Amiga OS treats PAL lores
    /// as square (44 x 44 ticks) and DblPAL 640 x 512 likewise.
    pub fn pixel_aspect(&self) -> (u32, u32) {
        (1, 1)
    }

    /// Whether a key press with these modifiers is a menu shortcut here:
    /// Alt stands for the Amiga's right-Amiga key, Ctrl for the Mac's
    /// command key and Windows' Ctrl. A player at a PC keyboard reaches
    /// for Ctrl first, and neither the Amiga nor the Mac gives the other
    /// key a meaning of its own in a menu, so both take either. Windows
    /// does not: there Alt and a letter open a menu by its access key.
    pub fn is_shortcut(&self, mods: Modifiers) -> bool {
        match self.id {
            MachineId::Yazzle => mods.ctrl,
            MachineId::AmigaPal | MachineId::AmigaDblPal | MachineId::MacSe30 | MachineId::MacColor => {
                mods.ctrl || mods.alt
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ctrl_is_a_shortcut_everywhere_and_alt_off_windows() {
        let (ctrl, alt) =
            (Modifiers { ctrl: true, ..Modifiers::default() }, Modifiers { alt: true, ..Modifiers::default() });
        for id in
            [MachineId::Yazzle, MachineId::AmigaPal, MachineId::AmigaDblPal, MachineId::MacSe30, MachineId::MacColor]
        {
            let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
            assert!(m.is_shortcut(ctrl), "{id:?}: Ctrl");
            assert_eq!(m.is_shortcut(alt), id != MachineId::Yazzle, "{id:?}: Alt");
            assert!(!m.is_shortcut(Modifiers::default()), "{id:?}: a plain key");
        }
    }

    #[test]
    fn machine_names_read_in_the_forms_people_write() {
        for (written, machine) in [
            ("mac-color", MachineId::MacColor),
            ("mac-colour", MachineId::MacColor),
            ("Mac Colour", MachineId::MacColor),
            ("MacSE30", MachineId::MacSe30),
            ("mac-se/30", MachineId::MacSe30),
            ("amiga_pal", MachineId::AmigaPal),
            ("Amiga-DblPAL", MachineId::AmigaDblPal),
            ("YaZZle", MachineId::Yazzle),
        ] {
            assert_eq!(MachineId::parse(written), Ok(machine), "{written}");
        }
    }

    #[test]
    fn an_unknown_machine_is_refused_with_the_names() {
        let why = MachineId::parse("mac-colours").unwrap_err();
        assert_eq!(
            why,
            "unknown machine `mac-colours` (choose one of yazzle, amiga-pal, amiga-dblpal, mac-se30, mac-color)"
        );
        assert!(MachineId::parse("").is_err());
    }
}
