//! Pause, as the timed games have it: Game > Pause (Resume while paused)
//! on the P key. Tetris pauses by a move of its rules, which its replays
//! must see; MineSweeper and Scramble hold their clock by a switch of the
//! board's own, [`Pause`], and cover the play while it is on, so paused
//! time is neither counted nor spent looking.

use crate::core::{Game, Session, Status, Variant};
use crate::gfx::{Rect, Surface, TextStyle};
use crate::machines::{Command, Machine, MenuItem, Pen, ViewCommand};

/// Game > Pause, and Resume while paused.
pub const PAUSE: ViewCommand = ViewCommand("pause");

/// What Pause says with no game under way.
pub const NOTHING_TO_PAUSE: &str = "Nothing to pause: no game under way.";

/// What the item (or a button) says: Pause, or Resume while paused.
pub fn label(paused: bool) -> &'static str {
    if paused { "Resume" } else { "Pause" }
}

/// The Game menu's Pause item, Resume while `paused`, on the P key.
pub fn menu_item(paused: bool) -> MenuItem {
    MenuItem::new(label(paused), Command::View(PAUSE)).key('p')
}

/// A board's pause switch: while it is on the controller's clock stands
/// still (see [`Board::paused`](super::board::Board::paused)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pause {
    on: bool,
}

impl Pause {
    pub fn is_on(self) -> bool {
        self.on
    }

    /// Whether Pause (or Resume) applies: paused, or a game under way (a
    /// move made, and not ended).
    pub fn applies<V: Variant>(self, session: &Session<V>) -> bool {
        self.on || (session.move_count() > 0 && session.state().status() == Status::Playing)
    }

    /// Pause, or Resume while paused; false, changing nothing, where
    /// nothing is under way to pause (see [`NOTHING_TO_PAUSE`]).
    pub fn switch<V: Variant>(&mut self, session: &Session<V>) -> bool {
        let applies = self.applies(session);
        if applies {
            self.on = !self.on;
        }
        applies
    }

    /// Pauses a game under way, if it is not paused already (the player
    /// turned to another window); says whether it paused now.
    pub fn hold<V: Variant>(&mut self, session: &Session<V>) -> bool {
        let now = !self.on && self.applies(session);
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
