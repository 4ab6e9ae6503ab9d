//! The running application without a window: the current machine, the
//! current view, menus and requesters. The window loop and the headless
//! driver both feed it input and ask it to draw.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::gfx::Surface;
use crate::help::viewer::Viewer;
use crate::host::{self, GameEntry, Opening, Places, journal};
use crate::machines::{
    Button, Choices, Command, Frame, Input, Key, Machine, MachineChoice, MachineId, Menu, MenuItem, MenuOutcome,
    MenuStyle, MenuTracker, Pointer, Requester, menu, menu::OPTIONS_MENU,
};
use crate::views::help::HelpView;
use crate::views::widgets::{ButtonFocus, FocusKey};
use crate::views::{Response, View};

use super::launcher::{self, Launcher};
use super::{catalog, settings};

pub struct Shell {
    machine: Machine,
    view: Box<dyn View>,
    /// Views to return to (the game under the Game Type Selection or
    /// Choose Board dialog).
    behind: Vec<Box<dyn View>>,
    tracker: MenuTracker,
    /// The requester showing, which takes all input until answered.
    asked: Option<Asked>,
    /// The number the next game opened fresh is dealt (see `next_seed`).
    seed: u64,
    /// Where the pointer was when it last moved the window by its title
    /// bar, while it does.
    window_drag: Option<(i32, i32)>,
    quit: bool,
    /// Set when the picture may have changed since the last `render`.
    dirty: bool,
    /// Where the pointer was last seen.
    at: (i32, i32),
    /// A press on the view, until every button pressed there is let go:
    /// where help, a chooser or a requester comes over the view meanwhile,
    /// the release would never reach it.
    pressed_on_view: Option<ViewPress>,
    /// The game the view was opened as, where the shell opened it: a game
    /// type's folder or a board's file is found by its path, not by the
    /// id it shows (which may name an installed game of the same name).
    opened: Option<GameEntry>,
    /// Where the games opened here keep their saves, statistics and
    /// choices, and where the launcher remembers the game played last.
    data_dir: PathBuf,
    /// The depth and skin each machine left this run was last used with,
    /// to come back to when it is chosen again.
    left_machines: BTreeMap<MachineId, MachineChoice>,
    /// Whether a machine, depth or skin switched to is kept in the
    /// settings at once (a window's; a headless shot keeps none).
    saves_machine: bool,
    /// The game last asked whether its family has others to choose from
    /// (Game Types...), and the answer: asked at every frame, found by
    /// reading the family's folders once per game.
    offers_choice: RefCell<Option<(String, bool)>>,
    /// The view's message as last seen, so one the status line cuts short
    /// is shown in a box once, when it is new (see
    /// [`Shell::box_cut_message`]).
    said: String,
    /// Why the machine, depth or skin just chosen could not be kept for
    /// next time: said in the status line before the view's message, as a
    /// game says its preferences could not be kept, until the player's
    /// next key, click or command (see [`Shell::status_message`]).
    machine_unkept_why: Option<String>,
    /// A machine, depth or skin the player chose that the settings do
    /// not hold yet (its save failed): tried again as the window closes.
    machine_unkept: bool,
}

/// A requester on the screen: what it asks, its radio buttons if it has
/// any, the button the keyboard has moved to, and whether the view asked
/// (and so hears the answer).
struct Asked {
    req: Requester,
    choices: Option<Choices>,
    /// The button the keyboard is on. In a box with radio buttons, None
    /// is the radio group, as a list dialog's list (see [`ButtonFocus`]).
    focus: Option<usize>,
    by_view: bool,
    /// The button the left mouse button went down on while the box was
    /// up: only a release on that same button answers, so the release of
    /// the click that made the box appear (a winning jump) never does.
    pressed: Option<usize>,
}

impl Asked {
    fn new(req: Requester, choices: Option<Choices>, by_view: bool) -> Asked {
        Asked { req, choices, focus: None, by_view, pressed: None }
    }
}

/// A press on the view: how many views were behind it then, and the
/// buttons still held down on it (MineSweeper's chord holds two: the first
/// let go leaves the press going).
struct ViewPress {
    depth: usize,
    buttons: Vec<Button>,
}

impl Shell {
    /// A shell showing `view` on `machine`; `seed` is used for games the
    /// launcher opens.
    pub fn new(machine: Machine, view: Box<dyn View>, seed: u64) -> Shell {
        Shell::keeping_in(machine, view, seed, settings::data_dir())
    }

    /// A shell on `view` whose games keep their files in `data_dir`
    /// rather than the user's data folder (tests use it).
    pub fn keeping_in(machine: Machine, view: Box<dyn View>, seed: u64, data_dir: PathBuf) -> Shell {
        let mut shell = Shell {
            machine,
            view,
            behind: Vec::new(),
            tracker: MenuTracker::default(),
            asked: None,
            seed,
            window_drag: None,
            quit: false,
            dirty: true,
            at: (0, 0),
            pressed_on_view: None,
            opened: None,
            data_dir,
            left_machines: BTreeMap::new(),
            saves_machine: false,
            offers_choice: RefCell::new(None),
            said: String::new(),
            machine_unkept_why: None,
            machine_unkept: false,
        };
        shell.fit_window();
        shell.show_notice();
        shell
    }

    /// Shows the view's question or notice (see [`View::take_notice`]),
    /// or trouble found with the player's files outside the game (see
    /// [`warnings`](crate::host::warnings)), once no other box is up, then
    /// a new message the status line cuts short.
    fn show_notice(&mut self) {
        if self.asked.is_none() {
            if let Some(req) = self.view.take_question() {
                self.asked = Some(Asked::new(req, None, true));
                self.dirty = true;
            } else if let Some(req) = crate::host::warnings::take().or_else(|| self.view.take_notice()) {
                self.tell(req);
                self.dirty = true;
            }
        }
        self.box_cut_message();
    }

    /// Shows a new message of the view in a box where the status line
    /// cuts it short: not one whole sentence of it fits there, even with
    /// the figures given way (a long file name on the Amiga PAL's title
    /// bar), or any of it is left out of one that must be read whole
    /// ([`View::message_read_whole`]). Amiga programs put what their title
    /// bar could not hold in a requester, and a box is read whole at any
    /// width, where a second status line would still have to cut. A box
    /// already up (the view's own, a notice) is about the same news, and
    /// says it.
    fn box_cut_message(&mut self) {
        let message = self.status_message();
        if message == self.said {
            return;
        }
        self.said = message;
        if self.said.is_empty() || self.asked.is_some() || self.view.message_is_told() {
            return;
        }
        let (title, fields) = (self.view.title(), self.view.fields());
        let refusal = self.message_is_refusal();
        let frame = Frame { title: &title, fields: &fields, message: &self.said, refusal, ..Frame::default() };
        let (chrome, look) = (self.machine.chrome(), self.machine.look());
        let read_whole = self.machine_unkept_why.is_none() && self.view.message_read_whole();
        let cut = chrome.cuts_message(look, &frame) || (read_whole && !chrome.shows_whole(look, &frame));
        if cut {
            let req = crate::views::widgets::message_box(&title, &self.said);
            self.tell(req);
            self.dirty = true;
        }
    }

