//! Scripted input for headless runs (`parlour shot TARGET --events FILE`):
//! one event a line, in the machine's framebuffer pixels, parsed into a
//! list of [`Step`]s and then fed to a [`Driver`] as the window would feed
//! it. Whole interactions are tested this way.
//!
//! ```text
//! # comments and blank lines are allowed
//! click 120 80            # left button; or: click X Y right
//! double 40 200
//! drag 40 200 300 120
//! wheel 100 100 3         # three notches towards you (negative: away)
//! key ctrl+z              # ctrl, cmd and amiga mean the machine's shortcut key
//! menu Game > Undo        # the visible text, with or without a trailing ...;
//!                         # the searches under way answer first, as at a wait
//! wait 500                # time passing (ticks, if the screen wants them)
//! ```

use std::fmt;

use crate::machines::{Button, Input, Key, Menu, MenuItem, Modifiers};

use super::driver::Driver;

/// Milliseconds per Tick while waiting, as the window sends them.
const TICK_MS: u32 = 100;
/// The longest `wait` a script may ask for: an hour of play is simulated
/// tick by tick, which takes seconds; days would take hours.
const MAX_WAIT_MS: u64 = 60 * 60 * 1000;
/// Pointer moves between the press and the release of a drag.
const DRAG_STEPS: i32 = 4;

/// One scripted event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Press and release a button at a point (after moving there).
    Click { x: i32, y: i32, button: Button },
    /// Two left clicks at a point, with no time between them.
    Double { x: i32, y: i32 },
    /// Press the left button at one point, move, release at another.
    Drag { from: (i32, i32), to: (i32, i32) },
    /// Turn the mouse wheel over a point by notches (positive: towards
    /// the user, scrolling down).
    Wheel { x: i32, y: i32, notches: i32 },
    /// A key press.
    Key { key: Key, mods: KeyMods },
    /// Choose a menu item by its menu's and its own visible text.
    Menu { title: String, item: String },
    /// Let time pass.
    Wait { ms: u32 },
}

/// Modifiers as a script names them: `shortcut` is the machine's menu
/// shortcut key (`ctrl`, `cmd` or `amiga`), resolved when the script runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KeyMods {
    pub shift: bool,
    pub alt: bool,
    pub shortcut: bool,
}

/// An event and the line it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub line: usize,
    pub event: Event,
}

/// A problem with a script, at a line: shown as `file:line: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

impl std::error::Error for ScriptError {}

const USAGE: &str = "expected click, double, drag, wheel, key, menu or wait";

/// Parses a whole script; the first bad line is the error.
pub fn parse(file: &str, text: &str) -> Result<Vec<Step>, ScriptError> {
    let mut steps = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let event = parse_line(line).map_err(|message| ScriptError { file: file.to_string(), line: i + 1, message })?;
        steps.push(Step { line: i + 1, event });
    }
    Ok(steps)
}

