//! Golden images of each machine's chrome at each depth: the launcher, an
//! open menu and a requester. Regenerate with PARLOUR_BLESS=1 and look at
//! every picture before committing it.

use parlour::app::driver::Driver;
use parlour::app::launcher::Launcher;
use parlour::app::shell::Shell;
use parlour::machines::{Button, Depth, Input, Machine, MachineChoice, MachineId};

use super::support::assert_golden;

/// The launcher with a fixed list, so pictures do not change when a game
/// type is added.
fn driver(id: MachineId, depth: Option<Depth>) -> Driver {
    let machine = Machine::new(&MachineChoice { id: Some(id), depth, skin: None }, id).unwrap();
    let games = [("klondike", "Klondike"), ("freecell", "FreeCell"), ("the-chance", "The Chance")];
    let launcher = Launcher::listing(games.iter().map(|(i, n)| (i.to_string(), n.to_string())).collect());
    Driver::new(Shell::new(machine, Box::new(launcher), 1))
}

fn name(id: MachineId, depth: Option<Depth>) -> String {
    match depth {
        Some(d) => format!("{}-{}", id.name(), d.name()),
        None => id.name().to_string(),
    }
}

fn screens() -> Vec<(MachineId, Option<Depth>)> {
    let mut v = vec![
        (MachineId::Yazzle, None),
        (MachineId::AmigaPal, None),
        (MachineId::AmigaDblPal, None),
        (MachineId::MacSe30, None),
    ];
    v.extend(Depth::ALL.iter().map(|&d| (MachineId::MacColor, Some(d))));
    v
}

#[test]
fn launcher_on_every_machine_and_depth() {
    for (id, depth) in screens() {
        assert_golden(&format!("launcher-{}", name(id, depth)), driver(id, depth).frame());
    }
}

/// Opens the menu called `title` the way its user would and hovers over
/// its second item.
fn open_menu(d: &mut Driver, title: &str) {
    let shell = d.shell();
    let menus = shell.menus();
    let m = shell.machine();
    let geometry = m.chrome().menu_geometry(m.look());
    let index = menus.iter().position(|m| m.title == title).unwrap();
    let title = geometry.titles(&menus)[index];
    let (_, items) = geometry.panel(&menus, index);
    let (tx, ty) = (title.x + title.w / 2, title.y + title.h / 2);
    let (ix, iy) = (items[1].x + items[1].w / 2, items[1].y + items[1].h / 2);
    drop(geometry);
    let button = match m.chrome().menu_style() {
        parlour::machines::MenuStyle::PullDown | parlour::machines::MenuStyle::ClickBar => Button::Left,
        parlour::machines::MenuStyle::RightButtonStrip => Button::Right,
    };
    d.feed(&[
        Input::MouseMove { x: tx, y: ty },
        Input::MouseDown { x: tx, y: ty, button },
        Input::MouseMove { x: ix, y: iy },
    ]);
}

#[test]
fn open_menu_on_every_machine_family() {
    for (id, depth) in [
        (MachineId::Yazzle, None),
        (MachineId::AmigaPal, None),
        (MachineId::AmigaDblPal, None),
        (MachineId::MacSe30, None),
        (MachineId::MacColor, Some(Depth::Colours16)),
    ] {
        let mut d = driver(id, depth);
        open_menu(&mut d, "Machine");
        assert_golden(&format!("menu-{}", name(id, depth)), d.frame());
    }
}

/// YaZZle's menus worked from the keyboard, as Windows draws them: the
/// access keys underlined, Machine pulled down by Alt+M, its second item lit.
#[test]
fn yazzle_menus_from_the_keyboard() {
    use parlour::machines::{Key, Modifiers};
    let mut d = driver(MachineId::Yazzle, None);
    let alt = Modifiers { alt: true, ..Modifiers::default() };
    let down = Input::Key { key: Key::Down, mods: Modifiers::default() };
    d.feed(&[Input::Key { key: Key::Char('m'), mods: alt }, down]);
    assert_golden("menu-yazzle-keyboard", d.frame());
}

