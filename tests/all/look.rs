//! The whole look, checked: every game on every machine and depth is
//! drawn, and no text run may be cut off by the edge it is drawn in
//! (the text drawer reports every run that loses ink to the clip).

use parlour::app::catalog;
use parlour::app::contact::{Cut, Screen, Show, render};
use parlour::app::driver::Driver;
use parlour::app::shell::Shell;
use parlour::host::Places;
use parlour::machines::{Command, Input, Key, Machine, MenuItem, Modifiers};

/// Places that read the built-in games but keep journals in `dir`.
fn places(dir: &std::path::Path) -> Places {
    Places { data_dir: dir.to_path_buf(), ..catalog::places() }
}

/// Draws every game on every screen (`show`: its table or its help), in a
/// data folder of its own, and hands each drawing to `look` with the
/// game's id and the screen.
fn on_every_screen(show: Show, mut look: impl FnMut(&str, Screen, &Driver)) {
    let data = tempfile::tempdir().unwrap();
    let places = places(data.path());
    for game in catalog::games().iter() {
        for screen in Screen::all() {
            let driver = render(game, &places, screen, 1, show).unwrap();
            look(&game.id, screen, &driver);
        }
    }
}

fn cuts_of(game: &str, screen: Screen, driver: &Driver) -> Vec<Cut> {
    driver.clipped_text().iter().map(|t| Cut { game: game.to_string(), screen, text: t.clone() }).collect()
}

/// Fails with every cut run listed, one a line.
fn assert_none_cut(what: &str, cuts: &[Cut]) {
    let listed: Vec<String> = cuts.iter().map(|c| c.to_string()).collect();
    assert!(cuts.is_empty(), "{what}: {} text runs cut off:\n{}", cuts.len(), listed.join("\n"));
}

#[test]
fn every_game_on_every_screen_fits_its_text() {
    assert!(catalog::games().len() >= 20, "the registry lists the built-in games");
    let mut cuts = Vec::new();
    on_every_screen(Show::Game, |game, screen, driver| cuts.extend(cuts_of(game, screen, driver)));
    assert_none_cut("game tables", &cuts);
}

/// Every game's help page on every screen: wrapped to its pane, whole
/// lines and whole topic rows only (the rest is reached by scrolling).
#[test]
fn every_help_page_on_every_screen_fits_its_text() {
    let mut cuts = Vec::new();
    on_every_screen(Show::Help, |game, screen, driver| cuts.extend(cuts_of(game, screen, driver)));
    assert_none_cut("help pages", &cuts);
}

#[test]
fn launcher_and_about_box_fit_their_text_everywhere() {
    let mut cuts = Vec::new();
    let data = tempfile::tempdir().unwrap();
    for screen in Screen::all() {
        let machine = Machine::new(&screen.choice(), screen.id).unwrap();
        let mut driver = Driver::new(Shell::launcher_keeping_in(machine, 1, data.path().to_path_buf()));
        cuts.extend(cuts_of("launcher", screen, &driver));
        driver.command(&Command::About);
        assert!(driver.shell().requester().is_some(), "{screen}: About opens its box");
        cuts.extend(cuts_of("about box", screen, &driver));
    }
    assert_none_cut("launcher", &cuts);
}

#[test]
fn every_family_s_chooser_fits_its_text_everywhere() {
    let data = tempfile::tempdir().unwrap();
    let places = places(data.path());
    let mut cuts = Vec::new();
    for id in ["klondike", "pegs"] {
        let game = catalog::find(id).unwrap();
        for screen in Screen::all() {
            let mut driver = render(&game, &places, screen, 1, Show::Game).unwrap();
            driver.command(&Command::Variants);
            assert!(driver.shell().requester().is_none(), "{id} on {screen}: the chooser opens");
            cuts.extend(cuts_of(&format!("{id} chooser"), screen, &driver));
            // Down to the last entry: the list scrolls and still fits.
            for _ in 0..40 {
                driver.feed(&[Input::Key { key: Key::Down, mods: Modifiers::default() }]);
            }
            cuts.extend(cuts_of(&format!("{id} chooser at its end"), screen, &driver));
        }
    }
    assert_none_cut("choosers", &cuts);
}

/// The check itself can fail: a screen whose clip is narrower than its
/// text reports the run.
#[test]
fn a_cut_run_is_reported_with_its_screen() {
    let machine =
        Machine::new(&Screen::parse("amiga-pal").unwrap().choice(), parlour::machines::MachineId::AmigaPal).unwrap();
    let mut s = machine.new_surface();
    s.set_clip(parlour::gfx::Rect::new(0, 0, 20, 20));
    s.draw_text(machine.look().text_font, "Status", 0, 0, 1, parlour::gfx::TextStyle::PLAIN);
    let cut = s.take_clipped_text();
    assert_eq!(cut.len(), 1);
    let c = Cut { game: "test".into(), screen: Screen::parse("amiga-pal").unwrap(), text: cut[0].clone() };
    assert!(c.to_string().starts_with("test on amiga-pal: text \"Status\" at (0, 0)"), "{c}");
}