fn parse_line(line: &str) -> Result<Event, String> {
    let (verb, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let rest = rest.trim();
    let args: Vec<&str> = rest.split_whitespace().collect();
    match verb.to_ascii_lowercase().as_str() {
        "click" => {
            let usage = "usage: click X Y [left|middle|right]";
            if !(2..=3).contains(&args.len()) {
                return Err(usage.into());
            }
            let button = match args.get(2).map(|b| b.to_ascii_lowercase()) {
                None => Button::Left,
                Some(b) if b == "left" => Button::Left,
                Some(b) if b == "middle" => Button::Middle,
                Some(b) if b == "right" => Button::Right,
                Some(b) => return Err(format!("unknown button `{b}` ({usage})")),
            };
            let [x, y] = numbers::<2>(&args[..2], usage)?;
            Ok(Event::Click { x, y, button })
        }
        "double" => {
            let [x, y] = numbers::<2>(&args, "usage: double X Y")?;
            Ok(Event::Double { x, y })
        }
        "drag" => {
            let [x1, y1, x2, y2] = numbers::<4>(&args, "usage: drag X1 Y1 X2 Y2")?;
            Ok(Event::Drag { from: (x1, y1), to: (x2, y2) })
        }
        "wheel" => {
            let [x, y, notches] = numbers::<3>(&args, "usage: wheel X Y NOTCHES (positive scrolls down)")?;
            Ok(Event::Wheel { x, y, notches })
        }
        "key" => match args.as_slice() {
            [name] => parse_key(name),
            _ => Err("usage: key NAME (a letter, Return, Escape, Left, ..., or ctrl+z)".into()),
        },
        "menu" => {
            let usage = "usage: menu TITLE > ITEM";
            let (title, item) = rest.split_once('>').ok_or(usage)?;
            let (title, item) = (title.trim(), item.trim());
            if title.is_empty() || item.is_empty() {
                return Err(usage.into());
            }
            Ok(Event::Menu { title: title.to_string(), item: item.to_string() })
        }
        "wait" => match args.as_slice() {
            [ms] => match ms.parse::<u64>() {
                Ok(n) if n <= MAX_WAIT_MS => Ok(Event::Wait { ms: n as u32 }),
                Ok(_) => Err(format!("`{ms}` ms is longer than an hour, the longest wait a script may ask for")),
                Err(_) => Err(format!("`{ms}` is not a number of ms")),
            },
            _ => Err("usage: wait MS".into()),
        },
        _ => Err(format!("unknown event `{verb}` ({USAGE})")),
    }
}

fn numbers<const N: usize>(args: &[&str], usage: &str) -> Result<[i32; N], String> {
    if args.len() != N {
        return Err(usage.into());
    }
    let mut out = [0; N];
    for (o, a) in out.iter_mut().zip(args) {
        *o = a.parse().map_err(|_| format!("`{a}` is not a number ({usage})"))?;
    }
    Ok(out)
}

/// `z`, `Return`, `ctrl+z`, `shift+Tab`, `F10`, `alt`...
fn parse_key(spec: &str) -> Result<Event, String> {
    let mut mods = KeyMods::default();
    let parts: Vec<&str> = spec.split('+').collect();
    // A lone "+" is the plus key; "ctrl++" is ctrl and plus.
    let (name, modifiers) = match parts.as_slice() {
        [.., "", ""] => ("+", &parts[..parts.len() - 2]),
        [rest @ .., last] => (*last, rest),
        [] => unreachable!("split gives at least one part"),
    };
    for m in modifiers {
        match m.to_ascii_lowercase().as_str() {
            "shift" => mods.shift = true,
            "alt" | "option" => mods.alt = true,
            "ctrl" | "control" | "cmd" | "command" | "amiga" => mods.shortcut = true,
            _ => return Err(format!("unknown modifier `{m}` (shift, alt, ctrl, cmd or amiga)")),
        }
    }
    let key = key_named(name, mods.shift).ok_or_else(|| {
        format!("unknown key `{name}` (a letter, digit or other character, Return, Escape, Tab, Space, Backspace, Delete, arrows, PageUp, PageDown, Home, End, F1..F12, Alt)")
    })?;
    Ok(Event::Key { key, mods })
}

fn key_named(name: &str, shift: bool) -> Option<Key> {
    let mut chars = name.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if c.is_ascii_alphabetic() {
            return Some(Key::Char(if shift { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() }));
        }
        // Punctuation and accented letters type themselves, as a
        // keyboard's layout types them.
        if !c.is_control() && !c.is_whitespace() {
            return Some(Key::Char(c));
        }
    }
    let lower = name.to_ascii_lowercase();
    if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()).filter(|n| (1..=12).contains(n)) {
        return Some(Key::Function(n));
    }
    Some(match lower.as_str() {
        "return" | "enter" => Key::Enter,
        "escape" | "esc" => Key::Escape,
        "tab" => Key::Tab,
        "space" => Key::Char(' '),
        "backspace" => Key::Backspace,
        "delete" | "del" => Key::Delete,
        "up" => Key::Up,
        "down" => Key::Down,
        "left" => Key::Left,
        "right" => Key::Right,
        "pageup" => Key::PageUp,
        "pagedown" => Key::PageDown,
        "home" => Key::Home,
        "end" => Key::End,
        "alt" => Key::Alt,
        _ => return None,
    })
}

