//! Menus and requesters as data, and the one menu-tracking state machine
//! every machine shares; machines differ only in where menus appear and
//! which button opens them (see [`MenuStyle`]).

use crate::gfx::Rect;

use super::MachineId;
use super::input::{Button, Input};

pub use super::command::Command;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuItem {
    pub label: String,
    pub command: Command,
    /// The shortcut letter used with the machine's command key, or alone
    /// where `key_alone` says so.
    pub key: Option<char>,
    /// The letter is pressed by itself, as a help viewer takes its
    /// buttons' letters: drawn without the command key's sign, and left
    /// to the view, never a command-key shortcut.
    pub key_alone: bool,
    pub enabled: bool,
    pub checked: bool,
}

impl MenuItem {
    pub fn new(label: &str, command: Command) -> MenuItem {
        MenuItem { label: label.into(), command, key: None, key_alone: false, enabled: true, checked: false }
    }

    /// A divider line between groups of items.
    pub fn separator() -> MenuItem {
        MenuItem { enabled: false, ..MenuItem::new("-", Command::Nothing) }
    }

    pub fn is_separator(&self) -> bool {
        self.label == "-"
    }

    pub fn key(mut self, key: char) -> MenuItem {
        self.key = Some(key.to_ascii_uppercase());
        self
    }

    /// The letter that chooses the item when pressed by itself (see
    /// `key_alone`).
    pub fn key_alone(self, key: char) -> MenuItem {
        MenuItem { key_alone: true, ..self.key(key) }
    }

    /// The command-key shortcut letter, if the item has one.
    pub fn shortcut(&self) -> Option<char> {
        self.key.filter(|_| !self.key_alone)
    }

    pub fn checked(mut self, checked: bool) -> MenuItem {
        self.checked = checked;
        self
    }

    pub fn enabled(mut self, enabled: bool) -> MenuItem {
        self.enabled = enabled;
        self
    }
}

/// The title of a game's menu of options (MineSweeper's No Guessing):
/// the Options command pulls it down where the game has no Options box.
pub const OPTIONS_MENU: &str = "Options";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    pub title: String,
    pub items: Vec<MenuItem>,
    /// The machines the menu belongs to (empty: every machine); the shell
    /// leaves it out on the others.
    pub only_on: &'static [MachineId],
}

impl Menu {
    pub fn new(title: &str, items: Vec<MenuItem>) -> Menu {
        Menu { title: title.into(), items, only_on: &[] }
    }

    /// The menu shown on `machines` only: what it does has no meaning on
    /// the others (an Amiga program's screens on a Mac).
    pub fn only_on(mut self, machines: &'static [MachineId]) -> Menu {
        self.only_on = machines;
        self
    }

    /// Whether the menu is shown on machine `id`.
    pub fn shown_on(&self, id: MachineId) -> bool {
        self.only_on.is_empty() || self.only_on.contains(&id)
    }
}

/// The key that undoes in every game: where no item shows it, it reaches
/// the game's own undo under whatever key that shows (Rummi's Back up,
/// B), as a player used to it presses it first.
const UNDO_KEY: char = 'Z';

/// Finds the item whose shortcut is `key` (case-insensitive): an enabled
/// one before a dimmed one with the same key.
pub fn shortcut(menus: &[Menu], key: char) -> Option<&MenuItem> {
    let key = key.to_ascii_uppercase();
    let all = || menus.iter().flat_map(|m| &m.items);
    let mut items = all().filter(|i| i.shortcut() == Some(key));
    let first = items.clone().next();
    let own_undo = || all().find(|i| i.command == Command::Undo && i.shortcut().is_some());
    items.find(|i| i.enabled).or(first).or_else(|| if key == UNDO_KEY { own_undo() } else { None })
}

/// Where `command` lies in `menus`, as a player reads it: "File > Save a
/// Copy". Messages name the menu the screen really shows, which differs
/// by game and machine (The Chance has no Game menu; the Amiga's File is
/// Project).
pub fn path_to(menus: &[Menu], command: &Command) -> Option<String> {
    menus.iter().find_map(|m| {
        let item = m.items.iter().find(|i| i.command == *command)?;
        Some(format!("{} > {}", m.title, item.label))
    })
}

/// A modal message with buttons (an Amiga requester, a Mac alert, a
/// Windows message box). The first button is the default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Requester {
    pub title: String,
    pub lines: Vec<String>,
    pub buttons: Vec<String>,
}

/// The items the arrow keys stop on in an open menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stops {
    /// Every item but separators: Windows highlights a greyed item too.
    Every,
    /// Enabled items only: the Mac and the Amiga never highlight a greyed
    /// item, so stopping on one would show nothing.
    Enabled,
}

impl Stops {
    fn lands_on(self, item: &MenuItem) -> bool {
        !item.is_separator() && (self == Stops::Every || item.enabled)
    }
}

