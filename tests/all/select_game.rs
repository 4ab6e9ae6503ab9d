//! Game > Select Game...: a game dealt by its number, as Windows
//! FreeCell's Select Game and PySolFC's "Select game by number" deal one.

use parlour::core::{MAX_GAME_NUMBER, Stats};
use parlour::gfx::image_io::decode_png;
use parlour::host::Opening;
use parlour::machines::{Command, Input, Key, Machine, MachineChoice, MachineId, Modifiers};
use parlour::views::{Response, View};

use super::solitaire_view::{Table, open_table};
use super::support::run_fed;

fn machine(id: MachineId) -> Machine {
    Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap()
}

/// Types `keys` into the view (Select Game's box, while it is open).
fn type_in(view: &mut Table, keys: &[Key]) -> Response {
    let m = machine(MachineId::AmigaPal);
    let mut last = Response::Unchanged;
    for &key in keys {
        last = view.input(&Input::Key { key, mods: Modifiers::default() }, &m, m.content());
    }
    last
}

fn chars(text: &str) -> Vec<Key> {
    text.chars().map(Key::Char).chain([Key::Enter]).collect()
}

fn erase(n: usize) -> Vec<Key> {
    vec![Key::Backspace; n]
}

#[test]
fn select_game_deals_the_number_typed_refuses_others_in_words_and_the_journal_keeps_it() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open_table("freecell", 1, data.path());
    assert_eq!(view.caption(), "FreeCell #1");
    assert!(view.can(&Command::SelectGame));
    view.command(&Command::SelectGame);
    let shown = view.select_box().expect("Select Game opens its box");
    assert_eq!(shown.lines[0], "This is game 1.");
    assert_eq!(shown.lines[1], format!("Which game (1 to {MAX_GAME_NUMBER})?"), "the box says the numbers it takes");

    // A letter goes nowhere, and the box says why under its field until
    // the next key.
    type_in(&mut view, &[Key::Char('a')]);
    let refused = view.select_box().expect("a letter is refused, the box stays");
    let note = format!("Game: digits only, 1 to {MAX_GAME_NUMBER}.");
    assert_eq!(refused.lines[3..], ["Game: _".to_string(), String::new(), note]);
    type_in(&mut view, &[Key::Char('5')]);
    assert_eq!(view.select_box().unwrap().lines.last().unwrap(), "Game: 5_", "the note goes at the next key");
    type_in(&mut view, &erase(1));
    type_in(&mut view, &chars("0"));
    assert_eq!(
        view.select_box().unwrap().lines[1],
        format!("There is no game 0: games go from 1 to {MAX_GAME_NUMBER}.")
    );
    assert_eq!(view.session().seed(), 1, "nothing refused deals");
    type_in(&mut view, &erase(1));
    let typed_full: Vec<Key> = "1234567".chars().map(Key::Char).collect();
    type_in(&mut view, &typed_full);
    assert_eq!(view.select_box().unwrap().lines.last().unwrap(), "7 digits at most.", "a number's limit is in digits");
    type_in(&mut view, &erase(7));
    type_in(&mut view, &chars("0"));

    type_in(&mut view, &erase(1));
    type_in(&mut view, &chars("7"));
    assert!(view.select_box().is_none());
    let seven = open_table("freecell", 7, tempfile::tempdir().unwrap().path()).session().state().clone();
    assert_eq!(view.session().state(), &seven, "game 7 is `--seed 7`'s deal");
    assert_eq!(view.caption(), "FreeCell #7");
    let Some(Response::Ask(stats)) = view.command(&Command::Stats) else { panic!("no statistics box") };
    assert_eq!(stats.lines.last().unwrap(), "Game number: 7");

    view.close();
    let how = Opening { seed: None, fresh_seed: 99, ..Default::default() };
    let resumed = super::host::open_as("freecell", data.path(), &how);
    assert_eq!(resumed.session().seed(), 7, "the journal resumes game 7");
}

