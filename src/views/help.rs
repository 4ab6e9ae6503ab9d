//! The help viewer as a view, so the shell can show it on top of a game
//! (and return to the game when it closes) or on its own (`parlour help`).

use crate::gfx::{Rect, Surface};
use crate::help::viewer::{Control, Outcome, Viewer};
use crate::machines::{Input, Machine, Menu, MenuItem};

use super::{Response, View};

/// The Navigate menu's items: the viewer's buttons as commands.
const NAVIGATE: [(&str, &str, Control); 6] = [
    ("Contents", "help-contents", Control::Contents),
    ("Index", "help-index", Control::Index),
    ("Help", "help-help", Control::Help),
    ("Retrace", "help-retrace", Control::Retrace),
    ("Browse <", "help-prev", Control::Prev),
    ("Browse >", "help-next", Control::Next),
];

/// The shell's command for closing the view on top; with nothing under
/// the viewer the shell hands it back to the view, which then quits.
const CLOSE: &str = "cancel";

pub struct HelpView {
    viewer: Viewer,
}

impl HelpView {
    pub fn new(viewer: Viewer) -> HelpView {
        HelpView { viewer }
    }

    pub fn viewer(&self) -> &Viewer {
        &self.viewer
    }

    fn respond(outcome: Outcome) -> Response {
        match outcome {
            Outcome::Unchanged => Response::Unchanged,
            Outcome::Redraw => Response::Redraw,
            Outcome::Close => Response::Command(CLOSE.into()),
        }
    }
}

impl View for HelpView {
    fn title(&self) -> String {
        self.viewer.title()
    }

    fn menus(&self) -> Vec<Menu> {
        let mut items: Vec<MenuItem> =
            NAVIGATE.iter().map(|&(label, cmd, c)| MenuItem::new(label, cmd).enabled(self.viewer.can(c))).collect();
        items.push(MenuItem::separator());
        items.push(MenuItem::new("Close Help", CLOSE));
        vec![Menu::new("Navigate", items)]
    }

    fn message(&self) -> String {
        self.viewer.status()
    }

    fn draw(&self, s: &mut Surface, machine: &Machine, area: Rect) {
        self.viewer.draw(s, machine, area);
    }

    fn input(&mut self, input: &Input, machine: &Machine, area: Rect) -> Response {
        HelpView::respond(self.viewer.input(input, machine, area))
    }

    fn command(&mut self, command: &str) -> Option<Response> {
        if let Some(&(_, _, c)) = NAVIGATE.iter().find(|n| n.1 == command) {
            return Some(HelpView::respond(self.viewer.press(c)));
        }
        match command {
            // Help in the viewer is the document's own help node; it never
            // opens a second viewer.
            "help" => Some(HelpView::respond(self.viewer.press(Control::Help))),
            CLOSE => Some(Response::Command("quit".into())),
            _ => None,
        }
    }

    fn can(&self, command: &str) -> bool {
        NAVIGATE.iter().find(|n| n.1 == command).is_some_and(|&(_, _, c)| self.viewer.can(c)) || command == CLOSE
    }
}
