//! Whole interactions driven through `parlour shot --events` and the
//! script runner: clicks, drags, keys and menus on every machine family,
//! checked on the frame that comes out.

use std::sync::Arc;

use parlour::app::catalog;
use parlour::app::driver::Driver;
use parlour::app::script;
use parlour::app::shell::Shell;
use parlour::core::Variant;
use parlour::gfx::Rect;
use parlour::gfx::image_io::{RgbaImage, decode_png};
use parlour::machines::{Machine, MachineChoice, MachineId};
use parlour::solitaire::engine::PileId;
use parlour::solitaire::rules::PileKind;
use parlour::views::solitaire::SolitaireBoard;

use super::support::{open_game, run, run_fed};

/// Runs `parlour shot TARGET --events - ARGS` with `events` on standard
/// input; returns the picture, or the exit code and standard error.
fn shot_with(target: &str, args: &[&str], events: &str) -> Result<RgbaImage, (Option<i32>, String)> {
    // A scripted game is journalled like any other: keep it away from
    // other tests' shots.
    let data = tempfile::tempdir().unwrap();
    let out = data.path().join("shot.png");
    let out_s = out.to_string_lossy().to_string();
    let head = ["shot", target, "--seed", "1", "--events", "-", "-o", &out_s];
    let all: Vec<&str> = head.iter().chain(args).copied().collect();
    let result = run_fed(data.path(), &all, events);
    if !result.status.success() {
        return Err((result.status.code(), String::from_utf8_lossy(&result.stderr).to_string()));
    }
    Ok(decode_png("shot", &std::fs::read(&out).unwrap()).unwrap())
}

fn plain_shot(target: &str, args: &[&str]) -> RgbaImage {
    let scratch = tempfile::tempdir().unwrap();
    let out = scratch.path().join("shot.png");
    let out_s = out.to_string_lossy().to_string();
    let mut all = vec!["shot", target, "--seed", "1", "-o", &out_s];
    all.extend(args);
    let result = run(&all);
    assert!(result.status.success(), "{}", String::from_utf8_lossy(&result.stderr));
    decode_png("shot", &std::fs::read(&out).unwrap()).unwrap()
}

fn machine(id: MachineId) -> Machine {
    Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap()
}

/// Klondike's board (to find where piles are drawn) and deal 1.
fn klondike() -> (SolitaireBoard, parlour::solitaire::engine::Solitaire) {
    let gt = Arc::new(catalog::game_type(&catalog::find("klondike").unwrap()).unwrap().clone());
    let dealt = gt.variant.deal(1);
    (SolitaireBoard::new(gt), dealt)
}

/// The centre of klondike's stock (deal 1) on a machine.
fn stock_centre(id: MachineId) -> (i32, i32) {
    let (board, dealt) = klondike();
    let r: Rect = board.pile_rect(&dealt, machine(id).content(), PileId::new(PileKind::Stock, 0)).unwrap();
    (r.x + r.w / 2, r.y + r.h / 2)
}

#[test]
fn a_click_then_undo_from_the_menu_gives_back_the_dealt_table() {
    let dealt = plain_shot("klondike", &["--machine", "yazzle"]);
    let (x, y) = stock_centre(MachineId::Yazzle);
    let clicked = shot_with("klondike", &["--machine", "yazzle"], &format!("# turn a card\nclick {x} {y}\n")).unwrap();
    let changed = dealt.pixels.iter().zip(&clicked.pixels).filter(|(a, b)| a != b).count();
    assert!(changed > 1000, "clicking the stock changed only {changed} pixels");
    let undone =
        shot_with("klondike", &["--machine", "yazzle"], &format!("click {x} {y}\nmenu Game > Undo\n")).unwrap();
    // The table is as dealt (the skin's Redo button has come alive).
    let table = machine(MachineId::Yazzle).content();
    let inside = |img: &RgbaImage| -> Vec<_> {
        (table.y..table.bottom())
            .flat_map(|y| (table.x..table.right()).map(move |x| (x, y)))
            .map(|(x, y)| img.pixels[(y as u32 * img.width + x as u32) as usize])
            .collect()
    };
    assert!(inside(&undone) == inside(&dealt), "Undo did not restore the dealt table");
    assert!(undone.pixels != dealt.pixels, "Redo is offered after an Undo");
}