#[test]
fn select_game_over_a_game_in_progress_asks_as_new_game_does_and_cancel_keeps_it() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open_table("klondike", 3, data.path());
    let deal = view.session().state().legal_moves().into_iter().next().unwrap();
    view.play_move(&deal);
    let played = view.session().state().clone();

    view.command(&Command::SelectGame);
    type_in(&mut view, &[Key::Escape]);
    assert!(view.select_box().is_none(), "Escape puts the box away");
    assert_eq!(view.session().state(), &played);

    view.command(&Command::SelectGame);
    let Response::Ask(ask) = type_in(&mut view, &chars("9")) else { panic!("a game in progress is not asked about") };
    assert_eq!(ask.lines, ["Start game 9?", "The game in progress counts as lost."]);
    view.answer(1);
    assert_eq!(view.session().state(), &played, "Cancel keeps the game");

    view.command(&Command::SelectGame);
    type_in(&mut view, &chars("9"));
    view.answer(0);
    assert_eq!(view.session().seed(), 9);
    let k = Stats::load(data.path()).unwrap().game("klondike").cloned().unwrap();
    assert_eq!((k.played, k.lost), (1, 1), "the game left counts as lost, as New Game counts it");
    view.command(&Command::Undo);
    assert_eq!(view.session().state(), &played, "Undo brings it back, as after New Game");
}

#[test]
fn new_game_deals_a_number_a_player_can_type() {
    let data = tempfile::tempdir().unwrap();
    let mut view = open_table("freecell", u64::MAX, data.path());
    for _ in 0..20 {
        view.command(&Command::New);
        let n = view.session().seed();
        assert!((1..=MAX_GAME_NUMBER).contains(&n), "{n}");
    }
}

/// Runs a shot of `target` with `events`; the pixels of its table (the
/// machine's content: New Game's deal lights Undo, a `--seed` deal not).
fn table_shot(target: &str, seed: &str, id: MachineId, events: &str) -> Vec<(parlour::gfx::Rgb, u8)> {
    let data = tempfile::tempdir().unwrap();
    let out = data.path().join("shot.png");
    let out_s = out.to_string_lossy().to_string();
    let args = ["shot", target, "--seed", seed, "--machine", id.name(), "--events", "-", "-o", &out_s];
    let done = run_fed(data.path(), &args, events);
    assert!(done.status.success(), "{target}: {}", String::from_utf8_lossy(&done.stderr));
    let picture = decode_png("shot", &std::fs::read(&out).unwrap()).unwrap();
    let area = machine(id).content();
    let at = |(x, y): (i32, i32)| picture.pixels[(y as u32 * picture.width + x as u32) as usize];
    (area.y..area.bottom()).flat_map(|y| (area.x..area.right()).map(move |x| (x, y))).map(at).collect()
}

/// Events drive it: the menu item (or F3) and the number typed deal the
/// table `--seed 7` deals, on every kind of machine.
#[test]
fn shot_events_select_game_seven_as_seed_seven_deals_it() {
    for id in [MachineId::Yazzle, MachineId::AmigaPal, MachineId::MacSe30] {
        let chosen = table_shot("freecell", "1", id, "menu Game > Select Game\nkey 7\nkey Return\n");
        let by_key = table_shot("freecell", "1", id, "key F3\nkey 7\nkey Return\n");
        let seeded = table_shot("freecell", "7", id, "");
        assert!(chosen == seeded, "{id}: Select Game 7 is not --seed 7's deal");
        assert!(by_key == seeded, "{id}: F3 did not select the game");
    }
}

/// Every family whose deals go by number has Select Game in its menus;
/// those whose every deal is alike have none.
#[test]
fn select_game_is_in_every_numbered_game_and_only_there() {
    let item = |id: &str, menu: &str, machine: &str| {
        let data = tempfile::tempdir().unwrap();
        let out = data.path().join("shot.png").to_string_lossy().to_string();
        let events = format!("menu {menu} > Select Game\nkey Escape\n");
        let args = ["shot", id, "--seed", "1", "--machine", machine, "--events", "-", "-o", &out];
        run_fed(data.path(), &args, &events).status.success()
    };
    for id in ["freecell", "klondike", "oberon-solitaire", "mines", "scramble", "tetris"] {
        assert!(item(id, "Game", "amiga-pal"), "{id}");
    }
    assert!(item("the-chance", "File", "mac-se30"));
    assert!(item("the-chance", "Project", "amiga-pal"), "the Amiga calls the File menu Project");
    assert!(item("rummi", "Game", "amiga-pal"));
    for id in ["pegs", "sokoban"] {
        assert!(!item(id, "Game", "amiga-pal"), "{id}: every deal is alike");
    }
}
