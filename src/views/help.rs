//! The help viewer as a view, so the shell can show it on top of a game
//! (and return to the game when it closes) or on its own (`parlour help`).

use std::cell::Cell;
use std::collections::VecDeque;
use std::sync::Arc;

use crate::core::Diagnostic;
use crate::gfx::{Rect, Surface};
use crate::help::model::Document;
use crate::help::viewer::style::Manner;
use crate::help::viewer::{Control, Outcome, Viewer};
use crate::machines::{Command, Frame, Input, Machine, MachineId, Menu, MenuItem, Requester, ViewCommand};

use super::widgets::{PROBLEMS_A_BOX, asks_more};
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
    /// Tells the problems of each document as it is first read, where
    /// help was asked for (`parlour help` prints them as lint does).
    report: fn(&Document),
    /// The documents whose problems are still to be shown in a box, and
    /// how many of them are shown already.
    problems: VecDeque<(Arc<Document>, usize)>,
    /// The game this is the help for, as the launcher names it, which the
    /// window's title names; None for Parlour's own manual.
    subject: Option<String>,
}

impl HelpView {
    pub fn new(viewer: Viewer) -> HelpView {
        HelpView { viewer, manner: Cell::new(Manner::Guide), report: |_| {}, problems: VecDeque::new(), subject: None }
    }

    /// The viewer as the help for the game named `subject`.
    pub fn about(mut self, subject: Option<String>) -> HelpView {
        self.subject = subject;
        self
    }

    /// The viewer telling each document's problems to `report` as well,
    /// as it first reads the document.
    pub fn reporting(mut self, report: fn(&Document)) -> HelpView {
        self.report = report;
        self
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

    /// Reports the documents with problems read since last asked, and
    /// keeps each to show its problems in a box (but one whose page lists
    /// them already).
    fn take_opened(&mut self) {
        for opened in self.viewer.take_opened() {
            (self.report)(&opened.doc);
            if !opened.listed {
                self.problems.push_back((opened.doc, 0));
            }
        }
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

    fn help_read_on(&self) -> bool {
        self.viewer.history_len() > 0
    }

    fn help_subject(&self) -> Option<String> {
        self.subject.clone()
    }

    /// The document's title; on the YaZZle window, whose page shows no
    /// topic bar, a document of several topics gives the topic's.
    fn title(&self) -> String {
        if self.manner.get() == Manner::Page && self.viewer.document().nodes.len() > 1 {
            return self.viewer.node_title().to_string();
        }
        self.viewer.title()
    }

    /// Each button's item shows the letter the viewer takes for it, typed
    /// by itself; Close Help has the command key's W, as a Mac window's
    /// Close has.
    fn menus(&self) -> Vec<Menu> {
        let manner = self.manner.get();
        let mut items: Vec<MenuItem> = NAVIGATE
            .iter()
            .map(|&(cmd, c)| {
                let item = MenuItem::new(c.label(manner), Command::View(cmd)).enabled(self.viewer.can(c));
                match c.letter() {
                    Some(letter) => item.key_alone(letter),
                    None => item,
                }
            })
            .collect();
        items.push(MenuItem::separator());
        items.push(MenuItem::new("Close Help", Command::Close).key('w'));
        vec![Menu::new("Navigate", items)]
    }

    fn message(&self) -> String {
        self.viewer.status()
    }

    fn message_is_told(&self) -> bool {
        self.viewer.status_is_told()
    }

    /// The problems of a document just read, a few at a time, each whole
    /// with its line: the status line shows the first at most.
    fn take_question(&mut self) -> Option<Requester> {
        self.take_opened();
        let (doc, shown) = self.problems.front()?;
        Some(problems_box(doc, *shown))
    }

    /// More shows the document's next problems; OK is done with them.
    fn answer(&mut self, button: usize) -> Response {
        let Some((doc, shown)) = self.problems.pop_front() else { return Response::Unchanged };
        if asks_more(&problems_box(&doc, shown), button) {
            self.problems.push_front((doc, shown + PROBLEMS_A_BOX));
        }
        Response::Redraw
    }

    /// The title of the first frame on the new machine is read before it
    /// is drawn: named in that machine's manner.
    fn machine_switched(&mut self, id: MachineId) {
        self.manner.set(Manner::of(id));
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
        let frame = Frame { title: &title, message: &message, ..Frame::default() };
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

/// The box telling a document's problems from the `shown`th on, sorted
/// by line as `parlour lint` prints them: the file named once, each
/// problem on lines of its own, and More while some are left.
fn problems_box(doc: &Document, shown: usize) -> Requester {
    let name = doc.path.file_name().map_or_else(|| doc.path.display().to_string(), |n| n.to_string_lossy().into());
    let mut problems: Vec<&Diagnostic> = doc.diagnostics.iter().collect();
    problems.sort_by_key(|d| d.line);
    let problems: Vec<String> = problems.into_iter().map(told).collect();
    super::widgets::problems_box("Help", &name, &problems, shown)
}

/// A problem as the box tells it: its line, whether it is an error or
/// only a warning (labelled as `parlour lint` labels it), and what is
/// wrong.
fn told(d: &Diagnostic) -> String {
    let kind = if d.is_error() { "error" } else { "warning" };
    format!("Line {}: {kind}: {}", d.line, d.said())
}