/// How a machine's menus are reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuStyle {
    /// The left button pressed on a title in an always-visible menu bar
    /// pulls that menu down (Mac).
    PullDown,
    /// The right button held anywhere shows the menu strip in the screen
    /// title bar; releasing over an item chooses it (Amiga Intuition).
    RightButtonStrip,
    /// Windows: a click on a title opens its menu and it stays open; a
    /// click on an item chooses it, a click elsewhere or Escape closes it.
    /// Pressing, dragging and releasing on an item works too. Alt (alone)
    /// or F10 puts the keyboard in the menu bar, Alt+letter opens the menu
    /// of that access key; arrows move, Return or an item's letter chooses.
    ClickBar,
}

/// The access key of each label (Windows' underlined letter), as the byte
/// index of that letter: the first letter of a word not taken by an
/// earlier label, else any letter not taken, else its first letter shared
/// with the label that took it (pressing a shared letter moves between
/// the items that have it, as in Windows; Return then chooses).
pub fn access_keys(labels: &[&str]) -> Vec<Option<usize>> {
    let mut taken: Vec<char> = Vec::new();
    labels
        .iter()
        .map(|label| {
            let letters = || label.char_indices().filter(|(_, c)| c.is_alphanumeric());
            let initials = letters().filter(|&(i, _)| {
                i == 0 || label[..i].chars().next_back().is_some_and(|p| p.is_whitespace() || p == '(' || p == '-')
            });
            let free = |&(_, c): &(usize, char)| !taken.contains(&c.to_ascii_lowercase());
            let pick = initials.clone().find(free).or_else(|| letters().find(free));
            match pick {
                Some((i, c)) => {
                    taken.push(c.to_ascii_lowercase());
                    Some(i)
                }
                None => initials.clone().next().map(|(i, _)| i),
            }
        })
        .collect()
}

/// The access keys of the menu titles.
fn title_keys(menus: &[Menu]) -> Vec<Option<char>> {
    let labels: Vec<&str> = menus.iter().map(|m| m.title.as_str()).collect();
    keys_of(&labels)
}

/// The access keys of a menu's items (separators have none).
fn item_keys(menu: &Menu) -> Vec<Option<char>> {
    let labels: Vec<&str> = menu.items.iter().map(|i| if i.is_separator() { "" } else { i.label.as_str() }).collect();
    keys_of(&labels)
}

fn keys_of(labels: &[&str]) -> Vec<Option<char>> {
    access_keys(labels)
        .into_iter()
        .zip(labels)
        .map(|(i, l)| i.and_then(|i| l[i..].chars().next()).map(|c| c.to_ascii_lowercase()))
        .collect()
}

/// Where a machine draws its menus: the title hit boxes and, for an open
/// menu, the panel and one rectangle per item.
pub trait MenuGeometry {
    fn titles(&self, menus: &[Menu]) -> Vec<Rect>;
    fn panel(&self, menus: &[Menu], open: usize) -> (Rect, Vec<Rect>);
}

/// What a menu event did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MenuOutcome {
    /// The event was not for the menus; pass it on.
    Ignored,
    /// The menus used it (opened, tracked, closed); redraw.
    Tracked,
    /// An item was chosen.
    Chosen(Command),
}

/// The state of menu tracking between events.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MenuTracker {
    /// Menus are being tracked (a button is held, or a Windows menu is open).
    pub active: bool,
    /// The menu pulled down, if any.
    pub open: Option<usize>,
    /// The item under the pointer in the open menu.
    pub hover: Option<usize>,
    /// Windows: the menu bar title the keyboard is on while no menu is
    /// pulled down (after Alt or F10).
    pub bar: Option<usize>,
    /// Windows: the left button went down in the menus and is still held.
    pub held: bool,
    /// Windows: the open menu came down as the pointer slid onto its
    /// title from another open menu's, and its title has not been clicked
    /// since: a click there is the player reaching for that menu, so it
    /// stays open (a click on the title of the menu they opened closes it).
    pub slid: bool,
}

