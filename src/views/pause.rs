//! Pause, as the timed games have it: Game > Pause (Resume while paused)
//! on the P key. Tetris pauses by a move of its rules, which its replays
//! must see; MineSweeper and Scramble hold their clock by a switch of the
//! board's own, [`Pause`], and cover the play while it is on, so paused
//! time is neither counted nor spent looking.

use crate::gfx::{Rect, Surface, TextStyle};
use crate::machines::{Command, Machine, MenuItem, Pen, ViewCommand};

/// Game > Pause, and Resume while paused.
pub const PAUSE: ViewCommand = ViewCommand("pause");

/// What Pause says where the clock counts no time: no game under way,
/// or one already counted (lost, then taken back by Undo). It says when
/// the clock runs: a player playing on in a game taken back saw only
/// that it did not, and wondered why.
pub const NOTHING_TO_PAUSE: &str =
    "Nothing to pause: the clock starts with the first move and stands once a game is won or counted as lost.";

/// What the item (or a button) says: Pause, or Resume while paused.
pub fn label(paused: bool) -> &'static str {
    if paused { "Resume" } else { "Pause" }
}

/// The Game menu's Pause item, Resume while `paused`, on the P key.
pub fn menu_item(paused: bool) -> MenuItem {
    MenuItem::new(label(paused), Command::View(PAUSE)).key('p')
}

/// A board's pause switch: while it is on the controller's clock stands
/// still (see [`Board::paused`](super::board::Board::paused)). Pause is
/// offered exactly where the clock counts time, as the controller tells
/// it (see [`Board::clock_counts`](super::board::Board::clock_counts)),
/// and Resume while paused.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pause {
    on: bool,
    /// Whether the game's clock counts time, as last told.
    clock_counts: bool,
}

impl Pause {
    pub fn is_on(self) -> bool {
        self.on
    }

    /// Takes the controller's word on whether the game's clock counts
    /// time. A pause of a game whose clock no longer counts ends: there
    /// is no time left to hold.
    pub fn clock_counts(&mut self, counts: bool) {
        self.clock_counts = counts;
        self.on &= counts;
    }

    /// Whether Pause (or Resume) applies: paused, or the game's clock
    /// counts time.
    pub fn applies(self) -> bool {
        self.on || self.clock_counts
    }

    /// Pause, or Resume while paused; false, changing nothing, where
    /// no clock counts time to pause (see [`NOTHING_TO_PAUSE`]).
    pub fn switch(&mut self) -> bool {
        let applies = self.applies();
        if applies {
            self.on = !self.on;
        }
        applies
    }

    /// Pauses a game whose clock counts time, if it is not paused already
    /// (the player turned to another window); says whether it paused now.
    pub fn hold(&mut self) -> bool {
        let now = !self.on && self.applies();
        self.on |= now;
        now
    }

    /// Play goes on; says whether it was paused.
    pub fn resume(&mut self) -> bool {
        std::mem::take(&mut self.on)
    }
}

/// The "Paused" sign in the middle of `over`, the play it covers.
pub fn draw_sign(s: &mut Surface, machine: &Machine, over: Rect) {
    let look = machine.look();
    let font = look.title_font;
    let text = "Paused";
    let sign = over.centred(font.text_width(text) as i32 + 16, font.height() as i32 + 10);
    s.fill_rect(sign, look.paint(Pen::Background));
    s.frame_rect(sign, look.paint(Pen::Text));
    s.draw_text(font, text, sign.x + 8, sign.y + 5, look.paint(Pen::Text), TextStyle::PLAIN);
}
