//! The loop shared by the window and headless runs: input in, a frame out,
//! redrawn only when something changed.

use crate::gfx::{ClippedText, Surface};
use crate::machines::{Input, MenuItem};

use super::shell::Shell;

pub struct Driver {
    shell: Shell,
    surface: Surface,
    /// Bumped every time the frame is redrawn (the window presents only
    /// new frames).
    generation: u64,
    /// The text runs the last redraw could not fit (see
    /// `Surface::take_clipped_text`).
    clipped_text: Vec<ClippedText>,
}

impl Driver {
    pub fn new(shell: Shell) -> Driver {
        let surface = shell.machine().new_surface();
        let mut d = Driver { shell, surface, generation: 0, clipped_text: Vec::new() };
        d.redraw();
        d
    }

    pub fn shell(&self) -> &Shell {
        &self.shell
    }

    /// Keeps each machine switched to in the settings at once, and the
    /// machine in use now where the player `chose` it (see
    /// [`Shell::save_machine_switches`]).
    pub fn save_machine_switches(&mut self, chose: bool) {
        self.shell.save_machine_switches(chose);
        self.update();
    }

    /// Feeds events in order, then brings the frame up to date.
    pub fn feed(&mut self, inputs: &[Input]) {
        for input in inputs {
            self.shell.input(input);
        }
        self.update();
    }

    /// The window lost the keyboard to another: the player has turned
    /// away (see [`Shell::focus_lost`]).
    pub fn focus_lost(&mut self) {
        self.shell.focus_lost();
        self.update();
    }

    /// Runs a command as if chosen from a menu.
    pub fn command(&mut self, cmd: &crate::machines::Command) {
        self.shell.command(cmd);
        self.update();
    }

    /// Chooses a menu item, as picking it from its menu would.
    pub fn choose(&mut self, item: &MenuItem) {
        self.shell.command(&item.command);
        self.update();
    }

    /// Redraws if the shell's picture changed; a machine switch brings a
    /// framebuffer of the new size and format.
    pub fn update(&mut self) {
        let m = self.shell.machine();
        let (w, h) = (m.look().width, m.look().height);
        let resized = (w, h) != (self.surface.width(), self.surface.height())
            || m.look().format != self.surface.format()
            || m.look().palette != *self.surface.palette();
        if resized {
            self.surface = m.new_surface();
        }
        if self.shell.take_dirty() || resized {
            self.redraw();
        }
    }

    fn redraw(&mut self) {
        self.surface.take_clipped_text();
        self.shell.render(&mut self.surface);
        self.clipped_text = self.surface.take_clipped_text();
        self.generation += 1;
    }

    /// The text runs cut off in the frame as last drawn: none, when every
    /// screen fits its text.
    pub fn clipped_text(&self) -> &[ClippedText] {
        &self.clipped_text
    }

    pub fn frame(&self) -> &Surface {
        &self.surface
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    pub fn wants_quit(&self) -> bool {
        self.shell.wants_quit()
    }

    pub fn wants_ticks(&self) -> bool {
        self.shell.wants_ticks()
    }

    /// Ticks per second the screen wants (0: none).
    pub fn tick_hz(&self) -> u32 {
        self.shell.tick_hz()
    }
}