    /// The shell with its view taken to be the game `entry` (its help,
    /// its chooser).
    pub fn showing(mut self, entry: GameEntry) -> Shell {
        self.opened = Some(entry);
        self
    }

    /// The game the view shows (see [`Shell::game_of`]).
    fn current_game(&self) -> Option<GameEntry> {
        self.game_of(self.view.as_ref())
    }

    /// The game `view` shows: the entry it was opened as while it shows
    /// that game, else the one its id names. The view goes by the id its
    /// saves carry, which the launcher's Peg Solitaire entry (`pegs`)
    /// shares with its board, and the board's id may name a broken file
    /// the entry passed over.
    fn game_of(&self, view: &dyn View) -> Option<GameEntry> {
        let id = view.game_id()?;
        match &self.opened {
            Some(entry) if entry.game_id == id => Some(entry.clone()),
            _ => catalog::find_in(&id, &self.places()).ok(),
        }
    }

    /// Whether the open game's family has a chooser worth opening: one of
    /// its own, or more than one game to list (Rummi and Tetris have one).
    fn offers_choice(&self) -> bool {
        let Some(id) = self.view.game_id() else { return false };
        if let Some((asked, answer)) = self.offers_choice.borrow().as_ref()
            && *asked == id
        {
            return *answer;
        }
        // A game not found by its id (opened from a folder elsewhere) still
        // offers its family's list.
        let answer = self
            .current_game()
            .is_none_or(|g| g.family.chooser.is_some() || (g.family.variants)(&self.places(), Some(&g)).len() > 1);
        *self.offers_choice.borrow_mut() = Some((id, answer));
        answer
    }

    /// Gives the window the size the view shown is made for.
    fn fit_window(&mut self) {
        self.machine.fit_window(self.view.window_screen());
    }

    /// Moves the window while its title bar is dragged; true if the input
    /// was part of such a drag.
    fn drag_window(&mut self, input: &Input) -> bool {
        match (*input, self.window_drag) {
            (Input::MouseDown { x, y, button: Button::Left }, None)
                if self.machine.chrome().drag_bar().is_some_and(|r| r.contains(x, y)) =>
            {
                self.window_drag = Some((x, y));
            }
            (Input::MouseMove { x, y }, Some((px, py))) => {
                self.machine.move_window(x - px, y - py);
                self.window_drag = Some((x, y));
                self.dirty = true;
            }
            (Input::MouseUp { x, y, .. }, Some((px, py))) => {
                self.machine.move_window(x - px, y - py);
                self.window_drag = None;
                self.dirty = true;
            }
            _ => return false,
        }
        true
    }

    /// Shows the help for the current game (Parlour's manual over the
    /// launcher) on top of it; closing the viewer returns to the game.
    fn open_help(&mut self) {
        // Help inside the viewer is the document's own help node.
        if let Some(response) = self.view.command(&Command::Help) {
            return self.respond(response);
        }
        let found = match self.current_game() {
            Some(game) => {
                let subject = self.help_subject(&game);
                super::help_source::game_document(&game, self.machine.id()).map(|found| (found, Some(subject)))
            }
            // Parlour's manual, or why the game's id names no game.
            None => super::help_source::document_for(self.view.game_id().as_deref(), None, self.machine.id())
                .map(|found| (found, None)),
        };
        self.show_help(found);
    }

    /// Shows the help for game `id` on top of what is shown.
    fn open_help_on(&mut self, id: &str) {
        let subject = catalog::find_in(id, &self.places()).ok().map(|game| self.help_subject(&game));
        let found = super::help_source::document_for(Some(id), None, self.machine.id());
        self.show_help(found.map(|found| (found, subject)));
    }

    /// What `game`'s help is the help for, as the launcher lists it: the
    /// game itself where listed (Klondike), else its family's one entry
    /// (Peg Solitaire, whatever board is played), else its own name.
    fn help_subject(&self, game: &GameEntry) -> String {
        let listed = (game.family.games)(&self.places());
        let entry = listed.iter().find(|e| e.id == game.id).or(match listed.as_slice() {
            [only] => Some(only),
            _ => None,
        });
        entry.map_or_else(|| game.name.clone(), |e| e.name.clone())
    }

    /// Opens the help viewer on a document found, the help for a game
    /// named (None: Parlour's manual), or says why none was.
    fn show_help(&mut self, found: Result<((crate::help::model::Document, String), Option<String>), String>) {
        match found {
            Ok(((doc, node), subject)) => {
                let viewer = HelpView::new(Viewer::new(doc, Some(&node))).on(self.machine.id()).about(subject);
                let viewer = Box::new(viewer.reporting(super::help_source::print_problems));
                self.behind.push(std::mem::replace(&mut self.view, viewer));
            }
            Err(e) => self.tell(Requester { title: "Help".into(), lines: vec![e], buttons: vec!["OK".into()] }),
        }
    }

    /// A shell on the launcher.
    pub fn launcher(machine: Machine, seed: u64) -> Shell {
        Shell::launcher_keeping_in(machine, seed, settings::data_dir())
    }

    /// A shell on the launcher whose games keep their files in `data_dir`.
    pub fn launcher_keeping_in(machine: Machine, seed: u64, data_dir: PathBuf) -> Shell {
        let launcher = Launcher::in_data_dir(data_dir.clone());
        Shell::keeping_in(machine, Box::new(launcher), seed, data_dir)
    }

    /// The launcher over this shell's data folder, with the game about to
    /// be closed selected and in view: the game shown, or the one whose
    /// help (or box) is shown over it.
    fn new_launcher(&self) -> Box<dyn View> {
        let launcher = Launcher::in_data_dir(self.data_dir.clone());
        let left = self.game_on_table().and_then(|g| launcher::listed_id(&g));
        Box::new(match left {
            Some(id) => launcher.selecting(&id),
            None => launcher,
        })
    }