/// Every menu of every game, its title and opened, lies on its screen: no
/// item can be out of reach below the bottom edge (the SE/30's 342 rows are
/// the tightest), and no title past the right edge (Amiga PAL's 320).
#[test]
fn every_menu_of_every_game_fits_its_screen() {
    let mut over = Vec::new();
    on_every_screen(Show::Game, |game, screen, driver| {
        let machine = driver.shell().machine();
        let geometry = machine.chrome().menu_geometry(machine.look());
        let menus = driver.shell().menus();
        let (w, h) = (driver.frame().width() as i32, driver.frame().height() as i32);
        for (title, menu) in geometry.titles(&menus).iter().zip(&menus) {
            if title.right() > w {
                over.push(format!("{} on {screen}: the title {} ends at {} of {w}", game, menu.title, title.right()));
            }
        }
        for (i, menu) in menus.iter().enumerate() {
            let (panel, items) = geometry.panel(&menus, i);
            let bottom = items.iter().map(|r| r.bottom()).max().unwrap_or(0).max(panel.bottom());
            if bottom > h || panel.right() > w || panel.x < 0 {
                over.push(format!("{} on {screen}: {} reaches {bottom} of {h} rows", game, menu.title));
            }
        }
    });
    assert!(over.is_empty(), "menus off the screen:\n{}", over.join("\n"));
}

/// No two menu items of a game share a shortcut key on any machine: the
/// second would never be reached from the keyboard.
#[test]
fn every_shortcut_key_names_one_command() {
    let mut clashes = Vec::new();
    on_every_screen(Show::Game, |game, screen, driver| {
        let mut seen: Vec<(char, &MenuItem)> = Vec::new();
        let menus = driver.shell().menus();
        for item in menus.iter().flat_map(|m| &m.items).filter(|i| !i.is_separator()) {
            let Some(key) = item.key.map(|k| k.to_ascii_lowercase()) else { continue };
            match seen.iter().find(|(k, _)| *k == key) {
                // The same command in two menus is still one command.
                Some((_, first)) if first.command != item.command => {
                    clashes.push(format!("{} on {screen}: {key} is {} and {}", game, first.label, item.label));
                }
                Some(_) => {}
                None => seen.push((key, item)),
            }
        }
    });
    assert!(clashes.is_empty(), "shortcut keys used twice:\n{}", clashes.join("\n"));
}

/// A game type named at length: its title gives way after a whole word
/// on every screen, and the status line too, where YaZZle shows it.
#[test]
fn a_long_game_type_name_fits_every_screen() {
    let data = tempfile::tempdir().unwrap();
    let folder = data.path().join("Long");
    std::fs::create_dir(&folder).unwrap();
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("game-types/Klondike");
    for file in ["game.ini", "game.html", "game.bmp"] {
        std::fs::copy(shipped.join(file), folder.join(file)).unwrap();
    }
    let ini = std::fs::read_to_string(folder.join("game.ini")).unwrap();
    let name = "The Extraordinarily Long-Named Klondike Variant With Two Free Cells And Three Passes";
    std::fs::write(folder.join("game.ini"), ini.replace("Name=Klondike", &format!("Name={name}"))).unwrap();
    let game = catalog::find(folder.to_str().unwrap()).unwrap();
    let places = places(&data.path().join("data"));
    let mut cuts = Vec::new();
    for screen in Screen::all() {
        let driver = render(&game, &places, screen, 1, Show::Game).unwrap();
        cuts.extend(cuts_of("a long name", screen, &driver));
    }
    assert_none_cut("a long game type name", &cuts);
}

/// A box of more lines than the screen holds keeps the lines that fit,
/// marking the cut with "..." before its last line, on every machine: its
/// frame and buttons stay on the screen (the launcher's Left Out box ran
/// off the SE/30's).
#[test]
fn a_box_too_long_for_the_screen_stays_on_it() {
    use parlour::machines::{MachineChoice, Requester};
    let req = Requester {
        title: "Left Out".into(),
        lines: (1..=60).map(|n| format!("Broken game type number {n}: a reason long enough to wrap")).collect(),
        buttons: vec!["OK".into()],
    };
    for screen in Screen::all() {
        let choice = MachineChoice { id: Some(screen.id), depth: screen.depth, ..Default::default() };
        let m = Machine::new(&choice, screen.id).unwrap();
        let (frame, buttons) = m.chrome().requester_layout(m.look(), &req);
        let bounds = m.new_surface().bounds();
        let (w, h) = (bounds.w, bounds.h);
        assert!(frame.x >= 0 && frame.y >= 0 && frame.right() <= w && frame.bottom() <= h, "{screen}: {frame:?}");
        assert!(buttons.iter().all(|b| b.bottom() <= frame.bottom()), "{screen}: {buttons:?}");
        let lines = m.chrome().requester_lines(m.look(), &req);
        assert!(lines.iter().any(|l| l.0 == "..."), "{screen}: the cut is not shown");
        let end: Vec<&str> = lines.iter().rev().take(2).map(|l| l.0.as_str()).collect();
        assert!(end.join(" ").contains("number 60"), "{screen}: the last line is left out: {end:?}");
    }
}
