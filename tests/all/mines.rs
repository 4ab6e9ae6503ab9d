//! MineSweeper: `parlour mines deal` (limits, determinism), the no-guess
//! property, and the window played with the mouse and keys as a player
//! would: buttons and chords, the panel's settings and their refusals,
//! pause, presets and hints.

use std::path::Path;

use proptest::prelude::*;

use parlour::app::driver::Driver;
use parlour::app::shell::Shell;
use parlour::core::{Game, Status, Variant};
use parlour::games::mines::generate;
use parlour::games::mines::grid::Grid;
use parlour::games::mines::rules::{Mark, MineMove, Mines, MinesVariant, Square};
use parlour::games::mines::settings::{PRESETS, Settings};
use parlour::games::mines::solver;
use parlour::gfx::Rect;
use parlour::host::{Controller, Opening};
use parlour::machines::{Button, Command, Input, Key, Machine, MachineChoice, MachineId, Modifiers, Pen};
use parlour::views::board::Board;
use parlour::views::mines::{MinesBoard, NO_GUESS, PAUSE, PRESET_COMMANDS};
use parlour::views::pause::NOTHING_TO_PAUSE;
use parlour::views::{Response, View};

use super::support::run;

type MinesView = Controller<MinesVariant, MinesBoard>;

fn deal(args: &[&str]) -> std::process::Output {
    let mut all = vec!["mines", "deal"];
    all.extend_from_slice(args);
    run(&all)
}

#[test]
fn mines_deal_prints_the_same_board_for_the_same_arguments() {
    let args = ["--width", "30", "--height", "16", "--mines", "99", "--seed", "11", "--first", "29,15", "--no-guess"];
    let a = deal(&args);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    assert_eq!(a.stdout, deal(&args).stdout);
    let text = String::from_utf8(a.stdout).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows.len(), 16);
    assert!(rows.iter().all(|r| r.len() == 30));
    assert_eq!(text.matches('*').count(), 99);
    // The first square and its neighbours are free.
    for (x, y) in [(29, 15), (28, 15), (29, 14), (28, 14)] {
        assert_eq!(rows[y].as_bytes()[x], b'.', "({x},{y})");
    }
    let other = deal(&["--width", "30", "--height", "16", "--mines", "99", "--seed", "12", "--first", "29,15"]);
    assert_ne!(text.as_bytes(), other.stdout.as_slice());
}