    /// The game on the table: the one shown, or the one whose help (or
    /// box) is shown over it.
    fn game_on_table(&self) -> Option<GameEntry> {
        std::iter::once(&self.view).chain(self.behind.iter().rev()).find_map(|v| self.game_of(v.as_ref()))
    }

    /// Where the games opened here are found and keep their files.
    fn places(&self) -> Places {
        Places { data_dir: self.data_dir.clone(), ..catalog::places() }
    }

    /// The title the view shown gives the window (a help page's title
    /// while the help is read).
    pub fn title(&self) -> String {
        self.view.title()
    }

    /// The window's title: what is shown, then the program's name
    /// ("Klondike - Parlour", or "Klondike #123456 - Parlour" where the
    /// game's deals go by number: see [`View::caption`]); the help names
    /// the game it is the help for as the launcher does, from the game or from the launcher alike
    /// ("Help: Peg Solitaire - Parlour", whatever board is played), else
    /// the view it was opened over, or else its own title. The launcher
    /// says no more than the program's name does ("Parlour"). The help's
    /// title is always "Help: " before the title the window would have
    /// without it, so the help on Parlour itself is "Help: Parlour".
    pub fn window_title(&self) -> String {
        const PROGRAM: &str = "Parlour";
        let about = |title: String| (!title.is_empty() && title != PROGRAM).then_some(title);
        let named = |subject: Option<String>| subject.map_or(PROGRAM.to_string(), |t| format!("{t} - {PROGRAM}"));
        match (self.view.is_help(), self.behind.last()) {
            (false, _) => named(about(self.view.caption())),
            (true, under) => {
                let subject =
                    self.view.help_subject().or_else(|| about(under.map_or_else(|| self.view.title(), |v| v.title())));
                format!("Help: {}", named(subject))
            }
        }
    }

    /// What the status line says, before the chrome fits it to its room:
    /// what the view shown says, after why the machine just chosen could
    /// not be kept, where it could not.
    pub fn message(&self) -> String {
        self.status_message()
    }

    /// See [`Shell::message`].
    fn status_message(&self) -> String {
        let view = self.view.message();
        match &self.machine_unkept_why {
            Some(why) if view.is_empty() => why.clone(),
            Some(why) => format!("{why} {view}"),
            None => view,
        }
    }

    /// Whether the status line refuses the player's last key or click
    /// (see [`View::message_is_refusal`]): not while it begins with news
    /// of the shell's own.
    fn message_is_refusal(&self) -> bool {
        self.machine_unkept_why.is_none() && self.view.message_is_refusal()
    }

    pub fn machine(&self) -> &Machine {
        &self.machine
    }

    /// Keeps every machine, depth or skin switched to in the settings as
    /// soon as it is switched to (see [`Shell::remember_machines`]), so
    /// that the next run opens on it however this one ends (killed at
    /// logout, say); and the machine in use now where the player `chose`
    /// it (on the command line). One not chosen is the one the settings
    /// hold already, or the default: there is nothing to keep, and no
    /// failure to keep it to tell of.
    pub fn save_machine_switches(&mut self, chose: bool) {
        self.saves_machine = true;
        if chose {
            self.keep_machine_chosen();
            self.show_notice();
        }
    }

    /// Keeps the machine the player chose in the settings; where it
    /// cannot be, the status line says why (the box it is cut into says
    /// it whole), and it is tried again as the window closes.
    fn keep_machine_chosen(&mut self) {
        match self.remember_machines() {
            Ok(()) => self.machine_unkept = false,
            Err(e) => {
                self.machine_unkept = true;
                self.machine_unkept_why = Some(machine_not_kept(&e));
                self.dirty = true;
            }
        }
    }

    /// As the window closes: keeps the machine chosen whose save failed
    /// (see [`Shell::keep_machine_chosen`]), if one did; nothing else is
    /// written, so nothing is told of a choice nobody made.
    pub fn keep_machine_left_unkept(&self) -> Result<(), crate::core::FileError> {
        if self.machine_unkept { self.remember_machines() } else { Ok(()) }
    }

    /// Remembers the machine in use for next time, and the depth and skin
    /// each machine was left with.
    pub fn remember_machines(&self) -> Result<(), crate::core::FileError> {
        settings::remember_machines(&self.data_dir, &self.machine.choice(), &self.left_machines)
    }

    pub fn wants_quit(&self) -> bool {
        self.quit
    }

    /// Whether a box of the view's own waits for an answer (see
    /// [`View::boxed`]): the menus stay shut until it is answered.
    pub fn view_boxed(&self) -> bool {
        self.view.boxed()
    }

    /// The requester showing, if any (it takes all input until answered).
    pub fn requester(&self) -> Option<&Requester> {
        self.asked.as_ref().map(|a| &a.req)
    }

    /// The showing requester's radio buttons, if it has any.
    pub fn choices(&self) -> Option<&Choices> {
        self.asked.as_ref()?.choices.as_ref()
    }

    /// Shows a requester of the shell's own (About, an error), whose
    /// answer only closes it.
    fn tell(&mut self, req: Requester) {
        self.asked = Some(Asked::new(req, None, false));
    }

    pub fn wants_ticks(&self) -> bool {
        self.view.wants_ticks()
    }

    /// Ticks per second the view wants on this machine (0: none).
    pub fn tick_hz(&self) -> u32 {
        self.view.tick_hz(self.machine.id())
    }

    /// True (once) if the picture changed since the last call.
    pub fn take_dirty(&mut self) -> bool {
        std::mem::take(&mut self.dirty)
    }