impl MenuTracker {
    /// Feeds one input event; `geometry` says where titles and items are.
    pub fn event(
        &mut self,
        style: MenuStyle,
        geometry: &dyn MenuGeometry,
        menus: &[Menu],
        input: &Input,
    ) -> MenuOutcome {
        let held = match style {
            MenuStyle::PullDown => Button::Left,
            MenuStyle::RightButtonStrip => Button::Right,
            MenuStyle::ClickBar => return self.click_bar(geometry, menus, input),
        };
        // The keyboard's way in, on machines whose menus are the mouse's:
        // F10 pulls the first menu down (or puts the menus away), then
        // arrows, Return and Escape work as on the YaZZle window.
        if let Input::Key { key, .. } = *input {
            if key == super::input::Key::Function(10) && !menus.is_empty() {
                if self.active {
                    *self = MenuTracker::default();
                } else {
                    self.drop_menu(menus, 0, Stops::Enabled);
                }
                return MenuOutcome::Tracked;
            }
            if self.active {
                return self.held_key(menus, key);
            }
        }
        match *input {
            Input::MouseDown { x, y, button } if button == held && !self.active => {
                let titles = geometry.titles(menus);
                let on_title = titles.iter().position(|r| r.contains(x, y));
                match style {
                    MenuStyle::PullDown if on_title.is_none() => MenuOutcome::Ignored,
                    _ => {
                        self.active = true;
                        self.open = on_title;
                        self.hover = None;
                        MenuOutcome::Tracked
                    }
                }
            }
            Input::MouseMove { x, y } if self.active => {
                self.track(geometry, menus, x, y);
                MenuOutcome::Tracked
            }
            Input::MouseUp { x, y, button } if button == held && self.active => {
                self.track(geometry, menus, x, y);
                let chosen = self.open.zip(self.hover).map(|(m, i)| &menus[m].items[i]);
                *self = MenuTracker::default();
                match chosen {
                    Some(item) if item.enabled => MenuOutcome::Chosen(item.command.clone()),
                    _ => MenuOutcome::Tracked,
                }
            }
            _ if self.active => MenuOutcome::Tracked,
            _ => MenuOutcome::Ignored,
        }
    }

    /// Windows menus (see [`MenuStyle::ClickBar`]).
    fn click_bar(&mut self, geometry: &dyn MenuGeometry, menus: &[Menu], input: &Input) -> MenuOutcome {
        use super::input::Key;
        if menus.is_empty() {
            *self = MenuTracker::default();
            return MenuOutcome::Ignored;
        }
        // Menus may have changed under an open one (a machine switch).
        if self.open.is_some_and(|m| m >= menus.len()) || self.bar.is_some_and(|m| m >= menus.len()) {
            *self = MenuTracker::default();
        }
        let titles = geometry.titles(menus);
        let on_title = |x: i32, y: i32| titles.iter().position(|r| r.contains(x, y));
        let on_panel =
            |open: Option<usize>, x: i32, y: i32| open.is_some_and(|m| geometry.panel(menus, m).0.contains(x, y));
        let close = |t: &mut MenuTracker| {
            *t = MenuTracker::default();
            MenuOutcome::Tracked
        };
        match *input {
            Input::MouseDown { x, y, button: Button::Left } => match on_title(x, y) {
                // A click on the title of the menu the player opened
                // closes it.
                Some(m) if self.open == Some(m) && !self.held && !self.slid => close(self),
                Some(m) => {
                    *self = MenuTracker { active: true, open: Some(m), held: true, ..MenuTracker::default() };
                    MenuOutcome::Tracked
                }
                None if self.active && on_panel(self.open, x, y) => {
                    self.held = true;
                    self.track(geometry, menus, x, y);
                    MenuOutcome::Tracked
                }
                // A click outside closes the menus and does nothing else.
                None if self.active => close(self),
                None => MenuOutcome::Ignored,
            },
            Input::MouseDown { .. } if self.active => close(self),
            Input::MouseMove { x, y } if self.active => {
                if let Some(was) = self.open {
                    self.track(geometry, menus, x, y);
                    self.slid |= !self.held && self.open != Some(was);
                } else if let Some(m) = on_title(x, y) {
                    self.bar = Some(m);
                }
                MenuOutcome::Tracked
            }
            Input::MouseUp { x, y, button: Button::Left } if self.active && self.held => {
                self.held = false;
                self.track(geometry, menus, x, y);
                if on_title(x, y).is_some() || on_panel(self.open, x, y) {
                    // Released on a title or in the menu: it stays open;
                    // on an item, that item is chosen.
                    let chosen = self.open.zip(self.hover).map(|(m, i)| &menus[m].items[i]);
                    match chosen {
                        Some(item) if item.enabled => {
                            let cmd = item.command.clone();
                            *self = MenuTracker::default();
                            MenuOutcome::Chosen(cmd)
                        }
                        _ => MenuOutcome::Tracked,
                    }
                } else {
                    close(self)
                }
            }
            Input::Key { key: Key::Alt | Key::Function(10), .. } => {
                if self.active {
                    close(self)
                } else {
                    *self = MenuTracker { active: true, bar: Some(0), ..MenuTracker::default() };
                    MenuOutcome::Tracked
                }
            }
            // Alt+letter opens the menu of that access key.
            Input::Key { key: Key::Char(c), mods } if mods.alt && !mods.ctrl && !self.active => {
                let c = c.to_ascii_lowercase();
                match title_keys(menus).iter().position(|k| *k == Some(c)) {
                    Some(m) => {
                        self.drop_menu(menus, m, Stops::Every);
                        MenuOutcome::Tracked
                    }
                    None => MenuOutcome::Ignored,
                }
            }
            Input::Key { key, .. } if self.active => {
                self.held = false;
                self.key(menus, key, Stops::Every)
            }
            _ if self.active && !matches!(input, Input::Tick { .. }) => MenuOutcome::Tracked,
            _ => MenuOutcome::Ignored,
        }
    }