#[test]
fn mines_deal_names_the_limit_an_argument_breaks() {
    for (args, limit) in [
        (vec!["--width", "7", "--height", "9", "--mines", "10"], "width must be from 8 to 30"),
        (vec!["--width", "9", "--height", "17", "--mines", "10"], "height must be from 8 to 16"),
        (vec!["--width", "9", "--height", "9", "--mines", "100"], "from 10 to 99"),
        (vec!["--width", "8", "--height", "8", "--mines", "45"], "at most 44 mines (70% of its boxes)"),
        (vec!["--width", "9", "--height", "9", "--mines", "30", "--no-guess"], "too dense"),
    ] {
        let mut all = args.clone();
        all.extend(["--seed", "1", "--first", "0,0"]);
        let out = deal(&all);
        assert_eq!(out.status.code(), Some(parlour::app::cli::USAGE_ERROR), "{all:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(limit), "{all:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // A negative column is out of bounds too, its limit named, not an
    // option the command line does not know; either way a usage error.
    for first in ["9,3", "-1,0"] {
        let out = deal(&["--width", "9", "--height", "9", "--mines", "10", "--seed", "1", "--first", first]);
        assert_eq!(out.status.code(), Some(parlour::app::cli::USAGE_ERROR), "{first}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("--first {first}: X must be from 0 to 8 (the width less one)")), "{err}");
    }
    let out = deal(&["--width", "-9", "--height", "9", "--mines", "10", "--seed", "1", "--first", "0,0"]);
    assert!(!out.status.success());
}

#[test]
fn no_guess_presets_deal_from_every_corner() {
    for preset in &PRESETS {
        let s = Settings { no_guess: true, ..Settings::preset(preset) };
        let grid = Grid::new(s.width as usize, s.height as usize);
        for first in [0, grid.width - 1, grid.len() - grid.width, grid.len() - 1] {
            for seed in 0..3 {
                let l = generate::layout(&s, seed, first).unwrap();
                assert!(solver::clears(&l, first), "{} seed {seed} first {first}", preset.name);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every no-guess board is cleared by the solver from its first click,
    /// with the first square and its neighbours free.
    #[test]
    fn every_no_guess_board_clears_from_its_first_click(
        preset in 0usize..3,
        seed in any::<u64>(),
        fx in 0usize..30,
        fy in 0usize..16,
    ) {
        let s = Settings { no_guess: true, ..Settings::preset(&PRESETS[preset]) };
        let grid = Grid::new(s.width as usize, s.height as usize);
        let first = grid.index(fx % grid.width, fy % grid.height);
        let l = generate::layout(&s, seed, first).unwrap();
        prop_assert_eq!(l.mine_count(), s.mines as usize);
        prop_assert!(grid.block(first).all(|i| !l.is_mine(i)));
        prop_assert!(solver::clears(&l, first));
    }
}

fn machine(id: MachineId) -> (Machine, Rect) {
    let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
    let area = m.content();
    (m, area)
}

fn open(settings: Settings, dir: &Path, seed: u64) -> MinesView {
    opening(settings, dir, &Opening { seed: Some(seed), fresh_seed: seed, ..Opening::default() })
}

fn opening(settings: Settings, dir: &Path, how: &Opening) -> MinesView {
    let variant = MinesVariant::new(settings).unwrap();
    let board = MinesBoard::new(settings, dir);
    Controller::open("mines", variant, board, dir, how)
}

/// The centre of square (x, y), counted from 0.
fn centre(view: &MinesView, m: &Machine, area: Rect, x: usize, y: usize) -> (i32, i32) {
    let l = MinesBoard::layout(view.session().state(), m, area);
    let r = l.square(l.grid.index(x, y));
    (r.x + r.w / 2, r.y + r.h / 2)
}

fn press(view: &mut MinesView, m: &Machine, area: Rect, (x, y): (i32, i32), buttons: &[Button]) -> Vec<Response> {
    let mut out = Vec::new();
    for &button in buttons {
        out.push(view.input(&Input::MouseDown { x, y, button }, m, area));
    }
    for &button in buttons {
        out.push(view.input(&Input::MouseUp { x, y, button }, m, area));
    }
    out
}

fn key(view: &mut MinesView, m: &Machine, area: Rect, k: Key) -> Response {
    view.input(&Input::Key { key: k, mods: Modifiers::default() }, m, area)
}

#[test]
fn left_opens_right_marks_and_both_buttons_or_the_middle_one_chord() {
    for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
        let dir = tempfile::tempdir().unwrap();
        let (m, area) = machine(id);
        let mut view = open(Settings::preset(&PRESETS[1]), dir.path(), 7);
        let at = centre(&view, &m, area, 8, 8);
        press(&mut view, &m, area, at, &[Button::Left]);
        let st = view.session().state().clone();
        assert!(st.started(), "{id}: {}", view.message());
        assert_eq!(st.square(st.grid().index(8, 8)), Square::Open);
        // Find a number with one covered mine beside it to flag and chord.
        let grid = st.grid();
        let target = (0..grid.len()).find_map(|i| {
            let n = st.number(i)?;
            let covered: Vec<usize> =
                grid.neighbours(i).filter(|&j| matches!(st.square(j), Square::Covered(_))).collect();
            let mines: Vec<usize> = covered.iter().copied().filter(|&j| st.is_mine(j)).collect();
            (n as usize == mines.len() && mines.len() == 1 && covered.len() > 1).then(|| (i, mines[0]))
        });
        let Some((number, mine)) = target else { continue };
        let (mx, my) = grid.xy(mine);
        let flag_at = centre(&view, &m, area, mx, my);
        press(&mut view, &m, area, flag_at, &[Button::Right]);
        assert_eq!(view.session().state().square(mine), Square::Covered(Mark::Flag), "{id}");
        assert_eq!(view.fields()[0], ("Flags", "39".to_string()));
        let (nx, ny) = grid.xy(number);
        let chord_at = centre(&view, &m, area, nx, ny);
        let before = view.session().move_count();
        let buttons: &[Button] =
            if id == MachineId::MacSe30 { &[Button::Middle] } else { &[Button::Left, Button::Right] };
        press(&mut view, &m, area, chord_at, buttons);
        assert_eq!(view.session().move_count(), before + 1, "{id}: no chord: {}", view.message());
        let after = view.session().state();
        assert!(grid.neighbours(number).filter(|&j| j != mine).all(|j| after.square(j) == Square::Open), "{id}");
        // Right again goes on to the question mark, and round to nothing.
        press(&mut view, &m, area, flag_at, &[Button::Right]);
        assert_eq!(view.session().state().square(mine), Square::Covered(Mark::Question));
        press(&mut view, &m, area, flag_at, &[Button::Right]);
        assert_eq!(view.session().state().square(mine), Square::Covered(Mark::None));
    }
}

#[test]
fn the_amiga_gives_the_right_button_to_the_field_and_keeps_its_menus_on_the_title_bar() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let view = open(Settings::beginner(), dir.path(), 3);
    let at = centre(&view, &m, area, 4, 4);
    let mut driver = Driver::new(Shell::new(m, Box::new(view), 1));
    let start = driver.frame().clone();
    driver.feed(&[Input::MouseDown { x: at.0, y: at.1, button: Button::Right }]);
    assert_eq!(driver.frame(), &start, "no menu strip over the field");
    driver.feed(&[Input::MouseUp { x: at.0, y: at.1, button: Button::Right }]);
    let flagged = driver.frame().clone();
    assert_ne!(flagged, start, "the square took a flag");
    assert!(area.contains(at.0, at.1));
    driver.feed(&[Input::MouseDown { x: 5, y: 3, button: Button::Right }]);
    assert_ne!(driver.frame(), &flagged, "the menu strip opens from the title bar");
    driver.feed(&[Input::MouseUp { x: 5, y: 3, button: Button::Right }]);
}

/// The right button held off the field (the panel, the empty screen
/// around the field) opened no menus on the Amiga: only the title bar
/// did, though a right press means nothing to MineSweeper there. The
/// menu strip now opens from anywhere but the field, as in every game.
#[test]
fn the_amiga_opens_its_menus_from_a_right_press_anywhere_off_the_field() {
    for id in [MachineId::AmigaPal, MachineId::AmigaDblPal] {
        let (m, area) = machine(id);
        let dir = tempfile::tempdir().unwrap();
        let view = open(Settings::beginner(), dir.path(), 3);
        let l = MinesBoard::layout(view.session().state(), &m, area);
        let below_field = (l.field.x, l.field.bottom() + 2);
        let new_button = (l.new.x + l.new.w / 2, l.new.y + l.new.h / 2);
        let flags_label = l.flags_label;
        assert!(area.contains(below_field.0, below_field.1), "{id:?}: no room below the field");
        let mut driver = Driver::new(Shell::new(m, Box::new(view), 1));
        let title_bar = |d: &Driver| -> Vec<_> {
            (0..area.y)
                .flat_map(|y| (0..d.frame().width() as i32).map(move |x| (x, y)))
                .map(|(x, y)| d.frame().get(x, y))
                .collect()
        };
        let closed = title_bar(&driver);
        for (x, y) in [below_field, new_button, flags_label, (area.right() - 2, area.bottom() - 2)] {
            driver.feed(&[Input::MouseDown { x, y, button: Button::Right }]);
            assert_ne!(title_bar(&driver), closed, "{id:?}: no menu strip from a right press at ({x}, {y})");
            driver.feed(&[Input::MouseUp { x, y, button: Button::Right }]);
            assert_eq!(title_bar(&driver), closed, "{id:?}: the strip closes as the button is let go");
        }
    }
    let guide = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/guide/mines.guide")).unwrap();
    let guide: String = guide.iter().map(|&b| char::from(b)).collect();
    assert!(guide.contains("hold it down anywhere else on the screen"), "the guide tells where the menus come from");
}

#[test]
fn a_mine_loses_and_shows_every_mine() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    let mut view = open(Settings::beginner(), dir.path(), 5);
    {
        let at = centre(&view, &m, area, 0, 0);
        press(&mut view, &m, area, at, &[Button::Left])
    };
    let st = view.session().state().clone();
    let grid = st.grid();
    let mine = (0..grid.len()).find(|&i| st.is_mine(i)).unwrap();
    let (x, y) = grid.xy(mine);
    let responses = {
        let at = centre(&view, &m, area, x, y);
        press(&mut view, &m, area, at, &[Button::Left])
    };
    assert_eq!(view.session().state().status(), Status::Lost);
    assert!(view.message().contains("mine went off"), "{}", view.message());
    assert!(responses.iter().all(|r| !matches!(r, Response::Ask(_))), "a loss needs no requester");
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    assert_eq!(stats.game("mines/beginner").map(|g| g.lost), Some(1));
    // Nothing is under way to pause: the menu's Pause is greyed, as the
    // panel's button is.
    assert!(!pause_item(&view).enabled);
}

/// Game > Pause (Resume while paused), whose item and the panel's button
/// the same switch decides.
fn pause_item(view: &MinesView) -> parlour::machines::MenuItem {
    view.menus().into_iter().flat_map(|menu| menu.items).find(|i| i.command == Command::View(PAUSE)).unwrap()
}

/// Clicks square `i` with the left button.
fn click(view: &mut MinesView, m: &Machine, area: Rect, i: usize) {
    let (x, y) = view.session().state().grid().xy(i);
    let at = centre(view, m, area, x, y);
    press(view, m, area, at, &[Button::Left]);
}

/// Pause is offered exactly where the clock runs: in a game taken back to
/// its start, whose mines the player has seen, so still under way and
/// its clock going on.
#[test]
fn pause_is_offered_in_a_game_taken_back_to_its_start() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(Settings::beginner(), dir.path(), 5);
    click(&mut view, &m, area, 0);
    view.command(&Command::BackToStart);
    assert_eq!(view.session().move_count(), 0);
    view.input(&Input::Tick { ms: 2000 }, &m, area);
    assert_eq!(view.session().elapsed_ms(), 2000, "the clock of a game taken back to its start runs");
    assert!(pause_item(&view).enabled, "Pause is greyed while the clock runs");
    key(&mut view, &m, area, Key::Char('p'));
    view.input(&Input::Tick { ms: 2000 }, &m, area);
    assert_eq!(view.session().elapsed_ms(), 2000, "P paused it: {}", view.message());
}

/// Beginner game 5 on `id`, lost on its first mine after one safe click
/// and taken back by Undo; with the machine, the area and the position
/// before the loss.
fn lost_and_taken_back(dir: &Path, id: MachineId) -> (MinesView, Machine, Rect, Mines) {
    let (m, area) = machine(id);
    let mut view = open(Settings::beginner(), dir, 5);
    click(&mut view, &m, area, 0);
    let st = view.session().state().clone();
    let mine = (0..st.grid().len()).find(|&i| st.is_mine(i)).unwrap();
    click(&mut view, &m, area, mine);
    assert_eq!(view.session().state().status(), Status::Lost);
    view.command(&Command::Undo);
    (view, m, area, st)
}

/// Pause is greyed where the clock stands: in a lost game taken back by
/// Undo, counted already with its time.
#[test]
fn pause_is_greyed_in_a_lost_game_taken_back() {
    let dir = tempfile::tempdir().unwrap();
    let (mut view, m, area, _) = lost_and_taken_back(dir.path(), MachineId::AmigaPal);
    assert_eq!(view.message(), "Taken back. Still counted as lost.");
    assert!(!pause_item(&view).enabled, "Pause is offered while the clock stands");
    key(&mut view, &m, area, Key::Char('p'));
    assert_eq!(view.message(), NOTHING_TO_PAUSE);
    assert!(!view.board().paused());
}

/// Undo after a loss lets the game go on, and a win then is not counted:
/// the statistics keep the loss, and the status line says why.
#[test]
fn a_win_after_undoing_a_loss_stays_counted_as_lost() {
    let dir = tempfile::tempdir().unwrap();
    let (mut view, m, area, st) = lost_and_taken_back(dir.path(), MachineId::MacSe30);
    assert_eq!(view.session().state().status(), Status::Playing);
    // The game was counted with its time: the clock stands from now on.
    let counted_with = view.session().elapsed_ms();
    for _ in 0..200 {
        view.input(&Input::Tick { ms: 50 }, &m, area);
    }
    assert_eq!(view.session().elapsed_ms(), counted_with, "the clock of a counted game stands");
    for i in (0..st.grid().len()).filter(|&i| !st.is_mine(i)) {
        if view.session().state().status() == Status::Playing {
            click(&mut view, &m, area, i);
        }
    }
    assert_eq!(view.session().state().status(), Status::Won);
    // First, where a narrow status line keeps it.
    assert!(view.message().starts_with("It stays counted as lost: "), "{}", view.message());
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    let game = stats.game("mines/beginner").unwrap();
    assert_eq!((game.played, game.won, game.lost), (1, 0, 1));
}

/// Mines are placed around the first square opened: a game taken back to
/// its start and opened elsewhere is another board, counted as a game of
/// its own; opened at the same square it is the same board, counted once.
#[test]
fn a_game_taken_back_to_its_start_and_opened_elsewhere_counts_as_another() {
    let tally = |dir: &Path| {
        let stats = parlour::core::Stats::load(dir).unwrap();
        let game = stats.game("mines/beginner").unwrap();
        (game.played, game.won, game.lost)
    };
    let win = |view: &mut MinesView, m: &Machine, area: Rect| {
        let st = view.session().state().clone();
        for i in (0..st.grid().len()).filter(|&i| !st.is_mine(i)) {
            if view.session().state().status() == Status::Playing {
                click(view, m, area, i);
            }
        }
        assert_eq!(view.session().state().status(), Status::Won);
    };
    for elsewhere in [true, false] {
        let dir = tempfile::tempdir().unwrap();
        let (mut view, m, area, lost) = lost_and_taken_back(dir.path(), MachineId::MacSe30);
        assert_eq!(tally(dir.path()), (1, 0, 1));
        view.command(&Command::BackToStart);
        let first = if elsewhere { 80 } else { 0 };
        click(&mut view, &m, area, first);
        let board = view.session().state().clone();
        let same = (0..board.grid().len()).all(|i| board.is_mine(i) == lost.is_mine(i));
        assert_eq!(same, !elsewhere, "opened at square {first}");
        assert!(!view.message().contains("counted"), "{}", view.message());
        win(&mut view, &m, area);
        if elsewhere {
            assert_eq!(tally(dir.path()), (2, 1, 1), "the new board's win is counted");
            assert!(!view.message().contains("stays counted as lost"), "{}", view.message());
        } else {
            assert_eq!(tally(dir.path()), (1, 0, 1), "the board lost is not counted again");
            assert!(view.message().contains("stays counted as lost"), "{}", view.message());
        }
        // Resumed, the history says the same.
        view.close();
        drop(view);
        let view = opening(Settings::beginner(), dir.path(), &Opening::default());
        assert_eq!(view.session().state().status(), Status::Won);
        let ending = view.message().to_string();
        assert_eq!(ending.contains("stays counted as lost"), !elsewhere, "{ending}");
    }
}

#[test]
fn the_keyboard_plays_too() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(Settings::beginner(), dir.path(), 9);
    key(&mut view, &m, area, Key::Left);
    key(&mut view, &m, area, Key::Left);
    key(&mut view, &m, area, Key::Char(' '));
    assert!(view.session().state().started());
    assert_eq!(view.session().state().square(4 * 9 + 3), Square::Open);
    key(&mut view, &m, area, Key::Up);
    let st = view.session().state().clone();
    if matches!(st.square(3 * 9 + 3), Square::Covered(_)) {
        key(&mut view, &m, area, Key::Char('f'));
        assert_eq!(view.session().state().square(3 * 9 + 3), Square::Covered(Mark::Flag));
    }
}

/// The first key only shows the cursor: Space or F on a hidden cursor
/// (a game just opened or resumed, or after the mouse) never opens or
/// marks a square the player has not seen.
#[test]
fn the_first_key_shows_the_cursor_and_does_no_more() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    let mut view = open(Settings::beginner(), dir.path(), 9);
    for first in [Key::Char(' '), Key::Char('f'), Key::Enter] {
        let mut view = open(Settings::beginner(), dir.path(), 9);
        key(&mut view, &m, area, first);
        assert!(!view.session().state().started(), "{first:?} acted on a square unseen");
        let st = view.session().state();
        assert!((0..st.grid().len()).all(|i| st.square(i) == Square::Covered(Mark::None)), "{first:?}");
    }
    key(&mut view, &m, area, Key::Char(' '));
    key(&mut view, &m, area, Key::Char(' '));
    assert_eq!(view.session().state().square(4 * 9 + 4), Square::Open, "the second Space opens the middle");
}

#[test]
fn pause_stops_the_clock_and_covers_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::Yazzle);
    let mut view = open(Settings::beginner(), dir.path(), 2);
    view.input(&Input::Tick { ms: 5000 }, &m, area);
    assert_eq!(view.session().elapsed_ms(), 0, "the clock waits for the first action");
    {
        let at = centre(&view, &m, area, 4, 4);
        press(&mut view, &m, area, at, &[Button::Left])
    };
    view.input(&Input::Tick { ms: 2000 }, &m, area);
    assert_eq!(view.session().elapsed_ms(), 2000);
    let mut open_shot = m.new_surface();
    view.draw(&mut open_shot, &m, area);
    view.command(&Command::View(PAUSE));
    view.input(&Input::Tick { ms: 3000 }, &m, area);
    assert_eq!(view.session().elapsed_ms(), 2000, "paused");
    let mut paused = m.new_surface();
    view.draw(&mut paused, &m, area);
    let field = MinesBoard::layout(view.session().state(), &m, area).field;
    let differs =
        (field.y..field.bottom()).any(|y| (field.x..field.right()).any(|x| open_shot.get(x, y) != paused.get(x, y)));
    assert!(differs, "the field is covered while paused");
    {
        let at = centre(&view, &m, area, 0, 0);
        press(&mut view, &m, area, at, &[Button::Left])
    };
    assert!(view.message().contains("paused"), "{}", view.message());
    key(&mut view, &m, area, Key::Char('p'));
    view.input(&Input::Tick { ms: 1000 }, &m, area);
    assert_eq!(view.session().elapsed_ms(), 3000);
}