    /// The full menu set: the application's menus around the view's. A
    /// view's menu titled "@" (the Apple menu) or "File" is not a menu of
    /// its own: its items come first in the application's menu of that
    /// kind (the Apple menu only the Macs have goes into File elsewhere).
    pub fn menus(&self) -> Vec<Menu> {
        let id = self.machine.id();
        let is_mac = matches!(id, MachineId::MacSe30 | MachineId::MacColor);
        let mut view_menus = self.view.menus();
        view_menus.retain(|m| m.shown_on(id));
        let mut take = |title: &str| {
            let i = view_menus.iter().position(|m| m.title == title);
            let mut items = i.map(|i| view_menus.remove(i).items).unwrap_or_default();
            if !items.is_empty() {
                items.push(MenuItem::separator());
            }
            items
        };
        let (view_apple, view_file) = (take("@"), take("File"));
        let mut menus = Vec::new();
        let mut file = view_file;
        if is_mac {
            let mut apple = view_apple;
            apple.push(MenuItem::new("About Parlour...", Command::About));
            menus.push(Menu::new("@", apple));
        } else {
            file.extend(view_apple);
        }
        let games = MenuItem::new("Games", Command::Games).key('l').enabled(self.can(&Command::Games));
        file.extend([games, MenuItem::new("Help", Command::Help).key('h')]);
        if !is_mac {
            file.push(MenuItem::new("About Parlour...", Command::About));
        }
        file.push(MenuItem::separator());
        file.push(MenuItem::new("Quit", Command::Quit).key('q'));
        let file_title = if matches!(id, MachineId::AmigaPal | MachineId::AmigaDblPal) { "Project" } else { "File" };
        menus.push(Menu::new(file_title, file));
        if is_mac {
            // Every Mac application has an Edit menu, and Undo lives there
            // rather than in the Game menu, with the game's other steps
            // back and forth, Redo beside it (a game's own menus keep
            // theirs: The Chance's Moves menu; and an Undo under a name of
            // the game's own, Rummi's Back up, stays with its letter, its
            // Redo going to Edit all the same). This also keeps the Game
            // menu within the SE/30's 342 lines.
            let mut steps = Vec::new();
            let to_edit = |i: &MenuItem| is_edit_step(i) && !(i.command == Command::Undo && i.label != "Undo");
            for m in view_menus.iter_mut().filter(|m| m.title == "Game") {
                let (moved, kept) = std::mem::take(&mut m.items).into_iter().partition(to_edit);
                m.items = kept;
                steps.extend(moved);
            }
            // A game's own Undo elsewhere (The Chance's Moves menu) keeps
            // Command-Z beside Edit > Undo's: the one command under both,
            // shown where the player looks for it among Redo and the
            // other steps, which show theirs.
            menus.push(self.edit_menu(steps));
        }
        menus.extend(view_menus);
        menus.push(self.machine_menu());
        menus
    }

    /// The Mac's Edit menu, as the Human Interface Guidelines ask of every
    /// application (desk accessories use it too): Undo for the game and
    /// the game's other `steps` back and forth, then the clipboard's
    /// commands, dimmed, as nothing here is cut or pasted.
    fn edit_menu(&self, steps: Vec<MenuItem>) -> Menu {
        let dimmed = |label: &str, key: Option<char>| {
            let item = MenuItem::new(label, Command::Nothing).enabled(false);
            match key {
                Some(k) => item.key(k),
                None => item,
            }
        };
        let undo = MenuItem::new("Undo", Command::Undo).key('z').enabled(self.can(&Command::Undo));
        let steps = std::iter::once(undo).chain(steps.into_iter().filter(|i| i.command != Command::Undo));
        Menu::new(
            "Edit",
            steps
                .chain([
                    MenuItem::separator(),
                    dimmed("Cut", Some('x')),
                    dimmed("Copy", Some('c')),
                    dimmed("Paste", Some('v')),
                    dimmed("Clear", None),
                ])
                .collect(),
        )
    }