    /// A key while the mouse holds the Mac's or the Amiga's menus, which
    /// the keyboard then works as it works them after F10: with the
    /// strip shown and no menu pulled down yet (the Amiga's right button
    /// held off the titles), an arrow or Return pulls the first menu down
    /// as F10 does.
    fn held_key(&mut self, menus: &[Menu], key: super::input::Key) -> MenuOutcome {
        use super::input::Key;
        if menus.is_empty() {
            *self = MenuTracker::default();
            return MenuOutcome::Tracked;
        }
        // Menus may have changed under an open one (a machine switch).
        if self.open.is_some_and(|m| m >= menus.len()) {
            (self.open, self.hover) = (None, None);
        }
        if self.open.is_none() && matches!(key, Key::Left | Key::Right | Key::Up | Key::Down | Key::Enter) {
            self.drop_menu(menus, 0, Stops::Enabled);
            return MenuOutcome::Tracked;
        }
        self.key(menus, key, Stops::Enabled)
    }

    /// Pulls menu `m` down as a button standing for it does (a skin's
    /// Options button): open, its first item highlighted, for the mouse
    /// or the keyboard to choose from, as after F10 or Alt and a letter.
    pub fn pull_down(&mut self, style: MenuStyle, menus: &[Menu], m: usize) {
        let stops = if style == MenuStyle::ClickBar { Stops::Every } else { Stops::Enabled };
        self.drop_menu(menus, m, stops);
    }

    /// Pulls menu `m` down from the keyboard, its first item highlighted.
    fn drop_menu(&mut self, menus: &[Menu], m: usize, stops: Stops) {
        let first = menus[m].items.iter().position(|i| stops.lands_on(i));
        *self = MenuTracker { active: true, open: Some(m), hover: first, ..MenuTracker::default() };
    }

    /// A key while the menus have the keyboard.
    fn key(&mut self, menus: &[Menu], key: super::input::Key, stops: Stops) -> MenuOutcome {
        use super::input::Key;
        let n = menus.len();
        let step = |m: usize, by: isize| ((m as isize + by).rem_euclid(n as isize)) as usize;
        match (self.open, key) {
            (_, Key::Escape) => {
                *self = MenuTracker::default();
                MenuOutcome::Tracked
            }
            (None, Key::Left | Key::Right) => {
                let by = if key == Key::Left { -1 } else { 1 };
                self.bar = Some(step(self.bar.unwrap_or(0), by));
                MenuOutcome::Tracked
            }
            (None, Key::Down | Key::Up | Key::Enter) => {
                self.drop_menu(menus, self.bar.unwrap_or(0), stops);
                MenuOutcome::Tracked
            }
            (None, Key::Char(c)) => {
                let c = c.to_ascii_lowercase();
                if let Some(m) = title_keys(menus).iter().position(|k| *k == Some(c)) {
                    self.drop_menu(menus, m, stops);
                }
                MenuOutcome::Tracked
            }
            (Some(m), Key::Left | Key::Right) => {
                self.drop_menu(menus, step(m, if key == Key::Left { -1 } else { 1 }), stops);
                MenuOutcome::Tracked
            }
            (Some(m), Key::Up | Key::Down) => {
                let items = &menus[m].items;
                let len = items.len() as isize;
                let by: isize = if key == Key::Up { -1 } else { 1 };
                let mut i = self.hover.map_or(if by > 0 { -1 } else { len }, |h| h as isize);
                for _ in 0..len {
                    i = (i + by).rem_euclid(len);
                    if stops.lands_on(&items[i as usize]) {
                        self.hover = Some(i as usize);
                        break;
                    }
                }
                MenuOutcome::Tracked
            }
            (Some(m), Key::Enter) => match self.hover.map(|i| &menus[m].items[i]) {
                Some(item) if item.enabled => {
                    let cmd = item.command.clone();
                    *self = MenuTracker::default();
                    MenuOutcome::Chosen(cmd)
                }
                // Nothing highlighted: the menu came down under the mouse.
                // Return shows it as the keyboard pulls it down, its first
                // item highlighted, for the next Return to choose: never
                // an item the player has not seen highlighted.
                None => {
                    self.drop_menu(menus, m, stops);
                    MenuOutcome::Tracked
                }
                _ => MenuOutcome::Tracked,
            },
            (Some(m), Key::Char(c)) => {
                let c = c.to_ascii_lowercase();
                let keys = item_keys(&menus[m]);
                let holders: Vec<usize> = (0..keys.len()).filter(|&i| keys[i] == Some(c)).collect();
                match holders[..] {
                    [i] if menus[m].items[i].enabled => {
                        let cmd = menus[m].items[i].command.clone();
                        *self = MenuTracker::default();
                        MenuOutcome::Chosen(cmd)
                    }
                    // A letter some items share highlights the next of them.
                    [_, _, ..] => {
                        let next = holders.iter().find(|&&i| Some(i) > self.hover).or(holders.first());
                        self.hover = next.copied();
                        MenuOutcome::Tracked
                    }
                    _ => MenuOutcome::Tracked,
                }
            }
            _ => MenuOutcome::Tracked,
        }
    }