/// Whether a label reads as `wanted`: the same text in any case, a
/// trailing `...` or `…` on either side ignored.
fn reads_as(label: &str, wanted: &str) -> bool {
    let bare = |s: &str| {
        let s = s.trim();
        let s = s.strip_suffix("...").or_else(|| s.strip_suffix('…')).unwrap_or(s);
        s.trim_end().to_lowercase()
    };
    bare(label) == bare(wanted)
}

/// Whether a menu's title reads as `wanted`. The Mac's first menu is an
/// apple (titled `@`); the Amiga shows it as "Parlour".
fn title_reads_as(menu: &Menu, wanted: &str) -> bool {
    reads_as(&menu.title, wanted)
        || (menu.title == "@" && ["apple", "parlour"].iter().any(|alias| reads_as(alias, wanted)))
}

/// The enabled menu item `title > item` among `menus`, or why there is none.
pub fn find_item<'m>(menus: &'m [Menu], title: &str, item: &str) -> Result<&'m MenuItem, String> {
    let shown = |m: &Menu| if m.title == "@" { "Apple".to_string() } else { m.title.clone() };
    let Some(menu) = menus.iter().find(|m| title_reads_as(m, title)) else {
        let titles: Vec<String> = menus.iter().map(shown).collect();
        return Err(format!("no menu `{title}` (the menus are {})", titles.join(", ")));
    };
    let choices = || -> String {
        let labels: Vec<&str> = menu.items.iter().filter(|i| !i.is_separator()).map(|i| i.label.as_str()).collect();
        labels.join(", ")
    };
    match menu.items.iter().filter(|i| !i.is_separator()).find(|i| reads_as(&i.label, item)) {
        None => Err(format!("no menu item `{item}` in {} (it has {})", shown(menu), choices())),
        Some(found) if !found.enabled => Err(format!("menu item `{} > {}` is disabled", shown(menu), found.label)),
        Some(found) => Ok(found),
    }
}

/// Feeds the steps to `driver` in order. Stops at the first step that
/// cannot be carried out (a menu item that does not exist or is disabled,
/// a point off the screen), or quietly when the script quits the program.
pub fn run(driver: &mut Driver, file: &str, steps: &[Step]) -> Result<(), ScriptError> {
    for step in steps {
        if driver.wants_quit() {
            break;
        }
        run_step(driver, &step.event).map_err(|message| ScriptError {
            file: file.to_string(),
            line: step.line,
            message,
        })?;
    }
    Ok(())
}