    fn machine_menu(&self) -> Menu {
        let current = self.machine.choice();
        let mut items: Vec<MenuItem> = MachineId::ALL
            .iter()
            .map(|m| MenuItem::new(m.title(), Command::Machine(*m)).checked(current.id == Some(*m)))
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
                items.push(MenuItem::new(&label, Command::Depth(*d)).checked(current.depth == Some(*d)));
            }
        }
        if self.machine.id() == MachineId::Yazzle {
            items.push(MenuItem::separator());
            for skin in crate::machines::skins() {
                let label = format!("Skin: {}", skin.name);
                items.push(
                    MenuItem::new(&label, Command::Skin(skin.id.clone()))
                        .checked(current.skin.as_deref() == Some(&skin.id)),
                );
            }
        }
        Menu::new("Machine", items)
    }

    /// Whether a command would do something now: the application's own
    /// always do, but Games over the list of games; the rest are the
    /// view's to say.
    pub fn can(&self, cmd: &Command) -> bool {
        match cmd {
            Command::Games => !self.view.is_launcher(),
            Command::Quit
            | Command::About
            | Command::Help
            | Command::HelpOn(_)
            | Command::Play(_)
            | Command::Close
            | Command::Open
            | Command::Machine(_)
            | Command::Depth(_)
            | Command::Skin(_) => true,
            Command::Variants => self.offers_choice(),
            Command::Options => self.view.can(cmd) || self.options_menu(&self.menus()).is_some(),
            other => self.view.can(other),
        }
    }

    /// The view's Options menu among `menus`, where it has something to
    /// choose: a game without an Options box (MineSweeper's No Guessing)
    /// still has options, and the Options button and command show them.
    fn options_menu(&self, menus: &[Menu]) -> Option<usize> {
        menus.iter().position(|m| m.title == OPTIONS_MENU && m.items.iter().any(|i| i.enabled && !i.is_separator()))
    }

    /// The Options command: the view's Options box where it has one, else
    /// its Options menu pulled down.
    fn options(&mut self) {
        if self.view.can(&Command::Options) {
            if let Some(response) = self.view.command(&Command::Options) {
                self.respond(response);
            }
            return;
        }
        let menus = self.menus();
        if let Some(m) = self.options_menu(&menus) {
            self.tracker.pull_down(self.machine.chrome().menu_style(), &menus, m);
        }
    }

    /// Draws the whole screen.
    pub fn render(&self, s: &mut Surface) {
        let menus = self.menus();
        let title = self.view.title();
        let fields = self.view.fields();
        let message = self.status_message();
        let look = self.machine.look();
        let chrome = self.machine.chrome();
        let disabled: Vec<_> = chrome.button_commands().into_iter().filter(|c| !self.can(c)).collect();
        let refusal = self.message_is_refusal();
        let frame =
            Frame { title: &title, menus: &menus, fields: &fields, message: &message, refusal, disabled: &disabled };
        chrome.draw_frame(s, look, &frame);
        let area = self.machine.content();
        let old = s.set_clip(area);
        self.view.draw(s, &self.machine, area);
        s.set_clip(old);
        if self.tracker.active {
            chrome.draw_menus(s, look, &menus, &self.tracker);
        }
        if let Some(a) = &self.asked {
            match &a.choices {
                Some(choices) => choices.draw(s, &a.req, chrome, look, a.focus),
                None => chrome.draw_requester(s, look, &a.req, a.focus),
            }
        }
    }

    /// The pointer the view wants where the pointer is (the arrow over
    /// menus, requesters and the chrome).
    pub fn pointer(&self) -> Pointer {
        let area = self.machine.content();
        let (x, y) = self.at;
        if self.asked.is_some() || self.tracker.active || !area.contains(x, y) {
            return Pointer::Arrow;
        }
        self.view.pointer(x, y, &self.machine, area)
    }

    /// Whether a right-button press goes to the view rather than opening
    /// the menus: over the content of a view that traps it there.
    fn right_button_trapped(&self, input: &Input) -> bool {
        let Input::MouseDown { x, y, button: Button::Right } = *input else { return false };
        let area = self.machine.content();
        self.machine.chrome().menu_style() == MenuStyle::RightButtonStrip
            && !self.tracker.active
            && area.contains(x, y)
            && self.view.traps_right_button(x, y, &self.machine, area)
    }

    /// The window lost the keyboard to another: the view shown hears of
    /// it whatever shows over it (a menu, a requester), as the player has
    /// turned away from all of it.
    pub fn focus_lost(&mut self) {
        let response = self.view.focus_lost();
        self.respond(response);
        self.show_notice();
    }

    /// Handles one input event.
    pub fn input(&mut self, input: &Input) {
        if matches!(input, Input::Key { .. } | Input::MouseDown { .. }) {
            self.machine_news_read();
        }
        self.handle(input);
        self.cancel_covered_press();
        self.show_notice();
    }

    /// The player is back at the keys: why the machine chosen could not
    /// be kept has been read, and goes from the status line.
    fn machine_news_read(&mut self) {
        if self.machine_unkept_why.take().is_some() {
            self.dirty = true;
        }
    }

    /// Gives `input` to the view, minding the buttons pressed on it.
    fn give_view(&mut self, input: &Input) {
        match *input {
            Input::MouseDown { button, .. } => {
                let press = self.pressed_on_view.get_or_insert_with(|| ViewPress { depth: 0, buttons: Vec::new() });
                press.depth = self.behind.len();
                press.buttons.push(button);
            }
            Input::MouseUp { button, .. } => {
                if let Some(press) = &mut self.pressed_on_view {
                    press.buttons.retain(|&b| b != button);
                    if press.buttons.is_empty() {
                        self.pressed_on_view = None;
                    }
                }
            }
            _ => {}
        }
        let response = self.view.input(input, &self.machine, self.machine.content());
        self.respond(response);
    }

    /// Cancels a press on a view that something has come over since (help
    /// opened by F1 in the middle of a drag, a requester asked by a key),
    /// whose release would go to what came over it: a card lifted goes
    /// back where it was rather than stay in hand under it. No release is
    /// made up: one anywhere could drop the card on a pile.
    fn cancel_covered_press(&mut self) {
        let Some(depth) = self.pressed_on_view.as_ref().map(|p| p.depth) else { return };
        let covered = self.asked.is_some() || self.behind.len() > depth;
        if !covered {
            return;
        }
        self.cancel_press_on_view();
    }

    /// Cancels the press on the view it went down on, if one is held.
    fn cancel_press_on_view(&mut self) {
        let Some(ViewPress { depth, .. }) = self.pressed_on_view.take() else { return };
        let view = if self.behind.len() > depth { &mut self.behind[depth] } else { &mut self.view };
        view.cancel_press();
        self.dirty = true;
    }

    fn handle(&mut self, input: &Input) {
        if let Some(at) = input.position() {
            self.at = at;
        }
        if self.asked.is_some() {
            self.requester_input(input);
            return;
        }
        // A box of the view's own holds the menus, their shortcuts, the
        // chrome's buttons and help as the shell's requesters do: the
        // view takes what is aimed at it, for its box.
        if self.view.boxed() {
            if self.aimed_at_content(input) {
                self.give_view(input);
            }
            return;
        }
        if self.right_button_trapped(input) {
            self.give_view(input);
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
            // Time stands still while the menus are tracked, as it did
            // on the Mac and the Amiga, whose menus held the program: a
            // falling piece or a demo goes on only once they close.
            MenuOutcome::Ignored if self.tracker.active && matches!(input, Input::Tick { .. }) => return,
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
        if self.drag_window(input) {
            return;
        }
        // F1 is help on every machine (the Amiga's Help key, Windows' F1);
        // the window passes a keyboard's Help key on as F1.
        if let Input::Key { key: Key::Function(1), .. } = *input {
            self.command(&Command::Help);
            return;
        }
        // F3 is Select Game, as in Windows FreeCell, where the game has it.
        if let Input::Key { key: Key::Function(3), .. } = *input
            && self.can(&Command::SelectGame)
        {
            self.command(&Command::SelectGame);
            return;
        }
        if let Input::Key { key: Key::Char(c), mods } = *input
            && self.machine.is_shortcut(mods)
        {
            match menu::shortcut(&menus, c) {
                Some(item) if item.enabled => {
                    let cmd = item.command.clone();
                    self.command(&cmd);
                }
                Some(item) => {
                    let response = self.view.dimmed(&item.command);
                    self.respond(response);
                }
                None => {}
            }
            return;
        }
        if self.aimed_at_content(input) {
            self.give_view(input);
        }
    }

    /// Whether `input` goes to the view: what has no place (keys, time),
    /// what happens in its area, a release or a move anywhere (a drag
    /// ends where it will), and a click anywhere where a click stops it.
    fn aimed_at_content(&self, input: &Input) -> bool {
        let area = self.machine.content();
        input.position().is_none_or(|(x, y)| area.contains(x, y))
            || matches!(input, Input::MouseUp { .. } | Input::MouseMove { .. })
            || (matches!(input, Input::MouseDown { .. }) && self.view.stops_on_any_click())
    }

    fn requester_input(&mut self, input: &Input) {
        let Some(asked) = &mut self.asked else { return };
        let (chrome, look) = (self.machine.chrome(), self.machine.look());
        let shown = asked.choices.as_ref().map_or_else(|| asked.req.clone(), |c| c.shown(&asked.req, chrome, look));
        let (frame, buttons) = chrome.requester_layout(look, &shown);
        // The caption's close box is pressed and let go as a button is,
        // and answers as Escape does.
        let close_box = chrome.requester_close_box(frame);
        let target = |x: i32, y: i32| {
            let on_close = close_box.is_some_and(|r| r.contains(x, y));
            buttons.iter().position(|r| r.contains(x, y)).or(on_close.then_some(CLOSE_BOX))
        };
        // A box with radio buttons takes the keys as a dialog of a list
        // and buttons does (the launcher, the choosers): Tab goes round
        // the radio group and each button, Left and Right along the
        // buttons, Return or Space presses the button the keyboard is on;
        // the group's keys and a click give the keyboard back to the
        // group, whose Up and Down (Home and End) mark a choice.
        let mut pressed = None;
        if let Some(choices) = &mut asked.choices {
            let mut focus = ButtonFocus::on(asked.focus);
            let key = focus.input(input, asked.req.buttons.len());
            asked.focus = focus.button();
            match key {
                FocusKey::Moved => {
                    self.dirty = true;
                    return;
                }
                FocusKey::Pressed(button) => pressed = Some(button),
                FocusKey::ToList => self.dirty = true,
                FocusKey::Other => {}
            }
            let last = choices.labels.len().saturating_sub(1);
            let marked = match *input {
                _ if pressed.is_some() => None,
                Input::MouseDown { x, y, button: Button::Left } => choices.at(&asked.req, chrome, look, x, y),
                Input::Key { key: Key::Up, .. } => Some(choices.chosen.saturating_sub(1)),
                Input::Key { key: Key::Down, .. } => Some((choices.chosen + 1).min(last)),
                Input::Key { key: Key::Home | Key::PageUp, .. } => Some(0),
                Input::Key { key: Key::End | Key::PageDown, .. } => Some(last),
                _ => None,
            };
            if let Some(i) = marked {
                choices.chosen = i;
                self.dirty = true;
                return;
            }
        } else if let Some(moved) = focus_moved(asked.focus, asked.req.buttons.len(), input) {
            asked.focus = Some(moved);
            self.dirty = true;
            return;
        }
        let chosen = pressed.or_else(|| match *input {
            Input::MouseDown { x, y, button: Button::Left } => {
                asked.pressed = target(x, y);
                None
            }
            Input::MouseUp { x, y, button: Button::Left } => {
                let on = target(x, y);
                let released = asked.pressed.take().filter(|&pressed| on == Some(pressed));
                released.map(|b| if b == CLOSE_BOX { escape_button(&asked.req.buttons) } else { b })
            }
            Input::Key { key: Key::Enter, .. } => Some(asked.focus.unwrap_or(0)),
            // Space presses the button Tab marked, or the only button of
            // a box that only tells (its OK chooses nothing). A box with a
            // choice waits for Tab first: a Space still held from play
            // (Tetris's drop) must not answer.
            Input::Key { key: Key::Char(' '), .. } => asked.focus.or_else(|| only_button(asked)),
            Input::Key { key: Key::Escape, .. } => Some(escape_button(&asked.req.buttons)),
            _ => None,
        });
        if let Some(button) = chosen {
            let asked = self.asked.take().expect("a requester is showing");
            self.dirty = true;
            if asked.by_view {
                let response = match &asked.choices {
                    Some(c) => self.view.choose(button, c.chosen),
                    None => self.view.answer(button),
                };
                self.respond(response);
                // The same box asked again (a setting changed in it) keeps
                // the keyboard on the button it was on.
                if let Some(again) = &mut self.asked
                    && again.req.title == asked.req.title
                    && again.req.buttons == asked.req.buttons
                {
                    again.focus = asked.focus;
                }
            }
        }
    }

    fn respond(&mut self, response: Response) {
        match response {
            Response::Unchanged => {}
            Response::Redraw => self.dirty = true,
            Response::Command(cmd) => self.command(&cmd),
            Response::Ask(req) => {
                self.asked = Some(Asked::new(req, None, true));
                self.dirty = true;
            }
            Response::Choose(req, choices) => {
                self.asked = Some(Asked::new(req, Some(choices), true));
                self.dirty = true;
            }
        }
    }

    /// Runs a menu, button or view command.
    pub fn command(&mut self, cmd: &Command) {
        self.dirty = true;
        self.view.player_acted();
        self.machine_news_read();
        self.run(cmd);
        // The view shown or the machine may have changed.
        self.fit_window();
        self.show_notice();
    }

    fn run(&mut self, cmd: &Command) {
        match cmd {
            Command::Quit => self.quit = true,
            Command::About => self.tell(launcher::about()),
            Command::Help => self.open_help(),
            Command::HelpOn(id) => self.open_help_on(id),
            Command::Games => self.replace_all(self.new_launcher()),
            Command::Play(target) => self.play(target),
            Command::Variants => self.variants(),
            Command::Open => self.open_kept(),
            Command::Close if !self.behind.is_empty() => self.uncover(),
            Command::Close => match self.view.command(cmd) {
                Some(response) => self.respond(response),
                // A game's window closed: back to the games.
                None if self.view.game_id().is_some() => self.replace_all(self.new_launcher()),
                None => self.quit = true,
            },
            Command::Machine(_) | Command::Depth(_) | Command::Skin(_) => self.switch_machine(cmd),
            Command::Options => self.options(),
            _ => {
                if let Some(response) = self.view.command(cmd) {
                    self.respond(response);
                }
            }
        }
    }

    /// Closes the view on top, showing the one behind it again.
    fn uncover(&mut self) {
        let mut top = std::mem::replace(&mut self.view, self.behind.pop().expect("not empty"));
        top.close();
        // Its message was measured before it was covered, and boxed then
        // if cut short: a box closed once stays closed. What it says anew
        // once it hears it shows again is news, boxed as ever.
        self.said = self.status_message();
        self.view.uncovered();
    }

    /// Shows `view` in place of everything shown, which is closed first
    /// (games are journalled as they close).
    fn replace_all(&mut self, view: Box<dyn View>) {
        for mut old in self.behind.drain(..) {
            old.close();
        }
        let mut old = std::mem::replace(&mut self.view, view);
        old.close();
        self.view.took_over();
    }

    /// Shows `view` over the game on the table, which stays behind it;
    /// every other view shown (the list of kept games) is closed.
    fn keep_table_under(&mut self, view: Box<dyn View>) {
        let mut shown: Vec<Box<dyn View>> = self.behind.drain(..).collect();
        shown.push(std::mem::replace(&mut self.view, view));
        let game = shown.iter().rposition(|v| v.game_id().is_some());
        for (i, mut old) in shown.into_iter().enumerate() {
            if Some(i) == game {
                self.behind.push(old);
            } else {
                old.close();
            }
        }
        self.view.took_over();
    }

    /// The number for the next game opened fresh: the run's number for
    /// the first, then one made from the number before, so games opened
    /// one after another are dealt apart, and a script that opens them
    /// deals the same games each time it runs.
    fn next_seed(&mut self) -> u64 {
        let seed = self.seed;
        self.seed = crate::core::short_number(crate::core::hash::fnv1a64(&seed.to_le_bytes()));
        seed
    }

    /// Opens a game by id or path; a kept game's file opens that game.
    fn play(&mut self, target: &str) {
        let path = Path::new(target);
        let kept = path.is_file().then(|| journal::header_of(path).ok()).flatten();
        let table = self.game_on_table();
        // A kept game of the game on the table is that game's, as it was
        // opened: one opened by its path goes by an id no list holds.
        let found = match (&kept, &table) {
            (Some(header), Some(game)) if game.game_id == header.game => Ok(game.clone()),
            _ => catalog::find_in(target, &self.places()),
        };
        match found {
            Ok(game) => {
                let over_another = kept.is_some() && table.is_some_and(|t| t.game_id != game.game_id);
                let how = Opening {
                    seed: None,
                    fresh_seed: self.next_seed(),
                    file: kept.is_some().then(|| path.to_path_buf()),
                    replay: false,
                    machine: Some(self.machine.id()),
                    back_on_cancel: over_another,
                    ..Opening::default()
                };
                // The game opened reads the journals of those open now (a
                // kept game's box asks over the game in progress).
                self.view.keep_journal();
                self.behind.iter_mut().for_each(|v| v.keep_journal());
                // A game open in another window is not opened in this one.
                let mut view = match host::open(&game, &self.places(), &how) {
                    Ok(view) => view,
                    Err(why) => return self.tell(error_box(&why)),
                };
                match view.unopened() {
                    // The game on the screen stays; the requester sets
                    // the file's name and the reason in full, broken
                    // across lines as they need.
                    Some(why) => self.tell(error_box(&why)),
                    // The kept game's own game in progress is given up
                    // only if the player says so; should they decline, the
                    // game they were playing comes back, so it waits under.
                    // The game under keeps `opened`: the kept game, of a
                    // listed game, is found by its id.
                    None if over_another && let Some(question) = view.take_question() => {
                        self.keep_table_under(view);
                        self.asked = Some(Asked::new(question, None, true));
                    }
                    None => {
                        self.replace_all(view);
                        self.opened = Some(game);
                    }
                }
            }
            Err(e) => self.tell(error_box(&e)),
        }
    }

    /// The open game's family chooser (Game Types..., Choose Board...).
    fn variants(&mut self) {
        let Some(game) = self.current_game() else { return };
        let places = self.places();
        let family = game.family;
        let chooser = match family.chooser {
            Some(make) => make(&game, &places),
            None => {
                let (listed, left_out): (Vec<_>, Vec<_>) =
                    (family.variants)(&places, Some(&game)).into_iter().partition(Result::is_ok);
                let listed: Vec<GameEntry> = listed.into_iter().flatten().collect();
                let left_out = crate::host::left_out_of(family, left_out);
                let opened_file = Self::left_out_of_opened_file(&game, &places, &left_out);
                let kept_ends = listed.iter().map(|g| (g.id.clone(), g.kept_end)).collect();
                // The entry of the game shown, which may be listed by
                // another id than it was opened by (a level of a set
                // opened by its path, listed by that path).
                let current = listed.iter().find(|g| g.game_id == game.game_id).map_or(game.id, |g| g.id.clone());
                let title = family.chooser_label.trim_end_matches("...");
                let names = listed.into_iter().map(|g| (g.id, g.name)).collect();
                let make = if family.kind.listed_by_name() { Launcher::chooser } else { Launcher::chooser_as_given };
                let chooser = make(title, &entry_noun(title), names, &current).keeping_ends(&kept_ends);
                let chooser = match opened_file {
                    Some((file, of_file)) => chooser.left_out_of_file(file, of_file),
                    None => chooser,
                };
                Box::new(chooser.telling_left_out(left_out, family.kind))
            }
        };
        self.behind.push(std::mem::replace(&mut self.view, chooser));
    }

    /// The file of `game`, opened by its path (a level set), where what
    /// its family's list leaves out (`left_out`) holds things of it that
    /// the list without it does not: those lie outside the folders
    /// `parlour lint` checks alone, so the chooser's box names the file.
    fn left_out_of_opened_file(
        game: &GameEntry,
        places: &Places,
        left_out: &[host::LeftOut],
    ) -> Option<(PathBuf, Vec<host::LeftOut>)> {
        let file = host::level_set_file(game)?;
        let alone = host::left_out_of(game.family, (game.family.variants)(places, None));
        let of_file: Vec<host::LeftOut> = left_out.iter().filter(|left| !alone.contains(left)).cloned().collect();
        (!of_file.is_empty()).then(|| (file.to_path_buf(), of_file))
    }

    /// The list of kept games (File > Open...).
    fn open_kept(&mut self) {
        let kept: Vec<(String, String)> = journal::kept_games_named(&self.data_dir)
            .into_iter()
            .map(|(path, name)| (path.display().to_string(), name))
            .collect();
        if kept.is_empty() {
            let how = menu::path_to(&self.menus(), &Command::SaveAs).map_or_else(
                || "No game has been kept yet: a game's Save a Copy keeps one.".to_string(),
                |path| format!("No game has been kept yet: {path} keeps one."),
            );
            self.tell(error_box(&how));
            return;
        }
        // Newest first, as the journal lists them: Return opens the game
        // kept last.
        let chooser = Box::new(Launcher::chooser_as_given("Open a Kept Game", "kept game", kept, ""));
        self.behind.push(std::mem::replace(&mut self.view, chooser));
    }

    fn switch_machine(&mut self, cmd: &Command) {
        let mut choice = self.machine.choice();
        match cmd {
            Command::Machine(id) if Some(*id) != choice.id => {
                // Back at the depth and with the skin it was left with,
                // this run or the last.
                let left = self.left_machines.get(id).cloned();
                choice = left.unwrap_or_else(|| settings::last_on(&self.data_dir, *id));
                self.left_machines.insert(self.machine.id(), self.machine.choice());
            }
            Command::Machine(_) => return,
            Command::Depth(d) => choice.depth = Some(*d),
            Command::Skin(skin) => choice.skin = Some(skin.clone()),
            _ => return,
        }
        match Machine::new(&choice, self.machine.id()) {
            Ok(m) => {
                // A card in hand was grabbed at the last machine's size:
                // on this one it would hang beside the pointer.
                self.cancel_press_on_view();
                let before = std::mem::replace(&mut self.machine, m).id();
                for view in self.behind.iter_mut().chain([&mut self.view]) {
                    view.machine_switched(self.machine.id());
                }
                // What was said fitted the last machine's status line; this
                // one's may cut it, and then boxes it (see `box_cut_message`).
                self.said.clear();
                self.help_follows(before);
            }
            Err(e) => return self.tell(error_box(&e.0)),
        }
        if self.saves_machine {
            self.keep_machine_chosen();
        }
    }

    /// A game's help is chosen for the machine (YaZZle's game.html, the
    /// Amiga's guide, the Mac's help): where the game's help on the machine
    /// switched to is another document, it opens in place of the one read,
    /// while the reader is still on the page it opened at. A reader gone on
    /// from there keeps their place: every machine shows every help.
    fn help_follows(&mut self, before: MachineId) {
        let now = self.machine.id();
        if now == before || !self.view.is_help() || self.view.help_read_on() || self.behind.is_empty() {
            return;
        }
        let mut help = std::mem::replace(&mut self.view, self.behind.pop().expect("checked"));
        let same = self.current_game().is_none_or(|g| (g.family.help)(&g, before) == (g.family.help)(&g, now));
        if same {
            let game = std::mem::replace(&mut self.view, help);
            self.behind.push(game);
            return;
        }
        help.close();
        self.open_help();
    }
}

