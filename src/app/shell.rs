//! The running application without a window: the current machine, the
//! current view, menus and requesters. The window loop and the headless
//! driver both feed it input and ask it to draw.

use crate::gfx::Surface;
use crate::help::viewer::Viewer;
use crate::machines::{
    Button, Frame, Input, Key, Machine, MachineChoice, MachineId, Menu, MenuItem, MenuOutcome, MenuTracker, Requester,
    menu,
};
use crate::views::help::HelpView;
use crate::views::pegs::chooser::BoardChooser;
use crate::views::{Response, View};

use super::catalog;
use super::launcher::{self, Launcher};

/// Command verbs the shell itself carries out, whatever the view.
const APP_COMMANDS: [&str; 12] =
    ["quit", "about", "help", "launcher", "play", "machine", "depth", "skin", "gametypes", "boards", "stats", "close"];

pub struct Shell {
    machine: Machine,
    view: Box<dyn View>,
    /// Views to return to (the game under the Game Type Selection or
    /// Choose Board dialog).
    behind: Vec<Box<dyn View>>,
    tracker: MenuTracker,
    requester: Option<Requester>,
    /// Whether the requester was asked for by the view (which then hears
    /// the answer).
    view_asked: bool,
    seed: u64,
    quit: bool,
    /// Set when the picture may have changed since the last `render`.
    dirty: bool,
}

impl Shell {
    /// A shell showing `view` on `machine`; `seed` is used for games the
    /// launcher opens.
    pub fn new(machine: Machine, view: Box<dyn View>, seed: u64) -> Shell {
        Shell {
            machine,
            view,
            behind: Vec::new(),
            tracker: MenuTracker::default(),
            requester: None,
            view_asked: false,
            seed,
            quit: false,
            dirty: true,
        }
    }

    /// Shows the help for the current game (Parlour's manual over the
    /// launcher) on top of it; closing the viewer returns to the game.
    fn open_help(&mut self) {
        // Help inside the viewer is the document's own help node.
        if let Some(response) = self.view.command("help") {
            return self.respond(response);
        }
        let game = self.view.game_id();
        match super::help_source::document_for(game.as_deref(), None, self.machine.id()) {
            Ok((doc, node)) => {
                let viewer = Box::new(HelpView::new(Viewer::new(doc, Some(&node))));
                self.behind.push(std::mem::replace(&mut self.view, viewer));
            }
            Err(e) => {
                self.requester = Some(Requester { title: "Help".into(), lines: vec![e], buttons: vec!["OK".into()] })
            }
        }
    }

    /// A shell on the launcher.
    pub fn launcher(machine: Machine, seed: u64) -> Shell {
        Shell::new(machine, Box::new(Launcher::new()), seed)
    }

    pub fn machine(&self) -> &Machine {
        &self.machine
    }

    pub fn wants_quit(&self) -> bool {
        self.quit
    }

    /// The requester showing, if any (it takes all input until answered).
    pub fn requester(&self) -> Option<&Requester> {
        self.requester.as_ref()
    }

    pub fn wants_ticks(&self) -> bool {
        self.view.wants_ticks()
    }

    /// True (once) if the picture changed since the last call.
    pub fn take_dirty(&mut self) -> bool {
        std::mem::take(&mut self.dirty)
    }

    /// The full menu set: the application's menus around the view's.
    pub fn menus(&self) -> Vec<Menu> {
        let id = self.machine.id();
        let is_mac = matches!(id, MachineId::MacSe30 | MachineId::MacColor);
        let mut menus = Vec::new();
        if is_mac {
            menus.push(Menu::new("@", vec![MenuItem::new("About Parlour...", "about")]));
        }
        let mut file = vec![MenuItem::new("Games", "launcher").key('l'), MenuItem::new("Help", "help").key('h')];
        if !is_mac {
            file.push(MenuItem::new("About...", "about"));
        }
        file.push(MenuItem::separator());
        file.push(MenuItem::new("Quit", "quit").key('q'));
        let file_title = if matches!(id, MachineId::AmigaPal | MachineId::AmigaDblPal) { "Project" } else { "File" };
        menus.push(Menu::new(file_title, file));
        menus.extend(self.view.menus());
        menus.push(self.machine_menu());
        menus
    }

