//! The launcher: the list of games with Play, Help and About.

use crate::gfx::{Rect, Surface, TextStyle};
use crate::machines::{Button, Command, Input, Key, Machine, Menu, MenuItem, Pen, Requester};
use crate::views::{OPEN_SELECTED, Response, View, widgets};

use super::catalog;

/// The launcher, or YaZZle's Game Type Selection dialog (the same list
/// holding only the solitaire game types).
pub struct Launcher {
    title: String,
    /// (id, name) of every game listed.
    games: Vec<(String, String)>,
    selected: usize,
    buttons: &'static [(&'static str, Command)],
}

/// The launcher's buttons, in order, with their commands.
const LAUNCHER_BUTTONS: [(&str, Command); 3] =
    [("Play", Command::View(OPEN_SELECTED)), ("Help", Command::Help), ("About", Command::About)];
const CHOOSER_BUTTONS: [(&str, Command); 2] = [("OK", Command::View(OPEN_SELECTED)), ("Cancel", Command::Close)];

impl Launcher {
    pub fn new() -> Launcher {
        Launcher::listing(catalog::games().iter().map(|g| (g.id.to_string(), g.name.to_string())).collect())
    }

    /// A launcher listing the given (id, name) pairs.
    pub fn listing(games: Vec<(String, String)>) -> Launcher {
        Launcher { title: "Parlour".into(), games, selected: 0, buttons: &LAUNCHER_BUTTONS }
    }

    /// A chooser dialog (Game Type Selection, Open...) listing (id, name)
    /// pairs, with `current` selected.
    pub fn chooser(title: &str, games: Vec<(String, String)>, current: &str) -> Launcher {
        let selected = games.iter().position(|(id, _)| id == current).unwrap_or(0);
        Launcher { title: title.into(), games, selected, buttons: &CHOOSER_BUTTONS }
    }

    /// The list box and button rectangles inside `area`.
    fn layout(&self, machine: &Machine, area: Rect) -> (Rect, Vec<Rect>) {
        let look = machine.look();
        let margin = (area.w / 24).max(6);
        let heading = look.title_font.height() as i32 * 2 + look.text_font.height() as i32;
        let button_h = look.title_font.height() as i32 + 8;
        let button_w = self.buttons.iter().map(|b| look.title_font.text_width(b.0) as i32).max().unwrap_or(0) + 24;
        let list = Rect::from_edges(
            area.x + margin,
            area.y + margin + heading,
            area.right() - margin,
            area.bottom() - margin * 2 - button_h,
        );
        let gap = margin;
        let total = self.buttons.len() as i32 * button_w + (self.buttons.len() as i32 - 1) * gap;
        let mut x = area.x + (area.w - total) / 2;
        let y = area.bottom() - margin - button_h;
        let buttons = self
            .buttons
            .iter()
            .map(|_| {
                let r = Rect::new(x, y, button_w, button_h);
                x += button_w + gap;
                r
            })
            .collect();
        (list, buttons)
    }

    /// The first row shown, so that the selected row is in view.
    fn first_row(&self, machine: &Machine, list: Rect) -> usize {
        let row_h = machine.look().text_font.height() as i32 + 2;
        let visible = ((list.h - 4) / row_h).max(1) as usize;
        self.selected.saturating_sub(visible - 1)
    }

    fn rows(&self) -> Vec<String> {
        self.games.iter().map(|(_, name)| name.clone()).collect()
    }

    fn play_selected(&self) -> Response {
        match self.games.get(self.selected) {
            Some((id, _)) => Response::Command(Command::Play(id.clone())),
            None => Response::Unchanged,
        }
    }
}

impl Default for Launcher {
    fn default() -> Self {
        Launcher::new()
    }
}

/// What the About box says.
pub fn about() -> Requester {
    Requester {
        title: "About Parlour".into(),
        lines: vec![
            format!("Parlour {}", env!("CARGO_PKG_VERSION")),
            "Period card and puzzle games, drawn as".into(),
            "the machines they came from drew them.".into(),
        ],
        buttons: vec!["OK".into()],
    }
}

impl View for Launcher {
    fn title(&self) -> String {
        self.title.clone()
    }

    fn menus(&self) -> Vec<Menu> {
        vec![Menu::new(
            "Game",
            vec![MenuItem::new("Play", Command::View(OPEN_SELECTED)).key('o').enabled(!self.games.is_empty())],
        )]
    }

    fn message(&self) -> String {
        match self.games.len() {
            0 => "No games are installed.".into(),
            1 => "1 game".into(),
            n => format!("{n} games"),
        }
    }

    fn draw(&self, s: &mut Surface, machine: &Machine, area: Rect) {
        let look = machine.look();
        s.fill_rect(area, look.paint(Pen::Background));
        let title_font = look.title_font;
        let title = self.title.as_str();
        let tw = title_font.text_width(title) as i32;
        let margin = (area.w / 24).max(6);
        s.draw_text(
            title_font,
            title,
            area.x + (area.w - tw) / 2,
            area.y + margin,
            look.paint(Pen::Text),
            TextStyle::BOLD,
        );
        let sub = "Choose a game:";
        s.draw_text(
            look.text_font,
            sub,
            area.x + margin,
            area.y + margin + title_font.height() as i32 * 2 - 2,
            look.paint(Pen::Text),
            TextStyle::PLAIN,
        );
        let (list, buttons) = self.layout(machine, area);
        let selected = (!self.games.is_empty()).then_some(self.selected);
        widgets::list_box(s, machine, list, &self.rows(), self.first_row(machine, list), selected);
        for ((label, cmd), r) in self.buttons.iter().zip(buttons) {
            let enabled = *cmd != Command::View(OPEN_SELECTED) || !self.games.is_empty();
            widgets::button(s, machine, r, label, enabled);
        }
    }

    fn input(&mut self, input: &Input, machine: &Machine, area: Rect) -> Response {
        let (list, buttons) = self.layout(machine, area);
        match *input {
            Input::MouseDown { x, y, button: Button::Left } => {
                if let Some(i) = buttons.iter().position(|r| r.contains(x, y)) {
                    return match &self.buttons[i].1 {
                        Command::View(OPEN_SELECTED) => self.play_selected(),
                        cmd => Response::Command(cmd.clone()),
                    };
                }
                if list.contains(x, y) {
                    let row_h = machine.look().text_font.height() as i32 + 2;
                    let row = ((y - list.y - 2) / row_h) as usize + self.first_row(machine, list);
                    if row < self.games.len() {
                        self.selected = row;
                        return Response::Redraw;
                    }
                }
                Response::Unchanged
            }
            Input::Key { key: Key::Down, .. } if self.selected + 1 < self.games.len() => {
                self.selected += 1;
                Response::Redraw
            }
            Input::Key { key: Key::Up, .. } if self.selected > 0 => {
                self.selected -= 1;
                Response::Redraw
            }
            Input::Key { key: Key::Enter | Key::Char(' '), .. } => self.play_selected(),
            Input::Key { key: Key::Escape, .. } if self.buttons.len() == CHOOSER_BUTTONS.len() => {
                Response::Command(Command::Close)
            }
            _ => Response::Unchanged,
        }
    }

    fn command(&mut self, command: &Command) -> Option<Response> {
        self.can(command).then(|| self.play_selected())
    }

    fn can(&self, command: &Command) -> bool {
        *command == Command::View(OPEN_SELECTED) && !self.games.is_empty()
    }
}