impl Drop for Shell {
    /// Whatever way the program ends, open games are journalled.
    fn drop(&mut self) {
        self.view.close();
        for view in &mut self.behind {
            view.close();
        }
    }
}

/// Where a key moves the keyboard's button in a requester of `count`
/// buttons, from `focus` (the first button while none is marked): Tab to
/// the next, Shift-Tab to the one before, round the row. Left and Right
/// move the same way only once Tab has: until then they are the game's keys,
/// still pressed as the box came up (a last step, MineSweeper's cursor),
/// and an arrow then a Space must never reach a box's second button (New
/// Game, at a game's end). None for any other input.
fn focus_moved(focus: Option<usize>, count: usize, input: &Input) -> Option<usize> {
    let Input::Key { key, mods } = *input else { return None };
    if count < 2 || mods.ctrl || mods.alt {
        return None;
    }
    let by = match key {
        Key::Tab if mods.shift => -1,
        Key::Tab => 1,
        Key::Right if focus.is_some() => 1,
        Key::Left if focus.is_some() => -1,
        _ => return None,
    };
    Some(crate::views::widgets::step_round(focus.unwrap_or(0), by, count))
}

/// What the status line says when the machine chosen could not be kept
/// in the settings: the file and why, as every file's trouble is said.
fn machine_not_kept(e: &crate::core::FileError) -> String {
    crate::core::sentence(&format!("The machine chosen could not be kept for next time: {e}"))
}