/// The panel's clock stops at 999:59, as wide as its box, as Windows'
/// MineSweeper's stops at 999: "1000:00" ran over the box's left edge. The
/// game's own clock counts on.
#[test]
fn the_panel_clock_stops_at_999_minutes_59() {
    for id in [MachineId::AmigaPal, MachineId::MacSe30, MachineId::Yazzle] {
        let dir = tempfile::tempdir().unwrap();
        let (m, area) = machine(id);
        let mut view = open(Settings::beginner(), dir.path(), 2);
        let at = centre(&view, &m, area, 4, 4);
        press(&mut view, &m, area, at, &[Button::Left]);
        let time_row = |view: &MinesView| {
            let mut s = m.new_surface();
            view.draw(&mut s, &m, area);
            let r = MinesBoard::layout(view.session().state(), &m, area).time;
            (r.y - 2..r.bottom() + 2)
                .flat_map(|y| (area.x..r.right() + 4).map(move |x| (x, y)))
                .map(|(x, y)| s.get(x, y))
                .collect::<Vec<_>>()
        };
        view.input(&Input::Tick { ms: (999 * 60 + 59) * 1000 }, &m, area);
        let at_999_59 = time_row(&view);
        for more in [1000, 60 * 60 * 1000] {
            view.input(&Input::Tick { ms: more }, &m, area);
            assert!(time_row(&view) == at_999_59, "{id}: the panel's clock went on past 999:59");
        }
        assert_eq!(view.session().elapsed_ms(), (1000 * 60 + 60 * 60) * 1000, "{id}: the game's clock counts on");
    }
}

/// Turning to another window leaves MineSweeper's clock running, as
/// Windows' did: only Tetris holds (its falling piece would top out).
#[test]
fn the_clock_runs_on_while_another_window_has_the_keyboard() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::Yazzle);
    let mut view = open(Settings::beginner(), dir.path(), 2);
    let at = centre(&view, &m, area, 4, 4);
    press(&mut view, &m, area, at, &[Button::Left]);
    assert_eq!(view.focus_lost(), Response::Unchanged);
    view.input(&Input::Tick { ms: 2000 }, &m, area);
    assert_eq!(view.session().elapsed_ms(), 2000);
    assert_eq!(pause_item(&view).label, "Pause", "not paused");
}

fn type_into(view: &mut MinesView, m: &Machine, area: Rect, row: usize, text: &str) -> Vec<Response> {
    let l = MinesBoard::layout(view.session().state(), m, area);
    let r = l.settings[row].number;
    let mut out = press(view, m, area, (r.x + 3, r.y + 3), &[Button::Left]);
    for c in text.chars() {
        out.push(key(view, m, area, Key::Char(c)));
    }
    out.push(key(view, m, area, Key::Enter));
    out
}

#[test]
fn a_number_out_of_bounds_is_refused_in_a_requester_and_a_good_one_deals_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(Settings::beginner(), dir.path(), 4);
    let out = type_into(&mut view, &m, area, 0, "35");
    let Some(Response::Ask(req)) = out.last() else { panic!("no requester: {out:?}") };
    let text = req.lines.join(" ");
    assert!(text.contains("width must be from 8 to 30"), "{text}");
    assert_eq!(view.session().variant().settings().width, 9, "no silent clamp");

    type_into(&mut view, &m, area, 0, "20");
    assert_eq!(view.session().variant().settings().width, 20, "a fresh game takes the new width at once");
    type_into(&mut view, &m, area, 0, "10");
    let out = type_into(&mut view, &m, area, 2, "60");
    assert!(!matches!(out.last(), Some(Response::Ask(_))), "10 x 9 holds 60 mines: {out:?}");
    assert_eq!(view.session().variant().settings().mines, 60);
    let out = type_into(&mut view, &m, area, 1, "8");
    let Some(Response::Ask(req)) = out.last() else { panic!("no requester") };
    assert!(req.lines.join(" ").contains("at most 56 mines"), "{:?}", req.lines);
    assert_eq!(view.session().variant().settings().height, 9);
    assert_eq!(view.session().variant().id(), "mines/custom");

    // Once a game is under way, settings wait for New Game.
    {
        let at = centre(&view, &m, area, 0, 0);
        press(&mut view, &m, area, at, &[Button::Left])
    };
    type_into(&mut view, &m, area, 2, "30");
    assert_eq!(view.session().variant().settings().mines, 60);
    assert!(view.message().contains("next New Game"), "{}", view.message());
    let Some(Response::Ask(_)) = view.command(&Command::New) else { panic!("New Game asks first") };
    view.answer(0);
    assert_eq!(view.session().variant().settings().mines, 30);
}

/// A number refused at Tab or Return leaves the setting as it was, and
/// its box, still the player's, shows that value again once the box
/// saying why is closed (it kept the 99, and every Tab refused it again):
/// Tab goes on to the next box, and digits typed replace the value.
#[test]
fn a_number_refused_from_the_keys_gives_the_box_back_with_its_old_value() {
    for id in [MachineId::AmigaPal, MachineId::MacSe30] {
        let (m, area) = machine(id);
        let width_box_drawn = |view: &MinesView| {
            let mut s = m.new_surface();
            view.draw(&mut s, &m, area);
            let l = MinesBoard::layout(view.session().state(), &m, area);
            let (r, slider) = (l.settings[0].number, l.settings[0].slider);
            [r, slider]
                .into_iter()
                .flat_map(|r| (r.y..r.bottom()).flat_map(move |y| (r.x..r.right()).map(move |x| (x, y))))
                .map(|(x, y)| s.get(x, y))
                .collect::<Vec<_>>()
        };
        for last in [Key::Tab, Key::Enter] {
            let dir = tempfile::tempdir().unwrap();
            let mut view = open(Settings::beginner(), dir.path(), 4);
            key(&mut view, &m, area, Key::Tab);
            let given_nine = width_box_drawn(&view);
            for k in [Key::Char('9'), Key::Char('9')] {
                key(&mut view, &m, area, k);
            }
            let Response::Ask(req) = key(&mut view, &m, area, last) else { panic!("{id:?} {last:?}: 99 not refused") };
            assert!(req.lines.join(" ").contains("from 8 to 30 boxes, not 99"), "{:?}", req.lines);
            view.answer(0);
            assert_eq!(view.session().variant().settings().width, 9, "{id:?} {last:?}");
            assert!(width_box_drawn(&view) == given_nine, "{id:?} {last:?}: the box shows 9 again, as Tab gave it");
            assert_eq!(key(&mut view, &m, area, Key::Tab), Response::Redraw, "{id:?} {last:?}: Tab goes on");
            for k in [Key::Char('1'), Key::Char('2'), Key::Enter] {
                key(&mut view, &m, area, k);
            }
            let taken = view.session().variant().settings();
            assert_eq!((taken.width, taken.height), (9, 12), "{id:?} {last:?}: the height box had the keys");
        }
    }
}

/// A slider follows the number typed in its box as it is typed, as the
/// arrows move it at once; a number the box would refuse leaves it at the
/// value taken.
#[test]
fn a_slider_follows_the_number_typed_in_its_box() {
    for id in [MachineId::AmigaPal, MachineId::MacSe30] {
        let (m, area) = machine(id);
        let slider_drawn = |view: &MinesView| {
            let mut s = m.new_surface();
            view.draw(&mut s, &m, area);
            let r = MinesBoard::layout(view.session().state(), &m, area).settings[0].slider;
            (r.y..r.bottom())
                .flat_map(|y| (r.x..r.right()).map(move |x| (x, y)))
                .map(|(x, y)| s.get(x, y))
                .collect::<Vec<_>>()
        };
        let wide = tempfile::tempdir().unwrap();
        let at_twenty = slider_drawn(&open(Settings { width: 20, ..Settings::beginner() }, wide.path(), 4));
        let dir = tempfile::tempdir().unwrap();
        let mut view = open(Settings::beginner(), dir.path(), 4);
        let at_nine = slider_drawn(&view);
        assert!(at_nine != at_twenty, "{id:?}: the slider at 9 looks as at 20");
        let r = MinesBoard::layout(view.session().state(), &m, area).settings[0].number;
        press(&mut view, &m, area, (r.x + 3, r.y + 3), &[Button::Left]);
        key(&mut view, &m, area, Key::Char('2'));
        assert!(slider_drawn(&view) == at_nine, "{id:?}: 2 is too narrow: the slider shows the width taken");
        key(&mut view, &m, area, Key::Char('0'));
        assert!(slider_drawn(&view) == at_twenty, "{id:?}: the slider did not follow the 20 typed");
        assert_eq!(view.session().variant().settings().width, 9, "{id:?}: nothing is taken before Return");
    }
}