    fn machine_menu(&self) -> Menu {
        let current = self.machine.choice();
        let mut items: Vec<MenuItem> = MachineId::ALL
            .iter()
            .map(|m| MenuItem::new(m.title(), &format!("machine:{}", m.name())).checked(current.id == Some(*m)))
            .collect();
        let depths = self.machine.id().depths();
        if depths.len() > 1 {
            items.push(MenuItem::separator());
            for d in depths {
                let label = match d.name() {
                    "1" => "Black & White".to_string(),
                    "thousands" => "Thousands".to_string(),
                    "millions" => "Millions".to_string(),
                    n => format!("{n} Colours"),
                };
                items.push(MenuItem::new(&label, &format!("depth:{}", d.name())).checked(current.depth == Some(*d)));
            }
        }
        if self.machine.id() == MachineId::Yazzle {
            items.push(MenuItem::separator());
            for skin in crate::machines::skins() {
                let label = format!("Skin: {}", skin.name);
                items.push(
                    MenuItem::new(&label, &format!("skin:{}", skin.id))
                        .checked(current.skin.as_deref() == Some(&skin.id)),
                );
            }
        }
        Menu::new("Machine", items)
    }

    /// Whether a command would do something now: the application's own
    /// always do; the rest are the view's to say.
    fn can(&self, cmd: &str) -> bool {
        let verb = cmd.split_once(':').map_or(cmd, |(v, _)| v);
        APP_COMMANDS.contains(&verb) || self.view.can(cmd)
    }

    /// Draws the whole screen.
    pub fn render(&self, s: &mut Surface) {
        let menus = self.menus();
        let title = self.view.title();
        let fields = self.view.fields();
        let message = self.view.message();
        let look = self.machine.look();
        let chrome = self.machine.chrome();
        let disabled: Vec<_> = chrome.button_commands().into_iter().filter(|c| !self.can(c)).collect();
        let frame = Frame { title: &title, menus: &menus, fields: &fields, message: &message, disabled: &disabled };
        chrome.draw_frame(s, look, &frame);
        let area = self.machine.content();
        let old = s.set_clip(area);
        self.view.draw(s, &self.machine, area);
        s.set_clip(old);
        if self.tracker.active {
            chrome.draw_menus(s, look, &menus, &self.tracker);
        }
        if let Some(req) = &self.requester {
            chrome.draw_requester(s, look, req);
        }
    }

    /// Handles one input event.
    pub fn input(&mut self, input: &Input) {
        if let Some(req) = &self.requester {
            self.requester_input(req.clone(), input);
            return;
        }
        let menus = self.menus();
        let chrome = self.machine.chrome();
        let geometry = chrome.menu_geometry(self.machine.look());
        match self.tracker.event(chrome.menu_style(), geometry.as_ref(), &menus, input) {
            MenuOutcome::Chosen(cmd) => {
                drop(geometry);
                self.dirty = true;
                self.command(&cmd);
                return;
            }
            MenuOutcome::Tracked => {
                self.dirty = true;
                return;
            }
            MenuOutcome::Ignored => {}
        }
        drop(geometry);
        if let Input::MouseDown { x, y, button: Button::Left } = *input
            && let Some(cmd) = self.machine.chrome().button_at(x, y)
        {
            if self.can(&cmd) {
                self.command(&cmd);
            }
            return;
        }
        if let Input::Key { key: Key::Char(c), mods } = *input
            && self.machine.is_shortcut(mods)
        {
            if let Some(item) = menu::shortcut(&menus, c) {
                let cmd = item.command.clone();
                self.command(&cmd);
            }
            return;
        }
        let area = self.machine.content();
        let aimed_at_content = input.position().is_none_or(|(x, y)| area.contains(x, y))
            || matches!(input, Input::MouseUp { .. } | Input::MouseMove { .. });
        if aimed_at_content {
            let response = self.view.input(input, &self.machine, area);
            self.respond(response);
        }
    }