/// The one button of a requester that only tells something (no radio
/// buttons, no second button): Space presses it as Return does.
fn only_button(asked: &Asked) -> Option<usize> {
    (asked.choices.is_none() && asked.req.buttons.len() == 1).then_some(0)
}

/// Stands for a requester's close box where a button's index is kept.
const CLOSE_BOX: usize = usize::MAX;

/// The button Escape presses: the last that only closes the requester
/// (Cancel, No, Done, OK), else the last. Solitaire's Options box ends
/// with Back, which Escape must not press.
fn escape_button(buttons: &[String]) -> usize {
    let closes = |b: &String| matches!(b.as_str(), "Cancel" | "No" | "Done" | "OK" | "Close");
    buttons.iter().rposition(closes).unwrap_or(buttons.len().saturating_sub(1))
}

/// What one entry of a family's chooser is, from its label: "Choose
/// Level" lists levels, "Game Types" game types.
fn entry_noun(label: &str) -> String {
    let what = label.strip_prefix("Choose ").unwrap_or(label).to_lowercase();
    what.strip_suffix('s').map_or_else(|| what.clone(), str::to_string)
}

fn error_box(message: &str) -> Requester {
    crate::views::widgets::message_box("Parlour", message)
}

/// Whether a Game menu item steps through the game's moves (Undo, Redo,
/// Back to Start, Forward to End, Replay): on the Mac these go to the Edit
/// menu from a Game menu that has Undo by that name (Rummi's own Game menu,
/// with Back up and Redo, stays as the game made it).
fn is_edit_step(item: &MenuItem) -> bool {
    matches!(
        item.command,
        Command::Undo | Command::Redo | Command::BackToStart | Command::ForwardToEnd | Command::Replay
    )
}