/// The Mac's Edit menu over a game with a move made: Undo and the game's
/// other steps back and forth as they can be used, the clipboard's commands dimmed (patterned on one bit, grey in colour), in
/// the SE/30's chrome and System 7's colour chrome at 4 and 256 colours.
#[test]
fn the_mac_edit_menu_in_one_bit_and_colour() {
    use parlour::machines::Command;
    for (id, depth) in [
        (MachineId::MacSe30, None),
        (MachineId::MacColor, Some(Depth::Colours4)),
        (MachineId::MacColor, Some(Depth::Colours256)),
    ] {
        let machine = Machine::new(&MachineChoice { id: Some(id), depth, skin: None }, id).unwrap();
        let (view, _data) = super::support::open_game("klondike", 1);
        let mut d = Driver::new(Shell::new(machine, view, 1));
        // The keyboard cursor starts on the stock; Space deals a card.
        let keys = parlour::app::script::parse("keys", "key Right\nkey Space\n").unwrap();
        parlour::app::script::run(&mut d, "keys", &keys).unwrap();
        let menus = d.shell().menus();
        let titles: Vec<&str> = menus.iter().map(|m| m.title.as_str()).collect();
        assert_eq!(titles[..4], ["@", "File", "Edit", "Game"], "{id}");
        let edit: Vec<(&str, bool)> = menus[2].items.iter().map(|i| (i.label.as_str(), i.enabled)).collect();
        // A move was made: it can be undone, and the game stepped back to
        // its start and replayed; nothing is undone to redo or go forward to.
        let steps =
            [("Undo", true), ("Redo", false), ("Back to Start", true), ("Forward to End", false), ("Replay", true)];
        assert_eq!(edit[..5], steps, "{id}");
        assert!(edit[5..].iter().all(|&(_, enabled)| !enabled), "{id}: {edit:?}");
        let stepping = [Command::Undo, Command::Redo, Command::BackToStart, Command::ForwardToEnd, Command::Replay];
        assert!(menus[3].items.iter().all(|i| !stepping.contains(&i.command)), "{id}: these are in Edit only");
        open_menu(&mut d, "Edit");
        assert_golden(&format!("edit-menu-{}", name(id, depth)), d.frame());
    }
}

#[test]
fn requester_on_every_machine_family() {
    for (id, depth) in [
        (MachineId::Yazzle, None),
        (MachineId::AmigaPal, None),
        (MachineId::AmigaDblPal, None),
        (MachineId::MacSe30, None),
        (MachineId::MacColor, Some(Depth::Colours256)),
    ] {
        let mut d = driver(id, depth);
        d.command(&parlour::machines::Command::About);
        assert_golden(&format!("about-{}", name(id, depth)), d.frame());
    }
}

#[test]
fn choosing_a_menu_item_switches_the_machine() {
    let mut d = driver(MachineId::MacSe30, None);
    open_menu(&mut d, "Machine");
    let menus = d.shell().menus();
    let index = menus.iter().position(|m| m.title == "Machine").unwrap();
    let machine = d.shell().machine();
    let (_, items) = machine.chrome().menu_geometry(machine.look()).panel(&menus, index);
    let (x, y) = (items[1].x + 4, items[1].y + 4);
    d.feed(&[Input::MouseUp { x, y, button: Button::Left }]);
    assert_eq!(d.shell().machine().id(), MachineId::AmigaPal);
    assert_eq!((d.frame().width(), d.frame().height()), (320, 256));
}

#[test]
fn solitaire_tables_on_three_machines() {
    for (game, id, depth) in [
        ("klondike", MachineId::Yazzle, None),
        ("freecell", MachineId::AmigaPal, None),
        ("spider-two-suits", MachineId::MacColor, Some(Depth::Colours256)),
    ] {
        let machine = Machine::new(&MachineChoice { id: Some(id), depth, skin: None }, id).unwrap();
        let (view, _data) = super::support::open_game(game, 1);
        let d = Driver::new(Shell::new(machine, view, 1));
        assert_golden(&format!("table-{game}-{}", name(id, depth)), d.frame());
    }
}
