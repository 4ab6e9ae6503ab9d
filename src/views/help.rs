//! The help viewer as a view, so the shell can show it on top of a game
//! (and return to the game when it closes) or on its own (`parlour help`).

use std::cell::Cell;

use crate::gfx::{Rect, Surface};
use crate::help::viewer::style::Manner;
use crate::help::viewer::{Control, Outcome, Viewer};
use crate::machines::{Command, Frame, Input, Machine, MachineId, Menu, MenuItem, ViewCommand};

use super::{Response, View};

/// The Navigate menu's items: the viewer's buttons as commands, named
/// as the buttons are on the machine shown.
pub const NAVIGATE: [(ViewCommand, Control); 6] = [
    (ViewCommand("help-contents"), Control::Contents),
    (ViewCommand("help-index"), Control::Index),
    (ViewCommand("help-help"), Control::Help),
    (ViewCommand("help-retrace"), Control::Retrace),
    (ViewCommand("help-prev"), Control::Prev),
    (ViewCommand("help-next"), Control::Next),
];

pub struct HelpView {
    viewer: Viewer,
    /// The manner the viewer was last drawn in, which names the menu's
    /// items (an AmigaGuide window's Retrace is a page's Back).
    manner: Cell<Manner>,
}

impl HelpView {
    pub fn new(viewer: Viewer) -> HelpView {
        HelpView { viewer, manner: Cell::new(Manner::Guide) }
    }

    /// The viewer as it will be shown on `machine`, so that its first
    /// frame's title and menus (drawn before it is) are named for it.
    pub fn on(self, machine: MachineId) -> HelpView {
        self.manner.set(Manner::of(machine));
        self
    }

    pub fn viewer(&self) -> &Viewer {
        &self.viewer
    }

    fn respond(outcome: Outcome) -> Response {
        match outcome {
            Outcome::Unchanged => Response::Unchanged,
            Outcome::Redraw => Response::Redraw,
            Outcome::Close => Response::Command(Command::Close),
        }
    }
}

impl View for HelpView {
    fn is_help(&self) -> bool {
        true
    }

    /// The document's title; on the YaZZle window, whose page shows no
    /// topic bar, a document of several topics gives the topic's.
    fn title(&self) -> String {
        if self.manner.get() == Manner::Page && self.viewer.document().nodes.len() > 1 {
            return self.viewer.node_title().to_string();
        }
        self.viewer.title()
    }

    fn menus(&self) -> Vec<Menu> {
        let manner = self.manner.get();
        let mut items: Vec<MenuItem> = NAVIGATE
            .iter()
            .map(|&(cmd, c)| MenuItem::new(c.label(manner), Command::View(cmd)).enabled(self.viewer.can(c)))
            .collect();
        items.push(MenuItem::separator());
        items.push(MenuItem::new("Close Help", Command::Close));
        vec![Menu::new("Navigate", items)]
    }

    fn message(&self) -> String {
        self.viewer.status()
    }

    fn draw(&self, s: &mut Surface, machine: &Machine, area: Rect) {
        self.manner.set(Manner::of(machine.id()));
        self.viewer.draw(s, machine, area);
    }

    /// What the viewer says of a click or key is shown in a box as well
    /// where the status line cuts it short (the Amiga's title bar): it
    /// names the topic or file at fault, every word of which counts.
    fn input(&mut self, input: &Input, machine: &Machine, area: Rect) -> Response {
        let said = self.viewer.said();
        let response = HelpView::respond(self.viewer.input(input, machine, area));
        let message = self.viewer.status();
        let title = self.title();
        let frame = Frame { title: &title, menus: &[], fields: &[], message: &message, disabled: &[] };
        if self.viewer.said() > said && !message.is_empty() && !machine.chrome().shows_whole(machine.look(), &frame) {
            return Response::Ask(super::widgets::message_box(&title, &message));
        }
        response
    }

    fn command(&mut self, command: &Command) -> Option<Response> {
        match command {
            Command::View(v) => {
                let &(_, c) = NAVIGATE.iter().find(|n| n.0 == *v)?;
                Some(HelpView::respond(self.viewer.press(c)))
            }
            // Help in the viewer is the document's own help node; it never
            // opens a second viewer.
            Command::Help => Some(HelpView::respond(self.viewer.press(Control::Help))),
            // Closing the viewer with nothing under it (the shell hands it
            // back to the view) ends `parlour help`.
            Command::Close => Some(Response::Command(Command::Quit)),
            _ => None,
        }
    }

    fn can(&self, command: &Command) -> bool {
        match command {
            Command::View(v) => NAVIGATE.iter().find(|n| n.0 == *v).is_some_and(|&(_, c)| self.viewer.can(c)),
            Command::Close => true,
            _ => false,
        }
    }
}