#[cfg(test)]
mod tests {
    use super::entry_noun;
    use crate::gfx::{Rect, Surface};
    use crate::machines::{Command, Input, Machine, MachineChoice, MachineId, Menu};
    use crate::views::{Response, View};
    use std::cell::Cell;
    use std::rc::Rc;

    /// A view that counts the times it shows again.
    struct Covered(Rc<Cell<u32>>);

    impl View for Covered {
        fn title(&self) -> String {
            "Covered".into()
        }
        fn menus(&self) -> Vec<Menu> {
            Vec::new()
        }
        fn draw(&self, _s: &mut Surface, _machine: &Machine, _area: Rect) {}
        fn input(&mut self, _input: &Input, _machine: &Machine, _area: Rect) -> Response {
            Response::Unchanged
        }
        fn command(&mut self, _command: &Command) -> Option<Response> {
            None
        }
        fn can(&self, _command: &Command) -> bool {
            false
        }
        fn uncovered(&mut self) {
            self.0.set(self.0.get() + 1);
        }
    }

    /// The view under another (the launcher under the help) hears that it
    /// shows again when the one over it closes, so that it can read again
    /// what may have changed meanwhile.
    #[test]
    fn the_view_under_one_closed_is_told_it_shows_again() {
        let machine = Machine::new(&MachineChoice::default(), MachineId::AmigaPal).unwrap();
        let (under, over) = (Rc::new(Cell::new(0)), Rc::new(Cell::new(0)));
        let dir = tempfile::tempdir().unwrap();
        let mut shell = super::Shell::keeping_in(machine, Box::new(Covered(under.clone())), 1, dir.path().into());
        shell.behind.push(std::mem::replace(&mut shell.view, Box::new(Covered(over.clone()))));
        shell.run(&Command::Close);
        assert_eq!((under.get(), over.get(), shell.title()), (1, 0, "Covered".to_string()));
    }

    #[test]
    fn escape_closes_a_requester_without_pressing_an_action() {
        let labels = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(super::escape_button(&labels(&["OK", "Mode", "Auto-play", "Card Back"])), 0);
        assert_eq!(super::escape_button(&labels(&["OK", "Cancel"])), 1);
        assert_eq!(super::escape_button(&labels(&["New Game", "OK"])), 1);
        assert_eq!(super::escape_button(&labels(&["Play", "Quit"])), 1);
    }

    #[test]
    fn a_chooser_names_its_entries_after_its_label() {
        assert_eq!(entry_noun("Choose Level"), "level");
        assert_eq!(entry_noun("Choose Board"), "board");
        assert_eq!(entry_noun("Game Types"), "game type");
        assert_eq!(entry_noun("Field Sizes"), "field size");
    }
}