    fn track(&mut self, geometry: &dyn MenuGeometry, menus: &[Menu], x: i32, y: i32) {
        if let Some(m) = geometry.titles(menus).iter().position(|r| r.contains(x, y)) {
            self.open = Some(m);
            self.hover = None;
            return;
        }
        self.hover = self.open.and_then(|m| {
            let (_, items) = geometry.panel(menus, m);
            items.iter().position(|r| r.contains(x, y)).filter(|&i| !menus[m].items[i].is_separator())
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machines::input::{Key, Modifiers};

    struct Bar;
    impl MenuGeometry for Bar {
        fn titles(&self, menus: &[Menu]) -> Vec<Rect> {
            (0..menus.len() as i32).map(|i| Rect::new(i * 50, 0, 50, 20)).collect()
        }
        fn panel(&self, menus: &[Menu], open: usize) -> (Rect, Vec<Rect>) {
            let items: Vec<Rect> = (0..menus[open].items.len() as i32)
                .map(|i| Rect::new(open as i32 * 50, 20 + i * 16, 100, 16))
                .collect();
            (Rect::new(open as i32 * 50, 20, 100, 16 * items.len() as i32), items)
        }
    }

    fn menus() -> Vec<Menu> {
        vec![
            Menu::new(
                "File",
                vec![MenuItem::new("New", Command::New), MenuItem::separator(), MenuItem::new("Quit", Command::Quit)],
            ),
            Menu::new("Edit", vec![MenuItem::new("Undo", Command::Undo).enabled(false)]),
        ]
    }

    #[test]
    fn pull_down_chooses_the_item_under_the_release() {
        let (mut t, m) = (MenuTracker::default(), menus());
        let press = Input::MouseDown { x: 10, y: 5, button: Button::Left };
        assert_eq!(t.event(MenuStyle::PullDown, &Bar, &m, &press), MenuOutcome::Tracked);
        assert_eq!(t.open, Some(0));
        let release = Input::MouseUp { x: 10, y: 20 + 32 + 4, button: Button::Left };
        assert_eq!(t.event(MenuStyle::PullDown, &Bar, &m, &release), MenuOutcome::Chosen(Command::Quit));
        assert!(!t.active);
    }

    #[test]
    fn disabled_items_and_separators_choose_nothing() {
        let (mut t, m) = (MenuTracker::default(), menus());
        t.event(MenuStyle::PullDown, &Bar, &m, &Input::MouseDown { x: 60, y: 5, button: Button::Left });
        let up = Input::MouseUp { x: 60, y: 25, button: Button::Left };
        assert_eq!(t.event(MenuStyle::PullDown, &Bar, &m, &up), MenuOutcome::Tracked);
        t.event(MenuStyle::PullDown, &Bar, &m, &Input::MouseDown { x: 10, y: 5, button: Button::Left });
        let on_separator = Input::MouseUp { x: 10, y: 20 + 16 + 4, button: Button::Left };
        assert_eq!(t.event(MenuStyle::PullDown, &Bar, &m, &on_separator), MenuOutcome::Tracked);
    }

    #[test]
    fn right_button_strip_opens_anywhere_and_left_clicks_pass_through() {
        let (mut t, m) = (MenuTracker::default(), menus());
        let left = Input::MouseDown { x: 200, y: 200, button: Button::Left };
        assert_eq!(t.event(MenuStyle::RightButtonStrip, &Bar, &m, &left), MenuOutcome::Ignored);
        let right = Input::MouseDown { x: 200, y: 200, button: Button::Right };
        assert_eq!(t.event(MenuStyle::RightButtonStrip, &Bar, &m, &right), MenuOutcome::Tracked);
        assert!(t.active && t.open.is_none());
        t.event(MenuStyle::RightButtonStrip, &Bar, &m, &Input::MouseMove { x: 5, y: 5 });
        let up = Input::MouseUp { x: 5, y: 24, button: Button::Right };
        assert_eq!(t.event(MenuStyle::RightButtonStrip, &Bar, &m, &up), MenuOutcome::Chosen(Command::New));
    }

    #[test]
    fn shortcuts_find_an_enabled_item_before_a_dimmed_one() {
        let m = vec![Menu::new(
            "F",
            vec![
                MenuItem::new("New", Command::New).key('n'),
                MenuItem::new("Z", Command::Redo).key('z').enabled(false),
                MenuItem::new("Open", Command::Open).key('o').enabled(false),
                MenuItem::new("Other", Command::Options).key('o'),
            ],
        )];
        assert_eq!(shortcut(&m, 'N').map(|i| &i.command), Some(&Command::New));
        assert!(shortcut(&m, 'z').is_some_and(|i| !i.enabled));
        assert_eq!(shortcut(&m, 'o').map(|i| &i.command), Some(&Command::Options));
        assert!(shortcut(&m, 'q').is_none());
    }

    /// Z reaches a game's undo shown under another key, where no item
    /// has Z; an item that has it keeps it.
    #[test]
    fn z_undoes_whatever_key_undo_shows() {
        let back_up = MenuItem::new("Back up", Command::Undo).key('b');
        let m = vec![Menu::new("G", vec![back_up.clone()])];
        assert_eq!(shortcut(&m, 'z').map(|i| &i.label), Some(&back_up.label));
        let zoom = MenuItem::new("Zoom", Command::Options).key('z');
        let m = vec![Menu::new("G", vec![back_up, zoom])];
        assert_eq!(shortcut(&m, 'z').map(|i| &i.command), Some(&Command::Options));
        assert!(shortcut(&m, 'x').is_none());
    }

    /// A letter the view takes by itself (a help viewer's C for Contents)
    /// is shown, but the command key with it is no shortcut.
    #[test]
    fn a_key_pressed_alone_is_no_shortcut() {
        let m = vec![Menu::new("F", vec![MenuItem::new("Contents", Command::Nothing).key_alone('c')])];
        assert_eq!(m[0].items[0].key, Some('C'));
        assert!(shortcut(&m, 'c').is_none());
    }

    fn click(x: i32, y: i32) -> [Input; 2] {
        [Input::MouseDown { x, y, button: Button::Left }, Input::MouseUp { x, y, button: Button::Left }]
    }

    fn feed(t: &mut MenuTracker, m: &[Menu], inputs: &[Input]) -> Vec<MenuOutcome> {
        inputs.iter().map(|i| t.event(MenuStyle::ClickBar, &Bar, m, i)).collect()
    }

    fn key(key: Key) -> Input {
        Input::Key { key, mods: Modifiers::default() }
    }

    #[test]
    fn windows_menus_stay_open_after_a_click_and_choose_on_the_next() {
        let (mut t, m) = (MenuTracker::default(), menus());
        // A click on a title opens the menu, and it stays open.
        assert_eq!(feed(&mut t, &m, &click(10, 5)), [MenuOutcome::Tracked, MenuOutcome::Tracked]);
        assert!(t.active && t.open == Some(0));
        // Moving over the items highlights them; a click chooses.
        feed(&mut t, &m, &[Input::MouseMove { x: 10, y: 20 + 32 + 4 }]);
        assert_eq!(t.hover, Some(2));
        assert_eq!(feed(&mut t, &m, &click(10, 20 + 32 + 4))[1], MenuOutcome::Chosen(Command::Quit));
        assert!(!t.active);
        // A click on the open title closes it again.
        feed(&mut t, &m, &click(10, 5));
        feed(&mut t, &m, &click(10, 5));
        assert!(!t.active);
        // Moving across the bar switches menus; a click outside closes and
        // is used up; so does Escape.
        feed(&mut t, &m, &click(10, 5));
        feed(&mut t, &m, &[Input::MouseMove { x: 60, y: 5 }]);
        assert_eq!(t.open, Some(1));
        assert_eq!(feed(&mut t, &m, &click(300, 300)), [MenuOutcome::Tracked, MenuOutcome::Ignored]);
        assert!(!t.active);
        // A click on another title opens its menu, whether the pointer
        // slid over it first (opening it) or not; a click on the title of
        // the menu so opened closes it.
        feed(&mut t, &m, &click(10, 5));
        feed(&mut t, &m, &[Input::MouseMove { x: 60, y: 5 }]);
        feed(&mut t, &m, &click(60, 5));
        assert!(t.active && t.open == Some(1), "slid onto, then clicked: open");
        feed(&mut t, &m, &click(10, 5));
        assert!(t.active && t.open == Some(0), "clicked straight away: open");
        feed(&mut t, &m, &click(10, 5));
        assert!(!t.active);
        feed(&mut t, &m, &click(10, 5));
        assert_eq!(t.event(MenuStyle::ClickBar, &Bar, &m, &key(Key::Escape)), MenuOutcome::Tracked);
        assert!(!t.active);
        // Press, drag and release on an item chooses it too.
        let drag = [
            Input::MouseDown { x: 10, y: 5, button: Button::Left },
            Input::MouseMove { x: 10, y: 24 },
            Input::MouseUp { x: 10, y: 24, button: Button::Left },
        ];
        assert_eq!(feed(&mut t, &m, &drag)[2], MenuOutcome::Chosen(Command::New));
        // Disabled items and separators choose nothing; the menu stays.
        feed(&mut t, &m, &click(60, 5));
        assert_eq!(feed(&mut t, &m, &click(60, 24))[1], MenuOutcome::Tracked);
        assert!(t.active);
        // Clicks elsewhere pass by while no menu is open; ticks always do.
        t = MenuTracker::default();
        assert_eq!(feed(&mut t, &m, &click(300, 300)), [MenuOutcome::Ignored, MenuOutcome::Ignored]);
        feed(&mut t, &m, &click(10, 5));
        assert_eq!(feed(&mut t, &m, &[Input::Tick { ms: 100 }]), [MenuOutcome::Ignored]);
    }

    #[test]
    fn windows_menus_work_from_the_keyboard() {
        let (mut t, m) = (MenuTracker::default(), menus());
        let ev = |t: &mut MenuTracker, i: Input| t.event(MenuStyle::ClickBar, &Bar, &m, &i);
        // F10 (or Alt alone) puts the keyboard on the bar; arrows move.
        ev(&mut t, key(Key::Function(10)));
        assert!(t.active && t.bar == Some(0) && t.open.is_none());
        ev(&mut t, key(Key::Right));
        assert_eq!(t.bar, Some(1));
        ev(&mut t, key(Key::Right));
        assert_eq!(t.bar, Some(0), "wraps");
        // Down pulls the menu down on its first item; Down skips separators.
        ev(&mut t, key(Key::Down));
        assert_eq!((t.open, t.hover), (Some(0), Some(0)));
        ev(&mut t, key(Key::Down));
        assert_eq!(t.hover, Some(2));
        assert_eq!(ev(&mut t, key(Key::Enter)), MenuOutcome::Chosen(Command::Quit));
        // Alt+letter opens the menu with that access key; a letter chooses.
        let alt_e = Input::Key { key: Key::Char('e'), mods: Modifiers { alt: true, ..Modifiers::default() } };
        assert_eq!(ev(&mut t, alt_e), MenuOutcome::Tracked);
        assert_eq!(t.open, Some(1));
        ev(&mut t, key(Key::Left));
        assert_eq!(t.open, Some(0));
        assert_eq!(ev(&mut t, key(Key::Char('n'))), MenuOutcome::Chosen(Command::New));
        let alt_x = Input::Key { key: Key::Char('x'), mods: Modifiers { alt: true, ..Modifiers::default() } };
        assert_eq!(ev(&mut t, alt_x), MenuOutcome::Ignored, "no menu has x");
        ev(&mut t, key(Key::Alt));
        ev(&mut t, key(Key::Alt));
        assert!(!t.active, "Alt again leaves the bar");
    }

    #[test]
    fn amiga_and_mac_menus_open_from_the_keyboard_too() {
        for style in [MenuStyle::PullDown, MenuStyle::RightButtonStrip] {
            let (mut t, m) = (MenuTracker::default(), menus());
            let ev = |t: &mut MenuTracker, i: Input| t.event(style, &Bar, &m, &i);
            assert_eq!(ev(&mut t, key(Key::Down)), MenuOutcome::Ignored, "arrows are the game's until F10");
            ev(&mut t, key(Key::Function(10)));
            assert_eq!((t.active, t.open, t.hover), (true, Some(0), Some(0)));
            ev(&mut t, key(Key::Down));
            assert_eq!(t.hover, Some(2), "skips the separator");
            assert_eq!(ev(&mut t, key(Key::Enter)), MenuOutcome::Chosen(Command::Quit));
            assert!(!t.active);
            ev(&mut t, key(Key::Function(10)));
            ev(&mut t, key(Key::Right));
            assert_eq!(t.open, Some(1));
            assert_eq!(t.hover, None, "Edit's only item is greyed: nothing to stop on");
            ev(&mut t, key(Key::Escape));
            assert_eq!(t, MenuTracker::default());
        }
    }

    /// A menu pulled down by the mouse takes the keys as one pulled down
    /// from the keyboard: Return with nothing highlighted highlights the
    /// first item, as F10 or Alt shows a menu, and the next Return
    /// chooses it; the arrows move, Escape closes. The Amiga's strip,
    /// held off the titles, pulls its first menu down on an arrow or
    /// Return, as F10 does.
    #[test]
    fn menus_pulled_down_by_the_mouse_take_the_keys_too() {
        let m = menus();
        let on_file = |button| Input::MouseDown { x: 10, y: 5, button };
        let off_the_titles = Input::MouseDown { x: 200, y: 200, button: Button::Right };
        for (style, opening) in [
            (MenuStyle::ClickBar, click(10, 5).to_vec()),
            (MenuStyle::PullDown, vec![on_file(Button::Left)]),
            (MenuStyle::RightButtonStrip, vec![on_file(Button::Right)]),
            (MenuStyle::RightButtonStrip, vec![off_the_titles]),
        ] {
            let opened = || {
                let mut t = MenuTracker::default();
                opening.iter().for_each(|i| drop(t.event(style, &Bar, &m, i)));
                assert!(t.active && t.hover.is_none(), "{style:?}: nothing highlighted yet");
                t
            };
            let keys = |t: &mut MenuTracker, keys: &[Key]| -> Vec<MenuOutcome> {
                keys.iter().map(|&k| t.event(style, &Bar, &m, &key(k))).collect()
            };
            let mut t = opened();
            assert_eq!(keys(&mut t, &[Key::Enter])[0], MenuOutcome::Tracked, "{style:?}: nothing chosen unseen");
            assert_eq!((t.open, t.hover), (Some(0), Some(0)), "{style:?}: the first item, as F10 shows it");
            assert_eq!(keys(&mut t, &[Key::Enter])[0], MenuOutcome::Chosen(Command::New), "{style:?}");
            let mut t = opened();
            let walked = keys(&mut t, &[Key::Down, Key::Down, Key::Enter]);
            assert_eq!(walked[2], MenuOutcome::Chosen(Command::Quit), "{style:?}: Down twice, past the separator");
            let mut t = opened();
            keys(&mut t, &[Key::Escape]);
            assert_eq!(t, MenuTracker::default(), "{style:?}");
        }
    }

    /// The Mac and the Amiga draw no highlight on a greyed item, so the
    /// arrows pass over greyed items there; Windows stops on them.
    #[test]
    fn arrows_pass_over_greyed_items_where_they_show_no_highlight() {
        let m = vec![Menu::new(
            "Game",
            vec![
                MenuItem::new("New", Command::New),
                MenuItem::new("Undo", Command::Undo).enabled(false),
                MenuItem::new("Redo", Command::Redo).enabled(false),
                MenuItem::new("Hint", Command::Hint),
            ],
        )];
        for (style, after_new) in [(MenuStyle::PullDown, 3), (MenuStyle::RightButtonStrip, 3), (MenuStyle::ClickBar, 1)]
        {
            let mut t = MenuTracker::default();
            let open = if style == MenuStyle::ClickBar { Key::Alt } else { Key::Function(10) };
            t.event(style, &Bar, &m, &key(open));
            t.event(style, &Bar, &m, &key(Key::Down));
            if style == MenuStyle::ClickBar {
                assert_eq!(t.hover, Some(0), "{style:?}: Down drops the menu on New");
                t.event(style, &Bar, &m, &key(Key::Down));
            }
            assert_eq!(t.hover, Some(after_new), "{style:?}");
        }
    }

    #[test]
    fn access_keys_prefer_initials_and_repeat_only_when_no_letter_is_free() {
        let keys = access_keys(&["File", "Game", "Machine", "Help", "Games (all)"]);
        assert_eq!(keys, [Some(0), Some(0), Some(0), Some(0), Some(7)]);
        let keys = access_keys(&["New Game", "Next Card Back", "Game Types...", ""]);
        assert_eq!(keys, [Some(0), Some(5), Some(0), None]);
        // Every letter of "On" is taken: it shares its initial.
        assert_eq!(access_keys(&["Open", "Nothing", "On"]), [Some(0), Some(0), Some(0)]);
    }

    /// A letter two items share moves the highlight between them, and
    /// Return chooses; a letter of one item chooses it at once.
    #[test]
    fn a_shared_access_key_moves_between_its_items() {
        let item = |l: &str, c| MenuItem::new(l, c);
        let menus = vec![Menu::new(
            "Game",
            vec![item("Options...", Command::Options), item("New", Command::New), item("On", Command::Open)],
        )];
        let mut t = MenuTracker::default();
        t.drop_menu(&menus, 0, Stops::Every);
        let key = |t: &mut MenuTracker, k| t.key(&menus, k, Stops::Every);
        assert_eq!(key(&mut t, Key::Char('o')), MenuOutcome::Tracked);
        assert_eq!(t.hover, Some(2), "from Options, the next with O");
        key(&mut t, Key::Char('o'));
        assert_eq!(t.hover, Some(0), "and round again");
        key(&mut t, Key::Char('o'));
        assert_eq!(key(&mut t, Key::Enter), MenuOutcome::Chosen(Command::Open));
        t.drop_menu(&menus, 0, Stops::Every);
        assert_eq!(key(&mut t, Key::Char('n')), MenuOutcome::Chosen(Command::New));
    }
}