    fn requester_input(&mut self, req: Requester, input: &Input) {
        let (_, buttons) = self.machine.chrome().requester_layout(self.machine.look(), &req);
        let chosen = match *input {
            Input::MouseUp { x, y, button: Button::Left } => buttons.iter().position(|r| r.contains(x, y)),
            Input::Key { key: Key::Enter, .. } => Some(0),
            Input::Key { key: Key::Escape, .. } => Some(buttons.len().saturating_sub(1)),
            _ => None,
        };
        if let Some(button) = chosen {
            self.requester = None;
            self.dirty = true;
            if std::mem::take(&mut self.view_asked) {
                let response = self.view.answer(button);
                self.respond(response);
            }
        }
    }

    fn respond(&mut self, response: Response) {
        match response {
            Response::Unchanged => {}
            Response::Redraw => self.dirty = true,
            Response::Command(cmd) => self.command(&cmd),
            Response::Ask(req) => {
                self.requester = Some(req);
                self.view_asked = true;
                self.dirty = true;
            }
        }
    }

    /// Runs a menu, button or view command.
    pub fn command(&mut self, cmd: &str) {
        self.dirty = true;
        let (verb, arg) = cmd.split_once(':').unwrap_or((cmd, ""));
        match verb {
            "quit" => self.quit = true,
            "about" => self.requester = Some(launcher::about()),
            "help" => self.open_help(),
            "launcher" => {
                self.behind.clear();
                self.view = Box::new(Launcher::new());
            }
            "play" => match catalog::find(arg) {
                Ok(game) => {
                    self.behind.clear();
                    self.view = game.open(self.seed);
                }
                Err(e) => self.requester = Some(error_box(&e)),
            },
            "gametypes" => {
                let current = self.view.game_id().unwrap_or_default();
                let chooser = Box::new(Launcher::game_types(&current));
                self.behind.push(std::mem::replace(&mut self.view, chooser));
            }
            "boards" => {
                let current = self.view.game_id().unwrap_or_default();
                let chooser = Box::new(BoardChooser::new(catalog::boards(), &current));
                self.behind.push(std::mem::replace(&mut self.view, chooser));
            }
            "cancel" if !self.behind.is_empty() => {
                self.view = self.behind.pop().expect("not empty");
            }
            // The window's close box: a dialog or help over a game goes
            // back to it, a game back to the launcher, and closing the
            // launcher (the last window) quits.
            "close" => {
                if let Some(under) = self.behind.pop() {
                    self.view = under;
                } else if self.view.game_id().is_some() {
                    self.view = Box::new(Launcher::new());
                } else {
                    self.quit = true;
                }
            }
            "stats" => {
                let stats = crate::core::Stats::load(&super::settings::data_dir()).unwrap_or_default();
                let name = catalog::find(arg).map(|g| g.name).unwrap_or_else(|_| arg.to_string());
                let game = stats.game(arg).cloned().unwrap_or_default();
                self.requester = Some(crate::views::solitaire::stats_box(&name, &game));
            }
            "machine" | "depth" | "skin" => {
                let mut choice = self.machine.choice();
                match verb {
                    "machine" => match MachineId::parse(arg) {
                        Ok(id) if Some(id) != choice.id => {
                            choice = MachineChoice { id: Some(id), ..Default::default() }
                        }
                        Ok(_) => return,
                        Err(e) => return self.requester = Some(error_box(&e)),
                    },
                    "depth" => match crate::machines::Depth::parse(arg) {
                        Ok(d) => choice.depth = Some(d),
                        Err(e) => return self.requester = Some(error_box(&e)),
                    },
                    _ => choice.skin = Some(arg.to_string()),
                }
                match Machine::new(&choice, self.machine.id()) {
                    Ok(m) => self.machine = m,
                    Err(e) => self.requester = Some(error_box(&e.0)),
                }
            }
            _ => {
                if let Some(response) = self.view.command(cmd) {
                    self.respond(response);
                }
            }
        }
    }
}

fn error_box(message: &str) -> Requester {
    Requester { title: "Parlour".into(), lines: vec![message.to_string()], buttons: vec!["OK".into()] }
}