/// A number box emptied and left says so, with the numbers it takes:
/// not that `""` is no number.
#[test]
fn an_emptied_number_box_says_it_is_empty() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    let mut view = open(Settings::beginner(), dir.path(), 4);
    for (row, said) in
        [(0, "Width is empty: type a number from 8 to 30."), (2, "Mines is empty: type a number from 10 to 56.")]
    {
        let l = MinesBoard::layout(view.session().state(), &m, area);
        let r = l.settings[row].number;
        press(&mut view, &m, area, (r.x + 3, r.y + 3), &[Button::Left]);
        (0..3).for_each(|_| drop(key(&mut view, &m, area, Key::Backspace)));
        let Response::Ask(req) = key(&mut view, &m, area, Key::Enter) else { panic!("no box for row {row}") };
        assert_eq!(req.lines.join(" "), said);
    }
    assert_eq!(view.session().variant().settings(), &Settings::beginner(), "the field stays");
}

/// A number typed over a game under way, taken by Tab going on to the
/// next box, says it waits for New Game, as Return taking it says.
#[test]
fn a_number_tabbed_over_a_game_under_way_says_it_waits_for_new_game() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(Settings::beginner(), dir.path(), 4);
    for _ in 0..2 {
        key(&mut view, &m, area, Key::Char(' '));
    }
    assert!(view.session().move_count() > 0, "no move made");
    key(&mut view, &m, area, Key::Tab);
    for k in [Key::Char('1'), Key::Char('2'), Key::Tab] {
        key(&mut view, &m, area, k);
    }
    assert_eq!(view.message(), "Kept for the next New Game.");
    assert_eq!(view.session().variant().settings().width, 9, "the game under way changed");
}

/// Saving that works again is said after what the status line says
/// already, which the reminder that progress was not saved followed: the
/// words are not lost, nor left without the news.
#[test]
fn saved_again_is_said_after_what_the_line_says() {
    let dir = tempfile::tempdir().unwrap();
    let journals = dir.path().join("journals");
    std::fs::write(&journals, "in the way").unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(Settings::beginner(), dir.path(), 4);
    for _ in 0..2 {
        key(&mut view, &m, area, Key::Char(' '));
    }
    key(&mut view, &m, area, Key::Tab);
    for k in [Key::Char('1'), Key::Char('2'), Key::Tab] {
        key(&mut view, &m, area, k);
    }
    assert_eq!(view.message(), "Kept for the next New Game. Progress is not being saved.");
    std::fs::remove_file(&journals).unwrap();
    view.input(&Input::Tick { ms: 31_000 }, &m, area);
    assert_eq!(view.message(), "Kept for the next New Game. Progress is being saved again.");
    assert!(journals.is_dir(), "not saved");
}

/// A key that is no digit, typed into a number box, goes nowhere and
/// says why in the status line, with the numbers the box takes, until
/// the next key.
#[test]
fn a_letter_typed_in_a_number_box_says_the_box_takes_digits() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(Settings::beginner(), dir.path(), 4);
    key(&mut view, &m, area, Key::Tab);
    key(&mut view, &m, area, Key::Char('1'));
    for refused in ['o', ' '] {
        assert_eq!(key(&mut view, &m, area, Key::Char(refused)), Response::Redraw);
        assert_eq!(view.message(), "Width: digits only, 8 to 30.", "{refused:?}");
    }
    key(&mut view, &m, area, Key::Char('0'));
    assert_eq!(view.message(), "", "the note goes at the next key");
    key(&mut view, &m, area, Key::Tab);
    assert_eq!(view.session().variant().settings().width, 10, "the letters went nowhere");
    key(&mut view, &m, area, Key::Tab);
    key(&mut view, &m, area, Key::Char('x'));
    assert_eq!(view.message(), "Mines: digits only, 10 to 63.", "the most mines 10 x 9 holds");
}

/// After a lost game the note is news a status line too narrow for both
/// (the Amiga's title bar, YaZZle's message box) shows before the
/// ending; the ending comes back alone at the box's next key. The
/// colour Mac's wide status line keeps the ending first.
#[test]
fn the_digits_note_after_a_lost_game_shows_on_the_narrowest_line() {
    let note = "Width: digits only, 8 to 30.";
    for (id, note_first) in [(MachineId::AmigaPal, true), (MachineId::Yazzle, true), (MachineId::MacColor, false)] {
        let dir = tempfile::tempdir().unwrap();
        let (m, area) = machine(id);
        let mut view = open(Settings::beginner(), dir.path(), 5);
        let at = centre(&view, &m, area, 0, 0);
        press(&mut view, &m, area, at, &[Button::Left]);
        let st = view.session().state().clone();
        let mine = (0..st.grid().len()).find(|&i| st.is_mine(i)).unwrap();
        let (x, y) = st.grid().xy(mine);
        let at = centre(&view, &m, area, x, y);
        press(&mut view, &m, area, at, &[Button::Left]);
        let ending = view.message();
        assert!(ending.starts_with("Bad luck: a mine went off."), "{id}: {ending}");
        key(&mut view, &m, area, Key::Tab);
        key(&mut view, &m, area, Key::Char('x'));
        let said = if note_first { format!("{note} {ending}") } else { format!("{ending} {note}") };
        assert_eq!(view.message(), said, "{id}");
        key(&mut view, &m, area, Key::Char('1'));
        assert_eq!(view.message(), ending, "{id}: the note goes at the next key");
        // Put before the ending, the note has been read by the next
        // click, even one that does nothing: the ending comes back.
        if note_first {
            key(&mut view, &m, area, Key::Char('x'));
            assert_eq!(view.message(), said, "{id}");
            press(&mut view, &m, area, (area.x + 1, area.bottom() - 2), &[Button::Left]);
            assert_eq!(view.message(), ending, "{id}: the note goes at the next click");
        }
    }
}

/// Tab takes the number typed and goes on to the next box, also on a
/// fresh field, which the number deals anew at once: "Tab 30 Tab 16 Tab
/// 99 Return" types a whole field.
#[test]
fn tab_goes_on_to_the_next_box_after_a_number_that_deals_anew() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(Settings::beginner(), dir.path(), 4);
    key(&mut view, &m, area, Key::Tab);
    for (typed, then) in [("30", Key::Tab), ("16", Key::Tab), ("99", Key::Enter)] {
        for c in typed.chars() {
            key(&mut view, &m, area, Key::Char(c));
        }
        let out = key(&mut view, &m, area, then);
        assert!(!matches!(out, Response::Ask(_)), "{typed}: {out:?}");
    }
    let settings = view.session().variant().settings();
    assert_eq!((settings.width, settings.height, settings.mines), (30, 16, 99));
}

/// Drags setting `row`'s slider from its right end to `x`, and lets go.
fn drag(view: &mut MinesView, m: &Machine, area: Rect, row: usize, x: fn(Rect) -> i32) -> Vec<Response> {
    let slider = MinesBoard::layout(view.session().state(), m, area).settings[row].slider;
    let (from, to, y) = (slider.right() - 1, x(slider), slider.y + slider.h / 2);
    vec![
        view.input(&Input::MouseDown { x: from, y, button: Button::Left }, m, area),
        view.input(&Input::MouseMove { x: to, y }, m, area),
        view.input(&Input::MouseUp { x: to, y, button: Button::Left }, m, area),
    ]
}

/// A slider dragged past what the other settings allow stops at the
/// nearest value they do, with no requester: Expert's 99 mines fit no
/// field narrower than 9 x 16 (which holds 100), nor a no-guess board
/// narrower than 29 x 16; a no-guess Beginner field takes 17 mines.
#[test]
fn a_slider_dragged_past_a_limit_stops_at_it() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let leftmost: fn(Rect) -> i32 = |r| r.x;
    let rightmost: fn(Rect) -> i32 = |r| r.right() - 1;
    for (settings, row, to, field) in [
        (Settings::preset(&PRESETS[2]), 0, leftmost, (9, 16, 99)),
        (Settings { no_guess: true, ..Settings::preset(&PRESETS[2]) }, 0, leftmost, (29, 16, 99)),
        (Settings { no_guess: true, ..Settings::beginner() }, 2, rightmost, (9, 9, 17)),
    ] {
        let mut view = open(settings, dir.path(), 4);
        let out = drag(&mut view, &m, area, row, to);
        assert!(!out.iter().any(|r| matches!(r, Response::Ask(_))), "{settings:?}: {out:?}");
        let now = view.session().variant().settings();
        assert_eq!((now.width, now.height, now.mines), field, "{settings:?}");
    }
}

/// A press cancelled because help or a box came over the field (see
/// `View::cancel_press`) is forgotten: the left button it held down does
/// not turn the next right click into a chord, and a slider dragged goes
/// back to where it was, not to wherever the next click lets go.
/// Intermediate game 7 on YaZZle with its middle opened, the first square
/// still covered and unmarked, and that square's centre.
fn opened_with_a_covered_square(dir: &Path) -> (MinesView, usize, (i32, i32)) {
    let (m, area) = machine(MachineId::Yazzle);
    let mut view = open(Settings::preset(&PRESETS[1]), dir, 7);
    let first = centre(&view, &m, area, 8, 8);
    press(&mut view, &m, area, first, &[Button::Left]);
    let st = view.session().state();
    let covered = (0..st.grid().len()).find(|&i| matches!(st.square(i), Square::Covered(Mark::None))).unwrap();
    let (cx, cy) = st.grid().xy(covered);
    let at = centre(&view, &m, area, cx, cy);
    (view, covered, at)
}

#[test]
fn a_press_cancelled_under_help_is_forgotten() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::Yazzle);
    let (mut view, covered, at) = opened_with_a_covered_square(dir.path());
    view.input(&Input::MouseDown { x: at.0, y: at.1, button: Button::Left }, &m, area);
    view.cancel_press();
    press(&mut view, &m, area, at, &[Button::Right]);
    assert_eq!(view.session().state().square(covered), Square::Covered(Mark::Flag), "a right click flags");

    let before = *view.session().variant().settings();
    let slider = MinesBoard::layout(view.session().state(), &m, area).settings[0].slider;
    let y = slider.y + slider.h / 2;
    view.input(&Input::MouseDown { x: slider.right() - 1, y, button: Button::Left }, &m, area);
    view.input(&Input::MouseMove { x: slider.x, y }, &m, area);
    view.cancel_press();
    press(&mut view, &m, area, at, &[Button::Right]);
    assert_eq!(*view.session().variant().settings(), before, "the slider let go under help sets nothing");
    assert_eq!(view.board().settings(), &before, "and the panel shows the field as it was");
    assert_eq!(view.session().state().square(covered), Square::Covered(Mark::Question), "the click marks");
}