fn run_step(driver: &mut Driver, event: &Event) -> Result<(), String> {
    let on_screen = |driver: &Driver, (x, y): (i32, i32)| {
        let (w, h) = (driver.frame().width() as i32, driver.frame().height() as i32);
        if (0..w).contains(&x) && (0..h).contains(&y) {
            Ok(())
        } else {
            Err(format!("({x}, {y}) is off the {w} x {h} screen"))
        }
    };
    match *event {
        Event::Click { x, y, button } => {
            on_screen(driver, (x, y))?;
            driver.feed(&click(x, y, button));
        }
        Event::Double { x, y } => {
            on_screen(driver, (x, y))?;
            driver.feed(&click(x, y, Button::Left));
            driver.feed(&click(x, y, Button::Left));
        }
        Event::Drag { from, to } => {
            on_screen(driver, from)?;
            on_screen(driver, to)?;
            let button = Button::Left;
            let mut inputs =
                vec![Input::MouseMove { x: from.0, y: from.1 }, Input::MouseDown { x: from.0, y: from.1, button }];
            for i in 1..=DRAG_STEPS {
                let x = from.0 + (to.0 - from.0) * i / DRAG_STEPS;
                let y = from.1 + (to.1 - from.1) * i / DRAG_STEPS;
                inputs.push(Input::MouseMove { x, y });
            }
            inputs.push(Input::MouseUp { x: to.0, y: to.1, button });
            driver.feed(&inputs);
        }
        Event::Wheel { x, y, notches } => {
            on_screen(driver, (x, y))?;
            driver.feed(&[Input::MouseMove { x, y }, Input::Wheel { x, y, dy: notches }]);
        }
        Event::Key { key, mods } => {
            let machine = driver.shell().machine();
            let mut m = Modifiers { shift: mods.shift, alt: mods.alt, ctrl: false };
            if mods.shortcut {
                // Whichever real modifier this machine takes as its
                // shortcut key.
                let with_ctrl = Modifiers { ctrl: true, ..m };
                if machine.is_shortcut(with_ctrl) {
                    m = with_ctrl;
                } else {
                    m.alt = true;
                }
            }
            driver.feed(&[Input::Key { key, mods: m }]);
        }
        Event::Menu { ref title, ref item } => {
            if let Some(req) = driver.shell().requester() {
                return Err(format!(
                    "the `{}` requester is open: answer it first (click a button or key Return)",
                    req.title
                ));
            }
            if driver.shell().view_boxed() {
                return Err("a box of the game's is open: answer it first (key Return, or key Escape to cancel)".into());
            }
            let menus = driver.shell().menus();
            let found = find_item(&menus, title, item)?.clone();
            // A player reaches for a menu after looking at the screen: the
            // searches the last moves started answer first, as at a
            // `wait`, so a box the item opens covers a screen that shows
            // their verdict (no tick reaches the game under a box).
            driver.feed(&[Input::Tick { ms: 0 }]);
            driver.choose(&found);
        }
        Event::Wait { ms } => {
            let mut left = ms;
            while left > 0 {
                let step = left.min(TICK_MS);
                left -= step;
                if driver.wants_ticks() {
                    driver.feed(&[Input::Tick { ms: step }]);
                }
            }
        }
    }
    Ok(())
}

