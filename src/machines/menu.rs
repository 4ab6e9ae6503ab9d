//! Menus and requesters as data, and the one menu-tracking state machine
//! every machine shares; machines differ only in where menus appear and
//! which button opens them (see [`MenuStyle`]).

use crate::gfx::Rect;

use super::input::{Button, Input};

pub use super::command::Command;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuItem {
    pub label: String,
    pub command: Command,
    /// The shortcut letter used with the machine's command key.
    pub key: Option<char>,
    pub enabled: bool,
    pub checked: bool,
}

impl MenuItem {
    pub fn new(label: &str, command: Command) -> MenuItem {
        MenuItem { label: label.into(), command, key: None, enabled: true, checked: false }
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

    pub fn checked(mut self, checked: bool) -> MenuItem {
        self.checked = checked;
        self
    }

    pub fn enabled(mut self, enabled: bool) -> MenuItem {
        self.enabled = enabled;
        self
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Menu {
    pub title: String,
    pub items: Vec<MenuItem>,
}

impl Menu {
    pub fn new(title: &str, items: Vec<MenuItem>) -> Menu {
        Menu { title: title.into(), items }
    }
}

/// Finds the enabled item whose shortcut is `key` (case-insensitive).
pub fn shortcut(menus: &[Menu], key: char) -> Option<&MenuItem> {
    let key = key.to_ascii_uppercase();
    menus.iter().flat_map(|m| &m.items).find(|i| i.enabled && i.key == Some(key))
}

/// A modal message with buttons (an Amiga requester, a Mac alert, a
/// Windows message box). The first button is the default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Requester {
    pub title: String,
    pub lines: Vec<String>,
    pub buttons: Vec<String>,
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
    /// Menus are being tracked (a button is held).
    pub active: bool,
    /// The menu pulled down, if any.
    pub open: Option<usize>,
    /// The item under the pointer in the open menu.
    pub hover: Option<usize>,
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
        };
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
    fn shortcuts_find_enabled_items_only() {
        let m = vec![Menu::new(
            "F",
            vec![
                MenuItem::new("New", Command::New).key('n'),
                MenuItem::new("Z", Command::Redo).key('z').enabled(false),
            ],
        )];
        assert_eq!(shortcut(&m, 'N').map(|i| &i.command), Some(&Command::New));
        assert!(shortcut(&m, 'z').is_none());
    }
}