/// Both buttons pressed for a chord, one let go, then help comes over the
/// field: the press still held is cancelled, so after help the next
/// right click flags rather than finishing a chord no one is making.
#[test]
fn a_chord_half_let_go_when_help_opens_is_forgotten() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::Yazzle);
    let (view, covered, (x, y)) = opened_with_a_covered_square(dir.path());
    let field = MinesBoard::layout(view.session().state(), &m, area).square(covered);
    let mut d = Driver::new(Shell::keeping_in(m, Box::new(view), 7, dir.path().to_path_buf()));
    let key = |key: Key| Input::Key { key, mods: Modifiers::default() };
    d.feed(&[
        Input::MouseDown { x, y, button: Button::Left },
        Input::MouseDown { x, y, button: Button::Right },
        Input::MouseUp { x, y, button: Button::Right },
        key(Key::Function(1)),
        Input::MouseUp { x, y, button: Button::Left },
        key(Key::Escape),
    ]);
    d.feed(&[Input::MouseDown { x, y, button: Button::Right }, Input::MouseUp { x, y, button: Button::Right }]);
    // The square as a plain right click on a fresh field draws it.
    let (m, area) = machine(MachineId::Yazzle);
    let (mut fresh, _, _) = opened_with_a_covered_square(tempfile::tempdir().unwrap().path());
    press(&mut fresh, &m, area, (x, y), &[Button::Right]);
    assert_eq!(fresh.session().state().square(covered), Square::Covered(Mark::Flag));
    let flagged = Driver::new(Shell::new(m, Box::new(fresh), 7));
    let square = |d: &Driver| -> Vec<_> {
        (field.y..field.bottom())
            .flat_map(|y| (field.x..field.right()).map(move |x| (x, y)))
            .map(|(x, y)| d.frame().get(x, y))
            .collect()
    };
    assert!(square(&d) == square(&flagged), "the square is flagged, as a plain right click flags it");
}

#[test]
fn presets_and_no_guessing_switch_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    let mut view = open(Settings::beginner(), dir.path(), 4);
    view.command(&Command::View(PRESET_COMMANDS[2]));
    assert_eq!(view.session().variant().id(), "mines/expert");
    view.command(&Command::View(NO_GUESS));
    assert_eq!(view.session().variant().id(), "mines/expert-no-guess");
    let menus = view.menus();
    let options = menus.iter().find(|m| m.title == "Options").expect("an Options menu");
    assert!(options.items[0].checked);
    // Played by hints alone, a no-guess board is won.
    {
        let at = centre(&view, &m, area, 15, 8);
        press(&mut view, &m, area, at, &[Button::Left])
    };
    let mut guard = 0;
    let mut said = Vec::new();
    while view.session().state().status() == Status::Playing {
        view.command(&Command::Hint);
        let MineMove::Open(i) = view.session().state().hint().expect("a hint") else { unreachable!() };
        let grid = view.session().state().grid();
        let (x, y) = grid.xy(i);
        said = {
            let at = centre(&view, &m, area, x, y);
            press(&mut view, &m, area, at, &[Button::Left])
        };
        guard += 1;
        assert!(guard < 480);
    }
    assert_eq!(view.session().state().status(), Status::Won);
    // The win box names the record the time was kept in.
    let won = said.iter().find_map(|r| if let Response::Ask(req) = r { Some(req.lines.join(" ")) } else { None });
    assert!(won.as_deref().is_some_and(|w| w.contains("A best time for Expert with no guessing!")), "{won:?}");
    // Every mine is shown flagged: none is left to flag.
    assert_eq!(view.session().state().flags_left(), 0);
    let stats = parlour::core::Stats::load(dir.path()).unwrap();
    assert!(stats.game("mines/expert-no-guess").and_then(|g| g.best_time_ms).is_some());
}

#[test]
fn a_preset_declined_when_asked_to_give_up_the_game_leaves_the_panel_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let mut view = open(Settings::beginner(), dir.path(), 1);
    let at = centre(&view, &m, area, 4, 4);
    press(&mut view, &m, area, at, &[Button::Left]);
    assert!(view.session().move_count() > 0);
    let Some(Response::Ask(asked)) = view.command(&Command::View(PRESET_COMMANDS[2])) else { panic!("no question") };
    assert_eq!(asked.buttons.last().map(String::as_str), Some("Cancel"), "{asked:?}");
    view.answer(asked.buttons.len() - 1);
    assert_eq!(view.session().variant().id(), "mines/beginner");
    assert_eq!(*view.board().settings(), Settings::beginner(), "the panel shows the game kept");
    // The next game is Beginner again, not the Expert declined.
    view.command(&Command::New);
    view.answer(0);
    assert_eq!(view.session().variant().id(), "mines/beginner");
    // Said yes to, the preset is dealt and shown.
    press(&mut view, &m, area, at, &[Button::Left]);
    let Some(Response::Ask(_)) = view.command(&Command::View(PRESET_COMMANDS[2])) else { panic!("no question") };
    view.answer(0);
    assert_eq!(view.session().variant().id(), "mines/expert");
    assert_eq!(*view.board().settings(), Settings::preset(&PRESETS[2]));
}

#[test]
fn the_hint_says_when_no_square_is_proved_free() {
    let dir = tempfile::tempdir().unwrap();
    let mut view = open(Settings::beginner(), dir.path(), 1);
    // Before the first click any square is safe: the middle is named.
    view.command(&Command::Hint);
    assert_eq!(view.message(), "Hint: open column 5, row 5.");
    let state = view.session().state();
    assert!(state.check(&MineMove::Open(40)).is_ok());
}

/// The square a hint names, from its message ("Hint: open column 5, row 5.").
fn hinted_square(view: &MinesView) -> usize {
    let message = view.message();
    let numbers: Vec<usize> =
        message.split(|c: char| !c.is_ascii_digit()).filter(|n| !n.is_empty()).map(|n| n.parse().unwrap()).collect();
    let [column, row] = numbers[..] else { panic!("not a hint: {message}") };
    view.session().state().grid().index(column - 1, row - 1)
}

/// A hint brings the keyboard's cursor to the box it names, as a card
/// game's hint brings it to the cards, so that Space opens it; a cursor
/// not yet shown (a mouse player's) comes up there at that Space, which
/// opens the box all the same.
#[test]
fn a_hint_brings_the_keyboard_cursor_to_its_box() {
    for keys_first in [true, false] {
        let dir = tempfile::tempdir().unwrap();
        let (m, area) = machine(MachineId::MacSe30);
        // No guessing: a box is always proved free.
        let mut view = open(Settings { no_guess: true, ..Settings::preset(&PRESETS[1]) }, dir.path(), 7);
        let first = centre(&view, &m, area, 8, 8);
        press(&mut view, &m, area, first, &[Button::Left]);
        if keys_first {
            key(&mut view, &m, area, Key::Left);
            key(&mut view, &m, area, Key::Left);
        }
        view.command(&Command::Hint);
        let hinted = hinted_square(&view);
        assert!(matches!(view.session().state().square(hinted), Square::Covered(_)), "{}", view.message());
        key(&mut view, &m, area, Key::Char(' '));
        assert_eq!(view.session().state().square(hinted), Square::Open, "cursor shown first: {keys_first}");
    }
}

#[test]
fn a_game_scripted_through_shot_events_is_lost_on_a_mine() {
    let data = tempfile::tempdir().unwrap();
    let seed = 17;
    let (m, area) = machine(MachineId::AmigaPal);
    let settings = Settings::beginner();
    let grid = Grid::new(9, 9);
    let l = parlour::views::mines::MinesLayout::new(area, m.look().text_font, m.look().title_font, grid);
    let first = grid.index(4, 4);
    let board = generate::layout(&settings, seed, first).unwrap();
    let mine = (0..grid.len()).find(|&i| board.is_mine(i)).unwrap();
    let free = (0..grid.len()).rev().find(|&i| !board.is_mine(i) && i != first).unwrap();
    let at = |i: usize| {
        let r = l.square(i);
        (r.x + r.w / 2, r.y + r.h / 2)
    };
    let (f, x, q) = (at(first), at(mine), at(free));
    // Open the middle, flag a square with the right button, then open a mine.
    let script = format!("click {} {}\nclick {} {} right\nwait 1500\nclick {} {}\n", f.0, f.1, q.0, q.1, x.0, x.1);
    shot_beginner_with_events(data.path(), "amiga-pal", seed, &script);
    let journal = std::fs::read_to_string(data.path().join("journals/mines-beginner.save")).unwrap();
    let (mx, my) = grid.xy(mine);
    assert!(journal.contains(&format!("move open {},{}", mx + 1, my + 1)), "{journal}");
    assert!(journal.contains("move flag") || journal.contains("move open"), "{journal}");
    let stats = parlour::core::Stats::load(data.path()).unwrap();
    let g = stats.game("mines/beginner").cloned().unwrap_or_default();
    assert_eq!((g.played, g.lost), (1, 1), "lost on the mine");
}