/// Move, press and release at one point.
fn click(x: i32, y: i32, button: Button) -> [Input; 3] {
    [Input::MouseMove { x, y }, Input::MouseDown { x, y, button }, Input::MouseUp { x, y, button }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machines::Command;

    fn one(line: &str) -> Result<Event, ScriptError> {
        parse("t.events", line).map(|mut v| v.remove(0).event)
    }

    #[test]
    fn every_event_parses() {
        let text = "# a script\n\nclick 10 20\nclick 1 2 right  # menus\ndouble 3 4\ndrag 1 2 30 40\n\
                    key ctrl+z\nkey Return\nkey shift+a\nmenu Game > Game Types...\nwait 250\nwheel 5 6 -2\n";
        let steps = parse("t.events", text).unwrap();
        let lines: Vec<usize> = steps.iter().map(|s| s.line).collect();
        assert_eq!(lines, [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
        assert_eq!(steps[0].event, Event::Click { x: 10, y: 20, button: Button::Left });
        assert_eq!(steps[1].event, Event::Click { x: 1, y: 2, button: Button::Right });
        assert_eq!(steps[2].event, Event::Double { x: 3, y: 4 });
        assert_eq!(steps[3].event, Event::Drag { from: (1, 2), to: (30, 40) });
        let shortcut = KeyMods { shortcut: true, ..KeyMods::default() };
        assert_eq!(steps[4].event, Event::Key { key: Key::Char('z'), mods: shortcut });
        assert_eq!(steps[5].event, Event::Key { key: Key::Enter, mods: KeyMods::default() });
        let shift = KeyMods { shift: true, ..KeyMods::default() };
        assert_eq!(steps[6].event, Event::Key { key: Key::Char('A'), mods: shift });
        assert_eq!(steps[7].event, Event::Menu { title: "Game".into(), item: "Game Types...".into() });
        assert_eq!(steps[8].event, Event::Wait { ms: 250 });
        assert_eq!(steps[9].event, Event::Wheel { x: 5, y: 6, notches: -2 });
    }

    #[test]
    fn key_names() {
        let key = |s: &str| match one(&format!("key {s}")).unwrap() {
            Event::Key { key, mods } => (key, mods),
            e => panic!("{e:?}"),
        };
        assert_eq!(key("Escape").0, Key::Escape);
        assert_eq!(key("esc").0, Key::Escape);
        assert_eq!(key("Space").0, Key::Char(' '));
        assert_eq!((key("'").0, key("ë").0), (Key::Char('\''), Key::Char('ë')));
        assert_eq!(key("F10").0, Key::Function(10));
        assert_eq!(key("Left").0, Key::Left);
        assert_eq!(key("7").0, Key::Char('7'));
        assert_eq!(key("Z").0, Key::Char('z'));
        assert_eq!(key("+").0, Key::Char('+'));
        assert_eq!(key("cmd++"), (Key::Char('+'), KeyMods { shortcut: true, ..KeyMods::default() }));
        assert_eq!(key("amiga+q").1, KeyMods { shortcut: true, ..KeyMods::default() });
        assert_eq!(key("alt+g"), (Key::Char('g'), KeyMods { alt: true, ..KeyMods::default() }));
        assert_eq!(key("alt").0, Key::Alt);
    }

    #[test]
    fn errors_name_the_file_and_line() {
        let e = parse("moves.events", "click 1 2\n\n# fine\njump 3 4\n").unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.to_string().starts_with("moves.events:4: unknown event `jump`"), "{e}");
        for (bad, says) in [
            ("click 1", "usage: click X Y"),
            ("click 1 2 3 4", "usage: click X Y"),
            ("click a 2", "`a` is not a number"),
            ("click 1 2 sideways", "unknown button `sideways`"),
            ("double 1", "usage: double X Y"),
            ("drag 1 2 3", "usage: drag X1 Y1 X2 Y2"),
            ("wheel 1 2", "usage: wheel X Y NOTCHES"),
            ("key", "usage: key NAME"),
            ("key Hyper", "unknown key `Hyper`"),
            ("key meta+z", "unknown modifier `meta`"),
            ("menu Game", "usage: menu TITLE > ITEM"),
            ("menu > Undo", "usage: menu TITLE > ITEM"),
            ("wait", "usage: wait MS"),
            ("wait soon", "`soon` is not a number"),
            ("wait 4294967295", "longer than an hour"),
        ] {
            let e = parse("s", &format!("wait 1\n{bad}")).unwrap_err();
            assert_eq!(e.line, 2, "{bad}");
            assert!(e.message.contains(says), "{bad}: {e}");
            assert!(e.to_string().starts_with("s:2: "), "{e}");
        }
    }

    #[test]
    fn menu_items_are_found_by_visible_text() {
        let menus = vec![
            Menu::new("@", vec![MenuItem::new("About Parlour...", Command::About)]),
            Menu::new(
                "Game",
                vec![
                    MenuItem::new("Undo", Command::Undo).enabled(false),
                    MenuItem::separator(),
                    MenuItem::new("Game Types...", Command::Variants),
                ],
            ),
        ];
        assert_eq!(find_item(&menus, "game", "game types").unwrap().command, Command::Variants);
        assert_eq!(find_item(&menus, "Game", "Game Types…").unwrap().command, Command::Variants);
        assert_eq!(find_item(&menus, "Apple", "About Parlour").unwrap().command, Command::About);
        assert_eq!(find_item(&menus, "Parlour", "About Parlour...").unwrap().command, Command::About);
        let e = find_item(&menus, "Game", "Undo").unwrap_err();
        assert_eq!(e, "menu item `Game > Undo` is disabled");
        let e = find_item(&menus, "Game", "Redo").unwrap_err();
        assert!(e.starts_with("no menu item `Redo` in Game (it has Undo, Game Types...)"), "{e}");
        let e = find_item(&menus, "Edit", "Undo").unwrap_err();
        assert!(e.starts_with("no menu `Edit` (the menus are Apple, Game)"), "{e}");
        assert!(find_item(&menus, "Game", "-").is_err(), "separators are not items");
    }
}