#[test]
fn menu_errors_name_the_line() {
    let (code, err) = shot_with("klondike", &[], "wait 10\nmenu Game > Frobnicate\n").unwrap_err();
    assert_eq!(code, Some(1));
    assert!(err.contains("<stdin>:2: no menu item `Frobnicate` in Game"), "{err}");
    let (_, err) = shot_with("klondike", &[], "menu Game > Undo...\n").unwrap_err();
    assert!(err.contains("<stdin>:1: menu item `Game > Undo` is disabled"), "{err}");
    let (_, err) = shot_with("klondike", &[], "\n\nhop 1 2\n").unwrap_err();
    assert!(err.contains("<stdin>:3: unknown event `hop`"), "{err}");
    let (_, err) = shot_with("klondike", &["--machine", "amiga-pal"], "click 400 10\n").unwrap_err();
    assert!(err.contains("<stdin>:1: (400, 10) is off the 320 x 256 screen"), "{err}");
    let (_, err) = shot_with("klondike", &[], "menu File > About Parlour...\nmenu Game > New Game\n").unwrap_err();
    assert!(err.contains("<stdin>:2: the `About Parlour` requester is open"), "{err}");
}

#[test]
fn an_events_file_is_read_and_its_name_is_in_errors() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("play.events");
    std::fs::write(&file, "key ctrl+z\nmenu Nowhere > Nothing\n").unwrap();
    let out = dir.path().join("x.png");
    let result = run(&["shot", "launcher", "--events", file.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(result.status.code(), Some(1));
    let err = String::from_utf8_lossy(&result.stderr);
    assert!(err.contains(&format!("{}:2: no menu `Nowhere`", file.display())), "{err}");
    assert!(!out.exists(), "no picture is written when the script fails");
}

/// Runs a script on a driver built in the test, failing on script errors.
fn drive(d: &mut Driver, text: &str) {
    let steps = script::parse("test", text).unwrap();
    script::run(d, "test", &steps).unwrap_or_else(|e| panic!("{e}"));
}

/// Klondike deal 1 on a machine, with its data folder (kept while the
/// driver lives).
fn klondike_on(id: MachineId) -> (Driver, tempfile::TempDir) {
    let (view, data) = open_game("klondike", 1);
    (Driver::new(Shell::new(machine(id), view, 1)), data)
}

#[test]
fn menus_and_shortcuts_work_on_every_machine_family() {
    for id in [MachineId::Yazzle, MachineId::AmigaPal, MachineId::MacSe30, MachineId::MacColor] {
        let (mut d, _data) = klondike_on(id);
        let table = machine(id).content();
        let dealt = region(&d, table);
        let (x, y) = stock_centre(id);
        drive(&mut d, &format!("click {x} {y}"));
        assert!(region(&d, table) != dealt, "{id}: the click did nothing");
        // ctrl is the machine's shortcut key: Alt (right Amiga) on the Amiga.
        drive(&mut d, "key ctrl+z");
        assert!(region(&d, table) == dealt, "{id}: ctrl+z did not undo");
        // The Mac keeps Undo in its Edit menu.
        let undo = if matches!(id, MachineId::MacSe30 | MachineId::MacColor) { "Edit > Undo" } else { "Game > Undo" };
        drive(&mut d, &format!("click {x} {y}\nmenu {undo}"));
        assert!(region(&d, table) == dealt, "{id}: {undo} did not undo");
        drive(&mut d, "menu Machine > Amiga DblPAL (640 x 512)");
        assert_eq!(d.shell().machine().id(), MachineId::AmigaDblPal, "{id}");
    }
}

/// The pixels of a rectangle of the frame.
fn region(d: &Driver, r: Rect) -> Vec<Option<parlour::gfx::Rgb>> {
    (r.y..r.bottom())
        .flat_map(|y| (r.x..r.right()).map(move |x| (x, y)))
        .map(|(x, y)| d.frame().colour_at(x, y))
        .collect()
}

#[test]
fn double_click_sends_an_ace_home_drag_moves_a_card_and_wait_runs_the_clock() {
    use parlour::solitaire::engine::SolMove;
    let id = MachineId::Yazzle;
    let (board, dealt) = klondike();
    let area = machine(id).content();
    let rect = |kind, i| board.pile_rect(&dealt, area, PileId::new(kind, i)).unwrap();
    let centre = |r: Rect| (r.x + r.w / 2, r.y + r.h / 2);

    // Deal from the stock until an ace lies on the waste, then double-click it.
    let stock = dealt.pile(PileKind::Stock, 0);
    let turns = stock.iter().rev().position(|s| s.card.rank.value() == 1).expect("an ace in the stock") + 1;
    let (mut d, _data) = klondike_on(id);
    let (sx, sy) = centre(rect(PileKind::Stock, 0));
    drive(&mut d, &format!("click {sx} {sy}\n").repeat(turns));
    let foundation = rect(PileKind::Foundation, 0);
    let empty = region(&d, foundation);
    let (wx, wy) = centre(rect(PileKind::Waste, 0));
    drive(&mut d, &format!("double {wx} {wy}"));
    assert!(region(&d, foundation) != empty, "the ace did not go home");

    // A legal tableau move, dragged.
    let mv = dealt.legal_moves().into_iter().find(|m| {
        matches!(m, SolMove::Move { from, count: 1, to } if from.kind == PileKind::Tableau && to.kind == PileKind::Tableau)
    });
    let Some(SolMove::Move { from, to, .. }) = mv else { panic!("deal 1 has a tableau move") };
    let (mut d, _data) = klondike_on(id);
    let top = |p: PileId| {
        let n = dealt.pile(p.kind, p.index()).len();
        board.card_rect(&dealt, area, p, n - 1).unwrap()
    };
    let (a, b) = (top(from), top(to));
    let before = region(&d, a);
    drive(&mut d, &format!("drag {} {} {} {}", a.x + a.w / 2, a.y + 10, b.x + b.w / 2, b.y + 10));
    assert!(region(&d, a) != before, "the dragged card did not leave its pile");

    // After a move the clock runs while time passes.
    let after_move = d.frame().clone();
    drive(&mut d, "wait 50");
    assert!(*d.frame() == after_move, "under a second changes nothing");
    drive(&mut d, "wait 1500");
    assert!(*d.frame() != after_move, "the clock did not move on");
}

#[test]
fn the_mac_close_box_closes_help_then_the_game_then_quits() {
    for id in [MachineId::MacSe30, MachineId::MacColor] {
        let (mut d, _data) = klondike_on(id);
        let on_launcher = |d: &Driver| script::find_item(&d.shell().menus(), "Game", "Play").is_ok();
        let table = region(&d, machine(id).content());
        drive(&mut d, "menu File > Help");
        assert!(region(&d, machine(id).content()) != table, "{id}: help is showing");
        // The close box sits 8 px into the title bar of the window under the menu bar.
        drive(&mut d, "click 14 30");
        assert!(region(&d, machine(id).content()) == table, "{id}: closing help goes back to the game");
        drive(&mut d, "click 14 30");
        assert!(on_launcher(&d), "{id}: closing the game shows the launcher");
        assert!(!d.wants_quit());
        drive(&mut d, "click 14 30");
        assert!(d.wants_quit(), "{id}: closing the launcher quits");
    }
}

/// With a menu open on the YaZZle window, a click on another title opens
/// that menu, as on Windows (it used to close the menus). On the Mac a
/// menu is open only while the button is held and on the Amiga only while
/// the right one is, so there two left clicks on titles leave no menu.
#[test]
fn a_click_on_another_menu_title_opens_that_menu_on_windows() {
    for id in [MachineId::Yazzle, MachineId::MacSe30, MachineId::AmigaPal] {
        let (mut d, _data) = klondike_on(id);
        let m = machine(id);
        let menus = d.shell().menus();
        let titles = m.chrome().menu_geometry(m.look()).titles(&menus);
        let click_on = |title: &str| {
            let r = titles[menus.iter().position(|m| m.title == title).unwrap()];
            format!("click {} {}\n", r.x + r.w / 2, r.y + r.h / 2)
        };
        let closed = d.frame().clone();
        drive(&mut d, &click_on("Game"));
        let game_open = d.frame().clone();
        let (mut d, _data) = klondike_on(id);
        drive(&mut d, &format!("{}{}", click_on("Machine"), click_on("Game")));
        if id == MachineId::Yazzle {
            assert!(game_open != closed, "a click opens a menu");
            assert!(*d.frame() == game_open, "Machine, then Game: the Game menu is open");
        } else {
            assert!(game_open == closed && *d.frame() == closed, "{id}: no menu stays open after clicks");
        }
    }
}

/// A script's menu choice comes after the searches of the moves before
/// it have answered, as a player reaches for a menu after looking: a box
/// the item opens (Statistics) covers a table whose status shows the
/// verdict, the same as when time passed first. Before, the box took the
/// tick that brings the verdict, and the shot showed no solver word.
#[test]
fn a_box_opened_from_a_menu_covers_the_verdict_the_window_shows() {
    use parlour::machines::Input;
    use parlour::views::background;
    background::set(background::Work::AtOnce);
    let screen = Rect::new(0, 0, 512, 342);
    let frame_after = |time_first: bool| {
        let (view, _data) = open_game("klondike", 3);
        let mut d = Driver::new(Shell::new(machine(MachineId::MacSe30), view, 3));
        if time_first {
            d.feed(&[Input::Tick { ms: 0 }]);
        }
        drive(&mut d, "menu Game > Statistics...\nkey Return");
        region(&d, screen)
    };
    let unjudged = {
        let (view, _data) = open_game("klondike", 3);
        region(&Driver::new(Shell::new(machine(MachineId::MacSe30), view, 3)), screen)
    };
    let (looked, hurried) = (frame_after(true), frame_after(false));
    assert!(looked != unjudged, "the verdict shows in the status strip once judged");
    assert!(hurried == looked, "the menu's box hid the verdict");
}