#[test]
fn goldens_of_a_game_under_way_and_a_lost_one() {
    use parlour::app::driver::Driver;
    use parlour::app::shell::Shell;
    for (id, lose, golden) in [
        (MachineId::MacSe30, false, "mines-intermediate-mac-se30"),
        (MachineId::AmigaPal, true, "mines-expert-lost-amiga-pal"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let preset = if lose { &PRESETS[2] } else { &PRESETS[1] };
        let mut view = open(Settings::preset(preset), dir.path(), 6);
        let grid = view.session().state().grid();
        view.play_move(&MineMove::Open(grid.index(grid.width / 2, grid.height / 2)));
        let st = view.session().state().clone();
        let mine = (0..grid.len()).find(|&i| st.is_mine(i) && grid.neighbours(i).any(|n| st.number(n).is_some()));
        if let Some(m) = mine {
            view.play_move(&MineMove::Mark(m, Mark::Flag));
        }
        let wrong = (0..grid.len()).find(|&i| !st.is_mine(i) && st.number(i).is_none()).unwrap();
        view.play_move(&MineMove::Mark(wrong, Mark::Flag));
        view.play_move(&MineMove::Mark(grid.len() - 1, Mark::Question));
        if lose {
            let boom = (0..grid.len()).find(|&i| st.is_mine(i) && Some(i) != mine).unwrap();
            view.play_move(&MineMove::Open(boom));
        }
        let m = Machine::new(&MachineChoice { id: Some(id), ..Default::default() }, id).unwrap();
        let driver = Driver::new(Shell::new(m, Box::new(view), 1));
        super::support::assert_golden(golden, driver.frame());
    }
}

/// The keyboard cursor shows on every machine: on each side of the
/// square, at least a ring's worth of the pixels in its three rings round
/// the square's edge differ sharply in brightness from the square's face,
/// so no ring is a faint tint (the Amiga's pale blue fill on its grey was
/// one).
#[test]
fn the_keyboard_cursor_stands_out_from_the_square_s_bevel() {
    let luma = |c: Option<parlour::gfx::Rgb>| {
        c.map_or(0, |c| (299 * i32::from(c.r) + 587 * i32::from(c.g) + 114 * i32::from(c.b)) / 1000)
    };
    let data = tempfile::tempdir().unwrap();
    for id in MachineId::ALL {
        let (m, area) = machine(id);
        let mut view = open(Settings::beginner(), data.path(), 1);
        let drawn = |view: &MinesView| {
            let mut s = m.new_surface();
            view.draw(&mut s, &m, area);
            s
        };
        let before = drawn(&view);
        view.input(&Input::Key { key: Key::Right, mods: Modifiers::default() }, &m, area);
        let after = drawn(&view);
        let l = MinesBoard::layout(view.session().state(), &m, area);
        let r = l.square(l.grid.index(l.grid.width / 2, l.grid.height / 2));
        // The square's face as the eye sees it: its inside, averaged.
        let inside = r.inset(4, 4);
        let face: Vec<i32> = (inside.y..inside.bottom())
            .flat_map(|y| (inside.x..inside.right()).map(move |x| (x, y)))
            .map(|(x, y)| luma(before.colour_at(x, y)))
            .collect();
        let face = face.iter().sum::<i32>() / face.len().max(1) as i32;
        let stands_out = |&(x, y): &(i32, i32)| (luma(after.colour_at(x, y)) - face).abs() >= 80;
        let rings = -2..=0;
        let (across, down) = (r.x..r.right(), r.y..r.bottom());
        let sides: [(&str, Vec<(i32, i32)>); 4] = [
            ("top", rings.clone().flat_map(|k| across.clone().map(move |x| (x, r.y + k))).collect()),
            ("bottom", rings.clone().flat_map(|k| across.clone().map(move |x| (x, r.bottom() - 1 - k))).collect()),
            ("left", rings.clone().flat_map(|k| down.clone().map(move |y| (r.x + k, y))).collect()),
            ("right", rings.flat_map(|k| down.clone().map(move |y| (r.right() - 1 - k, y))).collect()),
        ];
        for (side, pixels) in sides {
            let n = pixels.iter().filter(|p| stands_out(p)).count();
            assert!(n * 3 >= pixels.len(), "{id}: the cursor's {side} side: {n} of {} pixels", pixels.len());
        }
    }
}

/// Each size keeps its own record, so the Statistics box names the board
/// its figures are of.
#[test]
fn the_statistics_box_names_its_board() {
    let dir = tempfile::tempdir().unwrap();
    let expert = Settings { no_guess: true, ..Settings::preset(&PRESETS[2]) };
    for (settings, board) in [
        (Settings::beginner(), "Board: Beginner, 9 x 9, 10 mines"),
        (expert, "Board: Expert, 30 x 16, 99 mines, no guessing"),
        (Settings { width: 12, height: 10, mines: 20, no_guess: false }, "Board: custom, any size"),
    ] {
        let mut view = open(settings, dir.path(), 1);
        let Some(Response::Ask(stats)) = view.command(&Command::Stats) else { panic!("no Statistics box") };
        // The board's line comes last of the figures, then the game's number.
        assert_eq!(stats.lines[stats.lines.len() - 2..], [board, "Game number: 1"], "{:?}", stats.lines);
    }
}

/// Best Times names each board whole, the no-guess ones as the
/// Statistics box does ("Beginner, no guessing"), not under a heading of
/// their own that read as a fourth size; every line is set whole inside
/// the box on every machine, the Amiga PAL's 320 pixels too.
#[test]
fn best_times_name_each_board_whole_on_every_machine() {
    use parlour::core::{Outcome, Stats};
    use parlour::views::mines::BEST_TIMES;
    let dir = tempfile::tempdir().unwrap();
    let mut stats = Stats::default();
    let intermediate = Settings { no_guess: true, ..Settings::preset(&PRESETS[1]) };
    stats.game_mut(&intermediate.id()).record_game(Outcome::Won, 0, Some((99 * 60 + 59) * 1000), 10);
    stats.save(dir.path()).unwrap();
    let mut view = open(Settings::beginner(), dir.path(), 1);
    let Some(Response::Ask(req)) = view.command(&Command::View(BEST_TIMES)) else { panic!("no Best Times box") };
    let lines = [
        "Beginner: none",
        "Intermediate: none",
        "Expert: none",
        "Beginner, no guessing: none",
        "Intermediate, no guessing: 99:59",
        "Expert, no guessing: none",
    ];
    assert_eq!(req.lines, lines);
    for id in MachineId::ALL {
        let (m, _) = machine(id);
        let (frame, _) = m.chrome().requester_layout(m.look(), &req);
        let set = m.chrome().requester_lines(m.look(), &req);
        assert_eq!(set.iter().map(|(l, _)| l.as_str()).collect::<Vec<_>>(), lines, "{id}: a line was broken");
        for (line, r) in set {
            let w = m.chrome().requester_font(m.look()).text_width(&line) as i32;
            assert!(r.x + w <= frame.right(), "{id}: `{line}` runs out of the box");
        }
    }
}

/// No Guessing turned on during a game is for the next New Game: the game
/// under way is kept, and opening MineSweeper again brings it back where
/// it was, with the option still waiting on the panel; only New Game then
/// deals a no-guess board, counting the game given up.
#[test]
fn no_guessing_chosen_mid_game_waits_for_new_game_across_reopening() {
    use parlour::host::{self, Places};
    let data = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaDblPal);
    let entry = parlour::app::catalog::find("mines").unwrap();
    let places = Places { data_dir: data.path().to_path_buf(), ..parlour::app::catalog::places() };
    let opened = |seed: Option<u64>| {
        host::open(&entry, &places, &Opening { seed, fresh_seed: 7, ..Opening::default() }).unwrap()
    };
    let no_guess_checked = |view: &dyn View| {
        let menus = view.menus();
        menus.iter().find(|m| m.title == "Options").expect("an Options menu").items[0].checked
    };
    let frame = |view: &dyn View| {
        let mut s = m.new_surface();
        view.draw(&mut s, &m, area);
        s
    };
    let mut view = opened(Some(1));
    view.command(&Command::View(PRESET_COMMANDS[0]));
    for _ in 0..2 {
        view.input(&Input::Key { key: Key::Char(' '), mods: Modifiers::default() }, &m, area);
    }
    let under_way = frame(&*view);
    let moves = |view: &dyn View| view.fields().into_iter().find(|(k, _)| *k == "Moves").map(|(_, v)| v);
    let played = moves(&*view);
    assert!(played.as_deref().is_some_and(|n| n != "0"), "{played:?}");
    view.command(&Command::View(NO_GUESS));
    assert_eq!(view.message(), "Kept for the next New Game.");
    assert_eq!(view.game_id().as_deref(), Some("mines/beginner"));
    view.close();
    drop(view);

    let mut view = opened(None);
    assert_eq!(view.game_id().as_deref(), Some("mines/beginner"), "the game under way is opened");
    assert_eq!(view.message(), "Game restored and paused.");
    assert_eq!(moves(&*view), played);
    assert!(no_guess_checked(&*view), "No Guessing still waits for the next game");
    // The same field, as it was left (the cursor aside), once the game
    // resumed paused goes on.
    view.command(&Command::View(PAUSE));
    let again = frame(&*view);
    let l = parlour::views::mines::MinesLayout::new(area, m.look().text_font, m.look().title_font, Grid::new(9, 9));
    let same = |i: usize| {
        let r = l.square(i).inset(2, 2);
        (r.x..r.right()).all(|x| (r.y..r.bottom()).all(|y| under_way.colour_at(x, y) == again.colour_at(x, y)))
    };
    assert!((0..l.grid.len()).all(same), "every square looks as it did");
    // Turned off again, it only agrees with the game shown: nothing is dealt.
    view.command(&Command::View(NO_GUESS));
    assert_eq!(view.game_id().as_deref(), Some("mines/beginner"));
    assert!(!no_guess_checked(&*view));
    view.command(&Command::View(NO_GUESS));
    view.close();
    drop(view);
    let journal = std::fs::read_to_string(data.path().join("journals/mines-beginner.save")).unwrap();
    assert!(journal.contains("move open"), "the game's moves are kept: {journal}");

    // New Game deals by the panel, and the game given up counts as lost.
    let mut view = opened(None);
    assert_eq!(view.game_id().as_deref(), Some("mines/beginner"));
    if let Some(Response::Ask(_)) = view.command(&Command::New) {
        view.answer(0);
    }
    assert_eq!(view.game_id().as_deref(), Some("mines/beginner-no-guess"));
    let stats = parlour::core::Stats::load(data.path()).unwrap();
    let g = stats.game("mines/beginner").cloned().unwrap_or_default();
    assert_eq!((g.played, g.lost), (1, 1), "the game given up is counted");
    view.close();
    drop(view);
    // And the no-guess game is the one opened next.
    let view = opened(None);
    assert_eq!(view.game_id().as_deref(), Some("mines/beginner-no-guess"));
}

/// The keyboard cursor frames its square and leaves the inside as it is,
/// so the number under it stays readable on every machine, down to the
/// Amiga lores screen's Expert squares of ten pixels.
#[test]
fn the_keyboard_cursor_leaves_the_number_under_it_readable() {
    let data = tempfile::tempdir().unwrap();
    for id in MachineId::ALL {
        let (m, area) = machine(id);
        let mut view = open(Settings::preset(&PRESETS[2]), data.path(), 3);
        let grid = view.session().state().grid();
        let middle = grid.index(grid.width / 2, grid.height / 2);
        key(&mut view, &m, area, Key::Char(' '));
        key(&mut view, &m, area, Key::Char(' '));
        let st = view.session().state();
        assert!(st.number(middle).is_some_and(|n| n > 0), "{id}: seed 3 opens a number under the cursor");
        let drawn = |view: &MinesView| {
            let mut s = m.new_surface();
            view.draw(&mut s, &m, area);
            s
        };
        let framed = drawn(&view);
        // The mouse hides the cursor: the square as it is drawn bare.
        let l = MinesBoard::layout(st, &m, area);
        view.input(&Input::MouseMove { x: 0, y: 0 }, &m, area);
        view.input(&Input::MouseDown { x: area.x, y: area.bottom() - 1, button: Button::Left }, &m, area);
        view.input(&Input::MouseUp { x: area.x, y: area.bottom() - 1, button: Button::Left }, &m, area);
        let bare = drawn(&view);
        let r = l.square(middle);
        let ring = r.inset(-2, -2);
        let changed = (ring.x..ring.right())
            .flat_map(|x| (ring.y..ring.bottom()).map(move |y| (x, y)))
            .any(|(x, y)| framed.colour_at(x, y) != bare.colour_at(x, y));
        assert!(changed, "{id}: no cursor was drawn");
        let inside = r.inset(1, 1);
        for y in inside.y..inside.bottom() {
            for x in inside.x..inside.right() {
                assert_eq!(framed.colour_at(x, y), bare.colour_at(x, y), "{id}: the cursor covers ({x}, {y})");
            }
        }
    }
}

/// Each size keeps its own game, and none is ever written over uncounted:
/// a game left under way at one size (by opening another size by its id)
/// counts as lost when a new game at its size takes its place, and a game
/// already counted when it was left for another size is not counted
/// again.
#[test]
fn a_game_left_at_another_size_is_counted_once_when_replaced() {
    use parlour::host::{self, Places};
    let data = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::AmigaPal);
    let places = Places { data_dir: data.path().to_path_buf(), ..parlour::app::catalog::places() };
    let opened = |id: &str, seed: Option<u64>| {
        let entry = parlour::app::catalog::find(id).unwrap();
        host::open(&entry, &places, &Opening { seed, fresh_seed: 7, ..Opening::default() }).unwrap()
    };
    let space = Input::Key { key: Key::Char(' '), mods: Modifiers::default() };
    let played = |size: &str| {
        let stats = parlour::core::Stats::load(data.path()).unwrap();
        stats.game(&format!("mines/{size}")).map_or((0, 0), |g| (g.played, g.lost))
    };
    // Beginner under way; Expert opened by its id leaves it as it is.
    let mut view = opened("mines/beginner", Some(1));
    view.input(&space, &m, area);
    view.input(&space, &m, area);
    view.close();
    drop(view);
    let mut view = opened("mines/expert", None);
    assert_eq!(played("beginner"), (0, 0));
    // Back to Beginner from the menu: a new game there, the one left counted.
    view.command(&Command::View(PRESET_COMMANDS[0]));
    assert_eq!(view.game_id().as_deref(), Some("mines/beginner"));
    assert_eq!(played("beginner"), (1, 1), "the game written over is counted");
    // Under way again, given up for Expert (asked, and counted), and back:
    // it is not counted twice.
    view.input(&space, &m, area);
    view.input(&space, &m, area);
    if let Some(Response::Ask(_)) = view.command(&Command::View(PRESET_COMMANDS[2])) {
        view.answer(0);
    }
    assert_eq!(view.game_id().as_deref(), Some("mines/expert"));
    assert_eq!(played("beginner"), (2, 2));
    view.command(&Command::View(PRESET_COMMANDS[0]));
    assert_eq!(view.game_id().as_deref(), Some("mines/beginner"));
    assert_eq!(played("beginner"), (2, 2), "a game counted when left is not counted again");
    assert_eq!(played("expert"), (0, 0));
}

/// A game resumed under way waits paused, its clock stopped, until the
/// player presses Resume: its time is its score. The status line says it
/// waits ("Game restored and paused." said it went on, beside the Paused box).
/// A game left taken back to its start is under way too (its mines seen).
#[test]
fn a_game_resumed_under_way_waits_paused() {
    for back_to_start in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let (m, area) = machine(MachineId::AmigaPal);
        let mut view = open(Settings::beginner(), dir.path(), 2);
        let at = centre(&view, &m, area, 4, 4);
        press(&mut view, &m, area, at, &[Button::Left]);
        if back_to_start {
            view.command(&Command::BackToStart);
        }
        view.input(&Input::Tick { ms: 2000 }, &m, area);
        view.close();
        drop(view);
        let mut view = opening(Settings::beginner(), dir.path(), &Opening::default());
        assert_eq!(view.session().steps().len(), 2, "resumed");
        assert_eq!(view.message(), "Game restored and paused.", "back to start: {back_to_start}");
        view.input(&Input::Tick { ms: 3000 }, &m, area);
        assert_eq!(view.session().elapsed_ms(), 2000, "the clock waits");
        assert_eq!(pause_item(&view).label, "Resume");
        key(&mut view, &m, area, Key::Char('p'));
        view.input(&Input::Tick { ms: 1000 }, &m, area);
        assert_eq!(view.session().elapsed_ms(), 3000, "Resume starts it again");
    }
}

/// Resume ends "Game restored and paused.": once the game goes on the
/// status line no longer says it waits, as Tetris's goes blank on P,
/// whether P, the panel's button or Game > Resume resumed it.
#[test]
fn resume_takes_back_game_restored_and_paused() {
    let (m, area) = machine(MachineId::AmigaPal);
    for how in ["the P key", "the panel's button", "Game > Resume"] {
        let dir = tempfile::tempdir().unwrap();
        let mut view = open(Settings::beginner(), dir.path(), 2);
        let at = centre(&view, &m, area, 4, 4);
        press(&mut view, &m, area, at, &[Button::Left]);
        view.close();
        drop(view);
        let mut view = opening(Settings::beginner(), dir.path(), &Opening::default());
        assert_eq!(view.message(), "Game restored and paused.", "{how}");
        match how {
            "the P key" => {
                key(&mut view, &m, area, Key::Char('p'));
            }
            "the panel's button" => {
                let pause = MinesBoard::layout(view.session().state(), &m, area).pause;
                press(&mut view, &m, area, (pause.x + pause.w / 2, pause.y + pause.h / 2), &[Button::Left]);
            }
            _ => {
                view.command(&Command::View(PAUSE));
            }
        }
        view.input(&Input::Tick { ms: 3000 }, &m, area);
        assert_eq!(view.session().elapsed_ms(), 3000, "{how}: the game goes on");
        assert_eq!(view.message(), "", "{how}: the status line still says it waits");
    }
}

/// MineSweeper's clock, its score, stands still while a menu or a box is
/// open, as Tetris's falling piece does, on every machine.
#[test]
fn the_clock_stands_still_while_a_menu_or_a_box_is_open() {
    for id in MachineId::ALL {
        let opens_menu = if id == MachineId::Yazzle { "key alt+g" } else { "key F10" };
        for (opens, closes) in [(opens_menu, "key Escape"), ("menu Game > Best Times", "key Return")] {
            let data = tempfile::tempdir().unwrap();
            let script = format!("key Space\nkey Space\nwait 500\n{opens}\nwait 3000\n{closes}\nwait 500\n");
            shot_beginner_with_events(data.path(), id.name(), 3, &script);
            let journal = std::fs::read_to_string(data.path().join("journals/mines-beginner.save")).unwrap();
            assert!(journal.contains("elapsed-ms: 1000\n"), "{id}, {opens}: 1 s of play, not 4 s:\n{journal}");
        }
    }
}

/// Plays `script` on the beginner field of deal `seed` on `machine`, as
/// `parlour shot` does, keeping its journal in `data`.
fn shot_beginner_with_events(data: &std::path::Path, machine: &str, seed: u64, script: &str) {
    let out = data.join("shot.png").to_string_lossy().into_owned();
    let seed = seed.to_string();
    let args = ["shot", "mines/beginner", "--machine", machine, "--seed", &seed, "--events", "-", "-o", &out];
    super::support::run_fed_ok(data, &args, script);
}

/// YaZZle's Options button is not greyed for MineSweeper, whose options
/// are a menu (No Guessing) rather than a box: it pulls that menu down,
/// and Return there turns No Guessing on.
#[test]
fn the_options_button_pulls_down_the_options_menu() {
    let dir = tempfile::tempdir().unwrap();
    let (m, _) = machine(MachineId::Yazzle);
    let view = open(Settings::beginner(), dir.path(), 3);
    let mut driver = Driver::new(Shell::keeping_in(m, Box::new(view), 1, dir.path().to_path_buf()));
    assert!(driver.shell().can(&Command::Options), "the Options button is live");
    let (w, h) = (driver.frame().width() as i32, driver.frame().height() as i32);
    let chrome = driver.shell().machine().chrome();
    let button = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .find(|&(x, y)| chrome.button_at(x, y) == Some(Command::Options))
        .expect("the skin has an Options button");
    let before = driver.frame().clone();
    driver.feed(&[
        Input::MouseDown { x: button.0, y: button.1, button: Button::Left },
        Input::MouseUp { x: button.0, y: button.1, button: Button::Left },
    ]);
    assert_ne!(driver.frame(), &before, "the Options menu is down");
    driver.feed(&[Input::Key { key: Key::Enter, mods: Modifiers::default() }]);
    let options = driver.shell().menus().into_iter().find(|m| m.title == "Options").expect("an Options menu");
    assert!(options.items.iter().any(|i| i.label == "No Guessing" && i.checked), "{options:?}");
}

/// On a one-bit screen a flag under the keyboard cursor reads as a flag,
/// not a black blob: the cursor's middle ring is white, and the flag's
/// black, joined corner to corner, is a shape of its own inside the
/// square's face, clear of the stipple and of the cursor's frame.
#[test]
fn a_flag_under_the_keyboard_cursor_reads_at_one_bit() {
    let data = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::MacSe30);
    let mut view = open(Settings::preset(&PRESETS[2]), data.path(), 3);
    for k in [Key::Char(' '), Key::Char(' '), Key::Right, Key::Char('f')] {
        key(&mut view, &m, area, k);
    }
    let st = view.session().state();
    let grid = st.grid();
    let flagged = grid.index(grid.width / 2 + 1, grid.height / 2);
    assert_eq!(st.flags_left(), 98, "seed 3 flags the square right of the middle");
    let r = MinesBoard::layout(st, &m, area).square(flagged);
    let drawn = |view: &MinesView| {
        let mut s = m.new_surface();
        view.draw(&mut s, &m, area);
        s
    };
    let s = drawn(&view);
    // The same square unflagged, under the cursor still: what the flag adds.
    key(&mut view, &m, area, Key::Char('f'));
    let unflagged = drawn(&view);
    let black = m.look().paint(Pen::Text).value_at(0, 0);
    let is_black = |(x, y): (i32, i32)| s.get(x, y) == Some(black);
    let gap = r.inset(-1, -1);
    let mut gap_ring = (gap.x..gap.right())
        .flat_map(|x| [(x, gap.y), (x, gap.bottom() - 1)])
        .chain((gap.y..gap.bottom()).flat_map(|y| [(gap.x, y), (gap.right() - 1, y)]));
    assert!(gap_ring.all(|p| !is_black(p)), "the cursor's middle ring is black: one slab with its frame");
    // The black shapes the flag starts inside the face, each as far as it runs.
    let face = r.inset(1, 1);
    let shape_from = |start: (i32, i32)| {
        let mut shape = vec![start];
        let mut next = 0;
        while next < shape.len() {
            let (x, y) = shape[next];
            next += 1;
            for p in (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (x + dx, y + dy))) {
                if gap.contains(p.0, p.1) && is_black(p) && !shape.contains(&p) {
                    shape.push(p);
                }
            }
        }
        shape
    };
    let flag = (face.y..face.bottom())
        .flat_map(|y| (face.x..face.right()).map(move |x| (x, y)))
        .filter(|&(x, y)| is_black((x, y)) && unflagged.get(x, y) != Some(black))
        .map(shape_from)
        .max_by_key(Vec::len)
        .unwrap_or_default();
    assert!(flag.len() >= 10, "no flag drawn: {flag:?}");
    assert!(flag.iter().all(|&(x, y)| face.contains(x, y)), "the flag runs into its surroundings: {flag:?}");
    // Its pennant is broad, three rows of three pixels or more, where a 1
    // (black on an open square, as the flag is in its halo) has a thin
    // nick: Expert's small flag read as a 1.
    let broad_rows = |ink: &[(i32, i32)]| {
        let top = ink.iter().map(|p| p.1).min().unwrap_or(0);
        (top..top + 4).filter(|&y| ink.iter().filter(|p| p.1 == y).count() >= 3).count()
    };
    assert!(broad_rows(&flag) >= 3, "a thin pennant: {flag:?}");
    let st = view.session().state();
    let one = (0..grid.len()).find(|&i| st.square(i) == Square::Open && st.number(i) == Some(1)).expect("a 1");
    let face = MinesBoard::layout(st, &m, area).square(one).inset(1, 1);
    let digit: Vec<(i32, i32)> = (face.y..face.bottom())
        .flat_map(|y| (face.x..face.right()).map(move |x| (x, y)))
        .filter(|&p| unflagged.get(p.0, p.1) == Some(black))
        .collect();
    assert!(!digit.is_empty() && broad_rows(&digit) < 3, "the 1 is drawn otherwise: {digit:?}");
}

/// The keys that win the game on `view` from the keyboard, played on it
/// to find them: the first shows the cursor in the middle, the second
/// opens that square, then the cursor goes along every row and Space opens
/// each square without a mine still covered, until the game is won.
fn keys_that_win(view: &mut MinesView, m: &Machine, area: Rect) -> Vec<Key> {
    let mut keys = vec![Key::Char(' '), Key::Char(' ')];
    keys.iter().for_each(|&k| drop(key(view, m, area, k)));
    let grid = view.session().state().grid();
    let mut at = grid.xy(grid.index(grid.width / 2, grid.height / 2));
    for i in 0..grid.len() {
        let (x, y) = grid.xy(i);
        let way = |from: usize, to: usize, less, more| {
            std::iter::repeat_n(if to < from { less } else { more }, from.abs_diff(to))
        };
        let st = view.session().state();
        if st.is_mine(i) || !matches!(st.square(i), Square::Covered(_)) {
            continue;
        }
        let mut steps: Vec<Key> = way(at.0, x, Key::Left, Key::Right).chain(way(at.1, y, Key::Up, Key::Down)).collect();
        at = (x, y);
        steps.push(Key::Char(' '));
        for k in steps {
            key(view, m, area, k);
            keys.push(k);
        }
        if view.session().state().status() == Status::Won {
            return keys;
        }
    }
    panic!("the keys did not win the game");
}

/// A game won from the keyboard brings up the box at its end while the
/// player may still be pressing the game's keys: an arrow and a Space
/// pressed into it never reach New Game (the arrows move between its
/// buttons only once Tab has), so the won game stays on the table.
#[test]
fn the_game_s_keys_pressed_into_the_box_at_its_end_never_deal_the_next_game() {
    let (shadow_dir, dir) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (m, area) = machine(MachineId::Yazzle);
    let keys = keys_that_win(&mut open(Settings::beginner(), shadow_dir.path(), 5), &m, area);
    let view = Box::new(open(Settings::beginner(), dir.path(), 5));
    let mut d = Driver::new(Shell::keeping_in(machine(MachineId::Yazzle).0, view, 5, dir.path().to_path_buf()));
    let press = |k: Key| Input::Key { key: k, mods: Modifiers::default() };
    d.feed(&keys.into_iter().map(press).collect::<Vec<_>>());
    let won = d.shell().requester().cloned().expect("no box at the win");
    assert_eq!((won.title.as_str(), won.buttons.clone()), ("You won!", vec!["OK".to_string(), "New Game".into()]));
    let cleared = d.shell().message();
    assert!(cleared.starts_with("Cleared!"), "{cleared}");
    for k in [Key::Right, Key::Char(' '), Key::Left, Key::Char(' '), Key::Down, Key::Right, Key::Char(' ')] {
        d.feed(&[press(k)]);
        assert_eq!(d.shell().requester(), Some(&won), "{k:?} answered the box");
    }
    // Tab goes to the buttons, and then the arrows move along them: Left
    // comes back to OK, which Space presses, leaving the won game.
    d.feed(&[press(Key::Tab), press(Key::Left), press(Key::Char(' '))]);
    assert_eq!(d.shell().requester(), None);
    assert_eq!(d.shell().message(), cleared, "the won game left the table");
}

/// The field sizes' chooser (the YaZZle skin's Game Types button) lists
/// them easiest first, as the Game menu does, not by name, which put
/// "Beginner (no guessing)" before Intermediate and Expert before
/// Intermediate. Down from Beginner reaches Intermediate, then Expert.
#[test]
fn the_field_sizes_are_listed_easiest_first() {
    let data = tempfile::tempdir().unwrap();
    let machine =
        Machine::new(&MachineChoice { id: Some(MachineId::Yazzle), ..Default::default() }, MachineId::Yazzle).unwrap();
    let mut d = Driver::new(Shell::launcher_keeping_in(machine, 1, data.path().to_path_buf()));
    d.command(&Command::Play("mines".into()));
    let ticked = |d: &Driver| {
        let menus = d.shell().menus();
        let game = menus.iter().find(|m| m.title == "Game").expect("a Game menu");
        let presets = game.items.iter().filter(|i| PRESET_COMMANDS.iter().any(|c| i.command == Command::View(*c)));
        presets.filter(|i| i.checked).map(|i| i.label.clone()).collect::<Vec<_>>()
    };
    assert_eq!(ticked(&d), ["Beginner"]);
    let down = Input::Key { key: Key::Down, mods: Modifiers::default() };
    let mut chosen = Vec::new();
    for _ in 0..2 {
        d.command(&Command::Variants);
        d.feed(std::slice::from_ref(&down));
        d.command(&Command::View(parlour::views::OPEN_SELECTED));
        chosen.extend(ticked(&d));
    }
    assert_eq!(chosen, ["Intermediate", "Expert"]);
}

/// The board's keyboard cursor hides while the keys go to a number box
/// (Tab), and shows again once Tab has gone through the boxes back to the
/// board: the player sees where the keys go.
#[test]
fn the_cursor_hides_while_a_number_box_takes_the_keys() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::Yazzle);
    let mut view = open(Settings::preset(&PRESETS[0]), dir.path(), 3);
    let square = |view: &MinesView| {
        let l = MinesBoard::layout(view.session().state(), &m, area);
        let r = l.square(l.grid.index(l.grid.width / 2, l.grid.height / 2)).inset(-2, -2);
        let mut s = m.new_surface();
        view.draw(&mut s, &m, area);
        (r.y..r.bottom())
            .flat_map(|y| (r.x..r.right()).map(move |x| (x, y)))
            .map(|(x, y)| s.get(x, y))
            .collect::<Vec<_>>()
    };
    let bare = square(&view);
    key(&mut view, &m, area, Key::Right);
    let shown = square(&view);
    assert!(shown != bare, "the cursor shows");
    key(&mut view, &m, area, Key::Tab);
    assert!(square(&view) == bare, "the cursor shows while a number box takes the keys");
    for _ in 0..3 {
        key(&mut view, &m, area, Key::Tab);
    }
    assert!(square(&view) == shown, "the cursor is not back with the keys");
}

/// A field taken back to its start and begun at another box is another
/// field, its mines placed anew: the game left is given up for it, as New
/// Game would give it up, counted as lost and said so, so that Back to
/// Start is no way out of a guess uncounted. The new game counts on its own.
#[test]
fn a_field_begun_again_at_another_box_counts_the_game_left_as_lost() {
    let dir = tempfile::tempdir().unwrap();
    let (m, area) = machine(MachineId::Yazzle);
    let mut view = open(Settings::beginner(), dir.path(), 5);
    let (middle, corner) = (centre(&view, &m, area, 4, 4), centre(&view, &m, area, 0, 8));
    press(&mut view, &m, area, middle, &[Button::Left]);
    view.command(&Command::BackToStart);
    let played =
        |dir: &Path| parlour::core::Stats::load(dir).unwrap().game("mines/beginner").map(|g| (g.played, g.lost));
    assert_eq!(played(dir.path()), None, "taken back, not yet left");
    // The same first box deals the same field: the game goes on.
    press(&mut view, &m, area, middle, &[Button::Left]);
    assert_eq!(played(dir.path()), None, "the same field again");
    view.command(&Command::BackToStart);
    press(&mut view, &m, area, corner, &[Button::Left]);
    assert_eq!(played(dir.path()), Some((1, 1)), "the field left counts as lost");
    assert!(view.message().starts_with("The game left was counted as lost."), "{:?}", view.message());
    assert_eq!(view.session().move_count(), 1, "the new field's first box is open");
    // A flag placed before the first box, after Back to Start, drops the
    // field played as well: the game left counts then, and the box
    // opened next goes on with the game the flag began.
    view.command(&Command::BackToStart);
    press(&mut view, &m, area, middle, &[Button::Right]);
    assert_eq!(played(dir.path()), Some((2, 2)), "the field dropped by a flag counts as lost");
    press(&mut view, &m, area, corner, &[Button::Left]);
    assert_eq!(played(dir.path()), Some((2, 2)), "counted once");
    assert_eq!(view.session().move_count(), 2, "the flag and the box, one game");
}
